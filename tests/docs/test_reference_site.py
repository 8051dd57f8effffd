"""The built site's reference parts (issue 34.4, 34.5) and the small defects of issue 34.7, read back from the HTML.

Each game's overview has an infobox whose facts cite the rulebook sentence or
the ``rulebooks/README.md`` row they rest on; each game has a card lookup page
whose entries are search objects (``take5.55``, ``bigfive.Lb``) landing on the
card's anchor; each game has a print page with every rule, ambiguity and
finding. And the defects stay fixed: counts agree with their nouns, alt texts
are plain, the search index holds no HTML entities, replay headers show no
empty flags, witness captions name the finding once, every verdict label
explains itself and links to the definitions.

The site is the session's one fresh build (``conftest.html_build``).
"""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from ruleproof.model.registry import available_games
from ruleproof.spec import sources
from ruleproof.spec.bigfive import ANIMAL_NAMES, COLOUR_NAMES, animal_of, card_code, colour_of
from ruleproof.spec.registry import spec_for
from ruleproof.spec.take5 import compute_bullheads

Page = Any  # conftest.Page

GAMES = available_games()
INFOBOX_LABELS = ("Designer", "Publisher", "Year", "Players", "Age")


def _flat(text: str) -> str:
    return " ".join(text.split())


def _html(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


def _search_index(site: Path) -> dict[str, Any]:
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    match = re.fullmatch(r"\s*Search\.setIndex\((.*)\)\s*", text, re.S)
    assert match, "searchindex.js is not a Search.setIndex(...) call"
    index: dict[str, Any] = json.loads(match.group(1))
    return index


def _search_objects(index: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Every search object's full name → (its page, its anchor)."""
    found = {}
    for prefix, entries in index["objects"].items():
        for doc, _type, _prio, anchor, name in (entry[:5] for entry in entries):
            full = f"{prefix}.{name}" if prefix else name
            found[full] = (index["docnames"][doc], anchor or full)  # "" means: the anchor is the full name
    return found


# --- the infobox -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_overview_shows_an_infobox_whose_facts_cite_their_source(game: str, site: Path,
                                                                 pages: dict[str, Page]) -> None:
    html = _html(site, f"games/{game}.html")
    box = re.search(r'<div class="rp-infobox[^"]*">(.*?)<div class="rp-infobox-sources[^"]*">(.*?)</div>', html, re.S)
    assert box, f"games/{game}.html has no infobox"
    table = _flat(html_lib.unescape(re.sub(r"<[^>]+>", " ", box.group(1))))
    cited = _flat(html_lib.unescape(re.sub(r"<[^>]+>", " ", box.group(2))))
    for label in INFOBOX_LABELS:
        assert label in table, f"{game}: the infobox has no {label} line"
    readme = _flat(sources.read_text("README.md"))
    rulebook = _flat(sources.read_text(spec_for(game).rulebook))
    quotes = re.findall(r"\u00ab([^\u00bb]+)\u00bb", cited) + re.findall(r"“([^”]+)”", cited)
    assert quotes, f"{game}: the infobox cites no source"
    for quote in quotes:
        assert _flat(quote) in rulebook or _flat(quote) in readme, f"{game}: the infobox quotes {quote!r}, in no source"
    # A rulebook citation links to its paragraph in the source view.
    for href in re.findall(r'<a class="reference internal" href="([^"]+)"', box.group(2)):
        assert href.startswith(f"{game}/source.html#src-{game}-"), href


# --- the card lookup ---------------------------------------------------------------------------------------------


def test_search_index_finds_every_take5_card_number_on_its_entry(site: Path, pages: dict[str, Page]) -> None:
    objects = _search_objects(_search_index(site))
    page = pages["games/take5/cards.html"]
    for card in range(1, 105):
        doc, anchor = objects[f"take5.{card}"]
        assert (doc, anchor) == ("games/take5/cards", f"card-take5-{card}")
        assert anchor in page.ids
    heads = compute_bullheads(55)
    assert f"55 — {heads} bullheads: the card 55 itself" in page.text


def test_search_index_finds_every_bigfive_card_code_on_its_entry(site: Path, pages: dict[str, Page]) -> None:
    from ruleproof.spec.bigfive import KINDS

    objects = _search_objects(_search_index(site))
    page = pages["games/bigfive/cards.html"]
    for card in range(KINDS):
        code = card_code(card)
        doc, anchor = objects[f"bigfive.{code}"]
        assert (doc, anchor) == ("games/bigfive/cards", f"card-bigfive-{code}")
        assert anchor in page.ids
        entry = page.text.split(f"{code} — ", 1)[1][:80]
        assert entry.startswith(f"{COLOUR_NAMES[colour_of(card)]} {ANIMAL_NAMES[animal_of(card)]}"), entry


@pytest.mark.parametrize("game", GAMES)
def test_every_game_links_its_card_lookup_and_print_page(game: str, pages: dict[str, Page]) -> None:
    overview = pages[f"games/{game}.html"]
    assert f"{game}/cards.html" in overview.links and f"{game}/print.html" in overview.links


def _print_page_holds(game: str, findings: list[str], pages: dict[str, Page]) -> None:
    spec = spec_for(game)
    page = pages[f"games/{game}/print.html"]
    ids = [r.id for r in spec.rules] + [a.id for a in spec.ambiguities] + findings
    for ident in ids:
        assert f"print-{game}-{ident.lower()}" in page.ids, f"{ident} is not on the print page"
        assert f"{ident} · " in page.text
    for rule in spec.rules:
        assert _flat(rule.text) in page.text, f"{rule.id}'s restatement is not on the print page"
    assert "About the game" in page.text


@pytest.mark.parametrize("game", GAMES)
def test_print_page_holds_every_rule_ambiguity_and_finding_of_the_game(game: str, html_build: Any,
                                                                        pages: dict[str, Page]) -> None:
    """Every finding the build answered (the default run's build: a sample of the catalogue, ``conftest``'s
    ``CATALOGUE_SAMPLE``; the slow test below: a whole build)."""
    _print_page_holds(game, html_build.asked(game), pages)


@pytest.mark.slow
def test_a_whole_builds_print_pages_hold_every_finding_of_the_catalogue(html_build: Any,
                                                                        pages: dict[str, Page]) -> None:
    """``-m slow`` (``.ci/extra``): a session that runs slow tests builds the whole catalogue."""
    from ruleproof.checkers.catalogue.questions import questions

    assert html_build.sample is None, "a session with slow tests builds the whole catalogue"
    for game in GAMES:
        _print_page_holds(game, [q.id for q in questions(game)], pages)


# --- the small defects -------------------------------------------------------------------------------------------

#: A count that disagrees with its noun ("1 tests", "1 test that fail", "3 test that ...").
_DISAGREEING = re.compile(
    r"(?<![-−+×] )\b1 (?:tests|findings|rules|players|paired games|cards|copies|moves|paragraphs|ambiguities|"
    r"bullheads|coins|cells|discs)\b|\b1 test that fail\b|(?<![-−+×] )\b(?:[02-9]|\d{2,}) (?:test|finding|rule|"
    r"player|paired game|card|copy|move|paragraph|ambiguity) (?:that|in|of)\b")


def _reading_pages(pages: dict[str, Page]) -> dict[str, Page]:
    return {name: page for name, page in pages.items() if not name.startswith(("_modules/", "replays/"))}


def test_counts_agree_with_their_nouns(pages: dict[str, Page]) -> None:
    wrong = [f"{name}: …{page.text[max(0, m.start() - 40):m.end() + 20]}…"
             for name, page in _reading_pages(pages).items() for m in _DISAGREEING.finditer(page.text)]
    assert not wrong, f"{len(wrong)} counts disagree with their noun:\n" + "\n".join(wrong[:20])
    singular = sum(page.text.count("1 test that fails when") for page in pages.values())
    plural = sum(len(re.findall(r"\b\d+ tests that fail when", page.text)) for page in pages.values())
    assert singular and plural, "the rule pages no longer say how many tests fail when a rule is broken"


def test_invalid_count_check_catches_the_old_wording() -> None:
    assert _DISAGREEING.search("1 test that fail when T5-PLACE-2 is broken")
    assert _DISAGREEING.search("2 players, 1 paired games")
    assert not _DISAGREEING.search("1 test that fails; 3 tests that fail; at most 5n - 1 cards")


def test_alt_texts_are_plain_text(site: Path) -> None:
    alts = [(page.relative_to(site).as_posix(), alt) for page in site.rglob("*.html")
            for alt in re.findall(r'<img [^>]*alt="([^"]*)"', page.read_text(encoding="utf-8"))]
    assert len(alts) > 100, "fewer pictures than the site has"
    wrong = [f"{page}: {alt!r}" for page, alt in alts if "\\" in alt or "``" in alt or "&lt;" in alt]
    assert not wrong, f"{len(wrong)} alt texts carry reST markup:\n" + "\n".join(wrong[:10])
    assert any(re.fullmatch(r"BF-F-\d+: unsat", alt) for _, alt in alts)


def test_search_index_holds_no_html_entities(site: Path) -> None:
    """Sphinx's search escapes what it shows: an entity in the index showed as ``&#x27;`` in the results."""
    index = _search_index(site)
    text = json.dumps(index, ensure_ascii=False)
    entity = re.search(r".{0,40}&(?:#x?[0-9a-fA-F]+|[a-z]+);.{0,20}", text)
    assert entity is None, f"an HTML entity in the search index: {entity.group(0) if entity else ''}"
    command = next(k for k, v in index["objnames"].items() if v[:2] == ["commands", "command"])
    commands = [e[4] for entries in index["objects"].values() for e in entries if str(e[1]) == command]
    assert "ruleproof rules" in commands and all(c.startswith("ruleproof") for c in commands), commands[:5]


def test_replay_headers_name_their_reading_without_empty_flags(site: Path) -> None:
    replays = sorted((site / "replays").glob("*.html"))
    assert replays, "no replay was published"
    for replay in replays:
        header = re.search(r" players? · variant: ([^<]*)<", replay.read_text(encoding="utf-8"))
        assert header, f"{replay.name}: no variant line"
        shown = header.group(1)
        assert not re.search(r"=(?:,|;|\)|$)", shown), f"{replay.name}: an empty flag in {shown!r}"


def test_witness_captions_name_the_finding_once(pages: dict[str, Page]) -> None:
    texts = {name: page.text for name, page in _reading_pages(pages).items()}
    repeated = [name for name, text in texts.items() if re.search(r"Witness of [A-Z0-9-]+: the witness", text)]
    assert not repeated, repeated
    assert any(re.search(r"The witness of [A-Z]+-F-\d+", text) for text in texts.values())


def test_every_verdict_label_explains_itself_and_links_to_the_definitions(site: Path, pages: dict[str, Page]) -> None:
    assert "verdicts" in pages["games/findings.html"].ids
    seen = 0
    for page in sorted(site.glob("games/**/*.html")):
        html = page.read_text(encoding="utf-8")
        for match in re.finditer(r'(<a [^>]*>)?<(abbr|span) class="rp-badge rp-(\w+)"([^>]*)>([^<]*)<', html):
            link, tag, _, attrs, verdict = match.groups()
            if verdict not in ("sat", "unsat", "unknown"):
                continue
            seen += 1
            where = f"{page.relative_to(site)}: {verdict}"
            assert tag == "abbr" and f'title="{verdict}: ' in attrs, f"{where} has no tooltip"
            assert link and re.search(r'href="(?:[^"]*findings\.html)?#verdicts"', link), f"{where} links nowhere"
    assert seen > 20
