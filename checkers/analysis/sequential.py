"""Enough games, decided by the data: a group-sequential stopping rule whose intervals stay honest.

``ruleproof diff --ci-width W`` plays paired games in batches and stops at
the first *look* whose interval is at most ``W`` wide, or at ``--max-games``.
Stopping when an interval happens to be narrow would make an ordinary 95%
interval too narrow (the run stops on its luck), so the looks are planned
before the first game and every interval is widened for all of them:

* the looks are at ``first``, ``2·first``, ``4·first``, … games and at
  ``max_games`` — ``K`` looks in all, known in advance (:func:`plan_looks`);
* at each look the interval has level ``1 − α/K`` (α = 5%): by Bonferroni's
  inequality all ``K`` intervals cover their true values at once with
  probability at least 95%, so the interval reported at whichever look the
  run stops — chosen by any rule that looks only at the data so far — covers
  with probability at least 95%. It is a confidence sequence over the planned
  looks, conservative (Bonferroni ignores the looks' overlap).

A share of games (the winner changes, the dispute arises) gets the exact
Clopper–Pearson interval at that level (:func:`scipy.stats.binomtest`, whose
coverage is at least its level for every n, so the 95% above is a guarantee);
a mean difference of scores gets the t interval (:func:`scipy.stats.t`; its
coverage is asymptotic, as every t interval's on scores that are not normal).

>>> plan_looks(100, 1000)
(100, 200, 400, 800, 1000)
>>> low, high = proportion_interval(3, 100, looks=5)
>>> round(low, 4), round(high, 4)
(0.0034, 0.1055)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["ALPHA", "TARGETS", "Precision", "plan_looks", "proportion_interval", "mean_interval", "looks_level"]

JSON = Any

#: The error rate shared out over the looks: the intervals hold together with probability at least 1 − ALPHA.
ALPHA = 0.05
#: What the width can be asked of.
TARGETS: dict[str, str] = {
    "winners": "the share of paired games whose winners change",
    "score": "the mean difference B − A of the score, mean over seats",
    "arises": "the share of games in which reading B's rules differ somewhere along reading A's game",
}
#: The most looks a plan may have.
MAX_LOOKS = 40


def plan_looks(first: int, max_games: int) -> tuple[int, ...]:
    """The planned numbers of games at which the interval is looked at: doubling from ``first`` to ``max_games``.

    >>> plan_looks(50, 50), plan_looks(64, 300)
    ((50,), (64, 128, 256, 300))
    """
    if first < 1 or max_games < 1:
        raise ValueError(f"the looks need positive game counts; got first={first!r}, max_games={max_games!r}")
    looks: list[int] = []
    n = min(first, max_games)
    while n < max_games and len(looks) < MAX_LOOKS - 1:
        looks.append(n)
        n *= 2
    looks.append(max_games)
    return tuple(looks)


def looks_level(looks: int) -> float:
    """The confidence level of each look's interval when there are ``looks`` of them (Bonferroni)."""
    return 1.0 - ALPHA / max(1, looks)


def proportion_interval(k: int, n: int, *, looks: int = 1) -> tuple[float, float]:
    """The Clopper–Pearson interval of ``k`` of ``n`` at the level of one of ``looks`` looks."""
    if n == 0:
        return (0.0, 1.0)
    from scipy.stats import binomtest

    found = binomtest(k, n).proportion_ci(confidence_level=looks_level(looks), method="exact")
    return (float(found.low), float(found.high))


def mean_interval(values: Sequence[float], *, looks: int = 1) -> tuple[float, float] | None:
    """The t interval of the mean of ``values`` at the level of one of ``looks`` looks (``None`` below two values)."""
    n = len(values)
    if n < 2:
        return None
    from scipy.stats import t

    mean = statistics.fmean(values)
    half = float(t.ppf(1.0 - ALPHA / (2 * max(1, looks)), n - 1)) * statistics.stdev(values) / math.sqrt(n)
    return (mean - half, mean + half)


@dataclass(frozen=True)
class Precision:
    """A precision target: play until the interval of ``target`` is at most ``width`` wide, or ``max_games``.

    :param target: one of :data:`TARGETS`.
    :param first: the games of the first look (then doubling).
    """

    width: float
    target: str = "winners"
    max_games: int = 100_000
    first: int = 100

    def __post_init__(self) -> None:
        from ruleproof.spec.errors import RuleproofError

        if self.target not in TARGETS:
            raise RuleproofError(f"--ci-on must be one of {', '.join(TARGETS)}; got {self.target!r}")
        if not (self.width > 0 and math.isfinite(self.width)):
            raise RuleproofError(f"--ci-width must be a positive number; got {self.width!r}")
        if self.target != "score" and self.width >= 1:
            raise RuleproofError(f"--ci-width on a share must be below 1; got {self.width!r}")
        if self.max_games < 1:
            raise RuleproofError(f"--max-games must be at least 1; got {self.max_games!r}")

    @property
    def looks(self) -> tuple[int, ...]:
        """The planned looks."""
        return plan_looks(self.first, self.max_games)

    def describe(self) -> str:
        """The rule in words, for reports and help."""
        k = len(self.looks)
        return (f"play until the interval of {TARGETS[self.target]} is at most {self.width:g} wide, looking after "
                f"{', '.join(f'{n:,}' for n in self.looks)} games ({k} planned look{'s' * (k != 1)}); each look's "
                f"interval has level {looks_level(k):.2%} so that all hold together with probability at least "
                f"{1 - ALPHA:.0%} (Bonferroni over the planned looks)")


