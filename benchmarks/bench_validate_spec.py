"""Spec-checked validation speed as ratios (see :mod:`harness`; issue 32, point 1).

``validate_record`` now lets the specification decide every move (its turn
order and legality rules, the effect rules on each transition, the outcome
rules at the end) and cross-checks the engine. Each line is its rate in moves
per CPU second against the game's fast random playout (``random_playout``, the
engine's fastest loop over the same kind of game), run interleaved in this
process; a second line per game gives the engine-only path (``--fast``, which
trusts the engine) against the same baseline, for comparison. No target: the
lines say what the spec's check costs.

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_validate_spec.py [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any

from harness import Comparison, compare, until
from ruleproof.checkers.checks.validate import validate_record
from ruleproof.model.core import TERMINAL
from ruleproof.model.io.records import GameRecord, RecordedMove
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_to_dict

#: The games and seat counts measured.
CASES = (("take5", 4), ("bigfive", 3), ("bigpoints", 3), ("ikebana", 3), ("cinco", 2))


def record_of(name: str, players: int, seed: int) -> GameRecord:
    """A finished random game as a record (chance moves included), played with the engine's moves."""
    game = game_for(name)
    variant = game.default_variant()
    rng = random.Random(seed)
    state = game.initial_state(players, variant)
    moves = []
    while (actor := game.current_player(state)) != TERMINAL:
        move = game.random_move(state, rng, actor)
        moves.append(RecordedMove(actor, str(move)))
        state = game.apply_unchecked(state, move)
    return GameRecord(name, players, variant_to_dict(variant), tuple(moves))


def validation(records: list[GameRecord], *, fast: bool) -> Callable[[float], float]:
    """A side validating ``records`` in turn; units are moves."""
    position = [0]

    def work(budget: float) -> float:
        more = until(budget)
        units = 0
        while more():
            record = records[position[0] % len(records)]
            position[0] += 1
            result = validate_record(record, fast=fast)
            if not result.ok:
                raise AssertionError(f"a random game failed validation: {result}")
            units += len(record.moves)
        return units

    return work


def fast_playout(name: str, players: int, seed: int) -> Callable[[float], float]:
    """The baseline: the engine's own ``random_playout`` from a new game; units are moves."""
    game = game_for(name)
    variant = game.default_variant()
    rng = random.Random(seed)

    def work(budget: float) -> float:
        more = until(budget)
        units = 0
        while more():
            _, steps = game.random_playout(game.initial_state(players, variant), rng)
            units += steps
        return units

    return work


def comparisons(quick: bool = False) -> list[Comparison]:
    """One spec-checked and one ``--fast`` line per game."""
    slices, budget = (3, 0.3) if quick else (7, 0.6)
    out = []
    for name, players in CASES:
        records = [record_of(name, players, seed) for seed in range(3)]
        engine: Any = type(game_for(name)).__name__
        for fast, label in ((False, "validate (spec decides)"), (True, "validate --fast (trusts engine)")):
            out.append(compare(f"{name} {players}p {label} / random_playout", validation(records, fast=fast),
                               fast_playout(name, players, 7), unit="moves", target=None, slices=slices,
                               budget=budget, candidate_label=f"validate_record(fast={fast})",
                               baseline_label=f"{engine}.random_playout"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter slices")
    args = parser.parse_args(argv)
    for comparison in comparisons(args.quick):
        print(comparison.line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
