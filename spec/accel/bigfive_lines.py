"""The line geometry behind the fast forms of Big Five's placement rules (:mod:`ruleproof.spec.bigfive_board`).

Every candidate play of a state is asked BF-PLAY-3 and BF-LINE-1 … BF-LINE-5
about one board, and most candidate plays on one board put many card orders
on the same few cells. So what the plain :func:`~ruleproof.spec.bigfive_board.analyse_play`
computes from scratch is computed here once per board and cells:

* the board's map and its runs through a cell (the last board's, remembered);
* per played cells, the *geometry*: the lines after the play and, for
  BF-LINE-3, the feature bits the old cards of each line share
  (:func:`_line_masks`): a line is of one colour or one animal exactly when
  those bits and the played cards' bits still share one;
* the last play's analysis (every placement rule asks in turn).

:func:`analyse_play` gives the plain analysis's answers (compared field by
field in ``tests/spec/test_accel_bigfive.py`` and by
``tests/spec/test_accelerations.py``); :func:`holds_uniform_lines` is BF-LINE-3
without the analysis. The memories compare boards by identity: a remembered
board is kept alive with its answers, so its identity cannot be reused, and a
board that is equal but not the same object is simply computed afresh.

>>> from ruleproof.spec.bigfive import parse_card, parse_move
>>> board = (Placed(0, 0, parse_card("Lp")), Placed(1, 0, parse_card("Gp")))
>>> a = analyse_play(board, parse_move("play Zp@2,0 Cp@3,0").placed)
>>> a == plain_analyse_play(board, parse_move("play Zp@2,0 Cp@3,0").placed)
True
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ruleproof.spec.bigfive_board import (
    AXES,
    PlayAnalysis,
    board_map,
    compute_play_axes,
    compute_run,
    is_straight,
)
from ruleproof.spec.bigfive_board import analyse_play as plain_analyse_play
from ruleproof.spec.bigfive_board import is_line_uniform as plain_is_line_uniform
from ruleproof.spec.bigfive_components import COLOUR_COUNT, KINDS, Board, Cell, Placed, animal_of, colour_of

#: Per card id: one bit for its colour (the low COLOUR_COUNT bits) and one for its animal (the bits above).
_FEATURE_BITS: dict[int, int] = {c: 1 << colour_of(c) | 1 << (COLOUR_COUNT + animal_of(c)) for c in range(KINDS)}
#: Every colour bit and every animal bit of :data:`_FEATURE_BITS`.
_ALL_FEATURES = (1 << (COLOUR_COUNT + KINDS // COLOUR_COUNT)) - 1


def is_line_uniform(cards: Sequence[int]) -> bool:
    """:func:`~ruleproof.spec.bigfive_board.is_line_uniform` by feature bits.

    Each card has exactly one colour bit and one animal bit
    (:data:`_FEATURE_BITS`), so the bits common to all the cards are non-zero
    exactly when they share a colour or an animal (one pass, no sets; a number
    that is no card falls back to the plain form).

    >>> is_line_uniform([4, 9]), is_line_uniform([4, 0]), is_line_uniform([4, 5]), is_line_uniform([30, 31])
    (True, True, False, True)
    """
    common = _ALL_FEATURES
    try:
        for c in cards:
            common &= _FEATURE_BITS[c]
    except (KeyError, TypeError):
        return plain_is_line_uniform(cards)
    return common != 0


# The last board's map and the last play's analysis, each swapped in as one tuple (a reader in
# another thread sees a matching pair, never one board's key with another's value).
_LAST_BOARD: list[tuple[Any, dict[Cell, int]]] = [(None, {})]
_LAST_PLAY: list[tuple[Any, Any, Any]] = [(None, None, None)]


def _board_map_of(board: tuple[Placed, ...]) -> dict[Cell, int]:
    owner, result = _LAST_BOARD[0]
    if owner is not board:
        result = board_map(board)
        _LAST_BOARD[0] = (board, result)
    return result


#: The last board's runs (:func:`compute_run` through a cell along an axis, keyed ``(cell, axis)``) and, for a
#: run through an empty cell, the feature bits common to its other cards (``None``: one is no card), keyed
#: the same way: every candidate play on one board asks for the same few.
_LAST_RUNS: list[Any] = [(None, {}, {})]


def _grow_run(run: tuple[Cell, ...], before: Board, played: set[Cell] | frozenset[Cell],
              axis: Cell) -> tuple[Cell, ...]:
    """``run`` grown at both ends along ``axis`` over the cells that are on ``before`` or ``played``
    (the run on the board after the play, without building that board).

    >>> _grow_run(((1, 0),), {(0, 0): 0, (3, 0): 5}, {(1, 0), (2, 0)}, (1, 0))
    ((0, 0), (1, 0), (2, 0), (3, 0))
    """
    dx, dy = axis
    x, y = run[0]
    head: list[Cell] = []
    while (x - dx, y - dy) in before or (x - dx, y - dy) in played:
        x, y = x - dx, y - dy
        head.append((x, y))
    x, y = run[-1]
    tail: list[Cell] = []
    while (x + dx, y + dy) in before or (x + dx, y + dy) in played:
        x, y = x + dx, y + dy
        tail.append((x, y))
    return (*reversed(head), *run, *tail)


_LAST_GEOMETRY: list[tuple[Any, dict[tuple[tuple[int, ...], tuple[int, ...]], Any]]] = [(None, {})]


def _play_geometry(board: tuple[Placed, ...], placed: tuple[Placed, ...]) -> tuple[Any, tuple[int, ...]]:
    """``(geometry, played cards)``: what :func:`analyse_play` finds from the played cells alone (not their
    cards), remembered per board (every candidate play on one board puts many card orders on the same
    cells), and the cards of ``placed`` in order.

    The geometry is a list ``[cells, lines, masks, rest, context]``: ``lines`` are the lines through the
    played cells after the play, ``masks`` their feature masks for BF-LINE-3 (:func:`_line_masks`), which is
    all that most candidate plays are asked about; ``rest`` is ``None`` until :func:`_geometry_rest` (asked
    by :func:`analyse_play`) computes the other facts from ``context``. It is looked up by the played
    cells' x and y columns (one ``zip`` splits a play into them and its cards).
    """
    if placed:
        xs, ys, cards = zip(*placed)
    else:
        xs = ys = cards = ()
    owner, known = _LAST_GEOMETRY[0]
    if owner is not board:
        known = {}
        _LAST_GEOMETRY[0] = (board, known)
    key = (xs, ys)
    geometry = known.get(key)
    if geometry is None:
        geometry = known[key] = _compute_geometry(board, _board_map_of(board), tuple(zip(xs, ys)))
    return geometry, cards


def _compute_geometry(board: tuple[Placed, ...], before: dict[Cell, int], cells: tuple[Cell, ...]) -> list[Any]:
    """The geometry of :func:`_play_geometry` for the played ``cells``: its lines and their masks now, the
    rest when first asked (:func:`_geometry_rest`).

    The lines are the runs on the board after the play (``before`` with the ``cells`` filled) through
    the played cells, in the order of the cells and then of :data:`AXES`, each once. The run through a
    played cell on the board alone is remembered per board (:data:`_LAST_RUNS`); it is the run after the
    play too unless a played cell lies just beyond one of its ends (its inner cells are occupied either
    way), and then it is grown over the cells beyond its ends (:func:`_grow_run`). Every cell of a run after
    the play has that same run along its axis, so one run serves all the played cells on it. The masks are
    :func:`_line_masks` of the lines (``tests/spec/test_accel_bigfive.py`` compares them): for a run that
    was not grown, through an empty played cell, when no played cell is on the board (the run's other cells
    are then old cards), the common bits of its other cards are remembered per board with the run.
    """
    played = set(cells)
    owner, board_runs, board_masks = _LAST_RUNS[0]
    if owner is not board:
        board_runs, board_masks = {}, {}
        _LAST_RUNS[0] = (board, board_runs, board_masks)
    # no played cell is occupied (the few played cells looked up): a run that is not grown holds one played cell
    clean = before.keys().isdisjoint(played)
    index = dict(zip(cells, range(len(cells))))  # the last index of a repeated cell wins
    bits = _FEATURE_BITS
    runs: dict[tuple[Cell, Cell], tuple[Cell, ...]] = {}
    found: list[tuple[Cell, ...]] = []
    masks: list[tuple[tuple[int, ...], int]] | None = []
    for cell in cells:
        for axis in AXES:
            key = (cell, axis)
            if key in runs:  # the run of an earlier played cell: in found already (when two cells or more)
                continue
            run = board_runs.get(key)
            if run is None:
                run = board_runs[key] = compute_run(before, cell, axis)
            dx, dy = axis
            (x0, y0), (x1, y1) = run[0], run[-1]
            if (x0 - dx, y0 - dy) in played or (x1 + dx, y1 + dy) in played:
                run = _grow_run(run, before, played, axis)
            elif clean:  # the board's run through an empty cell: its other cells are old cards, none played
                runs[key] = run  # (no other played cell asks for it)
                if len(run) >= 2:
                    found.append(run)  # not found before: no other played cell is on it
                    if masks is not None:
                        common = board_masks.get(key, -1)
                        if common == -1:
                            common = board_masks[key] = _common_bits(before, run, cell)
                        if common is None:
                            masks = None
                        else:
                            masks.append(((index[cell],), common))
                continue
            for c in run:
                runs[(c, axis)] = run
            if len(run) < 2 or run in found:
                continue
            found.append(run)
            if masks is None:
                continue
            common = _ALL_FEATURES
            indices = []
            for c in run:
                i = index.get(c)
                if i is not None:
                    indices.append(i)
                    continue
                b = bits.get(before[c])  # any board value: checked
                if b is None:
                    masks = None
                    break
                common &= b
            else:
                masks.append((tuple(indices), common))
    return [cells, found, None if masks is None else tuple(masks), None, (before, played, runs, index)]


def _common_bits(before: Board, run: tuple[Cell, ...], cell: Cell) -> int | None:
    """The feature bits common to the cards of ``before`` on the cells of ``run`` other than ``cell``
    (``None`` when one is no card).

    >>> from ruleproof.spec.bigfive import parse_card
    >>> lp, lb = parse_card("Lp"), parse_card("Lb")
    >>> _common_bits({(0, 0): lp, (2, 0): lb}, ((0, 0), (1, 0), (2, 0)), (1, 0)) == _FEATURE_BITS[lp] & _FEATURE_BITS[lb]
    True
    >>> _common_bits({(0, 0): lp, (1, 0): 99}, ((0, 0), (1, 0), (2, 0)), (2, 0)) is None
    True
    """
    common = _ALL_FEATURES
    for c in run:
        if c != cell:
            b = _FEATURE_BITS.get(before[c])
            if b is None:
                return None
            common &= b
    return common


def _geometry_rest(geometry: list[Any]) -> tuple[Any, ...]:
    """``(occupied, duplicate cells, straight, gaps, has existing card, lines)`` of a geometry of
    :func:`_compute_geometry`, computed once, where each line is ``(its cells, picker, the old cards on it)``:
    the line's cards, in line order, are ``picker(played cards + old cards)`` (:func:`_line_picker`)."""
    rest: tuple[Any, ...] | None = geometry[3]
    if rest is not None:
        return rest
    cells, found = geometry[0], geometry[1]
    before, played, runs, index = geometry[4]
    occupied = tuple([c for c in cells if c in before])
    duplicates: tuple[Cell, ...] = ()
    if len(played) < len(cells):
        duplicates = tuple(sorted(c for c, n in Counter(cells).items() if n > 1))
    straight = is_straight(cells)
    gaps = _straight_gaps(before, played, cells) if straight and len(cells) > 1 else ()  # compute_gaps
    has_existing = bool(cells) and any(c in before for axis in compute_play_axes(cells)
                                       for c in runs[(cells[0], axis)])
    lines = tuple([(line, *_line_picker(before, index, len(cells), line)) for line in found])
    rest = geometry[3] = (occupied, duplicates, straight, gaps, has_existing, lines)
    return rest


