"""``validate`` asks the specification (issue 32, point 1): a deliberately wrong engine cannot make a record valid.

Each wrong engine here is a subclass of the Take 5 engine with one defect: it
accepts one illegal move, computes a wrong next state, or names the wrong
winners. By default the spec decides and every defect is a failure (exit 1,
naming the rule); ``--fast`` trusts the engine and says so.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.checks.validate import validate_record
from ruleproof.checkers.cli.main import main
from ruleproof.model.core import TERMINAL, Outcome
from ruleproof.model.io.readings import Reading, load_reading
from ruleproof.model.io.records import GameRecord, RecordedMove
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.core import variant_to_dict
from ruleproof.spec.take5 import Place, Take

#: The plugin source of the wrong engine used through the command line (a derived GAME of a reading file).
WRONG_ENGINE = '''
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.take5 import Place, Take


class TakeInsteadOfPlace(Take5Game):
    """Wrong on purpose: a card with a row to go to may also take row 1 (T5-LOW-2 forbids it)."""

    def legal_moves(self, state):
        moves = Take5Game.legal_moves(self, state)
        if state.resolving and not state.finished and moves and all(type(m) is Place for m in moves):
            return (*moves, Take(0))
        return moves


GAME = TakeInsteadOfPlace()
'''


class TakeInsteadOfPlace(Take5Game):
    """The same wrong engine, in process."""

    def legal_moves(self, state: Any) -> tuple[Any, ...]:
        moves = Take5Game.legal_moves(self, state)
        if state.resolving and not state.finished and moves and all(type(m) is Place for m in moves):
            return (*moves, Take(0))
        return moves


class PlaceAtTheFront(Take5Game):
    """Wrong on purpose: a placed card goes to the front of its row, not after its end (T5-PLACE-4)."""

    def apply_unchecked(self, state: Any, move: Any) -> Any:
        after = Take5Game.apply_unchecked(self, state, move)
        if type(move) is Place and not move.left and len(after.rows[move.row]) > 1:
            rows = list(after.rows)
            row = rows[move.row]
            rows[move.row] = (row[-1], *row[:-1])
            return after._replace(rows=tuple(rows))
        return after


class LoserWins(Take5Game):
    """Wrong on purpose: the seat with the most bullheads wins (T5-WIN-1)."""

    def outcome(self, state: Any) -> Outcome:
        right = Take5Game.outcome(self, state)
        worst = max(right.scores)
        return Outcome(right.scores, frozenset(s for s, v in enumerate(right.scores) if v == worst))


def _record(game: Take5Game, seed: int = 3, take_once: bool = False, players: int = 3) -> GameRecord:
    """A finished game played on ``game``; with ``take_once`` the first offered wrong Take(0) is chosen."""
    rng = random.Random(seed)
    variant = game.default_variant()
    state = game.initial_state(players, variant)
    moves, chose = [], False
    while (actor := game.current_player(state)) != TERMINAL:
        options = game.legal_moves(state)
        move = game.random_move(state, rng, actor)
        if take_once and not chose and Take(0) in options and any(type(m) is Place for m in options):
            move, chose = Take(0), True
        moves.append(RecordedMove(actor, str(move)))
        state = game.apply_unchecked(state, move)
    assert chose or not take_once
    identity = None if type(game) is Take5Game else _reading(game).identity()
    return GameRecord("take5", players, variant_to_dict(variant), tuple(moves), reading=identity)


def _reading(engine: Take5Game) -> Reading:
    return Reading("take5", engine.default_variant(), title="wrong engine", derived=engine)


def _index_of_wrong_take(record: GameRecord) -> int:
    base = Take5Game()
    state = base.initial_state(record.players, base.default_variant())
    for index, recorded in enumerate(record.moves):
        move = base.parse_move(recorded.move)
        if move not in base.legal_moves(state):
            return index
        state = base.apply_unchecked(state, move)
    raise AssertionError("no illegal move in the record")


def test_invalid_move_accepted_by_a_wrong_engine_is_refused_by_the_spec() -> None:
    engine = TakeInsteadOfPlace()
    record = _record(engine, take_once=True)
    reading = _reading(engine)
    result = validate_record(record, reading)
    assert not result.ok and result.failure == "illegal" and result.checked_by == "spec"
    assert result.index == _index_of_wrong_take(record)
    assert "T5-LOW-2" in result.rule_ids
    assert result.engine_agrees is False and "the engine accepts this move" in result.reason
    fast = validate_record(record, reading, fast=True)
    assert fast.ok and fast.checked_by == "engine", "the engine-only path trusts the wrong engine (as documented)"
    assert "trusts the engine" in str(fast)


def test_invalid_transition_of_a_wrong_engine_breaks_an_effect_rule() -> None:
    engine = PlaceAtTheFront()
    record = _record(engine)
    result = validate_record(record, _reading(engine))
    assert result.failure == "effect" and "T5-PLACE-4" in result.rule_ids, result
    assert result.index is not None and type(engine.parse_move(record.moves[result.index].move)) is Place
    assert validate_record(record, _reading(engine), fast=True).ok


def test_invalid_winners_of_a_wrong_engine_break_the_outcome_rule() -> None:
    engine = LoserWins()
    record = _record(engine)
    result = validate_record(record, _reading(engine))
    assert result.failure == "outcome" and result.rule_ids == ("T5-WIN-1",) and result.index is None, result
    assert "T5-WIN-1" in str(result) and result.to_json()["end"]["rule_ids"] == ["T5-WIN-1"]
    assert validate_record(record, _reading(engine), fast=True).ok


def test_a_right_engine_passes_in_both_modes() -> None:
    engine = Take5Game()
    record = _record(engine)
    spec, fast = validate_record(record), validate_record(record, fast=True)
    assert spec.ok and spec.finished and spec.checked == len(record.moves) and spec.checked_by == "spec"
    assert fast.ok and fast.checked_by == "engine"


@pytest.fixture
def wrong_reading(tmp_path: Path) -> Path:
    (tmp_path / "wrong.py").write_text(WRONG_ENGINE, encoding="utf-8")
    path = tmp_path / "wrong.toml"
    path.write_text('game = "take5"\ntitle = "a wrong engine"\nrules = "wrong.py"\n', encoding="utf-8")
    return path


def test_invalid_cli_validate_exits_1_naming_the_rule(wrong_reading: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    reading = load_reading(wrong_reading)
    record = _record(reading.engine, take_once=True)
    record_path = tmp_path / "game.json"
    record_path.write_text(GameRecord(record.game, record.players, record.variant, record.moves,
                                      reading=reading.identity()).dumps(), encoding="utf-8")
    capsys.readouterr()
    assert main(["validate", str(record_path), "--reading", str(wrong_reading)]) == 1
    text = capsys.readouterr().out
    assert "T5-LOW-2" in text and "illegal move at index" in text and "engine and spec disagree" in text
    assert main(["validate", str(record_path), "--reading", str(wrong_reading), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["checked_by"] == "spec" and data["trusts_engine"] is False
    assert "T5-LOW-2" in data["first_illegal"]["rule_ids"] and data["first_illegal"]["engine_agrees"] is False

    assert main(["validate", str(record_path), "--reading", str(wrong_reading), "--fast"]) == 0
    assert "trusts the engine" in capsys.readouterr().out
    assert main(["validate", str(record_path), "--reading", str(wrong_reading), "--fast", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["checked_by"] == "engine" and data["trusts_engine"] is True and "trusts the engine" in data["mode"]


def test_validate_help_documents_fast_as_trusting_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--fast" in help_text and "trusts the engine" in help_text


# -- prove: the certificate's verdict and its prefix are the spec's ---------------------------------


def test_invalid_prove_of_a_move_a_wrong_engine_accepts_is_illegal_and_names_the_disagreement() -> None:
    from ruleproof.checkers.proofs.core import engine_disagreement, prove

    engine = TakeInsteadOfPlace()
    record = _record(engine, take_once=True)
    index = _index_of_wrong_take(record)
    cert = prove(record, index, reading=_reading(engine))
    assert cert["verdict"] == "illegal" and "T5-LOW-2" in cert["violated"]
    assert "engine accepts this move" in (engine_disagreement(cert) or "")
    with pytest.raises(Exception, match="is illegal"):  # default: the spec checks the prefix
        prove(record, index + 1, reading=_reading(engine))
    trusted = prove(record, index + 1, reading=_reading(engine), fast=True)
    assert "trusts the engine" in trusted["producer"]["prefix_checked_by"]


def test_invalid_prove_after_a_wrong_transition_is_a_disagreement() -> None:
    from ruleproof.checkers.proofs.core import EngineDisagreementError, prove

    engine = PlaceAtTheFront()
    record = _record(engine)
    index = validate_record(record, _reading(engine)).index
    assert index is not None
    with pytest.raises(EngineDisagreementError, match="T5-PLACE-4"):
        prove(record, index + 1, reading=_reading(engine))
    assert "prefix_checked_by" in prove(record, index + 1, reading=_reading(engine), fast=True)["producer"]


def test_invalid_cli_prove_with_a_wrong_engine(wrong_reading: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    reading = load_reading(wrong_reading)
    record = _record(reading.engine, take_once=True)
    record = GameRecord(record.game, record.players, record.variant, record.moves, reading=reading.identity())
    record_path = tmp_path / "game.json"
    record_path.write_text(record.dumps(), encoding="utf-8")
    index = _index_of_wrong_take(record)
    capsys.readouterr()
    assert main(["prove", str(record_path), "--move", str(index), "--reading", str(wrong_reading)]) == 1
    out = capsys.readouterr().out
    assert "T5-LOW-2" in out and "ENGINE DISAGREES" in out and "the specification decides" in out
    assert main(["prove", str(record_path), "--move", str(index + 1), "--reading", str(wrong_reading)]) == 2
    assert "is illegal" in capsys.readouterr().err
    code = main(["prove", str(record_path), "--move", str(index + 1), "--reading", str(wrong_reading), "--fast"])
    out = capsys.readouterr().out
    assert code in (0, 1) and "trusting the engine" in out
