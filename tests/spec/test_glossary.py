"""Each rulebook's glossary: verbatim terms and definitions, found in use by the rules (issue 34)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ruleproof.spec.registry import GAME_IDS
from ruleproof.spec.sources import find_span, read_text, source_book
from ruleproof.spec.sources.glossary import Term, glossary, rules_using

TERMS = [(g, t) for g in GAME_IDS for t in glossary(g)]


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_has_a_glossary(game: str) -> None:
    terms = glossary(game)
    assert len(terms) >= 5
    assert len({t.anchor for t in terms}) == len(terms), "anchors are unique"


@pytest.mark.parametrize(("game", "term"), TERMS, ids=[f"{g}-{t.anchor}" for g, t in TERMS])
def test_term_and_definition_are_verbatim_and_the_term_is_used(game: str, term: Term, rulebooks: Path) -> None:
    text = read_text(source_book(game).rulebook, rulebooks)
    assert find_span(text, term.russian), f"{term.russian!r} is not verbatim in the rulebook"
    assert find_span(text, term.defines), f"the definition of {term.russian!r} is not verbatim"
    pattern = re.compile(term.pattern, re.IGNORECASE)
    assert pattern.search(term.russian), "the pattern finds the term itself"
    assert rules_using(game, term), f"no rule or ambiguity uses {term.russian!r}"
    english = re.sub(r"«[^«»]*»", "", term.english + term.defines_english)  # not a rulebook quotation
    assert not re.search(r"[А-Яа-яЁё]", english)


def test_the_issue_s_terms_are_defined() -> None:
    assert {"играемая группа", "отправная карта", "исходная группа"} <= {t.russian for t in glossary("bigfive")}
    assert "бычья стопка" in {t.russian for t in glossary("take5")}
    starting = next(t for t in glossary("bigfive") if t.russian == "отправная карта")
    assert {"BF-LINE-2", "BF-LINE-3"} <= set(rules_using("bigfive", starting))


def test_invalid_term_pattern_finds_no_rule() -> None:
    ghost = Term("призрак", "ghost", "x", "x", r"призрак")
    assert rules_using("take5", ghost) == ()
