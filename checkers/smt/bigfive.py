"""The catalogue's questions about Big Five, answered with Z3 (findings ``BF-F-n``).

The encoding lives in :mod:`ruleproof.checkers.smt.bigfive_encoding`; every
witness is replayed through the engine by
:mod:`ruleproof.checkers.smt.bigfive_replay` before it counts.

* ``BF-F-1`` — induction: no legal play leaves a line longer than five, mixed,
  or with two identical cards (two queries; the comb window).
* ``BF-F-2``, ``BF-F-3`` — the largest bonus of one turn under the text's and
  the publisher's reading ("bonus >= k?" from above, with a witness found with the
  bound's play fixed and replayed).
* ``BF-F-4`` — does every legal four-card play form a line of five?
* ``BF-F-5`` — the smallest board on which no card of any kind can be placed
  (its query over Booleans: :mod:`ruleproof.checkers.smt.bigfive_dead`).
* ``BF-F-6``, ``BF-F-7`` — the text's remark that two or four players leave
  cards over when dealing, for the player counts the game allows (and with
  ``allow_five``).
* ``BF-F-8`` — a hand with no legal play on the text's example board: an
  unsat proof naming the rules.

Readings (``ruleproof audit --game bigfive --variant ...``): each question
declares what its encoding fixes (``fixed``). ``BF-F-2`` asks about
``bonus="text"`` (each line earns by its length) and ``BF-F-3`` about
``bonus="publisher"`` (each line earns for the lengths it reaches): under a
reading that chooses the publisher's bonus, BF-F-3 is that reading's answer and
BF-F-2 is not applicable. Both read the rest of the reading's bonus table
(``bonus_lines``, ``bonus_group``, ``bonus_per``, ``bonus_cap``:
:func:`~ruleproof.spec.bigfive.compute_bonus_table`), so a house rule about the
bonus written as those flags (a reading file with no Python) gets its largest
bonus proved, with a witness game replayed on the reading's engine. ``min_group`` (BF-AMB-7) changes a placement rule the
encoding holds (``Frame.rules(min_group=...)``); the questions fix it at 1, so
a reading with ``min_group=2`` makes them not applicable. The flags
``exchange``, ``bonus_timing``, ``pass_rule``, ``solo_discard`` and
``solo_rest`` concern turns and scoring, which no question here encodes.
Plugins: extra legality rules only remove plays, so the placement proofs and
the deal questions stand (BF-F-5's minimum does not: removed plays can make
smaller boards dead); a derived game that overrides only the bonus hook
``bonus_earned`` keeps every answer but the two bonus questions'. Every
``sat`` witness is replayed on the reading's engine (the dead board built
card by card, the deal's leftover counted).

>>> [q.id for q in QUESTIONS]
['BF-F-1', 'BF-F-2', 'BF-F-3', 'BF-F-4', 'BF-F-5', 'BF-F-6', 'BF-F-7', 'BF-F-8']
"""

from __future__ import annotations

import time
from dataclasses import replace
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import z3
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.questions import Question, register
from ruleproof.checkers.smt.bigfive_encoding import (
    AXES,
    PLACEMENT_RULES,
    Frame,
    _add,
    any_play,
    comb_frame,
    invariant_patterns,
    line_five_follows,
    solve_rules,
)
from ruleproof.checkers.smt.bigfive_bonus import bonus_terms
from ruleproof.checkers.smt.bigfive_dead import DeadQuery, dead_board_query as dead_board_query
from ruleproof.checkers.smt.bigfive_dead import every_box, no_dead_board_in
from ruleproof.checkers.smt.bigfive_replay import build_order, replay_plays, translate
from ruleproof.checkers.smt.core import SolverResult, TrackedSolver, maximize_from_above
from ruleproof.checkers.smt.terms import and_ as _and
from ruleproof.model.bigfive import GAME
from ruleproof.model.bigfive_index import _Index, generate_plays
from ruleproof.spec.bigfive import (
    COLOUR_COUNT,
    COPIES,
    EXAMPLES,
    FULL_DECK,
    KINDS,
    MAX_GROUP,
    MAX_LINE,
    MAX_PLAYERS,
    MAX_PLAYERS_USUAL,
    MIN_PLAYERS,
    BigFiveVariant,
    Placed,
    parse_card,
    parse_move,
    render_board,
)
from ruleproof.spec.bigfive import BONUS_PRESETS, compute_bonus_table
from ruleproof.spec.core import variant_to_dict
from ruleproof.spec.errors import RuleproofError

GAME_ID = "bigfive"
Cell = tuple[int, int]
LINE_RULES = ("BF-LINE-3", "BF-LINE-4", "BF-LINE-5")
#: At most this many old cards in a bonus witness: seat 0 of a two-player replay (a deck of 49) keeps
#: 49 - 29 - 4 = 16 cards after the play, more than any bonus.
WITNESS_CARDS = 30


def witness_cards(variant: BigFiveVariant, bonus: int) -> int:
    """The most old cards of a bonus witness under ``variant``: seat 0 of the two-player replay plays all but the
    start card and the group from its deck and must keep ``bonus`` cards for the bonus (capped by the cards
    left); :data:`WITNESS_CARDS` at most.

    >>> witness_cards(BigFiveVariant(), 15), witness_cards(BigFiveVariant(copies=3), 15)
    (30, 19)
    """
    deck = (KINDS * variant.copies - 1) // 2
    return min(WITNESS_CARDS, deck + 1 - variant.max_group - bonus)


