"""``ruleproof play`` as people use it (issue 35 point 2, issue 32 point 6): moves grouped by kind and typed
as text, a drawn board, hostile lines refused, ``save`` errors reported, one Ctrl-C that ends the game.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.cli.play import save
from ruleproof.checkers.view.play import MAX_INPUT, MCTS_SIMULATIONS, Session, group_moves
from ruleproof.model.io.records import load_record
from ruleproof.spec.bigfive import Exchange, Play
from patience import PATIENCE

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _opening(game: str, seats: list[str], seed: int) -> Session:
    session = Session(game, seats, seed=seed)
    session.advance()
    return session


def test_big_five_offers_its_plays_before_its_exchanges() -> None:
    # seed 2: 24 plays and 31 exchanges, the engine listing the exchanges first
    session = _opening("bigfive", ["human", "random"], 2)
    legal = session.legal()
    assert isinstance(legal[0], Exchange)  # what the engine's order would show first
    groups = session.choices()
    assert [g.kind for g in groups] == ["play", "exchange"]
    assert all(isinstance(m, Play) for _, m in groups[0].moves)
    numbers = [n for g in groups for n, _ in g.moves]
    assert numbers == list(range(1, len(legal) + 1))
    assert sorted(map(str, session.numbered())) == sorted(map(str, legal))


def test_a_number_plays_the_move_listed_under_it() -> None:
    session = _opening("bigfive", ["human", "random"], 2)
    listed = session.numbered()
    assert session.human_input("1").ok
    assert session.history[-1] == (0, listed[0])
    assert isinstance(listed[0], Play)


def test_groups_without_declared_kinds_keep_the_engine_order() -> None:
    from ruleproof.spec.bigpoints import parse_move

    moves = [parse_move(t) for t in ("move red", "move blue", "back green")]
    groups = group_moves(moves)
    assert [(g.kind, [str(m) for _, m in g.moves]) for g in groups] == [
        ("move", ["move red", "move blue"]), ("back", ["back green"])]


def test_a_move_typed_as_its_text_is_played() -> None:
    session = _opening("bigfive", ["human", "random"], 2)
    text = str(session.choices()[0].moves[3][1])
    answer = session.human_input(text)
    assert answer.ok and answer.message == text
    assert str(session.history[-1][1]) == text


def test_a_5000_digit_number_is_no_move_and_no_traceback() -> None:
    session = _opening("take5", ["human", "random"], 1)
    answer = session.human_input("9" * 900)
    assert not answer.ok and "there is no move 999999999999…" in answer.message
    answer = session.human_input("9" * 5000)
    assert not answer.ok and f"at most {MAX_INPUT:,}" in answer.message
    assert session.human_input("0" * 20 + "1").ok  # leading zeros still name move 1


def test_a_10_megabyte_line_is_refused_by_its_length() -> None:
    session = _opening("take5", ["human", "random"], 1)
    answer = session.human_input("x" * 10_000_000)
    assert not answer.ok and "10,000,000 characters" in answer.message
    assert len(answer.message) < 200
    assert session.human_input("y" * MAX_INPUT).ok is False  # at the bound: read, and refused as a move
    assert "cannot read" in session.human_input("y" * MAX_INPUT).message


def test_save_to_a_device_or_a_missing_folder_is_reported(tmp_path: Path) -> None:
    session = _opening("take5", ["human", "random"], 1)
    assert save(session, "/dev/full").startswith("not saved: /dev/full")
    missing = tmp_path / "nowhere" / "game.json"
    assert save(session, str(missing)).startswith(f"not saved: {missing}")
    assert "None" not in save(session, "/dev/full")
    assert "not saved" in save(session, str(tmp_path / "a\0b.json"))
    good = tmp_path / "game.json"
    assert save(session, str(good)).endswith("it validates")
    assert len(load_record(good).moves) == len(session.history)


def test_mcts_simulations_default_to_the_games_own() -> None:
    pytest.importorskip("open_spiel")
    for game in ("take5", "bigfive", "cinco"):
        assert Session(game, ["human", "mcts"], seed=1).simulations == MCTS_SIMULATIONS[game]
    assert Session("take5", ["human", "mcts"], seed=1, simulations=7).simulations == 7


# -- in a terminal -------------------------------------------------------------------------------------------


def _ruleproof() -> list[str]:
    exe = Path(sys.executable).with_name("ruleproof")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "ruleproof.checkers.cli.main"]


def _spawn(*words: str) -> Any:
    pexpect = pytest.importorskip("pexpect")
    command = _ruleproof() + list(words)
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return pexpect.spawn(command[0], command[1:], encoding="utf-8", timeout=PATIENCE, dimensions=(60, 160),
                         env={**env, "COLUMNS": "160"})


def _ends_within(child: Any, seconds: float) -> float:
    import pexpect

    start = time.monotonic()
    child.expect(pexpect.EOF, timeout=seconds)
    child.close()
    return time.monotonic() - start


def test_play_draws_the_board_in_colour_groups_moves_and_takes_text(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = _spawn("play", "bigfive", "--players", "2", "--seed", "2", "--record", str(record))
    child.expect(r"seat 0> ")
    screen = child.before or ""
    plain = ESCAPES.sub("", screen)
    assert "\x1b[" in screen  # colour in a terminal
    assert re.search(r"y\\x +-?\d", plain) and "hand: 5 cards, face down" in plain
    assert plain.index("play (24, numbers 1–24)") < plain.index("exchange (31, numbers 25–55)")
    assert "type `moves exchange` to list them" in plain
    assert "25) exchange" not in plain  # the exchanges are folded
    child.sendline("moves exchange")
    child.expect(r"55\) exchange")
    child.expect(r"seat 0> ")
    first_play = str(_opening("bigfive", ["human", "random"], 2).numbered()[0])  # the same seed: the same deal
    assert f"1) {first_play}  " in plain
    child.sendline(first_play)
    child.expect(re.escape(f"you: {first_play}"))
    child.expect(r"seat 0> ")
    child.sendline("quit")
    _ends_within(child, 60)
    assert child.exitstatus == 0
    moves = load_record(record).moves
    assert [m.move for m in moves if m.actor == 0][0] == first_play


def test_one_ctrl_c_at_the_prompt_ends_the_game_with_130(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = _spawn("play", "take5", "--seed", "4", "--record", str(record))
    child.expect(r"seat 0> ")
    child.sendcontrol("c")
    assert _ends_within(child, 10) < 2.0
    output = ESCAPES.sub("", child.before or "")
    assert child.exitstatus == 130, output
    assert "Traceback" not in output and "interrupted" in output
    assert record.is_file(), output[-3000:]
    assert load_record(record).moves  # the record so far is kept


def test_one_ctrl_c_while_a_bot_thinks_ends_the_game_with_130() -> None:
    pytest.importorskip("open_spiel")
    child = _spawn("play", "bigfive", "--seats", "mcts,human", "--seed", "1", "--simulations", "100000")
    child.expect("mcts: 100000 simulations a move")
    time.sleep(1.0)  # starting OpenSpiel and the first search
    child.kill(signal.SIGINT)
    assert _ends_within(child, 10) < 2.0
    output = ESCAPES.sub("", child.before or "")
    assert child.exitstatus == 130, output
    assert "Traceback" not in output and "Exception ignored" not in output


def test_one_ctrl_c_during_start_up_exits_130_without_a_traceback() -> None:
    # The first line is printed before the session starts: OpenSpiel loads and the bot searches after it.
    # (A press during the interpreter's own start-up, before any of ruleproof's code runs, is Python's.)
    pytest.importorskip("open_spiel")
    child = _spawn("play", "bigfive", "--seats", "mcts,human", "--seed", "1")
    child.expect(r"seat 0 mcts, seat 1 human \(mcts: \d+ simulations a move\)")
    child.kill(signal.SIGINT)
    assert _ends_within(child, 10) < 2.0
    output = ESCAPES.sub("", child.before or "")
    assert child.exitstatus == 130, output
    assert "Traceback" not in output and "interrupted" in output


SLOW_SAVE = r"""
import sys, time
import ruleproof.checkers.cli.play as play
from ruleproof.checkers.cli.main import INTERRUPT_DEADLINE, main
real = play.save
def slow_save(*args, **kwargs):
    time.sleep(2 * INTERRUPT_DEADLINE)  # a save slower than the stop's deadline (a busy machine, a long record)
    return real(*args, **kwargs)
