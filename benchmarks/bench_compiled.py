"""The compiled build (mypyc, ``setup.py``) against the honest baselines and against pure Python (issue 36, point 3).

Per game, two figures for each build, each a ratio against the game's baseline loop
(``benchmarks/baselines/<game>.py``) interleaved in the same process (:mod:`harness`):
``random_playout`` (the fast path) and the checked path (``legal_moves`` + ``apply``). The pure build runs
in a process on the checkout, the compiled one in a process that imports ``ruleproof`` from the unpacked
compiled wheel (:mod:`compiled_tree`); the two processes take turns, game by game. Both builds are
measured against the same baseline code, so

* ``compiled / baseline`` is measured directly (target: Take 5 ``random_playout`` at least 2x its loop);
* ``compiled / pure`` is the ratio of the two builds' ratios to the baseline (the builds cannot share one
  process: they are the same module names).

With ``--compiled-baseline`` a third figure per game: the baseline loop itself compiled by mypyc (the same file
as a module of its own, built into a temporary folder) against the same loop in pure Python, interleaved. It
tells what compiling buys a plain loop making the same draws, the reference for the compiled engine's target.

Measured 2026-12-07 (``--quick --tree`` on the wheel ``.ci/compiled`` built, ``--compiled-baseline``, three runs,
load 2-4): Take 5 ``random_playout`` compiled / baseline 1.62-1.68x (main before this round: 1.52x), pure /
baseline 0.83-0.85x, compiled / pure 1.93-2.02x; the baseline loop itself compiled 1.80-1.81x. So the 2x
target is above what mypyc makes of the plain loop making the same draws: about half of the compiled
playout's time is CPython's own work the plain loop does too (``getrandbits`` calls about 18 %, the turns'
``list.sort`` about 10 %, ``list.pop`` about 7 %, boxing small ints about 7 %, lists made and freed about
6 %, per ``perf``). Tried and dropped, each measured against the build without it (alternating processes,
the same games): draws served from batches of ``getrandbits(32 * n)`` (one call a batch, never more outputs
than the game is sure to use; 19 against 27 ns a draw in a bare loop, but only 0.98x of the playout's time,
the bytes conversions eating most of the saving: not worth a second drawing path), picks sorted by a native
insertion sort (1.01x the time), the widths passed to ``getrandbits`` as the table's int objects (1.04x), the
pool's walk on a non-optional local (within the noise).
The native ints (``mypy_extensions.i64`` in the loop) gave 0.95x of the time, keeping the rows as links
instead of replaying the last round 0.96x.

Session 40 (``benchmarks/bench_take5_parts.py --quick --tree``, the engine's output removed part by part and each
variant compiled, load 10-12): the engine 1.68x, without the undealt deck 1.78x, without the piles 1.73x, without
the final state 1.86x, without it and the row links 1.95x. So the output the baseline does not make is about a
seventh of the compiled playout's time, and even the loop alone stays below 2x. Kept: the undealt deck counted
off a table of the cards instead of sorted (``_sorted_front``; compiled only, pure Python still sorts in C),
1.661x -> 1.707x (six alternating processes of five slices each, load 7.7-10.6). Dropped: each turn's picks
inserted in order as they are drawn, into a list of the seats' size (1.671x against 1.685x, load 3.6-3.7).

Session 41: the compiled build plays Take 5 from a round's start with its own loop, ``model/take5_native.py``
(``librt.vecs.vec[i64]`` for the cards' tables, the hands, the pool and the picks; a pick leaves its hand by a
native shift and goes into the turn's picks in order; the generator's 32-bit words taken two a ``random()``
call while two draws are sure to follow, one ``getrandbits(16)`` otherwise: exactly the words the single draws
take). Three alternating rounds of ``--quick --tree`` (wheels built from the same tree, load 4.4-5.1):

* before (the engine's own loop compiled): compiled / baseline 1.64x, 1.65x, 1.50x;
* the vec loop with one ``getrandbits`` call a word: 2.17x, 2.21x, 2.27x;
* the vec loop with the words two a call (kept): 2.83x, 3.29x, 2.70x (compiled / pure 3.61x, 3.84x, 3.26x).

The wheel ``.ci/compiled`` built of the final tree, ``--quick --compiled-baseline`` twice (load 4.1-4.5): 2.83x and
2.71x, compiled / pure 3.44x and 3.31x, the baseline loop compiled as it is 1.83x and 1.79x. ``perf`` of that
playout: the native loop 27 %, taking the words (``_Words``) 16 %, the Mersenne Twister and ``random()`` 10 %,
the rest CPython's objects (the final state's tuples, the generator's floats). A playout started inside a round
(part of a deal made, a turn chosen) still plays the engine's own loop, as before.

The draws tried on the baseline loop itself first (``benchmarks/baselines/take5.py`` edited, the same games and
generator states over 300 seeds x six player counts, each compiled as a module of its own and timed against the
pure loop in one process, nine half-second slices, load 4-6): compiled as it is 1.82-1.90x, with its constants
``Final`` 1.98x; on vecs 3.15-3.38x; on vecs with the words from ``getrandbits(32 * n).to_bytes(4 * n, "little")``
batches (n the draws sure to follow in the round, refilled with exactly the draws still sure) 3.49-3.57x, the
two conversions of the batch then about a sixth of the time; on vecs with the words two a ``random()`` call
3.86x. Interpreted, every one of them is slower than the plain loop (words two a call 0.52x, batches 0.67x, vecs
0.51x, vecs and pairs 0.36x): the pure baseline and the pure engine keep one ``getrandbits`` call a draw, and
the pair draws live in the compiled build's loop only (its module is not imported by the pure package, which
so does not need ``librt``).

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_compiled.py [--quick] [--tree DIR] [--json OUT] [--compiled-baseline] [GAME ...]

Without ``--tree`` the compiled wheel is built first (``RULEPROOF_MYPYC=1 pip wheel``: mypy and a C
compiler, a few minutes of CPU) into a temporary folder; ``--tree DIR`` reuses an unpacked one (the
folder is kept with ``--keep DIR``).
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
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import compiled_tree  # noqa: E402

#: The games, their player counts (as ``bench_games.GAMES``).
GAMES = (("take5", 4), ("bigfive", 2), ("bigpoints", 3), ("ikebana", 3), ("cinco", 3))
#: Issue 36's target for the compiled build: (game, figure) -> the least ratio to the baseline.
TARGETS = {("take5", "random_playout"): 2.0}


def measure(name: str, players: int, quick: bool) -> dict[str, Any]:
    """In this process (whichever build it imports): the two figures of ``name`` against its baseline."""
    import importlib.machinery

    import bench_games
    from common import checked_playout, playout_work
    from harness import compare
    from ruleproof.model.registry import game_for

    game = game_for(name)
    module = sys.modules[type(game).__module__]
    slices, budget = (3, 0.3) if quick else (7, 0.8)
    variant = game.default_variant()
    out: dict[str, Any] = {
        "compiled": str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)),
        "engine_file": module.__file__,
    }
    for figure, playout in (("random_playout", bench_games.fast_playout), ("checked", checked_playout)):
        c = compare(f"{name} {players}p {figure}", playout_work(game, players, variant, playout, 1),
                    bench_games.baseline_work(name, players, 2), unit="moves", target=None, slices=slices,
                    budget=budget)
        out[figure] = c.to_json()
    return out


#: The module name a compiled baseline is built under (the pure one stays ``baselines.<game>``).
COMPILED_BASELINE = "{game}_baseline_mypyc"


def build_compiled_baseline(name: str, folder: Path) -> Path:
    """``benchmarks/baselines/<name>.py`` compiled by mypyc into ``folder`` as :data:`COMPILED_BASELINE`
    (a C compiler and mypy needed); the folder returned, to put on ``sys.path``."""
    module = COMPILED_BASELINE.format(game=name)
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(__file__).resolve().parent / "baselines" / f"{name}.py", folder / f"{module}.py")
    build = ("from mypyc.build import mypycify; from setuptools import setup; "
             f"setup(name={module!r}, ext_modules=mypycify([{module + '.py'!r}], opt_level='3', debug_level='0'), "
             "script_args=['-q', 'build_ext', '--inplace'])")
    subprocess.run([sys.executable, "-c", build], cwd=folder, check=True, capture_output=True)
    return folder


def measure_compiled_baseline(name: str, players: int, quick: bool, folder: str) -> dict[str, Any]:
    """In this process: the compiled baseline of ``name`` (built by :func:`build_compiled_baseline` into
    ``folder``) against the pure one, interleaved, as moves per CPU second."""
    import importlib
    import importlib.machinery

    import bench_games
    from baselines import variants
    from harness import compare

    sys.path.insert(0, folder)
    module = importlib.import_module(COMPILED_BASELINE.format(game=name))
    if not str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        raise RuntimeError(f"{module.__file__} is not a compiled module")
    work = variants.work(module.play, players, 1)
    slices, budget = (3, 0.3) if quick else (7, 0.8)
    c = compare(f"{name} {players}p baseline compiled", work, bench_games.baseline_work(name, players, 2),
                unit="moves", target=None, slices=slices, budget=budget)
    return {"baseline_compiled": c.to_json()}


def _run_inside(name: str, players: int, quick: bool, tree: Path | None) -> dict[str, Any]:
    env = compiled_tree.environment(tree) if tree is not None else dict(os.environ)
    command = [sys.executable, os.path.abspath(__file__), "--inside", name, str(players)] + (["--quick"] if quick else [])
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if result.returncode:
        raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr[-3000:]}")
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _line(label: str, ratio: float, low: float, high: float, target: float | None) -> str:
    met = "" if target is None else f"  target >= {target:g}x {'ok' if ratio >= target else 'MISSED'}"
    return f"{label:<50} {ratio:6.2f}x [{low:.2f}-{high:.2f}]{met}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter slices")
    parser.add_argument("--tree", type=Path, help="an unpacked compiled wheel (default: build one now)")
    parser.add_argument("--keep", type=Path, help="unpack the wheel built now into this folder and keep it")
    parser.add_argument("--json", metavar="OUT", help="also write the results as JSON to OUT")
    parser.add_argument("--compiled-baseline", action="store_true",
                        help="also compile each game's baseline loop with mypyc and measure it against the pure one")
    parser.add_argument("--inside", nargs=2, metavar=("GAME", "PLAYERS"), help=argparse.SUPPRESS)
    parser.add_argument("--inside-baseline", metavar="FOLDER", help=argparse.SUPPRESS)
    parser.add_argument("games", nargs="*", metavar="GAME", help="only these games (default: all five)")
    args = parser.parse_args(argv)
    if args.inside:
        name, players = args.inside[0], int(args.inside[1])
        if args.inside_baseline:
            json.dump(measure_compiled_baseline(name, players, args.quick, args.inside_baseline), sys.stdout)
        else:
            json.dump(measure(name, players, args.quick), sys.stdout)
        return 0
    unknown = set(args.games) - {g for g, _ in GAMES}
    if unknown:
        parser.error(f"unknown game(s): {', '.join(sorted(unknown))}")
    with tempfile.TemporaryDirectory(prefix="ruleproof-mypyc-") as tmp:
        tree = args.tree
        if tree is None:
            print("building the compiled wheel (RULEPROOF_MYPYC=1 pip wheel; a few minutes) ...", file=sys.stderr)
            tree = compiled_tree.unpack(compiled_tree.build_wheel(Path(tmp) / "dist"), args.keep or Path(tmp) / "tree")
        if "ruleproof.model.take5" not in compiled_tree.compiled_modules(tree):
            print(f"bench_compiled: {tree} holds no compiled engines", file=sys.stderr)
            return 2
        load_before = os.getloadavg()
        report: dict[str, Any] = {"quick": args.quick, "time": time.strftime("%Y-%m-%dT%H:%M:%S"), "tree": str(tree),
                                  "load_average": {"before": load_before}, "games": {}}
        for name, players in GAMES:
            if args.games and name not in args.games:
                continue
            compiled = _run_inside(name, players, args.quick, tree)
            pure = _run_inside(name, players, args.quick, None)
            if not compiled["compiled"] or pure["compiled"]:
                print(f"bench_compiled: the builds got mixed up ({compiled['engine_file']}, {pure['engine_file']})",
                      file=sys.stderr)
                return 2
            report["games"][name] = {"players": players, "compiled": compiled, "pure": pure}
            for figure in ("random_playout", "checked"):
                c, p = compiled[figure], pure[figure]
                target = TARGETS.get((name, figure))
                print(_line(f"{name} {players}p {figure} compiled / baseline", c["ratio"], c["ratio_low"],
                            c["ratio_high"], target), flush=True)
                print(_line(f"{name} {players}p {figure} pure / baseline", p["ratio"], p["ratio_low"],
                            p["ratio_high"], None), flush=True)
                print(_line(f"{name} {players}p {figure} compiled / pure", c["ratio"] / p["ratio"],
                            c["ratio_low"] / p["ratio_high"], c["ratio_high"] / p["ratio_low"], None), flush=True)
            if args.compiled_baseline:
                folder = build_compiled_baseline(name, Path(tmp) / "baselines" / name)
                command = [sys.executable, os.path.abspath(__file__), "--inside", name, str(players),
                           "--inside-baseline", str(folder)] + (["--quick"] if args.quick else [])
                result = subprocess.run(command, capture_output=True, text=True, check=False)
                if result.returncode:
                    raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr[-3000:]}")
                b = json.loads(result.stdout)["baseline_compiled"]
                report["games"][name]["baseline_compiled"] = b
                print(_line(f"{name} {players}p baseline compiled / baseline", b["ratio"], b["ratio_low"],
                            b["ratio_high"], None), flush=True)
        report["load_average"]["after"] = os.getloadavg()
        if args.json:
            Path(args.json).write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
