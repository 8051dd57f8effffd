"""The last tracebacks of issue 32 (point 6), each with its exact input: exit 2 with a clear message.

(The plugin items, a module with no ``GAME`` and a plugin's ``SystemExit(7)``,
are in ``test_plugin_isolation.py``; ``play``'s are another change's.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.cli.checks import MAX_FUZZ_EXAMPLES, MAX_FUZZ_STEPS, MAX_SIMULATE_GAMES
from ruleproof.checkers.cli.main import main
from ruleproof.checkers.cli.score import MAX_DISC_COUNT_DIGITS


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out, captured.err


def _row(check: str, subject: str, verdict: str, **extra: object) -> dict[str, object]:
    return {"game": "take5", "check": check, "subject": subject, "verdict": verdict, "detail": "", **extra}


def test_invalid_audit_diff_with_two_rows_for_one_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"rows": [_row("conformance", "3p", "pass")]}), encoding="utf-8")
    twice = tmp_path / "twice.json"
    twice.write_text(json.dumps({"rows": [_row("conformance", "3p", "pass"), _row("conformance", "3p", "fail")]}),
                     encoding="utf-8")
    code, _, err = _run(capsys, "audit-diff", str(good), str(twice))
    assert code == 2 and str(twice) in err and "two rows for one check" in err and "$.rows[1]" in err
    finding = {"id": "T5-F-1", "verdict": "sat"}
    twice.write_text(json.dumps({"rows": [_row("finding", "T5-F-1 a", "pass", data=finding),
                                          _row("finding", "T5-F-1 b", "pass", data=finding)]}), encoding="utf-8")
    code, out, _ = _run(capsys, "audit-diff", str(twice), str(good), "--json")
    assert code == 2 and "two rows for one check (take5 finding T5-F-1)" in json.loads(out)["error"]["message"]


def test_invalid_audit_row_without_detail_is_compared(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before, after = tmp_path / "a.json", tmp_path / "b.json"
    before.write_text(json.dumps({"rows": [_row("fuzz", "3p", "pass")]}), encoding="utf-8")
    row = _row("fuzz", "3p", "fail")
    del row["detail"]
    after.write_text(json.dumps({"rows": [row]}), encoding="utf-8")
    code, out, _ = _run(capsys, "audit-diff", str(before), str(after))
    assert code == 1 and "take5 fuzz 3p: pass -> fail" in out


@pytest.mark.parametrize("card", ["9" * 5000, "1" + "0" * 4299, "²", "٣", "0", "105", "-3", "+5", " 5", ""])
def test_invalid_take5_card_in_score(card: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "score", "take5", "55", card)
    assert code == 2 and "a Take 5 card is a number from 1 to 104" in err
    assert len(err) < 400, "the card is not echoed whole"


def test_invalid_disc_count_in_score(capsys: pytest.CaptureFixture[str]) -> None:
    for item in ("R" + "9" * 5000, "R²", "R" + "9" * (MAX_DISC_COUNT_DIGITS + 1)):
        code, _, err = _run(capsys, "score", "bigpoints", item, "--ladder", "RBPYG")
        assert code == 2 and "a disc is a colour letter" in err
    code, out, _ = _run(capsys, "score", "bigpoints", "R" + "9" * MAX_DISC_COUNT_DIGITS, "--ladder", "RBPYG", "--json")
    assert code == 0 and json.loads(out)["hand"] == {"R": 999}


def test_invalid_simulate_games_beyond_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "simulate", "take5", "--players", "3", "--games", str(10 ** 21))
    assert code == 2 and "--games is at most 1,000,000 (limit MAX_SIMULATE_GAMES)" in err
    code, _, err = _run(capsys, "simulate", "take5", "--players", "3", "--games", str(MAX_SIMULATE_GAMES + 1))
    assert code == 2 and "MAX_SIMULATE_GAMES" in err
    code, _, err = _run(capsys, "simulate", "take5", "--players", "3", "--games", "9" * 5000)
    assert code == 2 and "--games" in err


def test_invalid_fuzz_counts_beyond_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "fuzz", "take5", "--players", "3", "--examples", str(MAX_FUZZ_EXAMPLES + 1))
    assert code == 2 and "MAX_FUZZ_EXAMPLES" in err
    code, _, err = _run(capsys, "fuzz", "take5", "--players", "3", "--steps", str(MAX_FUZZ_STEPS + 1))
    assert code == 2 and "MAX_FUZZ_STEPS" in err


def test_count_limits_at_their_boundary() -> None:
    from ruleproof.checkers.cli.checks import _count
    from ruleproof.spec.errors import RuleproofError

    for limit in (MAX_SIMULATE_GAMES, MAX_FUZZ_EXAMPLES, MAX_FUZZ_STEPS):
        _count("--n", limit, limit, "LIMIT")
        _count("--n", 1, limit, "LIMIT")
        for bad in (0, limit + 1):
            with pytest.raises(RuleproofError, match="--n"):
                _count("--n", bad, limit, "LIMIT")


@pytest.mark.parametrize("name", ["a\x00b", "x" * 300, "d" * 300 + "/out.json"])
def test_invalid_output_file_names_found_by_the_fuzz(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """``schema --output 'a\\x00b'`` and ``prove --output`` with a 300-character name raised ValueError and OSError."""
    monkeypatch.chdir(tmp_path)
    code, _, err = _run(capsys, "schema", "record", "--output", name)
    assert code == 2 and ("NUL" in err or "not a file name this system can write" in err or "does not exist" in err)
