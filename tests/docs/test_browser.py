"""A real-browser check of the built site: headless Chromium, driven by Selenium, loads every page.

The site is served from the fresh build by ``http.server`` on 127.0.0.1 in a
thread; Chromium and chromedriver are Debian's packages (``chromium``,
``chromium-driver``), driven by Selenium with the driver's path given
explicitly (Selenium never downloads a browser). The browser
(``conftest.offline_browser``, started as the try-it board's check starts its
own) reaches nothing but the local server, so a page that needs the network
fails with a console error. Every page is loaded with a
1280 px wide viewport and again with a 420 px one (a phone), and the check
fails on

* a console error, an image that does not load, a link to a missing page or
  to a missing anchor;
* horizontal overflow of the page at either width (wide tables and code must
  scroll inside their own box);
* a documentation page taller than :data:`MAX_HEIGHT` at 1280 px (the
  highlighted source listings under ``_modules/`` and the general index are
  code and lists, not pages to read, and are exempt).

The default run loads the largest page of each kind (:func:`page_kind`: a
rule page, a findings page, a source view, one page of each bulk folder, …)
once, at 1280 px, and lays it out again at 420 px, and checks every page's
links and anchors from its HTML; every page loaded afresh at both widths is
``-m slow``, run on every CI run by ``.ci/extra``. Both sweeps also check that
no rule id breaks across lines (issue 34.7) and the default one that the Big
Five thumbnails of the findings overview stay legible.

It also searches for a rule id and follows the first result to the rule's
anchor, and opens one embedded witness replay (issue 18's viewer,
:mod:`ruleproof.checkers.view.replay`) and steps through it. Screenshots of each game's overview at both widths are saved to
``docs/_build/screenshots/``.

Without Chromium or chromedriver the tests are skipped with the reason,
unless ``RULEPROOF_REQUIRE_BROWSER=1`` (set by ``.ci/run``, which installs
them): then they fail.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import re
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from ruleproof.model.registry import available_games
from patience import PATIENCE

#: The widths every page is loaded at: a laptop and a phone.
WIDTHS = (1280, 420)
#: The tallest a documentation page may be at 1280 px (CSS pixels).
MAX_HEIGHT = 10_500
#: Pages exempt from the height limit: highlighted source code (the engines', the tests') and the general index.
TALL_ALLOWED = ("_modules/", "games/tests/", "genindex.html", "py-modindex.html")
#: The print pages (a whole annotated rulebook on one page, to print) are long on purpose.
PRINT_PAGE = "/print.html"
#: Console messages at this level fail the check.
ERROR_LEVELS = {"SEVERE"}
#: A replay page's address of one step (``replay.html#step=12``), read by its script rather than an element id.
STEP_FRAGMENT = re.compile(r"step=\d{1,9}")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def browser(offline_browser: Any) -> Any:
    """The module's offline Chromium (``conftest.offline_browser``)."""
    return offline_browser


def _viewport(driver: Any, width: int) -> None:
    """An exact viewport ``width`` CSS pixels wide (a phone below 600 px)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})


_PAGE_STATE = """
const doc = document.documentElement;
return {
  ready: document.readyState,
  brokenImages: Array.from(document.images)
      .filter(img => !(img.complete && img.naturalWidth > 0)).map(img => img.currentSrc || img.src),
  links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
  ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id),
  height: Math.max(doc.scrollHeight, document.body.scrollHeight),
  scrollWidth: doc.scrollWidth,
  clientWidth: doc.clientWidth,
  // What reaches past the window's right edge outside a box of the article that scrolls or clips it (a code
  // block, a wide table's wrapper). The page itself never shows it: the theme hides the page's horizontal overflow
  // and, on a narrow screen, lets the whole content column scroll sideways.
  widest: Array.from(document.querySelectorAll('article *'))
      .filter(e => e.getBoundingClientRect().right > doc.clientWidth + 1)
      .filter(e => {
        for (let box = e.parentElement; box && box.tagName !== 'ARTICLE'; box = box.parentElement) {
          if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(box).overflowX)) return false;
        }
        return true;
      })
      .slice(0, 3).map(e => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : '')),
  wrapped: Array.from(document.querySelectorAll('a.rp-rule-ref'))
      .filter(a => Array.from(a.querySelectorAll('code, span')).concat([a]).some(e => e.getClientRects().length > 1))
      .map(a => a.textContent),
  thumbnails: Array.from(document.querySelectorAll('img.rp-thumb')).filter(i => i.src.includes('/thumb-'))
      .map(i => [i.src, Math.min(i.getBoundingClientRect().width / i.naturalWidth,
                                 i.getBoundingClientRect().height / i.naturalHeight)]),
};
"""


def _load(driver: Any, url: str) -> dict[str, Any]:
    driver.get(url)
    deadline = time.monotonic() + 20
    while True:
        state: dict[str, Any] = driver.execute_script(_PAGE_STATE)
        if state["ready"] == "complete" or time.monotonic() > deadline:
            return state
        time.sleep(0.05)


def _relaid(driver: Any, width: int) -> dict[str, Any]:
    """The open page's state after the viewport is set to ``width`` (laid out again, not reloaded)."""
    _viewport(driver, width)
    state: dict[str, Any] = driver.execute_script(_PAGE_STATE)
    return state


