"""The candidate plays of Big Five, built from tables (:func:`ruleproof.spec.bigfive_board.candidate_plays`).

Every state's candidate moves include the candidate plays of the hand: a few
thousand plays, each a cell set of the board with an order of hand cards. The
plain enumeration walks every run through every card; here:

* the cell sets of a board lie in one row or column each and depend on that
  line's occupied cells alone (:func:`_line_cells`, a table per line: a play
  changes few lines), the last board's sets remembered (:func:`_candidate_cells`);
* a placed card on a cell is one shared value (:func:`_placed_on`), and the
  orders of the hand's groups are read column by column;
* each :class:`~ruleproof.spec.bigfive_components.Play` is made by
  ``object.__new__`` and its slot's setter in C loops (:func:`_plays`).

The plays, and their order, are the plain enumeration's
(``tests/spec/test_accel_bigfive.py``, ``tests/spec/test_accelerations.py``).

>>> from ruleproof.spec.bigfive import parse_card
>>> from ruleproof.spec.bigfive_board import candidate_plays as plain_candidate_plays
>>> board, hand = (Placed(0, 0, parse_card("Lp")),), [parse_card(c) for c in ("Gp", "Zp")]
>>> candidate_plays(board, hand) == plain_candidate_plays(board, hand)
True
"""

from __future__ import annotations

import collections
import functools
import itertools
from collections.abc import Callable, Iterator, Sequence

from ruleproof.spec.accel.bigfive_lines import _board_map_of, is_line_uniform
from ruleproof.spec.accel.core import remember_last
from ruleproof.spec.bigfive_board import AXES
from ruleproof.spec.bigfive_components import KINDS, MAX_GROUP, MAX_LINE, Cell, Placed, Play


def _windows(anchor: Cell, axis: Cell) -> Iterator[tuple[Cell, ...]]:
    dx, dy = axis
    x, y = anchor
    for start in range(-(MAX_LINE - 1), 1):
        yield tuple((x + (start + i) * dx, y + (start + i) * dy) for i in range(MAX_LINE))


def candidate_plays(board: tuple[Placed, ...], hand: Sequence[int], exhaustive: bool = False,
                    max_group: int = MAX_GROUP) -> list[Play]:
    """:func:`~ruleproof.spec.bigfive_board.candidate_plays` from the tables of cell sets and placed cards: the
    same plays in the same order."""
    limit = min(max_group, len(hand))
    cell_sets = _candidate_cells(board, limit, exhaustive)
    orders: dict[int, list[tuple[int, ...]]] = {}
    columns: dict[int, tuple[tuple[int, ...], ...]] = {}
    for size in range(1, limit + 1):
        groups = [g for g in hand_groups(hand, size) if exhaustive or is_line_uniform(g)]
        orders[size] = sorted({order for g in groups for order in itertools.permutations(g)})
        columns[size] = tuple(zip(*orders[size]))  # columns[size][i]: the card of every order on cell i
    singles: list[tuple[Placed, ...]] = []
    multis: list[tuple[Placed, ...]] = []
    known = all(type(c) is int and 0 <= c < KINDS for c in hand)  # cards: the shared Placed of _placed_on
    for cells, in_order, rows in cell_sets:
        target = singles if len(cells) == 1 else multis
        if known:
            size_orders = orders[len(cells)]
            if not size_orders:  # no group of this size shares a colour or an animal
                continue
            # each play: the card of each order on each cell, read off the cells' rows column by column
            # (zip builds the plays' tuples: the same as tuple(map(operator.getitem, rows, order)) per order)
            plays = zip(*[map(row.__getitem__, column) for row, column in zip(rows, columns[len(cells)])])
            target.extend(plays if in_order else map(tuple, map(sorted, plays)))
            continue
        for order in orders[len(cells)]:
            group = tuple([Placed(c[0], c[1], card) for c, card in zip(cells, order)])
            target.append(group if in_order else tuple(sorted(group)))
    singles += multis
    return _plays(singles)


#: Sets a :class:`Play`'s one slot, ``placed``, on an object made by ``object.__new__`` (the slot's own
#: descriptor: it does not pass through the frozen class's ``__setattr__``).
_SET_PLACED: Callable[[Play, tuple[Placed, ...]], None] = Play.__dict__["placed"].__set__


def _plays(groups: list[tuple[Placed, ...]]) -> list[Play]:
    """``[Play(g) for g in groups]``, made in C loops: each object by ``object.__new__`` and its one field
    set through its slot (:data:`_SET_PLACED`), which is all the dataclass's ``__init__`` does (``Play`` has
    no ``__post_init__``; ``tests/spec/test_accel_bigfive.py`` checks both), without one Python call per
    play (a state's candidate plays number in the thousands; measured 3.7x less CPU than ``map(Play, ...)``).

    >>> from ruleproof.spec.bigfive import parse_move
    >>> board = parse_move("play Lp@0,0 Gp@1,0").placed
    >>> _plays([board, board[:1]]) == [Play(board), Play(board[:1])]
    True
    """
    plays: list[Play] = list(map(object.__new__, itertools.repeat(Play, len(groups))))
    collections.deque(map(_SET_PLACED, plays, groups), maxlen=0)
    return plays


