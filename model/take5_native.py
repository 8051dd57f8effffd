"""Take 5's four-row playout for the compiled build: the same game on unboxed ints, drawn a pair of words a call.

:meth:`ruleproof.model.take5.Take5Game._four_row_playout` is the engine's playout: Python lists of ints, one
``getrandbits`` call a draw. Compiled by mypyc that loop still spends about half its time in CPython's own
work (the draws' calls, boxing ints, ``list.sort`` and ``list.pop``). This module plays the same games from a
round's start with the compiled build's native arrays, ``librt.vecs.vec[i64]`` (mypy's runtime library: in
compiled code a vec of i64 holds unboxed ints; the cards' tables, the hands, the pool and each turn's picks are
vecs, a pick leaves its hand by a native shift and the picks are kept in order as they are drawn), and takes the
generator's 32-bit words two at a call (:class:`_Words`).

It is used by the compiled build only (``take5._NATIVE``): interpreted, vecs and the word pairs are slower than
the engine's lists (about 0.5x), so the pure package keeps its loop and does not need ``librt``. The tests run
this module interpreted as well and compare its games with the engine's, move for move
(``tests/model/test_take5_native.py``).

The draws are the engine's, word for word. ``Random.randrange(n)`` for ``n`` below 2**16 asks ``getrandbits(k)``
(``k = n.bit_length()``) until the value is below ``n``; each ask takes one 32-bit word of the Mersenne Twister
and returns its top ``k`` bits, which are the top ``k`` bits of the word's top 16. ``Random.random()`` takes
two words and returns ``(a * 2**26 + b) / 2**53`` (``a``, ``b`` the two words' top 27 and 26 bits): one call
gives two words' top 16 bits. A pair is taken only when at least two draws are sure to follow (a round's deal
and, unless a take may end the game at once, its picks), so the generator is left exactly where single draws
leave it; otherwise one word is taken (``getrandbits(16)``: its top 16 bits). :data:`PAIRS_OK` checks on import
that this Python's generator makes its floats that way.

>>> a, b = random.Random(4), random.Random(4)
>>> words = _Words(a)
>>> words.sure = 3
>>> [words.below(10, _SHIFTS[10]) for _ in range(3)] == [b.randrange(10) for _ in range(3)]
True
>>> a.getstate() == b.getstate()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from librt.vecs import append, vec
from mypy_extensions import i64

__all__ = ["MAX_BOUND", "PAIRS_OK", "ROWS", "play_rounds"]

#: The rows this playout is written for (unrolled): the rulebook's four.
ROWS: Final = 4
#: The bits of a word kept (its top ones): more than any draw here takes (a draw below ``n`` takes
#: ``n.bit_length()``).
_TOP_BITS: Final = 16
#: The draws' bounds stay below this (a deck of at most 1023 cards; the rules' largest has 300).
MAX_BOUND: Final = 1024
#: ``Random.random()``'s float times this is its 53-bit integer ``a << 26 | b``.
_PAIR_SCALE: Final = 9007199254740992.0  # 2 ** 53
#: Where, in that integer, the first word's top bits start (27 bits of ``a``, the top 16 of them) ...
_FIRST_TOP: Final = 53 - _TOP_BITS
#: ... and the second's (26 bits of ``b``, the top 16 of them).
_SECOND_TOP: Final = 26 - _TOP_BITS
_TOP_MASK: Final = (1 << _TOP_BITS) - 1
#: ``_SHIFTS[n]`` turns a word's top bits into ``getrandbits(n.bit_length())``: ``16 - n.bit_length()``.
_SHIFTS: Final = vec[i64]([_TOP_BITS - n.bit_length() for n in range(MAX_BOUND)])
_ROW_SHIFT: Final = _TOP_BITS - ROWS.bit_length()


class _Words:
    """The generator's 32-bit words, each taken once and in order, as their top 16 bits.

    ``sure`` counts the draws sure to be accepted from here on (each takes at least one word): while it is two
    or more, the next two words come from one ``random()`` call and the second is kept; otherwise one word comes
    from ``getrandbits(16)``. A kept word is never more than ``sure`` allows, so the generator never runs ahead of
    the single draws.
    """

    def __init__(self, rng: random.Random) -> None:
        self.bits = rng.getrandbits
        self.pair = rng.random
        self.kept: i64 = -1  # the second word of the last pair, until taken (-1: none)
        self.sure: i64 = 0

    def top(self) -> i64:
        """The next word's top 16 bits."""
        kept = self.kept
        if kept >= 0:
            self.kept = -1
            return kept
        if self.sure >= 2:
            both: i64 = int(self.pair() * _PAIR_SCALE)
            self.kept = (both >> _SECOND_TOP) & _TOP_MASK
            return both >> _FIRST_TOP
        word: i64 = self.bits(_TOP_BITS)
        return word

    def below(self, n: i64, shift: i64) -> i64:
        """``randrange(n)`` (``shift``: ``_SHIFTS[n]``), one of the ``sure`` draws."""
        r = self.top() >> shift
        while r >= n:
            r = self.top() >> shift
        self.sure -= 1
        return r


