"""Big Five speed as ratios (see :mod:`harness`): random games against the
engine as it was before the speed work (``legacy_bigfive``, a verbatim copy),
play generation on grown boards, and record validation against the engine's
own playouts.

Run on demand: ``.venv/bin/python benchmarks/bench_bigfive.py [--quick]``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable

import legacy_bigfive
from common import (
    generic_playout,
    playout_work,
    run_main,
    validation_comparison,
)
from harness import Comparison, compare, until
from ruleproof.model.bigfive import GAME
from ruleproof.spec import bigfive as bf

LEGACY = legacy_bigfive.BigFiveGame()


def generation_work(module: object, size: int, seed: int) -> Callable[[float], float]:
    """Plays generated per second for random hands of five on grown boards of ``size`` cards."""
    rng = random.Random(size)
    cases = []
    for _ in range(10):
        board = legacy_bigfive.grow_board(size, rng)
        rest = sorted((Counter(bf.FULL_DECK) - Counter(p.card for p in board)).elements())
        for _ in range(20):
            cases.append((board, tuple(sorted(rng.sample(rest, 5)))))
    index_type, generate = module._Index, module.generate_plays  # type: ignore[attr-defined]

    def work(budget: float) -> float:
        more = until(budget)
        done = 0
        while more():
            for board, hand in cases:
                generate(index_type(board), hand)
            done += len(cases)
        return done

    return work


def comparisons(quick: bool = False) -> list[Comparison]:
    slices, budget = (3, 0.4) if quick else (7, 1.0)
    variant = GAME.default_variant()
    out = []
    for players in ((4,) if quick else (2, 4)):
        games = lambda final, steps: 1  # noqa: E731
        out.append(compare(
            f"bigfive {players}p random games / legacy engine",
            playout_work(GAME, players, variant, lambda g, s, r: g.random_playout(s, r), players, games),
            playout_work(LEGACY, players, variant, generic_playout, players, games),
            unit="games", target=5.0, slices=slices, budget=budget,
            candidate_label="BigFiveGame.random_playout", baseline_label="legacy engine, legal lists"))
    out.append(validation_comparison("bigfive", GAME, 3, variant, 2, slices=slices, budget=budget))
    return out


def main() -> None:
    run_main(__doc__, comparisons)


if __name__ == "__main__":
    sys.exit(main())
