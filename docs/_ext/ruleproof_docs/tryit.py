"""The try-it board (issue 34, point 6): a live board on each game's overview and worked-example pages.

A reader presses *Try it here* and the page loads Python in the browser
(`Pyodide <https://pyodide.org>`_), the project's own ``ruleproof.spec`` and
``ruleproof.model`` with the SVG renderers, and :mod:`.tryit_board`, which
holds the position. Every move is judged by the plain specification; an
illegal one shows the rules it breaks with their restatement, the Russian
passage and its English translation (from this module's data file).

Where the pieces come from and go (all served with the site, nothing from a CDN):

* the runtime: the npm package ``pyodide``, pinned in
  ``docs/_ext/pyodide/package.json`` (and its lock file), installed with
  ``npm ci --prefix docs/_ext/pyodide``; only :data:`RUNTIME_FILES` (the
  core and the standard library zip, no extra packages: the spec and the
  engines are pure Python) are copied to ``_static/tryit/pyodide/``. Without
  it the pages still build, and the board says how to get the runtime.
* the code: ``_static/tryit/ruleproof.zip``, built here from exactly the
  modules the board imports (found by running it in a subprocess,
  :func:`board_modules`); a module outside the standard library and
  ``ruleproof`` is a build warning, since the browser would not have it.
* the data: ``_static/tryit/data/GAME.json`` per game: the rules (title,
  restatement, passages, translation, page), the ambiguities, and the
  positions of the worked examples (captured while the example tests ran,
  :mod:`ruleproof_capture`).
* the page script and style: ``docs/_static/tryit/tryit.js`` and ``tryit.css``.

At the end of an HTML build (:func:`publish`) the sizes a reader downloads
are logged, with the board's load time in headless Chromium when Selenium,
Chromium and chromedriver are there (``ruleproof_tryit_measure``), and both
are written to ``_static/tryit/report.json`` for the tests.

Browsers do not let a page read files from ``file://``, so the board needs the
site served over HTTP (``python3 -m http.server`` in the built folder is
enough, offline); opened as files, it says so.
"""

from __future__ import annotations

import html
import io
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from .context import GameContext, Index

logger = logging.getLogger(__name__)

EXT = Path(__file__).resolve().parent
DOCS = EXT.parents[1]
#: The npm project that pins the Pyodide runtime (``npm ci --prefix docs/_ext/pyodide``).
PYODIDE_PROJECT = DOCS / "_ext" / "pyodide"
#: The environment variable naming another folder with the runtime's files (an unpacked ``pyodide`` package).
PYODIDE_ENV = "RULEPROOF_PYODIDE"
#: The runtime's files the board needs: the loader, the WebAssembly core with its JavaScript half, the
#: standard library and the package lock (read at start-up). The package's other files are not copied.
RUNTIME_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Where the board's files go in the built site.
STATIC = "_static/tryit"
#: The Python module of the board, as it is named inside the zip.
BOARD_MODULE = "tryit_board"
#: The load time measured in the build waits at most this long for the board (seconds).
MEASURE_TIMEOUT = 180


@dataclass
class Boards:
    """What :func:`place_boards` prepared for :func:`publish`."""

    data: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: docname → the number of boards placed on it.
    pages: dict[str, int] = field(default_factory=dict)


def setup_tryit(app: Sphinx) -> None:
    """Register the board's settings and the step that publishes its files."""
    app.add_config_value("ruleproof_tryit", True, "env", bool)
    # "auto": measure the load time when Selenium, Chromium and chromedriver are installed; False: never.
    app.add_config_value("ruleproof_tryit_measure", "auto", "", (str, bool))
    app.connect("build-finished", publish)


# --------------------------------------------------------------------------
# The data of a game


def _translation(passage: Any) -> str:
    """Our English translation of a rulebook passage (:mod:`ruleproof.spec.sources.translations`; ``""`` for none)."""
    from .translations import english_of

    found = english_of(passage.game, passage.text) if passage.origin == "rulebook" else None
    return found["english"] if found else ""


