"""Progress on standard error, in the manner of TLC: the current item, done/total and a rate.

In a terminal a live line shows what is running now (not what just finished),
``done/total``, the rate and the time left. When standard error is not a
terminal (a CI log, a pipe) each finished item is one plain line instead, as
it finishes, with the item's own time (a worker process measures it and
passes it to :meth:`Progress.finish`; the audit's line shows the seconds of
its table row)::

    [3/12] take5 fuzz 3 players: pass (1.4 s; 0.9 checks/s)

Commands with many small items (simulated games) print a plain line only
every ``every`` items, with the time those items took since the line before::

    [40/200] game 40 (20 games in 0.5 s; 41.2 games/s)

Results never go here: they go to standard output.

>>> import io
>>> stream = io.StringIO()
>>> with Progress("demo", 2, stream=stream, live=False) as p:
...     p.start("first")
...     p.finish("ok")
...     p.start("second")
...     p.finish()
>>> [line.split(" (")[0] for line in stream.getvalue().splitlines()]
['[1/2] first: ok', '[2/2] second']
>>> stream = io.StringIO()
>>> with Progress("demo", 3, stream=stream, live=False, unit="checks") as p:
...     p.finish("pass", item="from a worker", seconds=12.25)
>>> stream.getvalue().split(";")[0]
'[1/3] from a worker: pass (12.2 s'
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import IO, Any

from ruleproof.checkers.cli.output import plural


class Progress:
    """Report progress of ``total`` items (``None`` when unknown) labelled ``label``.

    :param enabled: ``False`` prints nothing (for ``--quiet``).
    :param live: a live display (default: when ``stream`` is a terminal).
    :param every: in plain mode, print one line every ``every`` items (and the last).
    :param unit: what an item is, for the rate (``games/s``).
    """

    def __init__(self, label: str, total: int | None, *, enabled: bool = True, stream: IO[str] | None = None,
                 live: bool | None = None, every: int = 1, unit: str = "") -> None:
        self.label = label
        self.total = total
        self.enabled = enabled
        self.stream = stream
        self.live = _is_terminal(stream or sys.stderr) if live is None else live
        self.every = max(1, every)
        self.unit = unit
        self.done = 0
        self.current = ""
        self._started = time.perf_counter()
        self._item_started = self._started
        #: When the last plain line was printed, and the items done then (for lines every ``every`` items).
        self._line_at = self._started
        self._line_done = 0
        self._rich: Any = None
        self._task: Any = None

    # -- context ------------------------------------------------------------

    def __enter__(self) -> Progress:
        self._started = self._line_at = time.perf_counter()
        if self.enabled and self.live:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress as RichProgress
            from rich.progress import TextColumn, TimeElapsedColumn, TimeRemainingColumn

            console = Console(file=self.stream or sys.stderr, highlight=False)
            self._rich = RichProgress(
                TextColumn("{task.description}"), BarColumn(bar_width=20), MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                console=console, transient=True, redirect_stdout=_is_terminal(sys.stdout), redirect_stderr=False)
            self._rich.__enter__()
            self._task = self._rich.add_task(self.label, total=self.total, rate="")
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._rich is not None:
            self._rich.__exit__(kind, value, tb)
            self._rich = None

    # -- reporting ----------------------------------------------------------

    def start(self, item: str) -> None:
        """``item`` starts running now."""
        self.current = item
        self._item_started = time.perf_counter()
        if self._rich is not None:
            self._rich.update(self._task, description=_clip(f"{self.label}: {item}", 60))
            self._rich.refresh()

    def set_total(self, total: int | None) -> None:
        """The total became known (or changed)."""
        self.total = total
        if self._rich is not None:
            self._rich.update(self._task, total=total)

    def hide(self) -> None:
        """Clear the live line (it is drawn again when the next item starts)."""
        if self._rich is not None:
            stream = self.stream or sys.stderr
            stream.write("\r\x1b[2K")
            stream.flush()

    def rate(self) -> float:
        """Finished items per second so far."""
        elapsed = time.perf_counter() - self._started
        return self.done / elapsed if elapsed > 0 else 0.0

    def finish(self, detail: str = "", item: str | None = None, seconds: float | None = None) -> None:
        """The current item (or ``item``) finished, with an optional one-line ``detail``.

        :param seconds: the item's own time, when it was measured elsewhere (a
            worker process); by default the time since :meth:`start`.
        """
        self.done += 1
        name = item if item is not None else self.current
        if not self.enabled:
            return
        rate = _per_second(self.rate(), self.unit)
        if self._rich is not None:
            self._rich.update(self._task, advance=1, rate=rate)
            self.hide()
            return
        if self.done % self.every and self.done != self.total:
            return
        now = time.perf_counter()
        count = f"{self.done}/{self.total}" if self.total is not None else f"{self.done}"
        what = name or self.label
        text = f"[{count}] {what}" + (f": {detail}" if detail else "")
        if self.every == 1:
            own = now - self._item_started if seconds is None else seconds
            timing = f"{own:.1f} s; {rate}"
        else:
            items = self.done - self._line_done
            unit = self.unit or "items"  # plural; its singular drops the final s (games, checks, sequences)
            timing = f"{plural(items, unit.removesuffix('s'), unit)} in {now - self._line_at:.1f} s; {rate}"
        self._line_at, self._line_done = now, self.done
        stream = self.stream or sys.stderr
        stream.write(f"{text} ({timing})\n")
        stream.flush()


def _per_second(rate: float, unit: str) -> str:
    return f"{rate:.1f} {unit}/s" if unit else f"{rate:.1f}/s"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
