"""The Cinco specification: every rule, every ambiguity flag, the rulebook's examples."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from rulefacts import Layers
from ruleproof.model.cinco import GAME
from ruleproof.spec.cinco import (
    AMBIGUITIES,
    DRAW,
    LINE,
    PLAYER_COUNTS,
    EXCHANGE,
    RULEBOOK,
    RULES,
    SPEC,
    Board,
    CincoState,
    CincoVariant,
    Deal,
    Draw,
    Exchange,
    Play,
    colour_of,
    colours_in_game,
    compute_target_cells,
    compute_whose_turn,
    compute_winners,
    initial_state,
    layout_of,
    parse_move,
)
from ruleproof.spec.cinco_board import FREE, can_still_win, compute_windows, hex_layout, is_win, square_layout
from ruleproof.checkers.smt.cinco_readings import full_board_placement, stuck_seat
from ruleproof.spec.core import CHANCE, TERMINAL, variant_choices
from ruleproof.spec.errors import MoveParseError, PlayerCountError, VariantError

V = CincoVariant
#: Rulebook facts on spec and engine separately (tests/rulefacts.py).
CI = Layers[CincoState, object](GAME)
HEX = hex_layout()
#: Five cells in a row on the hexagon, left of the centre, and the sixth beyond... none (board edge).
HEX_ROW = [HEX.number_at((q, 0)) for q in range(-5, 0)]
#: A hex line of seven cells (r = 3 has q from -5 to 2): cells for 6-runs.
HEX_LONG = [HEX.number_at((q, 3)) for q in range(-5, 3)]


def position(
    players: int = 2,
    variant: CincoVariant = V(),
    *,
    hands: tuple[tuple[int, ...], ...] | None = None,
    chips_on: dict[int, int] | None = None,
    discards: tuple[tuple[int, ...], ...] | None = None,
    deck: tuple[int, ...] | None = None,
    chips: tuple[int, ...] | None = None,
    owed: tuple[int, ...] | None = None,
    turn: int = 0,
) -> CincoState:
    """A consistent position: the deck holds every card not in a hand or discard pile."""
    size = layout_of(variant).size
    hands = hands if hands is not None else tuple(() for _ in range(players))
    discards = discards if discards is not None else tuple(() for _ in range(players))
    used = {c for h in hands for c in h} | {c for p in discards for c in p}
    if deck is None:
        deck = tuple(c for c in range(1, size + 1) if c not in used)
    board = [FREE] * size
    for cell, colour in (chips_on or {}).items():
        board[cell - 1] = colour
    colours = colours_in_game(players, variant)
    if chips is None:
        chips = tuple(variant.chips - board.count(c) for c in range(colours))
    return CincoState(
        variant, players, deck, tuple(tuple(sorted(h)) for h in hands), tuple(tuple(sorted(p)) for p in discards),
        owed or (0,) * players, tuple(board), chips, turn, -1, False,
    )


def ids(state: CincoState, move: object, actor: int | None = None) -> tuple[str, ...]:
    who = compute_whose_turn(state) if actor is None else actor
    return SPEC.check_move(state.variant, state, who, move).rule_ids  # type: ignore[arg-type]


def effect_ids(before: CincoState, move: object, after: CincoState, actor: int | None = None) -> tuple[str, ...]:
    who = compute_whose_turn(before) if actor is None else actor
    return SPEC.check_transition(before.variant, before, who, move, after).rule_ids  # type: ignore[arg-type]


def engine_after(state: CincoState, move: object) -> CincoState:
    return GAME.apply(state, move)  # type: ignore[arg-type]


# -- structure -----------------------------------------------------------------


def test_rule_ids_unique_and_sources_verbatim(rulebooks: Path) -> None:
    text = (rulebooks / RULEBOOK).read_text(encoding="utf-8")
    assert len({r.id for r in RULES}) == len(RULES)
    for rule in RULES:
        assert rule.source.rulebook == RULEBOOK
        assert rule.source.section in text, rule.id
    for amb in AMBIGUITIES:
        assert amb.source.section in text, amb.id
        assert amb.quote in text, amb.id


def test_rule_constants_quote_the_rulebook(rulebooks: Path) -> None:
    """Every number of the table is the rulebook's, quoted verbatim from the section it names."""
    from ruleproof.spec.cinco import CONSTANTS

    text = (rulebooks / RULEBOOK).read_text(encoding="utf-8")
    for constant in CONSTANTS:
        assert constant.source.rulebook == RULEBOOK and constant.source.section in text, constant.name
        assert constant.quote in text, constant.name
    numbers = {c.name: c.value for c in CONSTANTS}
    assert numbers == {"min_players": 2, "max_players": 6, "team_players": (4, 6), "team_sizes": (2, 3),
                       "cells": 90, "chips": 35, "hand_size": 4, "line_length": 5}
    assert PLAYER_COUNTS == (2, 3, 4, 6)  # CI-SETUP-1: five players cannot sit in alternating teams


def test_every_flag_is_a_variant_field() -> None:
    names = {f.name for f in dataclasses.fields(CincoVariant)}
    assert {"layout", "layout_data", "layout_sha256", "exact_five", "teams6", "joker", "chips"} <= names
    assert variant_choices(CincoVariant, "layout") == ("hex", "square")
    assert variant_choices(CincoVariant, "teams6") == ("2x3", "3x2")
    for amb in AMBIGUITIES:
        assert amb.flag == "" or amb.flag in names


def test_move_text_forms_round_trip() -> None:
    for move in (Deal(5), DRAW, EXCHANGE, Play(34, 50), Play(90, 0)):
        assert parse_move(str(move)) == move
        assert eval(repr(move)) == move  # noqa: S307 - evaluable repr
    assert DRAW != EXCHANGE and DRAW != Deal(1)
    assert sorted([Play(3, 4), DRAW, Play(1, 0)]) == [DRAW, Play(1, 0), Play(3, 4)]


