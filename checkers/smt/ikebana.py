"""Ikebana findings: the best bouquet, the most a game can pay out, the finite bank running
dry, the forced keep, and why drawing never deadlocks.

Bouquets are encoded for Z3 as card counts per colour and value; the combination
points are a table over the value counts (every way to split a bouquet's cards, from
:func:`ruleproof.spec.ikebana.compute_combination_points`) and the colour
multiplier an ``If`` over the number of colours. Witness games replay through
the engine (:func:`replay`).

Readings: every question is asked under the reading in force (``takes_reading``):
the deck (``values``), the bouquet size, the colour multipliers, the starting
coins, the rounds and the final factor enter the encodings and the witness games,
which are played on the reading's engine. Refusals are searched under
``partial_refusal=False`` (a refusal is paid in full or not made). Where a
witness was built by hand for the rulebook's numbers it is built by a rule that
also works for other numbers (the forced keep refuses while the coins last; the
deadlock is searched by a play that refuses once per player, then keeps), and
the answer says so.

>>> f = FINDINGS["IK-F-1"](False, default_reading("ikebana"))
>>> f.verdict, f.witness["score"]
('sat', 75)
"""

from __future__ import annotations

import dataclasses
import itertools
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple

import z3

from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.questions import Question, register
from ruleproof.checkers.catalogue.replay import replay_play_witness
from ruleproof.checkers.smt.core import SolverResult, TrackedSolver, budget_rlimit, maximize
from ruleproof.model.core import Game
from ruleproof.model.ikebana import GAME
from ruleproof.model.io.readings import default_reading
from ruleproof.spec import ikebana as ik
from ruleproof.spec.core import variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import RuleproofError
from ruleproof.spec.ikebana import Draw, IkebanaState, IkebanaVariant, Keep, Refuse, Reveal

GAME_ID = "ikebana"
VALUES = ik.CARD_VALUES
#: Number words of the answers (a number without a word is written in digits).
_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
          9: "nine", 10: "ten"}
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth",
             9: "ninth", 10: "tenth", 11: "eleventh"}


def _word(n: int) -> str:
    return _WORDS.get(n, str(n))


def _ordinal(n: int) -> str:
    return _ORDINALS.get(n, f"{n}th")


def flags_of(variant: IkebanaVariant) -> dict[str, Any]:
    """The variant's flags away from their defaults, JSON-ready (a witness's ``flags``: it replays under them).

    >>> flags_of(IkebanaVariant(rounds=2, values=(1, 2)))
    {'values': [1, 2], 'rounds': 2}
    """
    default, now = variant_to_dict(IkebanaVariant()), variant_to_dict(variant)
    return {name: value for name, value in now.items() if value != default[name]}


def replay(players: int, flags: dict[str, Any], moves: Sequence[str]) -> IkebanaState:
    """Play ``moves`` (text forms, the reveals included) through the engine from a new game."""
    state = GAME.initial_state(players, variant_from_mapping(IkebanaVariant, flags))
    for text in moves:
        state = GAME.apply(state, GAME.parse_move(text))
    return state


class BouquetTable(NamedTuple):
    """What the best bouquets depend on: the copies of each value in a colour, the bouquet's size and the
    colour multipliers (one colour, two colours, every card a different colour)."""

    copies: tuple[int, ...]
    size: int
    one_colour: int
    two_colours: int
    rainbow: int


def table_of(variant: IkebanaVariant) -> BouquetTable:
    """The :class:`BouquetTable` of a variant.

    >>> table_of(IkebanaVariant())
    BouquetTable(copies=(3, 2, 2, 2, 1), size=5, one_colour=4, two_colours=2, rainbow=3)
    """
    copies = Counter(variant.values)
    return BouquetTable(tuple(copies[v] for v in VALUES), variant.bouquet, variant.one_colour_multiplier,
                        variant.two_colour_multiplier, variant.rainbow_multiplier)


#: The rulebook's table.
DEFAULT_TABLE = table_of(IkebanaVariant())


