"""Finding records: the answers the checkers give to named questions about a rulebook.

A finding is three-valued. ``sat`` means a witness exists and comes with the
finding (a board, a move sequence); ``unsat`` means the question was refuted
exhaustively or by the solver — a proof, within the stated bounds; ``unknown``
means the solver or the search gave up, with the reason. Unknown is never a
proof. ``not applicable`` means the question cannot be asked under the reading
in force (its encoding fixes a flag the reading changes, or it cannot see the
reading's extra rules); the answer says why.

Each game keeps a manifest of expected verdicts in
``checkers/data/findings/<game>.json``; the audit compares every fresh verdict
with it, and the tests pin the manifest down.

>>> f = Finding("DEMO-F-1", "take5", "Can a row hold six cards?", "unsat", "No: the sixth card takes the row.",
...             rule_ids=("T5-SIX-1",), seconds=0.01, method="z3")
>>> f.summary()
'unsat (z3, 0.01 s): No: the sixth card takes the row.'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

NOT_APPLICABLE = "not applicable"
VERDICTS = ("sat", "unsat", "unknown", NOT_APPLICABLE)


@dataclass(frozen=True)
class Finding:
    """The answer to one catalogue question.

    :param verdict: ``sat`` (witness found), ``unsat`` (proved impossible
        within ``bounds``) or ``unknown`` (gave up; see ``reason``).
    :param answer: one or two sentences a rule designer can read.
    :param witness: JSON data that replays (boards, move sequences, records).
    :param rule_ids: the rules the question concerns (an unsat core, where
        the solver gives one).
    :param method: ``z3``, ``exhaustive``, ``random`` or ``analysis``.
    :param bounds: the assumptions and sizes under which an ``unsat`` holds.
    :param picture: a text picture of the witness, for terminals.
    """

    id: str
    game: str
    question: str
    verdict: str
    answer: str
    witness: Any = None
    rule_ids: tuple[str, ...] = ()
    seconds: float = 0.0
    method: str = "z3"
    bounds: str = ""
    reason: str = ""
    picture: str = ""
    expected: str | None = field(default=None, compare=False)
    #: The reading the question was asked under ("" for the default reading).
    reading: str = ""

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}; got {self.verdict!r}")

    @property
    def audit_verdict(self) -> str:
        """``pass`` when the verdict matches the manifest, ``unknown`` when the
        solver gave up, else ``fail``."""
        if self.verdict in ("unknown", NOT_APPLICABLE):
            return self.verdict
        if self.expected is None or self.expected == self.verdict:
            return "pass"
        return "fail"

    def summary(self) -> str:
        """One line: verdict, method, time and the answer."""
        text = f"{self.verdict} ({self.method}, {self.seconds:.2f} s): {self.answer}"
        if self.verdict == "unknown" and self.reason:
            text += f" [gave up: {self.reason}]"
        return text

    def to_json(self) -> dict[str, Any]:
        """The finding as JSON-ready data."""
        return {
            "id": self.id, "game": self.game, "question": self.question, "verdict": self.verdict,
            "expected": self.expected, "answer": self.answer, "witness": self.witness,
            "rule_ids": list(self.rule_ids), "seconds": round(self.seconds, 3), "method": self.method,
            "bounds": self.bounds, "reason": self.reason, "picture": self.picture, "reading": self.reading,
        }


def _manifest_file(name: str) -> dict[str, Any]:
    try:
        text = resources.files("ruleproof.checkers").joinpath("data", "findings", f"{name}.json").read_text("utf-8")
    except FileNotFoundError:
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


def load_manifest(game: str) -> dict[str, str]:
    """The expected verdict of each finding id of ``game`` (empty when none is recorded)."""
    return {str(k): str(v["expected"] if isinstance(v, dict) else v) for k, v in _manifest_file(game).items()}


#: The manifest the well-formedness questions (``WF-``) of every game share.
WELLFORMED_MANIFEST = "wellformed"


def manifest_entry(game: str, finding_id: str) -> tuple[str | None, str]:
    """``(expected verdict, note)`` of a finding under the default reading: from ``<game>.json``, else (a
    ``WF-`` question) from ``wellformed.json``; ``(None, "")`` when none is recorded.

    >>> manifest_entry("cinco", "WF-CI-1")[0]
    'sat'
    >>> manifest_entry("take5", "NO-SUCH-ID")
    (None, '')
    """
    for name in (game, WELLFORMED_MANIFEST):
        entry = _manifest_file(name).get(finding_id)
        if entry is not None:
            if isinstance(entry, dict):
                return str(entry["expected"]), str(entry.get("note", ""))
            return str(entry), ""
    return None, ""
