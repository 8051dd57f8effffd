"""The fast random playout of Big Five: a uniform legal decision drawn without
listing the legal moves.

A seat's legal moves are its exchanges (every distinct sub-multiset of the
hand, or the whole hand), perhaps a pass, and its plays. The exchanges are
counted from the hand's multiplicities (``prod(m + 1) - 1``) and one is decoded
from a mixed-radix number; the plays are counted per play window from the
cards each empty cell admits (:func:`play_census`), and only the drawn play is
built (:func:`nth_play`). So every legal move has the same chance as in
``Game.random_move`` over :meth:`BigFiveGame.legal_moves`, which
``tests/model/test_bigfive_fast.py`` checks move by move (the census equals
the generated plays) and game by game (two-sample tests on the outcomes, with a
biased sampler that fails them).

>>> from ruleproof.model.bigfive import GAME, _Index, generate_plays
>>> from ruleproof.spec.bigfive import make_position
>>> s = make_position("Lp@0,0", ["Gp Zp", "Lb"])
>>> index, hand = _Index(s.board), s.hands[0]
>>> total, entries = play_census(index, hand, 1)
>>> total == len(generate_plays(index, hand))
True
>>> sorted(nth_play(entries, r) for r in range(total)) == generate_plays(index, hand)
True
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING

from ruleproof.model.bigfive_index import (
    _Index,
    distinct_count,
    hand_groups,
    nth_distinct,
)
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec.bigfive import (
    BigFiveMove,
    BigFiveState,
    Discard,
    Exchange,
    Placed,
    Play,
)

if TYPE_CHECKING:
    from ruleproof.model.bigfive import BigFiveGame

Cell = tuple[int, int]
#: (number of plays, the empty cells in order, the cards each cell may take)
Entry = tuple[int, tuple[Cell, ...], tuple[int, ...]]


def play_census(index: _Index, hand: tuple[int, ...], min_size: int = 1) -> tuple[int, list[Entry]]:
    """The number of legal plays of ``hand`` and where they are: one entry per
    single cell (its cards merged over the row and column windows and the line
    modes, as the generated plays are) and one per multi-card window and mode.
    """
    kinds = set(hand)
    if not kinds or not index.cells:
        return 0, []
    hand_mask = 0
    for c in kinds:
        hand_mask |= 1 << c
    if min(4, len(kinds)) < min_size:
        return 0, []
    entries: list[Entry] = []
    total = 0
    if min_size <= 1:
        for cell, mask in index.singles().items():
            here = mask & hand_mask
            if here:
                n = here.bit_count()
                entries.append((n, (cell,), (here,)))
                total += n
    counts = hand_groups(kinds)
    groups = 0
    for g, n in enumerate(counts):
        if n >= 2:
            groups |= 1 << g
    if not groups:
        return total, entries
    for runs in index.lines().values():
        for run in runs:
            if not run[2] & groups:
                continue
            for g, k, where, mode, masks in run[3]:
                if counts[g] < k or k < min_size:
                    continue
                allowed = mode & hand_mask
                if allowed.bit_count() < k:
                    continue
                options = tuple(allowed & m for m in masks)
                n = distinct_count(options)
                if n:
                    entries.append((n, where, options))
                    total += n
    return total, entries


def nth_play(entries: list[Entry], r: int) -> tuple[Placed, ...]:
    """The ``r``-th play of a census (``0 <= r <`` its total), as sorted placements."""
    for n, where, options in entries:
        if r < n:
            cards = nth_distinct(options, r)
            return tuple(Placed(x, y, c) for (x, y), c in zip(where, cards))
        r -= n
    raise IndexError("play index out of range")


def _sub_multisets(hand: tuple[int, ...]) -> tuple[list[int], list[int]]:
    kinds: list[int] = []
    counts: list[int] = []
    for c in hand:  # the hand is sorted
        if kinds and kinds[-1] == c:
            counts[-1] += 1
        else:
            kinds.append(c)
            counts.append(1)
    return kinds, counts


def _exchange_count(hand: tuple[int, ...]) -> int:
    n = 1
    for m in _sub_multisets(hand)[1]:
        n *= m + 1
    return n - 1


def _nth_exchange(hand: tuple[int, ...], r: int) -> tuple[int, ...]:
    """The sub-multiset numbered ``r + 1`` in mixed radix over the hand's multiplicities."""
    kinds, counts = _sub_multisets(hand)
    r += 1
    out: list[int] = []
    for c, m in zip(kinds, counts):
        r, take = divmod(r, m + 1)
        out += [c] * take
    return tuple(out)


def random_decision(game: BigFiveGame, state: BigFiveState, actor: int, rng: random.Random) -> BigFiveMove:
    """A uniformly random legal move of the seat ``actor`` (same odds as a pick from ``legal_moves``)."""
    if state.bonus:
        moves = game.legal_moves(state)
        return moves[rng.randrange(len(moves))]
    hand = state.hands[actor]
    variant = state.variant
    index = game._board_index(state.board)
    if state.players == 1:
        total, entries = play_census(index, hand, 3)
        discards: list[tuple[int, ...]] = []
        if not total or variant.solo_discard == "optional":
            discards = sorted(set(itertools.combinations(hand, 3)))
        r = rng.randrange(len(discards) + total)
        if r < len(discards):
            return Discard(discards[r])
        return Play(nth_play(entries, r - len(discards)))
    exchanges = 0
    if state.decks[actor]:
        exchanges = 1 if variant.exchange == "whole_hand" else _exchange_count(hand)
    passes = 1 if variant.pass_rule == "always" else 0
    total, entries = play_census(index, hand, variant.min_group)
    n = exchanges + passes + total
    if not n:
        return game._pass_move
    r = rng.randrange(n)
    if r < exchanges:
        return Exchange(hand if variant.exchange == "whole_hand" else _nth_exchange(hand, r))
    r -= exchanges
    if r < passes:
        return game._pass_move
    return Play(nth_play(entries, r - passes))


def random_playout(game: BigFiveGame, state: BigFiveState, rng: random.Random,
                   trace: list[BigFiveMove] | None = None) -> tuple[BigFiveState, int]:
    """:meth:`Game.random_playout` with :func:`random_decision` for the seats' moves."""
    steps = 0
    current, sample, apply = game.current_player, game.sample_chance, game.apply_unchecked
    while True:
        actor = current(state)
        if actor == TERMINAL:
            return state, steps
        if actor == CHANCE:
            move = sample(state, rng)
        else:
            move = random_decision(game, state, actor, rng)
        if trace is not None:
            trace.append(move)
        state = apply(state, move)
        steps += 1
