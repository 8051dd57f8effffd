"""Pages across games and per rulebook text: the source view, the games index, all findings, the schemas."""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from typing import Any

from .context import GameContext, Index
from .game_pages import percent
from .gather import SiteData
from . import verdicts
from .rst import esc, lit, render

#: Verdict → CSS class of its badge.
_CSS = {"sat": "sat", "unsat": "unsat", "unknown": "unknown", "not applicable": "notapplicable"}


def source_sections(ctx: GameContext) -> list[dict[str, Any]]:
    """The rulebook's sections, each with its paragraphs and what encodes each one (or why nothing needs to)."""
    from ruleproof.spec.sources import normalise

    from .coverage_view import source_entries
    from .tests_source import test_ref
    from .translations import english_of

    extra = {e["number"]: e for e in source_entries(ctx)}
    sections: list[dict[str, Any]] = [{"title": "", "english": "", "note": "", "entries": []}]
    for entry in ctx.coverage.entries:
        par = entry.paragraph
        if par.is_section_heading:
            found = english_of(ctx.game, par.text) or {"english": "", "note": ""}
            sections.append({"title": normalise(par.text), "entries": [], **found})
        findings = {f.id: f for rule_id in entry.encoded_by for f in ctx.findings_by_rule.get(rule_id, [])}
        why = entry.justification
        sections[-1]["entries"].append({
            "number": par.number, "heading": par.kind.value == "heading", "text": par.text, "status": entry.status,
            "encoded_by": entry.encoded_by, "findings": list(findings.values()),
            "why": why.why.value if why else "", "reason": why.reason if why else "",
            "test": why.test if why else "", "duplicate_of": why.duplicate_of if why else 0,
            "test_ref": test_ref(why.test) if why and why.test else "",
            **extra[par.number],
        })
    return [s for s in sections if s["entries"]]


def source_page(ctx: GameContext, sections: list[dict[str, Any]] | None = None,
                part: tuple[int, list[str]] = (1, [])) -> str:
    """The rulebook paragraph by paragraph (``sections``: a part of it; ``part``: its number and every part's docname)."""
    number, docnames = part
    title = f"{ctx.spec.title}: the rulebook, paragraph by paragraph"
    if len(docnames) > 1:
        title += f" ({number} of {len(docnames)})"
    return render("source.rst.jinja", game=ctx.game, title=title, rulebook=ctx.spec.rulebook, coverage=ctx.coverage,
                  percent=percent(ctx.coverage), sections=source_sections(ctx) if sections is None else sections,
                  part=number, parts=docnames)


def games_index(contexts: Sequence[GameContext]) -> str:
    rows = []
    for ctx in contexts:
        spec = ctx.spec
        tested = sum(1 for r in spec.rules if ctx.covered.get(r.id))
        rows.append([f":doc:`{esc(spec.title)} <{ctx.game}>`", lit(ctx.game), f"{spec.min_players}–{spec.max_players}",
                     str(len(spec.rules)), f"{tested}/{len(spec.rules)}", str(len(spec.ambiguities)),
                     str(len(ctx.findings)),
                     f":doc:`{percent(ctx.coverage)} <{ctx.game}/source>`"])
    return render("games_index.rst.jinja", rows=rows, games=[c.game for c in contexts])


def findings_overview(contexts: Sequence[GameContext], data: SiteData, index: Index) -> str:
    games = []
    for ctx in contexts:
        cards = []
        for finding in ctx.findings:
            answer = " ".join(str(finding.answer).split())
            first = answer.split(". ")[0]
            one_line = first if len(first) <= 160 else first[:157] + "…"
            if not one_line.endswith((".", "…", "?", "!")):
                one_line += "."
            cards.append({"id": finding.id, "verdict": finding.verdict, "css": _CSS.get(finding.verdict, "unknown"),
                          "question": finding.question, "answer": one_line,
                          "href": f"{index.targets[finding.id][0].removeprefix('games/')}.html#{finding.id}",
                          "thumbnail": data.thumbnails.get(finding.id, ""),
                          "alt": f"{finding.id}: {finding.verdict}"})
        games.append({"title": ctx.spec.title, "findings": cards})
    return render("findings_overview.rst.jinja", games=games, source=data.findings_source, sample=len(data.findings_sample),
                  verdicts=list(verdicts.MEANINGS.items()), anchor=verdicts.DEFINITIONS_ANCHOR)


def _schema_rows(schema: dict[str, Any], prefix: str = "") -> list[list[str]]:
    required = set(schema.get("required", []))
    rows = []
    for key, prop in schema.get("properties", {}).items():
        name = prefix + key
        kind = prop.get("type") or ("const " + json.dumps(prop["const"]) if "const" in prop else
                                    "enum" if "enum" in prop else "")
        if isinstance(kind, list):
            kind = " | ".join(kind)
        desc = prop.get("description", "")
        if "enum" in prop:
            desc = (desc + " One of: " + ", ".join(map(str, prop["enum"]))).strip()
        rows.append([lit(name), lit(kind) if kind else "", "yes" if key in required else "", esc(desc)])
        if isinstance(prop.get("properties"), dict):
            rows += _schema_rows(prop, f"{name}.")
        items = prop.get("items")
        if isinstance(items, dict) and isinstance(items.get("properties"), dict):
            rows += _schema_rows(items, f"{name}[].")
    return rows


def schemas_page(files: dict[str, str]) -> str:
    """The schemas page; the schema files to publish are added to ``files``."""
    from ruleproof.model.io.records import RECORD_SCHEMA

    schemas: list[tuple[str, str, dict[str, Any], str]] = [
        ("Game record", "record", RECORD_SCHEMA, ":data:`ruleproof.model.io.records.RECORD_SCHEMA`")]
    try:
        proofs = importlib.import_module("ruleproof.checkers.proofs.core")
    except ImportError:
        proofs = None
    certificate = proofs is not None and hasattr(proofs, "CERTIFICATE_SCHEMA")
    if certificate:
        schemas.append(("Legality certificate", "certificate", dict(proofs.CERTIFICATE_SCHEMA),
                        ":data:`ruleproof.checkers.proofs.core.CERTIFICATE_SCHEMA`"))
    out = []
    for title, kind, schema, ref in schemas:
        text = json.dumps(schema, indent=2, ensure_ascii=False)
        files[f"schemas/{kind}.schema.json"] = text + "\n"
        out.append({"title": title, "kind": kind, "ref": ref, "description": schema.get("description", ""),
                    "rows": _schema_rows(schema), "json": text})
    return render("schemas.rst.jinja", schemas=out, certificate=certificate)


def cli_pages() -> dict[str, str]:
    """One page per ``ruleproof`` subcommand (the argparse directive documents it from the parser)."""
    import argparse

    from ruleproof.checkers.cli.main import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {f"reference/cli/{c.dest}": render("cli_command.rst.jinja", name=c.dest, help=c.help or "")
            for c in sub._choices_actions}
