"""Big Five's components, setup and turn order: the first sections of the rulebook, as plain definitions.

This is the first of the three modules of the Big Five specification, in the
rulebook's order (``000_24eedd0374a5e414.txt``):

1. here: «Компоненты игры», «Подготовка к игре», «Общий ход игры»: the
   numbers the rulebook fixes (:data:`CONSTANTS`), the variant flags, the
   cards, the moves, the state, the deal and whose turn it is;
2. :mod:`ruleproof.spec.bigfive_board`: «Как играть карты» and «Бонусы»: lines,
   the placement predicates and the bonus count;
3. :mod:`ruleproof.spec.bigfive`: what every move does, the rule table, the
   ambiguities and the worked examples (and every name of the first two, so
   ``ruleproof.spec.bigfive`` is the whole specification).

**Cards.** 100 cards: five animals (lion ``L``, giraffe ``G``, zebra ``Z``,
chimpanzee ``C`` — the publisher's gorilla —, elephant ``E``) in five colours
(blue ``b``, yellow ``y``, green ``g``, red ``r``, purple ``p``), four copies
of each of the 25 kinds. A card is an ``int`` 0–24, ``animal * 5 + colour``;
its text code is the animal letter and the colour letter, e.g. ``Lp``.

**Chance.** Every random event is an explicit chance move: the deal (one
:class:`Deal` per card: the start card first, then every deck), each draw from
a deck (:class:`Draw`) and each card a player sends blind from the deck to the
box as a bonus (:class:`Box`). Nobody knows the order of a deck, so a deck is
a stack of *segments*, each an unordered multiset: the dealt cards form the
top segment and every exchange puts the exchanged cards, shuffled, under the
deck as a new bottom segment. The shuffle is resolved lazily: a draw takes a
card uniformly from the top non-empty segment, which is exactly the
distribution of the card on top of a shuffled deck.

>>> card_code(parse_card("Lp")), animal_of(parse_card("Zb")), colour_of(parse_card("Zb"))
('Lp', 2, 0)
>>> print(parse_move("play Zp@2,0 Gp@1,0"))
play Gp@1,0 Zp@2,0
>>> len(FULL_DECK), HAND_SIZE, MAX_LINE
(100, 5, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from ruleproof.spec.core import (
    CHANCE,
    TERMINAL,
    ConstantTable,
    Move,
    RuleConstant,
    Source,
    check_constant_flags,
)
from ruleproof.spec.errors import MoveParseError, PlayerCountError, VariantError

RULEBOOK = "000_24eedd0374a5e414.txt"

SEC_COMPONENTS = "Компоненты игры"
SEC_GOAL = "Цель игры"
SEC_SETUP = "Подготовка к игре"
SEC_TURN = "Общий ход игры"
SEC_PLAY = "Как играть карты"
SEC_EXAMPLES = "Примеры"
SEC_COUNTER = "Пример нарушения правил:"
SEC_BONUS = "Бонусы за большие новые группы"
SEC_BONUS_EXAMPLES = "Примеры бонусов"
SEC_EXCHANGE = "Как обменивать карты"
SEC_END = "Конец игры"
SEC_ROUNDS = "Игра в несколько раундов"
SEC_KIDS = "Большая Пятёрка для малышей"
SEC_HANDICAP = "Фора для слабых игроков"
SEC_SOLO = "Пасьянс для одного игрока"


def _src(section: str, note: str = "") -> Source:
    return Source(RULEBOOK, section, note)


# --------------------------------------------------------------------------
# The numbers the rulebook fixes

#: Most rounds of a multi-round game (``rounds``): our own bound, the text leaves the count to the players.
MAX_ROUNDS = 20


#: Every number of the Big Five rulebook, named once (the other layers read them from here).
CONSTANTS = ConstantTable("bigfive", (
    RuleConstant("min_players", 1, "the fewest players: one plays the solitaire", _src(SEC_SOLO),
                 "В Большую Пятёрку может играть и один человек по следующим правилам."),
    RuleConstant("max_players", 4, "the most players of the default reading (five only with allow_five)",
                 _src(SEC_SETUP, "RULES-NOTES.md §Big Five row 6: the text is silent on the count; 1 to 4"),
                 "Если в игре принимают участие 2 или 4 человека"),
    RuleConstant("max_players_five", 5, "the most players with the allow_five flag",
                 _src(SEC_SETUP, "RULES-NOTES.md §Big Five row 6: five players under a flag"),
                 "(paraphrase) the text names no largest player count; the publisher's notes allow five"),
    RuleConstant("animals", 5, "animals, one letter each (lion, giraffe, zebra, chimpanzee, elephant)",
                 _src(SEC_COMPONENTS), "5 видов животных"),
    RuleConstant("colours", 5, "colours, one letter each (blue, yellow, green, red, purple)", _src(SEC_COMPONENTS),
                 "по 5 карт в разных цветовых исполнениях: синий, желтый, зеленый, красный и фиолетовый"),
    # A variant flag from 1 (25 cards) to 8 (200): each kind's copies only size the deck and the deal.
    RuleConstant("copies", 4, "copies of each of the 25 kinds (animal and colour): 100 cards in all",
                 _src(SEC_COMPONENTS), "(по 4 полных цветовых комплекта карт для каждого вида животного)", 1, 8),
    # A variant flag from 3 (the solitaire discards three hand cards) to 10.
    RuleConstant("hand_size", 5, "cards in a full hand: drawn at the start and refilled to after a turn; also the "
                 "most cards one exchange swaps", _src(SEC_SETUP),
                 "Затем каждый игрок берет из своей колоды 5 карт себе в руку.", 3, 10),
    RuleConstant("max_line", 5, "the most cards a line (the text's new group) may hold", _src(SEC_PLAY),
                 "Максимальное количество карт в новой группе не может быть больше 5."),
    # A variant flag from 1 (single cards only) to 4 (a group of five would make a line of six with its old card).
    RuleConstant("max_group", 4, "the most cards of one played group (its new line of at most five keeps an old "
                 "card)", _src(SEC_BONUS), "Если играемая группа состоит из 4 карт", 1, 4),
    # Each row (cards in a new line, bonus cards it earns); the publisher's reading pays the same amounts when
    # a line reaches the length (RULES-NOTES.md §Big Five row 1).
    RuleConstant("line_bonus", ((4, 1), (5, 2)), "bonus discards for a new line of four cards and of five",
                 _src(SEC_BONUS),
                 "За новую группу в 4 карты игрок может сбросить в коробку (в отбой) 1 карту со своей руки или из "
                 "своей колоды (не глядя значение карты). За новую группу в 5 карт (Большую Пятёрку) игрок может "
                 "сбросить в коробку 2 карты."),
    RuleConstant("group_bonus", ((4, 1),), "bonus discards for a played group of four cards (the text's reading)",
                 _src(SEC_BONUS), "1 карту бонуса за 4 карты в играемой группе"),
    # The flag rounds, from 1 to MAX_ROUNDS (our bound: a longer game adds nothing to check).
    RuleConstant("rounds", 1, "rounds of a game, unless the players agree on several (flag rounds)",
                 _src(SEC_ROUNDS), "В Большую Пятерку можно играть в несколько раундов.", 1, MAX_ROUNDS),
    # A variant flag from 1 to 24 (four players' even share of the 99 dealt cards; check_players refuses a deal
    # that needs more cards than the deck holds).
    RuleConstant("kids_deal", 15, "cards dealt to each player in the children's game", _src(SEC_KIDS),
                 "Каждый игрок получает по 15 карт.", 1, 24),
    RuleConstant("solo_min_group", 3, "the fewest cards of a group played in the solitaire", _src(SEC_SOLO),
                 "выложить на игровое поле играемую группу, состоящую из не менее, чем 3-х карт"),
    RuleConstant("solo_discard_cards", 3, "cards the solitaire player discards (and draws) when no group of three "
                 "can be played", _src(SEC_SOLO),
                 "он должен сбросить с руки в отбой 3 карты и взять из колоды 3 новых карты"),
))

MIN_PLAYERS = CONSTANTS.number("min_players")
#: The most players of any reading (five, with ``allow_five``).
MAX_PLAYERS = CONSTANTS.number("max_players_five")
#: The most players without ``allow_five``.
MAX_PLAYERS_USUAL = CONSTANTS.number("max_players")
ANIMAL_COUNT = CONSTANTS.number("animals")
COLOUR_COUNT = CONSTANTS.number("colours")
COPIES = CONSTANTS.number("copies")
HAND_SIZE = CONSTANTS.number("hand_size")
MAX_LINE = CONSTANTS.number("max_line")
MAX_GROUP = CONSTANTS.number("max_group")
#: ``(cards in a new line, bonus discards)``.
LINE_BONUS: tuple[tuple[int, int], ...] = CONSTANTS.table("line_bonus")
#: ``(cards in the played group, bonus discards)`` (the text's reading).
GROUP_BONUS: tuple[tuple[int, int], ...] = CONSTANTS.table("group_bonus")
#: Bonus discards a new line earns, indexed by its length (0 to :data:`MAX_LINE`): the ``line_bonus`` rows as the
#: default of the variant flag ``bonus_lines``, ``(0, 0, 0, 0, 1, 2)``.
LINE_BONUS_BY_LENGTH: tuple[int, ...] = tuple(dict(LINE_BONUS).get(n, 0) for n in range(CONSTANTS.number("max_line") + 1))
#: Bonus discards a played group earns, indexed by its size (0 to :data:`MAX_GROUP`): the ``group_bonus`` rows
#: (the text's reading), ``(0, 0, 0, 0, 1)``.
GROUP_BONUS_BY_SIZE: tuple[int, ...] = tuple(dict(GROUP_BONUS).get(n, 0)
                                             for n in range(CONSTANTS.number("max_group") + 1))
KIDS_DEAL = CONSTANTS.number("kids_deal")
SOLO_MIN_GROUP = CONSTANTS.number("solo_min_group")
SOLO_DISCARD = CONSTANTS.number("solo_discard_cards")

ANIMALS = "LGZCE"
ANIMAL_NAMES = ("lion", "giraffe", "zebra", "chimpanzee", "elephant")
COLOURS = "bygrp"
COLOUR_NAMES = ("blue", "yellow", "green", "red", "purple")
#: Kinds of card (animal and colour): the card ids are 0 .. KINDS - 1.
KINDS = ANIMAL_COUNT * COLOUR_COUNT
#: Every card of the game, sorted (card ids 0–24, four copies each).
FULL_DECK: tuple[int, ...] = tuple(sorted(c for c in range(KINDS) for _ in range(COPIES)))

# Our own limits (no rulebook number): they keep hostile input and endless games bounded.
#: Largest coordinate a move may name: a table of 110 cards never reaches it, and
#: checks that walk a play's span (compute_gaps) stay small on hostile input.
MAX_COORD = 1000
#: Most full rounds without a placement before the game ends anyway (``idle_rounds``).
MAX_IDLE_ROUNDS = 50
#: Largest penalty limit (``penalty_limit``): far above any total MAX_ROUNDS rounds can reach.
MAX_PENALTY_LIMIT = 100_000
#: Most bonus discards one entry of a bonus table may pay (``bonus_lines``, ``bonus_group``): our bound, five
#: times the rulebook's largest.
MAX_BONUS_ENTRY = 10
#: Values of ``bonus_lines``: one per line length, 0 to :data:`MAX_LINE`.
BONUS_LINE_SLOTS = CONSTANTS.number("max_line") + 1
#: Values of a non-empty ``bonus_group``: one per group size, 0 to :data:`MAX_GROUP`.
BONUS_GROUP_SLOTS = CONSTANTS.number("max_group") + 1
#: Largest ``bonus_cap``: above what any table can pay (five lines of a play, each paying every entry once,
#: plus the group's entry).
MAX_BONUS_CAP = (1 + CONSTANTS.number("max_group")) * (CONSTANTS.number("max_line") - 1) * MAX_BONUS_ENTRY \
    + MAX_BONUS_ENTRY

Cell = tuple[int, int]
Board = Mapping[Cell, int]


# --------------------------------------------------------------------------
# Variant


@dataclass(frozen=True)
class BigFiveVariant:
    """The variant flags of Big Five (RULES-NOTES.md §Big Five).

    :param bonus: ``"text"``: every new line of 4 earns 1 bonus card, of 5
        earns 2, plus 1 when the played group has 4 cards; ``"publisher"``:
        a line earns 1 when the play makes it reach 4 cards and 2 when it
        reaches 5 (both when it jumps past 4 to 5, also when it joins separate
        pieces such as 2 + 2 whose longest connected run was below 4), no
        group-size bonus.
    :param stalemate: when the game ends without a player running out.
        ``"no_placement"``: once a full round passed without a placement and
        no player holds a legal placement; ``"exchange_round"``: after any
        full round without a placement.
    :param idle_rounds: with ``"no_placement"``, the game also ends after this
        many full rounds without a placement even though someone could place
        (the text never addresses endless exchanging; this keeps games finite);
        1 to :data:`MAX_IDLE_ROUNDS`.
    :param allow_five: allow five players.
    :param children: the children's deal, 15 cards per player.
    :param handicap: deal sizes per seat (weaker players get fewer cards);
        empty for an even deal. Overrides ``children``.
    :param rounds: the number of rounds (the multi-round game when above 1),
        1 to :data:`MAX_ROUNDS`.
    :param penalty_limit: when positive, the game also ends after a round in
        which some player's penalty total reaches this limit (at most
        :data:`MAX_PENALTY_LIMIT`).
    :param exchange: ``"any"``: an exchange swaps one to five hand cards;
        ``"whole_hand"``: it swaps the whole hand (BF-AMB-6).
    :param min_group: the fewest cards a played group may have outside the
        solitaire: 1, or 2 when "группу карт (несколько карт)" is read as
        "several cards" (BF-AMB-7).
    :param bonus_timing: ``"before_refill"``: bonus discards right after the
        play, then the refill; ``"after_refill"``: refill to five first, then
        the bonus discards, and no second refill (BF-AMB-8).
    :param pass_rule: ``"stuck"``: a player may pass only with an empty deck
        and no legal placement; ``"always"``: a player may always pass, "может"
        read as a permission (BF-AMB-9).
    :param solo_discard: ``"forced"``: the solitaire's discard of three only
        when no group of three can be placed; ``"optional"``: at any time
        (BF-AMB-10).
    :param solo_rest: ``"uncounted"``: at the solitaire's end the cards left in
        the deck are not counted; ``"penalty"``: they join the discard pile
        and count as penalty points (BF-AMB-12).
    :param hand_size: the rule constant ``hand_size``: cards in a full hand (the
        opening draw, the refill, the largest exchange); 3 to 10.
    :param max_group: the rule constant ``max_group``: the most cards of a played
        group; 1 to 4.
    :param copies: the rule constant ``copies``: copies of each of the 25 kinds in
        the deck; 1 to 8.
    :param kids_deal: the rule constant ``kids_deal``: cards dealt to each player
        with ``children``; 1 to 24.
    :param bonus_lines: the bonus table's cards per new line, indexed by the
        line's length (0 to :data:`MAX_LINE`, :data:`BONUS_LINE_SLOTS` values; lines of 0 and 1
        card do not exist and earn 0); the rulebook's ``(0, 0, 0, 0, 1, 2)``
        (:data:`LINE_BONUS_BY_LENGTH`). With ``bonus="text"`` a line earns the
        value of its length; with ``bonus="publisher"`` the value of every
        length it reaches. Each value 0 to :data:`MAX_BONUS_ENTRY`.
    :param bonus_group: the bonus table's cards per play, indexed by the number
        of cards played (0 to :data:`MAX_GROUP`, so five values, or none at all
        ``()``); ``None`` (the default): the ``bonus`` reading's, the text's
        ``(0, 0, 0, 0, 1)`` or the publisher's none.
    :param bonus_per: ``"line"``: every line the play forms earns its value;
        ``"play"``: the play earns the value of its best line only.
    :param bonus_cap: the most bonus cards one play earns, 1 to
        :data:`MAX_BONUS_CAP`; 0 (the default): no cap.

    A house rule about the bonus is these flags in a reading file (see
    :func:`~ruleproof.spec.bigfive_board.compute_bonus_table`): "every line of
    four or five earns 2 cards" is ``bonus_lines = [0, 0, 0, 0, 2, 2]`` and
    ``bonus_group = []``.

    >>> BigFiveVariant(hand_size=6).hand_size, len(deck_cards(BigFiveVariant(copies=2)))
    (6, 50)
    >>> BigFiveVariant(max_group=5)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: max_group must be from 1 to 4 (the most cards of one played group (its new line of at most five keeps an old card)); got 5
    >>> BigFiveVariant(rounds=0)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: rounds must be at least 1; got 0
    >>> BigFiveVariant(bonus_lines=(0, 0, 0, 2, 2))
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: bonus_lines must give 6 values (BONUS_LINE_SLOTS: one per line length 0 to 5, lines of 0 and 1 card earning 0), each 0 to 10 (limit MAX_BONUS_ENTRY); got (0, 0, 0, 2, 2)
    """

    bonus: Literal["text", "publisher"] = "text"
    stalemate: Literal["no_placement", "exchange_round"] = "no_placement"
    idle_rounds: int = 5
    allow_five: bool = False
    children: bool = False
    handicap: tuple[int, ...] = ()
    rounds: int = CONSTANTS.number("rounds")
    penalty_limit: int = 0
    exchange: Literal["any", "whole_hand"] = "any"
    min_group: Literal[1, 2] = 1
    bonus_timing: Literal["before_refill", "after_refill"] = "before_refill"
    pass_rule: Literal["stuck", "always"] = "stuck"
    solo_discard: Literal["forced", "optional"] = "forced"
    solo_rest: Literal["uncounted", "penalty"] = "uncounted"
    hand_size: int = HAND_SIZE
    max_group: int = MAX_GROUP
    copies: int = COPIES
    kids_deal: int = KIDS_DEAL
    bonus_lines: tuple[int, ...] = LINE_BONUS_BY_LENGTH
    bonus_group: tuple[int, ...] | None = None
    bonus_per: Literal["line", "play"] = "line"
    bonus_cap: int = 0

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise VariantError(f"rounds must be at least 1; got {self.rounds!r}")
        if self.rounds > MAX_ROUNDS:
            raise VariantError(f"rounds must be at most {MAX_ROUNDS} (limit MAX_ROUNDS); got {self.rounds!r}")
        if not 0 <= self.penalty_limit <= MAX_PENALTY_LIMIT:
            raise VariantError(f"penalty_limit must be 0 (off) or positive, at most {MAX_PENALTY_LIMIT} "
                               f"(limit MAX_PENALTY_LIMIT); got {self.penalty_limit!r}")
        if not 1 <= self.idle_rounds <= MAX_IDLE_ROUNDS:
            raise VariantError(f"idle_rounds must be from 1 to {MAX_IDLE_ROUNDS} (limit MAX_IDLE_ROUNDS); "
                               f"got {self.idle_rounds!r}")
        check_constant_flags(self, CONSTANTS)
        _check_bonus_table(self)
        if self.handicap:
            if len(self.handicap) > MAX_PLAYERS or any(n < 1 for n in self.handicap):
                raise VariantError(f"handicap must give 1 or more cards to each of at most {MAX_PLAYERS} seats "
                                   f"(limit MAX_PLAYERS); got {str(self.handicap)[:80]}")
            dealt = KINDS * self.copies - 1
            if sum(self.handicap) > dealt:
                raise VariantError(f"handicap deals {sum(self.handicap)} cards but only {dealt} can be "
                                   f"dealt (the deck less the start card); got {str(self.handicap)[:80]}")


def _check_bonus_table(variant: BigFiveVariant) -> None:
    """Refuse a bonus table (``bonus_lines``, ``bonus_group``, ``bonus_cap``) of the wrong shape or out of bounds."""
    lines = variant.bonus_lines
    if (len(lines) != BONUS_LINE_SLOTS or any(type(n) is not int or not 0 <= n <= MAX_BONUS_ENTRY for n in lines)
            or any(lines[:2])):
        raise VariantError(f"bonus_lines must give {BONUS_LINE_SLOTS} values (BONUS_LINE_SLOTS: one per line length "
                           f"0 to {MAX_LINE}, lines of 0 and 1 card earning 0), each 0 to {MAX_BONUS_ENTRY} (limit "
                           f"MAX_BONUS_ENTRY); got {str(lines)[:80]}", flag="bonus_lines")
    group = variant.bonus_group
    if group is not None and group != () and (
            len(group) != BONUS_GROUP_SLOTS or any(type(n) is not int or not 0 <= n <= MAX_BONUS_ENTRY for n in group)
            or group[0]):
        raise VariantError(f"bonus_group must be empty (no group bonus) or give {BONUS_GROUP_SLOTS} values "
                           f"(BONUS_GROUP_SLOTS: one per group size 0 to {MAX_GROUP}, a group of 0 cards earning 0), "
                           f"each 0 to {MAX_BONUS_ENTRY} (limit MAX_BONUS_ENTRY); got {str(group)[:80]}",
                           flag="bonus_group")
    if not 0 <= variant.bonus_cap <= MAX_BONUS_CAP:
        raise VariantError(f"bonus_cap must be 0 (no cap) or the most bonus cards of one play, at most "
                           f"{MAX_BONUS_CAP} (limit MAX_BONUS_CAP); got {variant.bonus_cap!r}", flag="bonus_cap")


# --------------------------------------------------------------------------
# Cards


def animal_of(card: int) -> int:
    """The animal index 0–4 of a card (lion, giraffe, zebra, chimpanzee, elephant)."""
    return card // COLOUR_COUNT


def colour_of(card: int) -> int:
    """The colour index 0–4 of a card (blue, yellow, green, red, purple)."""
    return card % COLOUR_COUNT


def card_code(card: int) -> str:
    """The two-letter code of a card: animal letter, colour letter.

    >>> card_code(0), card_code(24)
    ('Lb', 'Ep')
    """
    return ANIMALS[animal_of(card)] + COLOURS[colour_of(card)]


def card_name(card: int) -> str:
    """A card in words.

    >>> card_name(parse_card("Cb"))
    'blue chimpanzee'
    """
    return f"{COLOUR_NAMES[colour_of(card)]} {ANIMAL_NAMES[animal_of(card)]}"


def parse_card(text: str) -> int:
    """A card from its code (``Lp``; case of the letters as printed).

    >>> parse_card("Ep")
    24
    >>> parse_card("Xq")
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.MoveParseError: unknown card 'Xq'; a card is an animal letter (LGZCE) and a colour letter (bygrp), e.g. 'Lp'
    """
    if len(text) == 2 and text[0] in ANIMALS and text[1] in COLOURS:
        return ANIMALS.index(text[0]) * COLOUR_COUNT + COLOURS.index(text[1])
    raise MoveParseError(
        f"unknown card {text!r}; a card is an animal letter ({ANIMALS}) and a colour letter ({COLOURS}), e.g. 'Lp'"
    )


def codes(cards: Iterable[int]) -> str:
    """Card codes separated by spaces."""
    return " ".join(card_code(c) for c in cards)


# --------------------------------------------------------------------------
# Moves: frozen dataclasses deriving from spec.core.Move (typed equality and
# one order across kinds: class name, then fields).


class Placed(NamedTuple):
    """A card on a cell: the element of boards and plays.

    >>> str(Placed(-1, 2, parse_card("Zb")))
    'Zb@-1,2'
    """

    x: int
    y: int
    card: int

    @property
    def cell(self) -> Cell:
        """The cell ``(x, y)``."""
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"{card_code(self.card)}@{self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Deal(Move):
    """Chance deals ``card`` from the shuffled pack to its next place (the start cell, then the decks)."""

    card: int

    def __str__(self) -> str:
        return f"deal {card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Chance: the drawing player takes ``card`` from the top of their own deck."""

    card: int

    def __str__(self) -> str:
        return f"draw {card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Box(Move):
    """Chance: ``card``, the top card of the acting player's deck, goes blind to the box (a bonus discard)."""

    card: int

    def __str__(self) -> str:
        return f"box {card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Play(Move):
    """A played group: cards from the hand onto empty cells, sorted by cell."""

    placed: tuple[Placed, ...]

    def __str__(self) -> str:
        return "play " + " ".join(str(p) for p in self.placed)


