"""The command line as a well-kept tool: JSON everywhere, errors as JSON, widths, suggestions, progress.

Every test here drives :func:`ruleproof.checkers.cli.main.main` (or the
console script) the way a user would and checks what they would see.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import build_parser, main
from ruleproof.checkers.cli.schemas import SCHEMAS, command_schema

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _commands() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return sorted(sub.choices)  # type: ignore[union-attr]


#: A bad input for each command (an unknown game, a missing file, a bad value).
BAD_INPUT: dict[str, list[str]] = {
    "games": ["games", "--frobnicate"],
    "rules": ["rules", "chess"],
    "simulate": ["simulate", "chess", "--players", "3"],
    "validate": ["validate", "/nonexistent/record.json"],
    "fuzz": ["fuzz", "take5", "--players", "1"],
    "audit": ["audit", "chess"],
    "diff": ["diff", "chess"],
    "score": ["score", "ikebana", "R9"],
    "prove": ["prove", "/nonexistent/record.json", "--move", "1"],
    "check-proof": ["check-proof", "/nonexistent/cert.json"],
    "graph": ["graph", "chess"],
    "trace": ["trace", "chess"],
    "audit-diff": ["audit-diff", "/nonexistent/a.json", "/nonexistent/b.json"],
    "schema": ["schema", "nonsense"],
    "completion": ["completion", "powershell"],
}


@pytest.mark.parametrize("command", _commands())
def test_every_command_prints_a_json_error_on_bad_input(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Under --json a user error is a ruleproof.error object on standard output, with exit code 2."""
    args = BAD_INPUT.get(command, [command, "--no-such-flag"])
    code, out, err = run(capsys, *args, "--json")
    assert code == 2, (out, err)
    doc = json.loads(out)
    assert doc["format"] == "ruleproof.error" and doc["version"] == 1 and doc["error"]["exit_code"] == 2
    assert doc["error"]["message"] and "Traceback" not in out + err
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(doc, command_schema("error"))


