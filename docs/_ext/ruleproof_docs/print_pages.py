"""The printable annotated rulebook of a game: one page (``games/GAME/print``) and, with rinohtype, one PDF.

The page gathers what a game's site spreads over fifteen to twenty pages, in
the rulebook's order: the infobox, then section by section every rule with
the rulebook's words beside our restatement, its kind, flags, ambiguities,
findings and how many tests fail when it is broken; then the ambiguities with
their readings, the findings with their answers and a picture of each witness.
Ids link within the page (labels ``print-GAME-ID``), so the PDF built from it
(``sphinx-build -b rinoh``, see ``conf.py``'s ``rinoh_documents``) is
complete on its own; the interactive parts of the site (replays, the source
code, the try-it board) are left out, and ``.. raw:: html`` never reaches a PDF.

>>> print_label("take5", "T5-PLACE-2")
'print-take5-t5-place-2'
>>> print_ref("take5", "T5-PLACE-2", {"T5-PLACE-2"}), print_ref("take5", "X-1", set())
(':ref:`T5-PLACE-2 <print-take5-t5-place-2>`', '``X-1``')
>>> pdf_name("take5")
'ruleproof-take5.pdf'
"""

from __future__ import annotations

from typing import Any

from . import verdicts
from .context import GameContext
from .rst import esc, render
from .wording import agree, counted, witness_caption


def print_label(game: str, ident: str) -> str:
    """The label of an id's entry on the print page."""
    return f"print-{game}-{ident.lower()}"


def print_ref(game: str, ident: str, shown: set[str]) -> str:
    """A link to ``ident``'s entry on the print page (a literal when the page does not show it)."""
    return f":ref:`{ident} <{print_label(game, ident)}>`" if ident in shown else f"``{ident}``"


def pdf_name(game: str) -> str:
    """The file name of a game's PDF (``rinoh_documents`` in ``conf.py`` uses the same)."""
    return f"ruleproof-{game}.pdf"


def print_page(ctx: GameContext, infobox: str, pdf_download: str = "") -> str:
    """The reST of ``games/GAME/print``; ``pdf_download``: the built PDF to offer for download (a docs path)."""
    spec = ctx.spec
    shown = {r.id for r in spec.rules} | {a.id for a in spec.ambiguities} | {f.id for f in ctx.findings}

    def ref(ident: str) -> str:
        return print_ref(ctx.game, ident, shown)

    def where(passage: Any) -> str:
        number = ctx.paragraph_of(passage)
        return f"``{passage.file}`` § «{esc(passage.section)}»" + (f", ¶ {number}" if number is not None else "")

    sections = []
    for section, rules in ctx.sections:
        entries = []
        for rule in rules:
            tests = len(ctx.covered.get(rule.id, []))
            facts = [f"*{rule.kind.value}*"]
            if rule.flags:
                facts.append("flags " + ", ".join(f"``{f}``" for f in rule.flags))
            if ctx.ambiguities_by_rule.get(rule.id):
                facts.append("ambiguities " + ", ".join(ref(a.id) for a in ctx.ambiguities_by_rule[rule.id]))
            if ctx.findings_by_rule.get(rule.id):
                facts.append("findings " + ", ".join(f"{ref(f.id)} ({f.verdict})" for f in ctx.findings_by_rule[rule.id]))
            facts.append(f"{counted(tests, 'test')} that {agree(tests, 'fails', 'fail')} when it is broken")
            entries.append({
                "label": print_label(ctx.game, rule.id), "title": f"{rule.id} · {rule.title}",
                "passages": [{"text": esc(p.text), "where": where(p),
                              "translation": esc(getattr(p, "translation", "") or "")}
                             for p in ctx.passages.get(rule.id, ())],
                "text": esc(rule.text), "facts": "; ".join(facts),
            })
        sections.append({"title": f"«{section}»", "rules": entries})

    ambiguities = []
    for amb in spec.ambiguities:
        readings = [[f"``{r.value!r}``", esc(r.description), "default" if r.value == amb.default else ""]
                    for r in amb.readings]
        ambiguities.append({
            "label": print_label(ctx.game, amb.id), "title": f"{amb.id} · {amb.question}",
            "quote": esc(amb.quote) if amb.quote else "",
            "flag": f"``{amb.flag}`` (default ``{amb.default!r}``)" if amb.flag else
                    f"none: the project fixes one reading (``{amb.default!r}``)",
            "rules": ", ".join(ref(r) for r in amb.rule_ids), "readings": readings,
        })

    findings = []
    for finding in ctx.findings:
        pictures = ctx.data.finding_pictures.get(finding.id, [])[:1]
        findings.append({
            "label": print_label(ctx.game, finding.id), "title": f"{finding.id} · {finding.question}",
            "verdict": finding.verdict, "meaning": verdicts.meaning(finding.verdict),
            "answer": esc(finding.answer), "rules": ", ".join(ref(r) for r in finding.rule_ids),
            "pictures": [{"name": p.name, "caption": witness_caption(finding.id, p.caption)} for p in pictures],
        })
    return render("print.rst.jinja", game=ctx.game, title=f"{spec.title}: the annotated rulebook",
                  rulebook=spec.rulebook, infobox=infobox, sections=sections, ambiguities=ambiguities,
                  findings=findings, pdf=pdf_name(ctx.game), pdf_download=pdf_download, verdicts=list(verdicts.MEANINGS.items()),
                  coverage=ctx.coverage, rules=len(spec.rules))
