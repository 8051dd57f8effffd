"""Record validation: a real game passes; each kind of corruption is rejected precisely."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.checkers.checks.validate import validate_record
from ruleproof.model.io.records import load_record

CORPUS = Path(__file__).resolve().parents[1] / "data" / "take5_corrupt"
EXPECTED: dict[str, dict[str, object]] = json.loads((CORPUS / "expected.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_take5_record_corpus(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    want = EXPECTED[name]
    code = main(["validate", str(CORPUS / name), "--json"])
    captured = capsys.readouterr()
    assert code == want["exit"], captured
    if code == 2:  # under --json the error is a JSON object on standard output
        error = json.loads(captured.out)["error"]
        assert str(want["message"]) in error["message"] and error["exit_code"] == 2
        assert "Traceback" not in captured.err + captured.out
        return
    data = json.loads(captured.out)
    assert data["ok"] is (code == 0)
    if code == 1:
        first = data["first_illegal"]
        assert first["index"] == want["index"]
        if "rule" in want:
            assert want["rule"] in first["rule_ids"]
        else:
            assert set(first["rule_ids"]) & set(want["rule_any"])  # type: ignore[call-overload]
        assert first["reason"] and first["position"]


def test_valid_record_round_trips_and_replays() -> None:
    record = load_record(CORPUS / "valid.json")
    result = validate_record(record)
    assert result.ok and result.finished and result.checked == len(record.moves)
    from ruleproof.model.io.records import parse_record

    assert parse_record(record.dumps()) == record


def test_record_schema_accepts_valid_and_rejects_bad_records() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from ruleproof.model.io.records import RECORD_SCHEMA

    jsonschema.Draft202012Validator.check_schema(RECORD_SCHEMA)
    validator = jsonschema.Draft202012Validator(RECORD_SCHEMA)
    assert validator.is_valid(json.loads((CORPUS / "valid.json").read_text()))
    for name in ("ill_typed_players.json", "ill_typed_move.json"):
        assert not validator.is_valid(json.loads((CORPUS / name).read_text()))


def test_invalid_record_file_errors_name_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.json"
    assert main(["validate", str(missing)]) == 2
    assert str(missing) in capsys.readouterr().err
    wrong_game = tmp_path / "game.json"
    wrong_game.write_text(json.dumps({"format": "ruleproof-record", "version": 1, "game": "chess", "players": 2,
                                      "variant": {}, "moves": []}))
    assert main(["validate", str(wrong_game)]) == 2
    assert "$.game" in capsys.readouterr().err
