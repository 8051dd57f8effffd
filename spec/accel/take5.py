"""The accelerations of the Take 5 specification (:mod:`ruleproof.spec.take5`).

What is attached, and why (each compared with its plain form by ``tests/spec/test_accelerations.py``):

* ``compute_whose_turn`` remembers its last answer: T5-TURN-1 and T5-ORDER-1 ask it for every move
  checked at a state.
* ``compute_dealable`` keeps one slot written inline: every outcome of a chance node asks about the same
  state, and the generic :func:`~ruleproof.spec.accel.core.remember_last` wrapper cost five times as
  much per answer.
* ``compute_pile_points`` reads each card's bullheads off a table (every score and end check totals every
  pile; 2.7 times faster per pile).
* Fast forms of T5-DEAL-1, T5-PHASE-1 and T5-SELECT-1, the rules that reject most candidate moves.
* ``candidate_moves`` made once per configuration (moves are immutable values).

>>> SPEC.rule("T5-SELECT-1").holds is not None or not ENABLED
True
"""

from __future__ import annotations

from collections.abc import Iterable

from ruleproof.spec import take5 as plain
from ruleproof.spec.accel.core import (
    ENABLED,
    Acceleration,
    FastForm,
    accelerate,
    remembered,
    replaced,
)
from ruleproof.spec.core import CHANCE, GameSpec, Step
from ruleproof.spec.take5 import (
    Deal,
    LowCardRows,
    Place,
    Select,
    Take,
    Take5Move,
    Take5State,
    Take5Variant,
)

Take5Step = Step[Take5Variant, Take5State, Take5Move]


class _Bullheads(dict[int, int]):
    """:func:`~ruleproof.spec.take5.compute_bullheads` per card, worked out on first use (at most 4096 kept)."""

    def __missing__(self, card: int) -> int:
        points = plain.compute_bullheads(card)
        if len(self) < 4096:
            self[card] = points
        return points


_BULLHEADS = _Bullheads()


def pile_points(cards: Iterable[int]) -> int:
    """:func:`~ruleproof.spec.take5.compute_pile_points` read off a table of each card's bullheads.

    >>> pile_points((55, 44, 20, 15, 7))
    18
    """
    return sum(map(_BULLHEADS.__getitem__, cards))


#: The last answer of :func:`dealable`: ``(state, variant, answer)``, replaced whole (one slot).
_DEALABLE_SEEN: list[tuple[object, object, tuple[bool, frozenset[int]]]] = [(None, None, (False, frozenset()))]


def dealable(state: Take5State, variant: Take5Variant) -> tuple[bool, frozenset[int]]:
    """:func:`~ruleproof.spec.take5.compute_dealable` with its last answer kept for the same state and variant
    objects (both immutable), in one slot written here.

    >>> state = Take5State(Take5Variant(), 2, 1, (7, 9, 40), 21, ((),) * 2, ((),) * 4, (0, 0), False,
    ...                    ((),) * 2, (0, 0), False)
    >>> dealable(state, state.variant)[1] is dealable(state, state.variant)[1]
    True
    """
    seen_state, seen_variant, known = _DEALABLE_SEEN[0]
    if seen_state is state and seen_variant is variant:
        return known
    answer = _plain_dealable(state, variant)
    _DEALABLE_SEEN[0] = (state, variant, answer)
    return answer


_plain_dealable = plain.compute_dealable


def _holds_deal_card(step: Take5Step) -> bool:
    """T5-DEAL-1 without its message."""
    move = step.move
    return isinstance(move, Deal) and move.card in dealable(step.before, step.variant)[1]


def _holds_select_in_hand(step: Take5Step) -> bool:
    """T5-SELECT-1 without its message."""
    state = step.before
    return 0 <= step.actor < state.players and step.move.card in state.hands[step.actor]  # type: ignore[union-attr]


def _holds_move_kind(step: Take5Step) -> bool:
    """T5-PHASE-1 without its message."""
    state = step.before
    if step.actor == CHANCE or state.finished:
        return True
    move = step.move
    if state.resolving:
        return not isinstance(move, (Select, Deal)) and (type(move) is not Place and type(move) is not Take
                                                         or 0 <= move.row < len(state.rows))
    return not isinstance(move, (Place, Take, Deal))


#: Per ``(variant, players)`` (at most 64), the candidate moves of chance and of a seat, built once.
_CANDIDATES: dict[tuple[Take5Variant, int], tuple[tuple[Take5Move, ...], tuple[Take5Move, ...]]] = {}


def candidate_moves(state: Take5State, actor: int) -> Iterable[Take5Move]:
    """:func:`~ruleproof.spec.take5.candidate_moves` from a table per configuration (a new list each call)."""
    key = (state.variant, state.players)
    tables = _CANDIDATES.get(key)
    if tables is None:
        universe = plain.deck_cards(state.variant, state.players)
        seat: list[Take5Move] = [Select(c) for c in universe]
        rows = state.variant.rows
        seat += [Place(r, left) for r in range(rows) for left in (False, True)]
        seat += [Take(r) for r in range(rows)]
        tables = (tuple(Deal(c) for c in universe), tuple(seat))
        if len(_CANDIDATES) < 64:
            _CANDIDATES[key] = tables
    deals, seats = tables
    return list(deals if actor == CHANCE else seats)


#: Everything attached to the Take 5 specification.
ACCELERATION = Acceleration(
    "take5",
    fast_forms=(
        FastForm("T5-DEAL-1", holds=_holds_deal_card),
        FastForm("T5-PHASE-1", holds=_holds_move_kind),
        FastForm("T5-SELECT-1", holds=_holds_select_in_hand),
    ),
    calculations=(
        remembered(plain, "compute_whose_turn"),
        replaced(plain, "compute_dealable", dealable),
        replaced(plain, "compute_pile_points", pile_points),
    ),
    candidate_moves=candidate_moves,
)


def build_spec(low_rows: LowCardRows | None = None, *, name: str = "take5",
               title: str = "Take 5 (6 nimmt!)") -> GameSpec[Take5Variant, Take5State, Take5Move]:
    """:func:`ruleproof.spec.take5.build_spec` with the accelerations attached (when switched on)."""
    return accelerate(plain.build_spec(low_rows, name=name, title=title), ACCELERATION)


#: The Take 5 specification, accelerated (the plain one when accelerations are switched off).
SPEC: GameSpec[Take5Variant, Take5State, Take5Move] = accelerate(plain.SPEC, ACCELERATION)
