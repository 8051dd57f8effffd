"""JSON game records: game, variant, players and every move, chance moves included.

A record replays exactly, so a real game can be checked card by card. The
format is published as a JSON Schema (:data:`RECORD_SCHEMA`, also written to
the docs); :func:`parse_record` checks it by hand so that every error names the
JSON path at fault.

>>> text = '{"format": "ruleproof-record", "version": 1, "game": "take5", "players": 2,'
>>> text += ' "variant": {}, "moves": [{"actor": "chance", "move": "deal 5"}]}'
>>> record = parse_record(text)
>>> record.moves[0]
RecordedMove(actor=-1, move='deal 5')
>>> parse_record('{"format": "ruleproof-record"}')
Traceback (most recent call last):
...
ruleproof.spec.errors.RecordError: $: missing field 'version'; a record needs format, version, game, players, variant, moves
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ruleproof.spec.core import CHANCE, variant_to_dict
from ruleproof.spec.errors import RecordError
from ruleproof.spec.registry import GAME_IDS, game_ids

FORMAT = "ruleproof-record"
VERSION = 1

#: The JSON Schema of a game record (draft 2020-12).
RECORD_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://ruleproof.invalid/schemas/record-v1.json",
    "title": "ruleproof game record",
    "description": "A game with its variant and every move, chance moves included, in order.",
    "type": "object",
    "required": ["format", "version", "game", "players", "variant", "moves"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "game": {"enum": list(GAME_IDS)},
        "players": {"type": "integer", "minimum": 1},
        "variant": {
            "type": "object",
            "description": "Variant flags; omitted flags take their defaults (see `ruleproof rules GAME`).",
        },
        "seed": {"type": ["integer", "null"], "description": "The seed the game was generated with, if any."},
        "meta": {"type": "object", "description": "Free-form information (players' names, date, ...)."},
        "reading": {
            "type": "object",
            "description": "The reading the game was played under beyond its flags (ruleproof.model.readings): "
                           "the ids of extra rules, a derived engine's class and the SHA-256 of the plugin source. "
                           "Never a file name: check such a record by giving the same reading file again.",
            "required": ["title", "rules", "engine", "plugin_sha256"],
            "additionalProperties": False,
            "properties": {
                "title": {"type": "string", "maxLength": 200},
                "rules": {"type": "array", "items": {"type": "string", "maxLength": 100}, "maxItems": 200},
                "engine": {"type": "string", "maxLength": 200},
                "plugin_sha256": {"type": "string", "pattern": "^([0-9a-f]{64})?$"},
            },
        },
        "moves": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["actor", "move"],
                "additionalProperties": False,
                "properties": {
                    "actor": {
                        "oneOf": [{"const": "chance"}, {"type": "integer", "minimum": 0}],
                        "description": "A seat number (0-based) or 'chance'.",
                    },
                    "move": {"type": "string", "minLength": 1, "description": "The move's text form."},
                },
            },
        },
    },
}


class RecordedMove(NamedTuple):
    """One move of a record: who made it (a seat or ``CHANCE``) and its text form."""

    actor: int
    move: str


@dataclass(frozen=True)
class GameRecord:
    """A parsed record; the variant stays a mapping until a game interprets it."""

    game: str
    players: int
    variant: Mapping[str, Any]
    moves: tuple[RecordedMove, ...]
    seed: int | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)
    #: The reading's identity (``Reading.identity()``) when made under extra rules or a derived engine.
    reading: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "variant": dict(self.variant),
            "moves": [
                {"actor": "chance" if m.actor == CHANCE else m.actor, "move": m.move} for m in self.moves
            ],
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.meta:
            data["meta"] = dict(self.meta)
        if self.reading is not None:
            data["reading"] = dict(self.reading)
        return data

    def dumps(self) -> str:
        """The record as JSON text, one move per line for readable diffs."""
        data = self.to_json()
        moves = data.pop("moves")
        head = json.dumps(data, ensure_ascii=False)[:-1]
        lines = ",\n".join("  " + json.dumps(m, ensure_ascii=False) for m in moves)
        return f'{head}, "moves": [\n{lines}\n]}}\n' if moves else f'{head}, "moves": []}}\n'


def make_record(game: str, players: int, variant: object, moves: Sequence[tuple[int, object]], seed: int | None = None) -> GameRecord:
    """A record from a played sequence of ``(actor, move)`` pairs."""
    return GameRecord(game, players, variant_to_dict(variant), tuple(RecordedMove(a, str(m)) for a, m in moves), seed)


def _require(cond: bool, message: str, path: str, index: int | None = None) -> None:
    if not cond:
        raise RecordError(message, path, index)


def parse_record(text: str | bytes) -> GameRecord:
    """Parse and structurally check a record; the moves' meaning is checked by validation.

    :raises RecordError: with the JSON path of the first problem.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    return record_from_json(data)


