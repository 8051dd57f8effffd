"""Take 5 findings: the placement properties proved (or refuted) with Z3, the biggest
takes, and where the text's end rule and the publisher's disagree.

Every witness is a move list from a new game (deals included) that replays
through the engine; :func:`replay` does it.

Readings (``ruleproof audit --game take5 --reading FILE``): each question
declares the flags its encoding fixes (``_FIXED``); the Z3 proofs hold over
symbolic rows whichever row a too-low card takes, so they stay true under
extra legality rules (which only remove moves), and every ``sat`` witness is
replayed on the reading's engine (:func:`replay_witness`) before it counts.
T5-F-8's search plays on the reading's engine. A derived engine (which may
change effects) makes the Z3 questions not applicable.

>>> f = FINDINGS["T5-F-1"](False)
>>> f.verdict, f.rule_ids
('unsat', ('T5-LOW-4', 'T5-ORDER-1', 'T5-PLACE-1', 'T5-SIX-1'))
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from collections.abc import Callable, Sequence
from typing import Any

import z3

from ruleproof.checkers.catalogue.questions import Question, register
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.smt.core import SolverResult, TrackedSolver, maximize
from ruleproof.checkers.smt.take5_replay import (
    changed_flags, deal_moves as deal_moves, quiet_round_witness as quiet_round_witness, replay as replay, resolve,
    round_witness as round_witness, select_all,
)
from ruleproof.checkers.smt.take5_round import plan_round
from ruleproof.model.core import TERMINAL
from ruleproof.model.take5 import GAME
from ruleproof.spec import take5 as t5
from ruleproof.spec.core import variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import RuleproofError
from ruleproof.spec.take5 import Deal, Place, Take5State, Take5Variant

GAME_ID = "take5"
_DEFAULT_VARIANT = Take5Variant()

#: The rule-constant flags every question here reads from the reading (the numbers of the encodings).
CONSTANT_FLAGS = ("rows", "row_capacity", "hand_size", "deck_top")


def _numbers_text(variant: Take5Variant) -> str:
    """``"4 rows of 5 cards, hands of 10, cards 1-104"`` (the numbers a finding was decided under)."""
    return (f"{variant.rows} rows of {variant.row_capacity} cards, hands of {variant.hand_size}, "
            f"cards 1-{variant.deck_top}")


# --------------------------------------------------------------------------
# T5-F-1 / T5-F-3: proofs for the standard rules


def _prove_only_lowest_too_low(variant: Take5Variant = _DEFAULT_VARIANT) -> Finding:
    """Induction: the card just resolved ends its row, and every later card of the turn is higher."""
    ROWS = variant.rows  # noqa: N806 - the table's number of rows, read from the reading
    s = TrackedSolver("T5-F-1")
    ends = [z3.Int(f"end{i}") for i in range(ROWS)]
    after = [z3.Int(f"after{i}") for i in range(ROWS)]
    p, q, r = z3.Ints("resolved next row")
    kind = z3.Int("kind")  # 0 place after the row end, 1 sixth card, 2 too low: take
    s.add_fact(z3.And(0 <= r, r < ROWS), z3.Or(kind == 0, kind == 1, kind == 2), p >= 1, q >= 1)
    s.add("T5-ORDER-1", q > p)
    s.add("T5-PLACE-1", z3.Implies(kind == 0, z3.And(*[z3.Implies(r == i, z3.And(ends[i] < p, after[i] == p))
                                                      for i in range(ROWS)])))
    s.add("T5-SIX-1", z3.Implies(kind == 1, z3.And(*[z3.Implies(r == i, after[i] == p) for i in range(ROWS)])))
    s.add("T5-LOW-4", z3.Implies(kind == 2, z3.And(*[z3.Implies(r == i, after[i] == p) for i in range(ROWS)])))
    s.add_fact(*[z3.Implies(r != i, after[i] == ends[i]) for i in range(ROWS)])
    # The next card is too low: lower than every row end.
    s.add_fact(*[after[i] > q for i in range(ROWS)])
    result = s.check()
    question = "Can a card other than the lowest revealed card of a turn be too low for every row?"
    if result.verdict != "unsat":
        return Finding("T5-F-1", GAME_ID, question, result.verdict, "the induction step failed",
                       witness=result.model, seconds=result.seconds, reason=result.reason)
    return Finding(
        "T5-F-1", GAME_ID, question, "unsat",
        "No (standard rules): however the lowest card resolves (after a lower row end, as a sixth card, or "
        "taking a row), it becomes the last card of its row; every later card of the turn is higher, so it "
        "fits after that card at least.",
        rule_ids=result.core, seconds=result.seconds, method="z3",
        bounds=f"every state: one resolution step over symbolic row ends (induction); {_numbers_text(variant)}")


def _prove_never_equally_close(variant: Take5Variant = _DEFAULT_VARIANT) -> Finding:
    ROWS = variant.rows  # noqa: N806 - the table's number of rows, read from the reading
    s = TrackedSolver("T5-F-3")
    ends = [z3.Int(f"end{i}") for i in range(ROWS)]
    c, i, j = z3.Ints("card i j")
    s.add_fact(0 <= i, i < ROWS, 0 <= j, j < ROWS, i != j)
    s.add("T5-DEAL-1", z3.Distinct(*ends, c))

    def end(k: z3.ArithRef) -> z3.ArithRef:
        term: Any = ends[-1]
        for index in range(ROWS - 2, -1, -1):
            term = z3.If(k == index, ends[index], term)
        return term

    s.add("T5-PLACE-1", end(i) < c, end(j) < c)
    s.add("T5-PLACE-2", c - end(i) == c - end(j))
    result = s.check()
    question = "Can a card be equally close to two row ends?"
    return Finding(
        "T5-F-3", GAME_ID, question, result.verdict,
        "No (standard rules): a card fits only after lower row ends, and two rows never end with the same card, "
        "since every card exists once." if result.verdict == "unsat" else "unexpected",
        rule_ids=result.core, seconds=result.seconds, method="z3", bounds=f"every state; {_numbers_text(variant)}",
        reason=result.reason)


# --------------------------------------------------------------------------
# T5-F-2 / T5-F-4: professional variant, bounded model checking from the deal


class _Rows:
    """Symbolic rows (first card, last card, length) of the professional variant."""

    def __init__(self, starts: list[Any], ends: list[Any], lengths: list[Any]) -> None:
        self.starts, self.ends, self.lengths = starts, ends, lengths

    def options(self, card: Any) -> list[tuple[Any, Any]]:
        """(fits, distance) of the right end and the left end of every row."""
        opts = []
        for i in range(len(self.ends)):
            opts.append((self.ends[i] < card, card - self.ends[i]))
            opts.append((card < self.starts[i], self.starts[i] - card))
        return opts

    def too_low(self, card: Any) -> Any:
        return z3.And(*[z3.Not(fits) for fits, _ in self.options(card)])


def _place(s: TrackedSolver, rows: _Rows, card: Any, tag: str, capacity: int) -> tuple[_Rows, Any]:
    """Constrain a nearest placement (no sixth card) of ``card`` and return the new rows and the choice."""
    ROWS = len(rows.ends)  # noqa: N806
    choice = z3.Int(f"choice_{tag}")
    opts = rows.options(card)
    s.add_fact(0 <= choice, choice < 2 * ROWS)
    for k, (fits, dist) in enumerate(opts):
        nearest = z3.And(fits, *[z3.Implies(f2, d2 >= dist) for f2, d2 in opts])
        s.add("T5-PLACE-2", z3.Implies(choice == k, nearest))
    starts, ends, lengths = [], [], []
    for i in range(ROWS):
        right, left = choice == 2 * i, choice == 2 * i + 1
        s.add_fact(z3.Implies(z3.Or(right, left), rows.lengths[i] < capacity))
        starts.append(z3.If(left, card, rows.starts[i]))
        ends.append(z3.If(right, card, rows.ends[i]))
        lengths.append(z3.If(z3.Or(right, left), rows.lengths[i] + 1, rows.lengths[i]))
    return _Rows(starts, ends, lengths), choice


def _bmc_professional(turns: int, goal: str, variant: Take5Variant = _DEFAULT_VARIANT, sorted_rows: bool = False,
                      ) -> tuple[str, dict[str, Any], tuple[str, ...], float, str]:
    """Two players, ``turns`` turns, seat 0's card the lower each turn; ``goal`` is ``"too_low"`` (the
    higher card of the last turn is too low after the lower one resolved) or ``"tie"`` (the first card
    resolved is equally close to two row ends). ``sorted_rows``: the rows start in increasing order (any
    witness gives one by renumbering the rows; it spares the solver the orders, for larger numbers of rows)."""
    ROWS = variant.rows  # noqa: N806
    top = len(t5.deck_cards(variant, 2))
    s = TrackedSolver("take5.professional")
    init = [z3.Int(f"row{i}") for i in range(ROWS)]
    low = [z3.Int(f"a{t}") for t in range(turns)]
    high = [z3.Int(f"b{t}") for t in range(turns)]
    cards = init + low + high
    s.add("T5-DEAL-1", z3.Distinct(*cards), *[z3.And(c >= 1, c <= top) for c in cards])
    s.add_fact(*[low[t] < high[t] for t in range(turns)])
    if sorted_rows:
        s.add_fact(*[init[i] < init[i + 1] for i in range(ROWS - 1)])
    rows = _Rows(list(init), list(init), [z3.IntVal(1)] * ROWS)
    choices: dict[str, Any] = {}
    for t in range(turns):
        if goal == "tie" and t == turns - 1:
            opts = rows.options(low[t])
            best = z3.Int("best")
            s.add_fact(z3.Or(*[z3.And(f, d == best) for f, d in opts]),
                       *[z3.Implies(f, d >= best) for f, d in opts])
            s.add_fact(z3.Sum([z3.If(z3.And(f, d == best), 1, 0) for f, d in opts]) >= 2)
            break
        rows, choices[f"a{t}"] = _place(s, rows, low[t], f"a{t}", variant.row_capacity)
        if goal == "too_low" and t == turns - 1:
            s.add("T5-PLACE-3", rows.too_low(high[t]))
            break
        rows, choices[f"b{t}"] = _place(s, rows, high[t], f"b{t}", variant.row_capacity)
    result = s.check()
    return result.verdict, result.model, result.core, result.seconds, result.reason


def _professional_witness(goal: str, variant: Take5Variant = _DEFAULT_VARIANT) -> tuple[Finding | None, dict[str, Any]]:
    variant = replace(variant, professional=True)
    turns = 3 if goal == "too_low" else 1
    turns = min(turns, variant.hand_size)
    verdict, model, _, seconds, reason = _bmc_professional(turns, goal, variant)
    if verdict != "sat" and goal == "too_low":
        # Other numbers of rows may need more turns (six rows: four), and the row orders cost the solver its
        # budget: search again with the rows in order, one more turn at a time, up to six.
        for more in range(turns, min(6, variant.hand_size) + 1):
            verdict, model, _, seconds, reason = _bmc_professional(more, goal, variant, sorted_rows=True)
            turns = more
            if verdict == "sat":
                break
    flags = changed_flags(variant)
    data: dict[str, Any] = {"verdict": verdict, "model": model, "seconds": seconds, "turns": turns, "reason": reason,
                            "flags": flags}
    if verdict != "sat":
        return None, data
    hands = [[model[f"a{t}"] for t in range(turns)], [model[f"b{t}"] for t in range(turns)]]
    rows = [model[f"row{i}"] for i in range(variant.rows)]
    moves = deal_moves(2, variant, hands, rows)
    state = replay(2, flags, moves)
    for t in range(turns):
        state, ms = select_all(state, [model[f"a{t}"], model[f"b{t}"]])
        moves += ms
        last = t == turns - 1
        if last and goal == "tie":
            break
        # the lower card: place it as the model chose
        choice = model.get(f"choice_a{t}", 0)
        move = Place(choice // 2, bool(choice % 2))
        state = GAME.apply(state, move)
        moves.append(str(move))
        if last:
            break
        choice = model.get(f"choice_b{t}", 0)
        move = Place(choice // 2, bool(choice % 2))
        state = GAME.apply(state, move)
        moves.append(str(move))
    data["moves"] = moves
    return None, data


def _professional_too_low(full: bool, reading: Any = None) -> Finding:
    start = time.perf_counter()
    _, data = _professional_witness("too_low", _variant_of(reading))
    question = "With the professional variant, can a card other than the lowest revealed card be too low?"
    if data["verdict"] != "sat":
        return Finding("T5-F-2", GAME_ID, question, data["verdict"], f"no witness within {data['turns']} turns",
                       seconds=time.perf_counter() - start, bounds=f"two players, {data['turns']} turns",
                       reason=data["reason"])
    state = replay(2, data["flags"], data["moves"])
    card, seat = t5.lowest_pending(state)
    rows = [list(r) for r in state.rows]
    return Finding(
        "T5-F-2", GAME_ID, question, "sat",
        f"Yes: once a card went before a row's first card, rows no longer end with the latest card; here card "
        f"{card} of seat {seat} is too low after a lower card of its turn resolved (rows {rows}).",
        witness={"players": 2, "flags": data["flags"], "moves": data["moves"], "card": card},
        rule_ids=("T5-PLACE-3", "T5-LOW-1", "T5-ORDER-1"), seconds=time.perf_counter() - start, method="z3",
        bounds=f"two players, {data['turns']} turns (bounded model checking from the deal)",
        picture=GAME.render_text(state))


def _professional_tie(full: bool, reading: Any = None) -> Finding:
    start = time.perf_counter()
    _, data = _professional_witness("tie", _variant_of(reading))
    question = "With the professional variant, can a card be equally close to two row ends?"
    if data["verdict"] != "sat":
        return Finding("T5-F-4", GAME_ID, question, data["verdict"], "no witness in the first turn",
                       seconds=time.perf_counter() - start, reason=data["reason"])
    state = replay(2, data["flags"], data["moves"])
    card, _ = t5.lowest_pending(state)
    legal = [str(m) for m in GAME.legal_moves(state)]
    return Finding(
        "T5-F-4", GAME_ID, question, "sat",
        f"Yes: card {card} is as far above one row's last card as below another row's first card; "
        f"the owner chooses ({', '.join(legal)}).",
        witness={"players": 2, "flags": data["flags"], "moves": data["moves"], "card": card,
                 "choices": legal},
        rule_ids=("T5-PLACE-2", "T5-PLACE-3"), seconds=time.perf_counter() - start, method="z3",
        bounds="two players, first turn (bounded model checking from the deal)", picture=GAME.render_text(state))


# --------------------------------------------------------------------------
# T5-F-5 .. T5-F-7: the biggest takes


def _bullheads_term(c: Any) -> Any:
    """A card's bullheads as a term: the spec's table of bullheads (:data:`~ruleproof.spec.take5.BULLHEAD_TABLE`),
    its rows asked in order as nested if-then-else."""
    rows = t5.BULLHEAD_TABLE
    term: Any = z3.IntVal(rows[-1][2])
    for kind, number, points in reversed(rows[:-1]):
        term = z3.If(c == number if kind == "card" else c % number == 0, points, term)
    return term


def _one_turn_witness(variant: Take5Variant, row: Sequence[int]) -> tuple[list[str], Take5State, int] | None:
    """Two players build ``row`` (its first card dealt to start a row, the others played two a turn, the other rows
    started by the lowest cards) and seat 0 takes it with the next card; ``None`` when these numbers leave no
    room for that (the move list, the final state and what seat 0 took)."""
    low_rows = list(range(1, variant.rows))
    used = set(row) | set(low_rows)
    top = len(t5.deck_cards(variant, 2))
    higher = next((c for c in range(max(row) + 1, top + 1) if c not in used), None)
    junk = [c for c in range(max(low_rows, default=0) + 1, row[0]) if c not in used]
    if higher is None or not low_rows or len(junk) < 2:
        return None
    additions = list(row[1:])
    turns: list[tuple[int, int]] = []
    spare = iter(junk)
    while additions:
        a = additions.pop(0)
        b = additions.pop(0) if additions else next(spare)
        turns.append((a, b))
    turns.append((higher, next(spare)))
    if len(turns) > variant.hand_size:
        return None
    hands = [[a for a, _ in turns], [b for _, b in turns]]
    moves = deal_moves(2, variant, hands, [row[0], *low_rows])
    flags = changed_flags(variant)
    try:
        state = replay(2, flags, moves)
        before = 0
        for a, b in turns:
            before = t5.compute_pile_points(state.piles[0])
            state, ms = select_all(state, [a, b])
            moves += ms
            state, ms = resolve(state)
            moves += ms
    except (ValueError, RuleproofError):
        return None
    return moves, state, t5.compute_pile_points(state.piles[0]) - before


def _planned_turn(variant: Take5Variant) -> tuple[list[str], Take5State, int] | None:
    """T5-F-5's witness when two players have too few turns to build the row: the first turn of a chain plan
    (:func:`~ruleproof.checkers.smt.take5_round.plan_round` with one turn), in which other seats fill the row
    and seat 0's card takes it."""
    plan = plan_round(variant, turns=1)
    if plan is None:
        return None
    try:
        moves, state = round_witness(plan, variant)
    except (ValueError, RuleproofError):
        return None
    return moves, state, t5.compute_pile_points(state.piles[0])


