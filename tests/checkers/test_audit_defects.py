"""Issue 31.5: a defect found is a failure.

Under a user's reading, a finding that reveals a defect (a dead end, a game that need not end, a seat that
cannot win, rules in conflict) fails the audit (exit 1) with the witness; ``--allow ID`` accepts it, named
in the output. Known facts of the rulebook (the manifests' expected verdicts under the default reading, such
as Cinco's draw cycle WF-CI-1) are accepted, so the default audit still passes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.catalogue import defects
from ruleproof.checkers.catalogue.defects import DECLARED, Defect, declared, judge
from ruleproof.checkers.catalogue.findings import Finding, manifest_entry
from ruleproof.checkers.catalogue.questions import Question, questions
from ruleproof.checkers.cli.main import main
from ruleproof.model.io.readings import default_reading, load_reading, reading_from_flags
from ruleproof.spec import registry

HOWTO = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading"
FEWEST = str(HOWTO / "fewest.toml")


def _audit(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    code = main(["audit", *args, "--quiet", "--json", "--jobs", "1"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    rows = [line["row"] for line in lines if line.get("format") == "ruleproof.audit-row"]
    summary = next(line for line in lines if line.get("format") == "ruleproof.audit")
    return code, summary, rows


def test_every_question_declares_which_verdict_is_a_defect() -> None:
    for game in registry.GAME_IDS:
        for q in questions(game):
            found = declared(q)
            assert found is not None, f"{q.id} declares no defect verdict (Question.defect_when or defects.DECLARED)"
            assert found.when in ("sat", "unsat", "")


def test_the_well_formedness_defects_are_declared_on_the_questions() -> None:
    found = {q.id: q for q in questions("take5")}
    assert (found["WF-T5-1"].defect_when, found["WF-T5-2"].defect_when, found["WF-T5-3"].defect_when) == \
        ("sat", "sat", "unsat")
    assert "dead end" in found["WF-T5-2"].defect


def test_invalid_defect_declarations_are_refused() -> None:
    with pytest.raises(ValueError, match="'sat', 'unsat' or ''"):
        Defect("yes", "a dead end")
    with pytest.raises(ValueError, match="needs a description"):
        Defect("sat")


def test_the_declared_table_names_only_registered_questions() -> None:
    registered = {q.id for game in registry.GAME_IDS for q in questions(game)}
    assert set(DECLARED) <= registered, sorted(set(DECLARED) - registered)


def test_known_defects_of_the_rulebook_are_accepted_with_their_manifest_note() -> None:
    """Under the default reading every defect verdict a question gives is the manifest's (accepted, with the
    reason the manifest records), or it is a what-if about another reading: nothing fails the default run."""
    accepted = []
    for game in registry.GAME_IDS:
        reading = default_reading(game)
        for q in questions(game):
            found = declared(q)
            expected, note = manifest_entry(game, q.id)
            if found is not None and found.when and expected == found.when and not q.is_what_if(reading):
                assert note, f"{q.id}: an accepted defect needs the manifest's note saying why"
                accepted.append(q.id)
    assert "WF-CI-1" in accepted  # the draw cycle (CI-AMB-10)


def _stub(verdict: str, defect_when: str = "sat", fixed: tuple[tuple[str, object], ...] = ()) -> Question:
    return Question("WF-T5-2", "take5", "?", (), lambda full: None, fixed=fixed, defect_when=defect_when,
                    defect="a dead end")


def test_judge_separates_the_four_kinds_of_answer() -> None:
    house = reading_from_flags("take5", ["row_choice=auto"])
    dead = Finding("WF-T5-2", "take5", "?", "sat", "yes: 8 dead ends", reading="house")
    fine = Finding("WF-T5-2", "take5", "?", "unsat", "no", reading="house")
    gave_up = Finding("WF-T5-2", "take5", "?", "unknown", "gave up", reason="bound", reading="house")
    assert judge(_stub("sat"), dead, "pass", "", house).status == defects.DEFECT_FOUND
    assert judge(_stub("sat"), dead, "pass", "", house).verdict == "fail"
    assert judge(_stub("sat"), fine, "pass", "", house).status == defects.NO_DEFECT
    assert judge(_stub("sat"), gave_up, "unknown", "", house).status == defects.UNKNOWN
    allowed = judge(_stub("sat"), dead, "pass", "", house, allow=("wf-t5-2",))
    assert (allowed.status, allowed.verdict) == (defects.DEFECT_ACCEPTED, "pass")
    assert "--allow WF-T5-2" in allowed.reason


def test_a_what_if_defect_is_not_the_reading_s() -> None:
    """T5-F-4 asks about the professional variant: its tie is not a defect of a reading without it."""
    question = {q.id: q for q in questions("take5")}["T5-F-4"]
    tie = Finding("T5-F-4", "take5", question.question, "sat", "yes", reading="x")
    plain = reading_from_flags("take5", ["row_capacity=4"])
    assert judge(question, tie, "pass", "", plain).status == defects.NO_DEFECT
    professional = reading_from_flags("take5", ["professional=true", "row_capacity=4"])
    # under the professional variant the tie is the rulebook's known one (T5-AMB-6): accepted, with the note
    judged = judge(question, tie, "pass", "", professional)
    assert judged.status == defects.DEFECT_ACCEPTED and "known fact of the rulebook" in judged.reason


def test_a_defect_under_the_default_reading_is_drift_and_a_defect() -> None:
    question = {q.id: q for q in questions("take5")}["WF-T5-2"]
    dead = Finding("WF-T5-2", "take5", "?", "sat", "yes", expected="unsat")
    judged = judge(question, dead, "fail", "drift: the manifest expects unsat, the question now answers sat", None)
    assert judged.status == defects.DEFECT_FOUND and judged.verdict == "fail" and "drift" in judged.reason


def test_the_issue_s_dead_ends_fail_the_audit_and_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, summary, rows = _audit(capsys, "take5", "--reading", FEWEST, "--variant", "row_choice=auto",
                                 "--check", "finding", "--finding", "WF-T5-2")
    assert code == 1 and summary["ok"] is False
    (row,) = rows
    assert row["verdict"] == "fail" and row["status"] == "defect found"
    assert "defect found" in row["detail"] and "dead end" in row["detail"]
    assert "no legal move" in row["data"]["answer"] and "after play" in row["data"]["answer"]
    witness = row["data"]["witness"]
    assert witness["count"] >= len(witness["dead_ends"]) >= 1
    (defect,) = summary["defects"]
    assert defect["id"] == "WF-T5-2" and defect["witness"]["moves"] == witness["moves"]
    assert summary["readings"]["take5"]["rules"] == ["HOUSE-LOW-1"]
    assert summary["readings"]["take5"]["flags"] == {"row_choice": "auto"}
    assert len(summary["readings"]["take5"]["plugin_sha256"]) == 64
    # each named dead end is one: the reading's engine offers no move there, the rulebook's does
    reading = reading_from_flags("take5", ["row_choice=auto"], load_reading(FEWEST))
    from ruleproof.model.io import codec

    engine = reading.engine
    for dead_end in witness["dead_ends"]:
        state = codec.decode(type(engine.initial_state(2, reading.variant)), dead_end["root"])
        for text in dead_end["moves"]:
            state = engine.apply(state, engine.parse_move(text))
        assert not engine.is_terminal(state) and engine.legal_moves(state) == ()


def test_allow_accepts_a_known_defect_and_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, summary, rows = _audit(capsys, "take5", "--reading", FEWEST, "--variant", "row_choice=auto",
                                 "--check", "finding", "--finding", "WF-T5-2", "--allow", "wf-t5-2,WF-T5-1")
    assert code == 0 and summary["ok"] is True
    assert rows[0]["verdict"] == "pass" and rows[0]["status"] == "defect accepted"
    assert "--allow WF-T5-2" in rows[0]["detail"]
    assert summary["allow"] == ["WF-T5-2", "WF-T5-1"]
    assert [a["id"] for a in summary["accepted"]] == ["WF-T5-2"] and not summary["defects"]


def test_allow_in_the_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["audit", "take5", "--reading", FEWEST, "--variant", "row_choice=auto", "--check", "finding",
                 "--finding", "WF-T5-2", "--allow", "WF-T5-2", "--allow", "WF-T5-1", "--quiet", "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "audit of take5 under reading: Fewest cards + row_choice=auto" in out
    assert "defect accepted: WF-T5-2 (take5): defect accepted by --allow WF-T5-2" in " ".join(out.split())
    assert "--allow WF-T5-1: no defect found" in out


def test_invalid_allow_ids_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "take5", "--check", "finding", "--allow", "WF-T5-9", "--quiet"]) == 2
    assert "WF-T5-9" in capsys.readouterr().err


def test_the_same_reading_without_the_defect_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """The house rule alone (the rulebook's row choice) leaves every state a move: answered, no defect."""
    code, summary, rows = _audit(capsys, "take5", "--reading", FEWEST, "--check", "finding", "--finding", "WF-T5-2")
    assert code == 0 and rows[0]["status"] == "answered, no defect" and rows[0]["data"]["verdict"] == "unsat"


def test_the_default_audit_of_known_defects_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """Cinco's draw cycle is the rulebook's (CI-AMB-10): the default audit accepts it and exits 0."""
    code, summary, rows = _audit(capsys, "cinco", "--check", "finding", "--finding", "WF-CI-1",
                                 "--finding", "WF-CI-2")
    assert code == 0 and summary["ok"] is True
    by_id = {r["data"]["id"]: r for r in rows}
    assert by_id["WF-CI-1"]["status"] == "defect accepted" and by_id["WF-CI-1"]["verdict"] == "pass"
    assert "known fact of the rulebook" in by_id["WF-CI-1"]["detail"]
    assert by_id["WF-CI-2"]["status"] == "answered, no defect"
    assert [a["id"] for a in summary["accepted"]] == ["WF-CI-1"]
    assert summary["readings"]["cinco"]["default"] is True


@pytest.mark.slow
def test_the_default_findings_of_every_game_pass(capsys: pytest.CaptureFixture[str]) -> None:
    """Every game's catalogue under the default reading: no defect found, exit 0 (about a minute)."""
    code, summary, rows = _audit(capsys, "--check", "finding")
    assert code == 0 and not summary["defects"], summary["defects"]
    assert {r["status"] for r in rows} <= {"answered, no defect", "defect accepted", "not applicable"}
