"""Policies from command-line text: ``random``, ``greedy``, ``mcts:iterations=400``, ``FILE.py:Class``, seat by seat.

The text is one policy for every seat, or several joined by ``+``, seat by
seat, the last playing every seat after it (``mcts+random``: seat 0 searches,
the others play at random). A built-in policy takes parameters after a
colon, ``name:key=value,key=value``:

=========  =====================================================================
``random``  a uniformly random legal move
``greedy``  the game's heuristic (:mod:`~ruleproof.checkers.policies.greedy`)
``mcts``    ``iterations`` (per decision), ``c``, ``worlds`` (each by default the game's)
``ismcts``  ``iterations``, ``c`` (each by default the game's)
=========  =====================================================================

A user's policy is ``FILE.py:ClassName``: a class derived from
:class:`~ruleproof.checkers.policies.core.Policy` in a Python file, built
with no arguments. **This runs the file's code**, as a reading's plugin does
(:func:`ruleproof.model.io.readings.load_plugin_module`: a regular file of bounded
size, imported once under a name made of its SHA-256, any error it raises
reported as bad input). Reports name such a policy by its class name and the
file's SHA-256, never by its path.

>>> parse_policies("mcts:iterations=50+random").describe()
'mcts:iterations=50+random'
>>> parse_policies("greedy")[3].name
'greedy'
>>> parse_policies("mcts:depth=3")
Traceback (most recent call last):
...
ruleproof.checkers.policies.errors.PolicyError: policy 'mcts': unknown parameter 'depth'; mcts takes c, iterations, worlds
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ruleproof.checkers.policies.core import Policy, RandomPolicy, Seats, SeatView
from ruleproof.checkers.policies.errors import PolicyError
from ruleproof.checkers.policies.greedy import GreedyPolicy
from ruleproof.checkers.policies.search import ISMCTSPolicy, MCTSPolicy

__all__ = ["BUILT_IN", "MAX_POLICY_TEXT", "PluginPolicy", "load_policy_class", "parse_policies", "parse_policy"]

#: The longest policy text read from a command line.
MAX_POLICY_TEXT = 2000
#: The most seats a policy text may name.
MAX_SEATS = 16

#: The built-in policies: their classes and the type of each parameter they take.
BUILT_IN: dict[str, tuple[Callable[..., Policy], dict[str, type]]] = {
    "random": (RandomPolicy, {}),
    "greedy": (GreedyPolicy, {}),
    "mcts": (MCTSPolicy, {"iterations": int, "c": float, "worlds": int}),
    "ismcts": (ISMCTSPolicy, {"iterations": int, "c": float}),
}


class PluginPolicy(Policy):
    """A user's policy loaded from a file: it plays as the user's class and is named by its SHA-256."""

    name = "plugin"

    def __init__(self, inner: Policy, class_name: str, sha256: str, source: str) -> None:
        self.inner = inner
        self.class_name = class_name
        self.sha256 = sha256
        self.source = source

    def choose(self, view: SeatView) -> Any:
        return self.inner.choose(view)

    def supports(self, engine: Any) -> str | None:
        return self.inner.supports(engine)

    def describe(self) -> str:
        return self.source

    def identity(self) -> dict[str, Any]:
        return {"name": getattr(self.inner, "name", self.class_name), "class": self.class_name,
                "plugin_sha256": self.sha256, "parameters": self.inner.parameters(), "text": self.class_name}


def _value(policy: str, key: str, kind: type, text: str) -> Any:
    try:
        value = kind(text)
    except ValueError:
        raise PolicyError(f"policy {policy!r}: {key}={text!r} is not {'a whole number' if kind is int else 'a number'}")
    if isinstance(value, float) and not math.isfinite(value):
        raise PolicyError(f"policy {policy!r}: {key} must be finite; got {text!r}")
    return value


def load_policy_class(path: str, class_name: str) -> PluginPolicy:
    """The policy class ``class_name`` of the Python file ``path``, built with no arguments (runs the file).

    :raises PolicyError: the file cannot be read or fails, the class is missing, is no
        :class:`~ruleproof.checkers.policies.core.Policy`, or fails to build.
    """
    from ruleproof.model.io.readings import ReadingError, load_plugin_module

    if not class_name.isidentifier():
        raise PolicyError(f"policy {path}:{class_name}: {class_name!r} is not a Python class name")
    try:
        module, digest = load_plugin_module(path)
    except ReadingError as exc:
        raise PolicyError(f"policy plugin {exc}") from None
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type) or not issubclass(cls, Policy):
        raise PolicyError(f"policy {path}:{class_name}: the file defines no Policy class {class_name!r} (derive it "
                          "from ruleproof.checkers.policies.core.Policy)")
    try:
        instance = cls()
    except (Exception, SystemExit) as exc:  # the user's code: report it, never crash or exit with its code
        raise PolicyError(f"policy {path}:{class_name}: building it failed: {type(exc).__name__}: {exc}") from None
    return PluginPolicy(instance, class_name, digest, f"{path}:{class_name}")


def parse_policy(text: str) -> Policy:
    """One policy from its text (see the module docstring).

    :raises PolicyError: an unknown name or parameter, a bad value, or a plugin that fails.
    """
    text = text.strip()
    if ".py:" in text:
        path, _, class_name = text.rpartition(":")
        return load_policy_class(path, class_name)
    name, _, rest = text.partition(":")
    name = name.strip().lower()
    if name not in BUILT_IN:
        raise PolicyError(f"unknown policy {name!r}; policies: {', '.join(BUILT_IN)}, or FILE.py:ClassName")
    cls, types = BUILT_IN[name]
    kwargs: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep:
            raise PolicyError(f"policy {name!r}: expected key=value, got {item!r}")
        if key not in types:
            takes = ", ".join(sorted(types)) or "no parameters"
            raise PolicyError(f"policy {name!r}: unknown parameter {key!r}; {name} takes {takes}")
        if key in kwargs:
            raise PolicyError(f"policy {name!r}: {key} given twice")
        kwargs[key] = _value(name, key, types[key], value.strip())
    return cls(**kwargs)


def parse_policies(text: str | None) -> Seats:
    """The seats' policies from ``P`` or ``P0+P1+…`` (``None``: random for every seat).

    :raises PolicyError: see :func:`parse_policy`; also a text too long or naming too many seats.
    """
    if text is None:
        return Seats.of([RandomPolicy()])
    if len(text) > MAX_POLICY_TEXT:
        raise PolicyError(f"the policy text is {len(text)} characters; at most {MAX_POLICY_TEXT}")
    parts = text.split("+")
    if len(parts) > MAX_SEATS:
        raise PolicyError(f"the policy text names {len(parts)} seats; at most {MAX_SEATS}")
    if any(not p.strip() for p in parts):
        raise PolicyError(f"policy {text!r}: an empty policy between '+' signs")
    return Seats.of([parse_policy(p) for p in parts])
