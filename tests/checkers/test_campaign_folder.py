"""Campaign folders cannot be fed wrong data (issue 32, point 3).

Each attack of the issue, exactly: a chunk of another campaign (other threshold, other seed) dropped into a
folder; a chunk claiming ``"games": -5``; the manifest's variant edited to relabel threshold-66 data as
threshold 30. Each must make ``status`` and ``resume`` exit 2 naming the file and the JSON path. Then other
edits of every campaign file (mutated at random, with the SHA-256 in the manifest patched to match, so the
content checks must catch them), a full disk and a read-only folder: never a traceback.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from ruleproof.checkers.campaign import store as store_module
from ruleproof.checkers.campaign.store import Store
from ruleproof.checkers.cli.main import main
from ruleproof.model.io import outputs

SIMULATE = ["campaign", "simulate", "take5", "--players", "2", "--games", "200", "--chunk", "20", "--workers", "0",
            "-q"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _error(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """Run a command that must fail with exit 2; its ``--json`` error (file, JSON path, message)."""
    code, out, err = run(capsys, *args, "--json")
    assert code == 2, (out, err)
    assert "Traceback" not in out + err
    error: dict[str, Any] = json.loads(out)["error"]
    return error


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two finished campaigns of ten chunks: ``a`` (threshold 66, seed 0) and ``b`` (threshold 30, seed 7),
    and ``c`` (threshold 30, seed 0)."""
    root = tmp_path_factory.mktemp("campaigns")
    assert main([*SIMULATE, "--dir", str(root / "a")]) == 0
    assert main([*SIMULATE, "--dir", str(root / "b"), "--variant", "threshold=30", "--seed", "7"]) == 0
    assert main([*SIMULATE, "--dir", str(root / "c"), "--variant", "threshold=30"]) == 0
    return root


def _copy(campaigns: Path, tmp_path: Path, name: str = "a", to: str = "") -> Path:
    folder = tmp_path / (to or name)
    shutil.copytree(campaigns / name, folder)
    return folder


def _rehash(folder: Path, index: int) -> None:
    """Record chunk ``index``'s current bytes in the manifest (what an attacker who edits both does)."""
    manifest = json.loads((folder / "campaign.json").read_text())
    data = (folder / "chunks" / f"{index:06d}.json").read_bytes()
    manifest["finished"][f"chunks/{index:06d}.json"] = hashlib.sha256(data).hexdigest()
    (folder / "campaign.json").write_text(json.dumps(manifest, indent=2))


def _report(folder: Path) -> Any:
    return json.loads((folder / "report.json").read_text())["report"]


# -- the three attacks of the issue ------------------------------------------------------------------


