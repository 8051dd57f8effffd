"""Progress and tables as a user sees them (issue 35): live progress from worker processes, each line with its
item's own time, the audit's closing summary, words kept whole, right plurals, no trailing spaces."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.checkers.analysis.audit import AuditOptions, AuditRow, plan_audit
from ruleproof.checkers.cli.main import main
from patience import PATIENCE

PROGRAM = "import sys; from ruleproof.checkers.cli.main import main; sys.exit(main())"
PROGRESS = re.compile(r"^\[(\d+)/(\d+)\] ")


def _run(*args: str, columns: int = 200) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run([sys.executable, "-c", PROGRAM, *args], capture_output=True, text=True, timeout=PATIENCE,
                          check=False, env=env)


def test_progress_of_a_parallel_run_arrives_while_it_runs() -> None:
    """The stream is read while ``simulate --jobs 2`` plays: its first line comes at a tenth of the games, from
    the workers, so the run is still going when it is read (a Ctrl-C then stops it: exit 130). Progress that
    arrived only with the results (the old 0/200 until done) would find the run finished (exit 0)."""
    process = subprocess.Popen([sys.executable, "-c", PROGRAM, "simulate", "bigfive", "--players", "4", "--games",
                                "400", "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    try:
        first = process.stderr.readline()
        match = PROGRESS.match(first)
        assert match, first
        done, total = int(match.group(1)), int(match.group(2))
        assert total == 400 and 0 < done < total
        process.send_signal(signal.SIGINT)
        _, rest = process.communicate(timeout=PATIENCE)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, rest
    assert "games in" in first and "Traceback" not in rest


def test_a_whole_parallel_run_counts_every_game_once() -> None:
    done = _run("simulate", "take5", "--players", "3", "--games", "300", "--jobs", "2")
    assert done.returncode == 0, done.stderr
    counts = [int(m.group(1)) for m in map(PROGRESS.match, done.stderr.splitlines()) if m]
    assert counts == sorted(counts) and counts[-1] == 300 and len(counts) == 10
    for line in done.stderr.splitlines():
        assert re.search(r"\((\d+) games in \d+\.\d s; [\d.]+ games/s\)$", line), line


ROW = re.compile(r"^(\S+)\s+(conformance|fuzz|property|finding)\s+(pass|fail|unknown|not run)\s+(\d+\.\d)\s+(.*?): ")
LINE = re.compile(r"^\[\d+/\d+\] (\S+) (conformance|fuzz|property|finding) (.*): (pass|fail|unknown|not run) "
                  r"\((\d+\.\d) s; ")


def test_piped_audit_lines_give_the_seconds_of_their_table_rows(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Per-row times in the piped progress lines equal the table's (they once gave the wait in plan order): two
    workers, the command in this process with its streams captured (piped)."""
    monkeypatch.setenv("COLUMNS", "200")
    code = main(["audit", "take5", "ikebana", "--quick", "--no-findings", "--jobs", "2"])
    out, err = capsys.readouterr()
    assert code == 0, err
    table = {(m.group(1), m.group(2), m.group(5)): m.group(4) for m in map(ROW.match, out.splitlines()) if m}
    lines = {(m.group(1), m.group(2), m.group(3)): m.group(5) for m in map(LINE.match, err.splitlines()) if m}
    assert len(table) >= 6 and lines == table


def test_the_audit_ends_with_a_summary_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "take5", "cinco", "--quick", "--check", "property", "-q", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.rstrip("\n").splitlines()
    assert re.fullmatch(r"take5\s+2 checks: 2 pass \(\d+\.\d s\)", lines[-3]), lines[-3:]
    assert re.fullmatch(r"cinco\s+1 check: 1 not run \(0\.0 s\)", lines[-2]), lines[-3:]
    assert lines[-1] == "3 checks in 2 games: 2 pass, 1 not run"


def test_a_verdict_wraps_between_words_never_inside_one() -> None:
    from rich.console import Console

    from ruleproof.checkers.cli import audit as cli_audit

    t = cli_audit._row_table(header=False)
    cli_audit._add_row(t, AuditRow("take5", "finding", "T5-F-1 a question", "not applicable", "why not", 0.25))
    stream = io.StringIO()
    Console(file=stream, width=100, color_system=None).print(t)
    verdicts = [line[22:34].strip() for line in stream.getvalue().splitlines()]
    assert [v for v in verdicts if v] == ["not", "applicable"], stream.getvalue()


def test_invalid_a_narrow_verdict_column_splits_the_word() -> None:
    """The check above can fail: at the old width (7) the word is cut."""
    from rich.console import Console

    from ruleproof.checkers.cli import audit as cli_audit

    t = cli_audit._row_table(header=False)
    t.columns[2].width = t.columns[2].min_width = t.columns[2].max_width = 7
    cli_audit._add_row(t, AuditRow("take5", "finding", "T5-F-1", "not applicable", "why not", 0.25))
    stream = io.StringIO()
    Console(file=stream, width=100, color_system=None).print(t)
    assert "applica" in stream.getvalue() and "applicable" not in stream.getvalue()


