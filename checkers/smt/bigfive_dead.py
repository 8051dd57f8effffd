"""BF-F-5's query: a dead Big Five board within a box, encoded over Booleans only.

A *dead* board admits no single card of any of the 25 kinds on any cell (if
no single card fits, no group does: the played card next to the old card of
a legal group would be a legal play alone). :func:`dead_board_query` asks
whether a 4-connected board of at most ``most`` cards, with valid lines and
at most four copies of each kind, fits in a ``width × height`` box and is
dead.

Why Booleans. The first encoding of this question (integer animal and
colour per cell, integer breadth-first distances for connectivity) took
about 55 million z3 resource units (~45 s of CPU) to prove that no dead board
of at most 24 cards fits in 5x5. Every quantity here ranges over a small
finite domain, so this encoding states the same constraints over Boolean
variables and cardinality constraints only and hands them to z3's
finite-domain solver (``SolverFor("QF_FD")``: bit-blasting and its CDCL SAT
core with native cardinality constraints), as z3's maintainers advise for
such problems (z3 issues 6347 and 1697: QF_FD gives the SAT engine).
Nothing is assumed that the integer encoding did not state:

* a cell holds a card (``occ``) exactly when one of its five animal
  variables and one of its five colour variables is true (one-hot; an empty
  cell has none, where the integer encoding left an empty cell's values free
  and unread);
* lines: the local patterns L1-L4 of
  :func:`ruleproof.checkers.smt.bigfive_encoding.invariant_patterns`, with
  "same colour" and "same animal" as disjunctions over the one-hot values;
* dead: every empty cell of the box and of the ring around it either touches
  no card or, for each of the 25 kinds, breaks a line rule along a row or
  column (a sixth card, two identical cards joined across the cell, no
  common colour or animal, or a card of that kind already in the line);
* connectivity: every card is reached from the first card (row-major order)
  within ``n - 1`` steps through neighbouring cards (layered reachability;
  a connected set of ``n`` cells has a spanning path of at most ``n - 1``
  steps from any of its cells);
* at most ``most`` cards, at least one; the board touches row 0 and column
  0 (translation), and with ``exact`` the far sides too; at most four
  copies of a kind;
* symmetry breaking (:func:`value_precedence`): the rules treat the five
  colours alike and the five animals alike, so renaming colours (or animals)
  maps a dead board onto a dead board of the same cells. Every dead board
  has a renaming in which colour 1 first appears (row-major order) after
  colour 0, colour 2 after colour 1, and so on, and the same for animals
  (rename them in order of first appearance); the query asks only for such
  boards. This keeps every verdict (a board exists exactly when a renamed
  one does) and divides the search by up to 120 x 120. In one solver
  (:class:`DeadQuery`) the 5x5 witness takes about 5.4 million resource
  units and the proof for 24 cards after it about 3.4 million; BF-F-5 looks
  for the witness among boards filling the box first (``check(..., full=True)``:
  1.1 million, then 5.8 million for the proof; 3 s of CPU or less); without the
  precedence the proof did not finish in 100 s. The witness is therefore the renamed board, whose first cards read
  colour 0, 1, ... and animal 0, 1, ... (the grid: animal by column, colour
  by row).

Every box (issue 32). :func:`no_dead_board_in` decides one exact box: first
:func:`occupancy_relaxation`, the occupancy alone with the lemma
:func:`exposed_ends` (a run that meets an empty cell with nothing else
around it holds five cards, else a card extends it), which refutes 68 of the
72 boxes a board of at most 24 cards can have (:func:`every_box`) in well
under a second each; then, for 5x5, 5x6, 6x6 and 7x7, the full query with
the same lemma and the box's :func:`mirror_symmetry` (about a fifth to a
twelfth of the units without them). All 72 are ``unsat``: no dead board of
fewer than 25 cards exists at all.

The tests hold the constraints to the engine: on concrete boards
(:func:`board_is_dead`: the witness, boards grown by legal plays, and
boards one card away from dead ones) the solver calls a board valid and dead
exactly when the engine's play generator finds no play for any kind; and
the query's answers (5x5: 25 cards dead, 24 not; 4x4: none) are the integer
encoding's.

>>> result, board = dead_board_query(4, 4, 16)
>>> result.verdict, board
('unsat', {})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import z3

from ruleproof.checkers.smt.core import SolverResult, TrackedSolver
from ruleproof.spec.bigfive import ANIMAL_COUNT, COLOUR_COUNT, COPIES, MAX_LINE

Cell = tuple[int, int]
AXES: tuple[Cell, Cell] = ((1, 0), (0, 1))
#: Animals and colours: the values of either (the rulebook has as many animals as colours).
VALUES = range(COLOUR_COUNT)
assert ANIMAL_COUNT == COLOUR_COUNT, "the Boolean board encodes animals and colours over the same values"


def _add(c: Cell, d: Cell, t: int) -> Cell:
    return (c[0] + t * d[0], c[1] + t * d[1])


class BoolBoard:
    """A symbolic board over ``cells`` in the z3 context ``ctx``: ``occ`` and
    one-hot animal (``ani``) and colour (``col``) per cell; cells outside are empty.

    The connectives (:meth:`and_`, :meth:`or_`, ...) call z3's C API
    directly: the query has tens of thousands of them, and z3py's ``And`` and
    ``Or`` coerce and sort-check every argument, which made building the 5x5
    query cost more CPU than solving it.
    """

    def __init__(self, cells: Sequence[Cell], ctx: z3.Context, prefix: str = "d") -> None:
        self.ctx = ctx
        self.cells = tuple(cells)
        self.inside = frozenset(cells)
        self.true, self.false = z3.BoolVal(True, ctx), z3.BoolVal(False, ctx)
        self.occ = {c: z3.Bool(f"{prefix}o_{c[0]}_{c[1]}", ctx) for c in cells}
        self.ani = {c: [z3.Bool(f"{prefix}a{v}_{c[0]}_{c[1]}", ctx) for v in VALUES] for c in cells}
        self.col = {c: [z3.Bool(f"{prefix}k{v}_{c[0]}_{c[1]}", ctx) for v in VALUES] for c in cells}
        self._pairs: dict[tuple[str, Cell, Cell], Any] = {}

    # -- connectives over the C API --------------------------------------------

    def _nary(self, make: Any, args: Sequence[Any], empty: Any) -> Any:
        if not args:
            return empty
        if len(args) == 1:
            return args[0]
        array = (z3.Ast * len(args))(*[a.as_ast() for a in args])
        return z3.BoolRef(make(self.ctx.ref(), len(args), array), self.ctx)

    def and_(self, *args: Any) -> Any:
        """Conjunction (true when empty)."""
        return self._nary(z3.Z3_mk_and, args, self.true)

    def or_(self, *args: Any) -> Any:
        """Disjunction (false when empty)."""
        return self._nary(z3.Z3_mk_or, args, self.false)

    def not_(self, a: Any) -> Any:
        return z3.BoolRef(z3.Z3_mk_not(self.ctx.ref(), a.as_ast()), self.ctx)

    def implies(self, a: Any, b: Any) -> Any:
        return z3.BoolRef(z3.Z3_mk_implies(self.ctx.ref(), a.as_ast(), b.as_ast()), self.ctx)

    def iff(self, a: Any, b: Any) -> Any:
        return z3.BoolRef(z3.Z3_mk_iff(self.ctx.ref(), a.as_ast(), b.as_ast()), self.ctx)

    # -- cells -----------------------------------------------------------------

    def has(self, c: Cell) -> Any:
        """``c`` holds a card (false outside the cells)."""
        return self.occ[c] if c in self.inside else self.false

    def domain(self) -> list[Any]:
        """One animal and one colour exactly on occupied cells, none on empty ones."""
        out: list[Any] = []
        for c in self.cells:
            for values in (self.ani[c], self.col[c]):
                out.append(self.iff(self.occ[c], self.or_(*values)))
                out.append(z3.AtMost(*values, 1))
        return out

    def _same(self, table: dict[Cell, list[Any]], tag: str, u: Cell, v: Cell) -> Any:
        key = (tag, u, v)
        got = self._pairs.get(key)
        if got is None:
            got = self._pairs[key] = self.or_(*[self.and_(table[u][i], table[v][i]) for i in VALUES])
        return got

    def same_colour(self, u: Cell, v: Cell) -> Any:
        """The cards on ``u`` and ``v`` share their colour (both cells occupied)."""
        return self._same(self.col, "k", u, v)

    def same_animal(self, u: Cell, v: Cell) -> Any:
        """The cards on ``u`` and ``v`` share their animal (both cells occupied)."""
        return self._same(self.ani, "a", u, v)

    def identical(self, u: Cell, v: Cell) -> Any:
        """The cards on ``u`` and ``v`` are of one kind."""
        return self.and_(self.same_colour(u, v), self.same_animal(u, v))

    def is_kind(self, c: Cell, a: int, k: int) -> Any:
        return self.and_(self.ani[c][a], self.col[c][k])

    def board_facts(self, board: Mapping[Cell, int]) -> list[Any]:
        """Fix every cell to ``board`` (cards as ``animal * 5 + colour``)."""
        out: list[Any] = []
        for c in self.cells:
            card = board.get(c)
            if card is None:
                out.append(self.not_(self.occ[c]))
            else:
                out += [self.occ[c], self.ani[c][card // COLOUR_COUNT], self.col[c][card % COLOUR_COUNT]]
        return out

    def decode(self, model: z3.ModelRef) -> dict[Cell, int]:
        """The cards of a model (a model of this board's context)."""
        board = {}
        for c in self.cells:
            if z3.is_true(model.eval(self.occ[c], model_completion=True)):
                a = next(v for v in VALUES if z3.is_true(model.eval(self.ani[c][v], model_completion=True)))
                k = next(v for v in VALUES if z3.is_true(model.eval(self.col[c][v], model_completion=True)))
                board[c] = a * COLOUR_COUNT + k
        return board


def line_patterns(bb: BoolBoard) -> list[Any]:
    """Every line valid, as local patterns (L1-L4 of ``invariant_patterns``) over the cells."""
    out: list[Any] = []
    for c in bb.cells:
        for d in AXES:
            run6 = [_add(c, d, t) for t in range(MAX_LINE + 1)]
            if all(x in bb.inside for x in run6):
                out.append(bb.not_(bb.and_(*[bb.occ[x] for x in run6])))  # L1
            for t in range(1, MAX_LINE):
                seg = [_add(c, d, s) for s in range(t + 1)]
                if all(x in bb.inside for x in seg):  # L2: no two identical cards in a run
                    out.append(bb.implies(bb.and_(*[bb.occ[x] for x in seg]), bb.not_(bb.identical(seg[0], seg[-1]))))
            u, v, w = c, _add(c, d, 1), _add(c, d, 2)
            if v in bb.inside:  # L3: neighbours share a colour or an animal
                out.append(bb.implies(bb.and_(bb.occ[u], bb.occ[v]), bb.or_(bb.same_colour(u, v), bb.same_animal(u, v))))
            if v in bb.inside and w in bb.inside:  # L4: the colour relation is constant along a run
                out.append(bb.implies(bb.and_(bb.occ[u], bb.occ[v], bb.occ[w]),
                                      bb.iff(bb.same_colour(u, v), bb.same_colour(v, w))))
    return out


def blocked(bb: BoolBoard, e: Cell) -> Any:
    """No card of any kind can be placed alone on ``e`` (``e`` empty; true when it touches no card).

    Along each axis the run of cards through ``e`` must stay short (at most
    five with the new card), hold no two identical cards joined across ``e``,
    and take the new card: a card of kind (animal ``a``, colour ``k``) fits
    when every card of the run has colour ``k`` and none has animal ``a``,
    or every card has animal ``a`` and none has colour ``k``. (This is "the
    run is all colour ``k`` or all animal ``a``, and holds no card of that
    kind" said without naming the 25 kinds: in a run all of colour ``k``, a
    card of the kind is one of animal ``a``; in a run all of animal ``a``,
    one of colour ``k``.)
    """
    touch = bb.or_(*[bb.has(_add(e, d, s)) for d in AXES for s in (1, -1)])
    axes = []
    for d in AXES:
        reach: dict[int, Any] = {}
        for sign in (1, -1):
            prev: Any = None
            t = 1
            while t <= MAX_LINE and _add(e, d, sign * t) in bb.inside:
                occ = bb.occ[_add(e, d, sign * t)]
                prev = reach[sign * t] = occ if prev is None else bb.and_(prev, occ)
                t += 1
        ts = sorted(reach)
        cell = {t: _add(e, d, t) for t in ts}
        short = z3.AtMost(*[reach[t] for t in ts], MAX_LINE - 1) if len(ts) >= MAX_LINE else bb.true
        cross = bb.and_(*[bb.implies(bb.and_(reach[t], reach[u]), bb.not_(bb.identical(cell[t], cell[u])))
                          for t in ts for u in ts if t < 0 < u])
        all_colour = [bb.and_(*[bb.implies(reach[t], bb.col[cell[t]][v]) for t in ts]) for v in VALUES]
        all_animal = [bb.and_(*[bb.implies(reach[t], bb.ani[cell[t]][v]) for t in ts]) for v in VALUES]
        any_colour = [bb.or_(*[bb.and_(reach[t], bb.col[cell[t]][v]) for t in ts]) for v in VALUES]
        any_animal = [bb.or_(*[bb.and_(reach[t], bb.ani[cell[t]][v]) for t in ts]) for v in VALUES]
        axes.append((bb.and_(short, cross), all_colour, all_animal, any_colour, any_animal))
    no_card = []
    for a in VALUES:
        for k in VALUES:
            fits = [touch]
            for base, all_colour, all_animal, any_colour, any_animal in axes:
                fits += [base, bb.or_(bb.and_(all_colour[k], bb.not_(any_animal[a])),
                                      bb.and_(all_animal[a], bb.not_(any_colour[k])))]
            no_card.append(bb.not_(bb.and_(*fits)))
    return bb.and_(*no_card)


def connected(bb: BoolBoard, most: int) -> list[Any]:
    """Every card is reached from the first card (row-major) within ``most - 1`` steps through cards."""
    order = sorted(bb.cells, key=lambda c: (c[1], c[0]))
    layer: dict[Cell, Any] = {}
    earlier: list[Any] = []
    for c in order:
        layer[c] = bb.and_(bb.occ[c], bb.not_(bb.or_(*earlier))) if earlier else bb.occ[c]
        earlier.append(bb.occ[c])
    for _ in range(max(0, min(most, len(order)) - 1)):
        layer = {c: bb.or_(layer[c], bb.and_(bb.occ[c], bb.or_(*[layer[n] for d in AXES for s in (1, -1)
                                                                  if (n := _add(c, d, s)) in bb.inside])))
                 for c in order}
    return [bb.implies(bb.occ[c], layer[c]) for c in order]


def copies(bb: BoolBoard, most: int = COPIES) -> list[Any]:
    """At most ``most`` cards of each kind (the deck's copies of a kind: four by the rulebook)."""
    return [z3.AtMost(*[bb.is_kind(c, a, k) for c in bb.cells], most) for a in VALUES for k in VALUES]


def value_precedence(bb: BoolBoard) -> list[Any]:
    """Colours (and, separately, animals) first appear in order 0, 1, 2, ... along the cells in row-major order."""
    out: list[Any] = []
    order = sorted(bb.cells, key=lambda c: (c[1], c[0]))
    for table in (bb.col, bb.ani):
        used = [bb.false] * len(VALUES)
        for c in order:
            out += [bb.implies(table[c][v], used[v - 1]) for v in VALUES if v > 0]
            used = [bb.or_(used[v], table[c][v]) for v in VALUES]
    return out


def dead_constraints(bb: BoolBoard, width: int, height: int) -> list[Any]:
    """Every empty cell of the box and of the ring around it admits no card."""
    return [bb.or_(bb.has(e), blocked(bb, e)) for e in list(bb.cells) + ring_cells(bb, width, height)]


def board_is_dead(board: Mapping[Cell, int]) -> bool:
    """Whether the constraints of the query, with every cell fixed to ``board``, hold: its lines are
    valid, it holds at most four copies of a kind and no card fits anywhere (without the
    connectivity, count and symmetry-breaking constraints, which a fixed board need not meet).

    >>> board_is_dead({(0, 0): 0}), board_is_dead({(x, y): x * 5 + y for x in range(5) for y in range(5)})
    (False, True)
    """
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    x0, y0 = min(xs), min(ys)
    width, height = max(xs) - x0 + 1, max(ys) - y0 + 1
    moved = {(x - x0, y - y0): card for (x, y), card in board.items()}
    solver = TrackedSolver("bigfive.dead", logic="QF_FD")
    bb = BoolBoard([(x, y) for x in range(width) for y in range(height)], solver.ctx)
    solver.add_fact(*bb.domain(), *bb.board_facts(moved), *line_patterns(bb), *copies(bb),
                    *dead_constraints(bb, width, height))
    result = solver.check()
    if result.verdict == "unknown":
        raise RuntimeError(f"the solver gave up on a concrete board: {result.reason}")
    return result.verdict == "sat"


def ring_cells(bb: BoolBoard, width: int, height: int) -> list[Cell]:
    """The cells around the ``width × height`` box (empty; the dead constraints hold there too)."""
    return [(x, y) for x in range(-1, width + 1) for y in range(-1, height + 1) if (x, y) not in bb.inside]


def no_six(bb: BoolBoard) -> list[Any]:
    """No six cards in a row (the occupancy part of L1)."""
    out = []
    for c in bb.cells:
        for d in AXES:
            run6 = [_add(c, d, t) for t in range(MAX_LINE + 1)]
            if all(x in bb.inside for x in run6):
                out.append(bb.not_(bb.and_(*[bb.occ[x] for x in run6])))
    return out


def exposed_ends(bb: BoolBoard, width: int, height: int) -> list[Any]:
    """Where a run meets an empty cell with nothing else around it, the run holds five cards.

    An empty cell ``e`` (of the box or its ring) with a card on one side
    along an axis, nothing on the other side and nothing on either side
    across, takes any card that extends that run: a valid run of at most four
    cards has a common colour (or animal) and lacks some animal (or colour),
    and a card of that colour and a missing animal (or the reverse) makes it
    a valid longer run, while across ``e`` it stands alone. So on a dead board
    the run from ``e`` holds five cards: the cells ``e + d .. e + 5d`` are
    occupied. These constraints name occupancy only; every dead board (valid
    lines, :func:`blocked` at every empty cell) meets them, which the tests
    check by asking the full constraints for a board that breaks one
    (``unsat``).
    """
    out: list[Any] = []
    for e in list(bb.cells) + ring_cells(bb, width, height):
        for d in AXES:
            across = (d[1], d[0])
            alone = [bb.not_(bb.has(_add(e, across, s))) for s in (1, -1)]
            for sign in (1, -1):
                run = [_add(e, d, sign * t) for t in range(1, MAX_LINE + 1)]
                if e in bb.inside:
                    alone_here = [bb.not_(bb.occ[e]), *alone]
                else:
                    alone_here = alone
                exposed = bb.and_(*alone_here, bb.has(run[0]), bb.not_(bb.has(_add(e, d, -sign))))
                out.append(bb.implies(exposed, bb.and_(*[bb.has(r) for r in run])))
    return out


def lex_leq(bb: BoolBoard, xs: Sequence[Any], ys: Sequence[Any], tag: str) -> list[Any]:
    """``xs <= ys`` lexicographically (false < true), with one "equal so far" variable per position
    (named ``TAG_i``).

    >>> ctx = z3.Context()
    >>> bb = BoolBoard([(0, 0), (1, 0)], ctx)
    >>> xs = [z3.BoolVal(v, ctx) for v in (True, False)]
    >>> s = z3.Solver(ctx=ctx)
    >>> s.add(*lex_leq(bb, xs, [z3.BoolVal(v, ctx) for v in (False, True)], "t"))
    >>> s.check()
    unsat
    """
    out: list[Any] = []
    equal: Any = bb.true
    for i, (x, y) in enumerate(zip(xs, ys)):
        out.append(bb.implies(equal, bb.implies(x, y)))
        if i < len(xs) - 1:
            nxt = z3.Bool(f"{tag}_{i}", bb.ctx)
            out.append(bb.iff(nxt, bb.and_(equal, bb.iff(x, y))))
            equal = nxt
    return out


def mirror_symmetry(bb: BoolBoard, width: int, height: int) -> list[Any]:
    """Of a board and its mirror images in the box, only the one whose occupancy (row-major) is least.

    The rules treat left and right, and up and down, alike (and rows and
    columns: a square box also has its transposes), so reflecting a dead
    board in the box gives a dead board of the same cards with the same
    exact box. Every board has a least reflection, and renaming its colours
    and animals (:func:`value_precedence`) keeps its occupancy, so the two
    symmetry breakings together keep at least one board of every class: no
    verdict changes (the lex-leader constraints of a group, here the box's
    reflections).
    """
    order = sorted(bb.cells, key=lambda c: (c[1], c[0]))
    mine = [bb.occ[c] for c in order]
    out: list[Any] = []
    for index, image in enumerate(box_symmetries(width, height)):
        out += lex_leq(bb, mine, [bb.occ[image(c)] for c in order], f"mirror{index}")
    return out


def box_symmetries(width: int, height: int) -> list[Callable[[Cell], Cell]]:
    """The symmetries of the ``width × height`` box other than the identity: the two reflections and the
    half turn, and for a square also the two diagonal reflections and the quarter turns.

    >>> [f((0, 0)) for f in box_symmetries(5, 6)]
    [(4, 0), (0, 5), (4, 5)]
    >>> len(box_symmetries(5, 5))
    7
    """
    w, h = width - 1, height - 1

    def image(f: Callable[[int, int], Cell]) -> Callable[[Cell], Cell]:
        return lambda c: f(c[0], c[1])

    maps = [image(lambda x, y: (w - x, y)), image(lambda x, y: (x, h - y)), image(lambda x, y: (w - x, h - y))]
    if width == height:
        maps += [image(lambda x, y: (y, x)), image(lambda x, y: (h - y, w - x)), image(lambda x, y: (y, w - x)),
                 image(lambda x, y: (h - y, x))]
    return maps


def occupancy_relaxation(width: int, height: int, most: int, *, exact: bool = True,
                         rlimit: int | None = None) -> SolverResult:
    """Is there a 4-connected occupancy of the ``width × height`` box, at most ``most`` cells, touching
    row 0 and column 0 (and with ``exact`` the far sides), with no six in a row and every exposed run
    of five (:func:`exposed_ends`)?

    Every dead board of the box has such an occupancy, so ``unsat`` proves
    there is no dead board in the box without looking at a single card's
    colour or animal; ``sat`` proves nothing (the full query,
    :func:`dead_board_query`, must decide). The occupancy alone is a small
    problem: the 68 exact boxes beyond 5x5, 5x6, 6x6 and 7x7 that a board of
    at most 24 cards can have are all ``unsat``, 0.1 to 6 million units each
    (99 million in all), where the full query took up to 400 million and
    more per box.
    """
    box = [(x, y) for x in range(width) for y in range(height)]
    solver = TrackedSolver("bigfive.dead-occupancy", rlimit=rlimit, logic="QF_FD")
    solver.add_fact(*occupancy_constraints(BoolBoard(box, solver.ctx), width, height, most, exact=exact))
    return solver.check(values=False)


def occupancy_constraints(bb: BoolBoard, width: int, height: int, most: int, *, exact: bool = True) -> list[Any]:
    """The constraints of :func:`occupancy_relaxation` over ``bb``'s occupancy (``bb`` is the box's board)."""
    cards = [bb.occ[c] for c in bb.cells]
    return [z3.Or(cards), z3.AtMost(*cards, most), *_touches(bb, width, height, exact), *connected(bb, most),
            *no_six(bb), *exposed_ends(bb, width, height)]


def _touches(bb: BoolBoard, width: int, height: int, exact: bool) -> list[Any]:
    """The board touches row 0 and column 0 (translation), and with ``exact`` the far row and column."""
    sides = [z3.Or([bb.occ[(x, 0)] for x in range(width)]), z3.Or([bb.occ[(0, y)] for y in range(height)])]
    if exact:
        sides += [z3.Or([bb.occ[(x, height - 1)] for x in range(width)]),
                  z3.Or([bb.occ[(width - 1, y)] for y in range(height)])]
    return sides


class DeadQuery:
    """The dead-board constraints of one box in one solver, asked for several card counts.

    The count bound enters each :meth:`check` as an assumption, so asking
    first for any dead board (the witness) and then for one of fewer cards
    (the proof) reuses the encoding and what the solver learnt. Each check is
    bounded by the budget ``bigfive.dead`` (or ``rlimit``).

    :param most: the largest count any check will ask about (it sizes the
        connectivity layers); default: every cell of the box.
    :param copies_per_kind: the most cards of one kind (the variant's ``copies``).
    """

    def __init__(self, width: int, height: int, *, exact: bool = False, rlimit: int | None = None,
                 most: int | None = None, copies_per_kind: int = COPIES, lemmas: bool = False,
                 mirrors: bool = False) -> None:
        self.box = [(x, y) for x in range(width) for y in range(height)]
        self.most = len(self.box) if most is None else most
        self.solver = solver = TrackedSolver("bigfive.dead", rlimit=rlimit, logic="QF_FD")
        self.bb = bb = BoolBoard(self.box, solver.ctx)
        solver.add_fact(*bb.domain(), *line_patterns(bb), *dead_constraints(bb, width, height))
        self.cards = [bb.occ[c] for c in self.box]
        solver.add_fact(z3.Or(self.cards), z3.AtMost(*self.cards, self.most))
        solver.add_fact(*_touches(bb, width, height, exact))
        solver.add_fact(*connected(bb, self.most), *copies(bb, copies_per_kind), *value_precedence(bb))
        if lemmas:  # implied by the dead constraints; stated on occupancy, where the solver branches
            solver.add_fact(*exposed_ends(bb, width, height))
        if mirrors and exact:  # a reflection of an exact box's board is a board of the same exact box
            solver.add_fact(*mirror_symmetry(bb, width, height))

    def check(self, most: int, *, full: bool = False) -> tuple[SolverResult, dict[Cell, int]]:
        """A dead board of at most ``most`` cards (at most the constructor's ``most``), or the proof there is none.

        ``full``: look only for a board that fills the whole box (an assumption
        of this check alone, so a later check is not restricted). A witness
        search guided this way: the 5x5 box's dead board in about 1.1 million
        units instead of 5.4 million, and the proof for 24 cards after it in
        5.8 million instead of 3.4 (6.9 instead of 8.7 in all); its ``unsat``
        says only that no full board is dead.
        """
        if most > self.most:
            raise ValueError(f"this query was built for at most {self.most} cards, not {most}")
        assumptions = []
        if most < self.most:
            bound = z3.Bool(f"at_most_{most}", self.solver.ctx)
            self.solver.add_fact(self.bb.implies(bound, z3.AtMost(*self.cards, most)))
            assumptions.append(bound)
        if full:
            every = z3.Bool("full_box", self.solver.ctx)
            self.solver.add_fact(self.bb.implies(every, self.bb.and_(*self.cards)))
            assumptions.append(every)
        result = self.solver.check(*assumptions)
        board = self.bb.decode(self.solver.solver.model()) if result.verdict == "sat" else {}
        return result, board


def dead_board_query(width: int, height: int, most: int, *, exact: bool = False, rlimit: int | None = None,
                     copies_per_kind: int = COPIES, lemmas: bool = False,
                     mirrors: bool = False) -> tuple[SolverResult, dict[Cell, int]]:
    """Is there a 4-connected board within ``width × height`` of at most
    ``most`` cards (valid lines, four copies per kind) on which no single card
    of any of the 25 kinds is legal anywhere? (See the module docstring.)

    ``exact``: the board's bounding box is exactly ``width × height`` (it
    touches all four sides), so boxes split a search into disjoint
    sub-problems (the campaign layer runs them in parallel). ``rlimit``: the
    query's resource limit instead of the budget ``bigfive.dead``. ``lemmas``
    and ``mirrors`` add the implied :func:`exposed_ends` and, for an exact
    box, the :func:`mirror_symmetry` (the same verdicts).
    """
    return DeadQuery(width, height, exact=exact, rlimit=rlimit, most=most, copies_per_kind=copies_per_kind,
                     lemmas=lemmas, mirrors=mirrors).check(most)


def every_box(most: int) -> list[tuple[int, int]]:
    """Every exact box ``w × h`` (``5 <= w <= h``) a dead board of at most ``most`` cards can have, smallest
    area first: a dead board's box is at least 5x5 (a card beside an extreme card would extend a line of
    fewer than five) and a 4-connected board of ``n`` cards spans ``w + h - 1 <= n`` cells of its box.

    >>> every_box(10), len(every_box(24))
    ([(5, 5), (5, 6)], 72)
    """
    return sorted(((w, h) for w in range(MAX_LINE, most) for h in range(w, most) if w + h - 1 <= most),
                  key=lambda box: (box[0] * box[1], box[0]))


def no_dead_board_in(width: int, height: int, most: int, *, rlimit: int | None = None,
                     copies_per_kind: int = COPIES) -> tuple[SolverResult, str, dict[Cell, int]]:
    """Is there a dead board of at most ``most`` cards whose bounding box is exactly ``width × height``?

    First the :func:`occupancy_relaxation` (its ``unsat`` settles the box);
    when it allows an occupancy, the full query (:func:`dead_board_query`
    with the implied :func:`exposed_ends` and the box's
    :func:`mirror_symmetry`). Returns the deciding result, the method
    (``"occupancy"`` or ``"full"``) and a dead board when one exists. With
    these, every one of the 72 boxes of a board of at most 24 cards is
    ``unsat``: 68 by the occupancy alone, 5x5, 5x6, 6x6 and 7x7 by the full
    query (1.4, 1.6, 3.6 and 2.6 million units; 7.4, 7.2, 16.9 and 31.4
    million without the two additions).

    >>> result, method, _ = no_dead_board_in(5, 7, 24)
    >>> result.verdict, method
    ('unsat', 'occupancy')
    """
    relaxed = occupancy_relaxation(width, height, most, rlimit=rlimit)
    if relaxed.verdict == "unsat":
        return relaxed, "occupancy", {}
    result, board = dead_board_query(width, height, most, exact=True, rlimit=rlimit, copies_per_kind=copies_per_kind,
                                     lemmas=True, mirrors=True)
    units = relaxed.resources + result.resources
    return replace(result, resources=units, seconds=relaxed.seconds + result.seconds), "full", board
