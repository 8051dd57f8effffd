"""The Ikebana baseline: a uniformly random game in one plain loop.

The rules played are the default reading of ``003_cc6896382a889cb1.txt`` as
``ruleproof.spec.ikebana.IkebanaVariant()`` reads it: 50 Hanabi cards (five
colours, values 1 1 1 2 2 3 3 4 4 5), six coins each, four rounds (§ Вам
понадобится, § Подготовка., § Как играть.); a turn either draws from the deck
(a drawn card may be refused, paying 1, 2, 3 … coins to the next players in
turn, skipping oneself, and putting it on one's own discard pile, then drawing
again; a refusal is only open with the coins to pay it in full and a card to
draw next) or buys the top card of another player's discard pile at its value;
a run-out deck is rebuilt from the discard piles less their tops (§ Как
играть., 1. and 2.); the round ends once every bouquet has five cards, or when
the next player still building can neither draw nor buy (§ Конец раунда.; the
default ``stall="end_round"``); a bouquet scores its best split into
combinations times its colour multiplier, paid by an unlimited bank (§ Как
считаются очки.); the next round starts with the first player after the last
start who scored the most; the richest player wins.

The random player's decisions, one draw each, as ``IkebanaGame.random_playout``
makes them: a turn's start, uniform over the affordable purchases and the draw
(when a card can be drawn); a drawn card, kept or (when it may be refused)
refused with even odds. Chance turns up a uniform card of the deck.

Why this loop is the fastest we found (``benchmarks/baselines/variants.py
ikebana``, moves per CPU second against this loop, interleaved medians, 3
players):

* a bouquet is kept as two ints per seat: its size and two codes, the sums of
  ``8 ** (value - 1)`` and of ``8 ** colour`` over its cards, kept as one int
  (the colour code times ``8 ** 5`` above the value code: one update a card,
  as the engine's fast playout keeps them since 2026-12-07; the loop with
  the two codes apart ran 0.94-0.97x this one, eleven interleaved slices,
  same games from the same seeds, load 15); a round's score is two
  list lookups in tables of the best combination points and of the colour
  multiplier by code, made once at import;
* the next round's start player is found by a plain loop, not ``next()`` over
  a generator (as the engine finds it since 2026-12-07; 1.03x [0.89-1.21],
  eleven interleaved slices, load 6-9);
* whether a card can still be drawn is ``deck or under`` with ``under`` the
  count of discards below the piles' tops, kept as cards move;
* the deck is an unordered list of card numbers; a card is turned up by
  ``deck.pop(r)`` with ``r`` uniform below ``len(deck)``;
* every draw is written out as ``randrange(n)`` makes it, ``n.bit_length()``
  bits from ``getrandbits`` until they are below ``n`` (the same numbers from
  the same generator), instead of calling ``Random._randbelow``, a Python
  function: 1.35x the loop that called it (the loop of commit 423f36d against
  this one, same games from the same seeds, nine interleaved half-second
  slices, 1.13–1.51x, load 4–8).

Losing variants (measured under load 8–14): bouquets as lists of cards scored
at the round's end by a table keyed by sorted values 0.87x; the deck shuffled
at each round's start and drawn from the end 0.78x (a round turns up fewer
cards than the deck holds).

What it leaves out, none of which the rules need: the bouquets' cards (their
codes), the piles below their tops are kept as lists but never sorted, move
objects and records, the last round's revealed bouquets, and the finite-bank,
doubled-final and other readings. It plays only the default reading.

>>> import random
>>> coins, moves = play(random.Random(1), 3)
>>> len(coins), moves >= ROUNDS * BOUQUET * 3 * 2
(3, True)
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

#: The rulebook's numbers (the default reading of the spec's variant).
COLOURS = "RGYBW"
COPIES = (3, 2, 2, 2, 1)  # copies of values 1..5 in each colour
BOUQUET = 5
START_COINS = 6
ROUNDS = 4
RUNS = (((1, 2, 3, 4), 8), ((2, 3, 4, 5), 12), ((1, 2, 3, 4, 5), 15))
COLOUR_FACTOR = {1: 4, 2: 2, 5: 3}

#: A card is ``colour * 5 + value - 1``; the deck holds every copy.
DECK: tuple[int, ...] = tuple(c * 5 + v for c in range(5) for v in range(5) for _ in range(COPIES[v]))
VALUE: tuple[int, ...] = tuple(k % 5 + 1 for k in range(25))
#: Each card's share of a bouquet's value code and colour code.
VALUE_CODE: tuple[int, ...] = tuple(8 ** (k % 5) for k in range(25))
COLOUR_CODE: tuple[int, ...] = tuple(8 ** (k // 5) for k in range(25))


def combination_points(values: tuple[int, ...]) -> int:
    """The best points of a bouquet's values: at most one run fits in five cards; every value left
    at least twice scores value × count."""
    best = 0
    for run, points in (((), 0), *RUNS):
        left = list(values)
        try:
            for v in run:
                left.remove(v)
        except ValueError:
            continue
        best = max(best, points + sum(v * left.count(v) for v in set(left) if left.count(v) >= 2))
    return best


def _tables() -> tuple[list[int], list[int]]:
    points = [0] * 8 ** 5
    for size in range(BOUQUET + 1):
        for values in combinations_with_replacement(range(1, 6), size):
            points[sum(8 ** (v - 1) for v in values)] = combination_points(values)
    factor = [1] * 8 ** 5
    for code in range(8 ** 5):
        digits = [code >> (3 * i) & 7 for i in range(5)]
        if sum(digits) == BOUQUET:
            factor[code] = COLOUR_FACTOR.get(sum(1 for d in digits if d), 1)
    return points, factor


#: The bits a draw below n takes (``n.bit_length()``, what ``Random._randbelow`` asks for).
WIDTHS: tuple[int, ...] = tuple(n.bit_length() for n in range(len(DECK) + 1))

#: Best combination points by value code; colour multiplier by colour code (1 unless five cards).
POINTS, FACTOR = _tables()
#: Both codes of a card in one int, ``value code + colour code * SPAN``: a bouquet is one sum.
SPAN = len(POINTS)
CODE: tuple[int, ...] = tuple(v + c * SPAN for v, c in zip(VALUE_CODE, COLOUR_CODE))


def play(rng: random.Random, players: int) -> tuple[list[int], int]:
    """One random game for ``players`` seats: ``(coins, moves)``.

    ``moves`` counts each turn's start (draw or buy), each card turned up and
    each keep-or-refuse decision, as the engine counts its steps.
    """
    bits = rng.getrandbits  # every draw is randrange's, inline: k = n.bit_length() bits until one is below n
    widths = WIDTHS
    value = VALUE
    code = CODE
    others = [[o for o in range(players) if o != s] for s in range(players)]
    following = [[(s + i) % players for i in range(1, players + 1)] for s in range(players)]
    seats = range(players)
    coins = [START_COINS] * players
    start = 0
    moves = 0
    for _ in range(ROUNDS):
        deck = list(DECK)
        piles: list[list[int]] = [[] for _ in seats]
        under = 0  # discards below the piles' tops (what a rebuilt deck would hold)
        size = [0] * players
        codes = [0] * players  # each bouquet's value and colour codes, as one int
        seat = start
        while True:
            money = coins[seat]
            pile = piles[seat]
            buys = [o for o in others[seat] if piles[o] and value[piles[o][-1]] <= money]
            n = len(buys)
            choices = n + 1 if deck or under else n
            width = widths[choices]
            pick = bits(width)
            while pick >= choices:
                pick = bits(width)
            moves += 1
            if pick < n:
                owner = buys[pick]
                source = piles[owner]
                card = source.pop()
                if source:
                    under -= 1
                coins[seat] = money - value[card]
                coins[owner] += value[card]
            else:
                refusals = 0
                while True:
                    if not deck:  # rebuild the deck from the piles less their tops
                        for p in piles:
                            if len(p) > 1:
                                deck += p[:-1]
                                del p[:-1]
                        under = 0
                    n = len(deck)
                    width = widths[n]
                    r = bits(width)
                    while r >= n:
                        r = bits(width)
                    card = deck.pop(r)
                    moves += 2  # turned up, then kept or refused
                    if money > refusals and (deck or pile or under):
                        r = bits(2)  # randrange(2): two bits until one is below 2
                        while r >= 2:
                            r = bits(2)
                    else:
                        r = 0
                    if r:
                        refusals += 1
                        money -= refusals
                        coins[(seat + 1 + (refusals - 1) % (players - 1)) % players] += refusals
                        if pile:
                            under += 1
                        pile.append(card)
                        continue
                    coins[seat] = money
                    break
            size[seat] += 1
            codes[seat] += code[card]
            # the next seat still building, if it can act; else the round is over
            nxt = -1
            for s in following[seat]:
                if size[s] < BOUQUET:
                    if deck or under or any(piles[o] and value[piles[o][-1]] <= coins[s] for o in others[s]):
                        nxt = s
                    break
            if nxt < 0:
                break
            seat = nxt
        scores = [POINTS[codes[s] % SPAN] * FACTOR[codes[s] // SPAN] for s in seats]
        for s in seats:
            coins[s] += scores[s]
        best = max(scores)
        for start in following[start]:  # the first after the last start (a plain loop: no generator)
            if scores[start] == best:
                break
    return coins, moves
