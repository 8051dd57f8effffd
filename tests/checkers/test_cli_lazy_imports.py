"""``ruleproof --help``, ``validate`` and ``simulate`` load no solver, graph or fuzzing library, and a short
``simulate`` neither the schema validator nor the terminal renderer (issue 35: its start-up was 8 times
``--help``'s; ``benchmarks/bench_command_startup.py`` measures the ratio).

Each command runs in a fresh interpreter (the test process has them loaded
already); the modules it loaded are read from ``sys.modules`` at exit.
"""

from __future__ import annotations

import importlib.metadata
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.io.records import make_record
from ruleproof.model.take5 import GAME
from patience import PATIENCE

HEAVY = ("z3", "networkx", "hypothesis", "jsonschema", "rich", "distributed", "dask")

PROBE = """
import atexit, sys
def _report():
    heavy = sorted({m.split('.')[0] for m in sys.modules} & set(%r))
    sys.__stderr__.write('HEAVY=' + ','.join(heavy) + '\\n')
    loaded = sorted(m for m in sys.modules if m.startswith(('ruleproof.checkers.cli.', 'importlib.metadata')))
    sys.__stderr__.write('LOADED=' + ','.join(loaded) + '\\n')
atexit.register(_report)
from ruleproof.checkers.cli.main import main
sys.exit(main(sys.argv[1:]))
""" % (HEAVY,)


