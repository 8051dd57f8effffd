"""Ikebana with Hanabi cards: our English translation of every Russian text the specification quotes.

Terms: «номинал» a card's value, «набор» / «букет» the set of five cards
(the bouquet), «стопка сброса» a discard pile, «отказ» refusing a drawn
card, «монетка» a coin, «фишка» a chip, «банк» the bank (see
:mod:`ruleproof.spec.sources.translations`).

>>> TRANSLATIONS["Цель."].english
'Aim.'
"""

from __future__ import annotations

from ruleproof.spec.sources.translations import en, table

TRANSLATIONS = table(
    # Headings
    en("Вам понадобится", "You will need"),
    en("Цель.", "Aim."),
    en("Подготовка.", "Preparation."),
    en("Как играть.", "How to play."),
    en("Конец раунда.", "End of the round."),
    en("Как считаются очки.", "How the points are counted."),
    en("Правила", "Rules"),
    # Passages
    en("Каждый игрок (их может быть до 5 человек)", "Each player (there may be up to 5 of them)"),
    en("Если играют двое, монетки всегда отдаются оппоненту.", "If two play, the coins always go to the opponent."),
    en("Карты перемешиваются и кладутся стопкой в середину стола, рубашкой вверх. Каждый игрок (их может быть до 5 "
       "человек) получает по 6 монеток (каждая номиналом 1 очко).",
       "The cards are shuffled and put in a stack in the middle of the table, back up. Each player (there may be "
       "up to 5 of them) gets 6 coins (each of face value 1 point)."),
    en("50 карт пяти цветов из набора «Ханаби»: карты красного, зеленого, желтого, синего и белого цвета с "
       "номиналами: 1, 1, 1, 2, 2, 3, 3, 4, 4, 5",
       "50 cards of five colours from the “Hanabi” set: cards of red, green, yellow, blue and white colour with "
       "the values: 1, 1, 1, 2, 2, 3, 3, 4, 4, 5",
       "The values are those of one colour: ten cards a colour. The original game also has multicoloured cards; "
       "the text plays without them (RULES-NOTES.md)."),
    en("В свой ход игрок выбирает одно из двух возможных действий:",
       "On his turn a player chooses one of two possible actions:"),
    en("1. Взять верхнюю карту из колоды.", "1. Take the top card of the deck."),
    en("2. Взять карту из стопки сброса.", "2. Take a card from a discard pile."),
    en("Взять верхнюю карту из колоды.", "Take the top card of the deck."),
    en("Если карта подходит игроку, он оставляет ее себе. Если не подходит, игрок может сбросить карту в личную "
       "стопку сброса и взять новую из общей колоды.",
       "If the card suits the player, he keeps it. If it does not, the player may discard the card onto his "
       "personal discard pile and take a new one from the common deck."),
    en("Внимание: если карты в колоде закончились до окончания раунда, нужно взять карты из личных стопок сброса "
       "(все, кроме верхней), перемешать, положить в центр стола – это и будет новая колода.",
       "Note: if the cards of the deck have run out before the end of the round, take the cards of the personal "
       "discard piles (all but the top one), shuffle them, put them in the centre of the table – that will be the "
       "new deck.",
       "«все, кроме верхней» (all but the top one) is read per pile: each pile keeps its top card "
       "(RULES-NOTES.md row 8). When “have run out” happens, the text leaves open (IK-AMB-5)."),
    en("если карты в колоде закончились до окончания раунда", "if the cards of the deck have run out before the end "
       "of the round"),
    en("Если карта подходит игроку, он оставляет ее себе.", "If the card suits the player, he keeps it."),
    en("при отказе от первой карты игрок должен отдать монетку номиналом 1 очко игроку слева от него",
       "on refusing the first card the player must give a coin of face value 1 point to the player on his left"),
    en("при отказе от второй карты игрок должен отдать монетки номиналом (т.е. 2 очка)",
       "on refusing the second card the player must give coins of face value (i.e. 2 points)",
       "The sentence has lost its number: «монетки номиналом» (coins of face value …) names no value; the "
       "parenthesis gives the total, 2 points."),
    en("при отказе от третьей карты игрок отдает 3 очка следующему оппоненту и так далее, пока не найдет "
       "подходящую карту или пока у него не закончатся монетки",
       "on refusing the third card the player gives 3 points to the next opponent, and so on, until he finds a "
       "suitable card or until he runs out of coins",
       "What a player does who cannot pay the next refusal in full, the text leaves open (IK-AMB-9)."),
    en("самому себе игрок не может отдавать монетки, т.е. если по кругу очередь дошла до играющего, он просто "
       "пропускает себя и монетки передает снова соседу слева. Если играют двое, монетки всегда отдаются оппоненту.",
       "a player cannot give coins to himself, i.e. if going round the turn has come to the player, he simply "
       "skips himself and passes the coins again to the neighbour on his left. If two play, the coins always go "
       "to the opponent."),
    en("следующему игроку по часовой стрелке (второй игрок слева)",
       "to the next player clockwise (the second player on the left)",
       "«по часовой стрелке» (clockwise) and «слева» (on the left) name the same direction here: the players "
       "to the left, one after another."),
    en("игрок может сбросить карту в личную стопку сброса и взять новую из общей колоды",
       "the player may discard the card onto his personal discard pile and take a new one from the common deck"),
    en("Перед каждым игроком образуется личная стопка сброса. Сброшенные карты лежат рубашкой вниз, так что все "
       "игроки могут видеть цвет и номинал последней сброшенной карты.",
       "In front of each player a personal discard pile forms. The discarded cards lie back down, so that all "
       "the players can see the colour and value of the last discarded card.",
       "«рубашкой вниз» (back down) is face up."),
    en("В свой ход игрок может купить одну из верхних карт в стопках сброса своих оппонентов.",
       "On his turn a player may buy one of the top cards of his opponents' discard piles."),
    en("При этом из своей стопки сброса карты покупать нельзя.", "But cards may not be bought from one's own "
       "discard pile."),
    en("Стоимость такой карты равна ее номиналу (например, карта с цифрой «4» стоит 4 очка).",
       "The price of such a card equals its value (for example, a card with the figure “4” costs 4 points)."),
    en("Плата за карту уходит владельцу стопки сброса.", "The payment for the card goes to the owner of the discard "
       "pile."),
    en("В каждом раунде игроки собирают набор из 5 карт и зарабатывают очки.",
       "In each round the players collect a set of 5 cards and earn points."),
    en("Раунд заканчивается, когда каждый игрок собирает в руке по 5 карт.",
       "The round ends when every player has collected 5 cards in his hand."),
    en("Раунд заканчивается, когда каждый игрок собирает в руке по 5 карт. После этого карты вскрываются, и "
       "начинается подсчет очков.",
       "The round ends when every player has collected 5 cards in his hand. After that the cards are revealed "
       "and the counting of points begins."),
    en("Внимание: каждая карта может участвовать только в одной выигрышной комбинации. Выигрышные комбинации:",
       "Note: each card may take part in only one winning combination. The winning combinations:"),
    en("Две карты одного номинала = Номинал карт х 2 Три карты одного номинала = Номинал карт х 3 Четыре карты "
       "одного номинала = Номинал карт х 4 Пять карт одного номинала = Номинал карт х 5",
       "Two cards of one value = the cards' value x 2 Three cards of one value = the cards' value x 3 Four cards "
       "of one value = the cards' value x 4 Five cards of one value = the cards' value x 5",
       "Four rows of the scoring table (one row a line in the text). «х» is the Cyrillic letter used as a "
       "multiplication sign."),
    en("Ряд карт с номиналом 1,2,3,4 = 8 очков Ряд карт с номиналом 2,3,4,5 = 12 очков Ряд карт с номиналом "
       "1,2,3,4,5 = 15 очков",
       "A run of cards with the values 1,2,3,4 = 8 points A run of cards with the values 2,3,4,5 = 12 points A "
       "run of cards with the values 1,2,3,4,5 = 15 points",
       "Three rows of the scoring table. «Ряд» (row) is a run of consecutive values, of any colours."),
    en("Собрать набор из пяти карт, которые образуют выигрышные комбинации номиналов и цветов.",
       "To collect a set of five cards that form winning combinations of values and colours."),
    en("Общая сумма набранных очков увеличивается, если в букете присутствуют следующие цветовые наборы:",
       "The total of the points scored is increased if the following colour sets are present in the bouquet:",
       "«букет» (bouquet) is the player's five cards, the ikebana of the game's name."),
    en("Все карты только двух цветов = сумма х 2 Все карты разного цвета = сумма х 3 Все карты одного цвета = "
       "сумма х 4 Иные цветовые наборы не считаются.",
       "All the cards of only two colours = the sum x 2 All the cards of different colours = the sum x 3 All the "
       "cards of one colour = the sum x 4 Other colour sets do not count.",
       "The colour table, one row a line; «разного цвета» (of different colour) means five different colours."),
    en("После подсчета очков и получения монет", "After the points are counted and the coins received"),
    en("За каждую такую комбинацию игроки получают монетки в соответствии с набранным количеством очков.",
       "For each such combination the players receive coins according to the number of points scored."),
    en("Для сохранения интриги можно очки, полученные в финальном раунде, умножить на два.",
       "To keep up the suspense, the points scored in the final round may be multiplied by two."),
    en("Фишки для подсчета очков: 30 желтых фишек (каждая стоит 1 очко), 15 голубых фишек (5 очков), 15 красных "
       "фишек (10 очков), 5 зеленых фишек (50 очков).",
       "Chips for counting points: 30 yellow chips (each worth 1 point), 15 light-blue chips (5 points), 15 red "
       "chips (10 points), 5 green chips (50 points)."),
    en("все карты собираются, перемешиваются и начинается новый раунд.",
       "all the cards are gathered, shuffled, and a new round begins."),
    en("Игра состоит из четырех раундов.", "The game consists of four rounds."),
    en("Победитель определяется по результатам всех четырех раундов.",
       "The winner is determined by the results of all four rounds.",
       "The results are the coins each player holds at the end."),
    en("Оставшиеся монетки образуют своеобразный банк.", "The remaining coins form a kind of bank."),
    # Ambiguities' own quotes
    en("…очки, полученные в финальном раунде, умножить на два.", "…multiply the points scored in the final round by two."),
    en("…все карты собираются, перемешиваются и начинается новый раунд.",
       "…all the cards are gathered, shuffled, and a new round begins."),
    en("…если карты в колоде закончились до окончания раунда, нужно взять карты из личных стопок сброса (все, "
       "кроме верхней)…",
       "…if the cards of the deck have run out before the end of the round, take the cards of the personal "
       "discard piles (all but the top one)…"),
    en("…отдать монетку номиналом 1 очко игроку слева от него…",
       "…give a coin of face value 1 point to the player on his left…"),
    en("Фишки можно заменить копеечными монетками…", "The chips can be replaced by kopeck coins…",
       "«копеечными монетками» (kopeck coins) means small change: any coins or buttons serve."),
    en("…пока не найдет подходящую карту или пока у него не закончатся монетки",
       "…until he finds a suitable card or until he runs out of coins"),
    # Rule constants
    en("50 карт пяти цветов из набора «Ханаби»: карты красного, зеленого, желтого, синего и белого цвета",
       "50 cards of five colours from the “Hanabi” set: cards of red, green, yellow, blue and white colour"),
    en("с номиналами: 1, 1, 1, 2, 2, 3, 3, 4, 4, 5", "with the values: 1, 1, 1, 2, 2, 3, 3, 4, 4, 5"),
    en("30 желтых фишек (каждая стоит 1 очко), 15 голубых фишек (5 очков), 15 красных фишек (10 очков), 5 зеленых "
       "фишек (50 очков)",
       "30 yellow chips (each worth 1 point), 15 light-blue chips (5 points), 15 red chips (10 points), 5 green "
       "chips (50 points)"),
    en("получает по 6 монеток (каждая номиналом 1 очко)", "gets 6 coins (each of face value 1 point)"),
    en("Все карты только двух цветов = сумма х 2", "All the cards of only two colours = the sum x 2"),
    en("Все карты разного цвета = сумма х 3", "All the cards of different colours = the sum x 3"),
    en("Все карты одного цвета = сумма х 4", "All the cards of one colour = the sum x 4"),
    en("можно очки, полученные в финальном раунде, умножить на два",
       "the points scored in the final round may be multiplied by two"),
)
