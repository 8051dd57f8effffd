"""Big Five play generation from cached windows: incremental updates equal a
fresh index, the direct check of one play equals membership in the generated
plays, and far-apart coordinates are refused without scanning the span."""

from __future__ import annotations

import random
from collections import Counter

from ruleproof.model.bigfive import GAME, _Index, check_play, generate_plays, grow_board
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec.bigfive import FULL_DECK, Play, Placed


def _rest(board: tuple[Placed, ...]) -> list[int]:
    return sorted((Counter(FULL_DECK) - Counter(p.card for p in board)).elements())


def _windows(index: _Index) -> tuple[dict[tuple[int, int], object], dict[tuple[int, int], int]]:
    return {k: v for k, v in index.lines().items() if v}, index.singles()


def test_incremental_windows_equal_a_fresh_index_along_random_games() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        board = grow_board(1, rng)
        index = _Index(board)
        index.lines()
        rest = _rest(board)
        for _ in range(40):
            hand = tuple(sorted(rng.sample(rest, 5)))
            plays = generate_plays(index, hand)
            if not plays:
                continue
            play = plays[rng.randrange(len(plays))]
            for p in play:
                rest.remove(p.card)
            board = tuple(sorted(board + play))
            index = index.after(play)
            fresh = _Index(board)
            assert _windows(index) == _windows(fresh)
            assert generate_plays(index, hand) == generate_plays(fresh, hand)


def test_direct_play_check_equals_membership() -> None:
    rng = random.Random(5)
    checked = 0
    for size in (1, 8, 25, 50):
        for _ in range(6):
            board = grow_board(size, rng)
            index = _Index(board)
            cells = [(p.x, p.y) for p in board]
            rest = _rest(board)
            for _ in range(6):
                hand = tuple(sorted(rng.sample(rest, 5)))
                for min_size in (1, 2, 3):
                    legal = set(generate_plays(index, hand, min_size))
                    assert all(check_play(index, hand, p, min_size) for p in legal)
                    for _ in range(25):  # near-miss candidates around the board
                        k = rng.randint(1, 4)
                        x0, y0 = rng.choice(cells)
                        horizontal = rng.random() < 0.5
                        start = rng.randint(-5, 1)
                        span = [(x0 + start + i, y0) if horizontal else (x0, y0 + start + i)
                                for i in range(k + rng.randint(0, 1))]
                        candidate = tuple(sorted(Placed(x, y, rng.choice(hand)) for x, y in rng.sample(span, k)))
                        assert check_play(index, hand, candidate, min_size) == (candidate in legal)
                        checked += 1
    assert checked > 1000


def test_invalid_far_apart_play_is_refused_without_scanning_the_span() -> None:
    board = (Placed(0, 0, 0),)
    hand = (1, 2, 5, 10, 11)
    # Scanning or allocating the span of 10**18 cells would never return.
    for far in (10**9, -(10**12), 10**18):
        assert not check_play(_Index(board), hand, (Placed(1, 0, 1), Placed(far, 0, 2)))
        assert not check_play(_Index(board), hand, (Placed(0, 1, 5), Placed(0, far, 10)))


def test_engine_is_legal_move_agrees_with_legal_moves_in_random_games() -> None:
    for players, seed in ((2, 1), (3, 2), (1, 3)):
        rng = random.Random(seed)
        variant = GAME.default_variant() if players > 1 else GAME.variant_type(children=True)
        state = GAME.initial_state(players, variant)
        for _ in range(400):
            actor = GAME.current_player(state)
            if actor == TERMINAL:
                break
            if actor != CHANCE:
                legal = GAME.legal_moves(state)
                for move in legal:
                    assert GAME.is_legal_move(state, move)
                hand = state.hands[actor]
                for p in generate_plays(_Index(state.board), hand)[:5]:
                    wrong = (p[0]._replace(x=p[0].x + 7),) + p[1:]
                    move = Play(tuple(sorted(wrong)))
                    assert GAME.is_legal_move(state, move) == (move in legal)
            state = GAME.apply(state, GAME.random_move(state, rng, actor))