def _placed(board: Mapping[Cell, int]) -> list[Placed]:
    return [Placed(x, y, c) for (x, y), c in sorted(board.items())]


def _words(board: Mapping[Cell, int]) -> list[str]:
    return [str(p) for p in _placed(board)]


def _unknown(fid: str, question: str, result: SolverResult, rules: Sequence[str], bounds: str = "") -> Finding:
    return Finding(fid, GAME_ID, question, "unknown", "The solver gave up; this is no proof.",
                   rule_ids=tuple(rules), seconds=result.seconds, bounds=bounds, reason=result.reason)


def connected(frame: Frame, cells: Sequence[Cell], prefix: str = "cn") -> list[Any]:
    """The old cards on ``cells`` are 4-connected (a root and breadth-first distances)."""
    inside = set(cells)
    dist = {c: z3.Int(f"{prefix}_d_{c[0]}_{c[1]}", frame.ctx) for c in cells}
    root = {c: z3.Bool(f"{prefix}_r_{c[0]}_{c[1]}", frame.ctx) for c in cells}
    out: list[Any] = [z3.PbEq([(root[c], 1) for c in cells], 1)]
    for c in cells:
        out.append(z3.Implies(root[c], z3.And(frame.occ[c], dist[c] == 0)))
        nbs = [_add(c, d, s) for d in AXES for s in (1, -1) if _add(c, d, s) in inside]
        out.append(z3.Implies(z3.And(frame.occ[c], z3.Not(root[c])), z3.And(
            dist[c] > 0, z3.Or([z3.And(frame.occ[m], dist[m] == dist[c] - 1) for m in nbs]))))
    return out


def copies_ok(frame: Frame, cells: Sequence[Cell], with_play: bool = True, copies: int = COPIES) -> list[Any]:
    """No kind appears more than ``copies`` times (the deck's copies of a kind) among the old (and played) cards.

    The terms are z3's ``If(And(occupied, animal == a, colour == k), 1, 0)``,
    built with each ``variable == value`` made once and the if-then-else made
    through z3's C API (the same terms, in a fifth of the time).
    """
    one, zero = z3.IntVal(1, frame.ctx), z3.IntVal(0, frame.ctx)
    equal: dict[tuple[int, int], Any] = {}

    def is_(term: Any, value: int) -> Any:
        key = (term.get_id(), value)
        got = equal.get(key)
        if got is None:
            got = equal[key] = term == value
        return got

    def count(cond: Any) -> Any:
        return z3.ArithRef(z3.Z3_mk_ite(one.ctx.ref(), cond.as_ast(), one.as_ast(), zero.as_ast()), one.ctx)

    out = []
    for kind in range(KINDS):
        a, k = kind // COLOUR_COUNT, kind % COLOUR_COUNT
        terms = [count(_and(frame.occ[c], is_(frame.oa[c], a), is_(frame.oc[c], k))) for c in cells]
        if with_play:
            terms += [count(_and(frame.pl(c), is_(frame.pa[c], a), is_(frame.pc[c], k))) for c in frame.play_cells]
        out.append(z3.Sum(terms) <= copies)
    return out


#: The rule constants a Big Five finding may be re-decided under (a reading's ``--variant``), with their defaults.
PARAMETERS = ("max_group", "hand_size", "copies")


def _constants_of(reading: Any) -> BigFiveVariant:
    """The variant a finding is decided under: the reading's (the rulebook's flags without one)."""
    variant = getattr(reading, "variant", None)
    return variant if isinstance(variant, BigFiveVariant) else BigFiveVariant()


#: The flags of the bonus table (:func:`~ruleproof.spec.bigfive.compute_bonus_table`): the bonus questions take
#: them from the reading, and a witness is replayed under them.
BONUS_FLAGS = ("bonus", "bonus_lines", "bonus_group", "bonus_per", "bonus_cap")


def _replay_variant(v: BigFiveVariant) -> BigFiveVariant:
    """The rulebook's flags with ``v``'s rule constants and bonus table (a witness is replayed under them)."""
    return BigFiveVariant(**{name: getattr(v, name) for name in (*PARAMETERS, *BONUS_FLAGS)})


def _changed_flags(v: BigFiveVariant) -> dict[str, Any]:
    """The flags of ``v`` away from the rulebook's (a witness's ``flags``, JSON-ready)."""
    default = variant_to_dict(BigFiveVariant())
    return {k: value for k, value in variant_to_dict(v).items() if default[k] != value}


def _constants_text(v: BigFiveVariant) -> str:
    """`` Decided with max_group=3.``: the rule constants ``v`` changes, or nothing under the rulebook's."""
    changed = [f"{name}={getattr(v, name)}" for name in PARAMETERS if getattr(v, name) != getattr(BigFiveVariant(), name)]
    return f" Decided with {', '.join(changed)}." if changed else ""


