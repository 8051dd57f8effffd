"""Big Five ("Gib mir 5!") as an executable specification.

Source: ``000_24eedd0374a5e414.txt`` (a Russian text without its pictures),
with the facts and defaults of RULES-NOTES.md §Big Five where it is silent.

The specification is written in three modules, in the rulebook's order:

1. :mod:`ruleproof.spec.bigfive_components`: «Компоненты игры», «Подготовка к
   игре», «Общий ход игры»: the numbers the rulebook fixes (:data:`CONSTANTS`),
   the variant flags, the cards, the moves, the state, the deal and whose turn it is;
2. :mod:`ruleproof.spec.bigfive_board`: «Как играть карты», «Бонусы»: lines, the
   placement predicates (Rules 1–3 and notes a and b) and the bonus count;
3. here: what every move does (the refill, the exchange, the end, the rounds,
   the solitaire), the rule table in the rulebook's order, the ambiguities and
   the worked examples.

Every name of the first two modules is also a name of this one, so
``ruleproof.spec.bigfive`` is the whole specification. Everything here is
plain: the speed machinery (memories, line geometry, candidate tables, fast
forms of the rules) lives in :mod:`ruleproof.spec.accel.bigfive`, attached by
rule id and tested against these definitions.

>>> card_code(parse_card("Lp")), animal_of(parse_card("Zb")), colour_of(parse_card("Zb"))
('Lp', 2, 0)
>>> is_line_valid([parse_card(c) for c in ("Lp", "Gp", "Zp")])
True
>>> is_line_valid([parse_card(c) for c in ("Lp", "Lp")])
False
>>> print(parse_move("play Zp@2,0 Gp@1,0"))
play Gp@1,0 Zp@2,0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import replace
from typing import Any, NamedTuple, TypeAlias

from ruleproof.spec.bigfive_board import (  # the whole specification under one name: see __all__
    AXES, BONUS_PRESETS, BonusTable, PlayAnalysis, analyse_play, board_map, can_place, candidate_cell_sets, candidate_plays, compute_anchors,
    compute_bonus, compute_bonus_table, compute_gaps, compute_legal_plays, compute_lines_through, compute_new_line, compute_old_run,
    compute_play_axes, compute_run, contains_existing_card, hand_groups, has_identical_cards, is_line_uniform,
    is_line_valid, is_one_sided, is_placement_legal, is_straight, render_board,
)
from ruleproof.spec.bigfive_components import (  # the whole specification under one name: see __all__
    ANIMALS, ANIMAL_COUNT, ANIMAL_NAMES, COLOURS, COLOUR_COUNT, COLOUR_NAMES, CONSTANTS, COPIES, FULL_DECK,
    GROUP_BONUS, GROUP_BONUS_BY_SIZE, HAND_SIZE, KIDS_DEAL, KINDS, LINE_BONUS, LINE_BONUS_BY_LENGTH, MAX_BONUS_CAP,
    MAX_BONUS_ENTRY, MAX_COORD, MAX_GROUP, MAX_IDLE_ROUNDS, MAX_LINE, BONUS_GROUP_SLOTS, BONUS_LINE_SLOTS,
    MAX_PENALTY_LIMIT, MAX_PLAYERS, MAX_PLAYERS_USUAL, MAX_ROUNDS, MIN_PLAYERS, MOVE_TYPES, RULEBOOK, SEC_BONUS,
    SEC_BONUS_EXAMPLES, SEC_COMPONENTS, SEC_COUNTER, SEC_END, SEC_EXAMPLES, SEC_EXCHANGE, SEC_GOAL, SEC_HANDICAP,
    SEC_KIDS, SEC_PLAY, SEC_ROUNDS, SEC_SETUP, SEC_SOLO, SEC_TURN, SOLO_DISCARD, SOLO_MIN_GROUP, BigFiveMove,
    BigFiveState, BigFiveVariant, Board, Bonus, BonusBlind, BonusPile, Box, Cell, Deal, Decline, Discard, Draw,
    Exchange, Pass, Placed, Play, animal_of, card_code, card_name, cards_left, check_players, codes, colour_of,
    compute_initial_state, compute_phase, compute_whose_turn, deal_sizes, deal_target, deck_cards, deck_size,
    drawing_seat, is_setup, is_solitaire, make_position, parse_card, parse_move, parse_placed, setup_length,
    top_segment,
)
from ruleproof.spec.core import (
    BOUNDARY_TAGS,
    CHANCE,
    TERMINAL,
    Ambiguity,
    GameSpec,
    Reading,
    Rule,
    RuleKind,
    Source,
    Step,
)
from ruleproof.spec.errors import PlayerCountError


def _src(section: str, note: str = "") -> Source:
    return Source(RULEBOOK, section, note)
# --------------------------------------------------------------------------
# The reference transition (what a move does), written for clarity: the refill
# («Как играть карты»), the exchange, the end, the rounds and the solitaire.


def _remove(items: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    rest = list(items)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def _add(items: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(items + tuple(cards)))


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _take_top(deck: tuple[tuple[int, ...], ...], card: int) -> tuple[tuple[int, ...], ...]:
    segments = [seg for seg in deck if seg]
    segments[0] = _remove(segments[0], [card])
    return tuple(seg for seg in segments if seg)


def compute_round_end(state: BigFiveState) -> BigFiveState:
    """Book the round: losers add their cards left (solitaire: the discard pile)
    to their penalties; the game ends after the last round or at the limit."""
    v = state.variant
    if is_solitaire(state):
        round_points: tuple[int, ...] = (len(state.pile),)
    else:
        left = [cards_left(state, s) for s in range(state.players)]
        best = min(left)
        round_points = tuple(n if n > best else 0 for n in left)
    penalties = tuple(p + q for p, q in zip(state.penalties, round_points))
    done = state.round >= v.rounds or (v.penalty_limit > 0 and max(penalties) >= v.penalty_limit)
    return state._replace(
        penalties=penalties, round_over=True, finished=done, bonus=0, boxing=False, to_draw=0,
    )


def _solo_end(state: BigFiveState) -> BigFiveState:
    hand = state.hands[0]
    state = state._replace(hands=((),), box=_add(state.box, hand))
    if state.variant.solo_rest == "penalty":
        rest = [c for seg in state.decks[0] for c in seg]
        state = state._replace(decks=((),), pile=_add(state.pile, rest))
    return compute_round_end(state)


def any_seat_can_place(state: BigFiveState) -> bool:
    """Whether some seat holds a legal placement for its hand."""
    v = state.variant
    return any(can_place(state.board, hand, v.min_group, v.max_group) for hand in state.hands)


def _end_turn(state: BigFiveState) -> BigFiveState:
    if is_solitaire(state):
        return state
    v = state.variant
    n = state.players
    if state.idle >= n:
        if v.stalemate == "exchange_round" or state.idle >= n * v.idle_rounds or not any_seat_can_place(state):
            return compute_round_end(state)
    return state._replace(turn=(state.turn + 1) % n)


def _refill(state: BigFiveState) -> BigFiveState:
    seat = state.turn
    need = state.variant.hand_size - len(state.hands[seat])
    have = deck_size(state.decks[seat])
    if is_solitaire(state):
        if have < need:
            return _solo_end(state)
        return state._replace(bonus=0, to_draw=need) if need else _end_turn(state._replace(bonus=0))
    n = min(need, have)
    state = state._replace(bonus=0)
    return state._replace(to_draw=n) if n else _end_turn(state)


def _after_discard(state: BigFiveState) -> BigFiveState:
    if not is_solitaire(state) and cards_left(state, state.turn) == 0:
        return compute_round_end(state)
    if state.bonus > 0:
        return state
    return _after_bonus(state)


def _after_bonus(state: BigFiveState) -> BigFiveState:
    """The bonus discards are over: refill, or (after_refill) the refill came first and the turn ends."""
    if state.variant.bonus_timing == "after_refill":
        return _end_turn(state._replace(bonus=0))
    return _refill(state._replace(bonus=0))


def _refill_then_bonus(state: BigFiveState, earned: int) -> BigFiveState:
    """With ``bonus_timing="after_refill"``: draw up to five first, then discard ``earned`` bonus cards."""
    seat = state.turn
    need = state.variant.hand_size - len(state.hands[seat])
    have = deck_size(state.decks[seat])
    if is_solitaire(state):
        if have < need:
            return _solo_end(state)
        return state._replace(bonus=earned, to_draw=need)
    return state._replace(bonus=earned, to_draw=min(need, have))


class BonusCount:
    """The house-rule hook for the bonus count: how many bonus discards a play earns.

    The specification asks :meth:`count` (rule BF-BONUS-1, through
    :func:`compute_successor`); the engine's counterpart is
    :meth:`ruleproof.model.bigfive.BigFiveGame.bonus_earned`. A derived game
    overrides both and builds its specification with :func:`build_spec`. The
    base gives the ``bonus`` flag's readings (:func:`compute_bonus`).

    >>> class OnePerLine(BonusCount):
    ...     text = "Every line of four or more that the play touches earns one bonus card."
    ...     def count(self, variant, board, placed):
    ...         after = dict(board) | {(p.x, p.y): p.card for p in placed}
    ...         return sum(1 for line in compute_lines_through(after, [(p.x, p.y) for p in placed]) if len(line) >= 4)
    >>> b = {(0, 0): parse_card("Gr")}
    >>> OnePerLine().count(BigFiveVariant(), b, parse_move("play Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0").placed)
    1
    """

    #: The rule BF-BONUS-1 in our own words, as this hook decides it.
    text = ""

    def count(self, variant: BigFiveVariant, board: Board, placed: Sequence[Placed]) -> int:
        """Bonus discards earned by playing ``placed`` on ``board`` (the board before the play)."""
        return compute_bonus(variant, board, Play(tuple(placed)))


#: The bonus count of the derived specification being checked (:func:`build_spec`); ``None``: the ``bonus`` flag's.
_BONUS_HOOK: ContextVar[BonusCount | None] = ContextVar("bigfive_bonus_hook", default=None)


def bonus_hook_in_force() -> BonusCount | None:
    """The bonus count of the derived specification whose rule is being checked (``None`` outside one)."""
    return _BONUS_HOOK.get()


def with_bonus_hook(hook: BonusCount, check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``check`` (a rule's predicate) asked with ``hook`` counting the bonus (:func:`build_spec`)."""
    def call(step: Any) -> Any:
        token = _BONUS_HOOK.set(hook)
        try:
            return check(step)
        finally:
            _BONUS_HOOK.reset(token)

    return call


