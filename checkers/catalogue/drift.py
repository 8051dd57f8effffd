"""Drift: a fresh finding compared with its manifest verdict, never a crash and never a silent "ok".

The manifests (``checkers/data/findings/*.json``) record what each catalogue
question answered when the rules were last read correctly. When a rule drifts
(a misreading enters the spec, the engine or both), a finding can change its
verdict, fall from a proof or a witness to ``unknown``, or keep its verdict with
a witness that no longer replays. :func:`check_question` asks a question and
turns each of these into an audit verdict ``fail`` with the reason:

- the verdict differs from the manifest (``sat`` ↔ ``unsat``);
- the manifest expects ``sat`` or ``unsat`` and the question gave up
  (``unknown``): a lost result is drift, not a pass;
- under the default reading the question has no manifest verdict;
- a ``sat`` witness does not replay under the reading it was asked under (the
  question's ``replay``);
- the question raised (for example a stored witness that no longer fits the
  rules makes the engine refuse a move): reported with the exception's type
  and message.

Under a reading that changes the question's input the manifest does not apply
(``Finding.expected`` is ``None``); the finding's own verdict stands and an
``unknown`` stays ``unknown``.

>>> from ruleproof.checkers.catalogue.findings import Finding
>>> f = Finding("DEMO-F-1", "take5", "?", "unknown", "gave up", reason="rlimit", expected="unsat")
>>> compare(f)
('fail', 'drift: the manifest expects unsat, the question now gives up (unknown: rlimit)')
>>> compare(Finding("DEMO-F-2", "take5", "?", "sat", "yes", expected="unsat"))
('fail', 'drift: the manifest expects unsat, the question now answers sat')
>>> compare(Finding("DEMO-F-3", "take5", "?", "unsat", "no", expected="unsat"))
('pass', '')
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ruleproof.checkers.catalogue.defects import DRIFT, judge
from ruleproof.checkers.catalogue.findings import NOT_APPLICABLE, Finding
from ruleproof.checkers.catalogue.questions import Question


@dataclass(frozen=True)
class Checked:
    """A question's finding (``None`` when the question raised) with its audit verdict and the reason."""

    question: Question
    finding: Finding | None
    verdict: str
    reason: str
    seconds: float
    #: The finding's status (:data:`ruleproof.checkers.catalogue.defects.STATUSES`): answered with no
    #: defect, defect found, defect accepted, drift, unknown or not applicable.
    status: str = ""
    #: The defect the finding reveals, found or accepted ("" when none).
    defect: str = ""
    #: The drift found (a changed verdict, a lost result, a witness that does not replay; "" when none).
    drift: str = ""

    @property
    def detail(self) -> str:
        """One line for the audit table: the drift reason first, then the finding's summary."""
        summary = self.finding.summary() if self.finding is not None else ""
        if self.reason and summary:
            return f"{self.reason} — {summary}"
        return self.reason or summary

    def to_json(self) -> dict[str, Any]:
        """The finding as JSON-ready data, with the drift reason (``drift``, empty when none)."""
        data = self.finding.to_json() if self.finding is not None else {
            "id": self.question.id, "game": self.question.game, "question": self.question.question,
            "verdict": None, "expected": self.question.expected_verdict()}
        data["drift"] = self.drift
        data["status"] = self.status
        data["defect"] = self.defect
        return data


def compare(finding: Finding, *, default_reading: bool | None = None) -> tuple[str, str]:
    """The audit verdict of ``finding`` against its manifest verdict (``finding.expected``), and why.

    :param default_reading: whether the finding was asked under the default
        reading (where a missing manifest verdict is itself a failure);
        ``None`` reads it from ``finding.reading`` (empty for the default).
    """
    expected = finding.expected
    got = finding.verdict
    default = (not finding.reading) if default_reading is None else default_reading
    if expected is None:
        if default and got != NOT_APPLICABLE:
            return "fail", f"no manifest verdict for {finding.id}: record one in checkers/data/findings/"
        return (got, "") if got in ("unknown", NOT_APPLICABLE) else ("pass", "")
    if got == expected:
        return "pass", ""
    if got == "unknown":
        why = f": {finding.reason}" if finding.reason else ""
        return "fail", f"drift: the manifest expects {expected}, the question now gives up (unknown{why})"
    return "fail", f"drift: the manifest expects {expected}, the question now answers {got}"


def replay_problem(question: Question, finding: Finding, reading: Any = None) -> str | None:
    """Why ``finding``'s ``sat`` witness does not replay under ``reading`` (``None``: it replays, or no replay exists)."""
    if finding.verdict != "sat" or question.replay is None:
        return None
    if reading is None:
        from ruleproof.model.io.readings import default_reading

        reading = default_reading(question.game)
    try:
        return question.replay(finding, question.asked_under(reading))
    except Exception as exc:  # a witness that no longer fits the rules may make the engine raise anything
        return f"replaying raised {type(exc).__name__}: {exc}"


def check_question(question: Question, full: bool = False, reading: Any = None,
                   allow: Iterable[str] = ()) -> Checked:
    """Ask ``question`` under ``reading``, compare the answer with the manifest (see the module docstring) and
    judge whether it reveals a defect (:func:`ruleproof.checkers.catalogue.defects.judge`: a defect found is a
    ``fail`` unless the manifest records it as the rulebook's or ``allow`` names the question)."""
    start = time.perf_counter()
    try:
        finding = question.ask(full, reading)
    except Exception as exc:  # the audit reports every failure as a row; a crash would hide the other findings
        why = (f"drift: {question.id} raised {type(exc).__name__}: {exc} (a stored witness or encoding that no "
               "longer fits the rules?)")
        return Checked(question, None, "fail", why, time.perf_counter() - start, DRIFT, drift=why)
    default = reading is None or bool(getattr(reading, "is_default", False))
    verdict, reason = compare(finding, default_reading=default)
    if verdict == "pass":
        problem = replay_problem(question, finding, reading)
        if problem is not None:
            verdict, reason = "fail", f"drift: the witness of {question.id} no longer replays: {problem}"
    judged = judge(question, finding, verdict, reason, reading, allow)
    return Checked(question, finding, judged.verdict, judged.reason, finding.seconds or (time.perf_counter() - start),
                   judged.status, judged.defect, reason)
