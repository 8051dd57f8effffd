"""SVG pictures of Take 5 positions: the four rows, the chosen cards, hands and each seat's pile.

Cards are drawn as small upright rectangles with their number and their
bullheads (as dots under the number, red for the costly ones). A row's sixth
slot is drawn dashed: the card that would go there takes the row. A pile is
fanned so that every card's number stays readable (it sits in the strip of
the card that the next card leaves uncovered).

:func:`render_svg` draws what the table shows (chosen cards face down until
revealed); :func:`render_view` adds the hands and a legend, from the
referee's view (``seat=None``: everything) or one seat's (its own hand and
choice; the others' hands face down).

>>> from ruleproof.model.take5 import GAME
>>> svg = render_svg(GAME.new_game(3, seed=2))
>>> svg.startswith("<svg") and svg.count('class="card row"') == 4
True
>>> state = GAME.new_game(2, seed=3)
>>> render_view(state).count('class="card hand"'), render_view(state, 0).count('class="card hand"')
(20, 10)
"""

from __future__ import annotations

from html import escape

from ruleproof.checkers.render.legend import Key, add_legend
from ruleproof.spec.take5 import Take5State, compute_bullheads, compute_totals

_W, _H, _GAP = 34.0, 46.0, 6.0
_LEFT = 70.0
#: How far each card of a fanned pile or hand is shifted from the previous one:
#: wide enough for a three-digit number in the uncovered strip.
_FAN = 24.0
_FILLS = {1: "#ffffff", 2: "#e8f1ff", 3: "#fff4d6", 5: "#ffe0e0", 7: "#ffc4c4"}
_BACK = "#6c7a89"


def _card(x: float, y: float, card: int, css: str, note: str = "", *, fanned: bool = False,
          dashed: bool = False) -> str:
    heads = compute_bullheads(card)
    fill = _FILLS[heads]
    dots = "".join(
        f'<circle cx="{x + 5 + 4 * i if fanned else x + 7 + 5 * i:.1f}" cy="{y + _H - 9:.1f}" r="{1.6 if fanned else 2}" '
        f'fill="{"#c0392b" if heads >= 5 else "#555"}"/>'
        for i in range(heads)
    )
    label = f"card {card}, {heads} bullhead{'s' if heads > 1 else ''}" + (f", {note}" if note else "")
    if fanned:  # the number in the strip the next card leaves uncovered
        text = (f'<text x="{x + 3:.1f}" y="{y + 15:.1f}" font-size="12" text-anchor="start" '
                f'font-family="sans-serif">{card}</text>')
    else:
        text = (f'<text x="{x + _W / 2:.1f}" y="{y + 22:.1f}" font-size="14" text-anchor="middle" '
                f'font-family="sans-serif">{card}</text>')
    stroke = 'stroke="#111" stroke-width="2" stroke-dasharray="4,2"' if dashed else 'stroke="#333"'
    return (
        f'<g class="{css}"><title>{escape(label)}</title>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{_W}" height="{_H}" rx="4" fill="{fill}" {stroke}/>'
        f'{text}{dots}</g>'
    )


def _back(x: float, y: float, css: str, note: str) -> str:
    return (f'<rect class="{css}" x="{x:.1f}" y="{y:.1f}" width="{_W}" height="{_H}" rx="4" '
            f'fill="{_BACK}" stroke="#333"><title>{escape(note)}</title></rect>')


