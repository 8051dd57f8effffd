"""BigPoints findings: whether the "no free disc on either side" gap can arise, how long a game
can be, and how many points one player can make.

Readings: the findings about the whole path are asked under the reading's path and ladder, the rule
constants ``colour_discs``, ``black_discs``, ``white_discs`` and ``step_values`` (issue 31): BP-F-1 and BP-F-3
(the gap), BP-F-4 (the shortest and the longest game), BP-F-5 and BP-F-6 (the highest score). Each question
declares the flags it takes from the reading (``_FLAGS``) and those its encoding fixes (``_FIXED``); a flag
named in neither does not change its answer. The counting encodings take the path's numbers
(:mod:`~ruleproof.checkers.smt.bigpoints_bounds`). On the rulebook's path the witness games are built by
hand; on another path they are searched for (:mod:`~ruleproof.checkers.smt.bigpoints_search`: seeded and
bounded), and on a path of at most :data:`EXPLORED_PATH` discs every state of every path is explored when the
counting does not decide; each finding says which (``method``, ``bounds``). A search that does not meet the
proved bound leaves the question ``unknown``, with both numbers. The score bound (BP-F-6) encodes the
scoring flags (``step_values``, ``inverted_ladder``, ``black_counts``, ``spent_black_counts``); with
``last_reserve=False`` it still holds (that only lowers scores) but may not be tight;
``ladder_take="reserve_and_path"`` adds one path disc per ladder arrival, which the move counting does not
encode, so BP-F-4/BP-F-6 support only ``ladder_take="reserve"``.

>>> f = FINDINGS["BP-F-1"](False)
>>> f.verdict
'unsat'
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable
from typing import Any

import z3

from ruleproof.checkers.catalogue.questions import Question, register
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.replay import replay_moves, replay_play_witness
from ruleproof.checkers.smt.bigpoints_bounds import (
    counts_of,
    high_score_game,
    length_bound,
    length_proof,
    longest_game,
    numbers,
    score_bound,
    score_model,
)
from ruleproof.checkers.smt.bigpoints_play import Turn, drive, lays, replay
from ruleproof.checkers.smt.bigpoints_search import (
    GUIDED_SEED,
    best_random,
    gap_found,
    guided_game,
    longest_found,
    lower_length,
    may_gap,
    shortest_game,
)
from ruleproof.checkers.smt.core import TrackedSolver
from ruleproof.checkers.explore.statespace import (
    Exploration,
    config_for,
    distances,
    explore_config,
    explored,
    longest_play,
    path_to,
    topological_order,
)
from ruleproof.model.bigpoints import GAME
from ruleproof.model.core import TERMINAL
from ruleproof.spec import bigpoints as bp
from ruleproof.spec.bigpoints import BigPointsState, BigPointsVariant
from ruleproof.spec.errors import RuleproofError

GAME_ID = "bigpoints"
PAWNS = bp.PAWNS
#: The rule-constant flags of the path's make-up, and the scoring flags, that findings take from a reading.
PATH_FLAGS = ("colour_discs", "black_discs", "white_discs")
SCORE_FLAGS = ("step_values", "inverted_ladder", "spent_black_counts", "black_counts", "last_reserve")
#: The longest path whose every state (of every path, up to renaming the colours) a finding explores when the
#: counting does not decide: the reduced configurations of the well-formedness checks have six or seven discs.
EXPLORED_PATH = 7


def _variant(reading: Any) -> BigPointsVariant:
    """The variant a question is asked under (the rulebook's without a reading)."""
    variant: BigPointsVariant = BigPointsVariant() if reading is None else reading.variant
    return variant


def _changed(variant: BigPointsVariant, names: tuple[str, ...]) -> dict[str, Any]:
    """The flags among ``names`` that ``variant`` sets away from the rulebook's values."""
    default = BigPointsVariant()
    return {k: getattr(variant, k) for k in names if getattr(variant, k) != getattr(default, k)}


def _path_label(variant: BigPointsVariant) -> str:
    """``the path of 20 discs (colour_discs=3)``: the path's length and the flags that make it.

    >>> _path_label(BigPointsVariant(colour_discs=3))
    'the path of 20 discs (colour_discs=3)'
    """
    flags = _changed(variant, PATH_FLAGS)
    return f"the path of {bp.path_size(variant)} discs ({', '.join(f'{k}={v}' for k, v in flags.items())})"


def _explore_path(variant: BigPointsVariant, **flags: Any) -> Exploration | None:
    """Every state of two-player games on every path of ``variant``'s make-up (up to renaming the colours),
    under ``flags``; ``None`` when the path is longer than :data:`EXPLORED_PATH` or the exploration stops."""
    if bp.path_size(variant) > EXPLORED_PATH:
        return None
    ex = explored(GAME_ID, "tiny", **{**{k: getattr(variant, k) for k in PATH_FLAGS}, **flags})
    return ex if ex.complete else None


def _lays(state: BigPointsState) -> list[str]:
    return lays(state.path.replace(bp.TAKEN, "?"))


def _root_moves(ex: Exploration, target: int) -> list[str]:
    root, moves = path_to(ex, target)
    laid = ex.states[root]
    assert bp.TAKEN not in laid.path
    return _lays(laid) + [str(m) for m in moves]


# --------------------------------------------------------------------------
# BP-F-1: the gap cannot arise on the full path (Z3 over counting invariants)


def _invariant_steps() -> list[tuple[str, TrackedSolver]]:
    """Each move keeps ``forward landings + discs of its colour ahead - backward moves`` at most ``c``."""
    checks = []
    for kind in ("forward landing", "backward move", "a take"):
        s = TrackedSolver("bigpoints.invariant")
        f, a, k, f2, a2, k2, c = z3.Ints("f a k f2 a2 k2 c")
        s.add_fact(f >= 0, a >= 0, k >= 0, a2 >= 0, f + a - k <= c)
        if kind == "forward landing":
            s.add("BP-MOVE-2", f2 == f + 1, a2 <= a - 1, k2 == k)
        elif kind == "backward move":
            s.add("BP-BACK-2", f2 == f, a2 == a + 1, k2 == k + 1)
        else:
            s.add("BP-TAKE-2", f2 == f, a2 <= a, k2 == k)
        s.add_fact(f2 + a2 - k2 > c)
        checks.append((kind, s))
    return checks


def gap_solver(variant: BigPointsVariant) -> TrackedSolver:
    """The counting facts at the moment of a gap move under ``variant`` (without ``back_to_start``)."""
    c = variant.colour_discs - 1
    b, w = variant.black_discs, variant.white_discs
    n = bp.path_size(variant)
    s = TrackedSolver("bigpoints.gap")
    f = [z3.Int(f"landings{p}") for p in range(PAWNS)]
    k = [z3.Int(f"back{p}") for p in range(PAWNS)]
    a = [z3.Int(f"ahead{p}") for p in range(PAWNS)]
    taken, spent = z3.Ints("taken spent")
    s.add_fact(*[x >= 0 for x in f + k + a], taken >= 0, spent >= 0)
    # Invariant (checked step by step in _invariant_steps): landings + discs ahead - backward moves <= c.
    s.add("BP-MOVE-2", *[f[p] + a[p] - k[p] <= c for p in range(PAWNS)])
    s.add("BP-TAKE-1", taken <= z3.Sum(f) + z3.Sum(k))
    s.add("BP-BLACK-1", z3.Sum(k) <= spent, spent <= b)
    # Pawn 0 makes the gap move. A move from a disc leaves that disc free beside the pawn, so the pawn
    # comes from the start; without back_to_start a pawn at the start has never moved.
    s.add("BP-BACK-1", f[0] == 0, k[0] == 0)
    # No free disc on either side: every disc left lies under another pawn or is pawn 0's destination.
    s.add("BP-TAKE-3", n - taken <= (PAWNS - 1) + 1)
    del w
    return s


def _gap_impossible(full: bool, reading: Any = None) -> Finding:
    start = time.perf_counter()
    variant = _variant(reading)
    path = _changed(variant, PATH_FLAGS)
    where = f"on {_path_label(variant)}" if path else "in the default game"
    question = f"Can the 'no free disc on either side' gap arise {where}?"
    for name, step in _invariant_steps():
        r = step.check()
        if r.verdict != "unsat":
            return Finding("BP-F-1", GAME_ID, question, "unknown", f"the invariant step '{name}' was not proved",
                           seconds=time.perf_counter() - start, reason=r.reason or r.verdict)
    base = BigPointsVariant(**path)
    variants = [base, dataclasses.replace(base, no_free_disc="illegal", extra_timing="before",
                                          spent_black_counts=True, inverted_ladder=True)]
    cores: list[str] = []
    for checked in variants:
        result = gap_solver(checked).check()
        if result.verdict == "sat":  # the counting does not exclude it: explore a short path state by state
            return _gap_explored(base, variant, question, full, start)
        if result.verdict != "unsat":
            return Finding("BP-F-1", GAME_ID, question, result.verdict,
                           "the counting argument was not decided", seconds=time.perf_counter() - start,
                           reason=result.reason)
        cores = sorted(set(cores) | set(result.core))
    p, c, b, n = numbers(base)
    helper = bp.is_gap_possible(base)
    return Finding(
        "BP-F-1", GAME_ID, question, "unsat",
        f"No. A move from a disc leaves that disc free beside the pawn, so only a pawn leaving the start can "
        f"face the gap, with at most five discs left (under the pawns and its destination): at least {n - p} of the "
        f"{n} discs taken. But each take follows a landing, the four other pawns land at most {c} times each plus "
        f"twice per black disc (a backward move and a repeated forward move): {(p - 1) * c} + {2 * b} < {n - p}. "
        f"This confirms spec.bigpoints.is_gap_possible (False for {'this' if path else 'the default'} path: "
        f"{helper is False}); the argument needs a pawn at the start never to have moved, so it does not cover "
        "back_to_start (BP-F-3).",
        rule_ids=tuple(cores), seconds=time.perf_counter() - start, method="z3",
        bounds=f"every reachable state of {_path_label(base) if path else 'the default path (55 discs)'}, "
               "any flags but back_to_start")


def _gap_explored(base: BigPointsVariant, variant: BigPointsVariant, question: str, full: bool,
                  start: float) -> Finding:
    """BP-F-1 where the counting allows the gap (``is_gap_possible``): decided by exploring every state of
    every path of ``base``'s make-up under the reading's gap and timing flags when the path is short, else
    by a bounded search for a game that meets it (a witness, or no answer)."""
    flags = _changed(dataclasses.replace(base, no_free_disc=variant.no_free_disc, extra_timing=variant.extra_timing),
                     PATH_FLAGS + ("no_free_disc", "extra_timing"))
    ex = _explore_path(base, **flags)
    if ex is None:
        return _gap_searched("BP-F-1", question, BigPointsVariant(**flags), full, start,
                             f"the counting argument does not exclude the gap on {_path_label(base)} "
                             "(is_gap_possible: c + w <= b + pawns)")
    gaps = _gap_states(ex)
    label = ex.config.label()
    if not gaps:
        return Finding("BP-F-1", GAME_ID, question, "unsat",
                       f"No: the counting allows it, but none of the {len(ex.states)} states of every two-player "
                       f"game on every such path faces the gap.", rule_ids=("BP-TAKE-3", "BP-TAKE-1"),
                       seconds=time.perf_counter() - start, method="z3+exhaustive", bounds=f"every state of {label}")
    state, moves, gap_moves = _gap_witness_of(ex, gaps)
    return Finding(
        "BP-F-1", GAME_ID, question, "sat",
        f"Yes: on the path {state.path!r} (pawns at {list(state.pawns)}) the move {gap_moves[0]!r} leaves no free "
        f"disc on either side; {len(gaps)} such states among {len(ex.states)} explored.",
        witness={"players": 2, "flags": _flags(ex.config.variant), "moves": moves, "gap_moves": gap_moves},
        rule_ids=("BP-TAKE-3", "BP-TAKE-1"), seconds=time.perf_counter() - start, method="exhaustive",
        bounds=f"every state of {label}", picture=GAME.render_text(state))


def _gap_searched(fid: str, question: str, variant: BigPointsVariant, full: bool, start: float, why: str) -> Finding:
    """A gap question answered by a bounded search (:func:`~.bigpoints_search.gap_found`): ``sat`` with the
    game that meets the gap, else ``unknown`` (a search that finds nothing proves nothing)."""
    tries = 2_000 if full else 200
    found = gap_found(variant, tries)
    flags = _flags(variant)
    if found is None:
        return Finding(fid, GAME_ID, question, "unknown",
                       f"{why}; the path has more than {EXPLORED_PATH} discs, too many to explore, and none of "
                       f"{tries} searched games met the gap", seconds=time.perf_counter() - start,
                       method="z3+search", reason=f"search bound: {tries} games")
    state, moves = found
    gap_moves = [str(m) for m in bp.compute_gap_moves(state)]
    return Finding(
        fid, GAME_ID, question, "sat",
        f"Yes: on the path {state.path!r} (pawns at {list(state.pawns)}) the move {gap_moves[0]!r} leaves no free "
        f"disc on either side, in a game found by a search of {tries} games ({why}).",
        witness={"players": 2, "flags": flags, "moves": moves, "gap_moves": gap_moves},
        rule_ids=("BP-TAKE-3", "BP-TAKE-1"), seconds=time.perf_counter() - start, method="search",
        bounds=f"{_path_label(variant)}, two players; witness replays", picture=GAME.render_text(state))


def _gap_witness_of(ex: Exploration, gaps: list[int]) -> tuple[BigPointsState, list[str], list[str]]:
    """The state among ``gaps`` nearest a root, the moves from the root that reach it (replayed through the
    engine) and its gap moves."""
    far = distances(ex)  # the first gap state among those nearest a root (one search, not one per gap state)
    target = min(gaps, key=lambda n: far[n])
    moves = _root_moves(ex, target)
    state = replay(2, _flags(ex.config.variant), moves)
    return state, moves, [str(m) for m in bp.compute_gap_moves(state)]


# --------------------------------------------------------------------------
# BP-F-2: the gap on a short path, and the move sequence that reaches it


def _gap_states(ex: Exploration) -> list[int]:
    """The explored states whose player faces a gap move (:func:`ruleproof.spec.bigpoints.has_gap`).

    The spec's predicate, which builds every pawn move of the state (most
    of this finding's cost), runs only where :func:`may_gap` holds; the test
    suite compares the result with the predicate on every state.
    """
    return [n for n, s in enumerate(ex.states) if s.phase in (bp.MOVE, bp.EXTRA) and may_gap(s) and bp.has_gap(s)]


def _gap_witness(full: bool) -> Finding:
    start = time.perf_counter()
    question = "From which positions does the gap arise on a short path (and does is_gap_possible predict it)?"
    ex = explored(GAME_ID, "tiny")
    config = ex.config
    gaps = _gap_states(ex)
    checked = [{"variant": config.label(), "is_gap_possible": bp.is_gap_possible(config.variant), "gap": bool(gaps)}]
    if full:
        for name in ("small", "blacks"):
            other = explore_config(config_for(GAME_ID, name))
            checked.append({"variant": other.config.label(), "is_gap_possible": bp.is_gap_possible(other.config.variant),
                            "gap": bool(_gap_states(other))})
    if not gaps:
        return Finding("BP-F-2", GAME_ID, question, "unsat", "no gap on the explored short paths",
                       witness={"checked": checked}, seconds=time.perf_counter() - start, method="exhaustive")
    state, moves, gap_moves = _gap_witness_of(ex, gaps)
    return Finding(
        "BP-F-2", GAME_ID, question, "sat",
        f"Yes, on paths where is_gap_possible holds: on the path {state.path!r} "
        f"(pawns at {list(state.pawns)}) the move {gap_moves[0]!r} leaves no free disc on either side; "
        f"{len(gaps)} such states among {len(ex.states)} explored.",
        witness={"players": 2, "flags": _flags(config.variant), "moves": moves, "gap_moves": gap_moves,
                 "checked": checked},
        rule_ids=("BP-TAKE-3", "BP-TAKE-1"), seconds=time.perf_counter() - start, method="exhaustive",
        bounds=config.label(), picture=GAME.render_text(state))


def _flags(variant: BigPointsVariant) -> dict[str, Any]:
    default = BigPointsVariant()
    return {k: getattr(variant, k) for k in ("colour_discs", "black_discs", "white_discs", "no_free_disc",
                                             "back_to_start", "extra_timing") if getattr(variant, k) != getattr(default, k)}


def gap_path(variant: BigPointsVariant | None = None) -> str:
    """The path of the BP-F-3 witness: the white and the black discs, then each colour's discs in a block.

    >>> gap_path(BigPointsVariant(colour_discs=3, black_discs=3, white_discs=1))
    'WKKKBBRRYYGGPP'
    """
    variant = variant or BigPointsVariant()
    colour = variant.colour_discs - bp.RESERVE_DISCS
    return (bp.LETTERS[bp.WHITE] * variant.white_discs + bp.LETTERS[bp.BLACK] * variant.black_discs
            + "".join(letter * colour for letter in bp.LETTERS[:PAWNS]))


#: The path of the BP-F-3 witness on the rulebook's path: five white and five black discs, then each colour's
#: nine discs in a block.
GAP_PATH = gap_path()


def gap_back_to_start_plan(variant: BigPointsVariant | None = None) -> list[Turn]:
    """The turns of the BP-F-3 witness (see :func:`_gap_back_to_start`)."""
    variant = variant or BigPointsVariant()
    plan: list[Turn] = []
    for colour in bp.COLOURS:
        plan += [(colour, "behind", None)] * (variant.colour_discs - bp.RESERVE_DISCS)
    if not plan:
        return plan  # no disc of a pawn's colour on the path: every pawn goes straight onto the ladder
    plan[-1] = ("purple", "behind", ("red", True, "ahead"))
    plan += [("red", "behind", ("yellow", True, "ahead")), ("yellow", "behind", ("blue", True, "ahead"))]
    return plan


def _gap_back_to_start(full: bool, reading: Any = None) -> Finding:
    start = time.perf_counter()
    variant = _variant(reading)
    path = _changed(variant, PATH_FLAGS)
    question = f"With back_to_start, can the gap arise on {_path_label(variant) if path else 'the default path'}?"
    flags = {"back_to_start": True, **path}
    base = BigPointsVariant(**flags)
    try:
        state, moves = drive(2, flags, gap_path(base), gap_back_to_start_plan(base))
        gap_moves = [str(m) for m in bp.compute_gap_moves(state)]
    except RuleproofError:  # the plan's move is not legal on this path
        gap_moves = []
    if not gap_moves:
        ex = _explore_path(base, back_to_start=True)
        if ex is None:
            if not path:
                return Finding("BP-F-3", GAME_ID, question, "unknown", "the constructed game did not reach the gap",
                               seconds=time.perf_counter() - start, method="analysis", reason="construction failed")
            return _gap_searched("BP-F-3", question, base, full, start,
                                 "the construction of the default path's witness does not reach the gap here")
        gaps = _gap_states(ex)
        if not gaps:
            return Finding("BP-F-3", GAME_ID, question, "unsat",
                           f"No: none of the {len(ex.states)} states of every two-player game on every such path "
                           "faces the gap.", rule_ids=("BP-BACK-1", "BP-TAKE-3", "BP-TAKE-1"),
                           seconds=time.perf_counter() - start, method="exhaustive",
                           bounds=f"every state of {ex.config.label()}")
        state, moves, gap_moves = _gap_witness_of(ex, gaps)
        return Finding(
            "BP-F-3", GAME_ID, question, "sat",
            f"Yes: on the path {state.path!r} (pawns at {list(state.pawns)}) the move {gap_moves[0]!r} leaves no "
            f"free disc on either side; {len(gaps)} such states among {len(ex.states)} explored.",
            witness={"players": 2, "flags": _flags(ex.config.variant), "moves": moves, "gap_moves": gap_moves},
            rule_ids=("BP-BACK-1", "BP-TAKE-3", "BP-TAKE-1", "BP-BLACK-1"), seconds=time.perf_counter() - start,
            method="exhaustive", bounds=f"every state of {ex.config.label()}", picture=GAME.render_text(state))
    p, c, b, n = numbers(base)
    how = ("Lay the five white and five black discs first, then each colour's nine discs in a block." if not path
           else f"Lay the {base.white_discs} white and {b} black discs first, then each colour's {c} discs in a block.")
    return Finding(
        "BP-F-3", GAME_ID, question, "sat",
        f"Yes. {how} Each pawn "
        "in turn walks its block taking the disc behind it (a neutral disc before the block on its first move, "
        "then its own disc just left), so every colour disc is taken behind its pawn. Black discs then send "
        "red and yellow back to the start and forward again (four more takes), and finally blue back to the "
        f"start: every disc left lies under a pawn except blue's last disc, so {gap_moves[0]!r} leaves no free "
        "disc on either side." + (
            " Without back_to_start this cannot happen (BP-F-1): a pawn at the start would never have moved, and "
            f"the other pawns' landings cannot take the {n - p} discs needed." if not bp.is_gap_possible(base)
            else " (On this path the counting of BP-F-1 does not exclude the gap without back_to_start either.)"),
        witness={"players": 2, "flags": flags, "moves": moves, "gap_moves": gap_moves, "path": gap_path(base)},
        rule_ids=("BP-BACK-1", "BP-TAKE-3", "BP-TAKE-1", "BP-BLACK-1"), seconds=time.perf_counter() - start,
        method="analysis", bounds=f"{_path_label(base) if path else 'default path (55 discs)'}, two players, "
                                  "back_to_start; witness replays",
        picture=GAME.render_text(state))


# --------------------------------------------------------------------------
# BP-F-4: shortest and longest games


def _extremes(ex: Exploration) -> tuple[tuple[int, int], tuple[int, int]]:
    """((shortest length, terminal), (longest length, terminal)) from the roots."""
    order, _ = topological_order(ex)
    low = dict.fromkeys(ex.roots, 0)
    high = dict.fromkeys(ex.roots, 0)
    for n in order:
        if n not in low:
            continue
        for _, m in ex.succ[n]:
            low[m] = min(low.get(m, 10**9), low[n] + 1)
            high[m] = max(high.get(m, -1), high[n] + 1)
    ends = [n for n in low if ex.actors[n] == TERMINAL]
    short = min(ends, key=lambda n: low[n])
    long = max(ends, key=lambda n: high[n])
    return (low[short], short), (high[long], long)


def _longest_path_moves(ex: Exploration, target: int) -> list[str]:
    order, _ = topological_order(ex)
    best: dict[int, tuple[int, int | None, Any]] = {r: (0, None, None) for r in ex.roots}
    for n in order:
        if n not in best:
            continue
        for move, m in ex.succ[n]:
            if best.get(m, (-1, None, None))[0] < best[n][0] + 1:
                best[m] = (best[n][0] + 1, n, move)
    chain: list[str] = []
    node: int | None = target
    while node is not None and best[node][1] is not None:
        chain.append(str(best[node][2]))
        node = best[node][1]
    assert node is not None
    return _lays(ex.states[node]) + chain[::-1]


def _lower_bound(base: BigPointsVariant) -> Any:
    """Z3: fewer landings than half the path's colour discs is impossible (each colour disc is landed on by its
    pawn or taken first, and each landing takes one disc)."""
    p, c, _, _ = numbers(base)
    s = TrackedSolver("bigpoints.lower")
    landings, takes, colour_takes = z3.Ints("landings takes colour_takes")
    s.add("BP-MOVE-2", landings + colour_takes >= p * c)
    s.add("BP-TAKE-1", takes == landings, colour_takes <= takes)
    s.add_fact(landings >= 0, landings < -(-p * c // 2))
    return s.check()


def _lengths(full: bool, reading: Any = None) -> Finding:
    start = time.perf_counter()
    question = "How short and how long can a game be?"
    path = _changed(_variant(reading), PATH_FLAGS)
    base = BigPointsVariant(**path)
    ex = explored(GAME_ID, "tiny")
    config = ex.config
    (short, s_node), (long, l_node) = _extremes(ex)
    short_moves = _root_moves(ex, s_node)
    long_moves = _longest_path_moves(ex, l_node)
    # The full path: Z3 bounds. Lower: each of the 45 colour discs is landed on by its pawn or taken
    # first, each landing takes one disc, so at least 23 landings, 5 moves onto the ladder and 23 takes.
    lower = _lower_bound(base)
    low_bound = lower_length(base)
    bound_result, high_bound = length_bound(base)
    proof = length_proof((high_bound or 0) + 1, base)
    if path:  # another path: the witnesses are searched for
        tries = 400 if full else 60
        longest_full = longest_found(base, tries)[1]
    else:
        longest_full = longest_game()
    long_counts = counts_of(2, path, longest_full)
    exact = (high_bound is not None and proof.verdict == "unsat" and len(longest_full) == high_bound
             and long_counts["terminal"])
    shortest_full = shortest_game(base)
    rng_lengths = []
    for i in range(60 if full else 20):
        _, steps = GAME.random_playout(GAME.initial_state(2, base), random.Random(i))
        rng_lengths.append(steps)
    tiny_flags = _flags(config.variant)
    witness = {"players": 2, "flags": tiny_flags, "shortest": short_moves, "longest": long_moves,
               "full_bounds": [low_bound, high_bound], "full_shortest": shortest_full,
               "full_longest": longest_full, "random": [min(rng_lengths), max(rng_lengths)]}
    if path:
        witness["full_flags"] = path
        return _lengths_elsewhere(base, witness, lower, proof, long_counts, exact, full, start)
    if not exact:
        return Finding("BP-F-4", GAME_ID, question, "unknown", "the longest game was not decided",
                       seconds=time.perf_counter() - start,
                       reason=f"optimum {high_bound} ({bound_result.verdict}), proof {proof.verdict}, "
                              f"witness of {len(longest_full)} moves")
    assert high_bound is not None
    from ruleproof.checkers.smt.wellformed_bounds import prove_termination

    verdict, _, data = prove_termination(GAME_ID)
    return Finding(
        "BP-F-4", GAME_ID, question, "sat",
        f"On the short path of {config.label()}: {short} to {long} moves after set-up (exact, witnesses replay). "
        f"On the full path every two-player game has between {low_bound} and {high_bound} moves, lays included, "
        f"and both are attained by witness games that replay (exact). Shortest: Z3 {lower.verdict} below "
        f"{low_bound} (each of the 45 colour discs is landed on or taken first). Longest: Z3 proves "
        f"{high_bound + 1} moves {proof.verdict} from the move counting (rules {', '.join(proof.core)}): "
        "a game has 55 lays, 50 + 2K - A pawn moves (K backward moves, A discs taken ahead of their own "
        "pawn), a take after each pawn move not onto the ladder, and at most one black-disc offer a turn, "
        "none in turns 1 and 2 nor after the final move; a take finds no disc only with A >= 8, and the "
        "disc the last pawn leaves is never taken, so at most 54 takes: 59 pawn moves, 54 takes, 51 offers. "
        "The witness walks blue, red, yellow and green to the ladder taking the disc behind, then bounces "
        "purple between its last two discs with all five black discs "
        f"({long_counts['pawn_moves']} pawn moves, {long_counts['offers']} offers). The ranking proof of "
        f"termination gives {data.get('bound')} ({verdict}); random games took "
        f"{min(rng_lengths)}-{max(rng_lengths)}.",
        witness=witness,
        rule_ids=("BP-MOVE-2", "BP-TAKE-1", "BP-TAKE-3", "BP-BLACK-1", "BP-END-1"),
        seconds=time.perf_counter() - start, method="exhaustive+z3",
        bounds=f"exact on {config.label()}; exact on the full path (two players): {low_bound}..{high_bound}")


def _lengths_elsewhere(base: BigPointsVariant, witness: dict[str, Any], lower: Any, proof: Any,
                       long_counts: dict[str, Any], exact_long: bool, full: bool, start: float) -> Finding:
    """BP-F-4 on a path other than the rulebook's: the counting bounds of that path, witnesses found by search,
    and (on a short path) every state explored when the search does not meet the bounds."""
    question = "How short and how long can a game be?"
    low_bound, high_bound = witness["full_bounds"]
    shortest, longest = witness["full_shortest"], witness["full_longest"]
    label = _path_label(base)
    exact_short = lower.verdict == "unsat" and shortest is not None and len(shortest) == low_bound
    rules = ("BP-MOVE-2", "BP-TAKE-1", "BP-TAKE-3", "BP-BLACK-1", "BP-END-1")
    counting = (f"Z3 {lower.verdict} below {low_bound} (each colour disc is landed on or taken first) and "
                f"{proof.verdict} for {(high_bound or 0) + 1} or more (the move counting of BP-F-4, rules "
                f"{', '.join(proof.core) or '-'})")
    short_text = f"a game of {len(shortest)} moves" if shortest else "no game of that length"
    found = (f"the searches found {short_text} (random pawn moves on a path of pairs) and, among "
             f"{400 if full else 60} games steered to last, one of {len(longest)} moves "
             f"({long_counts['pawn_moves']} pawn moves, {long_counts['offers']} offers)")
    if exact_short and exact_long:
        return Finding(
            "BP-F-4", GAME_ID, question, "sat",
            f"On {label} every two-player game has between {low_bound} and {high_bound} moves, lays included, and "
            f"both are attained by witness games that replay (exact): {counting}; {found}.",
            witness=witness, rule_ids=rules, seconds=time.perf_counter() - start, method="z3+search",
            bounds=f"exact on {label} (two players): {low_bound}..{high_bound}")
    ex = _explore_path(base)
    if ex is not None:
        (short, s_node), (long, l_node) = _extremes(ex)
        lays_count = bp.path_size(base)
        witness.update(full_shortest=_root_moves(ex, s_node), full_longest=_longest_path_moves(ex, l_node),
                       full_bounds=[lays_count + short, lays_count + long])
        return Finding(
            "BP-F-4", GAME_ID, question, "sat",
            f"On {label} every two-player game has between {lays_count + short} and {lays_count + long} moves, "
            f"lays included (exact: every state of every such path explored, {len(ex.states)} states; the "
            f"counting alone gives {low_bound}..{high_bound}).",
            witness=witness, rule_ids=rules, seconds=time.perf_counter() - start, method="exhaustive",
            bounds=f"exact over every state of {ex.config.label()}")
    return Finding(
        "BP-F-4", GAME_ID, question, "unknown",
        f"On {label} every two-player game has between {low_bound} and {high_bound} moves, lays included "
        f"({counting}); {found}, so the {'shortest and the longest' if not exact_short and not exact_long else 'shortest' if not exact_short else 'longest'} game is not decided.",
        witness=witness, rule_ids=rules, seconds=time.perf_counter() - start, method="z3+search",
        reason=f"search bound: the witnesses found do not meet the proved bounds {low_bound}..{high_bound}",
        bounds=f"proved {low_bound}..{high_bound} on {label}; witnessed {len(shortest or [])}..{len(longest)}")


# --------------------------------------------------------------------------
# BP-F-5 / BP-F-6: the highest score


def _reading_label(variant: BigPointsVariant) -> str:
    """The path and the scoring flags of ``variant`` that differ from the rulebook's, in words."""
    scoring = _changed(variant, SCORE_FLAGS)
    text = _path_label(variant) if _changed(variant, PATH_FLAGS) else "the default path"
    return text + (f" with {', '.join(f'{k}={v}' for k, v in scoring.items())}" if scoring else "")


def _high_score(full: bool, reading: Any = None) -> Finding:
    start = time.perf_counter()
    honoured = _changed(_variant(reading), PATH_FLAGS + SCORE_FLAGS)
    if honoured:
        return _high_score_elsewhere(BigPointsVariant(**honoured), full, start)
    moves = high_score_game()
    state = replay(2, {}, moves)
    score, seat = state.scores[0], 0
    others = [best_random(2, 400 if full else 80)]
    others += [(g, 0, m) for g, m in (guided_game(seed) for seed in (range(20_000) if full else [GUIDED_SEED]))]
    best_other = max(o[0] for o in others)
    result, bound = score_bound(2)
    question = f"Can one player score {score} points in a two-player game?"
    if bound is None or best_other > bound or score > bound:
        return Finding("BP-F-5", GAME_ID, question, "unknown", "the witness and the bound of BP-F-6 disagree",
                       seconds=time.perf_counter() - start,
                       reason=f"witness {max(score, best_other)}, bound {bound} ({result.verdict})")
    exact = score == bound
    return Finding(
        "BP-F-5", GAME_ID, question, "sat",
        f"Yes: seat {seat} scores {score} in the witness game, a constructed game that replays (random and "
        f"guided searches reach {best_other}). Seat 0 walks blue then red to the top steps, each landing taking "
        "the disc behind it or a white ahead (every blue disc, the five whites, the black disc before blue); "
        "three times seat 1 spends a black disc to send red back to a red disc it left, so seat 0's next red "
        "landing takes that disc too and seat 0 has 27 of the 53 turns; once red is on the ladder seat 0 "
        "moves yellow to its last disc, taking the last red disc, then yellow, green and purple onto the "
        "ladder for their reserve discs: 10 blue, 8 red, one of each other colour, a black disc and five "
        f"whites worth 6 each. BP-F-6 proves no two-player game gives more than {bound}, so "
        + (f"{score} is the exact maximum." if exact else f"the true maximum lies in {score}..{bound}."),
        witness={"players": 2, "flags": {}, "moves": moves, "seat": seat, "score": score, "bound": bound},
        rule_ids=("BP-SCORE-1",), seconds=time.perf_counter() - start, method="construction+z3",
        bounds=(f"exact: {score} is reached and {score + 1} is unsat (BP-F-6)" if exact
                else f"a witness only: between {score} and {bound} (BP-F-6) the answer is open"),
        picture=GAME.render_text(state))


def _high_score_elsewhere(base: BigPointsVariant, full: bool, start: float) -> Finding:
    """BP-F-5 under another path or scoring: the best of the hand-built game (replayed and scored under
    ``base`` when the path is the rulebook's), random games and games steered for seat 0."""
    flags = _changed(base, PATH_FLAGS + SCORE_FLAGS)
    found: list[tuple[int, int, list[str], str]] = []
    if not _changed(base, PATH_FLAGS):
        moves = high_score_game()
        found.append((replay(2, flags, moves).scores[0], 0, moves, "the hand-built game of the default path"))
    score, seat, moves = best_random(2, 400 if full else 80, base)
    found.append((score, seat, moves, "a random game"))
    guided = [guided_game(seed, base) for seed in range(2_000 if full else 200)]
    score, moves = max(guided, key=lambda g: g[0])
    found.append((score, 0, moves, "a game steered for seat 0"))
    score, seat, moves, how = max(found, key=lambda f: f[0])
    state = replay(2, flags, moves)
    result, bound = score_bound(2, seat, base)
    label = _reading_label(base)
    question = f"Can one player score {score} points in a two-player game on {label}?"
    if bound is None or score > bound:
        return Finding("BP-F-5", GAME_ID, question, "unknown", "the witness and the bound of BP-F-6 disagree",
                       seconds=time.perf_counter() - start,
                       reason=f"witness {score}, bound {bound} ({result.verdict})")
    exact = score == bound
    return Finding(
        "BP-F-5", GAME_ID, question, "sat",
        f"Yes: seat {seat} scores {score} in {how}, the best of a search (the hand-built game of the default "
        f"path where it replays, {400 if full else 80} random games, {2_000 if full else 200} games steered for "
        f"seat 0), replayed under this reading. BP-F-6 proves no two-player game gives seat {seat} more than "
        f"{bound}, so "
        + (f"{score} is the exact maximum." if exact else f"the true maximum lies in {score}..{bound}."),
        witness={"players": 2, "flags": flags, "moves": moves, "seat": seat, "score": score, "bound": bound},
        rule_ids=("BP-SCORE-1",), seconds=time.perf_counter() - start, method="search+z3",
        bounds=(f"exact: {score} is reached and {score + 1} is unsat (BP-F-6) on {label}" if exact
                else f"a witness only: between {score} and {bound} (BP-F-6) the answer is open on {label}"),
        picture=GAME.render_text(state))


def _score_upper(full: bool, reading: Any = None) -> Finding:
    start = time.perf_counter()
    honoured = _changed(_variant(reading), PATH_FLAGS + SCORE_FLAGS)
    base = BigPointsVariant(**honoured)
    result, best = score_bound(2, 0, base)
    question = "What is the most points one player can score in a two-player game (an upper bound)?"
    if best is None:
        return Finding("BP-F-6", GAME_ID, question, "unknown", "the optimiser gave up", reason=result.reason,
                       seconds=time.perf_counter() - start)
    rules = ("BP-SCORE-1", "BP-TAKE-1", "BP-TAKE-3", "BP-BLACK-1", "BP-MOVE-2")
    if honoured:
        p, c, _, n = numbers(base)
        held = ", ".join(f"{result.model.get(f'h{k}', 0)} on the {v}-point step"
                         for k, v in enumerate(bp.compute_step_values(base)))
        return Finding(
            "BP-F-6", GAME_ID, question, "unsat",
            f"On {_reading_label(base)} no player can score more than {best} (seat 1: "
            f"{score_bound(2, 1, base)[1]}). A game has {p * (c + 1)} + 2K - A pawn moves (K backward moves, A "
            f"discs taken while ahead of their pawn) and at most {n - 1} takes unless A >= {c} (a take finds no "
            f"disc only when A >= {c - 1}), and a seat's hand holds at most one disc per turn of its own; the "
            f"optimum of the counting holds {held}, {result.model.get('kept_black', 0)} black and "
            f"{result.model.get('white', 0)} white discs.",
            witness={"optimum": result.model}, rule_ids=rules, seconds=time.perf_counter() - start, method="z3",
            bounds=f"every two-player game on {_reading_label(base)}; the question 'more than {best}?' is unsat")
    return Finding(
        "BP-F-6", GAME_ID, question, "unsat",
        f"No player can score more than {best} (seat 1: {score_bound(2, seat=1)[1]}). A game has 50 + 2K - A "
        "pawn moves (K backward moves, A discs taken while ahead of their pawn) and at most 54 takes (a take "
        "finds no disc only when A >= 8; the disc the last pawn leaves is never taken), so at most 54 turns; "
        "a seat's hand holds at most one disc per turn of its own (an extra move costs the black disc spent "
        "on it), so at most 27: ten of the 4-point colour, eight of the 3-point one, one each of the others, "
        f"a black disc and five whites worth 6 each. The bound is tight: BP-F-5's witness game scores {best}.",
        witness={"optimum": result.model},
        rule_ids=rules,
        seconds=time.perf_counter() - start, method="z3",
        bounds=f"every two-player game on the default path; the question 'more than {best}?' is unsat")


FINDINGS: dict[str, Callable[..., Finding]] = {
    "BP-F-1": _gap_impossible,
    "BP-F-2": _gap_witness,
    "BP-F-3": _gap_back_to_start,
    "BP-F-4": _lengths,
    "BP-F-5": _high_score,
    "BP-F-6": _score_upper,
}

QUESTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "BP-F-1": ("Can the 'no free disc on either side' gap arise in the default game?", ("BP-TAKE-3", "BP-TAKE-1")),
    "BP-F-2": ("From which positions does the gap arise on a short path?", ("BP-TAKE-3",)),
    "BP-F-3": ("With back_to_start, can the gap arise on the default path?", ("BP-TAKE-3", "BP-BACK-1")),
    "BP-F-4": ("How short and how long can a game be?", ("BP-MOVE-2", "BP-END-1")),
    "BP-F-5": ("How many points can one player score (witness)?", ("BP-SCORE-1",)),
    "BP-F-6": ("What is the most points one player can score (upper bound)?", ("BP-SCORE-1",)),
}

#: The flags each question takes from a reading and answers under (issue 31: the path's make-up and the ladder
#: are rule constants; BP-F-1 also explores under the reading's gap and timing flags when it explores).
_FLAGS: dict[str, tuple[str, ...]] = {
    "BP-F-1": (*PATH_FLAGS, "no_free_disc", "extra_timing"),
    "BP-F-2": (),
    "BP-F-3": PATH_FLAGS,
    "BP-F-4": PATH_FLAGS,
    "BP-F-5": PATH_FLAGS + SCORE_FLAGS,
    "BP-F-6": PATH_FLAGS + SCORE_FLAGS,
}
#: The flags each question's encoding fixes (issue 17); a flag named neither here nor in ``_FLAGS`` does not
#: change the answer. BP-F-1 proves the gap away for any flags but back_to_start (both extra timings and gap
#: rules are solved); ladder_take="reserve_and_path" takes more discs than its counting allows. BP-F-2 explores
#: its own short paths. BP-F-4 and BP-F-6 count moves with ladder_take="reserve" (module docstring); BP-F-6's
#: bound still holds with last_reserve off (it only lowers scores). BP-F-5's witness games are played and
#: scored under the reading's path and scoring.
_FIXED: dict[str, tuple[tuple[str, object], ...]] = {
    "BP-F-1": (("back_to_start", False), ("ladder_take", "reserve")),
    "BP-F-2": (("back_to_start", False), ("extra_timing", "after"), ("ladder_take", "reserve")),
    "BP-F-3": (("back_to_start", True), ("extra_timing", "after"), ("ladder_take", "reserve")),
    "BP-F-4": (("back_to_start", False), ("extra_timing", "after"), ("no_free_disc", "nothing"),
               ("ladder_take", "reserve"), ("match", False)),
    "BP-F-5": (("back_to_start", False), ("extra_timing", "after"), ("no_free_disc", "nothing"),
               ("ladder_take", "reserve"), ("match", False)),
    "BP-F-6": (("ladder_take", "reserve"), ("match", False)),
}


def replay_witness(finding: Finding, reading: Any) -> str | None:
    """Every witness play replayed on the reading's engine (issue 17), BP-F-4's full-path games included.

    Extra legality rules only remove moves, so the proofs (BP-F-1, BP-F-6, the bounds of BP-F-4) keep holding
    and every witness that makes a bound exact is replayed under the reading before it counts.
    """
    problem = replay_play_witness(finding, reading)
    witness = finding.witness if isinstance(finding.witness, dict) else {}
    flags = witness.get("full_flags", {})
    for key in ("full_shortest", "full_longest"):
        full = witness.get(key)
        if problem is None and isinstance(full, list):
            problem = replay_moves(reading, 2, flags, [str(m) for m in full])
            problem = None if problem is None else f"{key.replace('_', ' ')} game: {problem}"
    return problem


def _confirmed(run: Callable[..., Finding]) -> Callable[..., Finding]:
    """``run`` whose ``sat`` witness, found over the built-in rules, is replayed under the reading it was asked
    under (with its extra rules): one that does not replay leaves the answer ``unknown``, as
    :meth:`~ruleproof.checkers.catalogue.questions.Question.ask` does for the questions that take no reading."""

    def answer(full: bool, reading: Any = None) -> Finding:
        finding = run(full, reading)
        if reading is not None and reading.has_plugin and finding.verdict == "sat":
            problem = replay_witness(finding, reading)
            if problem is not None:
                return dataclasses.replace(
                    finding, verdict="unknown", answer=finding.answer + " (not confirmed under this reading)",
                    reason=f"the witness found over the built-in rules is not a legal play under this reading: {problem}")
        return finding

    answer.__doc__ = run.__doc__
    return answer


for _id, (_text, _rules) in QUESTIONS.items():
    _run = _confirmed(FINDINGS[_id]) if _FLAGS[_id] else FINDINGS[_id]
    register(Question(_id, GAME_ID, _text, _rules, _run, flags=_FLAGS[_id], fixed=_FIXED[_id], declared=True,
                      takes_reading=bool(_FLAGS[_id]), plugins="restriction", replay=replay_witness))

__all__ = ["FINDINGS", "GAP_PATH", "GUIDED_SEED", "QUESTIONS", "drive", "gap_back_to_start_plan", "gap_path",
           "gap_solver", "guided_game", "high_score_game", "length_bound", "longest_play", "may_gap", "replay",
           "score_bound", "score_model", "shortest_game"]