def _max_take_one_turn(full: bool, reading: Any = None) -> Finding:
    start = time.perf_counter()
    variant = replace(_variant_of(reading), deck="standard", professional=False)
    capacity = variant.row_capacity
    cards = [z3.Int(f"c{i}") for i in range(capacity)]
    constraints = [z3.And(c >= 1, c <= variant.deck_top) for c in cards]
    constraints += [cards[i] < cards[i + 1] for i in range(len(cards) - 1)]
    result, best = maximize(z3.Sum([_bullheads_term(c) for c in cards]), constraints, "T5-F-5")
    question = "What is the most bullheads one player can take in one turn?"
    if best is None:
        # The optimiser gave up (some deck sizes make it search long): count instead, as T5-F-7 does — the
        # richest cards are an upper bound, proved when no `capacity` cards carry more.
        best = richest_cards(variant, capacity)
        counted = cards_take(best, capacity, variant)
        if counted.verdict != "unsat":
            return Finding("T5-F-5", GAME_ID, question, "unknown", "the optimiser and the count both gave up",
                           reason=result.reason or counted.reason, seconds=time.perf_counter() - start)
        rich = sorted(range(1, variant.deck_top + 1), key=lambda x: (-t5.compute_bullheads(x), -x))[:capacity]
        row = sorted(rich)
    else:
        row = sorted(result.model[f"c{i}"] for i in range(capacity))
    # Witness: the row is built from the deal (start card row[0], other rows below it), then the next card.
    built = _one_turn_witness(variant, row)
    if built is None or built[2] != best:
        planned = _planned_turn(variant)
        if planned is not None and planned[2] == best:
            built = planned
            row = sorted(planned[1].piles[0])  # the plan's row: as rich as the optimiser's
    bound = (f"every state (the optimum over {capacity} distinct cards of 1-{variant.deck_top}; "
             f"{_numbers_text(variant)})")
    if built is None or built[2] != best:
        return Finding(
            "T5-F-5", GAME_ID, question, "unknown",
            f"at most {best} (the {capacity} richest cards, {row}); no two-player witness taking them was built "
            f"for {_numbers_text(variant)}", rule_ids=("T5-SIX-1", "T5-SCORE-1"),
            seconds=time.perf_counter() - start, method="z3", bounds=bound,
            reason="the witness construction found no room for these numbers")
    moves, state, taken = built
    players = state.players
    return Finding(
        "T5-F-5", GAME_ID, question, "sat",
        f"{best}: a player resolves one card per turn, so takes at most one row of at most {capacity} cards; the "
        f"{capacity} richest cards are {row} ({best} bullheads), and the next card takes them in the witness.",
        witness={"players": players, "flags": changed_flags(variant), "moves": moves, "seat": 0, "taken": taken,
                 "row": row},
        rule_ids=("T5-SIX-1", "T5-SCORE-1", "T5-TURN-1"), seconds=time.perf_counter() - start, method="z3",
        bounds=bound + " (the witness attains it)", picture=GAME.render_text(state))


