"""Seeing games (issue 18): ``show`` in three formats for every game, the seat views, legends,
the Take 5 pile labels, the replay viewer's page and the stored witnesses."""

from __future__ import annotations

import json
import random
import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.checks.validate import validate_record
from ruleproof.checkers.cli.main import main
from ruleproof.checkers.render.picture import render
from ruleproof.checkers.view.replay import replay_html
from ruleproof.checkers.view.steps import build_steps
from ruleproof.checkers.view.witness import stored_witness
from ruleproof.model.io.records import GameRecord, make_record
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec import registry

GAMES = ("take5", "bigfive", "bigpoints", "ikebana", "cinco")


def random_record(game_id: str, moves: int, seed: int = 1) -> GameRecord:
    """A record of the first ``moves`` moves of a seeded random game (fewer if it ends)."""
    game = game_for(game_id)
    players = max(2, game.spec.min_players)
    state = game.initial_state(players, game.default_variant())
    rng = random.Random(seed)
    history = []
    while len(history) < moves and not game.is_terminal(state):
        actor = game.current_player(state)
        move = game.random_move(state, rng, actor)
        history.append((actor, move))
        state = game.apply(state, move)
    return make_record(game_id, players, game.default_variant(), history)


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    paths = {}
    for game in GAMES:
        path = folder / f"{game}.json"
        path.write_text(random_record(game, 80).dumps(), encoding="utf-8")
        paths[game] = path
    return paths


