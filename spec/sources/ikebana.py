"""Ikebana with Hanabi cards: the rulebook passage of every rule, and why the other paragraphs need none.

The quotations are citations of ``003_cc6896382a889cb1.txt`` (compared with
whitespace normalised, see :mod:`ruleproof.spec.sources`: the text's
no-break spaces count as spaces); ambiguities not listed here cite their own
:attr:`~ruleproof.spec.core.Ambiguity.quote`. The text separates paragraphs
by blank lines; the scoring tables are one paragraph each.

>>> BOOK.cites("IK-START-1")[0].origin
'notes'
"""

from __future__ import annotations

from ruleproof.spec.sources import SourceBook, Why, book_of, justify, justify_sentence, notes, quote

RULEBOOK = "003_cc6896382a889cb1.txt"
_TESTS = "tests/spec/test_ikebana.py"

HEADINGS = (
    "Вам понадобится",
    "Цель.",
    "Подготовка.",
    "Как играть.",
    "Конец раунда.",
    "Как считаются очки.",
)
SUBHEADINGS = ("Правила",)

PASSAGES = {
    "IK-SETUP-1": (
        quote("Каждый игрок (их может быть до 5 человек)"),
        quote("Если играют двое, монетки всегда отдаются оппоненту.", "Как играть."),
    ),
    "IK-SETUP-2": (
        quote("Карты перемешиваются и кладутся стопкой в середину стола, рубашкой вверх. Каждый игрок (их может быть "
              "до 5 человек) получает по 6 монеток (каждая номиналом 1 очко)."),
        quote("50 карт пяти цветов из набора «Ханаби»: карты красного, зеленого, желтого, синего и белого цвета с "
              "номиналами: 1, 1, 1, 2, 2, 3, 3, 4, 4, 5", "Вам понадобится"),
    ),
    "IK-TURN-1": quote("В свой ход игрок выбирает одно из двух возможных действий:"),
    "IK-TURN-2": (
        quote("В свой ход игрок выбирает одно из двух возможных действий:"),
        quote("1. Взять верхнюю карту из колоды.", "Как играть."),
        quote("2. Взять карту из стопки сброса.", "Как играть."),
    ),
    "IK-DRAW-1": quote("Взять верхнюю карту из колоды."),
    "IK-DRAW-2": quote("Взять верхнюю карту из колоды."),
    "IK-DRAW-3": quote("Если карта подходит игроку, он оставляет ее себе. Если не подходит, игрок может сбросить "
                       "карту в личную стопку сброса и взять новую из общей колоды."),
    "IK-DECK-1": quote("Внимание: если карты в колоде закончились до окончания раунда, нужно взять карты из личных "
                       "стопок сброса (все, кроме верхней), перемешать, положить в центр стола – это и будет новая "
                       "колода."),
    "IK-DECK-2": quote("если карты в колоде закончились до окончания раунда"),
    "IK-KEEP-1": quote("Если карта подходит игроку, он оставляет ее себе."),
    "IK-REFUSE-1": (
        quote("при отказе от первой карты игрок должен отдать монетку номиналом 1 очко игроку слева от него"),
        quote("при отказе от второй карты игрок должен отдать монетки номиналом (т.е. 2 очка)", "Как играть."),
        quote("при отказе от третьей карты игрок отдает 3 очка следующему оппоненту и так далее, пока не найдет "
              "подходящую карту или пока у него не закончатся монетки", "Как играть."),
    ),
    "IK-REFUSE-2": (
        quote("самому себе игрок не может отдавать монетки, т.е. если по кругу очередь дошла до играющего, он "
              "просто пропускает себя и монетки передает снова соседу слева. Если играют двое, монетки всегда "
              "отдаются оппоненту."),
        quote("следующему игроку по часовой стрелке (второй игрок слева)", "Как играть."),
    ),
    "IK-REFUSE-3": (
        quote("игрок может сбросить карту в личную стопку сброса и взять новую из общей колоды"),
        quote("Перед каждым игроком образуется личная стопка сброса. Сброшенные карты лежат рубашкой вниз, так что "
              "все игроки могут видеть цвет и номинал последней сброшенной карты.", "Как играть."),
    ),
    "IK-BUY-1": (
        quote("В свой ход игрок может купить одну из верхних карт в стопках сброса своих оппонентов."),
        quote("При этом из своей стопки сброса карты покупать нельзя.", "Как играть."),
    ),
    "IK-BUY-2": quote("Стоимость такой карты равна ее номиналу (например, карта с цифрой «4» стоит 4 очка)."),
    "IK-BUY-3": quote("Плата за карту уходит владельцу стопки сброса."),
    "IK-ORDER-1": quote("В каждом раунде игроки собирают набор из 5 карт и зарабатывают очки."),
    "IK-STALL-1": quote("Раунд заканчивается, когда каждый игрок собирает в руке по 5 карт."),
    "IK-ROUND-1": quote("Раунд заканчивается, когда каждый игрок собирает в руке по 5 карт. После этого карты "
                        "вскрываются, и начинается подсчет очков."),
    "IK-SCORE-1": (
        quote("Внимание: каждая карта может участвовать только в одной выигрышной комбинации. Выигрышные "
              "комбинации:"),
        quote("Две карты одного номинала = Номинал карт х 2 Три карты одного номинала = Номинал карт х 3 Четыре карты "
              "одного номинала = Номинал карт х 4 Пять карт одного номинала = Номинал карт х 5", "Как считаются очки."),
        quote("Ряд карт с номиналом 1,2,3,4 = 8 очков Ряд карт с номиналом 2,3,4,5 = 12 очков Ряд карт с номиналом "
              "1,2,3,4,5 = 15 очков", "Как считаются очки."),
        quote("Собрать набор из пяти карт, которые образуют выигрышные комбинации номиналов и цветов.", "Цель."),
    ),
    "IK-SCORE-2": (
        quote("Общая сумма набранных очков увеличивается, если в букете присутствуют следующие цветовые наборы:"),
        quote("Все карты только двух цветов = сумма х 2 Все карты разного цвета = сумма х 3 Все карты одного цвета = "
              "сумма х 4 Иные цветовые наборы не считаются.", "Как считаются очки."),
    ),
    "IK-PAY-1": (
        quote("После подсчета очков и получения монет"),
        quote("За каждую такую комбинацию игроки получают монетки в соответствии с набранным количеством очков.",
              "Цель."),
    ),
    "IK-PAY-2": quote("Для сохранения интриги можно очки, полученные в финальном раунде, умножить на два."),
    "IK-BANK-1": quote("Фишки для подсчета очков: 30 желтых фишек (каждая стоит 1 очко), 15 голубых фишек (5 очков), "
                       "15 красных фишек (10 очков), 5 зеленых фишек (50 очков)."),
    # The text never names who starts a later round; the note's row 5 does.
    "IK-START-1": notes("later rounds the highest scorer of the last round"),
    "IK-ROUND-2": quote("все карты собираются, перемешиваются и начинается новый раунд."),
    "IK-END-1": (
        quote("Игра состоит из четырех раундов."),
        quote("Победитель определяется по результатам всех четырех раундов.", "Как считаются очки."),
    ),
    "IK-MONEY-1": quote("Оставшиеся монетки образуют своеобразный банк."),
    "IK-WIN-1": quote("Победитель определяется по результатам всех четырех раундов."),
}

