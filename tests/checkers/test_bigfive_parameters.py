"""Big Five's rule constants as variant flags (issue 31, point 1): every layer honours a non-default value.

The constants a reading may change — ``hand_size``, ``max_group``, ``copies``
and ``kids_deal`` — are variant flags bounded by the table of rule constants.
Here each layer is held to them: the spec and the engine agree under them
(conformance), the audit's conformance and fuzz checks run under them, the
solver findings are decided again under them (and their answers change where
they should), the certificate checker judges a certificate made under them and
refuses a value outside its declared range, the OpenSpiel codec numbers the
larger exchanges, and the renderer draws the larger hands.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from ruleproof.checkers.checks.conformance import run_conformance
from ruleproof.checkers.cli.main import main
from ruleproof.model.bigfive import GAME
from ruleproof.spec import bigfive as bf
from ruleproof.spec.accel.bigfive import SPEC
from ruleproof.spec.bigfive import BigFiveVariant, Exchange, Play, make_position, parse_move
from ruleproof.spec.errors import VariantError

PARAMETERS = ("hand_size", "max_group", "copies", "kids_deal")


def _rows(text: str) -> dict[str, dict[str, Any]]:
    rows = {}
    for line in text.splitlines():
        data = json.loads(line)
        if "row" in data:
            row = data["row"]
            rows[row["data"]["id"] if row["check"] == "finding" else f"{row['check']} {row['subject']}"] = row
    return rows


def test_every_parameter_is_a_flag_with_the_tables_default_and_bounds() -> None:
    for name in PARAMETERS:
        constant = bf.CONSTANTS.constant(name)
        assert getattr(BigFiveVariant(), name) == constant.value, name
        assert constant.low is not None and constant.high is not None, name
        for value in (constant.low, constant.high):
            assert getattr(BigFiveVariant(**{name: value}), name) == value
        for value in (constant.low - 1, constant.high + 1):
            with pytest.raises(VariantError, match=name):
                BigFiveVariant(**{name: value})


@pytest.mark.parametrize(("players", "flags"), [
    (2, {"hand_size": 6, "children": True}), (3, {"hand_size": 3, "children": True}),
    (2, {"max_group": 2, "children": True}), (3, {"copies": 2}), (4, {"children": True, "kids_deal": 8}),
    (1, {"children": True, "hand_size": 7, "max_group": 3}),
], ids=lambda value: str(value))
def test_engine_and_spec_agree_under_a_non_default_constant(players: int, flags: dict[str, Any]) -> None:
    result = run_conformance(GAME, players, BigFiveVariant(**flags), games=1, seed=3, candidate_every=3)
    assert result.states > 20 and not result.problems, result.problems[:3]


def test_the_constants_change_the_game_as_the_rules_say() -> None:
    six = BigFiveVariant(hand_size=6)
    state = GAME.new_game(2, six, seed=1)
    assert [len(h) for h in state.hands] == [6, 6]  # the opening draw
    whole = Exchange(state.hands[0])
    assert whole in GAME.legal_moves(state) and SPEC.is_legal(six, state, 0, whole)
    assert "1 to 5 cards" in str(SPEC.check_move(BigFiveVariant(), state._replace(variant=BigFiveVariant()), 0, whole))
    halves = GAME.new_game(2, BigFiveVariant(copies=2), seed=1)  # 50 cards: the start card, 24 a seat, 1 boxed
    assert GAME._setup(halves.variant, 2).sizes == (24, 24) and len(halves.box) == 1
    assert GAME._setup(BigFiveVariant(children=True, kids_deal=8), 3).sizes == (8, 8, 8)
    two = BigFiveVariant(max_group=2)
    position = make_position("Lp@0,0", ["Gp Zp Cp", "Lb"], variant=two)
    plays = [m for m in GAME.legal_moves(position) if isinstance(m, Play)]
    assert plays and max(len(p.placed) for p in plays) == 2
    three = parse_move("play Gp@1,0 Zp@2,0 Cp@3,0")
    assert SPEC.check_move(two, position, 0, three).rule_ids == ("BF-PLAY-2",)
    assert not SPEC.check_move(BigFiveVariant(), position._replace(variant=BigFiveVariant()), 0, three)


@pytest.mark.parametrize("flag", ["hand_size=6", pytest.param("max_group=3", marks=pytest.mark.slow),
                                  pytest.param("copies=3", marks=pytest.mark.slow)])
def test_audit_quick_runs_conformance_and_fuzz_under_a_constant(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "bigfive", "--variant", flag, "--quick", "--check", "conformance", "--check", "fuzz",
                 "--fuzz-examples", "1", "--json", "--quiet", "--jobs", "1"]) == 0
    rows = _rows(capsys.readouterr().out)
    assert {row["check"] for row in rows.values()} == {"conformance", "fuzz"}
    assert all(row["verdict"] == "pass" and flag in row["subject"] for row in rows.values()), rows


def _finding(fid: str, *flags: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    args = ["audit", "bigfive", "--check", "finding", "--finding", fid, "--json", "--quiet", "--jobs", "1"]
    for flag in flags:
        args += ["--variant", flag]
    main(args)
    return _rows(capsys.readouterr().out)[fid]


def test_findings_are_decided_again_under_the_constants(capsys: pytest.CaptureFixture[str]) -> None:
    """The deal question under three copies (74 cards dealt: two or four players leave none over, three leave
    two) and the four-card question when groups have at most three cards (no such play: the group size rule)."""
    default = _finding("BF-F-6", capsys=capsys)["data"]
    assert default["verdict"] == "unsat" and default["witness"]["engine_box"] == {"1": 0, "2": 1, "3": 0, "4": 3}
    three = _finding("BF-F-6", "copies=3", capsys=capsys)
    assert three["data"]["verdict"] == "sat" and three["data"]["witness"]["engine_box"] == {"1": 0, "2": 0, "3": 2,
                                                                                           "4": 2}
    assert "74 cards" in three["data"]["bounds"] and "copies=3" in three["data"]["bounds"]
    four = _finding("BF-F-4", "max_group=3", capsys=capsys)["data"]
    assert four["verdict"] == "unsat" and four["rule_ids"] == ["BF-PLAY-2"]
    assert "no legal play has four cards" in four["answer"]


@pytest.mark.slow
def test_the_largest_bonus_is_decided_again_under_a_smaller_group(capsys: pytest.CaptureFixture[str]) -> None:
    """BF-F-2 and BF-F-3 with groups of at most three cards: 8 and 12 bonus cards instead of 11 and 15, each
    reached by a replayed game (about 20 s)."""
    text = _finding("BF-F-2", "max_group=3", capsys=capsys)["data"]
    publisher = _finding("BF-F-3", "max_group=3", capsys=capsys)["data"]
    assert (text["verdict"], text["witness"]["bonus"], text["witness"]["engine_bonus"]) == ("sat", 8, 8)
    assert (publisher["verdict"], publisher["witness"]["bonus"]) == ("sat", 12)


@pytest.mark.slow
@pytest.mark.parametrize("flag", ["hand_size=6", "max_group=3", "copies=3"])
def test_the_quick_audit_under_a_constant_fails_nothing(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The whole quick audit (about 90 s each): no row fails; the solver findings are answered."""
    assert main(["audit", "bigfive", "--variant", flag, "--quick", "--json", "--quiet", "--jobs", "1"]) == 0
    rows = _rows(capsys.readouterr().out)
    assert all(row["verdict"] != "fail" for row in rows.values())
    assert all(rows[f"BF-F-{n}"]["data"]["verdict"] in {"sat", "unsat"} for n in range(1, 9))


