"""Ikebana's parts and their arithmetic, apart from the game around it: cards and moves, a bouquet's
score, discard piles and payments (``003_cc6896382a889cb1.txt`` § «Как играть», § «Как считаются очки»).

Which combinations a bouquet's values form, the best way to use each card at
most once and the multiplier its colours earn; whether a card can be drawn or
bought; who is paid for a refusal; how a run-out deck is rebuilt; how a short
bank pays. It reads no rule constant itself: every number comes as an argument
(a bouquet's in a :class:`Scoring` table), which :mod:`ruleproof.spec.ikebana`
takes from its constants and the variant, so a reading that changes a
multiplier or the deck changes it here too, the way
:mod:`ruleproof.spec.cinco_board` takes a board layout.

A card is two characters: a colour letter and a value digit (``"R3"``).

>>> table = Scoring(5, (((1, 2, 3, 4, 5), 15), ((2, 3, 4, 5), 12), ((1, 2, 3, 4), 8)), 4, 2, 3)
>>> [c.name for c in compute_best_split([1, 2, 3, 4, 2], table)]
['run 1-2-3-4']
>>> compute_combination_points([3, 3, 3, 2, 2], table), compute_colour_multiplier(["R3", "B3", "Y3", "W2", "G2"], table)
(13, 3)
>>> compute_refusal_payee(3, 0, 1), compute_refusal_payee(3, 0, 2), compute_refusal_payee(3, 0, 3)
(1, 2, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ruleproof.spec.core import Move
from ruleproof.spec.errors import RuleproofError

Card = str

#: The words for n cards of one value.
_KIND_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


class BouquetError(RuleproofError, ValueError):
    """A set of cards that cannot be a bouquet (too many cards, more copies than the deck has)."""


def card_value(card: Card) -> int:
    """The value printed on a card.

    >>> card_value("Y4")
    4
    """
    return int(card[1])


def card_colour(card: Card) -> str:
    """The colour letter of a card."""
    return card[0]


# --------------------------------------------------------------------------
# Moves: a turn starts with draw or buy; a drawn card is kept or refused; chance turns up the cards


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


# --------------------------------------------------------------------------
# A bouquet's score (§ «Как считаются очки»)


class Scoring(NamedTuple):
    """The numbers a bouquet's score depends on.

    :param size: the cards of a complete bouquet (only a complete one earns a colour multiplier).
    :param runs: each run's values and points, in the order combinations are listed (the longest
        first, so among equal choices the explanation names the longest run).
    :param one_colour: the multiplier when every card has one colour.
    :param two_colours: the multiplier when the cards have exactly two colours.
    :param rainbow: the multiplier when every card has a different colour.
    """

    size: int
    runs: tuple[tuple[tuple[int, ...], int], ...]
    one_colour: int
    two_colours: int
    rainbow: int


class Combination(NamedTuple):
    """One scoring combination: its name, the values it uses and its points."""

    name: str
    values: tuple[int, ...]
    points: int


def compute_combinations(values: Sequence[int], scoring: Scoring) -> tuple[Combination, ...]:
    """Every combination that some of these card values could form.

    n cards of one value (n ≥ 2) score value × n; each run of the table scores its points.

    >>> table = Scoring(5, (((1, 2, 3, 4, 5), 15), ((2, 3, 4, 5), 12), ((1, 2, 3, 4), 8)), 4, 2, 3)
    >>> [c.name for c in compute_combinations([2, 2, 3, 4, 5], table)]
    ['run 2-3-4-5', 'two 2s']
    """
    counts = Counter(values)
    found: list[Combination] = []
    for run, points in scoring.runs:
        if all(counts[v] >= 1 for v in run):
            found.append(Combination("run " + "-".join(map(str, run)), run, points))
    for value in sorted(counts, reverse=True):
        for n in range(counts[value], 1, -1):
            found.append(Combination(f"{_KIND_WORDS[n]} {value}s", (value,) * n, value * n))
    return tuple(found)


def compute_best_split(values: Sequence[int], scoring: Scoring) -> tuple[Combination, ...]:
    """The disjoint combinations worth the most points in total.

    Every card is in at most one combination, and the bouquet scores the best
    of all the ways to choose them (RULES-NOTES.md §Ikebana row 1). Every set of
    disjoint combinations is tried once, its combinations taken in the order of
    :func:`compute_combinations`; when several sets score the same, the first
    tried is returned.
    """
    ordered = sorted(values)
    return _best_among(ordered, compute_combinations(ordered, scoring))[0]


def _best_among(values: list[int], options: Sequence[Combination]) -> tuple[tuple[Combination, ...], int]:
    """The best split of ``values`` into combinations of ``options`` (each used as often as the values allow),
    taken in the order of ``options``, and its points."""
    best: tuple[Combination, ...] = ()
    best_points = 0
    for index, combo in enumerate(options):
        rest = list(values)
        for v in combo.values:
            if v not in rest:
                break
            rest.remove(v)
        else:
            split, points = _best_among(rest, options[index:])
            if combo.points + points > best_points:
                best, best_points = (combo, *split), combo.points + points
    return best, best_points


def compute_combination_points(values: Iterable[int], scoring: Scoring) -> int:
    """The points of the best split into combinations, before the colour multiplier.

    :raises BouquetError: more values than a bouquet has cards.
    """
    values = tuple(values)
    if len(values) > scoring.size:
        raise BouquetError(f"a bouquet has at most {scoring.size} cards; got {len(values)} values: {list(values)!r}")
    return sum(c.points for c in compute_best_split(values, scoring))


def compute_colour_multiplier(cards: Sequence[Card], scoring: Scoring) -> int:
    """The multiplier for the colours of a bouquet, over all its cards.

    One colour, exactly two colours, or every card a different colour earn the
    table's multipliers; any other set of colours, and an incomplete bouquet
    (fewer cards, only after a stalled round), ×1.
    """
    if len(cards) != scoring.size:
        return 1
    colours = len({card_colour(c) for c in cards})
    return {1: scoring.one_colour, 2: scoring.two_colours, scoring.size: scoring.rainbow}.get(colours, 1)


def compute_bouquet_score(cards: Sequence[Card], scoring: Scoring) -> int:
    """A bouquet's score: best combination points × colour multiplier.

    :raises BouquetError: more cards than a bouquet has.
    """
    extra = len(cards) - scoring.size
    if extra > 0:
        raise BouquetError(f"a bouquet has at most {scoring.size} cards; got {len(cards)}: {list(cards)!r}; "
                           f"remove {extra} card{'s' if extra > 1 else ''}")
    return compute_combination_points(tuple(card_value(c) for c in cards), scoring) * compute_colour_multiplier(
        cards, scoring)


def multiplier_reason(cards: Sequence[Card], scoring: Scoring) -> str:
    """Why a bouquet earns its colour multiplier, in words."""
    colours = len({card_colour(c) for c in cards})
    if len(cards) != scoring.size:
        return "an incomplete bouquet has no colour bonus x1"
    return {
        1: f"one colour x{scoring.one_colour}", 2: f"exactly two colours x{scoring.two_colours}",
        scoring.size: f"{_KIND_WORDS.get(scoring.size, scoring.size)} different colours x{scoring.rainbow}",
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
    #: The names of the bouquet's colours, in the rules' order.
    colours: tuple[str, ...] = ()

    def __str__(self) -> str:
        lines = ["bouquet " + (" ".join(self.cards) or "(no cards)")]
        for combo, cards in self.combinations:
            lines.append(f"  {combo.name} ({' '.join(cards)}): {combo.points}")
        if not self.combinations:
            lines.append("  no combination: 0")
        if self.unused and self.combinations:
            lines.append(f"  not used: {' '.join(self.unused)}")
        lines.append(f"  colours {', '.join(self.colours) or '-'}: {self.reason}")
        lines.append(f"  total {self.base} x {self.multiplier} = {self.total}")
        return "\n".join(lines)


def score_bouquet(cards: Sequence[Card], scoring: Scoring, colour_names: Mapping[str, str]) -> BouquetScore:
    """Score checked cards and say why; ``colour_names`` maps each colour letter to its name, in the rules'
    order (cards of a combination are named in that order, then by value).

    >>> table = Scoring(5, (((1, 2, 3, 4, 5), 15), ((2, 3, 4, 5), 12), ((1, 2, 3, 4), 8)), 4, 2, 3)
    >>> print(score_bouquet(["R5", "Y5", "R3", "R4", "W1"], table, {"R": "red", "Y": "yellow", "W": "white"}))
    bouquet R5 Y5 R3 R4 W1
      two 5s (R5 Y5): 10
      not used: R3 R4 W1
      colours red, yellow, white: 3 colours, no bonus x1
      total 10 x 1 = 10
    """
    order = list(colour_names)
    remaining = sorted(cards, key=lambda c: (order.index(card_colour(c)), c[1]))
    used: list[tuple[Combination, tuple[Card, ...]]] = []
    for combo in compute_best_split(tuple(card_value(c) for c in cards), scoring):
        taken: list[Card] = []
        for value in combo.values:
            card = next(c for c in remaining if card_value(c) == value)
            remaining.remove(card)
            taken.append(card)
        used.append((combo, tuple(taken)))
    base = sum(c.points for c, _ in used)
    multiplier = compute_colour_multiplier(cards, scoring)
    present = tuple(name for letter, name in colour_names.items() if any(card_colour(c) == letter for c in cards))
    return BouquetScore(tuple(cards), tuple(used), tuple(remaining), base, multiplier,
                        multiplier_reason(cards, scoring), base * multiplier, present)


def check_cards(given: Sequence[str], cards: Sequence[Card], deck: Sequence[Card], size: int) -> None:
    """Refuse ``cards`` (parsed from ``given``) as a bouquet: more than ``size`` cards, or more copies of a
    card than ``deck`` holds.

    :raises BouquetError: naming the cards given.
    """
    if len(cards) > size:
        raise BouquetError(f"a bouquet has at most {size} cards; got {len(cards)}: {list(given)!r}")
    copies = Counter(deck)
    for card, n in Counter(cards).items():
        if n > copies[card]:
            word = "copy" if copies[card] == 1 else "copies"
            raise BouquetError(f"the deck has only {copies[card]} {word} of {card}; got {n} in {list(given)!r}")


# --------------------------------------------------------------------------
# Piles and payments (§ «Как играть»)


def can_draw(deck: Sequence[Card], piles: Sequence[Sequence[Card]]) -> bool:
    """Whether a card can be drawn: the deck has one, or a discard pile has cards under its top."""
    return bool(deck) or any(len(p) >= 2 for p in piles)


def compute_buyable(piles: Sequence[Sequence[Card]], coins: Sequence[int], seat: int) -> tuple[int, ...]:
    """The opponents whose top discard ``seat`` can afford (price = the card's value)."""
    return tuple(s for s, pile in enumerate(piles) if s != seat and pile and card_value(pile[-1]) <= coins[seat])


def can_act(deck: Sequence[Card], piles: Sequence[Sequence[Card]], coins: Sequence[int], seat: int) -> bool:
    """Whether ``seat`` has a move at the start of a turn (draw or buy)."""
    return can_draw(deck, piles) or bool(compute_buyable(piles, coins, seat))


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


def compute_paid_in_order(due: Sequence[int], start: int, left: int) -> tuple[int, ...]:
    """What a bank holding ``left`` pays when ``due`` is owed: clockwise from seat ``start``, each in full while
    money lasts, then what is left, then nothing.

    >>> compute_paid_in_order((10, 20), 1, 27)
    (7, 20)
    """
    paid = [0] * len(due)
    for i in range(len(due)):
        seat = (start + i) % len(due)
        paid[seat] = min(due[seat], left)
        left -= paid[seat]
    return tuple(paid)
