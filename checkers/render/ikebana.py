"""SVG pictures of Ikebana positions: each seat's bouquet, the top of its discard pile and its coins.

Cards are drawn in their Hanabi colour with their value; hands are drawn face
up (the picture is for referees and docs, not for a seat's view). A bouquet
picture of five cards also shows its score as :func:`explain_bouquet` gives it.

>>> svg = render_bouquet_svg(["R3", "B3", "Y3", "W2", "G2"])
>>> svg.startswith("<svg") and "39" in svg and svg.count('class="card"') == 5
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ruleproof.checkers.render.legend import Key, add_legend
from ruleproof.spec.ikebana import (
    COLOUR_NAMES,
    COLOURS,
    DEFAULT_VARIANT,
    IkebanaState,
    IkebanaVariant,
    card_colour,
    card_value,
    explain_bouquet,
)

FILLS = {"R": "#d62728", "G": "#2ca02c", "Y": "#f2c200", "B": "#1f77b4", "W": "#f4f4f4"}
_W, _H, _GAP = 30.0, 42.0, 5.0


def _card(x: float, y: float, card: str, css: str = "card") -> str:
    colour = card_colour(card)
    ink = "#000" if colour in "YW" else "#fff"
    return (
        f'<g class="{css}"><title>{escape(COLOUR_NAMES[colour])} {card_value(card)}</title>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{_W}" height="{_H}" rx="4" fill="{FILLS[colour]}" stroke="#333"/>'
        f'<text x="{x + _W / 2:.1f}" y="{y + 27:.1f}" font-size="16" text-anchor="middle" font-family="sans-serif" '
        f'fill="{ink}">{card_value(card)}</text></g>'
    )


def _svg(width: float, height: float, body: str, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{escape(label)}">{body}</svg>')


def _pile_x(variant: IkebanaVariant) -> float:
    """Where the discard piles are drawn: right of a full bouquet."""
    return 8 + variant.bouquet * (_W + _GAP) + 20


def render_bouquet_svg(cards: Sequence[str], *, title: str = "", variant: IkebanaVariant = DEFAULT_VARIANT) -> str:
    """One bouquet with its score explanation underneath (scored under ``variant``: its deck, bouquet size and
    multipliers)."""
    score = explain_bouquet(cards, variant)
    parts = [f'<text x="8" y="16" font-size="13" font-family="sans-serif">{escape(title)}</text>'] if title else []
    for i, card in enumerate(score.cards):
        parts.append(_card(8 + i * (_W + _GAP), 24, card))
    lines = [f"{combo.name}: {combo.points}" for combo, _ in score.combinations] or ["no combination"]
    lines.append(f"{score.reason}; total {score.base} x {score.multiplier} = {score.total}")
    for i, line in enumerate(lines):
        parts.append(f'<text x="8" y="{24 + _H + 18 + 16 * i:.1f}" font-size="12" font-family="sans-serif">'
                     f"{escape(line)}</text>")
    return _svg(360, 24 + _H + 24 + 16 * len(lines), "".join(parts), "Ikebana bouquet")


def render_svg(state: IkebanaState, *, title: str = "") -> str:
    """Every seat's hand, discard-pile top and coins, and the card being decided on."""
    parts = [f'<text x="8" y="16" font-size="13" font-family="sans-serif">{escape(title)}</text>'] if title else []
    y = 26.0
    for seat in range(state.players):
        marker = " (to act)" if seat == state.turn and state.phase != "over" else ""
        coins = state.coins[seat]
        label = f"seat {seat}: {coins} coin{'' if coins == 1 else 's'}{marker}"
        parts.append(f'<text x="8" y="{y + 16:.1f}" font-size="13" font-family="sans-serif">{escape(label)}</text>')
        for i, card in enumerate(state.hands[seat]):
            parts.append(_card(8 + i * (_W + _GAP), y + 22, card))
        if state.piles[seat]:
            x = _pile_x(state.variant)
            parts.append(f'<text x="{x:.1f}" y="{y + 16:.1f}" font-size="11" font-family="sans-serif">'
                         f"discards ({len(state.piles[seat])})</text>")
            parts.append(_card(x, y + 22, state.piles[seat][-1], "card pile-top"))
        y += _H + 34
    if state.drawn is not None:
        parts.append(f'<text x="8" y="{y + 16:.1f}" font-size="13" font-family="sans-serif">drawn card</text>')
        parts.append(_card(90, y, state.drawn, "card drawn"))
        y += _H + 10
    return _svg(_pile_x(state.variant) + _W + 70, y + 6, "".join(parts), "Ikebana position")


