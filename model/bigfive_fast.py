"""The fast random playout of Big Five: a uniform legal decision drawn without
listing the legal moves.

A seat's legal moves are its exchanges (every distinct sub-multiset of the
hand, or the whole hand), perhaps a pass, and its plays. The exchanges are
counted from the hand's multiplicities (``prod(m + 1) - 1``) and one is decoded
from a mixed-radix number; the single-card plays are counted from the cards
each empty cell admits (the index's single masks). The plays of two or more
cards are drawn from a superset, the assignments of the hand's cards to the
free windows of :mod:`ruleproof.model.bigfive_free` (counted per line, the
perpendicular lines left out), in which every such play appears once: a drawn
assignment that does not fit a perpendicular line is no move, and the whole
draw is repeated (:func:`random_decision`). So every legal move has the same
chance as in ``Game.random_move`` over :meth:`BigFiveGame.legal_moves`, which
``tests/model/test_bigfive_fast.py`` checks move by move (the candidates that
are moves are the legal moves, each once) and game by game (two-sample tests on
the outcomes, with a biased sampler that fails them). While the playout runs it
owns the board index and moves it on in place (:meth:`_Index.advance`).

The exact census of the plays (:func:`play_census`, :func:`nth_play`), from the
windows of the index, serves the solo game, where whether any play exists
decides what else is legal.

>>> from ruleproof.model.bigfive import GAME, _Index, generate_plays
>>> from ruleproof.spec.bigfive import make_position
>>> s = make_position("Lp@0,0", ["Gp Zp", "Lb"])
>>> index, hand = _Index(s.board), s.hands[0]
>>> total, entries = play_census(index, hand, 1)
>>> total == len(generate_plays(index, hand))
True
>>> sorted(nth_play(index, entries, r) for r in range(total)) == generate_plays(index, hand)
True
"""

from __future__ import annotations

import itertools
import random
from bisect import insort
from collections.abc import MutableSequence
from typing import Any, Protocol

from ruleproof.model.bigfive_free import FreeWindows, free_windows
from ruleproof.model.bigfive_index import (
    _Index,
    group_windows,
    nth_distinct,
)
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec.bigfive import (
    KINDS,
    MAX_GROUP,
    SOLO_DISCARD,
    SOLO_MIN_GROUP,
    BigFiveMove,
    BigFiveState,
    BigFiveVariant,
    Deal,
    Discard,
    Draw,
    Exchange,
    Pass,
    Placed,
    Play,
)


class SetupPlan(Protocol):
    """A round's setup plan (the engine's): the deck sizes, and per setup move the seat it goes to."""

    sizes: tuple[int, ...]
    targets: tuple[int, ...]
    deal_end: int
    length: int


class PlayoutGame(Protocol):
    """What the fast playout asks of the engine (:class:`ruleproof.model.bigfive.BigFiveGame`), whose checked
    path it shares: its moves, chance, transitions and the board index it owns while the playout runs."""

    def current_player(self, state: BigFiveState) -> int: ...

    def legal_moves(self, state: BigFiveState) -> tuple[BigFiveMove, ...]: ...

    def sample_chance(self, state: BigFiveState, rng: Any) -> BigFiveMove: ...

    def apply_unchecked(self, state: BigFiveState, move: BigFiveMove) -> BigFiveState: ...

    def _board_index(self, board: tuple[Placed, ...]) -> _Index: ...

    def _setup(self, variant: BigFiveVariant, players: int) -> SetupPlan: ...

    def _new_round(self, state: BigFiveState) -> BigFiveState: ...

    def _end_turn(self, state: BigFiveState) -> BigFiveState: ...

    def max_game_length(self, players: int, variant: BigFiveVariant) -> int: ...

Cell = tuple[int, int]
_DEAL = tuple(Deal(c) for c in range(KINDS))
_DRAW = tuple(Draw(c) for c in range(KINDS))
_PASS = Pass()
#: (number of plays, the empty cells in order, the cards each cell may take)
Entry = tuple[int, tuple[Cell, ...], tuple[int, ...]]


