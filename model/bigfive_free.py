"""The fast playout's census of multi-card plays, counted along lines only.

A *free window* is a window of :mod:`ruleproof.model.bigfive_index` with the
perpendicular lines left out: a segment of a line that a play would complete
(gap-free, at most five cells, holding an old card, ending at empty cells), one
way the segment may grow (its *mode*: the cards that may join it in colour or
in animal mode) and its ``k >= 2`` empty cells, each of which may take any card
of the mode. Every legal play of two or more cards lies in exactly one free
window (the segment it completes and the one mode of that segment) as one of the
window's injective assignments of the hand's cards of the mode to its cells;
an assignment is a legal play exactly when each new card also fits its
perpendicular line (:meth:`FreeWindows.play`). So the assignments are a
superset of the multi-card plays in which each play appears once, and a
uniform draw among them repeated until it is a play is a uniform multi-card play.

For a hand with ``a`` kinds of a mode, a window of ``k`` cells has
``a! / (a - k)!`` assignments: the census needs only how many windows each
(mode, ``k``) has on the board. They are kept per line, and a play recounts
only the lines through its new cards. A run's windows depend only on its cards
and the five cells after its first card and on the room before it, so they are
computed once per such pattern (the patterns repeat a lot).

The module is unrolled for the rulebook's lines of five (``MAX_LINE``) and groups of two to four
cards (``MAX_GROUP``): a run's pattern holds its first cell and the five after it, and a mode's
windows are counted for 2, 3 and 4 cells one by one.

>>> from ruleproof.model.bigfive_index import _Index, generate_plays
>>> from ruleproof.spec.bigfive import make_position
>>> s = make_position("Lp@0,0", ["Gp Zp", "Lb"])
>>> index = _Index(s.board)
>>> free = FreeWindows(index)
>>> hand = s.hands[0]
>>> total, entries = free.census(hand_mask(hand), 1)
>>> found = [free.play(entries, r, hand_mask(hand)) for r in range(total)]
>>> sorted(p for p in found if p) == [p for p in generate_plays(index, hand) if len(p) > 1]
True
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator
from ruleproof.model.bigfive_index import (
    _ANIMAL_MASK,
    _COLOUR_MASK,
    _LINE,
    _MOST_PLAYED,
    _REACH,
    _cached_perp,
    _Index,
    _mode_group,
    _modes,
)
from ruleproof.spec.bigfive import KINDS, Placed

_NEG = -(10**6)
def _falling(a: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= a - i
    return out if out > 0 else 0


#: ``_PERM[a][k]``: the injective assignments of ``a`` cards to ``k`` cells.
_PERM = tuple(tuple(_falling(a, k) for k in range(_MOST_PLAYED + 1)) for a in range(KINDS + 1))
#: the cards of each group (five colours, then five animals)
_GROUP_MASKS = (*_COLOUR_MASK, *_ANIMAL_MASK)

#: (mode, number of empty cells, first and last cell of the segment relative to the run's first card)
FreeWindow = tuple[int, int, int, int]
#: how many free windows a run has per mode: (mode, its group, windows of 2, 3 and 4 cells)
_Counts = tuple[tuple[int, int, int, int, int], ...]
#: a run with free windows: (first card, last card, room before it, its pattern, its counts)
_Run = tuple[int, int, int, tuple[int, ...], _Counts]
#: a run's pattern -> its counts
_PATTERNS: dict[tuple[int, ...], _Counts] = {}
_PATTERNS_CAP = 1 << 16
#: the windows of the patterns of recently drawn plays (emptied when full)
_WINDOWS: dict[tuple[int, ...], list[FreeWindow]] = {}
_WINDOWS_CAP = 1 << 11
_EMPTY = tuple((-1,) * n for n in range(_LINE + 1))
#: a line: (its windows per mode and k (index 0-4), its runs with free windows by first card)
_Line = tuple[dict[int, list[int]], dict[int, _Run]]


def hand_mask(hand: Iterable[int]) -> int:
    """The card kinds of ``hand`` as bits.

    >>> hand_mask((0, 2, 2))
    5
    """
    mask = 0
    for c in hand:
        mask |= 1 << c
    return mask


def _segment_ends(pattern: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int, int, int]]:
    """The walk :func:`pattern_windows` and :func:`_pattern_counts` share: for
    each cell ``hi`` a segment of new cards can end on, the modes of the old
    cards it covers, the empty cells ``right`` it fills from the run's first
    card to ``hi``, and the lowest start ``low`` (so a segment takes
    ``k = right - lo`` cells for ``lo`` from 0 down to ``low``).

    >>> [(right, low, hi) for _, right, low, hi in _segment_ends((4, 0, -1, 5, -1, -1, -1))]
    [(0, -4, 0), (1, -2, 2), (2, -1, 3), (3, 0, 4)]
    """
    left = pattern[0]
    cards = pattern[1:]
    end = 0
    while end < _LINE and cards[end + 1] >= 0:
        end += 1
    if end >= _REACH:
        return
    old = list(cards[: end + 1])
    right = 0
    for hi in range(end, _LINE):
        if hi > end:
            if cards[hi] >= 0:
                old.append(cards[hi])
            else:
                right += 1
        if len(old) >= _LINE:
            break
        if cards[hi + 1] >= 0:
            continue  # the segment would run on into the next card
        yield _modes(tuple(sorted(old))), right, (-left if -left > hi - _REACH else hi - _REACH), hi


def pattern_windows(pattern: tuple[int, ...]) -> list[FreeWindow]:
    """The free windows over the first card of a run, from its pattern: the
    room before it (0-4 empty cells usable, the cell before them being empty
    or the board's end), then the cards (-1: empty) on the run's first cell
    and the five after it.

    Card 0 with a gap and then card 5 (the same colour): the segments of two
    new cards end at card 0 (both modes of card 0 alone), or reach card 5
    (the colour mode of both):

    >>> [(lo, hi) for mode, k, lo, hi in pattern_windows((4, 0, -1, 5, -1, -1, -1)) if k == 2]
    [(-2, 0), (-2, 0), (-1, 2), (0, 3)]
    """
    out: list[FreeWindow] = []
    for modes, right, low, hi in _segment_ends(pattern):
        for mode in modes:
            size = mode.bit_count()
            for lo in range(0, low - 1, -1):
                k = right - lo
                if k < 2:
                    continue
                if k > size:
                    break
                out.append((mode, k, lo, hi))
    return out


def pattern_counts(pattern: tuple[int, ...]) -> _Counts:
    """How many free windows of :func:`pattern_windows` each mode has, as
    ``(mode, group of the mode, windows of 2, 3 and 4 cells)``; kept for the
    patterns met (only the counts: the windows themselves are found again
    when a play is drawn).

    >>> sorted(counts for mode, group, *counts in pattern_counts((4, 0, -1, -1, -1, -1, -1)))
    [[3, 4, 5], [3, 4, 5]]
    """
    got = _PATTERNS.get(pattern)
    if got is None:
        got = _pattern_counts(pattern)
        if len(_PATTERNS) < _PATTERNS_CAP:
            _PATTERNS[pattern] = got
    return got


def _pattern_counts(pattern: tuple[int, ...]) -> _Counts:
    # The walk of pattern_windows, counting: per end and mode the segments
    # take k = right - lo cells for lo from 0 down to low, so each k from
    # max(2, right) to min(size, right - low) once.
    counts: dict[int, list[int]] = {}
    for modes, right, low, _hi in _segment_ends(pattern):
        first = right if right > 2 else 2
        for mode in modes:
            top = mode.bit_count()
            if top > right - low:
                top = right - low
            if first <= top:
                per_k = counts.get(mode)
                if per_k is None:
                    per_k = counts[mode] = [0] * (_MOST_PLAYED + 1)
                for k in range(first, top + 1):
                    per_k[k] += 1
    return tuple([(mode, _mode_group(mode), c[2], c[3], c[4]) for mode, c in counts.items()])


class FreeWindows:
    """The free windows of an index's board, per line, and how many each
    group's modes have per ``k`` over the whole board; :meth:`update` after the
    index has had cards added (the fast playout's in-place
    :meth:`~ruleproof.model.bigfive_index._Index.advance` calls it)."""

    __slots__ = ("groups", "index", "lines")

    def __init__(self, index: _Index) -> None:
        self.index = index
        self.lines: dict[tuple[int, int], _Line] = {}
        #: per group (colours 0-4, 5 + animals), mode -> windows per k (index 0-4)
        self.groups: list[dict[int, list[int]]] = [{} for _ in _GROUP_MASKS]
        for y in index.rows:
            self._recount((1, y))
        for x in index.cols:
            self._recount((0, x))

    def update(self, placed: Iterable[Placed]) -> None:
        """Recount the lines through the new cards ``placed`` (already in the index)."""
        near: dict[tuple[int, int], list[int]] = {}
        for x, y, _ in placed:
            near.setdefault((1, y), []).append(x)
            near.setdefault((0, x), []).append(y)
        for key, coords in near.items():
            self._recount(key, coords)

    def _recount(self, key: tuple[int, int], near: list[int] | None = None) -> None:
        """Recount line ``key`` (all of it, or only near the new cards at
        coordinates ``near``: a run's pattern and room change only when a new
        card lies within five cells of its first card, and a longer run than
        that has no windows)."""
        horizontal, fixed = key
        index = self.index
        cells = index.cells
        get = cells.get
        coords = index.rows[fixed] if horizontal else index.cols[fixed]
        old = self.lines.get(key)
        if old is None:
            before: dict[int, _Run] = {}
            totals: dict[int, list[int]] = {}
        else:
            totals, before = old  # (this index's only: after() does not copy the free windows)
        came: list[_Counts] = []
        pattern: tuple[int, ...]
        i, end = 0, len(coords)
        if near is None:
            runs: dict[int, _Run] = {}
            top = coords[-1]
            prev_end = _NEG
        else:
            bottom, top = min(near) - _LINE, max(near) + _LINE
            runs = {a: run for a, run in before.items() if not bottom <= a <= top}
            i = bisect_left(coords, bottom)
            while 0 < i < end and coords[i - 1] == coords[i] - 1:
                i += 1  # inside a run that starts further back
            prev_end = coords[i - 1] if i else _NEG
        kept = set(runs)  # the starts of the runs of ``before`` kept as they are (no tuple identity asked)
        while i < end:
            a = coords[i]
            if a > top:
                break
            b = a
            i += 1
            while i < end and coords[i] == b + 1:
                b += 1
                i += 1
            left = a - prev_end - 2
            if left > _REACH:
                left = _REACH
            prev_end = b
            if b - a >= _REACH:
                continue
            if i == end or coords[i] > a + _LINE:
                # nothing else within five cells: the run's cards, then empty cells
                if b == a:
                    pattern = (left, cells[a, fixed] if horizontal else cells[fixed, a], -1, -1, -1, -1, -1)
                elif horizontal:
                    pattern = (left, *[cells[v, fixed] for v in range(a, b + 1)], *_EMPTY[_LINE - b + a])
                else:
                    pattern = (left, *[cells[fixed, v] for v in range(a, b + 1)], *_EMPTY[_LINE - b + a])
            # The card five cells on counts only as there or not (a segment may not end before it).
            elif horizontal:
                last = get((a + 5, fixed), -1)
                pattern = (left, cells[a, fixed], get((a + 1, fixed), -1), get((a + 2, fixed), -1),
                           get((a + 3, fixed), -1), get((a + 4, fixed), -1), 0 if last >= 0 else -1)
            else:
                last = get((fixed, a + 5), -1)
                pattern = (left, cells[fixed, a], get((fixed, a + 1), -1), get((fixed, a + 2), -1),
                           get((fixed, a + 3), -1), get((fixed, a + 4), -1), 0 if last >= 0 else -1)
            run = before.get(a)
            if run is not None and run[3] == pattern:
                runs[a] = run
                kept.add(a)
                continue
            per = pattern_counts(pattern)
            if per:
                runs[a] = (a, b, left, pattern, per)
                came.append(per)
        groups = self.groups
        for a, run in before.items():
            if a in kept:
                continue
            for mode, g, c2, c3, c4 in run[4]:
                t = totals[mode]
                t[2] -= c2
                t[3] -= c3
                t[4] -= c4
                if not (t[2] or t[3] or t[4]):
                    del totals[mode]
                by_mode = groups[g]
                t = by_mode[mode]
                t[2] -= c2
                t[3] -= c3
                t[4] -= c4
                if not (t[2] or t[3] or t[4]):
                    del by_mode[mode]
        for per in came:
            for mode, g, c2, c3, c4 in per:
                got = totals.get(mode)
                if got is None:
                    totals[mode] = [0, 0, c2, c3, c4]
                else:
                    got[2] += c2
                    got[3] += c3
                    got[4] += c4
                by_mode = groups[g]
                got = by_mode.get(mode)
                if got is None:
                    by_mode[mode] = [0, 0, c2, c3, c4]
                else:
                    got[2] += c2
                    got[3] += c3
                    got[4] += c4
        self.lines[key] = (totals, runs)

    def census(self, mask: int, min_size: int,
               max_size: int = _MOST_PLAYED) -> tuple[int, list[tuple[int, int, int, int]]]:
        """The assignments of the hand ``mask``'s cards in every free window of
        ``min_size`` (and two) to ``max_size`` cells: their number and, per (mode, k)
        with any, ``(number, mode, k, the hand's kinds of the mode)``."""
        low = min_size if min_size > 2 else 2
        total = 0
        entries: list[tuple[int, int, int, int]] = []
        for g, by_mode in enumerate(self.groups):
            if not by_mode or (_GROUP_MASKS[g] & mask).bit_count() < low:
                continue
            for mode, counts in by_mode.items():
                a = (mode & mask).bit_count()
                if a < low:
                    continue
                perm = _PERM[a]
                for k in range(low, (a if a < max_size else max_size) + 1):
                    n = counts[k]
                    if n:
                        n *= perm[k]
                        entries.append((n, mode, k, a))
                        total += n
        return total, entries

    def play(self, entries: list[tuple[int, int, int, int]], r: int, mask: int) -> tuple[Placed, ...] | None:
        """Assignment ``r`` of a census (``0 <= r <`` its total) as sorted
        placements, or ``None`` when a card does not fit its perpendicular line."""
        for n, mode, k, a in entries:
            if r < n:
                break
            r -= n
        else:
            raise IndexError("candidate index out of range")
        which, r = divmod(r, _PERM[a][k])
        for key, (totals, runs) in self.lines.items():
            line = totals.get(mode)
            here = line[k] if line is not None else 0
            if which < here:
                break
            which -= here
        for first, _, _, pattern, per in runs.values():
            for entry in per:
                if entry[0] == mode:
                    n = entry[k]  # (mode, group, windows of 2, 3, 4 cells): index k
                    break
            else:
                continue
            if which >= n:
                which -= n
                continue
            windows = _WINDOWS.get(pattern)
            if windows is None:
                if len(_WINDOWS) >= _WINDOWS_CAP:
                    _WINDOWS.clear()
                windows = _WINDOWS[pattern] = pattern_windows(pattern)
            for w in windows:
                if w[0] == mode and w[1] == k:
                    if not which:
                        return self._assign(key, first + w[2], first + w[3], mode & mask, r, k)
                    which -= 1
        raise AssertionError("free window counts out of step")  # pragma: no cover

    def _assign(self, key: tuple[int, int], lo: int, hi: int, allowed: int, r: int,
                k: int) -> tuple[Placed, ...] | None:
        cards = []
        while allowed:
            low = allowed & -allowed
            cards.append(low.bit_length() - 1)
            allowed ^= low
        index = self.index
        cells, perp = index.cells, index._perp
        horizontal, fixed = key
        out = []
        for i in range(lo, hi + 1):
            cell = (i, fixed) if horizontal else (fixed, i)
            if cell in cells:
                continue
            k -= 1
            pick, r = divmod(r, _PERM[len(cards) - 1][k])
            card = cards.pop(pick)
            m = _cached_perp(cells, perp, i, fixed, 1) if horizontal else _cached_perp(cells, perp, i, fixed, 0)
            if not m >> card & 1:
                return None
            out.append(Placed(cell[0], cell[1], card))
        return tuple(out)  # sorted: along a row x grows, along a column y


def free_windows(index: _Index) -> FreeWindows:
    """The free windows of ``index``'s board, built on first use and kept by the index (which moves them on
    with every play, :meth:`~ruleproof.model.bigfive_index._Index.advance`, and asks them in
    :meth:`~ruleproof.model.bigfive_index._Index.any_play`)."""
    free = index.free
    if not isinstance(free, FreeWindows):
        free = index.free = FreeWindows(index)
    return free
