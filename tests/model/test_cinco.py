"""The Cinco engine: conformance with the spec, fuzzing, line detection, hidden information, goldens."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from ruleproof.checkers.checks.conformance import run_conformance
from ruleproof.checkers.checks.fuzz import machine_for
from ruleproof.model.io import codec
from ruleproof.model.cinco import GAME, CincoGame
from ruleproof.model.registry import available_games, game_for
from ruleproof.model.io.inputs import load_layout_file
from ruleproof.spec.cinco import LINE, SPEC, CincoState, CincoVariant, Play, custom_layout_flags, layout_of, parse_move
from ruleproof.spec.cinco_board import FREE, Board, Layout, hex_layout, is_win, square_layout
from ruleproof.spec.core import CHANCE, TERMINAL, variant_from_mapping, variant_to_dict

DATA = Path(__file__).resolve().parent.parent / "data"
SMALL = str(DATA / "cinco_layout_small.json")
#: The small layout as the variant carries it (data, never the file's name).
SMALL_FLAGS = custom_layout_flags(load_layout_file(SMALL))
GOLDEN = DATA / "cinco_legal_counts.json"
V = CincoVariant


def test_registered() -> None:
    assert "cinco" in available_games()
    assert game_for("cinco") is GAME


# -- conformance and fuzzing ------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "variant"), GAME.test_configs(), ids=lambda x: str(x) if isinstance(x, int) else ""
)
def test_conformance(players: int, variant: CincoVariant) -> None:
    result = run_conformance(GAME, players, variant, games=2, seed=players, candidate_every=2)
    assert result.ok, "\n".join(map(str, result.problems[:5]))


@pytest.mark.parametrize("players", [2, 4])
def test_conformance_custom_layout(players: int) -> None:
    variant = V(**SMALL_FLAGS)
    result = run_conformance(GAME, players, variant, games=3, seed=1)
    assert result.ok, "\n".join(map(str, result.problems[:5]))


def _fuzz(players: int, variant: CincoVariant, steps: int) -> Any:
    case = machine_for("cinco", players, variant).TestCase
    case.settings = settings(
        max_examples=10, stateful_step_count=steps, deadline=None,
        suppress_health_check=list(HealthCheck), database=None,
    )
    return case


TestCincoFuzzHex = _fuzz(2, V(), 30)
TestCincoFuzzSquareJoker = _fuzz(3, V(layout="square", joker=True), 30)
TestCincoFuzzTeams = _fuzz(6, V(teams6="3x2", exact_five=True, chips=8), 40)


# -- line detection against brute force ---------------------------------------------


def _runs_through(layout: Layout, cells: tuple[int, ...]) -> dict[int, list[int]]:
    """Brute force over every cell and direction: for each cell, the lengths of the
    maximal runs of its colour through it (one per direction), walking coordinates."""
    at = {c: n for n, c in enumerate(layout.coords, start=1)}
    runs: dict[int, list[int]] = {}
    for n, (x, y) in enumerate(layout.coords, start=1):
        colour = cells[n - 1]
        if colour == FREE:
            continue
        lengths = []
        for dx, dy in layout.directions:
            length = 1
            for sign in (1, -1):
                k = 1
                while True:
                    m = at.get((x + sign * k * dx, y + sign * k * dy))
                    if m is None or cells[m - 1] != colour:
                        break
                    length += 1
                    k += 1
            lengths.append(length)
        runs[n] = lengths
    return runs


@pytest.mark.rule("CI-WIN-1")
@pytest.mark.parametrize("layout", [hex_layout(), square_layout()], ids=["hex", "square"])
def test_line_detection_brute_force(layout: Layout) -> None:
    rng = random.Random(layout.name)
    for trial in range(150):
        density = rng.choice([0.3, 0.5, 0.7])
        cells = tuple(
            (0 if rng.random() < 0.7 else 1) if rng.random() < density else FREE for _ in range(layout.size)
        )
        runs = _runs_through(layout, cells)
        board = Board(layout, cells)
        for exact in (False, True):
            variant = V(layout=layout.name, exact_five=exact)  # type: ignore[arg-type]
            for colour in (0, 1):
                mine = [lengths for n, lengths in runs.items() if cells[n - 1] == colour]
                expected = any((x == 5 if exact else x >= 5) for lengths in mine for x in lengths)
                assert is_win(board, colour, LINE, exact) is expected, (trial, exact, colour)
            for n, lengths in runs.items():
                expected_cell = any((x == 5 if exact else x >= 5) for x in lengths)
                assert CincoGame._completes(variant, cells, n - 1, cells[n - 1]) is expected_cell, (trial, n)


# -- hidden information ------------------------------------------------------------------


def test_hidden_hands_public_board() -> None:
    state = GAME.new_game(3, V(), seed=4)
    rng = random.Random(4)
    for _ in range(6):
        if GAME.current_player(state) == CHANCE:
            state = GAME.apply(state, GAME.sample_chance(state, rng))
        else:
            moves = [m for m in GAME.legal_moves(state) if isinstance(m, Play) and m.cell]
            state = GAME.apply(state, rng.choice(moves))
    while GAME.current_player(state) == CHANCE:
        state = GAME.apply(state, GAME.sample_chance(state, rng))
    assert all(state.hands) and any(state.discards)
    observations = [GAME.observation(state, s) for s in range(3)]
    for seat, obs in enumerate(observations):
        json.dumps(obs)
        assert obs["hand"] == list(state.hands[seat])
        assert obs["discards"] == list(state.discards[seat])
        assert obs["board"] == list(state.board) and obs["chips"] == list(state.chips)
        assert obs["hand_sizes"] == [len(h) for h in state.hands]
        assert "hands" not in obs and "deck" not in obs
    # Swapping a card of seat 1's hand with a deck card changes only seat 1's view.
    hand1, deck = list(state.hands[1]), list(state.deck)
    hand1[0], deck[0] = deck[0], hand1[0]
    swapped = state._replace(hands=(state.hands[0], tuple(sorted(hand1)), state.hands[2]), deck=tuple(sorted(deck)))
    assert GAME.observation(swapped, 0) == observations[0]
    assert GAME.observation(swapped, 2) == observations[2]
    assert GAME.observation(swapped, 1) != observations[1]
    # The same for a discard pile: face down, only its owner knows it.
    pile = list(state.discards[0]) if state.discards[0] else list(state.discards[1])
    owner = 0 if state.discards[0] else 1
    deck2 = list(state.deck)
    pile[0], deck2[0] = deck2[0], pile[0]
    discards = list(state.discards)
    discards[owner] = tuple(sorted(pile))
    hidden = state._replace(discards=tuple(discards), deck=tuple(sorted(deck2)))
    assert GAME.observation(hidden, 2) == observations[2]
    assert GAME.observation(hidden, owner) != observations[owner]


# -- golden legal-move counts ---------------------------------------------------------------

GOLDEN_CONFIGS: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 1), (3, {"layout": "square", "joker": True}, 2), (4, {"exact_five": True}, 3),
    (6, {"teams6": "3x2", "layout": "square"}, 4), (3, {}, 5),
]
GOLDEN_AT = (0, 12, 40, 90, 160, 260)


def _golden_positions() -> list[dict[str, Any]]:
    entries = []
    for players, flags, seed in GOLDEN_CONFIGS:
        variant = variant_from_mapping(V, flags)
        rng = random.Random(seed)
        state = GAME.initial_state(players, variant)
        history: list[str] = []
        while GAME.current_player(state) != TERMINAL and len(history) <= max(GOLDEN_AT):
            actor = GAME.current_player(state)
            moves = GAME.legal_moves(state)
            if len(history) in GOLDEN_AT:
                entries.append({
                    "players": players, "variant": flags, "history": list(history), "actor": actor,
                    "count": len(moves), "first": str(moves[0]), "last": str(moves[-1]),
                })
            move = GAME.sample_chance(state, rng) if actor == CHANCE else moves[rng.randrange(len(moves))]
            history.append(str(move))
            state = GAME.apply(state, move)
    return entries


def test_golden_legal_move_counts() -> None:
    if os.environ.get("CINCO_REGENERATE"):
        GOLDEN.write_text(json.dumps(_golden_positions(), indent=1) + "\n", encoding="utf-8")
    entries = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(entries) >= 20
    for entry in entries:
        variant = variant_from_mapping(V, entry["variant"])
        state = GAME.replay(entry["players"], variant, [parse_move(m) for m in entry["history"]])
        actor = GAME.current_player(state)
        moves = GAME.legal_moves(state)
        where = f"{entry['players']} players {entry['variant']} after {len(entry['history'])} moves"
        assert actor == entry["actor"], where
        assert (len(moves), str(moves[0]), str(moves[-1])) == (entry["count"], entry["first"], entry["last"]), where
        if actor != CHANCE:  # the spec, from its own candidates, finds the same count
            assert len(SPEC.spec_legal_moves(variant, state, actor)) == entry["count"], where


# -- serialisation, rendering, bounds --------------------------------------------------------------


def test_serialise_round_trip_with_custom_layout() -> None:
    variant = V(**SMALL_FLAGS, joker=True)
    state = GAME.new_game(2, variant, seed=9)
    data = json.loads(json.dumps(codec.encode(state)))
    assert codec.decode(CincoState, data) == state
    assert variant_from_mapping(V, variant_to_dict(variant)) == variant
    assert len(state.board) == 36 and len(state.deck) == 36 - 8


def test_flag_layout_data_changes_the_game() -> None:
    small = GAME.new_game(2, V(**SMALL_FLAGS), seed=1)
    assert max(c for h in small.hands for c in h) <= 36
    assert all(m.cell <= 36 for m in GAME.legal_moves(small) if isinstance(m, Play))
    assert layout_of(small.variant).name == "small"


def test_render_text_both_layouts() -> None:
    for layout in ("hex", "square"):
        state = GAME.new_game(2, V(layout=layout), seed=2)  # type: ignore[arg-type]
        move = next(m for m in GAME.legal_moves(state) if isinstance(m, Play) and m.cell)
        state = GAME.apply(state, move)
        text = GAME.render_text(state)
        board_lines = 11 if layout == "hex" else 10
        assert len(text.splitlines()) == board_lines + 4
        assert " R" in text and "chips: red 34, blue 35" in text
        assert f"seat 0 (red): hand {' '.join(map(str, state.hands[0]))}" in text


def test_render_svg_both_layouts() -> None:
    from ruleproof.checkers.render.cinco import render_svg

    for layout, shape in (("hex", "<polygon"), ("square", "<rect")):
        state = GAME.new_game(2, V(layout=layout), seed=2)  # type: ignore[arg-type]
        state = state._replace(board=(0, 1) + (FREE,) * 88)
        svg = render_svg(state, title="two chips")
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert svg.count(shape) == 90 and svg.count("<circle") == 2
        assert "red chip on 1" in svg and "blue chip on 2" in svg and "two chips" in svg
    svg_small = render_svg(Board(layout_of(V(**SMALL_FLAGS)), (FREE,) * 36))
    assert svg_small.count("<rect") == 36


def test_max_game_length_is_unbounded() -> None:
    """CI-AMB-10: drawing and exchanging can go on forever, so no finite bound exists."""
    import sys

    assert GAME.max_game_length(2, V()) == sys.maxsize
    state = GAME.new_game(2, V(), seed=0)
    for _ in range(20):  # exchange forever: the game never ends
        state = GAME.apply(state, GAME.legal_moves(state)[0])
        while GAME.current_player(state) == CHANCE:
            state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert not GAME.is_terminal(state) and FREE in state.board and set(state.board) == {FREE}


def test_random_games_end_with_a_result() -> None:
    rng = random.Random(0)
    results = {"win": 0, "draw": 0}
    for players, variant in GAME.test_configs():
        state, _ = GAME.random_playout(GAME.new_game(players, variant), rng)
        assert GAME.is_terminal(state)
        results["win" if state.winner >= 0 else "draw"] += 1
        assert sum(GAME.returns(state)) == pytest.approx(1.0)
    assert results["win"] and results["draw"]


# -- game records ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["cinco_record_hex_2p.json", "cinco_record_square_3p.json"])
def test_golden_records_validate(name: str) -> None:
    from ruleproof.checkers.checks.validate import validate_record
    from ruleproof.model.io.records import load_record

    record = load_record(DATA / name)
    result = validate_record(record)
    assert result.ok and result.finished, str(result)
    game, variant = GAME, variant_from_mapping(V, record.variant)
    final = game.replay(record.players, variant, [parse_move(m.move) for m in record.moves])
    assert game.is_terminal(final)


def test_invalid_record_names_the_rule() -> None:
    """A record where a seat plays a card below every free cell it could take is rejected with CI-PLAY-3."""
    import dataclasses as dc

    from ruleproof.checkers.checks.validate import validate_record
    from ruleproof.model.io.records import RecordedMove, load_record

    record = load_record(DATA / "cinco_record_hex_2p.json")
    state = GAME.initial_state(record.players, variant_from_mapping(V, record.variant))
    for index, recorded in enumerate(record.moves):
        move = parse_move(recorded.move)
        if isinstance(move, Play) and move.cell > 1 and move.card > 1:
            break
        state = GAME.apply(state, move)
    bad = Play(move.card, move.card - 1)
    if state.board[bad.cell - 1] != FREE:
        pytest.skip("the cell below is taken in this record")
    moves = list(record.moves)
    moves[index] = RecordedMove(recorded.actor, str(bad))
    result = validate_record(dc.replace(record, moves=tuple(moves)))
    assert not result.ok and result.index == index and "CI-PLAY-3" in result.rule_ids
