"""Big Five's bonus over a comb frame (Z3): the bonus table of the spec as terms.

BF-F-2 and BF-F-3 (:mod:`ruleproof.checkers.smt.bigfive`) ask for the largest
bonus one play can earn; the objective is :func:`bonus_terms`, built from the
same :class:`~ruleproof.spec.bigfive_board.BonusTable` the spec and the
engine read (the text's, the publisher's, or a reading's own table), over the
symbolic board and play of a :class:`~ruleproof.checkers.smt.bigfive_encoding.Frame`.

>>> frame = comb_frame("doc")
>>> str(bonus_terms(frame, "text").sort())
'Int'
"""

from __future__ import annotations

from typing import Any

import z3

from ruleproof.checkers.smt.bigfive_encoding import AXES, Cell, Frame, _add, comb_frame  # comb_frame: doctests
from ruleproof.checkers.smt.terms import and_ as _and, not_ as _not, or_ as _or
from ruleproof.spec.bigfive import BONUS_PRESETS, MAX_LINE, BonusTable

__all__ = ["bonus_terms", "old_run_at_least"]


def old_run_at_least(frame: Frame, c: Cell, d: Cell, size: int) -> Any:
    """The line through the played cell ``c`` along ``d`` (after the play)
    holds ``size`` consecutive cards that were all on the table before: a
    connected old group of that size. Such a run lies wholly on one side of
    ``c``; it is in the line when the line reaches its far end."""
    terms = []
    ts = frame.offsets(c, d)
    for sign in (1, -1):
        for start in range(1, MAX_LINE + 1):
            steps = [sign * (start + i) for i in range(size)]
            if not all(t in ts for t in steps):
                continue
            cells = [_add(c, d, t) for t in steps]
            terms.append(_and(frame.reach(c, d, steps[-1]),
                                *[_and(frame.occ[x], _not(frame.pl(x))) for x in cells]))
    return _or(terms) if terms else z3.BoolVal(False, frame.ctx)


def bonus_terms(frame: Frame, table: BonusTable | str) -> Any:
    """The bonus of the play in a comb frame whose leftmost played cell is ``(0, 0)``, by the spec's bonus table
    (:class:`~ruleproof.spec.bigfive_board.BonusTable`, or the name of a reading's: ``"text"``, ``"publisher"``).

    Each line through a played card (the play's row, and the column through each played card) earns by the
    table: the value of its length (``counting="length"``, the text's), or of every length it reaches, a length
    counting when the line's longest connected run of old cards (:func:`old_run_at_least`) was shorter
    (``counting="reached"``, the publisher's). The line values are summed (``per="line"``) or the best one taken
    (``per="play"``); the group's value by the number of cards played is added, and the cap applied. For the
    rulebook's tables these are the terms the questions were first written with: ``If(length == 4, 1,
    If(length == 5, 2, 0))`` per line (text)."""
    if isinstance(table, str):
        table = BONUS_PRESETS[table]
    h, v = AXES
    first = frame.play_cells[0]
    n = frame.count()
    paying = [(size, earned) for size, earned in enumerate(table.lines) if earned]

    def value(c: Cell, d: Cell, length: Any) -> Any:
        if table.counting == "length":
            term: Any = 0
            for size, earned in reversed(paying):
                term = z3.If(length == size, earned, term)
            return term
        if not paying:
            return z3.IntVal(0, frame.ctx)
        olds = [old_run_at_least(frame, c, d, size) for size, _ in paying]
        terms = [z3.If(_and(_not(old), length >= size), earned, 0) for old, (size, earned) in zip(olds, paying)]
        return sum(terms[1:], terms[0])

    row = frame.run_length(first, h)
    lines = [z3.If(row >= 2, value(first, h, row), 0)]
    for c in frame.play_cells:
        col = frame.run_length(c, v)
        lines.append(z3.If(_and(frame.pl(c), col >= 2), value(c, v, col), 0))
    if table.per == "line":
        total = lines[0]
        for line in lines[1:]:
            total = total + line
    else:
        total = lines[0]
        for line in lines[1:]:
            total = z3.If(line > total, line, total)
    for size, earned in enumerate(table.group):
        if earned:
            total = total + z3.If(n == size, earned, 0)
    if table.cap:
        total = z3.If(total > table.cap, table.cap, total)
    return total