def ratio_interval(parts: Sequence[tuple[int, int]], *, looks: int = 1) -> tuple[float, float] | None:
    """The interval of ``Σ k / Σ m`` over games ``(k, m)`` (decisions that differ, decisions), games as clusters.

    Decisions of one game are not independent, so the share is a ratio estimator over games: its standard
    error by the delta method (the games' residuals ``k − R·m``), with the t quantile of the look's level.
    ``None`` with fewer than two games or no decision.

    >>> low, high = ratio_interval([(1, 10), (0, 10), (2, 10), (1, 10)])
    >>> round(low, 3), round(high, 3)
    (-0.03, 0.23)
    """
    n = len(parts)
    total = sum(m for _, m in parts)
    if n < 2 or total == 0:
        return None
    from scipy.stats import t

    ratio = sum(k for k, _ in parts) / total
    mean_m = total / n
    residuals = [k - ratio * m for k, m in parts]
    se = statistics.stdev(residuals) / (mean_m * math.sqrt(n))
    half = float(t.ppf(1.0 - ALPHA / (2 * max(1, looks)), n - 1)) * se
    return (ratio - half, ratio + half)


def figures(pairs: Sequence[Any], *, looks: int = 1) -> dict[str, JSON]:
    """The figures of a comparison's pairs with their intervals at the level of one of ``looks`` looks.

    Shares: ``winners`` (the winners change), ``diverged`` (the runs part), ``outcome`` (scores or winners
    change) and, when the pairs were probed, ``arises`` (B's rules differ somewhere along A's game),
    ``winners_when_arises`` (of those games, the winners change) and ``decisions`` (the share of A's decisions
    at which B's rules differ; a ratio over games). Each share is ``{"k", "n", "rate", "ci"}``; ``score`` is
    the mean difference B − A of the mean score over seats with its t interval.
    """
    n = len(pairs)

    def share(k: int, of: int) -> dict[str, JSON]:
        low, high = proportion_interval(k, of, looks=looks)
        return {"k": k, "n": of, "rate": k / of if of else None, "ci": [low, high]}

    out: dict[str, JSON] = {
        "games": n, "looks": looks, "level": looks_level(looks),
        "winners": share(sum(1 for p in pairs if p.winners_changed), n),
        "diverged": share(sum(1 for p in pairs if p.diverged), n),
        "outcome": share(sum(1 for p in pairs if p.outcome_changed), n),
    }
    diffs = [statistics.fmean(p.scores_b) - statistics.fmean(p.scores_a) for p in pairs]
    interval = mean_interval(diffs, looks=looks)
    out["score"] = {"mean": statistics.fmean(diffs) if diffs else None, "n": n,
                    "ci": None if interval is None else list(interval),
                    "sd_a": statistics.stdev(statistics.fmean(p.scores_a) for p in pairs) if n > 1 else None}
    probes = [p.probe for p in pairs if p.probe is not None]
    if probes and len(probes) == n:
        arising = [p for p in pairs if p.probe.arises]
        out["arises"] = share(len(arising), n)
        out["winners_when_arises"] = share(sum(1 for p in arising if p.winners_changed), len(arising))
        setup = all(p.probe.setup for p in pairs)
        out["setup"] = setup
        if setup:
            out["decisions"] = None
        else:
            parts = [(p.probe.differing, p.probe.decisions) for p in pairs]
            total = sum(m for _, m in parts)
            ratio = sum(k for k, _ in parts) / total if total else None
            found = ratio_interval(parts, looks=looks)
            out["decisions"] = {"k": sum(k for k, _ in parts), "n": total, "rate": ratio,
                                "ci": None if found is None else [max(0.0, found[0]), min(1.0, found[1])]}
    return out


def width_of(found: dict[str, JSON], target: str) -> float:
    """The width of the interval the precision target is on (infinite when there is none yet)."""
    entry = found.get("score" if target == "score" else target)
    if not entry or entry.get("ci") is None:
        return math.inf
    low, high = entry["ci"]
    return float(high - low)


def meaning(found: dict[str, JSON], target: str) -> str:
    """What a difference of the measured size means, in a sentence.

    >>> meaning({"winners": {"k": 5, "n": 200, "rate": 0.025, "ci": [0.01, 0.05]}}, "winners")
    'the other reading crowns another winner in 2.5% of games (about 1 game in 40; at most 1 in 20 and at least 1 in 100 by the interval)'
    """
    if target == "score":
        entry = found["score"]
        sd = entry.get("sd_a") or 0.0
        low, high = entry["ci"] or (math.nan, math.nan)
        size = f"; {abs(entry['mean']) / sd:.2f} standard deviations of a game's mean score" if sd else ""
        return (f"the mean score moves by {entry['mean']:+.3g} points under reading B (interval {low:+.3g} to "
                f"{high:+.3g}){size}")
    entry = found[target]
    rate = entry["rate"] or 0.0
    low, high = entry["ci"]
    what = {"winners": "the other reading crowns another winner in",
            "arises": "the readings' rules differ somewhere in",
            "diverged": "play under the two readings parts in",
            "outcome": "the final scores change in"}.get(target, target)

    def one_in(x: float) -> str:
        return f"1 in {1 / x:,.0f}" if x > 0 else "none"

    if rate == 0:
        return f"{what} none of {entry['n']:,} games (at most {one_in(high)} games by the interval)"
    return (f"{what} {rate:.1%} of games (about {one_in(rate).replace('1 in', '1 game in')}; at most {one_in(high)} "
            f"and at least {one_in(low)} by the interval)")
