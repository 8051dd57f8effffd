"""BigPoints counting bounds: the longest game (BP-F-4) and the highest score (BP-F-6) of a whole path.

A finished two-player game (no ``back_to_start``, ``ladder_take="reserve"``) on a path of ``n`` discs, with
``p`` pawns, ``c`` discs of each pawn's colour on the path and ``b`` black discs (the default path: ``p = 5``,
``c = 9``, ``b = 5``, ``n = 55``; :func:`numbers`), is summed up by a few counts: ``K`` backward moves, ``E``
extra moves (black discs spent), ``A`` colour discs taken while ahead of their own pawn, ``P`` pawn moves,
``T`` turns, ``N`` takes that found no disc, ``O`` black-disc offers (the "black" / "no black" decisions) and
``F``, whether the last move of the game is an extra move. Every game satisfies these facts (each named by
the rule it rests on):

* ``BP-MOVE-2``: ``P = p(c + 1) + 2K - A``. A pawn's own discs ahead of it start at ``c``; a forward landing
  removes one, a backward move adds the one it left (nothing of its colour lies between), a take ahead of it
  removes one; it goes onto the ladder when none is left, once. So it lands ``c + K_p - A_p`` times.
* ``BP-BACK-1``, ``BP-BLACK-1``: ``0 <= K <= E <= b`` (backward only as an extra move, one black disc each).
* ``BP-TURN-2``: ``T = P - E`` (one normal pawn move per turn, a pawn not on the ladder can always move).
* ``BP-TAKE-3``: ``N >= 1`` implies ``A >= c - 1``. The disc a pawn leaves is free (no other pawn stands on
  its colour), so a take finds nothing only after a pawn's first move, from the start, when every other
  free disc is gone, its own ``c - 1`` other discs included: all taken while ahead of it.
* ``BP-TAKE-1``: ``P - p - N <= n - 1`` unless ``A >= c``. Every pawn move but the ``p`` onto the ladder is
  followed by a take; the disc the last pawn leaves for the ladder is never taken (it leaves from the start
  only when all ``c`` of its discs were taken ahead of it).
* ``BP-BLACK-1``, ``BP-END-1``: ``O <= T - 3``, or ``O <= T - 2`` when the game ends on an extra move, which
  is then a forward move (``K < E``). At most one offer a turn; none in turns 1 and 2 (a black disc taken
  this turn cannot be spent) and none after the move that ends the game; none at all without black discs.

So a game has at most ``n + P + (P - p) + O`` moves, lays included: on the default path 219 (Z3 proves 220
infeasible), and :func:`longest_game` plays one of 219. The takes bound also caps the turns at 54, so a seat
holds at most 27 scoring discs and scores at most 97 (:func:`score_model`); :func:`high_score_game` scores
97. Both witness games are built by hand for the default path; on another path the findings search for
witnesses instead (:mod:`ruleproof.checkers.smt.bigpoints`). :func:`counts_of` measures the counts of a real
game, so the tests check every fact against games the engine plays.

>>> length_bound()[1]
219
>>> length_bound(BigPointsVariant(colour_discs=3, black_discs=2, white_discs=1))[1]
57
>>> len(longest_game())
219
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

from ruleproof.checkers.smt.bigpoints_play import drive
from ruleproof.checkers.smt.core import SolverResult, TrackedSolver, maximize
from ruleproof.model.bigpoints import GAME
from ruleproof.spec import bigpoints as bp
from ruleproof.spec.bigpoints import BigPointsVariant

PAWNS = bp.PAWNS
#: The names of the counts (z3 integer variables, and the keys of :func:`counts_of`).
COUNTS = ("backward", "extras", "ahead_takes", "pawn_moves", "turns", "empty_takes", "offers")
#: The path of the longest game: two black discs around the first blue one, the blue, red, yellow and
#: green blocks, eight purple discs, three whites, the last purple disc, three blacks and two whites.
LONG_PATH = "KBK" + "B" * 8 + "R" * 9 + "Y" * 9 + "G" * 9 + "P" * 8 + "WWW" + "P" + "KKKWW"
#: The turns a pawn of the default path walks to the ladder: each of its path discs, then the ladder.
WALK = bp.COLOUR_DISCS - bp.RESERVE_DISCS + 1


def numbers(variant: BigPointsVariant | None = None) -> tuple[int, int, int, int]:
    """``(p, c, b, n)``: the pawns, the discs of each pawn's colour on the path, the black discs and the
    path's length under ``variant`` (default: the rulebook's).

    >>> numbers(), numbers(BigPointsVariant(colour_discs=3, black_discs=2, white_discs=1))
    ((5, 9, 5, 55), (5, 2, 2, 13))
    """
    variant = variant or BigPointsVariant()
    return PAWNS, variant.colour_discs - bp.RESERVE_DISCS, variant.black_discs, bp.path_size(variant)


def _vars() -> dict[str, Any]:
    found: dict[str, Any] = {name: z3.Int(name) for name in COUNTS}
    found["ends_on_extra"] = z3.Bool("ends_on_extra")
    return found


def tagged_facts(v: dict[str, Any] | None = None, variant: BigPointsVariant | None = None) -> list[tuple[str, Any]]:
    """The counting facts of the module docstring under ``variant``, each with the rule it rests on.

    >>> [rule for rule, _ in tagged_facts()][:3]
    ['BP-MOVE-2', 'BP-BACK-1', 'BP-BLACK-1']
    """
    v = v or _vars()
    p, c, b, n = numbers(variant)
    K, E, A, P, T, N, O = (v[name] for name in COUNTS)
    end_extra = v["ends_on_extra"]
    facts = [
        ("BP-MOVE-2", z3.And(A >= 0, P == p * (c + 1) + 2 * K - A)),
        ("BP-BACK-1", z3.And(K >= 0, K <= E)),
        ("BP-BLACK-1", E <= b),
        ("BP-TURN-2", T == P - E),
        ("BP-TAKE-3", z3.And(N >= 0, z3.Implies(N >= 1, A >= c - 1))),
        ("BP-TAKE-1", P - p - N <= z3.If(A >= c, n, n - 1)),
        ("BP-BLACK-1", z3.And(O >= 0, O <= T - 2 - z3.If(end_extra, 0, 1))),
        ("BP-END-1", z3.Implies(end_extra, z3.And(E >= 1, K <= E - 1))),
    ]
    if b == 0:
        facts.append(("BP-BLACK-1", O == 0))  # an offer needs a black disc in hand
    return facts


def _length(v: dict[str, Any], variant: BigPointsVariant | None = None) -> Any:
    p, _, _, n = numbers(variant)
    return n + v["pawn_moves"] + (v["pawn_moves"] - p) + v["offers"]


def length_bound(variant: BigPointsVariant | None = None) -> tuple[SolverResult, int | None]:
    """Z3's maximum of a two-player game's length under ``variant``, lays included (the lays, the pawn
    moves, a take after each pawn move not onto the ladder, the offers)."""
    v = _vars()
    return maximize(_length(v, variant), [c for _, c in tagged_facts(v, variant)], "bigpoints.length")


def length_proof(at_least: int, variant: BigPointsVariant | None = None) -> SolverResult:
    """Is a game of ``at_least`` moves or more consistent with the facts? ``unsat`` is a proof that
    every game is shorter; its core names the rules the argument needs.

    >>> r = length_proof(220)
    >>> r.verdict, r.core
    ('unsat', ('BP-BACK-1', 'BP-BLACK-1', 'BP-END-1', 'BP-MOVE-2', 'BP-TAKE-1', 'BP-TAKE-3', 'BP-TURN-2'))
    """
    v = _vars()
    solver = TrackedSolver("bigpoints.length")
    for rule, fact in tagged_facts(v, variant):
        solver.add(rule, fact)
    solver.add_fact(_length(v, variant) >= at_least)
    return solver.check()


def score_model(players: int = 2, seat: int = 0, variant: BigPointsVariant | None = None) -> tuple[Any, list[Any]]:
    """The score of ``seat`` and the counting constraints bounding it under ``variant`` (the campaign layer
    asks "score >= t?" for several thresholds ``t``).

    A seat's hand (its discs but the black discs it spent) holds at most one disc per turn of its own:
    each pawn move takes at most one disc (a path disc, or the reserve disc on the ladder) and each extra
    move costs the black disc spent on it. Seat 0 starts, so it has ``ceil(T / players)`` turns. A spent
    black scores nothing; the ladder steps are worth :func:`~ruleproof.spec.bigpoints.compute_step_values`
    (any pawn may stand on any step); a white disc scores one per colour held (a black disc as the variant
    says).
    """
    variant = variant or BigPointsVariant()
    v = _vars()
    facts = [c for _, c in tagged_facts(v, variant)]
    h = [z3.Int(f"h{c}") for c in range(PAWNS)]
    kept, spent, white, mine, others = z3.Ints("kept_black spent_black white my_turns other_extras")
    black_held = z3.Or(kept > 0, spent > 0) if variant.spent_black_counts else kept > 0
    colours = z3.Sum([z3.If(x > 0, 1, 0) for x in h]) + (z3.If(black_held, 1, 0) if variant.black_counts else 0)
    values = bp.compute_step_values(variant)
    score = z3.Sum([h[c] * values[c] for c in range(PAWNS)]) + white * colours
    constraints = [
        *facts,
        *[z3.And(x >= 0, x <= variant.colour_discs) for x in h], kept >= 0, spent >= 0, others >= 0, white >= 0,
        white <= variant.white_discs, spent + others == v["extras"], kept + spent + others <= variant.black_discs,
        mine == (v["turns"] + players - 1 - seat) / players,
        z3.Sum(h) + kept + white <= mine,
    ]
    return score, constraints


def score_bound(players: int = 2, seat: int = 0, variant: BigPointsVariant | None = None) -> tuple[SolverResult, int | None]:
    """Z3's maximum of one seat's score in a game of ``players`` under ``variant``.

    >>> score_bound(2)[1], score_bound(2, seat=1)[1]
    (97, 97)
    """
    score, constraints = score_model(players, seat, variant)
    return maximize(score, constraints, "bigpoints.score")


def counts_of(players: int, flags: dict[str, Any], moves: Sequence[str]) -> dict[str, Any]:
    """Replay a game record and measure its counts (the names of :data:`COUNTS`, ``ends_on_extra``,
    ``hands``: each seat's discs but its spent blacks, and ``seat_turns``).

    >>> c = counts_of(2, {}, longest_game())
    >>> [c[n] for n in COUNTS], c["ends_on_extra"]
    ([5, 5, 1, 59, 54, 0, 51], False)
    """
    state = GAME.initial_state(players, BigPointsVariant(**flags))
    found: dict[str, Any] = dict.fromkeys(COUNTS, 0)
    seat_turns = [0] * players
    extra = False
    for text in moves:
        move: Any = GAME.parse_move(text)
        phase = state.phase
        if phase in (bp.MOVE, bp.EXTRA):
            found["pawn_moves"] += 1
            found["backward"] += int(move.back)
            if phase == bp.MOVE:
                found["turns"] += 1
                seat_turns[state.turn] += 1
            extra = phase == bp.EXTRA
        elif phase == bp.TAKE:
            if move.side == "none":
                found["empty_takes"] += 1
            else:
                ahead, behind = bp.compute_free_discs(state.path, state.pawns, state.moved, state.pawns[state.moved])
                pos = ahead if move.side == "ahead" else behind
                assert pos is not None
                disc = bp.LETTERS.index(state.path[pos])
                found["ahead_takes"] += int(disc < PAWNS and pos > state.pawns[disc])
        elif phase == bp.OFFER:
            found["offers"] += 1
            found["extras"] += int(move.use)
        state = GAME.apply(state, move)
    found["ends_on_extra"] = extra
    found["hands"] = [sum(hand) for hand in state.hands]
    found["seat_turns"] = seat_turns
    found["terminal"] = GAME.is_terminal(state)
    found["variant"] = state.variant
    return found


def broken_facts(counts: dict[str, Any]) -> list[str]:
    """The rule ids of the facts that ``counts`` (from :func:`counts_of`, under the variant it records)
    violate; ``[]`` for every game.

    >>> broken_facts(counts_of(2, {}, longest_game()))
    []
    >>> broken_facts({**counts_of(2, {}, longest_game()), "offers": 52})
    ['BP-BLACK-1']
    """
    v = _vars()
    values = [(v[n], z3.IntVal(counts[n])) for n in COUNTS] + [(v["ends_on_extra"], z3.BoolVal(counts["ends_on_extra"]))]
    facts = tagged_facts(v, counts.get("variant"))
    return [rule for rule, fact in facts if not z3.is_true(z3.simplify(z3.substitute(fact, *values)))]


def longest_game() -> list[str]:
    """A two-player game of 219 moves (lays included) on :data:`LONG_PATH`, the most any game has.

    Seat 0 takes the first black disc, seat 1 the second; from turn 3 on, every turn has an offer. Blue,
    red, yellow and green walk their blocks to the ladder in turn, each taking the disc behind it (so no
    disc is ever taken ahead of its own pawn), then purple walks to its eighth disc. From turn 49 purple
    lands on its last disc and goes back to its eighth with a black disc, five times (seat 0 spends three
    black discs, seat 1 two, taken on the way); the fifth backward move takes the last purple disc (the
    one ahead take), so purple goes straight to the ladder: 59 pawn moves, 54 takes, 51 offers.
    """
    plan: list[Any] = []
    for colour in bp.COLOURS[:4]:
        plan += [(colour, "behind", None)] * WALK
    plan += [("purple", "behind", None)] * 8
    plan.append(("purple", "ahead", ("purple", True, "behind")))
    plan += [("purple", "ahead", ("purple", True, "ahead"))] * 4
    plan.append(("purple", "ahead", None))
    _, moves = drive(2, {}, LONG_PATH, plan)
    return moves


#: The path of the high-score game: a black disc and the blue block; a black disc and eight yellows; the
#: red discs with whites and a black disc among them; the last yellow; black-and-green, black-and-purple.
HIGH_PATH = "K" + "B" * 9 + "K" + "Y" * 8 + "RWRWRWRRRKWRRRW" + "Y" + "K" + "G" * 9 + "K" + "P" * 9


def high_score_game() -> list[str]:
    """A two-player game in which seat 0 scores 97 on :data:`HIGH_PATH`, the most any seat can (BP-F-6).

    Seat 0 walks blue and then red to the first two steps, each landing taking the disc behind it or a
    white ahead: the black disc, every blue disc (the last one from red's first landing), the five whites
    and the red discs, with the blue and red reserve discs. Three times seat 1 spends a black disc to send
    red back to a red disc it left (taking a spare red or the black disc between them), so seat 0's next
    red landing takes that red disc too and the game has 53 turns, 27 of them seat 0's. Once red is on the
    ladder, seat 0 moves yellow to its last disc, taking the last red disc behind it, and then yellow,
    green and purple onto the ladder (their reserve discs). Seat 1 walks yellow, green and purple meanwhile,
    taking the black discs before them and their own discs. Seat 0 ends with 10 blue (4 each), 8 red
    (3 each), one yellow, green and purple, a black disc and five whites worth six each.

    >>> from ruleproof.checkers.smt.bigpoints_play import replay
    >>> replay(2, {}, high_score_game()).scores
    (97, 28)
    """
    blue, red, yellow, green, purple = ((c, "behind", None) for c in bp.COLOURS)
    seat0: list[Any] = [blue] * WALK + [red] * WALK + [("red", "ahead", None), red, red] + [yellow, yellow, green, purple]
    seat1: list[Any] = [yellow] * 8 + [green] * 9 + [purple] * 9
    # seat 1's 15th, 19th and 21st turns end with a black disc: red back, taking a spare red, the black, a red
    seat1[14] = ("green", "behind", ("red", True, "behind"))
    seat1[18] = ("purple", "behind", ("red", True, "ahead"))
    seat1[20] = ("purple", "behind", ("red", True, "behind"))
    plan = [turn for pair in zip(seat0, seat1) for turn in pair] + seat0[len(seat1):]
    _, moves = drive(2, {}, HIGH_PATH, plan)
    return moves


__all__ = ["COUNTS", "HIGH_PATH", "LONG_PATH", "WALK", "broken_facts", "counts_of", "high_score_game", "length_bound",
           "length_proof", "longest_game", "numbers", "score_bound", "score_model", "tagged_facts"]
