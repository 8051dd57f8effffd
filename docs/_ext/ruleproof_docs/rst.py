"""reST helpers and the Jinja2 environment the generated pages are rendered with.

Every generated page is a Jinja2 template in ``docs/_templates/ruleproof``
(``*.rst.jinja``); the templates get plain data and format it with the filters
registered here (``esc`` for running text, ``lit`` for inline literals,
``heading``, ``indent``, ``rule`` for a link to a rule id, ``badge`` for a
verdict label, ``list_table`` for a table).

>>> esc("a *b* [c]")
'a \\\\*b\\\\* \\\\[c\\\\]'
>>> lit("x")
'``x``'
>>> print(heading("Title", "-"), end="")
Title
-----
>>> print(render_string("{{ 'a_b' | esc }} {{ 'T5-X-1' | rule }}"))
a\\_b :rule:`T5-X-1`
"""

from __future__ import annotations

import functools
import json
import re
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2

from .wording import agree, alt_text, counted, witness_caption

TEMPLATES = Path(__file__).resolve().parents[2] / "_templates" / "ruleproof"

_SPECIAL = re.compile(r"([\\`*_|<>\[\]:])")


def esc(text: object) -> str:
    """Plain text as inline reST (every markup character escaped, on one line)."""
    flat = " ".join(str(text).split())
    flat = _SPECIAL.sub(r"\\\1", flat)
    if flat and not flat[0].isalnum() and flat[0] not in "(«\"'\\":
        flat = "\\" + flat
    return flat


def lit(text: object) -> str:
    """Inline literal (``...``) of a short value."""
    flat = " ".join(str(text).split()) or " "
    if "``" in flat or flat.startswith(" ") or flat.endswith(" ") or flat.endswith("`"):
        return f":code:`{flat.replace('`', chr(0x2032))}`"
    return f"``{flat}``"


def heading(text: str, char: str, over: bool = False) -> str:
    """A section title underlined (and overlined) with ``char``."""
    line = char * max(len(text), 4)
    return f"{line}\n{text}\n{line}\n" if over else f"{text}\n{line}\n"


def indent(text: str, by: int = 3) -> str:
    """Indent every non-blank line of ``text``."""
    return textwrap.indent(text, " " * by)


def rule(ident: str) -> str:
    """A ``:rule:`` link (rule, ambiguity or finding id)."""
    return f":rule:`{ident}`"


def badge(verdict: str) -> str:
    """A coloured verdict label."""
    return f":rp-badge:`{verdict}`"


def list_table(rows: Sequence[Sequence[str]], header: Sequence[str], widths: Sequence[int] | None = None,
               cls: str = "") -> str:
    """A ``list-table`` whose cells are reST (already escaped)."""
    out = [".. list-table::", "   :header-rows: 1"]
    if widths:
        out.append(f"   :widths: {' '.join(map(str, widths))}")
    if cls:
        out.append(f"   :class: {cls}")
    out.append("")
    for row in [header, *rows]:
        first = True
        for cell in row:
            lines = (cell or " ").splitlines() or [" "]
            out.append(("   * - " if first else "     - ") + lines[0])
            out.extend("       " + line if line else "" for line in lines[1:])
            first = False
    return "\n".join(out) + "\n"


def compact_json(value: Any, depth: int = 0, width: int = 72) -> str:
    """JSON with objects one key a line and lists of plain values filled into lines.

    >>> print(compact_json({"moves": ["a", "b"], "n": 1}))
    {
     "moves": ["a", "b"],
     "n": 1
    }
    """
    pad = " " * (depth + 1)
    if isinstance(value, dict) and value:
        items = [f"{pad}{json.dumps(str(k), ensure_ascii=False)}: {compact_json(v, depth + 1, width).lstrip()}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    if isinstance(value, list) and value and all(not isinstance(v, (dict, list)) for v in value):
        words = [json.dumps(v, ensure_ascii=False) for v in value]
        lines, line = [], ""
        for word in words:
            if line and len(line) + len(word) + 2 > width:
                lines.append(line + ",")
                line = ""
            line = f"{line}, {word}" if line else word
        lines.append(line)
        if len(lines) == 1:
            return f"[{lines[0]}]"
        return "[\n" + "\n".join(pad + part for part in lines) + "\n" + " " * depth + "]"
    if isinstance(value, list) and value:
        return "[\n" + ",\n".join(pad + compact_json(v, depth + 1, width).lstrip() for v in value) + "\n" + " " * depth + "]"
    return json.dumps(value, ensure_ascii=False)


@functools.lru_cache(maxsize=4)
def environment(folder: Path = TEMPLATES) -> jinja2.Environment:
    """The Jinja2 environment of the page templates (undefined names are errors)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), undefined=jinja2.StrictUndefined,
                             trim_blocks=False, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False)
    env.filters.update(esc=esc, lit=lit, heading=heading, indent=indent, rule=rule, badge=badge,
                       compact_json=compact_json, repr=repr)
    # Counts, captions and alt texts (wording.py).
    env.filters.update(counted=counted, agree=agree, alt=alt_text, witness_caption=witness_caption)
    env.globals["list_table"] = list_table
    return env


def render(template: str, **context: Any) -> str:
    """Render ``template`` (a file name in :data:`TEMPLATES`)."""
    return environment().get_template(template).render(**context)


def render_string(source: str, **context: Any) -> str:
    """Render a template given as a string (for tests and doctests)."""
    return environment().from_string(source).render(**context)
