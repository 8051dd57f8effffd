"""Cinco's chance node: CI-DEAL-1's fast form and the shortcuts of ``cards_to_draw`` and ``is_blocked``.

The fast form of CI-DEAL-1 reads the deck in place and, when it is empty, the
pooled discard piles (remembered per piles); ``is_blocked`` answers at once when
the deck has cards. Each is compared with its plain definition, also on states
with an empty deck (where the discards are reshuffled), and a planted wrong fast
form is caught.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ruleproof.model.registry import game_for
from ruleproof.spec import cinco as ci
from ruleproof.spec.accel.core import fast_form_disagreements
from ruleproof.spec.core import CHANCE, Step

GAME = game_for("cinco")


def plain_is_blocked(state: ci.CincoState) -> bool:
    drawable = state.deck or tuple(sorted(c for pile in state.discards for c in pile))
    if any(state.owed):
        return not drawable
    return not state.hands[state.turn] and not drawable


def chance_states(with_empty_deck: bool) -> list[ci.CincoState]:
    """Chance nodes along random games of every test configuration; with ``with_empty_deck`` each is also
    turned into one whose deck went to the discard piles (one pile per seat, round robin)."""
    found = []
    rng = random.Random(4)
    for players, variant in GAME.test_configs():
        state = GAME.initial_state(players, variant)
        for index in range(150):
            actor = GAME.current_player(state)
            if actor < CHANCE:
                break
            if actor == CHANCE and index % 5 == 0:
                found.append(state)
                if with_empty_deck:
                    piles = [list(p) for p in state.discards]
                    for i, card in enumerate(state.deck):
                        piles[i % players].append(card)
                    found.append(state._replace(deck=(), discards=tuple(tuple(sorted(p)) for p in piles)))
            state = GAME.apply(state, GAME.random_move(state, rng, actor))
    return found


def test_deal_fast_form_and_verdicts_agree_with_the_messages_with_and_without_a_deck() -> None:
    rule = ci.SPEC.rule("CI-DEAL-1")
    assert rule.holds is not None
    answers: dict[bool, set[bool]] = {True: set(), False: set()}
    states = chance_states(with_empty_deck=True)
    assert len(states) > 100
    for state in states:
        for move in ci.candidate_moves(state, CHANCE):
            step = Step(state.variant, state, CHANCE, move)
            assert not fast_form_disagreements([rule], step), (state, move)
            report = ci.SPEC.check_move(state.variant, state, CHANCE, move)
            assert ci.SPEC.is_legal(state.variant, state, CHANCE, move) == (not report)
            answers[not state.deck].add(rule.holds(step))
        allowed = ci.SPEC.spec_legal_moves(state.variant, state, CHANCE)
        assert [m.card for m in allowed] == sorted(
            state.deck or [c for pile in state.discards for c in pile])
    assert answers == {True: {True, False}, False: {True, False}}


def test_empty_deck_messages_name_the_discard_piles() -> None:
    state = next(s for s in chance_states(with_empty_deck=True) if not s.deck and any(s.hands))
    pooled = {c for pile in state.discards for c in pile}
    stranger = next(c for c in ci.deck_cards(state.variant) if c not in pooled)
    report = ci.SPEC.check_move(state.variant, state, CHANCE, ci.Deal(stranger))
    assert [v.rule_id for v in report.violations] == ["CI-DEAL-1"]
    assert "discard piles (the deck is empty)" in str(report)


def test_pooled_piles_are_remembered_by_value_not_by_a_stale_answer() -> None:
    first = ((5, 2), (9,))
    assert ci._pooled(first) == (2, 5, 9)
    assert ci._pooled(((1,), (9,))) == (1, 9)
    assert ci._pooled(first) == (2, 5, 9)


def test_is_blocked_equals_its_plain_definition() -> None:
    states = chance_states(with_empty_deck=True)
    blocked = 0
    for state in states:
        for hands in (state.hands, ((),) * state.players):
            for owed in (state.owed, (0,) * state.players):
                for discards in (state.discards, ((),) * state.players):
                    probe = state._replace(hands=hands, owed=owed, discards=discards)
                    assert ci.is_blocked(probe) == plain_is_blocked(probe), probe
                    blocked += plain_is_blocked(probe)
    assert blocked > 0


def test_a_wrong_deal_fast_form_is_caught() -> None:
    rule = ci.SPEC.rule("CI-DEAL-1")
    wrong = dataclasses.replace(rule, holds=lambda step: step.move.card in step.before.deck)  # forgets the discards
    found: set[Any] = set()
    for state in chance_states(with_empty_deck=True):
        for move in ci.candidate_moves(state, CHANCE)[::7]:
            found.update(fast_form_disagreements([wrong], Step(state.variant, state, CHANCE, move)))
    assert found == {"CI-DEAL-1"}
