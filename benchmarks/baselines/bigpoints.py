"""The BigPoints baseline: a uniformly random game in one plain loop.

The rules played are the default reading of ``001_2e52b0ba102b09c9.txt`` as
``ruleproof.spec.bigpoints.BigPointsVariant()`` reads it: a path of 55 discs in
random order (9 of each of five colours, 5 black, 5 white) with one disc of
each colour beside the ladder (§ Подготовка к игре); a turn moves any pawn not
on the ladder to the next disc of its colour, or onto the highest free step
when none is left, and takes the nearest free disc ahead of or behind it (a
pawn reaching the ladder takes its colour's disc beside the ladder instead; a
disc under a pawn is not free; with no free disc on either side nothing is
taken) (§ Как играть); a black disc held since an earlier turn may be spent
once a turn, after the move, for an extra move that may also go back to the
previous disc of the pawn's colour (§ Черные жетоны); the game ends when the
last pawn reaches the ladder, steps score 4, 3, 2, 1, 0, a white disc scores
the number of other colours held, an unspent black one counting
(§ Конец игры и подсчет очков).

The random player's decisions, one draw each, as ``BigPointsGame.random_playout``
makes them: the pawn, uniform over the pawns off the ladder (and, in the extra
move, the backward moves too); the side, uniform over the sides with a free
disc; whether to spend a black disc, uniform over yes and no. The path is laid
by one shuffle (disc by disc with the supply's odds is a uniform order: the
engine shuffles too).

Why this loop is the fastest we found (``benchmarks/baselines/variants.py
bigpoints``, moves per CPU second against this loop, interleaved medians, 3
players):

* the path and its free discs are two ``bytearray`` s: the next disc of a
  colour is ``path.find(colour, pos + 1)`` (a scan in C; a taken disc is
  overwritten by a value no colour has), the previous one ``path.rfind``, and
  the nearest free disc on either side ``free.find(1, ...)`` and
  ``free.rfind(1, ...)``;
* the pawns off the ladder are one list that a uniform pick indexes;
* hands are lists of seven counts, and a turn's state is a few local ints;
* every draw, the shuffle's included, is written out as ``randrange(n)`` makes
  it, ``n.bit_length()`` bits from ``getrandbits`` until they are below ``n``
  (the same numbers from the same generator), instead of calling
  ``Random.shuffle`` and ``Random._randbelow``, Python functions: 1.36x the loop
  that called them (the loop of commit 423f36d against this one, same games
  from the same seeds, nine interleaved half-second slices, 1.30–1.51x, load
  4–6).

Losing variants (measured under load 8–14): the path as a list of ints scanned
by Python ``while`` loops (a free disc: not taken and no pawn on it) 0.93–0.95x;
the path as a string as the engine keeps it (``str.find``, a taken disc
replaced by slicing, free discs by Python scans) 0.79x. The shuffle of the 55
discs is about a third of a game's time; ``sample`` and sorting by random keys
cost the same.

What it leaves out, none of which the rules need: the ladder's order beyond the
scores (each colour's step value is recorded when its pawn arrives), the
reserve (a pawn's colour disc is added to the mover's hand when it arrives),
move objects, records and the match variant. It plays only the default reading.

>>> import random
>>> scores, moves = play(random.Random(1), 3)
>>> len(scores), moves > PATH
(3, True)
"""

from __future__ import annotations

import random

#: The rulebook's numbers (the default reading of the spec's variant).
COLOURS = 5
BLACK = 5
WHITE = 6
KINDS = 7
ON_PATH = (9, 9, 9, 9, 9, 5, 5)  # discs on the path per kind: 10 per colour less the one beside the ladder
PATH = sum(ON_PATH)
STEP_VALUES = (4, 3, 2, 1, 0)
#: The path's discs before the shuffle (kind numbers), in kind order.
SUPPLY: tuple[int, ...] = tuple(k for k in range(KINDS) for _ in range(ON_PATH[k]))
#: What a taken disc leaves on the path: no kind.
GONE = 9
#: The bits a draw below n takes (``n.bit_length()``, what ``Random._randbelow`` asks for).
WIDTHS: tuple[int, ...] = tuple(n.bit_length() for n in range(2 * PATH + 1))
#: A pawn's position on the ladder.
LADDER = 99


