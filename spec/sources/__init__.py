"""The rulebook passage beside every rule, and how much of each rulebook is encoded.

Every rule and every ambiguity of a game's specification cites the exact
passage of its Russian rulebook that it encodes: a short verbatim quotation
(one or more sentences) that must be found inside the rule's section, the text
from the rule's section heading (:attr:`~ruleproof.spec.core.Source.section`)
to the next section heading. Rules whose substance comes from the publisher's
rules rather than from the text (their :attr:`~ruleproof.spec.core.Source.note`
names ``RULES-NOTES.md``) may instead quote that note: the passage then lies in
the game's part of ``RULES-NOTES.md`` (and in the table row the note names,
when it names rows).

The quotations live in one data module per game (``ruleproof.spec.sources.take5``
and so on); the rulebook texts themselves are never stored in the repository.
They are read from ``$RULEPROOF_RULEBOOKS`` or from ``../shared/rulebooks``
beside the checkout (:func:`rulebooks_dir`), with ``RULES-NOTES.md`` in the
folder above them.

**Comparison.** A quotation matches when it equals a stretch of the text after
*whitespace normalisation*: every run of whitespace (spaces, no-break spaces,
line breaks) counts as one space, and leading and trailing whitespace is
ignored. Nothing else is normalised: letters, case, punctuation, ``ё`` and
typographic quotes must be as in the file. An ambiguity's
:attr:`~ruleproof.spec.core.Ambiguity.quote` may elide with ``…``; its passage
is the quote without the elisions at its ends, and every part between
elisions must match in the section.

**Paragraphs.** A rulebook is cut into paragraphs: blocks of non-blank lines
separated by blank lines. Three of the texts (Big Five, BigPoints, Take 5) lost
their blank lines in extraction and break lines only between paragraphs, so a
text with no blank line at all is cut at every line instead. A paragraph that
is one of the game's listed headings is a :attr:`ParagraphKind.HEADING`; section
headings delimit sections, subheadings (``Примечания:``) do not.

**Coverage.** A text paragraph is *encoded* by every rule or ambiguity whose
passage overlaps it; a heading is encoded by the passages overlapping it or
the paragraphs under it up to the next heading of any level. Every other
paragraph needs a :class:`Justification` of one fixed :class:`Why`. The
coverage figure is (encoded + justified) / all paragraphs.

>>> text = "Правила\\n\\nКарта   кладется\\nвверх.\\n\\nУдачи!\\n"
>>> [(p.number, p.kind.value) for p in split_paragraphs(text, headings=("Правила",))]
[(1, 'heading'), (2, 'text'), (3, 'text')]
>>> find_span(text, "кладется вверх.")
(17, 32)
>>> book = SourceBook(game="demo", rulebook="demo.txt", headings=("Правила",),
...     passages={"D-1": quote("Карта кладется вверх.")},
...     justified={3: justify(3, Why.FLAVOUR, "Удачи!", "a farewell")})
>>> cov = compute_coverage(book, text, locate_all(book, Item("D-1", "Правила"), text))
>>> [(e.paragraph.number, e.status) for e in cov.entries], cov.figure
([(1, 'encoded'), (2, 'encoded'), (3, 'justified')], 1.0)
>>> [(normalise(s.sentence.text), s.encoded_by) for s in cov.entries[1].sentences]
[('Карта кладется вверх.', ('D-1',))]
"""

from __future__ import annotations

import enum
import functools
import importlib
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ruleproof.spec.errors import RuleproofError

#: The file beside the rulebook folder that holds the publisher facts.
NOTES_FILE = "RULES-NOTES.md"

#: The checkout root: ``spec/sources/__init__.py`` is two folders below it.
_CHECKOUT = Path(__file__).resolve().parents[2]


class SourceError(RuleproofError):
    """Root of the errors of the passage and coverage data."""


class MissingPassageError(SourceError, KeyError):
    """No passage is recorded for a rule or ambiguity id."""

    def __str__(self) -> str:
        return str(self.args[0])


class PassageNotFoundError(SourceError, ValueError):
    """A recorded passage is not in the text where its citation says it is."""


class RulebookNotFoundError(SourceError, FileNotFoundError):
    """The rulebook folder (or a file in it) does not exist."""


# --------------------------------------------------------------------------
# Where the texts are


def rulebooks_dir() -> Path:
    """The folder of the source rulebooks.

    ``$RULEPROOF_RULEBOOKS`` when set, else ``../shared/rulebooks`` beside the
    checkout (the same rule as the test suite's ``rulebooks`` fixture).
    """
    env = os.environ.get("RULEPROOF_RULEBOOKS")
    return Path(env) if env else _CHECKOUT.parent / "shared" / "rulebooks"


