"""Tests of the Ikebana specification: scoring, every rule, every flag, text forms.

Rule tests build a position by hand, make the move that breaks exactly one rule
(or a wrong after-state for an effect rule) and check that the spec names that
rule, and that the engine neither offers the illegal move nor produces the
wrong state.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

import pytest

from rulefacts import Layers, both
from ruleproof.model import ikebana as engine
from ruleproof.model.io.codec import decode, encode
from ruleproof.model.ikebana import GAME
from ruleproof.spec import ikebana as ik
from ruleproof.spec.core import CHANCE, Report
from ruleproof.spec.errors import IllegalMoveError, MoveParseError, PlayerCountError
from ruleproof.spec.ikebana import (
    SPEC,
    Buy,
    Draw,
    IkebanaMove,
    IkebanaState,
    IkebanaVariant,
    Keep,
    Refuse,
    Reveal,
)

V = IkebanaVariant()
#: Rulebook facts on spec and engine separately (tests/rulefacts.py).
IK = Layers[IkebanaState, IkebanaMove](GAME)
SCORING = "Как считаются очки."
PLAY = "Как играть."


# --------------------------------------------------------------------------
# helpers


def make(players: int = 3, variant: IkebanaVariant = V, **fields: object) -> IkebanaState:
    """A position: the initial state with some fields replaced."""
    return ik.initial_state(players, variant)._replace(**fields)


def rest_of_deck(*groups: Sequence[str]) -> tuple[str, ...]:
    """The deck that remains when the given cards are elsewhere."""
    left = Counter(ik.FULL_DECK) - Counter(c for g in groups for c in g)
    return tuple(sorted(left.elements()))


def check(state: IkebanaState, move: IkebanaMove, actor: int | None = None) -> Report:
    who = ik.compute_whose_turn(state) if actor is None else actor
    return SPEC.check_move(state.variant, state, who, move)


def effects(before: IkebanaState, move: IkebanaMove, after: IkebanaState) -> Report:
    return SPEC.check_transition(before.variant, before, ik.compute_whose_turn(before), move, after)


def play(state: IkebanaState, move: IkebanaMove) -> IkebanaState:
    """The engine's (checked) after-state, which must satisfy every effect rule."""
    after = GAME.apply(state, move)
    report = effects(state, move, after)
    assert report.ok, str(report)
    return after


def spec_legal(state: IkebanaState) -> set[IkebanaMove]:
    actor = ik.compute_whose_turn(state)
    return set(SPEC.spec_legal_moves(state.variant, state, actor))


def assert_agree(state: IkebanaState) -> None:
    assert set(GAME.legal_moves(state)) == spec_legal(state)


# Three bouquets from the text's examples; seat 0 completes its bouquet by keeping W2.
SEAT0 = ("R1", "R2", "R3", "R4")
SEAT1 = ("B3", "G2", "R3", "W2", "Y3")
SEAT2 = ("G3", "G4", "R5", "W1", "Y5")


def round_end(variant: IkebanaVariant = V, round_: int = 1, issued: int = 0, start: int = 0,
              coins: tuple[int, ...] = (6, 6, 6)) -> IkebanaState:
    """Seat 0 looks at W2, the card that completes the last bouquet of the round."""
    return make(
        3, variant, round=round_, start=start, turn=0, phase="decide", drawn="W2",
        deck=rest_of_deck(SEAT0, SEAT1, SEAT2, ("W2",)), hands=(SEAT0, SEAT1, SEAT2),
        coins=coins, issued=issued + sum(coins) - 18,
    )


# --------------------------------------------------------------------------
# The rulebook's scoring examples


@pytest.mark.example(SCORING)
@pytest.mark.rule("IK-SCORE-1", "IK-SCORE-2")
def test_example_1_three_and_two_of_a_kind_five_colours() -> None:
    """«Например, у вас есть красна 3, синяя 3, желтая 3, белая 2, зеленая 2»: (9 + 4) × 3 = 39."""
    score = ik.explain_bouquet(["R3", "B3", "Y3", "W2", "G2"])
    assert sorted((c.name, c.points) for c, _ in score.combinations) == [("three 3s", 9), ("two 2s", 4)]
    assert (score.base, score.multiplier, score.total) == (13, 3, 39)
    bouquet = ("R3", "B3", "Y3", "W2", "G2")
    both(39, spec=ik.compute_bouquet_score(bouquet), engine=engine._points(bouquet) * engine._multiplier(bouquet))


@pytest.mark.example(SCORING)
@pytest.mark.rule("IK-SCORE-1", "IK-SCORE-2")
def test_example_2_run_beats_the_pair() -> None:
    """«Например 2 … красная 1, красная 2, красная 3, красная 4, белая 2»: run 8 × 2 colours = 16;
    the pair of 2s does not count because a 2 is already in the run."""
    score = ik.explain_bouquet(["R1", "R2", "R3", "R4", "W2"])
    assert [(c.name, cards) for c, cards in score.combinations] == [("run 1-2-3-4", ("R1", "R2", "R3", "R4"))]
    assert score.unused == ("W2",)
    assert (score.base, score.multiplier, score.total) == (8, 2, 16)
    bouquet = ("R1", "R2", "R3", "R4", "W2")
    both(16, spec=ik.compute_bouquet_score(bouquet), engine=engine._points(bouquet) * engine._multiplier(bouquet))


@pytest.mark.example(SCORING)
@pytest.mark.rule("IK-SCORE-1", "IK-SCORE-2")
def test_example_3_pair_without_colour_bonus() -> None:
    """«Например 3, есть красная 5, желтая 5, красная 3, красная 4, белая 1»: 5 × 2 = 10, three colours ×1."""
    score = ik.explain_bouquet(["R5", "Y5", "R3", "R4", "W1"])
    assert [c.name for c, _ in score.combinations] == ["two 5s"]
    assert (score.base, score.multiplier, score.total) == (10, 1, 10)
    bouquet = ("R5", "Y5", "R3", "R4", "W1")
    both(10, spec=ik.compute_bouquet_score(bouquet), engine=engine._points(bouquet) * engine._multiplier(bouquet))


@pytest.mark.example(PLAY)
@pytest.mark.rule("IK-REFUSE-2")
def test_example_masha_pays_petya_vasya_petya() -> None:
    """«при игре втроем Маша … платит Пете (слева) одну монетку … два монетки … Васе … три монетки снова Пете»."""
    masha, petya, vasya = 0, 1, 2
    state = make(3, coins=(6, 6, 6))
    state = IK.step(state, Draw())
    for card, coins in (("R1", (5, 7, 6)), ("G1", (3, 7, 8)), ("B1", (0, 10, 8))):
        state = IK.step(IK.step(state, Reveal(card)), Refuse(), {"coins": coins},
                        wrong=[{"coins": (coins[0], 6, 6 + 6 - coins[0])}])
    assert state.coins[petya] == 6 + 1 + 3
    assert state.coins[vasya] == 6 + 2
    assert state.coins[masha] == 0
    assert state.piles[masha] == ("R1", "G1", "B1")
    # With no coins left she must keep the next card.
    state = play(state, Reveal("Y1"))
    assert GAME.legal_moves(state) == (Keep(),)
    IK.legal(state, {Keep()})
    IK.refuses(state, Refuse(), "IK-REFUSE-1")


