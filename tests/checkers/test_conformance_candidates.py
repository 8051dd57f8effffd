"""The candidate check (spec ⇔ engine) and the move-equality check catch planted bugs, and their cheap forms agree.

:func:`ruleproof.checkers.checks.conformance.check_state` hashes each candidate
once (:func:`_check_candidates`) and looks for moves of different kinds that
compare equal only where they can be; it must find what the check as first
written (:func:`_check_candidates_by_pairs`) finds. These tests plant the bugs
each part exists to find.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from ruleproof.checkers.checks.conformance import (
    StateMemo,
    _check_candidates,
    _check_candidates_by_pairs,
    check_state,
    run_conformance,
)
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.take5 import Deal, Select, Take5Variant


class LooseSelect:
    """A move of another kind that compares equal to the :class:`Select` it wraps (the NamedTuple mistake)."""

    def __init__(self, inner: Select) -> None:
        self.inner = inner

    def __eq__(self, other: object) -> bool:
        return other == self.inner or (isinstance(other, LooseSelect) and other.inner == self.inner)

    def __hash__(self) -> int:
        return hash(self.inner)

    def __lt__(self, other: Any) -> bool:
        return bool(self.inner < (other.inner if isinstance(other, LooseSelect) else other))

    def __str__(self) -> str:
        return str(self.inner)

    def __repr__(self) -> str:
        return f"LooseSelect({self.inner!r})"


class LooseMoves(Take5Game):
    """A broken engine: its lowest card to choose is offered as a move of another kind equal to the spec's."""

    def legal_moves(self, state: Any) -> Any:
        moves = super().legal_moves(state)
        selects = [m for m in moves if isinstance(m, Select)]
        if not selects:
            return moves
        low = min(selects)
        return tuple(LooseSelect(m) if m == low else m for m in moves)


class OffersAnUnknownMove(Take5Game):
    """A broken engine: while choosing cards it also offers a move the spec never enumerates."""

    def legal_moves(self, state: Any) -> Any:
        moves = super().legal_moves(state)
        if any(isinstance(m, Select) for m in moves):
            return (*moves, Deal(0))
        return moves


class DropsTheLowestCard(Take5Game):
    """A broken engine: the lowest card in hand is never offered."""

    def legal_moves(self, state: Any) -> Any:
        moves = super().legal_moves(state)
        selects = [m for m in moves if isinstance(m, Select)]
        if len(selects) > 1:
            return tuple(m for m in moves if m != min(selects))
        return moves


def _choosing() -> Any:
    """A 3-player state where the seats choose cards (after the deal), reached by the correct engine."""
    game = Take5Game()
    state = game.new_game(3, seed=1)
    rng = random.Random(0)
    while not any(isinstance(m, Select) for m in game.legal_moves(state)):
        state = game.apply(state, game.sample_chance(state, rng))
    return state


def test_invalid_moves_of_different_kinds_that_compare_equal_are_reported() -> None:
    game = LooseMoves()
    problems = check_state(game, _choosing())
    found = [message for check, message in problems if check == "move-equality"]
    assert found and "LooseSelect(Select(card=" in found[0]


def test_invalid_engine_move_outside_the_candidates_is_reported() -> None:
    result = run_conformance(OffersAnUnknownMove(), 3, Take5Variant(), games=1, seed=0)
    outside = [p for p in result.problems if p.check == "candidates"]
    assert outside and outside[0].message == "engine moves ['deal 0'] are not spec candidates"


def test_invalid_missing_move_is_reported_and_remembered_as_allowed() -> None:
    game = DropsTheLowestCard()
    state = _choosing()
    memo = StateMemo()
    problems = check_state(game, state, memo=memo)
    lowest = min(m for m in Take5Game().legal_moves(state) if isinstance(m, Select))
    assert ("spec-subset-engine", f"spec allows ['{lowest}'], engine lacks them") in problems
    assert memo.verdict(lowest) is True
    assert memo.candidates is not None
    others = [m for m in memo.candidates if m != lowest and m not in game.legal_moves(state)]
    assert others and all(memo.verdict(m) is False for m in others)


class Row(NamedTuple):
    row: int


class Card(NamedTuple):
    card: int


class FakeSpec:
    """Allows a move when its number is even (any fixed rule will do)."""

    def is_legal(self, variant: Any, state: Any, actor: int, move: Any) -> bool:
        number = move[0] if isinstance(move, tuple) else getattr(move, "card", None)
        return number is not None and number % 2 == 0

    def allowed_moves(self, variant: Any, state: Any, actor: int, moves: Any) -> list[Any]:
        return [m for m in moves if self.is_legal(variant, state, actor, m)]


def _verdicts(memo: StateMemo, moves: list[Any]) -> list[bool | None]:
    return [memo.verdict(m) for m in moves]


def test_the_candidate_check_gives_the_findings_and_verdicts_of_the_pairwise_check() -> None:
    """Random candidate and engine lists mixing NamedTuples, tuples and Move classes (with duplicates and
    equal moves of different kinds): the hashed-once check finds what the move-by-move check finds."""
    rng = random.Random(5)
    kinds: list[Any] = [Row, Card, tuple, Select, Deal]
    paths = {"fast": 0, "pairs": 0}
    findings = 0
    for _ in range(4000):
        def draw(count: int) -> list[Any]:
            out: list[Any] = []
            for _ in range(count):
                kind = rng.choice(kinds)
                number = rng.randrange(1, 7)
                out.append((number,) if kind is tuple else kind(number))
            return out
        cands, moves = draw(rng.randrange(0, 8)), tuple(draw(rng.randrange(0, 5)))
        memos = []
        results = []
        for check in (_check_candidates, _check_candidates_by_pairs):
            memo = StateMemo()
            memo.verdicts = {(type(m), m): True for m in moves}
            results.append(check(FakeSpec(), None, None, 0, cands, moves, memo))
            memos.append(memo)
        assert results[0] == results[1], (cands, moves)
        queries = cands + list(moves) + draw(4)
        assert _verdicts(memos[0], queries) == _verdicts(memos[1], queries), (cands, moves)
        paths["fast" if memos[0].others else "pairs"] += 1
        findings += bool(results[0])
    assert paths["fast"] > 500 and paths["pairs"] > 500 and findings > 500
