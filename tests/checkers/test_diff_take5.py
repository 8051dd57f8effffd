"""The Take 5 pair player gives what the generic ``play_pair`` gives, and ``diff --jobs N`` what one process gives.

``diff_take5.fast_pair`` replaces the generic lock step for the built-in Take 5
engine (issue 22: a million paired games on one machine); it must play the same
games: the same keyed draws, divergence kind, lengths, scores, winners and
returns, for every flag it knows, in both directions. ``compare(jobs=N)`` and
``ruleproof diff --jobs N`` cut the games into ranges of game indices played by
worker processes; the report must equal the one-process report (issue 21).
"""

from __future__ import annotations

import collections
import json
from typing import Any

import pytest

from ruleproof.checkers.policies import draws as draws_module
from ruleproof.checkers.analysis import diff_jobs, diff_take5
from ruleproof.checkers.analysis.diff import compare, play_pair
from ruleproof.checkers.analysis.diff_jobs import JOB_CHUNK
from ruleproof.checkers.cli.main import main
from ruleproof.model.registry import game_for
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.take5 import Take5Variant as V

GAME = game_for("take5")

#: (players, reading A, reading B): every engine test configuration against the default, and settings in
#: which each way of coming apart happens (end and threshold: state; left ends, automatic row: legal
#: moves; deck: apart from the start; tie: outcome only).
#: The rule constants as flags (rows, capacity, hand, deck): the lock-step loops are written for the rulebook's.
CONSTANT_FLAGS = ("rows", "row_capacity", "hand_size", "deck_top")


def _rulebook_numbers(v: Any) -> bool:
    return all(getattr(v, f) == getattr(V(), f) for f in CONSTANT_FLAGS)


PAIRS: list[tuple[int, Any, Any]] = [(n, V(), v) for n, v in GAME.test_configs() if v != V() and _rulebook_numbers(v)] + [
    (3, V(), V(end_rule=">")),
    (4, V(end_check="immediate", threshold=30), V(end_check="immediate", threshold=30, end_rule=">")),
    (3, V(threshold=20), V(threshold=20, row_choice="auto")),
    (5, V(threshold=1, end_check="immediate"), V(threshold=1, end_check="immediate", tie="draw")),
    (10, V(), V(deck="tactical")),
    (2, V(professional=True, threshold=15), V(row_choice="auto", threshold=15, end_check="immediate")),
    # a too-low card's rows as data (issue 31.2): against the text, the automatic row and each other
    (4, V(threshold=25), V(threshold=25, low_row_keys=("cards",))),
    (3, V(threshold=20, row_choice="auto"), V(threshold=20, low_row_keys=("bullheads", "cards"))),
    (3, V(threshold=20, low_row_keys=("cards",)), V(threshold=20, low_row_keys=("bullheads",), professional=True)),
]


def test_fast_pair_equals_the_generic_lock_step() -> None:
    kinds: collections.Counter[str | None] = collections.Counter()
    for players, a, b in PAIRS:
        for x, y in ((a, b), (b, a)):
            for index in range(2):
                fast = diff_take5.fast_pair(GAME, players, x, y, seed=11, index=index)
                generic = play_pair(GAME, players, x, y, seed=11, index=index, fast=False)
                assert fast == generic, (players, x, y, index)
                kinds[generic.kind] += 1
    # every way two Take 5 readings can come apart was compared (and pairs that never do)
    assert {None, "state", "legal moves", "outcome"} <= set(kinds), kinds


def test_fast_pair_on_many_seeds_of_the_campaign_setting() -> None:
    a, b = V(), V(end_rule=">")
    pairs = [(diff_take5.fast_pair(GAME, 3, a, b, seed=5, index=i), i) for i in range(30)]
    for fast, index in pairs:
        assert fast == play_pair(GAME, 3, a, b, seed=5, index=index, fast=False)
    assert any(p.diverged for p, _ in pairs) and not all(p.diverged for p, _ in pairs)


