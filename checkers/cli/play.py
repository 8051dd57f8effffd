"""``ruleproof play GAME``: play in the terminal against bots.

The position is shown from the seat to act (its own hand; others' hidden
cards stay hidden), then the legal moves, numbered. Type a number or the
move itself; ``undo`` takes back your last move, ``save FILE`` writes the
record so far, ``moves`` lists the legal moves again, ``quit`` ends. An
illegal move is refused with the ids of the rules it breaks. With
``--record FILE`` the record is written when the game ends (or on ``quit``)
and validated.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_force, add_variant, game_arg, parse_variant
from ruleproof.checkers.cli.output import EXIT_OK, out
from ruleproof.model.outputs import check_target
from ruleproof.spec.errors import RuleproofError

HELP = ("type a move's number or the move itself (e.g. 'play 23'); commands: undo (take back your last move), "
        "save FILE (write the record so far; 'save FILE --force' replaces a file), moves (list the legal moves), "
        "show (the position again), help, quit")


def _seats(args: argparse.Namespace, game: Any) -> list[str]:
    if args.seats:
        seats = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
        if args.players is not None and args.players != len(seats):
            raise RuleproofError(f"--players {args.players} but --seats names {len(seats)} seats")
        return seats
    players = args.players if args.players is not None else game.spec.min_players
    return ["human"] + ["random"] * (players - 1)


def _save(session: Any, path: str, force: bool = False) -> str:
    from ruleproof.checkers.checks.validate import validate_record
    from ruleproof.model.outputs import write_atomic

    record = session.record()
    words = path.split()
    if "--force" in words:  # `save FILE --force` at the prompt
        force = True
        path = " ".join(w for w in words if w != "--force")
    try:
        write_atomic(Path(path), record.dumps(), force=force)
    except OSError as exc:
        raise RuleproofError(str(exc) if isinstance(exc, RuleproofError) else f"cannot write {path}: {exc.strerror}"
                             ) from None
    result = validate_record(record)
    verdict = "it validates" if result.ok else f"it does NOT validate: {result}"
    return f"record of {len(record.moves)} moves written to {path}; {verdict}"


def cmd_play(args: argparse.Namespace) -> int:
    """Run the interactive game."""
    from rich.columns import Columns
    from rich.panel import Panel
    from rich.text import Text

    from ruleproof.checkers.render.picture import render_text
    from ruleproof.checkers.view.play import Session
    from ruleproof.checkers.view.words import who

    from ruleproof.model.registry import game_for

    game = game_for(game_arg(args.game))
    variant = parse_variant(game, args.variant)
    seats = _seats(args, game)
    if args.record:
        check_target(args.record, args.force)  # before the game, not after it
    session = Session(game, seats, variant, args.seed, simulations=args.simulations)
    console = out()
    console.print(f"{game.spec.title}: " + ", ".join(f"seat {s} {k}" for s, k in enumerate(seats)), markup=False)
    console.print(HELP, markup=False, style="dim")

    def shown(actor: int, move: Any) -> None:
        if actor >= 0:
            console.print(f"  {who(actor)} ({seats[actor]}) plays {move}", markup=False)

    def position() -> None:
        seat = session.actor
        console.print(Panel(Text(render_text(game, session.state, seat)), title=f"{who(seat)} to act (you)",
                            expand=False))
        listing()

    def listing() -> None:
        moves = session.legal()
        console.print(Columns([Text(f"{i}) {m}") for i, m in enumerate(moves, start=1)], padding=(0, 2)))

    session.advance(shown)
    quit_early = False
    while not session.finished:
        position()
        try:
            line = console.input(f"{who(session.actor)}> ")
        except EOFError:
            quit_early = True
            break
        answer = session.human_input(line)
        if answer.command == "quit":
            quit_early = True
            break
        if answer.command == "help":
            console.print(HELP, markup=False)
        elif answer.command == "undo":
            console.print("taken back" if session.undo() else "nothing to take back", markup=False)
        elif answer.command == "save":
            if not answer.argument:
                console.print("save needs a file name: save FILE", markup=False)
            else:
                try:
                    console.print(_save(session, answer.argument), markup=False)
                except RuleproofError as exc:  # the game goes on: say why and let the player choose again
                    console.print(f"not saved: {exc}", markup=False)
        elif answer.command in ("moves", "show"):
            pass
        elif not answer.ok:
            if answer.rule_ids:
                console.print(f"illegal move, it breaks {', '.join(answer.rule_ids)}: {answer.message}", markup=False)
            else:
                console.print(answer.message, markup=False)
        else:
            console.print(f"  you: {answer.message}", markup=False)
        session.advance(shown)
    if session.finished:
        console.print(render_text(game, session.state), markup=False)
        result = game.outcome(session.state)
        scores = ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(result.scores))
        console.print(f"game over: {scores}; won by {', '.join(who(w) for w in sorted(result.winners))}",
                      markup=False)
    else:
        console.print("game left unfinished", markup=False)
    if args.record:
        console.print(_save(session, args.record, args.force), markup=False)
    return EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Register ``play``."""
    p = sub.add_parser("play", help="play a game in the terminal against bots",
                       description="Play in the terminal: the position, the legal moves numbered; type a number or "
                                   "a move; undo, save FILE, quit. Bots: random, mcts (OpenSpiel's MCTS, needs the "
                                   "openspiel extra; it searches the true state, so it sees hidden cards).")
    p.add_argument("game", help="game id")
    p.add_argument("--players", type=int, metavar="N", help="number of seats (default: the game's least, or --seats)")
    p.add_argument("--seats", metavar="KIND,...",
                   help="one kind per seat: human, random or mcts (default: human, then random bots)")
    add_variant(p)
    p.add_argument("--seed", type=int, help="seed of chance and the bots (default: a new game each time)")
    p.add_argument("--simulations", type=int, default=200, metavar="N", help="MCTS simulations per move (default 200)")
    p.add_argument("--record", metavar="FILE", help="write the game's record to FILE at the end (it is validated)")
    add_force(p)
    p.set_defaults(func=cmd_play)
