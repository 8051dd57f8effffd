"""``ruleproof sweep GAME FLAG=v1,v2,…``: one flag over several values, play and findings for each.

For each value the reading with that value is compared with the base reading
(the rulebook's, or ``--reading``/``--variant``) on the same seeded paired
games, and every catalogue question is asked under it
(:mod:`ruleproof.checkers.analysis.sweep`). The command prints a table, writes
``sweep.json`` and ``sweep.svg`` into ``--dir`` (default
``sweep-GAME-FLAG``), and with ``--json`` prints the JSON instead of the
table. A finding that reveals a defect under some value is reported, not
hidden; the sweep itself measures and exits 0 unless its input is bad (2).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_force, add_jobs, add_json, add_variant, default_jobs, game_arg
from ruleproof.checkers.cli.output import out, print_json
from ruleproof.checkers.cli.policyopts import DEFAULT_MAX_GAMES, add_policy, add_precision, first_look, seats_of
from ruleproof.checkers.cli.progress import Progress
from ruleproof.checkers.cli.readingopts import add_reading, reading_of

#: The most paired games a value may take (the sweep runs one comparison per value).
MAX_GAMES = 1_000_000


def _assignment(text: str) -> tuple[str, list[str]]:
    """``FLAG=v1,v2,…`` → ``(flag, [v1, v2, …])``; a tuple flag's values are separated by ``;``."""
    from ruleproof.spec.errors import RuleproofError

    flag, sep, rest = text.partition("=")
    if not sep or not flag.strip() or not rest.strip():
        raise RuleproofError(f"expected FLAG=VALUE,VALUE,... ; got {text!r}")
    separator = ";" if ";" in rest else ","
    values = [v.strip() for v in rest.split(separator) if v.strip()]
    return flag.strip(), values


def cmd_sweep(args: argparse.Namespace) -> int:
    """Run ``ruleproof sweep`` (see the module docstring)."""
    from ruleproof.checkers.analysis.diff import choose_players
    from ruleproof.checkers.analysis.sweep import sweep, sweep_svg
    from ruleproof.model.io.outputs import check_target, write_atomic
    from ruleproof.spec.errors import RuleproofError

    gid = game_arg(args.game)
    flag, values = _assignment(args.assignment)
    if not 1 <= args.games <= MAX_GAMES:
        raise RuleproofError(f"--games must be from 1 to {MAX_GAMES:,}; got {args.games}")
    reading = reading_of(gid, args.variant, args.reading)
    seats = seats_of(args.policy, reading.engine)
    precision = None
    if args.ci_width is not None:
        from ruleproof.checkers.analysis.sequential import Precision

        precision = Precision(args.ci_width, args.ci_on, max_games=args.max_games, first=first_look(args))
    elif args.ci_on != "winners" or args.max_games != DEFAULT_MAX_GAMES or args.first_look != 100:
        raise RuleproofError("--ci-on, --max-games and --first-look go with --ci-width W (the width to reach)")
    folder = Path(args.dir or f"sweep-{gid}-{flag}")
    targets = (folder / "sweep.json", folder / "sweep.svg")
    if not folder.exists():
        try:
            folder.mkdir(parents=True)
        except OSError as exc:
            raise RuleproofError(f"cannot make the folder {str(folder)!r}: {exc.strerror}") from None
    for target in targets:
        check_target(target, args.force)  # before the work, not after
    if args.players is None:
        players, _ = choose_players(reading.base, reading.variant, reading.variant)
    else:
        players = args.players
    steps = len(values) * (1 + (0 if args.no_findings else 12))
    with Progress(f"sweeping {flag} of {gid}", steps, enabled=not args.quiet, unit="steps") as progress:
        started: list[str] = []

        def on_step(label: str) -> None:
            if started:
                progress.finish(item=started[-1])
            started.append(label)
            progress.start(label)

        result = sweep(reading, flag, values, players=players, games=args.games, seed=args.seed,
                       findings=not args.no_findings, jobs=args.jobs or default_jobs(), on_step=on_step,
                       seats=None if seats.all_random else seats, precision=precision)
        if started:
            progress.finish(item=started[-1])
    data = result.to_json()
    write_atomic(targets[0], json.dumps(data, indent=1, ensure_ascii=False) + "\n", force=args.force)
    write_atomic(targets[1], sweep_svg(result), force=args.force)
    data["files"] = [str(t) for t in targets]
    if args.json:
        print_json("sweep", data)
        return 0
    _print_table(data)
    out().print(f"written: {targets[0]} and {targets[1]}", markup=False)
    return 0


