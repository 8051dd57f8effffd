"""The certificate checker's own bounded loader (standard library only).

Why a copy and not :mod:`ruleproof.model.io.inputs`: the checker must stay
independent of the engines and installable on its own (it is meant to become a
separate distribution with no dependency on the rest of ruleproof), so it
cannot import the model's input boundary. This module is the same idea in a
few lines: a certificate is one small JSON document, read whole.

Limits (named, reported when hit):

==========================  =====================================================
:data:`MAX_CERTIFICATE_BYTES`  size of a certificate file
:data:`MAX_DEPTH`              nesting of arrays and objects
:data:`MAX_INT_DIGITS`         digits of an integer
:data:`MAX_LIST_ITEMS`         items of one list (or keys of one object) in the state
:data:`MAX_PLAYERS`            the certificate's player count
==========================  =====================================================

:data:`MAX_LIST_ITEMS` keeps every re-check cheap: the costliest check (a Cinco
burn: every cell against the free cells) is quadratic in the board's length,
so a board is at most 1,000 cells (the real ones have 90).

Only regular files are read (no FIFO, device or folder), invalid UTF-8,
``NaN``, duplicate keys and unpaired surrogate escapes are malformed input.

>>> decode_certificate(b'{"a": NaN}', "c.json")
Traceback (most recent call last):
...
ruleproof.checkers.certcheck.schema.CertificateFormatError: c.json: $: NaN is not JSON
>>> check_bounds({"board": [0] * 1001}, "c.json")
Traceback (most recent call last):
...
ruleproof.checkers.certcheck.schema.CertificateFormatError: c.json: $.state.board: a list of 1001 items is longer than 1000 (limit MAX_LIST_ITEMS)
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ruleproof.checkers.certcheck.schema import MAX_PLAYERS, CertificateFormatError

#: Largest certificate file read (bytes).
MAX_CERTIFICATE_BYTES = 16 * 1024 * 1024
#: Deepest nesting of arrays and objects.
MAX_DEPTH = 64
#: Most digits of an integer.
MAX_INT_DIGITS = 40
#: Most items in one list, or keys in one object, of the certified state.
MAX_LIST_ITEMS = 1000


class _Refused(Exception):
    pass


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(f"an integer has more than {MAX_INT_DIGITS} digits (limit MAX_INT_DIGITS)")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:40]!r} is too large")
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not JSON")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        keys = [k for k, _ in pairs]
        raise _Refused(f"duplicate key {next(k for k in keys if keys.count(k) > 1)!r} in an object")
    return result


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_int=_int, parse_float=_float, parse_constant=_constant)


def _walk(value: object, source: str, path: str = "$", list_limit: int | None = None) -> None:
    """Depth, string and (optionally) list-length checks without recursion.

    One iterator per open container (at most :data:`MAX_DEPTH`); a JSON path
    is built only for containers and for the value at fault, so a long list
    costs no memory beyond itself.
    """
    stack: list[tuple[Iterator[tuple[object, object]], str, int]] = [(iter(((None, value),)), path, 0)]
    while stack:
        children, parent, depth = stack[-1]
        step = next(children, None)
        if step is None:
            stack.pop()
            continue
        key, item = step
        where = parent if key is None else f"{parent}[{key}]" if isinstance(key, int) else f"{parent}.{key}"
        for text, at in ((key, parent), (item, where)):
            if isinstance(text, str) and not text.isascii():
                try:
                    text.encode("utf-8")
                except UnicodeEncodeError:
                    raise CertificateFormatError(f"{source}: {at}: a string holds an unpaired surrogate") from None
        if not isinstance(item, (list, dict)):
            continue
        if depth >= MAX_DEPTH:
            raise CertificateFormatError(f"{source}: {where}: nested deeper than {MAX_DEPTH} levels (limit MAX_DEPTH)")
        if list_limit is not None and len(item) > list_limit:
            kind = "a list" if isinstance(item, list) else "an object"
            raise CertificateFormatError(f"{source}: {where}: {kind} of {len(item)} items is longer than {list_limit} "
                                         "(limit MAX_LIST_ITEMS)")
        stack.append((enumerate(item) if isinstance(item, list) else iter(item.items()), where, depth + 1))


def decode_certificate(data: bytes, source: str) -> Any:
    """Decode a certificate's bytes within the limits.

    :raises CertificateFormatError: naming ``source``, the JSON path and the reason.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CertificateFormatError(f"{source}: not UTF-8 text: invalid byte at offset {exc.start}") from None
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise CertificateFormatError(f"{source}: not valid JSON: {exc.msg} at line {exc.lineno}, "
                                     f"column {exc.colno}") from None
    except _Refused as exc:
        raise CertificateFormatError(f"{source}: $: {exc}") from None
    except RecursionError:
        raise CertificateFormatError(f"{source}: $: nested deeper than {MAX_DEPTH} levels (limit MAX_DEPTH)") from None
    _walk(value, source)
    return value


def check_bounds(state: object, source: str = "<certificate>") -> None:
    """The certified state's lists and objects are within :data:`MAX_LIST_ITEMS`.

    :raises CertificateFormatError: at the path of the first list too long.
    """
    _walk(state, source, "$.state", MAX_LIST_ITEMS)


def read_certificate(path: str | Path) -> Any:
    """Read and decode a certificate file (a regular file of at most :data:`MAX_CERTIFICATE_BYTES`).

    :raises CertificateFormatError: an unreadable, oversized or malformed file.
    """
    p = Path(path)
    try:
        info = os.stat(p)
        if not stat.S_ISREG(info.st_mode):
            raise CertificateFormatError(f"{p}: not a regular file (a folder, FIFO or device is never read)")
        if info.st_size > MAX_CERTIFICATE_BYTES:
            raise CertificateFormatError(f"{p}: the file has {info.st_size} bytes, more than {MAX_CERTIFICATE_BYTES} "
                                         "(limit MAX_CERTIFICATE_BYTES)")
        with open(p, "rb") as handle:
            data = handle.read(MAX_CERTIFICATE_BYTES + 1)
    except OSError as exc:
        raise CertificateFormatError(f"{p}: cannot read the file: {exc.strerror or exc}") from None
    if len(data) > MAX_CERTIFICATE_BYTES:
        raise CertificateFormatError(f"{p}: the file grew past {MAX_CERTIFICATE_BYTES} bytes while being read")
    return decode_certificate(data, str(p))
