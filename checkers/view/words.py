"""A move in words: who makes it and what it does, for people stepping through a game.

The sentence comes from the move class's own docstring (its first sentence),
with each ````field```` replaced by the move's value; a few moves whose
docstring speaks of 0-based rows or special values have their own phrasing.

>>> from ruleproof.spec.take5 import Place, Select
>>> describe(0, Select(55))
'seat 0 (play 55): A player chooses 55 face down for this turn.'
>>> describe(1, Place(2, False))
'seat 1 (row 3): The owner of the lowest revealed card puts it on row 3.'
>>> from ruleproof.spec.cinco import Play
>>> describe(-1, Play(12, 0)).endswith("burns card 12 (no free cell at or above it).")
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from ruleproof.spec.core import CHANCE
from ruleproof.spec.registry import game_of_type

_FIELD = re.compile(r"``(\w+)``")


def _special(move: object) -> str | None:
    module = game_of_type(type(move))
    name = type(move).__name__
    phrasing: dict[tuple[str, str], Callable[[object], str]] = {
        ("take5", "Place"): lambda m: f"The owner of the lowest revealed card puts it on row {getattr(m, 'row') + 1}"
                                      + (" (the row is left of the card's place)" if getattr(m, "left") else "") + ".",
        ("take5", "Take"): lambda m: f"The owner of a too-low card takes row {getattr(m, 'row') + 1} and starts it anew.",
        ("bigpoints", "Pawn"): lambda m: (f"The player moves the {getattr(m, 'colour')} pawn"
                                          + (" back (an extra move)." if getattr(m, "back") else " forward.")),
        ("cinco", "Play"): lambda m: (f"The seat to act burns card {getattr(m, 'card')} (no free cell at or above it)."
                                      if getattr(m, "cell") == 0 else
                                      f"The seat to act plays card {getattr(m, 'card')}: a chip goes on cell "
                                      f"{getattr(m, 'cell')}."),
    }
    make = phrasing.get((module, name))
    return make(move) if make is not None else None


def sentence(move: object) -> str:
    """What ``move`` does, in one sentence."""
    special = _special(move)
    if special is not None:
        return special
    doc = (type(move).__doc__ or "").strip()
    first = " ".join(doc.split("\n\n")[0].split())
    cut = re.search(r"(?<=[.!?])\s", first)
    text = first[: cut.start()] if cut else first
    values = {f.name: getattr(move, f.name) for f in dataclasses.fields(move)} if dataclasses.is_dataclass(move) else {}

    def value(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            return key
        v = values[key]
        if isinstance(v, tuple):
            return " ".join(str(x) for x in v) or "nothing"
        return str(v)

    return _FIELD.sub(value, text) or str(move)


def who(actor: int) -> str:
    """``seat N`` or ``chance``."""
    return "chance" if actor == CHANCE else f"seat {actor}"


def describe(actor: int, move: object) -> str:
    """``who (move text): what it does``."""
    return f"{who(actor)} ({move}): {sentence(move)}"