@dataclass(frozen=True, slots=True)
class Exchange(Move):
    """Put ``cards`` (sorted) from the hand, shuffled, under the own deck and draw as many."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "exchange " + codes(self.cards)


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """Solitaire: with no group of three or more to play, discard three hand cards to the pile."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "discard " + codes(self.cards)


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """A player who can neither place nor exchange (empty deck) lets the turn go."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bonus(Move):
    """A bonus discard of ``card`` from the hand to the box."""

    card: int

    def __str__(self) -> str:
        return f"bonus {card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class BonusBlind(Move):
    """A bonus discard of the top card of the own deck, unseen (chance then says which card)."""

    def __str__(self) -> str:
        return "bonus deck"


@dataclass(frozen=True, slots=True)
class BonusPile(Move):
    """Solitaire bonus: take ``card`` back out of the discard pile into the box."""

    card: int

    def __str__(self) -> str:
        return f"bonus pile {card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Give up the remaining bonus discards of this turn."""

    def __str__(self) -> str:
        return "decline"


BigFiveMove = Deal | Draw | Box | Play | Exchange | Discard | Pass | Bonus | BonusBlind | BonusPile | Decline

#: Every move type.
MOVE_TYPES: tuple[type[Move], ...] = (Deal, Draw, Box, Play, Exchange, Discard, Pass, Bonus, BonusBlind, BonusPile, Decline)