@cache
def _points_table(size: int) -> dict[tuple[int, ...], int]:
    """Combination points per value-count vector (one count per card value) of at most ``size`` cards."""
    variant = IkebanaVariant(bouquet=size)
    table = {}
    for cards in range(size + 1):
        for values in itertools.combinations_with_replacement(VALUES, cards):
            counts = tuple(values.count(v) for v in VALUES)
            table[counts] = ik.compute_combination_points(values, variant)
    return table


class _Bouquet:
    """A symbolic bouquet: counts per (colour, value)."""

    def __init__(self, s: TrackedSolver | None, tag: str, ctx: z3.Context | None = None,
                 table: BouquetTable = DEFAULT_TABLE) -> None:
        self.x = {(c, v): z3.Int(f"{tag}_{c}{v}", ctx) for c in ik.COLOURS for v in VALUES}
        self.facts = [z3.And(n >= 0, n <= table.copies[VALUES.index(v)]) for (c, v), n in self.x.items()]
        self.facts.append(z3.Sum(list(self.x.values())) == table.size)
        counts = [z3.Sum([self.x[c, v] for c in ik.COLOURS]) for v in VALUES]
        self.points = z3.Int(f"{tag}_points", ctx)
        points = _points_table(table.size)
        full = [k for k in points if sum(k) == table.size]
        match = [z3.And(*[counts[i] == k[i] for i in range(len(VALUES))]) for k in full]
        self.facts.append(z3.Or(*[z3.And(m, self.points == points[k]) for m, k in zip(match, full)]))
        colours = z3.Sum([z3.If(z3.Sum([self.x[c, v] for v in VALUES]) > 0, 1, 0) for c in ik.COLOURS])
        self.multiplier = z3.If(colours == 1, table.one_colour, z3.If(
            colours == 2, table.two_colours, z3.If(colours == table.size, table.rainbow, 1)))
        self.score = z3.Int(f"{tag}_score", ctx)
        factors = sorted({1, table.one_colour, table.two_colours, table.rainbow})
        self.facts.append(z3.Or(*[z3.And(self.multiplier == m, self.score == self.points * m) for m in factors]))
        if s is not None:
            s.add("IK-SCORE-1", *self.facts)

    def cards(self, model: dict[str, Any], tag: str) -> list[str]:
        out = []
        for c in ik.COLOURS:
            for v in VALUES:
                out += [f"{c}{v}"] * int(model.get(f"{tag}_{c}{v}", 0))
        return out


def best_bouquets(players: int, rlimit: int | None = None,
                  variant: IkebanaVariant | None = None) -> tuple[Any, int | None, list[list[str]]]:
    """The bouquets of ``players`` players, drawn from one deck, with the largest total score
    (``rlimit``: instead of the budget ``ikebana.bouquets``; ``variant``: its deck, bouquet size and
    multipliers instead of the rulebook's). ``unsat`` when the deck cannot give every player a bouquet.

    Each player count, table and resource limit is optimised once per process (:func:`_best_bouquets`):
    the query is the same z3 terms each time, in a fresh context, under a deterministic resource
    limit, so it gives the same answer, and IK-F-2 and IK-F-3 both ask for two players. The limit
    is resolved first, so a changed budget is a new query. The cards come back as fresh lists.

    >>> result, best, cards = best_bouquets(1)
    >>> best, cards, best_bouquets(1)[2] is cards
    (75, [['R5', 'G5', 'Y5', 'B5', 'W5']], False)
    >>> best_bouquets(1, variant=IkebanaVariant(rainbow_multiplier=1))[1]
    60
    """
    table = DEFAULT_TABLE if variant is None else table_of(variant)
    result, best, cards = _best_bouquets(players, budget_rlimit("ikebana.bouquets", rlimit), table)
    return result, best, [list(bouquet) for bouquet in cards]


