"""What every command prints: exit codes, consoles that fit the terminal, JSON with a format and version.

Tables and text fit the terminal when standard output is one; otherwise they
honour ``COLUMNS`` and default to :data:`DEFAULT_WIDTH` columns. Long cells
wrap (long words are folded) so no line is wider than that.

Every JSON document a command prints is an object with ``format`` (what it
is, e.g. ``ruleproof.audit``) and ``version`` (of that format), plus
``ruleproof`` (the version of the tool that wrote it); ``ruleproof schema
FORMAT`` prints its JSON Schema.

>>> doc = envelope("games", {"games": []})
>>> doc["format"], doc["version"], sorted(doc)
('ruleproof.games', 1, ['format', 'games', 'ruleproof', 'version'])
>>> width_for(is_terminal=False, environ={"COLUMNS": "72"}, terminal_columns=200)
72
>>> width_for(is_terminal=False, environ={}, terminal_columns=200)
100
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

#: Width of piped output when ``COLUMNS`` is not set.
DEFAULT_WIDTH = 100

#: Version of each JSON format a command prints (bump when a field changes meaning or goes away).
FORMAT_VERSION = 1


def tool_version() -> str:
    """The installed ``ruleproof`` version (``ruleproof.checkers.__version__``)."""
    from ruleproof.checkers import __version__

    return __version__


def width_for(*, is_terminal: bool, environ: Mapping[str, str], terminal_columns: int) -> int:
    """The output width: the terminal's, else ``COLUMNS``, else :data:`DEFAULT_WIDTH` (at least 20)."""
    if is_terminal:
        return max(20, terminal_columns)
    columns = environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return max(20, int(columns))
    return DEFAULT_WIDTH


def _stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def output_width() -> int:
    """:func:`width_for` for the current standard output."""
    try:
        is_terminal = sys.stdout.isatty()
    except (AttributeError, ValueError):
        is_terminal = False
    return width_for(is_terminal=is_terminal, environ=os.environ,
                     terminal_columns=shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns)


def out() -> Console:
    """A console on the current standard output, as wide as :func:`output_width`.

    Piped, it writes no trailing spaces (tables pad their cells to the column width; a file or a diff of
    outputs should not carry that padding): see :class:`TrimmedLines`.
    """
    from rich.console import Console

    target: Any = sys.stdout if _stdout_is_terminal() else TrimmedLines(sys.stdout)
    return Console(file=target, highlight=False, width=output_width(), soft_wrap=False)


class TrimmedLines:
    """A text stream that passes every line on to ``stream`` without its trailing spaces.

    A line is passed on when it ends; :meth:`flush` passes on what is held so far as it is.

    >>> import io
    >>> target = io.StringIO()
    >>> trimmed = TrimmedLines(target)
    >>> _ = trimmed.write("a cell   | b   \\nnext  ")
    >>> _ = trimmed.write("line   \\n")
    >>> target.getvalue()
    'a cell   | b\\nnext  line\\n'
    """

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self._held = ""

    def write(self, text: str) -> int:
        """Pass on the lines ``text`` completes; hold the rest."""
        *lines, self._held = (self._held + text).split("\n")
        if lines:
            self.stream.write("".join(line.rstrip(" ") + "\n" for line in lines))
        return len(text)

    def flush(self) -> None:
        """Pass on what is held and flush ``stream``."""
        if self._held:
            self.stream.write(self._held)
            self._held = ""
        self.stream.flush()

    def isatty(self) -> bool:
        """Never a terminal (only piped output is trimmed)."""
        return False

    def fileno(self) -> int:
        """The file descriptor of ``stream``."""
        return int(self.stream.fileno())

    @property
    def encoding(self) -> str:
        """The encoding of ``stream``."""
        return str(getattr(self.stream, "encoding", "utf-8"))


def err() -> Console:
    """A console on the current standard error."""
    from rich.console import Console

    return Console(file=sys.stderr, highlight=False, soft_wrap=False)


def plural(count: int, one: str, many: str | None = None) -> str:
    """``count`` with ``one`` (the singular) when it is 1, else ``many`` (default: ``one`` + ``s``).

    >>> plural(1, "check"), plural(2, "check"), plural(0, "player"), plural(3, "property", "properties")
    ('1 check', '2 checks', '0 players', '3 properties')
    """
    return f"{count} {one if count == 1 else many or one + 's'}"


def envelope(kind: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """``body`` with ``format`` ``ruleproof.KIND``, its ``version`` and the tool's version first."""
    return {"format": f"ruleproof.{kind}", "version": FORMAT_VERSION, "ruleproof": tool_version(), **body}


def print_json(kind: str, body: Mapping[str, Any], *, lines: bool = False) -> None:
    """Print ``body`` as a ``ruleproof.KIND`` document (one line with ``lines``, for JSON Lines)."""
    data = envelope(kind, body)
    text = json.dumps(data, ensure_ascii=False) if lines else json.dumps(data, indent=2, ensure_ascii=False)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def error_document(message: str, code: int, **details: Any) -> dict[str, Any]:
    """The JSON object printed on standard output for an error under ``--json``.

    >>> error_document("unknown game 'x'", 2, kind="usage")["error"]["exit_code"]
    2
    """
    error = {"message": message, "exit_code": code}
    error.update({k: v for k, v in details.items() if v is not None})
    return envelope("error", {"ok": False, "error": error})


def table(*columns: str, **kwargs: Any) -> Any:
    """A rich table whose cells wrap (long words folded) to fit :func:`output_width`."""
    from rich import box
    from rich.table import Table

    if "box" not in kwargs and not _stdout_is_terminal():
        kwargs["box"] = box.ASCII  # plain characters in files and logs (one byte per column)
    t = Table(*columns, **kwargs)
    for column in t.columns:
        column.overflow = "fold"
    return t
