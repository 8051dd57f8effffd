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
from collections.abc import Callable
from typing import Any

from ruleproof.spec.core import without_retired_flags
from ruleproof.spec.errors import RuleproofError, VariantError


class DecodeError(RuleproofError, ValueError):
    """Data does not match the annotated type."""


def _is_namedtuple(tp: object) -> bool:
    return isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields")


def encode(value: object) -> object:
    """Turn a state (or any part of it) into JSON-ready data."""
    encoder = _ENCODERS.get(type(value))
    if encoder is None:
        encoder = _encoder_for(type(value))
    return encoder(value)


_SCALARS = (bool, int, float, str, type(None))


def _same(value: object) -> object:
    return value


def _encode_tuple(value: Any) -> object:
    for v in value:
        if type(v) not in _SCALAR_TYPES:
            return [encode(v) for v in value]
    return list(value)


def _encoder_for(cls: type[Any]) -> Callable[[Any], object]:
    """How to encode a value of class ``cls``; every test :func:`encode` makes depends on the class alone
    (which kind of value it is), so it is decided once per class (a state has thousands of parts)."""
    encoder: Callable[[Any], object]
    if _is_namedtuple(cls):
        names = cls._fields

        def encoder(value: Any) -> object:
            return {name: encode(v) for name, v in zip(names, value)}
    elif dataclasses.is_dataclass(cls):
        fields = tuple(f.name for f in dataclasses.fields(cls))

        def encoder(value: Any) -> object:
            return {name: encode(getattr(value, name)) for name in fields}
    elif issubclass(cls, enum.Enum):
        def encoder(value: Any) -> object:
            return value.value
    elif issubclass(cls, tuple):
        encoder = _encode_tuple
    elif issubclass(cls, frozenset):
        def encoder(value: Any) -> object:
            return sorted((encode(v) for v in value), key=repr)
    elif cls is type(None) or issubclass(cls, _SCALARS):
        encoder = _same
    else:
        def encoder(value: Any) -> object:
            raise TypeError(f"cannot encode {type(value).__name__}: {value!r}")
    if len(_ENCODERS) < 512:
        _ENCODERS[cls] = encoder
    return encoder


_ENCODERS: dict[type[Any], Callable[[Any], object]] = {}
_SCALAR_TYPES = frozenset({bool, int, float, str, type(None)})


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
    try:
        return _decoder(tp)(data)
    except _Mismatch as exc:
        raise DecodeError(f"{path}{''.join(reversed(exc.where))}: {exc.detail}") from None


class _Mismatch(Exception):
    """Data that does not fit, on its way up to :func:`decode`: the path is only spelt out then.

    :ivar where: the path steps below the point of decoding, innermost first.
    """

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail
        self.where: list[str] = []


Decoder = Callable[[object], Any]


@functools.lru_cache(maxsize=512)
def _decoder(tp: Any) -> Decoder:
    """The decoder of annotated type ``tp``, built once per type.

    It makes the same checks in the same order as reading the annotation
    afresh for every value would, and fails with the same message; the
    decoders of a record's fields are looked up on first use (an
    unsupported annotation fails only when data reaches it).
    """
    origin = typing.get_origin(tp)
    if _is_namedtuple(tp) or (dataclasses.is_dataclass(tp) and isinstance(tp, type)):
        return _record_decoder(tp)
    if origin is typing.Literal:
        allowed = typing.get_args(tp)

        def literal(data: object) -> Any:
            if data not in allowed:
                raise _Mismatch(f"{data!r} is not one of {allowed!r}")
            return data
        return literal
    if origin in (types.UnionType, typing.Union):
        args = typing.get_args(tp)
        optional = type(None) in args
        choices = tuple(a for a in args if a is not type(None))

        def union(data: object) -> Any:
            if data is None and optional:
                return None
            for arg in choices:
                try:
                    return _decoder(arg)(data)
                except _Mismatch:
                    continue
            raise _Mismatch(f"{data!r} matches none of {args!r}")
        return union
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence_decoder(args[0], tuple)
        return _fixed_tuple_decoder(args)
    if origin is frozenset:
        (arg,) = typing.get_args(tp)
        return _sequence_decoder(arg, frozenset)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        def member(data: object) -> Any:
            try:
                return tp(data)
            except ValueError:
                raise _Mismatch(f"{data!r} is not a {tp.__name__}") from None
        return member
    if tp is bool:
        return _decode_bool
    if tp is int:
        return _decode_int
    if tp is float:
        return _decode_float
    if tp is str:
        return _decode_str

    def unsupported(data: object) -> Any:
        raise TypeError(f"cannot decode type {tp!r}")
    return unsupported


