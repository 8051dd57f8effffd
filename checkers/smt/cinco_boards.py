"""Cinco boards as pseudo-Boolean constraints, built in the solver's own z3 context.

A board is one Boolean per cell and colour (a chip of that colour lies
there), as in :class:`ruleproof.checkers.smt.cinco.BoardVars`; this module
states the board queries whose chip totals are known in advance with
cardinality constraints only (``AtMost``, ``PbEq``), so z3 needs no integer
arithmetic: when a colour's total is fixed, "more free cells in a window than
the colour has chips left" is "at most ``line - 1 - left`` (``4 - left``)
occupied cells in the window", a cardinality constraint, where the general encoding compares a sum
of if-then-else terms with another over the whole board. The terms are built
directly in the solver's context (no translation) and each cell's "occupied"
term is built once.

With fixed totals the two encodings state the same boards; the pseudo-Boolean
one answered the dead-board queries of the fewest-chips findings in 40,000 to
170,000 z3 units where the general one took 0.6 to 7.9 million. Every board
found is replayed through the engine by the caller, which is what makes it a
witness.

>>> from ruleproof.spec.cinco_board import square_layout
>>> from ruleproof.checkers.smt.core import TrackedSolver
>>> solver = TrackedSolver()
>>> board = PbBoard(solver, square_layout(), 2)
>>> solver.add_fact(*board.one_chip(), *board.no_win(), board.placed_is(0, 4), board.placed_is(1, 0))
>>> result = solver.check()
>>> cells = board.decode(solver.solver.model())
>>> result.verdict, sum(c == 0 for c in cells), sum(c == 1 for c in cells)
('sat', 4, 0)
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from typing import Any

import z3
from z3 import z3core

from ruleproof.checkers.smt.core import SolverResult, TrackedSolver
from ruleproof.spec.cinco import CHIPS, LINE
from ruleproof.spec.cinco_board import FREE, Layout, compute_windows


def _array(args: Sequence[Any]) -> Any:
    return (z3.Ast * len(args))(*[a.as_ast() for a in args])


def decode_cells(rows: Sequence[Sequence[Any]], model: z3.ModelRef) -> tuple[int, ...]:
    """The board as ``cells`` (colour or FREE per cell) from a model: ``rows[n][k]`` says that cell
    ``n + 1`` holds a chip of colour ``k``."""
    cells = []
    for row in rows:
        colour = FREE
        for k, var in enumerate(row):
            if z3.is_true(model.eval(var, model_completion=True)):
                colour = k
        cells.append(colour)
    return tuple(cells)


class PbBoard:
    """One Boolean per cell and colour in ``solver``'s context, with cardinality constraints over them.

    The terms are made with z3's C API (``Z3_mk_or``, ``Z3_mk_atmost``,
    ``Z3_mk_pbeq``): the same terms as ``z3.Or``, ``z3.AtMost`` and
    ``z3.PbEq`` make, about six times faster, as those check and coerce every
    argument; building them took longer than solving.
    """

    def __init__(self, solver: TrackedSolver, layout: Layout, colours: int, prefix: str = "d", *,
                 line: int = LINE, chips: int = CHIPS) -> None:
        self.ctx = solver.ctx
        self.layout = layout
        self.colours = colours
        self.line = line
        self.chips = chips
        self.windows = compute_windows(layout, line)
        self.x = [[z3.Bool(f"{prefix}_{n}_{k}", self.ctx) for k in range(colours)] for n in range(1, layout.size + 1)]
        self._not = [[self._wrap(z3core.Z3_mk_not(self.ctx.ref(), v.as_ast())) for v in row] for row in self.x]
        self._occupied = [self.any(row) for row in self.x]

    def _wrap(self, ast: Any) -> z3.BoolRef:
        return z3.BoolRef(ast, self.ctx)

    def any(self, args: Sequence[Any]) -> z3.BoolRef:
        """The disjunction of ``args`` (Boolean terms of this context)."""
        return self._wrap(z3core.Z3_mk_or(self.ctx.ref(), len(args), _array(args)))

    def at_most(self, args: Sequence[Any], k: int) -> z3.BoolRef:
        """At most ``k`` of ``args`` hold."""
        return self._wrap(z3core.Z3_mk_atmost(self.ctx.ref(), len(args), _array(args), k))

    def exactly(self, args: Sequence[Any], k: int) -> z3.BoolRef:
        """Exactly ``k`` of ``args`` hold (a pseudo-Boolean equality with unit coefficients)."""
        ones = (ctypes.c_int * len(args))(*[1] * len(args))
        return self._wrap(z3core.Z3_mk_pbeq(self.ctx.ref(), len(args), _array(args), ones, k))

    def chip(self, cell: int, colour: int) -> Any:
        """A chip of ``colour`` on ``cell``."""
        return self.x[cell - 1][colour]

    def one_chip(self) -> list[Any]:
        """At most one chip per cell."""
        return [self.at_most(row, 1) for row in self.x]

    def no_win(self) -> list[Any]:
        """No window is filled with one colour (CI-WIN-1)."""
        return [self.any([self._not[n - 1][k] for n in w]) for w in self.windows for k in range(self.colours)]

    def placed_is(self, colour: int, total: int) -> Any:
        """``colour`` has exactly ``total`` chips on the board."""
        return self.exactly([row[colour] for row in self.x], total)

    def placed_at_most(self, colour: int, total: int) -> Any:
        """``colour`` has at most ``total`` chips on the board."""
        return self.at_most([row[colour] for row in self.x], total)

    def live(self) -> list[Any]:
        """Every colour has placed at most ``chips - 1`` chips (CI-END-1: nobody has run out)."""
        return [self.placed_at_most(k, self.chips - 1) for k in range(self.colours)]

    def chips_are(self, total: int) -> Any:
        """Exactly ``total`` chips on the board."""
        return self.exactly([v for row in self.x for v in row], total)

    def in_tile(self, tile: Sequence[int], colour: int, count: int) -> Any:
        """Exactly ``count`` chips of ``colour`` in the cells of ``tile``."""
        return self.exactly([self.x[n - 1][colour] for n in tile], count)

    def occupied_at_most(self, cells: Sequence[int], count: int) -> Any:
        """At most ``count`` of ``cells`` are occupied."""
        return self.at_most([self._occupied[n - 1] for n in cells], count)

    def dead_for(self, colour: int, left: int | None) -> list[Any]:
        """``colour`` can complete no window: each holds another colour's chip or (``left``: the colour's chips
        left, ``None``: stocks ignored) more free cells than ``left``, i.e. at most ``line - 1 - left``
        occupied."""
        out = []
        for w in self.windows:
            options = [self.x[n - 1][j] for n in w for j in range(self.colours) if j != colour]
            if left is not None and left < self.line:
                options.append(self.occupied_at_most(w, self.line - 1 - left))
            out.append(self.any(options))
        return out

    def dead_any_stock(self) -> list[Any]:
        """Every colour can complete no window, its stock read off the board (``chips`` minus its chips)."""
        one, zero = z3.IntVal(1, self.ctx), z3.IntVal(0, self.ctx)
        free = {w: z3.Sum([z3.If(self._occupied[n - 1], zero, one) for n in w]) for w in self.windows}
        out = []
        for k in range(self.colours):
            left = self.chips - z3.Sum([z3.If(row[k], one, zero) for row in self.x])
            for w in self.windows:
                others = [self.x[n - 1][j] for n in w for j in range(self.colours) if j != k]
                out.append(z3.Or(*others, free[w] > left))
        return out

    def decode(self, model: z3.ModelRef) -> tuple[int, ...]:
        """The board as ``cells`` (colour or FREE per cell) from a model of the solver."""
        return decode_cells(self.x, model)


def dead_board(layout: Layout, colours: int, chips_count: bool, tiles: Sequence[Sequence[int]],
               per_tile: Sequence[Sequence[int]], best: int, chips: int = CHIPS, line: int = LINE,
               outside: Sequence[int] | None = None) -> tuple[SolverResult, tuple[int, ...] | None]:
    """A live, dead board with exactly ``best`` chips: first with ``per_tile[w][k]`` chips of colour ``k`` in
    tile ``w`` (the count abstraction's answer; with a packing, ``outside[k]`` on the cells it leaves over),
    then, when those counts are not realisable, with at most two chips per tile and ``best`` chips in all
    (budgets ``cinco.dead-guided`` and ``cinco.dead``).

    Dead: no colour can complete a window of ``line`` cells (another colour's chip in it, or, with
    ``chips_count``, more free cells than its chips left). Live: nobody has won and every colour has placed at
    most ``chips - 1``. Returns the last answer and the board (``None`` unless ``sat``).
    """
    totals = [sum(row[k] for row in per_tile) + (outside[k] if outside else 0) for k in range(colours)]
    solver = TrackedSolver("cinco.dead-guided")
    board = PbBoard(solver, layout, colours, line=line, chips=chips)
    solver.add_fact(*board.one_chip(), *board.no_win(), *board.live())
    for k in range(colours):
        solver.add_fact(board.placed_is(k, totals[k]), *board.dead_for(k, chips - totals[k] if chips_count else None))
    for w, tile in enumerate(tiles):
        solver.add_fact(*[board.in_tile(tile, k, per_tile[w][k]) for k in range(colours)])
    if outside:
        covered = {n for tile in tiles for n in tile}
        rest = [n for n in range(1, layout.size + 1) if n not in covered]
        solver.add_fact(*[board.in_tile(rest, k, outside[k]) for k in range(colours)])
    found = solver.check(values=False)
    if found.verdict == "sat":
        return found, board.decode(solver.solver.model())
    solver = TrackedSolver("cinco.dead")
    board = PbBoard(solver, layout, colours, line=line, chips=chips)
    solver.add_fact(*board.one_chip(), *board.no_win(), *board.live(), board.chips_are(best))
    solver.add_fact(*(board.dead_any_stock() if chips_count else
                      [d for k in range(colours) for d in board.dead_for(k, None)]))
    solver.add_fact(*[board.occupied_at_most(tile, 2) for tile in tiles])
    found = solver.check(values=False)
    return found, board.decode(solver.solver.model()) if found.verdict == "sat" else None
