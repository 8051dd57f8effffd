"""The rulebook passage beside every rule, and the paragraph coverage of every rulebook.

Every rule and ambiguity of every game has a passage that is found verbatim
(whitespace normalised) in its rulebook section, or, for a rule whose source
note names RULES-NOTES.md, in that note. Every paragraph of every rulebook is
encoded by some passage or justified. The negative tests show on synthetic
data (and on altered copies of the real data) that the checks fail when a
passage is altered or a justification removed.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from ruleproof.spec.registry import GAME_IDS, spec_for
from ruleproof.spec.sources import (
    NOTES_FILE,
    Cite,
    Item,
    Justification,
    MissingPassageError,
    ParagraphKind,
    Passage,
    PassageNotFoundError,
    SourceBook,
    Why,
    book_of,
    check_passages,
    check_quote,
    compute_coverage,
    coverage,
    find_span,
    items,
    justify,
    justify_sentence,
    locate,
    locate_all,
    normalise,
    notes,
    passage_for,
    passages_for,
    quote,
    read_text,
    rulebooks_dir,
    source_book,
    split_paragraphs,
    split_sections,
)

ROOT = Path(__file__).resolve().parents[2]

#: The longest quotation allowed: passages are citations, not copies of the text.
MAX_QUOTE = 400

#: Ambiguity quotes the spec places under a section they are not in (reported, to be fixed in the spec).
MISPLACED_QUOTES: dict[str, str] = {}


def _all_items() -> list[tuple[str, str]]:
    return [(game, item.id) for game in GAME_IDS for item in items(game)]


ALL_ITEMS = _all_items()


# --------------------------------------------------------------------------
# Every rule and ambiguity has its passage


@pytest.mark.parametrize(("game", "item_id"), ALL_ITEMS, ids=[i for _, i in ALL_ITEMS])
def test_every_item_has_a_verbatim_passage_in_its_section(game: str, item_id: str, rulebooks: Path) -> None:
    spec = spec_for(game)
    item = next(i for i in items(game) if i.id == item_id)
    found = passages_for(game, item_id, rulebooks)
    assert found[0] == passage_for(game, item_id, rulebooks)
    for number, passage in enumerate(found):
        text = read_text(passage.file, rulebooks)
        # Re-check independently of the lookup: the span holds the quotation.
        assert normalise(text[passage.start:passage.end]) == normalise(passage.text), passage
        assert 0 < len(normalise(passage.text)) <= MAX_QUOTE, f"{item_id}: quote too long ({len(passage.text)})"
        if passage.origin == "notes":
            assert NOTES_FILE in item.note, f"{item_id} quotes {NOTES_FILE} but its source does not cite it"
            continue
        assert passage.file == spec.rulebook
        heading = item.section if number == 0 else passage.section
        sections = [s for s in split_sections(text, source_book(game).headings, source_book(game).subheadings)
                    if s.heading == normalise(heading)]
        assert any(s.start <= passage.start and passage.end <= s.end for s in sections), (item_id, heading)
    if not item.note:
        assert found[0].origin == "rulebook", f"{item_id} has no source note, so it must quote the rulebook"


@pytest.mark.parametrize("game", GAME_IDS)
def test_no_passage_problems(game: str, rulebooks: Path) -> None:
    problems = [p for p in check_passages(game, rulebooks) if not any(f" {i}:" in p for i in MISPLACED_QUOTES)]
    assert not problems, "\n".join(problems)


AMBIGUITIES = [(g, a.id) for g in GAME_IDS for a in spec_for(g).ambiguities]


@pytest.mark.parametrize(("game", "amb_id"), AMBIGUITIES, ids=[a for _, a in AMBIGUITIES])
def test_ambiguity_quote_is_verbatim_in_its_section(game: str, amb_id: str, rulebooks: Path) -> None:
    if amb_id in MISPLACED_QUOTES:
        pytest.xfail(MISPLACED_QUOTES[amb_id])
    item = next(i for i in items(game) if i.id == amb_id)
    assert item.quote
    assert check_quote(source_book(game), item, read_text(spec_for(game).rulebook, rulebooks)) is None


def test_misplaced_quotes_are_still_misplaced(rulebooks: Path) -> None:
    """Drop an entry of MISPLACED_QUOTES once the spec is fixed (this test then fails to say so)."""
    for amb_id in MISPLACED_QUOTES:
        game = next(g for g, a in AMBIGUITIES if a == amb_id)
        item = next(i for i in items(game) if i.id == amb_id)
        assert check_quote(source_book(game), item, read_text(spec_for(game).rulebook, rulebooks)), amb_id


def test_passage_for_names_a_missing_id() -> None:
    with pytest.raises(MissingPassageError, match=r"take5 has no rule or ambiguity 'T5-NOPE-1'; known: T5-SETUP-1"):
        passage_for("take5", "T5-NOPE-1")


def test_passage_records_file_section_and_span(rulebooks: Path) -> None:
    p = passage_for("take5", "T5-PLACE-2", rulebooks)
    assert (p.file, p.section, p.origin) == ("002_14cf867976a02cf7.txt", "ДОБАВЛЕНИЕ КАРТ В МАКЕТ", "rulebook")
    assert read_text(p.file, rulebooks)[p.start:p.end].startswith("Кроме того, если карта")
    note = passage_for("take5", "T5-PLACE-3", rulebooks)
    assert (note.file, note.origin) == (NOTES_FILE, "notes")
    assert note.section.startswith("Take 5") and "row 5" in note.note


# --------------------------------------------------------------------------
# Coverage


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_paragraph_is_encoded_or_justified(game: str, rulebooks: Path) -> None:
    cov = coverage(game, rulebooks)
    assert not cov.problems, "\n".join(cov.problems)
    missing = [f"paragraph {e.paragraph.number}: {e.paragraph.text[:60]!r}" for e in cov.uncovered]
    assert not missing, "\n".join(missing)
    assert cov.figure == 1.0
    assert cov.encoded + cov.justified == len(cov.entries) > 0


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_rule_encodes_some_paragraph(game: str, rulebooks: Path) -> None:
    cov = coverage(game, rulebooks)
    encoding = {i for e in cov.entries for i in e.encoded_by}
    notes_only = {p.item_id for p in (passage_for(game, i.id, rulebooks) for i in items(game)) if p.origin == "notes"}
    assert {i.id for i in items(game)} - notes_only <= encoding


def _example_markers(test: str) -> list[str]:
    """The ``@pytest.mark.example(...)`` sections of ``tests/…::name`` (string constants resolved)."""
    path, _, name = test.partition("::")
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    constants = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                 for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant)}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            found = []
            for deco in node.decorator_list:
                if (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute)
                        and deco.func.attr == "example" and deco.args):
                    arg = deco.args[0]
                    found.append(arg.value if isinstance(arg, ast.Constant) else constants.get(getattr(arg, "id", "")))
            return [str(f) for f in found]
    raise AssertionError(f"{test} does not exist")


EXAMPLES = sorted({(g, j.number, j.test) for g in GAME_IDS
                   for j in (*source_book(g).justified.values(), *source_book(g).justified_sentences)
                   if j.why is Why.EXAMPLE})


@pytest.mark.parametrize(("game", "number", "test"), EXAMPLES, ids=[f"{g}-{n}" for g, n, _ in EXAMPLES])
def test_example_justifications_name_an_example_test(game: str, number: int, test: str) -> None:
    markers = _example_markers(test)
    assert markers, f"{test} is not marked @pytest.mark.example"
    headings = {normalise(h) for h in source_book(game).headings + source_book(game).subheadings}
    assert all(normalise(m) in headings for m in markers), (test, markers)


@pytest.mark.parametrize("game", GAME_IDS)
def test_duplicates_point_at_covered_paragraphs(game: str, rulebooks: Path) -> None:
    cov = coverage(game, rulebooks)
    for j in source_book(game).justified.values():
        if j.why is Why.DUPLICATE:
            assert cov.entries[j.duplicate_of - 1].status != "uncovered", (game, j)


def test_coverage_figures(rulebooks: Path) -> None:
    figures = {g: coverage(g, rulebooks) for g in GAME_IDS}
    assert all(c.figure == 1.0 for c in figures.values()), [str(c) for c in figures.values()]
    assert str(figures["cinco"]) == "cinco: 40/40 sentences (100%; 31 encoded, 9 justified) in 17 paragraphs"
    assert all(c.paragraph_figure == 1.0 and not c.uncovered_sentences for c in figures.values())


# --------------------------------------------------------------------------
# The machinery, on synthetic data

TEXT = (
    "Заголовок книги\n"
    "\n"
    "Подготовка\n"
    "\n"
    "Каждый игрок берет\u00a0пять карт.   Колода\n"
    "лежит в центре.\n"
    "\n"
    "Ход\n"
    "\n"
    "Игрок кладет одну карту.\n"
    "\n"
    "Например, Аня кладет карту.\n"
)
HEADS = ("Подготовка", "Ход")
BOOK = book_of(
    justify(1, Why.PUBLISHER, "Заголовок", "the title"),
    justify(6, Why.EXAMPLE, "Например, Аня", "a worked example", test="tests/spec/test_x.py::test_example"),
    game="demo",
    rulebook="demo.txt",
    headings=HEADS,
    passages={"D-1": quote("берет пять карт. Колода лежит в центре."), "D-2": quote("Игрок кладет одну карту.")},
)
ITEMS = (Item("D-1", "Подготовка"), Item("D-2", "Ход"))


def _passages(book: SourceBook) -> list[Passage]:
    return [p for item in ITEMS for p in locate_all(book, item, TEXT)]


def test_paragraphs_are_blank_line_blocks_with_headings_of_their_own_kind() -> None:
    paragraphs = split_paragraphs(TEXT, HEADS)
    assert [p.number for p in paragraphs] == [1, 2, 3, 4, 5, 6]
    assert [p.kind for p in paragraphs] == [ParagraphKind.TEXT, ParagraphKind.HEADING, ParagraphKind.TEXT,
                                            ParagraphKind.HEADING, ParagraphKind.TEXT, ParagraphKind.TEXT]
    assert paragraphs[2].text == "Каждый игрок берет\u00a0пять карт.   Колода\nлежит в центре."
    assert [p.section for p in paragraphs] == ["", "Подготовка", "Подготовка", "Ход", "Ход", "Ход"]


def test_a_text_without_blank_lines_has_a_paragraph_per_line() -> None:
    paragraphs = split_paragraphs("Один\nДва три\n\n".replace("\n\n", "\n"), ())
    assert [p.text for p in paragraphs] == ["Один", "Два три"]


def test_section_headings_match_in_order_and_repeat_as_subheadings() -> None:
    text = "Пример\nА.\nИтог\nПример\nБ.\n"
    paragraphs = split_paragraphs(text, ("Пример", "Итог"), ("Пример",))
    assert [(p.text, p.kind.value, p.is_section_heading) for p in paragraphs] == [
        ("Пример", "heading", True), ("А.", "text", False), ("Итог", "heading", True),
        ("Пример", "heading", False), ("Б.", "text", False)]
    assert [(s.heading, text[s.start:s.end]) for s in split_sections(text, ("Пример", "Итог"), ("Пример",))] == [
        ("Пример", "Пример\nА.\n"), ("Итог", "Итог\nПример\nБ.\n")]


def test_whitespace_normalised_search_maps_back_to_the_file() -> None:
    span = find_span(TEXT, "берет пять карт. Колода лежит")
    assert span is not None
    assert TEXT[span[0]:span[1]] == "берет\u00a0пять карт.   Колода\nлежит"
    assert find_span(TEXT, "берет пять  карт") is not None
    assert find_span(TEXT, "берёт пять карт") is None  # letters are never normalised
    assert find_span(TEXT, "Игрок кладет", TEXT.index("Ход")) is not None
    assert find_span(TEXT, "Каждый игрок", TEXT.index("Ход")) is None


def test_synthetic_book_is_fully_covered() -> None:
    cov = compute_coverage(BOOK, TEXT, _passages(BOOK))
    assert [e.status for e in cov.entries] == ["justified", "encoded", "encoded", "encoded", "encoded", "justified"]
    assert cov.entries[1].encoded_by == ("D-1",)  # the heading, through the paragraph under it
    assert (cov.figure, cov.problems) == (1.0, ())


def test_invalid_altered_passage_is_not_found() -> None:
    altered = dataclasses.replace(BOOK, passages={**BOOK.passages, "D-1": quote("берет шесть карт.")})
    with pytest.raises(PassageNotFoundError, match=r"demo D-1: 'берет шесть карт\.' is not in § 'Подготовка'"):
        locate(altered, ITEMS[0], TEXT)


def test_invalid_passage_from_another_section_is_not_found() -> None:
    moved = dataclasses.replace(BOOK, passages={**BOOK.passages, "D-1": quote("Игрок кладет одну карту.")})
    with pytest.raises(PassageNotFoundError, match="not in § 'Подготовка'"):
        locate(moved, ITEMS[0], TEXT)


def test_invalid_missing_passage_is_named() -> None:
    with pytest.raises(MissingPassageError, match=r"no passage recorded for 'D-3'"):
        locate(BOOK, Item("D-3", "Ход"), TEXT)


def test_invalid_removed_justification_leaves_a_paragraph_uncovered() -> None:
    fewer = dataclasses.replace(BOOK, justified={n: j for n, j in BOOK.justified.items() if n != 6})
    cov = compute_coverage(fewer, TEXT, _passages(fewer))
    assert [e.paragraph.number for e in cov.uncovered] == [6]
    assert cov.paragraph_figure == pytest.approx(5 / 6)
    assert cov.figure == pytest.approx(6 / 7)  # seven sentences: paragraph 3 has two


def test_invalid_removed_passage_leaves_its_paragraphs_uncovered() -> None:
    cov = compute_coverage(BOOK, TEXT, [p for p in _passages(BOOK) if p.item_id != "D-2"])
    assert [e.paragraph.number for e in cov.uncovered] == [4, 5]


def test_invalid_justification_for_the_wrong_paragraph_is_a_problem() -> None:
    wrong = dataclasses.replace(BOOK, justified={**BOOK.justified, 6: justify(6, Why.FLAVOUR, "Удачи", "x")})
    problems = compute_coverage(wrong, TEXT, _passages(wrong)).problems
    assert problems == ("paragraph 6 does not start with 'Удачи'",)
    stale = dataclasses.replace(BOOK, justified={**BOOK.justified, 5: justify(5, Why.FLAVOUR, "Игрок", "x")})
    assert compute_coverage(stale, TEXT, _passages(stale)).problems == (
        "paragraph 5 is justified but encoded by D-2",)


# --------------------------------------------------------------------------
# Sentences


def test_sentences_of_the_synthetic_book() -> None:
    cov = compute_coverage(BOOK, TEXT, _passages(BOOK))
    assert [[s.sentence.text for s in e.sentences] for e in cov.entries][2] == [
        "Каждый игрок берет\u00a0пять карт.", "Колода\nлежит в центре."]
    assert [s.status for s in cov.sentences] == ["justified", "encoded", "encoded", "encoded", "encoded",
                                                 "encoded", "justified"]
    assert cov.entries[2].marks == ((TEXT.index("берет"), TEXT.index("центре.") + 7, ("D-1",)),)


def test_invalid_unquoted_sentence_of_an_encoded_paragraph_is_uncovered() -> None:
    """A passage that quotes one sentence no longer covers its paragraph's other sentences."""
    shorter = dataclasses.replace(BOOK, passages={**BOOK.passages, "D-1": quote("берет пять карт.")})
    cov = compute_coverage(shorter, TEXT, _passages(shorter))
    assert [(s.sentence.paragraph, s.sentence.index) for s in cov.uncovered_sentences] == [(3, 2)]
    assert cov.entries[2].status == "uncovered" and cov.figure < 1.0 and cov.paragraph_figure < 1.0
    justified = dataclasses.replace(shorter, justified_sentences=(
        justify_sentence(3, Why.FLAVOUR, "Колода", "where the deck lies"),))
    fixed = compute_coverage(justified, TEXT, _passages(justified))
    assert (fixed.figure, fixed.problems, fixed.entries[2].status) == (1.0, (), "encoded")
    assert str(fixed) == "demo: 7/7 sentences (100%; 4 encoded, 3 justified) in 6 paragraphs"


