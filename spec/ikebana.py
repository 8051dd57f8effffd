"""Ikebana played with Hanabi cards, as an executable specification.

Source: ``003_cc6896382a889cb1.txt`` (a forum post describing Antoine Bauza's
Ikebana for a Hanabi deck: white instead of black, no multicoloured jokers), with
the facts and defaults of RULES-NOTES.md §Ikebana where the text is silent.

The module follows the text: the cards (§ «Вам понадобится»), the moves, the
state and the setup (§ «Подготовка»), the calculations of play (§ «Как играть»),
of the round's end and of the score, then the rules. Two plain modules beside it
read on their own, and everything in them is re-exported here:
:mod:`ruleproof.spec.ikebana_readings` is what a reading is made of: the numbers
the text fixes (:data:`CONSTANTS`, each with its passage), the variant (every
flag: those numbers within bounds and one per ambiguity) and the ambiguities;
:mod:`ruleproof.spec.ikebana_cards` is the parts' arithmetic (the move classes, a
bouquet's score, piles and payments), from numbers given to it. What exists only
for speed (memories, fast forms of the rules, candidate tables) is in
:mod:`ruleproof.spec.accel.ikebana`.

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

from collections.abc import Iterable, Sequence
from typing import Literal, NamedTuple

from ruleproof.spec.core import BOUNDARY_TAGS, CHANCE, TERMINAL, GameSpec, Rule, RuleKind, Step
from ruleproof.spec.errors import MoveParseError, PlayerCountError
from ruleproof.spec import ikebana_cards
from ruleproof.spec.ikebana_cards import (  # re-exported: the parts and their arithmetic
    BouquetError as BouquetError, BouquetScore as BouquetScore, Buy as Buy, Card as Card, Combination as Combination,
    Draw as Draw, IkebanaMove as IkebanaMove, Keep as Keep, Refuse as Refuse, Reveal as Reveal, Scoring as Scoring,
    can_act as can_act, can_draw as can_draw, card_colour as card_colour, card_value as card_value,
    compute_buyable as compute_buyable, compute_recycled as compute_recycled,
    compute_refusal_payee as compute_refusal_payee,
)
from ruleproof.spec.ikebana_cards import compute_paid_in_order, score_bouquet
from ruleproof.spec.ikebana_readings import (  # re-exported: the text, its numbers, the variant, its open points
    AMBIGUITIES as AMBIGUITIES, BANK_CHIPS as BANK_CHIPS, BANK_TOTAL as BANK_TOTAL, BOUQUET as BOUQUET,
    CARD_KINDS as CARD_KINDS, CARD_VALUES as CARD_VALUES, COLOUR_NAMES as COLOUR_NAMES, COLOURS as COLOURS,
    CONSTANTS as CONSTANTS, COPIES as COPIES, DEFAULT_VARIANT as DEFAULT_VARIANT, FINAL_FACTOR as FINAL_FACTOR,
    FULL_DECK as FULL_DECK, MAX_BOUQUET as MAX_BOUQUET, MAX_CARD_VALUE as MAX_CARD_VALUE,
    MAX_COLOUR_CARDS as MAX_COLOUR_CARDS, MAX_MULTIPLIER as MAX_MULTIPLIER, MAX_PLAYERS as MAX_PLAYERS,
    MAX_ROUNDS as MAX_ROUNDS, MAX_START_COINS as MAX_START_COINS, MIN_PLAYERS as MIN_PLAYERS, ROUNDS as ROUNDS,
    RULEBOOK as RULEBOOK, RUNS as RUNS, SCORING as SCORING, START_COINS as START_COINS, VALUES as VALUES,
    IkebanaVariant as IkebanaVariant,
)
from ruleproof.spec.ikebana_readings import SEC_NEED, SEC_PLAY, SEC_PREP, SEC_ROUND_END, SEC_SCORE
from ruleproof.spec.ikebana_readings import source as _src

# --------------------------------------------------------------------------
# Cards


#: The digit of each card value (a card's text form: only these ASCII digits).
_VALUE_DIGITS = frozenset(str(v) for v in CARD_VALUES)


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
    if len(word) == 2 and word[0] in COLOURS and word[1] in _VALUE_DIGITS:
        return word
    raise MoveParseError(
        f"cannot parse card {text!r}; expected a colour letter (R G Y B W) and a value 1-5, such as 'R1'"
    )


def deck_cards(variant: IkebanaVariant) -> tuple[Card, ...]:
    """Every card of the deck, sorted: each colour has a card of each of the variant's ``values``.

    >>> len(deck_cards(IkebanaVariant())), deck_cards(IkebanaVariant())[:4]
    (50, ('B1', 'B1', 'B1', 'B2'))
    """
    return tuple(sorted(f"{c}{v}" for c in COLOURS for v in variant.values))


# --------------------------------------------------------------------------
# Moves (the classes, plain values, are in :mod:`ruleproof.spec.ikebana_cards`)


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

    :param round: the round being played, from 1 to the variant's ``rounds`` (the last one once the game is over).
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
    """The position before the first turn: all cards in the deck, the starting coins (six) each, seat 0 starts.

    >>> s = initial_state(3, IkebanaVariant())
    >>> len(s.deck), s.coins, s.turn, s.phase
    (50, (6, 6, 6), 0, 'choose')
    """
    check_players(players)
    empty: tuple[tuple[Card, ...], ...] = ((),) * players
    return IkebanaState(
        variant, players, 1, 0, 0, "choose", deck_cards(variant), empty, empty, None, 0,
        (variant.start_coins,) * players, 0, (), (), (), (),
    )


# --------------------------------------------------------------------------
# Pure calculations about play (§ «Как играть»)


def compute_whose_turn(state: IkebanaState) -> int:
    """Who acts: a seat, :data:`CHANCE` (turning up a card) or :data:`TERMINAL`."""
    if state.phase == "over":
        return TERMINAL
    if state.phase == "reveal":
        return CHANCE
    return state.turn


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


def compute_next_turn(
    variant: IkebanaVariant,
    hands: Sequence[Sequence[Card]],
    deck: Sequence[Card],
    piles: Sequence[Sequence[Card]],
    coins: Sequence[int],
    seat: int,
) -> int | None:
    """Who plays after ``seat``'s turn ends, or ``None`` when the round ends.

    The turn goes clockwise to the next player holding fewer than a bouquet's cards
    (``seat`` itself when nobody else needs cards). If that player can neither
    draw nor buy, the ``stall`` flag decides: end the round, or skip to the
    next player who needs cards and can act.
    """
    players = len(hands)
    needing = [s for s in ((seat + i) % players for i in range(1, players + 1)) if len(hands[s]) < variant.bouquet]
    if not needing:
        return None
    if can_act(deck, piles, coins, needing[0]):
        return needing[0]
    if variant.stall == "end_round":
        return None
    return next((s for s in needing[1:] if can_act(deck, piles, coins, s)), None)


# --------------------------------------------------------------------------
# Scoring (§ «Как считаются очки»: the arithmetic of a bouquet is in :mod:`ruleproof.spec.ikebana_cards`)


def scoring_of(variant: IkebanaVariant) -> Scoring:
    """The numbers a bouquet's score depends on under ``variant``: its size, the runs, the multipliers."""
    return Scoring(variant.bouquet, SCORING.runs, variant.one_colour_multiplier, variant.two_colour_multiplier,
                   variant.rainbow_multiplier)


