"""Take 5 rulebook facts at every boundary, asserted on the spec and on the engine separately.

Each test builds the position at the edge of a comparison, capacity, order or
tie-break by hand and states the rulebook's answer through
:class:`rulefacts.Layers` (see ``tests/rulefacts.py``).
"""

from __future__ import annotations

import pytest

from rulefacts import Layers
from ruleproof.model.take5 import GAME
from ruleproof.spec.take5 import Place, Take, Take5State, Take5Variant, deck_cards

T5 = Layers[Take5State, object](GAME)
V = Take5Variant()
ENDS = ((10,), (20,), (30,), (40,))


def position(rows: tuple[tuple[int, ...], ...] = ENDS, chosen: tuple[int, ...] = (0, 0),
             hands: tuple[tuple[int, ...], ...] = ((1,), (2,)), variant: Take5Variant = V,
             piles: tuple[tuple[int, ...], ...] | None = None, scores: tuple[int, ...] | None = None) -> Take5State:
    """A position while revealed cards resolve (every card of the round dealt)."""
    players = len(hands)
    used = {c for r in rows for c in r} | {c for h in hands for c in h} | set(chosen)
    used |= {c for p in piles or () for c in p}
    deck = tuple(c for c in deck_cards(variant, players) if c not in used)
    return Take5State(variant, players, 1, deck, 10 * players + 4, hands, rows, chosen, True,
                      piles if piles is not None else ((),) * players,
                      scores if scores is not None else (0,) * players, False)


@pytest.mark.boundary("T5-PLACE-1")
def test_a_card_one_above_a_row_end_fits_only_that_row() -> None:
    """«…он должен разместить ее так, чтобы выбранный ряд продолжал увеличиваться в цене»: 21 fits after 20 (one above), not after 30 or 40."""
    state = position(chosen=(21, 95))
    T5.legal(state, {Place(1)})
    T5.refuses(state, Place(2), "T5-PLACE-1")
    T5.refuses(state, Place(3), "T5-PLACE-1")


@pytest.mark.boundary("T5-PLACE-2")
def test_nearest_row_end_wins_by_one() -> None:
    """«…она должна быть размещена в ряду с конечной картой ближайшего значения»: 22 with ends 20 and 21 goes after 21 (distance 1, not 2)."""
    state = position(rows=((20,), (21,), (50,), (60,)), chosen=(22, 95))
    T5.legal(state, {Place(1)})
    T5.refuses(state, Place(0), "T5-PLACE-2")


@pytest.mark.boundary("T5-SIX-1")
def test_fifth_card_stays_sixth_card_takes() -> None:
    """A row holds five: the fifth card joins the row; a sixth takes the five into the pile."""
    four = position(rows=((10, 11, 12, 13), (20,), (30,), (40,)), chosen=(14, 95))
    T5.step(four, Place(0), {"rows": ((10, 11, 12, 13, 14), (20,), (30,), (40,)), "piles": ((), ())},
            wrong=[{"rows": ((14,), (20,), (30,), (40,)), "piles": ((10, 11, 12, 13), ())}])
    five = position(rows=((10, 11, 12, 13, 14), (20,), (30,), (40,)), chosen=(15, 95))
    T5.step(five, Place(0), {"rows": ((15,), (20,), (30,), (40,)), "piles": ((10, 11, 12, 13, 14), ())},
            wrong=[{"rows": ((10, 11, 12, 13, 14, 15), (20,), (30,), (40,)), "piles": ((), ())}])


@pytest.mark.boundary("T5-LOW-1", "T5-LOW-2")
def test_one_below_the_lowest_end_must_take_one_above_may_not() -> None:
    """СЛИШКОМ НИЗКАЯ КАРТА: 9 (below the lowest end 10) takes a row; 11 must be placed."""
    low = position(chosen=(9, 95))
    T5.legal(low, {Take(0), Take(1), Take(2), Take(3)})
    T5.refuses(low, Place(0), "T5-LOW-1")
    fits = position(chosen=(11, 95))
    T5.legal(fits, {Place(0)})
    T5.refuses(fits, Take(0), "T5-LOW-2")


