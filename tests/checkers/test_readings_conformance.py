"""The flags added for issue 17 item 1 (Cinco, Ikebana, Take 5): each non-default
value round-trips through game records and passes the conformance checker
(engine ⇔ spec in both directions, effects, replay) for a few random games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.checks.conformance import run_conformance
from ruleproof.model.io.inputs import load_layout_file
from ruleproof.model.io.records import make_record, parse_record
from ruleproof.model.registry import game_for
from ruleproof.spec.cinco_board import layout_to_text
from ruleproof.spec.core import variant_from_mapping, variant_to_dict

#: A 30-cell layout: its deck runs out, so the reshuffle readings are exercised.
SMALL = layout_to_text(load_layout_file(Path(__file__).resolve().parents[1] / "data" / "cinco_layout_small.json"))

#: (game, players, flags with a non-default value of a new flag, plus settings that keep games short)
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("cinco", 2, {"reshuffle": "when_empty", "layout_data": SMALL}),
    ("cinco", 3, {"first_seat": 2, "chips": 10}),
    ("cinco", 2, {"chips_out": "all_out", "chips": 6}),
    ("cinco", 2, {"chips_out": "all_out", "chips": 8, "reshuffle": "when_empty", "layout_data": SMALL}),
    ("cinco", 3, {"must_place": True, "chips": 10}),
    ("ikebana", 3, {"partial_refusal": True}),
    ("ikebana", 2, {"partial_refusal": True, "bank": "finite"}),
    ("take5", 3, {"tie": "draw", "deck": "tactical", "threshold": 12}),
]


@pytest.mark.parametrize(("game_id", "players", "flags"), CASES)
def test_new_flag_round_trips_through_records(game_id: str, players: int, flags: dict[str, Any]) -> None:
    game = game_for(game_id)
    variant = variant_from_mapping(game.variant_type, flags)
    record = parse_record(make_record(game_id, players, variant, []).dumps())
    assert variant_from_mapping(game.variant_type, record.variant) == variant
    assert {k: variant_to_dict(variant)[k] for k in flags} == flags
    as_text = {k: str(v) for k, v in flags.items()}
    assert variant_from_mapping(game.variant_type, as_text, from_text=True) == variant


@pytest.mark.parametrize(("game_id", "players", "flags"), CASES)
def test_conformance_under_new_flag(game_id: str, players: int, flags: dict[str, Any]) -> None:
    game = game_for(game_id)
    variant = variant_from_mapping(game.variant_type, flags)
    result = run_conformance(game, players, variant, games=2, seed=11, candidate_every=3)
    assert result.ok, [str(p) for p in result.problems[:5]]
    assert result.games == 2