def _confirmed_under(reading: Any, replay: Callable[[Finding, Any], str | None], finding: Finding) -> Finding:
    """``finding``, or ``unknown`` when its witness (found over the built-in rules) does not replay on the
    engine of a reading with extra rules or a derived engine (what the catalogue does for the questions that
    do not take the reading)."""
    if finding.verdict != "sat" or not getattr(reading, "has_plugin", False):
        return finding
    problem = replay(finding, reading)
    if problem is None:
        return finding
    return replace(finding, verdict="unknown", reason=f"the witness found over the built-in rules is not a legal "
                   f"play under this reading: {problem}", answer=finding.answer + " (not confirmed under this reading)")


def _copies_text(copies: int) -> str:
    return "four copies" if copies == COPIES else f"{copies} cop{'y' if copies == 1 else 'ies'}"


# --------------------------------------------------------------------------
# BF-F-1: the invariant, by induction

Q_INV = "Can a legal play leave a line longer than five cards, mixing colours and animals, or holding two identical cards?"
INV_BOUNDS = (
    "Window: the comb, play cells (0..4, 0), row 0 from column -5 to 9 and columns 0..4 from row -5 to 5. "
    "Up to translation and swapping rows with columns (the rules do not see either), every legal play lies in "
    "row 0 within columns 0..4 (BF-LINE-1, at most five cards in its new line by BF-LINE-5). A line that a "
    "play changes passes through a played cell; the invariant is checked as local patterns of at most six "
    "consecutive cells (L1-L4 of invariant_patterns), and every pattern through a played cell lies in the comb, "
    "so patterns elsewhere are unchanged. Base case: the start card alone (every round starts from one card)."
)


def q_invariant(full: bool) -> Finding:
    """Two queries: the start card satisfies the invariant; invariant + legal play ⇒ invariant.

    The step's core is shrunk with the lemma of
    :func:`~ruleproof.checkers.smt.bigfive_encoding.line_five_follows` (BF-LINE-3
    and BF-LINE-4 imply BF-LINE-5 over the comb's domain facts, which the step's
    facts include); when the lemma is not proved the core is shrunk without it. The trials share one
    solver (3.4 instead of 4.8 million units; the same core, BF-LINE-3 and BF-LINE-4), z3's
    finite-domain one (2.0 million; the step's first check stays in the default solver, 0.5 million
    there against 1.8 in the finite-domain one)."""
    start = time.perf_counter()
    frame = comb_frame(prefix="i")
    # The finite-domain solver (every integer is bounded by the domain facts): 130k units instead of 1.09M.
    base = TrackedSolver("BF-F-1", logic="QF_FD")
    base.add_fact(*frame.domain())
    base.add_fact(z3.PbEq([(frame.occ[c], 1) for c in frame.scope], 1))
    base.add_fact(z3.Not(z3.And(invariant_patterns(frame, True))))
    r1 = base.check()
    # BF-LINE-3 and BF-LINE-4 imply BF-LINE-5 (pigeonhole), proved on its own: the core-shrinking trial that
    # drops BF-LINE-5 then needs no check (z3 does not find the pigeonhole inside the step within 200M units).
    lemma, _ = line_five_follows(frame)
    entailed = [("BF-LINE-5", ("BF-LINE-3", "BF-LINE-4"))] if lemma.verdict == "unsat" else []
    r2, _ = solve_rules([*frame.domain(), *invariant_patterns(frame, True),
                         z3.Not(z3.And(invariant_patterns(frame, False, touching=frame.play_cells)))],
                        frame.rules(), entailed=entailed, shared_trials=True, trial_logic="QF_FD")
    seconds = time.perf_counter() - start
    if r1.verdict == "unknown" or r2.verdict == "unknown":
        bad = r1 if r1.verdict == "unknown" else r2
        return _unknown("BF-F-1", Q_INV, bad, LINE_RULES, INV_BOUNDS)
    if r1.verdict == "unsat" and r2.verdict == "unsat":
        follows = (" (BF-LINE-5 follows from BF-LINE-3 and BF-LINE-4: six cards of one colour or one animal "
                   "cannot all differ, a lemma proved unsat on its own)") if entailed and "BF-LINE-5" not in r2.core else ""
        return Finding(
            "BF-F-1", GAME_ID, Q_INV, "unsat",
            "No. Base: a board of one card satisfies the invariant (unsat). Step: invariant before + a legal play "
            f"+ the invariant broken after is unsat; the core names {', '.join(r2.core)}{follows}.",
            witness={"base": r1.verdict, "step": r2.verdict, "core": list(r2.core), "lemma": lemma.verdict},
            rule_ids=tuple(r2.core) or LINE_RULES, seconds=seconds, method="z3", bounds=INV_BOUNDS,
        )
    return Finding("BF-F-1", GAME_ID, Q_INV, "sat",
                   f"The induction fails: base {r1.verdict}, step {r2.verdict}.", witness=r2.model,
                   rule_ids=LINE_RULES, seconds=seconds, bounds=INV_BOUNDS)


# --------------------------------------------------------------------------
# BF-F-2 / BF-F-3: the largest bonus


def _bonus_question(reading: str) -> str:
    return f"What is the largest bonus one turn can earn ({reading} reading of the bonus)?"