#: What the colours of :func:`render_view` mean.
LEGEND: tuple[Key, ...] = (
    *(Key("fill", FILLS[c], COLOUR_NAMES[c]) for c in COLOURS),
    Key("back", "#6c7a89", "face down (hidden from this seat)"),
    Key("dashed", "#111", "the card being decided on"),
)


#: What happens next in each phase, shown under the picture.
_PHASES = {"choose": "seat {seat} draws or buys", "reveal": "seat {seat} draws: chance turns up a card",
           "decide": "seat {seat} keeps or refuses the drawn card", "over": "the game is over"}


def _back(x: float, y: float, note: str) -> str:
    return (f'<rect class="back" x="{x:.1f}" y="{y:.1f}" width="{_W}" height="{_H}" rx="4" fill="#6c7a89" '
            f'stroke="#333"><title>{escape(note)}</title></rect>')


def render_view(state: IkebanaState, seat: int | None = None) -> str:
    """Hands (all for the referee, ``seat``'s own otherwise), pile tops, coins, the drawn card and a legend.

    >>> from ruleproof.model.ikebana import GAME
    >>> state = GAME.new_game(2, seed=4)
    >>> render_view(state, 0).count('class="back"') == len(state.hands[1])
    True
    """
    parts: list[str] = []
    y = 6.0
    for s in range(state.players):
        marker = " (to act)" if s == state.turn and state.phase != "over" else ""
        coins = state.coins[s]
        label = f"seat {s}: {coins} coin{'' if coins == 1 else 's'}{marker}"
        parts.append(f'<text x="8" y="{y + 16:.1f}" font-size="13" font-family="sans-serif">{escape(label)}</text>')
        for i, card in enumerate(state.hands[s]):
            x = 8 + i * (_W + _GAP)
            parts.append(_card(x, y + 22, card) if seat is None or seat == s else _back(x, y + 22, f"seat {s}'s card"))
        if state.piles[s]:
            x = _pile_x(state.variant)
            parts.append(f'<text x="{x:.1f}" y="{y + 16:.1f}" font-size="11" font-family="sans-serif">'
                         f"discards ({len(state.piles[s])})</text>")
            parts.append(_card(x, y + 22, state.piles[s][-1], "card pile-top"))
        y += _H + 34
    if state.drawn is not None:
        parts.append(f'<text x="8" y="{y + 16:.1f}" font-size="13" font-family="sans-serif">drawn card</text>')
        if seat is None or seat == state.turn:
            parts.append(_card(90, y, state.drawn, "card drawn"))
            parts.append(f'<rect x="{88:.1f}" y="{y - 2:.1f}" width="{_W + 4}" height="{_H + 4}" rx="5" fill="none" '
                         'stroke="#111" stroke-width="2" stroke-dasharray="4,2"/>')
        else:
            parts.append(_back(90, y, "the drawn card (seen by the seat to act only)"))
        y += _H + 10
    phase = _PHASES.get(state.phase, state.phase)
    parts.append(f'<text x="8" y="{y + 12:.1f}" font-size="11" fill="#555" font-family="sans-serif">'
                 f"round {state.round}, deck {len(state.deck)} cards; {escape(phase.format(seat=state.turn))}</text>")
    y += 18
    return add_legend(_svg(_pile_x(state.variant) + _W + 70, y + 6, "".join(parts), "Ikebana position"), LEGEND)
