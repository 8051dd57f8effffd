"""The card lookup: one page per game with an entry for every card (disc, for BigPoints), found by the search.

Each entry has an anchor (``card-take5-55``) and is registered as a search
object named ``GAME.KEY`` (``take5.55``, ``bigfive.Lb``, ``ikebana.R3``,
``bigpoints.black``, ``cinco.37``), so typing a card number or code into
the site's search lands on the card's description. Every number on the page
comes from the specification (the deck, the bullhead table, the copies), and
every rule cited is checked to exist (:func:`problems`).

>>> page = cards_page("take5")
>>> entry = next(e for e in page.entries if e.key == "55")
>>> entry.label, entry.facts[0]
('55', '7 bullheads: the card 55 itself')
>>> [e.key for e in cards_page("bigfive").entries][:3]
['Lb', 'Ly', 'Lg']
>>> anchor("bigfive", "Lb"), search_name("bigfive", "Lb")
('card-bigfive-Lb', 'bigfive.Lb')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .wording import counted

#: The object type of a card in the search index (``std:rp-card``).
OBJECT_TYPE = "rp-card"


@dataclass(frozen=True)
class CardEntry:
    """One card: the key a reader searches for, its label, and what it is (plain sentences)."""

    key: str
    label: str
    facts: tuple[str, ...]
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardsPage:
    """A game's cards: the page title's last words, an introduction and the entries."""

    game: str
    what: str
    intro: str
    rules: tuple[str, ...]
    entries: tuple[CardEntry, ...]


def anchor(game: str, key: str) -> str:
    """The id of a card's entry on its page."""
    return f"card-{game}-{key}"


def search_name(game: str, key: str) -> str:
    """The card's name in the search index (the part after the dot is what a reader types)."""
    return f"{game}.{key}"


