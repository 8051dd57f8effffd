"""The rule-tracked, three-valued SMT core (checkers/smt/core.py) as the game encodings use it."""

from __future__ import annotations

import random

import z3

from ruleproof.checkers.smt.bigfive_encoding import solve_rules
from ruleproof.checkers.smt.core import TrackedSolver, maximize, maximize_from_above, upper_bound


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


def test_maximize_from_above_agrees_with_optimize() -> None:
    # Random sums of if-then-else terms under random linear constraints: the optimum found from the
    # bound down equals z3 Optimize's, and a sat answer's model attains it.
    rng = random.Random(4)
    xs = z3.Ints("a b c d")
    for _ in range(12):
        terms = [z3.If(rng.choice(xs) + rng.randint(-3, 3) > rng.choice(xs), rng.randint(0, 4), rng.randint(-2, 1))
                 for _ in range(rng.randint(2, 6))]
        objective = z3.Sum(terms)
        facts = [x >= 0 for x in xs] + [x <= 6 for x in xs] + [rng.choice(xs) + rng.choice(xs) <= rng.randint(2, 9)]
        expected, best = maximize(objective, facts)
        found, top = maximize_from_above(objective, facts)
        assert (found.verdict, top) == (expected.verdict, best) == ("sat", best)
        assert top is not None and top <= (upper_bound(objective) or 0)
        model = found.model
        assert z3.simplify(z3.substitute(objective, *[(x, z3.IntVal(model.get(str(x), 0))) for x in xs])).as_long() == top


def test_maximize_from_above_falls_back_and_never_claims_on_unknown() -> None:
    x, y = z3.Int("x"), z3.Int("y")
    assert upper_bound(x + y) is None
    result, best = maximize_from_above(x + y, [x >= 0, y >= 0, x + y <= 3])  # no bound read off: Optimize
    assert (result.verdict, best) == ("sat", 3)
    far, best = maximize_from_above(z3.If(x > 0, 100, 0), [x <= 0], steps=5)  # optimum 0 is 100 below the bound
    assert (far.verdict, best) == ("sat", 0)
    a, b, c = z3.Ints("p q r")
    hard = [a > 0, b > 0, c > 0, a * a * a + b * b * b == c * c * c]
    gave_up, best = maximize_from_above(z3.If(a > 1, 1, 0), hard, rlimit=500)
    assert gave_up.verdict == "unknown" and best is None and gave_up.reason == "resource limit 500 reached"


def test_maximize_from_above_asks_the_bound_only_when_the_value_below_is_reached() -> None:
    # The bound (5 here) is ruled out by the unsat for 4 when the optimum is lower; asked after a sat for 4.
    from ruleproof.checkers.smt.core import recording

    x = z3.Int("x")
    objective = z3.If(x > 0, 3, 0) + z3.If(x > 5, 2, 0)
    for most, best, asked in ((10, 5, ["sat", "sat"]), (4, 3, ["unsat", "sat"]), (0, 0, ["unsat"] * 4 + ["sat"])):
        with recording() as seen:
            result, found = maximize_from_above(objective, [x >= 0, x <= most])
        assert (result.verdict, found) == ("sat", best) and [v for *_, v in seen] == asked, (most, seen)
        model = result.model
        assert z3.simplify(z3.substitute(objective, (x, z3.IntVal(model.get("x", 0))))).as_long() == best
    steps = z3.Sum([z3.If(x > k, 1, 0) for k in range(4)])
    with recording() as seen:
        result, found = maximize_from_above(steps, [x >= 0, x <= 3])  # optimum 3, one below the bound 4
    assert found == 3 and [v for *_, v in seen] == ["sat", "unsat"]
