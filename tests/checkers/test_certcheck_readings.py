"""The independent checker refuses certificates made under readings it does not implement."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from ruleproof.checkers.certcheck import CertificateFormatError, check_certificate, rules_for, state_sha256
from ruleproof.spec.registry import GAME_IDS, spec_for

PROOFS = Path(__file__).resolve().parents[1] / "data" / "proofs"


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_flag_of_the_spec_is_known_to_the_checker(game: str) -> None:
    # A new flag in the spec must be decided here: implemented, irrelevant to legality, or refused.
    spec_flags = {f.name for f in dataclasses.fields(spec_for(game).variant_type)}
    assert spec_flags == set(rules_for(game).flags), "flags the checker has not decided on"


def _certificate(game: str) -> dict[str, object]:
    path = next(p for p in sorted(PROOFS.glob(f"{game}_*.json")))
    data: dict[str, object] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.parametrize(("game", "flag", "value"), [
    ("cinco", "must_place", True), ("bigfive", "min_group", 2), ("ikebana", "partial_refusal", True),
    ("bigpoints", "ladder_take", "reserve_and_path"),
])
def test_a_certificate_under_an_unimplemented_value_is_refused(game: str, flag: str, value: object) -> None:
    cert = _certificate(game)
    variant = dict(cert["variant"])  # type: ignore[call-overload]
    variant[flag] = value
    state = dict(cert["state"])  # type: ignore[call-overload]
    state["variant"] = variant
    cert.update(variant=variant, state=state, state_sha256=state_sha256(state))
    with pytest.raises(CertificateFormatError, match=rf"\$\.variant\.{flag}: this checker implements"):
        check_certificate(cert)


def test_an_unknown_flag_is_refused() -> None:
    cert = _certificate("take5")
    variant = {**cert["variant"], "house_rule": 1}  # type: ignore[dict-item]
    state = {**cert["state"], "variant": variant}  # type: ignore[dict-item]
    cert.update(variant=variant, state=state, state_sha256=state_sha256(state))
    with pytest.raises(CertificateFormatError, match="does not know the flag 'house_rule'"):
        check_certificate(cert)
