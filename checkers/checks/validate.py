"""Check a game record move by move.

The record is replayed from a new game; for each move the spec says which
rules it breaks (if any) and the engine must agree. The first illegal move is
reported with its index, the violated rule ids and a readable reason, together
with a picture of the position it was played in.

>>> from ruleproof.model.records import GameRecord, RecordedMove
>>> record = GameRecord("take5", 2, {}, (RecordedMove(-1, "deal 200"),))
>>> result = validate_record(record)
>>> result.ok, result.index, result.rule_ids
(False, 0, ('T5-DEAL-1',))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ruleproof.model.core import CHANCE, Game
from ruleproof.model.readings import Reading
from ruleproof.model.records import GameRecord, RecordFile
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.core import variant_from_mapping
from ruleproof.spec.errors import MoveParseError, PlayerCountError, RecordError, VariantError


@dataclass
class ValidationResult:
    """The verdict on a record."""

    game: str
    players: int
    moves: int
    checked: int = 0
    index: int | None = None
    actor: int | None = None
    move: str | None = None
    rule_ids: tuple[str, ...] = ()
    reason: str = ""
    position: str = ""
    finished: bool = False
    outcome: dict[str, Any] = field(default_factory=dict)
    #: The reading the record was checked under (a description).
    reading: str = ""
    #: How the record's reading differs from the one asked for (empty when they agree).
    mismatch: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the record was made under the reading asked for and every move was legal."""
        return self.index is None and not self.mismatch

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON-ready data."""
        data: dict[str, Any] = {"ok": self.ok, "game": self.game, "players": self.players,
                                "moves": self.moves, "checked": self.checked, "finished": self.finished}
        if not self.ok:
            data["first_illegal"] = {"index": self.index, "actor": "chance" if self.actor == CHANCE else self.actor,
                                     "move": self.move, "rule_ids": list(self.rule_ids), "reason": self.reason,
                                     "position": self.position}
        if self.outcome:
            data["outcome"] = self.outcome
        if self.reading:
            data["reading"] = self.reading
        if self.mismatch:
            data["reading_mismatch"] = list(self.mismatch)
        return data

    def __str__(self) -> str:
        if self.mismatch:
            head = [f"refused: the record was made under another reading than {self.reading or 'the one asked for'}: "
                    + "; ".join(self.mismatch),
                    "give the reading it was made under with --reading FILE, a Cinco board with --layout FILE "
                    "(a record never names a file to open)"]
            if self.index is None:
                return "\n".join(head + [f"(all {self.checked} moves are also legal under the reading asked for)"])
            self_ok = ValidationResult(**{**self.__dict__, "mismatch": []})
            return "\n".join(head + [str(self_ok)])
        if self.ok:
            end = "the game is finished" if self.finished else "the game is not finished"
            return f"ok: all {self.checked} moves of this {self.game} record are legal; {end}"
        who = "chance" if self.actor == CHANCE else f"seat {self.actor}"
        lines = [f"illegal move at index {self.index}: {who} played {self.move!r}",
                 f"rules broken: {', '.join(self.rule_ids) or '(none named)'}", f"reason: {self.reason}"]
        if self.position:
            lines += ["position before the move:", self.position]
        return "\n".join(lines)


def game_of_record(record: GameRecord) -> tuple[Game[Any, Any, Any], Any]:
    """The engine and variant a record is played with.

    :raises RecordError: for an unavailable game, bad flags or player count.
    """
    if record.game not in available_games():
        raise RecordError(f"game {record.game!r} has no engine yet; available: {', '.join(available_games())}", "$.game")
    game = game_for(record.game)
    try:
        variant = variant_from_mapping(game.variant_type, record.variant)
    except VariantError as exc:
        raise RecordError(str(exc), f"$.variant.{exc.flag}" if exc.flag else "$.variant") from None
    try:
        game.initial_state(record.players, variant)
    except PlayerCountError as exc:
        raise RecordError(str(exc), "$.players") from None
    return game, variant


def validate_record(record: GameRecord, reading: Reading | None = None,
                    stream: RecordFile | None = None, *, cross_check: bool = False) -> ValidationResult:
    """Replay ``record`` and report the first illegal move, if any.

    :param stream: a checked record file whose moves are read one at a time
        (``record`` is then its header): memory does not grow with the record.

    :param reading: the reading to check it under; without one, the record's
        flags and the built-in rules. A record made under another reading
        (other flags, extra rules, a derived engine or another plugin source)
        is refused (``mismatch``); its moves are still replayed under the
        reading asked for, naming the first one that reading forbids.
    :param cross_check: also run the spec's rules on every legal move (the
        engine and the spec must then agree in both directions). By default
        the engine decides legality with its direct one-move check and the
        spec is consulted for a rejected move, to name the rules it breaks;
        the two agree by conformance (``ruleproof.checkers.checks.conformance``).
    :raises RecordError: when a move's text cannot be parsed (malformed input,
        not an illegal move).
    """
    game, variant = game_of_record(record)
    if reading is None:
        reading = Reading(record.game, variant, title="the built-in rules with the record's flags")
    elif reading.game != record.game:
        raise RecordError(f"the record is a {record.game} game; the reading is for {reading.game}", "$.game")
    mismatch = reading.mismatch(record.variant, record.reading)
    game, variant = reading.engine, reading.variant
    try:
        game.initial_state(record.players, variant)
    except PlayerCountError as exc:
        raise RecordError(f"under the reading asked for: {exc}", "$.players") from None
    spec = game.spec
    state = game.initial_state(record.players, variant)
    result = ValidationResult(record.game, record.players, stream.count if stream else len(record.moves),
                              reading=reading.describe(), mismatch=mismatch)
    parsed: dict[str, Any] = {}  # moves are immutable values: a text parses once (bounded cache)
    for index, recorded in enumerate(stream.moves() if stream else record.moves):
        move = parsed.get(recorded.move)
        if move is None:
            try:
                move = game.parse_move(recorded.move)
            except MoveParseError as exc:
                raise RecordError(str(exc), f"$.moves[{index}].move", index) from None
            if len(parsed) >= 4096:
                parsed.clear()
            parsed[recorded.move] = move
        engine_ok = recorded.actor == game.current_player(state) and game.is_legal_move(state, move)
        report = spec.check_move(variant, state, recorded.actor, move) if cross_check or not engine_ok else None
        if report or not engine_ok:
            assert report is not None
            result.index, result.actor, result.move = index, recorded.actor, recorded.move
            result.rule_ids = report.rule_ids
            result.reason = str(report) if report else (
                "the engine rejects this move but no rule of the spec is broken: "
                "engine and spec disagree (please report this)")
            result.position = game.render_text(state)
            return result
        state = game.apply_unchecked(state, move)
        result.checked += 1
    result.finished = game.is_terminal(state)
    if result.finished:
        outcome = game.outcome(state)
        result.outcome = {"scores": list(outcome.scores), "winners": sorted(outcome.winners)}
    return result
