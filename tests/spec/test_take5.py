"""Every Take 5 rule, broken on purpose: the spec must name it and the engine must refuse it."""

from __future__ import annotations

import pytest

from rulefacts import Layers
from ruleproof.model.take5 import GAME
from ruleproof.spec.core import CHANCE
from ruleproof.spec.take5 import (
    SPEC,
    Deal,
    Place,
    Select,
    Take,
    Take5State,
    Take5Variant,
    compute_bullheads,
    compute_winners,
    deck_cards,
    parse_move,
)

V = Take5Variant()
#: Rulebook facts on spec and engine separately (tests/rulefacts.py).
T5 = Layers[Take5State, object](GAME)


def make_state(
    rows: tuple[tuple[int, ...], ...] = ((10,), (20,), (30,), (40,)),
    hands: tuple[tuple[int, ...], ...] = ((1, 50), (2, 60)),
    chosen: tuple[int, ...] = (0, 0),
    resolving: bool = False,
    variant: Take5Variant = V,
    piles: tuple[tuple[int, ...], ...] | None = None,
    scores: tuple[int, ...] | None = None,
    finished: bool = False,
) -> Take5State:
    """A mid-round position with every card of the round dealt."""
    players = len(hands)
    used = {c for r in rows for c in r} | {c for h in hands for c in h} | set(chosen)
    used |= {c for p in piles or () for c in p}
    deck = tuple(c for c in deck_cards(variant, players) if c not in used)
    return Take5State(
        variant, players, 1, deck, 10 * players + 4, hands, rows, chosen, resolving,
        piles if piles is not None else ((),) * players,
        scores if scores is not None else (0,) * players, finished,
    )


def violated(state: Take5State, actor: int, move: object) -> tuple[str, ...]:
    return SPEC.check_move(state.variant, state, actor, move).rule_ids


def engine_allows(state: Take5State, move: object) -> bool:
    return move in GAME.legal_moves(state)


# -- setup and deal -------------------------------------------------------------


@pytest.mark.rule("T5-SETUP-1")
def test_invalid_player_counts_are_rejected() -> None:
    state = make_state(hands=tuple((i + 1,) for i in range(11)), chosen=(0,) * 11)
    assert "T5-SETUP-1" in violated(state, 0, Select(1))
    assert "T5-SETUP-1" not in violated(make_state(), 0, Select(1))
    for players in (1, 11):
        with pytest.raises(ValueError, match="2–10 players"):
            GAME.new_game(players)


@pytest.mark.rule("T5-DEAL-1")
def test_invalid_deal_of_a_card_not_in_the_deck() -> None:
    state = GAME.initial_state(2, V)
    state = GAME.apply(state, Deal(7))
    assert "T5-DEAL-1" in violated(state, CHANCE, Deal(7))  # already dealt
    assert "T5-DEAL-1" in violated(state, CHANCE, Deal(105))  # not a card
    assert not engine_allows(state, Deal(7))
    tactical = GAME.initial_state(2, Take5Variant(deck="tactical"))
    assert "T5-DEAL-1" in violated(tactical, CHANCE, Deal(25))  # tactical deck for 2 is 1..24
    assert "T5-DEAL-1" not in violated(tactical, CHANCE, Deal(24))


@pytest.mark.rule("T5-DEAL-2")
def test_deal_order_ten_each_then_rows() -> None:
    state = GAME.initial_state(2, V)
    for card in range(1, 25):
        state = GAME.apply(state, Deal(card))
    assert state.hands == (tuple(range(1, 11)), tuple(range(11, 21)))
    assert state.rows == ((21,), (22,), (23,), (24,))
    before = GAME.initial_state(2, V)
    wrong = before._replace(deck=before.deck[1:], dealt=1, hands=((), (1,)))
    report = SPEC.check_transition(V, before, CHANCE, Deal(1), wrong)
    assert "T5-DEAL-2" in report.rule_ids


# -- choosing ------------------------------------------------------------------------