@pytest.mark.parametrize("text", ["play", "play x at 3", "play 3 at", "deal -1", "burn 3", "draw 2", "play 3 on 4"])
def test_invalid_move_text(text: str) -> None:
    with pytest.raises(MoveParseError):
        parse_move(text)


def test_invalid_variant_values() -> None:
    from ruleproof.spec.errors import VariantError

    with pytest.raises(VariantError, match=r"chips must be from 1 to 256 .*got 0 \(limit MAX_CHIPS\)"):
        V(chips=0)
    with pytest.raises(VariantError, match="teams6"):
        V(teams6="1x6")  # type: ignore[arg-type]


def test_rule_constant_flags_are_bounded_by_the_table() -> None:
    """Every constant a reading may change is a flag with the table's value as default and its bounds, and a
    value just past either bound is refused naming the flag and its limit."""
    from ruleproof.spec.cinco import CONSTANTS
    from ruleproof.spec.errors import VariantError

    flags = {"chips", "hand_size", "line_length"}
    assert {c.name for c in CONSTANTS if c.low is not None} == flags
    for name in sorted(flags):
        constant = CONSTANTS.constant(name)
        assert getattr(V(), name) == constant.value
        assert constant.low is not None and constant.high is not None
        assert getattr(V(**{name: constant.low}), name) == constant.low
        assert getattr(V(**{name: constant.high}), name) == constant.high
        for wrong in (constant.low - 1, constant.high + 1, True):
            with pytest.raises(VariantError, match=f"{name} must be from {constant.low} to {constant.high}") as info:
                V(**{name: wrong})
            assert info.value.flag == name


def test_every_line_length_suits_both_shipped_boards_and_a_short_board_is_refused() -> None:
    from ruleproof.spec.cinco import CONSTANTS
    from ruleproof.spec.cinco_board import custom_layout_flags, line_problems
    from ruleproof.spec.errors import VariantError

    line = CONSTANTS.constant("line_length")
    assert line.low is not None and line.high is not None
    for length in range(line.low, line.high + 1):
        for layout in (hex_layout(), square_layout()):
            assert line_problems(layout, length) == [], (layout.name, length)
    assert line_problems(hex_layout(), line.high + 1)  # the hexagon's corners lie on no run of seven
    row = custom_layout_flags(square_layout(5, 1))  # one row of five cells
    assert V(**row).line_length == 5 and V(**row, line_length=4).line_length == 4
    with pytest.raises(VariantError, match="lie on no run of 6 cells|needs at least 6 cells") as info:
        V(**row, line_length=6)
    assert info.value.flag == "layout_data"


# -- setup and turn order ---------------------------------------------------------


@pytest.mark.rule("CI-SETUP-1")
def test_invalid_five_players() -> None:
    with pytest.raises(PlayerCountError, match="5 players cannot form teams"):
        initial_state(5, V())
    with pytest.raises(PlayerCountError, match="got 5"):
        GAME.initial_state(5, V())
    for n in (1, 7):
        with pytest.raises(PlayerCountError):
            GAME.initial_state(n, V())
    state = position(2, hands=((1, 2, 3, 4), (5, 6, 7, 8)))._replace(players=5)
    assert "CI-SETUP-1" in ids(state, Play(1, 1), 0)
    assert "CI-SETUP-1" not in ids(position(2, hands=((1, 2, 3, 4), ())), Play(1, 1), 0)


def test_invalid_layout_too_small_for_players(tmp_path: Path) -> None:
    import json

    from ruleproof.model.io.inputs import load_layout_file
    from ruleproof.spec.cinco import custom_layout_flags
    from ruleproof.spec.cinco_board import layout_to_json

    coords = tuple((x, y) for y in range(4) for x in range(5))  # 20 cells
    data = layout_to_json(HEX._replace(name="tiny", shape="square", coords=coords, directions=((1, 0), (0, 1))))
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    variant = V(**custom_layout_flags(load_layout_file(path)))
    assert GAME.initial_state(4, variant).deck == tuple(range(1, 21))
    with pytest.raises(PlayerCountError, match="has only 20 cells"):
        GAME.initial_state(6, variant)


@pytest.mark.rule("CI-TURN-1")
def test_turn_order() -> None:
    state = position(3, hands=((1, 2, 3), (4, 5, 6), (7, 8, 9)), turn=1)
    assert compute_whose_turn(state) == 1
    assert "CI-TURN-1" in ids(state, Play(1, 1), 0)
    assert "CI-TURN-1" not in ids(state, Play(4, 4), 1)
    assert "CI-TURN-1" in ids(state, Deal(10), CHANCE)
    owed = state._replace(owed=(0, 1, 0))
    assert compute_whose_turn(owed) == CHANCE
    assert "CI-TURN-1" in ids(owed, Play(4, 4), 1)
    assert "CI-TURN-1" in ids(owed, DRAW, CHANCE)
    assert "CI-TURN-1" in ids(state, Deal(10), 1)
    over = state._replace(finished=True)
    assert compute_whose_turn(over) == TERMINAL
    assert "CI-TURN-1" in ids(over, Play(4, 4), 1)
    # The engine agrees.
    assert GAME.current_player(state) == 1 and GAME.current_player(owed) == CHANCE
    start = initial_state(4, V())
    assert compute_whose_turn(start) == CHANCE and start.owed == (4, 4, 4, 4) and start.turn == 0


