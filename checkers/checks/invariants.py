"""State properties claimed about a game's rules, checked over many random games.

A property is a statement about every reachable state (for example "only the
lowest revealed card of a turn can be too low"). Random games either find a
counterexample, which comes with the move history that reaches it, or support
the claim on the states they visited (which is evidence, not a proof: the
proofs live in :mod:`ruleproof.checkers.smt`). Each property says under which
variants it is expected to hold, so a refutation under the professional
variant of Take 5 is a finding, not a failure.

>>> from ruleproof.model.registry import game_for
>>> prop = PROPERTIES["take5"][0]
>>> result = check_property(game_for("take5"), prop, 2, game_for("take5").default_variant(), games=3)
>>> result.verdict
'holds'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ruleproof.model.core import Game
from ruleproof.spec import take5 as t5


@dataclass(frozen=True)
class StateProperty:
    """A claim about every reachable state of a game.

    :param check: ``None`` when the state satisfies the claim, else why not.
    :param expected: whether the claim should hold under a variant.
    """

    id: str
    game: str
    statement: str
    rule_ids: tuple[str, ...]
    check: Callable[[Any], str | None]
    expected: Callable[[Any], bool]


@dataclass(frozen=True)
class PropertyResult:
    """The outcome of checking a property on random games."""

    property_id: str
    players: int
    variant: Any
    verdict: str  # "holds" (no counterexample on the sample) or "refuted"
    states: int
    games: int
    message: str = ""
    witness: tuple[str, ...] = ()

    @property
    def as_expected(self) -> bool:
        """Whether the verdict matches the property's expectation for the variant."""
        return self.verdict == "holds" if self.expected else self.verdict == "refuted"

    @property
    def expected(self) -> bool:
        """Whether the property was expected to hold."""
        return bool(PROPERTY_BY_ID[self.property_id].expected(self.variant))


def check_property(
    game: Game[Any, Any, Any], prop: StateProperty, players: int, variant: Any, *, games: int = 50, seed: int = 0
) -> PropertyResult:
    """Play random games and stop at the first state that refutes ``prop``."""
    states = 0
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        state = game.initial_state(players, variant)
        history: list[str] = []
        while True:
            states += 1
            problem = prop.check(state)
            if problem is not None:
                return PropertyResult(prop.id, players, variant, "refuted", states, index + 1, problem, tuple(history))
            if game.is_terminal(state):
                break
            move = game.random_move(state, rng)
            history.append(str(move))
            state = game.apply_unchecked(state, move)
    return PropertyResult(prop.id, players, variant, "holds", states, games)


# --------------------------------------------------------------------------
# Take 5


def _only_lowest_too_low(state: t5.Take5State) -> str | None:
    if not state.resolving or state.finished:
        return None
    card, seat = t5.lowest_pending(state)
    if t5.is_too_low(state.variant, state.rows, card) and not all(state.chosen):
        return f"card {card} of seat {seat} is too low although a lower card of this turn was already resolved"
    return None


def _never_equally_close(state: t5.Take5State) -> str | None:
    if not state.resolving or state.finished:
        return None
    card, _ = t5.lowest_pending(state)
    nearest = t5.compute_nearest_positions(state.variant, state.rows, card)
    if len(nearest) > 1:
        return f"card {card} is equally close to {', '.join(map(str, nearest))} (rows {[list(r) for r in state.rows]})"
    return None


def _standard_only(variant: t5.Take5Variant) -> bool:
    return not variant.professional


PROPERTIES: dict[str, tuple[StateProperty, ...]] = {
    "take5": (
        StateProperty(
            "T5-INV-1", "take5",
            "Only the lowest revealed card of a turn can be too low for every row.",
            ("T5-LOW-1", "T5-ORDER-1"), _only_lowest_too_low, _standard_only,
        ),
        StateProperty(
            "T5-INV-2", "take5",
            "No card is ever equally close to two row ends.",
            ("T5-PLACE-2",), _never_equally_close, _standard_only,
        ),
    ),
}

PROPERTY_BY_ID: dict[str, StateProperty] = {p.id: p for props in PROPERTIES.values() for p in props}
