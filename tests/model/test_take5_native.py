"""The compiled build's Take 5 loop (``ruleproof.model.take5_native``) plays the engine's games, move for move.

In the compiled build ``Take5Game`` plays a game from a round's start with ``take5_native.play_rounds`` (native
vecs, the generator's words taken two a call) instead of its own four-row loop. Interpreted, that loop is
slower than the engine's, so the pure package does not use it; these tests run it here anyway (and again,
compiled, in ``tests/model/test_compiled_build.py``) and compare it with the engine's loop: the same final
states, step counts, traces and generator states from the same seeds, from new games and from every round's
start of checked games, for several player counts and flags.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("librt.vecs")  # mypy's runtime library (the test extra's mypy brings it)

from ruleproof.model import take5, take5_native  # noqa: E402
from ruleproof.model.take5 import GAME  # noqa: E402
from ruleproof.spec.take5 import Take5State, Take5Variant  # noqa: E402

from tests.fastpaths import checked_states  # noqa: E402

NATIVE = (take5_native.play_rounds, take5_native.MAX_BOUND)

#: Player counts and flags the native loop takes (four rows, no professional variant nor low_row_keys): the
#: rulebook's game at the fewest and most players, rows shorter and longer than five, each end rule and end
#: check, both too-low choices, the tactical deck, other hand sizes and deck tops.
VARIANTS = [
    (2, Take5Variant()),
    (4, Take5Variant()),
    (10, Take5Variant()),
    (3, Take5Variant(row_capacity=8, threshold=40)),
    (2, Take5Variant(row_capacity=1, end_check="immediate")),
    (5, Take5Variant(row_capacity=3, row_choice="auto", deck="tactical")),
    (6, Take5Variant(end_check="immediate", threshold=25, hand_size=7)),
    (4, Take5Variant(end_rule=">", row_choice="auto", end_check="immediate")),
    (3, Take5Variant(deck_top=250, hand_size=20, threshold=30)),  # draws of eight bits
]


def _round_starts(players: int, variant: Take5Variant, seed: int) -> list[Take5State]:
    """The states of one checked game at which the native loop starts: before the first deal, and after each
    round's last turn (the game not over)."""
    n_deal = variant.hand_size * players + take5_native.ROWS
    states = list(checked_states(GAME, players, variant, seed))
    return [s for s in states[:-1]
            if s.dealt == 0 or (s.dealt == n_deal and not s.resolving and not s.hands[-1])]


def _both(start: Take5State, seed: int, traced: bool) -> tuple[Any, Any, list[Any], list[Any], Any, Any]:
    """The native loop's and the engine's four-row loop's games from ``start`` and ``seed`` (fresh engines):
    their results, traces and generators."""
    native_rng, plain_rng = random.Random(seed), random.Random(seed)
    native_trace: list[Any] = []
    plain_trace: list[Any] = []
    native = type(GAME)()._native_four_row(start, native_rng, native_trace if traced else None, NATIVE)
    plain = type(GAME)()._four_row_playout(start, plain_rng, plain_trace if traced else None)
    return native, plain, native_trace, plain_trace, native_rng, plain_rng


@pytest.mark.parametrize(("players", "variant"), VARIANTS)
def test_the_native_loop_plays_the_engines_games_move_for_move(players: int, variant: Take5Variant) -> None:
    starts = 0
    for seed in range(6):
        for index, start in enumerate(_round_starts(players, variant, seed)[:3]):
            starts += 1
            for traced in (False, True):
                native, plain, native_trace, plain_trace, native_rng, plain_rng = _both(start, seed * 10 + index,
                                                                                         traced)
                assert native is not None, f"the native loop declined a round's start: {start!r}"
                assert native == plain
                assert native_trace == plain_trace
                assert len(native_trace) == (native[1] if traced else 0)
                # the generator is left where the single draws leave it: its next draw is the same
                assert native_rng.getstate() == plain_rng.getstate()
                assert native_rng.random() == plain_rng.random()
    assert starts >= 6  # each game's first deal at least


