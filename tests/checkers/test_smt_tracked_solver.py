"""The SMT core: rule-tracked assertions, three-valued answers, resource limits, optimisation."""

from __future__ import annotations

import z3

from ruleproof.checkers.smt.core import TrackedSolver, maximize


def test_unsat_core_reads_as_rule_ids() -> None:
    x, y = z3.Ints("x y")
    solver = TrackedSolver(rlimit=1_000_000)
    solver.add_fact(x >= 0, y >= 0)
    solver.add("R-SUM", x + y == 3)
    solver.add("R-BIG", x > 5)
    solver.add("R-UNRELATED", y < 100)
    result = solver.check()
    assert result.verdict == "unsat" and result.proved
    assert result.core == ("R-BIG", "R-SUM")  # background facts and unrelated rules stay out


def test_sat_gives_a_witness_model() -> None:
    x = z3.Int("x")
    solver = TrackedSolver()
    solver.add("R-RANGE", x > 2, x < 4)
    result = solver.check()
    assert result.verdict == "sat" and not result.proved and result.model == {"x": 3}
    assert result.seconds >= 0


def test_unknown_is_never_a_proof() -> None:
    # Non-linear integer arithmetic with a budget of 2,000 resource units: z3 gives up, and says why.
    a, b, c = z3.Ints("a b c")
    solver = TrackedSolver(rlimit=2_000)
    solver.add("R-FERMAT", a > 0, b > 0, c > 0, a * a * a + b * b * b == c * c * c)
    result = solver.check()
    assert result.verdict == "unknown" and not result.proved and result.reason == "resource limit 2000 reached"
    assert result.rlimit == 2_000 and result.resources >= 2_000
    assert result.core == () and result.model == {}


def test_maximize_returns_the_optimum() -> None:
    x, y = z3.Ints("x y")
    result, best = maximize(x + y, [x >= 0, y >= 0, x + 2 * y <= 10, 3 * x + y <= 15])
    assert result.verdict == "sat" and best == 7  # x = 4, y = 3
    assert result.model["x"] + result.model["y"] == 7
    empty, none = maximize(x, [x > 1, x < 1])
    assert empty.verdict == "unsat" and none is None