@pytest.mark.rule("T5-TURN-1")
def test_invalid_acting_out_of_turn_while_choosing() -> None:
    state = make_state()
    assert "T5-TURN-1" in violated(state, 1, Select(2))
    assert "T5-TURN-1" in violated(state, CHANCE, Deal(3))
    assert violated(state, 0, Select(1)) == ()


@pytest.mark.rule("T5-PHASE-1")
def test_invalid_move_kind_for_the_phase() -> None:
    choosing = make_state()
    assert "T5-PHASE-1" in violated(choosing, 0, Place(0))
    assert "T5-PHASE-1" in violated(choosing, 0, Take(0))
    resolving = make_state(hands=((50,), (60,)), chosen=(1, 2), resolving=True)
    assert "T5-PHASE-1" in violated(resolving, 0, Select(50))
    assert not engine_allows(resolving, Select(50))


@pytest.mark.rule("T5-SELECT-1")
def test_invalid_choice_of_a_card_not_in_hand() -> None:
    state = make_state()
    assert "T5-SELECT-1" in violated(state, 0, Select(60))
    assert not engine_allows(state, Select(60))


@pytest.mark.rule("T5-SELECT-2")
def test_chosen_card_lies_face_down_until_all_chose() -> None:
    state = make_state()
    after = GAME.apply(state, Select(50))
    assert after.chosen == (50, 0) and after.hands[0] == (1,) and not after.resolving
    after2 = GAME.apply(after, Select(60))
    assert after2.resolving
    cheat = after._replace(hands=state.hands)  # the card stays in the hand too
    assert "T5-SELECT-2" in SPEC.check_transition(V, state, 0, Select(50), cheat).rule_ids
    early = after._replace(resolving=True)
    assert "T5-SELECT-2" in SPEC.check_transition(V, state, 0, Select(50), early).rule_ids


def test_hidden_choice_is_not_observable() -> None:
    state = GAME.apply(make_state(), Select(50))
    assert GAME.observation(state, 1)["chosen"] == ["hidden", None]
    assert GAME.observation(state, 0)["chosen"] == [50, None]
    other = GAME.apply(make_state(), Select(1))
    # seat 1 cannot tell seat 0's two possible choices apart
    assert GAME.observation(state, 1) == GAME.observation(other, 1)
    revealed = GAME.apply(state, Select(60))
    assert GAME.observation(revealed, 1)["chosen"] == [50, 60]


# -- resolution --------------------------------------------------------------------


@pytest.mark.rule("T5-ORDER-1")
def test_invalid_resolution_out_of_ascending_order() -> None:
    state = make_state(hands=((1,), (2,)), chosen=(45, 35), resolving=True)
    assert "T5-ORDER-1" in violated(state, 0, Place(3))
    assert GAME.current_player(state) == 1
    assert violated(state, 1, Place(2)) == ()


@pytest.mark.rule("T5-PLACE-1")
def test_invalid_card_after_a_higher_row_end() -> None:
    state = make_state(chosen=(25, 0), hands=((1,), (2, 60)), resolving=True)
    state = state._replace(chosen=(25, 99), hands=((1,), (2,)))
    assert "T5-PLACE-1" in violated(state, 0, Place(2))  # row 3 ends at 30 > 25
    assert not engine_allows(state, Place(2))


@pytest.mark.rule("T5-PLACE-2")
@pytest.mark.example("ДОБАВЛЕНИЕ КАРТ В МАКЕТ")
def test_rulebook_example_23_goes_after_20_not_12() -> None:
    """ДОБАВЛЕНИЕ КАРТ В МАКЕТ: a 23 with rows ending 12 and 20 goes on the row ending 20."""
    state = make_state(rows=((12,), (20,), (50,), (90,)), hands=((1,), (2,)), chosen=(23, 95), resolving=True)
    assert "T5-PLACE-2" in violated(state, 0, Place(0))
    assert violated(state, 0, Place(1)) == ()
    assert GAME.legal_moves(state) == (Place(1),)
    T5.legal(state, {Place(1)})
    T5.step(state, Place(1), {"rows": ((12,), (20, 23), (50,), (90,)), "chosen": (0, 95)},
            wrong=[{"rows": ((12, 23), (20,), (50,), (90,))}])


