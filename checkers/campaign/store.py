"""The campaign folder and its one loader: a manifest, one file per finished chunk, failures, the report.

::

    DIR/campaign.json        the manifest: kind, command, parameters (readings, seeds), chunk count, code
                             version, the SHA-256 of its own identity and of every finished chunk file
    DIR/chunks/000007.json   chunk 7's result, with the campaign's whole identity and the chunk's range
    DIR/failed/000007.json   chunk 7 failed on every attempt: the error and the attempts (removed when it succeeds)
    DIR/report.json          the merged result (rewritten at the end of every run that completes)

Writing: every file goes through the project's atomic writer
(:func:`ruleproof.model.io.outputs.write_atomic`), so a campaign killed at any
moment leaves each file either absent or complete; a full disk or a
read-only folder is an :class:`~ruleproof.model.io.outputs.OutputError` naming
the file (exit code 2). A chunk file is written first, then the manifest
records its SHA-256 (at once while the campaign has fewer than
:data:`FLUSH_ALWAYS_BELOW` finished chunks, else at most every
:data:`FLUSH_SECONDS` and at the end of a run): a chunk file the manifest
does not list yet is never merged, and ``resume`` computes it again.

Reading: :meth:`Store.open` and :meth:`Store.scan` are the one loader of a
campaign folder. Files are read through the input boundary
(:mod:`ruleproof.model.io.inputs`: regular files only, bounded size, strict JSON,
bounded integers and nesting), then checked against the schemas of
:mod:`~ruleproof.checkers.campaign.schema`: the manifest's parameters must be
what ``ruleproof campaign`` writes and must hash to the identity it recorded
when the campaign started; a chunk must carry that identity
(:mod:`~ruleproof.checkers.campaign.identity`: kind, game, readings, players,
seed, parameters, code) and its plan's range, its result must be consistent,
and its bytes must hash to the SHA-256 the manifest recorded. Anything
foreign or edited is a :class:`~ruleproof.checkers.campaign.schema.CampaignError`
naming the file and the JSON path (exit code 2). Nothing read from the folder
names another file: chunk files are found by their index alone.

>>> import tempfile
>>> from ruleproof.checkers.campaign.kinds import simulate_params
>>> folder = Path(tempfile.mkdtemp()) / "demo"
>>> params = simulate_params("take5", 2, {}, games=4, seed=1, chunk=2)
>>> store = Store.create(folder, Manifest("simulate", params, 2, ["demo"]))
>>> from ruleproof.checkers.campaign.kinds import KINDS
>>> store.write_chunk(1, KINDS["simulate"].run(params, store.plan[1]), cpu_seconds=0.1, worker="here")
>>> sorted(Store.open(folder).finished())
[1]
"""

from __future__ import annotations

import json
import math
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruleproof.checkers.campaign.identity import (
    campaign_identity,
    canonical,
    code_version,
    first_difference,
    identity_sha256,
    sha256_text,
)
from ruleproof.checkers.campaign.schema import MAX_CHUNKS, CampaignError, check_params, check_result, check_schema
from ruleproof.checkers.checks.interrupt import interrupts_deferred
from ruleproof.model.io.inputs import Limits, decode_json, read_bytes
from ruleproof.model.io.outputs import OutputError, write_atomic
from ruleproof.spec.errors import RuleproofError

JSON = Any

FORMAT = "ruleproof.campaign"
CHUNK_FORMAT = "ruleproof.campaign-chunk"
FAILURE_FORMAT = "ruleproof.campaign-failure"
#: Version 2: chunks carry the campaign's identity, the manifest every finished chunk's SHA-256.
VERSION = 2

#: Largest manifest read back (it holds one SHA-256 line per finished chunk: ~90 bytes each).
MAX_MANIFEST_BYTES = 16 * 1024 * 1024
#: Largest chunk file read back (a chunk's result holds sufficient statistics, not every game).
MAX_CHUNK_BYTES = 64 * 1024 * 1024
#: Largest failure record read back.
MAX_FAILURE_BYTES = 4 * 1024 * 1024
#: The manifest is rewritten after every chunk while fewer chunks than this are finished ...
FLUSH_ALWAYS_BELOW = 100
#: ... and afterwards at most this often (seconds) and at the end of a run.
FLUSH_SECONDS = 1.0

_CHUNK_NAME = re.compile(r"^[0-9]{6}\.json$")


