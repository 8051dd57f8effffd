"""SVG pictures of Big Five boards.

Each card is a rounded rectangle filled with its colour and labelled with its
two-letter code (animal letter, colour letter) and the animal's name; cells
of a proposed play can be outlined, and the coordinates run along the edges.

>>> from ruleproof.spec.bigfive import make_position, parse_move
>>> state = make_position("Lp@0,0 Gp@1,0 Zp@2,0", ["Lb Cb"])
>>> svg = render_svg(state)
>>> svg.startswith("<svg") and svg.count("<rect") == 4 and ">Gp<" in svg
True
>>> "stroke-dasharray" in render_svg(state, parse_move("play Lb@0,1"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ruleproof.spec.bigfive import ANIMAL_NAMES, BigFiveState, Placed, Play, WorkedExample, card_code, make_position, parse_move

#: Fill colours of the five card colours: blue, yellow, green, red, purple.
CARD_FILLS: tuple[str, ...] = ("#2f6fd6", "#f2c618", "#2e9e44", "#d63a2f", "#8a4fc2")
#: Text colour on each fill (dark text on yellow).
TEXT_FILLS: tuple[str, ...] = ("#ffffff", "#222222", "#ffffff", "#ffffff", "#ffffff")
_W = 56.0
_H = 64.0
_GAP = 6.0
_MARGIN = 26.0


def _card(x: float, y: float, card: int, *, ghost: bool = False) -> str:
    fill = CARD_FILLS[card % 5]
    ink = TEXT_FILLS[card % 5]
    style = ' stroke="#111" stroke-width="2.5" stroke-dasharray="5,3" fill-opacity="0.55"' if ghost else ' stroke="#333" stroke-width="1"'
    name = ANIMAL_NAMES[card // 5]
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{_W:.1f}" height="{_H:.1f}" rx="6" fill="{fill}"{style}/>'
        f'<text x="{x + _W / 2:.1f}" y="{y + _H / 2:.1f}" font-size="18" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}" font-family="sans-serif">{escape(card_code(card))}</text>'
        f'<text x="{x + _W / 2:.1f}" y="{y + _H - 8:.1f}" font-size="9" text-anchor="middle" '
        f'fill="{ink}" font-family="sans-serif">{escape(name)}</text>'
    )


def render_board_svg(board: Iterable[Placed], marks: Iterable[Placed] = ()) -> str:
    """A standalone SVG of ``board``, with ``marks`` (e.g. a play) drawn dashed."""
    cards = list(board)
    ghosts = list(marks)
    every = cards + ghosts
    if not every:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40"><text x="8" y="24">(empty board)</text></svg>'
    x0 = min(p.x for p in every)
    x1 = max(p.x for p in every)
    y0 = min(p.y for p in every)
    y1 = max(p.y for p in every)
    width = _MARGIN * 2 + (x1 - x0 + 1) * (_W + _GAP)
    height = _MARGIN * 2 + (y1 - y0 + 1) * (_H + _GAP)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">',
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#f7f3e8"/>',
    ]

    def left(x: int) -> float:
        return _MARGIN + (x - x0) * (_W + _GAP)

    def top(y: int) -> float:
        return _MARGIN + (y - y0) * (_H + _GAP)

    for x in range(x0, x1 + 1):
        parts.append(
            f'<text x="{left(x) + _W / 2:.1f}" y="{_MARGIN - 8:.1f}" font-size="10" text-anchor="middle" '
            f'fill="#666" font-family="sans-serif">{x}</text>'
        )
    for y in range(y0, y1 + 1):
        parts.append(
            f'<text x="{_MARGIN - 6:.1f}" y="{top(y) + _H / 2:.1f}" font-size="10" text-anchor="end" '
            f'fill="#666" font-family="sans-serif">{y}</text>'
        )
    for p in sorted(cards):
        parts.append(_card(left(p.x), top(p.y), p.card))
    for p in sorted(ghosts):
        parts.append(_card(left(p.x), top(p.y), p.card, ghost=True))
    parts.append("</svg>")
    return "".join(parts)


def render_svg(state: BigFiveState, play: Play | None = None) -> str:
    """A standalone SVG of the state's board (and of ``play``, dashed, if given)."""
    return render_board_svg(state.board, play.placed if play is not None else ())


def render_example_svg(example: WorkedExample) -> str:
    """The board of one of the text's worked examples with its move drawn dashed.

    >>> from ruleproof.spec.bigfive import EXAMPLES
    >>> render_example_svg(EXAMPLES[3]).count("stroke-dasharray")
    3
    """
    board = make_position(example.board, ["", ""]).board
    move = parse_move(example.move)
    return render_board_svg(board, move.placed if isinstance(move, Play) else ())