@pytest.mark.rule("CI-TURN-2")
def test_turn_passes_and_game_goes_on() -> None:
    state = position(3, hands=((10, 20, 30, 40), (4, 5, 6), (7, 8, 9)))
    move = Play(10, 50)
    after = engine_after(state, move)
    assert after.turn == 1 and not after.finished
    assert "CI-TURN-2" not in effect_ids(state, move, after)
    assert "CI-TURN-2" in effect_ids(state, move, after._replace(turn=2))
    assert "CI-TURN-2" in effect_ids(state, move, after._replace(finished=True))
    after_draw = engine_after(state._replace(turn=1), DRAW)
    assert after_draw.turn == 2
    assert "CI-TURN-2" in effect_ids(state._replace(turn=1), DRAW, after_draw._replace(turn=1))


# -- dealing and the deck --------------------------------------------------------------


@pytest.mark.rule("CI-DEAL-1")
def test_deal_from_deck() -> None:
    state = position(2, hands=((1, 2, 3), (4, 5, 6, 7)), owed=(1, 0))
    assert "CI-DEAL-1" in ids(state, Deal(4), CHANCE)
    assert "CI-DEAL-1" not in ids(state, Deal(50), CHANCE)
    assert Deal(4) not in GAME.legal_moves(state) and Deal(50) in GAME.legal_moves(state)
    # Empty deck: the next card comes from the discard piles.
    empty = position(2, hands=((1, 2, 3), (4, 5, 6, 7)), discards=((8, 9), (10,)), deck=(), owed=(1, 0))
    assert "CI-DEAL-1" not in ids(empty, Deal(10), CHANCE)
    assert "CI-DEAL-1" in ids(empty, Deal(50), CHANCE)
    assert GAME.legal_moves(empty) == (Deal(8), Deal(9), Deal(10))


@pytest.mark.rule("CI-DEAL-2")
def test_dealt_card_joins_lowest_owed_hand() -> None:
    state = position(3, hands=((1,), (2,), (3,)), owed=(0, 2, 1))
    after = engine_after(state, Deal(50))
    assert after.hands[1] == (2, 50) and after.owed == (0, 1, 1) and 50 not in after.deck
    assert "CI-DEAL-2" not in effect_ids(state, Deal(50), after)
    wrong = after._replace(hands=((1,), (2,), (3, 50)))
    assert "CI-DEAL-2" in effect_ids(state, Deal(50), wrong)
    assert "CI-DEAL-2" in effect_ids(state, Deal(50), after._replace(owed=(0, 2, 1)))
    assert "CI-DEAL-2" in effect_ids(state, Deal(50), after._replace(deck=state.deck))


def test_initial_deal_four_each_then_seat_zero() -> None:
    state = GAME.new_game(6, V(), seed=11)
    assert [len(h) for h in state.hands] == [4] * 6
    assert len(state.deck) == 90 - 24
    assert GAME.current_player(state) == 0


@pytest.mark.rule("CI-DECK-1")
def test_reshuffle_when_deck_runs_out() -> None:
    state = position(2, hands=((1, 2, 3), (4, 5, 6, 7)), discards=((8, 9), (10,)), deck=(), owed=(1, 0))
    # Conservation needs the remaining cards somewhere: put the rest on seat 1's pile.
    rest = tuple(range(11, 91))
    state = state._replace(discards=((8, 9), (10,) + rest))
    after = engine_after(state, Deal(9))
    assert after.discards == ((), ()) and after.deck == tuple(c for c in range(8, 91) if c != 9)
    assert after.hands[0] == (1, 2, 3, 9)
    assert "CI-DECK-1" not in effect_ids(state, Deal(9), after)
    kept = after._replace(discards=((8,), (10,) + rest), deck=())
    assert "CI-DECK-1" in effect_ids(state, Deal(9), kept)
    # With cards in the deck the piles stay put (CI-DEAL-2).
    normal = position(2, hands=((1, 2, 3), ()), discards=((8,), ()), owed=(1, 0))
    moved = engine_after(normal, Deal(50))._replace(discards=((), ()), deck=tuple(c for c in normal.deck if c != 50) + (8,))
    assert "CI-DEAL-2" in effect_ids(normal, Deal(50), moved)


def test_reshuffle_includes_just_exchanged_cards() -> None:
    """CI-AMB-5: the four exchanged cards are in the discards when the deck runs out."""
    rest = tuple(range(13, 91))
    state = position(2, hands=((1, 2, 3, 4), (5, 6, 7, 8)), discards=((), rest), deck=(9, 10, 11, 12))
    state = engine_after(state, EXCHANGE)
    for card in (9, 10, 11, 12):
        state = engine_after(state, Deal(card))
    assert state.deck == () and state.hands[0] == (9, 10, 11, 12)
    state = engine_after(state, Play(5, 5))
    state = engine_after(state, Play(9, 9))
    state = engine_after(state, DRAW)
    assert {m.card for m in GAME.legal_moves(state)} == {1, 2, 3, 4, 5, 9} | set(rest)  # type: ignore[union-attr]


# -- the hand -------------------------------------------------------------------------------


@pytest.mark.rule("CI-HAND-1")
def test_draw_only_below_four_cards() -> None:
    four = position(2, hands=((1, 2, 3, 4), (5,)))
    assert "CI-HAND-1" in ids(four, DRAW)
    assert DRAW not in GAME.legal_moves(four)
    three = position(2, hands=((1, 2, 3), (5,)))
    assert "CI-HAND-1" not in ids(three, DRAW)
    assert DRAW in GAME.legal_moves(three)
    empty = position(2, hands=((), (5,)))
    assert GAME.legal_moves(empty) == (DRAW,)
    assert SPEC.spec_legal_moves(V(), empty, 0) == [DRAW]


