"""The samplers of hidden information: they keep what a seat sees, hide what it does not, conserve components."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from ruleproof.checkers.policies.errors import PolicyError
from ruleproof.checkers.policies.hidden import determinize, has_sampler
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.registry import game_for

GAMES = [("take5", 3), ("bigfive", 3), ("bigpoints", 3), ("ikebana", 3), ("cinco", 2)]

#: For each game, a place the seat cannot see (read from a state for a seat) that a sampler must redraw.
HIDDEN_PLACES = {
    "take5": lambda s, seat: s.hands[(seat + 1) % s.players],
    "bigfive": lambda s, seat: s.hands[(seat + 1) % s.players],
    "bigpoints": lambda s, seat: s.hands[(seat + 1) % s.players],
    "ikebana": lambda s, seat: s.hands[(seat + 1) % s.players],
    "cinco": lambda s, seat: s.hands[(seat + 1) % s.players],
}


def positions(game_id: str, players: int, every: int = 9, games: int = 2) -> Iterator[tuple[Any, Any]]:
    """Decision positions of a few random games."""
    game = game_for(game_id)
    for seed in range(games):
        state = game.initial_state(players, game.default_variant())
        rng = random.Random(seed)
        count = 0
        while game.current_player(state) != TERMINAL:
            actor = game.current_player(state)
            if actor == CHANCE:
                move = game.sample_chance(state, rng)
            else:
                count += 1
                if count % every == 0:
                    yield game, state
                moves = game.legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            state = game.apply_unchecked(state, move)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_sample_looks_the_same_to_the_seat_and_holds_the_same_components(game_id: str, players: int) -> None:
    for game, state in positions(game_id, players):
        for seat in range(players):
            sample = determinize(game, state, seat, random.Random(seat))
            assert game.observation(sample, seat) == game.observation(state, seat)
            assert Counter(c for c, _ in game.components(sample)) == Counter(c for c, _ in game.components(state))


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_sample_depends_only_on_what_the_seat_sees(game_id: str, players: int) -> None:
    for game, state in positions(game_id, players):
        seat = game.current_player(state)
        scrambled = determinize(game, state, seat, random.Random(99))
        assert determinize(game, scrambled, seat, random.Random(1)) == determinize(game, state, seat, random.Random(1))


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_sampler_redraws_what_the_seat_cannot_see(game_id: str, players: int) -> None:
    hidden = HIDDEN_PLACES[game_id]
    redrawn = 0
    for game, state in positions(game_id, players):
        seat = game.current_player(state)
        samples = {hidden(determinize(game, state, seat, random.Random(k)), seat) for k in range(6)}
        redrawn += len(samples) > 1
    assert redrawn > 0, f"{game_id}: another seat's hand is never redrawn"


def test_invalid_a_game_without_a_sampler_is_refused() -> None:
    game = game_for("take5")
    fake = type("Other", (), {"name": "pebbles", "state_type": None})()
    assert has_sampler(game) is None
    assert "no sampler" in str(has_sampler(fake))
    with pytest.raises(PolicyError, match="no sampler"):
        determinize(fake, game.new_game(2, seed=1), 0, random.Random(0))
