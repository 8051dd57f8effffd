"""Rules that declare their move classes (``Rule.moves``) and the order ``AcceleratedSpec.is_legal`` asks rules in.

``check_move`` and ``is_legal`` look only at the legality rules whose ``moves``
allow the move's class; the reports must be those of ``check_rules`` over every
legality rule, and a rule whose ``applies`` holds for a class its ``moves``
leave out is found by :func:`move_class_disagreements` (and then makes
``check_move`` miss it). ``is_legal`` asks the rules that rejected the most
moves of a class first; its verdicts never depend on that order, and a rule
that raises when asked early is asked again in rule order.
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
    move_class_disagreements,
)


@dataclass(frozen=True)
class Demo:
    """A variant with no flags."""


SRC = Source("demo.txt", "Раздел")
MOVES: tuple[object, ...] = (*range(-6, 12), *(f"w{i}" for i in range(-3, 6)), 2.5, -1.5)


def _rule(rule_id: str, ok: Any, *, applies: Any = None, moves: tuple[type[Any], ...] = (),
          holds: Any = None) -> Rule:
    extra: dict[str, Any] = {} if applies is None else {"applies": applies}
    return Rule(rule_id, rule_id, "A demo rule.", SRC, RuleKind.LEGALITY,
                lambda step: None if ok(step.move) else f"{step.move!r} breaks {rule_id}", moves=moves,
                holds=holds, **extra)


def _spec(*rules: Rule) -> GameSpec[Demo, int, object]:
    return AcceleratedSpec(name="demo", title="Demo", rulebook="demo.txt", variant_type=Demo, rules=rules,
                    ambiguities=(), whose_turn=lambda state: 0, candidate_moves=lambda state, actor: MOVES,
                    parse_move=str, min_players=1, max_players=2)


def _rules() -> tuple[Rule, ...]:
    return (
        _rule("C-1", lambda m: m != 5, applies=lambda s: isinstance(s.move, int), moves=(int,)),
        _rule("C-2", lambda m: not str(m).startswith("w-"), applies=lambda s: isinstance(s.move, str), moves=(str,)),
        _rule("C-3", lambda m: m < 9 if isinstance(m, (int, float)) else len(m) < 3),  # every class
        _rule("C-4", lambda m: m % 2 == 0, applies=lambda s: type(s.move) is int and s.actor == 0, moves=(int,)),
        _rule("C-5", lambda m: m > -1, applies=lambda s: isinstance(s.move, float), moves=(float,)),
    )


def _steps() -> list[Step[Any, Any, Any]]:
    return [Step(Demo(), 0, actor, move) for actor in (0, 1) for move in MOVES]


def test_class_tables_give_the_reports_of_every_rule() -> None:
    spec = _spec(*_rules())
    broken: set[str] = set()
    for step in _steps():
        assert move_class_disagreements(spec.rules, step) == ()
        expected = check_rules(spec.legality_rules, step)
        report = spec.check_move(step.variant, step.before, step.actor, step.move)
        assert report == expected, step
        assert spec.is_legal(step.variant, step.before, step.actor, step.move) == (not expected), step
        broken.update(report.rule_ids)
    assert broken == {"C-1", "C-2", "C-3", "C-4", "C-5"}
    assert [rule.id for *_, rule in spec._legality_table(int)] == ["C-1", "C-3", "C-4"]
    assert [rule.id for *_, rule in spec._legality_table(bool)] == ["C-1", "C-3", "C-4"]  # a subclass of int
    assert [rule.id for *_, rule in spec._legality_table(str)] == ["C-2", "C-3"]


def test_a_rule_with_a_wrong_class_list_is_found() -> None:
    """Planted bug: C-4 says it applies to strings only, but its condition holds for seat 0's ints."""
    rules = tuple(dataclasses.replace(r, moves=(str,)) if r.id == "C-4" else r for r in _rules())
    spec = _spec(*rules)
    steps = _steps()
    found = {s.move for s in steps if move_class_disagreements(spec.rules, s) == ("C-4",)}
    assert found == {m for m in MOVES if type(m) is int}
    missed = {s.move for s in steps
              if spec.check_move(s.variant, s.before, s.actor, s.move) != check_rules(spec.legality_rules, s)}
    assert missed == {m for m in MOVES if type(m) is int and m % 2}  # the odd ints break C-4: check_move misses it


def test_is_legal_asks_the_most_frequent_breaker_first_and_keeps_its_verdicts() -> None:
    asked: list[str] = []

    def counted(rule_id: str, ok: Any) -> Any:
        def holds(step: Step[Any, Any, Any]) -> bool:
            asked.append(rule_id)
            return bool(ok(step.move))
        return holds

    rules = (_rule("C-1", lambda m: m != 5, holds=counted("C-1", lambda m: m != 5)),
             _rule("C-3", lambda m: m < 9, holds=counted("C-3", lambda m: m < 9)),
             _rule("C-4", lambda m: m % 2 == 0, holds=counted("C-4", lambda m: m % 2 == 0)))
    spec = _spec(*rules)
    moves = [*range(0, 40, 3), *range(1, 40, 2)]
    for move in moves:
        assert spec.is_legal(Demo(), 0, 0, move) == (not spec.check_move(Demo(), 0, 0, move)), move
    tests, counts = spec._asking_orders[int]
    # C-4 rejected most (the 27 odd moves), then C-3 (the even moves 12 to 36), C-1 none (5 is odd: C-4 first).
    assert [spec.legality_rules[index].id for *_, index in tests] == ["C-4", "C-3", "C-1"]
    assert counts == [0, 5, 27]
    asked.clear()
    assert not spec.is_legal(Demo(), 0, 0, 7) and asked == ["C-4"]


def test_a_rule_that_raises_early_is_asked_again_in_rule_order() -> None:
    """C-2 reads a field that only ints have; C-1 rejects every other move first in rule order."""
    rules = (_rule("C-1", lambda m: isinstance(m, int)),
             _rule("C-2", lambda m: m.bit_length() < 4))
    spec = _spec(*rules)
    tests, counts = spec._asking(str)
    spec._asking_orders[str] = [(tests[1], tests[0]), counts]
    assert not spec.is_legal(Demo(), 0, 0, "w1")
    assert spec.is_legal(Demo(), 0, 0, 3) and not spec.is_legal(Demo(), 0, 0, 30)
    broken = _spec(_rule("C-2", lambda m: m.bit_length() < 4))
    with pytest.raises(AttributeError):
        broken.is_legal(Demo(), 0, 0, "w1")
