"""OpenSpiel game parameters: ``players``, one per variant flag (spelled so game
strings can carry them) and ``reading``, a reading file (issue 17).

A ``reading`` parameter names a reading file (TOML, :mod:`ruleproof.model.io.readings`),
read through the input boundary exactly as ``--reading FILE`` on the command
line: its flags are the base, a flag parameter away from its default is set on
top (as ``--variant`` on top of ``--reading``), and its extra legality rules or
derived engine make the engine the adapter wraps (:attr:`Reading.engine`).

Pure Python (no ``pyspiel``): the wrappers in :mod:`ruleproof.checkers.interop.openspiel` use it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ruleproof.model.core import Game
from ruleproof.model.io.readings import Reading, load_reading
from ruleproof.model.registry import game_for
from ruleproof.spec.core import OPERATOR_SYMBOLS, variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import RuleproofError

#: Prefix of the OpenSpiel short names: ``ruleproof_take5`` etc.
PREFIX = "ruleproof_"
#: The parameter naming a reading file ("" for none: the built-in rules).
READING = "reading"

Move = Any
State = Any
Variant = Any
Params = dict[str, bool | int | float | str]


class AdapterError(RuleproofError, ValueError):
    """A game cannot be loaded or an action cannot be applied through the adapter."""


# --------------------------------------------------------------------------
# Parameters <-> variants

#: Literal flag values that OpenSpiel game strings cannot carry, with their spelling.
_UNALIAS = OPERATOR_SYMBOLS
_ALIASES = {v: k for k, v in _UNALIAS.items()}
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
    return typing.get_origin(hint) is tuple or _is_optional_tuple(hint)


def _is_optional_tuple(hint: Any) -> bool:
    """``tuple[...] | None`` (a table flag whose ``None`` means "the reading's", such as Big Five's ``bonus_group``)."""
    args = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else ()
    return type(None) in args and any(typing.get_origin(a) is tuple for a in args)


#: The parameter text of ``None`` for a ``tuple[...] | None`` flag (an empty string is the empty tuple).
_NONE = "none"


def _to_param(hint: Any, value: object) -> bool | int | float | str:
    """A flag value as an OpenSpiel parameter value (bool, int, float or string)."""
    if value is None and _is_optional_tuple(hint):
        return _NONE
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
    if _is_optional_tuple(hint) and value in (None, _NONE):
        return None
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
    """The game's OpenSpiel parameters with their defaults: ``players``, every variant flag and ``reading``.

    >>> spec = parameter_specification("take5")
    >>> spec["end_rule"], spec["reading"]
    ('ge', '')
    """
    engine = _spec_of(game_id)
    variant = engine.default_variant()
    params: Params = {"players": default_players(game_id)}
    for name, hint in _flag_hints(engine.variant_type).items():
        params[name] = _to_param(hint, getattr(variant, name))
    params[READING] = ""
    return params


def parameters_for(game_id: str, players: int, variant: Variant | None = None, reading: str | Path = "") -> Params:
    """OpenSpiel parameters for a player count, a variant (default: every flag at
    its default) and a reading file (default: none; given, it is made absolute).

    >>> from ruleproof.spec.take5 import Take5Variant
    >>> params = parameters_for("take5", 4, Take5Variant(end_rule=">", threshold=30))
    >>> params["players"], params["end_rule"], params["threshold"], "reading" in params
    (4, 'gt', 30, False)
    """
    engine = _spec_of(game_id)
    variant = engine.default_variant() if variant is None else variant
    params: Params = {"players": players}
    for name, hint in _flag_hints(engine.variant_type).items():
        params[name] = _to_param(hint, getattr(variant, name))
    if reading:
        params[READING] = reading_parameter(reading)
    return params


def reading_parameter(path: str | Path) -> str:
    """A reading file as a ``reading`` parameter value: the absolute path, checked
    to fit in a game string.

    >>> reading_parameter("/srv/club/fewest.toml")
    '/srv/club/fewest.toml'
    >>> reading_parameter("/srv/a=b.toml")
    Traceback (most recent call last):
    ...
    ruleproof.checkers.interop.params.AdapterError: the value '/srv/a=b.toml' cannot appear in an OpenSpiel game string (no '=', ',', '(' or ')')
    """
    text = str(Path(path).absolute())
    if _UNSAFE & set(text):
        raise AdapterError(f"the value {text!r} cannot appear in an OpenSpiel game string (no '=', ',', '(' or ')')")
    return text


def players_and_variant(game_id: str, params: Mapping[str, object]) -> tuple[int, Variant]:
    """The player count and the variant that OpenSpiel parameters select.

    >>> players_and_variant("take5", {"players": 3, "end_rule": "gt"})
    (3, Take5Variant(end_rule='>', threshold=66, ...))
    """
    players, reading = players_and_reading(game_id, params)
    return players, reading.variant


def players_and_reading(game_id: str, params: Mapping[str, object]) -> tuple[int, Reading]:
    """The player count and the reading that OpenSpiel parameters select.

    Without a ``reading`` parameter the reading is the built-in rules under
    the flag parameters. With one, the file is loaded as ``--reading FILE``
    is (:func:`ruleproof.model.io.readings.load_reading`); OpenSpiel hands every
    flag over with its default filled in, so a flag parameter *away from its
    default* is set on top of the file's flags and one at its default keeps
    the file's value.

    :raises AdapterError: for a bad player count or parameter.
    :raises ruleproof.model.io.readings.ReadingError: for a bad reading file
        (naming the file and the key at fault).

    >>> players, reading = players_and_reading("take5", {"players": 4, "threshold": 30})
    >>> players, reading.variant.threshold, reading.rules
    (4, 30, ())
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
    path = params.get(READING, "")
    if not isinstance(path, str):
        raise AdapterError(f"{READING} must be the path of a reading file; got {path!r}")
    if not path:
        return players, Reading(game_id, variant_from_mapping(engine.variant_type, mapping, from_text=True))
    reading = load_reading(path)
    if reading.game != game_id:
        raise AdapterError(f"{path}: the reading is for game {reading.game!r}, not {game_id!r}")
    given = variant_to_dict(variant_from_mapping(engine.variant_type, mapping, from_text=True))
    default = variant_to_dict(engine.default_variant())
    flags = dict(variant_to_dict(reading.variant))
    flags.update({k: v for k, v in given.items() if v != default.get(k)})
    variant = variant_from_mapping(engine.variant_type, flags)
    if variant != reading.variant:
        reading = dataclasses.replace(reading, variant=variant, _engine=[])
    return players, reading


def game_name(game_id: str) -> str:
    """The OpenSpiel short name of a ruleproof game.

    >>> game_name("take5")
    'ruleproof_take5'
    """
    return PREFIX + game_id


