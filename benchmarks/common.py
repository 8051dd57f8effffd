"""Shared pieces of the ratio benchmarks: the engine's loops (generic and checked), random records and
their validation."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from harness import Comparison, until
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.io.records import GameRecord, RecordedMove

try:  # the checkers are being moved into sub-packages
    from ruleproof.checkers.checks.validate import validate_record
except ImportError:  # pragma: no cover - the old layout
    from ruleproof.checkers.validate import validate_record  # type: ignore[no-redef]

AnyGame = Game[Any, Any, Any]


def generic_playout(game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, int]:
    """The interface's playout with legal-move lists (``Game.random_playout`` of the base class)."""
    steps = 0
    while True:
        actor = game.current_player(state)
        if actor == TERMINAL:
            return state, steps
        state = game.apply_unchecked(state, Game.random_move(game, state, rng, actor))
        steps += 1


def checked_playout(game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, int]:
    """What a careful client does: ``legal_moves`` then ``apply(check=True)`` (chance by its odds)."""
    steps = 0
    while True:
        actor = game.current_player(state)
        if actor == TERMINAL:
            return state, steps
        if actor == CHANCE:
            move = game.sample_chance(state, rng)
        else:
            moves = game.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = game.apply(state, move)
        steps += 1


def playout_work(game: AnyGame, players: int, variant: Any, playout: Callable[..., tuple[Any, int]],
                 seed: int, count: Callable[[Any, int], float] = lambda s, n: n) -> Callable[[float], float]:
    """A benchmark side playing whole games with ``playout``; units from ``count(final, steps)``."""
    rng = random.Random(seed)

    def work(budget: float) -> float:
        more = until(budget)
        units = 0.0
        while more():
            final, steps = playout(game, game.initial_state(players, variant), rng)
            units += count(final, steps)
        return units

    return work


def record_of(game: AnyGame, players: int, variant: Any, seed: int) -> GameRecord:
    """A finished random game as a record (chance moves included)."""
    from ruleproof.spec.core import variant_to_dict

    rng = random.Random(seed)
    state = game.initial_state(players, variant)
    moves = []
    while True:
        actor = game.current_player(state)
        if actor == TERMINAL:
            break
        move = Game.random_move(game, state, rng, actor)
        moves.append(RecordedMove(actor, str(move)))
        state = game.apply_unchecked(state, move)
    return GameRecord(game.name, players, variant_to_dict(variant), tuple(moves))


def validation_work(records: list[GameRecord]) -> Callable[[float], float]:
    """A benchmark side validating ``records`` in turn; units are moves."""
    position = [0]

    def work(budget: float) -> float:
        more = until(budget)
        units = 0
        while more():
            record = records[position[0] % len(records)]
            position[0] += 1
            result = validate_record(record)
            assert result.ok, result
            units += len(record.moves)
        return units

    return work


def run_main(doc: str, comparisons: Callable[[bool], list[Comparison]]) -> None:
    """The command line of one benchmark script: ``[--quick]``, a line per comparison."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    for c in comparisons(args.quick):
        print(c.line())