def _heavy_modules(*argv: str) -> tuple[list[str], subprocess.CompletedProcess[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=False, timeout=PATIENCE)
    line = [ln for ln in done.stderr.splitlines() if ln.startswith("HEAVY=")]
    assert line, done.stderr
    names = line[-1].removeprefix("HEAVY=")
    return ([n for n in names.split(",") if n], done)


def _record(path: Path) -> Path:
    rng = random.Random(4)
    state = GAME.initial_state(3, GAME.default_variant())
    moves = []
    while (actor := GAME.current_player(state)) != TERMINAL:
        move = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(GAME.legal_moves(state))
        moves.append((actor, move))
        state = GAME.apply(state, move)
    path.write_text(make_record("take5", 3, state.variant, moves).dumps(), encoding="utf-8")
    return path


@pytest.mark.parametrize("argv", [("--help",), ("validate", "--help")])
def test_help_imports_no_heavy_library(argv: tuple[str, ...]) -> None:
    heavy, done = _heavy_modules(*argv)
    assert done.returncode == 0, done.stderr
    assert heavy == [], f"ruleproof {' '.join(argv)} imported {heavy}"


def test_validate_imports_no_heavy_library(tmp_path: Path) -> None:
    """``validate`` checks the record's header against the published JSON Schema (the one source of truth,
    ``ruleproof.model.io.records``), so jsonschema is the one library it needs; piped, it prints without rich."""
    record = _record(tmp_path / "game.json")
    heavy, done = _heavy_modules("validate", str(record))
    assert done.returncode == 0, done.stdout + done.stderr
    assert ": ok: all" in done.stdout
    assert heavy == ["jsonschema"], f"ruleproof validate imported {heavy}"


def test_a_short_simulate_imports_only_its_game(tmp_path: Path) -> None:
    """``simulate take5 --games 1``, piped: no heavy library (its tables are drawn without rich when they fit,
    ``cli.output.plain_table``), no other game's specification or engine, no scan of the installed plugins."""
    probe = PROBE.replace("'importlib.metadata'", "'importlib.metadata', 'ruleproof.spec.', 'ruleproof.model.'")
    done = subprocess.run([sys.executable, "-c", probe, "simulate", "take5", "--players", "3", "--games", "1"],
                          capture_output=True, text=True, check=False, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr
    heavy = [ln for ln in done.stderr.splitlines() if ln.startswith("HEAVY=")][-1].removeprefix("HEAVY=")
    assert heavy == "", f"simulate imported {heavy}"
    loaded = _loaded(done)
    games = {m.rsplit(".", 1)[1] for m in loaded if m.startswith(("ruleproof.spec.", "ruleproof.model."))}
    assert games & {"bigfive", "bigpoints", "cinco", "ikebana"} == set(), sorted(loaded)
    assert "take5" in games and not any(m.startswith("importlib.metadata") for m in loaded)
    assert "|------+-----" in done.stdout and "| seat |" in done.stdout  # the table is there all the same


def test_plain_tables_are_drawn_as_rich_draws_them() -> None:
    """The piped tables drawn without rich are rich's own drawing, line for line (tables that fit)."""
    import io
    import random
    import string

    from rich import box
    from rich.console import Console
    from rich.table import Table

    from ruleproof.checkers.cli.output import plain_table

    rng = random.Random(3)
    drawn = 0
    for _ in range(400):
        columns = ["".join(rng.choice(string.ascii_letters + " %") for _ in range(rng.randint(1, 10))).strip() or "c"
                   for _ in range(rng.randint(1, 5))]
        rows = [["".join(rng.choice(string.ascii_letters + string.digits + " .%–") for _ in range(rng.randint(0, 14)))
                 for _ in columns] for _ in range(rng.randint(0, 4))]
        title = rng.choice(["", "Rule decisions (rules that apply to every step are not counted)", "T"])
        width = rng.randint(20, 120)
        lines = plain_table(columns, rows, width=width, title=title)
        if lines is None:
            continue
        table = Table(*columns, box=box.ASCII, title=title or None)
        for row in rows:
            table.add_row(*row)
        stream = io.StringIO()
        Console(file=stream, width=width, highlight=False, soft_wrap=False, color_system=None).print(table)
        assert [line.rstrip() for line in lines] == [line.rstrip() for line in stream.getvalue().splitlines()]
        drawn += 1
    assert drawn > 100


def test_invalid_probe_sees_a_heavy_import() -> None:
    """The probe itself works: a command that does need networkx shows it."""
    done = subprocess.run([sys.executable, "-c", PROBE.replace("from ruleproof", "import networkx\nfrom ruleproof"),
                           "--help"], capture_output=True, text=True, check=False, timeout=PATIENCE)
    assert "HEAVY=networkx" in done.stderr


def _loaded(done: subprocess.CompletedProcess[str]) -> set[str]:
    line = [ln for ln in done.stderr.splitlines() if ln.startswith("LOADED=")]
    assert line, done.stderr
    return {n for n in line[-1].removeprefix("LOADED=").split(",") if n}


@pytest.mark.parametrize(("argv", "modules"), [
    (("--help",), set()),
    (("validate", "--help"), {"ruleproof.checkers.cli.checks"}),
    (("--plugin", "games", "--help"), set()),  # a --plugin value is no command
])
def test_start_up_imports_only_the_command_run(argv: tuple[str, ...], modules: set[str]) -> None:
    """Issue 21: no command module but the one run, and no ``importlib.metadata`` (the version waits)."""
    from ruleproof.checkers.cli.main import COMMAND_MODULES

    _, done = _heavy_modules(*argv)
    assert done.returncode == 0, done.stderr
    loaded = _loaded(done)
    assert not any(m.startswith("importlib.metadata") for m in loaded), sorted(loaded)
    assert loaded & set(COMMAND_MODULES) == modules


def test_command_table_matches_the_modules() -> None:
    """``COMMANDS`` (what ``--help`` lists without importing) names each module's commands, in order, with their help."""
    import argparse
    import importlib

    from ruleproof.checkers.cli.main import COMMAND_MODULES, COMMANDS

    registered = []
    for module in COMMAND_MODULES:
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(module).add_subcommand(sub)
        registered += [(a.dest, (module.rsplit(".", 1)[1], a.help)) for a in sub._choices_actions]
    assert registered == list(COMMANDS.items())


def test_lazy_help_is_the_full_help(capsys: pytest.CaptureFixture[str]) -> None:
    from ruleproof.checkers.cli.main import build_parser, main

    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out == build_parser().format_help()


def test_a_module_missing_from_the_table_loads_every_module(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    cli = importlib.import_module("ruleproof.checkers.cli.main")  # the package exports a function named main

    assert cli._modules_for(["games"]) == ("ruleproof.checkers.cli.games",)
    monkeypatch.setattr(cli, "COMMAND_MODULES", (*cli.COMMAND_MODULES, "ruleproof.checkers.cli.extra"))
    assert cli._modules_for(["games"]) is None


PLUGIN_PROBE = """
import atexit, os, sys
atexit.register(lambda: sys.__stderr__.write('TRIO=%s NO_PLUGINS=%s\\n' % ('trio' in sys.modules, os.environ.get('HYPOTHESIS_NO_PLUGINS'))))
sys.argv = ['ruleproof', 'fuzz', 'take5', '--players', '2', '--examples', '1', '--steps', '3', '--jobs', '1', '-q', '--json']
from ruleproof.checkers.cli.main import main
main()
"""


@pytest.mark.skipif(not any(e.name == "trio" for e in importlib.metadata.entry_points(group="hypothesis")),
                    reason="trio's Hypothesis plugin is not installed")
def test_the_program_loads_no_hypothesis_plugin_unless_asked() -> None:
    """``ruleproof fuzz`` as a program does not run other packages' Hypothesis plugins (trio's here); a user's
    ``HYPOTHESIS_NO_PLUGINS=`` (empty: load them) is kept."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "HYPOTHESIS_NO_PLUGINS"}
    default = subprocess.run([sys.executable, "-c", PLUGIN_PROBE], capture_output=True, text=True, check=False,
                             timeout=PATIENCE, env=env)
    assert "TRIO=False NO_PLUGINS=1" in default.stderr, default.stderr
    asked = subprocess.run([sys.executable, "-c", PLUGIN_PROBE], capture_output=True, text=True, check=False,
                           timeout=PATIENCE, env={**env, "HYPOTHESIS_NO_PLUGINS": ""})
    assert "TRIO=True NO_PLUGINS=\n" in asked.stderr, asked.stderr