# --------------------------------------------------------------------------
# The scorer against brute force over every bouquet


def _set_partitions(items: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _set_partitions(rest):
        yield [(first,)] + partition
        for i in range(len(partition)):
            yield partition[:i] + [(first,) + partition[i]] + partition[i + 1 :]


def _block_points(values: tuple[int, ...]) -> int:
    """The rulebook's table, read literally; any other group of cards scores nothing."""
    ordered = sorted(values)
    if len(values) >= 2 and len(set(values)) == 1:
        return values[0] * len(values)
    return {(1, 2, 3, 4): 8, (2, 3, 4, 5): 12, (1, 2, 3, 4, 5): 15}.get(tuple(ordered), 0)


@cache
def _brute_points(values: tuple[int, ...]) -> int:
    """Every way to split the cards into groups (52 for five cards); the best total."""
    return max(sum(_block_points(block) for block in partition) for partition in _set_partitions(values))


def _brute_multiplier(cards: Sequence[str]) -> int:
    colours = len({c[0] for c in cards})
    return {1: 4, 2: 2, 5: 3}.get(colours, 1)


@cache
def all_bouquets() -> tuple[tuple[str, ...], ...]:
    """Every five cards the deck can give (made once: three tests read them)."""
    deck = Counter(ik.FULL_DECK)
    return tuple(
        b for b in itertools.combinations_with_replacement(ik.CARD_KINDS, 5)
        if all(n <= deck[c] for c, n in Counter(b).items())
    )


@cache
def spec_scores() -> dict[tuple[str, ...], int]:
    """The spec's score of every bouquet (asked once: two tests read them)."""
    return {bouquet: ik.compute_bouquet_score(bouquet) for bouquet in all_bouquets()}


@pytest.mark.rule("IK-SCORE-1", "IK-SCORE-2")
def test_scorer_equals_brute_force_on_every_bouquet() -> None:
    from ruleproof.model import ikebana as engine

    bouquets = all_bouquets()
    assert len(bouquets) == 99455
    scores = spec_scores()
    for bouquet in bouquets:
        expected = _brute_points(tuple(int(c[1]) for c in bouquet)) * _brute_multiplier(bouquet)
        assert scores[bouquet] == expected, bouquet
        assert engine._points(bouquet) * engine._multiplier(bouquet) == expected, bouquet
    # The explanation agrees too (on a deterministic sample: it is slower).
    for bouquet in bouquets[::7]:
        expected = _brute_points(tuple(int(c[1]) for c in bouquet)) * _brute_multiplier(bouquet)
        explained = ik.explain_bouquet(bouquet)
        assert explained.total == expected, bouquet
        used = [c for _, cards in explained.combinations for c in cards] + list(explained.unused)
        assert Counter(used) == Counter(bouquet)


def test_best_bouquet_is_worth_75() -> None:
    scores = spec_scores()
    best = max(scores, key=scores.__getitem__)
    assert scores[best] == 75
    assert sorted(best) == ["B5", "G5", "R5", "W5", "Y5"]


@pytest.mark.rule("IK-SCORE-1")
def test_combination_points_edge_cases() -> None:
    assert ik.compute_combination_points([1, 2, 3, 4, 5]) == 15
    assert ik.compute_combination_points([2, 3, 4, 5, 5]) == 12
    assert ik.compute_combination_points([1, 1, 1, 1, 1]) == 5
    assert ik.compute_combination_points([4, 4, 4, 4, 1]) == 16
    assert ik.compute_combination_points([2, 2, 3, 3, 5]) == 10
    assert ik.compute_combination_points([1, 2, 3, 4, 4]) == 8
    assert ik.compute_combination_points([1, 3, 5, 2, 2]) == 4
    assert ik.compute_combination_points([]) == 0


@pytest.mark.rule("IK-SCORE-2")
def test_multiplier_counts_all_five_cards() -> None:
    # Two colours only when the unused card is counted: red run + white leftover.
    assert ik.compute_colour_multiplier(["R1", "R2", "R3", "R4", "W2"]) == 2
    assert ik.compute_colour_multiplier(["R1", "R2", "R3", "R4", "R2"]) == 4
    assert ik.compute_colour_multiplier(["R1", "G2", "Y3", "B4", "B5"]) == 1
    assert ik.compute_colour_multiplier(["R1", "G2", "Y3", "W4"]) == 1  # incomplete


# --------------------------------------------------------------------------
# explain_bouquet and cards as text


def test_explain_text_form() -> None:
    text = str(ik.explain_bouquet(["r3", "B3", "Y3", "W2", "G2"]))
    assert text.splitlines() == [
        "bouquet R3 B3 Y3 W2 G2",
        "  three 3s (R3 Y3 B3): 9",
        "  two 2s (G2 W2): 4",
        "  colours red, green, yellow, blue, white: five different colours x3",
        "  total 13 x 3 = 39",
    ]
    # Five cards always hold a pair or the run 1-5; only an incomplete bouquet can score nothing.
    empty = str(ik.explain_bouquet(["R1", "G3", "Y5", "B2"]))
    assert "no combination: 0" in empty and "incomplete bouquet" in empty and "total 0 x 1 = 0" in empty


def test_parse_card_round_trip() -> None:
    for card in ik.CARD_KINDS:
        assert ik.parse_card(card) == card
        assert ik.parse_card(card.lower()) == card


@pytest.mark.parametrize("text", ["", "R", "R6", "R0", "X1", "RR1", "1R", "R\u0663"])  # an Arabic-Indic 3 is no card value
def test_invalid_card_text(text: str) -> None:
    with pytest.raises(MoveParseError, match=repr(text).replace("(", r"\(")):
        ik.parse_card(text)


def test_invalid_bouquets() -> None:
    with pytest.raises(ik.BouquetError, match="at most 5 cards"):
        ik.explain_bouquet(["R1"] * 2 + ["G1"] * 4)
    with pytest.raises(ik.BouquetError, match="only 3 copies of R1"):
        ik.explain_bouquet(["R1"] * 4)
    with pytest.raises(ValueError):
        ik.explain_bouquet(["Q9"])


@pytest.mark.parametrize(
    "cards",
    [
        ["R1", "G1", "Y1", "B1", "W1", "R1"],  # six 1s: once a KeyError (issue 16)
        ["R1", "R2", "R3", "R4", "R5", "W5"],
        ["B2"] * 3 + ["B3"] * 4,
    ],
)
def test_invalid_bouquet_score_of_more_than_five_cards(cards: list[str]) -> None:
    """Issue 16: scoring six or more cards is refused with an error naming the cards."""
    with pytest.raises(ik.BouquetError) as info:
        ik.compute_bouquet_score(cards)
    assert isinstance(info.value, ValueError)
    assert f"got {len(cards)}" in str(info.value) and repr(cards) in str(info.value)
    with pytest.raises(ik.BouquetError, match=f"got {len(cards)} values"):
        ik.compute_combination_points(ik.card_value(c) for c in cards)


def test_bouquet_score_still_accepts_five_or_fewer_cards() -> None:
    assert ik.compute_bouquet_score(["R1", "G1", "Y1", "B1", "W1"]) == 5 * 3
    assert ik.compute_bouquet_score(["R1", "G1"]) == 2


# --------------------------------------------------------------------------
# Moves: text forms


ALL_MOVES: list[IkebanaMove] = [Draw(), Keep(), Refuse()] + [Buy(s) for s in range(5)] + [
    Reveal(c) for c in ik.CARD_KINDS
]


def test_moves_parse_back_and_repr_evaluates() -> None:
    names = {"Draw": Draw, "Buy": Buy, "Reveal": Reveal, "Keep": Keep, "Refuse": Refuse}
    for move in ALL_MOVES:
        assert ik.parse_move(str(move)) == move
        assert eval(repr(move), names) == move  # noqa: S307 - the repr is meant to evaluate
    # Moves of different kinds never compare equal (legality checks use ``in``).
    assert len(set(ALL_MOVES)) == len(ALL_MOVES)


@pytest.mark.parametrize("text", ["", "buy", "buy -1", "buy x", "reveal", "reveal Z1", "take", "keep 1"])
def test_invalid_move_text(text: str) -> None:
    with pytest.raises(MoveParseError):
        ik.parse_move(text)


# --------------------------------------------------------------------------
# Setup and turns


@pytest.mark.rule("IK-SETUP-1")
def test_invalid_player_counts() -> None:
    for players in (1, 6):
        with pytest.raises(PlayerCountError, match=str(players)):
            GAME.initial_state(players, V)
        with pytest.raises(PlayerCountError):
            ik.initial_state(players, V)
    bad = make(5)._replace(players=6, coins=(6,) * 6, hands=((),) * 6, piles=((),) * 6)
    assert "IK-SETUP-1" in check(bad, Draw()).rule_ids
    assert "IK-SETUP-1" not in check(make(5), Draw()).rule_ids


@pytest.mark.rule("IK-SETUP-2")
def test_setup_coins_and_first_player() -> None:
    fresh = GAME.initial_state(4, V)
    assert fresh.coins == (6, 6, 6, 6) and fresh.deck == ik.FULL_DECK and fresh.turn == 0
    assert check(fresh, Draw()).ok
    assert "IK-SETUP-2" in check(fresh._replace(coins=(6, 5, 6, 6)), Draw()).rule_ids
    assert "IK-SETUP-2" in check(fresh._replace(turn=2, start=2), Draw(), actor=2).rule_ids


@pytest.mark.rule("IK-TURN-1")
def test_only_the_player_to_act_moves() -> None:
    state = make(3, round=2, turn=1, start=1)
    assert "IK-TURN-1" in check(state, Draw(), actor=0).rule_ids
    assert "IK-TURN-1" in check(state, Reveal("R1"), actor=CHANCE).rule_ids
    assert check(state, Draw(), actor=1).ok
    assert GAME.current_player(state) == 1
    revealing = play(state, Draw())
    assert "IK-TURN-1" in check(revealing, Reveal("R1"), actor=1).rule_ids
    with pytest.raises(IllegalMoveError) as err:
        GAME.apply(state, Reveal("R1"))
    assert "IK-TURN-2" in err.value.rule_ids


@pytest.mark.rule("IK-TURN-2")
def test_draw_or_buy_is_chosen_at_the_start() -> None:
    deciding = make(3, phase="decide", drawn="R1", deck=rest_of_deck(("R1", "G4")), piles=((), ("G4",), ()))
    assert "IK-TURN-2" in check(deciding, Buy(1)).rule_ids
    assert "IK-TURN-2" in check(deciding, Draw()).rule_ids
    assert set(GAME.legal_moves(deciding)) == {Keep(), Refuse()}
    choosing = make(3, piles=((), ("G4",), ()), deck=rest_of_deck(("G4",)))
    assert "IK-TURN-2" in check(choosing, Keep()).rule_ids
    assert "IK-TURN-2" in check(choosing, Refuse()).rule_ids
    assert GAME.legal_moves(choosing) == (Buy(1), Draw())
    assert_agree(deciding)
    assert_agree(choosing)


# --------------------------------------------------------------------------
# Drawing


@pytest.mark.rule("IK-DRAW-1")
def test_revealed_card_comes_from_the_deck() -> None:
    state = make(2, phase="reveal", deck=("B5", "R1", "R1"))
    assert "IK-DRAW-1" in check(state, Reveal("G2")).rule_ids
    assert check(state, Reveal("R1")).ok
    assert dict(GAME.chance_outcomes(state)) == {Reveal("B5"): 1 / 3, Reveal("R1"): 2 / 3}
    assert GAME.legal_moves(state) == (Reveal("B5"), Reveal("R1"))


@pytest.mark.rule("IK-DRAW-2")
def test_choosing_to_draw_moves_nothing() -> None:
    state = make(2)
    after = play(state, Draw())
    assert after.phase == "reveal" and after.deck == state.deck and after.coins == state.coins
    wrong = after._replace(coins=(5, 6))
    assert "IK-DRAW-2" in effects(state, Draw(), wrong).rule_ids
    assert "IK-DRAW-2" in effects(state, Draw(), after._replace(phase="decide")).rule_ids


@pytest.mark.rule("IK-DRAW-3")
def test_revealed_card_leaves_the_deck() -> None:
    state = make(2, phase="reveal", deck=("B5", "R1", "R1"))
    after = play(state, Reveal("R1"))
    assert after.deck == ("B5", "R1") and after.drawn == "R1" and after.phase == "decide"
    assert "IK-DRAW-3" in effects(state, Reveal("R1"), after._replace(deck=state.deck)).rule_ids
    assert "IK-DRAW-3" in effects(state, Reveal("R1"), after._replace(drawn="B5")).rule_ids


@pytest.mark.rule("IK-KEEP-1")
def test_kept_card_joins_the_hand() -> None:
    state = make(2, phase="decide", drawn="Y4", hands=(("B1",), ()), deck=rest_of_deck(("B1", "Y4")))
    after = play(state, Keep())
    assert after.hands == (("B1", "Y4"), ()) and after.turn == 1 and after.drawn is None
    assert "IK-KEEP-1" in effects(state, Keep(), after._replace(hands=(("B1",), ("Y4",)))).rule_ids
    assert "IK-KEEP-1" in effects(state, Keep(), after._replace(piles=(("Y4",), ()))).rule_ids


# --------------------------------------------------------------------------
# Refusing


def deciding(refusals: int, coins: tuple[int, ...], players: int = 3) -> IkebanaState:
    return make(players, phase="decide", drawn="R1", refusals=refusals, coins=coins, deck=rest_of_deck(("R1",)))


@pytest.mark.rule("IK-REFUSE-1")
def test_refusal_costs_must_be_paid_in_full() -> None:
    state = deciding(2, (2, 8, 8))
    assert "IK-REFUSE-1" in check(state, Refuse()).rule_ids
    assert GAME.legal_moves(state) == (Keep(),)
    assert check(deciding(2, (3, 8, 7)), Refuse()).ok
    broke = deciding(0, (0, 9, 9))
    assert "IK-REFUSE-1" in check(broke, Refuse()).rule_ids
    assert GAME.legal_moves(broke) == (Keep(),)
    for s in (state, broke, deciding(2, (3, 8, 7))):
        assert_agree(s)


@pytest.mark.rule("IK-REFUSE-2")
def test_refusal_payment_goes_clockwise_skipping_oneself() -> None:
    # Third refusal of seat 0 with three players: seat 1 (again).
    state = deciding(2, (9, 6, 3))
    after = play(state, Refuse())
    assert after.coins == (6, 9, 3)
    assert "IK-REFUSE-2" in effects(state, Refuse(), after._replace(coins=(6, 6, 6))).rule_ids
    assert "IK-REFUSE-2" in effects(state, Refuse(), after._replace(coins=(8, 7, 3))).rule_ids


@pytest.mark.rule("IK-REFUSE-2")
def test_two_players_always_pay_the_opponent() -> None:
    state = make(2, coins=(6, 6))
    state = play(state, Draw())
    for card, coins in (("R1", (5, 7)), ("R2", (3, 9)), ("R3", (0, 12))):
        state = play(play(state, Reveal(card)), Refuse())
        assert state.coins == coins
    assert [ik.compute_refusal_payee(5, 3, k) for k in range(1, 7)] == [4, 0, 1, 2, 4, 0]


@pytest.mark.rule("IK-REFUSE-1", "IK-REFUSE-2")
def test_partial_refusal_flag_lets_a_short_player_refuse_paying_all() -> None:
    """IK-AMB-9: the third refusal costs 3; seat 0 holds 2. Default: keep; partial_refusal: refuse, paying 2."""
    short = deciding(2, (2, 8, 8))
    partial = short._replace(variant=IkebanaVariant(partial_refusal=True))
    # spec
    assert "IK-REFUSE-1" in check(short, Refuse()).rule_ids
    assert check(partial, Refuse()).ok
    assert spec_legal(short) == {Keep()} and spec_legal(partial) == {Keep(), Refuse()}
    # engine
    assert GAME.legal_moves(short) == (Keep(),)
    assert GAME.legal_moves(partial) == (Keep(), Refuse())
    after = play(partial, Refuse())  # the engine's after-state passes every effect rule
    assert after.coins == (0, 10, 8)  # the third payment goes to seat 1 again
    full_price = after._replace(coins=(-1, 11, 8))
    assert "IK-REFUSE-2" in effects(partial, Refuse(), full_price).rule_ids
    # with no coin at all both readings keep the card
    broke = deciding(0, (0, 9, 9))._replace(variant=partial.variant)
    assert "IK-REFUSE-1" in check(broke, Refuse()).rule_ids
    assert GAME.legal_moves(broke) == (Keep(),)
    for s in (short, partial, broke):
        assert_agree(s)


@pytest.mark.example(PLAY)
@pytest.mark.rule("IK-REFUSE-2")
def test_counterclockwise_payments_contradict_the_text(rulebooks: Path) -> None:
    """IK-AMB-7: reading 'left' as the previous seat breaks the text's 'по часовой стрелке (второй игрок слева)'.

    Replaying Маша's example with counterclockwise payees fails on the first refusal.
    """
    amb = next(a for a in SPEC.ambiguities if a.id == "IK-AMB-7")
    assert "counterclockwise" in {r.value for r in amb.readings} and "по часовой стрелке" in amb.contradiction
    assert "по часовой стрелке (второй игрок слева)" in (rulebooks / ik.RULEBOOK).read_text(encoding="utf-8")
    state = play(make(3, coins=(6, 6, 6)), Draw())
    opponents_ccw = [(0 - i) % 3 for i in (1, 2)]
    counter = [opponents_ccw[(k - 1) % 2] for k in (1, 2, 3)]
    assert counter == [2, 1, 2] != [ik.compute_refusal_payee(3, 0, k) for k in (1, 2, 3)] == [1, 2, 1]
    state = play(state, Reveal("R1"))
    after = GAME.apply(state, Refuse())
    paid_right = after._replace(coins=(5, 6, 7))  # to seat 2, the counterclockwise neighbour
    IK.step(state, Refuse(), {"coins": (5, 7, 6)}, wrong=[{"coins": (5, 6, 7)}])
    assert effects(state, Refuse(), paid_right).rule_ids == ("IK-REFUSE-2",)


@pytest.mark.rule("IK-PAY-1")
def test_chip_denominations_without_change_contradict_the_payouts(rulebooks: Path) -> None:
    """IK-AMB-8 'chips': with five players the bank has no 1-chip left and cannot pay 4 (a Z3 core)."""
    from ruleproof.checkers.smt.ikebana import denomination_payout

    amb = next(a for a in SPEC.ambiguities if a.id == "IK-AMB-8")
    assert "chips" in {r.value for r in amb.readings} and "IK-PAY-1" in amb.contradiction
    assert "по 6 монеток (каждая номиналом 1 очко)" in (rulebooks / ik.RULEBOOK).read_text(encoding="utf-8")
    assert ik.compute_bouquet_score(["R2", "G2", "Y1", "R3", "R5"]) == 4  # two 2s, three colours: the bank owes 4
    short = denomination_payout(5, 4)
    assert short.verdict == "unsat" and set(short.core) == {"IK-PAY-1", "IK-AMB-8-chips"}
    assert denomination_payout(5, 5).verdict == "sat"  # a 5-chip pays 5
    assert denomination_payout(4, 4).verdict == "sat"  # four players leave six 1-chips in the bank


@pytest.mark.rule("IK-REFUSE-3")
def test_refused_card_goes_on_own_pile_and_the_player_draws_again() -> None:
    state = deciding(0, (6, 6, 6))._replace(piles=(("G1",), (), ()))
    after = play(state, Refuse())
    assert after.piles == (("G1", "R1"), (), ()) and after.phase == "reveal" and after.refusals == 1
    assert "IK-REFUSE-3" in effects(state, Refuse(), after._replace(piles=(("G1",), ("R1",), ()))).rule_ids
    assert "IK-REFUSE-3" in effects(state, Refuse(), after._replace(phase="choose", turn=1)).rule_ids
    assert "IK-REFUSE-3" in effects(state, Refuse(), after._replace(refusals=0)).rule_ids


# --------------------------------------------------------------------------
# The deck runs out


@pytest.mark.rule("IK-DECK-1")
def test_empty_deck_is_rebuilt_from_all_but_the_top_discards() -> None:
    piles = (("R1", "G2", "B3"), ("Y1",), ("W4", "W5"))
    state = make(3, deck=(), piles=piles)
    after = play(state, Draw())
    assert after.deck == ("G2", "R1", "W4")
    assert after.piles == (("B3",), ("Y1",), ("W5",))
    assert "IK-DECK-1" in effects(state, Draw(), after._replace(deck=(), piles=piles)).rule_ids
    assert "IK-DECK-1" in effects(state, Draw(), after._replace(piles=((), (), ()))).rule_ids


@pytest.mark.rule("IK-DECK-1", "IK-REFUSE-3")
def test_refused_card_stays_on_top_when_the_deck_is_rebuilt() -> None:
    state = make(3, phase="decide", drawn="R2", deck=(), piles=(("R1",), (), ("W4", "W5")))
    after = play(state, Refuse())
    assert after.deck == ("R1", "W4")
    assert after.piles == (("R2",), (), ("W5",))
    wrong = after._replace(deck=("R1", "R2", "W4"), piles=((), (), ("W5",)))
    assert {"IK-DECK-1", "IK-REFUSE-3"} <= set(effects(state, Refuse(), wrong).rule_ids)


@pytest.mark.rule("IK-DECK-1")
def test_flag_recycle_changes_when_the_deck_is_rebuilt() -> None:
    piles = (("G1", "G2"), (), ())
    lazy = make(3, phase="reveal", deck=("R1",), piles=piles)
    eager = make(3, IkebanaVariant(recycle="when_empty"), phase="reveal", deck=("R1",), piles=piles)
    after_lazy = play(lazy, Reveal("R1"))
    after_eager = play(eager, Reveal("R1"))
    assert (after_lazy.deck, after_lazy.piles) == ((), piles)
    assert (after_eager.deck, after_eager.piles) == (("G1",), (("G2",), (), ()))
    assert "IK-DECK-1" in effects(eager, Reveal("R1"), after_eager._replace(deck=(), piles=piles)).rule_ids
    # The lazy reading rebuilds only when the next card is needed.
    again = play(after_lazy, Refuse())
    assert again.deck == ("G1", "G2") and again.piles == (("R1",), (), ())


@pytest.mark.rule("IK-DECK-2")
def test_no_draw_without_a_card_to_draw() -> None:
    state = make(2, deck=(), piles=((), ("W5",)))
    assert "IK-DECK-2" in check(state, Draw()).rule_ids
    assert GAME.legal_moves(state) == (Buy(1),)
    stuck_refusal = make(2, phase="decide", drawn="R1", deck=(), piles=((), ("W5",)))
    assert "IK-DECK-2" in check(stuck_refusal, Refuse()).rule_ids
    assert GAME.legal_moves(stuck_refusal) == (Keep(),)
    # With a card under one pile's top the refusal is possible again.
    possible = stuck_refusal._replace(piles=((), ("W4", "W5")))
    assert check(possible, Refuse()).ok and Refuse() in GAME.legal_moves(possible)
    # Refusing onto one's own non-empty pile frees its old top for the new deck.
    own = stuck_refusal._replace(piles=(("B2",), ()))
    assert check(own, Refuse()).ok and Refuse() in GAME.legal_moves(own)
    for s in (state, stuck_refusal, possible, own):
        assert_agree(s)


# --------------------------------------------------------------------------
# Buying


@pytest.mark.rule("IK-BUY-1")
def test_buy_only_from_an_opponents_pile() -> None:
    state = make(3, piles=(("R2",), (), ("G3",)), deck=rest_of_deck(("R2", "G3")))
    assert "IK-BUY-1" in check(state, Buy(0)).rule_ids  # own pile
    assert "IK-BUY-1" in check(state, Buy(1)).rule_ids  # empty pile
    assert "IK-BUY-1" in check(state, Buy(4)).rule_ids  # no such seat
    assert check(state, Buy(2)).ok
    assert GAME.legal_moves(state) == (Buy(2), Draw())
    assert_agree(state)


@pytest.mark.rule("IK-BUY-2")
def test_buy_needs_the_price_in_coins() -> None:
    state = make(3, coins=(3, 6, 9), piles=((), ("R4",), ("G3",)), deck=rest_of_deck(("R4", "G3")))
    assert "IK-BUY-2" in check(state, Buy(1)).rule_ids
    assert check(state, Buy(2)).ok
    assert GAME.legal_moves(state) == (Buy(2), Draw())
    broke = state._replace(coins=(0, 9, 9))
    assert "IK-BUY-2" in check(broke, Buy(2)).rule_ids
    assert GAME.legal_moves(broke) == (Draw(),)
    assert_agree(state)
    assert_agree(broke)


@pytest.mark.rule("IK-BUY-3")
def test_buying_moves_the_card_and_pays_the_owner() -> None:
    state = make(3, coins=(6, 6, 6), piles=((), ("R4", "R2"), ()), deck=rest_of_deck(("R4", "R2")))
    after = play(state, Buy(1))
    assert after.hands[0] == ("R2",) and after.piles[1] == ("R4",) and after.coins == (4, 8, 6)
    assert after.turn == 1 and after.phase == "choose"
    assert "IK-BUY-3" in effects(state, Buy(1), after._replace(coins=(4, 6, 8))).rule_ids
    assert "IK-BUY-3" in effects(state, Buy(1), after._replace(piles=((), ("R4", "R2"), ()))).rule_ids


# --------------------------------------------------------------------------
# Turn order, stalls, round end


@pytest.mark.rule("IK-ORDER-1")
def test_turn_skips_players_with_full_bouquets() -> None:
    full = ("B1", "B2", "B3", "B4", "B5")
    state = make(3, phase="decide", drawn="R1", hands=((), full, ()), deck=rest_of_deck(full, ("R1",)))
    after = play(state, Keep())
    assert after.turn == 2
    assert "IK-ORDER-1" in effects(state, Keep(), after._replace(turn=1)).rule_ids
    # Nobody else needs cards: the same player goes again.
    alone = state._replace(hands=((), full, full))
    assert play(alone, Keep()).turn == 0
    assert "IK-ORDER-1" in effects(alone, Keep(), play(alone, Keep())._replace(turn=2)).rule_ids


def stalled(variant: IkebanaVariant) -> IkebanaState:
    """Seat 0 keeps a card; seat 1 then can neither draw (no card anywhere) nor buy (no coins)."""
    return make(
        2, variant, phase="decide", drawn="R1", deck=(), hands=(("G1", "G2", "G3"), ("B1",)),
        piles=((), ("W5",)), coins=(6, 0),
    )


@pytest.mark.rule("IK-STALL-1")
def test_flag_stall_ends_the_round_or_skips() -> None:
    state = stalled(V)
    after = play(state, Keep())
    assert after.round == 2 and after.last_bouquets == (("G1", "G2", "G3", "R1"), ("B1",))
    assert after.last_scores == (2, 0)  # a pair of 1s, no colour bonus for an incomplete bouquet
    skipping = stalled(IkebanaVariant(stall="skip"))
    after_skip = play(skipping, Keep())
    assert after_skip.round == 1 and after_skip.turn == 0
    assert GAME.legal_moves(after_skip) == (Buy(1),)
    assert "IK-STALL-1" in effects(skipping, Keep(), after_skip._replace(turn=1)).rule_ids
    assert "IK-STALL-1" in effects(state, Keep(), after_skip._replace(variant=V)).rule_ids


@pytest.mark.rule("IK-STALL-1")
def test_stall_skip_ends_the_round_when_nobody_can_act() -> None:
    skipping = stalled(IkebanaVariant(stall="skip"))._replace(coins=(4, 0))
    after = play(skipping, Keep())
    assert after.round == 2
    assert "IK-STALL-1" in effects(skipping, Keep(), after._replace(round=1, turn=0, phase="choose")).rule_ids


@pytest.mark.rule("IK-ROUND-1")
def test_round_ends_when_everyone_holds_five_cards() -> None:
    state = round_end()
    after = play(state, Keep())
    assert after.round == 2 and after.last_bouquets == (tuple(sorted(SEAT0 + ("W2",))), SEAT1, SEAT2)
    continuing = after._replace(round=1, hands=(tuple(sorted(SEAT0 + ("W2",))), SEAT1, SEAT2), turn=1)
    assert "IK-ROUND-1" in effects(state, Keep(), continuing).rule_ids
    assert "IK-ROUND-1" in effects(state, Keep(), after._replace(last_bouquets=(SEAT0, SEAT1, SEAT2))).rule_ids
    # Ending a round while a hand is short is wrong too.
    early = make(2, phase="decide", drawn="R1", deck=rest_of_deck(("R1",)))
    assert "IK-ROUND-1" in effects(early, Keep(), play(early, Keep())._replace(round=2)).rule_ids


# --------------------------------------------------------------------------
# Scoring and payouts


@pytest.mark.rule("IK-SCORE-1")
def test_round_scores_use_the_best_combinations() -> None:
    state = round_end()
    after = play(state, Keep())
    assert after.last_base == (8, 13, 10)
    assert "IK-SCORE-1" in effects(state, Keep(), after._replace(last_base=(12, 13, 10))).rule_ids


@pytest.mark.rule("IK-SCORE-2")
def test_round_scores_apply_the_colour_multiplier() -> None:
    state = round_end()
    after = play(state, Keep())
    assert after.last_scores == (16, 39, 10)
    wrong = after._replace(last_scores=(8, 13, 10))
    assert "IK-SCORE-2" in effects(state, Keep(), wrong).rule_ids


@pytest.mark.rule("IK-PAY-1")
def test_bank_pays_the_scores() -> None:
    state = round_end()
    after = play(state, Keep())
    assert after.last_payouts == (16, 39, 10) and after.coins == (22, 45, 16) and after.issued == 65
    assert "IK-PAY-1" in effects(state, Keep(), after._replace(coins=(6, 6, 6))).rule_ids
    assert "IK-PAY-1" in effects(state, Keep(), after._replace(issued=0)).rule_ids


@pytest.mark.rule("IK-PAY-2")
def test_flag_double_final_doubles_the_fourth_round() -> None:
    normal = play(round_end(round_=4), Keep())
    doubled_state = round_end(IkebanaVariant(double_final=True), round_=4)
    doubled = play(doubled_state, Keep())
    assert normal.last_payouts == (16, 39, 10)
    assert doubled.last_payouts == (32, 78, 20) and doubled.coins == (38, 84, 26)
    # Not doubled in earlier rounds.
    assert play(round_end(IkebanaVariant(double_final=True), round_=3), Keep()).last_payouts == (16, 39, 10)
    wrong = doubled._replace(last_payouts=(16, 39, 10), coins=(22, 45, 16), issued=65)
    assert "IK-PAY-2" in effects(doubled_state, Keep(), wrong).rule_ids


@pytest.mark.rule("IK-BANK-1", "IK-MONEY-1")
def test_flag_bank_finite_runs_short() -> None:
    capacity = ik.bank_capacity(3)
    assert capacity == 487 and ik.BANK_TOTAL == 505
    unlimited = play(round_end(issued=capacity - 30), Keep())
    assert unlimited.last_payouts == (16, 39, 10)
    finite_state = round_end(IkebanaVariant(bank="finite"), issued=capacity - 30)
    finite = play(finite_state, Keep())
    assert finite.last_payouts == (16, 14, 0) and finite.issued == capacity
    assert finite.round == 2  # play goes on with an empty bank
    # Payment order starts with the round's start player.
    from_seat_2 = play(round_end(IkebanaVariant(bank="finite"), issued=capacity - 30, start=2), Keep())
    assert from_seat_2.last_payouts == (16, 4, 10)
    wrong = finite._replace(last_payouts=(16, 39, 10), coins=(22, 45, 16), issued=capacity - 30 + 65)
    assert {"IK-BANK-1", "IK-MONEY-1"} <= set(effects(finite_state, Keep(), wrong).rule_ids)


@pytest.mark.rule("IK-END-1", "IK-BANK-1")
def test_flag_shortfall_end_game() -> None:
    variant = IkebanaVariant(bank="finite", shortfall="end_game")
    capacity = ik.bank_capacity(3)
    short = round_end(variant, round_=2, issued=capacity - 30)
    after = play(short, Keep())
    assert after.phase == "over" and after.round == 2 and GAME.is_terminal(after)
    assert after.last_payouts == (16, 14, 0)
    enough = play(round_end(variant, round_=2, issued=capacity - 65), Keep())
    assert enough.phase == "choose" and enough.round == 3
    in_order = play(round_end(IkebanaVariant(bank="finite"), round_=2, issued=capacity - 30), Keep())
    assert in_order.round == 3
    assert "IK-END-1" in effects(short, Keep(), in_order._replace(variant=variant)).rule_ids


@pytest.mark.rule("IK-START-1")
def test_highest_scorer_starts_the_next_round() -> None:
    state = round_end()
    after = play(state, Keep())
    assert after.start == 1 and after.turn == 1
    assert "IK-START-1" in effects(state, Keep(), after._replace(start=0, turn=0)).rule_ids


@pytest.mark.rule("IK-START-1")
def test_flag_start_tie() -> None:
    # Seat 0 completes a bouquet worth 6; seats 1 and 2 tie at 24 (a run 1-4 in five colours).
    hands = (("G1", "G2", "R1", "R2"), ("B2", "G1", "R4", "W3", "Y4"), ("B4", "G2", "R3", "W4", "Y1"))
    for start, tie, expected in ((1, "after_previous", 2), (2, "after_previous", 1), (1, "lowest_seat", 1),
                                 (2, "lowest_seat", 1)):
        variant = IkebanaVariant(start_tie=tie)
        state = make(3, variant, start=start, turn=0, phase="decide", drawn="B5",
                     hands=hands, deck=rest_of_deck(*hands, ("B5",)))
        after = play(state, Keep())
        assert after.last_scores == (6, 24, 24)
        assert after.start == expected, (start, tie)
    assert ik.compute_next_start(IkebanaVariant(), 0, (5, 5, 5)) == 1
    assert ik.compute_next_start(IkebanaVariant(), 2, (5, 5, 5)) == 0


@pytest.mark.rule("IK-ROUND-2")
def test_new_round_gathers_every_card() -> None:
    state = round_end()._replace(piles=(("G1",), ("B1",), ()))
    state = state._replace(deck=rest_of_deck(SEAT0, SEAT1, SEAT2, ("W2", "G1", "B1")))
    after = play(state, Keep())
    assert after.deck == ik.FULL_DECK and after.hands == ((), (), ()) and after.piles == ((), (), ())
    assert after.phase == "choose" and after.round == 2
    assert "IK-ROUND-2" in effects(state, Keep(), after._replace(piles=(("G1",), ("B1",), ()))).rule_ids
    assert "IK-ROUND-2" in effects(state, Keep(), after._replace(round=3)).rule_ids


@pytest.mark.rule("IK-END-1")
def test_game_ends_after_four_rounds() -> None:
    state = round_end(round_=4)
    after = play(state, Keep())
    assert after.phase == "over" and after.round == 4 and GAME.is_terminal(after)
    assert GAME.legal_moves(after) == ()
    assert "IK-END-1" in effects(state, Keep(), after._replace(phase="choose", round=5)).rule_ids
    third = round_end(round_=3)
    assert "IK-END-1" in effects(third, Keep(), play(third, Keep())._replace(phase="over", round=3)).rule_ids


@pytest.mark.rule("IK-MONEY-1")
def test_money_is_conserved() -> None:
    state = deciding(0, (6, 6, 6))
    after = play(state, Refuse())
    assert ik.compute_money(after) == ik.compute_money(state) == 18
    assert "IK-MONEY-1" in effects(state, Refuse(), after._replace(coins=(5, 8, 6))).rule_ids
    # A finite bank never pays out more than it holds.
    finite = round_end(IkebanaVariant(bank="finite"), issued=ik.bank_capacity(3) - 30)
    good = play(finite, Keep())
    assert "IK-MONEY-1" not in effects(finite, Keep(), good).rule_ids


@pytest.mark.rule("IK-WIN-1")
def test_most_coins_wins_and_ties_share() -> None:
    over = play(round_end(round_=4, coins=(30, 9, 35)), Keep())
    assert over.coins == (46, 48, 45)
    assert GAME.outcome(over).winners == frozenset({1})
    assert SPEC.check_outcome(V, over, frozenset({1})).ok
    assert "IK-WIN-1" in SPEC.check_outcome(V, over, frozenset({0})).rule_ids
    tied = over._replace(coins=(48, 48, 45))
    assert GAME.outcome(tied).winners == frozenset({0, 1})
    assert GAME.returns(tied) == (0.5, 0.5, 0.0)
    assert "IK-WIN-1" in SPEC.check_outcome(V, tied, frozenset({0})).rule_ids


# --------------------------------------------------------------------------
# The rule numbers as flags (issue 31): each changes what the rules say, on spec and engine


@pytest.mark.rule("IK-SETUP-2", "IK-ROUND-2")
def test_flag_values_is_each_colours_deck() -> None:
    pairs = IkebanaVariant(values=(1, 1, 2, 2, 3, 3, 4, 4, 5, 5))
    deck = ik.deck_cards(pairs)
    assert len(deck) == 50 and Counter(deck)["R5"] == 2 and Counter(deck)["R1"] == 2
    fresh = GAME.initial_state(3, pairs)
    assert fresh.deck == deck and check(fresh, Draw()).ok
    # the rulebook's deck is not the fresh deck of this reading
    assert "IK-SETUP-2" not in check(fresh._replace(deck=ik.FULL_DECK), Draw()).rule_ids  # not fresh: no setup rule
    assert ik.explain_bouquet(["R5", "R5"], pairs).total == 10
    with pytest.raises(ik.BouquetError, match="only 1 copy of R5"):
        ik.explain_bouquet(["R5", "R5"])
    # a new round gathers this reading's deck
    after = play(round_end(pairs)._replace(deck=rest_of_deck_of(pairs, SEAT0, SEAT1, SEAT2, ("W2",))), Keep())
    assert after.deck == deck
    both(10, spec=ik.compute_bouquet_score(["R5", "R5"], pairs), engine=engine._points(("R5", "R5"))
         * engine._multiplier(("R5", "R5"), pairs))


def rest_of_deck_of(variant: IkebanaVariant, *groups: Sequence[str]) -> tuple[str, ...]:
    left = Counter(ik.deck_cards(variant)) - Counter(c for g in groups for c in g)
    return tuple(sorted(left.elements()))


@pytest.mark.rule("IK-SETUP-2", "IK-MONEY-1", "IK-BANK-1")
def test_flag_start_coins() -> None:
    rich = IkebanaVariant(start_coins=10)
    fresh = GAME.initial_state(4, rich)
    assert fresh.coins == (10,) * 4 and check(fresh, Draw()).ok
    assert "IK-SETUP-2" in check(fresh._replace(coins=(6,) * 4), Draw()).rule_ids
    assert ik.bank_capacity(4, rich) == 505 - 40 and GAME.bank_left(fresh._replace(variant=IkebanaVariant(
        bank="finite", start_coins=10))) == 465
    # four refusals are affordable now: 1 + 2 + 3 + 4 = 10
    state = fresh._replace(phase="decide", drawn="R1", refusals=3, deck=rest_of_deck(("R1",)), coins=(4, 10, 10, 10))
    assert check(state, Refuse()).ok and Refuse() in GAME.legal_moves(state)


@pytest.mark.rule("IK-END-1", "IK-PAY-2")
def test_flag_rounds_and_final_factor() -> None:
    two = IkebanaVariant(rounds=2)
    over = play(round_end(two, round_=2), Keep())
    assert over.phase == "over" and over.round == 2
    assert "IK-END-1" in effects(round_end(two, round_=2), Keep(), play(round_end(round_=2), Keep())
                                 ._replace(variant=two)).rule_ids
    tripled = IkebanaVariant(rounds=2, double_final=True, final_factor=3)
    assert play(round_end(tripled, round_=2), Keep()).last_payouts == (48, 117, 30)
    assert play(round_end(tripled, round_=1), Keep()).last_payouts == (16, 39, 10)
    assert ik.compute_due(tripled, 2, (1, 2, 3)) == (3, 6, 9)


@pytest.mark.rule("IK-ROUND-1", "IK-ORDER-1", "IK-SCORE-2")
def test_flag_bouquet_size() -> None:
    four = IkebanaVariant(bouquet=4)
    hands = (("R1", "R2", "R3"), ("B3", "G2", "R3", "W2"), ("G3", "G4", "R5", "W1"))
    state = make(3, four, phase="decide", drawn="R4", hands=hands, deck=rest_of_deck(*hands, ("R4",)))
    after = play(state, Keep())
    # seat 0's fourth card completes the last bouquet: run 1-2-3-4 of one colour, x4
    assert after.round == 2 and after.last_bouquets[0] == ("R1", "R2", "R3", "R4")
    # seat 1: two 3s and two 2s in four different colours, the "every card a different colour" x3
    assert after.last_scores == (32, 30, 0) and after.last_base == (8, 10, 0)
    assert "IK-ROUND-1" in effects(state, Keep(), play(state._replace(variant=V), Keep())._replace(variant=four)
                                   ).rule_ids
    both(4 * 8, spec=ik.compute_bouquet_score(("R1", "R2", "R3", "R4"), four),
         engine=engine._points(("R1", "R2", "R3", "R4")) * engine._multiplier(("R1", "R2", "R3", "R4"), four))
    assert ik.compute_colour_multiplier(["R1", "G1", "Y1", "B1"], four) == 3  # four cards, four colours
    # seat 1 already holds four cards: after seat 0's turn the turn skips it
    short = (("R1",), ("B3", "G2", "R3", "W2"), ("G3",))
    state = make(3, four, phase="decide", drawn="R2", hands=short, deck=rest_of_deck(*short, ("R2",)))
    assert play(state, Keep()).turn == 2
    assert "IK-ORDER-1" in effects(state, Keep(), play(state, Keep())._replace(turn=1)).rule_ids


@pytest.mark.rule("IK-SCORE-2")
def test_flag_colour_multipliers() -> None:
    house = IkebanaVariant(one_colour_multiplier=6, two_colour_multiplier=1, rainbow_multiplier=5)
    cases = ((("R1", "R2", "R3", "R4", "R5"), 15 * 6), (("R1", "R2", "R3", "R4", "W2"), 8),
             (("R3", "B3", "Y3", "W2", "G2"), 13 * 5))
    for bouquet, expected in cases:
        both(expected, spec=ik.compute_bouquet_score(bouquet, house),
             engine=engine._points(bouquet) * engine._multiplier(bouquet, house))
    state = round_end(house)
    after = play(state, Keep())
    assert after.last_scores == (8, 65, 10)
    assert "IK-SCORE-2" in effects(state, Keep(), play(round_end(), Keep())._replace(variant=house)).rule_ids
    assert "one colour x6" in str(ik.explain_bouquet("R1 R2 R3 R4 R5", house))


def test_invalid_rule_numbers_are_refused() -> None:
    from ruleproof.spec.errors import VariantError

    for flags, match in (({"values": (1, 6)}, "MAX_CARD_VALUE"), ({"values": (2, 1)}, "lowest first"),
                         ({"values": ()}, "MAX_COLOUR_CARDS"), ({"start_coins": -1}, "MAX_START_COINS"),
                         ({"rounds": 0}, "MAX_ROUNDS"), ({"bouquet": 2}, "MAX_BOUQUET"),
                         ({"final_factor": 11}, "MAX_MULTIPLIER")):
        with pytest.raises(VariantError, match=match):
            IkebanaVariant(**flags)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# Hidden information and serialisation


def test_observations_hide_hands_and_the_drawn_card() -> None:
    state = make(3, phase="decide", drawn="Y5", hands=(("R1",), ("G2", "G3"), ()),
                 piles=((), ("B1", "W4"), ("R3",)), deck=rest_of_deck(("R1", "G2", "G3", "B1", "W4", "R3", "Y5")))
    own = GAME.observation(state, 0)
    other = GAME.observation(state, 1)
    assert own["hand"] == ["R1"] and own["drawn"] == "Y5"
    assert other["hand"] == ["G2", "G3"] and other["drawn"] == "hidden"
    assert "R1" not in repr(other) and "Y5" not in repr(other)
    # Tops of discard piles are public, cards below them are not shown.
    assert own["pile_tops"] == other["pile_tops"] == [None, "W4", "R3"]
    assert "B1" not in repr(own)
    assert own["hand_sizes"] == [1, 2, 0] and own["coins"] == [6, 6, 6]
    # Observations differ only in the seat's own secrets.
    assert {k for k in own if own[k] != other[k]} == {"seat", "hand", "drawn"}


def test_bouquets_become_public_at_round_end() -> None:
    after = play(round_end(), Keep())
    assert GAME.observation(after, 2)["last_bouquets"][1] == list(SEAT1)


def test_state_serialises() -> None:
    for state in (round_end(), play(round_end(IkebanaVariant(bank="finite")), Keep()), make(5)):
        assert decode(IkebanaState, encode(state)) == state


# --------------------------------------------------------------------------
# The specification as data


def test_sources_are_verbatim_rulebook_lines(rulebooks: Path) -> None:
    lines = {line.strip() for line in (rulebooks / ik.RULEBOOK).read_text(encoding="utf-8").splitlines()}
    for rule in SPEC.rules:
        assert rule.source.rulebook == ik.RULEBOOK
        assert rule.source.section in lines, rule.id
    for amb in SPEC.ambiguities:
        assert amb.source.section in lines, amb.id


def test_ambiguity_quotes_are_from_the_text(rulebooks: Path) -> None:
    text = " ".join((rulebooks / ik.RULEBOOK).read_text(encoding="utf-8").split())
    for amb in SPEC.ambiguities:
        for part in amb.quote.split("…"):
            assert " ".join(part.split()) in text, (amb.id, part)


def test_every_flag_has_an_ambiguity_with_two_readings() -> None:
    import dataclasses

    # The other flags are rule numbers (each a constant of the table, within its bounds), not readings.
    numbers = {c.name for c in ik.CONSTANTS if c.low is not None}
    flags = {f.name for f in dataclasses.fields(IkebanaVariant)} - numbers
    flagged = {a.flag: a for a in SPEC.ambiguities if a.flag}
    assert set(flagged) == flags and numbers <= {f.name for f in dataclasses.fields(IkebanaVariant)}
    for flag, amb in flagged.items():
        assert len(amb.readings) >= 2, flag
        assert getattr(IkebanaVariant(), flag) == amb.default
    # Every flag of a reading is a value the variant accepts.
    from ruleproof.spec.core import variant_choices

    for amb in flagged.values():
        assert {r.value for r in amb.readings} == set(variant_choices(IkebanaVariant, amb.flag))


def test_candidate_moves_cover_every_move_kind() -> None:
    state = make(4)
    seat_moves = set(ik.candidate_moves(state, 0))
    assert seat_moves == {Draw(), Keep(), Refuse(), Buy(0), Buy(1), Buy(2), Buy(3)}
    assert set(ik.candidate_moves(state, CHANCE)) == {Reveal(c) for c in ik.CARD_KINDS}
