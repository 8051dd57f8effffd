"""Issue 31.4: every report header of ``simulate``, ``diff``, ``audit`` and ``campaign`` names the reading —
its title, the flags it changes, its extra rules and its plugin's hash — and their JSON carries the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.checkers.cli.schemas import command_schema

FEWEST = str(Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading" / "fewest.toml")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def _plugin_digest() -> str:
    from ruleproof.model.io.readings import load_reading

    return load_reading(FEWEST).plugin_sha256


def _valid(doc: dict[str, Any], kind: str) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(doc, command_schema(kind))


def test_simulate_names_a_plugin_reading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "simulate", "take5", "--players", "3", "--games", "2", "--reading", FEWEST,
                     "--variant", "row_capacity=4", "-q")
    assert code == 0
    lines = out.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("game length"))
    header = " ".join(line.strip() for line in lines[1:end])  # wrapped to the output's width
    assert header.startswith("reading: Fewest cards + row_capacity=4")
    assert "row_capacity=4" in header and "extra rules HOUSE-LOW-1" in header
    assert f"plugin sha256 {_plugin_digest()[:12]}" in header


def test_simulate_json_carries_the_reading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "simulate", "take5", "--players", "3", "--games", "2", "--reading", FEWEST, "-q",
                     "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["reading"]["rules"] == ["HOUSE-LOW-1"] and doc["reading"]["plugin_sha256"] == _plugin_digest()
    assert doc["reading"]["title"] == "Fewest cards" and doc["reading"]["default"] is False
    _valid(doc, "simulate")


def test_simulate_under_the_rulebook_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "simulate", "take5", "--players", "3", "--games", "1", "-q")
    assert code == 0 and "reading: the rulebook (every flag at its default)" in out


def test_diff_names_both_readings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "diff", "take5", "--b-reading", FEWEST, "--players", "3", "--games", "2", "-q",
                     "--no-findings")
    assert code == 0
    assert "reading A: the rulebook (every flag at its default)" in out
    assert f"reading B: Fewest cards (extra rules HOUSE-LOW-1) (plugin sha256 {_plugin_digest()[:12]})" in out
    code, out = _run(capsys, "diff", "take5", "--b-reading", FEWEST, "--a-variant", "end_rule=>", "--players", "3",
                     "--games", "2", "-q", "--no-findings", "--json")
    doc = json.loads(out)
    assert doc["reading_a"]["flags"] == {"end_rule": ">"} and doc["reading_a"]["rules"] == []
    assert doc["reading_b"]["rules"] == ["HOUSE-LOW-1"]
    _valid(doc, "diff")


def test_audit_names_its_reading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "audit", "take5", "--variant", "row_capacity=4", "--check", "property",
                     "--property-games", "1", "--quick", "-q", "--jobs", "1")
    assert code == 0 and out.splitlines()[0] == "audit of take5 under reading: row_capacity=4"
    code, out = _run(capsys, "audit", "take5", "--variant", "row_capacity=4", "--check", "property",
                     "--property-games", "1", "--quick", "-q", "--jobs", "1", "--json")
    summary = json.loads(out.splitlines()[-1])
    assert summary["readings"]["take5"]["flags"] == {"row_capacity": 4}
    _valid(summary, "audit")


def test_campaign_reports_name_the_reading(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "sim"
    code, out = _run(capsys, "campaign", "simulate", "take5", "--players", "3", "--games", "2", "--variant",
                     "end_rule=>", "--workers", "0", "--dir", str(folder), "-q")
    assert code == 0 and out.splitlines()[1] == "reading: end_rule=>"
    report = json.loads((folder / "report.json").read_text("utf-8"))
    assert report["reading"]["flags"] == {"end_rule": ">"}
    folder = tmp_path / "diff"
    code, out = _run(capsys, "campaign", "diff", "take5", "--b", "end_rule=>", "--players", "3", "--games", "2",
                     "--workers", "0", "--dir", str(folder), "-q")
    assert code == 0
    assert "reading A: the rulebook (every flag at its default)" in out and "reading B: end_rule=>" in out
    report = json.loads((folder / "report.json").read_text("utf-8"))
    assert report["reading_a"]["default"] is True and report["reading_b"]["flags"] == {"end_rule": ">"}
