"""Furo's sidebar from a stand-in per folder (``docs/_ext/ruleproof_navcache.py``) is Furo's own sidebar.

A small site with the shapes the real one has (nested and hidden toctrees, a
page listed twice, a ``self`` entry, a page four levels deep, an orphan, the
generated index, a title with quotes and "class" in it) is built in this process with every page checked against
Furo's own computation; a planted fault in the marking must be caught. The
real site checks a few pages the same way on every build (``conf.py``'s
``ruleproof_navcache_check``, a difference is a warning and ``-W`` fails the
session's build); the last test makes sure those pages are the root, a deep
page and all its ancestors.
"""

from __future__ import annotations

import importlib
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"

PAGES = {
    "index": "Home\n====\n\n.. toctree::\n   :caption: Contents\n\n   a\n   sub/index\n   sub/deep\n\n"
             ".. toctree::\n   :hidden:\n\n   hidden\n   genindex\n",
    "a": "Page A\n======\n\nSection\n-------\n\ntext\n",
    "hidden": "Hidden\n======\n\nSomething hidden.\n",
    "orphan": ":orphan:\n\nOrphan\n======\n\nIn no toctree.\n",
    "sub/index": "Sub\n===\n\n.. toctree::\n\n   self\n   deep\n   other\n",
    "sub/other": "Other\n=====\n\ntext\n",
    # a title that puts quotes, an ampersand and the word "class" into Furo's checkbox label
    "sub/deep": 'Deep "class" & page\n===================\n\nA section\n---------\n\n.. toctree::\n\n   deeper/leaf\n',
    "sub/deeper/leaf": "Leaf\n====\n\n.. toctree::\n\n   leaf2\n",
    "sub/deeper/leaf2": "Leaf two\n========\n\ntext\n",
}


@pytest.fixture(scope="module")
def navcache() -> Iterator[Any]:
    sys.path.insert(0, str(EXT))
    try:
        yield importlib.import_module("ruleproof_navcache")
    finally:
        sys.path.remove(str(EXT))


def _build(tmp_path: Path, check: list[str]) -> tuple[str, Any, Path]:
    """Build the small site in this process; (its warnings, the cache's counters, the output folder)."""
    from sphinx.application import Sphinx

    src = tmp_path / "src"
    for name, text in PAGES.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / f"{name}.rst").write_text(text, encoding="utf-8")
    (src / "conf.py").write_text(f"extensions = ['ruleproof_navcache']\nhtml_theme = 'furo'\n"
                                 f"ruleproof_navcache_check = {check!r}\nsmartquotes = False  # as the site\n",
                                 encoding="utf-8")
    warnings = io.StringIO()
    app = Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
                 status=None, warning=warnings, freshenv=True)
    app.build()
    return warnings.getvalue(), getattr(app, "ruleproof_navcache", None), tmp_path / "out"


def _sidebar(page: Path) -> str:
    text = page.read_text("utf-8")
    start = text.index('<div class="sidebar-tree">')
    return text[start:text.index("</div>", start)]


def test_every_page_of_a_small_site_gets_furos_own_sidebar(tmp_path: Path, navcache: Any,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(navcache.ENV_SWITCH, raising=False)
    warnings, cache, out = _build(tmp_path, ["*"])
    assert cache is not None, "the cache was not installed"
    assert "navcache" not in warnings, warnings
    assert cache.fallbacks == 0 and cache.served == cache.checked >= len(PAGES) + 1  # + genindex, search
    # the shapes are there: the deep page is marked with its ancestors, and the page listed twice twice
    leaf2 = _sidebar(out / "sub" / "deeper" / "leaf2.html")
    assert re.search(r'<li class="toctree-l4 current"><a class="current reference internal" '
                     r'href="#">Leaf two</a>', leaf2), leaf2  # under "Sub"
    assert re.search(r'<li class="toctree-l3 current current-page"><a class="current reference internal" '
                     r'href="#">Leaf two</a>', leaf2), leaf2  # under "Deep", listed again: the last one
    assert leaf2.count('checked=""') == 3 + 2  # sub, deep, leaf (under "Sub") and deep, leaf (listed again)
    deep = _sidebar(out / "sub" / "deep.html")
    # the top list holds both of the page's entries: marked twice by Sphinx, written once by the HTML writer
    assert '<ul class="current">' in deep and "current current" not in deep
    assert """<input aria-label='Toggle navigation of Deep "class" &amp; page' checked="" class=""" in deep


def test_a_planted_fault_in_the_marking_is_caught(tmp_path: Path, navcache: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(navcache.ENV_SWITCH, raising=False)
    honest = navcache.mark
    monkeypatch.setattr(navcache, "mark", lambda bar, href: honest(bar, href).replace(" current-page", "", 1))
    warnings, cache, _ = _build(tmp_path, ["a", "sub/deeper/leaf2"])
    assert cache is not None and cache.checked == 2
    assert warnings.count("differs from Furo's own") == 2, warnings


def test_switched_off_furo_computes_every_sidebar(tmp_path: Path, navcache: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(navcache.ENV_SWITCH, "0")
    warnings, cache, out = _build(tmp_path, ["*"])
    assert cache is None and "navcache" not in warnings
    assert '<li class="toctree-l1 current current-page">' in _sidebar(out / "a.html")


def test_the_real_site_checks_the_root_a_deep_page_and_its_ancestors(site: Path) -> None:
    """conf.py's pages, checked against Furo's own on every build: the root and a page of the deepest level,
    with every page its sidebar marks current (so a fault in marking ancestors fails the session's build)."""
    namespace: dict[str, Any] = {"tags": set(), "__file__": str(ROOT / "docs" / "conf.py")}
    source = (ROOT / "docs" / "conf.py").read_text("utf-8")
    match = re.search(r"^ruleproof_navcache_check = \[.*?\]", source, re.S | re.M)
    assert match is not None
    exec(match.group(0), namespace)  # noqa: S102 - the project's own conf.py line, a list of names
    checked: list[str] = namespace["ruleproof_navcache_check"]
    assert "index" in checked
    deepest = max((page for page in checked if (site / f"{page}.html").is_file()),
                  key=lambda page: _sidebar(site / f"{page}.html").count('class="current"'))
    sidebar = _sidebar(site / f"{deepest}.html")
    marked = re.findall(r'<li class="toctree-l(\d)[^"]* current[^"]*">(?:<a class="[^"]*" href="([^"]*)")?',
                        sidebar)
    assert max(int(level) for level, _ in marked) >= 4, f"{deepest} is not a page of the deepest level"
    base = Path(deepest).parent
    for _, href in marked:
        if href and href != "#":
            target = (base / href).as_posix()
            resolved = Path(target).resolve().relative_to(Path(".").resolve()) if ".." in target else Path(target)
            assert resolved.with_suffix("").as_posix() in checked, f"{resolved}: an ancestor not checked"


def test_the_modules_examples_run(navcache: Any) -> None:
    import doctest

    result = doctest.testmod(navcache)
    assert result.attempted >= 2 and result.failed == 0
