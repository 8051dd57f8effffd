"""Seeing games, driven as a person would (issue 18): ``ruleproof play`` in a pseudo-terminal, and the
replay viewer in headless Chromium.

The browser test needs Selenium, ``/usr/bin/chromium`` and ``/usr/bin/chromedriver``; without them it is
skipped, unless ``RULEPROOF_REQUIRE_BROWSER=1``, when it fails.
"""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.checks.validate import validate_record
from ruleproof.checkers.view.replay import opening_step, replay_html
from ruleproof.checkers.view.steps import build_steps
from ruleproof.model.io.records import GameRecord, load_record, make_record
from ruleproof.model.registry import game_for
from patience import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("take5", "bigfive", "bigpoints", "ikebana", "cinco")


def _ruleproof() -> list[str]:
    exe = Path(sys.executable).with_name("ruleproof")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "ruleproof.checkers.cli.main"]


def test_play_take5_by_numbers_against_random_bots(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    record_path = tmp_path / "game.json"
    command = _ruleproof() + ["play", "take5", "--seats", "human,random,random", "--seed", "5",
                              "--record", str(record_path)]
    child = pexpect.spawn(command[0], command[1:], encoding="utf-8", timeout=PATIENCE, dimensions=(50, 160),
                          env={**os.environ, "COLUMNS": "160"})
    prompt = re.compile(r"seat 0> ")
    child.expect(prompt)
    child.sendline("play 999")  # not in the hand
    child.expect(r"illegal move, it breaks (T5-[A-Z]+-\d+)")
    assert child.match.group(1) == "T5-SELECT-1"
    child.expect(prompt)
    child.sendline("undo")
    child.expect("nothing to take back")
    child.expect(prompt)
    child.sendline("show")  # a refused line does not redraw the position; `show` does
    human_moves = 0
    while True:
        index = child.expect([prompt, "game over", pexpect.EOF])
        if index != 0:
            break
        # the listing before the prompt: pick the first numbered move, as a person reading it would
        listing = child.before or ""
        numbers = re.findall(r"(\d+)\) \S", listing)
        assert numbers, listing
        child.sendline(numbers[0])
        human_moves += 1
        assert human_moves < 200
    child.expect(pexpect.EOF)
    output = (child.before or "")
    assert "validates" in output and "NOT" not in output
    assert human_moves >= 10  # ten choices at least, plus any rows taken
    record = load_record(record_path)
    result = validate_record(record)
    assert result.ok and result.finished
    assert [m.actor for m in record.moves].count(0) == human_moves


def test_play_without_openspiel_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof.checkers.view.play import Session
    from ruleproof.spec.errors import RuleproofError

    monkeypatch.setitem(sys.modules, "open_spiel", None)
    monkeypatch.setitem(sys.modules, "open_spiel.python.algorithms", None)
    with pytest.raises(RuleproofError, match=r"ruleproof\[openspiel\]"):
        Session("take5", ["human", "mcts"], seed=1)


def test_mcts_bot_plays_legal_moves() -> None:
    pytest.importorskip("pyspiel")
    from ruleproof.checkers.view.play import Session

    session = Session("take5", ["mcts", "human"], seed=2, simulations=10)
    session.advance()  # chance deals, the bot chooses a card, then seat 1 (a person) must choose
    assert session.actor == 1 and [a for a, _ in session.history].count(0) == 1
    assert validate_record(session.record()).ok


# -- the replay viewer in a browser ---------------------------------------------------------


def _driver() -> Any:
    required = os.environ.get("RULEPROOF_REQUIRE_BROWSER") == "1"
    missing = [p for p in ("/usr/bin/chromium", "/usr/bin/chromedriver") if not Path(p).exists()]
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing.append("selenium")
    if missing:
        if required:
            pytest.fail(f"RULEPROOF_REQUIRE_BROWSER=1 but {', '.join(missing)} missing")
        pytest.skip(f"no browser: {', '.join(missing)} missing")
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,900"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


#: The one Chromium of this pytest process, started by the first module that needs it (this one,
#: test_replay_steps.py or test_views_follow_the_reading.py) and quit when pytest ends: each start costs about
#: 0.9 s of CPU (session 42).
_SHARED: list[Any] = []


def shared_browser(config: pytest.Config) -> Any:
    """The process's Chromium, on a blank page with its console log read (a module starts with no messages of
    another module's pages)."""
    if not _SHARED:
        driver = _driver()
        _SHARED.append(driver)

        def quit_it() -> None:
            _SHARED.clear()
            driver.quit()

        config.add_cleanup(quit_it)
    driver = _SHARED[0]
    driver.get("about:blank")
    driver.get_log("browser")
    return driver


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Any:
    driver = shared_browser(request.config)
    yield driver
    driver.get("about:blank")  # nothing left running between the modules


#: Moves of each record stepped through in the browser (a record's prefix is a record; each step is a few
#: browser round trips and a redrawn picture): the default run steps through a prefix of :data:`BROWSER_GAMES`
#: (20 moves: the deal, the first plays and rule checks; about 3 s of CPU less than 40), the slow run
#: (``.ci/extra``) through the same prefix of the other games and :data:`SLOW_BROWSER_MOVES` of every game.
BROWSER_MOVES = 20
SLOW_BROWSER_MOVES = 150
#: The games the default run steps through in the browser: a row of cards, a grid and a hex board (the page's
#: script is the same for every game; test_view.py checks every game's page without a browser). Session 42:
#: BigPoints and Ikebana at 20 moves moved to ``-m slow``, about 1.7 s of CPU (Chromium's included) less.
BROWSER_GAMES = ("take5", "bigfive", "cinco")


def _record(game_id: str, seed: int = 4, moves: int = BROWSER_MOVES) -> GameRecord:
    """The first ``moves`` moves of a seeded random two-seat game."""
    game = game_for(game_id)
    players = max(2, game.spec.min_players)
    state = game.initial_state(players, game.default_variant())
    rng = random.Random(seed)
    history = []
    while not game.is_terminal(state) and len(history) < moves:
        actor = game.current_player(state)
        move = game.random_move(state, rng, actor)
        history.append((actor, move))
        state = game.apply(state, move)
    return make_record(game_id, players, game.default_variant(), history)


_READ = """
const p = document.getElementById('picture');
return {step: document.body.getAttribute('data-step'), picture: p.getAttribute('data-picture'),
        svg: p.innerHTML.length, rules: document.getElementById('rules').textContent,
        words: document.getElementById('words').textContent};
"""


@pytest.mark.parametrize(("game", "moves"), [
    *(pytest.param(game, BROWSER_MOVES, marks=() if game in BROWSER_GAMES else (pytest.mark.slow,)) for game in GAMES),
    *(pytest.param(game, SLOW_BROWSER_MOVES, marks=pytest.mark.slow) for game in GAMES)])
def test_replay_viewer_steps_through_every_move(game: str, moves: int, browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    record = _record(game, moves=moves)
    replay = build_steps(record)
    page = tmp_path / f"{game}.html"
    page.write_text(replay_html(replay, title=f"{game} replay"), encoding="utf-8")
    browser.get(page.as_uri())
    WebDriverWait(browser, PATIENCE).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    body = browser.find_element(By.TAG_NAME, "body")
    seen = browser.execute_script(_READ)
    assert seen["step"] == str(opening_step(replay)) and seen["svg"] > 100  # it opens on the first seat move
    body.send_keys(Keys.HOME)
    seen = browser.execute_script(_READ)
    assert seen["step"] == "0"
    changed_pictures = changed_rules = 0
    for index in range(1, len(replay.steps)):
        body.send_keys(Keys.ARROW_RIGHT)
        now = browser.execute_script(_READ)
        step = replay.steps[index]
        assert now["step"] == str(index)
        assert now["picture"] == str(step.pictures[0])  # the referee's picture of this step
        assert all(r.id in now["rules"] for r in step.rules)
        assert now["words"] == step.words
        changed_pictures += now["picture"] != seen["picture"]
        changed_rules += now["rules"] != seen["rules"]
        seen = now
    moves = len(replay.steps) - 1
    assert moves >= 20
    # every move changes the position; a picture may repeat only when nothing visible moved (rare)
    assert changed_pictures >= 0.9 * moves and changed_rules >= 1
    body.send_keys(Keys.ARROW_RIGHT)  # past the end: stays on the last step
    assert browser.execute_script(_READ)["step"] == str(moves)
    body.send_keys(Keys.HOME)
    assert browser.execute_script(_READ)["step"] == "0"
    radios = browser.find_elements(By.CSS_SELECTOR, "input[name=view]")
    assert len(radios) == record.players + 1
    body.send_keys(Keys.END)
    radios[1].click()
    assert browser.execute_script(_READ)["picture"] == str(replay.steps[-1].pictures[1])
    errors = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
    assert errors == []
    resources = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".concat(performance.getEntriesByType('navigation').map(e => e.name));")
    assert all(name.startswith(("file:", "data:", "blob:")) for name in resources), resources


def test_replay_viewer_shows_a_witness(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from ruleproof.checkers.view.sources import finding_sources

    source = finding_sources("T5-F-5", solve=False)[0]
    page = tmp_path / "t5.html"
    page.write_text(replay_html(source.record, title=source.title, notes=source.notes), encoding="utf-8")
    browser.get(page.as_uri())
    WebDriverWait(browser, PATIENCE).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    slider = browser.find_element(By.ID, "slider")
    browser.execute_script("arguments[0].value = arguments[0].max; arguments[0].dispatchEvent(new Event('input'));",
                           slider)
    moves = len(source.record.moves)
    assert browser.find_element(By.ID, "counter").text == f"step {moves} / {moves}"
    assert "T5-F-5" in browser.find_element(By.TAG_NAME, "header").text
    shots = os.environ.get("RULEPROOF_REPLAY_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(shots) / "T5-F-5-test.png"))
