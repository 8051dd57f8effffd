"""The BigPoints engine.

Independent of the rule predicates in :mod:`ruleproof.spec.bigpoints` (it
shares only their data types and the rule constants of
:data:`~ruleproof.spec.bigpoints.CONSTANTS`), tuned for random playouts: the
path is a string, so "the next disc of my colour" is ``str.find``.

>>> state = GAME.new_game(players=3, seed=4)
>>> GAME.current_player(state), len(state.path)
(0, 55)
>>> [str(m) for m in GAME.legal_moves(state)]
['move blue', 'move green', 'move purple', 'move red', 'move yellow']
>>> state = GAME.apply(state, GAME.legal_moves(state)[0])
>>> [str(m) for m in GAME.legal_moves(state)]
['take ahead', 'take behind']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, MutableSequence, Sequence
from functools import lru_cache
from typing import Any

from mypy_extensions import mypyc_attr

from ruleproof.model.core import CHANCE, TERMINAL, Game, Outcome
from ruleproof.model.draws import MAX_WIDTHS, WIDTHS, draws_by_bits, shuffle_by_bits
from ruleproof.spec.accel.bigpoints import SPEC
from ruleproof.spec.bigpoints import (
    BLACK,
    COLOURS,
    DISC_COLOURS,
    LETTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RESERVE_DISCS,
    WHITE,
    BigPointsMove,
    BigPointsState,
    BigPointsVariant,
    Black,
    Lay,
    Pawn,
    Take,
)
from ruleproof.spec.errors import PlayerCountError

_LAY, _MOVE, _TAKE, _OFFER, _EXTRA, _OVER = "lay", "move", "take", "offer", "extra", "over"
_K = BLACK
_W = WHITE
_NCOL = len(COLOURS)
_NDISC = len(DISC_COLOURS)
_START = -1
_GONE = "."
_LETTER_INDEX = {letter: i for i, letter in enumerate(LETTERS)}
#: Pawn colour index per colour name (``COLOURS.index`` without the scan).
_COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
#: Colour indices in the order of their names (the order of sorted moves).
_PAWN_ORDER = tuple(sorted(range(_NCOL), key=lambda c: COLOURS[c]))
_LAY_ORDER = tuple(sorted(range(_NDISC), key=lambda c: DISC_COLOURS[c]))
_LAYS = tuple(Lay(name) for name in DISC_COLOURS)
_PAWNS = tuple((Pawn(name, False), Pawn(name, True)) for name in COLOURS)
#: Every pawn's forward move, in the order of sorted moves (no pawn on the ladder).
_ALL_FORWARD = tuple(_PAWNS[c][0] for c in _PAWN_ORDER)
_AHEAD, _BEHIND, _NONE = Take("ahead"), Take("behind"), Take("none")
_NO_BLACK, _USE_BLACK = Black(False), Black(True)
_EMPTY_HAND = (0,) * _NDISC
_RESERVE = LETTERS[:_NCOL]
#: Builds a state from its complete field tuple without the NamedTuple's
#: Python-level ``__new__`` (the transitions pass every field): the same state.
_new_state = tuple.__new__
#: "disc <colour>" per disc colour index, and per path letter (the component names).
_DISC_NAMES = tuple(f"disc {name}" for name in DISC_COLOURS)
_LETTER_DISC = {letter: _DISC_NAMES[c] for letter, c in _LETTER_INDEX.items()}


@lru_cache(maxsize=16)
def _path_places(size: int) -> tuple[str, ...]:
    """``"path 0"`` … ``"path <size - 1>"`` (the places of a path's discs)."""
    return tuple(f"path {i}" for i in range(size))


@lru_cache(maxsize=64)
def _layout_of(variant: BigPointsVariant) -> tuple[int, tuple[int, ...]]:
    comp = (variant.colour_discs - RESERVE_DISCS,) * _NCOL + (variant.black_discs, variant.white_discs)
    return sum(comp), comp


_LAST_LAYOUT: tuple[object, tuple[int, tuple[int, ...]]] = (None, (0, ()))


def _layout(variant: BigPointsVariant) -> tuple[int, tuple[int, ...]]:
    """Path size and per-colour composition of the path.

    The last variant asked about is remembered by identity (the states of a
    game share one variant object), sparing the hash of its thirteen flags.
    """
    global _LAST_LAYOUT
    last = _LAST_LAYOUT
    if last[0] is variant:
        return last[1]
    result = _layout_of(variant)
    _LAST_LAYOUT = (variant, result)
    return result


def _step_values(variant: BigPointsVariant) -> tuple[int, ...]:
    """Points per ladder step, top step first (reversed with ``inverted_ladder``)."""
    return variant.step_values[::-1] if variant.inverted_ladder else variant.step_values


def _free_sides(path: str, pawns: tuple[int, ...], colour: int, pos: int) -> tuple[int, int]:
    """Nearest free disc ahead of and behind ``pos`` (``-2`` when none)."""
    others = pawns[:colour] + pawns[colour + 1 :]
    size = len(path)
    ahead = pos + 1
    while ahead < size and (path[ahead] == _GONE or ahead in others):
        ahead += 1
    if ahead >= size:
        ahead = -2
    behind = pos - 1
    while behind >= 0 and (path[behind] == _GONE or behind in others):
        behind -= 1
    if behind < 0:
        behind = -2
    return ahead, behind


#: The state whose free discs beside its moved pawn were found last, with them: a take's
#: state is asked for its moves and then taken from on each side, and it is compared by
#: identity (states are immutable, and this reference keeps its id from being reused).
_LAST_SIDES: tuple[object, tuple[int, int]] = (None, (-2, -2))


def _take_sides(state: BigPointsState) -> tuple[int, int]:
    """:func:`_free_sides` of the pawn a take's ``state`` just moved (remembered for the last state)."""
    global _LAST_SIDES
    last = _LAST_SIDES
    if last[0] is state:
        return last[1]
    colour = state.moved
    pawns = state.pawns
    sides = _free_sides(state.path, pawns, colour, pawns[colour])
    _LAST_SIDES = (state, sides)
    return sides


def _is_gap(path: str, pawns: tuple[int, ...], colour: int, dest: int) -> bool:
    moved = pawns[:colour] + (dest,) + pawns[colour + 1 :]
    return _free_sides(path, moved, colour, dest) == (-2, -2)


def _score(variant: BigPointsVariant, worth: list[int], hand: Sequence[int], spent: int) -> int:
    """One seat's points for a game: its colour discs at their ladder step's ``worth``, its white discs at
    the number of colours it holds (black too, unless ``black_counts`` is off; a spent one with
    ``spent_black_counts``)."""
    points = 0
    kinds = 0
    for c in range(_NCOL):
        if hand[c]:
            points += hand[c] * worth[c]
            kinds += 1
    if variant.black_counts and (hand[_K] or (variant.spent_black_counts and spent)):
        kinds += 1
    return points + hand[_W] * kinds


# The list playout's phases (:meth:`BigPointsGame._list_playout`): the state's, and two of its own.
_P_MOVE, _P_TAKE, _P_OFFER, _P_EXTRA, _P_LAY, _P_OVER, _P_BEGIN, _P_COMPLETE = range(8)
_PHASE_CODE = {_MOVE: _P_MOVE, _TAKE: _P_TAKE, _OFFER: _P_OFFER, _EXTRA: _P_EXTRA, _LAY: _P_LAY, _OVER: _P_OVER}
#: A taken disc on the list playout's path (no disc colour index).
_GONE_KIND = 9
#: Path letters to disc colour indices (a taken disc to :data:`_GONE_KIND`), and back.
_KIND_OF_LETTER = bytes.maketrans((LETTERS + _GONE).encode(), bytes([*range(len(LETTERS)), _GONE_KIND]))
_LETTER_OF_KIND = bytes.maketrans(bytes([*range(len(LETTERS)), _GONE_KIND]), (LETTERS + _GONE).encode())
#: Disc colour indices to 1, a taken disc to 0 (:func:`_free_discs`).
_FREE_OF_KIND = bytes.maketrans(bytes([*range(len(LETTERS)), _GONE_KIND]), bytes([1] * len(LETTERS) + [0]))


@lru_cache(maxsize=64)
def _box(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The discs of ``counts`` (per disc colour index) in colour order, the order a lay shuffles."""
    return tuple(c for c in range(_NDISC) for _ in range(counts[c]))


def _free_discs(path: bytearray, pawns: list[int]) -> bytearray:
    """1 for each disc of ``path`` that is not taken and has no pawn on it, else 0.

    >>> list(_free_discs(bytearray([0, _GONE_KIND, 2, 3]), [2, -1, 4, 4, 4]))
    [1, 0, 0, 1]
    """
    free = path.translate(_FREE_OF_KIND)
    for pos in pawns:
        if 0 <= pos < len(path):
            free[pos] = 0
    return free


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # compiled: a Python class (see setup.py)
class BigPointsGame(Game[BigPointsState, BigPointsMove, BigPointsVariant]):
    """BigPoints for 2–5 players under any :class:`BigPointsVariant`."""

    spec = SPEC
    state_type = BigPointsState

    def initial_state(self, players: int, variant: BigPointsVariant) -> BigPointsState:
        if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise PlayerCountError(f"BigPoints is for {MIN_PLAYERS}–{MAX_PLAYERS} players; got {players!r}")
        return BigPointsState(
            variant, players, 0, _LAY, 0, "", (_START,) * _NCOL, (), _RESERVE,
            (_EMPTY_HAND,) * players, (0,) * players, -1, False, False, 0, (0,) * players,
        )

    # -- whose turn -----------------------------------------------------------

    def current_player(self, state: BigPointsState) -> int:
        phase = state.phase
        if phase == _LAY:
            return CHANCE
        if phase == _OVER:
            return CHANCE if self._next_game(state) else TERMINAL
        return state.turn

    @staticmethod
    def _next_game(state: BigPointsState) -> bool:
        return state.variant.match and state.game + 1 < state.players

    # -- moves ----------------------------------------------------------------

    def legal_moves(self, state: BigPointsState) -> tuple[BigPointsMove, ...]:
        phase = state.phase
        if phase == _MOVE:
            return self._pawn_moves(state.variant, state.path, state.pawns, False)
        if phase == _TAKE:
            ahead, behind = _take_sides(state)
            if ahead >= 0:
                return (_AHEAD, _BEHIND) if behind >= 0 else (_AHEAD,)
            return (_BEHIND,) if behind >= 0 else (_NONE,)
        if phase == _OFFER:
            return (_NO_BLACK, _USE_BLACK) if self._black_usable(state) else (_NO_BLACK,)
        if phase == _EXTRA:
            return self._pawn_moves(state.variant, state.path, state.pawns, True)
        if phase == _LAY:
            supply = self._supply(state)
            return tuple(_LAYS[c] for c in _LAY_ORDER if supply[c])
        if self._next_game(state):
            comp = _layout(state.variant)[1]
            return tuple(_LAYS[c] for c in _LAY_ORDER if comp[c])
        return ()

    @staticmethod
    def _pawn_moves(variant: BigPointsVariant, path: str, pawns: tuple[int, ...], extra: bool) -> tuple[Pawn, ...]:
        last_layout = _LAST_LAYOUT  # _layout(variant), its identity check inlined
        size = last_layout[1][0] if last_layout[0] is variant else _layout(variant)[0]
        strict = variant.no_free_disc == "illegal"
        if not strict and not extra:  # every pawn off the ladder moves forward (onto a gap too)
            if size not in pawns:
                return _ALL_FORWARD
            return tuple([_PAWNS[c][0] for c in _PAWN_ORDER if pawns[c] != size])
        moves: list[Pawn] = []
        gaps = False
        for c in _PAWN_ORDER:
            pos = pawns[c]
            if pos == size:
                continue
            letter = LETTERS[c]
            dest = path.find(letter, pos + 1)
            if dest < 0:
                moves.append(_PAWNS[c][0])
            elif strict and _is_gap(path, pawns, c, dest):
                gaps = True
            else:
                moves.append(_PAWNS[c][0])
            if extra and pos >= 0:
                dest = path.rfind(letter, 0, pos)
                if dest < 0:
                    if not variant.back_to_start:
                        continue
                    dest = _START
                if strict and _is_gap(path, pawns, c, dest):
                    continue
                moves.append(_PAWNS[c][1])
        if gaps and not moves and not extra:
            # An unavoidable normal move is made even though it takes nothing.
            return tuple(_PAWNS[c][0] for c in _PAWN_ORDER if pawns[c] != size)
        return tuple(moves)

    def _black_usable(self, state: BigPointsState) -> bool:
        if state.used_black or state.hands[state.turn][_K] - state.fresh < 1:
            return False
        if state.variant.no_free_disc != "illegal":
            return True
        return bool(self._pawn_moves(state.variant, state.path, state.pawns, True))

    @staticmethod
    def _supply(state: BigPointsState) -> tuple[int, ...]:
        comp = _layout(state.variant)[1]
        path = state.path
        return tuple(comp[c] - path.count(LETTERS[c]) for c in range(_NDISC))

    def chance_outcomes(self, state: BigPointsState) -> tuple[tuple[BigPointsMove, float], ...]:
        phase = state.phase
        if phase == _LAY:
            counts = self._supply(state)
        elif phase == _OVER and self._next_game(state):
            counts = _layout(state.variant)[1]
        else:
            return ()
        total = sum(counts)
        return tuple((_LAYS[c], counts[c] / total) for c in _LAY_ORDER if counts[c])

    def is_legal_move(self, state: BigPointsState, move: BigPointsMove) -> bool:
        """The one move checked directly: a laid disc against the supply of its
        colour alone (no list of outcomes), a take against the free discs beside
        the pawn, an offer's answer against the black discs, a pawn move against
        its pawn (looked up among the legal moves when a move onto a gap is
        illegal, as whether any move is left decides)."""
        kind = type(move)
        phase = state.phase
        if kind is Lay:
            try:
                c = DISC_COLOURS.index(move.colour)  # type: ignore[union-attr]
            except ValueError:
                return False
            if phase == _LAY:
                return _layout(state.variant)[1][c] - state.path.count(LETTERS[c]) > 0
            return phase == _OVER and self._next_game(state) and _layout(state.variant)[1][c] > 0
        if kind is Take:
            if phase != _TAKE:
                return False
            ahead, behind = _take_sides(state)
            if move == _AHEAD:
                return ahead >= 0
            if move == _BEHIND:
                return behind >= 0
            return move == _NONE and ahead < 0 and behind < 0
        if kind is Black:
            if phase != _OFFER:
                return False
            return move == _NO_BLACK or (move == _USE_BLACK and self._black_usable(state))
        if kind is not Pawn or (phase != _MOVE and phase != _EXTRA):
            return False
        variant = state.variant
        if variant.no_free_disc == "illegal":
            return Game.is_legal_move(self, state, move)
        try:
            c = COLOURS.index(move.colour)  # type: ignore[union-attr]
        except ValueError:
            return False
        pos = state.pawns[c]
        if pos == _layout(variant)[0]:
            return False
        if move == _PAWNS[c][0]:
            return True
        return (move == _PAWNS[c][1] and phase == _EXTRA and pos >= 0
                and (variant.back_to_start or state.path.rfind(LETTERS[c], 0, pos) >= 0))

    def sample_chance(self, state: BigPointsState, rng: random.Random) -> BigPointsMove:
        counts = self._supply(state) if state.phase == _LAY else _layout(state.variant)[1]
        pick = rng.randrange(sum(counts))
        for c in _LAY_ORDER:
            pick -= counts[c]
            if pick < 0:
                return _LAYS[c]
        raise AssertionError("unreachable: the supply is empty")

    # -- applying moves ---------------------------------------------------------

    def apply_unchecked(self, state: BigPointsState, move: BigPointsMove) -> BigPointsState:
        if isinstance(move, Pawn):
            return self._pawn_to(state, _COLOUR_INDEX[move.colour], move.back)
        if isinstance(move, Take):
            return self._take(state, move.side)
        if isinstance(move, Black):
            return self._black(state, move.use)
        return self._lay(state, move.colour)

    def _lay(self, state: BigPointsState, colour: str) -> BigPointsState:
        (variant, players, game, phase, turn, path, _pawns, _ladder, _reserve, _hands, _spent, _moved, _extra,
         _used, _fresh, scores) = state
        if phase == _OVER:
            game += 1
            turn = game % players
            path = ""
        path += LETTERS[DISC_COLOURS.index(colour)]
        if len(path) == _layout(variant)[0]:
            return self._begin(variant, players, game, turn, path, (_START,) * _NCOL, (), _RESERVE,
                               (_EMPTY_HAND,) * players, (0,) * players, scores)
        fresh_state: BigPointsState = _new_state(BigPointsState, (
            variant, players, game, _LAY, turn, path, (_START,) * _NCOL, (), _RESERVE,
            (_EMPTY_HAND,) * players, (0,) * players, -1, False, False, 0, scores,
        ))
        return fresh_state

    def _start_turn(self, state: BigPointsState, seat: int) -> BigPointsState:
        (variant, players, game, _phase, _turn, path, pawns, ladder, reserve, hands, spent, _moved, _extra,
         _used, _fresh, scores) = state
        return self._begin(variant, players, game, seat, path, pawns, ladder, reserve, hands, spent, scores)

    def _begin(self, variant: BigPointsVariant, players: int, game: int, seat: int, path: str,
               pawns: tuple[int, ...], ladder: tuple[int, ...], reserve: str, hands: tuple[tuple[int, ...], ...],
               spent: tuple[int, ...], scores: tuple[int, ...]) -> BigPointsState:
        """The state in which ``seat`` starts a turn (:meth:`_start_turn` from the fields themselves)."""
        phase = _MOVE
        if variant.extra_timing == "before" and hands[seat][_K] > 0:
            if variant.no_free_disc != "illegal" or self._pawn_moves(variant, path, pawns, True):
                phase = _OFFER
        begun: BigPointsState = _new_state(BigPointsState, (
            variant, players, game, phase, seat, path, pawns, ladder, reserve, hands, spent, -1, False, False, 0,
            scores,
        ))
        return begun

    def _complete(self, state: BigPointsState, extra: bool) -> BigPointsState:
        """The pawn move and its disc are done: end the game, offer black, or pass the turn."""
        (variant, players, game, _phase, turn, path, pawns, ladder, reserve, hands, spent, _moved, _extra,
         used_black, fresh, scores) = state
        if len(ladder) == _NCOL:
            totals = self._game_scores(state)
            scores = tuple(a + b for a, b in zip(scores, totals))
            over: BigPointsState = _new_state(BigPointsState, (
                variant, players, game, _OVER, turn, path, pawns, ladder, reserve, hands, spent, -1, False, False, 0,
                scores,
            ))
            return over
        if variant.extra_timing == "after":
            if not extra and self._black_usable(state):
                phase = _OFFER
            else:
                return self._begin(variant, players, game, (turn + 1) % players, path, pawns, ladder, reserve, hands,
                                   spent, scores)
        elif extra:
            phase = _MOVE
        else:
            return self._begin(variant, players, game, (turn + 1) % players, path, pawns, ladder, reserve, hands,
                               spent, scores)
        done: BigPointsState = _new_state(BigPointsState, (
            variant, players, game, phase, turn, path, pawns, ladder, reserve, hands, spent, -1, False, used_black,
            fresh, scores,
        ))
        return done

    def _pawn(self, state: BigPointsState, move: Pawn) -> BigPointsState:
        return self._pawn_to(state, _COLOUR_INDEX[move.colour], move.back)

    def _pawn_to(self, state: BigPointsState, colour: int, back: bool) -> BigPointsState:
        (variant, players, game, phase, seat, path, pawns, ladder, reserve, hands, spent, _moved, _extra,
         used_black, fresh, scores) = state
        last_layout = _LAST_LAYOUT  # _layout(variant), its identity check inlined
        size = last_layout[1][0] if last_layout[0] is variant else _layout(variant)[0]
        pos = pawns[colour]
        letter = LETTERS[colour]
        if back:
            dest = path.rfind(letter, 0, pos)  # -1 (the start) when none: back_to_start
        else:
            dest = path.find(letter, pos + 1)
            if dest < 0:
                dest = size
        pawns = pawns[:colour] + (dest,) + pawns[colour + 1 :]
        extra = phase == _EXTRA
        if dest == size:
            last = len(ladder) + 1 == _NCOL
            ladder = ladder + (colour,)
            if variant.last_reserve or not last:
                hand = hands[seat]
                hand = hand[:colour] + (hand[colour] + 1,) + hand[colour + 1 :]
                hands = hands[:seat] + (hand,) + hands[seat + 1 :]
                reserve = reserve.replace(letter, "")
            if not (variant.ladder_take == "reserve_and_path" and not last):
                if not last and ((extra or hands[seat][_K] == 0) if variant.extra_timing == "after" else not extra):
                    # what _complete would do (see _take_at), without the intermediate state
                    return self._begin(variant, players, game, (seat + 1) % players, path, pawns, ladder, reserve,
                                       hands, spent, scores)
                arrived: BigPointsState = _new_state(BigPointsState, (
                    variant, players, game, phase, seat, path, pawns, ladder, reserve, hands, spent, -1, False,
                    used_black, fresh, scores,
                ))
                return self._complete(arrived, extra)
            # else the reserve disc, then a path disc behind the pawn as after every move
        moved: BigPointsState = _new_state(BigPointsState, (
            variant, players, game, _TAKE, seat, path, pawns, ladder, reserve, hands, spent, colour, extra,
            used_black, fresh, scores,
        ))
        return moved

    def _take(self, state: BigPointsState, side: str) -> BigPointsState:
        if side == "none":
            return self._take_at(state, -1)
        ahead, behind = _take_sides(state)
        return self._take_at(state, ahead if side == "ahead" else behind)

    def _take_at(self, state: BigPointsState, pos: int) -> BigPointsState:
        """The disc at ``pos`` taken (nothing when ``pos`` is negative) and the move completed.

        When :meth:`_complete` would only pass the turn, the next turn's state is built at once
        (no intermediate state): the ladder not full and, with the extra move after the normal
        one, either the extra move done or no black disc in hand (then :meth:`_black_usable` is
        false however its other conditions read).
        """
        (variant, players, game, _phase, seat, path, pawns, ladder, reserve, hands, spent, _moved, extra,
         used_black, fresh, scores) = state
        if pos >= 0:
            disc = _LETTER_INDEX[path[pos]]
            path = path[:pos] + _GONE + path[pos + 1 :]
            hand = hands[seat]
            hand = hand[:disc] + (hand[disc] + 1,) + hand[disc + 1 :]
            hands = hands[:seat] + (hand,) + hands[seat + 1 :]
            if disc == _K:
                fresh += 1
        if len(ladder) != _NCOL and (
            (extra or hands[seat][_K] == 0) if variant.extra_timing == "after" else not extra
        ):
            return self._begin(variant, players, game, (seat + 1) % players, path, pawns, ladder, reserve, hands,
                               spent, scores)
        taken: BigPointsState = _new_state(BigPointsState, (
            variant, players, game, _TAKE, seat, path, pawns, ladder, reserve, hands, spent, -1, False, used_black,
            fresh, scores,
        ))
        return self._complete(taken, extra)

    def _black(self, state: BigPointsState, use: bool) -> BigPointsState:
        (variant, players, game, _phase, seat, path, pawns, ladder, reserve, hands, spent, moved, extra,
         used_black, fresh, scores) = state
        if not use:
            if variant.extra_timing == "before":
                declined: BigPointsState = _new_state(BigPointsState, (
                    variant, players, game, _MOVE, seat, path, pawns, ladder, reserve, hands, spent, moved, extra,
                    used_black, fresh, scores,
                ))
                return declined
            return self._begin(variant, players, game, (seat + 1) % players, path, pawns, ladder, reserve, hands,
                               spent, scores)
        hand = hands[seat]
        hand = hand[:_K] + (hand[_K] - 1,) + hand[_K + 1 :]
        spent = spent[:seat] + (spent[seat] + 1,) + spent[seat + 1 :]
        used: BigPointsState = _new_state(BigPointsState, (
            variant, players, game, _EXTRA, seat, path, pawns, ladder, reserve,
            hands[:seat] + (hand,) + hands[seat + 1 :], spent, -1, False, True, fresh, scores,
        ))
        return used

    # -- the fast playout -----------------------------------------------------------

    #: Flags the fast playout handles; a variant setting any other flag away
    #: from its default (a flag added later) plays through the generic path.
    _FAST_FLAGS = frozenset({"inverted_ladder", "spent_black_counts", "no_free_disc", "back_to_start", "extra_timing",
                             "match", "colour_discs", "black_discs", "white_discs", "black_counts", "last_reserve",
                             "ladder_take", "black_visibility", "step_values"})
    #: Methods whose override (a derived or restricted engine) sends random_playout down the generic path.
    _FAST_METHODS = ("current_player", "legal_moves", "chance_outcomes", "sample_chance", "apply_unchecked",
                     "random_move", "_next_game", "_pawn_moves", "_black_usable", "_supply", "_lay", "_start_turn",
                     "_complete", "_pawn", "_pawn_to", "_take", "_take_at", "_black", "_begin")

    def _fast_ok(self, variant: BigPointsVariant) -> bool:
        cls = type(self)
        if cls is not BigPointsGame and any(getattr(cls, m) is not getattr(BigPointsGame, m)
                                            for m in self._FAST_METHODS):
            return False
        return self._defaults_but(variant, self._FAST_FLAGS)

    def random_playout(self, state: BigPointsState, rng: random.Random,
                       trace: MutableSequence[BigPointsMove] | None = None) -> tuple[BigPointsState, int]:
        """As :meth:`Game.random_playout`, with the path laid at once and no legal-move lists.

        The same distribution as the generic path (``tests/model/test_fast_playouts.py``):
        laying disc after disc, each with the odds of its colour's supply, lays a
        uniformly random order of the supply, which is one shuffle; a take or
        an offer is drawn from its one or two options, a pawn move uniformly from
        the pawn moves.

        >>> import random
        >>> final, steps = GAME.random_playout(GAME.initial_state(3, BigPointsVariant()), random.Random(1))
        >>> GAME.is_terminal(final), steps > 55
        (True, True)
        """
        if not self._fast_ok(state.variant):
            return super().random_playout(state, rng, trace)
        return self._fast_playout(state, rng, trace)

    def _fast_playout(self, state: BigPointsState, rng: random.Random,
                      trace: MutableSequence[BigPointsMove] | None) -> tuple[BigPointsState, int]:
        """The fast playout: on mutable lists (:meth:`_list_playout`) unless a move onto a gap is illegal
        (then whether a pawn may move depends on the free discs around its destination: through the
        engine's own transitions, :meth:`_state_playout`)."""
        if state.variant.no_free_disc == "illegal" or not draws_by_bits(rng):
            return self._state_playout(state, rng, trace)
        return self._list_playout(state, rng, trace)

    def _list_playout(self, state: BigPointsState, rng: random.Random,
                      trace: MutableSequence[BigPointsMove] | None) -> tuple[BigPointsState, int]:
        """The playout on a ``bytearray`` path and mutable lists, as ``benchmarks/baselines/bigpoints.py``
        plays (a taken disc is ``_GONE_KIND``; ``free`` marks the discs no pawn stands on, so the nearest
        free disc on either side is ``free.find``/``free.rfind`` and the next disc of a colour
        ``path.find``), with every flag but ``no_free_disc="illegal"``; the state is built at the end.
        Every draw is the one :meth:`_state_playout` makes (each is written out as ``randrange(n)``
        makes it, through ``getrandbits``: :mod:`ruleproof.model.draws`; made for a single option too):
        the same game.
        """
        variant = state.variant
        players = state.players
        bits = rng.getrandbits  # every draw as randrange(n) makes it, inline (model/draws.py): the same numbers
        widths = WIDTHS
        after = variant.extra_timing == "after"
        back_to_start = variant.back_to_start
        last_reserve = variant.last_reserve
        path_take = variant.ladder_take == "reserve_and_path"
        size, comp = _layout(variant)
        bound = self.max_game_length(players, variant)  # a bug fails here instead of looping for ever
        (_, _, game, phase_name, seat, path_text, pawn_tuple, ladder_tuple, reserve, hand_tuples, spent_tuple,
         moved, extra, used_black, fresh, score_tuple) = state
        phase = _PHASE_CODE[phase_name]
        path = bytearray(path_text.encode().translate(_KIND_OF_LETTER))
        pawns = list(pawn_tuple)
        at = pawns[moved] if moved >= 0 else -1  # where the pawn just moved stands (a take is due beside it)
        free = _free_discs(path, pawns)
        active = [c for c in range(_NCOL) if pawns[c] != size]  # the pawns off the ladder
        ladder = list(ladder_tuple)
        hands = [list(h) for h in hand_tuples]
        hand = hands[seat]
        spent = list(spent_tuple)
        scores = list(score_tuple)
        steps = 0
        while True:
            if phase == _P_MOVE or phase == _P_EXTRA:
                count = len(active)
                if phase == _P_EXTRA:  # the extra move may also go back, to the last disc of the colour or the start
                    backs = [c for c in range(_NCOL) if 0 <= pawns[c] < size and (
                        back_to_start or path.rfind(c, 0, pawns[c]) >= 0)]
                    n = count + len(backs)
                    width = widths[n]
                    pick = bits(width)
                    while pick >= n:
                        pick = bits(width)
                    back = pick >= count
                    colour = backs[pick - count] if back else active[pick]
                    extra = True
                else:
                    width = widths[count]
                    pick = bits(width)
                    while pick >= count:
                        pick = bits(width)
                    colour = active[pick]
                    back = extra = False
                if trace is not None:
                    trace.append(_PAWNS[colour][back])
                steps += 1
                pos = pawns[colour]
                if back:
                    dest = path.rfind(colour, 0, pos)  # -1, the start, when none (back_to_start)
                else:
                    dest = path.find(colour, pos + 1)  # -1: none ahead, onto the ladder
                if pos >= 0:  # (never on the ladder: only pawns off it move)
                    free[pos] = 1
                if dest >= 0:
                    free[dest] = 0
                    pawns[colour] = dest
                elif back:
                    pawns[colour] = dest
                else:  # onto the ladder
                    dest = pawns[colour] = size
                    last = len(ladder) + 1 == _NCOL
                    ladder.append(colour)
                    active.remove(colour)
                    if last_reserve or not last:
                        hand[colour] += 1
                        reserve = reserve.replace(LETTERS[colour], "")
                    if not path_take or last:
                        if not last and ((extra or hand[_K] == 0) if after else not extra):
                            phase = _P_BEGIN
                        else:
                            phase = _P_COMPLETE
                        continue
                at = dest  # the take below (the phase is not kept: the take sets the next one)
            elif phase != _P_TAKE:  # the rarer phases; a take (after a move too) follows below
                if phase == _P_OFFER:
                    use = not used_black and hand[_K] - fresh >= 1
                    if use:  # randrange(2): two bits until one is below 2
                        coin = bits(2)
                        while coin >= 2:
                            coin = bits(2)
                        use = coin == 1
                    if trace is not None:
                        trace.append(_USE_BLACK if use else _NO_BLACK)
                    steps += 1
                    if use:
                        hand[_K] -= 1
                        spent[seat] += 1
                        phase = _P_EXTRA
                        used_black = True
                        extra = False
                    elif after:
                        phase = _P_BEGIN
                    else:
                        phase = _P_MOVE
                elif phase == _P_COMPLETE:  # the pawn move and its disc are done: end the game, offer black, or pass
                    if len(ladder) == _NCOL:
                        worth = [0] * _NCOL
                        for step, value in zip(ladder, _step_values(variant)):
                            worth[step] = value
                        for s in range(players):
                            scores[s] += _score(variant, worth, hands[s], spent[s])
                        phase = _P_OVER
                        extra = used_black = False
                        fresh = 0
                        continue
                    if after:
                        if not extra and not used_black and hand[_K] - fresh >= 1:
                            phase = _P_OFFER
                        else:
                            phase = _P_BEGIN
                    elif extra:
                        phase = _P_MOVE
                        extra = False
                    else:
                        phase = _P_BEGIN
                elif phase == _P_BEGIN:  # the next seat's turn
                    if steps > bound:
                        raise RuntimeError(f"bigpoints: the fast playout ran past the game's bound of {bound} moves")
                    seat += 1
                    if seat == players:
                        seat = 0
                    hand = hands[seat]
                    phase = _P_OFFER if not after and hand[_K] > 0 else _P_MOVE
                    extra = used_black = False
                    fresh = 0
                else:  # lay a path: a uniform order of the discs left in the box (the next game's, in a match)
                    if phase == _P_OVER:
                        if not (variant.match and game + 1 < players):
                            break
                        game += 1
                        seat = game % players
                        counts: tuple[int, ...] = comp
                        path = bytearray()
                        pawns = [_START] * _NCOL
                        active = list(range(_NCOL))
                        ladder = []
                        reserve = _RESERVE
                        hands = [[0] * _NDISC for _ in range(players)]
                        spent = [0] * players
                    else:
                        counts = tuple(comp[c] - path.count(c) for c in range(_NDISC)) if path else comp
                    discs = list(_box(counts))
                    # disc by disc with the supply's odds: a uniform order of the supply, Random.shuffle's walk
                    if len(discs) <= MAX_WIDTHS:  # its draws inline (a call and a bound check a disc cost 3 %)
                        for i in range(len(discs) - 1, 0, -1):
                            width = widths[i + 1]
                            j = bits(width)
                            while j > i:
                                j = bits(width)
                            discs[i], discs[j] = discs[j], discs[i]
                    else:
                        shuffle_by_bits(bits, discs)
                    if trace is not None:
                        trace.extend([_LAYS[c] for c in discs])
                    steps += len(discs)
                    path += bytes(discs)
                    free = _free_discs(path, pawns)
                    hand = hands[seat]
                    phase = _P_OFFER if not after and hand[_K] > 0 else _P_MOVE
                    extra = used_black = False
                    fresh = 0
                continue
            # the take beside the pawn just moved
            ahead = free.find(1, at + 1)
            behind = free.rfind(1, 0, at) if at > 0 else -1
            if ahead >= 0:
                pos = ahead
                if behind >= 0:  # randrange(2): two bits until one is below 2
                    coin = bits(2)
                    while coin >= 2:
                        coin = bits(2)
                    if coin:
                        pos = behind
            else:
                pos = behind
            if trace is not None:
                trace.append(_NONE if pos < 0 else _AHEAD if pos == ahead else _BEHIND)
            steps += 1
            if pos >= 0:
                kind = path[pos]
                path[pos] = _GONE_KIND
                free[pos] = 0
                hand[kind] += 1
                if kind == _K:
                    fresh += 1
            if not active or not ((extra or hand[_K] == 0) if after else not extra):
                phase = _P_COMPLETE
                continue
            # the next seat's turn (as _P_BEGIN, inlined on the common path)
            if steps > bound:
                raise RuntimeError(f"bigpoints: the fast playout ran past the game's bound of {bound} moves")
            seat += 1
            if seat == players:
                seat = 0
            hand = hands[seat]
            phase = _P_OFFER if not after and hand[_K] > 0 else _P_MOVE
            extra = used_black = False
            fresh = 0
        final: BigPointsState = _new_state(BigPointsState, (
            variant, players, game, _OVER, seat, path.translate(_LETTER_OF_KIND).decode(), tuple(pawns),
            tuple(ladder), reserve, tuple(map(tuple, hands)), tuple(spent), -1, False, False, 0, tuple(scores),
        ))
        return final, steps

    def _state_playout(self, state: BigPointsState, rng: random.Random,
                       trace: MutableSequence[BigPointsMove] | None) -> tuple[BigPointsState, int]:
        """The playout through the engine's own transitions; ``trace`` (when given) receives every move."""
        randrange = rng._randbelow  # type: ignore[attr-defined]  # what randrange(n) calls: the same numbers
        steps = 0
        bound = self.max_game_length(state.players, state.variant)  # a bug fails here instead of looping for ever
        while True:
            if steps > bound:
                raise RuntimeError(f"bigpoints: the fast playout ran past the game's bound of {bound} moves")
            phase = state.phase
            if phase == _TAKE:
                ahead, behind = _free_sides(state.path, state.pawns, state.moved, state.pawns[state.moved])
                if ahead >= 0:
                    pos = behind if behind >= 0 and randrange(2) else ahead
                else:
                    pos = behind if behind >= 0 else -1
                if trace is not None:
                    trace.append(_NONE if pos < 0 else _AHEAD if pos == ahead else _BEHIND)
                state = self._take_at(state, pos)
            elif phase == _MOVE or phase == _EXTRA:
                variant = state.variant
                if variant.no_free_disc == "illegal":
                    moves = self._pawn_moves(variant, state.path, state.pawns, phase == _EXTRA)
                    move = moves[randrange(len(moves))] if len(moves) > 1 else moves[0]
                    colour, back = COLOURS.index(move.colour), move.back
                else:  # every pawn off the ladder moves forward; in the extra move also back when it can
                    size = _layout(variant)[0]
                    pawns = state.pawns
                    options = [(c, False) for c in range(_NCOL) if pawns[c] != size]
                    if phase == _EXTRA:
                        path = state.path
                        options += [(c, True) for c, pos in enumerate(pawns) if 0 <= pos < size and (
                            variant.back_to_start or path.rfind(LETTERS[c], 0, pos) >= 0)]
                    colour, back = options[randrange(len(options))]
                if trace is not None:
                    trace.append(_PAWNS[colour][back])
                state = self._pawn_to(state, colour, back)
            elif phase == _OFFER:
                use = self._black_usable(state) and randrange(2) == 1
                if trace is not None:
                    trace.append(_USE_BLACK if use else _NO_BLACK)
                state = self._black(state, use)
            else:
                if phase == _OVER and not self._next_game(state):
                    return state, steps
                counts = self._supply(state) if phase == _LAY else _layout(state.variant)[1]
                discs = [c for c in range(_NDISC) for _ in range(counts[c])]
                rng.shuffle(discs)  # disc by disc with the supply's odds: a uniform order of the supply
                if trace is not None:
                    trace.extend(_LAYS[c] for c in discs)
                steps += len(discs) - 1
                first = self._lay(state, DISC_COLOURS[discs[0]])
                if first.phase == _LAY:
                    full = first._replace(path=first.path + "".join(LETTERS[c] for c in discs[1:]))
                    first = self._start_turn(full, full.turn)
                state = first
            steps += 1

    # -- results ------------------------------------------------------------------

    @staticmethod
    def _game_scores(state: BigPointsState) -> tuple[int, ...]:
        variant = state.variant
        values = _step_values(variant)
        worth = [0] * _NCOL
        for step, colour in enumerate(state.ladder):
            worth[colour] = values[step]
        return tuple(_score(variant, worth, hand, spent) for hand, spent in zip(state.hands, state.spent))

    def outcome(self, state: BigPointsState) -> Outcome:
        scores = tuple(float(s) for s in state.scores)
        best = max(scores)
        return Outcome(scores, frozenset(s for s, t in enumerate(scores) if t == best))

    def max_game_length(self, players: int, variant: BigPointsVariant) -> int:
        # Each pawn has at most colour_discs - 1 discs of its colour plus the
        # ladder ahead of it; a forward move passes at least one of these, a
        # backward move (one per black disc) gives back one. So a game has at
        # most 5 * colour_discs + black forward and black backward moves, each
        # followed by a take and at most one offer, after the lays.
        size, _ = _layout(variant)
        pawn_moves = _NCOL * variant.colour_discs + 2 * variant.black_discs
        per_game = size + 3 * pawn_moves
        return per_game * (players if variant.match else 1)

    def test_configs(self) -> tuple[tuple[int, BigPointsVariant], ...]:
        v = BigPointsVariant
        return (
            (2, v()), (3, v()), (5, v()),
            (3, v(inverted_ladder=True, spent_black_counts=True)),
            (4, v(no_free_disc="illegal", back_to_start=True)),
            (2, v(extra_timing="before")),
            (3, v(match=True)),
            (2, v(colour_discs=3, black_discs=2, white_discs=1)),
            # Tiny paths, where no free disc on either side (RULES-NOTES row 5) does arise:
            (2, v(colour_discs=2, black_discs=1, white_discs=0)),
            (3, v(colour_discs=2, black_discs=1, white_discs=0, no_free_disc="illegal", extra_timing="before")),
            (2, v(colour_discs=2, black_discs=2, white_discs=0, back_to_start=True, match=True)),
            # the readings added for issue 17
            (3, v(black_counts=False, last_reserve=False, ladder_take="reserve_and_path", black_visibility="spent_only")),
            # last, as the generic checks also take the last config: full size, every other flag
            (4, v(no_free_disc="illegal", back_to_start=True, extra_timing="before", spent_black_counts=True,
                  inverted_ladder=True)),
        )

    def players_of(self, state: BigPointsState) -> int:
        return state.players

    def variant_of(self, state: BigPointsState) -> BigPointsVariant:
        return state.variant

    # -- hidden information ---------------------------------------------------------

    def observation(self, state: BigPointsState, seat: int) -> dict[str, Any]:
        """The table (path, pawns, ladder, reserve), every seat's black discs
        (other seats' unspent ones ``None`` with ``black_visibility="spent_only"``)
        and disc count, and the colours of ``seat``'s own discs only."""
        return {
            "seat": seat,
            "game": state.game,
            "current_player": self.current_player(state),
            "phase": state.phase,
            "turn": state.turn,
            "path": state.path,
            "pawns": list(state.pawns),
            "ladder": [COLOURS[c] for c in state.ladder],
            "reserve": state.reserve,
            "hand": {DISC_COLOURS[c]: n for c, n in enumerate(state.hands[seat]) if n},
            "disc_counts": [sum(h) for h in state.hands],
            "black": [
                h[_K] if state.variant.black_visibility == "public" or s == seat else None
                for s, h in enumerate(state.hands)
            ],
            "spent_black": list(state.spent),
            "moved": COLOURS[state.moved] if state.moved >= 0 else None,
            "extra": state.extra,
            "used_black": state.used_black,
            "fresh_black": state.fresh,
            "scores": list(state.scores),
        }

    def components(self, state: BigPointsState) -> Iterable[tuple[str, str]]:
        """Every disc and pawn with its place, as a list (the names and places made once: a disc's
        name per colour, the path's places per path length)."""
        out: list[tuple[str, str]] = []
        add = out.append
        if state.phase == _LAY:
            supply = self._supply(state)
            for c in range(_NDISC):
                out += [(_DISC_NAMES[c], "box")] * supply[c]
        places = _path_places(len(state.path))
        for i, letter in enumerate(state.path):
            if letter != _GONE:
                add((_LETTER_DISC[letter], places[i]))
        for letter in state.reserve:
            add((_LETTER_DISC[letter], "reserve"))
        for seat, hand in enumerate(state.hands):
            where = f"seat {seat}"
            for c in range(_NDISC):
                if hand[c]:
                    out += [(_DISC_NAMES[c], where)] * hand[c]
            out += [("disc black", f"spent {seat}")] * state.spent[seat]
        size = _layout(state.variant)[0]
        for c, pos in enumerate(state.pawns):
            if pos == size:
                place = f"ladder {state.ladder.index(c) + 1}" if c in state.ladder else "ladder ?"
            else:
                place = "start" if pos == _START else f"path {pos}"
            add((f"pawn {COLOURS[c]}", place))
        return out

    def all_components(self, players: int, variant: BigPointsVariant) -> Counter[str]:
        comp = _layout(variant)[1]
        counts: Counter[str] = Counter()
        for c in range(_NDISC):
            counts[f"disc {DISC_COLOURS[c]}"] = comp[c] + (1 if c < _NCOL else 0)
        for name in COLOURS:
            counts[f"pawn {name}"] = 1
        return counts

    def render_text(self, state: BigPointsState) -> str:
        """The path with pawns (capital letters in brackets), the ladder, the reserve and the seats.

        >>> s = GAME.new_game(2, BigPointsVariant(colour_discs=2, black_discs=1, white_discs=1), seed=1)
        >>> print(GAME.render_text(s))
        game 1/1 · seat 0 to move
        path: start[BRYGP] B W K R G Y P
        ladder: 1:- 2:- 3:- 4:- 5:- · reserve B R Y G P
        seat 0: - | black 0 (spent 0) | score 0
        seat 1: - | black 0 (spent 0) | score 0
        """
        variant = state.variant
        size = _layout(variant)[0]
        games = state.players if variant.match else 1
        actor = self.current_player(state)
        who = {CHANCE: "chance to lay the path", TERMINAL: "game over"}.get(actor, f"seat {actor} to {state.phase}")
        lines = [f"game {state.game + 1}/{games} · {who}"]
        at: dict[int, list[str]] = {}
        for c, pos in enumerate(state.pawns):
            at.setdefault(pos, []).append(LETTERS[c])
        cells = []
        if _START in at:
            cells.append(f"start[{''.join(at[_START])}]")
        for i, letter in enumerate(state.path):
            cells.append(f"{letter}[{''.join(at[i])}]" if i in at else letter)
        lines.append("path: " + " ".join(cells))
        values = _step_values(variant)
        steps = [
            f"{i + 1}:{COLOURS[state.ladder[i]] if i < len(state.ladder) else '-'}"
            + (f"={values[i]}" if i < len(state.ladder) else "")
            for i in range(_NCOL)
        ]
        lines.append("ladder: " + " ".join(steps) + " · reserve " + (" ".join(state.reserve) or "-"))
        del size
        for seat, hand in enumerate(state.hands):
            held = " ".join(f"{DISC_COLOURS[c]}×{hand[c]}" for c in range(_NDISC) if hand[c]) or "-"
            lines.append(f"seat {seat}: {held} | black {hand[_K]} (spent {state.spent[seat]}) | score {state.scores[seat]}")
        return "\n".join(lines)


GAME = BigPointsGame()
