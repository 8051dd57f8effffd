"""The infobox of a game: designer, publisher, year, players, age, playing time, each with its source.

Every fact cites where it comes from: a sentence of the rulebook (quoted
verbatim and linked to its paragraph in the source view), the table of
``rulebooks/README.md`` (quoted), or nothing, in which case the box says the
sources do not state it instead of guessing. The quotes are checked against
the texts at build time (:func:`problems`): a quote that is not in its source
is a build warning, so a fact never outlives the sentence it rests on.

>>> [f.label for f in FACTS["take5"]][:3]
['Designer', 'Publisher', 'Year']
>>> Fact("Age", "8+", "rulebook", "от 8 лет").source_label
'rulebook'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: The README beside the rulebooks (one row of publisher facts per game).
README = "README.md"


@dataclass(frozen=True)
class Fact:
    """One line of an infobox.

    :param label: what the fact is ("Designer").
    :param value: the fact in English ("Reiner Knizia"); empty when the sources do not state it.
    :param source: ``"rulebook"``, ``"readme"`` (``rulebooks/README.md``) or ``""`` (not stated).
    :param quote: the exact words of the source the fact rests on (checked at build time).
    """

    label: str
    value: str
    source: str = ""
    quote: str = ""

    @property
    def source_label(self) -> str:
        """How the source is named on the page."""
        return {"rulebook": "rulebook", "readme": "rulebooks/README.md"}.get(self.source, "")


def _readme(game_row: str) -> Callable[[str, str], Fact]:
    def fact(label: str, value: str) -> Fact:
        return Fact(label, value, "readme", game_row)
    return fact


_BF = _readme('card-laying game by Reiner Knizia (Amigo, 2011, "Gib mir 5!"); 1–4 players in the original')
_BP = _readme("by Brigitte and Wolfgang Ditt (Schmidt Spiele, 2008), 2–5 players")
_T5 = _readme("by Wolfgang Kramer (Amigo, 1994), 2–10 players; this text is a machine translation")
_IK = _readme("by Antoine Bauza (Les XII Singes, 2010), 2–5 players")
_CI = _readme("franjos Spieleverlag, 2010, remake of *5ive Straight* (1958), 2–6 players")

#: The facts of each game, in the order the box shows them.
FACTS: dict[str, tuple[Fact, ...]] = {
    "bigfive": (
        _BF("Designer", "Reiner Knizia"),
        _BF("Publisher", "Amigo"),
        _BF("Year", "2011"),
        _BF("Original title", "Gib mir 5!"),
        _BF("Players", "1–4 (the rulebook itself names no count; it has a solitaire; five with the allow_five flag)"),
        Fact("Age", ""),
        Fact("Playing time", ""),
        Fact("Components", "100 cards", "rulebook", "В набор входит 100 карт"),
    ),
    "bigpoints": (
        Fact("Designer", "Brigitte and Wolfgang Ditt", "rulebook", "от Brigitte и Wolfgang Ditt"),
        _BP("Publisher", "Schmidt Spiele"),
        _BP("Year", "2008"),
        Fact("Players", "2–5", "rulebook", "для 2-5 игроков"),
        Fact("Age", "8 and up", "rulebook", "старше 8 лет"),
        Fact("Playing time", ""),
        Fact("Components", "60 wooden discs, 5 pawns, 1 ladder", "rulebook",
             "60 деревянных жетонов (10 голубых, красных, желтых, зеленых, фиолетовых и по 5 черных и белых) "
             "5 фишек разных цветов: голубого, красного, желтого, зеленого и фиолетового 1 лестница"),
    ),
    "take5": (
        _T5("Designer", "Wolfgang Kramer"),
        _T5("Publisher", "Amigo"),
        _T5("Year", "1994"),
        Fact("Original title", "6 nimmt!", "rulebook", "Take 5, первоначально опубликованная под названием 6 NIMMT"),
        Fact("Players", "2–10", "rulebook", "КОЛИЧЕСТВО ИГРОКОВ: 2 - 10 игроков"),
        Fact("Age", "8 and up", "rulebook", "АУДИТОРИЯ: Возраст от 8 лет и старше"),
        Fact("Playing time", ""),
        Fact("Components", "104 cards", "rulebook", "КОЛИЧЕСТВО КАРТ: 104 карты"),
        _T5("Translation", "the Russian text is a machine translation"),
    ),
    "ikebana": (
        _IK("Designer", "Antoine Bauza"),
        _IK("Publisher", "Les XII Singes"),
        _IK("Year", "2010"),
        Fact("Players", "2–5 (up to 5 in the rulebook)", "rulebook", "Каждый игрок (их может быть до 5 человек)"),
        Fact("Age", ""),
        Fact("Playing time", ""),
        Fact("Components", "50 Hanabi cards and scoring chips", "rulebook",
             "50 карт пяти цветов из набора"),
    ),
    "cinco": (
        Fact("Designer", ""),
        _CI("Publisher", "franjos Spieleverlag"),
        _CI("Year", "2010"),
        _CI("Remake of", "5ive Straight (1958)"),
        Fact("Players", "2–6", "rulebook", "Игра для двух-шести игроков."),
        Fact("Age", ""),
        Fact("Playing time", ""),
        Fact("Components", "a board, 35 chips of each colour, 90 cards numbered 1 to 90", "rulebook",
             "В состав игры входит игровое ПОЛЕ, 35 ФИШЕК каждого цвета, КОЛОДА из 90 карт, "
             "пронумерованных от 1 до 90."),
    ),
}


def _flat(text: str) -> str:
    return " ".join(text.split())


def problems(game: str, rulebook_text: str, readme_text: str) -> list[str]:
    """Why the infobox of ``game`` cannot be trusted: a game without facts, a quote not in its source.

    >>> problems("take5", "КОЛИЧЕСТВО ИГРОКОВ: 2 - 10 игроков", "")[0]
    "take5 infobox: Designer: the quote 'by Wolfgang Kramer (Amigo, 1994), 2–10 players; this text is a machine translation' is not in rulebooks/README.md"
    >>> problems("chess", "", "")
    ['chess has no infobox facts (docs/_ext/ruleproof_docs/infobox.py)']
    """
    facts = FACTS.get(game)
    if not facts:
        return [f"{game} has no infobox facts (docs/_ext/ruleproof_docs/infobox.py)"]
    found = []
    texts = {"rulebook": _flat(rulebook_text), "readme": _flat(readme_text)}
    for fact in facts:
        if fact.source and _flat(fact.quote) not in texts[fact.source]:
            found.append(f"{game} infobox: {fact.label}: the quote {fact.quote!r} is not in {fact.source_label}")
        if bool(fact.value) != bool(fact.source):
            found.append(f"{game} infobox: {fact.label}: a stated fact needs a source, an unstated one none")
    return found


def rows(game: str, paragraph_of: Callable[[str], int | None], esc: Callable[[str], str]
         ) -> tuple[list[list[str]], list[str]]:
    """The infobox as reST: table rows (fact, value with its source's number) and the numbered sources.

    Facts that rest on the same words share one source number.

    :param paragraph_of: the number of the rulebook paragraph that holds a quote (``None`` when none does).
    :param esc: the reST escape for running text.
    """
    table: list[list[str]] = []
    cited: dict[tuple[str, str], int] = {}
    sources: list[str] = []
    for fact in FACTS.get(game, ()):
        if not fact.value:
            table.append([esc(fact.label), "*not stated* in the rulebook or ``rulebooks/README.md``"])
            continue
        key = (fact.source, _flat(fact.quote))
        if key not in cited:
            cited[key] = len(sources) + 1
            if fact.source == "rulebook":
                number = paragraph_of(fact.quote)
                where = f":ref:`rulebook ¶ {number} <src-{game}-{number}>`" if number is not None else "the rulebook"
                sources.append(f"{where}: «{esc(_flat(fact.quote))}»")
            else:
                sources.append(f"``rulebooks/README.md``, the row of this game: “{esc(_flat(fact.quote))}”")
        table.append([esc(fact.label), f"{esc(fact.value)} :sup:`{cited[key]}`"])
    return table, sources


def infobox(game: str, coverage_entries: Sequence[Any]) -> tuple[str, list[str]]:
    """The infobox of ``game`` as reST, and the :func:`problems` with its quotes."""
    from ruleproof.spec import sources
    from ruleproof.spec.registry import spec_for

    from .rst import esc, render

    def paragraph_of(quote: str) -> int | None:
        wanted = _flat(quote)
        for entry in coverage_entries:
            if wanted in _flat(entry.paragraph.text):
                return int(entry.paragraph.number)
        return None

    found = problems(game, sources.read_text(spec_for(game).rulebook), sources.read_text(README))
    table, cited = rows(game, paragraph_of, esc)
    return render("infobox.rst.jinja", rows=table, sources=cited), found
