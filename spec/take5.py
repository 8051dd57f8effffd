"""Take 5 (6 nimmt!) as an executable specification.

Source: ``002_14cf867976a02cf7.txt`` (a machine translation of the publisher's
rules), with the publisher facts of RULES-NOTES.md §Take 5 where the text is
silent.

The simultaneous secret choice is modelled as seats choosing one after another
while nobody sees another's pending card; the revealed cards are then resolved
one by one, lowest first, each by an explicit move of its owner (``row R`` for a
card that fits, ``take R`` for a card that is too low), so that a record names
every decision and a referee can check each one.

>>> compute_bullheads(55), compute_bullheads(44), compute_bullheads(20), compute_bullheads(15), compute_bullheads(7)
(7, 5, 3, 2, 1)
>>> sum(compute_bullheads(c) for c in range(1, 105))
171
>>> compute_nearest_positions(Take5Variant(), ((12,), (20,), (50,), (90,)), 23)
(Place(row=1, left=False),)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Literal, NamedTuple

from ruleproof.spec.core import (
    BOUNDARY_TAGS,
    CHANCE,
    TERMINAL,
    Ambiguity,
    ConstantTable,
    check_constant_flags,
    GameSpec,
    Move,
    Reading,
    Rule,
    RuleConstant,
    RuleKind,
    Source,
    Step,
)
from ruleproof.spec.errors import MoveParseError, PlayerCountError, VariantError

RULEBOOK = "002_14cf867976a02cf7.txt"

SEC_PLAYERS = "КОЛИЧЕСТВО ИГРОКОВ: 2 - 10 игроков"
SEC_CARDS = "Карты и сделка"
SEC_PLAY = "СПЕКТАКЛЬ"
SEC_ADD = "ДОБАВЛЕНИЕ КАРТ В МАКЕТ"
SEC_LOW = "СЛИШКОМ НИЗКАЯ КАРТА"
SEC_TAKE5 = "ВОЗЬМИТЕ 5"
SEC_ROUND = "ОКОНЧАНИЕ РАУНДА"
SEC_END = "ЗАВЕРШЕНИЕ ИГРЫ"
SEC_SCORE = "СБОР"
SEC_WIN = "WINNING"


def _src(section: str, note: str = "") -> Source:
    return Source(RULEBOOK, section, note)


# --------------------------------------------------------------------------
# The numbers the rulebook fixes


#: Every number of the Take 5 rulebook, named once (the other layers read them from here).
CONSTANTS = ConstantTable("take5", (
    RuleConstant("min_players", 2, "the fewest players", _src(SEC_PLAYERS), "2 - 10 игроков"),
    RuleConstant("max_players", 10, "the most players", _src(SEC_PLAYERS), "2 - 10 игроков"),
    # The bounds of the flags below: a deck of 24 (two players at the rulebook's hands and rows) to 300 cards, 1 to 8 rows of 1 to 10 cards, 1 to 20 cards a
    # hand; every layer (engine, fast paths, solver encodings, certificate checker, pictures) handles them.
    # A deal must also fit the deck: hand_size · players + rows cards (checked with the player count).
    RuleConstant("deck_top", 104, "the highest card of the deck (cards 1 to it, one of each)", _src(SEC_CARDS),
                 "Колода Take 5 состоит из 104 карт с рангом от 1 до 104.", 24, 300),
    RuleConstant("hand_size", 10, "cards dealt to each player every round", _src(SEC_CARDS),
                 "Перемешайте колоду и раздайте по 10 карт каждому игроку.", 1, 20),
    RuleConstant("rows", 4, "rows on the table, each started by one face-up card", _src(SEC_CARDS),
                 "Затем положите четыре карты лицевой стороной вверх в столбик в центре игрового поля.", 1, 8),
    RuleConstant("row_capacity", 5, "cards a row holds; the card that would be next takes the row", _src(SEC_TAKE5),
                 "Ряд с пятью картами является полным.", 1, 10),
    RuleConstant("threshold", 66, "the score that ends the game (the variant's default threshold)", _src(SEC_END),
                 "Игра заканчивается, как только игрок набирает количество очков более чем 66 баллов."),
    # The bullheads printed on the cards: the text only says each card has some («каждая карта также имеет
    # значение штрафного очка»); the values are the publisher's (RULES-NOTES.md §Take 5). Each row is
    # (kind, number, bullheads), asked in order: the card equal to the number, or a multiple of it.
    RuleConstant("bullheads", (("card", 55, 7), ("multiple", 11, 5), ("multiple", 10, 3), ("multiple", 5, 2),
                               ("multiple", 1, 1)),
                 "the bullheads on a card: 55 has 7, other multiples of 11 have 5, multiples of 10 have 3, "
                 "other multiples of 5 have 2, every other card 1",
                 _src(SEC_CARDS, "RULES-NOTES.md §Take 5: the publisher's bullhead values"),
                 "Помимо ранга карты, каждая карта также имеет значение штрафного очка, проиллюстрированное рядом "
                 "бычьих голов."),
))

MIN_PLAYERS = CONSTANTS.number("min_players")
MAX_PLAYERS = CONSTANTS.number("max_players")
DECK_TOP = CONSTANTS.number("deck_top")
HAND_SIZE = CONSTANTS.number("hand_size")
ROWS = CONSTANTS.number("rows")
#: The most rows a variant may have (the ``rows`` flag's bound).
MAX_ROWS: int = CONSTANTS.constant("rows").high or ROWS
ROW_CAPACITY = CONSTANTS.number("row_capacity")
THRESHOLD = CONSTANTS.number("threshold")
#: ``(kind, number, bullheads)`` rows, asked in order (see :func:`compute_bullheads`).
BULLHEAD_TABLE: tuple[tuple[str, int, int], ...] = CONSTANTS.table("bullheads")


#: Largest end threshold: every round someone takes at least one bullhead, so a
#: game lasts at most this many rounds; a larger one would never end in practice.
MAX_THRESHOLD = 1000

#: What the rows a too-low card may take can be ordered by (the flag ``low_row_keys``), each key "fewest first":
#: the row's bullheads, its number of cards, its number on the table.
LOW_ROW_KEYS: tuple[str, ...] = ("bullheads", "cards", "row")
#: Most keys of ``low_row_keys`` (each at most once).
MAX_LOW_ROW_KEYS = len(LOW_ROW_KEYS)
#: The order of ``row_choice="auto"`` (RULES-NOTES.md §Take 5 row 4): fewest bullheads, then fewest cards, then the
#: lowest row; it leaves one row.
AUTO_LOW_ROW_KEYS: tuple[str, ...] = ("bullheads", "cards", "row")


@dataclass(frozen=True)
class Take5Variant:
    """The variant flags of Take 5 (RULES-NOTES.md §Take 5).

    :param end_rule: ``">="`` ends the game when a score reaches the
        threshold (publisher), ``">"`` when it passes it (the text).
    :param threshold: the score that ends the game.
    :param end_check: ``"round"`` checks the end after each round
        (publisher), ``"immediate"`` as soon as a card is taken (the text).
    :param row_choice: ``"player"``: the owner of a too-low card chooses the
        row; ``"auto"``: fewest bullheads, then fewest cards, then lowest row
        (the preset ``low_row_keys = ("bullheads", "cards", "row")``).
    :param low_row_keys: which rows the owner of a too-low card may take, as
        data: the rows that come first when ordered by these keys, each
        "fewest first" (:data:`LOW_ROW_KEYS`: ``"bullheads"``, ``"cards"``,
        ``"row"``, each at most once), the owner choosing among the rows tied
        on all of them. Empty (the default): any row, the text's reading.
        ``("cards",)`` is the house rule "a too-low card takes one of the rows
        with the fewest cards"; with ``row_choice="auto"`` the keys are
        :data:`AUTO_LOW_ROW_KEYS` (give none, or those).
    :param deck: ``"standard"`` (1–104) or ``"tactical"`` (1 to 10·n+4).
    :param professional: cards may also go on the left end of a row.
    :param tie: who wins when several players share the lowest total:
        ``"shared"`` (default) every one of them; ``"draw"`` the text names a
        single winner ("человек с наименьшим количеством очков"), so a shared
        lowest total is a draw for the whole table (every seat shares the result).
    :param rows: how many rows lie on the table (the rulebook's four; :data:`CONSTANTS`).
    :param row_capacity: how many cards a row holds before the next card takes it (five).
    :param hand_size: how many cards each player gets every round (ten).
    :param deck_top: the highest card of the standard deck (104).
    """

    end_rule: Literal[">=", ">"] = ">="
    threshold: int = THRESHOLD
    end_check: Literal["round", "immediate"] = "round"
    row_choice: Literal["player", "auto"] = "player"
    deck: Literal["standard", "tactical"] = "standard"
    professional: bool = False
    tie: Literal["shared", "draw"] = "shared"
    rows: int = ROWS
    row_capacity: int = ROW_CAPACITY
    hand_size: int = HAND_SIZE
    deck_top: int = DECK_TOP
    low_row_keys: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_constant_flags(self, CONSTANTS)
        if not 1 <= self.threshold <= MAX_THRESHOLD:
            raise VariantError(f"threshold must be from 1 to {MAX_THRESHOLD} (limit MAX_THRESHOLD); "
                               f"got {self.threshold!r}")
        keys = self.low_row_keys
        if (len(keys) > MAX_LOW_ROW_KEYS or any(k not in LOW_ROW_KEYS for k in keys) or len(set(keys)) != len(keys)):
            raise VariantError(f"low_row_keys must be distinct keys among {', '.join(LOW_ROW_KEYS)} (at most "
                               f"{MAX_LOW_ROW_KEYS}, limit MAX_LOW_ROW_KEYS); got {str(keys)[:80]}",
                               flag="low_row_keys")
        if self.row_choice == "auto" and keys and keys != AUTO_LOW_ROW_KEYS:
            raise VariantError(f"low_row_keys {','.join(keys)} contradicts row_choice='auto', which orders the rows by "
                               f"{','.join(AUTO_LOW_ROW_KEYS)}; give the keys with row_choice='player'",
                               flag="low_row_keys")


# --------------------------------------------------------------------------
# Moves


@dataclass(frozen=True, slots=True)
class Deal(Move):
    """Chance deals ``card`` to the next place in the deal order."""

    card: int

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Select(Move):
    """A player chooses ``card`` face down for this turn."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Place(Move):
    """The owner of the lowest revealed card puts it on row ``row`` (0-based).

    ``left`` is the professional variant's placement before the row's first card.
    """

    row: int
    left: bool = False

    def __str__(self) -> str:
        return f"row {self.row + 1}" + (" left" if self.left else "")


@dataclass(frozen=True, slots=True)
class Take(Move):
    """The owner of a too-low card takes row ``row`` (0-based) and starts it anew."""

    row: int

    def __str__(self) -> str:
        return f"take {self.row + 1}"


Take5Move = Deal | Select | Place | Take


def parse_move(text: str) -> Take5Move:
    """Parse a move's text form.

    >>> parse_move("play 23"), parse_move("row 2 left"), parse_move("take 4")
    (Select(card=23), Place(row=1, left=True), Take(row=3))
    >>> parse_move("row 9")
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.MoveParseError: row number must be 1..8 in 'row 9'
    """
    words = text.strip().split()
    try:
        if len(words) == 2 and words[0] in {"deal", "play"}:
            card = int(words[1])
            if card < 1:
                raise MoveParseError(f"card numbers start at 1 in {text!r}")
            return Deal(card) if words[0] == "deal" else Select(card)
        if len(words) in {2, 3} and words[0] in {"row", "take"}:
            row = int(words[1]) - 1
            if not 0 <= row < MAX_ROWS:
                raise MoveParseError(f"row number must be 1..{MAX_ROWS} in {text!r}")
            if words[0] == "take" and len(words) == 2:
                return Take(row)
            if words[0] == "row" and (len(words) == 2 or words[2] == "left"):
                return Place(row, len(words) == 3)
    except ValueError as exc:
        if isinstance(exc, MoveParseError):
            raise
        raise MoveParseError(f"expected a number in {text!r}") from None
    raise MoveParseError(
        f"cannot parse move {text!r}; expected 'deal N', 'play N', 'row R', 'row R left' or 'take R'"
    )


# --------------------------------------------------------------------------
# State (shared with the engine)


class Take5State(NamedTuple):
    """A Take 5 position; every card is in exactly one of deck, hands, chosen, rows, piles.

    :param deck: the undealt cards, sorted (their order is chance's business).
    :param dealt: how many cards of this round's deal order were dealt.
    :param hands: each seat's hand, sorted.
    :param rows: the four rows, lowest card first (empty while dealing).
    :param chosen: the card each seat has chosen this turn (0: none or resolved).
    :param resolving: whether the chosen cards are revealed and being resolved.
    :param piles: the cards each seat took this round (its "bull pile").
    :param scores: bullheads from finished rounds.
    :param finished: whether the game is over.
    """

    variant: Take5Variant
    players: int
    round: int
    deck: tuple[int, ...]
    dealt: int
    hands: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    chosen: tuple[int, ...]
    resolving: bool
    piles: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    finished: bool


# --------------------------------------------------------------------------
# Pure calculations


def deck_cards(variant: Take5Variant, players: int) -> tuple[int, ...]:
    """The cards in play: 1–104, or 1 to 10·players+4 with the tactical deck.

    >>> len(deck_cards(Take5Variant(deck="tactical"), 3))
    34
    """
    top = variant.deck_top if variant.deck == "standard" else variant.hand_size * players + variant.rows
    return tuple(range(1, top + 1))


def players_problem(variant: Take5Variant, players: int) -> str | None:
    """Why ``players`` cannot play under ``variant`` (``None`` when they can): the player count, and a deal
    that must fit the standard deck (``hand_size`` cards each and one card a row).

    >>> players_problem(Take5Variant(), 10), players_problem(Take5Variant(hand_size=11), 10)
    (None, '10 players need 114 cards a round (11 each and 4 for the rows); the deck has 104')
    """
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return f"Take 5 is for {MIN_PLAYERS}–{MAX_PLAYERS} players; got {players!r}"
    deal = variant.hand_size * players + variant.rows
    if variant.deck == "standard" and deal > variant.deck_top:
        return (f"{players} players need {deal} cards a round ({variant.hand_size} each and {variant.rows} for the "
                f"rows); the deck has {variant.deck_top}")
    return None


def check_players(players: int, variant: Take5Variant | None = None) -> None:
    """Raise :class:`PlayerCountError` when ``players`` cannot play (:func:`players_problem`)."""
    problem = players_problem(variant or Take5Variant(), players)
    if problem is not None:
        raise PlayerCountError(problem)


def compute_bullheads(card: int) -> int:
    """The penalty points (bullheads) printed on a card: the first row of :data:`BULLHEAD_TABLE` that
    matches it (the card itself, or a multiple of the row's number)."""
    for kind, number, points in BULLHEAD_TABLE:
        if card == number if kind == "card" else card % number == 0:
            return points
    raise AssertionError(f"the bullhead table has no row for card {card}")


def compute_pile_points(cards: Iterable[int]) -> int:
    """The bullheads of a set of cards.

    >>> compute_pile_points((55, 44, 20, 15, 7)), compute_pile_points(())
    (18, 0)
    """
    return sum(compute_bullheads(card) for card in cards)


def compute_totals(state: Take5State) -> tuple[int, ...]:
    """Each seat's score so far: finished rounds plus the current pile."""
    return tuple(s + compute_pile_points(p) for s, p in zip(state.scores, state.piles))


def deal_size(state: Take5State) -> int:
    """How many cards one round deals: ten per seat, then one per row."""
    return state.variant.hand_size * state.players + state.variant.rows


def deal_target(state: Take5State, index: int) -> tuple[str, int]:
    """Where the ``index``-th card of a round's deal goes: ``("hand", seat)`` or ``("row", r)``."""
    hand = state.variant.hand_size
    if index < hand * state.players:
        return ("hand", index // hand)
    return ("row", index - hand * state.players)


def is_round_over(state: Take5State) -> bool:
    """Every card of the round was dealt, played and resolved."""
    return (
        state.dealt == deal_size(state)
        and not state.resolving
        and all(not h for h in state.hands)
        and not any(state.chosen)
    )


def lowest_pending(state: Take5State) -> tuple[int, int]:
    """``(card, seat)`` of the lowest revealed card not yet resolved."""
    return min((c, s) for s, c in enumerate(state.chosen) if c)


def compute_positions(variant: Take5Variant, rows: tuple[tuple[int, ...], ...], card: int) -> list[tuple[int, Place]]:
    """Every place ``card`` fits with its distance: after a lower row end, or
    (professional variant) before a higher row start."""
    fits: list[tuple[int, Place]] = []
    for r, row in enumerate(rows):
        if row[-1] < card:
            fits.append((card - row[-1], Place(r)))
        if variant.professional and card < row[0]:
            fits.append((row[0] - card, Place(r, True)))
    return fits


def compute_nearest_positions(variant: Take5Variant, rows: tuple[tuple[int, ...], ...], card: int) -> tuple[Place, ...]:
    """The places at the smallest distance (empty when the card is too low)."""
    fits = compute_positions(variant, rows, card)
    if not fits:
        return ()
    best = min(d for d, _ in fits)
    return tuple(sorted(p for d, p in fits if d == best))


def is_too_low(variant: Take5Variant, rows: tuple[tuple[int, ...], ...], card: int) -> bool:
    """The card fits no row (standard: it is below every row's last card)."""
    return not compute_positions(variant, rows, card)


def compute_low_row_keys(variant: Take5Variant) -> tuple[str, ...]:
    """The keys that order the rows a too-low card may take: ``low_row_keys``, or with ``row_choice="auto"``
    :data:`AUTO_LOW_ROW_KEYS` (empty: any row).

    >>> compute_low_row_keys(Take5Variant()), compute_low_row_keys(Take5Variant(row_choice="auto"))
    ((), ('bullheads', 'cards', 'row'))
    """
    return AUTO_LOW_ROW_KEYS if variant.row_choice == "auto" else variant.low_row_keys


def compute_low_rows(variant: Take5Variant, rows: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The rows (0-based, ascending) the owner of a too-low card may take under the variant's keys: those that
    come first when every row is ordered by the keys, fewest first (every row without keys).

    >>> rows = ((55,), (10, 11), (3, 4), (8,))
    >>> compute_low_rows(Take5Variant(), rows), compute_low_rows(Take5Variant(low_row_keys=("cards",)), rows)
    ((0, 1, 2, 3), (0, 3))
    >>> compute_low_rows(Take5Variant(low_row_keys=("bullheads",)), rows)
    (3,)
    """
    keys = compute_low_row_keys(variant)
    if not keys:
        return tuple(range(len(rows)))

    def key(r: int) -> tuple[int, ...]:
        value = {"bullheads": compute_pile_points(rows[r]), "cards": len(rows[r]), "row": r}
        return tuple(value[k] for k in keys)

    best = min(key(r) for r in range(len(rows)))
    return tuple(r for r in range(len(rows)) if key(r) == best)


def describe_low_row_keys(keys: tuple[str, ...]) -> str:
    """The keys in words: ``"the fewest bullheads, then the fewest cards"``.

    >>> describe_low_row_keys(("cards",)), describe_low_row_keys(())
    ('the fewest cards', 'any row')
    """
    words = {"bullheads": "the fewest bullheads", "cards": "the fewest cards", "row": "the lowest-numbered row"}
    return ", then ".join(words[k] for k in keys) or "any row"


class LowCardRows:
    """The house-rule hook for a too-low card: which rows its owner may take.

    The specification asks :meth:`rows` (rule T5-LOW-3); the engine's
    counterpart is :meth:`ruleproof.model.take5.Take5Game.too_low_rows`. A
    derived game overrides both and builds its specification with
    :func:`build_spec`. The base gives the flags' readings
    (:func:`compute_low_rows`): any row of the owner's choice (the text), the
    rows first by ``low_row_keys`` (a house rule as data), or with
    ``row_choice="auto"`` the one row of :func:`compute_auto_row`.

    >>> class FewestCards(LowCardRows):
    ...     text = "A too-low card takes one of the rows with the fewest cards."
    ...     def rows(self, variant, rows):
    ...         least = min(len(r) for r in rows)
    ...         return tuple(i for i, r in enumerate(rows) if len(r) == least)
    >>> FewestCards().rows(Take5Variant(), ((1, 2), (3,), (4, 5, 6), (7,)))
    (1, 3)
    >>> LowCardRows().rows(Take5Variant(row_choice="auto"), ((55,), (10, 11), (3, 4), (8,)))
    (3,)
    >>> LowCardRows().rows(Take5Variant(low_row_keys=("cards",)), ((1, 2), (3,), (4, 5, 6), (7,)))
    (1, 3)
    >>> FewestCards()
    FewestCards()
    """

    #: The rule T5-LOW-3 in our own words, as this hook decides it.
    text = (
        "The owner of a too-low card chooses the row, when that card resolves. "
        "With automatic choice the row with the fewest bullheads is taken, then the shortest, then the lowest-numbered. "
        "A house rule may order the rows by keys (fewest bullheads, fewest cards, lowest row): the owner then "
        "chooses among the rows that come first."
    )

    def rows(self, variant: Take5Variant, rows: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        """The rows (0-based, ascending) the owner of a too-low card may take."""
        return compute_low_rows(variant, rows)

    def __repr__(self) -> str:
        """The hook's class, as a reader would name it (the docs show it; a memory address differs per build)."""
        return f"{type(self).__name__}()"


def compute_auto_row(rows: tuple[tuple[int, ...], ...]) -> int:
    """The row taken automatically: fewest bullheads, then fewest cards, then lowest index.

    >>> compute_auto_row(((55,), (10, 11), (3, 4), (8,)))
    3
    """
    return compute_low_rows(Take5Variant(row_choice="auto"), rows)[0]  # the keys name the one row


def is_end_reached(variant: Take5Variant, totals: Iterable[int]) -> bool:
    """Whether some score ends the game under the variant's end rule."""
    if variant.end_rule == ">=":
        return any(t >= variant.threshold for t in totals)
    return any(t > variant.threshold for t in totals)


def compute_whose_turn(state: Take5State) -> int:
    """Who acts: a seat, :data:`CHANCE` or :data:`TERMINAL` (the spec's own account)."""
    if state.finished:
        return TERMINAL
    if state.dealt < deal_size(state) or is_round_over(state):
        return CHANCE
    if state.resolving:
        return lowest_pending(state)[1]
    for seat, card in enumerate(state.chosen):
        if not card:
            return seat
    raise AssertionError("unreachable: every seat chose but resolution has not begun")


def compute_winners(state: Take5State) -> frozenset[int]:
    """The seats with the lowest total; ties all win (``tie="shared"``), or a
    tie for the lowest total is a draw shared by every seat (``tie="draw"``).

    >>> state = Take5State(Take5Variant(tie="draw"), 3, 1, (), 0, ((),) * 3, ((),) * 4, (0,) * 3, False,
    ...                    ((),) * 3, (70, 12, 12), True)
    >>> sorted(compute_winners(state)), sorted(compute_winners(state._replace(variant=Take5Variant())))
    ([0, 1, 2], [1, 2])
    """
    totals = compute_totals(state)
    best = min(totals)
    lowest = frozenset(s for s, t in enumerate(totals) if t == best)
    if len(lowest) > 1 and state.variant.tie == "draw":
        return frozenset(range(state.players))
    return lowest


# --------------------------------------------------------------------------
# Rules


def _pending(step: Step[Take5Variant, Take5State, Take5Move]) -> tuple[int, int] | None:
    state = step.before
    if not state.resolving or not any(state.chosen):
        return None
    return lowest_pending(state)


def _is_resolution(step: Step[Take5Variant, Take5State, Take5Move]) -> bool:
    return isinstance(step.move, (Place, Take)) and step.actor >= 0


# The narrower "applies" predicates below make `fired` statistics meaningful
# (a rule fires when it is the rule that decides the step); the checks
# themselves stay total, so verdicts do not depend on them.


def _is_right_placement(step: Step[Take5Variant, Take5State, Take5Move]) -> bool:
    return isinstance(step.move, Place) and not step.move.left and step.actor >= 0


def _is_left_placement(step: Step[Take5Variant, Take5State, Take5Move]) -> bool:
    return isinstance(step.move, Place) and step.move.left and step.actor >= 0


def _is_take(step: Step[Take5Variant, Take5State, Take5Move]) -> bool:
    return isinstance(step.move, Take) and step.actor >= 0


def _resolves_a_too_low_card(step: Step[Take5Variant, Take5State, Take5Move]) -> bool:
    pending = _pending(step) if _is_resolution(step) else None
    return pending is not None and is_too_low(step.variant, step.before.rows, pending[0])


def _check_players(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    return players_problem(step.variant, step.before.players)


def _row_exists(step: Step[Take5Variant, Take5State, Take5Move]) -> bool:
    """Whether the row a placement or take names lies on the table (the other rules read it)."""
    move = step.move
    return not isinstance(move, (Place, Take)) or 0 <= move.row < len(step.before.rows)


def compute_dealable(state: Take5State, variant: Take5Variant) -> tuple[bool, frozenset[int]]:
    """Whether the round is over in ``state``, and the cards chance may deal there: the whole deck of
    ``variant`` for a new round, else the undealt cards.

    >>> state = Take5State(Take5Variant(), 2, 1, (7, 9, 40), 21, ((),) * 2, ((),) * 4, (0, 0), False,
    ...                    ((),) * 2, (0, 0), False)
    >>> new_round, cards = compute_dealable(state, state.variant)
    >>> new_round, sorted(cards)
    (False, [7, 9, 40])
    """
    if is_round_over(state):
        return True, frozenset(deck_cards(variant, state.players))
    return False, frozenset(state.deck)


def _check_deal_card(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    move = step.move
    if not isinstance(move, Deal):
        return f"{move} is not a deal; only chance deals cards"
    new_round, cards = compute_dealable(step.before, step.variant)
    if move.card in cards:
        return None
    return f"card {move.card} is not in this game's deck" if new_round else f"card {move.card} is not among the undealt cards"


def _check_turn(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    expected = compute_whose_turn(step.before)
    if step.actor == expected:
        return None
    who = {CHANCE: "chance", TERMINAL: "nobody (the game is over)"}.get(expected, f"seat {expected}")
    actor = "chance" if step.actor == CHANCE else f"seat {step.actor}"
    return f"{actor} acted but it is the turn of {who}"


def _check_select_in_hand(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    move = step.move
    assert isinstance(move, Select)
    hand = step.before.hands[step.actor] if 0 <= step.actor < step.before.players else ()
    return None if move.card in hand else f"card {move.card} is not in seat {step.actor}'s hand {list(hand)}"


def _check_move_kind(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    state = step.before
    if step.actor == CHANCE or state.finished:
        return None
    if state.resolving and isinstance(step.move, Select):
        return f"{step.move}: cards are being resolved; no card may be chosen now"
    if not state.resolving and isinstance(step.move, (Place, Take)):
        return f"{step.move}: no revealed card is waiting to be placed"
    if isinstance(step.move, Deal):
        return f"{step.move}: players do not deal cards"
    if not _row_exists(step):
        return f"{step.move}: there is no such row; the table has {len(state.rows)}"
    return None


def _check_ascending(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    move = step.move
    pending = _pending(step)
    if not isinstance(move, Place) or pending is None or not _row_exists(step):
        return None  # T5-PHASE-1 reports a row that does not exist
    card = pending[0]
    row = step.before.rows[move.row]
    if move.left:
        return None
    if row[-1] < card:
        return None
    return f"card {card} cannot follow row {move.row + 1} ending {row[-1]}: rows must ascend"


def _check_left_end(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    move = step.move
    pending = _pending(step)
    if not isinstance(move, Place) or not move.left or pending is None or not _row_exists(step):
        return None
    if not step.variant.professional:
        return "placing before a row's first card needs the professional variant"
    card = pending[0]
    first = step.before.rows[move.row][0]
    return None if card < first else f"card {card} cannot go before row {move.row + 1} starting {first}"


def _check_nearest(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    move = step.move
    pending = _pending(step)
    if not isinstance(move, Place) or pending is None:
        return None
    card = pending[0]
    fits = compute_positions(step.variant, step.before.rows, card)
    if move not in [p for _, p in fits]:
        return None  # not a fitting place at all: T5-PLACE-1/T5-PLACE-3 report it
    nearest = compute_nearest_positions(step.variant, step.before.rows, card)
    if move in nearest:
        return None
    ends = ", ".join(f"row {p.row + 1}" + (" (left)" if p.left else "") for p in nearest)
    return f"card {card} must go to the nearest row end ({ends}), not {move}"


def _check_too_low_takes(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    pending = _pending(step)
    if pending is None or not isinstance(step.move, Place):
        return None
    card = pending[0]
    if is_too_low(step.variant, step.before.rows, card):
        ends = [row[-1] for row in step.before.rows]
        return f"card {card} is lower than every row end {ends}: its owner must take a row"
    return None


def _check_take_only_low(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    pending = _pending(step)
    if pending is None or not isinstance(step.move, Take):
        return None
    card = pending[0]
    if is_too_low(step.variant, step.before.rows, card):
        return None
    nearest = compute_nearest_positions(step.variant, step.before.rows, card)
    return f"card {card} fits ({nearest[0]}), so no row may be taken"


def _check_low_row(hook: LowCardRows) -> Callable[[Step[Take5Variant, Take5State, Take5Move]], str | None]:
    def check(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
        pending = _pending(step)
        move = step.move
        if pending is None or not isinstance(move, Take):
            return None
        allowed = hook.rows(step.variant, step.before.rows)
        if move.row in allowed:
            return None
        names = ", ".join(f"row {r + 1}" for r in allowed)
        if type(hook) is LowCardRows:
            if step.variant.row_choice == "auto":
                return (f"with automatic row choice the row taken must be {names} (fewest bullheads), "
                        f"not row {move.row + 1}")
            keys = describe_low_row_keys(compute_low_row_keys(step.variant))
            return f"the row taken must be one of {names} (the rows with {keys}), not row {move.row + 1}"
        return f"the row taken must be one of {names} ({hook.text}), not row {move.row + 1}"

    return check


def _check_deal_effect(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    before, after, move = step.before, step.after, step.move
    assert after is not None and isinstance(move, Deal)
    base = before
    if is_round_over(before):
        return None  # T5-ROUND-1 describes the first deal of a new round
    kind, where = deal_target(base, base.dealt)
    expected_deck = tuple(c for c in base.deck if c != move.card)
    if after.deck != expected_deck or after.dealt != base.dealt + 1:
        return f"dealing {move.card} must remove it from the deck and advance the deal"
    if kind == "hand":
        if after.hands[where] != tuple(sorted(base.hands[where] + (move.card,))):
            return f"card {move.card} must go to seat {where}'s hand"
    elif after.rows[where] != (move.card,):
        return f"card {move.card} must start row {where + 1}"
    return None


def _check_deck_set_aside(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    """The cards left over after the deal are set aside: a player's move never touches the undealt deck."""
    after = step.after
    assert after is not None
    if after.deck == step.before.deck:
        return None
    return (f"{step.move} changed the undealt cards ({len(step.before.deck)} before, {len(after.deck)} after); "
            "they stay set aside until the next round's deal")


def _check_select_effect(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    before, after, move, seat = step.before, step.after, step.move, step.actor
    assert after is not None and isinstance(move, Select)
    hand = list(before.hands[seat])
    hand.remove(move.card)
    if after.hands[seat] != tuple(hand) or after.chosen[seat] != move.card:
        return f"card {move.card} must leave seat {seat}'s hand and lie face down"
    if after.rows != before.rows or after.piles != before.piles:
        return "choosing a card must not change the rows or piles"
    everyone = all(after.chosen)
    if after.resolving != everyone:
        return "resolution must begin exactly when every seat has chosen"
    return None


def _resolved_card(step: Step[Take5Variant, Take5State, Take5Move]) -> tuple[int, int]:
    return lowest_pending(step.before)


def _check_place_effect(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    before, after, move = step.before, step.after, step.move
    assert after is not None and isinstance(move, Place)
    card, seat = _resolved_card(step)
    row = before.rows[move.row]
    if len(row) >= step.variant.row_capacity:
        return None  # T5-SIX-1
    expected = (card,) + row if move.left else row + (card,)
    if after.rows[move.row] != expected:
        return f"card {card} must be added to row {move.row + 1}, giving {list(expected)}"
    if after.piles != before.piles or after.chosen[seat] != 0:
        return f"placing card {card} must not change any pile and must clear the pending card"
    return None


def _take_effect(step: Step[Take5Variant, Take5State, Take5Move], row_index: int) -> str | None:
    before, after = step.before, step.after
    assert after is not None
    card, seat = _resolved_card(step)
    row = before.rows[row_index]
    if after.rows[row_index] != (card,):
        return f"card {card} must start row {row_index + 1} anew"
    if Counter(after.piles[seat]) != Counter(before.piles[seat] + row):
        return f"seat {seat} must take the cards {list(row)} into its pile"
    others = [s for s in range(before.players) if s != seat]
    if any(after.piles[s] != before.piles[s] for s in others):
        return "only the owner's pile may change"
    return None


def _check_six_effect(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    move = step.move
    assert isinstance(move, Place)
    if len(step.before.rows[move.row]) < step.variant.row_capacity:
        return None
    return _take_effect(step, move.row)


def _check_low_effect(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    move = step.move
    assert isinstance(move, Take)
    return _take_effect(step, move.row)


def _check_turn_cycle(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    after = step.after
    assert after is not None
    if after.finished:
        return None
    if after.resolving and not any(after.chosen):
        return "resolution must end when every revealed card is resolved"
    if not after.resolving and any(after.chosen) and isinstance(step.move, (Place, Take)):
        return "resolution must continue while revealed cards remain"
    return None


def _check_score_effect(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    after = step.after
    assert after is not None
    totals = compute_totals(step.before)
    if after.scores != totals:
        return f"the new round must start from scores {list(totals)} (old scores plus pile bullheads)"
    return None


def _check_round_effect(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    before, after, move = step.before, step.after, step.move
    assert after is not None and isinstance(move, Deal)
    if any(after.piles) or after.round != before.round + 1:
        return "a new round empties the piles and counts one more round"
    everything = deck_cards(step.variant, before.players)
    if after.deck != tuple(c for c in everything if c != move.card) or after.dealt != 1:
        return "a new round reshuffles every card into the deck before dealing"
    return None


def _check_end_effect(step: Step[Take5Variant, Take5State, Take5Move]) -> str | None:
    after = step.after
    assert after is not None
    variant = step.variant
    reached = is_end_reached(variant, compute_totals(after))
    if variant.end_check == "round":
        should_end = reached and is_round_over(after._replace(finished=False))
    else:
        should_end = reached
    if after.finished == should_end:
        return None
    totals = list(compute_totals(after))
    if should_end:
        return f"the game must end: totals {totals} meet '{variant.end_rule} {variant.threshold}'"
    return f"the game must go on: totals {totals}, end rule '{variant.end_rule} {variant.threshold}' checked per {variant.end_check}"


def _check_winners(step: Step[Take5Variant, Take5State, object]) -> str | None:
    expected = compute_winners(step.before)
    if step.move == expected:
        return None
    return f"the winners must be seats {sorted(expected)} (totals {list(compute_totals(step.before))}), not {step.move!r}"


def _is_select(step: Step[Take5Variant, Take5State, Take5Move]) -> bool:
    return isinstance(step.move, Select) and step.actor >= 0 and not step.before.resolving


def _is_deal(step: Step[Take5Variant, Take5State, Take5Move]) -> bool:
    return step.actor == CHANCE


RULES: tuple[Rule, ...] = (
    Rule(
        "T5-SETUP-1", "Player count",
        "Take 5 is played by two to ten players.",
        _src(SEC_PLAYERS), RuleKind.LEGALITY, _check_players,
    ),
    Rule(
        "T5-DEAL-1", "Deal from the deck",
        "Chance deals only cards that belong to the game's deck and have not been dealt yet "
        "(standard deck 1–104; the tactical deck 1 to 10 per player plus 4).",
        _src(SEC_CARDS), RuleKind.LEGALITY, _check_deal_card, _is_deal, flags=("deck",),
    ),
    Rule(
        "T5-DEAL-2", "Deal order",
        "Each round deals ten cards to every player, then one face-up card to start each of the four rows.",
        _src(SEC_CARDS), RuleKind.EFFECT, _check_deal_effect, _is_deal,
    ),
    Rule(
        "T5-DEAL-3", "Undealt cards set aside",
        "The cards left over after the deal are set aside for the round: no player's move takes, adds or reorders "
        "an undealt card; only the next round's deal uses them again.",
        _src(SEC_CARDS), RuleKind.EFFECT, _check_deck_set_aside, lambda step: step.actor != CHANCE,
    ),
    Rule(
        "T5-TURN-1", "Everyone chooses once",
        "While cards are being chosen, every player with cards picks exactly one card per turn; "
        "chance acts only to deal, and nobody acts once the game is over.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_turn,
        lambda step: not step.before.resolving,
    ),
    Rule(
        "T5-ORDER-1", "Lowest card first",
        "Once all chosen cards are revealed they are resolved in ascending order: "
        "the owner of the lowest unresolved card acts next.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_turn,
        lambda step: step.before.resolving,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "T5-PHASE-1", "Choose, then resolve",
        "A turn has two phases: first everyone chooses a card face down, then the revealed cards are placed; "
        "a card can be chosen only in the first phase and placed or used to take a row only in the second.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_move_kind,
    ),
    Rule(
        "T5-SELECT-1", "Choose from the hand",
        "The card a player chooses must come from their own hand.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_select_in_hand, _is_select,
        moves=(Select,),
    ),
    Rule(
        "T5-SELECT-2", "Chosen face down",
        "A chosen card leaves the hand and lies face down until every player has chosen; "
        "then all are revealed together and resolution begins.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_select_effect, _is_select,
    ),
    Rule(
        "T5-PLACE-1", "Rows ascend",
        "A card is added after the last card of a row only if it is higher than that card.",
        _src(SEC_ADD), RuleKind.LEGALITY, _check_ascending, _is_right_placement, moves=(Place,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "T5-PLACE-2", "Nearest row",
        "When a card fits several rows it goes to the row whose end is closest in value "
        "(the text's example: 23 goes after 20, not after 12).",
        _src(SEC_ADD), RuleKind.LEGALITY, _check_nearest,
        lambda step: isinstance(step.move, Place) and step.actor >= 0, flags=("professional",), moves=(Place,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "T5-PLACE-3", "Left end (professional)",
        "Only in the professional variant may a card be placed before the first card of a row, "
        "and only if it is lower than that card.",
        _src(SEC_ADD, "RULES-NOTES.md §Take 5 row 5: the publisher's professional variant"),
        RuleKind.LEGALITY, _check_left_end, _is_left_placement, flags=("professional",), moves=(Place,),
    ),
    Rule(
        "T5-PLACE-4", "Card joins the row",
        "A placed card joins its row at the chosen end; no pile changes.",
        _src(SEC_ADD), RuleKind.EFFECT, _check_place_effect,
        lambda step: isinstance(step.move, Place) and step.actor >= 0
        and _row_exists(step) and len(step.before.rows[step.move.row]) < step.variant.row_capacity,
    ),
    Rule(
        "T5-SIX-1", "The sixth card takes the row",
        "A row holds at most five cards: whoever must add a sixth takes the five into their pile "
        "and their card starts the row.",
        _src(SEC_TAKE5), RuleKind.EFFECT, _check_six_effect,
        lambda step: isinstance(step.move, Place) and step.actor >= 0
        and _row_exists(step) and len(step.before.rows[step.move.row]) >= step.variant.row_capacity,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "T5-LOW-1", "A too-low card must take",
        "A card lower than every row end cannot be placed; its owner must take a row instead.",
        _src(SEC_LOW), RuleKind.LEGALITY, _check_too_low_takes, _resolves_a_too_low_card, flags=("professional",),
        moves=(Place, Take),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "T5-LOW-2", "Take only with a too-low card",
        "A row may be taken by choice only when the card being resolved is too low for every row.",
        _src(SEC_LOW), RuleKind.LEGALITY, _check_take_only_low, _is_take, moves=(Take,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "T5-LOW-3", "Which row is taken",
        "The owner of a too-low card chooses the row, when that card resolves. "
        "With automatic choice the row with the fewest bullheads is taken, then the shortest, then the lowest-numbered. "
        "A house rule may order the rows by keys (fewest bullheads, fewest cards, lowest row): the owner then "
        "chooses among the rows that come first.",
        _src(SEC_LOW, "RULES-NOTES.md §Take 5 row 4"), RuleKind.LEGALITY, _check_low_row(LowCardRows()), _is_take,
        flags=("row_choice", "low_row_keys"), moves=(Take,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "T5-LOW-4", "Taking a row",
        "The taken row's cards go to the owner's pile and the low card starts that row.",
        _src(SEC_LOW), RuleKind.EFFECT, _check_low_effect,
        lambda step: isinstance(step.move, Take) and step.actor >= 0,
    ),
    Rule(
        "T5-TURN-2", "A turn ends when all cards are resolved",
        "Resolution goes on while revealed cards remain and ends with the last one; then a new turn of choosing begins.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_turn_cycle, lambda step: step.actor >= 0,
    ),
    Rule(
        "T5-SCORE-1", "Bullheads",
        "Each card carries bullheads: 55 has 7, other multiples of 11 have 5, multiples of 10 have 3, "
        "other multiples of 5 have 2, all others 1 (171 in the deck). A player's round score is the bullheads in their pile.",
        _src(SEC_SCORE, "RULES-NOTES.md §Take 5: the publisher's bullhead values"),
        RuleKind.EFFECT, _check_score_effect,
        lambda step: step.actor == CHANCE and is_round_over(step.before),
    ),
    Rule(
        "T5-ROUND-1", "Rounds",
        "A round ends when every hand is empty; round scores are added, every card is shuffled back and ten are dealt again.",
        _src(SEC_ROUND), RuleKind.EFFECT, _check_round_effect,
        lambda step: step.actor == CHANCE and is_round_over(step.before),
    ),
    Rule(
        "T5-END-1", "End of the game",
        "The game ends when some player's total reaches the threshold (66 or more by default; more than 66 "
        "with end_rule '>'), checked at the end of a round by default or at once with end_check 'immediate'.",
        _src(SEC_END, "RULES-NOTES.md §Take 5 rows 1–2"), RuleKind.EFFECT, _check_end_effect,
        lambda step: step.actor >= 0, flags=("end_rule", "threshold", "end_check"),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "T5-WIN-1", "Lowest total wins",
        "When the game ends, the player with the fewest bullheads in total wins; tied players share the win "
        "(with tie 'draw' a shared lowest total is a draw for the whole table).",
        _src(SEC_WIN, "RULES-NOTES.md §Take 5 row 3"), RuleKind.OUTCOME, _check_winners, flags=("tie",),
        tags=BOUNDARY_TAGS,
    ),
)

AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "T5-AMB-1", "Does the game end at 66 points or only above 66?",
        "Игра заканчивается, как только игрок набирает количество очков более чем 66 баллов.",
        _src(SEC_END),
        (Reading(">=", "66 or more ends the game (publisher)"), Reading(">", "more than 66 ends the game (the text)")),
        ">=", "end_rule", ("T5-END-1",),
    ),
    Ambiguity(
        "T5-AMB-2", "Is the end checked at once or at the end of the round?",
        "Игра заканчивается, как только игрок набирает количество очков…",
        _src(SEC_END),
        (Reading("round", "at the end of the round (publisher)"), Reading("immediate", "as soon as a card is taken (the text)")),
        "round", "end_check", ("T5-END-1",),
    ),
    Ambiguity(
        "T5-AMB-3", "Who wins a tie?",
        "…человек с наименьшим количеством очков побеждает в игре.",
        _src(SEC_WIN),
        (Reading("shared", "every player tied on the lowest score wins (RULES-NOTES default)"),
         Reading("draw", "the text names one winner (\"человек\"), so a shared lowest score is a draw: "
                 "every seat shares the result")),
        "shared", "tie", ("T5-WIN-1",),
    ),
    Ambiguity(
        "T5-AMB-4", "Who chooses the row taken by a too-low card?",
        "…он должен собрать все карты из ряда по своему выбору.",
        _src(SEC_LOW),
        (Reading("player", "the card's owner decides when the card resolves"),
         Reading("auto", "fewest bullheads, then fewest cards, then lowest row")),
        "player", "row_choice", ("T5-LOW-3",),
    ),
    Ambiguity(
        "T5-AMB-5", "Which publisher variants are supported?",
        "Колода Take 5 состоит из 104 карт с рангом от 1 до 104.",
        _src(SEC_CARDS),
        (Reading("standard", "all 104 cards"), Reading("tactical", "only cards 1 to 10·players+4")),
        "standard", "deck", ("T5-DEAL-1",),
    ),
    Ambiguity(
        "T5-AMB-6", "May a card go before a row's first card (professional variant)?",
        "…он должен разместить ее так, чтобы выбранный ряд продолжал увеличиваться в цене.",
        _src(SEC_ADD),
        (Reading(False, "only after the last card"),
         Reading(True, "also before the first card; the nearest end wins and a tie between a left and a right end is the owner's choice")),
        False, "professional", ("T5-PLACE-2", "T5-PLACE-3", "T5-LOW-1"),
    ),
)


def candidate_moves(state: Take5State, actor: int) -> Iterable[Take5Move]:
    """Every syntactically possible move of ``actor``: a superset of the legal ones (a new list each call).

    Chance may deal any card of the game's deck; a seat may choose any card of the deck, place on either
    end of any row or take any row.

    >>> state = Take5State(Take5Variant(deck="tactical"), 3, 1, (), 0, ((),) * 3, ((),) * 4, (0,) * 3, False,
    ...                    ((),) * 3, (0,) * 3, False)
    >>> deals, seat = candidate_moves(state, CHANCE), candidate_moves(state, 0)
    >>> [str(m) for m in deals[:3]], len(deals), [str(m) for m in seat[-3:]], len(seat)
    (['deal 1', 'deal 2', 'deal 3'], 34, ['take 2', 'take 3', 'take 4'], 46)
    """
    universe = deck_cards(state.variant, state.players)
    if actor == CHANCE:
        return [Deal(c) for c in universe]
    seat: list[Take5Move] = [Select(c) for c in universe]
    seat += [Place(r, left) for r in range(state.variant.rows) for left in (False, True)]
    seat += [Take(r) for r in range(state.variant.rows)]
    return seat


def build_spec(
    low_rows: LowCardRows | None = None, *, name: str = "take5", title: str = "Take 5 (6 nimmt!)"
) -> GameSpec[Take5Variant, Take5State, Take5Move]:
    """The Take 5 specification, with T5-LOW-3 decided by ``low_rows``.

    A derived game (a house rule) passes its own :class:`LowCardRows`; the
    other rules are the text's. Without ``low_rows`` this is :data:`SPEC`.

    >>> build_spec(name="take5-house").rule("T5-LOW-3").title
    'Which row is taken'
    """
    rules = RULES
    if low_rows is not None:
        rules = tuple(
            replace(r, text=low_rows.text, check=_check_low_row(low_rows)) if r.id == "T5-LOW-3" else r
            for r in RULES
        )
    return GameSpec(
        name=name,
        title=title,
        rulebook=RULEBOOK,
        variant_type=Take5Variant,
        rules=rules,
        ambiguities=AMBIGUITIES,
        whose_turn=compute_whose_turn,
        candidate_moves=candidate_moves,
        parse_move=parse_move,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
    )


SPEC: GameSpec[Take5Variant, Take5State, Take5Move] = build_spec()
