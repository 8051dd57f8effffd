"""The certificate format: a JSON Schema (draft 2020-12) and its structural check.

This module is plain data plus a hand-written check, so that the independent
checker needs nothing beyond the standard library. The producer
(:mod:`ruleproof.checkers.proofs.core`) publishes the same dictionary as
``CERTIFICATE_SCHEMA`` (``ruleproof schema certificate``).

>>> CERTIFICATE_SCHEMA["properties"]["version"]
{'const': 1}
>>> check_structure({"format": "ruleproof-certificate"})
Traceback (most recent call last):
...
ruleproof.checkers.certcheck.schema.CertificateFormatError: $: missing field 'version'
"""

from __future__ import annotations

from typing import Any

from ruleproof.spec.errors import RuleproofError

FORMAT = "ruleproof-certificate"
VERSION = 1
GAMES = ("bigfive", "bigpoints", "take5", "ikebana", "cinco")
#: Most seats a certificate may name (every game has fewer).
MAX_PLAYERS = 16


class CertificateFormatError(RuleproofError, ValueError):
    """A certificate is malformed: not JSON, a missing or ill-typed field, an
    unknown game, an unsupported version, a move that does not parse.

    (A well-formed certificate whose claims are false is *rejected*, not malformed.)
    """


_ACTOR: dict[str, Any] = {
    "oneOf": [{"const": "chance"}, {"type": "integer", "minimum": 0}],
    "description": "A seat number (0-based) or 'chance'.",
}
_RULE_IDS: dict[str, Any] = {"type": "array", "items": {"type": "string"}, "uniqueItems": True}

#: The JSON Schema of a legal-move certificate (version 1).
CERTIFICATE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://ruleproof.invalid/schemas/certificate-v1.json",
    "title": "ruleproof legal-move certificate",
    "description": (
        "Why one move is legal or illegal in one position, with every rule that decides it and the facts "
        "it checked; for a forced move (an exchange, draw, pass, burn, keep or take-nothing) also why no "
        "alternative play exists. `ruleproof check-proof` re-verifies it from the state alone."
    ),
    "type": "object",
    "required": ["format", "version", "game", "players", "variant", "record", "move_index", "state",
                 "state_sha256", "actor", "move", "verdict", "claims", "violated", "core", "forced"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "game": {"enum": list(GAMES)},
        "players": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS},
        "variant": {"type": "object", "description": "Every variant flag (equal to the state's variant)."},
        "record": {
            "type": "object",
            "description": "The record prefix that leads to the state: the moves before move_index.",
            "required": ["moves"],
            "additionalProperties": False,
            "properties": {
                "moves": {
                    "type": "array",
                    "items": {
                        "type": "object", "required": ["actor", "move"], "additionalProperties": False,
                        "properties": {"actor": _ACTOR, "move": {"type": "string", "minLength": 1}},
                    },
                },
                "seed": {"type": ["integer", "null"]},
                "source": {"type": "string", "description": "The record file, when known."},
            },
        },
        "move_index": {"type": "integer", "minimum": 0, "description": "The index of the move in the record."},
        "hypothetical": {"type": "boolean", "description": "The move is asked about, not the record's own move."},
        "reading": {
            "type": "object",
            "description": "The reading the certificate was made under beyond its flags (extra rules, a derived "
                           "engine, the plugin's SHA-256). The independent checker knows only the built-in rules: "
                           "it verifies such a certificate only when no extra rule decides anything in it.",
            "required": ["title", "rules", "engine", "plugin_sha256"],
            "additionalProperties": False,
            "properties": {"title": {"type": "string"}, "rules": _RULE_IDS, "engine": {"type": "string"},
                           "plugin_sha256": {"type": "string", "pattern": "^([0-9a-f]{64})?$"}},
        },
        "state": {"type": "object", "description": "The position before the move (the engine's JSON encoding)."},
        "state_sha256": {
            "type": "string", "pattern": "^[0-9a-f]{64}$",
            "description": "SHA-256 of the state's canonical JSON (sorted keys, no spaces, UTF-8).",
        },
        "actor": _ACTOR,
        "move": {"type": "string", "minLength": 1, "description": "The move's text form."},
        "verdict": {"enum": ["legal", "illegal"]},
        "claims": {
            "type": "array",
            "description": "Every legality rule that applies to the move, with the facts it checked.",
            "items": {
                "type": "object",
                "required": ["rule", "holds", "facts"],
                "additionalProperties": False,
                "properties": {
                    "rule": {"type": "string"},
                    "title": {"type": "string"},
                    "holds": {"type": "boolean"},
                    "facts": {"type": "object"},
                    "message": {"type": "string"},
                },
            },
        },
        "violated": {**_RULE_IDS, "description": "Every rule the move breaks (empty when legal)."},
        "core": {**_RULE_IDS, "description": "A minimal subset of `violated` that refutes the move (empty when legal)."},
        "forced": {
            "description": "For a legal move when no alternative play exists: the proof of that; else null.",
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["claim", "method", "assumptions", "alternatives"],
                    "additionalProperties": False,
                    "properties": {
                        "claim": {"type": "string"},
                        "method": {"type": "string"},
                        "bound": {"type": "string"},
                        "assumptions": {"type": "array", "items": {"type": "string"}},
                        "alternatives": {
                            "type": "array",
                            "items": {
                                "type": "object", "required": ["move", "violated"], "additionalProperties": False,
                                "properties": {"move": {"type": "string"}, "violated": _RULE_IDS},
                            },
                        },
                        "facts": {"type": "object"},
                    },
                },
            ],
        },
        "producer": {"type": "object", "description": "Who wrote the certificate (informative)."},
    },
}


