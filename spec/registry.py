"""The games this project knows: one descriptor per game naming its parts.

A game is a :class:`GameParts` record: its id and the dotted module names of
its parts in every layer (specification, engine, certificate facts, the
independent checker's rules, the modules that register catalogue questions,
the SVG renderer). The five built-in games are listed in :data:`BUILTIN_GAMES`;
other games arrive through the ``ruleproof.games`` entry-point group (each
entry point names a :class:`GameParts`) or :func:`register_game`.

Parts are imported only when asked for (:func:`load_part`). A part a game does
not have is a :class:`MissingPartError` that says which part is missing and
what it is for, never a bare ``ModuleNotFoundError``.

A plugin is someone else's code: one that fails must not take the built-in
games down with it. An entry point that fails to load, or names something
other than a :class:`GameParts`, is reported once on standard error and
skipped; a plugin game's part that fails to import (any exception, or
``SystemExit``), or whose module lacks the object it must define (``SPEC``,
``GAME``, …), is a :class:`BrokenPluginError`: listing the games skips it with
a warning, and a command that names the game exits 2 with the reason. The spec layer holds the
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
import sys
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
    "accel": "the specification's accelerations (a module with SPEC: the spec with its fast forms attached)",
    "engine": "the engine (a module with GAME)",
    "proofs": "certificate facts for `ruleproof prove` (a module with EXTRACTOR)",
    "certcheck": "the independent checker's rules for `ruleproof check-proof` (a module with RULES)",
    "renderer": "the SVG renderer for pictures (a module with render_svg)",
}


#: The object each part's module must define.
PART_OBJECTS: dict[str, str] = {"spec": "SPEC", "engine": "GAME", "proofs": "EXTRACTOR", "certcheck": "RULES",
                                "renderer": "render_svg"}


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


class BrokenPluginError(MissingPartError):
    """A plugin game's part failed to import, or its module lacks the object it must define."""

    def __init__(self, game: str, part: str, detail: str) -> None:
        RuleproofError.__init__(self, f"the plugin game {game!r} is broken: its {part} part {detail}")
        self.game = game
        self.part = part


def warn(message: str) -> None:
    """Write a warning about a plugin on standard error, once per message."""
    if message not in _WARNED:
        _WARNED.add(message)
        sys.stderr.write(f"warning: {message}\n")


_WARNED: set[str] = set()


@dataclass(frozen=True)
class GameParts:
    """The parts of one game, as dotted module names; ``None`` for a part it lacks.

    :param id: the game's short id (lower case, as typed on the command line).
    :param spec: module defining ``SPEC`` (a :class:`GameSpec`): the plain rules.
    :param accel: module defining ``SPEC``, the same specification with its fast forms attached
        (:mod:`ruleproof.spec.accel.core`); optional.
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
    accel: str | None = None

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
        accel=f"ruleproof.spec.accel.{game}",
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
    """The games of the installed ``ruleproof.games`` entry points; a broken one is reported and skipped."""
    global _DISCOVERED
    if _DISCOVERED is None:
        from importlib import metadata  # here: scanning the installed distributions costs start-up (issue 35)

        found: dict[str, GameParts] = {}
        try:
            points = list(metadata.entry_points(group=ENTRY_POINT_GROUP))
        except Exception as exc:  # noqa: BLE001 - broken installed metadata must not break the built-in games
            warn(f"the {ENTRY_POINT_GROUP} entry points could not be read ({type(exc).__name__}: {exc}); "
                 "plugin games are skipped")
            points = []
        for ep in points:
            try:
                parts = ep.load()
            except (Exception, SystemExit) as exc:  # someone else's code: report it, skip it
                warn(f"skipping the {ENTRY_POINT_GROUP} entry point {ep.name!r} ({ep.value}): it failed to load: "
                     f"{type(exc).__name__}: {exc}")
                continue
            if not isinstance(parts, GameParts):
                warn(f"skipping the {ENTRY_POINT_GROUP} entry point {ep.name!r} ({ep.value}): it names a "
                     f"{type(parts).__name__}, not a GameParts")
                continue
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
    :raises BrokenPluginError: a plugin game's module fails to import or lacks
        its object (:data:`PART_OBJECTS`); the failure is remembered, so the
        plugin's code is not run again.
    """
    known = _BROKEN.get((game, part))
    if known is not None:
        raise known
    name = parts_for(game).module_name(part)
    if name is None:
        raise MissingPartError(game, part)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            raise MissingPartError(game, part, f"module {name} not found") from None
        if game in BUILTIN_GAMES:
            raise
        raise _broken(game, part, f"(module {name}) failed to import: {type(exc).__name__}: {exc}") from None
    except (Exception, SystemExit) as exc:
        if game in BUILTIN_GAMES:  # our own bug: let it show
            raise
        raise _broken(game, part, f"(module {name}) failed to import: {type(exc).__name__}: {exc}") from None
    wanted = PART_OBJECTS.get(part)
    if wanted is not None and not hasattr(module, wanted):
        if game in BUILTIN_GAMES:
            raise MissingPartError(game, part, f"module {name} defines no {wanted}")
        raise _broken(game, part, f"(module {name}) defines no {wanted}: {PART_PURPOSES[part]}")
    if game not in BUILTIN_GAMES:
        problem = _misfit(part, getattr(module, wanted or "", None))
        if problem:
            raise _broken(game, part, f"(module {name}): {problem}")
    return module


