"""The BigPoints engine: conformance with the spec, fuzzing, hidden information, goldens, rendering.

Regenerate the golden files (only after a deliberate rules change) with
``.venv/bin/python tests/model/test_bigpoints.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from ruleproof.checkers.checks.conformance import run_conformance
from ruleproof.checkers.checks.fuzz import machine_for
from ruleproof.checkers.render.bigpoints import render_svg
from ruleproof.checkers.checks.validate import validate_record
from ruleproof.model.io import codec
from ruleproof.model.bigpoints import GAME
from ruleproof.model.io.records import make_record, parse_record
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.bigpoints import (
    COLOURS,
    DISC_COLOURS,
    LETTERS,
    SPEC,
    BigPointsMove,
    BigPointsState,
    BigPointsVariant,
    Lay,
    Take,
    compute_gap_moves,
    compute_successor,
    has_gap,
    is_gap_possible,
)
from ruleproof.spec.core import CHANCE, TERMINAL, variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import IllegalMoveError
from fastpaths import check_traced_playout_replays, positions_in_phase

DATA = Path(__file__).resolve().parent.parent / "data"
PERFT = DATA / "bigpoints_perft.json"
PLAYTHROUGH = DATA / "bigpoints_playthrough.json"
V = BigPointsVariant
TINY = V(colour_discs=2, black_discs=1, white_discs=0)

QUICK = settings(max_examples=10, stateful_step_count=60, deadline=None, database=None,
                 suppress_health_check=list(HealthCheck), derandomize=True)


def test_registered() -> None:
    assert "bigpoints" in available_games()
    assert game_for("bigpoints") is GAME


# -- conformance and fuzzing ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "variant"), GAME.test_configs(),
                         ids=[f"{n}p-{i}" for i, (n, _) in enumerate(GAME.test_configs())])
def test_conformance(players: int, variant: BigPointsVariant) -> None:
    result = run_conformance(GAME, players, variant, games=3, seed=5, candidate_every=2)
    assert result.ok, "\n".join(map(str, result.problems))


@pytest.mark.parametrize(("players", "variant"), [
    (3, V()),
    (2, TINY),
    (3, V(colour_discs=2, black_discs=2, white_discs=1, no_free_disc="illegal", extra_timing="before",
          back_to_start=True, match=True)),
])
def test_state_machine(players: int, variant: BigPointsVariant) -> None:
    run_state_machine_as_test(machine_for("bigpoints", players, variant), settings=QUICK)


def test_random_games_are_total_and_bounded() -> None:
    """Every candidate move in every visited state is either applied or refused
    with named rules; no game outlasts the declared bound."""
    rng = random.Random(3)
    for players, variant in GAME.test_configs():
        limit = GAME.max_game_length(players, variant)
        for _ in range(3):
            state = GAME.initial_state(players, variant)
            steps = 0
            while not GAME.is_terminal(state):
                actor = GAME.current_player(state)
                legal = GAME.legal_moves(state)
                for move in SPEC.candidate_moves(state, actor):
                    if move in legal:
                        GAME.apply(state, move)
                    else:
                        with pytest.raises(IllegalMoveError) as err:
                            GAME.apply(state, move)
                        assert err.value.rule_ids, (str(move), state)
                move = GAME.sample_chance(state, rng) if actor == CHANCE else legal[rng.randrange(len(legal))]
                state = GAME.apply(state, move)
                steps += 1
            assert steps <= limit


def test_serialisation_round_trip() -> None:
    state = GAME.new_game(4, V(match=True, extra_timing="before"), seed=9)
    rng = random.Random(1)
    for _ in range(40):
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[rng.randrange(len(moves))])
        data = json.loads(json.dumps(codec.encode(state)))
        assert codec.decode(BigPointsState, data) == state
        assert GAME.deserialize(data) == state


# -- the gap of RULES-NOTES row 5 ----------------------------------------------------------


def _gap_witness() -> tuple[list[BigPointsMove], BigPointsState]:
    """The first seeded random game of the tiny set that reaches a gap move."""
    for seed in range(200):
        rng = random.Random(seed)
        state = GAME.initial_state(2, TINY)
        history: list[BigPointsMove] = []
        while not GAME.is_terminal(state):
            if has_gap(state):
                return history, state
            actor = GAME.current_player(state)
            moves = GAME.legal_moves(state)
            move = GAME.sample_chance(state, rng) if actor == CHANCE else moves[rng.randrange(len(moves))]
            history.append(move)
            state = GAME.apply(state, move)
    raise AssertionError("no gap found")


@pytest.mark.rule("BP-TAKE-3")
def test_gap_is_reachable_on_a_tiny_path_and_the_flag_decides_it() -> None:
    history, state = _gap_witness()
    gap_moves = compute_gap_moves(state)
    assert gap_moves
    move = gap_moves[0]
    moved = GAME.apply(state, move)
    assert GAME.legal_moves(moved) == (Take("none"),)
    strict = GAME.replay(2, V(colour_discs=2, black_discs=1, white_discs=0, no_free_disc="illegal"), history)
    assert move not in GAME.legal_moves(strict)
    assert "BP-TAKE-3" in SPEC.check_move(strict.variant, strict, strict.turn, move).rule_ids


def test_gap_moves_start_from_the_start_and_need_a_small_path() -> None:
    """Evidence for the counting argument of :func:`is_gap_possible`: in random
    games a gap move always takes a pawn off the start, and never arises when
    the bound says it cannot."""
    for players, variant in GAME.test_configs():
        rng = random.Random(7)
        for _ in range(20 if variant.colour_discs < 10 else 3):
            state = GAME.initial_state(players, variant)
            while not GAME.is_terminal(state):
                for move in compute_gap_moves(state):
                    assert is_gap_possible(variant), (variant, state)
                    assert not move.back and state.pawns[COLOURS.index(move.colour)] == -1
                actor = GAME.current_player(state)
                moves = GAME.legal_moves(state)
                move = GAME.sample_chance(state, rng) if actor == CHANCE else moves[rng.randrange(len(moves))]
                state = GAME.apply_unchecked(state, move)


# -- hidden information --------------------------------------------------------------------


def _mid_game() -> BigPointsState:
    state = GAME.new_game(3, seed=21)
    rng = random.Random(21)
    while sum(map(sum, state.hands)) < 12 or state.hands[1][0] == 0:
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[rng.randrange(len(moves))])
    return state


def _swap(state: BigPointsState, seat: int, give: int, get: int) -> BigPointsState:
    hand = list(state.hands[seat])
    hand[give] -= 1
    hand[get] += 1
    return state._replace(hands=state.hands[:seat] + (tuple(hand),) + state.hands[seat + 1:])


def test_observation_hides_other_players_discs_except_black() -> None:
    state = _mid_game()
    own = GAME.observation(state, 0)
    assert own["hand"] == {DISC_COLOURS[c]: n for c, n in enumerate(state.hands[0]) if n}
    assert own["path"] == state.path and own["pawns"] == list(state.pawns)
    # seat 1 holding a white disc instead of a blue one: invisible to seats 0 and 2, visible to seat 1
    other = _swap(state, 1, 0, 6)
    for seat in (0, 2):
        assert GAME.observation(other, seat) == GAME.observation(state, seat)
    assert GAME.observation(other, 1) != GAME.observation(state, 1)
    # black discs lie face up: everyone sees them, spent or not
    blacker = _swap(state, 1, 0, 5)
    assert GAME.observation(blacker, 0)["black"][1] == state.hands[1][5] + 1
    spent = state._replace(spent=(0, 1, 0))
    assert GAME.observation(spent, 2)["spent_black"] == [0, 1, 0]
    # nothing in another seat's view names seat 1's colours
    view = json.dumps(GAME.observation(state, 0))
    assert json.dumps({DISC_COLOURS[c]: n for c, n in enumerate(state.hands[1]) if n}) not in view or \
        state.hands[1] == state.hands[0]


def test_observation_is_json_and_names_the_actor() -> None:
    state = GAME.initial_state(2, TINY)
    view = GAME.observation(state, 1)
    assert view["current_player"] == CHANCE and view["hand"] == {}
    json.dumps(view)


# -- goldens -------------------------------------------------------------------------------


def _state_from_path(players: int, variant: BigPointsVariant, path: str) -> BigPointsState:
    state = GAME.initial_state(players, variant)
    for letter in path:
        state = GAME.apply(state, Lay(DISC_COLOURS[LETTERS.index(letter)]))
    return state


def _perft(state: BigPointsState, depth: int) -> int:
    if depth == 0 or GAME.is_terminal(state):
        return 1
    return sum(_perft(GAME.apply_unchecked(state, m), depth - 1) for m in GAME.legal_moves(state))


def _spec_perft(state: BigPointsState, depth: int) -> int:
    """The same count from the spec alone: candidates filtered by the legality rules,
    successors from the reference semantics."""
    actor = SPEC.whose_turn(state)
    if depth == 0 or actor == TERMINAL:
        return 1
    moves = SPEC.spec_legal_moves(state.variant, state, actor)
    return sum(_spec_perft(compute_successor(state, m), depth - 1) for m in moves)


def _shuffled_path(variant: BigPointsVariant, seed: int) -> str:
    comp = (variant.colour_discs - 1,) * 5 + (variant.black_discs, variant.white_discs)
    discs = [LETTERS[c] for c, n in enumerate(comp) for _ in range(n)]
    random.Random(seed).shuffle(discs)
    return "".join(discs)


_PERFT_CASES: list[tuple[int, dict[str, Any], int, int]] = [
    (2, {}, 1, 7),
    (3, {"extra_timing": "before"}, 2, 7),
    (4, {"no_free_disc": "illegal", "back_to_start": True}, 3, 6),
    (2, {"colour_discs": 2, "black_discs": 1, "white_discs": 0}, 4, 12),
    (2, {"colour_discs": 2, "black_discs": 2, "white_discs": 1, "no_free_disc": "illegal"}, 5, 10),
]


def _compute_perft() -> dict[str, Any]:
    cases = []
    for players, flags, seed, depth in _PERFT_CASES:
        variant = variant_from_mapping(BigPointsVariant, flags)
        path = _shuffled_path(variant, seed)
        state = _state_from_path(players, variant, path)
        cases.append({"players": players, "variant": flags, "path": path,
                      "perft": [_perft(state, d) for d in range(1, depth + 1)]})
    return {"game": "bigpoints", "description": "move-tree sizes by depth from a fixed path (after set-up)",
            "cases": cases}


def _compute_playthrough() -> dict[str, Any]:
    variant = V(match=True)
    rng = random.Random(2024)
    state = GAME.initial_state(2, variant)
    moves: list[tuple[int, BigPointsMove]] = []
    while not GAME.is_terminal(state):
        actor = GAME.current_player(state)
        legal = GAME.legal_moves(state)
        move = GAME.sample_chance(state, rng) if actor == CHANCE else legal[rng.randrange(len(legal))]
        moves.append((actor, move))
        state = GAME.apply(state, move)
    record = make_record("bigpoints", 2, variant, moves, seed=2024).to_json()
    record["meta"] = {"final_scores": list(state.scores), "winners": sorted(GAME.outcome(state).winners)}
    return record


def test_golden_perft_counts() -> None:
    golden = json.loads(PERFT.read_text(encoding="utf-8"))
    for case in golden["cases"]:
        variant = variant_from_mapping(BigPointsVariant, case["variant"])
        state = _state_from_path(case["players"], variant, case["path"])
        counts = [_perft(state, d) for d in range(1, len(case["perft"]) + 1)]
        assert counts == case["perft"], (case["variant"], case["path"])


def test_spec_perft_agrees_with_the_engine() -> None:
    golden = json.loads(PERFT.read_text(encoding="utf-8"))
    for case in golden["cases"]:
        variant = variant_from_mapping(BigPointsVariant, case["variant"])
        state = _state_from_path(case["players"], variant, case["path"])
        depth = 4 if variant.colour_discs < 10 else 3
        assert _spec_perft(state, depth) == case["perft"][depth - 1]


def test_golden_playthrough_replays_and_validates() -> None:
    data = json.loads(PLAYTHROUGH.read_text(encoding="utf-8"))
    record = parse_record(json.dumps(data))
    result = validate_record(record)
    assert result.ok, str(result)
    variant = variant_from_mapping(BigPointsVariant, data["variant"])
    final = GAME.replay(2, variant, [GAME.parse_move(m.move) for m in record.moves])
    assert GAME.is_terminal(final) and final.game == 1
    assert list(final.scores) == data["meta"]["final_scores"]
    assert sorted(GAME.outcome(final).winners) == data["meta"]["winners"]
    # The record predates the issue 17 flags: it still loads, every missing flag at its default reading.
    assert {k: variant_to_dict(variant)[k] for k in data["variant"]} == data["variant"]
    assert variant == BigPointsVariant(**{k: getattr(variant, k) for k in data["variant"]})


# -- rendering --------------------------------------------------------------------------------


def test_render_text_shows_path_pawns_ladder_and_hands() -> None:
    state = _mid_game()
    text = GAME.render_text(state)
    assert text.splitlines()[1].startswith("path: ")
    assert "ladder: 1:" in text and "seat 2:" in text
    assert text.count("[") >= 1


def test_render_svg_draws_every_disc_and_pawn() -> None:
    state = _mid_game()
    svg = render_svg(state, title="BigPoints <mid-game>")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    on_path = sum(1 for c in state.path if c != ".")
    assert svg.count('class="disc"') == on_path
    assert svg.count('class="taken"') == state.path.count(".")
    assert svg.count('class="pawn"') == 5
    assert svg.count('class="reserve"') == len(state.reserve)
    assert "&lt;mid-game&gt;" in svg


# -- the rule constants as flags (issue 31) ------------------------------------------------------


@pytest.mark.parametrize(("players", "variant"), [
    (2, V(step_values=(6, 4, 2, 1, 0), colour_discs=4, black_discs=2, white_discs=3)),
    (3, V(step_values=(0, 0, 9, 9, 9), inverted_ladder=True)),
    (4, V(colour_discs=1, black_discs=0, white_discs=2)),
], ids=["ladder-and-path", "ladder-inverted", "one-disc-a-colour"])
def test_conformance_under_other_rule_constants(players: int, variant: BigPointsVariant) -> None:
    """The engine agrees with the spec (every legality, effect and scoring rule) under other values of the
    rule constants: the ladder's points and the path's make-up."""
    result = run_conformance(GAME, players, variant, games=2, seed=7)
    assert result.ok, "\n".join(map(str, result.problems))


def test_engine_scores_and_pictures_follow_the_ladder() -> None:
    """The variant's step values score the discs (engine and spec alike) and are drawn on the ladder."""
    ladder = V(step_values=(9, 7, 5, 3, 1))
    state = GAME.initial_state(2, ladder)
    final, _ = GAME.random_playout(state, random.Random(3))
    from ruleproof.spec.bigpoints import compute_game_scores

    assert final.scores == compute_game_scores(final) != compute_game_scores(final._replace(variant=V()))
    assert "=9" in GAME.render_text(final) and "=4" not in GAME.render_text(final)
    svg = render_svg(final)
    assert ">9</text>" in svg and ">4</text>" not in svg
    assert ">4</text>" in render_svg(final._replace(variant=V()))


if __name__ == "__main__":
    PERFT.write_text(json.dumps(_compute_perft(), indent=1) + "\n", encoding="utf-8")
    PLAYTHROUGH.write_text(parse_record(json.dumps(_compute_playthrough())).dumps(), encoding="utf-8")
    print(f"wrote {PERFT} and {PLAYTHROUGH}")


# --------------------------------------------------------------------------
# The fast playout from every phase of a turn


@pytest.mark.parametrize("phase", ["lay", "move", "take", "offer", "extra"])
def test_fast_playout_from_every_phase_of_a_turn_replays_and_counts_each_move(phase: str) -> None:
    """The fast playout may start in any phase of a turn: a path to lay, a pawn to move, a disc to take
    beside the pawn just moved, the black disc's offer, the extra move. From such positions of every test
    configuration its moves replay through the checked path to its final state, it counts each move once,
    and a trace changes nothing (the same game, the generator left in the same state)."""
    checked = 0
    for players, variant in GAME.test_configs():
        for start in positions_in_phase(GAME, phase, players, variant, 2, lambda _, met: met % 7 == 1):
            check_traced_playout_replays(GAME, start, checked)
            checked += 1
    assert checked >= len(GAME.test_configs())
