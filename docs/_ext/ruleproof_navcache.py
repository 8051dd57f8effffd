"""Sphinx extension: Furo's sidebar computed once per folder, and marked for each page.

Why this exists: for every page Furo (``furo._compute_navigation_tree``) asks
Sphinx for the whole site's table of contents (``collapse=False``, hidden
entries included), which Sphinx deep-copies from every document's toc, marks
for that page, renders, and Furo then re-parses with BeautifulSoup to add its
collapsing checkboxes. On this site that was 17 s of a 36 s build, repeated
237 times for a tree in which only a few marks differ from page to page.

What a page's sidebar depends on (Sphinx's ``_resolve_toctree`` and Furo's
``get_navigation_tree``, read for this):

* the links, made relative to the page's folder; so a sidebar built for a
  name in the same folder that no toctree names (a *stand-in*) has every link
  right except the ones to the page itself, which Sphinx writes as ``#``
  (plus the anchor, if any);
* the ``current`` marks: each link to the page itself (without an anchor) is
  marked ``current``, and so is every element around it (a page listed twice
  marks shared ancestors twice, which the HTML writer writes once: it drops
  repeated classes); Furo then ticks the checkbox of each ``current`` item
  that has children and gives the last ``current`` item in document order
  ``current-page``.

So the stand-in's sidebar is computed by Sphinx and Furo themselves once per
folder (the same calls Furo makes), parsed once into its elements, and each
page's sidebar is the stand-in's with those few edits spliced in. Nothing of
Furo's is written here but those marks; an element this code does not expect
(a class attribute to add to an element that has other attributes) makes it
fall back to Furo's own computation for that page.

Exactness is checked, not assumed: ``ruleproof_navcache_check`` (a list of
page names, ``["*"]`` for every page) has Furo compute its own sidebar for
those pages too and raises a warning when the two differ (``-W`` fails the
build); ``conf.py`` checks the root page, a folder index, a deep page and its
ancestors on every build. ``RULEPROOF_NAVCACHE=0`` switches the cache off (for
diffing a whole site against Furo's own).

This is hand-written rather than a dependency because no published package
does it: Furo has no hook for it, and Sphinx has no per-build toctree cache.

The sidebar is read with two small patterns rather than BeautifulSoup or
``html.parser`` on purpose: the edits are spliced into the stand-in's text at
known offsets, so the rest of the sidebar stays byte for byte what Furo wrote
(a BeautifulSoup copy and re-serialisation per page measured 20 ms for a 56 kB
sidebar, a third of Furo's 70 ms a page, and exact only as far as the writer
reproduces Furo's). The input is only Furo's own output for this build, and any shape
the patterns do not expect raises :class:`Unexpected` (Furo's own computation
is used for that page).
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: Switch the cache off with ``RULEPROOF_NAVCACHE=0``.
ENV_SWITCH = "RULEPROOF_NAVCACHE"
#: The stand-in document name (in each folder) the shared sidebar is computed for.
STAND_IN = "ruleproof-navcache-stand-in"
#: The arguments Furo passes to Sphinx's ``toctree()`` (``furo._compute_navigation_tree``).
FURO_TOCTREE_ARGS: dict[str, Any] = {"collapse": False, "titles_only": True, "maxdepth": -1, "includehidden": True}

_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
_ATTR = re.compile(r"""\s+([^\s=/>"']+)(?:="([^"]*)"|='([^']*)')?""")
_VOID = frozenset({"input", "br", "img", "hr", "meta", "link", "source", "wbr"})


class Unexpected(Exception):
    """The stand-in's sidebar has a shape the marking does not handle (the page falls back to Furo's own)."""


@dataclass
class Element:
    """One element of a parsed sidebar: where its opening tag sits and what it holds."""

    name: str
    start: int
    end: int
    parent: int
    attrs: dict[str, str]
    #: Where the class attribute's value sits in the text (``None``: the element has no class attribute).
    class_span: tuple[int, int] | None = None
    #: Where the href attribute's value sits (links only).
    href_span: tuple[int, int] | None = None
    #: The index of a list item's collapsing checkbox (Furo's ``input.toctree-checkbox``), or -1.
    checkbox: int = -1
    #: Where each attribute starts in the text (at the blank before its name).
    attr_starts: dict[str, int] = field(default_factory=dict)


@dataclass
class Sidebar:
    """The stand-in's sidebar of a folder, parsed once."""

    text: str
    elements: list[Element]
    #: href value → the links (element indexes) that carry it.
    links: dict[str, list[int]] = field(default_factory=dict)


def parse(text: str) -> Sidebar:
    """The elements of Furo's sidebar HTML (as BeautifulSoup writes it: double-quoted, sorted attributes).

    >>> bar = parse('<ul>\\n<li class="toctree-l1"><a class="reference internal" href="a.html">A</a></li>\\n</ul>')
    >>> [(e.name, e.parent) for e in bar.elements], bar.links
    ([('ul', -1), ('li', 0), ('a', 1)], {'a.html': [2]})
    """
    elements: list[Element] = []
    stack: list[int] = []
    for match in _TAG.finditer(text):
        closing, name, rest = match.group(1), match.group(2).lower(), match.group(3)
        if closing:
            if not stack or elements[stack[-1]].name != name:
                raise Unexpected(f"</{name}> closes <{elements[stack[-1]].name if stack else '-'}>")
            stack.pop()
            continue
        element = Element(name, match.start(), match.end(), stack[-1] if stack else -1, {})
        offset = match.start(3)
        at = 0
        while (attr := _ATTR.match(rest, at)) is not None:
            key = attr.group(1)
            group = 2 if attr.group(2) is not None else 3
            value = attr.group(group)
            element.attrs[key] = value if value is not None else ""
            element.attr_starts[key] = offset + attr.start()
            if key in ("class", "href") and value is not None:
                span = (offset + attr.start(group), offset + attr.end(group))
                if key == "class":
                    element.class_span = span
                else:
                    element.href_span = span
            at = attr.end()
        if rest[at:].strip() not in ("", "/"):
            raise Unexpected(f"<{name}{rest}>: attributes not understood")
        index = len(elements)
        elements.append(element)
        if name == "input" and "toctree-checkbox" in element.attrs.get("class", "").split():
            if element.parent < 0 or elements[element.parent].name != "li":
                raise Unexpected("a checkbox outside a list item")
            elements[element.parent].checkbox = index
        if name not in _VOID and not rest.endswith("/"):
            stack.append(index)
    if stack:
        raise Unexpected("unclosed elements")
    bar = Sidebar(text, elements)
    for index, element in enumerate(elements):
        if element.name == "a" and element.href_span is not None:
            bar.links.setdefault(element.attrs["href"], []).append(index)
    return bar


def mark(bar: Sidebar, href: str) -> str:
    """The sidebar of the page the stand-in's links reach as ``href``: Sphinx's and Furo's marks for it.

    >>> bar = parse('<ul>\\n<li class="toctree-l1 has-children"><a class="reference internal" href="a.html">A</a>'
    ...             '<input aria-label="x" class="toctree-checkbox" id="c1" name="c1" role="switch" type="checkbox"/>'
    ...             '<ul>\\n<li class="toctree-l2"><a class="reference internal" href="b.html">B</a></li>\\n</ul>'
    ...             '</li>\\n</ul>')
    >>> print(mark(bar, "b.html"))  # doctest: +NORMALIZE_WHITESPACE
    <ul class="current">
    <li class="toctree-l1 current has-children"><a class="reference internal" href="a.html">A</a><input
    aria-label="x" checked="" class="toctree-checkbox" id="c1" name="c1" role="switch" type="checkbox"/><ul
    class="current">
    <li class="toctree-l2 current current-page"><a class="current reference internal" href="#">B</a></li>
    </ul></li>
    </ul>
    """
    elements = bar.elements
    edits: list[tuple[int, int, str]] = []
    current: set[int] = set()  # marked once, however many of the page's links it holds (see the docstring)
    for index in bar.links.get(href, []):
        node = index
        while node >= 0:
            current.add(node)
            node = elements[node].parent
    for link_href, indexes in bar.links.items():  # links to the page's own anchors lose the page's name too
        if link_href.startswith(href + "#"):
            for index in indexes:
                span = elements[index].href_span
                assert span is not None
                edits.append((span[0], span[1], link_href[len(href):]))
    last_item = max((i for i in current if elements[i].name == "li"), default=-1)
    for index in sorted(current):
        element = elements[index]
        tokens = element.attrs.get("class", "").split()
        if element.name == "a":
            # Sphinx's own classes come first, then the HTML writer's "reference internal".
            new = ["current"] + tokens
            span = element.href_span
            assert span is not None
            edits.append((span[0], span[1], "#"))
        else:
            # Furo's "has-children" follows Sphinx's classes; "current-page" follows it on the last current item.
            furo = [t for t in tokens if t == "has-children"]
            own = [t for t in tokens if t != "has-children"]
            new = own + ["current"] + furo + (["current-page"] if index == last_item else [])
            if element.checkbox >= 0:
                edits.append(_checked(bar, element.checkbox))
        if element.class_span is not None:
            edits.append((element.class_span[0], element.class_span[1], " ".join(new)))
        elif element.attrs:
            raise Unexpected(f"<{element.name}> has attributes but no class")
        else:
            at = element.end - 1
            edits.append((at, at, f' class="{" ".join(new)}"'))
    pieces: list[str] = []
    at = 0
    for start, end, replacement in sorted(edits):
        pieces += [bar.text[at:start], replacement]
        at = end
    pieces.append(bar.text[at:])
    return "".join(pieces)


def _checked(bar: Sidebar, checkbox: int) -> tuple[int, int, str]:
    """Furo's ``checked=""`` on a checkbox, where BeautifulSoup writes it (attributes in sorted order)."""
    element = bar.elements[checkbox]
    if "checked" in element.attrs:
        raise Unexpected("a checkbox of the stand-in is checked")
    following = sorted(name for name in element.attrs if name > "checked")
    if not following:
        raise Unexpected("a checkbox without a class")
    at = element.attr_starts[following[0]]
    return (at, at, ' checked=""')


@dataclass
class NavCache:
    """The stand-in sidebars of one build, by folder."""

    app: Sphinx
    original: Callable[[dict[str, Any]], str]
    bars: dict[str, Sidebar | None] = field(default_factory=dict)
    check: frozenset[str] = frozenset()
    #: Pages served from a stand-in, pages left to Furo, pages checked against Furo's own.
    served: int = 0
    fallbacks: int = 0
    checked: int = 0
    _listed: set[str] | None = None

    def stand_in(self, folder: str) -> str:
        name = posixpath.join(folder, STAND_IN) if folder else STAND_IN
        while name in self.app.env.all_docs:
            name += "-"
        return name

    def listed(self) -> set[str]:
        """The pages some toctree lists."""
        if self._listed is None:
            self._listed = {child for children in self.app.env.toctree_includes.values() for child in children}
        return self._listed

    def bar(self, folder: str) -> Sidebar | None:
        if folder not in self.bars:
            from furo.navigation import get_navigation_tree

            builder: Any = self.app.builder
            html = builder._get_local_toctree(self.stand_in(folder), **FURO_TOCTREE_ARGS)
            try:
                self.bars[folder] = parse(get_navigation_tree(html))
            except Unexpected as exc:
                logger.info(f"ruleproof: Furo's own sidebar in {folder or 'the root'} ({exc})")
                self.bars[folder] = None
        return self.bars[folder]

    def navigation_tree(self, context: dict[str, Any]) -> str:
        """What ``furo._compute_navigation_tree(context)`` returns, from the folder's stand-in."""
        pagename = context.get("pagename")
        if "toctree" not in context or not isinstance(pagename, str):
            return self.original(context)
        folder = posixpath.dirname(pagename)
        bar = self.bar(folder)
        result = None
        if bar is not None:
            builder: Any = self.app.builder
            # as BeautifulSoup writes an attribute value
            href = builder.get_relative_uri(self.stand_in(folder), pagename)
            href = href.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            try:
                if href not in bar.links and pagename in self.listed():
                    raise Unexpected("the page is in a toctree, but no link of the stand-in reaches it")
                result = mark(bar, href)
            except Unexpected as exc:
                logger.info(f"ruleproof: Furo's own sidebar on {pagename} ({exc})")
        if result is None:
            self.fallbacks += 1
            return self.original(context)
        self.served += 1
        if "*" in self.check or pagename in self.check:
            self.checked += 1
            own = self.original(context)
            if own != result:
                at = next((i for i, (a, b) in enumerate(zip(own, result)) if a != b), min(len(own), len(result)))
                logger.warning(f"ruleproof: the cached sidebar of {pagename} differs from Furo's own at "
                               f"character {at}: {result[max(0, at - 60):at + 60]!r} instead of "
                               f"{own[max(0, at - 60):at + 60]!r}", type="ruleproof", subtype="navcache")
        return result


def _install(app: Sphinx) -> None:
    if os.environ.get(ENV_SWITCH, "1") == "0" or app.builder.name != "html":
        return
    try:
        import furo
    except ImportError:
        return
    original = getattr(furo, "_compute_navigation_tree", None)
    if original is None or app.config.html_theme != "furo":
        logger.info("ruleproof: Furo's sidebar is computed by Furo (no _compute_navigation_tree to cache)")
        return
    original = getattr(original, "ruleproof_original", original)
    cache = NavCache(app, original, check=frozenset(app.config.ruleproof_navcache_check))

    def navigation_tree(context: dict[str, Any]) -> str:
        return cache.navigation_tree(context)

    navigation_tree.ruleproof_original = original  # type: ignore[attr-defined]
    navigation_tree.ruleproof_cache = cache  # type: ignore[attr-defined]
    furo._compute_navigation_tree = navigation_tree
    app.ruleproof_navcache = cache  # type: ignore[attr-defined]  # for the tests: pages served, fallbacks
    app.connect("build-finished", lambda app, exc: _uninstall(original))


def _uninstall(original: Callable[[dict[str, Any]], str]) -> None:
    import furo

    furo._compute_navigation_tree = original


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("ruleproof_navcache_check", [], "html", list)
    app.connect("builder-inited", _install)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