def parse_placed(text: str, whole: str) -> Placed:
    """A placed card from its text ``CARD@X,Y`` (``whole``: the move it stands in, for messages).

    >>> parse_placed("Lp@1,-2", "play Lp@1,-2")
    Placed(x=1, y=-2, card=4)
    """
    code, at, where = text.partition("@")
    xs, comma, ys = where.partition(",")
    if not at or not comma:
        raise MoveParseError(f"expected CARD@X,Y such as 'Lp@1,0', got {text!r} in {whole!r}")
    if len(xs) > 6 or len(ys) > 6:
        raise MoveParseError(f"coordinates of {text!r} lie beyond ±{MAX_COORD} (limit MAX_COORD; in {whole!r})")
    try:
        placed = Placed(int(xs), int(ys), parse_card(code))
    except ValueError as exc:
        if isinstance(exc, MoveParseError):
            raise MoveParseError(f"{exc} (in {whole!r})") from None
        raise MoveParseError(f"cell coordinates must be integers in {text!r} (in {whole!r})") from None
    if abs(placed.x) > MAX_COORD or abs(placed.y) > MAX_COORD:
        raise MoveParseError(f"coordinates of {text!r} lie beyond ±{MAX_COORD} (limit MAX_COORD; in {whole!r})")
    return placed