def explain_bouquet(cards: Iterable[str], variant: IkebanaVariant = DEFAULT_VARIANT) -> BouquetScore:
    """Score a bouquet and say why: which combinations, which colour multiplier.

    Cards may be given as text (``"R1"``, ``"w5"``), also as one string
    separated by spaces or commas; the explanation lists them in the given order.

    >>> score = explain_bouquet(["R5", "Y5", "R3", "R4", "W1"])
    >>> [c.name for c, _ in score.combinations], score.multiplier, score.total
    (['two 5s'], 1, 10)
    >>> explain_bouquet("b1 b2 b3 b4 b5").total
    60
    >>> explain_bouquet(["R5", "r5"])
    Traceback (most recent call last):
    ...
    ruleproof.spec.ikebana_cards.BouquetError: the deck has only 1 copy of R5; got 2 in ['R5', 'r5']

    :raises MoveParseError: a card that does not parse.
    :raises BouquetError: more cards than a bouquet has, or more copies than the deck has.
    """
    given = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    parsed = tuple(parse_card(c) for c in given)
    ikebana_cards.check_cards(given, parsed, deck_cards(variant), scoring_of(variant).size)
    return score_bouquet(parsed, scoring_of(variant), COLOUR_NAMES)


def compute_combination_points(values: Iterable[int], variant: IkebanaVariant = DEFAULT_VARIANT) -> int:
    """The points of the best split of a bouquet's values into disjoint combinations, before the colour
    multiplier (n cards of one value score value × n; the runs score the table's points).

    >>> compute_combination_points([3, 3, 3, 2, 2]), compute_combination_points([1, 2, 3, 4, 2])
    (13, 8)
    """
    return ikebana_cards.compute_combination_points(values, scoring_of(variant))


