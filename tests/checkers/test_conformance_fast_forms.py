"""The fast forms (``Rule.holds``) of the Cinco and Take 5 legality rules agree with their rules.

(Every game's fast forms, attached by its :mod:`ruleproof.spec.accel` module, are compared with their rules by the
generic ``tests/spec/test_accelerations.py``.)

The conformance checklist decides the spec ⇒ engine direction with
``GameSpec.is_legal``, which asks a rule's fast form instead of its message
form. Here every fast form is compared with its rule's ``check`` on every
candidate move of states along random games of every test configuration, and
each fast form must have answered both yes and no (so a constant one fails).
"""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from ruleproof.model.registry import game_for
from ruleproof.spec.accel.core import fast_form_disagreements
from ruleproof.spec.core import Step

GAMES = ("cinco", "take5")  # every game: tests/spec/test_accelerations.py


@pytest.mark.parametrize("game_id", GAMES)
def test_fast_forms_agree_with_their_rules_on_every_candidate(game_id: str) -> None:
    game = game_for(game_id)
    fast = [r for r in game.spec.legality_rules if r.holds is not None]
    if not fast:
        pytest.skip(f"{game_id} has no fast forms")
    answers: dict[str, set[bool]] = defaultdict(set)
    rng = random.Random(11)
    for players, variant in game.test_configs():
        state = game.initial_state(players, variant)
        for index in range(160):
            actor = game.current_player(state)
            if actor < -1:
                break
            if index % 9 == 0:
                for move in list(game.spec.candidate_moves(state, actor))[::3]:
                    step = Step(variant, state, actor, move)
                    assert not fast_form_disagreements(fast, step), (players, variant, move)
                    for rule in fast:
                        if rule.applies(step):
                            assert rule.holds is not None
                            answers[rule.id].add(rule.holds(step))
            state = game.apply(state, game.random_move(state, rng, actor))
    assert {r.id: answers[r.id] for r in fast} == {r.id: {True, False} for r in fast}


def test_invalid_cinco_engine_missing_a_placement_is_caught_through_the_fast_forms() -> None:
    """The candidate check asks the fast forms (CI-PLAY-1..4): a placement the engine drops is still found."""
    from typing import Any

    from ruleproof.checkers.checks.conformance import run_conformance
    from ruleproof.model.cinco import CincoGame
    from ruleproof.spec.cinco import CincoVariant, Play

    class DropsAPlacement(CincoGame):
        def legal_moves(self, state: Any) -> Any:
            moves = super().legal_moves(state)
            placements = [m for m in moves if isinstance(m, Play) and m.cell]
            return tuple(m for m in moves if m != max(placements)) if len(placements) > 1 else moves

    result = run_conformance(DropsAPlacement(), 2, CincoVariant(), games=1, seed=0, candidate_every=3)
    assert "spec-subset-engine" in {p.check for p in result.problems}