def compute_successor(state: BigFiveState, actor: int, move: BigFiveMove) -> BigFiveState:
    """The state after ``move`` (assumed legal): the spec's own account of every effect, with the bonus counted
    by the derived specification being checked (:func:`bonus_hook_in_force`)."""
    return compute_successor_under(state, actor, move, bonus_hook_in_force())


def compute_successor_under(state: BigFiveState, actor: int, move: BigFiveMove,
                            hook: BonusCount | None) -> BigFiveState:
    """:func:`compute_successor` with the bonus counted by ``hook`` (``None``: :func:`compute_bonus`)."""
    v = state.variant
    n = state.players
    if isinstance(move, Deal):
        if state.round_over:
            state = compute_initial_state(v, n)._replace(
                round=state.round + 1, penalties=state.penalties, turn=state.round % n,
            )
        kind, seat = deal_target(v, n, state.dealt)
        pool = _remove(state.pool, [move.card])
        if kind == "board":
            state = state._replace(board=(Placed(0, 0, move.card),))
        else:
            state = state._replace(decks=_set(state.decks, seat, (_add(top_segment(state.decks[seat]), [move.card]),)))
        dealt = state.dealt + 1
        if dealt == 1 + sum(deal_sizes(v, n)):
            state = state._replace(box=_add(state.box, pool))
            pool = ()
        return state._replace(pool=pool, dealt=dealt)
    if isinstance(move, Draw):
        seat = drawing_seat(state)
        state = state._replace(
            decks=_set(state.decks, seat, _take_top(state.decks[seat], move.card)),
            hands=_set(state.hands, seat, _add(state.hands[seat], [move.card])),
        )
        if is_setup(state):
            return state._replace(dealt=state.dealt + 1)
        state = state._replace(to_draw=state.to_draw - 1)
        if state.to_draw:
            return state
        return state if state.bonus else _end_turn(state)
    if isinstance(move, Box):
        seat = state.turn
        state = state._replace(
            decks=_set(state.decks, seat, _take_top(state.decks[seat], move.card)),
            box=_add(state.box, [move.card]), boxing=False,
        )
        return _after_discard(state)
    seat = state.turn
    hand = state.hands[seat]
    if isinstance(move, Play):
        before = board_map(state.board)
        cards = [p.card for p in move.placed]
        state = state._replace(
            hands=_set(state.hands, seat, _remove(hand, cards)),
            board=tuple(sorted(state.board + move.placed)), idle=0,
        )
        if not is_solitaire(state) and cards_left(state, seat) == 0:
            return compute_round_end(state)
        earned = compute_bonus(v, before, move) if hook is None else hook.count(v, before, move.placed)
        room = len(state.pile) if is_solitaire(state) else cards_left(state, seat)
        earned = min(earned, room)
        if earned and v.bonus_timing == "after_refill":
            return _refill_then_bonus(state, earned)
        if earned:
            return state._replace(bonus=earned)
        return _refill(state)
    if isinstance(move, Exchange):
        deck = tuple(seg for seg in state.decks[seat] if seg) + (move.cards,)
        return state._replace(
            hands=_set(state.hands, seat, _remove(hand, move.cards)),
            decks=_set(state.decks, seat, deck), to_draw=len(move.cards), idle=state.idle + 1,
        )
    if isinstance(move, Pass):
        return _end_turn(state._replace(idle=state.idle + 1))
    if isinstance(move, Discard):
        state = state._replace(
            hands=_set(state.hands, seat, _remove(hand, move.cards)), pile=_add(state.pile, move.cards),
        )
        if deck_size(state.decks[seat]) < SOLO_DISCARD:
            return _solo_end(state)
        return state._replace(to_draw=SOLO_DISCARD)
    if isinstance(move, Bonus):
        state = state._replace(
            hands=_set(state.hands, seat, _remove(hand, [move.card])), box=_add(state.box, [move.card]),
            bonus=state.bonus - 1,
        )
        return _after_discard(state)
    if isinstance(move, BonusBlind):
        return state._replace(bonus=state.bonus - 1, boxing=True)
    if isinstance(move, BonusPile):
        state = state._replace(
            pile=_remove(state.pile, [move.card]), box=_add(state.box, [move.card]), bonus=state.bonus - 1,
        )
        return _after_discard(state)
    if isinstance(move, Decline):
        return _after_bonus(state)
    raise TypeError(f"not a Big Five move: {move!r}")


