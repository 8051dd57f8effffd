"""``ruleproof schema FORMAT``: print a published JSON Schema.

Formats: ``record`` (game records), ``certificate`` (legal-move
certificates) and the JSON documents commands print under ``--json``
(``audit``, ``diff``, ``simulate``, …; see :data:`ruleproof.checkers.cli.schemas.SCHEMAS`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ruleproof.checkers.cli.common import add_force, unknown_choice
from ruleproof.checkers.cli.output import EXIT_OK
from ruleproof.model.io.outputs import write_atomic


def available() -> dict[str, Any]:
    """Format name → a function returning its schema."""
    from ruleproof.checkers.cli.schemas import SCHEMAS, command_schema

    formats: dict[str, Any] = {}

    def record() -> dict[str, Any]:
        from ruleproof.model.io.records import RECORD_SCHEMA

        return dict(RECORD_SCHEMA)

    def certificate() -> dict[str, Any]:
        from ruleproof.checkers.proofs.core import CERTIFICATE_SCHEMA

        return dict(CERTIFICATE_SCHEMA)

    formats["record"] = record
    formats["certificate"] = certificate
    for name in SCHEMAS:
        formats[name] = lambda name=name: command_schema(name)
    return formats


def cmd_schema(args: argparse.Namespace) -> int:
    """Print (or write) one schema."""
    formats = available()
    kind = args.kind.lower()
    if kind not in formats:
        raise unknown_choice("schema", args.kind, sorted(formats))
    text = json.dumps(formats[kind](), indent=2, ensure_ascii=False) + "\n"
    if args.output:
        write_atomic(args.output, text, force=args.force)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Add ``schema``."""
    p = sub.add_parser("schema", help="print a published JSON Schema (records, certificates, every --json output)")
    p.add_argument("kind", nargs="?", default="record", metavar="FORMAT",
                   help="record (default), certificate, or a command's JSON: audit, diff, simulate, error, …")
    p.add_argument("--output", metavar="FILE", help="write to FILE instead of standard output")
    add_force(p)
    p.add_argument("--json", action="store_true", help="errors as JSON (the schema itself is always JSON)")
    p.set_defaults(func=cmd_schema)