def richest_cards(variant: Take5Variant, count: int) -> int:
    """The bullheads of the ``count`` richest cards of the variant's standard deck (an upper bound of any take of
    that many cards; :func:`round_take` proves it).

    >>> richest_cards(Take5Variant(), 50)
    117
    """
    values = sorted((t5.compute_bullheads(c) for c in range(1, variant.deck_top + 1)), reverse=True)
    return sum(values[:count])


_NO_PLAN = ("no chain plan fits these numbers (for some player count, the other seats must fill the chain's row "
            "before seat 0's card every turn, the rest play below it on a spare row, and every seat holds a full "
            "hand from the deck)")


def _max_take_one_round(full: bool, reading: Any = None) -> Finding:
    """T5-F-6: the proved upper bound (:func:`round_take` on the richest ``hand_size · row_capacity`` cards) and a
    round that attains it (:func:`~ruleproof.checkers.smt.take5_round.plan_round`, replayed by the engine)."""
    start = time.perf_counter()
    variant = replace(_variant_of(reading), deck="standard", professional=False)
    question = "What is the most bullheads one player can take in one round?"
    capacity, turns = variant.row_capacity, variant.hand_size
    cards = turns * capacity
    upper = richest_cards(variant, cards)
    proof = round_take(upper, variant)
    plan = plan_round(variant)
    points: int | None = None
    if plan is not None:
        moves, state = round_witness(plan, variant)
        points = t5.compute_totals(state)[0]
    bound = (f"at most {upper}: {turns} turns of one take of at most {capacity} cards give at most {cards} cards, "
             f"whose richest carry {upper} bullheads (proved: {proof.verdict})")
    numbers = f"every round, {_numbers_text(variant)}"
    if plan is None or points != upper or proof.verdict != "unsat":
        one_turn = _max_take_one_turn(False, _Reading(variant))
        lower = max(points or 0, one_turn.witness.get("taken", 0) if isinstance(one_turn.witness, dict) else 0)
        why = _NO_PLAN if plan is None else (
            f"the best chain plan ({plan.players} players) takes {points}" if proof.verdict == "unsat"
            else f"the upper bound is not proved ({proof.verdict})")
        return Finding(
            "T5-F-6", GAME_ID, question, "unknown", f"{bound}; a witness takes {lower}.",
            rule_ids=("T5-SIX-1", "T5-SCORE-1", *proof.core), seconds=time.perf_counter() - start, method="z3",
            bounds=numbers, reason=f"between the witness's take and the proved upper bound: {why}")
    assert plan is not None
    refill = ("the chain's next cards after seat 0's card in the same turn, so the row is full when the next turn "
              "starts" if not any(plan.before[1:]) else
              "the chain's other cards, some below seat 0's card (filling the row before it) and some above it "
              "(starting the row again)")
    junk = (f", and the rest play lower cards onto the {variant.rows - 1} other row(s)"
            if any(plan.junk) else "")
    high = f"; {len(plan.high)} seat(s) play cards above the chain in the last turn" if plan.high else ""
    return Finding(
        "T5-F-6", GAME_ID, question, "sat",
        f"{points}, exactly: with {plan.players} players, seat 0 takes a full row with a card of the same chain in "
        f"each of the {turns} turns, the {cards} richest cards the numbers allow ({_numbers_text(variant)}). Other "
        f"seats play {refill}{junk}{high}. No round gives more: {cards} cards carry at most {upper} bullheads "
        "(proved: unsat).",
        witness={"players": plan.players, "flags": changed_flags(variant), "moves": moves, "seat": 0, "points": points},
        rule_ids=("T5-SIX-1", "T5-PLACE-2", "T5-LOW-3", "T5-SCORE-1", *proof.core),
        seconds=time.perf_counter() - start, method="z3",
        bounds=f"{numbers}; exact: the witness attains the proved upper bound", picture=GAME.render_text(state))


