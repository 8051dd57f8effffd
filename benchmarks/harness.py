"""A small harness for ratio benchmarks.

A benchmark compares a *candidate* with a *baseline* doing the same kind of
work (rounds, games, moves). Both run in this one process, interleaved in
short slices of process CPU time (:func:`time.process_time`), so machine load
slows both alike and the ratio of their rates is what is reported: the
median over the slices and its range. No benchmark asserts a time; targets
are printed beside the ratios.

A side is a callable ``work(budget) -> units``: it works for about ``budget``
CPU seconds (checking the clock itself between units of work, e.g. between
games) and returns how many units it completed.

>>> import itertools
>>> def fast(budget: float) -> int:
...     return sum(1 for _ in itertools.repeat(None, 2000))
>>> def slow(budget: float) -> int:
...     return sum(1 for _ in itertools.repeat(None, 2000)) // 2
>>> r = compare("demo", fast, slow, unit="units", slices=3, budget=0.0, target=None)
>>> r.slices
3
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

Work = Callable[[float], float]


@dataclass
class Comparison:
    """One benchmark's result: rates per slice and the ratio candidate / baseline."""

    name: str
    candidate: str
    baseline: str
    unit: str
    target: float | None
    candidate_rates: list[float] = field(default_factory=list)
    baseline_rates: list[float] = field(default_factory=list)

    @property
    def slices(self) -> int:
        return len(self.ratios)

    @property
    def ratios(self) -> list[float]:
        return [c / b if b else float("inf") for c, b in zip(self.candidate_rates, self.baseline_rates)]

    @property
    def median(self) -> float:
        return statistics.median(self.ratios)

    @property
    def low(self) -> float:
        return min(self.ratios)

    @property
    def high(self) -> float:
        return max(self.ratios)

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.median >= self.target

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.update(ratio=self.median, ratio_low=self.low, ratio_high=self.high, met=self.met,
                    candidate_rate=statistics.median(self.candidate_rates),
                    baseline_rate=statistics.median(self.baseline_rates))
        return data

    def line(self) -> str:
        target = "" if self.target is None else f"  target >= {self.target:g}x {'ok' if self.met else 'MISSED'}"
        return (f"{self.name:<44} {self.median:7.2f}x [{self.low:.2f}-{self.high:.2f}]"
                f"  {statistics.median(self.candidate_rates):>10,.0f} vs {statistics.median(self.baseline_rates):>10,.0f}"
                f" {self.unit}/s{target}")


def _timed(work: Work, budget: float) -> float:
    start = time.process_time()
    units = work(budget)
    elapsed = time.process_time() - start
    return units / elapsed if elapsed > 0 else float("inf")


def compare(name: str, candidate: Work, baseline: Work, *, unit: str, target: float | None,
            slices: int = 5, budget: float = 0.4, candidate_label: str = "candidate",
            baseline_label: str = "baseline") -> Comparison:
    """Run both sides interleaved (alternating which goes first) and collect their rates."""
    result = Comparison(name, candidate_label, baseline_label, unit, target)
    candidate(budget / 10)  # warm caches and imports on both sides
    baseline(budget / 10)
    for i in range(slices):
        if i % 2 == 0:
            c = _timed(candidate, budget)
            b = _timed(baseline, budget)
        else:
            b = _timed(baseline, budget)
            c = _timed(candidate, budget)
        result.candidate_rates.append(c)
        result.baseline_rates.append(b)
    return result


def until(budget: float) -> Callable[[], bool]:
    """A clock check for work loops: ``more = until(budget); while more(): ...``
    (always allows the first unit of work)."""
    end = time.process_time() + budget
    first = [True]

    def more() -> bool:
        if first[0]:
            first[0] = False
            return True
        return time.process_time() < end

    return more
