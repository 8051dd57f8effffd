"""Ikebana rulebook facts at every boundary, asserted on the spec and on the engine separately.

Hand-built positions at the edge of each price, count, multiplier, tie and
bank limit (coins exactly equal to the price, the fifth card, a bank that runs
dry in the middle of a payout), with the rulebook's answer stated through
:class:`rulefacts.Layers`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from rulefacts import Layers, both
from ruleproof.model import ikebana as engine
from ruleproof.model.ikebana import GAME
from ruleproof.spec import ikebana as ik
from ruleproof.spec.ikebana import Buy, Draw, IkebanaState, IkebanaVariant, Keep, Refuse

IK = Layers[IkebanaState, object](GAME)
V = IkebanaVariant()
SEAT0 = ("R1", "R2", "R3", "R4")          # + W2: run 1-2-3-4, two colours: 8 × 2 = 16
SEAT1 = ("B3", "G2", "R3", "W2", "Y3")    # three 3s + two 2s, five colours: 13 × 3 = 39
SEAT2 = ("G3", "G4", "R5", "W1", "Y5")    # two 5s, four colours: 10 × 1 = 10


def make(players: int = 3, variant: IkebanaVariant = V, **fields: object) -> IkebanaState:
    return ik.initial_state(players, variant)._replace(**fields)


def rest_of_deck(*groups: Sequence[str]) -> tuple[str, ...]:
    left = Counter(ik.FULL_DECK) - Counter(c for g in groups for c in g)
    return tuple(sorted(left.elements()))


def round_end(variant: IkebanaVariant = V, round_: int = 1, issued: int = 0, start: int = 0,
              coins: tuple[int, ...] = (6, 6, 6)) -> IkebanaState:
    """Seat 0 looks at W2, the card that completes the last bouquet of the round (scores 16, 39, 10)."""
    return make(3, variant, round=round_, start=start, turn=0, phase="decide", drawn="W2",
                deck=rest_of_deck(SEAT0, SEAT1, SEAT2, ("W2",)), hands=(SEAT0, SEAT1, SEAT2),
                coins=coins, issued=issued + sum(coins) - 18)


def deciding(refusals: int, coins: tuple[int, ...]) -> IkebanaState:
    return make(3, phase="decide", drawn="R1", refusals=refusals, coins=coins, deck=rest_of_deck(("R1",)))


@pytest.mark.boundary("IK-REFUSE-1")
@pytest.mark.parametrize("refusals", [0, 1, 2, 4])
def test_refusal_with_exactly_the_price_and_one_coin_short(refusals: int) -> None:
    """«…при отказе от первой карты игрок должен отдать монетку номиналом 1 очко…» / «…при отказе от второй карты игрок должен отдать монетки номиналом (т.е. 2 очка)…»: the (k+1)-th refusal needs k+1 coins; k coins must keep."""
    price = refusals + 1
    exact = deciding(refusals, (price, 20, 20))
    IK.legal(exact, {Keep(), Refuse()})
    after = IK.step(exact, Refuse(), {"refusals": price})
    assert after.coins[0] == 0
    short = deciding(refusals, (price - 1, 20, 20))
    IK.legal(short, {Keep()})
    IK.refuses(short, Refuse(), "IK-REFUSE-1")


@pytest.mark.boundary("IK-BUY-2")
@pytest.mark.parametrize("value", [1, 3, 5])
def test_buy_with_exactly_the_price_and_one_coin_short(value: int) -> None:
    """«Стоимость такой карты равна ее номиналу…»: coins equal to the value buy it; one fewer cannot."""
    card = f"G{value}"
    exact = make(3, coins=(value, 9, 9), piles=((), (card,), ()), deck=rest_of_deck((card,)))
    IK.legal(exact, {Buy(1), Draw()})
    IK.step(exact, Buy(1), {"coins": (0, 9 + value, 9), "hands": ((card,), (), ())})
    short = exact._replace(coins=(value - 1, 9, 9))
    IK.legal(short, {Draw()})
    IK.refuses(short, Buy(1), "IK-BUY-2")


@pytest.mark.boundary("IK-SCORE-2")
@pytest.mark.parametrize(("bouquet", "points", "multiplier"), [
    (("R1", "R2", "R3", "R4", "R5"), 15, 4),   # one colour ×4
    (("R1", "R2", "R3", "R4", "W5"), 15, 2),   # exactly two colours ×2
    (("R1", "R2", "R3", "W4", "G5"), 15, 1),   # three colours ×1
    (("R1", "R2", "B3", "W4", "G5"), 15, 1),   # four colours ×1
    (("R1", "Y2", "B3", "W4", "G5"), 15, 3),   # five colours ×3
])
def test_colour_multiplier_at_each_colour_count(bouquet: tuple[str, ...], points: int, multiplier: int) -> None:
    """Как считаются очки: ×4 for one colour, ×2 for exactly two, ×3 for five, ×1 otherwise (three or four)."""
    both(points * multiplier, spec=ik.compute_bouquet_score(bouquet),
         engine=engine._points(bouquet) * engine._multiplier(bouquet), what=f"score of {bouquet}")


@pytest.mark.boundary("IK-BANK-1", "IK-MONEY-1")
@pytest.mark.parametrize(("left", "payouts"), [
    (65, (16, 39, 10)),   # exactly enough: everyone in full
    (64, (16, 39, 9)),    # one short: the last payee gets the remainder
    (55, (16, 39, 0)),    # runs dry exactly after the second payee
    (16, (16, 0, 0)),     # runs dry exactly after the first payee
    (0, (0, 0, 0)),       # already empty
])
def test_finite_bank_runs_dry_mid_payout(left: int, payouts: tuple[int, int, int]) -> None:
    """RULES-NOTES §Ikebana (bank='finite'): pay clockwise from the start player, in full while money lasts."""
    capacity = ik.bank_capacity(3)
    state = round_end(IkebanaVariant(bank="finite"), issued=capacity - left)
    IK.step(state, Keep(), {"last_payouts": payouts, "coins": tuple(6 + p for p in payouts),
                            "issued": capacity - left + sum(payouts)},
            wrong=[{"last_payouts": (16, 39, 10), "coins": (22, 45, 16), "issued": capacity - left + 65}]
            if left < 65 else [{"last_payouts": (16, 39, 9), "coins": (22, 45, 15), "issued": capacity - 1}])


@pytest.mark.boundary("IK-BANK-1", "IK-END-1")
@pytest.mark.parametrize(("left", "over"), [(65, False), (64, True)])
def test_shortfall_end_game_exactly_enough_goes_on(left: int, over: bool) -> None:
    """shortfall='end_game': a bank that pays the round in full goes on; one coin short ends the game."""
    variant = IkebanaVariant(bank="finite", shortfall="end_game")
    state = round_end(variant, round_=2, issued=ik.bank_capacity(3) - left)
    phase = "over" if over else "choose"
    IK.step(state, Keep(), {"phase": phase, "round": 2 if over else 3},
            wrong=[{"phase": "choose" if over else "over", "round": 3 if over else 2}])


@pytest.mark.boundary("IK-END-1")
@pytest.mark.parametrize(("round_", "over"), [(3, False), (4, True)])
def test_game_ends_after_the_fourth_round_not_the_third(round_: int, over: bool) -> None:
    """Конец игры: four rounds."""
    state = round_end(round_=round_)
    facts = {"phase": "over", "round": 4} if over else {"phase": "choose", "round": round_ + 1}
    wrong = {"phase": "choose", "round": 5} if over else {"phase": "over", "round": round_}
    IK.step(state, Keep(), facts, wrong=[wrong])


@pytest.mark.boundary("IK-ROUND-1", "IK-ORDER-1")
def test_fifth_card_completes_a_bouquet_fourth_does_not() -> None:
    """A round ends exactly when every hand holds five; a player with five is skipped."""
    IK.step(round_end(), Keep(), {"round": 2}, wrong=[{"round": 1}])
    four = ("B1", "B2", "B3", "B4")
    full = ("G1", "G2", "G3", "G4", "G5")
    # seat 0 keeps its fourth card; seat 1 holds five (skipped), seat 2 holds four: seat 2 plays next.
    state = make(3, phase="decide", drawn="R1", hands=(("R2", "R3", "R4"), full, four),
                 deck=rest_of_deck(("R2", "R3", "R4", "R1"), full, four))
    IK.step(state, Keep(), {"round": 1, "turn": 2}, wrong=[{"turn": 1}])


@pytest.mark.boundary("IK-START-1")
@pytest.mark.parametrize(("start", "tie", "expected"), [
    (1, "after_previous", 2), (2, "after_previous", 1), (1, "lowest_seat", 1), (2, "lowest_seat", 1),
])
def test_tied_highest_scorers_choose_the_next_start(start: int, tie: str, expected: int) -> None:
    """Seats 1 and 2 tie on 24: the first clockwise after the previous start player, or the lowest seat."""
    hands = (("G1", "G2", "R1", "R2"), ("B2", "G1", "R4", "W3", "Y4"), ("B4", "G2", "R3", "W4", "Y1"))
    variant = IkebanaVariant(start_tie=tie)  # type: ignore[arg-type]
    state = make(3, variant, start=start, turn=0, phase="decide", drawn="B5", hands=hands,
                 deck=rest_of_deck(*hands, ("B5",)))
    other = 3 - expected
    IK.step(state, Keep(), {"last_scores": (6, 24, 24), "start": expected, "turn": expected},
            wrong=[{"start": other, "turn": other}])


@pytest.mark.boundary("IK-WIN-1")
def test_most_coins_wins_ties_share_one_coin_does_not() -> None:
    """Конец игры: the most coins win; equal coins share; one coin fewer loses."""
    over = GAME.apply(round_end(round_=4, coins=(30, 9, 35)), Keep())
    assert over.coins == (46, 48, 45)
    IK.outcome(over, {1}, wrong=[{0}, {0, 1}])
    IK.outcome(over._replace(coins=(48, 48, 45)), {0, 1}, wrong=[{0}, {1}])
    IK.outcome(over._replace(coins=(47, 48, 45)), {1}, wrong=[{0, 1}])
