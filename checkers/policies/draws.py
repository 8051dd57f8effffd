"""Keyed random draws: the common random numbers every policy and paired comparison share.

A draw is named by a key (``"<run>|<seat>|<decision number>"``), never taken
from a generator whose state depends on what happened before, so two runs of
a game under two readings draw the same numbers for the same seat's n-th
decision whatever else differs. Two ways to map a key onto a choice:

* :func:`pick_index` maps one uniform number onto a move list (two runs with
  the same list pick the same move);
* :func:`pick_minhash` gives each move a hashed priority under the key and
  takes the least (two runs with different lists pick the same move whenever
  it lies in both and wins in both: probability = the lists' Jaccard overlap).

Chance is drawn the same two ways (:func:`chance_cdf`, and :func:`chance_gumbel`:
the Gumbel-max trick with hashed noise, right for any probabilities). Each is
uniform over the moves (chance: follows its probabilities).

Hand-written on purpose: the hashes must be stable across processes,
machines and Python versions (``hash()`` is salted per process, and
:mod:`random` gives no keyed, order-free draws); BLAKE2b and SplitMix64 give
that in a few lines.

>>> moves = ["a", "b", "c", "d"]
>>> pick_minhash(moves, b"k|0|3") == pick_minhash(list(reversed(moves)), b"k|0|3")
True
>>> draws = Draws("run")
>>> draws.key(0), draws.key(0), draws.key(1)
(b'run|0|0', b'run|0|1', b'run|1|0')
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from typing import Any

__all__ = ["Draws", "chance_cdf", "chance_gumbel", "key64", "move_hash", "pick_index", "pick_minhash", "priority",
           "unit"]

_MASK = (1 << 64) - 1
_MOVE_HASH: dict[Any, int] = {}


def unit(key: bytes) -> float:
    """A uniform number in (0, 1) determined by ``key``.

    >>> 0 < unit(b"x") < 1, unit(b"x") == unit(b"x")
    (True, True)
    """
    digest = hashlib.blake2b(key, digest_size=8).digest()
    return (int.from_bytes(digest, "big") + 0.5) / 2.0**64


class Draws:
    """The keyed draws of one run: a counter per actor (seats, and chance under its own number)."""

    __slots__ = ("base", "counts")

    def __init__(self, base: str, counts: dict[int, int] | None = None) -> None:
        self.base = base
        self.counts: dict[int, int] = dict(counts or {})

    def key(self, actor: int) -> bytes:
        """The key of ``actor``'s next draw (the counter advances)."""
        n = self.counts.get(actor, 0)
        self.counts[actor] = n + 1
        return f"{self.base}|{actor}|{n}".encode()

    def copy(self) -> Draws:
        """An independent copy (the two runs of a pair continue from the same counters)."""
        return Draws(self.base, self.counts)


def pick_index(moves: Sequence[Any], key: bytes) -> Any:
    """Lock-step choice: one draw mapped onto the (shared) move list."""
    return moves[min(len(moves) - 1, int(unit(key) * len(moves)))]


def move_hash(move: Any) -> int:
    """A stable 64-bit hash of a move's text form (cached)."""
    h = _MOVE_HASH.get(move)
    if h is None:
        if len(_MOVE_HASH) > 500_000:
            _MOVE_HASH.clear()
        h = int.from_bytes(hashlib.blake2b(str(move).encode(), digest_size=8).digest(), "big")
        _MOVE_HASH[move] = h
    return h


def priority(k64: int, move: Any) -> int:
    """SplitMix64 of the draw key mixed with the move: a pseudo-random 64-bit priority."""
    z = ((k64 ^ move_hash(move)) + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def key64(key: bytes) -> int:
    """The key as a 64-bit number."""
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


def pick_minhash(moves: Sequence[Any], key: bytes) -> Any:
    """Coupled choice: the move with the least hashed priority (uniform over ``moves``)."""
    k64 = key64(key)
    return min(moves, key=lambda m: priority(k64, m))


def chance_cdf(outcomes: Sequence[tuple[Any, float]], key: bytes) -> Any:
    """Lock-step chance: inverse CDF of one draw over the (shared) outcome list."""
    total = sum(p for _, p in outcomes)
    target = unit(key) * total
    acc = 0.0
    for move, p in outcomes:
        acc += p
        if target < acc:
            return move
    return outcomes[-1][0]


def chance_gumbel(outcomes: Sequence[tuple[Any, float]], key: bytes) -> Any:
    """Coupled chance: Gumbel-max with hashed noise per (event, outcome); min-hash when uniform."""
    first = outcomes[0][1]
    if all(abs(p - first) <= 1e-12 for _, p in outcomes):
        return pick_minhash([m for m, _ in outcomes], key)
    k64 = key64(key)
    best, best_score = outcomes[0][0], -math.inf
    for move, p in outcomes:
        if p <= 0:
            continue
        u = (priority(k64, move) + 0.5) / 2.0**64
        score = math.log(p) - math.log(-math.log(u))
        if score > best_score:
            best, best_score = move, score
    return best
