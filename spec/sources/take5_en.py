"""Take 5: our English translation of every Russian text the specification quotes.

The rulebook ``002_14cf867976a02cf7.txt`` is a machine translation of an
English rules page; the notes below name its mistranslations («СПЕКТАКЛЬ»,
«фокус», «сделка», «СБОР», «ДУБЛЯ»…) and give the sense (see
:mod:`ruleproof.spec.sources.translations`).

>>> TRANSLATIONS["СБОР"].english
'COLLECTION'
"""

from __future__ import annotations

from ruleproof.spec.sources.translations import en, table

_MT = "Machine translation. "

TRANSLATIONS = table(
    # Headings
    en("КОЛИЧЕСТВО ИГРОКОВ: 2 - 10 игроков", "NUMBER OF PLAYERS: 2 - 10 players"),
    en("ВВЕДЕНИЕ ДУБЛЯ 5", "INTRODUCTION OF DOUBLE 5",
       _MT + "«ДУБЛЯ» (of the double) is from дубль, a “take” of a film scene: the game's name Take 5 translated word by word. "
       "Sense: “Introduction to Take 5”."),
    en("Карты и сделка", "Cards and the transaction",
       _MT + "«сделка» is a deal in the sense of a bargain; the card-game word would be раздача. Sense: “Cards and "
       "the deal”."),
    en("СПЕКТАКЛЬ", "PERFORMANCE",
       _MT + "«СПЕКТАКЛЬ» is a stage performance, from English “play”. Sense: “Gameplay”."),
    en("ДОБАВЛЕНИЕ КАРТ В МАКЕТ", "ADDING CARDS TO THE MOCK-UP",
       _MT + "«МАКЕТ» is a mock-up or page layout, from English “layout”. Sense: “Adding cards to the layout "
       "(the rows on the table)”."),
    en("СЛИШКОМ НИЗКАЯ КАРТА", "TOO LOW A CARD"),
    en("ВОЗЬМИТЕ 5", "TAKE 5", "The game's name, here the heading of the rule on a row's sixth card."),
    en("ОКОНЧАНИЕ РАУНДА", "END OF THE ROUND"),
    en("ЗАВЕРШЕНИЕ ИГРЫ", "COMPLETION OF THE GAME"),
    en("СБОР", "COLLECTION",
       _MT + "«СБОР» is a collecting or gathering, from English “scoring” read as “score” = “collect”. "
       "Sense: “Scoring”."),
    en("WINNING", "WINNING", "Left in English by the translation."),
    # Passages
    en("2 - 10 игроков", "2 - 10 players"),
    en("Колода Take 5 состоит из 104 карт с рангом от 1 до 104.",
       "The Take 5 deck consists of 104 cards with a rank from 1 to 104."),
    en("Перемешайте колоду и раздайте по 10 карт каждому игроку. Затем положите четыре карты лицевой стороной "
       "вверх в столбик в центре игрового поля.",
       "Shuffle the deck and deal 10 cards to each player. Then put four cards face up in a column in the centre "
       "of the playing area.",
       "Each of the four cards starts a row; the rows grow sideways from the column."),
    en("Остальная колода откладывается для будущих раундов.",
       "The rest of the deck is put aside for future rounds.",
       _MT + "Sense: the undealt cards take no part in this round (every round is dealt from the full deck "
       "again)."),
    en('Во время каждого "фокуса" игроки выбирают карты из своей руки',
       'During each "trick" the players choose cards from their hand',
       _MT + "«фокус» is a conjuring trick, from English “trick” in the card-game sense: one turn in which "
       "every player plays one card."),
    en("Игрок с самой младшей картой добавляет ее в расклад первым.",
       "The player with the lowest card adds it to the spread first.",
       "«расклад» (a spread, a layout of cards) is the four rows on the table."),
    en("После того, как игрок с самой младшей картой ходит первым, наступает очередь игрока со второй младшей "
       "картой.",
       "After the player with the lowest card has moved first, it is the turn of the player with the second "
       "lowest card."),
    en("каждый игрок выбирает одну карту из своей руки и кладет ее на стол лицевой стороной вниз. После того "
       "как каждый игрок это сделал, карты одновременно раскрываются.",
       "each player chooses one card from their hand and puts it on the table face down. After every player "
       "has done so, the cards are revealed at the same time."),
    en("каждый игрок выбирает одну карту из своей руки", "each player chooses one card from their hand"),
    en("кладет ее на стол лицевой стороной вниз. После того как каждый игрок это сделал, карты одновременно "
       "раскрываются.",
       "puts it on the table face down. After every player has done so, the cards are revealed at the same "
       "time."),
    en("Карты добавляются в ряды в порядке возрастания слева направо, начиная с исходных четырех карт.",
       "Cards are added to the rows in ascending order from left to right, beginning with the initial four "
       "cards."),
    en("Кроме того, если карта может быть сыграна более чем в одном ряду, она должна быть размещена в ряду с "
       "конечной картой ближайшего значения.",
       "Besides, if a card can be played in more than one row, it must be placed in the row whose end card is "
       "of the nearest value."),
    en("Когда игрок добавляет карту в расклад, он должен разместить ее так, чтобы выбранный ряд продолжал "
       "увеличиваться в цене.",
       "When a player adds a card to the spread, he must place it so that the chosen row keeps increasing in "
       "price.",
       _MT + "«в цене» (in price) renders English “in value”: each card placed must be higher than the row's "
       "last card."),
    en("Ряд с пятью картами является полным. Если игрок должен добавить свою карту в ряд с пятью картами, он "
       "должен собрать этот ряд и добавить карты в свою стопку быков. Он начинает замену ряда с карты, которую "
       "собирался сыграть.",
       "A row with five cards is full. If a player must add his card to a row with five cards, he must collect "
       "that row and add the cards to his pile of bulls. He starts the row's replacement with the card he was "
       "going to play.",
       "«стопку быков» (pile of bulls) is the penalty pile, called «бычья стопка» in § СЛИШКОМ НИЗКАЯ КАРТА."),
    en("Когда игрок открывает карту, которую нельзя сыграть ни в одном ряду, потому что она слишком низкая, он "
       "должен собрать все карты из ряда по своему выбору.",
       "When a player reveals a card that cannot be played in any row because it is too low, he must collect "
       "all the cards of a row of his choice."),
    en("которую нельзя сыграть ни в одном ряду, потому что она слишком низкая",
       "that cannot be played in any row because it is too low"),
    en("он должен собрать все карты из ряда по своему выбору", "he must collect all the cards of a row of his choice"),
    en("Низкая карта, которую игрок сыграл бы, начинает новый ряд вместо только что собранной.",
       "The low card that the player would have played starts a new row in place of the one just collected.",
       "«собранной» is feminine and agrees with nothing in the sentence («ряд» is masculine): a machine "
       "translation's slip; the sense is “the row just collected”."),
    en('Эти карты кладутся лицом вниз в стопку, которая называется "бычья стопка". У каждого игрока своя бычья '
       "стопка.",
       'These cards are put face down in a pile that is called the "bull pile". Each player has his own bull '
       "pile.",
       "«бычья стопка» renders the English “bull pile”: the player's penalty pile."),
    en('Во время каждого "фокуса" игроки выбирают карты из своей руки, которые могут быть разыграны в расклад.',
       'During each "trick" the players choose cards from their hand that can be played into the spread.',
       _MT + "«фокус» = a “trick” in the card-game sense (one turn of play)."),
    en("Они делают то же самое, выкладывая карту в ряд и передавая ход следующей младшей карте.",
       "They do the same, laying the card in a row and passing the turn to the next lowest card."),
    en("Игра переходит к игроку со следующей низшей картой.", "Play passes to the player with the next lowest card."),
    en("Игра переходит к игроку со следующей младшей картой.", "Play passes to the player with the next lowest card.",
       "Says again what § СЛИШКОМ НИЗКАЯ КАРТА says, with «младшей» (junior, lowest) for «низшей» (lowest)."),
    en("Игроки зарабатывают очки в каждом раунде за каждую бычью голову на собранных ими картах.",
       "Players earn points in each round for every bull's head on the cards they have collected.",
       "Points are penalties here: the fewest points win (§ WINNING)."),
    en("Помимо ранга карты, каждая карта также имеет значение штрафного очка, проиллюстрированное рядом бычьих "
       "голов.",
       "Besides the card's rank, every card also has a penalty-point value, illustrated by a row of bulls' "
       "heads.",
       "The text never gives the values; the publisher's are in RULES-NOTES.md (T5-SCORE-1)."),
    en("После этого каждый игрок просматривает свою кучу быков и подсчитывает количество собранных бычьих голов. "
       "Это и есть счет игрока за раунд.",
       "After that each player looks through his heap of bulls and counts the number of bulls' heads "
       "collected. That is the player's score for the round."),
    en("Раунд заканчивается после того, как каждый игрок опустошит свою руку карт.",
       "The round ends after every player has emptied his hand of cards."),
    en("Соберите карты и перетасуйте их обратно в колоду, чтобы получилась полная колода из 104 карт. Раздайте "
       "каждому игроку по 10 карт и продолжайте играть до конца игры.",
       "Collect the cards and shuffle them back into the deck so as to get a full deck of 104 cards. Deal 10 "
       "cards to each player and go on playing until the end of the game."),
    en("Игра заканчивается, как только игрок набирает количество очков более чем 66 баллов.",
       "The game ends as soon as a player gains a number of points of more than 66 points.",
       "«более чем 66» is “more than 66” (67 or more); the publisher's rule is “66 or more” (T5-AMB-1). "
       "«очков … баллов» uses two words for “points” in one clause, a machine translation's doubling."),
    en("Как только порог в 66 очков будет преодолен одним или несколькими игроками, человек с наименьшим "
       "количеством очков побеждает в игре.",
       "As soon as the threshold of 66 points is crossed by one or more players, the person with the fewest "
       "points wins the game.",
       "«преодолен» (overcome, crossed) leaves open whether reaching 66 already crosses it (T5-AMB-1)."),
    # Ambiguities' own quotes
    en("Игра заканчивается, как только игрок набирает количество очков…",
       "The game ends as soon as a player gains a number of points…"),
    en("…человек с наименьшим количеством очков побеждает в игре.", "…the person with the fewest points wins the game."),
    en("…он должен собрать все карты из ряда по своему выбору.", "…he must collect all the cards of a row of his choice."),
    en("…он должен разместить ее так, чтобы выбранный ряд продолжал увеличиваться в цене.",
       "…he must place it so that the chosen row keeps increasing in price.",
       "«в цене» (in price): in value; the row ascends."),
    # Rule constants
    en("Перемешайте колоду и раздайте по 10 карт каждому игроку.", "Shuffle the deck and deal 10 cards to each player."),
    en("Затем положите четыре карты лицевой стороной вверх в столбик в центре игрового поля.",
       "Then put four cards face up in a column in the centre of the playing area."),
    en("Ряд с пятью картами является полным.", "A row with five cards is full."),
)
