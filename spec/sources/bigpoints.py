"""BigPoints: the rulebook passage of every rule, and why the other paragraphs need none.

The quotations are citations of ``001_2e52b0ba102b09c9.txt`` (compared with
whitespace normalised, see :mod:`ruleproof.spec.sources`); ambiguities not
listed here cite their own :attr:`~ruleproof.spec.core.Ambiguity.quote`.
The text has no blank lines, so every line is a paragraph. ``Пример`` heads a
section once (the worked move, where the ladder rule is) and is a subheading
the second time (the scoring example inside the end-of-game section).

>>> BOOK.cites("BP-TAKE-3")[0].origin
'notes'
"""

from __future__ import annotations

from ruleproof.spec.sources import SourceBook, Why, book_of, justify, justify_sentence, notes, quote

RULEBOOK = "001_2e52b0ba102b09c9.txt"
_TESTS = "tests/spec/test_bigpoints.py"
_SCORING_EXAMPLE = f"{_TESTS}::test_rulebook_scoring_example_is_18_points"

HEADINGS = (
    "от Brigitte и Wolfgang Ditt, для 2-5 игроков старше 8 лет",
    "Состав игры",
    "Цель игры",
    "Подготовка к игре",
    "Как играть",
    "Пример",
    "Черные жетоны",
    "Конец игры и подсчет очков",
    "Несколько раундов",
)
SUBHEADINGS = ("Пример",)

PASSAGES = {
    "BP-SETUP-1": quote("для 2-5 игроков"),
    "BP-SETUP-2": (
        quote("Оставшиеся жетоны, включая черные и белые, перемешиваются и выкладываются в любом порядке и по "
              "любому пути, начиная от последней ступеньки лестницы. Порядок цветов должен быть случайным."),
        quote("60 деревянных жетонов (10 голубых, красных, желтых, зеленых, фиолетовых и по 5 черных и белых)",
              "Состав игры"),
    ),
    "BP-SETUP-3": quote("выкладываются в любом порядке и по любому пути, начиная от последней ступеньки лестницы"),
    "BP-SETUP-4": (
        quote("Положите по одному жетону каждого из 5 основных цветов (голубой, красный, желтый, зеленый и "
              "фиолетовый) возле лестницы."),
        quote("Фишки ставятся вначале получившегося пути", "Подготовка к игре"),
    ),
    "BP-TURN-1": quote("Определите игрока, который будет начинать игру, далее ход передается по часовой стрелке."),
    "BP-TURN-2": (
        quote("В свой ход игрок должен выбрать любую фишку и переместить её вперед на следующий жетон такого же "
              "цвета, как и фишка."),
        quote("Игроки передвигают любую фишку на следующий жетон такого же, как и фишка, цвета. После этого они "
              "забирают жетон, лежащий впереди или позади фишки.", "Цель игры"),
    ),
    "BP-TURN-3": (
        quote("После этого игрок забирает один из жетонов пути."),
        quote("После этого ход переходит к следующему игроку.", "Черные жетоны"),
    ),
    "BP-MOVE-1": quote("В свой ход игрок должен выбрать любую фишку"),
    "BP-MOVE-2": quote("переместить её вперед на следующий жетон такого же цвета, как и фишка"),
    "BP-MOVE-3": (
        quote("Назад передвигать фишку нельзя."),
        quote("В дополнительный ход (и только в дополнительный) игрок может переместить фишку назад",
              "Черные жетоны"),
    ),
    "BP-LADDER-1": quote("Если между фишкой и лестницей больше нет ни одного жетона соответствующего фишке цвета, "
                         "фишка перемещается на лестницу. Она ставится на самую верхнюю свободную ступеньку."),
    "BP-LADDER-2": (
        quote("После этого игрок может взять один жетон соответствующего фишке цвета из тех, что лежат возле "
              "лестницы."),
        quote("Игроки смогут взять эти жетоны, когда фишка соответствующего цвета будет поставлена на лестницу.",
              "Подготовка к игре"),
    ),
    "BP-TAKE-1": (
        quote("Он может взять первый незанятый другими фишками жетон впереди или позади передвинутой фишки, на свой "
              "выбор."),
        quote("если вначале игры нет свободного жетона позади фишки, игрок должен взять первый свободный жетон перед "
              "фишкой. Аналогичное правило применяется для фишки, которая переместилась прямо к лестнице, перед ней "
              "нет жетонов, поэтому игрок должен взять первый свободный жетон позади фишки.", "Пример"),
    ),
    "BP-TAKE-2": quote("Игрок скрыто держит собранные жетоны у себя до конца игры."),
    # The text is silent on a pawn with no free disc on either side; the note's row 5 gives the default.
    "BP-TAKE-3": notes("the text is silent; default: take nothing"),
    "BP-BLACK-1": quote("Также нельзя использовать жетон сразу же, в тот же ход, в который он был взят. Игрок "
                        "должен дождаться своего следующего хода, чтобы использовать его."),
    "BP-BLACK-2": quote("Не разрешается использовать более одного черного жетона за один ход игрока."),
    "BP-BLACK-3": quote("Взятые черные жетоны всегда остаются у игроков, кладутся рядом с ним и не возвращаются "
                        "обратно в игру."),
    "BP-EXTRA-1": (
        quote("Игрок может использовать черный жетон, чтобы передвинуть ещё одну фишку после своего первого хода. "
              "Он может походить той же самой фишкой, или любой другой. После хода, он опять берет жетон, как и при "
              "первом ходе."),
        quote("Любой полученный черный жетон может быть использован в процессе игры для дополнительного хода:",
              "Черные жетоны"),
    ),
    "BP-BACK-1": quote("В дополнительный ход (и только в дополнительный) игрок может переместить фишку назад на "
                       "жетон соответствующего фишке цвета."),
    "BP-BACK-2": quote("может переместить фишку назад на жетон соответствующего фишке цвета"),
    "BP-END-1": quote("Игра заканчивается сразу же, как только последняя фишка будет установлена на лестницу."),
    "BP-SCORE-1": (
        quote("Каждый жетон получается количество очков, написанное на лестнице под фишкой соответствующего цвета "
              "Черные жетоны не дают очков Каждый белый жетон дает количество очков, равное количеству разных "
              "цветов жетонов на руке у игрока, кроме белого цвета."),
        quote("Стоимость собранных жетонов определяется лестницей", "Цель игры"),
    ),
    "BP-MATCH-1": quote("В этом случае играется количество игр равное количеству игроков, при этом каждый новый "
                        "раунд начинает новый игрок. Очки, полученные за каждый раунд, суммируются."),
    "BP-WIN-1": (
        quote("Игрок с наибольшим количеством очков выигрывает. Если несколько игроков набрали одинаковое количество "
              "очков – победа делится между ними."),
        quote("Игрок, набравший больше всех очков за все игры, является победителем. Если несколько игроков набрали "
              "одинаковое количество очков – победу они делят между собой.", "Несколько раундов"),
    ),
    "BP-FRAME-1": quote("В свой ход игрок должен выбрать любую фишку и переместить её вперед на следующий жетон "
                        "такого же цвета, как и фишка."),
}

