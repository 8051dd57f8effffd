"""BF-F-5's Boolean query (checkers/smt/bigfive_dead.py) held to the engine and to its own claims:
"valid and dead" on concrete boards equals the engine's verdict, the symmetry breaking keeps exactly one
renaming of each board, the budget is a resource limit, and the 5x5 answers stand."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import pytest

from ruleproof.checkers.smt.bigfive import is_dead_engine
from ruleproof.checkers.smt.bigfive_dead import DeadQuery, board_is_dead, dead_board_query
from ruleproof.model.bigfive import grow_board
from ruleproof.spec import bigfive as bf

Cell = tuple[int, int]
#: The dead 5x5 board: animal by column, colour by row.
GRID: dict[Cell, int] = {(x, y): x * 5 + y for x in range(5) for y in range(5)}


def valid(board: Mapping[Cell, int]) -> bool:
    """Every line valid and at most four copies of a kind, by the spec's predicates."""
    lines = bf.compute_lines_through(board, list(board))
    copies = Counter(board.values())
    return all(bf.is_line_valid([board[c] for c in line]) for line in lines) and max(copies.values()) <= 4


def engine_verdict(board: Mapping[Cell, int]) -> bool:
    return valid(board) and is_dead_engine(board)


def rename(board: Mapping[Cell, int], animals: list[int], colours: list[int]) -> dict[Cell, int]:
    return {c: animals[card // 5] * 5 + colours[card % 5] for c, card in board.items()}


def test_the_grid_and_its_renamings_are_dead() -> None:
    rng = random.Random(5)
    for _ in range(2):
        animals, colours = rng.sample(range(5), 5), rng.sample(range(5), 5)
        board = rename(GRID, animals, colours)
        assert engine_verdict(board) and board_is_dead(board)


def test_one_card_off_a_dead_board_is_not_dead() -> None:
    # Removing an edge card or changing any card: the solver's verdict is the engine's (and not dead).
    rng = random.Random(3)
    cases = [{c: v for c, v in GRID.items() if c != gone} for gone in [(0, 2), (2, 0), (4, 3), (1, 4)]]
    for _ in range(3):
        changed = dict(GRID)
        cell = rng.choice(sorted(GRID))
        changed[cell] = rng.choice([k for k in range(25) if k != GRID[cell]])
        cases.append(changed)
    for board in cases:
        assert board_is_dead(board) == engine_verdict(board) == False, sorted(board.items())  # noqa: E712


#: Random boards of each size held to the engine: the default run one (session 42, was two), ``-m slow`` six.
@pytest.mark.parametrize("boards", [1, pytest.param(6, marks=pytest.mark.slow)])
@pytest.mark.parametrize("size", [1, 4, 12, 25])
def test_grown_boards_agree_with_the_engine(size: int, boards: int) -> None:
    rng = random.Random(size)
    for _ in range(boards):
        board = {p.cell: p.card for p in grow_board(size, rng)}
        assert board_is_dead(board) == engine_verdict(board)


def test_a_dead_line_pair_with_a_gap_is_found_blocked() -> None:
    # Two incompatible runs with one empty cell between them block that cell; cells elsewhere do not.
    # The board "Lb Ly _ Zg Zr" (animal runs of L and Z) is not dead, and the solver agrees.
    board = {(0, 0): 0, (1, 0): 1, (3, 0): 7, (4, 0): 8}
    assert board_is_dead(board) == engine_verdict(board) == False  # noqa: E712


def test_symmetry_breaking_keeps_the_first_appearance_order_only() -> None:
    query = DeadQuery(5, 5)
    canonical = query.solver
    canonical.solver.push()
    canonical.add_fact(*query.bb.board_facts(GRID))
    assert canonical.check().verdict == "sat"  # the grid names animals and colours in order of appearance
    canonical.solver.pop()
    swapped = rename(GRID, [1, 0, 2, 3, 4], [0, 1, 2, 3, 4])  # as dead, but animal 1 appears first
    assert engine_verdict(swapped)
    canonical.add_fact(*query.bb.board_facts(swapped))
    assert canonical.check().verdict == "unsat"


def test_the_budget_is_a_resource_limit() -> None:
    result, board = dead_board_query(5, 5, 24, rlimit=200_000)
    assert result.verdict == "unknown" and result.reason == "resource limit 200000 reached" and not board


def test_five_by_five_dead_with_25_not_with_24() -> None:
    query = DeadQuery(5, 5)
    found, board = query.check(25)
    assert found.verdict == "sat" and len(board) == 25 and engine_verdict(board)
    proof, none = query.check(24)
    assert proof.verdict == "unsat" and not none
    assert proof.resources * 3 <= proof.rlimit and found.resources * 3 <= found.rlimit


def test_a_full_box_guide_restricts_only_its_own_check() -> None:
    """BF-F-5 looks for its witness among boards filling the box first. The guide is an assumption of that
    check alone: in 5x6 no full board is valid (a column of six), and the next check still finds the
    25-card board that leaves a row empty (a guide kept as a fact would make every later check unsat,
    and BF-F-5's proof for 24 cards would then prove nothing)."""
    query = DeadQuery(5, 6, most=25)
    guided, none = query.check(25, full=True)
    assert guided.verdict == "unsat" and not none
    found, board = query.check(25)
    assert found.verdict == "sat" and len(board) == 25 and engine_verdict(board)
    full, grid = DeadQuery(5, 5).check(25, full=True)
    assert full.verdict == "sat" and len(grid) == 25 and engine_verdict(grid)
