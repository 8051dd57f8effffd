"""``ruleproof play GAME``: play in the terminal against bots.

The position is drawn as the game looks, from the seat to act (its own
hand; others' hidden cards stay hidden), in colour on a terminal and plain
when piped. Then the legal moves, grouped by kind (plays, exchanges, pass,
…) and numbered; a large group after the first is folded into one line
(``moves KIND`` lists it). Type a number or the move itself (its text as
listed, e.g. ``play 23``); ``undo`` takes back your last move, ``save FILE``
writes the record so far, ``moves`` lists the legal moves again, ``quit``
ends. An illegal move is refused with the ids of the rules it breaks. With
``--record FILE`` the record is written when the game ends (or on ``quit``,
end of input or Ctrl-C) and validated. Ctrl-C ends the game at once (exit
130).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_force, add_variant, game_arg, parse_variant
from ruleproof.checkers.cli.output import EXIT_OK, out
from ruleproof.spec.errors import RuleproofError

HELP = ("type a move's number or the move itself as listed (e.g. 'play 23'); commands: undo (take back your last "
        "move), save FILE (write the record so far; 'save FILE --force' replaces a file), moves [KIND] (list the "
        "legal moves, or all of one kind), "
        "show (the position again), help, quit")
#: A group of moves after the first with more moves than this is folded into one line.
FOLD = 12
#: The most MCTS simulations a move may take (far more than a person waits for).
MAX_SIMULATIONS = 100_000
#: Exit code of a game ended by Ctrl-C.
EXIT_INTERRUPTED = 130


def _seats(args: argparse.Namespace, game: Any) -> list[str]:
    if args.seats:
        seats = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
        if args.players is not None and args.players != len(seats):
            raise RuleproofError(f"--players {args.players} but --seats names {len(seats)} seats")
        return seats
    players = args.players if args.players is not None else game.spec.min_players
    return ["human"] + ["random"] * (players - 1)


def save(session: Any, path: str, force: bool = False) -> str:
    """Write the record so far to ``path`` and validate it; what happened, in words (never raises for the file).

    An existing file is replaced only with ``force`` (``save FILE --force`` at the prompt). The record is
    checked by :func:`~ruleproof.checkers.checks.validate.validate_record` (the specification decides).
    """
    from ruleproof.checkers.checks.validate import validate_record
    from ruleproof.model.io.outputs import write_atomic

    record = session.record()
    words = path.split()
    if "--force" in words:  # `save FILE --force` at the prompt
        force = True
        path = " ".join(w for w in words if w != "--force")
    try:
        write_atomic(Path(path), record.dumps(), force=force)
    except RuleproofError as exc:  # OutputError: it names the file and the reason
        return f"not saved: {exc}"
    except (OSError, ValueError) as exc:  # a name the system cannot take (NUL byte, too long)
        return f"not saved: cannot write {path!r}: {getattr(exc, 'strerror', None) or exc}"
    result = validate_record(record)
    verdict = "it validates" if result.ok else f"it does NOT validate: {result}"
    return f"record of {len(record.moves)} moves written to {path}; {verdict}"


def _listing(session: Any, only: str = "") -> Any:
    """The legal moves, grouped; large groups after the first folded (unless ``only`` names them)."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.text import Text

    parts: list[Any] = []
    groups = session.choices()
    for index, group in enumerate(groups):
        if only and group.kind != only:
            continue
        first, last = group.moves[0][0], group.moves[-1][0]
        span = f"{first}" if first == last else f"{first}–{last}"
        title = Text.assemble((group.kind, "bold"), (f" ({len(group.moves)}, numbers {span})", "dim"))
        if index and not only and len(group.moves) > FOLD:
            example = str(group.moves[0][1])
            title.append(f": type `moves {group.kind}` to list them, or one as text, e.g. {example!r}", style="dim")
            parts.append(title)
            continue
        parts.append(title)
        parts.append(Columns([Text(f"{number}) {move}") for number, move in group.moves], padding=(0, 2)))
    if only and not parts:
        kinds = ", ".join(g.kind for g in groups)
        parts.append(Text(f"no legal move of kind {only!r}; kinds now: {kinds}"))
    return Group(*parts)


