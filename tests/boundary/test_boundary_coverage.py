"""Every boundary rule has a boundary test, and every rulebook fact is asserted on both layers.

A rule tagged :data:`ruleproof.spec.core.BOUNDARY` (a comparison, count,
tie-break or order) needs a test marked ``@pytest.mark.boundary("<rule id>")``
that builds the boundary position by hand. Such tests, and every worked
example of the rulebooks (``@pytest.mark.example`` under ``tests/spec``), must
state their answer through ``tests/rulefacts.py``, which checks the spec and
the engine separately. The marks are read from the test sources (AST), so the
check needs no test run.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from ruleproof.spec.core import BOUNDARY_TAGS, Rule, RuleKind, Source
from ruleproof.spec.registry import game_ids, spec_for

TESTS = Path(__file__).resolve().parents[1]
HELPER_MODULE = "rulefacts"


def _mark_args(decorator: ast.expr, name: str) -> list[ast.expr] | None:
    """The arguments of ``@pytest.mark.<name>(...)``, or None for another decorator."""
    if not isinstance(decorator, ast.Call):
        return None
    func = decorator.func
    if isinstance(func, ast.Attribute) and func.attr == name and ast.unparse(func.value) == "pytest.mark":
        return list(decorator.args)
    return None


def _tests(tree: ast.Module) -> Iterator[ast.FunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            yield node


class MarkedTest(NamedTuple):
    """A test function carrying ``@pytest.mark.boundary`` or ``@pytest.mark.example``, as its source says."""

    path: Path  # relative to the folder scanned
    name: str
    marks: dict[str, tuple[ast.expr, ...]]  # mark name -> its arguments
    helped: bool  # it (or a module-level function it calls) uses a tests/rulefacts.py helper


#: The marks :func:`marked_tests` reads.
READ_MARKS = ("boundary", "example")


@functools.cache
def marked_tests(root: Path) -> tuple[MarkedTest, ...]:
    """The tests under ``root`` carrying one of :data:`READ_MARKS`, in path order: every test file parsed once for
    all the checks here (each used to parse them all again, a second of CPU apiece); only what they read is kept.
    A file whose text never names a read mark is not parsed: a mark is an attribute named in the source."""
    found = []
    for path in sorted(root.rglob("test_*.py")):
        source = path.read_text(encoding="utf-8")
        if not any(mark in source for mark in READ_MARKS):
            continue
        tree = ast.parse(source)
        helpers = _helper_names(tree)
        local = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        for fn in _tests(tree):
            marks: dict[str, tuple[ast.expr, ...]] = {}
            for mark in READ_MARKS:
                for dec in fn.decorator_list:
                    args = _mark_args(dec, mark)
                    if args is not None:
                        marks[mark] = (*marks.get(mark, ()), *args)
            if marks:
                found.append(MarkedTest(path.relative_to(root), fn.name, marks, _calls_helper(fn, helpers, local)))
    return tuple(found)


def boundary_marks(root: Path = TESTS) -> dict[str, list[str]]:
    """Rule id → the tests (``file::name``) marked ``@pytest.mark.boundary`` with it."""
    found: dict[str, list[str]] = {}
    for test in marked_tests(root):
        for arg in test.marks.get("boundary", ()):
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault(arg.value, []).append(f"{test.path}::{test.name}")
    return found


def missing_boundary_tests(rules: Iterable[Rule], marks: dict[str, list[str]]) -> list[str]:
    """The ids of boundary-tagged rules that no boundary test names."""
    return [r.id for r in rules if r.is_boundary and not marks.get(r.id)]


def _helper_names(tree: ast.Module) -> set[str]:
    """Names bound to tests/rulefacts.py in a module: its imports and module-level objects built from them."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == HELPER_MODULE:
            names |= {a.asname or a.name for a in node.names}
        elif isinstance(node, ast.Import):
            names |= {a.asname or a.name for a in node.names if a.name == HELPER_MODULE}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            used = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
            if used & names:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _calls_helper(fn: ast.FunctionDef, helpers: set[str], local: dict[str, ast.FunctionDef]) -> bool:
    """Whether ``fn`` (or a module-level function it calls) uses a rulefacts helper."""
    seen: set[str] = set()
    todo = [fn]
    while todo:
        node = todo.pop()
        if node.name in seen:
            continue
        seen.add(node.name)
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name):
                if sub.id in helpers:
                    return True
                if sub.id in local:
                    todo.append(local[sub.id])
    return False


