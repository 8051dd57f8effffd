"""``AcceleratedSpec.allowed_moves``: the legality question asked of a list of moves at once.

Its verdicts must be those of ``is_legal`` (and of ``check_move``) move by
move, in the moves' order, for moves of several classes, duplicates, rules
with and without ``applies`` and fast forms, and rules that raise (a move a
rule raises on is decided in rule order, as ``is_legal`` decides it). Lists
shorter than ``_BATCH_FROM`` are asked move by move: the tests of short
lists run with the batch from one move on too (``batch_from``). The
planted-bug tests show that a batch that forgot the later rules, ``applies``,
the class split or the raising fall-back would be caught.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.accel import core
from ruleproof.spec.accel.core import AcceleratedSpec
from ruleproof.spec.core import GameSpec, Rule, RuleKind, Source, Step

from tests.spec.test_accel_move_classes import MOVES, Demo, _rule, _rules, _spec

SRC = Source("demo.txt", "Раздел")


def _by_move(spec: GameSpec[Any, Any, Any], moves: list[Any], actor: int = 0) -> list[Any]:
    return [m for m in moves if not spec.check_move(Demo(), 0, actor, m)]


def test_allowed_moves_gives_check_moves_verdicts_on_mixed_classes_in_order(batch_from: int) -> None:
    spec = _spec(*_rules())
    rng = random.Random(3)
    seen_allowed = seen_rejected = 0
    for _ in range(300):
        moves = [rng.choice(MOVES) for _ in range(rng.randrange(0, 25))]  # duplicates and mixed classes
        actor = rng.choice((0, 1))
        expected = _by_move(spec, moves, actor)
        assert spec.allowed_moves(Demo(), 0, actor, moves) == expected, moves
        assert spec.allowed_moves(Demo(), 0, actor, iter(moves)) == expected  # any iterable
        seen_allowed += len(expected)
        seen_rejected += len(moves) - len(expected)
    assert seen_allowed > 300 and seen_rejected > 300


def _random_rules(rng: random.Random) -> tuple[Rule, ...]:
    """Rules on ints with random thresholds: some with ``applies``, some with fast forms, some only for
    ints, so each rule rejects a different share of the moves."""
    rules = []
    for i in range(rng.randrange(1, 6)):
        low, modulus = rng.randrange(-10, 10), rng.randrange(2, 5)
        kind = rng.randrange(3)
        if kind == 0:
            ok: Any = lambda m, low=low: not isinstance(m, int) or m >= low  # noqa: E731
        elif kind == 1:
            ok = lambda m, mod=modulus: not isinstance(m, int) or m % mod != 0  # noqa: E731
        else:
            ok = lambda m, low=low: not isinstance(m, str) or len(m) > 2 + low % 3  # noqa: E731
        applies = (lambda s, a=rng.randrange(2): s.actor == a) if rng.random() < 0.4 else None
        holds = (lambda s, ok=ok: bool(ok(s.move))) if rng.random() < 0.6 else None
        rules.append(_rule(f"R-{i}", ok, applies=applies, holds=holds))
    return tuple(rules)


def test_allowed_moves_agrees_with_is_legal_over_random_rule_sets_and_asking_orders(batch_from: int) -> None:
    """Random rule sets, asked many lists in a row (so the asking order changes between lists); some moves
    pass the rule asked first and are rejected by a later one."""
    rng = random.Random(11)
    later = 0
    for _ in range(60):
        spec = _spec(*_random_rules(rng))
        for _ in range(8):
            moves = [rng.choice(MOVES) for _ in range(rng.randrange(0, 30))]
            actor = rng.choice((0, 1))
            firsts = {kind: spec._asking(kind)[0][0] if kind not in spec._asking_orders
                      else spec._asking_orders[kind][0][0] for kind in map(type, moves)}
            expected = [m for m in moves if spec.is_legal(Demo(), 0, actor, m)]
            assert expected == _by_move(spec, moves, actor)
            for move in moves:  # passes the rule asked first, rejected all the same
                applies, _, check, _ = firsts[type(move)]
                step = Step(Demo(), 0, actor, move)
                later += (applies is None or not applies(step) or check(step) is None) and move not in expected
            assert spec.allowed_moves(Demo(), 0, actor, moves) == expected, (moves, actor)
    assert later > 100


@pytest.fixture(params=[1, core._BATCH_FROM], ids=["batch", "default"])
def batch_from(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """The shortest list asked as a batch: every list, then the default."""
    monkeypatch.setattr(core, "_BATCH_FROM", request.param)
    return int(request.param)


def test_allowed_moves_counts_rejections_and_sorts_the_asking_order() -> None:
    rules = (_rule("C-1", lambda m: m != 5), _rule("C-3", lambda m: m < 9), _rule("C-4", lambda m: m % 2 == 0))
    spec = _spec(*rules)
    moves = [*range(0, 40, 3), *range(1, 40, 2)]
    assert spec.allowed_moves(Demo(), 0, 0, moves) == [0, 6]
    tests, counts = spec._asking_orders[int]
    # In rule order: C-1 over every move rejects 5; each move it keeps goes through C-3 (rejects the 11 + 16
    # moves from 9 up), then C-4 (rejects 3, 1, 3, 7).
    assert counts == [1, 27, 4]
    assert [spec.legality_rules[index].id for *_, index in tests] == ["C-3", "C-4", "C-1"]
    assert spec.allowed_moves(Demo(), 0, 0, moves) == [0, 6]
    assert sum(spec._asking_orders[int][1]) == 2 * 32


def test_a_move_a_rule_raises_on_is_decided_in_rule_order(batch_from: int) -> None:
    """C-2 reads a field that only ints have; in rule order C-1 rejects every other move first."""
    spec = _spec(_rule("C-1", lambda m: isinstance(m, int)), _rule("C-2", lambda m: m.bit_length() < 4))
    for kind in (str, int, float):
        tests, counts = spec._asking(kind)
        spec._asking_orders[kind] = [(tests[1], tests[0]), counts]  # C-2 asked first: it raises on non-ints
    moves = ["w1", 3, 30, "w2", 7, 2.5]
    assert spec.allowed_moves(Demo(), 0, 0, moves) == [3, 7]
    assert spec.allowed_moves(Demo(), 0, 0, ["w1", "w2"]) == []
    broken = _spec(_rule("C-2", lambda m: m.bit_length() < 4))
    with pytest.raises(AttributeError):
        broken.allowed_moves(Demo(), 0, 0, [3, "w1"])


def test_a_move_the_rule_order_pass_allows_keeps_its_place(batch_from: int) -> None:
    """A flaky rule raises the first time it is asked about a multiple of 3: such a move is decided by the
    rule-order pass, which allows 6; it comes back in its place among the moves."""
    asked: set[int] = set()

    def flaky(step: Step[Any, Any, Any]) -> bool:
        if step.move % 3 == 0 and step.move not in asked:
            asked.add(step.move)
            raise ValueError("asked too early")
        return True

    flaky_rule = Rule("C-1", "C-1", "Demo.", SRC, RuleKind.LEGALITY, lambda s: None if flaky(s) else "no",
                      holds=flaky)
    spec = _spec(flaky_rule, _rule("C-2", lambda m: m % 2 == 0))
    assert spec.allowed_moves(Demo(), 0, 0, list(range(12))) == [0, 2, 4, 6, 8, 10]  # asked first: over the list
    assert asked == {0, 3, 6, 9} or batch_from > 1  # move by move, C-2 comes first after rejecting 1
    asked.clear()
    spec = _spec(_rule("C-0", lambda m: m < 100), flaky_rule, _rule("C-2", lambda m: m % 2 == 0))
    assert spec.allowed_moves(Demo(), 0, 0, list(range(12))) == [0, 2, 4, 6, 8, 10]  # asked second: move by move
    assert asked == {0, 3, 6, 9} or batch_from > 1


def test_a_rule_that_raises_on_a_list_is_asked_move_by_move_with_its_applies(batch_from: int) -> None:
    """R is asked first and raises on "boom" (which C-1 rejects first in rule order); move by move, R must
    still reject "bad" and pass over "skip" (where it does not apply)."""
    def r_holds(step: Step[Any, Any, Any]) -> bool:
        if step.move == "boom":
            raise KeyError(step.move)
        return bool(step.move != "bad")

    spec = _spec(_rule("C-1", lambda m: m != "boom"),
                 Rule("R", "R", "Demo.", SRC, RuleKind.LEGALITY, lambda s: None if r_holds(s) else "bad",
                      applies=lambda s: s.move != "skip", holds=r_holds))
    tests, counts = spec._asking(str)
    spec._asking_orders[str] = [(tests[1], tests[0]), counts]
    moves = ["ok", "boom", "bad", "skip", "ok2"]
    assert spec.allowed_moves(Demo(), 0, 0, moves) == ["ok", "skip", "ok2"]
    assert [m for m in moves if spec.is_legal(Demo(), 0, 0, m)] == ["ok", "skip", "ok2"]


def _careless(spec: GameSpec[Any, Any, Any], how: str, moves: list[Any], actor: int) -> list[Any]:
    """``allowed_moves`` as a careless batch would answer (for the planted-bug test)."""
    def step(m: Any) -> Step[Any, Any, Any]:
        return Step(Demo(), 0, actor, m)

    if how == "first rule only":
        return [m for m in moves if spec.legality_rules[0].allows(step(m))]
    if how == "ignores applies":
        return [m for m in moves if all(check(step(m)) is None for *_, check, _ in spec._legality_table(type(m)))]
    if how == "one class's rules for all":
        return [m for m in moves if all(rule.allows(step(m)) for *_, rule in spec._legality_table(int))]
    raise ValueError(how)


@pytest.mark.parametrize("how", ["first rule only", "ignores applies", "one class's rules for all"])
def test_planted_careless_batches_disagree_with_check_move(how: str, batch_from: int) -> None:
    spec = _spec(*_rules())
    moves = list(MOVES)
    expected = _by_move(spec, moves, actor=1)
    assert spec.allowed_moves(Demo(), 0, 1, moves) == expected
    assert _careless(spec, how, moves, 1) != expected


@pytest.mark.parametrize("game_id", available_games())
def test_allowed_moves_agrees_with_check_move_on_the_candidates_of_random_states(game_id: str) -> None:
    game = game_for(game_id)
    players, variant = game.test_configs()[0]
    rng = random.Random(17)
    state = game.initial_state(players, variant)
    spec = game.spec
    checked = allowed = 0
    for index in range(300):
        actor = game.current_player(state)
        if actor < -1:
            break
        if index % 6 == 0:
            cands = list(spec.candidate_moves(state, actor))[:400]
            expected = [m for m in cands if not spec.check_move(variant, state, actor, m)]
            assert spec.allowed_moves(variant, state, actor, cands) == expected
            assert spec.allowed_moves(variant, state, actor, cands[::-1]) == expected[::-1]
            checked += len(cands)
            allowed += len(expected)
        state = game.apply(state, game.random_move(state, rng, actor))
    assert checked > 50 and 0 < allowed < checked
