"""Sweep one variant flag over several values: what each value does to play and to every finding.

``sweep(reading, flag, values)`` asks, for each value of ``flag`` (a rule
constant such as Take 5's ``row_capacity``, or any other flag):

* **play**: ``games`` paired games against the base reading (``diff``'s
  common random numbers: same deals, same choices where both readings allow
  them): the share of games whose winners change, with its 95% Wilson
  interval, and the paired differences of game length and mean score with
  their 95% intervals (:class:`~ruleproof.checkers.analysis.diff.Comparison`),
  played by ``seats`` (default random) and, with a ``precision`` target,
  until each value's interval is narrow enough
  (:mod:`~ruleproof.checkers.analysis.sequential`);
* **findings**: every catalogue question of the game asked under the reading
  with that value (the quick form), its verdict and answer, and the number its
  answer leads with when it has one ("22: …" for Take 5's largest take).

The result is a table, JSON (``ruleproof.sweep``) and a plot of the measures
and numeric findings against the values (matplotlib, SVG).

>>> from ruleproof.model.io.readings import default_reading
>>> result = sweep(default_reading("take5"), "row_capacity", [5, 4], players=3, games=2, findings=False)
>>> [point.value for point in result.points], result.points[0].winners_changed
([5, 4], 0)
>>> result.points[1].comparison.games
2
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ruleproof.checkers.analysis.diff import Comparison, compare
from ruleproof.checkers.analysis.sequential import Precision
from ruleproof.checkers.analysis.stats import wilson
from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.policies.core import Seats
from ruleproof.spec.core import variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import RuleproofError

__all__ = ["FindingAnswer", "MAX_VALUES", "SweepPoint", "SweepResult", "leading_number", "sweep", "sweep_svg"]

JSON = Any

#: The most values one sweep takes (each runs a comparison and the catalogue).
MAX_VALUES = 32


def leading_number(answer: str) -> float | None:
    """The number a finding's answer leads with (``"22: a player …"`` → 22), ``None`` without one.

    >>> leading_number("117, exactly: with ten players"), leading_number("No: one card"), leading_number("-3.5 points")
    (117.0, None, -3.5)
    """
    match = re.match(r"\s*(-?\d+(?:\.\d+)?)\b", answer)
    return float(match.group(1)) if match else None


@dataclass(frozen=True)
class FindingAnswer:
    """A catalogue question's answer under one value of the swept flag."""

    id: str
    verdict: str
    answer: str
    method: str = ""

    @property
    def number(self) -> float | None:
        """The number the answer leads with (only for a decided answer)."""
        return leading_number(self.answer) if self.verdict in ("sat", "unsat") else None

    def to_json(self) -> dict[str, JSON]:
        return {"id": self.id, "verdict": self.verdict, "answer": self.answer, "method": self.method,
                "number": self.number}


@dataclass
class SweepPoint:
    """One value of the swept flag: the paired comparison with the base reading, and the findings."""

    value: Any
    variant: Any
    comparison: Comparison
    findings: list[FindingAnswer] = field(default_factory=list)

    @property
    def winners_changed(self) -> int:
        return self.comparison.winners_changed

    def to_json(self) -> dict[str, JSON]:
        comparison = self.comparison
        low, high = wilson(comparison.winners_changed, comparison.games)
        metrics = {m.name: m.to_json() for m in comparison.metrics()[:2]}
        return {
            "value": self.value, "variant": variant_to_dict(self.variant), "games": comparison.games,
            "diverged": comparison.diverged, "winners_changed": comparison.winners_changed,
            "winners_changed_rate": comparison.winners_changed / comparison.games if comparison.games else 0.0,
            "winners_changed_ci95": [low, high],
            "game_length": metrics.get("game length (moves)"), "mean_score": metrics.get("score, mean over seats"),
            "mean_length": sum(p.length_b for p in comparison.pairs) / max(1, comparison.games),
            "findings": [f.to_json() for f in self.findings],
            "figures": comparison.figures(), "stopping": comparison.stopping,
        }


@dataclass
class SweepResult:
    """The sweep of one flag of one game."""

    game: str
    flag: str
    players: int
    games: int
    seed: int
    reading: str
    base: Any
    points: list[SweepPoint] = field(default_factory=list)
    policy: str = "random"
    policy_identity: dict[str, JSON] = field(default_factory=dict)
    precision: str = ""

    def to_json(self) -> dict[str, JSON]:
        return {"game": self.game, "flag": self.flag, "players": self.players, "games": self.games,
                "seed": self.seed, "reading": self.reading, "policy": self.policy,
                "policy_identity": self.policy_identity or {"text": self.policy}, "precision": self.precision,
                "base_variant": variant_to_dict(self.base),
                "values": [p.value for p in self.points], "points": [p.to_json() for p in self.points]}


