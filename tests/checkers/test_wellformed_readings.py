"""Issue 17: the well-formedness questions explore a plugin reading's engine, or say precisely why they cannot.

The tutorial's house rule (a too-low card takes a row with the fewest cards) is explored on its engine:
under the rulebook's row choice it leaves every state a move, but together with ``row_choice=auto`` (the
engine picks the row by bullheads) it leaves a player with no legal move, which only an exploration of the
reading's own engine can find. A derived engine (changed effects) keeps the exhaustive answers but not the
Z3 length bound, and the termination answer says so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ruleproof.checkers.catalogue.questions import Question, questions
from ruleproof.model.io.readings import Reading, load_reading, reading_from_flags

HOWTO = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading"


def _question(game: str, fid: str) -> Question:
    return {q.id: q for q in questions(game)}[fid]


@pytest.fixture(scope="module")
def fewest() -> Reading:
    return load_reading(HOWTO / "fewest.toml")


def test_the_house_rule_is_explored_on_its_engine(fewest: Reading) -> None:
    playable = _question("take5", "WF-T5-2").ask(False, fewest)
    assert playable.verdict == "unsat" and "reading's engine" in playable.bounds and "HOUSE-LOW-1" in playable.answer
    ends = _question("take5", "WF-T5-1").ask(False, fewest)
    assert ends.verdict == "unsat" and "only remove moves" in ends.answer and "reading's engine" in ends.bounds
    wins = _question("take5", "WF-T5-3").ask(False, fewest)
    assert wins.verdict == "sat" and "reading's engine" in wins.bounds
    engine = fewest.engine
    for witness in wins.witness:  # each seat's win is a game of the house rule, checked move by move
        variant = engine.variant_type(**witness["flags"])
        state = engine.replay(witness["players"], variant, [engine.parse_move(m) for m in witness["moves"]])
        assert witness["seat"] in engine.outcome(state).winners


def test_a_dead_end_only_the_reading_has_is_found(fewest: Reading) -> None:
    """With row_choice=auto the engine picks the row; the house rule may forbid it: no legal move."""
    auto = reading_from_flags("take5", ["row_choice=auto"], fewest)
    found = _question("take5", "WF-T5-2").ask(False, auto)
    assert found.verdict == "sat" and "dead ends" in found.answer, found.answer
    engine = auto.engine
    from ruleproof.model.io import codec

    state = codec.decode(type(engine.initial_state(2, auto.variant)), found.witness["root"])
    for text in found.witness["moves"]:
        state = engine.apply(state, engine.parse_move(text))
    assert not engine.is_terminal(state) and engine.legal_moves(state) == ()
    assert reading_from_flags("take5", ["row_choice=auto"]).engine.legal_moves(state) != ()  # the rulebook's
    plain = _question("take5", "WF-T5-2").ask(False, reading_from_flags("take5", ["row_choice=auto"]))
    assert plain.verdict == "unsat"


def test_a_derived_engine_keeps_the_search_but_not_the_z3_bound() -> None:
    """Issue 31: termination under a derived engine is decided by the state graphs of the reduced
    configurations (acyclic: proved over every state of each), and the answer says it claims nothing more."""
    reading = load_reading(HOWTO / "bonus_per_line.toml")
    question = _question("bigfive", "WF-BF-1")
    assert question.not_applicable_because(reading) is None
    finding = question.ask(False, reading)
    assert finding.verdict == "unsat", finding.summary()
    assert "proved over every state of bigfive/small" in finding.answer
    assert "derived engine OnePerLineGame may change them" in finding.answer
    assert finding.bounds.startswith("reduced configurations only (no claim about the full game's length)")
    assert finding.witness["reduced"] and all(row["complete"] for row in finding.witness["reduced"])
