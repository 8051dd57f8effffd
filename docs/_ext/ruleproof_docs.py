"""Sphinx extension: the annotated rulebooks, generated from the spec registry.

At ``builder-inited`` it gathers, once per build,

* every available game's :class:`~ruleproof.spec.core.GameSpec` (rules,
  ambiguities, variant flags);
* the tests and their ``@pytest.mark.rule``/``@pytest.mark.example`` markers
  (:mod:`ruleproof.checkers.analysis.traceability`, a syntax-tree scan);
* the findings of the catalogue (:func:`ruleproof.checkers.catalogue.questions.run_catalogue`,
  quick forms) and the claimed state properties;
* pictures of the worked examples: the example tests are run under the
  ``ruleproof_capture`` pytest plugin, which draws the positions they check with
  the game's SVG renderer (``ruleproof.checkers.render.<game>.render_svg``);

checks traceability (every rule cites its source and has a covering test;
every finding and every marker names an existing rule — a gap is a Sphinx
warning, so ``-W`` fails the build) and writes reST pages into ``games/`` and
``reference/`` (generated, not committed). The expensive part (findings and
pictures) is cached under ``_build/.ruleproof-cache`` keyed by a hash of the
sources, so the doctest build that follows the HTML build reuses it.

Directives and roles the pages use: ``:rule:`ID``` links to a rule (or an
ambiguity or a finding) on its game page; ``.. rp-predicate:: GAME RULE-ID``
shows a rule's predicate with a ``[source]`` link through viewcode.
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import html
import importlib
import inspect
import json
import os
import pickle
import pkgutil
import re
import shlex
import subprocess
import sys
import tempfile
import textwrap
import time
import traceback
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from ruleproof.spec.registry import MissingPartError, load_part

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parents[1]
REPO = DOCS.parent
CACHE_VERSION = 4
#: Generated folders below the docs source (see docs/.gitignore).
GENERATED = ("games", "reference", "_generated")


# ---------------------------------------------------------------------------
# Gathering


@dataclass
class Picture:
    """An SVG drawn for a page: file name (below ``_generated/pictures``) and caption."""

    name: str
    caption: str


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
    #: ``ruleproof diff`` of each flagged ambiguity's readings, per game
    #: (:func:`ruleproof.checkers.analysis.diff.ambiguity_verdicts`), with the name of
    #: each verdict's histogram picture under ``"picture"``.
    reading_diffs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


def _source_hash() -> str:
    digest = hashlib.sha256(f"v{CACHE_VERSION}".encode())
    for folder in ("spec", "model", "checkers", "tests", "docs/_ext"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix in {".py", ".json"} and "__pycache__" not in path.parts and path.is_file():
                digest.update(str(path.relative_to(REPO)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def _svg_name(prefix: str, key: str, index: int) -> str:
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
        proc = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
        if not out.exists():
            tail = (proc.stdout + proc.stderr).strip().splitlines()[-5:]
            return [], "the worked examples could not be run: " + " / ".join(tail)
        results: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return results, ""


def _witness_pictures(game_id: str, finding: Any) -> list[tuple[str, str]]:
    """SVG pictures of a finding's witness: (svg, caption) pairs.

    A renderer may define ``render_finding_svg(finding)`` (an SVG or ``None``);
    otherwise the witness is searched for positions the game's ``render_svg``
    can draw: ``{"state": <Game.serialize output>}`` is decoded; a game record
    (``{"format": "ruleproof-record", ...}`` or ``{"record": {...}}``) and a play
    ``{"players": N, "moves": [...], "variant"/"flags": {...}}`` are replayed
    and their last position drawn. A list of such witnesses gives up to three
    pictures.
    """
    try:
        render = load_part(game_id, "renderer")
    except MissingPartError:
        return []
    special = getattr(render, "render_finding_svg", None)
    if special is not None:
        svg = special(finding)
        return [(svg, "the witness")] if svg else []
    draw = getattr(render, "render_svg", None)
    if draw is None:
        return []
    from ruleproof.model.records import record_from_json
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_from_mapping

    game = game_for(game_id)

    def replay(players: int, flags: Any, moves: Sequence[str]) -> Any:
        variant = variant_from_mapping(game.variant_type, flags or {})
        state = game.initial_state(players, variant)
        for text in moves:
            state = game.apply(state, game.parse_move(text))
        return state

    candidates = finding.witness if isinstance(finding.witness, list) else [finding.witness]
    pictures: list[tuple[str, str]] = []
    for witness in candidates[:3]:
        if not isinstance(witness, dict):
            continue
        try:
            record_data = witness.get("record") if isinstance(witness.get("record"), dict) else (
                witness if witness.get("format") == "ruleproof-record" else None)
            if isinstance(witness.get("state"), (dict, list)):
                pictures.append((draw(game.deserialize(witness["state"])), "the witness position"))
            elif record_data is not None:
                record = record_from_json(record_data)
                state = replay(record.players, record.variant, [m.move for m in record.moves])
                pictures.append((draw(state), f"the position after the witness record's {len(record.moves)} moves"))
            elif isinstance(witness.get("players"), int) and isinstance(witness.get("moves"), list):
                moves = [str(m) for m in witness["moves"]]
                state = replay(witness["players"], witness.get("variant", witness.get("flags")), moves)
                extra = ", ".join(f"{k} {witness[k]}" for k in ("seat", "seed") if k in witness)
                pictures.append((draw(state), f"the position after the witness's {len(moves)} moves"
                                 + (f" ({extra})" if extra else "")))
        except Exception as exc:  # noqa: BLE001 - a picture is optional; the JSON is still shown
            logger.info(f"ruleproof: no picture for {finding.id}: {type(exc).__name__}: {exc}")
    return [(svg, caption) for svg, caption in pictures if isinstance(svg, str) and svg.lstrip().startswith("<svg")]


def gather(app: Sphinx, tests: Sequence[Any]) -> SiteData:
    """Findings and pictures, from the cache when the sources have not changed."""
    from ruleproof.model.registry import available_games

    games = available_games()
    cache_dir = Path(app.srcdir) / "_build" / ".ruleproof-cache"
    key = _source_hash() + (f"-f{int(app.config.ruleproof_findings)}-c{int(app.config.ruleproof_capture_examples)}"
                            f"-d{int(app.config.ruleproof_reading_diffs)}")
    cache_file = cache_dir / f"site-{key}.pickle"
    if cache_file.exists():
        try:
            with cache_file.open("rb") as handle:
                data: SiteData = pickle.load(handle)
            if data.games == games:
                logger.info("ruleproof: findings and pictures from the cache")
                return data
        except Exception:  # noqa: BLE001 - a stale or broken cache is recomputed
            pass

    seconds: dict[str, float] = {}
    findings: dict[str, list[Any]] = {}
    errors: dict[str, str] = {}
    finding_pictures: dict[str, list[Picture]] = {}
    svgs: dict[str, str] = {}
    if app.config.ruleproof_findings:
        from ruleproof.checkers.catalogue.questions import run_catalogue

        for game in games:
            start = time.perf_counter()
            try:
                findings[game] = list(run_catalogue(game, full=False))
            except Exception as exc:  # noqa: BLE001 - shown on the page and warned about
                findings[game] = []
                frames = [f for f in traceback.extract_tb(exc.__traceback__) if "ruleproof" in f.filename
                          or "/checkers/" in f.filename or "/spec/" in f.filename or "/model/" in f.filename]
                where = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
                errors[game] = f"{type(exc).__name__}: {exc}{where}"
            seconds[f"findings {game}"] = time.perf_counter() - start
            for finding in findings[game]:
                pics = []
                for index, (svg, caption) in enumerate(_witness_pictures(game, finding)):
                    name = _svg_name("finding", finding.id, index)
                    svgs[name] = svg
                    pics.append(Picture(name, caption))
                finding_pictures[finding.id] = pics

    examples: dict[str, list[ExampleRun]] = {}
    note = ""
    wanted = [t for t in tests if t.examples]
    if app.config.ruleproof_capture_examples and wanted:
        start = time.perf_counter()
        results, note = _run_examples([t.nodeid for t in wanted])
        seconds["examples"] = time.perf_counter() - start
        for result in results:
            nodeid = str(result["nodeid"])
            base, _, params = nodeid.partition("[")
            run = ExampleRun(nodeid, _decode_nodeid(params[:-1]) if params else "", bool(result["passed"]))
            for index, picture in enumerate(result["pictures"]):
                name = _svg_name("example", nodeid, index)
                svgs[name] = picture["svg"]
                move = picture.get("move") or ""
                caption = f"Position {index + 1}" + (f", the move ``{move}`` drawn dashed" if move else "")
                run.pictures.append(Picture(name, caption))
            examples.setdefault(base, []).append(run)
    elif not app.config.ruleproof_capture_examples:
        note = "pictures of the worked examples are switched off (ruleproof_capture_examples = False)"

    reading_diffs: dict[str, list[dict[str, Any]]] = {}
    if app.config.ruleproof_reading_diffs:
        from ruleproof.checkers.analysis.diff import ambiguity_verdicts

        for game in games:
            start = time.perf_counter()
            rows = ambiguity_verdicts(game, games=60, max_moves=8000)
            for index, row in enumerate(rows):
                svg = str(row.get("svg") or "")
                if svg:
                    name = _svg_name("reading", f"{row['ambiguity']}-{row['reading']}", index)
                    svgs[name] = svg
                    row["picture"] = name
                row.pop("svg", None)
                row.pop("comparison", None)  # the page shows the summary; the full report is `ruleproof diff`
            reading_diffs[game] = rows
            seconds[f"reading diffs {game}"] = time.perf_counter() - start

    data = SiteData(games, findings, errors, finding_pictures, examples, note, svgs, seconds, reading_diffs)
    cache_dir.mkdir(parents=True, exist_ok=True)
    for old in cache_dir.glob("site-*.pickle"):
        old.unlink()
    partial = cache_file.with_suffix(f".{os.getpid()}.tmp")
    try:
        with partial.open("wb") as handle:
            pickle.dump(data, handle)
        os.replace(partial, cache_file)  # atomic: a concurrent build never reads half a file
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        logger.info(f"ruleproof: not caching the site data ({exc})")
        partial.unlink(missing_ok=True)
    return data


# ---------------------------------------------------------------------------
# reST helpers

_SPECIAL = re.compile(r"([\\`*_|<>\[\]:])")


def esc(text: object) -> str:
    """Plain text as inline reST (every markup character escaped, on one line)."""
    flat = " ".join(str(text).split())
    flat = _SPECIAL.sub(r"\\\1", flat)
    if flat and not flat[0].isalnum() and flat[0] not in "(«\"'\\":
        flat = "\\" + flat
    return flat


def lit(text: object) -> str:
    """Inline literal (``...``) of a short value."""
    flat = " ".join(str(text).split()) or " "
    if "``" in flat or flat.startswith(" ") or flat.endswith(" ") or flat.endswith("`"):
        return f":code:`{flat.replace('`', chr(0x2032))}`"
    return f"``{flat}``"


def heading(text: str, char: str, over: bool = False) -> str:
    line = char * max(len(text), 4)
    return f"{line}\n{text}\n{line}\n" if over else f"{text}\n{line}\n"


def indent(text: str, by: int = 3) -> str:
    return textwrap.indent(text, " " * by)


def anchor(ident: str) -> str:
    """A raw HTML anchor with exactly this id (rule, ambiguity and finding ids keep their case)."""
    return f".. raw:: html\n\n   <span class=\"rp-anchor\" id=\"{html.escape(ident)}\"></span>\n"


def list_table(header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[int] | None = None,
               cls: str = "") -> str:
    out = [".. list-table::", "   :header-rows: 1"]
    if widths:
        out.append(f"   :widths: {' '.join(map(str, widths))}")
    if cls:
        out.append(f"   :class: {cls}")
    out.append("")
    for row in [header, *rows]:
        first = True
        for cell in row:
            lines = (cell or " ").splitlines() or [" "]
            out.append(("   * - " if first else "     - ") + lines[0])
            out.extend("       " + line if line else "" for line in lines[1:])
            first = False
    return "\n".join(out) + "\n"


def _docstring_intro(doc: str | None) -> str:
    """The prose of a module docstring before its first example (reST as written)."""
    if not doc:
        return ""
    lines = inspect.cleandoc(doc).splitlines()
    kept: list[str] = []
    for line in lines:
        if line.lstrip().startswith(">>>"):
            break
        kept.append(line)
    return "\n".join(kept).strip()


def _param_docs(cls: type) -> dict[str, str]:
    """``:param name: text`` entries of a class docstring (reST as written, on one line)."""
    doc = inspect.cleandoc(cls.__doc__ or "")
    found: dict[str, str] = {}
    for match in re.finditer(r":param (\w+):(.*?)(?=\n\s*:param |\n\s*\n|\Z)", doc, re.S):
        found[match.group(1)] = " ".join(match.group(2).split())
    return found


def compact_json(value: Any, depth: int = 0, width: int = 100) -> str:
    """JSON with objects one key a line and lists of plain values filled into lines.

    >>> print(compact_json({"moves": ["a", "b"], "n": 1}))
    {
     "moves": ["a", "b"],
     "n": 1
    }
    """
    pad = " " * (depth + 1)
    if isinstance(value, dict) and value:
        items = [f"{pad}{json.dumps(str(k), ensure_ascii=False)}: {compact_json(v, depth + 1, width).lstrip()}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    if isinstance(value, list) and value and all(not isinstance(v, (dict, list)) for v in value):
        words = [json.dumps(v, ensure_ascii=False) for v in value]
        lines, line = [], ""
        for word in words:
            if line and len(line) + len(word) + 2 > width:
                lines.append(line + ",")
                line = ""
            line = f"{line}, {word}" if line else word
        lines.append(line)
        if len(lines) == 1:
            return f"[{lines[0]}]"
        return "[\n" + "\n".join(pad + l for l in lines) + "\n" + " " * depth + "]"
    if isinstance(value, list) and value:
        return "[\n" + ",\n".join(pad + compact_json(v, depth + 1, width).lstrip() for v in value) + "\n" + " " * depth + "]"
    return json.dumps(value, ensure_ascii=False)


def _verdict_badge(verdict: str) -> str:
    return f":rp-badge:`{verdict}`"


# ---------------------------------------------------------------------------
# Page generation


@dataclass
class Index:
    """Where each rule, ambiguity and finding id is published: id → (docname, game)."""

    targets: dict[str, tuple[str, str]] = field(default_factory=dict)


def _flag_info(spec: Any) -> list[dict[str, Any]]:
    from ruleproof.spec.core import variant_choices, variant_to_dict

    params = _param_docs(spec.variant_type)
    hints = typing.get_type_hints(spec.variant_type)
    defaults = variant_to_dict(spec.variant_type())
    out = []
    for f in dataclasses.fields(spec.variant_type):
        name = f.name
        rules = [r.id for r in spec.rules if name in r.flags]
        ambiguities = [a for a in spec.ambiguities if a.flag == name]
        for a in ambiguities:
            rules += [r for r in a.rule_ids if r not in rules]
        hint = hints.get(name)
        out.append({
            "name": name, "default": defaults[name], "choices": variant_choices(spec.variant_type, name),
            "type": getattr(hint, "__name__", None) or str(hint).replace("typing.", ""),
            "doc": params.get(name, ""), "rules": rules, "ambiguities": [a.id for a in ambiguities],
        })
    return out


def _test_item(test: Any) -> str:
    where = f"{test.path}:{test.lineno}"
    text = f"{lit(test.name)} ({lit(where)})"
    if test.summary:
        text += f" — {esc(test.summary)}"
    if test.slow:
        text += " *(slow)*"
    return text


def game_page(game: str, data: SiteData, tests: Sequence[Any], index: Index) -> str:
    from ruleproof.checkers.checks.invariants import PROPERTIES
    from ruleproof.checkers.analysis.traceability import worked_examples, covering_tests
    from ruleproof.spec.registry import spec_for

    spec = spec_for(game)
    spec_module = importlib.import_module(f"ruleproof.spec.{game}")
    covered = covering_tests(tests)
    findings = data.findings.get(game, [])
    by_rule_findings: dict[str, list[Any]] = {}
    for finding in findings:
        for rule_id in finding.rule_ids:
            by_rule_findings.setdefault(rule_id, []).append(finding)
    properties = PROPERTIES.get(game, ())
    by_rule_props: dict[str, list[Any]] = {}
    for prop in properties:
        for rule_id in prop.rule_ids:
            by_rule_props.setdefault(rule_id, []).append(prop)
    examples = worked_examples(tests, game, [r.id for r in spec.rules])
    by_rule_examples: dict[str, list[Any]] = {}
    for test in examples:
        for rule_id in test.rule_ids:
            by_rule_examples.setdefault(rule_id, []).append(test)
    amb_by_rule: dict[str, list[Any]] = {}
    flags = _flag_info(spec)
    for amb in spec.ambiguities:
        affected = set(amb.rule_ids) | {r.id for r in spec.rules if amb.flag and amb.flag in r.flags}
        for rule_id in affected:
            amb_by_rule.setdefault(rule_id, []).append(amb)
    try:
        render_module = load_part(game, "renderer")
        has_renderer = hasattr(render_module, "render_svg")
    except MissingPartError:
        has_renderer = False
    kinds = {k: sum(1 for r in spec.rules if r.kind.value == k) for k in ("legality", "effect", "outcome")}

    out: list[str] = [f".. _game-{game}:\n", heading(spec.title, "=", over=True),
                      f".. currentmodule:: ruleproof.spec.{game}\n"]
    intro = _docstring_intro(spec_module.__doc__)
    if intro:
        out.append(intro + "\n")
    fields = [
        (":Rulebook:", f"{lit(spec.rulebook)} (Russian text; headings are cited verbatim)"),
        (":Players:", f"{spec.min_players}–{spec.max_players}"),
        (":Rules:", f"{len(spec.rules)} ({kinds['legality']} legality, {kinds['effect']} effect, {kinds['outcome']} outcome)"),
        (":Ambiguities:", f"{len(spec.ambiguities)}, with {sum(1 for a in spec.ambiguities if a.flag)} behind a variant flag"),
        (":Findings:", f"{len(findings)}" + (f" (the catalogue failed: {esc(data.finding_errors[game])})"
                                             if game in data.finding_errors else "")),
        (":Worked examples:", f"{len(examples)} test{'s' if len(examples) != 1 else ''}"),
        (":Code:", f"specification :mod:`ruleproof.spec.{game}`, engine :mod:`ruleproof.model.{game}`"),
        (":Command line:", f"``ruleproof rules {game}``, ``ruleproof audit --game {game}``"),
    ]
    out.append("\n".join(f"{k} {v}" for k, v in fields) + "\n")
    out.append(".. contents:: On this page\n   :local:\n   :depth: 1\n   :backlinks: none\n")
    out.append(
        "Each rule below gives its id (a stable anchor: link to ``#RULE-ID``), our restatement of what "
        "the rulebook says, the rulebook section it comes from, the predicate that decides it, the "
        "tests that fail when it is broken, and what the checkers found about it.\n"
    )

    # -- at a glance
    out.append(heading("At a glance", "-"))
    rows = []
    for rule in spec.rules:
        found = by_rule_findings.get(rule.id, [])
        rows.append([
            f":rule:`{rule.id}`", esc(rule.title), rule.kind.value, str(len(covered.get(rule.id, []))),
            str(len(by_rule_examples.get(rule.id, []))),
            ", ".join(f":rule:`{a.id}`" for a in amb_by_rule.get(rule.id, [])) or "—",
            ", ".join(f":rule:`{f.id}`" for f in found) or "—",
        ])
    out.append(list_table(["Rule", "Title", "Kind", "Tests", "Examples", "Ambiguities", "Findings"], rows,
                          [14, 30, 10, 7, 9, 15, 15], cls="rp-glance"))

    # -- rules
    out.append(heading("Rules", "-"))
    for rule in spec.rules:
        index.targets[rule.id] = (f"games/{game}", game)
        out.append(anchor(rule.id))
        out.append(heading(f"{rule.id} · {rule.title}", "~"))
        out.append(esc(rule.text) + "\n")
        lines = [f":Kind: {rule.kind.value}"]
        source = f"{lit(rule.source.rulebook)} § «{esc(rule.source.section)}»"
        if rule.source.note:
            source += f" — {esc(rule.source.note)}"
        lines.append(f":Source: {source}")
        if rule.flags:
            lines.append(":Flags: " + ", ".join(f":ref:`{f} <flag-{game}-{f}>`" for f in rule.flags))
        lines.append(f":Predicate:\n{indent(f'.. rp-predicate:: {game} {rule.id}')}\n")
        tests_here = covered.get(rule.id, [])
        if tests_here:
            lines.append(":Tests:\n" + "\n".join(indent(f"* {_test_item(t)}") for t in tests_here) + "\n")
        else:
            lines.append(":Tests: **none** (a traceability gap)")
        if by_rule_examples.get(rule.id):
            lines.append(":Worked examples: " + ", ".join(
                f":ref:`{t.name} <example-{game}-{t.name}>`" for t in by_rule_examples[rule.id]))
        if amb_by_rule.get(rule.id):
            lines.append(":Ambiguity: " + "; ".join(
                f":rule:`{a.id}` ({esc(a.question)})" for a in amb_by_rule[rule.id]))
        found = by_rule_findings.get(rule.id, [])
        if found:
            lines.append(":Findings: " + "; ".join(f":rule:`{f.id}` {_verdict_badge(f.verdict)}" for f in found))
        if by_rule_props.get(rule.id):
            lines.append(":Properties: " + "; ".join(
                f":ref:`{p.id} <property-{game}-{p.id}>`" for p in by_rule_props[rule.id]))
        out.append("\n".join(lines) + "\n")

    # -- worked examples
    out.append(heading("Worked examples", "-"))
    out.append(
        "The rulebook's own examples are tests marked ``@pytest.mark.example(\"section\")`` that cite the "
        "paragraph. " + (
            f"The pictures show the positions each test checks, drawn by :mod:`ruleproof.checkers.render.{game}`."
            if has_renderer else "This game has no SVG renderer yet, so the examples are shown as their tests.")
        + "\n"
    )
    if data.capture_note and has_renderer:
        out.append(f".. note:: {esc(data.capture_note)}\n")
    if not examples:
        out.append("No test is marked as a worked example of this rulebook yet.\n")
    for test in examples:
        out.append(f".. _example-{game}-{test.name}:\n")
        title = f"«{' / '.join(test.examples)}»: {test.name}"
        out.append(heading(title, "~"))
        for paragraph in [p for p in test.doc.split("\n\n") if p.strip()] or ["(no docstring)"]:
            out.append(esc(paragraph) + "\n")
        meta = [f":Test: {lit(test.nodeid)} (line {test.lineno})"]
        if test.rule_ids:
            meta.append(":Rules: " + ", ".join(f":rule:`{r}`" for r in test.rule_ids))
        out.append("\n".join(meta) + "\n")
        for run in data.examples.get(test.nodeid, []):
            if not run.passed:
                out.append(f".. warning:: The test run {esc(run.params or test.name)} failed while the pages were built.\n")
            for picture in run.pictures:
                caption = picture.caption + (f" — case {esc(run.params)}" if run.params else "")
                out.append(f".. figure:: /_generated/pictures/{picture.name}\n   :alt: {esc(caption)}\n"
                           f"   :class: rp-picture\n\n   {caption}\n")
        cls = test.nodeid.split("::")[1:-1]
        pyobject = ".".join([*cls, test.name])
        out.append(".. raw:: html\n\n   <details class=\"rp-source\"><summary>The test's code</summary>\n")
        out.append(f".. literalinclude:: /../{test.path}\n   :language: python\n   :pyobject: {pyobject}\n")
        out.append(".. raw:: html\n\n   </details>\n")

    # -- ambiguities
    out.append(heading("Ambiguities and variant flags", "-"))
    out.append(
        "Where the text is silent, ambiguous or disagrees with the publisher, both readings are "
        "implemented; a flag of the variant dataclass "
        f":class:`~ruleproof.spec.{game}.{spec.variant_type.__name__}` selects one. Flip a flag with "
        f"``--variant FLAG=VALUE`` (``ruleproof simulate {game}``) or see :doc:`/howto/check-a-reading`.\n"
    )
    for amb in spec.ambiguities:
        index.targets[amb.id] = (f"games/{game}", game)
        out.append(anchor(amb.id))
        out.append(heading(f"{amb.id} · {amb.question}", "~"))
        if amb.quote:
            out.append(f"   «{esc(amb.quote)}»\n")
        lines = [f":Source: {lit(amb.source.rulebook)} § «{esc(amb.source.section)}»"
                 + (f" — {esc(amb.source.note)}" if amb.source.note else "")]
        if amb.flag:
            lines.append(f":Flag: :ref:`{amb.flag} <flag-{game}-{amb.flag}>` (default {lit(repr(amb.default))})")
        else:
            lines.append(f":Flag: none — the project fixes one reading ({lit(repr(amb.default))})")
        affected = list(amb.rule_ids) + [r.id for r in spec.rules if amb.flag and amb.flag in r.flags
                                          and r.id not in amb.rule_ids]
        if affected:
            lines.append(":Rules it changes: " + ", ".join(f":rule:`{r}`" for r in affected))
        out.append("\n".join(lines) + "\n")
        rows = [[lit(repr(r.value)), esc(r.description), "default" if r.value == amb.default else ""]
                for r in amb.readings]
        out.append(list_table(["Value", "Reading", ""], rows, [15, 70, 15]))
        out.extend(_reading_diff_section(game, amb, data.reading_diffs.get(game, [])))
    out.append(heading("Variant flags", "~"))
    rows = []
    for flag in flags:
        choices = ", ".join(lit(repr(c)) for c in flag["choices"]) or lit(flag["type"])
        meaning = flag["doc"] or "—"
        rows.append([
            f".. _flag-{game}-{flag['name']}:\n\n{lit(flag['name'])}", lit(repr(flag["default"])), choices, meaning,
            ", ".join(f":rule:`{a}`" for a in flag["ambiguities"]) or "—",
            ", ".join(f":rule:`{r}`" for r in flag["rules"]) or "—",
        ])
    out.append(list_table(["Flag", "Default", "Values", "Meaning", "Ambiguity", "Rules it changes"], rows,
                          [12, 10, 14, 34, 12, 18]))

    # -- findings
    out.append(heading("Findings", "-"))
    out.append(
        "The catalogue's questions about this rulebook (conflicts, gaps, deadlocks, well-formedness), "
        "answered by the Z3 encodings or exhaustive search — quick forms, as ``ruleproof audit`` runs them. "
        "``sat``: a witness exists (shown); ``unsat``: refuted within the stated bounds; ``unknown``: the "
        "solver gave up, which is never a proof.\n"
    )
    if game in data.finding_errors:
        out.append(f".. error:: The catalogue of this game failed: {esc(data.finding_errors[game])}\n")
    if not findings:
        out.append("No findings are recorded for this game yet.\n")
    for finding in findings:
        index.targets[finding.id] = (f"games/{game}", game)
        out.append(anchor(finding.id))
        out.append(heading(f"{finding.id} · {finding.question}", "~"))
        expected = f", expected {lit(finding.expected)}" if finding.expected else ", not in the manifest"
        lines = [f":Verdict: {_verdict_badge(finding.verdict)} ({esc(finding.method)}, {finding.seconds:.2f} s"
                 f"{expected}; audit {_verdict_badge(finding.audit_verdict)})"]
        lines.append(f":Answer: {esc(finding.answer)}")
        if finding.rule_ids:
            lines.append(":Rules: " + ", ".join(f":rule:`{r}`" for r in finding.rule_ids))
        if finding.bounds:
            lines.append(f":Bounds: {esc(finding.bounds)}")
        if finding.reason:
            lines.append(f":Gave up: {esc(finding.reason)}")
        out.append("\n".join(lines) + "\n")
        for picture in data.finding_pictures.get(finding.id, []):
            out.append(f".. figure:: /_generated/pictures/{picture.name}\n   :alt: {esc(picture.caption)}\n"
                       f"   :class: rp-picture\n\n   Witness of {finding.id}: {esc(picture.caption)}\n")
        if finding.picture:
            out.append(".. code-block:: text\n\n" + indent(finding.picture.rstrip("\n")) + "\n")
        if finding.witness is not None:
            text = compact_json(finding.witness)
            language = "json"
            if len(text) > 4000:
                text, language = text[:4000] + "\n… (truncated)", "text"
            out.append(".. raw:: html\n\n   <details class=\"rp-source\"><summary>Witness (JSON)</summary>\n")
            out.append(f".. code-block:: {language}\n\n" + indent(text) + "\n")
            out.append(".. raw:: html\n\n   </details>\n")

    # -- properties
    if properties:
        out.append(heading("Claimed properties", "-"))
        out.append("Statements about every reachable state that ``ruleproof audit`` checks on random games "
                   "(:mod:`ruleproof.checkers.checks.invariants`).\n")
        for prop in properties:
            out.append(f".. _property-{game}-{prop.id}:\n")
            rules = ", ".join(f":rule:`{r}`" for r in prop.rule_ids) or "—"
            out.append(f"{lit(prop.id)}\n   {esc(prop.statement)} (rules: {rules})\n")
    return "\n".join(out)


def _reading_diff_section(game: str, amb: Any, rows: Sequence[dict[str, Any]]) -> list[str]:
    """What ``ruleproof diff`` measured for each non-default reading of ``amb``."""
    out: list[str] = []
    for row in (r for r in rows if r.get("ambiguity") == amb.id):
        flag, value = row.get("flag"), row.get("reading")
        reading_a = shlex.quote(f"{flag}={row.get('default')}")
        reading_b = shlex.quote(f"{flag}={value}")
        command = f"ruleproof diff {game} --a {reading_a} --b {reading_b}"
        out.append(f"**Measured** ({lit(command)}): {esc(row.get('verdict_text') or row.get('verdict'))}. "
                   f"{esc(row.get('summary', ''))}\n")
        for extra in row.get("also") or []:
            out.append(f"   *Also in another setting:* {esc(extra.get('verdict_text') or extra.get('verdict'))}. "
                       f"{esc(extra.get('summary', ''))}\n")
        if row.get("picture"):
            caption = f"Game length and scores under {flag}={row.get('default')!r} and {flag}={value!r}"
            out.append(f".. figure:: /_generated/pictures/{row['picture']}\n   :alt: {esc(caption)}\n"
                       f"   :class: rp-picture\n\n   {esc(caption)}\n")
    return out


def games_index(games: Sequence[str], tests: Sequence[Any], data: SiteData) -> str:
    from ruleproof.checkers.analysis.traceability import covering_tests
    from ruleproof.spec.registry import spec_for

    covered = covering_tests(tests)
    out = [heading("Annotated rulebooks", "=", over=True),
           "One page per game, generated from the specification registry at build time.\n"]
    rows = []
    for game in games:
        spec = spec_for(game)
        tested = sum(1 for r in spec.rules if covered.get(r.id))
        rows.append([f":doc:`{esc(spec.title)} <{game}>`", lit(game), f"{spec.min_players}–{spec.max_players}",
                     str(len(spec.rules)), f"{tested}/{len(spec.rules)}", str(len(spec.ambiguities)),
                     str(len(data.findings.get(game, [])))])
    out.append(list_table(["Game", "Id", "Players", "Rules", "Rules tested", "Ambiguities", "Findings"], rows))
    out.append(".. toctree::\n   :hidden:\n\n" + "\n".join(f"   {g}" for g in games) + "\n")
    return "\n".join(out)


# -- CLI reference


def _cli_section(name: str, parser: Any, help_text: str) -> str:
    import argparse

    out = [heading(f"ruleproof {name}" if name else "ruleproof", "-")]
    if help_text:
        out.append(esc(help_text[0].upper() + help_text[1:]) + ".\n")
    if parser.description and parser.description != help_text:
        out.append(esc(parser.description) + "\n")
    out.append(".. code-block:: text\n\n" + indent(parser.format_usage().strip()) + "\n")
    rows = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        names = ", ".join(action.option_strings) or (action.metavar or action.dest)
        value = ""
        if action.option_strings and action.nargs != 0:
            value = action.metavar or action.dest.upper()
        default = "" if action.default in (None, False, [], argparse.SUPPRESS) else repr(action.default)
        required = "required" if action.required else ("optional" if action.option_strings or action.nargs == "?" else "required")
        rows.append([lit(names) + (f" {lit(value)}" if value else ""), esc(action.help or ""),
                     lit(default) if default else "", required])
    if rows:
        out.append(list_table(["Argument", "Meaning", "Default", ""], rows, [28, 52, 10, 10]))
    return "\n".join(out)


def cli_page() -> str:
    import argparse

    from ruleproof.checkers.cli.main import build_parser

    parser = build_parser()
    out = [heading("Command line reference", "=", over=True),
           "Generated from :func:`ruleproof.checkers.cli.main.build_parser`.\n"]
    module_doc = _docstring_intro(importlib.import_module("ruleproof.checkers.cli.main").__doc__)
    if module_doc:
        out.append(module_doc + "\n")
    if parser.description:
        out.append(esc(parser.description) + "\n")
    if parser.epilog:
        out.append(esc(parser.epilog) + "\n")
    out.append(".. code-block:: text\n\n" + indent(parser.format_usage().strip()) + "\n")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {c.dest: c.help or "" for c in sub._choices_actions}
    for name, child in sub.choices.items():
        out.append(_cli_section(name, child, helps.get(name, "")))
    return "\n".join(out)


# -- schemas


def _schema_rows(schema: dict[str, Any], prefix: str = "") -> list[list[str]]:
    required = set(schema.get("required", []))
    rows = []
    for key, prop in schema.get("properties", {}).items():
        name = prefix + key
        kind = prop.get("type") or ("const " + json.dumps(prop["const"]) if "const" in prop else
                                    "enum" if "enum" in prop else "")
        if isinstance(kind, list):
            kind = " | ".join(kind)
        desc = prop.get("description", "")
        if "enum" in prop:
            desc = (desc + " One of: " + ", ".join(map(str, prop["enum"]))).strip()
        rows.append([lit(name), lit(kind) if kind else "", "yes" if key in required else "", esc(desc)])
        if isinstance(prop.get("properties"), dict):
            rows += _schema_rows(prop, f"{name}.")
        items = prop.get("items")
        if isinstance(items, dict) and isinstance(items.get("properties"), dict):
            rows += _schema_rows(items, f"{name}[].")
    return rows


def schemas_page(files: dict[str, str]) -> str:
    from ruleproof.model.records import RECORD_SCHEMA

    out = [heading("Schemas", "=", over=True),
           "The published JSON Schemas (draft 2020-12). ``ruleproof schema record`` prints the same.\n"]
    schemas: list[tuple[str, str, dict[str, Any], str]] = [
        ("Game record", "record", RECORD_SCHEMA, ":data:`ruleproof.model.records.RECORD_SCHEMA`")]
    try:
        proofs = importlib.import_module("ruleproof.checkers.proofs.core")
    except ImportError:
        proofs = None
    if proofs is not None and hasattr(proofs, "CERTIFICATE_SCHEMA"):
        schemas.append(("Legality certificate", "certificate", dict(proofs.CERTIFICATE_SCHEMA),
                        ":data:`ruleproof.checkers.proofs.core.CERTIFICATE_SCHEMA`"))
    else:
        out.append(".. note:: The certificate schema (``ruleproof.checkers.proofs.core.CERTIFICATE_SCHEMA``) "
                   "does not exist yet; it appears here once it does.\n")
    for title, kind, schema, ref in schemas:
        out.append(heading(title, "-"))
        out.append(f"Source: {ref}. Download: :download:`{kind}.schema.json </_generated/schemas/{kind}.schema.json>`.\n")
        if schema.get("description"):
            out.append(esc(schema["description"]) + "\n")
        rows = _schema_rows(schema)
        if rows:
            out.append(list_table(["Field", "Type", "Required", "Meaning"], rows, [18, 18, 10, 54]))
        out.append(".. code-block:: json\n\n" + indent(json.dumps(schema, indent=2, ensure_ascii=False)) + "\n")
        files[f"schemas/{kind}.schema.json"] = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    return "\n".join(out)


# -- API reference

API_PACKAGES = ("ruleproof.spec", "ruleproof.model", "ruleproof.checkers")


def api_modules() -> list[str]:
    names: list[str] = []
    for package in API_PACKAGES:
        module = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.walk_packages(module.__path__, prefix=package + "."):
            if info.name.rsplit(".", 1)[-1].startswith("_"):
                continue
            names.append(info.name)
    return sorted(set(names), key=lambda n: (API_PACKAGES.index(".".join(n.split(".")[:2])), n))


def api_pages() -> dict[str, str]:
    pages: dict[str, str] = {}
    modules = api_modules()
    lines = [heading("API reference", "=", over=True),
             "Every module of the three layers, from its docstrings (``checkers → model → spec``).\n"]
    for package in API_PACKAGES:
        lines.append(heading(package, "-"))
        lines.append(".. toctree::\n   :maxdepth: 1\n\n" +
                     "\n".join(f"   {m}" for m in modules if m == package or m.startswith(package + ".")) + "\n")
    pages["reference/api/index"] = "\n".join(lines)
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            missing = exc.name or str(exc)
            pages[f"reference/api/{module}"] = (
                heading(module, "=") + f"\n.. py:module:: {module}\n\n.. note:: This module needs the optional "
                f"package {lit(missing)}, which was not installed when these pages were built.\n"
            )
            continue
        pages[f"reference/api/{module}"] = (
            heading(module, "=") + f"\n.. automodule:: {module}\n   :members:\n   :show-inheritance:\n   :ignore-module-all:\n"
        )
    return pages


# ---------------------------------------------------------------------------
# Writing


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _prune(folder: Path, keep: set[Path]) -> None:
    if not folder.exists():
        return
    for path in folder.rglob("*"):
        if path.is_file() and path not in keep:
            path.unlink()


def generate(app: Sphinx) -> None:
    """builder-inited: check traceability, gather data, write every generated page."""
    from ruleproof.checkers.analysis.traceability import check_traceability, scan_tests
    from ruleproof.model.registry import available_games
    from ruleproof.spec.registry import spec_for

    start = time.perf_counter()
    src = Path(app.srcdir)
    tests_dir = Path(app.config.ruleproof_tests_dir) if app.config.ruleproof_tests_dir else REPO / "tests"
    tests = scan_tests(tests_dir, base=REPO if tests_dir.is_relative_to(REPO) else tests_dir.parent)
    games = available_games()
    every_rule = [r.id for g in games for r in spec_for(g).rules]

    problems = [p for g in games for p in check_traceability(spec_for(g), tests, all_rule_ids=every_rule)]
    _report(app, problems, "traceability")

    data = gather(app, tests)
    problems = [p for g in games for p in check_traceability(spec_for(g), [], data.findings.get(g, []),
                                                              all_rule_ids=every_rule)
                if "finding" in p.message]
    for game, error in data.finding_errors.items():
        logger.warning(f"ruleproof: the findings catalogue of {game} failed: {error}",
                       type="ruleproof", subtype="findings")
    _report(app, problems, "findings")

    index = Index()
    pages: dict[str, str] = {}
    for game in games:
        pages[f"games/{game}"] = game_page(game, data, tests, index)
    pages["games/index"] = games_index(games, tests, data)
    pages["reference/cli"] = cli_page()
    files = {f"pictures/{name}": svg for name, svg in data.svgs.items()}
    pages["reference/schemas"] = schemas_page(files)
    pages.update(api_pages())

    for name, needle in (("readme-audit.sh", "ruleproof audit"), ("readme-test.sh", "pytest")):
        command = readme_command(needle)
        if command is None:
            logger.warning(f"ruleproof: README.md has no `python3 -m venv ... {needle}` command line for the "
                           "getting-started page", type="ruleproof", subtype="readme")
            command = f"# see README.md ({needle})"
        files[name] = command + "\n"
    published = {
        game: {"page": f"games/{game}.html", "rules": [r.id for r in spec_for(game).rules],
               "ambiguities": [a.id for a in spec_for(game).ambiguities],
               "findings": [f.id for f in data.findings.get(game, [])],
               "examples": {nodeid: [p.name for run in runs for p in run.pictures]
                            for nodeid, runs in data.examples.items() if _game_of_nodeid(nodeid) == game}}
        for game in games
    }
    files["site.json"] = json.dumps(published, indent=1, ensure_ascii=False) + "\n"
    keep: set[Path] = set()
    for docname, text in pages.items():
        path = src / f"{docname}.rst"
        keep.add(path)
        _write(path, text)
    for name, text in files.items():
        path = src / "_generated" / name
        keep.add(path)
        _write(path, text)
    for folder in GENERATED:
        _prune(src / folder, keep)
    app.env.ruleproof_targets = index.targets  # type: ignore[attr-defined]
    timings = ", ".join(f"{k} {v:.1f} s" for k, v in data.seconds.items())
    logger.info(f"ruleproof: generated {len(pages)} pages in {time.perf_counter() - start:.1f} s ({timings})")


def readme_command(needle: str) -> str | None:
    """The README's one-line command that sets up a virtual environment and runs ``needle``."""
    try:
        text = (REPO / "README.md").read_text(encoding="utf-8")
    except OSError:
        return None
    for line in text.splitlines():
        line = line.strip().removeprefix("$ ")
        if line.startswith("python3 -m venv") and needle in line:
            return line
    return None