def q_bonus(reading: str) -> Callable[[bool, Any], Finding]:
    """Maximise the bonus over the comb (an upper bound over every reachable
    board), then find a 4-connected board within the four copies that reaches it and replay it.

    The maximum is found from above (:func:`~ruleproof.checkers.smt.core.maximize_from_above`):
    "bonus >= k?" for k from the largest value the bonus terms can add up to
    (13 text, 18 publisher) down to the first ``sat``; the ``unsat`` for the
    value above it is the proof that no play earns more. The witness is looked for
    with the play of that ``sat`` model fixed and the window's outermost cells empty
    first (:func:`bonus_witness`): 2.6 instead of 7.7 million units for the text's
    reading, 0.8 instead of 1.8 for the publisher's. The terms live in a
    fresh z3 context per question, so the model, and with it the witness, does not
    depend on what the process solved before (``--jobs 1`` and ``--jobs 2`` agree)."""
    fid = "BF-F-2" if reading == "text" else "BF-F-3"
    question = _bonus_question(reading)

    def run(full: bool, under: Any = None) -> Finding:
        start = time.perf_counter()
        v = replace(_constants_of(under), bonus=reading)  # type: ignore[arg-type]
        table = compute_bonus_table(v)
        # The terms live in a fresh context of their own: built in z3's shared main context, the bound
        # query's model (which guides the witness) depended on what the process had solved before.
        frame = comb_frame(prefix="b", ctx=z3.Context())
        rules = [c for _, c in frame.rules(max_group=v.max_group, hand_size=v.hand_size)]
        base = frame.domain() + invariant_patterns(frame, True) + rules + [frame.pl(frame.play_cells[0])]
        # The optimum is sought without the cap (the largest of min(cap, bonus) is min(cap, largest bonus)); the
        # witness is looked for with the table's own term, cap included.
        result, top = maximize_from_above(bonus_terms(frame, table._replace(cap=0)), base, "bigfive.bonus")
        if result.verdict != "sat" or top is None:
            return _unknown(fid, question, result, ("BF-BONUS-1",))
        best = min(top, table.cap) if table.cap else top
        objective = bonus_terms(frame, table)
        wit, found = bonus_witness(frame, base, objective, best, result.model, copies=v.copies,
                                   most=witness_cards(v, best))
        seconds = time.perf_counter() - start
        capped = f" (the cap of {table.cap} applied to {top})" if table.cap and top > table.cap else ""
        bounds = ("Upper bound: bonus > optimum is unsat over the comb window (see BF-F-1) with the invariant before the play, "
                  "every placement rule, and the leftmost played card at (0, 0); every reachable position is "
                  f"among these. Attained: a 4-connected board within {_copies_text(v.copies)} of each kind, "
                  f"replayed. Bonus table: {table.describe()}.{_constants_text(v)}")
        if found.verdict != "sat":
            return Finding(fid, GAME_ID, question, "unknown",
                           f"At most {best}, but no reachable board reaching it was found.", rule_ids=("BF-BONUS-1",),
                           seconds=seconds, bounds=bounds, reason=found.reason or found.verdict)
        model = wit.solver.model().translate(frame.ctx)
        board = frame.decode_board(model)
        play = frame.decode_play(model)
        root = min(board)
        board = translate(board, root)
        play = tuple(sorted(Placed(p.x - root[0], p.y - root[1], p.card) for p in play))
        variant = _replay_variant(v)
        state, moves = replay_plays(board[(0, 0)], [p.placed for p in build_order(board)] + [play], variant)
        earned = state.bonus
        witness = {"board": _words(board), "play": str(parse_move("play " + " ".join(str(p) for p in play))),
                   "bonus": best, "engine_bonus": earned, "moves": moves, "players": 2,
                   "flags": _changed_flags(variant)}
        verdict = "sat" if earned == best else "unknown"
        reason = "" if verdict == "sat" else "replay disagrees"
        if verdict == "sat" and getattr(under, "engine", None) is not None:
            # The witness game once more, on the reading's own engine (where the reading changes only flags, the
            # built-in engine under them).
            problem = replay_bonus(Finding(fid, GAME_ID, question, "sat", "", witness=witness), under)
            verdict, reason = ("sat", "") if problem is None else ("unknown", f"the witness does not replay under "
                                                                    f"the reading: {problem}")
        return Finding(
            fid, GAME_ID, question, verdict,
            f"{best} bonus cards{capped}: the solver proves nothing more is possible, and the play "
            f"{str(witness['play']).removeprefix('play ')} earns {earned} in a replayed game"
            f"{'' if table == BONUS_PRESETS[reading] else ' (bonus table: ' + table.describe() + ')'}.",
            witness=witness, rule_ids=("BF-BONUS-1", "BF-LINE-5"), seconds=seconds, method="z3", bounds=bounds,
            picture=render_board(_placed(board), play), reason=reason,
        )

    return run


def play_guide(frame: Frame, values: Mapping[str, Any]) -> list[Any] | None:
    """Facts fixing the play (cells and cards) to the one of a model's ``values``; ``None`` when the
    model leaves one of the play's variables out.

    >>> frame = comb_frame(prefix="d", ctx=z3.Context())
    >>> values = {str(frame.pl(c)): c == (0, 0) for c in frame.play_cells} | {"pa_d0_0": 3, "pc_d0_0": 1}
    >>> [str(fact) for fact in play_guide(frame, values)][:4]
    ['pl_d0_0', 'pa_d0_0 == 3', 'pc_d0_0 == 1', 'Not(pl_d1_0)']
    >>> play_guide(frame, {}) is None
    True
    """
    facts: list[Any] = []
    for c in frame.play_cells:
        played = values.get(str(frame.pl(c)))
        if not isinstance(played, bool):
            return None
        facts.append(frame.pl(c) if played else z3.Not(frame.pl(c)))
        if played:
            for term in (frame.pa[c], frame.pc[c]):
                value = values.get(str(term))
                if not isinstance(value, int):
                    return None
                facts.append(term == value)
    return facts


