"""SVG pictures of Cinco boards (any layout) with their chips.

Free cells show their number; a chip is a coloured disc over its cell, with
the cell number still readable. Hex layouts draw pointy-top hexagons from
axial coordinates, square layouts draw squares.

>>> from ruleproof.spec.cinco_board import FREE, Board, hex_layout
>>> svg = render_svg(Board(hex_layout(), (0,) + (FREE,) * 89))
>>> svg.startswith("<svg") and svg.count("<polygon") == 90 and svg.count("<circle") == 1
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from ruleproof.checkers.render.legend import Key, add_legend, stack
from ruleproof.spec.cinco import (
    LINE,
    CincoState,
    CincoVariant,
    Play,
    board_of,
    colour_of,
    layout_of,
)
from ruleproof.spec.cinco_board import COLOUR_NAMES, FREE, Board, Layout, compute_windows, compute_winning_lines

#: Fill colours of the chips, by colour index.
CHIP_FILLS: tuple[str, ...] = ("#d62728", "#1f5fbf", "#2ca02c", "#e6b800", "#f2f2f2", "#222222")
#: The chips light enough to carry a black cell number (the others carry a white one).
_LIGHT_CHIPS = frozenset({"yellow", "white"})
#: The colour of a completed line of five.
WIN_COLOUR = "#ff9800"
#: The colour of a blocked line (four chips of one colour, one of another).
BLOCK_COLOUR = "#7b1fa2"
_SIZE = 22.0
_MARGIN = 8.0


def _centre(layout: Layout, coord: tuple[int, int]) -> tuple[float, float]:
    x, y = coord
    if layout.shape == "hex":
        return _SIZE * math.sqrt(3) * (x + y / 2), _SIZE * 1.5 * y
    return 2 * _SIZE * x, 2 * _SIZE * y


def _cell_shape(layout: Layout, cx: float, cy: float) -> str:
    if layout.shape == "hex":
        points = []
        for k in range(6):
            angle = math.radians(60 * k - 30)
            points.append(f"{cx + _SIZE * math.cos(angle):.1f},{cy + _SIZE * math.sin(angle):.1f}")
        return f'<polygon points="{" ".join(points)}" fill="#fbf6e9" stroke="#8a7a5a" stroke-width="1"/>'
    half = _SIZE * 0.95
    return (
        f'<rect x="{cx - half:.1f}" y="{cy - half:.1f}" width="{2 * half:.1f}" height="{2 * half:.1f}" '
        'fill="#fbf6e9" stroke="#8a7a5a" stroke-width="1"/>'
    )


def render_svg(state_or_board: CincoState | Board, *, title: str = "") -> str:
    """An SVG picture of a board, or of a state's board.

    :param title: an optional caption drawn above the board.
    """
    board = board_of(state_or_board) if isinstance(state_or_board, CincoState) else state_or_board
    return _board_svg(board, title)


def _line_path(layout: Layout, window: Sequence[int], colour: str, css: str, dashed: bool) -> str:
    first, last = _centre(layout, layout.coords[window[0] - 1]), _centre(layout, layout.coords[window[-1] - 1])
    dash = ' stroke-dasharray="8,5"' if dashed else ""
    return (f'<line class="{css}" x1="{first[0]:.1f}" y1="{first[1]:.1f}" x2="{last[0]:.1f}" y2="{last[1]:.1f}" '
            f'stroke="{colour}" stroke-width="{_SIZE * 1.1:.1f}" stroke-linecap="round" stroke-opacity="0.45"{dash}/>')


def _board_svg(board: Board, title: str = "", *, wins: Iterable[Sequence[int]] = (),
               blocked: Iterable[Sequence[int]] = (), ringed: Iterable[int] = ()) -> str:
    layout = board.layout
    centres = [_centre(layout, c) for c in layout.coords]
    pad = _SIZE + _MARGIN
    top_extra = 24.0 if title else 0.0
    min_x = min(x for x, _ in centres) - pad
    min_y = min(y for _, y in centres) - pad - top_extra
    width = max(x for x, _ in centres) + pad - min_x
    height = max(y for _, y in centres) + pad - min_y
    rings = set(ringed)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min_x:.1f} {min_y:.1f} {width:.1f} {height:.1f}" '
        f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif">',
        f"<title>Cinco, {escape(layout.name)} layout</title>",
    ]
    if title:
        parts.append(
            f'<text x="{min_x + width / 2:.1f}" y="{min_y + 16:.1f}" text-anchor="middle" font-size="14">'
            f"{escape(title)}</text>"
        )
    for (cx, cy) in centres:
        parts.append(_cell_shape(layout, cx, cy))
    for window in blocked:
        parts.append(_line_path(layout, window, BLOCK_COLOUR, "blocked", True))
    for window in wins:
        parts.append(_line_path(layout, window, WIN_COLOUR, "win", False))
    for number, ((cx, cy), colour) in enumerate(zip(centres, board.cells), start=1):
        label_fill = "#333333"
        if colour != FREE:
            fill = CHIP_FILLS[colour % len(CHIP_FILLS)]
            name = COLOUR_NAMES[colour % len(COLOUR_NAMES)]
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{_SIZE * 0.72:.1f}" fill="{fill}" stroke="#000000" '
                f'stroke-width="0.8"><title>{name} chip on {number}</title></circle>'
            )
            label_fill = "#000000" if name in _LIGHT_CHIPS else "#ffffff"
        if number in rings:
            parts.append(f'<circle class="last" cx="{cx:.1f}" cy="{cy:.1f}" r="{_SIZE * 0.9:.1f}" fill="none" '
                         'stroke="#111111" stroke-width="2.5" stroke-dasharray="4,3"/>')
        parts.append(
            f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" font-size="11" fill="{label_fill}">'
            f"{number}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def blocked_lines(board: Board, length: int = LINE) -> list[tuple[int, ...]]:
    """Windows of ``length`` (five) holding a chip of another colour beside the others of one colour (a line
    blocked).

    >>> from ruleproof.spec.cinco_board import square_layout
    >>> cells = [FREE] * 90
    >>> for n in (1, 2, 3, 4):
    ...     cells[n - 1] = 0
    >>> cells[4] = 1
    >>> blocked_lines(Board(square_layout(), tuple(cells)))
    [(1, 2, 3, 4, 5)]
    """
    found = []
    for window in compute_windows(board.layout, length):
        colours = [board.cells[n - 1] for n in window]
        if FREE in colours:
            continue
        counts = sorted((colours.count(c) for c in set(colours)), reverse=True)
        if counts == [length - 1, 1]:
            found.append(window)
    return found


#: Line lengths in words, for the legend ("five in a row").
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _legend(colours: int, line: int = LINE) -> tuple[Key, ...]:
    words = [_WORDS[n] if 0 <= n < len(_WORDS) else str(n) for n in (line, line - 1)]
    return (*(Key("fill", CHIP_FILLS[k], f"{COLOUR_NAMES[k]} chip") for k in range(colours)),
            Key("outline", WIN_COLOUR, f"{words[0]} in a row"),
            Key("dashed", BLOCK_COLOUR, f"{words[1]} blocked by another colour"),
            Key("ring", "#111111", "the chip just placed"), Key("back", "#6c7a89", "face down"))


def _hands_svg(state: CincoState, seat: int | None) -> str:
    parts = []
    y = 6.0
    width = 360.0
    for s in range(state.players):
        colour = colour_of(state.players, state.variant, s)
        name = COLOUR_NAMES[colour % len(COLOUR_NAMES)]
        label = (f"seat {s} ({name}, {state.chips[colour]} chips left): discards {len(state.discards[s])}"
                 + (" (to act)" if s == state.turn and not state.finished else ""))
        parts.append(f'<circle cx="14" cy="{y + 12:.1f}" r="6" fill="{CHIP_FILLS[colour % len(CHIP_FILLS)]}" stroke="#000"/>')
        parts.append(f'<text x="26" y="{y + 16:.1f}" font-size="12">{escape(label)}</text>')
        x = 26.0
        for card in state.hands[s]:
            if seat is None or seat == s:
                parts.append(f'<g class="card"><rect x="{x:.1f}" y="{y + 22:.1f}" width="30" height="36" rx="4" '
                             f'fill="#fffdf5" stroke="#333"/><text x="{x + 15:.1f}" y="{y + 45:.1f}" '
                             f'text-anchor="middle" font-size="13">{card}</text></g>')
            else:
                parts.append(f'<rect class="back" x="{x:.1f}" y="{y + 22:.1f}" width="30" height="36" rx="4" '
                             'fill="#6c7a89" stroke="#333"/>')
            x += 34
        width = max(width, x + 8)
        y += 64
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" viewBox="0 0 {width:.0f} '
            f'{y:.0f}" font-family="sans-serif">' + "".join(parts) + "</svg>")


def render_view(state: CincoState, seat: int | None = None, *, last: object = None) -> str:
    """The board with lines of five and blocked fours highlighted, the hands
    (all for the referee, ``seat``'s own otherwise) and a legend.

    :param last: the move that led to ``state``; its chip is ringed.

    >>> from ruleproof.model.cinco import GAME
    >>> state = GAME.new_game(2, seed=1)
    >>> svg = render_view(state, 0)
    >>> svg.count('class="back"'), svg.count('class="card"')
    (4, 4)
    """
    board = board_of(state)
    colours = len(state.chips)
    line = state.variant.line_length
    wins = [w for k in range(colours) for w in compute_winning_lines(board, k, line)]
    ringed = [last.cell] if isinstance(last, Play) and last.cell else []
    picture = _board_svg(board, wins=wins, blocked=blocked_lines(board, line), ringed=ringed)
    return add_legend(stack([picture, _hands_svg(state, seat)]), _legend(colours, line))


def render_finding_svg(finding: Any) -> str | None:
    """A finding's witness board with its lines of five and blocked fours highlighted.

    The layout is the one the finding's question names (square, else the hexagon), the line length the
    witness's own (``line_length``, recorded when it is not the rulebook's five); ``None`` when the witness
    holds no board.

    >>> from types import SimpleNamespace
    >>> cells = [0, 0, 0, 0, 1] + [FREE] * 85
    >>> svg = render_finding_svg(SimpleNamespace(question="square, 2 colours: ...", witness={"cells": cells}))
    >>> svg.count('class="blocked"')
    1
    """
    witness = getattr(finding, "witness", None)
    if not isinstance(witness, dict) or not isinstance(witness.get("cells"), list):
        return None
    question = str(getattr(finding, "question", ""))
    layout = layout_of(CincoVariant(layout="square" if question.startswith("square") else "hex"))
    cells = tuple(int(c) for c in witness["cells"])
    if len(cells) != len(layout.coords):
        return None
    board = Board(layout, cells)
    colours = max(2, max(cells) + 1)
    line = witness.get("line_length", LINE)
    if type(line) is not int or not 1 < line <= len(cells):
        return None
    wins = [w for k in range(colours) for w in compute_winning_lines(board, k, line)]
    return add_legend(_board_svg(board, wins=wins, blocked=blocked_lines(board, line)), _legend(colours, line)[:-2])
