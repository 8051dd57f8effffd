"""The command line: every subcommand, its JSON output and its exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.model.registry import available_games, game_for


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_games_lists_every_available_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "ruleproof.games" and data["version"] == 1
    assert [g["id"] for g in data["games"]] == list(available_games())


@pytest.mark.parametrize("game", available_games())
def test_rules_json_lists_rules_ambiguities_and_flags(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", game, "--json")
    data = json.loads(out)
    assert code == 0 and data["rules"] and data["flags"]
    assert all(r["id"] and r["source"] and r["text"] for r in data["rules"])


def test_rules_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "take5")
    assert code == 0 and "T5-PLACE-2" in out and "end_rule" in out


def test_simulate_json_and_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    code, out, _ = run(capsys, "simulate", "take5", "--players", "3", "--games", "4", "--seed", "2",
                       "--variant", "threshold=30", "--record", str(record), "--rule-stats", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 4 and data["variant"]["threshold"] == 30
    assert len(data["seats"]) == 3 and abs(sum(s["win_share"] for s in data["seats"]) - 1) < 1e-9
    decisions = {d["rule"]: d["steps"] for d in data["rule_decisions"]}
    assert decisions["T5-DEAL-1"] > 0 and "T5-SETUP-1" not in decisions  # applies to every step: decides none
    order = [r.id for r in game_for("take5").spec.rules]
    assert [d["rule"] for d in data["rule_decisions"]] == [r for r in order if r in decisions]
    code, out, _ = run(capsys, "validate", str(record), "--json")
    assert code == 0 and json.loads(out)["ok"]


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "simulate", "take5", "--players", "2", "--games", "3", "--seed", "9", "--json")[1]
    second = run(capsys, "simulate", "take5", "--players", "2", "--games", "3", "--seed", "9", "--json")[1]
    assert first == second


@pytest.mark.parametrize(("args", "needle"), [
    (["simulate", "chess", "--players", "2"], "unknown game 'chess'"),
    (["simulate", "take5", "--players", "1"], "2–10 players"),
    (["simulate", "take5", "--players", "3", "--variant", "colour=red"], "unknown variant flag for --variant 'colour'"),
    (["simulate", "take5", "--players", "3", "--variant", "threshold=many"], "must be an integer"),
    (["simulate", "take5", "--players", "3", "--variant", "threshold"], "expected flag=value"),
    (["rules", "chess"], "unknown game"),
])
def test_invalid_input_exits_2_without_traceback(args: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and needle in err and "Traceback" not in err


def test_audit_json_for_take5(capsys: pytest.CaptureFixture[str]) -> None:
    # Four players only (the professional configuration among them) and no findings: the JSON Lines of the three
    # kinds of check are the subject here (every configuration's checklist: test_conformance.py; finding rows as
    # JSON: test_data_house_rules.py).
    code, out, _ = run(capsys, "audit", "--game", "take5", "--json", "--conformance-games", "1",
                       "--fuzz-examples", "3", "--property-games", "5", "--players", "4",
                       "--check", "conformance", "--check", "fuzz", "--check", "property")
    lines = [json.loads(line) for line in out.splitlines()]  # JSON Lines: a row per check, then the summary
    data = lines[-1]
    assert data["format"] == "ruleproof.audit" and [x["row"] for x in lines[:-1]] == data["rows"]
    checks = {r["check"] for r in data["rows"]}
    assert {"conformance", "fuzz", "property"} <= checks
    assert code == (0 if data["ok"] else 1) and data["ok"]
    refuted = [r for r in data["rows"] if r["check"] == "property" and r["data"]["verdict"] == "refuted"]
    assert refuted and all("professional=True" in r["subject"] for r in refuted)


def test_schema_prints_the_record_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", "record")
    assert code == 0 and json.loads(out)["title"] == "ruleproof game record"
    assert run(capsys, "schema", "nonsense")[0] == 2


def test_console_script_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "ruleproof.checkers.cli.main", "games"], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0 and "take5" in result.stdout
    usage = subprocess.run([sys.executable, "-m", "ruleproof.checkers.cli.main"], capture_output=True, text=True, check=False)
    assert usage.returncode == 2 and "usage" in usage.stderr


def test_score_explains_the_rulebook_example(capsys: pytest.CaptureFixture[str]) -> None:
    """Как считаются очки, first example: R3 B3 Y3 W2 G2 scores (9 + 4) × 3 = 39."""
    code, out, _ = run(capsys, "score", "ikebana", "R3", "B3", "Y3", "W2", "G2", "--json")
    data = json.loads(out)
    assert code == 0 and data["total"] == 39 and data["multiplier"] == 3
    code, out, _ = run(capsys, "score", "ikebana", "R1", "R2", "R3", "R4", "W2")
    assert code == 0 and "not used: W2" in out and "= 16" in out


@pytest.mark.parametrize("args", [["score", "ikebana", "R9"], ["score", "cinco", "1"], ["score", "take5", "105"],
                                  ["score", "ikebana", "R5", "R5"]])
def test_invalid_score_input(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and err.startswith("error:")


def test_fuzz_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fuzz", "take5", "--players", "2", "--examples", "3", "--steps", "30", "--json")
    assert code == 0 and json.loads(out)["ok"]
    assert run(capsys, "fuzz", "take5", "--players", "12")[0] == 2
