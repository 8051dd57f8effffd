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
from ruleproof.spec.errors import RuleproofError
from ruleproof.spec.registry import check_game_id, game_ids, has_part, load_part


def available_games() -> tuple[str, ...]:
    """The ids of the games whose specification and engine both exist."""
    return tuple(g for g in game_ids() if has_part(g, "spec") and has_part(g, "engine"))


def require_game(game_id: str) -> str:
    """``game_id`` when its specification and engine exist, else :class:`UnknownGameError` naming the available
    games (only then are the plugins looked up: a built-in game costs no scan of the installed distributions).
    """
    try:
        if has_part(game_id, "spec") and has_part(game_id, "engine"):
            return game_id
    except RuleproofError:  # no game of that id
        pass
    return check_game_id(game_id, available_games())


@cache
def game_for(game_id: str) -> Game[Any, Any, Any]:
    """The engine of a game (one shared instance per id).

    :raises UnknownGameError: for an id that is not available.
    """
    require_game(game_id)
    game: Game[Any, Any, Any] = load_part(game_id, "engine").GAME
    return game
