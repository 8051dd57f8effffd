"""The roles and directives the pages use.

* ``:rule:`ID``` links to a rule, ambiguity or finding on the page that shows it;
* ``:rp-badge:`sat``` is a coloured verdict label;
* ``.. rp-anchor:: ID`` puts an anchor with exactly this id (case kept) and
  registers the id as an object of type ``rp-rule``, so the search finds it
  and lands on the anchor;
* ``.. rp-predicate:: GAME RULE-ID`` shows a rule's predicate with a
  ``[source]`` link through viewcode.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import re
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from . import verdicts

#: A default ``repr``'s ``<module.Class object at 0x…>``: shown as ``Class object`` (group 2).
_ADDRESS = re.compile(r"<([\w.]+\.)?(\w+) object at 0x[0-9a-fA-F]+>")


class AnchorDirective(SphinxDirective):
    """``.. rp-anchor:: ID``: an anchor ``#ID`` that the search index knows."""

    required_arguments = 1
    has_content = False
    #: ``:no-index:``: an anchor only (a second place an id can be reached, not for the search).
    option_spec: dict[str, Callable[[str], Any]] = {"no-index": directives.flag}

    def run(self) -> list[nodes.Node]:
        ident = self.arguments[0].strip()
        node = nodes.inline("", "", ids=[ident], classes=["rp-anchor"])
        if "no-index" not in self.options:
            std = self.env.domains.standard_domain if hasattr(self.env.domains, "standard_domain") \
                else self.env.get_domain("std")
            std.note_object("rp-rule", ident, ident, location=node)
        return [nodes.paragraph("", "", node, classes=["rp-anchor-line"])]


def _targets(env: Any) -> dict[str, tuple[str, str]]:
    return getattr(env, "ruleproof_targets", {})


def rule_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
              options: dict[str, Any] | None = None, content: Sequence[str] = ()) -> tuple[list[nodes.Node], list[Any]]:
    """``:rule:`T5-PLACE-2``` → a link to the rule (ambiguity, finding) on its game page."""
    env = inliner.document.settings.env
    ident = text.strip()
    target = _targets(env).get(ident)
    if target is None:
        message = inliner.reporter.warning(f"unknown rule, ambiguity or finding id {ident!r}", line=lineno)
        return [nodes.literal(rawtext, ident)], [message]
    docname, _ = target
    if env.app.builder.format != "html":  # the PDF holds a print page only, with links of its own
        return [nodes.literal(rawtext, ident)], []
    uri = env.app.builder.get_relative_uri(env.docname, docname) if docname != env.docname else ""
    ref = nodes.reference(rawtext, "", refuri=f"{uri}#{ident}", classes=["rp-rule-ref"])
    ref += nodes.literal(ident, ident)
    return [ref], []


def badge_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
               options: dict[str, Any] | None = None, content: Sequence[str] = ()) -> tuple[list[nodes.Node], list[Any]]:
    """``:rp-badge:`sat``` → a coloured verdict label, its meaning as a tooltip, linked to the definitions."""
    value = text.strip()
    explanation = verdicts.meaning(value)
    classes = ["rp-badge", verdicts.css_class(value)]
    if not explanation:
        return [nodes.inline(rawtext, value, classes=classes)], []
    badge = nodes.abbreviation(rawtext, value, explanation=f"{value}: {explanation}", classes=classes)
    env = inliner.document.settings.env
    if env.app.builder.format != "html":
        return [badge], []
    here = env.docname
    uri = "" if here == verdicts.DEFINITIONS_DOC else env.app.builder.get_relative_uri(here, verdicts.DEFINITIONS_DOC)
    return [nodes.reference("", "", badge, refuri=f"{uri}#{verdicts.DEFINITIONS_ANCHOR}",
                            classes=["rp-badge-link"])], []


def _tags(module: str) -> dict[str, Any]:
    return dict(_module_tags(module))


@functools.cache
def _module_tags(module: str) -> dict[str, Any]:
    """A module's tags, found once per build (the predicate pages ask for the same modules hundreds of times)."""
    from sphinx.pycode import ModuleAnalyzer

    try:
        analyzer = ModuleAnalyzer.for_module(module)
        analyzer.find_tags()
    except Exception:  # noqa: BLE001
        return {}
    return dict(analyzer.tags)


@functools.cache
def _parsed(filename: str) -> tuple[str, ast.Module]:
    """A source file and its syntax tree, parsed once per build (a spec module holds many lambdas)."""
    source = Path(filename).read_text(encoding="utf-8")
    return source, ast.parse(source)


def _lambda_source(func: Callable[..., Any]) -> str:
    try:
        filename = inspect.getsourcefile(func)
        source, tree = _parsed(filename) if filename else ("", ast.parse(""))
    except (OSError, TypeError, SyntaxError):
        return ""
    line = func.__code__.co_firstlineno
    for node in ast.walk(tree):
        if isinstance(node, ast.Lambda) and node.lineno == line:
            segment = ast.get_source_segment(source, node) or ""
            return textwrap.dedent(" " * node.col_offset + segment) if "\n" in segment else segment
    return ""


