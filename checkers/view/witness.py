"""Findings' witnesses as game records the replay viewer can step through.

A catalogue finding's witness comes in a few shapes (see
:mod:`ruleproof.checkers.catalogue.findings`): a play from a new game
(``{"players": N, "flags": {...}, "moves": [...]}``, also in lists, one per
seat or configuration), a Cinco board (``{"cells": [...], "replays": [...]}``,
replayed through the engine by :func:`~ruleproof.checkers.smt.cinco_replay.replay_board`
for the first player structure that reaches it), or a Big Five board with a
play (built card by card by :mod:`ruleproof.checkers.smt.bigfive_replay`).
:func:`witness_records` turns each into records; who acts at each move is
read from the engine as the moves are replayed.

Solving can take minutes (Big Five's bonus questions), so the records are
stored in ``checkers/data/witnesses/<game>.json`` (written by
``python -m ruleproof.checkers.view.witness GAME...``) and
:func:`finding_witness` prefers the stored ones, answering the question
only for a finding that has none.

>>> from ruleproof.checkers.catalogue.findings import Finding
>>> f = Finding("T5-X", "take5", "?", "sat", "yes", witness={"players": 2, "flags": {},
...             "moves": [f"deal {c}" for c in range(1, 25)] + ["play 3"]})
>>> [r.moves[-1] for r in witness_records(f)]
[RecordedMove(actor=0, move='play 3')]
>>> witness_records(Finding("T5-Y", "take5", "?", "unsat", "no"))
[]
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.replay import PLAY_KEYS, play_items, variant_under
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.io.records import GameRecord, RecordedMove, record_from_json
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import RecordError, RuleproofError
from ruleproof.spec.registry import game_ids

#: Finding id prefixes and their games.
PREFIXES: dict[str, str] = {"T5": "take5", "BF": "bigfive", "BP": "bigpoints", "IK": "ikebana", "CI": "cinco"}
_ID = re.compile(r"^(?:WF-)?([A-Z0-9]+)-")


class NoWitnessError(RuleproofError):
    """A finding without a witness that can be replayed (an ``unsat`` proof, or a witness of another shape)."""


@dataclass(frozen=True)
class Witness:
    """A finding with its witness as records."""

    id: str
    game: str
    question: str
    verdict: str
    answer: str
    records: tuple[GameRecord, ...]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data (the store's format)."""
        return {"question": self.question, "verdict": self.verdict, "answer": self.answer,
                "records": [r.to_json() for r in self.records]}


def game_of_finding(finding_id: str) -> str:
    """The game a finding id belongs to (``CI-F-7`` → ``cinco``, ``WF-T5-3`` → ``take5``).

    >>> game_of_finding("WF-T5-3"), game_of_finding("CI-F-7")
    ('take5', 'cinco')
    """
    match = _ID.match(finding_id)
    game = PREFIXES.get(match.group(1)) if match else None
    if game is None:
        raise RecordError(f"unknown finding id {finding_id!r}; finding ids look like T5-F-2, CI-F-7 or WF-BF-3")
    return game


def _record(game_id: str, players: int, flags: Mapping[str, Any], moves: Sequence[str], note: str,
            reading: Any = None) -> GameRecord:
    game = game_for(game_id) if reading is None else reading.engine
    variant = variant_from_mapping(game.variant_type, flags, from_text=True) if reading is None \
        else variant_under(reading, flags)
    state = game.initial_state(players, variant)
    recorded = []
    for text in moves:
        actor = game.current_player(state)
        move = game.parse_move(text)
        recorded.append(RecordedMove(CHANCE if actor == TERMINAL else actor, str(move)))
        if actor == TERMINAL or not game.is_legal_move(state, move):
            break  # the viewer shows this move and the rules it breaks
        state = game.apply_unchecked(state, move)
    identity = reading.identity() if reading is not None and reading.has_plugin else None
    return GameRecord(game_id, players, variant_to_dict(variant), tuple(recorded), meta={"witness": note},
                      reading=identity)


