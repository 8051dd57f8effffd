"""Cinco in the terminal: the board as it lies (hexagon or square, or a layout file's), the chips, the hands.

Free cells show their number; a chip shows its colour's letter (``R`` red,
``B`` blue, ``G`` green, ``Y`` yellow, ``W`` white, ``K`` black) on its
colour, and the chips of a completed line of five are underlined. Each seat
plays a colour (teams share one); a seat sees its own hand and its own
face-down discards, of the others only how many cards they hold.

>>> from ruleproof.model.cinco import GAME
>>> state = GAME.new_game(2, seed=1)
>>> text = draw(state, 0, GAME.current_player(state)).plain
>>> print(text.splitlines()[6])
  87  40  35   8   1   2  16  24  54  70
>>> text.count("face down")  # seat 1's hand and discards
2
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from ruleproof.checkers.render.terminal.common import DIM, heading, hidden, joined, label, lines, plural, sees
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec.cinco import (
    LINE,
    CincoState,
    Play,
    board_of,
    colour_of,
    colours_in_game,
    deal_receiver,
    layout_of,
)
from ruleproof.spec.cinco_board import COLOUR_LETTERS, COLOUR_NAMES, FREE, Board, compute_winning_lines, text_position

#: The style of a chip by colour index (red, blue, green, yellow, white, black).
CHIP_STYLES: tuple[str, ...] = ("bold white on red", "bold white on blue", "bold white on green",
                                "bold black on yellow", "bold black on white", "bold white on grey15")
#: The style of a seat's colour name.
NAME_STYLES: tuple[str, ...] = ("bold red", "bold blue", "bold green", "bold yellow", "bold white", "bold")


def chip(colour: int, *, won: bool = False, last: bool = False) -> Text:
    """A chip's letter on its colour (underlined in a line of five, reversed when just placed).

    >>> chip(1).plain, chip(1).spans[0].style
    ('B', 'bold white on blue')
    """
    style = CHIP_STYLES[colour % len(CHIP_STYLES)] + (" underline" if won else "") + (" reverse" if last else "")
    letter = COLOUR_LETTERS[colour] if 0 <= colour < len(COLOUR_LETTERS) else "?"
    return Text.assemble((letter, style))


def board_rows(board: Board, colours: int, placed: int = 0, length: int = LINE) -> list[Text]:
    """The board's cells where the layout puts them: numbers on free cells, chips as letters.

    :param placed: the cell of the chip just placed (0: none), reversed.
    :param length: how many chips in a line win (the variant's line length).
    """
    layout = board.layout
    won = {n for k in range(colours) for line in compute_winning_lines(board, k, length) for n in line}
    places = [text_position(layout, c) for c in layout.coords]
    top = min(r for r, _ in places)
    left = min(c for _, c in places)
    grid: dict[int, dict[int, Text]] = {}
    for number, (r, c) in enumerate(places, start=1):
        colour = board.cells[number - 1]
        if colour == FREE:
            cell = Text.assemble((f"{number:2d}", DIM))
        else:
            cell = Text(" ") + chip(colour, won=number in won, last=number == placed)
        grid.setdefault(r - top, {})[c - left] = cell
    rows = []
    for r in range(max(grid) + 1):
        row = Text()
        for c, cell in sorted(grid.get(r, {}).items()):
            row.append(" " * (c - len(row.plain)))
            row.append_text(cell)
        rows.append(row)
    return rows


def _status(state: CincoState, actor: int) -> str:
    if actor == TERMINAL:
        if state.winner >= 0:
            return f"game over: {COLOUR_NAMES[state.winner]} completed a line of five"
        return "game over: a draw"
    if actor == CHANCE:
        seat = deal_receiver(state)
        owed = state.owed[seat] if seat >= 0 else 0
        return f"chance deals seat {seat} a card ({plural(owed, 'card')} owed)"
    name = COLOUR_NAMES[colour_of(state.players, state.variant, actor)]
    return f"seat {actor} ({name}) plays, burns or exchanges a card"


def _cards(cards: Iterable[int]) -> Text:
    shown = [str(c) for c in cards]
    return Text.assemble((" ".join(shown), "bold")) if shown else Text.assemble(("-", DIM))


def _seat(state: CincoState, seat: int, viewer: int | None, actor: int) -> list[Text]:
    colour = colour_of(state.players, state.variant, seat)
    head = heading(seat, viewer=viewer, actor=actor)
    head.append(" · ")
    head.append(COLOUR_NAMES[colour], style=NAME_STYLES[colour % len(NAME_STYLES)])
    hand, pile = state.hands[seat], state.discards[seat]
    if sees(viewer, seat):
        shown = joined([label("  hand:"), _cards(hand), label("· discards:"), _cards(pile)])
    else:
        shown = joined([label("  hand:"), hidden(len(hand), "card"), label("· discards:"), hidden(len(pile), "card")])
    return [head, shown]


def draw(state: CincoState, seat: int | None, actor: int, *, last: object = None) -> Text:
    """The position as ``seat`` sees it (``None``: the referee, who sees every hand and pile).

    :param actor: who acts (the engine's ``current_player``).
    :param last: the move that led here; the chip it placed is shown reversed (in colour only).
    """
    colours = colours_in_game(state.players, state.variant)
    layout = layout_of(state.variant)
    rows = [Text.assemble((_status(state, actor), "bold")),
            label(f"{layout.name} board: numbers are free cells, letters chips")]
    placed = last.cell if isinstance(last, Play) else 0
    rows += board_rows(board_of(state), colours, placed, state.variant.line_length)
    chips = Text("chips left: ")
    chips.append_text(joined([chip(k) + Text(f" {COLOUR_NAMES[k]} {state.chips[k]}") for k in range(colours)], ", "))
    chips.append(f" · deck {plural(len(state.deck), 'card')}", style=DIM)
    rows.append(chips)
    for s in range(state.players):
        rows += _seat(state, s, seat, actor)
    return lines(rows)
