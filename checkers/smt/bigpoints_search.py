"""Searches for BigPoints witness games under any path: short games, long games, high scores.

The counting bounds (:mod:`ruleproof.checkers.smt.bigpoints_bounds`) prove how short, how long and how
high-scoring a game can be on any path; the witness games that attain them on the rulebook's path are built
by hand. On another path (a variant that changes ``colour_discs``, ``black_discs`` or ``white_discs``, or
the ladder's ``step_values``) the findings look for witnesses with the searches here instead: seeded,
bounded (a fixed number of tries, never a time limit) and played through the engine, so every witness
replays. A search finds a witness; only a witness that meets the proved bound makes the answer exact.

>>> variant = BigPointsVariant(colour_discs=3, black_discs=1, white_discs=1)
>>> moves = shortest_game(variant)
>>> len(moves) == lower_length(variant) == 27
True
>>> length, best = longest_found(variant, 40)
>>> length == len(best) and 27 < length
True
"""

from __future__ import annotations

import random
from typing import Any

from ruleproof.checkers.smt.bigpoints_play import lays
from ruleproof.model.bigpoints import GAME
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec import bigpoints as bp
from ruleproof.spec.bigpoints import BigPointsState, BigPointsVariant

PAWNS = bp.PAWNS


def _is_ahead_take(state: BigPointsState, pos: int) -> bool:
    """Whether the disc at ``pos`` is of a pawn colour and lies ahead of that colour's pawn."""
    disc = bp.LETTERS.index(state.path[pos])
    return disc < PAWNS and pos > state.pawns[disc]


def _take_positions(state: BigPointsState) -> tuple[int | None, int | None]:
    return bp.compute_free_discs(state.path, state.pawns, state.moved, state.pawns[state.moved])


# --------------------------------------------------------------------------
# The gap: no free disc on either side of a moved pawn


def may_gap(state: BigPointsState) -> bool:
    """A necessary condition for :func:`ruleproof.spec.bigpoints.has_gap`, read off the path and the pawns.

    After a gap move no free disc lies on either side of the moved pawn, so
    every disc left on the path but the one it lands on lies under one of
    the other pawns, which did not move: the discs left are at most one more
    than those under a pawn now.

    >>> may_gap(bp.example_state("BRY", pawns=(-1, 1, 2, 3, 3))), may_gap(bp.example_state("BRYG"))
    (True, False)
    """
    path = state.path
    left = len(path) - path.count(bp.TAKEN)
    covered = {p for p in state.pawns if 0 <= p < len(path) and path[p] != bp.TAKEN}
    return left <= 1 + len(covered)


def gap_found(variant: BigPointsVariant, tries: int) -> tuple[BigPointsState, list[str]] | None:
    """A state whose player faces a gap move, and the moves that reach it from a new game, found among ``tries``
    random two-player games that spend every black disc offered (backward when they can, which frees the
    path behind the pawns): ``None`` when none of them meets one.
    """
    for seed in range(tries):
        rng = random.Random(f"gap:{seed}")
        state = GAME.initial_state(2, variant)
        moves: list[str] = []
        while GAME.current_player(state) != TERMINAL:
            if state.phase in (bp.MOVE, bp.EXTRA) and may_gap(state) and bp.has_gap(state):
                return state, moves
            legal = GAME.legal_moves(state)
            move: Any
            if GAME.current_player(state) == CHANCE:
                move = GAME.sample_chance(state, rng)
            elif state.phase == bp.OFFER:
                move = legal[-1]
            else:
                backs = [m for m in legal if getattr(m, "back", False)]
                move = rng.choice(backs or list(legal))
            moves.append(str(move))
            state = GAME.apply(state, move)
    return None


# --------------------------------------------------------------------------
# The shortest game


