"""The publisher notes that rules cite, shipped with the package.

Rules whose substance comes from the publishers' rules rather than from the
Russian text name ``RULES-NOTES.md`` in their :attr:`~ruleproof.spec.core.Source.note`
(``RULES-NOTES.md §Take 5 rows 1–2``). That file lies beside the rulebooks
in a checkout, which a ``pip install`` does not have; a verbatim copy ships
as package data (:data:`NOTES_PATH`, ``checkers/data/rules-notes.md``), so
``ruleproof rules`` can print what a rule cites from anywhere.
``tests/checkers/test_rules_text.py`` compares the copy with the checkout's
file whenever that is present.

A game's part of the notes is its ``## `` section, found by the file-name
prefix of its rulebook (``002_…``) as :mod:`ruleproof.spec.sources` finds it;
a note that names table rows (``row 4``, ``rows 1–3``) cites those rows,
otherwise the section's text before its table.

>>> note = cited_note("RULES-NOTES.md §Take 5 rows 1–2", "002_14cf867976a02cf7.txt")
>>> note.section
'Take 5 / 6 nimmt! (`002_…`)'
>>> [(row.number, row.default) for row in note.rows]
[(1, '66 or more'), (2, 'end of round')]
>>> cited_note("a project decision", "002_14cf867976a02cf7.txt") is None
True
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources

#: The name rules use for the notes file in their source notes.
NOTES_FILE = "RULES-NOTES.md"
#: The shipped copy, relative to the ``ruleproof.checkers`` package.
NOTES_PATH = "data/rules-notes.md"


@dataclass(frozen=True)
class NoteRow:
    """One row of a game's table in the notes: the point, the default, the flag that changes it."""

    number: int
    point: str
    default: str
    flag: str

    def __str__(self) -> str:
        flag = "" if not self.flag or self.flag == "—" else f"; {self.flag}" if self.flag.startswith("flag") \
            else f"; flag: {self.flag}"
        return f"row {self.number}: {self.point}. Default: {self.default}{flag}"


@dataclass(frozen=True)
class PublisherNote:
    """What a rule's source note cites: the game's section of the notes and the rows it names.

    :param intro: the section's text before its table (cited when the note names no row).
    """

    section: str
    intro: str
    rows: tuple[NoteRow, ...]

    def __str__(self) -> str:
        if self.rows:
            return "\n".join(str(row) for row in self.rows)
        return self.intro


@functools.cache
def notes_text() -> str:
    """The shipped copy of ``RULES-NOTES.md``."""
    return resources.files("ruleproof.checkers").joinpath(NOTES_PATH).read_text("utf-8")


def _section(text: str, rulebook: str) -> tuple[str, str] | None:
    """The heading and body of the game's ``## `` section (its heading names the rulebook's prefix)."""
    marker = f"`{rulebook.split('_')[0]}_…`"
    headings = list(re.finditer(r"(?m)^## (.*)$", text))
    for index, match in enumerate(headings):
        if marker in match.group(1):
            end = headings[index + 1].start() if index + 1 < len(headings) else len(text)
            return match.group(1).strip(), text[match.end():end]
    return None


def named_rows(note: str) -> tuple[int, ...]:
    """The table rows a note names: ``row 5``, ``rows 1–3``, ``rows 4-5``.

    >>> named_rows("RULES-NOTES.md §BigPoints rows 1–3"), named_rows("§Big Five row 5: ties shared")
    ((1, 2, 3), (5,))
    """
    rows: set[int] = set()
    for match in re.finditer(r"rows? (\d+)(?:\s*[–-]\s*(\d+))?", note):
        low = int(match.group(1))
        rows.update(range(low, int(match.group(2) or low) + 1))
    return tuple(sorted(rows))


def _table_rows(body: str) -> dict[int, NoteRow]:
    rows = {}
    for match in re.finditer(r"(?m)^\| (\d+) \|(.*)\|\s*$", body):
        cells = [c.strip() for c in match.group(2).split(" | ")]
        cells += [""] * (3 - len(cells))
        rows[int(match.group(1))] = NoteRow(int(match.group(1)), cells[0], cells[1], " | ".join(cells[2:]).strip())
    return rows


def cited_note(note: str, rulebook: str, text: str | None = None) -> PublisherNote | None:
    """What a source note cites from the notes; ``None`` when it cites nothing there.

    :param note: a rule's or ambiguity's :attr:`~ruleproof.spec.core.Source.note`.
    :param rulebook: its game's rulebook file name (``002_14cf867976a02cf7.txt``).
    :param text: the notes (default: the shipped copy).
    """
    if NOTES_FILE not in note:
        return None
    found = _section(notes_text() if text is None else text, rulebook)
    if found is None:
        return None
    heading, body = found
    intro = " ".join(body.split("\n|", 1)[0].split())
    table = _table_rows(body)
    rows = tuple(table[n] for n in named_rows(note) if n in table)
    return PublisherNote(heading, intro, rows)
