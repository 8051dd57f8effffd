"""The catalogue's questions about Cinco: deadlocks, non-termination and the text's draw (findings ``CI-F-n``).

For each layout (hexagon, square) and each colour count (two colours: two
players, two teams of two, two teams of three; three colours: three players,
three teams of two) four questions:

* **dead positions** (fewest chips): a position where the game goes on (no
  win, every colour still has a chip, a free cell) but no colour can ever
  complete a line of five: every window of five cells holds a chip of another
  colour, or more free cells than the colour has chips left;
* **dead by position alone**: the same ignoring the chip stocks (every window
  holds chips of two colours);
* **non-termination**: a position from which, under the text's rules (win;
  a colour out of chips), the game can never end: the board is full (no
  placement is possible), nobody has five in a row and every colour still
  has chips, yet turns go on;
* **the text's draw**: a colour places its last chip without a win.

Boards are cells × colours of Booleans in Z3. Lower bounds on chip counts use
a *tiling*: 18 disjoint windows that cover the 90 cells (found by Z3 as an
exact cover); a per-window count abstraction of the tiling windows (a
relaxation: every other window is dropped and cells become counts) turns a
pigeonhole argument, hard for a SAT search, into linear arithmetic. The
bound is searched and proved on an exact re-encoding of that abstraction
that counts the windows of each content (:func:`fewest_chips`: no symmetric
copies of a solution); the boards with known chip totals are stated with
cardinality constraints (:mod:`ruleproof.checkers.smt.cinco_boards`). Every
witness is replayed through the engine for every player structure of its
colour count (:mod:`ruleproof.checkers.smt.cinco_replay`).

Readings: the rule constants ``chips`` (per colour) and ``line_length`` (how
many in a row win) are parameters: every question is asked with the reading's
values (:class:`Params`), and every witness is replayed on the reading's engine
(which also honours its ``hand_size``). Where the lengths do not divide the
board into whole windows, the lower bound uses a *packing* (disjoint windows
covering all but a few cells, whose chips are counted apart); the finding says
so. The questions are asked under the default ``chips_out="last_chip"``
(a colour placing its last chip ends the game; ``"all_out"`` would change the
draw and the dead-position questions) and ``must_place=False``; the encodings
hold no deck and no turn order, so ``reshuffle`` and ``first_seat`` do not
enter them. The readings that cannot be played (CI-AMB-6 ``play_on``,
CI-AMB-7) have their cores in :mod:`ruleproof.checkers.smt.cinco_readings`.

>>> [q.id for q in QUESTIONS][:4]
['CI-F-1', 'CI-F-2', 'CI-F-3', 'CI-F-4']
>>> len(QUESTIONS)
16
"""

from __future__ import annotations

import functools
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

import z3

from ruleproof.checkers.catalogue.questions import Question, register
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.smt.cinco_boards import PbBoard, dead_board, decode_cells
from ruleproof.checkers.smt.cinco_replay import Replay, replay_board, replay_problem
from ruleproof.checkers.smt.core import SolverResult, TrackedSolver
from ruleproof.spec.cinco import CHIPS, LINE, CincoVariant, layout_of
from ruleproof.spec.core import variant_from_mapping, variant_to_dict
from ruleproof.spec.cinco_board import (
    COLOUR_NAMES,
    FREE,
    Layout,
    can_still_win,
    compute_windows,
    is_win,
    render_board_text,
)

GAME_ID = "cinco"
LAYOUTS = ("hex", "square")
#: Player structures per colour count: (players, variant flags).
STRUCTURES: dict[int, tuple[tuple[int, dict[str, str]], ...]] = {
    2: ((2, {}), (4, {}), (6, {"teams6": "2x3"})),
    3: ((3, {}), (6, {"teams6": "3x2"})),
}
#: The numbers in words, for the findings' texts (a line of "five").
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class Params(NamedTuple):
    """The rule constants the encodings read, from the variant a question is asked under.

    >>> Params.of(CincoVariant(chips=20, line_length=4))
    Params(chips=20, line=4)
    """

    chips: int = CHIPS
    line: int = LINE

    @classmethod
    def of(cls, variant: CincoVariant) -> Params:
        """The parameters of ``variant``."""
        return cls(variant.chips, variant.line_length)

    @property
    def live(self) -> int:
        """The most chips a colour may have placed while the game goes on."""
        return self.chips - 1

    @property
    def word(self) -> str:
        """The line length in words ("five")."""
        return _WORDS[self.line] if self.line < len(_WORDS) else str(self.line)


