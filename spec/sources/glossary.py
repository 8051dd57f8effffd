"""Each rulebook's own terms: the Russian word, our English, the passage that defines it, the rules that use it.

A :class:`Term` records the term as the text writes it (verbatim, in one of
the forms the text uses), our English for it, the passage that defines or
first explains it (verbatim, with our translation) and a pattern that finds
the term in its other forms (Russian inflects: «играемая группа»,
«играемую группу», «играемой группы» are one term). The rules and
ambiguities that use a term are found, not listed: those whose passages
or quote match the pattern (:func:`rules_using`).

>>> [t.english for t in glossary("bigfive")][:3]
['the played group', 'the starting card', 'the original group']
>>> "BF-LINE-2" in rules_using("bigfive", glossary("bigfive")[1])
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ruleproof.spec.registry import check_game_id


@dataclass(frozen=True)
class Term:
    """One term of a rulebook.

    :param russian: the term, verbatim as the text writes it somewhere.
    :param english: our English for it (the word the translations use).
    :param defines: the passage that defines or first explains it, verbatim.
    :param defines_english: our translation of that passage.
    :param pattern: a case-insensitive regular expression matching the term in
        every form the text uses (to find the rules that use it).
    :param note: what a reader should know (a false friend, a second sense).
    """

    russian: str
    english: str
    defines: str
    defines_english: str
    pattern: str
    note: str = ""

    @property
    def anchor(self) -> str:
        """The term's anchor on its glossary page (Latin letters from its English)."""
        return "term-" + re.sub(r"[^a-z0-9]+", "-", self.english.lower()).strip("-")


