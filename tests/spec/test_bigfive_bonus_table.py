"""Big Five's bonus as a table (issue 31.2): the bonus flags are data every layer reads.

The text's and the publisher's readings (the flag ``bonus``) are two bonus
tables; a house rule about the bonus is the same flags with other values
(``bonus_lines``, ``bonus_group``, ``bonus_per``, ``bonus_cap``). Here: the
presets as tables, the worked examples of the text under other tables, the
tutorial's plugin ("one bonus card per line") against its table, the engine
(checked path and fast playout) against the spec under each table, and the
bounds of the flags.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from ruleproof.checkers.checks.conformance import run_conformance
from ruleproof.model.bigfive import GAME
from ruleproof.model.io.readings import load_reading
from ruleproof.spec import bigfive as bf
from ruleproof.spec.bigfive import BigFiveVariant, Play, board_map, compute_bonus, compute_bonus_table, parse_move
from ruleproof.spec.errors import VariantError

HOWTO = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading"

#: The house rules of the issue and the tutorial, as bonus tables.
FOURS = BigFiveVariant(bonus_lines=(0, 0, 0, 0, 2, 2), bonus_group=())
PER_LINE = BigFiveVariant(bonus_lines=(0, 0, 0, 0, 1, 1), bonus_group=())
TABLES = {
    "text": BigFiveVariant(),
    "publisher": BigFiveVariant(bonus="publisher"),
    "fours": FOURS,
    "per_line": PER_LINE,
    "best_line_capped": BigFiveVariant(bonus_per="play", bonus_cap=2),
    "publisher_with_group": BigFiveVariant(bonus="publisher", bonus_group=(0, 0, 1, 1, 3)),
    # tables that pay for short lines too, so that random games earn bonuses all the time
    "short_lines_best_line": BigFiveVariant(bonus_lines=(0, 0, 1, 2, 3, 3), bonus_per="play"),
    "short_lines_reached_capped": BigFiveVariant(bonus="publisher", bonus_lines=(0, 0, 1, 1, 2, 2), bonus_cap=3),
}

#: Vasya's bonus example (§ Примеры бонусов): four red animals beside the red giraffe.
VASYA = next(e for e in bf.EXAMPLES if e.who == "Vasya" and e.section == bf.SEC_BONUS_EXAMPLES)
#: Note a: one card completes a line of five and a line of four (§ Бонусы).
NOTE_A = next(e for e in bf.EXAMPLES if e.who == "note a")


def _bonus(variant: BigFiveVariant, example: bf.WorkedExample) -> int:
    board = board_map(parse_move("play " + example.board).placed)  # type: ignore[union-attr]
    move = parse_move(example.move)
    assert isinstance(move, Play)
    return compute_bonus(variant, board, move)


@pytest.mark.rule("BF-BONUS-1")
def test_the_presets_are_tables_and_the_tables_spelled_out_count_the_same() -> None:
    """bonus="text" and bonus="publisher" are the tables they name; the same tables given flag by flag agree."""
    text_spelled = BigFiveVariant(bonus_lines=(0, 0, 0, 0, 1, 2), bonus_group=(0, 0, 0, 0, 1))
    publisher_spelled = BigFiveVariant(bonus="publisher", bonus_lines=(0, 0, 0, 0, 1, 2), bonus_group=())
    assert compute_bonus_table(text_spelled) == compute_bonus_table(BigFiveVariant()) == bf.BONUS_PRESETS["text"]
    assert compute_bonus_table(publisher_spelled) == bf.BONUS_PRESETS["publisher"]
    # the publisher's count with the text's group bonus is a third table, not either reading
    mixed = compute_bonus_table(BigFiveVariant(bonus="publisher", bonus_group=(0, 0, 0, 0, 1)))
    assert mixed not in bf.BONUS_PRESETS.values()


@pytest.mark.rule("BF-BONUS-1")
def test_the_texts_bonus_examples_under_other_tables() -> None:
    """§ Примеры бонусов: Vasya's play earns 4 by the text (1 for the group of four, 2 for the red line of five,
    1 for the zebra column of four); note a's card earns 2 + 1. Under other tables the same plays earn what
    the table says."""
    assert (_bonus(BigFiveVariant(), VASYA), _bonus(BigFiveVariant(), NOTE_A)) == (VASYA.bonus, NOTE_A.bonus) == (4, 3)
    assert _bonus(FOURS, VASYA) == 2 + 2  # the line of five and the column of four, 2 each, no group bonus
    assert _bonus(FOURS, NOTE_A) == 2 + 2
    assert _bonus(PER_LINE, VASYA) == 1 + 1
    assert _bonus(BigFiveVariant(bonus_per="play"), VASYA) == 2 + 1  # the best line (of five) and the group
    assert _bonus(BigFiveVariant(bonus_cap=3), VASYA) == 3
    assert _bonus(BigFiveVariant(bonus_group=()), VASYA) == 3
    # the publisher's count: the red line reaches four and five (1 + 2), the zebra column reaches four (1)
    assert _bonus(BigFiveVariant(bonus="publisher"), VASYA) == 4
    assert _bonus(BigFiveVariant(bonus="publisher", bonus_lines=(0, 0, 0, 0, 2, 2)), VASYA) == 2 + 2 + 2


def _plays(variant: BigFiveVariant, players: int, seed: int) -> list[tuple[bf.BigFiveState, Play]]:
    """Every play of one random game under ``variant`` (with the state it is made in)."""
    rng, state, out = random.Random(seed), GAME.new_game(players, variant, seed=seed), []
    while not GAME.is_terminal(state):
        move = GAME.random_move(state, rng)
        if isinstance(move, Play):
            out.append((state, move))
        state = GAME.apply_unchecked(state, move)
    return out


@pytest.mark.rule("BF-BONUS-1")
def test_the_tutorials_plugin_is_the_one_per_line_table() -> None:
    """docs/howto/reading/bonus_per_line.py counts "one bonus card per line of four or more"; the table
    bonus_lines=(0, 0, 0, 0, 1, 1), bonus_group=() counts the same on every play of sample games (and the
    text's table does not, so the comparison can fail)."""
    reading = load_reading(HOWTO / "bonus_per_line.toml")
    per_line = sys.modules[type(reading.derived).__module__].per_line
    cases = [(board_map(parse_move("play " + e.board).placed), parse_move(e.move))  # type: ignore[union-attr]
             for e in bf.EXAMPLES if not e.violated]
    cases += [(board_map(state.board), move) for seed in (1, 2)
              for state, move in _plays(BigFiveVariant(children=True), 2, seed)]
    differs = 0
    for board, move in cases:
        assert isinstance(move, Play)
        assert per_line(board, move.placed) == compute_bonus(PER_LINE, board, move), (str(move), board)
        differs += per_line(board, move.placed) != compute_bonus(BigFiveVariant(), board, move)
    assert differs > 0


@pytest.mark.rule("BF-BONUS-1")
@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_engine_earns_the_specs_bonus_under_every_table(name: str) -> None:
    """The engine's bonus after each play (its own count, ``_bonus``) is the spec's, and conformance holds."""
    variant = TABLES[name]
    seen = 0
    for state, move in _plays(variant, 3, 7):
        after = GAME.apply(state, move)
        expected = compute_bonus(variant, board_map(state.board), move)
        if after.bonus or expected:
            seat = state.turn
            room = len(after.hands[seat]) + bf.deck_size(after.decks[seat])
            assert after.bonus == min(expected, room) or after.round_over, (name, str(move))
            seen += 1
    assert seen > 0 or not name.startswith("short_lines")
    result = run_conformance(GAME, 2, variant, games=1, seed=3)
    assert result.ok, [str(p) for p in result.problems[:3]]


@pytest.mark.rule("BF-BONUS-1")
def test_a_changed_engine_count_is_caught_by_the_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    """The conformance above can fail: an engine that ignores the cap breaks BF-BONUS-1 under a capped table."""
    from ruleproof.model import bigfive as engine_module

    capped = BigFiveVariant(bonus_lines=(0, 0, 2, 2, 2, 2), bonus_cap=1)
    plays = _plays(capped, 2, 3)
    real = engine_module._bonus
    monkeypatch.setattr(engine_module, "_bonus", lambda v, cells, placed: real(
        BigFiveVariant(bonus_lines=v.bonus_lines), cells, placed))
    reports = [GAME.spec.check_transition(capped, state, state.turn, move, GAME.apply(state, move))
               for state, move in plays]
    assert any(report.rule_ids == ("BF-BONUS-1",) for report in reports)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_fast_playout_reads_the_table(name: str) -> None:
    """The fast playout (which asks the same bonus hook) runs under every table: the same final states as the
    checked path for the same seeds would need the same draws, so this compares what both guarantee: a
    finished game whose moves replay on the checked path."""
    variant = TABLES[name]
    assert GAME._fast_ok(variant)
    start = GAME.new_game(2, variant, seed=5)
    trace: list[bf.BigFiveMove] = []
    final, steps = GAME.random_playout(start, random.Random(5), trace)
    state = start
    for move in trace:
        state = GAME.apply(state, move)
    assert GAME.is_terminal(final) and steps == len(trace) and state == final


@pytest.mark.parametrize("flags, bound", [
    ({"bonus_lines": (0, 0, 0, 0, 2)}, "BONUS_LINE_SLOTS"),
    ({"bonus_lines": (1, 0, 0, 0, 2, 2)}, "BONUS_LINE_SLOTS"),
    ({"bonus_lines": (0, 0, 0, 0, 2, 11)}, "MAX_BONUS_ENTRY"),
    ({"bonus_group": (0, 0, 0, 1)}, "BONUS_GROUP_SLOTS"),
    ({"bonus_group": (1, 0, 0, 0, 1)}, "BONUS_GROUP_SLOTS"),
    ({"bonus_group": (0, 0, 0, 0, -1)}, "MAX_BONUS_ENTRY"),
    ({"bonus_cap": -1}, "MAX_BONUS_CAP"),
    ({"bonus_cap": bf.MAX_BONUS_CAP + 1}, "MAX_BONUS_CAP"),
])
def test_invalid_bonus_tables_are_refused_with_their_flag(flags: dict[str, object], bound: str) -> None:
    with pytest.raises(VariantError, match=bound) as caught:
        BigFiveVariant(**flags)  # type: ignore[arg-type]
    assert caught.value.flag == next(iter(flags))


def test_old_records_load_and_the_preset_flag_still_selects_the_publisher() -> None:
    """A record written before the table flags existed (its variant names ``bonus`` only) loads with the
    tables of that reading."""
    from ruleproof.spec.core import variant_from_mapping

    old = {"bonus": "publisher", "stalemate": "no_placement", "idle_rounds": 5, "hand_size": 5}
    variant = variant_from_mapping(BigFiveVariant, old)
    assert compute_bonus_table(variant) == bf.BONUS_PRESETS["publisher"]
    assert variant_from_mapping(BigFiveVariant, {"bonus_group": None}) == BigFiveVariant()
