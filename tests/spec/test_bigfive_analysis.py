"""Big Five: the play analysis shared by the placement rules equals the named line functions,
and the candidate plays (cell sets remembered per board) equal a plain enumeration.

:func:`ruleproof.spec.bigfive.analyse_play` reads its lines and its "holds an
old card" fact off runs remembered per board; here every field is compared
with the plain functions (:func:`compute_lines_through`,
:func:`contains_existing_card`, ...) on random boards and random plays,
including plays that are not straight, leave gaps, repeat or occupy cells,
plays whose cells extend one another's runs and other cards on the same cells.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from ruleproof.spec.bigfive import (
    MAX_GROUP,
    MAX_LINE,
    Placed,
    Play,
    analyse_play,
    board_map,
    candidate_plays,
    compute_gaps,
    compute_lines_through,
    contains_existing_card,
    is_line_uniform,
    is_straight,
)


def _reference(board: tuple[Placed, ...], placed: tuple[Placed, ...]) -> tuple[object, ...]:
    before = board_map(board)
    cells = tuple((p.x, p.y) for p in placed)
    after = dict(before)
    for p in placed:
        after[(p.x, p.y)] = p.card
    lines = tuple((line, tuple(after[c] for c in line)) for line in compute_lines_through(after, cells))
    return (cells, tuple(p.card for p in placed), tuple(c for c in cells if c in before),
            tuple(sorted(c for c, n in Counter(cells).items() if n > 1)), is_straight(cells),
            compute_gaps(before, cells), bool(cells) and contains_existing_card(before, cells), lines)


def _random_board(rng: random.Random) -> tuple[Placed, ...]:
    cells = {(0, 0)}
    while len(cells) < rng.randint(1, 30):
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        cells.add((x + dx, y + dy))
    return tuple(Placed(x, y, rng.randrange(25)) for x, y in sorted(cells))


def _random_play(rng: random.Random, board: tuple[Placed, ...]) -> tuple[Placed, ...]:
    x, y = rng.choice([(p.x, p.y) for p in board])
    size = rng.randint(0, 4)
    if rng.random() < 0.7:  # along one line, with a random start, step and length (gaps and overlaps happen)
        dx, dy = rng.choice([(1, 0), (0, 1)])
        start = rng.randint(-5, 2)
        step = rng.choice([1, 1, 1, 2])
        cells = [(x + (start + i * step) * dx, y + (start + i * step) * dy) for i in range(size)]
    else:  # anywhere nearby
        cells = [(x + rng.randint(-3, 3), y + rng.randint(-3, 3)) for _ in range(size)]
    return tuple(Placed(cx, cy, rng.randrange(25)) for cx, cy in cells)


def test_analyse_play_equals_the_line_functions_on_random_boards_and_plays() -> None:
    rng = random.Random(20261201)
    extended = 0
    for _ in range(300):
        board = _random_board(rng)
        for _ in range(15):
            placed = _random_play(rng, board)
            got = analyse_play(board, placed)
            assert tuple(got) == _reference(board, placed), (board, placed)
            # The same cells with other cards: what depends on the cells is shared, the lines' cards are not.
            recarded = tuple(Placed(p.x, p.y, rng.randrange(25)) for p in placed)
            assert tuple(analyse_play(board, recarded)) == _reference(board, recarded), (board, recarded)
            extended += any(len(line) > 1 and sum(c in {(p.x, p.y) for p in placed} for c in line) > 1
                            for line, _ in got.lines)
    assert extended > 100  # many plays whose played cells join one another's runs


def test_analyse_play_follows_a_played_cell_beyond_a_remembered_run() -> None:
    # The run through (2, 0) on the board alone is (2, 0) itself; played at once with (3, 0), the line grows.
    board = (Placed(0, 0, 0), Placed(1, 0, 5))
    alone = analyse_play(board, (Placed(2, 0, 10),))
    assert [line for line, _ in alone.lines] == [((0, 0), (1, 0), (2, 0))]
    both = analyse_play(board, (Placed(2, 0, 10), Placed(3, 0, 15)))
    assert [line for line, _ in both.lines] == [((0, 0), (1, 0), (2, 0), (3, 0))]
    far = analyse_play(board, (Placed(3, 0, 10), Placed(4, 0, 15)))
    assert far.gaps == () and [line for line, _ in far.lines] == [((3, 0), (4, 0))] and not far.has_existing


def _reference_candidates(board: tuple[Placed, ...], hand: list[int], exhaustive: bool) -> list[Play]:
    """The candidate enumeration written out plainly: every cell set from the windows, every order, sorted."""
    before = board_map(board)
    limit = min(MAX_GROUP, len(hand))
    cell_sets: set[tuple[tuple[int, int], ...]] = set()
    for anchor in before:
        for axis in ((1, 0), (0, 1)):
            for start in range(-(MAX_LINE - 1), 1):
                window = [(anchor[0] + (start + i) * axis[0], anchor[1] + (start + i) * axis[1])
                          for i in range(MAX_LINE)]
                if exhaustive:
                    empty = [c for c in window if c not in before]
                    for size in range(1, min(limit, len(empty)) + 1):
                        cell_sets.update(itertools.combinations(empty, size))
                    continue
                where = window.index(anchor)
                for lo in range(where + 1):
                    for hi in range(where, MAX_LINE):
                        empty = [c for c in window[lo:hi + 1] if c not in before]
                        if 1 <= len(empty) <= limit:
                            cell_sets.add(tuple(empty))
    orders = {}
    for size in range(1, limit + 1):
        groups = {g for g in itertools.combinations(sorted(hand), size) if exhaustive or is_line_uniform(g)}
        orders[size] = sorted({o for g in groups for o in itertools.permutations(g)})
    plays: list[tuple[Placed, ...]] = []
    for singles in (True, False):  # single cards first, then the groups (their cell sets in order, any size)
        for cells in sorted(c for c in cell_sets if (len(c) == 1) == singles):
            plays += [tuple(sorted(Placed(x, y, card) for (x, y), card in zip(cells, order)))
                      for order in orders[len(cells)]]
    return [Play(p) for p in plays]


def test_candidate_plays_equal_the_plain_enumeration_on_random_boards_and_hands() -> None:
    rng = random.Random(5)
    for index in range(60):
        board = _random_board(rng)
        for _ in range(3):
            hand = [rng.randrange(25) for _ in range(rng.randint(1, 5))]
            exhaustive = index % 10 == 0
            assert candidate_plays(board, hand, exhaustive=exhaustive) == _reference_candidates(board, hand, exhaustive)


def test_geometry_masks_equal_the_line_masks_on_random_boards_and_plays() -> None:
    """The masks BF-LINE-3's fast form reads, built with the geometry (a run through one empty played cell
    takes its old cards' bits remembered per board), equal :func:`_line_masks` of the geometry's lines, on
    random boards and plays (occupied and repeated cells, values that are no card, on the board or played)."""
    from ruleproof.spec import bigfive as bf

    rng = random.Random(20261202)
    remembered = 0
    for index in range(250):
        board = _random_board(rng)
        if index % 5 == 0:  # a value that is no card on the board
            board = tuple(p._replace(card=rng.choice((-1, 30))) if rng.random() < 0.1 else p for p in board)
        before = board_map(board)
        for _ in range(20):
            placed = _random_play(rng, board)
            cells = tuple((p.x, p.y) for p in placed)
            masks_known = len(bf._LAST_RUNS[0][2]) if bf._LAST_RUNS[0][0] is board else 0
            geometry = bf._compute_geometry(board, before, cells)
            remembered += len(bf._LAST_RUNS[0][2]) > masks_known
            index_of = {cell: i for i, cell in enumerate(cells)}
            assert geometry[1] == [line for line, _ in analyse_play(board, placed).lines], (board, placed)
            assert geometry[2] == bf._line_masks(before, index_of, geometry[1]), (board, placed)
    assert remembered > 500  # the remembered masks were built (and then read) many times


def test_candidate_plays_equal_the_plain_enumeration_on_a_growing_board() -> None:
    """Each board one card more than the last (most of its lines' cell sets remembered from the boards
    before): the candidates still equal the plain enumeration, for every group size limit."""
    rng = random.Random(11)
    board = _random_board(rng)
    for step in range(40):
        cells = {(p.x, p.y) for p in board}
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        if (x + dx, y + dy) not in cells:
            board = tuple(sorted((*board, Placed(x + dx, y + dy, rng.randrange(25)))))
        hand = [rng.randrange(25) for _ in range(step % 5 + 1)]
        assert candidate_plays(board, hand) == _reference_candidates(board, hand, False), (board, hand)


def test_plays_made_through_the_slot_equal_plays_made_by_the_class() -> None:
    """Candidate plays are made by ``object.__new__`` and the ``placed`` slot (no Python call per play):
    the same values as ``Play(group)`` (class, field, hash, text, order), still frozen, and that holds only
    while ``placed`` is the class's one field and nothing runs after ``__init__``; a setter that stores
    another group is caught."""
    import dataclasses

    import pytest

    from ruleproof.spec import bigfive as bf

    assert [f.name for f in dataclasses.fields(Play)] == ["placed"]
    assert not hasattr(Play, "__post_init__")
    rng = random.Random(3)
    groups = [_random_play(rng, _random_board(rng)) for _ in range(200)]
    made = bf._plays(groups)
    expected = [Play(g) for g in groups]
    assert made == expected
    assert [type(p) for p in made] == [Play] * len(groups)
    assert [hash(p) for p in made] == [hash(p) for p in expected]
    assert [str(p) for p in made] == [str(p) for p in expected]
    assert sorted(made) == sorted(expected)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made[0].placed = ()  # type: ignore[misc]

    planted = bf._SET_PLACED
    try:
        bf._SET_PLACED = lambda play, group: planted(play, group[::-1])
        assert bf._plays(groups) != expected
    finally:
        bf._SET_PLACED = planted
