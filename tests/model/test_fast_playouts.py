"""Fast playout paths draw the same distribution as the checked path.

An engine may override ``Game.random_playout`` with a path that skips
legal-move lists (DESIGN.md, "Fast paths keep the checked path honest"). Here
the fast path and the interface's generic playout (a uniform legal move, chance
by its odds) each play a few hundred games from the same start; the lengths,
seat 0's score and the winners are compared with two-sample tests (KS for the
numbers, chi-square for the winner counts) at a generous significance with
fixed seeds, so the tests are deterministic. A deliberately biased sampler
fails the same comparison, which shows the comparison can fail.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from outcomes import p_values, samples
from ruleproof.model.core import Game
from ruleproof.model.registry import game_for
from ruleproof.model.take5 import GAME as TAKE5
from ruleproof.spec.bigpoints import BigPointsVariant
from ruleproof.spec.bigpoints import Take as TakeDisc
from ruleproof.spec.cinco import CincoVariant, Play
from ruleproof.spec.ikebana import IkebanaVariant, Keep
from ruleproof.spec.take5 import Take, Take5Variant


ALPHA = 1e-3  # a real difference shows up far below this; a fair sampler passes with 99.9 %

AnyGame = Game[Any, Any, Any]


def _generic(game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, int]:
    return Game.random_playout(game, state, rng)


#: The checked engine's samples by configuration: the distribution test of each game's first configuration and
#: that game's biased sampler compare with the same sample (the same seed and games: the same games), played once.
_REFERENCE: dict[tuple[AnyGame, int, Any, int], dict[str, list[Any]]] = {}


def _reference(game: AnyGame, players: int, variant: Any, games: int) -> dict[str, list[Any]]:
    """``games`` games of the generic (checked) playout, seed 2, kept for the next test that asks."""
    key = (game, players, variant, games)
    if key not in _REFERENCE:
        _REFERENCE[key] = samples(game, players, variant, _generic, games, seed=2)
    return _REFERENCE[key]


def _same_distribution(game: AnyGame, players: int, variant: Any, fast: Any, games: int) -> dict[str, float]:
    return p_values(samples(game, players, variant, fast, games, seed=1), _reference(game, players, variant, games))


FAST = [
    ("take5", 4, Take5Variant()),
    ("take5", 3, Take5Variant(professional=True, end_check="immediate", threshold=30)),
    ("take5", 5, Take5Variant(row_choice="auto", deck="tactical")),
    ("bigpoints", 3, BigPointsVariant()),
    ("bigpoints", 3, BigPointsVariant(colour_discs=2, black_discs=1, white_discs=0, no_free_disc="illegal",
                                      extra_timing="before")),
    ("bigpoints", 2, BigPointsVariant(colour_discs=3, black_discs=2, white_discs=1, back_to_start=True, match=True,
                                      ladder_take="reserve_and_path", last_reserve=False)),
    ("ikebana", 3, IkebanaVariant()),
    ("ikebana", 5, IkebanaVariant(bank="finite", shortfall="end_game", double_final=True, start_tie="lowest_seat")),
    ("ikebana", 2, IkebanaVariant(recycle="when_empty", stall="skip", partial_refusal=True)),
    ("cinco", 3, CincoVariant(chips=10)),
    ("cinco", 2, CincoVariant(layout="square", exact_five=True, joker=True, chips=10)),
    ("cinco", 4, CincoVariant(chips_out="all_out", chips=6, reshuffle="when_empty", must_place=True)),
    ("cinco", 3, CincoVariant(hand_size=3, line_length=4, chips=12)),
]


#: The default run's comparisons: each game's first configuration (the rulebook's reading, the fast path's common
#: branches) and Take 5's professional one (its other fast loop, the general one); the other eight, with their
#: flags, under -m slow (tests/model/test_fast_paths_options.py probes every flag's options move by move).
DEFAULT_FAST = [*(next(c for c in FAST if c[0] == game_id) for game_id in dict.fromkeys(c[0] for c in FAST)), FAST[1]]


@pytest.mark.parametrize(("game_id", "players", "variant"), [
    c if c in DEFAULT_FAST else pytest.param(*c, marks=pytest.mark.slow) for c in FAST])
def test_fast_playout_draws_the_checked_distribution(game_id: str, players: int, variant: Any) -> None:
    game = game_for(game_id)
    assert type(game).random_playout is not Game.random_playout, "no fast path to compare"
    p = _same_distribution(game, players, variant, lambda g, s, r: g.random_playout(s, r), games=300)
    assert min(p.values()) > ALPHA, p


def _fullest_row_bias(game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, int]:
    """A biased sampler: seat 0, when it must take a row, takes the fullest one."""
    steps = 0
    while not game.is_terminal(state):
        actor = game.current_player(state)
        if actor < 0:
            move = game.sample_chance(state, rng)
        else:
            moves = game.legal_moves(state)
            if actor == 0 and isinstance(moves[0], Take):
                move = max(moves, key=lambda m: len(state.rows[m.row]))
            else:
                move = moves[rng.randrange(len(moves))]
        state = game.apply_unchecked(state, move)
        steps += 1
    return state, steps


def test_invalid_biased_sampler_is_caught() -> None:
    p = _same_distribution(TAKE5, 4, Take5Variant(), _fullest_row_bias, games=300)
    assert min(p.values()) < ALPHA, p


@pytest.mark.parametrize(("players", "variant"), TAKE5.test_configs())
def test_take5_fast_playout_replays_through_the_checked_path(players: int, variant: Take5Variant) -> None:
    """Every move of the fast path is legal and the replayed state is its final state."""
    for seed in range(4):
        rng = random.Random(seed)
        start = TAKE5.new_game(players, variant, seed=seed)
        for _ in range(rng.randrange(150)):  # start mid-round sometimes
            if TAKE5.is_terminal(start):
                break
            start = TAKE5.apply(start, TAKE5.random_move(start, rng))
        trace: list[Any] = []
        final, steps = TAKE5._fast_playout(start, rng, trace)
        assert steps == len(trace)
        state = start
        for move in trace:
            state = TAKE5.apply(state, move)
        assert state == final


@pytest.mark.parametrize(("players", "variant"), TAKE5.test_configs())
def test_take5_fast_playout_is_the_same_game_with_or_without_a_trace(players: int, variant: Take5Variant) -> None:
    """Untraced, the four-row playout deals each new round inline (hands tagged as drawn); traced, it draws
    through ``_sample_by_bits``: the same generator gives the same final state, step count and generator
    state either way, from a new game and from inside a round."""
    for seed in range(6):
        starts = [TAKE5.initial_state(players, variant), TAKE5.new_game(players, variant, seed=seed)]
        for start in starts:
            plain_rng, traced_rng = random.Random(seed), random.Random(seed)
            trace: list[Any] = []
            assert TAKE5.random_playout(start, plain_rng) == TAKE5.random_playout(start, traced_rng, trace)
            assert trace and plain_rng.getstate() == traced_rng.getstate()


def _preferring(seats: frozenset[int], prefer: Any) -> Any:
    """A biased sampler: the ``seats`` pick among their legal moves that ``prefer`` accepts, when any."""

    def playout(game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, int]:
        steps = 0
        while not game.is_terminal(state):
            actor = game.current_player(state)
            if actor < 0:
                move = game.sample_chance(state, rng)
            else:
                moves = game.legal_moves(state)
                pool = [m for m in moves if prefer(m)] if actor in seats else []
                pool = pool or list(moves)
                move = pool[rng.randrange(len(pool))]
            state = game.apply_unchecked(state, move)
            steps += 1
        return state, steps

    return playout


def _card_then_cell(game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, int]:
    """A biased Cinco sampler, a plausible fast-path bug: a uniform card (or draw/exchange), then a
    uniform cell for it, instead of a uniform move."""
    steps = 0
    while not game.is_terminal(state):
        actor = game.current_player(state)
        if actor < 0:
            move = game.sample_chance(state, rng)
        else:
            groups: dict[int, list[Any]] = {}
            for m in game.legal_moves(state):
                groups.setdefault(m.card if isinstance(m, Play) else 0, []).append(m)
            pool = groups[sorted(groups)[rng.randrange(len(groups))]]
            move = pool[rng.randrange(len(pool))]
        state = game.apply_unchecked(state, move)
        steps += 1
    return state, steps


BIASED = [
    ("bigpoints", 3, BigPointsVariant(), _preferring(frozenset({0, 1, 2}), lambda m: m == TakeDisc("ahead"))),
    ("ikebana", 3, IkebanaVariant(), _preferring(frozenset({0}), lambda m: m == Keep())),
    ("cinco", 3, CincoVariant(chips=10), _card_then_cell),
]


@pytest.mark.parametrize(("game_id", "players", "variant", "sampler"), BIASED, ids=[b[0] for b in BIASED])
def test_biased_samplers_of_the_other_games_are_caught(game_id: str, players: int, variant: Any, sampler: Any) -> None:
    p = _same_distribution(game_for(game_id), players, variant, sampler, games=300)
    assert min(p.values()) < ALPHA, p


@pytest.mark.parametrize("game_id", ["bigpoints", "ikebana", "cinco"])
def test_fast_playout_replays_through_the_checked_path(game_id: str) -> None:
    """Every move of the fast path is legal and the replayed state is its final state,
    from the start and from mid-game positions of every test configuration."""
    game: Any = game_for(game_id)
    for players, variant in game.test_configs():
        assert game._fast_ok(variant)
        for seed in range(3):
            rng = random.Random(seed)
            start = game.new_game(players, variant, seed=seed)
            for _ in range(rng.randrange(120) if seed else 0):  # seed 0 from the start, the others mid-game
                if game.is_terminal(start):
                    break
                start = game.apply(start, game.random_move(start, rng))
            trace: list[Any] = []
            final, steps = game._fast_playout(start, rng, trace)
            assert steps == len(trace) and game.is_terminal(final)
            state = start
            for move in trace:
                state = game.apply(state, move)
            assert state == final


@pytest.mark.parametrize("game_id", ["bigpoints", "ikebana", "cinco"])
def test_fast_playout_is_deterministic_and_guarded(game_id: str) -> None:
    """The same generator gives the same game with or without a trace; a derived engine that
    overrides a transition, or a variant flag the fast path does not know, takes the generic path."""
    game: Any = game_for(game_id)
    players, variant = game.test_configs()[0]
    start = game.new_game(players, variant, seed=5)
    traced: list[Any] = []
    assert game.random_playout(start, random.Random(9), traced) == game.random_playout(start, random.Random(9))
    assert traced

    class Derived(type(game)):  # type: ignore[misc]
        def apply_unchecked(self, state: Any, move: Any) -> Any:
            return super().apply_unchecked(state, move)

    derived = Derived()
    assert not derived._fast_ok(variant)
    assert derived.random_playout(start, random.Random(9)) == Game.random_playout(game, start, random.Random(9))
    unknown = frozenset(f.name for f in dataclasses.fields(variant)) - type(game)._FAST_FLAGS
    assert not unknown, f"flags the fast path does not handle: {sorted(unknown)}"
