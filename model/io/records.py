"""JSON game records: game, variant, players and every move, chance moves included.

A record replays exactly, so a real game can be checked card by card. The
format is published as a JSON Schema (:data:`RECORD_SCHEMA`, also written to
the docs), and records are checked against that schema with ``jsonschema``:
the schema is the one source of truth and every error names the JSON path the
validator reports. A few facts the schema cannot state are checked in code: the
game id is a registered one (plugins included), integers are JSON integers (not
``2.0``) and every actor is a seat below ``players``.

Files are read through the input boundary (:mod:`ruleproof.model.io.inputs`):
bounded size, nesting and integers, strict UTF-8. :func:`open_record` streams
the moves: a first pass checks the header and every move against the schema
keeping one move in memory at a time, and :meth:`RecordFile.moves` reads them
again for replay, so validating a record of a million moves takes memory that
does not grow with it. Checking each move with the full ``jsonschema``
validator would cost about 50 µs a move, so a move first meets
:func:`_plain_move`, a direct test of the same schema (a test checks the two
agree on generated moves); only a move it refuses goes to the validator, which
then words the error.

>>> text = '{"format": "ruleproof-record", "version": 1, "game": "take5", "players": 2,'
>>> text += ' "variant": {}, "moves": [{"actor": "chance", "move": "deal 5"}]}'
>>> record = parse_record(text)
>>> record.moves[0]
RecordedMove(actor=-1, move='deal 5')
>>> parse_record('{"format": "ruleproof-record"}')
Traceback (most recent call last):
...
ruleproof.spec.errors.RecordError: $: 'version' is a required property
>>> parse_record(text.replace('"actor": "chance"', '"actor": 1').replace('"players": 2', '"players": 1'))
Traceback (most recent call last):
...
ruleproof.spec.errors.RecordError: $.moves[0].actor: seat 1 does not exist in a game of 1 players (seats 0 to 0)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from ruleproof.model.io.inputs import RECORD_LIMITS, check_value, decode_json, scan_object
from ruleproof.spec.core import CHANCE, variant_to_dict
from ruleproof.spec.errors import InputError, RecordError
from ruleproof.spec.registry import GAME_IDS, game_ids

FORMAT = "ruleproof-record"
VERSION = 1
#: Most seats a record may name (every game has fewer; each game checks its own range).
MAX_PLAYERS = 16
#: Longest move text (characters); the longest real move, a Big Five play of four cards, has about 40.
MAX_MOVE_CHARS = 200
#: Most moves in one record.
MAX_MOVES = 10_000_000
#: Variant flags of earlier versions that named a file: refused at ``$.variant.FLAG`` unless empty (no input
#: names a file to open; a custom Cinco layout travels as data, flag ``layout_data``).
FILE_FLAGS: tuple[str, ...] = ("layout_file",)

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
        "game": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "maxLength": 64,
                 "description": "A registered game id (`ruleproof games`; plugins register more)."},
        "players": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS},
        "variant": {
            "type": "object",
            "description": "Variant flags; omitted flags take their defaults (see `ruleproof rules GAME`).",
        },
        "seed": {"type": ["integer", "null"], "minimum": -(2**63), "maximum": 2**64 - 1,
                 "description": "The seed the game was generated with, if any."},
        "meta": {"type": "object", "description": "Free-form information (players' names, date, ...)."},
        "reading": {
            "type": "object",
            "description": "The reading the game was played under beyond its flags (ruleproof.model.io.readings): "
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
            "maxItems": MAX_MOVES,
            "items": {
                "type": "object",
                "required": ["actor", "move"],
                "additionalProperties": False,
                "properties": {
                    "actor": {
                        "oneOf": [{"const": "chance"}, {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}],
                        "description": "A seat number (0-based, below players) or 'chance'.",
                    },
                    "move": {"type": "string", "minLength": 1, "maxLength": MAX_MOVE_CHARS, "pattern": "\\S",
                             "description": "The move's text form."},
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


@cache
def _validator(part: str) -> Any:
    # Imported here: jsonschema costs more start-up than the rest of a short command (issue 35), and a
    # record whose moves take the fast path (_plain_move) never needs it.
    import jsonschema

    schema = RECORD_SCHEMA if part == "record" else RECORD_SCHEMA["properties"]["moves"]["items"]
    return jsonschema.Draft202012Validator(schema, format_checker=None)


def _schema_error(part: str, value: object, prefix: str, index: int | None, source: str) -> RecordError | None:
    """The validator's best error for ``value`` (``None`` when the schema accepts it)."""
    from jsonschema.exceptions import best_match

    error = best_match(_validator(part).iter_errors(value))
    if error is None:
        return None
    path = prefix + error.json_path[1:]
    message = error.message if len(error.message) <= 300 else error.message[:297] + "..."
    return RecordError(message, path, index, source)


