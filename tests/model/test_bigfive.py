"""Tests of the Big Five engine: legal plays against the spec (exhaustively on
small boards, on random crowded boards, perft-style golden counts), random
games, hidden information, error messages, fuzzing."""

from __future__ import annotations

import ast
import importlib.util
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from hypothesis import HealthCheck, settings

from ruleproof.checkers.checks.conformance import check_state
from ruleproof.checkers.checks.fuzz import machine_for
from ruleproof.model.bigfive import GAME, _Index, generate_plays, grow_board
from ruleproof.spec import bigfive as bf
from ruleproof.spec.bigfive import SPEC, BigFiveVariant, Play, make_position, parse_move
from ruleproof.spec.core import CHANCE, TERMINAL
from ruleproof.spec.errors import IllegalMoveError


def _load_positions() -> Any:
    """The golden-position helpers (a script beside this file; tests run with --import-mode=importlib)."""
    where = Path(__file__).with_name("bigfive_positions.py")
    spec = importlib.util.spec_from_file_location("bigfive_positions", where)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_positions = _load_positions()
PERFT, anchors, engine_plays, position, spec_plays = (
    _positions.PERFT, _positions.anchors, _positions.engine_plays, _positions.position, _positions.spec_plays,
)

ROOT = Path(__file__).resolve().parents[2]


def _random_hand(board: tuple[bf.Placed, ...], rng: random.Random) -> tuple[int, ...]:
    rest = Counter(bf.FULL_DECK) - Counter(p.card for p in board)
    return tuple(sorted(rng.sample(sorted(rest.elements()), 5)))