BOOK: SourceBook = book_of(
    justify(1, Why.PUBLISHER, "Hanabi — распечатай", "the title of the web page the text comes from"),
    justify(2, Why.PUBLISHER, "Тов. Alinenka", "who shared the print-and-play materials, and where"),
    justify(3, Why.FLAVOUR, "Комментарий по подборке:", "label of the materials' author's comment"),
    justify(4, Why.FLAVOUR, "Добавила жетоны", "the author's remarks on how the printed box and cards were made"),
    justify(5, Why.FLAVOUR, "На правила икебаны", "an aside of the materials' author"),
    justify(6, Why.INTRODUCTION, "Правила", "the heading that opens the rules"),
    justify(21, Why.EXAMPLE, "Например, при игре втроем", "refusal payments in a three-player game",
            test=f"{_TESTS}::test_example_masha_pays_petya_vasya_petya"),
    justify(32, Why.EXAMPLE, "Например, у вас есть", "scoring example 1: three and two of a kind, five colours",
            test=f"{_TESTS}::test_example_1_three_and_two_of_a_kind_five_colours"),
    justify(33, Why.EXAMPLE, "Например 2,", "scoring example 2: the run beats the pair, two colours",
            test=f"{_TESTS}::test_example_2_run_beats_the_pair"),
    justify(34, Why.EXAMPLE, "Например 3,", "scoring example 3: a pair and no colour bonus",
            test=f"{_TESTS}::test_example_3_pair_without_colour_bonus"),
    justify_sentence(16, Why.ANNOUNCEMENT, "При этом нужно соблюдать", "announces the refusal payments of the next "
                     "paragraphs (IK-REFUSE-1, IK-REFUSE-2)"),
    justify_sentence(35, Why.RATIONALE, "Это позволит избежать", "why the final round may be doubled (IK-PAY-2): "
                     "the leaders are not known long before the end"),
    justify(36, Why.PUBLISHER, "Скачать материалы", "a download link for the printable materials"),
    game="ikebana",
    rulebook=RULEBOOK,
    headings=HEADINGS,
    subheadings=SUBHEADINGS,
    passages=PASSAGES,
)
