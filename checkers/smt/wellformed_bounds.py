"""Z3 proofs that the full games terminate: ranking arguments over the quantities moves change.

Each proof models one step of play abstractly — the counts a move changes and
the facts the rules give about them (tracked by rule id) — and asks Z3 for a
step that does *not* decrease a ranking quantity, or for a run longer than the
bound. ``unsat`` proves the bound for every state, not only for the explored
reduced configurations of :mod:`ruleproof.checkers.analysis.wellformed`.

>>> verdict, argument, data = prove_termination("bigpoints")
>>> verdict, data["bound"]
('unsat', 235)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import z3

from ruleproof.checkers.smt.core import TrackedSolver

Result = tuple[str, str, dict[str, Any]]


def _all_unsat(checks: list[tuple[str, TrackedSolver]]) -> tuple[str, dict[str, Any]]:
    cores: dict[str, list[str]] = {}
    for name, solver in checks:
        result = solver.check()
        if result.verdict != "unsat":
            return result.verdict, {"failed": name, "model": result.model, "reason": result.reason}
        cores[name] = list(result.core)
    return "unsat", {"cores": cores}


Build = Callable[[TrackedSolver], None]


def _scoped_unsat(checks: list[tuple[str, Build]]) -> tuple[str, dict[str, Any]]:
    """:func:`_all_unsat` for many small queries: one solver asserts each query (``build``) in a scope of
    its own (``push`` … ``pop``), so every check sees its own assertions only, and only one z3 context is
    made (making a context costs more than one of these queries). Each check is bounded by the budget's
    rlimit, as with a solver per query.

    >>> x = z3.Int("x")
    >>> _scoped_unsat([("a", lambda s: s.add("R-1", x > 2, x < 1)), ("b", lambda s: s.add("R-2", x == 1))])
    ('sat', {'failed': 'b', 'model': {'x': 1}, 'reason': ''})
    """
    solver = TrackedSolver("wellformed.ranking")
    cores: dict[str, list[str]] = {}
    for name, build in checks:
        solver.solver.push()
        try:
            build(solver)
            result = solver.check()
        finally:
            solver.solver.pop()
        if result.verdict != "unsat":
            return result.verdict, {"failed": name, "model": result.model, "reason": result.reason}
        cores[name] = list(result.core)
    return "unsat", {"cores": cores}


def _take5(variant: Any = None) -> Result:
    """Every round deals hand·n + rows cards and at most rows·capacity stay in the rows, so at least
    hand·n + rows − rows·capacity bullheads go to piles per round (10n − 16 by the rulebook's numbers); the game goes
    on only while every total is below the threshold, which bounds the rounds."""
    from ruleproof.spec.take5 import Take5Variant

    variant = Take5Variant() if variant is None else variant
    checks, bounds = take5_checks(variant)
    verdict, data = _scoped_unsat(checks)
    smallest = min(bounds) if bounds else 2
    data.update(bound=bounds.get(2, bounds.get(smallest)), bounds_by_players=bounds,
                rule_ids=["T5-SIX-1", "T5-ROUND-1", "T5-SCORE-1", "T5-END-1"])
    kept = variant.rows * variant.row_capacity
    less = kept - variant.rows  # each round adds at least hand·n + rows − kept = hand·n − less
    return verdict, (f"a round deals {variant.hand_size}n + {variant.rows} cards and the rows keep at most {kept}, "
                     f"so each round adds at least {variant.hand_size}n - {less} bullheads and at most "
                     f"n*{variant.threshold}/({variant.hand_size}n - {less}) + 1 rounds are played "
                     f"({variant.threshold} or more or more than {variant.threshold}, checked at once or per round)"
                     ), data


def take5_checks(variant: Any = None) -> tuple[list[tuple[str, Build]], dict[int, int]]:
    """The Take 5 queries (a step and a bound per player count the variant's deal allows) and the game-length
    bounds; a player count whose rows can keep a whole round's cards gets no bound (its step query is then
    satisfiable: the ranking argument fails).

    >>> checks, bounds = take5_checks()
    >>> len(checks), checks[0][0], bounds[2]
    (18, 'round gain n=2', 2176)
    """
    from ruleproof.spec.take5 import MAX_PLAYERS, MIN_PLAYERS, Take5Variant, players_problem

    variant = Take5Variant() if variant is None else variant
    checks: list[tuple[str, Build]] = []
    bounds: dict[int, int] = {}
    threshold = variant.threshold
    kept = variant.rows * variant.row_capacity
    in_rows, piled, points = z3.Ints("in_rows piled points")
    r, total = z3.Ints("r total")

    def step(dealt: int, gain: int) -> Build:
        # Step: a round's pile points are at least its pile cards, which are the dealt cards not in rows.
        def build(s: TrackedSolver) -> None:
            s.add("T5-SIX-1", in_rows <= kept, in_rows >= variant.rows)
            s.add("T5-ROUND-1", piled == dealt - in_rows)
            s.add("T5-SCORE-1", points >= piled)
            s.add_fact(points < max(gain, 1))
        return build

    def length(n: int, gain: int, rounds: int) -> Build:
        # Bound: after r rounds with that gain, totals sum to at least r * gain, and the game goes on only
        # while each of the n totals is at most threshold - 1 (">=") or threshold (">").
        def build(s: TrackedSolver) -> None:
            s.add_fact(r >= 0, total >= r * gain)
            s.add("T5-END-1", total <= n * threshold)
            s.add_fact(r > rounds - 1)
        return build

    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        if players_problem(variant, n) is not None:
            continue  # a deal that does not fit the deck: no game
        dealt = variant.hand_size * n + variant.rows
        gain = dealt - kept
        checks.append((f"round gain n={n}", step(dealt, gain)))
        if gain <= 0:
            continue  # the step query is satisfiable: reported as the failing check
        rounds = (n * threshold) // gain + 1
        bounds[n] = rounds * (3 * variant.hand_size * n + variant.rows)
        checks.append((f"round bound n={n}", length(n, gain, rounds)))
    return checks, bounds


def _bigpoints() -> Result:
    """Ranking: R = sum over pawns of (its colour's discs left ahead of it + 1 while off the ladder)
    + 2 * (black discs not yet spent). Every pawn move lowers R by at least one."""
    s_checks: list[tuple[str, TrackedSolver]] = []
    for kind in ("forward onto the path", "forward onto the ladder", "backward"):
        s = TrackedSolver("wellformed.ranking")
        ahead, ahead2, off, off2, unspent, unspent2 = z3.Ints("ahead ahead2 off off2 unspent unspent2")
        s.add_fact(ahead >= 0, ahead2 >= 0, unspent >= 0, unspent2 >= 0, z3.Or(off == 0, off == 1))
        if kind == "forward onto the path":
            # The pawn lands on the next disc of its colour: that disc is no longer ahead of it.
            s.add("BP-MOVE-2", off == 1, off2 == 1, ahead >= 1, ahead2 <= ahead - 1, unspent2 == unspent)
        elif kind == "forward onto the ladder":
            s.add("BP-LADDER-1", off == 1, ahead == 0, off2 == 0, ahead2 == 0, unspent2 == unspent)
        else:
            # Paid with a black disc; the disc the pawn leaves is now ahead of it.
            s.add("BP-BLACK-3", unspent >= 1, unspent2 == unspent - 1)
            s.add("BP-BACK-2", off == 1, off2 == 1, ahead2 == ahead + 1)
        before = ahead + off + 2 * unspent
        after = ahead2 + off2 + 2 * unspent2
        s.add_fact(after >= before)
        s_checks.append((kind, s))
    verdict, data = _all_unsat(s_checks)
    from ruleproof.spec import bigpoints as bp

    variant = bp.BigPointsVariant()
    colour, black, lay = variant.colour_discs - bp.RESERVE_DISCS, variant.black_discs, bp.path_size(variant)
    pawn_moves = bp.PAWNS * (colour + 1) + 2 * black
    bound = lay + 3 * pawn_moves
    data.update(bound=bound, pawn_moves=pawn_moves, rule_ids=["BP-MOVE-2", "BP-LADDER-1", "BP-BACK-2", "BP-BLACK-3"])
    return verdict, (f"every pawn move lowers (discs of its colour ahead + 1 off the ladder, summed over pawns) "
                     f"+ 2 * (unspent black discs), which starts at {pawn_moves}; a pawn move brings at most a take "
                     "and one black-disc decision, so a game has at most "
                     f"{bound} moves after {lay} lays (times the number of games in a match)"), data


def _ikebana(variant: Any = None) -> Result:
    """Each turn puts one card into a hand of at most a bouquet's cards; refusals within a turn cost 1, 2, 3 …
    coins of the refuser, whose money is bounded; the rounds are fixed. The numbers are the variant's: its
    bouquet, rounds, starting coins, final factor, and the best bouquet's score under its deck and multipliers
    (IK-F-1's optimum), which bounds every payout."""
    from ruleproof.checkers.smt.ikebana import best_bouquets
    from ruleproof.spec import ikebana as ik

    variant = ik.IkebanaVariant() if variant is None else variant
    checks: list[tuple[str, TrackedSolver]] = []
    players = ik.MAX_PLAYERS
    result, best, _ = best_bouquets(1, variant=variant)  # the highest-scoring bouquet (IK-F-1)
    if best is None:
        return "unknown", f"the best bouquet's score was not found ({result.verdict})", {}
    money = variant.start_coins * players + variant.rounds * max(1, variant.final_factor) * players * best
    most = math.isqrt(2 * money)
    s = TrackedSolver("wellformed.ranking")
    r = z3.Int("refusals")
    s.add_fact(r >= 0)
    s.add("IK-REFUSE-1", r * (r + 1) <= 2 * money)
    s.add_fact(r > most)
    checks.append(("refusals per turn", s))
    s = TrackedSolver("wellformed.ranking")
    held, held2 = z3.Ints("held held2")
    s.add("IK-KEEP-1", held2 == held + 1)
    s.add("IK-ROUND-1", held <= variant.bouquet * players - 1, held >= 0)
    s.add_fact(z3.Not(held2 <= variant.bouquet * players))
    checks.append(("cards held per round", s))
    verdict, data = _all_unsat(checks)
    # A turn without refusals is three moves (draw, reveal, keep); each refusal adds two (refuse, reveal).
    bound = variant.rounds * variant.bouquet * players * (3 + 2 * most)
    data.update(bound=bound, refusals_per_turn=most, best_bouquet=best,
                rule_ids=["IK-REFUSE-1", "IK-KEEP-1", "IK-ROUND-1", "IK-END-1"])
    rounds = {4: "four"}.get(variant.rounds, str(variant.rounds))
    size = {5: "five"}.get(variant.bouquet, str(variant.bouquet))
    return verdict, (f"a turn ends with one more card in a hand of at most {size} (so at most {variant.bouquet}n "
                     f"turns a round, {rounds} rounds) and has at most {most} refusals, since the k-th costs k coins "
                     f"and at most {money} coins exist (a bouquet scores at most {best})"), data


def _bigfive() -> Result:
    """Within a round every play puts at least one more card on the board (at most 100); between two plays
    at most players * idle_rounds turns pass before the stalemate ends the round; rounds are bounded."""
    checks: list[tuple[str, TrackedSolver]] = []
    players, idle_rounds = 4, 5
    limit = players * idle_rounds
    for kind in ("play", "no play"):
        s = TrackedSolver("wellformed.ranking")
        board, board2, idle, idle2 = z3.Ints("board board2 idle idle2")
        s.add_fact(board >= 1, board <= 100, board2 <= 100, idle >= 0, idle < limit)
        if kind == "play":
            s.add("BF-PLAY-1", board2 >= board + 1, idle2 == 0)
        else:
            s.add("BF-END-2", board2 == board, idle2 == idle + 1, idle2 < limit)
        rank = (100 - board) * (limit + 1) + (limit - idle)
        rank2 = (100 - board2) * (limit + 1) + (limit - idle2)
        s.add_fact(rank2 >= rank)
        checks.append((kind, s))
    verdict, data = _all_unsat(checks)
    data.update(bound=None, idle_limit=limit,
                rule_ids=["BF-PLAY-1", "BF-END-2", "BF-ROUND-1"])
    return verdict, ("(cards off the board) * (L + 1) + (L - turns since the last play), with L = players * "
                     "idle_rounds, falls with every turn of a round, and the number of rounds is fixed"), data


PROOFS: dict[str, Callable[[], Result]] = {
    "take5": _take5, "bigpoints": _bigpoints, "ikebana": _ikebana, "bigfive": _bigfive,
}


def prove_termination(game: str, variant: Any = None) -> Result:
    """``(verdict, argument, data)``: ``unsat`` when Z3 proved every step lowers the ranking (under ``variant``'s
    rule constants where the game's proof reads them: Take 5 and Ikebana)."""
    if game == "take5":
        return _take5(variant)
    if game == "ikebana":
        return _ikebana(variant)
    proof = PROOFS.get(game)
    if proof is None:
        return "unknown", f"no termination proof for {game}", {}
    return proof()
