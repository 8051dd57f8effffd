"""The docs build, shared by the build test and the browser check (built once per session)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
BUILD = DOCS / "_build"


@dataclass
class Build:
    """One sphinx-build run."""

    out: Path
    returncode: int
    output: str
    seconds: float

    def describe(self) -> str:
        tail = "\n".join(self.output.strip().splitlines()[-40:])
        return f"sphinx-build exited {self.returncode} after {self.seconds:.0f} s:\n{tail}"


def sphinx_build(builder: str, out: Path, *options: str, fresh: bool = True) -> Build:
    """Run ``sphinx-build -W --keep-going -b BUILDER docs OUT`` in a subprocess."""
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", builder, *options]
    if fresh:
        cmd.append("-E")
    cmd += [str(DOCS), str(out)]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    return Build(out, proc.returncode, proc.stdout + proc.stderr, time.perf_counter() - start)


@pytest.fixture(name="sphinx_build", scope="session")
def sphinx_build_fixture() -> Callable[..., Build]:
    """:func:`sphinx_build`, for tests that run their own build."""
    return sphinx_build


@pytest.fixture(scope="session")
def docs_build_dir() -> Path:
    """``docs/_build``."""
    return BUILD


@pytest.fixture(scope="session")
def html_build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The HTML site, built from scratch with warnings as errors into a fresh folder.

    A fresh folder keeps concurrent runs apart and viewcode from keeping stale
    module pages. With ``RULEPROOF_DOCS_REUSE=1`` the existing
    ``docs/_build/html`` is used instead, with ``RULEPROOF_DOCS_REUSE=FOLDER``
    that built site (for working on the checks).
    """
    reuse = os.environ.get("RULEPROOF_DOCS_REUSE", "")
    existing = BUILD / "html" if reuse == "1" else Path(reuse)
    if reuse and (existing / "index.html").exists():
        return Build(existing, 0, "build succeeded (reused)", 0.0)
    return sphinx_build("html", tmp_path_factory.mktemp("docs") / "html")


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
