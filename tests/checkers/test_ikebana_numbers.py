"""Ikebana's rule numbers as variant flags (issue 31 point 1), through every layer after the spec.

The spec's own tests (``tests/spec/test_ikebana.py``, "The rule numbers as flags") and the findings'
(``tests/checkers/test_findings_ikebana.py``) show the rules and the solver answers follow the flags;
here: an audit under non-default numbers runs every check and decides every Ikebana finding; the
certificate checker judges a certificate by its variant's deck and coins and refuses a number outside
the range it implements; the pictures, the OpenSpiel parameters and the tensor follow the numbers.
"""

from __future__ import annotations

import json

import pytest

from ruleproof.checkers.certcheck import CertificateFormatError, check_certificate, state_sha256
from ruleproof.checkers.cli.main import main
from ruleproof.checkers.proofs.core import prove
from ruleproof.model.ikebana import GAME
from ruleproof.model.io.records import make_record
from ruleproof.spec import ikebana as ik
from ruleproof.spec.ikebana import Draw, IkebanaVariant, Keep, Reveal

#: Three rule numbers away from the rulebook's, in one reading.
NUMBERS = ("values=1,1,2,2,3,3,4,4,5,5", "start_coins=10", "rounds=3")


def test_audit_under_other_numbers_runs_every_check_and_decides_every_finding(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["audit", "ikebana", "--quick", "--jobs", "1", "--quiet", "--json"]
    for flag in NUMBERS:
        argv += ["--variant", flag]
    assert main(argv) == 0
    rows = [json.loads(line)["row"] for line in capsys.readouterr().out.splitlines() if '"row"' in line]
    kinds = {row["check"] for row in rows}
    assert {"conformance", "fuzz", "finding"} <= kinds
    assert all(row["verdict"] == "pass" for row in rows if row["check"] in ("conformance", "fuzz"))
    findings = {row["subject"].split()[0]: row for row in rows if row["check"] == "finding"}
    for fid in ("IK-F-1", "IK-F-2", "IK-F-3", "IK-F-4", "IK-F-5"):
        assert findings[fid]["verdict"] == "pass", findings[fid]
    # decided for this reading: two copies of every value, ten coins, three rounds
    assert "150 a round, 450 a game" in findings["IK-F-2"]["detail"]
    assert "refusing four cards" in findings["IK-F-4"]["detail"]


def _certificate(variant: IkebanaVariant) -> dict[str, object]:
    """A certificate for the first draw of a game under ``variant`` (the setup rule IK-SETUP-2 applies)."""
    state = GAME.initial_state(2, variant)
    card = state.deck[0]
    record = make_record("ikebana", 2, variant, [(0, Draw()), (-1, Reveal(card)), (0, Keep())])
    return prove(record, 0)


def test_certificate_checker_reads_the_deck_and_coins_of_the_certificate() -> None:
    variant = IkebanaVariant(values=(1, 2, 3), start_coins=4)
    cert = _certificate(variant)
    result = check_certificate(cert)
    assert result.ok, str(result)
    claims = {c["rule"]: c for c in cert["claims"]}  # type: ignore[attr-defined]
    assert claims["IK-SETUP-2"]["holds"] and claims["IK-SETUP-2"]["facts"]["coins"] == [4, 4]
    # the same certificate with the rulebook's coins in its variant: the state is no longer a fresh deal
    # under that variant (wrong coins), so the checker's re-derived setup claim differs from the certificate's
    state = dict(cert["state"])  # type: ignore[call-overload]
    state["variant"] = {**state["variant"], "start_coins": 6}
    forged = {**cert, "state": state, "variant": state["variant"], "state_sha256": state_sha256(state)}
    assert not check_certificate(forged).ok


@pytest.mark.parametrize(("flag", "value"), [("start_coins", 31), ("values", [1, 6]), ("values", [2, 1])])
def test_invalid_certificate_outside_the_implemented_numbers_is_refused(flag: str, value: object) -> None:
    cert = _certificate(IkebanaVariant())
    state = dict(cert["state"])  # type: ignore[call-overload]
    state["variant"] = {**state["variant"], flag: value}
    forged = {**cert, "state": state, "variant": state["variant"], "state_sha256": state_sha256(state)}
    with pytest.raises(CertificateFormatError, match=rf"\$\.variant\.{flag}: this checker implements"):
        check_certificate(forged)


def test_pictures_follow_the_numbers() -> None:
    from ruleproof.checkers.render.ikebana import render_bouquet_svg, render_svg

    assert "one colour x6" in render_bouquet_svg(["R1", "R2", "R3", "R4", "R5"],
                                                 variant=IkebanaVariant(one_colour_multiplier=6))
    narrow, wide = (render_svg(GAME.initial_state(2, IkebanaVariant(bouquet=b))) for b in (3, 5))
    # the discard piles sit right of a full bouquet: two cards (of 30 px and a 5 px gap) narrower
    assert 'width="233"' in narrow and 'width="303"' in wide


def test_openspiel_parameters_and_tensor_follow_the_numbers() -> None:
    pytest.importorskip("numpy")
    from ruleproof.checkers.interop.params import parameters_for, players_and_variant
    from ruleproof.checkers.interop.tensors import _ikebana_tensor

    variant = IkebanaVariant(values=(1, 2, 2, 5), rounds=2, rainbow_multiplier=7)
    params = parameters_for("ikebana", 3, variant)
    assert params["values"] == "1/2/2/5" and params["rounds"] == 2
    assert players_and_variant("ikebana", params) == (3, variant)
    pieces = dict(_ikebana_tensor(3, variant).pieces)
    assert pieces["round"] == (2,)  # a one-hot of the round: two rounds
    assert ik.deck_cards(variant) == GAME.initial_state(3, variant).deck
