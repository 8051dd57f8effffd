"""Big Five in the terminal: the grid of cards, then each seat's hand, deck and penalties.

A card is its two-letter code (animal letter, colour letter: ``Lb`` is the
blue lion), coloured as printed (blue, yellow, green, red, purple). The grid
runs one empty cell beyond the cards on every side, with the ``x`` and ``y``
coordinates a play names along its edges; the cards of the move just made
stand in brackets. Other seats' hands are face down, and no seat sees a
deck's cards (not even its own): only how many are left.

>>> from ruleproof.spec.bigfive import make_position, parse_move
>>> state = make_position("Lb@0,0 Gb@1,0", ["Lr Gr", "Ly"])
>>> print(draw(state, 1, 0, last=parse_move("play Gb@1,0")).plain)
round 1: seat 0 plays, exchanges or passes
y\\x   -1    0    1    2
 -1    .    .    .    .
  0    .   Lb [Gb]    .
  1    .    .    .    .
seat 0 ◀ to act · penalties 0 · deck 47
  hand: 2 cards, face down
seat 1 (you) · penalties 0 · deck 47
  hand: Ly
box 1
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from ruleproof.checkers.render.terminal.common import DIM, heading, hidden, joined, label, lines, plural, sees
from ruleproof.spec.bigfive import (
    BigFiveState,
    Placed,
    Play,
    card_code,
    colour_of,
    compute_phase,
    deck_size,
    drawing_seat,
    setup_length,
)

#: The style of a card by colour index (blue, yellow, green, red, purple).
COLOUR_STYLES: tuple[str, ...] = ("bold white on blue", "bold black on yellow", "bold white on green",
                                  "bold white on red", "bold white on magenta")
#: Characters per grid column.
_CELL = 5


def card(number: int) -> Text:
    """The card's code in its colour.

    >>> card(0).plain, card(0).spans[0].style
    ('Lb', 'bold white on blue')
    """
    return Text.assemble((card_code(number), COLOUR_STYLES[colour_of(number)]))


def _cards(cards: Iterable[int]) -> Text:
    shown = [card(c) for c in cards]
    return joined(shown) if shown else Text.assemble(("-", DIM))


def _status(state: BigFiveState, actor: int) -> str:
    phase = compute_phase(state)
    where = f"round {state.round}"
    if phase == "over":
        return f"game over after round {state.round}"
    if phase == "round":
        return f"{where} is over: chance starts round {state.round + 1}"
    if phase == "deal":
        return f"{where}: chance deals ({state.dealt} of {setup_length(state.variant, state.players)} setup moves)"
    if phase == "draw":
        return f"{where}: chance draws a card for seat {drawing_seat(state)}"
    if phase == "box":
        return f"{where}: chance turns up seat {state.turn}'s blind bonus discard"
    if phase == "bonus":
        return f"{where}: seat {actor} may discard {plural(state.bonus, 'bonus card')}"
    return f"{where}: seat {actor} plays, exchanges or passes"


def grid(board: Iterable[Placed], marked: Iterable[tuple[int, int]] = ()) -> list[Text]:
    """The board as rows of coloured codes, one empty cell of margin; ``marked`` cells in brackets."""
    cells = {(p.x, p.y): p.card for p in board}
    ring = set(marked)
    if not cells:
        return [Text.assemble(("(empty board)", DIM))]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    rows = [Text.assemble(("y\\x" + "".join(f"{x:>{_CELL}}" for x in range(x0, x1 + 1)), DIM))]
    for y in range(y0, y1 + 1):
        row = Text.assemble((f"{y:>3}", DIM))
        for x in range(x0, x1 + 1):
            number = cells.get((x, y))
            if number is None:
                row.append(" " * (_CELL - 1))
                row.append(".", style=DIM)
            elif (x, y) in ring:
                row.append(" " * (_CELL - 4) + "[")
                row.append_text(card(number))
                row.append("]")
            else:
                row.append(" " * (_CELL - 2))
                row.append_text(card(number))
        rows.append(row)
    return rows


def _seat(state: BigFiveState, seat: int, viewer: int | None, actor: int) -> list[Text]:
    head = heading(seat, viewer=viewer, actor=actor)
    head.append(f" · penalties {state.penalties[seat]} · deck {deck_size(state.decks[seat])}")
    if seat == state.turn and state.bonus:
        head.append(f" · {plural(state.bonus, 'bonus discard')} open")
    hand = state.hands[seat]
    cards = _cards(hand) if sees(viewer, seat) else hidden(len(hand), "card")
    return [head, joined([label("  hand:"), cards])]


def draw(state: BigFiveState, seat: int | None, actor: int, *, last: object = None) -> Text:
    """The position as ``seat`` sees it (``None``: the referee, who sees every hand).

    :param actor: who acts (the engine's ``current_player``).
    :param last: the move that led here; a play's cards stand in brackets.
    """
    marked = [p.cell for p in last.placed] if isinstance(last, Play) else []
    rows = [Text.assemble((_status(state, actor), "bold")), *grid(state.board, marked)]
    for s in range(state.players):
        rows += _seat(state, s, seat, actor)
    tail = f"box {len(state.box)}"
    if state.players == 1:
        tail = f"discard pile {len(state.pile)} · " + tail
    rows.append(Text.assemble((tail, DIM)))
    return lines(rows)