def compute_colour_multiplier(cards: Sequence[Card], variant: IkebanaVariant = DEFAULT_VARIANT) -> int:
    """The multiplier for the colours of a bouquet, over all its cards: exactly two colours ×2, five
    different colours ×3, one colour ×4, otherwise (and for a bouquet left incomplete by a stalled round) ×1.

    >>> compute_colour_multiplier(["R1", "R2", "W3", "W4", "R5"]), compute_colour_multiplier(["R1", "G1", "Y1", "B1", "W1"])
    (2, 3)
    >>> compute_colour_multiplier(["B1", "B2", "B3", "B4", "B5"]), compute_colour_multiplier(["R1", "G1", "Y1", "Y2", "Y3"])
    (4, 1)
    """
    return ikebana_cards.compute_colour_multiplier(cards, scoring_of(variant))


def compute_bouquet_score(cards: Sequence[Card], variant: IkebanaVariant = DEFAULT_VARIANT) -> int:
    """A bouquet's score: best combination points × colour multiplier; more cards than a bouquet holds
    (the variant's ``bouquet``) are refused with :class:`BouquetError`.

    >>> compute_bouquet_score(["R1", "R2", "R3", "R4", "R5"])
    60
    >>> compute_bouquet_score(["R1", "G1", "Y1", "B1", "W1", "R1"])
    Traceback (most recent call last):
    ...
    ruleproof.spec.ikebana_cards.BouquetError: a bouquet has at most 5 cards; got 6: ['R1', 'G1', 'Y1', 'B1', 'W1', 'R1']; remove 1 card
    """
    return ikebana_cards.compute_bouquet_score(cards, scoring_of(variant))


# --------------------------------------------------------------------------
# Payouts and the next round


def bank_capacity(players: int, variant: IkebanaVariant = DEFAULT_VARIANT) -> int:
    """What a finite bank holds at the start: every chip's value minus the starting coins of every player.

    >>> bank_capacity(5), bank_capacity(5, IkebanaVariant(start_coins=10))
    (475, 455)
    """
    return BANK_TOTAL - variant.start_coins * players


def compute_bank_left(variant: IkebanaVariant, players: int, issued: int) -> int | None:
    """What a finite bank still holds; ``None`` for an unlimited bank."""
    return None if variant.bank == "unlimited" else bank_capacity(players, variant) - issued


def compute_due(variant: IkebanaVariant, round_: int, scores: Sequence[int]) -> tuple[int, ...]:
    """What each player is owed for a round: the score, times the final factor (doubled) in the final round under
    ``double_final``."""
    factor = variant.final_factor if variant.double_final and round_ == variant.rounds else 1
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
    return tuple(due) if left is None else compute_paid_in_order(due, start, left)


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