def _game_of_nodeid(nodeid: str) -> str:
    stem = Path(nodeid.split("::")[0]).stem
    return stem[5:].split("_")[0] if stem.startswith("test_") else ""


def _report(app: Sphinx, problems: Sequence[Any], what: str) -> None:
    if not problems:
        return
    listing = "\n".join(f"  - {p}" for p in problems)
    message = f"ruleproof {what}: {len(problems)} problem(s):\n{listing}"
    logger.warning(message, type="ruleproof", subtype=what)
    if app.config.ruleproof_traceability_fatal:
        raise ExtensionError(message)


# ---------------------------------------------------------------------------
# Roles and directives


def _targets(env: Any) -> dict[str, tuple[str, str]]:
    return getattr(env, "ruleproof_targets", {})


def rule_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
              options: dict[str, Any] | None = None, content: Sequence[str] = ()) -> tuple[list[nodes.Node], list[Any]]:
    """``:rule:`T5-PLACE-2``` → a link to the rule (ambiguity, finding) on its game page."""
    env = inliner.document.settings.env
    ident = text.strip()
    target = _targets(env).get(ident)
    if target is None:
        message = inliner.reporter.warning(f"unknown rule, ambiguity or finding id {ident!r}", line=lineno)
        return [nodes.literal(rawtext, ident)], [message]
    docname, _ = target
    uri = env.app.builder.get_relative_uri(env.docname, docname) if docname != env.docname else ""
    ref = nodes.reference(rawtext, "", refuri=f"{uri}#{ident}", classes=["rp-rule-ref"])
    ref += nodes.literal(ident, ident)
    return [ref], []