def sweep(reading: Any, flag: str, values: Sequence[Any], *, players: int, games: int = 100, seed: int = 0,
          findings: bool = True, full: bool = False, jobs: int = 1,
          on_step: Callable[[str], None] | None = None, seats: Seats | None = None,
          precision: Precision | None = None, probe: bool = False) -> SweepResult:
    """Compare the reading with ``flag`` set to each of ``values`` against ``reading`` itself (see the module
    docstring).

    :param values: the flag's values, already of the flag's type (or text, read as on a command line).
    :param on_step: told what is about to run (``"row_capacity=4: games"``, ``"row_capacity=4: T5-F-5"``).
    :param seats: who plays (default random); ``precision``: play each value until its interval is narrow enough
        (``games`` is then ignored); ``probe``: measure how often each value's rules differ along the base's games.
    :raises RuleproofError: an unknown flag, a value the variant refuses, too many values, or a player count a
        value does not allow.
    """
    engine = reading.engine
    variant_type = type(reading.variant)
    names = [f.name for f in dataclasses.fields(variant_type)]
    if flag not in names:
        raise RuleproofError(f"{engine.name} has no flag {flag!r}; flags: {', '.join(names)}")
    if not values:
        raise RuleproofError("give at least one value to sweep")
    if len(values) > MAX_VALUES:
        raise RuleproofError(f"at most {MAX_VALUES} values in one sweep; got {len(values)}")
    base_flags = variant_to_dict(reading.variant)
    result = SweepResult(engine.name, flag, players, games, seed, reading.describe(), reading.variant)
    if seats is not None:
        result.policy, result.policy_identity = seats.describe(), seats.identity()
    if precision is not None:
        result.precision = precision.describe()
    for value in values:
        variant = variant_from_mapping(variant_type, {**base_flags, flag: value},
                                       from_text=isinstance(value, str))
        label = f"{flag}={variant_to_dict(variant)[flag]}"
        if on_step is not None:
            on_step(f"{label}: {'paired games to the precision target' if precision else f'{games} paired games'}")
        comparison = compare(engine, players, reading.variant, variant, games=games, seed=seed, findings=False,
                             jobs=jobs, seats=seats, precision=precision, probe=probe or precision is not None)
        point = SweepPoint(variant_to_dict(variant)[flag], variant, comparison)
        if findings:
            asked = dataclasses.replace(reading, variant=variant, _engine=[],
                                        title=f"{reading.title} + {label}" if reading.title else label)
            for question in questions(engine.name):
                if on_step is not None:
                    on_step(f"{label}: {question.id}")
                found = question.ask(full, asked)
                point.findings.append(FindingAnswer(found.id, found.verdict, found.answer, found.method))
        result.points.append(point)
    return result


def sweep_svg(result: SweepResult) -> str:
    """The sweep drawn with matplotlib as SVG text: the winner-change rate (95% interval), the mean game length,
    and every finding whose answer is a number, against the swept values."""
    import io

    import matplotlib

    matplotlib.use("Agg")  # no display: a file only
    import matplotlib.pyplot as plt

    values = [p.value for p in result.points]
    x = list(range(len(values)))
    numeric: dict[str, list[float | None]] = {}
    for index, point in enumerate(result.points):
        for answer in point.findings:
            numeric.setdefault(answer.id, [None] * len(values))[index] = answer.number
    numeric = {k: v for k, v in numeric.items() if any(n is not None for n in v)}
    panels = 2 + len(numeric)
    figure, axes = plt.subplots(panels, 1, figsize=(7, 2.2 * panels), sharex=True, squeeze=False)
    rates = [p.winners_changed / p.comparison.games if p.comparison.games else 0.0 for p in result.points]
    bounds = [wilson(p.winners_changed, p.comparison.games) for p in result.points]
    ax = axes[0][0]
    ax.errorbar(x, rates, yerr=[[max(0.0, r - lo) for r, (lo, _) in zip(rates, bounds)],
                                [max(0.0, hi - r) for r, (_, hi) in zip(rates, bounds)]], fmt="o-", capsize=4)
    ax.set_ylabel("winner changes")
    ax.set_ylim(0, 1)
    ax = axes[1][0]
    ax.plot(x, [sum(p.length_b for p in point.comparison.pairs) / max(1, point.comparison.games)
                for point in result.points], "s-")
    ax.set_ylabel("moves a game")
    for row, (finding, numbers) in enumerate(sorted(numeric.items()), start=2):
        ax = axes[row][0]
        ax.plot([i for i, n in zip(x, numbers) if n is not None], [n for n in numbers if n is not None], "d-")
        ax.set_ylabel(finding)
    axes[-1][0].set_xticks(x, [str(v) for v in values])
    axes[-1][0].set_xlabel(result.flag)
    counts = sorted({p.comparison.games for p in result.points})
    games = (f"{result.games} paired games each" if not result.precision
             else f"{counts[0]}-{counts[-1]} paired games each (to a precision target)")
    title = (f"{result.game}: {result.flag} swept ({result.players} players, {games}, seed {result.seed}, "
             f"policy {result.policy}; against {result.reading or 'the rulebook'})")
    figure.suptitle(textwrap.fill(title, 90), fontsize=9)
    figure.tight_layout()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    plt.close(figure)
    return buffer.getvalue()
