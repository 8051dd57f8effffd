"""``ruleproof show`` (a position of a record as a picture) and ``ruleproof replay`` (an HTML viewer).

``show RECORD [--move N] [--format text|svg|png] [--output FILE] [--seat S]``
draws the position after move ``N`` (default: the end) from the referee's
view or seat ``S``'s. The text form is the game as it looks
(:mod:`ruleproof.checkers.render.terminal`): coloured on a terminal, plain in a
pipe or a file (``--output pos.txt``). ``replay SOURCE --html FILE`` writes one self-contained
HTML page stepping through a record, a certificate's record, a finding file's
witness, or (``--finding ID``) a catalogue finding's stored witness.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_force, add_json
from ruleproof.checkers.cli.output import EXIT_FAILED, EXIT_OK, EXIT_USAGE, err, out, print_json
from ruleproof.checkers.cli.readingopts import add_reading
from ruleproof.model.io.outputs import check_target
from ruleproof.spec.errors import RecordError, RuleproofError

FORMATS = ("text", "svg", "png")


def _write(path: Path, data: bytes, force: bool) -> None:
    from ruleproof.model.io.outputs import OutputError, write_atomic

    try:
        write_atomic(path, data, force=force)  # an existing file is replaced only with --force
    except OutputError:
        raise  # it names the file and the reason
    except OSError as exc:
        raise RuleproofError(f"cannot write {path}: {exc.strerror or exc}") from None


def cmd_show(args: argparse.Namespace) -> int:
    """Draw the position after move N."""
    from ruleproof.checkers.render.picture import render, to_png
    from ruleproof.checkers.render.terminal import draw_position
    from ruleproof.checkers.view.under import engine_for_record
    from ruleproof.model.io.readings import load_reading
    from ruleproof.model.io.records import load_record
    from ruleproof.spec.registry import MissingPartError

    if args.output:
        check_target(args.output, args.force)  # before the work, not after
    asked = load_reading(args.reading) if args.reading else None
    record = load_record(args.record)
    game, variant, reading = engine_for_record(record, asked, source=str(args.record))
    total = len(record.moves)
    upto = total if args.move is None else args.move
    if not 0 <= upto <= total:
        raise RuleproofError(f"--move must be between 0 and {total} (the record has {total} moves); got {upto}")
    if args.seat is not None and not 0 <= args.seat < record.players:
        raise RuleproofError(f"--seat must be between 0 and {record.players - 1}; got {args.seat}")
    state = game.initial_state(record.players, variant)
    last = None
    for index, recorded in enumerate(record.moves[:upto]):
        try:
            move = game.parse_move(recorded.move)
        except RuleproofError as exc:
            raise RecordError(str(exc), f"$.moves[{index}].move", index, str(args.record)) from None
        if recorded.actor != game.current_player(state) or not game.is_legal_move(state, move):
            error = game.illegal_move_error(state, move, recorded.actor)
            raise RecordError(f"move {index} ({recorded.move!r}) cannot be shown past: {error}; "
                              f"`ruleproof validate` explains it", f"$.moves[{index}]", index, str(args.record))
        state = game.apply_unchecked(state, move)
        last = move
    suffix = Path(args.output).suffix.lstrip(".").lower() if args.output else "text"
    fmt = args.format or {"txt": "text"}.get(suffix, suffix)
    if fmt not in FORMATS:
        raise RuleproofError(f"--format must be one of {', '.join(FORMATS)}; got {fmt!r}")
    coloured = fmt == "text" and not args.output and not args.json and sys.stdout.isatty()
    try:
        if fmt == "text":
            drawn = draw_position(game, state, args.seat, last=last)
            data = (drawn.plain + "\n").encode("utf-8")
        else:
            svg = render(record.game, state, args.seat, last=last)
            data = svg.encode("utf-8") if fmt == "svg" else to_png(svg)
    except MissingPartError as exc:
        raise RuleproofError(f"cannot draw {record.game}: {exc}") from None
    if args.output:
        _write(Path(args.output), data, args.force)
    elif fmt == "png" and sys.stdout.isatty():
        raise RuleproofError("PNG is binary: give --output FILE.png (or redirect standard output)")
    if args.json:
        from ruleproof.checkers.view.under import reading_label

        body: dict[str, Any] = {"file": str(args.record), "game": record.game, "move": upto, "moves": total,
                                "seat": args.seat, "picture_format": fmt, "output": args.output,
                                "reading": reading_label(reading)}
        if not args.output and fmt != "png":
            body["picture"] = data.decode("utf-8")
        print_json("show", body)
    elif coloured:  # a terminal: the same picture in colour (long lines left to the terminal to wrap)
        out().print(drawn, soft_wrap=True)
    elif not args.output:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        view = "the referee's view" if args.seat is None else f"seat {args.seat}'s view"
        out().print(f"{args.output}: {record.game} after move {upto} of {total}, {view} ({fmt})", markup=False)
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    """Write the HTML viewer."""
    from ruleproof.checkers.view.replay import replay_html
    from ruleproof.checkers.view.sources import finding_sources, load_sources

    if (args.source is None) == (args.finding is None):
        raise RuleproofError("give either a RECORD/CERTIFICATE/WITNESS file or --finding ID (not both)")
    check_target(args.html, args.force)  # before the work, not after
    from ruleproof.model.io.readings import load_reading

    asked = load_reading(args.reading) if args.reading else None
    # finding ids are upper case (T5-F-2, CI-F-7, WF-BF-3); any case is accepted, as for rule ids
    sources = (finding_sources(args.finding.strip().upper(), reading=asked) if args.finding
               else load_sources(args.source))
    if not 1 <= args.witness <= len(sources):
        raise RuleproofError(f"--witness must be between 1 and {len(sources)}; got {args.witness}")
    source = sources[args.witness - 1]
    quiet = args.json or not err().is_terminal
    total = len(source.record.moves)

    def progress(index: int) -> None:
        if not quiet and (index % 50 == 0 or index == total - 1):
            err().print(f"replaying move {index + 1} of {total}", end="\r", markup=False)

    page = replay_html(source.record, title=source.title, notes=source.notes, docs_base=args.docs_base,
                       on_step=progress, reading=asked)
    _write(Path(args.html), page.encode("utf-8"), args.force)
    if args.json:
        body: dict[str, Any] = {"html": args.html, "title": source.title, "game": source.record.game, "moves": total,
                                "witnesses": len(sources), "bytes": len(page.encode("utf-8"))}
        if source.check is not None:
            body["certificate"] = source.check.to_json()
        print_json("replay", body)
    else:
        more = f" (witness {args.witness} of {len(sources)}; --witness N for another)" if len(sources) > 1 else ""
        out().print(f"{args.html}: {source.title}, {total} moves{more}", markup=False)
        if source.rejected:
            reasons = "; ".join(source.check.reasons) if source.check is not None else ""
            err().print(f"{args.source}: rejected by the independent checker: {reasons}; the page shows it as "
                        "rejected", markup=False)
    # A rejected certificate is a failed check (exit 1), even though its page was written.
    return EXIT_FAILED if source.rejected else EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Register ``show`` and ``replay``."""
    p = sub.add_parser("show", help="draw the position of a record after a move (text, SVG or PNG)",
                       description="Draw the position after move N of a game record (default: the end) with the "
                                   "game's renderer, from the referee's view or one seat's.")
    p.add_argument("record", help="path of a JSON game record")
    add_reading(p, who=" (a record made under a plugin's reading needs the same file)")
    p.add_argument("--move", type=int, metavar="N", help="the position after N moves (0: the start; default: the end)")
    p.add_argument("--format", choices=FORMATS,
                   help="text (default for the terminal), svg, or png (needs the png extra: pip install "
                        "'ruleproof[png]'); default: from --output's suffix")
    p.add_argument("--output", metavar="FILE", help="write to FILE instead of standard output")
    add_force(p)
    p.add_argument("--seat", type=int, metavar="S", help="what seat S sees (default: the referee, who sees everything)")
    add_json(p)
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("replay", help="write an HTML viewer stepping through a record, certificate or witness",
                       description="Write one self-contained HTML file (no network) that steps through a game: "
                                   "pictures, moves in words, the rules checked, alternatives, odds and scores. "
                                   "A certificate is first re-checked by the independent checker; a rejected one "
                                   "is shown as rejected, with the checker's reasons, and the command exits 1.")
    p.add_argument("source", nargs="?", metavar="RECORD|CERTIFICATE|WITNESS",
                   help="a game record, a certificate, or a finding's JSON (with its witness)")
    p.add_argument("--finding", metavar="ID", help="a catalogue finding's witness instead (e.g. CI-F-7; any case)")
    p.add_argument("--witness", type=int, default=1, metavar="N",
                   help="which witness game when a finding has several (default 1)")
    p.add_argument("--html", required=True, metavar="FILE", help="the HTML file to write")
    add_reading(p, who=" (a record made under a plugin's reading needs the same file)")
    add_force(p)
    p.add_argument("--docs-base", default="", metavar="URL",
                   help="prefix of the rules' links (the annotated rulebooks' folder, ending in /; default: "
                        "relative to the page)")
    add_json(p)
    p.set_defaults(func=cmd_replay)


__all__ = ["EXIT_USAGE", "add_subcommand", "cmd_replay", "cmd_show"]
