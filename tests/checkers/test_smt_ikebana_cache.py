"""The bouquet optimisation is computed once per player count and limit and shared: the shared answer
is the one a fresh optimisation gives, a changed budget is a new query, and callers cannot change the
shared answer through the lists they get."""

from __future__ import annotations

import pytest

from ruleproof.checkers.smt import budgets
from ruleproof.checkers.smt import ikebana as smt


def test_shared_answer_is_a_fresh_optimisation() -> None:
    first = smt.best_bouquets(2)
    fresh = smt._best_bouquets.__wrapped__(2, budgets.RLIMITS["ikebana.bouquets"])
    assert first[1] == fresh[1] == 135
    assert first[2] == [list(b) for b in fresh[2]]
    assert first[0].verdict == fresh[0].verdict == "sat" and first[0].resources == fresh[0].resources


def test_a_changed_budget_is_not_answered_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    assert smt.best_bouquets(2)[1] == 135
    monkeypatch.setitem(budgets.RLIMITS, "ikebana.bouquets", 1_000)
    result, best, cards = smt.best_bouquets(2)
    assert result.verdict == "unknown" and best is None and cards == []


def test_callers_get_their_own_lists() -> None:
    cards = smt.best_bouquets(2)[2]
    cards[0].append("R1")
    cards.pop()
    again = smt.best_bouquets(2)[2]
    assert len(again) == 2 and all(len(b) == 5 for b in again)


def test_the_answer_does_not_depend_on_what_the_process_solved_before() -> None:
    """IK-F-3's witness once differed between ``--jobs 1`` and ``--jobs 2``: the terms were made in
    z3's shared main context, whose contents depend on the questions asked before."""
    import json
    import subprocess
    import sys

    import z3

    limit = budgets.RLIMITS["ikebana.bouquets"]
    code = ("import json; from ruleproof.checkers.smt import ikebana as s, budgets as b; "
            "r = s._best_bouquets.__wrapped__(2, b.RLIMITS['ikebana.bouquets']); print(json.dumps([r[1], r[2]]))")
    fresh = json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                      text=True).stdout)
    # fill the main context with other terms, in another order than a fresh process would
    junk = [z3.Int(f"p{i}_{c}{v}") + z3.Int(f"p{i}_score") for i in (3, 1, 0, 2) for c in "WBYGR" for v in (5, 3, 1)]
    solver = z3.Solver()
    solver.add(*[t > 0 for t in junk])
    assert solver.check() == z3.sat
    best, cards = smt._best_bouquets.__wrapped__(2, limit)[1:]
    assert [best, [list(c) for c in cards]] == fresh
