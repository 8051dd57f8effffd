"""builder-inited: check traceability and coverage, gather the data, write every generated page.

The generated reST lives in ``games/``, ``reference/cli/`` (one page per
subcommand, each a sphinx-argparse directive), ``reference/schemas.rst`` and
``_generated/`` below the docs source (ignored by git, see ``docs/.gitignore``);
files that are no longer generated are removed.

A traceability gap (a rule without a source or covering test, a finding or
marker naming a missing rule), a passage that is not where its citation says,
a rulebook coverage below 100 %, a measured command that does not rebuild
its readings and stored disputes that lack a measurement or its precision
(:mod:`.disputes`) are Sphinx warnings, so ``-W`` fails the build; with
``ruleproof_traceability_fatal`` (the default) they stop it at once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from .context import GameContext, Index, game_context
from .game_pages import part_links
from .game_pages import ambiguities_pages, examples_pages, findings_pages, overview_page, rules_pages
from .disputes import disputes_pages, load as load_disputes, problems as disputes_problems
from .gather import REPO, gather
from .content_pages import content_pages
from .reference_pages import reference_pages, reference_parts
from .site_pages import cli_pages, findings_overview, games_index, schemas_page
from .source_parts import source_pages
from .tryit import place_boards

logger = logging.getLogger(__name__)

#: Generated paths below the docs source: folders, and single files.
GENERATED_FOLDERS = ("games", "_generated", "reference/cli")
GENERATED_FILES = ("reference/schemas.rst",)


def _write(path: Path, text: str) -> None:
    _write_bytes(path, text.encode("utf-8"))


def _write_bytes(path: Path, data: bytes) -> None:
    """Write ``path`` whole, and only when it changes: builds may run side by side in one checkout (CI)."""
    from ruleproof.model.io.outputs import write_atomic

    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        write_atomic(path, data, force=True)  # a temporary file of its own, renamed into place


def _prune(folder: Path, keep: set[Path]) -> None:
    if not folder.exists():
        return
    for path in folder.rglob("*"):
        if path.is_file() and path not in keep and not path.name.endswith(".tmp"):  # not a file another build is writing
            path.unlink(missing_ok=True)


def report(app: Sphinx, problems: Sequence[Any], what: str) -> None:
    """Warn about ``problems`` (and stop when ``ruleproof_traceability_fatal``)."""
    if not problems:
        return
    listing = "\n".join(f"  - {p}" for p in problems)
    message = f"ruleproof {what}: {len(problems)} problem(s):\n{listing}"
    logger.warning(message, type="ruleproof", subtype=what)
    if app.config.ruleproof_traceability_fatal:
        raise ExtensionError(message)


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


def _coverage_problems(contexts: Sequence[GameContext]) -> list[str]:
    problems = []
    for ctx in contexts:
        problems += [f"{ctx.game}: {p}" for p in ctx.passage_problems]
        problems += [f"{ctx.game}: {p}" for p in ctx.coverage.problems]
        if ctx.coverage.figure < 1.0:
            gaps = ", ".join(f"¶ {s.sentence.paragraph}.{s.sentence.index} «{s.sentence.text[:50]}»"
                             for s in ctx.coverage.uncovered_sentences)
            problems.append(f"{ctx.game}: rulebook coverage {ctx.coverage.figure:.1%} < 100 % of sentences "
                            f"(neither encoded nor justified: {gaps})")
    return problems


def _published(ctx: GameContext, index: Index) -> dict[str, Any]:
    """What the site shows about a game, as data for the tests (``_generated/site.json``)."""
    spec = ctx.spec
    return {
        "page": f"games/{ctx.game}.html",
        "rules": {r.id: index.targets[r.id][0] + ".html" for r in spec.rules},
        "ambiguities": {a.id: index.targets[a.id][0] + ".html" for a in spec.ambiguities},
        "findings": {f.id: {"verdict": f.verdict, "witness": f.witness, "page": index.targets[f.id][0] + ".html"}
                     for f in ctx.findings},
        "examples_pages": sorted({f"games/{ctx.game}/{stem}.html" for stem, _ in part_links(ctx)["examples"]}),
        "findings_source": ctx.data.findings_source,
        "coverage": {"figure": ctx.coverage.figure, "paragraphs": len(ctx.coverage.entries)},
        "measured": [
            {"ambiguity": r["ambiguity"], "flag": r["flag"], "value": r["value"], "players": r["players"],
             "policy": r["policy"], "games": r["games"], "seed": r["seed"], "command": r["command"],
             "first_look": r["first_look"], "arises": r["figures"]["arises"], "winners": r["figures"]["winners"]}
            for r in (load_disputes(ctx.game) or {}).get("rows", [])],
        "examples": {nodeid: [p.name for run in runs for p in run.pictures]
                     for nodeid, runs in ctx.data.examples.items() if _game_of_nodeid(nodeid) == ctx.game},
    }


def _game_of_nodeid(nodeid: str) -> str:
    stem = Path(nodeid.split("::")[0]).stem
    return stem[5:].split("_")[0] if stem.startswith("test_") else ""


def built_pdfs(app: Sphinx, games: Sequence[str]) -> dict[str, Path]:
    """The printable rulebooks already built as PDF in ``ruleproof_pdf_dir`` (game → file), for the HTML to offer."""
    from .print_pages import pdf_name

    folder = app.config.ruleproof_pdf_dir
    if not folder or app.builder.format != "html":
        return {}
    found = {g: Path(folder) / pdf_name(g) for g in games}
    missing = [path.name for path in found.values() if not path.is_file()]
    if missing:  # asked for downloads that do not exist: say so rather than leave the print pages without them
        logger.warning(f"ruleproof_pdf_dir={folder}: no {', '.join(missing)} (build them first: "
                       "sphinx-build -b rinoh docs FOLDER)", type="ruleproof", subtype="pdf")
    return {g: path for g, path in found.items() if path.is_file()}


def generate(app: Sphinx) -> None:
    """Check, gather and write (see the module docstring)."""
    from ruleproof.checkers.analysis.traceability import check_traceability, scan_tests
    from ruleproof.model.registry import available_games
    from ruleproof.spec.registry import spec_for

    start = time.perf_counter()
    src = Path(app.srcdir)
    tests_dir = Path(app.config.ruleproof_tests_dir) if app.config.ruleproof_tests_dir else REPO / "tests"
    tests = scan_tests(tests_dir, base=REPO if tests_dir.is_relative_to(REPO) else tests_dir.parent)
    games = available_games()
    every_rule = [r.id for g in games for r in spec_for(g).rules]
    report(app, [p for g in games for p in check_traceability(spec_for(g), tests, all_rule_ids=every_rule)],
           "traceability")

    data = gather(app, tests)
    report(app, [p for g in games for p in check_traceability(spec_for(g), [], data.findings.get(g, []),
                                                                all_rule_ids=every_rule)
                 if "finding" in p.message], "findings")
    for game, error in data.finding_errors.items():
        logger.warning(f"ruleproof: the findings catalogue of {game} failed: {error}",
                       type="ruleproof", subtype="findings")

    contexts = [game_context(g, data, tests) for g in games]
    report(app, _coverage_problems(contexts), "coverage")

    index = Index()
    pages: dict[str, str] = {}
    measured_problems: list[str] = []
    pdfs = built_pdfs(app, [ctx.game for ctx in contexts])
    reference, reference_problems = reference_pages(contexts, {g: f"/_generated/pdf/{p.name}" for g, p in pdfs.items()})
    report(app, reference_problems, "reference")
    pages.update(reference)
    for ctx in contexts:
        pages.update(rules_pages(ctx, index))
        pages.update(ambiguities_pages(ctx, index, measured_problems))
        pages.update(findings_pages(ctx, index))
        pages.update(examples_pages(ctx))
        pages.update(source_pages(ctx))
        pages[f"games/{ctx.game}"] = overview_page(ctx, reference_parts(ctx))
    report(app, measured_problems + disputes_problems(list(games)), "measured")
    pages.update(content_pages(contexts, tests))
    place_boards(app, contexts, index, pages)
    pages["games/index"] = games_index(contexts)
    pages.update(disputes_pages(list(games)))
    pages["games/findings"] = findings_overview(contexts, data, index)
    files = {f"pictures/{name}": svg for name, svg in data.svgs.items()}
    files.update({f"extra/replays/{finding_id}.html": page for finding_id, page in data.replays.items()})
    pages["reference/schemas"] = schemas_page(files)
    pages.update(cli_pages())

    for name, needle in (("readme-audit.sh", "ruleproof audit"), ("readme-test.sh", "pytest")):
        command = readme_command(needle)
        if command is None:
            logger.warning(f"ruleproof: README.md has no `python3 -m venv ... {needle}` command line for the "
                           "getting-started page", type="ruleproof", subtype="readme")
            command = f"# see README.md ({needle})"
        files[name] = command + "\n"
    files["site.json"] = json.dumps({ctx.game: _published(ctx, index) for ctx in contexts},
                                    indent=1, ensure_ascii=False) + "\n"
    keep: set[Path] = set()
    for docname, text in pages.items():
        path = src / f"{docname}.rst"
        keep.add(path)
        _write(path, text)
    for name, text in files.items():
        path = src / "_generated" / name
        keep.add(path)
        _write(path, text)
    for path in pdfs.values():
        copy = src / "_generated" / "pdf" / path.name
        keep.add(copy)
        _write_bytes(copy, path.read_bytes())
    for folder in GENERATED_FOLDERS:
        _prune(src / folder, keep)
    app.env.ruleproof_targets = index.targets  # type: ignore[attr-defined]
    timings = ", ".join(f"{k} {v:.1f} s" for k, v in data.seconds.items())
    logger.info(f"ruleproof: generated {len(pages)} pages in {time.perf_counter() - start:.1f} s ({timings})")