def compute_winners(state: IkebanaState) -> frozenset[int]:
    """The players with the most coins; ties share the win."""
    best = max(state.coins)
    return frozenset(s for s, c in enumerate(state.coins) if c == best)


def compute_money(state: IkebanaState) -> int:
    """The players' coins minus what the bank paid out: always the starting coins of every player."""
    return sum(state.coins) - state.issued


# --------------------------------------------------------------------------
# Rules

_Step = Step[IkebanaVariant, IkebanaState, IkebanaMove]


def _seat_name(actor: int) -> str:
    return {CHANCE: "chance", TERMINAL: "nobody (the game is over)"}.get(actor, f"seat {actor}")


def _in_phase(step: _Step, phase: str, *kinds: type) -> bool:
    return step.before.phase == phase and isinstance(step.move, kinds) and step.actor == compute_whose_turn(step.before)


def _check_players(step: _Step) -> str | None:
    n = step.before.players
    return None if MIN_PLAYERS <= n <= MAX_PLAYERS else f"{n} players; the game is for {MIN_PLAYERS}-{MAX_PLAYERS}"


def _is_fresh(step: _Step) -> bool:
    s = step.before
    return (
        s.round == 1 and s.phase == "choose" and s.deck == deck_cards(step.variant)
        and not any(s.hands) and not any(s.piles) and not s.last_scores
    )


def _check_setup(step: _Step) -> str | None:
    s = step.before
    start = step.variant.start_coins
    if s.coins != (start,) * s.players or s.issued != 0:
        return f"each player starts with {start} coins from the bank; found coins {list(s.coins)}, issued {s.issued}"
    if s.start != 0 or s.turn != 0:
        return f"seat 0 starts the first round; found start {s.start}, turn {s.turn}"
    return None


def _check_turn(step: _Step) -> str | None:
    expected = compute_whose_turn(step.before)
    if step.actor == expected:
        return None
    return f"{_seat_name(step.actor)} acted but it is the turn of {_seat_name(expected)}"


#: The kinds of move each phase allows.
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
    return next((s for s in order if len(mid.hands[s]) < step.variant.bouquet), None)


def _next_can_act(step: _Step) -> bool | None:
    """After a turn-ending move: whether the next player who needs cards can draw or buy (``None``: not a
    turn's end, or nobody needs cards)."""
    first = _first_needing(step) if _is_turn_end(step) else None
    if first is None:
        return None
    mid = _mid(step)
    return can_act(step.before.deck, mid.piles, mid.coins, first)


def _is_normal_pass(step: _Step) -> bool:
    return _next_can_act(step) is True


def _is_stall(step: _Step) -> bool:
    return _next_can_act(step) is False


def _check_next_turn(step: _Step) -> str | None:
    after = step.after
    assert after is not None
    expected = _first_needing(step)
    if (after.turn == expected and after.phase == "choose" and after.round == step.before.round
            and after.refusals == 0 and after.drawn is None):
        return None
    return f"the turn passes clockwise to seat {expected}, the next player with fewer than {step.variant.bouquet} cards"


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
    size = step.variant.bouquet
    complete = all(len(h) == size for h in mid.hands)
    ended = _after_round_ended(step)
    after = step.after
    assert after is not None
    if complete and not ended:
        return f"every player holds {size} cards: the round must end"
    if not complete and ended and not _is_stall(step):
        sizes = [len(h) for h in mid.hands]
        return f"the round goes on while a player holds fewer than {size} cards (hand sizes {sizes})"
    if ended and after.last_bouquets != mid.hands:
        return f"the bouquets {[list(h) for h in mid.hands]} must be revealed"
    return None


