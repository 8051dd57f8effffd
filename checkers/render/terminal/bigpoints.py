"""BigPoints in the terminal: the path in rows of ten with the pawns on it, the ladder, the reserve and the seats.

A disc is its colour's letter (``B`` blue, ``R`` red, ``Y`` yellow, ``G``
green, ``P`` purple, ``K`` black, ``W`` white) on its colour; a taken disc
leaves ``.``. A pawn stands in brackets after the disc it is on (``G[R]``:
the red pawn on a green disc), or at the start. The ladder lists its steps
from the top with their points. A seat sees the colours of its own discs;
of the others only how many they hold, and their black discs as the
variant's ``black_visibility`` says.

>>> from ruleproof.spec.bigpoints import example_state
>>> state = example_state("BRK.GW", pawns=(0, -1, -1, 4, -1))
>>> print(draw(state, 1, 0).plain)
game 1 of 1: seat 0 moves a pawn
path from the start to the ladder (a pawn in brackets after its disc):
  start [R Y P]
   1  B[B] R    K    .    G[G] W
ladder: 1st (4 points) -  2nd (3) -  3rd (2) -  4th (1) -  5th (0) -
reserve beside the ladder: B R Y G P
seat 0 ◀ to act · score 0
  discs: 0 discs, face down · black 0 (spent 0)
seat 1 (you) · score 0
  discs: - · black 0 (spent 0)
"""

from __future__ import annotations

from rich.text import Text

from ruleproof.checkers.render.terminal.common import DIM, heading, hidden, joined, label, lines, plural, sees
from ruleproof.model.core import TERMINAL
from ruleproof.spec.bigpoints import (
    BLACK,
    COLOURS,
    DISC_COLOURS,
    LETTERS,
    START,
    TAKEN,
    BigPointsState,
    compute_step_values,
    compute_visible_blacks,
    path_size,
)

#: The style of a disc by its letter.
DISC_STYLES: dict[str, str] = {
    "B": "bold white on blue", "R": "bold white on red", "Y": "bold black on yellow", "G": "bold white on green",
    "P": "bold white on magenta", "K": "bold white on grey15", "W": "bold black on white",
}
#: The style of a pawn (its colour's letter in brackets) by its letter.
PAWN_STYLES: dict[str, str] = {"B": "bold blue", "R": "bold red", "Y": "bold yellow", "G": "bold green",
                               "P": "bold magenta"}
#: Discs per row of the path.
PER_ROW = 10
_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th")


def disc(letter: str) -> Text:
    """A disc's letter on its colour (a taken place dim).

    >>> disc("Y").plain, disc("Y").spans[0].style
    ('Y', 'bold black on yellow')
    """
    return Text.assemble((letter, DISC_STYLES.get(letter, DIM)))


def pawns(letters: list[str]) -> Text:
    """Pawns in brackets, each in its colour: ``[RY]``."""
    text = Text("[")
    for letter in letters:
        text.append(letter, style=PAWN_STYLES.get(letter, "bold"))
    text.append("]")
    return text


def _status(state: BigPointsState, actor: int) -> str:
    games = state.players if state.variant.match else 1
    where = f"game {state.game + 1} of {games}"
    size = path_size(state.variant)
    pawn = COLOURS[state.moved] if state.moved >= 0 else "moved"
    what = {
        "lay": f"chance lays the path ({len(state.path)} of {size} discs laid)",
        "move": f"seat {actor} moves a pawn",
        "take": f"seat {actor} takes a disc next to the {pawn} pawn",
        "offer": f"seat {actor} may spend a black disc for an extra move",
        "extra": f"seat {actor} makes the extra move",
        "over": "the game is over" if actor == TERMINAL else "the game is over: chance lays the next path",
    }
    return f"{where}: {what.get(state.phase, state.phase)}"


