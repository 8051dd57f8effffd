"""The campaign folder: a manifest, one file per finished chunk, one per chunk that kept failing, the report.

::

    DIR/campaign.json        the manifest: kind, command, parameters (reading, seeds), chunk count, code version
    DIR/chunks/000007.json   chunk 7's result (written once, atomically, when it finishes)
    DIR/failed/000007.json   chunk 7 failed on every attempt: the error and the attempts (removed when it succeeds)
    DIR/report.json          the merged result (rewritten at the end of every run)

Every write goes to a temporary file in the same folder and is renamed into
place (:func:`write_atomic`), so a campaign killed at any moment leaves each
file either absent or complete. Every read goes through :func:`read_json`
(bounded size, strict JSON: no duplicate keys, no ``NaN``, bounded integers)
and a type check of every field the code uses; a bad file is an
:class:`~ruleproof.spec.errors.RecordError` naming the file and the JSON
path (exit code 2). Nothing read from the folder names another file: chunk
files are found by their index alone.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "demo"
>>> store = Store.create(folder, Manifest("simulate", {"game": "take5"}, 2, ["simulate", "take5"]))
>>> store.write_chunk(1, {"games": 5}, chunk_key({"first": 5}))
>>> Store.open(folder).finished() == {1: {"games": 5}}
True
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruleproof.spec.errors import RecordError, RuleproofError

JSON = Any

FORMAT = "ruleproof.campaign"
CHUNK_FORMAT = "ruleproof.campaign-chunk"
FAILURE_FORMAT = "ruleproof.campaign-failure"
VERSION = 1

#: Largest manifest, failure or report file read back.
MAX_MANIFEST_BYTES = 4 * 1024 * 1024
#: Largest chunk file read back (a chunk's result holds sufficient statistics, not every game).
MAX_CHUNK_BYTES = 64 * 1024 * 1024
#: Most chunks a campaign may have.
MAX_CHUNKS = 1_000_000
#: Digits of an integer in a campaign file.
MAX_INT_DIGITS = 400


def canonical(data: JSON) -> str:
    """JSON with sorted keys and no spaces: the form hashed for keys and digests."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def chunk_key(params: JSON) -> str:
    """A short digest of a chunk's parameters, stored with its result (a chunk file from another plan is refused).

    >>> chunk_key({"first": 0, "count": 10}) == chunk_key({"count": 10, "first": 0})
    True
    """
    return hashlib.sha256(canonical(params).encode()).hexdigest()[:16]


def code_version() -> dict[str, str]:
    """The tool version and a digest of the source of ``spec``, ``model`` and ``checkers`` (every ``.py`` file).

    A campaign resumed with other code would merge chunks computed by two
    programs; :meth:`Store.check_code` refuses that unless asked.
    """
    from ruleproof.checkers import __version__
    import ruleproof.checkers as checkers
    import ruleproof.model as model
    import ruleproof.spec as spec

    digest = hashlib.sha256()
    for package in (spec, model, checkers):
        root = Path(package.__file__ or "").parent
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root.parent).as_posix().encode())
            digest.update(path.read_bytes())
    return {"ruleproof": __version__, "source_sha256": digest.hexdigest()}


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, synced, then renamed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# -- reading ------------------------------------------------------------------------


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r} in an object")
        out[key] = value
    return out


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"an integer of more than {MAX_INT_DIGITS} digits")
    return int(text)


def _constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def read_json(path: Path, limit: int) -> JSON:
    """The JSON document in the regular file ``path`` (at most ``limit`` bytes), strictly decoded."""
    try:
        info = path.stat()
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror}", source=str(path)) from None
    if not stat.S_ISREG(info.st_mode):
        raise RecordError("not a regular file", source=str(path))
    if info.st_size > limit:
        raise RecordError(f"the file has {info.st_size} bytes, more than the limit of {limit}", source=str(path))
    try:
        raw = path.read_bytes()[: limit + 1]
        text = raw.decode("utf-8")
        return json.loads(text, object_pairs_hook=_pairs, parse_int=_int, parse_constant=_constant)
    except UnicodeDecodeError:
        raise RecordError("not UTF-8 text", source=str(path)) from None
    except RecursionError:
        raise RecordError("nested too deeply", source=str(path)) from None
    except ValueError as exc:
        raise RecordError(f"not valid JSON: {exc}", "$", source=str(path)) from None


