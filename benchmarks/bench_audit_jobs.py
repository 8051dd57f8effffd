"""The parallel audit against one job: wall and CPU ratios of ``ruleproof audit`` (issue 36, point 4).

Targets on two cores: the default ``ruleproof audit`` (``--jobs`` = every core)
takes at most 0.6 of the wall time of ``ruleproof audit --jobs 1`` and at most
1.1 of its CPU.

Each round runs both commands back to back as child processes (which goes first
alternates), with ``--json --quiet`` output piped away. Each child starts its own
session (``setsid``): Linux's autogroup scheduler shares the CPU between
sessions, so a child in the benchmark's session would compete with whatever else
that session runs. The line gives, per round, the wall and CPU (user + system of
the command and its workers, from ``RUSAGE_CHILDREN``) of both and their ratios,
with the load average before each run, then the medians.

Read the wall ratio with the load: with autogroup, a session gets an equal share
of a busy machine whatever its number of processes, so on a machine shared with
other busy sessions two workers cannot finish sooner than one (both ratios then
approach the CPU ratio). ``--critical-path`` also prints what the parallel run's
wall time is on idle cores: the parent's CPU plus the CPU of the busiest worker
(each worker's CPU read in the worker as its last batch ends), over the CPU of one
job, all measured in one more run of each.

``--against PYTHON`` measures the other half of point 4: the README's audit
(the default ``ruleproof audit``) of this tree against the same command of
another tree (``PYTHON`` is that tree's virtualenv interpreter, with the tree
installed in it; the run's working folder is the tree), interleaved round by
round: the CPU of each and their ratio, and this tree's CPU against the 40 s
target. Set ``RULEPROOF_RULEBOOKS`` when the other tree has no rulebooks beside it.

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_audit_jobs.py [--rounds 3] [--critical-path] [-- AUDIT ARGS]
    .venv/bin/python benchmarks/bench_audit_jobs.py --against ../ref/.venv/bin/python [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: Issue 36: the parallel audit's wall time and CPU over those of one job, on two cores.
WALL_TARGET, CPU_TARGET = 0.6, 1.1
#: Issue 36: the CPU of the README's audit (the default ``ruleproof audit``), in seconds.
AUDIT_CPU_TARGET = 40.0

_TRACE = """
import json, os, sys, time
from ruleproof.checkers.analysis import audit_jobs
from ruleproof.checkers.cli.main import main
out, real = sys.argv[1], audit_jobs._run_batch
def traced(tasks, options):
    rows = real(tasks, options)
    with open(out, "a", encoding="utf-8") as f:
        f.write(json.dumps([os.getpid(), time.process_time()]) + "\\n")
    return rows
audit_jobs._run_batch = traced
code = main(sys.argv[2:])
import resource
own = resource.getrusage(resource.RUSAGE_SELF)
with open(out, "a", encoding="utf-8") as f:
    f.write(json.dumps(["parent", own.ru_utime + own.ru_stime]) + "\\n")
sys.exit(code)
"""


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(command: list[str], cwd: Path | None = None) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and the 1-minute load before the run of ``command`` (in its own session)."""
    load = os.getloadavg()[0]
    cpu, start = _cpu(), time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                          check=False, cwd=cwd)
    wall, used = time.perf_counter() - start, _cpu() - cpu
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.decode()[-2000:]}")
    return wall, used, load


