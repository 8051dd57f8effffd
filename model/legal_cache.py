"""The one-entry cache of ``legal_moves`` (see :meth:`ruleproof.model.core.Game.__init_subclass__`).

A module of its own because the wrapper it makes is a function that carries attributes (``__wrapped__``,
``_fills_cache``): the optional compiled build (``setup.py``) leaves this module Python, where a function
takes attributes, and compiles the engines that call it.
"""

from __future__ import annotations

from typing import Any


def filling_the_cache(raw: Any) -> Any:
    """``raw``, an engine's own ``legal_moves``, wrapped to answer from and fill the engine's ``_cache``: the
    state the moves were made for (compared by identity: states are immutable and the cache holds a
    reference), its moves, their frozenset (built on the second membership test) and whether one test was
    made.

    >>> class Engine:
    ...     _cache = (None, (), None, False)
    ...     calls = 0
    ...     def legal_moves(self, state):
    ...         self.calls += 1
    ...         return (state, state + 1)
    >>> Engine.legal_moves = filling_the_cache(Engine.legal_moves)
    >>> engine, state = Engine(), 7
    >>> engine.legal_moves(state), engine.legal_moves(state), engine.calls
    ((7, 8), (7, 8), 1)
    >>> Engine.legal_moves.__wrapped__.__name__, Engine.legal_moves._fills_cache
    ('legal_moves', True)
    """

    def legal_moves(self: Any, state: Any) -> tuple[Any, ...]:
        cached = self._cache
        if cached[0] is state:
            return cached[1]  # type: ignore[no-any-return]
        moves: tuple[Any, ...] = raw(self, state)
        self._cache = (state, moves, None, False)
        return moves

    # A compiled method (the build of setup.py) may lack these: the wrapper then keeps its own.
    legal_moves.__doc__ = getattr(raw, "__doc__", None)
    legal_moves.__name__ = getattr(raw, "__name__", legal_moves.__name__)
    legal_moves.__qualname__ = getattr(raw, "__qualname__", legal_moves.__qualname__)
    legal_moves.__wrapped__ = raw  # type: ignore[attr-defined]
    legal_moves._fills_cache = True  # type: ignore[attr-defined]
    return legal_moves
