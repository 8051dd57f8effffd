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
from ruleproof.spec.bigfive import MOVE_TYPES, SPEC, BigFiveVariant, Deal, Play
from ruleproof.spec.core import (
    CHANCE,
    TERMINAL,
    Step,
    check_rules,
    move_class_disagreements,
)
from ruleproof.spec.accel.core import Acceleration, accelerate, fast_form_disagreements


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


def test_fast_forms_agree_with_messages_on_moves_of_every_class() -> None:
    """BF-TURN-2, BF-DEAL-1 and BF-DRAW-1 reject most wrong-phase and wrong-source candidates by their fast
    forms; every fast form agrees with its message form on these steps, where each of them is broken."""
    broken: set[str] = set()
    for step in _steps():
        assert fast_form_disagreements(SPEC.legality_rules, step) == (), step
        broken.update(check_rules(SPEC.legality_rules, step).rule_ids)
    assert {"BF-TURN-2", "BF-DEAL-1", "BF-DRAW-1"} <= broken


def test_a_wrong_fast_form_of_draw_top_is_caught() -> None:
    """Planted bug: a BF-DRAW-1 fast form that looks at the bottom segment of the deck instead of the top."""

    def bottom(step: Step[Any, Any, Any]) -> bool:
        deck = [seg for seg in step.before.decks[bf.drawing_seat(step.before)] if seg]
        return bool(deck) and step.move.card in deck[-1]

    rules = tuple(dataclasses.replace(r, holds=bottom) if r.id == "BF-DRAW-1" else r for r in SPEC.rules)
    planted = dataclasses.replace(SPEC, rules=rules)
    found = {fast_form_disagreements(planted.legality_rules, s) for s in _steps()}
    assert found == {(), ("BF-DRAW-1",)}


def test_a_wrong_class_list_is_caught() -> None:
    """Planted bug: BF-LINE-3 says it applies to deals only."""
    rules = tuple(dataclasses.replace(r, moves=(Deal,)) if r.id == "BF-LINE-3" else r for r in SPEC.rules)
    # an accelerated spec skips rules by class (a plain one asks every rule): there the wrong list shows
    planted = accelerate(dataclasses.replace(SPEC, rules=rules), Acceleration("bigfive"), enabled=True)
    steps = _steps()
    found = [s for s in steps if move_class_disagreements(planted.legality_rules, s)]
    assert found and all(move_class_disagreements(planted.legality_rules, s) == ("BF-LINE-3",) for s in found)
    assert any(planted.check_move(s.variant, s.before, s.actor, s.move) != check_rules(planted.legality_rules, s)
               for s in found)


def test_line_3_fast_form_reads_the_lines_when_a_value_is_no_card() -> None:
    """BF-LINE-3's fast form falls back on the analysis's lines for values that are no cards (played or on
    the board); it agrees there with the rule read literally (colours and animals as sets over the analysis's
    lines; the message form cannot name a value that is no card), and it both rejects and accepts such plays."""
    steps = [s for s in _steps() if isinstance(s.move, Play) and s.move.placed and s.actor >= 0][::7][:300]
    verdicts: set[bool] = set()
    for step in steps:
        first = step.move.placed[0]
        for odd in (30, -1):
            played = Play((first._replace(card=odd), *step.move.placed[1:]))
            board = (step.before.board[0]._replace(card=odd), *step.before.board[1:])
            for odd_step in (step._replace(move=played), step._replace(before=step.before._replace(board=board))):
                rule = SPEC.rule("BF-LINE-3")
                lines = bf.analyse_play(odd_step.before.board, odd_step.move.placed).lines
                literal = all(bf._is_line_uniform_by_sets(cards) for _, cards in lines)
                assert rule.holds is not None and rule.holds(odd_step) == literal, odd_step
                verdicts.add(rule.holds(odd_step))
    assert verdicts == {True, False}
