"""The try-it board without a browser: its Python side under CPython, the code zip, and its place on the pages.

The board's Python (``docs/_ext/ruleproof_docs/tryit_board.py``) is the very
file the browser runs, so its verdicts are checked here against the plain
specification for every game: a listed move is made, a move the spec forbids
is refused naming exactly the spec's rule ids, the spec (not the engine)
decides, and the history steps back and forth. The zip the pages load must
run on the standard library alone (a fresh interpreter without
site-packages), and be the same bytes when built twice.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ruleproof.model.io.codec import encode
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.registry import load_part

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"
GAMES = available_games()


@pytest.fixture(scope="module", autouse=True)
def _ext_on_path() -> Iterator[None]:
    sys.path.insert(0, str(EXT))
    try:
        yield
    finally:
        sys.path.remove(str(EXT))


def _board_module() -> Any:
    return importlib.import_module("ruleproof_docs.tryit_board")


def _tryit() -> Any:
    return importlib.import_module("ruleproof_docs.tryit")


def illegal_move(game: str, state: Any) -> tuple[str, tuple[str, ...]] | None:
    """A candidate move the plain spec refuses in ``state``, with the rule ids it breaks (``None`` if none)."""
    spec = load_part(game, "spec").SPEC
    engine = game_for(game)
    actor = engine.current_player(state)
    variant = engine.variant_of(state)
    for move in spec.candidate_moves(state, actor):
        report = spec.check_move(variant, state, actor, move)
        if not report.ok:
            return str(move), report.rule_ids
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_listed_move_is_made_and_an_illegal_one_names_the_specs_rules(game: str) -> None:
    board = _board_module().Board.deal(game, seed=11)
    view = board.view()
    assert view["actor"].startswith("seat ") and view["legal_count"] > 0
    listed = [m for g in view["groups"] for m in g["moves"]]
    assert len(listed) == view["listed"] == min(view["legal_count"], _board_module().MAX_LISTED)
    assert view["svg"].lstrip().startswith("<svg") and view["text"]

    found = illegal_move(game, board.state)
    assert found is not None, f"{game}: no candidate move is illegal at the deal"
    text, rule_ids = found
    answer = board.play(text)
    assert answer["ok"] is False and answer["stage"] == "rules"
    assert tuple(v["rule"] for v in answer["violations"]) == rule_ids
    assert all(v["message"] for v in answer["violations"])
    assert board.view()["steps"] == 1, "a refused move changes nothing"

    answer = board.play(listed[0])
    assert answer["ok"] is True, answer
    assert answer["notes"] == [], f"{game}: the engine and the spec disagree on {listed[0]}: {answer['notes']}"
    after = board.view()
    assert (after["step"], after["steps"]) == (1, 2)
    assert after["moves"][0]["move"] == listed[0]
    assert game_for(game).current_player(board.state) != CHANCE, "chance moved by itself up to the next decision"


@pytest.mark.parametrize("game", GAMES)
def test_steps_back_and_forth_and_a_move_from_the_past_drops_the_future(game: str) -> None:
    board = _board_module().Board.deal(game, seed=4)
    first = board.view()["text"]
    for _ in range(3):
        if board.view()["terminal"]:
            break
        assert board.random_move()["ok"]
    steps = board.view()["steps"]
    assert board.back()["step"] == steps - 2
    assert board.goto(0)["text"] == first
    assert board.back()["step"] == 0, "stays at the first"
    assert board.forward()["step"] == 1
    assert board.goto(99)["step"] == steps - 1, "stays at the last"
    board.goto(0)
    moves = [m for g in board.view()["groups"] for m in g["moves"]]
    assert board.play(moves[-1])["ok"]
    assert board.view()["steps"] == 2, "the positions after the one moved from are dropped"


def test_the_spec_decides_not_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof.spec.core import Report, Violation

    module = _board_module()
    board = module.Board.deal("take5", seed=2)
    listed = [m for g in board.view()["groups"] for m in g["moves"]]
    # The spec refuses a move the engine lists: refused, with the spec's rule.
    monkeypatch.setattr(board.spec.__class__, "check_move",
                        lambda self, *a: Report((Violation("T5-SELECT-1", "Test", "refused by the test"),)))
    answer = board.play(listed[0])
    assert (answer["ok"], [v["rule"] for v in answer["violations"]]) == (False, ["T5-SELECT-1"])
    monkeypatch.undo()
    # The engine does not generate a move the spec allows: made, with a note that they disagree.
    monkeypatch.setattr(board.engine, "is_legal_move", lambda state, move: False)
    answer = board.play(listed[0])
    assert answer["ok"] is True and any("disagree" in n for n in answer["notes"])


def test_invalid_input_is_refused_with_the_reason() -> None:
    module = _board_module()
    board = module.Board.deal("bigfive", seed=1)
    assert board.play("")["stage"] == "input"
    assert board.play("x" * (module.MAX_MOVE_TEXT + 1))["stage"] == "input"
    parsed = board.play("play nowhere")
    assert parsed["stage"] == "parse" and "Big Five" in parsed["message"]
    assert json.loads(board.call("goto", "not a number"))["stage"] == "error"
    assert json.loads(board.call("erase"))["ok"] is False


def test_a_board_starts_from_a_position_in_the_codecs_json_and_chance_may_be_chosen() -> None:
    module = _board_module()
    engine = game_for("take5")
    start = engine.initial_state(2, engine.default_variant())
    assert engine.current_player(start) == CHANCE
    board = module.Board.from_json("take5", json.dumps(encode(start)), seed=1)
    view = board.view()
    assert view["chance"] and view["actor"] == "chance" and view["legal_count"] == 104
    assert board.play("deal 7")["ok"], "the reader may choose what chance deals"
    assert board.chance_moves()["ok"]
    assert game_for("take5").current_player(board.state) == 0
    assert board.chance_moves()["stage"] == "input"


def test_a_finished_game_shows_its_outcome_and_takes_no_move() -> None:
    module = _board_module()
    board = module.Board.deal("bigpoints", seed=3)
    for _ in range(2000):
        if board.view()["terminal"]:
            break
        assert board.random_move()["ok"]
    view = board.view()
    assert view["terminal"] and view["actor"] == "nobody (the game is over)" and view["legal_count"] == 0
    assert len(view["outcome"]["scores"]) == view["players"] and view["outcome"]["winners"]
    assert board.play("black")["stage"] == "input"
    assert game_for("bigpoints").current_player(board.state) == TERMINAL


def test_the_code_zip_runs_on_the_standard_library_alone_and_is_reproducible(tmp_path: Path) -> None:
    tryit = _tryit()
    modules, foreign = tryit.board_modules()
    assert foreign == [], f"the board imports modules the browser does not have: {foreign}"
    names = {name for name, _ in modules}
    assert {"ruleproof.spec.core", "ruleproof.model.io.codec", "ruleproof.checkers.render.take5"} <= names
    assert "ruleproof.spec.sources" not in names, "the rulebook texts stay out of the browser"
    assert not any(n.startswith(("ruleproof.checkers.smt", "ruleproof.checkers.cli")) for n in names)
    data = tryit.board_zip(modules)
    assert data == tryit.board_zip(modules), "the same bytes twice"
    with zipfile.ZipFile(tmp_path / "code.zip", "w") as _:
        pass
    (tmp_path / "code.zip").write_bytes(data)
    with zipfile.ZipFile(tmp_path / "code.zip") as archive:
        archive.extractall(tmp_path / "code")
        assert "tryit_board.py" in archive.namelist()
    # -I -S: no site-packages, no user site, no PYTHONPATH: the standard library and the zip only. Every game
    # deals and makes a random move (the browser tests play a sample of the games in Pyodide, which runs this zip).
    script = ("import sys, json; sys.path.insert(0, sys.argv[1]); import tryit_board\n"
              "for game in sys.argv[2:]:\n"
              "    b = tryit_board.Board.deal(game, seed=5)\n"
              "    print(json.loads(b.call('view'))['legal_count'], b.random_move()['ok'])")
    games = list(available_games())
    proc = subprocess.run([sys.executable, "-I", "-S", "-c", script, str(tmp_path / "code"), *games],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    expected = [f"{_board_module().Board.deal(game, seed=5).view()['legal_count']} True" for game in games]
    assert proc.stdout.splitlines() == expected


def test_boards_go_after_each_example_with_a_position_and_before_the_overviews_glance() -> None:
    tryit = _tryit()
    overview = "Title\n=====\n\nText.\n\nAt a glance\n-----------\n\ntable\n"
    placed = tryit._insert_before(overview, "At a glance", "BOARD\n")
    assert placed.index("BOARD") < placed.index("At a glance") and placed.count("BOARD") == 1
    assert tryit._insert_before("no such heading\n", "At a glance", "BOARD\n").rstrip().endswith("BOARD")

    class Test:
        def __init__(self, name: str) -> None:
            self.name = name

    class Ctx:
        game = "take5"
        examples = [Test("test_a"), Test("test_b"), Test("test_c")]

        class spec:  # noqa: N801 - stands in for a GameSpec
            title = "Take 5"

    page = ("Examples\n\n.. _example-take5-test_a:\n\nA\n-\n\nbody a\n\n.. _example-take5-test_b:\n\nB\n-\n\n"
            "body b\n\n.. _example-take5-test_c:\n\nC\n-\n\nbody c\n")
    data = {"examples": {"test_a": ["p1"], "test_c": ["p2", "p3"]}}
    text, count = tryit._examples_page(page, Ctx, "games/take5/examples", data)
    assert count == 2
    a, b, c = text.index("body a"), text.index("body b"), text.index("body c")
    first, second = text.index('data-starts="p1"'), text.index('data-starts="p2 p3"')
    assert a < first < text.index("test_b:") and c < second, "each board closes its own example"
    assert text.count('class="rp-tryit"') == 2 and b < second
    assert 'src="../../_static/tryit/tryit.js"' in text
    none, count = tryit._examples_page(page, Ctx, "games/take5/examples", {"examples": {}})
    assert count == 1 and 'data-starts=""' in none and "Try it here\n-----------" in none
