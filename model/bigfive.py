"""The Big Five engine.

Independent of the rule predicates in :mod:`ruleproof.spec.bigfive` (it shares
only their data types and the text picture of a board), tuned for random
playouts: the legal plays are generated per line segment with bit masks of the
cards each empty cell admits, instead of filtering candidates.

>>> state = GAME.new_game(players=2, seed=3)
>>> GAME.current_player(state), len(state.hands[0]), len(state.board)
(0, 5, 1)
>>> moves = GAME.legal_moves(state)
>>> str(moves[0]), str(moves[-1])
('exchange Ly', 'exchange Ey')
>>> from ruleproof.spec.bigfive import make_position
>>> s = make_position("Lp@0,0", ["Gp Zp", "Lb"])
>>> [str(m) for m in GAME.legal_moves(s) if isinstance(m, Play)][:3]
['play Gp@-2,0 Zp@-1,0', 'play Zp@-2,0 Gp@-1,0', 'play Gp@-1,0']
"""

from __future__ import annotations

import itertools
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterable, MutableSequence
from typing import Any

from mypy_extensions import mypyc_attr

from ruleproof.model.bigfive_fast import random_playout as fast_playout
from ruleproof.model.bigfive_index import _Index, check_play, generate_plays
from ruleproof.model.core import CHANCE, TERMINAL, Game, Outcome
from ruleproof.spec.accel.bigfive import SPEC
from ruleproof.spec.bigfive import (
    BONUS_PRESETS,
    FULL_DECK,
    HAND_SIZE,
    KINDS,
    MAX_GROUP,
    MAX_PLAYERS,
    MAX_PLAYERS_USUAL,
    MIN_PLAYERS,
    SOLO_DISCARD,
    SOLO_MIN_GROUP,
    BigFiveMove,
    BigFiveState,
    BigFiveVariant,
    Bonus,
    BonusBlind,
    BonusPile,
    Box,
    Deal,
    Decline,
    Discard,
    Draw,
    Exchange,
    Pass,
    Placed,
    Play,
    BonusTable,
    card_code,
    compute_bonus_table,
    render_board,
)
from ruleproof.spec.errors import IllegalMoveError, PlayerCountError

# The rulebook's numbers, as local names of the hot loops (read from the spec's table of rule constants; the
# ones a variant may change are read from the variant where they can differ).
_HAND = HAND_SIZE
_KINDS = KINDS
#: The whole deck per number of copies of each kind (the variant's ``copies``), shared by every state.
_DECKS: dict[int, tuple[int, ...]] = {}


def _deck(variant: BigFiveVariant) -> tuple[int, ...]:
    """Every card of the game under ``variant`` (sorted): ``copies`` of each kind."""
    deck = _DECKS.get(variant.copies)
    if deck is None:
        deck = _DECKS[variant.copies] = tuple(sorted(c for c in range(_KINDS) for _ in range(variant.copies)))
    return deck
_DEAL = tuple(Deal(c) for c in range(_KINDS))
_DRAW = tuple(Draw(c) for c in range(_KINDS))
_BOX = tuple(Box(c) for c in range(_KINDS))
_BONUS = tuple(Bonus(c) for c in range(_KINDS))
_BONUS_PILE = tuple(BonusPile(c) for c in range(_KINDS))
_PASS = Pass()
_DECLINE = Decline()
_BLIND = BonusBlind()

Cell = tuple[int, int]
#: The bonus table of the last variant asked about (:func:`_table_of`), with that variant.
_LAST_TABLE: list[tuple[object, BonusTable]] = [(None, BONUS_PRESETS["text"])]


def _table_of(variant: BigFiveVariant) -> BonusTable:
    """The variant's bonus table (the spec's :func:`compute_bonus_table`, data only), remembered for the last
    variant object: a game asks with one variant throughout (a pair is swapped in at once)."""
    seen, table = _LAST_TABLE[0]
    if seen is not variant:
        table = compute_bonus_table(variant)
        _LAST_TABLE[0] = (variant, table)
    return table