def _is_int(value: object) -> bool:
    return type(value) is int


def _plain_move(item: object) -> bool:
    """Whether ``item`` is a move the schema accepts, tested directly (fast path; see the module docstring)."""
    if type(item) is not dict or len(item) != 2:
        return False
    actor = item.get("actor")
    move = item.get("move")
    if actor != "chance" and not (type(actor) is int and 0 <= actor < MAX_PLAYERS):
        return False
    return type(move) is str and 0 < len(move) <= MAX_MOVE_CHARS and not move.isspace()


def _move(item: object, index: int, source: str) -> RecordedMove:
    """A structurally checked move (the seat range is checked once ``players`` is known).

    A plain move is flat and short, so the boundary's depth and string checks
    (:func:`~ruleproof.model.io.inputs.check_value`) run only on the others and on
    non-ASCII move texts.
    """
    path = f"$.moves[{index}]"
    plain = _plain_move(item)
    if not plain or not item["move"].isascii():  # type: ignore[index]
        try:
            check_value(item, path, source, RECORD_LIMITS)
        except InputError as exc:
            raise RecordError(exc.args[0], exc.path, index, source) from None
    if not plain:
        raise (_schema_error("move", item, path, index, source)
               or RecordError(f"a move is an object {{\"actor\": seat or \"chance\", \"move\": text}} with a JSON "
                              f"integer seat; got {str(item)[:100]}", path, index, source))
    assert isinstance(item, dict)
    actor = item["actor"]
    return RecordedMove(CHANCE if actor == "chance" else actor, item["move"])


def _header(data: dict[str, Any], source: str) -> GameRecord:
    """The record's fields other than its moves, checked against the schema (``data["moves"]`` is ``[]``)."""
    error = _schema_error("record", data, "$", None, source)
    if error is not None:
        raise error
    for key in ("players", "seed"):
        if data.get(key) is not None and not _is_int(data[key]):
            raise RecordError(f"{key} must be a JSON integer such as 2, got {data[key]!r}", f"$.{key}", source=source)
    if not _is_int(data["version"]):
        raise RecordError(f"version must be the integer {VERSION}, got {data['version']!r}", "$.version", source=source)
    game = data["game"]
    if game not in GAME_IDS and game not in game_ids():  # a built-in id needs no look-up of plugins
        raise RecordError(f"unknown game {game!r}; known: {', '.join(game_ids())}", "$.game", source=source)
    for flag in FILE_FLAGS:
        if data["variant"].get(flag):
            raise RecordError(f"a record never names a file to open (flag {flag!r} = {str(data['variant'][flag])[:80]!r}); "
                              "give the file on the command line instead (--layout FILE: the layout then travels in "
                              "the record as data)", f"$.variant.{flag}", source=source)
    return GameRecord(game, data["players"], data["variant"], (), data.get("seed"), data.get("meta", {}),
                      data.get("reading"))


def _check_seat(move: RecordedMove, index: int, players: int, source: str) -> None:
    if move.actor >= players:
        raise RecordError(f"seat {move.actor} does not exist in a game of {players} players (seats 0 to {players - 1})",
                          f"$.moves[{index}].actor", index, source)


