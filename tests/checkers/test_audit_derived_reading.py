"""Issue 17: the audit under a derived scoring game (the how-to's third Big Five bonus count).

The full run (``ruleproof audit bigfive --reading docs/howto/reading/bonus_per_line.toml``; minutes) passes:
conformance and fuzzing on the derived engine, every catalogue question not applicable with the reason (their
encodings hold the built-in effects), and the well-formedness questions explored on the derived engine. This
test runs a representative subset of the findings, fast.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import main

READING = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading" / "bonus_per_line.toml"


def test_audit_under_the_derived_bonus_game(capsys: pytest.CaptureFixture[str]) -> None:
    wanted = ["BF-F-3", "BF-F-6", "WF-BF-1", "WF-BF-2"]
    args = ["audit", "bigfive", "--reading", str(READING), "--check", "finding", "--quiet", "--json"]
    for fid in wanted:
        args += ["--finding", fid]
    assert main(args) == 0
    rows = {}
    for line in capsys.readouterr().out.splitlines():
        data = json.loads(line)
        if "row" in data:
            rows[data["row"]["data"]["id"]] = data["row"]
    assert sorted(rows) == sorted(wanted)
    for fid in ("BF-F-3", "BF-F-6"):  # encodings of the built-in effects: not applicable, with the reason
        assert rows[fid]["verdict"] == "not applicable"
        assert "derived engine OnePerLineGame" in rows[fid]["detail"]
    # well-formedness: explored on the derived engine (a search result; the Z3 bound does not carry over)
    assert rows["WF-BF-2"]["verdict"] == "pass" and rows["WF-BF-2"]["data"]["verdict"] == "unsat"
    assert "OnePerLineGame" in rows["WF-BF-2"]["data"]["bounds"]
    assert rows["WF-BF-1"]["verdict"] == "unknown" and "Z3 over the built-in effects" in rows["WF-BF-1"]["detail"]
