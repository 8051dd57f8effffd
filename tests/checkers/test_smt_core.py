"""The rule-tracked, three-valued SMT core (checkers/smt/core.py) as the game encodings use it."""

from __future__ import annotations

import z3

from ruleproof.checkers.smt.bigfive_encoding import solve_rules
from ruleproof.checkers.smt.core import TrackedSolver, maximize


def test_core_reads_as_rule_ids() -> None:
    x = z3.Int("x")
    solver = TrackedSolver()
    solver.add("R-LOW", x > 3, x > 2)
    solver.add("R-HIGH", x < 1)
    solver.add_fact(x != 7)
    result = solver.check()
    assert result.verdict == "unsat" and result.proved
    assert result.core == ("R-HIGH", "R-LOW")


def test_facts_never_appear_in_cores() -> None:
    x = z3.Int("x")
    solver = TrackedSolver()
    solver.add_fact(x > 3)
    solver.add("R-1", x < 0)
    assert solver.check().core == ("R-1",)


def test_sat_gives_a_model_and_time() -> None:
    x = z3.Int("x")
    solver = TrackedSolver()
    solver.add("R-1", x * 2 == 10)
    result = solver.check()
    assert result.verdict == "sat" and result.model["x"] == 5 and result.seconds >= 0
    assert not result.proved


def test_unknown_is_never_a_proof() -> None:
    # A non-linear problem with a budget of 1,000 resource units: z3 gives up, on any machine;
    # "unknown" never counts as proved and names the limit it reached.
    a, b, c = z3.Ints("a b c")
    solver = TrackedSolver(rlimit=1_000)
    solver.add("R-FERMAT", a > 0, b > 0, c > 0, a * a * a + b * b * b == c * c * c)
    result = solver.check()
    assert result.verdict == "unknown" and not result.proved and result.reason == "resource limit 1000 reached"


def test_maximize_reports_the_optimum() -> None:
    x, y = z3.Ints("x y")
    result, best = maximize(x + y, [x >= 0, y >= 0, x + 2 * y <= 8, x <= 4])
    assert result.verdict == "sat" and best == 6


def test_solve_rules_minimises_the_core() -> None:
    x = z3.Int("x")
    rules = [("R-A", x > 10), ("R-B", x < 20), ("R-C", x < 5), ("R-D", x != 3)]
    result, model = solve_rules([x >= 0], rules)
    assert result.verdict == "unsat" and result.core == ("R-A", "R-C") and model is None
    result, model = solve_rules([x >= 0], rules[:2])
    assert result.verdict == "sat" and model is not None
