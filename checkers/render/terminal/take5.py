"""Take 5 in the terminal: the four rows with every card's bullheads, the chosen cards, piles and scores.

A card is written ``number(bullheads)``, coloured like the printed cards'
penalty (1 plain, 2 blue, 3 yellow, 5 red, 7 white on red). Each row shows
its free places up to the sixth, the one that takes the row, and its
bullhead total (what taking it costs). Each seat shows its score (earlier
rounds plus this round's pile), its hand (face down for other seats) and its
chosen card (face down until the cards are revealed).

>>> from ruleproof.model.take5 import GAME
>>> state = GAME.new_game(2, seed=3)
>>> text = draw(state, 1, GAME.current_player(state)).plain
>>> print(text.splitlines()[2])
row 1   73(1)  .      .      .      .      | 6th takes it: 1 bullhead
>>> "10 cards, face down" in text and "hand: 1(1)" not in text.split("seat 1")[0]
True
"""

from __future__ import annotations

from rich.text import Text

from ruleproof.checkers.render.terminal.common import DIM, heading, hidden, joined, label, lines, plural, sees
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec.take5 import (
    Take5State,
    compute_bullheads,
    compute_pile_points,
    deal_size,
    lowest_pending,
)

#: The colour of a card by its bullheads.
HEAD_STYLES: dict[int, str] = {1: "bold", 2: "bold blue", 3: "bold yellow", 5: "bold red", 7: "bold white on red"}
#: Characters per place in a row: ``104(1)`` and a space.
_CELL = 7


def card(number: int) -> Text:
    """``number(bullheads)`` in the bullheads' colour.

    >>> shown = card(55)
    >>> shown.plain, shown.spans[0].style
    ('55(7)', 'bold white on red')
    """
    heads = compute_bullheads(number)
    return Text.assemble((f"{number}({heads})", HEAD_STYLES.get(heads, "bold")))


def _cards(numbers: tuple[int, ...]) -> Text:
    return joined(card(c) for c in numbers) if numbers else Text("-", style=DIM)


def _status(state: Take5State, actor: int) -> str:
    where = f"round {state.round}"
    if actor == TERMINAL:
        return f"game over after round {state.round}"
    if actor == CHANCE:
        size = deal_size(state)
        if state.dealt < size:
            return f"{where}: chance deals ({state.dealt} of {size} cards dealt)"
        return f"{where} is over: chance deals the next round"
    if state.resolving:
        number, _ = lowest_pending(state)
        return f"{where}: seat {actor} places {number}, the lowest revealed card"
    return f"{where}: seat {actor} chooses a card face down"


def _row(index: int, row: tuple[int, ...], capacity: int) -> Text:
    line = Text(f"row {index + 1}   ")
    for place in range(capacity):
        if place < len(row):
            shown = card(row[place])
        else:
            shown = Text.assemble((".", DIM))
        shown.append(" " * max(1, _CELL - len(shown.plain)))
        line.append_text(shown)
    heads = compute_pile_points(row)
    line.append("| ", style=DIM)
    line.append(f"6th takes it: {plural(heads, 'bullhead')}")
    return line


def _chosen(state: Take5State, seat: int, viewer: int | None) -> Text:
    number = state.chosen[seat]
    if not number:
        return Text("-", style=DIM)
    if state.resolving or state.finished:
        return card(number) + Text(", revealed")
    if sees(viewer, seat):
        return card(number) + Text(", face down", style=DIM)
    return Text("a card, face down", style=DIM)


def _seat(state: Take5State, seat: int, viewer: int | None, actor: int) -> list[Text]:
    pile = state.piles[seat]
    earlier, now = state.scores[seat], compute_pile_points(pile)
    head = heading(seat, viewer=viewer, actor=actor)
    head.append(f" · score {earlier + now}", style="bold")
    if pile and earlier:
        head.append(f" ({earlier} from earlier rounds, {now} in a pile of {plural(len(pile), 'card')})", style=DIM)
    elif pile:
        head.append(f" (a pile of {plural(len(pile), 'card')})", style=DIM)
    elif earlier:
        head.append(" (from earlier rounds; no pile yet)", style=DIM)
    hand = state.hands[seat]
    cards = _cards(hand) if sees(viewer, seat) else hidden(len(hand), "card")
    second = joined([label("  hand:"), cards, label("· chosen:"), _chosen(state, seat, viewer)])
    return [head, second]


def draw(state: Take5State, seat: int | None, actor: int, *, last: object = None) -> Text:
    """The position as ``seat`` sees it (``None``: the referee, who sees every hand).

    :param actor: who acts (the engine's ``current_player``).
    :param last: the move that led here (not marked: what it changed shows in the position itself).
    """
    variant = state.variant
    rows = [Text(_status(state, actor), style="bold"),
            label(f"cards as number(bullheads); end threshold {variant.threshold} bullheads")]
    rows += [_row(r, row, state.variant.row_capacity) for r, row in enumerate(state.rows)]
    for s in range(state.players):
        rows += _seat(state, s, seat, actor)
    return lines(rows)
