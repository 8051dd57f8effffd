"""The accelerations of the Cinco specification (:mod:`ruleproof.spec.cinco`, :mod:`ruleproof.spec.cinco_board`).

What is attached, and why (each compared with its plain form by ``tests/spec/test_accelerations.py``;
the tricky cases by ``tests/spec/test_accel_cinco.py``):

* ``compute_whose_turn`` remembers its last answer for the same state object: CI-TURN-1 asks it for
  every move checked at a state; the accelerated spec's ``whose_turn`` is that memory too.
* ``free_cells`` remembers its last answer: every placement rule of every candidate play asks it
  about the same board.
* ``cards_to_draw`` reads the deck in place and keeps the pooled discard piles of the last empty-deck
  state (every deal of such a chance node asks about the same piles); ``is_blocked`` answers at once
  when the deck has cards (whoever is to act can then act): the turn rule and CI-END-3 ask it for every
  move.
* ``layout_of`` keeps a table of boards by variant (the plain one looks a shipped board up, or parses
  and validates a custom board's text, on every call).
* ``compute_windows`` keeps a table by board and line length (the plain one walks the board's lines);
  ``compute_winning_lines`` reads a window as a subset of the colour's cells (one C loop per window).
* Fast forms of CI-DEAL-1, CI-PLAY-1, CI-PLAY-2, CI-PLAY-3 and CI-PLAY-4, the rules that reject most
  candidate moves: the same verdicts without building a message.
* ``candidate_moves`` from a table per variant (moves are immutable values: the same objects serve
  every state).

>>> SPEC.rule("CI-PLAY-1").holds is not None or not ENABLED
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ruleproof.spec import cinco as plain
from ruleproof.spec import cinco_board as board
from ruleproof.spec.accel.core import (
    ENABLED,
    Acceleration,
    FastForm,
    accelerate,
    remember_last_one,
    remembered,
    replaced,
    tabled,
)
from ruleproof.spec.cinco import (
    DRAW,
    EXCHANGE,
    CincoMove,
    CincoState,
    CincoVariant,
    Deal,
    Play,
)
from ruleproof.spec.cinco_board import FREE, Board
from ruleproof.spec.core import CHANCE, GameSpec, Step

CStep = Step[CincoVariant, CincoState, CincoMove]


# --------------------------------------------------------------------------
# Calculations


@remember_last_one
def _pooled(discards: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Every card of the discard piles, sorted, the last answer kept for the same piles object.

    >>> _pooled(((5, 2), (), (3,)))
    (2, 3, 5)
    """
    return tuple(sorted(c for pile in discards for c in pile))


def cards_to_draw(state: CincoState) -> tuple[int, ...]:
    """:func:`~ruleproof.spec.cinco.cards_to_draw`: the deck, else the discard piles pooled (:func:`_pooled`)."""
    return state.deck or _pooled(state.discards)


def is_blocked(state: CincoState) -> bool:
    """:func:`~ruleproof.spec.cinco.is_blocked`, ``False`` at once when the deck has cards."""
    if state.deck:  # something to draw: whoever is to act can act
        return False
    if any(state.owed):
        return not cards_to_draw(state)
    return not state.hands[state.turn] and not cards_to_draw(state)


def compute_winning_lines(board_: Board, colour: int, length: int,
                          exact: bool = False) -> tuple[tuple[int, ...], ...]:
    """:func:`~ruleproof.spec.cinco_board.compute_winning_lines`: a window is filled exactly when it is a
    subset of the colour's cells (a C loop per window).

    >>> cells = [FREE] * 90
    >>> for n in (1, 2, 3, 4, 5, 6):
    ...     cells[n - 1] = 0
    >>> compute_winning_lines(Board(board.square_layout(), tuple(cells)), 0, 5)
    ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))
    """
    mine = frozenset(n for n, c in enumerate(board_.cells, start=1) if c == colour)
    found = []
    for window in board.compute_windows(board_.layout, length):
        if mine.issuperset(window):
            if exact and board.extends(board_, window, colour):
                continue
            found.append(window)
    return tuple(found)


_WHOSE_TURN = remembered(plain, "compute_whose_turn")


# --------------------------------------------------------------------------
# Fast forms of the rules that reject most candidate moves


def _holds_deal_card(step: CStep) -> bool:
    """CI-DEAL-1 without its message: the deck read in place (asked for chance's deals)."""
    state = step.before
    return step.move.card in (state.deck or cards_to_draw(state))  # type: ignore[union-attr]


def _holds_card_in_hand(step: CStep) -> bool:
    """CI-PLAY-1 without its message: the actor's hand read in place (asked for most candidate plays)."""
    state = step.before
    actor = step.actor
    return 0 <= actor < state.players and step.move.card in state.hands[actor]  # type: ignore[union-attr]


