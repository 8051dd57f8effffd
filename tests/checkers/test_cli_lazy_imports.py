"""``ruleproof --help`` and ``ruleproof validate`` load no solver, graph or fuzzing library.

Each command runs in a fresh interpreter (the test process has them loaded
already); the modules it loaded are read from ``sys.modules`` at exit.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.records import make_record
from ruleproof.model.take5 import GAME

HEAVY = ("z3", "networkx", "hypothesis")

PROBE = """
import atexit, sys
def _report():
    heavy = sorted({m.split('.')[0] for m in sys.modules} & set(%r))
    sys.__stderr__.write('HEAVY=' + ','.join(heavy) + '\\n')
atexit.register(_report)
from ruleproof.checkers.cli.main import main
sys.exit(main(sys.argv[1:]))
""" % (HEAVY,)


def _heavy_modules(*argv: str) -> tuple[list[str], subprocess.CompletedProcess[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=False, timeout=600)
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
    record = _record(tmp_path / "game.json")
    heavy, done = _heavy_modules("validate", str(record), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["ok"] is True
    assert heavy == [], f"ruleproof validate imported {heavy}"


def test_invalid_probe_sees_a_heavy_import() -> None:
    """The probe itself works: a command that does need networkx shows it."""
    done = subprocess.run([sys.executable, "-c", PROBE.replace("from ruleproof", "import networkx\nfrom ruleproof"),
                           "--help"], capture_output=True, text=True, check=False, timeout=600)
    assert "HEAVY=networkx" in done.stderr