def _console_errors(driver: Any) -> list[str]:
    return [str(e.get("message")) for e in driver.get_log("browser")
            if e.get("level") in ERROR_LEVELS and "/favicon.ico" not in str(e.get("message"))]


#: Folders of many pages of one kind (generated API pages, highlighted sources, command pages, test listings,
#: replays): one page stands for the whole folder in the default run.
BULK_FOLDERS = ("_modules/", "reference/api/generated/", "reference/cli/", "games/tests/", "replays/")
_GAME_NAME = re.compile(r"\b(" + "|".join(map(re.escape, available_games())) + r")\b")


def page_kind(page: str) -> str:
    """The kind of a page: its path with game names and numbers generalised, a bulk folder as a whole.

    >>> page_kind("games/bigfive/rules-12.html"), page_kind("games/cinco/rules-3-2.html")
    ('games/{game}/rules-N.html', 'games/{game}/rules-N-N.html')
    >>> page_kind("reference/cli/audit.html"), page_kind("_modules/ruleproof/spec/take5.html")
    ('reference/cli/*', '_modules/*')
    """
    bulk = next((folder for folder in BULK_FOLDERS if page.startswith(folder)), None)
    if bulk is not None:
        return bulk + "*"
    return re.sub(r"\d+", "N", _GAME_NAME.sub("{game}", page))


def one_page_per_kind(site: Path, pages: list[str]) -> list[str]:
    """The largest page of each kind (the likeliest to be too tall or too wide), sorted."""
    largest: dict[str, tuple[int, str]] = {}
    for page in pages:
        size = (site / page).stat().st_size
        kind = page_kind(page)
        if kind not in largest or size > largest[kind][0]:
            largest[kind] = (size, page)
    return sorted(page for _, page in largest.values())


@dataclass
class Sweep:
    """What a sweep saw: each page's state (:data:`_PAGE_STATE`) and console errors at each width."""

    pages: list[str]
    states: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    errors: dict[tuple[str, int], list[str]] = field(default_factory=dict)


def _visit(browser: Any, server: str, pages: list[str], shots: Path, *, reload: bool) -> Sweep:
    """Open ``pages`` at both widths (screenshots of the game overviews into ``shots``).

    ``reload``: each page is loaded afresh at each width (the full sweep); otherwise each is loaded at the first
    width and laid out again at the others (half the page loads, a third of the sweep's CPU: the site's layout
    is CSS media queries, which a resized page applies as a page loaded at that width does).
    """
    sweep = Sweep(pages)
    shots.mkdir(parents=True, exist_ok=True)
    game_pages = {f"games/{game}.html": game for game in available_games()}

    def seen(page: str, width: int, state: dict[str, Any]) -> None:
        if page in game_pages:
            browser.save_screenshot(str(shots / f"{game_pages[page]}-{width}.png"))
        sweep.states[page, width] = state
        sweep.errors[page, width] = _console_errors(browser)

    if reload:
        for width in WIDTHS:
            _viewport(browser, width)
            browser.get(server)  # warm up
            browser.get_log("browser")
            for page in pages:
                seen(page, width, _load(browser, server + page))
    else:
        _viewport(browser, WIDTHS[0])
        browser.get(server)  # warm up
        browser.get_log("browser")
        for page in pages:
            _viewport(browser, WIDTHS[0])
            seen(page, WIDTHS[0], _load(browser, server + page))
            for width in WIDTHS[1:]:
                seen(page, width, _relaid(browser, width))
    return sweep