def parse_move(text: str) -> BigFiveMove:
    """Parse a move's text form; multi-card moves come back sorted.

    >>> parse_move("play Gp@1,0 Zp@2,0")
    Play(placed=(Placed(x=1, y=0, card=9), Placed(x=2, y=0, card=14)))
    >>> parse_move("exchange Zb Lp"), parse_move("bonus deck"), parse_move("bonus pile Lb")
    (Exchange(cards=(4, 10)), BonusBlind(), BonusPile(card=0))
    >>> parse_move("jump")
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.MoveParseError: cannot parse move 'jump'; expected 'deal C', 'draw C', 'box C', 'play C@X,Y ...', 'exchange C ...', 'discard C C C', 'pass', 'bonus C', 'bonus deck', 'bonus pile C' or 'decline' (C a card code such as 'Lp')
    """
    words = text.strip().split()
    if not words:
        raise MoveParseError("empty move text")
    head, rest = words[0], words[1:]
    if head in {"deal", "draw", "box"} and len(rest) == 1:
        card = parse_card(rest[0])
        return Deal(card) if head == "deal" else Draw(card) if head == "draw" else Box(card)
    if head == "play" and rest:
        return Play(tuple(sorted(parse_placed(w, text) for w in rest)))
    if head in {"exchange", "discard"} and rest:
        cards = tuple(sorted(parse_card(w) for w in rest))
        return Exchange(cards) if head == "exchange" else Discard(cards)
    if head == "pass" and not rest:
        return Pass()
    if head == "decline" and not rest:
        return Decline()
    if head == "bonus":
        if rest == ["deck"]:
            return BonusBlind()
        if len(rest) == 2 and rest[0] == "pile":
            return BonusPile(parse_card(rest[1]))
        if len(rest) == 1:
            return Bonus(parse_card(rest[0]))
    raise MoveParseError(
        f"cannot parse move {text!r}; expected 'deal C', 'draw C', 'box C', 'play C@X,Y ...', 'exchange C ...', "
        "'discard C C C', 'pass', 'bonus C', 'bonus deck', 'bonus pile C' or 'decline' (C a card code such as 'Lp')"
    )