def test_other_rule_constants_take_the_generic_path() -> None:
    """Three rows of four: the unrolled lock step does not apply; diff still answers (the generic pair)."""
    other = V(rows=3, row_capacity=4, threshold=30)
    assert diff_take5.fast_pair(GAME, 3, V(threshold=30), other) is None
    assert play_pair(GAME, 3, V(threshold=30), other, seed=1, index=0).diverged


def test_other_engines_and_unknown_flags_take_the_generic_path() -> None:
    class Derived(Take5Game):
        pass

    assert diff_take5.fast_pair(Derived(), 3, V(), V(end_rule=">")) is None
    assert diff_take5.fast_pair(GAME, 3, V(), V(), game_b=Derived()) is None
    assert diff_take5.fast_pair(game_for("cinco"), 2, game_for("cinco").default_variant(),
                                game_for("cinco").default_variant()) is None


def test_detail_still_draws_the_divergence() -> None:
    pair = play_pair(GAME, 3, V(), V(end_check="immediate"), seed=0, index=4, detail=True)
    assert pair.divergence is not None and pair.divergence.kind == "state" and pair.divergence.state_a
    assert play_pair(GAME, 3, V(), V(end_check="immediate"), seed=0, index=4).divergence is None


def test_compare_reports_what_the_generic_path_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = V(), V(professional=True)
    fast = compare(GAME, 4, a, b, games=6, seed=3, findings=False).to_json()
    monkeypatch.setattr(diff_take5, "fast_pair", lambda *args, **kwargs: None)
    generic = compare(GAME, 4, a, b, games=6, seed=3, findings=False).to_json()
    assert fast == generic and fast["sample"] is not None


def test_compare_in_worker_processes_equals_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diff_jobs, "JOB_CHUNK", 20)  # the ranges are cut here, in the parent
    games = 20 * 3 + 7
    a, b = V(), V(end_rule=">")
    one = compare(GAME, 3, a, b, games=games, seed=9, findings=False)
    seen: list[int] = []
    many = compare(GAME, 3, a, b, games=games, seed=9, findings=False, jobs=2, on_game=seen.append)
    assert many.pairs == one.pairs and many.to_json() == one.to_json()
    assert sorted(seen) == list(range(games)) and one.sample is not None  # each game once, as it finishes
    assert sum(p.divergence is not None for p in many.pairs) == 1


def test_an_engine_that_cannot_be_pickled_plays_here(monkeypatch: pytest.MonkeyPatch) -> None:
    class Local(Take5Game):  # a class made at run time cannot be sent to a worker
        pass

    monkeypatch.setattr(diff_jobs, "JOB_CHUNK", 3)
    local = Local()
    games = 7
    one = compare(local, 2, V(), V(end_rule=">"), games=games, seed=1, findings=False)
    many = compare(local, 2, V(), V(end_rule=">"), games=games, seed=1, findings=False, jobs=2)
    assert many.to_json() == one.to_json()


def test_cli_jobs_gives_identical_output(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        assert main(["diff", "take5", "--b-variant", "end_rule=>", "--players", "3", "--games",
                     str(JOB_CHUNK + 50), "--no-findings", "--jobs", jobs, "--quiet", "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1] and outputs[0]["games"] == JOB_CHUNK + 50
    assert main(["diff", "take5", "--games", "3", "--jobs", "0", "--json"]) == 2
    assert "--jobs" in capsys.readouterr().out


def test_module_keeps_the_generic_draw_format() -> None:
    """The pair player rebuilds the generic keys; a change of their format must show here."""
    draws = draws_module.Draws("ruleproof-diff|3|4")
    keys = diff_take5._Keys("ruleproof-diff|3|4", 2)
    for actor in (-1, 0, 1, 0, -1):
        assert keys.k64(actor) == draws_module.key64(draws.key(actor))
