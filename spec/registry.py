"""The games this project knows: one descriptor per game naming its parts.

A game is a :class:`GameParts` record: its id and the dotted module names of
its parts in every layer (specification, engine, certificate facts, the
independent checker's rules, the modules that register catalogue questions,
the SVG renderer). The five built-in games are listed in :data:`BUILTIN_GAMES`;
other games arrive through the ``ruleproof.games`` entry-point group (each
entry point names a :class:`GameParts`) or :func:`register_game`.

Parts are imported only when asked for (:func:`load_part`). A part a game does
not have is a :class:`MissingPartError` that says which part is missing and
what it is for, never a bare ``ModuleNotFoundError``. The spec layer holds the
names as strings, so this table does not make it import any higher layer.

>>> "take5" in game_ids()
True
>>> spec_for("take5").title
'Take 5 (6 nimmt!)'
>>> parts_for("take5").engine
'ruleproof.model.take5'
>>> load_part("take5", "renderer").__name__
'ruleproof.checkers.render.take5'
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ruleproof.spec.core import GameSpec
from ruleproof.spec.errors import RuleproofError

#: The entry-point group through which installed packages contribute games.
ENTRY_POINT_GROUP = "ruleproof.games"

#: What each part is for, in the words an error message uses.
PART_PURPOSES: dict[str, str] = {
    "spec": "the executable specification (a module with SPEC)",
    "engine": "the engine (a module with GAME)",
    "proofs": "certificate facts for `ruleproof prove` (a module with EXTRACTOR)",
    "certcheck": "the independent checker's rules for `ruleproof check-proof` (a module with RULES)",
    "renderer": "the SVG renderer for pictures (a module with render_svg)",
}


class UnknownGameError(RuleproofError, KeyError):
    """A game id that this project does not know."""

    def __str__(self) -> str:
        return str(self.args[0])


class MissingPartError(RuleproofError, LookupError):
    """A game lacks a part that a command needs (a capability gap, not a bug)."""

    def __init__(self, game: str, part: str, detail: str = "") -> None:
        self.game = game
        self.part = part
        purpose = PART_PURPOSES.get(part, part)
        message = f"game {game!r} has no {part} part: {purpose}"
        super().__init__(message + (f" ({detail})" if detail else ""))

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class GameParts:
    """The parts of one game, as dotted module names; ``None`` for a part it lacks.

    :param id: the game's short id (lower case, as typed on the command line).
    :param spec: module defining ``SPEC`` (a :class:`GameSpec`).
    :param engine: module defining ``GAME`` (a ``ruleproof.model.core.Game``).
    :param proofs: module defining ``EXTRACTOR`` (certificate facts).
    :param certcheck: module defining ``RULES`` for the independent checker.
    :param questions: modules that register catalogue questions when imported.
    :param renderer: module defining ``render_svg``.
    """

    id: str
    spec: str
    engine: str | None = None
    proofs: str | None = None
    certcheck: str | None = None
    questions: tuple[str, ...] = ()
    renderer: str | None = None

    def module_name(self, part: str) -> str | None:
        """The module name of ``part`` (``None`` when the game lacks it)."""
        if part not in PART_PURPOSES:
            raise ValueError(f"unknown part {part!r}; parts: {', '.join(PART_PURPOSES)}")
        name: str | None = getattr(self, part)
        return name


def _builtin(game: str) -> GameParts:
    return GameParts(
        id=game,
        spec=f"ruleproof.spec.{game}",
        engine=f"ruleproof.model.{game}",
        proofs=f"ruleproof.checkers.proofs.{game}",
        certcheck=f"ruleproof.checkers.certcheck.{game}",
        questions=(f"ruleproof.checkers.smt.{game}", "ruleproof.checkers.analysis.wellformed"),
        renderer=f"ruleproof.checkers.render.{game}",
    )


#: Every built-in game id in the order of the rulebook index.
GAME_IDS: tuple[str, ...] = ("bigfive", "bigpoints", "take5", "ikebana", "cinco")

#: The built-in games' descriptors.
BUILTIN_GAMES: dict[str, GameParts] = {g: _builtin(g) for g in GAME_IDS}

_REGISTERED: dict[str, GameParts] = {}
_DISCOVERED: dict[str, GameParts] | None = None


def register_game(parts: GameParts) -> GameParts:
    """Add a game (a plugin loaded by path, or a test's game) to the registry.

    Registering the same descriptor twice is harmless; another descriptor under
    a taken id is an error.
    """
    if not isinstance(parts, GameParts):
        raise RuleproofError(f"a game must be registered as a GameParts, not {type(parts).__name__}")
    known = _all_games().get(parts.id)
    if known is not None and known != parts:
        raise RuleproofError(f"game id {parts.id!r} is already taken by {known.spec}")
    _REGISTERED[parts.id] = parts
    return parts


def _entry_point_games() -> dict[str, GameParts]:
    global _DISCOVERED
    if _DISCOVERED is None:
        from importlib import metadata  # here: scanning the installed distributions costs start-up (issue 35)

        found: dict[str, GameParts] = {}
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
            try:
                parts = ep.load()
            except Exception as exc:  # a broken plugin must not break the built-in games
                raise RuleproofError(f"the {ENTRY_POINT_GROUP} entry point {ep.name!r} ({ep.value}) "
                                     f"failed to load: {type(exc).__name__}: {exc}") from None
            if not isinstance(parts, GameParts):
                raise RuleproofError(f"the {ENTRY_POINT_GROUP} entry point {ep.name!r} names "
                                     f"{type(parts).__name__}, not a GameParts")
            found[parts.id] = parts
        _DISCOVERED = found
    return _DISCOVERED


def _all_games() -> dict[str, GameParts]:
    games = dict(BUILTIN_GAMES)
    for parts in (*_entry_point_games().values(), *_REGISTERED.values()):
        games.setdefault(parts.id, parts)
    return games


def game_ids() -> tuple[str, ...]:
    """Every known game id: the built-in games first, then plugins in id order."""
    games = _all_games()
    return GAME_IDS + tuple(sorted(g for g in games if g not in BUILTIN_GAMES))


def parts_for(game: str) -> GameParts:
    """The descriptor of a game.

    :raises UnknownGameError: for an id no registry knows.
    """
    if game in BUILTIN_GAMES:  # a built-in id is never another game's (_all_games keeps it first)
        return BUILTIN_GAMES[game]
    games = _all_games()
    if game not in games:
        raise UnknownGameError(f"unknown game {game!r}; available: {', '.join(game_ids())}")
    return games[game]


def load_part(game: str, part: str) -> ModuleType:
    """Import the module of a game's part.

    :raises MissingPartError: the game has no such part, or its module does not exist.
    """
    name = parts_for(game).module_name(part)
    if name is None:
        raise MissingPartError(game, part)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            raise MissingPartError(game, part, f"module {name} not found") from None
        raise


def has_part(game: str, part: str) -> bool:
    """Whether the game has ``part`` (its module is named and exists; found, not imported: asking whether
    every game is there must not load every game's code, issue 35).

    >>> has_part("take5", "engine")
    True
    """
    name = parts_for(game).module_name(part)
    if name is None:
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


def module_exists(layer: str, game: str) -> bool:
    """Whether the game has its ``spec`` or ``model`` (engine) part."""
    return has_part(game, "engine" if layer == "model" else layer)


def specified_games() -> tuple[str, ...]:
    """The ids of the games whose specification exists."""
    return tuple(g for g in game_ids() if has_part(g, "spec"))


def check_game_id(game: str, known: tuple[str, ...] | None = None) -> str:
    """Return ``game`` when it is among ``known`` (default: specified games), else raise."""
    known = specified_games() if known is None else known
    if game not in known:
        raise UnknownGameError(f"unknown game {game!r}; available: {', '.join(known)}")
    return game


def spec_for(game: str) -> GameSpec[Any, Any, Any]:
    """The :class:`GameSpec` of a game."""
    check_game_id(game)
    spec: GameSpec[Any, Any, Any] = load_part(game, "spec").SPEC
    return spec
