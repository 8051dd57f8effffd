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

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from ruleproof.checkers.render.legend import Key, add_legend, stack
from ruleproof.spec.bigfive import (
    ANIMAL_NAMES,
    COLOUR_NAMES,
    LINE_BONUS,
    BigFiveState,
    Placed,
    Play,
    WorkedExample,
    animal_of,
    board_map,
    card_code,
    colour_of,
    compute_lines_through,
    make_position,
    parse_card,
    parse_move,
)

Cell = tuple[int, int]

#: Fill colours of the five card colours: blue, yellow, green, red, purple.
CARD_FILLS: tuple[str, ...] = ("#2f6fd6", "#f2c618", "#2e9e44", "#d63a2f", "#8a4fc2")
#: Text colour on each fill (dark text on yellow).
TEXT_FILLS: tuple[str, ...] = ("#ffffff", "#222222", "#ffffff", "#ffffff", "#ffffff")
#: The colour of a highlighted line (one that earns a bonus or completes five).
LINE_COLOUR = "#ff9800"
_W = 56.0
_H = 64.0
_GAP = 6.0
_MARGIN = 26.0


def _card(x: float, y: float, card: int, *, ghost: bool = False) -> str:
    fill = CARD_FILLS[colour_of(card)]
    ink = TEXT_FILLS[colour_of(card)]
    style = ' stroke="#111" stroke-width="2.5" stroke-dasharray="5,3" fill-opacity="0.55"' if ghost else ' stroke="#333" stroke-width="1"'
    name = ANIMAL_NAMES[animal_of(card)]
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{_W:.1f}" height="{_H:.1f}" rx="6" fill="{fill}"{style}/>'
        f'<text x="{x + _W / 2:.1f}" y="{y + _H / 2:.1f}" font-size="18" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}" font-family="sans-serif">{escape(card_code(card))}</text>'
        f'<text x="{x + _W / 2:.1f}" y="{y + _H - 8:.1f}" font-size="9" text-anchor="middle" '
        f'fill="{ink}" font-family="sans-serif">{escape(name)}</text>'
    )


def render_board_svg(board: Iterable[Placed], marks: Iterable[Placed] = (), *,
                     lines: Iterable[Sequence[Cell]] = (), outlined: Iterable[Cell] = ()) -> str:
    """A standalone SVG of ``board``, with ``marks`` (e.g. a play) drawn dashed.

    :param lines: lines of cells to highlight (a gold band around each).
    :param outlined: cells whose card gets a dashed outline (the cards just played).
    """
    cards = list(board)
    ghosts = list(marks)
    bands = [tuple(line) for line in lines if line]
    dashed = set(outlined)
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
    for line in bands:
        lx0, lx1 = min(c[0] for c in line), max(c[0] for c in line)
        ly0, ly1 = min(c[1] for c in line), max(c[1] for c in line)
        parts.append(
            f'<rect class="line" x="{left(lx0) - 4:.1f}" y="{top(ly0) - 4:.1f}" '
            f'width="{(lx1 - lx0) * (_W + _GAP) + _W + 8:.1f}" height="{(ly1 - ly0) * (_H + _GAP) + _H + 8:.1f}" '
            f'rx="9" fill="none" stroke="{LINE_COLOUR}" stroke-width="4" stroke-opacity="0.9"/>'
        )
    for p in sorted(ghosts):
        parts.append(_card(left(p.x), top(p.y), p.card, ghost=True))
    for x, y in sorted(dashed):
        parts.append(f'<rect class="played" x="{left(x) - 1:.1f}" y="{top(y) - 1:.1f}" width="{_W + 2:.1f}" '
                     f'height="{_H + 2:.1f}" rx="7" fill="none" stroke="#111" stroke-width="2.5" stroke-dasharray="5,3"/>')
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


#: What the colours and outlines of :func:`render_view` mean.
LEGEND: tuple[Key, ...] = (
    *(Key("fill", fill, name) for fill, name in zip(CARD_FILLS, COLOUR_NAMES)),
    Key("dashed", "#111", "the cards of the move"),
    Key("outline", LINE_COLOUR, "a line of four or five the move makes"),
    Key("back", "#6c7a89", "face down"),
)


