"""Paired Take 5 games (``ruleproof diff`` and ``campaign diff``) as ratios (see :mod:`harness`).

* a campaign ``diff`` chunk (paired games with their sums) against the engine's own
  ``random_playout`` of one game: a paired game plays two readings, so 0.5x would be
  "as fast as two independent playouts";
* the Take 5 pair player (``diff_take5.fast_pair``) against the generic ``play_pair``;
* ``ruleproof diff --games G --no-findings --jobs 1`` in this process against the chunk
  function (what the command adds: parsing, the comparison object, JSON).

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_diff.py [--quick]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from common import run_main
from harness import Comparison, compare, until
from ruleproof.checkers.analysis.diff import play_pair
from ruleproof.checkers.campaign.kinds import KINDS, diff_params
from ruleproof.model.take5 import GAME
from ruleproof.spec.take5 import Take5Variant

PLAYERS = 3
B = {"end_rule": ">"}


def chunk_work(size: int) -> Callable[[float], float]:
    """The campaign's ``diff`` chunk function on chunks of ``size`` paired games; units are paired games."""
    params = diff_params("take5", PLAYERS, {}, B, games=10**9, chunk=size)
    first = [0]

    def work(budget: float) -> float:
        more = until(budget)
        done = 0
        while more():
            KINDS["diff"].run(params, {"first": first[0], "count": size})
            first[0] += size
            done += size
        return done

    return work


def pair_work(fast: bool) -> Callable[[float], float]:
    """``play_pair`` game after game (fast or generic path); units are paired games."""
    a, b = Take5Variant(), Take5Variant(**B)  # type: ignore[arg-type]
    index = [0]

    def work(budget: float) -> float:
        more = until(budget)
        done = 0
        while more():
            play_pair(GAME, PLAYERS, a, b, seed=0, index=index[0], fast=fast)
            index[0] += 1
            done += 1
        return done

    return work


def playout_work(seed: int) -> Callable[[float], float]:
    """``Take5Game.random_playout`` of whole games (default reading); units are games."""
    rng = random.Random(seed)
    variant = Take5Variant()

    def work(budget: float) -> float:
        more = until(budget)
        done = 0
        while more():
            GAME.random_playout(GAME.initial_state(PLAYERS, variant), rng)
            done += 1
        return done

    return work


def cli_diff(games: int) -> Callable[[float], float]:
    """``ruleproof diff take5 --b-variant end_rule=> --games G --no-findings --jobs 1 -q --json`` here."""
    import contextlib
    import io

    from ruleproof.checkers.cli.main import main as cli

    seed = [0]

    def work(budget: float) -> float:
        more = until(budget)
        done = 0
        while more():
            seed[0] += 1
            with contextlib.redirect_stdout(io.StringIO()):
                code = cli(["diff", "take5", "--b-variant", "end_rule=>", "--players", str(PLAYERS), "--games",
                            str(games), "--seed", str(seed[0]), "--no-findings", "--jobs", "1", "-q", "--json"])
            assert code == 0
            done += games
        return done

    return work


def comparisons(quick: bool = False) -> list[Comparison]:
    slices, budget = (3, 0.5) if quick else (7, 1.0)
    return [
        compare(f"take5 {PLAYERS}p diff chunk / random_playout", chunk_work(200), playout_work(1), unit="games",
                target=0.5, slices=slices, budget=budget, candidate_label="campaign diff chunk (paired games)",
                baseline_label="Take5Game.random_playout (one game)"),
        compare(f"take5 {PLAYERS}p fast_pair / generic play_pair", pair_work(True), pair_work(False),
                unit="pairs", target=10.0, slices=slices, budget=budget, candidate_label="diff_take5.fast_pair",
                baseline_label="play_pair(fast=False)"),
        compare(f"take5 {PLAYERS}p ruleproof diff / diff chunk", cli_diff(500 if quick else 2000), chunk_work(200),
                unit="pairs", target=0.8, slices=slices, budget=budget, candidate_label="ruleproof diff --jobs 1",
                baseline_label="campaign diff chunk"),
    ]


def main() -> None:
    run_main(__doc__, comparisons)


if __name__ == "__main__":
    sys.exit(main())