def round_take(more_than: int, variant: Take5Variant = _DEFAULT_VARIANT) -> SolverResult:
    """Can one player take more than ``more_than`` bullheads in a round of ``hand_size`` turns, one row of at
    most ``row_capacity`` cards a turn? (``unsat`` with core ``T5-SCORE-1``, ``T5-SIX-1`` for 117 under the
    rulebook's numbers, the most: T5-F-7.)

    >>> round_take(117).verdict, round_take(116).verdict
    ('unsat', 'sat')
    """
    return cards_take(more_than, variant.hand_size * variant.row_capacity, variant)


def cards_take(more_than: int, cards: int, variant: Take5Variant = _DEFAULT_VARIANT) -> SolverResult:
    """Can at most ``cards`` distinct cards of the variant's deck carry more than ``more_than`` bullheads?

    >>> cards_take(27, 5).verdict, cards_take(26, 5).verdict  # one row: T5-F-5's 27
    ('unsat', 'sat')
    """
    taken = [z3.Bool(f"t{c}") for c in range(1, variant.deck_top + 1)]
    s = TrackedSolver("T5-F-7")
    # The taken cards counted per bullhead value (definitions, with the bounds they imply): the same sums as
    # over the cards, but the arithmetic solver sees five counts and refutes 118 from the linear relaxation
    # (2,825 z3 units; summing 104 if-then-else terms took 2.6 million).
    groups: dict[int, list[Any]] = {}
    for c, b in zip(range(1, variant.deck_top + 1), taken):
        groups.setdefault(t5.compute_bullheads(c), []).append(b)
    count = {w: z3.Int(f"taken_{w}") for w in groups}
    s.add_fact(*[count[w] == z3.Sum([z3.If(b, 1, 0) for b in cards_of]) for w, cards_of in groups.items()])
    s.add_fact(*[z3.And(count[w] >= 0, count[w] <= len(cards_of)) for w, cards_of in groups.items()])
    s.add("T5-SIX-1", z3.Sum(list(count.values())) <= cards)
    s.add("T5-SCORE-1", z3.Sum([w * count[w] for w in count]) > more_than)
    return s.check()


