"""``ruleproof metrics``: the measures follow from the games, replay from the seed, and run for every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.analysis.metrics import metrics, rotated_seats
from ruleproof.checkers.cli.main import main
from ruleproof.checkers.policies.core import RandomPolicy, Seats
from ruleproof.checkers.policies.greedy import GreedyPolicy
from ruleproof.checkers.policies.loading import parse_policies
from ruleproof.checkers.policies.playing import play_game
from ruleproof.model.registry import game_for

GAMES = [("take5", 3), ("bigfive", 2), ("bigpoints", 3), ("ikebana", 3), ("cinco", 2)]
POLICIES = ("random", "greedy")


def _game_policy_cases() -> list[object]:
    """Every game under both policies: the default run plays each game once, the policies taking turns (so each
    game and each policy is run), the other five pairs are ``slow`` (session 42: about 2.5 s of CPU less)."""
    return [pytest.param(policy, game_id, players, id=f"{policy}-{game_id}-{players}",
                         marks=(pytest.mark.slow,) if (index + POLICIES.index(policy)) % 2 else ())
            for policy in POLICIES for index, (game_id, players) in enumerate(GAMES)]


@pytest.mark.parametrize(("policy", "game_id", "players"), _game_policy_cases())
def test_metrics_run_for_every_game_under_two_policies(game_id: str, players: int, policy: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """``ruleproof metrics GAME --policy P --plot FILE``: the JSON is the games' measures, the plot is drawn."""
    plot = tmp_path / f"{game_id}-{policy}.svg"
    assert main(["metrics", game_id, "--players", str(players), "--games", "4", "--seed", "2", "--policy", policy,
                 "--plot", str(plot), "--json", "-q", "--jobs", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["policy"] == policy and data["game"] == game_id
    assert sum(row["win_share"] for row in data["seats"]) == pytest.approx(1.0)
    assert 1.0 <= data["branching"] and 0.0 <= data["forced_share"] <= 1.0
    assert data["length"]["min"] <= data["length"]["mean"] <= data["length"]["max"]
    game = game_for(game_id)
    again = metrics(game, players, game.default_variant(), parse_policies(policy), games=4, seed=2).to_json()
    assert {k: again[k] for k in ("seats", "length", "branching")} == {k: data[k] for k in ("seats", "length",
                                                                                           "branching")}
    svg = plot.read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<?xml") and "Seat balance" in svg and f"policy {policy}" in svg


def test_the_measures_are_those_of_the_games_played() -> None:
    game = game_for("take5")
    seats = Seats.of([GreedyPolicy()])
    found = metrics(game, 3, game.default_variant(), seats, games=5, seed=4)
    again = [play_game(game, 3, game.default_variant(), seats, seed=4, index=i) for i in range(5)]
    assert found.played == again
    data = found.to_json()
    decisions = sum(g.decisions for g in again)
    assert data["forced_share"] == sum(g.forced for g in again) / decisions
    assert data["branching"] == sum(g.branching for g in again) / decisions
    assert data["decisions"]["mean"] == sum(g.decisions for g in again) / 5


def test_parallel_metrics_equal_serial() -> None:
    game = game_for("bigpoints")
    seats = parse_policies("greedy+random")
    serial = metrics(game, 2, game.default_variant(), seats, games=45, seed=1)
    parallel = metrics(game, 2, game.default_variant(), seats, games=45, seed=1, jobs=2)
    assert serial.to_json() == parallel.to_json()


def test_strength_rotates_the_seat_and_greedy_beats_random() -> None:
    game = game_for("bigpoints")
    assert [p.name for p in rotated_seats(GreedyPolicy(), RandomPolicy(), 3, 4).policies] == \
        ["random", "greedy", "random"]
    found = metrics(game, 2, game.default_variant(), Seats.of([GreedyPolicy()]), games=20, seed=0,
                    against=RandomPolicy())
    strength = found.to_json()["strength"]
    assert strength["fair_share"] == 0.5 and strength["beats_fair_share"]
    assert strength["win_share"] == sum(g.returns[g.index % 2] for g in found.played) / 20


def test_cli_metrics_json_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "m.svg"
    assert main(["metrics", "ikebana", "--players", "2", "--games", "6", "--policy", "greedy", "--plot", str(plot),
                 "--json", "-q", "--jobs", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "ruleproof.metrics" and data["plot"] == str(plot)
    assert plot.read_text(encoding="utf-8").lstrip().startswith("<?xml")


@pytest.mark.parametrize("argv, message", [
    (["metrics", "take5", "--players", "11"], "Take 5 is for"),
    (["metrics", "take5", "--policy", "minimax"], "unknown policy"),
    (["metrics", "take5", "--games", "0"], "--games"),
    (["metrics", "take5", "--plot", "x.png"], "SVG only"),
    (["metrics", "take5", "--policy", "greedy+random", "--against", "random"], "one policy"),
])
def test_invalid_metrics_input_is_a_usage_error(argv: list[str], message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "-q"]) == 2
    assert message in capsys.readouterr().err