def near_play(frame: Frame) -> list[Any]:
    """No old card on the comb's outermost cells (five steps from the play's row, or from column 0 or 4
    along row 0): a line that earns a bonus holds at most five cards, so it reaches at most four cells
    past a played card. A restriction of the guided witness search only (the bound is not restricted).

    >>> len(near_play(comb_frame(prefix="w", ctx=z3.Context())))
    12
    """
    reach = frame.limit or MAX_LINE
    far = [c for c in frame.scope if abs(c[1]) == reach or c[0] in (-reach, frame.play_cells[-1][0] + reach)]
    return [z3.Not(frame.occ[c]) for c in far]


def bonus_witness(frame: Frame, base: Sequence[Any], objective: Any, best: int,
                  values: Mapping[str, Any], copies: int = COPIES,
                  most: int = WITNESS_CARDS) -> tuple[TrackedSolver, SolverResult]:
    """A board that reaches ``best``: 4-connected, within ``copies`` of each kind, at most ``most`` old cards
    (:func:`witness_cards`).

    First with the play of the bound query's model (``values``) fixed and the
    comb's outermost cells empty (budget ``bigfive.bonus-guided``), which leaves
    the solver only the old cards near the play to find; when that has no such
    board (or the guided query gives up), the play and the window are free again
    (``bigfive.bonus-witness``). Both queries are deterministic (fresh contexts,
    resource limits), so the witness is too.
    """
    guide = play_guide(frame, values)
    if guide is not None:
        guide += near_play(frame)
    wit, found = TrackedSolver("bigfive.bonus-witness"), SolverResult("unknown")
    for extra in ([guide] if guide is not None else []) + [[]]:
        wit = TrackedSolver("bigfive.bonus-guided") if extra else TrackedSolver("bigfive.bonus-witness")
        wit.add_fact(*base, *extra, objective == best, *connected(frame, frame.scope),
                     *copies_ok(frame, frame.scope, copies=copies))
        # Few enough old cards that seat 0 of the replay still holds the whole bonus in hand and deck.
        wit.add_fact(z3.Sum([z3.If(frame.occ[c], 1, 0) for c in frame.scope]) <= most)
        found = wit.check(values=False)
        if found.verdict == "sat":
            break
    return wit, found


# --------------------------------------------------------------------------
# BF-F-4: four-card plays

Q_FOUR = "Is there a legal play of four cards whose new line is not a line of five?"


def q_four(full: bool, under: Any = None) -> Finding:
    """Legal 4-card play ∧ row line ≠ 5 over the comb: unsat (under a ``max_group`` or ``hand_size`` below four
    no play has four cards: the core then names the group size)."""
    v = _constants_of(under)
    frame = comb_frame(prefix="f")
    facts = [*frame.domain(), *invariant_patterns(frame, True), frame.pl(frame.play_cells[0]),
             frame.count() == MAX_GROUP, frame.run_length(frame.play_cells[0], AXES[0]) != MAX_LINE]
    # The finite-domain solver (the domain facts bound every integer): about half the CPU, the same core.
    result, _ = solve_rules(facts, frame.rules(max_group=v.max_group, hand_size=v.hand_size), logic="QF_FD",
                            shared_trials=True)
    if result.verdict == "unknown":
        return _unknown("BF-F-4", Q_FOUR, result, ("BF-LINE-2", "BF-LINE-5"))
    if result.verdict == "unsat" and min(v.max_group, v.hand_size) < MAX_GROUP:
        return Finding("BF-F-4", GAME_ID, Q_FOUR, "unsat",
                       f"No: no legal play has four cards here (groups of at most {min(v.max_group, v.hand_size)}). "
                       f"Core: {', '.join(result.core)}.", rule_ids=result.core, seconds=result.seconds,
                       bounds=f"Comb window (see BF-F-1).{_constants_text(v)}")
    if result.verdict == "unsat":
        return Finding("BF-F-4", GAME_ID, Q_FOUR, "unsat",
                       "No: every legal four-card play forms a line of exactly five (four played cards plus at least "
                       f"one old card, at most five in all), as the text's bonus note b assumes. Core: {', '.join(result.core)}.",
                       rule_ids=result.core, seconds=result.seconds, bounds="Comb window (see BF-F-1).")
    return Finding("BF-F-4", GAME_ID, Q_FOUR, "sat", "Yes: see the witness.", witness=result.model,
                   rule_ids=("BF-LINE-2", "BF-LINE-5"), seconds=result.seconds)


# --------------------------------------------------------------------------
# BF-F-5: dead boards

