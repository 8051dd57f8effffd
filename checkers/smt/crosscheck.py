"""Two solvers: a catalogue question's solver queries exported as SMT-LIB 2 and re-decided by cvc5.

:func:`cross_check_question` asks a question as the audit does
(:func:`ruleproof.checkers.catalogue.drift.check_question`) while
:func:`~ruleproof.checkers.smt.capture.capturing` collects every solver query
it makes, writes each as SMT-LIB 2 (:mod:`ruleproof.checkers.smt.smtlib`)
and has the second solver (:mod:`ruleproof.checkers.smt.cvc5_solver`)
re-decide, from the file, every query z3 answered ``unsat`` and every
optimum's bound ("nothing above the optimum", ``unsat`` by z3's optimum).
Each re-decided query ends in one of

* ``agrees``: cvc5 says ``unsat`` too;
* ``disagrees``: cvc5 says ``sat`` where z3 said ``unsat``: one of the two
  solvers (or the export) is wrong, and the audit row fails (exit 1);
* ``not confirmed``: cvc5 gave up (its resource limit, or it could not read
  the file): never agreement, the row says so.

Queries z3 answered ``sat`` (their witnesses are replayed by the engine) or
``unknown`` are exported but not re-decided. Before the question is asked the
SMT layer's memo caches are emptied, so every query the answer rests on is
asked (and captured) here, whatever the process solved before.

>>> from ruleproof.checkers.catalogue.questions import questions
>>> t5f3 = next(q for q in questions("take5") if q.id == "T5-F-3")
>>> checked, cross = cross_check_question(t5f3)
>>> checked.verdict, cross.verdict, [(d.z3, d.second) for d in cross.queries]
('pass', 'agrees', [('unsat', 'unsat')])
>>> cross.summary()
'cvc5 agrees: 1 unsat query re-decided unsat'
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ruleproof.checkers.catalogue.drift import Checked, check_question
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.questions import Question
from ruleproof.checkers.smt import cvc5_solver
from ruleproof.checkers.smt.capture import Query, capturing
from ruleproof.checkers.smt.core import SolverResult
from ruleproof.checkers.smt.smtlib import Exported, Origin, export

#: The outcomes of one re-decided query, and of a finding (the worst of its queries').
AGREES, DISAGREES, NOT_CONFIRMED, NOT_REDECIDED = "agrees", "disagrees", "not confirmed", "not re-decided"
#: A finding none of whose queries needed a second opinion (no unsat, no optimum; or no solver query at all).
NOTHING = "nothing to re-decide"

#: How the second solver decides a file: ``(text, names, rlimit) -> SolverResult`` (a test may plant another).
Decide = Callable[[str, dict[str, str], int], SolverResult]


def _cvc5(text: str, names: dict[str, str], rlimit: int) -> SolverResult:
    return cvc5_solver.cvc5_decide(text, names, rlimit=rlimit, cores=False)


@dataclass(frozen=True)
class ExportedQuery:
    """One captured query of a finding, written as SMT-LIB 2, and its file name (``GAME/ID-qNN[-bound].smt2``)."""

    query: Query
    origin: Origin
    exported: Exported

    @property
    def name(self) -> str:
        """The file's path below an export folder."""
        width = max(2, len(str(self.origin.count)))
        suffix = "-bound" if self.query.kind == "bound" else ""
        return f"{self.origin.game}/{self.origin.finding}-q{self.origin.index:0{width}d}{suffix}.smt2"

    def to_json(self) -> dict[str, Any]:
        """The index entry of the file."""
        return {"game": self.origin.game, "finding": self.origin.finding, "question": self.origin.question,
                "file": self.name, "query": self.origin.index, "of": self.origin.count, "kind": self.query.kind,
                "status": self.exported.status, "expected": self.origin.expected, "budget": self.query.budget,
                "z3_rlimit": self.query.rlimit, "z3_units": self.query.units, "logic": self.exported.logic,
                "rules": sorted(set(self.exported.names.values())), "finding_rules": list(self.origin.rules),
                "reading": self.origin.reading,
                "flags": list(self.origin.flags), "optimum": self.query.optimum}


