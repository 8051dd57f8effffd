"""The ``ruleproof`` command line: one module per command group, ``main`` builds the parser.

May import every wing; no wing imports it.
"""

from ruleproof.checkers.cli.main import build_parser, main

__all__ = ["build_parser", "main"]
