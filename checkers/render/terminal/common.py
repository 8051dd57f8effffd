"""Pieces every terminal view shares: seat headings, hidden cards, lines without trailing spaces.

A terminal view is a :class:`rich.text.Text`: its plain form (``Text.plain``)
is what a pipe or a file receives, its styles are the colours a terminal
shows. Every line is built so that the plain form alone reads well (colour
only repeats what the letters already say), and no line ends in spaces.

>>> heading(1, viewer=1, actor=1).plain
'seat 1 (you) ◀ to act'
>>> heading(0, viewer=1, actor=1).plain
'seat 0'
>>> hidden(1, "card").plain, hidden(3, "card").plain
('1 card, face down', '3 cards, face down')
>>> lines([Text("a  "), Text("b")]).plain
'a\\nb'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

#: How the seat to act is marked.
TO_ACT = "◀ to act"
#: The style of labels and of what is hidden or empty.
DIM = "dim"
#: The style of the viewing seat's heading.
YOU = "bold"


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``.

    >>> plural(1, "bullhead"), plural(0, "bullhead")
    ('1 bullhead', '0 bullheads')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def heading(seat: int, *, viewer: int | None, actor: int) -> Text:
    """``seat N``, ``(you)`` for the viewing seat, and a marker on the seat to act."""
    text = Text(f"seat {seat}", style=YOU if seat == viewer else "")
    if seat == viewer:
        text.append(" (you)", style=YOU)
    if seat == actor:
        text.append(" " + TO_ACT, style="bold cyan")
    return text


def hidden(count: int, word: str) -> Text:
    """What a seat may not see: how many, face down."""
    return Text(f"{plural(count, word)}, face down", style=DIM)


def sees(viewer: int | None, owner: int) -> bool:
    """Whether the viewer (``None``: the referee) may see ``owner``'s secret cards."""
    return viewer is None or viewer == owner


def joined(parts: Iterable[Text | str], separator: str = " ") -> Text:
    """``parts`` joined by ``separator`` (plain strings unstyled)."""
    return Text(separator).join(Text(p) if isinstance(p, str) else p for p in parts)


def label(text: str) -> Text:
    """A dim label such as ``hand:``."""
    return Text(text, style=DIM)


def lines(rows: Sequence[Text]) -> Text:
    """The rows as one text, each without trailing spaces."""
    out = Text()
    for index, row in enumerate(rows):
        row = row.copy()
        row.rstrip()
        if index:
            out.append("\n")
        out.append_text(row)
    return out