def _play_records(game_id: str, witness: Any, note: str, reading: Any = None) -> list[GameRecord]:
    items = play_items(game_id, witness)
    return [_record(game_id, item.players, item.flags, item.moves,
                    note + (f" ({k + 1} of {len(items)})" if len(items) > 1 else ""), reading)
            for k, item in enumerate(items)]


def _cinco_records(finding: Finding, reading: Any = None) -> list[GameRecord]:
    from ruleproof.checkers.smt.cinco_replay import ReplayError, replay_witness_board
    from ruleproof.model.io.readings import default_reading

    witness = finding.witness
    layout = "square" if finding.question.startswith("square") else "hex"
    base = default_reading("cinco") if reading is None else reading
    if not variant_to_dict(base.variant).get("layout_data"):
        base = replace(base, variant=variant_under(base, {"layout": layout}), _engine=[])
    for item in witness.get("replays") or [{"players": 2, "flags": {}}]:
        try:
            ((players, flags, replay),) = replay_witness_board({**witness, "replays": [item]}, base)
        except ReplayError:
            continue  # another player structure may replay (the viewer shows the first that does)
        return [_record("cinco", players, flags, replay.moves, f"{finding.id}: the witness board", base)]
    return []


def _bigfive_records(finding: Finding, reading: Any = None) -> list[GameRecord]:
    from ruleproof.checkers.smt.bigfive_replay import build_order, replay_plays
    from ruleproof.spec.bigfive import Play, board_map, parse_move
    from ruleproof.checkers.render.bigfive import _board_of

    witness = finding.witness
    text = witness["board"] if isinstance(witness["board"], str) else " ".join(map(str, witness["board"]))
    board = board_map(_board_of(text))
    if (0, 0) not in board:
        return []
    plays = [p.placed for p in build_order(board)]
    if isinstance(witness.get("play"), str):
        play = parse_move(witness["play"])
        if isinstance(play, Play):
            plays.append(play.placed)
    try:
        if reading is None:
            _, moves = replay_plays(board[(0, 0)], plays)
        else:
            _, moves = replay_plays(board[(0, 0)], plays, reading.variant, reading.engine)
    except (ValueError, RuleproofError):
        return []
    return [_record("bigfive", 2, {}, moves, f"{finding.id}: the witness board built card by card", reading)]


def witness_records(finding: Finding, reading: Any = None) -> list[GameRecord]:
    """The finding's witness as records (empty when it has none that replays).

    :param reading: a :class:`~ruleproof.model.io.readings.Reading` to replay
        under (its engine, its flags under the witness's own; the records
        carry its identity when it has a plugin); default: the built-in rules.
        A move the reading's engine refuses ends the record there (the viewer
        names the rules it breaks).
    """
    witness = finding.witness
    if witness is None:
        return []
    if isinstance(witness, dict) and any(isinstance(witness.get(k), list) for k in ("moves", *PLAY_KEYS)) \
            or isinstance(witness, list):
        records = _play_records(finding.game, witness, f"{finding.id}: the witness", reading)
        if records:
            return records
    if finding.game == "cinco" and isinstance(witness, dict) and isinstance(witness.get("cells"), list):
        return _cinco_records(finding, reading)
    if finding.game == "bigfive" and isinstance(witness, dict) and isinstance(witness.get("board"), (str, list)):
        return _bigfive_records(finding, reading)
    return []


def _store_text(game: str) -> str | None:
    try:
        return resources.files("ruleproof.checkers").joinpath("data", "witnesses", f"{game}.json").read_text("utf-8")
    except FileNotFoundError:
        return None


