"""The text behind a rule in the CLI (issue 35 point 6): ``ruleproof rules GAME ID`` prints the verbatim
passage the package ships and the publisher note the rule cites, from the copy of RULES-NOTES.md shipped
as package data (a pip user has no checkout).
"""

from __future__ import annotations

import fnmatch
import json
import os
import tomllib
from pathlib import Path

import pytest

from ruleproof.checkers.analysis.notes import NOTES_FILE, NOTES_PATH, cited_note, named_rows, notes_text
from ruleproof.checkers.cli.main import main
from ruleproof.model.registry import game_for
from ruleproof.spec.sources import rulebooks_dir, source_book

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("take5", "bigfive", "bigpoints", "ikebana", "cinco")


def _run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str]:
    code = main(list(words))
    return code, capsys.readouterr().out


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_rule_shows_its_restatement_section_and_verbatim_passage(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "rules", "take5", "T5-SIX-1")
    assert code == 0
    rule = next(r for r in game_for("take5").spec.rules if r.id == "T5-SIX-1")
    (cite,) = source_book("take5").cites("T5-SIX-1")
    flat = _flat(out)
    assert _flat(rule.text) in flat
    assert f"§ {rule.source.section}" in flat
    assert f"says (verbatim): «{_flat(cite.text)}»" in flat
    assert "publisher note" not in flat  # T5-SIX-1 cites none


def test_a_rule_shows_the_publisher_note_it_cites(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "rules", "take5", "t5-end-1")  # any case
    assert code == 0
    flat = _flat(out)
    assert "the publisher note it cites (RULES-NOTES.md § Take 5 / 6 nimmt!" in flat
    assert 'row 1: end threshold: the text says "more than 66", the publisher "66 or more". Default: 66 or more' in flat
    assert "row 2: when the end is checked" in flat
    assert "row 3" not in flat  # the note names rows 1–2 only


def test_a_rule_quoting_the_notes_names_the_notes_as_its_file(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = _run(capsys, "rules", "take5", "T5-PLACE-3")
    assert "RULES-NOTES.md says (verbatim): «the professional variant (play at either end of a row)»" in _flat(out)


@pytest.mark.parametrize("game", GAMES)
def test_json_carries_every_rules_passages_and_cited_note(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "rules", game, "--json")
    assert code == 0
    doc = json.loads(out)
    spec = game_for(game).spec
    book = source_book(game)
    for rule, shown in zip(spec.rules, doc["rules"], strict=True):
        assert [p["text"] for p in shown["passages"]] == [c.text for c in book.cites(rule.id)]
        if NOTES_FILE in rule.source.note:
            note = shown["note"]
            assert note is not None and note["cites"] == rule.source.note
            assert [r["row"] for r in note["rows"]] == list(named_rows(rule.source.note)), rule.id
            assert note["text"]
        else:
            assert shown["note"] is None
    for ambiguity in doc["ambiguities"]:
        assert "note" in ambiguity


def test_every_cited_row_exists_in_the_shipped_notes() -> None:
    for game in GAMES:
        spec = game_for(game).spec
        for item in (*spec.rules, *spec.ambiguities):
            if NOTES_FILE not in item.source.note:
                continue
            note = cited_note(item.source.note, spec.rulebook)
            assert note is not None, (game, item.id)
            assert len(note.rows) == len(named_rows(item.source.note)), (game, item.id, item.source.note)
            assert note.rows or note.intro


def test_a_note_naming_a_missing_row_or_game_cites_nothing_from_it() -> None:
    text = "## Demo (`009_…`)\n\nIntro.\n\n| # | point | default | flag |\n|---|---|---|---|\n| 1 | a | b | — |\n"
    assert cited_note("RULES-NOTES.md §Demo row 2", "009_x.txt", text).rows == ()  # type: ignore[union-attr]
    assert cited_note("RULES-NOTES.md §Demo row 1", "009_x.txt", text).rows[0].default == "b"  # type: ignore[union-attr]
    assert cited_note("RULES-NOTES.md §Other row 1", "008_x.txt", text) is None


def test_the_shipped_notes_are_the_checkouts_notes() -> None:
    folder = Path(os.environ.get("RULEPROOF_RULEBOOKS") or rulebooks_dir())
    original = folder.parent / NOTES_FILE
    if not original.exists():
        pytest.skip(f"no {NOTES_FILE} beside the rulebooks ({folder}); set RULEPROOF_RULEBOOKS")
    assert notes_text() == original.read_text("utf-8"), \
        f"checkers/{NOTES_PATH} differs from {original}: copy it again"


def test_the_notes_ship_as_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["ruleproof.checkers"]
    assert any(fnmatch.fnmatch(NOTES_PATH, p) for p in patterns)
    assert (ROOT / "checkers" / NOTES_PATH).is_file()