# --------------------------------------------------------------------------
# State (shared with the engine)


class BigFiveState(NamedTuple):
    """A Big Five position; every card is in exactly one of pool, board, hands, decks, pile, box.

    :param round: the round number, from 1.
    :param dealt: how many setup chance moves of this round were made
        (start card, deck cards, then the opening draws).
    :param pool: the undealt cards (sorted) while dealing.
    :param board: the cards on the table, sorted by cell.
    :param hands: each seat's hand, sorted.
    :param decks: each seat's deck as segments from top to bottom, each an
        unordered multiset (sorted); no segment is empty.
    :param pile: the solitaire discard pile (sorted).
    :param box: the cards out of the game (sorted): the deal's remainder,
        bonus discards, the solitaire's last hand.
    :param turn: the seat whose turn it is.
    :param bonus: bonus discards still open to ``turn`` this turn.
    :param boxing: ``turn`` chose a blind bonus discard; chance turns up the card.
    :param to_draw: draws still due to ``turn`` this turn.
    :param idle: turns in a row without a placement.
    :param penalties: penalty points per seat from finished rounds.
    :param round_over: the round has ended (penalties are booked).
    :param finished: the game is over.
    """

    variant: BigFiveVariant
    players: int
    round: int
    dealt: int
    pool: tuple[int, ...]
    board: tuple[Placed, ...]
    hands: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[tuple[int, ...], ...], ...]
    pile: tuple[int, ...]
    box: tuple[int, ...]
    turn: int
    bonus: int
    boxing: bool
    to_draw: int
    idle: int
    penalties: tuple[int, ...]
    round_over: bool
    finished: bool


