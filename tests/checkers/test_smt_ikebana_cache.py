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