def _variant(layout: str, flags: dict[str, str] | None = None, base: CincoVariant | None = None) -> CincoVariant:
    """The variant of a player structure: ``base`` (default: the rulebook's) on ``layout`` with ``flags``."""
    mapping = variant_to_dict(base if base is not None else CincoVariant())
    mapping.update(layout=layout, **(flags or {}))
    return variant_from_mapping(CincoVariant, mapping, from_text=True)


def structure_names(colours: int) -> str:
    """The player structures of a colour count, in words."""
    names = {(2, ""): "2 players", (4, ""): "4 players (2 teams of 2)", (6, "2x3"): "6 players (2 teams of 3)",
             (3, ""): "3 players", (6, "3x2"): "6 players (3 teams of 2)"}
    return ", ".join(names[(p, f.get("teams6", ""))] for p, f in STRUCTURES[colours])


@functools.lru_cache(maxsize=16)
def tiling(layout: Layout, line: int = LINE) -> tuple[tuple[int, ...], ...]:
    """Disjoint windows of ``line`` cells covering every cell exactly once (an exact cover found by Z3); when
    there is none, a packing (:func:`_packing`), the cells left over counted apart.

    >>> from ruleproof.spec.cinco_board import square_layout
    >>> t = tiling(square_layout())
    >>> len(t), sorted(c for w in t for c in w) == list(range(1, 91))
    (18, True)
    >>> p = tiling(square_layout(), 4)  # 90 cells: no whole number of windows of four
    >>> len(p), len({c for w in p for c in w})
    (22, 88)
    """
    windows = compute_windows(layout, line)
    if layout.size % line == 0:
        solver = TrackedSolver("cinco.tiling")
        use = [z3.Bool(f"tile_{i}", solver.ctx) for i in range(len(windows))]  # the solver's context: no translation
        for cell in range(1, layout.size + 1):
            solver.add_fact(z3.PbEq([(use[i], 1) for i, w in enumerate(windows) if cell in w], 1))
        found = solver.check(values=False)
        if found.verdict == "sat":
            model = solver.solver.model()
            return tuple(w for i, w in enumerate(windows) if z3.is_true(model.eval(use[i], model_completion=True)))
    return _packing(layout, line, windows)


