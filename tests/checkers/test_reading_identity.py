"""Reading identity, field by field and flag by flag (issue 32, point 8).

A record or certificate carries the reading it was made under: its flags and
its identity (:meth:`Reading.identity`: title, extra rule ids, derived engine,
plugin digest). :meth:`Reading.mismatch` and the views' :func:`reading_for_record`
must refuse it under any other reading. Here every field of the identity is
enumerated from ``identity()`` itself (so a field added later is tried too),
each changed to another value, emptied and left out, under readings with extra
rules, with a derived engine, with flags only and at the default; and every
flag of the game set to each of its other values. A check that lets one of them
through (a missing plugin digest, say) fails here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastpaths import literal_flag_values

from ruleproof.checkers.view.under import reading_for_record
from ruleproof.model.io.readings import Reading, default_reading, load_reading, reading_from_flags
from ruleproof.model.io.records import GameRecord
from ruleproof.spec.core import variant_to_dict
from ruleproof.spec.errors import RecordError

#: Two plugins written here (the tests do not read the docs' tutorial files): extra rules, a derived engine.
RULES_PLUGIN = '''
from ruleproof.spec.core import Rule, RuleKind, Source, Step
from ruleproof.spec.take5 import Take


def fewest_cards(step: Step) -> str | None:
    sizes = [len(row) for row in step.before.rows]
    return None if sizes[step.move.row] == min(sizes) else "a too-low card takes a row with the fewest cards"


RULES = (Rule("HOUSE-LOW-1", "Fewest cards", "A too-low card takes a row with the fewest cards.",
              Source("a club", "house rules"), RuleKind.LEGALITY, check=fewest_cards,
              applies=lambda step: isinstance(step.move, Take)),)
'''
ENGINE_PLUGIN = '''
from ruleproof.model.take5 import Take5Game


class HouseTake5(Take5Game):
    """The built-in engine under another name (a derived engine changes nothing here)."""


GAME = HouseTake5()
'''
#: The identity fields that only a plugin sets (a reading of flags has them empty).
PLUGIN_FIELDS = ("rules", "engine", "plugin_sha256")


def _reading_file(folder: Path, name: str, source: str) -> Path:
    (folder / f"{name}.py").write_text(source, encoding="utf-8")
    path = folder / f"{name}.toml"
    path.write_text(f'game = "take5"\ntitle = "{name}"\nrules = "{name}.py"\n', encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def readings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Reading]:
    folder = tmp_path_factory.mktemp("readings")
    return {
        "extra rules": load_reading(_reading_file(folder, "fewest", RULES_PLUGIN)),
        "derived engine": load_reading(_reading_file(folder, "house", ENGINE_PLUGIN)),
        "flags only": reading_from_flags("take5", ["row_capacity=4", "end_rule=>"]),
        "default": default_reading("cinco"),
    }


KINDS = ("extra rules", "derived engine", "flags only", "default")


def _other(value: Any) -> list[Any]:
    """Values of an identity field other than ``value``: changed, and emptied."""
    if isinstance(value, list):
        return [[*value, "HOUSE-X-9"], [] if value else ["HOUSE-X-9"], ["HOUSE-X-9"] if value else ["A-1", "B-2"]]
    text = str(value)
    return [text + "x", "" if text else "x", ("0" * 64) if text != "0" * 64 else ("1" * 64)]


def test_identity_has_the_fields_checked_here(readings: dict[str, Reading]) -> None:
    for reading in readings.values():
        assert set(reading.identity()) == {"title", *PLUGIN_FIELDS}
    assert readings["extra rules"].identity()["rules"] and len(readings["extra rules"].plugin_sha256) == 64
    assert readings["derived engine"].identity()["engine"] and len(readings["derived engine"].plugin_sha256) == 64


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_reading_matches(kind: str, readings: dict[str, Reading]) -> None:
    reading = readings[kind]
    assert reading.mismatch(variant_to_dict(reading.variant), reading.identity()) == []
    # no identity at all (a record of the built-in rules): the same reading exactly when there is no plugin
    assert (reading.mismatch(variant_to_dict(reading.variant), None) == []) == (not reading.has_plugin)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("field", PLUGIN_FIELDS)
def test_each_identity_field_changed_emptied_or_missing_is_refused(kind: str, field: str,
                                                                   readings: dict[str, Reading]) -> None:
    reading = readings[kind]
    flags = variant_to_dict(reading.variant)
    own = reading.identity()
    for value in _other(own[field]):
        theirs = {**own, field: value}
        assert reading.mismatch(flags, theirs), (kind, field, value)
    missing = {k: v for k, v in own.items() if k != field}
    assert bool(reading.mismatch(flags, missing)) == bool(own[field]), (kind, field)  # missing reads as empty
    if own[field]:
        assert reading.mismatch(flags, None), (kind, field)  # no identity at all: the built-in rules


@pytest.mark.parametrize("kind", KINDS)
def test_every_flag_at_every_other_value_is_refused(kind: str, readings: dict[str, Reading]) -> None:
    reading = readings[kind]
    flags = variant_to_dict(reading.variant)
    tried = 0
    default = type(reading.variant)()
    for flag, values in literal_flag_values(type(reading.variant)).items():
        for value in (getattr(default, flag), *values):  # every value of the flag but the reading's own
            if value == flags[flag]:
                continue
            problems = reading.mismatch({**flags, flag: value}, reading.identity())
            assert any(flag in p for p in problems), (kind, flag, value, problems)
            tried += 1
    assert tried >= 4


@pytest.mark.parametrize("field", PLUGIN_FIELDS)
def test_views_refuse_a_record_made_under_a_plugin_without_the_reading(field: str) -> None:
    """A record whose identity carries any one plugin field is not replayed under the built-in rules."""
    identity: dict[str, Any] = {"title": "house", "rules": [], "engine": "", "plugin_sha256": ""}
    identity[field] = ["HOUSE-X-9"] if field == "rules" else ("a" * 64 if field == "plugin_sha256" else "House")
    record = GameRecord("take5", 2, {}, (), reading=identity)
    with pytest.raises(RecordError, match="give the same reading file again"):
        reading_for_record(record)
    empty = GameRecord("take5", 2, {}, (), reading={"title": "house", "rules": [], "engine": "", "plugin_sha256": ""})
    assert reading_for_record(empty).variant == default_reading("take5").variant


@pytest.mark.parametrize("field", PLUGIN_FIELDS)
def test_views_refuse_a_record_whose_identity_lacks_a_field_of_the_reading(field: str,
                                                                          readings: dict[str, Reading]) -> None:
    for kind in ("extra rules", "derived engine"):
        reading = readings[kind]
        identity = reading.identity()
        if not identity[field]:
            continue
        del identity[field]
        record = GameRecord(reading.game, 2, variant_to_dict(reading.variant), (), reading=identity)
        with pytest.raises(RecordError, match="another reading"):
            reading_for_record(record, reading)
