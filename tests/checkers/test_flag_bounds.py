"""Every integer and tuple variant flag of every game is bounded (issue 16).

Each bound is a named constant in the game's spec module; a value past it is
refused with the constant's name (exit 2 from the command line, from a flag
or from a record), and ``simulate`` with the flag at its bound still ends.
A new integer or tuple flag fails :func:`test_every_integer_and_tuple_flag_has_a_bound`
until it is bounded and listed here.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import typing
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.checks.simulate import simulate
from ruleproof.checkers.cli.main import main
from ruleproof.model.registry import game_for
from ruleproof.spec.registry import GAME_IDS, spec_for

PROOFS = Path(__file__).resolve().parents[1] / "data" / "proofs"

#: (game, flag) → (the bound's constant, the largest value accepted, players and other flags for a game at it).
BOUNDS: dict[tuple[str, str], tuple[str, Any, int, dict[str, Any]]] = {
    ("take5", "threshold"): ("MAX_THRESHOLD", 1000, 2, {}),
    # the too-low card's keys (issue 31.2): each of bullheads, cards, row at most once
    ("take5", "low_row_keys"): ("MAX_LOW_ROW_KEYS", ("bullheads", "cards", "row"), 3, {}),
    ("bigpoints", "colour_discs"): ("MAX_COLOUR_DISCS", 20, 5, {}),
    ("bigpoints", "black_discs"): ("MAX_SPECIAL_DISCS", 20, 5, {}),
    ("bigpoints", "white_discs"): ("MAX_SPECIAL_DISCS", 20, 5, {}),
    ("bigpoints", "step_values"): ("PAWNS", (20, 20, 20, 20, 20), 5, {}),
    ("bigfive", "rounds"): ("MAX_ROUNDS", 20, 2, {}),
    ("bigfive", "idle_rounds"): ("MAX_IDLE_ROUNDS", 50, 3, {"pass_rule": "always"}),
    ("bigfive", "penalty_limit"): ("MAX_PENALTY_LIMIT", 100_000, 2, {"rounds": 3}),
    ("bigfive", "handicap"): ("MAX_PLAYERS", (20, 20, 20, 20, 19), 5, {"allow_five": True}),
    # rule constants: bounded by the table of rule constants (the constant's name is the flag's)
    ("bigfive", "hand_size"): ("hand_size", 10, 3, {}),
    ("bigfive", "max_group"): ("max_group", 4, 2, {}),
    ("bigfive", "copies"): ("copies", 8, 2, {}),
    ("bigfive", "kids_deal"): ("kids_deal", 24, 4, {"children": True}),
    # the bonus table (issue 31.2): six values of at most MAX_BONUS_ENTRY, and the cap
    ("bigfive", "bonus_lines"): ("BONUS_LINE_SLOTS", (0, 0, 10, 10, 10, 10), 2, {}),
    ("bigfive", "bonus_cap"): ("MAX_BONUS_CAP", 210, 2, {}),
    ("cinco", "chips"): ("MAX_CHIPS", 256, 2, {}),
    ("cinco", "hand_size"): ("MAX_HAND_SIZE", 10, 2, {}),
    ("cinco", "line_length"): ("MAX_LINE", 6, 2, {}),
    ("cinco", "first_seat"): ("MAX_PLAYERS", 5, 6, {}),
    ("ikebana", "values"): ("MAX_COLOUR_CARDS", (5,) * 20, 5, {}),
    ("ikebana", "start_coins"): ("MAX_START_COINS", 30, 5, {}),
    ("ikebana", "rounds"): ("MAX_ROUNDS", 10, 2, {}),
    ("ikebana", "bouquet"): ("MAX_BOUQUET", 5, 5, {}),
    ("ikebana", "two_colour_multiplier"): ("MAX_MULTIPLIER", 10, 2, {}),
    ("ikebana", "rainbow_multiplier"): ("MAX_MULTIPLIER", 10, 2, {}),
    ("ikebana", "one_colour_multiplier"): ("MAX_MULTIPLIER", 10, 2, {}),
    ("ikebana", "final_factor"): ("MAX_MULTIPLIER", 10, 2, {"double_final": True}),
}


def _int_or_tuple_flags(game: str) -> set[str]:
    variant_type = spec_for(game).variant_type
    hints = typing.get_type_hints(variant_type)
    return {f.name for f in dataclasses.fields(variant_type)
            if hints[f.name] is int or typing.get_origin(hints[f.name]) is tuple}


def _table_bounded(game: str) -> dict[str, Any]:
    """The flags that stand for a rule constant of the game's table, with their constant (bounds in the table)."""
    table = getattr(importlib.import_module(f"ruleproof.spec.{game}"), "CONSTANTS", None)
    fields = {f.name for f in dataclasses.fields(spec_for(game).variant_type)}
    return {c.name: c for c in (table or ()) if c.low is not None and c.name in fields}


