"""A pytest plugin that draws the positions a worked-example test looks at.

The docs build runs the tests marked ``@pytest.mark.example`` with this plugin
(``-p ruleproof_capture``). While a test runs, every state it hands to the
specification (``GameSpec.check_move``/``check_transition``, the accelerated
spec's ``check_move``) or to an engine (``Game.apply``) is noted with the move; afterwards the first few distinct
states of a game that has an SVG renderer (``ruleproof.checkers.render.<game>``
with ``render_svg``) are drawn, with the move where the renderer takes one, and kept as JSON
(:func:`ruleproof.model.io.codec.encode`) for the try-it board to start from.
The pictures are written as JSON to ``$RULEPROOF_CAPTURE_OUT``.

Nothing here changes what a test does: the wrappers call the originals.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
from collections.abc import Callable, Iterator
from typing import Any

from ruleproof.spec.registry import MissingPartError, load_part

import pytest

#: At most this many pictures per test item.
MAX_PICTURES = 3

_seen: list[tuple[Any, Any]] = []
_results: list[dict[str, Any]] = []
_renderers: dict[str, Callable[..., str] | None] = {}


def _game_of(state: Any) -> str:
    from ruleproof.spec.registry import game_of_type

    return game_of_type(type(state))


def _renderer(game: str) -> Callable[..., str] | None:
    if game not in _renderers:
        try:
            module = load_part(game, "renderer")
        except MissingPartError:
            _renderers[game] = None
        else:
            _renderers[game] = getattr(module, "render_svg", None)
    return _renderers[game]


def _wrap(original: Callable[..., Any], state_index: int, move_index: int) -> Callable[..., Any]:
    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            state, move = args[state_index], args[move_index]
        except IndexError:
            pass
        else:
            if _game_of(state):
                _seen.append((state, move))
        return original(*args, **kwargs)

    return wrapper


def _draw(state: Any, move: Any) -> dict[str, str] | None:
    game = _game_of(state)
    render = _renderer(game)
    if render is None:
        return None
    for args in ((state, move), (state,)):
        try:
            svg = render(*args)
        except Exception:  # noqa: BLE001 - a renderer that cannot take the move is retried without it
            continue
        if isinstance(svg, str) and svg.lstrip().startswith("<svg"):
            return {"game": game, "svg": svg, "move": str(move) if len(args) == 2 else ""}
    return None


def _encoded(state: Any) -> object:
    """The state as :func:`ruleproof.model.io.codec.encode` JSON (the try-it board starts from it), or ``None``."""
    from ruleproof.model.io.codec import encode

    try:
        return encode(state)
    except Exception:  # noqa: BLE001 - a state the codec cannot write is still drawn
        return None


def _key(state: Any) -> object:
    try:
        hash(state)
    except TypeError:
        return repr(state)
    return state


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    from ruleproof.model.core import Game
    from ruleproof.spec.core import GameSpec

    from ruleproof.spec.accel.core import AcceleratedSpec

    saved = (GameSpec.check_move, GameSpec.check_transition, Game.apply, AcceleratedSpec.check_move)
    GameSpec.check_move = _wrap(GameSpec.check_move, 2, 4)  # type: ignore[method-assign]
    GameSpec.check_transition = _wrap(GameSpec.check_transition, 2, 4)  # type: ignore[method-assign]
    Game.apply = _wrap(Game.apply, 1, 2)  # type: ignore[method-assign]
    # The accelerated spec (what spec_for and the engines use) has its own check_move.
    AcceleratedSpec.check_move = _wrap(AcceleratedSpec.check_move, 2, 4)  # type: ignore[method-assign]
    _seen.clear()
    try:
        outcome = yield
    finally:
        (GameSpec.check_move, GameSpec.check_transition, Game.apply,  # type: ignore[method-assign]
         AcceleratedSpec.check_move) = saved
    pictures: list[dict[str, str]] = []
    done: set[object] = set()
    for state, move in _seen:
        if len(pictures) >= MAX_PICTURES:
            break
        key = _key(state)
        if key in done:
            continue
        done.add(key)
        picture = _draw(state, move)
        if picture is not None:
            picture["state"] = _encoded(state)
            pictures.append(picture)
    _seen.clear()
    _results.append({"nodeid": item.nodeid, "passed": outcome.excinfo is None, "pictures": pictures})


def pytest_sessionfinish(session: pytest.Session) -> None:
    target = os.environ.get("RULEPROOF_CAPTURE_OUT")
    if target:
        with open(target, "w", encoding="utf-8") as handle:
            json.dump(_results, handle, ensure_ascii=False)
