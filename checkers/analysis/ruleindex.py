"""The rule → test index, written by pytest itself at collection time.

A test covers a rule when pytest sees ``@pytest.mark.rule("ID", ...)`` on it
(on the function, its class, its module's ``pytestmark`` or a parameter's
``marks``); it is a worked example of the rulebook when it carries
``@pytest.mark.example("section")``. This module is a small pytest plugin:
when a run collects tests it records, for each test function, the rules and
examples pytest resolved (:func:`entries_from_items`), so the index is real
pytest data, not a reading of the source.

The index ships in the package (:data:`INDEX_PATH`, ``checkers/data/rule_index.json``),
so ``ruleproof trace`` works from an installed wheel. Regenerate it from a
checkout with ``ruleproof trace --update-index`` (or
``python -m pytest --collect-only -q -p ruleproof.checkers.analysis.ruleindex --rule-index-out checkers/data/rule_index.json tests``);
``tests/test_rule_index.py`` fails when it is stale, naming that command.
``tests/conftest.py`` loads the plugin in every run, which is how the check
costs no second collection. The plugin keeps the collected items and reads
their marks and source lines only when asked (:func:`collected`, or
``--rule-index-out``): under ``pytest -n N`` every worker collects the whole
suite, but only the one that runs the check needs the index (reading the
source of every test function cost each worker half a second).

>>> entry = {"nodeid": "tests/test_x.py::test_a", "path": "tests/test_x.py", "name": "test_a", "lineno": 3,
...          "end_lineno": 5, "rule_ids": ["T5-PLACE-2"], "examples": [], "slow": False, "summary": "", "doc": ""}
>>> marked(entry).rule_ids
('T5-PLACE-2',)
"""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


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


#: The shipped index (package data).
INDEX_PATH = Path(__file__).resolve().parents[1] / "data" / "rule_index.json"

#: The index's format name and version.
FORMAT, VERSION = "ruleproof.rule-index", 1

#: Where the plugin keeps what it collected on ``config.stash`` (set in :func:`pytest_configure`): a
#: :class:`_Collected`.
_STASH_KEY: Any = None


#: Set in the environment of a collection subprocess: a nested one would recurse without end.
_NESTED = "RULEPROOF_RULE_INDEX_COLLECTING"


class IndexMissingError(Exception):
    """The shipped index is absent or unreadable."""


def _first_paragraph(doc: str) -> str:
    return " ".join(doc.strip().split("\n\n")[0].split())


def entries_from_items(items: Iterable[Any], base: Path) -> dict[str, dict[str, Any]]:
    """Test function id → its entry, from pytest items (parametrised items merged into their function)."""
    entries: dict[str, dict[str, Any]] = {}
    for item in items:
        function = getattr(item, "function", None)
        if function is None:
            continue
        path = Path(item.path)
        rel = path.relative_to(base).as_posix() if path.is_relative_to(base) else path.as_posix()
        inner = item.nodeid.split("::", 1)[1] if "::" in item.nodeid else item.name
        nodeid = f"{rel}::{inner.split('[', 1)[0]}"
        # pytest yields the closest marks first (the function's, bottom decorator first, then its class's and
        # module's); reversed, they read as written: module, class, then decorators top to bottom.
        rules = [str(a) for m in reversed(list(item.iter_markers("rule"))) for a in m.args]
        examples = [str(a) for m in reversed(list(item.iter_markers("example"))) for a in m.args]
        entry = entries.get(nodeid)
        if entry is None:
            doc = inspect.getdoc(function) or ""
            try:
                lines, first = inspect.getsourcelines(function)
            except (OSError, TypeError):
                lines, first = [], 0
            # the ``def`` line (decorators come first in the source lines), as a syntax tree would say
            offset = next((i for i, line in enumerate(lines) if line.lstrip().startswith(("def ", "async def "))), 0)
            entry = entries[nodeid] = {
                "nodeid": nodeid, "path": rel, "name": function.__name__, "lineno": first + offset,
                "end_lineno": first + len(lines) - 1 if lines else first,
                "rule_ids": [], "examples": [], "slow": False, "summary": _first_paragraph(doc), "doc": doc,
            }
        entry["rule_ids"] = list(dict.fromkeys(entry["rule_ids"] + rules))
        entry["examples"] = list(dict.fromkeys(entry["examples"] + examples))
        entry["slow"] = entry["slow"] or item.get_closest_marker("slow") is not None
    return entries


def marked(entry: Mapping[str, Any]) -> MarkedTest:
    """An index entry as a :class:`MarkedTest`."""
    return MarkedTest(str(entry["nodeid"]), str(entry["path"]), str(entry["name"]), int(entry["lineno"]),
                      int(entry["end_lineno"]), tuple(entry["rule_ids"]), tuple(entry["examples"]),
                      bool(entry["slow"]), str(entry["summary"]), str(entry["doc"]))


