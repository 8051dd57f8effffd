"""Big Five ("Gib mir 5!") as an executable specification.

Source: ``000_24eedd0374a5e414.txt`` (a Russian text without its pictures),
with the facts and defaults of RULES-NOTES.md §Big Five where it is silent.

**Cards.** 100 cards: five animals (lion ``L``, giraffe ``G``, zebra ``Z``,
chimpanzee ``C`` — the publisher's gorilla —, elephant ``E``) in five colours
(blue ``b``, yellow ``y``, green ``g``, red ``r``, purple ``p``), four copies
of each of the 25 kinds. A card is an ``int`` 0–24, ``animal * 5 + colour``;
its text code is the animal letter and the colour letter, e.g. ``Lp``.

**Board.** A mapping of cells ``(x, y)`` to cards; ``x`` grows to the right,
``y`` downwards; the start card lies at ``(0, 0)``. In a state the board is a
sorted tuple of :class:`Placed` triples so that states stay hashable.

**Lines.** A *line* is a maximal run of horizontally or vertically adjacent
cards. A play puts 1–4 cards of the hand into empty cells of one straight
line; the resulting line (the text's "new group") must contain a card that was
already on the table; and every line any played card belongs to (in either
direction) must be one colour with different animals or one animal with
different colours, hence at most five cards with no two identical ones.

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
>>> is_line_valid([parse_card(c) for c in ("Lp", "Gp", "Zp")])
True
>>> is_line_valid([parse_card(c) for c in ("Lp", "Lp")])
False
>>> print(parse_move("play Zp@2,0 Gp@1,0"))
play Gp@1,0 Zp@2,0
"""

from __future__ import annotations

import collections
import functools
import itertools
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple, TypeAlias

from ruleproof.spec.core import (
    BOUNDARY_TAGS,
    CHANCE,
    TERMINAL,
    Ambiguity,
    GameSpec,
    Move,
    Reading,
    Rule,
    RuleKind,
    Source,
    Step,
)
from ruleproof.spec.accel.core import remember_last  # moves to ruleproof.spec.accel (issue 30)
from ruleproof.spec.errors import MoveParseError, PlayerCountError, VariantError

RULEBOOK = "000_24eedd0374a5e414.txt"

ANIMALS = "LGZCE"
ANIMAL_NAMES = ("lion", "giraffe", "zebra", "chimpanzee", "elephant")
COLOURS = "bygrp"
COLOUR_NAMES = ("blue", "yellow", "green", "red", "purple")
KINDS = 25
COPIES = 4
#: Every card of the game, sorted (card ids 0–24, four copies each).
FULL_DECK: tuple[int, ...] = tuple(sorted(c for c in range(KINDS) for _ in range(COPIES)))
HAND_SIZE = 5
MAX_LINE = 5
MAX_GROUP = 4
SOLO_MIN_GROUP = 3
SOLO_DISCARD = 3
MIN_PLAYERS = 1
MAX_PLAYERS = 5
#: Largest coordinate a move may name: a table of 110 cards never reaches it, and
#: checks that walk a play's span (compute_gaps) stay small on hostile input.
MAX_COORD = 1000
KIDS_DEAL = 15
#: Most rounds of a multi-round game (``rounds``).
MAX_ROUNDS = 20
#: Most full rounds without a placement before the game ends anyway (``idle_rounds``).
MAX_IDLE_ROUNDS = 50
#: Largest penalty limit (``penalty_limit``): far above any total MAX_ROUNDS rounds can reach.
MAX_PENALTY_LIMIT = 100_000

Cell = tuple[int, int]
Board = Mapping[Cell, int]


def _src(section: str, note: str = "") -> Source:
    return Source(RULEBOOK, section, note)


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

    >>> BigFiveVariant(rounds=0)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: rounds must be at least 1; got 0
    """

    bonus: Literal["text", "publisher"] = "text"
    stalemate: Literal["no_placement", "exchange_round"] = "no_placement"
    idle_rounds: int = 5
    allow_five: bool = False
    children: bool = False
    handicap: tuple[int, ...] = ()
    rounds: int = 1
    penalty_limit: int = 0
    exchange: Literal["any", "whole_hand"] = "any"
    min_group: Literal[1, 2] = 1
    bonus_timing: Literal["before_refill", "after_refill"] = "before_refill"
    pass_rule: Literal["stuck", "always"] = "stuck"
    solo_discard: Literal["forced", "optional"] = "forced"
    solo_rest: Literal["uncounted", "penalty"] = "uncounted"

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
        if self.handicap:
            if len(self.handicap) > MAX_PLAYERS or any(n < 1 for n in self.handicap):
                raise VariantError(f"handicap must give 1 or more cards to each of at most {MAX_PLAYERS} seats "
                                   f"(limit MAX_PLAYERS); got {str(self.handicap)[:80]}")
            if sum(self.handicap) > len(FULL_DECK) - 1:
                raise VariantError(f"handicap deals {sum(self.handicap)} cards but only {len(FULL_DECK) - 1} can be "
                                   f"dealt (the deck less the start card); got {str(self.handicap)[:80]}")


# --------------------------------------------------------------------------
# Cards


def animal_of(card: int) -> int:
    """The animal index 0–4 of a card (lion, giraffe, zebra, chimpanzee, elephant)."""
    return card // 5


def colour_of(card: int) -> int:
    """The colour index 0–4 of a card (blue, yellow, green, red, purple)."""
    return card % 5


def card_code(card: int) -> str:
    """The two-letter code of a card: animal letter, colour letter.

    >>> card_code(0), card_code(24)
    ('Lb', 'Ep')
    """
    return _CARD_CODES[card]


#: Every card's code by card number (the same answers as ``ANIMALS[card // 5] + COLOURS[card % 5]``
#: for every int, negative numbers from -25 included, and IndexError beyond; read in every rule message).
_CARD_CODES: tuple[str, ...] = tuple(ANIMALS[card // 5] + COLOURS[card % 5] for card in range(25))


def card_name(card: int) -> str:
    """A card in words.

    >>> card_name(parse_card("Cb"))
    'blue chimpanzee'
    """
    return f"{COLOUR_NAMES[card % 5]} {ANIMAL_NAMES[card // 5]}"


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
        return ANIMALS.index(text[0]) * 5 + COLOURS.index(text[1])
    raise MoveParseError(
        f"unknown card {text!r}; a card is an animal letter ({ANIMALS}) and a colour letter ({COLOURS}), e.g. 'Lp'"
    )


def _codes(cards: Iterable[int]) -> str:
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
        return "exchange " + _codes(self.cards)


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """Solitaire: with no group of three or more to play, discard three hand cards to the pile."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "discard " + _codes(self.cards)


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


def _parse_placed(text: str, whole: str) -> Placed:
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
        return Play(tuple(sorted(_parse_placed(w, text) for w in rest)))
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


def check_players(variant: BigFiveVariant, players: int) -> None:
    """Raise :class:`PlayerCountError` unless the count suits the variant.

    >>> check_players(BigFiveVariant(), 5)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.PlayerCountError: Big Five is for 1–4 players (5 with allow_five=true); got 5
    """
    top = 5 if variant.allow_five else 4
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= top:
        raise PlayerCountError(f"Big Five is for 1–{top} players (5 with allow_five=true); got {players!r}")
    if variant.handicap and len(variant.handicap) != players:
        raise PlayerCountError(
            f"the handicap deal {list(variant.handicap)} names {len(variant.handicap)} seats but {players} play"
        )
    if variant.children and not variant.handicap and KIDS_DEAL * players > len(FULL_DECK) - 1:
        raise PlayerCountError(f"the children's deal needs {KIDS_DEAL * players} cards; only 99 can be dealt")


@functools.lru_cache(maxsize=64)
def deal_sizes(variant: BigFiveVariant, players: int) -> tuple[int, ...]:
    """The number of cards dealt into each seat's deck.

    >>> deal_sizes(BigFiveVariant(), 4), deal_sizes(BigFiveVariant(children=True), 2)
    ((24, 24, 24, 24), (15, 15))
    """
    if variant.handicap:
        return variant.handicap
    if variant.children:
        return (KIDS_DEAL,) * players
    return ((len(FULL_DECK) - 1) // players,) * players


@functools.lru_cache(maxsize=64)
def setup_length(variant: BigFiveVariant, players: int) -> int:
    """Setup chance moves of a round: the start card, the deck cards, the opening draws."""
    sizes = deal_sizes(variant, players)
    return 1 + sum(sizes) + sum(min(HAND_SIZE, n) for n in sizes)


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
        k = min(HAND_SIZE, n)
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
        variant, players, 1, 0, FULL_DECK, (), ((),) * players, ((),) * players, (), (),
        0, 0, False, 0, 0, (0,) * players, False, False,
    )


# --------------------------------------------------------------------------
# Decks and holdings


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


@remember_last
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


@remember_last
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
# Lines and placement predicates: pure functions of (board, play).


def board_map(board: Iterable[Placed]) -> dict[Cell, int]:
    """The board as a mapping of cells to cards."""
    return {(p.x, p.y): p.card for p in board}


AXES: tuple[Cell, Cell] = ((1, 0), (0, 1))


def compute_run(board: Board, cell: Cell, axis: Cell) -> tuple[Cell, ...]:
    """The maximal run of occupied cells through ``cell`` along ``axis``, in order
    (``cell`` itself is included whether or not it is occupied).

    >>> b = {(0, 0): 0, (1, 0): 1, (3, 0): 2}
    >>> compute_run(b, (1, 0), (1, 0)), compute_run(b, (2, 0), (1, 0))
    (((0, 0), (1, 0)), ((0, 0), (1, 0), (2, 0), (3, 0)))
    """
    dx, dy = axis
    x, y = cell
    lo = 0
    cx, cy = x - dx, y - dy
    while (cx, cy) in board:
        lo -= 1
        cx, cy = cx - dx, cy - dy
    hi = 0
    cx, cy = x + dx, y + dy
    while (cx, cy) in board:
        hi += 1
        cx, cy = cx + dx, cy + dy
    return tuple([(x + i * dx, y + i * dy) for i in range(lo, hi + 1)])


def compute_lines_through(board: Board, cells: Iterable[Cell]) -> tuple[tuple[Cell, ...], ...]:
    """Every line of two or more cards through any of ``cells`` in either
    direction, on a board that already holds the played cards; each line once.

    >>> b = {(0, 0): 0, (1, 0): 1, (1, 1): 6}
    >>> compute_lines_through(b, [(1, 0)])
    (((0, 0), (1, 0)), ((1, 0), (1, 1)))
    """
    found: list[tuple[Cell, ...]] = []
    for cell in cells:
        for axis in AXES:
            run = compute_run(board, cell, axis)
            if len(run) >= 2 and run not in found:
                found.append(run)
    return tuple(found)


#: Per card id 0–24: one bit for its colour (bits 0–4) and one for its animal (bits 5–9).
_FEATURE_BITS: dict[int, int] = {c: 1 << colour_of(c) | 1 << (5 + animal_of(c)) for c in range(KINDS)}
#: Every colour bit and every animal bit of :data:`_FEATURE_BITS`.
_ALL_FEATURES = (1 << 10) - 1


