"""``compare`` in worker processes (``ruleproof diff --jobs N``): ranges of game indices, pairs in game order.

Game ``i`` of a batch is played by :func:`~ruleproof.checkers.analysis.pair_play.play_pair`
keyed by ``(seed, i)`` whatever process plays it, so cutting the games into
ranges and putting the pairs back in order gives the pairs of one process; each
range draws its own first divergence, and ``compare`` keeps only the first one
drawn overall, as one process does. The pool is
:func:`ruleproof.checkers.checks.workers.worker_pool` (the standard library's
process pool, stopped by one Ctrl-C, its workers reporting each finished game
as they go): one machine needs no scheduler (the campaign layer,
:mod:`ruleproof.checkers.campaign`, is for more). ``diff``'s ``_add_pairs``
puts the pairs into a comparison (this module does not import ``diff``: no
import circle).

>>> from ruleproof.model.registry import game_for
>>> game = game_for("take5")
>>> pairs = list(pairs_in_parallel(game, 2, game.default_variant(), game.default_variant(), 0, 3, 1, None))
>>> [p.index for p in pairs], any(p.diverged for p in pairs)
([0, 1, 2], False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ruleproof.checkers.analysis.pair_play import play_pair
from ruleproof.checkers.analysis.pairs import PairResult
from ruleproof.checkers.policies.core import Seats
from ruleproof.model.core import Game

__all__ = ["JOB_CHUNK", "job_chunk", "pairs_in_parallel", "pairs_of"]

#: Paired games per task (a few tenths of a second of Take 5 each).
JOB_CHUNK = 250


def pairs_of(game: Game[Any, Any, Any], players: int, a: Any, b: Any, seed: int, first: int, count: int,
             game_b: Game[Any, Any, Any] | None, on_game: Callable[[int], None] | None = None,
             seats: Seats | None = None, probe: bool = False) -> list[PairResult]:
    """Games ``first .. first + count - 1``, with the first divergence among them drawn (a worker's task).

    :param on_game: called with each game's index as it finishes (in a worker: reported to the parent,
        :func:`_pairs_reported`).
    """
    pairs: list[PairResult] = []
    drawn = False
    for index in range(first, first + count):
        pair = play_pair(game, players, a, b, seed=seed, index=index, detail=not drawn, game_b=game_b, seats=seats,
                         probe=probe)
        drawn = drawn or pair.divergence is not None
        pairs.append(pair)
        if on_game is not None:
            on_game(index)
    return pairs


def _pairs_reported(game: Game[Any, Any, Any], players: int, a: Any, b: Any, seed: int, first: int, count: int,
                    game_b: Game[Any, Any, Any] | None, seats: Seats | None = None,
                    probe: bool = False) -> list[PairResult]:
    """:func:`pairs_of` in a worker, reporting the indices of its finished games as it goes."""
    from ruleproof.checkers.checks.workers import Throttle, report

    done: list[int] = []
    throttle = Throttle(lambda count: report(("games", done[-count:])))

    def on_game(index: int) -> None:
        done.append(index)
        throttle.add()

    pairs = pairs_of(game, players, a, b, seed, first, count, game_b, on_game, seats, probe)
    throttle.flush()
    return pairs


def job_chunk(games: int, jobs: int) -> int:
    """Paired games per task: at most :data:`JOB_CHUNK`, and about four tasks per worker for short runs.

    >>> job_chunk(100, 2), job_chunk(10_000, 2)
    (13, 250)
    """
    return max(1, min(JOB_CHUNK, -(-games // (4 * max(1, jobs)))))


def pairs_in_parallel(game: Game[Any, Any, Any], players: int, a: Any, b: Any, seed: int, games: int,
                      jobs: int, game_b: Game[Any, Any, Any] | None,
                      on_game: Callable[[int], None] | None = None, *, start: int = 0, seats: Seats | None = None,
                      probe: bool = False) -> Iterable[PairResult]:
    """Pairs ``start .. start + games - 1`` played by ``jobs`` worker processes, in game order; ``on_game`` gets
    each game's index as it finishes (not in game order). Engines that cannot be sent to a worker (a plugin
    class made at run time) play here."""
    import pickle

    from ruleproof.checkers.checks.workers import worker_pool

    size = job_chunk(games, jobs)
    parts = [(first, min(size, start + games - first)) for first in range(start, start + games, size)]
    try:
        pickle.dumps((game, game_b, a, b, seats))
    except Exception:  # noqa: BLE001 - any pickling failure: play in this process
        for first, count in parts:
            yield from pairs_of(game, players, a, b, seed, first, count, game_b, on_game, seats, probe)
        return

    def on_event(event: tuple[str, list[int]]) -> None:
        if on_game is not None:
            for index in event[1]:
                on_game(index)

    with worker_pool(min(jobs, len(parts)), on_event=on_event) as pool:
        futures = [pool.submit(_pairs_reported, game, players, a, b, seed, first, count, game_b, seats, probe)
                   for first, count in parts]
        for pairs in pool.results(futures):
            yield from pairs
