"""One game played by policies, with what the game metrics need.

Game ``index`` of a batch seeded ``seed`` draws every choice from keys
``ruleproof-play|seed|index|actor|n`` (:class:`~ruleproof.checkers.policies.draws.Draws`):
chance by the inverse CDF of one keyed number, each seat through its policy
with the key of its n-th decision. So a game replays exactly from
``(seed, index)`` in any process, whatever else ran before.

Besides the result, a game counts, at every decision: the legal moves
(branching), whether there was only one (a forced move), and the seats
leading the standings so far (:meth:`~ruleproof.model.core.Game.outcome`),
from which the lead changes and the point after which the eventual winner
led for good are read.

>>> from ruleproof.model.registry import game_for
>>> from ruleproof.checkers.policies.core import RandomPolicy, Seats
>>> game = game_for("take5")
>>> played = play_game(game, 3, game.default_variant(), Seats.of([RandomPolicy()]), seed=0, index=1)
>>> played == play_game(game, 3, game.default_variant(), Seats.of([RandomPolicy()]), seed=0, index=1)
True
>>> played.decisions > 0, 0 <= played.forced <= played.decisions
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ruleproof.checkers.policies.core import Seats, SeatView
from ruleproof.checkers.policies.draws import Draws, chance_cdf
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.spec.errors import RuleproofError

__all__ = ["DEFAULT_MAX_MOVES", "PlayedGame", "play_game"]

#: The bound on one game's moves when the engine gives none (Cinco: a game need not end, CI-AMB-10).
DEFAULT_MAX_MOVES = 100_000


@dataclass(frozen=True)
class PlayedGame:
    """One game played by policies: its result and its decision statistics."""

    index: int
    length: int
    decisions: int
    forced: int
    branching: int
    scores: tuple[float, ...]
    winners: frozenset[int]
    returns: tuple[float, ...]
    lead_changes: int
    #: The decision after which the final winners led the standings for good (0: from the start).
    settled: int
    history: tuple[tuple[int, Any], ...] = field(default=(), compare=False)


def play_game(engine: Game[Any, Any, Any], players: int, variant: Any, seats: Seats, *, seed: int, index: int,
              keep_history: bool = False, standings: bool = True, max_moves: int | None = None,
              on_move: Callable[[int, Any, Any], None] | None = None) -> PlayedGame:
    """Play game ``index`` of the batch seeded ``seed`` (see the module docstring).

    :param standings: follow the lead (one :meth:`~ruleproof.model.core.Game.outcome` per decision).
    :param on_move: called with ``(actor, state, move)`` before each move is made.
    :raises RuleproofError: the game ran past its bound (the engine's, or ``max_moves``).
    """
    draws = Draws(f"ruleproof-play|{seed}|{index}")
    state = engine.initial_state(players, variant)
    bound = engine.max_game_length(players, variant)
    limit = min(bound, max_moves or DEFAULT_MAX_MOVES)
    history: list[tuple[int, Any]] = []
    length = decisions = forced = branching = changes = settled = 0
    leaders: frozenset[int] | None = None
    while True:
        actor = engine.current_player(state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            move = chance_cdf(engine.chance_outcomes(state), draws.key(CHANCE))
        else:
            view = SeatView(engine, state, actor, draws.key(actor))
            moves = view.legal
            decisions += 1
            branching += len(moves)
            forced += len(moves) == 1
            if standings:
                now = engine.outcome(state).winners
                if leaders is not None and now != leaders:
                    changes += 1
                    settled = decisions - 1
                leaders = now
            move = moves[0] if len(moves) == 1 else seats[actor].choose(view)
        if on_move is not None:
            on_move(actor, state, move)
        if keep_history:
            history.append((actor, move))
        state = engine.apply_unchecked(state, move)
        length += 1
        if length > limit:
            raise RuleproofError(f"{engine.name}: a game ran past {limit} moves (seed {seed}, game {index}, "
                                 f"policy {seats.describe()})")
    result = engine.outcome(state)
    if standings and leaders is not None and result.winners != leaders:
        settled = decisions
    return PlayedGame(index, length, decisions, forced, branching, tuple(result.scores), result.winners,
                      engine.returns(state), changes, settled, tuple(history))
