"""``ruleproof diff``: compare two readings of a rulebook on the same seeded games.

Registered in ``cli.main.COMMAND_MODULES``::

    ruleproof diff take5 --a-variant end_rule='>=' --b-variant end_rule='>' --players 3 --games 200
    ruleproof diff cinco --b-variant teams6=3x2 --players 6 --json
    ruleproof diff ikebana --b-variant double_final=true --plot double_final.svg
    ruleproof diff take5 --b-variant end_rule='>' --players 4 --policy greedy --ci-width 0.01

``--variant FLAG=VALUE`` sets a flag in both readings, ``--a-variant`` and
``--b-variant`` in one (each takes one assignment and is repeatable, so the
game id is never swallowed); flags not given take their defaults.
``--a-reading`` and ``--b-reading`` name reading files (TOML, with optional
plugins of extra rules or a derived engine; ``--variant`` and ``--a-variant``/
``--b-variant`` apply on top); A and B then play on their own engines. The
catalogue questions that depend on a flag the readings set differently (every
question, when a plugin differs) are re-run under A and under B and every
verdict that changes is listed with both answers and witnesses
(``--no-findings`` skips this). ``--policy`` names who plays
(:mod:`ruleproof.checkers.cli.policyopts`; the pair stays paired: same
deals, same keys). ``--ci-width W`` plays in batches until the interval of
``--ci-on`` (the winner-change rate, the mean score difference, or how often
the dispute arises) is at most ``W`` wide or ``--max-games`` is reached, with
intervals that stay honest however early it stops
(:mod:`ruleproof.checkers.analysis.sequential`). ``--probe`` (implied by
``--ci-width`` and by a policy other than random) asks reading B's rules at
every position of reading A's games: how often the dispute arises, in games
and in decisions. The old ``--a``/``--b`` still work as
aliases of ``--a-variant``/``--b-variant``. ``--jobs N`` plays the games in
N worker processes (default: all cores); the report is the same for any N.
Exit code 0 whatever the verdict
(the command reports; it does not check), 2 for bad input (unknown game or
flag, a player count a reading does not allow).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["diff", "take5", "--b-variant", "professional=true", "--games", "3"])
>>> args.game, args.a_variant, args.b_variant, args.games
('take5', [], ['professional=true'], 3)
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_force, add_jobs, add_json, add_variant, default_jobs, game_arg
from ruleproof.checkers.cli.output import out, plural, print_json, table
from ruleproof.checkers.cli.policyopts import DEFAULT_MAX_GAMES, add_policy, add_precision, first_look, seats_of
from ruleproof.checkers.cli.progress import Progress
from ruleproof.model.io.outputs import check_target, write_atomic

__all__ = ["add_subcommand", "cmd_diff"]

_STYLE = {"none": "green", "play": "yellow", "outcomes": "bold red"}


def _ci(low: float | None, high: float | None) -> str:
    return "n/a" if low is None or high is None else f"{low:+.2f} to {high:+.2f}"


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2%}"


def _share(entry: dict[str, Any] | None, level: str) -> str:
    if not entry or entry.get("rate") is None:
        return "n/a"
    ci = entry.get("ci")
    interval = "" if not ci else f" ({level} CI {_pct(ci[0])} to {_pct(ci[1])})"
    return f"{entry['k']:,} of {entry['n']:,} = {_pct(entry['rate'])}{interval}"


def _print_figures(result: Any) -> None:
    """How often the dispute arises, the winner-change rate and the stopping rule, with their intervals."""
    from ruleproof.checkers.analysis.sequential import meaning

    found = result.figures()
    if not found:
        return
    _out = out()
    level = f"{found['level']:.2%}" if result.stopping else "95%"
    _out.print("\n[bold]how often the readings differ[/bold]"
               + (f" (intervals at {level} each, together at least 95%)" if result.stopping else ""))
    if "arises" in found:
        where = " (the readings set the game up differently)" if found.get("setup") else ""
        _out.print(f"  games in which B's rules differ somewhere along A's game: {_share(found['arises'], level)}"
                   f"{where}", markup=False)
        if found.get("decisions"):
            _out.print(f"  A's decisions at which B's rules differ: {_share(found['decisions'], level)}", markup=False)
        _out.print(f"  of those games, the winner changes in: {_share(found['winners_when_arises'], level)}",
                   markup=False)
    _out.print(f"  games whose play parts (first divergence): {_share(found['diverged'], level)}", markup=False)
    _out.print(f"  games whose winner changes: {_share(found['winners'], level)}", markup=False)
    score = found["score"]
    if score.get("ci"):
        _out.print(f"  mean score B − A: {score['mean']:+.3f} ({level} CI {score['ci'][0]:+.3f} to "
                   f"{score['ci'][1]:+.3f})", markup=False)
    stop = result.stopping
    if stop:
        target = "score" if stop["target"] == "score" else stop["target"]
        done = stop["looks"][-1]
        verdict = ("reached" if stop["met"] else f"NOT reached: --max-games {stop['max_games']:,} played "
                   f"(raise it, or widen --ci-width)")
        _out.print("\n[bold]stopping[/bold]")
        _out.print(f"  n = {done['games']:,} paired games after {len(stop['looks'])} of "
                   f"{stop['looks_planned']} planned looks; interval width {done['width']:.4g}, target "
                   f"{stop['width']:g} {verdict}", markup=False)
        _out.print(f"  rule: {stop['rule']}", markup=False)
        _out.print(f"  meaning: {meaning(found, target)}", markup=False)


def _print_report(result: Any, players_reason: str, readings: dict[str, Any] | None = None) -> None:
    """The comparison's report; ``readings`` (``{"reading A": …, "reading B": …}``) are named in its header."""
    from ruleproof.checkers.analysis.diff import VERDICTS
    from ruleproof.checkers.cli.readinghead import reading_header

    from rich.markup import escape

    _out = out()
    data = result.to_json()
    flags = result.changed_flags
    _out.print(f"[bold]{result.game}[/bold]: {plural(result.games, 'paired game')}, "
               f"{escape(players_reason or plural(result.players, 'player'))}, "
               f"seed {result.seed}, policy {escape(result.policy)}")
    for who, reading in (readings or {}).items():
        _out.print(f"  {reading_header(reading, who)}", markup=False)
    if flags:
        for name, (va, vb) in flags.items():
            _out.print(f"  {name}: A = {va!r}   B = {vb!r}")
    else:
        _out.print("  the two readings set every flag alike")
    style = _STYLE[result.verdict]
    _out.print(f"\nverdict: [{style}]{VERDICTS[result.verdict]}[/{style}]")
    _out.print(result.summary(), markup=False)
    if result.diverged:
        kinds = ", ".join(f"{k} {n}" for k, n in result.kinds.items())
        _out.print(f"first differences by kind: {kinds}", markup=False)
    low, high = data["winners_changed_ci95"]
    _out.print(f"games whose winners change: {result.winners_changed} of {result.games} "
               f"(95% CI {low:.1%} to {high:.1%})")
    if result.players_note:
        _out.print(result.players_note, markup=False)
    _print_figures(result)
    sample = result.sample
    if sample is not None:
        _out.print(f"\n[bold]first divergence of game {sample.game_index}[/bold] after {sample.step} moves "
                   f"({sample.kind}): {escape(sample.detail)}")
        if sample.move is not None:
            _out.print(f"last move made in both runs: {sample.move}", markup=False)
        if sample.only_a:
            _out.print(f"only under A: {', '.join(sample.only_a)}", markup=False)
        if sample.only_b:
            _out.print(f"only under B: {', '.join(sample.only_b)}", markup=False)
        if sample.next_a is not None or sample.next_b is not None:
            _out.print(f"next move: under A {sample.next_a or '(game over)'}, under B {sample.next_b or '(game over)'}",
                       markup=False)
        for label, text in (("A", sample.state_a), ("B", sample.state_b)):
            _out.print(f"[bold]state under {label}[/bold]")
            _out.print(text, markup=False)
    metrics = table("measure", "mean A", "mean B", "B − A", "95% CI", title="\nPaired differences (B − A)")
    starred = False
    for m in result.metrics():
        mark = " *" if m.significant else ""
        starred = starred or m.significant
        metrics.add_row(m.name, f"{m.mean_a:.2f}", f"{m.mean_b:.2f}", f"{m.diff:+.2f}{mark}", _ci(m.low, m.high))
    _out.print(metrics)
    if starred:
        _out.print("[dim]* the 95% interval excludes zero[/dim]")
    _out.print(f"\n[bold]findings[/bold] — rules the changed flags alter: {', '.join(result.rules) or 'none'}")
    for f in result.findings:
        expected = f" (manifest: {f['expected']})" if f["expected"] else ""
        _out.print(f"  {f['id']}: {f['question']}{expected}; shares {', '.join(f['shared_rules'])}", markup=False)
    _out.print(result.findings_note, markup=False)
    _print_catalogue(result.catalogue)


