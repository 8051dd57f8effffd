"""The solver questions ship with the docs as SMT-LIB 2 files, listed on reference/smt2.html (issue 32, point 2).

The built site (one build per session, ``conftest.html_build``) must publish
every file of its ``smt2/index.json`` at the link the page gives, with a zip of
them all; every finding the catalogue answers with a solver query has files;
and the published files read back into z3 with their stated status.
"""

from __future__ import annotations

import importlib
import json
import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.smt.smtlib import status_in, z3_decide

Page = Any  # conftest.Page
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _extension() -> Any:
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module("ruleproof_smt2")
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def test_the_page_lists_every_file_with_a_working_link(site: Path, pages: dict[str, Page]) -> None:
    index = json.loads((site / "smt2" / "index.json").read_text("utf-8"))
    page = pages["reference/smt2.html"]
    assert index["files"], "no SMT-LIB 2 file published"
    for entry in index["files"]:
        assert f"../smt2/{entry['file']}" in page.links, entry["file"]
        assert (site / "smt2" / entry["file"]).is_file(), entry["file"]
    assert "z3 rlimit=" in page.text and "cvc5 --rlimit-per=" in page.text and "--cross-check" in page.text
    # every finding with an unsat solver query has its proof published
    for game in {e["game"] for e in index["files"]}:
        assert any(e["game"] == game and e["status"] == "unsat" for e in index["files"]), game
    with zipfile.ZipFile(site / "smt2" / "ruleproof-smt2.zip") as archive:
        names = set(archive.namelist())
    assert {f"ruleproof-smt2/{e['file']}" for e in index["files"]} <= names


