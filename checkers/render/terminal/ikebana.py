"""Ikebana in the terminal: each seat's bouquet in the making, its discard pile and its coins.

A card is its colour's letter and its value (``R3``: red 3) on its colour.
Each seat's bouquet (its hand of up to five) is face down for the other
seats; every discard pile's top card and every seat's coins are public, and
so are the last round's bouquets with their scores and payouts. The card a
seat has drawn is seen by that seat only.

>>> from ruleproof.model.ikebana import GAME
>>> state = GAME.new_game(2, seed=4)
>>> text = draw(state, 1, GAME.current_player(state)).plain
>>> print(text.splitlines()[0])
round 1 of 4, seat 0 starts: seat 0 draws or buys
>>> text.count("face down")
1
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from ruleproof.checkers.render.terminal.common import DIM, heading, joined, label, lines, plural, sees
from ruleproof.spec.ikebana import (
    COLOURS,
    IkebanaState,
    card_colour,
    compute_bank_left,
)

#: The style of a card by its colour letter.
CARD_STYLES: dict[str, str] = {"R": "bold white on red", "G": "bold white on green", "Y": "bold black on yellow",
                               "B": "bold white on blue", "W": "bold black on white"}


def card(code: str) -> Text:
    """The card's code on its colour.

    >>> card("B3").plain, card("B3").spans[0].style
    ('B3', 'bold white on blue')
    """
    return Text.assemble((code, CARD_STYLES.get(card_colour(code), "bold")))


def display_order(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards sorted by colour in the rules' order (R G Y B W), then value (the order a player lays them out).

    >>> display_order(["W2", "R4", "B1", "R1"])
    ('R1', 'R4', 'B1', 'W2')
    """
    return tuple(sorted(cards, key=lambda c: (COLOURS.index(c[0]), c[1:])))


def _cards(cards: Iterable[str]) -> Text:
    shown = [card(c) for c in display_order(cards)]
    return joined(shown) if shown else Text.assemble(("-", DIM))


def _status(state: IkebanaState, actor: int) -> str:
    if state.phase == "over":
        return f"game over after round {state.round}"
    doing = {
        "choose": f"seat {state.turn} draws or buys",
        "reveal": f"seat {state.turn} draws: chance turns up a card",
        "decide": f"seat {state.turn} keeps or refuses the drawn card",
    }.get(state.phase, state.phase)
    refused = f" ({plural(state.refusals, 'card')} refused this turn)" if state.refusals else ""
    return f"round {state.round} of {state.variant.rounds}, seat {state.start} starts: {doing}{refused}"


def _bank(state: IkebanaState) -> str:
    left = compute_bank_left(state.variant, state.players, state.issued)
    held = "unlimited bank" if left is None else f"the bank holds {left}"
    return f"deck {plural(len(state.deck), 'card')} · {held} (paid out {state.issued})"


def _seat(state: IkebanaState, seat: int, viewer: int | None, actor: int) -> list[Text]:
    head = heading(seat, viewer=viewer, actor=actor)
    head.append(f" · {plural(state.coins[seat], 'coin')}", style="bold")
    hand = state.hands[seat]
    if sees(viewer, seat):
        bouquet = _cards(hand)
        bouquet.append(f" ({len(hand)} of {state.variant.bouquet})", style=DIM)
    else:
        bouquet = Text.assemble((f"{len(hand)} of {state.variant.bouquet} cards, face down", DIM))
    pile = state.piles[seat]
    top = joined([Text("top"), card(pile[-1]), Text.assemble((f"of {plural(len(pile), 'card')}", DIM))]) if pile \
        else Text.assemble(("empty", DIM))
    return [head, joined([label("  bouquet:"), bouquet, label("· discards:"), top])]


def _drawn(state: IkebanaState, viewer: int | None) -> Text | None:
    if state.drawn is None:
        return None
    shown = card(state.drawn) if sees(viewer, state.turn) else Text.assemble(("a card, face down", DIM))
    return joined([Text(f"seat {state.turn} has drawn"), shown])


def _last_round(state: IkebanaState) -> list[Text]:
    if not state.last_bouquets:
        return []
    rows = [label("last round's bouquets (combination points, score after the colour multiplier, payout):")]
    for seat, bouquet in enumerate(state.last_bouquets):
        row = joined([Text(f"  seat {seat}:"), _cards(bouquet)])
        row.append(f": {state.last_base[seat]} points, score {state.last_scores[seat]}, "
                   f"paid {state.last_payouts[seat]}")
        rows.append(row)
    return rows


def draw(state: IkebanaState, seat: int | None, actor: int, *, last: object = None) -> Text:
    """The position as ``seat`` sees it (``None``: the referee, who sees every bouquet).

    :param actor: who acts (the engine's ``current_player``).
    :param last: the move that led here (not marked: what it changed shows in the position itself).
    """
    rows = [Text.assemble((_status(state, actor), "bold")), Text.assemble((_bank(state), DIM))]
    for s in range(state.players):
        rows += _seat(state, s, seat, actor)
    drawn = _drawn(state, seat)
    if drawn is not None:
        rows.append(drawn)
    rows += _last_round(state)
    return lines(rows)
