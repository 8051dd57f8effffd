"""Big Five benchmarks: legal-play generation on boards of 10, 40 and 80 cards,
and full random games per second for 2–4 players.

Run: ``.venv/bin/python benchmarks/bench_bigfive.py`` (prints figures; no assertions).
"""

from __future__ import annotations

import random
import time
from collections import Counter

from ruleproof.model.bigfive import GAME, _Index, generate_plays, grow_board
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.spec import bigfive as bf
from ruleproof.spec.bigfive import BigFiveVariant


def bench_generation(size: int, boards: int = 20, hands: int = 50) -> None:
    rng = random.Random(size)
    cases = []
    for _ in range(boards):
        board = grow_board(size, rng)
        rest = sorted((Counter(bf.FULL_DECK) - Counter(p.card for p in board)).elements())
        for _ in range(hands):
            cases.append((board, tuple(sorted(rng.sample(rest, 5)))))
    plays = 0
    start = time.perf_counter()
    for board, hand in cases:
        plays += len(generate_plays(_Index(board), hand))
    elapsed = time.perf_counter() - start
    state_cases = [bf.make_position([str(p) for p in b], [[bf.card_code(c) for c in h], []]) for b, h in cases[:200]]
    start = time.perf_counter()
    for s in state_cases:
        GAME.legal_moves(s)
    full = (time.perf_counter() - start) / len(state_cases)
    print(f"board {size:3} cards: {len(cases) / elapsed:8.0f} generations/s "
          f"({elapsed / len(cases) * 1e6:6.0f} µs each, {plays / len(cases):5.1f} plays on average); "
          f"legal_moves incl. exchanges {full * 1e6:6.0f} µs")


def bench_games(players: int, variant: BigFiveVariant, seconds: float = 3.0) -> None:
    rng = random.Random(players)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.initial_state(players, variant)
        _, steps = GAME.random_playout(state, rng)
        games += 1
        moves += steps
    elapsed = time.perf_counter() - start
    print(f"{players} players {'' if variant == BigFiveVariant() else str(variant):>0}: "
          f"{games / elapsed:7.1f} random games/s, {moves / games:6.0f} moves per game")


def bench_playful_games(players: int, seconds: float = 3.0) -> None:
    """Random games that prefer plays (90 %) to exchanges: crowded boards, longer games."""
    rng = random.Random(players)
    games = moves = cards = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.initial_state(players, BigFiveVariant())
        while True:
            actor = GAME.current_player(state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                move = GAME.sample_chance(state, rng)
            else:
                legal = GAME.legal_moves(state)
                plays = [m for m in legal if isinstance(m, bf.Play)]
                move = rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(legal)
            state = GAME.apply_unchecked(state, move)
            moves += 1
        games += 1
        cards += len(state.board)
    elapsed = time.perf_counter() - start
    print(f"{players} players, plays preferred: {games / elapsed:7.1f} games/s, {moves / games:6.0f} moves, "
          f"{cards / games:5.1f} cards on the final board")


def main() -> None:
    for size in (10, 40, 80):
        bench_generation(size)
    for players in (2, 3, 4):
        bench_games(players, BigFiveVariant())
    for players in (2, 3, 4):
        bench_playful_games(players)


if __name__ == "__main__":
    main()
