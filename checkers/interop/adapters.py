"""Per-game OpenSpiel adapter data: each game's action codec, observation tensor and private fields.

Kept apart from :mod:`~ruleproof.checkers.interop.openspiel` (the pyspiel
wrappers) so that the table of what is adapted, and how, reads in one place
and imports no ``pyspiel``.

>>> sorted(_ADAPTERS) == sorted(["take5", "bigpoints", "ikebana", "cinco", "bigfive"])
True
>>> codec_for("take5", 4).num_distinct_actions > 0
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ruleproof.checkers.interop.codecs import (
    ActionCodec,
    BigFiveCodec,
    _bigpoints_codec,
    _cinco_codec,
    _ikebana_codec,
    _take5_codec,
)
from ruleproof.checkers.interop.params import AdapterError, Variant, _spec_of
from ruleproof.checkers.interop.tensors import (
    TensorLayout,
    _bigpoints_tensor,
    _cinco_tensor,
    _ikebana_tensor,
    _take5_tensor,
)

__all__ = ["FULL", "PRIVATE", "PUBLIC", "codec_for"]


# --------------------------------------------------------------------------
# Per-game adapter data


@dataclasses.dataclass(frozen=True)
class _Adapter:
    """How a game is adapted: its action codec, its observation tensor, and the
    fields of its observation that belong to the observing seat alone (the
    rest is public: the same for every seat)."""

    codec: Callable[[int, Variant], ActionCodec]
    tensor: Callable[[int, Variant], TensorLayout] | None
    private: frozenset[str]


_BIGFIVE_CODEC: dict[tuple[int, int], BigFiveCodec] = {}


def _bigfive_codec(players: int, variant: Variant) -> ActionCodec:
    """One codec per hand size and copies (the exchanges and anchors they number), shared."""
    key = (variant.hand_size, variant.copies)
    codec = _BIGFIVE_CODEC.get(key)
    if codec is None:
        codec = _BIGFIVE_CODEC[key] = BigFiveCodec(*key)
    return codec


_ADAPTERS: dict[str, _Adapter] = {
    "take5": _Adapter(_take5_codec, _take5_tensor, frozenset({"seat", "hand", "chosen"})),
    "bigpoints": _Adapter(_bigpoints_codec, _bigpoints_tensor, frozenset({"seat", "hand"})),
    "ikebana": _Adapter(_ikebana_codec, _ikebana_tensor, frozenset({"seat", "hand", "drawn"})),
    "cinco": _Adapter(_cinco_codec, _cinco_tensor, frozenset({"seat", "colour", "hand", "discards"})),
    "bigfive": _Adapter(_bigfive_codec, None, frozenset({"seat", "hand"})),
}

#: The observation views: the seat's whole observation, its public part, its private part.
FULL, PUBLIC, PRIVATE = "full", "public", "private"


def codec_for(game_id: str, players: int, variant: Variant | None = None) -> ActionCodec:
    """The action codec of a game for a player count and variant.

    >>> codec_for("bigpoints", 2).num_distinct_actions
    15
    """
    if game_id not in _ADAPTERS:
        raise AdapterError(f"no OpenSpiel adapter for {game_id!r}; adapted: {', '.join(_ADAPTERS)}")
    engine = _spec_of(game_id)
    return _ADAPTERS[game_id].codec(players, engine.default_variant() if variant is None else variant)