def _entry(index: int) -> str:
    """The manifest's key for chunk ``index`` (its file, relative to the folder)."""
    return f"chunks/{index:06d}.json"


# -- the manifest --------------------------------------------------------------------------------


@dataclass
class Manifest:
    """What a campaign is: its kind, parameters (readings, seeds, chunk size), chunk count and command line,
    the code that started it (and any code it was resumed with), and the SHA-256 of every finished chunk."""

    kind: str
    params: dict[str, JSON]
    chunks: int
    command: list[str]
    code: dict[str, str] = field(default_factory=dict)
    codes: list[dict[str, str]] = field(default_factory=list)
    finished: dict[str, str] = field(default_factory=dict)

    def identity(self, code: dict[str, str] | None = None) -> dict[str, JSON]:
        """The campaign's identity (as computed by ``code``; default: the code that started it)."""
        return campaign_identity(self.kind, self.params, self.code if code is None else code)

    def digest(self) -> str:
        """The SHA-256 of the campaign's identity and of the code versions allowed to compute its chunks."""
        return identity_sha256({"identity": self.identity(), "codes": self.codes})

    def to_json(self) -> dict[str, JSON]:
        """The manifest as stored."""
        return {"format": FORMAT, "version": VERSION, "kind": self.kind, "command": self.command,
                "params": self.params, "chunks": self.chunks, "code": self.code, "codes": self.codes,
                "identity_sha256": self.digest(),
                "finished": dict(sorted(self.finished.items()))}

    @classmethod
    def from_json(cls, doc: JSON, source: Path) -> Manifest:
        """Check and decode a stored manifest (its shape and parameters; :meth:`Store.open` checks the rest)."""
        name = str(source)
        if isinstance(doc, dict) and doc.get("format") == FORMAT and doc.get("version") == 1:
            raise CampaignError("a campaign folder of an earlier ruleproof (version 1: its chunks carry no identity "
                                "and the manifest no SHA-256 of them, so they cannot be checked); run the campaign "
                                "again in a new folder", "$.version", source=name)
        check_schema("manifest", doc, "$", name)
        check_params(doc["kind"], doc["params"], name)
        if doc["codes"][0] != doc["code"]:
            raise CampaignError("the first code version must be the one the campaign started with ($.code)",
                                "$.codes[0]", source=name)
        return cls(doc["kind"], doc["params"], doc["chunks"], doc["command"], doc["code"], doc["codes"],
                   doc["finished"])


# -- the folder ----------------------------------------------------------------------------------


@dataclass
class Scan:
    """What a campaign folder holds, checked (see :meth:`Store.scan`)."""

    #: Chunk index → result, for every chunk file the manifest lists with a matching SHA-256.
    finished: dict[int, JSON] = field(default_factory=dict)
    #: Chunk files of this campaign that the manifest does not list yet (a run stopped between the two
    #: writes): never merged; ``resume`` computes them again.
    unlisted: list[int] = field(default_factory=list)
    #: Chunks the manifest lists whose file is gone: ``resume`` computes them again.
    missing: list[int] = field(default_factory=list)


