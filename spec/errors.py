"""The project's exceptions.

One root, :class:`RuleproofError`, so that callers (and the CLI) can tell a
user's mistake from a bug. Errors that Python users expect to be
:class:`ValueError` also derive from it.
"""

from __future__ import annotations

from collections.abc import Sequence


class RuleproofError(Exception):
    """Root of every error this project raises on purpose."""


class VariantError(RuleproofError, ValueError):
    """A variant configuration is malformed (unknown flag, bad value).

    :param flag: the flag at fault, when one is (so that a record's error names
        ``$.variant.<flag>``, not the whole variant).

    >>> VariantError("layout_sha256 does not match", flag="layout_sha256").flag
    'layout_sha256'
    """

    def __init__(self, *args: object, flag: str = "") -> None:
        super().__init__(*args)
        self.flag = flag


class MoveParseError(RuleproofError, ValueError):
    """A move's text form could not be parsed."""


class PlayerCountError(RuleproofError, ValueError):
    """The game does not support the requested number of players."""


class IllegalMoveError(RuleproofError):
    """A move was applied that the rules do not allow.

    :param message: a readable reason.
    :param rule_ids: the ids of every rule the move breaks.
    """

    def __init__(self, message: str, rule_ids: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.rule_ids: tuple[str, ...] = tuple(rule_ids)


class InputError(RuleproofError, ValueError):
    """An input file (record, certificate, reading, layout, audit) is unreadable or malformed.

    Raised at the input boundary (:mod:`ruleproof.model.io.inputs`) for every
    decoding, parsing, nesting, size and type problem; the command line turns
    it into exit code 2.

    :param message: what is wrong and how to fix it.
    :param path: a JSON path into the input, such as ``$.moves[3].move`` (empty when the
        problem is not inside the JSON, e.g. an unreadable file).
    :param move_index: the index of the offending move, when there is one.
    :param source: the file the input came from, when known.

    >>> str(InputError("expected an object", "$.variant", source="game.json"))
    'game.json: $.variant: expected an object'
    """

    def __init__(self, message: str, path: str = "", move_index: int | None = None, source: str = "") -> None:
        super().__init__(message)
        self.path = path
        self.move_index = move_index
        self.source = source

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.path) if p]
        return ": ".join([*parts, str(self.args[0])])


class RecordError(InputError):
    """A game record is malformed (the fields are those of :class:`InputError`)."""
