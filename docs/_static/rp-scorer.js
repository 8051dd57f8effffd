/* Search ranking for ruleproof: a rule, ambiguity or finding id (an object of
   type std:rp-rule, priority 1) ranks above pages that merely mention it, so
   searching "T5-PLACE-2" lands on the rule's own anchor first. */
var Scorer = {
  score: function (result) {
    var kind = result[6];
    return kind === "object" ? result[4] + 40 : result[4];
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
