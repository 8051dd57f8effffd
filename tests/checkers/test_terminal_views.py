"""The terminal views (issue 35 point 2): every game drawn as it looks, golden in plain text, coloured
only in a terminal, and never showing a seat what it may not see.

The golden files ``tests/data/terminal/<game>.txt`` hold the plain views of fixed positions of stored
records (the referee's and one seat's). After a deliberate change of a view, regenerate them with
``RULEPROOF_UPDATE_GOLDEN=1 pytest tests/checkers/test_terminal_views.py`` and read the diff.
"""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ruleproof.checkers.checks.validate import game_of_record
from ruleproof.checkers.render.terminal import draw_position, position_text
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.io.records import load_record
from patience import PATIENCE

DATA = Path(__file__).resolve().parents[1] / "data"
GOLDEN = DATA / "terminal"
#: One stored record per game (and Cinco's square board): the positions the golden files draw.
RECORDS: dict[str, Path] = {
    "take5": GOLDEN / "take5_3p.json",
    "bigfive": GOLDEN / "bigfive_2p.json",
    "bigpoints": DATA / "bigpoints_playthrough.json",
    "ikebana": DATA / "ikebana_record_3p.json",
    "cinco": DATA / "cinco_record_hex_2p.json",
    "cinco_square": DATA / "cinco_record_square_3p.json",
}
ESCAPE = "\x1b["


def _states(path: Path) -> tuple[Any, list[Any], list[Any]]:
    """The engine, every state of the record (the start first) and the move that led to each."""
    record = load_record(path)
    game, variant = game_of_record(record)
    state = game.initial_state(record.players, variant)
    states, moves = [state], [None]
    for recorded in record.moves:
        move = game.parse_move(recorded.move)
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return game, states, moves