def record_from_json(data: object) -> GameRecord:
    """A :class:`GameRecord` from decoded JSON, checked against :data:`RECORD_SCHEMA`'s rules."""
    _require(isinstance(data, dict), f"a record must be a JSON object, got {type(data).__name__}", "$")
    assert isinstance(data, dict)
    for key in RECORD_SCHEMA["required"]:
        _require(key in data, f"missing field {key!r}; a record needs {', '.join(RECORD_SCHEMA['required'])}", "$")
    extra = sorted(set(data) - set(RECORD_SCHEMA["properties"]))
    _require(not extra, f"unknown field(s) {extra!r}", "$")
    _require(data["format"] == FORMAT, f"format must be {FORMAT!r}, got {data['format']!r}", "$.format")
    _require(data["version"] == VERSION, f"unsupported version {data['version']!r}; this is version {VERSION}", "$.version")
    game = data["game"]
    _require(game in game_ids(), f"unknown game {game!r}; known: {', '.join(game_ids())}", "$.game")
    players = data["players"]
    _require(isinstance(players, int) and not isinstance(players, bool) and players >= 1,
             f"players must be a positive integer, got {players!r}", "$.players")
    variant = data["variant"]
    _require(isinstance(variant, dict), f"variant must be an object of flags, got {variant!r}", "$.variant")
    seed = data.get("seed")
    _require(seed is None or (isinstance(seed, int) and not isinstance(seed, bool)), f"seed must be an integer, got {seed!r}", "$.seed")
    meta = data.get("meta", {})
    _require(isinstance(meta, dict), "meta must be an object", "$.meta")
    moves_data = data["moves"]
    _require(isinstance(moves_data, list), f"moves must be a list, got {type(moves_data).__name__}", "$.moves")
    reading = data.get("reading")
    if reading is not None:
        _check_reading(reading)
    moves: list[RecordedMove] = []
    for i, item in enumerate(moves_data):
        path = f"$.moves[{i}]"
        _require(isinstance(item, dict), f"a move must be an object with actor and move, got {item!r}", path, i)
        _require(set(item) == {"actor", "move"}, f"a move has exactly the fields actor and move, got {sorted(item)}", path, i)
        actor = item["actor"]
        if actor == "chance":
            actor = CHANCE
        _require(isinstance(actor, int) and not isinstance(actor, bool) and actor >= 0 or actor == CHANCE,
                 f"actor must be a seat number or 'chance', got {item['actor']!r}", f"{path}.actor", i)
        _require(isinstance(item["move"], str) and item["move"].strip() != "",
                 f"move must be a non-empty string, got {item['move']!r}", f"{path}.move", i)
        moves.append(RecordedMove(actor, item["move"]))
    return GameRecord(game, players, variant, tuple(moves), seed, meta, reading)


def _check_reading(reading: object) -> None:
    """The ``reading`` field as :data:`RECORD_SCHEMA` describes it."""
    schema = RECORD_SCHEMA["properties"]["reading"]
    _require(isinstance(reading, dict), f"reading must be an object, got {reading!r}", "$.reading")
    assert isinstance(reading, dict)
    missing = [k for k in schema["required"] if k not in reading]
    extra = sorted(set(reading) - set(schema["properties"]))
    _require(not missing and not extra, f"reading has the fields {', '.join(schema['required'])} "
             f"(missing {missing}, unexpected {extra})", "$.reading")
    for key in ("title", "engine", "plugin_sha256"):
        value = reading[key]
        _require(isinstance(value, str) and len(value) <= 200, f"{key} must be a short string", f"$.reading.{key}")
    digest = reading["plugin_sha256"]
    _require(digest == "" or (len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)),
             "plugin_sha256 must be 64 hex digits or empty", "$.reading.plugin_sha256")
    rules = reading["rules"]
    _require(isinstance(rules, list) and len(rules) <= 200 and all(isinstance(r, str) and len(r) <= 100 for r in rules),
             "rules must be a list of rule ids", "$.reading.rules")


def load_record(path: str | Path) -> GameRecord:
    """Read a record file.

    :raises RecordError: when the file cannot be read or is malformed; the
        message names the file.
    """
    p = Path(path)
    try:
        text = p.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror}", source=str(p)) from None
    try:
        return parse_record(text)
    except RecordError as exc:
        raise RecordError(exc.args[0], exc.path, exc.move_index, str(p)) from None
