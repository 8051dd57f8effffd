"""Ikebana played with Hanabi cards, as an executable specification.

Source: ``003_cc6896382a889cb1.txt`` (a forum post describing Antoine Bauza's
Ikebana for a Hanabi deck: white instead of black, no multicoloured jokers), with
the facts and defaults of RULES-NOTES.md §Ikebana where the text is silent.

Model of play
-------------

Cards are two-character strings: a colour letter (``R`` red, ``G`` green,
``Y`` yellow, ``B`` blue, ``W`` white) and a value ``1``–``5``. The deck holds,
per colour, the values 1, 1, 1, 2, 2, 3, 3, 4, 4, 5 (50 cards).

A turn begins with an explicit choice (phase ``choose``): :class:`Draw` (take
the top card of the deck) or :class:`Buy` (buy the top card of an opponent's
discard pile). After ``draw`` chance turns up one card (:class:`Reveal`, uniform
over the cards left in the deck, so the deck is kept as a sorted multiset and
"shuffling" is the uniform draw); the drawer then answers :class:`Keep` or
:class:`Refuse`. A refusal pays 1, 2, 3 … coins to the next opponents in
clockwise order (seat + 1, seat + 2, … modulo the player count, skipping the
refuser), puts the card face up on the refuser's own discard pile and asks
chance for the next card. Keeping or buying a card ends the turn; the turn
passes clockwise to the next player holding fewer than five cards. When every
player holds five cards the round is scored, paid from the bank and a new round
starts with all 50 cards back in the deck. After four rounds the richest player
wins.

>>> explain_bouquet(["R3", "B3", "Y3", "W2", "G2"]).total
39
>>> print(explain_bouquet(["R1", "R2", "R3", "R4", "W2"]))
bouquet R1 R2 R3 R4 W2
  run 1-2-3-4 (R1 R2 R3 R4): 8
  not used: W2
  colours red, white: exactly two colours x2
  total 8 x 2 = 16
>>> compute_refusal_payee(3, 0, 1), compute_refusal_payee(3, 0, 2), compute_refusal_payee(3, 0, 3)
(1, 2, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal, NamedTuple

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
from ruleproof.spec.errors import MoveParseError, PlayerCountError, RuleproofError

RULEBOOK = "003_cc6896382a889cb1.txt"
#: Colour letters in the order the rules list them.
COLOURS = "RGYBW"
COLOUR_NAMES = {"R": "red", "G": "green", "Y": "yellow", "B": "blue", "W": "white"}
#: How many copies of each value one colour has.
COPIES = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
#: Cards in a complete bouquet (a hand at the end of a round).
BOUQUET = 5
START_COINS = 6
ROUNDS = 4
MIN_PLAYERS = 2
MAX_PLAYERS = 5
#: The chips of the text: (value, count) — 30×1, 15×5, 15×10, 5×50.
BANK_CHIPS = ((1, 30), (5, 15), (10, 15), (50, 5))
#: The value of every chip in the box (505).
BANK_TOTAL = sum(value * count for value, count in BANK_CHIPS)
#: The runs and their points.
RUNS: dict[tuple[int, ...], int] = {(1, 2, 3, 4, 5): 15, (2, 3, 4, 5): 12, (1, 2, 3, 4): 8}
_KIND_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}

Card = str

#: Every card of the deck, sorted (as strings).
FULL_DECK: tuple[Card, ...] = tuple(sorted(f"{c}{v}" for c in COLOURS for v, n in COPIES.items() for _ in range(n)))
#: The 25 different cards.
CARD_KINDS: tuple[Card, ...] = tuple(sorted(set(FULL_DECK)))


class BouquetError(RuleproofError, ValueError):
    """A set of cards that cannot be a bouquet (too many cards, more copies than the deck has)."""


def _src(section: str, note: str = "") -> Source:
    return Source(RULEBOOK, section, note)


SEC_NEED = "Вам понадобится"
SEC_PREP = "Подготовка."
SEC_PLAY = "Как играть."
SEC_ROUND_END = "Конец раунда."
SEC_SCORE = "Как считаются очки."


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
    """

    bank: Literal["unlimited", "finite"] = "unlimited"
    shortfall: Literal["in_order", "end_game"] = "in_order"
    double_final: bool = False
    start_tie: Literal["after_previous", "lowest_seat"] = "after_previous"
    recycle: Literal["on_draw", "when_empty"] = "on_draw"
    stall: Literal["end_round", "skip"] = "end_round"
    partial_refusal: bool = False


# --------------------------------------------------------------------------
# Cards


def parse_card(text: str) -> Card:
    """A card from its text form: colour letter (R G Y B W) and value 1–5.

    >>> parse_card("R1"), parse_card(" w5 ")
    ('R1', 'W5')
    >>> parse_card("K3")
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.MoveParseError: cannot parse card 'K3'; expected a colour letter (R G Y B W) and a value 1-5, such as 'R1'
    """
    word = text.strip().upper()
    if len(word) == 2 and word[0] in COLOURS and word[1] in "12345":
        return word
    raise MoveParseError(
        f"cannot parse card {text!r}; expected a colour letter (R G Y B W) and a value 1-5, such as 'R1'"
    )


def card_value(card: Card) -> int:
    """The value printed on a card.

    >>> card_value("Y4")
    4
    """
    return int(card[1])


def card_colour(card: Card) -> str:
    """The colour letter of a card."""
    return card[0]


def display_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted by colour in the rules' order (R G Y B W), then value.

    >>> display_order(["W2", "R4", "B1", "R1"])
    ('R1', 'R4', 'B1', 'W2')
    """
    return tuple(sorted(cards, key=lambda c: (COLOURS.index(c[0]), c[1])))


# --------------------------------------------------------------------------
# Moves


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """At the start of a turn the player chooses to draw from the deck."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Buy(Move):
    """At the start of a turn the player buys the top card of ``seat``'s discard pile."""

    seat: int

    def __str__(self) -> str:
        return f"buy {self.seat}"


@dataclass(frozen=True, slots=True)
class Reveal(Move):
    """Chance turns up ``card`` as the deck's top card, for the drawing player."""

    card: Card

    def __str__(self) -> str:
        return f"reveal {self.card}"


