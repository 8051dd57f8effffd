"""The OpenSpiel adapter under a reading file (issue 17): the ``reading`` game
parameter loads a reading as ``--reading FILE`` does, its extra rules change
the legal actions, and the adapter then agrees with the reading's engine.

Skipped as a whole when ``pyspiel`` (the ``openspiel`` extra) is not installed.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from ruleproof.checkers.interop import openspiel as adapter
from ruleproof.model.io.readings import load_reading
from ruleproof.spec.take5 import Take

HOWTO = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading"


def _copy(tmp_path: Path, stem: str, flags: str = "") -> Path:
    """The how-to's reading file ``stem`` and its plugin in ``tmp_path`` (with extra ``[flags]`` lines)."""
    shutil.copy(HOWTO / f"{stem}.py", tmp_path / f"{stem}.py")
    text = (HOWTO / f"{stem}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"{stem}.toml"
    path.write_text(text + (f"[flags]\n{flags}\n" if flags else ""), encoding="utf-8")
    return path


def _step(state: Any, rng: random.Random) -> Any:
    """Play one random action (chance by its probabilities); returns its move."""
    if state.is_chance_node():
        action = state.sample_chance_action(rng)
    else:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
    move = state.move_of(action)
    state.apply_action(action)
    return move


def test_house_rule_reading_restricts_the_legal_actions(tmp_path: Path) -> None:
    path = _copy(tmp_path, "fewest")
    game = pyspiel.load_game("ruleproof_take5", {"players": 4, "reading": str(path)})
    plain = adapter.load("take5", 4)
    assert game.context.reading.rule_ids == ("HOUSE-LOW-1",) and "Fewest cards" in game.get_type().long_name
    restricted = 0
    for seed in range(12):
        rng = random.Random(seed)
        state, other = game.new_initial_state(), plain.new_initial_state()
        while not state.is_terminal():
            legal, everything = state.legal_actions(), other.legal_actions()
            assert set(legal) <= set(everything) and legal
            if len(legal) < len(everything):
                restricted += 1
                rows = state.engine_state.rows
                fewest = min(len(r) for r in rows)
                moves = [state.move_of(a) for a in legal]
                assert all(isinstance(m, Take) and len(rows[m.row]) == fewest for m in moves)
                banned = next(a for a in everything if a not in legal)
                with pytest.raises(Exception, match="not legal"):
                    state.clone().apply_action(banned)
            _step(state, rng)
            other.apply_action(state.history()[-1])
    assert restricted > 0  # the house rule mattered in these games


def test_adapter_agrees_with_the_readings_engine(tmp_path: Path) -> None:
    path = _copy(tmp_path, "fewest")
    reading = load_reading(path)
    game = adapter.load("take5", 3, reading=path)
    engine = game.context.engine
    assert type(engine) is not type(adapter.load("take5", 3).context.engine)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        mirror = reading.engine.initial_state(3, reading.variant)
        while not state.is_terminal():
            if not state.is_chance_node():
                expected = sorted(reading.engine.legal_moves(mirror))
                assert sorted(state.move_of(a) for a in state.legal_actions()) == expected
            mirror = reading.engine.apply(mirror, _step(state, rng), check=True)
        assert mirror == state.engine_state
        assert tuple(state.returns()) == reading.engine.returns(mirror)


def test_reading_passes_openspiels_own_checks(tmp_path: Path) -> None:
    path = _copy(tmp_path, "fewest")
    game = pyspiel.load_game("ruleproof_take5", {"players": 2, "deck": "tactical", "reading": str(path)})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    bonus = _copy(tmp_path, "bonus_per_line")
    five = pyspiel.load_game("ruleproof_bigfive", {"players": 2, "children": True, "reading": str(bonus)})
    assert type(five.context.engine).__name__ == "OnePerLineGame"
    pyspiel.random_sim_test(five, num_sims=1, serialize=True, verbose=False)


def test_flags_are_the_readings_with_parameters_on_top(tmp_path: Path) -> None:
    path = _copy(tmp_path, "fewest", 'threshold = 30\nend_rule = ">"')
    game = pyspiel.load_game("ruleproof_take5", {"players": 3, "reading": str(path)})
    assert (game.context.variant.threshold, game.context.variant.end_rule) == (30, ">")
    over = pyspiel.load_game("ruleproof_take5", {"players": 3, "reading": str(path), "threshold": 40})
    assert (over.context.variant.threshold, over.context.variant.end_rule) == (40, ">")
    # The game string carries the absolute path and every flag: it loads the same game again.
    assert f"reading={path.resolve()}" in str(over) and "threshold=40" in str(over)
    again = pyspiel.load_game(str(over))
    assert again.context is over.context
    state = over.new_initial_state()
    rng = random.Random(1)
    for _ in range(60):
        _step(state, rng)
    restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(over, state))[1]
    assert restored.history() == state.history() and restored.engine_state == state.engine_state


@pytest.mark.parametrize(("content", "message"), [
    (None, "cannot|No such file|not found|does not exist"),
    ('game = "take5"\ntitle = "x"\ncolour = "red"\n', r"\$\.colour"),
    ('game = "take5"\ntitle = "x"\n[flags]\nthreshold = "many"\n', r"\$\.flags"),
    ('game = "bigpoints"\ntitle = "x"\n', "not 'take5'"),
    ('game = "take5"\ntitle = "x"\nrules = "missing.py"\n', r"\$\.rules"),
    ("game = [", "TOML|toml|line"),
])
def test_bad_reading_file_is_a_clear_spiel_error(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "bad.toml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(pyspiel.SpielError, match=message) as info:
        pyspiel.load_game("ruleproof_take5", {"players": 2, "reading": str(path)})
    assert isinstance(info.value, adapter.AdapterError)
    assert str(info.value).startswith("ruleproof_take5: ") and "bad.toml" in str(info.value)
    assert "Traceback" not in str(info.value)


def test_reading_path_that_a_game_string_cannot_hold_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "a,b"
    folder.mkdir()
    path = _copy(folder, "fewest")
    with pytest.raises(pyspiel.SpielError, match="cannot appear in an OpenSpiel game string"):
        adapter.load("take5", 2, reading=path)
    with pytest.raises(pyspiel.SpielError, match="cannot appear in an OpenSpiel game string"):
        pyspiel.load_game("ruleproof_take5", {"reading": str(path)})