def _holds_free_cell(step: CStep) -> bool:
    """CI-PLAY-2 without its message."""
    cell = step.move.cell  # type: ignore[union-attr]
    if cell == 0:
        return True
    cells = step.before.board
    return 1 <= cell <= len(cells) and cells[cell - 1] == FREE


def _holds_at_or_above(step: CStep) -> bool:
    """CI-PLAY-3 without its message."""
    move = step.move
    cell = move.cell  # type: ignore[union-attr]
    return cell == 0 or cell >= move.card or plain.is_joker_card(step.variant, step.before.board, move.card)  # type: ignore[union-attr]


def _holds_burn(step: CStep) -> bool:
    """CI-PLAY-4 without its message."""
    move = step.move
    state = step.before
    return (move.cell != 0  # type: ignore[union-attr]
            or state.chips[plain.colour_of(state.players, step.variant, step.actor)] == 0
            or not plain.compute_target_cells(step.variant, state.board, move.card)  # type: ignore[union-attr]
            or step.variant.joker_burn and plain.is_joker_card(step.variant, state.board, move.card))  # type: ignore[union-attr]


# --------------------------------------------------------------------------
# Candidate moves


class _CandidateTable(NamedTuple):
    """A variant's candidate moves, built once: chance's deals, a seat's moves before its placements
    (exchange, draw, every card burning), and per card of the deck its placement on every cell."""

    deals: tuple[CincoMove, ...]
    opening: tuple[CincoMove, ...]
    placements: dict[int, tuple[CincoMove, ...]]


#: Per variant (at most 64), its :class:`_CandidateTable`.
_CANDIDATES: dict[CincoVariant, _CandidateTable] = {}


def _candidate_table(variant: CincoVariant) -> _CandidateTable:
    """The variant's candidate moves (see :class:`_CandidateTable`).

    >>> table = _candidate_table(CincoVariant(layout="square"))
    >>> len(table.deals), [str(m) for m in table.opening[:3]], [str(m) for m in table.placements[7][:2]]
    (90, ['exchange', 'draw', 'play 1 burn'], ['play 7 at 1', 'play 7 at 2'])
    """
    table = _CANDIDATES.get(variant)
    if table is None:
        cards = plain.deck_cards(variant)
        cells = range(1, len(cards) + 1)
        table = _CandidateTable(
            tuple(Deal(c) for c in cards),
            (EXCHANGE, DRAW, *[Play(c, 0) for c in cards]),
            {c: tuple(Play(c, n) for n in cells) for c in cards},
        )
        if len(_CANDIDATES) < 64:
            _CANDIDATES[variant] = table
    return table


def candidate_moves(state: CincoState, actor: int) -> Iterable[CincoMove]:
    """:func:`~ruleproof.spec.cinco.candidate_moves` from a table per variant (a new list each call)."""
    table = _candidate_table(state.variant)
    if actor == CHANCE:
        return list(table.deals)
    hand = state.hands[actor] if 0 <= actor < state.players else ()
    moves = list(table.opening)
    placements = table.placements
    for c in hand:
        row = placements.get(c)
        moves += row if row is not None else [Play(c, n) for n in range(1, len(table.deals) + 1)]
    return moves


#: Everything attached to the Cinco specification.
ACCELERATION = Acceleration(
    "cinco",
    fast_forms=(
        FastForm("CI-DEAL-1", holds=_holds_deal_card),
        FastForm("CI-PLAY-1", holds=_holds_card_in_hand),
        FastForm("CI-PLAY-2", holds=_holds_free_cell),
        FastForm("CI-PLAY-3", holds=_holds_at_or_above),
        FastForm("CI-PLAY-4", holds=_holds_burn),
    ),
    calculations=(
        _WHOSE_TURN,
        remembered(plain, "free_cells"),
        replaced(plain, "cards_to_draw", cards_to_draw),
        replaced(plain, "is_blocked", is_blocked),
        tabled(plain, "layout_of", 256),
        tabled(board, "compute_windows", 256),
        replaced(board, "compute_winning_lines", compute_winning_lines),
    ),
    whose_turn=_WHOSE_TURN.fast,
    candidate_moves=candidate_moves,
)


def build_spec() -> GameSpec[CincoVariant, CincoState, CincoMove]:
    """:data:`ruleproof.spec.cinco.SPEC` with the accelerations attached (when switched on)."""
    return accelerate(plain.SPEC, ACCELERATION)


#: The Cinco specification, accelerated (the plain one when accelerations are switched off).
SPEC: GameSpec[CincoVariant, CincoState, CincoMove] = build_spec()