def stored_witness(finding_id: str) -> Witness | None:
    """The stored witness of a finding, ``None`` when the store has none."""
    game = game_of_finding(finding_id)
    text = _store_text(game)
    if text is None:
        return None
    data = json.loads(text).get(finding_id)
    if not isinstance(data, dict):
        return None
    records = tuple(record_from_json(r) for r in data.get("records", []))
    return Witness(finding_id, game, data.get("question", ""), data.get("verdict", ""), data.get("answer", ""), records)


def _fixed_reading(question: Any) -> Any:
    """The reading a question's default answer is made under: the default one with the flags the question's
    encoding fixes (BF-F-3 asks about the publisher's bonus: its witness is replayed with ``bonus=publisher``,
    not the rulebook's default); ``None`` when it fixes nothing."""
    from ruleproof.model.io.readings import default_reading

    asked = question.asked_under(default_reading(question.game))
    return None if asked.is_default else asked


def solve_witness(finding_id: str, reading: Any = None) -> Witness:
    """Answer the finding's question now (under ``reading``, default the built-in rules) and turn its
    witness into records played on that reading's engine."""
    from ruleproof.checkers.catalogue.questions import questions

    game = game_of_finding(finding_id)
    known = {q.id: q for q in questions(game)}
    if finding_id not in known:
        raise RecordError(f"unknown finding {finding_id!r}; {game} has {', '.join(known)}")
    question = known[finding_id]
    if reading is None or reading.is_default:
        finding = question.answer()
        return Witness(finding_id, game, finding.question, finding.verdict, finding.answer,
                       tuple(witness_records(finding, _fixed_reading(question))))
    if reading.game != game:
        raise RecordError(f"finding {finding_id} is about {game}; the reading is for {reading.game}")
    finding = question.ask(False, reading)
    records = witness_records(finding, question.asked_under(reading)) if finding.verdict == "sat" else []
    return Witness(finding_id, game, finding.question, finding.verdict, finding.answer, tuple(records))


def finding_witness(finding_id: str, *, solve: bool = True, reading: Any = None) -> Witness:
    """The witness of a finding: the stored one, else (with ``solve``) a fresh answer.

    Under a ``reading`` other than the default the stored witnesses (made
    under the built-in rules) do not apply: the question is answered under
    the reading and its witness played on the reading's engine.

    :raises NoWitnessError: the finding has no replayable witness.
    """
    if reading is not None and not reading.is_default:
        fresh = solve_witness(finding_id, reading)
        if not fresh.records:
            raise NoWitnessError(f"finding {finding_id} has no witness that replays under {reading.describe()} "
                                 f"(verdict {fresh.verdict}: {fresh.answer})")
        return fresh
    witness = stored_witness(finding_id)
    if witness is None and solve:
        witness = solve_witness(finding_id)
    if witness is None or not witness.records:
        verdict = f" (verdict {witness.verdict}: {witness.answer})" if witness is not None else ""
        raise NoWitnessError(f"finding {finding_id} has no witness that can be replayed{verdict}")
    return witness


def write_store(games: Sequence[str], folder: Path) -> dict[str, int]:
    """Answer every question of ``games`` and store their witnesses as records (none for a finding
    without one, so that it is not answered again); the number of findings per game."""
    from ruleproof.checkers.catalogue.questions import questions

    counts = {}
    for game in games:
        store: dict[str, Any] = {}
        for question in questions(game):
            print(f"{question.id} …", file=sys.stderr, flush=True)
            finding = question.answer()
            # empty: stored too, so the question is not answered again
            records = witness_records(finding, _fixed_reading(question))
            store[question.id] = Witness(question.id, game, finding.question, finding.verdict, finding.answer,
                                         tuple(records)).to_json()
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{game}.json"
        tmp = target.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(store, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
        tmp.replace(target)
        counts[game] = len(store)
    return counts


if __name__ == "__main__":  # pragma: no cover - a maintenance script
    wanted = sys.argv[1:] or [g for g in game_ids() if g in PREFIXES.values()]
    here = Path(__file__).resolve().parent.parent / "data" / "witnesses"
    print(write_store(wanted, here))
