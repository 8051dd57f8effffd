"""The checker's driver: hash, claims, verdict, core and forced-move proof.

Every game module of this package provides the same small interface (see
:class:`GameRules`): its own move parser, its own account of whose turn it is,
its own evaluation of every legality rule on the raw JSON state (which rules
apply, whether each holds, and the facts it looked at), and the alternative
moves whose illegality makes a move *forced*. :func:`verify` compares a
certificate with that evaluation, field by field.

>>> canonical_json({"b": [1, 2], "a": "é"})
'{"a":"é","b":[1,2]}'
>>> state_sha256({"a": 1})
'015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862'
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Protocol

CHANCE = -1
TERMINAL = -2

Facts = dict[str, Any]
#: One evaluated rule: ``(rule id, holds, facts)``.
Evaluation = tuple[str, bool, Facts]


class GameRules(Protocol):
    """What the checker knows of one game (each module of this package is one)."""

    def parse_move(self, text: str) -> Any:
        """The move's structure; raise ``ValueError`` when the text does not parse."""

    def evaluate(self, state: dict[str, Any], actor: int, move: Any) -> list[Evaluation]:
        """Every legality rule that applies to ``actor`` playing ``move`` in ``state``."""

    def alternatives(self, state: dict[str, Any], actor: int, move: Any) -> list[str] | None:
        """The other plays of the same decision (``None``: the move is never called forced)."""

    def forced_proof(self, state: dict[str, Any], actor: int, move: Any) -> dict[str, Any]:
        """The game's own facts and assumptions for a forced move: keys ``claim``,
        ``method``, ``assumptions`` and optionally ``bound`` and ``facts``."""


def canonical_json(value: object) -> str:
    """The canonical JSON text the state hash is taken over: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_sha256(state: object) -> str:
    """SHA-256 (hex) of :func:`canonical_json` of ``state``."""
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()


def plain(value: object) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def actor_of(value: object) -> int:
    """A certificate's actor field as an int (``"chance"`` is :data:`CHANCE`)."""
    return CHANCE if value == "chance" else int(value)  # type: ignore[call-overload]