def unhelped_tests(root: Path, mark: str, under: str = "") -> list[str]:
    """Tests carrying ``@pytest.mark.<mark>`` that never go through tests/rulefacts.py."""
    assert mark in READ_MARKS, mark
    return [f"{test.path}::{test.name}" for test in marked_tests(root)
            if mark in test.marks and not test.helped and (not under or test.path.is_relative_to(under))]


def _all_rules() -> list[tuple[str, Rule]]:
    return [(game, rule) for game in game_ids() for rule in spec_for(game).rules]


def test_every_game_tags_boundary_rules() -> None:
    for game in game_ids():
        tagged = [r.id for r in spec_for(game).rules if r.is_boundary]
        assert len(tagged) >= 5, f"{game}: only {tagged} tagged as boundary rules"


def test_every_boundary_rule_has_a_boundary_test() -> None:
    marks = boundary_marks()
    missing = missing_boundary_tests((r for _, r in _all_rules()), marks)
    assert not missing, f"boundary rules without a @pytest.mark.boundary test: {missing}"


def test_every_boundary_mark_names_a_tagged_rule() -> None:
    tagged = {r.id for _, r in _all_rules() if r.is_boundary}
    stray = {rid: tests for rid, tests in boundary_marks().items() if rid not in tagged}
    assert not stray, f"boundary marks naming rules that are not tagged 'boundary' (or unknown): {stray}"


def test_boundary_and_example_tests_assert_both_layers() -> None:
    bad = unhelped_tests(TESTS, "boundary") + unhelped_tests(TESTS, "example", "spec")
    assert not bad, f"tests that do not state their answer through tests/rulefacts.py: {bad}"


# -- the checks themselves must be able to fail ----------------------------------------


def _rule(rule_id: str, tagged: bool) -> Rule:
    return Rule(rule_id, "demo", "demo", Source("demo.txt", "Раздел"), RuleKind.LEGALITY, lambda step: None,
                tags=BOUNDARY_TAGS if tagged else frozenset())


def test_invalid_tagged_rule_without_boundary_test_is_reported(tmp_path: Path) -> None:
    (tmp_path / "test_demo.py").write_text(
        "import pytest\n\n@pytest.mark.boundary('DEMO-1')\ndef test_one():\n    pass\n", encoding="utf-8")
    marks = boundary_marks(tmp_path)
    assert marks == {"DEMO-1": ["test_demo.py::test_one"]}
    rules = [_rule("DEMO-1", True), _rule("DEMO-2", True), _rule("DEMO-3", False)]
    assert missing_boundary_tests(rules, marks) == ["DEMO-2"]


@pytest.mark.parametrize(("body", "ok"), [
    ("    assert 1 + 1 == 2\n", False),
    ("    T5.legal(None, set())\n", True),
    ("    _helper()\n", True),
])
def test_invalid_boundary_test_without_the_helper_is_reported(tmp_path: Path, body: str, ok: bool) -> None:
    (tmp_path / "test_demo.py").write_text(
        "import pytest\nfrom rulefacts import Layers\nT5 = Layers(object())\n\n"
        "def _helper():\n    T5.turn(None, 0)\n\n"
        f"@pytest.mark.boundary('DEMO-1')\ndef test_one():\n{body}", encoding="utf-8")
    assert unhelped_tests(tmp_path, "boundary") == ([] if ok else ["test_demo.py::test_one"])
