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

from ruleproof.checkers.analysis.pairs import Divergence, PairResult, _text, _variant_fields, position_difference
from ruleproof.checkers.policies.core import Seats, SeatView
from ruleproof.checkers.policies.draws import Draws, chance_cdf, chance_gumbel
from ruleproof.checkers.policies.playing import DEFAULT_MAX_MOVES
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.spec.errors import RuleproofError

__all__ = ["play_pair_policies"]


def _choose(game: Game[Any, Any, Any], state: Any, actor: int, key: bytes, seats: Seats) -> Any:
    view = SeatView(game, state, actor, key)
    moves = view.legal
    return moves[0] if len(moves) == 1 else seats[actor].choose(view)


def _finish(game: Game[Any, Any, Any], state: Any, draws: Draws, seats: Seats, history: list[tuple[int, Any]] | None,
            limit: int) -> tuple[Any, int, Any]:
    """Play a run to its end alone: chance by the coupled Gumbel draw, seats by their policies."""
    steps = 0
    first: Any = None
    while True:
        actor = game.current_player(state)
        if actor == TERMINAL:
            return state, steps, first
        if actor == CHANCE:
            move = chance_gumbel(game.chance_outcomes(state), draws.key(CHANCE))
        else:
            move = _choose(game, state, actor, draws.key(actor), seats)
        if steps == 0:
            first = move
        state = game.apply_unchecked(state, move)
        if history is not None:
            history.append((actor, move))
        steps += 1
        if steps > limit:
            raise RuleproofError(f"{game.name}: a game ran past {limit} moves (policy {seats.describe()})")


def play_pair_policies(ga: Game[Any, Any, Any], gb: Game[Any, Any, Any], players: int, a: Any, b: Any, seats: Seats,
                       *, seed: int, index: int, detail: bool = False, keep_history: bool = False) -> PairResult:
    """Game ``index`` of the batch seeded ``seed`` under readings A and B, played by ``seats`` (see above)."""
    draws = Draws(f"ruleproof-diff|{seed}|{index}")
    sa, sb = ga.initial_state(players, a), gb.initial_state(players, b)
    skip = _variant_fields(ga, sa)
    limit = min(max(ga.max_game_length(players, a), gb.max_game_length(players, b)), DEFAULT_MAX_MOVES)
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
        actor_a = ga.current_player(sa)
        kind, why = position_difference(ga, gb, sa, sb, skip, last)
        if kind is not None or actor_a == TERMINAL:
            break
        if actor_a == CHANCE:
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
                kind, why = "legal moves", f"seat {actor_a} has different legal moves"
                only_a = _text(set(moves) - set(other_moves))
                only_b = _text(set(other_moves) - set(moves))
                break
            key = draws.key(actor_a)
            move = _choose(ga, sa, actor_a, key, seats)
            move_b = _choose(gb, sb, actor_a, key, seats)
            if move != move_b:
                kind = "choice"
                why = (f"seat {actor_a} chooses {move} under A and {move_b} under B: the same position and legal "
                       f"moves, but the policy plays each reading's rules")
                pending = (actor_a, move, move_b)
                break
        sa, sb = ga.apply_unchecked(sa, move), gb.apply_unchecked(sb, move)
        if hist_a is not None and hist_b is not None:
            hist_a.append((actor_a, move))
            hist_b.append((actor_a, move))
        last = move
        step += 1
        if step > limit:
            raise RuleproofError(f"{ga.name}: a game ran past {limit} moves (policy {seats.describe()})")
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
        sa, more_a, first_a = _finish(ga, sa, draws, seats, hist_a, limit)
        sb, more_b, first_b = _finish(gb, sb, draws_b, seats, hist_b, limit)
        length_a, length_b = step + extra + more_a, step + extra + more_b
        if divergence is not None:
            next_a = pending[1] if pending is not None else first_a
            next_b = pending[2] if pending is not None else first_b
            divergence = Divergence(**{**divergence.to_json(), "only_a": only_a, "only_b": only_b,
                                       "next_a": None if next_a is None else str(next_a),
                                       "next_b": None if next_b is None else str(next_b)})
    oa, ob = ga.outcome(sa), gb.outcome(sb)
    return PairResult(index, divergence, kind is not None, kind, length_a, length_b, tuple(oa.scores),
                      tuple(ob.scores), oa.winners, ob.winners, ga.returns(sa), gb.returns(sb),
                      tuple(hist_a or ()), tuple(hist_b or ()))
