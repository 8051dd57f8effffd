"""One entry point for pictures of any game: :func:`render` (SVG), :func:`render_text`, :func:`to_png`.

:func:`render` finds the game's renderer through its descriptor
(:func:`ruleproof.spec.registry.load_part`, part ``renderer``). A renderer
that defines ``render_view(state, seat=None, *, last=None)`` draws the seat's
view (hands it may not see face down) with a legend; one that only defines
``render_svg(state)`` (a plugin's minimal renderer) is drawn as it is, for
every view. A game without a renderer raises
:class:`~ruleproof.spec.registry.MissingPartError`.

>>> from ruleproof.model.registry import game_for
>>> state = game_for("take5").new_game(2, seed=1)
>>> svg = render("take5", state)
>>> svg.startswith("<svg") and 'class="legend"' in svg
True
>>> render("take5", state, seat=0) != svg
True
>>> "hand" in render_text("take5", state, seat=1)
True
"""

from __future__ import annotations

import inspect
from typing import Any

from ruleproof.model.core import Game
from ruleproof.model.registry import game_for
from ruleproof.spec.errors import RuleproofError
from ruleproof.spec.registry import load_part


class MissingDependencyError(RuleproofError):
    """An optional library a command needs is not installed (the message says which extra)."""


def _game(game: str | Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    return game_for(game) if isinstance(game, str) else game


def render(game: str | Game[Any, Any, Any], state: Any, seat: int | None = None, *, last: object = None) -> str:
    """An SVG picture of ``state`` as ``seat`` sees it (``None``: the referee, who sees everything).

    :param game: a game id (a plugin's own id, when it shares another game's engine) or an engine.
    :param last: the move that led to ``state``, highlighted where the renderer can.
    :raises MissingPartError: the game has no renderer.
    :raises ValueError: ``seat`` is not a seat of the game.
    """
    engine = _game(game)
    if seat is not None and not 0 <= seat < engine.players_of(state):
        raise ValueError(f"seat must be between 0 and {engine.players_of(state) - 1}; got {seat!r}")
    module = load_part(game if isinstance(game, str) else engine.name, "renderer")
    view = getattr(module, "render_view", None)
    if view is not None:
        params = inspect.signature(view).parameters
        svg: str = view(state, seat, last=last) if "last" in params else view(state, seat)
        return svg
    draw = getattr(module, "render_svg")
    plain: str = draw(state)
    return plain


def render_text(game: str | Game[Any, Any, Any], state: Any, seat: int | None = None, *, last: object = None) -> str:
    """A text picture for terminals, plain (:mod:`ruleproof.checkers.render.terminal` draws it; its
    :func:`~ruleproof.checkers.render.terminal.draw_position` gives the coloured form).

    :raises ValueError: ``seat`` is not a seat of the game.
    """
    from ruleproof.checkers.render.terminal import position_text

    return position_text(game, state, seat, last=last)


def to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """The picture as PNG bytes (with CairoSVG, the ``png`` extra).

    :raises MissingDependencyError: CairoSVG (or the Cairo library) is not installed.
    """
    try:
        import cairosvg
    except (ImportError, OSError) as exc:
        raise MissingDependencyError(
            f"PNG output needs CairoSVG and the Cairo library ({exc}); install them with "
            "`pip install 'ruleproof[png]'` (and the system package libcairo2), or use --format svg") from None
    data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return data