@dataclass
class CheckResult:
    """The checker's verdict on a certificate."""

    ok: bool
    game: str
    move: str
    verdict: str
    reasons: list[str] = field(default_factory=list)
    rules: int = 0
    forced: bool = False

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON-ready data."""
        return {"ok": self.ok, "game": self.game, "move": self.move, "verdict": self.verdict,
                "rules_checked": self.rules, "forced": self.forced, "reasons": list(self.reasons)}

    def __str__(self) -> str:
        if self.ok:
            forced = "; no alternative play exists (forced)" if self.forced else ""
            return (f"valid: {self.game} move {self.move!r} is {self.verdict}; "
                    f"{self.rules} rule(s) re-checked from the state{forced}")
        return "rejected: " + "; ".join(self.reasons)


def refutes(subset: list[str], violated: set[str]) -> bool:
    """Whether the rules in ``subset`` alone show the move illegal.

    Every rule is a ground predicate of the (fixed) state and move, so a set of
    rules refutes the move exactly when it holds a violated rule.
    """
    return any(r in violated for r in subset)


def is_minimal_core(core: list[str], violated: set[str]) -> bool:
    """``core`` refutes the move and no rule can be dropped from it.

    >>> is_minimal_core(["A"], {"A", "B"}), is_minimal_core(["A", "B"], {"A", "B"}), is_minimal_core([], {"A"})
    (True, False, False)
    """
    if not refutes(core, violated):
        return False
    return all(not refutes([r for r in core if r != drop], violated) for drop in core)


def _compare_claims(claims: list[dict[str, Any]], derived: list[Evaluation], reasons: list[str]) -> None:
    given = {c["rule"]: c for c in claims}
    expected = {rule: (holds, facts) for rule, holds, facts in derived}
    for rule in expected:
        if rule not in given:
            reasons.append(f"rule {rule} decides this move but the certificate omits it")
    for rule in given:
        if rule not in expected:
            reasons.append(f"the certificate claims rule {rule}, which does not apply to this move")
    for rule, (holds, facts) in expected.items():
        claim = given.get(rule)
        if claim is None:
            continue
        facts = plain(facts)
        if claim["facts"] != facts:
            diff = sorted(k for k in set(facts) | set(claim["facts"]) if facts.get(k) != claim["facts"].get(k))
            shown = "; ".join(f"{k}: certificate {claim['facts'].get(k)!r}, state gives {facts.get(k)!r}" for k in diff)
            reasons.append(f"{rule}: facts do not match the state ({shown})")
        if claim["holds"] != holds:
            said = "holds" if claim["holds"] else "is broken"
            reasons.append(f"{rule}: the certificate says the rule {said}, but re-checking gives the opposite")


def verify(rules: GameRules, cert: dict[str, Any]) -> CheckResult:
    """Re-verify a structurally valid certificate with the game's own rules."""
    result = CheckResult(False, cert["game"], cert["move"], cert["verdict"])
    reasons = result.reasons
    state = cert["state"]
    digest = state_sha256(state)
    # Stop at the first structural or hash failure: nothing is evaluated on a state the certificate does not vouch for.
    if digest != cert["state_sha256"]:
        reasons.append(f"state hash mismatch: the state hashes to {digest}, the certificate says {cert['state_sha256']}")
    elif state.get("players") != cert["players"]:
        reasons.append(f"the state has {state.get('players')!r} players, the certificate says {cert['players']}")
    elif state.get("variant") != cert["variant"]:
        reasons.append("the certificate's variant differs from the state's variant")
    if reasons:
        return result
    actor = actor_of(cert["actor"])
    move = rules.parse_move(cert["move"])
    derived = rules.evaluate(state, actor, move)
    result.rules = len(derived)
    _compare_claims(cert["claims"], derived, reasons)
    violated = [rule for rule, holds, _ in derived if not holds]
    verdict = "illegal" if violated else "legal"
    if cert["verdict"] != verdict:
        reasons.append(f"the certificate's verdict is {cert['verdict']!r} but re-checking the rules gives {verdict!r}")
    if cert["violated"] != violated:
        reasons.append(f"violated rules: the certificate lists {cert['violated']}, re-checking gives {violated}")
    core = cert["core"]
    if verdict == "legal" and core:
        reasons.append(f"a legal move has no core of violated rules, but the certificate names {core}")
    if verdict == "illegal":
        unknown = [r for r in core if r not in violated]
        if unknown:
            reasons.append(f"core rule(s) {unknown} are not violated by the move")
        elif not is_minimal_core(core, set(violated)):
            reasons.append(f"the core {core} is not a minimal set of violated rules (empty, or a rule can be dropped)")
    _verify_forced(rules, state, actor, move, cert, verdict, result)
    result.ok = not reasons
    return result


def _verify_forced(rules: GameRules, state: dict[str, Any], actor: int, move: Any, cert: dict[str, Any],
                   verdict: str, result: CheckResult) -> None:
    reasons = result.reasons
    forced = cert["forced"]
    alternatives = rules.alternatives(state, actor, move) if verdict == "legal" else None
    if alternatives is None:
        if forced is not None:
            reasons.append("the certificate claims a forced move, but this move is never forced")
        return
    refuted: list[dict[str, Any]] = []
    for text in alternatives:
        alt_violated = [r for r, holds, _ in rules.evaluate(state, actor, rules.parse_move(text)) if not holds]
        refuted.append({"move": text, "violated": alt_violated})
    is_forced = all(a["violated"] for a in refuted)
    if not is_forced:
        if forced is not None:
            legal = [a["move"] for a in refuted if not a["violated"]]
            reasons.append(f"the certificate claims no alternative exists, but {legal[:5]} are legal")
        return
    result.forced = True
    if forced is None:
        reasons.append("no alternative play exists here, but the certificate omits the proof (forced is null)")
        return
    if forced["alternatives"] != refuted:
        given = {a["move"]: a["violated"] for a in forced["alternatives"]}
        want = {a["move"]: a["violated"] for a in refuted}
        missing = [m for m in want if m not in given]
        extra = [m for m in given if m not in want]
        wrong = [m for m in want if m in given and given[m] != want[m]]
        reasons.append(f"forced: the alternatives differ from the checker's enumeration "
                       f"(missing {missing[:5]}, unexpected {extra[:5]}, wrong violated rules for {wrong[:5]})")
    own = plain(rules.forced_proof(state, actor, move))
    for key in ("claim", "method", "assumptions", "bound", "facts"):
        if key in own and forced.get(key) != own[key]:
            reasons.append(f"forced: {key} differs from the checker's own ({own[key]!r})"[:400])
        if key not in own and key in forced:
            reasons.append(f"forced: unexpected field {key!r}")
