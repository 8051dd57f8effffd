"""Find a game's engine by its id.

>>> from ruleproof.model.registry import available_games, game_for
>>> "take5" in available_games()
True
>>> game_for("take5").name
'take5'
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from ruleproof.model.core import Game
from ruleproof.spec.registry import GAME_IDS, check_game_id, module_exists


def available_games() -> tuple[str, ...]:
    """The ids of the games whose specification and engine both exist."""
    return tuple(g for g in GAME_IDS if module_exists("spec", g) and module_exists("model", g))


@cache
def game_for(game_id: str) -> Game[Any, Any, Any]:
    """The engine of a game (one shared instance per id).

    :raises UnknownGameError: for an id that is not available.
    """
    check_game_id(game_id, available_games())
    game: Game[Any, Any, Any] = importlib.import_module(f"ruleproof.model.{game_id}").GAME
    return game
