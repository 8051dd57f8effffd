"""``ruleproof trace [GAME]`` and ``ruleproof audit-diff BEFORE AFTER``.

``trace`` lists which tests cover which rule and the traceability gaps (exit 1
when there are gaps). ``audit-diff`` lists the verdicts that changed between
two ``ruleproof audit --json`` outputs: exit 0 when none changed, 1 when one
did, 2 when a file is not an audit.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from ruleproof.checkers.cli.common import add_json, game_arg
from ruleproof.checkers.cli.output import EXIT_FAILED, EXIT_OK, out, print_json


def cmd_trace(args: argparse.Namespace) -> int:
    """Rules → covering tests, and the gaps."""
    from ruleproof.checkers.analysis.traceability import Problem, check_traceability, covering_tests, scan_tests
    from ruleproof.model.registry import available_games
    from ruleproof.spec.registry import spec_for

    games = [game_arg(args.game)] if args.game else list(available_games())
    index = ""
    from pathlib import Path

    from ruleproof.spec.errors import RuleproofError

    if args.tests:  # a plugin game's own tests (pytest files marked with @pytest.mark.rule)
        folder = Path(args.tests)
        if not folder.is_dir():
            raise RuleproofError(f"--tests {args.tests}: not a folder")
        tests = scan_tests(folder, base=folder.resolve().parent)
    else:
        from ruleproof.checkers.analysis import ruleindex

        if args.update_index:
            _update_index()
        try:
            tests = scan_tests()  # the index pytest wrote (shipped in the package)
        except ruleindex.IndexMissingError as exc:
            raise RuleproofError(str(exc)) from None
        index = str(ruleindex.INDEX_PATH)
    every = [r.id for g in available_games() for r in spec_for(g).rules]
    covered = covering_tests(tests)
    data: dict[str, Any] = {}
    problems: list[Problem] = []
    for game in games:
        spec = spec_for(game)
        problems += check_traceability(spec, tests, all_rule_ids=every)
        data[game] = {r.id: [t.nodeid for t in covered.get(r.id, [])] for r in spec.rules}
    if args.json:
        print_json("trace", {"rules": data, "problems": [str(p) for p in problems], "index": index})
    else:
        console = out()
        for rules in data.values():
            for rule_id, nodeids in rules.items():
                console.print(f"{rule_id}: {len(nodeids)} test(s)", markup=False)
                for nodeid in nodeids:
                    console.print(f"    {nodeid}", markup=False)
        for problem in problems:
            console.print(f"problem: {problem}", markup=False)
    return EXIT_FAILED if problems else EXIT_OK


def _update_index() -> None:
    """Collect the checkout's tests with pytest and rewrite the shipped index."""
    from ruleproof.checkers.analysis import ruleindex
    from ruleproof.checkers.analysis.traceability import REPO_ROOT
    from ruleproof.spec.errors import RuleproofError

    if not (REPO_ROOT / "tests").is_dir():
        raise RuleproofError("--update-index needs the source tree (its tests/ folder); an installed package has none")
    ruleindex.write_index(ruleindex.collect_index(REPO_ROOT / "tests", REPO_ROOT), ruleindex.INDEX_PATH)


def load_audit(path: str) -> Mapping[str, Any]:
    """An audit written by ``ruleproof audit --json`` (a document or JSON Lines), read through the
    input boundary (:func:`ruleproof.model.io.inputs.load_audit_file`); usage error otherwise."""
    from ruleproof.checkers.analysis.traceability import duplicate_rows, row_key
    from ruleproof.model.io.inputs import load_audit_file
    from ruleproof.spec.errors import InputError

    audit = load_audit_file(path)
    twice = duplicate_rows(audit)
    if twice is not None:
        first, second = twice
        game, check, subject = row_key(audit["rows"][second])
        raise InputError(f"two rows for one check ({game} {check} {subject}): $.rows[{first}] and "
                         f"$.rows[{second}]; an audit has one row per check (write one with "
                         "`ruleproof audit --json > FILE`)", f"$.rows[{second}]", source=str(path))
    return audit


def cmd_audit_diff(args: argparse.Namespace) -> int:
    """Compare two audits."""
    from ruleproof.checkers.analysis.traceability import compare_audits

    changes = compare_audits(load_audit(args.before), load_audit(args.after))
    if args.json:
        print_json("audit-diff", {"changed": bool(changes), "changes": [c.to_json() for c in changes]})
    elif not changes:
        out().print("no verdict changed")
    else:
        console = out()
        for change in changes:
            console.print(str(change), markup=False)
    return EXIT_FAILED if changes else EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Add ``trace`` and ``audit-diff``."""
    p = sub.add_parser("trace", help="which tests cover which rule; traceability gaps")
    p.add_argument("game", nargs="?", help="game id (default: every game)")
    p.add_argument("--tests", metavar="DIR", help="collect this folder of tests with pytest (default: the index "
                   "pytest wrote of the project's tests, shipped in the package; a plugin game's package has its own)")
    p.add_argument("--update-index", action="store_true",
                   help="first re-collect the checkout's tests/ with pytest and rewrite the shipped index")
    add_json(p)
    p.set_defaults(func=cmd_trace)
    p = sub.add_parser("audit-diff", help="the verdicts that changed between two `ruleproof audit --json` outputs",
                       description="Exit 0 when no verdict changed, 1 when one did, 2 when a file is not an audit.")
    p.add_argument("before", help="JSON file of the first audit")
    p.add_argument("after", help="JSON file of the second audit")
    add_json(p)
    p.set_defaults(func=cmd_audit_diff)
