"""Big Five placement legality over symbolic variables (Z3).

A :class:`Frame` is a finite set of cells in *scope*, each with a symbolic
card that was already on the table (``occ``, animal, colour) and, on the
frame's *play cells*, a symbolic played card (how many cards land there,
animal, colour). The placement rules of :mod:`ruleproof.spec.bigfive`
(``BF-PLAY-2``, ``BF-PLAY-3``, ``BF-LINE-1`` … ``BF-LINE-5`` and, given a
hand, ``BF-PLAY-1``) are built over these variables as constraints named by
rule id (:meth:`Frame.rules`), so an unsat core reads as the rules a play
breaks. The same constraints serve three purposes:

* **checking one play** (:func:`check_play`): board and play enter as facts;
  the verdict must equal the spec's, and iterated minimal cores give every
  rule the play breaks;
* **symbolic questions** (:func:`comb_frame`): the board and the play are
  free within a bounded window (the *comb*), for the induction proof, the
  bonus optimum and the four-card question;
* **"is there any legal play?"** (:func:`any_play`): the board and hand are
  fixed, the play's cells and cards are free.

Runs are followed cell by cell: ``reach(c, d, t)`` says that every cell from
``c`` to ``c + t·d`` holds a card after the play. A frame may cap the reach
(``limit``): a run that reaches ``limit = 5`` cells past a played card already
holds six cards, which breaks ``BF-LINE-5`` whatever lies beyond, so the cap
never changes a verdict.

>>> from ruleproof.spec.bigfive import parse_move
>>> board = {(0, 0): 20}
>>> check_play(board, parse_move("play Lr@1,0").placed).legal
False
>>> check_play(board, parse_move("play Lr@1,0").placed).violated
('BF-LINE-3',)
>>> check_play(board, parse_move("play Ep@1,0 Eg@2,0").placed).legal
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import z3

from ruleproof.checkers.smt.core import SolverResult, TrackedSolver, budget_rlimit
from ruleproof.checkers.smt.terms import and_ as _and, count as _count, eq as _eq, implies as _implies
from ruleproof.checkers.smt.terms import not_ as _not, or_ as _or
from ruleproof.spec.bigfive import ANIMAL_COUNT, COLOUR_COUNT, MAX_GROUP, MAX_LINE, Placed

Cell = tuple[int, int]
AXES: tuple[Cell, Cell] = ((1, 0), (0, 1))

#: The rules the placement encoding covers (without a hand).
PLACEMENT_RULES: tuple[str, ...] = ("BF-PLAY-2", "BF-PLAY-3", "BF-LINE-1", "BF-LINE-2", "BF-LINE-3",
                                    "BF-LINE-4", "BF-LINE-5")
#: With a hand, ``BF-PLAY-1`` (cards from the hand) joins them.
HAND_RULE = "BF-PLAY-1"


def _add(c: Cell, d: Cell, t: int) -> Cell:
    return (c[0] + t * d[0], c[1] + t * d[1])


class Frame:
    """Cells in scope with symbolic old and played cards.

    :param scope: every cell the constraints may look at (play cells are
        added); cells outside are empty.
    :param play_cells: the cells where a card may be played.
    :param limit: the longest reach followed from a played card along an
        axis (``None``: to the edge of the scope).
    :param board: when given, the old cards are constants (a mapping of
        cells to cards; cells of the scope not in it are empty) instead of
        variables.
    :param prefix: a prefix for variable names (several frames in one solver).
    :param stacking: allow several cards on one play cell (an integer count
        per cell, for checking given plays that stack cards); otherwise a
        play cell holds a Boolean "played" variable.
    :param ctx: the z3 context of the frame's terms (``None``: z3's main
        context). A query whose model must not depend on what the process
        built before builds its terms in a fresh context of its own.
    """

    def __init__(self, scope: Iterable[Cell], play_cells: Iterable[Cell], *, limit: int | None = None,
                 board: Mapping[Cell, int] | None = None, prefix: str = "", stacking: bool = False,
                 ctx: z3.Context | None = None) -> None:
        self.ctx = ctx
        self.play_cells: tuple[Cell, ...] = tuple(sorted(set(play_cells)))
        self.scope: tuple[Cell, ...] = tuple(sorted(set(scope) | set(self.play_cells)))
        self.inside = frozenset(self.scope)
        self.playable = frozenset(self.play_cells)
        self.limit = limit
        self.fixed_board = board is not None
        self.occ: dict[Cell, Any] = {}
        self.oa: dict[Cell, Any] = {}
        self.oc: dict[Cell, Any] = {}
        #: With a fixed board: each cell's (animal, colour) constants, as ``oa`` and ``oc`` hold them.
        self._constant: dict[Cell, tuple[int, int]] = {}
        for c in self.scope:
            tag = f"{prefix}{c[0]}_{c[1]}"
            if board is not None:
                card = board.get(c)
                self.occ[c] = z3.BoolVal(card is not None, ctx)
                self.oa[c] = z3.IntVal(card // COLOUR_COUNT if card is not None else 0, ctx)
                self.oc[c] = z3.IntVal(card % COLOUR_COUNT if card is not None else 0, ctx)
                self._constant[c] = (card // COLOUR_COUNT, card % COLOUR_COUNT) if card is not None else (0, 0)
            else:
                self.occ[c] = z3.Bool(f"occ_{tag}", ctx)
                self.oa[c] = z3.Int(f"oa_{tag}", ctx)
                self.oc[c] = z3.Int(f"oc_{tag}", ctx)
        self.stacking = stacking
        self.pn: dict[Cell, Any] = {}
        self.pa: dict[Cell, Any] = {}
        self.pc: dict[Cell, Any] = {}
        self._pl: dict[Cell, Any] = {}
        for c in self.play_cells:
            tag = f"{prefix}{c[0]}_{c[1]}"
            if stacking:
                self.pn[c] = z3.Int(f"pn_{tag}", ctx)
                self._pl[c] = self.pn[c] >= 1
            else:
                self._pl[c] = z3.Bool(f"pl_{tag}", ctx)
                self.pn[c] = z3.If(self._pl[c], 1, 0)
            self.pa[c] = z3.Int(f"pa_{tag}", ctx)
            self.pc[c] = z3.Int(f"pc_{tag}", ctx)
        self._reach: dict[tuple[Cell, Cell, int], Any] = {}
        self._after: dict[Cell, Any] = {}
        self._animal: dict[Cell, Any] = {}
        self._colour: dict[Cell, Any] = {}

    # -- cell views -------------------------------------------------------------

    def pl(self, c: Cell) -> Any:
        """A card is played on ``c``."""
        return self._pl[c] if c in self.playable else z3.BoolVal(False, self.ctx)

    def after(self, c: Cell) -> Any:
        """``c`` holds a card after the play."""
        if c not in self.inside:
            return z3.BoolVal(False, self.ctx)
        got = self._after.get(c)
        if got is None:
            got = self._after[c] = _or(self.occ[c], self._pl[c]) if c in self.playable else self.occ[c]
        return got

    def animal(self, c: Cell) -> Any:
        """The animal on ``c`` after the play."""
        got = self._animal.get(c)
        if got is None:
            got = self._animal[c] = z3.If(self._pl[c], self.pa[c], self.oa[c]) if c in self.playable else self.oa[c]
        return got

    def colour(self, c: Cell) -> Any:
        """The colour on ``c`` after the play."""
        got = self._colour.get(c)
        if got is None:
            got = self._colour[c] = z3.If(self._pl[c], self.pc[c], self.oc[c]) if c in self.playable else self.oc[c]
        return got

    def identical(self, u: Cell, v: Cell) -> Any:
        """The cards on ``u`` and ``v`` (after the play) are of the same kind."""
        return _and(_eq(self.animal(u), self.animal(v)), _eq(self.colour(u), self.colour(v)))

    def offsets(self, c: Cell, d: Cell) -> list[int]:
        """The steps ``t`` (both signs) from ``c`` along ``d`` that the frame follows."""
        found = []
        for sign in (1, -1):
            t = 1
            while _add(c, d, sign * t) in self.inside and (self.limit is None or t <= self.limit):
                found.append(sign * t)
                t += 1
        return sorted(found)

    def reach(self, c: Cell, d: Cell, t: int) -> Any:
        """Every cell from ``c`` (exclusive) to ``c + t·d`` holds a card after the play."""
        if t == 0:
            return z3.BoolVal(True, self.ctx)
        key = (c, d, t)
        got = self._reach.get(key)
        if got is None:
            step = 1 if t > 0 else -1
            got = _and(self.reach(c, d, t - step), self.after(_add(c, d, t)))
            self._reach[key] = got
        return got

    def run_length(self, c: Cell, d: Cell) -> Any:
        """The length of the run through ``c`` along ``d`` (``c`` counted as one)."""
        return 1 + z3.Sum([_count(self.reach(c, d, t)) for t in self.offsets(c, d)])

    def has_old(self, c: Cell, d: Cell) -> Any:
        """The run through ``c`` along ``d`` holds a card that was on the table before."""
        terms = [self.occ[c]] + [_and(self.reach(c, d, t), self.occ[_add(c, d, t)]) for t in self.offsets(c, d)]
        return _or(terms)

    def line_valid(self, c: Cell, d: Cell) -> tuple[Any, Any, Any]:
        """``(uniform, distinct, short)`` for the run through ``c`` along ``d``."""
        ts = self.offsets(c, d)
        cells = {t: _add(c, d, t) for t in ts}
        same_colour = _and([_implies(self.reach(c, d, t), _eq(self.colour(cells[t]), self.colour(c))) for t in ts])
        same_animal = _and([_implies(self.reach(c, d, t), _eq(self.animal(cells[t]), self.animal(c))) for t in ts])
        members = [0] + ts
        where = dict(cells)
        where[0] = c
        distinct = []
        for s, t in itertools.combinations(members, 2):
            u, v = where[s], where[t]
            if self.fixed_board and u not in self.playable and v not in self.playable:
                if self._constant[u] != self._constant[v]:
                    continue  # two different constant cards: nothing to check
            distinct.append(_implies(_and(self.reach(c, d, s), self.reach(c, d, t)),
                                       _not(self.identical(where[s], where[t]))))
        return _or(same_colour, same_animal), _and(distinct), self.run_length(c, d) <= MAX_LINE

    # -- aggregates over the play -------------------------------------------------

    def count(self) -> Any:
        """Cards played (two on one cell count twice)."""
        return z3.Sum([self.pn[c] for c in self.play_cells]) if self.play_cells else z3.IntVal(0, self.ctx)

    def cells_used(self) -> Any:
        """Distinct cells played on."""
        return z3.Sum([z3.If(self.pl(c), 1, 0) for c in self.play_cells]) if self.play_cells else z3.IntVal(0, self.ctx)

    def _lines_used(self, coordinate: int) -> Any:
        keys = sorted({c[coordinate] for c in self.play_cells})
        used = [_or([self.pl(c) for c in self.play_cells if c[coordinate] == k]) for k in keys]
        return z3.AtMost(*used, 1) if len(used) > 1 else z3.BoolVal(True, self.ctx)

    def one_row(self) -> Any:
        """Every played cell lies in one row."""
        return self._lines_used(1)

    def one_column(self) -> Any:
        """Every played cell lies in one column."""
        return self._lines_used(0)

    def no_gaps(self) -> Any:
        """Every cell between two played cells of one row or column holds a card after the play."""
        terms = []
        for u, v in itertools.combinations(self.play_cells, 2):
            if u[0] != v[0] and u[1] != v[1]:
                continue
            between = _between(u, v)
            if between:
                terms.append(_implies(_and(self.pl(u), self.pl(v)), _and([self.after(b) for b in between])))
        return _and(terms)

    def domain(self) -> list[Any]:
        """Background facts: animals and colours are 0–4, counts are non-negative."""
        facts = []
        top_a, top_c = ANIMAL_COUNT - 1, COLOUR_COUNT - 1
        if not self.fixed_board:
            for c in self.scope:
                facts += [self.oa[c] >= 0, self.oa[c] <= top_a, self.oc[c] >= 0, self.oc[c] <= top_c]
        for c in self.play_cells:
            if self.stacking:
                facts.append(self.pn[c] >= 0)
            facts += [self.pa[c] >= 0, self.pa[c] <= top_a, self.pc[c] >= 0, self.pc[c] <= top_c]
        return facts

    # -- the rules -------------------------------------------------------------------

    def rules(self, hand: Sequence[int] | None = None, min_group: int = 1, max_group: int = MAX_GROUP,
              hand_size: int | None = None) -> list[tuple[str, Any]]:
        """The placement rules as ``(rule id, constraint)`` pairs (``BF-PLAY-1`` too when a hand is given): groups
        of ``min_group`` (BF-AMB-7) to ``max_group`` cards (``BF-PLAY-2``), from a hand of ``hand_size`` cards
        (``BF-PLAY-1``, when it is below ``max_group``). The other variant flags change no placement rule."""
        out: list[tuple[str, Any]] = []
        n = self.count()
        out.append(("BF-PLAY-2", _and(n >= min_group, n <= max_group)))
        if hand_size is not None and hand_size < max_group:
            out.append((HAND_RULE, n <= hand_size))
        for c in self.play_cells:
            out.append(("BF-PLAY-3", _and(self.pn[c] <= 1, _implies(self.pl(c), _not(self.occ[c])))))
        straight = _or(self.one_row(), self.one_column())
        gapless = self.no_gaps()
        out.append(("BF-LINE-1", _and(straight, gapless)))
        h, v = AXES
        old_h = _or([_and(self.pl(c), self.has_old(c, h)) for c in self.play_cells])
        old_v = _or([_and(self.pl(c), self.has_old(c, v)) for c in self.play_cells])
        keeps_old = z3.If(n <= 1, _or(old_h, old_v), z3.If(self.one_row(), old_h, old_v))
        out.append(("BF-LINE-2", _implies(_and(straight, gapless, n >= 1), keeps_old)))
        for c in self.play_cells:
            for d in AXES:
                uniform, distinct, short = self.line_valid(c, d)
                out.append(("BF-LINE-3", _implies(self.pl(c), uniform)))
                out.append(("BF-LINE-4", _implies(self.pl(c), distinct)))
                out.append(("BF-LINE-5", _implies(self.pl(c), short)))
        if hand is not None:
            kinds = sorted(set(hand))
            def kind(c: Cell, k: int) -> list[Any]:  # the played card on ``c`` is the card ``k``
                return [self.pa[c] == k // COLOUR_COUNT, self.pc[c] == k % COLOUR_COUNT]
            for c in self.play_cells:
                out.append((HAND_RULE, _implies(self.pl(c), _or([_and(*kind(c, k)) for k in kinds]))))
            for k in kinds:
                used = z3.Sum([z3.If(_and(self.pl(c), *kind(c, k)), self.pn[c], 0) for c in self.play_cells])
                out.append((HAND_RULE, used <= hand.count(k)))
        return out

    # -- facts --------------------------------------------------------------------------

    def board_facts(self, board: Mapping[Cell, int]) -> list[Any]:
        """Fix the old cards of the scope to ``board``."""
        facts = []
        for c in self.scope:
            card = board.get(c)
            if card is None:
                facts.append(_not(self.occ[c]))
            else:
                facts += [self.occ[c], self.oa[c] == card // COLOUR_COUNT, self.oc[c] == card % COLOUR_COUNT]
        return facts

    def play_facts(self, placed: Sequence[Placed]) -> list[Any]:
        """Fix the play: how many cards land on each play cell, and (the last listed, as the spec reads it) which."""
        facts = []
        last: dict[Cell, int] = {}
        counts: dict[Cell, int] = {}
        for p in placed:
            last[p.cell] = p.card
            counts[p.cell] = counts.get(p.cell, 0) + 1
        for c in self.play_cells:
            facts.append(self.pn[c] == counts.get(c, 0) if self.stacking else self.pl(c) == (c in counts))
            if c in last:
                facts += [self.pa[c] == last[c] // COLOUR_COUNT, self.pc[c] == last[c] % COLOUR_COUNT]
        return facts

    def decode_play(self, model: z3.ModelRef) -> tuple[Placed, ...]:
        """The play of a model, sorted."""
        placed = []
        for c in self.play_cells:
            if z3.is_true(model.eval(self.pl(c), model_completion=True)):
                a = model.eval(self.pa[c], model_completion=True).as_long()
                k = model.eval(self.pc[c], model_completion=True).as_long()
                placed.append(Placed(c[0], c[1], a * COLOUR_COUNT + k))
        return tuple(sorted(placed))

    def decode_board(self, model: z3.ModelRef) -> dict[Cell, int]:
        """The old cards of a model."""
        board = {}
        for c in self.scope:
            if z3.is_true(model.eval(self.occ[c], model_completion=True)):
                a = model.eval(self.oa[c], model_completion=True).as_long()
                k = model.eval(self.oc[c], model_completion=True).as_long()
                board[c] = a * COLOUR_COUNT + k
        return board


def _between(u: Cell, v: Cell) -> list[Cell]:
    if u[1] == v[1]:
        lo, hi = sorted((u[0], v[0]))
        return [(x, u[1]) for x in range(lo + 1, hi)]
    lo, hi = sorted((u[1], v[1]))
    return [(u[0], y) for y in range(lo + 1, hi)]


# --------------------------------------------------------------------------
# One play on one board


@dataclass(frozen=True)
class PlayVerdict:
    """The solver's verdict on one play.

    :param legal: the tracked rules are satisfiable with the facts.
    :param core: the first minimal unsat core (rule ids), empty when legal.
    :param violated: every rule the play breaks (iterated minimal cores).
    :param seconds: solver time.
    """

    legal: bool
    core: tuple[str, ...]
    violated: tuple[str, ...]
    seconds: float


def concrete_scope(board: Mapping[Cell, int], placed: Sequence[Placed]) -> tuple[set[Cell], set[Cell]]:
    """The cells the rules look at for one play: every run through a played
    cell up to and including the first empty cell, and the cells between
    played cells of one row or column."""
    play = {p.cell for p in placed}
    scope: set[Cell] = set(play)
    for c in play:
        for d in AXES:
            for sign in (1, -1):
                t = 1
                while True:
                    cell = _add(c, d, sign * t)
                    scope.add(cell)
                    if cell not in board and cell not in play:
                        break
                    t += 1
    for u, v in itertools.combinations(sorted(play), 2):
        if u[0] == v[0] or u[1] == v[1]:
            scope.update(_between(u, v))
    return scope, play


def check_play(board: Mapping[Cell, int], placed: Sequence[Placed], *, hand: Sequence[int] | None = None,
               all_rules: bool = True, rlimit: int | None = None, min_group: int = 1) -> PlayVerdict:
    """Decide whether ``placed`` is a legal play on ``board`` with the Z3 encoding.

    The board and the play enter as facts over the frame's variables; the
    rules are tracked. When the play is illegal, the core names the rules it
    breaks; with ``all_rules`` the cores are iterated (each found rule is
    dropped and the query repeated) so that ``violated`` lists every broken
    rule. ``rlimit``: instead of the budget ``bigfive.check-play`` (per check).
    """
    scope, play = concrete_scope(board, placed)
    frame = Frame(scope, play, stacking=len(play) < len(placed))
    solver = TrackedSolver("bigfive.check-play", rlimit=rlimit)
    solver.solver.set("core.minimize", True)
    solver.add_fact(*frame.domain(), *frame.board_facts(board), *frame.play_facts(placed))
    rules = frame.rules(hand, min_group)
    found: list[str] = []
    first: tuple[str, ...] = ()
    seconds = 0.0
    while True:
        solver.solver.push()
        for rule_id, constraint in rules:
            if rule_id not in found:
                solver.add(rule_id, constraint)
        result = solver.check()
        solver.solver.pop()
        seconds += result.seconds
        if result.verdict == "unknown":
            raise RuntimeError(f"the solver gave up on a ground query: {result.reason}")
        if result.verdict == "sat":
            break
        if not result.core:
            raise RuntimeError("unsat without a rule in the core: the facts contradict each other")
        if not first:
            first = result.core
        found += [r for r in result.core if r not in found]
        if not all_rules:
            break
    order = PLACEMENT_RULES + (HAND_RULE,)
    return PlayVerdict(not found, first, tuple(sorted(found, key=order.index)), seconds)


# --------------------------------------------------------------------------
# The comb: a bounded window for symbolic questions


def comb_cells(span: int = MAX_LINE, reach: int = MAX_LINE) -> tuple[list[Cell], list[Cell]]:
    """The comb window: play cells ``(0..span-1, 0)``; scope: row 0 from
    ``-reach`` to ``span-1+reach`` and the columns of the play cells from
    ``-reach`` to ``reach``.

    Why it suffices (up to translation and swapping rows with columns, which
    the rules do not see): a legal play lies in one row (BF-LINE-1) and its
    new line holds at most five cards (BF-LINE-5), so its cells fit in five
    consecutive columns, the leftmost at column 0. Every line that a play
    changes passes through a played cell; along it, the rules look at most
    five cells past the played card (a sixth card breaks BF-LINE-5
    whatever lies beyond). So every cell whose card the rules or the
    invariant's patterns through a played cell can see lies in the comb.
    """
    play = [(x, 0) for x in range(span)]
    scope = [(x, 0) for x in range(-reach, span + reach)]
    scope += [(x, y) for x in range(span) for y in range(-reach, reach + 1) if y != 0]
    return scope, play


def comb_frame(prefix: str = "", ctx: z3.Context | None = None, **kwargs: Any) -> Frame:
    """A frame over the comb window with a free board and a free play (reach capped at 5), its terms in
    ``ctx`` (``None``: z3's main context)."""
    scope, play = comb_cells(**kwargs)
    return Frame(scope, play, limit=MAX_LINE, prefix=prefix, ctx=ctx)


def invariant_patterns(frame: Frame, cells_before: bool = True, touching: Iterable[Cell] | None = None) -> list[Any]:
    """The board invariant as local patterns over the frame's cells.

    Every maximal line holds at most five cards, of one colour or one animal,
    no two identical. Locally: (L1) no six consecutive cards in a row or
    column; (L2) two cards of one line at distance 1–4 with cards between are
    not identical; (L3) two adjacent cards share a colour or an animal; (L4)
    in three consecutive cards the first two share their colour exactly when
    the last two do. (L1–L4 on every pattern ⇔ every line is valid: the
    "same colour" relation of neighbours is constant along a run by L4, so a
    run is all one colour or, by L3, all one animal; L1 bounds its length and
    L2 covers every pair of a run of at most five.)

    :param cells_before: read the board before the play (else after it).
    :param touching: only patterns that contain one of these cells.
    """
    if cells_before:
        occ = frame.occ

        def col(c: Cell) -> Any:
            return frame.oc[c]

        def ani(c: Cell) -> Any:
            return frame.oa[c]

        def has(c: Cell) -> Any:
            return occ[c] if c in frame.inside else z3.BoolVal(False, frame.ctx)
    else:
        col, ani, has = frame.colour, frame.animal, frame.after
    wanted = None if touching is None else set(touching)
    out = []
    for c in frame.scope:
        for d in AXES:
            run6 = [_add(c, d, t) for t in range(MAX_LINE + 1)]  # one card more than a line holds
            if all(x in frame.inside for x in run6) and (wanted is None or wanted & set(run6)):
                out.append(_not(_and([has(x) for x in run6])))
            for t in range(1, MAX_LINE):
                seg = [_add(c, d, s) for s in range(t + 1)]
                if all(x in frame.inside for x in seg) and (wanted is None or wanted & set(seg)):
                    u, v = seg[0], seg[-1]
                    out.append(_implies(_and([has(x) for x in seg]),
                                          _not(_and(col(u) == col(v), ani(u) == ani(v)))))
            pair = [c, _add(c, d, 1)]
            if all(x in frame.inside for x in pair) and (wanted is None or wanted & set(pair)):
                u, v = pair
                out.append(_implies(_and(has(u), has(v)), _or(col(u) == col(v), ani(u) == ani(v))))
            tri = [c, _add(c, d, 1), _add(c, d, 2)]
            if all(x in frame.inside for x in tri) and (wanted is None or wanted & set(tri)):
                u, v, w = tri
                out.append(_implies(_and(has(u), has(v), has(w)),
                                      (col(u) == col(v)) == (col(v) == col(w))))
    return out


# --------------------------------------------------------------------------
# Any legal play for a hand?


def near_cells(board: Mapping[Cell, int]) -> set[Cell]:
    """Empty cells at most four steps from a card along a row or column: the
    only cells a legal play can use (its new line, of at most five cards,
    holds a card that was already there)."""
    found: set[Cell] = set()
    for c in board:
        for d in AXES:
            for t in range(-(MAX_LINE - 1), MAX_LINE):
                cell = _add(c, d, t)
                if cell not in board:
                    found.add(cell)
    return found


@dataclass(frozen=True)
class AnyPlay:
    """Whether a hand has a legal play on a board.

    :param verdict: ``sat`` (``play`` is one), ``unsat`` (none: a proof, with
        the rules of the core) or ``unknown``.
    """

    verdict: str
    play: tuple[Placed, ...]
    core: tuple[str, ...]
    seconds: float
    reason: str = ""


def any_play(board: Mapping[Cell, int], hand: Sequence[int], *, min_size: int = 1,
             rlimit: int | None = None, shared_trials: bool = False) -> AnyPlay:
    """Ask the solver for a legal play of ``hand`` on ``board`` (at least ``min_size`` cards).

    The board is constant; the play's cells (any empty cell near a card, see
    :func:`near_cells`) and cards are free; the placement rules and the hand
    rule are tracked, so "no legal play" comes with the rules of its core.
    ``rlimit``: instead of the budget ``bigfive.any-play`` (per check).
    ``shared_trials``: shrink the core with trials in one solver (see
    :func:`solve_rules`; cheaper when the trials are ``sat``, as BF-F-8's are,
    dearer when they are ``unsat``).

    >>> any_play({(0, 0): 0}, [1]).verdict, any_play({(0, 0): 0}, [6]).verdict
    ('sat', 'unsat')
    """
    play = near_cells(board)
    frame = Frame(set(board) | play, play, limit=MAX_LINE, board=board)
    facts = frame.domain() + ([frame.count() >= min_size] if min_size > 1 else [])
    result, model = solve_rules(facts, frame.rules(hand), budget="bigfive.any-play", rlimit=rlimit,
                                shared_trials=shared_trials)
    if result.verdict == "sat" and model is not None:
        return AnyPlay("sat", frame.decode_play(model), (), result.seconds)
    return AnyPlay(result.verdict, (), result.core, result.seconds, result.reason)


def line_five_follows(frame: Frame, *, rlimit: int | None = None) -> tuple[SolverResult, int]:
    """Prove the lemma "BF-LINE-3 and BF-LINE-4 imply BF-LINE-5" for every played cell and axis of ``frame``.

    For a played cell ``c`` and an axis, :meth:`Frame.line_valid` gives the
    three constraints (uniform, distinct, short) over the same reached cells.
    The lemma ``uniform ∧ distinct ⇒ short`` is the pigeonhole principle: six
    cards of one colour (one animal) that are pairwise not identical would need
    six animals (colours) among five. Asked as it stands inside a large query
    z3 does not find it within 200 million units; so it is asked on its own,
    generalised: every cell's animal, colour and "holds a card after the play"
    are replaced by fresh variables named by the step ``t`` from ``c`` (an
    animal and a colour within 0-4, as the frame's domain makes the terms
    they replace). A generalised formula that is unsat keeps the original
    unsat (any model of the original gives one of the generalisation). The
    generalised formulas of all cells and axes are compared structurally
    (z3 shares equal terms) and each distinct one is proved with the
    finite-domain solver (``QF_FD``). Returns the combined result (``unsat``:
    the lemma holds) and the number of distinct formulas proved.

    >>> result, shapes = line_five_follows(comb_frame(prefix="doc"))
    >>> result.verdict, shapes
    ('unsat', 1)
    """
    shapes: list[Any] = []
    bounded: dict[str, Any] = {}
    for c in frame.play_cells:
        for d in AXES:
            uniform, distinct, short = frame.line_valid(c, d)
            fresh: list[tuple[Any, Any]] = []
            for t in [0, *frame.offsets(c, d)]:
                x = _add(c, d, t)
                for name, term in ((f"lemma_a_{t}", frame.animal(x)), (f"lemma_c_{t}", frame.colour(x))):
                    bounded[name] = z3.Int(name)
                    fresh.append((term, bounded[name]))
                if t:
                    fresh.append((frame.after(x), z3.Bool(f"lemma_h_{t}")))
            shape = z3.substitute(_and(uniform, distinct, _not(short)), *fresh)
            if not any(shape.eq(seen) for seen in shapes):
                shapes.append(shape)
    seconds, units = 0.0, 0
    limit = budget_rlimit("bigfive.line5-lemma", rlimit)
    for shape in shapes:
        solver = TrackedSolver("bigfive.line5-lemma", rlimit=rlimit, logic="QF_FD")
        solver.add_fact(*[_and(v >= 0, v <= (ANIMAL_COUNT if name.startswith("lemma_a_") else COLOUR_COUNT) - 1)
                          for name, v in sorted(bounded.items())], shape)
        result = solver.check()
        seconds, units = seconds + result.seconds, units + result.resources
        if result.verdict != "unsat":
            return SolverResult(result.verdict, result.model, reason=result.reason, seconds=seconds,
                                resources=units, rlimit=limit), len(shapes)
    return SolverResult("unsat", seconds=seconds, resources=units, rlimit=limit), len(shapes)


def solve_rules(facts: Sequence[Any], rules: Sequence[tuple[str, Any]], *, minimal: bool = True,
                budget: str = "bigfive.rules", rlimit: int | None = None, trial_rlimit: int | None = None,
                trial_budget: str = "bigfive.rules-trial",
                entailed: Sequence[tuple[str, tuple[str, ...]]] = (),
                logic: str | None = None, shared_trials: bool = False,
                trial_logic: str | None = None) -> tuple[SolverResult, z3.ModelRef | None]:
    """Check background ``facts`` with tracked ``rules`` (within ``budget``'s
    resource limit, or ``rlimit``); when unsat and ``minimal``, shrink the
    core by deletion (drop a rule, re-check within the budget
    ``trial_budget``, or ``trial_rlimit``) until every remaining rule is
    needed or the trial gives up (then the rule stays: the core is still a
    valid core, perhaps not a minimal one). The limits count resource units,
    not time, so the core found is the same on a loaded machine. Returns the
    result (time and units summed over the checks) and the model when sat.

    ``entailed``: ``(rule, premises)`` pairs for which the caller has proved
    that, under ``facts``, the constraints of the ``premises`` imply those of
    ``rule`` (as :func:`line_five_follows` does for BF-LINE-5). A check that
    holds every premise but not the rule then asserts the rule's constraints
    as background facts (the query is equisatisfiable) and puts the premises
    in its core; dropping the rule from a core that holds the premises needs
    no check (the query is the core's own, with the rule as facts: unsat).
    ``logic``: every check's z3 solver is the one for that logic (``"QF_FD"``:
    the finite-domain solver, for facts that bound every integer).
    ``shared_trials``: the trials share one solver (each rule guarded by a
    Boolean, a trial assumes the guards of its rules) instead of a solver
    each. A trial's verdict is the same either way (only ``unknown`` could
    differ); an ``unsat`` trial's core may differ, so a core shrunk this way
    is minimal too but perhaps another one. When every trial is ``sat`` the
    core is the first check's either way (BF-F-4 and BF-F-8: about half the
    units of their trials). ``trial_logic``: the shared trials' solver is the
    one for that logic instead of ``logic``'s (BF-F-1: a first check in z3's
    default solver, 0.5 million units, and trials in the finite-domain one,
    2.0 million instead of 3.4, the same core).

    >>> x = z3.Int("x")
    >>> rules = [("R-1", x > 2), ("R-2", x > 1), ("R-3", x < 2)]
    >>> solve_rules([], rules, entailed=[("R-2", ("R-1",))])[0].core
    ('R-1', 'R-3')

    >>> x = z3.Int("x")
    >>> result, _ = solve_rules([x > 0], [("R-1", x < 0), ("R-2", x < 5), ("R-3", x < -3)])
    >>> result.verdict, result.core
    ('unsat', ('R-1',))
    """
    limit = budget_rlimit(budget, rlimit)
    spent = 0.0
    units = 0

    def check(ids: Sequence[str], name: str, bound: int | None, values: bool = False) -> SolverResult:
        # A fresh solver per check (without shared_trials): after push/pop z3 took up to twice the units to
        # find BF-F-1's trial models; the guarded assumptions of check_shared took fewer (3.4 against 4.8M).
        nonlocal spent, units
        solver = TrackedSolver(name, rlimit=bound, logic=logic)
        solver.add_fact(*facts)
        implied = {rule for rule, premises in entailed if rule not in ids and all(p in ids for p in premises)}
        for rule_id, constraint in rules:
            if rule_id in ids:
                solver.add(rule_id, constraint)
            elif rule_id in implied:
                solver.add_fact(constraint)
        result = solver.check(values=values)
        if result.verdict == "unsat" and implied:
            extra = {p for rule, premises in entailed if rule in implied for p in premises}
            result = replace(result, core=tuple(sorted(set(result.core) | extra)))
        spent += result.seconds
        units += result.resources
        check.model = solver.model() if values and result.verdict == "sat" else None  # type: ignore[attr-defined]
        return result

    guards: dict[str, Any] = {}
    shared: list[TrackedSolver] = []

    def check_shared(ids: Sequence[str]) -> SolverResult:
        nonlocal spent, units
        if not shared:
            solver = TrackedSolver(trial_budget, rlimit=trial_rlimit, logic=trial_logic or logic)
            solver.add_fact(*facts)
            for rule_id, constraint in rules:
                guard = guards.setdefault(rule_id, z3.Bool(f"solve_rules:{rule_id}"))
                solver.add_fact(_implies(guard, constraint))
            shared.append(solver)
        solver = shared[0]
        implied = {rule for rule, premises in entailed if rule not in ids and all(p in ids for p in premises)}
        result = solver.check(*[guards[r] for r in guards if r in ids or r in implied], values=False)
        if result.verdict == "unsat":
            by_name = {str(g): r for r, g in guards.items()}
            named = {by_name[str(a)] for a in solver.solver.unsat_core() if str(a) in by_name}
            extra = {p for rule, premises in entailed if rule in implied for p in premises}
            result = replace(result, core=tuple(sorted((named & set(ids)) | extra)))
        spent += result.seconds
        units += result.resources
        return result

    everything = list(dict.fromkeys(r for r, _ in rules))
    result = check(everything, budget, rlimit, values=True)
    model = getattr(check, "model", None)
    if result.verdict == "unsat" and minimal:
        core = list(result.core)
        for rule_id in list(core):
            if rule_id not in core:
                continue
            trial = [r for r in core if r != rule_id]
            if any(rule == rule_id and all(p in trial for p in premises) for rule, premises in entailed):
                core = trial  # the same query as the core's, the rule entering as facts: unsat (see entailed)
                continue
            again = check_shared(trial) if shared_trials else check(trial, trial_budget, trial_rlimit)
            if again.verdict == "unsat":
                core = [r for r in trial if r in again.core] or trial
        result = SolverResult("unsat", core=tuple(sorted(core)), seconds=spent, resources=units, rlimit=limit)
    else:
        result = SolverResult(result.verdict, result.model, result.core, result.reason, spent, units, limit)
    return result, model
