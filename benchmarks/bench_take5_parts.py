"""What Take 5's ``random_playout`` spends on the output its baseline does not make (issue 36, point 2).

The engine's fast playout plays the baseline's loop (``benchmarks/baselines/take5.py``) and returns the whole
final state besides. This benchmark times the engine with parts of that output removed, each variant against
the baseline interleaved in this process (:mod:`harness`), as moves per CPU second, 4 players:

* ``engine``: ``model/take5.py`` as it is;
* ``no undealt deck``: the final deck left empty (not read off the last deal's pool);
* ``no piles``: the last round's takes not followed back into the piles;
* ``no final state``: no deck, rows, piles nor state (the start state is returned);
* ``no final state, no links``: also no row links (the one store a placed card, three a take).

A variant is ``model/take5.py`` with text replaced, loaded as a module of its own. Its states are wrong: it
exists only to be timed. Every variant plays the engine's own four-row loop: the compiled build's native loop
(``model/take5_native.py``, which makes its output its own way; ``bench_compiled.py`` times it) is switched off
in each, ``engine`` included. A replacement that no longer matches the engine's source stops the script (exit 2,
naming the part), so the figures never come from a variant that silently kept the part it names.

Measured 2026-12-07, before the compiled build counted the undealt deck (``_sorted_front``): pure, ``--quick``
(load 8.5-9.3), the engine 0.80x, no undealt deck 0.88x, no piles 0.85x, no final state 0.91x, no final state
and no links 0.92x (a longer round-robin of the same variants, fifteen slices at load 4.7-6.3: 0.85x, 0.92x and
0.96x for the engine and the last two); compiled, ``--quick --tree`` (load 10-12), 1.68x, 1.78x, 1.73x, 1.86x
and 1.95x.

With ``--tree DIR`` (an unpacked compiled wheel, see ``bench_compiled.py``) each variant is compiled by mypyc
as a module of its own (a C compiler and mypy needed, about half a minute each) and timed in a process that
imports the rest of ``ruleproof`` from ``DIR``, against the same pure baseline.

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_take5_parts.py [--quick] [--tree DIR]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

import bench_games
from common import playout_work
from harness import Comparison, compare

ENGINE = Path(__file__).resolve().parents[1] / "model" / "take5.py"

#: The compiled build's native loop, off in every variant (they time the engine's own loop).
_OWN_LOOP = ("_NATIVE: Final = _native_play()", "_NATIVE: Final[tuple[_NativePlay, int] | None] = None")
#: The final deck, sorted out of the last deal's pool.
_REST = ("            rest = _sorted_front(pool, n_full - n_deal, n_full) if pool is not None else _undealt(deck, drawn)",
         "            rest: tuple[int, ...] = ()")
#: The last round's takes, passed to ``_final_state`` to be followed back into the piles.
_PILES = ("rows, piles, takes, link, gone, owner,", "rows, piles, [], link, gone, owner,")
#: The final rows and the state.
_FINAL = ("""        end_rows = (_chain(link, e0, l0), _chain(link, e1, l1), _chain(link, e2, l2), _chain(link, e3, l3))
        final = _final_state(variant, players, rnd, rest, n_deal, hands, end_rows, piles, takes, link, gone, owner,
                             scores, picks[stop + 1:] if stop >= 0 else [])""", "        final = state")
#: The row links: the stores a placed card and a take make (regular expressions) and the list of takes.
_LINKS = ((r"\n *link\[card\] = e\d\n", "\n"), (r"\n *gone\[card\] = l\d\n", "\n"),
          (r"takes\.append\(card\)\n", "pass\n"))

#: Each variant: its label and the parts removed (plain replacements, then regular expressions).
VARIANTS: tuple[tuple[str, tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]], ...] = (
    ("engine", (_OWN_LOOP,), ()),
    ("no undealt deck", (_OWN_LOOP, _REST), ()),
    ("no piles", (_OWN_LOOP, _PILES), ()),
    ("no final state", (_OWN_LOOP, _REST, _FINAL), ()),
    ("no final state, no links", (_OWN_LOOP, _REST, _FINAL), _LINKS),
)


class StaleVariant(Exception):
    """A replacement no longer matches the engine's source."""


def variant_source(source: str, plain: tuple[tuple[str, str], ...], patterns: tuple[tuple[str, str], ...]) -> str:
    """``source`` with each ``plain`` text replaced (each must occur exactly once) and each pattern of
    ``patterns`` replaced wherever it matches (at least once).

    >>> variant_source("a = 1\\nb = 2\\n", (("a = 1", "a = 3"),), ((r"b = \\d", "b = 4"),))
    'a = 3\\nb = 4\\n'
    """
    for old, new in plain:
        if source.count(old) != 1:
            raise StaleVariant(f"{old.strip().splitlines()[0]!r} occurs {source.count(old)} times, not once")
        source = source.replace(old, new)
    for pattern, new in patterns:
        source, count = re.subn(pattern, new, source)
        if not count:
            raise StaleVariant(f"the pattern {pattern!r} matches nothing")
    return source