def _where(ctx: GameContext, passage: Any) -> str:
    number = ctx.paragraph_of(passage)
    return f"{passage.file} § «{passage.section}»" + (f", ¶ {number}" if number is not None else "")


def _passages(ctx: GameContext, item_id: str) -> list[dict[str, str]]:
    return [{"ru": " ".join(p.text.split()), "en": _translation(p), "where": _where(ctx, p),
             "notes": p.origin == "notes"} for p in ctx.passages.get(item_id, ())]


def _positions(ctx: GameContext) -> tuple[dict[str, dict[str, Any]], dict[str, list[str]]]:
    """The worked examples' captured positions of this game: key → position, and test name → its keys."""
    from ruleproof.model.io.codec import DecodeError, decode
    from ruleproof.model.registry import game_for

    state_type = game_for(ctx.game).state_type
    positions: dict[str, dict[str, Any]] = {}
    by_test: dict[str, list[str]] = {}
    seen: dict[str, str] = {}
    for test in ctx.examples:
        for run in ctx.data.examples.get(test.nodeid, []):
            for number, picture in enumerate(run.pictures, start=1):
                state = getattr(picture, "state", None)
                if state is None:
                    continue
                try:
                    decode(state_type, state)
                except (DecodeError, TypeError, ValueError):
                    continue  # a position of another game (a test marked with this game's rule)
                text = json.dumps(state, sort_keys=True, ensure_ascii=False)
                key = seen.get(text)
                if key is None:
                    key = f"p{len(positions) + 1}"
                    seen[text] = key
                    case = f" ({run.params})" if run.params else ""
                    positions[key] = {"label": f"{test.name}{case}: position {number}", "test": test.name,
                                      "section": " / ".join(test.examples), "state": state}
                if key not in by_test.setdefault(test.name, []):
                    by_test[test.name].append(key)
    return positions, by_test


def game_data(ctx: GameContext, index: Index) -> dict[str, Any]:
    """Everything the board of ``ctx.game`` shows besides what Python computes (the data file)."""
    spec = ctx.spec
    rules = {}
    for rule in spec.rules:
        rules[rule.id] = {
            "title": rule.title, "text": rule.text, "kind": rule.kind.value,
            "href": f"{ctx.rules_doc(rule.id)}.html#{rule.id}",
            "passages": _passages(ctx, rule.id),
            "ambiguities": [a.id for a in ctx.ambiguities_by_rule.get(rule.id, [])],
        }
    ambiguities = {a.id: {"question": a.question, "flag": a.flag,
                          "href": f"{index.targets[a.id][0]}.html#{a.id}" if a.id in index.targets else ""}
                   for a in spec.ambiguities}
    positions, by_test = _positions(ctx)
    return {"game": ctx.game, "title": spec.title, "rulebook": spec.rulebook,
            "players": [spec.min_players, spec.max_players], "rules": rules, "ambiguities": ambiguities,
            "positions": positions, "examples": by_test}


# --------------------------------------------------------------------------
# The markup on the pages


def board_markup(game: str, docname: str, title: str, starts: Sequence[str] = ()) -> str:
    """The reST of one board (a ``raw:: html`` block): a button that starts it, with what it costs.

    :param starts: the keys of the positions offered first (a worked example's), or ``["*"]``: a random deal
        first, then every worked example's position.

    >>> print(board_markup("take5", "games/take5", "Take 5", ["p1"]).splitlines()[2])
       <div class="rp-tryit" data-game="take5" data-starts="p1" data-title="Take 5">
    """
    up = "../" * docname.count("/")
    attrs = (f'data-game="{html.escape(game)}" data-starts="{html.escape(" ".join(starts))}" '
             f'data-title="{html.escape(title)}"')
    return "\n".join([
        ".. raw:: html",
        "",
        f"   <div class=\"rp-tryit\" {attrs}>",
        "   <p class=\"rp-tryit-intro\"><strong>Try it here.</strong> Play a move "
        + ("from this example's position" if starts and starts != ["*"] else "from a random deal or a worked "
                                                                              "example's position")
        + " or type one: the project's own specification judges it in your browser, and an illegal move "
          "shows the rules it breaks with their passage. It runs Python in the page (Pyodide, served with "
          "this site; about 14 MB on first use, nothing sent anywhere).</p>",
        "   <button type=\"button\" class=\"rp-tryit-start\">Try it here</button>",
        "   <noscript>The board needs JavaScript.</noscript>",
        "   </div>",
        f"   <link rel=\"stylesheet\" href=\"{up}{STATIC}/tryit.css\">",
        f"   <script src=\"{up}{STATIC}/tryit.js\" defer></script>",
        "",
    ])


