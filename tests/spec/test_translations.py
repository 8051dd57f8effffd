"""Every Russian text the specification shows has our English translation (issue 34).

The passages of rules and ambiguities, the ambiguities' own quotes, the rule
constants' quotes, the section headings and the glossary terms: each has a
translation in ``ruleproof.spec.sources.<game>_en``, and no translation is
left for a text the data no longer shows. Take 5's machine-translated words
carry translator's notes.
"""

from __future__ import annotations

import re

import pytest

from ruleproof.spec.registry import GAME_IDS
from ruleproof.spec.sources import normalise, source_book
from ruleproof.spec.sources.translations import (
    Translation,
    en,
    missing,
    russian_texts,
    stale,
    table,
    translation,
    translations,
)

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_russian_text_has_a_translation(game: str) -> None:
    gaps = missing(game)
    assert not gaps, f"{len(gaps)} untranslated text(s) of {game}; add them to ruleproof.spec.sources.{game}_en:\n" + \
        "\n".join(gaps)


@pytest.mark.parametrize("game", GAME_IDS)
def test_no_translation_is_left_for_a_text_no_longer_shown(game: str) -> None:
    assert not stale(game), stale(game)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_passage_rule_constant_and_heading_is_among_the_texts(game: str) -> None:
    """The list of texts to translate misses nothing the data quotes."""
    texts = {normalise(t) for t in russian_texts(game)}
    book = source_book(game)
    for key in book.passages:
        for cite in book.cites(key):
            if cite.origin == "rulebook":
                assert normalise(cite.text) in texts, (key, cite.text)
    for heading in book.headings:
        assert normalise(heading) in texts


@pytest.mark.parametrize("game", GAME_IDS)
def test_translations_are_english(game: str) -> None:
    """The English carries no Russian outside «…» (a term named in the note is quoted)."""
    for item in translations(game).values():
        outside = re.sub(r"«[^«»]*»", "", item.english)  # not a rulebook quotation
        assert not CYRILLIC.search(outside), item
        if CYRILLIC.search(item.russian):
            assert normalise(item.english) != normalise(item.russian), item


def test_take5_machine_translation_is_noted() -> None:
    """The mistranslations the issue names each carry a translator's note that gives the sense."""
    for russian, sense in (("СПЕКТАКЛЬ", "Gameplay"), ("СБОР", "Scoring"), ("Карты и сделка", "deal"),
                           ("ВВЕДЕНИЕ ДУБЛЯ 5", "Take 5")):
        found = translation("take5", russian)
        assert found is not None and sense in found.note, russian
    trick = translation("take5", 'Во время каждого "фокуса" игроки выбирают карты из своей руки')
    assert trick is not None and "trick" in trick.english and "Machine translation" in trick.note
    end = translation("take5", "Игра заканчивается, как только игрок набирает количество очков более чем 66 баллов.")
    assert end is not None and "more than 66" in end.english and "66 or more" in end.note


def test_invalid_translation_tables() -> None:
    with pytest.raises(ValueError, match="translated twice"):
        table(en("Ход игры", "Course of play"), en("Ход  игры", "Play"))
    with pytest.raises(ValueError, match="needs both texts"):
        Translation("Ход игры", " ")
    assert translation("take5", "Такого текста нет") is None


def test_invalid_missing_translation_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof.spec.sources import translations as module

    full = translations("cinco")
    fewer = {k: v for k, v in full.items() if k != normalise("Вариант ДЖОКЕР")}
    monkeypatch.setattr(module, "translations", lambda game: fewer)
    assert module.missing("cinco") == ("Вариант ДЖОКЕР",)
