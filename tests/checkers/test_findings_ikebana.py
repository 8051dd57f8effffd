"""Ikebana findings: verdicts pinned to the manifest, every witness replayed through the engine."""

from __future__ import annotations

from functools import cache

import pytest

from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.catalogue.findings import Finding, load_manifest
from ruleproof.checkers.smt import ikebana as smt
from ruleproof.model.ikebana import GAME
from ruleproof.spec import ikebana as ik


@cache
def finding(fid: str) -> Finding:
    return next(q for q in questions("ikebana") if q.id == fid).answer(False)


def test_manifest_covers_every_question() -> None:
    assert {q.id for q in questions("ikebana") if not q.id.startswith("WF-")} == set(load_manifest("ikebana"))


@pytest.mark.parametrize("fid", sorted(load_manifest("ikebana")))
def test_verdict_matches_manifest(fid: str) -> None:
    f = finding(fid)
    assert f.verdict == load_manifest("ikebana")[fid], f.summary()


def test_best_bouquet_is_scored_by_the_engine() -> None:
    w = finding("IK-F-1").witness
    assert ik.compute_bouquet_score(w["bouquet"]) == w["score"] == 75
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert state.last_scores[0] == 75
    # nothing scores more: brute force over the 25 kinds, five at a time
    import itertools
    best = max(ik.compute_bouquet_score(list(b)) for b in itertools.combinations_with_replacement(ik.CARD_KINDS, 5)
               if all(b.count(c) <= ik.COPIES[int(c[1])] for c in set(b)))
    assert best == 75


def test_max_payout_witness() -> None:
    f = finding("IK-F-2")
    w = f.witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert GAME.is_terminal(state)
    assert state.issued == w["issued"] == w["table"][0]["game"]


def test_bank_runs_dry_witness() -> None:
    w = finding("IK-F-3").witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert GAME.bank_left(state) == 0
    assert sum(state.last_payouts) < sum(state.last_scores)


def test_forced_keep_witness() -> None:
    w = finding("IK-F-4").witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert state.coins[0] == 0 and [str(m) for m in GAME.legal_moves(state)] == ["keep"]
    assert "IK-REFUSE-1" in GAME.spec.check_move(state.variant, state, 0, ik.Refuse()).rule_ids


def test_no_deadlock_is_a_proof() -> None:
    f = finding("IK-F-5")
    assert f.verdict == "unsat" and f.method == "z3"


@pytest.mark.slow
def test_full_forms() -> None:
    for q in questions("ikebana"):
        if not q.id.startswith("WF-"):
            assert q.answer(True).audit_verdict == "pass", q.id
