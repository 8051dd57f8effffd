"""Cinco board layouts: the shipped hexagon and square, user JSON layouts and their validation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.model.io.inputs import load_layout_file
from ruleproof.spec.cinco import CELLS, LINE, CincoVariant, custom_layout_flags, layout_of
from ruleproof.spec.cinco_board import (
    FREE,
    MAX_LAYOUT_CELLS,
    MAX_LAYOUT_COORD,
    MAX_LAYOUT_DIRECTIONS,
    MAX_LAYOUT_NAME,
    Layout,
    LayoutError,
    compute_lines,
    compute_neighbours,
    compute_windows,
    hex_layout,
    hex_ring,
    layout_digest,
    layout_from_json,
    layout_from_text,
    layout_to_json,
    layout_to_text,
    render_board_text,
    square_layout,
    validate_layout,
)

DATA = Path(__file__).resolve().parent.parent / "data"


def _hex_distance(c: tuple[int, int]) -> int:
    q, r = c
    return max(abs(q), abs(r), abs(q + r))


# -- the hexagon -----------------------------------------------------------


def test_hex_layout_is_radius_five_hexagon_without_centre() -> None:
    layout = hex_layout()
    assert layout.size == CELLS == 90  # «КОЛОДА из 90 карт, пронумерованных от 1 до 90»
    assert len(set(layout.coords)) == 90
    assert (0, 0) not in layout.coords
    assert all(1 <= _hex_distance(c) <= 5 for c in layout.coords)
    assert sorted(layout.directions) == [(0, 1), (1, -1), (1, 0)]


def test_hex_numbering_ring_by_ring_alternating() -> None:
    layout = hex_layout()
    start = 1
    for k in range(1, 6):
        ring = layout.coords[start - 1 : start - 1 + 6 * k]
        assert {_hex_distance(c) for c in ring} == {k}, f"ring {k} holds numbers {start}..{start + 6 * k - 1}"
        assert ring[0] == (0, -k)
        clockwise = hex_ring(k)
        expected = clockwise if k % 2 else clockwise[:1] + clockwise[:0:-1]
        assert list(ring) == expected
        start += 6 * k
    # Consecutive numbers within a ring are adjacent cells.
    neighbours = compute_neighbours(layout)
    for n in range(1, 90):
        if _hex_distance(layout.coords[n - 1]) == _hex_distance(layout.coords[n]):
            assert n + 1 in neighbours[n - 1]


def test_hex_centre_breaks_lines() -> None:
    layout = hex_layout()
    left = [layout.number_at((q, 0)) for q in range(-5, 0)]
    right = [layout.number_at((q, 0)) for q in range(1, 6)]
    windows = set(compute_windows(layout, LINE))
    assert tuple(left) in windows and tuple(right) in windows
    assert not any(left[-1] in w and right[0] in w for w in windows)


def test_neighbours_are_symmetric_on_both_layouts() -> None:
    for layout in (hex_layout(), square_layout()):
        table = compute_neighbours(layout)
        for n, near in enumerate(table, start=1):
            assert n not in near
            for m in near:
                assert n in table[m - 1]
    assert max(len(x) for x in compute_neighbours(hex_layout())) == 6
    assert max(len(x) for x in compute_neighbours(square_layout())) == 8


def test_window_counts() -> None:
    # Square 9x10: rows 10*5, columns 9*6, each diagonal direction 5*6.
    assert len(compute_windows(square_layout(), LINE)) == 50 + 54 + 30 + 30
    assert len(compute_windows(hex_layout(), LINE)) == 126
    for layout in (hex_layout(), square_layout()):
        assert all(len(w) == LINE for w in compute_windows(layout, LINE))
        assert all(len(line) >= 2 for line in compute_lines(layout))


def test_square_layout_numbering() -> None:
    layout = square_layout()
    assert layout.size == CELLS
    assert layout.coords[0] == (0, 0) and layout.coords[8] == (8, 0) and layout.coords[89] == (8, 9)
    assert len(layout.directions) == 4


def test_variant_selects_layout() -> None:
    assert layout_of(CincoVariant()) == hex_layout()
    assert layout_of(CincoVariant(layout="square")) == square_layout()


def test_text_pictures() -> None:
    cells = [FREE] * 90
    cells[0] = 0
    cells[89] = 1
    hex_text = render_board_text(hex_layout(), cells)
    assert len(hex_text.splitlines()) == 11
    assert " R" in hex_text and " B" in hex_text and " 2" in hex_text
    square_text = render_board_text(square_layout(), cells).splitlines()
    assert len(square_text) == 10
    assert square_text[0].split()[0] == "R" and square_text[-1].split()[-1] == "B"


# -- JSON layouts ---------------------------------------------------------------


def test_json_round_trip_of_shipped_layouts() -> None:
    for layout in (hex_layout(), square_layout()):
        assert layout_from_json(json.loads(json.dumps(layout_to_json(layout)))) == layout


def test_custom_layout_file_loads_and_plays() -> None:
    path = str(DATA / "cinco_layout_small.json")
    layout = load_layout_file(path)
    assert layout.name == "small" and layout.size == 36
    variant = CincoVariant(**custom_layout_flags(layout))
    assert layout_of(variant) == layout
    assert variant.layout_data == layout_to_text(layout) and variant.layout_sha256 == layout_digest(variant.layout_data)


def _cells(numbers: list[int], width: int = 10) -> list[dict[str, object]]:
    return [{"number": n, "at": [i % width, i // width]} for i, n in enumerate(numbers)]


def _data(cells: list[dict[str, object]], directions: list[list[int]] | None = None) -> dict[str, object]:
    return {"name": "t", "shape": "square", "directions": directions or [[1, 0], [0, 1]], "cells": cells}


def test_invalid_missing_and_repeated_numbers() -> None:
    numbers = list(range(1, 26))
    numbers[3] = 7
    with pytest.raises(LayoutError, match=r"number 4 is missing; number 7 is repeated 2 times"):
        layout_from_json(_data(_cells(numbers, 5)))


def test_invalid_number_out_of_range() -> None:
    numbers = list(range(1, 25)) + [99]
    with pytest.raises(LayoutError, match=r"number 25 is missing; number 99 is out of range 1..25"):
        layout_from_json(_data(_cells(numbers, 5)))


def test_invalid_cells_not_forming_lines() -> None:
    cells = _cells(list(range(1, 26)), 5)
    cells[24]["at"] = [40, 40]
    with pytest.raises(LayoutError, match=r"cells not forming lines: 25 at \[40, 40\]"):
        layout_from_json(_data(cells))


def test_invalid_shared_position() -> None:
    cells = _cells(list(range(1, 26)), 5)
    cells[1]["at"] = [0, 0]
    with pytest.raises(LayoutError, match=r"cells \[1, 2\] share the position \[0, 0\]"):
        layout_from_json(_data(cells))


def test_invalid_directions() -> None:
    cells = _cells(list(range(1, 26)), 5)
    with pytest.raises(LayoutError, match=r"direction \[0, 0\] does not move"):
        layout_from_json(_data(cells, [[1, 0], [0, 0]]))
    with pytest.raises(LayoutError, match=r"direction \[-1, 0\] repeats another"):
        layout_from_json(_data(cells, [[1, 0], [-1, 0]]))
    with pytest.raises(LayoutError, match=r"directions\[0\] must be a pair of integers"):
        layout_from_json(_data(cells, [[1, 0, 0]]))


def test_invalid_structure() -> None:
    with pytest.raises(LayoutError, match="must be a JSON object"):
        layout_from_json([1, 2])
    with pytest.raises(LayoutError, match="missing key 'cells'"):
        layout_from_json({"directions": [[1, 0]]})
    with pytest.raises(LayoutError, match=r"unknown keys \['colour'\]"):
        layout_from_json({"directions": [], "cells": [], "colour": 1})
    with pytest.raises(LayoutError, match=r"cells\[0\] must be an object"):
        layout_from_json({"directions": [[1, 0]], "cells": [[0, 0, 1]]})
    with pytest.raises(LayoutError, match=r"cells\[0\].number must be an integer"):
        layout_from_json({"directions": [[1, 0]], "cells": [{"number": "1", "at": [0, 0]}]})
    with pytest.raises(LayoutError, match="shape must be one of hex, square"):
        validate_layout(Layout("x", "round", square_layout().coords, square_layout().directions))


def test_invalid_layout_files(tmp_path: Path) -> None:
    from ruleproof.spec.errors import InputError

    with pytest.raises(InputError, match="cannot read the file"):
        load_layout_file(str(tmp_path / "missing.json"))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(InputError, match=r"broken.json: \$: not valid JSON"):
        load_layout_file(str(broken))
    with pytest.raises(InputError, match=r"dup.json: \$: duplicate key 'cells'"):
        (tmp_path / "dup.json").write_text('{"cells": [], "cells": []}', encoding="utf-8")
        load_layout_file(tmp_path / "dup.json")
    # A variant never opens a file: a path where the layout's text belongs is just a malformed layout.
    with pytest.raises(LayoutError, match="layout text must read NAME;SHAPE;DIRECTIONS;CELLS"):
        CincoVariant(layout_data=str(tmp_path / "missing.json"))


# -- layouts as data: the canonical text and its hash -----------------------------------------


@pytest.mark.parametrize("layout", [hex_layout(), square_layout(), square_layout(5, 5)], ids=["hex", "square", "5x5"])
def test_layout_text_round_trips(layout: Layout) -> None:
    text = layout_to_text(layout)
    assert layout_from_text(text) == layout
    assert len(layout_digest(text)) == 64 and layout_digest(text) != layout_digest(text + " ")


@pytest.mark.parametrize("text", [
    "row;square;1:0;0:0 1:0 2:0 3:0 4:0 ",  # trailing blank
    "row;square;1:0;0:0  1:0 2:0 3:0 4:0",  # double blank
    "row;square;1:0;+0:0 1:0 2:0 3:0 4:0",  # a sign
    "row;square;1:0;-0:0 1:0 2:0 3:0 4:0",  # minus zero
    "row;square;1:0;0:0 1:0 2:0 3:0 4:0;",  # a fifth part
    "row/x;square;1:0;0:0 1:0 2:0 3:0 4:0",  # a name with a slash
    "row;round;1:0;0:0 1:0 2:0 3:0 4:0",  # an unknown shape
    "row;square;1:0;0:0 1:0 2:0 3:0 9:0",  # a cell on no line
])
def test_layout_text_is_strict(text: str) -> None:
    with pytest.raises(LayoutError):
        layout_from_text(text)


def test_invalid_board_too_short_for_the_line() -> None:
    """A board is data (any cells on lines); a game needs every cell on a run of LINE (five) cells."""
    four = "row;square;1:0;0:0 1:0 2:0 3:0"
    assert layout_from_text(four).size == 4
    with pytest.raises(LayoutError, match="a board needs at least 5 cells; got 4"):
        CincoVariant(layout_data=four)
    with pytest.raises(LayoutError, match=r"cells not forming lines: 7 at \[0, 1\] lie on no run of 5 cells"):
        CincoVariant(layout_data="row;square;1:0 0:1;0:0 1:0 2:0 3:0 4:0 5:0 0:1")
    assert validate_layout(layout_from_text("row;square;1:0 0:1;0:0 1:0 2:0 3:0 4:0 5:0 0:1")).size == 7


def test_layout_bounds_are_named_and_enforced() -> None:
    too_many = Layout("big", "square", tuple((x, y) for y in range(17) for x in range(16)), ((1, 0), (0, 1)))
    assert too_many.size == 272 > MAX_LAYOUT_CELLS
    with pytest.raises(LayoutError, match="limit MAX_LAYOUT_CELLS"):
        validate_layout(too_many)
    with pytest.raises(LayoutError, match="limits MAX_LAYOUT_CELLS"):
        layout_from_json({"directions": [[1, 0]], "cells": [{"number": 1, "at": [0, 0]}] * (MAX_LAYOUT_CELLS + 1)})
    far = Layout("far", "square", tuple((x + MAX_LAYOUT_COORD - 3, 0) for x in range(5)), ((1, 0),))
    with pytest.raises(LayoutError, match="limit MAX_LAYOUT_COORD"):
        validate_layout(far)
    with pytest.raises(LayoutError, match="limit MAX_LAYOUT_NAME"):
        validate_layout(square_layout()._replace(name="n" * (MAX_LAYOUT_NAME + 1)))
    dirs = tuple((1, k) for k in range(MAX_LAYOUT_DIRECTIONS + 1))
    with pytest.raises(LayoutError, match="limit MAX_LAYOUT_DIRECTIONS"):
        validate_layout(square_layout()._replace(directions=dirs))
    with pytest.raises(LayoutError, match="limit MAX_LAYOUT_TEXT"):
        layout_from_text("x" * 100_000)
    # At the bounds a layout is accepted.
    edge = Layout("e" * MAX_LAYOUT_NAME, "square", tuple((x, MAX_LAYOUT_COORD) for x in range(-MAX_LAYOUT_COORD, -MAX_LAYOUT_COORD + 16))
                  + tuple((x, y) for y in range(15) for x in range(16)), ((1, 0), (0, 1)))
    assert edge.size == MAX_LAYOUT_CELLS and layout_from_text(layout_to_text(edge)) == edge


def test_the_hash_is_checked() -> None:
    from ruleproof.spec.errors import VariantError

    flags = custom_layout_flags(square_layout(5, 5))
    assert CincoVariant(layout_data=flags["layout_data"]).layout_sha256 == flags["layout_sha256"]  # filled in
    with pytest.raises(VariantError, match="layout_sha256 does not match layout_data"):
        CincoVariant(layout_data=flags["layout_data"], layout_sha256="0" * 64)
    altered = flags["layout_data"].replace("4:4", "4:5")
    with pytest.raises(VariantError, match="layout_sha256 does not match layout_data"):
        CincoVariant(layout_data=altered, layout_sha256=flags["layout_sha256"])
    with pytest.raises(VariantError, match="layout_sha256 is set without layout_data"):
        CincoVariant(layout_sha256=flags["layout_sha256"])


def test_the_retired_layout_file_flag() -> None:
    """Records of earlier versions carry ``layout_file: ""`` (no file): they still load; a file name is refused."""
    from ruleproof.model.io import codec
    from ruleproof.model.cinco import GAME
    from ruleproof.spec.cinco import CincoState
    from ruleproof.spec.core import variant_from_mapping, variant_to_dict
    from ruleproof.spec.errors import VariantError

    assert variant_from_mapping(CincoVariant, {"layout_file": "", "joker": True}) == CincoVariant(joker=True)
    assert variant_from_mapping(CincoVariant, {"layout_file": ""}, from_text=True) == CincoVariant()
    with pytest.raises(VariantError, match="was retired.*--layout FILE"):
        variant_from_mapping(CincoVariant, {"layout_file": "tests/data/cinco_layout_small.json"})
    with pytest.raises(VariantError, match="was retired"):
        variant_from_mapping(CincoVariant, {"layout_file": 0})
    state = GAME.new_game(2, CincoVariant(), seed=3)
    old = codec.encode(state)
    assert isinstance(old, dict)
    old["variant"] = {**variant_to_dict(state.variant), "layout_file": ""}
    assert codec.decode(CincoState, old) == state
    old["variant"]["layout_file"] = "/dev/zero"
    with pytest.raises(codec.DecodeError, match=r"\$.variant: flag 'layout_file' of CincoVariant was retired"):
        codec.decode(CincoState, old)


def test_invalid_layout_is_a_variant_error() -> None:
    from ruleproof.spec.core import variant_from_mapping
    from ruleproof.spec.errors import VariantError

    with pytest.raises(VariantError):
        variant_from_mapping(CincoVariant, {"layout_file": "/no/such/file.json"})
    with pytest.raises(VariantError, match="layout"):
        variant_from_mapping(CincoVariant, {"layout": "round"})
