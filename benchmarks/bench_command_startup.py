"""Start-up of real commands as a ratio: the CPU of ``ruleproof simulate take5 --players 3 --games 1`` against
the CPU of ``ruleproof --help`` (issue 35: at most 2.5 times); ``ruleproof validate RECORD`` is shown beside it.

Both run as child processes with their output piped (as in a script or CI log),
interleaved in slices (alternating which goes first), and their CPU time (user +
system) is read from ``resource.getrusage(RUSAGE_CHILDREN)`` around each run:
machine load slows both alike. ``--help`` is the honest baseline: the same
interpreter, the same console script and its own lazy imports, doing nothing
but the parser. The line gives the median of the per-slice ratios
``command CPU / --help CPU``, its range and both CPU times.

The children run as an installed package does, with byte-code caches (written
once into a temporary ``PYTHONPYCACHEPREFIX`` and warmed before measuring);
``--no-bytecode-cache`` measures them compiling every module each time instead
(``PYTHONDONTWRITEBYTECODE=1`` and no cache), which weighs source size rather
than imports.

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_command_startup.py [--quick] [--no-bytecode-cache]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Any

#: Issue 35: a short real command costs at most this many times the CPU of ``ruleproof --help``.
RATIO_TARGET = 2.5


@dataclass
class CpuRatio:
    """Per-slice CPU seconds of a command and of its baseline, and their ratios."""

    name: str
    target: float | None
    command_cpu: list[float] = field(default_factory=list)
    baseline_cpu: list[float] = field(default_factory=list)

    @property
    def ratios(self) -> list[float]:
        return [c / b for c, b in zip(self.command_cpu, self.baseline_cpu) if b > 0]

    @property
    def median(self) -> float:
        return statistics.median(self.ratios)

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.median <= self.target

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "ratio": self.median, "ratio_low": min(self.ratios), "ratio_high": max(self.ratios),
                "target_at_most": self.target, "met": self.met, "command_cpu_s": statistics.median(self.command_cpu),
                "baseline_cpu_s": statistics.median(self.baseline_cpu)}

    def line(self) -> str:
        return (f"{self.name:<52} {self.median:5.2f}x [{min(self.ratios):.2f}-{max(self.ratios):.2f}]  "
                f"{statistics.median(self.command_cpu):.3f} s vs {statistics.median(self.baseline_cpu):.3f} s CPU"
                + ("" if self.target is None else f"  target <= {self.target:g}x {'ok' if self.met else 'MISSED'}"))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _cpu_of(argv: list[str], env: dict[str, str], runs: int) -> float:
    """Median CPU seconds of ``runs`` runs of ``argv`` (output discarded; a failure stops the benchmark)."""
    times = []
    for _ in range(runs):
        start = _children_cpu()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=600, env=env)
        times.append(_children_cpu() - start)
    return statistics.median(times)


def ruleproof_command() -> list[str]:
    """The installed console script next to this interpreter, else the same import and call it makes."""
    script = os.path.join(os.path.dirname(sys.executable), "ruleproof")
    if os.path.isfile(script):
        return [script]
    return [sys.executable, "-c", "import sys; from ruleproof.checkers.cli.main import main; sys.exit(main())"]


def child_environment(cache: str | None) -> dict[str, str]:
    """The children's environment: byte-code cached under ``cache``, or (``None``) never cached."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    if cache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = cache
    return env


def a_record(folder: str) -> str:
    """A finished Take 5 game record to validate."""
    from ruleproof.model.core import CHANCE, TERMINAL
    from ruleproof.model.io.records import make_record
    from ruleproof.model.take5 import GAME

    rng = random.Random(4)
    state = GAME.initial_state(3, GAME.default_variant())
    moves = []
    while (actor := GAME.current_player(state)) != TERMINAL:
        move = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(GAME.legal_moves(state))
        moves.append((actor, move))
        state = GAME.apply(state, move)
    path = os.path.join(folder, "game.json")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(make_record("take5", 3, state.variant, moves).dumps())
    return path


def compare(name: str, command: list[str], baseline: list[str], env: dict[str, str], *, slices: int,
            runs: int, target: float | None = RATIO_TARGET) -> CpuRatio:
    """``command`` against ``baseline``, ``runs`` runs each per slice, interleaved."""
    result = CpuRatio(name, target)
    _cpu_of(command, env, 1)  # write and warm the byte-code caches, the file cache
    _cpu_of(baseline, env, 1)
    for i in range(slices):
        if i % 2 == 0:
            c, b = _cpu_of(command, env, runs), _cpu_of(baseline, env, runs)
        else:
            b, c = _cpu_of(baseline, env, runs), _cpu_of(command, env, runs)
        result.command_cpu.append(c)
        result.baseline_cpu.append(b)
    return result


def comparisons(quick: bool = False, *, bytecode_cache: bool = True) -> list[CpuRatio]:
    slices, runs = (3, 3) if quick else (7, 5)
    ruleproof = ruleproof_command()
    with tempfile.TemporaryDirectory() as folder:
        env = child_environment(os.path.join(folder, "pycache") if bytecode_cache else None)
        record = a_record(folder)
        how = "" if bytecode_cache else " (no byte-code cache)"
        help_ = [*ruleproof, "--help"]
        return [
            compare(f"simulate take5 --games 1 / --help{how}",
                    [*ruleproof, "simulate", "take5", "--players", "3", "--games", "1"], help_, env,
                    slices=slices, runs=runs),
            # No target: validating checks each of the game's ~400 moves against the spec, work --help never does.
            compare(f"validate RECORD / --help{how}", [*ruleproof, "validate", record], help_, env,
                    slices=slices, runs=runs, target=None),
        ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter slices")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="children compile every module each run (PYTHONDONTWRITEBYTECODE=1)")
    args = parser.parse_args()
    for c in comparisons(args.quick, bytecode_cache=not args.no_bytecode_cache):
        print(c.line(), flush=True)


if __name__ == "__main__":
    sys.exit(main())
