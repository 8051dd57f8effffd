"""Take 5's findings are re-decided under other rule constants (issue 31: every rule number a parameter).

Three constants at once (three rows, four cards a row, eight cards a hand):
the answers that depend on them change as the rules say, the proofs that do not
depend on them still hold, the witnesses replay under those numbers, and the
well-formedness questions explore configurations with those numbers.
"""

from __future__ import annotations

import functools

import pytest

from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.smt.take5 import richest_cards, round_take
from ruleproof.model.readings import Reading, reading_from_flags
from ruleproof.model.take5 import GAME
from ruleproof.spec.take5 import Take5Variant, compute_pile_points, compute_totals

FLAGS = ["rows=3", "row_capacity=4", "hand_size=8"]


@functools.cache
def reading() -> Reading:
    return reading_from_flags("take5", FLAGS)


@functools.cache
def answer(finding_id: str) -> Finding:
    question = next(q for q in questions("take5") if q.id == finding_id)
    return question.ask(reading=reading())


def test_the_most_a_turn_takes_follows_the_row_capacity() -> None:
    """T5-SIX-1 with four cards a row: four of the richest cards (55 and three multiples of 11: 7 + 5 + 5 + 5),
    not five."""
    found = answer("T5-F-5")
    assert found.verdict == "sat", found.answer
    assert found.answer.startswith("22:")
    row = found.witness["row"]
    assert len(row) == 4 and 55 in row and compute_pile_points(row) == 22
    state = GAME.replay(2, reading().variant, [GAME.parse_move(m) for m in found.witness["moves"]])
    assert compute_pile_points(state.piles[0]) >= 22 and found.witness["taken"] == 22
    assert len(state.rows) == 3


def test_the_round_bound_follows_hand_size_and_capacity() -> None:
    """Eight turns of at most four cards: 32 cards, whose richest carry fewer than 117 bullheads."""
    variant = reading().variant
    upper = richest_cards(variant, 8 * 4)
    assert upper < 117
    assert round_take(upper, variant).verdict == "unsat" and round_take(upper - 1, variant).verdict == "sat"
    assert answer("T5-F-7").verdict == "unsat"
    six = answer("T5-F-6")
    assert six.verdict == "sat" and six.answer.startswith(f"{upper}, exactly"), six.answer


def test_the_round_witness_attains_the_bound_under_these_numbers() -> None:
    """T5-F-6's witness is a whole round under three rows of four and hands of eight: the engine replays it and
    seat 0 ends the round with exactly the proved most (every take a row of four, so no row ever holds five)."""
    found = answer("T5-F-6")
    variant = reading().variant
    witness = found.witness
    assert witness["flags"] == {"rows": 3, "row_capacity": 4, "hand_size": 8}
    state = GAME.replay(witness["players"], variant, [GAME.parse_move(m) for m in witness["moves"]])
    assert compute_totals(state)[0] == witness["points"] == richest_cards(variant, 32)
    assert len(state.rows) == 3 and max(len(r) for r in state.rows) <= 4


@pytest.mark.parametrize(("flags", "why"), [
    (["row_capacity=6"], "no chain plan fits these numbers"),
    (["deck_top=120"], "the best chain plan (10 players) takes 123"),
])
def test_the_round_answer_says_why_it_is_not_exact(flags: list[str], why: str) -> None:
    """Where no round reaches the proved bound (six cards a row: turn 1 needs ten feeders among nine other seats;
    cards up to 120: the chain cannot hold the five richest), T5-F-6 is unknown, with both bounds and the reason."""
    question = next(q for q in questions("take5") if q.id == "T5-F-6")
    found = question.ask(reading=reading_from_flags("take5", flags))
    assert found.verdict == "unknown" and why in found.reason, found
    assert "at most" in found.answer and "a witness takes" in found.answer


def test_the_proofs_over_symbolic_rows_use_three_rows() -> None:
    for finding_id in ("T5-F-1", "T5-F-3"):
        found = answer(finding_id)
        assert found.verdict == "unsat" and "3 rows of 4 cards" in found.bounds, found


def test_professional_witnesses_replay_with_three_rows() -> None:
    found = answer("T5-F-2")
    assert found.verdict == "sat"
    flags = found.witness["flags"]
    assert flags["rows"] == 3 and flags["row_capacity"] == 4 and flags["professional"] is True
    variant = Take5Variant(**flags)
    state = GAME.replay(2, variant, [GAME.parse_move(m) for m in found.witness["moves"]])
    assert len(state.rows) == 3


@pytest.mark.parametrize("finding_id", ["WF-T5-1", "WF-T5-2"])
def test_wellformedness_explores_the_reading_s_numbers(finding_id: str) -> None:
    found = answer(finding_id)
    assert found.verdict == "unsat", found.answer
    assert "3 rows of 4 cards" in found.bounds or "rows=3" in found.bounds or finding_id == "WF-T5-1"


def test_termination_bound_uses_the_reading_s_numbers() -> None:
    found = answer("WF-T5-1")
    assert "10n + 3 cards" not in found.answer  # eight cards a hand, not ten
    assert "8n + 3 cards and the rows keep at most 12" in found.answer


def test_invalid_default_answers_are_not_given_under_other_numbers() -> None:
    """Under the rulebook's numbers T5-F-5 is 27 (five cards): the reading's answer is not that."""
    assert not answer("T5-F-5").answer.startswith("27:")
