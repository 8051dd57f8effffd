"""Start-up cost of the command line as a ratio: ``ruleproof --help`` against
``python -c pass`` (the same interpreter, so both pay for Python itself and
the site hooks of the environment).

Both run as child processes, interleaved (alternating which goes first), and
their CPU time (user + system) is read from
``resource.getrusage(RUSAGE_CHILDREN)`` around each run: machine load slows
both alike. The ratio is of rates (runs per CPU second), so it is
``pass CPU / --help CPU``; the line also gives both absolute CPU times, and
the target is issue 21's: ``ruleproof --help`` at most 0.15 s of CPU.

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_startup.py [--quick]

or with every other benchmark through ``benchmarks/run_all.py``.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

from common import run_main
from harness import Comparison

#: Issue 21: ``ruleproof --help`` costs at most this much CPU (seconds).
HELP_CPU_TARGET = 0.15


@dataclass
class StartupComparison(Comparison):
    """A :class:`Comparison` of child processes that also keeps their CPU seconds per run;
    its target is an upper bound on the candidate's median CPU seconds, not a ratio."""

    candidate_cpu: list[float] = field(default_factory=list)
    baseline_cpu: list[float] = field(default_factory=list)

    @property
    def met(self) -> bool | None:
        return None if self.target is None else statistics.median(self.candidate_cpu) <= self.target

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data.update(candidate_cpu_s=statistics.median(self.candidate_cpu),
                    baseline_cpu_s=statistics.median(self.baseline_cpu))
        return data

    def line(self) -> str:
        target = "" if self.target is None else f"  target <= {self.target:g} s CPU {'ok' if self.met else 'MISSED'}"
        return (f"{self.name:<44} {self.median:7.2f}x [{self.low:.2f}-{self.high:.2f}]"
                f"  {statistics.median(self.candidate_cpu):.3f} s vs {statistics.median(self.baseline_cpu):.3f} s"
                f" CPU per run{target}")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _cpu_of(argv: list[str], runs: int) -> float:
    """Median CPU seconds of ``runs`` runs of ``argv`` (output discarded; a failure stops the benchmark)."""
    times = []
    for _ in range(runs):
        start = _children_cpu()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=600)
        times.append(_children_cpu() - start)
    return statistics.median(times)


def help_command() -> tuple[list[str], str]:
    """``ruleproof --help`` as users run it: the installed console script next to this
    interpreter, else the same import and call it makes."""
    script = os.path.join(os.path.dirname(sys.executable), "ruleproof")
    if os.path.isfile(script):
        return [script, "--help"], "ruleproof --help"
    code = "import sys; from ruleproof.checkers.cli.main import main; sys.exit(main())"
    return [sys.executable, "-c", code, "--help"], "python -c <ruleproof main> --help"


def compare_startup(candidate: list[str], baseline: list[str], *, name: str, candidate_label: str,
                    baseline_label: str, slices: int, runs: int, target: float | None) -> StartupComparison:
    """Run both commands ``runs`` times per slice, interleaved, and collect CPU seconds and rates."""
    result = StartupComparison(name, candidate_label, baseline_label, "runs", target)
    _cpu_of(candidate, 1)  # warm the file cache and the byte-code caches
    _cpu_of(baseline, 1)
    for i in range(slices):
        if i % 2 == 0:
            c = _cpu_of(candidate, runs)
            b = _cpu_of(baseline, runs)
        else:
            b = _cpu_of(baseline, runs)
            c = _cpu_of(candidate, runs)
        result.candidate_cpu.append(c)
        result.baseline_cpu.append(b)
        result.candidate_rates.append(1 / c if c > 0 else float("inf"))
        result.baseline_rates.append(1 / b if b > 0 else float("inf"))
    return result


def comparisons(quick: bool = False) -> list[Comparison]:
    slices, runs = (3, 3) if quick else (7, 5)
    argv, label = help_command()
    return [compare_startup(argv, [sys.executable, "-c", "pass"], name="ruleproof --help / python -c pass",
                            candidate_label=label, baseline_label="python -c pass", slices=slices, runs=runs,
                            target=HELP_CPU_TARGET)]


def main() -> None:
    run_main(__doc__, comparisons)


if __name__ == "__main__":
    sys.exit(main())
