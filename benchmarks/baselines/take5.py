"""The Take 5 baseline: a uniformly random game in one plain loop.

The rules played are the default reading of ``002_14cf867976a02cf7.txt`` as
``ruleproof.spec.take5.Take5Variant()`` reads it: 104 cards, ten to each seat
and one to each of four rows every round (§ Карты и сделка); the chosen cards
resolve lowest first (§ СПЕКТАКЛЬ); a card goes after the row end nearest below
it (§ ДОБАВЛЕНИЕ КАРТ В МАКЕТ), a sixth card takes the row (§ ВОЗЬМИТЕ 5), a
card below every row end takes a row of its owner's choice (§ СЛИШКОМ НИЗКАЯ
КАРТА); bullheads 7 for 55, 5 for multiples of 11, 3 of 10, 2 of 5, else 1; the
game ends after the round in which a total reaches 66 (the publisher's
reading, ``end_rule=">="``, ``end_check="round"``).

The random player's decisions, one draw each, as ``Take5Game.random_playout``
makes them: each seat chooses a uniform card of its hand; the owner of a
too-low card takes a uniform row of the four. A card that fits has exactly one
place (one nearest row end) and needs no draw. The deal is chance: a uniform
sample of the deck (the draws ``Random.sample`` makes, as the engine makes them).

Why this loop is the fastest we found (moves per CPU second of a variant against
this loop, interleaved in one process, medians of seven half-second slices, 4
players, ``benchmarks/baselines/variants.py take5``; measured on a shared
machine under load 8–14, so only differences above about 0.1 mean much):

* the rows are twelve local ints (each row's end, length and bullheads), not
  lists of cards: a card is placed by comparing four ends and updating three
  ints; a taken row's bullheads are already summed;
* the nearest row is found by four unrolled comparisons;
* a turn's chosen cards are one list of ints sorted in C, and a table indexed
  by card (filled as the deal draws) gives each card's owner;
* the deal is ``Random.sample``'s walk over a pool of the 104 cards, 10n + 4
  draws (instead of shuffling the 104 cards, 103 draws), each hand filled as
  its cards are drawn (no second pass over a list of the dealt cards). These
  two, found by the engine's own tuning (session 38), made 1.11x the loop that
  tagged each hand's cards ``card * 16 + seat`` after the deal (nine
  interleaved half-second slices, 1.05–1.25x, load 5–9, the same games from
  the same seeds);
* every draw is written out as ``randrange(n)`` makes it, ``n.bit_length()``
  bits from ``getrandbits`` until they are below ``n`` (the same numbers from
  the same generator), instead of calling ``Random.sample`` and
  ``Random._randbelow``, Python functions: 1.54x the loop that called them
  (four interleaved runs of 1,500 games, 1.52–1.56x, load 20–28).

Losing variants: rows as lists of cards with the deck shuffled (the shape of
the old "minimal loop") 0.69x; the same with the sample deal 0.74x; rows as
three lists of ints, the nearest row unrolled, 0.81x (0.94x in a second run of
21 slices). (Those were measured against the tagged-card loop.)

A loop that reads each seat's play order off the shuffled deal (a random
player's successive choices are a uniform order of its hand) makes no draw per
choice and ran 0.90–1.00x with its full shuffle; it is not the baseline, because
the benchmark compares one draw per decision with one draw per decision.

What it leaves out, none of which the rules need: the cards in each row and
pile (a row is its end, length and bullheads; a pile is its owner's total), the
undealt deck, move objects and records, and the winners (the lowest total, read
off the returned totals). It plays only the default reading and 2–10 players.

>>> import random
>>> totals, moves = play(random.Random(1), 4)
>>> max(totals) >= THRESHOLD, moves % (3 * HAND * 4 + ROWS)
(True, 0)
"""

from __future__ import annotations

import random

#: The rulebook's numbers (the default reading of the spec's variant).
CARDS = 104
HAND = 10
ROWS = 4
CAPACITY = 5
THRESHOLD = 66


def bullheads(card: int) -> int:
    """The bullheads printed on ``card``."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    return 2 if card % 5 == 0 else 1


#: The deck, and the bits a draw below n takes (``n.bit_length()``, what ``Random._randbelow`` asks for).
DECK: tuple[int, ...] = tuple(range(1, CARDS + 1))
WIDTHS: tuple[int, ...] = tuple(n.bit_length() for n in range(CARDS + 1))
ROW_BITS = ROWS.bit_length()

#: Bullheads by card number (index 0 unused).
BULL: tuple[int, ...] = tuple(bullheads(c) for c in range(CARDS + 1))


def play(rng: random.Random, players: int) -> tuple[list[int], int]:
    """One random game for ``players`` seats: ``(totals, moves)``.

    ``totals`` are the bullheads each seat collected; ``moves`` counts deals,
    choices and resolutions (``30 * players + 4`` a round), as the engine's
    playout counts its steps.
    """
    bits = rng.getrandbits  # every draw is randrange's, inline: k = n.bit_length() bits until one is below n
    widths = WIDTHS
    bull = BULL
    n_hand = HAND * players
    seats = range(players)
    totals = [0] * players
    rounds = 0
    while True:
        rounds += 1
        pool = list(DECK)  # the deal: Random.sample's pool walk, each hand filled as its cards are drawn
        owner = [0] * (CARDS + 1)  # the seat holding each card
        hands = []
        m = CARDS
        for s in seats:
            hand = []
            for m in range(m, m - HAND, -1):
                width = widths[m]
                j = bits(width)
                while j >= m:
                    j = bits(width)
                card = pool[j]
                hand.append(card)
                owner[card] = s
                pool[j] = pool[m - 1]
            hands.append(hand)
            m -= 1
        dealt = []
        for m in range(m, m - ROWS, -1):
            width = widths[m]
            j = bits(width)
            while j >= m:
                j = bits(width)
            dealt.append(pool[j])
            pool[j] = pool[m - 1]
        e0, e1, e2, e3 = dealt  # each row's end, length and bullheads
        l0 = l1 = l2 = l3 = 1
        p0, p1, p2, p3 = bull[e0], bull[e1], bull[e2], bull[e3]
        for left in range(HAND, 0, -1):
            width = widths[left]
            picks = []
            for h in hands:
                r = bits(width)
                while r >= left:
                    r = bits(width)
                picks.append(h.pop(r))
            picks.sort()
            for card in picks:
                best = -1
                top = 0
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
                take = best < 0
                if take:
                    best = bits(ROW_BITS)
                    while best >= ROWS:
                        best = bits(ROW_BITS)
                if best == 0:
                    if take or l0 == CAPACITY:
                        totals[owner[card]] += p0
                        e0, l0, p0 = card, 1, bull[card]
                    else:
                        e0 = card
                        l0 += 1
                        p0 += bull[card]
                elif best == 1:
                    if take or l1 == CAPACITY:
                        totals[owner[card]] += p1
                        e1, l1, p1 = card, 1, bull[card]
                    else:
                        e1 = card
                        l1 += 1
                        p1 += bull[card]
                elif best == 2:
                    if take or l2 == CAPACITY:
                        totals[owner[card]] += p2
                        e2, l2, p2 = card, 1, bull[card]
                    else:
                        e2 = card
                        l2 += 1
                        p2 += bull[card]
                elif take or l3 == CAPACITY:
                    totals[owner[card]] += p3
                    e3, l3, p3 = card, 1, bull[card]
                else:
                    e3 = card
                    l3 += 1
                    p3 += bull[card]
        if max(totals) >= THRESHOLD:
            return totals, rounds * (3 * n_hand + ROWS)
