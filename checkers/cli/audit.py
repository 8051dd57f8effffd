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

from ruleproof.checkers.cli.common import add_jobs, add_json, add_variant, default_jobs, game_arg, unknown_choice
from ruleproof.checkers.cli.output import EXIT_FAILED, EXIT_OK, out, plural, print_json, table
from ruleproof.checkers.cli.progress import Progress

#: The kinds of check (``ruleproof.checkers.analysis.audit.CHECK_KINDS``; repeated to keep ``--help`` light).
CHECK_KINDS = ("conformance", "fuzz", "property", "finding")

_VERDICT_STYLE = {"pass": "green", "fail": "bold red", "unknown": "yellow", "defect found": "bold red",
                  "defect accepted": "cyan"}

#: Column widths of the streamed table (the last column takes the rest and wraps). The verdict column
#: holds its longest word ("applicable" of "not applicable"), so a verdict wraps between words, never inside one.
_WIDTHS = {"game": 9, "check": 11, "verdict": 10, "s": 6}


def _row_table(header: bool) -> Any:
    t = table(*_WIDTHS, "subject: detail", box=None, show_header=header, pad_edge=False, header_style="bold")
    for column, width in zip(t.columns, [*_WIDTHS.values(), None]):
        if width is not None:
            column.width = column.min_width = column.max_width = width
            column.no_wrap = False
    t.columns[3].justify = "right"
    return t


def _shown(row: Any) -> str:
    """The verdict column: a finding's defect status where it has one ("defect found", "defect accepted"),
    else the row's verdict."""
    shown: str = row.status if row.status in ("defect found", "defect accepted") else row.verdict
    return shown


def _add_row(t: Any, row: Any) -> None:
    shown = _shown(row)
    style = _VERDICT_STYLE.get(shown, "dim")
    t.add_row(row.game, row.check, f"[{style}]{shown}[/{style}]", f"{row.seconds:.1f}",
              f"[bold]{_escape(row.subject)}[/bold]: {_escape(row.detail)}")


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _options(args: argparse.Namespace, games: list[str]) -> Any:
    from ruleproof.checkers.analysis.audit import AuditOptions

    findings: tuple[str, ...] = ()
    if args.finding:
        findings = _known_ids(args.finding, games, "finding")
    allow = _known_ids([i for group in args.allow for i in group], games, "allow") if args.allow else ()

    def pick(value: int | None, normal: int, quick: int) -> int:
        return value if value is not None else (quick if args.quick else normal)

    return AuditOptions(conformance_games=pick(args.conformance_games, 2, 1),
                        fuzz_examples=pick(args.fuzz_examples, 10, 3),
                        property_games=pick(args.property_games, 30, 5), seed=args.seed,
                        findings=not args.no_findings, full=args.full, checks=tuple(args.check or ()),
                        finding_ids=findings, quick=args.quick, reading=_reading(args, games),
                        players=_players(args, games), allow=allow,
                        cross_check=args.cross_check)


def _known_ids(wanted: list[str], games: list[str], option: str) -> tuple[str, ...]:
    """Catalogue ids of ``--finding``/``--allow`` in the catalogue's spelling (an unknown one: exit 2)."""
    from ruleproof.checkers.analysis.audit import known_finding_ids

    known = known_finding_ids(games)
    by_upper = {k.upper(): k for k in known}
    for word in wanted:
        if word.upper() not in by_upper:
            raise unknown_choice(option, word, known, "see the findings table in the docs or `ruleproof audit`")
    return tuple(dict.fromkeys(by_upper[w.upper()] for w in wanted))


def _ids(text: str) -> list[str]:
    """``--allow``'s value: catalogue ids separated by commas.

    >>> _ids("WF-T5-2, wf-t5-1")
    ['WF-T5-2', 'wf-t5-1']
    """
    ids = [word.strip() for word in text.split(",") if word.strip()]
    if not ids:
        raise argparse.ArgumentTypeError(f"--allow takes finding ids separated by commas; got {text!r}")
    return ids


