"""Enough games, decided by the data: the planned looks, their Bonferroni level, and ``diff``/``sweep --ci-width``.

``ruleproof diff take5 --b-variant end_rule='>' --players 4 --policy greedy --ci-width 0.01`` (issue 33's
command) plays thousands of paired games; here the same mechanism runs small: the run stops at the first planned
look whose interval is narrow enough, its figures are those of the pairs it played, and the report prints how
often the readings differ, the winner-change rate and n.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ruleproof.checkers.analysis.diff import compare
from ruleproof.checkers.analysis.sequential import (
    Precision, figures, looks_level, plan_looks, proportion_interval, width_of,
)
from ruleproof.checkers.cli.main import main
from ruleproof.checkers.policies.loading import parse_policies
from ruleproof.model.registry import game_for
from ruleproof.spec.errors import RuleproofError
from ruleproof.spec.take5 import Take5Variant


def test_the_looks_double_up_to_the_cap_and_share_the_error_rate() -> None:
    assert plan_looks(100, 100_000) == (100, 200, 400, 800, 1600, 3200, 6400, 12800, 25600, 51200, 100000)
    assert plan_looks(50, 800) == (50, 100, 200, 400, 800)
    assert looks_level(5) == pytest.approx(0.99)
    one = proportion_interval(30, 100, looks=1)
    five = proportion_interval(30, 100, looks=5)
    assert five[0] < one[0] < 0.3 < one[1] < five[1]  # more looks, wider intervals


def test_clopper_pearson_covers_at_least_its_level() -> None:
    """The exact interval's coverage at n = 40 is at least its level for every true share on a grid."""
    from scipy.stats import binom

    level = looks_level(4)
    n = 40
    intervals = [proportion_interval(k, n, looks=4) for k in range(n + 1)]
    for p in (0.02, 0.1, 0.25, 0.5, 0.8, 0.97):
        covered = sum(binom.pmf(k, n, p) for k, (low, high) in enumerate(intervals) if low <= p <= high)
        assert covered >= level - 1e-9, (p, covered)


@pytest.mark.parametrize("width, max_games", [(0.0, 10), (1.0, 10), (math.inf, 10), (0.1, 0)])
def test_invalid_a_precision_target_is_refused(width: float, max_games: int) -> None:
    with pytest.raises(RuleproofError):
        Precision(width, "arises", max_games=max_games, first=5)


def test_diff_stops_at_the_first_look_narrow_enough() -> None:
    game = game_for("take5")
    precision = Precision(0.45, "winners", max_games=64, first=8)
    result = compare(game, 4, Take5Variant(), Take5Variant(end_check="immediate"), seed=3, findings=False,
                     seats=parse_policies("greedy"), probe=True, precision=precision)
    stop = result.stopping
    assert stop is not None and stop["planned"] == [8, 16, 32, 64]
    looks = [look["games"] for look in stop["looks"]]
    assert looks == stop["planned"][:len(looks)] and result.games == looks[-1]
    widths = [look["width"] for look in stop["looks"]]
    assert all(w > 0.45 for w in widths[:-1])  # it went on only while the interval was too wide
    assert stop["met"] == (widths[-1] <= 0.45)
    found = figures(result.pairs, looks=4)
    assert width_of(found, "winners") == pytest.approx(widths[-1])
    assert found == result.figures()


def test_diff_ci_width_prints_how_often_the_readings_differ_and_n(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's command, small: the share of games where the readings differ, the winner-change rate, n."""
    argv = ["diff", "take5", "--b-variant", "end_rule=>", "--players", "4", "--policy", "greedy", "--ci-width",
            "0.3", "--max-games", "40", "--first-look", "10", "--no-findings", "-q", "--jobs", "1"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "how often the readings differ" in text
    assert "games in which B's rules differ somewhere along A's game" in text
    assert "games whose winner changes" in text and "stopping" in text and "n = " in text
    assert "[bold]" not in text  # markup is rendered, never printed
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["stopping"]["planned"] == [10, 20, 40] and data["games"] == data["stopping"]["looks"][-1]["games"]
    assert data["policy"] == "greedy" and data["figures"]["arises"]["n"] == data["games"]


@pytest.mark.parametrize("argv, message", [
    (["--ci-on", "score"], "go with --ci-width"),
    (["--first-look", "7"], "go with --ci-width"),
    (["--ci-width", "0.2", "--first-look", "0"], "--first-look"),
    (["--ci-width", "1.5"], "below 1"),
])
def test_invalid_precision_options_are_usage_errors(argv: list[str], message: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "take5", "--b-variant", "end_rule=>", "--no-findings", "-q", *argv]) == 2
    assert message in capsys.readouterr().err


def test_sweep_plays_each_value_to_its_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "take5", "end_rule=>=,>", "--players", "3", "--policy", "greedy", "--ci-width", "0.6",
                 "--ci-on", "arises", "--max-games", "16", "--first-look", "8", "--no-findings", "--dir",
                 str(tmp_path / "s"), "--json", "-q", "--jobs", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    text = json.dumps(data)
    assert '"planned": [8, 16]' in text and "greedy" in text