@pytest.mark.boundary("T5-LOW-3")
def test_auto_row_choice_ties_fewest_bullheads_then_shortest_then_lowest() -> None:
    """RULES-NOTES row 4 (row_choice='auto'): equal bullheads → the shorter row; equal length too → the lower row."""
    auto = Take5Variant(row_choice="auto")
    # rows 2 and 4 both carry 2 bullheads (12, 13 vs 15); row 4 is shorter
    state = position(rows=((10,), (12, 13), (30,), (15,)), chosen=(5, 95), variant=auto)
    T5.legal(state, {Take(3)})
    T5.refuses(state, Take(1), "T5-LOW-3")
    # rows 2 and 4 carry 1 bullhead each with one card: the lower-numbered row 2
    tie = position(rows=((10,), (12,), (30,), (13,)), chosen=(5, 95), variant=auto)
    T5.legal(tie, {Take(1)})
    T5.refuses(tie, Take(3), "T5-LOW-3")
    T5.step(tie, Take(1), {"rows": ((10,), (5,), (30,), (13,)), "piles": ((12,), ())})


@pytest.mark.boundary("T5-ORDER-1")
def test_lowest_revealed_card_resolves_first_even_by_one() -> None:
    """СПЕКТАКЛЬ: cards resolve in ascending order; 29 (seat 1) before 30 (seat 0)."""
    state = position(rows=((10,), (20,), (31,), (40,)), chosen=(30, 29))
    T5.turn(state, 1)
    after = T5.step(state, Place(1), {"rows": ((10,), (20, 29), (31,), (40,)), "chosen": (30, 0)})
    T5.turn(after, 0)


def _round_end(scores: tuple[int, int], variant: Take5Variant = V) -> Take5State:
    """Seat 0's 5 takes row 3 (30: 3 bullheads); then seat 1's 95 ends the round."""
    return position(hands=((), ()), chosen=(5, 95), scores=scores, variant=variant)


@pytest.mark.boundary("T5-END-1")
@pytest.mark.parametrize(("start", "end_rule", "ends"), [
    (63, ">=", True),   # exactly 66 ends the game (publisher: 66 or more)
    (62, ">=", False),  # 65 goes on
    (63, ">", False),   # exactly 66 goes on under the text's 'more than 66'
    (64, ">", True),    # 67 ends it
])
def test_end_threshold_exactly_at_66(start: int, end_rule: str, ends: bool) -> None:
    """ЗАВЕРШЕНИЕ ИГРЫ / RULES-NOTES rows 1–2: the threshold itself, on both sides and under both readings."""
    state = _round_end((start, 0), Take5Variant(end_rule=end_rule))  # type: ignore[arg-type]
    mid = T5.step(state, Take(2), {"piles": ((30,), ()), "finished": False}, wrong=[{"finished": True}])
    T5.step(mid, Place(3), {"finished": ends}, wrong=[{"finished": not ends}])


@pytest.mark.boundary("T5-END-1")
def test_immediate_end_check_at_exactly_66_mid_round() -> None:
    """end_check='immediate': reaching 66 while cards remain in hand ends the game at once."""
    immediate = Take5Variant(end_check="immediate")
    state = position(hands=((1,), (2,)), chosen=(5, 95), scores=(63, 0), variant=immediate)
    T5.step(state, Take(2), {"finished": True}, wrong=[{"finished": False}])
    below = position(hands=((1,), (2,)), chosen=(5, 95), scores=(62, 0), variant=immediate)
    T5.step(below, Take(2), {"finished": False}, wrong=[{"finished": True}])


@pytest.mark.boundary("T5-WIN-1")
def test_lowest_total_wins_ties_share_one_point_does_not() -> None:
    """WINNING: the fewest bullheads win; equal totals share; one bullhead more loses."""
    done = position(hands=((), (), ()), chosen=(0, 0, 0), piles=((5,), (), ()), scores=(60, 62, 70))
    done = done._replace(resolving=False, finished=True)
    T5.outcome(done, {0, 1}, wrong=[{0}, {1}])  # 60 + 2 == 62
    apart = done._replace(scores=(61, 62, 70))
    T5.outcome(apart, {1}, wrong=[{0, 1}, {0}])  # 61 + 2 == 63 > 62
    draw = done._replace(variant=Take5Variant(tie="draw"))
    T5.outcome(draw, {0, 1, 2}, wrong=[{0, 1}])
