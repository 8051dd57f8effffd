"""A reading file that runs code says so; nothing but the user's own ``--reading`` runs code (issue 32, point 5).

A reading file with ``rules = "x.py"`` imports a Python file. The user decides
that by naming the file on the command line, so that is where it is said: in
the help of ``--reading``, in the tutorial, and on standard error before the
plugin runs. A record, a certificate or the files beside them never name code
for ruleproof to run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.model.io import readings

#: A plugin that leaves a mark when it runs (and is a valid plugin: one extra rule that never refuses).
MARKING_PLUGIN = '''
from pathlib import Path
Path(__file__).with_name("RAN").write_text("ran")
from ruleproof.spec.core import Rule, RuleKind, Source
RULES = [Rule("HOUSE-OK-1", "Anything", "Every move is fine.", Source("house", "-"), RuleKind.LEGALITY,
              lambda step: None)]
'''


@pytest.fixture
def marking(tmp_path: Path) -> Path:
    (tmp_path / "mark.py").write_text(MARKING_PLUGIN, encoding="utf-8")
    path = tmp_path / "mark.toml"
    path.write_text('game = "take5"\ntitle = "marks"\nrules = "mark.py"\n', encoding="utf-8")
    readings._ANNOUNCED.discard(str((tmp_path / "mark.py").resolve()))
    return path


def test_a_reading_that_runs_code_says_so_before_it_runs(marking: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "take5", "--players", "3", "--games", "1", "-q", "--reading", str(marking)]) == 0
    err = capsys.readouterr().err
    assert "note: the reading file" in err and "runs Python code: rules = 'mark.py'" in err
    assert (marking.parent / "RAN").exists()


def test_a_reading_of_flags_only_says_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "flags.toml"
    path.write_text('game = "take5"\ntitle = "flags"\n[flags]\nend_rule = ">"\n', encoding="utf-8")
    assert main(["simulate", "take5", "--players", "3", "--games", "1", "-q", "--reading", str(path)]) == 0
    assert "runs Python code" not in capsys.readouterr().err


def test_help_of_reading_options_says_a_plugin_runs(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "validate", "prove", "fuzz"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "runs that Python file" in text, command


def test_tutorial_says_a_reading_file_runs_code() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "howto" / "check-a-reading.rst").read_text(encoding="utf-8")
    assert "it runs Python code" in " ".join(text.split())


def test_invalid_record_and_certificate_naming_a_plugin_run_no_code(marking: Path, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The record's reading names the plugin and the reading file every way it could; a reading file and a
    plugin lie beside it under the record's own name. Checking it runs none of them."""
    record = tmp_path / "game.json"
    assert main(["simulate", "take5", "--players", "2", "--games", "1", "-q", "--record", str(record)]) == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data["reading"] = {"title": "marks", "rules": ["mark.py"], "engine": "", "plugin_sha256": "0" * 64}
    record.write_text(json.dumps(data), encoding="utf-8")
    for stray in ("game.py", "game.toml"):
        (tmp_path / stray).write_text((marking.parent / "mark.py").read_text(encoding="utf-8")
                                      if stray.endswith(".py") else marking.read_text(encoding="utf-8"),
                                      encoding="utf-8")
    assert not (tmp_path / "RAN").exists()
    assert main(["validate", str(record)]) == 1  # another reading: refused, and named
    assert main(["prove", str(record), "--move", "0"]) == 2
    for hostile in ({"rules": "mark.py"}, {"file": "mark.toml"}, "mark.toml", {"reading": "mark.toml"}):
        data["reading"] = hostile
        record.write_text(json.dumps(data), encoding="utf-8")
        assert main(["validate", str(record)]) in (1, 2)
        assert main(["show", str(record), "--move", "0"]) in (0, 1, 2)
    certificate = tmp_path / "cert.json"
    del data["reading"]
    record.write_text(json.dumps(data), encoding="utf-8")
    assert main(["prove", str(record), "--move", "0", "--output", str(certificate)]) == 0
    cert = json.loads(certificate.read_text(encoding="utf-8"))
    cert["reading"] = {"title": "marks", "rules": ["mark.py"], "engine": "mark.py", "plugin_sha256": ""}
    certificate.write_text(json.dumps(cert), encoding="utf-8")
    assert main(["check-proof", str(certificate), "--replay"]) in (1, 2)
    err = capsys.readouterr().err
    assert "Traceback" not in err and "runs Python code" not in err
    assert not (tmp_path / "RAN").exists(), "a record or certificate made ruleproof run code"