BOOK: SourceBook = book_of(
    justify(1, Why.PUBLISHER, "BigPoints", "the game's title line"),
    justify(7, Why.COMPONENTS, "Перед началом игры", "assembling the ladder from the box before the first game"),
    justify_sentence(22, Why.ANNOUNCEMENT, "После этого производится подсчет", "announces the scoring rules of the "
                     "next paragraph (BP-SCORE-1)"),
    justify_sentence(35, Why.INTRODUCTION, "Игра проходит довольно быстро", "why players may want a match of "
                     "several games; the match itself is BP-MATCH-1"),
    justify(14, Why.EXAMPLE, "Игрок передвигает", "the worked move: which two discs the moved pawn may take",
            test=f"{_TESTS}::test_rulebook_example_green_ahead_or_black_behind_the_purple_pawn"),
    justify(25, Why.EXAMPLE, "В конце игры", "opens the scoring example (the pawns' final steps)",
            test=_SCORING_EXAMPLE),
    justify(26, Why.EXAMPLE, "Подсчет очков:", "label of the scoring example's lines", test=_SCORING_EXAMPLE),
    justify(27, Why.EXAMPLE, "2 красных жетона", "scoring example line: red discs", test=_SCORING_EXAMPLE),
    justify(28, Why.EXAMPLE, "1 фиолетовый жетон", "scoring example line: a purple disc", test=_SCORING_EXAMPLE),
    justify(29, Why.EXAMPLE, "1 зеленый жетон", "scoring example line: a green disc", test=_SCORING_EXAMPLE),
    justify(30, Why.EXAMPLE, "1 черный жетон", "scoring example line: a black disc", test=_SCORING_EXAMPLE),
    justify(31, Why.EXAMPLE, "2 белых жетона", "scoring example line: white discs", test=_SCORING_EXAMPLE),
    justify(32, Why.EXAMPLE, "Всего:", "the scoring example's total", test=_SCORING_EXAMPLE),
    game="bigpoints",
    rulebook=RULEBOOK,
    headings=HEADINGS,
    subheadings=SUBHEADINGS,
    passages=PASSAGES,
)
