"""An in-process fuzz of every command's arguments and inputs (issue 32, "Done when").

Hypothesis draws an argument vector for a command of the real parser
(:func:`ruleproof.checkers.cli.main.build_parser`: every sub-command, its
positionals and options, their ``nargs``, types and choices), fills each value
from a hostile pool chosen by what the argument is (a game id, a record, a
certificate, a reading file, a layout, an audit, a campaign folder, a number,
an output path, free text) and runs :func:`~ruleproof.checkers.cli.main.main`
in this process. Whatever the input, the command must end with an exit code
in {0, 1, 2, 130} and print no traceback. The input files are hostile too:
the stored corpora (``tests/data/hostile``, ``tests/data/take5_corrupt``,
``tests/data/proofs``) and files made here (truncated, deeply nested, huge,
not UTF-8, a FIFO, a folder, a device; readings whose plugin exits, raises or
escapes its folder; plugins named like standard modules).

Runs are kept short and harmless, not tame: every command runs with a small
amount of work set first (``--games 2``, ``--quick``, ``--workers 0``, one
job) which a drawn value may override with a cheap or an invalid one; output
paths stay inside a fresh folder per case (the suite may run as root); the
standard input of ``play`` is a script of moves and commands. A case that
spends more than :data:`HANG_CPU_SECONDS` of this process's CPU fails as a hang
(``tests/cpu_guard.py``: CPU time, so machine load cannot trip it; a bound
against a hung suite, not a speed verdict).

The default run tries :data:`DEFAULT_CASES` cases; ``-m slow`` runs
:data:`WIDER_CASES` derandomised cases (CI runs them, ``.ci/extra``) and
:data:`SLOW_CASES` (at least 10,000) with another seed.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from ruleproof.checkers.cli.main import build_parser, main
from ruleproof.spec import registry

from cpu_guard import CpuBoundExceeded, cpu_bound

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

#: Cases in the default run (300 until session 43: a check that every command's parser, loaders and error paths
#: hold, its costly commands two cases each), the derandomised sample widened to the old size (``-m slow``, run by
#: ``.ci/extra``), and the slow campaign (``-m slow``).
DEFAULT_CASES = 150
WIDER_CASES = 300
SLOW_CASES = 10_000
#: A case spending more than this (CPU seconds of this process, not wall seconds) fails as a hang.
HANG_CPU_SECONDS = 60
#: The exit codes a command may give: ok, a check failed, bad input, interrupted.
EXIT_CODES = {0, 1, 2, 130}

GAMES = ("take5", "bigfive", "bigpoints", "ikebana", "cinco")

#: Strings that are wrong almost everywhere.
HOSTILE_TEXT = [
    "", " ", "-", "--", "-x", "--frobnicate", "\x00", "a\x00b", "\u202e", "\ufeff", "é", "ß", "𝔘" * 8, "\U0001f600",
    "\n", "\t", "a" * 10_000, "9" * 5000, "../../../etc/passwd", "%s%n", "{0}", "$(id)", "`id`", "' OR 1=1",
    "<script>alert(1)</script>", "nan", "inf", "-1", "1e309", "0x1f", "٣", "²", "None", "true", "[]", "{}",
]
#: Numbers for options that set an amount of work: cheap valid ones, and invalid ones of every kind.
WORK_NUMBERS = ["1", "2", "0", "-1", str(10**21), "-" + str(10**21), "9" * 5000, "abc", "", "1.5", "٣", " 2"]
#: Numbers for the other integer options (seeds, indexes, seats, players).
NUMBERS = [*WORK_NUMBERS, "3", "4", "5", "7", "34", "100", str(2**63), str(-(2**63)), str(10**40)]
#: The options that set an amount of work (their values come from WORK_NUMBERS only).
WORK_OPTIONS = {"--games", "--examples", "--steps", "--conformance-games", "--fuzz-examples", "--property-games",
                "--max-states", "--simulations", "--chunk", "--workers", "--retries", "--rlimit", "--jobs", "-j"}
#: Options never drawn: they write into the source tree, or only select a long run.
NEVER = {("trace", "--update-index"), ("audit", "--full"), ("audit", "--check"), ("audit", "--finding"),
         ("audit", "--quick"), ("audit", "--no-findings"), ("campaign search", "--full"),
         ("campaign search", "--scheduler"), ("campaign simulate", "--scheduler"), ("campaign diff", "--scheduler"),
         ("campaign fuzz", "--scheduler"), ("campaign resume", "--scheduler"), ("diff", "--no-findings"),
         ("campaign resume", "--allow-code-change"), ("export-smt", "--full"),
         # more than 0 starts a Dask cluster of that many processes (and nothing bounds it yet: see the report)
         *((f"campaign {kind}", "--workers") for kind in ("simulate", "diff", "fuzz", "search", "resume"))}
#: The work each command is given first (a drawn value of the same option replaces it; argparse keeps the last).
FIRST = {
    "simulate": ["--games", "2", "-q", "-j", "1"],
    "fuzz": ["--examples", "2", "--steps", "15", "-q", "-j", "1"],
    "audit": ["--quick", "--no-findings", "--check", "property", "--property-games", "1", "-q", "-j", "1"],
    "diff": ["--games", "2", "--no-findings", "-q", "-j", "1"],
    "metrics": ["--games", "2", "-q", "-j", "1"],  # its default, 200 games on every core, is seconds a case
    "campaign simulate": ["--games", "2", "--chunk", "1", "--workers", "0", "-q"],
    "campaign diff": ["--games", "2", "--chunk", "1", "--workers", "0", "-q"],
    "campaign fuzz": ["--examples", "2", "--steps", "10", "--chunk", "1", "--workers", "0", "-q"],
    "campaign search": ["--workers", "0", "-q", "--rlimit", "1000"],
    "campaign resume": ["--workers", "0", "-q"],
    # --json: a valid case explores its configuration but renders the graph only for a drawn --output (rendering
    # 27,000 states to standard output cost 3 s a case; test_statespace renders to standard output)
    "graph": ["--max-states", "50", "--json"],
    "play": ["--simulations", "1"],
    # without --finding, export-smt asks the whole catalogue (minutes): one cheap question instead
    "export-smt": ["--finding", "T5-F-1", "-q"],
}
#: Commands whose real runs cost seconds: a sixth of the cases of the others.
COSTLY = {"audit", "diff", "graph", "play", "campaign simulate", "campaign diff", "campaign fuzz", "campaign search",
          "campaign resume", "fuzz", "replay", "trace", "export-smt"}
#: What ``play`` reads from its standard input.
PLAY_SCRIPTS = ["1\n1\n1\nquit\n", "", "help\nmoves\nundo\nundo\n999\nplay 999\n\x00\n" + "9" * 5000 + "\nquit\n",
                "save saved.json\nsave\nsave adir\nsave existing.json\nquit\n", "show\n1\n2\n3\n4\n5\n6\n7\n8\n"]


# -- the hostile files ------------------------------------------------------------------------------------


@dataclass
class Pool:
    """Input files by kind (absolute paths), made once per session."""

    root: Path
    kinds: dict[str, list[str]] = field(default_factory=dict)

    def add(self, kind: str, path: Path | str) -> None:
        self.kinds.setdefault(kind, []).append(str(path))


def _write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def _make_pool(root: Path) -> Pool:
    pool = Pool(root)
    record = json.loads((DATA / "proofs" / "record_take5.json").read_text(encoding="utf-8"))
    text = json.dumps(record)
    for path in sorted((DATA / "hostile").glob("record_*.json")):
        pool.add("record", path)
    for path in sorted((DATA / "take5_corrupt").glob("*.json")):
        pool.add("record", path)
    for path in sorted((DATA / "proofs").glob("record_*.json")):
        pool.add("record", path)
    for path in sorted((DATA / "hostile").glob("cert_*.json")):
        pool.add("certificate", path)
    for path in sorted((DATA / "proofs").glob("*.json")):
        if not path.name.startswith("record_") and path.name != "expected.json":
            pool.add("certificate", path)
    for path in sorted((DATA / "hostile").glob("audit_*.json")):
        pool.add("audit", path)
    made = root / "made"
    pool.add("record", _write(made / "truncated.json", text[: len(text) // 2]))
    pool.add("record", _write(made / "nested.json", "[" * 100_000 + "]" * 100_000))
    pool.add("record", _write(made / "nested_moves.json", text.replace('"moves": [', '"moves": ' + "[" * 5000, 1)))
    pool.add("record", _write(made / "huge_move.json", text.replace('"deal 1"', json.dumps("deal " + "9" * 100_000), 1)))
    pool.add("record", _write(made / "many_moves.json", json.dumps({**record, "moves": record["moves"] * 400})))
    pool.add("record", _write(made / "latin1.json", text.encode("utf-8").replace(b"take5", b"take\xe9")))
    pool.add("record", _write(made / "empty.json", ""))
    pool.add("record", _write(made / "null.json", "null"))
    pool.add("record", _write(made / "seat_huge.json", text.replace('"actor": 0', '"actor": ' + "9" * 30, 1)))
    pool.add("record", _write(made / "players_huge.json", text.replace('"players": 2', '"players": ' + "9" * 30, 1)))
    cert = json.loads((DATA / "proofs" / "take5_forced_take.json").read_text(encoding="utf-8"))
    flipped = dict(cert, verdict="illegal" if cert["verdict"] == "legal" else "legal")
    pool.add("certificate", _write(made / "cert_flipped.json", json.dumps(flipped)))
    pool.add("certificate", _write(made / "cert_truncated.json", json.dumps(cert)[:999]))
    pool.add("certificate", _write(made / "cert_reading.json", json.dumps(
        dict(cert, reading={"title": "x", "rules": ["../x.py"], "engine": "x.py", "plugin_sha256": ""}))))
    pool.add("certificate", _write(made / "cert_nested.json", json.dumps(dict(cert, claims="[" * 10))))
    # readings: good, broken TOML, plugins that exit, raise, escape their folder, or are not plugins
    readings = root / "readings"
    _write(readings / "exits.py", "raise SystemExit(7)\n")
    _write(readings / "raises.py", "raise RuntimeError('plugin failed')\n")
    _write(readings / "syntax.py", "def (:\n")
    _write(readings / "nothing.py", "X = 1\n")
    _write(readings / "badrules.py", "RULES = [1, 'two']\nGAME = 3\n")
    _write(readings / "json.py", "raise SystemExit('a plugin named json ran')\n")
    for name, body in {
        "flags": 'game = "take5"\ntitle = "flags"\n[flags]\nend_rule = ">"\n',
        "bigfive": 'game = "bigfive"\ntitle = "bonus"\n[flags]\nbonus = "publisher"\n',
        "exits": 'game = "take5"\ntitle = "exits"\nrules = "exits.py"\n',
        "raises": 'game = "take5"\ntitle = "raises"\nrules = "raises.py"\n',
        "syntax": 'game = "take5"\ntitle = "syntax"\nrules = "syntax.py"\n',
        "nothing": 'game = "take5"\ntitle = "nothing"\nrules = "nothing.py"\n',
        "badrules": 'game = "take5"\ntitle = "bad"\nrules = "badrules.py"\n',
        "json": 'game = "take5"\ntitle = "json"\nrules = "json.py"\n',
        "escape": 'game = "take5"\ntitle = "escape"\nrules = "../made/x.py"\n',
        "absolute": 'game = "take5"\ntitle = "abs"\nrules = "/etc/passwd.py"\n',
        "notoml": 'game = "take5\ntitle = [\n',
        "types": 'game = 5\ntitle = ["x"]\n[flags]\nthreshold = "9999999999999999999999999999"\n',
        "flagtypes": 'game = "take5"\ntitle = "t"\n[flags]\nthreshold = 99999999999999999999\nnope = 1\n',
        "unknown": 'game = "chess"\ntitle = "x"\nwhat = 1\n',
        "unicode": 'game = "take5"\ntitle = "\u202e\u0000"\n',
        "huge": 'game = "take5"\ntitle = "' + "x" * 100_000 + '"\n',
        "cinco": 'game = "cinco"\ntitle = "c"\n[flags]\nlayout = "square"\n',
    }.items():
        pool.add("reading", _write(readings / f"{name}.toml", body))
    pool.add("reading", _write(readings / "latin1.toml", 'game = "take5"\ntitle = "caf\xe9"\n'.encode("latin-1")))
    # layouts
    pool.add("layout", DATA / "cinco_layout_small.json")
    layout = json.loads((DATA / "cinco_layout_small.json").read_text(encoding="utf-8"))
    pool.add("layout", _write(made / "layout_truncated.json", json.dumps(layout)[:40]))
    pool.add("layout", _write(made / "layout_nested.json", "{" * 10 + "}" * 10))
    pool.add("layout", _write(made / "layout_list.json", "[1, 2, 3]"))
    pool.add("layout", _write(made / "layout_huge.json", json.dumps({"cells": [[i, i] for i in range(100_000)]})))
    # audits
    row = {"game": "take5", "check": "conformance", "subject": "3p", "verdict": "pass", "detail": ""}
    pool.add("audit", _write(made / "audit.json", json.dumps({"rows": [row]})))
    pool.add("audit", _write(made / "audit_twice.json", json.dumps({"rows": [row, dict(row, verdict="fail")]})))
    pool.add("audit", _write(made / "audit_nodetail.json", json.dumps({"rows": [{k: v for k, v in row.items()
                                                                                   if k != "detail"}]})))
    pool.add("audit", _write(made / "audit_lines.json", "\n".join(
        json.dumps({"format": "ruleproof.audit-row", "row": dict(row, subject=str(i))}) for i in range(50))))
    pool.add("audit", _write(made / "audit_data.json", json.dumps({"rows": [dict(row, check="finding",
                                                                               data={"id": [1], "verdict": {}})]})))
    # plugins for --plugin
    plugins = root / "plugins"
    pool.add("plugin", _write(plugins / "quitter.py", "raise SystemExit(7)\n"))
    pool.add("plugin", _write(plugins / "fractions.py", "raise SystemExit('the stray fractions ran')\n"))
    pool.add("plugin", _write(plugins / "nogame.py", "from ruleproof.spec.registry import GameParts\n"
                                                     "PARTS = GameParts(id='nogame', spec='nogame', engine='nogame')\n"))
    pool.add("plugin", _write(plugins / "empty_plugin.py", "\n"))
    pool.add("plugin", _write(plugins / "broken_syntax.py", "def (:\n"))
    pool.add("plugin", _write(plugins / "notpy.txt", "x\n"))
    pool.add("plugin", _write(plugins / "pkg_noinit" / "mod.py", "\n").parent)
    _write(plugins / "pkg_exits" / "__init__.py", "raise SystemExit(3)\n")
    pool.add("plugin", plugins / "pkg_exits")
    # folders (campaign folders, --tests), special files
    folders = root / "folders"
    pool.add("folder", _write(folders / "garbage" / "campaign.json", "{not json").parent)
    pool.add("folder", _write(folders / "list" / "campaign.json", "[]").parent)
    pool.add("folder", _write(folders / "nested" / "campaign.json", "[" * 100_000).parent)
    pool.add("folder", _write(folders / "tests" / "test_x.py", "import pytest\n@pytest.mark.rule('T5-X-1')\n"
                                                               "def test_x():\n    pass\n").parent)
    (folders / "empty").mkdir()
    pool.add("folder", folders / "empty")
    fifo = root / "fifo.json"
    os.mkfifo(fifo)
    for special in (fifo, "/dev/null", "/dev/zero", root, root / "missing.json", "/etc/passwd", "/proc/self/status"):
        pool.add("special", special)
    return pool


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Pool:
    return _make_pool(tmp_path_factory.mktemp("fuzz_inputs"))


# -- the commands, read off the parser ------------------------------------------------------------------


@dataclass(frozen=True)
class Argument:
    """One argument of a command: how it is written and what it takes."""

    flags: tuple[str, ...]  # empty for a positional
    dest: str
    nargs: Any
    takes_value: bool
    is_int: bool
    choices: tuple[str, ...]


def _leaves(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...],
                                                                                           argparse.ArgumentParser]]:
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield path, parser
        return
    for name, sub in subs[0].choices.items():
        yield from _leaves(sub, (*path, name))


def _arguments(parser: argparse.ArgumentParser) -> list[Argument]:
    out = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        takes = action.nargs != 0
        kind = action.type
        out.append(Argument(tuple(action.option_strings), action.dest, action.nargs, takes,
                            kind is int or getattr(kind, "__name__", "") in ("int", "jobs_value"),
                            tuple(str(c) for c in action.choices) if action.choices else ()))
    return out


PARSER = build_parser()
COMMANDS: dict[str, list[Argument]] = {" ".join(path): _arguments(sub) for path, sub in _leaves(PARSER)}
GLOBAL = _arguments(PARSER)


def test_every_command_is_fuzzed() -> None:
    from ruleproof.checkers.cli.main import COMMANDS as LISTED

    assert set(LISTED) <= {name.split()[0] for name in COMMANDS}
    assert len(COMMANDS) >= 25, sorted(COMMANDS)


# -- values -----------------------------------------------------------------------------------------------

OUTPUT_NAMES = ["out.json", "sub/dir/out.html", "existing.json", "adir", "adir/", "/dev/null", "/dev/full", "",
                "é ü.svg", "a\x00b", "x" * 300, ".", "..", "out.png", "out.dot", "out.graphml", "plot.svg"]
OUTPUT_DESTS = {"record_out", "output", "html", "plot", "records", "dir"}
INPUT_KINDS = {"record": "record", "certificate": "certificate", "before": "audit", "after": "audit",
               "folder": "folder", "reading": "reading", "a_reading": "reading", "b_reading": "reading",
               "tests": "folder", "plugin": "plugin"}


def _kind(command: str, argument: Argument) -> str:
    dest, flags = argument.dest, argument.flags
    if command in ("simulate", "play") and dest == "record":
        return "output"
    if command == "replay" and dest == "source":
        return "source"
    if dest in OUTPUT_DESTS or "--html" in flags:
        return "output"
    if "--layout" in flags:
        return "layout"
    if dest in INPUT_KINDS:
        return INPUT_KINDS[dest]
    if dest in ("game", "game_option"):
        return "game"
    if dest in ("variant", "a_variant", "b_variant", "a", "b"):
        return "assignment"
    if argument.is_int:
        return "work" if set(flags) & WORK_OPTIONS else "number"
    if argument.choices:
        return "choice"
    return "text"


ASSIGNMENTS = ["threshold=66", "threshold=" + "9" * 5000, "threshold=-1", "end_rule=>", "bonus=publisher",
               "bonus=text", "=", "x=y", "threshold", "layout=square", "layout_data=" + "x" * 1000, "deck=tactical",
               "row_choice=auto", "players=3", "threshold=1e3", "end_rule=\x00", "reshuffle=when_empty"]
TEXT = ["T5-LOW-2", "BF-F-3", "T5-F-1", "take5", "deal 5", "play 3", "take 1", "row 1", "pass", "small", "fullrow",
        "human,random", "random,random", "mcts,human", "human", "pebbles", "Pebbles", "PEB", "record", "certificate",
        "bash", "R2", "W", "K1", "Gr@0,0", "Lr@1,0", "RBPYG", "R1 W5", "legality", "Ход игры", "bigfive-dead",
        "tcp://127.0.0.1:1", "https://example.invalid/", "audit", "match", "class", "new_game"]


def _value(kind: str, argument: Argument, pool: Pool) -> st.SearchStrategy[str]:
    hostile = st.sampled_from(HOSTILE_TEXT)
    files = lambda *kinds: st.sampled_from([p for k in kinds for p in pool.kinds[k]])  # noqa: E731
    special = files("special")
    table: dict[str, st.SearchStrategy[str]] = {
        "output": st.sampled_from(OUTPUT_NAMES),
        "game": st.one_of(st.sampled_from([*GAMES, "TAKE5", "Take5", "chess", "pebbles", "nogame"]), hostile),
        "assignment": st.one_of(st.sampled_from(ASSIGNMENTS), hostile),
        "work": st.sampled_from(WORK_NUMBERS),
        "number": st.one_of(st.sampled_from(NUMBERS), st.integers(-10, 400).map(str)),
        "choice": st.one_of(st.sampled_from(argument.choices or ("",)), hostile),
        "text": st.one_of(st.sampled_from(TEXT), hostile, st.text(max_size=12)),
        "record": st.one_of(files("record"), special),
        "certificate": st.one_of(files("certificate"), special, files("record")),
        "source": st.one_of(files("record", "certificate"), special),
        "audit": st.one_of(files("audit"), special, files("record")),
        "folder": st.one_of(files("folder"), st.sampled_from(["nowhere", "adir", "existing.json"])),
        "reading": st.one_of(files("reading"), special),
        "layout": st.one_of(files("layout"), special),
        "plugin": st.one_of(files("plugin"), special),
    }
    return table[kind]


def _rarely(n: int) -> st.SearchStrategy[bool]:
    """True about once in ``n`` draws (``sampled_from`` draws uniformly; small integers are drawn at their bounds
    far more often than that)."""
    return st.sampled_from(range(n)).map(lambda i: i == n - 1)


@st.composite
def cases(draw: st.DrawFn, pool: Pool, command: str) -> tuple[str, list[str], str]:
    """``(command, argv, standard input)`` for one command."""
    arguments = COMMANDS[command]
    argv: list[str] = []
    if draw(_rarely(20)):  # now and then a plugin before the command
        argv += ["--plugin", draw(_value("plugin", GLOBAL[0], pool))]
    argv += command.split() + FIRST.get(command, [])
    for argument in arguments:
        if argument.flags or not argument.takes_value:
            continue
        kind = _kind(command, argument)
        count = {None: 1, "?": draw(st.integers(0, 1)), "*": draw(st.integers(0, 3)), "+": draw(st.integers(1, 3))}
        n = count.get(argument.nargs, 1)
        if argument.nargs is None and draw(_rarely(25)):
            n = 0  # a positional left out: a usage error
        argv += [draw(_value(kind, argument, pool)) for _ in range(n)]
    options = [a for a in arguments if a.flags and (command, a.flags[0]) not in NEVER
               and not (command == "audit" and a.dest == "game_option")]
    chosen = draw(st.lists(st.sampled_from(options), max_size=5, unique_by=lambda a: a.dest)) if options else []
    for argument in chosen:
        flag = draw(st.sampled_from(argument.flags))
        if not argument.takes_value:
            argv.append(flag)
            continue
        kind = _kind(command, argument)
        n = {None: 1, "?": 1, "*": draw(st.integers(0, 2)), "+": draw(st.integers(1, 3))}.get(argument.nargs, 1)
        values = [draw(_value(kind, argument, pool)) for _ in range(n)]
        if n == 1 and draw(st.booleans()) and not values[0].startswith("-"):
            argv.append(f"{flag}={values[0]}")
        else:
            argv += [flag, *values]
    if draw(_rarely(10)):
        argv.append("--json")
    if draw(_rarely(30)):
        argv.append(draw(st.sampled_from(["--help", "--unknown", "extra", "--version"])))
    return command, argv, draw(st.sampled_from(PLAY_SCRIPTS))


# -- running one case -------------------------------------------------------------------------------------


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A work folder as the current directory, and the registry as it was after each case."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    registered = dict(registry._REGISTERED)
    modules = set(sys.modules)
    yield tmp_path
    _restore(registered, modules)


def _restore(registered: dict[str, Any], modules: set[str]) -> None:
    from ruleproof.model.registry import game_for

    registry._REGISTERED.clear()
    registry._REGISTERED.update(registered)
    registry._BROKEN.clear()
    game_for.cache_clear()
    for name in set(sys.modules) - modules:
        if name.split(".")[0] in ("nogame", "empty_plugin", "pkg_exits", "quitter") or name.startswith("ruleproof_plugin_"):
            del sys.modules[name]


_NUMBER = itertools.count()


def run_case(argv: list[str], stdin: str, folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run one argument vector in a fresh folder; its exit code and what it printed."""
    case = folder / f"case{next(_NUMBER)}"
    (case / "adir").mkdir(parents=True)
    (case / "existing.json").write_text("{}", encoding="utf-8")
    registered = dict(registry._REGISTERED)
    modules = set(sys.modules)
    old_cwd, old_stdin = os.getcwd(), sys.stdin
    os.chdir(case)
    sys.stdin = io.StringIO(stdin)
    try:
        with cpu_bound(HANG_CPU_SECONDS, f"ruleproof {_shown(argv)}"):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse's own --help and --version
                code = exc.code if isinstance(exc.code, int) else 2
    except CpuBoundExceeded as exc:
        pytest.fail(f"hung: {exc}")
    except BaseException as exc:  # noqa: BLE001 - any escape is a traceback for the user
        import traceback

        pytest.fail(f"ruleproof {_shown(argv)} raised {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
    finally:
        sys.stdin = old_stdin
        os.chdir(old_cwd)
        _restore(registered, modules)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _shown(argv: list[str]) -> str:
    return " ".join(repr(a) if len(a) < 80 else repr(a[:60]) + f"…({len(a)} chars)" for a in argv)


def _check(command: str, argv: list[str], stdin: str, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = time.perf_counter()
    code, out, err = run_case(argv, stdin, folder, capsys)
    if os.environ.get("RULEPROOF_FUZZ_LOG"):  # one line per case, to see what a run exercised
        with open(os.environ["RULEPROOF_FUZZ_LOG"], "a", encoding="utf-8") as log:
            log.write(json.dumps({"command": command, "exit": code, "seconds": round(time.perf_counter() - start, 3),
                                  "argv": _shown(argv)[:300],
                                  "err": err.strip().splitlines()[-1][:200] if err.strip() else ""}) + "\n")
    assert code in EXIT_CODES, f"exit {code} from ruleproof {_shown(argv)}\n{err[-2000:]}"
    assert "Traceback" not in out + err, f"a traceback from ruleproof {_shown(argv)}:\n{(out + err)[-3000:]}"


_SETTINGS = dict(deadline=None, database=None, print_blob=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                        HealthCheck.data_too_large, HealthCheck.filter_too_much])


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_fuzz_every_command_sample(command: str, pool: Pool, isolated: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A few hundred cases in the default run (the same ones every run), a share for each command."""

    @settings(max_examples=_share(DEFAULT_CASES, command), derandomize=True, **_SETTINGS)  # type: ignore[arg-type]
    @given(case=cases(pool, command))
    def one(case: tuple[str, list[str], str]) -> None:
        _check(*case, isolated, capsys)

    one()


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_fuzz_every_command_wider_sample(command: str, pool: Pool, isolated: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The default run's derandomised sample widened to :data:`WIDER_CASES` cases (``-m slow``)."""

    @settings(max_examples=_share(WIDER_CASES, command), derandomize=True, **_SETTINGS)  # type: ignore[arg-type]
    @given(case=cases(pool, command))
    def one(case: tuple[str, list[str], str]) -> None:
        _check(*case, isolated, capsys)

    one()


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_fuzz_every_command_campaign(command: str, pool: Pool, isolated: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """At least 10,000 cases over all commands (``-m slow``), another seed than the default run's."""

    @seed(32)
    @settings(max_examples=_share(SLOW_CASES, command), **_SETTINGS)  # type: ignore[arg-type]
    @given(case=cases(pool, command))
    def one(case: tuple[str, list[str], str]) -> None:
        _check(*case, isolated, capsys)

    one()


def _share(total: int, command: str) -> int:
    """Each command's part of ``total`` cases: the costly ones a sixth as many, the whole at least ``total``."""
    weight = {name: 1 if name in COSTLY else 6 for name in COMMANDS}
    return -(-total * weight[command] // sum(weight.values()))


def test_shares_add_up_to_the_promised_cases() -> None:
    assert sum(_share(SLOW_CASES, c) for c in COMMANDS) >= SLOW_CASES >= 10_000
    assert sum(_share(DEFAULT_CASES, c) for c in COMMANDS) >= DEFAULT_CASES
    assert sum(_share(WIDER_CASES, c) for c in COMMANDS) >= WIDER_CASES > DEFAULT_CASES


def test_a_case_that_spins_fails_as_a_hang_by_its_cpu_bound(isolated: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-case guard counts CPU: a command that spins fails with the guard's message (it gives up after
    20 s of CPU, so a guard that does not fire fails this test instead of hanging it)."""
    def spinning_main(argv: list[str]) -> int:
        end = time.process_time() + 20
        while time.process_time() < end:
            pass
        return 0

    monkeypatch.setattr(sys.modules[__name__], "main", spinning_main)
    monkeypatch.setattr(sys.modules[__name__], "HANG_CPU_SECONDS", 0.3)
    with pytest.raises(pytest.fail.Exception, match=r"hung: spent more than 0\.3 s of CPU: ruleproof 'simulate'"):
        run_case(["simulate", "take5"], "", isolated, capsys)
