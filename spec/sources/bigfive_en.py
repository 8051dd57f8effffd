"""Big Five: our English translation of every Russian text the specification quotes.

The rulebook's own terms are translated the same way everywhere (the
glossary defines them): «играемая группа» the played group, «отправная
карта» the starting card, «исходная группа» the original group, «новая
группа» the new group, «игровое поле» the playing field, «отбой» the
discard pile. A «группа» is always a straight line of adjacent cards (see
:mod:`ruleproof.spec.sources.translations`).

>>> TRANSLATIONS["Примечания:"].english
'Notes:'
"""

from __future__ import annotations

from ruleproof.spec.sources.translations import en, table

_GROUP = "«группа» (group): a straight row or column of adjacent cards, as RULES-NOTES.md reads it."

TRANSLATIONS = table(
    # Headings
    en("Компоненты игры", "Game components"),
    en("Цель игры", "Aim of the game"),
    en("Подготовка к игре", "Preparing the game"),
    en("Общий ход игры", "General course of the game"),
    en("Как играть карты", "How to play cards"),
    en("Примеры", "Examples"),
    en("Пример нарушения правил:", "An example of breaking the rules:"),
    en("Бонусы за большие новые группы", "Bonuses for large new groups"),
    en("Примеры бонусов", "Examples of bonuses"),
    en("Как обменивать карты", "How to exchange cards"),
    en("Конец игры", "End of the game"),
    en("Игра в несколько раундов", "Playing several rounds"),
    en("Большая Пятёрка для малышей", "Big Five for little children"),
    en("Фора для слабых игроков", "A handicap for weaker players"),
    en("Пасьянс для одного игрока", "Patience for one player", "«Пасьянс» (patience) is a solitaire card game."),
    en("Примечания:", "Notes:"),
    # Passages
    en("Если в игре принимают участие 2 или 4 человека, то при полной равной раздаче останутся лишние карты.",
       "If 2 or 4 people take part in the game, then a complete equal deal leaves spare cards over.",
       "The only place the text names player counts; it never gives a range (RULES-NOTES.md, Big Five row 6)."),
    en("В Большую Пятёрку может играть и один человек по следующим правилам.",
       "Big Five can also be played by one person, by the following rules."),
    en("В набор входит 100 карт: 5 видов животных по 5 карт в разных цветовых исполнениях: синий, желтый, "
       "зеленый, красный и фиолетовый (по 4 полных цветовых комплекта карт для каждого вида животного).",
       "The set holds 100 cards: 5 kinds of animal, 5 cards each in different colour versions: blue, yellow, "
       "green, red and purple (4 full colour sets of cards for each kind of animal).",
       "The text names only four animals (lion, giraffe, zebra, chimpanzee); the fifth, the elephant, comes from "
       "the publisher's game."),
    en("Все карты хорошенько тасуются. Одна карта кладется в центр стола лицевой стороной вверх.",
       "All the cards are shuffled well. One card is put in the centre of the table face up."),
    en('Эта карта является первой картой в игре, от нее начинается формирование игрового пространства (далее по '
       'тексту: "игровое поле").',
       'This card is the first card in the game; from it the forming of the playing space begins (from here on '
       'in the text: "the playing field").'),
    en("Остальные карты рубашками вверх раздаются между игроками в равном количестве.",
       "The remaining cards are dealt face down among the players in equal numbers.",
       "«рубашками вверх» (backs up) is face down."),
    en("Эти карты убираются назад в коробку (их значения не показываются игрокам!).",
       "These cards are put back into the box (their values are not shown to the players!)."),
    en("Каждый игрок формирует из полученных карт колоду и кладет ее рядом с собой рубашкой вверх. Затем каждый "
       "игрок берет из своей колоды 5 карт себе в руку.",
       "Each player forms a deck from the cards received and puts it beside himself face down. Then each player "
       "takes 5 cards from his deck into his hand."),
    en("При игре с малышами игрокам раздается меньшее количество карт. Каждый игрок получает по 15 карт. Все "
       "остальные правила остаются без изменений.",
       "When playing with little children, fewer cards are dealt to the players. Each player gets 15 cards. All "
       "the other rules stay unchanged."),
    en("более слабым игрокам в начале игры раздается меньшее количество карт",
       "weaker players are dealt fewer cards at the start of the game"),
    en("В начале игры карты тасуются, в центр стола выкладывается 1 карта лицом вверх. Остальные карты "
       "складываются в колоду (рубашками вверх) перед игроком. Игрок берет из колоды в руку 5 карт.",
       "At the start of the game the cards are shuffled, 1 card is laid face up in the centre of the table. The "
       "remaining cards are stacked into a deck (face down) in front of the player. The player takes 5 cards "
       "from the deck into his hand."),
    en("Игру начинает самый молодой игрок. Затем ход передается другим игрокам по часовой стрелке.",
       "The youngest player begins the game. Then the turn passes to the other players clockwise."),
    en("В свой ход игрок может произвести одно из двух действий:", "On his turn a player may perform one of two actions:"),
    en("- сыграть свои карты;", "- play his cards;"),
    en("- обменять свои карты.", "- exchange his cards."),
    en("После выполнения одного из этих двух действий ход передается следующему игроку.",
       "After one of these two actions is carried out, the turn passes to the next player."),
    en("В свой ход игрок может сыграть свои карты в игровое поле.",
       "On his turn a player may play his cards into the playing field."),
    en('За один ход игрок может сыграть одну группу карт (несколько карт, далее по тексту: "играемая группа")',
       'In one turn a player may play one group of cards (several cards, from here on in the text: "the played '
       'group")',
       "«несколько карт» (several cards) suggests two or more; the rules allow a single card by default "
       "(BF-AMB-7). " + _GROUP),
    en("Таким образом, играемая группа примыкает к исходной группе и создает в связке с ней еще большую группу",
       "In this way the played group adjoins the original group and, joined with it, creates a still larger "
       "group"),
    en("За один ход игрок может выложить на игровое поле только одну играемую группу.",
       "In one turn a player may lay out on the playing field only one played group."),
    en("которая выкладывается на игровое поле в вертикальной или горизонтальной последовательности к уже "
       "имеющейся на игровом поле карте",
       "which is laid out on the playing field in a vertical or horizontal sequence against a card already on "
       "the playing field"),
    en("Ориентация играемой группы при этом не изменяется.", "The orientation of the played group does not change in "
       "doing so.", "Said of a group that flanks the starting card on both sides: it is still one straight line."),
    en("Правило 2. Играемая группа должна примыкать по горизонтали или вертикали к отправной карте так, чтобы "
       "новая группа включала в себя хотя бы одну карту, изначально имеющуюся на игровом поле.",
       "Rule 2. The played group must adjoin the starting card horizontally or vertically so that the new group "
       "includes at least one card originally on the playing field.",
       "The new group is the line the played cards form with the old ones: touching an old card sideways is "
       "not enough (the counter-example in § Пример нарушения правил:)."),
    en("Правило 3. Играемая группа должна отвечать одному из двух условий:",
       "Rule 3. The played group must meet one of two conditions:"),
    en("все карты в играемой группе могут быть разными видами животных, но одного и того же цвета, причем этот "
       "цвет должен соответствовать цвету отправной карты",
       "all the cards in the played group may be different kinds of animal but of one and the same colour, and "
       "this colour must match the colour of the starting card"),
    en("все карты в играемой группе могут быть разного цвета, но одного и того же вида животного, причем этот "
       "вид животного должен соответствовать виду животного отправной карты",
       "all the cards in the played group may be of different colours but of one and the same kind of animal, "
       "and this kind of animal must match the kind of animal of the starting card"),
    en("то для всех соприкосновений должно неукоснительно соблюдаться Правило 3.",
       "then Rule 3 must be strictly observed for all the contacts."),
    en('Если играемая группа примыкается к отправной карте по правилу "разные животные одного цвета", то ни одна '
       "карта в играемой группе не должна повторять ни одну из карт в исходной группе. Другими словами, "
       "образованная таким ходом новая группа не может содержать в себе двух одинаковых карт.",
       'If the played group is joined to the starting card by the rule "different animals of one colour", then '
       "no card in the played group may repeat any of the cards in the original group. In other words, the new "
       "group formed by such a move cannot contain two identical cards.",
       "«примыкается» is ungrammatical (a reflexive form of «примыкать», to adjoin). The text states the ban for "
       "colour groups only; RULES-NOTES.md row 2 applies it to every line (BF-AMB-4)."),
    en("Максимальное количество карт в новой группе не может быть больше 5.",
       "The maximum number of cards in the new group cannot be more than 5."),
    en("игрок добирает из своей колоды карты в руку", "the player draws cards from his deck into his hand"),
    en("После выполнения своего хода игрок добирает из своей колоды карты в руку до общего количества 5 карт. "
       "Если карты в колоде игрока закончились, игрок продолжает игру с оставшимся количеством карт в руке.",
       "After carrying out his turn the player draws cards from his deck into his hand up to a total of 5 cards. "
       "If the cards in the player's deck have run out, the player goes on playing with the number of cards "
       "left in his hand."),
    en("В свой ход, вместо выкладывания карт с руки на игровое поле, игрок может произвести замену карт, "
       "имеющихся у него на руках. За 1 ход можно заменить все 5 карт.",
       "On his turn, instead of laying cards from his hand on the playing field, a player may replace cards he "
       "holds in his hands. All 5 cards may be replaced in 1 turn.",
       "«можно заменить все 5» (may replace all 5) gives the most, not the only number (BF-AMB-6)."),
    en("Отобрав карты, которые подлежат замене, игрок тасует их и кладет под низ колоды. После этого он берет то "
       "же количество новых карт из своей колоды.",
       "Having picked out the cards to be replaced, the player shuffles them and puts them under the bottom of "
       "the deck. After that he takes the same number of new cards from his deck."),
    en("Если игрок так выкладывает играемую группу, что в результате на игровом поле образуется новая группа в "
       "4 или 5 карт, то игрок получает за свой ход дополнительные бонусы.",
       "If a player lays out the played group so that as a result a new group of 4 or 5 cards forms on the "
       "playing field, then the player gets additional bonuses for his turn."),
    en('Формирование на игровом поле связной группы в 4 или 5 карт ("Большой Пятерки") приносит игроку '
       "дополнительные бонусы.",
       'Forming on the playing field a connected group of 4 or 5 cards (a "Big Five") brings the player '
       "additional bonuses."),
    en("При образовании нескольких новых групп в 4 или 5 карт за 1 ход бонусы игрока суммируются.",
       "When several new groups of 4 or 5 cards form in 1 turn, the player's bonuses are added together."),
    en("Если играемая группа состоит из 4 карт, то игрок может сразу скинуть 3 карты в качестве бонуса",
       "If the played group consists of 4 cards, then the player may at once throw off 3 cards as a bonus"),
    en("1 карту со своей руки или из своей колоды (не глядя значение карты)",
       "1 card from his hand or from his deck (without looking at the card's value)",
       "The parenthesis belongs to the deck card only: a deck card goes unseen (BF-AMB-8)."),
    en("За новую группу в 5 карт (Большую Пятёрку) игрок может сбросить в коробку 2 карты.",
       "For a new group of 5 cards (a Big Five) the player may discard 2 cards into the box."),
    en("Игрок становится победителем в игре, как только он разыграет свою последнюю карту. Последняя карта "
       "может быть сыграна как в составе играемой группы, так и в качестве бонусной карты, сбрасываемой в "
       "коробку.",
       "A player becomes the winner of the game as soon as he plays out his last card. The last card may be "
       "played either as part of the played group or as a bonus card discarded into the box."),
    en("Игроки стремятся полностью избавиться от своих карт. Тот, кто первым останется без карт, становится "
       "победителем в игре.",
       "The players try to get rid of their cards completely. Whoever is first left without cards becomes the "
       "winner of the game."),
    en("При условии, что у игрока больше не осталось карт ни в колоде, ни на руках, он объявляется победителем.",
       "Provided that the player has no cards left either in his deck or in his hands, he is declared the "
       "winner."),
    en("Игра считается законченной также в том случае, если после обмена карт ни один из игроков не может "
       "продолжить игру выкладыванием играемой группы на игровое поле.",
       "The game is also considered over if, after an exchange of cards, none of the players can continue the "
       "game by laying a played group on the playing field.",
       "Whose exchange, and how many rounds of exchanges, the text leaves open (BF-AMB-2)."),
    en("В таком случае победителем объявляется тот игрок, у которого осталось меньше всего карт.",
       "In that case the player who has the fewest cards left is declared the winner."),
    en("Победителем в игре становится игрок с наименьшим количеством штрафных очков.",
       "The winner of the game is the player with the smallest number of penalty points."),
    en("Чем меньше штрафных очков набрал игрок, тем выше результат его игры.",
       "The fewer penalty points the player has gained, the higher the result of his game."),
    en("Игра заканчивается при достижении кем-либо из игроков определенного количества штрафных очков, либо по "
       "прошествии определенного количества раундов (по договоренности между игроками).",
       "The game ends when any of the players reaches a certain number of penalty points, or after a certain "
       "number of rounds has passed (by agreement between the players)."),
    en("В Большую Пятерку можно играть в несколько раундов.", "Big Five can be played over several rounds."),
    en("При такой игре после определения победителя в каждом раунде проигравшие игроки подсчитывают количество "
       "оставшихся у них карт и записывают его себе в качестве штрафных очков.",
       "In such a game, after the winner of each round is determined, the losing players count the number of "
       "cards they have left and write it down for themselves as penalty points.",
       "Whether the cards left include the deck as well as the hand, the text does not say; the spec counts "
       "both (BF-ROUND-2)."),
    en("В каждый ход игрок пытается выложить на игровое поле играемую группу, состоящую из не менее, чем 3-х "
       "карт, всякий раз пополняя из колоды количество карт в руке до 5 штук.",
       "On each turn the player tries to lay out on the playing field a played group consisting of not fewer "
       "than 3 cards, each time refilling the number of cards in his hand from the deck up to 5."),
    en("Если ему не удается в очередной ход выложить играемую группу из не менее, чем 3-х карт, то он должен "
       "сбросить с руки в отбой 3 карты и взять из колоды 3 новых карты.",
       "If on his next turn he does not manage to lay out a played group of not fewer than 3 cards, then he "
       "must discard 3 cards from his hand to the discard pile and take 3 new cards from the deck."),
    en("Если ему не удается в очередной ход выложить играемую группу из не менее, чем 3-х карт",
       "If on his next turn he does not manage to lay out a played group of not fewer than 3 cards"),
    en("Если игрок зарабатывает бонус, то он может сбросить из отбоя в коробку то количество карт, которое ему "
       "полагается по бонусу.",
       "If the player earns a bonus, then he may discard from the discard pile into the box the number of cards "
       "that the bonus entitles him to."),
    en("Игра продолжается до тех пор, пока количество карт в колоде не позволит игроку набрать в руку до 5 карт. "
       "Тогда он сбрасывает в коробку карты, оставшиеся у него в руке, и подсчитывает карты (количество штрафных "
       "очков), которые накопились у него в отбое.",
       "The game goes on until the number of cards in the deck no longer lets the player fill his hand up to 5 "
       "cards. Then he discards into the box the cards left in his hand and counts the cards (the number of "
       "penalty points) that have piled up in his discard pile.",
       "«пока … не позволит» reads literally “while … does not allow”; the Russian idiom means “until … no "
       "longer allows”. What happens to the cards still in the deck is left open (BF-AMB-12)."),
    # Ambiguities' own quotes
    en("За новую группу в 4 карты игрок может сбросить в коробку (в отбой) 1 карту",
       "For a new group of 4 cards the player may discard 1 card into the box (to the discard)"),
    en("если после обмена карт ни один из игроков не может продолжить игру выкладыванием",
       "if after an exchange of cards none of the players can continue the game by laying out"),
    en("Если в игре принимают участие 2 или 4 человека", "If 2 or 4 people take part in the game"),
    en("новая группа не может содержать в себе двух одинаковых карт", "the new group cannot contain two identical cards"),
    en("не только с одной стороны (как в предыдущем примере), но и с двух сторон",
       "not only on one side (as in the previous example) but also on both sides"),
    en("За 1 ход можно заменить все 5 карт.", "All 5 cards may be replaced in 1 turn."),
    en("группу карт (несколько карт", "a group of cards (several cards"),
    en("В свой ход игрок может произвести одно из двух действий", "On his turn a player may perform one of two actions"),
    en("Если ему не удается в очередной ход выложить играемую группу",
       "If on his next turn he does not manage to lay out a played group"),
    en("при достижении кем-либо из игроков определенного количества штрафных очков, либо по прошествии "
       "определенного количества раундов",
       "when any of the players reaches a certain number of penalty points, or after a certain number of rounds "
       "has passed"),
    en("пока количество карт в колоде не позволит игроку набрать в руку до 5 карт",
       "until the number of cards in the deck no longer lets the player fill his hand up to 5 cards"),
    # Rule constants
    en("5 видов животных", "5 kinds of animal"),
    en("по 5 карт в разных цветовых исполнениях: синий, желтый, зеленый, красный и фиолетовый",
       "5 cards each in different colour versions: blue, yellow, green, red and purple"),
    en("(по 4 полных цветовых комплекта карт для каждого вида животного)",
       "(4 full colour sets of cards for each kind of animal)"),
    en("Затем каждый игрок берет из своей колоды 5 карт себе в руку.",
       "Then each player takes 5 cards from his deck into his hand."),
    en("Если играемая группа состоит из 4 карт", "If the played group consists of 4 cards"),
    en("За новую группу в 4 карты игрок может сбросить в коробку (в отбой) 1 карту со своей руки или из своей "
       "колоды (не глядя значение карты). За новую группу в 5 карт (Большую Пятёрку) игрок может сбросить в "
       "коробку 2 карты.",
       "For a new group of 4 cards the player may discard into the box (to the discard) 1 card from his hand or "
       "from his deck (without looking at the card's value). For a new group of 5 cards (a Big Five) the player "
       "may discard 2 cards into the box."),
    en("1 карту бонуса за 4 карты в играемой группе", "1 bonus card for 4 cards in the played group"),
    en("Каждый игрок получает по 15 карт.", "Each player gets 15 cards."),
    en("выложить на игровое поле играемую группу, состоящую из не менее, чем 3-х карт",
       "to lay out on the playing field a played group consisting of not fewer than 3 cards"),
    en("он должен сбросить с руки в отбой 3 карты и взять из колоды 3 новых карты",
       "he must discard 3 cards from his hand to the discard pile and take 3 new cards from the deck"),
)
