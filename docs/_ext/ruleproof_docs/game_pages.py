"""The pages of one game: overview, rules by section, ambiguities, findings, worked examples.

Each function prepares plain data from a :class:`~.context.GameContext` and
renders one template of ``docs/_templates/ruleproof``; it also notes in the
:class:`~.context.Index` on which page each rule, ambiguity and finding id is
published (for the ``:rule:`` role).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .context import GameContext, Index, spec_module_doc
from .disputes import interval, load_strength, measured, pct
from .measured import check_command
from .rst import compact_json, esc, lit, render
from .notes_page import note_links
from .tests_source import link_to_test
from .translations import english_of, with_english


def _test_item(test: Any) -> str:
    text = f"{lit(test.name)} ({link_to_test(test)})"
    if test.summary:
        text += f" — {esc(test.summary)}"
    if test.slow:
        text += " *(slow)*"
    return text


def _where(ctx: GameContext, passage: Any) -> str:
    """The short citation of a passage: file, section, and a link to its paragraph in the source view."""
    text = f"{lit(passage.file)} § «{esc(passage.section)}»"
    if passage.origin == "notes":
        links = note_links(ctx.game, passage.note)
        return f"{text}, {links}" if links else text
    number = ctx.paragraph_of(passage)
    if number is not None:
        text += f", :ref:`¶ {number} <src-{ctx.game}-{number}>`"
    return text


def percent(coverage: Any) -> str:
    """The coverage figure as a percentage (rounded down, so 99.6 % never reads 100 %)."""
    whole = int(coverage.figure * 1000) / 10
    return f"{whole:g} %"


def overview_page(ctx: GameContext, reference: dict[str, Any] | None = None) -> str:
    """The game's overview; ``reference``: its infobox and reference pages (:func:`.reference_pages.reference_parts`)."""
    spec = ctx.spec
    kinds = {k: sum(1 for r in spec.rules if r.kind.value == k) for k in ("legality", "effect", "outcome")}
    glance = []
    for rule in spec.rules:
        glance.append([
            f".. rp-anchor:: {rule.id}\n   :no-index:\n\n:rule:`{rule.id}`", esc(rule.title), rule.kind.value, str(len(ctx.covered.get(rule.id, []))),
            ", ".join(f":rule:`{a.id}`" for a in ctx.ambiguities_by_rule.get(rule.id, [])) or "—",
            ", ".join(f":rule:`{f.id}`" for f in ctx.findings_by_rule.get(rule.id, [])) or "—",
        ])
    from ruleproof.checkers.policies.greedy import HEURISTICS
    from ruleproof.checkers.policies.leaf import leaf_text
    from ruleproof.checkers.policies.search import default_settings
    from ruleproof.model.registry import game_for

    strength = [r for r in (load_strength() or {}).get("rows", []) if r["game"] == ctx.game]
    players = [f"{lit(r['policy'])} wins {pct(r['win_share'])} ({interval(r['ci'])}) of {r['games']} two-player games "
               f"against random play" for r in strength]
    return render("game.rst.jinja", game=ctx.game, spec=spec, intro=spec_module_doc(ctx.game), kinds=kinds,
                  heuristic=HEURISTICS.get(ctx.game, ""), strength="; ".join(players),
                  search={"leaf": leaf_text(ctx.game), "settings": default_settings(game_for(ctx.game))},
                  flagged=sum(1 for a in spec.ambiguities if a.flag), findings=ctx.findings,
                  finding_error=ctx.data.finding_errors.get(ctx.game, ""), examples=ctx.examples,
                  coverage=ctx.coverage, coverage_percent=percent(ctx.coverage),
                  sections=list(enumerate(ctx.sections, start=1)), glance=glance, parts=part_links(ctx),
                  reference=reference or {"infobox": "", "pages": []},
                  redirects=json.dumps({r.id: ctx.rules_doc(r.id).removeprefix("games/") + ".html#" + r.id
                                        for r in spec.rules}))


