"""``audit-diff`` between an audit and one under ``--variant`` compares the same checks (issue 35).

The subjects of an audit under a reading name its flags (``2 players (end_rule=>)``); rows used to be paired
by that text, so every row showed up twice, ``pass -> (absent)`` and ``(absent) -> pass``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.analysis.traceability import compare_audits
from ruleproof.checkers.cli.main import main


def _audit(tmp_path: Path, name: str, *flags: str, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["audit", "take5", "--check", "conformance", "--check", "fuzz", "--quick", "--fuzz-examples", "2",
                 "-q", "--json", "--jobs", "1", *flags]) == 0
    path = tmp_path / name
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    return path


def test_an_audit_under_a_variant_is_compared_row_by_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = _audit(tmp_path, "plain.json", capsys=capsys)
    flagged = _audit(tmp_path, "flagged.json", "--variant", "end_rule=>", capsys=capsys)
    subjects = {json.loads(line)["row"]["subject"] for line in flagged.read_text().splitlines()[:-1]}
    assert subjects == {"2 players (end_rule=>)"}  # the premise: the flags are in the subject
    assert main(["audit-diff", str(plain), str(flagged)]) == 0
    assert capsys.readouterr().out.strip() == "no verdict changed"


def test_a_changed_verdict_under_a_variant_is_one_comparison() -> None:
    before = [{"game": "take5", "check": "fuzz", "subject": "2 players", "verdict": "pass", "detail": ""},
              {"game": "take5", "check": "fuzz", "subject": "10 players", "verdict": "pass", "detail": ""}]
    after = [{"game": "take5", "check": "fuzz", "subject": "2 players (end_rule=>)", "verdict": "fail",
              "detail": "boom"},
             {"game": "take5", "check": "fuzz", "subject": "10 players (end_rule=>)", "verdict": "pass", "detail": ""}]
    changes = compare_audits({"rows": before}, {"rows": after})
    assert [(c.subject, c.subject_after, c.before, c.after) for c in changes] == [
        ("2 players", "2 players (end_rule=>)", "pass", "fail")]
    assert "(absent)" not in str(changes[0])


def test_rows_with_one_count_and_several_variants_pair_in_order() -> None:
    """Several configurations share a player count: the n-th before pairs with the n-th after; one left over
    is absent."""
    before = [{"game": "take5", "check": "conformance", "subject": f"3 players (deck={d})", "verdict": "pass",
               "detail": ""} for d in ("a", "b")]
    after = [{"game": "take5", "check": "conformance", "subject": "3 players (deck=c)", "verdict": "fail",
              "detail": ""}]
    changes = compare_audits({"rows": before}, {"rows": after})
    assert [(c.subject, c.subject_after, c.before, c.after) for c in changes] == [
        ("3 players (deck=a)", "3 players (deck=c)", "pass", "fail"), ("3 players (deck=b)", None, "pass", None)]