@pytest.mark.rule("CI-HAND-2")
def test_exchange_only_with_four_cards() -> None:
    three = position(2, hands=((1, 2, 3), (5,)))
    assert "CI-HAND-2" in ids(three, EXCHANGE)
    assert EXCHANGE not in GAME.legal_moves(three)
    four = position(2, hands=((1, 2, 3, 4), (5,)))
    assert "CI-HAND-2" not in ids(four, EXCHANGE)
    assert GAME.legal_moves(four)[0] == EXCHANGE


@pytest.mark.rule("CI-HAND-3")
def test_draw_effect() -> None:
    state = position(2, hands=((1, 2), (5,)))
    after = engine_after(state, DRAW)
    assert after.owed == (1, 0) and after.hands == state.hands and after.turn == 1
    assert "CI-HAND-3" not in effect_ids(state, DRAW, after)
    assert "CI-HAND-3" in effect_ids(state, DRAW, after._replace(owed=(2, 0)))
    assert "CI-HAND-3" in effect_ids(state, DRAW, after._replace(hands=((1, 2, 50), (5,))))


@pytest.mark.rule("CI-HAND-4")
def test_exchange_effect() -> None:
    state = position(2, hands=((1, 2, 3, 4), (5,)), discards=((60,), ()))
    after = engine_after(state, EXCHANGE)
    assert after.hands[0] == () and after.discards[0] == (1, 2, 3, 4, 60) and after.owed == (4, 0)
    assert "CI-HAND-4" not in effect_ids(state, EXCHANGE, after)
    assert "CI-HAND-4" in effect_ids(state, EXCHANGE, after._replace(discards=((60,), (1, 2, 3, 4))))
    assert "CI-HAND-4" in effect_ids(state, EXCHANGE, after._replace(owed=(3, 0)))


# -- playing a card ----------------------------------------------------------------------------


@pytest.mark.rule("CI-PLAY-1")
def test_play_from_own_hand() -> None:
    state = position(2, hands=((1, 2, 3, 4), (5,)))
    assert "CI-PLAY-1" in ids(state, Play(5, 50))
    assert "CI-PLAY-1" not in ids(state, Play(4, 50))
    assert Play(5, 50) not in GAME.legal_moves(state)


@pytest.mark.rule("CI-PLAY-2")
def test_chip_on_free_cell() -> None:
    state = position(2, hands=((10, 2, 3, 4), (5,)), chips_on={50: 1})
    assert "CI-PLAY-2" in ids(state, Play(10, 50))
    assert "CI-PLAY-2" in ids(state, Play(10, 91))
    assert "CI-PLAY-2" not in ids(state, Play(10, 51))
    assert Play(10, 50) not in GAME.legal_moves(state) and Play(10, 51) in GAME.legal_moves(state)


@pytest.mark.rule("CI-PLAY-3")
@pytest.mark.example("Ход игры")
def test_cell_at_or_above_card() -> None:
    """The text: a player who plays card 34 may take any free cell 34, 35, ..., 90."""
    state = position(2, hands=((34, 2, 3, 4), (5,)))
    assert compute_target_cells(V(), state.board, 34) == tuple(range(34, 91))
    assert "CI-PLAY-3" in ids(state, Play(34, 33))
    assert "CI-PLAY-3" not in ids(state, Play(34, 34))
    plays_34 = [m for m in GAME.legal_moves(state) if isinstance(m, Play) and m.card == 34]
    assert [m.cell for m in plays_34] == list(range(34, 91))
    CI.allows(state, Play(34, 34))
    CI.allows(state, Play(34, 90))
    CI.refuses(state, Play(34, 33), "CI-PLAY-3")


@pytest.mark.rule("CI-PLAY-4")
@pytest.mark.example("Ход игры")
def test_card_burns_without_free_cell() -> None:
    """The text: the first player plays 60 and takes cell 90; the second player's 90 then burns."""
    state = position(2, hands=((60, 1, 2, 3), (90, 4, 5, 6)))
    state = engine_after(state, Play(60, 90))
    assert GAME.current_player(state) == 1
    assert Play(90, 0) in GAME.legal_moves(state)
    assert not any(isinstance(m, Play) and m.card == 90 and m.cell for m in GAME.legal_moves(state))
    assert "CI-PLAY-4" not in ids(state, Play(90, 0))
    assert "CI-PLAY-4" in ids(state, Play(4, 0))
    after = engine_after(state, Play(90, 0))
    assert after.board == state.board and after.chips == state.chips and 90 in after.discards[1]
    CI.refuses(state, Play(90, 90), "CI-PLAY-2")
    CI.step(state, Play(90, 0), {"board": state.board, "chips": state.chips, "discards": ((60,), (90,))})


@pytest.mark.rule("CI-PLAY-3", "CI-PLAY-4")
@pytest.mark.example("Вариант ДЖОКЕР")
def test_joker_variant() -> None:
    """The text's Joker example: card 56 took cell 90 and card 37 took cell 89; cards 89 and 90
    become jokers that may take any free cell, even cell 1."""
    for joker in (False, True):
        variant = V(joker=joker)
        state = position(2, variant, hands=((56, 89, 1, 2), (37, 90, 3, 4)))
        state = engine_after(state, Play(56, 90))
        state = engine_after(state, Play(37, 89))
        moves = GAME.legal_moves(state)
        if joker:
            CI.allows(state, Play(89, 1))
            CI.refuses(state, Play(89, 0), "CI-PLAY-4")
            assert Play(89, 1) in moves and Play(89, 0) not in moves
            assert "CI-PLAY-3" not in ids(state, Play(89, 1))
            assert "CI-PLAY-4" in ids(state, Play(89, 0))
            # A card that still has a free cell at or above it is no joker.
            assert "CI-PLAY-3" in ids(state, Play(2, 1))
        else:
            CI.allows(state, Play(89, 0))
            CI.refuses(state, Play(89, 1), "CI-PLAY-3")
            assert Play(89, 0) in moves and Play(89, 1) not in moves
            assert "CI-PLAY-3" in ids(state, Play(89, 1))
            assert "CI-PLAY-4" not in ids(state, Play(89, 0))