def test_the_native_loop_declines_states_inside_a_round() -> None:
    """Inside a round (part of the deal made, a turn chosen or half placed) the engine's loop plays on; the
    native one declines without drawing. So it does for a deck ``Random.sample`` draws from by a set of the
    indexes taken, not by walking a pool (the largest decks)."""
    big = GAME.initial_state(3, Take5Variant(deck_top=300, hand_size=20))
    assert type(GAME)()._native_four_row(big, random.Random(1), None, NATIVE) is None
    players, variant = 4, Take5Variant()
    inside = [s for s in checked_states(GAME, players, variant, 3)
              if not GAME.is_terminal(s) and 0 < s.dealt and (s.dealt < 44 or s.hands[-1] or s.resolving)]
    assert len(inside) > 100
    for start in inside[::7]:
        rng = random.Random(1)
        assert type(GAME)()._native_four_row(start, rng, None, NATIVE) is None
        assert rng.getstate() == random.Random(1).getstate()


def test_the_words_are_the_single_draws_words() -> None:
    """``_Words`` takes two words a call only while two draws are sure to follow: any mix of sure draws (bounds
    up to the largest) and unsure ones (a too-low card's row) gives ``randrange``'s numbers and leaves the
    generator where ``randrange`` leaves it."""
    shapes = random.Random(0)
    for seed in range(300):
        mine, theirs = random.Random(seed), random.Random(seed)
        words = take5_native._Words(mine)
        bounds = [shapes.choice((1, 2, 3, 4, 7, 10, 104, 300, take5_native.MAX_BOUND - 1)) for _ in range(shapes.randrange(1, 30))]
        words.sure = len(bounds)
        got, wanted = [], []
        for n in bounds:
            got.append(words.below(n, take5_native._SHIFTS[n]))
            wanted.append(theirs.randrange(n))
            if shapes.random() < 0.3:  # an unsure draw (a row of four) between them
                row = words.top() >> take5_native._ROW_SHIFT
                while row >= take5_native.ROWS:
                    row = words.top() >> take5_native._ROW_SHIFT
                got.append(row)
                wanted.append(theirs.randrange(take5_native.ROWS))
        assert got == wanted
        assert words.sure == 0 and words.kept == -1
        assert mine.getstate() == theirs.getstate()


def test_a_pair_taken_too_early_would_be_seen() -> None:
    """The check above can fail: counting one sure draw too many leaves the generator a word ahead."""
    mine, theirs = random.Random(5), random.Random(5)
    words = take5_native._Words(mine)
    words.sure = 2  # one draw is to come, not two
    assert words.below(10, take5_native._SHIFTS[10]) == theirs.randrange(10)
    assert mine.getstate() != theirs.getstate()


def test_the_native_loop_fails_past_its_bound() -> None:
    with pytest.raises(RuntimeError, match="bound of 50 moves"):
        take5_native.play_rounds(random.Random(1), 4, 10, 5, False, False, 66, 104, take5._BULL, [0] * 4, 50, None)
    with pytest.raises(ValueError, match="from 40 cards"):
        take5_native.play_rounds(random.Random(1), 4, 10, 5, False, False, 66, 40, take5._BULL, [0] * 4, 9999, None)


def test_the_compiled_build_and_only_it_plays_the_native_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pure Python keeps the engine's loop (the native one is slower interpreted); the compiled build, with
    librt present, plays the native one. Either way ``random_playout`` plays the same games, inside rounds too
    (where the native loop declines)."""
    if take5._COMPILED:
        assert take5._NATIVE is not None and take5._NATIVE[0] is take5_native.play_rounds
    else:
        assert take5._NATIVE is None
        monkeypatch.setattr(take5, "_NATIVE", NATIVE)  # what the compiled build does (its Final is a C constant)
    for players, variant in VARIANTS[:6]:
        for seed, start in enumerate(list(checked_states(GAME, players, variant, 1))[:-1:23]):
            a, b = random.Random(seed), random.Random(seed)
            assert type(GAME)().random_playout(start, a) == type(GAME)()._four_row_playout(start, b, None)
            assert a.getstate() == b.getstate()