def _line_masks(before: Mapping[Cell, int], played: Mapping[Cell, int],
                lines: Sequence[tuple[Cell, ...]]) -> tuple[tuple[tuple[int, ...], int], ...] | None:
    """What BF-LINE-3's fast form needs of each line after a play: ``(indices, mask)``, where ``indices``
    are the positions in the play of the cards that land on the line (``played`` maps a played cell to its
    card's position) and ``mask`` is the feature bits (:data:`_FEATURE_BITS`) common to the cards already
    on its other cells. The line is of one colour or one animal exactly when ``mask`` and the bits of the
    cards at ``indices`` still share a bit (:func:`is_line_uniform`). ``None`` when an old card is no card
    (its bits are unknown: the caller reads the lines' cards instead).

    >>> from ruleproof.spec.bigfive import parse_card
    >>> lp, gp, lb = (parse_card(c) for c in ("Lp", "Gp", "Lb"))
    >>> (indices, mask), = _line_masks({(0, 0): lp, (1, 0): gp}, {(2, 0): 1}, [((0, 0), (1, 0), (2, 0))])
    >>> indices, mask == _FEATURE_BITS[lp] & _FEATURE_BITS[gp], bool(mask & _FEATURE_BITS[lb])
    ((1,), True, False)
    """
    found = []
    for line in lines:
        common = _ALL_FEATURES
        indices = []
        for c in line:
            i = played.get(c)
            if i is not None:
                indices.append(i)
                continue
            bits = _FEATURE_BITS.get(before[c])  # any board value: checked
            if bits is None:
                return None
            common &= bits
        found.append((tuple(indices), common))
    return tuple(found)


