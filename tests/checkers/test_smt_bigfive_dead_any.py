"""BF-F-5 everywhere (issue 32, point 9): no dead Big Five board of at most 24 cards in any box.

The occupancy relaxation (checkers/smt/bigfive_dead.py) refutes a box from occupancy alone; its one
new constraint, :func:`exposed_ends`, must follow from the full constraints (valid lines, every empty
cell blocked), which z3 proves here for the boxes where a run of five with an exposed end fits. The
full query's two additions (the same lemma, the box's mirror symmetry) keep its verdicts. The whole
search (72 boxes, about 40 s of CPU) and cvc5's agreement are behind ``-m slow``.
"""

from __future__ import annotations

import itertools
import random

import pytest
import z3

from ruleproof.checkers.campaign import search
from ruleproof.checkers.smt.bigfive_dead import BoolBoard, DeadQuery, dead_board_query, dead_constraints, every_box
from ruleproof.checkers.smt.bigfive_dead import exposed_ends, line_patterns, mirror_symmetry, no_dead_board_in
from ruleproof.checkers.smt.bigfive_dead import occupancy_constraints, occupancy_relaxation
from ruleproof.checkers.smt.capture import capturing
from ruleproof.checkers.smt.core import TrackedSolver
from ruleproof.checkers.smt.cvc5_solver import cvc5_decide
from ruleproof.checkers.smt.smtlib import Origin, export

Cell = tuple[int, int]
GRID: dict[Cell, int] = {(x, y): x * 5 + y for x in range(5) for y in range(5)}
#: The boxes the occupancy cannot settle (for at most 24 cards): the full query decides them.
NEEDS_FULL = {(5, 5), (5, 6), (6, 6), (7, 7)}


def _lemma_broken(width: int, height: int, rlimit: int) -> str:
    """Is there a board in the box with valid lines and every empty cell blocked that breaks an exposed end?"""
    box = [(x, y) for x in range(width) for y in range(height)]
    solver = TrackedSolver(rlimit=rlimit, logic="QF_FD")
    bb = BoolBoard(box, solver.ctx)
    solver.add_fact(*bb.domain(), *line_patterns(bb), *dead_constraints(bb, width, height))
    solver.add_fact(z3.Not(z3.And(exposed_ends(bb, width, height))))
    return solver.check(values=False).verdict


@pytest.mark.parametrize("box", [(3, 3), (4, 4), (5, 3), (7, 3), (3, 7), (6, 2)])
def test_exposed_ends_follow_from_the_dead_constraints(box: tuple[int, int]) -> None:
    # 7x3 and 3x7 hold a run of five with an exposed end inside the box, and one reaching the ring.
    assert _lemma_broken(*box, rlimit=60_000_000) == "unsat"


@pytest.mark.slow
def test_exposed_ends_follow_from_the_dead_constraints_in_5x5() -> None:
    assert _lemma_broken(5, 5, rlimit=400_000_000) == "unsat"  # about 93 million units


def test_a_broken_lemma_is_caught() -> None:
    # The check can fail: a "lemma" demanding six cards would be refuted by a dead board, the grid.
    box = [(x, y) for x in range(5) for y in range(5)]
    solver = TrackedSolver(logic="QF_FD")
    bb = BoolBoard(box, solver.ctx)
    solver.add_fact(*bb.domain(), *line_patterns(bb), *dead_constraints(bb, 5, 5), *bb.board_facts(GRID))
    assert solver.check().verdict == "sat"
    solver.add_fact(bb.not_(bb.occ[(4, 4)]))  # the grid needs every cell
    assert solver.check().verdict == "unsat"


def _fixed_occupancy(width: int, height: int, cells: set[Cell], most: int) -> str:
    box = [(x, y) for x in range(width) for y in range(height)]
    solver = TrackedSolver(logic="QF_FD")
    bb = BoolBoard(box, solver.ctx)
    solver.add_fact(*occupancy_constraints(bb, width, height, most))
    solver.add_fact(*[bb.occ[c] if c in cells else bb.not_(bb.occ[c]) for c in box])
    return solver.check(values=False).verdict


def test_the_dead_grid_meets_the_occupancy_conditions_and_a_frame_does_not() -> None:
    assert _fixed_occupancy(5, 5, set(GRID), 25) == "sat"
    frame = {c for c in GRID if 0 in c or 4 in c}  # 16 cards: the rows and columns of the edge only
    assert _fixed_occupancy(5, 5, frame, 25) == "unsat"  # (-1, 1) sees a run of one: a card fits there


