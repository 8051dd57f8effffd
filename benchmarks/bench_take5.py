"""Take 5 speed as ratios (see :mod:`harness`): the engine against a minimal
single-purpose round loop written for the benchmark, and record validation
against the engine's own playouts.

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_take5.py [--quick]

or all games at once with ``benchmarks/run_all.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

from common import checked_playout, generic_playout, playout_work, record_of, validation_work
from harness import Comparison, compare, until

from ruleproof.model.take5 import GAME

PLAYERS = 4


def minimal_loop(players: int, seed: int) -> Callable[[float], float]:
    """A bare single-purpose round loop: shuffle, deal, random choices, place,
    take a random row when a card is too low, take the row on a sixth card.
    Units are rounds."""
    rng = random.Random(seed)
    cards = list(range(1, 105))

    def work(budget: float) -> float:
        more = until(budget)
        rounds = 0
        while more():
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
        return rounds

    return work


def comparisons(quick: bool = False) -> list[Comparison]:
    slices, budget = (3, 0.25) if quick else (7, 0.6)
    variant = GAME.default_variant()
    rounds = lambda final, steps: final.round  # noqa: E731
    out = [
        compare(f"take5 {PLAYERS}p random_playout / minimal loop",
                playout_work(GAME, PLAYERS, variant, lambda g, s, r: g.random_playout(s, r), 1, rounds),
                minimal_loop(PLAYERS, 2), unit="rounds", target=0.6, slices=slices, budget=budget,
                candidate_label="Take5Game.random_playout", baseline_label="minimal round loop"),
        compare(f"take5 {PLAYERS}p checked loop / minimal loop",
                playout_work(GAME, PLAYERS, variant, checked_playout, 1, rounds),
                minimal_loop(PLAYERS, 2), unit="rounds", target=0.3, slices=slices, budget=budget,
                candidate_label="legal_moves + apply(check=True)", baseline_label="minimal round loop"),
    ]
    records = [record_of(GAME, PLAYERS, variant, seed) for seed in range(3)]
    out.append(compare(f"take5 {PLAYERS}p validate_record / generic playout",
                       validation_work(records), playout_work(GAME, PLAYERS, variant, generic_playout, 3),
                       unit="moves", target=0.5, slices=slices, budget=budget,
                       candidate_label="validate_record", baseline_label="Game.random_playout (legal lists)"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    for c in comparisons(args.quick):
        print(c.line())


if __name__ == "__main__":
    sys.exit(main())