def _layout_problems(sweep: Sweep, site: Path, server: str, docs_build_dir: Path, report_name: str) -> list[str]:
    """Console errors, broken images or links, overflow and height of ``sweep``'s pages (also written to
    ``docs_build_dir/report_name``, kept for CI logs)."""
    ids: dict[str, set[str]] = {}
    links: dict[str, set[str]] = {}
    heights: dict[str, int] = {}
    problems: list[str] = []
    for width in WIDTHS:
        for page in sweep.pages:
            state = sweep.states[page, width]
            if state["ready"] != "complete":
                problems.append(f"{page} @{width}: did not finish loading")
            problems += [f"{page} @{width}: console error: {m}" for m in sweep.errors[page, width]]
            problems += [f"{page} @{width}: image did not load: {src}" for src in state["brokenImages"]]
            if state["widest"] or state["scrollWidth"] > state["clientWidth"] + 1:
                problems.append(f"{page} @{width}: too wide for the {state['clientWidth']} px window (the page "
                                f"{state['scrollWidth']} px; reaching past its edge: {', '.join(state['widest'])})")
            if width == WIDTHS[0]:
                ids[page] = set(state["ids"])
                links[page] = set(state["links"])
                heights[page] = int(state["height"])
                if state["height"] > MAX_HEIGHT and not page.startswith(TALL_ALLOWED) and not page.endswith(PRINT_PAGE):
                    problems.append(f"{page}: {state['height']} px tall at {width} px (limit {MAX_HEIGHT})")

    problems += _link_problems(site, server, links, ids)
    report = docs_build_dir / report_name  # kept for CI logs
    tallest = sorted(heights.items(), key=lambda kv: -kv[1])[:10]
    report.write_text("\n".join(problems) + "\n\ntallest pages at 1280 px:\n"
                      + "\n".join(f"  {h:6d} px  {p}" for p, h in tallest) + "\n", encoding="utf-8")
    return problems


def _assert_fits(sweep: Sweep, site: Path, server: str, docs_build_dir: Path, report_name: str) -> None:
    """No layout problem (:func:`_layout_problems`), and a screenshot of each game overview swept at each width."""
    problems = _layout_problems(sweep, site, server, docs_build_dir, report_name)
    assert not problems, f"{len(problems)} problem(s) (all in {docs_build_dir / report_name}):\n" + "\n".join(
        problems[:60])
    for game in available_games():
        if f"games/{game}.html" in sweep.pages:
            for width in WIDTHS:
                shot = docs_build_dir / "screenshots" / f"{game}-{width}.png"
                assert shot.stat().st_size > 10_000, f"{shot} looks empty"


def _wrap_problems(sweep: Sweep) -> list[str]:
    """Ids in a table or a list broken across lines (issue 34.7), on every page of ``sweep`` at each width."""
    return [f"{page} @{width}: ids broken across lines: {state['wrapped'][:5]}"
            for (page, width), state in sweep.states.items() if state["wrapped"]]


def _link_problems(site: Path, server: str, links: dict[str, set[str]], ids: dict[str, set[str]]) -> list[str]:
    """Links (absolute addresses under ``server``) to a missing file, or to a missing id of a page in ``ids``."""
    problems = []
    for page, hrefs in links.items():
        for href in sorted(hrefs):
            if not href.startswith(server):
                continue  # external: not checked (the site must not need the network)
            parsed = urllib.parse.urlsplit(href)
            target = urllib.parse.unquote(parsed.path[1:])
            if target == "" or target.endswith("/"):
                target += "index.html"
            if not (site / target).is_file():
                problems.append(f"{page}: broken link {href} (no {target})")
                continue
            if parsed.fragment and target.endswith(".html") and target in ids:
                fragment = urllib.parse.unquote(parsed.fragment)
                if STEP_FRAGMENT.fullmatch(fragment) and target.startswith("replays/"):
                    continue  # a replay's #step=N names a step its script shows, not an element id
                if fragment not in ids[target]:
                    problems.append(f"{page}: broken anchor {href} (no id {fragment!r} in {target})")
    return problems


def _all_pages(site: Path) -> list[str]:
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert "games/index.html" in pages and "games/findings.html" in pages
    return pages


@pytest.fixture(scope="module")
def sampled(browser: Any, site: Path, server: str, docs_build_dir: Path) -> Sweep:
    """The default run's sweep, shared by the checks of what it saw: the largest page of each kind
    (:func:`page_kind`), loaded at the first width and laid out again at the second."""
    pages = _all_pages(site)
    sample = one_page_per_kind(site, pages)
    assert {"games/index.html", "games/findings.html", "index.html"} <= set(sample)
    assert len(sample) < len(pages) / 3, f"{len(sample)} kinds of {len(pages)} pages: page_kind generalises too little"
    return _visit(browser, server, sample, docs_build_dir / "screenshots", reload=False)


