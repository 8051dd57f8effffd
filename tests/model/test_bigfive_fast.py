"""The fast Big Five playout draws what the checked path draws.

Three layers of evidence: (1) at every decision along random games the fast
path's numbering of candidates (:class:`Choices`), left out those that are no
move (``None``), is a bijection onto ``legal_moves``, so a uniform candidate
drawn until it is a move is a uniform legal move; (2) its games
replay move by move through the checked ``apply`` to the same final state,
whole setups and refills included; (3) game by game, lengths, seat 0's
penalties and the winners match the interface's generic playout under
two-sample tests (the comparison of ``tests/model/test_fast_playouts.py``),
which a sampler biased towards plays fails.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from outcomes import p_values, samples
from ruleproof.model.bigfive import GAME
from ruleproof.model.bigfive_fast import Choices, play_census
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.spec.bigfive import BigFiveState, BigFiveVariant, Play


ALPHA = 1e-3  # as in test_fast_playouts: a fair sampler passes with 99.9 %
CONFIGS = GAME.test_configs()
#: Rule constants away from the rulebook's (issue 31): the fast path honours them too.
CONSTANT_CONFIGS = ((2, BigFiveVariant(max_group=2, children=True)), (1, BigFiveVariant(children=True, max_group=3)),
                    (3, BigFiveVariant(hand_size=7, children=True)), (2, BigFiveVariant(copies=2)))


def _random_states(players: int, variant: BigFiveVariant, seed: int, limit: int) -> list[BigFiveState]:
    """Up to ``limit`` decision states of one random game (checked moves)."""
    rng = random.Random(seed)
    state = GAME.initial_state(players, variant)
    out = []
    while len(out) < limit:
        actor = GAME.current_player(state)
        if actor == TERMINAL:
            break
        if actor != CHANCE:
            out.append(state)
        state = GAME.apply(state, GAME.random_move(state, rng, actor))
    return out


@pytest.mark.parametrize(("players", "variant"), CONFIGS + CONSTANT_CONFIGS)
def test_choices_number_each_legal_move_once(players: int, variant: BigFiveVariant) -> None:
    checked = 0
    for seed in range(6):
        for state in _random_states(players, variant, seed, 25):
            actor = GAME.current_player(state)
            choices = Choices(GAME, state, actor)
            numbered = Counter(m for m in (choices[r] for r in range(len(choices))) if m is not None)
            assert numbered == Counter(GAME.legal_moves(state)), GAME.render_text(state)
            assert max(numbered.values()) == 1
            with pytest.raises(IndexError):
                choices[len(choices)]
            checked += 1
    assert checked >= 10


def test_census_counts_plays_of_the_generated_list() -> None:
    plays = 0
    for state in _random_states(4, BigFiveVariant(), 7, 120):
        index = GAME._board_index(state.board)
        for seat in range(4):
            for min_size in (1, 2, 3):
                total, _ = play_census(index, state.hands[seat], min_size)
                expected = len(GAME.plays(state, seat, min_size))
                assert total == expected
                plays += total
    assert plays > 100


def _replays(players: int, variant: BigFiveVariant, seed: int) -> int:
    rng = random.Random(seed)
    start = GAME.initial_state(players, variant)
    for _ in range(rng.randrange(200) if seed else 0):  # start mid-round sometimes
        after = GAME.apply(start, GAME.random_move(start, rng))
        if GAME.is_terminal(after):
            break
        start = after
    trace: list[Any] = []
    final, steps = GAME.random_playout(start, rng, trace)
    assert steps == len(trace)
    state = start
    for move in trace:
        state = GAME.apply(state, move)
    assert state == final
    again, _ = GAME.random_playout(start, random.Random(seed))  # the same game with or without a trace
    assert again == GAME.random_playout(start, random.Random(seed), [])[0]
    return steps


@pytest.mark.parametrize(("players", "variant"), [c for c in CONFIGS if c[1].rounds == 1])
def test_fast_playout_replays_through_the_checked_path(players: int, variant: BigFiveVariant) -> None:
    assert sum(_replays(players, variant, seed) for seed in range(2)) > 0


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), [c for c in CONFIGS if c[1].rounds > 1])
def test_fast_playout_replays_over_several_rounds(players: int, variant: BigFiveVariant) -> None:
    assert _replays(players, variant, 3) > 0


def _generic(state: BigFiveState, rng: random.Random) -> tuple[BigFiveState, int]:
    return Game.random_playout(GAME, state, rng)


#: The checked engine's sample per configuration, the longest asked for so far: one generator plays the games in
#: turn, so a shorter sample is the longer one's beginning (the distribution test's 150 games of two seats and the
#: biased sampler's 120 share it, played once).
_REFERENCE: dict[tuple[int, BigFiveVariant], dict[str, list[Any]]] = {}


def _reference(players: int, variant: BigFiveVariant, games: int) -> dict[str, list[Any]]:
    """The first ``games`` games of the generic (checked) playout, seed 2."""
    kept = _REFERENCE.get((players, variant))
    if kept is None or len(kept["length"]) < games:
        kept = _REFERENCE[players, variant] = samples(GAME, players, variant, lambda g, s, r: _generic(s, r), games,
                                                      seed=2)
    return {key: values[:games] for key, values in kept.items()}


def _compare(players: int, variant: BigFiveVariant, sampler: Any, games: int) -> dict[str, float]:
    return p_values(samples(GAME, players, variant, lambda g, s, r: sampler(s, r), games, seed=1),
                    _reference(players, variant, games))


KIDS = BigFiveVariant(children=True)


@pytest.mark.parametrize(("players", "variant", "games"), [(2, KIDS, 150), (1, KIDS, 400)])
def test_fast_playout_draws_the_checked_distribution(players: int, variant: BigFiveVariant, games: int) -> None:
    assert type(GAME).random_playout is not Game.random_playout
    p = _compare(players, variant, GAME.random_playout, games)
    assert min(p.values()) > ALPHA, p


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), [
    (4, BigFiveVariant()), (3, KIDS),
    (2, BigFiveVariant(children=True, exchange="whole_hand", min_group=2, bonus_timing="after_refill",
                       pass_rule="always")),
])
def test_fast_playout_draws_the_checked_distribution_slow(players: int, variant: BigFiveVariant) -> None:
    p = _compare(players, variant, GAME.random_playout, 300)
    assert min(p.values()) > ALPHA, p


def _play_bias(state: BigFiveState, rng: random.Random) -> tuple[BigFiveState, int]:
    """A biased sampler: seat 0 plays whenever it can (uniformly among its plays)."""
    steps = 0
    while not GAME.is_terminal(state):
        actor = GAME.current_player(state)
        if actor == CHANCE:
            move = GAME.sample_chance(state, rng)
        else:
            moves = GAME.legal_moves(state)
            if actor == 0:
                moves = tuple(m for m in moves if isinstance(m, Play)) or moves
            move = moves[rng.randrange(len(moves))]
        state = GAME.apply_unchecked(state, move)
        steps += 1
    return state, steps


def test_invalid_biased_sampler_is_caught() -> None:
    p = _compare(2, KIDS, _play_bias, 120)
    assert min(p.values()) < ALPHA, p


def test_fast_playout_is_guarded() -> None:
    """A derived engine overriding a transition, or a variant flag the fast path
    does not know, takes the generic path; a derived rule hook does not."""
    import dataclasses

    start = GAME.new_game(2, KIDS, seed=5)

    class Derived(type(GAME)):  # type: ignore[misc]
        def apply_unchecked(self, state: Any, move: Any) -> Any:
            return super().apply_unchecked(state, move)

    class Hooked(type(GAME)):  # type: ignore[misc]
        def bonus_earned(self, variant: Any, cells: Any, placed: Any) -> int:
            return 0

    assert GAME._fast_ok(KIDS) and Hooked()._fast_ok(KIDS)
    derived = Derived()
    assert not derived._fast_ok(KIDS)
    assert derived.random_playout(start, random.Random(9)) == Game.random_playout(GAME, start, random.Random(9))
    unknown = frozenset(f.name for f in dataclasses.fields(KIDS)) - type(GAME)._FAST_FLAGS
    assert not unknown, f"flags the fast path does not handle: {sorted(unknown)}"


def test_without_exchanges_or_single_plays_the_candidates_are_searched_for_a_play() -> None:
    """No deck (no exchange), groups of two at least (no single card): whether a
    play exists decides the forced pass, so the fast path lists the plays found
    among its candidates, or the pass."""
    from ruleproof.spec.bigfive import make_position

    variant = BigFiveVariant(min_group=2)
    for hands, plays in ((["Gp Zp", "Lb"], 12), (["Gb Zy", "Lb"], 0)):
        state = make_position("Lp@0,0", hands, decks=["", ""], variant=variant)
        choices = Choices(GAME, state, 0)
        assert choices.listed  # searched, not drawn with redraws
        listed = [choices[r] for r in range(len(choices))]
        assert Counter(listed) == Counter(GAME.legal_moves(state))
        assert sum(isinstance(m, Play) for m in listed) == plays
        assert plays or [str(m) for m in listed] == ["pass"]


def test_the_playout_moves_on_only_its_own_board_index() -> None:
    """The playout updates its board index in place; an index the game handed
    out before (here for the very board the playout starts from) stays as it was."""
    rng = random.Random(4)
    state = GAME.new_game(2, KIDS, seed=4)
    while GAME.current_player(state) == CHANCE:
        state = GAME.apply(state, GAME.sample_chance(state, rng))
    held = GAME._board_index(state.board)
    cells, singles = dict(held.cells), dict(held.singles())
    final, _ = GAME.random_playout(state, rng)
    assert len(final.board) > len(state.board) or final.round > state.round
    assert held.cells == cells and held.singles() == singles