@pytest.mark.rule("CI-PLAY-4")
@pytest.mark.example("Вариант ДЖОКЕР")
def test_joker_may_burn_under_joker_burn() -> None:
    """CI-AMB-12: «ей может быть занято ЛЮБОЕ свободное место на поле» — *may*: with ``joker_burn`` the text's
    joker card 89 may take any free cell or burn; without it, it must take a cell (spec and engine alike)."""
    for joker_burn in (False, True):
        variant = V(joker=True, joker_burn=joker_burn)
        state = position(2, variant, hands=((56, 89, 1, 2), (37, 90, 3, 4)))
        state = engine_after(state, Play(56, 90))
        state = engine_after(state, Play(37, 89))
        moves = GAME.legal_moves(state)
        CI.allows(state, Play(89, 1))
        assert Play(89, 1) in moves
        if joker_burn:
            CI.allows(state, Play(89, 0))
            assert Play(89, 0) in moves and GAME.is_legal_move(state, Play(89, 0))
            # a card with a free cell at or above it is no joker: it still may not burn
            assert "CI-PLAY-4" in ids(state, Play(2, 0)) and Play(2, 0) not in moves
        else:
            CI.refuses(state, Play(89, 0), "CI-PLAY-4")
            assert Play(89, 0) not in moves and not GAME.is_legal_move(state, Play(89, 0))


@pytest.mark.rule("CI-SETUP-1")
def test_five_play_alone_under_five_alone() -> None:
    """CI-AMB-11: «Игра для двух-шести игроков.» and teams only «В случае 4х или 6ти игроков»: with
    ``five="alone"`` five players play, each alone with a colour of its own; by default five are refused."""
    with pytest.raises(PlayerCountError, match="five=alone"):
        GAME.initial_state(5, V())
    variant = V(five="alone")
    state = GAME.initial_state(5, variant)
    assert state.players == 5 and len(state.chips) == 5
    assert [colour_of(5, variant, s) for s in range(5)] == [0, 1, 2, 3, 4]
    assert "CI-SETUP-1" not in ids(position(2, variant, hands=((1, 2, 3, 4), (5, 6, 7, 8)))._replace(players=5),
                                   Play(1, 1), 0)
    rng = random.Random(3)
    for _ in range(400):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, GAME.random_move(state, rng))
    assert GAME.is_terminal(state) or sum(1 for c in state.board if c >= 0) > 0


@pytest.mark.rule("CI-PLAY-5")
def test_chip_needed() -> None:
    state = position(2, hands=((10, 2, 3, 4), (5,)), chips=(0, 35))
    assert "CI-PLAY-5" in ids(state, Play(10, 10))
    assert "CI-PLAY-5" not in ids(state, Play(10, 0))
    assert "CI-PLAY-5" not in ids(state._replace(chips=(1, 35)), Play(10, 10))


@pytest.mark.rule("CI-PLAY-6")
def test_played_card_to_own_pile() -> None:
    state = position(2, hands=((10, 2, 3, 4), (5,)), discards=((), (70,)))
    after = engine_after(state, Play(10, 12))
    assert after.hands[0] == (2, 3, 4) and after.discards == ((10,), (70,))
    assert "CI-PLAY-6" not in effect_ids(state, Play(10, 12), after)
    assert "CI-PLAY-6" in effect_ids(state, Play(10, 12), after._replace(discards=((), (10, 70))))
    assert "CI-PLAY-6" in effect_ids(state, Play(10, 12), after._replace(hands=state.hands))
    burn = position(2, hands=((90, 2, 3, 4), (5,)), chips_on={90: 1})
    burnt = engine_after(burn, Play(90, 0))
    assert "CI-PLAY-6" not in effect_ids(burn, Play(90, 0), burnt)
    assert "CI-PLAY-6" in effect_ids(burn, Play(90, 0), burnt._replace(chips=(34, 34)))