play.save = slow_save
sys.exit(main())
"""


def test_a_ctrl_c_keeps_the_record_even_when_saving_outlasts_the_stop_deadline(tmp_path: Path) -> None:
    """The stop's deadline (1.5 s) ends a command stuck after Ctrl-C; ``play`` handles the Ctrl-C and saves.

    CI once lost the record this way: under load the save took longer than the deadline, which then ended the
    process with 130 before the file was written.
    """
    pexpect = pytest.importorskip("pexpect")
    record = tmp_path / "game.json"
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    child = pexpect.spawn(sys.executable, ["-c", SLOW_SAVE, "play", "take5", "--seed", "4", "--record", str(record)],
                          encoding="utf-8", timeout=PATIENCE, dimensions=(60, 160), env={**env, "COLUMNS": "160"})
    child.expect(r"seat 0> ")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    output = ESCAPES.sub("", child.before or "")
    assert child.exitstatus == 130, output
    assert "record of" in output and "written to" in output, output[-2000:]
    assert load_record(record).moves


def test_a_ctrl_c_while_openspiel_starts_up_is_the_interrupt(interrupted_import: Any) -> None:
    """Under load a Ctrl-C can land while numpy or pyspiel initialise, and a C extension reports it as its
    ImportError ("initialization failed"): with an interrupt requested that is the interrupt (exit 130), not
    a missing OpenSpiel (exit 2). Without one it still says how to install OpenSpiel."""
    from ruleproof.checkers.view.play import mcts_policy
    from ruleproof.spec.errors import RuleproofError

    interrupted_import("numpy", requested=True)
    with pytest.raises(KeyboardInterrupt):
        mcts_policy()
    interrupted_import("numpy", requested=False)
    with pytest.raises(RuleproofError, match="needs OpenSpiel"):
        mcts_policy()