@pytest.mark.parametrize(("box", "verdict"), [((5, 5), "sat"), ((7, 7), "sat"), ((5, 7), "unsat"), ((6, 8), "unsat"),
                                              ((7, 11), "unsat"), ((9, 9), "unsat")])
def test_the_occupancy_settles_the_long_boxes(box: tuple[int, int], verdict: str) -> None:
    assert occupancy_relaxation(*box, 24).verdict == verdict


def _images(width: int, height: int) -> list[dict[Cell, Cell]]:
    """Every symmetry of the box but the identity, written out here independently of box_symmetries."""
    w, h = width - 1, height - 1
    box = [(x, y) for x in range(width) for y in range(height)]
    maps = [{(x, y): (w - x, y) for x, y in box}, {(x, y): (x, h - y) for x, y in box},
            {(x, y): (w - x, h - y) for x, y in box}]
    if width == height:
        maps += [{(x, y): (y, x) for x, y in box}, {(x, y): (h - y, w - x) for x, y in box},
                 {(x, y): (y, w - x) for x, y in box}, {(x, y): (h - y, x) for x, y in box}]
    for m in maps:
        assert sorted(m.values()) == sorted(box)  # each is a permutation of the box
    return maps


@pytest.mark.parametrize("box", [(4, 5), (4, 4)])
def test_mirror_symmetry_keeps_exactly_the_least_image(box: tuple[int, int]) -> None:
    width, height = box
    order = sorted(((x, y) for x in range(width) for y in range(height)), key=lambda c: (c[1], c[0]))
    rng = random.Random(7)
    kept = 0
    for _ in range(40):
        cells = {c for c in order if rng.random() < 0.4}
        mine = [c in cells for c in order]
        least = all(mine <= [m[c] in cells for c in order] for m in _images(width, height))
        solver = TrackedSolver()
        bb = BoolBoard(order, solver.ctx)
        solver.add_fact(*mirror_symmetry(bb, width, height))
        solver.add_fact(*[bb.occ[c] if c in cells else bb.not_(bb.occ[c]) for c in order])
        assert (solver.check(values=False).verdict == "sat") == least, sorted(cells)
        kept += least
    assert 0 < kept < 40


def test_the_additions_keep_the_full_querys_verdicts() -> None:
    grid_box = DeadQuery(5, 5, exact=True, lemmas=True, mirrors=True)
    found, board = grid_box.check(25, full=True)
    assert found.verdict == "sat" and len(board) == 25
    assert grid_box.check(24)[0].verdict == "unsat"
    assert dead_board_query(4, 4, 16, lemmas=True, mirrors=True)[0].verdict == "unsat"


def test_the_campaign_runs_a_box_through_the_occupancy_first() -> None:
    params = search.search_params("bigfive-dead-any", full=True)
    out = search.run(params, {"box": [5, 9], "most": 24})
    assert out["verdict"] == "unsat" and out["method"] == "occupancy" and "occupancy alone" in out["detail"]
    assert search.any_boxes(24) == every_box(24)


@pytest.mark.slow
def test_no_dead_board_of_at_most_24_cards_anywhere() -> None:
    methods = {}
    for w, h in every_box(24):
        result, method, board = no_dead_board_in(w, h, 24, rlimit=400_000_000)
        assert result.verdict == "unsat" and not board, (w, h, result)
        methods[(w, h)] = method
    assert {box for box, m in methods.items() if m == "full"} == NEEDS_FULL


@pytest.mark.slow
def test_cvc5_agrees_on_the_boxes_the_full_query_decides_and_on_some_occupancies() -> None:
    for (w, h), kind in itertools.chain(((b, "full") for b in sorted(NEEDS_FULL)),
                                        (((5, 7), "occupancy"), ((7, 11), "occupancy"))):
        with capturing() as seen:
            if kind == "full":
                dead_board_query(w, h, 24, exact=True, lemmas=True, mirrors=True)
            else:
                occupancy_relaxation(w, h, 24)
        query = seen[-1]
        assert query.verdict == "unsat"
        text = export(query, Origin("bigfive", "BF-F-5", f"{w}x{h}")).text
        assert cvc5_decide(text, rlimit=50_000_000, cores=False).verdict == "unsat", (w, h, kind)