@pytest.mark.rule("CI-TEAM-1")
def test_team_colours_and_shared_stock() -> None:
    assert [colour_of(4, V(), s) for s in range(4)] == [0, 1, 0, 1]
    assert [colour_of(6, V(), s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert [colour_of(6, V(teams6="3x2"), s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    assert [colour_of(3, V(), s) for s in range(3)] == [0, 1, 2]
    hands = ((1,), (2,), (3,), (10, 11, 12), (4,), (5,))
    for teams6, colour in (("2x3", 1), ("3x2", 0)):
        state = position(6, V(teams6=teams6), hands=hands, turn=3)
        after = engine_after(state, Play(10, 40))
        assert after.board[39] == colour and after.chips[colour] == 34
        assert "CI-TEAM-1" not in effect_ids(state, Play(10, 40), after)
        wrong = after._replace(board=state.board[:39] + (1 - colour,) + state.board[40:])
        assert "CI-TEAM-1" in effect_ids(state, Play(10, 40), wrong)
        assert "CI-TEAM-1" in effect_ids(state, Play(10, 40), after._replace(chips=state.chips))
    assert len(initial_state(6, V(teams6="3x2")).chips) == 3 and len(initial_state(6, V()).chips) == 2


# -- the end ------------------------------------------------------------------------------------


@pytest.mark.rule("CI-WIN-1")
@pytest.mark.example("Конец игры")
def test_five_in_a_line_wins() -> None:
    """The text: a player who forms an unbroken straight row of five chips wins at once."""
    chips_on = {n: 0 for n in HEX_ROW[:4]}
    state = position(2, hands=((1, 2, 3, 4), (5,)), chips_on=chips_on)
    move = Play(1, HEX_ROW[4])
    CI.step(state, move, {"finished": True, "winner": 0}, wrong=[{"finished": False, "winner": -1}])
    after = engine_after(state, move)
    assert after.finished and after.winner == 0
    assert is_win(Board(HEX, after.board), 0, length=LINE)
    assert "CI-WIN-1" not in effect_ids(state, move, after)
    assert "CI-WIN-1" in effect_ids(state, move, after._replace(finished=False, winner=-1))
    # No line: claiming a win is wrong.
    other = Play(1, 1)
    after_other = engine_after(state, other)
    assert not after_other.finished
    assert "CI-WIN-1" in effect_ids(state, other, after_other._replace(finished=True, winner=0))
    # The same cells are no line on the square board.
    square = position(2, V(layout="square"), hands=((1, 2, 3, 4), (5,)), chips_on=chips_on)
    assert not engine_after(square, move).finished


@pytest.mark.rule("CI-WIN-1")
def test_exact_five_flag() -> None:
    """A run of six wins by default; with exact_five only a run of exactly five does."""
    chips_on = {n: 0 for n in HEX_LONG[:5]}  # a run of five broken at the 6th cell
    del chips_on[HEX_LONG[2]]
    chips_on[HEX_LONG[5]] = 0
    for exact in (False, True):
        variant = V(exact_five=exact)
        state = position(2, variant, hands=((1, 2, 3, 4), (5,)), chips_on=chips_on)
        move = Play(1, HEX_LONG[2])  # completes a run of six
        after = engine_after(state, move)
        assert after.finished is (not exact)
        assert is_win(Board(HEX, after.board), 0, LINE, exact) is (not exact)
        assert "CI-WIN-1" not in effect_ids(state, move, after)
        flipped = after._replace(finished=exact, winner=0 if exact else -1)
        assert "CI-WIN-1" in effect_ids(state, move, flipped)
    # Exactly five wins under both readings.
    five = {n: 0 for n in HEX_LONG[:4]}
    state = position(2, V(exact_five=True), hands=((1, 2, 3, 4), (5,)), chips_on=five)
    assert engine_after(state, Play(1, HEX_LONG[4])).winner == 0


@pytest.mark.rule("CI-END-1")
@pytest.mark.example("Особые случаи")
def test_out_of_chips_is_a_draw() -> None:
    """The text: a player may use up all their chips; the game is then a draw."""
    state = position(2, V(chips=3), hands=((1, 2, 3, 4), (5,)), chips_on={10: 0, 20: 0, 30: 1})
    assert state.chips == (1, 2)
    CI.step(state, Play(1, 80), {"finished": True, "winner": -1, "chips": (0, 2)}, wrong=[{"finished": False}])
    after = engine_after(state, Play(1, 80))
    assert after.finished and after.winner == -1 and after.chips == (0, 2)
    CI.outcome(after, {0, 1}, wrong=[{0}])
    assert compute_winners(after) == frozenset({0, 1})
    assert "CI-END-1" not in effect_ids(state, Play(1, 80), after)
    assert "CI-END-1" in effect_ids(state, Play(1, 80), after._replace(finished=False))
    # The chips flag changes when this happens.
    more = position(2, V(chips=4), hands=((1, 2, 3, 4), (5,)), chips_on={10: 0, 20: 0, 30: 1})
    assert not engine_after(more, Play(1, 80)).finished


def _full_board_position() -> tuple[CincoState, Play]:
    """Three colours, colour (q - r) mod 3, no two equal neighbours; one cell left free."""
    colours = {n: (q - r) % 3 for n, (q, r) in enumerate(HEX.coords, start=1)}
    last = 45
    to_move = colours[last]
    del colours[last]
    state = position(3, hands=((1, 2, 3), (4, 5, 6), (7, 8, 9)), chips_on=colours, turn=to_move)
    return state, Play(state.hands[to_move][0], last)


@pytest.mark.rule("CI-END-2")
def test_full_board_is_a_draw() -> None:
    state, move = _full_board_position()
    assert min(state.chips) > 0
    after = engine_after(state, move)
    assert FREE not in after.board and after.finished and after.winner == -1
    assert "CI-END-2" not in effect_ids(state, move, after)
    assert "CI-END-2" in effect_ids(state, move, after._replace(finished=False))
    assert not can_still_win(Board(HEX, after.board), 0, length=LINE)


@pytest.mark.rule("CI-END-3")
def test_blocked_position_is_a_drawn_end() -> None:
    """CI-AMB-7: no card in hand and nothing to draw; the engine stays total."""
    state = position(2, hands=((), (5,)), deck=())
    assert compute_whose_turn(state) == TERMINAL and GAME.current_player(state) == TERMINAL
    assert GAME.legal_moves(state) == ()
    assert "CI-END-3" in ids(state, DRAW, 0)
    assert compute_winners(state) == frozenset({0, 1}) == GAME.outcome(state).winners
    assert GAME.returns(state) == (0.5, 0.5)
    owed = position(2, hands=((), (5,)), deck=(), owed=(1, 0))
    assert GAME.current_player(owed) == TERMINAL and GAME.chance_outcomes(owed) == ()
    assert "CI-END-3" in ids(owed, Deal(1), CHANCE)
    assert "CI-END-3" not in ids(position(2, hands=((), (5,))), DRAW, 0)


@pytest.mark.rule("CI-OUT-1")
def test_winners() -> None:
    state = position(4, hands=((1,), (2,), (3,), (4,)))._replace(finished=True, winner=1)
    assert SPEC.check_outcome(V(), state, frozenset({1, 3})).ok
    assert "CI-OUT-1" in SPEC.check_outcome(V(), state, frozenset({1})).rule_ids
    assert GAME.outcome(state).winners == frozenset({1, 3})
    draw = state._replace(winner=-1)
    assert SPEC.check_outcome(V(), draw, frozenset(range(4))).ok
    assert "CI-OUT-1" in SPEC.check_outcome(V(), draw, frozenset()).rule_ids


# -- Z3-layer helpers -----------------------------------------------------------------------------


def test_windows_and_can_still_win() -> None:
    windows = compute_windows(HEX, LINE)
    assert tuple(HEX_ROW) in windows
    board = [FREE] * 90
    assert can_still_win(Board(HEX, tuple(board)), 0, length=LINE)
    # Block every window with a blue chip: red can no longer win, blue can.
    for w in windows:
        if all(board[n - 1] != 1 for n in w):
            board[w[2] - 1] = 1
    blocked = Board(HEX, tuple(board))
    assert not can_still_win(blocked, 0, length=LINE)
    assert can_still_win(blocked, 1, length=LINE)
    assert (can_still_win(Board(HEX, tuple(board)), 1, chips=5, length=LINE)
            is can_still_win(Board(HEX, tuple(board)), 1, length=LINE))
    # exact five: a window flanked by an own chip cannot become an exact run.
    sq = square_layout()
    cells = [FREE] * 90
    cells[5] = 0  # cell 6, just right of window (1..5)
    board_sq = Board(sq, tuple(cells))
    assert can_still_win(board_sq, 0, exact=True, length=LINE)
    only = [1] * 90  # only cells 1..6 are not blue: red 1 and 6, free 2..5
    for n in range(2, 6):
        only[n - 1] = FREE
    only[0] = only[5] = 0
    assert can_still_win(Board(sq, tuple(only)), 0, length=LINE)
    assert not can_still_win(Board(sq, tuple(only)), 0, exact=True, length=LINE)


# -- candidates --------------------------------------------------------------------------------


def test_spec_and_engine_agree_on_random_positions() -> None:
    rng = random.Random(5)
    for players, variant in ((2, V()), (3, V(layout="square", joker=True)), (6, V(teams6="3x2", exact_five=True))):
        state = GAME.new_game(players, variant, seed=rng.randrange(1000))
        for _ in range(120):
            actor = GAME.current_player(state)
            if actor == TERMINAL:
                break
            moves = GAME.legal_moves(state)
            assert sorted(SPEC.spec_legal_moves(variant, state, actor)) == list(moves)
            move = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(moves)
            after = GAME.apply(state, move)
            assert SPEC.check_transition(variant, state, actor, move, after).ok
            state = after


# ==========================================================================
# Every reading playable or shown to contradict a rule (issue 17 item 1)


def spec_moves(state: CincoState) -> set[object]:
    actor = compute_whose_turn(state)
    return set(SPEC.spec_legal_moves(state.variant, state, actor))


def ambiguity(amb_id: str) -> object:
    return next(a for a in AMBIGUITIES if a.id == amb_id)


# -- CI-AMB-5: reshuffle ------------------------------------------------------------------


def _last_card(variant: CincoVariant) -> CincoState:
    """Seat 0 is owed one card and the deck holds only card 9; seat 1's pile holds the rest."""
    rest = tuple(range(10, 91))
    return position(2, variant, hands=((1, 2, 3), (4, 5, 6, 7)), discards=((8,), rest), deck=(9,), owed=(1, 0))


@pytest.mark.rule("CI-DECK-1", "CI-DEAL-2")
def test_reshuffle_flag_on_demand_versus_when_empty() -> None:
    demand, empty = _last_card(V()), _last_card(V(reshuffle="when_empty"))
    after_demand, after_empty = GAME.apply(demand, Deal(9)), GAME.apply(empty, Deal(9))
    # engine: the piles wait (on demand) or become the new deck at once (when empty)
    assert after_demand.deck == () and after_demand.discards == demand.discards
    assert after_empty.deck == (8,) + tuple(range(10, 91)) and after_empty.discards == ((), ())
    # spec: each reading accepts its own after-state and rejects the other's
    assert effect_ids(demand, Deal(9), after_demand) == ()
    assert effect_ids(empty, Deal(9), after_empty) == ()
    assert "CI-DECK-1" in effect_ids(empty, Deal(9), after_demand._replace(variant=empty.variant))
    assert "CI-DEAL-2" in effect_ids(demand, Deal(9), after_empty._replace(variant=demand.variant))
    # the difference shows in play: seat 0 exchanges; the next deal may bring back its own cards only on demand
    four = after_demand._replace(owed=(0, 0), turn=0)
    four_e = after_empty._replace(owed=(0, 0), turn=0)
    x_d, x_e = GAME.apply(four, EXCHANGE), GAME.apply(four_e, EXCHANGE)
    assert Deal(1) in GAME.legal_moves(x_d) and Deal(1) not in GAME.legal_moves(x_e)
    assert Deal(1) in spec_moves(x_d) and Deal(1) not in spec_moves(x_e)


# -- CI-AMB-8: first seat ------------------------------------------------------------------


@pytest.mark.rule("CI-TURN-1")
def test_first_seat_flag() -> None:
    for first in (0, 2):
        variant = V(first_seat=first)
        state = GAME.initial_state(3, variant)
        assert state == initial_state(3, variant)
        for card in range(1, 13):  # the deal still serves seat 0 first
            state = GAME.apply(state, Deal(card))
        assert GAME.current_player(state) == first  # engine
        assert compute_whose_turn(state) == first  # spec
        other = (first + 1) % 3
        assert "CI-TURN-1" in ids(state, DRAW, other)
        assert "CI-TURN-1" not in ids(state, EXCHANGE, first)


def test_invalid_first_seat() -> None:
    with pytest.raises(VariantError, match="first_seat"):
        V(first_seat=-1)
    with pytest.raises(PlayerCountError, match="first_seat 2"):
        GAME.initial_state(2, V(first_seat=2))
    with pytest.raises(PlayerCountError, match="first_seat 2"):
        initial_state(2, V(first_seat=2))


# -- CI-AMB-9: chips out ---------------------------------------------------------------------


@pytest.mark.rule("CI-END-1", "CI-PLAY-4")
def test_chips_out_flag_last_chip_versus_all_out() -> None:
    last = position(2, V(chips=3), hands=((1, 2, 3, 4), (5,)), chips_on={10: 0, 20: 0, 30: 1})
    allout = last._replace(variant=V(chips=3, chips_out="all_out"))
    # engine
    ended, goes_on = GAME.apply(last, Play(1, 80)), GAME.apply(allout, Play(1, 80))
    assert ended.finished and not goes_on.finished and goes_on.chips == (0, 2)
    # spec
    assert "CI-TURN-2" in effect_ids(allout, Play(1, 80), goes_on._replace(finished=True))  # must go on
    assert effect_ids(allout, Play(1, 80), goes_on) == ()
    assert "CI-END-1" in effect_ids(last, Play(1, 80), ended._replace(finished=False))
    # seat 0, out of chips, can only burn its cards (or exchange)
    later = goes_on._replace(turn=0)
    assert GAME.legal_moves(later) == (DRAW, Play(2, 0), Play(3, 0), Play(4, 0))
    assert spec_moves(later) == set(GAME.legal_moves(later))
    assert "CI-PLAY-5" in ids(later, Play(2, 50))
    # the draw comes when the last chip of every colour is placed
    final = allout._replace(chips=(0, 1), board=goes_on.board, turn=1, hands=((2, 3, 4), (5,)))
    done = GAME.apply(final, Play(5, 85))
    assert done.finished and done.winner == -1
    assert effect_ids(final, Play(5, 85), done) == ()
    assert "CI-END-1" in effect_ids(final, Play(5, 85), done._replace(finished=False))


# -- CI-AMB-10: must place --------------------------------------------------------------------


@pytest.mark.rule("CI-PLAY-7")
def test_must_place_flag() -> None:
    free = position(2, hands=((1, 2, 3, 4), (5,)))
    forced = free._replace(variant=V(must_place=True))
    # engine
    assert EXCHANGE in GAME.legal_moves(free)
    assert EXCHANGE not in GAME.legal_moves(forced)
    assert all(isinstance(m, Play) and m.cell for m in GAME.legal_moves(forced))
    # spec
    assert ids(free, EXCHANGE) == ()
    assert ids(forced, EXCHANGE) == ("CI-PLAY-7",)
    assert spec_moves(forced) == set(GAME.legal_moves(forced))
    # without a card that fits, drawing and burning stay allowed
    board = {n: n % 2 for n in range(50, 91)}
    high = position(2, V(must_place=True, chips=60), hands=((60, 70), (5,)), chips_on=board)
    assert GAME.legal_moves(high) == (DRAW, Play(60, 0), Play(70, 0))
    assert spec_moves(high) == set(GAME.legal_moves(high))


# -- contradictions ----------------------------------------------------------------------------


@pytest.mark.rule("CI-PLAY-2", "CI-END-2")
def test_play_on_after_a_full_board_contradicts_the_ends() -> None:
    """CI-AMB-6 'play_on': once the board is full no rule lets a chip be placed, so no end could come."""
    amb = ambiguity("CI-AMB-6")
    assert amb.flag == "" and "play_on" in {r.value for r in amb.readings}  # type: ignore[attr-defined]
    assert "CI-PLAY-2" in amb.contradiction  # type: ignore[attr-defined]
    state, move = _full_board_position()
    full = GAME.apply(state, move)._replace(finished=False, turn=1)
    for seat in range(3):
        seated = full._replace(turn=seat)
        placements = [Play(c, n) for c in seated.hands[seat] for n in range(1, 91)]
        assert all("CI-PLAY-2" in ids(seated, p, seat) for p in placements)
    result = full_board_placement(90)
    assert result.verdict == "unsat" and set(result.core) == {"CI-PLAY-2", "CI-AMB-6-full-board"}
    assert full_board_placement(90).verdict != "sat"


@pytest.mark.rule("CI-END-3", "CI-HAND-1")
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_stuck_seat_is_unreachable(players: int) -> None:
    """CI-AMB-7: neither reading is ever played; Z3 names the rules that exclude the position."""
    amb = ambiguity("CI-AMB-7")
    assert "CI-HAND-1" in amb.contradiction and "skip" in {r.value for r in amb.readings}  # type: ignore[attr-defined]
    result = stuck_seat(players)
    assert result.verdict == "unsat"
    assert set(result.core) == {"CI-AMB-7-stuck", "CI-HAND-1", "CI-SETUP-1", "cards-conserved"}


def test_every_cinco_ambiguity_has_a_flag_or_a_contradiction() -> None:
    for amb in AMBIGUITIES:
        assert amb.flag or amb.contradiction, amb.id
        if amb.flag:
            assert len(amb.readings) >= 2, amb.id
            assert amb.default == getattr(V(), amb.flag), amb.id


def test_chance_is_still_the_only_dealer() -> None:
    state = _last_card(V(reshuffle="when_empty"))
    assert compute_whose_turn(state) == CHANCE == GAME.current_player(state)
