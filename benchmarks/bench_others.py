"""BigPoints, Ikebana and Cinco speed as ratios (see :mod:`harness`): each
engine's ``random_playout`` (its fast path) against the interface's generic
playout with legal-move lists, record validation against that playout (target
0.5, issue 21), and, for information, validation against the fast path.

Run on demand: ``.venv/bin/python benchmarks/bench_others.py [--quick]``.
"""

from __future__ import annotations

import sys

from common import (
    generic_playout,
    playout_work,
    record_of,
    run_main,
    validation_comparison,
    validation_work,
)
from harness import Comparison, compare
from ruleproof.model.registry import game_for

CASES = (("bigpoints", 3), ("ikebana", 3), ("cinco", 3))


def comparisons(quick: bool = False) -> list[Comparison]:
    slices, budget = (3, 0.3) if quick else (7, 0.6)
    out = []
    for name, players in CASES:
        game = game_for(name)
        variant = game.default_variant()
        out.append(compare(
            f"{name} {players}p random_playout / generic playout",
            playout_work(game, players, variant, lambda g, s, r: g.random_playout(s, r), 1),
            playout_work(game, players, variant, generic_playout, 1),
            unit="moves", target=None, slices=slices, budget=budget,
            candidate_label=f"{type(game).__name__}.random_playout", baseline_label="Game.random_playout (legal lists)"))
        out.append(validation_comparison(name, game, players, variant, 3, slices=slices, budget=budget))
        records = [record_of(game, players, variant, seed) for seed in range(3)]
        out.append(compare(
            f"{name} {players}p validate_record / random_playout",
            validation_work(records),
            playout_work(game, players, variant, lambda g, s, r: g.random_playout(s, r), 3),
            unit="moves", target=None, slices=slices, budget=budget,
            candidate_label="validate_record", baseline_label=f"{type(game).__name__}.random_playout"))
    return out


def main() -> None:
    run_main(__doc__, comparisons)


if __name__ == "__main__":
    sys.exit(main())
