"""The solver questions ship with the docs as SMT-LIB 2 files, listed on reference/smt2.html (issue 32, point 2).

The built site (one build per session, ``conftest.html_build``) must publish
every file of its ``smt2/index.json`` at the link the page gives, with a zip of
them all; every finding the catalogue answers with a solver query has files;
and the published files read back into z3 with their stated status.
"""

from __future__ import annotations

import importlib
import json
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