@cache
def _best_bouquets(players: int, rlimit: int,
                   table: BouquetTable = DEFAULT_TABLE) -> tuple[Any, int | None, tuple[tuple[str, ...], ...]]:
    """:func:`best_bouquets` computed under the limit ``rlimit`` (the cards as tuples, as the answer
    is shared)."""
    # The terms live in a context of their own, built afresh: terms made in z3's shared main context
    # depend on what the process built there before, and so did the optimum chosen among ties (IK-F-3's
    # witness differed between `--jobs 1` and `--jobs 2`).
    ctx = z3.Context()
    bouquets = [_Bouquet(None, f"p{i}", ctx, table) for i in range(players)]
    constraints: list[Any] = [f for b in bouquets for f in b.facts]
    for c in ik.COLOURS:
        for index, v in enumerate(VALUES):
            constraints.append(z3.Sum([b.x[c, v] for b in bouquets]) <= table.copies[index])
    # symmetry: scores in decreasing order
    constraints += [bouquets[i].score >= bouquets[i + 1].score for i in range(players - 1)]
    result, best = maximize(z3.Sum([b.score for b in bouquets]), constraints, "ikebana.bouquets", rlimit=rlimit)
    if best is None:
        return result, best, ()
    cards = tuple(tuple(b.cards(result.model, f"p{i}")) for i, b in enumerate(bouquets))
    return result, best, cards


def play_rounds(players: int, flags: dict[str, Any], bouquets: Sequence[Sequence[str]],
                rounds: int | None = None, engine: Game[Any, Any, Any] = GAME) -> tuple[list[str], IkebanaState]:
    """A game in which every seat draws and keeps exactly the cards of its bouquet, every round (``rounds``:
    only the first ones), on ``engine`` (which checks every move).

    :raises ruleproof.spec.errors.IllegalMoveError: a move the engine does not allow.
    """
    variant = variant_from_mapping(IkebanaVariant, flags)
    state = engine.initial_state(players, variant)
    moves: list[str] = []
    for _ in range(variant.rounds if rounds is None else rounds):
        if engine.is_terminal(state):
            break
        wanted = [list(b) for b in bouquets]
        round_ = state.round
        while not engine.is_terminal(state) and state.round == round_:
            seat = state.turn
            card = wanted[seat].pop(0)
            for move in (Draw(), Reveal(card), Keep()):
                state = engine.apply(state, move)
                moves.append(str(move))
    return moves, state


def _deck_left(variant: IkebanaVariant, used: Sequence[str]) -> list[str]:
    """The deck's cards not in ``used``, in the rules' colour order, then by value."""
    left = Counter(ik.deck_cards(variant)) - Counter(used)
    return sorted(left.elements(), key=lambda c: (ik.COLOURS.index(c[0]), c[1]))


def _too_small(variant: IkebanaVariant, players: int) -> str:
    return (f"the deck ({len(ik.deck_cards(variant))} cards) cannot give {players} players a bouquet of "
            f"{variant.bouquet} cards each; such a round ends by the stall rule with bouquets left incomplete, "
            "which this encoding does not model")


def _unplayable(finding: Finding, exc: RuleproofError) -> Finding:
    why = f"the witness game is not a legal play under this reading: {exc}"
    return Finding(finding.id, GAME_ID, finding.question, "unknown", f"not confirmed: {why}", witness=finding.witness,
                   rule_ids=finding.rule_ids, seconds=finding.seconds, method=finding.method, reason=why)


# --------------------------------------------------------------------------

#: Seat 1's cards in IK-F-1's witness game when the deck has them (the rulebook's deck does).
_FILLER = ("R1", "R1", "G1", "G1", "Y1")