def rules_pages(ctx: GameContext, index: Index) -> dict[str, str]:
    from .rule_parts import part_docnames, section_parts

    pages = {}
    for number, (section, section_rules) in enumerate(ctx.sections, start=1):
        runs = section_parts(section_rules)
        docnames = part_docnames(ctx.game, number, len(runs))
        for part, (docname, rules) in enumerate(zip(docnames, runs), start=1):
            entries = []
            for rule in rules:
                index.targets[rule.id] = (docname, ctx.game)
                entries.append({
                    "id": rule.id, "title": rule.title, "rule": rule,
                    "passages": [with_english(ctx.game, {"text": p.text, "where": _where(ctx, p)}, p.text, p.origin)
                                 for p in ctx.passages.get(rule.id, ())],
                    "tests": [_test_item(t) for t in ctx.covered.get(rule.id, [])],
                    "examples": ctx.examples_by_rule.get(rule.id, []),
                    "ambiguities": ctx.ambiguities_by_rule.get(rule.id, []),
                    "findings": ctx.findings_by_rule.get(rule.id, []),
                    "properties": ctx.props_by_rule.get(rule.id, []),
                    "note_links": note_links(ctx.game, rule.source.note),
                })
            title = f"{ctx.spec.title}: «{section}»" + (f" ({part} of {len(runs)})" if len(runs) > 1 else "")
            pages[docname] = render("rules.rst.jinja", game=ctx.game, section=section, rules=entries, title=title,
                                    section_english=english_of(ctx.game, section) or {"english": "", "note": ""},
                                    part=part, parts=docnames)
    return pages


def _measured(ctx: GameContext, amb: Any, problems: list[str]) -> list[dict[str, Any]]:
    """The stored measurements of ``amb`` (:mod:`.disputes`); a stored command that does not parse is a problem."""
    entries = measured(ctx.game, amb.id)
    for entry in entries:
        problem = check_command(entry["command"])
        if problem:
            problems.append(f"{amb.id}: the measured command does not rebuild its readings: {problem}")
    return entries


#: At most this many ambiguities on one page (each measured reading has a histogram).
AMBIGUITIES_PER_PAGE = 4


def ambiguities_pages(ctx: GameContext, index: Index, problems: list[str]) -> dict[str, str]:
    """The ambiguities, a few to a page; the variant flags table on the first page."""
    pages = {}
    parts = part_pages(ctx.spec.ambiguities, AMBIGUITIES_PER_PAGE, "ambiguities")
    for number, (stem, run, label) in enumerate(parts, start=1):
        pages[f"games/{ctx.game}/{stem}"] = _ambiguities_page(ctx, index, problems, f"games/{ctx.game}/{stem}", run,
                                                              label, with_flags=number == 1)
    return pages


def _ambiguities_page(ctx: GameContext, index: Index, problems: list[str], docname: str, ambiguities: list[Any],
                      label: str, with_flags: bool) -> str:
    spec = ctx.spec
    entries = []
    for amb in ambiguities:
        index.targets[amb.id] = (docname, ctx.game)
        passages = ctx.passages.get(amb.id, ())
        affected = list(amb.rule_ids) + [r.id for r in spec.rules if amb.flag and amb.flag in r.flags
                                          and r.id not in amb.rule_ids]
        readings = [[lit(repr(r.value)), esc(r.description), "default" if r.value == amb.default else ""]
                    for r in amb.readings]
        entries.append(with_english(ctx.game, {
            "amb": amb, "where": _where(ctx, passages[0]) if passages else "", "affected": affected,
            "note_links": note_links(ctx.game, amb.source.note),
            "readings": readings, "measured": _measured(ctx, amb, problems)}, amb.quote))
    flags = []
    for flag in ctx.flags if with_flags else []:
        choices = ", ".join(lit(repr(c)) for c in flag["choices"]) or lit(flag["type"])
        flags.append([
            f".. _flag-{ctx.game}-{flag['name']}:\n\n{lit(flag['name'])}", lit(repr(flag["default"])), choices,
            flag["doc"] or "—", ", ".join(f":rule:`{a}`" for a in flag["ambiguities"]) or "—",
            ", ".join(f":rule:`{r}`" for r in flag["rules"]) or "—",
        ])
    title = f"{spec.title}: ambiguities" + (f" {label}" if label else "") + (" and variant flags" if with_flags else "")
    return render("ambiguities.rst.jinja", game=ctx.game, variant=spec.variant_type.__name__,
                  title=title, ambiguities=entries, flags=flags)


def replay_embed(ctx: GameContext, finding: Any) -> str:
    """The embedded replay of a finding's witness (an iframe opened on demand), or a note why there is none."""
    if finding.id in ctx.data.replays:
        return (f'<details class="rp-replay" data-rp-replay="{finding.id}"><summary>Step through the witness, '
                f'move by move</summary><iframe src="../../replays/{finding.id}.html" loading="lazy" '
                f'title="replay of the witness of {finding.id}"></iframe></details>')
    return ""


