"""`ruleproof audit` fails (exit 1, with the reason) when the rules drift from the findings manifest.

A rule broken in-process (monkeypatch) that makes a finding change its
verdict, a witness that no longer replays, a question that raises, a result
lost to ``unknown``: each is an audit row ``fail`` with its reason, never a
crash and never "ok" (:mod:`ruleproof.checkers.catalogue.drift`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from ruleproof.checkers.catalogue import drift
from ruleproof.checkers.catalogue import questions as catalogue
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.questions import Question
from ruleproof.checkers.cli.main import main
from ruleproof.checkers.explore import statespace
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.take5 import Select


def _question(qid: str) -> Question:
    return {q.id: q for q in catalogue.questions("take5")}[qid]


@pytest.fixture(autouse=True)
def _fresh_explorations(monkeypatch: pytest.MonkeyPatch) -> None:
    """State-space explorations are cached per process; a broken rule must be explored afresh."""
    monkeypatch.setattr(statespace, "_CACHE", {})


def _audit(capsys: pytest.CaptureFixture[str], finding: str) -> tuple[int, list[dict[str, Any]]]:
    """Run ``ruleproof audit take5 --check finding --finding ID --json``; the exit code and the finding rows."""
    code = main(["audit", "take5", "--check", "finding", "--finding", finding, "--json", "--quiet"])
    rows: list[dict[str, Any]] = []
    for line in capsys.readouterr().out.splitlines():
        if line.strip():
            data = json.loads(line)
            rows += data.get("rows", [data] if "verdict" in data else [])
    return code, [r for r in rows if r.get("check") == "finding"]


def test_audit_passes_on_the_rules_as_read(capsys: pytest.CaptureFixture[str]) -> None:
    code, rows = _audit(capsys, "WF-T5-2")
    assert code == 0 and [r["verdict"] for r in rows] == ["pass"]


def test_invalid_rule_that_changes_a_verdict_fails_the_audit(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken T5-LOW-3 in the engine (a too-low card has no row to take) makes dead ends: WF-T5-2 flips to sat."""
    monkeypatch.setattr(Take5Game, "too_low_rows", lambda self, state: ())
    code, rows = _audit(capsys, "WF-T5-2")
    assert code == 1
    (row,) = rows
    assert row["verdict"] == "fail"
    assert "manifest expects unsat" in row["detail"] and "answers sat" in row["detail"]
    assert row["data"]["drift"].startswith("drift:")


def test_invalid_witness_that_no_longer_replays_fails_the_audit(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """T5-F-4 answers sat, but its witness ends with a move the rules forbid (a stale stored witness)."""
    question = _question("T5-F-4")
    real = question.run

    def stale(full: bool, *reading: object) -> Finding:  # T5-F-4 takes the reading (its rule constants)
        finding = real(full, *reading)
        witness = dict(finding.witness)
        witness["moves"] = [*witness["moves"], "play 104"]  # seat 0 has already chosen: T5-TURN-1
        return replace(finding, witness=witness)

    patched = replace(question, run=stale)
    checked = drift.check_question(patched)
    assert checked.verdict == "fail"
    assert "no longer replays" in checked.reason and "play 104" in checked.reason
    monkeypatch.setitem(catalogue._QUESTIONS, "T5-F-4", patched)
    code, rows = _audit(capsys, "T5-F-4")
    assert code == 1 and rows[0]["verdict"] == "fail" and "no longer replays" in rows[0]["detail"]


def test_invalid_question_that_raises_is_a_failing_row(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken T5-TURN-1 in the engine (only seat 0 may choose a card): T5-F-4's witness replay raises
    IllegalMoveError inside the question; the audit reports a failing row with the reason."""
    real = Take5Game.is_legal_move

    def only_seat_0_chooses(self: Take5Game, state: Any, move: Any) -> bool:
        if isinstance(move, Select) and state.chosen[0] != 0:
            return False
        return real(self, state, move)

    monkeypatch.setattr(Take5Game, "is_legal_move", only_seat_0_chooses)
    checked = drift.check_question(_question("T5-F-4"))
    assert checked.verdict == "fail" and checked.finding is None
    assert "raised IllegalMoveError" in checked.reason
    code, rows = _audit(capsys, "T5-F-4")
    assert rows and rows[0]["verdict"] == "fail" and "raised" in rows[0]["detail"], rows
    assert code == 1


def test_result_lost_to_unknown_is_drift() -> None:
    """pass → unknown: the manifest's proof is lost; that is a failure, not 'ok'."""
    question = _question("T5-F-3")
    lost = replace(question, run=lambda full, *reading: Finding("T5-F-3", "take5", question.question, "unknown",
                                                      "gave up", reason="rlimit"))
    checked = drift.check_question(lost)
    assert checked.verdict == "fail"
    assert "expects unsat" in checked.reason and "unknown: rlimit" in checked.reason


def test_finding_without_a_manifest_verdict_fails_under_the_default_reading() -> None:
    question = replace(_question("T5-F-3"), id="T5-F-99",
                       run=lambda full, *reading: Finding("T5-F-99", "take5", "?", "unsat", "no"))
    checked = drift.check_question(question)
    assert checked.verdict == "fail" and "no manifest verdict" in checked.reason


def test_a_replaying_witness_passes() -> None:
    checked = drift.check_question(_question("T5-F-4"))
    assert (checked.verdict, checked.reason) == ("pass", "")
