"""``simulate`` in parallel (``--jobs``) gives what one process gives, to the last bit (issue 21).

Game ``i`` is seeded by ``(seed, i)`` whatever chunk plays it; the chunks are
merged in game order, win shares re-added game by game. The rule statistics
are opt-in and do not change the games.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from ruleproof.checkers.checks.simulate import simulate, simulate_parallel
from ruleproof.checkers.cli.main import main
from ruleproof.model.registry import game_for


def _same(a: Any, b: Any) -> None:
    assert a.to_json() == b.to_json()
    assert (a.lengths, a.scores, a.wins, a.winners, dict(a.rules_fired)) == \
        (b.lengths, b.scores, b.wins, b.winners, dict(b.rules_fired))


@pytest.mark.parametrize(("name", "players"), [("take5", 3), ("cinco", 3), ("ikebana", 3)])
def test_parallel_chunks_equal_one_run(name: str, players: int) -> None:
    game = game_for(name)
    variant = game.default_variant()
    one, record = simulate(game, players, variant, games=9, seed=4, rule_stats=True, start=2)
    seen: list[int] = []
    many, first = simulate_parallel(game, players, variant, games=9, seed=4, rule_stats=True, start=2, jobs=2,
                                    chunk=2, on_game=seen.append)
    _same(one, many)
    # Each game is reported once, as it finishes (the workers' chunks finish in no fixed order).
    assert first == record and sorted(seen) == list(range(2, 11)) and len(seen) == 9


def test_rule_stats_do_not_change_the_games() -> None:
    game = game_for("take5")
    plain, record = simulate(game, 4, game.default_variant(), games=6, seed=1)
    counted, counted_record = simulate(game, 4, game.default_variant(), games=6, seed=1, rule_stats=True)
    assert not plain.rules_fired and counted.rules_fired
    assert (plain.lengths, plain.scores, plain.wins) == (counted.lengths, counted.scores, counted.wins)
    assert record == counted_record


def test_cli_jobs_gives_identical_output(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        assert main(["simulate", "take5", "--players", "3", "--games", "300", "--jobs", jobs, "--quiet",
                     "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1] and outputs[0]["games"] == 300


def test_cli_jobs_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "take5", "--players", "3", "--jobs", "0", "--json"]) == 2
    assert "--jobs" in capsys.readouterr().out
