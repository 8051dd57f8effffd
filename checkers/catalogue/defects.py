"""Which answer of a catalogue question reveals a defect of the rules, and when a defect is accepted.

Every catalogue answer is a fact about the rules; some facts are defects: a
reachable state in which the one to act has no legal move, a game that need
not end, a seat that can never win, two rules that give no or contradictory
instructions. Each question declares which verdict is a defect
(:attr:`Question.defect_when <ruleproof.checkers.catalogue.questions.Question.defect_when>`,
else the table :data:`DECLARED`, by id): ``"sat"``, ``"unsat"``, or ``""``
for a question none of whose answers is a defect (a measurement, a bound, a
comparison of two readings, a remark of the text checked). The declaration is
never guessed from the question's wording; a question without one fails the
catalogue's tests.

The audit gives each finding one :data:`STATUSES` entry:

* ``answered, no defect`` — a proof or a witness, and not a defect;
* ``defect found`` — the answer is the declared defect, under the reading's own
  rules: the audit fails (exit 1), and the row carries the witness;
* ``defect accepted`` — a defect that is a known fact of the rulebook (the
  manifest, ``checkers/data/findings/*.json``, records that verdict as the
  default reading's answer: Cinco's draw cycle WF-CI-1, with its ambiguity
  CI-AMB-10; the tie of the professional variant T5-F-4), or one the user
  allows (``ruleproof audit --allow WF-T5-2``); the row says which, and why;
* ``drift`` — the answer differs from the manifest (default reading), or the
  question raised, or its witness does not replay;
* ``unknown`` — the solver or search gave up (never a proof, never a pass);
* ``not applicable`` — the question's subject does not exist under the reading.

A defect answered by a what-if (a question that pins a flag to a value the
reading does not have, such as "with the professional variant, ...") is a
fact about that other reading, not the reading's own defect: its status is
``answered, no defect`` (the question's text names the flags it pins).

>>> from ruleproof.checkers.catalogue.findings import Finding
>>> from ruleproof.checkers.catalogue.questions import Question
>>> from ruleproof.model.io.readings import default_reading
>>> q = Question("DEMO-D", "take5", "Dead end?", (), lambda full: None, defect_when="sat", defect="a dead end")
>>> found = Finding("DEMO-D", "take5", "Dead end?", "sat", "yes: 8 dead ends", reading="house")
>>> j = judge(q, found, "pass", "", default_reading("take5"))
>>> j.status, j.verdict
('defect found', 'fail')
>>> judge(q, found, "pass", "", default_reading("take5"), allow=("demo-d",)).status
'defect accepted'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ruleproof.checkers.catalogue.findings import NOT_APPLICABLE, Finding, manifest_entry

NO_DEFECT = "answered, no defect"
DEFECT_FOUND = "defect found"
DEFECT_ACCEPTED = "defect accepted"
DRIFT = "drift"
UNKNOWN = "unknown"
#: The status of a finding in the audit, in the order summaries list them.
STATUSES: tuple[str, ...] = (NO_DEFECT, DEFECT_FOUND, DEFECT_ACCEPTED, DRIFT, UNKNOWN, NOT_APPLICABLE)


@dataclass(frozen=True)
class Defect:
    """Which verdict of a question is a defect (``when``: ``"sat"``, ``"unsat"``, ``""`` for none) and what
    the defect is (``what``, said when it is found)."""

    when: str
    what: str = ""

    def __post_init__(self) -> None:
        if self.when not in ("sat", "unsat", ""):
            raise ValueError(f"a defect verdict is 'sat', 'unsat' or '' (none); got {self.when!r}")
        if self.when and not self.what:
            raise ValueError("a defect verdict needs a description (what)")


_NEVER_ENDS = "a game that need not end"
_DEAD_END = "a reachable state in which the one to act has no legal move (a dead end)"
_NO_WIN = "a seat that cannot win"
_TIE = "a card equally close to two row ends: the placement rule does not say which row takes it"
_GAP = "the 'no free disc on either side' gap: the take rule gives no instruction"
_NONE = Defect("")


def _cinco() -> dict[str, Defect]:
    """Cinco's questions come in fours per layout and colour count (CI-F-1 to CI-F-16): fewest chips on a
    dead board, fewest by position alone (measurements), a position from which the text's rules never end
    (a defect), and a colour running out of chips without a win (the text's own draw, not a defect)."""
    kinds = (_NONE, _NONE, Defect("sat", "a position from which the game, under the text's rules, can never end"),
             _NONE)
    return {f"CI-F-{n}": kinds[(n - 1) % 4] for n in range(1, 17)}


#: The defect declaration of each question registered without one (the game modules' own questions; a
#: question may declare ``defect_when`` itself, which wins). Measurements, bounds, comparisons of two
#: readings and checks of the text's remarks and examples are ``""``: no answer of theirs is a defect.
DECLARED: dict[str, Defect] = {
    # Take 5: only the placement tie is a conflict of rules; the rest are maxima, bounds and comparisons.
    "T5-F-1": _NONE, "T5-F-2": _NONE,
    "T5-F-3": Defect("sat", _TIE), "T5-F-4": Defect("sat", _TIE),
    "T5-F-5": _NONE, "T5-F-6": _NONE, "T5-F-7": _NONE, "T5-F-8": _NONE,
    # Big Five: a legal play leaving a line the line rules forbid is a conflict of rules; a four-card play
    # with no line of five breaks the rule the text states for four cards.
    "BF-F-1": Defect("sat", "a legal play that leaves a line the line rules forbid (the rules conflict)"),
    "BF-F-2": _NONE, "BF-F-3": _NONE,
    "BF-F-4": Defect("sat", "a legal four-card play that forms no line of five (the rules conflict)"),
    "BF-F-5": _NONE, "BF-F-6": _NONE, "BF-F-7": _NONE, "BF-F-8": _NONE,
    # BigPoints: the no-free-disc gap is a rule that gives no instruction; BP-F-2 lists positions on short
    # paths (a configuration, not a yes/no about the reading); the rest are lengths and scores.
    "BP-F-1": Defect("sat", _GAP), "BP-F-2": _NONE, "BP-F-3": Defect("sat", _GAP),
    "BP-F-4": _NONE, "BP-F-5": _NONE, "BP-F-6": _NONE,
    # Ikebana: a dry finite bank is a case the payment rule does not cover; drawing that deadlocks is a dead end.
    "IK-F-1": _NONE, "IK-F-2": _NONE,
    "IK-F-3": Defect("sat", "the finite bank runs dry: the payment rule has no coins to pay"),
    "IK-F-4": _NONE,
    "IK-F-5": Defect("sat", "drawing deadlocks while someone still needs cards (a dead end)"),
    **_cinco(),
}

#: The well-formedness questions' declarations, by the kind of question (``WF-<game>-<kind>``).
WELLFORMED: dict[str, Defect] = {"1": Defect("sat", _NEVER_ENDS), "2": Defect("sat", _DEAD_END),
                                 "3": Defect("unsat", _NO_WIN)}


def declared(question: Any) -> Defect | None:
    """The question's defect declaration: its own ``defect_when``, else :data:`DECLARED`; ``None`` if neither.

    >>> from ruleproof.checkers.catalogue.questions import Question
    >>> declared(Question("T5-F-3", "take5", "?", (), lambda full: None)).when
    'sat'
    >>> declared(Question("NEW-1", "take5", "?", (), lambda full: None)) is None
    True
    """
    if question.defect_when is not None:
        return Defect(question.defect_when, question.defect)
    return DECLARED.get(question.id)


def defect_in(question: Any, finding: Finding, reading: Any) -> str | None:
    """What defect ``finding`` reveals in ``reading``'s own rules (``None``: none; a what-if's is not)."""
    declaration = declared(question)
    if declaration is None or not declaration.when or finding.verdict != declaration.when:
        return None
    if question.is_what_if(reading):
        return None
    return declaration.what


@dataclass(frozen=True)
class Judgement:
    """A finding's status (:data:`STATUSES`), its audit verdict (``pass``/``fail``/...) and why."""

    status: str
    verdict: str
    reason: str
    #: The defect the finding reveals ("" when none), whether it is found or accepted.
    defect: str = ""


def _allowed(question_id: str, allow: Iterable[str]) -> bool:
    return question_id.upper() in {a.upper() for a in allow}


def judge(question: Any, finding: Finding, verdict: str, reason: str, reading: Any,
          allow: Iterable[str] = ()) -> Judgement:
    """The status of ``finding`` (``question`` asked under ``reading``), given the drift check's audit
    ``verdict`` and ``reason`` (:func:`ruleproof.checkers.catalogue.drift.compare` and the witness replay).

    See the module docstring: a defect is a failure unless the manifest records it as the rulebook's known
    fact or ``allow`` names the question.
    """
    if reading is None:
        from ruleproof.model.io.readings import default_reading

        reading = default_reading(question.game)
    what = defect_in(question, finding, reading)
    if what is None:
        if verdict == "fail":
            return Judgement(DRIFT, verdict, reason)
        if finding.verdict in (UNKNOWN, NOT_APPLICABLE):
            return Judgement(finding.verdict, verdict, reason)
        return Judgement(NO_DEFECT, verdict, reason)
    # A failure other than the verdict itself (a witness that does not replay) stays a failure.
    broken = verdict == "fail" and not reason.startswith("drift: the manifest")
    expected, note = manifest_entry(question.game, question.id)
    if expected == finding.verdict:
        known = f"defect accepted, a known fact of the rulebook: {what}" + (f" ({note})" if note else "")
        return Judgement(DEFECT_ACCEPTED, "fail" if broken else "pass", known + (f"; {reason}" if broken else ""),
                         what)
    if _allowed(question.id, allow):
        allowed = f"defect accepted by --allow {question.id}: {what}"
        return Judgement(DEFECT_ACCEPTED, "fail" if broken else "pass", allowed + (f"; {reason}" if broken else ""),
                         what)
    where = "" if reading.is_default else f" under {reading.describe()}"
    text = f"defect found{where}: {what} (--allow {question.id} accepts it)"
    return Judgement(DEFECT_FOUND, "fail", text + (f"; {reason}" if reason else ""), what)