def test_invalid_sentence_justifications_are_problems() -> None:
    def problems(*items: Justification) -> tuple[str, ...]:
        book = dataclasses.replace(BOOK, justified_sentences=items)
        return compute_coverage(book, TEXT, _passages(book)).problems

    assert problems(justify_sentence(3, Why.FLAVOUR, "Колода", "x")) == (
        "paragraph 3 sentence 'Колода' is justified but encoded by D-1",)
    assert problems(justify_sentence(3, Why.FLAVOUR, "Удачи", "x")) == (
        "paragraph 3 has no sentence starting with 'Удачи'",)
    assert problems(justify_sentence(6, Why.FLAVOUR, "Например", "x")) == (
        "paragraph 6 sentence 'Например' is justified, but so is its whole paragraph",)
    assert problems(justify_sentence(9, Why.FLAVOUR, "Нет", "x")) == (
        "justification for paragraph 9 sentence 'Нет', but demo.txt has 6 paragraphs",)
    with pytest.raises(ValueError, match="sentences justified twice"):
        book_of(justify_sentence(3, Why.FLAVOUR, "Колода", "x"), justify_sentence(3, Why.FLAVOUR, "Колода ", "y"),
                game="demo", rulebook="demo.txt", headings=HEADS, passages={})


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_sentence_is_encoded_or_justified(game: str, rulebooks: Path) -> None:
    cov = coverage(game, rulebooks)
    missing = [f"¶{s.sentence.paragraph}.{s.sentence.index}: {s.sentence.text[:70]!r}" for s in cov.uncovered_sentences]
    assert not missing, "\n".join(missing)
    assert cov.figure == 1.0 and len(cov.sentences) >= len(cov.entries)