class PredicateDirective(SphinxDirective):
    """``.. rp-predicate:: GAME RULE-ID``: the rule's ``check`` (and ``applies``) with source links."""

    required_arguments = 2
    has_content = False
    option_spec: dict[str, Callable[[str], Any]] = {"no-applies": directives.flag}

    def run(self) -> list[nodes.Node]:
        from ruleproof.spec.accel.core import plain_spec
        from ruleproof.spec.registry import spec_for

        game, rule_id = self.arguments
        rule = plain_spec(spec_for(game)).rule(rule_id)  # the plain predicate, never its fast form
        out: list[nodes.Node] = []
        out += self._describe(rule.check, "decides")
        applies = rule.applies
        if getattr(applies, "__name__", "") != "_always":
            out += self._describe(applies, "applies when")
        return out

    def _seen_ids(self) -> set[str]:
        seen: set[str] = self.env.temp_data.setdefault("rp_predicate_ids", set())
        return seen

    def _desc(self, module: str, name: str, role: str, note: str = "") -> nodes.Node | None:
        if name not in _tags(module):
            return None
        desc = addnodes.desc(domain="py", objtype="function", desctype="function", no_index=True,
                             classes=["py", "function", "rp-predicate"])
        sig = addnodes.desc_signature(module=module, fullname=name, _toc_parts=(), _toc_name="")
        full = f"{module}.{name}"
        if full not in self._seen_ids():
            self._seen_ids().add(full)
            sig["ids"].append(full)
        sig += addnodes.desc_annotation(f"{role} ", f"{role} ")
        sig += addnodes.desc_addname(f"{module}.", f"{module}.")
        sig += addnodes.desc_name(name, name)
        desc += sig
        content = addnodes.desc_content()
        from ruleproof.spec.accel.core import plain_attribute

        loaded = importlib.import_module(module)
        obj = plain_attribute(loaded, name) if hasattr(loaded, name) else None
        doc = inspect.getdoc(obj) if obj is not None else None
        text = note or (doc.split("\n\n")[0].replace("\n", " ") if doc else "")
        if text:
            content += nodes.paragraph(text, text)
        desc += content
        return desc

    def _calls(self, func: Callable[..., Any]) -> list[str]:
        from ruleproof.spec.accel.core import plain_attribute

        module = importlib.import_module(func.__module__)
        names = []
        for name in func.__code__.co_names:
            obj = plain_attribute(module, name) if hasattr(module, name) else None
            if inspect.isfunction(obj) and obj.__module__ == func.__module__ and name not in names:
                names.append(name)
        return names

    def _describe(self, func: Callable[..., Any], role: str) -> list[nodes.Node]:
        module = getattr(func, "__module__", "") or ""
        qualname = getattr(func, "__qualname__", "") or ""
        out: list[nodes.Node] = []
        if "<" not in qualname and "." not in qualname:
            node = self._desc(module, qualname, role)
            if node is not None:
                return [node]
        if ".<locals>." in qualname:
            factory = qualname.split(".<locals>.")[0]
            cells = {}
            for var, cell in zip(func.__code__.co_freevars, func.__closure__ or ()):
                try:
                    value = cell.cell_contents
                except ValueError:
                    continue
                if not callable(value):
                    text = _ADDRESS.sub(r"\2 object", repr(value))  # an address differs on every build
                    cells[var] = text if len(text) <= 160 else text[:157] + "…"
            note = "made by this factory" + (
                " with " + ", ".join(f"{k}={v}" for k, v in cells.items()) if cells else "")
            node = self._desc(module, factory, role, note)
            if node is not None:
                out.append(node)
        elif qualname == "<lambda>":
            source = _lambda_source(func)
            line = func.__code__.co_firstlineno
            para = nodes.paragraph()
            para += nodes.Text(f"{role}: an inline lambda ({module}, line {line})")
            out.append(para)
            if source:
                block = nodes.literal_block(source, source, language="python")
                out.append(block)
        for name in self._calls(func):
            node = self._desc(module, name, "uses")
            if node is not None:
                out.append(node)
        if not out:
            text = f"{role}: {module}.{qualname}"
            out.append(nodes.paragraph(text, text))
        return out


def _drop_unreadable_viewcode_modules(app: Sphinx) -> list[Any]:
    """Runs before viewcode's page collection: forget modules it could not read.

    viewcode remembers a module it failed to analyse (``builtins``, for an
    attribute whose value is a built-in type) and still links to it from
    ``_modules/index.html``, a page that is never written.
    """
    modules = getattr(app.env, "_viewcode_modules", None)
    if isinstance(modules, dict):
        for name in [n for n, entry in modules.items() if not entry]:
            del modules[name]
    return []