def _bonus(variant: BigFiveVariant, cells: dict[Cell, int], placed: tuple[Placed, ...]) -> int:
    """Bonus discards earned: ``cells`` is the board before the play."""
    new = {(p.x, p.y) for p in placed}

    def run(x: int, y: int, dx: int, dy: int) -> tuple[int, int]:
        # (line length, longest connected run of old cards): old cards on either
        # side of a played card were separate groups, not one line.
        total, old = 1, 0
        for sign in (-1, 1):
            i = 1
            streak = 0
            while True:
                cell = (x + sign * i * dx, y + sign * i * dy)
                if cell in cells:
                    streak += 1
                    if streak > old:
                        old = streak
                elif cell in new:
                    streak = 0
                else:
                    break
                total += 1
                i += 1
        return total, old

    lines: list[tuple[int, int]] = []
    k = len(placed)
    if k == 1:
        p = placed[0]
        lines.append(run(p.x, p.y, 1, 0))
        lines.append(run(p.x, p.y, 0, 1))
    else:
        horizontal = placed[0].y == placed[1].y
        p = placed[0]
        lines.append(run(p.x, p.y, 1, 0) if horizontal else run(p.x, p.y, 0, 1))
        for p in placed:
            lines.append(run(p.x, p.y, 0, 1) if horizontal else run(p.x, p.y, 1, 0))
    # The bonus table: what a line earns (by its length, or for each length it reaches beyond its longest old
    # run), summed over the lines or the best line's, plus the group's, capped.
    table = _table_of(variant)
    paid = table.lines
    by_length = table.counting == "length"
    total = best = 0
    for length, old in lines:
        if length < 2:
            continue
        value = (paid[length] if length < len(paid) else 0) if by_length else sum(paid[old + 1: length + 1])
        total += value
        if value > best:
            best = value
    if table.per == "play":
        total = best
    if k < len(table.group):
        total += table.group[k]
    if table.cap and total > table.cap:
        total = table.cap
    return total