def load_variant(label: str, source: str, folder: Path) -> ModuleType:
    """``source`` written into ``folder`` and imported as a module of its own."""
    name = module_name(label)
    path = folder / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def compare_variant(label: str, game: Any, quick: bool) -> Comparison:
    """The variant's ``game`` against the baseline, interleaved."""
    slices, budget = (5, 0.3) if quick else (15, 0.3)
    return compare(f"take5 4p random_playout, {label} / baseline",
                   playout_work(game, 4, game.default_variant(), bench_games.fast_playout, 1),
                   bench_games.baseline_work("take5", 4, 2), unit="moves", target=None, slices=slices, budget=budget,
                   candidate_label=label, baseline_label="baselines/take5.py play")


def module_name(label: str) -> str:
    """The module a variant is loaded (or compiled) as."""
    return "take5_part_" + re.sub(r"\W+", "_", label)


def build_compiled(label: str, source: str, folder: Path) -> None:
    """``source`` compiled by mypyc into ``folder`` as :func:`module_name`.

    mypy reads the layers it imports from ``folder/src/ruleproof/{spec,model}``, links to the checkout's
    folders (as ``setup.py`` does: the editable install is an import hook mypy cannot follow)."""
    name = module_name(label)
    (folder / f"{name}.py").write_text(source, encoding="utf-8")
    package = folder / "src" / "ruleproof"
    package.mkdir(parents=True, exist_ok=True)
    for layer in ("spec", "model"):
        if not (package / layer).is_symlink():
            (package / layer).symlink_to(ENGINE.parents[1] / layer, target_is_directory=True)
    build = ("from mypyc.build import mypycify; from setuptools import setup; "
             f"setup(name={name!r}, ext_modules=mypycify([{name + '.py'!r}], opt_level='3', debug_level='0'), "
             "script_args=['-q', 'build_ext', '--inplace'])")
    result = subprocess.run([sys.executable, "-c", build], cwd=folder, capture_output=True, text=True, check=False,
                            env={**os.environ, "MYPYPATH": str(folder / "src")})
    if result.returncode:
        raise RuntimeError(f"mypyc could not build the variant {label!r}:\n{(result.stdout + result.stderr)[-3000:]}")


def measure_compiled(label: str, quick: bool) -> dict[str, Any]:
    """In this process (``PYTHONPATH`` set by :func:`run_compiled`): the compiled variant against the baseline."""
    module = importlib.import_module(module_name(label))
    if not str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        raise RuntimeError(f"{module.__file__} is not a compiled module")
    engine = importlib.import_module("ruleproof.model.take5")
    if not str(engine.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        raise RuntimeError(f"{engine.__file__} is not the compiled build")
    return compare_variant(label, module.Take5Game(), quick).to_json()


def run_compiled(label: str, quick: bool, folder: Path, tree: Path) -> Comparison:
    """:func:`measure_compiled` in a process importing the variant from ``folder`` and ``ruleproof`` from ``tree``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(tree)])}
    command = [sys.executable, os.path.abspath(__file__), "--inside", label] + (["--quick"] if quick else [])
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if result.returncode:
        raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr[-3000:]}")
    data = json.loads(result.stdout)
    found = Comparison(data["name"], data["candidate"], data["baseline"], data["unit"], data["target"])
    found.candidate_rates, found.baseline_rates = data["candidate_rates"], data["baseline_rates"]
    return found


def comparisons(quick: bool, folder: Path, tree: Path | None = None) -> list[Comparison]:
    """Each variant against the baseline, interleaved (compiled with ``tree``), each line printed when done."""
    source = ENGINE.read_text(encoding="utf-8")
    sources = [(label, variant_source(source, plain, patterns)) for label, plain, patterns in VARIANTS]
    out = []
    for label, text in sources:
        if tree is None:
            game: Any = load_variant(label, text, folder).Take5Game()
            out.append(compare_variant(label, game, quick))
        else:
            build_compiled(label, text, folder)
            out.append(run_compiled(label, quick, folder, tree))
        print(out[-1].line(), flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer slices")
    parser.add_argument("--tree", type=Path, help="an unpacked compiled wheel: compile the variants and time them there")
    parser.add_argument("--inside", metavar="LABEL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inside:
        json.dump(measure_compiled(args.inside, args.quick), sys.stdout)
        return 0
    with tempfile.TemporaryDirectory(prefix="take5-parts-") as tmp:
        try:
            comparisons(args.quick, Path(tmp), args.tree)
        except StaleVariant as error:
            print(f"bench_take5_parts: {ENGINE}: {error}; update the variants to the engine", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
