"""The docs build, shared by the build test and the browser check (built once per session)."""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
BUILD = DOCS / "_build"
EXT = DOCS / "_ext"


@dataclass
class Build:
    """One sphinx-build run."""

    out: Path
    returncode: int
    output: str
    seconds: float
    #: The findings the build answered (``ruleproof_findings_sample``); ``None``: every question of every catalogue.
    sample: tuple[str, ...] | None = None

    def asked(self, game: str) -> list[str]:
        """The ids of ``game``'s catalogue this build answered and shows, in the catalogue's order."""
        from ruleproof.checkers.catalogue.questions import questions

        return [q.id for q in questions(game) if self.sample is None or q.id in self.sample]

    def describe(self) -> str:
        tail = "\n".join(self.output.strip().splitlines()[-40:])
        return f"sphinx-build exited {self.returncode} after {self.seconds:.0f} s:\n{tail}"


def sphinx_build(builder: str, out: Path, *options: str, fresh: bool = True, env: dict[str, str] | None = None) -> Build:
    """Run ``sphinx-build -W --keep-going -b BUILDER docs OUT`` in a subprocess (``env``: variables to set)."""
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", builder, *options]
    if fresh:
        cmd.append("-E")
    cmd += [str(DOCS), str(out)]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env={**os.environ, **(env or {})})
    return Build(out, proc.returncode, proc.stdout + proc.stderr, time.perf_counter() - start)


@pytest.fixture(name="sphinx_build", scope="session")
def sphinx_build_fixture() -> Callable[..., Build]:
    """:func:`sphinx_build`, for tests that run their own build."""
    return sphinx_build


@pytest.fixture(scope="session")
def docs_build_dir() -> Path:
    """``docs/_build``."""
    return BUILD


#: The session's build leaves out the one thing no test reads from it: the try-it board's load time, measured
#: in a Chromium of the build's own (about 5 s of CPU, most of it in Chromium's renderers). The published site
#: measures it (``conf.py`` keeps ``auto``); the board's browser tests time their own boards, and the
#: measurement itself is ``test_tryit_browser.py::test_the_builds_load_time_measurement_times_a_board``
#: (``-m slow``, run by ``.ci/extra``).
UNMEASURED = ("-D", "ruleproof_tryit_measure=0")

#: The findings the default run's build answers (``ruleproof_findings_sample``): the quick catalogue of all five
#: games costs about 13 s of CPU on a cold build (the solving and the SMT-LIB text of each question), 7 s of it
#: Big Five's and 3 s Cinco's. The sample keeps the two cheapest catalogues whole (Take 5, Ikebana) and, of each
#: other game, questions of each verdict and kind the pages show: an unsat proof with its SMT-LIB files, a sat
#: witness drawn (BF-F-2: a Big Five board, whose thumbnail the browser check measures), a state-space answer.
#: Together more than 50 small SMT-LIB files, both verdicts and both kinds of query (check and optimum bound).
#: A session that selects a slow test (``-m slow``: ``.ci/extra``) builds the whole catalogue, and
#: ``test_docs_build.py::test_a_whole_build_shows_every_finding_of_every_catalogue`` checks every game's pages.
CATALOGUE_SAMPLE = (
    "BF-F-2", "BF-F-6", "BF-F-7", "WF-BF-1", "WF-BF-2",
    "BP-F-1", "BP-F-3", "BP-F-5", "WF-BP-3",
    "CI-F-3", "CI-F-4", "CI-F-8", "CI-F-12", "CI-F-16", "WF-CI-1", "WF-CI-3",
)
#: The catalogues the default run's build answers whole.
WHOLE_CATALOGUES = ("take5", "ikebana")


def catalogue_sample() -> tuple[str, ...]:
    """Every finding id the default run's build answers: :data:`WHOLE_CATALOGUES` and :data:`CATALOGUE_SAMPLE`."""
    from ruleproof.checkers.catalogue.questions import questions

    return tuple(sorted({q.id for game in WHOLE_CATALOGUES for q in questions(game)} | set(CATALOGUE_SAMPLE)))


def _runs_slow_tests(session: pytest.Session) -> bool:
    return any(item.get_closest_marker("slow") for item in session.items)