def _decode_bool(data: object) -> Any:
    if not isinstance(data, bool):
        raise _Mismatch(f"expected true/false, got {data!r}")
    return data


def _decode_int(data: object) -> Any:
    if not isinstance(data, int) or isinstance(data, bool):
        raise _Mismatch(f"expected an integer, got {data!r}")
    return data


def _decode_float(data: object) -> Any:
    if not isinstance(data, (int, float)) or isinstance(data, bool):
        raise _Mismatch(f"expected a number, got {data!r}")
    return float(data)


def _decode_str(data: object) -> Any:
    if not isinstance(data, str):
        raise _Mismatch(f"expected a string, got {data!r}")
    return data


def _record_decoder(tp: Any) -> Decoder:
    """A NamedTuple state or a variant dataclass, field by field."""
    is_record = _is_namedtuple(tp)
    names: tuple[str, ...] = tuple(tp._fields if is_record else [f.name for f in dataclasses.fields(tp)])
    known = frozenset(names)
    optional = frozenset(n for n in names if _has_default(tp, n))
    fields: list[tuple[str, Decoder]] = []

    def record(data: object) -> Any:
        if not isinstance(data, dict):
            raise _Mismatch(f"expected an object for {tp.__name__}, got {data!r}")
        if not fields:
            hints = _type_hints(tp)
            fields[:] = [(n, _decoder(hints[n])) for n in names]
        if not is_record:  # a flag retired since the data was written: dropped at its old value
            try:
                data = without_retired_flags(tp, data)
            except VariantError as exc:
                raise _Mismatch(str(exc)) from None
        # A variant flag added after the data was written takes its default.
        if len(data) != len(names) or not known.issuperset(data):
            missing = [n for n in names if n not in data and n not in optional]
            extra = [k for k in data if k not in known]
            if missing or extra:
                raise _Mismatch(f"{tp.__name__} fields differ (missing {missing}, unexpected {extra})")
        values = {}
        for name, decoder in fields:
            if name in data:
                try:
                    values[name] = decoder(data[name])
                except _Mismatch as exc:
                    exc.where.append(f".{name}")
                    raise
        return tp(**values)
    return record


def _sequence_decoder(item: Any, build: Callable[[Any], Any]) -> Decoder:
    """``tuple[item, ...]`` or ``frozenset[item]`` from a list."""
    whole = _decoder(item)
    plain = item is int

    def sequence(data: object) -> Any:
        if not isinstance(data, list):
            raise _Mismatch(f"expected a list, got {data!r}")
        if plain:  # the common case: every item is a plain int (no bool, no subclass)
            for v in data:
                if type(v) is not int:
                    break
            else:
                return build(data)
        values = []
        for i, v in enumerate(data):
            try:
                values.append(whole(v))
            except _Mismatch as exc:
                exc.where.append(f"[{i}]")
                raise
        return build(values)
    return sequence


def _fixed_tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    """``tuple[a, b, ...]`` of a fixed length from a list."""
    def fixed(data: object) -> Any:
        if not isinstance(data, list):
            raise _Mismatch(f"expected a list, got {data!r}")
        if len(args) != len(data):
            raise _Mismatch(f"expected {len(args)} items, got {len(data)}")
        values = []
        for i, (a, v) in enumerate(zip(args, data)):
            try:
                values.append(_decoder(a)(v))
            except _Mismatch as exc:
                exc.where.append(f"[{i}]")
                raise
        return tuple(values)
    return fixed
