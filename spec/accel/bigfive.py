"""The accelerations of the Big Five specification (:mod:`ruleproof.spec.bigfive`).

What is attached, and why (each compared with its plain form by ``tests/spec/test_accelerations.py``;
the tricky cases by ``tests/spec/test_accel_bigfive.py``):

* ``compute_phase``, ``compute_whose_turn`` and ``compute_move_kinds`` remember their last answer:
  every rule of every candidate move asks them about the same state.
* ``setup_length`` remembers the last configuration's answer (every phase question asks it; a table of
  64 behind). (``deal_sizes`` and BF-SETUP-1 are faster plain than by a table: hashing a variant costs
  more than their few comparisons.)
* ``compute_successor`` remembers its last answer and keeps a table of 256 (every effect rule of a
  step compares its fields with the same successor); the bonus hook in force is part of the key.
* ``analyse_play`` reads the line geometry remembered per board and cells
  (:mod:`ruleproof.spec.accel.bigfive_lines`); ``is_line_uniform`` reads feature bits.
* ``candidate_plays`` (asked by ``can_place`` and ``compute_legal_plays``) and the spec's
  ``candidate_moves`` are built from tables (:mod:`ruleproof.spec.accel.bigfive_plays`), and ``can_place``
  remembers its last answer (the stalemate, pass and solitaire rules ask it in turn).
* Fast forms: BF-TURN-2, BF-DEAL-1 and BF-DRAW-1 (which reject most candidates of the wrong phase or
  source), and the placement rules that candidate plays break, BF-LINE-3 … BF-LINE-5 (BF-LINE-3 without
  the analysis, by feature bits). (BF-PLAY-3,
  BF-LINE-1 and BF-LINE-2 have none: no candidate play breaks them, and their messages are read off the
  remembered analysis.)

:func:`build_spec` is :func:`ruleproof.spec.bigfive.build_spec` accelerated: the fast forms are asked
with the derived specification's bonus hook in force, as its plain rules are.

>>> SPEC.rule("BF-LINE-3").holds is not None or not ENABLED
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, TypeAlias

from ruleproof.spec import bigfive as plain
from ruleproof.spec import bigfive_board as board
from ruleproof.spec import bigfive_components as components
from ruleproof.spec.accel.bigfive_lines import analyse_play, holds_uniform_lines, is_line_uniform
from ruleproof.spec.accel.bigfive_plays import candidate_plays, hand_groups
from ruleproof.spec.accel.core import (
    ENABLED,
    Acceleration,
    FastCalculation,
    FastForm,
    accelerate,
    remember_last,
    remember_last_one,
    replaced,
    tabled,
)
from ruleproof.spec.bigfive import (
    KINDS,
    MAX_LINE,
    SOLO_DISCARD,
    BigFiveMove,
    BigFiveState,
    BigFiveVariant,
    Bonus,
    BonusBlind,
    BonusCount,
    BonusPile,
    Box,
    Deal,
    Decline,
    Discard,
    Draw,
    Exchange,
    Pass,
    PlayAnalysis,
    bonus_hook_in_force,
    deck_cards,
    drawing_seat,
    has_identical_cards,
    top_segment,
    with_bonus_hook,
)
from ruleproof.spec.core import CHANCE, GameSpec, Step

S: TypeAlias = Step[BigFiveVariant, BigFiveState, Any]


def _everywhere(name: str, fast: Callable[..., Any], *modules: Any, memory: str = "") -> tuple[FastCalculation, ...]:
    """One :class:`FastCalculation` per plain module that looks ``name`` up (the name is bound in each of them
    to the same plain function), all replaced by the one ``fast``."""
    original = getattr(modules[0], name)
    return tuple(FastCalculation(module.__name__, name, original, fast, memory) for module in modules)


# --------------------------------------------------------------------------
# Memories of whole-state questions

_phase = remember_last_one(components.compute_phase)
_whose_turn = remember_last_one(components.compute_whose_turn)
_move_kinds = remember_last_one(plain.compute_move_kinds)
_can_place = remember_last(board.can_place)
#: The setup length of the last configuration asked about (the same variant object throughout a game), and a table.
_setup_length = remember_last(functools.lru_cache(maxsize=64)(components.setup_length))

#: ``compute_successor_under`` with a table of answers (the states, moves and hooks are hashable values).
_successor_table = functools.lru_cache(maxsize=256)(plain.compute_successor_under)
_successor_under = remember_last(_successor_table)


def compute_successor(state: BigFiveState, actor: int, move: BigFiveMove) -> BigFiveState:
    """:func:`~ruleproof.spec.bigfive.compute_successor` from a memory of the last answer and a table of 256,
    keyed by the state, actor, move and the bonus hook in force."""
    return _successor_under(state, actor, move, bonus_hook_in_force())


# --------------------------------------------------------------------------
# Fast forms (``Rule.holds``): True exactly when the rule's message form returns None, without the message.


def _holds_phase(step: S) -> bool:
    return type(step.move) in _move_kinds(step.before)


def _holds_deal_card(step: S) -> bool:
    move = step.move
    if not isinstance(move, Deal):
        return True
    return move.card in (deck_cards(step.variant) if step.before.round_over else step.before.pool)


def _holds_draw_top(step: S) -> bool:
    move = step.move
    if not isinstance(move, (Draw, Box)):
        return True
    return move.card in top_segment(step.before.decks[drawing_seat(step.before)])


def _play_analysis(step: S) -> PlayAnalysis:
    return analyse_play(step.before.board, step.move.placed)


def _holds_rule3(step: S) -> bool:
    return holds_uniform_lines(step.before.board, step.move.placed)


def _holds_identical(step: S) -> bool:
    for _, cards in _play_analysis(step).lines:
        if has_identical_cards(cards):
            return False
    return True


def _holds_length(step: S) -> bool:
    for _, cards in _play_analysis(step).lines:
        if len(cards) > MAX_LINE:
            return False
    return True


def candidate_moves(state: BigFiveState, actor: int) -> Iterable[BigFiveMove]:
    """:func:`~ruleproof.spec.bigfive.candidate_moves` with the hand's groups and plays built from tables
    (:mod:`ruleproof.spec.accel.bigfive_plays`) and the chance moves and bonus moves made once."""
    if actor == CHANCE:
        return list(_CHANCE_MOVES)
    if not 0 <= actor < state.players:
        return []
    hand = state.hands[actor]
    moves: list[BigFiveMove] = list(_SEAT_MOVES)
    for size in range(1, len(hand) + 1):
        moves += [Exchange(g) for g in hand_groups(hand, size)]
    moves += [Discard(g) for g in hand_groups(hand, SOLO_DISCARD)] if len(hand) >= SOLO_DISCARD else []
    if _phase(state) == "act":
        moves += candidate_plays(state.board, hand, False, state.variant.max_group)
    return moves


#: The chance moves of :func:`candidate_moves`, and a seat's moves that do not depend on its hand.
_CHANCE_MOVES: tuple[BigFiveMove, ...] = (*map(Deal, range(KINDS)), *map(Draw, range(KINDS)), *map(Box, range(KINDS)))
_SEAT_MOVES: tuple[BigFiveMove, ...] = (*map(Bonus, range(KINDS)), *map(BonusPile, range(KINDS)), BonusBlind(),
                                        Decline(), Pass())


_FAST_FORMS = (
    FastForm("BF-TURN-2", holds=_holds_phase),
    FastForm("BF-DEAL-1", holds=_holds_deal_card),
    FastForm("BF-LINE-3", holds=_holds_rule3),
    FastForm("BF-LINE-4", holds=_holds_identical),
    FastForm("BF-LINE-5", holds=_holds_length),
    FastForm("BF-DRAW-1", holds=_holds_draw_top),
)

#: Everything attached to the Big Five specification.
ACCELERATION = Acceleration(
    "bigfive",
    fast_forms=_FAST_FORMS,
    calculations=(
        *_everywhere("compute_phase", _phase, components, plain, memory="last"),
        replaced(plain, "compute_whose_turn", _whose_turn),
        replaced(plain, "compute_move_kinds", _move_kinds),
        replaced(components, "setup_length", _setup_length),
        replaced(plain, "compute_successor", compute_successor),
        replaced(plain, "can_place", _can_place),
        *_everywhere("analyse_play", analyse_play, board, plain),
        replaced(board, "is_line_uniform", is_line_uniform),
        replaced(board, "candidate_plays", candidate_plays),
    ),
    whose_turn=_whose_turn,
    candidate_moves=candidate_moves,
)


def build_spec(bonus: BonusCount, *, name: str = "bigfive",
               title: str = "Big Five (Gib mir 5!)") -> GameSpec[BigFiveVariant, BigFiveState, BigFiveMove]:
    """:func:`ruleproof.spec.bigfive.build_spec` with the accelerations attached (when switched on): its fast
    forms, like its rules, are asked with ``bonus`` counting the bonus.

    >>> build_spec(BonusCount(), name="bigfive-demo").rule("BF-LINE-3").holds is not None or not ENABLED
    True
    """
    hooked = tuple(FastForm(form.rule_id,
                            holds=None if form.holds is None else with_bonus_hook(bonus, form.holds),
                            check=None if form.check is None else with_bonus_hook(bonus, form.check))
                   for form in _FAST_FORMS)
    acceleration = Acceleration("bigfive", hooked, ACCELERATION.calculations, ACCELERATION.whose_turn,
                                ACCELERATION.candidate_moves)
    return accelerate(plain.build_spec(bonus, name=name, title=title), acceleration)


#: The Big Five specification, accelerated (the plain one when accelerations are switched off).
SPEC: GameSpec[BigFiveVariant, BigFiveState, BigFiveMove] = accelerate(plain.SPEC, ACCELERATION)