def _best_bouquet(full: bool, reading: Any) -> Finding:
    start = time.perf_counter()
    question = "What is the highest-scoring bouquet?"
    variant: IkebanaVariant = reading.variant
    result, best, cards = best_bouquets(1, variant=variant)
    if best is None:
        return Finding("IK-F-1", GAME_ID, question, "unknown", "the optimiser gave up", reason=result.reason,
                       seconds=time.perf_counter() - start)
    bouquet = cards[0]
    explained = ik.explain_bouquet(bouquet, variant)
    size = variant.bouquet
    answer = (f"{best} points: {' '.join(bouquet)} ({explained.base} x {explained.multiplier}); Z3 proved nothing "
              "scores more.")
    flags = flags_of(variant)
    witness: dict[str, Any] = {"players": 2, "flags": flags, "bouquet": bouquet, "score": best}
    left = _deck_left(variant, bouquet)
    filler = list(_FILLER[:size]) if not Counter(_FILLER[:size]) - Counter(left) else left[:size]
    finding = Finding(
        "IK-F-1", GAME_ID, question, "sat", answer, witness=witness, rule_ids=("IK-SCORE-1", "IK-SCORE-2"),
        seconds=0.0, method="z3", bounds=f"every {_word(size)} cards of the deck", picture=str(explained))
    if len(filler) < size:
        why = (f"the best {_word(size)} cards of the deck score {best} ({' '.join(bouquet)}), but no game deals them: "
               + _too_small(variant, 2))
        return Finding("IK-F-1", GAME_ID, question, "unknown", f"not decided: {why}", witness=witness,
                       rule_ids=finding.rule_ids, seconds=time.perf_counter() - start, method="z3", reason=why)
    try:
        moves, state = play_rounds(2, flags, [bouquet, filler], rounds=1, engine=reading.engine)
    except RuleproofError as exc:
        return _unplayable(finding, exc)
    witness.update(moves=moves, scored=list(state.last_scores))
    return dataclasses.replace(finding, witness=witness, seconds=time.perf_counter() - start)


def _max_payout(full: bool, reading: Any) -> Finding:
    start = time.perf_counter()
    question = "What are the most coins a game can pay out?"
    variant: IkebanaVariant = reading.variant
    rounds, doubled = variant.rounds, variant.rounds - 1 + variant.final_factor
    rows = []
    witness: dict[str, Any] = {}
    for players in (range(ik.MIN_PLAYERS, ik.MAX_PLAYERS + 1) if full else (2, 3)):
        result, best, cards = best_bouquets(players, variant=variant)
        if best is None:
            why = _too_small(variant, players) if result.verdict == "unsat" else result.reason
            return Finding("IK-F-2", GAME_ID, question, "unknown", f"not decided for {players} players: {why}",
                           reason=why, seconds=time.perf_counter() - start)
        rows.append({"players": players, "round": best, "game": rounds * best, "double_final": doubled * best,
                     "bouquets": cards})
        if not witness:
            flags = flags_of(variant)
            try:
                moves, state = play_rounds(players, flags, cards, engine=reading.engine)
            except RuleproofError as exc:
                return _unplayable(Finding("IK-F-2", GAME_ID, question, "sat", "", method="z3"), exc)
            witness = {"players": players, "flags": flags, "moves": moves, "issued": state.issued, "bouquets": cards}
    text = "; ".join(f"{r['players']} players: {r['round']} a round, {r['game']} a game "
                     f"({r['double_final']} with double_final)" for r in rows)
    return Finding(
        "IK-F-2", GAME_ID, question, "sat",
        f"{text}. The same bouquets can be drawn every round, since all cards return to the deck.",
        witness={**witness, "table": rows}, rule_ids=("IK-SCORE-1", "IK-SCORE-2", "IK-PAY-1", "IK-PAY-2"),
        seconds=time.perf_counter() - start, method="z3",
        bounds="Z3 optimum of one round's bouquets from one deck; refusal payments only move coins between players")