Q_DEAD = "What is the smallest board on which no card of any kind can be placed anywhere?"
#: Bounding boxes searched: quick and full (all smaller boxes fit inside; a box W×H also covers H×W).
DEAD_BOXES_QUICK: tuple[tuple[int, int], ...] = ((5, 5),)
DEAD_BOXES_FULL: tuple[tuple[int, int], ...] = ((5, 5), (5, 6), (6, 6), (5, 7), (6, 7))


def is_dead_engine(board: Mapping[Cell, int]) -> bool:
    """The engine finds no play for a hand of any single kind (so no play at all)."""
    index = _Index(tuple(sorted(Placed(x, y, c) for (x, y), c in board.items())))
    return all(not generate_plays(index, (kind,)) for kind in range(KINDS))


def q_dead(full: bool, under: Any = None) -> Finding:
    """No dead board of fewer cards in the stated boxes; the smallest found, replayed."""
    start = time.perf_counter()
    v = _constants_of(under)
    boxes = DEAD_BOXES_FULL if full else DEAD_BOXES_QUICK
    width, height = boxes[0]
    first = DeadQuery(width, height, copies_per_kind=v.copies)
    # The witness is looked for among boards that fill the box first (a fifth of the units; the proofs
    # below do not depend on it), then among all boards of the box.
    found, board = first.check(width * height, full=True)
    if found.verdict != "sat":
        found, board = first.check(width * height)
    if found.verdict != "sat":
        return _unknown("BF-F-5", Q_DEAD, found, ("BF-LINE-2", "BF-LINE-3"))
    size = len(board)
    proofs = {}
    if full:  # every exact box a smaller board can have (bigfive_dead.every_box), the occupancy first
        boxes = ((width, height), *[b for b in every_box(size - 1) if b != (width, height)])
    for w, h in boxes:
        # The first box's solver, which found the witness, also gives its proof (an assumption bounds the count).
        if (w, h) == (width, height):
            result, _ = first.check(size - 1)
        elif full:
            result = no_dead_board_in(w, h, size - 1, copies_per_kind=v.copies)[0]
        else:
            result = dead_board_query(w, h, size - 1, copies_per_kind=v.copies)[0]
        proofs[f"{w}x{h}"] = result.verdict
        if result.verdict == "unknown":
            return _unknown("BF-F-5", Q_DEAD, result, ("BF-LINE-2", "BF-LINE-3"),
                            f"bounding box {w}x{h}, at most {size - 1} cards")
        if result.verdict == "sat":
            return Finding("BF-F-5", GAME_ID, Q_DEAD, "sat", f"A smaller dead board fits in {w}x{h}.",
                           seconds=time.perf_counter() - start)
    root = min(board)
    board = translate(board, root)
    state, moves = replay_plays(board[(0, 0)], [p.placed for p in build_order(board)], _replay_variant(v))
    engine_board = {p.cell: p.card for p in state.board}
    dead = engine_board == board and is_dead_engine(engine_board)
    seconds = time.perf_counter() - start
    shown = ", ".join(f"{k} {v}" for k, v in proofs.items())
    where = (f"Every board: within {width}x{height} and in each of the {len(boxes) - 1} other exact boxes a board of "
             f"at most {size - 1} cards can have, up to transposition" if full else
             f"Boards whose bounding box fits in {', '.join(f'{w}x{h}' for w, h in boxes)} (or their transposes)")
    bounds = (f"{where}: no dead board of at most {size - 1} cards ({shown}). Dead means: no single card of any of the 25 "
              "kinds is legal on any cell (copies in stock are not considered). A dead board needs a line of five "
              "through each extreme card (else a card extends it), so its bounding box is at least 5x5."
              f"{_constants_text(v)}")
    return _confirmed_under(under, _replay_dead_board, Finding(
        "BF-F-5", GAME_ID, Q_DEAD, "sat" if dead else "unknown",
        f"{size} cards: the {width}x{height} board shown (every row and column a full line of five) admits no card; "
        f"no board of fewer cards {'anywhere' if full else 'within the searched boxes'} does. Built by {len(build_order(board))} single-card "
        "plays in a replayed game; the engine finds no play for any kind.",
        witness={"board": _words(board), "cards": size, "moves": moves, "smaller": proofs},
        rule_ids=("BF-LINE-2", "BF-LINE-3", "BF-LINE-4", "BF-LINE-5"), seconds=seconds, method="z3", bounds=bounds,
        picture=render_board(_placed(board)), reason="" if dead else "the replayed board is not dead",
    ))


# --------------------------------------------------------------------------
# BF-F-6 / BF-F-7: cards left over by the deal

Q_LEFT = ("Is the text's remark true for every allowed player count: cards are left over after an even deal "
          "exactly when 2 or 4 play?")


def leftover_query(counts: Sequence[int], dealt: int = len(FULL_DECK) - 1) -> SolverResult:
    """∃ n among ``counts``, quotient q, remainder r: dealt = n·q + r, 0 ≤ r < n, and (r > 0) ≠ (n ∈ {2, 4});
    ``dealt``: the cards dealt into the decks (the deck less the start card, 99 by the rulebook)."""
    n, q, r = z3.Ints("players share left")
    solver = TrackedSolver("bigfive.leftover")
    solver.add("BF-SETUP-1", z3.Or([n == k for k in counts]))
    solver.add("BF-DEAL-2", dealt == n * q + r, r >= 0, r < n, q >= 0)
    solver.add_fact((r > 0) != z3.Or(n == 2, n == 4))
    return solver.check()


