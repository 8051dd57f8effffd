"""The input boundary: bounded readers and decoders for every file the tool reads.

Every file kind (record, reading, layout, audit; certificates have their own
copy in :mod:`ruleproof.checkers.certcheck.loader`) is read through one
loader built on these functions. Each turns every decoding, parsing, nesting,
size and type problem into an :class:`~ruleproof.spec.errors.InputError`
naming the file, the JSON path and the reason (the command line exits with
code 2); past the boundary, code may assume well-formed data.

The limits are named constants (reported in the message when hit):

=======================  ==========================================================
:data:`MAX_RECORD_BYTES`  a record file (a million moves take about 40 MB)
:data:`MAX_DOCUMENT_BYTES` any other file: layout, audit output
:data:`MAX_READING_BYTES` a reading file (TOML)
:data:`MAX_VALUE_BYTES`   one header value of a record, or one move of it
:data:`MAX_DEPTH`         nesting of arrays and objects
:data:`MAX_INT_DIGITS`    digits of an integer (Python refuses above 4,300 anyway)
:data:`MAX_STRING_CHARS`  characters of one string
=======================  ==========================================================

Only regular files are read: a FIFO, a device (``/dev/zero``) or a folder is
refused before it is opened, and nothing read from an input ever names a file
to open.

Why a hand-written streaming scanner (:func:`scan_object`): a record with a
million moves must be checked in memory that does not grow with it, and the
standard library has no streaming JSON decoder. The well-known streaming
library ijson was tried first and rejected: its C backend (3.6.0) crashed the
interpreter with a segmentation fault on a 5,000-digit integer and ran away on
100,000 opening brackets, and its pure-Python backend is slow. The scanner
here only walks the top-level object and the one array it streams; every value
inside is decoded by the standard library's own :class:`json.JSONDecoder`
(``raw_decode``) with hooks that bound integers and refuse duplicate keys and
``NaN``.

>>> decode_json(b'{"a": [1, 2]}', "demo.json")
{'a': [1, 2]}
>>> decode_json(b'{"a": 1, "a": 2}', "demo.json")
Traceback (most recent call last):
...
ruleproof.spec.errors.InputError: demo.json: $: duplicate key 'a' in an object
>>> decode_json(b'[' * 100 + b']' * 100, "deep.json")
Traceback (most recent call last):
...
ruleproof.spec.errors.InputError: deep.json: $[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nested deeper than 64 levels (limit MAX_DEPTH)
"""

from __future__ import annotations

import codecs
import json
import math
import os
import stat
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ruleproof.spec.errors import InputError

#: Largest record file read (bytes).
MAX_RECORD_BYTES = 512 * 1024 * 1024
#: Largest reading, layout or audit file read (bytes).
MAX_DOCUMENT_BYTES = 16 * 1024 * 1024
#: Largest reading file (TOML) read (bytes): a game, a title, a few flags.
MAX_READING_BYTES = 64 * 1024
#: Largest single value streamed out of a file: one record header field or one move (characters).
MAX_VALUE_BYTES = 1024 * 1024
#: Deepest nesting of arrays and objects.
MAX_DEPTH = 64
#: Most digits of an integer (a 64-bit seed has 20).
MAX_INT_DIGITS = 40
#: Longest string (characters).
MAX_STRING_CHARS = 1024 * 1024

_CHUNK = 1 << 20
_WHITESPACE = " \t\n\r"


@dataclass(frozen=True)
class Limits:
    """The bounds one file kind is read with (see the module docstring)."""

    max_bytes: int = MAX_DOCUMENT_BYTES
    max_value_chars: int = MAX_VALUE_BYTES
    max_depth: int = MAX_DEPTH
    max_int_digits: int = MAX_INT_DIGITS
    max_string_chars: int = MAX_STRING_CHARS


DOCUMENT_LIMITS = Limits()
RECORD_LIMITS = Limits(max_bytes=MAX_RECORD_BYTES)
READING_LIMITS = Limits(max_bytes=MAX_READING_BYTES)


class _Refused(Exception):
    """A decoder hook refused a value (turned into an :class:`InputError` with the path)."""


