"""Run every ratio benchmark and print one table (optionally a JSON report).

    .venv/bin/python benchmarks/run_all.py [--quick] [--json OUT]

Each line is ``candidate / baseline``: the median ratio of their rates over
interleaved slices of process CPU time, its range, both rates and the target.
Nothing here fails on a missed target; the report says ``MISSED``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_bigfive  # noqa: E402
import bench_openspiel  # noqa: E402
import bench_others  # noqa: E402
import bench_startup  # noqa: E402
import bench_take5  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter slices (seconds, not minutes)")
    parser.add_argument("--json", metavar="OUT", help="write the results as JSON to OUT")
    args = parser.parse_args(argv)
    results = []
    for module in (bench_take5, bench_bigfive, bench_others, bench_startup, bench_openspiel):
        for comparison in module.comparisons(args.quick):
            print(comparison.line(), flush=True)
            results.append(comparison)
    if args.json:
        report = {"quick": args.quick, "python": platform.python_version(), "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
                  "benchmarks": [c.to_json() for c in results]}
        tmp = args.json + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
        os.replace(tmp, args.json)
    missed = [c.name for c in results if c.met is False]
    targeted = sum(c.target is not None for c in results)
    print(f"{targeted - len(missed)}/{targeted} targets met"
          + (f"; missed: {', '.join(missed)}" if missed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