def parse_record(text: str | bytes, source: str = "") -> GameRecord:
    """Parse and structurally check a record; the moves' meaning is checked by validation.

    :raises RecordError: with the JSON path of the first problem.
    """
    try:
        data = decode_json(text, source, RECORD_LIMITS)
    except RecordError:
        raise
    except InputError as exc:
        raise RecordError(exc.args[0], exc.path, exc.move_index, exc.source) from None
    return record_from_json(data, source)


def record_from_json(data: object, source: str = "") -> GameRecord:
    """A :class:`GameRecord` from decoded JSON, checked against :data:`RECORD_SCHEMA`."""
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, got {type(data).__name__}", "$", source=source)
    try:
        check_value(data, "$", source, RECORD_LIMITS)
    except InputError as exc:
        raise RecordError(exc.args[0], exc.path, exc.move_index, exc.source) from None
    moves_data = data.get("moves")
    head = _header({**data, "moves": []} if isinstance(moves_data, list) else data, source)
    assert isinstance(moves_data, list)
    if len(moves_data) > MAX_MOVES:
        raise RecordError(f"more than {MAX_MOVES} moves (limit MAX_MOVES)", "$.moves", source=source)
    moves = tuple(_move(item, i, source) for i, item in enumerate(moves_data))
    for i, move in enumerate(moves):
        _check_seat(move, i, head.players, source)
    return GameRecord(head.game, head.players, head.variant, moves, head.seed, head.meta, head.reading)


@dataclass(frozen=True)
class RecordFile:
    """A record file whose header and move structure were checked, with its moves left on disk.

    :meth:`moves` reads them again one at a time (see the module docstring).
    """

    path: Path
    header: GameRecord
    count: int

    def moves(self) -> Iterator[RecordedMove]:
        """The moves in order, decoded and checked again one at a time."""
        source = str(self.path)
        for key, index, item in scan_object(self.path, "moves", RECORD_LIMITS, check_items=False):
            if key == "moves" and index is not None:
                move = _move(item, index, source)
                _check_seat(move, index, self.header.players, source)
                yield move

    def load(self) -> GameRecord:
        """The whole record in memory."""
        h = self.header
        return GameRecord(h.game, h.players, h.variant, tuple(self.moves()), h.seed, h.meta, h.reading)


def _scan(path: Path, keep: list[RecordedMove] | None) -> RecordFile:
    source = str(path)
    fields: dict[str, Any] = {}
    count = 0
    # The first move naming each seat: the seat range is known only with `players`, which may come last.
    first_seat: dict[int, int] = {}
    for key, index, value in scan_object(path, "moves", RECORD_LIMITS, check_items=False):
        if index is None:
            fields[key] = value
            continue
        if index >= MAX_MOVES:
            raise RecordError(f"more than {MAX_MOVES} moves (limit MAX_MOVES)", "$.moves", index, source)
        move = _move(value, index, source)
        if move.actor >= 0:
            first_seat.setdefault(move.actor, index)
        if keep is not None:
            keep.append(move)
        count += 1
    header = _header(fields, source)
    late = [i for seat, i in first_seat.items() if seat >= header.players]
    if late:
        index = min(late)
        seat = next(s for s, i in first_seat.items() if i == index)
        _check_seat(RecordedMove(seat, ""), index, header.players, source)
    return RecordFile(path, header, count)


def open_record(path: str | Path) -> RecordFile:
    """Check a record file's header and every move's structure, keeping no move in memory.

    :raises RecordError: naming the file, the JSON path and the reason.
    """
    try:
        return _scan(Path(path), None)
    except RecordError:
        raise
    except InputError as exc:
        raise RecordError(exc.args[0], exc.path, exc.move_index, exc.source or str(path)) from None


def load_record(path: str | Path) -> GameRecord:
    """Read a whole record file.

    :raises RecordError: when the file cannot be read or is malformed; the
        message names the file.
    """
    moves: list[RecordedMove] = []
    try:
        head = _scan(Path(path), moves).header
    except RecordError:
        raise
    except InputError as exc:
        raise RecordError(exc.args[0], exc.path, exc.move_index, exc.source or str(path)) from None
    return GameRecord(head.game, head.players, head.variant, tuple(moves), head.seed, head.meta, head.reading)