@pytest.mark.rule("T5-PLACE-3")
def test_invalid_left_end_without_professional_variant() -> None:
    state = make_state(rows=((12,), (20,), (50,), (90,)), hands=((1,), (2,)), chosen=(5, 95), resolving=True)
    assert "T5-PLACE-3" in violated(state, 0, Place(0, True))
    pro = state._replace(variant=Take5Variant(professional=True))
    assert "T5-PLACE-3" not in violated(pro, 0, Place(0, True))
    high = pro._replace(chosen=(95, 96), rows=((12,), (20,), (50,), (97,)))
    assert "T5-PLACE-3" in violated(high, 0, Place(0, True))  # 95 is not below 12


def test_professional_flag_changes_too_low_cards() -> None:
    rows = ((12,), (20,), (50,), (90,))
    standard = make_state(rows=rows, hands=((1,), (2,)), chosen=(5, 95), resolving=True)
    pro = standard._replace(variant=Take5Variant(professional=True))
    assert GAME.legal_moves(standard) == (Take(0), Take(1), Take(2), Take(3))
    assert GAME.legal_moves(pro) == (Place(0, True),)


def test_professional_tie_between_ends_is_the_owners_choice() -> None:
    pro = make_state(rows=((20,), (26, 30), (50,), (90,)), hands=((1,), (2,)), chosen=(23, 95), resolving=True,
                     variant=Take5Variant(professional=True))
    assert GAME.legal_moves(pro) == (Place(0), Place(1, True))  # 23 - 20 == 26 - 23
    assert violated(pro, 0, Place(0)) == () and violated(pro, 0, Place(1, True)) == ()


@pytest.mark.rule("T5-PLACE-4")
def test_placed_card_joins_the_row_end() -> None:
    state = make_state(hands=((1,), (2,)), chosen=(23, 95), resolving=True)
    after = GAME.apply(state, Place(1))
    assert after.rows[1] == (20, 23) and after.chosen == (0, 95)
    wrong = after._replace(rows=state.rows)
    assert "T5-PLACE-4" in SPEC.check_transition(V, state, 0, Place(1), wrong).rule_ids


@pytest.mark.rule("T5-SIX-1")
def test_sixth_card_takes_the_row() -> None:
    rows = ((10, 11, 12, 13, 14), (20,), (30,), (40,))
    state = make_state(rows=rows, hands=((1,), (2,)), chosen=(15, 95), resolving=True)
    after = GAME.apply(state, Place(0))
    assert after.rows[0] == (15,) and sorted(after.piles[0]) == [10, 11, 12, 13, 14]
    wrong = after._replace(rows=(rows[0] + (15,),) + after.rows[1:], piles=state.piles)
    assert "T5-SIX-1" in SPEC.check_transition(V, state, 0, Place(0), wrong).rule_ids


@pytest.mark.rule("T5-LOW-1")
def test_invalid_placing_a_too_low_card() -> None:
    state = make_state(hands=((1,), (2,)), chosen=(5, 95), resolving=True)
    for r in range(4):
        assert "T5-LOW-1" in violated(state, 0, Place(r))
    assert GAME.legal_moves(state) == (Take(0), Take(1), Take(2), Take(3))


@pytest.mark.rule("T5-LOW-2")
def test_invalid_taking_a_row_when_the_card_fits() -> None:
    state = make_state(hands=((1,), (2,)), chosen=(23, 95), resolving=True)
    assert "T5-LOW-2" in violated(state, 0, Take(0))
    assert not engine_allows(state, Take(0))


