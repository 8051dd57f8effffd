"""Check a game record move by move.

The record is replayed from a new game and the specification decides: for
each move the spec's own account of who acts (``GameSpec.whose_turn``) and its
legality rules (``GameSpec.check_move``) say whether the move may be made; the
engine only computes the state the move leads to, and that transition is
checked against the spec's effect rules (``GameSpec.check_transition``); a
finished game's winners against its outcome rules (``GameSpec.check_outcome``).
The engine's own verdict is asked too and compared (a disagreement is a
failure: the tool found a defect). The first illegal move is reported with its
index, the violated rule ids and a readable reason, together with a picture of
the position it was played in.

``fast=True`` (``ruleproof validate --fast``) trusts the engine instead: its
one-move check decides and the spec is asked only to name the rules a rejected
move breaks. The result says so (:attr:`ValidationResult.checked_by`).

>>> from ruleproof.model.io.records import GameRecord, RecordedMove
>>> record = GameRecord("take5", 2, {}, (RecordedMove(-1, "deal 200"),))
>>> result = validate_record(record)
>>> result.ok, result.index, result.rule_ids, result.checked_by
(False, 0, ('T5-DEAL-1',), 'spec')
>>> validate_record(record, fast=True).checked_by
'engine'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.io.readings import Reading
from ruleproof.model.io.records import GameRecord, RecordedMove, RecordFile
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.core import variant_from_mapping
from ruleproof.spec.errors import MoveParseError, PlayerCountError, RecordError, VariantError

__all__ = ["CHECKED_BY", "FAILURE_KINDS", "MODE_TEXT", "StepVerdict", "ValidationResult", "check_step",
           "game_of_record", "parsed_moves", "validate_record"]

#: Who decides legality, by mode: the specification (the default) or the engine (``--fast``).
CHECKED_BY = {False: "spec", True: "engine"}
#: How each mode is described in reports.
MODE_TEXT = {
    "spec": "the specification's rules decide (engine cross-checked)",
    "engine": "--fast: trusts the engine (the specification is asked only to name the rules of a rejected move)",
}
#: What went wrong, by kind: an illegal move, an engine that disagrees with the spec about a move or
#: who acts, a transition or a finished game's winners that break the spec's effect or outcome rules.
FAILURE_KINDS = ("illegal", "disagreement", "effect", "outcome")


class StepVerdict(NamedTuple):
    """The verdict on one recorded move.

    :param after: the state the move leads to (``None`` when it failed).
    :param kind: ``""`` for a good move, else one of :data:`FAILURE_KINDS`.
    :param rule_ids: the rules broken (legality or effect rules).
    :param reason: a readable account of the failure.
    :param engine_agrees: whether the engine's own verdict agrees (``None``: not asked).
    """

    after: Any
    kind: str = ""
    rule_ids: tuple[str, ...] = ()
    reason: str = ""
    engine_agrees: bool | None = None


def _who(actor: int) -> str:
    return "chance" if actor == CHANCE else "nobody (the game is over)" if actor == TERMINAL else f"seat {actor}"


def check_step(game: Game[Any, Any, Any], variant: Any, state: Any, actor: int, move: Any, *,
               fast: bool = False) -> StepVerdict:
    """Whether ``actor`` may play ``move`` in ``state``, and the state it leads to.

    By default the specification decides (its turn order and legality rules),
    the engine computes the next state, the transition is checked against the
    spec's effect rules, and the engine's own verdicts (who acts, is the move
    legal) must agree. With ``fast`` the engine decides; the spec only names
    the rules a move the engine rejects breaks.

    >>> from ruleproof.model.registry import game_for
    >>> from ruleproof.spec.take5 import Deal
    >>> game = game_for("take5")
    >>> state = game.initial_state(2, game.default_variant())
    >>> check_step(game, state.variant, state, CHANCE, Deal(200)).rule_ids
    ('T5-DEAL-1',)
    >>> check_step(game, state.variant, state, CHANCE, Deal(7)).kind
    ''
    """
    spec = game.spec
    if fast:
        if actor == game.current_player(state) and game.is_legal_move(state, move):
            return StepVerdict(game.apply_unchecked(state, move))
        report = spec.check_move(variant, state, actor, move)
        return StepVerdict(None, "illegal", report.rule_ids, str(report) if report else (
            "the engine rejects this move but no rule of the spec is broken: engine and spec disagree "
            "(please report this)"), None)
    report = spec.check_move(variant, state, actor, move)
    engine_actor = game.current_player(state)
    engine_ok = actor == engine_actor and game.is_legal_move(state, move)
    if report:
        reason = str(report)
        if engine_ok:
            reason += ("\nthe engine accepts this move: engine and spec disagree (please report this; "
                       "`validate --fast`, which trusts the engine, would not see it)")
        return StepVerdict(None, "illegal", report.rule_ids, reason, not engine_ok)
    spec_actor = spec.whose_turn(state)
    if spec_actor != engine_actor:
        return StepVerdict(None, "disagreement", (), f"the specification says {_who(spec_actor)} acts here, the "
                           f"engine says {_who(engine_actor)}: engine and spec disagree (please report this)", False)
    if not engine_ok:
        return StepVerdict(None, "disagreement", (), "the specification allows this move but the engine rejects it: "
                           "engine and spec disagree (please report this); the record is not replayed further", False)
    after = game.apply_unchecked(state, move)
    effects = spec.check_transition(variant, state, actor, move, after)
    if effects:
        return StepVerdict(None, "effect", effects.rule_ids, f"the engine's state after this legal move breaks "
                           f"the specification's effect rules: {effects} (engine and spec disagree on what the move "
                           "does; please report this)", False)
    return StepVerdict(after, engine_agrees=True)


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
    #: Who decided legality: ``"spec"`` (the default) or ``"engine"`` (``--fast``: trusts the engine).
    checked_by: str = "spec"
    #: What failed: ``""`` or one of :data:`FAILURE_KINDS`.
    failure: str = ""
    #: Whether the engine agreed with the spec about the failing move (``None``: not asked).
    engine_agrees: bool | None = None

    @property
    def ok(self) -> bool:
        """True when the record was made under the reading asked for and every move was legal."""
        return not self.failure and not self.mismatch

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON-ready data."""
        data: dict[str, Any] = {"ok": self.ok, "game": self.game, "players": self.players,
                                "moves": self.moves, "checked": self.checked, "finished": self.finished,
                                "checked_by": self.checked_by, "trusts_engine": self.checked_by == "engine",
                                "mode": MODE_TEXT[self.checked_by]}
        if self.failure:
            data["failure"] = self.failure
        if self.index is not None:
            data["first_illegal"] = {"index": self.index, "actor": "chance" if self.actor == CHANCE else self.actor,
                                     "move": self.move, "kind": self.failure, "rule_ids": list(self.rule_ids),
                                     "reason": self.reason, "position": self.position,
                                     "engine_agrees": self.engine_agrees}
        elif self.failure:
            data["end"] = {"kind": self.failure, "rule_ids": list(self.rule_ids), "reason": self.reason,
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
            if not self.failure:
                return "\n".join(head + [f"(all {self.checked} moves are also legal under the reading asked for)"])
            self_ok = ValidationResult(**{**self.__dict__, "mismatch": []})
            return "\n".join(head + [str(self_ok)])
        mode = f"[{MODE_TEXT[self.checked_by]}]"
        if self.ok:
            end = "the game is finished" if self.finished else "the game is not finished"
            judge = "the specification's" if self.checked_by == "spec" else "the engine's (not the specification's)"
            return (f"ok: all {self.checked} moves of this {self.game} record are legal by {judge} rules; {end}\n"
                    f"{mode}")
        if self.index is None:
            lines = [f"the finished game breaks the specification: {self.failure}",
                     f"rules broken: {', '.join(self.rule_ids) or '(none named)'}", f"reason: {self.reason}"]
        else:
            what = {"illegal": "illegal move", "disagreement": "engine and spec disagree",
                    "effect": "the engine's transition breaks the spec"}[self.failure]
            lines = [f"{what} at index {self.index}: {_who(self.actor if self.actor is not None else CHANCE)} "
                     f"played {self.move!r}",
                     f"rules broken: {', '.join(self.rule_ids) or '(none named)'}", f"reason: {self.reason}"]
        if self.position:
            lines += ["position before the move:" if self.index is not None else "final position:", self.position]
        lines.append(mode)
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


def parsed_moves(game: Game[Any, Any, Any], moves: Iterable[RecordedMove]) -> Iterable[tuple[int, RecordedMove, Any]]:
    """Each recorded move with its index and parsed move (a text parses once: moves are immutable values).

    :raises RecordError: for a move whose text does not parse, at ``$.moves[i].move``.
    """
    parsed: dict[str, Any] = {}  # bounded cache
    for index, recorded in enumerate(moves):
        move = parsed.get(recorded.move)
        if move is None:
            try:
                move = game.parse_move(recorded.move)
            except MoveParseError as exc:
                raise RecordError(str(exc), f"$.moves[{index}].move", index) from None
            if len(parsed) >= 4096:
                parsed.clear()
            parsed[recorded.move] = move
        yield index, recorded, move


def validate_record(record: GameRecord, reading: Reading | None = None,
                    stream: RecordFile | None = None, *, fast: bool = False) -> ValidationResult:
    """Replay ``record`` and report the first illegal move, if any.

    :param stream: a checked record file whose moves are read one at a time
        (``record`` is then its header): memory does not grow with the record.
    :param reading: the reading to check it under; without one, the record's
        flags and the built-in rules. A record made under another reading
        (other flags, extra rules, a derived engine or another plugin source)
        is refused (``mismatch``); its moves are still replayed under the
        reading asked for, naming the first one that reading forbids.
    :param fast: trust the engine (:func:`check_step`): its one-move check
        decides, and the spec names the rules of a rejected move. By default
        the spec decides every move, every transition's effects and a finished
        game's winners, and the engine is cross-checked.
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
        state = game.initial_state(record.players, variant)
    except PlayerCountError as exc:
        raise RecordError(f"under the reading asked for: {exc}", "$.players") from None
    result = ValidationResult(record.game, record.players, stream.count if stream else len(record.moves),
                              reading=reading.describe(), mismatch=mismatch, checked_by=CHECKED_BY[fast])
    for index, recorded, move in parsed_moves(game, stream.moves() if stream else record.moves):
        verdict = check_step(game, variant, state, recorded.actor, move, fast=fast)
        if verdict.kind:
            result.index, result.actor, result.move = index, recorded.actor, recorded.move
            result.failure, result.rule_ids, result.reason = verdict.kind, verdict.rule_ids, verdict.reason
            result.engine_agrees = verdict.engine_agrees
            result.position = game.render_text(state)
            return result
        state = verdict.after
        result.checked += 1
    result.finished = game.is_terminal(state)
    if not fast:
        spec_actor = game.spec.whose_turn(state)
        if (spec_actor == TERMINAL) != result.finished:
            result.failure = "disagreement"
            result.reason = (f"after the last move the specification says {_who(spec_actor)} acts, the engine says "
                             f"the game is {'' if result.finished else 'not '}over: engine and spec disagree "
                             "(please report this)")
            result.position = game.render_text(state)
            return result
    if result.finished:
        outcome = game.outcome(state)
        result.outcome = {"scores": list(outcome.scores), "winners": sorted(outcome.winners)}
        if not fast:
            report = game.spec.check_outcome(variant, state, outcome.winners)
            if report:
                result.failure, result.rule_ids = "outcome", report.rule_ids
                result.reason = f"the engine's winners {sorted(outcome.winners)} break the outcome rules: {report}"
                result.position = game.render_text(state)
    return result
