"""The source view at sentence level: each paragraph with its quoted spans highlighted and linked.

:func:`source_entries` prepares, for every paragraph of a game's rulebook,
what the page shows beside it: the rules and ambiguities that quote it, the
English of each of their passages, and each sentence that nothing quotes
with the reason it needs no rule. The paragraph itself is drawn by the
``.. rp-paragraph:: GAME NUMBER`` directive (:class:`QuotedParagraphDirective`):
the Russian text verbatim, each stretch a passage quotes highlighted and
linked to the first rule quoting it (every id in its tooltip), so a reader
sees which sentence each rule rests on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .tests_source import test_ref
from .translations import with_english

#: The guillemets around the verbatim paragraph.
OPEN, CLOSE = "\u00ab", "\u00bb"


@functools.lru_cache(maxsize=8)
def _coverage(game: str) -> Any:
    from ruleproof.spec.sources import coverage

    return coverage(game)


def _short(text: str, words: int = 8) -> str:
    """The first ``words`` words of ``text`` (with … when cut)."""
    parts = text.split()
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")


def source_entries(ctx: Any) -> list[dict[str, Any]]:
    """One dict per paragraph of ``ctx``'s rulebook (see the module docstring)."""
    from ruleproof.spec.sources import normalise

    entries = []
    rulebook = [p for ps in ctx.passages.values() for p in ps if p.origin == "rulebook"]
    for entry in ctx.coverage.entries:
        par = entry.paragraph
        inside = [p for p in rulebook if p.start < par.end and par.start < p.end]
        texts: dict[str, list[str]] = {}
        for passage in sorted(inside, key=lambda p: (p.start, p.end)):
            ids = texts.setdefault(normalise(passage.text), [])
            if passage.item_id not in ids:
                ids.append(passage.item_id)
        english = [with_english(ctx.game, {"ids": ids, "starts": _short(text)}, text) for text, ids in texts.items()]
        unquoted = []
        for sentence in entry.sentences:
            why = sentence.justification
            if entry.encoded_by and sentence.status != "encoded":
                unquoted.append({"text": sentence.sentence.text, "status": sentence.status,
                                 "why": why.why.value if why else "", "reason": why.reason if why else "",
                                 "test": why.test if why else "", "test_ref": test_ref(why.test) if why and why.test
                                 else "", "duplicate_of": why.duplicate_of if why else 0})
        entries.append({"number": par.number, "english": english, "unquoted": unquoted,
                        "sentences": len(entry.sentences)})
    return entries


class QuotedParagraphDirective(SphinxDirective):
    """``.. rp-paragraph:: GAME NUMBER``: the paragraph verbatim, its quoted stretches highlighted and linked."""

    required_arguments = 2
    has_content = False
    option_spec: dict[str, Callable[[str], Any]] = {}

    def run(self) -> list[nodes.Node]:
        game, number = self.arguments[0], int(self.arguments[1])
        entry = _coverage(game).entries[number - 1]
        par = entry.paragraph
        text = par.text
        offset = par.start
        para = nodes.paragraph(classes=["rp-quoted-paragraph"])
        label = f"¶ {number}" + (" (heading)" if par.kind.value == "heading" else "") + ": " + OPEN
        para += nodes.Text(label)
        at = 0
        for start, end, ids in entry.marks:
            a, b = start - offset, end - offset
            if a > at:
                para += nodes.Text(text[at:a])
            para += self._mark(text[a:b], ids)
            at = b
        para += nodes.Text(text[at:] + CLOSE)
        return [para]

    def _mark(self, text: str, ids: tuple[str, ...]) -> nodes.Node:
        targets: dict[str, tuple[str, str]] = getattr(self.env, "ruleproof_targets", {})
        title = "quoted by " + ", ".join(ids)
        mark = nodes.inline(text, text, classes=["rp-quoted"])
        first = next((i for i in ids if "-AMB-" not in i), ids[0])  # a rule before an ambiguity
        target = targets.get(first)
        if target is None:
            mark["classes"].append("rp-unlinked")
            return mark
        if self.env.app.builder.format != "html":  # the PDF holds a print page only, with links of its own
            return mark
        docname = target[0]
        uri = self.env.app.builder.get_relative_uri(self.env.docname, docname) if docname != self.env.docname else ""
        ref = nodes.reference("", "", refuri=f"{uri}#{first}", reftitle=title, classes=["rp-quoted-link"])
        ref += mark
        return ref