@pytest.fixture(scope="session")
def html_build(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The HTML site, built from scratch with warnings as errors into a fresh folder (:data:`UNMEASURED`).

    The default run's build answers a sample of the findings catalogue (:data:`CATALOGUE_SAMPLE`); a session
    that runs slow tests builds it whole. A fresh folder keeps concurrent runs apart and viewcode from keeping
    stale module pages. With ``RULEPROOF_DOCS_REUSE=1`` the existing ``docs/_build/html`` is used instead, with
    ``RULEPROOF_DOCS_REUSE=FOLDER`` that built site (for working on the checks; taken as a whole build).
    """
    reuse = os.environ.get("RULEPROOF_DOCS_REUSE", "")
    existing = BUILD / "html" if reuse == "1" else Path(reuse)
    if reuse and (existing / "index.html").exists():
        return Build(existing, 0, "build succeeded (reused)", 0.0)
    if _runs_slow_tests(request.session):
        return sphinx_build("html", tmp_path_factory.mktemp("docs") / "html", *UNMEASURED)
    sample = catalogue_sample()
    build = sphinx_build("html", tmp_path_factory.mktemp("docs") / "html", *UNMEASURED,
                         "-D", f"ruleproof_findings_sample={','.join(sample)}")
    return dataclasses.replace(build, sample=sample)


#: Switches that keep a build that is meant to fail from computing what it will never show.
CHEAP = ("-D", "ruleproof_findings=0", "-D", "ruleproof_capture_examples=0", "-D", "ruleproof_reading_diffs=0")
#: Appended to Cinco's rulebook as a paragraph of its own: no rule encodes it and nothing justifies it.
UNENCODED_PARAGRAPH = "Кто первым съест все фишки, тот получает приз."
#: Added at the end of a paragraph of Take 5's rulebook that rules encode: no rule quotes it.
UNQUOTED_SENTENCE = "Кто первым наберёт сто штрафных очков, тот получает приз."


@dataclass
class BrokenBooks:
    """The rulebooks with :data:`UNENCODED_PARAGRAPH` and :data:`UNQUOTED_SENTENCE` added, and their build."""

    books: Path
    #: The number of the encoded Take 5 paragraph the sentence went into.
    sentence_paragraph: int
    build: Build
    paragraph: str = UNENCODED_PARAGRAPH
    sentence: str = UNQUOTED_SENTENCE


@pytest.fixture(scope="session")
def broken_books(tmp_path_factory: pytest.TempPathFactory) -> BrokenBooks:
    """One deliberately broken build, shared by the tests of both coverage gates (each checks its own game's line).

    The coverage gate reports every game's gaps at once and stops the build, so one build shows both.
    """
    from ruleproof.spec import sources
    from ruleproof.spec.registry import spec_for

    root = tmp_path_factory.mktemp("broken-books")
    books = root / "shared" / "rulebooks"
    shutil.copytree(sources.rulebooks_dir(), books)
    (root / "shared" / sources.NOTES_FILE).write_text(sources.read_text(sources.NOTES_FILE), encoding="utf-8")
    cinco = books / spec_for("cinco").rulebook
    cinco.write_text(cinco.read_text(encoding="utf-8").rstrip("\n") + f"\n\n{UNENCODED_PARAGRAPH}\n", encoding="utf-8")
    take5 = books / spec_for("take5").rulebook
    entry = next(e for e in sources.coverage("take5").entries if e.encoded_by and e.paragraph.kind.value != "heading")
    text = take5.read_text(encoding="utf-8")
    end = entry.paragraph.end
    take5.write_text(text[:end] + " " + UNQUOTED_SENTENCE + text[end:], encoding="utf-8")
    run = sphinx_build("html", root / "out", *CHEAP, "-d", str(root / "doctrees"), env={"RULEPROOF_RULEBOOKS": str(books)})
    return BrokenBooks(books, int(entry.paragraph.number), run)


@pytest.fixture(scope="session")
def site(html_build: Build) -> Path:
    """The built site's folder; fails the test when the build failed."""
    if html_build.returncode != 0:
        pytest.fail(html_build.describe())
    return html_build.out


class PageParser(HTMLParser):
    """The ids, links, images and text of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.images: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        if tag == "img" and values.get("src"):
            self.images.append(str(values["src"]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@dataclass
class Page:
    path: Path
    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    text: str = ""


def parse_page(path: Path) -> Page:
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    return Page(path, parser.ids, parser.links, parser.images, re.sub(r"\s+", " ", "".join(parser.text)))


@pytest.fixture(scope="session")
def pages(site: Path) -> dict[str, Page]:
    """Every built page, by its path relative to the site (``games/take5.html``)."""
    return {p.relative_to(site).as_posix(): parse_page(p) for p in sorted(site.rglob("*.html"))}


@pytest.fixture(scope="session")
def published(site: Path) -> dict[str, Any]:
    """``_generated/site.json`` of the build: what it says it published, per game."""
    data: dict[str, Any] = json.loads((DOCS / "_generated" / "site.json").read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="session")
def source_view(pages: dict[str, Page]) -> Callable[[str], Page]:
    """A game's source view read as one page: a long rulebook's is in parts (``source.html``, ``source-2.html``, …)."""

    def joined(game: str) -> Page:
        parts = [p for name, p in pages.items() if re.fullmatch(rf"games/{game}/source(-\d+)?\.html", name)]
        parts.sort(key=lambda p: (p.path.name != "source.html", p.path.name))
        assert parts and parts[0].path.name == "source.html", f"games/{game}/source.html is missing"
        return Page(parts[0].path, set().union(*(p.ids for p in parts)), [link for p in parts for link in p.links],
                    [image for p in parts for image in p.images], " ".join(p.text for p in parts))

    return joined


def ext_module(name: str) -> Any:
    """``ruleproof_docs.NAME`` of the docs extension (``docs/_ext`` put on ``sys.path`` once)."""
    if str(EXT) not in sys.path:
        sys.path.insert(0, str(EXT))
    return importlib.import_module(f"ruleproof_docs.{name}")


def browser_missing(reason: str) -> None:
    """Skip, or fail where the browser checks are required (``RULEPROOF_REQUIRE_BROWSER=1``, as in CI)."""
    if os.environ.get("RULEPROOF_REQUIRE_BROWSER") == "1":
        pytest.fail(f"RULEPROOF_REQUIRE_BROWSER is set but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def offline_browser() -> Iterator[Any]:
    """A headless Chromium with no network for one test module, driven by Selenium.

    The browser check of the site (``test_browser.py``) and the try-it board's (``test_tryit_browser.py``)
    start it the same way. No network (:data:`ruleproof_docs.tryit_browser.OFFLINE_FLAGS`) also means a page
    that needed anything but the local server shows it as a console error. One Chromium for the whole
    session was measured and saved nothing: its start (0.9 s of CPU) is about what it costs idling through
    the modules between the two (a full ``tests/docs`` run counted 2 s more in all for the shared one).
    """
    browser = ext_module("tryit_browser")
    try:
        chromium, driver_path = browser.find_browser()
    except browser.BrowserMissing as exc:
        browser_missing(f"the browser checks need a browser: {exc}")
    with browser.offline_chromium(chromium, driver_path) as driver:
        yield driver
