"""Unit tests of the docs extension (``docs/_ext/ruleproof_docs``) that need no Sphinx build.

Its modules' doctests, the audit JSON loader on hostile input, the honest
``ruleproof diff`` command of a measured block, the page templates, and a
scan that no committed file names an absolute path of one machine.
"""

from __future__ import annotations

import doctest
import importlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"
MODULES = sorted(p.stem for p in (EXT / "ruleproof_docs").glob("*.py") if p.stem != "__init__")


@pytest.fixture(scope="module", autouse=True)
def _ext_on_path() -> Iterator[None]:
    sys.path.insert(0, str(EXT))
    try:
        yield
    finally:
        sys.path.remove(str(EXT))


@pytest.mark.parametrize("name", MODULES)
def test_doctests_of_the_docs_extension(name: str) -> None:
    module = importlib.import_module(f"ruleproof_docs.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"


def _finding_row(**data: Any) -> dict[str, Any]:
    base = {"id": "T5-F-1", "game": "take5", "question": "Q?", "verdict": "sat", "answer": "Yes.",
            "witness": {"players": 2, "moves": []}, "rule_ids": ["T5-LOW-1"], "seconds": 0.5}
    base.update(data)
    return {"game": base["game"], "check": "finding", "subject": base["id"], "verdict": "pass", "data": base}


def test_audit_json_findings_keep_their_witness(tmp_path: Path) -> None:
    from ruleproof_docs.audit_input import load_audit_findings

    path = tmp_path / "audit.json"
    rows = [{"game": "take5", "check": "conformance", "verdict": "pass"}, _finding_row(),
            _finding_row(id="CI-F-1", game="cinco", verdict="unsat", witness=None)]
    path.write_text(json.dumps({"games": ["take5", "cinco"], "ok": True, "rows": rows}), encoding="utf-8")
    found = load_audit_findings(path)
    assert [f.id for f in found["take5"]] == ["T5-F-1"] and [f.id for f in found["cinco"]] == ["CI-F-1"]
    assert found["take5"][0].witness == {"players": 2, "moves": []}
    lines = tmp_path / "audit.jsonl"
    lines.write_text("\n".join(json.dumps(r) for r in rows) + '\n{"summary": true}\n', encoding="utf-8")
    assert [f.id for f in load_audit_findings(lines)["take5"]] == ["T5-F-1"]


@pytest.mark.parametrize(("text", "where"), [
    ('{"rows": 3}', "$.rows"),
    ('[1, 2]', "$"),
    ('{"rows": [7]}', "$.rows[0]"),
    (json.dumps({"rows": [_finding_row(verdict="maybe")]}), "$.rows[0].data.verdict"),
    (json.dumps({"rows": [_finding_row(rule_ids="T5-LOW-1")]}), "$.rows[0].data.rule_ids"),
    (json.dumps({"rows": [_finding_row(seconds="fast")]}), "$.rows[0].data.seconds"),
    ('{"check": "finding", "data": {}}\nnot json\n', "line 2"),
])
def test_invalid_audit_json_names_file_and_path(tmp_path: Path, text: str, where: str) -> None:
    from ruleproof_docs.audit_input import AuditInputError, load_audit_findings

    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AuditInputError) as info:
        load_audit_findings(path)
    assert str(path) in str(info.value) and where in str(info.value)


def test_invalid_audit_json_that_is_too_large_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof_docs import audit_input

    monkeypatch.setattr(audit_input, "MAX_BYTES", 10)
    path = tmp_path / "big.json"
    path.write_text('{"rows": []}' + " " * 20, encoding="utf-8")
    with pytest.raises(audit_input.AuditInputError, match="more than"):
        audit_input.load_audit_findings(path)


def test_measured_command_rebuilds_both_readings_of_every_flag() -> None:
    from ruleproof_docs.measured import check_roundtrip, diff_argv

    from ruleproof.model.registry import available_games, game_for
    from ruleproof.spec.core import variant_to_dict

    checked = 0
    for game in available_games():
        engine = game_for(game)
        default = variant_to_dict(engine.default_variant())
        for amb in engine.spec.ambiguities:
            if not amb.flag:
                continue
            for reading in amb.readings:
                row = {"flag": amb.flag, "players": 3, "games": 5, "seed": 1, "a": default,
                       "b": dict(default, **{amb.flag: reading.value})}
                assert check_roundtrip(game, row) is None, (game, amb.id, reading.value)
                argv = diff_argv(game, row)
                assert argv[-6:] == ["--players", "3", "--games", "5", "--seed", "1"]
                checked += 1
    assert checked >= 20


