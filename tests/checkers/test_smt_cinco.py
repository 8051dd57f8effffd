"""The Z3 layer for Cinco: deadlocks, non-termination and the text's draw, with replayed witnesses."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
import z3

from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.catalogue.findings import Finding, load_manifest
from ruleproof.checkers.smt.cinco import (
    LAYOUTS,
    STRUCTURES,
    QUESTIONS,
    _fid,
    count_abstraction,
    fewest_chips,
    tile_types,
    tiling,
)
from ruleproof.checkers.smt.cinco_boards import PbBoard
from ruleproof.checkers.smt.core import TrackedSolver
from ruleproof.checkers.smt.cinco_replay import ReplayError, replay_board
from ruleproof.model.cinco import GAME
from ruleproof.spec.cinco import CHIPS, LINE, SPEC, CincoVariant, layout_of
from ruleproof.spec.cinco_board import FREE, Board, can_still_win, compute_windows, is_win

DATA = Path(__file__).resolve().parent.parent / "data"
WITNESSES = json.loads((DATA / "smt_cinco_witnesses.json").read_text("utf-8"))
CASES = [(name, colours) for name in LAYOUTS for colours in (2, 3)]


@lru_cache(maxsize=None)
def finding(fid: str) -> Finding:
    (question,) = [q for q in questions("cinco") if q.id == fid]
    return question.answer(full=False)


def variant(name: str, flags: dict[str, str]) -> CincoVariant:
    return CincoVariant(layout=name, **flags)  # type: ignore[arg-type]


@pytest.mark.parametrize("fid", [q.id for q in QUESTIONS])
def test_finding_matches_the_manifest(fid: str) -> None:
    result = finding(fid)
    assert result.verdict == load_manifest("cinco")[fid], result.summary()
    assert result.audit_verdict == "pass" and result.rule_ids
    if result.verdict == "sat":
        assert result.picture and result.witness["replays"]


def test_every_question_is_in_the_manifest() -> None:
    assert {q.id for q in QUESTIONS} == set(load_manifest("cinco")) and len(QUESTIONS) == 16


@pytest.mark.parametrize("name", LAYOUTS)
def test_tiling_covers_every_cell_once(name: str) -> None:
    layout = layout_of(CincoVariant(layout=name))  # type: ignore[arg-type]
    tiles = tiling(layout)
    windows = set(compute_windows(layout, LINE))
    assert all(t in windows for t in tiles)
    assert sorted(c for t in tiles for c in t) == list(range(1, layout.size + 1))


@pytest.mark.rule("CI-WIN-1", "CI-END-1")
@pytest.mark.parametrize("name, colours", CASES)
def test_fewest_chips_lower_bounds(name: str, colours: int) -> None:
    layout = layout_of(CincoVariant(layout=name))  # type: ignore[arg-type]
    for chips_count, best in ((True, 33), (False, 36)):
        bound = fewest_chips(layout, colours, chips_count=chips_count)
        assert (bound.best, bound.proof.verdict) == (best, "unsat")
        # The sat answer at the bound, as window contents: one per tiling window, `best` chips in all.
        assert len(bound.windows) == len(tiling(layout)) and sum(map(sum, bound.windows)) == best
        # The per-window encoding agrees at the bound (its sat answer guides the board search).
        assert count_abstraction(layout, colours, best, chips_count=chips_count).verdict == "sat"


@pytest.mark.parametrize("chips_count, most", [(True, 31), (True, 32), (True, 33), (False, 35), (False, 36)])
def test_window_types_encoding_answers_as_the_per_window_one(chips_count: bool, most: int) -> None:
    """The multiset-of-windows encoding of the count abstraction and the per-window one answer alike (two
    colours, where the per-window one is cheap), at the bound and on both sides of it."""
    layout = layout_of(CincoVariant())
    old = count_abstraction(layout, 2, most, chips_count=chips_count).verdict
    types = tile_types(2)
    solver = TrackedSolver("cinco.count-types")
    use = [z3.Int(f"m{i}") for i in range(len(types))]
    placed = [z3.Sum([use[i] * t[k] for i, t in enumerate(types)]) for k in range(2)]
    solver.add_fact(*[u >= 0 for u in use], z3.Sum(use) == 18, placed[0] + placed[1] <= most,
                    *[p <= CHIPS - 1 for p in placed])
    for i, t in enumerate(types):
        for k in range(2):
            if sum(t) == t[k]:
                solver.add_fact(z3.Implies(use[i] >= 1, 5 - sum(t) > CHIPS - placed[k]) if chips_count else use[i] == 0)
    assert solver.check().verdict == old == ("sat" if most >= (33 if chips_count else 36) else "unsat")


@pytest.mark.rule("CI-WIN-1")
@pytest.mark.parametrize(("name", "trials"), [*((name, 10) for name in LAYOUTS),
                                              *(pytest.param(name, 30, marks=pytest.mark.slow) for name in LAYOUTS)])
def test_pseudo_boolean_deadness_is_the_specs(name: str, trials: int) -> None:
    """``PbBoard.dead_for`` with a colour's chips left holds on a board exactly when the spec says the colour
    can no longer complete a line (random boards of every density, two and three colours; 10 boards each by
    default, 30 under ``-m slow``; both verdicts must occur, with stocks counted and ignored)."""
    import random

    layout = layout_of(CincoVariant(layout=name))  # type: ignore[arg-type]
    rng = random.Random(5)
    seen: set[tuple[bool, bool]] = set()
    for colours in (2, 3):
        solver = TrackedSolver()
        board = PbBoard(solver, layout, colours)
        for trial in range(trials):
            density = rng.random()
            cells = tuple(rng.randrange(colours) if rng.random() < density else FREE for _ in range(layout.size))
            fix = [(board.chip(n, k), z3.BoolVal(cells[n - 1] == k, solver.ctx))
                   for n in range(1, layout.size + 1) for k in range(colours)]
            for k in range(colours):
                left = rng.randrange(0, 8)
                dead = z3.simplify(z3.substitute(z3.And(board.dead_for(k, left)), *fix))
                assert z3.is_true(dead) == (not can_still_win(Board(layout, cells), k, chips=left, length=LINE)), \
                    (trial, k)
                ignored = z3.simplify(z3.substitute(z3.And(board.dead_for(k, None)), *fix))
                assert z3.is_true(ignored) == (not can_still_win(Board(layout, cells), k, chips=None, length=LINE))
                seen |= {(True, z3.is_true(dead)), (False, z3.is_true(ignored))}
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


def _cells(fid: str) -> tuple[int, ...]:
    return tuple(WITNESSES[fid]["cells"])


@pytest.mark.rule("CI-WIN-1", "CI-PLAY-5", "CI-TEAM-1")
@pytest.mark.parametrize("name, colours", CASES)
@pytest.mark.parametrize("chips_count", [True, False], ids=["stocks", "position"])
def test_dead_witness_replays_for_every_structure(name: str, colours: int, chips_count: bool) -> None:
    fid = _fid(name, colours, 0 if chips_count else 1)
    cells = _cells(fid)
    layout = layout_of(CincoVariant(layout=name))  # type: ignore[arg-type]
    assert sum(c != FREE for c in cells) == (33 if chips_count else 36)
    for players, flags in STRUCTURES[colours]:
        chips = {k: [n for n, c in enumerate(cells, start=1) if c == k] for k in range(colours)}
        replay = replay_board(variant(name, flags), players, chips)
        state = replay.state
        assert state.board == cells and not state.finished and GAME.current_player(state) >= 0
        for k in range(colours):
            assert not can_still_win(Board(layout, state.board), k, chips=state.chips[k] if chips_count else None,
                                     length=LINE)
        assert all(card <= cell for _, card, cell in replay.placements)


@pytest.mark.rule("CI-END-1", "CI-END-2", "CI-PLAY-4")
@pytest.mark.parametrize("name", LAYOUTS)
def test_full_board_witness_never_ends_under_the_text(name: str) -> None:
    cells = _cells(_fid(name, 3, 2))
    layout = layout_of(CincoVariant(layout=name))  # type: ignore[arg-type]
    assert FREE not in cells and not any(is_win(Board(layout, cells), k, length=LINE) for k in range(3))
    for players, flags in STRUCTURES[3]:
        chips = {k: [n for n, c in enumerate(cells, start=1) if c == k] for k in range(3)}
        state = replay_board(variant(name, flags), players, chips).state
        # The engine ends it by the spec's full-board draw (CI-END-2), not by the text's rules:
        assert state.finished and state.winner == -1 and min(state.chips) >= 1
        # Without that rule every move would be a draw, an exchange or a burn: no chip can be placed.
        live = state._replace(finished=False)
        moves = GAME.legal_moves(live)
        assert moves and all(getattr(m, "cell", 0) == 0 for m in moves)


@pytest.mark.parametrize("name", LAYOUTS)
def test_two_colours_cannot_fill_the_board(name: str) -> None:
    result = finding(_fid(name, 2, 2))
    assert result.verdict == "unsat" and "70 chips" in result.answer


@pytest.mark.rule("CI-END-1")
@pytest.mark.parametrize("name, colours", CASES)
def test_draw_witness_replays(name: str, colours: int) -> None:
    cells = _cells(_fid(name, colours, 3))
    assert sum(c == 0 for c in cells) == CHIPS
    for players, flags in STRUCTURES[colours]:
        chips = {k: [n for n, c in enumerate(cells, start=1) if c == k] for k in range(colours)}
        replay = replay_board(variant(name, flags), players, chips, last=0)
        state = replay.state
        assert state.finished and state.winner == -1 and state.chips[0] == 0
        assert SPEC.check_outcome(state.variant, state, frozenset(range(players))).ok


def test_replay_refuses_a_witness_that_wins_early() -> None:
    line = list(compute_windows(layout_of(CincoVariant()), LINE)[0])
    extra = min(n for n in range(1, 91) if n not in line)
    assert extra < min(line)  # placed last (the replay places high cells first), after the win
    with pytest.raises(ReplayError, match="ended"):
        replay_board(CincoVariant(), 2, {0: line + [extra]})