def _picked(game: Any, states: list[Any]) -> list[int]:
    """The positions drawn: the first seat decision, the middle of the game, the end."""
    first = next(i for i, s in enumerate(states) if game.current_player(s) >= 0)
    middle = next(i for i in range(len(states) // 2, len(states)) if game.current_player(states[i]) >= 0)
    return [first, middle, len(states) - 1]


def _golden_text(name: str) -> str:
    game, states, moves = _states(RECORDS[name])
    blocks = []
    for index in _picked(game, states):
        for seat in (None, 1):
            view = "the referee" if seat is None else f"seat {seat}"
            blocks.append(f"== {RECORDS[name].name}, after move {index} of {len(states) - 1}, {view} ==\n"
                          + position_text(game, states[index], seat, last=moves[index]))
    return "\n\n".join(blocks) + "\n"


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_views_match_their_golden_files(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = _golden_text(name)
    if os.environ.get("RULEPROOF_UPDATE_GOLDEN"):
        path.write_text(text, "utf-8")
    assert path.exists(), f"{path} is missing; write it with RULEPROOF_UPDATE_GOLDEN=1"
    assert text == path.read_text("utf-8"), f"{name}: the view changed; see the module docstring to regenerate"


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_plain_views_have_no_escape_codes_nor_trailing_spaces(name: str) -> None:
    text = _golden_text(name)
    assert ESCAPE not in text
    assert not [line for line in text.splitlines() if line != line.rstrip()]


# -- what each game must show ---------------------------------------------------------------------------


def test_take5_rows_show_each_cards_bullheads_and_the_row_total() -> None:
    game, states, _ = _states(RECORDS["take5"])
    state = states[_picked(game, states)[1]]
    text = position_text(game, state, None)
    for r, row in enumerate(state.rows):
        line = next(x for x in text.splitlines() if x.startswith(f"row {r + 1} "))
        from ruleproof.spec.take5 import compute_bullheads

        assert [f"{c}({compute_bullheads(c)})" for c in row] == re.findall(r"\d+\(\d\)", line)
        assert line.endswith(f"{sum(compute_bullheads(c) for c in row)} bullhead" + ("" if len(row) == 1 and
                             compute_bullheads(row[0]) == 1 else "s"))


def test_bigfive_grid_puts_each_card_in_its_cell() -> None:
    from ruleproof.spec.bigfive import card_code

    game, states, _ = _states(RECORDS["bigfive"])
    state = states[-1]
    lines = position_text(game, state).splitlines()
    header = lines[1]
    xs = [int(x) for x in header.split()[1:]]
    for placed in state.board:
        row = next(x for x in lines[2:] if x[:3].strip() == str(placed.y))
        column = 3 + 5 * (xs.index(placed.x) + 1)
        assert row[column - 2:column].strip("[]") == card_code(placed.card) or \
            row[column - 3:column - 1] == card_code(placed.card), (placed, row)


def test_bigpoints_path_shows_every_disc_and_pawn_in_order() -> None:
    from ruleproof.spec.bigpoints import LETTERS

    game, states, _ = _states(RECORDS["bigpoints"])
    state = states[_picked(game, states)[1]]
    text = position_text(game, state)
    path_lines = [x for x in text.splitlines() if re.match(r"\s+\d+  ", x)]
    cells = " ".join(x.split(None, 1)[1] for x in path_lines).split()
    assert [c[0] for c in cells] == list(state.path)
    for colour, place in enumerate(state.pawns):
        if 0 <= place < len(state.path):
            assert LETTERS[colour] in cells[place][1:], (colour, place, cells[place])


def test_ikebana_shows_coins_bouquets_and_the_last_round() -> None:
    game, states, _ = _states(RECORDS["ikebana"])
    state = states[-1]
    text = position_text(game, state)
    for seat, coins in enumerate(state.coins):
        assert f"seat {seat} · {coins} coins" in text
    for seat, bouquet in enumerate(state.last_bouquets):
        assert all(card in text.split(f"  seat {seat}:")[-1].splitlines()[0] for card in bouquet)


def test_cinco_board_shows_every_chip_and_free_number() -> None:
    from ruleproof.spec.cinco import FREE, layout_of
    from ruleproof.spec.cinco_board import COLOUR_LETTERS

    for name in ("cinco", "cinco_square"):
        game, states, _ = _states(RECORDS[name])
        state = states[-1]
        lines = position_text(game, state).splitlines()
        board = "\n".join(lines[2:2 + len(lines)])
        numbers = {int(n) for n in re.findall(r"\d+", board.split("chips left")[0])}
        free = {n for n, c in enumerate(state.board, start=1) if c == FREE}
        assert free <= numbers
        chips = re.findall(r"(?<=\s)[RBGYWK](?=\s|$)", board.split("chips left")[0])
        assert sorted(chips) == sorted(COLOUR_LETTERS[c] for c in state.board if c != FREE)
        assert len(layout_of(state.variant).coords) == len(state.board)


# -- colour in a terminal, none in a pipe -----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_colour_in_a_terminal_and_plain_in_a_pipe(name: str) -> None:
    game, states, _ = _states(RECORDS[name])
    state = states[_picked(game, states)[1]]
    drawn = draw_position(game, state, 1)
    terminal = Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=200)
    terminal.print(drawn, soft_wrap=True)
    coloured = terminal.file.getvalue()  # type: ignore[attr-defined]
    assert ESCAPE in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == drawn.plain + "\n"
    piped = Console(file=io.StringIO(), width=200)
    piped.print(drawn, soft_wrap=True)
    assert piped.file.getvalue() == drawn.plain + "\n"  # type: ignore[attr-defined]


def _ruleproof() -> list[str]:
    exe = Path(sys.executable).with_name("ruleproof")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "ruleproof.checkers.cli.main"]


def test_show_piped_prints_the_plain_view_and_in_a_terminal_the_coloured_one() -> None:
    record = RECORDS["take5"]
    game, states, moves = _states(record)
    command = [*_ruleproof(), "show", str(record), "--move", "40", "--seat", "1"]
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    piped = subprocess.run(command, capture_output=True, text=True, check=True, env=env).stdout
    assert piped == position_text(game, states[40], 1, last=moves[40]) + "\n"
    assert ESCAPE not in piped and "row 1 " in piped and "(you)" in piped
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(command[0], command[1:], encoding="utf-8", timeout=PATIENCE, dimensions=(50, 160), env=env)
    child.expect(pexpect.EOF)
    shown = child.before or ""
    assert ESCAPE in shown
    assert "row 1" in re.sub(r"\x1b\[[0-9;]*m", "", shown)


# -- a seat never sees another seat's secrets ---------------------------------------------------------------


def _swap(cards: tuple[Any, ...], pool: list[Any], rng: random.Random) -> tuple[tuple[Any, ...], list[Any]]:
    """``cards`` with each one exchanged for a card of ``pool`` (the pool gets them back)."""
    pool = list(pool)
    rng.shuffle(pool)
    k = min(len(cards), len(pool))
    swapped = tuple(sorted(pool[:k] + list(cards[k:])))
    return swapped, pool[k:] + list(cards[:k])


def _scramble_take5(state: Any, other: int, rng: random.Random) -> Any:
    hand, deck = _swap(state.hands[other], list(state.deck), rng)
    hands = list(state.hands)
    hands[other] = hand
    chosen = list(state.chosen)
    if chosen[other] and not state.resolving and deck:
        chosen[other], deck[0] = deck[0], chosen[other]
    return state._replace(hands=tuple(hands), chosen=tuple(chosen), deck=tuple(sorted(deck)))


def _scramble_bigfive(state: Any, other: int, rng: random.Random) -> Any:
    hand, box = _swap(state.hands[other], list(state.box), rng)
    hands = list(state.hands)
    hands[other] = hand
    decks = [tuple(tuple(reversed(seg)) for seg in reversed(d)) for d in state.decks]  # even the own deck is unseen
    return state._replace(hands=tuple(hands), box=tuple(sorted(box)), decks=tuple(decks))


def _scramble_bigpoints(state: Any, other: int, rng: random.Random) -> Any:
    from ruleproof.spec.bigpoints import BLACK

    hand = list(state.hands[other])
    colours = [c for c in range(len(hand)) if c != BLACK]
    total = sum(hand[c] for c in colours)
    counts = [0] * len(hand)
    for _ in range(total):
        counts[rng.choice(colours)] += 1
    counts[BLACK] = hand[BLACK]
    if state.variant.black_visibility != "public" and total:  # hidden blacks: even their number may change
        given = next(c for c in colours if counts[c])
        counts[given] -= 1
        counts[BLACK] += 1
    hands = list(state.hands)
    hands[other] = tuple(counts)
    return state._replace(hands=tuple(hands))


def _scramble_ikebana(state: Any, other: int, rng: random.Random) -> Any:
    hand, deck = _swap(state.hands[other], list(state.deck), rng)
    hands = list(state.hands)
    hands[other] = hand
    drawn = state.drawn
    if drawn is not None and state.turn == other and deck:
        drawn, deck[0] = deck[0], drawn
    return state._replace(hands=tuple(hands), deck=tuple(sorted(deck)), drawn=drawn)


def _scramble_cinco(state: Any, other: int, rng: random.Random) -> Any:
    hand, deck = _swap(state.hands[other], list(state.deck), rng)
    pile, deck = _swap(state.discards[other], deck, rng)
    hands, piles = list(state.hands), list(state.discards)
    hands[other], piles[other] = hand, pile
    return state._replace(hands=tuple(hands), discards=tuple(piles), deck=tuple(sorted(deck)))


SCRAMBLES: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "take5": _scramble_take5, "bigfive": _scramble_bigfive, "bigpoints": _scramble_bigpoints,
    "ikebana": _scramble_ikebana, "cinco": _scramble_cinco, "cinco_square": _scramble_cinco,
}


