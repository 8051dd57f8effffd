"""A rule's yes/no fast form (``Rule.holds``) and ``AcceleratedSpec.is_legal``, which asks it.

``is_legal`` must give ``check_move``'s verdict whatever the rules' fast forms
and whatever order it asks the rules in; a fast form that disagrees with its
rule's message form is found by :func:`fast_form_disagreements` and shows up as
``is_legal`` disagreeing with ``check_move``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest

from ruleproof.spec.accel.core import AcceleratedSpec, fast_form_disagreements
from ruleproof.spec.core import (
    GameSpec,
    Rule,
    RuleKind,
    Source,
    Step,
    check_rules,
)


@dataclass(frozen=True)
class Demo:
    """A variant with no flags."""


SRC = Source("demo.txt", "Раздел")


def _rule(rule_id: str, ok: Any, *, fast: Any = None, applies: Any = None) -> Rule:
    extra: dict[str, Any] = {} if applies is None else {"applies": applies}
    return Rule(rule_id, rule_id, "A demo rule.", SRC, RuleKind.LEGALITY,
                lambda step: None if ok(step.move) else f"{step.move} breaks {rule_id}", holds=fast, **extra)


def _spec(*rules: Rule) -> GameSpec[Demo, int, int]:
    return AcceleratedSpec(name="demo", title="Demo", rulebook="demo.txt", variant_type=Demo, rules=rules,
                    ambiguities=(), whose_turn=lambda state: 0, candidate_moves=lambda state, actor: range(-20, 40),
                    parse_move=int, min_players=1, max_players=2)


def _even(m: int) -> bool:
    return m % 2 == 0


def _small(m: int) -> bool:
    return m < 30


def _positive(m: int) -> bool:
    return m > 0


def _agreeing_spec() -> GameSpec[Demo, int, int]:
    return _spec(
        _rule("D-1", _positive, fast=lambda step: _positive(step.move)),
        _rule("D-2", _even),  # no fast form: is_legal asks the message form
        _rule("D-3", _small, fast=lambda step: _small(step.move), applies=lambda step: step.actor == 0),
    )


def test_is_legal_with_fast_forms_equals_check_move() -> None:
    spec = _agreeing_spec()
    verdicts = {}
    for actor in (0, 1):
        for move in range(-20, 40):
            expected = not spec.check_move(Demo(), 0, actor, move)
            assert spec.is_legal(Demo(), 0, actor, move) == expected, (actor, move)
            verdicts[(actor, move)] = expected
    assert verdicts[(0, 4)] and not verdicts[(0, 32)] and verdicts[(1, 32)] and not verdicts[(0, 3)]


def test_is_legal_does_not_build_messages_when_a_rule_has_a_fast_form() -> None:
    asked: list[int] = []

    def message(step: Step[Any, Any, Any]) -> str | None:
        asked.append(step.move)
        return None if step.move > 0 else "not positive"

    rule = Rule("D-9", "Positive", "Positive.", SRC, RuleKind.LEGALITY, message, holds=lambda step: step.move > 0)
    spec = _spec(rule)
    assert [spec.is_legal(Demo(), 0, 0, m) for m in (-1, 1)] == [False, True]
    assert asked == []
    assert spec.check_move(Demo(), 0, 0, -1).rule_ids == ("D-9",) and asked == [-1]


@pytest.mark.parametrize("first", [None, 0, 1, 2])
def test_is_legal_verdict_does_not_depend_on_which_rule_is_asked_first(first: int | None) -> None:
    spec = _agreeing_spec()
    for move in range(-20, 40):
        spec._asking_orders.clear()  # the order of asking for moves of this class: ``first`` asked first
        if first is not None:
            tests, counts = spec._asking(int)
            spec._asking_orders[int] = [(tests[first], *tests[:first], *tests[first + 1:]), counts]
        assert spec.is_legal(Demo(), 0, 0, move) == (not spec.check_move(Demo(), 0, 0, move)), (first, move)


def test_invalid_fast_form_is_found_and_makes_is_legal_disagree_with_check_move() -> None:
    """Planted bug: D-3's fast form forgets the bound (it says every move is small)."""
    good = _agreeing_spec()
    bad_rule = dataclasses.replace(good.rule("D-3"), holds=lambda step: True)
    bad = _spec(good.rule("D-1"), good.rule("D-2"), bad_rule)
    steps = [Step(Demo(), 0, 0, m) for m in range(-20, 40)]
    assert all(fast_form_disagreements(good.rules, s) == () for s in steps)
    found = {s.move for s in steps if fast_form_disagreements(bad.rules, s) == ("D-3",)}
    assert found == set(range(30, 40))
    disagree = {m for m in range(-20, 40) if bad.is_legal(Demo(), 0, 0, m) != (not bad.check_move(Demo(), 0, 0, m))}
    assert disagree == {30, 32, 34, 36, 38}  # the even, positive moves the bound alone rejects


def test_fast_form_is_asked_only_where_the_rule_applies() -> None:
    rule = _rule("D-4", _small, fast=lambda step: 1 // 0 == 0, applies=lambda step: step.actor == 0)
    step = Step(Demo(), 0, 1, 99)
    assert rule.allows(step) and fast_form_disagreements((rule,), step) == ()
    assert not check_rules((rule,), step)
