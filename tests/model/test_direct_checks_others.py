"""The direct one-move checks of BigPoints, Ikebana and Cinco agree with their legal lists.

``is_legal_move`` of these engines answers for one move without building the
list of legal moves (issue 21, so that validation keeps pace with playouts).
Along random games of *every* test configuration, every candidate move the
spec names, every legal move and a few malformed ones (out-of-range seats,
cells and cards, unknown colours and sides) are checked both ways: the direct
check and membership in a fresh engine's ``legal_moves``. A deliberately wrong
check (Cinco's Joker rule forgotten) fails the same comparison.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ruleproof.model.cinco import CincoGame
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.registry import game_for
from ruleproof.spec.bigpoints import Black, Lay, Pawn, Take
from ruleproof.spec.cinco import CincoVariant, Deal, Play
from ruleproof.spec.ikebana import Buy, Reveal

AnyGame = Game[Any, Any, Any]

MALFORMED: dict[str, tuple[Any, ...]] = {
    "bigpoints": (Pawn("orange", False), Take("sideways"), Black(2), Lay("grey")),  # type: ignore[arg-type]
    "ikebana": (Buy(-1), Buy(7), Reveal("X9")),
    "cinco": (Play(0, 5), Play(3, 0), Play(1, 0), Play(5, 10_000), Play(5, -3), Deal(0), Deal(10_000)),
}


def _cases() -> list[tuple[str, int, Any]]:
    return [(name, players, variant) for name in MALFORMED for players, variant in game_for(name).test_configs()]


def _disagreements(game: AnyGame, players: int, variant: Any, seed: int, steps: int) -> tuple[list[Any], dict[bool, int]]:
    spec = game.spec
    rng = random.Random(seed)
    state = game.initial_state(players, variant)
    wrong: list[Any] = []
    seen = {True: 0, False: 0}
    extra = MALFORMED[game.name]
    for step in range(steps):
        actor = game.current_player(state)
        if actor == TERMINAL:
            break
        legal = set(type(game)().legal_moves(state))  # a fresh engine: no cache
        candidates = set(spec.candidate_moves(state, CHANCE)) | legal | set(extra)
        if actor != CHANCE:
            candidates |= set(spec.candidate_moves(state, actor))
        for move in sorted(candidates, key=str):
            if game.is_legal_move(state, move) != (move in legal):
                wrong.append((step, move))
            seen[move in legal] += 1
        state = game.apply_unchecked(state, game.random_move(state, rng, actor))
    return wrong, seen


@pytest.mark.parametrize(("name", "players", "variant"), _cases())
def test_direct_check_agrees_with_the_legal_list(name: str, players: int, variant: Any) -> None:
    game = game_for(name)
    assert type(game).is_legal_move is not Game.is_legal_move
    wrong, seen = _disagreements(game, players, variant, seed=players, steps=400 if name != "cinco" else 150)
    assert not wrong, wrong[:5]
    assert seen[True] > 20 and seen[False] > 20, seen


class _ForgetsTheJoker(CincoGame):
    """A wrong direct check: a play below its card is never legal (the Joker forgotten)."""

    def is_legal_move(self, state: Any, move: Any) -> bool:
        if type(move) is Play and move.cell and move.cell < move.card:
            return False
        return super().is_legal_move(state, move)


def test_a_wrong_direct_check_is_caught() -> None:
    wrong, _ = _disagreements(_ForgetsTheJoker(), 3, CincoVariant(joker=True), seed=3, steps=400)
    assert wrong
