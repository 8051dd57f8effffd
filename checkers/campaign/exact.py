"""Exact sums, so statistics merged from chunks equal the ones computed over all values at once.

:func:`statistics.fmean` is the correctly rounded sum divided by the count and
:func:`statistics.stdev` the correctly rounded square root of the exact sample
variance; both depend only on the *exact* sum of the values and of their
squares. :class:`Sums` keeps those exactly (integer numerators per
power-of-two denominator, as the standard library's own ``_ss`` does), merges
by addition in any order, and rebuilds the same floats. ``tests/campaign``
checks :meth:`Sums.fmean` and :meth:`Sums.stdev` against the standard library
on random floats.

Why :func:`sqrt_fraction` is written here: the standard library's correctly
rounded square root of a fraction is private (``statistics._float_sqrt_of_frac``);
any correctly rounded implementation gives the same float, and this one is
the textbook round-to-odd construction in a few lines.

>>> s = Sums()
>>> for x in (1.5, 2.5, 2.5, 2.75, 3.25, 4.75):
...     s.add(x)
>>> s.fmean(), s.stdev()
(2.875, 1.0810874155219827)
>>> t = Sums.from_json(s.to_json()); t.merge(s); t.n
12
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

JSON = Any

_SQRT_BITS = 2 * 53 + 3


def _isqrt_frac_rto(n: int, m: int) -> int:
    """The integer square root of ``n / m``, rounded to odd (a 1 is or-ed in when inexact)."""
    a = math.isqrt(n // m)
    return a | (a * a * m != n)


def sqrt_fraction(n: int, m: int) -> float:
    """The square root of ``n / m`` (``n >= 0``, ``m > 0``), correctly rounded to a float.

    >>> sqrt_fraction(2, 1) == math.sqrt(2), sqrt_fraction(9, 4)
    (True, 1.5)
    """
    if n == 0:
        return 0.0
    q = (n.bit_length() - m.bit_length() - _SQRT_BITS) // 2
    if q >= 0:
        return float(_isqrt_frac_rto(n, m << 2 * q) << q)
    return _isqrt_frac_rto(n << -2 * q, m) / (1 << -q)


class Sums:
    """Count, exact sum and exact sum of squares of numbers (ints or floats)."""

    __slots__ = ("n", "sx", "sxx")

    def __init__(self) -> None:
        self.n = 0
        #: denominator → numerator sums of the values and of their squares (denominator squared).
        self.sx: dict[int, int] = {}
        self.sxx: dict[int, int] = {}

    def add(self, x: float) -> None:
        """Add one value."""
        num, den = x.as_integer_ratio()
        self.n += 1
        self.sx[den] = self.sx.get(den, 0) + num
        self.sxx[den] = self.sxx.get(den, 0) + num * num

    def add_counted(self, counts: Mapping[float, int]) -> None:
        """Add each value ``counts[value]`` times (a :class:`~collections.Counter` of the values).

        >>> s = Sums(); s.add_counted({0.5: 3, 2: 1}); (s.n, s.fmean())
        (4, 0.875)
        """
        for x, m in counts.items():
            num, den = x.as_integer_ratio()
            self.n += m
            self.sx[den] = self.sx.get(den, 0) + num * m
            self.sxx[den] = self.sxx.get(den, 0) + num * num * m

    def extend(self, values: Iterable[float]) -> None:
        """Add every value."""
        for x in values:
            self.add(x)

    def merge(self, other: Sums) -> None:
        """Add another accumulator's values."""
        self.n += other.n
        for den, num in other.sx.items():
            self.sx[den] = self.sx.get(den, 0) + num
        for den, num in other.sxx.items():
            self.sxx[den] = self.sxx.get(den, 0) + num

    def total(self) -> Fraction:
        """The exact sum."""
        return sum((Fraction(num, den) for den, num in self.sx.items()), Fraction(0))

    def fmean(self) -> float:
        """:func:`statistics.fmean` of the values (0.0 for none)."""
        if not self.n:
            return 0.0
        return float(self.total()) / self.n

    def stdev(self) -> float:
        """:func:`statistics.stdev` of the values (at least two)."""
        if self.n < 2:
            raise ValueError("stdev needs at least two values")
        sx = self.total()
        sxx = sum((Fraction(num, den * den) for den, num in self.sxx.items()), Fraction(0))
        mss = (self.n * sxx - sx * sx) / self.n / (self.n - 1)
        return sqrt_fraction(mss.numerator, mss.denominator)

    def to_json(self) -> JSON:
        """``{"n", "sx", "sxx"}`` with big integers as decimal strings."""
        return {"n": self.n, "sx": {str(d): str(v) for d, v in sorted(self.sx.items())},
                "sxx": {str(d): str(v) for d, v in sorted(self.sxx.items())}}

    @classmethod
    def from_json(cls, doc: JSON) -> Sums:
        """The accumulator :meth:`to_json` wrote (a malformed one raises ``ValueError``)."""
        out = cls()
        if not isinstance(doc, dict) or not isinstance(doc.get("n"), int) or doc["n"] < 0:
            raise ValueError("expected {'n': count, 'sx': {...}, 'sxx': {...}}")
        out.n = doc["n"]
        for name in ("sx", "sxx"):
            part = doc.get(name)
            if not isinstance(part, dict):
                raise ValueError(f"{name!r}: expected an object")
            target = getattr(out, name)
            for den, num in part.items():
                if not (isinstance(num, str) and len(den) <= 400 and len(num) <= 400):
                    raise ValueError(f"{name!r}: expected decimal strings")
                d = int(den)
                if d <= 0:
                    raise ValueError(f"{name!r}: denominators are positive")
                target[d] = int(num)
        return out


def replay_float_sum(runs: Iterable[tuple[int, int]]) -> float:
    """``0.0 + 1/k + 1/k + ...`` added one at a time, for runs of ``(k, count)``: the float a loop of
    ``total += 1.0 / k`` gives (float addition is not associative, so the order is kept).

    >>> replay_float_sum([(1, 3), (3, 2)]) == 0.0 + 1.0 + 1.0 + 1.0 + 1 / 3 + 1 / 3
    True
    """
    total = 0.0
    for k, count in runs:
        step = 1.0 / k
        for _ in range(count):
            total += step
    return total


def add_run(runs: list[list[int]], k: int) -> None:
    """Append one ``1/k`` to run-length-encoded ``runs``."""
    if runs and runs[-1][0] == k:
        runs[-1][1] += 1
    else:
        runs.append([k, 1])
