"""OpenSpiel game parameters: one per variant flag, spelled so game strings can carry them.

Pure Python (no ``pyspiel``): the wrappers in :mod:`ruleproof.checkers.interop.openspiel` use it.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any

from ruleproof.model.core import Game
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_from_mapping
from ruleproof.spec.errors import RuleproofError

#: Prefix of the OpenSpiel short names: ``ruleproof_take5`` etc.
PREFIX = "ruleproof_"

Move = Any
State = Any
Variant = Any
Params = dict[str, bool | int | float | str]


class AdapterError(RuleproofError, ValueError):
    """A game cannot be loaded or an action cannot be applied through the adapter."""


# --------------------------------------------------------------------------
# Parameters <-> variants

#: Literal flag values that OpenSpiel game strings cannot carry, with their spelling.
_ALIASES = {">=": "ge", ">": "gt", "<=": "le", "<": "lt", "==": "eq", "!=": "ne"}
_UNALIAS = {v: k for k, v in _ALIASES.items()}
_UNSAFE = set("=,()")


def _param_text(value: str) -> str:
    text = _ALIASES.get(value, value)
    if _UNSAFE & set(text):
        raise AdapterError(f"the value {value!r} cannot appear in an OpenSpiel game string (no '=', ',', '(' or ')')")
    return text


def _flag_hints(variant_type: type[Any]) -> dict[str, Any]:
    hints = typing.get_type_hints(variant_type)
    return {f.name: hints[f.name] for f in dataclasses.fields(variant_type)}


def _is_tuple_hint(hint: Any) -> bool:
    return typing.get_origin(hint) is tuple


def _to_param(hint: Any, value: object) -> bool | int | float | str:
    """A flag value as an OpenSpiel parameter value (bool, int, float or string)."""
    if _is_tuple_hint(hint):
        items = [str(v) for v in value]  # type: ignore[attr-defined]
        return "/".join(items) + ("/" if len(items) == 1 else "")
    if isinstance(value, (bool, int, float)):
        return value
    if value is None:
        return ""
    return _param_text(str(value))


def _from_param(hint: Any, value: object) -> object:
    """A parameter value back as the flag's text form (for ``variant_from_mapping``)."""
    if _is_tuple_hint(hint):
        text = str(value).replace(",", "/").replace(" ", "/")
        return [v for v in text.split("/") if v]
    if isinstance(value, str):
        return _UNALIAS.get(value, value)
    return value


def _spec_of(game_id: str) -> Game[Any, Any, Any]:
    return game_for(game_id)


def default_players(game_id: str) -> int:
    """The ``players`` default of a game: its least count of two or more.

    >>> default_players("take5"), default_players("cinco")
    (2, 2)
    """
    spec = _spec_of(game_id).spec
    return max(spec.min_players, min(2, spec.max_players))


def parameter_specification(game_id: str) -> Params:
    """The game's OpenSpiel parameters with their defaults: ``players`` and every variant flag.

    >>> parameter_specification("take5")["end_rule"]
    'ge'
    """
    engine = _spec_of(game_id)
    variant = engine.default_variant()
    params: Params = {"players": default_players(game_id)}
    for name, hint in _flag_hints(engine.variant_type).items():
        params[name] = _to_param(hint, getattr(variant, name))
    return params


def parameters_for(game_id: str, players: int, variant: Variant | None = None) -> Params:
    """OpenSpiel parameters for a player count and a variant (default: every flag at its default).

    >>> from ruleproof.spec.take5 import Take5Variant
    >>> params = parameters_for("take5", 4, Take5Variant(end_rule=">", threshold=30))
    >>> params["players"], params["end_rule"], params["threshold"]
    (4, 'gt', 30)
    """
    engine = _spec_of(game_id)
    variant = engine.default_variant() if variant is None else variant
    params: Params = {"players": players}
    for name, hint in _flag_hints(engine.variant_type).items():
        params[name] = _to_param(hint, getattr(variant, name))
    return params


def players_and_variant(game_id: str, params: Mapping[str, object]) -> tuple[int, Variant]:
    """The player count and the variant that OpenSpiel parameters select.

    >>> players_and_variant("take5", {"players": 3, "end_rule": "gt"})
    (3, Take5Variant(end_rule='>', threshold=66, ...))
    """
    engine = _spec_of(game_id)
    hints = _flag_hints(engine.variant_type)
    defaults = parameter_specification(game_id)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise AdapterError(f"{game_name(game_id)} has no parameter {unknown[0]!r}; parameters: {', '.join(defaults)}")
    players = params.get("players", defaults["players"])
    if not isinstance(players, int) or isinstance(players, bool):
        raise AdapterError(f"players must be an integer; got {players!r}")
    spec = engine.spec
    if not spec.min_players <= players <= spec.max_players:
        raise AdapterError(
            f"{spec.title} is for {spec.min_players}-{spec.max_players} players; got players={players!r}"
        )
    mapping = {name: _from_param(hint, params[name]) for name, hint in hints.items() if name in params}
    variant = variant_from_mapping(engine.variant_type, mapping, from_text=True)
    return players, variant


def game_name(game_id: str) -> str:
    """The OpenSpiel short name of a ruleproof game.

    >>> game_name("take5")
    'ruleproof_take5'
    """
    return PREFIX + game_id