def _print_catalogue(rows: list[dict[str, Any]]) -> None:
    from rich.markup import escape

    _out = out()
    if not rows:
        _out.print("\n[bold]catalogue[/bold]: no question depends on what differs between the readings; none re-run")
        return
    changed = [r for r in rows if r["changed"]]
    _out.print(f"\n[bold]catalogue[/bold]: {len(rows)} question(s) re-run under both readings, "
               f"{len(changed)} verdict(s) change")
    for row in rows:
        a, b = row["a"], row["b"]
        mark = "[bold red]changes[/bold red]" if row["changed"] else "same"
        _out.print(f"  {row['id']}: {a['verdict']} → {b['verdict']} ({mark})  {escape(row['question'])}")
        if row["changed"]:
            for label, side in (("A", a), ("B", b)):
                _out.print(f"    under {label}: {side['answer']}", markup=False)
                if side["witness"] is not None:
                    _out.print(f"    witness under {label}: {_short(side['witness'])}", markup=False)


def _short(value: Any, limit: int = 300) -> str:
    import json

    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _unswallow(args: argparse.Namespace) -> None:
    """Give back a game id that the old ``--a``/``--b`` (several values each) took as an assignment."""
    from ruleproof.spec.errors import RuleproofError

    for dest in ("a_variant", "b_variant"):
        values = getattr(args, dest)
        kept = [v for v in values if "=" in v]
        loose = [v for v in values if "=" not in v]
        if loose and args.game is None and len(loose) == 1:
            args.game, loose = loose[0], []
        if loose:
            raise RuleproofError(f"--{dest.replace('_', '-')} takes FLAG=VALUE; got {loose[0]!r}")
        setattr(args, dest, kept)
    if args.game is None:
        raise RuleproofError("diff needs a game id: ruleproof diff GAME [--a-variant FLAG=VALUE] [--b-variant FLAG=VALUE]")