def test_a_page_of_each_kind_loads_and_fits_at_both_widths(sampled: Sweep, site: Path, server: str,
                                                            docs_build_dir: Path) -> None:
    """The default run: the largest page of each kind (:func:`page_kind`) in the browser at both widths; every
    page's links and anchors are checked without a browser (``test_every_link_and_anchor_of_every_page_resolves``);
    every page in the browser, loaded afresh at each width, is the slow sweep below (run by ``.ci/extra``)."""
    _assert_fits(sampled, site, server, docs_build_dir, "browser-problems-sample.txt")


def test_every_link_and_anchor_of_every_page_resolves(site: Path, pages: dict[str, Any]) -> None:
    """Every page's links (as written in its HTML, resolved against the page) reach a file, and an anchor an id."""
    server = "http://site.invalid/"
    links = {name: {urllib.parse.urljoin(server + name, href) for href in page.links} for name, page in pages.items()}
    ids = {name: page.ids for name, page in pages.items()}
    problems = _link_problems(site, server, links, ids)
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems[:60])


def test_invalid_a_broken_anchor_and_a_missing_page_are_found(site: Path) -> None:
    server = "http://site.invalid/"
    links = {"index.html": {server + "games/index.html#no-such-id", server + "games/nothing.html",
                            server + "games/index.html", "https://example.org/x.html"}}
    problems = _link_problems(site, server, links, {"games/index.html": {"an-id"}})
    assert len(problems) == 2 and "broken anchor" in problems[0] and "no games/nothing.html" in problems[1], problems


@pytest.mark.slow
def test_every_page_loads_fits_and_links_at_both_widths(browser: Any, site: Path, server: str,
                                                         docs_build_dir: Path) -> None:
    """Every page loaded at each width, with no id broken across lines (``-m slow``; ``.ci/extra`` runs it on
    every CI run)."""
    sweep = _visit(browser, server, _all_pages(site), docs_build_dir / "screenshots", reload=True)
    _assert_fits(sweep, site, server, docs_build_dir, "browser-problems.txt")
    assert not _wrap_problems(sweep), "\n".join(_wrap_problems(sweep)[:60])


