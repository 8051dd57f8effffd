"""The ``ruleproof`` command line: builds the parser from the command modules and runs one command.

Each command group lives in its own module with an ``add_subcommand(subparsers)``
function; adding a command is one line in :data:`COMMAND_MODULES` and one per
command in :data:`COMMANDS` (its help, listed without importing the module).

Exit codes: 0 success; 1 a check failed (an illegal move, a failed audit row,
a changed verdict); 2 bad input or usage (unknown game, malformed record, bad
flag); 130 stopped by Ctrl-C (one press stops the command and its workers).
User errors print one line starting with ``error:`` on standard error and
never a traceback; under ``--json`` they print a ``ruleproof.error`` JSON
object on standard output instead, with the same exit code. Unknown commands,
games, flags and flag values get a "did you mean" suggestion.

>>> parser = build_parser()
>>> parser.parse_args(["games", "--json"]).json
True
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ruleproof.checkers.cli.output import EXIT_FAILED, EXIT_OK, EXIT_USAGE, error_document, print_json

#: Seconds after a Ctrl-C by which the program has ended, even stuck in a C call nobody can interrupt
#: (``ruleproof.checkers.checks.interrupt``); a normal stop takes a fraction of that.
INTERRUPT_DEADLINE = 1.5

__all__ = ["COMMAND_MODULES", "EXIT_FAILED", "EXIT_OK", "EXIT_USAGE", "build_parser", "main"]

#: Modules that each add commands through ``add_subcommand(subparsers)``, in help order.
COMMAND_MODULES: tuple[str, ...] = (
    "ruleproof.checkers.cli.games",
    "ruleproof.checkers.cli.checks",
    "ruleproof.checkers.cli.audit",
    "ruleproof.checkers.cli.exportsmt",
    "ruleproof.checkers.cli.diff",
    "ruleproof.checkers.cli.sweep",
    "ruleproof.checkers.cli.metrics",
    "ruleproof.checkers.cli.disputes",
    "ruleproof.checkers.cli.campaign",
    "ruleproof.checkers.cli.score",
    "ruleproof.checkers.cli.proofs",
    "ruleproof.checkers.cli.graph",
    "ruleproof.checkers.cli.trace",
    "ruleproof.checkers.cli.schema",
    "ruleproof.checkers.cli.completion",
    "ruleproof.checkers.cli.show",
    "ruleproof.checkers.cli.play",
    "ruleproof.checkers.cli.newgame",
)

#: Every command with its module and one-line help, in help order. ``main`` imports
#: only the module of the command it runs; ``ruleproof --help`` (or no or an unknown
#: command) lists this table without importing any command module (start-up time,
#: issue 21). ``tests/checkers/test_cli_lazy_imports.py`` checks it against the modules;
#: while a module of :data:`COMMAND_MODULES` is missing here, ``main`` imports them all.
COMMANDS: dict[str, tuple[str, str]] = {
    "games": ("games", "list the games with a specification and an engine"),
    "rules": ("games", "a game's rules (or some of them), ambiguities and variant flags"),
    "simulate": ("checks", "random playouts with statistics (or games played by --policy)"),
    "validate": ("checks", "check every move of a game record"),
    "fuzz": ("checks", "drive engine and spec through Hypothesis-chosen move sequences"),
    "audit": ("audit", "run every check for the chosen games; one row per check as it finishes"),
    "export-smt": ("exportsmt", "write every solver question of the findings as an SMT-LIB 2 file"),
    "diff": ("diff", "compare two readings (variant flags) on the same seeded games"),
    "sweep": ("sweep", "one flag over several values: play and every finding for each"),
    "metrics": ("metrics", "game metrics under a policy: seat balance, decisiveness, length, branching, lead changes"),
    "disputes": ("disputes", "measure every ambiguity to a precision target (and the policies' strength) as docs data"),
    "campaign": ("campaign", "simulate, diff, fuzz and search at scale on Dask (resumable)"),
    "score": ("score", "explain the score of a hand or a play (Take 5, Big Five, BigPoints, Ikebana)"),
    "prove": ("proofs", "write a certificate for one move of a record (why it is legal or not)"),
    "check-proof": ("proofs", "re-verify a certificate with the independent checker"),
    "graph": ("graph", "explore a reduced configuration exhaustively and export its state graph"),
    "trace": ("trace", "which tests cover which rule; traceability gaps"),
    "audit-diff": ("trace", "the verdicts that changed between two `ruleproof audit --json` outputs"),
    "schema": ("schema", "print a published JSON Schema (records, certificates, every --json output)"),
    "completion": ("completion", "print a shell completion script (bash, zsh, fish, tcsh)"),
    "show": ("show", "draw the position of a record after a move (text, SVG or PNG)"),
    "replay": ("show", "write an HTML viewer stepping through a record, certificate or witness"),
    "play": ("play", "play a game in the terminal against bots"),
    "new-game": ("newgame", "scaffold an installable package for a new game (spec, engine, tests)"),
}


class UsageError(Exception):
    """A command-line usage error (raised instead of argparse's print-and-exit)."""

    def __init__(self, message: str, usage: str) -> None:
        super().__init__(message)
        self.usage = usage


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors suggest the closest command, flag or value."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(_with_suggestion(message, self), self.format_usage())


def _with_suggestion(message: str, parser: argparse.ArgumentParser) -> str:
    from ruleproof.checkers.cli.common import suggest

    choice = re.match(r"argument (.+?): invalid choice: '(.*?)' \(choose from (.*)\)$", message)
    if choice:
        options = re.findall(r"'([^']*)'", choice.group(3))
        close = suggest(choice.group(2), options)
        if close is not None:
            return f"{message}; did you mean {close!r}?"
        return message
    unknown = re.match(r"unrecognized arguments: (.*)$", message)
    if unknown:
        flags = _known_flags(parser)
        hints = []
        for word in unknown.group(1).split():
            if word.startswith("--"):
                close = suggest(word.split("=")[0], flags)
                if close is not None:
                    hints.append(f"{close} for {word}")
        if hints:
            return f"{message}; did you mean {', '.join(hints)}?"
    return message


#: The flags of the command being parsed (set by :func:`main` before parsing).
_ARGV: list[str] = []


def _known_flags(parser: argparse.ArgumentParser) -> list[str]:
    flags = [s for a in parser._actions for s in a.option_strings]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if name in _ARGV:
                    flags += [s for a in sub._actions for s in a.option_strings]
    return flags


def _version() -> str:
    from ruleproof.checkers.cli.output import tool_version

    return f"ruleproof {tool_version()}"


class _VersionAction(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        sys.stdout.write(_version() + "\n")
        parser.exit()


def build_parser(modules: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser (also used to generate the CLI reference in the docs and shell completion).

    With ``modules`` (names from :data:`COMMAND_MODULES`), only their commands are
    built; every other command of :data:`COMMANDS` gets a bare entry with its help
    (enough for ``ruleproof --help`` and "did you mean"), without importing its module.
    """
    parser = Parser(
        prog="ruleproof",
        description="Tabletop rulebooks as executable specifications: rules, engines, fuzzing and proofs.",
        epilog="Exit codes: 0 ok, 1 a check failed or a move is illegal, 2 bad input or usage. "
               "Every reporting command takes --json.",
    )
    parser.add_argument("--version", action=_VersionAction, help="print the version and exit")
    parser.add_argument("--plugin", action="append", default=[], metavar="PATH",
                        help="load a game from a Python file or package folder before the command (repeatable; "
                             "installed games need none: they register through the ruleproof.games entry point)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    if modules is not None:
        for name, (module_short, text) in COMMANDS.items():
            if f"{_CLI}.{module_short}" not in modules:
                sub.add_parser(name, help=text, add_help=False)
    for module_name in COMMAND_MODULES if modules is None else modules:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        module.add_subcommand(sub)
    return parser


_CLI = "ruleproof.checkers.cli"


def _modules_for(argv: Sequence[str]) -> tuple[str, ...] | None:
    """The command modules ``argv`` needs: its command's, none for ``--help``, ``--version``,
    no or an unknown command; ``None`` (all of them) when :data:`COMMANDS` misses a module.

    >>> _modules_for(["--plugin", "games", "simulate", "take5"])
    ('ruleproof.checkers.cli.checks',)
    >>> _modules_for(["--help"])
    ()
    """
    if {f"{_CLI}.{m}" for m, _ in COMMANDS.values()} != set(COMMAND_MODULES):
        return None
    words = iter(argv)
    for word in words:
        if word == "--plugin":
            next(words, None)  # its value, which may spell a command's name
        elif word == "--":
            break
        elif not word.startswith("-"):
            entry = COMMANDS.get(word)
            return () if entry is None else (f"{_CLI}.{entry[0]}",)
    return ()


def _skip_hypothesis_plugins() -> None:
    """Do not load other packages' Hypothesis plugins in this process and its workers (unless the user
    set ``HYPOTHESIS_NO_PLUGINS`` either way).

    Hypothesis runs every ``hypothesis`` entry point when it is imported; the one installed here (trio's,
    which came with the docs' browser tools) imports trio: about 0.35 s of CPU in each process that fuzzes
    (each audit worker). Plugins register strategies for their own types; the fuzzing machines draw only
    integers and choices of our moves, so what they draw does not change.
    """
    import os

    os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")


def _wants_json(argv: Sequence[str]) -> bool:
    words = list(argv)
    if "--" in words:
        words = words[: words.index("--")]
    return "--json" in words


def _fail(message: str, code: int, as_json: bool, **details: Any) -> int:
    if as_json:
        doc = error_document(message, code, **details)
        print_json("error", {k: v for k, v in doc.items() if k not in ("format", "version", "ruleproof")})
    else:
        sys.stderr.write(f"error: {message}\n")
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    from ruleproof.spec.errors import InputError, RuleproofError

    if argv is None:  # the program's own process (not a caller's): see _skip_hypothesis_plugins
        _skip_hypothesis_plugins()
    words = list(sys.argv[1:] if argv is None else argv)
    as_json = _wants_json(words)
    _ARGV[:] = words
    parser = build_parser(_modules_for(words))
    try:
        args, extras = parser.parse_known_args(words)
        # A command may take positionals after its options (``score bigpoints --ladder RBPYG R2 W``):
        # it names the attribute that collects them in ``extra_positionals``.
        target = getattr(args, "extra_positionals", None)
        if extras and target and not any(e.startswith("-") for e in extras):
            setattr(args, target, [*getattr(args, target), *extras])
        elif extras:
            parser.error(f"unrecognized arguments: {' '.join(extras)}")
    except UsageError as exc:
        if not as_json:
            sys.stderr.write(exc.usage)
        return _fail(str(exc), EXIT_USAGE, as_json, kind="usage")
    try:
        from ruleproof.checkers.checks.interrupt import stop_on_interrupt

        # One Ctrl-C stops the command, its worker processes and solver calls (exit 130); when this is the
        # program's own process, it ends at the latest INTERRUPT_DEADLINE seconds after the signal.
        with stop_on_interrupt(deadline=INTERRUPT_DEADLINE if argv is None else None):
            if getattr(args, "plugin", None):
                from ruleproof.checkers.cli.plugins import load_game_plugin

                for path in args.plugin:
                    load_game_plugin(path)
            code: int = args.func(args)
    except InputError as exc:  # records, readings, layouts, audits: the file and the JSON (or key) path
        return _fail(str(exc), EXIT_USAGE, as_json, kind="input", file=exc.source or None, path=exc.path or None)
    except RuleproofError as exc:
        return _fail(str(exc), EXIT_USAGE, as_json, kind="usage")
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        from ruleproof.checkers.checks.interrupt import EXIT_INTERRUPTED

        sys.stderr.write("interrupted\n")
        return EXIT_INTERRUPTED
    return code


if __name__ == "__main__":
    sys.exit(main())