def test_the_certificate_checker_reads_the_constants_and_refuses_values_it_does_not_implement() -> None:
    from ruleproof.checkers.certcheck import check_certificate
    from ruleproof.checkers.certcheck.schema import CertificateFormatError
    from ruleproof.checkers.checks.simulate import simulate
    from ruleproof.checkers.proofs.core import prove

    variant = BigFiveVariant(hand_size=6, max_group=3)
    _, record = simulate(GAME, 2, variant, games=1, seed=2, rule_stats=False)
    index = next(i for i, m in enumerate(record.moves) if m.actor == 0)  # the first turn: six cards in hand
    state = GAME.initial_state(2, variant)
    for m in record.moves[:index]:
        state = GAME.apply(state, SPEC.parse_move(m.move))
    whole = str(Exchange(state.hands[0]))  # an exchange of six cards: legal with hand_size=6 only
    cert = prove(record, index, whole)
    result = check_certificate(cert)
    assert result.ok and result.verdict == "legal", str(result)
    too_many = json.loads(json.dumps(cert))
    too_many["variant"]["hand_size"] = 11
    with pytest.raises(CertificateFormatError, match="hand_size"):
        check_certificate(too_many)
    rulebook = json.loads(json.dumps(cert))  # the same exchange judged with hands of five: not legal
    rulebook["variant"]["hand_size"] = rulebook["state"]["variant"]["hand_size"] = 5
    from ruleproof.checkers.certcheck.core import state_sha256
    rulebook["state_sha256"] = state_sha256(rulebook["state"])
    assert not check_certificate(rulebook).ok


def test_the_openspiel_codec_numbers_the_exchanges_of_the_variants_hand() -> None:
    from ruleproof.checkers.interop.adapters import codec_for

    six = BigFiveVariant(hand_size=6)
    codec = codec_for("bigfive", 2, six)
    state = GAME.new_game(2, six, seed=4)
    move = Exchange(state.hands[0])
    action = codec.encode(move, state, codec.root_extra(state), False)
    assert codec.decode(action, state, codec.root_extra(state), False) == move
    assert codec.num_distinct_actions > codec_for("bigfive", 2).num_distinct_actions
    assert codec_for("bigfive", 2, replace(six)) is codec


def test_the_renderer_draws_every_card_of_a_larger_hand() -> None:
    from ruleproof.checkers.render.bigfive import render_view

    state = GAME.new_game(2, BigFiveVariant(hand_size=8), seed=5)
    svg = render_view(state, 0)
    assert all(svg.count(f">{bf.card_code(c)}<") >= 1 for c in state.hands[0])


def test_a_random_playout_under_the_constants_replays_through_the_checked_path() -> None:
    """The fast playout honours hand_size, copies and kids_deal (and falls back to the generic path for
    max_group): its trace replays move by move through the checked engine to the same end."""
    for variant, players in ((BigFiveVariant(hand_size=6), 3), (BigFiveVariant(copies=2), 4),
                             (BigFiveVariant(children=True, kids_deal=9), 2), (BigFiveVariant(max_group=2), 2)):
        for seed in range(3):
            start = GAME.initial_state(players, variant)
            trace: list[Any] = []
            end, _ = GAME.random_playout(start, random.Random(seed), trace)
            state = start
            for move in trace:
                state = GAME.apply(state, move)
            assert state == end, (variant, seed)
