"""Which catalogue verdicts change between two readings: the questions re-run under A and under B.

A question depends on the flags it declares (:attr:`Question.flags` and the
flags its encoding fixes, :attr:`Question.fixed`); a question that declares
nothing may depend on any flag. :func:`catalogue_changes` asks every question
that depends on a flag set differently in the two readings (every question,
when a reading adds extra rules or a derived engine, which may change
anything) under A and under B, and reports each with both verdicts, answers
and witnesses. A question that cannot be asked under a reading says so
(verdict ``not applicable`` with the reason), which is a change too.

The expensive part of a question (the solver run or the search) runs once per
distinct input: a question that does not take the reading (its encoding is
fixed) is solved once, and only its applicability and the replay of its
witness are checked per reading.

>>> from ruleproof.model.io.readings import reading_from_flags
>>> a, b = reading_from_flags("bigfive", []), reading_from_flags("bigfive", ["bonus=publisher"])
>>> [q.id for q in questions_to_rerun(a, b)]
['BF-F-2', 'BF-F-3']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.questions import Question, questions
from ruleproof.model.io.readings import Reading
from ruleproof.spec.core import variant_to_dict

__all__ = ["CatalogueChange", "catalogue_changes", "questions_to_rerun"]


def _changed_flags(a: Reading, b: Reading) -> set[str]:
    da, db = variant_to_dict(a.variant), variant_to_dict(b.variant)
    return {k for k in da if da[k] != db.get(k)}


def _plugins_differ(a: Reading, b: Reading) -> bool:
    ia, ib = a.identity(), b.identity()
    return any(ia[k] != ib[k] for k in ("rules", "engine", "plugin_sha256"))


def questions_to_rerun(a: Reading, b: Reading) -> list[Question]:
    """The questions of the game whose answer may differ between ``a`` and ``b``."""
    if _plugins_differ(a, b):
        return questions(a.game)
    changed = _changed_flags(a, b)
    if not changed:
        return []
    found = []
    for q in questions(a.game):
        relevant = set(q.flags) | {f for f, _ in q.fixed}
        if not q.declared or relevant & changed:
            found.append(q)
    return found


@dataclass(frozen=True)
class CatalogueChange:
    """One question asked under both readings."""

    id: str
    question: str
    a: Finding
    b: Finding

    @property
    def changed(self) -> bool:
        """Whether the verdicts differ."""
        return self.a.verdict != self.b.verdict

    def to_json(self) -> dict[str, Any]:
        """The change as JSON-ready data (both findings with their answers and witnesses)."""
        def side(f: Finding) -> dict[str, Any]:
            return {"verdict": f.verdict, "answer": f.answer, "reason": f.reason, "witness": f.witness,
                    "method": f.method, "seconds": round(f.seconds, 3), "reading": f.reading}

        return {"id": self.id, "question": self.question, "changed": self.changed, "a": side(self.a),
                "b": side(self.b)}


def _input_key(q: Question, reading: Any) -> tuple[Any, ...]:
    """What the question's expensive run sees: nothing of the reading unless it takes one."""
    if not q.takes_reading or reading is None:
        return ()
    relevant = sorted(set(q.flags) | {f for f, _ in q.fixed})
    values = variant_to_dict(reading.variant)
    ident = reading.identity()
    return (tuple((f, repr(values[f])) for f in relevant), tuple(ident["rules"]), ident["engine"],
            ident["plugin_sha256"])


def _memoised(q: Question) -> Question:
    cache: dict[tuple[Any, ...], Finding] = {}

    def run(full: bool, reading: Any = None) -> Finding:
        key = (full, *_input_key(q, reading))
        if key not in cache:
            cache[key] = q.run(full, reading) if q.takes_reading else q.run(full)
        return cache[key]

    return replace(q, run=run)


def catalogue_changes(a: Reading, b: Reading, *, full: bool = False,
                      on_question: Callable[[str, str], None] | None = None) -> list[CatalogueChange]:
    """Ask every question that may answer differently (:func:`questions_to_rerun`) under ``a`` and ``b``.

    :param on_question: called with ``(question id, "A" or "B")`` before each ask (progress).
    """
    rows = []
    for q in questions_to_rerun(a, b):
        once = _memoised(q)
        found = []
        for label, reading in (("A", a), ("B", b)):
            if on_question is not None:
                on_question(q.id, label)
            found.append(once.ask(full, reading))
        rows.append(CatalogueChange(q.id, q.question, found[0], found[1]))
    return rows
