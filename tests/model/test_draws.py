"""The fast playouts' draws through ``getrandbits`` (``ruleproof.model.draws``).

The playouts write ``randrange``'s loop out at their draw sites; that gives the
generator's own numbers only for the standard ``random.Random``. These tests
check the equality itself, and that a playout given another generator takes its
generic path and still plays a legal game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.model import draws
from ruleproof.model.registry import game_for

#: The games whose fast playouts draw through getrandbits (Take 5 keeps its own copy of the loop).
GAMES = ("bigpoints", "ikebana", "cinco")


class Loaded(random.Random):
    """A generator whose ``random`` is its own: CPython then draws ``randrange`` without ``getrandbits``."""

    def random(self) -> float:
        return super().random()


@given(seed=st.integers(0, 2**32), n=st.integers(1, draws.MAX_WIDTHS))
@settings(max_examples=200, deadline=None)
def test_below_is_randrange(seed: int, n: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    assert [draws.below(a.getrandbits, n) for _ in range(5)] == [b.randrange(n) for _ in range(5)]
    assert draws.WIDTHS[n] == n.bit_length()


@given(seed=st.integers(0, 2**32), n=st.integers(0, 300))
@settings(max_examples=100, deadline=None)
def test_shuffle_by_bits_is_random_shuffle(seed: int, n: int) -> None:
    mine, theirs = list(range(n)), list(range(n))
    draws.shuffle_by_bits(random.Random(seed).getrandbits, mine)
    random.Random(seed).shuffle(theirs)
    assert mine == theirs


def test_every_option_count_of_a_fast_playout_has_its_width() -> None:
    """The playouts look widths up in a table of MAX_WIDTHS + 1: Cinco's largest option count (every card of the
    largest hand placeable on every cell of the largest layout, and the exchange) is the largest of the games'."""
    from ruleproof.spec import cinco

    assert cinco.MAX_HAND_SIZE * cinco.MAX_LAYOUT_CELLS + 1 <= draws.MAX_WIDTHS
    assert len(draws.WIDTHS) == draws.MAX_WIDTHS + 1


def test_only_the_standard_generator_draws_by_bits() -> None:
    assert draws.BITS_OK, "this CPython's Random no longer draws randrange through getrandbits"
    assert draws.draws_by_bits(random.Random(1))
    assert not draws.draws_by_bits(Loaded(1))


def _replays(game: Any, players: int, rng: random.Random) -> int:
    """A fast playout from the start, its trace replayed through the checked engine; the moves played."""
    start = game.initial_state(players, game.default_variant())
    trace: list[Any] = []
    final, steps = game.random_playout(start, rng, trace)
    state = start
    for move in trace:
        state = game.apply(state, move)  # check=True: an illegal move raises
    assert state == final
    assert game.is_terminal(final)
    return int(steps)


@pytest.mark.parametrize("game_id", GAMES)
def test_another_generator_takes_the_generic_path_and_plays_legally(game_id: str) -> None:
    game = game_for(game_id)
    players = 3
    for seed in range(3):
        assert _replays(game, players, Loaded(seed)) > 0
        assert _replays(game, players, random.Random(seed)) > 0


@pytest.mark.parametrize("game_id", ("bigpoints", "cinco"))
def test_the_fast_path_plays_its_fallbacks_game(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With draws through getrandbits forbidden, the same seed plays the same game: BigPoints falls back
    to its playout on states, Cinco to the generic loop, and both draw what the fast path draws.
    (Ikebana's fallback, the generic loop, plays the same distribution from other draws.)"""
    game = game_for(game_id)
    start = game.initial_state(3, game.default_variant())
    fast = [game.random_playout(start, random.Random(seed)) for seed in range(4)]
    monkeypatch.setattr(draws, "BITS_OK", False)
    generic = [game.random_playout(start, random.Random(seed)) for seed in range(4)]
    assert fast == generic
