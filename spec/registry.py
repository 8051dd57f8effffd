"""The games this project knows, by short id, loaded lazily.

Every layer finds a game by its id here, so adding a game means adding its
modules and one line below.

>>> "take5" in GAME_IDS
True
>>> spec_for("take5").title
'Take 5 (6 nimmt!)'
"""

from __future__ import annotations

import importlib
from typing import Any

from ruleproof.spec.core import GameSpec
from ruleproof.spec.errors import RuleproofError

#: Every game id in the order of the rulebook index.
GAME_IDS: tuple[str, ...] = ("bigfive", "bigpoints", "take5", "ikebana", "cinco")


class UnknownGameError(RuleproofError, KeyError):
    """A game id that this project does not know."""

    def __str__(self) -> str:
        return str(self.args[0])


def _module_exists(layer: str, game: str) -> bool:
    try:
        importlib.import_module(f"ruleproof.{layer}.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"ruleproof.{layer}.{game}":
            return False
        raise
    return True


def module_exists(layer: str, game: str) -> bool:
    """Whether ``ruleproof.<layer>.<game>`` exists (the layers are filled one game at a time)."""
    return _module_exists(layer, game)


def specified_games() -> tuple[str, ...]:
    """The ids of the games whose specification exists."""
    return tuple(g for g in GAME_IDS if _module_exists("spec", g))


def check_game_id(game: str, known: tuple[str, ...] | None = None) -> str:
    """Return ``game`` when it is among ``known`` (default: specified games), else raise."""
    known = specified_games() if known is None else known
    if game not in known:
        raise UnknownGameError(f"unknown game {game!r}; available: {', '.join(known)}")
    return game


def spec_for(game: str) -> GameSpec[Any, Any, Any]:
    """The :class:`GameSpec` of a game."""
    check_game_id(game)
    spec: GameSpec[Any, Any, Any] = importlib.import_module(f"ruleproof.spec.{game}").SPEC
    return spec
