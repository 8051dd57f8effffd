"""The Ikebana (Hanabi cards) engine.

Independent of the rule predicates in :mod:`ruleproof.spec.ikebana`: it shares
only the data types (state, moves, variant) and the deck list, and computes
scores from its own precomputed table.

>>> state = GAME.new_game(players=3, seed=1)
>>> GAME.legal_moves(state)
(Draw(),)
>>> state = GAME.apply(state, Draw())
>>> GAME.current_player(state), len(GAME.chance_outcomes(state))
(-1, 25)
>>> print(GAME.render_text(GAME.apply(state, Reveal("R1"))).splitlines()[0])
round 1 of 4, start seat 0: seat 0 looks at R1 (keep or refuse)
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, MutableSequence
from typing import Any

from mypy_extensions import mypyc_attr

from ruleproof.model.core import CHANCE, TERMINAL, Game, Outcome
from ruleproof.model.draws import WIDTHS, draws_by_bits
from ruleproof.spec.errors import PlayerCountError
from ruleproof.spec.accel.ikebana import SPEC
from ruleproof.spec.ikebana import (
    BANK_TOTAL,
    CARD_KINDS,
    CARD_VALUES,
    MAX_BOUQUET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RUNS,
    Buy,
    Draw,
    IkebanaMove,
    IkebanaState,
    IkebanaVariant,
    Keep,
    Refuse,
    Reveal,
    deck_cards,
)

_BANK_VALUE = BANK_TOTAL
_VALUE: dict[str, int] = {c: int(c[1]) for c in CARD_KINDS}
_DRAW = Draw()
_KEEP = Keep()
_REFUSE = Refuse()
_KEEP_ONLY: tuple[IkebanaMove, ...] = (_KEEP,)
_KEEP_OR_REFUSE: tuple[IkebanaMove, ...] = (_KEEP, _REFUSE)
_BUY = tuple(Buy(s) for s in range(MAX_PLAYERS))
_REVEAL: dict[str, Reveal] = {c: Reveal(c) for c in CARD_KINDS}
_DEFAULT = IkebanaVariant()
#: The card values, lowest to highest, and the runs of the scoring table with the empty "no run".
_VALUES = CARD_VALUES
_RUNS: tuple[tuple[tuple[int, ...], int], ...] = (((), 0), *sorted(RUNS.items(), key=lambda run: run[1]))


def _table_points(values: tuple[int, ...]) -> int:
    """Best points of a value multiset: at most one run fits in five cards (the largest bouquet), and
    the rest scores value × count for every value present at least twice."""
    counts = [0] * (_VALUES[-1] + 1)
    for v in values:
        counts[v] += 1
    best = 0
    for run, points in _RUNS:
        left = counts[:]
        for v in run:
            left[v] -= 1
        if min(left) < 0:
            continue
        total = points + sum(v * c for v, c in enumerate(left) if c >= 2)
        best = max(best, total)
    return best


#: Combination points of every sorted value tuple of up to the largest bouquet's cards.
_POINTS: dict[tuple[int, ...], int] = {
    values: _table_points(values)
    for size in range(MAX_BOUQUET + 1)
    for values in itertools.combinations_with_replacement(_VALUES, size)
}


class _Tables(dict[IkebanaVariant, tuple[tuple[str, ...], dict[int, int]]]):
    """Per variant (at most 64 kept): its deck and its colour multipliers by the number of colours in a bouquet."""

    def __missing__(self, variant: IkebanaVariant) -> tuple[tuple[str, ...], dict[int, int]]:
        factors = {1: variant.one_colour_multiplier, 2: variant.two_colour_multiplier,
                   variant.bouquet: variant.rainbow_multiplier}
        tables = (deck_cards(variant), factors)
        if len(self) < 64:
            self[variant] = tables
        return tables


_TABLES = _Tables()


def _points(hand: tuple[str, ...]) -> int:
    return _POINTS[tuple(sorted(_VALUE[c] for c in hand))]


def _multiplier(hand: tuple[str, ...], variant: IkebanaVariant = _DEFAULT) -> int:
    if len(hand) != variant.bouquet:
        return 1
    return _TABLES[variant][1].get(len({c[0] for c in hand}), 1)


def _recycle(
    deck: tuple[str, ...], piles: tuple[tuple[str, ...], ...]
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    under = [c for p in piles for c in p[:-1]]
    return tuple(sorted(deck + tuple(under))), tuple(p[-1:] for p in piles)


def _can_draw(deck: tuple[str, ...], piles: tuple[tuple[str, ...], ...]) -> bool:
    if deck:
        return True
    for p in piles:
        if len(p) > 1:
            return True
    return False


def _can_act(deck: tuple[str, ...], piles: tuple[tuple[str, ...], ...], coins: tuple[int, ...], seat: int) -> bool:
    if _can_draw(deck, piles):
        return True
    money = coins[seat]
    return any(s != seat and p and _VALUE[p[-1]] <= money for s, p in enumerate(piles))


def _put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


@functools.lru_cache(maxsize=64)
def _best_score(variant: IkebanaVariant) -> int:
    """The most a bouquet can score under ``variant``: the best combination points of its size times the
    largest colour multiplier (made once per variant: the fast playout asks for its bound every game)."""
    return max(p for values, p in _POINTS.items() if len(values) <= variant.bouquet) * max(
        1, *_TABLES[variant][1].values())


# The fast playout's cards: codes in the order the cards sort (so a deck of codes is sorted as its cards).
_CARDS: tuple[str, ...] = tuple(sorted(CARD_KINDS))
_CODE: dict[str, int] = {card: i for i, card in enumerate(_CARDS)}
_CODE_VALUE: tuple[int, ...] = tuple(_VALUE[c] for c in _CARDS)
#: Each card's share of a bouquet's value code (``8 ** (value - 1)``) and colour code (``8 ** colour``): a
#: bouquet has at most :data:`MAX_BOUQUET` (< 8) cards, so each octal digit counts a value or a colour.
_CODE_VALUES: tuple[int, ...] = tuple(8 ** (_VALUE[c] - 1) for c in _CARDS)
_COLOUR_LETTERS = sorted({c[0] for c in CARD_KINDS})
_CODE_COLOURS: tuple[int, ...] = tuple(8 ** _COLOUR_LETTERS.index(c[0]) for c in _CARDS)
_REVEAL_CODE: tuple[Reveal, ...] = tuple(_REVEAL[c] for c in _CARDS)
#: Combination points by value code (:data:`_POINTS` re-keyed), and the number of colours by colour code.
_POINTS_OF_CODE: list[int] = [0] * 8 ** len(_VALUES)
for _values, _best in _POINTS.items():
    _POINTS_OF_CODE[sum(8 ** (v - 1) for v in _values)] = _best
_COLOURS_OF_CODE: list[int] = [sum(1 for i in range(len(_COLOUR_LETTERS)) if code >> (3 * i) & 7)
                               for code in range(8 ** len(_COLOUR_LETTERS))]
#: Both codes in one int, ``value code + colour code * _VALUE_SPAN`` (the fast playout updates one number a
#: card; below 8 ** 10 = 2 ** 30, one machine digit of a Python int).
_VALUE_SPAN = len(_POINTS_OF_CODE)
_CODE_BOTH: tuple[int, ...] = tuple(v + c * _VALUE_SPAN for v, c in zip(_CODE_VALUES, _CODE_COLOURS))
# The fast playout's phases: the state's three of a turn.
_P_CHOOSE, _P_REVEAL, _P_DECIDE = range(3)
_PHASE_CODE = {"choose": _P_CHOOSE, "reveal": _P_REVEAL, "decide": _P_DECIDE}


class _DeckCodes(dict[IkebanaVariant, tuple[int, ...]]):
    """Per variant (at most 64 kept): its deck as card codes."""

    def __missing__(self, variant: IkebanaVariant) -> tuple[int, ...]:
        codes = tuple(_CODE[c] for c in _TABLES[variant][0])
        if len(self) < 64:
            self[variant] = codes
        return codes


_deck_codes = _DeckCodes().__getitem__

#: What a playout needs of its variant: the deck, the colour multipliers, the deck as codes, the best bouquet.
_VariantTables = tuple[tuple[str, ...], dict[int, int], tuple[int, ...], int]
#: The last variant asked about (by identity) and its tables: a playout asks for them game after game, and
#: looking a variant up by its hash costs about 0.4 µs (a frozen dataclass of fifteen fields), six times a game.
_last_variant: tuple[object, _VariantTables | None] = (None, None)


def _variant_tables(variant: IkebanaVariant) -> _VariantTables:
    """:data:`_TABLES`, :func:`_deck_codes` and :func:`_best_score` of ``variant``, the last one remembered.

    >>> v = IkebanaVariant(start_coins=4)
    >>> _variant_tables(v) is _variant_tables(v), _variant_tables(v)[3] == _best_score(v)
    (True, True)
    """
    global _last_variant
    last, tables = _last_variant
    if last is variant and tables is not None:
        return tables
    deck, factors = _TABLES[variant]
    tables = (deck, factors, _deck_codes(variant), _best_score(variant))
    _last_variant = (variant, tables)
    return tables


class _SeatOrders(dict[int, tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]]):
    """Per player count: each seat's others in seat order, and the seats after it in turn (itself last)."""

    def __missing__(self, players: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        orders = (tuple(tuple(o for o in range(players) if o != s) for s in range(players)),
                  tuple(tuple((s + i) % players for i in range(1, players + 1)) for s in range(players)))
        self[players] = orders
        return orders


_seat_orders = _SeatOrders().__getitem__


def _recycle_codes(deck: list[int], piles: list[list[int]]) -> int:
    """Shuffle back: every pile but its top goes into ``deck``, which is sorted again; returns the
    discards left below the tops (none).

    >>> deck, piles = [4], [[9, 1, 7], [], [3]]
    >>> _recycle_codes(deck, piles), deck, piles
    (0, [1, 4, 9], [[7], [], [3]])
    """
    for p in piles:
        if len(p) > 1:
            deck += p[:-1]
            del p[:-1]
    deck.sort()
    return 0


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # compiled: a Python class (see setup.py)
class IkebanaGame(Game[IkebanaState, IkebanaMove, IkebanaVariant]):
    """Ikebana with Hanabi cards for 2–5 players under any :class:`IkebanaVariant`."""

    spec = SPEC
    state_type = IkebanaState

    def initial_state(self, players: int, variant: IkebanaVariant) -> IkebanaState:
        if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise PlayerCountError(f"Ikebana is for {MIN_PLAYERS}-{MAX_PLAYERS} players; got {players!r}")
        empty: tuple[tuple[str, ...], ...] = ((),) * players
        return IkebanaState(
            variant, players, 1, 0, 0, "choose", _variant_tables(variant)[0], empty, empty, None, 0,
            (variant.start_coins,) * players, 0, (), (), (), (),
        )

    # -- whose turn -----------------------------------------------------------

    def current_player(self, state: IkebanaState) -> int:
        phase = state.phase
        if phase == "reveal":
            return CHANCE
        if phase == "over":
            return TERMINAL
        return state.turn

    # -- moves ------------------------------------------------------------------

    def legal_moves(self, state: IkebanaState) -> tuple[IkebanaMove, ...]:
        phase = state.phase
        if phase == "reveal":
            return tuple(_REVEAL[c] for c in dict.fromkeys(state.deck))
        seat = state.turn
        piles = state.piles
        if phase == "decide":
            money = state.coins[seat]
            affordable = money > state.refusals or (money > 0 and state.variant.partial_refusal)
            if affordable and (state.deck or piles[seat] or _can_draw((), piles)):
                return _KEEP_OR_REFUSE
            return _KEEP_ONLY
        if phase == "over":
            return ()
        money = state.coins[seat]
        # Sorted as moves sort: by kind name (buy before draw), then seat.
        moves: list[IkebanaMove] = [
            _BUY[s] for s, pile in enumerate(piles) if s != seat and pile and _VALUE[pile[-1]] <= money
        ]
        if _can_draw(state.deck, piles):
            moves.append(_DRAW)
        return tuple(moves)

    def chance_outcomes(self, state: IkebanaState) -> tuple[tuple[IkebanaMove, float], ...]:
        if state.phase != "reveal":
            return ()
        total = len(state.deck)
        return tuple((_REVEAL[c], n / total) for c, n in Counter(state.deck).items())

    def is_legal_move(self, state: IkebanaState, move: IkebanaMove) -> bool:
        """The one move checked directly: a revealed card against the deck (no
        list of outcomes), a keep, refusal, draw or purchase against the
        conditions that put it in :meth:`legal_moves`."""
        kind = type(move)
        phase = state.phase
        if kind is Reveal:
            return phase == "reveal" and move.card in state.deck  # type: ignore[union-attr]
        seat = state.turn
        if phase == "decide":
            if kind is Keep:
                return True
            if kind is not Refuse:
                return False
            money = state.coins[seat]
            piles = state.piles
            return (money > state.refusals or (money > 0 and state.variant.partial_refusal)) and bool(
                state.deck or piles[seat] or _can_draw((), piles))
        if phase != "choose":
            return False
        if kind is Draw:
            return _can_draw(state.deck, state.piles)
        if kind is not Buy:
            return False
        owner = move.seat  # type: ignore[union-attr]
        if not isinstance(owner, int) or not 0 <= owner < state.players or owner == seat:
            return False
        pile = state.piles[owner]
        return bool(pile) and _VALUE[pile[-1]] <= state.coins[seat]

    def sample_chance(self, state: IkebanaState, rng: Any) -> IkebanaMove:
        deck = state.deck
        return _REVEAL[deck[rng.randrange(len(deck))]]

    def apply_unchecked(self, state: IkebanaState, move: IkebanaMove) -> IkebanaState:
        kind = type(move)
        if kind is Reveal:
            return self._reveal(state, move.card)  # type: ignore[union-attr]
        if kind is Keep:
            seat = state.turn
            assert state.drawn is not None
            hand = tuple(sorted(state.hands[seat] + (state.drawn,)))
            return self._end_turn(state, _put(state.hands, seat, hand), state.piles, state.coins)
        if kind is Refuse:
            return self._refuse(state)
        if kind is Draw:
            deck, piles = state.deck, state.piles
            if not deck:
                deck, piles = _recycle(deck, piles)
            return IkebanaState(
                state.variant, state.players, state.round, state.start, state.turn, "reveal", deck, state.hands,
                piles, None, 0, state.coins, state.issued, state.last_bouquets, state.last_base, state.last_scores,
                state.last_payouts,
            )
        return self._buy(state, move.seat)  # type: ignore[union-attr]

    def _reveal(self, state: IkebanaState, card: str) -> IkebanaState:
        deck = state.deck
        i = deck.index(card)
        deck = deck[:i] + deck[i + 1 :]
        piles = state.piles
        if not deck and state.variant.recycle == "when_empty":
            deck, piles = _recycle(deck, piles)
        return IkebanaState(
            state.variant, state.players, state.round, state.start, state.turn, "decide", deck, state.hands, piles,
            card, state.refusals, state.coins, state.issued, state.last_bouquets, state.last_base, state.last_scores,
            state.last_payouts,
        )

    def _refuse(self, state: IkebanaState) -> IkebanaState:
        seat, players = state.turn, state.players
        cost = state.refusals + 1
        payee = (seat + 1 + (cost - 1) % (players - 1)) % players
        coins = list(state.coins)
        paid = min(cost, coins[seat])  # short only under partial_refusal
        coins[seat] -= paid
        coins[payee] += paid
        assert state.drawn is not None
        piles = _put(state.piles, seat, state.piles[seat] + (state.drawn,))
        deck = state.deck
        if not deck:
            deck, piles = _recycle(deck, piles)
        return IkebanaState(
            state.variant, state.players, state.round, state.start, seat, "reveal", deck, state.hands, piles, None,
            cost, tuple(coins), state.issued, state.last_bouquets, state.last_base, state.last_scores,
            state.last_payouts,
        )

    def _buy(self, state: IkebanaState, owner: int) -> IkebanaState:
        seat = state.turn
        pile = state.piles[owner]
        card = pile[-1]
        price = _VALUE[card]
        coins = list(state.coins)
        coins[seat] -= price
        coins[owner] += price
        hands = _put(state.hands, seat, tuple(sorted(state.hands[seat] + (card,))))
        return self._end_turn(state, hands, _put(state.piles, owner, pile[:-1]), tuple(coins))

    def _end_turn(
        self,
        state: IkebanaState,
        hands: tuple[tuple[str, ...], ...],
        piles: tuple[tuple[str, ...], ...],
        coins: tuple[int, ...],
    ) -> IkebanaState:
        players, seat, deck = state.players, state.turn, state.deck
        # The next seat still building a bouquet if it can act; under stall="skip"
        # the first such seat that can act.
        nxt = -1
        skip = state.variant.stall == "skip"
        size = state.variant.bouquet
        for i in range(1, players + 1):
            s = (seat + i) % players
            if len(hands[s]) < size:
                if _can_act(deck, piles, coins, s):
                    nxt = s
                    break
                if not skip:
                    break
        if nxt >= 0:
            return IkebanaState(
                state.variant, players, state.round, state.start, nxt, "choose", deck, hands, piles, None, 0,
                coins, state.issued, state.last_bouquets, state.last_base, state.last_scores, state.last_payouts,
            )
        return self._score_round(state, hands, coins)

    def _score_round(
        self, state: IkebanaState, hands: tuple[tuple[str, ...], ...], coins: tuple[int, ...]
    ) -> IkebanaState:
        variant, players = state.variant, state.players
        base = tuple(_points(h) for h in hands)
        scores = tuple(b * _multiplier(h, variant) for b, h in zip(base, hands))
        factor = variant.final_factor if variant.double_final and state.round == variant.rounds else 1
        due = [s * factor for s in scores]
        short = False
        if variant.bank == "finite":
            left = _BANK_VALUE - variant.start_coins * players - state.issued
            short = sum(due) > left
            for i in range(players):
                s = (state.start + i) % players
                due[s] = min(due[s], left)
                left -= due[s]
        payouts = tuple(due)
        coins = tuple(c + p for c, p in zip(coins, payouts))
        issued = state.issued + sum(payouts)
        empty: tuple[tuple[str, ...], ...] = ((),) * players
        deck = _TABLES[variant][0]
        if state.round == variant.rounds or (short and variant.shortfall == "end_game"):
            return IkebanaState(
                variant, players, state.round, state.start, state.start, "over", deck, empty, empty, None, 0,
                coins, issued, hands, base, scores, payouts,
            )
        best = max(scores)
        if variant.start_tie == "lowest_seat":
            start = scores.index(best)
        else:
            start = next(s for s in ((state.start + i) % players for i in range(1, players + 1)) if scores[s] == best)
        return IkebanaState(
            variant, players, state.round + 1, start, start, "choose", deck, empty, empty, None, 0,
            coins, issued, hands, base, scores, payouts,
        )

    # -- the fast playout ---------------------------------------------------------

    #: Flags the fast playout handles; a variant setting any other flag away
    #: from its default (a flag added later) plays through the generic path.
    _FAST_FLAGS = frozenset({"bank", "shortfall", "double_final", "start_tie", "recycle", "stall", "partial_refusal",
                             "values", "start_coins", "rounds", "bouquet", "two_colour_multiplier",
                             "rainbow_multiplier", "one_colour_multiplier", "final_factor"})
    #: Methods whose override (a derived or restricted engine) sends random_playout down the generic path.
    _FAST_METHODS = ("current_player", "legal_moves", "chance_outcomes", "sample_chance", "apply_unchecked",
                     "random_move", "_reveal", "_refuse", "_buy", "_end_turn", "_score_round")

    def _fast_ok(self, variant: IkebanaVariant) -> bool:
        cls = type(self)
        if cls is not IkebanaGame and any(getattr(cls, m) is not getattr(IkebanaGame, m) for m in self._FAST_METHODS):
            return False
        return self._defaults_but(variant, self._FAST_FLAGS)

    def random_playout(self, state: IkebanaState, rng: random.Random,
                       trace: MutableSequence[IkebanaMove] | None = None) -> tuple[IkebanaState, int]:
        """As :meth:`Game.random_playout`, on mutable lists and without legal-move lists.

        The same distribution as the generic path (``tests/model/test_fast_playouts.py``):
        a revealed card is a uniform card of the deck, a turn's start is
        uniform over the affordable purchases and the draw, a drawn card is
        kept or (when the seat may refuse) refused with even odds.

        >>> import random
        >>> final, steps = GAME.random_playout(GAME.initial_state(3, IkebanaVariant()), random.Random(1))
        >>> GAME.is_terminal(final), steps >= 4 * 5 * 3 * 3
        (True, True)
        """
        if not self._fast_ok(state.variant) or not draws_by_bits(rng):
            return super().random_playout(state, rng, trace)
        return self._fast_playout(state, rng, trace)

    def _fast_playout(self, state: IkebanaState, rng: random.Random,
                      trace: MutableSequence[IkebanaMove] | None) -> tuple[IkebanaState, int]:
        """The playout on mutable lists of card codes (:data:`_CARDS` order, the cards' sort order), as
        ``benchmarks/baselines/ikebana.py`` plays: ``under`` counts the discards below the piles' tops
        (whether a card can still be drawn is ``deck or under``), a bouquet is also two codes (sums of
        ``8 ** (value - 1)`` and ``8 ** colour``, kept as one int: :data:`_CODE_BOTH`) scored by two table
        lookups, a turn's reveal and decision follow its draw in one inner loop (the seat's coins a local
        while it refuses; the phase read only where the state may stand mid-turn). ``trace`` (when given)
        receives every move. Every draw is the one the playout on states makes (each written out as
        ``randrange(n)`` makes it, through ``getrandbits``: :mod:`ruleproof.model.draws`; made for a single
        option too): the same game.
        """
        if state.phase == "over":
            return state, 0
        variant, players = state.variant, state.players
        partial, when_empty, skip = variant.partial_refusal, variant.recycle == "when_empty", variant.stall == "skip"
        size = variant.bouquet
        finite = variant.bank == "finite"
        end_short = variant.shortfall == "end_game"
        lowest_tie = variant.start_tie == "lowest_seat"
        deck_names, factors, full_deck, _ = _variant_tables(variant)
        value, both = _CODE_VALUE, _CODE_BOTH
        bits = rng.getrandbits  # every draw as randrange(n) makes it, inline (model/draws.py): the same numbers
        widths = WIDTHS
        bound = self.max_game_length(players, variant)  # a bug fails here instead of looping for ever
        others, following = _seat_orders(players)
        rnd, start, seat, issued, refusals = state.round, state.start, state.turn, state.issued, state.refusals
        phase = _PHASE_CODE[state.phase]
        code = _CODE
        drawn = -1 if state.drawn is None else code[state.drawn]
        deck = list(full_deck) if state.deck == deck_names else [code[c] for c in state.deck]
        hands = [[code[c] for c in h] for h in state.hands]
        piles = [[code[c] for c in p] for p in state.piles]
        under = sum(len(p) - 1 for p in piles if p)  # discards below the piles' tops
        codes = [sum(both[c] for c in h) for h in hands]  # each bouquet's value and colour codes
        coins = list(state.coins)
        steps = 1 if phase == _P_DECIDE else 0  # the pending decision (the loop counts a decision with its card)
        while True:  # a turn: from its start, or (the first) from the phase the state stands in
            if phase == _P_CHOOSE:  # a purchase or the draw
                money = coins[seat]
                buys = [o for o in others[seat] if piles[o] and value[piles[o][-1]] <= money]
                count = len(buys)
                n = count + 1 if deck or under else count
                width = widths[n]
                pick = bits(width)
                while pick >= n:
                    pick = bits(width)
                steps += 1
                if pick < count:
                    owner = buys[pick]
                    if trace is not None:
                        trace.append(_BUY[owner])
                    source = piles[owner]
                    card = source.pop()
                    if source:
                        under -= 1
                    price = value[card]
                    coins[seat] = money - price
                    coins[owner] += price
                else:
                    if trace is not None:
                        trace.append(_DRAW)
                    if not deck:
                        under = _recycle_codes(deck, piles)
                    refusals = 0
                    phase = _P_REVEAL
            if phase != _P_CHOOSE:  # the draw: chance turns up a card, the seat keeps it or refuses it and draws again
                money = coins[seat]  # the seat's coins while it refuses (a refusal pays the others)
                pile = piles[seat]
                while True:
                    if phase == _P_REVEAL:
                        n = len(deck)
                        width = widths[n]
                        pick = bits(width)
                        while pick >= n:
                            pick = bits(width)
                        drawn = deck.pop(pick)
                        steps += 2  # the card turned up, and the decision on it
                        if trace is not None:
                            trace.append(_REVEAL_CODE[drawn])
                        if when_empty and not deck:
                            under = _recycle_codes(deck, piles)
                    else:
                        phase = _P_REVEAL
                    if (money > refusals or (money > 0 and partial)) and (deck or pile or under):
                        coin = bits(2)  # randrange(2): two bits until one is below 2
                        while coin >= 2:
                            coin = bits(2)
                        if coin:
                            if trace is not None:
                                trace.append(_REFUSE)
                            refusals += 1
                            paid = refusals if refusals < money else money
                            money -= paid
                            coins[(seat + 1 + (refusals - 1) % (players - 1)) % players] += paid  # never the seat
                            if pile:
                                under += 1
                            pile.append(drawn)
                            if not deck:
                                under = _recycle_codes(deck, piles)
                            continue
                    if trace is not None:
                        trace.append(_KEEP)
                    break
                coins[seat] = money
                card = drawn
                phase = _P_CHOOSE
            hands[seat].append(card)
            codes[seat] += both[card]
            # the turn is over: the next seat still building that can act, or scoring
            if steps > bound:
                raise RuntimeError(f"ikebana: the fast playout ran past the game's bound of {bound} moves")
            nxt = -1
            for s in following[seat]:
                if len(hands[s]) < size:
                    if deck or under:
                        nxt = s
                        break
                    money = coins[s]
                    if any(piles[o] and value[piles[o][-1]] <= money for o in others[s]):
                        nxt = s
                        break
                    if not skip:
                        break
            if nxt >= 0:
                seat = nxt
                continue
            # the round is over: the bouquets are scored
            base = [_POINTS_OF_CODE[c % _VALUE_SPAN] for c in codes]
            scores = [b * factors.get(_COLOURS_OF_CODE[c // _VALUE_SPAN], 1) if len(h) == size else b
                      for b, c, h in zip(base, codes, hands)]
            factor = variant.final_factor if variant.double_final and rnd == variant.rounds else 1
            due = [s * factor for s in scores] if factor != 1 or finite else scores  # (kept as is: no list)
            short = False
            if finite:
                left = _BANK_VALUE - variant.start_coins * players - issued
                short = sum(due) > left
                for i in range(players):
                    s = (start + i) % players
                    due[s] = min(due[s], left)
                    left -= due[s]
            for s in range(players):
                coins[s] += due[s]
            issued += sum(due)
            if rnd == variant.rounds or (short and end_short):
                names = _CARDS
                empty: tuple[tuple[str, ...], ...] = ((),) * players
                bouquets = tuple(tuple([names[c] for c in sorted(h)]) for h in hands)
                final = IkebanaState(variant, players, rnd, start, start, "over", deck_names, empty, empty,
                                     None, 0, tuple(coins), issued, bouquets, tuple(base), tuple(scores), tuple(due))
                return final, steps
            best = max(scores)
            if lowest_tie:
                start = scores.index(best)
            else:
                for start in following[start]:  # the first after the last start (a plain loop: no generator)
                    if scores[start] == best:
                        break
            rnd += 1
            seat = start
            refusals = 0
            phase = _P_CHOOSE
            deck = list(full_deck)
            hands = [[] for _ in range(players)]
            piles = [[] for _ in range(players)]
            under = 0
            codes = [0] * players

    # -- results ----------------------------------------------------------------

    def outcome(self, state: IkebanaState) -> Outcome:
        best = max(state.coins)
        return Outcome(tuple(float(c) for c in state.coins), frozenset(s for s, c in enumerate(state.coins) if c == best))

    def max_game_length(self, players: int, variant: IkebanaVariant) -> int:
        # Money in play: the starting coins plus every payout. A bouquet scores at
        # most the best combination points (25: five 5s) times the largest colour
        # multiplier, and a payout is multiplied at most once per game (by the final
        # factor). A turn is draw, reveal, (refuse, reveal) × r, keep, and r
        # refusals cost r(r+1)/2 coins, which one player must hold.
        most = _variant_tables(variant)[3]
        money = variant.start_coins * players + variant.rounds * players * most * variant.final_factor
        refusals = math.isqrt(2 * money) + 1
        return variant.rounds * variant.bouquet * players * (3 + 2 * refusals)

    def test_configs(self) -> tuple[tuple[int, IkebanaVariant], ...]:
        v = IkebanaVariant
        return (
            (2, v()), (3, v()), (5, v()),
            (5, v(bank="finite")), (5, v(bank="finite", shortfall="end_game")),
            (4, v(double_final=True)), (3, v(start_tie="lowest_seat")),
            (5, v(recycle="when_empty")), (2, v(stall="skip")),
            (4, v(bank="finite", shortfall="end_game", double_final=True, start_tie="lowest_seat",
                  recycle="when_empty", stall="skip")),
            # the rule numbers as flags: a 20-card deck (4 cards a colour) for five players collecting three
            # cards, 3 coins, 2 rounds, other multipliers, the final round tripled (before the last
            # configuration, which the audit also fuzzes)
            (5, v(values=(1, 2, 3, 4), bouquet=3, start_coins=3, rounds=2, two_colour_multiplier=3,
                  rainbow_multiplier=5, one_colour_multiplier=6, double_final=True, final_factor=3)),
            (3, v(partial_refusal=True)),
        )

    def players_of(self, state: IkebanaState) -> int:
        return state.players

    def variant_of(self, state: IkebanaState) -> IkebanaVariant:
        return state.variant

    # -- hidden information -------------------------------------------------------

    def bank_left(self, state: IkebanaState) -> int | None:
        """What a finite bank still holds (``None`` for an unlimited bank)."""
        if state.variant.bank == "unlimited":
            return None
        return _BANK_VALUE - state.variant.start_coins * state.players - state.issued

    def observation(self, state: IkebanaState, seat: int) -> dict[str, Any]:
        """Own hand and own drawn card; of the others only hand sizes; every pile's top card;
        coins and the last round's revealed bouquets are public."""
        drawn: str | None = None
        if state.drawn is not None:
            drawn = state.drawn if seat == state.turn else "hidden"
        return {
            "seat": seat,
            "players": state.players,
            "round": state.round,
            "start": state.start,
            "turn": state.turn,
            "phase": state.phase,
            "current_player": self.current_player(state),
            "hand": list(state.hands[seat]),
            "hand_sizes": [len(h) for h in state.hands],
            "drawn": drawn,
            "refusals": state.refusals,
            "pile_tops": [p[-1] if p else None for p in state.piles],
            "pile_sizes": [len(p) for p in state.piles],
            "deck_size": len(state.deck),
            "coins": list(state.coins),
            "bank_left": self.bank_left(state),
            "last_bouquets": [list(h) for h in state.last_bouquets],
            "last_scores": list(state.last_scores),
            "last_payouts": list(state.last_payouts),
        }

    def components(self, state: IkebanaState) -> Iterable[tuple[str, str]]:
        for c in state.deck:
            yield c, "deck"
        for s, hand in enumerate(state.hands):
            for c in hand:
                yield c, f"hand {s}"
        for s, pile in enumerate(state.piles):
            for c in pile:
                yield c, f"pile {s}"
        if state.drawn is not None:
            yield state.drawn, f"drawn by {state.turn}"

    def all_components(self, players: int, variant: IkebanaVariant) -> Counter[str]:
        return Counter(_TABLES[variant][0])

    def render_text(self, state: IkebanaState) -> str:
        """The round, whose turn, then one line per seat: hand, discard pile, coins."""
        if state.phase == "over":
            best = max(state.coins)
            winners = ", ".join(f"seat {s}" for s, c in enumerate(state.coins) if c == best)
            head = f"game over after round {state.round}: {winners} won with {best} coins"
        else:
            doing = {
                "choose": f"seat {state.turn} to draw or buy",
                "reveal": f"seat {state.turn} draws (chance turns up a card)",
                "decide": f"seat {state.turn} looks at {state.drawn} (keep or refuse)",
            }[state.phase]
            head = f"round {state.round} of {state.variant.rounds}, start seat {state.start}: {doing}"
        left = self.bank_left(state)
        bank = "unlimited bank" if left is None else f"bank holds {left}"
        lines = [head, f"deck {len(state.deck)} cards; {bank}; bank paid out {state.issued}"]
        if state.refusals:
            lines[-1] += f"; {state.refusals} refusal(s) this turn"
        for s in range(state.players):
            pile = state.piles[s]
            top = f"top {pile[-1]} ({len(pile)})" if pile else "empty"
            lines.append(f"seat {s}: hand {' '.join(state.hands[s]) or '-'} | discards {top} | {state.coins[s]} coins")
        if state.last_bouquets:
            lines.append("last round:")
            for s, hand in enumerate(state.last_bouquets):
                lines.append(
                    f"  seat {s}: {' '.join(hand) or '-'} = {state.last_base[s]} x "
                    f"{_multiplier(hand, state.variant)} = {state.last_scores[s]}, paid {state.last_payouts[s]}"
                )
        return "\n".join(lines)


GAME = IkebanaGame()
