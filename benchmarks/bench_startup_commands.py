"""Start-up cost of real commands (issue 36): ``ruleproof simulate`` and ``ruleproof validate`` as users
run them, in child processes, against the plainest program doing the same.

* ``ruleproof simulate take5 --players 4 --games 1 --quiet`` against one game of
  the Take 5 baseline (``benchmarks/baselines/take5.py``) run by the same
  interpreter (``python -c "import baselines.take5 ...; play one game"``): what
  the command costs beyond starting Python and playing one game;
* ``ruleproof validate RECORD`` on a finished 4-player Take 5 record (made once
  by ``ruleproof simulate --record``) against ``python -c pass``: nothing plainer
  checks a record, so this line is the command's whole cost in interpreter
  starts.

The runs are interleaved (alternating which goes first) and their CPU time
(user + system, children included) read from ``resource.getrusage`` around each
run (see :mod:`bench_startup`, which measures ``ruleproof --help``); the line
gives the ratio of runs per CPU second (baseline CPU / command CPU) and both
CPU times. No target: issue 36 asks for these to be measured.

Run on demand: ``.venv/bin/python benchmarks/bench_startup_commands.py [--quick]``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from bench_startup import compare_startup
from common import run_main
from harness import Comparison

HERE = os.path.dirname(os.path.abspath(__file__))


def ruleproof() -> list[str]:
    """The ``ruleproof`` console script next to this interpreter, else the same entry point through ``-c``."""
    script = os.path.join(os.path.dirname(sys.executable), "ruleproof")
    if os.path.isfile(script):
        return [script]
    return [sys.executable, "-c", "import sys; from ruleproof.checkers.cli.main import main; sys.exit(main())"]


def one_baseline_game(game: str, players: int) -> list[str]:
    """The interpreter playing one game of ``game``'s baseline."""
    code = (f"import random, sys; sys.path.insert(0, {HERE!r}); from baselines import {game}; "
            f"{game}.play(random.Random(1), {players})")
    return [sys.executable, "-c", code]


def comparisons(quick: bool = False) -> list[Comparison]:
    slices, runs = (3, 2) if quick else (7, 4)
    out: list[Comparison] = []
    simulate = [*ruleproof(), "simulate", "take5", "--players", "4", "--games", "1", "--quiet"]
    out.append(compare_startup(simulate, one_baseline_game("take5", 4),
                               name="simulate take5 --games 1 / baseline game", candidate_label=" ".join(simulate[1:]),
                               baseline_label="python: one baseline Take 5 game", slices=slices, runs=runs,
                               target=None))
    with tempfile.TemporaryDirectory() as folder:
        record = os.path.join(folder, "take5.json")
        subprocess.run([*ruleproof(), "simulate", "take5", "--players", "4", "--games", "1", "--seed", "3",
                        "--quiet", "--record", record], check=True, stdout=subprocess.DEVNULL, timeout=600)
        validate = [*ruleproof(), "validate", record]
        out.append(compare_startup(validate, [sys.executable, "-c", "pass"],
                                   name="validate (take5 4p record) / python -c pass",
                                   candidate_label="ruleproof validate RECORD", baseline_label="python -c pass",
                                   slices=slices, runs=runs, target=None))
    return out


def main() -> None:
    run_main(__doc__, comparisons)


if __name__ == "__main__":
    main()
