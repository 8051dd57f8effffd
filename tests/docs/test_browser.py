"""A real-browser check of the built site: headless Chromium loads every page.

The site is served from ``docs/_build/html`` by ``http.server`` on 127.0.0.1 in
a thread; Chromium (Debian packages ``chromium`` and ``chromium-driver``) is
driven through chromedriver by a minimal W3C WebDriver client over plain HTTP
(standard library only: no Selenium, no browser download). Every page must
load without console errors, every image must load, and every internal link
must reach an existing page and, when it has a fragment, an existing id there.
A screenshot of each game's page is saved to ``docs/_build/screenshots/<game>.png``.

Without Chromium or chromedriver the test is skipped with the reason,
unless ``RULEPROOF_REQUIRE_BROWSER=1`` (set by ``.ci/run``, which installs them):
then it fails.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ruleproof.model.registry import available_games

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMIUM_FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1280,1600", "--hide-scrollbars",
)
#: Console messages at this level fail the check.
ERROR_LEVELS = {"SEVERE"}


def _find(names: tuple[str, ...], env: str) -> str | None:
    explicit = os.environ.get(env)
    if explicit:
        return explicit if Path(explicit).exists() else None
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


def _missing(reason: str) -> None:
    """Skip, or fail where the browser check is required (``RULEPROOF_REQUIRE_BROWSER=1``, as in CI)."""
    if os.environ.get("RULEPROOF_REQUIRE_BROWSER") == "1":
        pytest.fail(f"RULEPROOF_REQUIRE_BROWSER is set but {reason}")
    pytest.skip(reason)


def _requirements() -> tuple[str, str]:
    """(chromium, chromedriver) paths, or skip the test with what is missing."""
    chromium = _find(CHROMIUM_NAMES, "RULEPROOF_CHROMIUM")
    driver = _find(("chromedriver",), "RULEPROOF_CHROMEDRIVER")
    if chromium is None or driver is None:
        missing = " and ".join(n for n, p in (("chromium", chromium), ("chromedriver", driver)) if p is None)
        _missing(f"the browser check needs {missing}: apt-get install -y chromium chromium-driver")
    assert chromium is not None and driver is not None
    return chromium, driver


class WebDriver:
    """A minimal W3C WebDriver client for chromedriver over plain HTTP (standard library only).

    It speaks the few commands the check needs — new session, navigate,
    execute script, browser log, screenshot — so no client library is needed.
    """

    def __init__(self, driver_path: str, chromium: str, args: list[str]) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen([driver_path, f"--port={port}"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{port}"
        self.session = ""
        deadline = time.monotonic() + 30
        while True:
            try:
                if self._call("GET", "/status").get("ready"):
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.quit()
                raise RuntimeError(f"chromedriver at {driver_path} did not start")
            time.sleep(0.1)
        capabilities = {"browserName": "chrome", "goog:loggingPrefs": {"browser": "ALL"},
                        "goog:chromeOptions": {"binary": chromium, "args": args}}
        try:
            created = self._call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        except Exception:
            self.quit()
            raise
        self.session = f"/session/{created['sessionId']}"
        self._call("POST", f"{self.session}/timeouts", {"pageLoad": 60_000, "script": 30_000})

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body).encode() if body is not None else (b"{}" if method == "POST" else None)
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                payload = json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as exc:
            payload = json.loads(exc.read() or b"{}")
            value = payload.get("value") or {}
            raise RuntimeError(f"webdriver {method} {path}: {value.get('error')}: {value.get('message')}") from None
        return payload.get("value")

    def get(self, url: str) -> None:
        self._call("POST", f"{self.session}/url", {"url": url})

    def execute(self, script: str) -> Any:
        return self._call("POST", f"{self.session}/execute/sync", {"script": script, "args": []})

    def browser_log(self) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = self._call("POST", f"{self.session}/se/log", {"type": "browser"}) or []
        return entries

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self._call("GET", f"{self.session}/screenshot")))

    def quit(self) -> None:
        if self.session:
            try:
                self._call("DELETE", self.session)
            except (OSError, RuntimeError):
                pass
            self.session = ""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


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
def browser() -> Iterator[WebDriver]:
    chromium, driver_path = _requirements()
    profile = tempfile.mkdtemp(prefix="ruleproof-chromium-")
    driver = WebDriver(driver_path, chromium, [*CHROMIUM_FLAGS, f"--user-data-dir={profile}"])
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


_PAGE_STATE = """
return {
  ready: document.readyState,
  brokenImages: Array.from(document.images)
      .filter(img => !(img.complete && img.naturalWidth > 0)).map(img => img.currentSrc || img.src),
  links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
  ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id),
};
"""


def _wait_loaded(driver: WebDriver) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while True:
        state: dict[str, Any] = driver.execute(_PAGE_STATE)
        if state["ready"] == "complete" or time.monotonic() > deadline:
            return state
        time.sleep(0.05)


def test_every_page_loads_without_errors_broken_images_or_links(
    browser: WebDriver, site: Path, server: str, docs_build_dir: Path
) -> None:
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert "games/index.html" in pages
    ids: dict[str, set[str]] = {}
    links: dict[str, set[str]] = {}
    problems: list[str] = []
    shots = docs_build_dir / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    game_pages = {f"games/{game}.html": shots / f"{game}.png" for game in available_games()}
    browser.get(server)  # warm up
    browser.browser_log()
    for page in pages:
        browser.get(server + page)
        state = _wait_loaded(browser)
        if page in game_pages:
            browser.screenshot(game_pages[page])
        if state["ready"] != "complete":
            problems.append(f"{page}: did not finish loading")
        for entry in browser.browser_log():
            # Chromium may probe /favicon.ico before it reads the page's <link rel="icon">.
            if entry.get("level") in ERROR_LEVELS and "/favicon.ico" not in str(entry.get("message")):
                problems.append(f"{page}: console error: {entry.get('message')}")
        for src in state["brokenImages"]:
            problems.append(f"{page}: image did not load: {src}")
        ids[page] = set(state["ids"])
        links[page] = set(state["links"])

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
            if parsed.fragment and target.endswith(".html"):
                fragment = urllib.parse.unquote(parsed.fragment)
                if target not in ids:
                    continue
                if fragment not in ids[target]:
                    problems.append(f"{page}: broken anchor {href} (no id {fragment!r} in {target})")
    report = docs_build_dir / "browser-problems.txt"  # kept for CI logs
    report.write_text("\n".join(problems) + "\n", encoding="utf-8")
    assert not problems, f"{len(problems)} problem(s) (all in {report}):\n" + "\n".join(problems[:60])

    for page, shot in game_pages.items():
        assert shot.stat().st_size > 10_000, f"{shot} looks empty"
