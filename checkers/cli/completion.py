"""``ruleproof completion bash|zsh|fish|tcsh [--install]``: a shell completion script (made by shtab).

The script is generated from the same parser the command line uses, so it
never falls behind: it completes commands, flags and choices, and also the
words the parser itself leaves open, listed when the script is made
(:func:`completion_parser`): game ids (built-in and installed), rule ids
(``ruleproof rules take5 T5-<TAB>``), catalogue finding ids (``--finding``)
and file names for the arguments that read or write files.

Print it (``ruleproof completion zsh > "${fpath[1]}/_ruleproof"``), or let
``--install`` write it where the shell looks for it, making the folder first
(:data:`INSTALL_PATHS`): bash-completion's user folder, fish's completions
folder, or ``~/.zfunc`` for zsh (which then needs ``fpath+=~/.zfunc`` before
``compinit`` in ``~/.zshrc``).

>>> parser = completion_parser()
>>> rules = parser._subparsers._group_actions[0].choices["rules"]
>>> [a.choices for a in rules._actions if a.dest == "game"][0][:2]
['bigfive', 'bigpoints']
>>> "T5-SIX-1" in [a for a in rules._actions if a.dest == "rule_ids"][0].choices
True
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SHELLS = ("bash", "zsh", "fish", "tcsh")
#: Where ``--install`` writes each shell's script (``~`` and environment variables expanded).
INSTALL_PATHS: dict[str, str] = {
    "bash": "${XDG_DATA_HOME:-~/.local/share}/bash-completion/completions/ruleproof",
    "zsh": "~/.zfunc/_ruleproof",
    "fish": "${XDG_CONFIG_HOME:-~/.config}/fish/completions/ruleproof.fish",
}
#: What to do after ``--install``, by shell.
AFTER_INSTALL: dict[str, str] = {
    "bash": "open a new shell (bash-completion loads it on first use)",
    "zsh": "add `fpath+=~/.zfunc` before `autoload -Uz compinit && compinit` in ~/.zshrc, then open a new shell",
    "fish": "open a new shell",
}
#: Arguments (by ``dest``) completed with game ids.
GAME_ARGUMENTS = ("game", "game_option")
#: Arguments (by ``dest``) completed with file names.
FILE_ARGUMENTS = ("record", "certificate", "source", "before", "after", "output", "html", "layout", "reading",
                  "svg", "dot", "graphml", "json_out", "plugin")


def _actions(parser: argparse.ArgumentParser) -> Iterator[argparse.Action]:
    """Every action of ``parser`` and of its subcommands, at any depth."""
    for action in parser._actions:
        yield action
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _actions(sub)


def _expand(template: str) -> Path:
    """``${NAME:-default}`` and ``~`` of an :data:`INSTALL_PATHS` entry, expanded."""
    head, sep, tail = template.partition("}")
    if template.startswith("${") and sep:
        name, _, default = head[2:].partition(":-")
        template = (os.environ.get(name) or default) + tail
    return Path(os.path.expanduser(template))


def words_to_complete() -> dict[str, list[str]]:
    """The open words by kind: ``games``, ``rules`` (every rule id of every game) and ``findings``.

    >>> words = words_to_complete()
    >>> "take5" in words["games"], "BF-LINE-3" in words["rules"], "CI-F-7" in words["findings"]
    (True, True, True)
    """
    from ruleproof.checkers.catalogue.findings import load_manifest
    from ruleproof.spec.errors import RuleproofError
    from ruleproof.spec.registry import game_ids, spec_for

    games = list(game_ids())
    rules: list[str] = []
    for game in games:
        try:
            rules += [rule.id for rule in spec_for(game).rules]
        except (RuleproofError, ImportError):  # a broken plugin: its rules are not offered
            continue
    findings: list[str] = []
    for name in (*games, "wellformed"):
        findings += load_manifest(name)
    return {"games": games, "rules": rules, "findings": sorted(set(findings))}


def completion_parser() -> argparse.ArgumentParser:
    """The command line's parser with the open words set as choices (for the script only: the parser
    that runs commands keeps accepting any case and plugin games), and file arguments marked as files."""
    import shtab

    from ruleproof.checkers.cli.main import build_parser

    parser = build_parser()
    words = words_to_complete()
    for action in _actions(parser):
        if action.choices is not None:
            continue
        if action.dest in GAME_ARGUMENTS:
            action.choices = words["games"]
        elif action.dest == "rule_ids":
            action.choices = words["rules"]
        elif action.dest == "finding":
            action.choices = words["findings"]
        elif action.dest in FILE_ARGUMENTS:
            action.complete = shtab.FILE  # type: ignore[attr-defined]
    return parser


def script(shell: str) -> str:
    """The completion script for ``shell``."""
    import shtab

    text: str = shtab.complete(completion_parser(), shell=shell)
    return text


def cmd_completion(args: argparse.Namespace) -> int:
    """Print the script, or install it."""
    from ruleproof.checkers.cli.output import EXIT_OK
    from ruleproof.spec.errors import RuleproofError

    text = script(args.shell)
    if not args.install:
        sys.stdout.write(text)
        return EXIT_OK
    if args.shell not in INSTALL_PATHS:
        raise RuleproofError(f"--install knows no standard place for {args.shell} scripts; print the script and "
                             f"source it from your shell's start-up file: ruleproof completion {args.shell} > FILE")
    from ruleproof.model.io.outputs import write_atomic

    target = _expand(INSTALL_PATHS[args.shell])
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RuleproofError(f"cannot make the folder {target.parent}: {exc.strerror or exc}") from None
    write_atomic(target, text, force=True)  # a newer script replaces the old one
    sys.stdout.write(f"{target}: {args.shell} completion for ruleproof; {AFTER_INSTALL[args.shell]}\n")
    return EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Add ``completion``."""
    p = sub.add_parser("completion", help="print a shell completion script (bash, zsh, fish, tcsh)",
                       description="Print a shell completion script: commands, flags, game ids, rule ids, finding "
                                   "ids and file names. --install writes it where the shell finds it: "
                                   + "; ".join(f"{shell}: {path}" for shell, path in INSTALL_PATHS.items()) + ".")
    p.add_argument("shell", choices=SHELLS, help="the shell")
    p.add_argument("--install", action="store_true",
                   help="write the script where the shell finds it (making the folder) instead of printing it")
    p.set_defaults(func=cmd_completion)