def _round_upper_bound(full: bool, reading: Any = None) -> Finding:
    """T5-F-7: ``unsat`` when no ``hand_size · row_capacity`` cards carry more than the rulebook's 117; otherwise
    ``sat`` with T5-F-6's round when it takes more (replayed by the engine), ``unknown`` when it does not."""
    start = time.perf_counter()
    variant = replace(_variant_of(reading), deck="standard", professional=False)
    result = round_take(117, variant)
    question = "Can one player take more than 117 bullheads in one round?"
    cards = variant.hand_size * variant.row_capacity
    bounds = f"every round: {variant.hand_size} turns, one take per turn; {_numbers_text(variant)}"
    if result.verdict == "unsat":
        answer = (f"No: one card a turn takes at most one row of at most {variant.row_capacity} cards, so a round "
                  f"gives at most {cards} cards, and no {cards} cards carry more than 117 bullheads"
                  + ("; the witness of T5-F-6 takes 117, so 117 is exact." if variant == _DEFAULT_VARIANT else "."))
        return Finding("T5-F-7", GAME_ID, question, "unsat", answer, rule_ids=("T5-TURN-1", *result.core),
                       seconds=time.perf_counter() - start, method="z3", bounds=bounds)
    plan = plan_round(variant) if result.verdict == "sat" else None
    if plan is not None:
        moves, state = round_witness(plan, variant)
        points = t5.compute_totals(state)[0]
        if points > 117:
            return Finding(
                "T5-F-7", GAME_ID, question, "sat",
                f"Yes: {cards} cards (a round of {variant.hand_size} turns, rows of {variant.row_capacity}) can "
                f"carry {richest_cards(variant, cards)} bullheads, and T5-F-6's round takes {points} "
                f"({plan.players} players, seat 0 takes the chain's row every turn).",
                witness={"players": plan.players, "flags": changed_flags(variant), "moves": moves, "seat": 0,
                         "points": points},
                rule_ids=("T5-TURN-1", "T5-SIX-1", "T5-SCORE-1"), seconds=time.perf_counter() - start, method="z3",
                bounds=bounds + "; the witness is replayed by the engine", picture=GAME.render_text(state))
    why = ("the solver gave up" if result.verdict != "sat" else
           f"{cards} cards can carry {richest_cards(variant, cards)} bullheads, but no round built here takes more "
           "than 117")
    return Finding("T5-F-7", GAME_ID, question, "unknown", f"Not decided: {why}.", rule_ids=("T5-TURN-1",),
                   seconds=time.perf_counter() - start, method="z3", bounds=bounds, reason=result.reason or why)


