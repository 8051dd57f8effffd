"""The Cinco baseline: a uniformly random game in one plain loop.

The rules played are the default reading of ``004_236555ab6940bf96.txt`` as
``ruleproof.spec.cinco.CincoVariant()`` reads it, on the project's
(provisional) hexagonal board of 90 numbered cells: 90 cards, four to each
seat; 4 players form two teams of two and 6 players two teams of three, seats
alternating; 35 chips a colour (§ Игра для двух-шести игроков., § Подготовка к
игре); a turn draws a card (with fewer than four in hand and a card to draw),
exchanges all four (with four in hand), or plays a card onto any free cell
numbered at least the card, the card burning when there is none; a hand of
none must draw (§ Ход игры); a run of five or more chips of a colour along one
of the three directions wins (§ Конец игры); a colour placing its last chip
without a run, a full board, or a player with no card and none to draw ends the
game in a draw; an empty deck is rebuilt from every discard pile when a card
must be dealt (§ Особые случаи).

The random player's decisions, one draw each, as ``CincoGame.random_playout``
makes them: uniform over the legal moves, i.e. the draw or the exchange (when
legal) and every (card, free cell at or above it) pair, or the card's burn when
it has no such cell. Chance deals a uniform card of the deck.

Why this loop is the fastest we found (``benchmarks/baselines/variants.py
cinco``, moves per CPU second against this loop, interleaved medians, 3
players):

* the board is a padded grid (13 × 13 around the hexagon, off-board cells
  holding a value no colour has), so a run is counted by adding a fixed offset
  per direction until the colour changes, with no bounds checks and no
  neighbour tables;
* the free cells are one sorted list: a card's placements are
  ``len(free) - bisect_left(free, card)``, and the chosen one is popped by its
  index;
* the options are one running total (``(len(free) - bisect_left(free, card)) or
  1`` per card: its placements, or its burn); the chosen card's count is
  worked out again when the draw is located, no list is built;
* every draw is written out as ``randrange(n)`` makes it, ``n.bit_length()``
  bits from ``getrandbits`` until they are below ``n`` (the same numbers from
  the same generator), instead of calling ``Random._randbelow``, a Python
  function: 1.30x the loop that called it (the loop of commit 423f36d against
  this one, same games from the same seeds, nine interleaved half-second
  slices, 1.26–1.35x, load 4–8).

Losing variants (measured under load 8–14): runs counted along precomputed
neighbour rays per cell, as the engine does, 0.72x; each card's placements
counted once into a list (a comprehension, then ``sum`` and ``count``) and the
list read to find the chosen move 0.75x: building that list per decision costs
more than a second ``bisect`` for the chosen card.

What it leaves out, none of which the rules need: which seat's pile a
discard is in (the piles are only ever merged into the deck), hands' order,
the winning run's cells, move objects and records. It plays only the default
reading on the hexagon.

>>> import random
>>> winner, moves = play(random.Random(1), 3)
>>> winner in (-1, 0, 1, 2), moves > 4 * 3
(True, True)
"""

from __future__ import annotations

import random
from bisect import bisect_left

#: The rulebook's numbers (the default reading of the spec's variant).
HAND = 4
CHIPS = 35
LINE = 5
RADIUS = 5
#: The padded grid: width and the offsets of the three line directions (q, r, q - r axes).
WIDTH = 2 * RADIUS + 3
DIRECTIONS = (1, WIDTH, 1 - WIDTH)
#: The value of a free cell, and of a grid position that is no cell.
FREE = -1
OFF = 9


def hex_cells() -> tuple[tuple[int, int], ...]:
    """The cells' axial coordinates ``(q, r)`` by number (cell ``n`` at index ``n - 1``): ring ``k``
    after ring ``k - 1``, from ``(0, -k)``, clockwise on odd rings, counter-clockwise on even ones."""
    walk = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    cells: list[tuple[int, int]] = []
    for k in range(1, RADIUS + 1):
        q, r = 0, -k
        ring = []
        for dq, dr in walk:
            for _ in range(k):
                ring.append((q, r))
                q, r = q + dq, r + dr
        cells += ring if k % 2 else ring[:1] + ring[:0:-1]
    return tuple(cells)


#: Grid position of each cell number (index 0 unused).
GRID_OF: tuple[int, ...] = (0, *((r + RADIUS + 1) * WIDTH + q + RADIUS + 1 for q, r in hex_cells()))
CELLS = len(GRID_OF) - 1
#: The empty grid: every cell free, everything else off the board.
EMPTY_GRID: tuple[int, ...] = tuple(FREE if i in frozenset(GRID_OF[1:]) else OFF for i in range(WIDTH * WIDTH))


#: The bits a draw below n takes (``n.bit_length()``, what ``Random._randbelow`` asks for): below every option count.
WIDTHS: tuple[int, ...] = tuple(n.bit_length() for n in range(HAND * CELLS + 2))


def play(rng: random.Random, players: int) -> tuple[int, int]:
    """One random game for 2, 3, 4 or 6 seats: ``(winning colour or -1 for a draw, moves)``.

    ``moves`` counts every card dealt and every seat's move, as the engine counts its steps.
    """
    bits = rng.getrandbits  # every draw is randrange's, inline: k = n.bit_length() bits until one is below n
    widths = WIDTHS
    colours = players if players < 4 else 2
    grid = list(EMPTY_GRID)
    grid_of = GRID_OF
    free = list(range(1, CELLS + 1))
    chips = [CHIPS] * colours
    deck = list(range(1, CELLS + 1))
    discards: list[int] = []
    hands = []
    for _ in range(players):
        hand = []
        for _ in range(HAND):
            n = len(deck)
            width = widths[n]
            r = bits(width)
            while r >= n:
                r = bits(width)
            hand.append(deck.pop(r))
        hands.append(hand)
    moves = HAND * players
    seat = 0
    while True:
        hand = hands[seat]
        if not hand and not deck and not discards:
            return -1, moves  # nobody can act: a draw
        option = 1 if len(hand) == HAND or deck or discards else 0
        nfree = len(free)
        total = option
        for card in hand:  # a card's placements, or its burn when it has none
            total += (nfree - bisect_left(free, card)) or 1
        width = widths[total]
        pick = bits(width)
        while pick >= total:
            pick = bits(width)
        moves += 1
        if pick < option:
            if len(hand) == HAND:  # exchange all four
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
                n = len(deck)
                width = widths[n]
                r = bits(width)
                while r >= n:
                    r = bits(width)
                hand.append(deck.pop(r))
                moves += 1
        else:
            pick -= option
            i = 0
            for card in hand:  # the card of the pick-th option, counted again
                first = bisect_left(free, card)
                k = nfree - first
                if k:
                    if pick < k:
                        break
                    pick -= k
                elif pick == 0:
                    break
                else:
                    pick -= 1
                i += 1
            del hand[i]
            discards.append(card)
            if k:  # a chip on the pick-th free cell at or above the card
                colour = seat % colours
                cell = free.pop(first + pick)
                at = grid_of[cell]
                grid[at] = colour
                chips[colour] -= 1
                for step in DIRECTIONS:
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
