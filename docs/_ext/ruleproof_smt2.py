"""Sphinx extension: publish every solver question of the findings as SMT-LIB 2 files, with a page listing them.

At ``builder-inited`` it runs ``ruleproof export-smt`` (quick catalogue, in a
fresh process, as the findings pages answer it) into a cache under
``_build/.ruleproof-smt2-cache`` keyed by a hash of the sources (the same
hash as the findings' cache, :func:`ruleproof_docs.gather._source_hash`), or
takes an existing export from ``$RULEPROOF_SMT2_DIR``. The files are copied to
``_smt2/smt2/`` below the docs source, which ``html_extra_path`` publishes as
``/smt2/GAME/ID-qNN.smt2`` (with ``index.json`` and a zip of everything), and
``reference/smt2.rst`` lists them by game and finding: status, rules, logic and
how to run them with z3 or cvc5. Both generated places are ignored by git.

On a cold cache the findings pages need the same catalogue answered: the
findings' gathering (``ruleproof_docs.gather``) calls
:func:`findings_with_export` first, which makes this export and answers the
findings in one process (:mod:`ruleproof.checkers.smt.catalogue_export`), so
each question is asked once for both; :func:`generate` then finds the export
in the cache. The files are the same as ``ruleproof export-smt`` writes (the
command runs the same loop).

A build with ``ruleproof_findings_sample`` (the tests' build:
``tests/docs/conftest.py``) answers and exports only the questions it names,
in the same one pass (the module above given their ids), cached under a key of its own.

A failed export is a Sphinx warning (``-W`` fails the build): the page would
otherwise promise files it does not ship.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: The environment variable naming an existing ``ruleproof export-smt`` folder to publish.
SMT2_ENV = "RULEPROOF_SMT2_DIR"
#: Below the docs source: the folder ``html_extra_path`` publishes, and the generated page.
EXTRA = "_smt2"
PAGE = "reference/smt2"
ZIP_NAME = "ruleproof-smt2.zip"
#: Beside an export in the cache: the findings its pass answered (:func:`findings_with_export`).
FINDINGS_SUFFIX = ".findings.json"


def _add_extra_path(app: Sphinx, config: Config) -> None:
    folder = Path(app.srcdir) / EXTRA
    folder.mkdir(parents=True, exist_ok=True)
    if EXTRA not in config.html_extra_path:
        config.html_extra_path.append(EXTRA)


def _export(target: Path, sample: tuple[str, ...] = ()) -> str | None:
    """Run ``ruleproof export-smt TARGET`` in a fresh process (with a ``sample``: the sampled pass over those
    questions, its findings thrown away); ``None`` or what went wrong."""
    if sample:
        findings = target.with_name(target.name + FINDINGS_SUFFIX)
        command = _one_pass(target, findings, sample)
        name = "the sampled SMT-LIB export"
    else:
        command = [sys.executable, "-m", "ruleproof.checkers.cli.main", "export-smt", str(target), "--quiet", "--force"]
        name = "`ruleproof export-smt`"
    proc = subprocess.run(command, capture_output=True, text=True, check=False)
    if sample:
        findings.unlink(missing_ok=True)
    if proc.returncode != 0:
        tail = " ".join(line for line in (proc.stderr or proc.stdout).strip().splitlines()[-3:])
        return f"{name} exited {proc.returncode}: {tail}"
    return None


def _sample(app: Sphinx) -> tuple[str, ...]:
    """The finding ids this build answers (``ruleproof_findings_sample``, sorted; empty: every question).

    The findings' gathering (``ruleproof_docs.gather.findings_sample``) reads them the same way and stops the
    build on an id that is no question of the catalogue, before the pass runs.
    """
    return tuple(sorted({str(i).strip() for i in getattr(app.config, "ruleproof_findings_sample", []) or []} - {""}))


def _cache(app: Sphinx) -> tuple[Path, str]:
    """The export cache's folder and this build's key: a hash of the sources (as the findings' cache), and for
    a sampled build ``-s`` and a hash of its sample."""
    import hashlib

    from ruleproof_docs.gather import _source_hash

    sample = _sample(app)
    key = _source_hash(Path(__file__).read_bytes())
    if sample:
        key += f"-s{hashlib.sha256(' '.join(sample).encode()).hexdigest()[:12]}"
    return Path(app.srcdir) / "_build" / ".ruleproof-smt2-cache", key


def _install(root: Path, key: str, partial: Path, findings: Path | None = None) -> Path:
    """Move a finished export (and the findings it answered) into the cache, dropping older sources' entries
    (the whole and the sampled export of the same sources are kept side by side)."""
    folder = root / key
    sources = key.split("-s")[0]
    for old in root.iterdir():
        if old.name.startswith(sources):
            continue
        if old.is_dir() and old != partial and not old.name.endswith(".tmp"):
            shutil.rmtree(old, ignore_errors=True)
        elif old.is_file() and old.name.endswith(FINDINGS_SUFFIX):
            old.unlink(missing_ok=True)
    try:
        os.replace(partial, folder)  # whole: a concurrent build never reads half an export
    except OSError:
        # Another build of the same sources (CI builds the PDF while .ci/extra builds the site) installed the
        # same export first: keep it and drop ours. A folder without an index is no export: that is an error.
        if not (folder / "index.json").is_file():
            raise
        shutil.rmtree(partial, ignore_errors=True)
    if findings is not None:
        os.replace(findings, root / f"{key}{FINDINGS_SUFFIX}")
    return folder


def _cached_export(app: Sphinx) -> tuple[Path | None, str | None]:
    given = os.environ.get(SMT2_ENV, "")
    if given:
        folder = Path(given)
        if not (folder / "index.json").is_file():
            return None, f"${SMT2_ENV}={given!r} holds no index.json (make it with `ruleproof export-smt DIR`)"
        return folder, None
    root, key = _cache(app)
    folder = root / key
    if (folder / "index.json").is_file():
        logger.info("ruleproof: SMT-LIB 2 files from the cache")
        return folder, None
    partial = root / f"{key}.{os.getpid()}.tmp"
    shutil.rmtree(partial, ignore_errors=True)
    problem = _export(partial, _sample(app))  # a sampled build publishes its sample, even when its findings were cached
    if problem is not None:
        shutil.rmtree(partial, ignore_errors=True)
        return None, problem
    return _install(root, key, partial), None


def findings_with_export(app: Sphinx) -> dict[str, Any] | None:
    """The findings of the quick catalogue as the SMT-LIB export answers them, made in the same pass.

    The game pages show the findings and this extension's page the solver
    queries behind them; asking the catalogue once for each doubled a cold
    build's solving. When this build makes the export itself (it is switched
    on and not given by ``$RULEPROOF_SMT2_DIR``) and the cache holds no export
    of these sources, one process
    (:mod:`ruleproof.checkers.smt.catalogue_export`) writes the export into the
    cache, where :func:`generate` finds it, and returns the findings it
    answered: ``{"findings": {GAME: [Finding JSON]}, "errors": {GAME: why}}``.
    The findings are kept beside the export, so a build whose findings cache
    is stale but whose export is not reads them too. ``None`` when the
    findings must be answered on their own (the export is not made here, or
    the pass failed: then :func:`generate` runs and reports the export alone).
    """
    if not getattr(app.config, "ruleproof_smt2", False) or os.environ.get(SMT2_ENV, ""):
        return None
    root, key = _cache(app)
    stored = root / f"{key}{FINDINGS_SUFFIX}"
    if (root / key / "index.json").is_file():
        return _read_findings(stored) if stored.is_file() else None
    root.mkdir(parents=True, exist_ok=True)
    partial = root / f"{key}.{os.getpid()}.tmp"
    findings = root / f"{key}.{os.getpid()}{FINDINGS_SUFFIX}.tmp"
    shutil.rmtree(partial, ignore_errors=True)
    sample = _sample(app)
    command = _one_pass(partial, findings, sample)
    proc = subprocess.run(command, capture_output=True, text=True, check=False)
    answered = _read_findings(findings) if proc.returncode in (0, 1) and findings.is_file() else None
    if proc.returncode == 0 and answered is not None:
        _install(root, key, partial, findings)
        logger.info("ruleproof: findings and SMT-LIB 2 files answered in one pass")
    else:  # the export is made and reported by generate(); the findings, when readable, still serve
        shutil.rmtree(partial, ignore_errors=True)
        findings.unlink(missing_ok=True)
    return answered


def _one_pass(folder: Path, findings: Path, sample: tuple[str, ...]) -> list[str]:
    """The command of the one pass (:mod:`ruleproof.checkers.smt.catalogue_export`): every question, or only
    the ``sample``'s."""
    return [sys.executable, "-m", "ruleproof.checkers.smt.catalogue_export", str(folder), str(findings), *sample]