def path_rows(state: BigPointsState) -> list[Text]:
    """The start and the path in rows of :data:`PER_ROW`, pawns in brackets after their disc."""
    size = path_size(state.variant)
    standing: dict[int, list[str]] = {}
    for colour, place in enumerate(state.pawns):
        standing.setdefault(place, []).append(LETTERS[colour])
    cells = []
    for index, letter in enumerate(state.path):
        cell = disc(letter) if letter != TAKEN else Text.assemble((TAKEN, DIM))
        if index in standing:
            cell.append_text(pawns(standing[index]))
        cells.append(cell)
    width = max((len(c.plain) for c in cells), default=1) + 1
    rows = [label("path from the start to the ladder (a pawn in brackets after its disc):"),
            _start(standing.get(START, []))]
    for first in range(0, len(cells), PER_ROW):
        row = Text.assemble((f"{first + 1:>4}  ", DIM))
        for cell in cells[first:first + PER_ROW]:
            row.append_text(cell)
            row.append(" " * (width - len(cell.plain)))
        rows.append(row)
    if len(state.path) < size:
        rows.append(label(f"  {plural(size - len(state.path), 'disc')} still to lay"))
    return rows


def _start(letters: list[str]) -> Text:
    text = Text("  start ")
    if not letters:
        text.append("(no pawn)", style=DIM)
        return text
    text.append("[")
    for index, letter in enumerate(letters):
        if index:
            text.append(" ")
        text.append(letter, style=PAWN_STYLES.get(letter, "bold"))
    text.append("]")
    return text


def ladder(state: BigPointsState) -> Text:
    """The ladder's steps from the top with their points and the pawn on each."""
    values = compute_step_values(state.variant)
    text = Text("ladder: ")
    for step, value in enumerate(values):
        if step:
            text.append("  ")
        points = f"({value} points)" if step == 0 else f"({value})"
        text.append(f"{_ORDINALS[step]} {points} ", style=DIM)
        if step < len(state.ladder):
            letter = LETTERS[state.ladder[step]]
            text.append(letter, style=PAWN_STYLES.get(letter, "bold"))
        else:
            text.append("-", style=DIM)
    return text


def _discs(hand: tuple[int, ...]) -> Text:
    held = [Text.assemble((f"{DISC_COLOURS[c]}×{n}", DISC_STYLES[LETTERS[c]]))
            for c, n in enumerate(hand) if n and c != BLACK]
    return joined(held) if held else Text.assemble(("-", DIM))


def _seat(state: BigPointsState, seat: int, viewer: int | None, actor: int) -> list[Text]:
    head = heading(seat, viewer=viewer, actor=actor)
    head.append(f" · score {state.scores[seat]}")
    hand = state.hands[seat]
    if sees(viewer, seat):
        discs, black = _discs(hand), str(hand[BLACK])
    else:
        discs = hidden(sum(hand) - hand[BLACK], "disc")
        shown = compute_visible_blacks(state, viewer)[seat] if viewer is not None else hand[BLACK]
        black = "hidden" if shown is None else str(shown)
        if shown is None:  # with hidden blacks even the count of coloured discs would tell them
            discs = hidden(sum(hand), "disc")
    fresh = f", {state.fresh} taken this turn" if seat == state.turn and state.fresh else ""
    return [head, joined([label("  discs:"), discs, label("·"), Text(f"black {black} (spent {state.spent[seat]}{fresh})")])]


def draw(state: BigPointsState, seat: int | None, actor: int, *, last: object = None) -> Text:
    """The position as ``seat`` sees it (``None``: the referee, who sees every seat's discs).

    :param actor: who acts (the engine's ``current_player``).
    :param last: the move that led here (not marked: what it changed shows in the position itself).
    """
    rows = [Text.assemble((_status(state, actor), "bold")), *path_rows(state), ladder(state)]
    reserve = joined(disc(letter) for letter in state.reserve) if state.reserve else Text.assemble(("-", DIM))
    rows.append(Text("reserve beside the ladder: ") + reserve)
    for s in range(state.players):
        rows += _seat(state, s, seat, actor)
    return lines(rows)