def _remove_one(items: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = bisect_left(items, card)
    return items[:i] + items[i + 1 :]


def _remove_many(items: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    rest = list(items)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def _insert(items: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = bisect_left(items, card)
    return items[:i] + (card,) + items[i:]


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _top(deck: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return deck[0] if deck else ()



#: The last board's cards as text (``str`` of each placed card), swapped in with the board as one pair:
#: every seat's observation of a state shows the same board.
_LAST_BOARD_TEXT: list[tuple[Any, tuple[str, ...]]] = [(None, ())]


def _board_text(board: tuple[Placed, ...]) -> tuple[str, ...]:
    """``str`` of every card on ``board``, in board order (the last board's remembered).

    >>> _board_text((Placed(0, 0, 24), Placed(1, 0, 19)))
    ('Ep@0,0', 'Cp@1,0')
    """
    owner, text = _LAST_BOARD_TEXT[0]
    if owner is not board:
        text = tuple([str(p) for p in board])
        _LAST_BOARD_TEXT[0] = (board, text)
    return text


def _deck_len(deck: tuple[tuple[int, ...], ...]) -> int:
    n = 0
    for seg in deck:
        n += len(seg)
    return n


def _take(deck: tuple[tuple[int, ...], ...], card: int) -> tuple[tuple[int, ...], ...]:
    top = _remove_one(deck[0], card)
    return ((top,) + deck[1:]) if top else deck[1:]


class _Setup:
    """The setup plan of a round for one (variant, players)."""

    __slots__ = ("sizes", "deal_end", "length", "targets")

    def __init__(self, variant: BigFiveVariant, players: int) -> None:
        if variant.handicap:
            sizes = tuple(variant.handicap)
        elif variant.children:
            sizes = (variant.kids_deal,) * players
        else:
            sizes = ((len(_deck(variant)) - 1) // players,) * players
        self.sizes = sizes
        targets: list[int] = [-1]
        for seat, n in enumerate(sizes):
            targets += [seat] * n
        self.deal_end = len(targets)
        for seat, n in enumerate(sizes):
            targets += [seat] * min(variant.hand_size, n)
        self.targets = tuple(targets)
        self.length = len(targets)


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # compiled: a Python class (see setup.py)
class BigFiveGame(Game[BigFiveState, BigFiveMove, BigFiveVariant]):
    """Big Five for 1–4 players (5 with ``allow_five``) under any :class:`BigFiveVariant`."""

    spec = SPEC
    state_type = BigFiveState

    def __init__(self) -> None:
        super().__init__()
        self._setups: dict[tuple[BigFiveVariant, int], _Setup] = {}
        self._last_setup: tuple[BigFiveVariant, int, _Setup] | None = None
        self._index_key: tuple[Placed, ...] | None = None
        self._index: _Index = _Index(())
        # The board the last play made from the indexed board, and that play:
        # its index is derived incrementally when asked for.
        self._next_board: tuple[tuple[Placed, ...], tuple[Placed, ...]] | None = None
        # While the fast playout runs (and owns the index): update it in place.
        self._live = False

    # -- helpers ----------------------------------------------------------------

    def _setup(self, variant: BigFiveVariant, players: int) -> _Setup:
        last = self._last_setup
        if last is not None and last[0] is variant and last[1] == players:
            return last[2]  # the same variant object: no hashing of the variant
        key = (variant, players)
        got = self._setups.get(key)
        if got is None:
            got = self._setups[key] = _Setup(variant, players)
        self._last_setup = (variant, players, got)
        return got

    def _board_index(self, board: tuple[Placed, ...]) -> _Index:
        if board is not self._index_key:
            following = self._next_board
            if following is not None and following[0] is board:
                if self._live:
                    self._index.advance(following[1])
                else:
                    self._index = self._index.after(following[1])
            else:
                self._index = _Index(board)
            self._index_key = board
            self._next_board = None
        return self._index

    def _in_setup(self, state: BigFiveState) -> bool:
        return not state.round_over and state.dealt < self._setup(state.variant, state.players).length

    def plays(self, state: BigFiveState, seat: int, min_size: int = 1) -> list[tuple[Placed, ...]]:
        """The legal plays of ``seat``'s hand on the board (as placement tuples)."""
        return generate_plays(self._board_index(state.board), state.hands[seat], min_size,
                              max_size=state.variant.max_group)

    # -- the interface ------------------------------------------------------------

    def initial_state(self, players: int, variant: BigFiveVariant) -> BigFiveState:
        top = MAX_PLAYERS if variant.allow_five else MAX_PLAYERS_USUAL
        if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= top:
            raise PlayerCountError(f"Big Five is for {MIN_PLAYERS}–{top} players ({MAX_PLAYERS} with allow_five=true); "
                                   f"got {players!r}")
        if variant.handicap and len(variant.handicap) != players:
            raise PlayerCountError(
                f"the handicap deal {list(variant.handicap)} names {len(variant.handicap)} seats but {players} play"
            )
        deck = _deck(variant)
        dealt = len(deck) - 1  # every card but the start card
        if variant.children and not variant.handicap and variant.kids_deal * players > dealt:
            raise PlayerCountError(f"the children's deal needs {variant.kids_deal * players} cards; only {dealt} can "
                                   "be dealt")
        return BigFiveState(
            variant, players, 1, 0, deck, (), ((),) * players, ((),) * players, (), (),
            0, 0, False, 0, 0, (0,) * players, False, False,
        )

    def current_player(self, state: BigFiveState) -> int:
        if state.finished:
            return TERMINAL
        if state.round_over or state.to_draw or state.boxing:
            return CHANCE
        if state.dealt < self._setup(state.variant, state.players).length:
            return CHANCE
        return state.turn

    def legal_moves(self, state: BigFiveState) -> tuple[BigFiveMove, ...]:
        actor = self.current_player(state)
        if actor == TERMINAL:
            return ()
        if actor == CHANCE:
            return tuple(m for m, _ in self.chance_outcomes(state))
        hand = state.hands[actor]
        solo = state.players == 1
        if state.bonus:
            moves: list[BigFiveMove] = []
            if solo:
                moves += [_BONUS_PILE[c] for c in sorted(set(state.pile))]
            else:
                moves += [_BONUS[c] for c in sorted(set(hand))]
                if state.decks[actor]:
                    moves.append(_BLIND)
            moves.append(_DECLINE)
            return tuple(moves)
        # Moves sort by class name, then fields: Discard < Exchange < Pass < Play.
        variant = state.variant
        plays = generate_plays(self._board_index(state.board), hand, SOLO_MIN_GROUP if solo else variant.min_group,
                               max_size=variant.max_group)
        if solo:
            if not plays:
                return tuple(Discard(g) for g in sorted(set(itertools.combinations(hand, SOLO_DISCARD))))
            if variant.solo_discard == "optional":
                discards = [Discard(g) for g in sorted(set(itertools.combinations(hand, SOLO_DISCARD)))]
                return tuple(discards + [Play(p) for p in plays])
            return tuple(Play(p) for p in plays)
        moves = []
        if state.decks[actor]:
            if variant.exchange == "whole_hand":
                moves.append(Exchange(hand))
            else:
                groups: set[tuple[int, ...]] = set()
                for k in range(1, len(hand) + 1):
                    groups.update(itertools.combinations(hand, k))
                moves += [Exchange(g) for g in sorted(groups)]
        if variant.pass_rule == "always":
            moves.append(_PASS)
        moves += [Play(p) for p in plays]
        if not moves:
            moves.append(_PASS)
        return tuple(moves)

    def _chance_source(self, state: BigFiveState) -> tuple[tuple[int, ...], tuple[BigFiveMove, ...]]:
        if state.round_over:
            return _deck(state.variant), _DEAL
        setup = self._setup(state.variant, state.players)
        if state.dealt < setup.length:
            if state.dealt < setup.deal_end:
                return state.pool, _DEAL
            return _top(state.decks[setup.targets[state.dealt]]), _DRAW
        if state.to_draw:
            return _top(state.decks[state.turn]), _DRAW
        return _top(state.decks[state.turn]), _BOX

    def chance_outcomes(self, state: BigFiveState) -> tuple[tuple[BigFiveMove, float], ...]:
        if self.current_player(state) != CHANCE:
            return ()
        source, table = self._chance_source(state)
        counts = Counter(source)
        total = len(source)
        return tuple((table[c], n / total) for c, n in sorted(counts.items()))

    def sample_chance(self, state: BigFiveState, rng: Any) -> BigFiveMove:
        source, table = self._chance_source(state)
        move: BigFiveMove = table[source[rng.randrange(len(source))]]
        return move

    #: The variant flags the fast playout was written for (each one read by the
    #: code it shares with the checked path, or mirrored in ``Choices``).
    _FAST_FLAGS = frozenset({
        "bonus", "stalemate", "idle_rounds", "allow_five", "children", "handicap", "rounds", "penalty_limit",
        "exchange", "min_group", "bonus_timing", "pass_rule", "solo_discard", "solo_rest",
        "hand_size", "max_group", "copies", "kids_deal",
        "bonus_lines", "bonus_group", "bonus_per", "bonus_cap",  # the bonus table: read by bonus_earned
    })
    #: Methods whose override (a derived or deliberately broken engine) sends
    #: random_playout down the generic path (``bonus_earned`` is called by both).
    _FAST_METHODS = ("legal_moves", "apply_unchecked", "current_player", "sample_chance", "chance_outcomes",
                     "_chance_source", "_deal", "_draw", "_new_round", "_end_turn", "_setup", "plays")

    def _fast_ok(self, variant: BigFiveVariant) -> bool:
        cls = type(self)
        if cls is not BigFiveGame and any(getattr(cls, m) is not getattr(BigFiveGame, m) for m in self._FAST_METHODS):
            return False
        return self._defaults_but(variant, self._FAST_FLAGS)

    def random_playout(self, state: BigFiveState, rng: Any,
                       trace: MutableSequence[BigFiveMove] | None = None) -> tuple[BigFiveState, int]:
        """As :meth:`Game.random_playout`, drawing each seat's move without listing
        the legal moves and whole setups and refills at once
        (:mod:`ruleproof.model.bigfive_fast`); the same distribution as the
        checked path (``tests/model/test_bigfive_fast.py``)."""
        if not self._fast_ok(state.variant):
            return super().random_playout(state, rng, trace)
        # The playout owns the board index while it runs: plays update it in
        # place. It starts from an index nobody else holds and, when done, leaves
        # one that is never changed again (a later playout starts its own).
        was = self._live
        self._index_key, self._index, self._next_board = None, _Index(()), None
        self._live = True
        try:
            return fast_playout(self, state, rng, trace)
        finally:
            self._live = was

    def apply(self, state: BigFiveState, move: BigFiveMove, *, check: bool = True) -> BigFiveState:
        """As :meth:`Game.apply`; multi-card moves given in any order are put in canonical order first."""
        if isinstance(move, Play):
            move = Play(tuple(sorted(move.placed)))
        elif isinstance(move, Exchange):
            move = Exchange(tuple(sorted(move.cards)))
        elif isinstance(move, Discard):
            move = Discard(tuple(sorted(move.cards)))
        return super().apply(state, move, check=check)

    def is_legal_move(self, state: BigFiveState, move: BigFiveMove) -> bool:
        """A play is checked directly (:func:`check_play`), without generating every
        play; other moves are looked up among the legal moves."""
        if type(move) is Play:
            actor = self.current_player(state)
            if actor < 0 or state.bonus:
                return False
            placed = move.placed
            if list(placed) != sorted(placed):
                return False
            min_size = SOLO_MIN_GROUP if state.players == 1 else state.variant.min_group
            return check_play(self._board_index(state.board), state.hands[actor], placed, min_size,
                              state.variant.max_group)
        return Game.is_legal_move(self, state, move)

    def illegal_move_error(self, state: BigFiveState, move: BigFiveMove, actor: int | None = None) -> IllegalMoveError:
        """The spec's reasons, followed by the board around the move (a rejected play in brackets)."""
        error = super().illegal_move_error(state, move, actor)
        marks = move.placed if isinstance(move, Play) else ()
        picture = render_board(state.board, marks)
        return IllegalMoveError(f"{error}\n{picture}", error.rule_ids)

    # -- transitions ------------------------------------------------------------------

    def apply_unchecked(self, state: BigFiveState, move: BigFiveMove) -> BigFiveState:
        kind = type(move)
        if kind is Deal:
            return self._deal(state, move.card)  # type: ignore[union-attr]
        if kind is Draw:
            return self._draw(state, move.card)  # type: ignore[union-attr]
        if kind is Box:
            seat = state.turn
            s = state._replace(
                decks=_replace_at(state.decks, seat, _take(state.decks[seat], move.card)),  # type: ignore[union-attr]
                box=_insert(state.box, move.card), boxing=False,  # type: ignore[union-attr]
            )
            return self._after_discard(s)
        if kind is Play:
            return self._play(state, move.placed)  # type: ignore[union-attr]
        seat = state.turn
        hand = state.hands[seat]
        if kind is Exchange:
            cards = move.cards  # type: ignore[union-attr]
            return state._replace(
                hands=_replace_at(state.hands, seat, _remove_many(hand, cards)),
                decks=_replace_at(state.decks, seat, state.decks[seat] + (cards,)),
                to_draw=len(cards), idle=state.idle + 1,
            )
        if kind is Pass:
            return self._end_turn(state._replace(idle=state.idle + 1))
        if kind is Discard:
            cards = move.cards  # type: ignore[union-attr]
            s = state._replace(
                hands=_replace_at(state.hands, seat, _remove_many(hand, cards)),
                pile=tuple(sorted(state.pile + cards)),
            )
            if _deck_len(s.decks[seat]) < SOLO_DISCARD:
                return self._solo_end(s)
            return s._replace(to_draw=SOLO_DISCARD)
        if kind is Bonus:
            card = move.card  # type: ignore[union-attr]
            s = state._replace(
                hands=_replace_at(state.hands, seat, _remove_one(hand, card)),
                box=_insert(state.box, card), bonus=state.bonus - 1,
            )
            return self._after_discard(s)
        if kind is BonusBlind:
            return state._replace(bonus=state.bonus - 1, boxing=True)
        if kind is BonusPile:
            card = move.card  # type: ignore[union-attr]
            s = state._replace(pile=_remove_one(state.pile, card), box=_insert(state.box, card), bonus=state.bonus - 1)
            return self._after_discard(s)
        if kind is Decline:
            return self._after_bonus(state)
        raise TypeError(f"not a Big Five move: {move!r}")

    def _new_round(self, state: BigFiveState) -> BigFiveState:
        """The next round's state before its first deal (``state``: a round just over)."""
        n = state.players
        return BigFiveState(
            state.variant, n, state.round + 1, 0, _deck(state.variant), (), ((),) * n, ((),) * n, (), (),
            state.round % n, 0, False, 0, 0, state.penalties, False, False,
        )

    def _deal(self, state: BigFiveState, card: int) -> BigFiveState:
        if state.round_over:
            state = self._new_round(state)
        setup = self._setup(state.variant, state.players)
        dealt = state.dealt
        pool = _remove_one(state.pool, card)
        board, decks, box = state.board, state.decks, state.box
        if dealt == 0:
            board = (Placed(0, 0, card),)
        else:
            seat = setup.targets[dealt]
            deck = decks[seat]
            decks = _replace_at(decks, seat, (_insert(deck[0] if deck else (), card),))
        dealt += 1
        if dealt == setup.deal_end:
            box = tuple(sorted(box + pool))
            pool = ()
        return BigFiveState(
            state.variant, state.players, state.round, dealt, pool, board, state.hands, decks, state.pile, box,
            state.turn, state.bonus, state.boxing, state.to_draw, state.idle, state.penalties, False, False,
        )

    def _draw(self, state: BigFiveState, card: int) -> BigFiveState:
        setup = self._setup(state.variant, state.players)
        dealt = state.dealt
        in_setup = dealt < setup.length
        seat = setup.targets[dealt] if in_setup else state.turn
        decks = _replace_at(state.decks, seat, _take(state.decks[seat], card))
        hands = _replace_at(state.hands, seat, _insert(state.hands[seat], card))
        to_draw = state.to_draw
        if in_setup:
            dealt += 1
        else:
            to_draw -= 1
        s = BigFiveState(
            state.variant, state.players, state.round, dealt, state.pool, state.board, hands, decks, state.pile,
            state.box, state.turn, state.bonus, state.boxing, to_draw, state.idle, state.penalties, False, False,
        )
        if not in_setup and to_draw == 0:
            return s if s.bonus else self._end_turn(s)
        return s

    def _play(self, state: BigFiveState, placed: tuple[Placed, ...]) -> BigFiveState:
        seat = state.turn
        index = self._board_index(state.board)
        hand = _remove_many(state.hands[seat], [p.card for p in placed])
        grown = list(state.board)
        for p in placed:  # both sorted: a few insertions instead of sorting the board
            insort(grown, p)
        board = tuple(grown)
        self._next_board = (board, placed)
        s = BigFiveState(  # state._replace(hands=..., board=board, idle=0), without its keyword dispatch
            state.variant, state.players, state.round, state.dealt, state.pool, board,
            _replace_at(state.hands, seat, hand), state.decks, state.pile, state.box, seat, state.bonus,
            state.boxing, state.to_draw, 0, state.penalties, state.round_over, state.finished,
        )
        solo = state.players == 1
        if not solo and not hand and not s.decks[seat]:
            return self._round_end(s)
        earned = self.bonus_earned(state.variant, index.cells, placed)
        if earned:
            room = len(s.pile) if solo else len(hand) + _deck_len(s.decks[seat])
            earned = min(earned, room)
            if earned:
                if state.variant.bonus_timing == "after_refill":
                    return self._refill_first(s, earned)
                return s._replace(bonus=earned)
        return self._refill(s)

    def bonus_earned(self, variant: BigFiveVariant, cells: dict[Cell, int], placed: tuple[Placed, ...]) -> int:
        """Bonus discards earned by playing ``placed`` on the board ``cells`` (before the play).

        The house-rule hook of the engine (its spec counterpart is
        :class:`ruleproof.spec.bigfive.BonusCount`): the ``bonus`` flag's
        readings by default. A derived game overrides it.
        """
        return _bonus(variant, cells, placed)

    def _refill_first(self, state: BigFiveState, earned: int) -> BigFiveState:
        """``bonus_timing="after_refill"``: the draws come first, then ``earned`` bonus discards."""
        seat = state.turn
        need = state.variant.hand_size - len(state.hands[seat])
        have = _deck_len(state.decks[seat])
        if state.players == 1:
            if have < need:
                return self._solo_end(state)
            return state._replace(bonus=earned, to_draw=need)
        return state._replace(bonus=earned, to_draw=need if need < have else have)

    def _after_discard(self, state: BigFiveState) -> BigFiveState:
        seat = state.turn
        if state.players > 1 and not state.hands[seat] and not state.decks[seat]:
            return self._round_end(state)
        if state.bonus > 0:
            return state
        return self._after_bonus(state)

    def _after_bonus(self, state: BigFiveState) -> BigFiveState:
        """The bonus discards are done (or declined): refill, or end the turn when the refill came first."""
        if state.variant.bonus_timing == "after_refill":
            return self._end_turn(state._replace(bonus=0))
        return self._refill(state._replace(bonus=0))

    def _refill(self, state: BigFiveState) -> BigFiveState:
        seat = state.turn
        need = state.variant.hand_size - len(state.hands[seat])
        have = _deck_len(state.decks[seat])
        if state.players == 1:
            if have < need:
                return self._solo_end(state)
            if need:
                return state._replace(bonus=0, to_draw=need)
            return state._replace(bonus=0)
        n = need if need < have else have
        if n:
            return BigFiveState(  # state._replace(bonus=0, to_draw=n)
                state.variant, state.players, state.round, state.dealt, state.pool, state.board, state.hands,
                state.decks, state.pile, state.box, seat, 0, state.boxing, n, state.idle, state.penalties,
                state.round_over, state.finished,
            )
        return self._end_turn(state._replace(bonus=0))

    def _end_turn(self, state: BigFiveState) -> BigFiveState:
        n = state.players
        if n == 1:
            return state
        idle = state.idle
        if idle >= n:
            v = state.variant
            if v.stalemate == "exchange_round" or idle >= n * v.idle_rounds:
                return self._round_end(state)
            index = self._board_index(state.board)
            if not any(index.any_play(hand, v.min_group, v.max_group) for hand in state.hands):
                return self._round_end(state)
        return state._replace(turn=(state.turn + 1) % n)

    def _solo_end(self, state: BigFiveState) -> BigFiveState:
        s = state._replace(hands=((),), box=tuple(sorted(state.box + state.hands[0])))
        if state.variant.solo_rest == "penalty":
            rest = tuple(c for seg in state.decks[0] for c in seg)
            s = s._replace(decks=((),), pile=tuple(sorted(s.pile + rest)))
        return self._round_end(s)

    def _round_end(self, state: BigFiveState) -> BigFiveState:
        v = state.variant
        if state.players == 1:
            points: tuple[int, ...] = (len(state.pile),)
        else:
            left = [len(h) + _deck_len(d) for h, d in zip(state.hands, state.decks)]
            best = min(left)
            points = tuple(x if x > best else 0 for x in left)
        penalties = tuple(p + q for p, q in zip(state.penalties, points))
        done = state.round >= v.rounds or (v.penalty_limit > 0 and max(penalties) >= v.penalty_limit)
        return state._replace(penalties=penalties, round_over=True, finished=done, bonus=0, boxing=False, to_draw=0)

    # -- results --------------------------------------------------------------------

    def outcome(self, state: BigFiveState) -> Outcome:
        """Penalty points per seat (fewer is better; in a finished one-round game the
        cards left by each loser); the seats with the fewest win."""
        if state.round_over or state.finished:
            scores = state.penalties
        elif state.players == 1:
            scores = (state.penalties[0] + len(state.pile),)
        else:
            scores = tuple(
                p + len(h) + _deck_len(d) for p, h, d in zip(state.penalties, state.hands, state.decks)
            )
        best = min(scores)
        return Outcome(tuple(float(x) for x in scores), frozenset(s for s, x in enumerate(scores) if x == best))

    def max_game_length(self, players: int, variant: BigFiveVariant) -> int:
        # Per round: at most deck + MAX_PLAYERS * hand setup moves; at most deck - 1
        # plays, each with one decision, at most the bonus table's most bonus discards (a
        # decision and possibly a chance move each), a decline and a hand of
        # draws; between two plays at most players * idle_rounds turns without a
        # placement (one decision and at most a hand of draws each) before the
        # stalemate ends the round.
        deck = len(_deck(variant))
        hand = variant.hand_size
        idle = players * (variant.idle_rounds if variant.stalemate == "no_placement" else 1)
        per_play = 1 + 2 * _table_of(variant).most(variant.max_group) + 1 + hand
        per_round = deck + MAX_PLAYERS * hand + (deck - 1) * per_play + deck * idle * (1 + hand) + 1
        return variant.rounds * per_round

    def test_configs(self) -> tuple[tuple[int, BigFiveVariant], ...]:
        v = BigFiveVariant
        kids = v(children=True)
        return (
            (1, v(children=True)), (2, v()), (3, kids), (4, v()),
            (5, v(allow_five=True, children=True)),
            (2, v(bonus="publisher", children=True)), (4, v(bonus="publisher", children=True)),
            (3, v(stalemate="exchange_round")), (2, v(idle_rounds=1, children=True)),
            (3, v(handicap=(5, 10, 15))),
            (2, v(rounds=3, children=True)), (3, v(rounds=20, penalty_limit=20, children=True)),
            # the readings added for issue 17, two configurations
            (2, v(children=True, exchange="whole_hand", min_group=2, bonus_timing="after_refill", pass_rule="always")),
            (1, v(children=True, solo_discard="optional", solo_rest="penalty", bonus_timing="after_refill")),
        )

    def players_of(self, state: BigFiveState) -> int:
        return state.players

    def variant_of(self, state: BigFiveState) -> BigFiveVariant:
        return state.variant

    # -- hidden information ---------------------------------------------------------

    def observation(self, state: BigFiveState, seat: int) -> dict[str, Any]:
        """The board, the own hand, everyone's counts; no deck's content (not even the own)."""
        return {
            "seat": seat,
            "round": state.round,
            "current_player": self.current_player(state),
            "board": list(_board_text(state.board)),
            "hand": [card_code(c) for c in state.hands[seat]],
            "hand_sizes": [len(h) for h in state.hands],
            "deck_sizes": [_deck_len(d) for d in state.decks],
            "pile": [card_code(c) for c in state.pile],
            "box_size": len(state.box),
            "bonus": state.bonus,
            "penalties": list(state.penalties),
            "finished": state.finished,
        }

    def components(self, state: BigFiveState) -> Iterable[tuple[str, str]]:
        """Every card and its place, as one list (pool, board, hands, decks, pile, box; each place's label
        made once).

        >>> from ruleproof.spec.bigfive import BigFiveVariant
        >>> state = GAME.new_game(2, BigFiveVariant(), seed=1)
        >>> places = GAME.components(state)
        >>> len(places), sorted({where for _, where in places})
        (100, ['board 0,0', 'box', 'deck 0', 'deck 1', 'hand 0', 'hand 1'])
        """
        code = card_code
        found = [(code(c), "pool") for c in state.pool]
        found += [(code(p.card), f"board {p.x},{p.y}") for p in state.board]
        for s, hand in enumerate(state.hands):
            where = f"hand {s}"
            found += [(code(c), where) for c in hand]
        for s, deck in enumerate(state.decks):
            where = f"deck {s}"
            for seg in deck:
                found += [(code(c), where) for c in seg]
        found += [(code(c), "pile") for c in state.pile]
        found += [(code(c), "box") for c in state.box]
        return found

    def all_components(self, players: int, variant: BigFiveVariant) -> Counter[str]:
        return Counter(card_code(c) for c in _deck(variant))

    def render_text(self, state: BigFiveState) -> str:
        """The board as a grid of card codes, then each seat's hand and counts."""
        status = "finished" if state.finished else "round over" if state.round_over else f"seat {state.turn} to act"
        lines = [f"round {state.round} ({status})", render_board(state.board)]
        for s in range(state.players):
            extra = f" | bonus {state.bonus}" if state.bonus and s == state.turn else ""
            lines.append(
                f"seat {s}: hand {' '.join(card_code(c) for c in state.hands[s]) or '-'}"
                f" | deck {_deck_len(state.decks[s])} | penalties {state.penalties[s]}{extra}"
            )
        if state.players == 1:
            lines.append(f"discard pile {len(state.pile)}")
        lines.append(f"box {len(state.box)}")
        return "\n".join(lines)


def grow_board(size: int, rng: Any, *, tries: int = 2000) -> tuple[Placed, ...]:
    """A board of about ``size`` cards grown by random legal plays of random
    hands of five (from the cards not yet on the board); for benchmarks and
    golden positions. Stops early when ``tries`` hands in a row find no play.

    >>> import random
    >>> len(grow_board(20, random.Random(1)))
    20
    """
    rest = list(FULL_DECK)
    first = rest.pop(rng.randrange(len(rest)))
    board: tuple[Placed, ...] = (Placed(0, 0, first),)
    failures = 0
    while len(board) < size and failures < tries:
        hand = tuple(sorted(rng.sample(rest, min(_HAND, len(rest)))))
        plays = [p for p in generate_plays(_Index(board), hand) if len(p) <= size - len(board)]
        if not plays:
            failures += 1
            continue
        failures = 0
        play = plays[rng.randrange(len(plays))]
        for p in play:
            rest.remove(p.card)
        board = tuple(sorted(board + play))
    return board


GAME = BigFiveGame()