def _players(args: argparse.Namespace, games: list[str]) -> tuple[int, ...]:
    """``--players``: the counts to check; each must be allowed by at least one audited game (else exit 2)."""
    from ruleproof.checkers.analysis.audit import allows_players
    from ruleproof.model.io.readings import default_reading
    from ruleproof.spec.errors import RuleproofError

    counts = tuple(dict.fromkeys(n for group in args.players for n in group))
    if not counts:
        return ()
    reading = _reading(args, games)
    readings = [reading] if reading is not None else [default_reading(g) for g in games]
    for count in counts:
        if not any(allows_players(r, count) for r in readings):
            ranges = "; ".join(f"{r.game} {r.engine.spec.min_players}–{r.engine.spec.max_players}"
                               for r in readings)
            raise RuleproofError(f"--players {count}: no audited game allows {count} players ({ranges})")
    return counts


def _reading(args: argparse.Namespace, games: list[str]) -> Any:
    """The reading of ``--reading``/``--variant`` (``None``: each game's default reading)."""
    from ruleproof.checkers.cli.readingopts import reading_of
    from ruleproof.spec.errors import RuleproofError

    if not args.reading and not args.variant:
        return None
    if len(games) != 1:
        raise RuleproofError("--reading and --variant audit one game: name it (ruleproof audit GAME --variant ...)")
    return reading_of(games[0], args.variant, args.reading)


def _need_second_solver() -> None:
    """``--cross-check`` needs cvc5: a bad-input error (exit 2) that says how to install it."""
    from ruleproof.checkers.smt.cvc5_solver import available
    from ruleproof.spec.errors import RuleproofError

    if not available():
        raise RuleproofError("--cross-check re-decides the proofs with cvc5, which is not installed: "
                             "pip install 'ruleproof[cvc5]'")


def cmd_audit(args: argparse.Namespace) -> int:
    """Run the audit, printing each row as its check finishes."""
    from dataclasses import replace

    from ruleproof.checkers.analysis.audit import AuditRow, count_checks, run_audit
    from ruleproof.model.registry import available_games

    named = [*args.game, *args.game_option]
    if not named and args.reading:  # the reading file names its game
        from ruleproof.model.io.readings import load_reading

        named = [load_reading(args.reading).game]
    games = list(dict.fromkeys(game_arg(g) for g in named)) if named else list(available_games())
    if args.cross_check:
        _need_second_solver()
    options = _options(args, games)
    total = count_checks(games, options)
    console = None if args.json else out()
    readings = {game: options.reading_for(game) for game in games}
    if console is not None:
        for line in reading_lines(readings):
            console.print(line, markup=False)
        header = _row_table(header=True)
        console.print(header)
    done = 0
    with Progress("audit", total, enabled=not args.quiet, unit="checks") as progress:

        def on_start(game: str, check: str, subject: str) -> None:
            progress.start(f"{game} {check} {subject}")

        def on_finish(row: AuditRow) -> None:  # as the check finishes, with the time its row shows
            progress.finish(row.verdict, item=f"{row.game} {row.check} {row.subject}", seconds=row.seconds)

        def on_row(row: AuditRow) -> None:  # in the plan's order
            nonlocal done
            done += 1
            if console is None:
                print_json("audit-row", {"index": done, "total": total, "row": row.to_json()}, lines=True)
            else:
                t = _row_table(header=False)
                _add_row(t, row)
                console.print(t)

        rows = run_audit(games, replace(options, on_start=on_start, on_finish=on_finish), on_row,
                         jobs=args.jobs or default_jobs())
    failed = [r for r in rows if r.verdict == "fail"]
    counts = _counts(rows)
    by_game = {game: _counts([r for r in rows if r.game == game]) for game in games}
    if args.json:
        from ruleproof.checkers.cli.readinghead import reading_json

        print_json("audit", {"games": games, "ok": not failed, "counts": counts, "by_game": by_game,
                             "readings": {g: reading_json(r) for g, r in readings.items()},
                             "defects": defect_list(rows, "defect found"),
                             "accepted": defect_list(rows, "defect accepted"), "allow": list(options.allow),
                             "rows": [r.to_json() for r in rows]}, lines=True)
    elif console is not None:
        for line in summary_lines(games, rows):
            console.print(line, markup=False)
        for line in defect_lines(rows, options.allow):
            console.print(line, markup=False)
    return EXIT_FAILED if failed else EXIT_OK


