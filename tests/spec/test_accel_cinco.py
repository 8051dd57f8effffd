"""Cinco's accelerations on the cases generated games rarely reach (the generic comparison of every fast form
and calculation with its plain form is tests/spec/test_accelerations.py).

* The chance node with an empty deck: CI-DEAL-1's fast form reads the deck in place and, when it is empty,
  the pooled discard piles (remembered per piles); ``is_blocked`` answers at once when the deck has cards.
  Each is compared with its plain definition on states whose deck went to the discard piles, and a planted
  wrong fast form is caught.
* Winning lines read as subsets of a colour's cells equal the plain cell-by-cell reading on dense random
  boards (generated games seldom fill a window), with and without ``exact_five``.
* The candidate table: a changed table is noticed, and a hand card outside the deck still gets every cell.
* The remembered answers (whose turn, the free cells, the pooled piles) are the plain ones when asked out of
  order and about equal states that are other objects.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ruleproof.model.registry import game_for
from ruleproof.spec import cinco as ci
from ruleproof.spec import cinco_board as board
from ruleproof.spec.accel import cinco as fast
from ruleproof.spec.accel.core import ENABLED, SWITCH, fast_form_disagreements, plain_spec
from ruleproof.spec.core import CHANCE, Step

GAME = game_for("cinco")
PLAIN = plain_spec(fast.SPEC)

pytestmark = pytest.mark.skipif(not ENABLED, reason=f"accelerations are switched off ({SWITCH})")


def states(steps: int = 150, seed: int = 4) -> Iterator[ci.CincoState]:
    """The states along one random game of every test configuration."""
    rng = random.Random(seed)
    for players, variant in GAME.test_configs():
        state = GAME.initial_state(players, variant)
        for _ in range(steps):
            actor = GAME.current_player(state)
            if actor < CHANCE:
                break
            yield state
            state = GAME.apply(state, GAME.random_move(state, rng, actor))


def chance_states(with_empty_deck: bool) -> list[ci.CincoState]:
    """Chance nodes along random games of every test configuration; with ``with_empty_deck`` each is also
    turned into one whose deck went to the discard piles (one pile per seat, round robin)."""
    found = []
    for index, state in enumerate(states()):
        if GAME.current_player(state) == CHANCE and index % 5 == 0:
            found.append(state)
            if with_empty_deck:
                piles = [list(p) for p in state.discards]
                for i, card in enumerate(state.deck):
                    piles[i % state.players].append(card)
                found.append(state._replace(deck=(), discards=tuple(tuple(sorted(p)) for p in piles)))
    return found


# -- the chance node ---------------------------------------------------------------------------------------


def test_deal_fast_form_and_verdicts_agree_with_the_messages_with_and_without_a_deck() -> None:
    rule = fast.SPEC.rule("CI-DEAL-1")
    assert rule.holds is not None
    answers: dict[bool, set[bool]] = {True: set(), False: set()}
    found = chance_states(with_empty_deck=True)
    assert len(found) > 100
    for state in found:
        for move in ci.candidate_moves(state, CHANCE):
            step = Step(state.variant, state, CHANCE, move)
            assert not fast_form_disagreements([rule], step), (state, move)
            report = fast.SPEC.check_move(state.variant, state, CHANCE, move)
            assert report == PLAIN.check_move(state.variant, state, CHANCE, move)
            assert fast.SPEC.is_legal(state.variant, state, CHANCE, move) == (not report)
            answers[not state.deck].add(rule.holds(step))
        allowed = fast.SPEC.spec_legal_moves(state.variant, state, CHANCE)
        assert [m.card for m in allowed] == sorted(  # type: ignore[union-attr]
            state.deck or [c for pile in state.discards for c in pile])
    assert answers == {True: {True, False}, False: {True, False}}


def test_empty_deck_messages_name_the_discard_piles() -> None:
    state = next(s for s in chance_states(with_empty_deck=True) if not s.deck and any(s.hands))
    pooled = {c for pile in state.discards for c in pile}
    stranger = next(c for c in ci.deck_cards(state.variant) if c not in pooled)
    report = fast.SPEC.check_move(state.variant, state, CHANCE, ci.Deal(stranger))
    assert [v.rule_id for v in report.violations] == ["CI-DEAL-1"]
    assert "discard piles (the deck is empty)" in str(report)


def test_pooled_piles_are_remembered_by_value_not_by_a_stale_answer() -> None:
    first = ((5, 2), (9,))
    assert fast._pooled(first) == (2, 5, 9)
    assert fast._pooled(((1,), (9,))) == (1, 9)
    assert fast._pooled(first) == (2, 5, 9)
    assert fast._pooled(tuple(map(tuple, first))) == (2, 5, 9)


def test_is_blocked_and_cards_to_draw_equal_their_plain_definitions() -> None:
    calculations = {c.name: c for c in fast.ACCELERATION.calculations}
    blocked, drawable = calculations["is_blocked"], calculations["cards_to_draw"]
    count = 0
    for state in chance_states(with_empty_deck=True):
        for hands in (state.hands, ((),) * state.players):
            for owed in (state.owed, (0,) * state.players):
                for discards in (state.discards, ((),) * state.players):
                    probe = state._replace(hands=hands, owed=owed, discards=discards)
                    assert blocked.fast(probe) == blocked.plain(probe), probe
                    assert drawable.fast(probe) == drawable.plain(probe), probe
                    count += blocked.plain(probe)
    assert count > 0


def test_a_wrong_deal_fast_form_is_caught() -> None:
    rule = PLAIN.rule("CI-DEAL-1")
    wrong = dataclasses.replace(rule, holds=lambda step: step.move.card in step.before.deck)  # forgets the discards
    found: set[Any] = set()
    for state in chance_states(with_empty_deck=True):
        for move in list(ci.candidate_moves(state, CHANCE))[::7]:
            found.update(fast_form_disagreements([wrong], Step(state.variant, state, CHANCE, move)))
    assert found == {"CI-DEAL-1"}


# -- winning lines -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("fill", [0.3, 0.6, 0.9])
@pytest.mark.parametrize("shape", ["hex", "square"])
def test_winning_lines_as_subsets_equal_the_plain_reading(fill: float, shape: str) -> None:
    layout = board.BUILTIN_LAYOUTS[shape]
    plain = next(c for c in fast.ACCELERATION.calculations if c.name == "compute_winning_lines").plain
    rng = random.Random(int(fill * 10))
    seen = 0
    for _ in range(120):
        cells = tuple(rng.choice((0, 1, 2)) if rng.random() < fill else board.FREE for _ in range(layout.size))
        state_board = board.Board(layout, cells)
        for colour in (0, 1, 2):
            for exact in (False, True):
                lines = fast.compute_winning_lines(state_board, colour, ci.LINE, exact)
                assert lines == plain(state_board, colour, ci.LINE, exact)
                seen += len(lines)
    assert seen > 0


# -- candidate moves ---------------------------------------------------------------------------------------


def test_a_changed_candidate_table_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(s for s in states() if GAME.current_player(s) >= 0)
    actor = GAME.current_player(state)
    table = fast._candidate_table(state.variant)
    card = state.hands[actor][0]
    broken = dict(table.placements)
    broken[card] = broken[card][:-1]  # one placement dropped
    monkeypatch.setitem(fast._CANDIDATES, state.variant, table._replace(placements=broken))
    assert list(fast.candidate_moves(state, actor)) != list(ci.candidate_moves(state, actor))


def test_hand_cards_outside_the_deck_still_get_every_cell() -> None:
    variant = ci.CincoVariant(layout="square")
    state = GAME.initial_state(2, variant)
    odd = state._replace(hands=((91, 3), ()), owed=(0, 0))
    assert list(fast.candidate_moves(odd, 0)) == list(ci.candidate_moves(odd, 0))


# -- remembered answers ------------------------------------------------------------------------------------


def test_remembered_answers_are_the_plain_ones_out_of_order_and_for_equal_copies() -> None:
    """Asked in a checker's order (each state many times, then the next), back and forth, and about an equal
    state that is another object: a memory that ignored its argument would be caught (see the next test)."""
    turn = next(c for c in fast.ACCELERATION.calculations if c.name == "compute_whose_turn")
    free = next(c for c in fast.ACCELERATION.calculations if c.name == "free_cells")
    seen = list(states(steps=120))
    answers = set()
    for previous, state in zip(seen, seen[1:]):
        for probe in (state, previous, state, state._replace()):
            assert turn.fast(probe) == turn.plain(probe)
            assert free.fast(probe.board) == free.plain(probe.board)
            answers.add(turn.plain(probe))
    assert CHANCE in answers and len(answers) > 2


def test_invalid_memory_that_ignores_the_state_is_caught() -> None:
    turn = next(c for c in fast.ACCELERATION.calculations if c.name == "compute_whose_turn")
    slot: list[int] = []

    def stale(state: ci.CincoState) -> int:  # remembers its first answer whatever the state
        if not slot:
            slot.append(turn.plain(state))
        return slot[0]

    seen = list(states(steps=60))
    assert any(stale(state) != turn.plain(state) for state in seen)
