"""The Big Five board index behind play generation: per line, the *windows*
where a group of two to four cards could go, and per empty cell the cards it
takes alone; kept across turns and updated only near a play.

A window is a segment of a line (at most five cells, gap-free once filled,
holding at least one card) with its empty cells and, for one way the line may
grow (a colour or an animal *mode*), the cards each empty cell admits: the
mode's cards that also fit the cell's perpendicular line. A window is kept only
when its cells can take pairwise different cards at all. Windows are stored per
run of adjacent cards (those reaching over the run's first card) and tagged with
the colour or animal their mode belongs to, so a hand with fewer than ``k``
cards of that colour or animal skips a ``k``-cell window without looking at it.

A single card is legal on an empty cell exactly when it fits the cell's row and
column (at least one of them holding cards): the *single* mask of the cell, the
intersection of its two perpendicular masks.

Longer than 800 lines because the index is one data structure with one set of
invariants: the windows are computed (:func:`_line_runs`, :func:`_run_windows`,
the perpendicular masks) and moved on after every play in place
(:meth:`_Index.advance`), which must drop and narrow exactly the windows and
masks the computation made; the generators that read the windows
(:func:`generate_plays`, :func:`group_windows`, :func:`check_play`) follow them
here so that a change of the window format is one module's change. The fast
playout's census of the same windows lives in :mod:`ruleproof.model.bigfive_free`.

>>> from ruleproof.spec.bigfive import make_position
>>> s = make_position("Lp@0,0", ["Gp Zp", "Lb"])
>>> index = _Index(s.board)
>>> plays = generate_plays(index, s.hands[0])
>>> [" ".join(str(p) for p in play) for play in plays[:3]]
['Gp@-2,0 Zp@-1,0', 'Zp@-2,0 Gp@-1,0', 'Gp@-1,0']
>>> board = tuple(sorted(s.board + plays[0]))
>>> index.after(plays[0]).lines() == _Index(board).lines()
True
"""

from __future__ import annotations

import itertools
from bisect import insort
from collections.abc import Iterable, Iterator
from typing import Protocol

from ruleproof.spec.bigfive import ANIMAL_COUNT, COLOUR_COUNT, KINDS, MAX_GROUP, MAX_LINE, Placed