def badge_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
               options: dict[str, Any] | None = None, content: Sequence[str] = ()) -> tuple[list[nodes.Node], list[Any]]:
    """``:rp-badge:`sat``` → a coloured verdict label."""
    value = text.strip()
    return [nodes.inline(rawtext, value, classes=["rp-badge", f"rp-{re.sub(r'[^a-z]', '', value.lower())}"])], []


def _tags(module: str) -> dict[str, Any]:
    from sphinx.pycode import ModuleAnalyzer

    try:
        analyzer = ModuleAnalyzer.for_module(module)
        analyzer.find_tags()
    except Exception:  # noqa: BLE001
        return {}
    return dict(analyzer.tags)


def _lambda_source(func: Callable[..., Any]) -> str:
    try:
        filename = inspect.getsourcefile(func)
        source = Path(filename).read_text(encoding="utf-8") if filename else ""
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return ""
    line = func.__code__.co_firstlineno
    for node in ast.walk(tree):
        if isinstance(node, ast.Lambda) and node.lineno == line:
            segment = ast.get_source_segment(source, node) or ""
            return textwrap.dedent(" " * node.col_offset + segment) if "\n" in segment else segment
    return ""


class PredicateDirective(SphinxDirective):
    """``.. rp-predicate:: GAME RULE-ID``: the rule's ``check`` (and ``applies``) with source links."""

    required_arguments = 2
    has_content = False
    option_spec: dict[str, Callable[[str], Any]] = {"no-applies": directives.flag}

    def run(self) -> list[nodes.Node]:
        from ruleproof.spec.registry import spec_for

        game, rule_id = self.arguments
        rule = spec_for(game).rule(rule_id)
        out: list[nodes.Node] = []
        out += self._describe(rule.check, "decides")
        applies = rule.applies
        if getattr(applies, "__name__", "") != "_always":
            out += self._describe(applies, "applies when")
        return out

    def _seen_ids(self) -> set[str]:
        seen: set[str] = self.env.temp_data.setdefault("rp_predicate_ids", set())
        return seen

    def _desc(self, module: str, name: str, role: str, note: str = "") -> nodes.Node | None:
        if name not in _tags(module):
            return None
        desc = addnodes.desc(domain="py", objtype="function", desctype="function", no_index=True,
                             classes=["py", "function", "rp-predicate"])
        sig = addnodes.desc_signature(module=module, fullname=name, _toc_parts=(), _toc_name="")
        full = f"{module}.{name}"
        if full not in self._seen_ids():
            self._seen_ids().add(full)
            sig["ids"].append(full)
        sig += addnodes.desc_annotation(f"{role} ", f"{role} ")
        sig += addnodes.desc_addname(f"{module}.", f"{module}.")
        sig += addnodes.desc_name(name, name)
        desc += sig
        content = addnodes.desc_content()
        obj = getattr(importlib.import_module(module), name, None)
        doc = inspect.getdoc(obj) if obj is not None else None
        text = note or (doc.split("\n\n")[0].replace("\n", " ") if doc else "")
        if text:
            content += nodes.paragraph(text, text)
        desc += content
        return desc

    def _calls(self, func: Callable[..., Any]) -> list[str]:
        module = importlib.import_module(func.__module__)
        names = []
        for name in func.__code__.co_names:
            obj = getattr(module, name, None)
            if inspect.isfunction(obj) and obj.__module__ == func.__module__ and name not in names:
                names.append(name)
        return names

    def _describe(self, func: Callable[..., Any], role: str) -> list[nodes.Node]:
        module = getattr(func, "__module__", "") or ""
        qualname = getattr(func, "__qualname__", "") or ""
        out: list[nodes.Node] = []
        if "<" not in qualname and "." not in qualname:
            node = self._desc(module, qualname, role)
            if node is not None:
                return [node]
        if ".<locals>." in qualname:
            factory = qualname.split(".<locals>.")[0]
            cells = {}
            for var, cell in zip(func.__code__.co_freevars, func.__closure__ or ()):
                try:
                    value = cell.cell_contents
                except ValueError:
                    continue
                if not callable(value):
                    text = repr(value)
                    cells[var] = text if len(text) <= 160 else text[:157] + "…"
            note = "made by this factory" + (
                " with " + ", ".join(f"{k}={v}" for k, v in cells.items()) if cells else "")
            node = self._desc(module, factory, role, note)
            if node is not None:
                out.append(node)
        elif qualname == "<lambda>":
            source = _lambda_source(func)
            line = func.__code__.co_firstlineno
            para = nodes.paragraph()
            para += nodes.Text(f"{role}: an inline lambda ({module}, line {line})")
            out.append(para)
            if source:
                block = nodes.literal_block(source, source, language="python")
                out.append(block)
        for name in self._calls(func):
            node = self._desc(module, name, "uses")
            if node is not None:
                out.append(node)
        if not out:
            text = f"{role}: {module}.{qualname}"
            out.append(nodes.paragraph(text, text))
        return out