def play(rng: random.Random, players: int) -> tuple[list[int], int]:
    """One random game for ``players`` seats: ``(scores, moves)``.

    ``moves`` counts the laid discs, pawn moves, takes (forced ones and "take
    nothing" too) and answers to the black-disc offer, as the engine counts its
    steps.
    """
    bits = rng.getrandbits  # every draw is randrange's, inline: k = n.bit_length() bits until one is below n
    order = list(SUPPLY)
    for i in range(PATH - 1, 0, -1):  # Random.shuffle's walk, its draws inline
        width = WIDTHS[i + 1]
        j = bits(width)
        while j > i:
            j = bits(width)
        order[i], order[j] = order[j], order[i]
    path = bytearray(order)
    free = bytearray(b"\x01") * PATH  # 1: a disc no pawn stands on
    pawns = [-1] * COLOURS
    active = list(range(COLOURS))  # the pawns off the ladder
    worth = [0] * COLOURS  # each colour's step value, once its pawn is on the ladder
    hands = [[0] * KINDS for _ in range(players)]
    arrived = 0
    moves = PATH
    seat = 0
    while True:
        hand = hands[seat]
        fresh = 0  # black discs taken this turn (not yet usable)
        extra = False
        n = len(active)
        width = WIDTHS[n]
        r = bits(width)
        while r >= n:
            r = bits(width)
        colour = active[r]
        back = False
        while True:  # one pawn move and its disc; a second time after a spent black disc
            moves += 1
            pos = pawns[colour]
            dest = path.rfind(colour, 0, pos) if back else path.find(colour, pos + 1)
            if pos >= 0:
                free[pos] = 1
            if dest < 0:  # no disc of its colour ahead: onto the ladder, with the colour's disc beside it
                pawns[colour] = LADDER
                active.remove(colour)
                worth[colour] = STEP_VALUES[arrived]
                arrived += 1
                hand[colour] += 1
                if arrived == COLOURS:
                    return _scores(hands, worth), moves
            else:
                pawns[colour] = dest
                free[dest] = 0
                moves += 1  # the take (or "nothing")
                ahead = free.find(1, dest + 1)
                behind = free.rfind(1, 0, dest)
                if ahead >= 0:
                    if behind >= 0:
                        r = bits(2)  # randrange(2): two bits until one is below 2
                        while r >= 2:
                            r = bits(2)
                        if r:
                            ahead = behind
                else:
                    ahead = behind
                if ahead >= 0:
                    kind = path[ahead]
                    path[ahead] = GONE
                    free[ahead] = 0
                    hand[kind] += 1
                    if kind == BLACK:
                        fresh += 1
            if extra or hand[BLACK] <= fresh:
                break
            moves += 1  # the offer's answer
            r = bits(2)
            while r >= 2:
                r = bits(2)
            if not r:
                break
            hand[BLACK] -= 1
            extra = True
            options = [c * 2 for c in active]
            options += [c * 2 + 1 for c in active if pawns[c] >= 0 and path.rfind(c, 0, pawns[c]) >= 0]
            n = len(options)
            width = WIDTHS[n]
            r = bits(width)
            while r >= n:
                r = bits(width)
            pick = options[r]
            colour, back = pick >> 1, bool(pick & 1)
        seat += 1
        if seat == players:
            seat = 0


def _scores(hands: list[list[int]], worth: list[int]) -> list[int]:
    """Each seat's points: colour discs at their step's value, white discs at the colours held."""
    scores = []
    for hand in hands:
        kinds = sum(1 for c in range(COLOURS) if hand[c]) + (1 if hand[BLACK] else 0)
        scores.append(sum(hand[c] * worth[c] for c in range(COLOURS)) + hand[WHITE] * kinds)
    return scores
