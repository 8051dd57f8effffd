"""Take 5 findings: verdicts pinned to the manifest, every witness replayed through the engine."""

from __future__ import annotations

from functools import cache

import pytest

from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.catalogue.findings import Finding, load_manifest
from ruleproof.checkers.smt import take5 as smt
from ruleproof.checkers.smt.take5_round import plan_round
from ruleproof.model.take5 import GAME
from ruleproof.spec import take5 as t5
from ruleproof.spec.take5 import Take, Take5Variant


@cache
def finding(fid: str) -> Finding:
    return next(q for q in questions("take5") if q.id == fid).answer(False)


def test_manifest_covers_every_question() -> None:
    ids = {q.id for q in questions("take5") if not q.id.startswith("WF-")}
    assert ids == set(load_manifest("take5"))


@pytest.mark.parametrize("fid", sorted(load_manifest("take5")))
def test_verdict_matches_manifest(fid: str) -> None:
    f = finding(fid)
    assert f.verdict == load_manifest("take5")[fid], f.summary()
    assert f.audit_verdict == "pass"


def test_only_lowest_too_low_is_a_proof_with_a_core() -> None:
    f = finding("T5-F-1")
    assert f.verdict == "unsat" and "T5-ORDER-1" in f.rule_ids and f.method == "z3"


def test_professional_too_low_witness_replays() -> None:
    w = finding("T5-F-2").witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    card, _ = t5.lowest_pending(state)
    assert card == w["card"]
    assert t5.is_too_low(state.variant, state.rows, card)
    assert not all(state.chosen), "a lower card of the turn was already resolved"
    assert all(isinstance(m, Take) for m in GAME.legal_moves(state))


def test_professional_tie_witness_offers_two_places() -> None:
    w = finding("T5-F-4").witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert len(t5.compute_nearest_positions(state.variant, state.rows, w["card"])) == 2
    assert len(GAME.legal_moves(state)) == 2


def test_one_turn_take_witness() -> None:
    w = finding("T5-F-5").witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert t5.compute_pile_points(state.piles[0]) == w["taken"] == 27


def test_one_round_take_witness() -> None:
    w = finding("T5-F-6").witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert state.finished and t5.compute_totals(state)[0] == w["points"] == 117
    # exact: the bound of T5-F-7 is the witness's total
    assert finding("T5-F-7").verdict == "unsat" and "117" in finding("T5-F-7").question


def test_one_round_plan_takes_every_valuable_card() -> None:
    """The chain plan for the rulebook's numbers: ten players, 50 chain cards holding every card worth more than
    one bullhead, every other card in the spare rows, junk or the last turn's high cards."""
    plan = plan_round(Take5Variant())
    assert plan is not None and plan.players == 10 and plan.value == 117
    assert {c for c in range(1, 105) if t5.compute_bullheads(c) > 1} <= set(plan.chain[:50])
    junk = {c for turn in plan.junk for c in turn}
    assert len(set(plan.chain) | set(plan.spare) | junk | set(plan.high)) == 104
    hands = plan.hands()
    assert len(hands) == 10 and all(len(h) == 10 for h in hands)


def test_end_rules_witness_differs() -> None:
    w = finding("T5-F-8").witness
    publisher = smt.replay(2, {}, w["moves"])
    assert publisher.finished
    assert sorted(GAME.outcome(publisher).winners) == w["publisher_winners"]
    if w["text_end"] is None:
        text = smt.replay(2, w["text_flags"], w["moves"])
        assert not text.finished, "the text's game goes on after a total of exactly 66"
    else:
        text = smt.replay(2, w["text_flags"], w["moves"][: w["text_end"]])
        assert text.finished and sorted(GAME.outcome(text).winners) == w["text_winners"]


@pytest.mark.slow
def test_full_forms() -> None:
    for q in questions("take5"):
        if not q.id.startswith("WF-"):
            assert q.answer(True).audit_verdict == "pass", q.id