def test_invalid_removed_real_sentence_justification_fails(rulebooks: Path) -> None:
    book = source_book("take5")
    text = read_text(book.rulebook, rulebooks)
    found = [p for i in items("take5") for p in passages_for("take5", i.id, rulebooks)]
    fewer = dataclasses.replace(book, justified_sentences=book.justified_sentences[1:])
    cov = compute_coverage(fewer, text, found)
    assert [s.sentence.text for s in cov.uncovered_sentences] == ["Из коробки вы получаете книгу правил и колоду карт."]


def test_invalid_justifications_need_their_details() -> None:
    with pytest.raises(ValueError, match="a test is named exactly for Why.EXAMPLE and Why.INFORMATION"):
        Justification(3, Why.EXAMPLE, "Например", "an example")
    with pytest.raises(ValueError, match="duplicate_of is given exactly for Why.DUPLICATE"):
        Justification(3, Why.DUPLICATE, "Снова", "again")
    with pytest.raises(ValueError, match="needs a reason"):
        Justification(3, Why.FLAVOUR, "Удачи", " ")


def test_ambiguity_quote_with_elisions() -> None:
    amb = Item("D-AMB-1", "Подготовка", quote="…берет пять карт…")
    assert locate(BOOK, amb, TEXT).text == "берет пять карт"
    wrong = Item("D-AMB-2", "Ход", quote="…берет пять карт…")
    assert "is not in § 'Ход'" in (check_quote(BOOK, wrong, TEXT) or "")
    with pytest.raises(PassageNotFoundError, match="it is in § 'Подготовка'"):
        locate(BOOK, wrong, TEXT)