def _check() -> bool:
    """Whether :class:`_Words` takes this Python's ``random.Random`` words as its draws do."""
    for seed in range(4):
        mine, theirs = random.Random(seed), random.Random(seed)
        words = _Words(mine)
        words.sure = 9
        bounds = (3, 7, 104, 1, 300, 10, 64, 2, MAX_BOUND - 1)
        if [words.below(n, _SHIFTS[n]) for n in bounds] != [theirs.randrange(n) for n in bounds]:
            return False
        if mine.getstate() != theirs.getstate():
            return False
    return True


#: Whether :class:`_Words` gives this Python's generator's draws (checked once, on import).
PAIRS_OK: Final = _check()


def _chain(link: vec[i64], end: i64, n: i64) -> tuple[int, ...]:
    """The ``n`` cards of a row ending in ``end``, first to last (``link[card]``: the card before it)."""
    cards = [0] * n
    at: i64 = n - 1
    card = end
    while at >= 0:
        cards[at] = card
        card = link[card]
        at -= 1
    return tuple(cards)


#: What a traced playout reports at each round's end (``take5._trace_round`` less its trace): the rows the deal
#: made, each turn's picks in order, each card's seat, the rows too-low cards took, the index of the card whose
#: take ended the game (-1: none), the cards dealt in order, and True (the first turn's choices are traced).
Record = Callable[[tuple[tuple[int, ...], ...], list[list[int]], list[int], list[int], int, list[int], bool], None]


