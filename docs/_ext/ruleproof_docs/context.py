"""Everything known about one game, collected for its pages (:class:`GameContext`).

The pages of a game (overview, rules by section, ambiguities, findings,
worked examples, source view) all read from one :class:`GameContext`: the
specification, the tests that cover each rule, the findings and properties
that name it, the ambiguities that change it, the rulebook passage of every
rule and ambiguity (:mod:`ruleproof.spec.sources`) and the paragraph coverage.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ruleproof.spec.registry import MissingPartError, load_part

from .gather import SiteData


@dataclass
class Index:
    """Where each rule, ambiguity and finding id is published: id → (docname, game)."""

    targets: dict[str, tuple[str, str]] = field(default_factory=dict)


def docstring_intro(doc: str | None) -> str:
    """The prose of a module docstring before its first example (reST as written)."""
    if not doc:
        return ""
    kept: list[str] = []
    for line in inspect.cleandoc(doc).splitlines():
        if line.lstrip().startswith(">>>"):
            break
        kept.append(line)
    return "\n".join(kept).strip()


def _param_docs(cls: type) -> dict[str, str]:
    doc = inspect.cleandoc(cls.__doc__ or "")
    found: dict[str, str] = {}
    for match in re.finditer(r":param (\w+):(.*?)(?=\n\s*:param |\n\s*\n|\Z)", doc, re.S):
        found[match.group(1)] = " ".join(match.group(2).split())
    return found


def flag_info(spec: Any) -> list[dict[str, Any]]:
    """Each variant flag: name, default, choices, type, meaning, rules and ambiguities."""
    from ruleproof.spec.core import variant_choices, variant_to_dict

    params = _param_docs(spec.variant_type)
    hints = typing.get_type_hints(spec.variant_type)
    defaults = variant_to_dict(spec.variant_type())
    out = []
    for f in dataclasses.fields(spec.variant_type):
        name = f.name
        rules = [r.id for r in spec.rules if name in r.flags]
        ambiguities = [a for a in spec.ambiguities if a.flag == name]
        for a in ambiguities:
            rules += [r for r in a.rule_ids if r not in rules]
        hint = hints.get(name)
        out.append({
            "name": name, "default": defaults[name], "choices": variant_choices(spec.variant_type, name),
            "type": getattr(hint, "__name__", None) or str(hint).replace("typing.", ""),
            "doc": params.get(name, ""), "rules": rules, "ambiguities": [a.id for a in ambiguities],
        })
    return out


@dataclass
class GameContext:
    """One game's data for its pages."""

    game: str
    spec: Any
    data: SiteData
    tests: Sequence[Any]
    covered: dict[str, list[Any]]
    findings: list[Any]
    findings_by_rule: dict[str, list[Any]]
    properties: Sequence[Any]
    props_by_rule: dict[str, list[Any]]
    examples: list[Any]
    examples_by_rule: dict[str, list[Any]]
    ambiguities_by_rule: dict[str, list[Any]]
    flags: list[dict[str, Any]]
    has_renderer: bool
    #: id → its passages (main first), from :func:`ruleproof.spec.sources.passages_for`.
    passages: dict[str, tuple[Any, ...]]
    #: The paragraph coverage (:func:`ruleproof.spec.sources.coverage`).
    coverage: Any
    #: Problems with the passage data (a missing or misplaced passage).
    passage_problems: list[str]
    #: Section heading → its rules, in rulebook order (sections without rules left out).
    sections: list[tuple[str, list[Any]]]

    def paragraph_of(self, passage: Any) -> int | None:
        """The number of the rulebook paragraph a passage starts in (``None`` for a notes passage)."""
        if passage.origin != "rulebook":
            return None
        for entry in self.coverage.entries:
            par = entry.paragraph
            if par.start <= passage.start < par.end + 1:
                return int(par.number)
        return None

    def rules_doc(self, rule_id: str) -> str:
        """The docname of the rules page that shows ``rule_id`` (a long section is on several pages)."""
        from .rule_parts import rules_docname

        return rules_docname(self.game, self.sections, rule_id)


def game_context(game: str, data: SiteData, tests: Sequence[Any]) -> GameContext:
    """Collect :class:`GameContext` for ``game``."""
    from ruleproof.checkers.analysis.traceability import covering_tests, worked_examples
    from ruleproof.checkers.checks.invariants import PROPERTIES
    from ruleproof.spec import sources
    from ruleproof.spec.registry import spec_for

    spec = spec_for(game)
    findings = data.findings.get(game, [])
    by_rule: dict[str, list[Any]] = {}
    for finding in findings:
        for rule_id in finding.rule_ids:
            by_rule.setdefault(rule_id, []).append(finding)
    properties = PROPERTIES.get(game, ())
    props: dict[str, list[Any]] = {}
    for prop in properties:
        for rule_id in prop.rule_ids:
            props.setdefault(rule_id, []).append(prop)
    examples = worked_examples(tests, game, [r.id for r in spec.rules])
    examples_by_rule: dict[str, list[Any]] = {}
    for test in examples:
        for rule_id in test.rule_ids:
            examples_by_rule.setdefault(rule_id, []).append(test)
    ambiguities: dict[str, list[Any]] = {}
    for amb in spec.ambiguities:
        affected = set(amb.rule_ids) | {r.id for r in spec.rules if amb.flag and amb.flag in r.flags}
        for rule_id in affected:
            ambiguities.setdefault(rule_id, []).append(amb)
    try:
        has_renderer = hasattr(load_part(game, "renderer"), "render_svg")
    except MissingPartError:
        has_renderer = False
    passages: dict[str, tuple[Any, ...]] = {}
    problems: list[str] = []
    for item in sources.items(game):
        try:
            passages[item.id] = sources.passages_for(game, item.id)
        except (sources.MissingPassageError, sources.PassageNotFoundError) as exc:
            problems.append(str(exc))
    book = sources.source_book(game)
    grouped: dict[str, list[Any]] = {h: [] for h in book.headings}
    for rule in spec.rules:
        grouped.setdefault(rule.source.section, []).append(rule)
    sections = [(heading, rules) for heading, rules in grouped.items() if rules]
    return GameContext(
        game=game, spec=spec, data=data, tests=tests, covered=covering_tests(tests), findings=findings,
        findings_by_rule=by_rule, properties=properties, props_by_rule=props, examples=examples,
        examples_by_rule=examples_by_rule, ambiguities_by_rule=ambiguities, flags=flag_info(spec),
        has_renderer=has_renderer, passages=passages, coverage=sources.coverage(game),
        passage_problems=problems, sections=sections)


def spec_module_doc(game: str) -> str:
    """The introduction of ``ruleproof.spec.<game>``'s docstring."""
    return docstring_intro(importlib.import_module(f"ruleproof.spec.{game}").__doc__)