# --------------------------------------------------------------------------
# Setup


def deck_cards(variant: BigFiveVariant) -> tuple[int, ...]:
    """Every card of the game under ``variant``, sorted: ``copies`` of each kind (:data:`FULL_DECK` by the rulebook).

    >>> deck_cards(BigFiveVariant()) == FULL_DECK, deck_cards(BigFiveVariant(copies=1)) == tuple(range(KINDS))
    (True, True)
    """
    return tuple(sorted(c for c in range(KINDS) for _ in range(variant.copies)))


def check_players(variant: BigFiveVariant, players: int) -> None:
    """Raise :class:`PlayerCountError` unless the count suits the variant.

    >>> check_players(BigFiveVariant(), 5)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.PlayerCountError: Big Five is for 1–4 players (5 with allow_five=true); got 5
    """
    top = MAX_PLAYERS if variant.allow_five else MAX_PLAYERS_USUAL
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= top:
        raise PlayerCountError(f"Big Five is for {MIN_PLAYERS}–{top} players ({MAX_PLAYERS} with allow_five=true); "
                               f"got {players!r}")
    if variant.handicap and len(variant.handicap) != players:
        raise PlayerCountError(
            f"the handicap deal {list(variant.handicap)} names {len(variant.handicap)} seats but {players} play"
        )
    dealt = len(deck_cards(variant)) - 1
    if variant.children and not variant.handicap and variant.kids_deal * players > dealt:
        raise PlayerCountError(f"the children's deal needs {variant.kids_deal * players} cards; only {dealt} "
                               "can be dealt")


