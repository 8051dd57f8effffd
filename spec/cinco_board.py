"""Cinco boards as data: numbered cells, adjacency and line directions.

A :class:`Layout` lists where each numbered cell lies (integer coordinates) and
the directions along which lines run. Everything else is derived from those
two facts: the neighbours of a cell are the cells one step away in a direction
(either way), a *line* is a maximal run of cells along a direction, and a
*window* is five consecutive cells of a line (a place where a winning row can
stand).

Two layouts ship with the project, built in code:

* ``hex`` (the default, **provisional**): a hexagon of radius 5 in axial
  coordinates ``(q, r)`` without its centre, 90 cells, three directions. The
  published board numbers its cells from the centre outwards in a meander, but
  the exact numbering is not known; here ring ``k`` (``6·k`` cells) is numbered
  after ring ``k - 1``, starting at the cell ``(0, -k)``, clockwise on odd rings
  and counter-clockwise on even rings.
* ``square``: nine columns and ten rows, ``(column, row)``, numbered row by row
  from the top left, with rows, columns and both diagonals (four directions).

A user layout is a JSON file (see :func:`layout_from_json`) given on the
command line (``--layout FILE``, read by the input boundary
:func:`ruleproof.model.io.inputs.load_layout_file`); it is validated with
messages that say what is wrong and how to fix it. Inside a variant, a record
or a certificate a custom layout travels as data, never as a file name: its
canonical text (:func:`layout_to_text`, parsed back strictly by
:func:`layout_from_text`) with the text's SHA-256 (:func:`layout_digest`).

A layout is bounded (named limits, reported when hit): at most
:data:`MAX_LAYOUT_CELLS` cells, :data:`MAX_LAYOUT_DIRECTIONS` directions,
coordinates within ±:data:`MAX_LAYOUT_COORD`, a name of at most
:data:`MAX_LAYOUT_NAME` characters from ``A-Z a-z 0-9 _ . -``.

This module knows boards, not rules: how many chips in a row win is the
specification's rule constant (:mod:`ruleproof.spec.cinco`), given here as the
``length`` of the windows asked for. A board as such only needs every cell on
a line (a run of :data:`MIN_RUN` or more cells); whether it suits a game whose
lines are ``length`` long is :func:`line_problems`' question, asked by the
game's variant. The functions compute their answers afresh on every call (the
specification's acceleration, :mod:`ruleproof.spec.accel.cinco`, keeps them).

>>> hexagon = hex_layout()
>>> hexagon.size, len(hexagon.directions), hexagon.coords[0]
(90, 3, (0, -1))
>>> len(compute_windows(hexagon, 5)), len(compute_windows(square_layout(), 5))
(126, 164)
>>> print(render_board_text(square_layout(), (FREE,) * 90).splitlines()[0])
 1  2  3  4  5  6  7  8  9
>>> layout_to_text(Layout("row", "square", tuple((x, 0) for x in range(5)), ((1, 0),)))
'row;square;1:0;0:0 1:0 2:0 3:0 4:0'
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from ruleproof.spec.errors import VariantError

#: The value of a free cell on a board.
FREE = -1
#: The fewest cells of a line (a run along a direction): every cell of a board lies on one.
MIN_RUN = 2
#: Colour names, by colour index (at most three colours take part in a game).
COLOUR_NAMES: tuple[str, ...] = ("red", "blue", "green", "yellow", "white", "black")
#: One-letter chip marks for text pictures, by colour index.
COLOUR_LETTERS: tuple[str, ...] = ("R", "B", "G", "Y", "W", "K")
#: How a layout's coordinates are drawn.
SHAPES: tuple[str, ...] = ("hex", "square")

#: Most cells of a layout (the shipped boards have 90; the engine prebuilds a move per card and cell).
MAX_LAYOUT_CELLS = 256
#: Most line directions of a layout (a square board with diagonals has 4).
MAX_LAYOUT_DIRECTIONS = 8
#: Largest absolute coordinate of a cell or a direction (keeps text pictures small).
MAX_LAYOUT_COORD = 100
#: Longest layout name (characters from ``A-Z a-z 0-9 _ . -``).
MAX_LAYOUT_NAME = 40

Coord = tuple[int, int]

_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_NAME_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


class LayoutError(VariantError):
    """A board layout is malformed (numbers missing or repeated, cells not forming lines, ...)."""


class Layout(NamedTuple):
    """A Cinco board: where each numbered cell lies and how lines run.

    :param name: a short name (``hex``, ``square`` or the file's own).
    :param shape: how coordinates are drawn: ``hex`` (axial ``(q, r)``) or
        ``square`` (``(column, row)``, rows downwards).
    :param coords: ``coords[n - 1]`` is where cell number ``n`` lies.
    :param directions: the line directions, each a coordinate step; a
        direction and its opposite are the same line direction.
    """

    name: str
    shape: str
    coords: tuple[Coord, ...]
    directions: tuple[Coord, ...]

    @property
    def size(self) -> int:
        """The number of cells (and of cards: one card per cell number)."""
        return len(self.coords)

    def number_at(self, coord: Coord) -> int:
        """The number of the cell at ``coord``, 0 when there is no cell there.

        >>> hex_layout().number_at((0, 0)), hex_layout().number_at((0, -1))
        (0, 1)
        """
        coords = self.coords
        return coords.index(coord) + 1 if coord in coords else 0


class Board(NamedTuple):
    """A layout with a chip colour (or :data:`FREE`) per cell; ``cells[n - 1]`` is cell ``n``."""

    layout: Layout
    cells: tuple[int, ...]


# --------------------------------------------------------------------------
# The two built-in layouts

HEX_DIRECTIONS: tuple[Coord, ...] = ((1, 0), (0, 1), (1, -1))
SQUARE_DIRECTIONS: tuple[Coord, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
# Walking a hex ring clockwise (pointy-top cells, r grows downwards):
# east, south-east, south-west, west, north-west, north-east.
_RING_WALK: tuple[Coord, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def hex_ring(k: int) -> list[Coord]:
    """The cells of hex ring ``k`` clockwise from ``(0, -k)``.

    >>> hex_ring(1)
    [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    """
    cell = (0, -k)
    ring: list[Coord] = []
    for dq, dr in _RING_WALK:
        for _ in range(k):
            ring.append(cell)
            cell = (cell[0] + dq, cell[1] + dr)
    return ring


def hex_layout(radius: int = 5) -> Layout:
    """The default (provisional) hexagonal layout: rings numbered outwards, alternating direction.

    >>> layout = hex_layout()
    >>> [layout.number_at(c) for c in [(0, -1), (1, -1), (-1, 0), (0, -2), (-1, -1)]]
    [1, 2, 6, 7, 8]
    """
    coords: list[Coord] = []
    for k in range(1, radius + 1):
        ring = hex_ring(k)
        if k % 2 == 0:
            ring = ring[:1] + ring[:0:-1]
        coords.extend(ring)
    return Layout("hex", "hex", tuple(coords), HEX_DIRECTIONS)


def square_layout(columns: int = 9, rows: int = 10) -> Layout:
    """The square layout: ``columns × rows`` numbered row by row, with diagonals.

    >>> square_layout().coords[9]
    (0, 1)
    """
    coords = tuple((x, y) for y in range(rows) for x in range(columns))
    return Layout("square", "square", coords, SQUARE_DIRECTIONS)


#: The shipped boards by the name the variant flag ``layout`` gives them.
BUILTIN_LAYOUTS: Mapping[str, Layout] = {"hex": hex_layout(), "square": square_layout()}


# --------------------------------------------------------------------------
# Derived geometry


def step(layout: Layout, number: int, direction: Coord, sign: int = 1) -> int:
    """The cell one step from ``number`` along ``direction`` (``sign`` -1: backwards), 0 if none.

    >>> step(square_layout(), 1, (1, 0)), step(square_layout(), 1, (1, 0), -1)
    (2, 0)
    """
    x, y = layout.coords[number - 1]
    return layout.number_at((x + sign * direction[0], y + sign * direction[1]))


def compute_neighbours(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """``result[n - 1]``: the sorted numbers of the cells adjacent to cell ``n``.

    >>> compute_neighbours(square_layout())[0]
    (2, 10, 11)
    """
    return tuple(
        tuple(sorted(m for d in layout.directions for s in (1, -1) if (m := step(layout, n, d, s))))
        for n in range(1, layout.size + 1)
    )


def compute_lines(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """Every maximal run of :data:`MIN_RUN` or more cells along a direction, as cell numbers in order.

    >>> [line for line in compute_lines(square_layout()) if 1 in line]
    [(1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 10, 19, 28, 37, 46, 55, 64, 73, 82), (1, 11, 21, 31, 41, 51, 61, 71, 81)]
    """
    number_at = {c: n for n, c in enumerate(layout.coords, start=1)}  # where each cell lies, for this walk
    lines: list[tuple[int, ...]] = []
    for dx, dy in layout.directions:
        for n, (x, y) in enumerate(layout.coords, start=1):
            if (x - dx, y - dy) in number_at:
                continue  # not the start of a run
            run = [n]
            x, y = x + dx, y + dy
            while (x, y) in number_at:
                run.append(number_at[(x, y)])
                x, y = x + dx, y + dy
            if len(run) >= MIN_RUN:
                lines.append(tuple(run))
    return tuple(lines)


def compute_windows(layout: Layout, length: int) -> tuple[tuple[int, ...], ...]:
    """Every ``length`` consecutive cells of a line: the places a winning row of ``length`` chips can occupy.

    >>> compute_windows(square_layout(), 5)[0]
    (1, 2, 3, 4, 5)
    >>> compute_windows(square_layout(), True)
    Traceback (most recent call last):
    ...
    ValueError: a window is a whole number of at least 2 cells; got True
    """
    if isinstance(length, bool) or not isinstance(length, int) or length < MIN_RUN:
        raise ValueError(f"a window is a whole number of at least {MIN_RUN} cells; got {length!r}")
    return tuple(line[i : i + length] for line in compute_lines(layout) for i in range(len(line) - length + 1))


# --------------------------------------------------------------------------
# Lines of chips on a board


def extends(board: Board, window: tuple[int, ...], colour: int) -> bool:
    """Whether a cell just beyond either end of ``window`` (along its line) holds ``colour``.

    >>> cells = [FREE] * 90
    >>> cells[5] = 0
    >>> extends(Board(square_layout(), tuple(cells)), (1, 2, 3, 4, 5), 0)
    True
    """
    layout = board.layout
    first, second, last = window[0], window[1], window[-1]
    fx, fy = layout.coords[first - 1]
    sx, sy = layout.coords[second - 1]
    d = (sx - fx, sy - fy)
    before, after = step(layout, first, d, -1), step(layout, last, d, 1)
    return any(n and board.cells[n - 1] == colour for n in (before, after))


def compute_winning_lines(board: Board, colour: int, length: int,
                          exact: bool = False) -> tuple[tuple[int, ...], ...]:
    """The windows of ``length`` cells filled with ``colour``; with ``exact``, only those not extended by one
    more chip of that colour (a longer run).

    >>> layout = hex_layout()
    >>> cells = [FREE] * 90
    >>> for n in (86, 41, 34, 9, 6):
    ...     cells[n - 1] = 1
    >>> compute_winning_lines(Board(layout, tuple(cells)), 1, 5)
    ((86, 41, 34, 9, 6),)
    """
    cells = board.cells
    found = []
    for window in compute_windows(board.layout, length):
        if all(cells[n - 1] == colour for n in window):
            if exact and extends(board, window, colour):
                continue
            found.append(window)
    return tuple(found)


def is_win(board: Board, colour: int, length: int, exact: bool = False) -> bool:
    """Whether ``colour`` has ``length`` chips in a line (with ``exact``: a run of exactly ``length``)."""
    return bool(compute_winning_lines(board, colour, length, exact))


def can_still_win(board: Board, colour: int, length: int, exact: bool = False, chips: int | None = None) -> bool:
    """Whether ``colour`` could still complete a line of ``length`` chips by adding chips to free cells.

    A window counts when each of its cells is free or holds ``colour``, it needs
    at most ``chips`` more chips (when given) and, with ``exact``, no chip of
    that colour lies just beyond its ends (chips never move, so such a window
    can only become a longer run).

    >>> empty = Board(square_layout(), (FREE,) * 90)
    >>> can_still_win(empty, 0, 5), can_still_win(empty, 0, 5, chips=4)
    (True, False)
    """
    cells = board.cells
    for window in compute_windows(board.layout, length):
        if any(cells[n - 1] not in (FREE, colour) for n in window):
            continue
        if chips is not None and sum(cells[n - 1] == FREE for n in window) > chips:
            continue
        if exact and extends(board, window, colour):
            continue
        return True
    return False


# --------------------------------------------------------------------------
# Validation and JSON


def _bound_problems(layout: Layout) -> list[str]:
    problems: list[str] = []
    if not (0 < len(layout.name) <= MAX_LAYOUT_NAME and _NAME.fullmatch(layout.name)):
        problems.append(f"the name must be 1 to {MAX_LAYOUT_NAME} characters from A-Z a-z 0-9 _ . - "
                        f"(limit MAX_LAYOUT_NAME); got {layout.name[:60]!r}")
    if layout.size > MAX_LAYOUT_CELLS:
        problems.append(f"a board has at most {MAX_LAYOUT_CELLS} cells (limit MAX_LAYOUT_CELLS); got {layout.size}")
    if len(layout.directions) > MAX_LAYOUT_DIRECTIONS:
        problems.append(f"a board has at most {MAX_LAYOUT_DIRECTIONS} directions (limit MAX_LAYOUT_DIRECTIONS); "
                        f"got {len(layout.directions)}")
    far = next((c for c in (*layout.coords, *layout.directions) if max(abs(c[0]), abs(c[1])) > MAX_LAYOUT_COORD), None)
    if far is not None:
        problems.append(f"coordinates lie within -{MAX_LAYOUT_COORD}..{MAX_LAYOUT_COORD} (limit MAX_LAYOUT_COORD); "
                        f"got {list(far)}")
    return problems


def _problems(layout: Layout) -> list[str]:
    problems = _bound_problems(layout)
    if problems:
        return problems
    if layout.shape not in SHAPES:
        problems.append(f"shape must be one of {', '.join(SHAPES)}; got {layout.shape!r}")
    if not layout.directions:
        problems.append("at least one line direction is needed, e.g. [[1, 0], [0, 1]]")
    seen: set[Coord] = set()
    for d in layout.directions:
        if d == (0, 0):
            problems.append("direction [0, 0] does not move; remove it")
        elif d in seen or (-d[0], -d[1]) in seen:
            problems.append(f"direction {list(d)} repeats another direction (a direction and its opposite are one)")
        seen.add(d)
    counts = Counter(layout.coords)
    for coord, count in sorted(counts.items()):
        if count > 1:
            numbers = [n for n, c in enumerate(layout.coords, start=1) if c == coord]
            problems.append(f"cells {numbers} share the position {list(coord)}")
    if problems:
        return problems
    return line_problems(layout, MIN_RUN)


def line_problems(layout: Layout, length: int) -> list[str]:
    """What keeps ``layout`` from serving a game whose lines are ``length`` cells long: too few cells, or
    cells on no run of ``length`` cells (a chip there could never be part of a line).

    >>> line_problems(Layout("tiny", "square", ((0, 0), (1, 0)), ((1, 0),)), 5)
    ['a board needs at least 5 cells; got 2']
    """
    if layout.size < length:
        return [f"a board needs at least {length} cells; got {layout.size}"]
    covered = {n for w in compute_windows(layout, length) for n in w}
    lonely = [n for n in range(1, layout.size + 1) if n not in covered]
    if not lonely:
        return []
    shown = ", ".join(f"{n} at {list(layout.coords[n - 1])}" for n in lonely[:8])
    more = f" and {len(lonely) - 8} more" if len(lonely) > 8 else ""
    return [f"cells not forming lines: {shown}{more} lie on no run of {length} cells in any direction; "
            "move them next to other cells or add a direction"]


def validate_layout(layout: Layout, length: int = MIN_RUN) -> Layout:
    """Return ``layout`` when it is a well-formed board whose every cell lies on a run of ``length`` cells
    (default: on some line), else raise :class:`LayoutError` listing every problem.

    >>> validate_layout(Layout("tiny", "square", ((0, 0), (1, 0)), ((1, 0),))).size
    2
    >>> validate_layout(Layout("tiny", "square", ((0, 0), (1, 0)), ((1, 0),)), 5)
    Traceback (most recent call last):
    ...
    ruleproof.spec.cinco_board.LayoutError: layout 'tiny': a board needs at least 5 cells; got 2
    """
    problems = _problems(layout)
    if not problems and length != MIN_RUN:
        problems = line_problems(layout, length)
    if problems:
        raise LayoutError(f"layout {layout.name!r}: " + "; ".join(problems))
    return layout


def _pair(value: object, where: str) -> Coord:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise LayoutError(f"{where} must be a pair of integers such as [1, 0]; got {value!r}")
    return (value[0], value[1])


def layout_from_json(data: object, source: str = "<data>") -> Layout:
    """Build and validate a layout from decoded JSON.

    The format: ``{"name": str, "shape": "hex" | "square", "directions":
    [[dx, dy], ...], "cells": [{"number": n, "at": [x, y]}, ...]}``; the numbers
    must be exactly 1 to the number of cells, each once (``name`` and
    ``shape`` are optional: the file name and ``square``).

    >>> cells = [{"number": n, "at": [i, 0]} for i, n in enumerate([1, 2, 3, 3, 5, 6])]
    >>> layout_from_json({"directions": [[1, 0]], "cells": cells})
    Traceback (most recent call last):
    ...
    ruleproof.spec.cinco_board.LayoutError: <data>: number 4 is missing; number 3 is repeated 2 times (the numbers must be 1..6, each once)
    """
    where = source
    if not isinstance(data, dict):
        raise LayoutError(f"{where}: a layout must be a JSON object with 'directions' and 'cells'; got {data!r:.60}")
    unknown = sorted(set(data) - {"name", "shape", "directions", "cells"})
    if unknown:
        raise LayoutError(f"{where}: unknown keys {unknown!r}; allowed: name, shape, directions, cells")
    for key in ("directions", "cells"):
        if key not in data:
            raise LayoutError(f"{where}: missing key {key!r}")
    default_name = _NAME_UNSAFE.sub("_", Path(source).stem)[:MAX_LAYOUT_NAME] if source != "<data>" else ""
    name = data.get("name", default_name or "custom")
    shape = data.get("shape", "square")
    if not isinstance(name, str) or not isinstance(shape, str):
        raise LayoutError(f"{where}: 'name' and 'shape' must be strings; got {name!r}, {shape!r}")
    raw_dirs, raw_cells = data["directions"], data["cells"]
    if not isinstance(raw_dirs, list) or not isinstance(raw_cells, list):
        raise LayoutError(f"{where}: 'directions' and 'cells' must be lists")
    if len(raw_cells) > MAX_LAYOUT_CELLS or len(raw_dirs) > MAX_LAYOUT_DIRECTIONS:
        raise LayoutError(f"{where}: a board has at most {MAX_LAYOUT_CELLS} cells and {MAX_LAYOUT_DIRECTIONS} "
                          f"directions (limits MAX_LAYOUT_CELLS, MAX_LAYOUT_DIRECTIONS); got {len(raw_cells)} "
                          f"and {len(raw_dirs)}")
    directions = tuple(_pair(d, f"{where}: directions[{i}]") for i, d in enumerate(raw_dirs))
    numbered: list[tuple[int, Coord]] = []
    for i, cell in enumerate(raw_cells):
        if not isinstance(cell, dict) or set(cell) != {"number", "at"}:
            raise LayoutError(f"{where}: cells[{i}] must be an object {{\"number\": n, \"at\": [x, y]}}; got {cell!r}")
        number = cell["number"]
        if not isinstance(number, int) or isinstance(number, bool):
            raise LayoutError(f"{where}: cells[{i}].number must be an integer; got {number!r}")
        numbered.append((number, _pair(cell["at"], f"{where}: cells[{i}].at")))
    size = len(numbered)
    counts = Counter(n for n, _ in numbered)
    problems = [f"number {n} is missing" for n in range(1, size + 1) if n not in counts]
    problems += [f"number {n} is repeated {c} times" for n, c in sorted(counts.items()) if c > 1]
    problems += [f"number {n} is out of range 1..{size}" for n in sorted(counts) if not 1 <= n <= size]
    if problems:
        raise LayoutError(f"{where}: " + "; ".join(problems) + f" (the numbers must be 1..{size}, each once)")
    coords = tuple(c for _, c in sorted(numbered))
    problems = _problems(Layout(name, shape, coords, directions))
    if problems:
        raise LayoutError(f"{where}: " + "; ".join(problems))
    return Layout(name, shape, coords, directions)


def layout_to_json(layout: Layout) -> dict[str, object]:
    """The layout in the JSON format of :func:`layout_from_json`.

    >>> layout_from_json(layout_to_json(hex_layout())) == hex_layout()
    True
    """
    return {
        "name": layout.name,
        "shape": layout.shape,
        "directions": [list(d) for d in layout.directions],
        "cells": [{"number": n, "at": list(c)} for n, c in enumerate(layout.coords, start=1)],
    }


def custom_layout_flags(layout: Layout) -> dict[str, str]:
    """The variant flags that carry ``layout`` as data: ``layout_data`` (:func:`layout_to_text`) and
    ``layout_sha256`` (:func:`layout_digest`).

    >>> sorted(custom_layout_flags(square_layout(5, 5)))
    ['layout_data', 'layout_sha256']
    """
    text = layout_to_text(layout)
    return {"layout_data": text, "layout_sha256": layout_digest(text)}


def _pairs_text(pairs: Sequence[Coord]) -> str:
    return " ".join(f"{x}:{y}" for x, y in pairs)


def layout_to_text(layout: Layout) -> str:
    """The canonical text of a layout, as a variant carries it (flag ``layout_data``).

    ``NAME;SHAPE;DIRECTIONS;CELLS``: directions and cells as ``x:y`` pairs
    separated by single spaces, cells in number order (cell 1 first). One
    layout has exactly one text, so its SHA-256 (:func:`layout_digest`)
    identifies it. The text holds no ``=``, ``,`` or parentheses, so it also
    fits an OpenSpiel game string.

    >>> layout_from_text(layout_to_text(hex_layout())) == hex_layout()
    True
    """
    return f"{layout.name};{layout.shape};{_pairs_text(layout.directions)};{_pairs_text(layout.coords)}"


#: Longest canonical text a layout within the limits can have.
MAX_LAYOUT_TEXT = MAX_LAYOUT_NAME + 8 + (MAX_LAYOUT_CELLS + MAX_LAYOUT_DIRECTIONS) * (2 * len(str(-MAX_LAYOUT_COORD)) + 2)

_PAIRS = r"-?[0-9]{1,3}:-?[0-9]{1,3}(?: -?[0-9]{1,3}:-?[0-9]{1,3})*"
_TEXT = re.compile(rf"([A-Za-z0-9_.-]{{1,{MAX_LAYOUT_NAME}}});([a-z]+);({_PAIRS});({_PAIRS})")


def _parse_pairs(text: str) -> tuple[Coord, ...]:
    return tuple((int(x), int(y)) for x, _, y in (p.partition(":") for p in text.split(" ")))


def layout_from_text(text: str) -> Layout:
    """The layout of a canonical text (:func:`layout_to_text`), validated.

    Only the canonical text is accepted (no extra blanks, no ``+1`` or
    ``01``), so equal layouts have equal texts and equal hashes.

    >>> layout_from_text("row;square;1:0;0:0 1:0 2:0 3:0 4:0").size
    5
    >>> layout_from_text("row;square;1:0;0:0 1:0 2:0 3:0 04:0")
    Traceback (most recent call last):
    ...
    ruleproof.spec.cinco_board.LayoutError: layout text is not canonical: write it as layout_to_text does ('row;square;1:0;0:0 1:0 2:0 3:0 4:0')
    """
    if not isinstance(text, str):
        raise LayoutError(f"layout text must be a string; got {type(text).__name__}")
    if len(text) > MAX_LAYOUT_TEXT:
        raise LayoutError(f"layout text has {len(text)} characters, more than {MAX_LAYOUT_TEXT} (limit MAX_LAYOUT_TEXT, "
                          f"from MAX_LAYOUT_CELLS = {MAX_LAYOUT_CELLS})")
    match = _TEXT.fullmatch(text)
    if match is None:
        raise LayoutError("layout text must read NAME;SHAPE;DIRECTIONS;CELLS with x:y pairs separated by single "
                          f"spaces (as layout_to_text writes it); got {text[:80]!r}")
    name, shape, dirs, cells = match.groups()
    layout = validate_layout(Layout(name, shape, _parse_pairs(cells), _parse_pairs(dirs)))
    canonical = layout_to_text(layout)
    if canonical != text:
        shown = canonical if len(canonical) <= 80 else canonical[:77] + "..."
        raise LayoutError(f"layout text is not canonical: write it as layout_to_text does ({shown!r})")
    return layout


def layout_digest(text: str) -> str:
    """The SHA-256 (hex) of a layout's canonical text: the flag ``layout_sha256``.

    >>> layout_digest(layout_to_text(square_layout()))[:16]
    '9e7fdd6e3e0b0e98'
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------
# Text pictures


def text_position(layout: Layout, coord: Coord) -> tuple[int, int]:
    """``(line, character column)`` of a cell's label in a text picture (before
    shifting to the margins): hex rows are offset by half a cell per row."""
    x, y = coord
    if layout.shape == "hex":
        return y, 2 * (2 * x + y)
    return y, 3 * x


def cell_label(number: int, colour: int) -> str:
    """Two characters: the cell number when free, else the chip's letter."""
    if colour == FREE:
        return f"{number:2d}"
    return " " + (COLOUR_LETTERS[colour] if 0 <= colour < len(COLOUR_LETTERS) else "?")


def render_board_text(layout: Layout, cells: Sequence[int]) -> str:
    """A text picture: free cells show their numbers, occupied cells a colour letter
    (R red, B blue, G green).

    >>> cells = [FREE] * 90
    >>> cells[0] = 0
    >>> print(render_board_text(hex_layout(), cells).splitlines()[4])
      87  40  35   8   R   2  16  24  54  70
    """
    places = [text_position(layout, c) for c in layout.coords]
    top = min(r for r, _ in places)
    left = min(c for _, c in places)
    grid: dict[int, dict[int, str]] = {}
    for n, (r, c) in enumerate(places, start=1):
        grid.setdefault(r - top, {})[c - left] = cell_label(n, cells[n - 1])
    lines = []
    for r in range(max(grid) + 1):
        row = grid.get(r, {})
        text = ""
        for c in sorted(row):
            text += " " * (c - len(text)) + row[c]
        lines.append(text.rstrip())
    return "\n".join(lines)
