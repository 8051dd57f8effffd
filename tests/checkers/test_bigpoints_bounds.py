"""The counting facts behind BP-F-4 (longest game, 219) and BP-F-6 (score bound, 97): each holds on games
the engine plays, each is needed, and the witnesses replay with the counts the proof assumes."""

from __future__ import annotations

import random
from typing import Any

import pytest
import z3

from ruleproof.checkers.smt import bigpoints_bounds as bb
from ruleproof.checkers.smt.core import maximize
from ruleproof.model.bigpoints import GAME
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec import bigpoints as bp
from ruleproof.spec.bigpoints import BigPointsVariant


def _game(seed: int, flags: dict[str, Any] | None = None, black: float = 0.5, back: float = 0.5) -> list[str]:
    """A random two-player game: ``black`` is the chance to spend an offered black disc, ``back`` the
    chance to prefer a backward extra move when one is legal."""
    rng = random.Random(seed)
    state = GAME.initial_state(2, BigPointsVariant(**(flags or {})))
    moves: list[str] = []
    while GAME.current_player(state) != TERMINAL:
        legal = GAME.legal_moves(state)
        move: Any
        if GAME.current_player(state) == CHANCE:
            move = GAME.sample_chance(state, rng)
        elif state.phase == bp.OFFER:
            move = legal[-1] if rng.random() < black else legal[0]
        elif state.phase == bp.EXTRA and rng.random() < back and any(m.back for m in legal):
            move = rng.choice([m for m in legal if m.back])
        else:
            move = rng.choice(legal)
        moves.append(str(move))
        state = GAME.apply(state, move)
    return moves


@pytest.mark.parametrize("black,back", [(0.5, 0.5), (0.9, 0.9), (0.0, 0.0), (1.0, 0.0)])
def test_facts_hold_on_engine_games(black: float, back: float) -> None:
    for seed in range(25):
        moves = _game(seed, black=black, back=back)
        counts = bb.counts_of(2, {}, moves)
        assert counts["terminal"]
        assert bb.broken_facts(counts) == [], (seed, counts)
        assert len(moves) == 55 + 2 * counts["pawn_moves"] - 5 + counts["offers"]
        # the score model's per-seat fact: a hand (spent blacks excluded) holds at most one disc a turn
        assert all(h <= t for h, t in zip(counts["hands"], counts["seat_turns"]))
        assert counts["seat_turns"][0] == (counts["turns"] + 1) // 2


def test_witnesses_meet_the_facts_with_the_counts_of_the_proof() -> None:
    long = bb.counts_of(2, {}, bb.longest_game())
    assert long["terminal"] and bb.broken_facts(long) == []
    assert (long["pawn_moves"], long["turns"], long["offers"], long["ahead_takes"]) == (59, 54, 51, 1)
    high = bb.counts_of(2, {}, bb.high_score_game())
    assert high["terminal"] and bb.broken_facts(high) == [] and high["hands"][0] == high["seat_turns"][0] == 27


def test_empty_takes_come_only_after_a_first_move() -> None:
    """The lemma of BP-TAKE-3 on tiny paths, where takes that find nothing do happen: the pawn just moved
    came from the start (the disc a pawn leaves is always free)."""
    seen = 0
    for seed in range(200):
        flags = {"colour_discs": 2, "black_discs": 1, "white_discs": 0}
        state = GAME.initial_state(2, BigPointsVariant(**flags))
        came_from = None
        for text in _game(seed, flags):
            move = GAME.parse_move(text)
            if state.phase in (bp.MOVE, bp.EXTRA):
                came_from = state.pawns[bp.COLOURS.index(move.colour)]
            if state.phase == bp.TAKE and move.side == "none":
                seen += 1
                assert came_from == -1, (seed, text)
            state = GAME.apply(state, move)
    assert seen > 0


def test_broken_facts_name_the_rule() -> None:
    good = bb.counts_of(2, {}, bb.longest_game())
    assert bb.broken_facts({**good, "ahead_takes": 0}) == ["BP-MOVE-2"]
    assert "BP-TAKE-1" in bb.broken_facts({**good, "ahead_takes": 0, "pawn_moves": 60, "turns": 55})
    assert bb.broken_facts({**good, "empty_takes": 1}) == ["BP-TAKE-3"]
    assert bb.broken_facts({**good, "ends_on_extra": True}) == ["BP-END-1"]


def test_length_proof_is_tight() -> None:
    assert bb.length_proof(220).verdict == "unsat"
    result = bb.length_proof(219)
    assert result.verdict == "sat" and result.model["pawn_moves"] == 59


@pytest.mark.parametrize("dropped,longer", [("BP-TAKE-1", 222), ("BP-END-1", 220)])
def test_each_new_fact_is_needed(dropped: str, longer: int) -> None:
    v: dict[str, Any] = {name: z3.Int(name) for name in bb.COUNTS}
    v["ends_on_extra"] = z3.Bool("ends_on_extra")
    facts = [c for rule, c in bb.tagged_facts(v) if rule != dropped]
    length = 55 + 2 * v["pawn_moves"] - 5 + v["offers"]
    assert maximize(length, facts)[1] == longer


def test_score_bound_and_its_threshold() -> None:
    score, constraints = bb.score_model(2, 0)
    for at_least, verdict in ((97, z3.sat), (98, z3.unsat)):
        solver = z3.Solver()
        solver.set("rlimit", 50_000_000)
        solver.add(*constraints, score >= at_least)
        assert solver.check() == verdict
