"""``ruleproof export-smt DIR``: every solver question of the findings catalogue as an SMT-LIB 2 file.

Each catalogue question is asked as ``ruleproof audit`` asks it (quick forms;
``--full`` for the full ones) while every solver query it makes is captured
(:mod:`ruleproof.checkers.smt.crosscheck`) and written as
``DIR/GAME/ID-qNN.smt2`` (``-bound`` for the "nothing above the optimum"
question behind an optimum), with ``DIR/index.json`` listing every file: game,
finding, status, budget, logic, rules. Any SMT-LIB 2 solver re-runs a file::

    z3 DIR/bigfive/BF-F-1-q03.smt2
    cvc5 DIR/bigfive/BF-F-1-q03.smt2

Files are written atomically; an existing export is replaced only with
``--force`` (files of the old index that the new export does not write are
removed then, nothing else). Exit 0 when every file is written, 1 when a
question failed (it raised, or its verdict drifted from the manifest: the
files are still written), 2 for bad input.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["export-smt", "out", "take5", "--finding", "T5-F-3"])
>>> args.folder, args.game, args.finding
('out', ['take5'], ['T5-F-3'])
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_json, game_arg, unknown_choice
from ruleproof.checkers.cli.output import EXIT_FAILED, EXIT_OK, out, print_json, table
from ruleproof.checkers.cli.progress import Progress

#: The index of an export folder.
INDEX = "index.json"


def _questions(games: list[str], wanted: list[str]) -> list[Any]:
    from ruleproof.checkers.catalogue.questions import questions
    from ruleproof.spec.registry import parts_for

    found = [q for g in games if parts_for(g).questions for q in questions(g)]
    if not wanted:
        return found
    by_upper = {q.id.upper(): q for q in found}
    for name in wanted:
        if name.upper() not in by_upper:
            raise unknown_choice("finding", name, [q.id for q in found], "see `ruleproof audit --check finding`")
    return [by_upper[name.upper()] for name in dict.fromkeys(w.upper() for w in wanted)]


def _old_files(folder: Path) -> list[str]:
    """The files an existing export's index lists (only names inside the folder)."""
    try:
        data = json.loads((folder / INDEX).read_text("utf-8"))
        files = [str(e["file"]) for e in data.get("files", []) if isinstance(e, dict)]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return []
    return [f for f in files if f.endswith(".smt2") and ".." not in Path(f).parts and not Path(f).is_absolute()]


def cmd_export_smt(args: argparse.Namespace) -> int:
    """Ask each question, capture its solver queries and write them as SMT-LIB 2 files."""
    from ruleproof.checkers.smt.catalogue_export import export_questions, write_index
    from ruleproof.model.io.outputs import OutputError, check_target
    from ruleproof.model.registry import available_games

    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: not a folder")
    if folder.is_dir():
        check_target(folder / INDEX, args.force)  # before the work, not after
    games = list(dict.fromkeys(game_arg(g) for g in args.game)) if args.game else list(available_games())
    chosen = _questions(games, args.finding or [])
    stale = set(_old_files(folder)) if args.force else set()
    folder.mkdir(parents=True, exist_ok=True)
    with Progress("export-smt", len(chosen), enabled=not args.quiet, unit="findings") as progress:
        done = export_questions(folder, chosen, full=args.full, force=args.force,
                                on_start=lambda q: progress.start(f"{q.game} {q.id}"),
                                on_finish=lambda q, n: progress.finish(f"{n} queries"))
    stale.difference_update(done.written)
    for name in sorted(stale):
        (folder / name).unlink(missing_ok=True)
    write_index(folder, done, full=args.full, force=args.force)
    entries, findings = done.entries, done.findings
    failed = [f for f in findings if f["audit"] == "fail"]
    if args.json:
        print_json("export-smt", {"folder": str(folder), "ok": not failed, "files": len(entries),
                                  "findings": findings})
    else:
        t = table("game", "finding", "queries", "unsat", "sat", "unknown", "audit", title=f"SMT-LIB 2 files in {folder}")
        for f in findings:
            t.add_row(f["game"], f["finding"], str(f["queries"]), str(f["unsat"]), str(f["sat"]), str(f["unknown"]),
                      f["audit"])
        console = out()
        console.print(t)
        console.print(f"{len(entries)} files and {INDEX} written; run one with `z3 FILE` or `cvc5 FILE`")
        for f in failed:
            console.print(f"[bold red]fail[/bold red] {f['finding']}: {f['detail']}")
    return EXIT_FAILED if failed else EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Add ``export-smt``."""
    p = sub.add_parser("export-smt", help="write every solver question of the findings as an SMT-LIB 2 file",
                       description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("folder", metavar="DIR", help="the folder to write GAME/ID-qNN.smt2 and index.json into")
    p.add_argument("game", nargs="*", help="games whose findings to export (default: every game; any case)")
    p.add_argument("--finding", action="append", metavar="ID", help="export only this finding (repeatable)")
    p.add_argument("--full", action="store_true", help="ask the full (slow) forms of the questions")
    p.add_argument("--force", action="store_true", help="replace an existing export in DIR")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_json(p, "print a JSON summary (the files are listed in DIR/index.json)")
    p.set_defaults(func=cmd_export_smt)
