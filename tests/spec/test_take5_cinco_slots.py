"""The one-slot memories of the Take 5 and Cinco specs, and Take 5's bullhead table, give the plain answers.

``_dealable`` (Take 5's CI-DEAL-1 counterpart, T5-DEAL-1) and ``_whose_turn``
(the turn rules) keep their last answer for the same state object. Asked in
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
from ruleproof.spec import take5 as t5
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


def plain_dealable(state: t5.Take5State, variant: t5.Take5Variant) -> tuple[bool, frozenset[int]]:
    if t5.is_round_over(state):
        return True, frozenset(t5.deck_cards(variant, state.players))
    return False, frozenset(state.deck)


def test_take5_dealable_equals_the_plain_answer_in_any_order() -> None:
    seen = list(states("take5"))
    assert len(seen) > 500
    rounds_over = 0
    for previous, state in zip(seen, seen[1:]):
        for probe in (state, state, previous, state, state._replace()):  # _replace(): equal, another object
            assert t5._dealable(probe, probe.variant) == plain_dealable(probe, probe.variant)
        rounds_over += plain_dealable(state, state.variant)[0]
    assert rounds_over > 0
    state = seen[-1]
    other = t5.Take5Variant(deck="tactical")
    assert t5._dealable(state, other) == plain_dealable(state, other)  # same state, another variant


def turn_disagreements(module: Any, whose_turn: Any) -> int:
    """How often ``whose_turn`` differs from the plain answer, asked in a checker's order and out of it."""
    game_id = "take5" if module is t5 else "cinco"
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


@pytest.mark.parametrize("module", [t5, ci], ids=["take5", "cinco"])
def test_whose_turn_slot_equals_the_plain_answer_in_any_order(module: Any) -> None:
    assert turn_disagreements(module, module._whose_turn) == 0


def test_a_slot_that_ignores_the_state_is_caught() -> None:
    slot: list[int] = []

    def stale(state: ci.CincoState) -> int:  # remembers its first answer whatever the state
        if not slot:
            slot.append(ci.compute_whose_turn(state))
        return slot[0]

    assert turn_disagreements(ci, stale) > 0


def test_take5_pile_points_read_off_the_table_equal_the_plain_sum() -> None:
    """Every card of both decks and numbers past them (worked out on first use), in random piles."""
    rng = random.Random(2)
    cards = list(range(-3, 400))
    for _ in range(300):
        pile = tuple(rng.sample(cards, rng.randrange(0, 12)))
        assert t5.compute_pile_points(pile) == sum(t5.compute_bullheads(c) for c in pile)
    assert t5.compute_pile_points(range(1, 105)) == 171  # the rulebook's deck
    assert t5.compute_pile_points(iter([55, 55])) == 14  # any iterable, read once
