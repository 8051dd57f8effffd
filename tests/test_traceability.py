"""Every rule is traceable: a verbatim source heading, a restatement, a covering test; every ambiguity a flag."""

from __future__ import annotations

import ast
import dataclasses
import functools
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from ruleproof.spec.core import GameSpec, variant_choices
from ruleproof.spec.registry import specified_games, spec_for

TESTS = Path(__file__).resolve().parent
SPECS = {game: spec_for(game) for game in specified_games()}


#: ``.rule`` as the source may write the attribute of ``pytest.mark.rule``: after the dot, spaces, line breaks
#: or a backslash continuation (not a comment between the dot and the name, which no one writes).
_RULE_ATTRIBUTE = re.compile(r"\.[\s\\]*rule\b")


@functools.cache
def _marked_rule_ids() -> dict[str, set[str]]:
    """Rule ids named by ``@pytest.mark.rule(...)`` decorators, with the test files naming them.

    Parsed on first use, not at import: every xdist worker imports this module to collect it (issue 36.5). Only
    the files whose text has an attribute ``rule`` (:data:`_RULE_ATTRIBUTE`: a dot, then the name) are parsed:
    31 of 178, and the parses were most of this file's CPU."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in TESTS.rglob("test_*.py"):
        source = path.read_text(encoding="utf-8")
        if not _RULE_ATTRIBUTE.search(source):
            continue
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule":
                target = node.func.value
                if isinstance(target, ast.Attribute) and target.attr == "mark":
                    for arg in node.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            found[arg.value].add(path.name)
    return found



@pytest.mark.parametrize("game", sorted(SPECS))
def test_every_rule_has_a_covering_test(game: str) -> None:
    marked = _marked_rule_ids()
    uncovered = [r.id for r in SPECS[game].rules if r.id not in marked]
    assert not uncovered, f"rules without a @pytest.mark.rule test: {uncovered}"


def test_markers_name_only_known_rules() -> None:
    known = {r.id for spec in SPECS.values() for r in spec.rules}
    unknown = sorted(set(_marked_rule_ids()) - known)
    assert not unknown, f"tests mark unknown rule ids: {unknown}"


@pytest.mark.parametrize("game", sorted(SPECS))
def test_every_source_heading_appears_verbatim_in_its_rulebook(game: str, rulebooks: Path) -> None:
    spec: GameSpec[Any, Any, Any] = SPECS[game]
    text = (rulebooks / spec.rulebook).read_text(encoding="utf-8")
    sources = [(r.id, r.source) for r in spec.rules] + [(a.id, a.source) for a in spec.ambiguities]
    for item_id, source in sources:
        assert source.rulebook == spec.rulebook, f"{item_id} cites {source.rulebook}"
        assert source.section and source.section in text, f"{item_id}: heading {source.section!r} not in {spec.rulebook}"


@pytest.mark.parametrize("game", sorted(SPECS))
def test_rules_are_restated_with_titles(game: str) -> None:
    for rule in SPECS[game].rules:
        assert rule.title and len(rule.text) > 20, rule.id
        assert rule.text.isascii() or not any("а" <= ch <= "я" for ch in rule.text.lower()), \
            f"{rule.id}: restatements are in English, in our own words"


@pytest.mark.parametrize("game", sorted(SPECS))
def test_every_flagged_ambiguity_offers_each_reading(game: str) -> None:
    spec = SPECS[game]
    fields = {f.name: f for f in dataclasses.fields(spec.variant_type)}
    defaults = spec.variant_type()
    for amb in spec.ambiguities:
        if not amb.flag:
            assert len(amb.readings) >= 1, amb.id
            continue
        assert len(amb.readings) >= 2, f"{amb.id} has a flag but one reading"
        assert amb.flag in fields, amb.id
        choices = variant_choices(spec.variant_type, amb.flag)
        for reading in amb.readings:
            if choices:
                assert reading.value in choices, f"{amb.id}: reading {reading.value!r} is not a value of {amb.flag}"
        assert getattr(defaults, amb.flag) == amb.default, f"{amb.id}: default differs from the variant's"