def test_search_for_a_rule_id_lands_on_its_anchor(browser: Any, server: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    _viewport(browser, WIDTHS[0])
    browser.get(server + "search.html?q=T5-PLACE-2")
    WebDriverWait(browser, PATIENCE).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results ul.search li a"))
    hrefs = [a.get_attribute("href") or "" for a in
             browser.find_elements(By.CSS_SELECTOR, "#search-results ul.search li a")[:5]]
    deep = [h for h in hrefs[:1] if h.endswith("#T5-PLACE-2")]
    assert deep, f"the first result does not land on the rule's anchor: {hrefs}"
    href = deep[0]
    browser.get(href)
    landed = browser.execute_script(
        "const e = document.getElementById('T5-PLACE-2'); if (!e) return null;"
        "const r = e.getBoundingClientRect(); return [r.top, window.innerHeight];")
    assert landed is not None, f"{href}: no element with id T5-PLACE-2"
    top, height = landed
    assert -50 <= top <= height, f"the anchor is not in view after following {href} (top {top})"


def _click_when_uncovered(browser: Any, element: Any) -> None:
    """Click ``element`` once nothing covers it (the page may still be scrolling the opened replay into view)."""
    from selenium.common.exceptions import ElementClickInterceptedException
    from selenium.webdriver.support.ui import WebDriverWait

    def clicked(driver: Any) -> bool:
        try:
            element.click()
        except ElementClickInterceptedException:
            return False
        return True

    WebDriverWait(browser, PATIENCE).until(clicked)


def _step_forward(browser: Any, expected: int) -> None:
    """Click the viewer's ▶ and wait until it shows step ``expected``, one past the step it shows now.

    A click that lands while the page still moves (the opened replay's frame
    loading and growing) is lost without an error, so ▶ is clicked again while
    the step has not changed (the click's handler has run when WebDriver's
    click returns, so a step past ``expected`` is a click that went too far:
    it fails at once).
    """
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def shown(driver: Any) -> int:
        return int(driver.execute_script("return document.body.getAttribute('data-step')"))

    def advanced(driver: Any) -> bool:
        if shown(driver) == expected - 1:
            _click_when_uncovered(driver, driver.find_element(By.ID, "next"))
        now = shown(driver)
        assert now in (expected - 1, expected), f"one click on ▶ went from step {expected - 1} to step {now}"
        return now == expected

    WebDriverWait(browser, PATIENCE).until(advanced)


def test_an_embedded_witness_replay_steps_through_its_moves(browser: Any, site: Path, server: str) -> None:
    """Open the first embedded witness replay (issue 18's viewer, in an iframe) and step it forward."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    if importlib.util.find_spec("ruleproof.checkers.view.replay") is None:
        pytest.skip("the witness replay viewer (ruleproof.checkers.view.replay, issue 18) is not installed")
    pages = [p for p in sorted(site.glob("games/*/findings*.html")) if "data-rp-replay" in p.read_text(encoding="utf-8")]
    assert pages, "the replay viewer exists but no findings page embeds a replay"
    _viewport(browser, WIDTHS[0])
    browser.get(server + pages[0].relative_to(site).as_posix())
    viewer = browser.find_elements(By.CSS_SELECTOR, "details[data-rp-replay]")[0]
    # At once, not with the theme's smooth scrolling: a click while the frame still moves can land beside it.
    browser.execute_script("arguments[0].scrollIntoView({behavior: 'instant'}); arguments[0].open = true;", viewer)
    frame = viewer.find_element(By.TAG_NAME, "iframe")
    browser.switch_to.frame(frame)
    try:
        WebDriverWait(browser, PATIENCE).until(
            lambda d: d.execute_script("return document.body && document.body.getAttribute('data-ready')") == "1")
        # The viewer opens on its opening step (the first decision after the deal), which the page names.
        start = int(browser.execute_script("return document.body.getAttribute('data-start')"))
        assert browser.execute_script("return document.body.getAttribute('data-step')") == str(start)
        for step in (start + 1, start + 2):
            _step_forward(browser, step)
        assert browser.find_element(By.ID, "picture").find_elements(By.CSS_SELECTOR, "svg, img"), "no picture shown"
    finally:
        browser.switch_to.default_content()
    assert not _console_errors(browser)


def _search(browser: Any, server: str, query: str) -> list[str]:
    """The addresses of the first results of the site's search for ``query`` (relative to the site)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(server + "search.html?q=" + urllib.parse.quote(query))
    WebDriverWait(browser, PATIENCE).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results ul.search li a"))
    return [(a.get_attribute("href") or "").removeprefix(server)
            for a in browser.find_elements(By.CSS_SELECTOR, "#search-results ul.search li a")[:5]]


def test_search_for_a_card_lands_on_its_entry(browser: Any, server: str) -> None:
    """Issue 34.5: a Take 5 card number or a Big Five card code finds the card's entry first."""
    _viewport(browser, WIDTHS[0])
    assert _search(browser, server, "Lb")[0] == "games/bigfive/cards.html#card-bigfive-Lb"
    assert _search(browser, server, "take5 55")[0] == "games/take5/cards.html#card-take5-55"
    # A bare number is a card of two games: both entries come first.
    assert "games/take5/cards.html#card-take5-55" in _search(browser, server, "55")[:2]
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(server + "games/take5/cards.html#card-take5-55")
    where = ("const e = document.getElementById('card-take5-55'); const r = e.getBoundingClientRect();"
             "return [r.top, window.innerHeight, e.closest('.rp-card').textContent];")
    # The theme scrolls smoothly to the anchor: wait until the entry is in view.
    WebDriverWait(browser, PATIENCE).until(lambda d: -50 <= d.execute_script(where)[0] <= d.execute_script(where)[1])
    top, height, text = browser.execute_script(where)
    assert "55 — 7 bullheads" in " ".join(text.split()), text


def test_ids_never_wrap_and_big_five_thumbnails_stay_legible(sampled: Sweep) -> None:
    """Issue 34.7: an id in a table or a list stays on one line; a card code on a thumbnail is at least 8 px.

    Read from the default sweep (every kind of page, the findings overview and a game overview among them, at
    both widths); the slow sweep checks the ids of every page."""
    assert "games/findings.html" in sampled.pages
    assert any(f"games/{game}.html" in sampled.pages for game in available_games()), "the sweep has no game overview"
    problems = _wrap_problems(sampled)
    assert not problems, "\n".join(problems[:20])
    for width in WIDTHS:
        # The rendered size of the largest text in each Big Five board thumbnail (the card codes).
        sizes = sampled.states["games/findings.html", width]["thumbnails"]
        assert sizes, "no Big Five board thumbnail on the findings overview"
        for src, scale in sizes:
            svg = urllib.request.urlopen(src).read().decode("utf-8")  # noqa: S310 - the local test server
            largest = max(float(s) for s in re.findall(r'font-size="([0-9.]+)"', svg))
            assert largest * scale >= 8, f"{src} @{width}: card codes {largest * scale:.1f} px high"
