"""The Take 5 engine.

Independent of the rule predicates in :mod:`ruleproof.spec.take5` (it shares
only their data types), tuned for random playouts.

>>> from ruleproof.spec.take5 import Select
>>> state = GAME.new_game(players=2, seed=1)
>>> GAME.legal_moves(state)[:3]
(Select(card=9), Select(card=17), Select(card=18))
>>> print(GAME.render_text(state).splitlines()[1])
row 1: 43
"""

from __future__ import annotations

import random
import sys
from abc import ABCMeta
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterable
from itertools import repeat
from operator import itemgetter
from typing import Any, ClassVar

from ruleproof.model.core import CHANCE, TERMINAL, Game, Outcome
from ruleproof.spec.errors import PlayerCountError
from ruleproof.spec.accel.take5 import SPEC
from ruleproof.spec.take5 import (
    CONSTANTS,
    MAX_ROWS,
    ROWS,
    Deal,
    Place,
    Select,
    Take,
    Take5Move,
    Take5State,
    Take5Variant,
    compute_bullheads,
    players_problem,
)

#: The highest card any variant's deck may hold (the ``deck_top`` flag's bound, and above every tactical deck).
_TOP = max(CONSTANTS.constant("deck_top").high or 0,
           (CONSTANTS.constant("hand_size").high or 0) * CONSTANTS.number("max_players") + MAX_ROWS)


class _Names(dict[int, str]):
    """Card texts (``str(card)``), made on first use (at most 4096 kept; a stray number in a malformed
    state still gets its text)."""

    def __missing__(self, card: int) -> str:
        text = str(card)
        if len(self) < 4096:
            self[card] = text
        return text


_CARD_NAMES = _Names()
_BULL = tuple(compute_bullheads(c) if c else 0 for c in range(_TOP + 1))
_DEAL = tuple(Deal(c) for c in range(_TOP + 1))
_SELECT = tuple(Select(c) for c in range(_TOP + 1))
_TAKES = tuple(Take(r) for r in range(MAX_ROWS))
#: Every row of a table of n rows, per n.
_ALL_ROWS = tuple(tuple(range(n)) for n in range(MAX_ROWS + 1))
#: Taking any row of a table of n rows, per n.
_TAKE_SETS = tuple(_TAKES[:n] for n in range(MAX_ROWS + 1))
#: The number of rows :meth:`Take5Game.legal_moves`'s unrolled loop is written for (the rulebook's); another
#: count takes the general loop.
_UNROLLED = ROWS
_PLACES = {(r, left): Place(r, left) for r in range(MAX_ROWS) for left in (False, True)}
#: The one option of a card with a single nearest row (no professional variant): a row's end.
_ONE_PLACE = tuple((_PLACES[r, False],) for r in range(MAX_ROWS))


def low_rows(rows: Any, keys: tuple[str, ...]) -> tuple[int, ...]:
    """The rows (ascending) that come first when ``rows`` (tuples or lists) are ordered by ``keys``, each fewest
    first (``"bullheads"``, ``"cards"``, ``"row"``): the rows a too-low card may take under ``low_row_keys``."""
    values = []
    for r, row in enumerate(rows):
        value = {"bullheads": _points(row), "cards": len(row), "row": r}
        values.append(tuple([value[k] for k in keys]))
    best = min(values)
    return tuple([r for r, v in enumerate(values) if v == best])


#: Builds a state from a complete field tuple without the NamedTuple's
#: Python-level ``__new__`` (the hot transitions pass every field).
_new_state = tuple.__new__


def _points(cards: tuple[int, ...]) -> int:
    return sum(map(_BULL.__getitem__, cards))


def _takes(rows: tuple[int, ...]) -> tuple[Take, ...]:
    """The moves taking ``rows`` (every row: one shared tuple)."""
    return _TAKE_SETS[len(rows)] if rows == _ALL_ROWS[len(rows)] else tuple([_TAKES[r] for r in rows])


#: Every full deck by its top card (the tactical deck has 10n + 4 cards), shared by all states.
_DECKS: dict[int, tuple[int, ...]] = {}


def _deck(top: int) -> tuple[int, ...]:
    """The cards 1 to ``top`` (one tuple per top, made once)."""
    deck = _DECKS.get(top)
    if deck is None:
        deck = _DECKS[top] = tuple(range(1, top + 1))
    return deck