# --------------------------------------------------------------------------
# T5-F-8: the text's end rule against the publisher's


def _end_rule_witness(seed: int = 0, tries: int = 400, engine: Any = GAME,
                      variant: Take5Variant = Take5Variant()) -> dict[str, Any] | None:
    """A random two-player game (publisher's end rule, the other flags from ``variant``, on ``engine``)
    whose outcome differs under the text's end rule."""
    text = replace(variant, end_rule=">", end_check="immediate")
    for i in range(tries):
        rng = random.Random(f"{seed}:{i}")
        state = engine.initial_state(2, variant)
        moves: list[str] = []
        text_end: int | None = None
        text_winners: frozenset[int] = frozenset()
        history: list[tuple[int, list[int]]] = []
        while engine.current_player(state) != TERMINAL:
            move: Any = engine.random_move(state, rng)
            before = t5.compute_totals(state)
            state = engine.apply_unchecked(state, move)
            moves.append(str(move))
            totals = list(t5.compute_totals(state))
            if totals != list(before) and not isinstance(move, Deal):
                history.append((len(moves), totals))
                if text_end is None and t5.is_end_reached(text, totals):
                    text_end = len(moves)
                    text_winners = t5.compute_winners(state)
        publisher = engine.outcome(state).winners
        if text_end is None:
            # the publisher's game ended at exactly 66: the text's game goes on
            return {"moves": moves, "text_end": None, "publisher_winners": sorted(publisher),
                    "text_winners": None, "history": history, "seed": i}
        if text_winners != publisher:
            return {"moves": moves, "text_end": text_end, "publisher_winners": sorted(publisher),
                    "text_winners": sorted(text_winners), "history": history, "seed": i}
    return None


