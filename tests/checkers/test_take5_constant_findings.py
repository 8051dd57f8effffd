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
from ruleproof.model.io.readings import Reading, reading_from_flags
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
    (["rows=1", "row_capacity=1"], "no chain plan fits these numbers"),
    (["deck_top=120"], "the best chain plan (10 players) takes 123"),
])
def test_the_round_answer_says_why_it_is_not_exact(flags: list[str], why: str) -> None:
    """Where no round built reaches the proved bound (one row of one card: every card after the first takes it, so
    no other seat can feed it; cards up to 120: the top card, 3 bullheads, is never below seat 0's last card),
    T5-F-6 is unknown, with both bounds and the reason."""
    question = next(q for q in questions("take5") if q.id == "T5-F-6")
    found = question.ask(reading=reading_from_flags("take5", flags))
    assert found.verdict == "unknown" and why in found.reason, found
    assert "at most" in found.answer and "a witness takes" in found.answer


@pytest.mark.parametrize("flags", [["row_capacity=6"], ["hand_size=12"]])
def test_more_than_117_is_shown_by_a_round(flags: list[str]) -> None:
    """Six cards a row (turn 1 has ten chain cards to place among nine other seats: the row is filled partly before
    seat 0's card) or twelve turns: 60 cards, and the round takes all 127 bullheads they can carry. T5-F-7 says
    yes with that round, replayed by the engine."""
    by_id = {q.id: q for q in questions("take5")}
    read = reading_from_flags("take5", flags)
    six = by_id["T5-F-6"].ask(reading=read)
    assert six.verdict == "sat" and six.answer.startswith("127, exactly"), six.answer
    seven = by_id["T5-F-7"].ask(reading=read)
    assert seven.verdict == "sat" and seven.answer.startswith("Yes"), seven.answer
    witness = seven.witness
    state = GAME.replay(witness["players"], read.variant, [GAME.parse_move(m) for m in witness["moves"]])
    assert compute_totals(state)[0] == witness["points"] == 127


@pytest.mark.parametrize(("flags", "players"), [(["hand_size=2"], 10), (["deck_top=90"], 2)])
def test_the_most_a_turn_takes_is_decided_under_small_hands_and_decks(flags: list[str], players: int) -> None:
    """Hands of two: two players cannot build a row of five in time, so more seats fill it in one turn (the first
    turn of a chain plan). Cards up to 90: z3's optimiser gives up within its budget, and the count of T5-F-7
    (no five cards carry more than the five richest) proves the bound instead. Both: 27, with a replayed take."""
    question = next(q for q in questions("take5") if q.id == "T5-F-5")
    read = reading_from_flags("take5", flags)
    found = question.ask(reading=read)
    assert found.verdict == "sat" and found.answer.startswith("27:"), found
    witness = found.witness
    assert witness["players"] == players and witness["taken"] == 27
    state = GAME.replay(players, read.variant, [GAME.parse_move(m) for m in witness["moves"]])
    assert compute_pile_points(state.piles[0]) >= 27


def test_the_professional_too_low_card_is_found_with_six_rows() -> None:
    """Six rows: no two-player witness within three turns, and the solver spends its budget on the rows' orders;
    the search goes on with the rows in order and one more turn, and finds one in four (replayed here)."""
    question = next(q for q in questions("take5") if q.id == "T5-F-2")
    found = question.ask(reading=reading_from_flags("take5", ["rows=6"]))
    assert found.verdict == "sat" and "4 turns" in found.bounds, found
    flags = found.witness["flags"]
    assert flags["rows"] == 6 and flags["professional"] is True
    state = GAME.replay(2, Take5Variant(**flags), [GAME.parse_move(m) for m in found.witness["moves"]])
    assert len(state.rows) == 6 and found.witness["card"] in state.chosen
