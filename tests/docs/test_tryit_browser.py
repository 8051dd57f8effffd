"""The try-it board in headless Chromium with no network: each game loads, takes a legal move, refuses an illegal one.

The site comes from the session's docs build (``conftest.html_build``); it is
served on 127.0.0.1 and Chromium resolves no host name and reaches no address
but the loopback one (:data:`ruleproof_docs.tryit_browser.OFFLINE_FLAGS`);
every resource a page loaded must come from the local server. For every game
the overview's board starts from a random deal with a fixed deal number, and
its position must be the one the board's Python gives under CPython for the
same deal; a move the plain specification refuses (found here, under CPython)
is typed, and the page must name exactly the spec's rule ids with each rule's
restatement, its Russian passage and its translation (or the note that there
is none yet); the first listed move is played, then stepped back and forth. One
worked example's board must start from the example's own position.

The build's record of the board (``_static/tryit/report.json``: sizes and the
load time it measured) is checked against the files it describes. The
session's build does not measure the load time (``conftest.UNMEASURED``): the
boards here are timed as they open, and the measurement a published build
makes is ``-m slow`` (``.ci/extra``).

Without Selenium, Chromium, chromedriver or the Pyodide runtime (``npm ci
--prefix docs/_ext/pyodide``) the tests skip with the reason, unless
``RULEPROOF_REQUIRE_BROWSER=1`` (set by ``.ci/run``): then they fail.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ruleproof.model.registry import available_games
from ruleproof.spec.registry import spec_for

from .test_tryit_board import illegal_move

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"
GAMES = available_games()
#: The games whose overview board the default run plays in the browser (each a Pyodide start of about 2 s of
#: Chromium's CPU): a card game and a board game, with different pictures and moves. Every game's board is
#: played under CPython by the default run (``test_tryit_board.py``, and the code zip on the standard library
#: alone), so what the browser adds (Pyodide running the same zip) is the same code for every game; every
#: game in the browser is ``-m slow`` (``.ci/extra``).
BROWSER_SAMPLE = ("take5", "cinco")
#: The deal every overview board is started from (and replayed under CPython).
DEAL = 7
#: The longest a board may take to become ready (a safety net for a hung browser, not a speed check).
READY_TIMEOUT = 240


def _missing(reason: str) -> None:
    """Skip, or fail where the browser check is required (``RULEPROOF_REQUIRE_BROWSER=1``, as in CI)."""
    if os.environ.get("RULEPROOF_REQUIRE_BROWSER") == "1":
        pytest.fail(f"RULEPROOF_REQUIRE_BROWSER is set but {reason}")
    pytest.skip(reason)


def _module(name: str) -> Any:
    if str(EXT) not in sys.path:
        sys.path.insert(0, str(EXT))
    return importlib.import_module(f"ruleproof_docs.{name}")


@pytest.fixture(scope="module")
def report(site: Path) -> dict[str, Any]:
    path = site / "_static" / "tryit" / "report.json"
    assert path.is_file(), "the build wrote no report of the try-it board"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def runtime(report: dict[str, Any]) -> dict[str, Any]:
    if report["runtime"] is None:
        _missing("the site was built without the Pyodide runtime: npm ci --prefix docs/_ext/pyodide")
    return dict(report["runtime"])


@pytest.fixture(scope="module")
def offline(site: Path, runtime: dict[str, Any], offline_browser: Any) -> Iterator[tuple[Any, str]]:
    """(driver, root URL): the module's offline headless Chromium and the site served on 127.0.0.1."""
    with _module("tryit_browser").served(site) as root:
        yield offline_browser, root


def _data(site: Path, game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / "_static/tryit/data" / f"{game}.json").read_text(encoding="utf-8"))
    return data