def cmd_diff(args: argparse.Namespace) -> int:
    """Run ``ruleproof diff`` (see the module docstring)."""
    from ruleproof.checkers.analysis.diff import choose_players, compare, comparison_svg, sample_records
    from ruleproof.checkers.cli.readingopts import reading_of
    from ruleproof.spec.errors import RuleproofError

    if args.game is None and not [*args.a_variant, *args.b_variant] and (args.a_reading or args.b_reading):
        from ruleproof.model.io.readings import load_reading

        args.game = load_reading(args.a_reading or args.b_reading).game  # the reading file names its game
    _unswallow(args)
    gid = game_arg(args.game)
    reading_a = reading_of(gid, [*args.variant, *args.a_variant], args.a_reading, "--a-variant")
    reading_b = reading_of(gid, [*args.variant, *args.b_variant], args.b_reading, "--b-variant")
    game, game_b = reading_a.engine, reading_b.engine
    a, b = reading_a.variant, reading_b.variant
    if args.games < 1:
        raise RuleproofError(f"--games must be at least 1; got {args.games!r}")
    seats = seats_of(args.policy, None)
    precision = None
    if args.ci_width is not None:
        from ruleproof.checkers.analysis.sequential import Precision

        precision = Precision(args.ci_width, args.ci_on, max_games=args.max_games, first=first_look(args))
    elif args.ci_on != "winners" or args.max_games != DEFAULT_MAX_GAMES or args.first_look != 100:
        raise RuleproofError("--ci-on, --max-games and --first-look go with --ci-width W (the width to reach)")
    probe = args.probe or precision is not None or not seats.all_random
    if args.plot and not args.plot.lower().endswith(".svg"):
        raise RuleproofError(f"--plot writes SVG only; give a file name ending in .svg, not {args.plot!r}")
    for target in ([args.plot] if args.plot else []) + ([f"{args.records}-a.json", f"{args.records}-b.json"]
                                                         if args.records else []):
        check_target(target, args.force)  # before the work, not after
    if args.players is None:
        players, reason = choose_players(reading_a.base, a, b)
    else:
        players, reason = args.players, ""
    total = args.games if precision is None else precision.max_games
    with Progress(f"comparing readings of {game.name}", total, enabled=not args.quiet,
                  every=max(1, min(total, 1000) // 10), unit="games") as progress:
        progress.start(plural(total, "paired game") + (" at most" if precision is not None else ""))

        def on_game(index: int) -> None:  # as each pair finishes, wherever it is played
            progress.finish(item="")

        def on_look(text: str) -> None:
            if not args.quiet:
                import sys

                print(f"look: {text}", file=sys.stderr)

        result = compare(game, players, a, b, games=args.games, seed=args.seed, on_game=on_game, game_b=game_b,
                         jobs=args.jobs or default_jobs(), seats=None if seats.all_random and not probe else seats,
                         probe=probe, precision=precision, on_look=on_look)
    if reading_a.has_plugin or reading_b.has_plugin or args.a_reading or args.b_reading:
        result.readings = (reading_a.describe(), reading_b.describe())
    if not args.no_findings:
        from ruleproof.checkers.analysis.catalogue_diff import catalogue_changes, questions_to_rerun

        todo = questions_to_rerun(reading_a, reading_b)
        with Progress("re-running catalogue questions under A and B", 2 * len(todo), enabled=not args.quiet,
                      unit="questions") as progress:
            asked: list[str] = []

            def on_question(qid: str, label: str) -> None:
                if asked:
                    progress.finish(item=asked[-1])
                asked.append(f"{qid} under {label}")
                progress.start(asked[-1])

            changes = catalogue_changes(reading_a, reading_b, on_question=on_question)
            if asked:
                progress.finish(item=asked[-1])
        result.catalogue = [c.to_json() for c in changes]
    if args.plot:
        write_atomic(args.plot, comparison_svg(result), force=args.force)
    written = []
    if args.records:
        records = sample_records(game, result, game_b)
        if records is not None:
            for label, record, reading in zip("ab", records, (reading_a, reading_b)):
                if reading.has_plugin:  # validate it with the same reading file
                    record = dataclasses.replace(record, reading=reading.identity())
                path = Path(f"{args.records}-{label}.json")
                write_atomic(path, record.dumps(), force=args.force)
                written.append(str(path))
    if args.json:
        from ruleproof.checkers.cli.readinghead import reading_json

        data = result.to_json()
        data["players_reason"] = reason
        data["plot"] = args.plot
        data["records"] = written
        data["reading_a"], data["reading_b"] = reading_json(reading_a), reading_json(reading_b)
        print_json("diff", data)
        return 0
    _print_report(result, reason, {"reading A": reading_a, "reading B": reading_b})
    _out = out()
    if args.plot:
        _out.print(f"histograms written to {args.plot}")
    if written:
        _out.print(f"records of the sample game written to {', '.join(written)} (check with `ruleproof validate`)")
    elif args.records:
        _out.print("no game diverged, so no records were written")
    return 0


def add_subcommand(sub: Any) -> None:
    """Add ``diff`` to the subparsers ``sub`` of the ``ruleproof`` parser."""
    p = sub.add_parser(
        "diff", help="compare two readings (variant flags) on the same seeded games",
        description="Play the same seeded games under reading A and reading B (same deals, same choices where both "
                    "readings allow them) and report where they diverge, how length, scores and winners change "
                    "(95% confidence intervals) and which catalogue findings concern the changed rules.")
    p.add_argument("game", nargs="?", help="game id (see `ruleproof games`; any case)")
    add_variant(p, who=" in both readings")
    add_variant(p, dest="a_variant", flag="--a-variant", who=" in reading A only")
    add_variant(p, dest="b_variant", flag="--b-variant", who=" in reading B only")
    # The old spellings: several assignments after one flag; a game id they swallow is given back.
    p.add_argument("--a", dest="a_variant", nargs="+", action="extend", help=argparse.SUPPRESS)
    p.add_argument("--b", dest="b_variant", nargs="+", action="extend", help=argparse.SUPPRESS)
    p.add_argument("--a-reading", metavar="FILE", help="reading A from a reading file (TOML; flags, extra rules "
                   "or a derived engine); --variant/--a-variant apply on top")
    p.add_argument("--b-reading", metavar="FILE", help="reading B from a reading file")
    p.add_argument("--no-findings", action="store_true",
                   help="do not re-run the catalogue questions that depend on what differs")
    p.add_argument("--players", type=int, help="number of seats (default: one where the changed flag matters)")
    p.add_argument("--games", type=int, default=100, help="number of paired games (default 100; see --ci-width)")
    add_policy(p)
    add_precision(p)
    p.add_argument("--probe", action="store_true",
                   help="ask reading B's rules at every position of reading A's games: the share of games and of "
                        "decisions in which the dispute arises (implied by --ci-width and by a non-random --policy)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--plot", metavar="FILE.svg", help="write histograms of game length and score as SVG")
    add_force(p)
    p.add_argument("--records", metavar="PREFIX",
                   help="write both runs of the sample game as records PREFIX-a.json and PREFIX-b.json")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_jobs(p)
    add_json(p)
    p.set_defaults(func=cmd_diff)
