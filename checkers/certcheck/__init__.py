"""An independent checker for legal-move certificates.

It re-verifies a certificate written by :mod:`ruleproof.checkers.proofs.core` from
the state alone: the state's hash, every rule that decides the move with the
facts it checked, the verdict, the minimal core of an illegal move and the
proof that no alternative exists for a forced move. It deliberately imports
only the standard library and :mod:`ruleproof.spec.errors` — never the
engines (:mod:`ruleproof.model`), the specifications' predicates, the SMT
encodings or z3 — so that a bug there cannot vouch for itself. Each game's
rules are re-implemented here from the rulebook's restatement, in a few dozen
lines per game.

What it cannot see: that the record prefix really leads to the state (that
needs an engine; ``ruleproof check-proof --replay`` does it). A certificate
whose state was altered *together with* its hash is a valid proof about the
altered position, not about the record.

Run it alone: ``python -m ruleproof.checkers.certcheck CERT.json`` (exit 0
valid, 1 rejected, 2 malformed).

>>> result = check_certificate({"format": "ruleproof-certificate"})
Traceback (most recent call last):
...
ruleproof.checkers.certcheck.schema.CertificateFormatError: $: missing field 'version'
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from ruleproof.checkers.certcheck.core import CheckResult, GameRules, canonical_json, state_sha256, verify
from ruleproof.checkers.certcheck.loader import check_bounds, read_certificate
from ruleproof.checkers.certcheck.schema import (
    CERTIFICATE_SCHEMA,
    FORMAT,
    GAMES,
    VERSION,
    CertificateFormatError,
    check_structure,
)

__all__ = [
    "CERTIFICATE_SCHEMA", "FORMAT", "VERSION", "CertificateFormatError", "CheckResult", "canonical_json",
    "check_certificate", "check_reading", "load_certificate", "rules_for", "state_sha256",
]


def rules_for(game: str) -> GameRules:
    """The checker's own rules of ``game``."""
    module = importlib.import_module(f"ruleproof.checkers.certcheck.{game}")
    rules: GameRules = module.RULES
    return rules


def check_certificate(data: object, rules: GameRules | None = None) -> CheckResult:
    """Re-verify a decoded certificate.

    :param rules: the checker's rules of a game that is not built in (a plugin
        game's ``certcheck`` part); default: the built-in game's own.
    :raises CertificateFormatError: when it is malformed (then it is neither
        valid nor rejected).
    """
    game = data.get("game") if rules is not None and isinstance(data, dict) else None
    cert = check_structure(data, (*GAMES, game) if isinstance(game, str) else GAMES)
    check_bounds(cert["state"])
    if rules is None:
        rules = rules_for(cert["game"])
    check_reading(rules, cert["variant"])
    check_variant = getattr(rules, "check_variant", None)  # a game's own checks of flags that carry data
    if check_variant is not None:
        check_variant(cert["variant"], cert["state"])
    try:
        rules.parse_move(cert["move"])
    except ValueError as exc:
        raise CertificateFormatError(f"$.move: {exc}") from None
    try:
        return verify(rules, cert)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
        # The state's hash matched, so these come from a state (or alternative move) of the wrong shape.
        raise CertificateFormatError(f"$.state: the state does not have the shape of a {cert['game']} state "
                                     f"({type(exc).__name__}: {str(exc)[:200]})") from None


def check_reading(rules: GameRules, variant: dict[str, Any]) -> None:
    """Refuse a certificate made under a flag value these rules do not implement.

    The engines gain readings faster than this checker does; a certificate under
    a reading it does not know must be refused (exit 2), not judged by the
    default rules. Rules without a ``flags`` table (a plugin game's own
    checker) are taken to implement every reading they are given.

    >>> check_reading(rules_for("take5"), {"tie": "draw"})
    >>> check_reading(rules_for("cinco"), {"must_place": True})
    Traceback (most recent call last):
    ...
    ruleproof.checkers.certcheck.schema.CertificateFormatError: $.variant.must_place: this checker implements must_place=False only, not True

    A flag an earlier version had (listed in the rules' ``retired``) passes at
    the value that meant "nothing" only:

    >>> check_reading(rules_for("cinco"), {"layout_file": ""})
    >>> check_reading(rules_for("cinco"), {"layout_file": "/dev/zero"})
    Traceback (most recent call last):
    ...
    ruleproof.checkers.certcheck.schema.CertificateFormatError: $.variant.layout_file: the flag 'layout_file' was retired; only its old value '' is accepted, not '/dev/zero'
    """
    known: dict[str, tuple[object, ...] | None] | None = getattr(rules, "flags", None)
    if known is None:
        return
    retired: dict[str, object] = getattr(rules, "retired", {})
    for flag, value in variant.items():
        if flag in retired and flag not in known:
            if value == retired[flag] and type(value) is type(retired[flag]):
                continue  # a flag of an earlier version at the value that meant "nothing"
            raise CertificateFormatError(f"$.variant.{flag}: the flag {flag!r} was retired; only its old value "
                                         f"{retired[flag]!r} is accepted, not {str(value)[:80]!r}")
        if flag not in known:
            raise CertificateFormatError(f"$.variant.{flag}: this checker does not know the flag {flag!r}; "
                                         f"it knows {', '.join(sorted(known))}")
        values = known[flag]
        if values is not None and value not in values:
            allowed = ", ".join(f"{flag}={v!r}" for v in values)
            raise CertificateFormatError(f"$.variant.{flag}: this checker implements {allowed} only, not {value!r}")


def load_certificate(path: str | Path) -> Any:
    """Read and decode a certificate file within the limits of :mod:`.loader`.

    :raises CertificateFormatError: an unreadable, oversized or malformed file.
    """
    return read_certificate(path)