@functools.lru_cache(maxsize=16)
def _read(path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


def read_text(name: str, rulebooks: Path | None = None) -> str:
    """The text of a rulebook file, or of ``RULES-NOTES.md`` (one folder up).

    :raises RulebookNotFoundError: when the file is missing, naming where it was looked for.
    """
    folder = rulebooks_dir() if rulebooks is None else rulebooks
    path = folder.parent / name if name == NOTES_FILE else folder / name
    if not path.is_file():
        raise RulebookNotFoundError(f"{name!r} not found at {str(path)!r}; set RULEPROOF_RULEBOOKS to the rulebook folder")
    return _read(str(path))


# --------------------------------------------------------------------------
# Whitespace-normalised search


def normalise(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends.

    >>> normalise("  Цель\\u00a0 игры\\n ")
    'Цель игры'
    """
    return " ".join(text.split())


def find_spans(text: str, needle: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Every span of ``text[start:end]`` equal to ``needle`` after whitespace normalisation.

    Spans are ``(first, past_last)`` character offsets into ``text``; an empty
    ``needle`` matches nowhere.
    """
    stop = len(text) if end is None else end
    target = normalise(needle)
    if not target:
        return []
    # The normalised window, with the original offset of every character.
    chars: list[str] = []
    offsets: list[int] = []
    for match in re.finditer(r"\S+", text[start:stop]):
        if chars:
            chars.append(" ")
            offsets.append(start + match.start() - 1)
        chars.extend(match.group())
        offsets.extend(range(start + match.start(), start + match.end()))
    flat = "".join(chars)
    spans = []
    at = flat.find(target)
    while at >= 0:
        spans.append((offsets[at], offsets[at + len(target) - 1] + 1))
        at = flat.find(target, at + 1)
    return spans


def find_span(text: str, needle: str, start: int = 0, end: int | None = None) -> tuple[int, int] | None:
    """The first span of ``needle`` in ``text[start:end]`` (whitespace-normalised), else ``None``."""
    spans = find_spans(text, needle, start, end)
    return spans[0] if spans else None


# --------------------------------------------------------------------------
# Paragraphs and sections


class ParagraphKind(enum.Enum):
    """What a paragraph is."""

    #: A section heading or a subheading, as listed in the game's data.
    HEADING = "heading"
    #: Anything else: prose, a list item, a table.
    TEXT = "text"


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of a rulebook, read from the file at run time.

    :param number: 1-based position in the file.
    :param start: offset of its first non-blank character.
    :param end: offset just past its last non-blank character.
    :param section: the section heading it falls under (empty before the first).
    """

    number: int
    kind: ParagraphKind
    start: int
    end: int
    text: str
    section: str = ""
    #: True for a heading that delimits sections (not a subheading).
    is_section_heading: bool = False


@dataclass(frozen=True)
class Section:
    """The stretch of a rulebook from a section heading to the next one."""

    heading: str
    start: int
    end: int


def split_paragraphs(text: str, headings: Sequence[str] = (), subheadings: Sequence[str] = ()) -> tuple[Paragraph, ...]:
    """Cut ``text`` into paragraphs (see the module docstring for the definition).

    ``headings`` are the section headings in file order; each matches the first
    paragraph equal to it after the previous one matched.

    >>> [p.text for p in split_paragraphs("Итог\\nОдин.\\nДва.\\n", headings=("Итог",))]
    ['Итог', 'Один.', 'Два.']
    """
    wanted = [normalise(h) for h in headings]
    sub_set = {normalise(h) for h in subheadings}
    lines = text.splitlines(keepends=True)
    blank_separated = any(not line.strip() for line in lines)
    blocks: list[tuple[int, int]] = []
    offset = 0
    current: tuple[int, int] | None = None
    for line in lines:
        begin, finish = offset, offset + len(line)
        offset = finish
        if not line.strip():
            if current is not None:
                blocks.append(current)
                current = None
            continue
        if current is None or not blank_separated:
            if current is not None:
                blocks.append(current)
            current = (begin, finish)
        else:
            current = (current[0], finish)
    if current is not None:
        blocks.append(current)
    paragraphs = []
    section = ""
    for number, (begin, finish) in enumerate(blocks, start=1):
        raw = text[begin:finish]
        lead = len(raw) - len(raw.lstrip())
        trail = len(raw.rstrip())
        body = normalise(raw)
        is_section = bool(wanted) and body == wanted[0]
        if is_section:
            wanted.pop(0)
            section = body
        is_heading = is_section or body in sub_set
        paragraphs.append(Paragraph(number, ParagraphKind.HEADING if is_heading else ParagraphKind.TEXT,
                                    begin + lead, begin + trail, raw.strip(), section, is_section))
    return tuple(paragraphs)


def split_sections(text: str, headings: Sequence[str], subheadings: Sequence[str] = ()) -> tuple[Section, ...]:
    """The sections of ``text``: each section heading up to the next (a repeated heading gives two)."""
    starts = [p for p in split_paragraphs(text, headings, subheadings) if p.is_section_heading]
    ends = [p.start for p in starts[1:]] + [len(text)]
    return tuple(Section(normalise(p.text), p.start, end) for p, end in zip(starts, ends))


# --------------------------------------------------------------------------
# The per-game data


class Why(enum.Enum):
    """Why a paragraph that no rule encodes needs no rule."""

    INTRODUCTION = "introduction"
    COMPONENTS = "components"
    STRATEGY_TIP = "strategy tip"
    #: A worked example; :attr:`Justification.test` names the test that replays it.
    EXAMPLE = "example already covered by a test"
    FLAVOUR = "flavour text"
    PUBLISHER = "publisher info"
    #: Says again what another paragraph says; :attr:`Justification.duplicate_of` names it.
    DUPLICATE = "duplicate of another paragraph"
    #: Announces or introduces what the next sentences or paragraphs state.
    ANNOUNCEMENT = "announces what follows"
    #: Gives the reason for a rule stated beside it, and states nothing new.
    RATIONALE = "the reason for a rule"
    #: Defines a term the rules use (the game's glossary gives it); it allows and forbids nothing itself.
    DEFINITION = "defines a term (see the glossary)"
    #: Says what a player may see; the engines' per-seat observations implement it and
    #: :attr:`Justification.test` names the test that shows it (the spec decides moves, not views).
    INFORMATION = "hidden information, kept by the observations"


#: The kinds of justification that name the test showing them.
NEEDS_TEST = frozenset({Why.EXAMPLE, Why.INFORMATION})


@dataclass(frozen=True)
class Justification:
    """Why paragraph ``number`` is encoded by no rule.

    :param starts: the paragraph's first words, verbatim: a guard that the
        number still points at the intended paragraph.
    :param test: for :attr:`Why.EXAMPLE`, the test that replays the example
        (for :attr:`Why.INFORMATION`, the test that shows what each seat sees),
        as ``tests/…/test_x.py::test_name``.
    :param duplicate_of: for :attr:`Why.DUPLICATE`, the paragraph repeated.
    :param sentence: ``True`` when it justifies one sentence of the
        paragraph (the one that starts with ``starts``), not the whole paragraph.
    """

    number: int
    why: Why
    starts: str
    reason: str
    test: str = ""
    duplicate_of: int = 0
    sentence: bool = False

    def __post_init__(self) -> None:
        if not self.reason.strip():
            raise ValueError(f"justification of paragraph {self.number} needs a reason")
        if (self.why in NEEDS_TEST) != bool(self.test):
            raise ValueError(f"paragraph {self.number}: a test is named exactly for Why.EXAMPLE and Why.INFORMATION")
        if (self.why is Why.DUPLICATE) != bool(self.duplicate_of):
            raise ValueError(f"paragraph {self.number}: duplicate_of is given exactly for Why.DUPLICATE")

    def __str__(self) -> str:
        extra = f" ({self.test})" if self.test else f" (paragraph {self.duplicate_of})" if self.duplicate_of else ""
        return f"{self.why.value}{extra}: {self.reason}"


def justify(number: int, why: Why, starts: str, reason: str, *, test: str = "", duplicate_of: int = 0) -> Justification:
    """Shorthand for :class:`Justification` in the data modules."""
    return Justification(number, why, starts, reason, test, duplicate_of)


def justify_sentence(number: int, why: Why, starts: str, reason: str, *, test: str = "",
                     duplicate_of: int = 0) -> Justification:
    """Why the sentence of paragraph ``number`` that starts with ``starts`` is encoded by no rule.

    For a paragraph whose other sentences rules do encode; a paragraph no rule
    touches at all is justified whole (:func:`justify`).
    """
    return Justification(number, why, starts, reason, test, duplicate_of, sentence=True)


Origin = Literal["rulebook", "notes"]


@dataclass(frozen=True)
class Cite:
    """A quotation as recorded in a data module (where it lies is worked out on lookup).

    :param section: for a further passage of a rule that the text states in
        more than one place, the section heading it lies under; empty for the
        rule's own section.
    """

    text: str
    origin: Origin = "rulebook"
    section: str = ""


def quote(text: str, section: str = "") -> Cite:
    """A verbatim quotation from the rule's rulebook section (or from ``section``)."""
    return Cite(text, "rulebook", section)


def notes(text: str) -> Cite:
    """A verbatim quotation from the game's part of ``RULES-NOTES.md`` (for rules whose note names it)."""
    return Cite(text, "notes")


@dataclass(frozen=True)
class SourceBook:
    """One game's citation data: headings, passages and justifications.

    :param headings: the section headings, verbatim (each a whole paragraph).
    :param subheadings: headings inside a section that do not end it.
    :param passages: rule id (or ambiguity id, to override its quote) →
        quotation, or several: the first from the item's own section, any
        further ones (with their :attr:`Cite.section`) where the text says
        more of the same rule.
    :param justified: paragraph number → why no rule encodes it.
    :param justified_sentences: why single sentences of otherwise encoded
        paragraphs need no rule (:func:`justify_sentence`).
    """

    game: str
    rulebook: str
    headings: tuple[str, ...]
    passages: Mapping[str, Cite | tuple[Cite, ...]]
    justified: Mapping[int, Justification]
    subheadings: tuple[str, ...] = ()
    justified_sentences: tuple[Justification, ...] = ()

    def __post_init__(self) -> None:
        for number, item in self.justified.items():
            if number != item.number:
                raise ValueError(f"{self.game}: justification keyed {number} is for paragraph {item.number}")
        for key in self.passages:
            cites = self.cites(key)
            if not cites or cites[0].section:
                raise ValueError(f"{self.game}: the first passage of {key} must come from its own section")

    def cites(self, item_id: str) -> tuple[Cite, ...]:
        """The quotations recorded for ``item_id`` (empty when none)."""
        found = self.passages.get(item_id, ())
        return (found,) if isinstance(found, Cite) else found


def book_of(*justifications: Justification, **kwargs: Any) -> SourceBook:
    """Build a :class:`SourceBook` from a list of justifications (paragraphs keyed by their numbers;
    sentence justifications kept in order)."""
    whole = [j for j in justifications if not j.sentence]
    numbers = [j.number for j in whole]
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        raise ValueError(f"paragraphs justified twice: {repeated}")
    keys = [(j.number, normalise(j.starts)) for j in justifications if j.sentence]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise ValueError(f"sentences justified twice: {twice}")
    return SourceBook(justified={j.number: j for j in whole},
                      justified_sentences=tuple(j for j in justifications if j.sentence), **kwargs)


# --------------------------------------------------------------------------
# Passages


@dataclass(frozen=True)
class Item:
    """What a passage is looked up for: a rule or ambiguity id with its citation.

    :param quote: an ambiguity's own quote (may elide with ``…``); empty for rules.
    """

    id: str
    section: str
    note: str = ""
    quote: str = ""


@dataclass(frozen=True)
class Passage:
    """The text a rule or ambiguity encodes, located in its file.

    :param text: the quotation as recorded (compare whitespace-normalised).
    :param file: the rulebook file name, or ``RULES-NOTES.md``.
    :param section: the section heading the passage lies under (for notes:
        the game's heading in ``RULES-NOTES.md``).
    :param start: character offset (not byte) of the passage in ``file``.
    :param end: offset just past it.
    :param note: the citation's :attr:`~ruleproof.spec.core.Source.note`, if any.
    """

    game: str
    item_id: str
    text: str
    file: str
    section: str
    start: int
    end: int
    note: str = ""

    @property
    def origin(self) -> Origin:
        """``"rulebook"`` or ``"notes"``."""
        return "notes" if self.file == NOTES_FILE else "rulebook"

    @property
    def span(self) -> tuple[int, int]:
        """``(start, end)``."""
        return (self.start, self.end)

    def __str__(self) -> str:
        return f"{self.file} § {self.section} [{self.start}:{self.end}]: «{normalise(self.text)}»"


def _quote_parts(text: str) -> list[str]:
    return [normalise(p) for p in text.split("…") if normalise(p)]


def _notes_section(notes_text: str, rulebook: str) -> Section | None:
    """The game's part of RULES-NOTES.md: its ``## `` heading names the file prefix (``000_…``)."""
    marker = f"`{rulebook.split('_')[0]}_…`"
    found = None
    for match in re.finditer(r"(?m)^## (.*)$", notes_text):
        if found is not None:
            return Section(found[0], found[1], match.start())
        if marker in match.group(1):
            found = (match.group(1).strip(), match.start())
    return Section(found[0], found[1], len(notes_text)) if found else None


def _note_rows(note: str) -> set[int]:
    """The table rows a note names: ``row 5``, ``rows 1–3``, ``rows 4-5``."""
    rows: set[int] = set()
    for match in re.finditer(r"rows? (\d+)(?:\s*[–-]\s*(\d+))?", note):
        low = int(match.group(1))
        high = int(match.group(2) or low)
        rows.update(range(low, high + 1))
    return rows


def locate_all(book: SourceBook, item: Item, text: str, notes_text: str = "") -> tuple[Passage, ...]:
    """Find every passage of ``item``: in its rulebook section, or in the game's notes.

    The first is the item's main passage (from its own section); further ones
    lie in the sections their :attr:`Cite.section` names. An ambiguity with
    nothing recorded takes its own quote (without the ``…`` at its ends),
    which must then lie in its section; with a recorded passage the quote is
    checked separately (:func:`check_quote`).

    :param text: the rulebook text; ``notes_text`` that of ``RULES-NOTES.md``.
    :raises MissingPassageError: when nothing is recorded (and the item has no quote of its own).
    :raises PassageNotFoundError: when a quotation is not where the citation says.
    """
    cites = book.cites(item.id)
    parts = _quote_parts(item.quote)
    if not cites and len(parts) == 1:
        cites = (Cite(parts[0]),)
    if not cites:
        why = " (its quote elides inside, so record the passage)" if len(parts) > 1 else ""
        raise MissingPassageError(
            f"{book.game}: no passage recorded for {item.id!r}{why}; add it to PASSAGES in "
            f"ruleproof.spec.sources.{book.game} (a verbatim quotation from § {item.section!r})")
    where = f"{book.game} {item.id}"
    sections = split_sections(text, book.headings, book.subheadings)
    own = [s for s in sections if s.heading == normalise(item.section)]
    if not own:
        raise PassageNotFoundError(
            f"{where}: section {item.section!r} is not a heading of {book.rulebook}; "
            f"list it in the headings of ruleproof.spec.sources.{book.game}")
    if not book.cites(item.id):
        problem = check_quote(book, item, text)
        if problem:
            raise PassageNotFoundError(problem)
    found: list[Passage] = []
    for cite in cites:
        if cite.origin == "notes":
            found.append(_locate_in_notes(book, item, cite, notes_text))
            continue
        heading = normalise(cite.section) if cite.section else normalise(item.section)
        candidates = [s for s in sections if s.heading == heading]
        span = next((sp for s in candidates if (sp := find_span(text, cite.text, s.start, s.end))), None)
        if span is None:
            raise PassageNotFoundError(
                f"{where}: {normalise(cite.text)!r} is not in § {heading!r} of {book.rulebook} "
                "(compared with whitespace normalised; letters and punctuation must match)")
        found.append(Passage(book.game, item.id, cite.text, book.rulebook, heading, *span, note=item.note))
    return tuple(found)


def check_quote(book: SourceBook, item: Item, text: str) -> str | None:
    """``None`` when every part of an ambiguity's own quote lies in its section, else the problem.

    Items without a quote (rules) have nothing to check.
    """
    own = [s for s in split_sections(text, book.headings, book.subheadings) if s.heading == normalise(item.section)]
    for part in _quote_parts(item.quote):
        if not any(find_span(text, part, s.start, s.end) for s in own):
            elsewhere = [s.heading for s in split_sections(text, book.headings, book.subheadings)
                         if find_span(text, part, s.start, s.end)]
            hint = f" (it is in § {elsewhere[0]!r})" if elsewhere else " (nor anywhere else in the text)"
            return f"{book.game} {item.id}: the spec's quote {part!r} is not in § {item.section!r} of {book.rulebook}{hint}"
    return None


def locate(book: SourceBook, item: Item, text: str, notes_text: str = "") -> Passage:
    """The main passage of ``item`` (the first of :func:`locate_all`)."""
    return locate_all(book, item, text, notes_text)[0]


def _locate_in_notes(book: SourceBook, item: Item, cite: Cite, notes_text: str) -> Passage:
    where = f"{book.game} {item.id}"
    if NOTES_FILE not in item.note:
        raise PassageNotFoundError(f"{where}: quotes {NOTES_FILE} but its source note {item.note!r} does not cite it")
    section = _notes_section(notes_text, book.rulebook)
    if section is None:
        raise PassageNotFoundError(f"{where}: {NOTES_FILE} has no '## …' heading for {book.rulebook!r}")
    windows = [(section.start, section.end)]
    rows = _note_rows(item.note)
    if rows:
        part = notes_text[section.start:section.end]
        windows = [(section.start + m.start(), section.start + m.end())
                   for m in re.finditer(r"(?m)^\| (\d+) \|.*$", part) if int(m.group(1)) in rows]
    for a, b in windows:
        span = find_span(notes_text, cite.text, a, b)
        if span:
            return Passage(book.game, item.id, cite.text, NOTES_FILE, section.heading, *span, note=item.note)
    rows_text = f" row(s) {sorted(rows)} of" if rows else ""
    raise PassageNotFoundError(f"{where}: {cite.text!r} is not in{rows_text} § {section.heading!r} of {NOTES_FILE}")


# --------------------------------------------------------------------------
# Coverage

Status = Literal["encoded", "justified", "uncovered"]


@dataclass(frozen=True)
class Sentence:
    """One sentence of a rulebook paragraph (:mod:`ruleproof.spec.sources.sentences`).

    :param paragraph: the number of its paragraph.
    :param index: its 1-based position in the paragraph.
    :param start: offset of its first character in the file.
    :param end: offset just past its last character.
    """

    paragraph: int
    index: int
    start: int
    end: int
    text: str


def sentences_of(paragraph: Paragraph) -> tuple[Sentence, ...]:
    """The sentences of ``paragraph``, located in its file (a heading is one sentence).

    >>> par = split_paragraphs("Ход\\nИгрок ходит. Потом другой.\\n", ("Ход",))[1]
    >>> [(s.index, s.text) for s in sentences_of(par)]
    [(1, 'Игрок ходит.'), (2, 'Потом другой.')]
    """
    from ruleproof.spec.sources.sentences import split_sentences

    if paragraph.kind is ParagraphKind.HEADING:
        return (Sentence(paragraph.number, 1, paragraph.start, paragraph.end, paragraph.text),)
    return tuple(Sentence(paragraph.number, i, a, b, text)
                 for i, (text, a, b) in enumerate(split_sentences(paragraph.text, paragraph.start), start=1))


@dataclass(frozen=True)
class SentenceEntry:
    """One sentence and what accounts for it: the rules and ambiguities whose passage lies
    (partly) inside it, or the justification of the sentence or of its whole paragraph."""

    sentence: Sentence
    encoded_by: tuple[str, ...] = ()
    justification: Justification | None = None

    @property
    def status(self) -> Status:
        """``encoded`` (some passage), ``justified`` (a reason) or ``uncovered``."""
        if self.encoded_by:
            return "encoded"
        return "justified" if self.justification is not None else "uncovered"


@dataclass(frozen=True)
class CoverageEntry:
    """One paragraph, its sentences, and what accounts for it.

    :param encoded_by: every rule or ambiguity encoding some sentence of it.
    :param justification: the paragraph's own justification (when nothing encodes it).
    :param marks: the stretches of the paragraph that passages quote, as
        ``(start, end, item ids)`` with file offsets, in text order and not
        overlapping (a stretch several passages quote names them all).
    """

    paragraph: Paragraph
    encoded_by: tuple[str, ...] = ()
    justification: Justification | None = None
    sentences: tuple[SentenceEntry, ...] = ()
    marks: tuple[tuple[int, int, tuple[str, ...]], ...] = ()

    @property
    def status(self) -> Status:
        """``encoded`` (a passage quotes some sentence), ``justified`` (nothing quotes it and every
        sentence has a reason) or ``uncovered`` (some sentence is neither)."""
        if any(s.status == "uncovered" for s in self.sentences) or not (self.sentences or self.encoded_by
                                                                         or self.justification):
            return "uncovered"
        if self.encoded_by:
            return "encoded"
        return "justified"


@dataclass(frozen=True)
class Coverage:
    """Which sentences of a rulebook the specification encodes, and why the rest need nothing.

    The figure counts sentences: (encoded + justified) / all. A paragraph
    counts as encoded when a passage quotes any of its sentences; it is then
    fully covered only when each of its other sentences is encoded or
    justified too.

    :param problems: inconsistencies of the data: a justification for a
        paragraph or sentence that does not exist, whose first words differ,
        that names a missing duplicate, or that is given for an encoded
        paragraph or sentence.
    """

    game: str
    rulebook: str
    entries: tuple[CoverageEntry, ...]
    problems: tuple[str, ...] = field(default=())

    @property
    def sentences(self) -> tuple[SentenceEntry, ...]:
        """Every sentence, in text order."""
        return tuple(s for e in self.entries for s in e.sentences)

    @property
    def encoded(self) -> int:
        """How many paragraphs some passage encodes."""
        return sum(bool(e.encoded_by) for e in self.entries)

    @property
    def justified(self) -> int:
        """How many paragraphs are justified instead (no passage quotes them)."""
        return sum(not e.encoded_by and e.status == "justified" for e in self.entries)

    @property
    def encoded_sentences(self) -> int:
        """How many sentences some passage quotes."""
        return sum(s.status == "encoded" for s in self.sentences)

    @property
    def justified_sentences(self) -> int:
        """How many sentences are justified (on their own or with their paragraph)."""
        return sum(s.status == "justified" for s in self.sentences)

    @property
    def uncovered(self) -> tuple[CoverageEntry, ...]:
        """The paragraphs with a sentence neither encoded nor justified."""
        return tuple(e for e in self.entries if e.status == "uncovered")

    @property
    def uncovered_sentences(self) -> tuple[SentenceEntry, ...]:
        """The sentences neither encoded nor justified."""
        return tuple(s for s in self.sentences if s.status == "uncovered")

    @property
    def figure(self) -> float:
        """(encoded + justified sentences) / all sentences; 1.0 for an empty text."""
        total = len(self.sentences)
        return (self.encoded_sentences + self.justified_sentences) / total if total else 1.0

    @property
    def paragraph_figure(self) -> float:
        """(fully covered paragraphs) / all paragraphs; 1.0 for an empty text."""
        return (len(self.entries) - len(self.uncovered)) / len(self.entries) if self.entries else 1.0

    def __str__(self) -> str:
        total = len(self.sentences)
        return (f"{self.game}: {self.encoded_sentences + self.justified_sentences}/{total} sentences "
                f"({self.figure:.0%}; {self.encoded_sentences} encoded, {self.justified_sentences} justified) "
                f"in {len(self.entries)} paragraphs")


def _marks(par: Paragraph, in_book: Sequence[Passage]) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """The quoted stretches of ``par``: cut at every passage edge, each piece with the ids quoting it."""
    touching = [p for p in in_book if p.start < par.end and par.start < p.end]
    edges = sorted({par.start, par.end} | {max(par.start, min(par.end, x)) for p in touching for x in (p.start, p.end)})
    marks: list[tuple[int, int, tuple[str, ...]]] = []
    for a, b in zip(edges, edges[1:]):
        ids = tuple(sorted({p.item_id for p in touching if p.start < b and a < p.end}, key=_natural))
        if ids and marks and marks[-1][1] == a and marks[-1][2] == ids:
            marks[-1] = (marks[-1][0], b, ids)
        elif ids:
            marks.append((a, b, ids))
    return tuple(marks)


def compute_coverage(book: SourceBook, text: str, passages: Iterable[Passage]) -> Coverage:
    """The coverage of ``text`` by the rulebook ``passages`` and ``book``'s justifications."""
    paragraphs = split_paragraphs(text, book.headings, book.subheadings)
    in_book = [p for p in passages if p.origin == "rulebook"]

    def quoting(a: int, b: int) -> set[str]:
        return {p.item_id for p in in_book if p.start < b and a < p.end}

    sentences = [sentences_of(par) for par in paragraphs]
    direct = [[tuple(sorted(quoting(s.start, s.end), key=_natural)) for s in group] for group in sentences]
    # A heading is encoded by what encodes the paragraphs under it, up to the next heading of any level.
    for i, par in enumerate(paragraphs):
        if par.kind is ParagraphKind.HEADING:
            ids = set(direct[i][0])
            for j in range(i + 1, len(paragraphs)):
                if paragraphs[j].kind is ParagraphKind.HEADING:
                    break
                ids.update(x for group in direct[j] for x in group)
            direct[i] = [tuple(sorted(ids, key=_natural))]
    encoded = [tuple(sorted({x for group in direct[i] for x in group}, key=_natural)) for i in range(len(paragraphs))]
    problems = []
    matched = [normalise(p.text) for p in paragraphs if p.is_section_heading]
    if len(matched) < len(book.headings):
        problems.append(f"section heading {normalise(book.headings[len(matched)])!r} is not a paragraph of "
                        f"{book.rulebook} after {matched[-1] if matched else 'the start'!r}")
    numbers = {p.number for p in paragraphs}
    for number, item in sorted(book.justified.items()):
        if number not in numbers:
            problems.append(f"justification for paragraph {number}, but {book.rulebook} has {len(paragraphs)}")
            continue
        par = paragraphs[number - 1]
        if not normalise(par.text).startswith(normalise(item.starts)) or not normalise(item.starts):
            problems.append(f"paragraph {number} does not start with {item.starts!r}")
        if encoded[number - 1]:
            problems.append(f"paragraph {number} is justified but encoded by {', '.join(encoded[number - 1])}")
        problems += _duplicate_problem(item, numbers)
    by_sentence: dict[tuple[int, int], Justification] = {}
    for item in book.justified_sentences:
        where = f"paragraph {item.number} sentence {item.starts!r}"
        if item.number not in numbers:
            problems.append(f"justification for {where}, but {book.rulebook} has {len(paragraphs)} paragraphs")
            continue
        if item.number in book.justified:
            problems.append(f"{where} is justified, but so is its whole paragraph")
        group = sentences[item.number - 1]
        found = [s for s in group if normalise(item.starts) and normalise(s.text).startswith(normalise(item.starts))]
        if not found:
            problems.append(f"paragraph {item.number} has no sentence starting with {item.starts!r}")
            continue
        sentence = found[0]
        quoted_by = direct[item.number - 1][sentence.index - 1]
        if quoted_by:
            problems.append(f"{where} is justified but encoded by {', '.join(quoted_by)}")
        problems += _duplicate_problem(item, numbers)
        by_sentence[(item.number, sentence.index)] = item
    entries = []
    for i, par in enumerate(paragraphs):
        whole = None if encoded[i] else book.justified.get(par.number)
        rows = tuple(SentenceEntry(s, direct[i][k], None if direct[i][k] else
                                   by_sentence.get((par.number, s.index), whole))
                     for k, s in enumerate(sentences[i]))
        entries.append(CoverageEntry(par, encoded[i], whole, rows, _marks(par, in_book)))
    return Coverage(book.game, book.rulebook, tuple(entries), tuple(problems))


def _duplicate_problem(item: Justification, numbers: set[int]) -> list[str]:
    if item.duplicate_of and (item.duplicate_of not in numbers or item.duplicate_of == item.number):
        return [f"paragraph {item.number} duplicates paragraph {item.duplicate_of}, which is not another paragraph"]
    return []


def _natural(text: str) -> tuple[object, ...]:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text))


