"""Big Five: the placement rules' yes/no fast forms agree with their messages on many candidate plays.

``GameSpec.is_legal`` asks a rule's fast form (``Rule.holds``) instead of its
message; the Big Five placement rules (BF-PLAY-3, BF-LINE-1 … BF-LINE-5) have
one, and BF-LINE-3's reads the lines' cards off the per-board cell geometry
rather than off :func:`analyse_play`. Here both forms are compared on every
candidate of positions from random games, on the engine's moves and on plays
that break the rules in other ways (occupied, repeated or scattered cells,
cards that are not in the hand); a planted wrong fast form is caught.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections import Counter
from typing import Any

from ruleproof.model.bigfive import GAME
from ruleproof.spec import bigfive as bf
from ruleproof.spec.bigfive import SPEC, BigFiveVariant, Placed, Play, is_line_uniform
from ruleproof.spec.accel.core import fast_form_disagreements
from ruleproof.spec.core import CHANCE, TERMINAL, GameSpec, Step

FAST = ("BF-PLAY-3", "BF-LINE-1", "BF-LINE-2", "BF-LINE-3", "BF-LINE-4", "BF-LINE-5")


def _odd_plays(rng: random.Random, state: Any) -> list[Play]:
    """Plays the candidates never hold: on occupied or repeated cells, scattered, far away, any cards."""
    cells = [(p.x, p.y) for p in state.board]
    plays = []
    for _ in range(20):
        x, y = rng.choice(cells)
        size = rng.randint(1, 5)
        if rng.random() < 0.6:
            dx, dy = rng.choice([(1, 0), (0, 1)])
            start = rng.randint(-5, 1)
            spots = [(x + (start + i) * dx, y + (start + i) * dy) for i in range(size)]
        else:
            spots = [(x + rng.randint(-3, 3), y + rng.randint(-3, 3)) for _ in range(size)]
        plays.append(Play(tuple(sorted(Placed(cx, cy, rng.randrange(25)) for cx, cy in spots))))
    return plays


@functools.cache
def _steps() -> tuple[Step[Any, Any, Any], ...]:
    """Steps at the seats' turns of random games: every candidate (at most 80 per position), the engine's
    moves and odd plays."""
    rng = random.Random(20261201)
    steps: list[Step[Any, Any, Any]] = []
    for players, variant in ((2, BigFiveVariant()), (3, BigFiveVariant(children=True)),
                             (4, BigFiveVariant(bonus="publisher"))):
        state = GAME.new_game(players, variant, seed=players)
        for turn in itertools.count():
            actor = GAME.current_player(state)
            if actor == TERMINAL or turn > 400:
                break
            moves = list(GAME.legal_moves(state))
            if actor != CHANCE and turn % 5 == 0:
                candidates = list(SPEC.candidate_moves(state, actor))
                sample = rng.sample(candidates, min(80, len(candidates))) + moves + _odd_plays(rng, state)
                steps += [Step(variant, state, actor, m) for m in sample]
            plays = [m for m in moves if isinstance(m, Play)]
            state = GAME.apply(state, rng.choice(plays if plays and rng.random() < 0.9 else moves))
    return tuple(steps)


def _disagreements(spec: GameSpec[Any, Any, Any], every: int = 1) -> Counter[str]:
    found: Counter[str] = Counter()
    for step in _steps()[::every]:
        found.update(fast_form_disagreements(spec.legality_rules, step))
    return found


def test_fast_forms_agree_with_messages_and_is_legal_with_check_move() -> None:
    steps = _steps()
    assert _disagreements(SPEC) == Counter()
    broken: Counter[str] = Counter()
    for step in steps:
        report = SPEC.check_move(step.variant, step.before, step.actor, step.move)
        broken.update(report.rule_ids)
        assert SPEC.is_legal(step.variant, step.before, step.actor, step.move) == (not report), step.move
    # Every fast form was asked on moves that break its rule and on moves that keep it.
    assert all(broken[r] >= 20 for r in FAST if r != "BF-LINE-5"), broken
    assert broken["BF-LINE-5"] >= 1, broken
    assert len(steps) - max(broken[r] for r in FAST) > 1000


def test_invalid_fast_form_of_line_3_is_caught() -> None:
    """Planted bug: a BF-LINE-3 fast form that looks at the first line of a play only."""

    def first_line_only(step: Step[Any, Any, Any]) -> bool:
        lines = bf.analyse_play(step.before.board, step.move.placed).lines
        return not lines or is_line_uniform(lines[0][1])

    rules = tuple(dataclasses.replace(r, holds=first_line_only) if r.id == "BF-LINE-3" else r for r in SPEC.rules)
    planted = dataclasses.replace(SPEC, rules=rules)
    found = _disagreements(planted)
    assert set(found) == {"BF-LINE-3"} and found["BF-LINE-3"] > 5
    steps = _steps()
    assert any(planted.is_legal(s.variant, s.before, s.actor, s.move)
               != (not planted.check_move(s.variant, s.before, s.actor, s.move)) for s in steps)


def test_line_uniform_by_feature_bits_equals_the_colour_and_animal_sets() -> None:
    for size in (0, 1, 2, 3):
        for cards in itertools.product(range(25), repeat=size):
            assert is_line_uniform(cards) == bf._is_line_uniform_by_sets(cards), cards
    rng = random.Random(3)
    for _ in range(20000):
        size = rng.randint(4, 6)
        anchor = rng.randrange(25)
        cards = [rng.choice((anchor % 5 + 5 * rng.randrange(5), anchor // 5 * 5 + rng.randrange(5),
                             rng.randrange(25), rng.randrange(-3, 40))) for _ in range(size)]
        assert is_line_uniform(cards) == bf._is_line_uniform_by_sets(cards), cards


def test_derived_specs_keep_the_fast_forms_under_the_bonus_hook() -> None:
    derived = bf.build_spec(bf.BonusCount(), name="bigfive-demo")
    assert all(derived.rule(r).holds is not None for r in FAST)
    assert _disagreements(derived, every=3) == Counter()