def critical_path(args: list[str]) -> tuple[float, float, float, list[float]]:
    """CPU of one job, and of the parallel run: its critical path (parent + busiest worker), the parent's own
    CPU and each worker's, in seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        trace = Path(tmp) / "trace.jsonl"
        serial = run([sys.executable, "-c", _TRACE, str(trace), "audit", "--json", "--quiet", "--jobs", "1", *args])[1]
        trace.unlink()
        run([sys.executable, "-c", _TRACE, str(trace), "audit", "--json", "--quiet", *args])
        entries = [json.loads(line) for line in trace.read_text("utf-8").splitlines()]
    parent = next(cpu for who, cpu in entries if who == "parent")
    workers: dict[int, float] = {}
    for who, cpu in entries:
        if who != "parent":
            workers[who] = max(workers.get(who, 0.0), cpu)
    return serial, parent + max(workers.values()), parent, sorted(workers.values(), reverse=True)


def against(other: Path, rounds: int, audit_args: list[str]) -> None:
    """This tree's default audit against another tree's, interleaved: CPU of each, the ratio, the 40 s target."""
    tree = Path(os.path.abspath(other)).parents[2]  # <tree>/.venv/bin/python (a symlink: not resolved)
    if not (tree / "pyproject.toml").is_file():
        sys.exit(f"--against {other}: expected <tree>/.venv/bin/python, and {tree} holds no pyproject.toml")
    tail = ["-m", "ruleproof.checkers.cli.main", "audit", "--json", "--quiet", *audit_args]
    ours, theirs = [], []
    for round_ in range(rounds):
        order = [("ours", [sys.executable, *tail], None), ("theirs", [str(other), *tail], tree)]
        if round_ % 2:
            order.reverse()
        got = {name: run(command, cwd) for name, command, cwd in order}
        ours.append(got["ours"][1])
        theirs.append(got["theirs"][1])
        print(f"round {round_ + 1}: this tree {got['ours'][1]:.1f} s CPU {got['ours'][0]:.1f} s wall "
              f"(load {got['ours'][2]:.1f}); {tree.name} {got['theirs'][1]:.1f} s CPU {got['theirs'][0]:.1f} s wall "
              f"(load {got['theirs'][2]:.1f}); CPU ratio {ours[-1] / theirs[-1]:.2f}", flush=True)
    median = statistics.median(ours)
    print(f"median over {rounds}: this tree's audit {median:.1f} s CPU (target <= {AUDIT_CPU_TARGET:.0f} s: "
          f"{'met' if median <= AUDIT_CPU_TARGET else 'MISSED'}), {tree.name}'s {statistics.median(theirs):.1f} s; "
          f"CPU ratio {statistics.median(o / t for o, t in zip(ours, theirs)):.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--critical-path", action="store_true", help="also the idle-core estimate (two more runs)")
    parser.add_argument("--against", metavar="PYTHON", type=Path,
                        help="compare the default audit with another tree's (its .venv/bin/python) instead")
    parser.add_argument("audit_args", nargs="*", help="more arguments of ruleproof audit (after --)")
    args = parser.parse_args(argv)
    if args.against is not None:
        against(args.against, args.rounds, args.audit_args)
        return 0
    program = [sys.executable, "-m", "ruleproof.checkers.cli.main", "audit", "--json", "--quiet", *args.audit_args]
    walls, cpus = [], []
    for round_ in range(args.rounds):
        order = [("one", [*program, "--jobs", "1"]), ("default", program)]
        if round_ % 2:
            order.reverse()
        got = {name: run(command) for name, command in order}
        (w1, c1, l1), (wd, cd, ld) = got["one"], got["default"]
        walls.append(wd / w1)
        cpus.append(cd / c1)
        print(f"round {round_ + 1}: --jobs 1 {w1:.1f} s wall {c1:.1f} s CPU (load {l1:.1f}); default {wd:.1f} s wall "
              f"{cd:.1f} s CPU (load {ld:.1f}); wall ratio {walls[-1]:.2f}, CPU ratio {cpus[-1]:.2f}", flush=True)
    print(f"median over {args.rounds}: wall ratio {statistics.median(walls):.2f} (target <= {WALL_TARGET}), "
          f"CPU ratio {statistics.median(cpus):.2f} (target <= {CPU_TARGET}); cores {os.cpu_count()}")
    if args.critical_path:
        serial, path, parent, workers = critical_path(args.audit_args)
        shown = ", ".join(f"{w:.1f}" for w in workers)
        print(f"idle-core estimate: one job {serial:.1f} s CPU; parallel critical path (parent + busiest worker) "
              f"{path:.1f} s CPU (parent {parent:.1f} s, workers {shown} s); ratio {path / serial:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