def compute_winners(state: BigFiveState) -> frozenset[int]:
    """The seats with the fewest penalty points (in a one-round game: the fewest
    cards left, so the player who ran out); ties share the win."""
    best = min(state.penalties)
    return frozenset(s for s, p in enumerate(state.penalties) if p == best)


# --------------------------------------------------------------------------
# Rules


S: TypeAlias = Step[BigFiveVariant, BigFiveState, Any]


def _seat_move(step: S) -> bool:
    return step.actor >= 0 and not step.before.finished


def _is_play(step: S) -> bool:
    return isinstance(step.move, Play) and step.actor >= 0 and not step.before.finished  # _seat_move, inlined


def compute_move_kinds(state: BigFiveState) -> tuple[type[Any], ...]:
    """The classes of move the phase of ``state`` allows (BF-TURN-2): deals, draws, blind discards, bonus moves,
    or a turn's action (play, exchange, pass; the solitaire's play and discard)."""
    phase = compute_phase(state)
    solo = is_solitaire(state)
    if phase in {"round", "deal"}:
        return (Deal,)
    if phase == "draw":
        return (Draw,)
    if phase == "box":
        return (Box,)
    if phase == "bonus":
        return (BonusPile, Decline) if solo else (Bonus, BonusBlind, Decline)
    if phase == "act":
        return (Play, Discard) if solo else (Play, Exchange, Pass)
    return ()


def _check_players(step: S) -> str | None:
    try:
        check_players(step.variant, step.before.players)
    except PlayerCountError as exc:
        return str(exc)
    return None


def _check_turn(step: S) -> str | None:
    expected = compute_whose_turn(step.before)
    if step.actor == expected:
        return None
    who = {CHANCE: "chance", TERMINAL: "nobody (the game is over)"}.get(expected, f"seat {expected}")
    actor = "chance" if step.actor == CHANCE else f"seat {step.actor}"
    return f"{actor} acted but it is the turn of {who}"


def _check_phase(step: S) -> str | None:
    allowed = compute_move_kinds(step.before)
    if type(step.move) in allowed:
        return None
    phase = compute_phase(step.before)
    names = ", ".join(t.__name__.lower() for t in allowed) or "nothing"
    return f"{step.move} is not possible now (phase {phase!r}; allowed: {names})"


def _check_deal_card(step: S) -> str | None:
    move = step.move
    if not isinstance(move, Deal):
        return None
    pool = deck_cards(step.variant) if step.before.round_over else step.before.pool
    return None if move.card in pool else f"no {card_name(move.card)} is left to deal"


def _check_draw_top(step: S) -> str | None:
    move = step.move
    if not isinstance(move, (Draw, Box)):
        return None
    seat = drawing_seat(step.before)
    top = top_segment(step.before.decks[seat])
    if not top:
        return f"seat {seat}'s deck is empty"
    if move.card in top:
        return None
    return f"{card_code(move.card)} is not among the cards that can be on top of seat {seat}'s deck ({codes(top)})"


def _check_in_hand(step: S) -> str | None:
    move = step.move
    if isinstance(move, Play):
        cards = [p.card for p in move.placed]
    elif isinstance(move, (Exchange, Discard)):
        cards = list(move.cards)
    elif isinstance(move, Bonus):
        cards = [move.card]
    else:
        return None
    hand = list(step.before.hands[step.actor]) if 0 <= step.actor < step.before.players else []
    missing = []
    for c in cards:
        if c in hand:
            hand.remove(c)
        else:
            missing.append(c)
    if not missing:
        return None
    return f"{codes(sorted(missing))} not in seat {step.actor}'s hand ({codes(step.before.hands[step.actor])})"


