"""Big Five rulebook facts at every boundary, asserted on the spec and on the engine separately.

Hand-built positions at the edge of each count (a line of three, four, five,
six; a group of one, two, three, four, five; a hand refilled to five from a
deck that runs short; a bonus larger than the cards the player has left) with
the rulebook's answer stated through :class:`rulefacts.Layers`. Board text:
``Lp@0,0`` is a purple lion at x=0, y=0; ``Ey`` a yellow elephant.
"""

from __future__ import annotations

import pytest

from rulefacts import Layers
from ruleproof.model.bigfive import GAME
from ruleproof.spec.bigfive import BigFiveState, BigFiveVariant, Box, Pass, make_position, parse_card, parse_move
from ruleproof.spec.core import CHANCE

BF = Layers[BigFiveState, object](GAME)
V = BigFiveVariant()
PUB = BigFiveVariant(bonus="publisher")
#: The text's Vasya board (§Примеры бонусов): four red animals beside the red giraffe earn 4.
VASYA_BOARD = "Gr@0,0 Gy@0,-1 Gb@0,-2 Gg@0,-3 Lg@1,-3 Zg@2,-3 Zy@2,-2 Zb@2,-1"
VASYA_MOVE = "play Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0"


def m(text: str) -> object:
    return parse_move(text)


@pytest.mark.boundary("BF-BONUS-1", "BF-BONUS-2", "BF-END-1")
def test_bonus_larger_than_the_cards_left_is_capped_and_the_last_card_wins() -> None:
    """§Примеры бонусов: Vasya earns 4, but holds one card and one in his deck: two discards, then he is out and wins."""
    state = make_position(VASYA_BOARD, ["Lr Zr Cr Er Ey", "Ey"], decks=["Cg", "Lb Lb"])
    after = BF.step(state, m(VASYA_MOVE), {"bonus": 2, "to_draw": 0}, wrong=[{"bonus": 4}, {"bonus": 1}])
    BF.legal(after, {m("bonus Ey"), m("bonus deck"), m("decline")})
    one = BF.step(after, m("bonus Ey"), {"bonus": 1, "hands": ((), (parse_card("Ey"),))})
    BF.legal(one, {m("bonus deck"), m("decline")})
    blind = BF.step(one, m("bonus deck"), {"boxing": True})
    BF.turn(blind, CHANCE)
    done = BF.step(blind, Box(parse_card("Cg")), {"finished": True, "round_over": True, "penalties": (0, 3)},
                   wrong=[{"finished": False, "round_over": False, "penalties": (0, 0)}], actor=CHANCE)
    BF.outcome(done, {0}, wrong=[{1}, {0, 1}])


@pytest.mark.boundary("BF-BONUS-1")
def test_bonus_with_enough_cards_is_the_full_count() -> None:
    """The same play with a full deck keeps all 4 bonus discards (1 group of four + 2 line of five + 1 zebras)."""
    state = make_position(VASYA_BOARD, ["Lr Zr Cr Er Ey", "Ey"])
    BF.step(state, m(VASYA_MOVE), {"bonus": 4}, wrong=[{"bonus": 3}, {"bonus": 5}])


@pytest.mark.boundary("BF-BONUS-1", "BF-LINE-5")
@pytest.mark.parametrize(("board", "card", "cell", "text", "publisher"), [
    ("Lr@0,0 Gr@1,0", "Zr", "2,0", 0, 0),                    # a line of three: nothing
    ("Lr@0,0 Gr@1,0 Zr@2,0", "Cr", "3,0", 1, 1),             # a line of four: 1
    ("Lr@0,0 Gr@1,0 Zr@2,0 Cr@3,0", "Er", "4,0", 2, 2),      # a line of five: 2 (publisher: reaching 5 from 4)
])
def test_bonus_at_lines_of_three_four_five(board: str, card: str, cell: str, text: int, publisher: int) -> None:
    """Бонусы за большие новые группы: 1 for a new line of four, 2 for a line of five, nothing for three."""
    for variant, bonus in ((V, text), (PUB, publisher)):
        state = make_position(board, [f"{card} Ey Ey Ey Lb", "Lb"], variant=variant)
        BF.step(state, m(f"play {card}@{cell}"), {"bonus": bonus}, wrong=[{"bonus": bonus + 1}])


@pytest.mark.boundary("BF-LINE-5")
def test_fifth_card_of_a_line_fits_a_sixth_does_not() -> None:
    """Note a: at most five cards in a line."""
    four = make_position("Lp@0,0 Gp@1,0 Zp@2,0 Cp@3,0", ["Ep Lp", "Ey"])
    BF.allows(four, m("play Ep@4,0"))
    BF.refuses(four, m("play Ep@4,0 Lp@5,0"), "BF-LINE-5")
    five = make_position("Lp@0,0 Gp@1,0 Zp@2,0 Cp@3,0 Ep@4,0", ["Lp", "Ey"])
    BF.refuses(five, m("play Lp@5,0"), "BF-LINE-5")


