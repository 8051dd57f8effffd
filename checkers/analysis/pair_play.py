"""One pair of runs: game ``index`` of a seeded batch played under two readings in lock step (:func:`play_pair`).

:mod:`ruleproof.checkers.analysis.diff` describes the coupling (common random
numbers: one keyed draw per decision while the positions agree, min-hash and
Gumbel-max draws after the divergence, so each run alone is an ordinary
random playout). This module plays one pair; ``diff`` adds the pairs up, and
the modules that play pairs elsewhere (worker processes,
:mod:`~ruleproof.checkers.analysis.diff_jobs`; a campaign chunk) import it
without importing ``diff``. A non-random policy hands the pair to
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

from ruleproof.checkers.analysis.pairs import (
    Divergence,
    PairResult,
    _text,
    _variant_fields,
    position_difference,
    probe_history,
)
from ruleproof.checkers.policies.core import Seats
from ruleproof.checkers.policies.draws import Draws, chance_cdf, chance_gumbel, pick_index, pick_minhash
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.spec.errors import RuleproofError

__all__ = ["play_pair"]


def _finish(game: Game[Any, Any, Any], state: Any, draws: Draws, history: list[tuple[int, Any]] | None,
            limit: int) -> tuple[Any, int, Any]:
    """Play a run to its end with coupled (hashed) choices.

    :returns: the final state, the number of moves made and the first move (or ``None``).
    """
    steps = 0
    first: Any = None
    while True:
        actor = game.current_player(state)
        if actor == TERMINAL:
            return state, steps, first
        if actor == CHANCE:
            move = chance_gumbel(game.chance_outcomes(state), draws.key(CHANCE))
        else:
            move = pick_minhash(game.legal_moves(state), draws.key(actor))
        if steps == 0:
            first = move
        state = game.apply_unchecked(state, move)
        if history is not None:
            history.append((actor, move))
        steps += 1
        if steps > limit:
            raise RuleproofError(f"{game.name}: a game ran past its bound of {limit} moves")


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
    ga = game
    gb = game if game_b is None else game_b
    draws = Draws(f"ruleproof-diff|{seed}|{index}")
    sa, sb = ga.initial_state(players, a), gb.initial_state(players, b)
    skip = _variant_fields(game, sa)
    limit = max(ga.max_game_length(players, a), gb.max_game_length(players, b))
    hist_a: list[tuple[int, Any]] | None = [] if keep_history else None
    hist_b: list[tuple[int, Any]] | None = [] if keep_history else None
    step = 0
    last: Any = None
    kind: str | None = None
    why = ""
    only_a: tuple[str, ...] = ()
    only_b: tuple[str, ...] = ()
    while True:
        actor_a = ga.current_player(sa)
        moves: Sequence[Any] = ()
        outcomes: Sequence[tuple[Any, float]] = ()
        kind, why = position_difference(ga, gb, sa, sb, skip, last)
        if kind is not None or actor_a == TERMINAL:
            break
        if actor_a == CHANCE:
            outcomes = ga.chance_outcomes(sa)
            other = gb.chance_outcomes(sb)
            if outcomes != other:
                kind, why = "chance", "chance offers different outcomes"
                only_a = _text({m for m, _ in outcomes} - {m for m, _ in other})
                only_b = _text({m for m, _ in other} - {m for m, _ in outcomes})
        else:
            moves = ga.legal_moves(sa)
            other_moves = gb.legal_moves(sb)
            if moves != other_moves:
                kind, why = "legal moves", f"seat {actor_a} has different legal moves"
                only_a = _text(set(moves) - set(other_moves))
                only_b = _text(set(other_moves) - set(moves))
        if kind is not None:
            break
        move = (chance_cdf(outcomes, draws.key(CHANCE)) if actor_a == CHANCE
                else pick_index(moves, draws.key(actor_a)))
        sa, sb = ga.apply_unchecked(sa, move), gb.apply_unchecked(sb, move)
        if hist_a is not None and hist_b is not None:
            hist_a.append((actor_a, move))
            hist_b.append((actor_a, move))
        last = move
        step += 1
        if step > limit:
            raise RuleproofError(f"{game.name}: a game ran past its bound of {limit} moves")
    length_a = length_b = step
    divergence: Divergence | None = None
    if detail and kind is not None:
        divergence = Divergence(index, step, kind, why, None if last is None else str(last),
                                ga.render_text(sa), gb.render_text(sb), only_a, only_b)
    if kind is not None and kind != "outcome":
        draws_b = draws.copy()
        sa, more_a, first_a = _finish(ga, sa, draws, hist_a, limit)
        sb, more_b, first_b = _finish(gb, sb, draws_b, hist_b, limit)
        length_a, length_b = step + more_a, step + more_b
        if divergence is not None:
            divergence = dataclasses.replace(divergence, next_a=None if first_a is None else str(first_a),
                                             next_b=None if first_b is None else str(first_b))
    oa, ob = ga.outcome(sa), gb.outcome(sb)
    return PairResult(index, divergence, kind is not None, kind, length_a, length_b, tuple(oa.scores),
                      tuple(ob.scores), oa.winners, ob.winners, ga.returns(sa), gb.returns(sb),
                      tuple(hist_a or ()), tuple(hist_b or ()))