def _check_group_size(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    n = len(move.placed)
    low, top = step.variant.min_group, step.variant.max_group
    if low <= n <= top:
        return None
    return (f"a played group has {low} to {top} cards (a new line of at most 5 must keep a card already there"
            f"{'; min_group=2 reads a group as several cards' if low > 1 else ''}); got {n}")


def _check_cells(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    problems = []
    if a.occupied:
        problems.append("occupied cell(s) " + ", ".join(f"{x},{y}" for x, y in a.occupied))
    if a.duplicate_cells:
        problems.append("two cards on cell(s) " + ", ".join(f"{x},{y}" for x, y in a.duplicate_cells))
    return "; ".join(problems) if problems else None


def _check_rule1(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    if not a.straight:
        return f"{codes(a.cards)} are not in one row or column"
    if a.gaps:
        return "the group leaves empty cell(s) " + ", ".join(f"{x},{y}" for x, y in a.gaps) + " in its line"
    return None


def _check_rule2(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    if not a.cells or not a.straight or a.gaps or a.has_existing:
        return None
    if len(a.cells) == 1:
        (x, y), = a.cells
        return f"{card_code(a.cards[0])} at {x},{y} touches no card on the table"
    return f"the new line of {codes(a.cards)} holds no card that was already on the table (touching sideways is not enough)"


def _line_text(line: tuple[Cell, ...], cards: tuple[int, ...]) -> str:
    return " ".join(f"{card_code(c)}@{x},{y}" for (x, y), c in zip(line, cards))


def _check_rule3(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    bad = [_line_text(line, cards) for line, cards in a.lines if not is_line_uniform(cards)]
    if not bad:
        return None
    return "line(s) mix colours and animals: " + "; ".join(bad)


def _check_identical(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    bad = [_line_text(line, cards) for line, cards in a.lines if has_identical_cards(cards)]
    if not bad:
        return None
    return "line(s) hold two identical cards: " + "; ".join(bad)


def _check_length(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    a = analyse_play(step.before.board, move.placed)
    bad = [_line_text(line, cards) for line, cards in a.lines if len(cards) > MAX_LINE]
    if not bad:
        return None
    return "line(s) longer than 5 cards: " + "; ".join(bad)


def _check_solo_size(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    n = len(move.placed)
    return None if n >= SOLO_MIN_GROUP else f"in the solitaire a group has at least 3 cards; got {n}"


def _check_exchange(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Exchange)
    state = step.before
    if not 1 <= len(move.cards) <= step.variant.hand_size:
        return f"an exchange swaps 1 to {step.variant.hand_size} cards; got {len(move.cards)}"
    if deck_size(state.decks[step.actor]) == 0:
        return f"seat {step.actor}'s deck is empty: nothing to exchange with"
    hand = state.hands[step.actor] if 0 <= step.actor < state.players else ()
    if step.variant.exchange == "whole_hand" and tuple(sorted(move.cards)) != tuple(sorted(hand)):
        return f"with exchange='whole_hand' the whole hand ({codes(hand)}) is exchanged, not {codes(move.cards)}"
    return None


def _check_pass(step: S) -> str | None:
    state = step.before
    seat = step.actor
    if step.variant.pass_rule == "always":
        return None
    if deck_size(state.decks[seat]):
        return f"seat {seat} can still exchange (deck of {deck_size(state.decks[seat])})"
    if can_place(state.board, state.hands[seat], step.variant.min_group, step.variant.max_group):
        return f"seat {seat} can still place a group from {codes(state.hands[seat])}"
    return None


def _check_bonus_source(step: S) -> str | None:
    move = step.move
    state = step.before
    if isinstance(move, BonusBlind) and deck_size(state.decks[step.actor]) == 0:
        return f"seat {step.actor}'s deck is empty: no blind bonus discard"
    return None


def _check_solo_discard(step: S) -> str | None:
    move = step.move
    assert isinstance(move, Discard)
    if len(move.cards) != SOLO_DISCARD:
        return f"the solitaire discard is exactly 3 cards; got {len(move.cards)}"
    return None


def _check_solo_discard_forced(step: S) -> str | None:
    state = step.before
    if step.variant.solo_discard == "optional":
        return None
    if can_place(state.board, state.hands[0], SOLO_MIN_GROUP, step.variant.max_group):
        return f"a group of three or more can be placed from {codes(state.hands[0])}: no discard"
    return None


def _check_solo_pile(step: S) -> str | None:
    move = step.move
    assert isinstance(move, BonusPile)
    if move.card in step.before.pile:
        return None
    return f"{card_code(move.card)} is not in the discard pile ({codes(step.before.pile) or 'empty'})"


# Effect rules compare fields of the claimed next state with the spec's own.


def _diff(step: S, fields: Sequence[str]) -> str | None:
    after = step.after
    assert after is not None
    expected = compute_successor(step.before, step.actor, step.move)
    wrong = [f for f in fields if getattr(after, f) != getattr(expected, f)]
    if not wrong:
        return None
    return "; ".join(f"{f} should be {_show(getattr(expected, f))}, not {_show(getattr(after, f))}" for f in wrong)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _effect(fields: Sequence[str]) -> Any:
    return lambda step: _diff(step, fields)


def _kind(*types: type[Any]) -> Any:
    return lambda step: isinstance(step.move, types)


def _is_new_round(step: S) -> bool:
    return isinstance(step.move, Deal) and step.before.round_over


def _ends_round(step: S) -> bool:
    after = step.after
    return after is not None and after.round_over and not step.before.round_over


def _turn_ends(step: S) -> bool:
    """The step completes a turn: the turn passes (or the game stops)."""
    if step.actor == CHANCE and is_setup(step.before):
        return False
    expected = compute_successor(step.before, step.actor, step.move)
    return compute_phase(expected) in {"act", "round", "over"} and compute_phase(step.before) != "round"


def _stalemate(step: S) -> bool:
    return not is_solitaire(step.before) and _turn_ends(step) and not isinstance(step.move, Deal)


ALL_FIELDS = tuple(f for f in BigFiveState._fields if f not in {"variant", "players"})

RULES: tuple[Rule, ...] = (
    Rule(
        "BF-SETUP-1", "Player count",
        "Big Five is played by one (the solitaire) to four players; five only with the allow_five flag. "
        "A handicap deal must name one deck size per seat.",
        _src(SEC_SETUP, "RULES-NOTES.md §Big Five row 6"), RuleKind.LEGALITY, _check_players,
        flags=("allow_five", "handicap", "kids_deal", "copies"),
    ),
    Rule(
        "BF-DEAL-1", "Deal from the pack",
        "Chance deals only cards still in the shuffled pack of 100 (25 kinds, four copies each).",
        _src(SEC_COMPONENTS), RuleKind.LEGALITY, _check_deal_card, _kind(Deal), moves=(Deal,), flags=("copies",),
    ),
    Rule(
        "BF-DEAL-2", "Start card, decks, remainder",
        "The first card dealt lies face up at (0, 0) as the start card; then every player gets an equal face-down "
        "deck (99 cards shared evenly; 15 each in the children's game; the handicap sizes per seat), the cards "
        "left over go unseen into the box, and everyone draws five cards from their own deck.",
        _src(SEC_SETUP), RuleKind.EFFECT, _effect(ALL_FIELDS),
        lambda step: isinstance(step.move, Deal) and not step.before.round_over,
        flags=("children", "handicap", "kids_deal", "copies", "hand_size"),
    ),
    Rule(
        "BF-TURN-1", "Whose turn",
        "The youngest player (seat 0) begins and the turn goes clockwise; chance acts for every deal, draw and "
        "blind discard; nobody acts once the game is over.",
        _src(SEC_TURN), RuleKind.LEGALITY, _check_turn,
    ),
    Rule(
        "BF-TURN-2", "One action per turn",
        "On a turn a player either plays one group or exchanges cards (with an empty deck and nothing to place, "
        "the player passes); bonus discards follow a play that earned them; draws and blind discards are chance's.",
        _src(SEC_TURN), RuleKind.LEGALITY, _check_phase,
    ),
    Rule(
        "BF-TURN-3", "The turn passes on",
        "When a turn's action, bonus discards and draws are done, the next player clockwise acts.",
        _src(SEC_TURN), RuleKind.EFFECT, _effect(("turn", "idle")), _turn_ends,
    ),
    Rule(
        "BF-PLAY-1", "Cards from the hand",
        "Played, exchanged and discarded cards must be in the acting player's hand.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_in_hand, _seat_move,
    ),
    Rule(
        "BF-PLAY-2", "Group size",
        "A played group has one to four cards: its new line holds at most five cards, one of which was already "
        "on the table (the text's bonus note b speaks of groups of four at most). With min_group=2 a group has "
        "at least two cards, the text calling it several cards.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_group_size, _is_play, flags=("min_group", "max_group"), moves=(Play,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-PLAY-3", "Empty cells",
        "Each played card goes onto its own empty cell.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_cells, _is_play, moves=(Play,),
    ),
    Rule(
        "BF-PLAY-4", "Cards land on the board",
        "The played cards leave the hand and lie on their cells.",
        _src(SEC_PLAY), RuleKind.EFFECT, _effect(("board", "hands", "decks", "pool")), _kind(Play),
    ),
    Rule(
        "BF-LINE-1", "One straight line (Rule 1)",
        "The played cards lie in one row or one column, and together with the cards already there they form one "
        "unbroken line: they may extend an existing card on one side or flank it on both sides, never leave a gap.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_rule1, _is_play, moves=(Play,),
    ),
    Rule(
        "BF-LINE-2", "The new line keeps an old card (Rule 2)",
        "The line the played cards form (for a single card: in either direction) must contain at least one card "
        "that was already on the table; touching it sideways is not enough.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_rule2, _is_play, moves=(Play,),
    ),
    Rule(
        "BF-LINE-3", "One colour or one animal (Rule 3, note b)",
        "Every line that any played card belongs to, in either direction, is either all one colour or all one "
        "animal: the group matches its anchor's colour with different animals or its animal with different colours, "
        "and every other card it touches obeys the same.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_rule3, _is_play, moves=(Play,),
    ),
    Rule(
        "BF-LINE-4", "No identical cards (note a)",
        "No line any played card belongs to may hold two identical cards (same animal and colour).",
        _src(SEC_PLAY, "RULES-NOTES.md §Big Five row 2"), RuleKind.LEGALITY, _check_identical, _is_play, moves=(Play,),
    ),
    Rule(
        "BF-LINE-5", "At most five (note a)",
        "No line any played card belongs to may hold more than five cards.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_length, _is_play, moves=(Play,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-DRAW-1", "Draws come off the own deck",
        "A draw, and a blind bonus discard, takes the top card of the acting player's own deck: some card of its top "
        "segment, since nobody knows the deck's order.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_draw_top, _kind(Draw, Box), moves=(Draw, Box),
    ),
    Rule(
        "BF-DRAW-2", "Drawing",
        "A drawn card moves from the top of the own deck into the hand.",
        _src(SEC_PLAY), RuleKind.EFFECT, _effect(("hands", "decks", "dealt", "board", "pile", "pool")), _kind(Draw),
    ),
    Rule(
        "BF-REFILL-1", "Refill to five",
        "After playing (and any bonus discards) the player draws from the own deck until the hand holds five cards, "
        "or fewer when the deck runs out. With bonus_timing='after_refill' the draws come right after the play and "
        "the bonus discards after them, with no second refill.",
        _src(SEC_PLAY), RuleKind.EFFECT, _effect(("to_draw",)), _kind(Play, Bonus, Box, BonusPile, Decline),
        flags=("bonus_timing", "hand_size"),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-EXCH-1", "Exchange",
        "Instead of playing, a player may exchange one to five hand cards, but not with an empty deck; with "
        "exchange='whole_hand' the exchange swaps the whole hand.",
        _src(SEC_EXCHANGE, "RULES-NOTES.md §Big Five row 4"), RuleKind.LEGALITY, _check_exchange,
        lambda step: isinstance(step.move, Exchange) and _seat_move(step), flags=("exchange", "hand_size"),
        moves=(Exchange,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-EXCH-2", "Exchanged cards go under the deck",
        "The exchanged cards are shuffled and put under the own deck (a new bottom segment); then as many cards "
        "are drawn from the top.",
        _src(SEC_EXCHANGE), RuleKind.EFFECT, _effect(("hands", "decks", "to_draw", "idle")), _kind(Exchange),
    ),
    Rule(
        "BF-PASS-1", "Pass only when stuck",
        "A player may let the turn go only with an empty deck (no exchange) and no legal group to place; with "
        "pass_rule='always' a player may pass on any turn.",
        _src(SEC_END, "RULES-NOTES.md §Big Five row 4: no exchange with an empty deck"), RuleKind.LEGALITY,
        _check_pass, lambda step: isinstance(step.move, Pass) and _seat_move(step) and step.before.players > 1,
        flags=("pass_rule", "min_group", "max_group"), moves=(Pass,),
    ),
    Rule(
        "BF-BONUS-1", "Bonus count",
        "A play earns bonus discards for its new lines: by the text, 1 for each line of four and 2 for each line of "
        "five (summed over all new lines), plus 1 for a group of four cards; by the publisher, 1 when a line "
        "reaches four cards and 2 when it reaches five, where a line reaches a size only if its longest connected "
        "run of old cards was smaller (pieces joined by the play were never a line of four). The count is capped "
        "by the cards the player still has (solitaire: by the discard pile). A house rule gives its own bonus "
        "table: cards per line by length, counted by the line's length or by the lengths it reaches, cards per "
        "group size, every line or the best line only, and a cap.",
        _src(SEC_BONUS, "RULES-NOTES.md §Big Five row 1"), RuleKind.EFFECT, _effect(("bonus",)), _kind(Play),
        flags=("bonus", "bonus_lines", "bonus_group", "bonus_per", "bonus_cap"),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-BONUS-2", "Bonus discards",
        "Each bonus card is a card of the hand the player chooses or the top card of the own deck, unseen; "
        "the player may decline the rest.",
        _src(SEC_BONUS), RuleKind.LEGALITY, _check_bonus_source,
        lambda step: isinstance(step.move, (Bonus, BonusBlind)) and _seat_move(step), moves=(Bonus, BonusBlind),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-BONUS-3", "Bonus cards go to the box",
        "A bonus card leaves the hand, deck or (solitaire) discard pile for the box.",
        _src(SEC_BONUS), RuleKind.EFFECT, _effect(("hands", "decks", "pile", "box", "bonus", "boxing")),
        _kind(Bonus, BonusBlind, BonusPile, Box, Decline),
    ),
    Rule(
        "BF-END-1", "Out of cards wins",
        "A player who has no card left in hand or deck, after playing a group or a bonus discard, wins the round "
        "at once.",
        _src(SEC_END), RuleKind.EFFECT, _effect(("round_over", "finished", "penalties")),
        lambda step: not is_solitaire(step.before) and isinstance(step.move, (Play, Bonus, Box)),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-END-2", "Stalemate",
        "If a full round passes without a placement the round may end: by default when then nobody can place "
        "(or after idle_rounds such rounds), with stalemate 'exchange_round' at once. The fewest cards wins.",
        _src(SEC_END, "RULES-NOTES.md §Big Five row 5"), RuleKind.EFFECT,
        _effect(("round_over", "finished", "penalties", "turn")), _stalemate,
        flags=("stalemate", "idle_rounds", "max_group"),
    ),
    Rule(
        "BF-WIN-1", "Fewest cards (penalties) wins",
        "The winner is the player with the fewest cards left (the one who ran out); over several rounds, the "
        "fewest penalty points. Ties share the win.",
        _src(SEC_END, "RULES-NOTES.md §Big Five row 5: ties shared"), RuleKind.OUTCOME,
        lambda step: None if step.move == compute_winners(step.before)
        else f"the winners must be seats {sorted(compute_winners(step.before))} "
        f"(penalties {list(step.before.penalties)}), not {step.move!r}",
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-ROUND-1", "Several rounds",
        "At a round's end each loser adds their cards left to their penalty points; the game ends after the "
        "agreed number of rounds or once someone's penalties reach the agreed limit; otherwise all cards are "
        "shuffled and dealt anew, the next seat beginning.",
        _src(SEC_ROUNDS), RuleKind.EFFECT, lambda step: _diff(step, ALL_FIELDS), _is_new_round,
        flags=("rounds", "penalty_limit"),
    ),
    Rule(
        "BF-ROUND-2", "Round scoring",
        "When a round ends, every player who did not win it adds the cards left in hand and deck to their penalties; "
        "the game ends after the last round or at the penalty limit.",
        _src(SEC_ROUNDS), RuleKind.EFFECT, _effect(("penalties", "finished", "round_over")), _ends_round,
        flags=("rounds", "penalty_limit"),
    ),
    Rule(
        "BF-SOLO-1", "Solitaire groups of three",
        "In the solitaire a played group has at least three cards.",
        _src(SEC_SOLO), RuleKind.LEGALITY, _check_solo_size,
        lambda step: _is_play(step) and is_solitaire(step.before), moves=(Play,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BF-SOLO-2", "Solitaire discard of three",
        "A solitaire player who cannot place a group of three or more discards exactly three hand cards to the "
        "discard pile and draws three.",
        _src(SEC_SOLO), RuleKind.LEGALITY, _check_solo_discard,
        lambda step: isinstance(step.move, Discard) and _seat_move(step), moves=(Discard,),
    ),
    Rule(
        "BF-SOLO-3", "Discard only when stuck",
        "The solitaire discard is allowed only when no group of three or more can be placed; with "
        "solo_discard='optional' it is allowed on any turn.",
        _src(SEC_SOLO), RuleKind.LEGALITY, _check_solo_discard_forced,
        lambda step: isinstance(step.move, Discard) and _seat_move(step) and is_solitaire(step.before), moves=(Discard,),
        flags=("solo_discard", "max_group"),
    ),
    Rule(
        "BF-SOLO-4", "Solitaire bonus from the pile",
        "In the solitaire each bonus card is taken out of the discard pile into the box.",
        _src(SEC_SOLO), RuleKind.LEGALITY, _check_solo_pile,
        lambda step: isinstance(step.move, BonusPile) and _seat_move(step), moves=(BonusPile,),
    ),
    Rule(
        "BF-SOLO-5", "Solitaire end",
        "The solitaire ends when the deck can no longer refill the hand to five (after a group or a discard of three); "
        "the hand goes to the box and the cards in the discard pile are the penalty points (with "
        "solo_rest='penalty' the cards left in the deck join the pile and count too).",
        _src(SEC_SOLO), RuleKind.EFFECT,
        _effect(("to_draw", "pile", "hands", "decks", "box", "round_over", "finished", "penalties")),
        lambda step: is_solitaire(step.before) and isinstance(step.move, (Play, Discard, BonusPile, Decline)),
        flags=("solo_rest",),
    ),
)


AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "BF-AMB-1", "How many bonus cards does a play earn?",
        "За новую группу в 4 карты игрок может сбросить в коробку (в отбой) 1 карту",
        _src(SEC_BONUS, "RULES-NOTES.md §Big Five row 1"),
        (Reading("text", "each new line of 4 earns 1, of 5 earns 2, plus 1 for a group of 4 cards"),
         Reading("publisher", "a line earns 1 for its 4th card and 2 for its 5th, counted on its longest connected "
                 "run of old cards; no group-size bonus")),
        "text", "bonus", ("BF-BONUS-1",),
    ),
    Ambiguity(
        "BF-AMB-2", "When does the game end without anybody running out of cards?",
        "если после обмена карт ни один из игроков не может продолжить игру выкладыванием",
        _src(SEC_END, "RULES-NOTES.md §Big Five row 5"),
        (Reading("no_placement", "after a full round without placement, if nobody can place (or after idle_rounds such rounds)"),
         Reading("exchange_round", "after one full round without placement")),
        "no_placement", "stalemate", ("BF-END-2",),
    ),
    Ambiguity(
        "BF-AMB-3", "How many players?",
        "Если в игре принимают участие 2 или 4 человека",
        _src(SEC_SETUP, "RULES-NOTES.md §Big Five row 6"),
        (Reading(False, "1 (solitaire) to 4 players"), Reading(True, "also 5 players")),
        False, "allow_five", ("BF-SETUP-1",),
    ),
    Ambiguity(
        "BF-AMB-4", "May a line hold two identical cards?",
        "новая группа не может содержать в себе двух одинаковых карт",
        _src(SEC_PLAY, "RULES-NOTES.md §Big Five row 2"),
        (Reading("never", "no line, in either direction, may hold two identical cards"),
         Reading("colour_lines_only", "note a names only the rule 'different animals of one colour', so a line of "
                 "one animal, or a line a played card forms sideways, might repeat a card")),
        "never", "", ("BF-LINE-3", "BF-LINE-4"),
        contradiction=(
            "Reading 'colour_lines_only' cannot be played: Rule 3 (BF-LINE-3's source) asks a group of one animal "
            "to be 'разного цвета' (of different colours) and a group of one colour to be 'разными видами "
            "животных', and note b applies Rule 3 to every line a played card touches; two identical cards are "
            "neither different animals nor different colours, so every line that holds them breaks Rule 3 "
            "whatever note a says (shown with a Z3 core in tests/spec/test_ambiguity_flags.py)."),
    ),
    Ambiguity(
        "BF-AMB-5", "May played cards lie on both sides of the anchor?",
        "не только с одной стороны (как в предыдущем примере), но и с двух сторон",
        _src(SEC_EXAMPLES, "RULES-NOTES.md §Big Five row 3"),
        (Reading("flank", "yes, as long as the final line has no gaps"),
         Reading("one_side", "Rule 1's 'выкладывается ... к уже имеющейся на игровом поле карте' read as: the "
                 "played cards extend the anchor's line on one side only")),
        "flank", "", ("BF-LINE-1",),
        contradiction=(
            "Reading 'one_side' cannot be played: § Примеры says in so many words that the played cards may touch "
            "the anchor 'не только с одной стороны ... но и с двух сторон' and Vasya's worked example plays two "
            "zebras above and below the purple zebra; under one_side that example, which the text calls legal, "
            "is refused (is_one_sided; a failing replay in tests/spec/test_ambiguity_flags.py)."),
    ),
    Ambiguity(
        "BF-AMB-6", "How many cards may be exchanged, and with an empty deck?",
        "За 1 ход можно заменить все 5 карт.",
        _src(SEC_EXCHANGE, "RULES-NOTES.md §Big Five row 4"),
        (Reading("any", "one to five hand cards; never with an empty deck; with a short deck some exchanged cards "
                 "may come back"),
         Reading("whole_hand", "'можно заменить все 5 карт' read as the exchange itself: the whole hand is "
                 "exchanged; never with an empty deck")),
        "any", "exchange", ("BF-EXCH-1",),
    ),
    Ambiguity(
        "BF-AMB-7", "How large may a played group be?",
        "группу карт (несколько карт",
        _src(SEC_PLAY),
        (Reading(1, "one to four cards: the new line (at most 5) must keep a card already on the table"),
         Reading(2, "two to four cards: Rule 1 calls a group 'несколько карт' (several cards)")),
        1, "min_group", ("BF-PLAY-2",),
        contradiction=(
            "A third reading, groups of five (note b speaks of four but never caps the group), cannot be played: "
            "a group of five in one line (BF-LINE-1) whose new line keeps an old card (BF-LINE-2) makes a line of "
            "six, which note a forbids (BF-LINE-5); the Z3 encoding gives that core for any five-card play "
            "(tests/spec/test_ambiguity_flags.py)."),
    ),
    Ambiguity(
        "BF-AMB-8", "When are bonus cards discarded, and which deck card goes?",
        "1 карту со своей руки или из своей колоды (не глядя значение карты)",
        _src(SEC_BONUS),
        (Reading("before_refill", "right after the play, one decision per card, before refilling the hand; "
                 "a deck card is the top one, unseen"),
         Reading("after_refill", "§ Как играть карты has the refill follow every play; the bonus section comes "
                 "later: refill to five first, then discard the bonus cards (hand or top of the deck), no second "
                 "refill")),
        "before_refill", "bonus_timing", ("BF-BONUS-2", "BF-BONUS-3", "BF-REFILL-1"),
    ),
    Ambiguity(
        "BF-AMB-9", "What may a player do who can neither place nor exchange?",
        "В свой ход игрок может произвести одно из двух действий",
        _src(SEC_TURN),
        (Reading("stuck", "only with an empty deck and no legal placement the player passes"),
         Reading("always", "'может' (may) read as a permission: a player may also let the turn go on any turn")),
        "stuck", "pass_rule", ("BF-PASS-1",),
    ),
    Ambiguity(
        "BF-AMB-10", "In the solitaire, is the discard of three a choice?",
        "Если ему не удается в очередной ход выложить играемую группу",
        _src(SEC_SOLO),
        (Reading("forced", "only when no group of three or more can be placed; the solitaire has no exchange"),
         Reading("optional", "a player who does not place a group of three (by choice or not) discards three")),
        "forced", "solo_discard", ("BF-SOLO-2", "BF-SOLO-3"),
    ),
    Ambiguity(
        "BF-AMB-11", "How does the multi-round game end and who starts later rounds?",
        "при достижении кем-либо из игроков определенного количества штрафных очков, либо по прошествии "
        "определенного количества раундов",
        _src(SEC_ROUNDS),
        (Reading(0, "no penalty limit: the game ends after the agreed number of rounds (flag rounds)"),
         Reading(30, "a positive limit (30 for example) also ends the game as soon as a penalty total reaches it; "
                 "round r is begun by seat r-1 (mod players)")),
        0, "penalty_limit", ("BF-ROUND-1", "BF-ROUND-2"),
    ),
    Ambiguity(
        "BF-AMB-12", "When exactly does the solitaire end?",
        "пока количество карт в колоде не позволит игроку набрать в руку до 5 карт",
        _src(SEC_SOLO),
        (Reading("uncounted", "as soon as a refill (after a group or the discard of three) needs more cards than "
                 "the deck holds; the deck's rest is not counted"),
         Reading("penalty", "at the same moment, but the cards still in the deck join the discard pile and count "
                 "as penalty points (the text counts only the pile and is silent on the deck's rest)")),
        "uncounted", "solo_rest", ("BF-SOLO-5",),
    ),
)


class WorkedExample(NamedTuple):
    """One of the text's worked examples, reconstructed (the text has no pictures).

    :param section: the rulebook heading it stands under.
    :param who: the player the text names.
    :param summary: what the text says, in our words.
    :param board: the board before the move (``CARD@X,Y`` words).
    :param move: the move's text form.
    :param violated: the rule ids the move breaks (empty: legal).
    :param bonus: the bonus cards the text awards (text reading).
    """

    section: str
    who: str
    summary: str
    board: str
    move: str
    violated: tuple[str, ...]
    bonus: int


_ANYA = "Lp@0,0 Zp@1,0 Gp@2,0"
_VASYA = _ANYA + " Zy@1,-1 Zb@1,1"
_PETYA = _VASYA + " Cb@-1,1 Lb@0,1"

#: The text's worked examples with a board that matches every sentence.
EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(SEC_EXAMPLES, "Anya", "a purple giraffe and zebra in a row beside the purple lion: a new line of 3",
                  "Lp@0,0", "play Zp@1,0 Gp@2,0", (), 0),
    WorkedExample(SEC_EXAMPLES, "Vasya", "two zebras in a column on both sides of the purple zebra: a new line of 3",
                  _ANYA, "play Zy@1,-1 Zb@1,1", (), 0),
    WorkedExample(SEC_EXAMPLES, "Petya", "a blue lion and chimpanzee in a row beside the blue zebra; the blue lion "
                  "also touches the purple lion vertically (note b)", _VASYA, "play Cb@-1,1 Lb@0,1", (), 0),
    WorkedExample(SEC_COUNTER, "Anya", "three blue cards in a column touching the blue chimpanzee only sideways: "
                  "the new line keeps no old card (Rule 2)", _PETYA, "play Cb@-2,0 Gb@-2,1 Lb@-2,2", ("BF-LINE-2",), 0),
    WorkedExample(SEC_BONUS_EXAMPLES, "Anya", "two giraffes in a column below the purple giraffe; the blue row "
                  "becomes a line of 4: one bonus card", _PETYA, "play Gb@2,1 Gy@2,2", (), 1),
    WorkedExample(SEC_BONUS_EXAMPLES, "Vasya", "four red animals in a row beside the red giraffe: 1 for the group "
                  "of four, 2 for the red line of five, 1 for the zebra column of four",
                  "Gr@0,0 Gy@0,-1 Gb@0,-2 Gg@0,-3 Lg@1,-3 Zg@2,-3 Zy@2,-2 Zb@2,-1",
                  "play Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0", (), 4),
    WorkedExample(SEC_BONUS, "note a", "one card completes a line of 5 and a line of 4: 2 + 1 bonus cards",
                  "Lr@0,0 Gr@1,0 Cr@3,0 Er@4,0 Zy@2,-3 Zg@2,-2 Zb@2,-1 Cb@3,-1", "play Zr@2,0", (), 3),
)


def candidate_moves(state: BigFiveState, actor: int) -> Iterable[BigFiveMove]:
    """A finite superset of the moves ``actor`` could make (see :func:`candidate_plays`).

    Chance: a deal, draw or blind discard of every kind. A seat: every bonus
    move, every exchange and discard of hand cards, a pass, and (outside the
    bonus phase) the candidate plays of its hand.
    """
    kinds = range(KINDS)
    if actor == CHANCE:
        return [Deal(c) for c in kinds] + [Draw(c) for c in kinds] + [Box(c) for c in kinds]
    if not 0 <= actor < state.players:
        return []
    hand = state.hands[actor]
    moves: list[BigFiveMove] = [Bonus(c) for c in kinds]
    moves += [BonusPile(c) for c in kinds]
    moves += [BonusBlind(), Decline(), Pass()]
    for size in range(1, len(hand) + 1):
        moves += [Exchange(g) for g in hand_groups(hand, size)]
    moves += [Discard(g) for g in hand_groups(hand, SOLO_DISCARD)] if len(hand) >= SOLO_DISCARD else []
    if compute_phase(state) == "act":
        moves += candidate_plays(state.board, hand, False, state.variant.max_group)
    return moves


def build_spec(bonus: BonusCount, *, name: str = "bigfive",
               title: str = "Big Five (Gib mir 5!)") -> GameSpec[BigFiveVariant, BigFiveState, BigFiveMove]:
    """The Big Five specification with the bonus counted by ``bonus`` (BF-BONUS-1 restated by its ``text``).

    Every rule sees the hook while it is checked (the effect rules compare
    with :func:`compute_successor`, which asks it); the other rules are the text's.
    :func:`ruleproof.spec.accel.bigfive.build_spec` gives the same specification accelerated.

    >>> build_spec(BonusCount(), name="bigfive-demo").rule("BF-BONUS-1").title
    'Bonus count'
    """
    rules = tuple(
        replace(r, check=with_bonus_hook(bonus, r.check), applies=with_bonus_hook(bonus, r.applies),
                text=bonus.text if r.id == "BF-BONUS-1" and bonus.text else r.text)
        for r in RULES
    )
    return replace(SPEC, name=name, title=title, rules=rules)


SPEC: GameSpec[BigFiveVariant, BigFiveState, BigFiveMove] = GameSpec(
    name="bigfive",
    title="Big Five (Gib mir 5!)",
    rulebook=RULEBOOK,
    variant_type=BigFiveVariant,
    rules=RULES,
    ambiguities=AMBIGUITIES,
    whose_turn=compute_whose_turn,
    candidate_moves=candidate_moves,
    parse_move=parse_move,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
)

#: Every name of the specification: this module's and those of its first two parts.
__all__ = [
    'ALL_FIELDS', 'AMBIGUITIES', 'ANIMALS', 'ANIMAL_COUNT', 'ANIMAL_NAMES', 'AXES', 'BONUS_GROUP_SLOTS',
    'BONUS_LINE_SLOTS', 'BONUS_PRESETS', 'BigFiveMove',
    'BigFiveState', 'BigFiveVariant', 'Board', 'Bonus', 'BonusBlind', 'BonusCount', 'BonusPile', 'BonusTable', 'Box',
    'COLOURS', 'COLOUR_COUNT', 'COLOUR_NAMES', 'CONSTANTS', 'COPIES', 'Cell', 'Deal', 'Decline', 'Discard', 'Draw',
    'EXAMPLES', 'Exchange', 'FULL_DECK', 'GROUP_BONUS', 'GROUP_BONUS_BY_SIZE', 'HAND_SIZE', 'KIDS_DEAL', 'KINDS',
    'LINE_BONUS', 'LINE_BONUS_BY_LENGTH', 'MAX_BONUS_CAP', 'MAX_BONUS_ENTRY', 'MAX_COORD', 'MAX_GROUP',
    'MAX_IDLE_ROUNDS', 'MAX_LINE', 'MAX_PENALTY_LIMIT', 'MAX_PLAYERS', 'MAX_PLAYERS_USUAL', 'MAX_ROUNDS',
    'MIN_PLAYERS', 'MOVE_TYPES', 'Pass', 'Placed', 'Play', 'PlayAnalysis', 'RULEBOOK', 'RULES', 'SEC_BONUS',
    'SEC_BONUS_EXAMPLES', 'SEC_COMPONENTS', 'SEC_COUNTER', 'SEC_END', 'SEC_EXAMPLES', 'SEC_EXCHANGE', 'SEC_GOAL',
    'SEC_HANDICAP', 'SEC_KIDS', 'SEC_PLAY', 'SEC_ROUNDS', 'SEC_SETUP', 'SEC_SOLO', 'SEC_TURN', 'SOLO_DISCARD',
    'SOLO_MIN_GROUP', 'SPEC', 'WorkedExample', 'analyse_play', 'animal_of', 'any_seat_can_place', 'board_map',
    'bonus_hook_in_force', 'build_spec', 'can_place', 'candidate_cell_sets', 'candidate_moves', 'candidate_plays',
    'card_code', 'card_name', 'cards_left', 'check_players', 'codes', 'colour_of', 'compute_anchors',
    'compute_bonus', 'compute_bonus_table', 'compute_gaps', 'compute_initial_state', 'compute_legal_plays', 'compute_lines_through',
    'compute_move_kinds', 'compute_new_line', 'compute_old_run', 'compute_phase', 'compute_play_axes',
    'compute_round_end', 'compute_run', 'compute_successor', 'compute_successor_under', 'compute_whose_turn',
    'compute_winners', 'contains_existing_card', 'deal_sizes', 'deal_target', 'deck_cards', 'deck_size',
    'drawing_seat', 'hand_groups', 'has_identical_cards', 'is_line_uniform', 'is_line_valid', 'is_one_sided',
    'is_placement_legal', 'is_setup', 'is_solitaire', 'is_straight', 'make_position', 'parse_card', 'parse_move',
    'parse_placed', 'render_board', 'setup_length', 'top_segment', 'with_bonus_hook',
]
