"""Bounded searches on a reading's own engine, for the questions whose solver encoding cannot follow a plugin.

A catalogue question answered with Z3 over the built-in effects
(:mod:`ruleproof.checkers.smt`) is not applicable under a reading whose
derived engine may change those effects, or whose extra rules its encoding
cannot see. Where the question has a *checkable property* — a position that
is its witness, testable on any engine of the game (a :class:`Probe`) — it is
answered here instead (issue 31): random games of the full game are played on
the reading's own engine from fixed seeds, for each player count of the
engine's test configurations the reading allows, and every position visited
is tested.

* A position found is a witness: ``sat``, with the moves that reach it (they
  replay on the reading's engine, which is checked before the answer is
  given).
* None found is ``unknown``, with the bound searched stated ("no
  counterexample in N random games, M positions"): random games sample the
  plays, they do not cover them, so their silence is no proof (a rare
  position such as BigPoints' gap under ``back_to_start`` is missed by them);
  the answer names the search and why the solver could not answer.

The questions with a probe are those whose answer is the existence of a
position: a later card that is too low (T5-F-1, T5-F-2), a card equally
close to two row ends (T5-F-3, T5-F-4), the no-free-disc gap (BP-F-1,
BP-F-3) and drawing that deadlocks (IK-F-5). Measurements (the largest bonus,
the most bullheads, the highest score, the fewest chips on a dead board) have
none: a bounded search finds a lower bound, not the optimum they ask for, so
they stay "not applicable" with the reason. The reduced configurations of
:mod:`ruleproof.checkers.explore.statespace` are not used here: they play
under their own flags (a threshold of 1, the tactical deck, short paths),
so a position found there is not a position of the question's game.

The searches are written here, beside the questions, rather than with a
property-testing library: the positions are visited by the engine's own
seeded random play, which is what makes a witness replay move for move.

>>> from ruleproof.model.io.readings import reading_from_flags
>>> sorted(PROBES)
['BP-F-1', 'BP-F-3', 'IK-F-5', 'T5-F-1', 'T5-F-2', 'T5-F-3', 'T5-F-4']
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.questions import Question, register_fallback
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.spec.core import variant_to_dict
from ruleproof.spec.errors import RuleproofError

__all__ = ["GAMES", "PROBES", "Probe", "search"]

#: Random games per player count (quick form, full form).
GAMES: tuple[int, int] = (20, 200)
#: The most moves of one random game (every built-in game ends long before).
MAX_MOVES = 20_000


@dataclass(frozen=True)
class Probe:
    """A question's checkable property: ``holds(engine, state)`` says whether ``state`` is a witness (what
    ``says`` describes, "a card equally close to two row ends")."""

    says: str
    holds: Callable[[Game[Any, Any, Any], Any], bool]


def _actor_moves(engine: Game[Any, Any, Any], state: Any) -> tuple[Any, ...]:
    if engine.current_player(state) in (CHANCE, TERMINAL):
        return ()
    return tuple(engine.legal_moves(state))


def _later_card_too_low(engine: Game[Any, Any, Any], state: Any) -> bool:
    """Take 5: the card resolving now is too low for every row (its owner must take one) and it is not the
    lowest card revealed this turn (a card of this turn was resolved before it)."""
    from ruleproof.spec.take5 import Take

    if not getattr(state, "resolving", False):
        return False
    resolved_before = sum(1 for card in state.chosen if card) < state.players
    return resolved_before and any(isinstance(m, Take) for m in _actor_moves(engine, state))


def _tie(engine: Game[Any, Any, Any], state: Any) -> bool:
    """Take 5: the placement offers the resolving card more than one row (it is equally close to two ends)."""
    from ruleproof.spec.take5 import Place

    return sum(1 for m in _actor_moves(engine, state) if isinstance(m, Place)) > 1


def _gap(engine: Game[Any, Any, Any], state: Any) -> bool:
    """BigPoints: the player to move faces a pawn move that leaves no free disc on either side."""
    from ruleproof.spec.bigpoints import has_gap

    return bool(has_gap(state))


def _stuck(engine: Game[Any, Any, Any], state: Any) -> bool:
    """A position that is not over in which the one to act has no legal move (drawing deadlocked)."""
    actor = engine.current_player(state)
    return actor not in (CHANCE, TERMINAL) and not engine.legal_moves(state)


#: The questions with a checkable property, by id.
PROBES: dict[str, Probe] = {
    "T5-F-1": Probe("a card other than the lowest revealed card of its turn is too low for every row",
                    _later_card_too_low),
    "T5-F-2": Probe("a card other than the lowest revealed card of its turn is too low for every row",
                    _later_card_too_low),
    "T5-F-3": Probe("a card is equally close to two row ends (the placement offers two rows)", _tie),
    "T5-F-4": Probe("a card is equally close to two row ends (the placement offers two rows)", _tie),
    "BP-F-1": Probe("the player to move faces a pawn move that leaves no free disc on either side", _gap),
    "BP-F-3": Probe("the player to move faces a pawn move that leaves no free disc on either side", _gap),
    "IK-F-5": Probe("the one to act has no legal move while the game is not over (drawing deadlocked)", _stuck),
}


def _player_counts(engine: Game[Any, Any, Any], variant: Any) -> list[int]:
    """The player counts of the engine's test configurations that ``variant`` allows (else the first count it
    allows)."""
    def allowed(players: int) -> bool:
        try:
            engine.initial_state(players, variant)
        except (RuleproofError, ValueError):
            return False
        return True

    counts = [n for n in dict.fromkeys(n for n, _ in engine.test_configs()) if allowed(n)]
    if counts:
        return counts
    return [n for n in range(engine.spec.min_players, engine.spec.max_players + 1) if allowed(n)][:1]


def _changed(engine: Game[Any, Any, Any], variant: Any) -> dict[str, Any]:
    default = variant_to_dict(engine.default_variant())
    return {k: v for k, v in variant_to_dict(variant).items() if default.get(k) != v}


def search(question: Question, probe: Probe, reading: Any, full: bool, why: str) -> Finding:
    """Answer ``question`` under ``reading`` (its fixed flags applied) by random games on the reading's engine
    (module docstring); ``why``: why its solver encoding does not apply, said in the answer."""
    start = time.perf_counter()
    engine, variant = reading.engine, reading.variant
    games = GAMES[1] if full else GAMES[0]
    counts = _player_counts(engine, variant)
    flags = _changed(engine, variant)
    positions = 0
    for players in counts:
        for index in range(games):
            rng = random.Random(f"{question.id}:{players}:{index}")
            state = engine.initial_state(players, variant)
            moves: list[Any] = []
            for _ in range(MAX_MOVES):
                positions += 1
                if probe.holds(engine, state):
                    return _witness(question, probe, engine, variant, players, index, moves, flags, why, start)
                if engine.is_terminal(state):
                    break
                actor = engine.current_player(state)
                if actor != CHANCE and not engine.legal_moves(state):
                    break  # a dead end the probe does not ask about: this game cannot go on
                move = engine.random_move(state, rng)
                moves.append(move)
                state = engine.apply_unchecked(state, move)
    bound = (f"no counterexample in {games} random game{'s' * (games != 1)} per player count "
             f"({', '.join(map(str, counts))} players; {positions} positions tested) on the reading's engine")
    return Finding(
        question.id, question.game, question.question, "unknown",
        f"not found: no position where {probe.says} was reached, {bound}. A bounded search, not a proof about "
        f"every play: the solver's encoding cannot follow this reading ({why})",
        witness={"searched": {"games_per_count": games, "players": counts, "positions": positions, "flags": flags}},
        rule_ids=question.rule_ids, seconds=time.perf_counter() - start, method="random",
        reason=f"bounded random search: {bound}",
        bounds=bound + f" ({reading.describe()}); seeds '{question.id}:<players>:<game>'")


def _witness(question: Question, probe: Probe, engine: Game[Any, Any, Any], variant: Any, players: int, index: int,
             moves: list[Any], flags: dict[str, Any], why: str, start: float) -> Finding:
    texts = [str(m) for m in moves]
    replayed = engine.replay(players, variant, [engine.parse_move(t) for t in texts])
    if not probe.holds(engine, replayed):  # the witness must stand on its own: replayed from its moves
        raise RuleproofError(f"{question.id}: the probe's witness does not replay on {type(engine).__name__}")
    return Finding(
        question.id, question.game, question.question, "sat",
        f"yes: {probe.says}, after {len(texts)} moves of a random game of {players} players on the reading's "
        f"engine (found by search, since the solver's encoding cannot follow this reading: {why})",
        witness={"players": players, "flags": flags, "seed": index, "moves": texts}, rule_ids=question.rule_ids,
        seconds=time.perf_counter() - start, method="random",
        bounds=f"a witness game replayed on the reading's engine; seed '{question.id}:{players}:{index}'")


def _fallback(probe: Probe) -> Callable[[Question, bool, Any, str], Finding]:
    def answer(question: Question, full: bool, reading: Any, why: str) -> Finding:
        return search(question, probe, reading, full, why)

    return answer


for _id, _probe in PROBES.items():
    register_fallback(_id, _fallback(_probe))