def _bank_dry(full: bool, reading: Any) -> Finding:
    start = time.perf_counter()
    question = "With the finite bank, can the bank run dry?"
    variant: IkebanaVariant = reading.variant
    result, best, cards = best_bouquets(2, variant=variant)
    if best is None:
        why = _too_small(variant, 2) if result.verdict == "unsat" else result.reason
        return Finding("IK-F-3", GAME_ID, question, "unknown", f"not decided: {why}", reason=why,
                       seconds=time.perf_counter() - start)
    flags = flags_of(variant)
    try:
        moves, state = play_rounds(2, flags, cards, engine=reading.engine)
    except RuleproofError as exc:
        return _unplayable(Finding("IK-F-3", GAME_ID, question, "sat", "", method="z3"), exc)
    capacity = ik.bank_capacity(2, variant)
    left = capacity - state.issued
    owed = [ik.compute_bouquet_score(c, variant) for c in cards]
    if left == 0:
        paid, dry = 0, variant.rounds
        for round_ in range(1, variant.rounds + 1):
            paid += sum(ik.compute_due(variant, round_, owed))
            if paid >= capacity:
                dry = round_
                break
        answer = (f"Yes: two players drawing {' '.join(cards[0])} and {' '.join(cards[1])} every round are owed "
                  f"{best} a round; the bank ({capacity} after the starting coins) is empty in the "
                  f"{_ordinal(dry)} round and pays {list(state.last_payouts)} instead of {owed}.")
    else:
        answer = (f"No: two players are owed at most {best} a round (Z3 optimum, e.g. {' '.join(cards[0])} and "
                  f"{' '.join(cards[1])}), so {variant.rounds} rounds pay at most {state.issued}, less than the "
                  f"{capacity} the bank holds after the starting coins; refusals and purchases only move coins "
                  "between players.")
    return Finding(
        "IK-F-3", GAME_ID, question, "sat" if left == 0 else "unsat", answer,
        witness={"players": 2, "flags": flags, "moves": moves, "bank_left": left, "payouts": list(state.last_payouts)},
        rule_ids=("IK-BANK-1", "IK-PAY-1"), seconds=time.perf_counter() - start, method="z3",
        picture=GAME.render_text(state))


def denomination_payout(players: int, due: int, variant: IkebanaVariant | None = None) -> SolverResult:
    """Can the box's bank pay ``due`` in chips, without change, after the starting coins are dealt?

    Under IK-AMB-8's ``chips`` reading only the chips themselves move. The text
    deals each player six 1-coins from a box of 30×1, 15×5, 15×10 and 5×50, so
    with five players the bank holds no 1-chip; ``unsat`` with core
    ``IK-PAY-1`` (the bank pays the score) and ``IK-AMB-8-chips`` shows a score
    such as 4 cannot be paid: the reading contradicts IK-PAY-1.

    >>> denomination_payout(5, 4).core, denomination_payout(2, 4).verdict
    (('IK-AMB-8-chips', 'IK-PAY-1'), 'sat')
    """
    start_coins = (variant or IkebanaVariant()).start_coins
    counts = {value: z3.Int(f"paid_{value}") for value, _ in ik.BANK_CHIPS}
    solver = TrackedSolver("IK-AMB-8")
    solver.add_fact(*[c >= 0 for c in counts.values()])
    solver.add("IK-PAY-1", z3.Sum(*[value * c for value, c in counts.items()]) == due)
    in_bank = {value: n - (start_coins * players if value == 1 else 0) for value, n in ik.BANK_CHIPS}
    solver.add("IK-AMB-8-chips", *[counts[value] <= in_bank[value] for value in counts])
    return solver.check()


def _forced_keep(full: bool, reading: Any) -> Finding:
    start = time.perf_counter()
    question = "Can a player be forced to keep a card for lack of money?"
    variant: IkebanaVariant = reading.variant
    engine = reading.engine
    flags = flags_of(variant)
    # Seat 0 draws and refuses the lowest cards of the first colours, each kind once, while its coins pay for
    # the next refusal; the card after that must be kept.
    state = engine.initial_state(2, variant)
    moves: list[str] = []
    seen: set[str] = set()
    try:
        state = engine.apply(state, Draw())
        moves.append("draw")
        while True:
            card = min(state.deck, key=lambda c: (c in seen, ik.COLOURS.index(c[0]), c[1]))
            seen.add(card)
            state = engine.apply(state, Reveal(card))
            moves.append(f"reveal {card}")
            if state.coins[0] < state.refusals + 1 or not engine.is_legal_move(state, Refuse()):
                break
            state = engine.apply(state, Refuse())
            moves.append("refuse")
    except RuleproofError as exc:
        return _unplayable(Finding("IK-F-4", GAME_ID, question, "sat", "", witness={"moves": moves},
                                   method="analysis"), exc)
    legal = [str(m) for m in engine.legal_moves(state)]
    refused, coins = state.refusals, variant.start_coins
    cost = refused * (refused + 1) // 2
    paid = f"all {_word(coins)}" if cost == coins else f"{cost} of the {_word(coins)}"
    costs = " + ".join(str(k) for k in range(1, refused + 1)) or "nothing"
    witness = {"players": 2, "flags": flags, "moves": moves, "legal": legal}
    if legal != ["keep"] or state.coins[0] >= refused + 1:
        why = (f"after {refused} refusals seat 0 may play {', '.join(legal)}: the play that refuses while the coins "
               "last found no card kept for lack of money")
        return Finding("IK-F-4", GAME_ID, question, "unknown", f"not shown: {why}", witness=witness,
                       rule_ids=("IK-REFUSE-1",), seconds=time.perf_counter() - start, method="analysis", reason=why)
    return Finding(
        "IK-F-4", GAME_ID, question, "sat",
        f"Yes: refusing {_word(refused)} cards costs {costs} = {paid} starting coins, so the {_ordinal(refused + 1)} "
        f"card ({state.drawn}) must be kept (legal moves: {', '.join(legal)}).",
        witness=witness, rule_ids=("IK-REFUSE-1",), seconds=time.perf_counter() - start, method="analysis",
        picture=GAME.render_text(state))


