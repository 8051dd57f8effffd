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

from ruleproof.checkers.cli.common import add_json, game_arg
from ruleproof.checkers.cli.output import EXIT_FAILED, EXIT_OK, out, print_json, table

_VERDICT_STYLE = {"pass": "green", "fail": "bold red", "unknown": "yellow"}


def cmd_audit(args: argparse.Namespace) -> int:
    """Run the audit."""
    from ruleproof.checkers.analysis.audit import AuditOptions, run_audit
    from ruleproof.model.registry import available_games

    named = [*args.game, *args.game_option]
    games = list(dict.fromkeys(game_arg(g) for g in named)) if named else list(available_games())
    options = AuditOptions(conformance_games=args.conformance_games, fuzz_examples=args.fuzz_examples,
                           property_games=args.property_games, seed=args.seed, findings=not args.no_findings,
                           full=args.full)
    rows = run_audit(games, options)
    failed = [r for r in rows if r.verdict == "fail"]
    if args.json:
        print_json("audit", {"games": games, "ok": not failed, "rows": [r.to_json() for r in rows]})
    else:
        t = table("game", "check", "subject", "verdict", "detail", "s")
        for r in rows:
            style = _VERDICT_STYLE.get(r.verdict, "")
            t.add_row(r.game, r.check, r.subject, f"[{style}]{r.verdict}[/{style}]", r.detail, f"{r.seconds:.1f}")
        out().print(t)
    return EXIT_FAILED if failed else EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Add ``audit``."""
    p = sub.add_parser("audit", help="run every check for the chosen games; one row per check as it finishes")
    p.add_argument("game", nargs="*", help="games to audit (default: every game; any case)")
    p.add_argument("--game", dest="game_option", action="append", default=[], metavar="GAME",
                   help=argparse.SUPPRESS)
    p.add_argument("--check", action="append", metavar="KIND", help="run only this kind of check (repeatable)")
    p.add_argument("--finding", action="append", metavar="ID", help="run only this finding (repeatable)")
    p.add_argument("--quick", action="store_true", help="the smallest useful audit (one configuration per check)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--conformance-games", type=int, default=2, help="random games per configuration (default 2)")
    p.add_argument("--fuzz-examples", type=int, default=10, help="state-machine runs per configuration (default 10)")
    p.add_argument("--property-games", type=int, default=30, help="random games per property (default 30)")
    p.add_argument("--no-findings", action="store_true", help="skip the solver and search catalogue")
    p.add_argument("--full", action="store_true", help="run the full (slow) findings catalogue")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_json(p, "print JSON Lines: one object per check as it finishes, then a summary")
    p.set_defaults(func=cmd_audit)
