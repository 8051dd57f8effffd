"""One pair of runs: game ``index`` of a seeded batch played under two readings in lock step (:func:`play_pair`).

:mod:`ruleproof.checkers.analysis.diff` describes the coupling (common random
numbers: one keyed draw per decision while the positions agree, min-hash and
Gumbel-max draws after the divergence, so each run alone is an ordinary
random playout). This module plays one pair; ``diff`` adds the pairs up, and
the modules that play pairs elsewhere (worker processes,
:mod:`~ruleproof.checkers.analysis.diff_jobs`; a campaign chunk) import it
without importing ``diff``. The loop that advances both runs is
:mod:`~ruleproof.checkers.analysis.lockstep`'s, shared with the policy pair. A
non-random policy hands the pair to
:mod:`~ruleproof.checkers.analysis.diff_policies`, the built-in Take 5 engine
to its fast pair player :mod:`~ruleproof.checkers.analysis.diff_take5`.

>>> from ruleproof.model.registry import game_for
>>> from ruleproof.spec.take5 import Take5Variant
>>> game = game_for("take5")
>>> play_pair(game, 2, Take5Variant(), Take5Variant(), seed=1, index=2).diverged
False
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ruleproof.checkers.analysis.lockstep import Choosers, play_lockstep
from ruleproof.checkers.analysis.pairs import PairResult, probe_history
from ruleproof.checkers.policies.core import Seats
from ruleproof.checkers.policies.draws import pick_index, pick_minhash
from ruleproof.model.core import Game

__all__ = ["play_pair"]


def _shared_pick(ga: Game[Any, Any, Any], gb: Game[Any, Any, Any], sa: Any, sb: Any, seat: int,
                 moves: Sequence[Any], key: bytes) -> tuple[Any, Any]:
    move = pick_index(moves, key)  # one keyed pick, made in both runs
    return move, move


def _minhash_pick(game: Game[Any, Any, Any], state: Any, seat: int, key: bytes) -> Any:
    return pick_minhash(game.legal_moves(state), key)


#: The random pair's choices (see :mod:`~ruleproof.checkers.analysis.lockstep`).
RANDOM_CHOOSERS = Choosers(_shared_pick, _minhash_pick)


def play_pair(game: Game[Any, Any, Any], players: int, a: Any, b: Any, *, seed: int = 0, index: int = 0,
              detail: bool = False, keep_history: bool = False,
              game_b: Game[Any, Any, Any] | None = None, fast: bool = True, seats: Seats | None = None,
              probe: bool = False) -> PairResult:
    """Play game ``index`` of the batch seeded ``seed`` under variants ``a`` and ``b``.

    :param seats: the policies that play (``None`` or all ``random``: the random pair described above; any
        other: :func:`~ruleproof.checkers.analysis.diff_policies.play_pair_policies`).
    :param probe: also ask reading B's rules at every position of A's run
        (:func:`~ruleproof.checkers.analysis.pairs.probe_history`; the result's ``probe``).

    :param game_b: the engine of reading B (default: ``game``, the engine of A).
    :param fast: let a game's fast pair player give the (identical) result when there is one
        (Take 5: :mod:`~ruleproof.checkers.analysis.diff_take5`); ``False``: always the generic path.

    :param detail: draw both states at the divergence (text) for the report.
    :param keep_history: keep both runs' ``(actor, move)`` lists (for records).

    >>> from ruleproof.model.registry import game_for
    >>> from ruleproof.spec.take5 import Take5Variant
    >>> game = game_for("take5")
    >>> pair = play_pair(game, 2, Take5Variant(), Take5Variant(professional=True), seed=3, detail=True)
    >>> pair.kind, pair.divergence is not None and "left" in " ".join(pair.divergence.only_b)
    ('legal moves', True)
    """
    if probe:
        pair = play_pair(game, players, a, b, seed=seed, index=index, detail=detail, keep_history=True,
                         game_b=game_b, fast=False, seats=seats)
        found = probe_history(game, game if game_b is None else game_b, players, a, b, pair.history_a)
        return dataclasses.replace(pair, probe=found, history_a=pair.history_a if keep_history else (),
                                   history_b=pair.history_b if keep_history else ())
    if seats is not None and not seats.all_random:
        from ruleproof.checkers.analysis.diff_policies import play_pair_policies

        return play_pair_policies(game, game if game_b is None else game_b, players, a, b, seats, seed=seed,
                                  index=index, detail=detail, keep_history=keep_history)
    if fast and not keep_history:
        from ruleproof.checkers.analysis.diff_take5 import fast_pair

        quick = fast_pair(game, players, a, b, seed=seed, index=index, game_b=game_b)
        if quick is not None and not (detail and quick.diverged):
            return quick
    return play_lockstep(game, game if game_b is None else game_b, players, a, b, RANDOM_CHOOSERS, seed=seed,
                         index=index, detail=detail, keep_history=keep_history)
