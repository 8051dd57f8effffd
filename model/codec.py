"""JSON encoding of immutable states, driven by their type annotations.

States are NamedTuples of ints, bools, strings, tuples, frozensets, ``None``,
nested NamedTuples and frozen variant dataclasses; this module turns them into
JSON-ready data and back, so every game gets serialisation for free.

>>> from typing import NamedTuple
>>> class Pos(NamedTuple):
...     cells: tuple[tuple[int, ...], ...]
...     owner: int | None
>>> encode(Pos(((1, 2), ()), None))
{'cells': [[1, 2], []], 'owner': None}
>>> decode(Pos, {'cells': [[1, 2], []], 'owner': None})
Pos(cells=((1, 2), ()), owner=None)
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from typing import Any

from ruleproof.spec.core import without_retired_flags
from ruleproof.spec.errors import RuleproofError, VariantError


class DecodeError(RuleproofError, ValueError):
    """Data does not match the annotated type."""


def _is_namedtuple(tp: object) -> bool:
    return isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields")


def encode(value: object) -> object:
    """Turn a state (or any part of it) into JSON-ready data."""
    if _is_namedtuple(type(value)):
        return {name: encode(getattr(value, name)) for name in type(value)._fields}  # type: ignore[attr-defined]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((encode(v) for v in value), key=repr)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot encode {type(value).__name__}: {value!r}")


@functools.lru_cache(maxsize=512)
def _type_hints(tp: Any) -> dict[str, Any]:
    """``typing.get_type_hints(tp)``, resolved once per class (it re-evaluates every annotation on each
    call: a tenth of a Big Five conformance run decoded states through it)."""
    return typing.get_type_hints(tp)


def _has_default(tp: Any, name: str) -> bool:
    """Whether field ``name`` of dataclass ``tp`` has a default (never for NamedTuple states)."""
    if not dataclasses.is_dataclass(tp):
        return False
    for f in dataclasses.fields(tp):
        if f.name == name:
            return f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    return False


def decode(tp: Any, data: object, path: str = "$") -> Any:
    """Rebuild a value of annotated type ``tp`` from :func:`encode`'s output."""
    origin = typing.get_origin(tp)
    if _is_namedtuple(tp) or (dataclasses.is_dataclass(tp) and isinstance(tp, type)):
        if not isinstance(data, dict):
            raise DecodeError(f"{path}: expected an object for {tp.__name__}, got {data!r}")
        hints = _type_hints(tp)
        names = tp._fields if _is_namedtuple(tp) else [f.name for f in dataclasses.fields(tp)]
        if not _is_namedtuple(tp):  # a flag retired since the data was written: dropped at its old value
            try:
                data = without_retired_flags(tp, data)
            except VariantError as exc:
                raise DecodeError(f"{path}: {exc}") from None
        # A variant flag added after the data was written takes its default.
        missing = [n for n in names if n not in data and not _has_default(tp, n)]
        extra = [k for k in data if k not in names]
        if missing or extra:
            raise DecodeError(f"{path}: {tp.__name__} fields differ (missing {missing}, unexpected {extra})")
        return tp(**{n: decode(hints[n], data[n], f"{path}.{n}") for n in names if n in data})
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise DecodeError(f"{path}: {data!r} is not one of {typing.get_args(tp)!r}")
        return data
    if origin in (types.UnionType, typing.Union):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return decode(arg, data, path)
            except DecodeError:
                continue
        raise DecodeError(f"{path}: {data!r} matches none of {args!r}")
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise DecodeError(f"{path}: expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise DecodeError(f"{path}: expected {len(args)} items, got {len(data)}")
        return tuple(decode(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
    if origin is frozenset:
        (arg,) = typing.get_args(tp)
        if not isinstance(data, list):
            raise DecodeError(f"{path}: expected a list, got {data!r}")
        return frozenset(decode(arg, v, f"{path}[{i}]") for i, v in enumerate(data))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise DecodeError(f"{path}: {data!r} is not a {tp.__name__}") from None
    if tp is bool:
        if not isinstance(data, bool):
            raise DecodeError(f"{path}: expected true/false, got {data!r}")
        return data
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise DecodeError(f"{path}: expected an integer, got {data!r}")
        return data
    if tp is float:
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            raise DecodeError(f"{path}: expected a number, got {data!r}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise DecodeError(f"{path}: expected a string, got {data!r}")
        return data
    raise TypeError(f"cannot decode type {tp!r}")