def _section(title: str, body: str) -> str:
    return f"{title}\n{'-' * len(title)}\n\n{body}\n"


def _insert_before(text: str, marker: str, block: str) -> str:
    """``block`` before the line ``marker`` of ``text`` (at the end when there is none)."""
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if line == marker and number + 1 < len(lines) and set(lines[number + 1]) == {"-"}:
            return "\n".join(lines[:number] + [block] + lines[number:])
    return text.rstrip("\n") + "\n\n" + block


def _examples_page(text: str, ctx: GameContext, docname: str, data: dict[str, Any]) -> tuple[str, int]:
    """An examples page with a board after each example that has a position (one random deal if none has)."""
    placed = 0
    for test in ctx.examples:
        label = f".. _example-{ctx.game}-{test.name}:"
        starts = data["examples"].get(test.name, [])
        if label not in text or not starts:
            continue
        head, tail = text.split(label, 1)
        following = tail.find(f"\n.. _example-{ctx.game}-")
        block = board_markup(ctx.game, docname, ctx.spec.title, starts)
        if following < 0:
            tail = tail.rstrip("\n") + "\n\n" + block
        else:
            tail = tail[:following + 1] + block + "\n" + tail[following + 1:]
        text = head + label + tail
        placed += 1
    if not placed:
        text = text.rstrip("\n") + "\n\n" + _section("Try it here", board_markup(ctx.game, docname, ctx.spec.title))
        placed = 1
    return text, placed


def place_boards(app: Sphinx, contexts: Sequence[GameContext], index: Index, pages: dict[str, str]) -> None:
    """Put a board on each game's overview and worked-example pages, and keep the data for :func:`publish`."""
    boards = Boards()
    app.ruleproof_tryit = boards  # type: ignore[attr-defined]
    if not app.config.ruleproof_tryit:
        return
    for ctx in contexts:
        data = game_data(ctx, index)
        boards.data[ctx.game] = data
        overview = f"games/{ctx.game}"
        if overview in pages:
            block = _section("Try it here", board_markup(ctx.game, overview, ctx.spec.title, ["*"]))
            pages[overview] = _insert_before(pages[overview], "At a glance", block)
            boards.pages[overview] = 1
        for docname in sorted(d for d in pages if d.startswith(f"games/{ctx.game}/examples")):
            pages[docname], boards.pages[docname] = _examples_page(pages[docname], ctx, docname, data)


# --------------------------------------------------------------------------
# The code the browser runs


#: Pure-Python modules outside the standard library that the engines import and the board carries in its zip:
#: mypy_extensions (one file) gives the engine classes the mark the optional compiled build reads.
VENDORED = ("mypy_extensions",)

_EXERCISE = """
import json, sys
before = set(sys.modules)  # what the interpreter's start-up loaded (site hooks), not the board
sys.path.insert(0, sys.argv[1])
import {module} as board_module
from ruleproof.model.registry import available_games
for game in available_games():
    board = board_module.Board.deal(game, seed=0)
    board.call("view"); board.call("random"); board.call("play", "no such move"); board.call("back")
stdlib = set(sys.stdlib_module_names) | {{"__main__", "{module}"}} | {vendored}
print(json.dumps({{
    "ruleproof": sorted((name, module.__file__) for name, module in sys.modules.items()
                        if (name.startswith("ruleproof.") or name in {vendored})
                        and getattr(module, "__file__", None)),
    "foreign": sorted({{name.split(".")[0] for name in set(sys.modules) - before}} - stdlib - {{"ruleproof"}}),
}}))
"""


