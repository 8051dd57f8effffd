"""BigPoints: our English translation of every Russian text the specification quotes.

Terms: «жетон» a disc (the wooden tokens of the path), «фишка» a pawn,
«лестница» the ladder (the winner's podium), «ступенька» a step of it,
«пути» the path (see :mod:`ruleproof.spec.sources.translations`).

>>> TRANSLATIONS["Черные жетоны"].english
'Black discs'
"""

from __future__ import annotations

from ruleproof.spec.sources.translations import en, table

TRANSLATIONS = table(
    # Headings
    en("от Brigitte и Wolfgang Ditt, для 2-5 игроков старше 8 лет",
       "by Brigitte and Wolfgang Ditt, for 2-5 players older than 8"),
    en("Состав игры", "Contents of the game"),
    en("Цель игры", "Aim of the game"),
    en("Подготовка к игре", "Preparing the game"),
    en("Как играть", "How to play"),
    en("Пример", "Example"),
    en("Черные жетоны", "Black discs"),
    en("Конец игры и подсчет очков", "End of the game and counting the points"),
    en("Несколько раундов", "Several rounds"),
    # Passages
    en("для 2-5 игроков", "for 2-5 players"),
    en("Оставшиеся жетоны, включая черные и белые, перемешиваются и выкладываются в любом порядке и по любому "
       "пути, начиная от последней ступеньки лестницы. Порядок цветов должен быть случайным.",
       "The remaining discs, including the black and the white ones, are mixed and laid out in any order and "
       "along any route, starting from the last step of the ladder. The order of the colours must be random.",
       "«последней ступеньки» (of the last step) is the ladder's bottom step: the path runs away from the ladder, "
       "and the pawns walk it towards the ladder."),
    en("60 деревянных жетонов (10 голубых, красных, желтых, зеленых, фиолетовых и по 5 черных и белых)",
       "60 wooden discs (10 light-blue, red, yellow, green, purple, and 5 each of black and white)",
       "«голубой» is light blue (sky blue). Ten of each base colour: nine on the path and one beside the ladder."),
    en("выкладываются в любом порядке и по любому пути, начиная от последней ступеньки лестницы",
       "are laid out in any order and along any route, starting from the last step of the ladder"),
    en("Положите по одному жетону каждого из 5 основных цветов (голубой, красный, желтый, зеленый и фиолетовый) "
       "возле лестницы.",
       "Put one disc of each of the 5 base colours (light blue, red, yellow, green and purple) beside the "
       "ladder."),
    en("Фишки ставятся вначале получившегося пути", "The pawns are placed at the beginning of the resulting path"),
    en("Определите игрока, который будет начинать игру, далее ход передается по часовой стрелке.",
       "Decide which player will begin the game; after that the turn passes clockwise."),
    en("В свой ход игрок должен выбрать любую фишку и переместить её вперед на следующий жетон такого же цвета, как "
       "и фишка.",
       "On his turn a player must choose any pawn and move it forward to the next disc of the same colour as the "
       "pawn."),
    en("Игроки передвигают любую фишку на следующий жетон такого же, как и фишка, цвета. После этого они "
       "забирают жетон, лежащий впереди или позади фишки.",
       "The players move any pawn to the next disc of the same colour as the pawn. After that they take a disc "
       "lying ahead of or behind the pawn."),
    en("После этого игрок забирает один из жетонов пути.", "After that the player takes one of the path's discs."),
    en("После этого ход переходит к следующему игроку.", "After that the turn passes to the next player."),
    en("В свой ход игрок должен выбрать любую фишку", "On his turn a player must choose any pawn",
       "«любую» (any): a pawn of any colour, not one of the player's own; nobody owns a pawn."),
    en("переместить её вперед на следующий жетон такого же цвета, как и фишка",
       "move it forward to the next disc of the same colour as the pawn"),
    en("Назад передвигать фишку нельзя.", "A pawn may not be moved backwards."),
    en("В дополнительный ход (и только в дополнительный) игрок может переместить фишку назад",
       "In the extra move (and only in the extra one) a player may move a pawn backwards"),
    en("Если между фишкой и лестницей больше нет ни одного жетона соответствующего фишке цвета, фишка перемещается "
       "на лестницу. Она ставится на самую верхнюю свободную ступеньку.",
       "If there is no longer a single disc of the pawn's colour between the pawn and the ladder, the pawn moves "
       "onto the ladder. It is placed on the highest free step."),
    en("После этого игрок может взять один жетон соответствующего фишке цвета из тех, что лежат возле лестницы.",
       "After that the player may take one disc of the pawn's colour from those lying beside the ladder."),
    en("Игроки смогут взять эти жетоны, когда фишка соответствующего цвета будет поставлена на лестницу.",
       "The players will be able to take these discs when the pawn of the matching colour is placed on the "
       "ladder."),
    en("Он может взять первый незанятый другими фишками жетон впереди или позади передвинутой фишки, на свой "
       "выбор.",
       "He may take the first disc not occupied by other pawns ahead of or behind the moved pawn, as he chooses.",
       "Whether an already taken disc (a gap) counts as “first”, the text does not say; the nearest disc still "
       "on the path is meant (RULES-NOTES.md row 4, BP-AMB-4)."),
    en("если вначале игры нет свободного жетона позади фишки, игрок должен взять первый свободный жетон перед "
       "фишкой. Аналогичное правило применяется для фишки, которая переместилась прямо к лестнице, перед ней нет "
       "жетонов, поэтому игрок должен взять первый свободный жетон позади фишки.",
       "if at the beginning of the game there is no free disc behind the pawn, the player must take the first "
       "free disc in front of the pawn. The same rule applies to a pawn that has moved right up to the ladder: "
       "there are no discs in front of it, so the player must take the first free disc behind the pawn."),
    en("Игрок скрыто держит собранные жетоны у себя до конца игры.",
       "The player keeps the collected discs hidden with him until the end of the game."),
    en("Также нельзя использовать жетон сразу же, в тот же ход, в который он был взят. Игрок должен дождаться "
       "своего следующего хода, чтобы использовать его.",
       "Nor may a disc be used at once, in the same turn in which it was taken. The player must wait for his next "
       "turn to use it."),
    en("Не разрешается использовать более одного черного жетона за один ход игрока.",
       "It is not allowed to use more than one black disc in one turn of a player."),
    en("Взятые черные жетоны всегда остаются у игроков, кладутся рядом с ним и не возвращаются обратно в игру.",
       "Black discs once taken always stay with the players, are put beside him and do not return to play.",
       "«рядом с ним» (beside him) switches to the singular: beside their owner. Whether they lie face up "
       "before they are spent is open (BP-AMB-11)."),
    en("Игрок может использовать черный жетон, чтобы передвинуть ещё одну фишку после своего первого хода. Он "
       "может походить той же самой фишкой, или любой другой. После хода, он опять берет жетон, как и при первом "
       "ходе.",
       "A player may use a black disc to move one more pawn after his first move. He may move the same pawn, or "
       "any other. After the move he again takes a disc, as with the first move."),
    en("Любой полученный черный жетон может быть использован в процессе игры для дополнительного хода:",
       "Any black disc received may be used during the game for an extra move:"),
    en("В дополнительный ход (и только в дополнительный) игрок может переместить фишку назад на жетон "
       "соответствующего фишке цвета.",
       "In the extra move (and only in the extra one) a player may move a pawn backwards onto a disc of the "
       "pawn's colour."),
    en("может переместить фишку назад на жетон соответствующего фишке цвета",
       "may move a pawn backwards onto a disc of the pawn's colour",
       "Which disc (the nearest behind?) and what if there is none, the text does not say (BP-AMB-6)."),
    en("Игра заканчивается сразу же, как только последняя фишка будет установлена на лестницу.",
       "The game ends at once, as soon as the last pawn is placed on the ladder."),
    en("Каждый жетон получается количество очков, написанное на лестнице под фишкой соответствующего цвета "
       "Черные жетоны не дают очков Каждый белый жетон дает количество очков, равное количеству разных цветов "
       "жетонов на руке у игрока, кроме белого цвета.",
       "Each disc gets the number of points written on the ladder under the pawn of the matching colour Black "
       "discs give no points Each white disc gives a number of points equal to the number of different colours "
       "of discs in the player's hand, except white.",
       "Three list items run together without full stops (lost in extraction). «Каждый жетон получается» is "
       "ungrammatical (“each disc is obtained”); the sense is “each disc scores”. Whether black counts among the "
       "“different colours” is open (BP-AMB-2)."),
    en("Стоимость собранных жетонов определяется лестницей", "The value of the collected discs is set by the ladder"),
    en("В этом случае играется количество игр равное количеству игроков, при этом каждый новый раунд начинает "
       "новый игрок. Очки, полученные за каждый раунд, суммируются.",
       "In that case a number of games equal to the number of players is played, each new round being begun by a "
       "new player. The points gained in each round are added up.",
       "«игра» (game) and «раунд» (round) name the same thing here."),
    en("Игрок с наибольшим количеством очков выигрывает. Если несколько игроков набрали одинаковое количество "
       "очков – победа делится между ними.",
       "The player with the most points wins. If several players have gained the same number of points, the "
       "victory is shared between them."),
    en("Игрок, набравший больше всех очков за все игры, является победителем. Если несколько игроков набрали "
       "одинаковое количество очков – победу они делят между собой.",
       "The player who has gained the most points over all the games is the winner. If several players have "
       "gained the same number of points, they share the victory among themselves."),
    # Ambiguities' own quotes
    en("количество очков определяется по ступенькам", "the number of points is set by the steps",
       "The text never gives the steps' values; its scoring example implies 4, 3, 2, 1, 0 from the top "
       "(BP-AMB-1)."),
    en("кроме белого цвета", "except white"),
    en("Черный жетон можно использовать только один раз.", "A black disc can be used only once."),
    en("первый незанятый другими фишками жетон впереди или позади",
       "the first disc not occupied by other pawns ahead or behind"),
    en("Жетоны, на которых стоят фишки, брать нельзя.", "Discs on which pawns stand may not be taken."),
    en("чтобы передвинуть ещё одну фишку после своего первого хода", "to move one more pawn after his first move"),
    en("Игра заканчивается сразу же", "The game ends at once"),
    en("играется количество игр равное количеству игроков", "a number of games equal to the number of players is played"),
    en("После этого игрок может взять один жетон", "After that the player may take one disc"),
    # Rule constants
    en("5 фишек разных цветов: голубого, красного, желтого, зеленого и фиолетового",
       "5 pawns of different colours: light blue, red, yellow, green and purple"),
    en("Положите по одному жетону каждого из 5 основных цветов", "Put one disc of each of the 5 base colours"),
    en("2 красных жетона (по 4 очка) = 8", "2 red discs (4 points each) = 8",
       "A line of the scoring example: the red pawn stands on the top step, worth 4."),
)
