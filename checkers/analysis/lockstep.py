"""The lock-step loop behind every pair of runs: two readings advance together while their positions agree.

Both pair players use it, and differ only in how a seat's move is chosen,
which a :class:`Choosers` says:

* the random pair (:mod:`~ruleproof.checkers.analysis.pair_play`): one keyed
  pick shared by both runs while they agree, a min-hash pick in each run after
  the divergence;
* the policy pair (:mod:`~ruleproof.checkers.analysis.diff_policies`): each
  run asks the seat's policy under the same key; where the two answers differ
  although the positions and legal moves agree, the pair diverges with kind
  ``choice`` and those two moves are made before the runs go on alone.

Chance is the same in both: one keyed draw on the shared outcome list while the
runs agree, the Gumbel-max draw after (:mod:`~ruleproof.checkers.policies.draws`).

>>> from ruleproof.checkers.policies.draws import pick_index, pick_minhash
>>> from ruleproof.model.registry import game_for
>>> from ruleproof.spec.take5 import Take5Variant
>>> game = game_for("take5")
>>> shared = Choosers(lambda ga, gb, sa, sb, seat, moves, key: (pick_index(moves, key),) * 2,
...                   lambda g, state, seat, key: pick_minhash(g.legal_moves(state), key))
>>> pair = play_lockstep(game, game, 2, Take5Variant(), Take5Variant(end_rule=">"), shared, seed=0, index=0)
>>> pair.length_a > 0 and len(pair.scores_a) == 2
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ruleproof.checkers.analysis.pairs import Divergence, PairResult, _text, _variant_fields, position_difference
from ruleproof.checkers.policies.draws import Draws, chance_cdf, chance_gumbel
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.spec.errors import RuleproofError

__all__ = ["Choosers", "play_lockstep"]

AnyGame = Game[Any, Any, Any]


@dataclass(frozen=True)
class Choosers:
    """How a seat's move is chosen, while the runs agree and after they part.

    :param together: ``(game_a, game_b, state_a, state_b, seat, legal_moves, key) -> (move_a, move_b)``, asked
        while the positions and the legal moves agree.
    :param alone: ``(game, state, seat, key) -> move``, asked in each run after the divergence.
    :param cap: a bound on a run's moves below the engines' own (a policy's ``DEFAULT_MAX_MOVES``).
    :param label: added to the message of a run that passes its bound (which policies played).
    """

    together: Callable[[AnyGame, AnyGame, Any, Any, int, Sequence[Any], bytes], tuple[Any, Any]]
    alone: Callable[[AnyGame, Any, int, bytes], Any]
    cap: int | None = None
    label: str = ""


def _too_long(game: AnyGame, limit: int, choosers: Choosers) -> RuleproofError:
    return RuleproofError(f"{game.name}: a game ran past its bound of {limit} moves{choosers.label}")


def _finish(game: AnyGame, state: Any, draws: Draws, choosers: Choosers, history: list[tuple[int, Any]] | None,
            limit: int) -> tuple[Any, int, Any]:
    """Play one run to its end alone.

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
            move = choosers.alone(game, state, actor, draws.key(actor))
        if steps == 0:
            first = move
        state = game.apply_unchecked(state, move)
        if history is not None:
            history.append((actor, move))
        steps += 1
        if steps > limit:
            raise _too_long(game, limit, choosers)


def play_lockstep(ga: AnyGame, gb: AnyGame, players: int, a: Any, b: Any, choosers: Choosers, *, seed: int,
                  index: int, detail: bool = False, keep_history: bool = False) -> PairResult:
    """Game ``index`` of the batch seeded ``seed`` under readings ``a`` (engine ``ga``) and ``b`` (``gb``).

    :param detail: draw both states at the divergence (text) for the report.
    :param keep_history: keep both runs' ``(actor, move)`` lists (for records).
    """
    draws = Draws(f"ruleproof-diff|{seed}|{index}")
    sa, sb = ga.initial_state(players, a), gb.initial_state(players, b)
    skip = _variant_fields(ga, sa)
    limit = max(ga.max_game_length(players, a), gb.max_game_length(players, b))
    if choosers.cap is not None:
        limit = min(limit, choosers.cap)
    hist_a: list[tuple[int, Any]] | None = [] if keep_history else None
    hist_b: list[tuple[int, Any]] | None = [] if keep_history else None
    step = 0
    last: Any = None
    kind: str | None = None
    why = ""
    only_a: tuple[str, ...] = ()
    only_b: tuple[str, ...] = ()
    pending: tuple[int, Any, Any] | None = None  # a choice that differs: (actor, move under A, move under B)
    while True:
        actor = ga.current_player(sa)
        kind, why = position_difference(ga, gb, sa, sb, skip, last)
        if kind is not None or actor == TERMINAL:
            break
        if actor == CHANCE:
            outcomes: Sequence[tuple[Any, float]] = ga.chance_outcomes(sa)
            other = gb.chance_outcomes(sb)
            if outcomes != other:
                kind, why = "chance", "chance offers different outcomes"
                only_a = _text({m for m, _ in outcomes} - {m for m, _ in other})
                only_b = _text({m for m, _ in other} - {m for m, _ in outcomes})
                break
            move = chance_cdf(outcomes, draws.key(CHANCE))
        else:
            moves, other_moves = ga.legal_moves(sa), gb.legal_moves(sb)
            if moves != other_moves:
                kind, why = "legal moves", f"seat {actor} has different legal moves"
                only_a = _text(set(moves) - set(other_moves))
                only_b = _text(set(other_moves) - set(moves))
                break
            move, move_b = choosers.together(ga, gb, sa, sb, actor, moves, draws.key(actor))
            if move != move_b:
                kind = "choice"
                why = (f"seat {actor} chooses {move} under A and {move_b} under B: the same position and legal "
                       f"moves, but the policy plays each reading's rules")
                pending = (actor, move, move_b)
                break
        sa, sb = ga.apply_unchecked(sa, move), gb.apply_unchecked(sb, move)
        if hist_a is not None and hist_b is not None:
            hist_a.append((actor, move))
            hist_b.append((actor, move))
        last = move
        step += 1
        if step > limit:
            raise _too_long(ga, limit, choosers)
    length_a = length_b = step
    divergence: Divergence | None = None
    if detail and kind is not None:
        divergence = Divergence(index, step, kind, why, None if last is None else str(last),
                                ga.render_text(sa), gb.render_text(sb), only_a, only_b)
    if kind is not None and kind != "outcome":
        extra = 0
        if pending is not None:  # the differing choices are made before the runs go on alone
            actor, move_a, move_b = pending
            sa, sb = ga.apply_unchecked(sa, move_a), gb.apply_unchecked(sb, move_b)
            if hist_a is not None and hist_b is not None:
                hist_a.append((actor, move_a))
                hist_b.append((actor, move_b))
            extra = 1
        draws_b = draws.copy()
        sa, more_a, first_a = _finish(ga, sa, draws, choosers, hist_a, limit)
        sb, more_b, first_b = _finish(gb, sb, draws_b, choosers, hist_b, limit)
        length_a, length_b = step + extra + more_a, step + extra + more_b
        if divergence is not None:
            next_a = pending[1] if pending is not None else first_a
            next_b = pending[2] if pending is not None else first_b
            divergence = dataclasses.replace(divergence, next_a=None if next_a is None else str(next_a),
                                             next_b=None if next_b is None else str(next_b))
    oa, ob = ga.outcome(sa), gb.outcome(sb)
    return PairResult(index, divergence, kind is not None, kind, length_a, length_b, tuple(oa.scores),
                      tuple(ob.scores), oa.winners, ob.winners, ga.returns(sa), gb.returns(sb),
                      tuple(hist_a or ()), tuple(hist_b or ()))
