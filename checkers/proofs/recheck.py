"""Re-checking a certificate before anything shows or trusts it: the independent checker, with the plugin rules.

Everything that tells a user what a certificate says (``check-proof``, the
replay page) first asks the independent checker
(:mod:`ruleproof.checkers.certcheck`) through :func:`recheck`: a built-in game
is checked with the checker's own rules, a plugin game with its ``certcheck``
part. A certificate made under a plugin reading whose extra rules decide
something, or under a derived engine, cannot be checked by rules the checker
does not have: :func:`recheck` then raises (exit code 2: neither valid nor
rejected) with :func:`plugin_refusal`'s reason.

>>> plugin_refusal({"game": "take5", "reading": {"title": "house", "rules": ["HOUSE-1"]},
...                 "claims": [{"rule": "HOUSE-1"}]})[:64]
'the independent checker cannot verify the extra plugin rule(s) H'
>>> plugin_refusal({"game": "take5"}) is None
True
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.certcheck import CheckResult, check_certificate
from ruleproof.spec.errors import RuleproofError


def plugin_refusal(cert: dict[str, Any]) -> str | None:
    """Why the independent checker cannot verify a certificate made under a plugin reading (``None``: it can)."""
    reading = cert.get("reading")
    if not isinstance(reading, dict):
        return None
    if reading.get("engine"):
        return (f"the certificate was made under a derived engine ({reading['engine']}, reading "
                f"{reading.get('title', '')!r}); the independent checker knows only the built-in {cert.get('game')} "
                "rules and cannot verify a derived engine's rules")
    extra = set(reading.get("rules") or [])
    forced = cert.get("forced") or {}
    used = {c.get("rule") for c in cert.get("claims", []) if isinstance(c, dict)}
    used |= set(cert.get("violated", [])) | set(cert.get("core", []))
    for alt in forced.get("alternatives", []) if isinstance(forced, dict) else []:
        used |= set(alt.get("violated", []) if isinstance(alt, dict) else [])
    hit = sorted(r for r in extra if r in used)
    if hit:
        return (f"the independent checker cannot verify the extra plugin rule(s) {', '.join(hit)} of reading "
                f"{reading.get('title', '')!r}: it knows only the built-in {cert.get('game')} rules (the certificate "
                "decides this move with the plugin's rules; re-derive it with `ruleproof prove --reading FILE`)")
    return None


def rules_of_plugin_game(data: Any) -> Any:
    """The checker rules of a game that is not built in (its ``certcheck`` part), or ``None`` for a built-in game."""
    from ruleproof.checkers.certcheck.schema import GAMES
    from ruleproof.spec.registry import load_part, parts_for

    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game in GAMES:
        return None
    parts_for(game)  # an unknown game is a usage error naming the known ones
    return load_part(game, "certcheck").RULES


def recheck(data: Any, source: str = "") -> CheckResult:
    """The independent checker's verdict on a decoded certificate (see the module docstring).

    :raises RuleproofError: the checker cannot verify it (plugin rules), or it is malformed
        (:class:`~ruleproof.checkers.certcheck.CertificateFormatError`).
    """
    refusal = plugin_refusal(data) if isinstance(data, dict) else None
    if refusal is not None:
        raise RuleproofError(f"{source}: {refusal}" if source else refusal)
    return check_certificate(data, rules_of_plugin_game(data))


__all__ = ["plugin_refusal", "recheck", "rules_of_plugin_game"]