def is_line_uniform(cards: Sequence[int]) -> bool:
    """All cards share one colour, or all share one animal.

    Each card has exactly one colour bit and one animal bit
    (:data:`_FEATURE_BITS`), so the bits common to all the cards are non-zero
    exactly when they share a colour or an animal (one pass, no sets; a number
    that is no card falls back to comparing colours and animals as sets).

    >>> is_line_uniform([parse_card(c) for c in ("Lp", "Gp")]), is_line_uniform([parse_card(c) for c in ("Lp", "Lb")])
    (True, True)
    >>> is_line_uniform([parse_card(c) for c in ("Lp", "Gb")]), is_line_uniform([]), is_line_uniform([30, 31])
    (False, True, True)
    """
    common = _ALL_FEATURES
    try:
        for c in cards:
            common &= _FEATURE_BITS[c]
    except (KeyError, TypeError):
        return _is_line_uniform_by_sets(cards)
    return common != 0


def _is_line_uniform_by_sets(cards: Sequence[int]) -> bool:
    """:func:`is_line_uniform` read literally: at most one colour, or at most one animal, among the cards."""
    return len({colour_of(c) for c in cards}) <= 1 or len({animal_of(c) for c in cards}) <= 1


def has_identical_cards(cards: Sequence[int]) -> bool:
    """Two cards of the same kind (same animal and colour)."""
    return len(set(cards)) < len(cards)


def is_line_valid(cards: Sequence[int]) -> bool:
    """One colour with different animals or one animal with different colours
    (so at most five cards and no two identical)."""
    return len(cards) <= MAX_LINE and is_line_uniform(cards) and not has_identical_cards(cards)


def is_straight(cells: Sequence[Cell]) -> bool:
    """All cells in one row or one column."""
    return len({x for x, _ in cells}) <= 1 or len({y for _, y in cells}) <= 1


def compute_play_axes(cells: Sequence[Cell]) -> tuple[Cell, ...]:
    """The directions a straight play runs in (both for a single card)."""
    if len(cells) <= 1:
        return AXES
    if len({y for _, y in cells}) == 1:
        return ((1, 0),)
    return ((0, 1),)


def compute_gaps(board: Board, cells: Sequence[Cell]) -> tuple[Cell, ...]:
    """Empty cells between the played cells of a straight play (the played
    cards and the cards already there must form one unbroken line)."""
    if len(cells) <= 1 or not is_straight(cells):
        return ()
    played = set(cells)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    span = [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)]
    return tuple(c for c in span if c not in played and c not in board)


def compute_new_line(board: Board, cells: Sequence[Cell], axis: Cell) -> tuple[Cell, ...]:
    """The line along ``axis`` that the played cells form with the cards already there."""
    after = dict(board)
    for c in cells:
        after.setdefault(c, -1)
    return compute_run(after, cells[0], axis)


def contains_existing_card(board: Board, cells: Sequence[Cell]) -> bool:
    """Rule 2: the new line (along the play, for a single card along either
    direction) holds at least one card that was on the table before."""
    for axis in compute_play_axes(cells):
        line = compute_new_line(board, cells, axis)
        if any(c in board for c in line):
            return True
    return False


def compute_old_run(board: Board, line: Sequence[Cell]) -> int:
    """The longest run of consecutive cells of ``line`` that already held cards
    on ``board``: the largest group ("связная группа", cards "в связке") the
    line was made of before the play. Old cards separated by a played cell
    were separate groups, not one.

    >>> line = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    >>> compute_old_run({(0, 0): 0, (1, 0): 5, (3, 0): 15, (4, 0): 20}, line)
    2
    """
    best = run = 0
    for cell in line:
        run = run + 1 if cell in board else 0
        best = max(best, run)
    return best


def compute_bonus(variant: BigFiveVariant, board: Board, play: Play) -> int:
    """Bonus discards earned by ``play`` on ``board`` (the board before the play).

    Text reading: each new line of 4 cards earns 1, of 5 earns 2, and a group
    of 4 played cards earns 1 more. Publisher reading: each new line earns 1
    when the play makes it reach 4 cards and 2 when it makes it reach 5. A
    group is a connected run (000_24eedd0374a5e414.txt § Цель игры: "связной
    группы"; § Как играть карты: cards "в связке"), so a line reaches 4 when
    its longest run of old cards (:func:`compute_old_run`) was shorter than 4:
    pieces of 2 and 2 joined by one card were never a line of four, and the
    play earns both bonuses.

    >>> b = {(0, 0): parse_card("Gr")}
    >>> p = parse_move("play Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0")
    >>> compute_bonus(BigFiveVariant(), b, p), compute_bonus(BigFiveVariant(bonus="publisher"), b, p)
    (3, 3)
    >>> b = {(x, 0): parse_card(a + "b") for x, a in zip((0, 1, 3, 4), "LGCE")}
    >>> compute_bonus(BigFiveVariant(bonus="publisher"), b, parse_move("play Zb@2,0"))
    3
    """
    after = dict(board)
    for p in play.placed:
        after[(p.x, p.y)] = p.card
    total = 0
    for line in compute_lines_through(after, [(p.x, p.y) for p in play.placed]):
        new = len(line)
        old = compute_old_run(board, line)
        if variant.bonus == "text":
            total += 1 if new == 4 else 2 if new == 5 else 0
        else:
            total += (1 if old < 4 <= new else 0) + (2 if old < 5 <= new else 0)
    if variant.bonus == "text" and len(play.placed) == 4:
        total += 1
    return total


class PlayAnalysis(NamedTuple):
    """Everything the placement rules look at for one play on one board."""

    cells: tuple[Cell, ...]
    cards: tuple[int, ...]
    occupied: tuple[Cell, ...]
    duplicate_cells: tuple[Cell, ...]
    straight: bool
    gaps: tuple[Cell, ...]
    has_existing: bool
    lines: tuple[tuple[tuple[Cell, ...], tuple[int, ...]], ...]


# The last board's map and the last play's analysis, each swapped in as one tuple (a reader in
# another thread sees a matching pair, never one board's key with another's value).
_LAST_BOARD: list[tuple[Any, dict[Cell, int]]] = [(None, {})]
_LAST_PLAY: list[tuple[Any, Any, Any]] = [(None, None, None)]


def _board_map_of(board: tuple[Placed, ...]) -> dict[Cell, int]:
    owner, result = _LAST_BOARD[0]
    if owner is not board:
        result = board_map(board)
        _LAST_BOARD[0] = (board, result)
    return result


#: The last board's runs (:func:`compute_run` through a cell along an axis, keyed ``(cell, axis)``) and, for a
#: run through an empty cell, the feature bits common to its other cards (``None``: one is no card), keyed
#: the same way: every candidate play on one board asks for the same few.
_LAST_RUNS: list[Any] = [(None, {}, {})]


def _grow_run(run: tuple[Cell, ...], before: Board, played: set[Cell] | frozenset[Cell],
              axis: Cell) -> tuple[Cell, ...]:
    """``run`` grown at both ends along ``axis`` over the cells that are on ``before`` or ``played``
    (the run on the board after the play, without building that board).

    >>> _grow_run(((1, 0),), {(0, 0): 0, (3, 0): 5}, {(1, 0), (2, 0)}, (1, 0))
    ((0, 0), (1, 0), (2, 0), (3, 0))
    """
    dx, dy = axis
    x, y = run[0]
    head: list[Cell] = []
    while (x - dx, y - dy) in before or (x - dx, y - dy) in played:
        x, y = x - dx, y - dy
        head.append((x, y))
    x, y = run[-1]
    tail: list[Cell] = []
    while (x + dx, y + dy) in before or (x + dx, y + dy) in played:
        x, y = x + dx, y + dy
        tail.append((x, y))
    return (*reversed(head), *run, *tail)


_LAST_GEOMETRY: list[tuple[Any, dict[tuple[tuple[int, ...], tuple[int, ...]], Any]]] = [(None, {})]


def _play_geometry(board: tuple[Placed, ...], placed: tuple[Placed, ...]) -> tuple[Any, tuple[int, ...]]:
    """``(geometry, played cards)``: what :func:`analyse_play` finds from the played cells alone (not their
    cards), remembered per board (every candidate play on one board puts many card orders on the same
    cells), and the cards of ``placed`` in order.

    The geometry is a list ``[cells, lines, masks, rest, context]``: ``lines`` are the lines through the
    played cells after the play, ``masks`` their feature masks for BF-LINE-3 (:func:`_line_masks`), which is
    all that most candidate plays are asked about; ``rest`` is ``None`` until :func:`_geometry_rest` (asked
    by :func:`analyse_play`) computes the other facts from ``context``. It is looked up by the played
    cells' x and y columns (one ``zip`` splits a play into them and its cards).
    """
    if placed:
        xs, ys, cards = zip(*placed)
    else:
        xs = ys = cards = ()
    owner, known = _LAST_GEOMETRY[0]
    if owner is not board:
        known = {}
        _LAST_GEOMETRY[0] = (board, known)
    key = (xs, ys)
    geometry = known.get(key)
    if geometry is None:
        geometry = known[key] = _compute_geometry(board, _board_map_of(board), tuple(zip(xs, ys)))
    return geometry, cards


def _compute_geometry(board: tuple[Placed, ...], before: dict[Cell, int], cells: tuple[Cell, ...]) -> list[Any]:
    """The geometry of :func:`_play_geometry` for the played ``cells``: its lines and their masks now, the
    rest when first asked (:func:`_geometry_rest`).

    The lines are the runs on the board after the play (``before`` with the ``cells`` filled) through
    the played cells, in the order of the cells and then of :data:`AXES`, each once. The run through a
    played cell on the board alone is remembered per board (:data:`_LAST_RUNS`); it is the run after the
    play too unless a played cell lies just beyond one of its ends (its inner cells are occupied either
    way), and then it is grown over the cells beyond its ends (:func:`_grow_run`). Every cell of a run after
    the play has that same run along its axis, so one run serves all the played cells on it. The masks are
    :func:`_line_masks` of the lines (``tests/spec/test_bigfive_analysis.py`` compares them): for a run that
    was not grown, through an empty played cell, when no played cell is on the board (the run's other cells
    are then old cards), the common bits of its other cards are remembered per board with the run.
    """
    played = set(cells)
    owner, board_runs, board_masks = _LAST_RUNS[0]
    if owner is not board:
        board_runs, board_masks = {}, {}
        _LAST_RUNS[0] = (board, board_runs, board_masks)
    # no played cell is occupied (the few played cells looked up): a run that is not grown holds one played cell
    clean = before.keys().isdisjoint(played)
    index = dict(zip(cells, range(len(cells))))  # the last index of a repeated cell wins
    bits = _FEATURE_BITS
    runs: dict[tuple[Cell, Cell], tuple[Cell, ...]] = {}
    found: list[tuple[Cell, ...]] = []
    masks: list[tuple[tuple[int, ...], int]] | None = []
    for cell in cells:
        for axis in AXES:
            key = (cell, axis)
            if key in runs:  # the run of an earlier played cell: in found already (when two cells or more)
                continue
            run = board_runs.get(key)
            if run is None:
                run = board_runs[key] = compute_run(before, cell, axis)
            dx, dy = axis
            (x0, y0), (x1, y1) = run[0], run[-1]
            if (x0 - dx, y0 - dy) in played or (x1 + dx, y1 + dy) in played:
                run = _grow_run(run, before, played, axis)
            elif clean:  # the board's run through an empty cell: its other cells are old cards, none played
                runs[key] = run  # (no other played cell asks for it)
                if len(run) >= 2:
                    found.append(run)  # not found before: no other played cell is on it
                    if masks is not None:
                        common = board_masks.get(key, -1)
                        if common == -1:
                            common = board_masks[key] = _common_bits(before, run, cell)
                        if common is None:
                            masks = None
                        else:
                            masks.append(((index[cell],), common))
                continue
            for c in run:
                runs[(c, axis)] = run
            if len(run) < 2 or run in found:
                continue
            found.append(run)
            if masks is None:
                continue
            common = _ALL_FEATURES
            indices = []
            for c in run:
                i = index.get(c)
                if i is not None:
                    indices.append(i)
                    continue
                b = bits.get(before[c])  # any board value: checked
                if b is None:
                    masks = None
                    break
                common &= b
            else:
                masks.append((tuple(indices), common))
    return [cells, found, None if masks is None else tuple(masks), None, (before, played, runs, index)]


