"""``ruleproof completion bash|zsh|fish``: print a shell completion script (made by shtab).

Install, for example, with ``ruleproof completion bash > ~/.local/share/bash-completion/completions/ruleproof``
or ``ruleproof completion zsh > "${fpath[1]}/_ruleproof"``. The script
completes commands, flags and choices; it is generated from the same parser
the command line uses, so it never falls behind.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

SHELLS = ("bash", "zsh", "fish", "tcsh")


def cmd_completion(args: argparse.Namespace) -> int:
    """Print the script."""
    import shtab

    from ruleproof.checkers.cli.main import build_parser

    sys.stdout.write(shtab.complete(build_parser(), shell=args.shell))
    return 0


def add_subcommand(sub: Any) -> None:
    """Add ``completion``."""
    p = sub.add_parser("completion", help="print a shell completion script (bash, zsh, fish, tcsh)")
    p.add_argument("shell", choices=SHELLS, help="the shell")
    p.set_defaults(func=cmd_completion)
