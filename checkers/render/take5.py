"""SVG pictures of Take 5 positions: the four rows, the chosen cards and each seat's pile.

Cards are drawn as small upright rectangles with their number and their
bullheads (as dots under the number, red for the costly ones). A row's sixth
slot is drawn dashed: the card that would go there takes the row.

>>> from ruleproof.model.take5 import GAME
>>> svg = render_svg(GAME.new_game(3, seed=2))
>>> svg.startswith("<svg") and svg.count('class="card row"') == 4
True
"""

from __future__ import annotations

from html import escape

from ruleproof.spec.take5 import ROW_CAPACITY, Take5State, compute_bullheads, compute_totals

_W, _H, _GAP = 34.0, 46.0, 6.0
_LEFT = 70.0


def _card(x: float, y: float, card: int, css: str, note: str = "") -> str:
    heads = compute_bullheads(card)
    fill = {1: "#ffffff", 2: "#e8f1ff", 3: "#fff4d6", 5: "#ffe0e0", 7: "#ffc4c4"}[heads]
    dots = "".join(
        f'<circle cx="{x + 7 + 5 * i:.1f}" cy="{y + _H - 9:.1f}" r="2" fill="{"#c0392b" if heads >= 5 else "#555"}"/>'
        for i in range(heads)
    )
    label = f"card {card}, {heads} bullhead{'s' if heads > 1 else ''}" + (f", {note}" if note else "")
    return (
        f'<g class="{css}"><title>{escape(label)}</title>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{_W}" height="{_H}" rx="4" fill="{fill}" stroke="#333"/>'
        f'<text x="{x + _W / 2:.1f}" y="{y + 22:.1f}" font-size="14" text-anchor="middle" '
        f'font-family="sans-serif">{card}</text>{dots}</g>'
    )


def render_svg(state: Take5State, *, title: str = "") -> str:
    """An SVG picture of ``state``: rows, revealed or hidden choices, piles and totals."""
    parts: list[str] = []
    y = 30.0
    if title:
        parts.append(f'<text x="10" y="18" font-size="13" font-family="sans-serif">{escape(title)}</text>')
    for r, row in enumerate(state.rows):
        parts.append(f'<text x="10" y="{y + 28:.1f}" font-size="13" font-family="sans-serif">row {r + 1}</text>')
        for i, card in enumerate(row):
            parts.append(_card(_LEFT + i * (_W + _GAP), y, card, "card row"))
        sixth = _LEFT + ROW_CAPACITY * (_W + _GAP)
        parts.append(f'<rect x="{sixth:.1f}" y="{y:.1f}" width="{_W}" height="{_H}" rx="4" fill="none" '
                     f'stroke="#c0392b" stroke-dasharray="4 3"><title>a sixth card takes the row</title></rect>')
        y += _H + 10
    y += 10
    totals = compute_totals(state)
    revealed = state.resolving or state.finished
    for seat in range(state.players):
        chosen = state.chosen[seat]
        text = f"seat {seat}: {totals[seat]} bullhead{'' if totals[seat] == 1 else 's'}"
        parts.append(f'<text x="10" y="{y + 16:.1f}" font-size="13" font-family="sans-serif">{escape(text)}</text>')
        x = 200.0
        if chosen:
            if revealed:
                parts.append(_card(x, y, chosen, "card chosen", "revealed, waiting to be placed"))
            else:
                parts.append(f'<rect class="card hidden" x="{x:.1f}" y="{y:.1f}" width="{_W}" height="{_H}" rx="4" '
                             f'fill="#6c7a89" stroke="#333"><title>chosen face down</title></rect>')
            x += _W + 3 * _GAP
        for card in state.piles[seat]:
            parts.append(_card(x, y, card, "card pile", f"in seat {seat}'s pile"))
            x += _W / 2
        y += _H + 8
    longest_pile = max((len(p) for p in state.piles), default=0)
    width = max(_LEFT + (ROW_CAPACITY + 1) * (_W + _GAP) + 10, 200 + _W + 3 * _GAP + longest_pile * _W / 2 + _W)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y + 10:.0f}" '
        f'viewBox="0 0 {width:.0f} {y + 10:.0f}" role="img" aria-label="Take 5 position">'
        + "".join(parts) + "</svg>"
    )
