"""The OpenSpiel adapter's history nodes: one per position reached, shared between clones.

A node holds the engine state, how it was reached (its parent, who acted,
the action and its move) and what was worked out there on demand (legal
actions, chance outcomes, observations). Pure Python (no ``pyspiel``): the
wrappers in :mod:`ruleproof.checkers.interop.openspiel` make and walk them.

>>> root = _Node(None, "state", None, 0, -1, None, None)
>>> child = _Node.after(root, "next", 0, 7, "move", None, 1)
>>> child.depth, child.actions(), child.parent is root
(1, [(0, 7)], True)
"""

from __future__ import annotations

from typing import Any, Protocol

from ruleproof.checkers.interop.params import Move, State


class _Context(Protocol):
    """What a node needs of the loaded game it belongs to (``openspiel._Context`` provides it; named here so
    that this module does not import the adapter, which imports it)."""

    def replay(self, actions: tuple[int, ...]) -> _Node:
        """The node reached from the root by ``actions``."""

_new_object = object.__new__


class _Node:
    """One position of a history: the engine state, how it was reached, and caches.

    The caches are filled on demand: who acts (``_who``), the sorted legal
    actions with their moves (``_actions``, ``_legal``), chance's outcomes
    with their probabilities (``_outcomes``, only when asked for), an outcome
    drawn without listing the others (``_sampled``) and the observations.

    A node is made at every move: the fields that random play sets are
    slots; the caches that most nodes never fill start as the class
    attributes below (``None``) and go to the instance dictionary when filled.
    """

    __slots__ = (
        "__dict__",
        "_actions",
        "_moves",
        "_sampled",
        "_who",
        "action",
        "actor",
        "context",
        "depth",
        "extra",
        "move",
        "parent",
        "state",
    )

    _legal: dict[int, Move] | None = None
    _outcomes: list[tuple[int, float]] | None = None
    _obs: dict[tuple[str, int], dict[str, Any]] | None = None  # made when first asked
    _entries: dict[tuple[str, int], str] | None = None

    def __init__(
        self, context: _Context, state: State, parent: _Node | None, actor: int, action: int, move: Move, extra: object,
        who: int | None = None,
    ) -> None:
        self.context = context
        self.state = state
        self.parent = parent
        self.actor = actor
        self.action = action
        self.move = move
        self.depth: int = 0 if parent is None else parent.depth + 1
        self.extra = extra
        self._who: int | None = who
        self._actions: list[int] | None = None
        self._moves: tuple[Move, ...] = ()
        self._sampled: tuple[int, Move] | None = None

    def __deepcopy__(self, memo: object) -> _Node:
        return self  # immutable as far as anyone can tell: clones share it

    @staticmethod
    def after(parent: _Node, state: State, actor: int, action: int, move: Move, extra: object, who: int) -> _Node:
        """The node after ``parent`` (as ``_Node(parent.context, state, parent, ...)``), made without the
        class call and ``__init__``'s frame: one is made at every move."""
        node: _Node = _new_object(_Node)
        node.context = parent.context
        node.state = state
        node.parent = parent
        node.actor = actor
        node.action = action
        node.move = move
        node.depth = parent.depth + 1
        node.extra = extra
        node._who = who
        node._actions = None
        node._moves = ()
        node._sampled = None
        return node

    def __reduce__(self) -> tuple[Any, ...]:
        # History-based serialisation: the actions from the start, replayed on load.
        return (_rebuild_node, (self.context, tuple(a for _, a in self.actions())))

    def actions(self) -> list[tuple[int, int]]:
        """``(actor, action)`` from the initial state to this one."""
        items: list[tuple[int, int]] = []
        node: _Node | None = self
        while node is not None and node.parent is not None:
            items.append((node.actor, node.action))
            node = node.parent
        items.reverse()
        return items


#: The references to a node that only its child still reaches, inside ``_apply_action``:
#: the child's ``parent``, the local variable and ``getrefcount``'s own argument.
_UNSHARED = 3


def _release(node: _Node) -> None:
    """Let a node that nothing but its child reaches give up its engine state and move lists.

    A game's history keeps every node (a child holds its parent), and keeping
    every engine state made the adapter's moves about a third dearer in random
    play (memory that is never reused, garbage-collector passes over it). A
    node that no OpenSpiel state, clone or other caller holds (CPython's
    reference count says so; the context holds the root, so the root keeps
    its state) is reached only by walking up from its child: only its
    observations are asked for then (the information state), and
    :meth:`_Context.state_of` replays its state from the nearest ancestor that
    kept one. Its actor, action, move, ``extra`` and cached observations stay.
    """
    node.state = None
    node._actions = None
    node._moves = ()
    node._sampled = None


def _rebuild_node(context: _Context, actions: tuple[int, ...]) -> _Node:
    return context.replay(actions)
