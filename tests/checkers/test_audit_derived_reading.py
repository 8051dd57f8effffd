"""Issue 17: the audit under a derived scoring game (the how-to's third Big Five bonus count).

The full run (``ruleproof audit bigfive --reading docs/howto/reading/bonus_per_line.toml``; minutes) passes:
conformance and fuzzing on the derived engine; the catalogue questions whose answers do not depend on the bonus
(the only engine hook the derived game overrides) answered, the two bonus questions not applicable with the
reason; the well-formedness questions explored on the derived engine (termination decided by the state graphs of
the reduced configurations, issue 31). This test runs a representative subset
of the findings, fast.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import main

READING = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading" / "bonus_per_line.toml"


def test_audit_under_the_derived_bonus_game(capsys: pytest.CaptureFixture[str]) -> None:
    wanted = ["BF-F-3", "BF-F-6", "BF-F-7", "WF-BF-1", "WF-BF-2"]
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
    # the bonus question's encoding holds the built-in bonus count: not applicable, with the reason
    assert rows["BF-F-3"]["verdict"] == "not applicable"
    assert "derived engine OnePerLineGame may change them" in rows["BF-F-3"]["detail"]
    # the deal questions do not depend on the bonus, the only hook the derived game overrides: answered,
    # BF-F-7's witness (five players leave four cards) replayed on the derived engine
    assert rows["BF-F-6"]["verdict"] == "pass" and rows["BF-F-6"]["data"]["verdict"] == "unsat"
    assert rows["BF-F-7"]["verdict"] == "pass" and rows["BF-F-7"]["data"]["verdict"] == "sat"
    # well-formedness: explored on the derived engine (a search result; the Z3 bound does not carry over)
    assert rows["WF-BF-2"]["verdict"] == "pass" and rows["WF-BF-2"]["data"]["verdict"] == "unsat"
    assert "OnePerLineGame" in rows["WF-BF-2"]["data"]["bounds"]
    # termination: decided by the reduced configurations' state graphs (issue 31), the method named
    assert rows["WF-BF-1"]["verdict"] == "pass" and rows["WF-BF-1"]["data"]["verdict"] == "unsat"
    assert "proved over every state of" in rows["WF-BF-1"]["detail"]
    assert "Z3 over the built-in effects" in rows["WF-BF-1"]["detail"]


def test_a_derived_engine_overriding_more_than_the_bonus_is_not_trusted(tmp_path: Path) -> None:
    """A derived game that also overrides another engine method: the deal questions say which, not applicable."""
    from ruleproof.checkers.catalogue.questions import questions
    from ruleproof.model.io.readings import load_reading

    (tmp_path / "odd.py").write_text(
        "from ruleproof.model.bigfive import BigFiveGame\n"
        "class Odd(BigFiveGame):\n"
        "    def bonus_earned(self, variant, cells, placed):\n"
        "        return 0\n"
        "    def new_game(self, players, variant=None, seed=None):\n"
        "        return super().new_game(players, variant, seed)\n"
        "GAME = Odd()\n", encoding="utf-8")
    (tmp_path / "odd.toml").write_text('game = "bigfive"\ntitle = "odd"\nrules = "odd.py"\n', encoding="utf-8")
    reading = load_reading(tmp_path / "odd.toml")
    found = {q.id: q for q in questions("bigfive")}
    finding = found["BF-F-6"].ask(False, reading)
    assert finding.verdict == "not applicable" and "it overrides new_game" in finding.answer