def _common_bits(before: Board, run: tuple[Cell, ...], cell: Cell) -> int | None:
    """The feature bits common to the cards of ``before`` on the cells of ``run`` other than ``cell``
    (``None`` when one is no card).

    >>> lp, lb = parse_card("Lp"), parse_card("Lb")
    >>> _common_bits({(0, 0): lp, (2, 0): lb}, ((0, 0), (1, 0), (2, 0)), (1, 0)) == _FEATURE_BITS[lp] & _FEATURE_BITS[lb]
    True
    >>> _common_bits({(0, 0): lp, (1, 0): 99}, ((0, 0), (1, 0), (2, 0)), (2, 0)) is None
    True
    """
    common = _ALL_FEATURES
    for c in run:
        if c != cell:
            b = _FEATURE_BITS.get(before[c])
            if b is None:
                return None
            common &= b
    return common


def _geometry_rest(geometry: list[Any]) -> tuple[Any, ...]:
    """``(occupied, duplicate cells, straight, gaps, has existing card, lines)`` of a geometry of
    :func:`_compute_geometry`, computed once, where each line is ``(its cells, picker, the old cards on it)``:
    the line's cards, in line order, are ``picker(played cards + old cards)`` (:func:`_line_picker`)."""
    rest: tuple[Any, ...] | None = geometry[3]
    if rest is not None:
        return rest
    cells, found = geometry[0], geometry[1]
    before, played, runs, index = geometry[4]
    occupied = tuple([c for c in cells if c in before])
    duplicates: tuple[Cell, ...] = ()
    if len(played) < len(cells):
        duplicates = tuple(sorted(c for c, n in Counter(cells).items() if n > 1))
    straight = is_straight(cells)
    gaps = _straight_gaps(before, played, cells) if straight and len(cells) > 1 else ()  # compute_gaps
    has_existing = bool(cells) and any(c in before for axis in compute_play_axes(cells)
                                       for c in runs[(cells[0], axis)])
    lines = tuple([(line, *_line_picker(before, index, len(cells), line)) for line in found])
    rest = geometry[3] = (occupied, duplicates, straight, gaps, has_existing, lines)
    return rest


def _line_masks(before: Mapping[Cell, int], played: Mapping[Cell, int],
                lines: Sequence[tuple[Cell, ...]]) -> tuple[tuple[tuple[int, ...], int], ...] | None:
    """What BF-LINE-3's fast form needs of each line after a play: ``(indices, mask)``, where ``indices``
    are the positions in the play of the cards that land on the line (``played`` maps a played cell to its
    card's position) and ``mask`` is the feature bits (:data:`_FEATURE_BITS`) common to the cards already
    on its other cells. The line is of one colour or one animal exactly when ``mask`` and the bits of the
    cards at ``indices`` still share a bit (:func:`is_line_uniform`). ``None`` when an old card is no card
    (its bits are unknown: the caller reads the lines' cards instead).

    >>> lp, gp, lb = (parse_card(c) for c in ("Lp", "Gp", "Lb"))
    >>> (indices, mask), = _line_masks({(0, 0): lp, (1, 0): gp}, {(2, 0): 1}, [((0, 0), (1, 0), (2, 0))])
    >>> indices, mask == _FEATURE_BITS[lp] & _FEATURE_BITS[gp], bool(mask & _FEATURE_BITS[lb])
    ((1,), True, False)
    """
    found = []
    for line in lines:
        common = _ALL_FEATURES
        indices = []
        for c in line:
            i = played.get(c)
            if i is not None:
                indices.append(i)
                continue
            bits = _FEATURE_BITS.get(before[c])  # any board value: checked
            if bits is None:
                return None
            common &= bits
        found.append((tuple(indices), common))
    return tuple(found)


