"""Replaying a finding's witness plays under a reading: the check behind "the witness still replays".

A ``sat`` finding's witness is, for most questions, one or more plays from a
new game: ``{"players": N, "flags": {...}, "moves": [...]}`` (chance moves
included), a list of such plays (one per seat or configuration), or a play
kept under another key (:data:`PLAY_KEYS`: a shortest and a longest game).
:func:`play_items` reads them in every shape; :func:`replay_play_witness`
plays each one on a :class:`~ruleproof.model.io.readings.Reading`'s engine (the
built-in engine, restricted by the reading's extra legality rules, or its
derived engine) under the reading's flags, with the witness's own flags on
top (the configuration the question explored, such as a short path). It
answers ``None`` when every move is legal there, else the first move that is
not, with the rules it breaks.

The questions of Take 5, Ikebana and BigPoints use it as their ``replay``
(:attr:`ruleproof.checkers.catalogue.questions.Question.replay`), so a witness
is confirmed under any reading before it counts, and the drift check
(:mod:`ruleproof.checkers.catalogue.drift`) replays it under the reading the
audit runs. The replay confirms that the play is legal under the reading; the
property the witness shows (a score, a gap, a state) follows from the same
moves, and the flags it depends on are the question's fixed flags. Cinco's
witnesses are boards, replayed by
:func:`ruleproof.checkers.smt.cinco_replay.replay_witness_board`.

>>> from ruleproof.checkers.catalogue.findings import Finding
>>> from ruleproof.model.io.readings import reading_from_flags
>>> moves = [f"deal {c}" for c in [*range(1, 21), 101, 102, 103, 104]] + ["play 3"]
>>> f = Finding("T5-X", "take5", "?", "sat", "yes", witness={"players": 2, "flags": {}, "moves": moves})
>>> replay_play_witness(f, reading_from_flags("take5", [])) is None
True
>>> print(replay_play_witness(f, reading_from_flags("take5", ["deck=tactical"])))
play 1 of 1, move 20 (deal 101): deal 101 is illegal: ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.spec.core import variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import RuleproofError

#: Other names under which a witness keeps a play (a shortest and a longest game, say).
PLAY_KEYS = ("shortest", "longest")
#: Seats of a witness play that does not say (Big Five's board witnesses are two-player replays).
DEFAULT_PLAYERS: dict[str, int] = {"bigfive": 2}
#: The most moves one witness play may hold (a witness is data: a bound keeps a replay finite).
MAX_WITNESS_MOVES = 200_000


@dataclass(frozen=True)
class PlayItem:
    """One witness play: seats, the witness's own flags and the moves in text form."""

    players: int
    flags: Mapping[str, Any]
    moves: tuple[str, ...]


def play_items(game: str, witness: Any) -> list[PlayItem]:
    """The plays a witness holds, in every shape (empty when it holds none).

    >>> [len(p.moves) for p in play_items("take5", [{"players": 2, "moves": ["deal 1"]}, {"moves": []}])]
    [1]
    >>> [p.moves for p in play_items("bigpoints", {"players": 2, "shortest": ["a"], "longest": ["a", "b"]})]
    [('a',), ('a', 'b')]
    """
    items = witness if isinstance(witness, list) else [witness]
    if isinstance(witness, dict) and not isinstance(witness.get("moves"), list):
        items = [{**witness, "moves": witness[k]} for k in PLAY_KEYS if isinstance(witness.get(k), list)]
    out = []
    for item in items:
        if not isinstance(item, dict):
            continue
        players = item.get("players", DEFAULT_PLAYERS.get(game))
        moves = item.get("moves")
        if isinstance(moves, list) and isinstance(players, int) and not isinstance(players, bool) \
                and all(isinstance(m, str) for m in moves):
            raw = item.get("flags")
            out.append(PlayItem(players, dict(raw) if isinstance(raw, dict) else {}, tuple(moves)))
    return out


def variant_under(reading: Any, flags: Mapping[str, Any]) -> Any:
    """The reading's variant with a witness's own ``flags`` on top (values as stored, or as text)."""
    mapping = variant_to_dict(reading.variant) | dict(flags)
    try:
        return variant_from_mapping(type(reading.variant), mapping)
    except RuleproofError:
        return variant_from_mapping(type(reading.variant), mapping, from_text=True)


def replay_moves(reading: Any, players: int, flags: Mapping[str, Any], moves: Sequence[str]) -> str | None:
    """``None`` when ``moves`` replay from a new game on the reading's engine, else the first problem."""
    if len(moves) > MAX_WITNESS_MOVES:
        return f"the play has {len(moves)} moves, more than MAX_WITNESS_MOVES = {MAX_WITNESS_MOVES}"
    engine = reading.engine
    try:
        state = engine.initial_state(players, variant_under(reading, flags))
    except (RuleproofError, ValueError) as exc:
        return f"no game can start: {exc}"
    for index, text in enumerate(moves):
        try:
            move = engine.parse_move(text)
        except (RuleproofError, ValueError) as exc:
            return f"move {index} ({text}) does not parse: {exc}"
        if engine.is_terminal(state):
            return f"move {index} ({text}) comes after the end of the game"
        if not engine.is_legal_move(state, move):
            return f"move {index} ({text}): {engine.illegal_move_error(state, move)}"
        state = engine.apply_unchecked(state, move)
    return None


def replay_play_witness(finding: Finding, reading: Any) -> str | None:
    """``None`` when every play of the finding's witness replays under ``reading``, else why not."""
    items = play_items(finding.game, finding.witness)
    if not items:
        return "the witness holds no play to replay"
    for k, item in enumerate(items, start=1):
        problem = replay_moves(reading, item.players, item.flags, item.moves)
        if problem is not None:
            return f"play {k} of {len(items)}, {problem}"
    return None
