"""The mutation campaign: apply each rule mutant of the corpus to a copy of the project and run its game's tests.

Run it (it takes a while; ``nice`` keeps it polite on a shared machine)::

    nice .venv/bin/python tests/mutation/campaign.py                      # every game
    nice .venv/bin/python tests/mutation/campaign.py --game take5 --json out.json
    nice .venv/bin/python tests/mutation/campaign.py --mutant T5-M3       # one mutant

A mutant (:mod:`mutation.corpus`) is a realistic misreading of one rule, as
small source patches — ``(file, exact old snippet, new snippet)`` — in the
engine only, the spec only, or both layers at once. For each mutant the
campaign copies ``spec/ model/ checkers/`` (as ``ruleproof/spec`` … so that the
copy, not the editable install, is imported: ``PYTHONPATH`` points at it), plus
``tests/`` and ``pyproject.toml``, into a temporary directory, applies the
patches there — never to the working tree, where other people work — and runs
pytest on the tests of that game (:data:`SELECTION`), plus the test files the
mutant names itself (a fast path's, the certificate checker's tables'), with ``-x``. A failing run
kills the mutant. Tests that fail on the unmutated copy (the baseline, run
first per game) are deselected and listed in the report, so a broken test
elsewhere does not count as a kill.

The report gives the kill rate per game and per layer (a table on standard
output, the same as JSON with ``--json``); the exit code is 0 when every mutant
is killed or documented as equivalent, 1 otherwise, 2 for a mutant whose
snippet no longer matches the source.

Why not mutmut or cosmic-ray: both generate *syntactic* mutants (an operator
flipped, a constant changed) one location at a time over the whole code base,
and decide kills by running one shared test command. What this campaign needs
is a curated corpus of *semantic* misreadings of the rulebooks, several of
which change the spec and the engine together (a shared misreading is exactly
what conformance and fuzzing cannot see), each judged by its own game's tests
and reported per layer; neither tool can express a two-location mutant, and
their random operator mutants would mostly test the engines' internals, not the
reading of the rules.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from mutation.corpus import GAMES, LAYERS, MUTANTS, SHARED, TARGETS, Mutant  # noqa: E402

#: The tests each game's mutants are judged by (boundary facts first: they fail fastest).
SELECTION: dict[str, tuple[str, ...]] = {
    game: (f"tests/boundary/test_{game}_boundaries.py", f"tests/spec/test_{game}.py", f"tests/model/test_{game}.py",
           "tests/spec/test_ambiguity_flags.py")
    for game in GAMES
}
SELECTION["cinco"] += ("tests/spec/test_cinco_board.py",)
# Last: the spec and boundary tests again with the spec's accelerations switched off (spec/accel replaces some plain
# calculations, so a misreading planted in a plain one shows only there; -x stops before it for earlier kills).
for _game in GAMES:
    SELECTION[_game] += ("tests/spec/test_accelerations.py",)
SELECTION[SHARED] = ()
#: A wall bound on one mutant's test run, the last resort: each test phase already fails past its CPU bound
#: (tests/cpu_guard.py), so a mutant that makes a game endless fails by CPU, whatever the load. Past this bound
#: the run counts as a kill, since the suite did not pass (a hang the per-test bound missed: one that waits).
RUN_TIMEOUT = 3 * 3600


def selection(mutant: Mutant) -> tuple[str, ...]:
    """The test files that judge ``mutant``: the files it names itself (aimed at it, so they fail first under
    ``-x``: a fast-path mutant that makes a game endless hangs a game test until its timeout), then its game's
    selection."""
    return tuple(dict.fromkeys((*mutant.tests, *SELECTION[mutant.game])))


class CorpusError(Exception):
    """A mutant whose snippet does not occur exactly once in its file."""


@dataclass(frozen=True)
class Outcome:
    """What happened to one mutant."""

    mutant: Mutant
    status: str  # killed, survived, equivalent
    seconds: float
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.mutant.id, "game": self.mutant.game, "layer": self.mutant.layer, "target": self.mutant.target,
                "rule": self.mutant.rule, "description": self.mutant.description, "status": self.status,
                "seconds": round(self.seconds, 1), "detail": self.detail, "equivalent": self.mutant.equivalent}


def check_applies(mutant: Mutant, root: Path = ROOT) -> None:
    """Raise :class:`CorpusError` unless every snippet of ``mutant`` occurs exactly once in ``root``."""
    for patch in mutant.patches:
        text = (root / patch.file).read_text(encoding="utf-8")
        count = text.count(patch.old)
        if count != 1:
            raise CorpusError(f"{mutant.id}: the snippet for {patch.file} occurs {count} times (must be once): "
                              f"{patch.old[:80]!r}")


def make_copy(dest: Path) -> Path:
    """Copy the layers (as ``ruleproof/<layer>``), the tests, the how-to's files and pyproject.toml into ``dest``."""
    package = dest / "ruleproof"
    package.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    for layer in ("spec", "model", "checkers"):
        shutil.copytree(ROOT / layer, package / layer, ignore=ignore)
    shutil.copytree(TESTS, dest / "tests", ignore=ignore)
    # The how-to's reading files and plugins: tests load them by their path in the project.
    shutil.copytree(ROOT / "docs" / "howto", dest / "docs" / "howto", ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")
    return dest


def apply(mutant: Mutant, copy: Path) -> None:
    """Apply the mutant's patches to the copy (layer files live under ``ruleproof/``)."""
    for patch in mutant.patches:
        target = copy / "ruleproof" / patch.file if patch.file.split("/")[0] in ("spec", "model", "checkers") \
            else copy / patch.file
        text = target.read_text(encoding="utf-8")
        if text.count(patch.old) != 1:
            raise CorpusError(f"{mutant.id}: snippet not found once in the copy's {patch.file}")
        target.write_text(text.replace(patch.old, patch.new), encoding="utf-8")


def _env(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(copy)
    env.setdefault("RULEPROOF_RULEBOOKS", str(ROOT.parent / "shared" / "rulebooks"))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _pytest(copy: Path, paths: Sequence[str], extra: Sequence[str] = ()) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", "--no-header", "-rfE",
               *extra, *paths]
    try:
        return subprocess.run(command, cwd=copy, env=_env(copy), capture_output=True, text=True, check=False,
                              timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, 124, f"the run exceeded {RUN_TIMEOUT} s (a hang)", "")


def imports_the_copy(copy: Path) -> bool:
    """Whether ``ruleproof.spec`` and ``ruleproof.model`` import from the copy (not the editable install)."""
    code = "import ruleproof.spec.core as s, ruleproof.model.core as m; print(s.__file__); print(m.__file__)"
    out = subprocess.run([sys.executable, "-c", code], cwd=copy, env=_env(copy), capture_output=True, text=True,
                         check=False).stdout.split()
    return len(out) == 2 and all(Path(p).resolve().is_relative_to(copy.resolve()) for p in out)


def baseline_failures(game: str, work: Path, paths: Sequence[str] | None = None) -> list[str]:
    """The node ids of the game's tests (or of ``paths``) that fail on the unmutated copy (to deselect)."""
    copy = make_copy(work / f"baseline-{game}")
    if not imports_the_copy(copy):
        raise RuntimeError("the copy is not what gets imported: check PYTHONPATH and the editable install")
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--no-header", "-rfE",
               *(SELECTION[game] if paths is None else paths)]
    result = subprocess.run(command, cwd=copy, env=_env(copy), capture_output=True, text=True, check=False)
    failed = [line.split()[1] for line in result.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    shutil.rmtree(copy, ignore_errors=True)
    return failed


def run_mutant(mutant: Mutant, work: Path, deselect: Sequence[str] = ()) -> Outcome:
    """Apply ``mutant`` to a fresh copy and run its game's tests."""
    start = time.perf_counter()
    copy = make_copy(work / mutant.id)
    try:
        apply(mutant, copy)
        extra = [arg for node in deselect for arg in ("--deselect", node)]
        result = _pytest(copy, selection(mutant), extra)
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    seconds = time.perf_counter() - start
    if result.returncode == 0:
        status = "equivalent" if mutant.equivalent else "survived"
        return Outcome(mutant, status, seconds, mutant.equivalent or "every selected test passed")
    failed = [line.split(" - ")[0] for line in result.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    detail = failed[0] if failed else f"pytest exit {result.returncode}: {result.stdout.strip().splitlines()[-1:]}"
    return Outcome(mutant, "killed", seconds, detail)


def summarise(outcomes: Iterable[Outcome]) -> dict[str, Any]:
    """Kill counts per game and layer: ``{game: {layer: {"mutants", "killed", "equivalent", "rate"}}}``."""
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for o in outcomes:
        for game in (o.mutant.game, "all"):
            for layer in (o.mutant.layer, "all"):
                cell = table.setdefault(game, {}).setdefault(layer, {"mutants": 0, "killed": 0, "equivalent": 0})
                cell["mutants"] += 1
                cell["killed"] += o.status == "killed"
                cell["equivalent"] += o.status == "equivalent"
    for layers in table.values():
        for cell in layers.values():
            judged = cell["mutants"] - cell["equivalent"]
            cell["rate"] = round(cell["killed"] / judged, 4) if judged else 1.0
    return table


def render_table(summary: dict[str, Any]) -> str:
    """The kill rates as a text table (killed/mutants not documented as equivalent)."""
    columns = [*LAYERS, "all"]
    lines = [f"{'game':<10}" + "".join(f"{c:>16}" for c in columns)]
    for game in [*GAMES, SHARED, "all"]:
        if game not in summary:
            continue
        cells = []
        for layer in columns:
            cell = summary[game].get(layer)
            if cell is None:
                cells.append(f"{'-':>16}")
                continue
            judged = cell["mutants"] - cell["equivalent"]
            eq = f"+{cell['equivalent']}eq" if cell["equivalent"] else ""
            cells.append(f"{cell['killed']}/{judged}{eq} {100 * cell['rate']:.0f}%".rjust(16))
        lines.append(f"{game:<10}" + "".join(cells))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Apply the rule mutants of tests/mutation/corpus.py to a copy of "
                                     "the project and report the kill rate per game and layer.")
    parser.add_argument("--game", action="append", choices=(*GAMES, SHARED), help="only this game (repeatable)")
    parser.add_argument("--mutant", action="append", help="only this mutant id (repeatable)")
    parser.add_argument("--target", action="append", choices=TARGETS,
                        help="only mutants of this target: rules, fast path, certificate table ... (repeatable)")
    parser.add_argument("--json", type=Path, help="also write the report as JSON to this file")
    parser.add_argument("--no-baseline", action="store_true", help="skip the unmutated baseline run")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if (not args.game or m.game in args.game) and (not args.mutant or m.id in args.mutant)
              and (not args.target or m.target in args.target)]
    try:
        for mutant in chosen:
            check_applies(mutant)
    except CorpusError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    outcomes: list[Outcome] = []
    baselines: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="ruleproof-mutants-") as tmp:
        work = Path(tmp)
        for game in dict.fromkeys(m.game for m in chosen):
            if not args.no_baseline:
                print(f"[{game}] baseline ...", file=sys.stderr, flush=True)
                paths = tuple(dict.fromkeys(p for m in chosen if m.game == game for p in selection(m)))
                baselines[game] = baseline_failures(game, work, paths)
                if baselines[game]:
                    print(f"[{game}] deselected (fail unmutated): {baselines[game]}", file=sys.stderr)
            for mutant in (m for m in chosen if m.game == game):
                outcome = run_mutant(mutant, work, baselines.get(game, ()))
                outcomes.append(outcome)
                print(f"[{game}] {mutant.id:<7} {mutant.layer:<6} {outcome.status:<10} {outcome.seconds:6.1f}s "
                      f"{outcome.detail}", file=sys.stderr, flush=True)
    summary = summarise(outcomes)
    print(render_table(summary))
    for o in outcomes:
        if o.status != "killed":
            print(f"{o.status}: {o.mutant.id} ({o.mutant.game}, {o.mutant.layer}) {o.mutant.description} — {o.detail}")
    if args.json is not None:
        report = {"command": " ".join(["tests/mutation/campaign.py", *(argv if argv is not None else sys.argv[1:])]),
                  "summary": summary, "baseline_deselected": baselines,
                  "mutants": [o.to_json() for o in outcomes]}
        tmp_out = args.json.with_suffix(args.json.suffix + ".tmp")
        tmp_out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp_out.replace(args.json)
    return 0 if all(o.status in ("killed", "equivalent") for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