#: Files re-decided by z3 in the default run: the cheapest of each game, kind and status (the exporter's files are
#: re-decided one by one by tests/checkers/test_smt_crosscheck.py; every published file is ``-m slow``, .ci/extra).
def _cheapest_of_each_kind(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    cheapest: dict[tuple[str, str, str], dict[str, Any]] = {}
    for entry in entries:
        key = (entry["game"], entry["kind"], entry["status"])
        if key not in cheapest or entry["z3_units"] < cheapest[key]["z3_units"]:
            cheapest[key] = entry
    return sorted(cheapest.values(), key=lambda e: str(e["file"]))


def _small_files(site: Path) -> list[dict[str, Any]]:
    index = json.loads((site / "smt2" / "index.json").read_text("utf-8"))
    small = [e for e in index["files"] if e["z3_units"] < 2_000_000]  # the large Big Five ones run in the slow tests
    assert len(small) > 50
    for entry in small:
        assert status_in((site / "smt2" / entry["file"]).read_text("utf-8")) == entry["status"], entry["file"]
    return small


def _read_back(site: Path, entries: list[dict[str, Any]]) -> None:
    for entry in entries:
        text = (site / "smt2" / entry["file"]).read_text("utf-8")
        assert z3_decide(text, rlimit=50_000_000).verdict == entry["status"], entry["file"]


def test_published_files_state_their_status_and_one_of_each_kind_reads_back_with_it(site: Path) -> None:
    sample = _cheapest_of_each_kind(_small_files(site))
    assert {e["status"] for e in sample} == {"sat", "unsat"} and {e["kind"] for e in sample} >= {"check", "bound"}
    _read_back(site, sample)


@pytest.mark.slow
def test_published_files_read_back_with_their_status(site: Path) -> None:
    """Every small published file re-decided by z3 (``-m slow``; ``.ci/extra`` runs it on every CI run)."""
    _read_back(site, _small_files(site))


def test_the_page_of_an_index_names_each_file_status_and_rules() -> None:
    ext = _extension()
    index = {"files": [{"game": "take5", "finding": "T5-F-3", "file": "take5/T5-F-3-q01.smt2", "status": "unsat",
                        "kind": "check", "logic": "QF_LIA", "rules": ["T5-PLACE-2"]},
                       {"game": "take5", "finding": "T5-F-5", "file": "take5/T5-F-5-q01-bound.smt2",
                        "status": "unsat", "kind": "bound", "logic": "QF_NIA", "rules": []}]}
    text = ext.page(index)
    assert "`T5-F-3-q01.smt2 <../smt2/take5/T5-F-3-q01.smt2>`_" in text
    assert ":rp-badge:`unsat` (optimum bound)" in text and "``T5-PLACE-2``" in text
    assert "2 in all (2 of them ``unsat``" in text


def _fake_export(folder: Path, tag: str) -> Path:
    folder.mkdir(parents=True)
    files = [{"file": f"g/q{i}.smt2"} for i in range(40)]
    (folder / "g").mkdir()
    for entry in files:
        (folder / entry["file"]).write_text(f"; {tag}\n(check-sat)\n" * 50, encoding="utf-8")
    (folder / "index.json").write_text(json.dumps({"tag": tag, "files": files}), encoding="utf-8")
    return folder


def _publish_in_a_process(source: str, extra: str, rounds: int) -> None:
    extension = _extension()
    for _ in range(rounds):
        extension._publish(Path(source), Path(extra))


def test_builds_side_by_side_publish_one_whole_folder(tmp_path: Path) -> None:
    """CI builds the PDF while .ci/extra builds the site, in one checkout: neither may trip over the other's copy.

    The stop-38 CI run failed with ``File exists: docs/_smt2/smt2`` when both copied the export at once.
    """
    import multiprocessing

    extension = _extension()
    source = _fake_export(tmp_path / "export", "a")
    extra = tmp_path / "extra"
    extra.mkdir()
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_publish_in_a_process, args=(str(source), str(extra), 5)) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]
    assert sorted(p.name for p in extra.iterdir()) == ["smt2"], "a staging folder was left behind"
    with zipfile.ZipFile(extra / "smt2" / "ruleproof-smt2.zip") as archive:
        assert len(archive.namelist()) == 41
    # the same export again leaves the published folder as it is; a new one replaces it whole
    before = (extra / "smt2").stat().st_ino
    extension._publish(source, extra)
    assert (extra / "smt2").stat().st_ino == before
    newer = _fake_export(tmp_path / "export2", "b")
    assert extension._publish(newer, extra)["tag"] == "b"
    assert json.loads((extra / "smt2" / "index.json").read_text("utf-8"))["tag"] == "b"
    assert "; b" in (extra / "smt2" / "g" / "q0.smt2").read_text("utf-8")
    assert sorted(p.name for p in extra.iterdir()) == ["smt2"]


def test_a_build_that_finishes_its_export_second_keeps_the_first(tmp_path: Path) -> None:
    """Two builds of the same sources export side by side (CI's PDF step and ``.ci/extra``'s site): the second to
    finish finds the first's export installed and keeps it (a CI-like run failed with "Directory not empty" renaming
    its own over it, once the README command's build answered only a sample and left the whole export to them). A folder there without an index is no export, and installing over it still fails."""
    extension = _extension()
    root = tmp_path / "cache"
    first = extension._install(root, "k", _fake_export(root / "k.1.tmp", "first"))
    second = _fake_export(root / "k.2.tmp", "second")
    assert extension._install(root, "k", second) == first
    assert json.loads((first / "index.json").read_text("utf-8"))["tag"] == "first"
    assert sorted(p.name for p in root.iterdir()) == ["k"], "the losing export was left behind"
    (first / "index.json").unlink()
    with pytest.raises(OSError):
        extension._install(root, "k", _fake_export(root / "k.3.tmp", "third"))


def _one_pass_runner(returncode: int, calls: list[list[str]]) -> Any:
    """A stand-in for the pass's process: writes a small export into DIR and findings into FINDINGS."""
    import subprocess

    def run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        calls.append(command)
        assert command[1:3] == ["-m", "ruleproof.checkers.smt.catalogue_export"], command
        _fake_export(Path(command[3]), "one pass")
        Path(command[4]).write_text(json.dumps({"findings": {"take5": [{"id": "T5-F-1"}]}, "errors": {}}), "utf-8")
        return subprocess.CompletedProcess(command, returncode, "", "")

    return run