def _read_findings(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("findings"), dict) or not isinstance(
            data.get("errors"), dict):
        return None
    return data


def _publish(source: Path, extra: Path) -> dict[str, Any]:
    """Publish the export (with a zip of it) in ``extra/smt2`` and return its index.

    Builds may run side by side in one checkout (CI builds the PDF while the slow docs checks build the
    site), so the folder only ever appears whole: it is made under a name of this process's own and
    renamed into place, and a folder that already holds this very export is left alone.
    """
    target = extra / "smt2"
    wanted = (source / "index.json").read_bytes()
    index: dict[str, Any] = json.loads(wanted.decode("utf-8"))
    if _holds(target, wanted):
        return index
    staging = extra / f"smt2.{os.getpid()}.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(source, staging)
    with zipfile.ZipFile(staging / ZIP_NAME, "w", zipfile.ZIP_DEFLATED) as archive:
        for entry in index["files"]:
            archive.write(staging / entry["file"], f"ruleproof-smt2/{entry['file']}")
        archive.write(staging / "index.json", "ruleproof-smt2/index.json")
    retired = extra / f"smt2.{os.getpid()}.old"
    try:
        os.rename(target, retired)
    except FileNotFoundError:
        pass  # nothing published yet, or another build has just moved it aside
    try:
        os.rename(staging, target)
    except OSError:
        if not _holds(target, wanted):  # another build published something else in between: ours is newer
            raise
    shutil.rmtree(staging, ignore_errors=True)
    shutil.rmtree(retired, ignore_errors=True)
    return index


