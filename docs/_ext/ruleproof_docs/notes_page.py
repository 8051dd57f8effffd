"""``RULES-NOTES.md`` published: the publishers' facts that rules cite, each row with the rules citing it.

The notes ship with the package (:mod:`ruleproof.checkers.analysis.notes`).
The page gives each game's section: its introduction (anchor
``note-GAME-intro``) and its table, one anchor per row (``note-GAME-N``),
and under each row the rules and ambiguities whose source note cites it.
:func:`note_links` turns a rule's source note into links to those rows, so
every citation of the notes on a rule page lands on the row it cites.

>>> note_links("take5", "RULES-NOTES.md §Take 5 rows 1–2")
':ref:`row 1 <note-take5-1>`, :ref:`row 2 <note-take5-2>`'
>>> note_links("take5", "a project decision")
''
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .rst import esc, render

#: The notes file name as rules cite it.
NOTES_FILE = "RULES-NOTES.md"


def note_links(game: str, note: str) -> str:
    """Links to the rows (or the introduction) of the notes that ``note`` cites, or ``""``."""
    from ruleproof.checkers.analysis.notes import named_rows

    if NOTES_FILE not in note:
        return ""
    rows = named_rows(note)
    if not rows:
        return f":ref:`the {game} introduction <note-{game}-intro>`"
    return ", ".join(f":ref:`row {n} <note-{game}-{n}>`" for n in rows)


def _markdown(text: str) -> str:
    """The notes' inline Markdown (``code``, **bold**) as reST, everything else escaped."""
    out = []
    for part in re.split(r"(`[^`]+`|\*\*[^*]+\*\*)", text):
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(f"``{part[1:-1]}``")
        elif part.startswith("**") and part.endswith("**"):
            out.append(f"**{esc(part[2:-2])}**")
        elif part.strip():
            lead = " " if part[0].isspace() else ""
            trail = " " if part[-1].isspace() else ""
            out.append(lead + esc(part) + trail)
        elif part:
            out.append(" ")
    return "".join(out).strip()


def notes_page(contexts: Sequence[Any]) -> str:
    """The reST of ``games/rules-notes``."""
    from ruleproof.checkers.analysis.notes import named_rows, notes_text

    text = notes_text()
    head, _, _ = text.partition("\n## ")
    preamble = [p for p in head.split("\n\n")[1:] if p.strip()]
    games = []
    for ctx in contexts:
        rulebook = ctx.spec.rulebook
        marker = f"`{rulebook.split('_')[0]}_…`"
        match = re.search(r"(?m)^## (.*" + re.escape(marker) + r".*)$", text)
        if match is None:
            continue
        nxt = text.find("\n## ", match.end())
        body = text[match.end():nxt if nxt >= 0 else len(text)]
        citing: dict[int | str, list[str]] = {}
        for item in [*ctx.spec.rules, *ctx.spec.ambiguities]:
            if NOTES_FILE in item.source.note:
                for row in named_rows(item.source.note) or ("intro",):
                    citing.setdefault(row, []).append(item.id)
        intro_lines, rows, after = [], [], []
        for line in body.strip().splitlines():
            cells = re.match(r"^\| (\d+) \|(.*)\|\s*$", line)
            if cells:
                parts = [c.strip() for c in cells.group(2).split(" | ")] + ["", "", ""]
                number = int(cells.group(1))
                rows.append({"number": number, "point": _markdown(parts[0]), "default": _markdown(parts[1]),
                             "flag": _markdown(" | ".join(p for p in parts[2:] if p)), "cited": citing.get(number, [])})
            elif line.startswith("|"):
                continue
            elif rows:
                after.append(line)
            else:
                intro_lines.append(line)
        games.append({"game": ctx.game, "title": match.group(1).strip(), "heading": esc(match.group(1).strip()),
                      "intro": [_markdown(" ".join(p.split())) for p in "\n".join(intro_lines).split("\n\n") if p.strip()],
                      "after": [_markdown(" ".join(p.split())) for p in "\n".join(after).split("\n\n") if p.strip()],
                      "rows": rows, "intro_cited": citing.get("intro", [])})
    return render("notes.rst.jinja", games=games,
                  preamble=[_markdown(" ".join(p.split())) for p in preamble])
