"""The one-slot memory of the Cinco spec gives the plain answers (Take 5's: tests/spec/test_accelerations.py).

``_whose_turn`` (the turn rules) keeps its last answer for the same state object. Asked in
the order a checker asks (each state many times, then the next), and also
alternating between states and on equal states that are distinct objects, they
must give the plain computation's answer every time; a slot that ignored the
state would be caught.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from ruleproof.model.registry import game_for
from ruleproof.spec import cinco as ci
from ruleproof.spec.core import CHANCE


def states(game_id: str, steps: int = 140) -> Iterator[Any]:
    game = game_for(game_id)
    rng = random.Random(9)
    for players, variant in game.test_configs():
        state = game.initial_state(players, variant)
        for _ in range(steps):
            actor = game.current_player(state)
            if actor < CHANCE:
                break
            yield state
            state = game.apply(state, game.random_move(state, rng, actor))


def turn_disagreements(module: Any, whose_turn: Any) -> int:
    """How often ``whose_turn`` differs from the plain answer, asked in a checker's order and out of it."""
    game_id = "cinco"
    plain = module.compute_whose_turn.__wrapped__
    seen = list(states(game_id))
    wrong = 0
    answers = set()
    for previous, state in zip(seen, seen[1:]):
        for probe in (state, previous, state, state._replace()):
            wrong += whose_turn(probe) != plain(probe)
            answers.add(plain(probe))
    assert CHANCE in answers and len(answers) > 2
    return wrong


@pytest.mark.parametrize("module", [ci], ids=["cinco"])
def test_whose_turn_slot_equals_the_plain_answer_in_any_order(module: Any) -> None:
    assert turn_disagreements(module, module._whose_turn) == 0


def test_a_slot_that_ignores_the_state_is_caught() -> None:
    slot: list[int] = []

    def stale(state: ci.CincoState) -> int:  # remembers its first answer whatever the state
        if not slot:
            slot.append(ci.compute_whose_turn(state))
        return slot[0]

    assert turn_disagreements(ci, stale) > 0
