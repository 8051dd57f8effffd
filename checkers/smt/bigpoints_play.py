"""BigPoints games played to plan through the engine: the witnesses of the findings are built with these.

:func:`replay` plays a record's moves from a new game; :func:`drive` lays a chosen path and plays a plan of
turns (one pawn, a side to take, and an optional extra move paid with a black disc). Both the findings
(:mod:`ruleproof.checkers.smt.bigpoints`) and the counting bounds
(:mod:`ruleproof.checkers.smt.bigpoints_bounds`) build their witness games with them; kept apart so
neither of the two imports the other.

>>> state, moves = drive(2, {"colour_discs": 2, "black_discs": 0, "white_discs": 1}, "WBRYGP",
...                      [("blue", "behind", None)])
>>> moves[-2:], state.pawns
(['move blue', 'take behind'], (1, -1, -1, -1, -1))
>>> replay(2, {"colour_discs": 2, "black_discs": 0, "white_discs": 1}, moves).hands[0]
(0, 0, 0, 0, 0, 0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.model.bigpoints import GAME
from ruleproof.spec import bigpoints as bp
from ruleproof.spec.bigpoints import BigPointsState, BigPointsVariant

#: One planned turn for :func:`drive`: (pawn, take side, extra move or None).
Turn = tuple[str, str, "tuple[str, bool, str] | None"]


def replay(players: int, flags: dict[str, Any], moves: Sequence[str]) -> BigPointsState:
    """Play ``moves`` (text forms, the lays included) through the engine from a new game."""
    state = GAME.initial_state(players, BigPointsVariant(**flags))
    for text in moves:
        state = GAME.apply(state, GAME.parse_move(text))
    return state


def lays(path: str) -> list[str]:
    """The chance moves that lay ``path`` (letters of :data:`~ruleproof.spec.bigpoints.LETTERS`).

    >>> lays("BK")
    ['lay blue', 'lay black']
    """
    return [f"lay {bp.DISC_COLOURS[bp.LETTERS.index(c)]}" for c in path]


def drive(players: int, flags: dict[str, Any], path: str, plan: Sequence[Turn]) -> tuple[BigPointsState, list[str]]:
    """Lay ``path`` (letters of :data:`~ruleproof.spec.bigpoints.LETTERS`) and play ``plan`` through the
    engine: one ``(pawn, side, extra)`` per turn, ``extra`` being ``None`` (decline any black-disc offer)
    or ``(pawn, back, side)`` for the extra move paid with a black disc. A side that has no free disc is
    replaced by the first legal take. Returns the state and the moves.
    """
    state = GAME.initial_state(players, BigPointsVariant(**flags))
    moves = lays(path)
    for text in moves:
        state = GAME.apply(state, GAME.parse_move(text))

    def do(text: str) -> None:
        nonlocal state
        state = GAME.apply(state, GAME.parse_move(text))
        moves.append(text)

    for pawn, side, extra in plan:
        do(f"move {pawn}")
        if state.phase == bp.TAKE:
            legal = [str(m) for m in GAME.legal_moves(state)]
            do(f"take {side}" if f"take {side}" in legal else legal[0])
        if state.phase == bp.OFFER:
            do("black" if extra else "no black")
        if extra and state.phase == bp.EXTRA:
            epawn, back, eside = extra
            do(f"{'back' if back else 'move'} {epawn}")
            if state.phase == bp.TAKE:
                legal = [str(m) for m in GAME.legal_moves(state)]
                do(f"take {eside}" if f"take {eside}" in legal else legal[0])
    return state, moves


__all__ = ["Turn", "drive", "lays", "replay"]
