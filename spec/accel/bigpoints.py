"""The accelerations of the BigPoints specification (:mod:`ruleproof.spec.bigpoints`).

What is attached, and why (each compared with its plain form by ``tests/spec/test_accelerations.py``):

* memories of the last answer (:func:`~ruleproof.spec.accel.core.remember_last`) for the calculations that
  the rules of one step ask again and again about the same state: ``compute_whose_turn`` (BP-TURN-1 of
  every candidate move), ``compute_successor`` (each of the dozen effect rules of a transition compares its
  fields with it), ``path_size`` (the ladder's position, asked by most rules), ``compute_free_discs`` (the
  three take candidates of a state), ``compute_supply`` (the seven lay candidates) and
  ``compute_allowed_pawn_moves`` (under ``no_free_disc="illegal"``, every pawn candidate asks for the whole
  list);
* fast forms of the rules that reject most candidate moves: BP-TURN-2 (a move that does not fit the step
  of the turn), BP-SETUP-2 (a disc colour the box has run out of), BP-TAKE-1 (a side without a free disc),
  BP-MOVE-1 (a pawn on the ladder) and BP-MOVE-3 (a backward normal move): the same yes/no, without the
  message;
* ``candidate_moves`` from two tables made once (moves are immutable values).

>>> SPEC.rule("BP-TAKE-1").holds is not None or not ENABLED
True
>>> [str(m) for m in candidate_moves(plain.example_state("BRY"), plain.CHANCE)][:3]
['lay blue', 'lay red', 'lay yellow']
"""

from __future__ import annotations

from collections.abc import Iterable

from ruleproof.spec import bigpoints as plain
from ruleproof.spec.accel.core import ENABLED, Acceleration, FastForm, accelerate, remembered
from ruleproof.spec.bigpoints import (
    COLOURS,
    DISC_COLOURS,
    EXTRA,
    LETTERS,
    OVER,
    SIDES,
    BigPointsMove,
    BigPointsState,
    BigPointsVariant,
    Black,
    Lay,
    Pawn,
    Take,
)
from ruleproof.spec.core import CHANCE, GameSpec, Step

Bstep = Step[BigPointsVariant, BigPointsState, BigPointsMove]

#: Index per pawn colour name, and per disc colour name (``tuple.index`` without the scan and its exception).
_PAWN_INDEX = {name: c for c, name in enumerate(COLOURS)}
_DISC_INDEX = {name: c for c, name in enumerate(DISC_COLOURS)}


def _holds_phase(step: Bstep) -> bool:
    """BP-TURN-2 without its message: the move is of the kind the step of the turn awaits (a lay after the
    end only when another game of a match follows)."""
    state = step.before
    phase = state.phase
    expected = plain._EXPECTED.get(phase)
    if expected is None or not isinstance(step.move, expected):
        return False
    return phase != OVER or plain.has_next_game(state)


def _holds_lay(step: Bstep) -> bool:
    """BP-SETUP-2 without its message: a disc of the laid colour is left in the box (after the end of a game of
    a match, in the whole set), counting only that colour."""
    move = step.move
    colour = _DISC_INDEX.get(move.colour)  # type: ignore[union-attr]
    if colour is None:
        return False
    state = step.before
    if state.phase == OVER:
        return plain.path_composition(step.variant)[colour] > 0
    return plain.path_composition(state.variant)[colour] - state.path.count(LETTERS[colour]) > 0


def _holds_take_side(step: Bstep) -> bool:
    """BP-TAKE-1 without its message: the chosen side has a free disc (``none``: neither side has one)."""
    side = step.move.side  # type: ignore[union-attr]
    state = step.before
    moved = state.moved
    if side not in SIDES or not 0 <= moved < len(COLOURS):
        return False
    ahead, behind = plain.compute_free_discs(state.path, state.pawns, moved, state.pawns[moved])
    if side == "ahead":
        return ahead is not None
    if side == "behind":
        return behind is not None
    return ahead is None and behind is None


def _holds_off_ladder(step: Bstep) -> bool:
    """BP-MOVE-1 without its message: the pawn exists and is not on the ladder."""
    colour = _PAWN_INDEX.get(step.move.colour)  # type: ignore[union-attr]
    return colour is not None and step.before.pawns[colour] != plain.path_size(step.variant)


def _holds_forward_unless_extra(step: Bstep) -> bool:
    """BP-MOVE-3 without its message: a backward move only as the extra move."""
    return not step.move.back or step.before.phase == EXTRA  # type: ignore[union-attr]


#: The candidate moves of chance and of a seat (:func:`~ruleproof.spec.bigpoints.candidate_moves`), made once.
_CHANCE_CANDIDATES: tuple[BigPointsMove, ...] = tuple(Lay(c) for c in DISC_COLOURS)
_SEAT_CANDIDATES: tuple[BigPointsMove, ...] = (
    *(Pawn(c, b) for c in COLOURS for b in (False, True)), *(Take(s) for s in SIDES), Black(False), Black(True))


def candidate_moves(state: BigPointsState, actor: int) -> Iterable[BigPointsMove]:
    """:func:`~ruleproof.spec.bigpoints.candidate_moves` from the tables (a new list each call)."""
    return list(_CHANCE_CANDIDATES if actor == CHANCE else _SEAT_CANDIDATES)


_WHOSE_TURN = remembered(plain, "compute_whose_turn")

#: Everything attached to the BigPoints specification.
ACCELERATION = Acceleration(
    "bigpoints",
    fast_forms=(
        FastForm("BP-TURN-2", holds=_holds_phase),
        FastForm("BP-SETUP-2", holds=_holds_lay),
        FastForm("BP-TAKE-1", holds=_holds_take_side),
        FastForm("BP-MOVE-1", holds=_holds_off_ladder),
        FastForm("BP-MOVE-3", holds=_holds_forward_unless_extra),
    ),
    calculations=(
        _WHOSE_TURN,
        remembered(plain, "compute_successor"),
        remembered(plain, "path_size"),
        remembered(plain, "compute_free_discs"),
        remembered(plain, "compute_supply"),
        remembered(plain, "compute_allowed_pawn_moves"),
    ),
    whose_turn=_WHOSE_TURN.fast,
    candidate_moves=candidate_moves,
)

#: The BigPoints specification, accelerated (the plain one when accelerations are switched off).
SPEC: GameSpec[BigPointsVariant, BigPointsState, BigPointsMove] = accelerate(plain.SPEC, ACCELERATION)