def _take5() -> CardsPage:
    from ruleproof.spec.take5 import (BULLHEAD_TABLE, DECK_TOP, MAX_PLAYERS, MIN_PLAYERS, Take5Variant,
                                      compute_bullheads, deck_cards)

    tactical = {n: set(deck_cards(Take5Variant(deck="tactical"), n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    entries = []
    for card in range(1, DECK_TOP + 1):
        heads = compute_bullheads(card)
        kind, number, _ = next(row for row in BULLHEAD_TABLE
                               if (card == row[1] if row[0] == "card" else card % row[1] == 0))
        reason = (f"the card {number} itself" if kind == "card" else
                  "any other card" if number == 1 else f"a multiple of {number}")
        fewest = next((n for n, deck in tactical.items() if card in deck), None)
        deck = ("in the tactical deck at every player count" if fewest == MIN_PLAYERS else
                f"in the tactical deck from {fewest} players" if fewest is not None else "never in the tactical deck")
        entries.append(CardEntry(str(card), str(card), (f"{counted(heads, 'bullhead')}: {reason}", deck),
                                 ("T5-SCORE-1",)))
    intro = (f"The deck has one card of each number from 1 to {DECK_TOP} (:rule:`T5-DEAL-1`). The number decides "
             "where a card goes (:rule:`T5-PLACE-2`); the bullheads printed on it are penalty points "
             "(:rule:`T5-SCORE-1`). The tactical deck (``--variant deck=tactical``) keeps the cards 1 to "
             "10 × players + 4.")
    return CardsPage("take5", "the cards", intro, ("T5-DEAL-1", "T5-PLACE-2", "T5-SCORE-1"), tuple(entries))


def _bigfive() -> CardsPage:
    from ruleproof.spec.bigfive import ANIMAL_NAMES, COLOUR_NAMES, COPIES, KINDS, animal_of, card_code, colour_of

    entries = []
    for card in range(KINDS):
        animal, colour = ANIMAL_NAMES[animal_of(card)], COLOUR_NAMES[colour_of(card)]
        entries.append(CardEntry(card_code(card), card_code(card), (
            f"{colour} {animal}, {counted(COPIES, 'copy', 'copies')} in the pack",
            f"shares a line with other {colour} cards of other animals, or with other {animal}s of other colours; "
            f"never with another {card_code(card)}"), ("BF-DEAL-1", "BF-LINE-3", "BF-LINE-4")))
    intro = (f"The pack holds {counted(COPIES, 'copy', 'copies')} of each of the {KINDS} kinds (:rule:`BF-DEAL-1`). A card's "
             "code is its animal's letter and its colour's letter, as the command line and the pictures write it: "
             + ", ".join(f"``{card_code(a * len(COLOUR_NAMES))[0]}`` {name}" for a, name in enumerate(ANIMAL_NAMES))
             + "; " + ", ".join(f"``{card_code(c)[1]}`` {name}" for c, name in enumerate(COLOUR_NAMES))
             + ". A line is one colour or one animal (:rule:`BF-LINE-3`) with no two identical cards "
             "(:rule:`BF-LINE-4`).")
    return CardsPage("bigfive", "the cards", intro, ("BF-DEAL-1", "BF-LINE-3", "BF-LINE-4"), tuple(entries))


def _bigpoints() -> CardsPage:
    from ruleproof.spec.bigpoints import (BLACK_DISCS, COLOUR_DISCS, COLOURS, DISC_COLOURS, LETTERS, RESERVE_DISCS,
                                          WHITE_DISCS)

    counts = {name: COLOUR_DISCS for name in COLOURS} | {"black": BLACK_DISCS, "white": WHITE_DISCS}
    roles = {
        "black": ("scores nothing; spent in a later turn than the one it was taken in, it buys an extra pawn "
                  "move", ("BP-BLACK-1", "BP-BLACK-2", "BP-EXTRA-1", "BP-SCORE-1")),
        "white": ("scores one point for each different colour other than white its owner holds, black included",
                  ("BP-SCORE-1",)),
    }
    entries = []
    for index, name in enumerate(DISC_COLOURS):
        letter = LETTERS[index]
        role, rules = roles.get(name, (
            f"scores the step of the ladder the {name} pawn reached; "
            f"{counted(RESERVE_DISCS, 'disc')} waits beside the ladder for the first pawn to arrive",
            ("BP-LADDER-2", "BP-SCORE-1")))
        entries.append(CardEntry(name, f"{name} disc ({letter})", (
            f"{counts[name]} in the box, written {letter} on the path", role), ("BP-TAKE-1", *rules)))
    intro = ("BigPoints has no cards: its pieces are wooden discs laid out as a path, and a pawn of each base "
             "colour (" + ", ".join(COLOURS) + "). A turn moves a pawn to the next disc of its colour and takes "
             "the nearest free disc ahead of or behind it (:rule:`BP-MOVE-2`, :rule:`BP-TAKE-1`).")
    return CardsPage("bigpoints", "the discs", intro, ("BP-MOVE-2", "BP-TAKE-1"), tuple(entries))


def _ikebana() -> CardsPage:
    from ruleproof.spec.ikebana import COLOUR_NAMES, COLOURS, FULL_DECK

    copies = Counter(FULL_DECK)
    entries = []
    for colour in COLOURS:
        for value in sorted({int(card[1]) for card in copies if card[0] == colour}):
            card = f"{colour}{value}"
            entries.append(CardEntry(card, card, (
                f"{COLOUR_NAMES[colour]} {value}, {counted(copies[card], 'copy', 'copies')} in the deck",
                f"bought from a discard pile for {counted(value, 'coin')}"), ("IK-BUY-2", "IK-SCORE-1")))
    intro = (f"The deck is {len(FULL_DECK)} Hanabi cards: a colour letter and a value (``R3`` is a red 3), "
             "colours " + ", ".join(f"``{c}`` {COLOUR_NAMES[c]}" for c in COLOURS) + ". A bouquet scores its "
             "values' combinations (:rule:`IK-SCORE-1`) times its colours' multiplier (:rule:`IK-SCORE-2`).")
    return CardsPage("ikebana", "the cards", intro, ("IK-SCORE-1", "IK-SCORE-2", "IK-BUY-2"), tuple(entries))


def _cinco() -> CardsPage:
    from ruleproof.spec.cinco import CELLS

    entries = tuple(CardEntry(str(card), str(card), (
        f"puts a chip on a free cell numbered {card} or higher ({counted(CELLS - card + 1, 'cell')} on an "
        "empty board)", "burns when no such cell is free"), ("CI-PLAY-3", "CI-PLAY-4"))
        for card in range(1, CELLS + 1))
    intro = (f"The deck has one card for each of the board's {CELLS} numbered cells. A card puts a chip on a "
             "free cell numbered at least the card's number (:rule:`CI-PLAY-2`, :rule:`CI-PLAY-3`); with none "
             "free it burns (:rule:`CI-PLAY-4`).")
    return CardsPage("cinco", "the cards", intro, ("CI-PLAY-2", "CI-PLAY-3", "CI-PLAY-4"), entries)


_PAGES: dict[str, Callable[[], CardsPage]] = {
    "take5": _take5, "bigfive": _bigfive, "bigpoints": _bigpoints, "ikebana": _ikebana, "cinco": _cinco}


def cards_page(game: str) -> CardsPage | None:
    """The card lookup of ``game`` (``None`` for a game without one)."""
    make = _PAGES.get(game)
    return make() if make is not None else None


def problems(page: CardsPage, rule_ids: Sequence[str]) -> list[str]:
    """Rules the page cites that the game does not have, and keys that are not unique.

    >>> problems(CardsPage("g", "cards", "", ("X-1",), (CardEntry("1", "1", (), ("X-2",)),) * 2), ["X-1"])
    ['g cards: unknown rule X-2', 'g cards: the key 1 is not unique']
    """
    known = set(rule_ids)
    cited = list(page.rules) + [r for e in page.entries for r in e.rules]
    found = [f"{page.game} cards: unknown rule {r}" for r in dict.fromkeys(cited) if r not in known]
    keys = Counter(e.key for e in page.entries)
    found += [f"{page.game} cards: the key {k} is not unique" for k, n in keys.items() if n > 1]
    return found


class CardDirective(SphinxDirective):
    """``.. rp-card-entry:: GAME KEY``: the anchor of a card's entry, registered for the search."""

    required_arguments = 2
    has_content = False

    def run(self) -> list[nodes.Node]:
        game, key = self.arguments
        node = nodes.inline("", "", ids=[anchor(game, key)], classes=["rp-anchor"])
        std: Any = self.env.domains.standard_domain if hasattr(self.env.domains, "standard_domain") \
            else self.env.get_domain("std")
        std.note_object(OBJECT_TYPE, search_name(game, key), anchor(game, key), location=node)
        return [nodes.paragraph("", "", node, classes=["rp-anchor-line"])]


def entries_rst(page: CardsPage, esc: Callable[[str], str], rule: Callable[[str], str]) -> list[dict[str, Any]]:
    """The entries as data for the template: key, label and one line of reST facts (rules linked)."""
    return [{"key": e.key, "label": esc(e.label),
             "text": "; ".join(esc(f) for f in e.facts) + "." + (
                 " " + ", ".join(rule(r) for r in e.rules) if e.rules else "")}
            for e in page.entries]
