"""What each test costs in CPU: a pytest plugin, and its report (issue 36, point 5).

Measure (one process, so a test's CPU is its own; subprocesses it waits for are
counted, through ``RUSAGE_CHILDREN``)::

    PYTHONPATH=benchmarks RULEPROOF_CPU_OUT=cpu.json .venv/bin/pytest -n 0 -p pytest_cpu [PATHS]

then report the most expensive files, test functions (all their
parametrisations together) and single tests::

    .venv/bin/python benchmarks/pytest_cpu.py cpu.json [more.json ...] [--top 25]

Under ``pytest -n N`` (load ``-p pytest_cpu`` the same way) each worker writes
``cpu.json.gw0``, ``cpu.json.gw1``, ... with its own collection; pass them all.
Several files are merged, a later one's entries replacing an earlier one's
(to rerun part of the suite). CPU is user + system time of the pytest process
and of its waited-for children, read around each test's setup, call and
teardown (a session fixture's cost falls on the first test that uses it) and
around the collection. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import resource
import sys
from collections.abc import Generator
from typing import Any

import pytest

_CPU: dict[str, float] = {}


def _now() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    start = _now()
    yield
    _CPU[item.nodeid] = _now() - start


@pytest.hookimpl(hookwrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, None, None]:
    start = _now()
    yield
    _CPU["<collection>"] = _now() - start


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    out = os.environ.get("RULEPROOF_CPU_OUT", "pytest-cpu.json")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:  # under pytest-xdist each worker writes its own file (OUT.gw0, OUT.gw1, ...), its collection apart
        out = f"{out}.{worker}"
        _CPU[f"<collection {worker}>"] = _CPU.pop("<collection>", 0.0)
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        json.dump({"cpu": _CPU, "process_cpu": _now()}, f)
    os.replace(out + ".tmp", out)


def report(paths: list[str], top: int) -> str:
    """The text report of the measurements in ``paths`` (merged in order)."""
    cpu: dict[str, float] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data: dict[str, Any] = json.load(f)
        cpu.update(data["cpu"])
    total = sum(cpu.values())
    lines = [f"{total:.1f} s CPU in {len(cpu)} entries (tests and the collection)"]
    files: collections.defaultdict[str, float] = collections.defaultdict(float)
    functions: collections.defaultdict[str, float] = collections.defaultdict(float)
    counts: collections.Counter[str] = collections.Counter()
    for node, seconds in cpu.items():
        files[node.split("::")[0]] += seconds
        function = re.sub(r"\[.*\]$", "", node)
        functions[function] += seconds
        counts[function] += 1
    lines.append("\nfiles:")
    lines += [f"{s:8.1f} s {100 * s / total:5.1f} %  {f}" for f, s in _largest(files, top)]
    lines.append("\ntest functions (every parametrisation):")
    lines += [f"{s:8.1f} s {counts[f]:5d}x  {f}" for f, s in _largest(functions, top)]
    lines.append("\nsingle tests:")
    lines += [f"{s:8.2f} s  {n}" for n, s in sorted(cpu.items(), key=lambda kv: -kv[1])[:top]]
    return "\n".join(lines)


def _largest(seconds: dict[str, float], top: int) -> list[tuple[str, float]]:
    return sorted(seconds.items(), key=lambda kv: -kv[1])[:top]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="JSON files written by the plugin")
    parser.add_argument("--top", type=int, default=25, help="lines per table (default 25)")
    args = parser.parse_args(argv)
    print(report(args.files, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