@pytest.mark.parametrize(("args", "wrong", "right"), [
    (["simulate", "take5", "--players", "2", "--games", "1", "-q"], "1 random games", "1 random game,"),
    (["audit", "bigfive", "--players", "1", "--check", "conformance", "--quick", "-q", "--jobs", "1"], "1 players",
     "1 player"),
    (["audit", "take5", "--finding", "T5-F-3", "-q", "--jobs", "1"], "1 checks", "1 check in 1 game:"),
    (["fuzz", "take5", "--players", "2", "--examples", "1", "--steps", "1", "-q"], "1 move sequences",
     "1 move sequence of up to 1 step,"),
    (["audit", "take5", "--check", "conformance", "--quick", "--conformance-games", "1", "-q", "--jobs", "1"],
     "1 games", ": 1 game, "),
    (["audit", "take5", "--check", "fuzz", "--quick", "--fuzz-examples", "1", "-q", "--jobs", "1"],
     "1 sequences", "1 sequence of up to"),
    (["diff", "take5", "--b-variant", "professional=true", "--games", "1", "--no-findings", "-q"], "1 paired games",
     "1 paired game,"),
])
def test_counts_of_one_are_singular(args: list[str], wrong: str, right: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    main(args)
    printed = capsys.readouterr().out
    assert wrong not in printed and right in printed, printed


def test_piped_tables_carry_no_trailing_spaces(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # In this process (captured output is piped, as a pipe is) and in it alone: the table is the subject.
    monkeypatch.setenv("COLUMNS", "80")
    code = main(["audit", "take5", "--quick", "--no-findings", "-q", "--jobs", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) > 5 and any(len(line) > 60 for line in lines)
    assert [line for line in lines if line != line.rstrip()] == []


# -- audit --players ---------------------------------------------------------------------------------------


def test_players_limits_the_configurations_checked() -> None:
    options = AuditOptions(players=(3,), checks=("conformance", "fuzz", "property"))
    tasks = plan_audit(["take5"], options)
    assert tasks and all(t.players == 3 for t in tasks if t.row is None)
    every = plan_audit(["take5"], AuditOptions(checks=("conformance",)))
    assert {t.players for t in every} > {3}  # without it, other counts are checked


def test_players_checks_a_count_with_no_test_configuration() -> None:
    tasks = plan_audit(["take5"], AuditOptions(players=(7,), checks=("conformance",)))
    assert [(t.players, t.subject) for t in tasks] == [(7, "7 players")]


def test_players_a_game_does_not_allow_is_a_row_that_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    tasks = plan_audit(["take5"], AuditOptions(players=(1,), checks=("conformance",)))
    assert [(t.row.verdict if t.row else None) for t in tasks] == ["not run"]
    assert main(["audit", "take5", "bigfive", "--players", "1", "--check", "conformance", "--quick", "-q",
                 "--jobs", "1"]) == 0
    # the table wraps its detail column to the terminal's width: compare the words, not the lines
    assert "allows none of the chosen player counts" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(("value", "message"), [("11", "no audited game allows 11 players"),
                                                ("two", "whole numbers"), ("0", "at least 1")])
def test_invalid_players_values_are_refused(value: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "take5", "--players", value, "--quick", "-q", "--json"]) == 2
    assert message in capsys.readouterr().out


# -- campaign without Dask ---------------------------------------------------------------------------------


def test_campaign_without_dask_names_the_extra_and_makes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """After the README's main install (no [campaign] extra) ``import distributed`` fails: exit 2, the extra
    named, no folder made."""
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed → ImportError
    folder = tmp_path / "run"
    code = main(["campaign", "simulate", "take5", "--players", "2", "--games", "10", "--dir", str(folder)])
    err = capsys.readouterr().err
    assert code == 2 and not folder.exists()
    assert "pip install -e '.[campaign]'" in err and "--workers 0" in err and "Traceback" not in err


def test_campaign_without_dask_still_runs_here_with_no_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    folder = tmp_path / "run"
    code = main(["campaign", "simulate", "take5", "--players", "2", "--games", "10", "--chunk", "5", "--workers", "0",
                 "--dir", str(folder), "-q", "--json"])
    assert code == 0 and (folder / "report.json").exists(), capsys.readouterr()


def test_campaign_resume_without_dask_is_refused_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "run"
    assert main(["campaign", "simulate", "take5", "--players", "2", "--games", "10", "--chunk", "5", "--workers",
                 "0", "--dir", str(folder), "-q", "--json"]) == 0
    capsys.readouterr()
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["campaign", "resume", str(folder)]) == 2
    assert "[campaign]" in capsys.readouterr().err


def test_audit_json_with_every_verdict_meets_its_schema(capsys: pytest.CaptureFixture[str]) -> None:
    """Rows ``not run`` (and ``not applicable``) are verdicts of the audit's published schema, and the summary
    carries the per-game counts."""
    import json

    import jsonschema

    from ruleproof.checkers.cli.schemas import command_schema

    assert main(["audit", "take5", "cinco", "--check", "property", "--quick", "--json", "-q", "--jobs", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for line in lines[:-1]:
        jsonschema.validate(line, command_schema("audit-row"))
    jsonschema.validate(lines[-1], command_schema("audit"))
    assert "not run" in {line["row"]["verdict"] for line in lines[:-1]}
    assert lines[-1]["by_game"] == {"take5": {"pass": 2}, "cinco": {"not run": 1}}
