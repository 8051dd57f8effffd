"""Readings as data (issue 17 items 2-4): reading files, plugins, records, validation and findings under a reading.

The plugins used here are the tutorial's files in ``docs/howto/reading``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.checks.conformance import run_conformance
from ruleproof.checkers.checks.simulate import simulate
from ruleproof.checkers.checks.validate import validate_record
from ruleproof.model.io.readings import ReadingError, default_reading, load_reading, reading_from_flags
from ruleproof.model.io.records import GameRecord, parse_record
from ruleproof.spec.errors import RecordError
from ruleproof.spec.take5 import Take, Take5State, Take5Variant, deck_cards

HOWTO = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading"


@pytest.fixture(scope="module")
def fewest():  # type: ignore[no-untyped-def]
    return load_reading(HOWTO / "fewest.toml")


def _resolving(rows: tuple[tuple[int, ...], ...]) -> Take5State:
    """Seat 0 resolves the too-low card 2; seat 1 waits with 95."""
    variant = Take5Variant()
    used = {c for r in rows for c in r} | {2, 95, 1, 3}
    deck = tuple(c for c in deck_cards(variant, 2) if c not in used)
    return Take5State(variant, 2, 1, deck, 24, ((1,), (3,)), rows, (2, 95), True, ((), ()), (0, 0), False)


def test_plugin_rule_restricts_the_engine_and_the_spec(fewest) -> None:  # type: ignore[no-untyped-def]
    state = _resolving(((55,), (10, 11, 12), (30, 31), (40,)))
    assert default_reading("take5").engine.legal_moves(state) == (Take(0), Take(1), Take(2), Take(3))
    assert fewest.engine.legal_moves(state) == (Take(0), Take(3))
    assert fewest.engine.spec.check_move(state.variant, state, 0, Take(1)).rule_ids == ("HOUSE-LOW-1",)
    assert fewest.identity()["rules"] == ["HOUSE-LOW-1"] and len(fewest.plugin_sha256) == 64
    assert len((HOWTO / "fewest.py").read_text().splitlines()) <= 30


def test_reading_file_errors_name_the_file_and_key(tmp_path: Path) -> None:
    cases = {
        'game = "take5"\n': "title: missing",
        'game = "take5"\ntitle = "x"\ncolour = 1\n': "colour: unknown key",
        'game = "take5"\ntitle = "x"\n[flags]\nend_rule = "!"\n': r"flags\.end_rule: flag 'end_rule'",
        'game = "take6"\ntitle = "x"\n': "game: unknown game",
        'game = "take5"\ntitle = "x"\nrules = "missing.py"\n': "cannot read the plugin",
        'game = "take5"\ntitle = \n': "not valid TOML",
    }
    for i, (text, expected) in enumerate(cases.items()):
        path = tmp_path / f"r{i}.toml"
        path.write_text(text)
        with pytest.raises(ReadingError, match=expected) as info:
            load_reading(path)
        assert str(path.name) in str(info.value)


def test_plugin_without_rules_or_game_is_refused(tmp_path: Path) -> None:
    (tmp_path / "empty.py").write_text("X = 1\n")
    (tmp_path / "r.toml").write_text('game = "take5"\ntitle = "x"\nrules = "empty.py"\n')
    with pytest.raises(ReadingError, match="neither RULES"):
        load_reading(tmp_path / "r.toml")


def test_records_carry_the_reading_and_validation_refuses_another(fewest) -> None:  # type: ignore[no-untyped-def]
    _, record = simulate(fewest.engine, 3, fewest.variant, games=1, seed=0)
    record = parse_record(dataclasses.replace(record, game="take5", reading=fewest.identity()).dumps())
    assert record.reading is not None and record.reading["rules"] == ["HOUSE-LOW-1"]
    assert validate_record(record, fewest).ok
    under_default = validate_record(record)
    assert not under_default.ok and any("HOUSE-LOW-1" in m for m in under_default.mismatch)
    assert "--reading" in str(under_default)
    # the reverse: a game under the built-in rules where the house rule mattered
    for seed in range(20):
        _, plain = simulate(default_reading("take5").engine, 3, Take5Variant(), games=1, seed=seed)
        result = validate_record(plain, fewest)
        if result.index is not None:
            break
    assert result.rule_ids == ("HOUSE-LOW-1",) and not result.ok
    assert validate_record(plain).ok


def test_record_reading_field_is_checked() -> None:
    base = GameRecord("take5", 2, {}, (), reading={"title": "t", "rules": [], "engine": "", "plugin_sha256": "xyz"})
    with pytest.raises(RecordError, match=r"\$\.reading\.plugin_sha256"):
        parse_record(base.dumps())
    bad = dataclasses.replace(base, reading={"title": "t", "path": "/etc/passwd"})
    with pytest.raises(RecordError, match=r"\$\.reading"):
        parse_record(bad.dumps())


def test_questions_under_a_reading_are_asked_or_say_why_not() -> None:
    publisher = reading_from_flags("bigfive", ["bonus=publisher"])
    found = {q.id: q for q in questions("bigfive")}
    text = found["BF-F-2"].ask(False, publisher)
    assert text.verdict == "not applicable" and "bonus='publisher'" in text.answer
    leftover = found["BF-F-6"].ask(False, publisher)
    assert leftover.verdict == "unsat" and leftover.expected == "unsat" and leftover.reading
    professional = reading_from_flags("take5", ["professional=true"])
    t5 = {q.id: q for q in questions("take5")}
    assert t5["T5-F-1"].ask(False, professional).verdict == "not applicable"
    assert t5["T5-F-4"].ask(False, professional).verdict == "sat"


def test_take5_questions_run_under_the_house_rule(fewest) -> None:  # type: ignore[no-untyped-def]
    t5 = {q.id: q for q in questions("take5")}
    proof = t5["T5-F-3"].ask(False, fewest)
    assert proof.verdict == "unsat" and proof.expected is None and "HOUSE-LOW-1" in proof.reading
    wf = t5["WF-T5-1"].ask(False, fewest)  # explored on the reading's engine (tests/checkers/test_wellformed_readings.py)
    assert wf.verdict == "unsat" and "HOUSE-LOW-1" in wf.answer and wf.expected is None


def test_a_witness_the_reading_forbids_is_not_confirmed(tmp_path: Path) -> None:
    """A rule forbidding every take makes T5-F-6's witness (a run of takes) illegal: the finding says so."""
    (tmp_path / "never.py").write_text(
        "from ruleproof.spec.core import Rule, RuleKind, Source\n"
        "from ruleproof.spec.take5 import Place\n"
        "RULES = (Rule('HOUSE-NO-6', 'No sixth card', 'A row never takes a sixth card.', Source('x', 'y'),\n"
        "              RuleKind.LEGALITY, lambda s: 'full' if len(s.before.rows[s.move.row]) == 5 else None,\n"
        "              lambda s: isinstance(s.move, Place)),)\n")
    (tmp_path / "never.toml").write_text('game = "take5"\ntitle = "never six"\nrules = "never.py"\n')
    reading = load_reading(tmp_path / "never.toml")
    finding = {q.id: q for q in questions("take5")}["T5-F-6"].ask(False, reading)
    assert finding.verdict == "unknown" and "HOUSE-NO-6" in finding.reason