def _bounded_int(limits: Limits) -> Any:
    def parse_int(text: str) -> int:
        if len(text.lstrip("-")) > limits.max_int_digits:
            raise _Refused(f"an integer has {len(text.lstrip('-'))} digits, more than {limits.max_int_digits} "
                           "(limit MAX_INT_DIGITS)")
        return int(text)
    return parse_int


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:40]!r} is too large for a float")
    return value


def _no_constants(text: str) -> float:
    raise _Refused(f"{text} is not JSON (NaN and Infinity are not numbers in JSON)")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"duplicate key {key!r} in an object")
            seen.add(key)
    return result


def json_decoder(limits: Limits = DOCUMENT_LIMITS) -> json.JSONDecoder:
    """The standard library's decoder with the boundary's hooks: bounded integers,
    finite floats, no ``NaN``/``Infinity``, no duplicate keys."""
    return json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_int=_bounded_int(limits),
                            parse_float=_finite_float, parse_constant=_no_constants)


def check_value(value: object, path: str, source: str, limits: Limits = DOCUMENT_LIMITS) -> None:
    """Check nesting depth and strings of a decoded value without recursion.

    The walk keeps one iterator per open container (at most :data:`MAX_DEPTH`)
    and builds a JSON path only for containers and for the value at fault, so
    checking a list of millions of items costs no memory beyond the list.

    :raises InputError: at the JSON path of the first value too deep, a string too
        long or holding an unpaired surrogate (``\\ud800``), which no UTF-8 file can carry.
    """
    stack: list[tuple[Iterator[tuple[object, object]], str, int]] = [(iter(((None, value),)), path, 0)]
    while stack:
        children, parent, depth = stack[-1]
        step = next(children, None)
        if step is None:
            stack.pop()
            continue
        key, item = step
        if isinstance(key, str):
            _check_string(key, parent, source, limits)
        if isinstance(item, str):
            _check_string(item, _child(parent, key), source, limits)
        elif isinstance(item, (list, dict)):
            where = _child(parent, key)
            if depth >= limits.max_depth:
                raise InputError(f"nested deeper than {limits.max_depth} levels (limit MAX_DEPTH)", where, source=source)
            stack.append((enumerate(item) if isinstance(item, list) else iter(item.items()), where, depth + 1))


def _child(parent: str, key: object) -> str:
    """The JSON path of ``parent``'s item ``key`` (``None``: the parent itself)."""
    if key is None:
        return parent
    if isinstance(key, int):
        return f"{parent}[{key}]"
    text = str(key)
    return f"{parent}.{text}" if _plain_key(text) else f"{parent}[{json.dumps(text)}]"


def _check_string(item: str, where: str, source: str, limits: Limits) -> None:
    if len(item) > limits.max_string_chars:
        raise InputError(f"a string of {len(item)} characters is longer than {limits.max_string_chars} "
                         "(limit MAX_STRING_CHARS)", where, source=source)
    if not item.isascii():
        try:
            item.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError("a string holds an unpaired surrogate escape (such as \\ud800); "
                             "text must be valid Unicode", where, source=source) from None


def _plain_key(key: str) -> bool:
    return key.isidentifier() and key.isascii()


def _opened(path: str | Path, max_bytes: int) -> tuple[BinaryIO, str]:
    """Open a regular file for reading after checking its kind and size."""
    p = Path(path)
    name = str(p)
    try:
        info = os.stat(p)
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", source=name) from None
    if not stat.S_ISREG(info.st_mode):
        raise InputError("not a regular file (a folder, FIFO or device is never read)", source=name)
    if info.st_size > max_bytes:
        raise InputError(f"the file has {info.st_size} bytes, more than {max_bytes} (the limit for this kind "
                         "of file)", source=name)
    try:
        handle = open(p, "rb")  # noqa: SIM115 - closed by the caller
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", source=name) from None
    return handle, name


