"""BigPoints findings: verdicts pinned to the manifest, every witness replayed through the engine."""

from __future__ import annotations

from functools import cache
from typing import Any

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


# -- the rule constants as flags (issue 31): the findings re-decided under other paths and ladders -----------


def _reading(**flags: object) -> object:
    from ruleproof.model.io.readings import reading_from_flags

    return reading_from_flags("bigpoints", [f"{k}={','.join(map(str, v)) if isinstance(v, tuple) else v}"
                                            for k, v in flags.items()])


def _ask(fid: str, **flags: object) -> Finding:
    question = next(q for q in questions("bigpoints") if q.id == fid)
    assert question.takes_reading and set(flags) <= set(question.flags)
    return question.ask(False, _reading(**flags))


#: The audit under the steeper ladder, run once for the module: its rows check that the audit runs every check
#: (:func:`test_audit_under_another_ladder_runs_every_check`), and its BP-F-5 and BP-F-6 rows carry the findings
#: :func:`test_score_bound_and_witness_follow_the_ladder` reads (session 43: they were asked a second time).
LADDER = "step_values=5,4,3,2,1"


@pytest.fixture(scope="module")
def ladder_rows() -> list[dict[str, Any]]:
    return _audit_rows(LADDER)


def _finding_data(rows: list[dict[str, Any]], fid: str) -> dict[str, Any]:
    return next(r["data"] for r in rows if r["check"] == "finding" and r["subject"].split()[0] == fid)


def test_score_bound_and_witness_follow_the_ladder(ladder_rows: list[dict[str, Any]]) -> None:
    """Steps worth 5, 4, 3, 2, 1: the bound rises from 97 to 118 (each of seat 0's 18 blue and red discs and
    its one yellow, green and purple disc is worth one more), and the hand-built game, scored under the new
    ladder, reaches it (the findings as the audit under that ladder gives them)."""
    upper = _finding_data(ladder_rows, "BP-F-6")
    assert upper["verdict"] == "unsat" and "no player can score more than 118" in upper["answer"]
    witness = _finding_data(ladder_rows, "BP-F-5")
    assert witness["verdict"] == "sat" and witness["witness"]["score"] == witness["witness"]["bound"] == 118
    assert witness["witness"]["moves"] == smt.high_score_game() and "exact" in witness["bounds"]
    flags = {k: tuple(v) if isinstance(v, list) else v for k, v in witness["witness"]["flags"].items()}
    state = smt.replay(2, flags, witness["witness"]["moves"])
    assert state.scores[0] == 118 and state.variant.step_values == (5, 4, 3, 2, 1)
    flat = _ask("BP-F-6", step_values=(1, 1, 1, 1, 1))
    assert "more than 51" in flat.answer  # of 27 discs held: 21 colour discs worth 1, a black, five whites worth 6


@pytest.mark.parametrize(("flags", "bound"), [({"colour_discs": 3}, 35), ({"white_discs": 2}, 87),
                                              ({"black_discs": 3}, 95)])
def test_score_bound_follows_the_path(flags: dict[str, int], bound: int) -> None:
    found = _ask("BP-F-6", **flags)
    assert found.verdict == "unsat" and f"no player can score more than {bound}" in found.answer
    assert smt.score_bound(2, 0, BigPointsVariant(**flags))[1] == bound < 97


def test_length_bounds_follow_the_path() -> None:
    """A shorter path: fewer lays, fewer landings; the proved range moves and its lower end is attained."""
    found = _ask("BP-F-4", colour_discs=3)
    low, high = found.witness["full_bounds"]
    assert (low, high) == (35, 79) and found.witness["full_flags"] == {"colour_discs": 3}
    shortest = smt.replay(2, {"colour_discs": 3}, found.witness["full_shortest"])
    assert GAME.is_terminal(shortest) and len(found.witness["full_shortest"]) == low
    longest = smt.replay(2, {"colour_discs": 3}, found.witness["full_longest"])
    assert GAME.is_terminal(longest) and len(found.witness["full_longest"]) <= high
    # the search does not reach the proved bound: the longest game stays open, and says so
    assert found.verdict == "unknown" and "search bound" in found.reason


def test_length_on_a_tiny_path_is_decided_by_exploring_every_state() -> None:
    found = _ask("BP-F-4", colour_discs=2, black_discs=1, white_discs=0)
    assert found.verdict == "sat" and found.method == "exhaustive"
    assert found.witness["full_bounds"] == [6 + 11, 6 + 19]  # BP-F-4's own tiny exploration: 11 to 19 moves


def test_gap_question_follows_the_path() -> None:
    """Three black discs: the counting still excludes the gap, with the path's own numbers; on a tiny path the
    counting allows it and exploring every state finds it."""
    fewer = _ask("BP-F-1", black_discs=3)
    assert fewer.verdict == "unsat" and "at least 48 of the 53 discs taken" in fewer.answer and "36 + 6 < 48" in fewer.answer
    tiny = _ask("BP-F-1", colour_discs=2, black_discs=1, white_discs=0)
    assert tiny.verdict == "sat" and tiny.method == "exhaustive"
    state = smt.replay(2, tiny.witness["flags"], tiny.witness["moves"])
    assert bp.has_gap(state)


def test_audit_under_another_ladder_runs_every_check(ladder_rows: list[dict[str, Any]]) -> None:
    _assert_every_check_ran(ladder_rows, {"BP-F-5": "sat", "BP-F-6": "unsat", "BP-F-4": "sat"})


@pytest.mark.slow
@pytest.mark.parametrize("flag", ["colour_discs=3", "black_discs=3", "white_discs=2"])
def test_audit_under_another_path_runs_every_check(flag: str) -> None:
    _assert_every_check_ran(_audit_rows(flag), {"BP-F-5": "sat", "BP-F-6": "unsat"})


def _audit_rows(flag: str) -> list[dict[str, Any]]:
    """``ruleproof audit bigpoints --variant FLAG --quick --json``'s rows (its exit code must be 0)."""
    import contextlib
    import io
    import json

    from ruleproof.checkers.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["audit", "bigpoints", "--variant", flag, "--quick", "--jobs", "1", "--json"]) == 0
    return [json.loads(line)["row"] for line in out.getvalue().splitlines() if '"ruleproof.audit-row"' in line]


def _assert_every_check_ran(rows: list[dict[str, Any]], verdicts: dict[str, str]) -> None:
    kinds = {r["check"]: r["verdict"] for r in rows if r["check"] != "finding"}
    assert kinds["conformance"] == kinds["fuzz"] == "pass", kinds
    findings = {r["subject"].split()[0]: r for r in rows if r["check"] == "finding"}
    assert {f"BP-F-{i}" for i in range(1, 7)} <= set(findings)
    for fid, verdict in verdicts.items():
        assert findings[fid]["verdict"] == "pass" and findings[fid]["detail"].startswith(verdict), findings[fid]
