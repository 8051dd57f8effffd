"""``ruleproof simulate``, ``validate`` and ``fuzz``: play, check and fuzz the engines.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["simulate", "take5", "--players", "3", "--rule-stats"])
>>> args.games, args.rule_stats
(100, True)
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_force, add_jobs, add_json, add_layout, add_variant, default_jobs
from ruleproof.checkers.cli.output import (
    EXIT_FAILED,
    EXIT_OK,
    out,
    plural,
    print_json,
    print_table,
    print_text,
)
from ruleproof.checkers.cli.policyopts import add_policy, seats_of
from ruleproof.checkers.cli.progress import Progress
from ruleproof.checkers.cli.readingopts import add_reading, reading_of
from ruleproof.model.io.outputs import check_target, write_atomic
from ruleproof.spec.errors import RecordError, RuleproofError


#: The most games one ``simulate`` run plays (its statistics are kept in memory, a few hundred bytes a game;
#: ``ruleproof campaign simulate`` runs more, in resumable chunks on disk).
MAX_SIMULATE_GAMES = 1_000_000
#: The most move sequences one ``fuzz`` run tries (``ruleproof campaign fuzz`` runs more).
MAX_FUZZ_EXAMPLES = 1_000_000
#: The most steps of one fuzzed move sequence (every game ends long before: see ``Game.max_game_length``).
MAX_FUZZ_STEPS = 100_000


def _count(name: str, value: int, limit: int, limit_name: str) -> None:
    """A usage error unless ``1 <= value <= limit``, naming the limit."""
    if value < 1:
        raise RuleproofError(f"{name} must be at least 1; got {value!r}")
    if value > limit:
        shown = str(value) if value < 10 ** 30 else f"a number of {len(str(value))} digits"
        raise RuleproofError(f"{name} is at most {limit:,} (limit {limit_name}); got {shown}; for more, run "
                             "`ruleproof campaign` (resumable chunks on disk)")


# -- simulate -----------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    """Random playouts with statistics."""
    import dataclasses

    from ruleproof.checkers.checks.simulate import simulate_parallel

    reading = reading_of(args.game, args.variant, args.reading)
    game, variant = reading.engine, reading.variant
    game.initial_state(args.players, variant)  # validates the player count
    _count("--games", args.games, MAX_SIMULATE_GAMES, "MAX_SIMULATE_GAMES")
    seats = seats_of(args.policy, game)
    if args.record:
        check_target(args.record, args.force)  # before the work, not after
    jobs = args.jobs or default_jobs()
    with Progress(f"simulating {game.name}", args.games, enabled=not args.quiet, every=max(1, args.games // 10),
                  unit="games") as progress:
        progress.start(plural(args.games, "game"))

        def on_game(index: int) -> None:  # as each game finishes, wherever it is played
            progress.finish(item="")

        stats, record = simulate_parallel(game, args.players, variant, games=args.games, seed=args.seed,
                                          rule_stats=args.rule_stats, on_game=on_game, jobs=jobs, seats=seats)
    if args.reading:  # the record carries the reading's identity (never the file's name)
        record = dataclasses.replace(record, game=reading.game, reading=reading.identity())
    if args.record:
        write_atomic(args.record, record.dumps(), force=args.force)
    data = stats.to_json()
    if args.json:
        from ruleproof.checkers.cli.readinghead import reading_json

        print_json("simulate", {"game": game.name, "players": args.players, "seed": args.seed, **data,
                                "record": args.record, "reading": reading_json(reading)})
        return EXIT_OK
    import textwrap

    from ruleproof.checkers.cli.output import output_width
    from ruleproof.checkers.cli.readinghead import header_lines

    length = data["length"]
    width = output_width()
    played_by = "random game" if stats.policy == "random" else "game"
    print_text(f"{game.spec.title}: {plural(stats.games, played_by)}, {plural(args.players, 'player')}, "
               f"seed {args.seed}" + ("" if stats.policy == "random" else f", policy {stats.policy}"))
    for line in header_lines(reading, width):
        print_text(line)
    for line in textwrap.wrap(f"game length (moves, chance included): mean {length['mean']:.1f}, "
                              f"min {length['min']}, max {length['max']}", max(20, width), subsequent_indent="  "):
        print_text(line)
    print_table(["seat", "mean score", "min", "max", "win share"],
                [[str(row["seat"]), f"{row['mean_score']:.2f}", f"{row['min_score']:g}", f"{row['max_score']:g}",
                  f"{row['win_share']:.1%}"] for row in data["seats"]])
    if data["rule_decisions"]:
        steps = sum(stats.lengths)
        titles = {r.id: r.title for r in game.spec.rules}
        print_table(["rule", "title", "steps decided", "share of steps"],
                    [[row["rule"], titles.get(row["rule"], ""), str(row["steps"]),
                      f"{row['steps'] / steps:.1%}" if steps else "–"] for row in data["rule_decisions"]],
                    title="Rule decisions (rules that apply to every step are not counted)")
    if args.record:
        print_text(f"record of game 0 written to {args.record}")
    return EXIT_OK


# -- validate -------------------------------------------------------------------------


def cmd_validate(args: argparse.Namespace) -> int:
    """Check every move of a record."""
    from ruleproof.checkers.checks.validate import validate_record
    from ruleproof.model.io.records import open_record

    stream = open_record(args.record)  # header and structure checked; moves stay on disk
    layout = getattr(args, "variant", [])  # --layout FILE: the board the record must have been played on
    reading = reading_of(stream.header.game, layout, args.reading) if args.reading or layout else None
    try:
        result = validate_record(stream.header, reading, stream=stream, fast=args.fast)
    except RecordError as exc:
        raise RecordError(exc.args[0], exc.path, exc.move_index, str(args.record)) from None
    if args.json:
        print_json("validate", {"file": str(args.record), **result.to_json()})
    else:
        print_text(f"{args.record}: {result}")
    return EXIT_OK if result.ok else EXIT_FAILED


# -- fuzz -------------------------------------------------------------------------------


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Drive engine and spec through Hypothesis-chosen move sequences (in chunks over ``--jobs`` workers)."""
    from ruleproof.checkers.checks.fuzz import GameMachine, run_fuzz

    reading = reading_of(args.game, args.variant, args.reading)
    game, variant = reading.engine, reading.variant
    game.initial_state(args.players, variant)  # validates the player count
    _count("--examples", args.examples, MAX_FUZZ_EXAMPLES, "MAX_FUZZ_EXAMPLES")
    _count("--steps", args.steps, MAX_FUZZ_STEPS, "MAX_FUZZ_STEPS")
    machine: Any = None
    if reading.has_plugin:  # the reading's own engine and spec (extra rules or a derived engine): run here
        machine = type("ReadingMachine", (GameMachine,), {"game": game, "players": args.players, "variant": variant})
    jobs = args.jobs or default_jobs()
    with Progress(f"fuzzing {game.name}", args.examples, enabled=not args.quiet,
                  every=max(1, args.examples // 10), unit="sequences") as progress:
        progress.start(plural(args.examples, "sequence"))

        def on_sequence() -> None:  # as each sequence finishes, wherever it runs
            progress.finish(item="")

        result = run_fuzz(game.name, args.players, variant, examples=args.examples, steps=args.steps, seed=args.seed,
                          jobs=jobs, machine=machine, on_sequence=on_sequence)
    failure = result.error
    body: dict[str, Any] = {"game": game.name, "players": args.players, "seed": args.seed, "examples": args.examples,
                            "steps": args.steps, "ok": failure is None, "sequences": result.sequences,
                            "moves": result.steps,
                            "chunks": [{"seed": c.seed, "examples": c.examples, "ok": c.error is None,
                                        "sequences": c.sequences, "steps": c.steps} for c in result.chunks]}
    if failure is not None:
        body["error"] = failure
    if args.json:
        print_json("fuzz", body)
    elif failure is not None:
        out().print(f"[bold red]disagreement found[/bold red] (the failing program is printed above):")
        out().print(failure, markup=False)
    else:
        out().print(f"ok: {plural(args.examples, 'move sequence')} of up to {plural(args.steps, 'step')}, "
                    "engine and spec agree")
    return EXIT_OK if failure is None else EXIT_FAILED


def add_subcommand(sub: Any) -> None:
    """Add ``simulate``, ``validate`` and ``fuzz``."""
    p = sub.add_parser("simulate", help="random playouts with statistics (or games played by --policy)")
    p.add_argument("game", help="game id (any case)")
    p.add_argument("--players", type=int, required=True, help="number of seats")
    p.add_argument("--games", type=int, default=100,
                   help=f"number of games (default 100, at most {MAX_SIMULATE_GAMES:,}: MAX_SIMULATE_GAMES)")
    p.add_argument("--seed", type=int, default=0,
                   help="random seed (default 0: the same games every run; change it for other games)")
    add_variant(p)
    add_reading(p)
    p.add_argument("--record", metavar="FILE", help="write the first game's record to FILE")
    add_force(p)
    p.add_argument("--rule-stats", action="store_true",
                   help="count which rule decided each step (slower: every step is checked against the spec)")
    add_policy(p)
    add_jobs(p)
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_json(p)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("validate", help="check every move of a game record",
                       description="Check every move of a record with the specification: its turn order and "
                                   "legality rules decide each move, its effect rules each transition the engine "
                                   "computes, its outcome rules a finished game's winners; the engine's own "
                                   "verdicts are cross-checked (a disagreement is a failure, exit 1). --fast "
                                   "trusts the engine instead. Exit 0 valid, 1 a move or the engine failed, 2 bad "
                                   "input.")
    p.add_argument("record", help="path of a JSON game record")
    p.add_argument("--fast", action="store_true",
                   help="trusts the engine: the engine's legality check decides each move and the specification "
                        "only names the rules of a move the engine rejects (faster; not a check of the engine; "
                        "named in the output and in --json as checked_by: engine)")
    p.add_argument("--reading", metavar="FILE",
                   help="check under this reading file (a record made under a plugin needs the same file again; a "
                        "reading file with rules = PLUGIN.py runs that Python file: give only one you trust; the "
                        "record itself never names a file or code to run)")
    add_layout(p)
    add_json(p)
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("fuzz", help="drive engine and spec through Hypothesis-chosen move sequences")
    p.add_argument("game", help="game id (any case)")
    p.add_argument("--players", type=int, required=True, help="number of seats")
    p.add_argument("--examples", type=int, default=100,
                   help=f"move sequences to try (default 100, at most {MAX_FUZZ_EXAMPLES:,}: MAX_FUZZ_EXAMPLES)")
    p.add_argument("--steps", type=int, default=200,
                   help=f"steps per sequence (default 200, at most {MAX_FUZZ_STEPS:,}: MAX_FUZZ_STEPS)")
    p.add_argument("--seed", type=int,
                   help="random seed (default: none: Hypothesis derandomises, the same sequences every run); more "
                        "than 20 examples run in chunks of 20, each seeded from the seed (0 when none) and its number")
    add_variant(p)
    add_reading(p)
    add_jobs(p)
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_json(p)
    p.set_defaults(func=cmd_fuzz)
