"""The BigPoints explorations behind WF-BP-1..3 are unchanged by the engine's cheaper transitions.

The engine remembers the free discs beside the pawn of the last take state it was asked about
(a take's state is asked for its moves, then taken from on each side), lists every forward move
at once when no pawn is on the ladder, and looks pawn colours up in a dict; the key
(:func:`~ruleproof.checkers.explore.statespace.bigpoints_key`) remembers the last variant's number.
Here the reduced configurations are explored with the engine and the key, and again with a plain
reference (the reference transitions of ``test_bigpoints_transitions``, the free discs found afresh
for every legal-move list and every take, and the state abstraction written with ``_replace``):
the same states, in the same order, with the same labelled edges, actors, frontier and winners.
Planted mistakes in the shortcuts (a free-disc memory keyed on the pawns alone, the forward moves
listed at once even with a pawn on the ladder) change the graph, which shows the comparison can fail.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from ruleproof.checkers.explore import statespace as ss
from ruleproof.model import bigpoints as bp
from ruleproof.model.bigpoints import BigPointsGame
from ruleproof.spec.bigpoints import BigPointsMove, BigPointsState, BigPointsVariant, Pawn
from tests.model.test_bigpoints_transitions import _Reference


class _PlainReference(_Reference):
    """The reference transitions with the free discs beside the moved pawn found afresh each time."""

    def legal_moves(self, state: BigPointsState) -> tuple[BigPointsMove, ...]:
        if state.phase == bp._TAKE:
            colour = state.moved
            ahead, behind = bp._free_sides(state.path, state.pawns, colour, state.pawns[colour])
            if ahead >= 0:
                return (bp._AHEAD, bp._BEHIND) if behind >= 0 else (bp._AHEAD,)
            return (bp._BEHIND,) if behind >= 0 else (bp._NONE,)
        return BigPointsGame.legal_moves.__wrapped__(self, state)  # type: ignore[attr-defined,no-any-return]

    def _take(self, state: BigPointsState, side: str) -> BigPointsState:
        if side == "none":
            return self._take_at(state, -1)
        colour = state.moved
        ahead, behind = bp._free_sides(state.path, state.pawns, colour, state.pawns[colour])
        return self._take_at(state, ahead if side == "ahead" else behind)


def _reference_key(state: Any) -> Any:
    return state._replace(hands=tuple(h[5] for h in state.hands), spent=(), scores=(), ladder=(), reserve="")


#: The configurations of WF-BP-1's quick sweep (checkers/analysis/wellformed.py), each explored
#: whole from some of its six paths (the positions of the roots given; 5,000-9,000 states each, where
#: the whole configuration has 24,250-32,867: the comparison runs both engines, the reference the slower).
_CONFIGS: list[tuple[dict[str, Any], tuple[int, ...]]] = [
    ({}, (0, 3)),
    ({"back_to_start": True}, (0,)),
    ({"no_free_disc": "illegal", "back_to_start": True, "extra_timing": "before"}, (3,)),
]


def _graph(engine: BigPointsGame, key: Any, flags: dict[str, Any], roots: tuple[int, ...],
           max_states: int | None = None) -> tuple[Any, ...]:
    config = ss.config_for("bigpoints", "tiny", **flags)
    every = config.initial_states()
    ex = ss.explore(engine, [every[i] for i in roots], frontier=config.frontier,
                    max_states=config.max_states if max_states is None else max_states, config=config, key=key)
    edges = [[(str(move), m) for move, m in out] for out in ex.succ]
    return ex.states, ex.roots, ex.complete, ex.actors, ex.frontier, ex.winners, edges


@pytest.mark.parametrize("flags,roots", _CONFIGS, ids=["tiny", "back_to_start", "strict_before"])
def test_the_explored_graph_equals_the_plain_recomputation(flags: dict[str, Any], roots: tuple[int, ...]) -> None:
    fast = _graph(bp.GAME, ss.bigpoints_key, flags, roots)
    plain = _graph(_PlainReference(), _reference_key, flags, roots)
    assert fast == plain
    states, _, complete, _, _, _, edges = fast
    assert len(states) > 5_000 and complete and sum(map(len, edges)) > len(states)  # states met again
    assert {s.phase for s in states} >= {bp._MOVE, bp._TAKE, bp._OFFER, bp._EXTRA, bp._OVER}


class _SidesByPawns(BigPointsGame):
    """Wrong: remembers the free discs by the pawns' places alone (not the path)."""

    memory: dict[tuple[int, ...], tuple[int, int]] = {}

    def _take(self, state: BigPointsState, side: str) -> BigPointsState:
        if side == "none":
            return self._take_at(state, -1)
        colour = state.moved
        sides = self.memory.setdefault(
            state.pawns, bp._free_sides(state.path, state.pawns, colour, state.pawns[colour]))
        return self._take_at(state, sides[0] if side == "ahead" else sides[1])


class _ForwardAlways(BigPointsGame):
    """Wrong: lists every forward move at once even when a pawn stands on the ladder."""

    @staticmethod
    def _pawn_moves(variant: BigPointsVariant, path: str, pawns: tuple[int, ...], extra: bool) -> tuple[Pawn, ...]:
        if not extra and variant.no_free_disc != "illegal":
            return bp._ALL_FORWARD
        return BigPointsGame._pawn_moves(variant, path, pawns, extra)


@functools.cache
def _right_graph() -> tuple[Any, ...]:
    """The engine's graph of the back-to-start configuration (made once: each planted mistake is compared with it)."""
    flags, roots = _CONFIGS[1]
    return _graph(bp.GAME, ss.bigpoints_key, flags, roots)


@pytest.mark.parametrize("wrong", [_SidesByPawns, _ForwardAlways])
def test_a_wrong_shortcut_changes_the_graph(wrong: type[BigPointsGame]) -> None:
    flags, roots = _CONFIGS[1]
    right = _right_graph()
    # Explored no further than the right graph's size: a shortcut that changes nothing gives the very same complete
    # graph within it, and one that adds states stops, incomplete, past it (a wrong graph explored whole cost 1.6 s).
    try:
        got: Any = _graph(wrong(), ss.bigpoints_key, flags, roots, max_states=len(right[0]))
    except KeyError:  # a take from a disc already taken: the mistake shows as a crash
        got = None
    assert got != right


def test_the_take_sides_memory_answers_for_the_state_asked() -> None:
    # Two take states asked alternately: each gets its own free discs, not the other's.
    config = ss.config_for("bigpoints", "tiny", back_to_start=True)
    ex = ss.explore(bp.GAME, config.initial_states(), max_states=3_000, config=config, key=ss.bigpoints_key)
    takes = [s for s in ex.states if s.phase == bp._TAKE]
    pairs = [(a, b) for a, b in zip(takes, takes[1:])
             if bp._free_sides(a.path, a.pawns, a.moved, a.pawns[a.moved])
             != bp._free_sides(b.path, b.pawns, b.moved, b.pawns[b.moved])]
    assert pairs
    for a, b in pairs[:50]:
        for state in (a, b, a, a, b):
            assert bp._take_sides(state) == bp._free_sides(state.path, state.pawns, state.moved,
                                                           state.pawns[state.moved])
