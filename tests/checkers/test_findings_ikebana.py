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


# --------------------------------------------------------------------------
# The rule numbers as flags (issue 31): each finding is asked again under the reading and answers for it


def asked(fid: str, *flags: str) -> Finding:
    from ruleproof.model.io.readings import reading_from_flags

    reading = reading_from_flags("ikebana", list(flags))
    return next(q for q in questions("ikebana") if q.id == fid).ask(False, reading)


@pytest.mark.rule("IK-SCORE-2")
def test_best_bouquet_under_other_multipliers() -> None:
    """Without the rainbow bonus five 5s score 25; the best bouquet is a one-colour run, 15 x 4."""
    f = asked("IK-F-1", "rainbow_multiplier=1")
    w = f.witness
    assert f.verdict == "sat" and w["score"] == 60 and w["flags"] == {"rainbow_multiplier": 1}
    variant = ik.IkebanaVariant(rainbow_multiplier=1)
    assert ik.compute_bouquet_score(w["bouquet"], variant) == 60 and len({c[0] for c in w["bouquet"]}) == 1
    assert smt.replay(w["players"], w["flags"], w["moves"]).last_scores[0] == 60
    # two copies of each value and four cards: two 5s and two 4s of one colour, (10 + 8) x 4, beat four 5s x3
    pairs = asked("IK-F-1", "values=1,1,2,2,3,3,4,4,5,5", "bouquet=4").witness
    assert pairs["score"] == 72 and sorted(c[1] for c in pairs["bouquet"]) == ["4", "4", "5", "5"]


@pytest.mark.rule("IK-PAY-2", "IK-END-1")
def test_max_payout_under_other_rounds_and_decks() -> None:
    f = asked("IK-F-2", "rounds=2")
    assert f.verdict == "sat" and f.witness["table"][0]["game"] == 2 * 135 and "270 a game" in f.answer
    state = smt.replay(f.witness["players"], f.witness["flags"], f.witness["moves"])
    assert GAME.is_terminal(state) and state.round == 2 and state.issued == 270
    pairs = asked("IK-F-2", "values=1,1,2,2,3,3,4,4,5,5")
    assert pairs.witness["table"][0]["round"] == 150  # two copies of each 5: five 5s for both players


@pytest.mark.rule("IK-BANK-1")
def test_bank_dry_answer_changes_with_the_rounds() -> None:
    """Two players can be owed at most 135 a round: four rounds empty the finite bank (493), two cannot."""
    short = asked("IK-F-3", "rounds=2")
    assert short.verdict == "unsat" and "270" in short.answer and "493" in short.answer
    state = smt.replay(2, short.witness["flags"], short.witness["moves"])
    assert GAME.bank_left(state) == 493 - 270
    rich = asked("IK-F-3", "start_coins=30")
    assert rich.verdict == "sat" and "445 after the starting coins" in rich.answer


@pytest.mark.rule("IK-REFUSE-1")
def test_forced_keep_under_other_starting_coins() -> None:
    f = asked("IK-F-4", "start_coins=10")
    assert f.verdict == "sat" and "refusing four cards costs 1 + 2 + 3 + 4 = all ten" in f.answer
    state = smt.replay(f.witness["players"], f.witness["flags"], f.witness["moves"])
    assert state.refusals == 4 and state.coins[0] == 0 and [str(m) for m in GAME.legal_moves(state)] == ["keep"]
    broke = asked("IK-F-4", "start_coins=0")
    assert broke.verdict == "sat" and broke.witness["moves"] == ["draw", "reveal R1"]


@pytest.mark.rule("IK-DECK-2", "IK-STALL-1")
def test_deadlock_is_reached_with_a_small_deck() -> None:
    """Five cards (one 5 a colour) cannot make two bouquets of five: drawing runs dry, found and replayed."""
    assert asked("IK-F-5", "values=1,1,2,2,3,3,4,4,5,5").verdict == "unsat"
    f = asked("IK-F-5", "values=5")
    w = f.witness
    assert f.verdict == "sat" and w["players"] == 2 and w["flags"] == {"values": [5]}
    state = smt.replay(w["players"], w["flags"], w["moves"])
    stuck = state.phase == "choose" and not ik.can_draw(state.deck, state.piles)
    assert stuck or any(len(h) < 5 for h in state.last_bouquets)
    # the best five cards exist, but no game deals a full bouquet from five cards: not claimed as an answer
    best = asked("IK-F-1", "values=5")
    assert best.verdict == "unknown" and "no game deals them" in best.reason
