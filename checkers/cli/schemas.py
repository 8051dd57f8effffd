"""JSON Schemas of what the commands print under ``--json`` (``ruleproof schema NAME``).

Every document has ``format`` (``ruleproof.NAME``), ``version`` (of the
format) and ``ruleproof`` (the tool's version). ``tests/checkers/test_cli_json.py``
validates each command's output against its schema.

>>> sorted(command_schema("error")["properties"]["error"]["required"])
['exit_code', 'message']
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.cli.output import FORMAT_VERSION

_STR, _INT, _NUM, _BOOL = {"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"}
_OBJ: dict[str, Any] = {"type": "object"}
_ARR: dict[str, Any] = {"type": "array"}


def _obj(required: dict[str, Any], **optional: Any) -> dict[str, Any]:
    return {"type": "object", "required": sorted(required), "properties": {**required, **optional}}


#: What a report was made under (:func:`ruleproof.checkers.cli.readinghead.reading_json`).
_READING = _obj({"label": _STR, "title": _STR, "flags": _OBJ, "rules": {"type": "array", "items": _STR},
                 "engine": _STR, "plugin_sha256": _STR, "default": _BOOL})

#: A finding's status (:data:`ruleproof.checkers.catalogue.defects.STATUSES`); only finding rows carry it.
_FINDING_STATUS = {"enum": ["answered, no defect", "defect found", "defect accepted", "drift", "unknown",
                            "not applicable"]}

_AUDIT_ROW = _obj({"game": _STR, "check": _STR, "subject": _STR,
                   "verdict": {"enum": ["pass", "fail", "unknown", "not run", "not applicable"]},
                   "detail": _STR, "seconds": _NUM}, data={}, status=_FINDING_STATUS)

#: A defect listed in the audit's summary (found, or accepted with why).
_DEFECT = _obj({"game": _STR, "id": _STR, "defect": _STR, "answer": _STR, "why": _STR}, witness={})

#: Command output name → the properties it must carry besides the envelope.
SCHEMAS: dict[str, dict[str, Any]] = {
    "error": {"ok": {"const": False},
              "error": _obj({"message": _STR, "exit_code": _INT}, kind=_STR, file=_STR, path=_STR)},
    "games": {"games": {"type": "array", "items": _obj({"id": _STR, "title": _STR, "players": _ARR, "rules": _INT})}},
    "rules": {"game": _STR, "rules": {"type": "array", "items": _obj({"id": _STR, "kind": _STR, "text": _STR})},
              "ambiguities": _ARR, "flags": _ARR},
    "audit": {"games": _ARR, "ok": _BOOL, "counts": _OBJ, "rows": {"type": "array", "items": _AUDIT_ROW},
              "by_game": {"type": "object", "additionalProperties": _OBJ},
              "readings": {"type": "object", "additionalProperties": _READING},
              "defects": {"type": "array", "items": _DEFECT}, "accepted": {"type": "array", "items": _DEFECT},
              "allow": {"type": "array", "items": _STR}},
    "audit-row": {"row": _AUDIT_ROW, "index": _INT, "total": _INT},
    "export-smt": {"folder": _STR, "ok": _BOOL, "files": _INT, "findings": {"type": "array", "items": _obj(
        {"game": _STR, "finding": _STR, "audit": _STR, "queries": _INT, "unsat": _INT, "sat": _INT,
         "unknown": _INT})}},
    "audit-diff": {"changed": _BOOL, "changes": {"type": "array", "items": _obj(
        {"game": _STR, "check": _STR, "subject": _STR, "before": {"type": ["string", "null"]},
         "after": {"type": ["string", "null"]}})}},
    "simulate": {"game": _STR, "players": _INT, "games": _INT, "length": _OBJ, "seats": _ARR,
                 "rule_decisions": _ARR, "reading": _READING},
    "validate": {"file": _STR, "ok": _BOOL, "checked_by": {"enum": ["spec", "engine"]}, "trusts_engine": _BOOL},
    "show": {"file": _STR, "game": _STR, "move": _INT, "moves": _INT, "picture_format": {"enum": ["text", "svg", "png"]}},
    "replay": {"html": _STR, "title": _STR, "game": _STR, "moves": _INT, "witnesses": _INT, "bytes": _INT},
    "fuzz": {"game": _STR, "ok": _BOOL, "examples": _INT, "steps": _INT},
    "diff": {"game": _STR, "verdict": _STR, "games": _INT, "reading_a": _READING, "reading_b": _READING},
    "sweep": {"game": _STR, "flag": _STR, "players": _INT, "games": _INT, "seed": _INT, "reading": _STR,
              "policy": _STR, "values": _ARR, "points": _ARR, "files": _ARR},
    "metrics": {"game": _STR, "players": _INT, "games": _INT, "seed": _INT, "policy": _STR, "seats": _ARR,
                "decisive_share": _NUM, "branching": _NUM, "forced_share": _NUM, "length": _OBJ,
                "lead_changes": _OBJ, "score_spread": _OBJ},
    "score": {"game": _STR, "total": _NUM},
    "graph": {"game": _STR, "config": _STR, "states": _INT, "edges": _INT},
    "trace": {"rules": _OBJ, "problems": _ARR, "index": _STR},
    "prove": {},
    "check-proof": {},
}


def command_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of ``ruleproof.NAME`` documents."""
    props = SCHEMAS[name]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"ruleproof.{name}",
        "title": f"ruleproof {name} --json output",
        "type": "object",
        "required": sorted({"format", "version", "ruleproof", *props}),
        "properties": {"format": {"const": f"ruleproof.{name}"}, "version": {"const": FORMAT_VERSION},
                       "ruleproof": _STR, **props},
    }
