"""BigPoints findings: verdicts pinned to the manifest, every witness replayed through the engine."""

from __future__ import annotations

from functools import cache

import pytest

from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.catalogue.findings import Finding, load_manifest
from ruleproof.checkers.smt import bigpoints as smt
from ruleproof.model.bigpoints import GAME
from ruleproof.spec import bigpoints as bp
from ruleproof.spec.bigpoints import BigPointsVariant
from ruleproof.spec.errors import IllegalMoveError


@cache
def finding(fid: str) -> Finding:
    return next(q for q in questions("bigpoints") if q.id == fid).answer(False)


def test_manifest_covers_every_question() -> None:
    assert {q.id for q in questions("bigpoints") if not q.id.startswith("WF-")} == set(load_manifest("bigpoints"))


@pytest.mark.parametrize("fid", sorted(load_manifest("bigpoints")))
def test_verdict_matches_manifest(fid: str) -> None:
    f = finding(fid)
    assert f.verdict == load_manifest("bigpoints")[fid], f.summary()


def test_gap_proof_names_the_rules() -> None:
    f = finding("BP-F-1")
    assert f.verdict == "unsat" and {"BP-TAKE-1", "BP-TAKE-3"} <= set(f.rule_ids)


@pytest.mark.parametrize("sizes", [(2, 1, 0), (2, 0, 5), (3, 1, 4), (10, 5, 5), (2, 0, 7), (4, 2, 6)])
def test_counting_agrees_with_is_gap_possible(sizes: tuple[int, int, int]) -> None:
    colour, black, white = sizes
    variant = BigPointsVariant(colour_discs=colour, black_discs=black, white_discs=white)
    verdict = smt.gap_solver(variant).check().verdict
    assert (verdict == "sat") == bp.is_gap_possible(variant)


def test_gap_witness_replays() -> None:
    w = finding("BP-F-2").witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert bp.has_gap(state)
    assert [str(m) for m in bp.compute_gap_moves(state)] == w["gap_moves"]
    # by default the gap move is made and takes nothing
    move = GAME.parse_move(w["gap_moves"][0])
    after = GAME.apply(state, move)
    assert [str(m) for m in GAME.legal_moves(after)] == ["take none"]


def test_gap_back_to_start_witness_replays() -> None:
    w = finding("BP-F-3").witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert bp.path_size(state.variant) == 55 and state.variant.back_to_start
    assert bp.has_gap(state) and [str(m) for m in bp.compute_gap_moves(state)] == w["gap_moves"]
    after = GAME.apply(state, GAME.parse_move(w["gap_moves"][0]))
    assert [str(m) for m in GAME.legal_moves(after)] == ["take none"]


def test_gap_back_to_start_needs_the_flag() -> None:
    w = finding("BP-F-3").witness
    with pytest.raises(IllegalMoveError, match="BP-BACK-1"):
        smt.replay(w["players"], {}, w["moves"])


def test_shortest_and_longest_witnesses() -> None:
    f = finding("BP-F-4")
    w = f.witness
    lays = bp.path_size(BigPointsVariant(**w["flags"]))
    for key in ("shortest", "longest"):
        state = smt.replay(w["players"], w["flags"], w[key])
        assert GAME.is_terminal(state)
    assert len(w["shortest"]) - lays < len(w["longest"]) - lays
    low, high = w["full_bounds"]
    assert low <= w["random"][0] and w["random"][1] <= high


def test_shortest_full_game_attains_the_lower_bound() -> None:
    w = finding("BP-F-4").witness
    low, high = w["full_bounds"]
    assert (low, high) == (106, 219)
    moves = w["full_shortest"]
    state = smt.replay(2, {}, moves)
    assert GAME.is_terminal(state) and len(moves) == low
    assert not any(m == "black" for m in moves)


def test_longest_full_game_attains_the_upper_bound() -> None:
    f = finding("BP-F-4")
    moves = f.witness["full_longest"]
    state = smt.replay(2, {}, moves)
    assert GAME.is_terminal(state) and len(moves) == f.witness["full_bounds"][1] == 219
    assert "exact" in f.bounds and "(exact)" in f.answer


def test_length_bound_counts_the_moves() -> None:
    result, best = smt.length_bound()
    assert best == 219 and result.model["pawn_moves"] == 59 and result.model["offers"] == 51


def test_score_witness_within_bound() -> None:
    w = finding("BP-F-5").witness
    state = smt.replay(w["players"], w["flags"], w["moves"])
    assert state.scores[w["seat"]] == w["score"]
    _, bound = smt.score_bound(2)
    assert bound == 97 and w["score"] <= bound
    assert w["score"] == 97 == w["bound"] and w["moves"] == smt.high_score_game()
    assert "exact" in finding("BP-F-5").bounds
    assert smt.guided_game(smt.GUIDED_SEED)[0] == 66 < w["score"]
    assert smt.score_bound(2, seat=1)[1] == 97


@pytest.mark.slow
def test_full_forms() -> None:
    for q in questions("bigpoints"):
        if not q.id.startswith("WF-"):
            assert q.answer(True).audit_verdict != "fail", q.id


@pytest.mark.rule("BP-TAKE-3")
def test_gap_prefilter_keeps_every_gap_state() -> None:
    """BP-F-2 runs the spec's has_gap only where may_gap holds; on the tiny exploration (every state) and on
    random states of small paths the filtered states are exactly those has_gap accepts."""
    import random

    from ruleproof.checkers.explore.statespace import explored

    ex = explored("bigpoints", "tiny")
    every = [n for n, s in enumerate(ex.states) if s.phase in (bp.MOVE, bp.EXTRA) and bp.has_gap(s)]
    assert every and smt._gap_states(ex) == every
    assert not all(smt.may_gap(s) for s in ex.states)  # the filter does filter
    rng = random.Random(2)
    for _ in range(2000):
        path = "".join(rng.choice("BRYGPK.") for _ in range(rng.randrange(2, 9)))
        pawns = tuple(rng.randrange(-1, len(path)) for _ in range(5))
        state = bp.example_state(path, pawns=pawns, phase=rng.choice((bp.MOVE, bp.EXTRA)))
        assert smt.may_gap(state) or not bp.has_gap(state), (path, pawns)
