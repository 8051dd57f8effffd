"""``ruleproof metrics GAME``: seat balance, decisiveness, length, branching, forced moves, spread, lead changes.

Registered in ``cli.main.COMMAND_MODULES``::

    ruleproof metrics take5 --players 4 --policy greedy --games 500 --plot take5.svg
    ruleproof metrics bigpoints --players 2 --policy ismcts --against random --games 100

The games are played by ``--policy`` (:mod:`ruleproof.checkers.cli.policyopts`)
under the reading of ``--reading``/``--variant``
(:mod:`ruleproof.checkers.analysis.metrics`). With ``--against P`` the first
policy plays one seat, rotating game by game, and the others play ``P``: the
report is its win share with a 95% interval beside the fair share. Prints a
table (``--json``: the JSON) and with ``--plot FILE.svg`` draws the seat
balance and the histograms (matplotlib). Exit 0: it measures; 2 for bad input.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["metrics", "take5", "--policy", "greedy", "--games", "3"])
>>> args.game, args.policy, args.games
('take5', 'greedy', 3)
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.checkers.cli.common import add_force, add_jobs, add_json, add_variant, default_jobs, game_arg
from ruleproof.checkers.cli.output import out, plural, print_json, table
from ruleproof.checkers.cli.policyopts import add_policy, seats_of
from ruleproof.checkers.cli.progress import Progress
from ruleproof.checkers.cli.readingopts import add_reading, reading_of

__all__ = ["MAX_GAMES", "add_subcommand", "cmd_metrics"]

#: The most games one run plays (each game's statistics are kept in memory).
MAX_GAMES = 1_000_000


def _players(engine: Any, variant: Any) -> int:
    """3 players where the reading allows them, else 2, 4, … (as ``diff`` chooses)."""
    from ruleproof.checkers.analysis.diff import player_counts

    counts = player_counts(engine, variant)
    return next(n for n in (3, 2, 4, *counts) if n in counts)


def cmd_metrics(args: argparse.Namespace) -> int:
    """Run ``ruleproof metrics`` (see the module docstring)."""
    from ruleproof.checkers.analysis.metrics import metrics, metrics_svg
    from ruleproof.model.io.outputs import check_target, write_atomic
    from ruleproof.spec.errors import RuleproofError

    reading = reading_of(game_arg(args.game), args.variant, args.reading)
    engine, variant = reading.engine, reading.variant
    if not 1 <= args.games <= MAX_GAMES:
        raise RuleproofError(f"--games must be from 1 to {MAX_GAMES:,}; got {args.games}")
    if args.plot and not args.plot.lower().endswith(".svg"):
        raise RuleproofError(f"--plot writes SVG only; give a file name ending in .svg, not {args.plot!r}")
    if args.plot:
        check_target(args.plot, args.force)
    players = args.players if args.players is not None else _players(engine, variant)
    engine.initial_state(players, variant)  # a player count the reading refuses is bad input
    seats = seats_of(args.policy, engine)
    against = None
    if args.against is not None:
        if len(seats.policies) != 1:
            raise RuleproofError("--against measures one policy: give --policy a single policy, not seat by seat")
        against = seats_of(args.against, engine).policies[0]
        if len(seats_of(args.against, None).policies) != 1:
            raise RuleproofError("--against takes one policy")
    with Progress(f"measuring {engine.name}", args.games, enabled=not args.quiet,
                  every=max(1, args.games // 10), unit="games") as progress:
        progress.start(plural(args.games, "game"))
        result = metrics(engine, players, variant, seats, games=args.games, seed=args.seed,
                         jobs=args.jobs or default_jobs(), against=against,
                         on_game=lambda index: progress.finish(item=""))
    if args.plot:
        write_atomic(args.plot, metrics_svg(result), force=args.force)
    data = result.to_json()
    data["reading"] = reading.describe()
    data["plot"] = args.plot
    if args.json:
        print_json("metrics", data)
        return 0
    _print(data)
    if args.plot:
        out().print(f"plots written to {args.plot}", markup=False)
    return 0


def _print(data: dict[str, Any]) -> None:
    console = out()
    head = (f"{data['game']}: {data['games']:,} games, {data['players']} players, seed {data['seed']}, "
            f"policy {data['policy']}, reading {data['reading']}")
    console.print(head, markup=False)
    strength = data["strength"]
    if strength:
        low, high = strength["ci95"]
        verdict = "beats" if strength["beats_fair_share"] else "does not clearly beat"
        console.print(f"{strength['policy']} (one seat, rotating) against {strength['against']}: win share "
                      f"{strength['win_share']:.1%} (95% CI {low:.1%} to {high:.1%}); fair share "
                      f"{strength['fair_share']:.1%}: it {verdict} it", markup=False)
    seats = table("seat", "win share", "95% CI", "mean score", title="Seat balance")
    for row in data["seats"]:
        seats.add_row(str(row["seat"]), f"{row['win_share']:.1%}", f"{row['ci95'][0]:.1%} to {row['ci95'][1]:.1%}",
                      f"{row['mean_score']:.2f}")
    console.print(seats)
    balance = data["balance"]
    rows = table("metric", "value", title="Metrics")
    if balance and balance["p_value"] is not None:
        rows.add_row("balance: largest gap to the fair share", f"{balance['max_gap']:.1%} (χ² test of equal "
                     f"shares p = {balance['p_value']:.3g})")
    rows.add_row("decisive games (one winner)", f"{data['decisive_share']:.1%}")
    if data["lead_settled_at"] is not None:
        rows.add_row("winner led for good from", f"{data['lead_settled_at']:.0%} of the decisions (mean)")
    for key, label in (("length", "moves a game (chance included)"), ("decisions", "decisions a game"),
                       ("score_spread", "score spread (best - worst)"), ("lead_changes", "lead changes a game")):
        s = data[key]
        rows.add_row(label, f"{s['mean']:.1f} (min {s['min']:g}, max {s['max']:g})")
    rows.add_row("branching (legal moves a decision)", f"{data['branching']:.2f}")
    rows.add_row("forced moves (one legal move)", f"{data['forced_share']:.1%}")
    console.print(rows)


def add_subcommand(sub: Any) -> None:
    """Add ``metrics`` to the subparsers ``sub`` of the ``ruleproof`` parser."""
    p = sub.add_parser(
        "metrics", help="game metrics under a policy: seat balance, decisiveness, length, branching, lead changes",
        description="Play seeded games with --policy and measure seat balance (win share per seat with 95%% "
                    "intervals), decisiveness, length, branching factor, forced moves, score spread and lead "
                    "changes; --against P measures the policy's strength against P instead (its seat rotating). "
                    "Prints a table or --json; --plot FILE.svg draws them (matplotlib).")
    p.add_argument("game", help="game id (see `ruleproof games`; any case)")
    add_variant(p)
    add_reading(p)
    p.add_argument("--players", type=int, help="number of seats (default: 3 where allowed, else 2, 4, ...)")
    p.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0); game i is keyed by (seed, i)")
    add_policy(p)
    p.add_argument("--against", metavar="POLICY",
                   help="measure --policy's strength: it plays one seat (rotating game by game), POLICY the others")
    p.add_argument("--plot", metavar="FILE.svg", help="draw seat balance and histograms of length, spread and lead "
                   "changes as SVG")
    add_force(p)
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_jobs(p)
    add_json(p)
    p.set_defaults(func=cmd_metrics)
