"""Ikebana findings: the best bouquet, the most a game can pay out, the finite bank running
dry, the forced keep, and why drawing never deadlocks.

Bouquets are encoded for Z3 as card counts per colour and value; the combination
points are a table over the value counts (every way to split five cards, from
:func:`ruleproof.spec.ikebana.compute_combination_points`) and the colour
multiplier an ``If`` over the number of colours. Witness games replay through
the engine (:func:`replay`).

Readings: refusals are searched under the default ``partial_refusal=False``
(a refusal is paid in full or not made); the bouquet questions do not depend
on any flag.

>>> f = FINDINGS["IK-F-1"](False)
>>> f.verdict, f.witness["score"]
('sat', 75)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import z3

from ruleproof.checkers.catalogue.questions import Question, register
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.replay import replay_play_witness
from ruleproof.checkers.smt.core import SolverResult, TrackedSolver, budget_rlimit, maximize
from ruleproof.model.ikebana import GAME
from ruleproof.spec import ikebana as ik
from ruleproof.spec.ikebana import Draw, IkebanaState, IkebanaVariant, Keep, Refuse, Reveal

GAME_ID = "ikebana"
VALUES = ik.CARD_VALUES


def replay(players: int, flags: dict[str, Any], moves: Sequence[str]) -> IkebanaState:
    """Play ``moves`` (text forms, the reveals included) through the engine from a new game."""
    state = GAME.initial_state(players, IkebanaVariant(**flags))
    for text in moves:
        state = GAME.apply(state, GAME.parse_move(text))
    return state


@cache
def _points_table() -> dict[tuple[int, ...], int]:
    """Combination points per value-count vector (n1..n5) of at most five cards."""
    table = {}
    for size in range(ik.BOUQUET + 1):
        for values in itertools.combinations_with_replacement(VALUES, size):
            counts = tuple(values.count(v) for v in VALUES)
            table[counts] = ik.compute_combination_points(values)
    return table


class _Bouquet:
    """A symbolic five-card bouquet: counts per (colour, value)."""

    def __init__(self, s: TrackedSolver | None, tag: str, ctx: z3.Context | None = None) -> None:
        self.x = {(c, v): z3.Int(f"{tag}_{c}{v}", ctx) for c in ik.COLOURS for v in VALUES}
        self.facts = [z3.And(n >= 0, n <= ik.COPIES[v]) for (c, v), n in self.x.items()]
        self.facts.append(z3.Sum(list(self.x.values())) == ik.BOUQUET)
        counts = [z3.Sum([self.x[c, v] for c in ik.COLOURS]) for v in VALUES]
        self.points = z3.Int(f"{tag}_points", ctx)
        table = _points_table()
        match = [z3.And(*[counts[i] == k[i] for i in range(len(VALUES))]) for k in table if sum(k) == ik.BOUQUET]
        self.facts.append(z3.Or(*[z3.And(m, self.points == table[k])
                                  for m, k in zip(match, [k for k in table if sum(k) == ik.BOUQUET])]))
        colours = z3.Sum([z3.If(z3.Sum([self.x[c, v] for v in VALUES]) > 0, 1, 0) for c in ik.COLOURS])
        scoring = ik.SCORING
        self.multiplier = z3.If(colours == 1, scoring.one_colour, z3.If(
            colours == 2, scoring.two_colours, z3.If(colours == scoring.size, scoring.rainbow, 1)))
        self.score = z3.Int(f"{tag}_score", ctx)
        factors = sorted({1, scoring.one_colour, scoring.two_colours, scoring.rainbow})
        self.facts.append(z3.Or(*[z3.And(self.multiplier == m, self.score == self.points * m) for m in factors]))
        if s is not None:
            s.add("IK-SCORE-1", *self.facts)

    def cards(self, model: dict[str, Any], tag: str) -> list[str]:
        out = []
        for c in ik.COLOURS:
            for v in VALUES:
                out += [f"{c}{v}"] * int(model.get(f"{tag}_{c}{v}", 0))
        return out


def best_bouquets(players: int, rlimit: int | None = None) -> tuple[Any, int | None, list[list[str]]]:
    """The bouquets of ``players`` players, drawn from one deck, with the largest total score
    (``rlimit``: instead of the budget ``ikebana.bouquets``).

    Each player count and resource limit is optimised once per process (:func:`_best_bouquets`):
    the query is the same z3 terms each time, in a fresh context, under a deterministic resource
    limit, so it gives the same answer, and IK-F-2 and IK-F-3 both ask for two players. The limit
    is resolved first, so a changed budget is a new query. The cards come back as fresh lists.

    >>> result, best, cards = best_bouquets(1)
    >>> best, cards, best_bouquets(1)[2] is cards
    (75, [['R5', 'G5', 'Y5', 'B5', 'W5']], False)
    """
    result, best, cards = _best_bouquets(players, budget_rlimit("ikebana.bouquets", rlimit))
    return result, best, [list(bouquet) for bouquet in cards]


@cache
def _best_bouquets(players: int, rlimit: int) -> tuple[Any, int | None, tuple[tuple[str, ...], ...]]:
    """:func:`best_bouquets` computed under the limit ``rlimit`` (the cards as tuples, as the answer
    is shared)."""
    # The terms live in a context of their own, built afresh: terms made in z3's shared main context
    # depend on what the process built there before, and so did the optimum chosen among ties (IK-F-3's
    # witness differed between `--jobs 1` and `--jobs 2`).
    ctx = z3.Context()
    bouquets = [_Bouquet(None, f"p{i}", ctx) for i in range(players)]
    constraints: list[Any] = [f for b in bouquets for f in b.facts]
    for c in ik.COLOURS:
        for v in VALUES:
            constraints.append(z3.Sum([b.x[c, v] for b in bouquets]) <= ik.COPIES[v])
    # symmetry: scores in decreasing order
    constraints += [bouquets[i].score >= bouquets[i + 1].score for i in range(players - 1)]
    result, best = maximize(z3.Sum([b.score for b in bouquets]), constraints, "ikebana.bouquets", rlimit=rlimit)
    if best is None:
        return result, best, ()
    cards = tuple(tuple(b.cards(result.model, f"p{i}")) for i, b in enumerate(bouquets))
    return result, best, cards


def play_rounds(players: int, flags: dict[str, Any], bouquets: Sequence[Sequence[str]],
                rounds: int = ik.ROUNDS) -> tuple[list[str], IkebanaState]:
    """A game in which every seat draws and keeps exactly the cards of its bouquet, every round."""
    state = GAME.initial_state(players, IkebanaVariant(**flags))
    moves: list[str] = []
    for _ in range(rounds):
        if GAME.is_terminal(state):
            break
        wanted = [list(b) for b in bouquets]
        round_ = state.round
        while not GAME.is_terminal(state) and state.round == round_:
            seat = state.turn
            card = wanted[seat].pop(0)
            for move in (Draw(), Reveal(card), Keep()):
                state = GAME.apply(state, move)
                moves.append(str(move))
    return moves, state


# --------------------------------------------------------------------------


def _best_bouquet(full: bool) -> Finding:
    start = time.perf_counter()
    question = "What is the highest-scoring bouquet?"
    result, best, cards = best_bouquets(1)
    if best is None:
        return Finding("IK-F-1", GAME_ID, question, "unknown", "the optimiser gave up", reason=result.reason,
                       seconds=time.perf_counter() - start)
    bouquet = cards[0]
    moves, state = play_rounds(2, {}, [bouquet, ["R1", "R1", "G1", "G1", "Y1"]], rounds=1)
    explained = ik.explain_bouquet(bouquet)
    return Finding(
        "IK-F-1", GAME_ID, question, "sat",
        f"{best} points: {' '.join(bouquet)} ({explained.base} x {explained.multiplier}); Z3 proved nothing "
        "scores more.",
        witness={"players": 2, "flags": {}, "bouquet": bouquet, "score": best, "moves": moves,
                 "scored": list(state.last_scores)},
        rule_ids=("IK-SCORE-1", "IK-SCORE-2"), seconds=time.perf_counter() - start, method="z3",
        bounds="every five cards of the deck", picture=str(explained))


def _max_payout(full: bool) -> Finding:
    start = time.perf_counter()
    question = "What are the most coins a game can pay out?"
    rows = []
    witness: dict[str, Any] = {}
    for players in (range(ik.MIN_PLAYERS, ik.MAX_PLAYERS + 1) if full else (2, 3)):
        result, best, cards = best_bouquets(players)
        if best is None:
            return Finding("IK-F-2", GAME_ID, question, "unknown", f"the optimiser gave up for {players} players",
                           reason=result.reason, seconds=time.perf_counter() - start)
        moves, state = play_rounds(players, {}, cards)
        rows.append({"players": players, "round": best, "game": ik.ROUNDS * best,
                     "double_final": (ik.ROUNDS - 1 + ik.FINAL_FACTOR) * best,
                     "bouquets": cards})
        if not witness:
            witness = {"players": players, "flags": {}, "moves": moves, "issued": state.issued, "bouquets": cards}
    text = "; ".join(f"{r['players']} players: {r['round']} a round, {r['game']} a game "
                     f"({r['double_final']} with double_final)" for r in rows)
    return Finding(
        "IK-F-2", GAME_ID, question, "sat",
        f"{text}. The same bouquets can be drawn every round, since all cards return to the deck.",
        witness={**witness, "table": rows}, rule_ids=("IK-SCORE-1", "IK-SCORE-2", "IK-PAY-1", "IK-PAY-2"),
        seconds=time.perf_counter() - start, method="z3",
        bounds="Z3 optimum of one round's bouquets from one deck; refusal payments only move coins between players")


def _bank_dry(full: bool) -> Finding:
    start = time.perf_counter()
    question = "With the finite bank, can the bank run dry?"
    result, best, cards = best_bouquets(2)
    if best is None:
        return Finding("IK-F-3", GAME_ID, question, "unknown", "the optimiser gave up", reason=result.reason,
                       seconds=time.perf_counter() - start)
    flags = {"bank": "finite"}
    moves, state = play_rounds(2, flags, cards)
    left = ik.bank_capacity(2) - state.issued
    return Finding(
        "IK-F-3", GAME_ID, question, "sat" if left == 0 else "unsat",
        f"Yes: two players drawing {' '.join(cards[0])} and {' '.join(cards[1])} every round are owed {best} a "
        f"round; the bank ({ik.bank_capacity(2)} after the starting coins) is empty in the fourth round and "
        f"pays {list(state.last_payouts)} instead of {[ik.compute_bouquet_score(c) for c in cards]}.",
        witness={"players": 2, "flags": flags, "moves": moves, "bank_left": left, "payouts": list(state.last_payouts)},
        rule_ids=("IK-BANK-1", "IK-PAY-1"), seconds=time.perf_counter() - start, method="z3",
        picture=GAME.render_text(state))


def denomination_payout(players: int, due: int) -> SolverResult:
    """Can the box's bank pay ``due`` in chips, without change, after the starting coins are dealt?

    Under IK-AMB-8's ``chips`` reading only the chips themselves move. The text
    deals each player six 1-coins from a box of 30×1, 15×5, 15×10 and 5×50, so
    with five players the bank holds no 1-chip; ``unsat`` with core
    ``IK-PAY-1`` (the bank pays the score) and ``IK-AMB-8-chips`` shows a score
    such as 4 cannot be paid: the reading contradicts IK-PAY-1.

    >>> denomination_payout(5, 4).core, denomination_payout(2, 4).verdict
    (('IK-AMB-8-chips', 'IK-PAY-1'), 'sat')
    """
    counts = {value: z3.Int(f"paid_{value}") for value, _ in ik.BANK_CHIPS}
    solver = TrackedSolver("IK-AMB-8")
    solver.add_fact(*[c >= 0 for c in counts.values()])
    solver.add("IK-PAY-1", z3.Sum(*[value * c for value, c in counts.items()]) == due)
    in_bank = {value: n - (ik.START_COINS * players if value == 1 else 0) for value, n in ik.BANK_CHIPS}
    solver.add("IK-AMB-8-chips", *[counts[value] <= in_bank[value] for value in counts])
    return solver.check()


def _forced_keep(full: bool) -> Finding:
    start = time.perf_counter()
    question = "Can a player be forced to keep a card for lack of money?"
    state = GAME.initial_state(2, IkebanaVariant())
    moves: list[str] = []
    for move in (Draw(), Reveal("R1"), Refuse(), Reveal("R2"), Refuse(), Reveal("R3"), Refuse(), Reveal("R4")):
        state = GAME.apply(state, move)
        moves.append(str(move))
    legal = [str(m) for m in GAME.legal_moves(state)]
    return Finding(
        "IK-F-4", GAME_ID, question, "sat" if legal == ["keep"] else "unsat",
        f"Yes: refusing three cards costs 1 + 2 + 3 = all six starting coins, so the fourth card ({state.drawn}) "
        f"must be kept (legal moves: {', '.join(legal)}).",
        witness={"players": 2, "flags": {}, "moves": moves, "legal": legal}, rule_ids=("IK-REFUSE-1",),
        seconds=time.perf_counter() - start, method="analysis", picture=GAME.render_text(state))


def _deadlock(full: bool) -> Finding:
    start = time.perf_counter()
    question = "Can drawing deadlock (deck and discards below the tops empty while someone still needs cards)?"
    cores: set[str] = set()
    for players in range(ik.MIN_PLAYERS, ik.MAX_PLAYERS + 1):
        s = TrackedSolver("IK-F-5")
        hands, tops, under, deck, drawn = z3.Ints("hands tops under deck drawn")
        s.add_fact(hands >= 0, tops >= 0, under >= 0, deck >= 0, z3.Or(drawn == 0, drawn == 1))
        s.add("IK-MONEY-1", hands + tops + under + deck + drawn == len(ik.FULL_DECK))
        s.add("IK-ROUND-1", hands <= ik.BOUQUET * players - 1)
        s.add("IK-DECK-1", tops <= players)
        s.add("IK-DECK-2", deck == 0, under == 0)
        result = s.check()
        if result.verdict != "unsat":
            return Finding("IK-F-5", GAME_ID, question, result.verdict, f"not excluded for {players} players",
                           witness=result.model, seconds=time.perf_counter() - start, reason=result.reason)
        cores |= set(result.core)
    return Finding(
        "IK-F-5", GAME_ID, question, "unsat",
        "No: while someone needs a card at most 5n - 1 cards are in hands, n lie on top of discard piles and "
        "one may be in view, so at least 50 - (5n - 1) - n - 1 = 50 - 6n >= 20 cards remain to draw or recycle (n <= 5); the guard "
        "IK-DECK-2 and the stall rule IK-STALL-1 only matter for reduced decks (see WF-IK-2).",
        rule_ids=tuple(sorted(cores)), seconds=time.perf_counter() - start, method="z3",
        bounds="every state, 2 to 5 players (card counting)")


FINDINGS: dict[str, Callable[[bool], Finding]] = {
    "IK-F-1": _best_bouquet,
    "IK-F-2": _max_payout,
    "IK-F-3": _bank_dry,
    "IK-F-4": _forced_keep,
    "IK-F-5": _deadlock,
}

QUESTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "IK-F-1": ("What is the highest-scoring bouquet?", ("IK-SCORE-1", "IK-SCORE-2")),
    "IK-F-2": ("What are the most coins a game can pay out?", ("IK-PAY-1", "IK-PAY-2")),
    "IK-F-3": ("With the finite bank, can the bank run dry?", ("IK-BANK-1",)),
    "IK-F-4": ("Can a player be forced to keep a card for lack of money?", ("IK-REFUSE-1",)),
    "IK-F-5": ("Can drawing deadlock while someone still needs cards?", ("IK-DECK-2", "IK-STALL-1")),
}

#: The flags each question's encoding fixes (issue 17); a flag not named does not change the answer: the
#: bouquet table (IK-F-1) and the card counting (IK-F-5) hold no flag, the payout bound (IK-F-2) reports
#: both values of double_final and assumes the unlimited bank, IK-F-3 asks about the finite bank (its witness
#: pays in order), and the forced keep (IK-F-4) is searched with refusals paid in full or not made.
_FIXED: dict[str, tuple[tuple[str, object], ...]] = {
    "IK-F-1": (),
    "IK-F-2": (("bank", "unlimited"),),
    "IK-F-3": (("bank", "finite"), ("shortfall", "in_order")),
    "IK-F-4": (("partial_refusal", False),),
    "IK-F-5": (),
}

#: Extra legality rules only remove moves: the optima (IK-F-1, IK-F-2) stay upper bounds and every witness
#: game is replayed on the reading's engine before it counts; IK-F-5 is about moves existing, which a rule
#: that removes moves can change (the well-formedness question WF-IK-2 explores the reading's engine).
_DEADLOCK_WHY = "whether drawing can deadlock depends on which moves exist, and extra rules remove moves; WF-IK-2 " \
                "explores the reading's engine"

for _id, (_text, _rules) in QUESTIONS.items():
    register(Question(_id, GAME_ID, _text, _rules, FINDINGS[_id], fixed=_FIXED[_id], declared=True,
                      replay=replay_play_witness, plugins="none" if _id == "IK-F-5" else "restriction",
                      plugins_why=_DEADLOCK_WHY if _id == "IK-F-5" else ""))