def _end_rules(full: bool, reading: Any = None) -> Finding:
    start = time.perf_counter()
    if reading is None:
        found = _end_rule_witness()
        flags: dict[str, Any] = {}
    else:
        found = _end_rule_witness(engine=reading.engine, variant=reading.variant)
        flags = reading.changed_flags()
    question = ("Do the text's end rule (more than 66, at once) and the publisher's (66 or more, at the end of the "
                "round) ever give different outcomes?")
    if found is None:
        return Finding("T5-F-8", GAME_ID, question, "unknown", "no random game showed a difference",
                       seconds=time.perf_counter() - start, method="random", reason="search bound")
    if found["text_end"] is None:
        answer = (f"Yes: a player's total reached 66 exactly at the end of a round, which ends the publisher's game "
                  f"(winners {found['publisher_winners']}) but not the text's.")
    else:
        answer = (f"Yes: under the text the game stops at move {found['text_end']} when a total passes 66 "
                  f"(winners {found['text_winners']}); under the publisher's rules the round is played out and "
                  f"the winners are {found['publisher_winners']}.")
    scores = [h for h in found["history"]][-6:]
    return Finding(
        "T5-F-8", GAME_ID, question, "sat", answer,
        witness={"players": 2, "flags": flags, "text_flags": {"end_rule": ">", "end_check": "immediate"}, **found},
        rule_ids=("T5-END-1", "T5-WIN-1"), seconds=time.perf_counter() - start, method="random",
        bounds="two players; the score history lists (move index, totals) after every take",
        picture="\n".join(f"move {i}: totals {t}" for i, t in scores))


# --------------------------------------------------------------------------
# Registration

@dataclass(frozen=True)
class _Reading:
    """A stand-in reading carrying only a variant (a question asked inside another)."""

    variant: Take5Variant


