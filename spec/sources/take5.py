"""Take 5: the rulebook passage of every rule, and why the other paragraphs need none.

The quotations are citations of ``002_14cf867976a02cf7.txt`` (a machine
translation; compared with whitespace normalised, see
:mod:`ruleproof.spec.sources`); ambiguities not listed here cite their own
:attr:`~ruleproof.spec.core.Ambiguity.quote`. The text has no blank lines, so
every line is a paragraph. The player-count line of the front matter is a
section heading because T5-SETUP-1 cites it as one.

>>> BOOK.cites("T5-PLACE-3")[0].origin
'notes'
"""

from __future__ import annotations

from ruleproof.spec.sources import SourceBook, Why, book_of, justify, justify_sentence, notes, quote

RULEBOOK = "002_14cf867976a02cf7.txt"
_TESTS = "tests/spec/test_take5.py"

HEADINGS = (
    "КОЛИЧЕСТВО ИГРОКОВ: 2 - 10 игроков",
    "ВВЕДЕНИЕ ДУБЛЯ 5",
    "Карты и сделка",
    "СПЕКТАКЛЬ",
    "ДОБАВЛЕНИЕ КАРТ В МАКЕТ",
    "СЛИШКОМ НИЗКАЯ КАРТА",
    "ВОЗЬМИТЕ 5",
    "ОКОНЧАНИЕ РАУНДА",
    "ЗАВЕРШЕНИЕ ИГРЫ",
    "СБОР",
    "WINNING",
)

PASSAGES = {
    "T5-SETUP-1": quote("2 - 10 игроков"),
    "T5-DEAL-1": quote("Колода Take 5 состоит из 104 карт с рангом от 1 до 104."),
    "T5-DEAL-2": quote("Перемешайте колоду и раздайте по 10 карт каждому игроку. Затем положите четыре карты "
                       "лицевой стороной вверх в столбик в центре игрового поля."),
    "T5-DEAL-3": quote("Остальная колода откладывается для будущих раундов."),
    "T5-TURN-1": quote('Во время каждого "фокуса" игроки выбирают карты из своей руки'),
    "T5-ORDER-1": (
        quote("Игрок с самой младшей картой добавляет ее в расклад первым."),
        quote("После того, как игрок с самой младшей картой ходит первым, наступает очередь игрока со второй "
              "младшей картой.", "ДОБАВЛЕНИЕ КАРТ В МАКЕТ"),
    ),
    "T5-PHASE-1": quote("каждый игрок выбирает одну карту из своей руки и кладет ее на стол лицевой стороной вниз. "
                        "После того как каждый игрок это сделал, карты одновременно раскрываются."),
    "T5-SELECT-1": quote("каждый игрок выбирает одну карту из своей руки"),
    "T5-SELECT-2": quote("кладет ее на стол лицевой стороной вниз. После того как каждый игрок это сделал, карты "
                         "одновременно раскрываются."),
    "T5-PLACE-1": quote("Карты добавляются в ряды в порядке возрастания слева направо, начиная с исходных четырех "
                        "карт."),
    "T5-PLACE-2": quote("Кроме того, если карта может быть сыграна более чем в одном ряду, она должна быть "
                        "размещена в ряду с конечной картой ближайшего значения."),
    # The text knows only the ascending right end; the professional variant is the publisher's (note row 5).
    "T5-PLACE-3": notes("the professional variant (play at either end of a row)"),
    "T5-PLACE-4": quote("Когда игрок добавляет карту в расклад, он должен разместить ее так, чтобы выбранный ряд "
                        "продолжал увеличиваться в цене."),
    "T5-SIX-1": quote("Ряд с пятью картами является полным. Если игрок должен добавить свою карту в ряд с пятью "
                      "картами, он должен собрать этот ряд и добавить карты в свою стопку быков. Он начинает замену "
                      "ряда с карты, которую собирался сыграть."),
    "T5-LOW-1": quote("Когда игрок открывает карту, которую нельзя сыграть ни в одном ряду, потому что она слишком "
                      "низкая, он должен собрать все карты из ряда по своему выбору."),
    "T5-LOW-2": quote("которую нельзя сыграть ни в одном ряду, потому что она слишком низкая"),
    "T5-LOW-3": quote("он должен собрать все карты из ряда по своему выбору"),
    "T5-LOW-4": (
        quote("Низкая карта, которую игрок сыграл бы, начинает новый ряд вместо только что собранной."),
        quote('Эти карты кладутся лицом вниз в стопку, которая называется "бычья стопка". У каждого игрока своя '
              "бычья стопка.", "СЛИШКОМ НИЗКАЯ КАРТА"),
    ),
    "T5-TURN-2": (
        quote('Во время каждого "фокуса" игроки выбирают карты из своей руки, которые могут быть разыграны в '
              "расклад."),
        quote("Они делают то же самое, выкладывая карту в ряд и передавая ход следующей младшей карте.",
              "ДОБАВЛЕНИЕ КАРТ В МАКЕТ"),
        quote("Игра переходит к игроку со следующей низшей картой.", "СЛИШКОМ НИЗКАЯ КАРТА"),
        quote("Игра переходит к игроку со следующей младшей картой.", "ВОЗЬМИТЕ 5"),
    ),
    "T5-SCORE-1": (
        quote("Игроки зарабатывают очки в каждом раунде за каждую бычью голову на собранных ими картах."),
        quote("Помимо ранга карты, каждая карта также имеет значение штрафного очка, проиллюстрированное рядом "
              "бычьих голов.", "Карты и сделка"),
        quote("После этого каждый игрок просматривает свою кучу быков и подсчитывает количество собранных бычьих "
              "голов. Это и есть счет игрока за раунд.", "ОКОНЧАНИЕ РАУНДА"),
    ),
    "T5-ROUND-1": (
        quote("Раунд заканчивается после того, как каждый игрок опустошит свою руку карт."),
        quote("Соберите карты и перетасуйте их обратно в колоду, чтобы получилась полная колода из 104 карт. "
              "Раздайте каждому игроку по 10 карт и продолжайте играть до конца игры.", "ОКОНЧАНИЕ РАУНДА"),
    ),
    "T5-END-1": quote("Игра заканчивается, как только игрок набирает количество очков более чем 66 баллов."),
    "T5-WIN-1": quote("Как только порог в 66 очков будет преодолен одним или несколькими игроками, человек с "
                      "наименьшим количеством очков побеждает в игре."),
}