def _describe(board: tuple[bf.Placed, ...], want: set[Play], got: set[Play]) -> str:
    a, b = anchors(board, want), anchors(board, got)
    rows = [f"  {k}: spec {a.get(k, 0)}, engine {b.get(k, 0)}" for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    extra = sorted(map(str, got - want))[:5]
    missing = sorted(map(str, want - got))[:5]
    return "\n".join([bf.render_board(board), "per-anchor breakdown (differences):", *rows,
                      f"engine only: {extra}", f"spec only: {missing}"])


# --------------------------------------------------------------------------
# Legal plays: exact


@pytest.mark.rule("BF-LINE-1", "BF-LINE-2", "BF-LINE-3", "BF-LINE-4", "BF-LINE-5", "BF-PLAY-2", "BF-PLAY-3")
def test_engine_plays_equal_exhaustive_spec_enumeration_on_small_boards() -> None:
    """Every set of 1–4 empty cells within a window of five of an old card,
    with every assignment of hand cards, filtered by the rules = the engine's plays."""
    rng = random.Random(5)
    for trial in range(20):
        board = grow_board(rng.randrange(1, 7), rng)
        hand = _random_hand(board, rng)
        if trial % 3 == 0:  # hands that share features produce many plays
            colour = rng.randrange(5)
            hand = tuple(sorted(a * 5 + colour for a in rng.sample(range(5), 4))) + hand[:1]
        want = spec_plays(board, hand, 1, exhaustive=True)
        got = engine_plays(board, hand, 1)
        assert got == want, _describe(board, want, got)


@pytest.mark.rule("BF-LINE-3", "BF-LINE-4")
def test_engine_plays_equal_spec_on_random_crowded_boards() -> None:
    rng = random.Random(9)
    for size in (15, 30, 45, 60, 75, 90):
        for _ in range(3):
            board = grow_board(size, rng)
            hand = _random_hand(board, rng)
            want = spec_plays(board, hand, 1)
            got = engine_plays(board, hand, 1)
            assert got == want, _describe(board, want, got)
            assert {p for p in want if len(p.placed) >= 3} == engine_plays(board, hand, 3)


def test_perft_golden_counts() -> None:
    data = json.loads(PERFT.read_text(encoding="utf-8"))
    assert len(data) >= 10 and any(len(item["board"].split()) >= 80 for item in data)
    for item in data:
        board, hand, min_size = position(item["board"], item["hand"], item["min_size"])
        got = engine_plays(board, hand, min_size)
        breakdown = anchors(board, got)
        if len(got) != item["count"] or breakdown != item["anchors"]:
            want = spec_plays(board, hand, min_size)
            diff = {k: (item["anchors"].get(k, 0), breakdown.get(k, 0))
                    for k in sorted(set(breakdown) | set(item["anchors"])) if item["anchors"].get(k) != breakdown.get(k)}
            pytest.fail(
                f"{item['name']}: engine {len(got)} plays, golden {item['count']}; "
                f"per-anchor (golden, engine): {diff}\n{_describe(board, want, got)}"
            )


def test_first_play_search_agrees() -> None:
    rng = random.Random(3)
    for size in (1, 10, 50, 90):
        board = grow_board(size, rng)
        index = _Index(board)
        for _ in range(10):
            hand = _random_hand(board, rng)
            assert bool(generate_plays(index, hand, first=True)) == bool(generate_plays(index, hand))
            assert bool(generate_plays(index, hand, first=True)) == bf.can_place(board, hand)


# --------------------------------------------------------------------------
# Games


def test_random_games_end_and_replay() -> None:
    for players, variant in GAME.test_configs():
        rng = random.Random(players)
        state = GAME.new_game(players, variant)
        moves = []
        while GAME.current_player(state) != TERMINAL:
            actor = GAME.current_player(state)
            if actor == CHANCE:
                move = GAME.sample_chance(state, rng)
            else:
                legal = GAME.legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            moves.append(move)
            state = GAME.apply(state, move)
            assert len(moves) <= GAME.max_game_length(players, variant)
        assert GAME.replay(players, variant, moves) == state
        assert sum(GAME.returns(state)) == pytest.approx(1.0)
        assert Counter(c for c, _ in GAME.components(state)) == GAME.all_components(players, variant)


def test_conformance_on_a_crowded_game() -> None:
    """Plays are preferred so that the board gets crowded; every seat's state is
    checked in both directions (engine ⊆ spec, spec candidates ⊆ engine)."""
    rng = random.Random(4)
    state = GAME.new_game(3, seed=4)
    seen = 0
    while GAME.current_player(state) != TERMINAL:
        actor = GAME.current_player(state)
        if actor == CHANCE:
            move = GAME.sample_chance(state, rng)
        else:
            if len(state.board) >= 20 or seen % 4 == 0:
                problems = check_state(GAME, state, candidates=True)
                assert not problems, (problems, GAME.render_text(state))
            seen += 1
            legal = GAME.legal_moves(state)
            plays = [m for m in legal if isinstance(m, Play)]
            move = rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(legal)
        after = GAME.apply(state, move)
        assert SPEC.check_transition(state.variant, state, actor, move, after).ok
        state = after
    assert len(state.board) >= 40


def test_new_game_is_deterministic_and_opening_is_dealt_by_chance() -> None:
    a = GAME.new_game(3, seed=8)
    assert a == GAME.new_game(3, seed=8)
    assert a.turn == 0 and [len(h) for h in a.hands] == [5, 5, 5] and len(a.box) == 0
    state = GAME.initial_state(2, BigFiveVariant())
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 25 and sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_observation_hides_decks_and_other_hands() -> None:
    state = GAME.new_game(2, seed=1)
    obs = GAME.observation(state, 0)
    assert obs["hand"] == [bf.card_code(c) for c in state.hands[0]]
    assert "decks" not in obs and obs["deck_sizes"] == [44, 44]
    assert all(bf.card_code(c) not in obs["hand"] or c in state.hands[0] for c in state.hands[1])



def _components_as_first_written(state: Any) -> list[tuple[str, str]]:
    """The engine's components as a generator yielding card by card (the reference of the one-go list)."""
    def walk() -> Any:
        for c in state.pool:
            yield bf.card_code(c), "pool"
        for p in state.board:
            yield bf.card_code(p.card), f"board {p.x},{p.y}"
        for s, hand in enumerate(state.hands):
            for c in hand:
                yield bf.card_code(c), f"hand {s}"
        for s, deck in enumerate(state.decks):
            for seg in deck:
                for c in seg:
                    yield bf.card_code(c), f"deck {s}"
        for c in state.pile:
            yield bf.card_code(c), "pile"
        for c in state.box:
            yield bf.card_code(c), "box"
    return list(walk())


def test_components_and_observed_boards_equal_the_card_by_card_forms_on_random_games() -> None:
    """The one-go component list equals the card-by-card generator (same pairs, same order) and every
    seat's observed board is ``str`` of each placed card, a list of its own, on states of random games of
    every test configuration (the board text is remembered for the last board only)."""
    places: set[str] = set()
    for players, variant in GAME.test_configs():
        rng = random.Random(players + 40)
        state = GAME.new_game(players, variant, seed=players)
        for turn in range(300):
            if GAME.current_player(state) == TERMINAL:
                break
            assert list(GAME.components(state)) == _components_as_first_written(state)
            places.update(where.split()[0] for _, where in GAME.components(state))
            boards = [GAME.observation(state, seat)["board"] for seat in range(players)]
            assert all(board == [str(p) for p in state.board] for board in boards)
            if len(boards) > 1:
                boards[0].append("x")
                assert boards[1] == [str(p) for p in state.board]
            actor = GAME.current_player(state)
            state = GAME.apply(state, GAME.sample_chance(state, rng) if actor == CHANCE
                               else rng.choice(GAME.legal_moves(state)))
    assert places >= {"pool", "board", "hand", "deck", "pile", "box"}, places


def test_invalid_move_error_shows_the_board() -> None:
    state = make_position("Lp@0,0 Gp@1,0", ["Lp Zb", "Ey"])
    with pytest.raises(IllegalMoveError) as info:
        GAME.apply(state, parse_move("play Lp@2,0"))
    text = str(info.value)
    assert info.value.rule_ids == ("BF-LINE-4",)
    assert "[Lp]" in text and "Gp" in text and "y\\x" in text


def test_apply_accepts_unsorted_groups() -> None:
    state = make_position("Lp@0,0", ["Gp Zp", "Ey"])
    unsorted = Play(tuple(reversed(parse_move("play Gp@1,0 Zp@2,0").placed)))  # type: ignore[union-attr]
    assert GAME.apply(state, unsorted).board == GAME.apply(state, parse_move("play Gp@1,0 Zp@2,0")).board


def test_render_text_and_svg() -> None:
    from ruleproof.checkers.render.bigfive import render_svg

    state = GAME.new_game(2, seed=2)
    text = GAME.render_text(state)
    assert text.splitlines()[0].startswith("round 1") and "seat 1: hand" in text
    assert render_svg(state).startswith("<svg")


# --------------------------------------------------------------------------
# Every rule id is covered by a marked test


def _marked_rule_ids() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests" / "spec" / "test_bigfive.py", Path(__file__)):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule":
                found.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return found


def test_every_rule_has_a_marked_test() -> None:
    assert {r.id for r in SPEC.rules} <= _marked_rule_ids()


# --------------------------------------------------------------------------
# Fuzzing

TestBigFiveFuzz = machine_for("bigfive", 3, BigFiveVariant(children=True, bonus="publisher")).TestCase
TestBigFiveFuzz.settings = settings(
    max_examples=6, stateful_step_count=40, deadline=None, database=None, derandomize=True,
    suppress_health_check=list(HealthCheck),
)
