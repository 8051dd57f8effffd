"""``ruleproof disputes``: the two campaigns of a game, the stored document, resuming, and bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ruleproof.checkers.analysis.disputes import best_counts, full_plan, plan
from ruleproof.checkers.cli.main import main

SMALL = ["--ci-width", "0.9", "--max-games", "8", "--first-look", "4", "--workers", "0", "-q"]


@pytest.fixture(scope="module")
def random_for_two(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``disputes take5 --players 2 --policies random`` run once: a folder with ``out`` and ``campaigns``."""
    folder = tmp_path_factory.mktemp("disputes")
    assert main(["disputes", "take5", "--players", "2", "--policies", "random", "--out", str(folder / "out"),
                 "--campaigns", str(folder / "campaigns"), *SMALL]) == 0
    return folder


def _copy_of(folder: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A copy of ``folder``'s ``out`` and ``campaigns`` in ``tmp_path`` (each test changes its own)."""
    shutil.copytree(folder, tmp_path / "run")
    return tmp_path / "run" / "out", tmp_path / "run" / "campaigns"


def test_disputes_measure_random_everywhere_and_greedy_where_it_arises_most(tmp_path: Path) -> None:
    out, campaigns = tmp_path / "out", tmp_path / "campaigns"
    argv = ["disputes", "take5", "--players", "2", "3", "--out", str(out), "--campaigns", str(campaigns), *SMALL]
    assert main(argv) == 0
    data = json.loads((out / "take5.json").read_text(encoding="utf-8"))
    random_rows = [r for r in data["rows"] if r["policy"] == "random"]
    greedy_rows = [r for r in data["rows"] if r["policy"] == "greedy"]
    assert len(random_rows) == len(plan("take5", players=[2, 3], policies=("random",))) == 12
    best = best_counts(random_rows)
    assert {(r["ambiguity"], r["players"]) for r in greedy_rows} == \
        {(key.split("=")[0], n) for key, n in best.items()}
    assert len(data["rows"]) == len(full_plan("take5", random_rows, players=[2, 3]))
    assert data["precision"]["width"] == 0.9 and data["precision"]["first"] == 4
    for row in data["rows"]:
        assert row["stopping"]["met"] and row["games"] in (4, 8)
        assert f"--players {row['players']} --policy {row['policy']}" in row["command"]
        assert "--first-look 4" in row["command"]
    before = (out / "take5.json").read_bytes()
    assert main(argv) == 0  # resumed: both campaigns are complete, nothing is played again
    assert (out / "take5.json").read_bytes() == before


def test_a_campaign_folder_of_other_parameters_is_refused(tmp_path: Path, random_for_two: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out, campaigns = _copy_of(random_for_two, tmp_path)
    capsys.readouterr()
    assert main(["disputes", "take5", "--players", "2", "--policies", "random", "--seed", "1", "--out", str(out),
                 "--campaigns", str(campaigns), *SMALL]) == 2
    assert "holds another campaign" in capsys.readouterr().err


@pytest.mark.parametrize("extra, message", [
    (["--ci-width", "0"], "--ci-width"),
    (["--max-games", "0"], "--max-games"),
    (["--policies", "nobody"], "nobody"),
    (["nogame"], "nogame"),
])
def test_bad_disputes_input_is_a_usage_error(tmp_path: Path, extra: list[str], message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["disputes", *extra, "--out", str(tmp_path / "o"), "--campaigns", str(tmp_path / "c"), "-q"]) == 2
    assert message in capsys.readouterr().err


def test_write_partial_plays_nothing_and_lists_what_is_missing(tmp_path: Path, random_for_two: Path) -> None:
    out, campaigns = _copy_of(random_for_two, tmp_path)
    common = ["disputes", "take5", "--players", "2", "--out", str(out), "--campaigns", str(campaigns), *SMALL]
    assert main([*common, "--policies", "random"]) == 0  # the random campaign is complete (nothing to play)
    assert main([*common, "--write-partial"]) == 1  # greedy's campaign was never run: all of it is missing
    data = json.loads((out / "take5.json").read_text(encoding="utf-8"))
    assert len(data["rows"]) == 6 and {r["policy"] for r in data["rows"]} == {"random"}
    assert len(data["missing"]) == 6 and {m["policy"] for m in data["missing"]} == {"greedy"}
    assert not (campaigns / "disputes-take5-greedy").exists()


def test_write_partial_strength_lists_every_unmeasured_policy(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["disputes", "--strength-only", "--write-partial", "--out", str(out), "--campaigns",
                 str(tmp_path / "c"), "-q"]) == 1
    data = json.loads((out / "strength.json").read_text(encoding="utf-8"))
    assert data["rows"] == [] and len(data["missing"]) == 15


def test_at_chosen_measures_each_reading_at_the_count_diff_chooses(tmp_path: Path) -> None:
    from ruleproof.checkers.analysis.disputes import chosen_counts, reading_key

    out = tmp_path / "out"
    assert main(["disputes", "take5", "--at-chosen", "--out", str(out), "--campaigns", str(tmp_path / "c"),
                 *SMALL]) == 0
    data = json.loads((out / "take5.json").read_text(encoding="utf-8"))
    chosen = chosen_counts("take5")
    assert data["at"] == "chosen" and len(data["rows"]) == 2 * len(chosen) == 12
    assert all(chosen[reading_key(r["ambiguity"], r["value"])] == r["players"] for r in data["rows"])
