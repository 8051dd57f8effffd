"""«…» means verbatim: every guillemet quotation in spec/, tests/ and docs/ is in a rulebook.

A quotation matches when each part between elisions (``…``) is found in one
of the five rulebooks (or in ``RULES-NOTES.md``), with whitespace normalised
as :mod:`ruleproof.spec.sources` compares passages. A quotation that is not
the text's own words says so: ``(paraphrase)`` right after its closing
guillemet. Test data that only looks like a quotation (a hostile title, an
escaping check) says so in a comment on its line: ``not a rulebook quotation``.
Quotations that hold a template or f-string field (``{…}``) are filled in
at run time and are not checked here; the docs build checks what they show.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ruleproof.spec.sources import NOTES_FILE, find_span, normalise, read_text

ROOT = Path(__file__).resolve().parents[1]
#: The folders scanned, and the generated or built folders below them that are not.
FOLDERS = ("spec", "tests", "docs")
SKIP = ("docs/_build", "docs/games", "docs/_generated", "docs/reference/cli", "docs/reference/api/generated")
SUFFIXES = {".py", ".rst", ".jinja", ".md", ".txt", ".toml", ".json"}
#: What marks a quotation as a paraphrase: right after its closing guillemet.
PARAPHRASE = "(paraphrase)"
#: What marks a line's guillemets as test data, not a quotation.
NOT_A_QUOTATION = "not a rulebook quotation"
#: This file: its examples of the convention are not quotations.
SELF = Path(__file__).resolve()


def quotations(text: str) -> Iterator[tuple[int, str, str]]:
    """``(line, quotation, what follows it)`` of every outermost «…» in ``text`` (nested guillemets kept;
    what follows runs to the end of the closing guillemet's line).

    >>> [q for _, q, _ in quotations("a «b «c» d» e «f»")]
    ['b «c» d', 'f']
    """
    depth, start = 0, 0
    for index, char in enumerate(text):
        if char == "«":
            if depth == 0:
                start = index
            depth += 1
        elif char == "»" and depth:
            depth -= 1
            if depth == 0:
                line_end = text.find("\n", index)
                yield text.count("\n", 0, start) + 1, text[start + 1:index], text[index + 1:line_end % (len(text) + 1)]


def _files() -> list[Path]:
    found = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in SUFFIXES and path.is_file() and not any(rel.startswith(s) for s in SKIP) \
                    and "__pycache__" not in path.parts and path.resolve() != SELF:
                found.append(path)
    return found


def _texts(rulebooks: Path) -> list[str]:
    names = [p.name for p in sorted(rulebooks.glob("0*.txt"))]
    return [read_text(n, rulebooks) for n in names] + [read_text(NOTES_FILE, rulebooks)]


def problem(quotation: str, after: str, texts: list[str]) -> str | None:
    """Why ``quotation`` breaks the convention, or ``None``."""
    if "{" in quotation or "}" in quotation:
        return None  # a template or f-string field: filled in at run time
    if after.lstrip().startswith(PARAPHRASE) or NOT_A_QUOTATION in after:
        return None
    # Source code escapes: a docstring's "\\n" and an escaped quote are the text's line break and quote.
    plain = quotation.replace("\\\\n", " ").replace("\\n", " ").replace('\\"', '"').replace("\\'", "'")
    plain = re.sub(r"\n\s*#", " ", plain)  # a quotation wrapped over comment lines
    parts = [normalise(p) for p in plain.split("…") if normalise(p)]
    if not parts:
        return None
    missing = [p for p in parts if not any(find_span(t, p) for t in texts)]
    if not missing:
        return None
    return f"not verbatim in any rulebook: {missing[0]!r} (mark a paraphrase with «…» {PARAPHRASE})"


def test_every_guillemet_quotation_is_verbatim_or_marked(rulebooks: Path) -> None:
    texts = _texts(rulebooks)
    bad = []
    count = 0
    for path in _files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # a deliberately broken input file of a test
        for line, quotation, after in quotations(text):
            count += 1
            found = problem(quotation, after, texts)
            if found:
                bad.append(f"{path.relative_to(ROOT)}:{line}: «{quotation[:60]}»: {found}")
    assert count > 50, f"only {count} quotations found: is the scan looking in the right folders?"
    assert not bad, f"{len(bad)} quotation(s):\n" + "\n".join(bad)


def test_invalid_altered_quotation_is_found(rulebooks: Path) -> None:
    texts = _texts(rulebooks)
    assert problem("Карты добавляются в ряды в порядке возрастания", "", texts) is None
    assert problem("Карты добавляются … слева направо", "", texts) is None
    assert problem("Карты добавляются в ряды в порядке убывания", "", texts)
    assert problem("Карты добавляются в ряды в порядке убывания", " (paraphrase)", texts) is None
    assert problem("{p.text}", "", texts) is None


@pytest.mark.parametrize("text, expected", [("«a» x", ["a"]), ("«a «b» c»", ["a «b» c"]), ("» «", [])])
def test_quotations_are_the_outermost_guillemets(text: str, expected: list[str]) -> None:
    assert [q for _, q, _ in quotations(text)] == expected
