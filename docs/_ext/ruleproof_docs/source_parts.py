"""The source view of a long rulebook in parts: whole sections, a part no longer than a reader scrolls through.

Each paragraph now carries its English beside it, so the source view of a
long rulebook (Big Five: 116 sentences) outgrows one page. A game whose
rulebook has more than :data:`SENTENCES_PER_PAGE` sentences gets as many
parts as that takes, its sections dealt out in order so the parts hold about
the same number of sentences; a section is never cut. The first part keeps
the docname ``games/<game>/source`` (every link to the source view lands on
it) and lists the others; the paragraph anchors (``src-GAME-N``) are labels,
so a link to a paragraph finds it in whichever part holds it.

>>> split_sections([10, 30, 25, 40, 11], 60)
[[0, 1, 2], [3, 4]]
>>> split_sections([10, 20], 60)
[[0, 1]]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

#: The most sentences one page of the source view holds (about 10,000 px at 1280 px wide).
SENTENCES_PER_PAGE = 80


def split_sections(sizes: Sequence[int], budget: int) -> list[list[int]]:
    """Indices of ``sizes`` dealt in order into ``ceil(sum / budget)`` runs of about equal sum."""
    total = sum(sizes)
    count = max(1, math.ceil(total / budget))
    target = total / count
    runs: list[list[int]] = [[]]
    filled = 0
    for index, size in enumerate(sizes):
        # start a new run when this section would carry the run past its share (the last run takes the rest)
        if runs[-1] and len(runs) < count and filled + size / 2 > target * len(runs):
            runs.append([])
        runs[-1].append(index)
        filled += size
    return runs


def source_pages(ctx: Any) -> dict[str, str]:
    """Docname → reST of each part of ``ctx``'s source view."""
    from .site_pages import source_page, source_sections

    sections = source_sections(ctx)
    sizes = [sum(extra["sentences"] for extra in section["entries"]) for section in sections]
    runs = split_sections(sizes, SENTENCES_PER_PAGE)
    base = f"games/{ctx.game}/source"
    docnames = [base] + [f"{base}-{n}" for n in range(2, len(runs) + 1)]
    return {docname: source_page(ctx, [sections[i] for i in run], (number, docnames))
            for number, (docname, run) in enumerate(zip(docnames, runs), start=1)}