@pytest.mark.boundary("BF-PLAY-2")
def test_groups_of_four_allowed_five_refused_and_min_group() -> None:
    """A group has one to four cards (min_group=2: two to four)."""
    state = make_position("Lp@0,0", ["Gp Zp Cp Ep Lp", "Ey"])
    BF.allows(state, m("play Gp@1,0 Zp@2,0 Cp@3,0 Ep@4,0"))
    BF.refuses(state, m("play Gp@1,0 Zp@2,0 Cp@3,0 Ep@4,0 Lp@5,0"), "BF-PLAY-2")
    BF.allows(state, m("play Gp@1,0"))
    two = make_position("Lp@0,0", ["Gp Zp Cp Ep Lp", "Ey"], variant=BigFiveVariant(min_group=2))
    BF.refuses(two, m("play Gp@1,0"), "BF-PLAY-2")
    BF.allows(two, m("play Gp@1,0 Zp@2,0"))


@pytest.mark.boundary("BF-SOLO-1")
def test_solitaire_group_of_three_allowed_two_refused() -> None:
    """Solitaire: groups of three or more."""
    solo = make_position("Lp@0,0", ["Gp Zp Cp Ly Zb"], decks=["Lb Lb Lb Lb Lg Lg Lg Lg"])
    BF.allows(solo, m("play Gp@1,0 Zp@2,0 Cp@3,0"))
    BF.refuses(solo, m("play Gp@1,0 Zp@2,0"), "BF-SOLO-1")


@pytest.mark.boundary("BF-REFILL-1")
@pytest.mark.parametrize(("deck", "to_draw"), [("Lb Lb Gb", 2), ("Lb Lb", 2), ("Lb", 1)])
def test_refill_to_five_or_what_the_deck_has(deck: str, to_draw: int) -> None:
    """Refill to five cards; with fewer cards in the deck, take what is there."""
    state = make_position("Lp@0,0", ["Gp Zp Ey Ey Ey", "Ey"], decks=[deck, "Zb"])
    BF.step(state, m("play Gp@1,0 Zp@2,0"), {"to_draw": to_draw}, wrong=[{"to_draw": to_draw + 1}])


@pytest.mark.boundary("BF-EXCH-1")
def test_exchange_five_cards_allowed_empty_deck_refused() -> None:
    """Exchange one to five cards, never with an empty deck (then the player passes)."""
    full = make_position("Lp@0,0", ["Zb Gy Gy Gy Gy", "Ey"], decks=["Lb Cb Lg Lg Lg", "Lg"])
    BF.allows(full, m("exchange Zb Gy Gy Gy Gy"))
    BF.allows(full, m("exchange Zb"))
    empty = make_position("Lp@0,0", ["Zb Gy", "Ey"], decks=["", "Lb"])
    BF.refuses(empty, m("exchange Zb"), "BF-EXCH-1")
    BF.legal(empty, {Pass()})


@pytest.mark.boundary("BF-WIN-1")
def test_fewest_cards_win_ties_share() -> None:
    """The fewest cards left win; equal counts share the win."""
    state = make_position("Lp@0,0", ["Zb", "Gy Gy"], decks=["", ""], turn=1)._replace(idle=1)
    done = BF.step(state, Pass(), {"finished": True, "penalties": (0, 2)})
    BF.outcome(done, {0}, wrong=[{1}, {0, 1}])
    BF.outcome(done._replace(penalties=(2, 2)), {0, 1}, wrong=[{0}])


@pytest.mark.boundary("BF-REFILL-1", "BF-BONUS-1")
@pytest.mark.parametrize(("deck", "to_draw"), [("Gb Gb", 2), ("Gb", 1)])
def test_refill_before_the_bonus_stops_when_the_deck_runs_short(deck: str, to_draw: int) -> None:
    """bonus_timing='after_refill': a line of five (2 bonus cards), then refill the 3-card hand from a short deck."""
    variant = BigFiveVariant(bonus_timing="after_refill")
    state = make_position("Lr@0,0 Gr@1,0 Zr@2,0", ["Cr Er Ey Lb Lb", "Ey"], decks=[deck, "Zb"], variant=variant)
    BF.step(state, m("play Cr@3,0 Er@4,0"), {"bonus": 2, "to_draw": to_draw}, wrong=[{"to_draw": to_draw + 1}])