# The rulebook's numbers (the spec's table of rule constants) under the short names of the hot loops.
_KINDS = KINDS
_COLOURS = COLOUR_COUNT
#: The most cards of a line, and how far a line reaches past one of its cells.
_LINE = MAX_LINE
_REACH = MAX_LINE - 1
#: The most cards of a played group.
_MOST_PLAYED = MAX_GROUP
_ANIMAL = tuple(c // _COLOURS for c in range(_KINDS))
_COLOUR = tuple(c % _COLOURS for c in range(_KINDS))
_ALL = (1 << _KINDS) - 1
_COLOUR_MASK = tuple(sum(1 << c for c in range(_KINDS) if c % _COLOURS == k) for k in range(_COLOURS))
_ANIMAL_MASK = tuple(sum(1 << c for c in range(_KINDS) if c // _COLOURS == a) for a in range(ANIMAL_COUNT))
_NEG = -(10**6)

Cell = tuple[int, int]
#: (group: colour 0-4 or 5 + animal, number of empty cells, the empty cells in order, mode, per-cell masks)
_Window = tuple[int, int, tuple[Cell, ...], int, tuple[int, ...]]
#: (first and last coordinate of a run of adjacent cards, the groups of its windows as bits (a superset
#: while they are not computed), its windows or None until first needed, the previous run's last coordinate)
_Run = tuple[int, int, int, list[_Window] | None, int]

_DISTINCT: dict[tuple[int, ...], int] = {}
_DISTINCT_CAP = 1 << 16


def _distinct(options: tuple[int, ...], used: int) -> int:
    """Assignments of one card from each mask in ``options``, no card twice, none from ``used``."""
    first = options[0] & ~used
    if len(options) == 1:
        return first.bit_count()
    rest = options[1:]
    total = 0
    while first:
        low = first & -first
        total += _distinct(rest, used | low)
        first ^= low
    return total


def distinct_count(options: tuple[int, ...]) -> int:
    """How many ways the cells with card masks ``options`` take pairwise different cards.

    >>> distinct_count((0b011, 0b011)), distinct_count((0b111, 0b001, 0b001))
    (2, 0)
    """
    got = _DISTINCT.get(options)
    if got is None:
        got = _distinct(options, 0)
        if len(_DISTINCT) < _DISTINCT_CAP:
            _DISTINCT[options] = got
    return got


def nth_distinct(options: tuple[int, ...], r: int, used: int = 0) -> list[int]:
    """The ``r``-th assignment counted by :func:`distinct_count` (cards ascending per cell).

    >>> [nth_distinct((0b011, 0b011), r) for r in range(2)]
    [[0, 1], [1, 0]]
    """
    first = options[0] & ~used
    rest = options[1:]
    while first:
        low = first & -first
        n = _distinct(rest, used | low) if rest else 1
        if r < n:
            card = low.bit_length() - 1
            return [card] + (nth_distinct(rest, r, used | low) if rest else [])
        r -= n
        first ^= low
    raise IndexError("assignment index out of range")


_GROUP: dict[int, int] = {}


def _mode_group(mode: int) -> int:
    group = _GROUP.get(mode)
    if group is None:
        group = _GROUP[mode] = _group(mode)
    return group


def _group(mode: int) -> int:
    """The colour (0-4) or 5 (:data:`_COLOURS`) + the animal that every card of ``mode`` shares."""
    low = (mode & -mode).bit_length() - 1
    colour = _COLOUR[low]
    return colour if not mode & ~_COLOUR_MASK[colour] else _COLOURS + _ANIMAL[low]


def hand_groups(kinds: Iterable[int]) -> list[int]:
    """How many of the card kinds ``kinds`` each group (five colours, then five animals) holds."""
    counts = [0] * (_COLOURS + ANIMAL_COUNT)
    for c in kinds:
        counts[_COLOUR[c]] += 1
        counts[_COLOURS + _ANIMAL[c]] += 1
    return counts


def _modes(cards: tuple[int, ...]) -> tuple[int, ...]:
    """For existing line cards (non-empty), a mask per way the line can grow:
    the cards that may join it in colour mode and in animal mode."""
    got = _MODES.get(cards)
    if got is not None:
        return got
    n = len(cards)
    colours = {_COLOUR[c] for c in cards}
    animals = {_ANIMAL[c] for c in cards}
    masks = []
    if n < _LINE:
        if len(colours) == 1 and len(animals) == n:
            m = _COLOUR_MASK[_COLOUR[cards[0]]]
            for a in animals:
                m &= ~_ANIMAL_MASK[a]
            masks.append(m)
        if len(animals) == 1 and len(colours) == n:
            m = _ANIMAL_MASK[_ANIMAL[cards[0]]]
            for k in colours:
                m &= ~_COLOUR_MASK[k]
            masks.append(m)
    result = tuple(masks)
    _MODES[cards] = result
    return result


_MODES: dict[tuple[int, ...], tuple[int, ...]] = {}
_ONE_MASK: dict[tuple[int, ...], int] = {}


def _one_mask(cards: tuple[int, ...]) -> int:
    """The cards that may join a line of ``cards`` (sorted) as its only new card."""
    got = _ONE_MASK.get(cards)
    if got is None:
        got = 0
        for m in _modes(cards):
            got |= m
        _ONE_MASK[cards] = got
    return got


class FreeCensus(Protocol):
    """What the index asks of the free windows it keeps (:class:`ruleproof.model.bigfive_free.FreeWindows`, made
    and attached by :func:`ruleproof.model.bigfive_free.free_windows`): moved on with every play, and asked
    whether a hand has a play."""

    def update(self, placed: Iterable[Placed]) -> None:
        """The windows after ``placed`` joined the board."""

    def census(self, mask: int, min_size: int,
               max_size: int = _MOST_PLAYED) -> tuple[int, list[tuple[int, int, int, int]]]:
        """How many candidate plays the hand of card mask ``mask`` has, and where they are."""

    def play(self, entries: list[tuple[int, int, int, int]], r: int, mask: int) -> tuple[Placed, ...] | None:
        """The ``r``-th candidate of a census, or ``None`` when it is no play."""


class _Index:
    """A board as a cell dictionary plus sorted coordinates per row and column,
    and (computed on first use) its windows per line and run and the single
    masks of its empty cells (see the module docstring).

    After a play only the runs near the new cards get new windows
    (:meth:`after`): a run's windows depend on its line from five cells before
    its first card to five after, and on the perpendicular lines through their
    empty cells (narrowed where a new card ends such a line); a run after the
    new cards only loses the windows reaching back to them; the single masks
    change only on the cells that end a line through a new card. The masks of
    empty cells with respect to one line through them are cached across plays
    in the same way.
    """

    __slots__ = ("_bits", "_counts", "_lines", "_perp", "_singles", "cells", "cols", "free", "rows")

    def __init__(self, board: tuple[Placed, ...]) -> None:
        cells: dict[Cell, int] = {}
        rows: dict[int, list[int]] = {}
        cols: dict[int, list[int]] = {}
        for x, y, c in board:
            cells[(x, y)] = c
            rows.setdefault(y, []).append(x)
            cols.setdefault(x, []).append(y)
        for v in rows.values():
            v.sort()
        for v in cols.values():
            v.sort()
        self.cells = cells
        self.rows = rows
        self.cols = cols
        self._lines: dict[tuple[int, int], list[_Run]] | None = None
        self._bits: dict[tuple[int, int], int] = {}
        self._singles: dict[Cell, int] | None = None
        self._counts: list[int] = []
        # (coordinate along a line, the line's coordinate, 1 row / 0 column) ->
        # the cards that empty cell admits with respect to its perpendicular line
        self._perp: dict[tuple[int, int, int], int] = {}
        #: The free windows of the fast playout, once it asked for them (moved on by :meth:`advance`).
        self.free: FreeCensus | None = None

    def lines(self) -> dict[tuple[int, int], list[_Run]]:
        """The runs of every line with their windows, keyed by (1 for a row / 0 for a column, its coordinate)."""
        lines = self.lazy_lines()
        for key, runs in list(lines.items()):
            for j, run in enumerate(runs):
                if run[3] is None:
                    self.windows(key, j)
        return lines

    def windows(self, key: tuple[int, int], j: int) -> list[_Window]:
        """The windows of run ``j`` of line ``key``, computed now if they were not yet."""
        runs = self.lazy_lines()[key]
        a, b, _, windows, prev_end = runs[j]
        if windows is None:
            horizontal, fixed = key
            coords = self.rows[fixed] if horizontal else self.cols[fixed]
            windows = _run_windows(self.cells, set(coords), fixed, bool(horizontal), self._perp, a, b, prev_end)
            runs = list(runs)  # the list may be shared with other versions of the index
            runs[j] = (a, b, _group_bits(windows), windows, prev_end)
            self.lazy_lines()[key] = runs
        return windows

    def lazy_lines(self) -> dict[tuple[int, int], list[_Run]]:
        """:meth:`lines` with the windows of some runs not computed yet (see :meth:`windows`)."""
        if self._lines is None:
            lines: dict[tuple[int, int], list[_Run]] = {}
            for y, xs in self.rows.items():
                lines[1, y] = _line_runs(self.cells, xs, y, True, None, ())
            for x, ys in self.cols.items():
                lines[0, x] = _line_runs(self.cells, ys, x, False, None, ())
            self._lines = lines
            self._bits = {key: _run_bits(runs) for key, runs in lines.items()}
        return self._lines

    def line_groups(self) -> dict[tuple[int, int], int]:
        """Per line, a superset of the groups of its windows as bits (for skipping lines)."""
        self.lazy_lines()
        return self._bits

    def singles(self) -> dict[Cell, int]:
        """The cards each empty cell next to the board takes as a play of one card (cells taking none left out)."""
        if self._singles is None:
            cells = self.cells
            out: dict[Cell, int] = {}
            for x, y in cells:
                for cell in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    if cell not in cells and cell not in out:
                        out[cell] = _single_mask(cells, cell, self._perp)
            self._singles = {cell: m for cell, m in out.items() if m}
            counts = [0] * _KINDS
            for m in self._singles.values():
                while m:
                    low = m & -m
                    counts[low.bit_length() - 1] += 1
                    m ^= low
            self._counts = counts
        return self._singles

    def single_counts(self) -> list[int]:
        """Per card kind, on how many empty cells it can be played alone."""
        self.singles()
        return self._counts

    def after(self, placed: tuple[Placed, ...]) -> _Index:
        """The index of the board with ``placed`` added; windows are reused away from the new cards.

        ``self`` is left as it is: a copy of its top-level tables is moved on by :meth:`advance`.
        """
        new = _Index(())  # empty tables, replaced below (no __new__ without __init__: the compiled build)
        new.cells, new.rows, new.cols = dict(self.cells), dict(self.rows), dict(self.cols)
        new._perp = dict(self._perp)
        new._singles = None if self._singles is None else dict(self._singles)
        new._counts = list(self._counts)
        new._lines = None if self._lines is None else dict(self._lines)
        new._bits = dict(self._bits)
        new.free = None  # rebuilt when asked for (it is the fast playout's, see advance)
        new.advance(placed)
        return new

    def any_play(self, hand: tuple[int, ...], min_size: int = 1, max_size: int = _MOST_PLAYED) -> bool:
        """Whether ``hand`` has a legal play of ``min_size`` to ``max_size`` cards: ``generate_plays(...,
        first=True)``, or, once the free windows are kept (the fast playout's index), the single masks and
        then the free candidates, so that the windows are not built."""
        free = self.free
        if free is None:
            return bool(generate_plays(self, hand, min_size, first=True, max_size=max_size))
        if not hand or not self.cells:
            return False
        if min_size <= 1:
            counts = self.single_counts()
            if any(counts[c] for c in hand):
                return True
        mask = 0
        for c in hand:
            mask |= 1 << c
        total, entries = free.census(mask, min_size, max_size)
        return any(free.play(entries, r, mask) is not None for r in range(total))

    def advance(self, placed: tuple[Placed, ...]) -> None:
        """Add ``placed`` to this index in place (what :meth:`after` returns as a new index).

        For an owner that never looks back (the fast playout, see
        :meth:`BigFiveGame.random_playout`): anyone else holding this index sees
        it change. Only the top-level tables are changed; the lists and tuples
        they hold are replaced, never changed, so a copy of the tables is a
        separate index.
        """
        cells, rows, cols = self.cells, self.rows, self.cols
        for x, y, c in placed:
            cells[(x, y)] = c
            row = rows[y] = list(rows.get(y, ()))
            insort(row, x)
            col = cols[x] = list(cols.get(x, ()))
            insort(col, y)
        if self._lines is None and self._singles is None:
            self._perp.clear()
            if self.free is not None:
                self.free.update(placed)
            return
        # Empty cells at the ends of a run through a new card admit fewer
        # cards now: other lines' windows through them are narrowed. Only
        # their mask along that run changes (a row's ends: their row masks,
        # keyed (y, x, 0); a column's ends: their column masks, (x, y, 1)).
        narrow: set[Cell] = set()
        perp = self._perp
        pop = perp.pop
        for x, y, _ in placed:
            pop((x, y, 1), None)
            pop((y, x, 0), None)
            i = x - 1
            while (i, y) in cells:
                i -= 1
            narrow.add((i, y))
            pop((y, i, 0), None)
            i = x + 1
            while (i, y) in cells:
                i += 1
            narrow.add((i, y))
            pop((y, i, 0), None)
            i = y - 1
            while (x, i) in cells:
                i -= 1
            narrow.add((x, i))
            pop((x, i, 1), None)
            i = y + 1
            while (x, i) in cells:
                i += 1
            narrow.add((x, i))
            pop((x, i, 1), None)
        if self._singles is not None:
            singles = self._singles
            counts = self._counts
            changes = [(cell, 0) for cell in ((p.x, p.y) for p in placed)]
            # (a narrow cell touches the run it ends: its single mask is its two masks' intersection)
            for cell in narrow:
                x, y = cell
                m = perp.get((x, y, 1))
                if m is None:
                    m = perp[x, y, 1] = _column_mask(cells, x, y)
                along = perp.get((y, x, 0))
                if along is None:
                    along = perp[y, x, 0] = _row_mask(cells, x, y)
                changes.append((cell, m & along))
            for cell, m in changes:
                was = singles.get(cell, 0)
                if m:
                    singles[cell] = m
                elif was:
                    del singles[cell]
                gone, came = was & ~m, m & ~was
                while gone:
                    low = gone & -gone
                    counts[low.bit_length() - 1] -= 1
                    gone ^= low
                while came:
                    low = came & -came
                    counts[low.bit_length() - 1] += 1
                    came ^= low
        if self._lines is not None:
            # The lines holding new cards get new windows near the new cards.
            rebuild: dict[tuple[int, int], list[int]] = {}
            for x, y, _ in placed:
                rebuild.setdefault((1, y), []).append(x)
                rebuild.setdefault((0, x), []).append(y)
            lines = self._lines
            bits = self._bits  # narrowing only drops groups: kept as supersets
            for key, near in rebuild.items():
                horizontal, fixed = key
                coords = rows[fixed] if horizontal else cols[fixed]
                runs = lines[key] = _line_runs(cells, coords, fixed, bool(horizontal), lines.get(key), near)
                bits[key] = _run_bits(runs)
            for ex, ey in narrow:
                # (ex, ey)'s mask along (dx, dy) = (0, 1) is used by row ey's windows,
                # along (1, 0) by column ex's windows; recompute both masks' users.
                cell = (ex, ey)
                for key, at, flag in (((1, ey), ex, 1), ((0, ex), ey, 0)):
                    if key in rebuild or key not in lines:
                        continue
                    runs = lines[key]
                    m = -1
                    out: list[_Run] | None = None
                    for j, run in enumerate(runs):
                        windows = run[3]
                        # a run's windows lie within four cells of its first card
                        if windows is None or not run[0] - _REACH <= at <= run[0] + _REACH:
                            continue
                        if any(cell in w[2] for w in windows):
                            if m < 0:
                                m = _cached_perp(cells, perp, at, key[1], flag)
                            windows = _narrowed(windows, cell, m)
                            if out is None:
                                out = list(runs)
                            out[j] = (run[0], run[1], _group_bits(windows), windows, run[4])
                    if out is not None:
                        lines[key] = out
        if self.free is not None:
            self.free.update(placed)


def _run_bits(runs: list[_Run]) -> int:
    bits = 0
    for run in runs:
        bits |= run[2]
    return bits


def _group_bits(windows: list[_Window]) -> int:
    bits = 0
    for w in windows:
        bits |= 1 << w[0]
    return bits


def _cached_perp(cells: dict[Cell, int], perp: dict[tuple[int, int, int], int], i: int, fixed: int, flag: int) -> int:
    """The mask of the empty cell at ``i`` on row (``flag`` 1) or column (0) ``fixed`` along the other direction."""
    key = (i, fixed, flag)
    m = perp.get(key)
    if m is None:
        m = perp[key] = _column_mask(cells, i, fixed) if flag else _row_mask(cells, fixed, i)
    return m


def _row_mask(cells: dict[Cell, int], x: int, y: int) -> int:
    """:func:`_perp_mask` along the row: the cards the empty cell (x, y) admits with respect to its row."""
    found: list[int] = []
    get = cells.get
    i = x - 1
    c = get((i, y))
    while c is not None:
        found.append(c)
        i -= 1
        c = get((i, y))
    i = x + 1
    c = get((i, y))
    while c is not None:
        found.append(c)
        i += 1
        c = get((i, y))
    if not found:
        return _ALL
    found.sort()
    return _one_mask(tuple(found))


def _column_mask(cells: dict[Cell, int], x: int, y: int) -> int:
    """:func:`_perp_mask` along the column: the cards the empty cell (x, y) admits with respect to its column."""
    found: list[int] = []
    get = cells.get
    i = y - 1
    c = get((x, i))
    while c is not None:
        found.append(c)
        i -= 1
        c = get((x, i))
    i = y + 1
    c = get((x, i))
    while c is not None:
        found.append(c)
        i += 1
        c = get((x, i))
    if not found:
        return _ALL
    found.sort()
    return _one_mask(tuple(found))


def _single_mask(cells: dict[Cell, int], cell: Cell, perp: dict[tuple[int, int, int], int]) -> int:
    """The cards an empty ``cell`` takes as a play of one card (0 when it touches no card)."""
    x, y = cell
    if (x - 1, y) not in cells and (x + 1, y) not in cells and (x, y - 1) not in cells and (x, y + 1) not in cells:
        return 0
    return _cached_perp(cells, perp, x, y, 1) & _cached_perp(cells, perp, y, x, 0)


def _narrowed(windows: list[_Window], cell: Cell, mask: int) -> list[_Window]:
    """``windows`` with the cards ``cell`` admits cut down to ``mask`` (windows where it admits none dropped)."""
    out: list[_Window] = []
    for w in windows:
        where = w[2]
        if cell in where:
            j = where.index(cell)
            masks = w[4]
            here = masks[:j] + (masks[j] & mask,) + masks[j + 1:]
            if here[j]:
                out.append((w[0], w[1], where, w[3], here))
        else:
            out.append(w)
    return out


def _runs(coords: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    start = prev = coords[0]
    for v in coords[1:]:
        if v != prev + 1:
            runs.append((start, prev))
            start = v
        prev = v
    runs.append((start, prev))
    return runs


def _perp_mask(cells: dict[Cell, int], x: int, y: int, dx: int, dy: int) -> int:
    """The cards an empty cell admits with respect to its line along (dx, dy)."""
    found: list[int] = []
    i = 1
    while True:
        c = cells.get((x - i * dx, y - i * dy))
        if c is None:
            break
        found.append(c)
        i += 1
    i = 1
    while True:
        c = cells.get((x + i * dx, y + i * dy))
        if c is None:
            break
        found.append(c)
        i += 1
    if not found:
        return _ALL
    found.sort()
    return _one_mask(tuple(found))


def _line_runs(cells: dict[Cell, int], coords: list[int], fixed: int, horizontal: bool, old: list[_Run] | None,
               near: list[int] | tuple[()]) -> list[_Run]:
    """The runs of one line (its occupied coordinates ``coords``, sorted) with
    their windows. Those of an ``old`` run are kept when no coordinate in
    ``near`` (the new cards) lies within five cells of its first card; when the
    new cards lie two to five cells before it, only its windows reaching back
    to them (or to the run now ending there) are dropped."""
    kept: dict[int, _Run] = {}
    behind: dict[int, _Run] = {}
    if old is not None:
        top = max(near) if near else _NEG
        for run in old:
            a = run[0]
            for v in near:
                if a - _LINE <= v <= a + _LINE:
                    break
            else:
                kept[a] = run
                continue
            if top <= a - 2:
                behind[a] = run
    out: list[_Run] = []
    prev_end = _NEG
    along = 0 if horizontal else 1
    for a, b in _runs(coords):
        got = kept.get(a)
        if got is not None and got[1] == b:
            # a previous run's end moved, if at all, six or more cells before a: no window changes
            run = got if got[4] == prev_end else (a, b, got[2], got[3], prev_end)
        else:
            got = behind.get(a)
            if got is not None and got[1] == b and got[3] is not None:
                # Keep the windows starting at lo >= prev_end + 2 (lo: the first empty cell when left of a).
                first = prev_end + 2
                windows = [w for w in got[3] if w[2][0][along] >= first or w[2][0][along] > a]
                run = (a, b, _group_bits(windows), windows, prev_end)
            elif b - a >= _REACH:
                run = (a, b, 0, [], prev_end)
            else:
                # Computed when a hand first needs the run's groups: those of its own cards' modes.
                if horizontal:
                    own = tuple(sorted(cells[(i, fixed)] for i in range(a, b + 1)))
                else:
                    own = tuple(sorted(cells[(fixed, i)] for i in range(a, b + 1)))
                bits = 0
                for mode in _modes(own):
                    bits |= 1 << _mode_group(mode)
                run = (a, b, bits, None, prev_end)
        out.append(run)
        prev_end = b
    return out


def _run_windows(cells: dict[Cell, int], occ: set[int], fixed: int, horizontal: bool,
                 perp: dict[tuple[int, int, int], int], a: int, b: int, prev_end: int) -> list[_Window]:
    """The windows of two or more cells of a line over the first card of its run
    ``a..b`` (``prev_end``: the previous run's end)."""
    out: list[_Window] = []
    if b - a >= _REACH:
        return out
    if horizontal:
        old = [cells[(i, fixed)] for i in range(a, b + 1)]
    else:
        old = [cells[(fixed, i)] for i in range(a, b + 1)]
    # The old cards of a segment [lo, hi] depend on hi only (left of a is empty).
    ends = []
    right: list[int] = []
    for hi in range(b, a + _LINE):
        if hi > b:
            if hi in occ:
                old.append(cells[(hi, fixed)] if horizontal else cells[(fixed, hi)])
            else:
                right.append(hi)
        if len(old) >= _LINE:
            break
        if hi + 1 in occ:
            continue
        modes = _modes(tuple(sorted(old)))
        if modes:
            ends.append((hi, tuple(right), modes))
    if not ends:
        return out
    lo_min = max(a - _REACH, prev_end + 2)
    flag = int(horizontal)
    pm: dict[int, int] = {}
    cell_at: dict[int, Cell] = {}
    for i in itertools.chain(range(lo_min, a), ends[-1][1]):
        key = (i, fixed, flag)
        m = perp.get(key)
        if m is None:
            m = perp[key] = _perp_mask(cells, i, fixed, 0, 1) if horizontal else _perp_mask(cells, fixed, i, 1, 0)
        pm[i] = m
        cell_at[i] = (i, fixed) if horizontal else (fixed, i)
    left_cells = tuple(cell_at[i] for i in range(lo_min, a))
    for hi, right_empty, modes in ends:
        right_cells = tuple(cell_at[i] for i in right_empty)
        low = max(lo_min, hi - _REACH)  # the leftmost lo of this end
        for mode in modes:
            size = mode.bit_count()
            rmasks = tuple(mode & pm[i] for i in right_empty)
            if not all(rmasks):
                continue
            group = _mode_group(mode)
            lmasks: tuple[int, ...] = ()
            r = len(right_empty)
            for lo in range(a, low - 1, -1):
                if lo < a:
                    m = mode & pm[lo]
                    if not m:
                        break
                    lmasks = (m,) + lmasks
                k = a - lo + r
                if k < 2:
                    continue
                if k > size:
                    break
                out.append((group, k, left_cells[lo - lo_min:] + right_cells, mode, lmasks + rmasks))
    return out


def generate_plays(index: _Index, hand: tuple[int, ...], min_size: int = 1, *, first: bool = False,
                   max_size: int = _MOST_PLAYED) -> list[tuple[Placed, ...]]:
    """Every legal play of ``min_size`` to ``max_size`` cards of ``hand`` (as sorted tuples of :class:`Placed`),
    sorted.

    With ``first`` the search stops at the first play found (a yes/no test).
    """
    kinds = sorted(set(hand))
    if not kinds or not index.cells:
        return []
    hand_mask = 0
    for c in kinds:
        hand_mask |= 1 << c
    if min(max_size, len(kinds)) < min_size:
        return []
    result: list[tuple[Placed, ...]] = []
    if min_size <= 1:
        for (x, y), mask in index.singles().items():
            here = mask & hand_mask
            while here:
                low = here & -here
                result.append((Placed(x, y, low.bit_length() - 1),))
                if first:
                    return result
                here ^= low
    for n, where, options in group_windows(index, kinds, hand_mask, min_size, max_size):
        for r in range(n):
            result.append(tuple(Placed(x, y, c) for (x, y), c in zip(where, nth_distinct(options, r))))
            if first:
                return result
    result.sort()
    return result


def group_windows(index: _Index, kinds: Iterable[int], hand_mask: int, min_size: int,
                  max_size: int = _MOST_PLAYED) -> Iterator[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]]:
    """The multi-card play windows open to a hand: ``(number of plays, the empty
    cells in order, the cards each cell may take)`` for every window and line
    mode that admits at least one play of ``min_size`` to ``max_size`` cards.

    Shared by :func:`generate_plays` (which lists the plays) and the fast
    playout's census (which only counts them), so both see the same windows.
    """
    counts = hand_groups(kinds)
    groups = 0
    for g, n in enumerate(counts):
        if n >= 2:
            groups |= 1 << g
    if not groups:
        return
    lines = index.lazy_lines()
    for key, bits in index.line_groups().items():
        if not bits & groups:
            continue
        for j, run in enumerate(lines[key]):
            if not run[2] & groups:
                continue
            windows = run[3]
            if windows is None:
                windows = index.windows(key, j)
            for g, k, where, mode, masks in windows:
                if counts[g] < k or k < min_size or k > max_size:
                    continue
                allowed = mode & hand_mask
                if allowed.bit_count() < k:
                    continue
                options = tuple(allowed & m for m in masks)
                n = distinct_count(options)
                if n:
                    yield n, where, options


def check_play(index: _Index, hand: tuple[int, ...], placed: tuple[Placed, ...], min_size: int = 1,
               max_size: int = _MOST_PLAYED) -> bool:
    """Whether ``placed`` (sorted) is one of :func:`generate_plays`' plays, checked
    directly: one line, one gap-free segment of at most five cells holding an
    old card, a mode of that segment admitting every new card, the new cards'
    perpendicular lines. Far-apart cells are refused before anything is scanned.
    """
    k = len(placed)
    if not min_size <= k <= max_size or not index.cells:
        return False
    cards = [p.card for p in placed]
    if len(set(cards)) < k or any(c not in hand for c in cards):
        return False
    if any(not 0 <= c < _KINDS for c in cards):
        return False
    cells = index.cells
    new = {(p.x, p.y) for p in placed}
    if len(new) < k or any(xy in cells for xy in new):
        return False
    xs = {p.x for p in placed}
    ys = {p.y for p in placed}
    options = []
    if len(ys) == 1:
        options.append((True, placed[0].y, [p.x for p in placed]))
    if len(xs) == 1:
        options.append((False, placed[0].x, [p.y for p in placed]))
    for horizontal, fixed, coords in options:
        lo, hi = min(coords), max(coords)
        if hi - lo > _REACH:
            continue

        def at(i: int) -> Cell:
            return (i, fixed) if horizontal else (fixed, i)

        while lo - 1 >= hi - _LINE and (at(lo - 1) in cells or at(lo - 1) in new):
            lo -= 1
        while hi + 1 <= lo + _LINE and (at(hi + 1) in cells or at(hi + 1) in new):
            hi += 1
        if hi - lo > _REACH or at(lo - 1) in cells or at(hi + 1) in cells:
            continue
        if any(at(i) not in cells and at(i) not in new for i in range(lo, hi + 1)):
            continue
        old = tuple(sorted(cells[at(i)] for i in range(lo, hi + 1) if at(i) in cells))
        if not old:
            continue
        for mode in _modes(old):
            if all(mode >> c & 1 for c in cards):
                dx, dy = (0, 1) if horizontal else (1, 0)
                if all(_perp_mask(cells, p.x, p.y, dx, dy) >> p.card & 1 for p in placed):
                    return True
    return False


