"""Traceability: which tests cover which rule, which findings name which rule.

A test covers a rule when it carries ``@pytest.mark.rule("ID", ...)``; a test
is one of the rulebook's worked examples when it carries
``@pytest.mark.example("section heading")``. Which test carries which marker
is what pytest itself resolves at collection time (markers on functions,
classes, modules and parameters alike): :mod:`ruleproof.checkers.analysis.ruleindex`
is the pytest plugin that records it, and the index it writes ships in the
package, so ``ruleproof trace`` works from an installed wheel.

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

import re

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruleproof.checkers.analysis import ruleindex
from ruleproof.checkers.analysis.ruleindex import MarkedTest

#: The repository root in a checkout (``checkers/analysis/`` lives two levels below it).
REPO_ROOT = Path(__file__).resolve().parents[2]


def scan_tests(tests_dir: Path | None = None, *, base: Path | None = None) -> list[MarkedTest]:
    """The test functions and the rules and worked examples pytest resolved for them.

    For the project's own tests (no arguments, or the checkout's ``tests/``):
    the index shipped in the package (:data:`ruleproof.checkers.analysis.ruleindex.INDEX_PATH`,
    written by pytest's own collection, kept fresh by ``tests/test_rule_index.py``;
    works from an installed wheel). For another folder: pytest collects it
    now, in a subprocess (nothing runs), with node ids relative to ``base``
    (default: the repository root).
    """
    tests_dir = (tests_dir or REPO_ROOT / "tests").resolve()
    base = (base or REPO_ROOT).resolve()
    if tests_dir == REPO_ROOT.resolve() / "tests" and base == REPO_ROOT.resolve():
        return ruleindex.load_index()  # the project's own tests: the index pytest wrote (tested fresh)
    entries = ruleindex.collect_index(tests_dir, base)
    return ruleindex.in_source_order(ruleindex.marked(e) for e in entries.values())


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
    """A row whose verdict or detail differs between two audits (``None``: absent).

    ``subject_after`` is the row's subject in the second audit when it differs
    (the same check under another reading: ``3 players`` against
    ``3 players (threshold=30)``).
    """

    game: str
    check: str
    subject: str
    before: str | None
    after: str | None
    detail: str = ""
    subject_after: str | None = None

    def __str__(self) -> str:
        subject = self.subject if self.subject_after in (None, self.subject) else f"{self.subject} / {self.subject_after}"
        head = f"{self.game} {self.check} {subject}: {self.before or '(absent)'} -> {self.after or '(absent)'}"
        return f"{head} ({self.detail})" if self.detail else head

    def to_json(self) -> dict[str, Any]:
        """The change as JSON-ready data (``subject_after`` only when it differs)."""
        data = {k: v for k, v in self.__dict__.items() if k != "subject_after"}
        if self.subject_after not in (None, self.subject):
            data["subject_after"] = self.subject_after
        return data

def row_key(row: Mapping[str, Any]) -> tuple[str, str, str]:
    """What identifies an audit row across audits: game, check and subject (a finding's id for a finding).

    >>> row_key({"game": "take5", "check": "finding", "subject": "T5-F-1 q", "data": {"id": "T5-F-1"}})
    ('take5', 'finding', 'T5-F-1')
    """
    data = row.get("data") if isinstance(row.get("data"), Mapping) else None
    subject = str(data["id"]) if row.get("check") == "finding" and data and "id" in data else str(row["subject"])
    return (str(row["game"]), str(row["check"]), subject)


def duplicate_rows(audit: Mapping[str, Any] | Sequence[Any]) -> tuple[int, int] | None:
    """The indexes of the first two rows of one check (``None`` when each check has one row): an audit with two
    cannot be compared (which verdict would count?).

    >>> duplicate_rows({"rows": [{"game": "take5", "check": "fuzz", "subject": "3p"}] * 2})
    (0, 1)
    """
    rows = audit["rows"] if isinstance(audit, Mapping) else audit
    seen: dict[tuple[str, str, str], int] = {}
    for index, row in enumerate(rows):
        first = seen.setdefault(row_key(row), index)
        if first != index:
            return first, index
    return None


Key = tuple[str, str, str]


def _rows(audit: Mapping[str, Any] | Sequence[Any]) -> dict[Key, Mapping[str, Any]]:
    rows = audit["rows"] if isinstance(audit, Mapping) else audit
    return {row_key(row): row for row in rows}


def _without_flags(key: Key) -> Key:
    """The key without the flags a configuration's subject names after its player count
    (``3 players (threshold=30)`` → ``3 players``): the same check under another reading.

    >>> _without_flags(("take5", "property", "T5-INV-1 3 players (end_rule=>, threshold=30)"))
    ('take5', 'property', 'T5-INV-1 3 players')
    """
    game, check, subject = key
    if check == "finding":
        return key
    return game, check, re.sub(r"^(.*\b\d+ players?) \(.*\)$", r"\1", subject)


def _pairs(old: dict[Key, Mapping[str, Any]], new: dict[Key, Mapping[str, Any]]) -> list[tuple[Key | None, Key | None]]:
    """The rows of two audits paired, in the first audit's order: by the same key, else by the key without its
    flags (the n-th such row before with the n-th left after); rows of the second audit still unpaired last."""
    by_base: dict[Key, list[Key]] = {}
    for k in new:
        if k not in old:
            by_base.setdefault(_without_flags(k), []).append(k)
    pairs: list[tuple[Key | None, Key | None]] = []
    for k in old:
        if k in new:
            pairs.append((k, k))
        else:
            waiting = by_base.get(_without_flags(k))
            pairs.append((k, waiting.pop(0) if waiting else None))
    paired = {b for _, b in pairs}
    return pairs + [(None, k) for k in new if k not in old and k not in paired]


def _verdict(row: Mapping[str, Any]) -> str:
    data = row.get("data")
    if row.get("check") == "finding" and isinstance(data, Mapping) and "verdict" in data:
        return f"{data['verdict']} [{row['verdict']}]"
    return str(row["verdict"])


def compare_audits(before: Mapping[str, Any] | Sequence[Any], after: Mapping[str, Any] | Sequence[Any]) -> list[AuditChange]:
    """The rows of two ``ruleproof audit --json`` outputs whose verdicts differ.

    Findings are matched by id and compared by their solver verdict (with the
    audit verdict against the manifest in brackets); other rows by subject, and
    a row whose subject is not in the other audit by its subject without the
    flags (an audit under ``--variant`` names them: the same check, another reading).

    >>> row = {"game": "take5", "check": "finding", "subject": "T5-F-1 q", "verdict": "pass",
    ...        "detail": "", "data": {"id": "T5-F-1", "verdict": "sat"}}
    >>> flipped = dict(row, verdict="fail", data={"id": "T5-F-1", "verdict": "unsat"}, detail="unsat (z3): no")
    >>> [str(c) for c in compare_audits({"rows": [row]}, {"rows": [flipped]})]
    ['take5 finding T5-F-1: sat [pass] -> unsat [fail] (unsat (z3): no)']
    >>> plain = {"game": "take5", "check": "fuzz", "subject": "3 players", "verdict": "pass", "detail": ""}
    >>> flagged = dict(plain, subject="3 players (threshold=30)", verdict="fail", detail="boom")
    >>> [str(c) for c in compare_audits({"rows": [plain]}, {"rows": [flagged]})]
    ['take5 fuzz 3 players / 3 players (threshold=30): pass -> fail (boom)']
    >>> compare_audits({"rows": [plain]}, {"rows": [dict(flagged, verdict="pass")]})
    []
    """
    old, new = _rows(before), _rows(after)
    changes: list[AuditChange] = []
    for key_a, key_b in _pairs(old, new):
        a = old[key_a] if key_a is not None else None
        b = new[key_b] if key_b is not None else None
        va = _verdict(a) if a is not None else None
        vb = _verdict(b) if b is not None else None
        if va != vb:
            key = key_a if key_a is not None else key_b
            assert key is not None
            changes.append(AuditChange(*key, va, vb, str(b.get("detail", "")) if b is not None else "",
                                       key_b[2] if key_a is not None and key_b is not None else None))
    return changes
