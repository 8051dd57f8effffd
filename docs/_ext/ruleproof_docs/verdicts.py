"""What each verdict label means, shown wherever a page prints one.

A ``:rp-badge:`sat``` label carries its meaning as a tooltip and, in the HTML
site, links to the definitions on the findings overview
(``games/findings.html#verdicts``), so a rule page that lists its findings
with ``sat`` or ``unsat`` never leaves the words undefined.

>>> meaning("unsat").startswith("refuted")
True
>>> meaning("no such verdict")
''
>>> css_class("not applicable")
'rp-notapplicable'
"""

from __future__ import annotations

import re

#: The docname and anchor of the definitions section.
DEFINITIONS_DOC = "games/findings"
DEFINITIONS_ANCHOR = "verdicts"

#: Verdict → its meaning, in the order the definitions list them.
MEANINGS: dict[str, str] = {
    "sat": "satisfiable: an example exists. The solver or the search found a witness (a position or a game that "
           "answers the question), drawn and replayable on the finding's page.",
    "unsat": "refuted within the stated bounds: no example exists there. For the bounds given with the finding this "
             "is a proof, and a second solver (cvc5) re-decides it on request.",
    "unknown": "the solver gave up within its deterministic resource limit. Never a proof either way.",
    "not applicable": "the question does not arise under the reading the audit ran with.",
    "pass": "the audit's verdict is the one the findings manifest expects.",
    "fail": "the audit's verdict differs from the one the findings manifest expects (a failure, exit 1).",
}


def meaning(verdict: str) -> str:
    """The meaning of ``verdict`` (empty for a label that is not a verdict)."""
    return MEANINGS.get(verdict.strip(), "")


def css_class(verdict: str) -> str:
    """The CSS class that colours a verdict's label."""
    return "rp-" + re.sub(r"[^a-z]", "", verdict.lower())
