"""The Take 5 engine: deals, flags, golden playthrough, records and bounds."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.checks.simulate import simulate
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.io.records import make_record, parse_record
from ruleproof.model import take5
from ruleproof.model.take5 import GAME
from ruleproof.spec.take5 import Select, Take, Take5Variant

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "take5_playthrough.json"


def test_seeded_new_game_deals_ten_each_and_four_rows() -> None:
    state = GAME.new_game(5, seed=4)
    assert [len(h) for h in state.hands] == [10] * 5
    assert all(len(r) == 1 for r in state.rows) and len(state.deck) == 104 - 54
    assert GAME.current_player(state) == 0
    assert GAME.legal_moves(state) == tuple(Select(c) for c in state.hands[0])


def test_tactical_deck_uses_exactly_the_needed_cards() -> None:
    state = GAME.new_game(3, Take5Variant(deck="tactical"), seed=1)
    cards = sorted(c for h in state.hands for c in h) + sorted(r[0] for r in state.rows)
    assert sorted(cards) == list(range(1, 35)) and state.deck == ()


def test_chance_is_uniform_over_undealt_cards() -> None:
    state = GAME.initial_state(2, Take5Variant())
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 104 and all(abs(p - 1 / 104) < 1e-12 for _, p in outcomes)
    assert GAME.current_player(state) == CHANCE


@pytest.mark.parametrize("players", [2, 4, 10])
def test_games_end_within_the_declared_bound(players: int) -> None:
    variant = Take5Variant()
    bound = GAME.max_game_length(players, variant)
    rng = random.Random(players)
    for _ in range(5):
        state, steps = GAME.random_playout(GAME.initial_state(players, variant), rng)
        assert GAME.current_player(state) == TERMINAL and steps <= bound


def test_end_check_flag_changes_game_length() -> None:
    """Ending at once can only shorten games, and with a low threshold it does."""
    low = dict(players=4, games=20, seed=3, rule_stats=False)
    rounds, _ = simulate(GAME, variant=Take5Variant(threshold=15), **low)  # type: ignore[arg-type]
    at_once, _ = simulate(GAME, variant=Take5Variant(threshold=15, end_check="immediate"), **low)  # type: ignore[arg-type]
    assert sum(at_once.lengths) < sum(rounds.lengths)


def test_record_round_trip_replays_to_the_same_state() -> None:
    rng = random.Random(8)
    state = GAME.initial_state(3, Take5Variant(professional=True))
    moves = []
    for _ in range(200):
        actor = GAME.current_player(state)
        move = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(GAME.legal_moves(state))
        moves.append((actor, move))
        state = GAME.apply(state, move)
    record = make_record("take5", 3, state.variant, moves)
    parsed = parse_record(record.dumps())
    assert parsed == record
    replayed = GAME.replay(3, state.variant, [GAME.parse_move(m.move) for m in parsed.moves])
    assert replayed == state


def test_invalid_apply_names_the_broken_rule() -> None:
    state = GAME.new_game(2, seed=1)
    missing = next(c for c in range(1, 105) if c not in state.hands[0])
    with pytest.raises(Exception) as info:
        GAME.apply(state, Select(missing))
    assert "T5-SELECT-1" in getattr(info.value, "rule_ids", ())
    with pytest.raises(Exception) as info:
        GAME.apply(state, Take(0))
    assert "T5-PHASE-1" in getattr(info.value, "rule_ids", ())


def _golden_game() -> dict[str, object]:
    stats, record = simulate(GAME, 4, Take5Variant(), games=1, seed=2024, rule_stats=False)
    return {"record": record.to_json(), "scores": list(stats.scores[0]), "length": stats.lengths[0]}


def test_golden_playthrough() -> None:
    """A fixed seeded game replays to the same scores; regenerate with TAKE5_REGEN=1."""
    if os.environ.get("TAKE5_REGEN") or not GOLDEN.exists():
        GOLDEN.write_text(json.dumps(_golden_game(), indent=1) + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    record = parse_record(json.dumps(golden["record"]))
    state = GAME.replay(4, Take5Variant(), [GAME.parse_move(m.move) for m in record.moves])
    assert GAME.is_terminal(state)
    assert list(GAME.outcome(state).scores) == golden["scores"]
    assert _golden_game() == golden  # the engine and the seeded random choices are stable


def test_svg_rendering_shows_rows_hidden_choices_and_piles() -> None:
    import xml.etree.ElementTree as ET

    from ruleproof.checkers.render.take5 import render_svg

    state = GAME.apply(GAME.new_game(2, seed=3), GAME.legal_moves(GAME.new_game(2, seed=3))[0])
    svg = render_svg(state, title="after one choice")
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count('class="card row"') == 4 and svg.count('class="card hidden"') == 1
    revealed = GAME.apply(state, GAME.legal_moves(state)[0])
    assert render_svg(revealed).count('class="card chosen"') == 2


#: Four-row variants for the four-row playout's record of rows and piles: rows shorter and longer than the
#: rulebook's five (the row-following code is unrolled to five), each end check, both too-low choices.
FOUR_ROW_VARIANTS = [
    (4, Take5Variant()),
    (3, Take5Variant(row_capacity=8, threshold=40)),
    (2, Take5Variant(row_capacity=1, end_check="immediate")),
    (5, Take5Variant(row_capacity=3, row_choice="auto", deck="tactical")),
    (6, Take5Variant(end_check="immediate", threshold=25, hand_size=7)),
]


@pytest.mark.parametrize(("players", "variant"), FOUR_ROW_VARIANTS)
def test_four_row_playout_ends_in_the_state_the_list_playout_reaches(players: int, variant: Take5Variant) -> None:
    """The four-row playout keeps no row or pile as a list (a card links to the card before it; the final rows
    and piles follow the links back, in tables reused from game to game); ``_general_playout`` keeps every
    row and pile as a list of cards. From the same generator both reach the same final state and step count
    and leave the generator in the same state: over successive games on one engine (stale tables), from new
    games and from states inside a round."""
    engine = type(GAME)()
    other = type(GAME)()
    for seed in range(12):
        start = engine.initial_state(players, variant)
        walk = random.Random(seed)
        for _ in range(walk.randrange(0, 3 * players * 10)):  # into a round, sometimes mid-turn or mid-deal
            if engine.current_player(start) == TERMINAL:
                break
            start = engine.apply(start, engine.random_move(start, walk))
        if engine.current_player(start) == TERMINAL:
            continue
        fast_rng, list_rng = random.Random(seed), random.Random(seed)
        fast = engine._four_row_playout(start, fast_rng, None)
        listed = other._general_playout(start, list_rng, None)
        assert fast == listed
        assert fast_rng.getstate() == list_rng.getstate()


@pytest.mark.parametrize("counted", [False, True])
def test_the_undealt_deck_is_the_same_sorted_or_counted(counted: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The undealt deck a deal's walk leaves at the front of its pool is sorted in pure Python and counted off a
    table of the cards in the compiled build (``_sorted_front``, by ``_COMPILED``): either way the cards come out
    sorted, and the four-row playout ends in the list playout's state. (Compiled, the flag is a constant the
    patch cannot change: both runs check the compiled way.)"""
    monkeypatch.setattr(take5, "_COMPILED", counted)
    rng = random.Random(7)
    for _ in range(300):
        top = rng.randrange(1, 300)
        pool = list(range(1, top + 1))
        rng.shuffle(pool)
        count = rng.randrange(0, top + 1)
        assert take5._sorted_front(pool, count, top) == tuple(sorted(pool[:count]))
    engine, other = type(GAME)(), type(GAME)()
    for players, variant in FOUR_ROW_VARIANTS:
        start = engine.initial_state(players, variant)
        assert engine._four_row_playout(start, random.Random(players), None) == other._general_playout(
            start, random.Random(players), None)


def test_a_playout_started_inside_another_leaves_it_the_same_game() -> None:
    """The four-row playout's tables indexed by card are the engine's, reused from game to game: a playout started
    while another runs on the same engine (here from the trace it appends to) must not share them."""
    variant = Take5Variant()
    engine = type(GAME)()
    inner: list[Any] = []

    class Nesting(list):  # type: ignore[type-arg]
        def extend(self, moves: Any) -> None:
            super().extend(moves)  # at each round's end, the last round's too (before the final state is made)
            inner.append(engine.random_playout(engine.initial_state(3, variant), random.Random(len(inner))))

    start = engine.initial_state(4, variant)
    nested = engine.random_playout(start, random.Random(5), Nesting())
    alone = type(GAME)()
    assert len(inner) > 6
    assert nested == alone.random_playout(start, random.Random(5))
    assert inner == [alone.random_playout(alone.initial_state(3, variant), random.Random(i)) for i in range(len(inner))]