def reading_lines(readings: dict[str, Any]) -> list[str]:
    """The audit's header: the reading each game is audited under (one line when every game has the rulebook's).

    >>> from ruleproof.model.io.readings import default_reading, reading_from_flags
    >>> reading_lines({"take5": default_reading("take5"), "cinco": default_reading("cinco")})
    ['audit of take5, cinco under reading: the rulebook (every flag at its default)']
    >>> reading_lines({"take5": reading_from_flags("take5", ["row_capacity=4"])})
    ['audit of take5 under reading: row_capacity=4']
    """
    from ruleproof.checkers.cli.readinghead import reading_header

    if all(r.is_default for r in readings.values()):
        return [f"audit of {', '.join(readings)} under {reading_header(next(iter(readings.values())))}"] \
            if readings else []
    return [f"audit of {game} under {reading_header(r)}" for game, r in readings.items()]


def defect_list(rows: list[Any], status: str) -> list[dict[str, Any]]:
    """The findings with ``status`` ("defect found" or "defect accepted"): game, id, the defect, the answer,
    why (for an accepted one) and the witness."""
    found = []
    for r in rows:
        if r.check != "finding" or r.status != status or not isinstance(r.data, dict):
            continue
        found.append({"game": r.game, "id": r.data.get("id"), "defect": r.data.get("defect", ""),
                      "answer": r.data.get("answer", ""), "why": r.detail.split(" — ")[0],
                      "witness": r.data.get("witness")})
    return found


def defect_lines(rows: list[Any], allow: tuple[str, ...] = ()) -> list[str]:
    """After the summary: each defect found (with how to accept it), each one accepted and why, and each
    ``--allow`` id that found no defect.

    >>> from ruleproof.checkers.analysis.audit import AuditRow
    >>> row = AuditRow("take5", "finding", "WF-T5-2 ?", "fail", "defect found: a dead end", 0.1,
    ...                {"id": "WF-T5-2", "defect": "a dead end", "answer": "yes: 8 dead ends"}, "defect found")
    >>> print("\\n".join(defect_lines([row], ("T5-F-3",))))
    defect found: WF-T5-2 (take5): a dead end — yes: 8 dead ends; --allow WF-T5-2 accepts it
    --allow T5-F-3: no defect found
    """
    lines = []
    for item in defect_list(rows, "defect found"):
        lines.append(f"defect found: {item['id']} ({item['game']}): {item['defect']} — {item['answer']}; "
                     f"--allow {item['id']} accepts it")
    accepted = defect_list(rows, "defect accepted")
    for item in accepted:
        lines.append(f"defect accepted: {item['id']} ({item['game']}): {item['why']}")
    seen = {str(item["id"]).upper() for item in accepted}
    for wanted in allow:
        if wanted.upper() not in seen:
            lines.append(f"--allow {wanted}: no defect found")
    return lines


#: The verdicts in the order summaries list them.
VERDICT_ORDER = ("pass", "fail", "unknown", "not run", "not applicable")


def _counts(rows: list[Any]) -> dict[str, int]:
    """How many rows have each verdict, in :data:`VERDICT_ORDER` (then any other, alphabetically)."""
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
    rank = {v: i for i, v in enumerate(VERDICT_ORDER)}
    return dict(sorted(counts.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))


