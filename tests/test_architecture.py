"""The architecture, read from the code's own imports.

Layers point one way (``checkers → model → spec``) and the wings of
``checkers/`` import only wings listed before them in
:data:`ruleproof.checkers.WING_ORDER`. Imports inside functions count too: a
lazy import is still a dependency.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

from ruleproof.checkers import WING_ORDER

ROOT = Path(__file__).resolve().parent.parent
LAYER_FOLDERS = {"spec": ROOT / "spec", "model": ROOT / "model", "checkers": ROOT / "checkers"}
#: Lines a module of ``checkers/`` may have before it must say why it is longer.
MAX_MODULE_LINES = 800
#: The words a longer module's docstring uses to say why.
LONG_MODULE_REASON = "Longer than 800 lines because"


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of ``body`` and of the blocks nested in it (function and class bodies, branches, handlers,
    match cases), but no expression: an import is a statement, and the expressions are most of a module's nodes.

    >>> lines = ["def f():", "    try:", "        import a", "    except E:", "        pass"]
    >>> tree = ast.parse(chr(10).join(lines))
    >>> [type(s).__name__ for s in _statements(tree.body)]
    ['FunctionDef', 'Try', 'Import', 'Pass']
    """
    for statement in body:
        yield statement
        for _, value in ast.iter_fields(statement):
            if isinstance(value, list):
                for child in value:
                    if isinstance(child, ast.stmt):
                        yield from _statements([child])
                    elif isinstance(child, (ast.excepthandler, ast.match_case)):
                        yield from _statements(child.body)


@functools.cache
def imported_modules(source: str, module: str) -> frozenset[str]:
    """Every ``ruleproof.…`` module that ``source`` (the code of ``module``) imports (remembered: the order and
    the circle checks read the same files, and parsing them is most of their CPU).

    >>> sorted(imported_modules("from ruleproof.spec import core\\nimport os", "ruleproof.model.x"))
    ['ruleproof.spec', 'ruleproof.spec.core']
    """
    found: set[str] = set()
    package = module.rsplit(".", 1)[0]
    for node in _statements(ast.parse(source).body):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return frozenset(name for name in found if name.startswith("ruleproof."))


def _module_name(layer: str, path: Path) -> str:
    rel = path.relative_to(LAYER_FOLDERS[layer]).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join(["ruleproof", layer, *parts])


def _modules() -> list[tuple[str, str, Path]]:
    return [(layer, _module_name(layer, path), path)
            for layer, folder in LAYER_FOLDERS.items() for path in sorted(folder.rglob("*.py"))]


def layer_of(module: str) -> str:
    """``spec``, ``model`` or ``checkers`` (``ruleproof.checkers.smt.core`` → ``checkers``)."""
    return module.split(".")[1]