def board_modules() -> tuple[list[tuple[str, Path]], list[str]]:
    """The ``ruleproof`` modules (and :data:`VENDORED` ones) the board imports (name, file), and any other module
    outside the standard library.

    Found by running the board on every game in a fresh interpreter (a deal, a random move, a move that does
    not parse, a step back), so the lazily imported modules are among them.
    """
    proc = subprocess.run([sys.executable, "-c", _EXERCISE.format(module=BOARD_MODULE, vendored=set(VENDORED)),
                           str(EXT)],
                          capture_output=True, text=True, cwd=DOCS.parent)
    if proc.returncode != 0:
        tail = " / ".join(proc.stderr.strip().splitlines()[-3:])
        raise RuntimeError(f"the board does not run under CPython: {tail}")
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    return [(name, Path(path)) for name, path in found["ruleproof"]], list(found["foreign"])


def _arcname(name: str, path: Path) -> str:
    parts = name.split(".")
    return "/".join(parts) + ("/__init__.py" if path.name == "__init__.py" else ".py")


def board_zip(modules: Sequence[tuple[str, Path]]) -> bytes:
    """A zip of ``modules`` under their import names, with :mod:`.tryit_board`; byte-for-byte reproducible."""
    entries = {_arcname(name, path): path.read_bytes() for name, path in modules}
    entries[f"{BOARD_MODULE}.py"] = (EXT / f"{BOARD_MODULE}.py").read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for arcname in sorted(entries):
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[arcname])
    return buffer.getvalue()


def runtime_dir() -> Path | None:
    """The folder of the Pyodide runtime's files (``$RULEPROOF_PYODIDE`` or the npm install), if it is there."""
    explicit = os.environ.get(PYODIDE_ENV)
    folder = Path(explicit) if explicit else PYODIDE_PROJECT / "node_modules" / "pyodide"
    return folder if all((folder / name).is_file() for name in RUNTIME_FILES) else None


def _runtime_version(folder: Path) -> str:
    try:
        return str(json.loads((folder / "package.json").read_text(encoding="utf-8")).get("version", "?"))
    except (OSError, ValueError):
        return "?"


def _copy(source: Path, target: Path) -> None:
    """Copy unless ``target`` already has the same size and is not older (an incremental build)."""
    if target.exists() and target.stat().st_size == source.stat().st_size \
            and target.stat().st_mtime >= source.stat().st_mtime:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def _write_bytes(target: Path, data: bytes) -> None:
    from ruleproof.model.io.outputs import write_atomic

    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists() or target.read_bytes() != data:
        write_atomic(target, data, force=True)


# --------------------------------------------------------------------------
# Publishing, and the measured size and load time


def publish(app: Sphinx, exception: BaseException | None) -> None:
    """Write the board's files into the built site, log their size and load time, write ``report.json``."""
    boards: Boards | None = getattr(app, "ruleproof_tryit", None)
    if exception is not None or boards is None or not boards.data or app.builder.format != "html":
        return
    start = time.perf_counter()
    out = Path(app.outdir) / STATIC
    report: dict[str, Any] = {"pages": boards.pages, "files": {}, "runtime": None, "load": None}
    for game, data in boards.data.items():
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        _write_bytes(out / "data" / f"{game}.json", text)
        report["files"][f"data/{game}.json"] = len(text)

    modules, foreign = board_modules()
    if foreign:
        logger.warning(f"ruleproof: the try-it board imports {', '.join(foreign)}, which is neither the standard "
                       "library nor ruleproof: the browser has no such module", type="ruleproof", subtype="tryit")
    code = board_zip(modules)
    _write_bytes(out / "ruleproof.zip", code)
    report["files"]["ruleproof.zip"] = len(code)
    report["modules"] = len(modules) + 1

    runtime = runtime_dir()
    if runtime is None:
        (out / "pyodide").mkdir(parents=True, exist_ok=True)
        logger.info("ruleproof: try-it board without its runtime: run `npm ci --prefix docs/_ext/pyodide` "
                    f"(or set {PYODIDE_ENV}) before building; the boards say so on the pages")
    else:
        for name in RUNTIME_FILES:
            _copy(runtime / name, out / "pyodide" / name)
            report["files"][f"pyodide/{name}"] = (runtime / name).stat().st_size
        (out / "pyodide" / "NOTICE.txt").write_text(
            f"Pyodide {_runtime_version(runtime)} (https://pyodide.org, Mozilla Public License 2.0), from the npm "
            "package 'pyodide'; it contains CPython's standard library (PSF License).\n", encoding="utf-8")
        report["runtime"] = {"package": "pyodide", "version": _runtime_version(runtime),
                             "bytes": sum((runtime / n).stat().st_size for n in RUNTIME_FILES)}
    (out / "runtime.json").write_text(json.dumps({"runtime": report["runtime"] is not None}), encoding="utf-8")
    for name in ("tryit.js", "tryit.css"):
        if (out / name).is_file():
            report["files"][name] = (out / name).stat().st_size

    if report["runtime"] is not None:
        report["load"] = measure_load(app, Path(app.outdir))
    report["download_bytes"] = {game: sum(size for name, size in report["files"].items()
                                          if not name.startswith("data/") or name == f"data/{game}.json")
                                for game in boards.data}
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    logger.info(summary(report) + f" ({time.perf_counter() - start:.1f} s to publish)")


