"""A long rulebook section's rules on more than one page.

Each rule shows its passage with our English under it, so a section with
many rules (Ikebana's «Как играть.», 16 rules) outgrows one page. A section
with more than :data:`RULES_PER_PAGE` rules is cut, in order, into as few
parts of about equal size as keep each within it. The first part keeps the
section's docname ``games/<game>/rules-N`` (the overview and every link to
the section land on it) and lists the others (``rules-N-2``, …) in a hidden
toctree; :func:`rules_docname` finds the part that shows a rule.

>>> [len(run) for run in section_parts(list(range(16)))]
[8, 8]
>>> [len(run) for run in section_parts(list(range(12)))]
[12]
>>> part_docnames("ikebana", 3, 2)
['games/ikebana/rules-3', 'games/ikebana/rules-3-2']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

#: The most rules one section page shows (about 10,000 px at 1280 px wide with their passages and translations).
RULES_PER_PAGE = 13


def section_parts(rules: Sequence[T]) -> list[list[T]]:
    """``rules`` cut in order into ``ceil(len / RULES_PER_PAGE)`` runs of about equal length."""
    count = max(1, math.ceil(len(rules) / RULES_PER_PAGE))
    bounds = [round(i * len(rules) / count) for i in range(count + 1)]
    return [list(rules[a:b]) for a, b in zip(bounds, bounds[1:])]


def part_docnames(game: str, number: int, count: int) -> list[str]:
    """The docnames of the ``count`` parts of section ``number``."""
    base = f"games/{game}/rules-{number}"
    return [base] + [f"{base}-{n}" for n in range(2, count + 1)]


def rules_docname(game: str, sections: Sequence[tuple[str, Sequence[Any]]], rule_id: str) -> str:
    """The docname of the page that shows ``rule_id`` (the first section's page when no section has it)."""
    for number, (_, rules) in enumerate(sections, start=1):
        runs = section_parts(rules)
        for docname, run in zip(part_docnames(game, number, len(runs)), runs):
            if any(r.id == rule_id for r in run):
                return docname
    return f"games/{game}/rules-1"