def _wait(condition: Any, what: str, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _click(board: Any, selector: str) -> None:
    """Click the board's button ``selector`` once nothing covers it (a busy machine has been seen to report the
    click intercepted while the page was still scrolling the board into view)."""
    from selenium.common.exceptions import ElementClickInterceptedException

    button = board.find_element("css selector", selector)
    _wait(lambda: _clicked(button, ElementClickInterceptedException), f"{selector} to take a click")


def _clicked(button: Any, intercepted: type[Exception]) -> bool:
    try:
        button.click()
    except intercepted:
        return False
    return True


def _open_board(driver: Any, root: str, page: str, index: int = 0) -> tuple[Any, dict[str, Any]]:
    browser = _module("tryit_browser")
    driver.get(root + page)
    driver.get_log("browser")  # drop what an earlier page logged
    timing = browser.start_board(driver, index, READY_TIMEOUT)
    board = driver.find_elements("css selector", "div.rp-tryit")[index]
    return board, timing


def _check_clean(driver: Any, root: str) -> None:
    browser = _module("tryit_browser")
    assert browser.foreign_resources(driver, root) == [], "a resource came from somewhere else than the site"
    severe = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == [], severe


def test_the_build_records_the_boards_size_and_load_time(site: Path, html_build: Any, report: dict[str, Any],
                                                         published: dict[str, Any],
                                                         runtime: dict[str, Any]) -> None:
    for name, size in report["files"].items():
        assert (site / "_static/tryit" / name).stat().st_size == size, name
    assert runtime["package"] == "pyodide" and runtime["bytes"] > 1_000_000
    assert {f"pyodide/{n}" for n in _module("tryit").RUNTIME_FILES} <= set(report["files"])
    assert not (site / "_static/tryit/pyodide/package.json").exists(), "only the runtime's needed files are copied"
    for game in GAMES:
        pages = [f"games/{game}", *[p.removesuffix(".html") for p in published[game]["examples_pages"]]]
        for docname in pages:
            assert report["pages"].get(docname, 0) >= 1, f"no board on {docname}"
            assert 'class="rp-tryit"' in (site / f"{docname}.html").read_text(encoding="utf-8"), docname
        data = _data(site, game)
        assert set(data["rules"]) == {r.id for r in spec_for(game).rules}
        boards = "".join((site / f"{d}.html").read_text(encoding="utf-8") for d in pages[1:])
        for test, keys in data["examples"].items():
            assert keys and all(k in data["positions"] for k in keys), test
            assert f'data-starts="{" ".join(keys)}"' in boards, f"{test}: no board starts from its position"
        assert report["download_bytes"][game] > runtime["bytes"]
    if "reused" not in html_build.output:
        assert "ruleproof: try-it board on" in html_build.output, "the build log has no line about the board"
    load = report["load"]
    if "reused" not in html_build.output:  # the session's build is asked not to measure (conftest.UNMEASURED)
        assert load == {"skipped": "ruleproof_tryit_measure is off"}, load
        assert "load time not measured: ruleproof_tryit_measure is off" in html_build.output
        return
    if "skipped" in load:
        _missing(f"the build did not measure the board's load time: {load['skipped']}")
    _check_load(load)
    print(f"try-it board: {max(report['download_bytes'].values()) / 1e6:.1f} MB, ready {load['seconds']:.1f} s "
          f"after the click in the build")


def _check_load(load: dict[str, Any]) -> None:
    """A load time as the build records it (``tryit_browser.measure``): Take 5's overview, every figure positive."""
    assert load["page"] == "games/take5.html" and load["page_seconds"] > 0, load
    assert load["seconds"] > 0 and load["runtime_seconds"] > 0 and load["first_view_seconds"] > 0, load


@pytest.mark.slow
def test_the_builds_load_time_measurement_times_a_board(site: Path, report: dict[str, Any],
                                                        runtime: dict[str, Any]) -> None:
    """What a build with ``ruleproof_tryit_measure`` on records (the published one; the session's build leaves it
    out, ``conftest.UNMEASURED``): the board of Take 5's overview started in a Chromium of its own, timed, and
    the build log's line about it (``-m slow``: a Chromium and a Pyodide start of its own; ``.ci/extra``)."""
    tryit = _module("tryit")
    load = _module("tryit_browser").measure(site, "games/take5.html", timeout=tryit.MEASURE_TIMEOUT)
    _check_load(load)
    line = tryit.summary({**report, "load": load})
    assert f"ready {load['seconds']:.1f} s after the click in headless Chromium" in line, line


@pytest.mark.parametrize("game", [game if game in BROWSER_SAMPLE else pytest.param(game, marks=pytest.mark.slow)
                                  for game in GAMES])
def test_the_overview_board_takes_a_legal_move_and_names_the_rules_an_illegal_one_breaks(
        game: str, site: Path, offline: tuple[Any, str]) -> None:
    from selenium.webdriver.support.ui import Select

    driver, root = offline
    board, timing = _open_board(driver, root, f"games/{game}.html")
    print(f"{game}: ready {timing['seconds']:.2f} s after the click (runtime {timing['runtime_seconds']:.2f} s)")
    # the timings the build's measurement records (tryit_browser.measure reads the same ones)
    assert timing["seconds"] > 0 and timing["runtime_seconds"] > 0 and timing["first_view_seconds"] > 0, timing
    spec = spec_for(game)
    Select(board.find_element("css selector", "select.rp-tryit-from")).select_by_value("deal")
    Select(board.find_element("css selector", "select.rp-tryit-players")).select_by_value(str(spec.min_players))
    seed = board.find_element("css selector", "input.rp-tryit-seed")
    seed.clear()
    seed.send_keys(str(DEAL))
    _click(board, "button.rp-tryit-restart")
    _wait(lambda: f"number {DEAL}" in board.find_element("css selector", "div.rp-tryit-answer").text, "the deal")

    expected = _module("tryit_board").Board.deal(game, spec.min_players, DEAL)
    shown = driver.execute_script("return arguments[0].querySelector('pre.rp-tryit-text').textContent;", board)
    assert shown == expected.view()["text"], "the browser dealt another position than CPython"
    assert board.find_element("css selector", "div.rp-tryit-picture svg")

    found = illegal_move(game, expected.state)
    assert found is not None
    move, rule_ids = found
    typed = board.find_element("css selector", "input.rp-tryit-input")
    typed.clear()
    typed.send_keys(move)
    _click(board, "button.rp-tryit-try")
    _wait(lambda: board.find_elements("css selector", "p.rp-tryit-illegal"), f"{move!r} to be refused")
    rules = board.find_elements("css selector", "div.rp-tryit-rule")
    data = _data(site, game)
    assert [r.find_element("css selector", "a").text for r in rules] == list(rule_ids)
    for box, rule_id in zip(rules, rule_ids):
        rule = data["rules"][rule_id]
        text = " ".join(box.text.split())
        assert rule["title"] in text and " ".join(rule["text"].split()) in text, rule_id
        assert rule["passages"], f"{rule_id} has no passage to show"
        for passage in rule["passages"]:
            assert f"«{passage['ru']}»" in text, f"{rule_id}: the Russian passage is not shown"
            assert " ".join(passage["en"].split()) in text if passage["en"] else "no English translation" in text
        href = box.find_element("css selector", "a").get_attribute("href")
        assert href == root + rule["href"]

    listed = board.find_element("css selector", "select.rp-tryit-moves")
    first = Select(listed).options[0].get_attribute("value")
    assert first == expected.view()["groups"][0]["moves"][0]
    Select(listed).select_by_index(0)
    _click(board, "button.rp-tryit-play")
    _wait(lambda: board.find_elements("css selector", "p.rp-tryit-legal"), f"{first!r} to be made")
    status = board.find_element("css selector", "p.rp-tryit-status")
    assert status.text.startswith("Position 2 of 2")
    _click(board, "button.rp-tryit-back")
    _wait(lambda: status.text.startswith("Position 1 of 2"), "a step back")
    _click(board, "button.rp-tryit-forward")
    _wait(lambda: status.text.startswith("Position 2 of 2"), "a step forward")
    _check_clean(driver, root)


def test_a_worked_examples_board_starts_from_the_examples_position(site: Path, published: dict[str, Any],
                                                                   offline: tuple[Any, str]) -> None:
    driver, root = offline
    game = "take5"
    data = _data(site, game)
    page = next(p for p in published[game]["examples_pages"]
                if 'data-starts="p' in (site / p).read_text(encoding="utf-8"))
    board, _ = _open_board(driver, root, page)
    key = board.get_attribute("data-starts").split()[0]
    expected = _module("tryit_board").Board.from_json(game, data["positions"][key]["state"])
    shown = driver.execute_script("return arguments[0].querySelector('pre.rp-tryit-text').textContent;", board)
    assert shown == expected.view()["text"]
    label = board.find_element("css selector", "div.rp-tryit-answer").text
    assert data["positions"][key]["label"] in label
    _check_clean(driver, root)


def test_the_browser_reaches_nothing_but_the_site(offline: tuple[Any, str]) -> None:
    """The check above is only worth its name if the network is really shut: a name and an address both fail."""
    driver, root = offline
    driver.get(root + "index.html")
    answers = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all(['http://example.com/', 'http://93.184.215.14/', 'https://pypi.org/simple/'].map(url =>
            fetch(url, {mode: 'no-cors'}).then(() => 'reached ' + url, () => 'blocked'))).then(done);""")
    assert answers == ["blocked"] * 3