# --------------------------------------------------------------------------
# The games


def source_book(game: str) -> SourceBook:
    """The citation data of ``game``.

    :raises ruleproof.spec.registry.UnknownGameError: for an unknown game.
    """
    from ruleproof.spec.registry import check_game_id

    check_game_id(game)
    book: SourceBook = importlib.import_module(f"ruleproof.spec.sources.{game}").BOOK
    return book


def items(game: str) -> tuple[Item, ...]:
    """Every rule, then every ambiguity, of ``game`` as an :class:`Item`."""
    from ruleproof.spec.registry import spec_for

    spec = spec_for(game)
    rules = [Item(r.id, r.source.section, r.source.note) for r in spec.rules]
    ambiguities = [Item(a.id, a.source.section, a.source.note, a.quote) for a in spec.ambiguities]
    return tuple(rules + ambiguities)


def passage_for(game: str, item_id: str, rulebooks: Path | None = None) -> Passage:
    """The passage a rule (or ambiguity) of ``game`` encodes, located in its file.

    This is the main passage, from the item's own section;
    :func:`passages_for` also gives the further places where the text says
    more of the same rule.

    :param rulebooks: the rulebook folder (default :func:`rulebooks_dir`).
    :raises MissingPassageError: for an id that is not a rule or ambiguity of
        the game, or that has no recorded passage.
    :raises PassageNotFoundError: when the recorded text is not in the section.

    >>> p = passage_for("take5", "T5-PLACE-1")
    >>> p.file, p.section, p.origin
    ('002_14cf867976a02cf7.txt', 'ДОБАВЛЕНИЕ КАРТ В МАКЕТ', 'rulebook')
    >>> print(p.text)
    Карты добавляются в ряды в порядке возрастания слева направо, начиная с исходных четырех карт.
    >>> passage_for("take5", "T5-NOPE-1")
    Traceback (most recent call last):
    ...
    ruleproof.spec.sources.MissingPassageError: take5 has no rule or ambiguity 'T5-NOPE-1'; known: T5-SETUP-1, ...
    """
    return passages_for(game, item_id, rulebooks)[0]