#: At most this many findings, and worked examples, on one page (their pictures are tall).
FINDINGS_PER_PAGE = 6
EXAMPLES_PER_PAGE = 4


def chunks(items: Sequence[Any], size: int) -> list[list[Any]]:
    """``items`` cut into runs of at most ``size`` (one empty run for no items).

    >>> chunks([1, 2, 3], 2), chunks([], 2)
    ([[1, 2], [3]], [[]])
    """
    return [list(items[i:i + size]) for i in range(0, len(items), size)] or [[]]


def part_pages(items: Sequence[Any], size: int, stem: str) -> list[tuple[str, list[Any], str]]:
    """(docname suffix, items, range label) of each page of a long part."""
    runs = chunks(items, size)
    if len(runs) == 1:
        return [(stem, runs[0], "")]
    return [(f"{stem}-{n}", run, f"{run[0].id if hasattr(run[0], 'id') else run[0].name} … "
             f"{run[-1].id if hasattr(run[-1], 'id') else run[-1].name}") for n, run in enumerate(runs, start=1)]


def findings_pages(ctx: GameContext, index: Index) -> dict[str, str]:
    pages = {}
    parts = part_pages(ctx.findings, FINDINGS_PER_PAGE, "findings")
    for number, (stem, run, label) in enumerate(parts, start=1):
        docname = f"games/{ctx.game}/{stem}"
        entries = []
        for finding in run:
            index.targets[finding.id] = (docname, ctx.game)
            text, language = "", "json"
            if finding.witness is not None:
                text = compact_json(finding.witness)
                if len(text) > 4000:
                    text, language = text[:4000] + "\n… (truncated)", "text"
            entries.append({"finding": finding, "pictures": ctx.data.finding_pictures.get(finding.id, []),
                            "witness_json": text, "language": language, "replay": replay_embed(ctx, finding),
                            "replay_note": ctx.data.replay_notes.get(finding.id, "")})
        title = f"{ctx.spec.title}: findings" + (f" {label}" if label else "")
        pages[docname] = render("findings.rst.jinja", game=ctx.game, title=title, findings=entries,
                                error=ctx.data.finding_errors.get(ctx.game, ""), source=ctx.data.findings_source,
                                sample=len(ctx.data.findings_sample),
                                properties=ctx.properties if number == len(parts) else ())
    return pages


def examples_pages(ctx: GameContext) -> dict[str, str]:
    pages = {}
    for stem, run, label in part_pages(ctx.examples, EXAMPLES_PER_PAGE, "examples"):
        entries = []
        for test in run:
            runs = []
            for example_run in ctx.data.examples.get(test.nodeid, []):
                case = f" — case {esc(example_run.params)}" if example_run.params else ""
                runs.append({"passed": example_run.passed, "params": example_run.params,
                             "pictures": [{"name": p.name, "caption": p.caption + case} for p in example_run.pictures]})
            cls = test.nodeid.split("::")[1:-1]
            entries.append({"test": test, "title": f"«{' / '.join(test.examples)}»: {test.name}",
                            "paragraphs": [p for p in test.doc.split("\n\n") if p.strip()] or ["(no docstring)"],
                            "runs": runs, "pyobject": ".".join([*cls, test.name])})
        title = f"{ctx.spec.title}: worked examples" + (f" {label}" if label else "")
        pages[f"games/{ctx.game}/{stem}"] = render("examples.rst.jinja", game=ctx.game, title=title,
                                                   examples=entries, has_renderer=ctx.has_renderer,
                                                   note=ctx.data.capture_note)
    return pages


def part_links(ctx: GameContext) -> dict[str, list[tuple[str, str]]]:
    """The pages of the long parts: ``ambiguities``, ``findings`` and ``examples`` → [(docname suffix, label)]."""
    return {"ambiguities": [(stem, label) for stem, _, label in
                            part_pages(ctx.spec.ambiguities, AMBIGUITIES_PER_PAGE, "ambiguities")],
            "findings": [(stem, label) for stem, _, label in part_pages(ctx.findings, FINDINGS_PER_PAGE, "findings")],
            "examples": [(stem, label) for stem, _, label in part_pages(ctx.examples, EXAMPLES_PER_PAGE, "examples")]}
