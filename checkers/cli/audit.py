"""``ruleproof audit``: run every check and stream one row per check as it finishes.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["audit", "take5", "--check", "fuzz", "--quick"])
>>> args.game, args.check, args.quick
(['take5'], ['fuzz'], True)
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.checkers.cli.common import add_jobs, add_json, add_variant, default_jobs, game_arg, unknown_choice
from ruleproof.checkers.cli.output import EXIT_FAILED, EXIT_OK, out, print_json, table
from ruleproof.checkers.cli.progress import Progress

#: The kinds of check (``ruleproof.checkers.analysis.audit.CHECK_KINDS``; repeated to keep ``--help`` light).
CHECK_KINDS = ("conformance", "fuzz", "property", "finding")

_VERDICT_STYLE = {"pass": "green", "fail": "bold red", "unknown": "yellow"}

#: Column widths of the streamed table (the last column takes the rest and wraps).
_WIDTHS = {"game": 9, "check": 11, "verdict": 7, "s": 6}


def _row_table(header: bool) -> Any:
    t = table(*_WIDTHS, "subject: detail", box=None, show_header=header, pad_edge=False, header_style="bold")
    for column, width in zip(t.columns, [*_WIDTHS.values(), None]):
        if width is not None:
            column.width = column.min_width = column.max_width = width
            column.no_wrap = False
    t.columns[3].justify = "right"
    return t


def _add_row(t: Any, row: Any) -> None:
    style = _VERDICT_STYLE.get(row.verdict, "dim")
    t.add_row(row.game, row.check, f"[{style}]{row.verdict}[/{style}]", f"{row.seconds:.1f}",
              f"[bold]{_escape(row.subject)}[/bold]: {_escape(row.detail)}")


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _options(args: argparse.Namespace, games: list[str]) -> Any:
    from ruleproof.checkers.analysis.audit import AuditOptions, known_finding_ids

    findings: tuple[str, ...] = ()
    if args.finding:
        known = known_finding_ids(games)
        by_upper = {k.upper(): k for k in known}
        for wanted in args.finding:
            if wanted.upper() not in by_upper:
                raise unknown_choice("finding", wanted, known, "see the findings table in the docs or `ruleproof audit`")
        findings = tuple(by_upper[w.upper()] for w in args.finding)

    def pick(value: int | None, normal: int, quick: int) -> int:
        return value if value is not None else (quick if args.quick else normal)

    return AuditOptions(conformance_games=pick(args.conformance_games, 2, 1),
                        fuzz_examples=pick(args.fuzz_examples, 10, 3),
                        property_games=pick(args.property_games, 30, 5), seed=args.seed,
                        findings=not args.no_findings, full=args.full, checks=tuple(args.check or ()),
                        finding_ids=findings, quick=args.quick, reading=_reading(args, games),
                        cross_check=args.cross_check)


def _reading(args: argparse.Namespace, games: list[str]) -> Any:
    """The reading of ``--reading``/``--variant`` (``None``: each game's default reading)."""
    from ruleproof.checkers.cli.readingopts import reading_of
    from ruleproof.spec.errors import RuleproofError

    if not args.reading and not args.variant:
        return None
    if len(games) != 1:
        raise RuleproofError("--reading and --variant audit one game: name it (ruleproof audit GAME --variant ...)")
    return reading_of(games[0], args.variant, args.reading)


def _need_second_solver() -> None:
    """``--cross-check`` needs cvc5: a bad-input error (exit 2) that says how to install it."""
    from ruleproof.checkers.smt.cvc5_solver import available
    from ruleproof.spec.errors import RuleproofError

    if not available():
        raise RuleproofError("--cross-check re-decides the proofs with cvc5, which is not installed: "
                             "pip install 'ruleproof[cvc5]'")


def cmd_audit(args: argparse.Namespace) -> int:
    """Run the audit, printing each row as its check finishes."""
    from dataclasses import replace

    from ruleproof.checkers.analysis.audit import AuditRow, count_checks, run_audit
    from ruleproof.model.registry import available_games

    named = [*args.game, *args.game_option]
    if not named and args.reading:  # the reading file names its game
        from ruleproof.model.readings import load_reading

        named = [load_reading(args.reading).game]
    games = list(dict.fromkeys(game_arg(g) for g in named)) if named else list(available_games())
    if args.cross_check:
        _need_second_solver()
    options = _options(args, games)
    total = count_checks(games, options)
    console = None if args.json else out()
    if console is not None:
        header = _row_table(header=True)
        console.print(header)
    done = 0
    with Progress("audit", total, enabled=not args.quiet, unit="checks") as progress:

        def on_start(game: str, check: str, subject: str) -> None:
            progress.start(f"{game} {check} {subject}")

        def on_row(row: AuditRow) -> None:
            nonlocal done
            done += 1
            progress.finish(row.verdict, item=f"{row.game} {row.check} {row.subject}")
            if console is None:
                print_json("audit-row", {"index": done, "total": total, "row": row.to_json()}, lines=True)
            else:
                t = _row_table(header=False)
                _add_row(t, row)
                console.print(t)

        rows = run_audit(games, replace(options, on_start=on_start), on_row, jobs=args.jobs or default_jobs())
    failed = [r for r in rows if r.verdict == "fail"]
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
    if args.json:
        print_json("audit", {"games": games, "ok": not failed, "counts": counts, "rows": [r.to_json() for r in rows]},
                   lines=True)
    elif console is not None:
        summary = ", ".join(f"{n} {verdict}" for verdict, n in counts.items())
        console.print(f"{len(rows)} checks: {summary or 'none run'}")
    return EXIT_FAILED if failed else EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Add ``audit``."""
    p = sub.add_parser("audit", help="run every check for the chosen games; one row per check as it finishes")
    p.add_argument("game", nargs="*", help="games to audit (default: every game; any case)")
    p.add_argument("--game", dest="game_option", action="append", default=[], metavar="GAME",
                   help=argparse.SUPPRESS)
    add_variant(p, who=" (one game only)")
    p.add_argument("--reading", metavar="FILE",
                   help="audit under this reading file (one game; its flags, extra rules or derived engine)")
    p.add_argument("--check", action="append", type=str.lower, choices=CHECK_KINDS,
                   help="run only this kind of check (repeatable)")
    p.add_argument("--finding", action="append", metavar="ID", help="run only this finding (repeatable)")
    p.add_argument("--quick", action="store_true",
                   help="the smallest useful audit: one configuration per check, fewer games and sequences")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--conformance-games", type=int, help="random games per configuration (default 2; 1 with --quick)")
    p.add_argument("--fuzz-examples", type=int, help="state-machine runs per configuration (default 10; 3 with --quick)")
    p.add_argument("--property-games", type=int, help="random games per property (default 30; 5 with --quick)")
    p.add_argument("--no-findings", action="store_true", help="skip the solver and search catalogue")
    p.add_argument("--full", action="store_true", help="run the full (slow) findings catalogue")
    p.add_argument("--cross-check", action="store_true",
                   help="re-decide every unsat solver query and optimum bound of the findings with a second "
                        "solver (cvc5, from the exported SMT-LIB 2); a disagreement fails the row (exit 1)")
    add_jobs(p)
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_json(p, "print JSON Lines: one object per check as it finishes, then a summary")
    p.set_defaults(func=cmd_audit)
