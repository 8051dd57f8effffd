"""The hand-written statistics of ``ruleproof diff`` agree with SciPy's."""

from __future__ import annotations

import pytest

from typing import Any

from ruleproof.checkers.analysis.stats import t975, wilson


@pytest.fixture(scope="module")
def stats() -> Any:
    """``scipy.stats``, imported when a test here runs (not when every xdist worker collects this file)."""
    return pytest.importorskip("scipy.stats")


@pytest.mark.parametrize("df", [1, 2, 3, 5, 10, 29, 30, 31, 40, 100, 1000, 100000])
def test_t_quantile_matches_scipy(df: int, stats: Any) -> None:
    # The table has three decimals; the large-df series is accurate to 1e-3 from df=31 on.
    assert t975(df) == pytest.approx(float(stats.t.ppf(0.975, df)), abs=1e-3)


@pytest.mark.parametrize(("k", "n"), [(0, 1), (0, 20), (5, 10), (1, 3), (99, 100), (500, 1000), (7, 7)])
def test_wilson_interval_matches_scipy(k: int, n: int, stats: Any) -> None:
    expected = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = wilson(k, n)
    assert low == pytest.approx(expected.low, abs=1e-9) and high == pytest.approx(expected.high, abs=1e-9)