@pytest.mark.rule("T5-LOW-3")
def test_row_choice_flag_player_versus_auto() -> None:
    rows = ((55,), (10, 11), (3, 4), (8,))
    state = make_state(rows=rows, hands=((1,), (20,)), chosen=(2, 95), resolving=True)
    assert all(violated(state, 0, Take(r)) == () for r in range(4))  # owner's free choice
    auto = state._replace(variant=Take5Variant(row_choice="auto"))
    assert "T5-LOW-3" in violated(auto, 0, Take(0))  # 55 carries 7 bullheads
    assert violated(auto, 0, Take(3)) == ()  # one card, one bullhead
    assert GAME.legal_moves(auto) == (Take(3),)


@pytest.mark.rule("T5-LOW-4")
def test_taking_a_row_moves_it_to_the_pile() -> None:
    state = make_state(hands=((1,), (2,)), chosen=(5, 95), resolving=True)
    after = GAME.apply(state, Take(2))
    assert after.rows[2] == (5,) and after.piles[0] == (30,)
    wrong = after._replace(piles=((), (30,)))
    assert "T5-LOW-4" in SPEC.check_transition(V, state, 0, Take(2), wrong).rule_ids


@pytest.mark.rule("T5-TURN-2")
def test_resolution_ends_with_the_last_revealed_card() -> None:
    state = make_state(hands=((1,), (2,)), chosen=(0, 95), resolving=True)
    after = GAME.apply(state, Place(3))
    assert not after.resolving and after.chosen == (0, 0)
    wrong = after._replace(resolving=True)
    assert "T5-TURN-2" in SPEC.check_transition(V, state, 1, Place(3), wrong).rule_ids


# -- scoring, rounds and the end -----------------------------------------------------


@pytest.mark.rule("T5-SCORE-1")
def test_bullhead_values_and_deck_total() -> None:
    """RULES-NOTES.md §Take 5: 55 → 7, multiples of 11 → 5, of 10 → 3, of 5 → 2, else 1; 171 in all."""
    assert [compute_bullheads(c) for c in (55, 11, 99, 10, 100, 5, 95, 1, 104)] == [7, 5, 5, 3, 3, 2, 2, 1, 1]
    assert sum(compute_bullheads(c) for c in range(1, 105)) == 171


@pytest.mark.rule("T5-SCORE-1", "T5-ROUND-1")
def test_new_round_adds_pile_bullheads_and_reshuffles() -> None:
    over = make_state(rows=((10,), (20,), (30,), (40,)), hands=((), ()), piles=((55, 11), (5,)), scores=(3, 4))
    assert GAME.current_player(over) == CHANCE
    after = GAME.apply(over, Deal(77))
    assert after.scores == (3 + 7 + 5, 4 + 2) and after.round == 2 and after.piles == ((), ())
    assert len(after.deck) == 103 and after.hands[0] == (77,)
    wrong_scores = after._replace(scores=(3, 4))
    assert "T5-SCORE-1" in SPEC.check_transition(V, over, CHANCE, Deal(77), wrong_scores).rule_ids
    kept_piles = after._replace(piles=over.piles)
    assert "T5-ROUND-1" in SPEC.check_transition(V, over, CHANCE, Deal(77), kept_piles).rule_ids


@pytest.mark.rule("T5-END-1")
def test_end_rule_flag_at_exactly_66() -> None:
    """ЗАВЕРШЕНИЕ ИГРЫ: 'more than 66' (text) versus '66 or more' (publisher)."""
    last = make_state(rows=((10,), (20,), (30,), (40,)), hands=((), ()), chosen=(5, 95), resolving=True,
                      scores=(65, 0))
    # seat 0 takes row 1 (10: 3 bullheads) -> 68 under either rule; take row 4 instead for exactly 66
    publisher = GAME.apply(GAME.apply(last, Take(2)), Place(3))  # 30 -> 3 bullheads: 68
    assert publisher.finished
    exact = last._replace(scores=(63, 0))
    ends = GAME.apply(GAME.apply(exact, Take(2)), Place(3))  # 63 + 3 = 66
    text_rule = exact._replace(variant=Take5Variant(end_rule=">"))
    goes_on = GAME.apply(GAME.apply(text_rule, Take(2)), Place(3))
    assert ends.finished and not goes_on.finished
    wrong = goes_on._replace(finished=True)
    mid = GAME.apply(text_rule, Take(2))
    assert "T5-END-1" in SPEC.check_transition(text_rule.variant, mid, 1, Place(3), wrong).rule_ids