def cmd_play(args: argparse.Namespace) -> int:
    """Run the interactive game."""
    from ruleproof.checkers.render.terminal import draw_position
    from ruleproof.checkers.view.play import DEFAULT_SIMULATIONS, MCTS_SIMULATIONS, Session
    from ruleproof.checkers.view.words import who

    if args.simulations is not None and not 1 <= args.simulations <= MAX_SIMULATIONS:
        raise RuleproofError(f"--simulations must be from 1 to {MAX_SIMULATIONS:,}; got {args.simulations}")
    from ruleproof.checkers.cli.readingopts import reading_of
    from ruleproof.checkers.view.under import reading_label

    reading = reading_of(game_arg(args.game), args.variant, args.reading)
    game, variant = reading.engine, reading.variant
    seats = _seats(args, game)
    if reading.has_plugin and "mcts" in seats:
        raise RuleproofError("the mcts bot plays through the OpenSpiel adapter on the built-in rules; under a reading "
                             "with extra rules or a derived engine give the seats as human or random")
    if args.record:
        from ruleproof.model.io.outputs import check_target

        check_target(args.record, args.force)  # before the game, not after it
    console = out()
    interactive = sys.stdin.isatty()
    simulations = args.simulations or MCTS_SIMULATIONS.get(game.name, DEFAULT_SIMULATIONS)
    bots = f" (mcts: {simulations} simulations a move)" if "mcts" in seats else ""
    console.print(f"{game.spec.title} under {reading_label(reading)}: "
                  + ", ".join(f"seat {s} {k}" for s, k in enumerate(seats)) + bots, markup=False)
    try:
        session = Session(game, seats, variant, args.seed, simulations=simulations,  # mcts: OpenSpiel loads
                          reading_identity=reading.identity() if reading.has_plugin else None)
    except KeyboardInterrupt:
        console.print("\ninterrupted while starting", markup=False)
        return EXIT_INTERRUPTED
    console.print(HELP, markup=False, style="dim")

    def last() -> Any:  # the last move of a seat (marked where the view can), not chance's draws after it
        return next((move for actor, move in reversed(session.history) if actor >= 0), None)

    def shown(actor: int, move: Any) -> None:
        if actor >= 0:
            console.print(f"  {who(actor)} ({seats[actor]}) plays {move}", markup=False)

    def position() -> None:
        seat = session.actor
        console.rule(f"{who(seat)} to act (you)", style="dim")
        console.print(draw_position(game, session.state, seat, last=last()), soft_wrap=True)
        console.print(_listing(session))

    def finish(note: str) -> None:
        console.print(note, markup=False)
        if args.record:
            console.print(save(session, args.record, force=args.force), markup=False)

    try:
        session.advance(shown)
        redraw = True
        while not session.finished:
            if redraw:
                position()
            redraw = False
            try:
                line = console.input(f"{who(session.actor)}> ")
            except EOFError:
                console.print()
                break
            if not interactive:  # a transcript of piped input reads like a session
                console.print(line if len(line) <= 80 else line[:80] + "…", markup=False, highlight=False)
            answer = session.human_input(line)
            if answer.command == "quit":
                break
            if answer.command == "help":
                console.print(HELP, markup=False)
            elif answer.command == "undo":
                redraw = session.undo()
                console.print("taken back" if redraw else "nothing to take back", markup=False)
            elif answer.command == "save":
                console.print(save(session, answer.argument) if answer.argument else
                              "save needs a file name: save FILE", markup=False)
            elif answer.command == "moves":
                console.print(_listing(session, answer.argument.lower()))
            elif answer.command == "show":
                redraw = True
            elif not answer.ok:
                if answer.rule_ids:
                    console.print(f"illegal move, it breaks {', '.join(answer.rule_ids)}: {answer.message}",
                                  markup=False)
                else:
                    console.print(answer.message, markup=False)
            else:
                console.print(f"  you: {answer.message}", markup=False)
                session.advance(shown)
                redraw = True
    except KeyboardInterrupt:
        # Handled here: the record so far is still written, and the stop's deadline (meant for a command stuck
        # in a C call) must not cut the save short on a busy machine; a second Ctrl-C stops the save.
        from ruleproof.checkers.checks.interrupt import interrupt_handled

        interrupt_handled()
        finish("\ninterrupted: the game is left unfinished")
        return EXIT_INTERRUPTED
    if not session.finished:
        finish("game left unfinished")
        return EXIT_OK
    console.rule("game over", style="dim")
    console.print(draw_position(game, session.state, last=last()), soft_wrap=True)
    result = game.outcome(session.state)
    scores = ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(result.scores))
    console.print(f"game over: {scores}; won by {', '.join(who(w) for w in sorted(result.winners))}", markup=False)
    if args.record:
        console.print(save(session, args.record, force=args.force), markup=False)
    return EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Register ``play``."""
    p = sub.add_parser("play", help="play a game in the terminal against bots",
                       description="Play in the terminal: the position as the game looks, the legal moves grouped "
                                   "by kind and numbered; type a number or a move as listed; undo, save FILE, "
                                   "moves KIND, quit; Ctrl-C ends at once (exit 130). Bots: random, mcts "
                                   "(OpenSpiel's MCTS, needs the openspiel extra; it searches the true state, so "
                                   "it sees hidden cards).")
    p.add_argument("game", help="game id")
    p.add_argument("--players", type=int, metavar="N", help="number of seats (default: the game's least, or --seats)")
    p.add_argument("--seats", metavar="KIND,...",
                   help="one kind per seat: human, random or mcts (default: human, then random bots)")
    add_variant(p)
    from ruleproof.checkers.cli.readingopts import add_reading

    add_reading(p)
    p.add_argument("--seed", type=int, help="seed of chance and the bots (default: a new game each time)")
    p.add_argument("--simulations", type=int, metavar="N",
                   help="MCTS simulations per move (default: the game's own, about a second a move; "
                        "the start line names it)")
    p.add_argument("--record", metavar="FILE", help="write the game's record to FILE at the end (it is validated)")
    add_force(p)
    p.set_defaults(func=cmd_play)
