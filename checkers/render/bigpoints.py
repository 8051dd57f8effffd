"""SVG pictures of BigPoints positions: the path, the pawns, the ladder.

The path snakes in rows of eleven discs from the start (top left) to the
ladder (right). A disc still on the path is a filled circle of its colour; a
taken disc leaves a dashed ring. Pawns are drawn as tall rounded pieces of
their colour standing on their disc, at the start, or on their ladder step.
The reserve discs lie beside the ladder.

>>> from ruleproof.spec.bigpoints import example_state
>>> svg = render_svg(example_state("BRK.GW", pawns=(0, -1, -1, 6, -1)))
>>> svg.startswith("<svg") and svg.count('class="disc"') == 5 and svg.count('class="taken"') == 1
True
>>> svg.count('class="pawn"')
5
"""

from __future__ import annotations

from html import escape

from ruleproof.checkers.render.legend import Key, add_legend, stack
from ruleproof.spec.bigpoints import (
    BLACK,
    COLOURS,
    DISC_COLOURS,
    LETTERS,
    START,
    TAKEN,
    BigPointsState,
    compute_step_values,
    path_size,
)

#: Fill colours by :data:`~ruleproof.spec.bigpoints.LETTERS` letter.
FILLS: dict[str, str] = {
    "B": "#2f7fd8", "R": "#d62728", "Y": "#f2c200", "G": "#2ca02c",
    "P": "#8e44ad", "K": "#222222", "W": "#fafafa",
}
_PER_ROW = 11
_STEP = 34.0
_R = 13.0
_MARGIN = 20.0


def _disc_centre(index: int) -> tuple[float, float]:
    row, col = divmod(index, _PER_ROW)
    if row % 2:
        col = _PER_ROW - 1 - col
    return _MARGIN + _STEP * (col + 2), _MARGIN + 30 + _STEP * 1.3 * row


def _pawn(x: float, y: float, letter: str, name: str) -> str:
    return (
        f'<g class="pawn"><title>{escape(name)} pawn</title>'
        f'<rect x="{x - 6:.1f}" y="{y - 20:.1f}" width="12" height="22" rx="6" '
        f'fill="{FILLS[letter]}" stroke="#000" stroke-width="1.5"/></g>'
    )


def render_svg(state: BigPointsState, *, title: str = "") -> str:
    """An SVG picture of the path, pawns, ladder and reserve of ``state``."""
    size = path_size(state.variant)
    rows = max(1, -(-size // _PER_ROW))
    width = _MARGIN * 2 + _STEP * (_PER_ROW + 2) + 150
    height = max(_MARGIN * 2 + 30 + _STEP * 1.3 * rows, 260.0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="11">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#f7f1e3"/>',
    ]
    if title:
        parts.append(f'<text x="{_MARGIN}" y="{_MARGIN}" font-size="14">{escape(title)}</text>')
    # the path
    for i in range(size):
        x, y = _disc_centre(i)
        letter = state.path[i] if i < len(state.path) else ""
        if letter == TAKEN:
            parts.append(
                f'<circle class="taken" cx="{x:.1f}" cy="{y:.1f}" r="{_R}" fill="none" '
                'stroke="#9a8f7a" stroke-dasharray="3 3"/>'
            )
        elif letter:
            parts.append(
                f'<circle class="disc" cx="{x:.1f}" cy="{y:.1f}" r="{_R}" fill="{FILLS[letter]}" '
                f'stroke="#555" stroke-width="1"><title>{i}</title></circle>'
            )
        else:
            parts.append(f'<circle class="unlaid" cx="{x:.1f}" cy="{y:.1f}" r="{_R}" fill="none" stroke="#ddd"/>')
    # the start
    sx, sy = _MARGIN + 10, _MARGIN + 30
    parts.append(f'<text x="{sx - 8:.1f}" y="{sy + 26:.1f}">start</text>')
    # the ladder: five steps, top step first
    lx = _MARGIN + _STEP * (_PER_ROW + 2) + 20
    values = compute_step_values(state.variant)
    for step in range(len(COLOURS)):
        y = _MARGIN + 40 + step * 34
        w = 100 - step * 12
        parts.append(
            f'<rect class="step" x="{lx:.1f}" y="{y:.1f}" width="{w}" height="30" fill="#d9c9a3" stroke="#7a6a4a"/>'
        )
        parts.append(f'<text x="{lx + w - 14:.1f}" y="{y + 20:.1f}">{values[step]}</text>')
    # pawns
    at_start = 0
    for colour, pos in enumerate(state.pawns):
        letter, name = LETTERS[colour], COLOURS[colour]
        if pos == size and colour in state.ladder:
            step = state.ladder.index(colour)
            parts.append(_pawn(lx + 20, _MARGIN + 40 + step * 34 + 24, letter, name))
        elif pos == START or pos == size:
            parts.append(_pawn(sx + at_start * 8, sy, letter, name))
            at_start += 1
        else:
            x, y = _disc_centre(pos)
            parts.append(_pawn(x, y, letter, name))
    # the reserve beside the ladder
    for k, letter in enumerate(state.reserve):
        x, y = lx + 120, _MARGIN + 55 + k * 30
        parts.append(
            f'<circle class="reserve" cx="{x:.1f}" cy="{y:.1f}" r="{_R - 3}" fill="{FILLS[letter]}" stroke="#555"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


#: What the colours and outlines of :func:`render_view` mean.
LEGEND: tuple[Key, ...] = (
    *(Key("fill", FILLS[LETTERS[i]], DISC_COLOURS[i]) for i in range(len(LETTERS))),
    Key("dashed", "#9a8f7a", "a taken disc's place"),
    Key("back", "#6c7a89", "discs hidden from this seat"),
)


def _hands_svg(state: BigPointsState, seat: int | None) -> str:
    parts: list[str] = []
    y = 6.0
    width = 420.0
    for s in range(state.players):
        hand = state.hands[s]
        visible = seat is None or seat == s
        black_public = state.variant.black_visibility == "public"
        label = f"seat {s}: {sum(hand)} discs, {state.spent[s]} black spent" + (" (to act)" if s == state.turn else "")
        parts.append(f'<text x="8" y="{y + 14:.1f}" font-size="12" font-family="sans-serif">{escape(label)}</text>')
        x = 16.0
        for colour, count in enumerate(hand):
            shown = visible or (colour == BLACK and black_public)
            for _ in range(count):
                if shown:
                    parts.append(f'<circle class="held" cx="{x:.1f}" cy="{y + 30:.1f}" r="8" fill="{FILLS[LETTERS[colour]]}" '
                                 f'stroke="#555"><title>{DISC_COLOURS[colour]}</title></circle>')
                else:
                    parts.append(f'<rect class="back" x="{x - 8:.1f}" y="{y + 22:.1f}" width="16" height="16" rx="3" '
                                 'fill="#6c7a89" stroke="#333"/>')
                x += 19
        width = max(width, x + 10)
        y += 46
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            f'viewBox="0 0 {width:.0f} {y:.0f}">' + "".join(parts) + "</svg>")


def render_view(state: BigPointsState, seat: int | None = None) -> str:
    """The path, pawns, ladder and reserve, each seat's discs (hidden from other
    seats, black ones as the variant says) and a legend.

    >>> from ruleproof.model.bigpoints import GAME
    >>> state = GAME.new_game(2, seed=1)
    >>> render_view(state).count('class="back"'), render_view(state, 0).count('class="back"') == sum(state.hands[1])
    (0, True)
    """
    return add_legend(stack([render_svg(state), _hands_svg(state, seat)]), LEGEND)
