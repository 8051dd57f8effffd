"""``ruleproof sweep``: one flag over several values, play and every finding for each (issue 31)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.analysis.sweep import leading_number, sweep
from ruleproof.checkers.cli.main import main
from ruleproof.model.io.readings import default_reading


def test_sweep_of_take5_row_capacity_prints_writes_json_and_svg(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's command: a table, sweep.json and an SVG plot; the largest take of a turn follows the capacity."""
    folder = tmp_path / "out"
    # three values (each asks the whole quick catalogue): below, at and above the rulebook's five
    code = main(["sweep", "take5", "row_capacity=3,5,6", "--players", "4", "--games", "6", "-q",
                 "--dir", str(folder)])
    assert code == 0
    text = capsys.readouterr().out
    assert "row_capacity" in text and "winner changes" in text and "T5-F-5" in text
    data = json.loads((folder / "sweep.json").read_text(encoding="utf-8"))
    assert data["values"] == [3, 5, 6] and data["players"] == 4 and data["policy"] == "random"
    largest = {p["value"]: next(f for f in p["findings"] if f["id"] == "T5-F-5")["number"] for p in data["points"]}
    assert largest == {3: 17, 5: 27, 6: 32}  # the richest 3, 5, 6 cards: 55 and multiples of 11
    base = next(p for p in data["points"] if p["value"] == 5)
    assert base["winners_changed"] == 0 and base["diverged"] == 0  # the base reading against itself
    svg = (folder / "sweep.svg").read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert main(["sweep", "take5", "row_capacity=4", "--games", "1", "-q", "--no-findings",
                 "--dir", str(folder)]) == 2  # the files exist: --force replaces them
    capsys.readouterr()


def test_sweep_json_names_what_it_was_made_under(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["sweep", "take5", "end_rule=>=,>", "--players", "3", "--games", "3", "-q", "--no-findings",
                 "--variant", "threshold=30", "--dir", str(tmp_path / "s"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "ruleproof.sweep"
    jsonschema = pytest.importorskip("jsonschema")
    from ruleproof.checkers.cli.schemas import command_schema

    jsonschema.validate(data, command_schema("sweep"))
    assert data["base_variant"]["threshold"] == 30 and "threshold=30" in data["reading"]
    assert data["seed"] == 0 and data["games"] == 3


@pytest.mark.parametrize("argv", [
    ["sweep", "take5", "row_capacity"],
    ["sweep", "take5", "row_capacity=11"],
    ["sweep", "take5", "no_such_flag=1,2"],
    ["sweep", "take5", "row_capacity=3", "--games", "0"],
])
def test_invalid_sweeps_exit_2(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "-q", "--dir", str(tmp_path / "x")]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_each_value_is_compared_on_the_same_seeded_games() -> None:
    reading = default_reading("take5")
    first = sweep(reading, "row_capacity", [4], players=3, games=4, findings=False)
    again = sweep(reading, "row_capacity", [4], players=3, games=4, findings=False)
    assert first.to_json()["points"] == again.to_json()["points"]


def test_leading_numbers_of_answers() -> None:
    assert leading_number("27: a player resolves one card") == 27
    assert leading_number("no: a card fits") is None
