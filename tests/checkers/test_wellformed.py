"""Well-formedness findings of all five games (termination, playability, weak winnability)."""

from __future__ import annotations

from functools import cache

import pytest

from ruleproof.checkers.analysis import wellformed as wf
from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.model.registry import game_for

GAMES = ("take5", "bigpoints", "ikebana", "bigfive", "cinco")


@cache
def finding(fid: str) -> Finding:
    return next(q for q in wf.QUESTIONS if q.id == fid).answer(False)


def test_manifest_lists_every_question() -> None:
    assert {q.id for q in wf.QUESTIONS} == set(wf.load_wellformed_manifest())


def test_questions_are_in_the_catalogue() -> None:
    for game in GAMES:
        ids = {q.id for q in questions(game)}
        assert {f"WF-{wf.PREFIX[game]}-{k}" for k in "123"} <= ids


@pytest.mark.parametrize("fid", sorted(wf.load_wellformed_manifest()))
def test_verdict_matches_manifest(fid: str) -> None:
    f = finding(fid)
    assert f.expected == wf.load_wellformed_manifest()[fid]
    assert f.audit_verdict == "pass", f.summary()


@pytest.mark.parametrize("game", ["take5", "bigpoints", "ikebana", "bigfive"])
def test_termination_bound_holds_on_random_games(game: str) -> None:
    data = finding(f"WF-{wf.PREFIX[game]}-1").witness["z3"]
    if data.get("bound"):
        g = game_for(game)
        import random
        for seed in range(5):
            _, steps = g.random_playout(g.initial_state(2, g.default_variant()), random.Random(seed))
            assert steps <= data["bound"]


def test_cinco_cycle_witness_returns_to_its_state() -> None:
    witness = finding("WF-CI-1").witness["cycles"][0]
    state, lap = wf.replay_cycle(witness)
    assert state == lap and not game_for("cinco").is_terminal(state)


@pytest.mark.parametrize("game", GAMES)
def test_winnability_witnesses_replay(game: str) -> None:
    for witness in finding(f"WF-{wf.PREFIX[game]}-3").witness:
        assert witness["seat"] in wf.replay_win(game, witness)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_full_forms(game: str) -> None:
    for kind in "123":
        q = next(q for q in wf.QUESTIONS if q.id == f"WF-{wf.PREFIX[game]}-{kind}")
        assert q.answer(True).audit_verdict == "pass", q.id