def _drop_unreadable_viewcode_modules(app: Sphinx) -> list[Any]:
    """Runs before viewcode's page collection: forget modules it could not read.

    viewcode remembers a module it failed to analyse (``builtins``, for an
    attribute whose value is a built-in type) and still links to it from
    ``_modules/index.html``, a page that is never written.
    """
    modules = getattr(app.env, "_viewcode_modules", None)
    if isinstance(modules, dict):
        for name in [n for n, entry in modules.items() if not entry]:
            del modules[name]
    return []


# ---------------------------------------------------------------------------


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("ruleproof_findings", True, "env", bool)
    app.add_config_value("ruleproof_capture_examples", True, "env", bool)
    app.add_config_value("ruleproof_reading_diffs", True, "env", bool)
    app.add_config_value("ruleproof_traceability_fatal", True, "env", bool)
    app.add_config_value("ruleproof_tests_dir", "", "env", str)
    app.add_role("rule", rule_role)
    app.add_role("rp-badge", badge_role)
    app.add_directive("rp-predicate", PredicateDirective)
    app.connect("builder-inited", generate)
    app.connect("html-collect-pages", _drop_unreadable_viewcode_modules, priority=400)
    return {"version": "1", "parallel_read_safe": False, "parallel_write_safe": True, "env_version": CACHE_VERSION}