def test_invalid_campaign_foreign_chunk_other_threshold_and_seed(campaigns: Path, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(campaigns, tmp_path)
    shutil.copy(campaigns / "b" / "chunks" / "000003.json", folder / "chunks" / "000003.json")
    for command in ("status", "resume"):
        error = _error(capsys, "campaign", command, str(folder))
        assert error["file"] == str(folder / "chunks" / "000003.json")
        assert error["path"] == "$.campaign.params.seed" and "another campaign" in error["message"]
    # The same chunk in place of one that is missing (not "10 of 10 chunks done").
    folder = _copy(campaigns, tmp_path, "a", to="a2")
    (folder / "chunks" / "000005.json").unlink()
    shutil.copy(campaigns / "b" / "chunks" / "000005.json", folder / "chunks" / "000005.json")
    code, _, err = run(capsys, "campaign", "status", str(folder))
    assert code == 2 and "10 of 10" not in err and f"{folder / 'chunks' / '000005.json'}: $.campaign" in err


def test_invalid_campaign_foreign_chunk_other_threshold(campaigns: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(campaigns, tmp_path)
    shutil.copy(campaigns / "c" / "chunks" / "000004.json", folder / "chunks" / "000004.json")
    _rehash(folder, 4)  # even with the manifest's SHA-256 patched to the foreign file's
    for command in ("status", "resume"):
        error = _error(capsys, "campaign", command, str(folder))
        assert error["file"] == str(folder / "chunks" / "000004.json")
        assert error["path"] == "$.campaign.params.variant.threshold"
        assert "computed for 30" in error["message"] and "has 66" in error["message"]


@pytest.mark.parametrize("rehash", [False, True])
def test_invalid_campaign_chunk_claiming_minus_five_games(campaigns: Path, tmp_path: Path, rehash: bool,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(campaigns, tmp_path)
    (folder / "report.json").unlink()
    path = folder / "chunks" / "000002.json"
    doc = json.loads(path.read_text())
    doc["result"]["games"] = -5
    path.write_text(json.dumps(doc))
    if rehash:
        _rehash(folder, 2)
    for command in ("status", "resume"):
        error = _error(capsys, "campaign", command, str(folder))
        assert error["file"] == str(path) and error["path"] == "$.result.games"
        assert "-5" in error["message"]
    assert not (folder / "report.json").exists(), "a report was written from the bad chunk"


def test_invalid_campaign_chunk_games_not_its_range(campaigns: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A positive but wrong count: the chunk plays games 20 to 39, so it counts exactly 20."""
    folder = _copy(campaigns, tmp_path)
    path = folder / "chunks" / "000001.json"
    doc = json.loads(path.read_text())
    doc["result"]["games"] = 15
    path.write_text(json.dumps(doc))
    _rehash(folder, 1)
    error = _error(capsys, "campaign", "resume", str(folder))
    assert error["path"] == "$.result.games" and "20 games" in error["message"]


def test_invalid_campaign_manifest_relabelled_threshold(campaigns: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(campaigns, tmp_path)
    manifest = folder / "campaign.json"
    text = manifest.read_text()
    assert text.count('"threshold": 66') == 1
    manifest.write_text(text.replace('"threshold": 66', '"threshold": 30'))
    for command in ("status", "resume"):
        error = _error(capsys, "campaign", command, str(folder))
        assert error["file"] == str(manifest) and error["path"] == "$.params.variant.threshold"
        assert "edited" in error["message"] and "30" in error["message"] and "66" in error["message"]
    # An attacker who also recomputes the manifest's own digest: every chunk still says threshold 66.
    doc = json.loads(manifest.read_text())
    relabelled = store_module.Manifest(doc["kind"], doc["params"], doc["chunks"], doc["command"], doc["code"],
                                       doc["codes"], doc["finished"])
    doc["identity_sha256"] = relabelled.digest()
    manifest.write_text(json.dumps(doc))
    for command in ("status", "resume"):
        error = _error(capsys, "campaign", command, str(folder))
        assert error["file"] == str(folder / "chunks" / "000000.json")
        assert error["path"] == "$.campaign.params.variant.threshold"
    assert _report(campaigns / "a")["variant"]["threshold"] == 66


# -- identity, hashes, unlisted and missing chunks -------------------------------------------------------


def test_chunk_carries_the_whole_identity(campaigns: Path) -> None:
    doc = json.loads((campaigns / "b" / "chunks" / "000003.json").read_text())
    ident = doc["campaign"]
    assert (ident["kind"], ident["game"], ident["players"], ident["seed"]) == ("simulate", "take5", 2, 7)
    reading = ident["readings"]["variant"]
    assert reading["flags"]["threshold"] == 30 and reading["title"] == "threshold=30"
    assert set(reading) >= {"title", "rules", "engine", "plugin_sha256"}
    assert doc["range"] == {"first": 60, "count": 20} and doc["chunk"] == 3
    assert set(ident["code"]) == {"ruleproof", "source_sha256"} and ident["code"]["ruleproof"]


@pytest.mark.parametrize("field,value,path", [
    ("title", "default reading", "$.campaign.readings.variant.title"),
    ("plugin_sha256", "0" * 64, "$.campaign.readings.variant.plugin_sha256"),
    ("rules", ["X-1"], "$.campaign.readings.variant.rules"),
])
def test_invalid_campaign_chunk_reading_identity(campaigns: Path, tmp_path: Path, field: str, value: Any, path: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(campaigns, tmp_path, "b")
    chunk = folder / "chunks" / "000000.json"
    doc = json.loads(chunk.read_text())
    doc["campaign"]["readings"]["variant"][field] = value
    chunk.write_text(json.dumps(doc))
    _rehash(folder, 0)
    error = _error(capsys, "campaign", "status", str(folder))
    assert error["file"] == str(chunk) and error["path"] == path


def test_invalid_campaign_chunk_edited_consistently(campaigns: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """An edit the content checks cannot see (a seat's minimum lowered) is caught by the manifest's SHA-256."""
    folder = _copy(campaigns, tmp_path)
    chunk = folder / "chunks" / "000006.json"
    doc = json.loads(chunk.read_text())
    doc["result"]["seats"][0]["min"] -= 1
    chunk.write_text(json.dumps(doc, sort_keys=True, separators=(",", ":")) + "\n")
    error = _error(capsys, "campaign", "status", str(folder))
    assert error["file"] == str(chunk) and error["path"] == "$" and "SHA-256" in error["message"]


def test_unlisted_and_missing_chunks_are_computed_again(campaigns: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A chunk file the manifest does not list (a run killed between the two writes) is never merged, and a
    listed file that is gone is not lost: ``resume`` computes both again, to the same report."""
    folder = _copy(campaigns, tmp_path)
    manifest = json.loads((folder / "campaign.json").read_text())
    del manifest["finished"]["chunks/000002.json"]
    (folder / "campaign.json").write_text(json.dumps(manifest))
    (folder / "chunks" / "000007.json").unlink()
    (folder / "report.json").unlink()
    code, out, _ = run(capsys, "campaign", "status", str(folder), "--json")
    chunks = json.loads(out)["chunks"]
    assert code == 0 and (chunks["done"], chunks["unlisted"], chunks["missing"]) == (8, [2], [7])
    code, out, _ = run(capsys, "campaign", "resume", str(folder), "--workers", "0", "-q", "--json")
    assert code == 0 and json.loads(out)["chunks"]["ran_now"] == 2
    assert _report(folder) == _report(campaigns / "a")
    assert len(Store.open(folder).finished()) == 10


def test_invalid_campaign_stray_files(campaigns: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(campaigns, tmp_path)
    shutil.copy(folder / "chunks" / "000001.json", folder / "chunks" / "000010.json")
    error = _error(capsys, "campaign", "status", str(folder))
    assert error["file"] == str(folder / "chunks" / "000010.json") and "chunks 0 to 9" in error["message"]
    (folder / "chunks" / "000010.json").unlink()
    (folder / "chunks" / "notes.txt").write_text("hello")
    assert _error(capsys, "campaign", "status", str(folder))["file"] == str(folder / "chunks" / "notes.txt")
    (folder / "chunks" / "notes.txt").unlink()
    (folder / "chunks" / ".000001.json.x.tmp").write_text("{half")  # what a killed write leaves: ignored
    assert run(capsys, "campaign", "status", str(folder))[0] == 0


def test_invalid_campaign_foreign_failure_record(campaigns: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(campaigns, tmp_path)
    other = Store.open(campaigns / "b")
    other.folder = tmp_path / "scratch"
    other.write_failure(4, "boom", 3)
    (folder / "failed").mkdir()
    shutil.copy(other.failure_path(4), folder / "failed" / "000004.json")
    error = _error(capsys, "campaign", "status", str(folder))
    assert error["file"] == str(folder / "failed" / "000004.json") and error["path"] == "$.campaign.params.seed"


def test_invalid_campaign_version_1_folder(campaigns: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(campaigns, tmp_path)
    manifest = json.loads((folder / "campaign.json").read_text())
    manifest["version"] = 1
    (folder / "campaign.json").write_text(json.dumps(manifest))
    error = _error(capsys, "campaign", "resume", str(folder))
    assert error["path"] == "$.version" and "earlier ruleproof" in error["message"]


def test_code_change_is_listed_and_checked(campaigns: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(campaigns, tmp_path)
    (folder / "chunks" / "000009.json").unlink()
    other = {"ruleproof": "9.9", "source_sha256": "e" * 64}
    monkeypatch.setattr(store_module, "code_version", lambda: other)
    assert "--allow-code-change" in _error(capsys, "campaign", "resume", str(folder), "--workers", "0")["message"]
    code, out, _ = run(capsys, "campaign", "resume", str(folder), "--workers", "0", "-q", "--allow-code-change",
                       "--json")
    body = json.loads(out)
    assert code == 0 and body["codes"][1] == other and body["code"] != other
    assert json.loads((folder / "chunks" / "000009.json").read_text())["campaign"]["code"] == other
    monkeypatch.undo()
    assert run(capsys, "campaign", "status", str(folder))[0] == 0
    # A chunk claiming a program the campaign never ran.
    chunk = folder / "chunks" / "000008.json"
    doc = json.loads(chunk.read_text())
    doc["campaign"]["code"] = {"ruleproof": "6.6", "source_sha256": "6" * 64}
    chunk.write_text(json.dumps(doc))
    _rehash(folder, 8)
    assert _error(capsys, "campaign", "status", str(folder))["path"] == "$.campaign.code"


def test_invalid_campaign_too_many_chunks_refused_before_planning(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "campaign", "simulate", "take5", "--players", "2", "--games", str(10**11), "--chunk",
                       "1", "--dir", str(tmp_path / "x"), "--workers", "0")
    assert code == 2 and "MAX_CHUNKS" in err and not (tmp_path / "x").exists()
    code, _, err = run(capsys, "campaign", "search", "bigpoints-score", "--rlimit", str(2**40), "--dir",
                       str(tmp_path / "y"), "--workers", "0")
    assert code == 2 and "rlimit" in err and not (tmp_path / "y").exists()


# -- any other edit: never a traceback ---------------------------------------------------------------------------

_HOSTILE: list[Any] = [-5, -1, 0, 10**30, 2.5, float("1e300"), "x", "", None, True, [], {}, [1, 2], {"a": 1}]


def _leaves(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _leaves(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _leaves(v, (*path, i))
    return out


def _mutate(doc: Any, rng: random.Random) -> Any:
    paths = [p for p in _leaves(doc) if p]
    where = rng.choice(paths)
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and rng.random() < 0.2:
        del parent[where[-1]]
    else:
        parent[where[-1]] = rng.choice(_HOSTILE)
    return doc


@pytest.fixture(scope="module")
def diff_campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("diff") / "d"
    assert main(["campaign", "diff", "take5", "--b-variant", "end_rule=>", "--players", "2", "--games", "12",
                 "--chunk", "4", "--workers", "0", "-q", "--dir", str(folder)]) == 0
    return folder


@pytest.mark.parametrize(("kind", "trials"), [("simulate", 20), ("diff", 20),
                                               pytest.param("simulate", 100, marks=pytest.mark.slow),
                                               pytest.param("diff", 100, marks=pytest.mark.slow)])
def test_invalid_campaign_random_edits_never_crash(kind: str, trials: int, campaigns: Path, diff_campaign: Path,
                                                   tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Random edits of a manifest or a chunk (20 of each kind, ``-m slow``: 100), the manifest's hashes and digest
    patched to match (so the content checks are what must refuse them): ``campaign status`` and ``resume`` exit
    0, 1 or 2, never with a traceback."""
    source = campaigns / "a" if kind == "simulate" else diff_campaign
    rng = random.Random(32)
    codes: dict[int, int] = {}
    for trial in range(trials):
        folder = tmp_path / f"t{trial}"
        shutil.copytree(source, folder)
        target = folder / "campaign.json" if trial % 3 == 0 else rng.choice(sorted((folder / "chunks").iterdir()))
        doc = _mutate(json.loads(target.read_text()), rng)
        target.write_text(json.dumps(doc))
        if target.name == "campaign.json" and isinstance(doc, dict):
            try:
                doc["identity_sha256"] = store_module.Manifest(doc["kind"], doc["params"], doc["chunks"],
                                                               doc["command"], doc["code"], doc["codes"]).digest()
                target.write_text(json.dumps(doc))
            except Exception:  # the edit broke what the digest needs: the loader must say so itself
                pass
        elif target.name != "campaign.json":
            _rehash(folder, int(target.name[:6]))
        for command in ("status", "resume"):
            extra = ["--workers", "0", "-q"] if command == "resume" else []
            code, out, err = run(capsys, "campaign", command, str(folder), *extra)
            assert code in (0, 1, 2), (target, doc, code)
            assert "Traceback" not in out + err
            if code == 2:
                assert err.startswith("error: ") and str(folder) in err, err
            codes[code] = codes.get(code, 0) + 1
        shutil.rmtree(folder)
    assert codes.get(2, 0) >= 1.5 * trials, codes  # almost every edit is refused (a few are harmless: cpu_seconds)


# -- a full disk, a read-only folder ---------------------------------------------------------------------------


class _FullFile:
    """A file whose writes fail as on a full disk."""

    def __init__(self, handle: Any) -> None:
        self._handle = handle

    def __enter__(self) -> _FullFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self._handle.close()

    def write(self, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handle, name)


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = SimpleNamespace(**{name: getattr(os, name) for name in dir(os) if not name.startswith("__")})
    fake.fdopen = lambda *a, **k: _FullFile(os.fdopen(*a, **k))
    monkeypatch.setattr(outputs, "os", fake)


def _read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    fake = SimpleNamespace(mkstemp=refuse)
    monkeypatch.setattr(outputs, "tempfile", fake)
    monkeypatch.setattr(Path, "mkdir", refuse)


@pytest.mark.parametrize("trouble,words", [(_full_disk, "No space left on device"),
                                           (_read_only, "Read-only file system")])
def test_invalid_campaign_disk_full_or_read_only(trouble: Any, words: str, campaigns: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # Starting a campaign.
    with monkeypatch.context() as patch:
        trouble(patch)
        code, out, err = run(capsys, *SIMULATE, "--dir", str(tmp_path / "new"))
    assert code == 2 and words in err and "Traceback" not in out + err
    # Resuming one: the chunk it computes cannot be written.
    folder = _copy(campaigns, tmp_path)
    (folder / "chunks" / "000004.json").unlink()
    (folder / "report.json").unlink()
    with monkeypatch.context() as patch:
        trouble(patch)
        code, out, err = run(capsys, "campaign", "resume", str(folder), "--workers", "0", "-q")
        assert code == 2 and words in err and "000004.json" in err and "Traceback" not in out + err
        assert run(capsys, "campaign", "status", str(folder))[0] == 0  # reading needs no write
    # Nothing half-written was left: once the disk is back the campaign finishes to the same report.
    assert [p.name for p in (folder / "chunks").iterdir() if p.name.startswith(".")] == []
    assert run(capsys, "campaign", "resume", str(folder), "--workers", "0", "-q")[0] == 0
    assert _report(folder) == _report(campaigns / "a")


def test_manifest_lists_every_chunk_written_when_a_run_stops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past FLUSH_ALWAYS_BELOW chunks the manifest is rewritten at most every FLUSH_SECONDS, and always when a
    run stops (here Ctrl-C in chunk 130): every chunk file written is then listed, none is computed again."""
    from ruleproof.checkers.campaign import kinds, runner

    monkeypatch.setattr(store_module, "FLUSH_SECONDS", 3600.0)  # no timed rewrite during this run
    params = kinds.simulate_params("take5", 2, {}, games=150, seed=3, chunk=1)
    store = Store.create(tmp_path / "c", store_module.Manifest("simulate", params, 0, ["test"]))
    real = kinds.KINDS["simulate"]

    def stop_at_130(p: dict[str, Any], chunk: dict[str, Any]) -> Any:
        if chunk["first"] == 130:
            raise KeyboardInterrupt
        return real.run(p, chunk)

    monkeypatch.setitem(kinds.KINDS, "simulate", kinds.Kind("simulate", real.plan, stop_at_130, real.merge))
    listed = []
    real_write = store.write_chunk

    def write_and_look(*args: Any, **kwargs: Any) -> None:
        real_write(*args, **kwargs)
        listed.append(len(json.loads(store.manifest_path.read_text())["finished"]))

    monkeypatch.setattr(store, "write_chunk", write_and_look)
    with pytest.raises(KeyboardInterrupt):
        runner.run(store, workers=0)
    below = store_module.FLUSH_ALWAYS_BELOW
    assert listed[:below - 1] == list(range(1, below)) and len(listed) == 130
    assert listed[-1] == below - 1  # throttled from then on ...
    scan = Store.open(store.folder).scan()
    assert sorted(scan.finished) == list(range(130)) and not scan.unlisted  # ... and complete after the stop
    monkeypatch.setitem(kinds.KINDS, "simulate", real)
    outcome = runner.run(Store.open(store.folder), workers=0)
    assert outcome.complete and outcome.ran == 20
