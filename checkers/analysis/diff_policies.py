"""Paired games played by policies: the same deals and the same keys, each reading's rules known to its players.

:func:`~ruleproof.checkers.analysis.diff.play_pair` hands a pair to
:func:`play_pair_policies` when a seat plays anything but ``random``. The
two runs advance in lock step while their positions agree, exactly as the
random pair does (chance by one keyed draw on the shared outcome list);
at a decision both runs ask the seat's policy, each with its own reading's
view, under the *same* key ``(seed, game, seat, decision number)``
(:class:`~ruleproof.checkers.policies.draws.Draws`). So:

* a deterministic policy (``greedy``: its ties are broken by the key) chooses
  alike in both runs whenever the seat sees the same thing and the rules
  give it the same reasons; a seeded search (``mcts``, ``ismcts``: seeded by
  the key) runs the same search whenever the position and the rules agree;
* where the policy chooses differently although the positions and legal
  moves agree — it plays by its reading's rules, and those differ — the pair
  diverges with kind ``choice``;
* after the divergence each run goes on alone, every seat still keyed by
  its decision count, so the runs stay coupled as far as the positions allow
  (chance: the Gumbel-max draw of the random pair).

Each run alone is an ordinary game of its reading played by those policies.

>>> from ruleproof.model.registry import game_for
>>> from ruleproof.checkers.policies.loading import parse_policies
>>> from ruleproof.spec.take5 import Take5Variant
>>> game = game_for("take5")
>>> seats = parse_policies("greedy")
>>> same = play_pair_policies(game, game, 3, Take5Variant(), Take5Variant(), seats, seed=0, index=0)
>>> same.diverged, same.scores_a == same.scores_b
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.checkers.analysis.lockstep import Choosers, play_lockstep
from ruleproof.checkers.analysis.pairs import PairResult
from ruleproof.checkers.policies.core import Seats, SeatView
from ruleproof.checkers.policies.playing import DEFAULT_MAX_MOVES
from ruleproof.model.core import Game

__all__ = ["play_pair_policies"]


def _choose(game: Game[Any, Any, Any], state: Any, actor: int, key: bytes, seats: Seats) -> Any:
    view = SeatView(game, state, actor, key)
    moves = view.legal
    return moves[0] if len(moves) == 1 else seats[actor].choose(view)


def play_pair_policies(ga: Game[Any, Any, Any], gb: Game[Any, Any, Any], players: int, a: Any, b: Any, seats: Seats,
                       *, seed: int, index: int, detail: bool = False, keep_history: bool = False) -> PairResult:
    """Game ``index`` of the batch seeded ``seed`` under readings A and B, played by ``seats`` (see above)."""

    def together(ga: Game[Any, Any, Any], gb: Game[Any, Any, Any], sa: Any, sb: Any, seat: int,
                 moves: Sequence[Any], key: bytes) -> tuple[Any, Any]:
        return _choose(ga, sa, seat, key, seats), _choose(gb, sb, seat, key, seats)

    def alone(game: Game[Any, Any, Any], state: Any, seat: int, key: bytes) -> Any:
        return _choose(game, state, seat, key, seats)

    choosers = Choosers(together, alone, cap=DEFAULT_MAX_MOVES, label=f" (policy {seats.describe()})")
    return play_lockstep(ga, gb, players, a, b, choosers, seed=seed, index=index, detail=detail,
                         keep_history=keep_history)
