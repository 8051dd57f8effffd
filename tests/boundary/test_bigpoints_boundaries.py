"""BigPoints rulebook facts at every boundary, asserted on the spec and on the engine separately.

Hand-built positions at the edge of each order and count (the next disc of a
colour, the last disc before the ladder, the highest free step, the nearest
free disc past a pawn, one black disc per turn, every ladder step's value, the
last pawn) with the rulebook's answer stated through :class:`rulefacts.Layers`.
Path letters: B R Y G P base colours, K black, W white, ``.`` taken; pawns by
colour (blue, red, yellow, green, purple), ``-1`` before the path.
"""

from __future__ import annotations

import pytest

from rulefacts import Layers
from ruleproof.model.bigpoints import GAME
from ruleproof.spec.bigpoints import (
    EXTRA,
    MOVE,
    OFFER,
    OVER,
    TAKE,
    BigPointsState,
    Black,
    Pawn,
    Take,
    example_state,
)

BP = Layers[BigPointsState, object](GAME)
HAND0 = (0,) * 7
START = (-1, -1, -1, -1, -1)


def hand(**counts: int) -> tuple[int, ...]:
    names = ("blue", "red", "yellow", "green", "purple", "black", "white")
    return tuple(counts.get(n, 0) for n in names)


@pytest.mark.boundary("BP-MOVE-2")
def test_pawn_stops_on_the_first_disc_of_its_colour_skipping_taken_ones() -> None:
    """«…переместить её вперед на следующий жетон такого же цвета, как и фишка»: blue goes to the first free blue disc, past a taken one."""
    state = example_state("R.BRB", START)
    BP.step(state, Pawn("blue"), {"pawns": (2, -1, -1, -1, -1), "phase": TAKE},
            wrong=[{"pawns": (4, -1, -1, -1, -1)}])


@pytest.mark.boundary("BP-LADDER-1", "BP-MOVE-2")
def test_last_own_disc_versus_none_ahead_goes_to_the_highest_free_step() -> None:
    """A blue disc as the very last disc stops the pawn there; with none ahead it climbs to the highest free step."""
    last = example_state("RGB", START)
    BP.step(last, Pawn("blue"), {"pawns": (2, -1, -1, -1, -1), "ladder": ()})
    none = example_state("RB.", (1, 3, -1, -1, -1), ladder=(1,), reserve="BYGP")
    BP.step(none, Pawn("blue"), {"pawns": (3, 3, -1, -1, -1), "ladder": (1, 0)},
            wrong=[{"ladder": (0, 1)}])


@pytest.mark.boundary("BP-TAKE-1")
def test_nearest_free_disc_skips_the_disc_under_a_pawn() -> None:
    """Как играть, Пример: ahead the green disc next to the pawn; behind, the black disc past the purple pawn."""
    state = example_state("BKPBG", (0, -1, -1, -1, 2))
    moved = BP.step(state, Pawn("blue"), {"pawns": (3, -1, -1, -1, 2)})
    BP.legal(moved, {Take("ahead"), Take("behind")})
    BP.step(moved, Take("ahead"), {"path": "BKPB.", "hands": (hand(green=1), HAND0)},
            wrong=[{"path": "BKP.G"}])
    BP.step(moved, Take("behind"), {"path": "B.PBG", "hands": (hand(black=1), HAND0)},
            wrong=[{"path": "BK.BG", "hands": (hand(purple=1), HAND0)}])
    first = GAME.apply(example_state("BRG"), Pawn("blue"))
    BP.legal(first, {Take("ahead")})
    BP.refuses(first, Take("behind"), "BP-TAKE-1")


@pytest.mark.boundary("BP-BLACK-1", "BP-BLACK-2")
def test_one_black_disc_per_turn_and_not_the_one_just_taken() -> None:
    """Black discs: one per turn, and only one held from an earlier turn."""
    offer = example_state("BRYGPBRYGP", phase=OFFER, hands=(hand(black=2), HAND0))
    BP.allows(offer, Black(True))
    BP.step(offer, Black(True), {"phase": EXTRA, "used_black": True, "spent": (1, 0)})
    twice = offer._replace(used_black=True)
    BP.refuses(twice, Black(True), "BP-BLACK-2")
    fresh = example_state("BRYGPBRYGP", phase=OFFER, hands=(hand(black=1), HAND0), fresh=1)
    BP.refuses(fresh, Black(True), "BP-BLACK-1")
    older = fresh._replace(hands=(hand(black=2), HAND0))  # one fresh, one from an earlier turn
    BP.allows(older, Black(True))


def _last_pawn(hand0: tuple[int, ...]) -> BigPointsState:
    """Red, blue, purple, yellow on the ladder (top first); green, the last pawn, climbs to the last step."""
    return example_state("G", (1, 1, 1, 0, 1), ladder=(1, 0, 4, 2), reserve="G", hands=(hand0, HAND0))


@pytest.mark.boundary("BP-SCORE-1")
@pytest.mark.parametrize(("held", "points"), [
    (hand(red=1), 4 + 0),                          # top step 4; green taken from beside the ladder: 0
    (hand(blue=1), 3),                             # second step 3
    (hand(purple=1), 2),                           # third 2
    (hand(yellow=1), 1),                           # fourth 1
    (hand(), 0),                                   # the last step (green) 0
    (hand(red=1, blue=1, purple=1, yellow=1, white=1), 4 + 3 + 2 + 1 + 5),  # white: five colours
    (hand(black=1, white=2), 2 * 2),               # white: green and black, black itself 0
])
def test_every_ladder_step_and_white_disc_value(held: tuple[int, ...], points: int) -> None:
    """Конец игры и подсчет очков: steps worth 4, 3, 2, 1, 0; a white disc counts the other colours held."""
    state = _last_pawn(held)
    BP.step(state, Pawn("green"), {"phase": OVER, "scores": (points, 0)},
            wrong=[{"scores": (points + 1, 0)}])


@pytest.mark.boundary("BP-END-1")
def test_fourth_pawn_goes_on_fifth_pawn_ends_the_game() -> None:
    """The game ends the moment the last pawn reaches the ladder, not before."""
    not_last = example_state("G", (1, 1, 1, 0, -1), ladder=(1, 0, 2), reserve="GP")
    after = BP.step(not_last, Pawn("green"), {"ladder": (1, 0, 2, 3)}, wrong=[{"phase": OVER}])
    assert after.phase != OVER
    held = example_state("G", (1, 1, 1, 0, 1), ladder=(1, 0, 4, 2), reserve="G",
                         hands=(hand(black=1), HAND0))
    BP.step(held, Pawn("green"), {"phase": OVER}, wrong=[{"phase": OFFER}, {"phase": MOVE}])


@pytest.mark.boundary("BP-WIN-1")
def test_most_points_win_ties_share_one_point_does_not() -> None:
    """The most points win; equal points share; one point fewer loses."""
    state = example_state("G", (1,) * 5, phase=OVER, scores=(14, 15))
    BP.outcome(state, {1}, wrong=[{0, 1}, {0}])
    BP.outcome(state._replace(scores=(15, 15)), {0, 1}, wrong=[{1}, {0}])
