"""Replaying Big Five witnesses through the engine.

A witness board found by the solver is only a finding once a real game
reaches it. :func:`build_order` orders the cards of a 4-connected board so that
each card touches one placed before it (from the start card at ``(0, 0)``);
every such single-card play is legal when the final board's lines are valid,
since each intermediate line is part of a final line. :func:`replay_plays`
then plays a sequence of plays as seat 0 of a two-player game: chance deals
exactly the cards needed into seat 0's deck and draws them in order, seat 1
exchanges one card each turn, and seat 0 declines its bonus discards. Every
move goes through :meth:`~ruleproof.model.core.Game.apply` with legality
checking on.

>>> board = {(0, 0): 0, (1, 0): 5, (1, 1): 6}
>>> [str(p) for p in build_order(board)]
['play Gb@1,0', 'play Gy@1,1']
>>> state, moves = replay_plays(0, [p.placed for p in build_order(board)])
>>> len(state.board), moves[0]
(3, 'deal Lb')
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping, Sequence

from typing import Any

from ruleproof.model.bigfive import GAME
from ruleproof.model.core import CHANCE, Game
from ruleproof.spec.bigfive import (
    BigFiveState,
    BigFiveVariant,
    Deal,
    Decline,
    Draw,
    Exchange,
    Placed,
    Play,
    deal_sizes,
    deck_cards,
    drawing_seat,
)

Cell = tuple[int, int]


def translate(board: Mapping[Cell, int], root: Cell) -> dict[Cell, int]:
    """The board moved so that ``root`` lies at ``(0, 0)``."""
    return {(x - root[0], y - root[1]): c for (x, y), c in board.items()}


def build_order(board: Mapping[Cell, int]) -> list[Play]:
    """Single-card plays that build ``board`` from its card at ``(0, 0)`` (breadth first).

    :raises ValueError: when there is no card at ``(0, 0)`` or the board is not 4-connected.
    """
    if (0, 0) not in board:
        raise ValueError("the start card must lie at (0, 0)")
    seen = {(0, 0)}
    queue = deque([(0, 0)])
    plays = []
    while queue:
        x, y = queue.popleft()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt in board and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
                plays.append(Play((Placed(nxt[0], nxt[1], board[nxt]),)))
    if len(seen) != len(board):
        missing = sorted(set(board) - seen)
        raise ValueError(f"the board is not 4-connected: {missing[:5]} cannot be reached from (0, 0)")
    return plays


def replay_plays(start: int, plays: Sequence[Sequence[Placed]], variant: BigFiveVariant | None = None,
                 game: Game[Any, Any, Any] = GAME) -> tuple[BigFiveState, list[str]]:
    """Play ``plays`` (in order) as seat 0 of a two-player game whose start card is ``start``.

    Returns the state right after the last play (before any bonus discard)
    and the text of every move made, chance moves included.

    :raises ValueError: when the cards needed exceed the copies of a kind in the variant's deck.
    :raises IllegalMoveError: when the engine refuses a move (the witness is wrong).
    """
    GAME = game  # noqa: N806 - every move is checked on the engine given (a reading's engine, say)
    variant = BigFiveVariant() if variant is None else variant
    queue = [p.card for play in plays for p in play]
    need = Counter(queue + [start])
    deck = deck_cards(variant)
    over = [c for c, n in need.items() if n > deck.count(c)]
    if over:
        raise ValueError(f"the plays need more than {variant.copies} copies of card(s) {sorted(over)}")
    rest = list(deck)
    for c in queue + [start]:
        rest.remove(c)
    size0, size1 = deal_sizes(variant, 2)
    if len(queue) + variant.hand_size > size0:
        raise ValueError(f"the plays need {len(queue)} cards; seat 0's deck holds {size0}")
    deck0 = queue + rest[: size0 - len(queue)]
    deck1 = rest[size0 - len(queue): size0 - len(queue) + size1]
    deals = [start] + deck0 + deck1
    state = GAME.initial_state(2, variant)
    moves: list[str] = []

    def do(move: object) -> None:
        nonlocal state
        state = GAME.apply(state, move)
        moves.append(str(move))

    for card in deals:
        do(Deal(card))
    wanted = list(queue)
    todo = [Play(tuple(sorted(p))) for p in plays]
    while todo:
        actor = GAME.current_player(state)
        if actor == CHANCE:
            legal = GAME.legal_moves(state)
            pick = legal[0]
            if drawing_seat(state) == 0 and wanted and Draw(wanted[0]) in legal:
                pick = Draw(wanted.pop(0))
            do(pick)
        elif actor == 0:
            if state.bonus:
                do(Decline())
            else:
                play = todo.pop(0)
                do(play)
        else:
            do(Exchange((state.hands[1][0],)))
    return state, moves