def lower_length(variant: BigPointsVariant | None = None) -> int:
    """The fewest moves of a two-player game, lays included, by counting: each of the ``p * c`` colour discs of
    the path is landed on by its pawn or taken first, and a landing takes one disc, so at least
    ``ceil(p * c / 2)`` landings, each with its take, and the ``p`` moves onto the ladder.

    >>> lower_length()
    106
    """
    variant = variant or BigPointsVariant()
    colour = PAWNS * (variant.colour_discs - bp.RESERVE_DISCS)
    landings = -(-colour // 2)
    return bp.path_size(variant) + landings + PAWNS + landings


def short_path(variant: BigPointsVariant | None = None) -> str:
    """The path of the shortest-game search: pairs of each colour, a last disc of each colour when the count is
    odd, then the black and the white discs.

    >>> short_path(BigPointsVariant(colour_discs=4, black_discs=1, white_discs=2))
    'BBRRYYGGPPBRYGPKWW'
    """
    variant = variant or BigPointsVariant()
    colour = variant.colour_discs - bp.RESERVE_DISCS
    letters = bp.LETTERS[:PAWNS]
    path = "".join(letter * 2 for letter in letters) * (colour // 2) + (letters if colour % 2 else "")
    return path + bp.LETTERS[bp.BLACK] * variant.black_discs + bp.LETTERS[bp.WHITE] * variant.white_discs


def shortest_game(variant: BigPointsVariant | None = None, seed: int = 1, tries: int = 50) -> list[str] | None:
    """A two-player game of :func:`lower_length` moves: random pawn moves on :func:`short_path`, each take
    preferring a colour disc still ahead of its own pawn (so that pawn needs one landing fewer), black discs
    never used. ``None`` if no try reaches it.
    """
    variant = variant or BigPointsVariant()
    target = lower_length(variant)
    for i in range(seed, seed + tries):
        rng = random.Random(i)
        state = GAME.initial_state(2, variant)
        moves = lays(short_path(variant))
        for text in moves:
            state = GAME.apply(state, GAME.parse_move(text))
        while GAME.current_player(state) != TERMINAL and len(moves) < target:
            legal = GAME.legal_moves(state)
            if state.phase == bp.OFFER:
                move: Any = next(m for m in legal if str(m) == "no black")
            elif state.phase == bp.TAKE:
                ahead, behind = _take_positions(state)

                def value(m: Any, s: BigPointsState = state, a: int | None = ahead, b: int | None = behind,
                          r: random.Random = rng) -> float:
                    pos = a if m.side == "ahead" else b if m.side == "behind" else None
                    if pos is None:
                        return -5.0
                    if _is_ahead_take(s, pos):
                        return 10 + r.random()
                    return -3.0 if bp.LETTERS.index(s.path[pos]) == bp.BLACK else r.random()

                move = max(legal, key=value)
            else:
                move = legal[rng.randrange(len(legal))]
            moves.append(str(move))
            state = GAME.apply(state, move)
        if GAME.current_player(state) == TERMINAL and len(moves) == target:
            return moves
    return None


# --------------------------------------------------------------------------
# Long games


def long_game(variant: BigPointsVariant, seed: int) -> list[str]:
    """A two-player game steered to last: random lays; every take avoids a colour disc ahead of its own pawn
    (which would spare that pawn a landing) and prefers a black disc; an offered black disc is spent half the
    time (an extra move, backward when one is legal) and kept otherwise (more offers follow).
    """
    rng = random.Random(f"long:{seed}")
    state = GAME.initial_state(2, variant)
    moves: list[str] = []
    while GAME.current_player(state) != TERMINAL:
        legal = GAME.legal_moves(state)
        move: Any
        if GAME.current_player(state) == CHANCE:
            move = GAME.sample_chance(state, rng)
        elif state.phase == bp.OFFER:
            move = legal[-1] if rng.random() < 0.5 else legal[0]
        elif state.phase == bp.TAKE:
            ahead, behind = _take_positions(state)

            def value(m: Any, s: BigPointsState = state, a: int | None = ahead, b: int | None = behind) -> float:
                pos = a if m.side == "ahead" else b if m.side == "behind" else None
                if pos is None:
                    return 0.0
                black = 2.0 if bp.LETTERS.index(s.path[pos]) == bp.BLACK else 0.0
                return black - (5.0 if _is_ahead_take(s, pos) else 0.0) + rng.random()

            move = max(legal, key=value)
        else:
            backs = [m for m in legal if isinstance(m, bp.Pawn) and m.back] if state.phase == bp.EXTRA else []
            move = rng.choice(backs or list(legal))
        moves.append(str(move))
        state = GAME.apply(state, move)
    return moves


def longest_found(variant: BigPointsVariant, tries: int) -> tuple[int, list[str]]:
    """The longest of :func:`long_game` over ``tries`` seeds: ``(length, moves)``."""
    best: list[str] = []
    for seed in range(tries):
        moves = long_game(variant, seed)
        if len(moves) > len(best):
            best = moves
    return len(best), best


# --------------------------------------------------------------------------
# High scores


def best_random(players: int, tries: int, variant: BigPointsVariant | None = None) -> tuple[int, int, list[str]]:
    """The highest score of ``tries`` uniformly random games: ``(score, seat, moves)``."""
    variant = variant or BigPointsVariant()
    best = (-1, -1, [""])
    for i in range(tries):
        rng = random.Random(f"score:{i}")
        state = GAME.initial_state(players, variant)
        moves: list[str] = []
        while GAME.current_player(state) != TERMINAL:
            move: Any = GAME.random_move(state, rng)
            moves.append(str(move))
            state = GAME.apply_unchecked(state, move)
        top = max(state.scores)
        if top > best[0]:
            best = (top, state.scores.index(top), moves)
    return best


#: Seat 0's preference among the discs it may take (by disc colour index): blue, red, white, black, the rest.
_PREFER = {0: 6.0, 1: 5.0, bp.WHITE: 4.0, bp.BLACK: 3.0, 2: 2.0, 3: 2.0, 4: 2.0}
#: The discs seat 0 wants one of each (yellow, green, purple and black: each adds a colour for the whites).
_ONE_EACH = (2, 3, 4, bp.BLACK)


def guided_game(seed: int, variant: BigPointsVariant | None = None) -> tuple[int, list[str]]:
    """A two-player game steered for seat 0's score: seat 0 moves blue then red (to put them on the top
    steps) and takes blue, red, white, one disc of each other colour; seat 1 moves the other pawns and
    takes what seat 0 wants least. Random tie-breaks (``seed``); random lays. Returns (seat 0's score, moves).
    """
    rng = random.Random(f"guided:{seed}")
    eps = 1.0 + seed % 5
    state = GAME.initial_state(2, variant or BigPointsVariant())
    moves: list[str] = []
    while GAME.current_player(state) != TERMINAL:
        legal = GAME.legal_moves(state)
        move: Any
        if GAME.current_player(state) == CHANCE:
            move = GAME.sample_chance(state, rng)
        elif state.phase == bp.TAKE:
            ahead, behind = _take_positions(state)

            def value(m: Any, s: BigPointsState = state, a: int | None = ahead, b: int | None = behind) -> float:
                pos = a if m.side == "ahead" else b if m.side == "behind" else None
                if pos is None:
                    return -9.0
                disc = bp.LETTERS.index(s.path[pos])
                v = 4.5 if disc in _ONE_EACH and s.hands[0][disc] == 0 else _PREFER[disc]
                v += 0.5 if disc < PAWNS and pos > s.pawns[disc] else 0.0
                return v if s.turn == 0 else -v

            move = max(legal, key=lambda m: value(m) + rng.random() * eps)
        elif state.phase == bp.OFFER:
            move = legal[0] if rng.random() < 0.5 else legal[-1]
        else:
            def pawn_value(m: Any, s: BigPointsState = state) -> float:
                c = bp.COLOURS.index(m.colour)
                if s.turn == 0:
                    return {0: 3.0, 1: 2.0}.get(c, 0.0) - (1.0 if m.back else 0.0)
                return 1.0 if c >= 2 else -1.0

            move = max(legal, key=lambda m: pawn_value(m) + rng.random() * eps * 3)
        moves.append(str(move))
        state = GAME.apply(state, move)
    return state.scores[0], moves


#: The best seed of :func:`guided_game` among 0..19999 on the rulebook's path (66 points; the full form
#: searches them again).
GUIDED_SEED = 5205


__all__ = ["GUIDED_SEED", "best_random", "gap_found", "guided_game", "long_game", "longest_found", "lower_length",
           "may_gap", "short_path", "shortest_game"]
