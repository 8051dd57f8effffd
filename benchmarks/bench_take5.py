"""Take 5 speed as ratios (see :mod:`harness`): the engine against a minimal
single-purpose round loop written for the benchmark, and record validation
against the engine's own playouts.

Run on demand (never part of the test suite)::

    .venv/bin/python benchmarks/bench_take5.py [--quick]

or all games at once with ``benchmarks/run_all.py``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from common import (
    checked_playout,
    playout_work,
    run_main,
    validation_comparison,
)
from harness import Comparison, compare, until
from ruleproof.model.take5 import GAME

PLAYERS = 4


def minimal_loop(players: int, seed: int) -> Callable[[float], float]:
    """A bare single-purpose round loop: shuffle, deal, random choices, place,
    take a random row when a card is too low, take the row on a sixth card.
    Units are rounds."""
    rng = random.Random(seed)
    cards = list(range(1, 105))

    def work(budget: float) -> float:
        more = until(budget)
        rounds = 0
        while more():
            rng.shuffle(cards)
            hands = [cards[i * 10:(i + 1) * 10] for i in range(players)]
            rows = [[c] for c in cards[players * 10:players * 10 + 4]]
            for _ in range(10):
                played = sorted((h.pop(rng.randrange(len(h))), s) for s, h in enumerate(hands))
                for card, _seat in played:
                    fits = [r for r in rows if r[-1] < card]
                    if not fits:
                        rows[rng.randrange(4)][:] = [card]
                        continue
                    row = max(fits, key=lambda r: r[-1])
                    if len(row) == 5:
                        row[:] = [card]
                    else:
                        row.append(card)
            rounds += 1
        return rounds

    return work


def _bullheads(card: int) -> int:
    if card == 55:
        return 7
    return 5 if card % 11 == 0 else 3 if card % 10 == 0 else 2 if card % 5 == 0 else 1


def minimal_games(players: int, seed: int) -> Callable[[float], float]:
    """The minimal round loop playing whole games: bullheads counted, the game
    ends after the round in which a total passes 66. Units are games."""
    rng = random.Random(seed)
    cards = list(range(1, 105))
    bull = [0] + [_bullheads(c) for c in cards]

    def work(budget: float) -> float:
        more = until(budget)
        games = 0
        while more():
            totals = [0] * players
            while max(totals) <= 66:
                rng.shuffle(cards)
                hands = [cards[i * 10:(i + 1) * 10] for i in range(players)]
                rows = [[c] for c in cards[players * 10:players * 10 + 4]]
                for _ in range(10):
                    played = sorted((h.pop(rng.randrange(len(h))), s) for s, h in enumerate(hands))
                    for card, seat in played:
                        fits = [r for r in rows if r[-1] < card]
                        if not fits:
                            row = rows[rng.randrange(4)]
                            totals[seat] += sum(bull[c] for c in row)
                            row[:] = [card]
                            continue
                        row = max(fits, key=lambda r: r[-1])
                        if len(row) == 5:
                            totals[seat] += sum(bull[c] for c in row)
                            row[:] = [card]
                        else:
                            row.append(card)
            games += 1
        return games

    return work


def cli_simulate(players: int, games: int) -> Callable[[float], float]:
    """``ruleproof simulate take5 --players P --games G --jobs 1 --quiet --json`` run in this process
    (parsing, playing, statistics, JSON output); units are games. Each call runs whole commands. One
    job: process CPU time does not count worker processes, and the ratio is per core."""
    import contextlib
    import io

    from ruleproof.checkers.cli.main import main as cli

    seed = [0]

    def work(budget: float) -> float:
        more = until(budget)
        done = 0
        while more():
            seed[0] += 1
            with contextlib.redirect_stdout(io.StringIO()):
                code = cli(["simulate", "take5", "--players", str(players), "--games", str(games),
                            "--seed", str(seed[0]), "--jobs", "1", "--quiet", "--json"])
            assert code == 0
            done += games
        return done

    return work


def comparisons(quick: bool = False) -> list[Comparison]:
    slices, budget = (3, 0.25) if quick else (7, 0.6)
    variant = GAME.default_variant()
    rounds = lambda final, steps: final.round  # noqa: E731
    out = [
        compare(f"take5 {PLAYERS}p random_playout / minimal loop",
                playout_work(GAME, PLAYERS, variant, lambda g, s, r: g.random_playout(s, r), 1, rounds),
                minimal_loop(PLAYERS, 2), unit="rounds", target=0.6, slices=slices, budget=budget,
                candidate_label="Take5Game.random_playout", baseline_label="minimal round loop"),
        compare(f"take5 {PLAYERS}p checked loop / minimal loop",
                playout_work(GAME, PLAYERS, variant, checked_playout, 1, rounds),
                minimal_loop(PLAYERS, 2), unit="rounds", target=0.3, slices=slices, budget=budget,
                candidate_label="legal_moves + apply(check=True)", baseline_label="minimal round loop"),
    ]
    games = 500 if quick else 2000
    out.append(compare(f"take5 {PLAYERS}p simulate --games {games} / minimal games",
                       cli_simulate(PLAYERS, games), minimal_games(PLAYERS, 2), unit="games", target=0.3,
                       slices=slices, budget=budget, candidate_label=f"ruleproof simulate take5 --games {games}",
                       baseline_label="minimal loop, whole games"))
    out.append(validation_comparison("take5", GAME, PLAYERS, variant, 3, slices=slices, budget=budget))
    return out


def main() -> None:
    run_main(__doc__, comparisons)


if __name__ == "__main__":
    sys.exit(main())