def _print_table(data: dict[str, Any]) -> None:
    """One column a value, one row a measure or finding (values are few, findings many)."""
    from rich.table import Table

    console = out()
    games = f"{data['games']} paired games a value" if not data["precision"] else "paired games to the target"
    console.print(f"{data['game']}: {data['flag']} swept, {data['players']} players, {games} (seed {data['seed']}, "
                  f"policy {data['policy']}), against {data['reading'] or 'the rulebook'}", markup=False)
    if data["precision"]:
        console.print(f"stopping: {data['precision']}", markup=False)
    points = data["points"]
    table = Table(show_lines=False)
    table.add_column(data["flag"], no_wrap=True)
    for point in points:
        table.add_column(str(point["value"]), no_wrap=True)
    rates = []
    for point in points:
        low, high = point["winners_changed_ci95"]
        rates.append(f"{point['winners_changed_rate']:.0%} ({low:.0%}-{high:.0%})")
    table.add_row("winner changes (95% CI)" if not data["precision"] else "winner changes (plain 95% CI)", *rates)
    if data["precision"]:
        cells = []
        for point in points:
            found = point["figures"] or {}
            entry = found.get(point["stopping"]["target"] if point["stopping"]["target"] != "score" else "score", {})
            ci = entry.get("ci") or [float("nan"), float("nan")]
            cells.append(f"n={point['games']:,}: {ci[0]:.3g} to {ci[1]:.3g}"
                         + ("" if point["stopping"]["met"] else " (cap)"))
        table.add_row(f"{points[0]['stopping']['target']} interval at the stop", *cells)
        table.add_row("dispute arises (share of games)",
                      *[f"{(p['figures'] or {}).get('arises', {}).get('rate', 0):.1%}" for p in points])
    table.add_row("moves a game", *[f"{p['mean_length']:.0f}" for p in points])
    ids = [f["id"] for f in points[0]["findings"]] if points else []
    for index, finding in enumerate(ids):
        cells = []
        for point in points:
            answer = point["findings"][index]
            number = answer["number"]
            cells.append(answer["verdict"] + (f" {number:g}" if number is not None else ""))
        table.add_row(finding, *cells)
    console.print(table)


def add_subcommand(sub: Any) -> None:
    """Add ``sweep`` to the subparsers ``sub`` of the ``ruleproof`` parser."""
    p = sub.add_parser(
        "sweep", help="one flag over several values: play and every finding for each",
        description="For each value of a flag (a rule constant such as row_capacity, or any other flag), compare "
                    "the reading with that value against the base reading on the same seeded paired games "
                    "(winner changes with a 95% interval, game length) and ask every catalogue question under it. "
                    "Prints a table and writes sweep.json and sweep.svg (matplotlib) into --dir.")
    p.add_argument("game", help="game id (see `ruleproof games`; any case)")
    p.add_argument("assignment", metavar="FLAG=V1,V2,...",
                   help="the flag and its values (a tuple flag's values separated by ';')")
    add_variant(p, who=" in the base reading")
    add_reading(p, who=" (the base reading)")
    p.add_argument("--players", type=int, help="number of seats (default: a count every value allows)")
    p.add_argument("--games", type=int, default=100, help="paired games a value (default 100)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    add_policy(p)
    add_precision(p)
    p.add_argument("--no-findings", action="store_true", help="play only; do not ask the catalogue questions")
    p.add_argument("--dir", metavar="DIR", help="where to write sweep.json and sweep.svg (default sweep-GAME-FLAG)")
    add_force(p)
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_jobs(p)
    add_json(p)
    p.set_defaults(func=cmd_sweep)
