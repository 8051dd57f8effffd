"""The replay page opens on the first seat move and gives every step an address, ``#step=N`` (issue 35
point 7): the page's own data, and (with Chromium) the page in a headless browser.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.view.replay import opening_step, replay_html
from ruleproof.checkers.view.steps import build_steps
from ruleproof.model.io.records import GameRecord, load_record
from patience import PATIENCE

DATA = Path(__file__).resolve().parents[1] / "data"


def _record(moves: int = 80) -> GameRecord:
    record = load_record(DATA / "terminal" / "take5_3p.json")
    return GameRecord(record.game, record.players, record.variant, record.moves[:moves], record.seed)


def _first_seat_move(record: GameRecord) -> int:
    """The step of the record's first move by a seat (step k shows move k - 1), counted from the record."""
    return next(index for index, move in enumerate(record.moves, start=1) if move.actor >= 0)


def test_the_page_opens_on_the_first_seat_move() -> None:
    record = _record()
    first = _first_seat_move(record)
    assert first == 3 * 10 + 4 + 1  # three hands of ten and four rows are dealt first
    page = replay_html(record)
    assert f'data-start="{first}"' in page and f'value="{first}"' in page and f"step {first} / 80" in page
    assert opening_step(build_steps(record)) == first


def test_a_record_of_chance_moves_only_opens_at_the_start() -> None:
    record = _record(20)
    assert all(m.actor < 0 for m in record.moves)
    assert 'data-start="0"' in replay_html(record)


def test_every_step_has_an_address() -> None:
    page = replay_html(_record())
    assert 'link.href = "#step=" + i' in page and "hashchange" in page
    assert re.search(r"replaceState\(null, \"\", \"#step=\" \+ current\)", page)


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Any:
    """The Chromium test_view_interactive.py shares within the process (one start instead of one a module)."""
    from tests.checkers.test_view_interactive import shared_browser

    driver = shared_browser(request.config)
    yield driver
    driver.get("about:blank")


def _step(browser: Any) -> tuple[str, str]:
    step, address = browser.execute_script("return [document.body.getAttribute('data-step'), window.location.hash];")
    return step, address


def test_step_addresses_in_a_browser(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    record = _record()
    first = _first_seat_move(record)
    page = tmp_path / "t5.html"
    page.write_text(replay_html(record), encoding="utf-8")

    def load(url: str) -> None:
        browser.get("about:blank")
        browser.get(url)
        WebDriverWait(browser, PATIENCE).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")

    load(page.as_uri())
    assert _step(browser) == (str(first), f"#step={first}")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert _step(browser) == (str(first + 1), f"#step={first + 1}")
    load(page.as_uri() + "#step=7")  # a bookmarked step
    assert _step(browser) == ("7", "#step=7")
    assert browser.find_element(By.ID, "counter").text == "step 7 / 80"
    browser.find_elements(By.CSS_SELECTOR, "#moves a")[12].click()  # a move in the list is a link to its step
    WebDriverWait(browser, PATIENCE).until(lambda d: _step(d)[0] == "12")
    assert _step(browser) == ("12", "#step=12")
    browser.execute_script("window.location.hash = '#step=3';")  # the address edited by hand
    WebDriverWait(browser, PATIENCE).until(lambda d: _step(d)[0] == "3")
    load(page.as_uri() + "#step=99999")  # beyond the end: the last step
    assert _step(browser) == ("80", "#step=80")
    errors = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
    assert errors == []


def test_finding_ids_are_case_insensitive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ruleproof.checkers.cli.main import main

    page = tmp_path / "bf2.html"
    assert main(["replay", "--finding", "bf-f-2", "--html", str(page)]) == 0  # a stored witness: no solving
    assert "BF-F-2 witness" in capsys.readouterr().out
    assert "<title>BF-F-2 witness" in page.read_text(encoding="utf-8")
    assert main(["replay", "--finding", "xx-f-1", "--html", str(tmp_path / "xx.html")]) == 2
    assert "unknown finding id 'XX-F-1'" in capsys.readouterr().err