def test_notes_passages_must_be_in_the_named_row() -> None:
    notes_text = "# Notes\n\n## Demo (`demo_…`)\n\n| # | point |\n|---|---|\n| 1 | one thing |\n| 2 | other thing |\n"
    book = dataclasses.replace(BOOK, rulebook="demo_x.txt", passages={"D-9": notes("other thing")})
    found = locate(book, Item("D-9", "Ход", note="RULES-NOTES.md §Demo row 2"), TEXT, notes_text)
    assert (found.file, found.section, notes_text[found.start:found.end]) == (NOTES_FILE, "Demo (`demo_…`)", "other thing")
    with pytest.raises(PassageNotFoundError, match=r"not in row\(s\) \[1\]"):
        locate(book, Item("D-9", "Ход", note="RULES-NOTES.md §Demo row 1"), TEXT, notes_text)
    with pytest.raises(PassageNotFoundError, match="does not cite it"):
        locate(book, Item("D-9", "Ход", note="project decision"), TEXT, notes_text)


def test_a_first_passage_from_another_section_is_refused() -> None:
    with pytest.raises(ValueError, match="must come from its own section"):
        dataclasses.replace(BOOK, passages={"D-1": Cite("x", section="Ход")})


def test_rulebooks_dir_honours_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RULEPROOF_RULEBOOKS", str(tmp_path))
    assert rulebooks_dir() == tmp_path
    monkeypatch.delenv("RULEPROOF_RULEBOOKS")
    # Beside the checkout the spec package lives in (the project root here; the mutation campaign's copy
    # holds the package one folder deeper, as ruleproof/spec).
    import ruleproof.spec.sources as sources

    checkout = Path(sources.__file__).resolve().parents[2]
    assert rulebooks_dir() == checkout.parent / "shared" / "rulebooks"
    assert checkout == ROOT or checkout.parent == ROOT


def test_invalid_altered_real_passage_fails(rulebooks: Path) -> None:
    """One changed letter in a real quotation is caught (ё for е)."""
    book = source_book("take5")
    item = next(i for i in items("take5") if i.id == "T5-PLACE-2")
    text = read_text(book.rulebook, rulebooks)
    original = book.cites("T5-PLACE-2")[0].text
    assert locate(book, item, text).text == original
    altered = dataclasses.replace(book, passages={**book.passages, "T5-PLACE-2": quote(original.replace("е", "ё", 1))})
    with pytest.raises(PassageNotFoundError, match="T5-PLACE-2"):
        locate(altered, item, text)


def test_invalid_removed_real_justification_fails(rulebooks: Path) -> None:
    book = source_book("cinco")
    text = read_text(book.rulebook, rulebooks)
    found = [p for i in items("cinco") for p in passages_for("cinco", i.id, rulebooks)]
    assert compute_coverage(book, text, found).figure == 1.0
    fewer = dataclasses.replace(book, justified={n: j for n, j in book.justified.items() if n != 17})
    cov = compute_coverage(fewer, text, found)
    assert [e.paragraph.number for e in cov.uncovered] == [17] and cov.figure < 1.0
