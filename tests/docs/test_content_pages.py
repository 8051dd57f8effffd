"""Issue 34's content pages: translations, sentence coverage, glossaries, the publisher notes, engine and test links.

The first half needs no Sphinx build: the engine table names a function that
exists for every rule, every citation of ``RULES-NOTES.md`` names a row the
notes page publishes, each glossary page lists every term, and each test page
anchors every test a rule page links to. The second half reads the built site
(``conftest.html_build``; reuse a build with ``RULEPROOF_DOCS_REUSE=FOLDER``)
and one deliberately broken build: a sentence added to an encoded paragraph
drops the sentence coverage below 100 % and fails it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.analysis.notes import named_rows, notes_text
from ruleproof.checkers.analysis.traceability import covering_tests, scan_tests
from ruleproof.model.registry import available_games
from ruleproof.spec import sources
from ruleproof.spec.registry import spec_for
from ruleproof.spec.sources.glossary import glossary
from ruleproof.spec.sources.translations import translation

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"
GAMES = available_games()
TESTS = scan_tests(ROOT / "tests", base=ROOT)

Page = Any  # conftest.Page


@pytest.fixture(scope="module", autouse=True)
def _ext_on_path() -> Iterator[None]:
    sys.path.insert(0, str(EXT))
    try:
        yield
    finally:
        sys.path.remove(str(EXT))


def _flat(text: str) -> str:
    return " ".join(text.split())


def _notes_citations(game: str) -> list[tuple[str, str]]:
    """(item id, source note) of every rule and ambiguity of ``game`` whose source cites the notes."""
    spec = spec_for(game)
    return [(i.id, i.source.note) for i in [*spec.rules, *spec.ambiguities] if sources.NOTES_FILE in i.source.note]


# --- without a build -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_names_engine_functions_that_exist(game: str) -> None:
    from ruleproof_docs.engine_links import ENGINE, lookup

    rules = [r.id for r in spec_for(game).rules]
    assert sorted(ENGINE[game]) == sorted(rules), "the engine table and the spec's rules differ"
    for rule_id, names in ENGINE[game].items():
        assert names, rule_id
        for name in names:
            assert callable(lookup(game, name)), f"{rule_id}: {name} is not a function"


def test_invalid_engine_name_is_refused() -> None:
    from ruleproof_docs.engine_links import lookup

    with pytest.raises(AttributeError):
        lookup("take5", "Take5Game._no_such_method")


@pytest.mark.parametrize("game", GAMES)
def test_notes_page_has_a_row_for_every_citation(game: str) -> None:
    from ruleproof_docs.notes_page import note_links, notes_page

    class Ctx:  # the two attributes notes_page reads
        def __init__(self, name: str) -> None:
            self.game, self.spec = name, spec_for(name)

    page = notes_page([Ctx(game)])
    citations = _notes_citations(game)
    assert citations, f"{game} cites no row of the notes"
    for item_id, note in citations:
        rows = named_rows(note)
        links = note_links(game, note)
        for row in rows:
            assert f".. _note-{game}-{row}:" in page, f"{item_id} cites row {row}, which the page does not publish"
            assert f"<note-{game}-{row}>" in links
        if not rows:
            assert f"<note-{game}-intro>" in links
        cited = page.split(f".. _note-{game}-{rows[0]}:" if rows else f".. _note-{game}-intro:", 1)[1]
        assert f":rule:`{item_id}`" in cited.split(".. _note-", 1)[0], f"{item_id} not listed under its row"


def test_notes_page_publishes_every_row_of_the_notes() -> None:
    from ruleproof_docs.notes_page import notes_page

    class Ctx:
        def __init__(self, name: str) -> None:
            self.game, self.spec = name, spec_for(name)

    page = notes_page([Ctx(g) for g in GAMES])
    rows = re.findall(r"(?m)^\| (\d+) \|", notes_text())
    anchors = re.findall(r"(?m)^\.\. _note-[a-z0-9]+-(\d+):$", page)
    assert len(anchors) == len(rows) > 0


@pytest.mark.parametrize("game", GAMES)
def test_glossary_page_gives_every_term_with_its_passage_and_translation(game: str) -> None:
    from ruleproof_docs.glossary_page import glossary_page

    class Ctx:
        def __init__(self, name: str) -> None:
            self.game, self.spec = name, spec_for(name)

    page = _flat(glossary_page(Ctx(game)))
    terms = glossary(game)
    assert terms
    for term in terms:
        assert f"_glossary-{game}-{term.anchor}:" in page
        assert f"«{term.russian}» — {term.english}" in page
        assert _flat(term.defines) in page.replace("\\", "") and _flat(term.defines_english) in page.replace("\\", "")


def test_test_pages_anchor_every_linked_test() -> None:
    from ruleproof_docs.tests_source import file_pages, label

    files = {str(t.path) for t in TESTS}
    book_tests = [w.test for g in GAMES for w in (*sources.source_book(g).justified.values(),
                                                  *sources.source_book(g).justified_sentences) if w.test]
    files |= {t.split("::")[0] for t in book_tests}
    pages = file_pages(ROOT, files)
    text = "\n".join(pages.values())
    for test in TESTS:
        qualname = ".".join(test.nodeid.split("::")[1:])
        assert f".. _{label(str(test.path), qualname)}:" in text, test.nodeid
    for nodeid in book_tests:
        path, _, qualname = nodeid.partition("::")
        assert f".. _{label(path, qualname.replace('::', '.'))}:" in text, nodeid


def test_test_page_starts_each_function_at_its_own_line() -> None:
    from ruleproof_docs.tests_source import file_page, label

    source = "import pytest\n\n\n@pytest.mark.rule('X')\ndef test_a():\n    pass\n\n\nclass TestB:\n    def test_c(self):\n        pass\n"
    page = file_page("tests/x/test_y.py", source)
    assert f".. _{label('tests/x/test_y.py', 'test_a')}:" in page
    assert f".. _{label('tests/x/test_y.py', 'TestB.test_c')}:" in page
    assert ":lineno-start: 4" in page and ":lineno-start: 10" in page  # the decorator's line, the method's line


# --- the built site --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_passage_has_its_translation_on_the_rule_page_and_in_the_source_view(
        game: str, pages: dict[str, Page], published: dict[str, Any], source_view: Callable[[str], Page]) -> None:
    where = published[game]["rules"]
    source = source_view(game).text
    shown = 0
    for rule in spec_for(game).rules:
        page = pages[where[rule.id]].text
        for passage in sources.passages_for(game, rule.id):
            if passage.origin != "rulebook":
                continue
            found = translation(game, passage.text)
            assert found is not None, f"{rule.id}: no translation of «{passage.text[:40]}»"
            english = _flat(found.english)
            assert f"English: “{english}”" in page, f"{rule.id}: the translation is not on the rule page"
            assert f"English: “{english}”" in source, f"{rule.id}: the translation is not in the source view"
            if found.note:
                assert _flat(found.note) in page, f"{rule.id}: the translator's note is missing"
            shown += 1
    assert shown > 0


@pytest.mark.parametrize("game", GAMES)
def test_every_ambiguity_quote_has_its_translation_on_its_page(game: str, pages: dict[str, Page],
                                                               published: dict[str, Any]) -> None:
    quoted = [a for a in spec_for(game).ambiguities if a.quote and not a.quote.startswith("(paraphrase)")]
    for amb in quoted:
        found = translation(game, amb.quote)
        assert found is not None, f"{amb.id}: no translation of its quote"
        page = pages[published[game]["ambiguities"][amb.id]].text
        assert f"English: “{_flat(found.english)}”" in page, f"{amb.id}: the translation is not on its page"


@pytest.mark.parametrize("game", GAMES)
def test_source_view_marks_each_quoted_sentence_and_justifies_the_rest(game: str, site: Path) -> None:
    html = "".join(p.read_text(encoding="utf-8") for p in sorted((site / "games" / game).glob("source*.html")))
    coverage = sources.coverage(game)
    assert coverage.figure == 1.0
    marks = sum(len(e.marks) for e in coverage.entries)
    assert html.count('class="rp-quoted') >= marks > 0
    unquoted = [s for e in coverage.entries if e.encoded_by for s in e.sentences if s.status == "justified"]
    text = _flat(re.sub(r"<[^>]+>", "", html))
    for s in unquoted:
        assert f"«{_flat(s.sentence.text)}» — {s.justification.why.value}" in text.replace("&quot;", '"').replace(
            "&#x27;", "'"), s.sentence.text
    assert html.count('<details class="rp-unquoted">') == len({id(e) for e in coverage.entries if e.encoded_by
                                                                for s in e.sentences if s.status == "justified"})


@pytest.mark.parametrize("game", GAMES)
def test_glossary_page_is_built_and_linked_from_the_overview(game: str, pages: dict[str, Page]) -> None:
    page = pages[f"games/{game}/glossary.html"]
    assert f"{game}/glossary.html" in pages[f"games/{game}.html"].links
    for term in glossary(game):
        assert f"glossary-{game}-{term.anchor}" in page.ids
        assert term.russian in page.text and term.english in page.text
    for name in [c.name for c in __import__(f"ruleproof.spec.{game}", fromlist=["CONSTANTS"]).CONSTANTS]:
        assert name in page.text


@pytest.mark.parametrize("game", GAMES)
def test_every_citation_of_the_notes_links_to_its_row(game: str, pages: dict[str, Page],
                                                      published: dict[str, Any]) -> None:
    notes = pages["games/rules-notes.html"]
    where = {**published[game]["rules"], **published[game]["ambiguities"]}
    for item_id, note in _notes_citations(game):
        targets = [f"note-{game}-{n}" for n in named_rows(note)] or [f"note-{game}-intro"]
        links = pages[where[item_id]].links
        for target in targets:
            assert target in notes.ids, f"{item_id}: the notes page has no #{target}"
            assert f"../rules-notes.html#{target}" in links, f"{item_id}: no link to #{target}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_links_to_its_engine_source(game: str, site: Path, published: dict[str, Any]) -> None:
    from ruleproof_docs.engine_links import ENGINE, resolve

    for rule_id, names in ENGINE[game].items():
        html = (site / published[game]["rules"][rule_id]).read_text(encoding="utf-8")
        entry = html.split(f'id="{rule_id}"', 1)[1]
        for name in names:
            module, qualname = resolve(game, name)
            target = f"_modules/{module.replace('.', '/')}.html#{qualname}"
            assert target in entry, f"{rule_id}: no link to the source of {module}.{qualname}"
        module_page = site / "_modules" / f"{resolve(game, names[0])[0].replace('.', '/')}.html"
        assert module_page.exists()


@pytest.mark.parametrize("game", GAMES)
def test_every_covering_test_links_to_its_published_source(game: str, pages: dict[str, Page],
                                                           published: dict[str, Any]) -> None:
    from ruleproof_docs.tests_source import docname, label

    covered = covering_tests(TESTS)
    for rule in spec_for(game).rules:
        page = pages[published[game]["rules"][rule.id]]
        for test in covered[rule.id]:
            qualname = ".".join(test.nodeid.split("::")[1:])
            anchor = label(str(test.path), qualname)
            target = f"{docname(str(test.path))}.html"
            assert any(link.endswith(f"#{anchor}") for link in page.links), f"{rule.id}: {test.nodeid} not linked"
            assert anchor in pages[target].ids, f"{target} has no #{anchor}"


def test_invalid_build_with_an_unquoted_sentence_fails(broken_books: Any) -> None:
    """A sentence added inside a paragraph that rules encode, quoted by none and justified by nothing, fails it.

    The broken build is shared with the unencoded-paragraph test (``conftest.broken_books``): the sentence is in
    Take 5's rulebook, that paragraph in Cinco's, and each game's line is checked on its own.
    """
    broken = sources.coverage("take5", broken_books.books)
    assert [s.sentence.text for s in broken.uncovered_sentences] == [broken_books.sentence]
    assert broken.entries[broken_books.sentence_paragraph - 1].encoded_by, \
        "the paragraph is still encoded: only a sentence is not"
    run = broken_books.build
    assert run.returncode != 0, run.describe()
    line = next((line for line in run.output.splitlines() if "take5: rulebook coverage" in line), "")
    assert "< 100 % of sentences" in line, run.describe()
    assert broken_books.sentence[:40] in line, run.describe()
