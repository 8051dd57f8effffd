"""The free windows of the fast Big Five playout (:mod:`ruleproof.model.bigfive_free`):
their candidates that fit the perpendicular lines are exactly the generated
multi-card plays, each once, and updating them in place after each play gives
what counting a fresh board gives."""

from __future__ import annotations

import random
from collections import Counter

from ruleproof.model.bigfive import _Index, generate_plays, grow_board
from ruleproof.model.bigfive_free import FreeWindows, free_windows, hand_mask, pattern_counts, pattern_windows
from ruleproof.spec.bigfive import FULL_DECK, Placed


def _rest(board: tuple[Placed, ...]) -> list[int]:
    return sorted((Counter(FULL_DECK) - Counter(p.card for p in board)).elements())


def _candidates(free: FreeWindows, hand: tuple[int, ...], min_size: int) -> tuple[int, list[tuple[Placed, ...]]]:
    mask = hand_mask(hand)
    total, entries = free.census(mask, min_size)
    found = [free.play(entries, r, mask) for r in range(total)]
    return total, [p for p in found if p is not None]


def test_free_candidates_are_the_multi_card_plays_and_updates_equal_a_fresh_count() -> None:
    rng = random.Random(3)
    candidates = plays = 0
    for _ in range(6):
        board = grow_board(1, rng)
        index = _Index(board)
        index.singles()
        free = free_windows(index)
        rest = _rest(board)
        for _ in range(40):
            hand = tuple(sorted(rng.sample(rest, 5)))
            for min_size in (1, 2, 3):
                total, legal = _candidates(free, hand, min_size)
                expected = [p for p in generate_plays(index, hand, min_size) if len(p) > 1]
                assert sorted(legal) == expected  # each play once, nothing else
                candidates += total
                plays += len(expected)
            moves = generate_plays(index, hand)
            if not moves:
                continue
            play = moves[rng.randrange(len(moves))]
            for p in play:
                rest.remove(p.card)
            board = tuple(sorted(board + play))
            index.advance(play)  # updates ``free`` in place
            fresh = FreeWindows(_Index(board))
            assert free.lines == fresh.lines
            assert free.groups == fresh.groups
    assert plays > 200 and candidates >= plays


def test_after_leaves_the_free_windows_of_the_old_index_alone() -> None:
    board = grow_board(12, random.Random(4))
    index = _Index(board)
    free = free_windows(index)
    lines = {key: (dict(t), dict(r)) for key, (t, r) in free.lines.items()}
    x, y, _ = board[0]
    empty = next((x + d, y) for d in range(1, 30) if (x + d, y) not in index.cells)
    moved = index.after((Placed(empty[0], empty[1], _rest(board)[0]),))
    assert free_windows(moved) is not free
    assert free.lines == lines


def test_pattern_windows_of_a_lone_card() -> None:
    # A lone card with room on both sides: per mode (colour, animal) the
    # segments of 3, 4 and 5 cells through it: 3 + 4 + 5 windows.
    pattern = (4, 0, -1, -1, -1, -1, -1)
    assert len(pattern_windows(pattern)) == 24
    assert sorted(n for _, _, *by_k in pattern_counts(pattern) for n in by_k) == [3, 3, 4, 4, 5, 5]
    # No room before it and a card of its colour two cells after: fewer segments.
    fewer = pattern_windows((0, 0, -1, 5, -1, -1, -1))
    assert 0 < len(fewer) < 24
    assert sum(sum(by_k) for _, _, *by_k in pattern_counts((0, 0, -1, 5, -1, -1, -1))) == len(fewer)
    # A run of five: no window.
    assert pattern_windows((4, 0, 1, 2, 3, 4, -1)) == []
    assert pattern_counts((4, 0, 1, 2, 3, 4, -1)) == ()


def test_pattern_counts_count_the_pattern_windows() -> None:
    """The counting walk (kept per pattern) agrees with the listed windows on random patterns."""
    from ruleproof.model.bigfive_free import _pattern_counts

    rng = random.Random(5)
    windows = 0
    for _ in range(3000):
        pattern = (rng.randint(0, 4), rng.randrange(25), *(rng.randrange(25) if rng.random() < 0.35 else -1
                                                           for _ in range(5)))
        listed: Counter[tuple[int, int]] = Counter((mode, k) for mode, k, _, _ in pattern_windows(pattern))
        counted = {(mode, k): n for mode, _, *by_k in _pattern_counts(pattern) for k, n in enumerate(by_k, 2) if n}
        assert counted == listed, pattern
        windows += sum(listed.values())
    assert windows > 10000


def test_any_play_with_free_windows_equals_the_generated_plays() -> None:
    """The stalemate test of the fast playout's index (single masks, then the
    free candidates) answers as the generated plays do, also for hands with
    multi-card plays only."""
    rng = random.Random(8)
    answers: Counter[bool] = Counter()
    for size in (1, 6, 20, 45):
        for _ in range(5):
            board = grow_board(size, rng)
            plain, fast = _Index(board), _Index(board)
            free_windows(fast)
            rest = _rest(board)
            for _ in range(30):
                hand = tuple(sorted(rng.sample(rest, rng.randint(1, 5))))
                for min_size in (1, 2, 3):
                    expected = bool(generate_plays(plain, hand, min_size, first=True))
                    assert fast.any_play(hand, min_size) == expected == plain.any_play(hand, min_size)
                    answers[expected] += 1
    assert answers[True] > 100 and answers[False] > 100