def test_derived_bonus_game_passes_conformance_and_a_forgetful_one_fails() -> None:
    reading = load_reading(HOWTO / "bonus_per_line.toml")
    assert reading.derived is not None and "one bonus card" in reading.engine.spec.rule("BF-BONUS-1").text
    result = run_conformance(reading.engine, 2, reading.variant, games=1, seed=1)
    assert result.ok, [str(p) for p in result.problems[:3]]
    # the built-in engine under the derived spec: the first play whose two counts differ breaks BF-BONUS-1
    import random
    import sys

    from ruleproof.spec.bigfive import Play, board_map, compute_bonus

    per_line = sys.modules[type(reading.derived).__module__].per_line
    base = reading.base
    rng, state = random.Random(1), base.new_game(2, seed=1)
    while not base.is_terminal(state):
        move = base.random_move(state, rng)
        if isinstance(move, Play):
            board = board_map(state.board)
            if per_line(board, move.placed) != compute_bonus(state.variant, board, move):
                after = base.apply(state, move)
                report = reading.engine.spec.check_transition(state.variant, state, base.current_player(state),
                                                              move, after)
                assert report.rule_ids == ("BF-BONUS-1",)
                return
        state = base.apply_unchecked(state, move)
    raise AssertionError("no play in the sample game separates the two bonus counts")
