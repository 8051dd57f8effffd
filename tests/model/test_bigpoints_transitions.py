"""The BigPoints engine's transitions against a reference copy of the earlier ones.

The engine builds each successor state in one go (every field unpacked, the
tuple made without the NamedTuple's ``__new__``, a take that only passes the
turn built without an intermediate state) and lists the forward moves at once
when a move onto a gap is allowed. :class:`_Reference` keeps the transitions
as they were before (a state per step, ``_replace``, the pawn-by-pawn move
list); along random games of every test configuration both must give the same
legal moves and components and, for every legal move, the same successor
down to the type of each field (``False`` and ``0`` are equal but not the same field).
A deliberately wrong shortcut (never offering black after a take) and a
wrong component list fail the same comparison, which shows the comparison can fail.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ruleproof.model.io import codec
from ruleproof.model.bigpoints import (
    _EXTRA,
    _K,
    _LAY,
    _MOVE,
    _NCOL,
    _OFFER,
    _OVER,
    _PAWN_ORDER,
    _PAWNS,
    _RESERVE,
    _START,
    _TAKE,
    _EMPTY_HAND,
    _GONE,
    _LETTER_INDEX,
    GAME,
    BigPointsGame,
    _free_sides,
    _is_gap,
    _layout,
)
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec.bigpoints import (
    COLOURS,
    DISC_COLOURS,
    LETTERS,
    BigPointsMove,
    BigPointsState,
    BigPointsVariant,
    Black,
    Pawn,
    Take,
)


class _Reference(BigPointsGame):
    """The transitions and pawn-move list as the engine had them before the one-step forms."""

    @staticmethod
    def _pawn_moves(variant: BigPointsVariant, path: str, pawns: tuple[int, ...], extra: bool) -> tuple[Pawn, ...]:
        size = _layout(variant)[0]
        strict = variant.no_free_disc == "illegal"
        moves: list[Pawn] = []
        gaps = False
        for c in _PAWN_ORDER:
            pos = pawns[c]
            if pos == size:
                continue
            letter = LETTERS[c]
            dest = path.find(letter, pos + 1)
            if dest < 0 or not (strict and _is_gap(path, pawns, c, dest)):
                moves.append(_PAWNS[c][0])
            else:
                gaps = True
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
            return tuple(_PAWNS[c][0] for c in _PAWN_ORDER if pawns[c] != size)
        return tuple(moves)

    def apply_unchecked(self, state: BigPointsState, move: BigPointsMove) -> BigPointsState:
        if isinstance(move, Pawn):
            return self._pawn_to(state, COLOURS.index(move.colour), move.back)
        if isinstance(move, Take):
            return self._take(state, move.side)
        if isinstance(move, Black):
            return self._black(state, move.use)
        return self._lay(state, move.colour)

    def _lay(self, state: BigPointsState, colour: str) -> BigPointsState:
        game, turn, path = state.game, state.turn, state.path
        if state.phase == _OVER:
            game += 1
            turn = game % state.players
            path = ""
        path += LETTERS[DISC_COLOURS.index(colour)]
        fresh = BigPointsState(
            state.variant, state.players, game, _LAY, turn, path, (_START,) * _NCOL, (), _RESERVE,
            (_EMPTY_HAND,) * state.players, (0,) * state.players, -1, False, False, 0, state.scores,
        )
        return self._start_turn(fresh, turn) if len(path) == _layout(state.variant)[0] else fresh

    def _start_turn(self, state: BigPointsState, seat: int) -> BigPointsState:
        phase = _MOVE
        variant = state.variant
        if variant.extra_timing == "before" and state.hands[seat][_K] > 0:
            if variant.no_free_disc != "illegal" or self._pawn_moves(variant, state.path, state.pawns, True):
                phase = _OFFER
        return state._replace(phase=phase, turn=seat, moved=-1, extra=False, used_black=False, fresh=0)

    def _complete(self, state: BigPointsState, extra: bool) -> BigPointsState:
        variant = state.variant
        if len(state.ladder) == _NCOL:
            totals = self._game_scores(state)
            return state._replace(phase=_OVER, moved=-1, extra=False, used_black=False, fresh=0,
                                  scores=tuple(a + b for a, b in zip(state.scores, totals)))
        if variant.extra_timing == "after":
            if not extra and self._black_usable(state):
                return state._replace(phase=_OFFER, moved=-1, extra=False)
            return self._start_turn(state, (state.turn + 1) % state.players)
        if extra:
            return state._replace(phase=_MOVE, moved=-1, extra=False)
        return self._start_turn(state, (state.turn + 1) % state.players)

    def _pawn_to(self, state: BigPointsState, colour: int, back: bool) -> BigPointsState:
        variant = state.variant
        size = _layout(variant)[0]
        pos = state.pawns[colour]
        letter = LETTERS[colour]
        if back:
            dest = state.path.rfind(letter, 0, pos)
        else:
            dest = state.path.find(letter, pos + 1)
            dest = size if dest < 0 else dest
        pawns = state.pawns[:colour] + (dest,) + state.pawns[colour + 1 :]
        extra = state.phase == _EXTRA
        if dest != size:
            return state._replace(phase=_TAKE, pawns=pawns, moved=colour, extra=extra)
        seat = state.turn
        last = len(state.ladder) + 1 == _NCOL
        hands, reserve = state.hands, state.reserve
        if variant.last_reserve or not last:
            hand = hands[seat]
            hand = hand[:colour] + (hand[colour] + 1,) + hand[colour + 1 :]
            hands = hands[:seat] + (hand,) + hands[seat + 1 :]
            reserve = reserve.replace(letter, "")
        arrived = state._replace(pawns=pawns, ladder=state.ladder + (colour,), reserve=reserve, hands=hands)
        if variant.ladder_take == "reserve_and_path" and not last:
            return arrived._replace(phase=_TAKE, moved=colour, extra=extra)
        return self._complete(arrived._replace(moved=-1, extra=False), extra)

    def _take_at(self, state: BigPointsState, pos: int) -> BigPointsState:
        path, hands, fresh = state.path, state.hands, state.fresh
        if pos >= 0:
            disc = _LETTER_INDEX[path[pos]]
            path = path[:pos] + _GONE + path[pos + 1 :]
            seat = state.turn
            hand = hands[seat]
            hand = hand[:disc] + (hand[disc] + 1,) + hand[disc + 1 :]
            hands = hands[:seat] + (hand,) + hands[seat + 1 :]
            fresh += disc == _K
        taken = state._replace(path=path, hands=hands, moved=-1, extra=False, fresh=fresh)
        return self._complete(taken, state.extra)

    def _black(self, state: BigPointsState, use: bool) -> BigPointsState:
        if not use:
            if state.variant.extra_timing == "before":
                return state._replace(phase=_MOVE)
            return self._start_turn(state, (state.turn + 1) % state.players)
        seat = state.turn
        hand = state.hands[seat]
        hand = hand[:_K] + (hand[_K] - 1,) + hand[_K + 1 :]
        spent = state.spent[:seat] + (state.spent[seat] + 1,) + state.spent[seat + 1 :]
        return state._replace(phase=_EXTRA, hands=state.hands[:seat] + (hand,) + state.hands[seat + 1 :],
                              spent=spent, moved=-1, extra=False, used_black=True)


    def components(self, state: BigPointsState) -> Any:
        if state.phase == _LAY:
            supply = self._supply(state)
            for c in range(len(DISC_COLOURS)):
                for _ in range(supply[c]):
                    yield f"disc {DISC_COLOURS[c]}", "box"
        for i, letter in enumerate(state.path):
            if letter != _GONE:
                yield f"disc {DISC_COLOURS[_LETTER_INDEX[letter]]}", f"path {i}"
        for letter in state.reserve:
            yield f"disc {DISC_COLOURS[_LETTER_INDEX[letter]]}", "reserve"
        for seat, hand in enumerate(state.hands):
            for c in range(len(DISC_COLOURS)):
                for _ in range(hand[c]):
                    yield f"disc {DISC_COLOURS[c]}", f"seat {seat}"
            for _ in range(state.spent[seat]):
                yield "disc black", f"spent {seat}"
        size = _layout(state.variant)[0]
        for c, pos in enumerate(state.pawns):
            if pos == size:
                place = f"ladder {state.ladder.index(c) + 1}" if c in state.ladder else "ladder ?"
            else:
                place = "start" if pos == _START else f"path {pos}"
            yield f"pawn {COLOURS[c]}", place


class _MislabelsTheReserve(BigPointsGame):
    """A wrong component list: the reserve's discs said to lie in the box."""

    def components(self, state: BigPointsState) -> Any:
        return [(name, "box" if place == "reserve" else place) for name, place in super().components(state)]