def _fail(path: str, message: str) -> None:
    raise CertificateFormatError(f"{path}: {message}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_actor(value: object, path: str) -> None:
    if value != "chance" and not (_is_int(value) and value >= 0):  # type: ignore[operator]
        _fail(path, f"actor must be a seat number or 'chance', got {value!r}")


def _check_reading(value: object) -> None:
    if not isinstance(value, dict) or set(value) != {"title", "rules", "engine", "plugin_sha256"}:
        _fail("$.reading", "a reading has exactly the fields title, rules, engine and plugin_sha256")
    assert isinstance(value, dict)
    for key in ("title", "engine", "plugin_sha256"):
        if not isinstance(value[key], str) or len(value[key]) > 200:
            _fail(f"$.reading.{key}", "expected a string of at most 200 characters")
    digest = value["plugin_sha256"]
    if digest and (len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest)):
        _fail("$.reading.plugin_sha256", "expected 64 lower-case hex digits or an empty string")
    _check_ids(value["rules"], "$.reading.rules")


def _check_ids(value: object, path: str) -> None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        _fail(path, f"expected a list of rule ids, got {value!r}")
    assert isinstance(value, list)
    if len(set(value)) != len(value):
        _fail(path, f"rule ids repeat in {value!r}")


def check_structure(data: object, games: tuple[str, ...] = GAMES) -> dict[str, Any]:
    """Check ``data`` against :data:`CERTIFICATE_SCHEMA` (by hand) and return it.

    :param games: the game ids accepted (a plugin game's checker adds its own).

    :raises CertificateFormatError: naming the JSON path of the first problem.
    """
    if not isinstance(data, dict):
        _fail("$", f"a certificate must be a JSON object, got {type(data).__name__}")
    assert isinstance(data, dict)
    for key in CERTIFICATE_SCHEMA["required"]:
        if key not in data:
            _fail("$", f"missing field {key!r}")
    extra = sorted(set(data) - set(CERTIFICATE_SCHEMA["properties"]))
    if extra:
        _fail("$", f"unknown field(s) {extra!r}")
    if data["format"] != FORMAT:
        _fail("$.format", f"format must be {FORMAT!r}, got {data['format']!r}")
    if data["version"] != VERSION:
        _fail("$.version", f"unsupported version {data['version']!r}; this checker reads version {VERSION}")
    if data["game"] not in games:
        _fail("$.game", f"unknown game {data['game']!r}; known: {', '.join(games)}")
    if "reading" in data:
        _check_reading(data["reading"])
    if not _is_int(data["players"]) or not 1 <= data["players"] <= MAX_PLAYERS:
        _fail("$.players", f"players must be an integer from 1 to {MAX_PLAYERS}, got {data['players']!r}")
    for key in ("variant", "state", "record"):
        if not isinstance(data[key], dict):
            _fail(f"$.{key}", f"expected an object, got {data[key]!r}")
    moves = data["record"].get("moves")
    if not isinstance(moves, list):
        _fail("$.record.moves", "expected a list of moves")
    for i, item in enumerate(moves):
        if not isinstance(item, dict) or set(item) != {"actor", "move"}:
            _fail(f"$.record.moves[{i}]", f"a move has exactly the fields actor and move, got {item!r}")
        _check_actor(item["actor"], f"$.record.moves[{i}].actor")
        if not isinstance(item["move"], str) or not item["move"].strip():
            _fail(f"$.record.moves[{i}].move", "move must be a non-empty string")
    extra = sorted(set(data["record"]) - {"moves", "seed", "source"})
    if extra:
        _fail("$.record", f"unknown field(s) {extra!r}")
    if data["record"].get("seed") is not None and not _is_int(data["record"]["seed"]):
        _fail("$.record.seed", f"expected an integer or null, got {data['record']['seed']!r}")
    if "source" in data["record"] and not isinstance(data["record"]["source"], str):
        _fail("$.record.source", "expected a string")
    if "producer" in data and not isinstance(data["producer"], dict):
        _fail("$.producer", "expected an object")
    if not _is_int(data["move_index"]) or data["move_index"] < 0:
        _fail("$.move_index", f"expected a non-negative integer, got {data['move_index']!r}")
    if data["move_index"] != len(moves):
        _fail("$.move_index", f"the record prefix has {len(moves)} moves but move_index is {data['move_index']}")
    if "hypothetical" in data and not isinstance(data["hypothetical"], bool):
        _fail("$.hypothetical", "expected true or false")
    sha = data["state_sha256"]
    if not isinstance(sha, str) or len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha):
        _fail("$.state_sha256", f"expected 64 lowercase hex digits, got {sha!r}")
    _check_actor(data["actor"], "$.actor")
    for i, item in enumerate(moves):
        if _is_int(item["actor"]) and item["actor"] >= data["players"]:
            _fail(f"$.record.moves[{i}].actor", f"seat {item['actor']} does not exist among {data['players']} players")
    if _is_int(data["actor"]) and data["actor"] >= data["players"]:
        _fail("$.actor", f"seat {data['actor']} does not exist among {data['players']} players")
    if not isinstance(data["move"], str) or not data["move"].strip():
        _fail("$.move", "move must be a non-empty string")
    if data["verdict"] not in ("legal", "illegal"):
        _fail("$.verdict", f"verdict must be 'legal' or 'illegal', got {data['verdict']!r}")
    claims = data["claims"]
    if not isinstance(claims, list):
        _fail("$.claims", "expected a list of claims")
    seen: set[str] = set()
    for i, claim in enumerate(claims):
        path = f"$.claims[{i}]"
        if not isinstance(claim, dict):
            _fail(path, f"a claim must be an object, got {claim!r}")
        missing = [k for k in ("rule", "holds", "facts") if k not in claim]
        if missing:
            _fail(path, f"missing field(s) {missing!r}")
        extra = sorted(set(claim) - {"rule", "title", "holds", "facts", "message"})
        if extra:
            _fail(path, f"unknown field(s) {extra!r}")
        if not isinstance(claim["rule"], str) or not isinstance(claim["holds"], bool) or not isinstance(claim["facts"], dict):
            _fail(path, "rule must be a string, holds a boolean, facts an object")
        for key in ("title", "message"):
            if key in claim and not isinstance(claim[key], str):
                _fail(f"{path}.{key}", f"expected a string, got {claim[key]!r}")
        if claim["rule"] in seen:
            _fail(path, f"rule {claim['rule']!r} is claimed twice")
        seen.add(claim["rule"])
    _check_ids(data["violated"], "$.violated")
    _check_ids(data["core"], "$.core")
    forced = data["forced"]
    if forced is not None:
        if not isinstance(forced, dict):
            _fail("$.forced", "expected null or an object")
        allowed = set(CERTIFICATE_SCHEMA["properties"]["forced"]["oneOf"][1]["properties"])
        for key in ("claim", "method", "assumptions", "alternatives"):
            if key not in forced:
                _fail("$.forced", f"missing field {key!r}")
        extra = sorted(set(forced) - allowed)
        if extra:
            _fail("$.forced", f"unknown field(s) {extra!r}")
        for key in ("claim", "method", "bound"):
            if key in forced and not isinstance(forced[key], str):
                _fail(f"$.forced.{key}", f"expected a string, got {forced[key]!r}")
        if not isinstance(forced["assumptions"], list) or not all(isinstance(a, str) for a in forced["assumptions"]):
            _fail("$.forced.assumptions", "expected a list of strings")
        if not isinstance(forced["alternatives"], list):
            _fail("$.forced.alternatives", "expected a list")
        for i, alt in enumerate(forced["alternatives"]):
            if not isinstance(alt, dict) or set(alt) != {"move", "violated"} or not isinstance(alt["move"], str):
                _fail(f"$.forced.alternatives[{i}]", f"expected {{move, violated}}, got {alt!r}")
            _check_ids(alt["violated"], f"$.forced.alternatives[{i}].violated")
        if "facts" in forced and not isinstance(forced["facts"], dict):
            _fail("$.forced.facts", "expected an object")
    return data