def play_census(index: _Index, hand: tuple[int, ...], min_size: int = 1,
                max_size: int = MAX_GROUP) -> tuple[int, list[Entry]]:
    """The number of legal plays of ``min_size`` to ``max_size`` cards of ``hand`` and where they are: one entry per
    single cell (its cards merged over the row and column windows and the line
    modes, as the generated plays are) and one per multi-card window and mode.
    """
    kinds = set(hand)
    if not kinds or not index.cells:
        return 0, []
    hand_mask = 0
    for c in kinds:
        hand_mask |= 1 << c
    if min(max_size, len(kinds)) < min_size:
        return 0, []
    entries: list[Entry] = []
    total = 0
    if min_size <= 1:
        single = index.single_counts()
        for c in kinds:
            total += single[c]
        if total:
            # the single cards, found on the board only when one is drawn (:func:`nth_play`)
            entries.append((total, (), (hand_mask,)))
    for n, where, options in group_windows(index, kinds, hand_mask, min_size, max_size):
        entries.append((n, where, options))
        total += n
    return total, entries


def nth_play(index: _Index, entries: list[Entry], r: int) -> tuple[Placed, ...]:
    """The ``r``-th play of a census of ``index`` (``0 <= r <`` its total), as sorted placements."""
    for n, where, options in entries:
        if r < n:
            if not where:  # the single cards of the hand options[0]
                hand_mask = options[0]
                for (x, y), mask in index.singles().items():
                    here = mask & hand_mask
                    m = here.bit_count()
                    if r < m:
                        return (Placed(x, y, nth_distinct((here,), r)[0]),)
                    r -= m
                break
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


def _exchange_count(hand: tuple[int, ...], mask: int) -> int:
    """The distinct non-empty sub-multisets of the sorted ``hand`` (its kinds as bits: ``mask``)."""
    n = len(hand)
    if mask.bit_count() == n:
        return (1 << n) - 1  # no kind twice: every non-empty subset
    got = 1
    for m in _sub_multisets(hand)[1]:
        got *= m + 1
    return got - 1


def _nth_exchange(hand: tuple[int, ...], r: int, distinct: bool) -> tuple[int, ...]:
    """The sub-multiset numbered ``r + 1`` in mixed radix over the hand's multiplicities (with ``distinct``
    kinds, each radix 2: the bits of ``r + 1``)."""
    r += 1
    if distinct:
        return tuple([c for i, c in enumerate(hand) if r >> i & 1])
    kinds, counts = _sub_multisets(hand)
    out: list[int] = []
    for c, m in zip(kinds, counts):
        r, take = divmod(r, m + 1)
        out += [c] * take
    return tuple(out)


class Choices:
    """A seat's moves as a count and a numbering ``0 .. len - 1`` of
    *candidates*, built without listing the moves: every legal move once and,
    with more than one player, the assignments of free windows
    (:mod:`ruleproof.model.bigfive_free`) that are not plays, for which
    ``choices[r]`` is ``None``. So the candidates that are not ``None`` are
    :meth:`BigFiveGame.legal_moves` in another order, and a uniform candidate
    drawn again until it is not ``None`` is a uniform legal move
    (:func:`random_decision`).
    """

    __slots__ = ("discards", "entries", "exchanges", "free", "free_entries", "hand", "index", "listed", "mask",
                 "passes", "plays", "size", "whole")

    def __init__(self, game: PlayoutGame, state: BigFiveState, actor: int) -> None:
        self.listed: tuple[BigFiveMove, ...] = ()
        self.discards: list[tuple[int, ...]] = []
        self.exchanges = self.passes = self.plays = 0
        self.entries: list[Entry] = []
        self.free: FreeWindows | None = None
        self.free_entries: list[tuple[int, int, int, int]] = []
        hand = self.hand = state.hands[actor]
        self.mask = 0
        variant = state.variant
        self.whole = variant.exchange == "whole_hand"
        if state.bonus:
            self.listed = game.legal_moves(state)
            self.size = len(self.listed)
            return
        index = self.index = game._board_index(state.board)
        if state.players == 1:
            self.plays, self.entries = play_census(index, hand, SOLO_MIN_GROUP, variant.max_group)
            if not self.plays or variant.solo_discard == "optional":
                self.discards = sorted(set(itertools.combinations(hand, SOLO_DISCARD)))
            self.size = len(self.discards) + self.plays
            return
        mask = 0
        for c in hand:
            mask |= 1 << c
        self.mask = mask
        exchanges = (1 if self.whole else _exchange_count(hand, mask)) if state.decks[actor] else 0
        passes = 1 if variant.pass_rule == "always" else 0
        min_size = variant.min_group
        singles = 0
        if min_size <= 1 and index.cells:
            single = index.single_counts()
            seen = 0
            for c in hand:
                if not seen >> c & 1:
                    seen |= 1 << c
                    singles += single[c]
            if singles:
                # the single cards, found on the board only when one is drawn (:func:`nth_play`)
                self.entries.append((singles, (), (mask,)))
        free = self.free = free_windows(index)
        candidates, entries = free.census(mask, min_size, variant.max_group)
        self.free_entries = entries
        self.exchanges, self.passes, self.plays = exchanges, passes, singles
        if not exchanges + passes + singles:
            # Whether a play exists decides a forced pass: find the plays among the candidates.
            plays = sorted(p for p in (free.play(entries, r, mask) for r in range(candidates)) if p)
            self.listed = tuple(Play(p) for p in plays) or (_PASS,)
            self.size = len(self.listed)
            return
        self.size = exchanges + passes + singles + candidates

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, r: int) -> BigFiveMove | None:
        if not 0 <= r < self.size:
            raise IndexError(r)
        if self.listed:
            return self.listed[r]
        if r < len(self.discards):
            return Discard(self.discards[r])
        r -= len(self.discards)
        if r < self.exchanges:
            hand = self.hand
            return Exchange(hand if self.whole else _nth_exchange(hand, r, self.mask.bit_count() == len(hand)))
        r -= self.exchanges
        if r < self.passes:
            return _PASS
        r -= self.passes
        if r < self.plays:
            return Play(nth_play(self.index, self.entries, r))
        assert self.free is not None
        placed = self.free.play(self.free_entries, r - self.plays, self.mask)
        return None if placed is None else Play(placed)