@pytest.mark.parametrize(("args", "kind"), [
    (["games"], "games"),
    (["rules", "take5", "T5-PLACE-2"], "rules"),
    (["simulate", "take5", "--players", "3", "--games", "2", "--rule-stats"], "simulate"),
    (["score", "take5", "55"], "score"),
    (["diff", "take5", "--b-variant", "professional=true", "--players", "3", "--games", "2"], "diff"),
    (["fuzz", "take5", "--players", "2", "--examples", "2", "--steps", "10"], "fuzz"),
    (["graph", "bigpoints", "--config", "tiny"], "graph"),
    (["trace", "take5"], "trace"),
])
def test_json_outputs_carry_format_and_version_and_match_their_schema(
        args: list[str], kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *args, "--json", *(["-q"] if kind in ("simulate", "diff", "fuzz") else []))
    doc = json.loads(out)
    assert code == 0 and doc["format"] == f"ruleproof.{kind}" and doc["version"] == 1 and doc["ruleproof"]
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(doc, command_schema(kind))


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_schema_command_publishes_every_json_format(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", name)
    assert code == 0 and json.loads(out)["properties"]["format"]["const"] == f"ruleproof.{name}"


def test_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    from ruleproof.checkers import __version__

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out.strip() == f"ruleproof {__version__}"
    import tomllib

    assert __version__ == tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


@pytest.mark.parametrize(("args", "suggestion"), [
    (["simlate"], "did you mean 'simulate'"),
    (["rules", "take6"], "did you mean 'take5'"),
    (["simulate", "take5", "--players", "3", "--sed", "2"], "did you mean --seed for --sed"),
    (["audit", "--check", "fuz"], "did you mean 'fuzz'"),
    (["simulate", "take5", "--players", "3", "--variant", "end_rul=>"], "did you mean 'end_rule'"),
    (["rules", "take5", "T5-PLACE-22"], "did you mean"),
])
def test_did_you_mean(args: list[str], suggestion: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and suggestion in err and "Traceback" not in err


def test_messages_name_flags_not_classes(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "take5", "--players", "3", "--variant", "threshold=many")
    assert code == 2 and "--variant" in err and "Variant" not in err


def test_game_ids_are_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "TAKE5", "t5-place-2", "--json")
    assert code == 0 and [r["id"] for r in json.loads(out)["rules"]] == ["T5-PLACE-2"]


def test_rules_narrowed_by_id_section_and_kind(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "bigfive", "--kind", "outcome", "--json")
    rules = json.loads(out)["rules"]
    assert code == 0 and rules and all(r["kind"] == "outcome" for r in rules)
    code, out, _ = run(capsys, "rules", "take5", "--json")
    every = json.loads(out)["rules"]
    section = every[0]["source"].split("§")[-1].strip()
    code, out, _ = run(capsys, "rules", "take5", "--section", section, "--json")
    narrowed = json.loads(out)["rules"]
    assert code == 0 and 0 < len(narrowed) < len(every) and all(section in r["source"] for r in narrowed)
    code, out, _ = run(capsys, "rules", "take5", "T5-PLACE-2")
    assert code == 0 and "T5-PLACE-2" in out and "T5-PLACE-1 " not in out and "1 of" in out


def _lines_fit(text: str, width: int) -> bool:
    return all(len(line) <= width for line in text.splitlines())


@pytest.mark.parametrize("args", [
    ["games"], ["rules", "take5"], ["rules", "bigfive"], ["score", "ikebana", "R3", "B3", "Y3", "W2", "G2"],
    ["simulate", "take5", "--players", "3", "--games", "2", "--rule-stats", "-q"],
    ["diff", "take5", "--b-variant", "professional=true", "--players", "3", "--games", "2", "-q"],
    ["audit", "take5", "--quick", "--check", "property", "-q"],
    ["trace", "take5"],
])
@pytest.mark.parametrize("width", [60, 80])
def test_piped_output_honours_columns(args: list[str], width: int, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    if args[0] == "diff" and width != 60:  # the catalogue's re-run, its text's widest lines, at 60 columns alone
        args = [*args, "--no-findings"]
    code, out, _ = run(capsys, *args)
    assert code in (0, 1) and out.strip()
    too_long = [line for line in out.splitlines() if len(line) > width]
    assert not too_long, too_long[:3]


def test_piped_output_defaults_to_100_columns(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    code, out, _ = run(capsys, "rules", "bigfive")
    widths = [len(line) for line in out.splitlines()]
    assert code == 0 and max(widths) <= 100 and max(widths) > 80


def test_audit_streams_each_row_before_the_next_check_starts(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """In one process, when a check starts every earlier row is already on standard output (and progress names
    it); with workers, checks start as workers free up and the rows still come in the plan's order."""
    from ruleproof.checkers.analysis import audit

    seen: list[tuple[str, str]] = []
    original = audit.AuditOptions.starting

    def starting(self: audit.AuditOptions, game: str, check: str, subject: str) -> None:
        seen.append((subject, capsys.readouterr().out))
        original(self, game, check, subject)

    monkeypatch.setattr(audit.AuditOptions, "starting", starting)
    code = main(["audit", "take5", "--quick", "--check", "property", "--json", "--jobs", "1"])
    rest = capsys.readouterr().out
    assert code == 0 and len(seen) == 2
    assert seen[0][1] == ""  # nothing before the first check
    earlier = [json.loads(line) for line in seen[1][1].splitlines()]
    assert [e["row"]["subject"] for e in earlier] == [seen[0][0]] and earlier[0]["index"] == 1
    assert earlier[0]["total"] == 2 and json.loads(rest.splitlines()[-1])["format"] == "ruleproof.audit"


def test_audit_piped_prints_a_line_per_check_with_progress_on_stderr(capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # In this process: captured standard output and error are piped streams, as a pipe is (no terminal).
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run(capsys, "audit", "take5", "--quick", "--check", "property")
    assert code == 0, err
    rows = [line for line in out.splitlines() if line.startswith("take5      property")]
    assert len(rows) == 2 and out.splitlines()[-2:] == [out.splitlines()[-2], "2 checks in 1 game: 2 pass"]
    assert out.splitlines()[-2].startswith("take5  2 checks: 2 pass (")
    progress = err.splitlines()  # in the order the checks finish
    assert progress[0].startswith("[1/2] take5 property T5-INV-") and progress[1].startswith("[2/2]")
    assert "checks/s" in progress[1]


def test_audit_selects_findings_and_checks(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "audit", "ikebana", "--finding", "wf-ik-1", "--json", "-q")
    lines = [json.loads(line) for line in out.splitlines()]
    rows = lines[-1]["rows"]
    assert code in (0, 1) and [r["check"] for r in rows] == ["finding"] and rows[0]["data"]["id"] == "WF-IK-1"


def test_audit_diff_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    row = {"game": "take5", "check": "fuzz", "subject": "2 players", "verdict": "pass", "detail": "", "seconds": 1}
    before, after, same, other = (tmp_path / n for n in ("before.json", "after.json", "same.json", "other.json"))
    before.write_text(json.dumps({"rows": [row]}))
    same.write_text(json.dumps({"rows": [row]}))
    after.write_text("\n".join(json.dumps(x) for x in (
        {"format": "ruleproof.audit-row", "row": dict(row, verdict="fail")}, {"format": "ruleproof.audit"})))
    other.write_text(json.dumps({"format": "ruleproof.games", "games": []}))
    assert run(capsys, "audit-diff", str(before), str(same))[0] == 0
    code, out, _ = run(capsys, "audit-diff", str(before), str(after))
    assert code == 1 and "pass -> fail" in out
    code, out, _ = run(capsys, "audit-diff", str(before), str(other), "--json")
    assert code == 2 and "not an audit" in json.loads(out)["error"]["message"]


@pytest.mark.parametrize(("args", "total", "needle"), [
    (["take5", "55", "10", "3"], 11, "55: 7 bullheads"),
    (["bigfive", "Lr@1,0", "Zr@2,0", "Cr@3,0", "Er@4,0", "--board", "Gr@0,0"], 3, "3 bonus"),
    (["bigpoints", "--ladder", "RBPYG", "R2", "W", "K"], 10, "red on step 1: 2 × 4 = 8"),
    (["ikebana", "R3", "B3", "Y3", "W2", "G2"], 39, "13 x 3 = 39"),
])
def test_score_every_scorable_game(args: list[str], total: int, needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", *args)
    assert code == 0 and needle in out
    code, out, _ = run(capsys, "score", *args, "--json")
    assert code == 0 and json.loads(out)["total"] == total


def test_score_follows_variant_flags(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["score", "bigpoints", "--ladder", "RBPYG", "R2", "W", "K", "--json"]
    assert json.loads(run(capsys, *base)[1])["total"] == 10
    assert json.loads(run(capsys, *base, "--variant", "black_counts=false")[1])["total"] == 9


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_name_every_command(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "completion", shell)
    assert code == 0 and all(command in out for command in ("simulate", "audit-diff", "check-proof"))


def test_diff_help_prints_a_plain_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["diff", "--help"])
    text = capsys.readouterr().out
    assert "95%" in text and "%%" not in text
