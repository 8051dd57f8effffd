"""Big Five engine history as ratios (see :mod:`harness`): random games against
the engine as it was before the speed work (``legacy_bigfive``, a verbatim
copy) and, with ``--revision``, against the engine at a git revision.

These compare the engine with older versions of itself, which says how a
change moved it, not how fast it is: its figures against the honest baseline
(``benchmarks/baselines/bigfive.py``) are in ``bench_games.py``, which
``run_all.py`` runs; this script is not part of ``run_all.py``.

Run on demand: ``.venv/bin/python benchmarks/bench_bigfive.py [--quick] [--revision REV]``;
``--revision`` adds the random games against the engine (``model/bigfive*.py``)
as committed at git revision ``REV``, loaded from ``git show`` under another
package name, for before/after ratios of a change in one process.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import legacy_bigfive
from common import generic_playout, playout_work
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


def engine_at(revision: str) -> Any:
    """A ``BigFiveGame`` of the engine modules (``model/bigfive*.py``) as committed
    at git ``revision``, imported as the package ``bigfive_at_rev`` from a
    temporary folder (removed at exit)."""
    import atexit
    import importlib
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout

    folder = Path(tempfile.mkdtemp(prefix="bigfive-rev-"))
    atexit.register(shutil.rmtree, folder, True)
    package = folder / "bigfive_at_rev"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name in git("ls-tree", "--name-only", revision, "model/").split():
        base = name.rsplit("/", 1)[-1]
        if base.startswith("bigfive") and base.endswith(".py"):
            text = git("show", f"{revision}:{name}").replace("ruleproof.model.bigfive", "bigfive_at_rev.bigfive")
            (package / base).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))
    return importlib.import_module("bigfive_at_rev.bigfive").BigFiveGame()


def comparisons(quick: bool = False, revision: str | None = None) -> list[Comparison]:
    slices, budget = (3, 0.4) if quick else (7, 1.0)
    variant = GAME.default_variant()
    out = []
    before = engine_at(revision) if revision else None
    for players in ((4,) if quick else (2, 4)):
        games = lambda final, steps: 1  # noqa: E731
        fast = lambda g, s, r: g.random_playout(s, r)
        out.append(compare(
            f"bigfive {players}p random games / legacy engine",
            playout_work(GAME, players, variant, fast, players, games),
            playout_work(LEGACY, players, variant, generic_playout, players, games),
            unit="games", target=None, slices=slices, budget=budget,
            candidate_label="BigFiveGame.random_playout", baseline_label="legacy engine, legal lists"))
        if before is not None:
            out.append(compare(
                f"bigfive {players}p random games / engine at {revision}",
                playout_work(GAME, players, variant, fast, players, games),
                playout_work(before, players, variant, fast, players, games),
                unit="games", target=None, slices=slices, budget=budget,
                candidate_label="BigFiveGame.random_playout", baseline_label=f"random_playout at {revision}"))
    return out


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter slices")
    parser.add_argument("--revision", metavar="REV", help="also compare with the engine at git revision REV")
    args = parser.parse_args()
    for c in comparisons(args.quick, args.revision):
        print(c.line(), flush=True)


if __name__ == "__main__":
    sys.exit(main())