def _field(doc: JSON, name: str, kind: type | tuple[type, ...], source: Path) -> Any:
    if not isinstance(doc, dict):
        raise RecordError("expected a JSON object", "$", source=str(source))
    if name not in doc:
        raise RecordError(f"missing field {name!r}", "$", source=str(source))
    value = doc[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RecordError(f"expected {names}, got {type(value).__name__}", f"$.{name}", source=str(source))
    return value


# -- the manifest and the folder ------------------------------------------------------


@dataclass
class Manifest:
    """What a campaign is: its kind, parameters (reading, seeds, chunk size), chunk count and command line."""

    kind: str
    params: dict[str, JSON]
    chunks: int
    command: list[str]
    code: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        """The manifest as stored."""
        return {"format": FORMAT, "version": VERSION, "kind": self.kind, "command": self.command,
                "params": self.params, "chunks": self.chunks, "code": self.code}

    @classmethod
    def from_json(cls, doc: JSON, source: Path) -> Manifest:
        """Check and decode a stored manifest."""
        if _field(doc, "format", str, source) != FORMAT:
            raise RecordError(f"not a campaign manifest (format {doc['format']!r})", "$.format", source=str(source))
        if _field(doc, "version", int, source) != VERSION:
            raise RecordError(f"manifest version {doc['version']!r}; this ruleproof reads version {VERSION}",
                              "$.version", source=str(source))
        kind = _field(doc, "kind", str, source)
        command = _field(doc, "command", list, source)
        if not all(isinstance(w, str) for w in command):
            raise RecordError("expected a list of strings", "$.command", source=str(source))
        chunks = _field(doc, "chunks", int, source)
        if not 1 <= chunks <= MAX_CHUNKS:
            raise RecordError(f"chunk count {chunks} outside 1..{MAX_CHUNKS}", "$.chunks", source=str(source))
        code = _field(doc, "code", dict, source)
        if not all(isinstance(v, str) for v in code.values()):
            raise RecordError("expected strings", "$.code", source=str(source))
        return cls(kind, _field(doc, "params", dict, source), chunks, command, code)


class Store:
    """A campaign folder (see the module docstring)."""

    def __init__(self, folder: Path, manifest: Manifest) -> None:
        self.folder = folder
        self.manifest = manifest

    @property
    def manifest_path(self) -> Path:
        """``DIR/campaign.json``."""
        return self.folder / "campaign.json"

    def chunk_path(self, index: int) -> Path:
        """``DIR/chunks/NNNNNN.json``."""
        return self.folder / "chunks" / f"{index:06d}.json"

    def failure_path(self, index: int) -> Path:
        """``DIR/failed/NNNNNN.json``."""
        return self.folder / "failed" / f"{index:06d}.json"

    @classmethod
    def create(cls, folder: Path, manifest: Manifest) -> Store:
        """Start a campaign in ``folder`` (absent or empty); refuses a folder holding anything."""
        if folder.exists():
            if not folder.is_dir():
                raise RuleproofError(f"{str(folder)!r} exists and is not a folder; give a new folder for the campaign")
            if any(folder.iterdir()):
                raise RuleproofError(f"{str(folder)!r} is not empty; continue a campaign with `ruleproof campaign "
                                     "resume DIR`, or give a new folder")
        if not manifest.code:
            manifest.code = code_version()
        folder.mkdir(parents=True, exist_ok=True)
        store = cls(folder, manifest)
        write_atomic(store.manifest_path, json.dumps(manifest.to_json(), indent=2) + "\n")
        return store

    @classmethod
    def open(cls, folder: Path) -> Store:
        """An existing campaign folder."""
        path = folder / "campaign.json"
        if not folder.is_dir():
            raise RuleproofError(f"no campaign folder {str(folder)!r}")
        if not path.exists():
            raise RecordError("no campaign manifest here (campaign.json); start one with `ruleproof campaign KIND "
                              "... --dir DIR`", source=str(path))
        return cls(folder, Manifest.from_json(read_json(path, MAX_MANIFEST_BYTES), path))

    def check_code(self, allow_change: bool) -> None:
        """Refuse to resume under other code than the campaign started with (unless ``allow_change``)."""
        now = code_version()
        if self.manifest.code != now and not allow_change:
            raise RuleproofError(
                f"the campaign was started with ruleproof {self.manifest.code.get('ruleproof')} (source "
                f"{self.manifest.code.get('source_sha256', '?')[:12]}), this is {now['ruleproof']} (source "
                f"{now['source_sha256'][:12]}); results would mix two programs. Pass --allow-code-change to resume "
                "anyway (the report then lists both)")

    # -- chunks ---------------------------------------------------------------

    def write_chunk(self, index: int, result: JSON, key: str, **info: JSON) -> None:
        """Record chunk ``index``'s result (atomically) and clear any earlier failure record."""
        doc = {"format": CHUNK_FORMAT, "version": VERSION, "chunk": index, "key": key, "result": result, **info}
        write_atomic(self.chunk_path(index), canonical(doc) + "\n")
        failure = self.failure_path(index)
        if failure.exists():
            failure.unlink()

    def write_failure(self, index: int, error: str, attempts: int, key: str) -> None:
        """Record that chunk ``index`` failed on every one of ``attempts`` attempts."""
        doc = {"format": FAILURE_FORMAT, "version": VERSION, "chunk": index, "key": key, "error": error[-4000:],
               "attempts": attempts}
        write_atomic(self.failure_path(index), json.dumps(doc, indent=2) + "\n")

    def _read_chunk(self, path: Path, keys: dict[int, str] | None) -> tuple[int, JSON]:
        doc = read_json(path, MAX_CHUNK_BYTES)
        if _field(doc, "format", str, path) != CHUNK_FORMAT or _field(doc, "version", int, path) != VERSION:
            raise RecordError("not a campaign chunk of this version", "$.format", source=str(path))
        index = _field(doc, "chunk", int, path)
        if not 0 <= index < self.manifest.chunks or path.name != f"{index:06d}.json":
            raise RecordError(f"chunk number {index} does not match the file name or the plan", "$.chunk",
                              source=str(path))
        key = _field(doc, "key", str, path)
        if keys is not None and keys.get(index) != key:
            raise RecordError("the chunk was computed for other parameters than this campaign's plan", "$.key",
                              source=str(path))
        return index, _field(doc, "result", (dict, list), path)

    def finished(self, keys: dict[int, str] | None = None) -> dict[int, JSON]:
        """Every finished chunk's result by index (checked against the plan's ``keys`` when given)."""
        folder = self.folder / "chunks"
        results: dict[int, JSON] = {}
        if not folder.is_dir():
            return results
        for path in sorted(folder.glob("[0-9]*.json")):
            index, result = self._read_chunk(path, keys)
            results[index] = result
        return results

    def failures(self) -> dict[int, dict[str, JSON]]:
        """Chunks recorded as failing: index → ``{"error", "attempts"}``."""
        folder = self.folder / "failed"
        out: dict[int, dict[str, JSON]] = {}
        if not folder.is_dir():
            return out
        for path in sorted(folder.glob("[0-9]*.json")):
            doc = read_json(path, MAX_MANIFEST_BYTES)
            index = _field(doc, "chunk", int, path)
            out[index] = {"error": _field(doc, "error", str, path), "attempts": _field(doc, "attempts", int, path)}
        return out

    def write_report(self, report: JSON) -> None:
        """``DIR/report.json``."""
        write_atomic(self.folder / "report.json", json.dumps(report, indent=2, ensure_ascii=False) + "\n")


def finite(value: float) -> float:
    """``value`` if finite (JSON has no NaN or infinities)."""
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {value!r}")
    return value