def _check_combination_points(step: _Step) -> str | None:
    after = step.after
    assert after is not None
    mid = _mid(step)
    expected = tuple(compute_combination_points([card_value(c) for c in h], step.variant) for h in mid.hands)
    if after.last_base == expected:
        return None
    return f"the bouquets' best combinations are worth {list(expected)}, not {list(after.last_base)}"


def _check_colour_multiplier(step: _Step) -> str | None:
    after = step.after
    assert after is not None
    mid = _mid(step)
    if len(after.last_base) != len(mid.hands):
        return "round scores are missing"
    multipliers = [compute_colour_multiplier(h, step.variant) for h in mid.hands]
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
    return tuple(compute_bouquet_score(h, step.variant) for h in _mid(step).hands)


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
    return s.round == step.variant.rounds or (
        step.variant.shortfall == "end_game" and is_bank_short(step.variant, s.players, s.issued, _due(step))
    )


def _check_new_round(step: _Step) -> str | None:
    s, after = step.before, step.after
    assert after is not None
    if _game_ends(step):
        return None  # IK-END-1
    empty = ((),) * s.players
    deck = deck_cards(step.variant)
    if (after.round != s.round + 1 or after.deck != deck or after.hands != empty or after.piles != empty
            or after.phase != "choose" or after.drawn is not None or after.refusals != 0):
        return f"round {s.round + 1} starts with all {len(deck)} cards shuffled into the deck, empty hands and piles"
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
            why = (f"{s.round} rounds were played" if s.round == step.variant.rounds
                   else "the bank could not pay the round in full")
            return f"the game ends: {why}"
        return f"the game goes on after round {s.round}"
    empty = ((),) * s.players
    if ends and (after.round != s.round or after.deck != deck_cards(step.variant) or after.hands != empty
                 or after.piles != empty):
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
        return f"the finite bank paid out {after.issued}, more than the {bank_capacity(s.players, step.variant)} it held"
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
        "Every player starts with six coins of value 1 taken from the bank (start_coins), the 50 cards (values) are "
        "shuffled into a face-down deck, and seat 0 starts the first round.",
        _src(SEC_PREP, "RULES-NOTES.md §Ikebana row 5: round 1 starts with seat 0"),
        RuleKind.LEGALITY, _check_setup, _is_fresh, flags=("values", "start_coins"),
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
        lambda step: step.before.phase == "reveal" and isinstance(step.move, Reveal), moves=(Reveal,),
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
        lambda step: _in_phase(step, "choose", Draw) or _in_phase(step, "decide", Refuse), moves=(Draw, Refuse),
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
        tags=BOUNDARY_TAGS, moves=(Refuse,),
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
        moves=(Buy,),
    ),
    Rule(
        "IK-BUY-2", "The price is the card's value",
        "A discarded card costs as many coins as its value; a player who cannot pay it (in particular one with "
        "no coins) cannot buy it.",
        _src(SEC_PLAY, "RULES-NOTES.md §Ikebana row 3"), RuleKind.LEGALITY, _check_buy_price,
        lambda step: _in_phase(step, "choose", Buy),
        tags=BOUNDARY_TAGS, moves=(Buy,),
    ),
    Rule(
        "IK-BUY-3", "Buying",
        "The bought card moves to the buyer's hand, its price goes to the owner of the pile, and the turn ends.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_buy_effect, lambda step: _is_turn_end(step) and isinstance(step.move, Buy),
    ),
    Rule(
        "IK-ORDER-1", "Turn order",
        "After a turn the next player clockwise who holds fewer than five cards (bouquet) plays (the same player again if "
        "nobody else needs cards).",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_next_turn, _is_normal_pass,
        tags=BOUNDARY_TAGS, flags=("bouquet",),
    ),
    Rule(
        "IK-STALL-1", "A player who cannot act",
        "If the next player can neither draw nor buy, the round ends at once and the bouquets are scored as they "
        "stand (stall 'end_round'), or that player is skipped and the round ends only when no player who needs "
        "cards can act (stall 'skip'). This cannot happen with the full deck and at most five players.",
        _src(SEC_ROUND_END, "project decision: the text never says what happens when nobody can take a card"),
        RuleKind.EFFECT, _check_stall, _is_stall, flags=("stall", "bouquet"),
    ),
    Rule(
        "IK-ROUND-1", "End of a round",
        "A round ends exactly when every player holds five cards (bouquet); then all bouquets are revealed.",
        _src(SEC_ROUND_END), RuleKind.EFFECT, _check_round_end, _is_turn_end,
        tags=BOUNDARY_TAGS, flags=("bouquet",),
    ),
    Rule(
        "IK-SCORE-1", "Best combinations",
        "Each card counts in at most one combination. n cards of one value (n = 2 to 5) score the value times n; "
        "the runs 1-2-3-4, 2-3-4-5 and 1-2-3-4-5 score 8, 12 and 15. A bouquet scores the best total over every "
        "way of choosing disjoint combinations.",
        _src(SEC_SCORE, "RULES-NOTES.md §Ikebana row 1"), RuleKind.EFFECT, _check_combination_points, _is_round_end,
        flags=("bouquet",),
    ),
    Rule(
        "IK-SCORE-2", "Colour multiplier",
        "The combination points are multiplied according to the colours of all five cards, including cards in "
        "no combination: exactly two colours x2, five different colours x3, one colour x4, otherwise x1 (the "
        "multiplier flags).",
        _src(SEC_SCORE, "RULES-NOTES.md §Ikebana row 2"), RuleKind.EFFECT, _check_colour_multiplier, _is_round_end,
        tags=BOUNDARY_TAGS, flags=("bouquet", "two_colour_multiplier", "rainbow_multiplier", "one_colour_multiplier"),
    ),
    Rule(
        "IK-PAY-1", "Payouts",
        "After scoring, the bank pays every player coins worth the payout; coins move only between the bank and "
        "the players.",
        _src(SEC_SCORE), RuleKind.EFFECT, _check_payout, _is_round_end,
    ),
    Rule(
        "IK-PAY-2", "Amount due",
        "Each player is paid their score; with double_final the payouts of the fourth (last) round are doubled "
        "(final_factor).",
        _src(SEC_SCORE, "RULES-NOTES.md §Ikebana row 7"), RuleKind.EFFECT, _check_amount_due, _is_round_end,
        flags=("double_final", "final_factor", "rounds"),
    ),
    Rule(
        "IK-BANK-1", "A finite bank runs short",
        "With the finite bank (the box's chips, 505 in value, minus the starting coins), a bank that cannot pay "
        "a round in full pays clockwise from the round's start player, each in full while money lasts, then the "
        "remainder, then nothing.",
        _src(SEC_NEED, "RULES-NOTES.md §Ikebana row 6; the shortfall is a project decision"),
        RuleKind.EFFECT, _check_bank_shortfall,
        lambda step: _is_round_end(step) and step.variant.bank == "finite",
        flags=("bank", "shortfall", "start_coins"),
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
        _src(SEC_SCORE), RuleKind.EFFECT, _check_new_round, _is_round_end, flags=("values",),
    ),
    Rule(
        "IK-END-1", "End of the game",
        "The game ends after the fourth round (rounds; with shortfall 'end_game', also after a round the finite bank "
        "could not pay in full).",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_game_end, _is_round_end, flags=("shortfall", "rounds"),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-MONEY-1", "Money is conserved",
        "Coins only move between players and from the bank to players: the players' coins always equal six per "
        "player plus what the bank has paid out; nobody's coins go below zero; a finite bank never pays out more "
        "than it holds.",
        _src(SEC_PREP), RuleKind.EFFECT, _check_money, flags=("bank", "start_coins"),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "IK-WIN-1", "Most coins wins",
        "When the game ends the player with the most coins wins; tied players share the win.",
        _src(SEC_SCORE), RuleKind.OUTCOME, _check_winners,
        tags=BOUNDARY_TAGS,
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