_PLACED_ON: dict[Cell, tuple[Placed, ...]] = {}


def _placed_on(cell: Cell) -> tuple[Placed, ...]:
    """``Placed(x, y, card)`` on ``cell`` for every card 0–24, built once per cell (at most 4096 cells kept):
    candidate plays put the same cards on the same cells again and again, and a placed card is an
    immutable value, so one object serves every play that has it.

    >>> _placed_on((2, -1))[14] == Placed(2, -1, 14)
    True
    """
    row = _PLACED_ON.get(cell)
    if row is None:
        if len(_PLACED_ON) >= 4096:
            _PLACED_ON.clear()
        row = _PLACED_ON[cell] = tuple([Placed(cell[0], cell[1], card) for card in range(KINDS)])
    return row


@remember_last
def _candidate_cells(board: tuple[Placed, ...], limit: int,
                     exhaustive: bool) -> tuple[tuple[tuple[Cell, ...], bool, tuple[tuple[Placed, ...], ...]], ...]:
    """The cell sets of :func:`candidate_plays` on ``board`` for groups of up to ``limit`` cards, sorted, each
    with whether its cells are already in order (distinct cells in order: its plays need no sorting) and
    its cells' rows of :func:`_placed_on`.
    They depend on the board alone, so the last board's are remembered (several hands, turns and rules
    ask about one board). The default ones lie in one row or column each and depend on that line's
    occupied cells alone (:func:`_line_cells`, remembered per line: a play changes few lines)."""
    before = _board_map_of(board)
    if not exhaustive:
        rows: dict[int, list[int]] = {}
        columns: dict[int, list[int]] = {}
        for x, y in before:
            rows.setdefault(y, []).append(x)
            columns.setdefault(x, []).append(y)
        found: dict[tuple[Cell, ...], tuple[tuple[Cell, ...], bool, tuple[tuple[Placed, ...], ...]]] = {}
        for along, lines in ((0, rows), (1, columns)):
            for fixed, coords in lines.items():
                for entry in _line_cells(along, fixed, tuple(sorted(coords)), limit):
                    found[entry[0]] = entry  # a single cell comes from its row and its column alike
        return tuple([found[cells] for cells in sorted(found)])
    cell_sets: set[tuple[Cell, ...]] = set()
    for anchor in before:
        for axis in AXES:
            for window in _windows(anchor, axis):
                empty = [c for c in window if c not in before]
                for size in range(1, min(limit, len(empty)) + 1):
                    cell_sets.update(itertools.combinations(empty, size))
    return tuple((cells, all(a < b for a, b in zip(cells, cells[1:])), tuple([_placed_on(c) for c in cells]))
                 for cells in sorted(cell_sets))


@functools.lru_cache(maxsize=4096)
def _line_cells(axis: int, fixed: int, occupied: tuple[int, ...],
                limit: int) -> tuple[tuple[tuple[Cell, ...], bool, tuple[tuple[Placed, ...], ...]], ...]:
    """The default cell sets of :func:`candidate_plays` in one line of the board, as :func:`_candidate_cells`
    gives them: the line is the row ``y = fixed`` (``axis`` 0) or the column ``x = fixed`` (``axis`` 1) whose
    occupied cells are at the coordinates ``occupied`` (sorted) along it.

    A default cell set is the empty cells of a run of at most five cells through a card ``p`` when it has one
    to ``limit`` of them; over every card of the line, these runs are the runs of at most five cells of the
    line that hold an occupied cell. Their empty cells come in line order.

    >>> [cells for cells, _, _ in _line_cells(0, 0, (0, 1), 1)]
    [((-1, 0),), ((2, 0),)]
    >>> sorted(cells for cells, _, _ in _line_cells(1, 3, (0,), 4)) == sorted(
    ...     tuple((3, y) for y in range(a, b + 1) if y != 0)
    ...     for a in range(-4, 1) for b in range(max(a, 0), a + 5) if b > a or a != 0)
    True
    """
    held = set(occupied)
    sets: dict[tuple[int, ...], None] = {}
    for first in range(occupied[0] - (MAX_LINE - 1), occupied[-1] + 1):
        empty: list[int] = []
        holds_card = False
        for at in range(first, first + MAX_LINE):  # the run first .. at
            if at in held:
                holds_card = True
            else:
                empty.append(at)
            if holds_card and 1 <= len(empty) <= limit:
                sets[tuple(empty)] = None
    found = []
    for coords in sets:
        cells = tuple([(c, fixed) for c in coords]) if axis == 0 else tuple([(fixed, c) for c in coords])
        found.append((cells, True, tuple([_placed_on(c) for c in cells])))  # distinct cells in line order
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def _hand_groups_of_sorted(hand: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(set(itertools.combinations(hand, size))))


def hand_groups(hand: Sequence[int], size: int) -> tuple[tuple[int, ...], ...]:
    """:func:`~ruleproof.spec.bigfive_board.hand_groups` from a table (at most 4096 hands and sizes kept).

    >>> hand_groups((3, 1, 3), 2)
    ((1, 3), (3, 3))
    """
    return _hand_groups_of_sorted(tuple(sorted(hand)), size)