def _packing(layout: Layout, line: int, windows: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Disjoint windows taken greedily in the board's line order (each window that shares no cell with those
    taken before it): any packing makes a sound lower bound, a larger one a stronger bound."""
    taken: list[tuple[int, ...]] = []
    used: set[int] = set()
    for window in windows:
        if used.isdisjoint(window):
            taken.append(window)
            used.update(window)
    if not taken:
        raise ValueError(f"layout {layout.name!r}: no window of {line} cells")
    return tuple(taken)


class BoardVars:
    """One Boolean per cell and colour: a chip of that colour lies there (the never-ending board query)."""

    def __init__(self, layout: Layout, colours: int, prefix: str = "b", line: int = LINE) -> None:
        self.layout = layout
        self.colours = colours
        self.x = [[z3.Bool(f"{prefix}_{n}_{k}") for k in range(colours)] for n in range(1, layout.size + 1)]
        self.windows = compute_windows(layout, line)

    def chip(self, cell: int, colour: int) -> Any:
        """A chip of ``colour`` on ``cell``."""
        return self.x[cell - 1][colour]

    def occupied(self, cell: int) -> Any:
        """Some chip on ``cell``."""
        return z3.Or(self.x[cell - 1])

    def placed(self, colour: int) -> Any:
        """Chips of ``colour`` on the board."""
        return z3.Sum([z3.If(self.x[n][colour], 1, 0) for n in range(self.layout.size)])

    def one_chip(self) -> list[Any]:
        """At most one chip per cell."""
        return [z3.AtMost(*row, 1) for row in self.x]

    def no_win(self) -> list[Any]:
        """No window is filled with one colour (CI-WIN-1: nobody has won)."""
        return [z3.Not(z3.And([self.chip(n, k) for n in w])) for w in self.windows for k in range(self.colours)]

    def decode(self, model: z3.ModelRef) -> tuple[int, ...]:
        """The board as ``cells`` (colour or FREE per cell)."""
        return decode_cells(self.x, model)


#: Answers of the count abstraction by (tiles, colours, most, chips_count, params, cells left over): it reads
#: nothing else of the layout, so layouts with as many tiling windows share one solver call.
_COUNTS: dict[tuple[int, int, int, bool, Params, int], SolverResult] = {}


def _left_over(layout: Layout, tiles: Sequence[Sequence[int]]) -> int:
    """The cells no window of a packing covers (0 for a tiling)."""
    return layout.size - sum(map(len, tiles))


def count_abstraction(layout: Layout, colours: int, most: int, *, chips_count: bool,
                      params: Params = Params()) -> SolverResult:
    """The tiling windows as chip counts per colour: can a dead, live position have at most ``most`` chips?

    This is the abstraction as first stated, one count per window and colour;
    the findings search and prove their bounds on its re-encoding by window
    contents (:func:`fewest_chips`), and the tests compare the two.

    Each tiling window gets integer counts per colour; a colour's stock is the
    sum over the tiling (the tiling covers every cell once); deadness is
    required on the tiling windows only. Unsat here means unsat for real boards.
    With a packing, the chips on the cells it leaves over count towards the
    stocks (at most one per such cell), so the abstraction stays a relaxation.
    The query depends on the layout only through the number of tiling windows
    (and cells left over); its answers are kept for the process (each solver
    works in its own z3 context, so a repeated query would give the same answer).
    """
    tiles = tiling(layout, params.line)
    key = (len(tiles), colours, most, chips_count, params, _left_over(layout, tiles))
    if key not in _COUNTS:
        _COUNTS[key] = _count_query(*key)
    return _COUNTS[key]


class Bound(NamedTuple):
    """A search of :func:`fewest_chips`: the least ``best`` total with a ``sat`` answer and ``proof``, the
    ``unsat`` answer for ``best - 1`` (the answer at 0 when ``best`` is 0); or ``best`` ``None`` with the
    answer that stopped it: the query at the board's size (``searching`` false: ``unsat`` means no dead live
    position at all) or an ``unknown`` during the search (``searching`` true). ``windows``: the contents of
    the tiling windows in the ``sat`` answer at ``best``, one count vector per window (largest first);
    ``outside``: with a packing, the chips of each colour on the cells it leaves over."""

    best: int | None
    proof: SolverResult
    searching: bool = False
    windows: tuple[tuple[int, ...], ...] = ()
    outside: tuple[int, ...] = ()


#: Searches of :func:`fewest_chips` by (tiles, colours, chips_count, params, cells left over), kept for the
#: process like :data:`_COUNTS`.
_BOUNDS: dict[tuple[int, int, bool, Params, int], Bound] = {}


def tile_types(colours: int, line: int = LINE) -> tuple[tuple[int, ...], ...]:
    """The chip counts a tiling window can hold: one count per colour, ``line`` (five) chips at most in all.

    >>> len(tile_types(2)), len(tile_types(3)), tile_types(2)[:3], len(tile_types(2, 3))
    (21, 56, ((0, 0), (0, 1), (0, 2)), 10)
    """
    return tuple(t for t in itertools.product(range(line + 1), repeat=colours) if sum(t) <= line)


def fewest_chips(layout: Layout, colours: int, *, chips_count: bool, params: Params = Params()) -> Bound:
    """The fewest chips of a dead, live position in the count abstraction, proved by an unsat answer below it.

    The count abstraction of :func:`count_abstraction` reads the tiling windows
    only through their chip counts, and the windows are interchangeable (every
    condition is per window; the stocks are sums over all of them), so a
    solution is a multiset of window contents: how many tiling windows hold
    each count vector of :func:`tile_types`. That encoding has one integer per
    vector instead of one per window and colour and no symmetric copies of a
    solution (18! orderings of the windows), and it is satisfiable with at
    most ``most`` chips exactly when the per-window one is (a solution of one
    gives the other by counting, or by laying the vectors out over the
    windows in any order). The per-window encoding needed about 2.4 million
    z3 units to refuse 32 chips with three colours; this one a few thousand.

    One solver answers the whole search (a binary search over ``sum <= most``
    assumptions, the same sequence of checks in every process, so the same
    answers); the :class:`Bound` is kept for the process.

    >>> from ruleproof.spec.cinco_board import square_layout
    >>> bound = fewest_chips(square_layout(), 2, chips_count=True)
    >>> bound.best, bound.proof.verdict
    (33, 'unsat')
    >>> fewest_chips(square_layout(), 2, chips_count=True, params=Params(chips=20)).best
    18
    """
    tiles = tiling(layout, params.line)
    key = (len(tiles), colours, chips_count, params, _left_over(layout, tiles))
    if key not in _BOUNDS:
        _BOUNDS[key] = _bound_search(*key, layout.size)
    return _BOUNDS[key]


def _bound_search(tiles: int, colours: int, chips_count: bool, params: Params, left_over: int, size: int) -> Bound:
    line, chips = params.line, params.chips
    types = tile_types(colours, line)
    solver = TrackedSolver("cinco.count-types")
    ctx = solver.ctx
    use = [z3.Int(_type_name(t), ctx) for t in types]
    placed = [z3.Sum([use[i] * t[k] for i, t in enumerate(types) if t[k]] or [z3.IntVal(0, ctx)])
              for k in range(colours)]
    solver.add_fact(*[u >= 0 for u in use], z3.Sum(use) == tiles)
    outside = [z3.Int(f"outside_{k}", ctx) for k in range(colours)] if left_over else []
    if outside:  # a packing: the chips on the cells it leaves over count towards the stocks
        solver.add_fact(*[o >= 0 for o in outside], z3.Sum(outside) <= left_over)
        placed = [p + o for p, o in zip(placed, outside)]
    for i, t in enumerate(types):
        n = sum(t)
        # A window holding no chip of another colour than k must have more free cells than k has chips left.
        alone = [k for k in range(colours) if n - t[k] == 0]
        if not alone:
            continue
        if chips_count:
            dead = z3.And([line - n > chips - placed[k] for k in alone])
        else:
            dead = z3.BoolVal(False, ctx)
        solver.add("CI-WIN-1", z3.Implies(use[i] >= 1, dead))
    solver.add("CI-END-1", *[p <= params.live for p in placed])
    total = z3.Sum(placed)

    def at_most(most: int) -> SolverResult:
        flag = z3.Bool(f"most_{most}", ctx)
        solver.add_fact(z3.Implies(flag, total <= most))
        return solver.check(flag)

    top = at_most(size)
    if top.verdict != "sat":
        return Bound(None, top)
    lo, hi = 0, size  # unsat below lo, sat at hi
    answers = {size: top}
    while lo < hi:
        mid = (lo + hi) // 2
        answers[mid] = at_most(mid)
        if answers[mid].verdict == "unknown":
            return Bound(None, answers[mid], searching=True)
        if answers[mid].verdict == "sat":
            hi = mid
        else:
            lo = mid + 1
    model = answers[lo].model
    windows = [t for t in sorted(types, key=lambda t: (-sum(t), t)) for _ in range(int(model.get(_type_name(t), 0)))]
    left = tuple(int(model.get(f"outside_{k}", 0)) for k in range(colours)) if outside else ()
    return Bound(lo, answers[lo - 1] if lo > 0 else answers[lo], windows=tuple(windows), outside=left)


def _type_name(vector: tuple[int, ...]) -> str:
    return "m_" + "_".join(map(str, vector))


def _count_query(tiles: int, colours: int, most: int, chips_count: bool, params: Params,
                 left_over: int) -> SolverResult:
    cnt = [[z3.Int(f"t{w}_{k}") for k in range(colours)] for w in range(tiles)]
    solver = TrackedSolver("cinco.count")
    placed = [z3.Sum([cnt[w][k] for w in range(tiles)]) for k in range(colours)]
    if left_over:  # a packing: the chips on the cells it leaves over count towards the stocks
        outside = [z3.Int(f"outside_{k}") for k in range(colours)]
        solver.add_fact(*[o >= 0 for o in outside], z3.Sum(outside) <= left_over)
        placed = [p + o for p, o in zip(placed, outside)]
    for w in range(tiles):
        n = z3.Sum(cnt[w])
        solver.add_fact(*[c >= 0 for c in cnt[w]], n <= params.line)
        for k in range(colours):
            others = z3.Sum([cnt[w][j] for j in range(colours) if j != k])
            options = [others >= 1]
            if chips_count:
                options.append(params.line - n > params.chips - placed[k])
            solver.add("CI-WIN-1", z3.Or(options))
    solver.add("CI-END-1", *[p <= params.live for p in placed])
    solver.add_fact(z3.Sum(placed) <= most)
    return solver.check()


def _picture(layout: Layout, cells: Sequence[int]) -> str:
    return render_board_text(layout, cells)


def _chips_by_colour(cells: Sequence[int], colours: int) -> dict[int, list[int]]:
    return {k: [n for n, c in enumerate(cells, start=1) if c == k] for k in range(colours)}


def _replays(layout: str, colours: int, cells: Sequence[int], reading: Any,
             last: int | None = None) -> list[Replay]:
    """The board built in a real game under the reading's flags, for every player structure of the colour count
    (on the built-in engine: :func:`_confirmed` replays it on a plugin's engine)."""
    chips = _chips_by_colour(cells, colours)
    return [replay_board(_variant(layout, flags, reading.variant), players, chips, last=last)
            for players, flags in STRUCTURES[colours]]


def _confirmed(finding: Finding, reading: Any) -> Finding:
    """``finding`` when its witness is a legal play under a reading with extra rules (replayed on the reading's
    engine, :func:`_replay`), else ``unknown`` saying why, as the catalogue says it for the questions that do not
    take the reading themselves (:meth:`~ruleproof.checkers.catalogue.questions.Question.ask`)."""
    if finding.verdict != "sat" or not reading.has_plugin:
        return finding
    problem = _replay(finding, reading)
    if problem is None:
        return finding
    return replace(finding, verdict="unknown", reason="the witness found over the built-in rules is not a legal play "
                   f"under this reading: {problem}", answer=finding.answer + " (not confirmed under this reading)")


def _replay_json(replays: Sequence[Replay], colours: int) -> list[dict[str, Any]]:
    out = []
    for (players, flags), r in zip(STRUCTURES[colours], replays):
        out.append({"players": players, "flags": flags, "placements": [list(p) for p in r.placements],
                    "moves": len(r.moves), "finished": r.state.finished, "winner": r.state.winner,
                    "chips_left": list(r.state.chips)})
    return out


def _order_text(replay: Replay) -> str:
    return ", ".join(f"seat {s}: card {c} -> cell {n}" for s, c, n in replay.placements)


def _asked(params: Params) -> str:
    """The rule constants a finding was decided under, when they are not the rulebook's ("" when they are)."""
    changed = [f"{name}={value}" for name, value, home in (("chips", params.chips, CHIPS),
                                                          ("line_length", params.line, LINE)) if value != home]
    return f" Decided under {', '.join(changed)} (read by the encoding)." if changed else ""


def _witness(cells: Sequence[int], params: Params, **more: Any) -> dict[str, Any]:
    """A witness board, with the line length it was found for when it is not the rulebook's (the pictures draw
    its lines)."""
    witness: dict[str, Any] = {"cells": list(cells), **more}
    if params.line != LINE:
        witness["line_length"] = params.line
    return witness


def _packing_text(layout: Layout, tiles: Sequence[Sequence[int]], params: Params) -> str:
    """How the lower bound covers the board: a tiling, or a packing with cells left over."""
    left = _left_over(layout, tiles)
    if not left:
        return f"a tiling of {layout.size} cells by {len(tiles)} disjoint windows"
    return (f"a packing of {layout.size} cells by {len(tiles)} disjoint windows of {params.line} ({left} cells left "
            "over, their chips counted towards the stocks)")


# --------------------------------------------------------------------------
# The questions


def _dead(layout_name: str, colours: int, chips_count: bool) -> Callable[[bool, Any], Finding]:
    layout = layout_of(_variant(layout_name))
    fid = _fid(layout_name, colours, 0 if chips_count else 1)
    question = question_text(layout_name, colours, 0 if chips_count else 1)
    rules = ("CI-WIN-1", "CI-END-1", "CI-PLAY-5")

    def run(full: bool, reading: Any) -> Finding:
        start = time.perf_counter()
        params = Params.of(reading.variant)
        bound = fewest_chips(layout, colours, chips_count=chips_count, params=params)
        if bound.best is None:
            text = "The solver gave up on the lower bound." if bound.searching else "No dead live position at all."
            return Finding(fid, GAME_ID, question, bound.proof.verdict, text + _asked(params), rule_ids=rules,
                           seconds=time.perf_counter() - start, reason=bound.proof.reason)
        best = bound.best
        # A real board with exactly `best` chips, guided by the abstraction's answer at `best` (its window
        # contents laid over the tiling windows in order, colours renamed so that colour 0 places the most):
        # first with those per-window counts, then with at most two chips per window and `best` in all.
        tiles = tiling(layout, params.line)
        per = [list(vector) for vector in bound.windows]
        outside = list(bound.outside)
        order = sorted(range(colours), key=lambda k: -(sum(row[k] for row in per) + (outside[k] if outside else 0)))
        renamed = [[row[old] for old in order] for row in per]
        found, board_cells = dead_board(layout, colours, chips_count, tiles, renamed, best, params.chips, params.line,
                                        [outside[old] for old in order] if outside else None)
        seconds = time.perf_counter() - start
        if board_cells is None:
            return Finding(fid, GAME_ID, question, "unknown",
                           f"At least {best} chips, but no board with {best} was found." + _asked(params),
                           rule_ids=rules, seconds=seconds, reason=found.reason or found.verdict)
        cells = board_cells
        replays = _replays(layout_name, colours, cells, reading)
        left = replays[0].state.chips
        ok = all(not r.state.finished for r in replays) and not any(
            can_still_win(_board(layout, r.state.board), k, params.line,
                          chips=r.state.chips[k] if chips_count else None)
            for r in replays for k in range(colours))
        counts = {k: len(v) for k, v in _chips_by_colour(cells, colours).items()}
        how = (f"every window of {params.word} holds chips of two colours" if not chips_count else
               ", ".join(f"{COLOUR_NAMES[k]} {counts[k]} placed ({left[k]} left)" for k in range(colours)))
        bounds = (f"Lower bound: the count abstraction of {_packing_text(layout, tiles, params)} (per window chip "
                  f"counts; a relaxation of the board) is unsat with {best - 1} chips. Live: nobody has won and "
                  f"every colour has placed at most {params.live} chips. Reachability: replayed for "
                  f"{structure_names(colours)}.")
        return Finding(
            fid, GAME_ID, question, "sat" if ok else "unknown",
            f"{best} chips ({how}); fewer is impossible. The game can then only end "
            + ("when a colour runs out of chips (a draw)." if chips_count else "in a draw.") + _asked(params),
            witness=_witness(cells, params, counts=counts, replays=_replay_json(replays, colours),
                             order=_order_text(replays[0])),
            rule_ids=rules, seconds=seconds, method="z3", bounds=bounds, picture=_picture(layout, cells),
            reason="" if ok else "the replayed position is not dead",
        )

    return run


def _board(layout: Layout, cells: tuple[int, ...]) -> Any:
    from ruleproof.spec.cinco_board import Board

    return Board(layout, cells)


def _nonterm(layout_name: str, colours: int) -> Callable[[bool, Any], Finding]:
    layout = layout_of(_variant(layout_name))
    fid = _fid(layout_name, colours, 2)
    question = question_text(layout_name, colours, 2)
    rules = ("CI-WIN-1", "CI-END-1", "CI-PLAY-2", "CI-PLAY-4")
    bounds = ("A position can never end exactly when no placement is ever possible again, i.e. the board is full: "
              "while a cell is free some card fits it (card 1 fits every cell, and every card comes back through the "
              "reshuffle), so chips keep being placed until a win or a colour's last chip. The spec's CI-END-2 "
              "(full board: a draw; ambiguity CI-AMB-6) is not part of the text.")

    def run(full: bool, reading: Any) -> Finding:
        start = time.perf_counter()
        params = Params.of(reading.variant)
        live = params.live
        if colours * live < layout.size:
            p = [z3.Int(f"placed_{k}") for k in range(colours)]
            solver = TrackedSolver("cinco.nonterm-count")
            solver.add("CI-PLAY-2", z3.Sum(p) == layout.size)
            solver.add("CI-END-1", *[z3.And(x >= 0, x <= live) for x in p])
            result = solver.check()
            if result.verdict == "unsat":
                return Finding(fid, GAME_ID, question, "unsat",
                               f"No: {colours} colours hold {colours * params.chips} chips for {layout.size} cells, so "
                               "a cell is still free while every colour has a chip; someone runs out (a draw) or wins "
                               "first." + _asked(params),
                               rule_ids=result.core, seconds=time.perf_counter() - start, bounds=bounds)
            return Finding(fid, GAME_ID, question, "unknown", "Counting query not refuted." + _asked(params),
                           rule_ids=rules, seconds=result.seconds, reason=result.reason or result.verdict)
        board = BoardVars(layout, colours, "n", params.line)
        solver = TrackedSolver("cinco.nonterm")
        solver.add_fact(*board.one_chip())
        solver.add("CI-PLAY-2", *[board.occupied(n) for n in range(1, layout.size + 1)])
        solver.add("CI-WIN-1", *board.no_win())
        solver.add("CI-END-1", *[board.placed(k) <= live for k in range(colours)])
        found = solver.check(values=False)
        if found.verdict != "sat":
            return Finding(fid, GAME_ID, question, found.verdict if found.verdict == "unknown" else "unsat",
                           f"No full board without a line of {params.word}." + _asked(params),
                           rule_ids=found.core or rules, seconds=time.perf_counter() - start, reason=found.reason,
                           bounds=bounds)
        cells = board.decode(solver.model())
        replays = _replays(layout_name, colours, cells, reading)
        b = _board(layout, cells)
        ok = all(r.state.finished and r.state.winner == -1 and min(r.state.chips) >= 1 for r in replays) and not any(
            is_win(b, k, params.line) for k in range(colours)) and FREE not in cells
        counts = {k: len(v) for k, v in _chips_by_colour(cells, colours).items()}
        return Finding(
            fid, GAME_ID, question, "sat" if ok else "unknown",
            f"Yes: the board fills up ({', '.join(f'{COLOUR_NAMES[k]} {counts[k]}' for k in range(colours))} chips) with no "
            f"line of {params.word} and every colour still holding chips; no placement is possible, nobody can win or "
            "run out, and under the text the turns (draw, exchange, burn) go on forever. The spec ends it as a draw "
            "(CI-END-2)." + _asked(params),
            witness=_witness(cells, params, counts=counts, replays=_replay_json(replays, colours),
                             order=_order_text(replays[0])),
            rule_ids=rules, seconds=time.perf_counter() - start, method="z3", bounds=bounds,
            picture=_picture(layout, cells), reason="" if ok else "the replay disagrees",
        )

    return run


def _draw(layout_name: str, colours: int) -> Callable[[bool, Any], Finding]:
    layout = layout_of(_variant(layout_name))
    fid = _fid(layout_name, colours, 3)
    question = question_text(layout_name, colours, 3)
    rules = ("CI-END-1", "CI-WIN-1")

    def run(full: bool, reading: Any) -> Finding:
        start = time.perf_counter()
        params = Params.of(reading.variant)
        solver = TrackedSolver("cinco.draw", logic="QF_FD")
        board = PbBoard(solver, layout, colours, "w", line=params.line, chips=params.chips)
        solver.add_fact(*board.one_chip())
        solver.add("CI-WIN-1", *board.no_win())
        solver.add("CI-END-1", board.placed_is(0, params.chips), *[board.placed_is(k, 0) for k in range(1, colours)])
        found = solver.check(values=False)
        if found.verdict != "sat":
            return Finding(fid, GAME_ID, question, found.verdict, "No such board." + _asked(params),
                           rule_ids=found.core or rules, seconds=found.seconds, reason=found.reason)
        cells = board.decode(solver.solver.model())
        replays = _replays(layout_name, colours, cells, reading, last=0)
        ok = all(r.state.finished and r.state.winner == -1 and r.state.chips[0] == 0 for r in replays)
        return Finding(
            fid, GAME_ID, question, "sat" if ok else "unknown",
            f"Yes: {COLOUR_NAMES[0]} places all {params.chips} chips with no {params.word} in a row (the others pass); "
            "the game ends in the text's draw, replayed for " + structure_names(colours) + "." + _asked(params),
            witness=_witness(cells, params, replays=_replay_json(replays, colours), order=_order_text(replays[0])),
            rule_ids=rules, seconds=time.perf_counter() - start, method="z3",
            bounds="Other colours place nothing (the smallest such game); any colour could be the one.",
            picture=_picture(layout, cells), reason="" if ok else "the replay disagrees",
        )

    return run


#: The four questions asked per layout and colour count, by kind (:func:`question_text`).
KINDS = ("dead", "dead by position", "never ends", "draw")


def question_text(layout_name: str, colours: int, kind: int) -> str:
    """The question of finding kind 0 (dead, fewest chips), 1 (dead by position), 2 (never ends), 3 (draw)."""
    head = f"{layout_name}, {colours} colours ({structure_names(colours)}): "
    return head + (
        "fewest chips on a live board from which no colour can ever complete a line of five?",
        "fewest chips on a live board where no colour can complete a line by position alone (chip stocks ignored)?",
        "can the game reach a position from which, under the text's rules (five in a row wins, a colour out of "
        "chips draws), it can never end?",
        "can a colour run out of chips without a win (the text's draw)?",
    )[kind]


def _fixed(layout_name: str, kind: int) -> tuple[tuple[str, object], ...]:
    """The flags a question's encoding fixes (issue 17): its layout, a line of at least ``line_length``, no
    joker, no forced placement; the end by chips except for the question that ignores the stocks (kind 1).
    Every player structure of the colour count is replayed, so ``teams6`` is covered; ``reshuffle`` and
    ``first_seat`` do not enter (module docstring); ``chips``, ``line_length`` and ``hand_size`` are taken
    from the reading (:data:`PARAMETERS`)."""
    pins: tuple[tuple[str, object], ...] = (("layout", layout_name), ("layout_data", ""), ("exact_five", False),
                                            ("joker", False), ("must_place", False))
    return pins if kind == 1 else pins + (("chips_out", "last_chip"),)


#: The flags every question takes from the reading it is asked under: the encodings read the chips and the line
#: length (:class:`Params`), the replays run on the reading's engine (which reads all three).
PARAMETERS = ("chips", "hand_size", "line_length")


#: Extra legality rules (a plugin) only remove moves. Dead by position alone (kind 1) is a property of the board,
#: and the boards reachable under the rules are fewer: the proved minimum stays a lower bound and the witness
#: board is rebuilt on the reading's engine; so are the never-ending and drawn boards (kinds 2, 3). Dead with the
#: chip stocks (kind 0) asks whether a colour can still complete a line, which removed moves can change.
_DEAD_WHY = ("its minimum is proved over every way the built-in rules let a colour complete a line; extra rules "
             "that remove moves can make smaller boards dead")


def _replay(finding: Finding, reading: Any) -> str | None:
    """The witness board rebuilt on the reading's engine for every player structure it records (issue 17)."""
    return replay_problem(finding.witness, reading)


def _confirming(run: Callable[[bool, Any], Finding]) -> Callable[[bool, Any], Finding]:
    """``run`` with its witness confirmed on the engine of a reading with extra rules (:func:`_confirmed`)."""
    return lambda full, reading: _confirmed(run(full, reading), reading)


def _fid(layout_name: str, colours: int, kind: int) -> str:
    block = LAYOUTS.index(layout_name) * 2 + (colours - 2)
    return f"CI-F-{block * len(KINDS) + kind + 1}"


def _questions() -> tuple[Question, ...]:
    out = []
    for name in LAYOUTS:
        for colours in (2, 3):
            runs = [_confirming(run) for run in (_dead(name, colours, True), _dead(name, colours, False),
                                                 _nonterm(name, colours), _draw(name, colours))]
            texts = [question_text(name, colours, kind) for kind in range(len(KINDS))]
            rule_sets = [("CI-WIN-1", "CI-END-1", "CI-PLAY-5"), ("CI-WIN-1",), ("CI-WIN-1", "CI-END-1", "CI-PLAY-2"),
                         ("CI-END-1", "CI-WIN-1")]
            for kind in range(len(KINDS)):
                out.append(Question(_fid(name, colours, kind), GAME_ID, texts[kind], rule_sets[kind], runs[kind],
                                    flags=PARAMETERS, fixed=_fixed(name, kind), declared=True, takes_reading=True,
                                    replay=_replay,
                                    plugins="none" if kind == 0 else "restriction",
                                    plugins_why=_DEAD_WHY if kind == 0 else ""))
    return tuple(sorted(out, key=lambda q: int(q.id.rsplit("-", 1)[1])))


QUESTIONS: tuple[Question, ...] = _questions()

for _q in QUESTIONS:
    register(_q)
