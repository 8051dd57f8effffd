"""Every engine's direct one-move check agrees with its list of legal moves (issue 21).

``Game.is_legal_move`` may be overridden with a check of the one move (Take 5,
Big Five, and the chance outcomes of BigPoints and Ikebana: a laid disc or a
revealed card is checked against its supply without building every outcome).
Along random games of every test configuration, each candidate move of the
spec, for whoever acts and for chance, is checked both ways: the direct check
and membership in a fresh engine's ``legal_moves``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.registry import game_for

GAMES = ("take5", "bigpoints", "ikebana", "cinco", "bigfive")


def _cases() -> list[tuple[str, int, Any]]:
    out = []
    for name in GAMES:
        configs = game_for(name).test_configs()
        out += [(name, players, variant) for players, variant in configs[:: max(1, len(configs) // 4)]]
    return out


@pytest.mark.parametrize(("name", "players", "variant"), _cases())
def test_direct_check_agrees_with_the_legal_list(name: str, players: int, variant: Any) -> None:
    game: Game[Any, Any, Any] = game_for(name)
    spec = game.spec
    rng = random.Random(players)
    state = game.initial_state(players, variant)
    seen = {True: 0, False: 0}
    for step in range(300 if name != "bigfive" else 60):
        actor = game.current_player(state)
        if actor == TERMINAL:
            break
        legal = set(type(game)().legal_moves(state))  # a fresh engine: no cache, no memo
        candidates = set(spec.candidate_moves(state, CHANCE))
        if actor != CHANCE:
            candidates |= set(spec.candidate_moves(state, actor))
        candidates |= legal
        for move in sorted(candidates, key=str)[:: max(1, len(candidates) // 40)]:
            assert game.is_legal_move(state, move) == (move in legal), (name, step, state, move)
            seen[move in legal] += 1
        state = game.apply_unchecked(state, game.random_move(state, rng, actor))
    assert seen[True] > 20 and seen[False] > 20, seen
