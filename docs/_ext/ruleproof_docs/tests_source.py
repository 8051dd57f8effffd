"""The tests published as highlighted source, so a rule page links each test to its code.

One page per test file that holds a test some rule page lists (a covering
test, a worked example, a test a coverage justification names):
``games/tests/<path below tests/>``. The file is shown whole, cut into code
blocks at every top-level ``def``/``class`` and every method (decorators
included), each block with its file line numbers and an anchor per function
it starts (:func:`label`), so ``tests/spec/test_take5.py:169`` on a rule
page becomes a link to that test's lines.

>>> label("tests/spec/test_take5.py", "test_rulebook_example_23_goes_after_20_not_12")
'test-src-tests-spec-test-take5-py-test-rulebook-example-23-goes-after-20-not-12'
>>> docname("tests/spec/test_take5.py")
'games/tests/spec/test_take5'
>>> test_ref("tests/spec/test_x.py::test_y")
':ref:`tests/spec/test_x.py::test_y <test-src-tests-spec-test-x-py-test-y>`'
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

from .rst import lit

#: The folder of the test pages below the docs source (inside the generated ``games/``).
FOLDER = "games/tests"


def label(path: str, qualname: str) -> str:
    """The anchor of a test function (``Class.method`` for a method) on its file's page."""
    return "test-src-" + re.sub(r"[^a-z0-9]+", "-", f"{path}-{qualname}".lower()).strip("-")


def docname(path: str) -> str:
    """The page of a test file (``path`` relative to the checkout, below ``tests/``)."""
    return f"{FOLDER}/{path.removeprefix('tests/').removesuffix('.py')}"


def _starts(tree: ast.Module) -> list[tuple[int, str]]:
    """(first line, qualified name) of every top-level function and class and every method, decorators included."""
    found = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found.append((first, node.name))
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        start = min([item.lineno, *(d.lineno for d in item.decorator_list)])
                        found.append((start, f"{node.name}.{item.name}"))
    return sorted(found)


def file_page(path: str, source: str) -> str:
    """The reST page of one test file (``path`` relative to the checkout)."""
    lines = source.splitlines()
    try:
        starts = _starts(ast.parse(source))
    except SyntaxError:
        starts = []
    cuts = sorted({1, *(line for line, _ in starts)})
    title = path
    out = [":orphan:", "", "=" * len(title), title, "=" * len(title), "",
           f"The test file {lit(path)} as it stands in the checkout, highlighted; the rule pages link each test "
           "to its lines here.", ""]
    for a, b in zip(cuts, [*cuts[1:], len(lines) + 1]):
        chunk = lines[a - 1:b - 1]
        while chunk and not chunk[-1].strip():
            chunk.pop()
        if not chunk:
            continue
        for line, name in starts:
            if line == a:
                out += [f".. _{label(path, name)}:", ""]
        out += [".. code-block:: python", "   :linenos:", f"   :lineno-start: {a}", ""]
        out += [f"   {text}" if text.strip() else "" for text in chunk]
        out.append("")
    return "\n".join(out) + "\n"


def file_pages(repo: Path, paths: Iterable[str]) -> dict[str, str]:
    """Docname → reST for each test file in ``paths`` (relative to ``repo``) that exists."""
    pages = {}
    for path in sorted(set(paths)):
        file = repo / path
        if file.is_file() and path.startswith("tests/") and path.endswith(".py"):
            pages[docname(path)] = file_page(path, file.read_text(encoding="utf-8"))
    return pages


def link_to_test(test: object) -> str:
    """A ``:ref:`` to a marked test's lines: ``path:line`` as the link text."""
    path = str(getattr(test, "path"))
    nodeid = str(getattr(test, "nodeid"))
    qualname = ".".join(nodeid.split("::")[1:]) or str(getattr(test, "name"))
    return f":ref:`{path}:{getattr(test, 'lineno')} <{label(path, qualname)}>`"


def test_ref(nodeid: str) -> str:
    """A ``:ref:`` to a test named as ``tests/…/test_x.py::name`` (as coverage justifications name it)."""
    path, _, qualname = nodeid.partition("::")
    return f":ref:`{nodeid} <{label(path, qualname.replace('::', '.'))}>`"