def _misfit(part: str, value: object) -> str:
    """Why a plugin's part object cannot serve ("" when it can): the spec must be a :class:`GameSpec`, the
    engine an object whose ``spec`` is one (this layer does not import the engines' base class)."""
    if part == "spec" and not isinstance(value, GameSpec):
        return f"SPEC is a {type(value).__name__}, not a ruleproof.spec.core.GameSpec"
    if part == "engine" and not isinstance(getattr(value, "spec", None), GameSpec):
        return f"GAME is a {type(value).__name__}, not a ruleproof engine (a Game whose spec is a GameSpec)"
    return ""


_BROKEN: dict[tuple[str, str], BrokenPluginError] = {}


def _broken(game: str, part: str, detail: str) -> BrokenPluginError:
    error = _BROKEN[game, part] = BrokenPluginError(game, part, detail)
    return error


def has_part(game: str, part: str) -> bool:
    """Whether the game has ``part`` (its module is named and exists).

    A built-in game's part is found, not imported: asking whether every game is there must not load every
    game's code (issue 35). A plugin game's part is imported: a broken plugin's part is reported on standard
    error (once) and counts as missing.

    >>> has_part("take5", "engine")
    True
    """
    name = parts_for(game).module_name(part)
    if name is None:
        return False
    if game in BUILTIN_GAMES:
        try:
            return importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:  # a parent package is missing
            return False
    try:
        load_part(game, part)
    except BrokenPluginError as exc:
        warn(f"skipping the plugin game {game!r}: {exc}")
        return False
    except MissingPartError:
        return False
    return True


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
        broken = [error for (name, _), error in _BROKEN.items() if name == game]
        if broken:  # a plugin game that was skipped: say why, not "unknown"
            raise broken[0]
        raise UnknownGameError(f"unknown game {game!r}; available: {', '.join(known)}")
    return game


def game_of_type(cls: type[Any]) -> str:
    """The built-in game whose specification defines ``cls`` (a move or state class), ``""`` for none: its
    module is the game's spec module or one of its parts (``ruleproof.spec.bigfive_components`` is Big Five's).

    >>> from ruleproof.spec.take5 import Place
    >>> game_of_type(Place), game_of_type(int)
    ('take5', '')
    """
    module = getattr(cls, "__module__", "") or ""
    prefix = "ruleproof.spec."
    if not module.startswith(prefix):
        return ""
    name = module[len(prefix):]
    for game in GAME_IDS:
        if name == game or name.startswith(game + "_"):
            return game
    return ""


def spec_for(game: str) -> GameSpec[Any, Any, Any]:
    """The :class:`GameSpec` of a game: with its accelerations attached when it has them and they are
    switched on (:mod:`ruleproof.spec.accel.core`), else the plain one (the same verdicts)."""
    check_game_id(game)
    part = "accel" if has_part(game, "accel") else "spec"
    spec: GameSpec[Any, Any, Any] = load_part(game, part).SPEC
    return spec