def _variant_of(reading: Any) -> Take5Variant:
    """The reading's variant (the default variant without a reading)."""
    variant = getattr(reading, "variant", None)
    return variant if isinstance(variant, Take5Variant) else _DEFAULT_VARIANT


FINDINGS: dict[str, Callable[..., Finding]] = {
    "T5-F-1": lambda full, reading=None: _prove_only_lowest_too_low(_variant_of(reading)),
    "T5-F-2": _professional_too_low,
    "T5-F-3": lambda full, reading=None: _prove_never_equally_close(_variant_of(reading)),
    "T5-F-4": _professional_tie,
    "T5-F-5": _max_take_one_turn,
    "T5-F-6": _max_take_one_round,
    "T5-F-7": _round_upper_bound,
    "T5-F-8": _end_rules,
}

QUESTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "T5-F-1": ("Can a card other than the lowest revealed card of a turn be too low for every row?",
               ("T5-LOW-1", "T5-ORDER-1", "T5-PLACE-1")),
    "T5-F-2": ("With the professional variant, can a card other than the lowest revealed card be too low?",
               ("T5-PLACE-3", "T5-LOW-1")),
    "T5-F-3": ("Can a card be equally close to two row ends?", ("T5-PLACE-2",)),
    "T5-F-4": ("With the professional variant, can a card be equally close to two row ends?",
               ("T5-PLACE-2", "T5-PLACE-3")),
    "T5-F-5": ("What is the most bullheads one player can take in one turn?", ("T5-SIX-1", "T5-SCORE-1")),
    "T5-F-6": ("What is the most bullheads one player can take in one round?", ("T5-SIX-1", "T5-SCORE-1")),
    "T5-F-7": ("Can one player take more than 117 bullheads in one round?", ("T5-SIX-1", "T5-SCORE-1")),
    "T5-F-8": ("Do the text's end rule and the publisher's ever give different outcomes?", ("T5-END-1",)),
}



def replay_witness(finding: Finding, reading: Any) -> str | None:
    """``None`` when the finding's move list replays on the reading's engine under its flags
    (with the witness's own flags on top), else the first illegal move and the rules it breaks."""
    witness = finding.witness if isinstance(finding.witness, dict) else {}
    if "moves" not in witness:
        return "the witness has no move list"
    mapping = variant_to_dict(reading.variant) | dict(witness.get("flags", {}))
    engine = reading.engine
    try:
        state = engine.initial_state(int(witness.get("players", 2)), variant_from_mapping(Take5Variant, mapping))
    except ValueError as exc:
        return str(exc)
    for index, text in enumerate(witness["moves"]):
        move = engine.parse_move(text)
        if not engine.is_legal_move(state, move):
            return f"move {index} ({text}): {engine.illegal_move_error(state, move)}"
        state = engine.apply_unchecked(state, move)
    return None


_DEFAULT = Take5Variant()
#: The flags each question's encoding fixes; every flag not named here or in _TAKES does not change the answer
#: (T5-F-1/T5-F-3 are proved over symbolic row ends, whichever row a too-low card takes; every sat witness is
#: replayed under the reading, so row_choice, low_row_keys, end_rule, threshold and tie are checked there).
_FIXED: dict[str, tuple[tuple[str, object], ...]] = {
    "T5-F-1": (("professional", False),),
    "T5-F-2": (("professional", True), ("deck", "standard")),
    "T5-F-3": (("professional", False),),
    "T5-F-4": (("professional", True), ("deck", "standard")),
    "T5-F-5": (("professional", False), ("deck", "standard")),
    "T5-F-6": (("professional", False), ("deck", "standard")),
    "T5-F-7": (("professional", False), ("deck", "standard")),
    "T5-F-8": (("end_rule", _DEFAULT.end_rule), ("end_check", _DEFAULT.end_check)),
}
#: The flags each question takes from the reading: every question reads the rule constants (its encoding's
#: numbers); T5-F-8's random search plays on the reading's engine and flags.
_TAKES: dict[str, tuple[str, ...]] = {
    **{qid: CONSTANT_FLAGS for qid in QUESTIONS},
    "T5-F-8": ("deck", "professional", "row_choice", "low_row_keys", "threshold", "tie", *CONSTANT_FLAGS),
}
#: The questions answered on the reading's own engine (the others over the built-in rules, their witnesses
#: replayed under the reading).
_ON_ENGINE = ("T5-F-8",)

for _id, (_text, _rules) in QUESTIONS.items():
    register(Question(_id, GAME_ID, _text, _rules, FINDINGS[_id], flags=_TAKES[_id], fixed=_FIXED[_id],
                      declared=True, takes_reading=True, plugins="engine" if _id in _ON_ENGINE else "restriction",
                      replay=replay_witness))