def q_leftover(allow_five: bool) -> Callable[[bool, Any], Finding]:
    """Solve the remainder question, and replay the deal of every count through the engine."""
    fid = "BF-F-7" if allow_five else "BF-F-6"
    counts = tuple(range(MIN_PLAYERS, (MAX_PLAYERS if allow_five else MAX_PLAYERS_USUAL) + 1))
    question = Q_LEFT + (" (with allow_five)" if allow_five else "")

    def run(full: bool, under: Any = None) -> Finding:
        start = time.perf_counter()
        v = _constants_of(under)
        dealt = KINDS * v.copies - 1
        result = leftover_query(counts, dealt)
        variant = BigFiveVariant(allow_five=allow_five, copies=v.copies)
        engine = {n: len(GAME.new_game(n, variant, seed=n).box) for n in counts}
        seconds = time.perf_counter() - start
        bounds = (f"Player counts {list(counts)}; the {dealt} cards after the start card dealt evenly (not the "
                  f"children's or handicap deals).{_constants_text(v)}")
        if result.verdict == "unknown":
            return _unknown(fid, question, result, ("BF-SETUP-1", "BF-DEAL-2"), bounds)
        if result.verdict == "unsat":
            told = ("with 1 or 3 players the 99 cards divide evenly, with 2 one card and with 4 three cards go back "
                    "to the box" if dealt == len(FULL_DECK) - 1 else
                    f"the {dealt} cards leave some over exactly with 2 or 4 players")
            return Finding(fid, GAME_ID, question, "unsat",
                           f"True: {told}; the engine's deals leave {engine}.",
                           witness={"engine_box": engine}, rule_ids=("BF-SETUP-1", "BF-DEAL-2"), seconds=seconds,
                           bounds=bounds)
        n = result.model["players"]
        left = result.model["left"]
        said = ("the cards divide evenly, though the text says some are left over" if not left
                else f"{left} cards are left over, which the text (silent on five) does not mention" if n == MAX_PLAYERS
                else f"{left} cards are left over, which the text's remark does not say")
        return _confirmed_under(under, _replay_leftover, Finding(
            fid, GAME_ID, question, "sat", f"Not with {n} players: {said}; the engine's deals leave {engine}.",
            witness={"players": n, "left": left, "engine_box": engine},
            rule_ids=("BF-SETUP-1", "BF-DEAL-2"), seconds=seconds, bounds=bounds))

    return run


# --------------------------------------------------------------------------
# BF-F-8: a hand without a legal play

NO_PLAY_BOARD = EXAMPLES[3].board
NO_PLAY_HAND = ("Lp", "Gg", "Gr", "Zy", "Cb")
Q_NO_PLAY = f"Does the hand {' '.join(NO_PLAY_HAND)} have a legal play on the board of the text's counter-example?"


def q_no_play(full: bool) -> Finding:
    """The solver's answer, cross-checked with the engine."""
    board = {p.cell: p.card for p in (parse_move("play " + NO_PLAY_BOARD).placed)}  # type: ignore[union-attr]
    hand = [parse_card(c) for c in NO_PLAY_HAND]
    answer = any_play(board, hand, shared_trials=True)  # every trial is sat: the core stays, half the units
    engine = generate_plays(_Index(tuple(sorted(_placed(board)))), tuple(sorted(hand)))
    witness = {"board": _words(board), "hand": list(NO_PLAY_HAND), "engine_plays": len(engine)}
    if answer.verdict == "unknown":
        return _unknown("BF-F-8", Q_NO_PLAY, SolverResult("unknown", reason=answer.reason, seconds=answer.seconds),
                        PLACEMENT_RULES)
    if answer.verdict == "unsat":
        return Finding("BF-F-8", GAME_ID, Q_NO_PLAY, "unsat",
                       f"No legal play (the engine agrees: {len(engine)} plays). The unsat core: {', '.join(answer.core)}.",
                       witness=witness | {"core": list(answer.core)}, rule_ids=answer.core, seconds=answer.seconds,
                       bounds="Play cells: every empty cell within four steps of a card along a row or column.",
                       picture=render_board(_placed(board)))
    witness["play"] = " ".join(str(p) for p in answer.play)
    return Finding("BF-F-8", GAME_ID, Q_NO_PLAY, "sat", f"Yes: play {witness['play']}.", witness=witness,
                   rule_ids=PLACEMENT_RULES, seconds=answer.seconds, picture=render_board(_placed(board), answer.play))


# --------------------------------------------------------------------------

_PLACE = (("min_group", 1),)
_DEAL = (("children", False), ("handicap", ()))
#: What each question's encoding fixes (the flags it does not name do not change its answer: bonus timing,
#: passing, exchanging, the solitaire and the end of the game are not encoded). The unsat proofs about
#: placements stay true under extra legality rules, which only remove plays ("restriction").
def _replay_leftover(finding: Finding, reading: Any) -> str | None:
    """BF-F-6/BF-F-7's deal under the reading: its engine must leave the witness's count in the box."""
    witness = finding.witness if isinstance(finding.witness, dict) else {}
    players, left = witness.get("players"), witness.get("left")
    if not isinstance(players, int) or not isinstance(left, int):
        return "the witness names no player count and leftover"
    box = len(reading.engine.new_game(players, reading.variant, seed=players).box)
    return None if box == left else f"the reading's engine leaves {box} cards with {players} players, not {left}"