def deal_sizes(variant: BigFiveVariant, players: int) -> tuple[int, ...]:
    """The number of cards dealt into each seat's deck: the cards less the start card, shared evenly (the
    children's deal and the handicap deal give fewer).

    >>> deal_sizes(BigFiveVariant(), 4), deal_sizes(BigFiveVariant(children=True), 2)
    ((24, 24, 24, 24), (15, 15))
    """
    if variant.handicap:
        return variant.handicap
    if variant.children:
        return (variant.kids_deal,) * players
    return ((len(deck_cards(variant)) - 1) // players,) * players


def setup_length(variant: BigFiveVariant, players: int) -> int:
    """Setup chance moves of a round: the start card, the deck cards, the opening draws."""
    sizes = deal_sizes(variant, players)
    return 1 + sum(sizes) + sum(min(variant.hand_size, n) for n in sizes)


def deal_target(variant: BigFiveVariant, players: int, index: int) -> tuple[str, int]:
    """Where the ``index``-th setup chance move of a round goes.

    ``("board", 0)`` for the start card, ``("deck", seat)`` while dealing the
    decks, ``("hand", seat)`` for the opening draws of five cards.

    >>> v = BigFiveVariant(children=True)
    >>> deal_target(v, 2, 0), deal_target(v, 2, 15), deal_target(v, 2, 16), deal_target(v, 2, 31), deal_target(v, 2, 36)
    (('board', 0), ('deck', 0), ('deck', 1), ('hand', 0), ('hand', 1))
    """
    if index == 0:
        return ("board", 0)
    sizes = deal_sizes(variant, players)
    i = index - 1
    for seat, n in enumerate(sizes):
        if i < n:
            return ("deck", seat)
        i -= n
    for seat, n in enumerate(sizes):
        k = min(variant.hand_size, n)
        if i < k:
            return ("hand", seat)
        i -= k
    raise ValueError(f"setup move {index} is past the end of the setup ({setup_length(variant, players)} moves)")


def compute_initial_state(variant: BigFiveVariant, players: int) -> BigFiveState:
    """The state before the first deal.

    >>> s = compute_initial_state(BigFiveVariant(), 2)
    >>> len(s.pool), s.turn, compute_whose_turn(s) == CHANCE
    (100, 0, True)
    """
    check_players(variant, players)
    return BigFiveState(
        variant, players, 1, 0, deck_cards(variant), (), ((),) * players, ((),) * players, (), (),
        0, 0, False, 0, 0, (0,) * players, False, False,
    )


# --------------------------------------------------------------------------
# Decks, holdings and whose turn it is


def deck_size(deck: Sequence[Sequence[int]]) -> int:
    """Cards in a deck of segments."""
    return sum(len(seg) for seg in deck)


def top_segment(deck: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """The cards one of which is on top of the deck (the first non-empty segment)."""
    for seg in deck:
        if seg:
            return seg
    return ()


def cards_left(state: BigFiveState, seat: int) -> int:
    """Cards a seat still owns: hand plus deck."""
    return len(state.hands[seat]) + deck_size(state.decks[seat])


def is_solitaire(state: BigFiveState) -> bool:
    """One player: the solitaire rules apply."""
    return state.players == 1


def is_setup(state: BigFiveState) -> bool:
    """The round's setup chance moves are still being made."""
    return not state.round_over and state.dealt < setup_length(state.variant, state.players)


def compute_phase(state: BigFiveState) -> str:
    """What happens next: ``over``, ``round`` (a new round is due), ``deal``,
    ``draw``, ``box``, ``bonus`` or ``act`` (play, exchange, pass or discard)."""
    if state.finished:
        return "over"
    if state.round_over:
        return "round"
    if is_setup(state):
        kind, _ = deal_target(state.variant, state.players, state.dealt)
        return "draw" if kind == "hand" else "deal"
    if state.to_draw:
        return "draw"
    if state.boxing:
        return "box"
    if state.bonus:
        return "bonus"
    return "act"


def compute_whose_turn(state: BigFiveState) -> int:
    """Who acts: a seat, :data:`CHANCE` or :data:`TERMINAL` (the spec's own account)."""
    phase = compute_phase(state)
    if phase == "over":
        return TERMINAL
    if phase in {"round", "deal", "draw", "box"}:
        return CHANCE
    return state.turn


def drawing_seat(state: BigFiveState) -> int:
    """The seat whose deck a draw or blind discard comes from."""
    if is_setup(state):
        return deal_target(state.variant, state.players, state.dealt)[1]
    return state.turn


# --------------------------------------------------------------------------
# Building positions (tests, examples, golden files)


def make_position(
    board: Iterable[str] | str,
    hands: Sequence[Iterable[str] | str],
    decks: Sequence[Iterable[str] | str] | None = None,
    variant: BigFiveVariant | None = None,
    *,
    turn: int = 0,
    pile: Iterable[str] | str = (),
) -> BigFiveState:
    """A mid-game position from text: board ``["Lp@0,0", ...]`` (or one string),
    hands ``["Gp Zp", ...]``; the remaining cards go to the decks (default:
    split evenly, one segment each) or, when ``decks`` is given, to the box.

    >>> s = make_position("Lp@0,0", ["Gp Zp", "Lb"])
    >>> compute_whose_turn(s), len(s.hands[0]), deck_size(s.decks[0]) + deck_size(s.decks[1]) + len(s.box)
    (0, 2, 96)
    """
    variant = BigFiveVariant() if variant is None else variant

    def words(x: Iterable[str] | str) -> list[str]:
        return x.split() if isinstance(x, str) else list(x)

    placed = tuple(sorted(parse_placed(w, w) for w in words(board)))
    hand_t = tuple(tuple(sorted(parse_card(w) for w in words(h))) for h in hands)
    pile_t = tuple(sorted(parse_card(w) for w in words(pile)))
    players = len(hand_t)
    rest = list(deck_cards(variant))
    for c in [p.card for p in placed] + [c for h in hand_t for c in h] + list(pile_t):
        if c not in rest:
            raise ValueError(f"more than {COPIES} copies of {card_code(c)} in the position")
        rest.remove(c)
    if decks is None:
        share = len(rest) // players
        deck_t = tuple(((tuple(rest[s::players][:share]),) if share else ()) for s in range(players))
        used = [c for d in deck_t for seg in d for c in seg]
    else:
        deck_t = tuple(((tuple(sorted(parse_card(w) for w in words(d))),) if words(d) else ()) for d in decks)
        used = [c for d in deck_t for seg in d for c in seg]
    box = list(rest)
    for c in used:
        if c not in box:
            raise ValueError(f"more than {COPIES} copies of {card_code(c)} in the position")
        box.remove(c)
    return BigFiveState(
        variant, players, 1, setup_length(variant, players), (), placed, hand_t, deck_t, pile_t, tuple(sorted(box)),
        turn, 0, False, 0, 0, (0,) * players, False, False,
    )
