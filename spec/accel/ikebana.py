"""The accelerations of the Ikebana specification (:mod:`ruleproof.spec.ikebana`).

What is attached, and why (each compared with its plain form by ``tests/spec/test_accelerations.py``):

* ``compute_whose_turn`` remembers its last answer: IK-TURN-1 and the ``applies`` of most rules ask it for
  every move checked at a state.
* ``_mid`` and ``_round_ends`` remember their last answer for the same step: up to seventeen effect rules
  of one turn-ending move ask for the position after the move, and whether the round ends there.
* ``deck_cards`` and ``scoring_of`` remember their last answer for the same variant: the setup rule asks
  for the deck of every first move, and every bouquet's score for the variant's numbers.
* :func:`~ruleproof.spec.ikebana_cards.compute_best_split` keeps a table of answers per sorted values and
  scoring table: every round's end scores every bouquet, and five cards have at most 126 value multisets.
* Fast forms of IK-TURN-2, IK-DRAW-1, IK-REFUSE-1, IK-BUY-1 and IK-BUY-2, the rules that reject the
  candidate moves (the drawn card is looked up in a set of the deck, built once per deck).
* ``candidate_moves`` made once per player count (moves are immutable values).

>>> SPEC.rule("IK-TURN-2").holds is not None or not ENABLED
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from ruleproof.spec import ikebana as plain
from ruleproof.spec import ikebana_cards
from ruleproof.spec.accel.core import (
    ENABLED,
    Acceleration,
    FastForm,
    accelerate,
    remember_last_one,
    remembered,
    replaced,
)
from ruleproof.spec.core import CHANCE, GameSpec, Step
from ruleproof.spec.ikebana import (
    CARD_KINDS,
    Buy,
    Card,
    Draw,
    IkebanaMove,
    IkebanaState,
    IkebanaVariant,
    Keep,
    Refuse,
    Reveal,
    card_value,
)
from ruleproof.spec.ikebana_cards import Combination, Scoring

IkebanaStep = Step[IkebanaVariant, IkebanaState, IkebanaMove]

_plain_best_split = ikebana_cards.compute_best_split


@functools.lru_cache(maxsize=4096)
def _best_split_of_sorted(values: tuple[int, ...], scoring: Scoring) -> tuple[Combination, ...]:
    return _plain_best_split(values, scoring)


def best_split(values: Sequence[int], scoring: Scoring) -> tuple[Combination, ...]:
    """:func:`~ruleproof.spec.ikebana_cards.compute_best_split` from a table per sorted values and scoring
    table (the plain form sorts the values first, so their order never changes the answer).

    >>> best_split([4, 3, 2, 1, 2], plain.SCORING) == ikebana_cards.compute_best_split([4, 3, 2, 1, 2], plain.SCORING)
    True
    """
    return _best_split_of_sorted(tuple(sorted(values)), scoring)


@remember_last_one
def _deck_set(deck: tuple[Card, ...]) -> frozenset[Card]:
    """The set of the cards of ``deck``, kept for the last deck asked about (the candidates of a state share it)."""
    return frozenset(deck)


def _holds_in_deck(step: IkebanaStep) -> bool:
    """IK-DRAW-1 without its message."""
    return step.move.card in _deck_set(step.before.deck)  # type: ignore[union-attr]


def _holds_phase(step: IkebanaStep) -> bool:
    """IK-TURN-2 without its message."""
    return isinstance(step.move, plain._PHASE_MOVES[step.before.phase])


def _holds_refusal_cost(step: IkebanaStep) -> bool:
    """IK-REFUSE-1 without its message."""
    state = step.before
    return plain.compute_refusal_amount(step.variant, state.coins[state.turn], state.refusals + 1) is not None


def _holds_buy_pile(step: IkebanaStep) -> bool:
    """IK-BUY-1 without its message."""
    seat = step.move.seat  # type: ignore[union-attr]
    state = step.before
    return 0 <= seat < state.players and seat != step.actor and bool(state.piles[seat])


def _holds_buy_price(step: IkebanaStep) -> bool:
    """IK-BUY-2 without its message."""
    seat = step.move.seat  # type: ignore[union-attr]
    state = step.before
    if not 0 <= seat < state.players or seat == step.actor or not state.piles[seat]:
        return True  # IK-BUY-1 reports it
    return card_value(state.piles[seat][-1]) <= state.coins[step.actor]


#: Per player count (at most 64), the candidate moves of chance and of a seat, built once.
_CANDIDATES: dict[int, tuple[tuple[IkebanaMove, ...], tuple[IkebanaMove, ...]]] = {}


def candidate_moves(state: IkebanaState, actor: int) -> Iterable[IkebanaMove]:
    """:func:`~ruleproof.spec.ikebana.candidate_moves` from a table per player count (a new list each call)."""
    tables = _CANDIDATES.get(state.players)
    if tables is None:
        seat: tuple[IkebanaMove, ...] = (Draw(), Keep(), Refuse(), *(Buy(s) for s in range(state.players)))
        tables = (tuple(Reveal(c) for c in CARD_KINDS), seat)
        if len(_CANDIDATES) < 64:
            _CANDIDATES[state.players] = tables
    reveals, seats = tables
    return list(reveals if actor == CHANCE else seats)


#: Everything attached to the Ikebana specification.
ACCELERATION = Acceleration(
    "ikebana",
    fast_forms=(
        FastForm("IK-TURN-2", holds=_holds_phase),
        FastForm("IK-DRAW-1", holds=_holds_in_deck),
        FastForm("IK-REFUSE-1", holds=_holds_refusal_cost),
        FastForm("IK-BUY-1", holds=_holds_buy_pile),
        FastForm("IK-BUY-2", holds=_holds_buy_price),
    ),
    calculations=(
        remembered(plain, "compute_whose_turn"),
        remembered(plain, "_mid"),
        remembered(plain, "_round_ends"),
        remembered(plain, "deck_cards"),
        remembered(plain, "scoring_of"),
        replaced(ikebana_cards, "compute_best_split", best_split),
    ),
    candidate_moves=candidate_moves,
)

#: The Ikebana specification, accelerated (the plain one when accelerations are switched off).
SPEC: GameSpec[IkebanaVariant, IkebanaState, IkebanaMove] = accelerate(plain.SPEC, ACCELERATION)
