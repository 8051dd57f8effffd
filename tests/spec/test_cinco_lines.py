"""Cinco's winning lines (found as windows that are subsets of a colour's cells) equal the cell-by-cell definition."""

from __future__ import annotations

import random

import pytest

from ruleproof.spec.cinco import FREE, Board, compute_winning_lines, compute_winning_windows, hex_layout


def _by_cells(board: Board, colour: int) -> tuple[tuple[int, ...], ...]:
    return tuple(w for w in compute_winning_windows(board.layout) if all(board.cells[n - 1] == colour for n in w))


@pytest.mark.parametrize("fill", [0.3, 0.6, 0.9])
def test_winning_lines_equal_windows_filled_cell_by_cell(fill: float) -> None:
    layout = hex_layout()
    rng = random.Random(int(fill * 10))
    seen = 0
    for _ in range(150):
        cells = tuple(rng.choice((0, 1, 2)) if rng.random() < fill else FREE for _ in range(90))
        board = Board(layout, cells)
        for colour in (0, 1, 2):
            lines = compute_winning_lines(board, colour)
            assert lines == _by_cells(board, colour)
            seen += len(lines)
    assert seen > 0
