"""The conformance checklist decides each move once and reuses pure facts, and still catches what it caught.

:class:`ruleproof.checkers.checks.conformance.StateMemo` carries the verdicts of
the engine's moves over to the candidate check, the text forms already seen to
parse back and the expected components; the fuzzing machine reuses the
checklist's verdicts and candidate list at the same state. These tests show
that every problem the full recomputation found is still found, and that the
shortcut ``GameSpec.is_legal`` (stops at the first broken rule) agrees with
``check_move`` on every candidate move.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ruleproof.checkers.checks.conformance import StateMemo, check_state, run_conformance
from ruleproof.checkers.checks.fuzz import machine_for, search_machine
from ruleproof.model.registry import available_games, game_for
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.accel.core import remember_last
from ruleproof.spec.take5 import Select, Take5Variant


class DropsALegalCard(Take5Game):
    """A broken engine: the highest card in hand is never offered (the spec allows it: spec ⊄ engine)."""

    def legal_moves(self, state: Any) -> Any:
        moves = super().legal_moves(state)
        selects = [m for m in moves if isinstance(m, Select)]
        if len(selects) > 1:
            return tuple(m for m in moves if m != max(selects))
        return moves


class BadTextForm(Take5Game):
    """A broken engine: the text form of a chosen card parses back to another card."""

    def parse_move(self, text: str) -> Any:
        move = super().parse_move(text)
        return Select(move.card % 104 + 1) if isinstance(move, Select) else move


class LeaksAComponentLater(Take5Game):
    """A broken engine: after the tenth card of a game is dealt, one card in hand is lost."""

    def _deal(self, state: Any, card: int) -> Any:
        after = super()._deal(state, card)
        if after.dealt == 10:
            hands = list(after.hands)
            hands[0] = hands[0][1:]
            return after._replace(hands=tuple(hands))
        return after


def test_invalid_engine_missing_a_legal_move_is_caught_by_the_candidate_check() -> None:
    result = run_conformance(DropsALegalCard(), 3, Take5Variant(), games=1, seed=2, candidate_every=1)
    assert "spec-subset-engine" in {p.check for p in result.problems}


def test_invalid_text_form_is_reported_at_every_state_it_occurs() -> None:
    result = run_conformance(BadTextForm(), 2, Take5Variant(), games=1, seed=0, max_problems=1000)
    text = [p for p in result.problems if p.check == "text-form"]
    # Nothing that failed is remembered as parsed: the same broken move is reported again at later states.
    assert len(text) > len({p.message for p in text}) > 0


def test_invalid_conservation_is_caught_although_the_expected_components_are_remembered() -> None:
    result = run_conformance(LeaksAComponentLater(), 2, Take5Variant(), games=1, seed=0)
    assert "conservation" in {p.check for p in result.problems}


def test_memo_holds_the_verdicts_of_the_last_state_only() -> None:
    game = game_for("take5")
    state = game.new_game(2, seed=4)
    memo = StateMemo()
    assert check_state(game, state, memo=memo) == []
    moves = game.legal_moves(state)
    assert memo.state is state and all(memo.verdict(m) is True for m in moves)
    assert memo.candidates is not None and set(moves) <= set(memo.candidates)
    illegal = [m for m in memo.candidates if m not in set(moves)]
    assert illegal and all(memo.verdict(m) is False for m in illegal)
    after = game.apply(state, moves[0])
    check_state(game, after, candidates=False, memo=memo)
    assert memo.state is after and memo.candidates is None
    assert all(memo.verdict(m) is True for m in game.legal_moves(after))


@pytest.mark.parametrize("game_id", available_games())
def test_is_legal_agrees_with_check_move_on_every_candidate(game_id: str) -> None:
    game = game_for(game_id)
    players, variant = game.test_configs()[0]
    rng = random.Random(7)
    state = game.initial_state(players, variant)
    spec = game.spec
    checked = rejected = 0
    for index in range(400):
        actor = game.current_player(state)
        if actor < -1:
            break
        if index % 7 == 0:
            for move in list(spec.candidate_moves(state, actor))[:300]:
                full = spec.check_move(variant, state, actor, move)
                assert spec.is_legal(variant, state, actor, move) == (not full), move
                checked += 1
                rejected += bool(full)
        state = game.apply(state, game.random_move(state, rng, actor))
    assert checked > 50 and rejected > 10


def test_remember_last_recomputes_for_an_equal_but_different_object() -> None:
    calls: list[object] = []

    @remember_last
    def size(cells: Any) -> int:
        calls.append(cells)
        return len(cells)

    cells = tuple([1, 2])
    assert size(cells) == 2 and size(cells) == 2 and len(calls) == 1
    other = tuple([1, 2])
    assert size(other) == 2 and len(calls) == 2  # equal but another object: asked again
    assert size(cells) == 2 and len(calls) == 3  # the last call was with the other tuple
    hand = [1, 2]
    assert size(hand) == 2
    hand.append(3)
    assert size(hand) == 3 and len(calls) == 5  # a list can change in place: never remembered


def test_remember_last_compares_every_argument_by_identity_for_any_count() -> None:
    """One, two and three arguments (the quick paths and the loop): any argument another object recomputes."""
    calls: list[tuple[object, ...]] = []

    @remember_last
    def count(*args: Any, **kwargs: Any) -> int:
        calls.append(args)
        return len(args) + len(kwargs)

    a, b, c, b2 = (1,), (2,), (3,), tuple([2])
    for args, other in (((a,), (b2,)), ((a, b), (a, b2)), ((a, b), (b2, b)), ((a, b, c), (a, b2, c))):
        before = len(calls)
        assert count(*args) == len(args) and count(*args) == len(args)
        assert len(calls) == before + 1  # the second call was remembered
        assert count(*other) == len(other) and len(calls) == before + 2  # one argument another object: asked again
    before = len(calls)
    assert count(a, flag=1) == 2 and count(a, flag=1) == 2 and len(calls) == before + 2  # keyword calls: never
    assert count() == 0 and count() == 0 and len(calls) == before + 3


def test_invalid_engine_is_found_by_the_machine_when_the_step_reuses_the_verdict() -> None:
    """The spec rejects a move the engine offers: the checklist (run before every step) reports it."""

    class OffersAnAbsentCard(Take5Game):
        def legal_moves(self, state: Any) -> Any:
            moves = super().legal_moves(state)
            if moves and isinstance(moves[0], Select):
                hand = set(state.hands[self.current_player(state)])
                absent = next(c for c in range(1, 105) if c not in hand)
                return tuple(sorted(set(moves) | {Select(absent)}))
            return moves

    machine = machine_for("take5", 2, Take5Variant())
    broken = type("Broken", (machine,), {"game": OffersAnAbsentCard()})
    result = search_machine(broken, examples=5, steps=30, seed=None)
    assert result.error is not None and "engine-subset-spec" in result.error


class UnsortedMoves(Take5Game):
    """A broken engine: legal moves in descending order."""

    def legal_moves(self, state: Any) -> Any:
        return tuple(reversed(super().legal_moves(state)))


class DuplicatedMove(Take5Game):
    """A broken engine: the first legal move is listed twice."""

    def legal_moves(self, state: Any) -> Any:
        moves = super().legal_moves(state)
        return (moves[0], *moves) if moves else moves


@pytest.mark.parametrize(("engine", "message"), [
    (UnsortedMoves(), "legal moves are not sorted"),
    (DuplicatedMove(), "duplicate legal moves"),
])
def test_invalid_move_order_is_reported(engine: Take5Game, message: str) -> None:
    state = engine.new_game(2, seed=3)
    problems = check_state(engine, state)
    assert ("legal-moves", message) in [(c, m.split(":")[0]) for c, m in problems]


def test_invalid_observation_names_the_seat() -> None:
    class SetObservation(Take5Game):
        def observation(self, state: Any, seat: int) -> Any:
            data = super().observation(state, seat)
            return {1, 2} if seat == 1 else data

    problems = check_state(SetObservation(), SetObservation().new_game(3, seed=0))
    assert [c for c, m in problems if c == "observation" and m.startswith("seat 1:")] == ["observation"]


def test_invalid_move_order_across_and_within_kinds_is_reported_by_the_run_walk() -> None:
    """The order check walks runs of one class (C loops); every misordering still falls through to ``sorted``."""
    from ruleproof.checkers.checks.conformance import _sorted_unique
    from ruleproof.spec.cinco import Draw, Exchange, Play

    good = (Draw(), Exchange(), Play(1, 0), Play(1, 3), Play(2, 0))
    assert _sorted_unique(good) is None
    for bad in [(Exchange(), Draw(), Play(1, 0)),  # kinds out of order
                (Draw(), Play(2, 0), Play(1, 3)),  # one kind's fields out of order
                (Play(1, 0), Draw(), Play(2, 0)),  # one kind in two runs
                (Draw(), Play(1, 3), Play(1, 0))]:  # the second field decides
        assert _sorted_unique(bad) == "legal moves are not sorted", bad
