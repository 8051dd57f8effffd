"""How ``mcts`` and ``ismcts`` value the position where a search iteration stops.

By default an iteration plays the position out at random to the end and
backs up :meth:`~ruleproof.model.core.Game.returns` (OpenSpiel's
``RandomRolloutEvaluator`` with one rollout). A game listed in
:data:`LEAF_SCALES` is valued where the iteration stops, without a playout,
by its greedy evaluation (:data:`~ruleproof.checkers.policies.greedy.EVALUATIONS`,
the same as the game's page states): each seat's reward is the logistic of
its lead over the best other seat, in units of the game's scale,

    reward(seat) = 1 / (1 + exp(-(value(seat) - max over other seats of value(other)) / scale)),

a number in (0, 1) like a win, ½ on a tie, and for two players the two rewards sum to one.
A terminal position is always valued by its returns, and a one-seat game by playouts (no lead to value).

Why Big Five alone: its random playouts say little and cost much. Random play
exchanges cards far more often than it plays them (31 ways to exchange a five-card
hand against a few plays), so a random playout mostly swaps cards until the
idle rule ends the round, about 3 ms each, which held the budget at 30
iterations a decision: fewer than the 35–77 moves at the root, so the search
could not even try every move once and played almost at random (0.51 of 80
games against random play). The cards a seat still holds are what decides the
round, so the evaluation is cheap and to the point, and an iteration without a
playout is cheap enough for several hundred iterations a decision. The other
games' random playouts already make both searches beat random play by a wide
margin (``docs/_data/disputes/strength.json``), so their search is unchanged.

>>> from ruleproof.model.registry import game_for
>>> game = game_for("bigfive")
>>> state = game.new_game(players=2, seed=3)
>>> while game.current_player(state) < 0:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> leaf_values(game)(state, None)  # both seats hold as many cards: even
(0.5, 0.5)
"""

from __future__ import annotations

import inspect
import math
import random
from collections.abc import Callable
from typing import Any

from ruleproof.checkers.policies.greedy import EVALUATIONS
from ruleproof.model.core import TERMINAL, Game

__all__ = ["LEAF_SCALES", "LEAF_TEXT", "PLAYOUT_TEXT", "LeafValues", "leaf_text", "leaf_values"]

LeafValues = Callable[[Any, "random.Random | None"], tuple[float, ...]]

#: The games whose search values a leaf by the greedy evaluation, and the lead (in the evaluation's units) that
#: is worth ``1 / (1 + e⁻¹)`` ≈ 0.73: Big Five's, two cards.
LEAF_SCALES: dict[str, float] = {"bigfive": 2.0}

#: How each game's search values the position an iteration stops at, as its page states it.
LEAF_TEXT: dict[str, str] = {
    "bigfive": "valued without a playout by the cards each seat still holds (hand and deck): a seat's reward is the "
               "logistic of its lead over the best other seat in units of two cards (a tie ½, two cards ahead "
               "0.73), a finished game its result",
}
#: The default, for every game not in :data:`LEAF_TEXT` (the text follows "the position where an iteration stops is").
PLAYOUT_TEXT = "played out at random to the end and its result backed up (a win is 1, shared among tied winners)"


def leaf_text(game: str) -> str:
    """How ``game``'s search values where an iteration stops, as its page says it.

    >>> leaf_text("take5") == PLAYOUT_TEXT
    True
    """
    return LEAF_TEXT.get(game, PLAYOUT_TEXT)


def _playout(engine: Game[Any, Any, Any]) -> Callable[[Any, Any], tuple[Any, int]]:
    """The engine's fast random playout (``state, rng → (final, steps)``): its own when it takes a trace."""
    try:
        takes_trace = "trace" in inspect.signature(engine.random_playout).parameters
    except (TypeError, ValueError):  # pragma: no cover - a C-level callable
        takes_trace = False
    if takes_trace:
        return engine.random_playout
    return lambda state, rng: Game.random_playout(engine, state, rng)


def leaf_values(engine: Game[Any, Any, Any]) -> LeafValues:
    """The rewards per seat of a position an iteration stopped at, under ``engine``'s game (see the module text)."""
    playout = _playout(engine)

    def by_playout(state: Any, rng: random.Random | None) -> tuple[float, ...]:
        if engine.current_player(state) != TERMINAL:
            state, _ = playout(state, rng)
        return engine.returns(state)

    scale = LEAF_SCALES.get(engine.name)
    if scale is None:
        return by_playout
    evaluate = EVALUATIONS[engine.name]

    def by_evaluation(state: Any, rng: random.Random | None) -> tuple[float, ...]:
        players = engine.players_of(state)
        if players == 1 or engine.current_player(state) == TERMINAL:  # alone, there is no lead to value
            return by_playout(state, rng)
        values = [evaluate(state, seat) for seat in range(players)]
        out = []
        for seat, value in enumerate(values):
            lead = value - max(v for other, v in enumerate(values) if other != seat)
            out.append(1.0 / (1.0 + math.exp(-lead / scale)))
        return tuple(out)

    return by_evaluation
