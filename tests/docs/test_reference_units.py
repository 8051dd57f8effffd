"""Unit tests of the docs' reference parts (infobox, card lookup, print page, wording) that need no Sphinx build.

The infobox's quotes are checked against the real rulebooks and
``rulebooks/README.md``; every card entry is checked against the
specification it is computed from; the words the pages build (counts,
captions, alt texts) and the replay header are checked on the cases issue 34
found wrong.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ruleproof.model.registry import available_games
from ruleproof.spec import sources
from ruleproof.spec.registry import spec_for

EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext"


@pytest.fixture(scope="module", autouse=True)
def _ext_on_path() -> Iterator[None]:
    sys.path.insert(0, str(EXT))
    try:
        yield
    finally:
        sys.path.remove(str(EXT))


@pytest.mark.parametrize("game", available_games())
def test_infobox_facts_rest_on_sentences_of_their_sources(game: str) -> None:
    from ruleproof_docs import infobox

    rulebook, readme = sources.read_text(spec_for(game).rulebook), sources.read_text(infobox.README)
    assert infobox.problems(game, rulebook, readme) == []
    labels = [fact.label for fact in infobox.FACTS[game]]
    assert {"Designer", "Publisher", "Year", "Players", "Age"} <= set(labels)
    assert any(fact.source == "rulebook" for fact in infobox.FACTS[game]), "nothing from the rulebook itself"


def test_invalid_infobox_quote_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof_docs import infobox

    altered = tuple(infobox.Fact(f.label, f.value, f.source, f.quote.replace("8", "9")) if f.label == "Age" else f
                    for f in infobox.FACTS["take5"])
    monkeypatch.setitem(infobox.FACTS, "take5", altered)
    rulebook, readme = sources.read_text(spec_for("take5").rulebook), sources.read_text(infobox.README)
    assert infobox.problems("take5", rulebook, readme) == [
        "take5 infobox: Age: the quote 'АУДИТОРИЯ: Возраст от 9 лет и старше' is not in rulebook"]


@pytest.mark.parametrize("game", available_games())
def test_card_lookup_cites_rules_the_game_has_and_keys_once(game: str) -> None:
    from ruleproof_docs import cards

    page = cards.cards_page(game)
    assert page is not None and page.entries
    assert cards.problems(page, [r.id for r in spec_for(game).rules]) == []


def test_take5_card_entries_state_the_bullheads_of_the_spec() -> None:
    from ruleproof_docs import cards

    from ruleproof.spec.take5 import DECK_TOP, compute_bullheads

    page = cards.cards_page("take5")
    assert page is not None
    assert [e.key for e in page.entries] == [str(n) for n in range(1, DECK_TOP + 1)]
    for entry in page.entries:
        heads = compute_bullheads(int(entry.key))
        assert entry.facts[0].startswith(f"{heads} bullhead{'' if heads == 1 else 's'}: "), entry


def test_bigfive_card_entries_are_the_kinds_of_the_spec() -> None:
    from ruleproof_docs import cards

    from ruleproof.spec.bigfive import COPIES, KINDS, card_code, parse_card

    page = cards.cards_page("bigfive")
    assert page is not None
    assert [e.key for e in page.entries] == [card_code(k) for k in range(KINDS)]
    for entry in page.entries:
        assert card_code(parse_card(entry.key)) == entry.key
        assert f"{COPIES} copies in the pack" in entry.facts[0]


def test_counts_agree_with_their_nouns() -> None:
    from ruleproof_docs.rst import render_string

    template = "{{ n | counted('test') }} that {{ n | agree('fails', 'fail') }}"
    assert [render_string(template, n=n) for n in (0, 1, 2)] == [
        "0 tests that fail", "1 test that fails", "2 tests that fail"]


def test_witness_captions_name_the_finding_once() -> None:
    from ruleproof_docs.wording import witness_caption

    assert witness_caption("BF-F-3", "the witness") == "The witness of BF-F-3"
    assert "witness" not in witness_caption("T5-F-2", "the board after move 7").lower().replace("t5-f-2", "")


def test_alt_texts_are_plain_text_for_any_caption() -> None:
    """An ``:alt:`` option is not parsed by docutils: what the template puts there is what a reader hears."""
    from docutils.core import publish_parts
    from ruleproof_docs.rst import render_string

    for caption in ("BF-F-1: unsat", "move ``play 7`` *drawn*", "a | b: <c>", r"case правил\:-Anya"):
        source = render_string(".. image:: x.png\n   :alt: {{ caption | alt }}\n", caption=caption)
        html = publish_parts(source, writer="html5", settings_overrides={"report_level": 5})["body"]
        alt = re.search(r'alt="([^"]*)"', html)
        assert alt is not None and "\\" not in alt.group(1) and "``" not in alt.group(1), (caption, html)


def test_replay_header_shows_no_empty_flags() -> None:
    """The Cinco layout's data and hash are empty unless a layout file is given; the header leaves them out."""
    from ruleproof.checkers.view.replay import replay_html
    from ruleproof.model.io.records import GameRecord

    page = replay_html(GameRecord("cinco", 2, {"layout": "square"}, (), 0))
    header = re.search(r"players · variant: ([^<]*)<", page)
    assert header is not None
    assert "layout=square" in header.group(1)
    assert "layout_data" not in header.group(1) and "layout_sha256" not in header.group(1)


def test_verdict_labels_have_a_meaning_and_the_rest_none() -> None:
    from ruleproof_docs import verdicts

    from ruleproof.checkers.catalogue.questions import questions

    expected = {q.expected_verdict() for game in available_games() for q in questions(game)}
    seen = {v for v in expected if v is not None} | {"sat", "unsat", "unknown"}
    for verdict in seen:
        assert verdicts.meaning(str(verdict)), f"the verdict {verdict!r} is not explained"
    assert verdicts.meaning("maybe") == ""


def test_print_pages_offer_the_pdfs_found_and_name_the_missing_ones(tmp_path: Path,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    from types import SimpleNamespace

    from ruleproof_docs.generate import built_pdfs

    (tmp_path / "ruleproof-take5.pdf").write_bytes(b"%PDF-1.4\n")
    app = SimpleNamespace(config=SimpleNamespace(ruleproof_pdf_dir=str(tmp_path)), builder=SimpleNamespace(format="html"))
    with caplog.at_level("WARNING"):
        found = built_pdfs(app, ["take5", "cinco"])  # type: ignore[arg-type]
    assert found == {"take5": tmp_path / "ruleproof-take5.pdf"}
    assert "no ruleproof-cinco.pdf" in caplog.text
    unasked = SimpleNamespace(config=SimpleNamespace(ruleproof_pdf_dir=""), builder=SimpleNamespace(format="html"))
    assert built_pdfs(unasked, ["take5"]) == {}  # type: ignore[arg-type]