def test_invalid_measured_command_that_loses_a_flag_is_reported() -> None:
    from ruleproof_docs.measured import check_roundtrip

    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_to_dict

    default = variant_to_dict(game_for("take5").default_variant())
    row = {"flag": "end_rule", "players": 3, "games": 5, "seed": 0, "a": default,
           "b": dict(default, end_rule=">", professional=True)}
    assert check_roundtrip("take5", row) is None  # the other changed flag is named too
    broken = dict(row, b=dict(default, end_rule="no such rule"))
    with pytest.raises(Exception):
        check_roundtrip("take5", broken)


def test_templates_render_a_rule_with_its_passage() -> None:
    from ruleproof_docs.rst import render_string

    text = render_string("«{{ quote | esc }}» {{ id | rule }} {{ 'sat' | badge }}", quote="Карта *кладется*",
                         id="T5-PLACE-1")
    assert text == r"«Карта \*кладется\*» :rule:`T5-PLACE-1` :rp-badge:`sat`"  # not a rulebook quotation
    with pytest.raises(Exception):
        render_string("{{ missing }}")  # undefined names are errors, not empty text


#: An absolute path of one machine: a home or work folder, a Windows drive.
_MACHINE_PATH = re.compile(r"(?<![\w.])(/work/|/home/[a-z]|/Users/[A-Za-z]|/root/|[A-Z]:\\{1,2}[A-Za-z])")


def test_no_committed_file_names_an_absolute_path_of_a_machine() -> None:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert len(files) > 100
    offenders = []
    for name in files:
        path = ROOT / name
        if path.suffix not in {".py", ".rst", ".md", ".toml", ".json", ".cfg", ".ini", ".txt", ".jinja", ".sh",
                               ".yml", ".yaml", ""} or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if _MACHINE_PATH.search(line) and "_MACHINE_PATH" not in line:
                offenders.append(f"{name}:{number}: {line.strip()[:100]}")
    assert not offenders, "\n".join(offenders[:20])


def test_invalid_machine_path_scan_catches_a_home_folder() -> None:
    assert _MACHINE_PATH.search('RULEBOOKS = "/home/alice/rulebooks"')
    assert _MACHINE_PATH.search("open('/work/shared/x')")
    assert _MACHINE_PATH.search(r"C:\\Users\\bob")
    assert not _MACHINE_PATH.search("docs/_build/html and ../shared/rulebooks")
    assert not _MACHINE_PATH.search('print("ERROR:\\n")')


def test_findings_come_from_the_audit_json_when_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``$RULEPROOF_AUDIT_JSON`` nothing is solved: the site shows the audit's findings and witnesses."""
    from types import SimpleNamespace

    from ruleproof_docs import gather

    from ruleproof.model.registry import available_games

    rows = [_finding_row(id=f"{game.upper()}-F-99", game=game, verdict="unsat", witness=None,
                         answer=f"marker answer for {game}") for game in available_games()]
    for row in rows:
        if row["game"] == "take5":  # a witness the renderer can draw
            row["data"].update(verdict="sat", witness={"players": 2, "moves": []})
    path = tmp_path / "audit.json"
    path.write_text(json.dumps({"rows": rows}), encoding="utf-8")
    monkeypatch.setenv(gather.AUDIT_ENV, str(path))

    def no_solving(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the catalogue was solved although an audit JSON was given")

    monkeypatch.setattr(gather, "_solve", no_solving)
    app = SimpleNamespace(srcdir=str(tmp_path), config=SimpleNamespace(
        ruleproof_findings=True, ruleproof_capture_examples=False, ruleproof_reading_diffs=False))
    data = gather.gather(app, [])  # type: ignore[arg-type]
    assert data.findings_source == "audit.json"
    for game in available_games():
        assert [f.answer for f in data.findings[game]] == [f"marker answer for {game}"]
        assert data.thumbnails[f"{game.upper()}-F-99"] in data.svgs  # a verdict card at least
    assert data.thumbnails["TAKE5-F-99"].startswith("finding-"), "the take5 witness is drawn by its renderer"
    assert data.finding_pictures["TAKE5-F-99"]


def test_invalid_audit_json_stops_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from sphinx.errors import ExtensionError

    from ruleproof_docs import gather

    path = tmp_path / "audit.json"
    path.write_text('{"rows": [{"check": "finding", "data": {"id": "X"}}]}', encoding="utf-8")
    monkeypatch.setenv(gather.AUDIT_ENV, str(path))
    app = SimpleNamespace(srcdir=str(tmp_path), config=SimpleNamespace(
        ruleproof_findings=True, ruleproof_capture_examples=False, ruleproof_reading_diffs=False))
    with pytest.raises(ExtensionError, match=r"audit.json: \$.rows\[0\].data.game"):
        gather.gather(app, [])  # type: ignore[arg-type]
