"""Issue 17: Ikebana, Cinco and BigPoints witnesses are replayed under the reading a question is asked under.

For one finding per game, a reading whose extra legality rule bans a move the witness never makes keeps the
witness valid (the finding stays ``sat``, the drift check passes, the viewer's records carry the reading), and
a reading that bans a move the witness makes is reported: the verdict falls to ``unknown`` naming the rule,
and the viewer's record stops at the banned move. A reading that only changes a flag the question does not fix
replays the witness under that flag.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.catalogue import drift
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.questions import Question, questions
from ruleproof.checkers.view.witness import NoWitnessError, finding_witness, witness_records
from ruleproof.model.io.readings import Reading, load_reading, reading_from_flags

#: (game, finding, a flag reading the question does not fix).
CASES = [("ikebana", "IK-F-4", "double_final=true"), ("cinco", "CI-F-4", "reshuffle=when_empty"),
         ("bigpoints", "BP-F-3", "black_counts=false")]


def _question(game: str, fid: str) -> Question:
    return {q.id: q for q in questions(game)}[fid]


def _ban(tmp_path: Path, game: str, name: str, move: str) -> Reading:
    """A reading with one extra legality rule, HOUSE-BAN-1: the player move whose text is ``move`` is never legal."""
    (tmp_path / f"{name}.py").write_text(
        "from ruleproof.spec.core import Rule, RuleKind, Source\n"
        f"BANNED = {move!r}\n"
        "RULES = (Rule('HOUSE-BAN-1', 'A banned move', 'The move ' + BANNED + ' is never allowed.',\n"
        "              Source('test', '-'), RuleKind.LEGALITY,\n"
        "              lambda s: 'banned by the house' if str(s.move) == BANNED else None, lambda s: True),)\n",
        encoding="utf-8")
    (tmp_path / f"{name}.toml").write_text(f'game = "{game}"\ntitle = "ban {move}"\nrules = "{name}.py"\n',
                                           encoding="utf-8")
    return load_reading(tmp_path / f"{name}.toml")


def _player_moves(finding: Finding) -> tuple[set[str], str]:
    """The player moves the witness makes, and one the game has that it never makes."""
    witness: Any = finding.witness
    if finding.game == "cinco":
        made = {f"play {card} at {cell}" for item in witness["replays"] for _, card, cell in item["placements"]}
        return made, "play 1 burn"
    chance = ("reveal", "lay ", "deal ")
    made = {m for m in witness["moves"] if not m.startswith(chance)}
    absent = {"ikebana": "buy", "bigpoints": "back purple"}[finding.game]
    assert absent not in made
    return made, absent


@pytest.fixture(scope="module")
def answered() -> dict[str, Finding]:
    return {fid: _question(game, fid).answer() for game, fid, _ in CASES}


@pytest.mark.parametrize(("game", "fid", "flag"), CASES)
def test_a_witness_replays_under_a_reading_that_keeps_it(game: str, fid: str, flag: str, tmp_path: Path,
                                                        answered: dict[str, Finding]) -> None:
    question = _question(game, fid)
    default = answered[fid]
    assert default.verdict == "sat" and question.replay is not None
    assert drift.replay_problem(question, default) is None  # the default audit replays it too
    made, absent = _player_moves(default)
    keep = _ban(tmp_path, game, "keep", absent)
    finding = question.ask(False, keep)
    assert finding.verdict == "sat", finding.reason
    assert "HOUSE-BAN-1" in finding.reading and "not confirmed" not in finding.answer
    assert drift.check_question(question, reading=keep).verdict == "pass"
    records = witness_records(finding, question.asked_under(keep))
    assert records and all(r.reading == keep.identity() for r in records)
    flagged = question.ask(False, reading_from_flags(game, [flag]))
    assert flagged.verdict == "sat" and flagged.reading, flagged.reason


@pytest.mark.parametrize(("game", "fid", "flag"), CASES)
def test_a_witness_the_reading_breaks_is_reported(game: str, fid: str, flag: str, tmp_path: Path,
                                                  answered: dict[str, Finding]) -> None:
    question = _question(game, fid)
    made, _ = _player_moves(answered[fid])
    banned = sorted(made)[0]
    ban = _ban(tmp_path, game, "ban", banned)
    finding = question.ask(False, ban)
    assert finding.verdict == "unknown" and "HOUSE-BAN-1" in finding.reason, finding.reason
    assert "not a legal play under this reading" in finding.reason and "not confirmed" in finding.answer
    problem = drift.replay_problem(question, answered[fid], ban)
    assert problem is not None and "HOUSE-BAN-1" in problem
    if game != "cinco":  # a play witness: the viewer's record stops at the banned move
        (record,) = witness_records(answered[fid], question.asked_under(ban))
        assert record.moves[-1].move == banned and len(record.moves) <= len(answered[fid].witness["moves"])


def test_the_viewer_answers_a_finding_under_a_reading(tmp_path: Path, answered: dict[str, Finding]) -> None:
    made, absent = _player_moves(answered["IK-F-4"])
    keep = _ban(tmp_path, "ikebana", "keep", absent)
    witness = finding_witness("IK-F-4", reading=keep)
    assert witness.verdict == "sat" and witness.records[0].reading == keep.identity()
    with pytest.raises(NoWitnessError, match="no witness that replays under"):
        finding_witness("IK-F-4", reading=_ban(tmp_path, "ikebana", "ban", "refuse"))


def test_a_dead_position_question_says_why_a_plugin_does_not_apply(tmp_path: Path) -> None:
    """CI-F-1's minimum is about which lines can still be completed: removed moves change it (not applicable)."""
    finding = _question("cinco", "CI-F-1").ask(False, _ban(tmp_path, "cinco", "ban", "play 1 burn"))
    assert finding.verdict == "not applicable" and "can make smaller boards dead" in finding.answer


def test_bf_f_3_witness_is_stored_under_the_publishers_bonus() -> None:
    """BF-F-3 asks about the publisher's bonus count: its stored witness record carries ``bonus=publisher``, and
    under it the witness's last play earns the 15 cards the finding reports (under the text's count: 11)."""
    import dataclasses

    from ruleproof.checkers.view.witness import stored_witness
    from ruleproof.model.registry import game_for
    from ruleproof.spec.bigfive import board_map, compute_bonus

    witness = stored_witness("BF-F-3")
    assert witness is not None and "15" in witness.answer
    record = witness.records[0]
    assert record.variant["bonus"] == "publisher"
    game = game_for("bigfive")
    from ruleproof.spec.core import variant_from_mapping

    state = game.replay(record.players, variant_from_mapping(game.variant_type, record.variant),
                        [game.parse_move(m.move) for m in record.moves[:-1]])
    last = game.parse_move(record.moves[-1].move)
    board = board_map(state.board)
    assert compute_bonus(state.variant, board, last) == 15
    assert compute_bonus(dataclasses.replace(state.variant, bonus="text"), board, last) == 11
