"""Benchmark the Ikebana engine: full random games per second, moves per second, scoring speed.

Run: ``.venv/bin/python benchmarks/bench_ikebana.py [--seconds 2]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections import Counter

from ruleproof.model import ikebana as engine
from ruleproof.model.ikebana import GAME
from ruleproof.spec import ikebana as spec
from ruleproof.spec.ikebana import IkebanaVariant


def bench_games(players: int, variant: IkebanaVariant, seconds: float) -> tuple[float, float, float]:
    """(games/s, moves/s, mean moves per game) of uniform random playouts."""
    rng = random.Random(players)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, steps = GAME.random_playout(GAME.initial_state(players, variant), rng)
        games += 1
        moves += steps
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed, moves / games


def bench_scoring() -> tuple[int, float, float]:
    """Every 5-card bouquet scored by the engine's table and by the spec's search."""
    deck = Counter(spec.FULL_DECK)
    bouquets = [b for b in itertools.combinations_with_replacement(spec.CARD_KINDS, 5)
                if all(n <= deck[c] for c, n in Counter(b).items())]
    start = time.perf_counter()
    for b in bouquets:
        engine._points(b) * engine._multiplier(b)
    fast = time.perf_counter() - start
    start = time.perf_counter()
    for b in bouquets:
        spec.explain_bouquet(b)
    slow = time.perf_counter() - start
    return len(bouquets), len(bouquets) / fast, len(bouquets) / slow


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration (default 2)")
    args = parser.parse_args()
    print(f"{'players':>7} {'variant':<28} {'games/s':>9} {'moves/s':>10} {'moves/game':>10}")
    for players, variant, label in (
        (2, IkebanaVariant(), "default"),
        (3, IkebanaVariant(), "default"),
        (5, IkebanaVariant(), "default"),
        (5, IkebanaVariant(bank="finite", double_final=True), "finite bank, doubled final"),
    ):
        games, moves, per_game = bench_games(players, variant, args.seconds)
        print(f"{players:>7} {label:<28} {games:>9.0f} {moves:>10.0f} {per_game:>10.1f}")
    count, fast, slow = bench_scoring()
    print(f"scoring {count} bouquets: engine table {fast:,.0f}/s, spec explain_bouquet {slow:,.0f}/s")


if __name__ == "__main__":
    main()
