"""Cinco: our English translation of every Russian text the specification quotes.

Terms: «поле» the board, and also one of its numbered places (the text says
«поле 90» and «место» for a cell), «фишка» a chip, «колода» the deck,
«сброс» the discards, «сгорает» (burns) for a card that places nothing
(see :mod:`ruleproof.spec.sources.translations`).

>>> TRANSLATIONS["Вариант ДЖОКЕР"].english
'JOKER variant'
"""

from __future__ import annotations

from ruleproof.spec.sources.translations import en, table

TRANSLATIONS = table(
    # Headings
    en("Игра для двух-шести игроков.", "A game for two to six players.",
       "Five players cannot form the teams the text describes (CI-SETUP-1)."),
    en("Подготовка к игре", "Preparing the game"),
    en("Ход игры", "Course of the game"),
    en("Конец игры", "End of the game"),
    en("Особые случаи", "Special cases"),
    en("Вариант ДЖОКЕР", "JOKER variant"),
    # Passages
    en("В случае 4х или 6ти игроков - игроки разбиваются на команды по 2 или 3 человека",
       "In the case of 4 or 6 players, the players split into teams of 2 or 3 people",
       "Six players could be 2 teams of 3 or 3 teams of 2; the text does not say which (CI-AMB-3)."),
    en("Игроки ходят по кругу.", "The players take turns round the table."),
    en("Каждому игроку выдается по 4 карты в закрытую.", "Each player is given 4 cards face down."),
    en("Колода тасуется. Каждому игроку выдается по 4 карты в закрытую. Оставшиеся карты образуют колоду обмена и "
       "добора.",
       "The deck is shuffled. Each player is given 4 cards face down. The remaining cards form the deck for "
       "exchanging and drawing."),
    en("Также может оказаться, что до конца игры будет использована вся колода карт, тогда все сброшенные ранее "
       "игроками карты тасуются и образуют новую колоду.",
       "It may also turn out that the whole deck of cards is used up before the end of the game; then all the "
       "cards the players discarded earlier are shuffled and form a new deck."),
    en("можно взять из колоды одну карту, при этом на руке может быть не более 4 карт, то есть при наличии 4 карт "
       "еще одну взять нельзя.",
       "one may take one card from the deck, but there may be no more than 4 cards in the hand, that is, holding "
       "4 cards one may not take another."),
    en("Если карт в руке нет совсем, игрок обязан тянуть карту из колоды.",
       "If there are no cards in the hand at all, the player must draw a card from the deck."),
    en("Зато если на руках игрока 4 карты, которые он считает бесполезными на текущий момент, он может их все "
       "разом (обязательно все 4) поменять на новые 4 карты.",
       "On the other hand, if the player holds 4 cards that he thinks useless at the moment, he may exchange them "
       "all at once (necessarily all 4) for 4 new cards."),
    en("Имея в руке 4 карты (как, например, в начале игры), игрок обязан либо сыграть одну из карт, либо поменять "
       "все 4.",
       "Holding 4 cards (as, for example, at the start of the game), the player must either play one of the cards "
       "or exchange all 4."),
    en("1). ВЫТЯНУТЬ КАРТУ: можно взять из колоды одну карту", "1). DRAW A CARD: one may take one card from the deck"),
    en("Старые карты уходят в сброс. После любого из этих действий ход считается завершенным.",
       "The old cards go to the discards. After either of these actions the turn is considered finished."),
    en("2). СЫГРАТЬ КАРТУ: можно сыграть одну карту", "2). PLAY A CARD: one may play one card"),
    en("на любое незанятое на поле место", "on any unoccupied place on the board"),
    en("поместить одну из своих фишек на любое незанятое на поле место, которое имеет номер РАВНЫЙ ИЛИ БОЛЬШИЙ, чем "
       "число на карте.",
       "put one of one's chips on any unoccupied place on the board that has a number EQUAL TO OR GREATER than the "
       "number on the card."),
    en("В случае если при игре карты нет мест для размещения фишки, ей может быть занято ЛЮБОЕ свободное место на "
       "поле.",
       "If, when a card is played, there are no places to put a chip, ANY free place on the board may be taken "
       "with it.",
       "«ей» (with it) refers to the card: the card that finds no place at or above its number may take any "
       "free place."),
    en("ей может быть занято ЛЮБОЕ свободное место на поле",
       "ANY free place on the board may be taken with it",
       "«может быть занято» (may be taken): a choice or only what becomes possible; CI-AMB-12 keeps both readings."),
    en("Может случиться так, что в момент, когда игрок играет карту, на поле не остается мест, которые возможно "
       "занять.",
       "It may happen that at the moment a player plays a card, no places are left on the board that can be "
       "taken.",
       "Places that can be taken by that card: free places numbered at or above it."),
    en('В этом случае карта "сгорает", фишку размещать негде, фишка остается у игрока (исключение - вариант '
       "ДЖОКЕР, см. ниже).",
       'In that case the card "burns": there is nowhere to put the chip, the chip stays with the player (the '
       "exception is the JOKER variant, see below)."),
    en("Каждый игрок (или команда, далее - игрок) получает все фишки своего цвета.",
       "Each player (or team, from here on: player) gets all the chips of his colour."),
    en("У игрока есть два возможных варианта в свой ход.", "A player has two possible options on his turn."),
    en("Каждый игрок сбрасывает сыгранные карты в свою отдельную закрытую стопку.",
       "Each player discards the cards he has played onto his own separate face-down pile."),
    en("В случае 4х или 6ти игроков - игроки разбиваются на команды по 2 или 3 человека, причем игроки разных "
       "команд садятся по кругу через одного, чтобы команды ходили по очереди.",
       "In the case of 4 or 6 players, the players split into teams of 2 or 3 people, the players of different "
       "teams sitting round the table alternately, so that the teams move in turn."),
    en("35 ФИШЕК каждого цвета", "35 CHIPS of each colour"),
    en("Как только игрок составляет непрерывный прямой ряд из пяти фишек своего цвета - он побеждает и игра "
       "считается завершенной.",
       "As soon as a player makes an unbroken straight line of five chips of his colour, he wins and the game is "
       "considered finished.",
       "Whether a line of six or more also wins, the text does not say (CI-AMB-2)."),
    en("старается выложить на поле непрерывный прямой ряд из пяти фишек своего цвета",
       "tries to lay out on the board an unbroken straight line of five chips of his colour"),
    en("Теоретически, игрок до конца игры может использовать все свои фишки. В таком случае исход игры - ничья.",
       "Theoretically, a player may use up all his chips before the end of the game. In that case the outcome of "
       "the game is a draw."),
    en("В таком случае исход игры - ничья.", "In that case the outcome of the game is a draw."),
    en("После любого из этих действий ход считается завершенным.", "After either of these actions the turn is "
       "considered finished."),
    en("он побеждает и игра считается завершенной", "he wins and the game is considered finished"),
    # Ambiguities' own quotes
    en("В состав игры входит игровое ПОЛЕ", "The game includes a playing BOARD",
       "The text never describes the board; its shape and numbering are the publisher's (CI-AMB-1)."),
    en("непрерывный прямой ряд из пяти фишек своего цвета", "an unbroken straight line of five chips of his colour"),
    en("игроки разбиваются на команды по 2 или 3 человека", "the players split into teams of 2 or 3 people"),
    en('В этом случае карта "сгорает"', 'In that case the card "burns"'),
    en("тогда все сброшенные ранее игроками карты тасуются и образуют новую колоду",
       "then all the cards the players discarded earlier are shuffled and form a new deck"),
    en("Произвольно определяется игрок, совершающий первый ход.", "The player who makes the first move is chosen "
       "arbitrarily."),
    en("игрок до конца игры может использовать все свои фишки. В таком случае исход игры - ничья",
       "a player may use up all his chips before the end of the game. In that case the outcome of the game is a "
       "draw"),
    # Rule constants
    en("В состав игры входит игровое ПОЛЕ, 35 ФИШЕК каждого цвета, КОЛОДА из 90 карт, пронумерованных от 1 до 90.",
       "The game includes a playing BOARD, 35 CHIPS of each colour, a DECK of 90 cards numbered from 1 to 90."),
    en("В состав игры входит игровое ПОЛЕ, 35 ФИШЕК каждого цвета", "The game includes a playing BOARD, 35 CHIPS of "
       "each colour"),
    en("Как только игрок составляет непрерывный прямой ряд из пяти фишек своего цвета - он побеждает",
       "As soon as a player makes an unbroken straight line of five chips of his colour, he wins"),
)
