"""The losing variants of the baseline loops, kept so that the ratios in each baseline's docstring can be
measured again: each variant against its game's ``play``, interleaved in one process (see
``benchmarks/harness.py``), as moves per CPU second.

    .venv/bin/python benchmarks/baselines/variants.py [take5|bigpoints|ikebana|cinco|bigfive ...] [--quick]

A variant plays the same rules with the same decisions as ``play`` (Take 5's ``take5_order_from_the_deal``
excepted: it draws no card per choice, and is here to show what that is worth); only the way the loop
keeps its state differs. None of these is used by the benchmarks.
"""

from __future__ import annotations

import os
import random
import sys
import types
from bisect import bisect_left
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from baselines import bigfive, bigpoints, cinco, ikebana, take5  # noqa: E402
from baselines.bigpoints import BLACK, COLOURS, KINDS, LADDER, PATH, STEP_VALUES, SUPPLY, _scores  # noqa: E402
from baselines.cinco import CELLS, CHIPS, HAND, LINE, hex_cells  # noqa: E402
from baselines.ikebana import (  # noqa: E402
    BOUQUET,
    COLOUR_CODE,
    COLOUR_FACTOR,
    DECK,
    FACTOR,
    POINTS,
    ROUNDS,
    START_COINS,
    VALUE,
    VALUE_CODE,
    combination_points,
)
from baselines.take5 import BULL  # noqa: E402
from baselines.take5 import HAND as HAND_T5  # noqa: E402
from baselines.take5 import ROWS as ROWS_T5  # noqa: E402
from harness import compare  # noqa: E402


# -- helpers of the variants -------------------------------------------------------------------------

_IKEBANA_POINTS: dict[tuple[int, ...], int] = {}


