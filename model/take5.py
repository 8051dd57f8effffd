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
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from functools import partial
from itertools import repeat
from math import ceil, log
from operator import itemgetter
from typing import Any, ClassVar, Final

from mypy_extensions import i64, mypyc_attr

from ruleproof.model.core import CHANCE, TERMINAL, Game, Outcome
from ruleproof.model.draws import BITS_OK, WIDTHS, below
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

# The module's tables are Final: the compiled build (setup.py) reads a Final name from a C global, another
# from the module's dict on every use.

#: The highest card any variant's deck may hold (the ``deck_top`` flag's bound, and above every tactical deck).
_TOP: Final = max(CONSTANTS.constant("deck_top").high or 0,
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
_BULL: Final = tuple(compute_bullheads(c) if c else 0 for c in range(_TOP + 1))
_DEAL: Final = tuple(Deal(c) for c in range(_TOP + 1))
_SELECT: Final = tuple(Select(c) for c in range(_TOP + 1))
_TAKES: Final = tuple(Take(r) for r in range(MAX_ROWS))
#: Every row of a table of n rows, per n.
_ALL_ROWS: Final = tuple(tuple(range(n)) for n in range(MAX_ROWS + 1))
#: Taking any row of a table of n rows, per n.
_TAKE_SETS: Final = tuple(_TAKES[:n] for n in range(MAX_ROWS + 1))
#: The number of rows :meth:`Take5Game.legal_moves`'s unrolled loop is written for (the rulebook's); another
#: count takes the general loop.
_UNROLLED: Final = ROWS
#: The bits below draws a row index of _UNROLLED with.
_ROW_BITS: Final = _UNROLLED.bit_length()
_PLACES: Final = {(r, left): Place(r, left) for r in range(MAX_ROWS) for left in (False, True)}
#: The one option of a card with a single nearest row (no professional variant): a row's end.
_ONE_PLACE: Final = tuple((_PLACES[r, False],) for r in range(MAX_ROWS))


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


def _points(cards: Sequence[int]) -> int:
    """The bullheads of ``cards`` (a row or a pile: a tuple, or the general playout's list; the compiled build
    checks the type it is declared with)."""
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



#: The bits ``randrange(n)`` asks ``getrandbits`` for, by n (:data:`~ruleproof.model.draws.WIDTHS`, past every deck).
_WIDTHS: Final = WIDTHS


def _sample_walks_pool(n: int, k: int) -> bool:
    """Whether ``Random.sample`` of ``k`` from ``n`` walks a pool (CPython's choice for a small population;
    otherwise it keeps a set of the indexes taken).

    >>> _sample_walks_pool(104, 44), _sample_walks_pool(1000, 3)
    (True, False)
    """
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    return n <= setsize


def _sample_by_bits(bits: Callable[[int], int], population: Sequence[int], k: int) -> list[int]:
    """``Random.sample(population, k)`` drawn through ``getrandbits`` as :func:`~ruleproof.model.draws.below` draws: the same list
    from the same generator state (CPython's two ways, a pool for a small population, else a set of the
    indexes taken; :data:`_BITS_OK` checks the equality once).

    >>> _sample_by_bits(random.Random(3).getrandbits, range(104), 44) == random.Random(3).sample(range(104), 44)
    True
    """
    n = len(population)
    result = []
    if _sample_walks_pool(n, k):
        pool = list(population)
        for m in range(n, n - k, -1):
            width = m.bit_length()  # below(bits, m), inline
            j = bits(width)
            while j >= m:
                j = bits(width)
            result.append(pool[j])
            pool[j] = pool[m - 1]
    else:
        selected: set[int] = set()
        for _ in range(k):
            j = below(bits, n)
            while j in selected:
                j = below(bits, n)
            selected.add(j)
            result.append(population[j])
    return result


def _draws_by_bits() -> bool:
    """Whether :func:`~ruleproof.model.draws.below` (checked there: :data:`~ruleproof.model.draws.BITS_OK`) and
    :func:`_sample_by_bits` make this Python's ``random.Random`` draws (its ``sample`` walks as they do)."""
    if not BITS_OK:
        return False
    return all(_sample_by_bits(random.Random(seed).getrandbits, range(n), k) == random.Random(seed).sample(range(n), k)
               for seed, n, k in ((0, 104, 44), (1, 104, 104), (2, 104, 3), (3, 40, 24), (4, 1, 1)))


#: The fast playout draws through getrandbits only when that gives the standard generator's numbers.
_BITS_OK: Final = _draws_by_bits()


def _chain(link: list[int], end: int, n: int) -> tuple[int, ...]:
    """The ``n`` cards of a row ending in ``end``, first to last: ``link[card]`` is the card before ``card``
    in its row (as :meth:`Take5Game._four_row_playout` keeps it).

    Unrolled up to five cards (the rulebook's rows), a loop beyond: a game's end follows a dozen rows.

    >>> link = list(range(-1, 20))  # each card after the one below it
    >>> _chain(link, 12, 1), _chain(link, 12, 3), _chain(link, 12, 5), _chain(link, 12, 7)
    ((12,), (10, 11, 12), (8, 9, 10, 11, 12), (6, 7, 8, 9, 10, 11, 12))
    """
    if n == 1:
        return (end,)
    b = link[end]
    if n == 2:
        return (b, end)
    c = link[b]
    if n == 3:
        return (c, b, end)
    d = link[c]
    if n == 4:
        return (d, c, b, end)
    e = link[d]
    if n == 5:
        return (e, d, c, b, end)
    cards = [end, b, c, d, e]
    for _ in range(n - 5):
        e = link[e]
        cards.append(e)
    cards.reverse()
    return tuple(cards)


#: What the fast playouts append their moves to: any mutable sequence, so that in the compiled build a list
#: subclass's own ``append`` and ``extend`` are called (on a value typed ``list`` mypyc calls list's own,
#: and a trace that stops the playout, as the tests' probes do, would not stop it).
_Trace = MutableSequence[Take5Move]


def _trace_round(trace: _Trace, rows: tuple[tuple[int, ...], ...], turns: list[list[int]],
                 owner: list[int], lows: list[int], stop: int, deals: Iterable[int], chose_first: bool) -> None:
    """Append a round's moves, as recorded by :meth:`Take5Game._four_row_playout`, to ``trace``: the
    ``deals``, then each turn's choices in seat order (the first turn's only with ``chose_first``) and
    its placements from ``rows`` (a card after the nearest row end below it, a too-low card taking the
    next row of ``lows``), the last turn's up to its card at ``stop`` when ``stop`` ≥ 0.

    Written apart from the playout's own record of the rows (the tests replay the trace through the checked
    engine to the final state, which that record makes).

    >>> trace, owner = [], [0] * 41
    >>> owner[5] = 1
    >>> _trace_round(trace, ((10,), (20,), (30,), (40,)), [[5, 25]], owner, [2], -1, [], True)
    >>> trace
    [Select(card=25), Select(card=5), Take(row=2), Place(row=1, left=False)]
    """
    ends = [row[-1] for row in rows]
    low = iter(lows)
    trace.extend([_DEAL[c] for c in deals])
    last = len(turns) - 1
    for t, picks in enumerate(turns):
        if t or chose_first:
            trace.extend([_SELECT[c] for c in sorted(picks, key=owner.__getitem__)])
        for i, card in enumerate(picks):
            if t == last and 0 <= stop < i:
                break
            nearest = max((end, r) for r, end in enumerate(ends) if end < card) if min(ends) < card else None
            if nearest is None:
                r = next(low)
                trace.append(_TAKES[r])
            else:
                r = nearest[1]
                trace.append(_PLACES[r, False])
            ends[r] = card


#: Whether this module runs compiled (setup.py's mypyc build): its ``__file__`` is then the extension's.
_COMPILED: Final = not __file__.endswith(".py")


def _sorted_front(pool: list[int], count: int, top: int) -> tuple[int, ...]:
    """The first ``count`` cards of ``pool`` (distinct cards of 1 to ``top``), sorted: the undealt deck a deal's
    walk leaves at the front of its pool.

    Compiled, the cards are marked in a table of 1 to ``top`` and read back in order (two native loops, about
    a third of ``list.sort``'s time on the sixty cards of a four-player game); in pure Python such loops cost
    several times a sort in C, so the cards are sorted.

    >>> _sorted_front([7, 2, 9, 4, 1], 3, 9)
    (2, 7, 9)
    """
    if not _COMPILED:
        return tuple(sorted(pool[:count]))
    present = [False] * (top + 1)
    i: i64
    for i in range(count):
        present[pool[i]] = True
    cards = [0] * count
    at: i64 = 0
    c: i64
    for c in range(1, top + 1):
        if present[c]:
            cards[at] = c
            at += 1
    return tuple(cards)


#: The cards 1 to n as a set, by n (the final deck is one of them less the last deal).
_DECK_SETS: dict[int, frozenset[int]] = {}


def _undealt(deck: tuple[int, ...] | list[int], drawn: list[int]) -> tuple[int, ...]:
    """The cards of ``deck`` (sorted, some of the cards 1 to n) less ``drawn``, sorted.

    >>> _undealt((1, 2, 3, 4), [3, 1])
    (2, 4)
    """
    n = len(deck)
    if n and deck[-1] == n:  # the cards 1 to n: their set is made once
        cards = _DECK_SETS.get(n)
        if cards is None:
            cards = _DECK_SETS[n] = frozenset(deck)
    else:
        cards = frozenset(deck)
    return tuple(sorted(cards.difference(drawn)))


def _dealt_hands(drawn: list[int], hand_size: int, players: int, owner: list[int]) -> list[list[int]]:
    """The hands a round's deal ``drawn`` gives (``hand_size`` cards a seat, in seat order), each card's
    seat written to ``owner``.

    >>> owner = [0] * 10
    >>> _dealt_hands([3, 1, 2, 9], 2, 2, owner), owner[2], owner[9], owner[3]
    ([[3, 1], [2, 9]], 1, 1, 0)
    """
    hands = []
    for s in range(players):
        hand = drawn[s * hand_size:(s + 1) * hand_size]
        for c in hand:
            owner[c] = s
        hands.append(hand)
    return hands


def _dealt_rows(drawn: list[int]) -> tuple[tuple[int, ...], ...]:
    """The four rows a round's deal ``drawn`` starts (its last four cards, after the hands')."""
    return tuple([(c,) for c in drawn[-_UNROLLED:]])


def _final_state(variant: Take5Variant, players: int, rnd: int, rest: tuple[int, ...], dealt: int,
                 hands: list[list[int]], rows: tuple[tuple[int, ...], ...], piles: tuple[tuple[int, ...], ...],
                 takes: list[int], link: list[int], gone: list[int], owner: list[int], scores: list[int],
                 unplaced: list[int]) -> Take5State:
    """The finished state of :meth:`Take5Game._four_row_playout`: the final ``rows``, the ``piles`` at the start
    of the last round's record with the rows its ``takes`` took (each the card that took a row, ``link[card]``
    that row's last card and ``gone[card]`` its length; ``owner[card]`` the seat), the undealt cards ``rest``
    (``dealt`` the cards a round deals), the hands sorted, the ``unplaced`` picks (a game ended inside a turn)
    still chosen."""
    if takes:
        taken = list(piles)  # a pile grows by a few short tuples: concatenated, no list made of each
        for card in takes:
            taken[owner[card]] += _chain(link, link[card], gone[card])
        piles = tuple(taken)
    if unplaced:
        picks = [0] * players
        for card in unplaced:
            picks[owner[card]] = card
        chosen = tuple(picks)
    else:
        chosen = (0,) * players
    # Every hand holds as many cards (all were chosen from at once): the empty hands of a round's end as one tuple.
    held = tuple([tuple(sorted(h)) for h in hands]) if hands[-1] else ((),) * players
    final: Take5State = _new_state(Take5State, (
        variant, players, rnd, rest, dealt, held, rows, chosen, any(chosen), piles, tuple(scores), True,
    ))
    return final


#: What the four-row playout reads off a variant and a player count (see ``Take5Game._four_row_playout``),
#: typed field by field: the compiled build then keeps each as a C value instead of a Python object.
_FourRowSetup = tuple[Take5Variant | None, int, int, int, bool, bool, int, tuple[int, ...], int, int, bool]


#: :func:`ruleproof.model.take5_native.play_rounds`'s signature: the compiled build's four-row loop.
_NativeRecord = Callable[[tuple[tuple[int, ...], ...], list[list[int]], list[int], list[int], int, list[int], bool], None]
_NativePlay = Callable[[random.Random, int, int, int, bool, bool, int, int, tuple[int, ...], list[int], int,
                        _NativeRecord | None],
                       tuple[int, int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
                             tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]]


def _native_play() -> tuple[_NativePlay, int] | None:
    """The compiled build's four-row loop (:mod:`ruleproof.model.take5_native`) with the bound its decks stay
    below, or None: in pure Python (its vecs are slower interpreted than this module's lists), without ``librt``
    (mypy's runtime library, which it needs: the compiled build then plays this module's loop), or when its
    draws are not this Python's."""
    if not _COMPILED:
        return None
    try:
        from ruleproof.model import take5_native
    except ImportError:
        return None
    return (take5_native.play_rounds, take5_native.MAX_BOUND) if take5_native.PAIRS_OK and _BITS_OK else None


#: The compiled build's four-row loop, when it has one (see :meth:`Take5Game._native_four_row`).
_NATIVE: Final = _native_play()


#: The methods the engine's shortcuts stand in for (see :class:`_Shortcuts`), with
#: their own versions; filled once :class:`Take5Game` exists.
_ORIGINALS: dict[str, object] = {}


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # compiled: a Python class (see setup.py)
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


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # compiled: a Python class (see setup.py)
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
        # The cards of the turn being resolved, lowest first, with the index of the next one to place and
        # the state they are for (the one the last transition returned).
        self._order: list[int] = []
        self._order_at = 0
        self._order_state: object = None
        # The last chance outcome sample_chance drew, with its state (legal by construction) and its index in
        # the deck it was drawn from (-1: not known), which is where _deal finds it in the undealt cards.
        self._drawn_state: object = None
        self._drawn_move: object = None
        self._drawn_at = -1
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
        # The last variant and player count the four-row playout ran under, with the numbers it reads off them.
        self._four_row_setup: _FourRowSetup = (None, 0, 0, 0, False, False, 0, (), 0, 0, False)
        # The last initial state made, with its variant and player count (states are immutable: it is reused).
        self._initial: tuple[object, int, Take5State | None] = (None, 0, None)
        # The four-row playout's tables indexed by card (owner, link, gone), kept from game to game (absent while
        # a playout uses them).
        self._by_card = ([0] * (_TOP + 1), [0] * (_TOP + 1), [0] * (_TOP + 1))

    def initial_state(self, players: int, variant: Take5Variant) -> Take5State:
        variant_before, players_before, state = self._initial
        if variant_before is variant and players_before == players and type(players) is int and state is not None:
            return state
        problem = players_problem(variant, players)
        if problem is not None:
            raise PlayerCountError(problem)
        state = Take5State(
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
        self._initial = (variant, players, state)
        return state

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

    #: This class's legal_moves fills Game._cache itself (Game.__init_subclass__ leaves it unwrapped).
    _legal_moves_fills_cache = True

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
        return min([(_points(row), len(row), r) for r, row in enumerate(rows)])[2]  # no lambda: see setup.py

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
        n = len(deck)
        if n and _BITS_OK and type(rng) is random.Random:  # rng.choice(deck)'s draw, without its two Python calls
            bits = rng.getrandbits
            width = _WIDTHS[n]
            j = bits(width)
            while j >= n:
                j = bits(width)
            move = _DEAL[deck[j]]
            self._drawn_at = j
        else:
            move = _DEAL[rng.choice(deck)]  # the same draw as deck[rng.randrange(len(deck))], one call fewer
            self._drawn_at = -1
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
        return self._defaults_but(variant, self._FAST_FLAGS)

    def random_playout(self, state: Take5State, rng: random.Random,
                       trace: _Trace | None = None) -> tuple[Take5State, int]:
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
                      trace: _Trace | None) -> tuple[Take5State, int]:
        """The playout on mutable lists; ``trace`` (when given) receives every move, for tests."""
        if state.finished:
            return state, 0
        variant = state.variant
        if (len(state.rows) == _UNROLLED and not variant.professional and not variant.low_row_keys
                and _BITS_OK and type(rng) is random.Random):
            native = _NATIVE  # (a local: mypyc miscompiles the narrowing of a Final optional tuple)
            if native is not None:
                played = self._native_four_row(state, rng, trace, native)
                if played is not None:
                    return played
            return self._four_row_playout(state, rng, trace)
        return self._general_playout(state, rng, trace)

    def _four_row_numbers(self, variant: Take5Variant, players: int) -> _FourRowSetup:
        """What the four-row playouts read off ``variant`` and ``players`` (kept for the last ones): the hand
        size, the row capacity, whether a too-low card's row is automatic, whether a take may end the game
        at once, the total that ends it, the full deck, the cards of the hands and of a deal, and whether
        ``Random.sample`` deals that deck by walking a pool."""
        setup = self._four_row_setup
        if setup[0] is not variant or setup[1] != players:
            full_deck = self._full_deck(players, variant)
            n_hand = variant.hand_size * players
            setup = self._four_row_setup = (
                variant, players, variant.hand_size, variant.row_capacity, variant.row_choice == "auto",
                variant.end_check == "immediate",
                variant.threshold if variant.end_rule == ">=" else variant.threshold + 1,  # a total this high ends
                full_deck, n_hand, n_hand + _UNROLLED,
                _sample_walks_pool(len(full_deck), n_hand + _UNROLLED))  # the deal of a new round, inlined below
        return setup

    def _native_four_row(self, state: Take5State, rng: random.Random, trace: _Trace | None,
                         native: tuple[_NativePlay, int]) -> tuple[Take5State, int] | None:
        """The four-row playout of ``state`` by ``native``'s loop (:func:`ruleproof.model.take5_native.play_rounds`
        and the bound its decks stay below: the compiled build's loop, the same game as
        :meth:`_four_row_playout`), when ``state`` is at a round's start (before its deal, or after its last
        turn) with the deck whole; otherwise None. ``trace`` (when given) receives every move, as
        :meth:`_four_row_playout` traces them (:func:`_trace_round`, a round at a time).

        The caller has checked what :meth:`_four_row_playout` needs (four rows, no professional variant nor
        ``low_row_keys``, the standard generator).
        """
        variant = state.variant
        players = state.players
        _, _, hand_size, capacity, auto, immediate, goal, full_deck, n_hand, n_deal, walks = self._four_row_numbers(
            variant, players)
        play, bound = native
        if not walks or len(full_deck) >= bound or state.resolving:
            return None
        rnd = state.round
        dealt = state.dealt
        if dealt == 0 and not any(state.piles) and state.deck == full_deck:  # before the round's deal
            scores = list(state.scores)
        elif dealt == n_deal and not state.hands[-1]:  # after the round: the next one starts
            rnd += 1
            scores = [s + _points(p) for s, p in zip(state.scores, state.piles)]
        else:
            return None
        rounds, steps, rest, held, rows, piles, chosen, ends = play(
            rng, players, hand_size, capacity, auto, immediate, goal, len(full_deck), _BULL, scores,
            self.max_game_length(players, variant), None if trace is None else partial(_trace_round, trace))
        final: Take5State = _new_state(Take5State, (
            variant, players, rnd + rounds - 1, rest, n_deal, held, rows, chosen, any(chosen), piles, ends, True,
        ))
        return final, steps

    def _four_row_playout(self, state: Take5State, rng: random.Random,
                          trace: _Trace | None) -> tuple[Take5State, int]:
        """The fast playout of four rows without the professional variant (one nearest row at most) nor
        ``low_row_keys`` (a too-low card takes a uniform row of the four).

        The rows are twelve local ints (each row's end, length and bullheads); the hands hold the cards
        and ``owner`` (indexed by card) the seat holding each, so a turn's picks are one list of ints
        sorted in C and no int is made per card (a tagged ``card << 4 | seat`` is a new object). The rows'
        and piles' cards are kept as links, one store a placed card: ``link[card]`` is the card before it in
        its row (a card that takes a row links to the taken row's last card, ``gone[card]`` is that row's
        length, and the round's ``takes`` list it); the final rows and piles follow the links back
        (:func:`_chain`), without playing the last round again. With ``trace`` given, a round also records
        its picks (one sorted list a turn) and the rows its too-low cards took, and :func:`_trace_round`
        makes its moves at the round's end. Every draw is the one :meth:`_general_playout`
        makes (:func:`~ruleproof.model.draws.below` draws what ``randrange(n)`` draws): the same game.

        What a game costs besides the loop is paid once per game or per round: the numbers read off the
        variant are kept for the last variant and player count; a new round's deal is
        ``Random.sample``'s walk written out, each hand's cards owned as they are drawn, and its pool
        then holds the undealt cards (the final deck, put in order once: :func:`_sorted_front`); the tables
        indexed by card are the engine's own, reused from game to game (every entry read was written in the
        same game).
        """
        variant = state.variant
        players = state.players
        _, _, hand_size, capacity, auto, immediate, goal, full_deck, n_hand, n_deal, walks = self._four_row_numbers(
            variant, players)
        bound = self.max_game_length(players, variant)  # a bug fails here instead of looping for ever
        n_full = len(full_deck)
        widths = _WIDTHS
        bull = _BULL
        bits = rng.getrandbits  # drawn as randrange(n) draws (draws.below): the same numbers
        # The loop's ints, native (unboxed) in the compiled build (annotations only, in pure Python).
        e0: i64
        e1: i64
        e2: i64
        e3: i64
        l0: i64
        l1: i64
        l2: i64
        l3: i64
        p0: i64
        p1: i64
        p2: i64
        p3: i64
        card: i64
        best: i64
        top: i64
        left: i64
        width: i64
        r: i64
        j: i64
        m: i64
        size: i64
        seats = range(players)
        rnd = state.round
        deck: tuple[int, ...] | list[int] = state.deck  # what this round's deal draws from
        drawn: list[int] = []  # what it drew (the final deck is the rest)
        pool: list[int] | None = None  # a new round's deck after its deal: the undealt cards first
        dealt = state.dealt
        tracing = trace is not None
        # owner: the seat holding or having chosen each card of the round; link, gone: the rows (see above).
        # The engine's tables are taken while this playout runs (dict.pop, one step): a playout started
        # meanwhile (from the trace's append, or another thread) makes its own.
        by_card: tuple[list[int], list[int], list[int]] | None = self.__dict__.pop("_by_card", None)
        if by_card is None:
            by_card = ([0] * (_TOP + 1), [0] * (_TOP + 1), [0] * (_TOP + 1))
        owner, link, gone = by_card
        hands = [list(h) for h in state.hands] if dealt else []
        for s, h in enumerate(hands):
            for c in h:
                owner[c] = s
        scores = list(state.scores)  # at the start of the round being played
        totals = [s + _points(p) for s, p in zip(scores, state.piles)] if any(state.piles) else scores[:]
        piles = state.piles  # at the start of the round's first recorded turn
        start_rows: tuple[tuple[int, ...], ...] = ()  # the same (none: the rows the deal made)
        pending: list[int] | None = None  # the turn the state is inside, if any
        chose_first = True  # whether _trace_round traces the first turn's choices (not made before or traced)
        steps = 0
        if dealt == n_deal and not state.resolving and not hands[-1]:  # the round is over: a new deal
            rnd += 1
            scores = totals[:]
            deck = full_deck
            dealt = 0
            piles = ((),) * players
        fresh = dealt == 0
        if not fresh:  # the state is inside a round: finish its deal, or its turn, as the generic loop would
            rows = list(state.rows)
            if dealt < n_deal:
                drawn = _sample_by_bits(bits, deck, n_deal - dealt)
                if trace is not None:
                    trace.extend([_DEAL[c] for c in drawn])
                steps += n_deal - dealt
                for i, card in enumerate(drawn, dealt):
                    if i < n_hand:
                        s = i // hand_size
                        hands[s].append(card)
                        owner[card] = s
                    else:
                        rows[i - n_hand] = (card,)
                dealt = n_deal
            start_rows = tuple(rows)
            for row in start_rows:  # the rows' links (see above)
                for i in range(1, len(row)):
                    link[row[i]] = row[i - 1]
            chosen = state.chosen
            for s, c in enumerate(chosen):
                owner[c] = s  # (card 0, no choice, is never looked up)
            if state.resolving:
                pending = sorted([c for c in chosen if c])
                chose_first = False
            elif any(chosen):  # some seats have chosen: the others choose
                pending = []
                for s in seats:
                    c = chosen[s]
                    if c:
                        pending.append(c)
                    else:
                        hand = hands[s]
                        c = hand.pop(below(bits, len(hand)))
                        pending.append(c)
                        steps += 1
                        if trace is not None:
                            trace.append(_SELECT[c])
                pending.sort()
                chose_first = False
        stop = -1  # the index in its turn of the card whose take ended the game (immediate end)
        while True:  # one round a pass
            if fresh:  # deal the round: a uniform sample of the deck
                if walks and deck is full_deck and trace is None:
                    # _sample_by_bits(bits, deck, n_deal) inline, each hand's cards tagged as they are drawn
                    # (drawn keeps the rows' cards only)
                    pool = list(deck)
                    hands = []
                    size = n_full  # the pool's cards not drawn yet
                    for s in seats:
                        hand = []
                        for m in range(size, size - hand_size, -1):
                            width = widths[m]
                            j = bits(width)
                            while j >= m:
                                j = bits(width)
                            c = pool[j]
                            hand.append(c)
                            owner[c] = s
                            pool[j] = pool[m - 1]
                        hands.append(hand)
                        size -= hand_size
                    drawn = []
                    for m in range(size, size - _UNROLLED, -1):
                        width = widths[m]
                        j = bits(width)
                        while j >= m:
                            j = bits(width)
                        drawn.append(pool[j])
                        pool[j] = pool[m - 1]
                    e0, e1, e2, e3 = drawn
                else:
                    pool = None
                    drawn = _sample_by_bits(bits, deck, n_deal)
                    hands = _dealt_hands(drawn, hand_size, players, owner)
                    e0, e1, e2, e3 = drawn[n_hand:]
                steps += n_deal
                l0 = l1 = l2 = l3 = 1
                p0, p1, p2, p3 = bull[e0], bull[e1], bull[e2], bull[e3]
            else:
                row0, row1, row2, row3 = start_rows
                e0, e1, e2, e3 = row0[-1], row1[-1], row2[-1], row3[-1]
                l0, l1, l2, l3 = len(row0), len(row1), len(row2), len(row3)
                p0, p1, p2, p3 = _points(row0), _points(row1), _points(row2), _points(row3)
            turns: list[list[int]] = []  # this round's turns, each its picks sorted (for the trace)
            lows: list[int] = []  # the rows too-low cards took, in order (for the trace)
            takes: list[int] = []  # the cards that took a row, in order (see above)
            left = len(hands[-1])
            played = left > 0 or pending is not None  # whether the round has a turn to play
            # Every choice and placement of the round counted now (less those a game ending inside it skips).
            steps += 2 * players * left + (len(pending) if pending else 0)
            while True:  # one turn a pass
                if pending is None:
                    if not left:
                        break
                    width = widths[left]  # below(bits, left) for every seat, inline
                    picks = []
                    for h in hands:
                        r = bits(width)
                        while r >= left:
                            r = bits(width)
                        picks.append(h.pop(r))
                    left -= 1
                    picks.sort()
                else:
                    picks, pending = pending, None
                if tracing:
                    turns.append(picks)
                for card in picks:
                    best = -1
                    top = 0
                    if e0 < card:
                        best = 0
                        top = e0
                    if top < e1 < card:
                        best = 1
                        top = e1
                    if top < e2 < card:
                        best = 2
                        top = e2
                    if top < e3 < card:
                        best = 3
                    low = best < 0
                    if low:
                        if auto:  # the fewest bullheads, then the fewest cards, then the first row
                            best = min((p0, l0, 0), (p1, l1, 1), (p2, l2, 2), (p3, l3, 3))[2]
                        else:
                            best = bits(_ROW_BITS)  # below(bits, _UNROLLED), inline
                            while best >= _UNROLLED:
                                best = bits(_ROW_BITS)
                        lows.append(best)
                    if best == 0:
                        if low or l0 >= capacity:
                            totals[owner[card]] += p0
                            takes.append(card)
                            link[card] = e0
                            gone[card] = l0
                            e0, l0, p0 = card, 1, bull[card]
                            if immediate and max(totals) >= goal:
                                break
                        else:
                            link[card] = e0
                            e0 = card
                            l0 += 1
                            p0 += bull[card]
                    elif best == 1:
                        if low or l1 >= capacity:
                            totals[owner[card]] += p1
                            takes.append(card)
                            link[card] = e1
                            gone[card] = l1
                            e1, l1, p1 = card, 1, bull[card]
                            if immediate and max(totals) >= goal:
                                break
                        else:
                            link[card] = e1
                            e1 = card
                            l1 += 1
                            p1 += bull[card]
                    elif best == 2:
                        if low or l2 >= capacity:
                            totals[owner[card]] += p2
                            takes.append(card)
                            link[card] = e2
                            gone[card] = l2
                            e2, l2, p2 = card, 1, bull[card]
                            if immediate and max(totals) >= goal:
                                break
                        else:
                            link[card] = e2
                            e2 = card
                            l2 += 1
                            p2 += bull[card]
                    elif low or l3 >= capacity:
                        totals[owner[card]] += p3
                        takes.append(card)
                        link[card] = e3
                        gone[card] = l3
                        e3, l3, p3 = card, 1, bull[card]
                        if immediate and max(totals) >= goal:
                            break
                    else:
                        link[card] = e3
                        e3 = card
                        l3 += 1
                        p3 += bull[card]
                else:
                    continue
                stop = picks.index(card)  # the game ended at this card's take: the rest of the round is not played
                steps -= 2 * players * left + len(picks) - stop - 1
                break
            if trace is not None:
                _trace_round(trace, _dealt_rows(drawn) if fresh else start_rows,
                             turns, owner, lows, stop, drawn if fresh else (), chose_first)
            if stop >= 0 or (played and not immediate and max(totals) >= goal):
                break
            if steps > bound:
                raise RuntimeError(f"take5: the fast playout ran past the game's bound of {bound} moves")
            rnd += 1  # the round is over: the next deal starts a new one
            scores = totals[:]
            deck = full_deck
            piles = ((),) * players
            fresh = chose_first = True
        if fresh:
            # The walk leaves the undealt cards at the front of its pool.
            rest = _sorted_front(pool, n_full - n_deal, n_full) if pool is not None else _undealt(deck, drawn)
        else:
            rest = _undealt(deck, drawn) if drawn else tuple(deck)
        end_rows = (_chain(link, e0, l0), _chain(link, e1, l1), _chain(link, e2, l2), _chain(link, e3, l3))
        final = _final_state(variant, players, rnd, rest, n_deal, hands, end_rows, piles, takes, link, gone, owner,
                             scores, picks[stop + 1:] if stop >= 0 else [])
        self._by_card = by_card  # given back for the next playout
        return final, steps

    def _general_playout(self, state: Take5State, rng: random.Random,
                         trace: _Trace | None) -> tuple[Take5State, int]:
        """The fast playout of any number of rows and the professional variant, on mutable lists."""
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
        randrange = rng._randbelow  # type: ignore[attr-defined]  # what randrange(n) calls: the same numbers
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
    # descriptor call, and each transition reads most of the twelve fields), from
    # ``state[:]``: a plain tuple unpacks without an iterator, which a tuple
    # subclass needs. They replace an item of a small tuple through a list:
    # fewer objects than slicing and joining.

    def _deal(self, state: Take5State, card: int) -> Take5State:
        variant, players, rnd, deck, dealt, hands, rows, chosen, resolving, piles, scores, _ = state[:]
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
        # The card sample_chance has just drawn for this state sits where it was drawn: ``rest`` holds the
        # same cards as the deck it drew from (this state's, or the full deck when a round starts).
        at = self._drawn_at
        if self._drawn_state is state and at >= 0 and rest[at] == card:
            del rest[at]
        else:
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
        variant, players, rnd, deck, dealt, hands, rows, old, _, piles, scores, _ = state[:]
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
        if resolving:  # the turn's cards in the order they resolve, for _resolve to read the next owner off
            order = sorted(picks)
            self._turn_seat = picks.index(order[0])
            self._order = order
            self._order_at = 1
            self._order_state = after
        else:
            self._turn_seat = picks.index(0)
        return after

    def _resolve(self, state: Take5State, move: Take5Move) -> Take5State:
        variant, players, rnd, deck, dealt, hands, rows, chosen, _, piles, scores, _ = state[:]
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
        # With the turn's order (one card for each of the ``players`` seats) the cards still to place are
        # those after the one just placed.
        order_known = self._order_state is state
        resolving = self._order_at < players if order_known else any(picks)
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
            if order_known:  # the turn's order, from the choice that completed it
                at = self._order_at
                self._turn_seat = picks.index(self._order[at])
                self._order_at = at + 1
                self._order_state = after
            else:
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
