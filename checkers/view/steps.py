"""A game record as steps a viewer can show: positions, moves in words, rules checked, alternatives, odds.

:func:`build_steps` replays a record from a new game. Step 0 is the opening
position; step ``i`` is the position after move ``i - 1`` together with that
move: who made it, the move in words, every rule of the specification that
applies to it (legality and effect rules) with whether it holds, the legal
alternatives the mover had (or chance's outcomes with their odds), the
scores afterwards, and one picture per view (the referee's, then each
seat's). Pictures are kept once in a table and referred to by index, since
consecutive positions often look alike from a seat.

A record whose move ``k`` is illegal stops there: step ``k + 1`` shows the
rules it breaks and the position before it.

>>> from ruleproof.model.io.records import GameRecord, RecordedMove
>>> moves = tuple(RecordedMove(-1, f"deal {c}") for c in range(1, 25)) + (RecordedMove(0, "play 3"),)
>>> replay = build_steps(GameRecord("take5", 2, {}, moves))
>>> len(replay.steps), replay.steps[-1].actor, replay.illegal_at
(26, 0, None)
>>> [r.id for r in replay.steps[-1].rules if r.holds][:2]
['T5-SETUP-1', 'T5-DEAL-3']
>>> replay.steps[1].chance[0]
('deal 1', '1/104')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ruleproof.checkers.view.under import engine_for_record, reading_label
from ruleproof.model.io.readings import Reading
from ruleproof.checkers.render.picture import render
from ruleproof.checkers.view.words import describe, who
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.io.records import GameRecord
from ruleproof.spec.core import RuleKind, Step as RuleStep
from ruleproof.spec.errors import MoveParseError, RecordError

#: At most this many alternatives (or chance outcomes) are listed per step; the count is always given.
MAX_ALTERNATIVES = 60


@dataclass(frozen=True)
class RuleCheck:
    """One rule checked on one move."""

    id: str
    title: str
    kind: str
    holds: bool
    message: str = ""


@dataclass
class Step:
    """One step of a replay (step 0: the opening position, no move)."""

    index: int
    actor: int | None = None
    move: str = ""
    words: str = ""
    rules: list[RuleCheck] = field(default_factory=list)
    alternatives: list[str] = field(default_factory=list)
    alternative_count: int = 0
    chance: list[tuple[str, str]] = field(default_factory=list)
    to_act: str = ""
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    pictures: list[int] = field(default_factory=list)
    text: str = ""
    illegal: bool = False


@dataclass
class Replay:
    """Every step of a record, the pictures they refer to and the views (referee, seat 0, ...)."""

    game: str
    title: str
    players: int
    variant: dict[str, Any]
    steps: list[Step]
    pictures: list[str]
    views: list[str]
    illegal_at: int | None = None
    #: What the game is replayed under (:func:`~ruleproof.checkers.view.under.reading_label`).
    reading: str = ""


def _odds(p: float) -> str:
    return str(Fraction(p).limit_denominator(100_000))


def rule_checks(game: Game[Any, Any, Any], variant: Any, before: Any, actor: int, move: Any,
                after: Any | None) -> list[RuleCheck]:
    """Every legality and effect rule that applies to the move, with whether it holds."""
    step = RuleStep(variant, before, actor, move, after)
    found = []
    for rule in game.spec.rules:
        if rule.kind is RuleKind.OUTCOME or (rule.kind is RuleKind.EFFECT and after is None):
            continue
        if not rule.applies(step):
            continue
        message = rule.check(step)
        found.append(RuleCheck(rule.id, rule.title, rule.kind.value, message is None, message or ""))
    return found


def _position(game: Game[Any, Any, Any], state: Any, step: Step, pictures: list[str], seen: dict[str, int],
              last: object, players: int) -> None:
    actor = game.current_player(state)
    step.to_act = "game over" if actor == TERMINAL else who(actor) + " to act"
    outcome = game.outcome(state)
    step.scores = [float(s) for s in outcome.scores]
    step.winners = sorted(outcome.winners) if actor == TERMINAL else []
    step.text = game.render_text(state)
    for seat in (None, *range(players)):
        svg = render(game, state, seat, last=last)
        if svg not in seen:
            seen[svg] = len(pictures)
            pictures.append(svg)
        step.pictures.append(seen[svg])


def build_steps(record: GameRecord, *, reading: Reading | None = None,
                on_step: Callable[[int], None] | None = None) -> Replay:
    """Replay ``record`` into steps, under ``reading`` (default: its flags and the built-in rules).

    :raises RecordError: a bad game, flag, player count or unparsable move, or a record made under another
        reading (:func:`~ruleproof.checkers.view.under.reading_for_record`).
    :raises MissingPartError: the game has no renderer.
    """
    game, variant, chosen = engine_for_record(record, reading)
    state = game.initial_state(record.players, variant)
    pictures: list[str] = []
    seen: dict[str, int] = {}
    first = Step(0, words="the opening position")
    _position(game, state, first, pictures, seen, None, record.players)
    steps = [first]
    replay = Replay(record.game, game.spec.title, record.players, dict(record.variant), steps, pictures,
                    ["referee"] + [f"seat {s}" for s in range(record.players)], reading=reading_label(chosen))
    for index, recorded in enumerate(record.moves):
        try:
            move = game.parse_move(recorded.move)
        except MoveParseError as exc:
            raise RecordError(str(exc), f"$.moves[{index}].move", index) from None
        step = Step(index + 1, recorded.actor, str(move), describe(recorded.actor, move))
        acting = game.current_player(state)
        if acting == CHANCE:
            outcomes = game.chance_outcomes(state)
            step.alternative_count = len(outcomes)
            step.chance = [(str(m), _odds(p)) for m, p in outcomes[:MAX_ALTERNATIVES]]
        elif acting != TERMINAL:
            legal = game.legal_moves(state)
            step.alternative_count = len(legal)
            step.alternatives = [str(m) for m in legal[:MAX_ALTERNATIVES]]
        report = game.spec.check_move(variant, state, recorded.actor, move)
        legal_here = recorded.actor == acting and not report and game.is_legal_move(state, move)
        if not legal_here:
            step.illegal = True
            step.rules = rule_checks(game, variant, state, recorded.actor, move, None)
            if not any(not r.holds for r in step.rules):
                step.rules.append(RuleCheck("ENGINE", "the engine refuses the move", "legality", False,
                                            "the engine rejects this move but no rule of the spec is broken"))
            _position(game, state, step, pictures, seen, None, record.players)
            step.to_act = f"illegal move: {', '.join(r.id for r in step.rules if not r.holds)}"
            steps.append(step)
            replay.illegal_at = index
            break
        after = game.apply_unchecked(state, move)
        step.rules = rule_checks(game, variant, state, recorded.actor, move, after)
        state = after
        _position(game, state, step, pictures, seen, move, record.players)
        steps.append(step)
        if on_step is not None:
            on_step(index)
    return replay
