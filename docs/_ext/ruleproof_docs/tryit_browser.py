"""Driving the try-it board in headless Chromium with no network: the build's load-time measurement and the tests.

The built site is served by ``http.server`` on 127.0.0.1 (browsers do not let
a page opened from ``file://`` fetch the runtime); Chromium (Debian's
``chromium`` and ``chromium-driver``, driven by Selenium with the driver's
path given, so Selenium never downloads a browser) resolves every host name
to nothing and sends everything but the loopback address to a closed proxy
port (:data:`OFFLINE_FLAGS`), so a resource from anywhere else fails to load
instead of loading from the network. :func:`foreign_resources` lists what a
page fetched from anywhere but the local server.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMIUM_FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1280,1000", "--hide-scrollbars",
)
#: No network: no name resolves, and every address but the loopback goes to a proxy port nothing listens on.
OFFLINE_FLAGS = (
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",
    "--proxy-bypass-list=127.0.0.1",
)


#: How long :func:`start_board` waits for the open page to show its boards (seconds; a safety net, not a verdict).
BOARDS_PATIENCE = 30


class BrowserMissing(Exception):
    """Selenium, Chromium or chromedriver is not installed (the message says which, and how to get it)."""


def _find(names: tuple[str, ...], env: str) -> str | None:
    explicit = os.environ.get(env)
    if explicit:
        return explicit if Path(explicit).exists() else None
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


def find_browser() -> tuple[str, str]:
    """(chromium, chromedriver) paths (``$RULEPROOF_CHROMIUM``, ``$RULEPROOF_CHROMEDRIVER`` or on ``PATH``).

    :raises BrowserMissing: naming what is missing.
    """
    if importlib.util.find_spec("selenium") is None:
        raise BrowserMissing("Selenium is not installed (pip install -e '.[test]')")
    chromium = _find(CHROMIUM_NAMES, "RULEPROOF_CHROMIUM")
    driver = _find(("chromedriver",), "RULEPROOF_CHROMEDRIVER")
    if chromium is None or driver is None:
        missing = " and ".join(n for n, p in (("chromium", chromium), ("chromedriver", driver)) if p is None)
        raise BrowserMissing(f"no {missing} (apt-get install -y chromium chromium-driver)")
    return chromium, driver


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
    """``site`` served on 127.0.0.1 (a free port) while the block runs; yields the root URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextlib.contextmanager
def offline_chromium(chromium: str, driver_path: str) -> Iterator[Any]:
    """A headless Chromium with no network (:data:`OFFLINE_FLAGS`) and a fresh profile, driven by Selenium."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="ruleproof-tryit-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*CHROMIUM_FLAGS, *OFFLINE_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(300)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def start_board(driver: Any, index: int = 0, timeout: float = 180) -> dict[str, Any]:
    """Press *Try it here* on board ``index`` of the open page and wait until it is ready.

    :returns: the page's timings of that board (``seconds`` from the click, ``runtime_seconds``, …).
    :raises RuntimeError: the board failed (with its message) or was not ready within ``timeout``.
    """
    # A loaded page has its boards in its HTML; a busy machine has been seen to return from the navigation
    # before the page was there (the build's measurement then found 0 boards), so the boards are waited for.
    deadline = time.monotonic() + BOARDS_PATIENCE
    while len(boards := driver.find_elements("css selector", "div.rp-tryit")) <= index:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the page has {len(boards)} boards; no board {index} "
                               f"(at {driver.current_url!r}, titled {driver.title!r})")
        time.sleep(0.1)
    board = boards[index]
    driver.execute_script("arguments[0].scrollIntoView(); arguments[0].querySelector('button.rp-tryit-start')"
                          ".click();", board)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = board.get_attribute("data-state")
        if state == "ready":
            timing = driver.execute_script("return window.rpTryit.timings[arguments[0]];",
                                           board.get_attribute("data-game"))
            return dict(timing or {}, seconds=float(board.get_attribute("data-load-seconds")))
        if state == "failed":
            raise RuntimeError(board.text)
        time.sleep(0.1)
    raise RuntimeError(f"the board was not ready after {timeout:.0f} s")


def foreign_resources(driver: Any, root: str) -> list[str]:
    """Every resource the open page loaded from anywhere but ``root`` (the local server)."""
    urls: list[str] = driver.execute_script(
        "return [location.href].concat(performance.getEntriesByType('resource').map(e => e.name));")
    return [u for u in urls if not (u.startswith(root) or u.startswith("data:") or u.startswith("blob:"))]


def measure(site: Path, page: str, timeout: float = 180) -> dict[str, Any]:
    """Open ``page`` of the built ``site`` offline, start its first board, and time it.

    :raises BrowserMissing: without Selenium, Chromium or chromedriver.
    """
    chromium, driver_path = find_browser()
    with served(site) as root, offline_chromium(chromium, driver_path) as driver:
        started = time.perf_counter()
        driver.get(root + page)
        page_seconds = time.perf_counter() - started
        timing = start_board(driver, 0, timeout)
        foreign = foreign_resources(driver, root)
        if foreign:
            raise RuntimeError(f"the page fetched {len(foreign)} resources from elsewhere: {foreign[:3]}")
        return {"page": page, "page_seconds": round(page_seconds, 3),
                **{k: round(float(v), 3) for k, v in timing.items()}}