def is_marked(entry: Mapping[str, Any]) -> bool:
    """Whether a test names a rule or a worked example (only those go into the shipped index)."""
    return bool(entry["rule_ids"] or entry["examples"])


#: The fields whose change makes the shipped index stale (line numbers and docstrings may drift).
COMPARED = ("nodeid", "rule_ids", "examples", "slow", "summary")


def key(entry: Mapping[str, Any]) -> tuple[Any, ...]:
    """What :data:`COMPARED` says of one entry."""
    return tuple(tuple(entry[f]) if isinstance(entry[f], list) else entry[f] for f in COMPARED)


def document(entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The index file's content: the marked tests (:func:`is_marked`), sorted by node id."""
    return {"format": FORMAT, "version": VERSION,
            "tests": [dict(entries[k]) for k in sorted(entries) if is_marked(entries[k])]}


def write_index(entries: Mapping[str, Mapping[str, Any]], path: Path) -> None:
    """Write the index atomically (a temporary file in the same folder, then a rename)."""
    text = json.dumps(document(entries), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_index(path: Path | None = None) -> list[MarkedTest]:
    """The tests of an index file (default :data:`INDEX_PATH`), in source order; :class:`IndexMissingError`
    when there is none."""
    path = INDEX_PATH if path is None else path
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise IndexMissingError(f"no rule index at {path}; regenerate it from a checkout with "
                                "`ruleproof trace --update-index`") from None
    except (OSError, ValueError) as exc:
        raise IndexMissingError(f"the rule index {path} cannot be read ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("tests"), list):
        raise IndexMissingError(f"{path} is not a {FORMAT} file")
    return in_source_order(marked(e) for e in data["tests"])


def in_source_order(tests: Iterable[MarkedTest]) -> list[MarkedTest]:
    """Tests ordered by file, then by line (the order of a scan of the sources)."""
    return sorted(tests, key=lambda t: (t.path, t.lineno, t.nodeid))


def collect_index(tests_dir: Path, base: Path) -> dict[str, dict[str, Any]]:
    """Collect ``tests_dir`` with pytest in a subprocess (nothing runs) and return its entries."""
    if os.environ.get(_NESTED):
        raise RuntimeError("a test module collects tests at import time inside a rule-index collection")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "index.json"
        command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                   "-p", __name__, "--rule-index-out", str(out), "--import-mode=importlib", "--rootdir", str(base),
                   "-W", "ignore::pytest.PytestUnknownMarkWarning", str(tests_dir)]
        result = subprocess.run(command, capture_output=True, text=True, cwd=base, check=False,
                                env={**os.environ, _NESTED: "1"})
        if not out.exists():
            raise RuntimeError(f"pytest collection wrote no index (exit {result.returncode}):\n{result.stdout[-2000:]}")
        data = json.loads(out.read_text(encoding="utf-8"))
    return {e["nodeid"]: e for e in data["tests"]}


class _Collected:
    """A run's collected items (before any deselection), turned into index entries on the first request."""

    def __init__(self, items: Iterable[Any], base: Path) -> None:
        self._items: list[Any] | None = list(items)
        self._base = base
        self._entries: dict[str, dict[str, Any]] = {}

    def entries(self) -> dict[str, dict[str, Any]]:
        """:func:`entries_from_items` of the items, computed once."""
        if self._items is not None:
            self._entries = entries_from_items(self._items, self._base)
            self._items = None
        return self._entries


def collected(config: Any) -> dict[str, dict[str, Any]] | None:
    """What the current pytest run collected (``None`` when the plugin is not loaded)."""
    if _STASH_KEY is None:
        return None
    found: _Collected | None = config.stash.get(_STASH_KEY, None)
    return None if found is None else found.entries()


# -- pytest hooks ------------------------------------------------------------------


def pytest_addoption(parser: Any) -> None:
    """``--rule-index-out FILE``: write the collected rule index to FILE."""
    parser.addoption("--rule-index-out", metavar="FILE", default=None,
                     help="ruleproof: write the rule → test index of the collected tests to FILE")


def pytest_configure(config: Any) -> None:
    """Create the stash key once."""
    global _STASH_KEY
    if _STASH_KEY is None:
        import pytest

        _STASH_KEY = pytest.StashKey[_Collected]()


def _tryfirst(function: Any) -> Any:
    try:
        import pytest
    except ImportError:  # an installed wheel without pytest: the hooks are never called
        return function
    return pytest.hookimpl(tryfirst=True)(function)


@_tryfirst
def pytest_collection_modifyitems(session: Any, config: Any, items: list[Any]) -> None:
    """Record every collected test (before ``-m``/``-k`` deselect any) and write the index when asked."""
    found = config.stash[_STASH_KEY] = _Collected(items, Path(str(config.rootpath)))
    target = config.getoption("--rule-index-out", default=None)
    if target:
        write_index(found.entries(), Path(target))

