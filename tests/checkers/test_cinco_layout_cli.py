"""A custom Cinco layout travels as data (issue 16): ``--layout FILE`` on the command line, the layout's
canonical text and SHA-256 in records and certificates, never a file name in an input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.model.io.inputs import load_layout_file
from ruleproof.spec.cinco_board import layout_digest, layout_to_text

DATA = Path(__file__).resolve().parents[1] / "data"
SMALL = DATA / "cinco_layout_small.json"
LINE9 = Path(__file__).resolve().parents[2] / "checkers" / "data" / "cinco_line9.json"


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("layout") / "small.json"
    code = main(["simulate", "cinco", "--players", "2", "--games", "1", "--seed", "4", "--layout", str(SMALL),
                 "--record", str(path), "--quiet", "--json"])
    assert code == 0
    return path


def _write(tmp_path: Path, data: dict[str, object], name: str = "r.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_simulate_writes_the_layout_as_data(record: Path) -> None:
    text = record.read_text(encoding="utf-8")
    variant = json.loads(text)["variant"]
    layout = layout_to_text(load_layout_file(SMALL))
    assert variant["layout_data"] == layout and variant["layout_sha256"] == layout_digest(layout)
    assert str(SMALL) not in text and "cinco_layout_small" not in text and "layout_file" not in text
    moves = [m["move"] for m in json.loads(text)["moves"]]
    assert max(int(m.split()[-1]) for m in moves if m.startswith("play") and not m.endswith("burn")) <= 36


def test_the_record_round_trips_through_validate(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(record), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    assert main(["validate", str(record), "--layout", str(SMALL)]) == 0


def test_validate_under_another_layout_reports_the_mismatch(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(record), "--layout", str(LINE9), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert any("layout_data" in m for m in data["reading_mismatch"])


def test_prove_and_check_a_move_on_a_custom_board(record: Path, tmp_path: Path) -> None:
    cert = tmp_path / "c.json"
    moves = json.loads(record.read_text(encoding="utf-8"))["moves"]
    index = next(i for i, m in enumerate(moves) if m["move"].startswith("play"))
    assert main(["prove", str(record), "--move", str(index), "--output", str(cert)]) == 0
    assert json.loads(cert.read_text(encoding="utf-8"))["variant"]["layout_data"].startswith("small;")
    assert main(["check-proof", str(cert), "--replay"]) == 0


def test_an_altered_layout_fails_its_hash(record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    data["variant"]["layout_data"] = data["variant"]["layout_data"].replace("5:5", "6:5")
    assert main(["validate", str(_write(tmp_path, data))]) == 2
    err = capsys.readouterr().err
    # the error names the flag at fault (issue 16), not the whole variant
    assert "$.variant.layout_sha256: layout_sha256 does not match layout_data" in err
    data["variant"]["layout_sha256"] = "f" * 64  # a matching pair of altered data and hash is needed to pass
    assert main(["validate", str(_write(tmp_path, data))]) == 2
    assert "$.variant.layout_sha256:" in capsys.readouterr().err
    data["variant"]["layout_data"] = "small;not a layout"
    assert main(["validate", str(_write(tmp_path, data))]) == 2
    assert "$.variant.layout_data:" in capsys.readouterr().err


def test_other_flag_errors_name_their_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bad value checked by the variant itself (not by its type) is reported at its flag's path too."""
    for game, flags, path in (("cinco", {"chips": 0}, "$.variant.chips"), ("cinco", {"colour": 1}, "$.variant.colour"),
                              ("bigfive", {"rounds": 0}, "$.variant.rounds"),
                              ("take5", {"threshold": 0}, "$.variant.threshold"),
                              ("take5", {"end_rule": "!"}, "$.variant.end_rule")):
        data = {"format": "ruleproof-record", "version": 1, "game": game, "players": 2, "variant": flags, "moves": []}
        assert main(["validate", str(_write(tmp_path, data))]) == 2
        assert path + ":" in capsys.readouterr().err, (game, flags)


def test_a_record_naming_a_file_is_refused(record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    del data["variant"]["layout_data"], data["variant"]["layout_sha256"]
    data["variant"]["layout_file"] = str(SMALL)
    assert main(["validate", str(_write(tmp_path, data))]) == 2
    assert "$.variant.layout_file" in capsys.readouterr().err
    data["variant"].pop("layout_file")
    data["variant"]["layout_data"] = str(SMALL)  # a path where the layout's text belongs
    assert main(["validate", str(_write(tmp_path, data))]) == 2
    assert "layout text must read" in capsys.readouterr().err


def test_records_of_earlier_versions_still_load(capsys: pytest.CaptureFixture[str]) -> None:
    old = DATA / "cinco_record_hex_2p.json"
    assert json.loads(old.read_text(encoding="utf-8"))["variant"]["layout_file"] == ""
    assert main(["validate", str(old)]) == 0


def test_layout_option_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "take5", "--players", "2", "--games", "1", "--layout", str(SMALL), "-q"]) == 2
    assert "only cinco" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"directions": [[1, 0]], "cells": [{"number": 1, "at": [0, "x"]}]}', encoding="utf-8")
    assert main(["simulate", "cinco", "--players", "2", "--games", "1", "--layout", str(bad), "-q"]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "cells[0].at must be a pair of integers" in err
    assert main(["simulate", "cinco", "--players", "2", "--layout", "/dev/zero", "-q"]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_custom_layout_fits_an_openspiel_game_string() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from ruleproof.checkers.interop import openspiel  # noqa: F401  (registers the games)
    from ruleproof.checkers.interop.params import parameters_for
    from ruleproof.spec.cinco import CincoVariant, custom_layout_flags

    variant = CincoVariant(**custom_layout_flags(load_layout_file(SMALL)))
    game = pyspiel.load_game("ruleproof_cinco", parameters_for("cinco", 2, variant))
    again = pyspiel.load_game(str(game))
    assert again.context.variant == variant and again.num_distinct_actions() < 2000