class Store:
    """A campaign folder (see the module docstring)."""

    def __init__(self, folder: Path, manifest: Manifest, plan: list[dict[str, JSON]]) -> None:
        self.folder = folder
        self.manifest = manifest
        self.plan = plan
        #: The code version written into new chunks (the manifest's, or the current one after
        #: :meth:`check_code` allowed a change).
        self.writing_code = manifest.code
        self._dirty = False
        self._flushed = time.monotonic()
        self._identities: dict[str, dict[str, JSON]] = {}

    def identity(self, code: dict[str, str]) -> dict[str, JSON]:
        """The campaign's identity as computed by ``code`` (kept: every chunk file is compared with it)."""
        key = canonical(code)
        if key not in self._identities:
            self._identities[key] = self.manifest.identity(code)
        return self._identities[key]

    @property
    def manifest_path(self) -> Path:
        """``DIR/campaign.json``."""
        return self.folder / "campaign.json"

    def chunk_path(self, index: int) -> Path:
        """``DIR/chunks/NNNNNN.json``."""
        return self.folder / _entry(index)

    def failure_path(self, index: int) -> Path:
        """``DIR/failed/NNNNNN.json``."""
        return self.folder / "failed" / f"{index:06d}.json"

    # -- creating and opening -------------------------------------------------------------

    @classmethod
    def create(cls, folder: Path, manifest: Manifest) -> Store:
        """Start a campaign in ``folder`` (absent or empty); refuses a folder holding anything.

        ``manifest.chunks`` may be 0: it is then set from the plan.
        """
        from ruleproof.checkers.campaign.kinds import kind_for

        try:
            check_params(manifest.kind, manifest.params, "the campaign's parameters")
        except CampaignError as exc:  # from the command line: say what is wrong, there is no file yet
            raise RuleproofError(f"{exc.path.removeprefix('$.params.')}: {exc.args[0]}") from None
        plan = kind_for(manifest.kind).plan(manifest.params)
        if manifest.chunks not in (0, len(plan)):
            raise RuleproofError(f"the plan has {len(plan)} chunks, the manifest {manifest.chunks}")
        manifest.chunks = len(plan)
        if folder.exists() or folder.is_symlink():
            if not folder.is_dir():
                raise OutputError(f"{folder}: exists and is not a folder; give a new folder for the campaign")
            if any(folder.iterdir()):
                raise OutputError(f"{folder}: the folder is not empty; continue a campaign with `ruleproof campaign "
                                  "resume DIR`, or give a new folder")
        if not manifest.code:
            manifest.code = code_version()
        manifest.codes = manifest.codes or [manifest.code]
        _make_folder(folder)
        store = cls(folder, manifest, plan)
        store._write_manifest()
        return store

    @classmethod
    def open(cls, folder: Path) -> Store:
        """An existing campaign folder, its manifest checked (chunk files are checked by :meth:`scan`)."""
        from ruleproof.checkers.campaign.kinds import kind_for

        path = folder / "campaign.json"
        if not folder.is_dir():
            raise CampaignError("no campaign folder here", source=str(folder))
        if not path.exists():
            raise CampaignError("no campaign manifest here (campaign.json); start one with `ruleproof campaign KIND "
                                "... --dir DIR`", source=str(path))
        doc = _load(path, MAX_MANIFEST_BYTES)[0]
        manifest = Manifest.from_json(doc, path)
        store = cls(folder, manifest, [])
        store._check_identity_digest(doc["identity_sha256"])
        store.plan = kind_for(manifest.kind).plan(manifest.params)
        if len(store.plan) != manifest.chunks:
            raise CampaignError(f"the campaign's parameters make {len(store.plan)} chunks, not {manifest.chunks}",
                                "$.chunks", source=str(path))
        for entry in manifest.finished:
            if int(entry[7:13]) >= manifest.chunks:
                raise CampaignError(f"the campaign has chunks 0 to {manifest.chunks - 1} only",
                                    f"$.finished[{json.dumps(entry)}]", source=str(path))
        return store

    def _check_identity_digest(self, recorded: str) -> None:
        """Refuse a manifest whose kind, parameters or first code were edited after the campaign started.

        The JSON path named is the first field that differs from a chunk's identity, when a chunk file is there
        to compare with; else ``$.params``.
        """
        if self.manifest.digest() == recorded:
            return
        where, detail = "$", ""
        folder = self.folder / "chunks"
        for path in sorted(folder.glob("[0-9]*.json"))[:5] if folder.is_dir() else []:
            try:
                theirs = _load(path, MAX_CHUNK_BYTES)[0]["campaign"]
                difference = first_difference(self.manifest.identity(theirs["code"]), theirs, "$")
            except (RuleproofError, KeyError, TypeError):
                continue  # an unreadable chunk says nothing about the manifest; scan() reports it
            if difference is None:
                where, detail = "$.codes", f"; its parameters are those {path.name} was computed with"
            else:
                field_path, mine, found = difference
                top = field_path.split(".")[1].split("[")[0]
                where = (field_path if top in ("params", "code", "kind") else f"$.params.{top}"
                         if top in ("game", "players", "seed") else "$.params")
                detail = f"; it has {_short(mine)} where {path.name} was computed with {_short(found)}"
            break
        raise CampaignError("the manifest was edited after the campaign started: its kind, parameters and code "
                            f"versions no longer hash to the identity_sha256 it recorded{detail}. Start a new "
                            "campaign for other parameters", where, source=str(self.manifest_path))

    def check_code(self, allow_change: bool) -> None:
        """Refuse to resume under other code than the campaign's (unless ``allow_change``: the new version is then
        added to the manifest's ``codes`` and written into the chunks it computes)."""
        now = code_version()
        if now in self.manifest.codes:
            self.writing_code = now
            return
        if not allow_change:
            start = self.manifest.code
            raise RuleproofError(
                f"the campaign was started with ruleproof {start['ruleproof']} (source "
                f"{start['source_sha256'][:12]}), this is {now['ruleproof']} (source "
                f"{now['source_sha256'][:12]}); results would mix two programs. Pass --allow-code-change to resume "
                "anyway (the manifest and the report then list both)")
        self.manifest.codes.append(now)
        self.writing_code = now
        self._write_manifest()

    # -- writing ----------------------------------------------------------------------------

    def flush(self, now: bool = True) -> None:
        """Rewrite the manifest if chunks finished since it was last written (with ``now=False``, only as often as
        the module docstring says)."""
        if not self._dirty:
            return
        if not now and len(self.manifest.finished) >= FLUSH_ALWAYS_BELOW and (
                time.monotonic() - self._flushed < FLUSH_SECONDS):
            return
        self._write_manifest()

    def _write_manifest(self) -> None:
        write_atomic(self.manifest_path, json.dumps(self.manifest.to_json(), indent=2) + "\n", force=True)
        self._dirty = False
        self._flushed = time.monotonic()

    def write_chunk(self, index: int, result: JSON, *, cpu_seconds: float = 0.0, worker: str = "") -> None:
        """Record chunk ``index``'s result (atomically), its SHA-256 in the manifest, and clear any failure record."""
        check_result(self.manifest.kind, self.manifest.params, self.plan[index], result, f"chunk {index}")
        doc = {"format": CHUNK_FORMAT, "version": VERSION, "chunk": index, "range": self.plan[index],
               "campaign": self.identity(self.writing_code), "result": result,
               "cpu_seconds": finite(max(0.0, cpu_seconds)), "worker": worker[:300]}
        text = canonical(doc) + "\n"
        _make_folder(self.folder / "chunks")
        with interrupts_deferred():  # a Ctrl-C between the file and its record would leave the file unlisted
            write_atomic(self.chunk_path(index), text, force=True)
            self.manifest.finished[_entry(index)] = sha256_text(text)
            self._dirty = True
        failure = self.failure_path(index)
        if failure.exists():
            try:
                failure.unlink()
            except OSError as exc:
                raise OutputError(f"{failure}: cannot remove the file: {exc.strerror or exc}") from None
        self.flush(now=False)

    def write_failure(self, index: int, error: str, attempts: int) -> None:
        """Record that chunk ``index`` failed on every one of ``attempts`` attempts."""
        doc = {"format": FAILURE_FORMAT, "version": VERSION, "chunk": index, "range": self.plan[index],
               "campaign": self.identity(self.writing_code), "error": error[-4000:],
               "attempts": max(1, attempts)}
        _make_folder(self.folder / "failed")
        write_atomic(self.failure_path(index), json.dumps(doc, indent=2) + "\n", force=True)

    def write_report(self, report: JSON) -> None:
        """``DIR/report.json`` (the campaign's own file: replaced at the end of every complete run)."""
        write_atomic(self.folder / "report.json", json.dumps(report, indent=2, ensure_ascii=False) + "\n", force=True)

    # -- reading ----------------------------------------------------------------------------

    def _check_identity(self, doc: JSON, index: int, source: str) -> None:
        """Refuse a chunk or failure file of another campaign (or of another chunk)."""
        if doc["chunk"] != index:
            raise CampaignError(f"the file holds chunk {doc['chunk']}, its name says chunk {index}", "$.chunk",
                                source=source)
        code = doc["campaign"]["code"]
        if code not in self.manifest.codes:
            raise CampaignError(f"computed by ruleproof {code['ruleproof']} (source {code['source_sha256'][:12]}), "
                                "which this campaign never ran (campaign.json $.codes): a chunk of another campaign "
                                "or program", "$.campaign.code", source=source)
        difference = first_difference(doc["campaign"], self.identity(code), "$.campaign")
        if difference is not None:
            where, theirs, mine = difference
            raise CampaignError(f"computed for {_short(theirs)}, but this campaign (campaign.json) has {_short(mine)}: "
                                "the file comes from another campaign, or one of the two was edited", where,
                                source=source)
        difference = first_difference(doc["range"], self.plan[index], "$.range")
        if difference is not None:
            where, theirs, mine = difference
            raise CampaignError(f"computed for {_short(theirs)}, but chunk {index} of this campaign is {_short(mine)}",
                                where, source=source)

    def _read_chunk(self, path: Path, index: int) -> tuple[JSON, str]:
        source = str(path)
        doc, digest = _load(path, MAX_CHUNK_BYTES)
        check_schema("chunk", doc, "$", source)
        self._check_identity(doc, index, source)
        check_result(self.manifest.kind, self.manifest.params, self.plan[index], doc["result"], source)
        return doc["result"], digest

    def _chunk_files(self) -> list[tuple[int, Path]]:
        folder = self.folder / "chunks"
        if not folder.is_dir():
            return []
        out = []
        try:
            names = sorted(p.name for p in folder.iterdir())
        except OSError as exc:
            raise CampaignError(f"cannot list the folder: {exc.strerror or exc}", source=str(folder)) from None
        for name in names:
            if name.startswith("."):
                continue  # a temporary file a killed write left behind (never a result)
            path = folder / name
            if not _CHUNK_NAME.match(name):
                raise CampaignError("not a chunk file of a campaign (chunk files are named NNNNNN.json); remove it",
                                    source=str(path))
            index = int(name[:6])
            if index >= self.manifest.chunks:
                raise CampaignError(f"this campaign has chunks 0 to {self.manifest.chunks - 1} only (campaign.json "
                                    "$.chunks): the file comes from another campaign", source=str(path))
            out.append((index, path))
        return out

    def scan(self) -> Scan:
        """Check every chunk file (see the module docstring) and sort them into finished, unlisted and missing."""
        scan = Scan()
        present = set()
        for index, path in self._chunk_files():
            present.add(index)
            result, digest = self._read_chunk(path, index)
            entry = _entry(index)
            recorded = self.manifest.finished.get(entry)
            if recorded is None:
                scan.unlisted.append(index)
            elif recorded != digest:
                raise CampaignError(f"the file was changed after it was written: its SHA-256 is {digest[:16]}…, "
                                    f"the manifest recorded {recorded[:16]}… (campaign.json $.finished"
                                    f"[{json.dumps(entry)}])", "$", source=str(path))
            else:
                scan.finished[index] = result
        scan.missing = sorted(int(e[7:13]) for e in self.manifest.finished if int(e[7:13]) not in present)
        return scan

    def finished(self) -> dict[int, JSON]:
        """Every finished chunk's result by index (checked: see :meth:`scan`)."""
        return self.scan().finished

    def failures(self) -> dict[int, dict[str, JSON]]:
        """Chunks recorded as failing: index → ``{"error", "attempts"}`` (each file checked as a chunk is)."""
        folder = self.folder / "failed"
        out: dict[int, dict[str, JSON]] = {}
        if not folder.is_dir():
            return out
        for path in sorted(folder.iterdir()):
            if path.name.startswith("."):
                continue
            source = str(path)
            if not _CHUNK_NAME.match(path.name) or int(path.name[:6]) >= self.manifest.chunks:
                raise CampaignError(f"not a failure record of this campaign (named NNNNNN.json, chunks 0 to "
                                    f"{self.manifest.chunks - 1})", source=source)
            index = int(path.name[:6])
            doc, _ = _load(path, MAX_FAILURE_BYTES)
            check_schema("failure", doc, "$", source)
            self._check_identity(doc, index, source)
            out[index] = {"error": doc["error"], "attempts": doc["attempts"]}
        return out


def _load(path: Path, limit: int) -> tuple[JSON, str]:
    """A campaign file's JSON document (through the input boundary) and the SHA-256 of its bytes."""
    import hashlib

    data = read_bytes(path, limit)
    try:
        doc = decode_json(data, str(path), Limits(max_bytes=limit))
    except CampaignError:
        raise
    except RuleproofError as exc:
        raise CampaignError(str(exc.args[0]), getattr(exc, "path", ""), source=str(path)) from None
    return doc, hashlib.sha256(data).hexdigest()


def _make_folder(folder: Path) -> None:
    if folder.is_dir():
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot make the folder: {exc.strerror or exc}") from None


def _short(value: JSON) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def finite(value: float) -> float:
    """``value`` if finite (JSON has no NaN or infinities)."""
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {value!r}")
    return value


__all__ = ["CHUNK_FORMAT", "FAILURE_FORMAT", "FORMAT", "MAX_CHUNKS", "MAX_CHUNK_BYTES", "MAX_MANIFEST_BYTES",
           "VERSION", "CampaignError", "Manifest", "Scan", "Store", "finite"]