def _straight_gaps(before: Board, played: set[Cell], cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """:func:`compute_gaps` for two or more ``cells`` (the set ``played``) in one row or column: the
    cells between the first and the last that are neither played nor on ``before``, in order.

    >>> _straight_gaps({(1, 0): 0}, {(0, 0), (3, 0)}, ((0, 0), (3, 0)))
    ((2, 0),)
    """
    x, y = cells[0]
    if all(cy == y for _, cy in cells):
        xs = [cx for cx, _ in cells]
        return tuple([(cx, y) for cx in range(min(xs), max(xs) + 1)
                      if (cx, y) not in played and (cx, y) not in before])
    ys = [cy for _, cy in cells]
    return tuple([(x, cy) for cy in range(min(ys), max(ys) + 1) if (x, cy) not in played and (x, cy) not in before])


def _line_picker(before: Mapping[Cell, int], played: Mapping[Cell, int], size: int,
                 line: tuple[Cell, ...]) -> tuple[Callable[[tuple[int, ...]], tuple[int, ...]], tuple[int, ...]]:
    """How to read the cards of ``line`` (two or more cells) after a play, without looking any cell up:
    ``(picker, olds)``, where ``played`` maps each played cell to the index of its card in the play
    of ``size`` cards, ``olds`` are the cards already on the line's other cells and ``picker(played cards + olds)`` is the
    line's cards in line order. (For a cell played twice ``played`` names the card played last on it, as
    in a mapping built from the play.)

    >>> picker, olds = _line_picker({(0, 0): 7}, {(1, 0): 0, (2, 0): 1}, 2, ((0, 0), (1, 0), (2, 0)))
    >>> olds, picker((3, 4) + olds)
    ((7,), (7, 3, 4))
    """
    olds = tuple([before[c] for c in line if c not in played])
    where, old = [], size
    for c in line:
        if c in played:
            where.append(played[c])
        else:
            where.append(old)
            old += 1
    return operator.itemgetter(*where), olds


def analyse_play(board: tuple[Placed, ...], placed: tuple[Placed, ...]) -> PlayAnalysis:
    """The facts about ``placed`` on ``board`` that the placement rules use
    (the last result is remembered, since every rule asks in turn).

    ``has_existing`` is :func:`contains_existing_card` and ``lines`` is
    :func:`compute_lines_through` on the board after the play, both read off
    runs shared by every play on the board (:func:`_compute_geometry`); what
    depends on the cells alone is shared by every play on the same cells
    (:func:`_play_geometry`). ``tests/spec/test_bigfive_analysis.py`` compares
    every field with those functions.

    >>> board = (Placed(0, 0, parse_card("Lp")), Placed(1, 0, parse_card("Gp")))
    >>> a = analyse_play(board, parse_move("play Zp@2,0 Cp@3,0").placed)
    >>> a.straight, a.gaps, a.has_existing, [len(line) for line, _ in a.lines]
    (True, (), True, [4])
    """
    last_board, last_placed, last = _LAST_PLAY[0]
    if last_board is board and last_placed == placed:
        known: PlayAnalysis = last
        return known
    geometry, cards = _play_geometry(board, placed)
    cells = geometry[0]
    occupied, duplicates, straight, gaps, has_existing, found = _geometry_rest(geometry)
    lines = tuple([(line, picker(cards + olds)) for line, picker, olds in found])
    # tuple.__new__ is what PlayAnalysis(...) does, without its keyword handling (one call per candidate play)
    result: PlayAnalysis = tuple.__new__(PlayAnalysis, (cells, cards, occupied, duplicates, straight, gaps,
                                                        has_existing, lines))
    _LAST_PLAY[0] = (board, placed, result)
    return result


def is_placement_legal(board: tuple[Placed, ...], placed: tuple[Placed, ...]) -> bool:
    """Rules 1–3 with notes a and b (cards in hand and group size aside)."""
    a = analyse_play(board, placed)
    if not placed or len(placed) > MAX_GROUP or a.occupied or a.duplicate_cells:
        return False
    if not a.straight or a.gaps or not a.has_existing:
        return False
    return all(is_line_valid(cards) for _, cards in a.lines)


def _windows(anchor: Cell, axis: Cell) -> Iterator[tuple[Cell, ...]]:
    dx, dy = axis
    x, y = anchor
    for start in range(-(MAX_LINE - 1), 1):
        yield tuple((x + (start + i) * dx, y + (start + i) * dy) for i in range(MAX_LINE))


def _shares_feature(cards: Sequence[int]) -> bool:
    return is_line_uniform(cards)


def candidate_plays(board: tuple[Placed, ...], hand: Sequence[int], *, exhaustive: bool = False) -> list[Play]:
    """A finite superset of the legal plays of ``hand`` on ``board``, singles first.

    Why a superset: a legal play lies in one straight line (Rule 1) whose new
    line holds a card ``p`` that was already there (Rule 2) and has at most
    five cells (note a); its played cells are exactly the empty cells of that
    line (no gaps). All its cards lie in the new line, which is of one colour
    or of one animal (Rule 3), so they share a colour or an animal.

    * Default: for every card ``p`` and direction, every run of at most five
      cells through ``p`` with one to four empty cells gives the cell set (its
      empty cells); every assignment of distinct hand cards (as a multiset)
      that share a colour or an animal is a candidate. Rules 1 and 2 can then
      only fail for runs that are not maximal; this keeps crowded boards
      cheap enough to check every state.
    * ``exhaustive``: every set of one to four empty cells inside a window of
      five cells through ``p`` (gaps allowed), with every assignment of hand
      cards: the blunt enumeration, for small boards.

    >>> board = (Placed(0, 0, parse_card("Lp")),)
    >>> hand = [parse_card(c) for c in ("Gp", "Zp")]
    >>> plays = candidate_plays(board, hand)
    >>> sum(is_placement_legal(board, p.placed) for p in plays)
    20
    >>> len(plays) < len(candidate_plays(board, hand, exhaustive=True))
    True
    """
    limit = min(MAX_GROUP, len(hand))
    cell_sets = _candidate_cells(board, limit, exhaustive)
    orders: dict[int, list[tuple[int, ...]]] = {}
    columns: dict[int, tuple[tuple[int, ...], ...]] = {}
    for size in range(1, limit + 1):
        groups = [g for g in _hand_groups(hand, size) if exhaustive or _shares_feature(g)]
        orders[size] = sorted({order for g in groups for order in itertools.permutations(g)})
        columns[size] = tuple(zip(*orders[size]))  # columns[size][i]: the card of every order on cell i
    singles: list[tuple[Placed, ...]] = []
    multis: list[tuple[Placed, ...]] = []
    known = all(type(c) is int and 0 <= c < KINDS for c in hand)  # cards: the shared Placed of _placed_on
    for cells, in_order, rows in cell_sets:
        target = singles if len(cells) == 1 else multis
        if known:
            size_orders = orders[len(cells)]
            if not size_orders:  # no group of this size shares a colour or an animal
                continue
            # each play: the card of each order on each cell, read off the cells' rows column by column
            # (zip builds the plays' tuples: the same as tuple(map(operator.getitem, rows, order)) per order)
            plays = zip(*[map(row.__getitem__, column) for row, column in zip(rows, columns[len(cells)])])
            target.extend(plays if in_order else map(tuple, map(sorted, plays)))
            continue
        for order in orders[len(cells)]:
            group = tuple([Placed(c[0], c[1], card) for c, card in zip(cells, order)])
            target.append(group if in_order else tuple(sorted(group)))
    singles += multis
    return _plays(singles)


#: Sets a :class:`Play`'s one slot, ``placed``, on an object made by ``object.__new__`` (the slot's own
#: descriptor: it does not pass through the frozen class's ``__setattr__``).
_SET_PLACED: Callable[[Play, tuple[Placed, ...]], None] = Play.__dict__["placed"].__set__


def _plays(groups: list[tuple[Placed, ...]]) -> list[Play]:
    """``[Play(g) for g in groups]``, made in C loops: each object by ``object.__new__`` and its one field
    set through its slot (:data:`_SET_PLACED`), which is all the dataclass's ``__init__`` does (``Play`` has
    no ``__post_init__``; ``tests/spec/test_bigfive_analysis.py`` checks both), without one Python call per
    play (a state's candidate plays number in the thousands; measured 3.7x less CPU than ``map(Play, ...)``).

    >>> board = parse_move("play Lp@0,0 Gp@1,0").placed
    >>> _plays([board, board[:1]]) == [Play(board), Play(board[:1])]
    True
    """
    plays: list[Play] = list(map(object.__new__, itertools.repeat(Play, len(groups))))
    collections.deque(map(_SET_PLACED, plays, groups), maxlen=0)
    return plays


_PLACED_ON: dict[Cell, tuple[Placed, ...]] = {}


def _placed_on(cell: Cell) -> tuple[Placed, ...]:
    """``Placed(x, y, card)`` on ``cell`` for every card 0–24, built once per cell (at most 4096 cells kept):
    candidate plays put the same cards on the same cells again and again, and a placed card is an
    immutable value, so one object serves every play that has it.

    >>> _placed_on((2, -1))[parse_card("Zp")] == Placed(2, -1, parse_card("Zp"))
    True
    """
    row = _PLACED_ON.get(cell)
    if row is None:
        if len(_PLACED_ON) >= 4096:
            _PLACED_ON.clear()
        row = _PLACED_ON[cell] = tuple([Placed(cell[0], cell[1], card) for card in range(KINDS)])
    return row


@remember_last
def _candidate_cells(board: tuple[Placed, ...], limit: int,
                     exhaustive: bool) -> tuple[tuple[tuple[Cell, ...], bool, tuple[tuple[Placed, ...], ...]], ...]:
    """The cell sets of :func:`candidate_plays` on ``board`` for groups of up to ``limit`` cards, sorted, each
    with whether its cells are already in order (distinct cells in order: its plays need no sorting) and
    its cells' rows of :func:`_placed_on`.
    They depend on the board alone, so the last board's are remembered (several hands, turns and rules
    ask about one board). The default ones lie in one row or column each and depend on that line's
    occupied cells alone (:func:`_line_cells`, remembered per line: a play changes few lines)."""
    before = _board_map_of(board)
    if not exhaustive:
        rows: dict[int, list[int]] = {}
        columns: dict[int, list[int]] = {}
        for x, y in before:
            rows.setdefault(y, []).append(x)
            columns.setdefault(x, []).append(y)
        found: dict[tuple[Cell, ...], tuple[tuple[Cell, ...], bool, tuple[tuple[Placed, ...], ...]]] = {}
        for along, lines in ((0, rows), (1, columns)):
            for fixed, coords in lines.items():
                for entry in _line_cells(along, fixed, tuple(sorted(coords)), limit):
                    found[entry[0]] = entry  # a single cell comes from its row and its column alike
        return tuple([found[cells] for cells in sorted(found)])
    cell_sets: set[tuple[Cell, ...]] = set()
    for anchor in before:
        for axis in AXES:
            for window in _windows(anchor, axis):
                empty = [c for c in window if c not in before]
                for size in range(1, min(limit, len(empty)) + 1):
                    cell_sets.update(itertools.combinations(empty, size))
    return tuple((cells, all(a < b for a, b in zip(cells, cells[1:])), tuple([_placed_on(c) for c in cells]))
                 for cells in sorted(cell_sets))


@functools.lru_cache(maxsize=4096)
def _line_cells(axis: int, fixed: int, occupied: tuple[int, ...],
                limit: int) -> tuple[tuple[tuple[Cell, ...], bool, tuple[tuple[Placed, ...], ...]], ...]:
    """The default cell sets of :func:`candidate_plays` in one line of the board, as :func:`_candidate_cells`
    gives them: the line is the row ``y = fixed`` (``axis`` 0) or the column ``x = fixed`` (``axis`` 1) whose
    occupied cells are at the coordinates ``occupied`` (sorted) along it.

    A default cell set is the empty cells of a run of at most five cells through a card ``p`` when it has one
    to ``limit`` of them; over every card of the line, these runs are the runs of at most five cells of the
    line that hold an occupied cell. Their empty cells come in line order.

    >>> [cells for cells, _, _ in _line_cells(0, 0, (0, 1), 1)]
    [((-1, 0),), ((2, 0),)]
    >>> sorted(cells for cells, _, _ in _line_cells(1, 3, (0,), 4)) == sorted(
    ...     tuple((3, y) for y in range(a, b + 1) if y != 0)
    ...     for a in range(-4, 1) for b in range(max(a, 0), a + 5) if b > a or a != 0)
    True
    """
    held = set(occupied)
    sets: dict[tuple[int, ...], None] = {}
    for first in range(occupied[0] - (MAX_LINE - 1), occupied[-1] + 1):
        empty: list[int] = []
        holds_card = False
        for at in range(first, first + MAX_LINE):  # the run first .. at
            if at in held:
                holds_card = True
            else:
                empty.append(at)
            if holds_card and 1 <= len(empty) <= limit:
                sets[tuple(empty)] = None
    found = []
    for coords in sets:
        cells = tuple([(c, fixed) for c in coords]) if axis == 0 else tuple([(fixed, c) for c in coords])
        found.append((cells, True, tuple([_placed_on(c) for c in cells])))  # distinct cells in line order
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def _hand_groups_cached(hand: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(set(itertools.combinations(hand, size))))


def _hand_groups(hand: Sequence[int], size: int) -> tuple[tuple[int, ...], ...]:
    return _hand_groups_cached(tuple(sorted(hand)), size)


def compute_legal_plays(board: tuple[Placed, ...], hand: Sequence[int], min_size: int = 1) -> list[Play]:
    """The legal plays of ``hand`` on ``board`` with at least ``min_size`` cards, by the rules alone.

    >>> board = (Placed(0, 0, parse_card("Lp")),)
    >>> len(compute_legal_plays(board, [parse_card("Gp")]))
    4
    """
    return [p for p in candidate_plays(board, hand) if len(p.placed) >= min_size and is_placement_legal(board, p.placed)]


@remember_last
def can_place(board: tuple[Placed, ...], hand: Sequence[int], min_size: int = 1) -> bool:
    """Whether ``hand`` has any legal play of at least ``min_size`` cards."""
    return any(
        len(p.placed) >= min_size and is_placement_legal(board, p.placed) for p in candidate_plays(board, hand)
    )


def compute_anchors(board: tuple[Placed, ...], play: Play) -> tuple[Cell, ...]:
    """The cards already on the table that lie in the play's new line(s): its possible anchors."""
    before = board_map(board)
    cells = [(p.x, p.y) for p in play.placed]
    found: set[Cell] = set()
    for axis in compute_play_axes(cells):
        found.update(c for c in compute_new_line(before, cells, axis) if c in before)
    return tuple(sorted(found))


def is_one_sided(board: tuple[Placed, ...], play: Play) -> bool:
    """The contradicting reading "one_side" of BF-AMB-5: every old card of the
    play's new line lies on the same side of all played cards (the play
    extends its line at one end, never on both sides of an old card).

    >>> board = (Placed(0, 0, parse_card("Zp")),)
    >>> is_one_sided(board, parse_move("play Zy@0,-1 Zb@0,-2")), is_one_sided(board, parse_move("play Zy@0,-1 Zb@0,1"))
    (True, False)
    """
    before = board_map(board)
    cells = [(p.x, p.y) for p in play.placed]
    for axis in compute_play_axes(cells):
        line = compute_new_line(before, cells, axis)
        marks = "".join("o" if c in before else "p" for c in line)
        if "po" in marks and "op" in marks:
            return False
    return True


# --------------------------------------------------------------------------
# Text picture of a board


def render_board(board: Iterable[Placed], marks: Iterable[Placed] = (), margin: int = 1) -> str:
    """The board as a grid of card codes; ``marks`` (e.g. a rejected play) show in brackets.

    >>> print(render_board([Placed(0, 0, 24), Placed(1, 0, 19)], [Placed(0, 1, 23)], margin=0))
    y\\x    0    1
      0   Ep   Cp
      1 [Er]    .
    """
    cells = {(p.x, p.y): card_code(p.card) for p in board}
    marked = {(p.x, p.y): f"[{card_code(p.card)}]" for p in marks}
    every = list(cells) + list(marked)
    if not every:
        return "(empty board)"
    xs = [x for x, _ in every]
    ys = [y for _, y in every]
    x0, x1, y0, y1 = min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin
    lines = ["y\\x" + "".join(f"{x:>5}" for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        row = []
        for x in range(x0, x1 + 1):
            if (x, y) in marked:
                row.append(marked[(x, y)].rjust(5))
            else:
                row.append(cells.get((x, y), ".").rjust(5))
        lines.append(f"{y:>3}" + "".join(row))
    return "\n".join(line.rstrip() for line in lines)


# --------------------------------------------------------------------------
# The reference transition (what a move does), written for clarity.


def _remove(items: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    rest = list(items)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def _add(items: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(items + tuple(cards)))


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _take_top(deck: tuple[tuple[int, ...], ...], card: int) -> tuple[tuple[int, ...], ...]:
    segments = [seg for seg in deck if seg]
    segments[0] = _remove(segments[0], [card])
    return tuple(seg for seg in segments if seg)


def compute_round_end(state: BigFiveState) -> BigFiveState:
    """Book the round: losers add their cards left (solitaire: the discard pile)
    to their penalties; the game ends after the last round or at the limit."""
    v = state.variant
    if is_solitaire(state):
        round_points: tuple[int, ...] = (len(state.pile),)
    else:
        left = [cards_left(state, s) for s in range(state.players)]
        best = min(left)
        round_points = tuple(n if n > best else 0 for n in left)
    penalties = tuple(p + q for p, q in zip(state.penalties, round_points))
    done = state.round >= v.rounds or (v.penalty_limit > 0 and max(penalties) >= v.penalty_limit)
    return state._replace(
        penalties=penalties, round_over=True, finished=done, bonus=0, boxing=False, to_draw=0,
    )


def _solo_end(state: BigFiveState) -> BigFiveState:
    hand = state.hands[0]
    state = state._replace(hands=((),), box=_add(state.box, hand))
    if state.variant.solo_rest == "penalty":
        rest = [c for seg in state.decks[0] for c in seg]
        state = state._replace(decks=((),), pile=_add(state.pile, rest))
    return compute_round_end(state)


def any_seat_can_place(state: BigFiveState) -> bool:
    """Whether some seat holds a legal placement for its hand."""
    return any(can_place(state.board, hand, state.variant.min_group) for hand in state.hands)


def _end_turn(state: BigFiveState) -> BigFiveState:
    if is_solitaire(state):
        return state
    v = state.variant
    n = state.players
    if state.idle >= n:
        if v.stalemate == "exchange_round" or state.idle >= n * v.idle_rounds or not any_seat_can_place(state):
            return compute_round_end(state)
    return state._replace(turn=(state.turn + 1) % n)


def _refill(state: BigFiveState) -> BigFiveState:
    seat = state.turn
    need = HAND_SIZE - len(state.hands[seat])
    have = deck_size(state.decks[seat])
    if is_solitaire(state):
        if have < need:
            return _solo_end(state)
        return state._replace(bonus=0, to_draw=need) if need else _end_turn(state._replace(bonus=0))
    n = min(need, have)
    state = state._replace(bonus=0)
    return state._replace(to_draw=n) if n else _end_turn(state)


def _after_discard(state: BigFiveState) -> BigFiveState:
    if not is_solitaire(state) and cards_left(state, state.turn) == 0:
        return compute_round_end(state)
    if state.bonus > 0:
        return state
    return _after_bonus(state)


def _after_bonus(state: BigFiveState) -> BigFiveState:
    """The bonus discards are over: refill, or (after_refill) the refill came first and the turn ends."""
    if state.variant.bonus_timing == "after_refill":
        return _end_turn(state._replace(bonus=0))
    return _refill(state._replace(bonus=0))


def _refill_then_bonus(state: BigFiveState, earned: int) -> BigFiveState:
    """With ``bonus_timing="after_refill"``: draw up to five first, then discard ``earned`` bonus cards."""
    seat = state.turn
    need = HAND_SIZE - len(state.hands[seat])
    have = deck_size(state.decks[seat])
    if is_solitaire(state):
        if have < need:
            return _solo_end(state)
        return state._replace(bonus=earned, to_draw=need)
    return state._replace(bonus=earned, to_draw=min(need, have))


class BonusCount:
    """The house-rule hook for the bonus count: how many bonus discards a play earns.

    The specification asks :meth:`count` (rule BF-BONUS-1, through
    :func:`compute_successor`); the engine's counterpart is
    :meth:`ruleproof.model.bigfive.BigFiveGame.bonus_earned`. A derived game
    overrides both and builds its specification with :func:`build_spec`. The
    base gives the ``bonus`` flag's readings (:func:`compute_bonus`).

    >>> class OnePerLine(BonusCount):
    ...     text = "Every line of four or more that the play touches earns one bonus card."
    ...     def count(self, variant, board, placed):
    ...         after = dict(board) | {(p.x, p.y): p.card for p in placed}
    ...         return sum(1 for line in compute_lines_through(after, [(p.x, p.y) for p in placed]) if len(line) >= 4)
    >>> b = {(0, 0): parse_card("Gr")}
    >>> OnePerLine().count(BigFiveVariant(), b, parse_move("play Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0").placed)
    1
    """

    #: The rule BF-BONUS-1 in our own words, as this hook decides it.
    text = ""

    def count(self, variant: BigFiveVariant, board: Board, placed: Sequence[Placed]) -> int:
        """Bonus discards earned by playing ``placed`` on ``board`` (the board before the play)."""
        return compute_bonus(variant, board, Play(tuple(placed)))


_BONUS_HOOK: ContextVar[BonusCount | None] = ContextVar("bigfive_bonus_hook", default=None)


@remember_last
def compute_successor(state: BigFiveState, actor: int, move: BigFiveMove) -> BigFiveState:
    """The state after ``move`` (assumed legal): the spec's own account of every effect."""
    return _successor(state, actor, move, _BONUS_HOOK.get())


@functools.lru_cache(maxsize=256)
def _successor(state: BigFiveState, actor: int, move: BigFiveMove, hook: BonusCount | None) -> BigFiveState:
    """:func:`compute_successor` with the bonus hook in force (part of the cache key)."""
    v = state.variant
    n = state.players
    if isinstance(move, Deal):
        if state.round_over:
            state = compute_initial_state(v, n)._replace(
                round=state.round + 1, penalties=state.penalties, turn=state.round % n,
            )
        kind, seat = deal_target(v, n, state.dealt)
        pool = _remove(state.pool, [move.card])
        if kind == "board":
            state = state._replace(board=(Placed(0, 0, move.card),))
        else:
            state = state._replace(decks=_set(state.decks, seat, (_add(top_segment(state.decks[seat]), [move.card]),)))
        dealt = state.dealt + 1
        if dealt == 1 + sum(deal_sizes(v, n)):
            state = state._replace(box=_add(state.box, pool))
            pool = ()
        return state._replace(pool=pool, dealt=dealt)
    if isinstance(move, Draw):
        seat = drawing_seat(state)
        state = state._replace(
            decks=_set(state.decks, seat, _take_top(state.decks[seat], move.card)),
            hands=_set(state.hands, seat, _add(state.hands[seat], [move.card])),
        )
        if is_setup(state):
            return state._replace(dealt=state.dealt + 1)
        state = state._replace(to_draw=state.to_draw - 1)
        if state.to_draw:
            return state
        return state if state.bonus else _end_turn(state)
    if isinstance(move, Box):
        seat = state.turn
        state = state._replace(
            decks=_set(state.decks, seat, _take_top(state.decks[seat], move.card)),
            box=_add(state.box, [move.card]), boxing=False,
        )
        return _after_discard(state)
    seat = state.turn
    hand = state.hands[seat]
    if isinstance(move, Play):
        before = board_map(state.board)
        cards = [p.card for p in move.placed]
        state = state._replace(
            hands=_set(state.hands, seat, _remove(hand, cards)),
            board=tuple(sorted(state.board + move.placed)), idle=0,
        )
        if not is_solitaire(state) and cards_left(state, seat) == 0:
            return compute_round_end(state)
        earned = compute_bonus(v, before, move) if hook is None else hook.count(v, before, move.placed)
        room = len(state.pile) if is_solitaire(state) else cards_left(state, seat)
        earned = min(earned, room)
        if earned and v.bonus_timing == "after_refill":
            return _refill_then_bonus(state, earned)
        if earned:
            return state._replace(bonus=earned)
        return _refill(state)
    if isinstance(move, Exchange):
        deck = tuple(seg for seg in state.decks[seat] if seg) + (move.cards,)
        return state._replace(
            hands=_set(state.hands, seat, _remove(hand, move.cards)),
            decks=_set(state.decks, seat, deck), to_draw=len(move.cards), idle=state.idle + 1,
        )
    if isinstance(move, Pass):
        return _end_turn(state._replace(idle=state.idle + 1))
    if isinstance(move, Discard):
        state = state._replace(
            hands=_set(state.hands, seat, _remove(hand, move.cards)), pile=_add(state.pile, move.cards),
        )
        if deck_size(state.decks[seat]) < SOLO_DISCARD:
            return _solo_end(state)
        return state._replace(to_draw=SOLO_DISCARD)
    if isinstance(move, Bonus):
        state = state._replace(
            hands=_set(state.hands, seat, _remove(hand, [move.card])), box=_add(state.box, [move.card]),
            bonus=state.bonus - 1,
        )
        return _after_discard(state)
    if isinstance(move, BonusBlind):
        return state._replace(bonus=state.bonus - 1, boxing=True)
    if isinstance(move, BonusPile):
        state = state._replace(
            pile=_remove(state.pile, [move.card]), box=_add(state.box, [move.card]), bonus=state.bonus - 1,
        )
        return _after_discard(state)
    if isinstance(move, Decline):
        return _after_bonus(state)
    raise TypeError(f"not a Big Five move: {move!r}")


def compute_winners(state: BigFiveState) -> frozenset[int]:
    """The seats with the fewest penalty points (in a one-round game: the fewest
    cards left, so the player who ran out); ties share the win."""
    best = min(state.penalties)
    return frozenset(s for s, p in enumerate(state.penalties) if p == best)


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

    placed = tuple(sorted(_parse_placed(w, w) for w in words(board)))
    hand_t = tuple(tuple(sorted(parse_card(w) for w in words(h))) for h in hands)
    pile_t = tuple(sorted(parse_card(w) for w in words(pile)))
    players = len(hand_t)
    rest = list(FULL_DECK)
    for c in [p.card for p in placed] + [c for h in hand_t for c in h] + list(pile_t):
        if c not in rest:
            raise ValueError(f"more than four copies of {card_code(c)} in the position")
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
            raise ValueError(f"more than four copies of {card_code(c)} in the position")
        box.remove(c)
    return BigFiveState(
        variant, players, 1, setup_length(variant, players), (), placed, hand_t, deck_t, pile_t, tuple(sorted(box)),
        turn, 0, False, 0, 0, (0,) * players, False, False,
    )


# --------------------------------------------------------------------------
# Rules


S: TypeAlias = Step[BigFiveVariant, BigFiveState, Any]


def _seat_move(step: S) -> bool:
    return step.actor >= 0 and not step.before.finished


def _is_play(step: S) -> bool:
    return isinstance(step.move, Play) and step.actor >= 0 and not step.before.finished  # _seat_move, inlined


@remember_last
def _phase_kinds(state: BigFiveState) -> tuple[type[Any], ...]:
    phase = compute_phase(state)
    solo = is_solitaire(state)
    if phase in {"round", "deal"}:
        return (Deal,)
    if phase == "draw":
        return (Draw,)
    if phase == "box":
        return (Box,)
    if phase == "bonus":
        return (BonusPile, Decline) if solo else (Bonus, BonusBlind, Decline)
    if phase == "act":
        return (Play, Discard) if solo else (Play, Exchange, Pass)
    return ()


def _check_players(step: S) -> str | None:
    try:
        return _players_problem(step.variant, step.before.players)
    except TypeError:  # an unhashable variant: nothing to remember it by
        return _players_problem.__wrapped__(step.variant, step.before.players)


@functools.lru_cache(maxsize=256)
def _players_problem(variant: BigFiveVariant, players: int) -> str | None:
    """What :func:`check_players` says about ``players`` under ``variant`` (``None``: they fit), remembered:
    every move of a game asks it about the same pair."""
    try:
        check_players(variant, players)
    except PlayerCountError as exc:
        return str(exc)
    return None


def _check_turn(step: S) -> str | None:
    expected = compute_whose_turn(step.before)
    if step.actor == expected:
        return None
    who = {CHANCE: "chance", TERMINAL: "nobody (the game is over)"}.get(expected, f"seat {expected}")
    actor = "chance" if step.actor == CHANCE else f"seat {step.actor}"
    return f"{actor} acted but it is the turn of {who}"


def _check_phase(step: S) -> str | None:
    allowed = _phase_kinds(step.before)
    if type(step.move) in allowed:
        return None
    phase = compute_phase(step.before)
    names = ", ".join(t.__name__.lower() for t in allowed) or "nothing"
    return f"{step.move} is not possible now (phase {phase!r}; allowed: {names})"


# Fast forms (``Rule.holds``) of the rules that reject most candidate moves of the wrong phase or source:
# True exactly when the message form returns None (tests/spec/test_bigfive_move_classes.py compares them).


def _holds_phase(step: S) -> bool:
    return type(step.move) in _phase_kinds(step.before)


def _holds_deal_card(step: S) -> bool:
    move = step.move
    if not isinstance(move, Deal):
        return True
    return move.card in (FULL_DECK if step.before.round_over else step.before.pool)


def _holds_draw_top(step: S) -> bool:
    move = step.move
    if not isinstance(move, (Draw, Box)):
        return True
    return move.card in top_segment(step.before.decks[drawing_seat(step.before)])


def _check_deal_card(step: S) -> str | None:
    move = step.move
    if not isinstance(move, Deal):
        return None
    pool = FULL_DECK if step.before.round_over else step.before.pool
    return None if move.card in pool else f"no {card_name(move.card)} is left to deal"


def _check_draw_top(step: S) -> str | None:
    move = step.move
    if not isinstance(move, (Draw, Box)):
        return None
    seat = drawing_seat(step.before)
    top = top_segment(step.before.decks[seat])
    if not top:
        return f"seat {seat}'s deck is empty"
    if move.card in top:
        return None
    return f"{card_code(move.card)} is not among the cards that can be on top of seat {seat}'s deck ({_codes(top)})"


def _check_in_hand(step: S) -> str | None:
    move = step.move
    if isinstance(move, Play):
        cards = [p.card for p in move.placed]
    elif isinstance(move, (Exchange, Discard)):
        cards = list(move.cards)
    elif isinstance(move, Bonus):
        cards = [move.card]
    else:
        return None
    hand = list(step.before.hands[step.actor]) if 0 <= step.actor < step.before.players else []
    missing = []
    for c in cards:
        if c in hand:
            hand.remove(c)
        else:
            missing.append(c)
    if not missing:
        return None
    return f"{_codes(sorted(missing))} not in seat {step.actor}'s hand ({_codes(step.before.hands[step.actor])})"


def _check_group_size(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    n = len(move.placed)
    low = step.variant.min_group
    if low <= n <= MAX_GROUP:
        return None
    return (f"a played group has {low} to {MAX_GROUP} cards (a new line of at most 5 must keep a card already there"
            f"{'; min_group=2 reads a group as several cards' if low > 1 else ''}); got {n}")


def _check_cells(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    problems = []
    if a.occupied:
        problems.append("occupied cell(s) " + ", ".join(f"{x},{y}" for x, y in a.occupied))
    if a.duplicate_cells:
        problems.append("two cards on cell(s) " + ", ".join(f"{x},{y}" for x, y in a.duplicate_cells))
    return "; ".join(problems) if problems else None


def _check_rule1(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    if not a.straight:
        return f"{_codes(a.cards)} are not in one row or column"
    if a.gaps:
        return "the group leaves empty cell(s) " + ", ".join(f"{x},{y}" for x, y in a.gaps) + " in its line"
    return None


def _check_rule2(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    if not a.cells or not a.straight or a.gaps or a.has_existing:
        return None
    if len(a.cells) == 1:
        (x, y), = a.cells
        return f"{card_code(a.cards[0])} at {x},{y} touches no card on the table"
    return f"the new line of {_codes(a.cards)} holds no card that was already on the table (touching sideways is not enough)"


def _line_text(line: tuple[Cell, ...], cards: tuple[int, ...]) -> str:
    return " ".join(f"{card_code(c)}@{x},{y}" for (x, y), c in zip(line, cards))


# The fast forms (``Rule.holds``) of the placement rules: True exactly when the message form above returns
# None, without building the message (GameSpec.is_legal asks them about every candidate play).


def _play_analysis(step: S) -> PlayAnalysis:
    move = step.move
    assert isinstance(move, Play)
    return analyse_play(step.before.board, move.placed)


def _holds_cells(step: S) -> bool:
    a = _play_analysis(step)
    return not a.occupied and not a.duplicate_cells


def _holds_rule1(step: S) -> bool:
    a = _play_analysis(step)
    return a.straight and not a.gaps


def _holds_rule2(step: S) -> bool:
    a = _play_analysis(step)
    return not a.cells or not a.straight or bool(a.gaps) or a.has_existing


def _holds_rule3(step: S) -> bool:
    # Without building the analysis (most candidate plays break this rule and no other rule asks about
    # them): with every card known, by the feature bits each line's old cards share (_line_masks), a line
    # is uniform exactly when those and its played cards' bits still share one; else by the analysis's
    # lines. The geometry is looked up here as _play_geometry does, and computed here when not yet known
    # (one call less per candidate play).
    board = step.before.board
    placed = step.move.placed
    owner, known = _LAST_GEOMETRY[0]
    if owner is board and placed:
        xs, ys, cards = zip(*placed)
        key = (xs, ys)
        geometry = known.get(key)
        if geometry is None:  # as _play_geometry computes it, from the columns split here already
            geometry = known[key] = _compute_geometry(board, _board_map_of(board), tuple(zip(xs, ys)))
    else:
        geometry, cards = _play_geometry(board, placed)
    masks = geometry[2]
    if masks is not None:
        bits = _FEATURE_BITS
        try:
            for indices, common in masks:
                for i in indices:
                    common &= bits[cards[i]]
                if not common:
                    return False
            return True
        except (KeyError, TypeError):  # a played value that is no card: read the lines' cards below
            pass
    return all(is_line_uniform(line_cards) for _, line_cards in analyse_play(board, placed).lines)


def _holds_identical(step: S) -> bool:
    for _, cards in _play_analysis(step).lines:
        if has_identical_cards(cards):
            return False
    return True


def _holds_length(step: S) -> bool:
    for _, cards in _play_analysis(step).lines:
        if len(cards) > MAX_LINE:
            return False
    return True


def _check_rule3(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    bad = [_line_text(line, cards) for line, cards in a.lines if not is_line_uniform(cards)]
    if not bad:
        return None
    return "line(s) mix colours and animals: " + "; ".join(bad)


def _check_identical(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    bad = [_line_text(line, cards) for line, cards in a.lines if has_identical_cards(cards)]
    if not bad:
        return None
    return "line(s) hold two identical cards: " + "; ".join(bad)


def _check_length(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    bad = [_line_text(line, cards) for line, cards in a.lines if len(cards) > MAX_LINE]
    if not bad:
        return None
    return "line(s) longer than 5 cards: " + "; ".join(bad)


def _check_solo_size(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    n = len(move.placed)
    return None if n >= SOLO_MIN_GROUP else f"in the solitaire a group has at least 3 cards; got {n}"


def _check_exchange(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Exchange)
    state = step.before
    if not 1 <= len(move.cards) <= HAND_SIZE:
        return f"an exchange swaps 1 to 5 cards; got {len(move.cards)}"
    if deck_size(state.decks[step.actor]) == 0:
        return f"seat {step.actor}'s deck is empty: nothing to exchange with"
    hand = state.hands[step.actor] if 0 <= step.actor < state.players else ()
    if step.variant.exchange == "whole_hand" and tuple(sorted(move.cards)) != tuple(sorted(hand)):
        return f"with exchange='whole_hand' the whole hand ({_codes(hand)}) is exchanged, not {_codes(move.cards)}"
    return None


def _check_pass(step: S) -> str | None:
    state = step.before
    seat = step.actor
    if step.variant.pass_rule == "always":
        return None
    if deck_size(state.decks[seat]):
        return f"seat {seat} can still exchange (deck of {deck_size(state.decks[seat])})"
    if can_place(state.board, state.hands[seat], step.variant.min_group):
        return f"seat {seat} can still place a group from {_codes(state.hands[seat])}"
    return None


def _check_bonus_source(step: S) -> str | None:
    move = step.move
    state = step.before
    if isinstance(move, BonusBlind) and deck_size(state.decks[step.actor]) == 0:
        return f"seat {step.actor}'s deck is empty: no blind bonus discard"
    return None


def _check_solo_discard(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Discard)
    if len(move.cards) != SOLO_DISCARD:
        return f"the solitaire discard is exactly 3 cards; got {len(move.cards)}"
    return None


def _check_solo_discard_forced(step: S) -> str | None:
    state = step.before
    if step.variant.solo_discard == "optional":
        return None
    if can_place(state.board, state.hands[0], SOLO_MIN_GROUP):
        return f"a group of three or more can be placed from {_codes(state.hands[0])}: no discard"
    return None


def _check_solo_pile(step: S) -> str | None:
    move = step.move
    assert isinstance(move, BonusPile)
    if move.card in step.before.pile:
        return None
    return f"{card_code(move.card)} is not in the discard pile ({_codes(step.before.pile) or 'empty'})"


# Effect rules compare fields of the claimed next state with the spec's own.


def _diff(step: S, fields: Sequence[str]) -> str | None:
    after = step.after
    assert after is not None
    expected = compute_successor(step.before, step.actor, step.move)
    wrong = [f for f in fields if getattr(after, f) != getattr(expected, f)]
    if not wrong:
        return None
    return "; ".join(f"{f} should be {_show(getattr(expected, f))}, not {_show(getattr(after, f))}" for f in wrong)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _effect(fields: Sequence[str]) -> Any:
    return lambda step: _diff(step, fields)


def _kind(*types: type[Any]) -> Any:
    return lambda step: isinstance(step.move, types)


def _is_new_round(step: S) -> bool:
    return isinstance(step.move, Deal) and step.before.round_over


def _ends_round(step: S) -> bool:
    after = step.after
    return after is not None and after.round_over and not step.before.round_over


def _turn_ends(step: S) -> bool:
    """The step completes a turn: the turn passes (or the game stops)."""
    if step.actor == CHANCE and is_setup(step.before):
        return False
    expected = compute_successor(step.before, step.actor, step.move)
    return compute_phase(expected) in {"act", "round", "over"} and compute_phase(step.before) != "round"


def _stalemate(step: S) -> bool:
    return not is_solitaire(step.before) and _turn_ends(step) and not isinstance(step.move, Deal)


ALL_FIELDS = tuple(f for f in BigFiveState._fields if f not in {"variant", "players"})

RULES: tuple[Rule, ...] = (
    Rule(
        "BF-SETUP-1", "Player count",
        "Big Five is played by one (the solitaire) to four players; five only with the allow_five flag. "
        "A handicap deal must name one deck size per seat.",
        _src(SEC_SETUP, "RULES-NOTES.md §Big Five row 6"), RuleKind.LEGALITY, _check_players,
        flags=("allow_five", "handicap"),
    ),
    Rule(
        "BF-DEAL-1", "Deal from the pack",
        "Chance deals only cards still in the shuffled pack of 100 (25 kinds, four copies each).",
        _src(SEC_COMPONENTS), RuleKind.LEGALITY, _check_deal_card, _kind(Deal), moves=(Deal,),
        holds=_holds_deal_card,
    ),
    Rule(
        "BF-DEAL-2", "Start card, decks, remainder",
        "The first card dealt lies face up at (0, 0) as the start card; then every player gets an equal face-down "
        "deck (99 cards shared evenly; 15 each in the children's game; the handicap sizes per seat), the cards "
        "left over go unseen into the box, and everyone draws five cards from their own deck.",
        _src(SEC_SETUP), RuleKind.EFFECT, _effect(ALL_FIELDS),
        lambda step: isinstance(step.move, Deal) and not step.before.round_over, flags=("children", "handicap"),
    ),
    Rule(
        "BF-TURN-1", "Whose turn",
        "The youngest player (seat 0) begins and the turn goes clockwise; chance acts for every deal, draw and "
        "blind discard; nobody acts once the game is over.",
        _src(SEC_TURN), RuleKind.LEGALITY, _check_turn,
    ),
    Rule(
        "BF-TURN-2", "One action per turn",
        "On a turn a player either plays one group or exchanges cards (with an empty deck and nothing to place, "
        "the player passes); bonus discards follow a play that earned them; draws and blind discards are chance's.",
        _src(SEC_TURN), RuleKind.LEGALITY, _check_phase, holds=_holds_phase,
    ),
    Rule(
        "BF-TURN-3", "The turn passes on",
        "When a turn's action, bonus discards and draws are done, the next player clockwise acts.",
        _src(SEC_TURN), RuleKind.EFFECT, _effect(("turn", "idle")), _turn_ends,
    ),
    Rule(
        "BF-PLAY-1", "Cards from the hand",
        "Played, exchanged and discarded cards must be in the acting player's hand.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_in_hand, _seat_move,
    ),
    Rule(
        "BF-PLAY-2", "Group size",
        "A played group has one to four cards: its new line holds at most five cards, one of which was already "
        "on the table (the text's bonus note b speaks of groups of four at most). With min_group=2 a group has "
        "at least two cards, the text calling it several cards.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_group_size, _is_play, flags=("min_group",), moves=(Play,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-PLAY-3", "Empty cells",
        "Each played card goes onto its own empty cell.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_cells, _is_play, holds=_holds_cells, moves=(Play,),
    ),
    Rule(
        "BF-PLAY-4", "Cards land on the board",
        "The played cards leave the hand and lie on their cells.",
        _src(SEC_PLAY), RuleKind.EFFECT, _effect(("board", "hands", "decks", "pool")), _kind(Play),
    ),
    Rule(
        "BF-LINE-1", "One straight line (Rule 1)",
        "The played cards lie in one row or one column, and together with the cards already there they form one "
        "unbroken line: they may extend an existing card on one side or flank it on both sides, never leave a gap.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_rule1, _is_play, holds=_holds_rule1, moves=(Play,),
    ),
    Rule(
        "BF-LINE-2", "The new line keeps an old card (Rule 2)",
        "The line the played cards form (for a single card: in either direction) must contain at least one card "
        "that was already on the table; touching it sideways is not enough.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_rule2, _is_play, holds=_holds_rule2, moves=(Play,),
    ),
    Rule(
        "BF-LINE-3", "One colour or one animal (Rule 3, note b)",
        "Every line that any played card belongs to, in either direction, is either all one colour or all one "
        "animal: the group matches its anchor's colour with different animals or its animal with different colours, "
        "and every other card it touches obeys the same.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_rule3, _is_play, holds=_holds_rule3, moves=(Play,),
    ),
    Rule(
        "BF-LINE-4", "No identical cards (note a)",
        "No line any played card belongs to may hold two identical cards (same animal and colour).",
        _src(SEC_PLAY, "RULES-NOTES.md §Big Five row 2"), RuleKind.LEGALITY, _check_identical, _is_play,
        holds=_holds_identical, moves=(Play,),
    ),
    Rule(
        "BF-LINE-5", "At most five (note a)",
        "No line any played card belongs to may hold more than five cards.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_length, _is_play, holds=_holds_length, moves=(Play,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-DRAW-1", "Draws come off the own deck",
        "A draw, and a blind bonus discard, takes the top card of the acting player's own deck: some card of its top "
        "segment, since nobody knows the deck's order.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_draw_top, _kind(Draw, Box), moves=(Draw, Box),
        holds=_holds_draw_top,
    ),
    Rule(
        "BF-DRAW-2", "Drawing",
        "A drawn card moves from the top of the own deck into the hand.",
        _src(SEC_PLAY), RuleKind.EFFECT, _effect(("hands", "decks", "dealt", "board", "pile", "pool")), _kind(Draw),
    ),
    Rule(
        "BF-REFILL-1", "Refill to five",
        "After playing (and any bonus discards) the player draws from the own deck until the hand holds five cards, "
        "or fewer when the deck runs out. With bonus_timing='after_refill' the draws come right after the play and "
        "the bonus discards after them, with no second refill.",
        _src(SEC_PLAY), RuleKind.EFFECT, _effect(("to_draw",)), _kind(Play, Bonus, Box, BonusPile, Decline),
        flags=("bonus_timing",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-EXCH-1", "Exchange",
        "Instead of playing, a player may exchange one to five hand cards, but not with an empty deck; with "
        "exchange='whole_hand' the exchange swaps the whole hand.",
        _src(SEC_EXCHANGE, "RULES-NOTES.md §Big Five row 4"), RuleKind.LEGALITY, _check_exchange,
        lambda step: isinstance(step.move, Exchange) and _seat_move(step), flags=("exchange",), moves=(Exchange,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-EXCH-2", "Exchanged cards go under the deck",
        "The exchanged cards are shuffled and put under the own deck (a new bottom segment); then as many cards "
        "are drawn from the top.",
        _src(SEC_EXCHANGE), RuleKind.EFFECT, _effect(("hands", "decks", "to_draw", "idle")), _kind(Exchange),
    ),
    Rule(
        "BF-PASS-1", "Pass only when stuck",
        "A player may let the turn go only with an empty deck (no exchange) and no legal group to place; with "
        "pass_rule='always' a player may pass on any turn.",
        _src(SEC_END, "RULES-NOTES.md §Big Five row 4: no exchange with an empty deck"), RuleKind.LEGALITY,
        _check_pass, lambda step: isinstance(step.move, Pass) and _seat_move(step) and step.before.players > 1,
        flags=("pass_rule", "min_group"), moves=(Pass,),
    ),
    Rule(
        "BF-BONUS-1", "Bonus count",
        "A play earns bonus discards for its new lines: by the text, 1 for each line of four and 2 for each line of "
        "five (summed over all new lines), plus 1 for a group of four cards; by the publisher, 1 when a line "
        "reaches four cards and 2 when it reaches five, where a line reaches a size only if its longest connected "
        "run of old cards was smaller (pieces joined by the play were never a line of four). The count is capped "
        "by the cards the player still has (solitaire: by the discard pile).",
        _src(SEC_BONUS, "RULES-NOTES.md §Big Five row 1"), RuleKind.EFFECT, _effect(("bonus",)), _kind(Play),
        flags=("bonus",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-BONUS-2", "Bonus discards",
        "Each bonus card is a card of the hand the player chooses or the top card of the own deck, unseen; "
        "the player may decline the rest.",
        _src(SEC_BONUS), RuleKind.LEGALITY, _check_bonus_source,
        lambda step: isinstance(step.move, (Bonus, BonusBlind)) and _seat_move(step), moves=(Bonus, BonusBlind),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-BONUS-3", "Bonus cards go to the box",
        "A bonus card leaves the hand, deck or (solitaire) discard pile for the box.",
        _src(SEC_BONUS), RuleKind.EFFECT, _effect(("hands", "decks", "pile", "box", "bonus", "boxing")),
        _kind(Bonus, BonusBlind, BonusPile, Box, Decline),
    ),
    Rule(
        "BF-END-1", "Out of cards wins",
        "A player who has no card left in hand or deck, after playing a group or a bonus discard, wins the round "
        "at once.",
        _src(SEC_END), RuleKind.EFFECT, _effect(("round_over", "finished", "penalties")),
        lambda step: not is_solitaire(step.before) and isinstance(step.move, (Play, Bonus, Box)),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-END-2", "Stalemate",
        "If a full round passes without a placement the round may end: by default when then nobody can place "
        "(or after idle_rounds such rounds), with stalemate 'exchange_round' at once. The fewest cards wins.",
        _src(SEC_END, "RULES-NOTES.md §Big Five row 5"), RuleKind.EFFECT,
        _effect(("round_over", "finished", "penalties", "turn")), _stalemate,
        flags=("stalemate", "idle_rounds"),
    ),
    Rule(
        "BF-WIN-1", "Fewest cards (penalties) wins",
        "The winner is the player with the fewest cards left (the one who ran out); over several rounds, the "
        "fewest penalty points. Ties share the win.",
        _src(SEC_END, "RULES-NOTES.md §Big Five row 5: ties shared"), RuleKind.OUTCOME,
        lambda step: None if step.move == compute_winners(step.before)
        else f"the winners must be seats {sorted(compute_winners(step.before))} "
        f"(penalties {list(step.before.penalties)}), not {step.move!r}",
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-ROUND-1", "Several rounds",
        "At a round's end each loser adds their cards left to their penalty points; the game ends after the "
        "agreed number of rounds or once someone's penalties reach the agreed limit; otherwise all cards are "
        "shuffled and dealt anew, the next seat beginning.",
        _src(SEC_ROUNDS), RuleKind.EFFECT, lambda step: _diff(step, ALL_FIELDS), _is_new_round,
        flags=("rounds", "penalty_limit"),
    ),
    Rule(
        "BF-ROUND-2", "Round scoring",
        "When a round ends, every player who did not win it adds the cards left in hand and deck to their penalties; "
        "the game ends after the last round or at the penalty limit.",
        _src(SEC_ROUNDS), RuleKind.EFFECT, _effect(("penalties", "finished", "round_over")), _ends_round,
        flags=("rounds", "penalty_limit"),
    ),
    Rule(
        "BF-SOLO-1", "Solitaire groups of three",
        "In the solitaire a played group has at least three cards.",
        _src(SEC_SOLO), RuleKind.LEGALITY, _check_solo_size,
        lambda step: _is_play(step) and is_solitaire(step.before), moves=(Play,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-SOLO-2", "Solitaire discard of three",
        "A solitaire player who cannot place a group of three or more discards exactly three hand cards to the "
        "discard pile and draws three.",
        _src(SEC_SOLO), RuleKind.LEGALITY, _check_solo_discard,
        lambda step: isinstance(step.move, Discard) and _seat_move(step), moves=(Discard,),
    ),
    Rule(
        "BF-SOLO-3", "Discard only when stuck",
        "The solitaire discard is allowed only when no group of three or more can be placed; with "
        "solo_discard='optional' it is allowed on any turn.",
        _src(SEC_SOLO), RuleKind.LEGALITY, _check_solo_discard_forced,
        lambda step: isinstance(step.move, Discard) and _seat_move(step) and is_solitaire(step.before), moves=(Discard,),
        flags=("solo_discard",),
    ),
    Rule(
        "BF-SOLO-4", "Solitaire bonus from the pile",
        "In the solitaire each bonus card is taken out of the discard pile into the box.",
        _src(SEC_SOLO), RuleKind.LEGALITY, _check_solo_pile,
        lambda step: isinstance(step.move, BonusPile) and _seat_move(step), moves=(BonusPile,),
    ),
    Rule(
        "BF-SOLO-5", "Solitaire end",
        "The solitaire ends when the deck can no longer refill the hand to five (after a group or a discard of three); "
        "the hand goes to the box and the cards in the discard pile are the penalty points (with "
        "solo_rest='penalty' the cards left in the deck join the pile and count too).",
        _src(SEC_SOLO), RuleKind.EFFECT,
        _effect(("to_draw", "pile", "hands", "decks", "box", "round_over", "finished", "penalties")),
        lambda step: is_solitaire(step.before) and isinstance(step.move, (Play, Discard, BonusPile, Decline)),
        flags=("solo_rest",),
    ),
)


AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "BF-AMB-1", "How many bonus cards does a play earn?",
        "За новую группу в 4 карты игрок может сбросить в коробку (в отбой) 1 карту",
        _src(SEC_BONUS, "RULES-NOTES.md §Big Five row 1"),
        (Reading("text", "each new line of 4 earns 1, of 5 earns 2, plus 1 for a group of 4 cards"),
         Reading("publisher", "a line earns 1 for its 4th card and 2 for its 5th, counted on its longest connected "
                 "run of old cards; no group-size bonus")),
        "text", "bonus", ("BF-BONUS-1",),
    ),
    Ambiguity(
        "BF-AMB-2", "When does the game end without anybody running out of cards?",
        "если после обмена карт ни один из игроков не может продолжить игру выкладыванием",
        _src(SEC_END, "RULES-NOTES.md §Big Five row 5"),
        (Reading("no_placement", "after a full round without placement, if nobody can place (or after idle_rounds such rounds)"),
         Reading("exchange_round", "after one full round without placement")),
        "no_placement", "stalemate", ("BF-END-2",),
    ),
    Ambiguity(
        "BF-AMB-3", "How many players?",
        "Если в игре принимают участие 2 или 4 человека",
        _src(SEC_SETUP, "RULES-NOTES.md §Big Five row 6"),
        (Reading(False, "1 (solitaire) to 4 players"), Reading(True, "also 5 players")),
        False, "allow_five", ("BF-SETUP-1",),
    ),
    Ambiguity(
        "BF-AMB-4", "May a line hold two identical cards?",
        "новая группа не может содержать в себе двух одинаковых карт",
        _src(SEC_PLAY, "RULES-NOTES.md §Big Five row 2"),
        (Reading("never", "no line, in either direction, may hold two identical cards"),
         Reading("colour_lines_only", "note a names only the rule 'different animals of one colour', so a line of "
                 "one animal, or a line a played card forms sideways, might repeat a card")),
        "never", "", ("BF-LINE-3", "BF-LINE-4"),
        contradiction=(
            "Reading 'colour_lines_only' cannot be played: Rule 3 (BF-LINE-3's source) asks a group of one animal "
            "to be 'разного цвета' (of different colours) and a group of one colour to be 'разными видами "
            "животных', and note b applies Rule 3 to every line a played card touches; two identical cards are "
            "neither different animals nor different colours, so every line that holds them breaks Rule 3 "
            "whatever note a says (shown with a Z3 core in tests/spec/test_ambiguity_flags.py)."),
    ),
    Ambiguity(
        "BF-AMB-5", "May played cards lie on both sides of the anchor?",
        "не только с одной стороны (как в предыдущем примере), но и с двух сторон",
        _src(SEC_EXAMPLES, "RULES-NOTES.md §Big Five row 3"),
        (Reading("flank", "yes, as long as the final line has no gaps"),
         Reading("one_side", "Rule 1's 'выкладывается ... к уже имеющейся на игровом поле карте' read as: the "
                 "played cards extend the anchor's line on one side only")),
        "flank", "", ("BF-LINE-1",),
        contradiction=(
            "Reading 'one_side' cannot be played: § Примеры says in so many words that the played cards may touch "
            "the anchor 'не только с одной стороны ... но и с двух сторон' and Vasya's worked example plays two "
            "zebras above and below the purple zebra; under one_side that example, which the text calls legal, "
            "is refused (is_one_sided; a failing replay in tests/spec/test_ambiguity_flags.py)."),
    ),
    Ambiguity(
        "BF-AMB-6", "How many cards may be exchanged, and with an empty deck?",
        "За 1 ход можно заменить все 5 карт.",
        _src(SEC_EXCHANGE, "RULES-NOTES.md §Big Five row 4"),
        (Reading("any", "one to five hand cards; never with an empty deck; with a short deck some exchanged cards "
                 "may come back"),
         Reading("whole_hand", "'можно заменить все 5 карт' read as the exchange itself: the whole hand is "
                 "exchanged; never with an empty deck")),
        "any", "exchange", ("BF-EXCH-1",),
    ),
    Ambiguity(
        "BF-AMB-7", "How large may a played group be?",
        "группу карт (несколько карт",
        _src(SEC_PLAY),
        (Reading(1, "one to four cards: the new line (at most 5) must keep a card already on the table"),
         Reading(2, "two to four cards: Rule 1 calls a group 'несколько карт' (several cards)")),
        1, "min_group", ("BF-PLAY-2",),
        contradiction=(
            "A third reading, groups of five (note b speaks of four but never caps the group), cannot be played: "
            "a group of five in one line (BF-LINE-1) whose new line keeps an old card (BF-LINE-2) makes a line of "
            "six, which note a forbids (BF-LINE-5); the Z3 encoding gives that core for any five-card play "
            "(tests/spec/test_ambiguity_flags.py)."),
    ),
    Ambiguity(
        "BF-AMB-8", "When are bonus cards discarded, and which deck card goes?",
        "1 карту со своей руки или из своей колоды (не глядя значение карты)",
        _src(SEC_BONUS),
        (Reading("before_refill", "right after the play, one decision per card, before refilling the hand; "
                 "a deck card is the top one, unseen"),
         Reading("after_refill", "§ Как играть карты has the refill follow every play; the bonus section comes "
                 "later: refill to five first, then discard the bonus cards (hand or top of the deck), no second "
                 "refill")),
        "before_refill", "bonus_timing", ("BF-BONUS-2", "BF-BONUS-3", "BF-REFILL-1"),
    ),
    Ambiguity(
        "BF-AMB-9", "What may a player do who can neither place nor exchange?",
        "В свой ход игрок может произвести одно из двух действий",
        _src(SEC_TURN),
        (Reading("stuck", "only with an empty deck and no legal placement the player passes"),
         Reading("always", "'может' (may) read as a permission: a player may also let the turn go on any turn")),
        "stuck", "pass_rule", ("BF-PASS-1",),
    ),
    Ambiguity(
        "BF-AMB-10", "In the solitaire, is the discard of three a choice?",
        "Если ему не удается в очередной ход выложить играемую группу",
        _src(SEC_SOLO),
        (Reading("forced", "only when no group of three or more can be placed; the solitaire has no exchange"),
         Reading("optional", "a player who does not place a group of three (by choice or not) discards three")),
        "forced", "solo_discard", ("BF-SOLO-2", "BF-SOLO-3"),
    ),
    Ambiguity(
        "BF-AMB-11", "How does the multi-round game end and who starts later rounds?",
        "при достижении кем-либо из игроков определенного количества штрафных очков, либо по прошествии "
        "определенного количества раундов",
        _src(SEC_ROUNDS),
        (Reading(0, "no penalty limit: the game ends after the agreed number of rounds (flag rounds)"),
         Reading(30, "a positive limit (30 for example) also ends the game as soon as a penalty total reaches it; "
                 "round r is begun by seat r-1 (mod players)")),
        0, "penalty_limit", ("BF-ROUND-1", "BF-ROUND-2"),
    ),
    Ambiguity(
        "BF-AMB-12", "When exactly does the solitaire end?",
        "пока количество карт в колоде не позволит игроку набрать в руку до 5 карт",
        _src(SEC_SOLO),
        (Reading("uncounted", "as soon as a refill (after a group or the discard of three) needs more cards than "
                 "the deck holds; the deck's rest is not counted"),
         Reading("penalty", "at the same moment, but the cards still in the deck join the discard pile and count "
                 "as penalty points (the text counts only the pile and is silent on the deck's rest)")),
        "uncounted", "solo_rest", ("BF-SOLO-5",),
    ),
)


class WorkedExample(NamedTuple):
    """One of the text's worked examples, reconstructed (the text has no pictures).

    :param section: the rulebook heading it stands under.
    :param who: the player the text names.
    :param summary: what the text says, in our words.
    :param board: the board before the move (``CARD@X,Y`` words).
    :param move: the move's text form.
    :param violated: the rule ids the move breaks (empty: legal).
    :param bonus: the bonus cards the text awards (text reading).
    """

    section: str
    who: str
    summary: str
    board: str
    move: str
    violated: tuple[str, ...]
    bonus: int


_ANYA = "Lp@0,0 Zp@1,0 Gp@2,0"
_VASYA = _ANYA + " Zy@1,-1 Zb@1,1"
_PETYA = _VASYA + " Cb@-1,1 Lb@0,1"

#: The text's worked examples with a board that matches every sentence.
EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(SEC_EXAMPLES, "Anya", "a purple giraffe and zebra in a row beside the purple lion: a new line of 3",
                  "Lp@0,0", "play Zp@1,0 Gp@2,0", (), 0),
    WorkedExample(SEC_EXAMPLES, "Vasya", "two zebras in a column on both sides of the purple zebra: a new line of 3",
                  _ANYA, "play Zy@1,-1 Zb@1,1", (), 0),
    WorkedExample(SEC_EXAMPLES, "Petya", "a blue lion and chimpanzee in a row beside the blue zebra; the blue lion "
                  "also touches the purple lion vertically (note b)", _VASYA, "play Cb@-1,1 Lb@0,1", (), 0),
    WorkedExample(SEC_COUNTER, "Anya", "three blue cards in a column touching the blue chimpanzee only sideways: "
                  "the new line keeps no old card (Rule 2)", _PETYA, "play Cb@-2,0 Gb@-2,1 Lb@-2,2", ("BF-LINE-2",), 0),
    WorkedExample(SEC_BONUS_EXAMPLES, "Anya", "two giraffes in a column below the purple giraffe; the blue row "
                  "becomes a line of 4: one bonus card", _PETYA, "play Gb@2,1 Gy@2,2", (), 1),
    WorkedExample(SEC_BONUS_EXAMPLES, "Vasya", "four red animals in a row beside the red giraffe: 1 for the group "
                  "of four, 2 for the red line of five, 1 for the zebra column of four",
                  "Gr@0,0 Gy@0,-1 Gb@0,-2 Gg@0,-3 Lg@1,-3 Zg@2,-3 Zy@2,-2 Zb@2,-1",
                  "play Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0", (), 4),
    WorkedExample(SEC_BONUS, "note a", "one card completes a line of 5 and a line of 4: 2 + 1 bonus cards",
                  "Lr@0,0 Gr@1,0 Cr@3,0 Er@4,0 Zy@2,-3 Zg@2,-2 Zb@2,-1 Cb@3,-1", "play Zr@2,0", (), 3),
)


def candidate_moves(state: BigFiveState, actor: int) -> Iterable[BigFiveMove]:
    """A finite superset of the moves ``actor`` could make (see :func:`candidate_plays`).

    Chance: a deal, draw or blind discard of every kind. A seat: every bonus
    move, every exchange and discard of hand cards, a pass, and (outside the
    bonus phase) the candidate plays of its hand.
    """
    kinds = range(KINDS)
    if actor == CHANCE:
        return [Deal(c) for c in kinds] + [Draw(c) for c in kinds] + [Box(c) for c in kinds]
    if not 0 <= actor < state.players:
        return []
    hand = state.hands[actor]
    moves: list[BigFiveMove] = [Bonus(c) for c in kinds]
    moves += [BonusPile(c) for c in kinds]
    moves += [BonusBlind(), Decline(), Pass()]
    for size in range(1, len(hand) + 1):
        moves += [Exchange(g) for g in _hand_groups(hand, size)]
    moves += [Discard(g) for g in _hand_groups(hand, SOLO_DISCARD)] if len(hand) >= SOLO_DISCARD else []
    if compute_phase(state) == "act":
        moves += candidate_plays(state.board, hand)
    return moves


def _hooked(hook: BonusCount, fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def call(step: Any) -> Any:
        token = _BONUS_HOOK.set(hook)
        try:
            return fn(step)
        finally:
            _BONUS_HOOK.reset(token)

    return call


def build_spec(bonus: BonusCount, *, name: str = "bigfive",
               title: str = "Big Five (Gib mir 5!)") -> GameSpec[BigFiveVariant, BigFiveState, BigFiveMove]:
    """The Big Five specification with the bonus counted by ``bonus`` (BF-BONUS-1 restated by its ``text``).

    Every rule sees the hook while it is checked (the effect rules compare
    with :func:`compute_successor`, which asks it); the other rules are the text's.

    >>> build_spec(BonusCount(), name="bigfive-demo").rule("BF-BONUS-1").title
    'Bonus count'
    """
    rules = tuple(
        replace(r, check=_hooked(bonus, r.check), applies=_hooked(bonus, r.applies),
                holds=None if r.holds is None else _hooked(bonus, r.holds),
                text=bonus.text if r.id == "BF-BONUS-1" and bonus.text else r.text)
        for r in RULES
    )
    return replace(SPEC, name=name, title=title, rules=rules)


SPEC: GameSpec[BigFiveVariant, BigFiveState, BigFiveMove] = GameSpec(
    name="bigfive",
    title="Big Five (Gib mir 5!)",
    rulebook=RULEBOOK,
    variant_type=BigFiveVariant,
    rules=RULES,
    ambiguities=AMBIGUITIES,
    whose_turn=compute_whose_turn,
    candidate_moves=candidate_moves,
    parse_move=parse_move,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
)
