"""Random draws written out through ``getrandbits``: the numbers ``random.Random`` makes, without its calls.

The fast playouts draw thousands of small integers a game. ``Random.randrange(n)``
and ``Random.shuffle`` are Python functions around one C call,
``getrandbits(n.bit_length())`` repeated until the result is below ``n``; a
playout that writes that loop out at its draw sites makes *the same numbers
from the same generator state* for a fraction of the cost (issue 36: the
benchmarks' baselines draw this way, so the engines must too).

That equality is CPython's, not the language's: :data:`BITS_OK` checks it once
at import, and :func:`draws_by_bits` tells a playout whether it may draw this
way for a given generator (the standard ``random.Random`` only: a subclass may
override ``random`` or ``getrandbits``). A playout that may not falls back to
its generic path, which calls the generator.

>>> a, b = random.Random(7), random.Random(7)
>>> [below(a.getrandbits, 10) for _ in range(5)] == [b.randrange(10) for _ in range(5)]
True
>>> x, y = list(range(20)), list(range(20))
>>> shuffle_by_bits(random.Random(3).getrandbits, x); random.Random(3).shuffle(y); x == y
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

__all__ = ["BITS_OK", "MAX_WIDTHS", "WIDTHS", "below", "draws_by_bits", "shuffle_by_bits"]

#: ``WIDTHS[n]`` is ``n.bit_length()``, the bits a draw below ``n`` asks for (a table lookup is cheaper than the
#: call), for every ``n`` up to :data:`MAX_WIDTHS`, above any option count of the five games (Cinco's largest:
#: ten cards of a hand times 256 cells, and one exchange). A playout whose counts may pass it checks first.
MAX_WIDTHS = 4096
WIDTHS: tuple[int, ...] = tuple(n.bit_length() for n in range(MAX_WIDTHS + 1))


def below(bits: Callable[[int], int], n: int) -> int:
    """``Random._randbelow(n)`` through the generator's ``getrandbits``: the same number from the same state.

    ``n`` > 0. The hot loops write this out inline; it is a function for the cooler sites and the check below.
    """
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle_by_bits(bits: Callable[[int], int], x: list[Any]) -> None:
    """``Random.shuffle(x)`` through ``getrandbits``: the same order from the same generator state."""
    for i in range(len(x) - 1, 0, -1):
        width = WIDTHS[i + 1] if i < MAX_WIDTHS else (i + 1).bit_length()
        j = bits(width)
        while j > i:
            j = bits(width)
        x[i], x[j] = x[j], x[i]


def _check() -> bool:
    """Whether :func:`below` and :func:`shuffle_by_bits` make this Python's ``random.Random`` draws."""
    if random.Random._randbelow is not random.Random._randbelow_with_getrandbits:  # type: ignore[attr-defined]
        return False
    rng, other = random.Random(5), random.Random(5)
    if not all(below(rng.getrandbits, n) == other.randrange(n) for n in (1, 2, 3, 4, 7, 10, 104, 1000)):
        return False
    for seed, n in ((0, 2), (1, 55), (2, 110), (3, 1500)):
        mine, theirs = list(range(n)), list(range(n))
        shuffle_by_bits(random.Random(seed).getrandbits, mine)
        random.Random(seed).shuffle(theirs)
        if mine != theirs:
            return False
    return True


#: Whether drawing through ``getrandbits`` makes the standard generator's numbers on this Python.
BITS_OK = _check()


def draws_by_bits(rng: random.Random) -> bool:
    """Whether a playout may draw from ``rng`` through its ``getrandbits`` and get ``rng``'s own numbers.

    >>> draws_by_bits(random.Random(1)) == BITS_OK
    True
    >>> class Loaded(random.Random):
    ...     def random(self) -> float:
    ...         return 0.5
    >>> draws_by_bits(Loaded(1))
    False
    """
    return BITS_OK and type(rng) is random.Random
