"""What the generated pages show that costs time to compute, gathered once per build.

* the findings of the catalogue: read from ``$RULEPROOF_AUDIT_JSON`` when it
  is set (:mod:`.audit_input`; nothing is re-solved), otherwise answered in
  the same pass as the SMT-LIB export when this build makes it
  (``ruleproof_smt2.findings_with_export``: each question asked once for both
  pages), else by :func:`ruleproof.checkers.catalogue.questions.run_catalogue`
  (quick forms, as ``ruleproof audit`` runs them), with pictures of their
  witnesses (:mod:`ruleproof.checkers.render.witness`); a build with
  ``ruleproof_findings_sample`` (the tests' build) answers and shows only the
  findings it names (:func:`findings_sample`);
* pictures of the worked examples: the example tests run under the
  ``ruleproof_capture`` pytest plugin;
* (the measured reading comparisons are no longer computed here: they are
  stored by ``ruleproof disputes`` and read by :mod:`.disputes`).

The result is cached under ``_build/.ruleproof-cache`` keyed by a hash of the
sources (and of the audit file when one is given), so the doctest build that
follows the HTML build reuses it.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from .audit_input import AuditInputError, finding_from_json, load_audit_findings
from .thumbnails import thumbnail_svg

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parents[2]
REPO = DOCS.parent
CACHE_VERSION = 6
#: The environment variable naming a saved ``ruleproof audit --json`` output.
AUDIT_ENV = "RULEPROOF_AUDIT_JSON"
#: The longest witness (in moves) embedded as a step-by-step replay; longer ones
#: are replayed with ``ruleproof replay --finding ID`` (a deterministic bound on build time).
REPLAY_MAX_MOVES = 120


@dataclass
class Picture:
    """An SVG drawn for a page: file name (below ``_generated/pictures``) and caption."""

    name: str
    caption: str
    #: The drawn position as :func:`ruleproof.model.io.codec.encode` JSON (a worked example's; the try-it board
    #: starts from it), ``None`` for other pictures.
    state: object = None


@dataclass
class ExampleRun:
    """One run (parameter set) of a worked-example test and what it drew."""

    nodeid: str
    params: str
    passed: bool
    pictures: list[Picture] = field(default_factory=list)


@dataclass
class SiteData:
    """Everything the generated pages show, computed once per build."""

    games: tuple[str, ...]
    findings: dict[str, list[Any]]
    finding_errors: dict[str, str]
    finding_pictures: dict[str, list[Picture]]
    examples: dict[str, list[ExampleRun]]
    capture_note: str
    svgs: dict[str, str]
    seconds: dict[str, float]
    #: ``ruleproof diff`` of each flagged ambiguity's readings, per game, with
    #: the name of each verdict's histogram picture under ``"picture"``.
    reading_diffs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: Where the findings came from: ``"solved"`` or the audit file's name.
    findings_source: str = "solved"
    #: Each finding's thumbnail (a witness picture, or its verdict card).
    thumbnails: dict[str, str] = field(default_factory=dict)
    #: Finding id → the self-contained replay page of its witness (issue 18's viewer).
    replays: dict[str, str] = field(default_factory=dict)
    #: Finding id → why its witness has no embedded replay (too long, none that replays).
    replay_notes: dict[str, str] = field(default_factory=dict)
    #: The findings this build was asked to answer (``ruleproof_findings_sample``); empty: every question.
    findings_sample: tuple[str, ...] = ()


#: The files whose change invalidates the cached data: the code that computes it
#: (the page templates and the page code are not among them).
_COMPUTING = ("docs/_ext/ruleproof_docs/gather.py", "docs/_ext/ruleproof_docs/audit_input.py",
              "docs/_ext/ruleproof_docs/thumbnails.py", "docs/_ext/ruleproof_capture.py")


def _source_hash(extra: bytes = b"") -> str:
    digest = hashlib.sha256(f"v{CACHE_VERSION}".encode() + extra)
    paths = [p for folder in ("spec", "model", "checkers", "tests") for p in sorted((REPO / folder).rglob("*"))]
    for path in paths + [REPO / name for name in _COMPUTING]:
        if path.suffix in {".py", ".json"} and "__pycache__" not in path.parts and path.is_file():
            digest.update(str(path.relative_to(REPO)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def svg_name(prefix: str, key: str, index: int) -> str:
    """A stable file name for a picture."""
    return f"{prefix}-{hashlib.sha1(key.encode()).hexdigest()[:12]}-{index}.svg"


def _decode_nodeid(nodeid: str) -> str:
    try:
        return nodeid.encode("ascii").decode("unicode_escape")
    except (UnicodeError, ValueError):
        return nodeid


def _run_examples(nodeids: Sequence[str]) -> tuple[list[dict[str, Any]], str]:
    """Run the example tests under the capture plugin; (results, note on failure)."""
    if not nodeids:
        return [], ""
    try:
        import pytest  # noqa: F401  (only to know whether it is installed)
    except ImportError:
        return [], "pytest is not installed, so the worked examples were not run and have no pictures"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "capture.json"
        env = dict(os.environ, RULEPROOF_CAPTURE_OUT=str(out),
                   PYTHONPATH=os.pathsep.join([str(DOCS / "_ext"), os.environ.get("PYTHONPATH", "")]))
        cmd = [sys.executable, "-m", "pytest", "-p", "ruleproof_capture", "-o", "addopts=", "-q",
               "--import-mode=importlib", "-p", "no:cacheprovider", "-m", "example", *nodeids]
        proc = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True)
        if not out.exists():
            tail = (proc.stdout + proc.stderr).strip().splitlines()[-5:]
            return [], "the worked examples could not be run: " + " / ".join(tail)
        results: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return results, ""


_SOLVE = """
import json, sys
from ruleproof.checkers.catalogue.questions import run_catalogue
json.dump([f.to_json() for f in run_catalogue(sys.argv[1], full=False)], sys.stdout)
"""


def findings_sample(app: Sphinx) -> tuple[str, ...]:
    """The finding ids ``ruleproof_findings_sample`` names, sorted (empty: the whole catalogue).

    The tests' build answers a sample of the catalogue: the quick catalogue of
    all five games costs about 13 s of CPU on a cold build, most of it in a few
    Big Five and Cinco questions and their SMT-LIB text. An id that is not a
    question of any catalogue stops the build: a sample must not silently
    shrink.
    """
    from ruleproof.checkers.smt.catalogue_export import catalogue_questions
    from ruleproof.model.registry import available_games

    wanted = tuple(sorted({str(i).strip() for i in getattr(app.config, "ruleproof_findings_sample", []) or []} - {""}))
    if wanted:
        unknown = sorted(set(wanted) - {q.id for q in catalogue_questions(list(available_games()))})
        if unknown:
            raise ExtensionError(f"ruleproof_findings_sample names no question of the catalogue: {unknown}")
    return wanted


def _solve(games: Sequence[str], seconds: dict[str, float]) -> tuple[dict[str, list[Any]], dict[str, str]]:
    """Each game's catalogue, answered in a fresh process as ``ruleproof audit --game GAME`` answers it.

    A fresh process per game keeps the solvers' answers (and so the
    witnesses) independent of the other games' queries.
    """
    findings: dict[str, list[Any]] = {}
    errors: dict[str, str] = {}
    for game in games:
        start = time.perf_counter()
        findings[game] = []
        proc = subprocess.run([sys.executable, "-c", _SOLVE, game], cwd=REPO, capture_output=True, text=True)
        if proc.returncode != 0:
            tail = [line for line in proc.stderr.strip().splitlines() if line.strip()][-1:]
            errors[game] = f"the catalogue exited {proc.returncode}: {' '.join(tail)}"
        else:
            try:
                rows = json.loads(proc.stdout)
                findings[game] = [finding_from_json(f"catalogue of {game}", f"$[{i}]", row)
                                  for i, row in enumerate(rows)]
            except (ValueError, AuditInputError) as exc:
                errors[game] = f"the catalogue's output could not be read: {exc}"
        seconds[f"findings {game}"] = time.perf_counter() - start
    return findings, errors


def _solve_with_export(app: Sphinx, games: Sequence[str], seconds: dict[str, float]
                       ) -> tuple[dict[str, list[Any]], dict[str, str]] | None:
    """Each game's catalogue as the SMT-LIB export's pass answers it (``ruleproof_smt2.findings_with_export``:
    one process asks each question once for both pages), or ``None`` to answer them here."""
    try:
        from ruleproof_smt2 import findings_with_export
    except ImportError:
        return None
    start = time.perf_counter()
    answered = findings_with_export(app)
    if answered is None:
        return None
    findings: dict[str, list[Any]] = {}
    errors: dict[str, str] = {}
    for game in games:
        findings[game] = []
        rows = answered["findings"].get(game)
        if game in answered["errors"]:
            errors[game] = f"the catalogue failed: {answered['errors'][game]}"
        elif not isinstance(rows, list):
            errors[game] = "the catalogue's output has no findings for it"
        else:
            try:
                findings[game] = [finding_from_json(f"catalogue of {game}", f"$[{i}]", row)
                                  for i, row in enumerate(rows)]
            except AuditInputError as exc:
                errors[game] = f"the catalogue's output could not be read: {exc}"
    seconds["findings with the SMT-LIB export"] = time.perf_counter() - start
    return findings, errors


def _pictures(data: SiteData) -> None:
    from ruleproof.checkers.render.witness import verdict_card_svg, witness_pictures

    for game in data.games:
        for finding in data.findings.get(game, []):
            pics = []
            try:
                drawn = witness_pictures(game, finding)
            except Exception as exc:  # noqa: BLE001 - a picture is optional; the JSON is still shown
                logger.info(f"ruleproof: no picture for {finding.id}: {type(exc).__name__}: {exc}")
                drawn = []
            for index, (svg, caption) in enumerate(drawn):
                name = svg_name("finding", finding.id, index)
                data.svgs[name] = svg
                pics.append(Picture(name, caption))
            data.finding_pictures[finding.id] = pics
            cropped = thumbnail_svg(game, finding) if pics else None
            if cropped:
                name = svg_name("thumb", finding.id, 0)
                data.svgs[name] = cropped
                data.thumbnails[finding.id] = name
            elif pics:
                data.thumbnails[finding.id] = pics[0].name
            else:
                name = svg_name("verdict", finding.id, 0)
                data.svgs[name] = verdict_card_svg(finding)
                data.thumbnails[finding.id] = name


def _replays(data: SiteData) -> None:
    """The witness of every finding that has one as a replay page (``ruleproof.checkers.view``)."""
    try:
        from ruleproof.checkers.view.replay import replay_html
        from ruleproof.checkers.view.witness import witness_records
    except ImportError:
        return
    for game in data.games:
        for finding in data.findings.get(game, []):
            if finding.verdict != "sat" or finding.witness is None:
                continue
            try:
                records = witness_records(finding)
            except Exception as exc:  # noqa: BLE001 - the pictures and the JSON are still shown
                data.replay_notes[finding.id] = f"its witness could not be replayed ({type(exc).__name__}: {exc})"
                continue
            if not records:
                continue
            record = records[0]
            if len(record.moves) > REPLAY_MAX_MOVES:
                data.replay_notes[finding.id] = (f"its witness has {len(record.moves)} moves, too many to embed; "
                                                 f"step through it with ``ruleproof replay --finding {finding.id}``")
                continue
            data.replays[finding.id] = replay_html(record, title=f"{finding.id}: the witness",
                                                   notes=[finding.question, finding.answer], docs_base="../")


def gather(app: Sphinx, tests: Sequence[Any]) -> SiteData:
    """Findings and pictures, from the cache when the sources have not changed."""
    from ruleproof.model.registry import available_games

    games = available_games()
    audit_path = os.environ.get(AUDIT_ENV, "")
    audit_bytes = b""
    if audit_path:
        try:
            audit_bytes = Path(audit_path).read_bytes()[:1 << 20] + str(Path(audit_path).stat().st_size).encode()
        except OSError as exc:
            raise ExtensionError(f"{AUDIT_ENV}={audit_path}: cannot read it ({exc.strerror})") from None
    cache_dir = Path(app.srcdir) / "_build" / ".ruleproof-cache"
    sources = _source_hash()
    sample = findings_sample(app) if app.config.ruleproof_findings and not audit_path else ()
    key = sources + f"-a{hashlib.sha256(audit_bytes).hexdigest()[:12]}" + (
        f"-f{int(app.config.ruleproof_findings)}-c{int(app.config.ruleproof_capture_examples)}"
        f"-d{int(app.config.ruleproof_reading_diffs)}") + (
        f"-s{hashlib.sha256(' '.join(sample).encode()).hexdigest()[:12]}" if sample else "")
    cache_file = cache_dir / f"site-{key}.pickle"
    if cache_file.exists():
        try:
            with cache_file.open("rb") as handle:
                cached: SiteData = pickle.load(handle)
            if cached.games == games:
                logger.info("ruleproof: findings and pictures from the cache")
                return cached
        except Exception:  # noqa: BLE001 - a stale or broken cache is recomputed
            pass

    data = SiteData(games, {}, {}, {}, {}, "", {}, {}, findings_sample=sample)
    if app.config.ruleproof_findings:
        if audit_path:
            start = time.perf_counter()
            try:
                from_audit = load_audit_findings(Path(audit_path))
            except AuditInputError as exc:
                raise ExtensionError(f"{AUDIT_ENV}: {exc}") from None
            missing = [g for g in games if g not in from_audit]
            data.findings = {g: from_audit[g] for g in games if g in from_audit}
            data.findings_source = Path(audit_path).name
            data.seconds["findings from the audit"] = time.perf_counter() - start
            if missing:
                solved, errors = _solve(missing, data.seconds)
                data.findings.update(solved)
                data.finding_errors.update(errors)
        else:
            data.findings, data.finding_errors = _solve_with_export(app, games, data.seconds) or _solve(
                games, data.seconds)
            if sample:  # the pass answered only these; the catalogue of a process per game answered them all
                data.findings = {g: [f for f in found if f.id in sample] for g, found in data.findings.items()}
        start = time.perf_counter()
        _pictures(data)
        data.seconds["witness pictures"] = time.perf_counter() - start
        start = time.perf_counter()
        _replays(data)
        data.seconds["witness replays"] = time.perf_counter() - start

    wanted = [t for t in tests if t.examples]
    if app.config.ruleproof_capture_examples and wanted:
        start = time.perf_counter()
        results, data.capture_note = _run_examples([t.nodeid for t in wanted])
        data.seconds["examples"] = time.perf_counter() - start
        for result in results:
            nodeid = str(result["nodeid"])
            base, _, params = nodeid.partition("[")
            run = ExampleRun(nodeid, _decode_nodeid(params[:-1]) if params else "", bool(result["passed"]))
            for index, picture in enumerate(result["pictures"]):
                name = svg_name("example", nodeid, index)
                data.svgs[name] = picture["svg"]
                move = picture.get("move") or ""
                caption = f"Position {index + 1}" + (f", the move ``{move}`` drawn dashed" if move else "")
                run.pictures.append(Picture(name, caption, picture.get("state")))
            data.examples.setdefault(base, []).append(run)
    elif not app.config.ruleproof_capture_examples:
        data.capture_note = "pictures of the worked examples are switched off (ruleproof_capture_examples = False)"

    cache_dir.mkdir(parents=True, exist_ok=True)
    # Only data of older sources goes: a build with other switches (the tests' cheap builds) keeps the full
    # build's data of the same sources, so the next full build reads it instead of solving again.
    for old in cache_dir.glob("site-*.pickle"):
        if not old.name.startswith(f"site-{sources}-"):
            old.unlink(missing_ok=True)
    partial = cache_file.with_suffix(f".{os.getpid()}.tmp")
    try:
        with partial.open("wb") as handle:
            pickle.dump(data, handle)
        os.replace(partial, cache_file)  # atomic: a concurrent build never reads half a file
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        logger.info(f"ruleproof: not caching the site data ({exc})")
        partial.unlink(missing_ok=True)
    return data