def _deadlock_play(variant: IkebanaVariant, players: int, engine: Game[Any, Any, Any]) -> tuple[list[str], str] | None:
    """A first round in which drawing deadlocks, when the search finds one: as many players as needed to leave
    a card on top of their discard pile refuse their first card (while the deck can refill), everybody else
    keeps what they draw, until a player who needs cards finds no card to draw. The moves and what happened."""
    size, deck = variant.bouquet, len(ik.deck_cards(variant))
    refusers = max(0, deck - size * players + 1)
    if refusers > players or (refusers and variant.start_coins < 1):
        return None
    state = engine.initial_state(players, variant)
    moves: list[str] = []
    refused: set[int] = set()

    def play(move: Any) -> None:
        nonlocal state
        state = engine.apply(state, move)
        moves.append(str(move))

    while not engine.is_terminal(state) and state.round == 1:
        seat = state.turn
        if not ik.can_draw(state.deck, state.piles):
            return moves, (f"seat {seat} needs {size - len(state.hands[seat])} more cards and no card can be drawn "
                           f"(the deck is empty and no discard pile has a card under its top)")
        play(Draw())
        play(Reveal(state.deck[0]))
        if len(refused) < refusers and seat not in refused and len(state.deck) >= 1:
            refused.add(seat)
            play(Refuse())
            play(Reveal(state.deck[0]))
        play(Keep())
    if state.last_bouquets and any(len(h) < size for h in state.last_bouquets):
        sizes = [len(h) for h in state.last_bouquets]
        return moves, (f"the round ended with bouquets of {sizes} cards: a player who needed cards could neither "
                       "draw nor buy (IK-STALL-1)")
    return None