def _replay_dead_board(finding: Finding, reading: Any) -> str | None:
    """BF-F-5's board built card by card on the reading's engine (under its flags: bonuses declined as earned)."""
    witness = finding.witness if isinstance(finding.witness, dict) else {}
    words = witness.get("board")
    if not isinstance(words, list) or not words:
        return "the witness holds no board"
    try:
        play = parse_move("play " + " ".join(str(w) for w in words))
        board = {p.cell: p.card for p in play.placed}  # type: ignore[union-attr]
        state, _ = replay_plays(board[(0, 0)], [p.placed for p in build_order(board)], reading.variant,
                                reading.engine)
    except (ValueError, KeyError, RuleproofError) as exc:
        return f"the board cannot be built under this reading: {exc}"
    reached = {p.cell: p.card for p in state.board}
    return None if reached == board else "the replayed game does not reach the witness board"


def replay_bonus(finding: Finding, reading: Any) -> str | None:
    """BF-F-2/BF-F-3's witness game on the reading's engine, under the reading's rule constants and bonus table
    (the rulebook's other flags, as the witness was made): ``None`` when every move is legal and the last play
    earns the finding's bonus, else why not."""
    witness = finding.witness if isinstance(finding.witness, dict) else {}
    moves = witness.get("moves")
    if not isinstance(moves, list) or not moves:
        return "the witness holds no moves"
    engine = reading.engine
    state = engine.initial_state(int(witness.get("players", 2)), _replay_variant(reading.variant))
    for index, text in enumerate(moves):
        try:
            move = engine.parse_move(str(text))
        except (ValueError, RuleproofError) as exc:
            return f"move {index} ({text}): {exc}"
        if not engine.is_legal_move(state, move):
            return f"move {index} ({text}): {engine.illegal_move_error(state, move)}"
        state = engine.apply_unchecked(state, move)
    if state.bonus != witness.get("bonus"):
        return f"the last play earns {state.bonus} bonus cards on the reading's engine, not {witness.get('bonus')}"
    return None


#: The questions that hold placements or the deal, not the bonus: a derived game that only counts the bonus
#: otherwise (overrides ``bonus_earned`` alone, like docs/howto/reading/bonus_per_line.py) keeps their answers.
_NOT_BONUS = ("bonus_earned",)
#: A dead board's minimum (BF-F-5) is about which cards can be placed, which extra legality rules change.
_DEAD_WHY = "extra rules that remove plays can make smaller boards dead"

QUESTIONS: tuple[Question, ...] = (
    Question("BF-F-1", GAME_ID, Q_INV, LINE_RULES, q_invariant, fixed=_PLACE, declared=True, plugins="restriction",
             hooks_free=_NOT_BONUS),
    Question("BF-F-2", GAME_ID, _bonus_question("text"), ("BF-BONUS-1",), q_bonus("text"),
             flags=(*PARAMETERS, *BONUS_FLAGS[1:]), fixed=(("bonus", "text"), *_PLACE), declared=True,
             takes_reading=True, replay=replay_bonus),
    Question("BF-F-3", GAME_ID, _bonus_question("publisher"), ("BF-BONUS-1",), q_bonus("publisher"),
             flags=(*PARAMETERS, *BONUS_FLAGS[1:]), fixed=(("bonus", "publisher"), *_PLACE), declared=True,
             takes_reading=True, replay=replay_bonus),
    Question("BF-F-4", GAME_ID, Q_FOUR, ("BF-LINE-2", "BF-LINE-5"), q_four, flags=("max_group", "hand_size"),
             fixed=_PLACE, declared=True, takes_reading=True, plugins="restriction", hooks_free=_NOT_BONUS),
    Question("BF-F-5", GAME_ID, Q_DEAD, ("BF-LINE-2", "BF-LINE-3"), q_dead, flags=("copies",), fixed=_PLACE,
             declared=True, takes_reading=True, replay=_replay_dead_board, plugins_why=_DEAD_WHY,
             hooks_free=_NOT_BONUS),
    Question("BF-F-6", GAME_ID, Q_LEFT, ("BF-SETUP-1", "BF-DEAL-2"), q_leftover(False), flags=("copies",),
             fixed=(("allow_five", False), *_DEAL), declared=True, takes_reading=True, plugins="restriction",
             replay=_replay_leftover, hooks_free=_NOT_BONUS),
    Question("BF-F-7", GAME_ID, Q_LEFT + " (with allow_five)", ("BF-SETUP-1", "BF-DEAL-2"), q_leftover(True),
             flags=("copies",), fixed=(("allow_five", True), *_DEAL), declared=True, takes_reading=True,
             plugins="restriction", replay=_replay_leftover, hooks_free=_NOT_BONUS),
    Question("BF-F-8", GAME_ID, Q_NO_PLAY, PLACEMENT_RULES, q_no_play, fixed=_PLACE, declared=True,
             plugins="restriction", hooks_free=_NOT_BONUS),
)

for _q in QUESTIONS:
    register(_q)
