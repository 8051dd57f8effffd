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

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ruleproof.model.bigfive_index import (
    _ANIMAL_MASK,
    _COLOUR_MASK,
    _cached_perp,
    _mode_group,
    _modes,
    _runs,
)
from ruleproof.spec.bigfive import Placed

if TYPE_CHECKING:
    from ruleproof.model.bigfive_index import _Index

_NEG = -(10**6)
def _falling(a: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= a - i
    return out if out > 0 else 0


#: ``_PERM[a][k]``: the injective assignments of ``a`` cards to ``k`` cells.
_PERM = tuple(tuple(_falling(a, k) for k in range(5)) for a in range(26))
#: the cards of each group (five colours, then five animals)
_GROUP_MASKS = (*_COLOUR_MASK, *_ANIMAL_MASK)

#: (mode, number of empty cells, first and last cell of the segment relative to the run's first card)
FreeWindow = tuple[int, int, int, int]
#: a run's pattern -> (its free windows, how many per (mode, k))
_PATTERNS: dict[tuple[int, ...], tuple[tuple[FreeWindow, ...], tuple[tuple[tuple[int, int], int], ...]]] = {}
_PATTERNS_CAP = 1 << 16
#: a run with free windows: (first card, last card, room before it, its free windows, how many per (mode, k))
_Run = tuple[int, int, int, tuple[FreeWindow, ...], tuple[tuple[tuple[int, int], int], ...]]
#: a line: (windows per (mode, k) on it, its runs with free windows by first card)
_Line = tuple[dict[tuple[int, int], int], dict[int, _Run]]


def hand_mask(hand: Iterable[int]) -> int:
    """The card kinds of ``hand`` as bits.

    >>> hand_mask((0, 2, 2))
    5
    """
    mask = 0
    for c in hand:
        mask |= 1 << c
    return mask


def pattern_windows(pattern: tuple[int, ...]) -> tuple[tuple[FreeWindow, ...], tuple[tuple[tuple[int, int], int], ...]]:
    """The free windows over the first card of a run, from its pattern: the
    room before it (0-4 empty cells usable, the cell before them being empty
    or the board's end), then the cards (-1: empty) on the run's first cell
    and the five after it. With how many windows each (mode, k) has.

    >>> windows, counts = pattern_windows((4, 0, -1, -1, -1, -1, -1))
    >>> len(windows), sorted(k for (mode, k), n in counts)
    (24, [2, 2, 3, 3, 4, 4])
    """
    got = _PATTERNS.get(pattern)
    if got is not None:
        return got
    left = pattern[0]
    cards = pattern[1:]
    end = 0
    while end < 5 and cards[end + 1] >= 0:
        end += 1
    out: list[FreeWindow] = []
    if end < 4:
        old = list(cards[: end + 1])
        right = 0
        for hi in range(end, 5):
            if hi > end:
                if cards[hi] >= 0:
                    old.append(cards[hi])
                else:
                    right += 1
            if len(old) >= 5:
                break
            if cards[hi + 1] >= 0:
                continue  # the segment would run on into the next card
            low = max(-left, hi - 4)
            for mode in _modes(tuple(sorted(old))):
                size = mode.bit_count()
                for lo in range(0, low - 1, -1):
                    k = right - lo
                    if k < 2:
                        continue
                    if k > size:
                        break
                    out.append((mode, k, lo, hi))
    counts: dict[tuple[int, int], int] = {}
    for mode, k, _, _ in out:
        counts[mode, k] = counts.get((mode, k), 0) + 1
    got = (tuple(out), tuple(counts.items()))
    if len(_PATTERNS) < _PATTERNS_CAP:
        _PATTERNS[pattern] = got
    return got


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
        self.groups: list[dict[int, list[int]]] = [{} for _ in range(10)]
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

    def _recount(self, key: tuple[int, int], near: list[int] | tuple[()] = ()) -> None:
        """Recount line ``key``: its runs keep their windows unless a new card
        (coordinates ``near``) lies on their pattern's cells or their end or room changed."""
        horizontal, fixed = key
        index = self.index
        get = index.cells.get
        coords = index.rows[fixed] if horizontal else index.cols[fixed]
        old = self.lines.get(key)
        before = old[1] if old is not None else {}
        totals = dict(old[0]) if old is not None else {}
        runs: dict[int, _Run] = {}
        gone: list[tuple[tuple[tuple[int, int], int], ...]] = []
        came: list[tuple[tuple[tuple[int, int], int], ...]] = []
        seen: set[int] = set()
        prev_end = _NEG
        for a, b in _runs(coords):
            left = a - prev_end - 2
            if left > 4:
                left = 4
            prev_end = b
            run = before.get(a)
            if run is not None:
                seen.add(a)
                if run[1] == b and run[2] == left and not any(a <= v <= a + 5 for v in near):
                    runs[a] = run
                    continue
                gone.append(run[4])
            if b - a >= 4:
                continue
            if horizontal:
                pattern = (left, *[get((a + i, fixed), -1) for i in range(6)])
            else:
                pattern = (left, *[get((fixed, a + i), -1) for i in range(6)])
            windows, per = pattern_windows(pattern)
            if windows:
                runs[a] = (a, b, left, windows, per)
                came.append(per)
        for a, run in before.items():
            if a not in seen:
                gone.append(run[4])
        groups = self.groups
        for per in gone:
            for mk, n in per:
                mode, k = mk
                left_over = totals[mk] - n
                if left_over:
                    totals[mk] = left_over
                else:
                    del totals[mk]
                by_mode = groups[_mode_group(mode)]
                counts = by_mode[mode]
                counts[k] -= n
                if not any(counts):
                    del by_mode[mode]
        for per in came:
            for mk, n in per:
                mode, k = mk
                totals[mk] = totals.get(mk, 0) + n
                by_mode = groups[_mode_group(mode)]
                got = by_mode.get(mode)
                if got is None:
                    got = by_mode[mode] = [0, 0, 0, 0, 0]
                got[k] += n
        self.lines[key] = (totals, runs)

    def census(self, mask: int, min_size: int) -> tuple[int, list[tuple[int, int, int, int]]]:
        """The assignments of the hand ``mask``'s cards in every free window of at
        least ``min_size`` (and two) cells: their number and, per (mode, k)
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
                for k in range(low, a + 1 if a < 4 else 5):
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
            here = totals.get((mode, k), 0)
            if which < here:
                break
            which -= here
        for first, _, _, windows, _ in runs.values():
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
