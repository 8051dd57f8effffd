"""The Ikebana text and its readings: the rulebook file, its section headings, and every point where
the text is silent or ambiguous.

Each :class:`~ruleproof.spec.core.Ambiguity` quotes the passage in question,
lists its readings (the value of a variant flag of
:class:`ruleproof.spec.ikebana.IkebanaVariant` for each, or, for a point the
project fixes, the reason the other reading cannot be played) and names the
rules it touches. :mod:`ruleproof.spec.ikebana` cites the same file and
sections for its rules and constants.

>>> [a.flag for a in AMBIGUITIES if a.flag][:3]
['bank', 'shortfall', 'double_final']
"""

from __future__ import annotations

from ruleproof.spec.core import Ambiguity, Reading, Source

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
