"""The Ikebana text and its readings: the rulebook file and its sections, the numbers it fixes, the
variant (every flag a reading may set) and the points where the text is silent or ambiguous.

The rules themselves are in :mod:`ruleproof.spec.ikebana`, which re-exports everything here; this module
is what a reading is made of. :data:`CONSTANTS` names each number of the text once, with its passage;
a number with bounds is also a flag of :class:`IkebanaVariant` (a house rule such as "two copies of every
value" is ``values=1,1,2,2,3,3,4,4,5,5``). Each :class:`~ruleproof.spec.core.Ambiguity` quotes the passage
in question, lists its readings (the value of a flag for each, or, for a point the project fixes, the
reason the other reading cannot be played) and names the rules it touches.

>>> [a.flag for a in AMBIGUITIES if a.flag][:3]
['bank', 'shortfall', 'double_final']
>>> CONSTANTS.number("start_coins"), IkebanaVariant(start_coins=10).start_coins
(6, 10)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from ruleproof.spec.core import Ambiguity, ConstantTable, Reading, RuleConstant, Source, check_constant_flags
from ruleproof.spec.errors import VariantError
from ruleproof.spec.ikebana_cards import Card, Scoring

RULEBOOK = "003_cc6896382a889cb1.txt"

SEC_NEED = "Вам понадобится"
SEC_PREP = "Подготовка."
SEC_PLAY = "Как играть."
SEC_ROUND_END = "Конец раунда."
SEC_SCORE = "Как считаются очки."


def source(section: str, note: str = "") -> Source:
    """Where in the text: the rulebook file and a section heading (``note``: a fact from RULES-NOTES.md or a
    project decision).

    >>> str(source(SEC_PREP))
    '003_cc6896382a889cb1.txt § Подготовка.'
    """
    return Source(RULEBOOK, section, note)


# --------------------------------------------------------------------------
# The numbers the rulebook fixes

# The bounds of the numbers a reading may change, chosen so that every layer still works: a card shows one
# digit 1-5 (its text form; the runs and the engine's score table cover these values); a colour of 1 to 20
# cards keeps decks at most 100 cards; up to 30 starting coins (the box's 1-chips) and 10 rounds keep the
# refusals per turn and the game length small; a bouquet of 3 to 5 cards (at most one card per colour for
# "every card a different colour", at least three so that it differs from "two colours"); multipliers 1-10.
MAX_CARD_VALUE = 5
MAX_COLOUR_CARDS = 20
MAX_START_COINS = 30
MAX_ROUNDS = 10
MAX_BOUQUET = 5
MAX_MULTIPLIER = 10

#: Every number of the Ikebana text, named once (the other layers read them from here); a number with
#: bounds is also a variant flag of the same name.
CONSTANTS = ConstantTable("ikebana", (
    RuleConstant("colours", ("R", "G", "Y", "B", "W"), "the colours of the deck, in the text's order: red, green, "
                 "yellow, blue, white (each a letter of a card's text form)", source(SEC_NEED),
                 "50 карт пяти цветов из набора «Ханаби»: карты красного, зеленого, желтого, синего и белого цвета"),
    RuleConstant("values", (1, 1, 1, 2, 2, 3, 3, 4, 4, 5), "the values of one colour's cards (five colours of ten "
                 "cards: the text's 50 cards), lowest first", source(SEC_NEED), "с номиналами: 1, 1, 1, 2, 2, 3, 3, 4, 4, 5",
                 1, MAX_CARD_VALUE),
    RuleConstant("chips", ((1, 30), (5, 15), (10, 15), (50, 5)), "the box's chips, (value, count): what a finite "
                 "bank holds before the starting coins are dealt (505 in value)", source(SEC_NEED),
                 "30 желтых фишек (каждая стоит 1 очко), 15 голубых фишек (5 очков), 15 красных фишек (10 очков), "
                 "5 зеленых фишек (50 очков)"),
    RuleConstant("max_players", 5, "the most players", source(SEC_PREP), "Каждый игрок (их может быть до 5 человек)"),
    RuleConstant("start_coins", 6, "the coins (of value 1) each player takes from the bank at the start",
                 source(SEC_PREP), "получает по 6 монеток (каждая номиналом 1 очко)", 0, MAX_START_COINS),
    RuleConstant("rounds", 4, "the rounds of a game", source(SEC_PLAY), "Игра состоит из четырех раундов.", 1,
                 MAX_ROUNDS),
    RuleConstant("bouquet", 5, "the cards of a bouquet: each player collects them every round", source(SEC_PLAY),
                 "В каждом раунде игроки собирают набор из 5 карт и зарабатывают очки.", 3, MAX_BOUQUET),
    RuleConstant("min_players", 2, "the fewest players (the text's smallest table: two players)", source(SEC_PLAY),
                 "Если играют двое, монетки всегда отдаются оппоненту."),
    # Longest first: among equal splits the explanation names the longest run (the text lists 1-2-3-4 first).
    RuleConstant("runs", (((1, 2, 3, 4, 5), 15), ((2, 3, 4, 5), 12), ((1, 2, 3, 4), 8)),
                 "the runs and their points, (values, points)", source(SEC_SCORE),
                 "Ряд карт с номиналом 1,2,3,4 = 8 очков Ряд карт с номиналом 2,3,4,5 = 12 очков "
                 "Ряд карт с номиналом 1,2,3,4,5 = 15 очков"),
    RuleConstant("two_colour_multiplier", 2, "the multiplier of a bouquet of exactly two colours", source(SEC_SCORE),
                 "Все карты только двух цветов = сумма х 2", 1, MAX_MULTIPLIER),
    RuleConstant("rainbow_multiplier", 3, "the multiplier of a bouquet whose cards all differ in colour",
                 source(SEC_SCORE), "Все карты разного цвета = сумма х 3", 1, MAX_MULTIPLIER),
    RuleConstant("one_colour_multiplier", 4, "the multiplier of a bouquet of one colour", source(SEC_SCORE),
                 "Все карты одного цвета = сумма х 4", 1, MAX_MULTIPLIER),
    RuleConstant("final_factor", 2, "what the final round's payouts are multiplied by under the text's option "
                 "(double_final)", source(SEC_SCORE), "можно очки, полученные в финальном раунде, умножить на два", 1,
                 MAX_MULTIPLIER),
))

#: Colour letters in the order the rules list them.
COLOURS = "".join(CONSTANTS.table("colours"))
COLOUR_NAMES = dict(zip(COLOURS, ("red", "green", "yellow", "blue", "white")))
#: The values of one colour's cards.
VALUES: tuple[int, ...] = CONSTANTS.table("values")
#: Every value a card can show, lowest first (the bounds of :data:`VALUES`' members).
CARD_VALUES: tuple[int, ...] = tuple(range(1, MAX_CARD_VALUE + 1))
#: How many copies of each value one colour has.
COPIES = dict(sorted(Counter(VALUES).items()))
#: Cards in a complete bouquet (a hand at the end of a round).
BOUQUET = CONSTANTS.number("bouquet")
START_COINS = CONSTANTS.number("start_coins")
ROUNDS = CONSTANTS.number("rounds")
MIN_PLAYERS = CONSTANTS.number("min_players")
MAX_PLAYERS = CONSTANTS.number("max_players")
#: The chips of the text: (value, count) — 30×1, 15×5, 15×10, 5×50.
BANK_CHIPS: tuple[tuple[int, int], ...] = CONSTANTS.table("chips")
#: The value of every chip in the box (505).
BANK_TOTAL = sum(value * count for value, count in BANK_CHIPS)
#: The runs and their points.
RUNS: dict[tuple[int, ...], int] = dict(CONSTANTS.table("runs"))
FINAL_FACTOR = CONSTANTS.number("final_factor")
#: The numbers a bouquet's score depends on (:mod:`ruleproof.spec.ikebana_cards`).
SCORING = Scoring(BOUQUET, tuple(RUNS.items()), CONSTANTS.number("one_colour_multiplier"),
                  CONSTANTS.number("two_colour_multiplier"), CONSTANTS.number("rainbow_multiplier"))

#: Every card of the deck, sorted (as strings).
FULL_DECK: tuple[Card, ...] = tuple(sorted(f"{c}{v}" for c in COLOURS for v in VALUES))
#: The 25 different cards.
CARD_KINDS: tuple[Card, ...] = tuple(sorted(set(FULL_DECK)))


# --------------------------------------------------------------------------
# The variant: every flag a reading may set


@dataclass(frozen=True)
class IkebanaVariant:
    """The variant flags of Ikebana (RULES-NOTES.md §Ikebana and the gaps of the text).

    :param bank: ``"unlimited"`` (default) or ``"finite"``: the bank holds the
        text's chips, 505 in value, minus the players' starting coins.
    :param shortfall: what happens when a finite bank cannot pay a round in
        full: ``"in_order"`` pays clockwise from the round's start player while
        money lasts and play goes on; ``"end_game"`` pays the same way and then
        ends the game.
    :param double_final: the text's option: payouts of the fourth round are doubled.
    :param start_tie: who starts the next round when several players share the
        highest score: ``"after_previous"``: the first of them clockwise after
        the previous start player; ``"lowest_seat"``: the lowest seat.
    :param recycle: when a run-out deck is rebuilt from the discard piles:
        ``"on_draw"``: when a card must be drawn and the deck is empty;
        ``"when_empty"``: as soon as the last card is turned up.
    :param stall: a player to act who can neither draw (deck and discards below
        the tops empty) nor buy: ``"end_round"`` ends the round at once, bouquets
        scored as they stand; ``"skip"`` passes the turn to the next player who
        still needs cards and can act, and ends the round when nobody can.
    :param partial_refusal: a player who cannot pay the next refusal in full:
        ``False`` (default) must keep the card; ``True`` may still refuse while
        holding at least one coin, paying every coin left (the text: "пока у
        него не закончатся монетки").
    :param values: the values of one colour's cards, lowest first (1 to
        ``MAX_COLOUR_CARDS`` cards of 1 to ``MAX_CARD_VALUE``); the text's
        1, 1, 1, 2, 2, 3, 3, 4, 4, 5.
    :param start_coins: the coins each player takes from the bank at the start (text: 6).
    :param rounds: the rounds of a game (text: 4).
    :param bouquet: the cards each player collects in a round, 3 to 5 (text: 5).
    :param two_colour_multiplier: the multiplier of a bouquet of exactly two colours (text: 2).
    :param rainbow_multiplier: the multiplier of a bouquet whose cards all differ in colour (text: 3).
    :param one_colour_multiplier: the multiplier of a bouquet of one colour (text: 4).
    :param final_factor: what ``double_final`` multiplies the final round's payouts by (text: 2).

    These last eight are the numbers of :data:`CONSTANTS` a reading may change,
    each within its constant's bounds.

    >>> IkebanaVariant(values=(1, 1, 2, 2, 3, 3, 4, 4, 5, 5)).values.count(5), IkebanaVariant(rounds=3).rounds
    (2, 3)
    >>> IkebanaVariant(rounds=11)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: rounds must be from 1 to 10 (the rounds of a game); got 11 (limit MAX_ROUNDS)
    """

    bank: Literal["unlimited", "finite"] = "unlimited"
    shortfall: Literal["in_order", "end_game"] = "in_order"
    double_final: bool = False
    start_tie: Literal["after_previous", "lowest_seat"] = "after_previous"
    recycle: Literal["on_draw", "when_empty"] = "on_draw"
    stall: Literal["end_round", "skip"] = "end_round"
    partial_refusal: bool = False
    values: tuple[int, ...] = VALUES
    start_coins: int = START_COINS
    rounds: int = ROUNDS
    bouquet: int = BOUQUET
    two_colour_multiplier: int = SCORING.two_colours
    rainbow_multiplier: int = SCORING.rainbow
    one_colour_multiplier: int = SCORING.one_colour
    final_factor: int = FINAL_FACTOR

    def __post_init__(self) -> None:
        values = self.values
        if not isinstance(values, tuple) or not 1 <= len(values) <= MAX_COLOUR_CARDS:
            size = len(values) if isinstance(values, tuple) else values
            raise VariantError(f"values must list 1 to {MAX_COLOUR_CARDS} cards of a colour (limit MAX_COLOUR_CARDS); "
                               f"got {size!r}", flag="values")
        try:
            check_constant_flags(self, CONSTANTS)
        except VariantError as exc:
            raise VariantError(f"{exc.args[0]} (limit {_LIMITS[exc.flag]})", flag=exc.flag) from None
        if list(values) != sorted(values):
            raise VariantError(f"values must be listed lowest first, as the text lists them; got {values!r}",
                               flag="values")


#: The named upper bound of each flag of :data:`CONSTANTS` (said when a value is refused).
_LIMITS = {"values": "MAX_CARD_VALUE", "start_coins": "MAX_START_COINS", "rounds": "MAX_ROUNDS",
           "bouquet": "MAX_BOUQUET", "two_colour_multiplier": "MAX_MULTIPLIER", "rainbow_multiplier": "MAX_MULTIPLIER",
           "one_colour_multiplier": "MAX_MULTIPLIER", "final_factor": "MAX_MULTIPLIER"}


#: The rulebook's own reading: every flag at its default.
DEFAULT_VARIANT = IkebanaVariant()


# --------------------------------------------------------------------------
# The points where the text is silent or ambiguous (each with the flag that chooses a reading)


AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "IK-AMB-1", "Is the bank limited to the chips in the box?",
        "Оставшиеся монетки образуют своеобразный банк.",
        source(SEC_PREP),
        (Reading("unlimited", "the bank never runs out (RULES-NOTES default)"),
         Reading("finite", "the bank holds the box's chips: 30x1, 15x5, 15x10, 5x50 = 505, minus the starting coins")),
        "unlimited", "bank", ("IK-BANK-1", "IK-MONEY-1"),
    ),
    Ambiguity(
        "IK-AMB-2", "What happens when a finite bank cannot pay a round's payouts?",
        "Оставшиеся монетки образуют своеобразный банк.",
        source(SEC_PREP),
        (Reading("in_order", "pay clockwise from the round's start player while money lasts; play goes on"),
         Reading("end_game", "pay the same way, then the game ends (the bank is broken)")),
        "in_order", "shortfall", ("IK-BANK-1", "IK-END-1"),
    ),
    Ambiguity(
        "IK-AMB-3", "Are the final round's points doubled?",
        "…очки, полученные в финальном раунде, умножить на два.",
        source(SEC_SCORE),
        (Reading(False, "normal final round (RULES-NOTES default)"), Reading(True, "the fourth round's payouts are doubled")),
        False, "double_final", ("IK-PAY-2",),
    ),
    Ambiguity(
        "IK-AMB-4", "Who starts the next round when several players share the highest score?",
        "…все карты собираются, перемешиваются и начинается новый раунд.",
        source(SEC_SCORE, "the text never names a start player; RULES-NOTES.md §Ikebana row 5 names the highest "
             "scorer but not a tie-break"),
        (Reading("after_previous", "the first tied player clockwise after the previous start player"),
         Reading("lowest_seat", "the tied player with the lowest seat")),
        "after_previous", "start_tie", ("IK-START-1",),
    ),
    Ambiguity(
        "IK-AMB-5", "When is a run-out deck rebuilt from the discard piles?",
        "…если карты в колоде закончились до окончания раунда, нужно взять карты из личных стопок сброса "
        "(все, кроме верхней)…",
        source(SEC_PLAY),
        (Reading("on_draw", "when a card must be drawn and the deck is empty (the piles' tops at that moment stay)"),
         Reading("when_empty", "as soon as the last card of the deck is turned up")),
        "on_draw", "recycle", ("IK-DECK-1",),
    ),
    Ambiguity(
        "IK-AMB-6", "What if the player to act can neither draw nor buy?",
        "Раунд заканчивается, когда каждый игрок собирает в руке по 5 карт.",
        source(SEC_ROUND_END, "unreachable with 50 cards and at most 5 players: at least 26 cards are outside the "
             "hands, at most 5 of them pile tops"),
        (Reading("end_round", "the round ends at once; bouquets are scored as they stand (fewer than five cards: x1)"),
         Reading("skip", "the player is skipped; the round ends when no player who needs cards can act")),
        "end_round", "stall", ("IK-STALL-1", "IK-DECK-2"),
    ),
    Ambiguity(
        "IK-AMB-7", "Who receives the refusal payments, and in which direction?",
        "…отдать монетку номиналом 1 очко игроку слева от него…",
        source(SEC_PLAY),
        (Reading("clockwise", "seat + 1, seat + 2, … (the player on the left is the next seat clockwise)"),
         Reading("counterclockwise", "seat - 1, seat - 2, … (the player on the left read as the previous seat)")),
        "clockwise", "", ("IK-REFUSE-2",),
        contradiction=(
            "'counterclockwise' cannot be played: the text's next clause sends the second payment to "
            "'следующему игроку по часовой стрелке (второй игрок слева)', so 'left' and 'clockwise' are one "
            "direction, the direction turns pass in (IK-TURN-1); paying seat - 1 breaks IK-REFUSE-2 as the "
            "text states it and its worked example (Маша pays Петя, then Вася, then Петя again)"
        ),
    ),
    Ambiguity(
        "IK-AMB-8", "Do chip denominations matter (making change)?",
        "Фишки можно заменить копеечными монетками…",
        source(SEC_NEED),
        (Reading("value", "only values are tracked; change is always available"),
         Reading("chips", "the chips themselves are paid and no change is made")),
        "value", "", ("IK-PAY-1",),
        contradiction=(
            "'chips' cannot be played with the text's box: each player starts with six 1-coins ('по 6 монеток "
            "(каждая номиналом 1 очко)') out of 30, so with five players the bank keeps only 5-, 10- and "
            "50-chips and cannot pay a score of 4 without change, against IK-PAY-1 (Z3 core: "
            "ruleproof.checkers.smt.ikebana.denomination_payout)"
        ),
    ),
    Ambiguity(
        "IK-AMB-9", "May a player refuse without the coins for the next payment, paying what they have?",
        "…пока не найдет подходящую карту или пока у него не закончатся монетки",
        source(SEC_PLAY, "RULES-NOTES.md §Ikebana row 3"),
        (Reading(False, "no partial payment: a player who cannot pay the next refusal in full must keep the card "
                 "(RULES-NOTES default)"),
         Reading(True, "while holding a coin a player may still refuse, paying every coin left to the next payee "
                 "(the text: 'пока у него не закончатся монетки')")),
        False, "partial_refusal", ("IK-REFUSE-1", "IK-REFUSE-2"),
    ),
)
