"""``--reading FILE`` beside ``--variant``: the reading a command runs under.

A reading (:class:`ruleproof.model.io.readings.Reading`) is a game, its flags and
optionally a plugin of extra rules or a derived engine. Every command that
takes ``--variant`` also takes ``--reading FILE`` (a TOML reading file);
``--variant`` assignments apply on top of the file's flags.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_reading(p)
>>> p.parse_args(["--reading", "house.toml"]).reading
'house.toml'
>>> reading_of("take5", ["end_rule=>"], None).describe()
'end_rule=>'
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

__all__ = ["add_reading", "reading_of"]


def add_reading(parser: argparse.ArgumentParser, *, flag: str = "--reading", dest: str = "reading",
                who: str = "") -> None:
    """The ``--reading FILE`` option."""
    parser.add_argument(flag, dest=dest, metavar="FILE",
                        help=f"a reading file (TOML: game, title, [flags], optional rules = PLUGIN.py){who}; "
                             "--variant applies on top of it. A reading file with rules = PLUGIN.py runs that "
                             "Python file: give only reading files whose plugin you trust")


def reading_of(game: str | None, assignments: Sequence[str], path: str | None, flag: str = "--variant") -> Any:
    """The reading a command asks for: the file (if any), then ``assignments`` on top.

    Flags are checked with the command line's own messages ("did you mean").

    :raises RuleproofError: an unknown game or flag, a bad value, a malformed
        reading file, or a file for another game.
    """
    from ruleproof.checkers.cli.common import game_arg, parse_variant
    from ruleproof.model.io.readings import load_reading, reading_from_flags
    from ruleproof.model.registry import game_for
    from ruleproof.spec.errors import RuleproofError

    gid = game_arg(game) if game is not None else None
    if path is None:
        if gid is None:
            raise RuleproofError("no game given: name a game or give --reading FILE")
        parse_variant(game_for(gid), assignments, flag)
        return reading_from_flags(gid, list(assignments))
    base = load_reading(path)
    if gid is not None and base.game != gid:
        raise RuleproofError(f"{path}: the reading is for game {base.game!r}, not {gid!r}")
    if not assignments:
        return base
    parse_variant(base.base, assignments, flag)
    return reading_from_flags(base.game, list(assignments), base)