@pytest.mark.rule("T5-END-1")
def test_end_check_flag_immediate_versus_round() -> None:
    state = make_state(rows=((10,), (20,), (30,), (40,)), hands=((1,), (2,)), chosen=(5, 95), resolving=True,
                       scores=(70, 0))
    round_end = GAME.apply(state, Take(0))
    assert not round_end.finished  # the round goes on
    immediate = state._replace(variant=Take5Variant(end_check="immediate"))
    assert GAME.apply(immediate, Take(0)).finished
    wrong = round_end._replace(finished=True)
    assert "T5-END-1" in SPEC.check_transition(V, state, 0, Take(0), wrong).rule_ids


@pytest.mark.rule("T5-WIN-1")
def test_lowest_total_wins_and_ties_share() -> None:
    done = make_state(hands=((), (), ()), chosen=(0, 0, 0), piles=((5,), (), ()), scores=(60, 62, 70),
                      finished=True)
    assert compute_winners(done) == frozenset({0, 1})  # 60 + 2 == 62
    assert GAME.outcome(done).winners == frozenset({0, 1})
    assert GAME.returns(done) == (0.5, 0.5, 0.0)
    assert "T5-WIN-1" in SPEC.check_outcome(V, done, frozenset({0})).rule_ids
    assert SPEC.check_outcome(V, done, frozenset({0, 1})).ok


@pytest.mark.rule("T5-WIN-1")
def test_tie_flag_shared_versus_draw() -> None:
    """T5-AMB-3: a shared lowest total is a shared win (default) or a draw for the whole table."""
    done = make_state(hands=((), (), ()), chosen=(0, 0, 0), piles=((5,), (), ()), scores=(60, 62, 70),
                      finished=True)
    draw = done._replace(variant=Take5Variant(tie="draw"))
    # spec
    assert compute_winners(done) == frozenset({0, 1})
    assert compute_winners(draw) == frozenset({0, 1, 2})
    assert "T5-WIN-1" in SPEC.check_outcome(draw.variant, draw, frozenset({0, 1})).rule_ids
    assert SPEC.check_outcome(draw.variant, draw, frozenset({0, 1, 2})).ok
    # engine
    assert GAME.outcome(draw).winners == frozenset({0, 1, 2})
    assert GAME.returns(draw) == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert GAME.returns(done) == (0.5, 0.5, 0.0)
    # a single lowest total wins under both readings
    alone = draw._replace(scores=(50, 62, 70))
    assert compute_winners(alone) == GAME.outcome(alone).winners == frozenset({0})


# -- text forms -------------------------------------------------------------------------


@pytest.mark.parametrize("move", [Deal(1), Select(104), Place(0), Place(3, True), Take(2)])
def test_move_text_round_trip(move: object) -> None:
    assert parse_move(str(move)) == move
    assert eval(repr(move)) == move  # noqa: S307 - the repr is meant to be evaluable


@pytest.mark.parametrize("text", ["", "play", "play x", "play 0", "row 0", "row 9", "take 1 left", "jump 3", "row 2 right"])
def test_invalid_move_text(text: str) -> None:
    with pytest.raises(ValueError):
        parse_move(text)


def test_end_rule_typed_by_name_on_the_command_line() -> None:
    """``--variant end_rule=gt`` (a shell or an OpenSpiel game string cannot carry '>') is the text's rule."""
    from ruleproof.spec.core import parse_variant_assignments

    assert parse_variant_assignments(Take5Variant, ["end_rule=gt"]).end_rule == ">"
    assert parse_variant_assignments(Take5Variant, ["end_rule=ge"]).end_rule == ">="
    with pytest.raises(ValueError, match="end_rule"):
        parse_variant_assignments(Take5Variant, ["end_rule=lt"])  # a name, but not one of the flag's values
