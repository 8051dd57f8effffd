"""Cinco engine speed: full random games per second per layout and player count.

Run: ``.venv/bin/python benchmarks/bench_cinco.py [seconds-per-row]``. Prints
figures only; nothing here asserts a time.
"""

from __future__ import annotations

import random
import sys
import time

from ruleproof.model.cinco import GAME
from ruleproof.spec.cinco import CincoVariant

ROWS: tuple[tuple[str, int, CincoVariant], ...] = (
    ("hex", 2, CincoVariant()),
    ("hex", 3, CincoVariant()),
    ("hex", 4, CincoVariant()),
    ("hex", 6, CincoVariant(teams6="3x2")),
    ("hex joker", 3, CincoVariant(joker=True)),
    ("square", 2, CincoVariant(layout="square")),
    ("square", 3, CincoVariant(layout="square")),
    ("square", 6, CincoVariant(layout="square")),
    ("square exact", 2, CincoVariant(layout="square", exact_five=True)),
)


def bench(players: int, variant: CincoVariant, seconds: float) -> tuple[int, int, float]:
    rng = random.Random(0)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, steps = GAME.random_playout(GAME.initial_state(players, variant), rng)
        games += 1
        moves += steps
    return games, moves, time.perf_counter() - start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    print(f"{'layout':<14}{'players':>8}{'games/s':>10}{'moves/s':>11}{'moves/game':>12}")
    for name, players, variant in ROWS:
        games, moves, elapsed = bench(players, variant, seconds)
        print(f"{name:<14}{players:>8}{games / elapsed:>10.0f}{moves / elapsed:>11.0f}{moves / games:>12.0f}")


if __name__ == "__main__":
    main()
