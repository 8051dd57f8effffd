"""The ``ruleproof`` command line.

Exit codes: 0 success; 1 a check failed (an illegal move, a failed audit row);
2 bad input or usage (unknown game, malformed record, bad flag). User errors
print one line starting with ``error:`` and never a traceback. Every command
that reports takes ``--json``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.core import parse_variant_assignments, variant_choices, variant_to_dict
from ruleproof.spec.errors import RecordError, RuleproofError
from ruleproof.spec.registry import check_game_id

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

# Wide tables stay readable when the output goes to a file or a CI log.
out = Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 200)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _progress(enabled: bool) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=err, transient=True, disable=not enabled)


def _game_arg(name: str) -> str:
    return check_game_id(name, available_games())


# -- games and rules ----------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    for game_id in available_games():
        game = game_for(game_id)
        spec = game.spec
        rows.append({"id": game_id, "title": spec.title, "players": [spec.min_players, spec.max_players],
                     "rules": len(spec.rules), "ambiguities": len(spec.ambiguities), "rulebook": spec.rulebook})
    if args.json:
        _print_json(rows)
        return EXIT_OK
    table = Table("id", "title", "players", "rules", "ambiguities", "rulebook")
    for r in rows:
        table.add_row(r["id"], r["title"], f"{r['players'][0]}–{r['players'][1]}", str(r["rules"]),
                      str(r["ambiguities"]), r["rulebook"])
    out.print(table)
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    spec = game_for(_game_arg(args.game)).spec
    variant = spec.variant_type()
    flags: list[dict[str, Any]] = [{"flag": name, "default": value, "choices": list(variant_choices(spec.variant_type, name))}
             for name, value in variant_to_dict(variant).items()]
    rules: list[dict[str, Any]] = [{"id": r.id, "title": r.title, "kind": r.kind.value, "text": r.text, "source": str(r.source),
              "flags": list(r.flags)} for r in spec.rules]
    ambiguities: list[dict[str, Any]] = [{"id": a.id, "question": a.question, "quote": a.quote, "source": str(a.source),
                    "readings": [{"value": x.value, "description": x.description} for x in a.readings],
                    "default": a.default, "flag": a.flag, "rules": list(a.rule_ids)} for a in spec.ambiguities]
    if args.json:
        _print_json({"game": spec.name, "title": spec.title, "rulebook": spec.rulebook, "rules": rules,
                     "ambiguities": ambiguities, "flags": flags})
        return EXIT_OK
    out.print(f"[bold]{spec.title}[/bold] — rulebook {spec.rulebook}, {len(rules)} rules\n")
    table = Table("id", "kind", "rule", "source", show_lines=True)
    for r in rules:
        flagged = f"\n[dim]flags: {', '.join(r['flags'])}[/dim]" if r["flags"] else ""
        table.add_row(r["id"], r["kind"], f"[bold]{r['title']}[/bold]: {r['text']}{flagged}", r["source"])
    out.print(table)
    amb = Table("id", "question", "readings", "default", "flag", show_lines=True, title="Ambiguities")
    for a in ambiguities:
        readings = "\n".join(f"{x['value']!r}: {x['description']}" for x in a["readings"])
        amb.add_row(a["id"], a["question"], readings, repr(a["default"]), a["flag"] or "(fixed)")
    out.print(amb)
    flag_table = Table("flag", "default", "choices", title="Variant flags (--variant flag=value)")
    for f in flags:
        flag_table.add_row(f["flag"], repr(f["default"]), ", ".join(map(repr, f["choices"])) or "any")
    out.print(flag_table)
    return EXIT_OK


# -- simulate -------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    from ruleproof.checkers.checks.simulate import simulate

    game = game_for(_game_arg(args.game))
    variant = parse_variant_assignments(game.variant_type, args.variant)
    game.initial_state(args.players, variant)  # validates the player count
    if args.games < 1:
        raise RuleproofError(f"--games must be at least 1; got {args.games!r}")
    with _progress(not args.json and args.games >= 20) as progress:
        task = progress.add_task(f"simulating {game.name}", total=args.games)
        stats, record = simulate(game, args.players, variant, games=args.games, seed=args.seed,
                                 rule_stats=not args.no_rule_stats, on_game=lambda _: progress.advance(task))
    if args.record:
        Path(args.record).write_text(record.dumps(), encoding="utf-8")
    data = stats.to_json()
    if args.json:
        _print_json(data)
        return EXIT_OK
    length = data["length"]
    out.print(f"{game.spec.title}: {stats.games} random games, {args.players} players, seed {args.seed}")
    out.print(f"game length (moves, chance included): mean {length['mean']:.1f}, min {length['min']}, max {length['max']}")
    seats = Table("seat", "mean score", "min", "max", "win share")
    for row in data["seats"]:
        seats.add_row(str(row["seat"]), f"{row['mean_score']:.2f}", f"{row['min_score']:g}", f"{row['max_score']:g}",
                      f"{row['win_share']:.1%}")
    out.print(seats)
    if data["rules_fired"]:
        fired = Table("rule", "fired")
        for rule_id, count in data["rules_fired"].items():
            fired.add_row(rule_id, str(count))
        out.print(fired)
    if args.record:
        out.print(f"record of game 0 written to {args.record}")
    return EXIT_OK


# -- validate -------------------------------------------------------------------


def cmd_validate(args: argparse.Namespace) -> int:
    from ruleproof.checkers.checks.validate import validate_record
    from ruleproof.model.records import load_record

    record = load_record(args.record)
    try:
        result = validate_record(record)
    except RecordError as exc:
        raise RecordError(exc.args[0], exc.path, exc.move_index, str(args.record)) from None
    if args.json:
        _print_json({"file": str(args.record), **result.to_json()})
    else:
        out.print(f"{args.record}: {result}")
    return EXIT_OK if result.ok else EXIT_FAILED


# -- audit ------------------------------------------------------------------------

_VERDICT_STYLE = {"pass": "green", "fail": "bold red", "unknown": "yellow"}


def cmd_audit(args: argparse.Namespace) -> int:
    from ruleproof.checkers.analysis.audit import AuditOptions, run_audit

    games = [_game_arg(g) for g in args.game] if args.game else list(available_games())
    options = AuditOptions(conformance_games=args.conformance_games, fuzz_examples=args.fuzz_examples,
                           property_games=args.property_games, seed=args.seed, findings=not args.no_findings,
                           full=args.full)
    with _progress(not args.json) as progress:
        task = progress.add_task("auditing", total=None)

        def on_row(row: Any) -> None:
            progress.update(task, description=f"auditing {row.game}: {row.check} {row.subject}"[:70])
            progress.advance(task)

        rows = run_audit(games, options, on_row)
    failed = [r for r in rows if r.verdict == "fail"]
    if args.json:
        _print_json({"games": games, "ok": not failed, "rows": [r.to_json() for r in rows]})
    else:
        table = Table("game", "check", "subject", "verdict", "detail", "s", show_lines=False)
        for r in rows:
            style = _VERDICT_STYLE.get(r.verdict, "")
            table.add_row(r.game, r.check, r.subject, f"[{style}]{r.verdict}[/{style}]", r.detail, f"{r.seconds:.1f}")
        out.print(table)
        counts = {v: sum(1 for r in rows if r.verdict == v) for v in ("pass", "fail", "unknown")}
        out.print(f"{len(rows)} checks: {counts['pass']} pass, {counts['fail']} fail, {counts['unknown']} unknown")
    return EXIT_FAILED if failed else EXIT_OK


# -- fuzz -------------------------------------------------------------------------


def cmd_fuzz(args: argparse.Namespace) -> int:
    from hypothesis import HealthCheck, settings
    from hypothesis.stateful import run_state_machine_as_test

    from ruleproof.checkers.checks.fuzz import machine_for

    game = game_for(_game_arg(args.game))
    variant = parse_variant_assignments(game.variant_type, args.variant)
    game.initial_state(args.players, variant)  # validates the player count
    machine = machine_for(game.name, args.players, variant)
    config = settings(max_examples=args.examples, stateful_step_count=args.steps, deadline=None, database=None,
                      suppress_health_check=list(HealthCheck), derandomize=args.seed is None,
                      print_blob=True)
    if args.seed is not None:
        config = settings(config, derandomize=False)
    try:
        if args.seed is not None:
            from hypothesis import seed as hypothesis_seed

            hypothesis_seed(args.seed)(run_state_machine_as_test)(machine, settings=config)
        else:
            run_state_machine_as_test(machine, settings=config)
    except AssertionError as exc:
        data = {"game": game.name, "players": args.players, "ok": False, "error": str(exc)}
        if args.json:
            _print_json(data)
        else:
            out.print(f"[bold red]disagreement found[/bold red] (the failing program is printed above):\n{exc}")
        return EXIT_FAILED
    data = {"game": game.name, "players": args.players, "ok": True, "examples": args.examples, "steps": args.steps}
    if args.json:
        _print_json(data)
    else:
        out.print(f"ok: {args.examples} move sequences of up to {args.steps} steps, engine and spec agree")
    return EXIT_OK


# -- schema -----------------------------------------------------------------------


def cmd_schema(args: argparse.Namespace) -> int:
    from ruleproof.model.records import RECORD_SCHEMA

    schemas: dict[str, Callable[[], dict[str, Any]]] = {"record": lambda: RECORD_SCHEMA}
    try:
        proofs = importlib.import_module("ruleproof.checkers.proofs.core")
    except ImportError:
        pass
    else:
        schemas["certificate"] = lambda: dict(proofs.CERTIFICATE_SCHEMA)
    if args.kind not in schemas:
        raise RuleproofError(f"unknown schema {args.kind!r}; available: {', '.join(schemas)}")
    text = json.dumps(schemas[args.kind](), indent=2, ensure_ascii=False) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return EXIT_OK


# -- parser -----------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also used to generate the CLI reference in the docs)."""
    parser = argparse.ArgumentParser(
        prog="ruleproof",
        description="Tabletop rulebooks as executable specifications: rules, engines, fuzzing and proofs.",
        epilog="Exit codes: 0 ok, 1 a check failed or a move is illegal, 2 bad input or usage.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("games", help="list the games with a specification and an engine")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("rules", help="a game's rules, ambiguities and variant flags")
    p.add_argument("game", help="game id (see `ruleproof games`)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("simulate", help="random playouts with statistics")
    p.add_argument("game", help="game id")
    p.add_argument("--players", type=int, required=True, help="number of seats")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--variant", action="append", default=[], metavar="FLAG=VALUE",
                   help="set a variant flag; repeat for several (see `ruleproof rules GAME`)")
    p.add_argument("--record", metavar="FILE", help="write the first game's record to FILE")
    p.add_argument("--no-rule-stats", action="store_true", help="skip counting which rules fired (faster)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("validate", help="check every move of a game record")
    p.add_argument("record", help="path of a JSON game record")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("audit", help="run every check for the chosen games and print a findings table")
    p.add_argument("--game", action="append", metavar="GAME", help="audit only this game (repeatable)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--conformance-games", type=int, default=2, help="random games per configuration (default 2)")
    p.add_argument("--fuzz-examples", type=int, default=10, help="state-machine runs per configuration (default 10)")
    p.add_argument("--property-games", type=int, default=30, help="random games per property (default 30)")
    p.add_argument("--no-findings", action="store_true", help="skip the solver and search catalogue")
    p.add_argument("--full", action="store_true", help="run the full (slow) findings catalogue")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("fuzz", help="drive engine and spec through Hypothesis-chosen move sequences")
    p.add_argument("game", help="game id")
    p.add_argument("--players", type=int, required=True, help="number of seats")
    p.add_argument("--examples", type=int, default=100, help="move sequences to try (default 100)")
    p.add_argument("--steps", type=int, default=200, help="steps per sequence (default 200)")
    p.add_argument("--seed", type=int, help="random seed (default: derandomised, reproducible)")
    p.add_argument("--variant", action="append", default=[], metavar="FLAG=VALUE", help="set a variant flag")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_fuzz)

    p = sub.add_parser("schema", help="print a published JSON Schema")
    p.add_argument("kind", nargs="?", default="record", help="record (default) or certificate")
    p.add_argument("--output", metavar="FILE", help="write to FILE instead of standard output")
    p.set_defaults(func=cmd_schema)

    for module_name in EXTENSION_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        module.add_subcommand(sub)
    return parser


#: Modules that each add subcommands through ``add_subcommand(subparsers)``
#: (kept apart so each command lives in its own module).
EXTENSION_MODULES: tuple[str, ...] = (
    "ruleproof.checkers.cli.score",
    "ruleproof.checkers.cli.proofs",
    "ruleproof.checkers.cli.graph",
    "ruleproof.checkers.cli.diff",
    "ruleproof.checkers.analysis.traceability",
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except RecordError as exc:
        err.print(f"error: {exc}", markup=False)
        return EXIT_USAGE
    except RuleproofError as exc:
        err.print(f"error: {exc}", markup=False)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        err.print("interrupted")
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
