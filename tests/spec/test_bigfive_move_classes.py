"""Big Five: the legality rules' move classes (``Rule.moves``) are right on random steps of every class.

``check_move`` and ``is_legal`` skip the rules whose ``moves`` leave out the
move's class. Here, at states of random games (solitaire and multi-player), moves
of every class (the engine's, the spec's candidates, and moves of every class seen
anywhere in the games, by the acting seat, by chance and by another seat) are
checked: no rule applies to a class it leaves out, and ``check_move``'s reports
are ``check_rules`` over every legality rule. A planted wrong class list is caught.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any

from ruleproof.model.bigfive import GAME
from ruleproof.spec import bigfive as bf
from ruleproof.spec.accel.bigfive import SPEC
from ruleproof.spec.bigfive import MOVE_TYPES, BigFiveVariant, Deal, Play
from ruleproof.spec.core import (
    CHANCE,
    TERMINAL,
    Step,
    check_rules,
    move_class_disagreements,
)
from ruleproof.spec.accel.core import Acceleration, accelerate


@functools.cache
def _steps() -> tuple[Step[Any, Any, Any], ...]:
    rng = random.Random(20261202)
    games = ((1, BigFiveVariant(children=True)), (2, BigFiveVariant(children=True, min_group=2)),
             (3, BigFiveVariant(children=True)), (4, BigFiveVariant(bonus="publisher", children=True)))
    visited: list[tuple[Any, Any, int, list[Any]]] = []
    seen: dict[type[Any], list[Any]] = {}
    for players, variant in games:
        state = GAME.new_game(players, variant, seed=players + 10)
        for turn in range(600):
            actor = GAME.current_player(state)
            if actor == TERMINAL:
                break
            moves = list(GAME.legal_moves(state))
            candidates = list(SPEC.candidate_moves(state, actor)) if turn % 4 == 0 else []
            for m in moves + candidates[:200]:
                bucket = seen.setdefault(type(m), [])
                if len(bucket) < 40:
                    bucket.append(m)
            if candidates:
                visited.append((variant, state, actor, moves + rng.sample(candidates, min(30, len(candidates)))))
            plays = [m for m in moves if isinstance(m, Play)]
            state = GAME.apply(state, rng.choice(plays if plays and rng.random() < 0.8 else moves))
    steps = []
    for variant, state, actor, moves in visited:
        others = [rng.choice(bucket) for bucket in seen.values()]
        seats = {actor, CHANCE, rng.randrange(state.players)}
        steps += [Step(variant, state, a, m) for a in seats for m in moves + others]
    assert set(seen) == set(MOVE_TYPES), set(MOVE_TYPES) - set(seen)  # every class was played somewhere
    return tuple(steps)


def test_rules_apply_only_to_their_move_classes_and_reports_are_those_of_every_rule() -> None:
    broken: set[str] = set()
    for step in _steps():
        assert move_class_disagreements(SPEC.legality_rules, step) == (), step
        expected = check_rules(SPEC.legality_rules, step)
        assert SPEC.check_move(step.variant, step.before, step.actor, step.move) == expected, step
        assert SPEC.is_legal(step.variant, step.before, step.actor, step.move) == (not expected), step
        broken.update(expected.rule_ids)
    declared = {r.id for r in SPEC.legality_rules if r.moves}
    assert len(declared) == 16
    assert len(declared & broken) >= 12, declared - broken  # most class-bound rules are broken somewhere


def test_a_wrong_class_list_is_caught() -> None:
    """Planted bug: BF-LINE-3 says it applies to deals only."""
    rules = tuple(dataclasses.replace(r, moves=(Deal,)) if r.id == "BF-LINE-3" else r for r in bf.SPEC.rules)
    # an accelerated spec skips rules by class (a plain one asks every rule): there the wrong list shows
    planted = accelerate(dataclasses.replace(bf.SPEC, rules=rules), Acceleration("bigfive"), enabled=True)
    steps = _steps()
    found = [s for s in steps if move_class_disagreements(planted.legality_rules, s)]
    assert found and all(move_class_disagreements(planted.legality_rules, s) == ("BF-LINE-3",) for s in found)
    assert any(planted.check_move(s.variant, s.before, s.actor, s.move) != check_rules(planted.legality_rules, s)
               for s in found)