def read_bytes(path: str | Path, max_bytes: int = MAX_DOCUMENT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` bytes.

    :raises InputError: a missing or unreadable file, not a regular file, too large.
    """
    handle, name = _opened(path, max_bytes)
    with handle:
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            raise InputError(f"cannot read the file: {exc.strerror or exc}", source=name) from None
    if len(data) > max_bytes:
        raise InputError(f"the file grew past {max_bytes} bytes while being read", source=name)
    return data


def decode_text(data: bytes, source: str) -> str:
    """Strict UTF-8 text (a byte order mark is refused, as JSON refuses it).

    >>> decode_text(b"ok\\xff", "x.json")
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.InputError: x.json: not UTF-8 text: byte 0xff at offset 2 cannot start a character
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} "
                         f"{'cannot start a character' if exc.reason == 'invalid start byte' else exc.reason}",
                         source=source) from None
    if text.startswith("\ufeff"):
        raise InputError("the file starts with a byte order mark; save it as UTF-8 without BOM", source=source)
    return text


def _json_error(exc: json.JSONDecodeError) -> str:
    return f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"


def decode_json(data: bytes | str, source: str, limits: Limits = DOCUMENT_LIMITS) -> Any:
    """Decode a whole JSON document within ``limits``.

    :raises InputError: invalid UTF-8 or JSON, nesting, integer or string over its limit.
    """
    text = decode_text(data, source) if isinstance(data, bytes) else data
    try:
        value, end = json_decoder(limits).raw_decode(text, _skip_ws(text, 0))
    except json.JSONDecodeError as exc:
        raise InputError(_json_error(exc), "$", source=source) from None
    except _Refused as exc:
        raise InputError(str(exc), "$", source=source) from None
    except RecursionError:
        raise InputError(f"nested deeper than {limits.max_depth} levels (limit MAX_DEPTH)", "$", source=source) from None
    if _skip_ws(text, end) != len(text):
        raise InputError(f"not valid JSON: extra data after the value at character {end}", "$", source=source)
    check_value(value, "$", source, limits)
    return value


def _skip_ws(text: str, index: int) -> int:
    while index < len(text) and text[index] in _WHITESPACE:
        index += 1
    return index


def load_json_file(path: str | Path, limits: Limits = DOCUMENT_LIMITS) -> Any:
    """Read and decode a JSON file within ``limits`` (the generic bounded loader)."""
    name = str(path)
    return decode_json(read_bytes(path, limits.max_bytes), name, limits)


def load_toml_file(path: str | Path, limits: Limits = DOCUMENT_LIMITS) -> dict[str, Any]:
    """Read and parse a TOML file within ``limits`` (nesting, integers, strings).

    :raises InputError: as :func:`decode_json`, for TOML.
    """
    import tomllib  # here: it loads datetime too, start-up a command without a TOML file need not pay

    name = str(path)
    text = decode_text(read_bytes(path, limits.max_bytes), name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"not valid TOML: {exc}", "$", source=name) from None
    except ValueError as exc:  # integers past Python's own digit limit
        raise InputError(f"not valid TOML: {exc}", "$", source=name) from None
    except RecursionError:
        raise InputError(f"nested deeper than {limits.max_depth} levels (limit MAX_DEPTH)", "$", source=name) from None
    check_value(data, "$", name, limits)
    _check_ints(data, name, limits)
    return data


def _check_ints(value: object, source: str, limits: Limits) -> None:
    stack: list[tuple[object, str]] = [(value, "$")]
    bound = 10 ** limits.max_int_digits
    while stack:
        item, where = stack.pop()
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) >= bound:
            raise InputError(f"an integer has more than {limits.max_int_digits} digits (limit MAX_INT_DIGITS)",
                             where, source=source)
        if isinstance(item, list):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(item))
        elif isinstance(item, dict):
            stack.extend((v, f"{where}.{k}") for k, v in item.items())


def load_reading_file(path: str | Path) -> dict[str, Any]:
    """The bounded loader of a reading file (TOML): the parsed table, not yet interpreted.

    The reading's own meaning (game, flags, extra rules) is checked by its
    interpreter (:func:`ruleproof.model.io.readings.load_reading`); this only
    guarantees a bounded (:data:`MAX_READING_BYTES`), well-formed TOML table.
    """
    return load_toml_file(path, READING_LIMITS)


def load_layout_file(path: str | Path) -> Any:
    """The bounded loader of a Cinco layout file given by the user on the command line.

    :returns: a validated :class:`~ruleproof.spec.cinco_board.Layout`.
    """
    from ruleproof.spec.cinco_board import LayoutError, layout_from_json

    data = load_json_file(path, DOCUMENT_LIMITS)
    try:
        return layout_from_json(data, str(path))
    except LayoutError as exc:
        raise InputError(str(exc), "$", source=str(path)) from None


def load_audit_file(path: str | Path) -> dict[str, Any]:
    """The bounded loader of ``ruleproof audit --json`` output: one JSON document
    with a list ``rows``, or JSON Lines whose ``ruleproof.audit-row`` items carry
    the rows; each row an object with string fields ``game``, ``check``,
    ``subject`` and ``verdict``.

    :raises InputError: naming the file, the JSON path (or line) and the reason.
    """
    name = str(path)
    hint = "write one with `ruleproof audit --json > FILE`"
    text = decode_text(read_bytes(path, MAX_DOCUMENT_BYTES), name)
    data: Any
    try:
        data = decode_json(text, name)
    except InputError:
        data = None
    if data is None:  # JSON Lines: the rows and a closing summary
        rows: list[Any] = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                item = decode_json(line, f"{name} line {number}")
            except InputError as exc:
                raise InputError(f"{exc.args[0]}; {hint}", exc.path, source=exc.source) from None
            if isinstance(item, dict) and item.get("format") == "ruleproof.audit-row" and isinstance(item.get("row"), dict):
                rows.append(item["row"])
        data = {"rows": rows} if rows else None
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise InputError(f"not an audit (no list of rows at $.rows); {hint}", "$", source=name)
    for i, row in enumerate(data["rows"]):
        if not isinstance(row, dict):
            raise InputError(f"an audit row must be an object, got {type(row).__name__}; {hint}", f"$.rows[{i}]",
                             source=name)
        for key in ("game", "check", "subject", "verdict"):
            if not isinstance(row.get(key), str):
                raise InputError(f"an audit row needs the string field {key!r}; {hint}", f"$.rows[{i}].{key}",
                                 source=name)
    return data


# --------------------------------------------------------------------------
# Streaming one array out of a top-level object


class _Window:
    """A sliding window of decoded text over a binary file (strict UTF-8)."""

    def __init__(self, handle: BinaryIO, source: str, limits: Limits) -> None:
        self.handle = handle
        self.source = source
        self.limits = limits
        self.text = ""
        self.base = 0  # characters dropped before text[0]
        self.read_bytes = 0
        self.eof = False
        self.decoder = codecs.getincrementaldecoder("utf-8")("strict")

    def more(self) -> bool:
        """Read another chunk; False at the end of the file."""
        if self.eof:
            return False
        chunk = self.handle.read(_CHUNK)
        try:
            self.text += self.decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as exc:
            offset = self.read_bytes + exc.start
            raise InputError(f"not UTF-8 text: invalid byte at offset {offset} ({exc.reason})",
                             source=self.source) from None
        self.read_bytes += len(chunk)
        if self.read_bytes > self.limits.max_bytes:
            raise InputError(f"the file grew past {self.limits.max_bytes} bytes while being read", source=self.source)
        if not chunk:
            self.eof = True
        return bool(chunk)

    def drop(self, index: int) -> int:
        """Forget text before ``index`` (when it is most of the window); returns the new index."""
        if index > _CHUNK:
            self.text = self.text[index:]
            self.base += index
            return 0
        return index

    def skip_ws(self, index: int) -> int:
        """The index of the next non-blank character, reading as needed (``len(text)`` at the end)."""
        while True:
            index = _skip_ws(self.text, index)
            if index < len(self.text) or not self.more():
                return index

    def char(self, index: int) -> str:
        """The character at ``index`` after blanks ('' at the end of the file)."""
        index = self.skip_ws(index)
        return self.text[index] if index < len(self.text) else ""

    def value(self, index: int, path: str, decoder: json.JSONDecoder, check: bool = True) -> tuple[Any, int]:
        """Decode one JSON value starting at ``index`` (after blanks), reading until it is complete
        (``check=False`` leaves :func:`check_value` to the caller)."""
        index = self.skip_ws(index)
        limit = self.limits.max_value_chars
        while True:
            try:
                value, end = decoder.raw_decode(self.text, index)
            except json.JSONDecodeError as exc:
                # The value may just be cut by the window's end: read on, up to the value limit.
                if len(self.text) - index <= limit and self.more():
                    continue
                cut = "" if self.eof else f" (or a value longer than {limit} characters: limit MAX_VALUE_BYTES)"
                raise InputError(f"not valid JSON: {exc.msg} at character {self.base + exc.pos}{cut}", path,
                                 source=self.source) from None
            except _Refused as exc:
                raise InputError(str(exc), path, source=self.source) from None
            except RecursionError:
                raise InputError(f"nested deeper than {self.limits.max_depth} levels (limit MAX_DEPTH)", path,
                                 source=self.source) from None
            # A number may go on past the window's end: decode it again with more text.
            if end == len(self.text) and end - index <= limit and self.more():
                continue
            if end - index > limit:
                raise InputError(f"one value is longer than {limit} characters (limit MAX_VALUE_BYTES)", path,
                                 source=self.source)
            if check:
                check_value(value, path, self.source, self.limits)
            return value, end

    def fail(self, index: int, expected: str, path: str) -> InputError:
        """The error for an unexpected character at ``index``."""
        found = repr(self.text[index]) if index < len(self.text) else "the end of the file"
        return InputError(f"not valid JSON: expected {expected} at character {self.base + index}, found {found}",
                          path, source=self.source)


def scan_object(path: str | Path, stream_key: str, limits: Limits = RECORD_LIMITS, *, check_items: bool = True
                ) -> Iterator[tuple[str, int | None, Any]]:
    """Walk a file holding one JSON object, streaming the items of one array.

    Yields ``(key, None, value)`` for each top-level field other than
    ``stream_key`` (and for ``stream_key`` when it is not an array); for the
    ``stream_key`` array, ``(stream_key, None, [])`` and then
    ``(stream_key, i, item)`` for each item, in file order, keeping only one
    value in memory at a time.

    With ``check_items=False`` the caller runs :func:`check_value` on the
    streamed items itself (or proves them flat some cheaper way).

    :raises InputError: as :func:`decode_json`; also for a duplicate top-level key.
    """
    handle, name = _opened(path, limits.max_bytes)
    with handle:
        yield from _scan(_Window(handle, name, limits), stream_key, json_decoder(limits), check_items)


def _scan(w: _Window, stream_key: str, decoder: json.JSONDecoder, check_items: bool
          ) -> Iterator[tuple[str, int | None, Any]]:
    i = w.skip_ws(0)
    if w.char(i) != "{":
        if i >= len(w.text):
            raise InputError("the file is empty; expected a JSON object", "$", source=w.source)
        value, _ = w.value(i, "$", decoder)
        raise InputError(f"expected a JSON object, got {type(value).__name__}", "$", source=w.source)
    i = w.skip_ws(i + 1)
    seen: set[str] = set()
    if w.char(i) == "}":
        i = w.skip_ws(i + 1)
    else:
        while True:
            i = w.skip_ws(i)
            if w.char(i) != '"':
                raise w.fail(i, "a quoted key", "$")
            key, i = w.value(i, "$", decoder)
            if key in seen:
                raise InputError(f"duplicate key {key!r} in an object", "$", source=w.source)
            seen.add(key)
            where = f"$.{key}" if _plain_key(key) else f"$[{json.dumps(key)}]"
            i = w.skip_ws(i)
            if w.char(i) != ":":
                raise w.fail(i, "':' after the key", where)
            i = w.skip_ws(i + 1)
            if key == stream_key and w.char(i) == "[":
                yield key, None, []  # the array itself; its items follow
                i = yield from _scan_array(w, i, key, where, decoder, check_items)
            else:
                value, i = w.value(i, where, decoder)
                yield key, None, value
            i = w.drop(w.skip_ws(i))
            c = w.char(i)
            if c == "}":
                i = w.skip_ws(i + 1)
                break
            if c != ",":
                raise w.fail(i, "',' or '}'", "$")
            i += 1
    if i < len(w.text) or w.more():
        raise w.fail(w.skip_ws(i), "the end of the file after the object", "$")


def _scan_array(w: _Window, i: int, key: str, where: str, decoder: json.JSONDecoder, check_items: bool
                ) -> Generator[tuple[str, int | None, Any], None, int]:
    i = w.skip_ws(i + 1)
    if w.char(i) == "]":
        return i + 1
    n = 0
    while True:
        item, i = w.value(i, f"{where}[{n}]", decoder, check_items)
        yield key, n, item
        n += 1
        i = w.drop(w.skip_ws(i))
        c = w.char(i)
        if c == "]":
            return i + 1
        if c != ",":
            raise w.fail(i, "',' or ']'", where)
        i += 1
