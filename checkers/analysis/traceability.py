"""Traceability: which tests cover which rule, which findings name which rule.

A test covers a rule when it carries ``@pytest.mark.rule("ID", ...)``; a test
is one of the rulebook's worked examples when it carries
``@pytest.mark.example("section heading")``. The markers are read from the
test files' syntax trees (nothing is imported or run), so the scan is fast and
works on a tree whose tests fail. Marker arguments may be string literals,
module-level string (or tuple-of-string) constants, ``*NAMES`` of such tuples,
or names imported from ``ruleproof`` modules; class decorators and a module's
``pytestmark`` apply to every test below them.

>>> import textwrap, tempfile
>>> root = Path(tempfile.mkdtemp())
>>> _ = (root / "test_demo.py").write_text(textwrap.dedent('''
...     import pytest
...     SECTION = "Ход игры"
...     @pytest.mark.rule("T5-PLACE-2")
...     @pytest.mark.example(SECTION)
...     def test_nearest_row():
...         "23 goes after 20."
... '''), encoding="utf-8")
>>> [(t.nodeid, t.rule_ids, t.examples, t.summary) for t in scan_tests(root, base=root)]
[('test_demo.py::test_nearest_row', ('T5-PLACE-2',), ('Ход игры',), '23 goes after 20.')]

:func:`check_traceability` lists what the published rulebook pages may not
lack: every rule cites its source and has a covering test, and every finding
and every marker names a rule that exists. :func:`compare_audits` tells which
verdicts changed between two ``ruleproof audit --json`` runs (for example
before and after flipping a variant flag's default).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The repository root (``checkers/`` lives directly below it in a checkout).
REPO_ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class MarkedTest:
    """A test function and the rules and worked examples it is marked with.

    :param nodeid: pytest's id without parameters (``tests/spec/test_x.py::Class::test_y``).
    :param path: the file, relative to the scan base.
    :param lineno: the line of the ``def``.
    :param summary: the docstring's first paragraph, on one line.
    :param doc: the whole docstring.
    """

    nodeid: str
    path: str
    name: str
    lineno: int
    end_lineno: int
    rule_ids: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    slow: bool = False
    summary: str = ""
    doc: str = ""

    @property
    def module_game(self) -> str:
        """The game a test file is about, from its name (``test_<game>[_...].py``), or ``""``."""
        stem = Path(self.path).stem
        return stem[5:].split("_")[0] if stem.startswith("test_") else ""


@dataclass
class _Marks:
    rules: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    slow: bool = False

    def merged(self, other: _Marks) -> _Marks:
        return _Marks(self.rules + other.rules, self.examples + other.examples, self.slow or other.slow)


class _Resolver:
    """Module-level string constants of one test file, for marker arguments."""

    def __init__(self, tree: ast.Module) -> None:
        self.values: dict[str, object] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                value = self._literal(node.value)
                if value is not None:
                    self.values[node.targets[0].id] = value
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
                value = self._literal(node.value)
                if value is not None:
                    self.values[node.target.id] = value
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("ruleproof."):
                for alias in node.names:
                    self.values.setdefault(alias.asname or alias.name, _Imported(node.module, alias.name))

    def _literal(self, node: ast.expr) -> object:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, (ast.Tuple, ast.List)):
            items = [self._literal(e) for e in node.elts]
            if all(isinstance(i, str) for i in items):
                return tuple(items)
        if isinstance(node, ast.Name) and node.id in self.values:
            return self.values[node.id]
        return None

    def strings(self, node: ast.expr) -> list[str]:
        """The strings an argument stands for (empty when it cannot be resolved statically)."""
        if isinstance(node, ast.Starred):
            return self.strings(node.value)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, (ast.Tuple, ast.List)):
            return [s for e in node.elts for s in self.strings(e)]
        if isinstance(node, ast.Name) and node.id in self.values:
            return _as_strings(self.values[node.id])
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in self.values:
            base = self.values[node.value.id]
            if isinstance(base, _Imported):
                return _as_strings(_Imported(f"{base.module}.{base.name}", node.attr))
        return []


@dataclass(frozen=True)
class _Imported:
    module: str
    name: str

    def resolve(self) -> object:
        try:
            return getattr(importlib.import_module(self.module), self.name)
        except (ImportError, AttributeError):
            return None


def _as_strings(value: object) -> list[str]:
    if isinstance(value, _Imported):
        value = value.resolve()
    if isinstance(value, str):
        return [value]
    if isinstance(value, (tuple, list)) and all(isinstance(v, str) for v in value):
        return list(value)
    return []


def _mark_name(node: ast.expr) -> tuple[str, list[ast.expr]] | None:
    """``pytest.mark.NAME(args)`` or ``mark.NAME(args)`` or bare ``pytest.mark.NAME`` → (NAME, args)."""
    args: list[ast.expr] = []
    if isinstance(node, ast.Call):
        args = list(node.args)
        node = node.func
    if isinstance(node, ast.Attribute):
        owner = node.value
        if (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (isinstance(owner, ast.Name) and owner.id == "mark"):
            return node.attr, args
    return None


def _marks_of(nodes: Iterable[ast.expr], resolver: _Resolver) -> _Marks:
    marks = _Marks()
    for node in nodes:
        found = _mark_name(node)
        if found is None:
            continue
        name, args = found
        if name == "rule":
            marks.rules += [s for a in args for s in resolver.strings(a)]
        elif name == "example":
            marks.examples += [s for a in args for s in resolver.strings(a)]
        elif name == "slow":
            marks.slow = True
    return marks


def _module_marks(tree: ast.Module, resolver: _Resolver) -> _Marks:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            value = node.value
            items = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
            return _marks_of(items, resolver)
    return _Marks()


def _first_paragraph(doc: str) -> str:
    return " ".join(doc.strip().split("\n\n")[0].split())


def _scan_file(path: Path, base: Path) -> list[MarkedTest]:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError):
        return []
    resolver = _Resolver(tree)
    module_marks = _module_marks(tree, resolver)
    rel = path.relative_to(base).as_posix() if path.is_relative_to(base) else path.as_posix()
    found: list[MarkedTest] = []

    def visit(body: Sequence[ast.stmt], prefix: str, inherited: _Marks) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                visit(node.body, f"{prefix}{node.name}::", inherited.merged(_marks_of(node.decorator_list, resolver)))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                marks = inherited.merged(_marks_of(node.decorator_list, resolver))
                doc = ast.get_docstring(node) or ""
                found.append(MarkedTest(
                    f"{rel}::{prefix}{node.name}", rel, node.name, node.lineno, node.end_lineno or node.lineno,
                    tuple(dict.fromkeys(marks.rules)), tuple(dict.fromkeys(marks.examples)), marks.slow,
                    _first_paragraph(doc), doc,
                ))

    visit(tree.body, "", module_marks)
    return found


def scan_tests(tests_dir: Path | None = None, *, base: Path | None = None) -> list[MarkedTest]:
    """Every test function under ``tests_dir`` (default: the repository's ``tests/``), with its markers.

    Node ids are relative to ``base`` (default: the repository root).
    """
    tests_dir = tests_dir or REPO_ROOT / "tests"
    base = base or REPO_ROOT
    found: list[MarkedTest] = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        found.extend(_scan_file(path, base))
    return found


def covering_tests(tests: Iterable[MarkedTest]) -> dict[str, list[MarkedTest]]:
    """Rule id → the tests marked with it, in scan order."""
    out: dict[str, list[MarkedTest]] = {}
    for test in tests:
        for rule_id in test.rule_ids:
            out.setdefault(rule_id, []).append(test)
    return out


def worked_examples(tests: Iterable[MarkedTest], game: str, rule_ids: Iterable[str]) -> list[MarkedTest]:
    """The worked-example tests of a game: in its test files, or marked with one of its rules."""
    known = set(rule_ids)
    return [t for t in tests if t.examples and (t.module_game == game or known.intersection(t.rule_ids))]


@dataclass(frozen=True)
class Problem:
    """A traceability gap: what is missing and where."""

    game: str
    subject: str
    message: str

    def __str__(self) -> str:
        return f"{self.game}: {self.subject}: {self.message}"


def check_traceability(
    spec: Any,
    tests: Sequence[MarkedTest],
    findings: Iterable[Any] = (),
    *,
    all_rule_ids: Iterable[str] | None = None,
) -> list[Problem]:
    """What a game's published page may not lack.

    :param spec: the game's :class:`~ruleproof.spec.core.GameSpec`.
    :param tests: the scanned tests (:func:`scan_tests`).
    :param findings: the game's findings (anything with ``id`` and ``rule_ids``).
    :param all_rule_ids: every rule id of every game; a marker naming an id
        outside it is reported for the game whose id prefix it carries.
    """
    problems: list[Problem] = []
    game = spec.name
    covered = covering_tests(tests)
    for rule in spec.rules:
        if not (rule.source.rulebook or "").strip() or not (rule.source.section or "").strip():
            problems.append(Problem(game, rule.id, "no source citation (rulebook file and section heading)"))
        if not covered.get(rule.id):
            problems.append(Problem(game, rule.id, "no covering test (mark one with @pytest.mark.rule(...))"))
    own = {r.id for r in spec.rules}
    known = set(all_rule_ids) if all_rule_ids is not None else own
    for finding in findings:
        unknown = [r for r in finding.rule_ids if r not in own]
        if unknown:
            problems.append(Problem(game, finding.id, f"the finding names unknown rule id(s) {unknown!r}"))
    prefixes = {r.split("-")[0] for r in own}
    for test in tests:
        for rule_id in test.rule_ids:
            if rule_id.split("-")[0] in prefixes and rule_id not in known:
                problems.append(Problem(game, test.nodeid, f"the test is marked with unknown rule id {rule_id!r}"))
    return problems


# --------------------------------------------------------------------------
# Comparing audits


@dataclass(frozen=True)
class AuditChange:
    """A row whose verdict or detail differs between two audits (``None``: absent)."""

    game: str
    check: str
    subject: str
    before: str | None
    after: str | None
    detail: str = ""

    def __str__(self) -> str:
        head = f"{self.game} {self.check} {self.subject}: {self.before or '(absent)'} -> {self.after or '(absent)'}"
        return f"{head} ({self.detail})" if self.detail else head


def _rows(audit: Mapping[str, Any] | Sequence[Any]) -> dict[tuple[str, str, str], Mapping[str, Any]]:
    rows = audit["rows"] if isinstance(audit, Mapping) else audit
    out: dict[tuple[str, str, str], Mapping[str, Any]] = {}
    for row in rows:
        data = row.get("data") if isinstance(row.get("data"), Mapping) else None
        subject = str(data["id"]) if row.get("check") == "finding" and data and "id" in data else str(row["subject"])
        out[(str(row["game"]), str(row["check"]), subject)] = row
    return out


def _verdict(row: Mapping[str, Any]) -> str:
    data = row.get("data")
    if row.get("check") == "finding" and isinstance(data, Mapping) and "verdict" in data:
        return f"{data['verdict']} [{row['verdict']}]"
    return str(row["verdict"])


def compare_audits(before: Mapping[str, Any] | Sequence[Any], after: Mapping[str, Any] | Sequence[Any]) -> list[AuditChange]:
    """The rows of two ``ruleproof audit --json`` outputs whose verdicts differ.

    Findings are matched by id and compared by their solver verdict (with the
    audit verdict against the manifest in brackets); other rows by subject.

    >>> row = {"game": "take5", "check": "finding", "subject": "T5-F-1 q", "verdict": "pass",
    ...        "detail": "", "data": {"id": "T5-F-1", "verdict": "sat"}}
    >>> flipped = dict(row, verdict="fail", data={"id": "T5-F-1", "verdict": "unsat"}, detail="unsat (z3): no")
    >>> [str(c) for c in compare_audits({"rows": [row]}, {"rows": [flipped]})]
    ['take5 finding T5-F-1: sat [pass] -> unsat [fail] (unsat (z3): no)']
    """
    old, new = _rows(before), _rows(after)
    changes: list[AuditChange] = []
    for key in list(old) + [k for k in new if k not in old]:
        a, b = old.get(key), new.get(key)
        va = _verdict(a) if a is not None else None
        vb = _verdict(b) if b is not None else None
        if va != vb:
            changes.append(AuditChange(*key, va, vb, str(b["detail"]) if b is not None else ""))
    return changes


# --------------------------------------------------------------------------
# Command line: ``python -m ruleproof.checkers.analysis.traceability`` (or ``ruleproof trace``
# and ``ruleproof audit-diff`` once registered in ``cli.EXTENSIONS``).


def _cmd_trace(args: argparse.Namespace) -> int:
    from ruleproof.model.registry import available_games
    from ruleproof.spec.registry import check_game_id, spec_for

    games = [check_game_id(args.game, available_games())] if args.game else list(available_games())
    tests = scan_tests()
    every = [r.id for g in available_games() for r in spec_for(g).rules]
    covered = covering_tests(tests)
    data: dict[str, Any] = {}
    problems: list[Problem] = []
    for game in games:
        spec = spec_for(game)
        problems += check_traceability(spec, tests, all_rule_ids=every)
        data[game] = {r.id: [t.nodeid for t in covered.get(r.id, [])] for r in spec.rules}
    if args.json:
        sys.stdout.write(json.dumps({"rules": data, "problems": [str(p) for p in problems]}, indent=2,
                                    ensure_ascii=False) + "\n")
    else:
        for game, rules in data.items():
            for rule_id, nodeids in rules.items():
                sys.stdout.write(f"{rule_id}: {len(nodeids)} test(s)\n")
                for nodeid in nodeids:
                    sys.stdout.write(f"    {nodeid}\n")
        for problem in problems:
            sys.stdout.write(f"problem: {problem}\n")
    return 1 if problems else 0


def _load_json(path: str) -> Any:
    from ruleproof.spec.errors import RuleproofError

    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RuleproofError(f"cannot read {path!r}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise RuleproofError(f"{path!r} is not JSON ({exc}); write it with `ruleproof audit --json > FILE`") from None


def _cmd_audit_diff(args: argparse.Namespace) -> int:
    changes = compare_audits(_load_json(args.before), _load_json(args.after))
    if args.json:
        sys.stdout.write(json.dumps([c.__dict__ for c in changes], indent=2, ensure_ascii=False) + "\n")
    elif not changes:
        sys.stdout.write("no verdict changed\n")
    else:
        for change in changes:
            sys.stdout.write(f"{change}\n")
    return 0


def add_subcommand(sub: Any) -> None:
    """Add ``trace`` and ``audit-diff`` to the ``ruleproof`` command line (for ``cli.EXTENSIONS``)."""
    p = sub.add_parser("trace", help="which tests cover which rule; traceability gaps")
    p.add_argument("game", nargs="?", help="game id (default: every game)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_trace)
    p = sub.add_parser("audit-diff", help="the verdicts that changed between two `ruleproof audit --json` outputs")
    p.add_argument("before", help="JSON file of the first audit")
    p.add_argument("after", help="JSON file of the second audit")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_audit_diff)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ruleproof.checkers.analysis.traceability {trace,audit-diff} ...``."""
    from ruleproof.spec.errors import RuleproofError

    parser = argparse.ArgumentParser(prog="python -m ruleproof.checkers.analysis.traceability",
                                     description="Traceability of rules to tests and findings.")
    add_subcommand(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except RuleproofError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