_GLOSSARY: dict[str, tuple[Term, ...]] = {
    "bigfive": (
        Term("играемая группа", "the played group",
             'За один ход игрок может сыграть одну группу карт (несколько карт, далее по тексту: "играемая группа")',
             'In one turn a player may play one group of cards (several cards, from here on in the text: "the played '
             'group")', r"играем\w* групп",
             "The cards a player lays out in one turn: one straight row or column (BF-LINE-1)."),
        Term("отправная карта", "the starting card",
             "к уже имеющейся на игровом поле карте (далее по тексту: \"отправная карта\")",
             'against a card already on the playing field (from here on in the text: "the starting card")',
             r"отправн\w* карт",
             "The old card the played group joins; the rules call it the anchor."),
        Term("исходная группа", "the original group",
             "Отправная карта, в свою очередь, уже находится в связке (по горизонтали и вертикали) с другими картами "
             "на игровом поле (далее по тексту такую связку мы будем называть \"исходная группа\").",
             "The starting card in its turn is already joined (horizontally and vertically) with other cards on the "
             "playing field (from here on in the text we shall call such a joining \"the original group\").",
             r"исходн\w* групп",
             "The line of old cards the starting card lies in."),
        Term("новая группа", "the new group",
             "Таким образом, играемая группа примыкает к исходной группе и создает в связке с ней еще большую группу "
             "(далее по тексту: \"новая группа\").",
             "In this way the played group adjoins the original group and, joined with it, creates a still larger "
             "group (from here on in the text: \"the new group\").",
             r"нов\w* групп",
             "The line the played cards form together with the old ones: at most five cards (BF-LINE-5), and what "
             "the bonuses count (BF-BONUS-1)."),
        Term("игровое поле", "the playing field",
             "от нее начинается формирование игрового пространства (далее по тексту: \"игровое поле\")",
             "from it the forming of the playing space begins (from here on in the text: \"the playing field\")",
             r"игров\w* пол[еяю]",
             "The cards on the table, growing from the first face-up card; the spec's board."),
        Term("Большая Пятёрка", "Big Five",
             "За новую группу в 5 карт (Большую Пятёрку) игрок может сбросить в коробку 2 карты.",
             "For a new group of 5 cards (a Big Five) the player may discard 2 cards into the box.",
             r"больш\w* пят[её]рк",
             "Both the game's name and a new group of five cards."),
        Term("отбой", "the discard pile",
             "он должен сбросить с руки в отбой 3 карты и взять из колоды 3 новых карты",
             "he must discard 3 cards from his hand to the discard pile and take 3 new cards from the deck",
             r"отбо[йяе]",
             "In the solitaire a pile of its own, emptied into the box by bonuses; the bonus section's "
             "«в коробку (в отбой)» uses it for the box itself."),
        Term("штрафных очков", "penalty points",
             "проигравшие игроки подсчитывают количество оставшихся у них карт и записывают его себе в качестве "
             "штрафных очков",
             "the losing players count the number of cards they have left and write it down for themselves as "
             "penalty points",
             r"штрафн\w* оч",
             "The text uses the term only in the plural genitive shown; the fewest win (BF-WIN-1)."),
    ),
    "take5": (
        Term("бычья стопка", "the bull pile",
             'Эти карты кладутся лицом вниз в стопку, которая называется "бычья стопка".',
             'These cards are put face down in a pile that is called the "bull pile".',
             r"бычь\w* стопк|стопк\w* быков|куч\w* быков",
             "A player's penalty pile; also «стопку быков» and «кучу быков» (heap of bulls)."),
        Term("бычью голову", "bull's head",
             "Помимо ранга карты, каждая карта также имеет значение штрафного очка, проиллюстрированное рядом бычьих "
             "голов.",
             "Besides the card's rank, every card also has a penalty-point value, illustrated by a row of bulls' "
             "heads.",
             r"бычь\w* голов",
             "A card's penalty points (1, 2, 3, 5 or 7; the values are the publisher's, T5-SCORE-1)."),
        Term("фокус", "trick",
             'Во время каждого "фокуса" игроки выбирают карты из своей руки',
             'During each "trick" the players choose cards from their hand',
             r"фокус",
             "Machine translation of the card-game “trick”: one turn in which every player plays one card."),
        Term("расклад", "the spread",
             "Игрок с самой младшей картой помещает ее в растущий расклад в центре стола.",
             "The player with the lowest card puts it into the growing spread in the centre of the table.",
             r"расклад",
             "The four rows on the table (a «МАКЕТ», mock-up, in one heading)."),
        Term("ряд", "row",
             "Карты добавляются в ряды в порядке возрастания слева направо, начиная с исходных четырех карт.",
             "Cards are added to the rows in ascending order from left to right, beginning with the initial four "
             "cards.",
             r"\bряд(?!ом)\w*",
             "One of the four lines of cards; full at five (T5-SIX-1)."),
        Term("ранг", "rank",
             "Колода Take 5 состоит из 104 карт с рангом от 1 до 104.",
             "The Take 5 deck consists of 104 cards with a rank from 1 to 104.",
             r"ранг",
             "A card's number, which orders the cards; not its penalty points."),
        Term("слишком низкая", "too low",
             "Когда игрок открывает карту, которую нельзя сыграть ни в одном ряду, потому что она слишком низкая",
             "When a player reveals a card that cannot be played in any row because it is too low",
             r"низк\w*",
             "Lower than the last card of every row (T5-LOW-1)."),
    ),
    "bigpoints": (
        Term("жетон", "disc",
             "60 деревянных жетонов (10 голубых, красных, желтых, зеленых, фиолетовых и по 5 черных и белых)",
             "60 wooden discs (10 light-blue, red, yellow, green, purple, and 5 each of black and white)",
             r"жетон",
             "The tokens of the path; what players collect and score."),
        Term("фишка", "pawn",
             "Игроки передвигают любую фишку на следующий жетон такого же, как и фишка, цвета.",
             "The players move any pawn to the next disc of the same colour as the pawn.",
             r"фишк|фишек",
             "Five pawns, one of each base colour; nobody owns one."),
        Term("лестница", "the ladder",
             "Стоимость собранных жетонов определяется лестницей",
             "The value of the collected discs is set by the ladder",
             r"лестниц",
             "The winner's podium of five steps; a pawn's step sets what its colour's discs score."),
        Term("ступеньки", "step",
             "Она ставится на самую верхнюю свободную ступеньку.",
             "It is placed on the highest free step.",
             r"ступеньк",
             "A place on the ladder; worth 4, 3, 2, 1, 0 from the top (RULES-NOTES.md)."),
        Term("черный жетон", "black disc",
             "Любой полученный черный жетон может быть использован в процессе игры для дополнительного хода:",
             "Any black disc received may be used during the game for an extra move:",
             r"черн\w* жетон",
             "Pays for one extra move; scores nothing."),
        Term("дополнительный ход", "the extra move",
             "Игрок может использовать черный жетон, чтобы передвинуть ещё одну фишку после своего первого хода.",
             "A player may use a black disc to move one more pawn after his first move.",
             r"дополнительн\w* ход",
             "The only move that may go backwards (BP-BACK-1)."),
        Term("основных цветов", "base colours",
             "Положите по одному жетону каждого из 5 основных цветов (голубой, красный, желтый, зеленый и "
             "фиолетовый) возле лестницы.",
             "Put one disc of each of the 5 base colours (light blue, red, yellow, green and purple) beside the "
             "ladder.",
             r"основн\w* цвет",
             "The pawns' colours; black and white are not among them."),
    ),
    "ikebana": (
        Term("букет", "bouquet",
             "Общая сумма набранных очков увеличивается, если в букете присутствуют следующие цветовые наборы:",
             "The total of the points scored is increased if the following colour sets are present in the bouquet:",
             r"букет|набор из (?:5|пяти) карт",
             "A player's five cards at the end of a round; also «набор из 5 карт» (a set of 5 cards)."),
        Term("номинал", "value",
             "с номиналами: 1, 1, 1, 2, 2, 3, 3, 4, 4, 5",
             "with the values: 1, 1, 1, 2, 2, 3, 3, 4, 4, 5",
             r"номинал",
             "A card's number (1 to 5); also a coin's worth (face value)."),
        Term("выигрышной комбинации", "winning combination",
             "Внимание: каждая карта может участвовать только в одной выигрышной комбинации.",
             "Note: each card may take part in only one winning combination.",
             r"комбинаци",
             "A scoring group of values: two to five of a kind, or a run."),
        Term("цветовые наборы", "colour sets",
             "Общая сумма набранных очков увеличивается, если в букете присутствуют следующие цветовые наборы:",
             "The total of the points scored is increased if the following colour sets are present in the bouquet:",
             r"цветов\w* набор",
             "How many colours the bouquet shows: they multiply the combinations' points."),
        Term("личная стопка сброса", "personal discard pile",
             "Перед каждым игроком образуется личная стопка сброса.",
             "In front of each player a personal discard pile forms.",
             r"стоп\w* сброса",
             "Refused cards, face up; its top card may be bought by the others."),
        Term("отказ", "refusal",
             "при отказе от первой карты игрок должен отдать монетку номиналом 1 очко игроку слева от него",
             "on refusing the first card the player must give a coin of face value 1 point to the player on his "
             "left",
             r"отказ|не подходит",
             "Discarding a drawn card to draw again, for a rising payment."),
        Term("банк", "the bank",
             "Оставшиеся монетки образуют своеобразный банк.",
             "The remaining coins form a kind of bank.",
             r"банк",
             "Pays the players' scores; unlimited by default (IK-AMB-1)."),
    ),
    "cinco": (
        Term("ПОЛЕ", "the board",
             "В состав игры входит игровое ПОЛЕ, 35 ФИШЕК каждого цвета, КОЛОДА из 90 карт, пронумерованных от 1 "
             "до 90.",
             "The game includes a playing BOARD, 35 CHIPS of each colour, a DECK of 90 cards numbered from 1 to 90.",
             r"\bпол[еяю]\b|\bполей\b",
             "Also one numbered place of the board («поле 90»), which the text elsewhere calls «место»."),
        Term("место", "cell",
             "поместить одну из своих фишек на любое незанятое на поле место, которое имеет номер РАВНЫЙ ИЛИ "
             "БОЛЬШИЙ, чем число на карте.",
             "put one of one's chips on any unoccupied place on the board that has a number EQUAL TO OR GREATER "
             "than the number on the card.",
             r"\bмест",
             "A numbered place of the board for one chip."),
        Term("ФИШЕК", "chips",
             "Каждый игрок (или команда, далее - игрок) получает все фишки своего цвета.",
             "Each player (or team, from here on: player) gets all the chips of his colour.",
             r"фиш",
             "35 of each colour; a team shares its colour's chips."),
        Term("колоду обмена и добора", "the deck for exchanging and drawing",
             "Оставшиеся карты образуют колоду обмена и добора.",
             "The remaining cards form the deck for exchanging and drawing.",
             r"колод",
             "Cards numbered 1 to 90 not in a hand; refilled from the discards (CI-DECK-1)."),
        Term("сгорает", "burns",
             'В этом случае карта "сгорает", фишку размещать негде, фишка остается у игрока',
             'In that case the card "burns": there is nowhere to put the chip, the chip stays with the player',
             r"сгора",
             "A card played with no free cell at or above it places nothing (CI-PLAY-4)."),
        Term("команды", "teams",
             "В случае 4х или 6ти игроков - игроки разбиваются на команды по 2 или 3 человека",
             "In the case of 4 or 6 players, the players split into teams of 2 or 3 people",
             r"команд",
             "Players sharing a colour, seated alternately; the text then calls a team a player."),
        Term("непрерывный прямой ряд", "unbroken straight line",
             "Как только игрок составляет непрерывный прямой ряд из пяти фишек своего цвета - он побеждает",
             "As soon as a player makes an unbroken straight line of five chips of his colour, he wins",
             r"прям\w* ряд",
             "Five chips of one colour in a line of the board's directions (CI-WIN-1)."),
        Term("ДЖОКЕР", "joker",
             "то карты 89 и 90 после этого становятся ДЖОКЕРАМИ",
             "then the cards 89 and 90 become JOKERS after that",
             r"джокер",
             "In the Joker variant, a card with no free cell at or above it may take any free cell."),
    ),
}


def glossary(game: str) -> tuple[Term, ...]:
    """The terms of ``game``'s rulebook, in the order a reader meets them."""
    check_game_id(game)
    return _GLOSSARY.get(game, ())


def rules_using(game: str, term: Term) -> tuple[str, ...]:
    """The rules and ambiguities of ``game`` whose passages (or own quote) use ``term``, in spec order."""
    from ruleproof.spec.sources import items, source_book

    book = source_book(game)
    pattern = re.compile(term.pattern, re.IGNORECASE)
    found = []
    for item in items(game):
        texts = [c.text for c in book.cites(item.id) if c.origin == "rulebook"] + ([item.quote] if item.quote else [])
        if any(pattern.search(text) for text in texts):
            found.append(item.id)
    return tuple(found)
