"""Positions drawn for terminals, as the game looks: one module per game, colour where the terminal has it.

Each built-in game has a module here with ``draw(state, seat, actor)``
returning a :class:`rich.text.Text`: its plain form is what a pipe or a file
receives (no escape codes), its styles the colours a terminal shows.
``seat`` is the seat whose view is drawn (its own secret cards, never
another seat's); ``None`` is the referee, who sees everything.

:func:`draw_position` picks the view by the engine's name, so a plugin that
reuses a built-in engine gets its view. A plugin game of its own may give
its renderer module (the descriptor's ``renderer`` part) a
``render_terminal(state, seat)`` returning text or a ``Text``; without one,
the referee sees the engine's :meth:`~ruleproof.model.core.Game.render_text`
and a seat its observation, one ``key: value`` line each.

>>> from ruleproof.model.registry import game_for
>>> state = game_for("take5").new_game(2, seed=3)
>>> print(position_text("take5", state, 0).splitlines()[0])
round 1: seat 0 chooses a card face down
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from rich.text import Text

from ruleproof.model.core import Game
from ruleproof.model.registry import game_for
from ruleproof.spec.registry import MissingPartError, load_part

#: The games drawn by a module of this package (by engine name).
VIEWS: tuple[str, ...] = ("take5", "bigfive", "bigpoints", "ikebana", "cinco")


def _engine(game: str | Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    return game_for(game) if isinstance(game, str) else game


def _generic(engine: Game[Any, Any, Any], game_id: str, state: Any, seat: int | None) -> Text:
    try:
        renderer = load_part(game_id, "renderer")
    except MissingPartError:
        renderer = None
    own = getattr(renderer, "render_terminal", None)
    if own is not None:
        drawn = own(state, seat)
        return drawn if isinstance(drawn, Text) else Text(str(drawn))
    if seat is None:
        return Text(engine.render_text(state))
    rows = [f"what seat {seat} sees:"]
    rows += [f"  {key}: {json.dumps(value, ensure_ascii=False)}" for key, value in engine.observation(state, seat).items()]
    return Text("\n".join(rows))


def draw_position(game: str | Game[Any, Any, Any], state: Any, seat: int | None = None, *,
                  last: object = None) -> Text:
    """``state`` as ``seat`` sees it (``None``: the referee), styled for a terminal.

    :param game: a game id or an engine.
    :param last: the move that led to ``state``; views that can mark it do (Big Five's played cards, Cinco's chip).
    :raises ValueError: ``seat`` is not a seat of the game.
    """
    engine = _engine(game)
    if seat is not None and not 0 <= seat < engine.players_of(state):
        raise ValueError(f"seat must be between 0 and {engine.players_of(state) - 1}; got {seat!r}")
    if engine.name not in VIEWS:
        return _generic(engine, game if isinstance(game, str) else engine.name, state, seat)
    module = importlib.import_module(f"{__name__}.{engine.name}")
    drawn: Text = module.draw(state, seat, engine.current_player(state), last=last)
    return drawn


def position_text(game: str | Game[Any, Any, Any], state: Any, seat: int | None = None, *,
                  last: object = None) -> str:
    """The plain form of :func:`draw_position` (for pipes, files and golden tests)."""
    return draw_position(game, state, seat, last=last).plain
