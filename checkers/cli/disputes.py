"""``ruleproof disputes``: measure every ambiguity of the games (and the policies' strength) as the docs' data.

Registered in ``cli.main.COMMAND_MODULES``::

    ruleproof disputes --out docs/_data/disputes              # every game, then the strength table
    ruleproof disputes take5 cinco --out DIR --workers 2
    ruleproof disputes --strength-only --out DIR

Each game is two campaigns of kind ``disputes`` in ``--campaigns DIR/disputes-GAME-POLICY``
(:mod:`ruleproof.checkers.campaign.kinds`: one chunk per ambiguity, reading,
player count and policy, each played to :data:`~ruleproof.checkers.analysis.disputes.DISPUTE_PRECISION`):
the first policy (random) at every player count, then the others (greedy) at
the count where the first found each dispute arising most
(:func:`~ruleproof.checkers.analysis.disputes.best_counts`),
run on Dask (``--workers 0``: here, without Dask) and resumed when its folder
exists; the strength table is one campaign of kind ``strength``. When a campaign
is complete its report is written to ``--out/GAME.json`` (``strength.json``):
the files the docs build reads (``docs/_data/disputes``; the disputes page
and every "Measured" block). Exit 0 when every figure reached its precision
target, 1 when a campaign is incomplete or a figure did not, 2 for bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.output import EXIT_FAILED, EXIT_OK, out
from ruleproof.spec.errors import RuleproofError

__all__ = ["add_subcommand", "cmd_disputes"]

JSON = Any


class _Partial:
    """What a ``--write-partial`` run reports of a campaign: its finished chunks' results, and its planned chunks
    without one (nothing is played)."""

    def __init__(self, finished: dict[int, JSON], plan: list[JSON]) -> None:
        self.results = [finished[i] for i in sorted(finished)]
        self.missing = [chunk for i, chunk in enumerate(plan) if i not in finished]
        self.report: JSON = None
        self.total, self.done = len(plan), len(finished)


def _campaign(folder: Path, kind: str, params: dict[str, JSON], argv: list[str], args: argparse.Namespace) -> Any:
    """Create or resume the campaign in ``folder``; its outcome (``--write-partial``: a :class:`_Partial`)."""
    from ruleproof.checkers.campaign.identity import first_difference
    from ruleproof.checkers.campaign.runner import run
    from ruleproof.checkers.campaign.store import Manifest, Store

    if (folder / "campaign.json").exists():
        store = Store.open(folder)
        difference = first_difference(store.manifest.params, params, "$.params")
        if store.manifest.kind != kind or difference is not None:
            raise RuleproofError(f"{folder} holds another campaign ({store.manifest.kind}; first difference at "
                                 f"{difference[0] if difference else '$.kind'}); give another --campaigns folder")
        if args.write_partial:
            from ruleproof.checkers.campaign.kinds import KINDS

            return _Partial(store.finished(), KINDS[kind].plan(params))
        store.check_code(args.allow_code_change)  # a resumed campaign never mixes two programs unless asked
        store.scan()
    elif args.write_partial:
        from ruleproof.checkers.campaign.kinds import KINDS

        return _Partial({}, KINDS[kind].plan(params))
    else:
        store = Store.create(folder, Manifest(kind, params, 0, argv))
    started = time.perf_counter()

    def on_event(event: Any) -> None:
        if args.quiet:
            return
        what = "failed" if event.error is not None else "done"
        sys.stderr.write(f"[{event.done}/{event.total}] {kind} {params.get('game', '')}: chunk {event.index} {what} "
                         f"({time.perf_counter() - started:.0f}s)\n")

    return run(store, scheduler=args.scheduler, workers=args.workers, on_event=on_event)


def _write(path: Path, data: JSON) -> None:
    from ruleproof.model.io.outputs import write_atomic

    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", force=True)


def _measure_game(game: str, policies: list[str], campaigns: Path, out_dir: Path, argv: list[str],
                  args: argparse.Namespace) -> bool:
    """The first policy at every player count, then the others where it found each dispute arising most; the
    rows written to ``out_dir/GAME.json``. ``False`` when a campaign is incomplete or a figure missed its target."""
    from ruleproof.checkers.analysis.disputes import DISPUTE_PRECISION, best_counts, chosen_counts, document, plan
    from ruleproof.checkers.analysis.sequential import Precision
    from ruleproof.checkers.campaign.kinds import disputes_params

    console = out()
    rows: list[JSON] = []
    missing: list[JSON] = []
    at = chosen_counts(game) if args.at_chosen else None
    for phase, chosen in enumerate((policies[:1], policies[1:])):
        if not chosen:
            continue
        if (at is None or (args.at_chosen and phase == 1 and missing)) and phase == 1:
            # the first policy's campaign is incomplete: nowhere to measure the others
            missing += [m.to_json() for m in plan(game, players=args.players, policies=chosen, seed=args.seed,
                                                  at=at)]
            continue
        params = disputes_params(game, policies=chosen, seed=args.seed, players=args.players, at=at,
                                 width=args.ci_width, max_games=args.max_games, first=args.first_look)
        outcome = _campaign(campaigns / f"disputes-{game}-{'-'.join(chosen)}", "disputes", params, argv, args)
        if isinstance(outcome, _Partial):
            rows.extend(outcome.results)
            missing.extend(outcome.missing)
            if outcome.missing:
                continue
        elif outcome.report is None:
            console.print(f"{game}: {outcome.total - outcome.done} measurements missing; run again to resume",
                          markup=False)
            return False
        else:
            rows.extend(outcome.report["rows"])
        if phase == 0 and not args.at_chosen:
            at = best_counts(rows, policies[0])
    precision = Precision(args.ci_width or DISPUTE_PRECISION.width, "arises",
                          max_games=args.max_games or DISPUTE_PRECISION.max_games,
                          first=args.first_look or DISPUTE_PRECISION.first)
    data = document(game, rows, precision, missing=missing)
    data["seed"], data["policies"] = args.seed, policies
    if args.at_chosen:
        data["at"] = "chosen"
    _write(out_dir / f"{game}.json", data)
    unmet = [r for r in rows if not r["stopping"]["met"]]
    console.print(f"{game}: {len(rows)} measurements written to {out_dir / (game + '.json')}"
                  + (f"; {len(unmet)} did not reach the precision target" if unmet else "")
                  + (f"; {len(missing)} not measured (the campaigns are incomplete)" if missing else ""),
                  markup=False)
    return not unmet and not missing


def cmd_disputes(args: argparse.Namespace) -> int:
    """Run ``ruleproof disputes`` (see the module docstring)."""
    from ruleproof.checkers.analysis.disputes import DISPUTE_POLICIES
    from ruleproof.checkers.campaign.kinds import strength_params
    from ruleproof.checkers.cli.common import game_arg
    from ruleproof.model.registry import available_games

    games = [game_arg(g) for g in args.games] or list(available_games())
    if args.ci_width is not None and not 0 < args.ci_width <= 1:
        raise RuleproofError(f"--ci-width must be above 0 and at most 1; got {args.ci_width!r}")
    for name in ("max_games", "first_look"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            raise RuleproofError(f"--{name.replace('_', '-')} must be at least 1; got {getattr(args, name)!r}")
    out_dir, campaigns = Path(args.out), Path(args.campaigns)
    for folder in (out_dir, campaigns):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RuleproofError(f"cannot make the folder {str(folder)!r}: {exc.strerror}") from None
    argv = ["ruleproof", *sys.argv[1:]]
    ok = True
    console = out()
    if not args.strength_only:
        policies = args.policies.split(",") if args.policies else list(DISPUTE_POLICIES)
        for game in games:
            ok = _measure_game(game, policies, campaigns, out_dir, argv, args) and ok
    if args.strength or args.strength_only:
        params = strength_params(games=games, seed=args.seed)
        outcome = _campaign(campaigns / "strength", "strength", params, argv, args)
        if isinstance(outcome, _Partial):
            from ruleproof.checkers.campaign.kinds import KINDS

            report = KINDS["strength"].merge(params, outcome.results)
            report["missing"] = outcome.missing
            _write(out_dir / "strength.json", report)
            console.print(f"strength: {len(outcome.results)} rows written to {out_dir / 'strength.json'}, "
                          f"{len(outcome.missing)} not measured (the campaign is incomplete)", markup=False)
            return EXIT_FAILED
        if outcome.report is None:
            console.print("strength: measurements missing; run again to resume", markup=False)
            return EXIT_FAILED
        _write(out_dir / "strength.json", outcome.report)
        console.print(f"strength: {len(outcome.report['rows'])} rows written to {out_dir / 'strength.json'}",
                      markup=False)
    return EXIT_OK if ok else EXIT_FAILED


def add_subcommand(sub: Any) -> None:
    """Add ``disputes`` to the subparsers ``sub`` of the ``ruleproof`` parser."""
    p = sub.add_parser(
        "disputes", help="measure every ambiguity to a precision target (and the policies' strength) as docs data",
        description="For every ambiguity with a flag, every other reading and every player count both readings "
                    "allow, under random play and the greedy policy: how often the readings' rules differ (share of "
                    "games and of decisions) and how often the winner changes, each played until the interval of "
                    "the share of games is at most 0.10 wide (Bonferroni over planned looks). Two Dask campaigns per "
                    "game (resumable); the reports are written as JSON for the docs.")
    p.add_argument("games", nargs="*", metavar="GAME", help="games (default: every game)")
    p.add_argument("--out", required=True, metavar="DIR", help="where to write GAME.json and strength.json")
    p.add_argument("--campaigns", default="disputes-campaigns", metavar="DIR",
                   help="the campaign folders (default disputes-campaigns/; an existing one is resumed)")
    p.add_argument("--policies", metavar="P1,P2",
                   help="the policies (default random,greedy; built-in only): the first at every player count, the "
                        "others where the first finds each dispute arising most")
    p.add_argument("--players", type=int, nargs="+", metavar="N", help="only these player counts")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--ci-width", type=float, metavar="W",
                   help="the width each share-of-games interval must reach (default 0.1; the docs state the default)")
    p.add_argument("--max-games", type=int, metavar="N", help="the most paired games of a measurement (default 800)")
    p.add_argument("--first-look", type=int, metavar="N", help="the games of the first look (default 50)")
    p.add_argument("--strength", action="store_true", help="also measure mcts, ismcts and greedy against random")
    p.add_argument("--strength-only", action="store_true", help="only the strength table")
    p.add_argument("--workers", type=int, help="Dask LocalCluster workers (default: one per core; 0: here, no Dask)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler instead of a LocalCluster")
    p.add_argument("--at-chosen", action="store_true",
                   help="every policy at one player count per reading, the one `diff` chooses (the engine's test "
                        "configuration for the flag), instead of every count: a shorter run for trying things out "
                        "(the page says so; the docs' stored data measures every count)")
    p.add_argument("--write-partial", action="store_true",
                   help="play nothing: write what the campaigns have finished, listing the measurements they lack "
                        "(the page says which; exit 1)")
    p.add_argument("--allow-code-change", action="store_true",
                   help="resume a campaign started by other code (the manifest then lists both versions)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    p.set_defaults(func=cmd_disputes)