def _draw(state: Take5State, title: str, seat: int | None, hands: bool) -> tuple[list[str], float, float]:
    parts: list[str] = []
    y = 30.0
    if title:
        parts.append(f'<text x="10" y="18" font-size="13" font-family="sans-serif">{escape(title)}</text>')
    capacity = state.variant.row_capacity
    for r, row in enumerate(state.rows):
        parts.append(f'<text x="10" y="{y + 28:.1f}" font-size="13" font-family="sans-serif">row {r + 1}</text>')
        for i, card in enumerate(row):
            parts.append(_card(_LEFT + i * (_W + _GAP), y, card, "card row"))
        sixth = _LEFT + capacity * (_W + _GAP)
        parts.append(f'<rect x="{sixth:.1f}" y="{y:.1f}" width="{_W}" height="{_H}" rx="4" fill="none" '
                     f'stroke="#c0392b" stroke-dasharray="4 3"><title>card {capacity + 1} takes the row</title></rect>')
        y += _H + 10
    y += 10
    totals = compute_totals(state)
    revealed = state.resolving or state.finished
    width = _LEFT + (capacity + 1) * (_W + _GAP) + 10
    for s in range(state.players):
        chosen = state.chosen[s]
        text = f"seat {s}: {totals[s]} bullhead{'' if totals[s] == 1 else 's'}"
        parts.append(f'<text x="10" y="{y + 16:.1f}" font-size="13" font-family="sans-serif">{escape(text)}</text>')
        if hands:
            hand = state.hands[s]
            x = 200.0
            if seat is None or seat == s:
                for card in hand:
                    parts.append(_card(x, y, card, "card hand", f"in seat {s}'s hand", fanned=True))
                    x += _FAN
            else:
                for _ in hand:
                    parts.append(_back(x, y, "card hand-back", f"a card in seat {s}'s hand"))
                    x += _FAN / 2
            x += _W - (_FAN if hand and (seat is None or seat == s) else _FAN / 2 if hand else 0) + _GAP
            width = max(width, x + 10)
            parts.append(f'<text x="10" y="{y + 34:.1f}" font-size="11" fill="#555" font-family="sans-serif">'
                         f"hand {len(hand)}</text>")
            y += _H + 6
        x = 200.0
        if chosen:
            if revealed:
                parts.append(_card(x, y, chosen, "card chosen", "revealed, waiting to be placed"))
            elif hands and (seat is None or seat == s):
                parts.append(_card(x, y, chosen, "card chosen-hidden", "chosen face down (the others cannot see it)",
                                   dashed=True))
            else:
                parts.append(f'<rect class="card hidden" x="{x:.1f}" y="{y:.1f}" width="{_W}" height="{_H}" rx="4" '
                             f'fill="{_BACK}" stroke="#333"><title>chosen face down</title></rect>')
            x += _W + 3 * _GAP
        if hands:
            parts.append(f'<text x="10" y="{y + 34:.1f}" font-size="11" fill="#555" font-family="sans-serif">'
                         f"chosen · pile</text>")
        for card in state.piles[s]:
            parts.append(_card(x, y, card, "card pile", f"in seat {s}'s pile", fanned=True))
            x += _FAN
        if state.piles[s]:
            x += _W - _FAN
        width = max(width, x + 10)
        y += _H + 8
    return parts, width, y + 10


def render_svg(state: Take5State, *, title: str = "") -> str:
    """An SVG picture of ``state``: rows, revealed or hidden choices, piles and totals."""
    parts, width, height = _draw(state, title, None, hands=False)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="Take 5 position">'
        + "".join(parts) + "</svg>"
    )


#: What the colours and outlines of :func:`render_view` mean.
LEGEND: tuple[Key, ...] = (
    Key("fill", _FILLS[1], "1 bullhead"), Key("fill", _FILLS[2], "2"), Key("fill", _FILLS[3], "3"),
    Key("fill", _FILLS[5], "5"), Key("fill", _FILLS[7], "7 bullheads"),
    Key("back", _BACK, "face down"), Key("dashed", "#111", "chosen, hidden from the others"),
    Key("dashed", "#c0392b", "sixth place: takes the row"),
)


def render_view(state: Take5State, seat: int | None = None, *, title: str = "") -> str:
    """The position with hands and a legend, as the referee (``None``) or ``seat`` sees it."""
    parts, width, height = _draw(state, title, seat, hands=True)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="Take 5 position">'
           + "".join(parts) + "</svg>")
    return add_legend(svg, LEGEND)
