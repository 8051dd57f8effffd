"""The traceability scan: markers read from test files, gaps reported, audits compared."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.analysis.traceability import (
    check_traceability,
    compare_audits,
    covering_tests,
    scan_tests,
    worked_examples,
)
from ruleproof.checkers.cli.main import main
from ruleproof.model.registry import available_games
from ruleproof.spec.core import Rule, RuleKind, Source
from ruleproof.spec.registry import spec_for

SAMPLE = '''
import pytest
from ruleproof.spec.take5 import RULEBOOK as BOOK

pytestmark = [pytest.mark.rule("T5-SETUP-1")]
IDS = ("T5-PLACE-1", "T5-PLACE-2")
SECTION = "ДОБАВЛЕНИЕ КАРТ В МАКЕТ"


@pytest.mark.rule(*IDS)
@pytest.mark.example(SECTION)
def test_starred_and_constant():
    """First line
    goes on.

    Second paragraph."""


class TestGroup:
    @pytest.mark.rule("T5-SIX-1")
    @pytest.mark.slow
    def test_in_class(self):
        pass


@pytest.mark.example(BOOK)
def test_imported_constant():
    pass


def helper_not_a_test():
    pass
'''


#: The sample files, scanned together once per module (each scan is a pytest collection in a subprocess):
#: file name → its text. A file that does not parse sits beside the others.
SAMPLES = {
    "test_take5_demo.py": SAMPLE,
    "test_broken.py": "def test_broken(:\n",
    "test_demo.py": 'import pytest\n@pytest.mark.rule("DM-A-1")\ndef test_a():\n    pass\n',
    "test_demo_typo.py": 'import pytest\n@pytest.mark.rule("DM-A-1", "DM-TYPO-1", "T5-SETUP-1")\ndef test_a():\n    pass\n',
}


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list]:  # type: ignore[type-arg]
    """The tests :func:`scan_tests` finds in each file of :data:`SAMPLES` (one scan of one folder)."""
    folder = tmp_path_factory.mktemp("scan")
    for name, text in SAMPLES.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    found = scan_tests(folder, base=folder)
    unknown = {t.nodeid.split("::")[0] for t in found} - set(SAMPLES)
    assert not unknown, unknown
    return {name: [t for t in found if t.nodeid.split("::")[0] == name] for name in SAMPLES}


def test_scan_reads_literal_constant_starred_class_and_module_marks(scanned: dict[str, list]) -> None:  # type: ignore[type-arg]
    tests = {t.name: t for t in scanned["test_take5_demo.py"]}
    assert sorted(tests) == ["test_imported_constant", "test_in_class", "test_starred_and_constant"]
    first = tests["test_starred_and_constant"]
    assert first.rule_ids == ("T5-SETUP-1", "T5-PLACE-1", "T5-PLACE-2")
    assert first.examples == ("ДОБАВЛЕНИЕ КАРТ В МАКЕТ",)
    assert first.summary == "First line goes on."
    assert first.nodeid == "test_take5_demo.py::test_starred_and_constant"
    assert first.module_game == "take5"
    in_class = tests["test_in_class"]
    assert in_class.nodeid == "test_take5_demo.py::TestGroup::test_in_class"
    assert in_class.rule_ids == ("T5-SETUP-1", "T5-SIX-1") and in_class.slow
    assert tests["test_imported_constant"].examples == ("002_14cf867976a02cf7.txt",)


def test_scan_skips_files_that_do_not_parse(scanned: dict[str, list]) -> None:  # type: ignore[type-arg]
    """A file that does not parse gives no test, and the files beside it are still read."""
    assert scanned["test_broken.py"] == []
    assert scanned["test_take5_demo.py"] and scanned["test_demo.py"]


def test_covering_tests_and_worked_examples(scanned: dict[str, list]) -> None:  # type: ignore[type-arg]
    tests = scanned["test_take5_demo.py"]
    covered = covering_tests(tests)
    assert [t.name for t in covered["T5-SETUP-1"]] == ["test_starred_and_constant", "test_in_class", "test_imported_constant"]
    assert [t.name for t in worked_examples(tests, "take5", ())] == ["test_starred_and_constant", "test_imported_constant"]
    assert worked_examples(tests, "cinco", ("CI-PLAY-1",)) == []


def test_the_repository_has_no_traceability_gap() -> None:
    tests = scan_tests()
    every = [r.id for g in available_games() for r in spec_for(g).rules]
    problems = [p for g in available_games() for p in check_traceability(spec_for(g), tests, all_rule_ids=every)]
    assert not problems, "\n".join(map(str, problems))


def _spec(*rules: Rule) -> SimpleNamespace:
    return SimpleNamespace(name="demo", rules=rules)


def _rule(rule_id: str, source: Source = Source("demo.txt", "Раздел")) -> Rule:
    return Rule(rule_id, "Title", "Text.", source, RuleKind.LEGALITY, lambda step: None)


def test_invalid_rule_without_source_or_test_is_a_gap(scanned: dict[str, list]) -> None:  # type: ignore[type-arg]
    tests = scanned["test_demo.py"]
    spec = _spec(_rule("DM-A-1"), _rule("DM-B-1"), _rule("DM-C-1", Source("demo.txt", " ")))
    problems = [str(p) for p in check_traceability(spec, tests)]
    assert problems == [
        "demo: DM-B-1: no covering test (mark one with @pytest.mark.rule(...))",
        "demo: DM-C-1: no source citation (rulebook file and section heading)",
        "demo: DM-C-1: no covering test (mark one with @pytest.mark.rule(...))",
    ]


def test_invalid_finding_naming_an_unknown_rule_is_a_gap() -> None:
    spec = _spec(_rule("DM-A-1"))
    good = Finding("DM-F-1", "demo", "q?", "sat", "yes", rule_ids=("DM-A-1",))
    bad = Finding("DM-F-2", "demo", "q?", "unsat", "no", rule_ids=("DM-A-1", "DM-Z-9"))
    problems = [str(p) for p in check_traceability(spec, [], [good, bad])]
    assert "demo: DM-F-2: the finding names unknown rule id(s) ['DM-Z-9']" in problems
    assert not any("DM-F-1" in p for p in problems)


def test_invalid_marker_naming_an_unknown_rule_is_a_gap(scanned: dict[str, list]) -> None:  # type: ignore[type-arg]
    tests = scanned["test_demo_typo.py"]
    problems = [str(p) for p in check_traceability(_spec(_rule("DM-A-1")), tests)]
    assert problems == ["demo: test_demo_typo.py::test_a: the test is marked with unknown rule id 'DM-TYPO-1'"]


def _row(check: str, subject: str, verdict: str, data: dict | None = None) -> dict:  # type: ignore[type-arg]
    row = {"game": "take5", "check": check, "subject": subject, "verdict": verdict, "detail": f"{verdict} detail"}
    if data is not None:
        row["data"] = data
    return row


def test_compare_audits_reports_changed_added_and_removed_rows() -> None:
    before = {"rows": [_row("conformance", "2 players", "pass"),
                       _row("finding", "T5-F-1 question", "pass", {"id": "T5-F-1", "verdict": "sat"}),
                       _row("finding", "T5-F-2 question", "pass", {"id": "T5-F-2", "verdict": "unsat"})]}
    after = {"rows": [_row("conformance", "2 players", "fail"),
                      _row("finding", "T5-F-1 reworded question", "pass", {"id": "T5-F-1", "verdict": "sat"}),
                      _row("finding", "T5-F-3 question", "pass", {"id": "T5-F-3", "verdict": "sat"})]}
    changes = [str(c) for c in compare_audits(before, after)]
    assert changes == [
        "take5 conformance 2 players: pass -> fail (fail detail)",
        "take5 finding T5-F-2: unsat [pass] -> (absent)",
        "take5 finding T5-F-3: (absent) -> sat [pass] (pass detail)",
    ]
    assert compare_audits(before, before) == []


def test_audit_diff_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    before.write_text(json.dumps({"rows": [_row("fuzz", "2 players", "pass")]}), encoding="utf-8")
    after.write_text(json.dumps({"rows": [_row("fuzz", "2 players", "fail")]}), encoding="utf-8")
    assert main(["audit-diff", str(before), str(after)]) == 1  # a verdict changed
    assert "take5 fuzz 2 players: pass -> fail" in capsys.readouterr().out
    assert main(["audit-diff", str(before), str(before)]) == 0
    assert capsys.readouterr().out == "no verdict changed\n"


def test_invalid_audit_diff_input_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["audit-diff", str(bad), str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "ruleproof audit --json" in err and "Traceback" not in err


def test_trace_command_lists_covering_tests(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "take5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["problems"] == []
    assert any("test_take5.py" in nodeid for nodeid in data["rules"]["take5"]["T5-PLACE-2"])