def summary_lines(games: list[str], rows: list[Any]) -> list[str]:
    """The audit's closing summary: one line per game (checks, verdicts, seconds of its checks), then the total.

    >>> from ruleproof.checkers.analysis.audit import AuditRow
    >>> rows = [AuditRow("take5", "fuzz", "2 players", "pass", "", 1.25),
    ...         AuditRow("cinco", "finding", "CI-F-1", "fail", "", 2.0),
    ...         AuditRow("cinco", "finding", "CI-F-2", "pass", "", 0.5)]
    >>> print("\\n".join(summary_lines(["take5", "cinco"], rows)))
    take5  1 check: 1 pass (1.2 s)
    cinco  2 checks: 1 pass, 1 fail (2.5 s)
    3 checks in 2 games: 2 pass, 1 fail
    """
    width = max((len(g) for g in games), default=0)
    lines = []
    for game in games:
        mine = [r for r in rows if r.game == game]
        verdicts = ", ".join(f"{n} {verdict}" for verdict, n in _counts(mine).items())
        seconds = sum(r.seconds for r in mine)
        lines.append(f"{game:<{width}}  {plural(len(mine), 'check')}: {verdicts or 'none run'} ({seconds:.1f} s)")
    verdicts = ", ".join(f"{n} {verdict}" for verdict, n in _counts(rows).items())
    lines.append(f"{plural(len(rows), 'check')} in {plural(len(games), 'game')}: {verdicts or 'none run'}")
    return lines


def _player_counts(text: str) -> list[int]:
    """``--players``' value: whole numbers of at least 1, separated by commas.

    >>> _player_counts("3"), _player_counts("2,4")
    ([3], [2, 4])
    """
    counts = []
    for word in text.split(","):
        try:
            count = int(word)
        except ValueError:
            raise argparse.ArgumentTypeError(f"--players takes whole numbers separated by commas; got {text!r}")
        if count < 1:
            raise argparse.ArgumentTypeError(f"--players must be at least 1; got {count}")
        counts.append(count)
    return counts


def add_subcommand(sub: Any) -> None:
    """Add ``audit``."""
    p = sub.add_parser("audit", help="run every check for the chosen games; one row per check as it finishes")
    p.add_argument("game", nargs="*", help="games to audit (default: every game; any case)")
    p.add_argument("--game", dest="game_option", action="append", default=[], metavar="GAME",
                   help=argparse.SUPPRESS)
    add_variant(p, who=" (one game only)")
    p.add_argument("--reading", metavar="FILE",
                   help="audit under this reading file (one game; its flags, extra rules or derived engine)")
    p.add_argument("--check", action="append", type=str.lower, choices=CHECK_KINDS,
                   help="run only this kind of check (repeatable)")
    p.add_argument("--finding", action="append", metavar="ID", help="run only this finding (repeatable)")
    p.add_argument("--allow", type=_ids, action="append", default=[], metavar="ID[,ID...]",
                   help="accept the defect these findings find (a dead end, a game that need not end, a seat that "
                        "cannot win, rules in conflict): it is reported as 'defect accepted', not a failure "
                        "(repeatable; without it a defect found under a reading fails the audit, exit 1)")
    p.add_argument("--players", type=_player_counts, action="append", default=[], metavar="N[,N...]",
                   help="check only these player counts (repeatable; default: each game's test configurations); "
                        "conformance, fuzzing and properties follow it, catalogue findings do not depend on it")
    p.add_argument("--quick", action="store_true",
                   help="the smallest useful audit: one configuration per check, fewer games and sequences")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--conformance-games", type=int, help="random games per configuration (default 2; 1 with --quick)")
    p.add_argument("--fuzz-examples", type=int, help="state-machine runs per configuration (default 10; 3 with --quick)")
    p.add_argument("--property-games", type=int, help="random games per property (default 30; 5 with --quick)")
    p.add_argument("--no-findings", action="store_true", help="skip the solver and search catalogue")
    p.add_argument("--full", action="store_true", help="run the full (slow) findings catalogue")
    p.add_argument("--cross-check", action="store_true",
                   help="re-decide every unsat solver query and optimum bound of the findings with a second "
                        "solver (cvc5, from the exported SMT-LIB 2); a disagreement fails the row (exit 1)")
    add_jobs(p)
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    add_json(p, "print JSON Lines: one object per check as it finishes, then a summary")
    p.set_defaults(func=cmd_audit)