def _one_pass_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exit_code: int
                    ) -> tuple[Any, Any, list[list[str]]]:
    """The extension, a stand-in app with the export switched on, and the one-pass commands it runs (each
    exiting with ``exit_code``), its cache in ``tmp_path / "cache"``."""
    from types import SimpleNamespace

    extension = _extension()
    monkeypatch.delenv(extension.SMT2_ENV, raising=False)
    monkeypatch.setattr(extension, "_cache", lambda app: (tmp_path / "cache", "key1"))
    calls: list[list[str]] = []
    monkeypatch.setattr(extension.subprocess, "run", _one_pass_runner(exit_code, calls))
    app = SimpleNamespace(srcdir=str(tmp_path), config=SimpleNamespace(ruleproof_smt2=True))
    return extension, app, calls


def test_a_cold_build_answers_the_findings_and_the_export_in_one_pass(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    extension, app, calls = _one_pass_build(tmp_path, monkeypatch, 0)
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "key0").mkdir()  # an export of older sources
    (tmp_path / "cache" / "key0.findings.json").write_text("{}", "utf-8")

    answered = extension.findings_with_export(app)
    assert answered == {"findings": {"take5": [{"id": "T5-F-1"}]}, "errors": {}}
    assert len(calls) == 1
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == ["key1", "key1.findings.json"]
    # the SMT-LIB page then publishes that export without a second pass, and a stale findings cache reads them
    folder, problem = extension._cached_export(app)
    assert (folder, problem) == (tmp_path / "cache" / "key1", None)
    assert json.loads((folder / "index.json").read_text("utf-8"))["tag"] == "one pass"
    assert extension.findings_with_export(app) == answered
    assert len(calls) == 1, "the cached export and findings were answered again"
    # switched off, or an export given from outside: the findings are answered on their own
    assert extension.findings_with_export(SimpleNamespace(srcdir=str(tmp_path), config=SimpleNamespace(
        ruleproof_smt2=False))) is None
    monkeypatch.setenv(extension.SMT2_ENV, str(folder))
    assert extension.findings_with_export(app) is None


