"""What every command prints: exit codes, consoles that fit the terminal, JSON with a format and version.

Tables and text fit the terminal when standard output is one; otherwise they
honour ``COLUMNS`` and default to :data:`DEFAULT_WIDTH` columns. Long cells
wrap (long words are folded) so no line is wider than that. Piped output
carries no trailing spaces (:class:`TrimmedLines`).

Piped, a small table that fits the width is drawn by :func:`print_table`
itself, line for line as rich draws it (ASCII box, header, one space of
padding; ``tests/checkers/test_cli_lazy_imports.py`` compares the two), so a
short command such as ``simulate take5 --games 1`` does not load rich, a third
of its start-up (issue 35). Anything else (a terminal, colours, cells that
must wrap) is rich's.

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
from collections.abc import Mapping, Sequence
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


def print_table(columns: Sequence[str], rows: Sequence[Sequence[str]], *, title: str = "") -> None:
    """Print a table of plain text cells (no markup) on standard output: piped and narrow enough, drawn here
    (:func:`plain_table`); otherwise with rich (:func:`table`)."""
    if not _stdout_is_terminal():
        lines = plain_table(columns, rows, width=output_width(), title=title)
        if lines is not None:
            sys.stdout.write("".join(line.rstrip(" ") + "\n" for line in lines))
            sys.stdout.flush()
            return
    t = table(*columns, title=title or None)
    for row in rows:
        t.add_row(*row)
    out().print(t)


def print_text(text: str) -> None:
    """Print a line of plain text (no markup) on standard output, without loading rich when piped."""
    if _stdout_is_terminal():
        out().print(text, markup=False)
    else:
        sys.stdout.write(text.rstrip(" ") + "\n")
        sys.stdout.flush()


def plain_table(columns: Sequence[str], rows: Sequence[Sequence[str]], *, width: int,
                title: str = "") -> list[str] | None:
    """The lines of rich's piped drawing of a table (:func:`table`: ASCII box, a header, cells padded by a
    space, the title centred above), or ``None`` when rich would have to wrap a cell to fit ``width`` or a
    cell holds a character wider than one column.

    >>> print("\\n".join(plain_table(["seat", "score"], [["0", "12.50"], ["1", "3.00"]], width=80)))
    +--------------+
    | seat | score |
    |------+-------|
    | 0    | 12.50 |
    | 1    | 3.00  |
    +--------------+
    >>> plain_table(["a"], [["x" * 90]], width=80) is None
    True
    """
    import unicodedata

    cells = [list(columns), *[list(row) for row in rows]]
    if any(len(row) != len(columns) for row in cells):
        raise ValueError("every row needs one cell per column")
    text = "".join(c for row in cells for c in row) + title
    if not text.isascii() and any(unicodedata.east_asian_width(ch) in "WF" or unicodedata.combining(ch)
                                  or ch in "\n\t" for ch in text):
        return None
    if any("\n" in c for row in cells for c in row):
        return None
    widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
    inner = sum(w + 2 for w in widths) + len(widths) - 1
    if inner + 2 > width or len(title) > inner + 2:
        return None
    lines = []
    if title:
        lines.append(" " * ((inner + 2 - len(title)) // 2) + title)
    edge = "+" + "-" * inner + "+"
    lines.append(edge)
    for n, row in enumerate(cells):
        lines.append("|" + "|".join(f" {cell:<{w}} " for cell, w in zip(row, widths)) + "|")
        if n == 0:
            lines.append("|" + "+".join("-" * (w + 2) for w in widths) + "|")
    lines.append(edge)
    return lines


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
