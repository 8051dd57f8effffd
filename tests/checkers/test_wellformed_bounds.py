"""The Z3 termination bounds: many small queries share one solver, scoped, and answer as solvers of their own."""

from __future__ import annotations

import z3

from ruleproof.checkers.smt import wellformed_bounds as wb
from ruleproof.checkers.smt.core import TrackedSolver


def _one_solver_each(checks: list[tuple[str, wb.Build]]) -> dict[str, tuple[str, tuple[str, ...]]]:
    answers = {}
    for name, build in checks:
        solver = TrackedSolver("wellformed.ranking")
        build(solver)
        result = solver.check()
        answers[name] = (result.verdict, result.core)
    return answers


def test_take5_queries_answer_as_with_a_solver_each() -> None:
    checks, bounds = wb.take5_checks()
    alone = _one_solver_each(checks)
    verdict, data = wb._scoped_unsat(checks)
    assert verdict == "unsat" and all(v == "unsat" for v, _ in alone.values())
    assert data["cores"] == {name: list(core) for name, (_, core) in alone.items()}
    assert sorted(bounds) == list(range(2, 11))


def test_a_scope_does_not_leak_into_the_next_query() -> None:
    x = z3.Int("x")
    contradiction: wb.Build = lambda s: s.add("R-1", x > 2, x < 1)
    satisfiable: wb.Build = lambda s: s.add("R-2", x == 1)
    verdict, data = wb._scoped_unsat([("a", contradiction), ("b", satisfiable)])
    assert (verdict, data["failed"]) == ("sat", "b")
    verdict, data = wb._scoped_unsat([("a", contradiction), ("c", contradiction)])
    assert verdict == "unsat" and data["cores"] == {"a": ["R-1"], "c": ["R-1"]}