def test_a_failed_question_keeps_the_findings_but_not_the_export(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Exit 1 (a question failed): the findings pages still show the answers; the export is left to
    ``export-smt`` in ``generate``, whose failure is the build's warning, as before the one pass."""
    extension, app, _ = _one_pass_build(tmp_path, monkeypatch, 1)
    assert extension.findings_with_export(app) == {"findings": {"take5": [{"id": "T5-F-1"}]}, "errors": {}}
    assert list((tmp_path / "cache").iterdir()) == [], "a failed export was cached"


_CATALOGUE = """
import json, sys
from ruleproof.checkers.catalogue.questions import run_catalogue
json.dump([f.to_json() for f in run_catalogue("take5", full=False)], sys.stdout)
"""


def _without_seconds(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


def test_the_one_pass_answers_what_the_catalogue_answers(tmp_path: Path) -> None:
    """The findings pages used to show each game's catalogue answered in a process of its own; the one pass
    answers each question with emptied solver caches after the others. Same answers, witnesses included
    (Take 5 here; the whole site was diffed for every game when the pass was introduced).

    The pass is the sampled one the tests' build runs (``python -m ruleproof.checkers.smt.catalogue_export DIR
    FINDINGS ID ...``), given Take 5's catalogue and one Ikebana question: it asks and exports those and nothing
    else; an id that is no question is refused (exit 2) before anything is asked."""
    import subprocess

    from ruleproof.checkers.catalogue.questions import questions

    take5 = [q.id for q in questions("take5")]
    findings = tmp_path / "findings.json"
    one_pass = [sys.executable, "-m", "ruleproof.checkers.smt.catalogue_export", str(tmp_path / "out"), str(findings)]
    refused = subprocess.run([*one_pass, "T5-F-3", "T5-F-99"], capture_output=True, text=True)
    assert refused.returncode == 2 and "T5-F-99" in refused.stderr and not findings.exists(), refused.stderr
    proc = subprocess.run([*one_pass, *take5, "IK-F-4"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    answered = json.loads(findings.read_text("utf-8"))
    assert {g: [f["id"] for f in rows] for g, rows in answered["findings"].items() if rows} == {
        "take5": take5, "ikebana": ["IK-F-4"]}
    index = json.loads((tmp_path / "out" / "index.json").read_text("utf-8"))
    assert [f["finding"] for f in index["findings"]] == [*take5, "IK-F-4"]
    assert {e["game"] for e in index["files"]} == {"take5"} and "take5/T5-F-3-q01.smt2" in {
        e["file"] for e in index["files"]}
    catalogue = json.loads(subprocess.run([sys.executable, "-c", _CATALOGUE], capture_output=True, text=True,
                                          check=True).stdout)
    assert catalogue and _without_seconds(answered["findings"]["take5"]) == _without_seconds(catalogue)


def test_a_sampled_build_answers_its_sample_in_one_pass_and_keeps_the_whole_export(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``ruleproof_findings_sample`` (the tests' build): the one pass asks only the named questions, its export is
    cached under a key of its own beside the whole build's of the same sources, and a name that is no question
    of any catalogue stops the build."""
    from types import SimpleNamespace

    from sphinx.errors import ExtensionError

    monkeypatch.syspath_prepend(str(DOCS / "_ext"))  # the cache key is the findings' (ruleproof_docs.gather)
    extension = _extension()
    monkeypatch.delenv(extension.SMT2_ENV, raising=False)
    calls: list[list[str]] = []

    def run(command: list[str], **kwargs: Any) -> Any:
        import subprocess

        calls.append(command)
        _fake_export(Path(command[3]), "sampled")
        Path(command[4]).write_text(json.dumps({"findings": {"take5": [{"id": "T5-F-3"}]}, "errors": {}}), "utf-8")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(extension.subprocess, "run", run)

    def app(sample: list[str]) -> Any:
        return SimpleNamespace(srcdir=str(tmp_path), config=SimpleNamespace(
            ruleproof_smt2=True, ruleproof_findings_sample=sample))

    root, whole_key = extension._cache(app([]))
    _, key = extension._cache(app(["T5-F-3", "CI-F-3"]))
    assert key.startswith(whole_key + "-s") and key != extension._cache(app(["T5-F-3"]))[1]
    (root / whole_key).mkdir(parents=True)
    (root / whole_key / "index.json").write_text("{}", "utf-8")
    (root / "0ldersources").mkdir()

    assert extension.findings_with_export(app(["T5-F-3", "CI-F-3"])) == {
        "findings": {"take5": [{"id": "T5-F-3"}]}, "errors": {}}
    assert calls[0][1:3] == ["-m", "ruleproof.checkers.smt.catalogue_export"] and calls[0][5:] == ["CI-F-3", "T5-F-3"]
    assert sorted(p.name for p in root.iterdir()) == sorted([whole_key, key, f"{key}.findings.json"])
    # findings cached but not the export (say, this extension changed): the page's export is the sample's too
    shutil.rmtree(root / key)
    _, key = extension._cache(app(["T5-F-3", "CI-F-3"]))
    folder, problem = extension._cached_export(app(["T5-F-3", "CI-F-3"]))
    assert (folder, problem) == (root / key, None)
    assert calls[1][1:3] == ["-m", "ruleproof.checkers.smt.catalogue_export"] and calls[1][5:] == ["CI-F-3", "T5-F-3"]
    assert json.loads((folder / "index.json").read_text("utf-8"))["tag"] == "sampled"
    gather = importlib.import_module("ruleproof_docs.gather")
    assert gather.findings_sample(app([" T5-F-3", "CI-F-3", "CI-F-3"])) == extension._sample(app(["T5-F-3", "CI-F-3"]))
    with pytest.raises(ExtensionError, match="no question of the catalogue"):
        gather.findings_sample(app(["T5-F-3", "T5-F-99"]))

