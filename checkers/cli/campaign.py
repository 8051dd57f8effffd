"""``ruleproof campaign``: simulate, diff, fuzz and search at scale on Dask, resumable.

::

    ruleproof campaign diff take5 --b end_rule='>' --players 3 --games 1000000 --dir runs/t5-end
    ruleproof campaign simulate bigfive --players 4 --games 20000 --scheduler tcp://10.0.0.5:8786
    ruleproof campaign fuzz cinco --players 4 --examples 2000 --dir runs/fuzz-cinco
    ruleproof campaign search bigfive-dead --dir runs/bf-dead
    ruleproof campaign resume runs/t5-end
    ruleproof campaign status runs/t5-end --json

The work is cut into deterministic chunks (ranges of game indices, fuzzing
seeds, solver sub-problems) run on a Dask LocalCluster (all cores, one
process each) or on the cluster of ``--scheduler``; ``--workers 0`` runs them
here without Dask. Every finished chunk is written to the campaign folder, so
``resume`` continues a stopped campaign. Progress (chunks done, rate, time
left; for ``diff`` the confidence intervals so far) goes to standard error.
The report — the same numbers as ``ruleproof simulate``/``ruleproof diff``
with the same seed and game count — goes to standard output and to
``DIR/report.json``. Exit codes: 0 done, 1 a chunk kept failing (resume
retries it) or fuzzing found a disagreement, 2 bad input.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["campaign", "diff", "take5", "--b", "professional=true", "--games", "30"])
>>> args.campaign, args.games, args.workers
('diff', 30, None)
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_json, add_variant, game_arg, parse_variant
from ruleproof.checkers.cli.output import EXIT_FAILED, EXIT_OK, out, plural, print_json, table
from ruleproof.checkers.cli.policyopts import seats_of
from ruleproof.spec.errors import RuleproofError

JSON = Any


def _positive(name: str, value: int) -> None:
    if value < 1:
        raise RuleproofError(f"{name} must be at least 1; got {value!r}")


def _duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}h{minutes:02d}m{secs:02d}s" if hours else f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


class _Reporter:
    """Progress lines on standard error: chunks done/total, units per second, time left (and, for ``diff``,
    the intervals over the chunks finished so far). At most one line a second, and the last."""

    def __init__(self, kind: str, params: dict[str, JSON], unit: str, already: list[JSON], enabled: bool) -> None:
        self.kind, self.params, self.unit, self.enabled = kind, params, unit, enabled
        self.results = list(already)
        self.started = time.perf_counter()
        self.units = 0
        self.ran = 0
        self.last = 0.0

    def __call__(self, event: Any) -> None:
        if event.result is not None:
            self.results.append(event.result)
            self.units += event.units
            self.ran += 1
        if not self.enabled:
            return
        now = time.perf_counter()
        if event.error is not None:
            last_line = event.error.strip().splitlines()[-1] if event.error.strip() else "?"
            sys.stderr.write(f"chunk {event.index} failed on every attempt: {last_line}\n")
        elif now - self.last < 1.0 and event.done != event.total:
            return
        self.last = now
        elapsed = now - self.started
        rate = self.units / elapsed if elapsed > 0 else 0.0
        chunk_rate = self.ran / elapsed if elapsed > 0 else 0.0
        left = event.total - event.done
        eta = _duration(left / chunk_rate) if chunk_rate > 0 and left else "0s" if not left else "?"
        line = (f"[{event.done}/{event.total} chunks] {plural(self.units, self.unit.removesuffix('s'), self.unit)} "
                f"in {_duration(elapsed)}, "
                f"{rate:,.1f} {self.unit}/s, eta {eta}")
        if self.kind == "diff" and self.results:
            from ruleproof.checkers.campaign.kinds import diff_progress

            line += "; " + diff_progress(self.params, self.results)
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


# -- printing ---------------------------------------------------------------------------


def _print_simulate(report: dict[str, JSON], header: tuple[str, ...] | list[str] = ()) -> None:
    console = out()
    length = report["length"]
    console.print(f"{report['game']}: {plural(report['games'], 'random game')}, {plural(report['players'], 'player')}, "
                  f"seed {report['seed']}")
    for line in header:
        console.print(line, markup=False)
    console.print(f"game length (moves, chance included): mean {length['mean']:.1f}, min {length['min']}, "
                  f"max {length['max']}")
    seats = table("seat", "mean score", "min", "max", "win share")
    for row in report["seats"]:
        seats.add_row(str(row["seat"]), f"{row['mean_score']:.2f}", f"{row['min_score']:g}", f"{row['max_score']:g}",
                      f"{row['win_share']:.1%}")
    console.print(seats)


def _print_fuzz(report: dict[str, JSON]) -> None:
    console = out()
    if report["ok"]:
        console.print(f"ok: {plural(report['examples'], 'example')} in {plural(len(report['chunks']), 'chunk')} "
                      f"({plural(report['sequences'], 'move sequence')}, {plural(report['moves'], 'move')}), "
                      "engine and spec agree")
        return
    for failure in report["failures"]:
        console.print(f"[bold red]disagreement[/bold red] in chunk {failure['chunk']}; reproduce with: "
                      f"{failure['command']}", markup=True)
        console.print(failure["error"], markup=False)


def _print_search(report: dict[str, JSON]) -> None:
    console = out()
    console.print(f"{report['problem']}: {report['verdict']}", markup=False)
    console.print(report["answer"], markup=False)
    rows = table("sub-problem", "verdict", "detail")
    for row in report["parts"]:
        rows.add_row(row["label"], row["verdict"], row.get("detail", ""))
    console.print(rows)


def campaign_readings(kind: str, params: dict[str, JSON]) -> list[tuple[str, str, Any]]:
    """The readings a campaign's report is about: ``(JSON key, header label, reading)`` — ``reading``, or
    ``reading_a`` and ``reading_b`` for ``diff``; none for ``search``, whose problem fixes its own rules.

    >>> [(key, who, r.title) for key, who, r in campaign_readings("diff", {"game": "take5", "a": {},
    ...                                                                 "b": {"end_rule": ">"}})]
    [('reading_a', 'reading A', 'default reading'), ('reading_b', 'reading B', 'end_rule=>')]
    """
    from ruleproof.checkers.cli.readinghead import reading_of_variant

    if kind == "diff":
        return [("reading_a", "reading A", reading_of_variant(params["game"], params["a"])),
                ("reading_b", "reading B", reading_of_variant(params["game"], params["b"]))]
    if kind in ("simulate", "fuzz"):
        return [("reading", "reading", reading_of_variant(params["game"], params["variant"]))]
    return []


def _print_report(kind: str, store: Any, report: dict[str, JSON]) -> None:
    from ruleproof.checkers.cli.readinghead import reading_header

    readings = {who: reading for _, who, reading in campaign_readings(kind, store.manifest.params)}
    if kind == "diff":
        from ruleproof.checkers.campaign.kinds import merged_comparison
        from ruleproof.checkers.campaign.runner import merged_so_far
        from ruleproof.checkers.cli.diff import _print_report as print_diff

        print_diff(merged_comparison(store.manifest.params, merged_so_far(store)), "", readings)
        return
    header = [reading_header(reading, who) for who, reading in readings.items()]
    if kind == "simulate":
        _print_simulate(report, header)
        return
    for line in header:
        out().print(line, markup=False)
    if kind == "fuzz":
        _print_fuzz(report)
    else:
        _print_search(report)


# -- running -------------------------------------------------------------------------------


def _execute(store: Any, args: argparse.Namespace) -> int:
    from ruleproof.checkers.campaign.kinds import kind_for
    from ruleproof.checkers.campaign.runner import merged_so_far, run

    kind = kind_for(store.manifest.kind)
    params = store.manifest.params
    already = merged_so_far(store)
    reporter = _Reporter(kind.name, params, kind.unit(params), already, enabled=not args.quiet)
    if not args.quiet:
        where = (f"scheduler {args.scheduler}" if args.scheduler else "this process, no Dask" if args.workers == 0
                 else f"a LocalCluster of {args.workers or 'all'} worker processes")
        sys.stderr.write(f"campaign {kind.name} in {store.folder}: {plural(store.manifest.chunks, 'chunk')}, "
                         f"{len(already)} already done; running on {where}\n")
    outcome = run(store, scheduler=args.scheduler, workers=args.workers, retries=args.retries,
                  on_event=reporter)
    body: dict[str, JSON] = {
        "kind": kind.name, "dir": str(store.folder), "command": store.manifest.command, "params": params,
        "code": store.manifest.code, "codes": store.manifest.codes,
        "chunks": {"total": outcome.total, "done": outcome.done, "ran_now": outcome.ran,
                   "failed": sorted(outcome.failed)},
        "failures": {str(k): v for k, v in sorted(outcome.failed.items())},
        "wall_seconds": round(outcome.seconds, 3), "workers": outcome.workers, "report": outcome.report,
    }
    from ruleproof.checkers.cli.readinghead import reading_json

    for key, _, reading in campaign_readings(kind.name, params):
        body[key] = reading_json(reading)
    if outcome.report is not None:
        store.write_report(body)
    if args.json:
        print_json("campaign", body)
    elif outcome.report is not None:
        _print_report(kind.name, store, outcome.report)
        out().print(f"campaign folder: {store.folder} ({plural(outcome.total, 'chunk')}, {outcome.ran} run now, "
                    f"{_duration(outcome.seconds)} wall on {outcome.workers or 'no'} Dask workers)", markup=False)
    if outcome.report is None:
        missing = outcome.total - outcome.done
        sys.stderr.write(f"error: {missing} of {outcome.total} chunks have no result "
                         f"({len(outcome.failed)} failed on every attempt: chunks "
                         f"{', '.join(map(str, sorted(outcome.failed)[:20]))}); see {store.folder}/failed/ and run "
                         f"`ruleproof campaign resume {store.folder}` to retry them\n")
        return EXIT_FAILED
    return EXIT_OK if kind.ok(outcome.report) else EXIT_FAILED


def _folder(args: argparse.Namespace, kind: str) -> Path:
    if args.dir:
        return Path(args.dir)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return Path(f"campaign-{kind}-{stamp}")


def _check_runner(args: argparse.Namespace) -> None:
    """Refuse, before anything is created or written, what cannot run: a negative ``--workers``, or Dask
    asked for (the default) but not installed (the message names the extra, and ``--workers 0``)."""
    from ruleproof.checkers.campaign.runner import dask_missing

    if args.workers is not None and args.workers < 0:
        raise RuleproofError(f"--workers must be 0 (no Dask) or more; got {args.workers!r}")
    if args.workers != 0 or args.scheduler is not None:
        missing = dask_missing()
        if missing is not None:
            raise RuleproofError(missing)


def _start(args: argparse.Namespace, kind: str, params: dict[str, JSON], argv: list[str]) -> int:
    from ruleproof.checkers.campaign.kinds import kind_for
    from ruleproof.checkers.campaign.store import Manifest, Store

    _check_runner(args)
    kind_for(kind)
    # The store checks the parameters (bounded chunk count) before it plans the chunks.
    store = Store.create(_folder(args, kind), Manifest(kind, params, 0, argv))
    return _execute(store, args)


def _argv() -> list[str]:
    import importlib

    words: list[str] = getattr(importlib.import_module("ruleproof.checkers.cli.main"), "_ARGV", [])
    return ["ruleproof", *(words or sys.argv[1:])]


def cmd_simulate(args: argparse.Namespace) -> int:
    """``campaign simulate``."""
    from ruleproof.checkers.campaign.kinds import simulate_params
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_to_dict

    game = game_for(game_arg(args.game))
    variant = parse_variant(game, args.variant)
    game.initial_state(args.players, variant)
    _positive("--games", args.games)
    _positive("--chunk", args.chunk)
    params = simulate_params(game.name, args.players, variant_to_dict(variant), games=args.games, seed=args.seed,
                             chunk=args.chunk, rule_stats=args.rule_stats, policy=args.policy)
    seats_of(args.policy, game)
    return _start(args, "simulate", params, _argv())


def cmd_diff(args: argparse.Namespace) -> int:
    """``campaign diff``."""
    from ruleproof.checkers.analysis.diff import choose_players, player_counts
    from ruleproof.checkers.campaign.kinds import diff_params
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_to_dict

    game = game_for(game_arg(args.game))
    a = parse_variant(game, args.a, "--a-variant")
    b = parse_variant(game, args.b, "--b-variant")
    _positive("--games", args.games)
    _positive("--chunk", args.chunk)
    players = args.players if args.players is not None else choose_players(game, a, b)[0]
    for label, variant in (("A", a), ("B", b)):
        if players not in player_counts(game, variant):
            raise RuleproofError(f"reading {label} does not allow {players} players")
    params = diff_params(game.name, players, variant_to_dict(a), variant_to_dict(b), games=args.games,
                         seed=args.seed, chunk=args.chunk, policy=args.policy)
    seats_of(args.policy, game)
    return _start(args, "diff", params, _argv())


def cmd_fuzz(args: argparse.Namespace) -> int:
    """``campaign fuzz``."""
    from ruleproof.checkers.campaign.kinds import fuzz_params
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_to_dict

    game = game_for(game_arg(args.game))
    variant = parse_variant(game, args.variant)
    game.initial_state(args.players, variant)
    _positive("--examples", args.examples)
    _positive("--steps", args.steps)
    _positive("--chunk", args.chunk)
    params = fuzz_params(game.name, args.players, variant_to_dict(variant), examples=args.examples,
                         steps=args.steps, seed=args.seed, chunk=args.chunk)
    return _start(args, "fuzz", params, _argv())


def cmd_search(args: argparse.Namespace) -> int:
    """``campaign search``."""
    from ruleproof.checkers.campaign.search import search_params

    params = search_params(args.problem, rlimit=args.rlimit, full=args.full)
    return _start(args, "search", params, _argv())


def cmd_resume(args: argparse.Namespace) -> int:
    """``campaign resume DIR``."""
    from ruleproof.checkers.campaign.store import Store

    store = Store.open(Path(args.folder))
    store.check_code(args.allow_code_change)
    _check_runner(args)
    return _execute(store, args)


def cmd_status(args: argparse.Namespace) -> int:
    """``campaign status DIR``: what is done, what failed; no work is run."""
    from ruleproof.checkers.campaign.runner import plan_of
    from ruleproof.checkers.campaign.store import Store

    store = Store.open(Path(args.folder))
    _, chunks = plan_of(store)
    scan = store.scan()
    failures = store.failures()
    body = {"kind": store.manifest.kind, "dir": str(store.folder), "command": store.manifest.command,
            "params": store.manifest.params, "code": store.manifest.code, "codes": store.manifest.codes,
            "chunks": {"total": len(chunks), "done": len(scan.finished), "failed": sorted(failures),
                       "unlisted": scan.unlisted, "missing": scan.missing},
            "failures": {str(k): v for k, v in sorted(failures.items())}}
    if args.json:
        print_json("campaign-status", body)
    else:
        again = scan.unlisted + scan.missing
        note = (f"; {len(again)} to compute again (a file the manifest does not list yet, or a listed file that is "
                f"gone): chunks {', '.join(map(str, sorted(again)[:20]))}" if again else "")
        out().print(f"{store.folder}: {store.manifest.kind}, {len(scan.finished)} of {len(chunks)} chunks done "
                    f"(each checked against the manifest's SHA-256 and the campaign's identity), {len(failures)} "
                    f"failed{note}", markup=False)
    return EXIT_OK


# -- the parser ----------------------------------------------------------------------------


def _run_options(p: argparse.ArgumentParser, *, new: bool = True) -> None:
    if new:
        p.add_argument("--dir", metavar="DIR",
                       help="campaign folder to create (default: campaign-KIND-DATE-TIME here); must be new or empty")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a running Dask scheduler (tcp://host:8786); default: a LocalCluster on this machine")
    p.add_argument("--workers", type=int,
                   help="LocalCluster worker processes (default: one per core); 0 runs here without Dask")
    p.add_argument("--retries", type=int, default=2,
                   help="extra attempts of a chunk that raises (default 2); a chunk whose worker dies is "
                        "rescheduled by Dask")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_json(p)


def add_subcommand(sub: Any) -> None:
    """Add ``campaign`` and its sub-commands."""
    from ruleproof.checkers.campaign.kinds import DEFAULT_EXAMPLES_PER_CHUNK, DEFAULT_GAMES_PER_CHUNK

    top = sub.add_parser("campaign", help="simulate, diff, fuzz and search at scale on Dask (resumable)",
                         description="Long work cut into deterministic chunks, run on Dask distributed (a "
                                     "LocalCluster by default), every finished chunk saved so a campaign can resume; "
                                     "results equal the serial command's with the same seeds.")
    kinds = top.add_subparsers(dest="campaign", required=True, metavar="KIND")

    p = kinds.add_parser("simulate", help="random playouts (the statistics of `ruleproof simulate`)")
    p.add_argument("game", help="game id (any case)")
    p.add_argument("--players", type=int, required=True, help="number of seats")
    p.add_argument("--games", type=int, default=100_000, help="number of games (default 100000)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0); game i is seeded by (seed, i)")
    p.add_argument("--chunk", type=int, default=DEFAULT_GAMES_PER_CHUNK,
                   help=f"games per chunk (default {DEFAULT_GAMES_PER_CHUNK})")
    p.add_argument("--rule-stats", action="store_true", help="count which rule decided each step (slower)")
    p.add_argument("--policy", metavar="POLICY", help="who plays (built-in policies only: random, greedy, mcts, "
                   "ismcts, with parameters, joined by + seat by seat; see `ruleproof simulate --help`)")
    add_variant(p)
    _run_options(p)
    p.set_defaults(func=cmd_simulate)

    p = kinds.add_parser("diff", help="compare two readings on the same seeded games (as `ruleproof diff`)")
    p.add_argument("game", help="game id (any case)")
    # --a-variant/--b-variant as in `ruleproof diff`; the short --a/--b stay accepted.
    p.add_argument("--a-variant", "--a", dest="a", nargs="*", action="extend", default=[], metavar="FLAG=VALUE",
                   help="reading A's flags (default: every flag at its default)")
    p.add_argument("--b-variant", "--b", dest="b", nargs="*", action="extend", default=[], metavar="FLAG=VALUE",
                   help="reading B's flags (default: every flag at its default)")
    p.add_argument("--players", type=int, help="number of seats (default: as `ruleproof diff` chooses)")
    p.add_argument("--games", type=int, default=100_000, help="number of paired games (default 100000)")
    p.add_argument("--policy", metavar="POLICY", help="who plays (built-in policies only; see `ruleproof diff --help`)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--chunk", type=int, default=DEFAULT_GAMES_PER_CHUNK,
                   help=f"paired games per chunk (default {DEFAULT_GAMES_PER_CHUNK})")
    _run_options(p)
    p.set_defaults(func=cmd_diff)

    p = kinds.add_parser("fuzz", help="Hypothesis fuzzing, one seeded search per chunk")
    p.add_argument("game", help="game id (any case)")
    p.add_argument("--players", type=int, required=True, help="number of seats")
    p.add_argument("--examples", type=int, default=1000, help="move sequences in all (default 1000)")
    p.add_argument("--steps", type=int, default=200, help="steps per sequence (default 200)")
    p.add_argument("--seed", type=int, default=0, help="campaign seed; chunk i fuzzes with a seed derived from it")
    p.add_argument("--chunk", type=int, default=DEFAULT_EXAMPLES_PER_CHUNK,
                   help=f"examples per chunk (default {DEFAULT_EXAMPLES_PER_CHUNK})")
    add_variant(p)
    _run_options(p)
    p.set_defaults(func=cmd_fuzz)

    from ruleproof.checkers.campaign.search import PROBLEMS

    p = kinds.add_parser("search", help="a solver question split into independent sub-problems")
    p.add_argument("problem", choices=sorted(PROBLEMS), help="the question: " + "; ".join(
        f"{k}: {v.title}" for k, v in sorted(PROBLEMS.items())))
    p.add_argument("--rlimit", type=int, help="Z3 resource limit per sub-problem (deterministic; default: the "
                                              "problem's own)")
    p.add_argument("--full", action="store_true", help="the problem's full form (more sub-problems)")
    _run_options(p)
    p.set_defaults(func=cmd_search)

    p = kinds.add_parser("resume", help="continue a stopped campaign (runs only the chunks without a result)")
    p.add_argument("folder", metavar="DIR", help="the campaign folder")
    p.add_argument("--allow-code-change", action="store_true",
                   help="resume although the code changed since the campaign started")
    _run_options(p, new=False)
    p.set_defaults(func=cmd_resume)

    p = kinds.add_parser("status", help="chunks done and failed in a campaign folder (runs nothing)")
    p.add_argument("folder", metavar="DIR", help="the campaign folder")
    add_json(p)
    p.set_defaults(func=cmd_status)