#: Positions of each record whose views are scrambled: the default run 15 spread over the game (session 42, was
#: 40: about 0.9 s of CPU less), ``-m slow`` every position.
SCRAMBLED_POSITIONS = 15


@pytest.mark.parametrize(("name", "positions"), [
    *((name, SCRAMBLED_POSITIONS) for name in sorted(RECORDS)),
    *(pytest.param(name, 0, id=f"{name}-every", marks=pytest.mark.slow) for name in sorted(RECORDS))])
def test_a_seats_view_does_not_change_with_another_seats_secrets(name: str, positions: int) -> None:
    game, states, _ = _states(RECORDS[name])
    rng = random.Random(5)
    scramble = SCRAMBLES[name]
    changed_for_referee = 0
    for state in states[:: max(1, len(states) // positions) if positions else 1]:
        if game.current_player(state) in (CHANCE, TERMINAL) and rng.random() < 0.5:
            continue
        for viewer in range(game.players_of(state)):
            for other in range(game.players_of(state)):
                if other == viewer:
                    continue
                scrambled = scramble(state, other, rng)
                assert position_text(game, scrambled, viewer) == position_text(game, state, viewer), \
                    (name, viewer, other)
                changed_for_referee += position_text(game, scrambled) != position_text(game, state)
    assert changed_for_referee  # the scrambles do change secrets: the referee sees them


def test_an_unknown_seat_is_refused() -> None:
    game, states, _ = _states(RECORDS["take5"])
    with pytest.raises(ValueError, match="seat must be between 0 and 2"):
        position_text(game, states[0], 3)


def test_show_writes_the_plain_view_to_a_text_file(tmp_path: Path) -> None:
    from ruleproof.checkers.cli.main import main

    game, states, moves = _states(RECORDS["bigfive"])
    target = tmp_path / "pos.txt"
    assert main(["show", str(RECORDS["bigfive"]), "--move", "300", "--seat", "0", "--output", str(target)]) == 0
    assert target.read_text("utf-8") == position_text(game, states[300], 0, last=moves[300]) + "\n"