#: Players for a game at a table-bounded flag's largest value (a deal must fit the deck).
TABLE_PLAYERS = {"take5": 2}


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_integer_and_tuple_flag_has_a_bound(game: str) -> None:
    assert _int_or_tuple_flags(game) == {flag for g, flag in BOUNDS if g == game} | set(_table_bounded(game))


TABLE_FLAGS = [(game, flag) for game in GAME_IDS for flag in _table_bounded(game)]


@pytest.mark.parametrize(("game", "flag"), TABLE_FLAGS)
def test_a_rule_constant_flag_past_its_bounds_is_refused(game: str, flag: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from ruleproof.spec.errors import VariantError

    constant = _table_bounded(game)[flag]
    variant_type = spec_for(game).variant_type
    sample = constant.value
    for value in (constant.low - 1, constant.high + 1, 10**30):
        bad = tuple(value for _ in sample) if isinstance(sample, tuple) else value
        with pytest.raises(VariantError, match=f"{flag} must be"):  # named, with its bounds (or the one broken)
            variant_type(**{flag: bad})
    argv = ["simulate", game, "--players", str(TABLE_PLAYERS.get(game, 2)), "--games", "1", "-q",
            "--variant", f"{flag}={_as_text(10**30 if not isinstance(sample, tuple) else (10**30,) * len(sample))}"]
    assert main(argv) == 2
    assert flag in capsys.readouterr().err


@pytest.mark.parametrize(("game", "flag"), TABLE_FLAGS)
def test_simulate_at_a_rule_constant_flags_bounds_ends(game: str, flag: str) -> None:
    constant = _table_bounded(game)[flag]
    engine = game_for(game)
    for value in (constant.low, constant.high):
        bound = tuple(value for _ in constant.value) if isinstance(constant.value, tuple) else value
        variant = engine.variant_type(**{flag: bound})
        stats, record = simulate(engine, TABLE_PLAYERS.get(game, 2), variant, games=1, seed=1)
        assert stats.games == 1 and stats.lengths[0] == len(record.moves) > 0


def _too_big(bound: Any) -> Any:
    return (1,) * 1000 if isinstance(bound, tuple) else 10**30


def _as_text(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value)


@pytest.mark.parametrize(("game", "flag"), sorted(BOUNDS))
def test_a_bound_is_a_named_constant_and_past_it_is_refused(game: str, flag: str) -> None:
    from ruleproof.spec.errors import VariantError

    constant, bound, _, others = BOUNDS[(game, flag)]
    module = importlib.import_module(spec_for(game).variant_type.__module__)
    # a named limit of the module, or the high bound of the rule constant of that name in its table
    limit = getattr(module, constant) if hasattr(module, constant) else module.CONSTANTS.constant(constant).high
    seats = flag == "first_seat"  # seats are numbered 0 .. MAX_PLAYERS - 1
    assert limit == (len(bound) if isinstance(bound, tuple) else bound + 1 if seats else bound)
    variant_type = spec_for(game).variant_type
    past = (*bound, 1) if isinstance(bound, tuple) else bound + 1
    for value in (past, _too_big(bound)):
        with pytest.raises(VariantError, match=constant):
            variant_type(**{**others, flag: value})


@pytest.mark.parametrize(("game", "flag"), sorted(BOUNDS))
def test_a_huge_flag_exits_2_on_the_command_line_and_in_a_record(game: str, flag: str, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    constant, bound, players, others = BOUNDS[(game, flag)]
    huge = _too_big(bound)
    argv = ["simulate", game, "--players", str(players), "--games", "1", "-q",
            "--variant", f"{flag}={_as_text(huge)}"]
    assert main(argv) == 2
    assert constant in capsys.readouterr().err
    record = json.loads((PROOFS / f"record_{game}.json").read_text(encoding="utf-8"))
    record["variant"][flag] = list(huge) if isinstance(huge, tuple) else huge
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["validate", str(path), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["kind"] == "input" and error["path"].startswith("$.variant"), error


@pytest.mark.parametrize(("game", "flag"), sorted(BOUNDS))
def test_simulate_at_the_bound_ends(game: str, flag: str) -> None:
    _, bound, players, others = BOUNDS[(game, flag)]
    engine = game_for(game)
    variant = engine.variant_type(**{**others, flag: bound})
    stats, record = simulate(engine, players, variant, games=1, seed=1)
    assert stats.games == 1 and stats.lengths[0] == len(record.moves) > 0


def test_cinco_on_the_largest_board_ends() -> None:
    from ruleproof.spec.cinco import CincoVariant, custom_layout_flags
    from ruleproof.spec.cinco_board import MAX_LAYOUT_CELLS, square_layout

    layout = square_layout(16, MAX_LAYOUT_CELLS // 16)
    assert layout.size == MAX_LAYOUT_CELLS
    variant = CincoVariant(**custom_layout_flags(layout), chips=MAX_LAYOUT_CELLS)
    stats, record = simulate(game_for("cinco"), 2, variant, games=1, seed=1)
    assert stats.games == 1 and len(record.moves) > 0