def _deadlock(full: bool, reading: Any) -> Finding:
    start = time.perf_counter()
    question = "Can drawing deadlock (deck and discards below the tops empty while someone still needs cards)?"
    variant: IkebanaVariant = reading.variant
    size, cards = variant.bouquet, len(ik.deck_cards(variant))
    cores: set[str] = set()
    for players in range(ik.MIN_PLAYERS, ik.MAX_PLAYERS + 1):
        s = TrackedSolver("IK-F-5")
        hands, tops, under, deck, drawn = z3.Ints("hands tops under deck drawn")
        s.add_fact(hands >= 0, tops >= 0, under >= 0, deck >= 0, z3.Or(drawn == 0, drawn == 1))
        s.add("IK-MONEY-1", hands + tops + under + deck + drawn == cards)
        s.add("IK-ROUND-1", hands <= size * players - 1)
        s.add("IK-DECK-1", tops <= players)
        s.add("IK-DECK-2", deck == 0, under == 0)
        result = s.check()
        if result.verdict == "unsat":
            cores |= set(result.core)
            continue
        if result.verdict == "sat":
            found = _deadlock_play(variant, players, reading.engine)
            if found is not None:
                moves, what = found
                return Finding(
                    "IK-F-5", GAME_ID, question, "sat",
                    f"Yes, with {players} players: {what}; the {cards} cards of this deck do not cover "
                    f"{players} bouquets of {size} plus the discard tops.",
                    witness={"players": players, "flags": flags_of(variant), "moves": moves, "counts": result.model},
                    rule_ids=("IK-DECK-2", "IK-STALL-1"), seconds=time.perf_counter() - start, method="z3+search",
                    bounds="card counting (Z3), then a play that refuses once per player as needed and keeps")
            why = (f"the card count allows it for {players} players, and the play that refuses once per player and "
                   "keeps does not reach it")
            return Finding("IK-F-5", GAME_ID, question, "unknown", f"not decided: {why}", witness=result.model,
                           seconds=time.perf_counter() - start, reason=why, method="z3+search")
        return Finding("IK-F-5", GAME_ID, question, result.verdict, f"not excluded for {players} players",
                       witness=result.model, seconds=time.perf_counter() - start, reason=result.reason)
    most = ik.MAX_PLAYERS
    return Finding(
        "IK-F-5", GAME_ID, question, "unsat",
        f"No: while someone needs a card at most {size}n - 1 cards are in hands, n lie on top of discard piles and "
        f"one may be in view, so at least {cards} - ({size}n - 1) - n - 1 = {cards} - {size + 1}n >= "
        f"{cards - (size + 1) * most} cards remain to draw or recycle (n <= {most}); the guard "
        "IK-DECK-2 and the stall rule IK-STALL-1 only matter for reduced decks (see WF-IK-2).",
        rule_ids=tuple(sorted(cores)), seconds=time.perf_counter() - start, method="z3",
        bounds=f"every state, {ik.MIN_PLAYERS} to {most} players (card counting)")


FINDINGS: dict[str, Callable[[bool, Any], Finding]] = {
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

_SCORING = ("values", "bouquet", "two_colour_multiplier", "rainbow_multiplier", "one_colour_multiplier")
#: The flags each answer depends on, taken from the reading (issue 31): the deck, the bouquet and the
#: multipliers for the best bouquets; the rounds and the final factor for what a game pays; the starting
#: coins for the bank and the refusals; the deck, the bouquet and the coins for the deadlock.
_FLAGS: dict[str, tuple[str, ...]] = {
    "IK-F-1": _SCORING,
    "IK-F-2": (*_SCORING, "rounds", "final_factor"),
    "IK-F-3": (*_SCORING, "rounds", "final_factor", "double_final", "start_coins"),
    "IK-F-4": ("values", "start_coins"),
    "IK-F-5": ("values", "bouquet", "start_coins"),
}

#: The flags each question's encoding fixes (issue 17): the payout bound (IK-F-2) reports both values of
#: double_final and assumes the unlimited bank, IK-F-3 asks about the finite bank (its witness pays in
#: order), and the forced keep (IK-F-4) is searched with refusals paid in full or not made.
_FIXED: dict[str, tuple[tuple[str, object], ...]] = {
    "IK-F-1": (),
    "IK-F-2": (("bank", "unlimited"),),
    "IK-F-3": (("bank", "finite"), ("shortfall", "in_order")),
    "IK-F-4": (("partial_refusal", False),),
    "IK-F-5": (),
}

#: Extra legality rules only remove moves: the optima (IK-F-1, IK-F-2) stay upper bounds and every witness
#: game is played on the reading's engine before it counts; IK-F-5 is about moves existing, which a rule
#: that removes moves can change (the well-formedness question WF-IK-2 explores the reading's engine).
_DEADLOCK_WHY = "whether drawing can deadlock depends on which moves exist, and extra rules remove moves; WF-IK-2 " \
                "explores the reading's engine"

for _id, (_text, _rules) in QUESTIONS.items():
    register(Question(_id, GAME_ID, _text, _rules, FINDINGS[_id], flags=_FLAGS[_id], fixed=_FIXED[_id],
                      declared=True, takes_reading=True, replay=replay_play_witness,
                      plugins="none" if _id == "IK-F-5" else "restriction",
                      plugins_why=_DEADLOCK_WHY if _id == "IK-F-5" else ""))