def summary(report: dict[str, Any]) -> str:
    """The build log's line about the board: what a reader downloads, and how long it took to load.

    >>> print(summary({"pages": {"a": 1, "b": 2}, "files": {"ruleproof.zip": 300_000, "data/take5.json": 20_000},
    ...                "runtime": None, "load": None, "download_bytes": {"take5": 320_000}}))
    ruleproof: try-it board on 2 pages (3 boards): no runtime (npm ci --prefix docs/_ext/pyodide), code 0.30 MB, data 20 kB per game at most
    """
    boards = sum(report["pages"].values())
    files = report["files"]
    data = max((size for name, size in files.items() if name.startswith("data/")), default=0)
    runtime = report["runtime"]
    where = (f"Pyodide {runtime['version']} {runtime['bytes'] / 1e6:.1f} MB" if runtime
             else "no runtime (npm ci --prefix docs/_ext/pyodide)")
    line = (f"ruleproof: try-it board on {len(report['pages'])} pages ({boards} boards): {where}, "
            f"code {files.get('ruleproof.zip', 0) / 1e6:.2f} MB, data {data / 1e3:.0f} kB per game at most")
    if runtime:
        line += f"; a reader downloads {max(report['download_bytes'].values()) / 1e6:.1f} MB at most"
    load = report.get("load")
    if isinstance(load, dict) and "seconds" in load:
        line += (f"; ready {load['seconds']:.1f} s after the click in headless Chromium "
                 f"(runtime {load['runtime_seconds']:.1f} s, code {load['code_seconds']:.1f} s, "
                 f"first position {load['first_view_seconds']:.1f} s; {load['page']})")
    elif isinstance(load, dict):
        line += f"; load time not measured: {load.get('skipped', '?')}"
    return line


def measure_load(app: Sphinx, site: Path) -> dict[str, Any]:
    """The time from *Try it here* to a ready board on Take 5's overview, in headless Chromium with no network.

    Skipped (with the reason) when ``ruleproof_tryit_measure`` is false or Selenium, Chromium or chromedriver
    is missing. The figure is a measurement for the record, never a verdict.
    """
    setting = app.config.ruleproof_tryit_measure
    if setting is False or str(setting).lower() in {"0", "false", "no", "off"}:
        return {"skipped": "ruleproof_tryit_measure is off"}
    from .tryit_browser import BrowserMissing, measure

    try:
        return measure(site, "games/take5.html", timeout=MEASURE_TIMEOUT)
    except BrowserMissing as exc:
        return {"skipped": str(exc)}
    except Exception as exc:  # noqa: BLE001 - a measurement that fails is reported, the site is still built
        logger.warning(f"ruleproof: measuring the try-it board failed: {type(exc).__name__}: {exc}",
                       type="ruleproof", subtype="tryit")
        return {"skipped": f"failed: {type(exc).__name__}: {exc}"}