@dataclass(frozen=True)
class Decided:
    """One query with z3's verdict and the second solver's (``second`` is empty when it was not asked)."""

    name: str
    kind: str
    budget: str
    z3: str
    second: str = ""
    reason: str = ""
    units: int = 0
    rlimit: int = 0
    seconds: float = 0.0

    @property
    def outcome(self) -> str:
        """``agrees``, ``disagrees``, ``not confirmed`` or ``not re-decided`` (see the module docstring)."""
        if not self.second:
            return NOT_REDECIDED
        if self.second == "unknown":
            return NOT_CONFIRMED
        return AGREES if self.second == self.z3 else DISAGREES

    def to_json(self) -> dict[str, Any]:
        """The query's verdicts as JSON-ready data."""
        return {"file": self.name, "kind": self.kind, "budget": self.budget, "z3": self.z3,
                "second": self.second or None, "outcome": self.outcome, "reason": self.reason,
                "units": self.units, "rlimit": self.rlimit, "seconds": round(self.seconds, 3)}


@dataclass(frozen=True)
class CrossCheck:
    """The second solver's word on every query of one finding."""

    finding: str
    game: str
    solver: str
    queries: tuple[Decided, ...] = ()
    exported: tuple[ExportedQuery, ...] = field(default=(), compare=False, repr=False)

    @property
    def verdict(self) -> str:
        """``disagrees`` if any query does, else ``not confirmed`` if any is, else ``agrees`` if any was
        re-decided, else ``nothing to re-decide``."""
        outcomes = {d.outcome for d in self.queries}
        for worst in (DISAGREES, NOT_CONFIRMED, AGREES):
            if worst in outcomes:
                return worst
        return NOTHING

    def summary(self) -> str:
        """One line for the audit table."""
        asked = [d for d in self.queries if d.outcome != NOT_REDECIDED]
        name = self.solver.split()[0]
        if not asked:
            if not self.queries:
                return f"{name}: nothing to re-decide (no solver query)"
            return f"{name}: nothing to re-decide ({_count(len(self.queries), 'query', 'queries')}, none unsat)"
        bounds = sum(1 for d in asked if d.kind == "bound")
        what = _count(len(asked), "unsat query", "unsat queries") + (
            f" ({_count(bounds, 'optimum bound', 'optimum bounds')})" if bounds else "")
        if self.verdict == DISAGREES:
            bad = [d for d in asked if d.outcome == DISAGREES]
            return (f"{name} DISAGREES: {', '.join(d.name for d in bad)}: {bad[0].second} where z3 said "
                    f"{bad[0].z3} (of {what})")
        if self.verdict == NOT_CONFIRMED:
            open_ = [d for d in asked if d.outcome == NOT_CONFIRMED]
            return (f"{name} did not confirm {len(open_)} of {what}: {open_[0].name}: {open_[0].reason}"
                    + ("" if len(open_) == 1 else " ..."))
        return f"{name} agrees: {what} re-decided unsat"

    def to_json(self) -> dict[str, Any]:
        """The cross-check as JSON-ready data."""
        return {"solver": self.solver, "verdict": self.verdict, "summary": self.summary(),
                "queries": [d.to_json() for d in self.queries]}


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def clear_solver_caches() -> int:
    """Empty every ``functools`` cache of the SMT layer's loaded modules (how many were emptied).

    A question whose answer reuses a query another question asked first
    (IK-F-3 and IK-F-2 share the two-player optimum) then asks it again, so
    its captured queries do not depend on what the process solved before.
    """
    emptied = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith("ruleproof.checkers.smt.") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()
                emptied += 1
    return emptied


