"""``ruleproof graph``: explore a reduced configuration and export its state graph.

Register with ``cli.EXTENSIONS.append(add_subcommand)``.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["graph", "bigpoints", "--config", "tiny", "--format", "dot"])
>>> args.format, args.config
('dot', 'tiny')
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_force, add_layout
from ruleproof.model.io.outputs import check_target, write_atomic
from ruleproof.spec.core import parse_variant_assignments
from ruleproof.spec.errors import RuleproofError


def cmd_graph(args: argparse.Namespace) -> int:
    """Explore and export; the summary goes to standard error when the graph goes to standard output."""
    # networkx loads with the explorer, only when a graph is asked for (not for --help).
    from ruleproof.checkers.explore.statespace import config_for, config_names, explore

    from ruleproof.checkers.cli.common import game_arg
    from ruleproof.model.registry import game_for

    args.game = game_arg(args.game)  # validates the id with the registry's message
    game_for(args.game)
    reading = None
    if args.reading:
        from ruleproof.checkers.cli.readingopts import reading_of

        reading = reading_of(args.game, [], args.reading)
    names = config_names(args.game)
    if not names:
        if args.output:
            check_target(args.output, args.force)
        ex = _explore_whole(args, reading)
    else:
        flags: dict[str, Any] = {}
        if reading is not None:
            flags.update(reading.changed_flags())
        if args.variant:
            base = config_for(args.game, args.config).variant
            variant = parse_variant_assignments(type(base), args.variant)
            flags.update({k: getattr(variant, k) for k in {a.partition("=")[0].strip() for a in args.variant}})
        config = config_for(args.game, args.config, **flags)
        if args.output:
            check_target(args.output, args.force)
        engine = game_for(args.game) if reading is None else reading.engine
        ex = explore(engine, config.initial_states(), frontier=config.frontier, max_states=config.max_states,
                     config=config, key=config.key)
    if args.json:  # the summary as JSON on standard output; the graph only to --output
        from ruleproof.checkers.cli.output import print_json

        if args.output:  # without --output the graph goes nowhere: not rendered (seconds for a large graph)
            write_atomic(args.output, _render(ex, args), force=args.force)
        states, edges = ex.size()
        print_json("graph", {"game": args.game, "config": args.config, "states": states, "edges": edges,
                             "complete": ex.complete, "summary": ex.summary(), "output": args.output})
        return 0
    text = _render(ex, args)
    if args.output:
        write_atomic(args.output, text, force=args.force)
    else:
        sys.stdout.write(text)
    print(ex.summary(), file=sys.stderr)
    return 0


def _render(ex: Any, args: argparse.Namespace) -> str:
    """The graph as text in the asked format (GraphML through a temporary file: networkx writes files)."""
    from ruleproof.checkers.explore.statespace import to_dot, to_graphml

    if args.format == "dot":
        return to_dot(ex)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "graph.graphml"
        to_graphml(ex, path, states=not args.no_states)
        return path.read_text(encoding="utf-8")


def _explore_whole(args: argparse.Namespace, reading: Any) -> Any:
    """A game with no reduced configuration (a plugin game): explore it whole from its initial state, bounded."""
    from ruleproof.checkers.explore.statespace import explore
    from ruleproof.model.io.readings import reading_from_flags

    if reading is None:
        reading = reading_from_flags(args.game, list(args.variant))
    engine = reading.engine
    players = args.players or engine.spec.min_players
    ex = explore(engine, [engine.initial_state(players, reading.variant)], max_states=args.max_states)
    if not ex.complete:
        raise RuleproofError(f"game {args.game!r} has no reduced configuration (the explorer's configurations are "
                             f"built in for the five rulebooks) and its whole game has more than {args.max_states} "
                             "states from the initial state; raise --max-states or add a configuration")
    return ex


def add_subcommand(sub: Any) -> None:
    """Add ``graph`` to the ``ruleproof`` subcommands."""
    p = sub.add_parser("graph", help="explore a reduced configuration exhaustively and export its state graph")
    p.add_argument("game", help="game id")
    p.add_argument("--config", default="small",
                   help="reduced configuration (default small; e.g. take5: small, fullrow; bigpoints: small, tiny, "
                        "blacks; ikebana: small, dry; bigfive: small, uneven; cinco: small)")
    p.add_argument("--format", choices=("graphml", "dot"), default="graphml", help="output format (default graphml)")
    p.add_argument("--output", metavar="FILE", help="write to FILE instead of standard output")
    add_force(p)
    p.add_argument("--variant", action="append", default=[], metavar="FLAG=VALUE",
                   help="set a variant flag on top of the configuration's own")
    add_layout(p)
    p.add_argument("--no-states", action="store_true", help="GraphML without each state's repr")
    p.add_argument("--json", action="store_true",
                   help="print the summary (states, moves) as JSON; the graph goes only to --output")
    p.add_argument("--reading", metavar="FILE",
                   help="explore under this reading file (its flags on top of the configuration's; its extra rules "
                        "or derived engine; a reading file with rules = PLUGIN.py runs that Python file)")
    p.add_argument("--players", type=int, metavar="N",
                   help="seats, for a game without reduced configurations (explored whole; default: its least)")
    p.add_argument("--max-states", type=int, default=200_000, metavar="N",
                   help="bound for a game explored whole (default 200000)")
    p.set_defaults(func=cmd_graph)
