"""Take 5 speed: random playouts and record validation through the public interfaces.

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_take5.py [--seconds 3] [--players 4]

For reference, a minimal single-purpose loop (no records, no chance moves, no
interface) is also timed, as the issue's yardstick.
"""

from __future__ import annotations

import argparse
import random
import time

from ruleproof.checkers.simulate import simulate
from ruleproof.checkers.validate import validate_record
from ruleproof.model.take5 import GAME


def bench_playouts(players: int, seconds: float) -> tuple[float, float, float]:
    """Full random games per second, rounds per second and moves per second via ``Game.random_playout``."""
    rng = random.Random(1)
    variant = GAME.default_variant()
    games = rounds = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, steps = GAME.random_playout(GAME.initial_state(players, variant), rng)
        games += 1
        rounds += state.round
        moves += steps
    elapsed = time.perf_counter() - start
    return games / elapsed, rounds / elapsed, moves / elapsed


def bench_validation(players: int, seconds: float) -> tuple[float, float]:
    """Recorded games validated per second (spec and engine on every move)."""
    _, record = simulate(GAME, players, GAME.default_variant(), games=1, seed=3, rule_stats=False)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        assert validate_record(record).ok
        count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, count * len(record.moves) / elapsed


def minimal_loop_rounds(players: int, seconds: float) -> float:
    """A bare single-purpose round loop: shuffle, deal, random choices, place."""
    rng = random.Random(2)
    cards = list(range(1, 105))
    rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng.shuffle(cards)
        hands = [cards[i * 10:(i + 1) * 10] for i in range(players)]
        rows = [[c] for c in cards[players * 10:players * 10 + 4]]
        for _ in range(10):
            played = sorted((h.pop(rng.randrange(len(h))), s) for s, h in enumerate(hands))
            for card, _seat in played:
                fits = [r for r in rows if r[-1] < card]
                if not fits:
                    rows[rng.randrange(4)][:] = [card]
                    continue
                row = max(fits, key=lambda r: r[-1])
                if len(row) == 5:
                    row[:] = [card]
                else:
                    row.append(card)
        rounds += 1
    return rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    games, rounds, moves = bench_playouts(args.players, args.seconds)
    print(f"random playouts ({args.players} players): {games:,.0f} games/s, {rounds:,.0f} rounds/s, {moves:,.0f} moves/s")
    records, moves_checked = bench_validation(args.players, args.seconds)
    print(f"record validation: {records:,.1f} games/s ({moves_checked:,.0f} moves/s)")
    bare = minimal_loop_rounds(args.players, args.seconds)
    print(f"minimal loop: {bare:,.0f} rounds/s; engine reaches {rounds / bare:.0%} of it")


if __name__ == "__main__":
    main()