def _flags(question: Question, reading: Any) -> tuple[str, ...]:
    from ruleproof.model.io.readings import default_reading
    from ruleproof.spec.core import variant_to_dict

    asked = question.asked_under(reading if reading is not None else default_reading(question.game))
    return tuple(f"{k}={v}" for k, v in variant_to_dict(asked.variant).items())


def _version() -> str:
    import ruleproof.checkers as checkers

    return str(checkers.__version__)


def capture_question(question: Question, full: bool = False, reading: Any = None,
                     allow: Sequence[str] = ()) -> tuple[Checked, list[Query]]:
    """Ask ``question`` as the audit does (``allow``: the defects accepted), with the SMT caches emptied, and
    every solver query it made."""
    clear_solver_caches()
    with capturing() as seen:
        checked = check_question(question, full, reading, allow=allow)
    return checked, list(seen)


def export_queries(question: Question, queries: Sequence[Query], reading: Any = None,
                   finding: Finding | None = None) -> list[ExportedQuery]:
    """Each query of ``question`` written as SMT-LIB 2 (see :mod:`ruleproof.checkers.smt.smtlib`); ``finding``:
    the answer they gave (its rule ids go into the headers; default: the question's)."""
    described = "" if reading is None or reading.is_default else reading.describe()
    flags = _flags(question, reading)
    expected = question.expected_verdict() if not described else None
    version = _version()
    rules = tuple(finding.rule_ids) if finding is not None else tuple(question.rule_ids)
    out = []
    for index, query in enumerate(queries, 1):
        origin = Origin(question.game, question.id, question.question, index, len(queries), described, flags,
                        expected, version, rules)
        out.append(ExportedQuery(query, origin, export(query, origin)))
    return out


def redecide(exported: Sequence[ExportedQuery], finding: str, game: str, *, decide: Decide | None = None,
             rlimit: Callable[[str], int] | None = None) -> CrossCheck:
    """The second solver's verdict on each ``unsat`` query (and optimum bound) of ``exported``.

    ``decide``: how a file is decided (default: cvc5); ``rlimit(budget)``: its
    resource limit per check (default: :func:`~ruleproof.checkers.smt.cvc5_solver.cvc5_rlimit`).
    """
    decide = decide or _cvc5
    rlimit = rlimit or cvc5_solver.cvc5_rlimit
    decided = []
    for item in exported:
        query = item.query
        if not query.claims_unsat:
            decided.append(Decided(item.name, query.kind, query.budget, query.verdict))
            continue
        limit = rlimit(query.budget)
        result = decide(item.exported.text, item.exported.names, limit)
        decided.append(Decided(item.name, query.kind, query.budget, query.verdict, result.verdict, result.reason,
                               result.resources, limit, result.seconds))
    return CrossCheck(finding, game, cvc5_solver.version(), tuple(decided), tuple(exported))


def cross_check_question(question: Question, full: bool = False, reading: Any = None, *,
                         decide: Decide | None = None, allow: Sequence[str] = ()) -> tuple[Checked, CrossCheck]:
    """Ask ``question`` (as the audit does), export its queries and have the second solver re-decide them."""
    checked, queries = capture_question(question, full, reading, allow)
    exported = export_queries(question, queries, reading, checked.finding)
    return checked, redecide(exported, question.id, question.game, decide=decide)


def audit_row_verdict(checked_verdict: str, cross: CrossCheck) -> str:
    """The audit verdict of a finding with its cross-check: ``fail`` when the solvers disagree,
    ``unknown`` when a proof the row passes on is not confirmed, else the finding's own verdict.

    >>> audit_row_verdict("pass", CrossCheck("X", "g", "cvc5", (Decided("f", "check", "b", "unsat", "sat"),)))
    'fail'
    >>> audit_row_verdict("pass", CrossCheck("X", "g", "cvc5", (Decided("f", "check", "b", "unsat", "unknown"),)))
    'unknown'
    """
    if cross.verdict == DISAGREES:
        return "fail"
    if cross.verdict == NOT_CONFIRMED and checked_verdict == "pass":
        return "unknown"
    return checked_verdict
