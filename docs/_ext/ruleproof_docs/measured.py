"""The exact ``ruleproof diff`` command behind each "Measured" block.

The blocks now come from stored measurements (:mod:`.disputes`), each with the
command that plays its games; :func:`check_command` checks such a command
with the command line's own parser. The helpers below it build a command from
a row of readings (used by tests and by older rows).

A measured verdict on a page comes from
:func:`ruleproof.checkers.analysis.diff.ambiguity_verdicts`, which may stop a
comparison early (a move budget) after ``games`` games. The command shown
beside it names every flag of both readings that differs from the default,
the player count, the number of games actually played and the seed, so
running it plays the same seeded games and prints the same numbers (each
game of a comparison depends only on the seed and its index).

>>> from ruleproof.model.registry import game_for
>>> from ruleproof.spec.core import variant_to_dict
>>> game = game_for("take5")
>>> a = variant_to_dict(game.default_variant())
>>> b = dict(a, end_rule=">")
>>> row = {"flag": "end_rule", "players": 4, "games": 7, "seed": 0, "a": a, "b": b}
>>> diff_command("take5", row)
"ruleproof diff take5 --a 'end_rule=>=' --b 'end_rule=>' --players 4 --games 7 --seed 0"
>>> diff_argv("take5", row)[:4]
['diff', 'take5', '--a', 'end_rule=>=']
"""

from __future__ import annotations

import functools
import shlex
from collections.abc import Mapping
from typing import Any


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _assignments(game: str, reading: Mapping[str, Any], flag: str) -> list[str]:
    """``flag=value`` for ``flag`` and for every flag that differs from the default."""
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_to_dict

    default = variant_to_dict(game_for(game).default_variant())
    names = [flag] + [k for k in reading if k != flag and reading[k] != default.get(k)]
    return [f"{k}={_text(reading[k])}" for k in names]


def diff_argv(game: str, row: Mapping[str, Any]) -> list[str]:
    """The arguments of ``ruleproof`` that reproduce a measured row (see the module docstring)."""
    flag = str(row["flag"])
    return ["diff", game, "--a", *_assignments(game, row["a"], flag), "--b", *_assignments(game, row["b"], flag),
            "--players", str(row["players"]), "--games", str(row["games"]), "--seed", str(row["seed"])]


def diff_command(game: str, row: Mapping[str, Any]) -> str:
    """The shell command of :func:`diff_argv`."""
    return "ruleproof " + " ".join(shlex.quote(a) for a in diff_argv(game, row))


def check_roundtrip(game: str, row: Mapping[str, Any]) -> str | None:
    """``None`` when the command's flags rebuild both readings exactly, else what differs."""
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import parse_variant_assignments, variant_from_mapping

    engine = game_for(game)
    argv = diff_argv(game, row)
    a = argv[argv.index("--a") + 1:argv.index("--b")]
    b = argv[argv.index("--b") + 1:argv.index("--players")]
    for label, given, reading in (("A", a, row["a"]), ("B", b, row["b"])):
        if parse_variant_assignments(engine.variant_type, given) != variant_from_mapping(engine.variant_type, reading):
            return f"reading {label}: {' '.join(given)} does not rebuild {dict(reading)!r}"
    return None


@functools.cache
def _parser() -> Any:
    """The command line's own parser, built once per build (parsing does not change it; a build checks
    every stored command, and building the parser is most of what a check costs)."""
    from ruleproof.checkers.cli.main import build_parser

    return build_parser()


def check_command(command: str) -> str | None:
    """``None`` when a stored ``ruleproof diff`` command parses with the command line's own parser and its
    readings build, else what is wrong (a stored command must run as shown).

    >>> check_command("ruleproof diff take5 --b-variant 'end_rule=>' --players 4 --policy greedy") is None
    True
    >>> check_command("ruleproof diff take5 --b-variant end_rule=never")
    "reading B: bad value 'never' for --variant end_rule; choices: >=, >"
    """
    from ruleproof.checkers.cli.main import UsageError
    from ruleproof.checkers.cli.readingopts import reading_of
    from ruleproof.spec.errors import RuleproofError

    argv = shlex.split(command)
    if argv[:2] != ["ruleproof", "diff"]:
        return f"not a `ruleproof diff` command: {command!r}"
    try:
        args = _parser().parse_args(argv[1:])
    except (UsageError, SystemExit) as exc:
        return f"does not parse: {exc}"
    for label, dest in (("A", "a_variant"), ("B", "b_variant")):
        try:
            reading_of(args.game, [*args.variant, *getattr(args, dest)], None)
        except RuleproofError as exc:
            return f"reading {label}: {exc}"
    return None
