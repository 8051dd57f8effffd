"""Run every ratio benchmark and print one table (optionally a JSON report).

    .venv/bin/python benchmarks/run_all.py [--quick] [--json [OUT]]

Each line is ``candidate / baseline``: the median ratio of their rates over
interleaved slices of process CPU time, its range, both rates and the target.
Nothing here fails on a missed target; the report says ``MISSED``. With
``--json OUT`` the results are also written to OUT as JSON; with ``--json`` alone
the JSON goes to standard output and the table to standard error.

The engines' figures are against each game's honest baseline, the fastest plain
loop we could write for its random game (``benchmarks/baselines/``, reviewed in
each module's docstring): ``bench_games.py``; then start-up (``--help``, and
``simulate`` and ``validate`` as users run them) and the OpenSpiel adapter
against the engine's fast playout.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_games  # noqa: E402
import bench_openspiel  # noqa: E402
import bench_startup  # noqa: E402
import bench_startup_commands  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter slices (seconds, not minutes)")
    parser.add_argument("--json", metavar="OUT", nargs="?", const="-",
                        help="write the results as JSON to OUT (standard output when OUT is left out)")
    args = parser.parse_args(argv)
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None  # other work slows both sides alike
    table = sys.stderr if args.json == "-" else sys.stdout
    results = []
    for module in (bench_games, bench_startup, bench_startup_commands, bench_openspiel):
        for comparison in module.comparisons(args.quick):
            print(comparison.line(), file=table, flush=True)
            results.append(comparison)
    missed = [c.name for c in results if c.met is False]
    targeted = sum(c.target is not None for c in results)
    print(f"{targeted - len(missed)}/{targeted} targets met"
          + (f"; missed: {', '.join(missed)}" if missed else ""), file=table)
    if args.json:
        report = {"quick": args.quick, "python": platform.python_version(), "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
                  "load_average": {"before": load_before,
                                   "after": os.getloadavg() if hasattr(os, "getloadavg") else None},
                  "benchmarks": [c.to_json() for c in results]}
        if args.json == "-":
            json.dump(report, sys.stdout, indent=2)
            print()
        else:
            tmp = args.json + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(report, f, indent=2)
            os.replace(tmp, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
