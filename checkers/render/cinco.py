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
from html import escape

from ruleproof.spec.cinco import CincoState, board_of
from ruleproof.spec.cinco_board import COLOUR_NAMES, FREE, Board, Layout

#: Fill colours of the chips, by colour index.
CHIP_FILLS: tuple[str, ...] = ("#d62728", "#1f5fbf", "#2ca02c", "#e6b800", "#f2f2f2", "#222222")
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
    layout = board.layout
    centres = [_centre(layout, c) for c in layout.coords]
    pad = _SIZE + _MARGIN
    top_extra = 24.0 if title else 0.0
    min_x = min(x for x, _ in centres) - pad
    min_y = min(y for _, y in centres) - pad - top_extra
    width = max(x for x, _ in centres) + pad - min_x
    height = max(y for _, y in centres) + pad - min_y
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
    for number, ((cx, cy), colour) in enumerate(zip(centres, board.cells), start=1):
        parts.append(_cell_shape(layout, cx, cy))
        label_fill = "#333333"
        if colour != FREE:
            fill = CHIP_FILLS[colour % len(CHIP_FILLS)]
            name = COLOUR_NAMES[colour % len(COLOUR_NAMES)]
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{_SIZE * 0.72:.1f}" fill="{fill}" stroke="#000000" '
                f'stroke-width="0.8"><title>{name} chip on {number}</title></circle>'
            )
            label_fill = "#000000" if colour in (3, 4) else "#ffffff"
        parts.append(
            f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" font-size="11" fill="{label_fill}">'
            f"{number}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)