def random_decision(game: PlayoutGame, state: BigFiveState, actor: int, rng: random.Random) -> BigFiveMove:
    """A uniformly random legal move of the seat ``actor`` (same odds as a pick
    from ``legal_moves``): uniform candidates of :class:`Choices` until one is a move."""
    choices = Choices(game, state, actor)
    while True:
        move = choices[rng.randrange(choices.size)]
        if move is not None:
            return move


def deal_round(game: PlayoutGame, state: BigFiveState, rng: random.Random,
               trace: MutableSequence[BigFiveMove] | None) -> tuple[BigFiveState, int] | None:
    """The whole setup of a round at once (``state``: before its first deal, or a
    round just over): the deals as a uniformly random sequence of the pool's
    cards, then each seat's first hand as a uniform sample of its deck, which is
    what dealing and drawing one card at a time gives. ``None`` when the setup
    would run out of cards (the step-by-step path then reports it).
    """
    if state.round_over:
        state = game._new_round(state)
    setup = game._setup(state.variant, state.players)
    pool = state.pool
    if setup.deal_end > len(pool):
        return None
    picked = rng.sample(range(len(pool)), setup.deal_end)
    dealt = [pool[i] for i in picked]
    chosen = set(picked)
    rest = [c for i, c in enumerate(pool) if i not in chosen]
    targets = setup.targets
    n = state.players
    decks: list[list[int]] = [[] for _ in range(n)]
    for j in range(1, setup.deal_end):
        decks[targets[j]].append(dealt[j])
    hands: list[tuple[int, ...]] = [()] * n
    draws: list[list[int]] = [[] for _ in range(n)]
    for seat, size in enumerate(setup.sizes):
        want = min(state.variant.hand_size, size)
        if want:
            got = rng.sample(decks[seat], want)
            draws[seat] = got
            hands[seat] = tuple(sorted(got))
            left = list(decks[seat])
            for c in got:
                left.remove(c)
            decks[seat] = left
    if trace is not None:
        trace.extend(_DEAL[c] for c in dealt)
        for seat in targets[setup.deal_end:setup.length]:
            if draws[seat]:
                trace.append(_DRAW[draws[seat].pop(0)])
    new_decks = tuple((tuple(sorted(d)),) if d else () for d in decks)
    final = BigFiveState(
        state.variant, n, state.round, setup.length, (), (Placed(0, 0, dealt[0]),), tuple(hands), new_decks,
        state.pile, tuple(sorted(state.box + tuple(rest))), state.turn, state.bonus, state.boxing, state.to_draw,
        state.idle, state.penalties, False, False,
    )
    return final, setup.length


