"""The findings catalogue's solver questions as SMT-LIB 2 files, and the findings they answer, in one pass.

:func:`export_questions` asks each question as ``ruleproof audit`` asks it
(:func:`ruleproof.checkers.catalogue.drift.check_question`, with the SMT
layer's caches emptied first: :func:`~ruleproof.checkers.smt.crosscheck.capture_question`),
writes every solver query it made as ``DIR/GAME/ID-qNN[-bound].smt2`` and
keeps the answer; :func:`write_index` writes ``DIR/index.json``. This is the
work of ``ruleproof export-smt DIR`` (:mod:`ruleproof.checkers.cli.exportsmt`,
which calls these two).

The docs build shows both the files (the SMT-LIB page) and the findings (the
game pages). Asking the catalogue once for each cost twice the solving (about
12 s and 18 s of CPU on a cold build), so it runs this module instead::

    python -m ruleproof.checkers.smt.catalogue_export DIR FINDINGS.json [ID ...]

which writes the export of the quick catalogue into ``DIR`` (replacing an
existing one, as ``export-smt --force``) and the answered findings into
``FINDINGS.json``: ``{"findings": {GAME: [Finding.to_json(), ...]}, "errors":
{GAME: why}}`` (a game whose question raised has no findings and an error, as
a crashed catalogue had before). With finding ids after them only those
questions are asked (the tests' docs build answers a sample); an id that is
no question of the catalogue is an error (exit 2). The findings are the ones the export's
queries answered: each question starts from emptied caches, so an answer
does not depend on what the process solved before (the same findings as one
process per game answering its catalogue in order; the docs build's diff of
a whole site checked this when the pass was introduced). Exit 0, or 1 when a
question failed (the files are still written), as ``export-smt``.

>>> from ruleproof.checkers.catalogue.questions import questions
>>> import tempfile, pathlib
>>> t5f3 = [q for q in questions("take5") if q.id == "T5-F-3"]
>>> with tempfile.TemporaryDirectory() as tmp:
...     done = export_questions(pathlib.Path(tmp), t5f3, full=False, force=True)
...     write_index(pathlib.Path(tmp), done, full=False, force=True)
...     sorted(p.name for p in pathlib.Path(tmp).rglob("*") if p.is_file())
['T5-F-3-q01.smt2', 'index.json']
>>> done.findings[0]["audit"], done.answered[0].finding.verdict
('pass', 'unsat')
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruleproof.checkers.catalogue.drift import Checked
from ruleproof.checkers.catalogue.questions import Question

#: The index of an export folder.
INDEX = "index.json"


@dataclass
class CatalogueExport:
    """What :func:`export_questions` wrote and answered."""

    #: One index entry per written file (:meth:`ExportedQuery.to_json <ruleproof.checkers.smt.crosscheck.ExportedQuery.to_json>`).
    entries: list[dict[str, Any]] = field(default_factory=list)
    #: One summary row per question: game, finding, audit verdict, detail, and its queries by status.
    findings: list[dict[str, Any]] = field(default_factory=list)
    #: Each question's answer as the audit judged it, in the order asked.
    answered: list[Checked] = field(default_factory=list)
    #: The files written, below the folder.
    written: list[str] = field(default_factory=list)


def export_questions(folder: Path, chosen: Sequence[Question], *, full: bool, force: bool,
                     on_start: Callable[[Question], None] | None = None,
                     on_finish: Callable[[Question, int], None] | None = None) -> CatalogueExport:
    """Ask each of ``chosen`` with emptied caches, write its queries below ``folder`` and keep its answer.

    ``on_start(question)`` and ``on_finish(question, files)`` report progress.
    """
    from ruleproof.checkers.smt.crosscheck import capture_question, export_queries
    from ruleproof.model.io.outputs import write_atomic

    done = CatalogueExport()
    for question in chosen:
        if on_start is not None:
            on_start(question)
        checked, queries = capture_question(question, full)
        exported = export_queries(question, queries, finding=checked.finding)
        for item in exported:
            (folder / item.name).parent.mkdir(exist_ok=True)
            write_atomic(folder / item.name, item.exported.text, force=force)
            done.written.append(item.name)
            done.entries.append(item.to_json())
        statuses = [item.exported.status for item in exported]
        done.findings.append({"game": question.game, "finding": question.id, "audit": checked.verdict,
                              "detail": checked.reason, "queries": len(exported),
                              "unsat": statuses.count("unsat"), "sat": statuses.count("sat"),
                              "unknown": statuses.count("unknown")})
        done.answered.append(checked)
        if on_finish is not None:
            on_finish(question, len(exported))
    return done


def write_index(folder: Path, done: CatalogueExport, *, full: bool, force: bool) -> None:
    """``folder/index.json``: every file written and every question's summary."""
    from ruleproof.model.io.outputs import write_atomic

    index = {"format": "ruleproof.smt2-index", "version": 1, "full": bool(full), "files": done.entries,
             "findings": done.findings}
    write_atomic(folder / INDEX, json.dumps(index, indent=1, ensure_ascii=False) + "\n", force=force)


def catalogue_questions(games: Sequence[str]) -> list[Question]:
    """Every question of ``games`` that has a catalogue, game by game in id order."""
    from ruleproof.checkers.catalogue.questions import questions
    from ruleproof.spec.registry import parts_for

    return [q for g in games if parts_for(g).questions for q in questions(g)]


def answered_findings(games: Sequence[str], done: CatalogueExport) -> dict[str, Any]:
    """The findings JSON of :func:`main`: each game's answers in order, or why the game has none."""
    findings: dict[str, list[Any]] = {game: [] for game in games}
    errors: dict[str, str] = {}
    for checked in done.answered:
        game = checked.question.game
        if game in errors:
            continue
        if checked.finding is None:
            errors[game] = f"{checked.question.id}: {checked.reason}"
            findings[game] = []
            continue
        findings[game].append(checked.finding.to_json())
    return {"findings": findings, "errors": errors}


def main(argv: Sequence[str] | None = None) -> int:
    """Export every game's quick catalogue (or only the questions ``ID ...``) into DIR and write its findings to
    FINDINGS (see the module docstring)."""
    from ruleproof.model.io.outputs import write_atomic
    from ruleproof.model.registry import available_games

    parser = argparse.ArgumentParser(prog="python -m ruleproof.checkers.smt.catalogue_export",
                                     description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("folder", metavar="DIR", help="the export's folder (replaced if it holds one)")
    parser.add_argument("findings", metavar="FINDINGS", help="the JSON file of the answered findings")
    parser.add_argument("only", metavar="ID", nargs="*",
                        help="ask only these questions (a finding id each; default: every question)")
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    games = list(available_games())
    asked = catalogue_questions(games)
    if args.only:
        unknown = sorted(set(args.only) - {q.id for q in asked})
        if unknown:
            parser.error(f"no question of the catalogue has the id {', '.join(unknown)}")
        asked = [q for q in asked if q.id in set(args.only)]
    folder.mkdir(parents=True, exist_ok=True)
    done = export_questions(folder, asked, full=False, force=True)
    write_index(folder, done, full=False, force=True)
    write_atomic(Path(args.findings), json.dumps(answered_findings(games, done), ensure_ascii=False), force=True)
    return 1 if any(f["audit"] == "fail" for f in done.findings) else 0


if __name__ == "__main__":
    sys.exit(main())