def long_lines(board: Iterable[Placed], cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """The lines through ``cells`` long enough to earn a bonus (four or five cards; on a board that holds them).

    >>> b = make_position("Lb@0,0 Gb@1,0 Zb@2,0 Cb@3,0 Ly@0,1", ["", ""]).board
    >>> long_lines(b, [(3, 0)])
    [((0, 0), (1, 0), (2, 0), (3, 0))]
    """
    shortest = min(size for size, _ in LINE_BONUS)
    return [line for line in compute_lines_through(board_map(board), list(cells)) if len(line) >= shortest]


def _hands_svg(state: BigFiveState, seat: int | None) -> str:
    rows = []
    y = 8.0
    width = 360.0
    for s in range(state.players):
        hand = state.hands[s]
        deck = sum(len(seg) for seg in state.decks[s]) if s < len(state.decks) else 0
        label = f"seat {s}: deck {deck}, penalties {state.penalties[s]}" + (" (to act)" if s == state.turn else "")
        rows.append(f'<text x="8" y="{y + 12:.1f}" font-size="12" font-family="sans-serif">{escape(label)}</text>')
        x = 8.0
        for card in hand:
            if seat is None or seat == s:
                rows.append(_card(x, y + 18, card))
            else:
                rows.append(f'<rect class="back" x="{x:.1f}" y="{y + 18:.1f}" width="{_W:.1f}" height="{_H:.1f}" rx="6" '
                            'fill="#6c7a89" stroke="#333"><title>a card in another seat\'s hand</title></rect>')
            x += _W + _GAP
        width = max(width, x + 8)
        y += _H + 28
    if state.pile:
        rows.append(f'<text x="8" y="{y + 12:.1f}" font-size="12" font-family="sans-serif">'
                    f'discard pile: {len(state.pile)} cards, box: {len(state.box)}</text>')
        y += 20
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            f'viewBox="0 0 {width:.0f} {y:.0f}">' + "".join(rows) + "</svg>")


def render_view(state: BigFiveState, seat: int | None = None, *, last: object = None) -> str:
    """The board, the hands (all for the referee, ``seat``'s own otherwise) and a legend.

    :param last: the move that led to ``state``; a play is outlined dashed and
        the lines of four or five it makes are highlighted.

    >>> state = make_position("Lb@0,0 Gb@1,0 Zb@2,0 Cb@3,0", ["Lr Gr", "Ly"])
    >>> svg = render_view(state, 1, last=parse_move("play Cb@3,0"))
    >>> svg.count('class="line"'), svg.count('class="played"'), svg.count('class="back"')
    (1, 1, 2)
    """
    cells = [(p.x, p.y) for p in last.placed] if isinstance(last, Play) else []
    board = render_board_svg(state.board, lines=long_lines(state.board, cells), outlined=cells)
    return add_legend(stack([board, _hands_svg(state, seat)]), LEGEND)


def _board_of(text: str) -> tuple[Placed, ...]:
    placed = []
    for item in text.split():
        code, _, at = item.partition("@")
        x, _, y = at.partition(",")
        placed.append(Placed(int(x), int(y), parse_card(code)))
    return tuple(sorted(placed))


def render_finding_svg(finding: Any) -> str | None:
    """A picture of a finding's witness board, its play dashed and the lines it makes highlighted.

    ``None`` when the witness holds no board.

    >>> from types import SimpleNamespace
    >>> f = SimpleNamespace(witness={"board": "Lb@0,0 Gb@1,0 Zb@2,0", "play": "play Cb@3,0"})
    >>> svg = render_finding_svg(f)
    >>> svg.count('class="line"'), svg.count("stroke-dasharray") >= 1
    (1, True)
    """
    witness = getattr(finding, "witness", None)
    if not isinstance(witness, dict) or not isinstance(witness.get("board"), (str, list)):
        return None
    text = witness["board"] if isinstance(witness["board"], str) else " ".join(str(c) for c in witness["board"])
    board = _board_of(text)
    play = parse_move(witness["play"]) if isinstance(witness.get("play"), str) else None
    marks = play.placed if isinstance(play, Play) else ()
    lines = long_lines(board + tuple(marks), [(p.x, p.y) for p in marks])
    picture = render_board_svg(board, marks, lines=lines)
    hand = witness.get("hand")
    if isinstance(hand, (str, list)):
        cards = hand.split() if isinstance(hand, str) else [str(c) for c in hand]
        row = "".join(_card(8 + i * (_W + _GAP), 22, parse_card(c)) for i, c in enumerate(cards))
        width = 16 + len(cards) * (_W + _GAP)
        picture = stack([picture, f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{_H + 28:.0f}">'
                                  f'<text x="8" y="14" font-size="12" font-family="sans-serif">the hand</text>{row}</svg>'])
    return add_legend(picture, LEGEND)