def _deal_size(variant: Take5Variant, players: int) -> int:
    """The cards one round deals: ``hand_size`` per seat, then one a row."""
    return variant.hand_size * players + variant.rows

#: The methods the engine's shortcuts stand in for (see :class:`_Shortcuts`), with
#: their own versions; filled once :class:`Take5Game` exists.
_ORIGINALS: dict[str, object] = {}


class _Shortcuts(ABCMeta):
    """The metaclass of :class:`Take5Game`: keeps the class attribute ``_plain``
    true exactly while none of the methods in :data:`_ORIGINALS` is replaced.

    ``apply`` and ``legal_moves`` inline the checks and transitions those
    methods make; they read this one flag instead of comparing the methods on
    every call. A derived class, or a test that patches the class
    (``monkeypatch.setattr(Take5Game, "is_legal_move", ...)``), changes a class
    attribute: this metaclass sees it and recomputes the flag of the class
    and of every class derived from it, so the replacement decides.
    """

    _plain: bool

    def __init__(cls, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _refresh(cls)

    def __setattr__(cls, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        if name in _ORIGINALS:
            _refresh(cls)

    def __delattr__(cls, name: str) -> None:
        super().__delattr__(name)
        if name in _ORIGINALS:
            _refresh(cls)


def _refresh(cls: type) -> None:
    todo = [cls]
    while todo:
        c = todo.pop()
        type.__setattr__(c, "_plain", all(getattr(c, n, None) is f for n, f in _ORIGINALS.items()))
        todo.extend(c.__subclasses__())


class Take5Game(Game[Take5State, Take5Move, Take5Variant], metaclass=_Shortcuts):
    """Take 5 for 2–10 players under any :class:`Take5Variant`."""

    spec = SPEC
    state_type = Take5State
    #: Whether the class keeps this module's versions of the methods the
    #: shortcuts of ``apply`` and ``legal_moves`` stand in for (kept by :class:`_Shortcuts`).
    _plain: ClassVar[bool] = True

    def __init__(self) -> None:
        super().__init__()
        # One-entry memo of who acts next, set by the transitions for the
        # state they return (compared by identity; the memo holds a reference,
        # so the identity cannot be reused). A derived engine that replaces a
        # returned state simply misses it. Each memo is a pair of attributes
        # (no tuple to build and index on the hot path).
        self._turn_state: object = None
        self._turn_seat = 0
        # The last chance outcome sample_chance drew, with its state (legal by construction).
        self._drawn_state: object = None
        self._drawn_move: object = None
        # The hand legal_moves offered choices from, with its state: a choice from it is legal.
        self._held_state: object = None
        self._held_hand: tuple[int, ...] = ()
        # The undealt cards of a state the last deal made, as a list the next deal from that state
        # takes over instead of copying the deck again (and the lists of its hands and of the
        # hand being dealt).
        self._rest_state: object = None
        self._rest: list[int] = []
        self._seats: list[tuple[int, ...]] = []
        self._hand: list[int] = []

    def initial_state(self, players: int, variant: Take5Variant) -> Take5State:
        problem = players_problem(variant, players)
        if problem is not None:
            raise PlayerCountError(problem)
        return Take5State(
            variant=variant,
            players=players,
            round=1,
            deck=self._full_deck(players, variant),
            dealt=0,
            hands=((),) * players,
            rows=((),) * variant.rows,
            chosen=(0,) * players,
            resolving=False,
            piles=((),) * players,
            scores=(0,) * players,
            finished=False,
        )

    @staticmethod
    def _full_deck(players: int, variant: Take5Variant) -> tuple[int, ...]:
        return _deck(variant.deck_top if variant.deck == "standard" else _deal_size(variant, players))

    # -- whose turn ---------------------------------------------------------

    def current_player(self, state: Take5State) -> int:
        if self._turn_state is state:
            return self._turn_seat
        if state.finished:
            return TERMINAL
        if state.dealt < _deal_size(state.variant, state.players):
            return CHANCE
        chosen = state.chosen
        if state.resolving:
            seat = chosen.index(min(filter(None, chosen)))
        elif not state.hands[-1]:
            return CHANCE  # the round is over: the next deal starts a new one
        else:
            seat = chosen.index(0)
        self._turn_state = state  # asked again by legal_moves and apply right after
        self._turn_seat = seat
        return seat

    def _round_over(self, state: Take5State) -> bool:
        return state.dealt == _deal_size(state.variant, state.players) and not state.resolving and not state.hands[-1]

    # -- moves ----------------------------------------------------------------

    def legal_moves(self, state: Take5State) -> tuple[Take5Move, ...]:
        # Fills the one-entry cache of Game itself (marked below), saving the wrapper's call.
        cached = self._cache
        if cached[0] is state:
            return cached[1]
        actor = self._turn_seat if self._turn_state is state else self.current_player(state)
        if actor < 0:  # chance or the end (asked of chance, sample_chance answers on the hot path)
            if actor == CHANCE:
                deck = self._full_deck(state.players, state.variant) if self._round_over(state) else state.deck
                moves: tuple[Take5Move, ...] = itemgetter(*deck)(_DEAL) if len(deck) > 1 else (_DEAL[deck[0]],)
            else:
                moves = ()
        elif not state.resolving:
            hand = state.hands[actor]
            # itemgetter builds the tuple in C (a single index gives the item itself)
            moves = itemgetter(*hand)(_SELECT) if len(hand) > 1 else (_SELECT[hand[0]],)
            self._held_state = state
            self._held_hand = hand
        elif not self._plain or state.variant.professional or len(state.rows) != _UNROLLED:
            moves = self._placements(state, actor)
        else:
            # _placements and _nearest inlined, the loop over the four rows unrolled: one
            # nearest row at most, the highest end below the card.
            card = state.chosen[actor]
            r0, r1, r2, r3 = state.rows
            best = -1
            top = r0[-1]
            if top < card:
                best = 0
            else:
                top = 0
            end = r1[-1]
            if top < end < card:
                top = end
                best = 1
            end = r2[-1]
            if top < end < card:
                top = end
                best = 2
            end = r3[-1]
            if top < end < card:
                best = 3
            moves = _ONE_PLACE[best] if best >= 0 else _takes(self.too_low_rows(state))
        self._cache = (state, moves, None, False)
        return moves

    legal_moves._fills_cache = True  # type: ignore[attr-defined]

    def _placements(self, state: Take5State, actor: int) -> tuple[Take5Move, ...]:
        card = state.chosen[actor]
        places = self._nearest(state.variant, state.rows, card)
        if places:
            return places
        return _takes(self.too_low_rows(state))

    def too_low_rows(self, state: Take5State) -> tuple[int, ...]:
        """The rows (0-based, ascending) the owner of the too-low card resolving in ``state`` may take.

        The house-rule hook of the engine (its spec counterpart is
        :class:`ruleproof.spec.take5.LowCardRows`): any row by default, the
        automatic row with ``row_choice="auto"``, the rows first by the keys of
        ``low_row_keys`` (:func:`low_rows`). A derived game overrides it.
        """
        variant = state.variant
        if variant.row_choice == "auto":
            return (self._auto_row(state.rows),)
        if variant.low_row_keys:
            return low_rows(state.rows, variant.low_row_keys)
        return _ALL_ROWS[len(state.rows)]

    @staticmethod
    def _nearest(variant: Take5Variant, rows: tuple[tuple[int, ...], ...], card: int) -> tuple[Place, ...]:
        if not variant.professional:  # one nearest row at most: the highest end below the card
            top = 0
            nearest = -1
            for r, row in enumerate(rows):
                end = row[-1]
                if top < end < card:
                    top = end
                    nearest = r
            return _ONE_PLACE[nearest] if nearest >= 0 else ()
        best_gap = 1000
        best: list[Place] = []
        for r, row in enumerate(rows):
            gap = card - row[-1]
            if 0 < gap <= best_gap:
                if gap < best_gap:
                    best_gap, best = gap, []
                best.append(_PLACES[r, False])
            if variant.professional:
                gap = row[0] - card
                if 0 < gap <= best_gap:
                    if gap < best_gap:
                        best_gap, best = gap, []
                    best.append(_PLACES[r, True])
        return (best[0],) if len(best) == 1 else tuple(sorted(best))

    @staticmethod
    def _auto_row(rows: tuple[tuple[int, ...], ...]) -> int:
        return min(range(len(rows)), key=lambda r: (_points(rows[r]), len(rows[r]), r))

    def is_legal_move(self, state: Take5State, move: Take5Move) -> bool:
        """Direct check of one move (no list of all moves)."""
        kind = type(move)
        if state.finished:
            return False
        dealing = state.dealt < _deal_size(state.variant, state.players)
        if kind is Select:
            if dealing or state.resolving or not state.hands[-1]:
                return False
            return move.card in state.hands[state.chosen.index(0)]  # type: ignore[union-attr]
        if kind is Place or kind is Take:
            if dealing or not state.resolving:
                return False
            cached = self._cache  # the options legal_moves has just made, if any (at most 8)
            if cached[0] is state:
                return move in cached[1]
            return move in self._placements(state, self.current_player(state))
        if kind is Deal:
            if not dealing and (state.resolving or state.hands[-1]):
                return False
            deck = state.deck if dealing else self._full_deck(state.players, state.variant)
            card = move.card  # type: ignore[union-attr]
            i = bisect_left(deck, card)
            return i < len(deck) and deck[i] == card
        return False

    def chance_outcomes(self, state: Take5State) -> tuple[tuple[Take5Move, float], ...]:
        if self.current_player(state) != CHANCE:
            return ()
        moves = self.legal_moves(state)
        p = 1.0 / len(moves)
        return tuple((m, p) for m in moves)

    def sample_chance(self, state: Take5State, rng: random.Random) -> Take5Move:
        deck = state.deck
        if not (self._turn_state is state and self._turn_seat == CHANCE) and (  # not in the middle of a deal
                state.dealt == _deal_size(state.variant, state.players) and self._round_over(state)):
            deck = self._full_deck(state.players, state.variant)
        move = _DEAL[rng.choice(deck)]  # the same draw as deck[rng.randrange(len(deck))], one call fewer
        self._drawn_state = state  # drawn from the deck: apply need not look it up again
        self._drawn_move = move
        return move

    # -- the fast playout ------------------------------------------------------

    #: The variant flags the fast playout knows; another flag away from its
    #: default sends random_playout down the generic path.
    _FAST_FLAGS = frozenset({"end_rule", "threshold", "end_check", "row_choice", "deck", "professional", "tie",
                             "rows", "row_capacity", "hand_size", "deck_top", "low_row_keys"})
    #: Methods whose override (a derived or deliberately broken engine) sends
    #: random_playout down the generic path.
    _FAST_METHODS = ("legal_moves", "_placements", "too_low_rows", "_nearest", "_auto_row", "apply_unchecked",
                     "_deal", "_select", "_resolve", "_end_reached", "current_player", "sample_chance")

    def _fast_ok(self, variant: Take5Variant) -> bool:
        cls = type(self)
        if cls is not Take5Game and any(getattr(cls, m) is not getattr(Take5Game, m) for m in self._FAST_METHODS):
            return False
        default = Take5Variant()
        return all(f in self._FAST_FLAGS or getattr(variant, f) == getattr(default, f)
                   for f in variant.__dataclass_fields__)

    def random_playout(self, state: Take5State, rng: random.Random,
                       trace: list[Take5Move] | None = None) -> tuple[Take5State, int]:
        """As :meth:`Game.random_playout`, without legal-move lists or intermediate states.

        The same distribution as the checked path (``tests/model/test_fast_playouts.py``):
        a deal is a uniform sample of the deck, each seat picks a uniform card
        of its hand, a card with several nearest places (professional) or a
        too-low card takes a uniform one of its options.
        """
        if not self._fast_ok(state.variant):
            return super().random_playout(state, rng, trace)
        return self._fast_playout(state, rng, trace)

    def _fast_playout(self, state: Take5State, rng: random.Random,
                      trace: list[Take5Move] | None) -> tuple[Take5State, int]:
        """The playout on mutable lists; ``trace`` (when given) receives every move, for tests."""
        if state.finished:
            return state, 0
        variant = state.variant
        players = state.players
        hand_size = variant.hand_size
        n_rows = variant.rows
        capacity = variant.row_capacity
        n_hand = hand_size * players
        n_deal = n_hand + n_rows
        professional = variant.professional
        auto = variant.row_choice == "auto"
        keys = () if auto else variant.low_row_keys  # a too-low card takes one of the rows first by these keys
        immediate = variant.end_check == "immediate"
        limit = variant.threshold
        reach = variant.end_rule == ">="
        full_deck = self._full_deck(players, variant)
        bull = _BULL
        randrange = rng.randrange
        steps = 0
        rnd = state.round
        deck: list[int] | tuple[int, ...] = state.deck
        dealt = state.dealt
        hands = [list(h) for h in state.hands]
        rows = [list(r) for r in state.rows]
        chosen = list(state.chosen)
        resolving = state.resolving
        piles = [list(p) for p in state.piles]
        points = [_points(p) for p in state.piles]
        scores = list(state.scores)
        finished = False
        last = hands[-1]
        bound = self.max_game_length(players, variant)  # a bug fails here instead of looping for ever
        while True:
            if steps > bound:
                raise RuntimeError(f"take5: the fast playout ran past the game's bound of {bound} moves")
            if dealt < n_deal:
                # Uniform draws without replacement in deal order: a uniform sample.
                k = n_deal - dealt
                drawn = rng.sample(deck, k)
                if trace is not None:
                    trace.extend(_DEAL[c] for c in drawn)
                steps += k
                rest = set(deck)
                rest.difference_update(drawn)
                deck = sorted(rest)
                for i, card in enumerate(drawn, dealt):
                    if i < n_hand:
                        hands[i // hand_size].append(card)
                    else:
                        rows[i - n_hand] = [card]
                dealt = n_deal
                last = hands[-1]
            if not resolving:
                if not last:  # the round is over: the next deal starts a new one
                    rnd += 1
                    scores = [s + p for s, p in zip(scores, points)]
                    deck = full_deck
                    dealt = 0
                    hands = [[] for _ in range(players)]
                    rows = [[] for _ in range(n_rows)]
                    piles = [[] for _ in range(players)]
                    points = [0] * players
                    continue
                for seat in range(players):
                    if not chosen[seat]:
                        hand = hands[seat]
                        card = hand.pop(randrange(len(hand)))
                        chosen[seat] = card
                        steps += 1
                        if trace is not None:
                            trace.append(_SELECT[card])
                resolving = True
            for card in sorted(c for c in chosen if c):
                seat = chosen.index(card)
                best_gap = 1000
                best: list[tuple[int, bool]] = []
                for r in range(n_rows):
                    row = rows[r]
                    gap = card - row[-1]
                    if 0 < gap <= best_gap:
                        if gap < best_gap:
                            best_gap, best = gap, []
                        best.append((r, False))
                    if professional:
                        gap = row[0] - card
                        if 0 < gap <= best_gap:
                            if gap < best_gap:
                                best_gap, best = gap, []
                            best.append((r, True))
                took = False
                if best:
                    if len(best) > 1:
                        best.sort()
                        r, left = best[randrange(len(best))]
                    else:
                        r, left = best[0]
                    if trace is not None:
                        trace.append(_PLACES[r, left])
                    row = rows[r]
                    if len(row) >= capacity:
                        took = True
                    elif left:
                        row.insert(0, card)
                    else:
                        row.append(card)
                else:
                    if auto:
                        r = self._auto_row(tuple(tuple(x) for x in rows))
                    elif keys:
                        tied = low_rows(rows, keys)
                        r = tied[randrange(len(tied))] if len(tied) > 1 else tied[0]
                    else:
                        r = randrange(n_rows)
                    if trace is not None:
                        trace.append(_TAKES[r])
                    took = True
                if took:
                    row = rows[r]
                    piles[seat].extend(row)
                    points[seat] += sum([bull[c] for c in row])
                    rows[r] = [card]
                chosen[seat] = 0
                steps += 1
                if immediate and took:
                    for score, p in zip(scores, points):
                        total = score + p
                        if total > limit or (reach and total == limit):
                            finished = True
                            break
                    if finished:
                        break
            if finished:
                break
            resolving = False
            if not immediate and not last:
                for score, p in zip(scores, points):
                    total = score + p
                    if total > limit or (reach and total == limit):
                        finished = True
                        break
                if finished:
                    break
        final = Take5State(
            variant, players, rnd, tuple(deck), dealt, tuple(tuple(sorted(h)) for h in hands),
            tuple(tuple(r) for r in rows), tuple(chosen), any(chosen), tuple(tuple(p) for p in piles),
            tuple(scores), True,
        )
        return final, steps

    def apply(self, state: Take5State, move: Take5Move, check: bool = True) -> Take5State:
        """As :meth:`Game.apply`, with the one-move check of a deal or a choice inlined.

        A derived engine (or a test) that replaces :meth:`is_legal_move` or
        :meth:`apply_unchecked` gets the generic path, so its version decides.
        ``check`` may also be passed by position here (a positional default
        costs a call less than a keyword-only one).
        """
        if not self._plain:
            return Game.apply(self, state, move, check=check)
        kind = type(move)
        if kind is Select:
            card: int = move.card  # type: ignore[union-attr]
            if check and not (self._held_state is state and card in self._held_hand) and (
                    state.finished or state.resolving or state.dealt < _deal_size(state.variant, state.players)
                    or not state.hands[-1] or card not in state.hands[state.chosen.index(0)]):
                raise self.illegal_move_error(state, move)
            return self._select(state, card)
        if kind is Deal:
            card = move.card  # type: ignore[union-attr]
            if check and not (self._drawn_state is state and self._drawn_move is move):
                dealing = state.dealt < _deal_size(state.variant, state.players)
                if state.finished or not dealing and (state.resolving or state.hands[-1]):
                    raise self.illegal_move_error(state, move)
                deck = state.deck if dealing else self._full_deck(state.players, state.variant)
                i = bisect_left(deck, card)
                if i == len(deck) or deck[i] != card:
                    raise self.illegal_move_error(state, move)
            return self._deal(state, card)
        if check:
            cached = self._cache  # the options legal_moves has just made for this state, if any
            if cached[0] is state:
                # Found by identity (the options are this module's own move objects): ``in``
                # would compare the move with each option before it through the dataclass ``__eq__``.
                for option in cached[1]:
                    if option is move:
                        return self._resolve(state, move)
            if not self.is_legal_move(state, move):
                raise self.illegal_move_error(state, move)
        return self._resolve(state, move)

    def apply_unchecked(self, state: Take5State, move: Take5Move) -> Take5State:
        kind = type(move)
        if kind is Deal:
            return self._deal(state, move.card)  # type: ignore[union-attr]
        if kind is Select:
            return self._select(state, move.card)  # type: ignore[union-attr]
        return self._resolve(state, move)

    # The transitions unpack the state once (a NamedTuple field read is a
    # descriptor call, and each transition reads most of the twelve fields) and
    # replace an item of a small tuple through a list: fewer objects than
    # slicing and joining.

    def _deal(self, state: Take5State, card: int) -> Take5State:
        variant, players, rnd, deck, dealt, hands, rows, chosen, resolving, piles, scores, _ = state
        hand_size = variant.hand_size
        n_hand = hand_size * players
        n_deal = n_hand + variant.rows
        if dealt == n_deal and not resolving and not hands[-1]:  # the round is over: a new deal
            scores = tuple(s + _points(p) for s, p in zip(scores, piles))
            rnd += 1
            deck = self._full_deck(players, variant)
            dealt = 0
            hands = piles = ((),) * players
            rows = ((),) * variant.rows
            chosen = (0,) * players
            rest = list(deck)
            kept = False
        else:
            # The lists the deal that made this state kept (undealt cards, hands, the hand
            # being dealt): taken over instead of copied again.
            kept = self._rest_state is state
            if kept:
                rest = self._rest
                self._rest_state = None  # taken (they change below)
            else:
                rest = list(deck)
        del rest[bisect_left(rest, card)]
        if dealt < n_hand:
            seat = dealt // hand_size
            if kept:  # the last deal was one to a hand too
                seats = self._seats
                hand = self._hand if dealt % hand_size else []
            else:
                seats = list(hands)
                hand = list(hands[seat])
            insort(hand, card)
            seats[seat] = tuple(hand)
            hands = tuple(seats)
            self._seats = seats
            self._hand = hand
        else:
            lines = list(rows)
            lines[dealt - n_hand] = (card,)
            rows = tuple(lines)
        dealt += 1
        after: Take5State = _new_state(Take5State, (
            variant, players, rnd, tuple(rest), dealt, hands, rows, chosen, False, piles, scores, False,
        ))
        if dealt < n_deal:
            self._turn_state = after  # still dealing
            self._turn_seat = CHANCE
            self._rest_state = after
            self._rest = rest
        return after

    def _select(self, state: Take5State, card: int) -> Take5State:
        variant, players, rnd, deck, dealt, hands, rows, old, _, piles, scores, _ = state
        seat = old.index(0)
        hand = list(hands[seat])
        hand.remove(card)
        seats = list(hands)
        seats[seat] = tuple(hand)
        picks = list(old)
        picks[seat] = card
        resolving = 0 not in picks
        after: Take5State = _new_state(Take5State, (
            variant, players, rnd, deck, dealt, tuple(seats), rows, tuple(picks), resolving, piles, scores, False,
        ))
        # Who acts next (as current_player would say): the next seat to choose, or the lowest card's owner.
        self._turn_state = after
        self._turn_seat = picks.index(min(picks)) if resolving else picks.index(0)
        return after

    def _resolve(self, state: Take5State, move: Take5Move) -> Take5State:
        variant, players, rnd, deck, dealt, hands, rows, chosen, _, piles, scores, _ = state
        if self._turn_state is state:  # the owner of the lowest chosen card, as current_player said
            seat = self._turn_seat
            card = chosen[seat]
        else:
            card = min(filter(None, chosen))
            seat = chosen.index(card)
        r = move.row  # type: ignore[union-attr]
        row = rows[r]
        took = False
        if type(move) is Take or len(row) >= variant.row_capacity:
            taken = list(piles)
            taken[seat] = piles[seat] + row
            piles = tuple(taken)
            new_row: tuple[int, ...] = (card,)
            took = True
        elif move.left:  # type: ignore[union-attr]
            new_row = (card,) + row
        else:
            new_row = row + (card,)
        lines = list(rows)
        lines[r] = new_row
        picks = list(chosen)
        picks[seat] = 0
        resolving = any(picks)
        finished = False
        if variant.end_check == "immediate":
            if took:
                finished = self._end_reached(variant, scores, piles)
        elif not resolving and not hands[-1]:
            finished = self._end_reached(variant, scores, piles)
        after: Take5State = _new_state(Take5State, (
            variant, players, rnd, deck, dealt, hands, tuple(lines), tuple(picks), resolving, piles, scores, finished,
        ))
        if resolving and not finished:  # the next lowest card's owner places it
            self._turn_state = after
            self._turn_seat = picks.index(min(filter(None, picks)))
        return after

    @staticmethod
    def _end_reached(variant: Take5Variant, scores: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> bool:
        limit = variant.threshold
        for score, pile in zip(scores, piles):
            total = score + _points(pile)
            if total > limit or (total == limit and variant.end_rule == ">="):
                return True
        return False

    # -- results ------------------------------------------------------------

    def outcome(self, state: Take5State) -> Outcome:
        totals = tuple(float(s + _points(p)) for s, p in zip(state.scores, state.piles))
        best = min(totals)
        winners = frozenset(s for s, t in enumerate(totals) if t == best)
        if len(winners) > 1 and state.variant.tie == "draw":
            winners = frozenset(range(state.players))  # a shared lowest total is a draw
        return Outcome(totals, winners)

    def max_game_length(self, players: int, variant: Take5Variant) -> int:
        # At a round's end each row holds at most ROW_CAPACITY cards and started with one dealt card, so
        # at least HAND_SIZE·n − ROWS·(ROW_CAPACITY − 1) of the cards played end in piles, each worth at
        # least 1 bullhead. Before the last round no total exceeds the threshold, which bounds the number
        # of rounds; each round takes 3·HAND_SIZE·n + ROWS moves (deal, choose and resolve each card).
        per_round_points = variant.hand_size * players - variant.rows * (variant.row_capacity - 1)
        if per_round_points < 1:  # every card played may stay on the rows: a round may score nothing, no bound
            return sys.maxsize
        rounds = (players * variant.threshold) // per_round_points + 2
        return rounds * (3 * variant.hand_size * players + variant.rows)

    def test_configs(self) -> tuple[tuple[int, Take5Variant], ...]:
        v = Take5Variant
        return (
            (2, v()), (4, v()), (10, v()),
            (3, v(end_rule=">", threshold=30)), (4, v(end_check="immediate", threshold=20)),
            (5, v(row_choice="auto")), (3, v(deck="tactical")), (4, v(professional=True)),
            (6, v(professional=True, deck="tactical", row_choice="auto", end_check="immediate")),
            (3, v(tie="draw", deck="tactical", threshold=10)),
            # the rule constants as flags: three rows of four cards, eight cards a hand, a 60-card deck
            (4, v(rows=3, row_capacity=4, hand_size=8, deck_top=60, threshold=30)),
            (3, v(rows=5, row_capacity=3, professional=True, row_choice="auto", threshold=25)),
            # a too-low card's rows as data: the fewest cards; the fewest bullheads then cards (ties left)
            (4, v(low_row_keys=("cards",), threshold=30)),
            (3, v(low_row_keys=("bullheads", "cards"), professional=True, rows=3, row_capacity=4, threshold=20)),
        )

    def players_of(self, state: Take5State) -> int:
        return state.players

    def variant_of(self, state: Take5State) -> Take5Variant:
        return state.variant

    # -- hidden information ---------------------------------------------------

    def observation(self, state: Take5State, seat: int) -> dict[str, Any]:
        """Own hand and own face-down card; others' choices only once revealed."""
        chosen = state.chosen
        shown: list[int | str | None]
        if state.resolving or state.finished:
            shown = [c if c else None for c in chosen]
        else:
            shown = ["hidden" if c else None for c in chosen]
            if seat >= 0 and chosen[seat]:  # own card (a negative seat names nobody: -1 is not the last seat)
                shown[seat] = chosen[seat]
        return {
            "seat": seat,
            "round": state.round,
            "current_player": self.current_player(state),
            "rows": list(map(list, state.rows)),
            "hand": list(state.hands[seat]),
            "hand_sizes": list(map(len, state.hands)),
            "chosen": shown,
            "piles": list(map(list, state.piles)),
            "scores": list(state.scores),
            "deck_size": len(state.deck),
        }

    def components(self, state: Take5State) -> Iterable[tuple[str, str]]:
        """Every card and where it is: deck, hands, chosen cards, rows, piles.

        >>> state = GAME.new_game(2, seed=0)
        >>> found = list(GAME.components(state))
        >>> len(found), found[0][1], sorted({where for _, where in found})
        (104, 'deck', ['deck', 'hand 0', 'hand 1', 'row 1', 'row 2', 'row 3', 'row 4'])
        """
        names = _CARD_NAMES.__getitem__  # card texts from a table, runs of one place by zip/repeat
        yield from zip(map(names, state.deck), repeat("deck"))
        for s, hand in enumerate(state.hands):
            if hand:
                yield from zip(map(names, hand), repeat(f"hand {s}"))
        for s, c in enumerate(state.chosen):
            if c:
                yield names(c), f"chosen {s}"
        for r, row in enumerate(state.rows):
            if row:
                yield from zip(map(names, row), repeat(f"row {r + 1}"))
        for s, pile in enumerate(state.piles):
            if pile:
                yield from zip(map(names, pile), repeat(f"pile {s}"))

    def all_components(self, players: int, variant: Take5Variant) -> Counter[str]:
        return Counter(str(c) for c in self._full_deck(players, variant))

    def render_text(self, state: Take5State) -> str:
        """Rows, hands and scores, one per line."""
        lines = [f"round {state.round}" + (" (finished)" if state.finished else "")]
        for r, row in enumerate(state.rows):
            lines.append(f"row {r + 1}: " + " ".join(str(c) for c in row))
        for s in range(state.players):
            pending = f" [chose {state.chosen[s]}]" if state.chosen[s] else ""
            lines.append(
                f"seat {s}: hand {' '.join(map(str, state.hands[s])) or '-'}{pending}"
                f" | pile {_points(state.piles[s])} | score {state.scores[s]}"
            )
        return "\n".join(lines)


_ORIGINALS.update((name, getattr(Take5Game, name)) for name in (
    "is_legal_move", "apply_unchecked", "_placements", "_nearest"))
_refresh(Take5Game)

GAME = Take5Game()
