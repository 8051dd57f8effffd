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

from ruleproof.model.outputs import check_target, write_atomic
from ruleproof.spec.core import parse_variant_assignments
from ruleproof.spec.errors import RuleproofError


def cmd_graph(args: argparse.Namespace) -> int:
    """Explore and export; the summary goes to standard error when the graph goes to standard output."""
    # networkx loads with the explorer, only when a graph is asked for (not for --help).
    from ruleproof.checkers.explore.statespace import config_for, config_names, explore_config, to_dot, to_graphml

    from ruleproof.model.registry import game_for

    names = config_names(args.game)
    if not names:
        raise RuleproofError(f"no reduced configurations for {args.game!r}")
    flags: dict[str, Any] = {}
    if args.variant:
        base = config_for(args.game, args.config).variant
        variant = parse_variant_assignments(type(base), args.variant)
        flags = {k: getattr(variant, k) for k in {a.partition("=")[0].strip() for a in args.variant}}
    game_for(args.game)  # validates the id with the registry's message
    config = config_for(args.game, args.config, **flags)
    if args.output:
        check_target(args.output, args.force)
    ex = explore_config(config)
    if args.format == "dot":
        text = to_dot(ex)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "graph.graphml"
            to_graphml(ex, path, states=not args.no_states)
            text = path.read_text(encoding="utf-8")
    if args.output:
        write_atomic(args.output, text, force=args.force)
    else:
        sys.stdout.write(text)
    print(ex.summary(), file=sys.stderr)
    return 0


def add_subcommand(sub: Any) -> None:
    """Add ``graph`` to the ``ruleproof`` subcommands."""
    p = sub.add_parser("graph", help="explore a reduced configuration exhaustively and export its state graph")
    p.add_argument("game", help="game id")
    p.add_argument("--config", default="small",
                   help="reduced configuration (default small; e.g. take5: small, fullrow; bigpoints: small, tiny, "
                        "blacks; ikebana: small, dry; bigfive: small, uneven; cinco: small)")
    p.add_argument("--format", choices=("graphml", "dot"), default="graphml", help="output format (default graphml)")
    p.add_argument("--output", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--force", action="store_true", help="replace output files that already exist")
    p.add_argument("--variant", action="append", default=[], metavar="FLAG=VALUE",
                   help="set a variant flag on top of the configuration's own")
    p.add_argument("--no-states", action="store_true", help="GraphML without each state's repr")
    p.set_defaults(func=cmd_graph)
