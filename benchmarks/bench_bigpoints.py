"""Benchmark the BigPoints engine: full random games per second (set-up included),
moves per second, and the spec's reference semantics for comparison.

Run: ``.venv/bin/python benchmarks/bench_bigpoints.py [--seconds 2]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time

from ruleproof.model.bigpoints import GAME
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec import bigpoints as bp
from ruleproof.spec.accel.bigpoints import SPEC
from ruleproof.spec.bigpoints import BigPointsVariant


def bench_games(players: int, variant: BigPointsVariant, seconds: float) -> tuple[float, float, float]:
    """(games/s, moves/s, mean moves per game) of uniform random playouts, chance moves included."""
    rng = random.Random(players)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, steps = GAME.random_playout(GAME.initial_state(players, variant), rng)
        games += 1
        moves += steps
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed, moves / games


def bench_spec(players: int, seconds: float) -> float:
    """Full games per second driven by the spec alone (candidates filtered by the
    legality rules, successors from the reference semantics): the oracle's speed, accelerated as the
    checkers use it (``RULEPROOF_SPEC_ACCEL=off`` for the plain one)."""
    rng = random.Random(0)
    variant = BigPointsVariant()
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.initial_state(players, variant)
        while True:
            actor = SPEC.whose_turn(state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                move = GAME.sample_chance(state, rng)
            else:
                moves = SPEC.spec_legal_moves(variant, state, actor)
                move = moves[rng.randrange(len(moves))]
            state = bp.compute_successor(state, move)
        games += 1
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration (default 2)")
    args = parser.parse_args()
    print(f"{'players':>7} {'variant':<34} {'games/s':>9} {'moves/s':>10} {'moves/game':>10}")
    for players, variant, label in (
        (2, BigPointsVariant(), "default"),
        (3, BigPointsVariant(), "default"),
        (5, BigPointsVariant(), "default"),
        (4, BigPointsVariant(no_free_disc="illegal", back_to_start=True), "illegal gap, back to start"),
        (3, BigPointsVariant(extra_timing="before"), "extra move before"),
        (3, BigPointsVariant(match=True), "match of 3 games"),
    ):
        games, moves, per_game = bench_games(players, variant, args.seconds)
        print(f"{players:>7} {label:<34} {games:>9.0f} {moves:>10.0f} {per_game:>10.1f}")
    print(f"spec oracle, 3 players: {bench_spec(3, args.seconds):.1f} games/s")


if __name__ == "__main__":
    main()
