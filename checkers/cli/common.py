"""Pieces every command shares: game ids, ``--json``, ``--variant``, "did you mean" suggestions.

Game ids are case-insensitive; an unknown id, rule id or value names the
closest known ones.

>>> suggest("simlate", ["simulate", "validate", "score"])
'simulate'
>>> str(unknown_choice("game", "take6", ["take5", "cinco"]))
"unknown game 'take6' (did you mean 'take5'?); available: take5, cinco"
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from typing import Any

from ruleproof.spec.errors import RuleproofError


def suggest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate closest to ``word`` (case-insensitive), or ``None`` when none is close."""
    import difflib  # only when a word is not known (start-up)

    folded = {c.casefold(): c for c in candidates}
    match = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.6)
    return folded[match[0]] if match else None


def unknown_choice(what: str, value: str, known: Sequence[str], hint: str = "") -> RuleproofError:
    """A usage error for an unknown ``what``, with the closest known value and the list (when short)."""
    close = suggest(value, known)
    message = f"unknown {what} {value!r}"
    if close is not None:
        message += f" (did you mean {close!r}?)"
    if len(known) <= 12:
        message += f"; available: {', '.join(known)}"
    elif hint:
        message += f"; {hint}"
    return RuleproofError(message)


def game_arg(name: str) -> str:
    """The registered game id ``name`` stands for (any case); a usage error otherwise.

    A built-in game is found without looking up every game (start-up, issue 35).
    """
    from ruleproof.model.registry import available_games, require_game
    from ruleproof.spec.registry import GAME_IDS

    for game_id in GAME_IDS:
        if game_id.casefold() == name.casefold():
            try:
                return require_game(game_id)
            except RuleproofError:
                break
    known = tuple(available_games())
    for game_id in known:
        if game_id.casefold() == name.casefold():
            return game_id
    raise unknown_choice("game", name, known)


def add_json(parser: argparse.ArgumentParser, what: str = "print JSON (errors too, as a JSON object)") -> None:
    """The ``--json`` flag."""
    parser.add_argument("--json", action="store_true", help=what)


def add_force(parser: argparse.ArgumentParser, what: str = "replace output files that already exist") -> None:
    """``--force``: every command that writes a file the user names refuses to replace one without it.

    The refusal itself (exit 2, naming the file) is the atomic writer's
    (:func:`ruleproof.model.io.outputs.check_target`, :func:`~ruleproof.model.io.outputs.write_atomic`);
    commands check the target before their work, so nothing is computed for a file they may not write.

    >>> p = argparse.ArgumentParser()
    >>> add_force(p)
    >>> p.parse_args(["--force"]).force
    True
    """
    parser.add_argument("--force", action="store_true", help=what)


def jobs_value(text: str) -> int:
    """``--jobs``'s value: a whole number of worker processes, at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--jobs takes a whole number; got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"--jobs must be at least 1; got {value}")
    return value


def default_jobs() -> int:
    """All the cores this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def add_jobs(parser: argparse.ArgumentParser) -> None:
    """The ``--jobs N`` option (default: all cores); results never depend on it."""
    parser.add_argument("--jobs", "-j", type=jobs_value, default=None, metavar="N",
                        help="worker processes (default: all cores); the results are the same for any N")


def add_variant(parser: argparse.ArgumentParser, *, dest: str = "variant", flag: str = "--variant",
                who: str = "") -> None:
    """A repeatable ``--variant FLAG=VALUE`` (several assignments may follow one flag);
    beside the plain ``--variant``, also ``--layout FILE`` (:func:`add_layout`)."""
    parser.add_argument(flag, dest=dest, action="append", default=[], metavar="FLAG=VALUE",
                        help=f"set a variant flag{who}; repeat for several (see `ruleproof rules GAME`)")
    if flag == "--variant":
        add_layout(parser, dest=dest)


class _LayoutAction(argparse.Action):
    """Read a layout file given on the command line and add its flags as ``--variant`` assignments."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from ruleproof.model.io.inputs import load_layout_file
        from ruleproof.spec.cinco_board import layout_to_text

        try:
            text = layout_to_text(load_layout_file(str(values)))
        except RuleproofError as exc:
            raise argparse.ArgumentError(self, str(exc)) from None
        # layout_sha256 follows from the data (the variant fills it in).
        setattr(namespace, self.dest, [*(getattr(namespace, self.dest, None) or []), f"layout_data={text}"])


def add_layout(parser: argparse.ArgumentParser, *, dest: str = "variant") -> None:
    """``--layout FILE``: a custom Cinco board from a JSON layout file.

    The file is read here, through the input boundary
    (:func:`ruleproof.model.io.inputs.load_layout_file`), and becomes the flags
    ``layout_data`` and ``layout_sha256`` (appended to ``dest``, the
    ``--variant`` assignments): the layout travels as data into records and
    certificates, which never name a file.

    >>> p = argparse.ArgumentParser()
    >>> add_layout(p)
    >>> p.parse_args([]).variant
    []
    """
    parser.add_argument("--layout", dest=dest, action=_LayoutAction, metavar="FILE", default=[],
                        help="Cinco: play on the board of this JSON layout file (read once; records carry the layout "
                             "itself and its SHA-256, never the file name)")


def parse_variant(game: Any, assignments: Sequence[str], flag: str = "--variant") -> Any:
    """The variant ``assignments`` set on ``game``'s defaults; unknown flags get a suggestion."""
    from ruleproof.spec.core import parse_variant_assignments, variant_choices, variant_to_dict
    from ruleproof.spec.errors import VariantError

    names = list(variant_to_dict(game.variant_type()))
    for assignment in assignments:
        name, _, value = assignment.partition("=")
        name, value = name.strip(), value.strip()
        if name == "layout_data" and name not in names:
            raise VariantError(f"--layout FILE sets a custom board, which {getattr(game, 'name', 'this game')} "
                               "does not have (only cinco)")
        if name and name not in names:
            raise VariantError(str(unknown_choice(f"variant flag for {flag}", name, names, "see `ruleproof rules GAME`")))
        try:
            parse_variant_assignments(game.variant_type, [assignment])
        except VariantError as exc:
            choices = [str(c) for c in variant_choices(game.variant_type, name)] if name else []
            text = str(exc).replace(f"{game.variant_type.__name__}: ", "").replace(game.variant_type.__name__, "the game")
            if choices:
                close = suggest(value, choices)
                text = f"bad value {value!r} for {flag} {name}" + (f" (did you mean {close!r}?)" if close else "")
                text += f"; choices: {', '.join(choices)}"
            raise VariantError(f"{flag} {assignment!r}: {text}" if not choices else text) from None
    return parse_variant_assignments(game.variant_type, list(assignments))