def play_rounds(rng: random.Random, players: i64, hand_size: i64, capacity: i64, auto: bool, immediate: bool,
                goal: i64, n_full: i64, bull: tuple[int, ...], scores: list[int], bound: i64, record: Record | None
                ) -> tuple[int, int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
                           tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Play from a round's deal (of the cards 1 to ``n_full``) to the game's end, as
    :meth:`~ruleproof.model.take5.Take5Game._four_row_playout` plays (the same draws from ``rng``).

    ``scores`` are the totals when the round starts; a total of ``goal`` ends the game (after the round, or at
    once with ``immediate``); a row takes ``capacity`` cards; ``auto`` gives a too-low card the row of the fewest
    bullheads (``bull[card]``), then cards, then the first, instead of a drawn one; the playout fails past
    ``bound`` steps. With ``record``, each round's moves are reported at its end (:data:`Record`).

    Returns ``(rounds, steps, rest, hands, rows, piles, chosen, scores)``: the rounds dealt, the moves made,
    the last deal's undealt cards, the hands (each sorted), rows and piles at the end, the cards chosen and not
    placed by seat (0: none; a game ended inside a turn), and the totals at the last round's start.
    """
    if players * hand_size + ROWS > n_full or n_full >= MAX_BOUND:
        raise ValueError(f"take5_native: {players} hands of {hand_size} and {ROWS} rows from {n_full} cards")
    words = _Words(rng)
    shifts = _SHIFTS
    points = vec[i64]([bull[c] for c in range(n_full + 1)])
    n_hand: i64 = players * hand_size
    n_deal: i64 = n_hand + ROWS
    # owner: the seat holding or having chosen each card; link, gone: the rows and piles, kept as
    # take5._four_row_playout keeps them (link[card] the card before it in its row, or the taken row's last card;
    # gone[card] the taken row's length).
    owner = vec[i64]([0] * (n_full + 1))
    link = vec[i64]([0] * (n_full + 1))
    gone = vec[i64]([0] * (n_full + 1))
    hands = vec[i64]([0] * n_hand)  # seat s's hand: hands[s * hand_size:][:left]
    picks = vec[i64]([0] * players)  # a turn's chosen cards, in order as they are drawn
    ends = vec[i64]([0] * ROWS)  # a deal's cards for the rows
    takes = vec[i64]()  # the round's cards that took a row, in order
    totals = vec[i64]([int(s) for s in scores])
    start = vec[i64]([int(s) for s in scores])  # the totals at the round's start
    deck = vec[i64]([c for c in range(1, n_full + 1)])
    rounds: i64 = 0
    steps: i64 = 0
    stop: i64 = -1  # the index in its turn of the card whose take ended the game (immediate end)
    left: i64 = 0
    e0: i64 = 0
    e1: i64 = 0
    e2: i64 = 0
    e3: i64 = 0
    l0: i64 = 0
    l1: i64 = 0
    l2: i64 = 0
    l3: i64 = 0
    p0: i64 = 0
    p1: i64 = 0
    p2: i64 = 0
    p3: i64 = 0
    pool = deck
    tracing = record is not None
    turns: list[list[int]] = []  # when tracing: the round's turns (each its picks, in order) ...
    lows: list[int] = []  # ... and the rows too-low cards took
    while True:  # one round a pass
        rounds += 1
        start = totals[:]
        takes = vec[i64]()
        # The deal: Random.sample's walk over a pool of the deck, each hand filled as its cards are drawn.
        words.sure += n_deal if immediate else n_deal + n_hand
        pool = deck[:]
        m: i64 = n_full  # the pool's cards not drawn yet
        for s in range(players):
            at = s * hand_size
            for i in range(hand_size):
                j = words.below(m, shifts[m])
                c = pool[j]
                hands[at + i] = c
                owner[c] = s
                m -= 1
                pool[j] = pool[m]
        for row in range(ROWS):  # then a card to each row
            j = words.below(m, shifts[m])
            ends[row] = pool[j]
            m -= 1
            pool[j] = pool[m]
        e0, e1, e2, e3 = ends[0], ends[1], ends[2], ends[3]
        steps += n_deal + 2 * n_hand
        l0 = l1 = l2 = l3 = 1
        p0, p1, p2, p3 = points[e0], points[e1], points[e2], points[e3]
        left = hand_size
        if tracing:
            dealt = [int(c) for c in hands] + [int(e0), int(e1), int(e2), int(e3)]
            rows_dealt = ((int(e0),), (int(e1),), (int(e2),), (int(e3),))
            turns = []
            lows = []
        while left:  # one turn a pass
            if immediate:
                words.sure += players
            shift = shifts[left]
            for s in range(players):
                at = s * hand_size
                r = at + words.below(left, shift)
                c = hands[r]
                end = at + left - 1
                while r < end:  # list.pop(r): the cards after it move up
                    hands[r] = hands[r + 1]
                    r += 1
                k = s  # the picks so far stay in order: the card goes in after those below it
                while k > 0 and picks[k - 1] > c:
                    picks[k] = picks[k - 1]
                    k -= 1
                picks[k] = c
            left -= 1
            if tracing:
                turns.append([int(c) for c in picks])
            for i in range(players):
                card = picks[i]
                best: i64 = -1
                top: i64 = 0
                if e0 < card:
                    best = 0
                    top = e0
                if top < e1 < card:
                    best = 1
                    top = e1
                if top < e2 < card:
                    best = 2
                    top = e2
                if top < e3 < card:
                    best = 3
                low = best < 0
                if low:
                    if auto:  # the fewest bullheads, then the fewest cards, then the first row
                        best = 0
                        fewest, shortest = p0, l0
                        if p1 < fewest or (p1 == fewest and l1 < shortest):
                            best, fewest, shortest = 1, p1, l1
                        if p2 < fewest or (p2 == fewest and l2 < shortest):
                            best, fewest, shortest = 2, p2, l2
                        if p3 < fewest or (p3 == fewest and l3 < shortest):
                            best = 3
                    else:
                        best = words.top() >> _ROW_SHIFT
                        while best >= ROWS:
                            best = words.top() >> _ROW_SHIFT
                    if tracing:
                        lows.append(int(best))
                ended = False
                if best == 0:
                    if low or l0 >= capacity:
                        totals[owner[card]] += p0
                        takes = _took(takes, link, gone, card, e0, l0)
                        e0, l0, p0 = card, 1, points[card]
                        ended = immediate and _most(totals) >= goal
                    else:
                        link[card] = e0
                        e0 = card
                        l0 += 1
                        p0 += points[card]
                elif best == 1:
                    if low or l1 >= capacity:
                        totals[owner[card]] += p1
                        takes = _took(takes, link, gone, card, e1, l1)
                        e1, l1, p1 = card, 1, points[card]
                        ended = immediate and _most(totals) >= goal
                    else:
                        link[card] = e1
                        e1 = card
                        l1 += 1
                        p1 += points[card]
                elif best == 2:
                    if low or l2 >= capacity:
                        totals[owner[card]] += p2
                        takes = _took(takes, link, gone, card, e2, l2)
                        e2, l2, p2 = card, 1, points[card]
                        ended = immediate and _most(totals) >= goal
                    else:
                        link[card] = e2
                        e2 = card
                        l2 += 1
                        p2 += points[card]
                elif low or l3 >= capacity:
                    totals[owner[card]] += p3
                    takes = _took(takes, link, gone, card, e3, l3)
                    e3, l3, p3 = card, 1, points[card]
                    ended = immediate and _most(totals) >= goal
                else:
                    link[card] = e3
                    e3 = card
                    l3 += 1
                    p3 += points[card]
                if ended:  # the rest of the round is not played
                    stop = i
                    steps -= 2 * players * left + players - stop - 1
                    break
            if stop >= 0:
                break
        if record is not None:
            record(rows_dealt, turns, [int(s) for s in owner], lows, int(stop), dealt, True)
        if stop >= 0 or (not immediate and _most(totals) >= goal):
            break
        if steps > bound:
            raise RuntimeError(f"take5: the fast playout ran past the game's bound of {bound} moves")
    # The game's end: the undealt cards are the pool's first ones (in order, off a table of the cards).
    present = vec[i64]([0] * (n_full + 1))
    for i in range(n_full - n_deal):
        present[pool[i]] = 1
    rest = tuple([c for c in range(1, n_full + 1) if present[c]])
    held = tuple([tuple(sorted([int(hands[s * hand_size + i]) for i in range(left)])) for s in range(players)])
    rows = (_chain(link, e0, l0), _chain(link, e1, l1), _chain(link, e2, l2), _chain(link, e3, l3))
    piles: list[tuple[int, ...]] = [()] * players
    for card in takes:
        piles[owner[card]] += _chain(link, link[card], gone[card])
    chosen = [0] * players
    if stop >= 0:
        for i in range(stop + 1, players):
            chosen[owner[picks[i]]] = picks[i]
    return (rounds, steps, rest, held, rows, tuple(piles), tuple(chosen), tuple([int(t) for t in start]))


def _took(takes: vec[i64], link: vec[i64], gone: vec[i64], card: i64, end: i64, length: i64) -> vec[i64]:
    """Record that ``card`` took the row ending in ``end`` of ``length`` cards: ``takes`` with it."""
    link[card] = end
    gone[card] = length
    return append(takes, card)


def _most(totals: vec[i64]) -> i64:
    """The highest of ``totals``."""
    most: i64 = 0
    for t in totals:
        if t > most:
            most = t
    return most