@pytest.mark.parametrize("game", GAMES)
def test_show_draws_every_game_in_three_formats(game: str, records: dict[str, Path], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert game in available_games()
    assert main(["show", str(records[game]), "--move", "40"]) == 0
    text = capsys.readouterr().out
    assert text.strip() and "Traceback" not in text
    svg_path = tmp_path / "p.svg"
    assert main(["show", str(records[game]), "--output", str(svg_path)]) == 0
    root = ET.fromstring(svg_path.read_text("utf-8"))
    assert root.tag.endswith("svg") and 'class="legend"' in svg_path.read_text("utf-8")
    pytest.importorskip("cairosvg")
    png_path = tmp_path / "p.png"
    assert main(["show", str(records[game]), "--format", "png", "--output", str(png_path), "--seat", "1"]) == 0
    assert png_path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_sees_less_than_the_referee(game: str) -> None:
    engine = game_for(game)
    record = random_record(game, 150)  # past the deal: hands are dealt
    state = engine.replay(record.players, engine.variant_of(engine.initial_state(record.players, engine.default_variant())),
                          [engine.parse_move(m.move) for m in record.moves])
    referee, seat0 = render(game, state), render(game, state, 0)
    assert 'class="back' not in referee  # the referee sees every card
    assert 'class="back' in seat0 or 'class="card hand-back"' in seat0  # seat 0 sees seat 1's cards face down
    assert render(game, state, 1) != seat0


def test_show_seat_text_draws_the_seats_view(records: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    # the board as the game looks (issue 35), not the observation's keys; tests/checkers/test_terminal_views.py
    # holds the golden views and the hidden-card checks
    assert main(["show", str(records["take5"]), "--move", "30", "--seat", "0"]) == 0
    text = capsys.readouterr().out
    assert "seat 0 (you)" in text and "row 1 " in text and "hand:" in text and "face down" in text
    assert "what seat 0 sees" not in text and "\x1b[" not in text


def test_invalid_show_arguments_exit_2(records: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(records["take5"]), "--move", "9999"]) == 2
    assert "--move must be between 0 and" in capsys.readouterr().err
    assert main(["show", str(records["take5"]), "--seat", "7"]) == 2
    assert "--seat must be between" in capsys.readouterr().err


def test_invalid_png_without_cairosvg_says_which_extra(records: dict[str, Path], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import fails as if not installed
    assert main(["show", str(records["take5"]), "--output", str(tmp_path / "x.png")]) == 2
    message = capsys.readouterr().err
    assert "ruleproof[png]" in message and "Traceback" not in message
    assert not (tmp_path / "x.png").exists()


def test_invalid_plugin_game_without_renderer_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = registry.GameParts(id="plainfive", spec="ruleproof.spec.take5", engine="ruleproof.model.take5")
    registry.register_game(parts)
    try:
        record = random_record("take5", 30)
        path = tmp_path / "plain.json"
        path.write_text(GameRecord("plainfive", record.players, record.variant, record.moves).dumps(), encoding="utf-8")
        assert main(["show", str(path), "--format", "svg"]) == 2
        message = capsys.readouterr().err
        assert "plainfive" in message and "renderer" in message and "Traceback" not in message
    finally:
        registry._REGISTERED.pop("plainfive", None)


def _fanned_labels(svg: str, css: str) -> list[tuple[float, str]]:
    pattern = re.compile(rf'<g class="{css}">.*?<text x="([\d.]+)"[^>]*>(\d+)</text>')
    return [(float(x), label) for x, label in pattern.findall(svg)]


def test_take5_pile_labels_do_not_overlap() -> None:
    from ruleproof.checkers.render.take5 import render_svg, render_view
    from ruleproof.model.take5 import GAME

    state = GAME.new_game(2, seed=3)
    pile = (44, 55, 66, 77, 101, 104)
    state = state._replace(piles=(pile, ()))
    for svg in (render_svg(state), render_view(state)):
        labels = _fanned_labels(svg, "card pile")
        assert [label for _, label in labels] == [str(c) for c in pile]
        for (x0, label), (x1, _) in zip(labels, labels[1:]):
            # 12 px sans-serif digits are at most ~7.5 px wide; the next card must start after the label
            assert x1 - x0 >= len(label) * 7.5, (label, x0, x1)


def test_every_picture_has_a_legend() -> None:
    for game in GAMES:
        engine = game_for(game)
        state = engine.new_game(max(2, engine.spec.min_players), seed=2)
        svg = render(game, state)
        assert svg.count('class="legend-key"') >= 3, game


def test_bigfive_and_cinco_witnesses_highlight_their_lines() -> None:
    from ruleproof.checkers.render.bigfive import render_finding_svg as bigfive_picture
    from ruleproof.checkers.render.cinco import render_finding_svg as cinco_picture
    from ruleproof.checkers.catalogue.findings import Finding

    bonus = Finding("BF-X", "bigfive", "?", "sat", "", witness={
        "board": "Gb@0,0 Gy@0,1 Gg@0,2 Zb@1,0 Zy@1,1 Zg@1,2", "play": "play Gr@0,3 Zr@1,3"})
    svg = bigfive_picture(bonus)
    assert svg is not None and svg.count('class="line"') == 2 and 'class="legend"' in svg
    cells = [-1] * 90
    for n in (1, 2, 3, 4, 5):
        cells[n - 1] = 0
    win = Finding("CI-X", "cinco", "square, 2 colours: ?", "sat", "", witness={"cells": cells})
    picture = cinco_picture(win)
    assert picture is not None and picture.count('class="win"') == 1


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.external: list[str] = []
        self.scripts_with_src: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value and re.match(r"^\s*(https?:)?//", value):
                self.external.append(value)
            if tag == "script" and name == "src":
                self.scripts_with_src.append(value or "")


@pytest.mark.parametrize("game", GAMES)
def test_replay_page_is_self_contained(game: str) -> None:
    record = random_record(game, 40)
    page = replay_html(record, title=f"{game} test")
    links = _Links()
    links.feed(page)
    assert links.external == [] and links.scripts_with_src == []
    assert "default-src 'none'" in page  # the page may not fetch anything


def test_replay_steps_show_rules_alternatives_and_the_illegal_move() -> None:
    record = random_record("take5", 40)
    moves = list(record.moves)
    moves[-1] = moves[-1]._replace(move="play 999") if moves[-1].actor >= 0 else moves[-1]._replace(move="deal 999")
    bad = GameRecord(record.game, record.players, record.variant, tuple(moves))
    replay = build_steps(bad)
    assert replay.illegal_at == len(moves) - 1
    last = replay.steps[-1]
    assert last.illegal and any(not r.holds for r in last.rules)
    good = build_steps(record)
    assert good.illegal_at is None and len(good.steps) == len(record.moves) + 1
    chance_steps = [s for s in good.steps[1:] if s.actor == -1]
    assert chance_steps and all(s.chance and "/" in s.chance[0][1] for s in chance_steps)
    player_steps = [s for s in good.steps[1:] if s.actor is not None and s.actor >= 0]
    assert player_steps and all(s.alternatives and s.rules and all(r.holds for r in s.rules) for s in player_steps)


STORE = Path(__file__).resolve().parents[2] / "checkers" / "data" / "witnesses"


@pytest.mark.parametrize("game", GAMES)
def test_every_stored_witness_validates(game: str) -> None:
    data = json.loads((STORE / f"{game}.json").read_text("utf-8"))
    assert data, game
    assert any(entry["records"] for entry in data.values()), game
    for finding_id in data:
        witness = stored_witness(finding_id)
        assert witness is not None and witness.records == tuple(witness.records)
        for record in witness.records:
            assert validate_record(record).ok, finding_id


def test_replay_finding_uses_the_stored_witness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from ruleproof.checkers.view import witness as module

    def no_solving(finding_id: str) -> Any:
        raise AssertionError("the stored witness must be used")

    monkeypatch.setattr(module, "solve_witness", no_solving)
    page = tmp_path / "t5.html"
    assert main(["replay", "--finding", "T5-F-5", "--html", str(page)]) == 0
    text = page.read_text("utf-8")
    assert "T5-F-5" in text and text.startswith("<!DOCTYPE html>")
    assert main(["replay", "--finding", "T5-F-1", "--html", str(tmp_path / "none.html")]) == 2
    assert "no witness" in capsys.readouterr().err


def test_replay_opens_a_certificate(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parents[1] / "data" / "proofs" / "take5_illegal_row.json"
    page = tmp_path / "cert.html"
    assert main(["replay", str(source), "--html", str(page)]) == 0
    assert "is illegal" in page.read_text("utf-8")


def test_show_and_replay_json_match_their_schemas(records: dict[str, Path], tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from ruleproof.checkers.cli.schemas import command_schema

    assert main(["show", str(records["cinco"]), "--format", "svg", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    jsonschema.validate(doc, command_schema("show"))
    assert doc["picture"].startswith("<svg")
    assert main(["replay", str(records["ikebana"]), "--html", str(tmp_path / "r.html"), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    jsonschema.validate(doc, command_schema("replay"))
    assert doc["moves"] == 80 and (tmp_path / "r.html").stat().st_size == doc["bytes"]