def wing_of(module: str) -> str | None:
    """The wing of a ``ruleproof.checkers`` module, ``None`` for the package itself."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[2] in WING_ORDER else None


def forbidden_edges(module: str, imports: frozenset[str] | set[str]) -> list[str]:
    """The imports of ``module`` that run against the documented order.

    >>> forbidden_edges("ruleproof.spec.take5", {"ruleproof.model.core"})
    ['ruleproof.spec.take5 → ruleproof.model.core (spec may not import model)']
    >>> forbidden_edges("ruleproof.checkers.checks.fuzz", {"ruleproof.checkers.smt.core"})
    ['ruleproof.checkers.checks.fuzz → ruleproof.checkers.smt.core (wing checks may not import wing smt)']
    >>> forbidden_edges("ruleproof.checkers.cli.main", {"ruleproof.checkers.smt.core"})
    []
    """
    order = {"spec": 0, "model": 1, "checkers": 2}
    bad = []
    layer = layer_of(module)
    for target in sorted(imports):
        target_layer = layer_of(target)
        if target_layer not in order:
            continue
        if order[target_layer] > order[layer]:
            bad.append(f"{module} → {target} ({layer} may not import {target_layer})")
            continue
        if layer == target_layer == "checkers":
            own, other = wing_of(module), wing_of(target)
            if own is None or other is None or own == other:
                continue
            if WING_ORDER.index(other) > WING_ORDER.index(own):
                bad.append(f"{module} → {target} (wing {own} may not import wing {other})")
    return bad


def test_layers_and_wings_import_in_the_documented_order() -> None:
    bad = []
    for _layer, module, path in _modules():
        bad.extend(forbidden_edges(module, imported_modules(path.read_text("utf-8"), module)))
    assert not bad, "imports against the order:\n" + "\n".join(bad)


def test_an_upward_import_is_reported() -> None:
    # The check itself must be able to fail: a spec module importing the engine.
    source = "def f():\n    from ruleproof.model.take5 import GAME\n"
    assert forbidden_edges("ruleproof.spec.take5", imported_modules(source, "ruleproof.spec.take5"))


def test_every_wing_is_a_documented_package() -> None:
    entries = sorted(p.name for p in (ROOT / "checkers").iterdir()
                     if p.is_dir() and not p.name.startswith(("_", ".")) and p.name != "data")
    assert entries == sorted(WING_ORDER)
    for wing in WING_ORDER:
        init = ROOT / "checkers" / wing / "__init__.py"
        doc = ast.get_docstring(ast.parse(init.read_text("utf-8")))
        assert doc, f"checkers/{wing}/__init__.py has no docstring"


def test_the_checker_wing_imports_nothing_of_the_engines() -> None:
    # The independent checker must not be able to vouch for the engine or the spec's predicates.
    for path in sorted((ROOT / "checkers" / "certcheck").rglob("*.py")):
        module = _module_name("checkers", path)
        others = {m for m in imported_modules(path.read_text("utf-8"), module)
                  if not m.startswith("ruleproof.checkers.certcheck") and not m.startswith("ruleproof.spec.errors") and m != "ruleproof.spec"}
        assert not others, f"{module} imports {sorted(others)}"


@pytest.mark.parametrize("path", sorted((ROOT / "checkers").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_checkers_modules_are_short_or_say_why(path: Path) -> None:
    lines = path.read_text("utf-8").count("\n")
    if lines > MAX_MODULE_LINES:
        doc = ast.get_docstring(ast.parse(path.read_text("utf-8"))) or ""
        assert LONG_MODULE_REASON in doc, f"{path.name} has {lines} lines and does not say why"


def import_circles(modules: list[tuple[str, str, Path]]) -> list[list[str]]:
    """The import circles between modules of one folder (strongly connected groups of two or more), each sorted.

    >>> fake = [("spec", "ruleproof.spec.a", Path("a.py")), ("spec", "ruleproof.spec.b", Path("b.py"))]
    >>> import_circles(fake)
    []
    """
    names = {module for _, module, _ in modules}
    folder = {module: module.rsplit(".", 1)[0] if path.name != "__init__.py" else module
              for _, module, path in modules}
    edges: dict[str, set[str]] = {}
    for _, module, path in modules:
        try:
            found = imported_modules(path.read_text("utf-8"), module)
        except OSError:
            found = frozenset()
        edges[module] = {m for m in found if m in names and m != module and folder[m] == folder[module]
                         and path.name != "__init__.py"}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(circles)


#: Circles accepted for now: none since issue 30 broke the last (a new entry needs a reason and an issue).
KNOWN_CIRCLES: list[list[str]] = []


def test_no_import_circle_between_files_of_one_folder() -> None:
    """A module and the modules it imports from its own folder never import it back (issue 30)."""
    circles = import_circles(_modules())
    new = [c for c in circles if c not in KNOWN_CIRCLES]
    assert not new, "import circles between files of one folder:\n" + "\n".join(" ↔ ".join(c) for c in new)
    gone = [c for c in KNOWN_CIRCLES if c not in circles]
    assert not gone, f"these circles are broken now; remove them from KNOWN_CIRCLES: {gone}"


def test_an_import_circle_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from ruleproof.spec.b import x\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("def f():\n    from ruleproof.spec import a\n", encoding="utf-8")
    modules = [("spec", "ruleproof.spec.a", tmp_path / "a.py"), ("spec", "ruleproof.spec.b", tmp_path / "b.py")]
    assert import_circles(modules) == [["ruleproof.spec.a", "ruleproof.spec.b"]]
