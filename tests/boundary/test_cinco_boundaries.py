"""Cinco rulebook facts at every boundary, asserted on the spec and on the engine separately.

Positions are built by hand at the edge of each count, comparison and end
condition (a hand of three or four cards, a cell equal to the card, the last
free cell above a card, a colour's last chip, a line of exactly five) and the
rulebook's answer is stated through :class:`rulefacts.Layers`.
"""

from __future__ import annotations

import pytest

from rulefacts import Layers
from ruleproof.model.cinco import GAME
from ruleproof.spec.cinco import DRAW, EXCHANGE, CincoState, CincoVariant, Play, colours_in_game, layout_of
from ruleproof.spec.cinco_board import FREE, hex_layout

CI = Layers[CincoState, object](GAME)
V = CincoVariant
HEX = hex_layout()
#: Five cells in a straight row of the hexagon.
ROW = [HEX.number_at((q, 0)) for q in range(-5, 0)]


def position(variant: CincoVariant = V(), *, hands: tuple[tuple[int, ...], ...],
             chips_on: dict[int, int] | None = None, chips: tuple[int, ...] | None = None) -> CincoState:
    """Two players, seat 0 to act; the deck holds every card not in a hand."""
    size = layout_of(variant).size
    used = {c for h in hands for c in h}
    deck = tuple(c for c in range(1, size + 1) if c not in used)
    board = [FREE] * size
    for cell, colour in (chips_on or {}).items():
        board[cell - 1] = colour
    colours = colours_in_game(2, variant)
    if chips is None:
        chips = tuple(variant.chips - board.count(c) for c in range(colours))
    return CincoState(variant, 2, deck, tuple(tuple(sorted(h)) for h in hands), ((), ()), (0, 0),
                      tuple(board), chips, 0, -1, False)


@pytest.mark.boundary("CI-HAND-1", "CI-HAND-2")
def test_three_cards_draw_four_cards_exchange() -> None:
    """«…на руке может быть не более 4 карт, то есть при наличии 4 карт еще одну взять нельзя» / «…(обязательно все 4) поменять на новые 4 карты»: three cards may draw, not exchange; four may exchange, not draw."""
    three = position(hands=((10, 20, 30), (5,)))
    CI.allows(three, DRAW)
    CI.refuses(three, EXCHANGE, "CI-HAND-2")
    four = position(hands=((10, 20, 30, 40), (5,)))
    CI.allows(four, EXCHANGE)
    CI.refuses(four, DRAW, "CI-HAND-1")
    empty = position(hands=((), (5,)))
    CI.legal(empty, {DRAW})


@pytest.mark.boundary("CI-PLAY-3")
def test_the_cell_equal_to_the_card_is_allowed_one_below_is_not() -> None:
    """Ход игры: «…на любое незанятое на поле место, которое имеет номер РАВНЫЙ ИЛИ БОЛЬШИЙ, чем число на карте»: 34 may take 34, not 33."""
    state = position(hands=((34,), (5,)))
    CI.legal(state, {DRAW} | {Play(34, c) for c in range(34, 91)})
    CI.refuses(state, Play(34, 33), "CI-PLAY-3")


@pytest.mark.boundary("CI-PLAY-3", "CI-PLAY-4")
@pytest.mark.parametrize("joker", [False, True])
def test_own_cell_free_every_higher_cell_taken(joker: bool) -> None:
    """Вариант ДЖОКЕР: card 89 with cell 90 taken and 89 free must take 89 — it is no joker, and cannot burn."""
    state = position(V(joker=joker), hands=((89,), (5,)), chips_on={90: 1})
    CI.legal(state, {DRAW, Play(89, 89)})
    CI.refuses(state, Play(89, 1), "CI-PLAY-3")
    CI.refuses(state, Play(89, 0), "CI-PLAY-4")


@pytest.mark.boundary("CI-PLAY-3", "CI-PLAY-4")
@pytest.mark.parametrize("joker", [False, True])
def test_last_free_cell_above_taken_joker_or_burn(joker: bool) -> None:
    """Cells 89 and 90 taken: card 89 burns (no joker) or takes any free cell, even cell 1 (joker)."""
    state = position(V(joker=joker), hands=((89,), (5,)), chips_on={89: 1, 90: 1})
    if joker:
        CI.legal(state, {DRAW} | {Play(89, c) for c in range(1, 89)})
        CI.refuses(state, Play(89, 0), "CI-PLAY-4")
    else:
        CI.legal(state, {DRAW, Play(89, 0)})
        CI.refuses(state, Play(89, 1), "CI-PLAY-3")
        CI.step(state, Play(89, 0), {"board": state.board, "chips": state.chips, "discards": ((89,), ())})


@pytest.mark.boundary("CI-PLAY-5", "CI-END-1")
def test_last_chip_may_be_placed_and_draws_the_game() -> None:
    """Особые случаи: a colour with one chip left places it (the game is then drawn); with none it may not place."""
    state = position(V(chips=3), hands=((1, 2), (5,)), chips_on={10: 0, 20: 0, 30: 1})
    assert state.chips == (1, 2)
    CI.step(state, Play(1, 80), {"chips": (0, 2), "finished": True, "winner": -1},
            wrong=[{"finished": False}, {"finished": True, "winner": 0}])
    one_more = position(V(chips=4), hands=((1, 2), (5,)), chips_on={10: 0, 20: 0, 30: 1})
    CI.step(one_more, Play(1, 80), {"chips": (1, 3), "finished": False}, wrong=[{"finished": True}])
    none = state._replace(chips=(0, 2))
    CI.refuses(none, Play(1, 80), "CI-PLAY-5")


@pytest.mark.boundary("CI-WIN-1", "CI-END-1")
def test_last_chip_that_completes_a_line_of_five_wins() -> None:
    """Конец игры + Особые случаи: the colour's last chip completing five in a row is a win, not a draw."""
    chips_on = {n: 0 for n in ROW[:4]}
    state = position(V(chips=5), hands=((1, 2), (5,)), chips_on=chips_on)
    assert state.chips == (1, 5)
    CI.step(state, Play(1, ROW[4]), {"chips": (0, 5), "finished": True, "winner": 0},
            wrong=[{"winner": -1}, {"finished": False, "winner": -1}])
    CI.outcome(CI.game.apply(state, Play(1, ROW[4])), {0}, wrong=[{0, 1}])


@pytest.mark.boundary("CI-WIN-1")
def test_four_in_a_row_goes_on_five_wins() -> None:
    """Конец игры: four chips in a row do not win; the fifth does."""
    three = position(hands=((1, 2), (5,)), chips_on={n: 0 for n in ROW[:3]})
    CI.step(three, Play(1, ROW[3]), {"finished": False, "winner": -1}, wrong=[{"finished": True, "winner": 0}])
    four = position(hands=((1, 2), (5,)), chips_on={n: 0 for n in ROW[:4]})
    CI.step(four, Play(1, ROW[4]), {"finished": True, "winner": 0}, wrong=[{"finished": False, "winner": -1}])