@dataclass(frozen=True, slots=True)
class Keep(Move):
    """The drawing player keeps the card just drawn (it ends the turn)."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Refuse(Move):
    """The drawing player pays, discards the card just drawn and draws again."""

    def __str__(self) -> str:
        return "refuse"


IkebanaMove = Draw | Buy | Reveal | Keep | Refuse


def parse_move(text: str) -> IkebanaMove:
    """Parse a move's text form.

    >>> parse_move("draw"), parse_move("buy 2"), parse_move("reveal y3"), parse_move("refuse")
    (Draw(), Buy(seat=2), Reveal(card='Y3'), Refuse())
    >>> parse_move("buy me")
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.MoveParseError: expected a seat number (0, 1, ...) in 'buy me'
    """
    words = text.strip().split()
    simple: dict[str, IkebanaMove] = {"draw": Draw(), "keep": Keep(), "refuse": Refuse()}
    if len(words) == 1 and words[0] in simple:
        return simple[words[0]]
    if len(words) == 2 and words[0] == "buy":
        if not words[1].isdigit():
            raise MoveParseError(f"expected a seat number (0, 1, ...) in {text!r}")
        return Buy(int(words[1]))
    if len(words) == 2 and words[0] == "reveal":
        return Reveal(parse_card(words[1]))
    raise MoveParseError(
        f"cannot parse move {text!r}; expected 'draw', 'buy SEAT', 'reveal CARD', 'keep' or 'refuse'"
    )


# --------------------------------------------------------------------------
# State (shared with the engine)

Phase = Literal["choose", "reveal", "decide", "over"]


class IkebanaState(NamedTuple):
    """An Ikebana position. Every card is in exactly one of deck, hands, piles, drawn.

    :param round: the round being played, 1–4 (the last one once the game is over).
    :param start: the start player of this round.
    :param turn: the seat whose turn it is (also while chance turns up its card).
    :param phase: ``choose`` (draw or buy), ``reveal`` (chance turns up a card),
        ``decide`` (keep or refuse it) or ``over``.
    :param deck: the cards of the deck, sorted (their order is chance's business).
    :param hands: each seat's cards, sorted; secret.
    :param piles: each seat's discard pile, bottom first; the last card is the
        visible top.
    :param drawn: the card the drawing player is looking at (phase ``decide``).
    :param refusals: how many cards the player refused during this turn.
    :param coins: each seat's money (by value).
    :param issued: the value the bank has paid out since the start (payouts).
    :param last_bouquets: the bouquets revealed at the end of the last round.
    :param last_base: their combination points.
    :param last_scores: their scores (combination points × colour multiplier).
    :param last_payouts: what the bank paid each seat for the last round.
    """

    variant: IkebanaVariant
    players: int
    round: int
    start: int
    turn: int
    phase: Phase
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    drawn: Card | None
    refusals: int
    coins: tuple[int, ...]
    issued: int
    last_bouquets: tuple[tuple[Card, ...], ...]
    last_base: tuple[int, ...]
    last_scores: tuple[int, ...]
    last_payouts: tuple[int, ...]


def check_players(players: int) -> None:
    """Raise :class:`PlayerCountError` unless 2 ≤ players ≤ 5."""
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PlayerCountError(f"Ikebana is for {MIN_PLAYERS}-{MAX_PLAYERS} players; got {players!r}")


def initial_state(players: int, variant: IkebanaVariant) -> IkebanaState:
    """The position before the first turn: all cards in the deck, six coins each, seat 0 starts.

    >>> s = initial_state(3, IkebanaVariant())
    >>> len(s.deck), s.coins, s.turn, s.phase
    (50, (6, 6, 6), 0, 'choose')
    """
    check_players(players)
    empty: tuple[tuple[Card, ...], ...] = ((),) * players
    return IkebanaState(
        variant, players, 1, 0, 0, "choose", FULL_DECK, empty, empty, None, 0,
        (START_COINS,) * players, 0, (), (), (), (),
    )


# --------------------------------------------------------------------------
# Scoring


class Combination(NamedTuple):
    """One scoring combination: its name, the values it uses and its points."""

    name: str
    values: tuple[int, ...]
    points: int


def compute_combinations(values: Sequence[int]) -> tuple[Combination, ...]:
    """Every combination that some of these card values could form.

    n cards of one value (n ≥ 2) score value × n; the runs 1-2-3-4, 2-3-4-5 and
    1-2-3-4-5 score 8, 12 and 15.

    >>> [c.name for c in compute_combinations([2, 2, 3, 4, 5])]
    ['run 2-3-4-5', 'two 2s']
    """
    counts = Counter(values)
    found: list[Combination] = []
    for run, points in RUNS.items():
        if all(counts[v] >= 1 for v in run):
            found.append(Combination("run " + "-".join(map(str, run)), run, points))
    for value in sorted(counts, reverse=True):
        for n in range(counts[value], 1, -1):
            found.append(Combination(f"{_KIND_WORDS[n]} {value}s", (value,) * n, value * n))
    return tuple(found)


@cache
def _best_split(values: tuple[int, ...]) -> tuple[Combination, ...]:
    best: tuple[Combination, ...] = ()
    best_points = 0
    for combo in compute_combinations(values):
        rest = list(values)
        for v in combo.values:
            rest.remove(v)
        split = (combo,) + _best_split(tuple(rest))
        points = sum(c.points for c in split)
        if points > best_points:
            best, best_points = split, points
    return best


def compute_best_split(values: Iterable[int]) -> tuple[Combination, ...]:
    """The disjoint combinations worth the most points in total.

    Every card is in at most one combination, and the bouquet scores the best
    of all the ways to choose them (RULES-NOTES.md §Ikebana row 1). When several
    choices score the same, the first found in the order of
    :func:`compute_combinations` is returned.

    >>> [c.name for c in compute_best_split([1, 2, 3, 4, 2])]
    ['run 1-2-3-4']
    """
    return _best_split(tuple(sorted(values)))


def compute_combination_points(values: Iterable[int]) -> int:
    """The points of the best split into combinations, before the colour multiplier.

    >>> compute_combination_points([3, 3, 3, 2, 2])
    13

    :raises BouquetError: more than five values (a bouquet has five cards).
    """
    values = tuple(values)
    if len(values) > BOUQUET:
        raise BouquetError(f"a bouquet has at most {BOUQUET} cards; got {len(values)} values: {list(values)!r}")
    return sum(c.points for c in compute_best_split(values))


def compute_colour_multiplier(cards: Sequence[Card]) -> int:
    """The multiplier for the colours of a bouquet, over all its cards.

    Exactly two colours ×2, five different colours ×3, one colour ×4, otherwise
    ×1. An incomplete bouquet (fewer than five cards, only after a stalled
    round) gets ×1.

    >>> compute_colour_multiplier(["R1", "R2", "W3", "W4", "R5"]), compute_colour_multiplier(["R1", "G1", "Y1", "B1", "W1"])
    (2, 3)
    >>> compute_colour_multiplier(["B1", "B2", "B3", "B4", "B5"]), compute_colour_multiplier(["R1", "G1", "Y1", "Y2", "Y3"])
    (4, 1)
    """
    if len(cards) != BOUQUET:
        return 1
    colours = len({card_colour(c) for c in cards})
    return {1: 4, 2: 2, BOUQUET: 3}.get(colours, 1)


def _multiplier_reason(cards: Sequence[Card]) -> str:
    colours = len({card_colour(c) for c in cards})
    if len(cards) != BOUQUET:
        return "an incomplete bouquet has no colour bonus x1"
    return {
        1: "one colour x4", 2: "exactly two colours x2", BOUQUET: "five different colours x3",
    }.get(colours, f"{colours} colours, no bonus x1")


class BouquetScore(NamedTuple):
    """A bouquet's score explained: combinations, colour multiplier, total.

    ``str()`` gives a text form, one line per combination.
    """

    cards: tuple[Card, ...]
    combinations: tuple[tuple[Combination, tuple[Card, ...]], ...]
    unused: tuple[Card, ...]
    base: int
    multiplier: int
    reason: str
    total: int

    def __str__(self) -> str:
        lines = ["bouquet " + (" ".join(self.cards) or "(no cards)")]
        for combo, cards in self.combinations:
            lines.append(f"  {combo.name} ({' '.join(cards)}): {combo.points}")
        if not self.combinations:
            lines.append("  no combination: 0")
        if self.unused and self.combinations:
            lines.append(f"  not used: {' '.join(self.unused)}")
        colours = [COLOUR_NAMES[c] for c in COLOURS if any(card_colour(x) == c for x in self.cards)]
        lines.append(f"  colours {', '.join(colours) or '-'}: {self.reason}")
        lines.append(f"  total {self.base} x {self.multiplier} = {self.total}")
        return "\n".join(lines)


def check_bouquet(cards: Iterable[str]) -> tuple[Card, ...]:
    """Parse and validate cards that could be one player's bouquet.

    :raises BouquetError: more than five cards, or more copies of a card than the deck holds.
    :raises MoveParseError: a card that does not parse.

    >>> check_bouquet(["R5", "r5"])
    Traceback (most recent call last):
    ...
    ruleproof.spec.ikebana.BouquetError: the deck has only 1 copy of R5; got 2 in ['R5', 'r5']
    """
    given = list(cards)
    parsed = tuple(parse_card(c) for c in given)
    if len(parsed) > BOUQUET:
        raise BouquetError(f"a bouquet has at most {BOUQUET} cards; got {len(parsed)}: {given!r}")
    deck = Counter(FULL_DECK)
    for card, n in Counter(parsed).items():
        if n > deck[card]:
            copies = "copy" if deck[card] == 1 else "copies"
            raise BouquetError(f"the deck has only {deck[card]} {copies} of {card}; got {n} in {given!r}")
    return parsed


def explain_bouquet(cards: Iterable[str]) -> BouquetScore:
    """Score a bouquet and say why: which combinations, which colour multiplier.

    Cards may be given as text (``"R1"``, ``"w5"``), also as one string
    separated by spaces or commas; the explanation lists them in the given order.

    >>> score = explain_bouquet(["R5", "Y5", "R3", "R4", "W1"])
    >>> [c.name for c, _ in score.combinations], score.multiplier, score.total
    (['two 5s'], 1, 10)
    >>> explain_bouquet("b1 b2 b3 b4 b5").total
    60

    :raises MoveParseError: a card that does not parse.
    :raises BouquetError: more than five cards, or more copies than the deck has.
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    parsed = check_bouquet(cards)
    remaining = list(display_order(parsed))
    used: list[tuple[Combination, tuple[Card, ...]]] = []
    for combo in compute_best_split(card_value(c) for c in parsed):
        taken: list[Card] = []
        for value in combo.values:
            card = next(c for c in remaining if card_value(c) == value)
            remaining.remove(card)
            taken.append(card)
        used.append((combo, tuple(taken)))
    base = sum(c.points for c, _ in used)
    multiplier = compute_colour_multiplier(parsed)
    return BouquetScore(
        parsed, tuple(used), tuple(remaining), base, multiplier, _multiplier_reason(parsed), base * multiplier,
    )


def compute_bouquet_score(cards: Sequence[Card]) -> int:
    """A bouquet's score: best combination points × colour multiplier.

    A bouquet holds at most five cards (:data:`BOUQUET`); more is refused.

    >>> compute_bouquet_score(["R1", "R2", "R3", "R4", "R5"])
    60
    >>> compute_bouquet_score(["R1", "G1", "Y1", "B1", "W1", "R1"])
    Traceback (most recent call last):
    ...
    ruleproof.spec.ikebana.BouquetError: a bouquet has at most 5 cards; got 6: ['R1', 'G1', 'Y1', 'B1', 'W1', 'R1']; remove 1 card

    :raises BouquetError: more than five cards.
    """
    if len(cards) > BOUQUET:
        raise BouquetError(
            f"a bouquet has at most {BOUQUET} cards; got {len(cards)}: {list(cards)!r}; "
            f"remove {len(cards) - BOUQUET} card{'s' if len(cards) - BOUQUET > 1 else ''}"
        )
    return compute_combination_points(card_value(c) for c in cards) * compute_colour_multiplier(cards)


# --------------------------------------------------------------------------
# Pure calculations about positions


def bank_capacity(players: int) -> int:
    """What a finite bank holds at the start: every chip's value minus six coins per player.

    >>> bank_capacity(5)
    475
    """
    return BANK_TOTAL - START_COINS * players


def compute_bank_left(variant: IkebanaVariant, players: int, issued: int) -> int | None:
    """What a finite bank still holds; ``None`` for an unlimited bank."""
    return None if variant.bank == "unlimited" else bank_capacity(players) - issued


def can_draw(deck: Sequence[Card], piles: Sequence[Sequence[Card]]) -> bool:
    """Whether a card can be drawn: the deck has one, or a discard pile has cards under its top."""
    return bool(deck) or any(len(p) >= 2 for p in piles)


def compute_buyable(piles: Sequence[Sequence[Card]], coins: Sequence[int], seat: int) -> tuple[int, ...]:
    """The opponents whose top discard ``seat`` can afford (price = the card's value)."""
    return tuple(
        s for s, pile in enumerate(piles)
        if s != seat and pile and card_value(pile[-1]) <= coins[seat]
    )


def can_act(deck: Sequence[Card], piles: Sequence[Sequence[Card]], coins: Sequence[int], seat: int) -> bool:
    """Whether ``seat`` has a move at the start of a turn (draw or buy)."""
    return can_draw(deck, piles) or bool(compute_buyable(piles, coins, seat))


def compute_refusal_amount(variant: IkebanaVariant, coins: int, refusal: int) -> int | None:
    """What the ``refusal``-th refusal of a turn costs a player holding ``coins``;
    ``None`` when the player may not refuse (and must keep the card).

    The k-th refusal costs k coins. With ``partial_refusal`` a player short of
    k coins may still refuse while holding at least one, paying all of them.

    >>> compute_refusal_amount(IkebanaVariant(), 2, 3), compute_refusal_amount(IkebanaVariant(partial_refusal=True), 2, 3)
    (None, 2)
    >>> compute_refusal_amount(IkebanaVariant(partial_refusal=True), 0, 1)
    """
    if coins >= refusal:
        return refusal
    if variant.partial_refusal and coins > 0:
        return coins
    return None


def compute_refusal_payee(players: int, seat: int, refusal: int) -> int:
    """Who receives the payment for ``seat``'s ``refusal``-th refusal (1-based) in a turn.

    The payments go to the opponents in clockwise order (seat + 1, seat + 2, …),
    skipping the refuser; with two players always to the opponent.

    >>> [compute_refusal_payee(2, 1, k) for k in (1, 2, 3)]
    [0, 0, 0]
    >>> [compute_refusal_payee(4, 2, k) for k in (1, 2, 3, 4)]
    [3, 0, 1, 3]
    """
    opponents = [(seat + i) % players for i in range(1, players)]
    return opponents[(refusal - 1) % len(opponents)]


def compute_recycled(
    deck: tuple[Card, ...], piles: tuple[tuple[Card, ...], ...]
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """The deck rebuilt from the discard piles: each pile keeps its top card.

    >>> compute_recycled((), (("R1", "G2"), ("B5",), ()))
    (('R1',), (('G2',), ('B5',), ()))
    """
    rest = [c for pile in piles for c in pile[:-1]]
    return tuple(sorted(deck + tuple(rest))), tuple(pile[-1:] for pile in piles)


def compute_next_turn(
    variant: IkebanaVariant,
    hands: Sequence[Sequence[Card]],
    deck: Sequence[Card],
    piles: Sequence[Sequence[Card]],
    coins: Sequence[int],
    seat: int,
) -> int | None:
    """Who plays after ``seat``'s turn ends, or ``None`` when the round ends.

    The turn goes clockwise to the next player holding fewer than five cards
    (``seat`` itself when nobody else needs cards). If that player can neither
    draw nor buy, the ``stall`` flag decides: end the round, or skip to the
    next player who needs cards and can act.
    """
    players = len(hands)
    needing = [s for s in ((seat + i) % players for i in range(1, players + 1)) if len(hands[s]) < BOUQUET]
    if not needing:
        return None
    if can_act(deck, piles, coins, needing[0]):
        return needing[0]
    if variant.stall == "end_round":
        return None
    return next((s for s in needing[1:] if can_act(deck, piles, coins, s)), None)


def compute_due(variant: IkebanaVariant, round_: int, scores: Sequence[int]) -> tuple[int, ...]:
    """What each player is owed for a round: the score, doubled in the final round under ``double_final``."""
    factor = 2 if variant.double_final and round_ == ROUNDS else 1
    return tuple(s * factor for s in scores)


def is_bank_short(variant: IkebanaVariant, players: int, issued: int, due: Sequence[int]) -> bool:
    """Whether a finite bank holds less than a round's payouts."""
    left = compute_bank_left(variant, players, issued)
    return left is not None and sum(due) > left


def compute_payouts(
    variant: IkebanaVariant, players: int, start: int, issued: int, due: Sequence[int]
) -> tuple[int, ...]:
    """What the bank pays each player for a round.

    An unlimited bank pays what is due. A finite bank that cannot pay in full
    pays clockwise from the round's start player, each in full while money
    lasts, then what is left, then nothing.

    >>> compute_payouts(IkebanaVariant(bank="finite"), 2, 1, 466, (10, 20))
    (7, 20)
    """
    left = compute_bank_left(variant, players, issued)
    if left is None:
        return tuple(due)
    paid = [0] * players
    for i in range(players):
        seat = (start + i) % players
        paid[seat] = min(due[seat], left)
        left -= paid[seat]
    return tuple(paid)


def compute_next_start(variant: IkebanaVariant, start: int, scores: Sequence[int]) -> int:
    """The start player of the next round: the highest scorer of the last one.

    Ties: the first tied player clockwise after the previous start player
    (``after_previous``), or the lowest tied seat (``lowest_seat``).

    >>> compute_next_start(IkebanaVariant(), 1, (9, 4, 9)), compute_next_start(IkebanaVariant(start_tie="lowest_seat"), 1, (9, 4, 9))
    (2, 0)
    """
    best = max(scores)
    tied = [s for s, v in enumerate(scores) if v == best]
    if variant.start_tie == "lowest_seat":
        return tied[0]
    players = len(scores)
    return next(s for s in ((start + i) % players for i in range(1, players + 1)) if s in tied)


@remember_last
def compute_whose_turn(state: IkebanaState) -> int:
    """Who acts: a seat, :data:`CHANCE` (turning up a card) or :data:`TERMINAL`."""
    if state.phase == "over":
        return TERMINAL
    if state.phase == "reveal":
        return CHANCE
    return state.turn


def compute_winners(state: IkebanaState) -> frozenset[int]:
    """The players with the most coins; ties share the win."""
    best = max(state.coins)
    return frozenset(s for s, c in enumerate(state.coins) if c == best)


def compute_money(state: IkebanaState) -> int:
    """The players' coins minus what the bank paid out: always six per player."""
    return sum(state.coins) - state.issued


# --------------------------------------------------------------------------
# Rules

_Step = Step[IkebanaVariant, IkebanaState, IkebanaMove]


def _seat_name(actor: int) -> str:
    return {CHANCE: "chance", TERMINAL: "nobody (the game is over)"}.get(actor, f"seat {actor}")


def _is_seat_move(step: _Step) -> bool:
    return step.actor >= 0 and 0 <= step.actor < step.before.players


def _in_phase(step: _Step, phase: str, *kinds: type) -> bool:
    return step.before.phase == phase and isinstance(step.move, kinds) and step.actor == compute_whose_turn(step.before)


def _check_players(step: _Step) -> str | None:
    n = step.before.players
    return None if MIN_PLAYERS <= n <= MAX_PLAYERS else f"{n} players; the game is for 2-5"


def _is_fresh(step: _Step) -> bool:
    s = step.before
    return (
        s.round == 1 and s.phase == "choose" and s.deck == FULL_DECK
        and not any(s.hands) and not any(s.piles) and not s.last_scores
    )


def _check_setup(step: _Step) -> str | None:
    s = step.before
    if s.coins != (START_COINS,) * s.players or s.issued != 0:
        return f"each player starts with {START_COINS} coins from the bank; found coins {list(s.coins)}, issued {s.issued}"
    if s.start != 0 or s.turn != 0:
        return f"seat 0 starts the first round; found start {s.start}, turn {s.turn}"
    return None


def _check_turn(step: _Step) -> str | None:
    expected = compute_whose_turn(step.before)
    if step.actor == expected:
        return None
    return f"{_seat_name(step.actor)} acted but it is the turn of {_seat_name(expected)}"


#: The kinds of move each phase allows (built once: every move of every state is asked about).
_PHASE_MOVES: dict[str, tuple[type, ...]] = {
    "choose": (Draw, Buy), "reveal": (Reveal,), "decide": (Keep, Refuse), "over": (),
}


def _check_phase(step: _Step) -> str | None:
    phase, move = step.before.phase, step.move
    if isinstance(move, _PHASE_MOVES[phase]):
        return None
    what = {
        "choose": "the turn starts: draw or buy",
        "reveal": "a card is being drawn: chance turns it up",
        "decide": f"the drawn card {step.before.drawn} must be kept or refused",
        "over": "the game is over",
    }[phase]
    return f"{move} is not possible now: {what}"


def _check_reveal(step: _Step) -> str | None:
    move = step.move
    assert isinstance(move, Reveal)
    if move.card in step.before.deck:
        return None
    return f"card {move.card} is not in the deck ({len(step.before.deck)} cards)"


def _check_can_draw(step: _Step) -> str | None:
    s = step.before
    piles = s.piles
    if isinstance(step.move, Refuse) and s.drawn is not None:
        piles = piles[: s.turn] + (piles[s.turn] + (s.drawn,),) + piles[s.turn + 1 :]
    if can_draw(s.deck, piles):
        return None
    return "no card can be drawn: the deck is empty and no discard pile has cards under its top"


def _check_refusal_cost(step: _Step) -> str | None:
    s = step.before
    cost = s.refusals + 1
    if compute_refusal_amount(step.variant, s.coins[s.turn], cost) is not None:
        return None
    if step.variant.partial_refusal:
        return f"refusing card {s.drawn} needs at least one coin; seat {s.turn} has none, so it must keep the card"
    return (f"refusing card {s.drawn} would be refusal {cost} of this turn, costing {cost} coins; "
            f"seat {s.turn} has {s.coins[s.turn]}, so it must keep the card")


def _check_buy_pile(step: _Step) -> str | None:
    move, s = step.move, step.before
    assert isinstance(move, Buy)
    if not 0 <= move.seat < s.players:
        return f"there is no seat {move.seat} ({s.players} players)"
    if move.seat == step.actor:
        return f"seat {step.actor} cannot buy from its own discard pile"
    if not s.piles[move.seat]:
        return f"seat {move.seat}'s discard pile is empty"
    return None


def _check_buy_price(step: _Step) -> str | None:
    move, s = step.move, step.before
    assert isinstance(move, Buy)
    if not 0 <= move.seat < s.players or not s.piles[move.seat] or move.seat == step.actor:
        return None  # IK-BUY-1 reports it
    card = s.piles[move.seat][-1]
    if card_value(card) <= s.coins[step.actor]:
        return None
    return f"card {card} costs {card_value(card)} coins; seat {step.actor} has {s.coins[step.actor]}"


class _Mid(NamedTuple):
    """The position right after a turn-ending move, before the round may end."""

    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    coins: tuple[int, ...]


def _mid(step: _Step) -> _Mid:
    s, seat, move = step.before, step.actor, step.move
    hands, piles, coins = list(s.hands), list(s.piles), list(s.coins)
    if isinstance(move, Keep):
        assert s.drawn is not None
        hands[seat] = tuple(sorted(hands[seat] + (s.drawn,)))
    else:
        assert isinstance(move, Buy)
        card = piles[move.seat][-1]
        piles[move.seat] = piles[move.seat][:-1]
        hands[seat] = tuple(sorted(hands[seat] + (card,)))
        coins[seat] -= card_value(card)
        coins[move.seat] += card_value(card)
    return _Mid(tuple(hands), tuple(piles), tuple(coins))


def _round_ends(step: _Step) -> bool:
    mid = _mid(step)
    s = step.before
    return compute_next_turn(s.variant, mid.hands, s.deck, mid.piles, mid.coins, step.actor) is None


def _after_round_ended(step: _Step) -> bool:
    after = step.after
    assert after is not None
    return after.phase == "over" or after.round != step.before.round


def _is_turn_end(step: _Step) -> bool:
    return _in_phase(step, "decide", Keep) or (
        _in_phase(step, "choose", Buy) and not _check_buy_pile(step) and not _check_buy_price(step)
    )


def _is_round_end(step: _Step) -> bool:
    return _is_turn_end(step) and _round_ends(step)


def _check_draw_effect(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    if after.phase != "reveal" or after.turn != s.turn or after.refusals != 0 or after.drawn is not None:
        return f"after 'draw' chance must turn up a card for seat {s.turn} (no refusal yet)"
    if after.hands != s.hands or after.coins != s.coins:
        return "choosing to draw moves no card into a hand and no coin"
    if s.deck and (after.deck != s.deck or after.piles != s.piles):
        return "choosing to draw does not change the deck or the discard piles"
    return None


def _check_reveal_effect(step: _Step) -> str | None:
    s, after, move = step.before, step.after, step.move
    assert after is not None and isinstance(move, Reveal)
    deck = list(s.deck)
    deck.remove(move.card)
    recycled = s.variant.recycle == "when_empty" and not deck
    if not recycled and (tuple(deck) != after.deck or after.piles != s.piles):
        return f"card {move.card} must leave the deck and nothing else moves"
    if after.drawn != move.card or after.phase != "decide" or after.turn != s.turn:
        return f"seat {s.turn} must now look at {move.card} and keep or refuse it"
    if after.hands != s.hands or after.coins != s.coins or after.refusals != s.refusals:
        return "turning up a card changes no hand, coin or refusal count"
    return None


def _recycles(step: _Step) -> bool:
    s, move = step.before, step.move
    if _in_phase(step, "choose", Draw) or _in_phase(step, "decide", Refuse):
        return not s.deck
    if _in_phase(step, "reveal", Reveal):
        assert isinstance(move, Reveal)
        return s.variant.recycle == "when_empty" and s.deck == (move.card,)
    return False


def _check_recycle(step: _Step) -> str | None:
    s, after, move = step.before, step.after, step.move
    assert after is not None
    piles, deck = s.piles, s.deck
    if isinstance(move, Refuse) and s.drawn is not None:
        piles = piles[: s.turn] + (piles[s.turn] + (s.drawn,),) + piles[s.turn + 1 :]
    if isinstance(move, Reveal):
        deck = ()
    new_deck, new_piles = compute_recycled(deck, piles)
    if after.deck != new_deck or after.piles != new_piles:
        return (f"the deck ran out: every discard pile keeps only its top card "
                f"({[p[-1] if p else None for p in new_piles]}) and the {len(new_deck)} others form the new deck")
    return None


def _check_keep_effect(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None and s.drawn is not None
    mid = _mid(step)
    hand = mid.hands[step.actor]
    if _after_round_ended(step):
        if len(after.last_bouquets) != s.players or after.last_bouquets[step.actor] != hand:
            return f"card {s.drawn} must join seat {step.actor}'s bouquet {list(hand)}"
        return None
    if after.hands != mid.hands or after.drawn is not None:
        return f"card {s.drawn} must join seat {step.actor}'s hand, giving {list(hand)}"
    if after.deck != s.deck or after.piles != s.piles or after.coins != s.coins:
        return "keeping a card changes no deck, discard pile or coin"
    return None


def _check_refusal_payment(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    cost = s.refusals + 1
    payee = compute_refusal_payee(s.players, s.turn, cost)
    amount = compute_refusal_amount(step.variant, s.coins[s.turn], cost)
    if amount is None:
        return None  # IK-REFUSE-1 forbids the refusal
    coins = list(s.coins)
    coins[s.turn] -= amount
    coins[payee] += amount
    if after.coins != tuple(coins):
        if amount < cost:
            return (f"refusal {cost} of this turn costs {cost} coins; seat {s.turn} pays all its {amount} "
                    f"coins to seat {payee}")
        return f"refusal {cost} of this turn costs {cost} coins, paid by seat {s.turn} to seat {payee}"
    return None


def _check_refusal_discard(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None and s.drawn is not None
    if s.deck:
        piles = s.piles[: s.turn] + (s.piles[s.turn] + (s.drawn,),) + s.piles[s.turn + 1 :]
        if after.piles != piles or after.deck != s.deck:
            return f"card {s.drawn} must go on top of seat {s.turn}'s own discard pile"
    elif not after.piles[s.turn] or after.piles[s.turn][-1] != s.drawn:
        return f"card {s.drawn} must be the top of seat {s.turn}'s own discard pile"
    if (after.phase != "reveal" or after.turn != s.turn or after.refusals != s.refusals + 1
            or after.drawn is not None or after.hands != s.hands):
        return f"after refusing, seat {s.turn} draws again (refusal {s.refusals + 1} of this turn)"
    return None


def _check_buy_effect(step: _Step) -> str | None:
    s, after, move = step.before, step.after, step.move
    assert after is not None and isinstance(move, Buy)
    mid = _mid(step)
    card = s.piles[move.seat][-1]
    price = card_value(card)
    if _after_round_ended(step):
        if len(after.last_bouquets) != s.players or after.last_bouquets[step.actor] != mid.hands[step.actor]:
            return f"card {card} must join seat {step.actor}'s bouquet"
        paid = after.last_payouts if len(after.last_payouts) == s.players else (0,) * s.players
        if tuple(a - p for a, p in zip(after.coins, paid)) != mid.coins:
            return f"seat {step.actor} pays {price} coins for {card} to seat {move.seat}"
        return None
    if after.hands != mid.hands or after.piles != mid.piles:
        return f"card {card} moves from seat {move.seat}'s discard pile to seat {step.actor}'s hand"
    if after.coins != mid.coins:
        return f"seat {step.actor} pays {price} coins for {card} to seat {move.seat}"
    if after.deck != s.deck:
        return "buying does not change the deck"
    return None


def _first_needing(step: _Step) -> int | None:
    mid = _mid(step)
    players = step.before.players
    order = ((step.actor + i) % players for i in range(1, players + 1))
    return next((s for s in order if len(mid.hands[s]) < BOUQUET), None)


def _is_normal_pass(step: _Step) -> bool:
    if not _is_turn_end(step):
        return False
    first = _first_needing(step)
    if first is None:
        return False
    mid = _mid(step)
    return can_act(step.before.deck, mid.piles, mid.coins, first)


def _is_stall(step: _Step) -> bool:
    if not _is_turn_end(step):
        return False
    first = _first_needing(step)
    if first is None:
        return False
    mid = _mid(step)
    return not can_act(step.before.deck, mid.piles, mid.coins, first)


def _check_next_turn(step: _Step) -> str | None:
    after = step.after
    assert after is not None
    expected = _first_needing(step)
    if (after.turn == expected and after.phase == "choose" and after.round == step.before.round
            and after.refusals == 0 and after.drawn is None):
        return None
    return f"the turn passes clockwise to seat {expected}, the next player with fewer than {BOUQUET} cards"


def _check_stall(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    mid = _mid(step)
    expected = compute_next_turn(s.variant, mid.hands, s.deck, mid.piles, mid.coins, step.actor)
    first = _first_needing(step)
    if expected is None:
        if not _after_round_ended(step):
            return f"seat {first} can neither draw nor buy: the round must end with the bouquets as they stand"
        return None
    if after.turn != expected or after.phase != "choose" or after.round != s.round:
        return f"seat {first} can neither draw nor buy: the turn passes to seat {expected}"
    return None


def _check_round_end(step: _Step) -> str | None:
    mid = _mid(step)
    complete = all(len(h) == BOUQUET for h in mid.hands)
    ended = _after_round_ended(step)
    after = step.after
    assert after is not None
    if complete and not ended:
        return f"every player holds {BOUQUET} cards: the round must end"
    if not complete and ended and not _is_stall(step):
        sizes = [len(h) for h in mid.hands]
        return f"the round goes on while a player holds fewer than {BOUQUET} cards (hand sizes {sizes})"
    if ended and after.last_bouquets != mid.hands:
        return f"the bouquets {[list(h) for h in mid.hands]} must be revealed"
    return None


def _check_combination_points(step: _Step) -> str | None:
    after = step.after
    assert after is not None
    mid = _mid(step)
    expected = tuple(compute_combination_points(card_value(c) for c in h) for h in mid.hands)
    if after.last_base == expected:
        return None
    return f"the bouquets' best combinations are worth {list(expected)}, not {list(after.last_base)}"


def _check_colour_multiplier(step: _Step) -> str | None:
    after = step.after
    assert after is not None
    mid = _mid(step)
    if len(after.last_base) != len(mid.hands):
        return "round scores are missing"
    multipliers = [compute_colour_multiplier(h) for h in mid.hands]
    expected = tuple(b * m for b, m in zip(after.last_base, multipliers))
    if after.last_scores == expected:
        return None
    return (f"scores are combination points {list(after.last_base)} times the colour multipliers "
            f"{multipliers}: {list(expected)}, not {list(after.last_scores)}")


def _scores(step: _Step) -> tuple[int, ...]:
    """The round scores the after-state claims (the spec's own when malformed)."""
    after = step.after
    assert after is not None
    if len(after.last_scores) == step.before.players:
        return after.last_scores
    return tuple(compute_bouquet_score(h) for h in _mid(step).hands)


def _due(step: _Step) -> tuple[int, ...]:
    return compute_due(step.variant, step.before.round, _scores(step))


def _check_amount_due(step: _Step) -> str | None:
    after = step.after
    assert after is not None
    due = _due(step)
    if is_bank_short(step.variant, step.before.players, step.before.issued, due):
        return None  # IK-BANK-1
    if after.last_payouts == due:
        return None
    final = " (doubled in the final round)" if due != after.last_scores else ""
    return f"the bank pays each player its score{final}: {list(due)}, not {list(after.last_payouts)}"


def _check_bank_shortfall(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    due = _due(step)
    expected = compute_payouts(step.variant, s.players, s.start, s.issued, due)
    if after.last_payouts == expected:
        return None
    left = compute_bank_left(step.variant, s.players, s.issued)
    return (f"the bank holds {left} but {sum(due)} is due ({list(due)}): it pays clockwise from seat {s.start} "
            f"while money lasts: {list(expected)}, not {list(after.last_payouts)}")


def _check_payout(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    mid = _mid(step)
    if len(after.last_payouts) != s.players:
        return "the round's payouts are missing"
    expected = tuple(c + p for c, p in zip(mid.coins, after.last_payouts))
    if after.coins != expected or after.issued != s.issued + sum(after.last_payouts):
        return f"the bank pays {list(after.last_payouts)}: coins become {list(expected)}"
    return None


def _game_ends(step: _Step) -> bool:
    s = step.before
    return s.round == ROUNDS or (
        step.variant.shortfall == "end_game" and is_bank_short(step.variant, s.players, s.issued, _due(step))
    )


def _check_new_round(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    if _game_ends(step):
        return None  # IK-END-1
    empty = ((),) * s.players
    if (after.round != s.round + 1 or after.deck != FULL_DECK or after.hands != empty or after.piles != empty
            or after.phase != "choose" or after.drawn is not None or after.refusals != 0):
        return f"round {s.round + 1} starts with all {len(FULL_DECK)} cards shuffled into the deck, empty hands and piles"
    return None


def _check_next_start(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    if _game_ends(step):
        return None
    scores = _scores(step)
    expected = compute_next_start(step.variant, s.start, scores)
    if after.start == expected and after.turn == expected:
        return None
    return (f"seat {expected} scored the most ({list(scores)}) and starts the next round, "
            f"not seat {after.start}")


def _check_game_end(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    ends = _game_ends(step)
    if ends != (after.phase == "over"):
        if ends:
            why = "four rounds were played" if s.round == ROUNDS else "the bank could not pay the round in full"
            return f"the game ends: {why}"
        return f"the game goes on after round {s.round}"
    empty = ((),) * s.players
    if ends and (after.round != s.round or after.deck != FULL_DECK or after.hands != empty or after.piles != empty):
        return "at the end of the game the cards are gathered and the round count stays"
    return None


def _check_money(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    if compute_money(after) != compute_money(s):
        return (f"coins only move between players and the bank: coins {list(s.coins)} (bank paid {s.issued}) "
                f"became {list(after.coins)} (bank paid {after.issued})")
    if any(c < 0 for c in after.coins):
        return f"a player's coins became negative: {list(after.coins)}"
    left = compute_bank_left(step.variant, s.players, after.issued)
    if left is not None and left < 0:
        return f"the finite bank paid out {after.issued}, more than the {bank_capacity(s.players)} it held"
    return None


def _check_winners(step: Step[IkebanaVariant, IkebanaState, object]) -> str | None:
    expected = compute_winners(step.before)
    if step.move == expected:
        return None
    return f"the winners are seats {sorted(expected)} with the most coins ({list(step.before.coins)}), not {step.move!r}"


RULES: tuple[Rule, ...] = (
    Rule(
        "IK-SETUP-1", "Player count",
        "Ikebana is played by two to five players.",
        _src(SEC_PREP), RuleKind.LEGALITY, _check_players,
    ),
    Rule(
        "IK-SETUP-2", "Starting coins and first player",
        "Every player starts with six coins of value 1 taken from the bank, the 50 cards are shuffled into a "
        "face-down deck, and seat 0 starts the first round.",
        _src(SEC_PREP, "RULES-NOTES.md §Ikebana row 5: round 1 starts with seat 0"),
        RuleKind.LEGALITY, _check_setup, _is_fresh,
    ),
    Rule(
        "IK-TURN-1", "Whose turn",
        "Only the player whose turn it is acts; chance acts only to turn up a drawn card; nobody acts once "
        "the game is over.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_turn,
    ),
    Rule(
        "IK-TURN-2", "Draw or buy, chosen at the start",
        "A turn starts with a choice between drawing from the deck and buying a discarded card; once a card "
        "is drawn the player can only keep or refuse it (no switching to buying).",
        _src(SEC_PLAY, "RULES-NOTES.md §Ikebana row 4"), RuleKind.LEGALITY, _check_phase,
    ),
    Rule(
        "IK-DRAW-1", "Drawn cards come from the deck",
        "The card turned up for a drawing player is one of the cards in the deck.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_reveal,
        lambda step: step.before.phase == "reveal" and isinstance(step.move, Reveal),
    ),
    Rule(
        "IK-DRAW-2", "Choosing to draw",
        "Choosing to draw moves no card and no coin; chance then turns up the top card for the player.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_draw_effect, lambda step: _in_phase(step, "choose", Draw),
    ),
    Rule(
        "IK-DRAW-3", "Looking at the drawn card",
        "The turned-up card leaves the deck; only the drawing player looks at it and must keep or refuse it.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_reveal_effect, lambda step: _in_phase(step, "reveal", Reveal),
    ),
    Rule(
        "IK-DECK-1", "Rebuilding the deck",
        "When the deck has run out, every discard pile keeps its top card and all the other discarded cards "
        "are shuffled into a new deck: by default at the moment a card must be drawn, with recycle 'when_empty' "
        "as soon as the last card is turned up.",
        _src(SEC_PLAY, "RULES-NOTES.md §Ikebana row 8"), RuleKind.EFFECT, _check_recycle, _recycles,
        flags=("recycle",),
    ),
    Rule(
        "IK-DECK-2", "A draw needs a card",
        "A player may choose to draw, or refuse a card and draw again, only if a card can be drawn: the deck "
        "has one, or a discard pile has cards under its top (the deadlock guard; with 50 cards and at most five "
        "players it never binds).",
        _src(SEC_PLAY, "project decision: the text never says what happens when no card is left"),
        RuleKind.LEGALITY, _check_can_draw,
        lambda step: _in_phase(step, "choose", Draw) or _in_phase(step, "decide", Refuse),
    ),
    Rule(
        "IK-KEEP-1", "Keeping the card",
        "A kept card joins the player's hand and ends the turn.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_keep_effect, lambda step: _in_phase(step, "decide", Keep),
    ),
    Rule(
        "IK-REFUSE-1", "Refusing costs 1, 2, 3 …",
        "The first refusal of a turn costs 1 coin, the second 2, the third 3 and so on. A player who cannot "
        "pay the next refusal in full must keep the card (no partial payment); with partial_refusal such a "
        "player may still refuse while holding a coin, paying every coin left.",
        _src(SEC_PLAY, "RULES-NOTES.md §Ikebana row 3"), RuleKind.LEGALITY, _check_refusal_cost,
        lambda step: _in_phase(step, "decide", Refuse), flags=("partial_refusal",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-REFUSE-2", "Who is paid for a refusal",
        "The payment for the k-th refusal goes to the k-th opponent clockwise (the player on the left first), "
        "skipping the refuser and going round again; with two players always to the opponent. A partial "
        "payment (partial_refusal) goes to the same player.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_refusal_payment, lambda step: _in_phase(step, "decide", Refuse),
        flags=("partial_refusal",),
    ),
    Rule(
        "IK-REFUSE-3", "The refused card is discarded and the player draws again",
        "A refused card goes face up on top of the refuser's own discard pile and the refuser draws the next card.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_refusal_discard, lambda step: _in_phase(step, "decide", Refuse),
    ),
    Rule(
        "IK-BUY-1", "Buy from an opponent's pile",
        "A player may buy only the top card of an opponent's non-empty discard pile, never from their own pile.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_buy_pile, lambda step: _in_phase(step, "choose", Buy),
    ),
    Rule(
        "IK-BUY-2", "The price is the card's value",
        "A discarded card costs as many coins as its value; a player who cannot pay it (in particular one with "
        "no coins) cannot buy it.",
        _src(SEC_PLAY, "RULES-NOTES.md §Ikebana row 3"), RuleKind.LEGALITY, _check_buy_price,
        lambda step: _in_phase(step, "choose", Buy),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-BUY-3", "Buying",
        "The bought card moves to the buyer's hand, its price goes to the owner of the pile, and the turn ends.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_buy_effect, lambda step: _is_turn_end(step) and isinstance(step.move, Buy),
    ),
    Rule(
        "IK-ORDER-1", "Turn order",
        "After a turn the next player clockwise who holds fewer than five cards plays (the same player again if "
        "nobody else needs cards).",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_next_turn, _is_normal_pass,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-STALL-1", "A player who cannot act",
        "If the next player can neither draw nor buy, the round ends at once and the bouquets are scored as they "
        "stand (stall 'end_round'), or that player is skipped and the round ends only when no player who needs "
        "cards can act (stall 'skip'). This cannot happen with the full deck and at most five players.",
        _src(SEC_ROUND_END, "project decision: the text never says what happens when nobody can take a card"),
        RuleKind.EFFECT, _check_stall, _is_stall, flags=("stall",),
    ),
    Rule(
        "IK-ROUND-1", "End of a round",
        "A round ends exactly when every player holds five cards; then all bouquets are revealed.",
        _src(SEC_ROUND_END), RuleKind.EFFECT, _check_round_end, _is_turn_end,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-SCORE-1", "Best combinations",
        "Each card counts in at most one combination. n cards of one value (n = 2 to 5) score the value times n; "
        "the runs 1-2-3-4, 2-3-4-5 and 1-2-3-4-5 score 8, 12 and 15. A bouquet scores the best total over every "
        "way of choosing disjoint combinations.",
        _src(SEC_SCORE, "RULES-NOTES.md §Ikebana row 1"), RuleKind.EFFECT, _check_combination_points, _is_round_end,
    ),
    Rule(
        "IK-SCORE-2", "Colour multiplier",
        "The combination points are multiplied according to the colours of all five cards, including cards in "
        "no combination: exactly two colours x2, five different colours x3, one colour x4, otherwise x1.",
        _src(SEC_SCORE, "RULES-NOTES.md §Ikebana row 2"), RuleKind.EFFECT, _check_colour_multiplier, _is_round_end,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-PAY-1", "Payouts",
        "After scoring, the bank pays every player coins worth the payout; coins move only between the bank and "
        "the players.",
        _src(SEC_SCORE), RuleKind.EFFECT, _check_payout, _is_round_end,
    ),
    Rule(
        "IK-PAY-2", "Amount due",
        "Each player is paid their score; with double_final the payouts of the fourth round are doubled.",
        _src(SEC_SCORE, "RULES-NOTES.md §Ikebana row 7"), RuleKind.EFFECT, _check_amount_due, _is_round_end,
        flags=("double_final",),
    ),
    Rule(
        "IK-BANK-1", "A finite bank runs short",
        "With the finite bank (the box's chips, 505 in value, minus the starting coins), a bank that cannot pay "
        "a round in full pays clockwise from the round's start player, each in full while money lasts, then the "
        "remainder, then nothing.",
        _src(SEC_NEED, "RULES-NOTES.md §Ikebana row 6; the shortfall is a project decision"),
        RuleKind.EFFECT, _check_bank_shortfall,
        lambda step: _is_round_end(step) and step.variant.bank == "finite",
        flags=("bank", "shortfall"),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-START-1", "Next start player",
        "The highest scorer of a round starts the next one; among tied players the first clockwise after the "
        "previous start player (start_tie 'after_previous') or the lowest seat (start_tie 'lowest_seat').",
        _src(SEC_SCORE, "RULES-NOTES.md §Ikebana row 5; the tie-break is a project decision"),
        RuleKind.EFFECT, _check_next_start, _is_round_end, flags=("start_tie",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-ROUND-2", "New round",
        "After the payouts all cards are gathered and shuffled and a new round starts with empty hands and "
        "discard piles.",
        _src(SEC_SCORE), RuleKind.EFFECT, _check_new_round, _is_round_end,
    ),
    Rule(
        "IK-END-1", "End of the game",
        "The game ends after the fourth round (with shortfall 'end_game', also after a round the finite bank "
        "could not pay in full).",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_game_end, _is_round_end, flags=("shortfall",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-MONEY-1", "Money is conserved",
        "Coins only move between players and from the bank to players: the players' coins always equal six per "
        "player plus what the bank has paid out; nobody's coins go below zero; a finite bank never pays out more "
        "than it holds.",
        _src(SEC_PREP), RuleKind.EFFECT, _check_money, flags=("bank",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-WIN-1", "Most coins wins",
        "When the game ends the player with the most coins wins; tied players share the win.",
        _src(SEC_SCORE), RuleKind.OUTCOME, _check_winners,
        tags=BOUNDARY_TAGS,
    ),
)

AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "IK-AMB-1", "Is the bank limited to the chips in the box?",
        "Оставшиеся монетки образуют своеобразный банк.",
        _src(SEC_PREP),
        (Reading("unlimited", "the bank never runs out (RULES-NOTES default)"),
         Reading("finite", "the bank holds the box's chips: 30x1, 15x5, 15x10, 5x50 = 505, minus the starting coins")),
        "unlimited", "bank", ("IK-BANK-1", "IK-MONEY-1"),
    ),
    Ambiguity(
        "IK-AMB-2", "What happens when a finite bank cannot pay a round's payouts?",
        "Оставшиеся монетки образуют своеобразный банк.",
        _src(SEC_PREP),
        (Reading("in_order", "pay clockwise from the round's start player while money lasts; play goes on"),
         Reading("end_game", "pay the same way, then the game ends (the bank is broken)")),
        "in_order", "shortfall", ("IK-BANK-1", "IK-END-1"),
    ),
    Ambiguity(
        "IK-AMB-3", "Are the final round's points doubled?",
        "…очки, полученные в финальном раунде, умножить на два.",
        _src(SEC_SCORE),
        (Reading(False, "normal final round (RULES-NOTES default)"), Reading(True, "the fourth round's payouts are doubled")),
        False, "double_final", ("IK-PAY-2",),
    ),
    Ambiguity(
        "IK-AMB-4", "Who starts the next round when several players share the highest score?",
        "…все карты собираются, перемешиваются и начинается новый раунд.",
        _src(SEC_SCORE, "the text never names a start player; RULES-NOTES.md §Ikebana row 5 names the highest "
             "scorer but not a tie-break"),
        (Reading("after_previous", "the first tied player clockwise after the previous start player"),
         Reading("lowest_seat", "the tied player with the lowest seat")),
        "after_previous", "start_tie", ("IK-START-1",),
    ),
    Ambiguity(
        "IK-AMB-5", "When is a run-out deck rebuilt from the discard piles?",
        "…если карты в колоде закончились до окончания раунда, нужно взять карты из личных стопок сброса "
        "(все, кроме верхней)…",
        _src(SEC_PLAY),
        (Reading("on_draw", "when a card must be drawn and the deck is empty (the piles' tops at that moment stay)"),
         Reading("when_empty", "as soon as the last card of the deck is turned up")),
        "on_draw", "recycle", ("IK-DECK-1",),
    ),
    Ambiguity(
        "IK-AMB-6", "What if the player to act can neither draw nor buy?",
        "Раунд заканчивается, когда каждый игрок собирает в руке по 5 карт.",
        _src(SEC_ROUND_END, "unreachable with 50 cards and at most 5 players: at least 26 cards are outside the "
             "hands, at most 5 of them pile tops"),
        (Reading("end_round", "the round ends at once; bouquets are scored as they stand (fewer than five cards: x1)"),
         Reading("skip", "the player is skipped; the round ends when no player who needs cards can act")),
        "end_round", "stall", ("IK-STALL-1", "IK-DECK-2"),
    ),
    Ambiguity(
        "IK-AMB-7", "Who receives the refusal payments, and in which direction?",
        "…отдать монетку номиналом 1 очко игроку слева от него…",
        _src(SEC_PLAY),
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
        _src(SEC_NEED),
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
        _src(SEC_PLAY, "RULES-NOTES.md §Ikebana row 3"),
        (Reading(False, "no partial payment: a player who cannot pay the next refusal in full must keep the card "
                 "(RULES-NOTES default)"),
         Reading(True, "while holding a coin a player may still refuse, paying every coin left to the next payee "
                 "(the text: 'пока у него не закончатся монетки')")),
        False, "partial_refusal", ("IK-REFUSE-1", "IK-REFUSE-2"),
    ),
)


def candidate_moves(state: IkebanaState, actor: int) -> Iterable[IkebanaMove]:
    """Every syntactically possible move of ``actor``: a superset of the legal ones."""
    if actor == CHANCE:
        return [Reveal(c) for c in CARD_KINDS]
    moves: list[IkebanaMove] = [Draw(), Keep(), Refuse()]
    moves += [Buy(s) for s in range(state.players)]
    return moves


SPEC: GameSpec[IkebanaVariant, IkebanaState, IkebanaMove] = GameSpec(
    name="ikebana",
    title="Ikebana (with Hanabi cards)",
    rulebook=RULEBOOK,
    variant_type=IkebanaVariant,
    rules=RULES,
    ambiguities=AMBIGUITIES,
    whose_turn=compute_whose_turn,
    candidate_moves=candidate_moves,
    parse_move=parse_move,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
)