def passages_for(game: str, item_id: str, rulebooks: Path | None = None) -> tuple[Passage, ...]:
    """Every passage of a rule or ambiguity: the main one first (see :func:`passage_for`)."""
    book = source_book(game)
    known = items(game)
    for item in known:
        if item.id == item_id:
            text = read_text(book.rulebook, rulebooks)
            notes_text = read_text(NOTES_FILE, rulebooks) if _wants_notes(book, item) else ""
            return locate_all(book, item, text, notes_text)
    raise MissingPassageError(f"{game} has no rule or ambiguity {item_id!r}; known: {', '.join(i.id for i in known)}")


def _wants_notes(book: SourceBook, item: Item) -> bool:
    return any(c.origin == "notes" for c in book.cites(item.id))


def passages(game: str, rulebooks: Path | None = None) -> tuple[Passage, ...]:
    """The passage of every rule, then every ambiguity, of ``game``.

    :raises SourceError: at the first missing or misplaced passage
        (:func:`check_passages` lists them all instead).
    """
    return tuple(p for item in items(game) for p in passages_for(game, item.id, rulebooks))


def check_passages(game: str, rulebooks: Path | None = None) -> tuple[str, ...]:
    """Every problem with ``game``'s passages: missing ones, misplaced ones, stale ids,
    and ambiguity quotes that are not verbatim in their section."""
    book = source_book(game)
    known = items(game)
    problems = []
    for item in known:
        try:
            passages_for(game, item.id, rulebooks)
        except (MissingPassageError, PassageNotFoundError) as exc:
            problems.append(str(exc))
    text = read_text(book.rulebook, rulebooks)
    for item in known:
        problem = check_quote(book, item, text) if book.cites(item.id) else None
        if problem:
            problems.append(problem)
    ids = {i.id for i in known}
    problems.extend(f"{game}: passage recorded for unknown id {i!r}" for i in book.passages if i not in ids)
    return tuple(problems)


def coverage(game: str, rulebooks: Path | None = None) -> Coverage:
    """Which paragraphs of ``game``'s rulebook are encoded, justified or neither.

    Items whose passage is missing or misplaced encode nothing (see :func:`check_passages`).

    >>> cov = coverage("take5")
    >>> cov.figure
    1.0
    """
    book = source_book(game)
    found: list[Passage] = []
    for item in items(game):
        try:
            found.extend(passages_for(game, item.id, rulebooks))
        except (MissingPassageError, PassageNotFoundError):
            continue
    return compute_coverage(book, read_text(book.rulebook, rulebooks), found)
