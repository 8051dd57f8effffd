"""Views follow the reading (issue 31): ``show``, ``replay`` and ``play`` draw, replay and play a game under
the reading it was made under, and refuse a record made under a plugin's reading without it.

Two house rules of Take 5: "a row holds four cards", as data only (a reading file with flags, no Python), and
the tutorial's "fewest cards" (a plugin of extra rules, ``docs/howto/reading/fewest.toml``).
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.checkers.view.replay import replay_html
from ruleproof.checkers.view.steps import build_steps
from ruleproof.model.io.readings import load_reading
from ruleproof.model.io.records import load_record
from ruleproof.spec.errors import RecordError
from patience import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
HOWTO = ROOT / "docs" / "howto" / "reading"

FOUR = """game = "take5"
title = "Four cards a row"
source = "A house rule: a row holds four cards, so the fifth card takes it."

[flags]
row_capacity = 4
"""


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The data-only reading file and a whole 4-player game recorded under it."""
    folder = tmp_path_factory.mktemp("four")
    reading = folder / "four.toml"
    reading.write_text(FOUR, encoding="utf-8")
    record = folder / "t5_four.json"
    assert main(["simulate", "take5", "--players", "4", "--games", "1", "--seed", "3", "-q",
                 "--reading", str(reading), "--record", str(record)]) == 0
    return reading, record


@pytest.fixture(scope="module")
def fewest(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The tutorial's plugin reading (copied with its plugin) and a game recorded under it."""
    folder = tmp_path_factory.mktemp("fewest")
    for name in ("fewest.toml", "fewest.py"):
        shutil.copy(HOWTO / name, folder / name)
    record = folder / "t5_fewest.json"
    assert main(["simulate", "take5", "--players", "3", "--games", "1", "--seed", "1", "-q",
                 "--reading", str(folder / "fewest.toml"), "--record", str(record)]) == 0
    return folder / "fewest.toml", record


def _longest_row(svg: str) -> int:
    """The most cards in one row of a Take 5 picture (row cards are ``<g class="card row">`` at one height)."""
    heights = re.findall(r'<g class="card row"><title>[^<]*</title><rect x="[\d.]+" y="([\d.]+)"', svg)
    return max(Counter(heights).values(), default=0)


def test_a_data_only_house_rule_is_replayed_under_its_numbers(four: tuple[Path, Path]) -> None:
    _, path = four
    record = load_record(path)
    assert record.variant["row_capacity"] == 4
    assert not (record.reading or {}).get("plugin_sha256")  # flags only: no plugin in its identity
    replay = build_steps(record)
    assert replay.illegal_at is None and len(replay.steps) == len(record.moves) + 1
    assert "Four cards a row" in replay.reading and "row_capacity=4" in replay.reading
    assert max(_longest_row(svg) for svg in replay.pictures) == 4  # full rows of four, never five


def test_show_draws_the_position_under_the_reading(four: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    reading, path = four
    assert main(["show", str(path), "--move", "300", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert "row_capacity=4" in body["reading"] and "Four cards a row" in body["reading"]
    rows = [line for line in body["picture"].splitlines() if line.lstrip().startswith("row ")]
    assert rows and all(line.count("(") <= 4 for line in rows)  # a card is drawn as 55(7): at most four a row


def test_a_plugin_reading_s_record_is_refused_without_its_reading(fewest: tuple[Path, Path], tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    reading, path = fewest
    record = load_record(path)
    assert record.reading and record.reading["title"] == "Fewest cards"
    with pytest.raises(RecordError, match="--reading FILE"):
        build_steps(record)
    assert main(["show", str(path)]) == 2
    assert "--reading" in capsys.readouterr().err
    assert main(["replay", str(path), "--html", str(tmp_path / "a.html")]) == 2
    assert not (tmp_path / "a.html").exists()
    capsys.readouterr()
    assert main(["show", str(path), "--reading", str(reading), "--json"]) == 0
    assert "Fewest cards" in json.loads(capsys.readouterr().out)["reading"]
    assert main(["replay", str(path), "--reading", str(reading), "--html", str(tmp_path / "b.html")]) == 0
    page = (tmp_path / "b.html").read_text(encoding="utf-8")
    assert "Fewest cards" in page and "is illegal" not in page


def test_a_record_is_refused_under_another_reading(four: tuple[Path, Path], fewest: tuple[Path, Path],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    _, path = four
    other, _ = fewest
    assert main(["show", str(path), "--reading", str(other)]) == 2
    message = capsys.readouterr().err
    assert "another reading" in message and "row_capacity" in message
    with pytest.raises(RecordError, match="another reading"):
        build_steps(load_record(path), reading=load_reading(other))


def test_play_follows_the_reading_and_its_record_carries_it(fewest: tuple[Path, Path], tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Three random bots under the plugin reading play a whole game; the saved record names the reading."""
    import io

    reading, _ = fewest
    record = tmp_path / "played.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "take5", "--seats", "random,random,random", "--seed", "2", "--reading", str(reading),
                 "--record", str(record)]) == 0
    assert "Fewest cards" in capsys.readouterr().out
    saved = load_record(record)
    assert saved.reading and saved.reading["title"] == "Fewest cards"
    assert main(["validate", str(record), "--reading", str(reading)]) == 0
    capsys.readouterr()


def test_the_four_cards_a_row_record_in_headless_chromium(four: tuple[Path, Path], tmp_path: Path,
                                                          request: pytest.FixtureRequest) -> None:
    """The page replays the house-rule record to its last move and draws no five-card row (issue 31)."""
    from tests.checkers.test_view_interactive import shared_browser

    browser = shared_browser(request.config)  # the process's Chromium, shared with test_view_interactive.py
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import WebDriverWait

        _, path = four
        record = load_record(path)
        page = tmp_path / "four.html"
        page.write_text(replay_html(record), encoding="utf-8")
        browser.get(page.as_uri())
        WebDriverWait(browser, PATIENCE).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
                                         == "1")
        body = browser.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.END)
        step = browser.execute_script("return document.body.getAttribute('data-step');")
        assert step == str(len(record.moves))  # the last move, not an early stop on an "illegal" move
        svg = browser.execute_script("return document.getElementById('picture').innerHTML;")
        assert 0 < _longest_row(svg) <= 4
        text = browser.find_element(By.TAG_NAME, "body").text
        assert "illegal" not in text.lower() and "row_capacity=4" in text
    finally:
        browser.get("about:blank")