def _ikebana_score(hand: list[int]) -> int:
    key = tuple(sorted(VALUE[c] for c in hand))
    points = _IKEBANA_POINTS.get(key)
    if points is None:
        points = _IKEBANA_POINTS[key] = combination_points(key)
    if len(hand) == BOUQUET:
        points *= COLOUR_FACTOR.get(len({c // 5 for c in hand}), 1)
    return points


def _cinco_rays() -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]:
    """Per cell (number - 1), per direction, the cells walking forwards and backwards (at most five)."""
    cells = hex_cells()
    index = {c: i for i, c in enumerate(cells)}
    out = []
    for x, y in cells:
        per = []
        for dx, dy in ((1, 0), (0, 1), (1, -1)):
            walks = []
            for sign in (1, -1):
                walk: list[int] = []
                cx, cy = x + sign * dx, y + sign * dy
                while (cx, cy) in index and len(walk) < 5:
                    walk.append(index[(cx, cy)])
                    cx, cy = cx + sign * dx, cy + sign * dy
                walks.append(tuple(walk))
            per.append((walks[0], walks[1]))
        out.append(tuple(per))
    return tuple(out)


_CINCO_RAYS = _cinco_rays()


def take5_rows_as_lists_shuffled(rng: random.Random, players: int) -> tuple[Any, int]:
    """Rows as lists of cards, the deck shuffled (the old "minimal loop" shape); units are rounds."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    shuffle = rng.shuffle
    bull = BULL
    cards = list(range(1, 105))
    n_hand = 10 * players
    totals = [0] * players
    rounds = 0
    while True:
        rounds += 1
        shuffle(cards)
        hands = [cards[i:i + 10] for i in range(0, n_hand, 10)]
        rows = [[c] for c in cards[n_hand:n_hand + 4]]
        seats = range(players)
        for left in range(10, 0, -1):
            picks = sorted([hands[s].pop(randbelow(left)) * 16 + s for s in seats])
            for x in picks:
                card = x >> 4
                best = None
                top = 0
                for row in rows:
                    end = row[-1]
                    if top < end < card:
                        top = end
                        best = row
                if best is None:
                    best = rows[randbelow(4)]
                    totals[x & 15] += sum([bull[c] for c in best])
                    best[:] = (card,)
                elif len(best) == 5:
                    totals[x & 15] += sum([bull[c] for c in best])
                    best[:] = (card,)
                else:
                    best.append(card)
        if max(totals) >= 66:
            return totals, rounds * (3 * HAND_T5 * players + ROWS_T5)


def take5_rows_as_lists(rng: random.Random, players: int) -> tuple[Any, int]:
    """Rows as lists of cards, the deal by sample; units are rounds."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    sample = rng.sample
    bull = BULL
    cards = range(1, 105)
    n_hand = 10 * players
    totals = [0] * players
    rounds = 0
    while True:
        rounds += 1
        dealt = sample(cards, n_hand + 4)
        hands = [dealt[i:i + 10] for i in range(0, n_hand, 10)]
        rows = [[c] for c in dealt[n_hand:]]
        seats = range(players)
        for left in range(10, 0, -1):
            picks = sorted([hands[s].pop(randbelow(left)) * 16 + s for s in seats])
            for x in picks:
                card = x >> 4
                best = None
                top = 0
                for row in rows:
                    end = row[-1]
                    if top < end < card:
                        top = end
                        best = row
                if best is None:
                    best = rows[randbelow(4)]
                    totals[x & 15] += sum([bull[c] for c in best])
                    best[:] = (card,)
                elif len(best) == 5:
                    totals[x & 15] += sum([bull[c] for c in best])
                    best[:] = (card,)
                else:
                    best.append(card)
        if max(totals) >= 66:
            return totals, rounds * (3 * HAND_T5 * players + ROWS_T5)


def take5_rows_as_three_lists(rng: random.Random, players: int) -> tuple[Any, int]:
    """Rows as three lists of ints (ends, lengths, bullheads), the nearest row unrolled; units are rounds."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    sample = rng.sample
    bull = BULL
    cards = range(1, 105)
    n_hand = 10 * players
    n_deal = n_hand + 4
    totals = [0] * players
    rounds = 0
    while True:
        rounds += 1
        dealt = sample(cards, n_deal)
        hands = [dealt[i:i + 10] for i in range(0, n_hand, 10)]
        ends = dealt[n_hand:]
        lens = [1, 1, 1, 1]
        pts = [bull[c] for c in ends]
        seats = range(players)
        for left in range(10, 0, -1):
            picks = sorted([hands[s].pop(randbelow(left)) * 16 + s for s in seats])
            for x in picks:
                card = x >> 4
                e0, e1, e2, e3 = ends
                best = -1; top = 0
                if e0 < card: best = 0; top = e0
                if top < e1 < card: best = 1; top = e1
                if top < e2 < card: best = 2; top = e2
                if top < e3 < card: best = 3
                if best < 0:
                    best = randbelow(4)
                    totals[x & 15] += pts[best]
                    ends[best] = card; lens[best] = 1; pts[best] = bull[card]
                elif lens[best] == 5:
                    totals[x & 15] += pts[best]
                    ends[best] = card; lens[best] = 1; pts[best] = bull[card]
                else:
                    ends[best] = card; lens[best] += 1; pts[best] += bull[card]
        if max(totals) >= 66:
            return totals, rounds * (3 * HAND_T5 * players + ROWS_T5)


def take5_untagged_hands(rng: random.Random, players: int) -> tuple[Any, int]:
    """Rows as twelve locals, the seat tagged on each card as it is chosen; units are rounds."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    sample = rng.sample
    bull = BULL
    cards = range(1, 105)
    n_hand = 10 * players
    totals = [0] * players
    rounds = 0
    while True:
        rounds += 1
        dealt = sample(cards, n_hand + 4)
        hands = [dealt[i:i + 10] for i in range(0, n_hand, 10)]
        e0, e1, e2, e3 = dealt[n_hand:]
        l0 = l1 = l2 = l3 = 1
        p0, p1, p2, p3 = bull[e0], bull[e1], bull[e2], bull[e3]
        seats = range(players)
        for left in range(10, 0, -1):
            for x in sorted([hands[s].pop(randbelow(left)) * 16 + s for s in seats]):
                card = x >> 4
                best = -1; top = 0
                if e0 < card: best = 0; top = e0
                if top < e1 < card: best = 1; top = e1
                if top < e2 < card: best = 2; top = e2
                if top < e3 < card: best = 3
                if best < 0:
                    best = randbelow(4)
                    take = True
                else:
                    take = False
                if best == 0:
                    if take or l0 == 5:
                        totals[x & 15] += p0; e0 = card; l0 = 1; p0 = bull[card]
                    else:
                        e0 = card; l0 += 1; p0 += bull[card]
                elif best == 1:
                    if take or l1 == 5:
                        totals[x & 15] += p1; e1 = card; l1 = 1; p1 = bull[card]
                    else:
                        e1 = card; l1 += 1; p1 += bull[card]
                elif best == 2:
                    if take or l2 == 5:
                        totals[x & 15] += p2; e2 = card; l2 = 1; p2 = bull[card]
                    else:
                        e2 = card; l2 += 1; p2 += bull[card]
                else:
                    if take or l3 == 5:
                        totals[x & 15] += p3; e3 = card; l3 = 1; p3 = bull[card]
                    else:
                        e3 = card; l3 += 1; p3 += bull[card]
        if max(totals) >= 66:
            return totals, rounds * (3 * HAND_T5 * players + ROWS_T5)


def take5_order_from_the_deal(rng: random.Random, players: int) -> tuple[Any, int]:
    """Each seat plays its cards in dealt order (no draw per choice; not a baseline); units are rounds."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    shuffle = rng.shuffle
    bull = BULL
    cards = list(range(1, 105))
    n_hand = 10 * players
    totals = [0] * players
    rounds = 0
    while True:
        rounds += 1
        shuffle(cards)
        ends = cards[n_hand:n_hand + 4]
        lens = [1, 1, 1, 1]
        pts = [bull[c] for c in ends]
        for t in range(10):
            picks = sorted([cards[s * 10 + t] * 16 + s for s in range(players)])
            for x in picks:
                card = x >> 4
                e0, e1, e2, e3 = ends
                best = -1; top = 0
                if e0 < card: best = 0; top = e0
                if top < e1 < card: best = 1; top = e1
                if top < e2 < card: best = 2; top = e2
                if top < e3 < card: best = 3
                if best < 0:
                    best = randbelow(4)
                    totals[x & 15] += pts[best]
                    ends[best] = card; lens[best] = 1; pts[best] = bull[card]
                elif lens[best] == 5:
                    totals[x & 15] += pts[best]
                    ends[best] = card; lens[best] = 1; pts[best] = bull[card]
                else:
                    ends[best] = card; lens[best] += 1; pts[best] += bull[card]
        if max(totals) >= 66:
            return totals, rounds * (3 * HAND_T5 * players + ROWS_T5)


def bigpoints_list_scans(rng: random.Random, players: int) -> tuple[Any, int]:
    """The path as a list of ints scanned by Python loops (a free disc: not taken, no pawn on it)."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    path = list(SUPPLY)
    rng.shuffle(path)
    gone = 9
    pawns = [-1] * COLOURS
    active = list(range(COLOURS))
    worth = [0] * COLOURS
    hands = [[0] * KINDS for _ in range(players)]
    arrived = 0
    moves = PATH
    seat = 0
    while True:
        hand = hands[seat]
        fresh = 0
        extra = False
        colour = active[randbelow(len(active))]
        back = False
        while True:
            moves += 1
            pos = pawns[colour]
            if back:
                dest = pos - 1
                while path[dest] != colour:
                    dest -= 1
            else:
                dest = pos + 1
                while dest < PATH and path[dest] != colour:
                    dest += 1
                if dest == PATH:
                    dest = -1
            if dest < 0:
                pawns[colour] = LADDER
                active.remove(colour)
                worth[colour] = STEP_VALUES[arrived]
                arrived += 1
                hand[colour] += 1
                if arrived == COLOURS:
                    return _scores(hands, worth), moves
            else:
                pawns[colour] = dest
                moves += 1
                ahead = dest + 1
                while ahead < PATH and (path[ahead] == gone or ahead in pawns):
                    ahead += 1
                if ahead == PATH:
                    ahead = -1
                behind = dest - 1
                while behind >= 0 and (path[behind] == gone or behind in pawns):
                    behind -= 1
                if ahead >= 0:
                    if behind >= 0 and randbelow(2):
                        ahead = behind
                else:
                    ahead = behind
                if ahead >= 0:
                    kind = path[ahead]
                    path[ahead] = gone
                    hand[kind] += 1
                    if kind == BLACK:
                        fresh += 1
            if extra or hand[BLACK] <= fresh:
                break
            moves += 1
            if not randbelow(2):
                break
            hand[BLACK] -= 1
            extra = True
            options = [c * 2 for c in active]
            for c in active:
                p = pawns[c]
                if p >= 0:
                    j = p - 1
                    while j >= 0 and path[j] != c:
                        j -= 1
                    if j >= 0:
                        options.append(c * 2 + 1)
            pick = options[randbelow(len(options))]
            colour, back = pick >> 1, bool(pick & 1)
        seat += 1
        if seat == players:
            seat = 0


def bigpoints_string_path(rng: random.Random, players: int) -> tuple[Any, int]:
    """The path as a string (find/rfind), a taken disc replaced by slicing, free discs by Python scans."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    order = list(SUPPLY)
    rng.shuffle(order)
    path = "".join("BRYGPKW"[k] for k in order)
    letters = "BRYGPKW"
    index = {l: i for i, l in enumerate(letters)}
    pawns = [-1] * COLOURS
    active = list(range(COLOURS))
    worth = [0] * COLOURS
    hands = [[0] * KINDS for _ in range(players)]
    arrived = 0
    moves = PATH
    seat = 0
    while True:
        hand = hands[seat]
        fresh = 0
        extra = False
        colour = active[randbelow(len(active))]
        back = False
        while True:
            moves += 1
            pos = pawns[colour]
            letter = letters[colour]
            dest = path.rfind(letter, 0, pos) if back else path.find(letter, pos + 1)
            if dest < 0:
                pawns[colour] = LADDER
                active.remove(colour)
                worth[colour] = STEP_VALUES[arrived]
                arrived += 1
                hand[colour] += 1
                if arrived == COLOURS:
                    return _scores(hands, worth), moves
            else:
                pawns[colour] = dest
                moves += 1
                ahead = dest + 1
                while ahead < PATH and (path[ahead] == "." or ahead in pawns):
                    ahead += 1
                if ahead == PATH:
                    ahead = -1
                behind = dest - 1
                while behind >= 0 and (path[behind] == "." or behind in pawns):
                    behind -= 1
                if ahead >= 0:
                    if behind >= 0 and randbelow(2):
                        ahead = behind
                else:
                    ahead = behind
                if ahead >= 0:
                    kind = index[path[ahead]]
                    path = path[:ahead] + "." + path[ahead + 1:]
                    hand[kind] += 1
                    if kind == BLACK:
                        fresh += 1
            if extra or hand[BLACK] <= fresh:
                break
            moves += 1
            if not randbelow(2):
                break
            hand[BLACK] -= 1
            extra = True
            options = [c * 2 for c in active]
            options += [c * 2 + 1 for c in active if pawns[c] >= 0 and path.rfind(letters[c], 0, pawns[c]) >= 0]
            pick = options[randbelow(len(options))]
            colour, back = pick >> 1, bool(pick & 1)
        seat += 1
        if seat == players:
            seat = 0


def ikebana_bouquet_lists(rng: random.Random, players: int) -> tuple[Any, int]:
    """Bouquets as lists of cards, scored at the round's end by a table keyed by sorted values."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    value = VALUE
    others = [[o for o in range(players) if o != s] for s in range(players)]
    seats = range(players)
    coins = [START_COINS] * players
    start = 0
    moves = 0
    for _ in range(ROUNDS):
        deck = list(DECK)
        piles: list[list[int]] = [[] for _ in seats]
        under = 0
        hands: list[list[int]] = [[] for _ in seats]
        seat = start
        while True:
            money = coins[seat]
            pile = piles[seat]
            buys = [o for o in others[seat] if piles[o] and value[piles[o][-1]] <= money]
            pick = randbelow(len(buys) + (1 if deck or under else 0))
            moves += 1
            if pick < len(buys):
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
                    if not deck:
                        for p in piles:
                            if len(p) > 1:
                                deck += p[:-1]
                                del p[:-1]
                        under = 0
                    card = deck.pop(randbelow(len(deck)))
                    moves += 2
                    if money > refusals and (deck or pile or under) and randbelow(2):
                        refusals += 1
                        money -= refusals
                        coins[(seat + 1 + (refusals - 1) % (players - 1)) % players] += refusals
                        if pile:
                            under += 1
                        pile.append(card)
                        continue
                    coins[seat] = money
                    break
            hands[seat].append(card)
            nxt = -1
            for i in seats:
                s = (seat + 1 + i) % players
                if len(hands[s]) < BOUQUET:
                    if deck or under or any(piles[o] and value[piles[o][-1]] <= coins[s] for o in others[s]):
                        nxt = s
                    break
            if nxt < 0:
                break
            seat = nxt
        scores = [_ikebana_score(h) for h in hands]
        for s in seats:
            coins[s] += scores[s]
        best = max(scores)
        start = next(s for s in ((start + i) % players for i in range(1, players + 1)) if scores[s] == best)
    return coins, moves


def ikebana_shuffled_deck(rng: random.Random, players: int) -> tuple[Any, int]:
    """The deck shuffled at each round's start (and when rebuilt) and drawn from its end."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    shuffle = rng.shuffle
    value = VALUE
    vcode, ccode = VALUE_CODE, COLOUR_CODE
    others = [[o for o in range(players) if o != s] for s in range(players)]
    seats = range(players)
    coins = [START_COINS] * players
    start = 0
    moves = 0
    for _ in range(ROUNDS):
        deck = list(DECK)
        shuffle(deck)
        piles: list[list[int]] = [[] for _ in seats]
        under = 0
        size = [0] * players
        values = [0] * players
        colours = [0] * players
        seat = start
        while True:
            money = coins[seat]
            pile = piles[seat]
            buys = [o for o in others[seat] if piles[o] and value[piles[o][-1]] <= money]
            pick = randbelow(len(buys) + (1 if deck or under else 0))
            moves += 1
            if pick < len(buys):
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
                    if not deck:
                        for p in piles:
                            if len(p) > 1:
                                deck += p[:-1]
                                del p[:-1]
                        under = 0
                        shuffle(deck)
                    card = deck.pop()
                    moves += 2
                    if money > refusals and (deck or pile or under) and randbelow(2):
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
            values[seat] += vcode[card]
            colours[seat] += ccode[card]
            nxt = -1
            for i in seats:
                s = (seat + 1 + i) % players
                if size[s] < BOUQUET:
                    if deck or under or any(piles[o] and value[piles[o][-1]] <= coins[s] for o in others[s]):
                        nxt = s
                    break
            if nxt < 0:
                break
            seat = nxt
        scores = [POINTS[values[s]] * FACTOR[colours[s]] for s in seats]
        for s in seats:
            coins[s] += scores[s]
        best = max(scores)
        start = next(s for s in ((start + i) % players for i in range(1, players + 1)) if scores[s] == best)
    return coins, moves


def cinco_neighbour_rays(rng: random.Random, players: int) -> tuple[Any, int]:
    """Runs counted along precomputed neighbour rays per cell (as the engine does)."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    colours = players if players < 4 else 2
    board = [-1] * CELLS
    rays = _CINCO_RAYS
    free = list(range(1, CELLS + 1))
    chips = [CHIPS] * colours
    deck = list(range(1, CELLS + 1))
    discards: list[int] = []
    hands = [[deck.pop(randbelow(len(deck))) for _ in range(HAND)] for _ in range(players)]
    moves = HAND * players
    seat = 0
    while True:
        hand = hands[seat]
        if not hand and not deck and not discards:
            return -1, moves
        option = 1 if len(hand) == HAND or deck or discards else 0
        nfree = len(free)
        counts = [nfree - bisect_left(free, card) for card in hand]
        total = option + sum(counts) + counts.count(0)
        pick = randbelow(total)
        moves += 1
        if pick < option:
            if len(hand) == HAND:
                discards += hand
                hand.clear()
                owed = HAND
            else:
                owed = 1
            for _ in range(owed):
                if not deck:
                    if not discards:
                        return -1, moves
                    deck, discards = discards, []
                hand.append(deck.pop(randbelow(len(deck))))
                moves += 1
        else:
            pick -= option
            i = 0
            for k in counts:
                if k:
                    if pick < k:
                        break
                    pick -= k
                elif pick == 0:
                    break
                else:
                    pick -= 1
                i += 1
            card = hand.pop(i)
            discards.append(card)
            if counts[i]:
                colour = seat % colours
                cell = free.pop(nfree - counts[i] + pick)
                board[cell - 1] = colour
                chips[colour] -= 1
                for forward, backward in rays[cell - 1]:
                    run = 1
                    for j in forward:
                        if board[j] != colour:
                            break
                        run += 1
                    for j in backward:
                        if board[j] != colour:
                            break
                        run += 1
                    if run >= LINE:
                        return colour, moves
                if not chips[colour] or not free:
                    return -1, moves
        seat += 1
        if seat == players:
            seat = 0


def cinco_counts_list(rng: random.Random, players: int) -> tuple[Any, int]:
    """Each card's placements counted once into a list (a comprehension), the list read to find the
    chosen move."""
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    colours = players if players < 4 else 2
    grid = list(cinco.EMPTY_GRID)
    grid_of = cinco.GRID_OF
    free = list(range(1, CELLS + 1))
    chips = [CHIPS] * colours
    deck = list(range(1, CELLS + 1))
    discards: list[int] = []
    hands = [[deck.pop(randbelow(len(deck))) for _ in range(HAND)] for _ in range(players)]
    moves = HAND * players
    seat = 0
    while True:
        hand = hands[seat]
        if not hand and not deck and not discards:
            return -1, moves
        option = 1 if len(hand) == HAND or deck or discards else 0
        nfree = len(free)
        counts = [nfree - bisect_left(free, card) for card in hand]
        total = option + sum(counts) + counts.count(0)
        pick = randbelow(total)
        moves += 1
        if pick < option:
            if len(hand) == HAND:
                discards += hand
                hand.clear()
                owed = HAND
            else:
                owed = 1
            for _ in range(owed):
                if not deck:
                    if not discards:
                        return -1, moves
                    deck, discards = discards, []
                hand.append(deck.pop(randbelow(len(deck))))
                moves += 1
        else:
            pick -= option
            i = 0
            for k in counts:
                if k:
                    if pick < k:
                        break
                    pick -= k
                elif pick == 0:
                    break
                else:
                    pick -= 1
                i += 1
            card = hand.pop(i)
            discards.append(card)
            if counts[i]:
                colour = seat % colours
                cell = free.pop(nfree - counts[i] + pick)
                at = grid_of[cell]
                grid[at] = colour
                chips[colour] -= 1
                for step in cinco.DIRECTIONS:
                    run = 1
                    j = at + step
                    while grid[j] == colour:
                        run += 1
                        j += step
                    j = at - step
                    while grid[j] == colour:
                        run += 1
                        j -= step
                    if run >= LINE:
                        return colour, moves
                if not chips[colour] or not free:
                    return -1, moves
        seat += 1
        if seat == players:
            seat = 0


# -- Big Five: the same loop over other tables -------------------------------------------------------


class EagerWindowsTable(bigfive.Table):
    """Every window of a line made and filed by bit and size whenever the line changes (not per block,
    on first use)."""

    __slots__ = ("windows", "filed")

    def __init__(self) -> None:
        super().__init__()
        self.windows: list[list[dict[tuple[int, int], list[Any]]]] = [
            [{} for _ in range(bigfive.MAX_GROUP + 1)] for _ in range(10)]
        self.filed: dict[tuple[int, int], list[dict[tuple[int, int], Any]]] = {}

    def _windows(self, axis: int, line: int, placed: list[int]) -> None:
        super()._windows(axis, line, placed)  # the blocks (and the line's occupied cells)
        key = (axis, line)
        for by_line in self.filed.get(key, ()):
            del by_line[key]
        filed = self.filed[key] = []
        for f in range(10):
            for block in self.blocks[f].get(key, ()):
                for size, listed in enumerate(bigfive._block_windows(block)):
                    if listed:
                        by_line = self.windows[f][size]
                        if key not in by_line:
                            by_line[key] = []
                            filed.append(by_line)
                        by_line[key] += [(empties, block[0], block[1]) for empties in listed]

    def census(self, hand_mask: int, hand_bits: list[int]) -> tuple[int, list[bigfive.Group]]:
        singles, _ = super().census(hand_mask, [])
        groups: list[bigfive.Group] = []
        masks = self.masks
        for f in hand_bits:
            kinds = hand_mask & bigfive.WITH[f]
            for size in range(2, min(kinds.bit_count(), bigfive.MAX_GROUP) + 1):
                for windows in self.windows[f][size].values():
                    for empties, taken, axis in windows:
                        free = kinds & ~taken
                        if free.bit_count() < size:
                            continue
                        across = masks[1 - axis]
                        admitted = tuple([across.get(c, bigfive.ALL) & free for c in empties])
                        n = bigfive._count(admitted, 0, 0)
                        if n:
                            groups.append((n, empties, admitted, axis))
        return singles, groups


class ScannedSinglesTable(bigfive.Table):
    """The single plays counted by scanning every empty cell next to the table per decision (no per-kind
    counts)."""

    __slots__ = ()

    def census(self, hand_mask: int, hand_bits: list[int]) -> tuple[int, list[bigfive.Group]]:
        _, groups = bigfive.Table.census(self, hand_mask, hand_bits)
        singles = 0
        for admitted in self.single.values():
            singles += (admitted & hand_mask).bit_count()
        return singles, groups


def _with_table(table: type[bigfive.Table], name: str) -> Callable[[random.Random, int], tuple[Any, int]]:
    """Big Five's ``play`` itself, its global ``Table`` being ``table``."""
    namespace = dict(vars(bigfive), Table=table)
    return types.FunctionType(bigfive.play.__code__, namespace, name)


bigfive_eager_windows = _with_table(EagerWindowsTable, "bigfive_eager_windows")
bigfive_scanned_singles = _with_table(ScannedSinglesTable, "bigfive_scanned_singles")


#: Per game: its module, the players measured, and its variants.
VARIANTS: dict[str, tuple[Any, int, tuple[Callable[[random.Random, int], tuple[Any, int]], ...]]] = {
    "take5": (take5, 4, (take5_rows_as_lists_shuffled, take5_rows_as_lists, take5_rows_as_three_lists,
                         take5_untagged_hands, take5_order_from_the_deal)),
    "bigpoints": (bigpoints, 3, (bigpoints_list_scans, bigpoints_string_path)),
    "ikebana": (ikebana, 3, (ikebana_bouquet_lists, ikebana_shuffled_deck)),
    "cinco": (cinco, 3, (cinco_neighbour_rays, cinco_counts_list)),
    "bigfive": (bigfive, 2, (bigfive_eager_windows, bigfive_scanned_singles)),
}


def work(play: Callable[[random.Random, int], tuple[Any, int]], players: int,
         seed: int) -> Callable[[float], float]:
    """A benchmark side playing whole games; units are moves."""
    from harness import until

    rng = random.Random(seed)

    def side(budget: float) -> float:
        more = until(budget)
        moves = 0
        while more():
            moves += play(rng, players)[1]
        return moves

    return side


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    games = [a for a in argv if not a.startswith("-")] or list(VARIANTS)
    slices, budget = (3, 0.3) if quick else (7, 0.5)
    for game in games:
        module, players, variants = VARIANTS[game]
        for variant in variants:
            c = compare(f"{game} {players}p {variant.__name__} / play", work(variant, players, 1),
                        work(module.play, players, 2), unit="moves", target=None, slices=slices, budget=budget)
            print(c.line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
