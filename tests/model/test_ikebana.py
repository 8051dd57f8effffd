"""Tests of the Ikebana engine: conformance with the spec, fuzzing, golden files, invariants.

Golden files live in ``tests/data/ikebana_*.json``; regenerate them (after a
deliberate change of behaviour) with ``IKEBANA_REGEN=1 pytest tests/model/test_ikebana.py``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from ruleproof.checkers.checks.conformance import check_state, run_conformance
from ruleproof.checkers.checks.fuzz import machine_for
from ruleproof.model.io import codec
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.ikebana import GAME
from ruleproof.model.io.records import load_record, make_record
from ruleproof.spec import ikebana as ik
from ruleproof.spec.ikebana import SPEC, Buy, Draw, IkebanaMove, IkebanaState, IkebanaVariant, Keep, Refuse
from fastpaths import check_traced_playout_replays, positions_in_phase

DATA = Path(__file__).resolve().parent.parent / "data"
RECORD = DATA / "ikebana_record_3p.json"
POSITIONS = DATA / "ikebana_positions.json"
REGEN = bool(os.environ.get("IKEBANA_REGEN"))
ALL_FLAGS = IkebanaVariant(bank="finite", shortfall="end_game", double_final=True, start_tie="lowest_seat",
                           recycle="when_empty", stall="skip")


# --------------------------------------------------------------------------
# Conformance and fuzzing


@pytest.mark.parametrize(("players", "variant"), GAME.test_configs(), ids=lambda x: str(x))
def test_conformance(players: int, variant: IkebanaVariant) -> None:
    result = run_conformance(GAME, players, variant, games=2, seed=players, candidate_every=2)
    assert result.ok, "\n".join(map(str, result.problems))
    assert result.games == 2


def test_test_configs_cover_every_flag() -> None:
    import dataclasses

    for field in dataclasses.fields(IkebanaVariant):
        values = {getattr(v, field.name) for _, v in GAME.test_configs()}
        assert len(values) >= 2, field.name
    assert {n for n, _ in GAME.test_configs()} == {2, 3, 4, 5}


_FUZZ = settings(max_examples=12, stateful_step_count=60, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
TestIkebanaMachine = machine_for("ikebana", 3).TestCase
TestIkebanaMachine.settings = _FUZZ
TestIkebanaAllFlagsMachine = machine_for("ikebana", 5, ALL_FLAGS).TestCase
TestIkebanaAllFlagsMachine.settings = _FUZZ


# --------------------------------------------------------------------------
# Policies that reach the rare parts of the rules


def _policy_game(players: int, variant: IkebanaVariant, seed: int, refuse: float,
                 check_every: int = 3) -> tuple[Counter[str], IkebanaState]:
    """Play a game where players draw and refuse with probability ``refuse`` when they may,
    checking every transition (and every ``check_every``-th state with the conformance
    checklist); return how often each rule fired."""
    rng = random.Random(seed)
    fired: Counter[str] = Counter()
    state = GAME.initial_state(players, variant)
    steps = 0
    while True:
        if steps % check_every == 0:
            problems = check_state(GAME, state, candidates=steps % (5 * check_every) == 0)
            assert not problems, problems
        actor = GAME.current_player(state)
        if actor == TERMINAL:
            return fired, state
        moves = GAME.legal_moves(state)
        if actor == CHANCE:
            move = GAME.sample_chance(state, rng)
        elif Refuse() in moves and rng.random() < refuse:
            move = Refuse()
        elif Draw() in moves and rng.random() < refuse:
            move = Draw()
        else:
            move = moves[rng.randrange(len(moves))]
        after = GAME.apply(state, move)
        report = SPEC.check_transition(variant, state, actor, move, after)
        assert report.ok, f"{move}: {report}"
        fired.update(SPEC.fired(variant, state, actor, move, after))
        state = after
        steps += 1
        assert steps <= GAME.max_game_length(players, variant)


@pytest.mark.rule("IK-DECK-1")
@pytest.mark.parametrize("variant", [IkebanaVariant(), IkebanaVariant(recycle="when_empty")], ids=["on_draw", "when_empty"])
def test_refusing_players_exhaust_the_deck(variant: IkebanaVariant) -> None:
    fired, _ = _policy_game(5, variant, 0, refuse=0.95)
    assert fired["IK-DECK-1"] > 0


def test_random_games_conserve_money_and_cards() -> None:
    for players, variant in ((2, IkebanaVariant()), (5, IkebanaVariant(bank="finite")), (4, ALL_FLAGS)):
        rng = random.Random(players)
        for _ in range(5):
            state = GAME.initial_state(players, variant)
            while not GAME.is_terminal(state):
                assert ik.compute_money(state) == 6 * players
                assert min(state.coins) >= 0
                if variant.bank == "finite":
                    assert state.issued <= ik.bank_capacity(players)
                assert Counter(c for c, _ in GAME.components(state)) == Counter(ik.FULL_DECK)
                if GAME.current_player(state) == CHANCE:
                    move: IkebanaMove = GAME.sample_chance(state, rng)
                else:
                    moves = GAME.legal_moves(state)
                    move = moves[rng.randrange(len(moves))]
                state = GAME.apply_unchecked(state, move)
            assert ik.compute_money(state) == 6 * players


def test_deadlock_never_reached_in_random_play() -> None:
    """The stall rule is a guard: with 50 cards at least 26 are outside the hands, so some card can
    always be drawn. Random games (biased towards refusals) never trigger it."""
    fired, _ = _policy_game(5, IkebanaVariant(), 100, refuse=0.9)
    assert fired["IK-STALL-1"] == 0
    assert fired["IK-ROUND-1"] > 0


def test_finite_bank_runs_dry_with_high_scores() -> None:
    """A round worth far more than a nearly empty finite bank holds drains it exactly."""
    variant = IkebanaVariant(bank="finite")
    state = GAME.initial_state(5, variant)
    state = state._replace(issued=ik.bank_capacity(5) - 5)
    # Seat 0 completes the last bouquet (18 points); the others hold one-colour runs (60 each).
    hands = tuple(("R1", "G1", "Y2", "B2") if s == 0 else (f"{c}1", f"{c}2", f"{c}3", f"{c}4", f"{c}5")
                  for s, c in enumerate("RGYBW"))
    state = state._replace(phase="decide", drawn="W3", hands=hands, deck=())
    after = GAME.apply(state, Keep())
    assert after.issued == ik.bank_capacity(5)
    assert after.last_payouts[0] == 5 and sum(after.last_payouts) == 5
    assert SPEC.check_transition(variant, state, 0, Keep(), after).ok


# --------------------------------------------------------------------------
# Golden files


def _play_seeded(players: int, variant: IkebanaVariant, seed: int) -> tuple[list[tuple[int, IkebanaMove]], IkebanaState]:
    rng = random.Random(seed)
    state = GAME.initial_state(players, variant)
    moves: list[tuple[int, IkebanaMove]] = []
    while not GAME.is_terminal(state):
        actor = GAME.current_player(state)
        if actor == CHANCE:
            move = GAME.sample_chance(state, rng)
        else:
            legal = GAME.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        moves.append((actor, move))
        state = GAME.apply(state, move)
    return moves, state


def _write_golden() -> None:
    moves, final = _play_seeded(3, IkebanaVariant(double_final=True), 2024)
    record = make_record("ikebana", 3, IkebanaVariant(double_final=True), moves, seed=2024)
    expected = {"coins": list(final.coins), "issued": final.issued, "last_scores": list(final.last_scores),
                "winners": sorted(GAME.outcome(final).winners)}
    record = dataclasses.replace(record, meta={"expected": expected})
    RECORD.write_text(record.dumps(), encoding="utf-8")
    positions: list[dict[str, Any]] = []
    rng = random.Random(7)
    for players, variant, seed in ((2, IkebanaVariant(), 1), (4, IkebanaVariant(), 2), (5, ALL_FLAGS, 3)):
        history, _ = _play_seeded(players, variant, seed)
        state = GAME.initial_state(players, variant)
        picks = set(rng.sample(range(len(history)), 6))
        for index, (_, move) in enumerate(history):
            if index in picks:
                positions.append({"state": codec.encode(state), "legal": [str(m) for m in GAME.legal_moves(state)]})
            state = GAME.apply(state, move)
    POSITIONS.write_text(json.dumps(positions, ensure_ascii=False) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def golden() -> None:
    if REGEN or not RECORD.exists() or not POSITIONS.exists():
        _write_golden()


def test_golden_record_replays(golden: None) -> None:
    from ruleproof.checkers.checks.validate import validate_record

    record = load_record(RECORD)
    result = validate_record(record)
    assert result.ok and result.finished, result.reason
    variant = IkebanaVariant(**record.variant)
    state = GAME.replay(3, variant, [GAME.parse_move(m.move) for m in record.moves])
    expected = record.meta["expected"]
    assert list(state.coins) == expected["coins"]
    assert state.issued == expected["issued"]
    assert list(state.last_scores) == expected["last_scores"]
    assert sorted(GAME.outcome(state).winners) == expected["winners"]
    # The engine with the same seed plays the same game.
    moves, _ = _play_seeded(3, variant, 2024)
    assert [str(m) for _, m in moves] == [m.move for m in record.moves]


def test_golden_legal_moves_from_fixed_positions(golden: None) -> None:
    positions = json.loads(POSITIONS.read_text(encoding="utf-8"))
    assert len(positions) == 18
    phases = Counter()
    for item in positions:
        state = codec.decode(IkebanaState, item["state"])
        phases[state.phase] += 1
        assert [str(m) for m in GAME.legal_moves(state)] == item["legal"]
        actor = ik.compute_whose_turn(state)
        spec_moves = {str(m) for m in SPEC.spec_legal_moves(state.variant, state, actor)}
        assert spec_moves == set(item["legal"])
    assert len(phases) >= 2


def test_invalid_record_names_the_rule() -> None:
    from ruleproof.checkers.checks.validate import validate_record
    from ruleproof.model.io.records import GameRecord, RecordedMove

    moves = (RecordedMove(0, "draw"), RecordedMove(CHANCE, "reveal R1"), RecordedMove(0, "refuse"),
             RecordedMove(CHANCE, "reveal G1"), RecordedMove(0, "keep"), RecordedMove(1, "buy 1"))
    result = validate_record(GameRecord("ikebana", 3, {}, moves))
    assert not result.ok and result.index == 5
    assert "IK-BUY-1" in result.rule_ids
    reveal_missing = (RecordedMove(0, "draw"), RecordedMove(CHANCE, "reveal R5"), RecordedMove(0, "refuse"),
                      RecordedMove(CHANCE, "reveal R5"))
    result = validate_record(GameRecord("ikebana", 2, {}, reveal_missing))
    assert result.index == 3 and "IK-DRAW-1" in result.rule_ids


# --------------------------------------------------------------------------
# Engine details


def test_illegal_moves_raise_with_rule_ids() -> None:
    from ruleproof.spec.errors import IllegalMoveError

    state = GAME.new_game(3, seed=5)
    with pytest.raises(IllegalMoveError) as err:
        GAME.apply(state, Buy(0))
    assert "IK-BUY-1" in err.value.rule_ids


def test_chance_outcomes_are_weighted_by_copies() -> None:
    state = GAME.apply(GAME.initial_state(2, IkebanaVariant()), Draw())
    outcomes = dict(GAME.chance_outcomes(state))
    assert len(outcomes) == 25
    assert outcomes[ik.Reveal("R1")] == pytest.approx(3 / 50)
    assert outcomes[ik.Reveal("R5")] == pytest.approx(1 / 50)
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_render_text_and_observations() -> None:
    moves, final = _play_seeded(2, IkebanaVariant(bank="finite"), 3)
    text = GAME.render_text(final)
    assert text.startswith("game over after round 4:") and "bank holds" in text and "last round:" in text
    state = GAME.initial_state(2, IkebanaVariant())
    for _, move in moves[:9]:
        state = GAME.apply(state, move)
    lines = GAME.render_text(state).splitlines()
    assert lines[0].startswith("round 1 of 4") and lines[2].startswith("seat 0:") and lines[3].startswith("seat 1:")
    for seat in range(2):
        json.dumps(GAME.observation(state, seat))


def test_max_game_length_is_generous() -> None:
    fired, _ = _policy_game(2, IkebanaVariant(), 0, refuse=1.0, check_every=50)
    moves = fired["IK-TURN-1"]
    assert 0 < moves < GAME.max_game_length(2, IkebanaVariant())


def test_svg_rendering_of_positions_and_bouquets() -> None:
    import xml.etree.ElementTree as ET

    from ruleproof.checkers.render.ikebana import render_bouquet_svg, render_svg

    state = GAME.new_game(3, seed=5)
    root = ET.fromstring(render_svg(state, title="start"))
    assert root.tag.endswith("svg")
    svg = render_bouquet_svg(["R1", "R2", "R3", "R4", "W2"])
    assert "= 16" in svg and svg.count('class="card"') == 5


# --------------------------------------------------------------------------
# The fast playout from every phase of a turn


@pytest.mark.parametrize("phase", ["choose", "reveal", "decide"])
def test_fast_playout_from_every_phase_of_a_turn_replays_and_counts_each_move(phase: str) -> None:
    """The fast playout may start mid-turn: at the card chance turns up, or at the decision on a card
    (after refusals too). From such positions of every test configuration its moves replay through the
    checked path to its final state, it counts each move once, and a trace changes nothing (the same
    game, the generator left in the same state)."""
    checked = 0
    for players, variant in GAME.test_configs():
        # every 9th position of the phase, and a refusal's decisions more often
        for start in positions_in_phase(GAME, phase, players, variant, 2, lambda state, met: met % 9 == 0 or (
                phase == "decide" and bool(state.refusals) and met % 2 == 1)):
            check_traced_playout_replays(GAME, start, checked)
            checked += 1
    assert checked >= 3 * len(GAME.test_configs())
