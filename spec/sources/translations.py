"""Our English translation of every Russian passage the specification quotes.

A reader with no Russian checks a rule's restatement against the rulebook
through these translations, so they are literal rather than elegant: the
same clauses in the same order, the rulebook's terms kept as terms (the
glossary gives them), its mistakes kept and named. Where the Russian is a
machine translation or loose, a *translator's note* says so and gives the
sense (Take 5's text was machine-translated from English: «СПЕКТАКЛЬ» is
"gameplay", «фокус» is a "trick" in the card-game sense).

Each game's translations live beside its passages, in
``ruleproof.spec.sources.<game>_en`` (a :data:`TRANSLATIONS` table of
:class:`Translation` records), keyed by the Russian text exactly as it is
recorded (compared with whitespace normalised, as passages are). Every
Russian text the specification shows needs one (:func:`russian_texts`):
each rule's and ambiguity's passages, each ambiguity's own quote (its
elisions ``…`` kept), each rule constant's quote (a constant marked
``(paraphrase)`` is already English) and each section heading. Passages quoted from ``RULES-NOTES.md`` are English already.

>>> t = translation("take5", "СПЕКТАКЛЬ")
>>> t.english
'PERFORMANCE'
>>> "Gameplay" in t.note
True
>>> translation("take5", "Нет такого текста") is None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from ruleproof.spec.sources import normalise, source_book

#: A marker at the start of a rule constant's quote that is our own English, not a quotation.
PARAPHRASE = "(paraphrase)"

Use = Literal["heading", "passage", "quote", "constant"]


@dataclass(frozen=True)
class Translation:
    """One Russian text and our English for it.

    :param russian: the text exactly as the data records it (the key).
    :param english: a literal translation, our own words.
    :param note: the translator's note: where the Russian is a machine
        translation, ungrammatical, or says less or more than it seems to
        (empty when there is nothing to say).
    """

    russian: str
    english: str
    note: str = ""

    def __post_init__(self) -> None:
        if not self.russian.strip() or not self.english.strip():
            raise ValueError(f"a translation needs both texts: {self.russian!r} → {self.english!r}")


def en(russian: str, english: str, note: str = "") -> Translation:
    """Shorthand for :class:`Translation` in the data modules."""
    return Translation(russian, english, note)


def table(*translations: Translation) -> Mapping[str, Translation]:
    """The translations keyed by their whitespace-normalised Russian (a text given twice is an error)."""
    out: dict[str, Translation] = {}
    for item in translations:
        key = normalise(item.russian)
        if key in out:
            raise ValueError(f"translated twice: {item.russian!r}")
        out[key] = item
    return out


def translations(game: str) -> Mapping[str, Translation]:
    """The translation table of ``game`` (``ruleproof.spec.sources.<game>_en``)."""
    source_book(game)  # refuses an unknown game id
    found: Mapping[str, Translation] = importlib.import_module(f"ruleproof.spec.sources.{game}_en").TRANSLATIONS
    return found


def translation(game: str, russian: str) -> Translation | None:
    """Our translation of ``russian`` (whitespace-normalised lookup), or ``None``."""
    return translations(game).get(normalise(russian))


def russian_texts(game: str) -> dict[str, tuple[tuple[Use, str], ...]]:
    """Every Russian text of ``game`` that the docs show, with where each is used: ``(use, id)`` pairs.

    ``use`` is ``heading`` (a section heading or subheading), ``passage`` (a
    rule's or ambiguity's passage from the rulebook), ``quote`` (an
    ambiguity's own quote) or ``constant`` (a rule constant's quote). Keys
    are the texts as recorded. (A glossary term carries its own English:
    :mod:`ruleproof.spec.sources.glossary`.)
    """
    from ruleproof.spec.sources import items

    book = source_book(game)
    found: dict[str, list[tuple[Use, str]]] = {}
    keys: dict[str, str] = {}

    def add(text: str, use: Use, ident: str) -> None:
        key = keys.setdefault(normalise(text), text)
        found.setdefault(key, []).append((use, ident))

    for heading in (*book.headings, *book.subheadings):
        add(heading, "heading", heading)
    for item in items(game):
        for cite in book.cites(item.id):
            if cite.origin == "rulebook":
                add(cite.text, "passage", item.id)
        if item.quote:
            add(item.quote, "quote", item.id)
    for constant in _constants(game):
        if not constant[1].startswith(PARAPHRASE):
            add(constant[1], "constant", constant[0])
    return {text: tuple(uses) for text, uses in found.items()}


def _constants(game: str) -> Iterable[tuple[str, str]]:
    module = importlib.import_module(f"ruleproof.spec.{game}")
    return [(c.name, c.quote) for c in module.CONSTANTS]


def missing(game: str) -> tuple[str, ...]:
    """The Russian texts of ``game`` that have no translation."""
    table_ = translations(game)
    return tuple(text for text in russian_texts(game) if normalise(text) not in table_)


def stale(game: str) -> tuple[str, ...]:
    """The translations of ``game`` whose Russian the data no longer shows."""
    shown = {normalise(t) for t in russian_texts(game)}
    return tuple(t.russian for key, t in translations(game).items() if key not in shown)
