"""Find a game's engine by its id.

>>> from ruleproof.model.registry import available_games, game_for
>>> "take5" in available_games()
True
>>> game_for("take5").name
'take5'
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ruleproof.model.core import Game
from ruleproof.spec.registry import check_game_id, game_ids, has_part, load_part


def available_games() -> tuple[str, ...]:
    """The ids of the games whose specification and engine both exist."""
    return tuple(g for g in game_ids() if has_part(g, "spec") and has_part(g, "engine"))


@cache
def game_for(game_id: str) -> Game[Any, Any, Any]:
    """The engine of a game (one shared instance per id).

    :raises UnknownGameError: for an id that is not available.
    """
    check_game_id(game_id, available_games())
    game: Game[Any, Any, Any] = load_part(game_id, "engine").GAME
    return game
