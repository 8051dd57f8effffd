"""The paired-games fast path at Take 5's boundaries (issue 32, point 8).

``diff_take5.fast_pair`` must give what the generic lock step gives
(``tests/checkers/test_diff_take5.py``); here the pairs are chosen so that the
boundaries a fast path gets wrong most easily are actually met, and counted so
the test knows it met them: a total exactly at the threshold under '>=' against
'>' (at the round's end and after a take), a sixth card onto a full row, the
left ends of the professional variant and the automatic row.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ruleproof.checkers.analysis import diff_take5
from ruleproof.checkers.analysis.diff import play_pair
from ruleproof.model.registry import game_for
from ruleproof.spec.take5 import Take5Variant as V

GAME = game_for("take5")
GAMES_PER_PAIR = 12


def _compare(players: int, a: Any, b: Any, games: int = GAMES_PER_PAIR, seed: int = 3) -> list[Any]:
    results = []
    for index in range(games):
        fast = diff_take5.fast_pair(GAME, players, a, b, seed=seed, index=index)
        assert fast is not None, "the fast pair must take these readings"
        generic = play_pair(GAME, players, a, b, seed=seed, index=index, fast=False)
        assert fast == generic, (players, a, b, index)
        results.append(generic)
    return results


@pytest.mark.parametrize("end_check", ["round", "immediate"])
def test_a_total_exactly_at_the_threshold(end_check: str) -> None:
    """'>=' against '>' at small thresholds: the fast pair equals the generic one, and in some of the games
    compared reading A ('>=') ended with a total exactly at its threshold (the boundary was met)."""
    exact = Counter[int]()
    for threshold in (2, 3, 5, 7, 9, 12):
        a = V(threshold=threshold, end_check=end_check)
        for pair in _compare(3, a, V(threshold=threshold, end_check=end_check, end_rule=">")):
            if threshold in pair.scores_a:  # totals are floats; 5 == 5.0
                exact[threshold] += 1
    assert sum(exact.values()) >= 4, exact


def test_full_rows_left_ends_and_the_automatic_row() -> None:
    """Professional and automatic-row readings against the rulebook's, and against each other: equal to the
    generic pair, with the ways of coming apart that the placements give seen."""
    kinds = Counter[str | None]()
    for players, a, b in [(4, V(), V(professional=True)), (5, V(), V(row_choice="auto")),
                          (3, V(professional=True, threshold=20), V(row_choice="auto", threshold=20)),
                          (10, V(professional=True), V(professional=True, tie="draw"))]:
        for x, y in ((a, b), (b, a)):
            kinds.update(p.kind for p in _compare(players, x, y, games=6))
    assert kinds["legal moves"] >= 2, kinds
