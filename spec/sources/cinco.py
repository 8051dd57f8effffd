"""Cinco: the rulebook passage of every rule, and why the other paragraphs need none.

The quotations are citations of ``004_236555ab6940bf96.txt`` (compared with
whitespace normalised, see :mod:`ruleproof.spec.sources`); ambiguities not
listed here cite their own :attr:`~ruleproof.spec.core.Ambiguity.quote`.
The text separates paragraphs by blank lines. The player-count line is a
section heading because the rules cite it as one.

>>> BOOK.cites("CI-PLAY-4")[1].section
'Ход игры'
"""

from __future__ import annotations

from ruleproof.spec.sources import SourceBook, Why, book_of, justify, justify_sentence, quote

RULEBOOK = "004_236555ab6940bf96.txt"
_TESTS = "tests/spec/test_cinco.py"

HEADINGS = (
    "Игра для двух-шести игроков.",
    "Подготовка к игре",
    "Ход игры",
    "Конец игры",
    "Особые случаи",
    "Вариант ДЖОКЕР",
)

_DRAW = "В таком случае исход игры - ничья."

PASSAGES = {
    "CI-SETUP-1": (
        quote("Игра для двух-шести игроков."),
        quote("В случае 4х или 6ти игроков - игроки разбиваются на команды по 2 или 3 человека",
              "Игра для двух-шести игроков."),
    ),
    "CI-TURN-1": (
        quote("Игроки ходят по кругу."),
        quote("Каждому игроку выдается по 4 карты в закрытую.", "Подготовка к игре"),
    ),
    "CI-DEAL-1": quote("Колода тасуется. Каждому игроку выдается по 4 карты в закрытую. Оставшиеся карты образуют "
                       "колоду обмена и добора."),
    "CI-DEAL-2": quote("Каждому игроку выдается по 4 карты в закрытую."),
    "CI-DECK-1": quote("Также может оказаться, что до конца игры будет использована вся колода карт, тогда все "
                       "сброшенные ранее игроками карты тасуются и образуют новую колоду."),
    "CI-HAND-1": (
        quote("можно взять из колоды одну карту, при этом на руке может быть не более 4 карт, то есть при наличии 4 "
              "карт еще одну взять нельзя."),
        quote("Если карт в руке нет совсем, игрок обязан тянуть карту из колоды.", "Ход игры"),
    ),
    "CI-HAND-2": (
        quote("Зато если на руках игрока 4 карты, которые он считает бесполезными на текущий момент, он может их все "
              "разом (обязательно все 4) поменять на новые 4 карты."),
        quote("Имея в руке 4 карты (как, например, в начале игры), игрок обязан либо сыграть одну из карт, либо "
              "поменять все 4.", "Ход игры"),
    ),
    "CI-HAND-3": quote("1). ВЫТЯНУТЬ КАРТУ: можно взять из колоды одну карту"),
    "CI-HAND-4": quote("Старые карты уходят в сброс. После любого из этих действий ход считается завершенным."),
    "CI-PLAY-1": quote("2). СЫГРАТЬ КАРТУ: можно сыграть одну карту"),
    "CI-PLAY-2": quote("на любое незанятое на поле место"),
    "CI-PLAY-3": (
        quote("поместить одну из своих фишек на любое незанятое на поле место, которое имеет номер РАВНЫЙ ИЛИ "
              "БОЛЬШИЙ, чем число на карте."),
        quote("В случае если при игре карты нет мест для размещения фишки, ей может быть занято ЛЮБОЕ свободное "
              "место на поле.", "Вариант ДЖОКЕР"),
    ),
    "CI-PLAY-4": (
        quote("Может случиться так, что в момент, когда игрок играет карту, на поле не остается мест, которые "
              "возможно занять."),
        quote('В этом случае карта "сгорает", фишку размещать негде, фишка остается у игрока (исключение - вариант '
              "ДЖОКЕР, см. ниже).", "Ход игры"),
    ),
    "CI-PLAY-5": quote("Каждый игрок (или команда, далее - игрок) получает все фишки своего цвета."),
    # The flag narrows the text's free choice between drawing and playing.
    "CI-PLAY-7": quote("У игрока есть два возможных варианта в свой ход."),
    "CI-PLAY-6": quote("Каждый игрок сбрасывает сыгранные карты в свою отдельную закрытую стопку."),
    "CI-TEAM-1": (
        quote("В случае 4х или 6ти игроков - игроки разбиваются на команды по 2 или 3 человека, причем игроки разных "
              "команд садятся по кругу через одного, чтобы команды ходили по очереди."),
        quote("35 ФИШЕК каждого цвета", "Игра для двух-шести игроков."),
    ),
    "CI-WIN-1": (
        quote("Как только игрок составляет непрерывный прямой ряд из пяти фишек своего цвета - он побеждает и игра "
              "считается завершенной."),
        quote("старается выложить на поле непрерывный прямой ряд из пяти фишек своего цвета",
              "Игра для двух-шести игроков."),
    ),
    "CI-END-1": quote("Теоретически, игрок до конца игры может использовать все свои фишки. " + _DRAW),
    # The text is silent on a full board and on a position without moves; it names only this draw.
    "CI-END-2": quote(_DRAW),
    "CI-END-3": quote(_DRAW),
    "CI-TURN-2": (
        quote("Игроки ходят по кругу."),
        quote("После любого из этих действий ход считается завершенным.", "Ход игры"),
    ),
    "CI-OUT-1": quote("он побеждает и игра считается завершенной"),
    # CI-AMB-4: the burning sentence (its own section, § Ход игры), then the Joker rule it offers instead.
    "CI-AMB-4": (
        quote('В этом случае карта "сгорает"'),
        quote("В случае если при игре карты нет мест для размещения фишки, ей может быть занято ЛЮБОЕ "
              "свободное место на поле.", "Вариант ДЖОКЕР"),
    ),
}

BOOK: SourceBook = book_of(
    justify(1, Why.PUBLISHER, "СИНКО - ПЯТЬ!", "the game's title line"),
    justify(17, Why.FLAVOUR, "Наслаждайтесь!", "a closing wish, signed by the translator"),
    justify_sentence(9, Why.EXAMPLE, "Например, если игрок играет карту 34", "the card 34 may take any free cell "
                     "from 34 to 90", test=f"{_TESTS}::test_cell_at_or_above_card"),
    justify_sentence(10, Why.EXAMPLE, 'Например, первый игрок играет карту "60"', "the card 60 takes cell 90 ...",
                     test=f"{_TESTS}::test_card_burns_without_free_cell"),
    justify_sentence(10, Why.EXAMPLE, 'Второй игрок играет карту "90"', "... so the card 90 finds no cell",
                     test=f"{_TESTS}::test_card_burns_without_free_cell"),
    justify_sentence(14, Why.FLAVOUR, "Особые случаи относительно редки.", "a remark that the special cases are rare"),
    justify_sentence(16, Why.FLAVOUR, "Тепло принятый вариант", "a remark that players like the Joker variant"),
    justify_sentence(16, Why.EXAMPLE, "Например, если в течение игры картой 56", "cards 89 and 90 become jokers "
                     "once cells 89 and 90 are taken", test=f"{_TESTS}::test_joker_variant"),
    game="cinco",
    rulebook=RULEBOOK,
    headings=HEADINGS,
    passages=PASSAGES,
)
