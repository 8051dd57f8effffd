"""Statistics of paired comparisons: means, the 95% interval of a mean difference, proportions.

Kept as a few lines of standard-library code rather than importing SciPy or
statsmodels, on purpose: ``ruleproof diff`` needs only Student's t quantile at
97.5% and the Wilson interval, and SciPy's import costs about a third of a
second of CPU per command. ``tests/checkers/test_stats.py`` checks both
functions against SciPy's values (``scipy.stats.t.ppf`` and
``scipy.stats.binomtest(...).proportion_ci(method="wilson")``), so the two
cannot drift.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

JSON = Any

_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom.

    >>> t975(1), t975(30), round(t975(1000), 3)
    (12.706, 2.042, 1.962)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be positive; got {df!r}")
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959963984540054
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


@dataclass(frozen=True)
class Metric:
    """A paired comparison: means under A and B and the mean of B − A with its 95% CI.

    >>> m = Metric.paired("length", [10, 10, 10], [12, 12, 13])
    >>> m.diff, m.significant
    (2.3333333333333335, True)
    >>> Metric.paired("length", [5, 6], [5, 6]).significant
    False
    """

    name: str
    mean_a: float
    mean_b: float
    diff: float
    low: float | None
    high: float | None
    n: int

    @classmethod
    def paired(cls, name: str, a: Sequence[float], b: Sequence[float]) -> Metric:
        """The metric of paired samples ``a[i]``, ``b[i]``."""
        diffs = [y - x for x, y in zip(a, b, strict=True)]
        n = len(diffs)
        if n == 0:
            return cls(name, 0.0, 0.0, 0.0, None, None, 0)
        mean = statistics.fmean(diffs)
        low: float | None
        high: float | None
        if n < 2:
            low = high = None
        else:
            half = t975(n - 1) * statistics.stdev(diffs) / math.sqrt(n)
            low, high = mean - half, mean + half
        return cls(name, statistics.fmean(a), statistics.fmean(b), mean, low, high, n)

    @property
    def significant(self) -> bool:
        """Whether the 95% interval of B − A excludes zero."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)

    def to_json(self) -> dict[str, JSON]:
        """The metric as JSON-ready data."""
        return {"name": self.name, "mean_a": self.mean_a, "mean_b": self.mean_b, "diff": self.diff,
                "ci95": None if self.low is None else [self.low, self.high], "n": self.n,
                "significant": self.significant}


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion ``k`` of ``n``.

    >>> [round(x, 3) for x in wilson(0, 20)]
    [0.0, 0.161]
    """
    if n == 0:
        return (0.0, 1.0)
    z = 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))
