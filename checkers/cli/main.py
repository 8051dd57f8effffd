"""The ``ruleproof`` command line: builds the parser from the command modules and runs one command.

Each command group lives in its own module with an ``add_subcommand(subparsers)``
function; adding a command is one line in :data:`COMMAND_MODULES`.

Exit codes: 0 success; 1 a check failed (an illegal move, a failed audit row,
a changed verdict); 2 bad input or usage (unknown game, malformed record, bad
flag). User errors print one line starting with ``error:`` on standard error
and never a traceback; under ``--json`` they print a ``ruleproof.error`` JSON
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

__all__ = ["COMMAND_MODULES", "EXIT_FAILED", "EXIT_OK", "EXIT_USAGE", "build_parser", "main"]

#: Modules that each add commands through ``add_subcommand(subparsers)``, in help order.
COMMAND_MODULES: tuple[str, ...] = (
    "ruleproof.checkers.cli.games",
    "ruleproof.checkers.cli.checks",
    "ruleproof.checkers.cli.audit",
    "ruleproof.checkers.cli.diff",
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also used to generate the CLI reference in the docs and shell completion)."""
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
    for module_name in COMMAND_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        module.add_subcommand(sub)
    return parser


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

    words = list(sys.argv[1:] if argv is None else argv)
    as_json = _wants_json(words)
    _ARGV[:] = words
    parser = build_parser()
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
        sys.stderr.write("interrupted\n")
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