def _straight_gaps(before: Board, played: set[Cell], cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """:func:`compute_gaps` for two or more ``cells`` (the set ``played``) in one row or column: the
    cells between the first and the last that are neither played nor on ``before``, in order.

    >>> _straight_gaps({(1, 0): 0}, {(0, 0), (3, 0)}, ((0, 0), (3, 0)))
    ((2, 0),)
    """
    x, y = cells[0]
    if all(cy == y for _, cy in cells):
        xs = [cx for cx, _ in cells]
        return tuple([(cx, y) for cx in range(min(xs), max(xs) + 1)
                      if (cx, y) not in played and (cx, y) not in before])
    ys = [cy for _, cy in cells]
    return tuple([(x, cy) for cy in range(min(ys), max(ys) + 1) if (x, cy) not in played and (x, cy) not in before])


def _line_picker(before: Mapping[Cell, int], played: Mapping[Cell, int], size: int,
                 line: tuple[Cell, ...]) -> tuple[Callable[[tuple[int, ...]], tuple[int, ...]], tuple[int, ...]]:
    """How to read the cards of ``line`` (two or more cells) after a play, without looking any cell up:
    ``(picker, olds)``, where ``played`` maps each played cell to the index of its card in the play
    of ``size`` cards, ``olds`` are the cards already on the line's other cells and ``picker(played cards + olds)`` is the
    line's cards in line order. (For a cell played twice ``played`` names the card played last on it, as
    in a mapping built from the play.)

    >>> picker, olds = _line_picker({(0, 0): 7}, {(1, 0): 0, (2, 0): 1}, 2, ((0, 0), (1, 0), (2, 0)))
    >>> olds, picker((3, 4) + olds)
    ((7,), (7, 3, 4))
    """
    olds = tuple([before[c] for c in line if c not in played])
    where, old = [], size
    for c in line:
        if c in played:
            where.append(played[c])
        else:
            where.append(old)
            old += 1
    return operator.itemgetter(*where), olds


def analyse_play(board: tuple[Placed, ...], placed: tuple[Placed, ...]) -> PlayAnalysis:
    """:func:`~ruleproof.spec.bigfive_board.analyse_play`, the last result remembered (every placement rule
    asks in turn).

    ``has_existing`` (:func:`~ruleproof.spec.bigfive_board.contains_existing_card`) and ``lines``
    (:func:`~ruleproof.spec.bigfive_board.compute_lines_through` on the board after the play) are read off
    runs shared by every play on the board (:func:`_compute_geometry`); what depends on the cells alone is
    shared by every play on the same cells (:func:`_play_geometry`).
    """
    last_board, last_placed, last = _LAST_PLAY[0]
    if last_board is board and last_placed == placed:
        known: PlayAnalysis = last
        return known
    geometry, cards = _play_geometry(board, placed)
    cells = geometry[0]
    occupied, duplicates, straight, gaps, has_existing, found = _geometry_rest(geometry)
    lines = tuple([(line, picker(cards + olds)) for line, picker, olds in found])
    # tuple.__new__ is what PlayAnalysis(...) does, without its keyword handling (one call per candidate play)
    result: PlayAnalysis = tuple.__new__(PlayAnalysis, (cells, cards, occupied, duplicates, straight, gaps,
                                                        has_existing, lines))
    _LAST_PLAY[0] = (board, placed, result)
    return result


def holds_uniform_lines(board: tuple[Placed, ...], placed: tuple[Placed, ...]) -> bool:
    """Whether every line through ``placed`` after the play is of one colour or one animal (BF-LINE-3), without
    building the analysis (most candidate plays break this rule and no other rule asks about them).

    With every card known it reads the feature bits each line's old cards share (:func:`_line_masks`): a line
    is uniform exactly when those and its played cards' bits still share one; else the analysis's lines. The
    geometry is looked up here as :func:`_play_geometry` does, and computed here when not yet known (one call
    less per candidate play).

    >>> from ruleproof.spec.bigfive import parse_card, parse_move
    >>> board = (Placed(0, 0, parse_card("Lp")),)
    >>> holds_uniform_lines(board, parse_move("play Gp@1,0").placed), holds_uniform_lines(board, parse_move("play Gb@1,0").placed)
    (True, False)
    """
    owner, known = _LAST_GEOMETRY[0]
    if owner is board and placed:
        xs, ys, cards = zip(*placed)
        key = (xs, ys)
        geometry = known.get(key)
        if geometry is None:  # as _play_geometry computes it, from the columns split here already
            geometry = known[key] = _compute_geometry(board, _board_map_of(board), tuple(zip(xs, ys)))
    else:
        geometry, cards = _play_geometry(board, placed)
    masks = geometry[2]
    if masks is not None:
        bits = _FEATURE_BITS
        try:
            for indices, common in masks:
                for i in indices:
                    common &= bits[cards[i]]
                if not common:
                    return False
            return True
        except (KeyError, TypeError):  # a played value that is no card: read the lines' cards below
            pass
    return all(is_line_uniform(line_cards) for _, line_cards in analyse_play(board, placed).lines)