def draw_run(game: PlayoutGame, state: BigFiveState, rng: random.Random,
             trace: MutableSequence[BigFiveMove] | None) -> tuple[BigFiveState, int]:
    """A seat's refill after its move (``state.to_draw`` cards, never more than its deck) at once."""
    seat = state.turn
    return _refill(game, state, list(state.hands[seat]), state.decks[seat], state.to_draw, state.idle, rng, trace)


def exchange_run(game: PlayoutGame, state: BigFiveState, cards: tuple[int, ...], rng: random.Random,
                 trace: MutableSequence[BigFiveMove] | None) -> tuple[BigFiveState, int]:
    """The seat's exchange of ``cards`` (what :meth:`BigFiveGame.apply` does: the
    cards under the deck, one more idle turn) and its refill at once; the
    number of draws."""
    seat = state.turn
    hand = list(state.hands[seat])
    for c in cards:
        hand.remove(c)
    return _refill(game, state, hand, state.decks[seat] + (cards,), len(cards), state.idle + 1, rng, trace)


def _refill(game: PlayoutGame, state: BigFiveState, hand: list[int], segments: tuple[tuple[int, ...], ...],
            count: int, idle: int, rng: random.Random, trace: MutableSequence[BigFiveMove] | None) -> tuple[BigFiveState, int]:
    """``count`` draws of seat ``state.turn`` (hand ``hand``, deck ``segments``), then the end of its turn."""
    seat = state.turn
    at = 0
    top = list(segments[0])
    randrange = rng.randrange
    for _ in range(count):
        card = top.pop(randrange(len(top)))
        insort(hand, card)
        if trace is not None:
            trace.append(_DRAW[card])
        if not top:
            at += 1
            top = list(segments[at]) if at < len(segments) else []
    deck = ((tuple(top),) if top else ()) + segments[at + 1:]
    hands = state.hands[:seat] + (tuple(hand),) + state.hands[seat + 1:]
    decks = state.decks[:seat] + (deck,) + state.decks[seat + 1:]
    players = state.players
    if not state.bonus and 1 < players and idle < players:
        # _end_turn without a stalemate to look for: the next seat's turn (one new state instead of two)
        return BigFiveState(
            state.variant, players, state.round, state.dealt, state.pool, state.board, hands, decks, state.pile,
            state.box, (seat + 1) % players, 0, state.boxing, 0, idle, state.penalties, state.round_over,
            state.finished,
        ), count
    s = state._replace(hands=hands, decks=decks, to_draw=0, idle=idle)
    return (s if s.bonus else game._end_turn(s)), count


def random_playout(game: PlayoutGame, state: BigFiveState, rng: random.Random,
                   trace: MutableSequence[BigFiveMove] | None = None) -> tuple[BigFiveState, int]:
    """:meth:`Game.random_playout` with :func:`random_decision` for the seats'
    moves and whole setups (:func:`deal_round`), refills (:func:`draw_run`) and
    exchanges with their refills (:func:`exchange_run`) at once."""
    steps = 0
    current, sample, apply = game.current_player, game.sample_chance, game.apply_unchecked
    bound = game.max_game_length(state.players, state.variant)  # a bug fails here instead of looping for ever
    while True:
        if steps > bound:
            raise RuntimeError(f"bigfive: the fast playout ran past the game's bound of {bound} moves")
        actor = current(state)
        if actor == TERMINAL:
            return state, steps
        if actor == CHANCE:
            if state.round_over or state.dealt == 0:
                done = deal_round(game, state, rng, trace)
                if done is not None:
                    state, n = done
                    steps += n
                    continue
            elif state.to_draw and state.dealt >= game._setup(state.variant, state.players).length:
                state, n = draw_run(game, state, rng, trace)
                steps += n
                continue
            move = sample(state, rng)
        else:
            move = random_decision(game, state, actor, rng)
            if type(move) is Exchange:
                if trace is not None:
                    trace.append(move)
                state, n = exchange_run(game, state, move.cards, rng, trace)
                steps += 1 + n
                continue
        if trace is not None:
            trace.append(move)
        state = apply(state, move)
        steps += 1