def _holds(target: Path, index_bytes: bytes) -> bool:
    """Whether ``target`` is a whole published folder of the export whose index is ``index_bytes``."""
    try:
        return (target / "index.json").read_bytes() == index_bytes and (target / ZIP_NAME).is_file()
    except OSError:
        return False


def _rst_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("`", "\\`").replace("*", "\\*").replace("|", "\\|")


def page(index: dict[str, Any]) -> str:
    """The reST of the page listing the files of ``index``."""
    files = index["files"]
    by_game: dict[str, list[dict[str, Any]]] = {}
    for entry in files:
        by_game.setdefault(entry["game"], []).append(entry)
    unsat = sum(1 for e in files if e["status"] == "unsat")
    lines = [
        "Solver questions as SMT-LIB 2",
        "=============================",
        "",
        f"Every solver query behind the findings (the quick catalogue, as the game pages show it) is "
        f"published here as an SMT-LIB 2 file, {len(files)} in all ({unsat} of them ``unsat``: the proofs), so "
        "anyone can re-decide them with any solver. Each file names its game, finding, reading and flags, "
        "its expected status and the ruleproof and z3 versions in a header comment; every assertion made "
        "on behalf of a rule is ``(! ... :named RULE-ID.n)``, and the header maps each name back to its "
        "rule id, so an unsat core reads as rule ids. An optimum is published as the question that proves "
        "it (``-bound``: is anything above the optimum? ``unsat``).",
        "",
        f"Download everything: `{ZIP_NAME} <../smt2/{ZIP_NAME}>`_, with the machine-readable "
        "`index.json <../smt2/index.json>`_.",
        "",
        "Re-deciding a file",
        "------------------",
        "",
        "With the solvers' own command lines (a resource limit keeps the run deterministic; no clock):",
        "",
        ".. code-block:: console",
        "",
        "   $ z3 rlimit=100000000 bigfive/BF-F-1-q03.smt2",
        "   $ cvc5 --rlimit-per=20000000 bigfive/BF-F-1-q03.smt2",
        "",
        "A file whose status is ``unsat`` ends with ``(get-unsat-core)``, which lists the named rules of a "
        "core. Some encodings state their rules as background facts (an existence or optimum question over "
        "all the rules at once) or guard them by assumptions named after them (``solve_rules:RULE-ID``, "
        "reported by ``(get-unsat-assumptions)``); the header names the finding's rules either way. "
        "``ruleproof export-smt DIR`` writes the same files from your checkout, and "
        "``ruleproof audit --cross-check`` re-decides every ``unsat`` with cvc5 in the audit itself (a "
        "disagreement fails the audit); both are in the :doc:`cli`.",
        "",
    ]
    for game in sorted(by_game):
        lines += [game, "-" * len(game), "", ".. list-table::", "   :header-rows: 1", "   :widths: 12 30 10 10 38", "",
                  "   * - Finding", "     - File", "     - Status", "     - Logic", "     - Rules named"]
        for entry in by_game[game]:
            name = entry["file"].split("/", 1)[1]
            rules = ", ".join(f"``{r}``" for r in entry["rules"]) or "none (the rules enter as facts)"
            kind = " (optimum bound)" if entry["kind"] == "bound" else ""
            lines += [f"   * - :rule:`{entry['finding']}`",
                      f"     - `{_rst_escape(name)} <../smt2/{entry['file']}>`_",
                      f"     - :rp-badge:`{entry['status']}`{kind}",
                      f"     - ``{entry['logic']}``",
                      f"     - {rules}"]
        lines.append("")
    return "\n".join(lines) + "\n"


def generate(app: Sphinx) -> None:
    """Export (or take from the cache), publish and write the page."""
    src = Path(app.srcdir)
    path = src / f"{PAGE}.rst"
    if not app.config.ruleproof_smt2:
        text = "Solver questions as SMT-LIB 2\n=============================\n\nNot built (``ruleproof_smt2 = False``).\n"
    else:
        start = time.perf_counter()
        folder, problem = _cached_export(app)
        logger.info(f"ruleproof: SMT-LIB 2 files ready in {time.perf_counter() - start:.1f} s")
        if folder is None:
            logger.warning(f"ruleproof: the SMT-LIB 2 export failed: {problem}", type="ruleproof", subtype="smt2")
            text = "Solver questions as SMT-LIB 2\n=============================\n\nThe export failed.\n"
        else:
            text = page(_publish(folder, src / EXTRA))
    if not path.exists() or path.read_text("utf-8") != text:
        path.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("ruleproof_smt2", True, "env", bool)
    app.connect("config-inited", _add_extra_path)
    app.connect("builder-inited", generate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