class _NeverOffersAfterTake(BigPointsGame):
    """A wrong shortcut: a take always passes the turn (no black-disc offer)."""

    def _complete(self, state: BigPointsState, extra: bool) -> BigPointsState:
        if len(state.ladder) == _NCOL:
            return super()._complete(state, extra)
        return self._start_turn(state, (state.turn + 1) % state.players)


REFERENCE = _Reference()


def _same(got: Any, want: BigPointsState) -> bool:
    return (type(got) is BigPointsState and got == want
            and [type(f) for f in got] == [type(f) for f in want])


def _differences(engine: BigPointsGame, games: int, seed: int, first: bool = False) -> list[str]:
    """Where ``engine`` and the reference differ along random games of every test configuration
    (the legal moves of each state, the successor of each legal move); empty when they agree
    (with ``first``, stops at the first difference)."""
    rng = random.Random(seed)
    found: list[str] = []
    for players, variant in GAME.test_configs():
        for _ in range(games):
            state = REFERENCE.initial_state(players, variant)
            while (actor := REFERENCE.current_player(state)) != TERMINAL:
                moves = REFERENCE.legal_moves(state)
                if engine.legal_moves(state) != moves:
                    found.append(f"legal moves of {state!r}")
                laying = actor == CHANCE and state.phase == _LAY  # every eighth of the many lay states
                if (not laying or len(state.path) % 8 == 0) and (
                        list(engine.components(state)) != list(REFERENCE.components(state))):
                    found.append(f"components of {state!r}")
                if actor != CHANCE:
                    for move in moves:
                        want, got = REFERENCE.apply_unchecked(state, move), engine.apply_unchecked(state, move)
                        if not _same(got, want):
                            found.append(f"{move} from {state!r}: {got!r} != {want!r}")
                move = REFERENCE.sample_chance(state, rng) if actor == CHANCE else moves[rng.randrange(len(moves))]
                want, got = REFERENCE.apply_unchecked(state, move), engine.apply_unchecked(state, move)
                if not _same(got, want):
                    found.append(f"{move} from {state!r}: {got!r} != {want!r}")
                if found and first:
                    return found
                state = want
    return found


def test_transitions_match_the_reference_along_random_games() -> None:
    assert _differences(GAME, games=6, seed=0) == []


@pytest.mark.parametrize("wrong", [_NeverOffersAfterTake, _MislabelsTheReserve])
def test_a_wrong_shortcut_is_caught(wrong: type[BigPointsGame]) -> None:
    assert _differences(wrong(), games=6, seed=0, first=True)


@pytest.mark.parametrize("seed", range(3))
def test_serialisations_match_the_reference(seed: int) -> None:
    """Whole random games through both: the same moves give the same encoded states."""
    rng = random.Random(seed)
    for players, variant in GAME.test_configs():
        mine: Any = GAME.initial_state(players, variant)
        ref: Any = mine
        while (actor := GAME.current_player(mine)) != TERMINAL:
            moves = GAME.legal_moves(mine)
            move = GAME.sample_chance(mine, rng) if actor == CHANCE else moves[rng.randrange(len(moves))]
            mine, ref = GAME.apply(mine, move), REFERENCE.apply(ref, move)
            assert json.dumps(codec.encode(mine)) == json.dumps(codec.encode(ref))