BOOK: SourceBook = book_of(
    justify(1, Why.PUBLISHER, "Оглавление", "a table of contents whose entries the extraction lost"),
    justify(2, Why.INTRODUCTION, "ЦЕЛЬ ДУБЛЯ 5:", "the goal in one line; T5-WIN-1 encodes it from § WINNING"),
    justify(4, Why.DUPLICATE, "КОЛИЧЕСТВО КАРТ:", "the deck size, said again in § Карты и сделка", duplicate_of=11),
    justify(5, Why.DUPLICATE, "РАНГ КАРТ:", "the card ranks, said again in § Карты и сделка", duplicate_of=11),
    justify(6, Why.PUBLISHER, "ТИП ИГРЫ:", "the genre label of the rules site"),
    justify(7, Why.PUBLISHER, "АУДИТОРИЯ:", "the recommended age"),
    justify(8, Why.INTRODUCTION, "ВВЕДЕНИЕ ДУБЛЯ 5", "heading of the overview"),
    justify(9, Why.INTRODUCTION, "Take 5, первоначально", "an overview of the game, its history and its aim; "
            "the rules it sketches are encoded from their own sections"),
    justify(12, Why.PUBLISHER, "Смотрите также:", "a link to another game's page on the rules site"),
    justify_sentence(11, Why.COMPONENTS, "Из коробки вы получаете", "what the box holds: a rulebook and the deck"),
    justify_sentence(18, Why.EXAMPLE, "Например, игрок должен разместить 23.",
                     "the worked example of the nearest row: the card 23 ...",
                     test=f"{_TESTS}::test_rulebook_example_23_goes_after_20_not_12"),
    justify_sentence(18, Why.EXAMPLE, "Есть дваварианты:", "... with rows ending in 12 and in 20 ...",
                     test=f"{_TESTS}::test_rulebook_example_23_goes_after_20_not_12"),
    justify_sentence(18, Why.EXAMPLE, "Игрок должен положите", "... goes on the row ending in 20, the closer value",
                     test=f"{_TESTS}::test_rulebook_example_23_goes_after_20_not_12"),
    game="take5",
    rulebook=RULEBOOK,
    headings=HEADINGS,
    passages=PASSAGES,
)
