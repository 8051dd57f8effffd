"""Tests of the Big Five specification: the text's worked examples, every rule, every flag.

Rule tests build a position by hand, make the move that breaks the rule (or a
wrong after-state for an effect rule), check that the spec names that rule and
that the engine neither offers the illegal move nor produces the wrong state.

The text's examples come without their pictures; each test reconstructs a
board that matches every sentence of the example (coordinates: x to the
right, y downwards, the start card at 0,0).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulefacts import Layers
from ruleproof.model.bigfive import GAME
from ruleproof.model.io.codec import decode, encode
from ruleproof.spec import bigfive as bf
from ruleproof.spec.core import CHANCE, TERMINAL, Report
from ruleproof.spec.errors import IllegalMoveError, MoveParseError, PlayerCountError, VariantError
from ruleproof.spec.bigfive import (
    SPEC,
    BigFiveMove,
    BigFiveState,
    BigFiveVariant,
    Bonus,
    BonusBlind,
    BonusPile,
    Box,
    Deal,
    Decline,
    Discard,
    Draw,
    Exchange,
    Pass,
    Play,
    compute_bonus,
    make_position,
    parse_card,
    parse_move,
)

V = BigFiveVariant()
PUB = BigFiveVariant(bonus="publisher")
#: Rulebook facts on spec and engine separately (tests/rulefacts.py).
BF = Layers[BigFiveState, BigFiveMove](GAME)


def check(state: BigFiveState, move: BigFiveMove | str, actor: int | None = None) -> Report:
    m = parse_move(move) if isinstance(move, str) else move
    who = bf.compute_whose_turn(state) if actor is None else actor
    return SPEC.check_move(state.variant, state, who, m)


def effect(before: BigFiveState, move: BigFiveMove | str, after: BigFiveState, actor: int | None = None) -> Report:
    m = parse_move(move) if isinstance(move, str) else move
    who = bf.compute_whose_turn(before) if actor is None else actor
    return SPEC.check_transition(before.variant, before, who, m, after)


def engine_offers(state: BigFiveState, move: BigFiveMove | str) -> bool:
    m = parse_move(move) if isinstance(move, str) else move
    return m in GAME.legal_moves(state)


def bonus_of(board: str, move: str, variant: BigFiveVariant = V) -> int:
    return compute_bonus(variant, bf.board_map(make_position(board, [""]).board), parse_move(move))  # type: ignore[arg-type]


def new_lines(board: str, move: str) -> list[int]:
    before = bf.board_map(make_position(board, [""]).board)
    m = parse_move(move)
    assert isinstance(m, Play)
    after = dict(before)
    after.update({(p.x, p.y): p.card for p in m.placed})
    return sorted(len(line) for line in bf.compute_lines_through(after, [(p.x, p.y) for p in m.placed]))


def legal_everywhere(state: BigFiveState, move: str) -> None:
    """The rulebook allows ``move``: the spec and the engine, each on its own (tests/rulefacts.py)."""
    BF.allows(state, parse_move(move))


# --------------------------------------------------------------------------
# Sources


def test_every_source_section_is_a_heading_of_the_rulebook(rulebooks: Path) -> None:
    text = (rulebooks / bf.RULEBOOK).read_text(encoding="utf-8")
    lines = set(text.splitlines())
    for rule in SPEC.rules:
        assert rule.source.rulebook == bf.RULEBOOK
        assert rule.source.section in lines, rule.id
    for amb in SPEC.ambiguities:
        assert amb.source.section in lines, amb.id
        assert amb.quote in text, amb.id


def test_every_ambiguity_flag_has_a_reading_per_value() -> None:
    for amb in SPEC.ambiguities:
        assert amb.default in [r.value for r in amb.readings], amb.id


# --------------------------------------------------------------------------
# The text's worked examples

AFTER_ANYA = "Lp@0,0 Zp@1,0 Gp@2,0"
AFTER_VASYA = AFTER_ANYA + " Zy@1,-1 Zb@1,1"
AFTER_PETYA = AFTER_VASYA + " Cb@-1,1 Lb@0,1"


@pytest.mark.example("Примеры")
@pytest.mark.rule("BF-LINE-1", "BF-LINE-2", "BF-LINE-3")
def test_example_anya_vasya_petya() -> None:
    """§Примеры. Anya adds a purple giraffe and zebra in a row to the purple
    lion (a new line of 3); Vasya puts two zebras in a column on both sides of
    the purple zebra (a new line of 3); Petya adds a blue lion and a blue
    chimpanzee in a row to the blue zebra, the blue lion also touching the
    purple lion vertically (note b satisfied). No play earns a bonus."""
    anya = make_position("Lp@0,0", ["Gp Zp Ey", "Zy Zb Ey", "Lb Cb Ey"])
    legal_everywhere(anya, "play Zp@1,0 Gp@2,0")
    assert new_lines("Lp@0,0", "play Zp@1,0 Gp@2,0") == [3]
    vasya = make_position(AFTER_ANYA, ["Ey", "Zy Zb Ey", "Lb Cb Ey"], turn=1)
    legal_everywhere(vasya, "play Zy@1,-1 Zb@1,1")  # flanking the anchor
    assert new_lines(AFTER_ANYA, "play Zy@1,-1 Zb@1,1") == [3]
    petya = make_position(AFTER_VASYA, ["Ey", "Ey", "Lb Cb Ey"], turn=2)
    legal_everywhere(petya, "play Cb@-1,1 Lb@0,1")
    assert new_lines(AFTER_VASYA, "play Cb@-1,1 Lb@0,1") == [2, 3]  # the lions' column and the blue row
    for board, move in [("Lp@0,0", "play Zp@1,0 Gp@2,0"), (AFTER_ANYA, "play Zy@1,-1 Zb@1,1"),
                        (AFTER_VASYA, "play Cb@-1,1 Lb@0,1")]:
        assert bonus_of(board, move) == 0 == bonus_of(board, move, PUB)
    # Note b at work: the same blue lion next to the purple giraffe's column would break Rule 3.
    assert "BF-LINE-3" in check(petya, "play Lb@2,1").rule_ids


@pytest.mark.example("Пример нарушения правил:")
@pytest.mark.rule("BF-LINE-2")
def test_example_rule2_counter_example() -> None:
    """§Пример нарушения правил. Anya lays three blue cards (giraffe,
    chimpanzee, lion) in a column beside the blue chimpanzee: the column only
    touches the anchor sideways, so the new line holds no card that was on the
    table. Rule 2 forbids it, although every line is of one colour."""
    state = make_position(AFTER_PETYA, ["Gb Cb Lb Ey", "Ey"])
    move = "play Cb@-2,0 Gb@-2,1 Lb@-2,2"
    assert check(state, move).rule_ids == ("BF-LINE-2",)
    BF.refuses(state, parse_move(move), "BF-LINE-2")
    with pytest.raises(IllegalMoveError) as info:
        GAME.apply(state, parse_move(move))
    assert info.value.rule_ids == ("BF-LINE-2",)
    assert "[Gb]" in str(info.value) and "Cb" in str(info.value)  # the board around the move
    # The giraffe alone next to the chimpanzee is fine (a blue row of four).
    legal_everywhere(state, "play Gb@-2,1")


@pytest.mark.example("Примеры бонусов")
@pytest.mark.rule("BF-BONUS-1")
def test_example_bonus_anya_one_card() -> None:
    """§Примеры бонусов, first item. Anya adds two giraffes in a column to the
    purple giraffe; one of the new lines is a blue row of four: one bonus card."""
    state = make_position(AFTER_PETYA, ["Gb Gy Ey Ey Ey", "Ey"])
    move = "play Gb@2,1 Gy@2,2"
    legal_everywhere(state, move)
    assert new_lines(AFTER_PETYA, move) == [3, 4]
    assert bonus_of(AFTER_PETYA, move) == 1 == bonus_of(AFTER_PETYA, move, PUB)
    after = BF.step(state, parse_move(move), {"bonus": 1}, wrong=[{"bonus": 0}, {"bonus": 2}])
    assert after.bonus == 1 and GAME.current_player(after) == 0


VASYA_BOARD = "Gr@0,0 Gy@0,-1 Gb@0,-2 Gg@0,-3 Lg@1,-3 Zg@2,-3 Zy@2,-2 Zb@2,-1"


@pytest.mark.example("Примеры бонусов")
@pytest.mark.rule("BF-BONUS-1")
def test_example_bonus_vasya_four_cards() -> None:
    """§Примеры бонусов, second item. Vasya adds four red animals in a row to
    the red giraffe: 1 for the group of four, 2 for the red line of five and 1
    for the column of four zebras, 4 bonus cards in all."""
    # The board is reachable: the giraffe column, a green row, the zebra column.
    steps = ["play Gy@0,-1 Gb@0,-2 Gg@0,-3", "play Lg@1,-3 Zg@2,-3", "play Zy@2,-2 Zb@2,-1"]
    board = "Gr@0,0"
    for step in steps:
        assert bf.is_placement_legal(make_position(board, [""]).board, parse_move(step).placed)  # type: ignore[union-attr]
        board += " " + " ".join(step.split()[1:])
    assert sorted(board.split()) == sorted(VASYA_BOARD.split())
    state = make_position(VASYA_BOARD, ["Lr Zr Cr Er Ey", "Ey"])
    move = "play Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0"
    legal_everywhere(state, move)
    assert new_lines(VASYA_BOARD, move) == [4, 5]
    assert bonus_of(VASYA_BOARD, move) == 4
    assert bonus_of(VASYA_BOARD, move, PUB) == 4  # 1+2 for the red line, 1 for the zebras
    BF.step(state, parse_move(move), {"bonus": 4}, wrong=[{"bonus": 3}])


@pytest.mark.example("Бонусы за большие новые группы")
@pytest.mark.rule("BF-BONUS-1")
def test_example_bonus_notes_a_and_b() -> None:
    """§Бонусы, note a: a play that makes a line of 4 and a line of 5 earns 3.
    Note b: a group of four cards earns 1 + 2 = 3 (with its line of five)."""
    board = "Lr@0,0 Gr@1,0 Cr@3,0 Er@4,0 Zy@2,-3 Zg@2,-2 Zb@2,-1 Cb@3,-1"
    state = make_position(board, ["Zr Ey Ey Lb Lb", "Ey"])
    BF.step(state, parse_move("play Zr@2,0"), {"bonus": 3}, wrong=[{"bonus": 4}])
    assert new_lines(board, "play Zr@2,0") == [4, 5]
    assert bonus_of(board, "play Zr@2,0") == 3
    # Publisher: the red row joins pieces 2 + 2, reaching 4 and 5 at once (3), the zebra column reaches 4 (1).
    assert bonus_of(board, "play Zr@2,0", PUB) == 4
    assert bonus_of("Gr@0,0", "play Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0") == 3


@pytest.mark.example("Примеры")
@pytest.mark.example("Пример нарушения правил:")
@pytest.mark.example("Примеры бонусов")
@pytest.mark.rule("BF-LINE-2", "BF-BONUS-1")
@pytest.mark.parametrize("example", bf.EXAMPLES, ids=lambda e: f"{e.section}-{e.who}")
def test_worked_examples_table(example: bf.WorkedExample) -> None:
    """The EXAMPLES table (used for the docs pictures) states the verdicts and bonuses tested above."""
    board = make_position(example.board, [""]).board
    hand = " ".join(str(p).split("@")[0] for p in parse_move(example.move).placed)  # type: ignore[union-attr]
    state = make_position(example.board, [hand + " Ey", "Ey"])
    assert check(state, example.move).rule_ids == example.violated
    assert engine_offers(state, example.move) == (not example.violated)
    if example.violated:
        BF.refuses(state, parse_move(example.move), example.violated[0])
    else:
        BF.step(state, parse_move(example.move), {"bonus": example.bonus}, wrong=[{"bonus": example.bonus + 1}])
    if not example.violated:
        assert compute_bonus(V, bf.board_map(board), parse_move(example.move)) == example.bonus  # type: ignore[arg-type]
    from ruleproof.checkers.render.bigfive import render_example_svg

    assert render_example_svg(example).startswith("<svg")


# --------------------------------------------------------------------------
# Flags (each changes behaviour)


@pytest.mark.rule("BF-BONUS-1")
def test_bonus_flag_changes_the_count() -> None:
    """Two cards completing a line of five from three: text 2, publisher 1 + 2."""
    board = "Lr@0,0 Gr@1,0 Zr@2,0"
    move = "play Cr@3,0 Er@4,0"
    assert bonus_of(board, move) == 2
    assert bonus_of(board, move, PUB) == 3
    for variant, expected in [(V, 2), (PUB, 3)]:
        state = make_position(board, ["Cr Er Ey Ey Ey", "Ey"], variant=variant)
        assert GAME.apply(state, parse_move(move)).bonus == expected
        before = state
        after = GAME.apply(before, parse_move(move))
        assert effect(before, move, after).ok
        assert "BF-BONUS-1" in effect(before, move, after._replace(bonus=5 - expected)).rule_ids


ISSUE16_BOARD = "Lb@0,0 Gb@1,0 Cb@3,0 Eb@4,0 Ly@0,1 Gy@1,1 Zy@2,1 Cy@3,1"


@pytest.mark.example("Цель игры")
@pytest.mark.example("Бонусы за большие новые группы")
@pytest.mark.rule("BF-BONUS-1")
@pytest.mark.parametrize("variant, expected", [(V, 2), (PUB, 3)], ids=["text", "publisher"])
def test_pieces_joined_by_one_card_reach_four_and_five_at_once(variant: BigFiveVariant, expected: int) -> None:
    """Issue 16. 000_24eedd0374a5e414.txt § Цель игры calls a group "связной" (connected) and § Как играть
    карты speaks of cards "в связке"; § Бонусы за большие новые группы pays for a new group of 4 or 5. Blue
    pieces Lb Gb and Cb Eb were two groups of two, never a line of four: Zb between them makes the row reach
    4 and 5 at once, so the publisher's reading pays 1 + 2 (the text's reading pays 2 for the line of five)."""
    move = "play Zb@2,0"
    state = make_position(ISSUE16_BOARD, ["Zb Ep Ep Er Er", "Ey"], variant=variant)
    assert check(state, move).ok
    # the spec, on its own
    assert compute_bonus(variant, bf.board_map(state.board), parse_move(move)) == expected  # type: ignore[arg-type]
    assert bf.compute_successor(state, 0, parse_move(move)).bonus == expected
    # the engine, on its own
    after = GAME.apply(state, parse_move(move))
    assert after.bonus == expected
    assert effect(state, move, after).ok
    BF.step(state, parse_move(move), {"bonus": expected}, wrong=[{"bonus": 5 - expected}])


@pytest.mark.rule("BF-BONUS-1")
def test_a_connected_four_growing_to_five_earns_two_by_the_publisher() -> None:
    """The counter-case to issue 16: a connected run of four was already a line of four, so only 2."""
    board = "Lb@0,0 Gb@1,0 Zb@2,0 Cb@3,0"
    state = make_position(board, ["Eb Ep Ep Er Er", "Ey"], variant=PUB)
    assert bonus_of(board, "play Eb@4,0", PUB) == 2
    assert GAME.apply(state, parse_move("play Eb@4,0")).bonus == 2


@pytest.mark.rule("BF-BONUS-1")
def test_bonus_is_capped_by_the_cards_left() -> None:
    state = make_position("Lr@0,0 Gr@1,0 Zr@2,0", ["Cr Er Ey", "Ey"], decks=["", "Lb"])
    after = GAME.apply(state, parse_move("play Cr@3,0 Er@4,0"))
    assert after.bonus == 1  # only one card left to discard
    assert effect(state, "play Cr@3,0 Er@4,0", after).ok


def _round_of_exchanges(variant: BigFiveVariant) -> BigFiveState:
    """Seat 1 exchanges after seat 0 did not place; seat 0 could place."""
    state = make_position("Lp@0,0", ["Gp", "Zb"], decks=["", "Ey"], variant=variant, turn=1)
    state = state._replace(idle=1)
    state = GAME.apply(state, parse_move("exchange Zb"))
    assert GAME.current_player(state) == CHANCE
    return GAME.apply(state, parse_move("draw Ey"))


@pytest.mark.rule("BF-END-2")
def test_stalemate_flag() -> None:
    default = _round_of_exchanges(V)
    assert not default.round_over and default.turn == 0  # seat 0 still holds a placement
    strict = _round_of_exchanges(BigFiveVariant(stalemate="exchange_round"))
    assert strict.finished and strict.penalties == (0, 2)  # seat 1 holds Ey and Zb under its deck
    capped = _round_of_exchanges(BigFiveVariant(idle_rounds=1))
    assert capped.finished


@pytest.mark.rule("BF-SETUP-1")
def test_allow_five_flag() -> None:
    with pytest.raises(PlayerCountError):
        GAME.new_game(5)
    state = GAME.new_game(5, BigFiveVariant(allow_five=True), seed=2)
    assert [len(h) + bf.deck_size(d) for h, d in zip(state.hands, state.decks)] == [19] * 5
    assert len(state.box) == 4
    wrong = state._replace(variant=V)
    assert "BF-SETUP-1" in check(wrong, GAME.legal_moves(state)[0]).rule_ids


@pytest.mark.rule("BF-DEAL-2")
def test_children_and_handicap_flags() -> None:
    normal = GAME.new_game(2, seed=1)
    assert [len(h) + bf.deck_size(d) for h, d in zip(normal.hands, normal.decks)] == [49, 49]
    assert len(normal.box) == 1
    kids = GAME.new_game(2, BigFiveVariant(children=True), seed=1)
    assert [len(h) + bf.deck_size(d) for h, d in zip(kids.hands, kids.decks)] == [15, 15]
    assert len(kids.box) == 100 - 1 - 30
    weak = GAME.new_game(3, BigFiveVariant(handicap=(5, 10, 3)), seed=1)
    assert [len(h) + bf.deck_size(d) for h, d in zip(weak.hands, weak.decks)] == [5, 10, 3]
    assert [len(h) for h in weak.hands] == [5, 5, 3]
    with pytest.raises(PlayerCountError):
        GAME.new_game(2, BigFiveVariant(handicap=(5, 10, 3)))
    with pytest.raises(VariantError):
        BigFiveVariant(handicap=(60, 60))


def _won_round(variant: BigFiveVariant) -> BigFiveState:
    state = make_position("Lp@0,0", ["Gp", "Lb Zb"], decks=["", "Ey"], variant=variant)
    return GAME.apply(state, parse_move("play Gp@1,0"))


@pytest.mark.rule("BF-ROUND-1", "BF-ROUND-2")
def test_rounds_and_penalty_limit_flags() -> None:
    one = _won_round(V)
    assert one.finished and one.penalties == (0, 3)
    assert GAME.current_player(one) == TERMINAL
    three = _won_round(BigFiveVariant(rounds=3))
    assert three.round_over and not three.finished and GAME.current_player(three) == CHANCE
    nxt = GAME.apply(three, Deal(parse_card("Ey")))
    assert nxt.round == 2 and nxt.turn == 1 and nxt.penalties == (0, 3) and len(nxt.pool) == 99
    assert nxt.board == (bf.Placed(0, 0, parse_card("Ey")),)
    assert effect(three, Deal(parse_card("Ey")), nxt, CHANCE).ok
    assert "BF-ROUND-1" in effect(three, Deal(parse_card("Ey")), nxt._replace(turn=0), CHANCE).rule_ids
    limited = _won_round(BigFiveVariant(rounds=9, penalty_limit=3))
    assert limited.finished
    under = _won_round(BigFiveVariant(rounds=9, penalty_limit=4))
    assert not under.finished
    state = make_position("Lp@0,0", ["Gp", "Lb Zb"], decks=["", "Ey"], variant=BigFiveVariant(rounds=9, penalty_limit=3))
    assert "BF-ROUND-2" in effect(state, "play Gp@1,0", limited._replace(finished=False)).rule_ids
    assert "BF-ROUND-2" in effect(state, "play Gp@1,0", limited._replace(penalties=(0, 2))).rule_ids


# --------------------------------------------------------------------------
# Rules, one by one

MID = make_position(AFTER_ANYA, ["Lb Cb Gy Ey Zr", "Zb Ly Gg Cr Er"])


@pytest.mark.rule("BF-DEAL-1")
def test_invalid_deal_of_a_card_no_longer_in_the_pack() -> None:
    state = GAME.initial_state(2, V)
    lion = parse_card("Lb")
    state = state._replace(pool=tuple(c for c in state.pool if c != lion))
    assert check(state, Deal(lion), CHANCE).rule_ids == ("BF-DEAL-1",)
    assert Deal(lion) not in GAME.legal_moves(state)


@pytest.mark.rule("BF-DEAL-2")
def test_invalid_deal_effect() -> None:
    state = GAME.initial_state(2, V)
    after = GAME.apply(state, Deal(3))
    assert after.board == (bf.Placed(0, 0, 3),)
    assert effect(state, Deal(3), after, CHANCE).ok
    assert "BF-DEAL-2" in effect(state, Deal(3), after._replace(board=(bf.Placed(1, 0, 3),)), CHANCE).rule_ids


@pytest.mark.rule("BF-TURN-1")
def test_invalid_out_of_turn() -> None:
    assert check(MID, "play Ly@0,-1", actor=1).rule_ids == ("BF-TURN-1",)
    assert check(MID, "play Zr@1,1", actor=CHANCE).rule_ids[0] == "BF-TURN-1"


@pytest.mark.rule("BF-TURN-2")
def test_invalid_move_kind_for_the_phase() -> None:
    assert check(MID, "bonus Lb").rule_ids == ("BF-TURN-2",)
    assert check(MID, "discard Lb Cb Gy").rule_ids == ("BF-TURN-2",)
    assert not any(isinstance(m, (Bonus, Discard)) for m in GAME.legal_moves(MID))
    bonus = MID._replace(bonus=1)
    assert "BF-TURN-2" in check(bonus, "play Zr@1,1").rule_ids
    assert not any(isinstance(m, Play) for m in GAME.legal_moves(bonus))


@pytest.mark.rule("BF-TURN-3")
def test_invalid_turn_does_not_pass() -> None:
    state = make_position("Lp@0,0", ["Zb", "Gy"], decks=["", ""])
    after = GAME.apply(state, Pass())
    assert after.turn == 1 and after.idle == 1
    assert effect(state, Pass(), after).ok
    assert "BF-TURN-3" in effect(state, Pass(), after._replace(turn=0)).rule_ids


@pytest.mark.rule("BF-PLAY-1")
def test_invalid_card_not_in_hand() -> None:
    assert check(MID, "play Zg@1,1").rule_ids == ("BF-PLAY-1",)
    assert check(MID, "exchange Gb").rule_ids == ("BF-PLAY-1",)
    assert not engine_offers(MID, "play Zg@1,1")


@pytest.mark.rule("BF-PLAY-2")
def test_invalid_group_sizes() -> None:
    assert check(MID, Play(())).rule_ids == ("BF-PLAY-2",)
    state = make_position("Lp@0,0", ["Gp Zp Cp Ep Lp", "Ey"])
    report = check(state, "play Gp@1,0 Zp@2,0 Cp@3,0 Ep@4,0 Lp@5,0")
    assert "BF-PLAY-2" in report.rule_ids
    legal_everywhere(state, "play Gp@1,0 Zp@2,0 Cp@3,0 Ep@4,0")


@pytest.mark.rule("BF-PLAY-3")
def test_invalid_occupied_or_shared_cells() -> None:
    assert "BF-PLAY-3" in check(MID, "play Ly@0,0").rule_ids
    state = make_position("Lp@0,0", ["Gp Zp", "Ey"])
    assert "BF-PLAY-3" in check(state, "play Gp@1,0 Zp@1,0").rule_ids
    assert not engine_offers(MID, "play Ly@0,0")


@pytest.mark.rule("BF-PLAY-4")
def test_invalid_play_effect() -> None:
    after = GAME.apply(MID, parse_move("play Zr@1,1"))
    assert bf.Placed(1, 1, parse_card("Zr")) in after.board and parse_card("Zr") not in after.hands[0]
    assert effect(MID, "play Zr@1,1", after).ok
    assert "BF-PLAY-4" in effect(MID, "play Zr@1,1", after._replace(board=MID.board)).rule_ids
    assert "BF-PLAY-4" in effect(MID, "play Zr@1,1", after._replace(hands=MID.hands)).rule_ids


@pytest.mark.rule("BF-LINE-1")
def test_invalid_not_one_straight_line() -> None:
    state = make_position("Lp@0,0", ["Gp Lb Zp", "Ey"])
    assert check(state, "play Gp@1,0 Lb@0,1").rule_ids == ("BF-LINE-1",)
    assert check(state, "play Gp@1,0 Zp@3,0").rule_ids == ("BF-LINE-1",)  # a gap at 2,0
    assert not engine_offers(state, "play Gp@1,0 Zp@3,0")
    legal_everywhere(state, "play Gp@-1,0 Zp@1,0")  # flanking is fine


@pytest.mark.rule("BF-LINE-2")
def test_invalid_single_card_far_away() -> None:
    state = make_position("Lp@0,0", ["Gp", "Ey"])
    assert check(state, "play Gp@2,0").rule_ids == ("BF-LINE-2",)
    assert check(state, "play Gp@1,1").rule_ids == ("BF-LINE-2",)  # diagonal contact is none
    assert not engine_offers(state, "play Gp@1,1")


@pytest.mark.rule("BF-LINE-3")
def test_invalid_mixed_line() -> None:
    state = make_position("Lp@0,0", ["Gb Zp Lb", "Ey"])
    assert check(state, "play Gb@1,0").rule_ids == ("BF-LINE-3",)
    assert check(state, "play Zp@1,0 Lb@2,0").rule_ids == ("BF-LINE-3",)
    assert not engine_offers(state, "play Gb@1,0")


@pytest.mark.rule("BF-LINE-4")
def test_invalid_identical_cards() -> None:
    state = make_position("Lp@0,0 Gp@1,0", ["Lp Lb", "Ey"])
    assert check(state, "play Lp@2,0").rule_ids == ("BF-LINE-4",)
    assert check(state, "play Lb@-1,0 Lb@0,1", ) .rule_ids != ()
    assert not engine_offers(state, "play Lp@2,0")
    # In an animal line a repeated colour is an identical card.
    column = make_position("Lp@0,0 Lb@0,1", ["Lb", "Ey"])
    assert check(column, "play Lb@0,2").rule_ids == ("BF-LINE-4",)


@pytest.mark.rule("BF-LINE-5")
def test_invalid_line_of_six() -> None:
    state = make_position("Lp@0,0 Gp@1,0 Zp@2,0 Cp@3,0 Ep@4,0", ["Lp", "Ey"])
    report = check(state, "play Lp@5,0")
    assert "BF-LINE-5" in report.rule_ids
    assert not engine_offers(state, "play Lp@5,0")
    assert bf.is_line_valid([parse_card(c) for c in "Lp Gp Zp Cp Ep".split()])


def _drawing(segments: tuple[tuple[int, ...], ...]) -> BigFiveState:
    state = make_position("Lp@0,0", ["Gp Zp Cp Ep", "Ey"], decks=["", "Lb"])
    return state._replace(decks=(segments, state.decks[1]), to_draw=1)


@pytest.mark.rule("BF-DRAW-1")
def test_invalid_draw_from_below_the_top_segment() -> None:
    lb, zp = parse_card("Lb"), parse_card("Gy")
    state = _drawing(((lb,), (zp,)))
    assert check(state, Draw(zp), CHANCE).rule_ids == ("BF-DRAW-1",)
    assert check(state, Draw(lb), CHANCE).ok
    assert GAME.legal_moves(state) == (Draw(lb),)
    boxing = state._replace(to_draw=0, boxing=True)
    assert check(boxing, Box(zp), CHANCE).rule_ids == ("BF-DRAW-1",)
    assert GAME.legal_moves(boxing) == (Box(lb),)


@pytest.mark.rule("BF-DRAW-2")
def test_invalid_draw_effect() -> None:
    lb, gy = parse_card("Lb"), parse_card("Gy")
    state = _drawing(((lb,), (gy,)))
    after = GAME.apply(state, Draw(lb))
    assert after.hands[0] == tuple(sorted(state.hands[0] + (lb,))) and after.decks[0] == ((gy,),)
    assert effect(state, Draw(lb), after, CHANCE).ok
    assert "BF-DRAW-2" in effect(state, Draw(lb), after._replace(hands=state.hands), CHANCE).rule_ids


@pytest.mark.rule("BF-REFILL-1")
def test_invalid_refill() -> None:
    state = make_position("Lp@0,0", ["Gp Zp Ey Ey Ey", "Ey"], decks=["Lb Lb Lb Lb Gb Gb", "Zb"])
    after = GAME.apply(state, parse_move("play Gp@1,0 Zp@2,0"))
    assert after.to_draw == 2
    assert "BF-REFILL-1" in effect(state, "play Gp@1,0 Zp@2,0", after._replace(to_draw=1)).rule_ids
    short = make_position("Lp@0,0", ["Gp Zp Ey Ey Ey", "Ey"], decks=["Lb", "Zb"])
    after = GAME.apply(short, parse_move("play Gp@1,0 Zp@2,0"))
    assert after.to_draw == 1  # the deck runs out: play on with fewer cards
    assert "BF-REFILL-1" in effect(short, "play Gp@1,0 Zp@2,0", after._replace(to_draw=2)).rule_ids


@pytest.mark.rule("BF-EXCH-1")
def test_invalid_exchange_with_an_empty_deck() -> None:
    state = make_position("Lp@0,0", ["Zb Gy", "Ey"], decks=["", "Lb"])
    assert check(state, "exchange Zb").rule_ids == ("BF-EXCH-1",)
    assert GAME.legal_moves(state) == (Pass(),)
    six = Exchange(tuple(sorted([parse_card(c) for c in "Zb Gy Gy Gy Gy Gy".split()])))
    assert "BF-EXCH-1" in check(MID, six).rule_ids


@pytest.mark.rule("BF-EXCH-2")
def test_invalid_exchange_effect() -> None:
    state = make_position("Lp@0,0", ["Zb Gy", "Ey"], decks=["Lb Cb", "Lg"])
    after = GAME.apply(state, parse_move("exchange Gy Zb"))
    assert after.decks[0] == ((parse_card("Lb"), parse_card("Cb")), tuple(sorted((parse_card("Gy"), parse_card("Zb")))))
    assert after.to_draw == 2 and after.hands[0] == ()
    assert effect(state, "exchange Gy Zb", after).ok
    on_top = after._replace(decks=((after.decks[0][1], after.decks[0][0]), after.decks[1]))
    assert "BF-EXCH-2" in effect(state, "exchange Gy Zb", on_top).rule_ids
    # Draws come from the old cards first, then from the shuffled exchanged ones.
    assert {m for m in GAME.legal_moves(after)} == {Draw(parse_card("Lb")), Draw(parse_card("Cb"))}


@pytest.mark.rule("BF-PASS-1")
def test_invalid_pass() -> None:
    assert check(MID, Pass()).rule_ids == ("BF-PASS-1",)
    can_place = make_position("Lp@0,0", ["Gp", "Ey"], decks=["", "Lb"])
    assert check(can_place, Pass()).rule_ids == ("BF-PASS-1",)
    assert Pass() not in GAME.legal_moves(can_place)
    stuck = make_position("Lp@0,0", ["Zb", "Ey"], decks=["", "Lb"])
    assert check(stuck, Pass()).ok and GAME.legal_moves(stuck) == (Pass(),)


def _bonus_state(decks: list[str]) -> BigFiveState:
    state = make_position("Lr@0,0 Gr@1,0 Zr@2,0", ["Cr Er Ey Gb", "Ey"], decks=decks)
    return GAME.apply(state, parse_move("play Cr@3,0 Er@4,0"))


@pytest.mark.rule("BF-BONUS-2")
def test_invalid_blind_bonus_with_an_empty_deck() -> None:
    state = _bonus_state(["", "Lb"])
    assert state.bonus == 2
    assert check(state, BonusBlind()).rule_ids == ("BF-BONUS-2",)
    assert [str(m) for m in GAME.legal_moves(state)] == ["bonus Gb", "bonus Ey", "decline"]
    assert "BF-PLAY-1" in check(state, "bonus Lb").rule_ids
    with_deck = _bonus_state(["Lb", "Lb"])
    assert BonusBlind() in GAME.legal_moves(with_deck)


@pytest.mark.rule("BF-BONUS-3")
def test_invalid_bonus_effect() -> None:
    state = _bonus_state(["Lb Lb", "Lb"])
    after = GAME.apply(state, parse_move("bonus Gb"))
    assert parse_card("Gb") in after.box and after.bonus == 1
    assert effect(state, "bonus Gb", after).ok
    assert "BF-BONUS-3" in effect(state, "bonus Gb", after._replace(box=state.box)).rule_ids
    blind = GAME.apply(after, BonusBlind())
    assert blind.boxing and GAME.current_player(blind) == CHANCE
    boxed = GAME.apply(blind, Box(parse_card("Lb")))
    assert boxed.decks[0] == ((parse_card("Lb"),),) and boxed.to_draw == 1  # one card left for four gaps
    assert "BF-BONUS-3" in effect(blind, Box(parse_card("Lb")), boxed._replace(box=blind.box), CHANCE).rule_ids
    declined = GAME.apply(after, Decline())
    assert declined.bonus == 0 and declined.to_draw == 2


@pytest.mark.rule("BF-END-1")
def test_invalid_end_when_out_of_cards() -> None:
    state = make_position("Lp@0,0", ["Gp", "Lb Zb"], decks=["", "Ey"])
    after = GAME.apply(state, parse_move("play Gp@1,0"))
    assert after.finished and GAME.outcome(after).winners == frozenset({0})
    assert "BF-END-1" in effect(state, "play Gp@1,0", after._replace(finished=False, round_over=False)).rule_ids
    # The last card may go as a bonus discard.
    bonus = make_position("Lr@0,0 Gr@1,0 Zr@2,0", ["Cr Er Ey", "Ey"], decks=["", "Lb"])
    played = GAME.apply(bonus, parse_move("play Cr@3,0 Er@4,0"))
    done = GAME.apply(played, parse_move("bonus Ey"))
    assert done.finished and done.penalties == (0, 2)
    assert "BF-END-1" in effect(played, "bonus Ey", done._replace(finished=False, round_over=False)).rule_ids


@pytest.mark.rule("BF-END-2")
def test_invalid_stalemate_not_declared() -> None:
    state = make_position("Lp@0,0", ["Zb", "Gy Gy"], decks=["", ""], turn=1)._replace(idle=1)
    after = GAME.apply(state, Pass())
    assert after.finished and after.penalties == (0, 2)
    assert "BF-END-2" in effect(state, Pass(), after._replace(finished=False, round_over=False)).rule_ids


@pytest.mark.rule("BF-WIN-1")
def test_invalid_winners() -> None:
    state = make_position("Lp@0,0", ["Zb", "Gy Gy"], decks=["", ""], turn=1)._replace(idle=1)
    done = GAME.apply(state, Pass())
    assert SPEC.check_outcome(V, done, frozenset({0})).ok
    assert SPEC.check_outcome(V, done, frozenset({1})).rule_ids == ("BF-WIN-1",)
    tie = done._replace(penalties=(2, 2))
    assert SPEC.check_outcome(V, tie, frozenset({0, 1})).ok


SOLO = BigFiveVariant()


def _solo(hand: str, deck: str = "Lb Lb Lb Lb Lg Lg Lg Lg", pile: str = "", board: str = "Lp@0,0") -> BigFiveState:
    return make_position(board, [hand], decks=[deck], pile=pile)


@pytest.mark.rule("BF-SOLO-1")
def test_invalid_solitaire_group_of_two() -> None:
    state = _solo("Gp Zp Cp Ly Zb")
    assert check(state, "play Gp@1,0 Zp@2,0").rule_ids == ("BF-SOLO-1",)
    assert all(len(m.placed) >= 3 for m in GAME.legal_moves(state) if isinstance(m, Play))
    legal_everywhere(state, "play Gp@1,0 Zp@2,0 Cp@3,0")


@pytest.mark.rule("BF-SOLO-2")
def test_invalid_solitaire_discard_of_two() -> None:
    state = _solo("Gb Zb Cb Gy Zy")
    assert check(state, "discard Gb Zb").rule_ids == ("BF-SOLO-2",)
    assert check(state, "discard Gb Zb Cb").ok
    assert all(isinstance(m, Discard) and len(m.cards) == 3 for m in GAME.legal_moves(state))
    after = GAME.apply(state, parse_move("discard Gb Zb Cb"))
    assert after.pile == tuple(sorted(parse_card(c) for c in "Gb Zb Cb".split())) and after.to_draw == 3


@pytest.mark.rule("BF-SOLO-3")
def test_invalid_solitaire_discard_with_a_group_available() -> None:
    state = _solo("Gp Zp Cp Ly Zb")
    assert check(state, "discard Gp Zp Cp").rule_ids == ("BF-SOLO-3",)
    assert not any(isinstance(m, Discard) for m in GAME.legal_moves(state))


@pytest.mark.rule("BF-SOLO-4")
def test_invalid_solitaire_bonus_from_the_pile() -> None:
    state = _solo("Gp Zp Cp Ep Zb", pile="Ey Ey Ly")
    after = GAME.apply(state, parse_move("play Gp@1,0 Zp@2,0 Cp@3,0 Ep@4,0"))
    assert after.bonus == 3  # line of five (2) + group of four (1)
    assert [str(m) for m in GAME.legal_moves(after)] == ["bonus pile Ly", "bonus pile Ey", "decline"]
    assert check(after, "bonus pile Zb").rule_ids == ("BF-SOLO-4",)
    assert "BF-TURN-2" in check(after, "bonus Zb").rule_ids
    taken = GAME.apply(after, parse_move("bonus pile Ey"))
    assert taken.pile == (parse_card("Ly"), parse_card("Ey")) and parse_card("Ey") in taken.box


@pytest.mark.rule("BF-SOLO-5")
def test_invalid_solitaire_end() -> None:
    state = _solo("Gp Zp Cp Ly Zb", deck="Lb Lb", pile="Ey")
    played = GAME.apply(state, parse_move("play Gp@1,0 Zp@2,0 Cp@3,0"))
    assert played.bonus == 1  # the line of four; one card in the pile to take back
    after = GAME.apply(played, Decline())
    assert after.finished and after.penalties == (1,) and after.hands == ((),)
    assert effect(played, Decline(), after).ok
    assert "BF-SOLO-5" in effect(played, Decline(), after._replace(finished=False, round_over=False)).rule_ids
    assert "BF-SOLO-5" in effect(played, Decline(), after._replace(hands=played.hands)).rule_ids
    enough = _solo("Gp Zp Cp Ly Zb", deck="Lb Lb Lb")
    assert GAME.apply(enough, parse_move("play Gp@1,0 Zp@2,0 Cp@3,0")).to_draw == 3


# --------------------------------------------------------------------------
# Text forms, states, rendering


@pytest.mark.parametrize("text", [
    "deal Lp", "draw Ep", "box Cb", "play Gp@1,0 Zp@2,0", "play Lb@-3,-7", "exchange Lb Zp", "discard Lb Lb Ey",
    "pass", "bonus Gy", "bonus deck", "bonus pile Cr", "decline",
])
def test_move_text_round_trip(text: str) -> None:
    move = parse_move(text)
    assert str(move) == text and parse_move(str(move)) == move
    assert eval(repr(move), vars(bf)) == move


@pytest.mark.parametrize("text", ["", "play", "play Lp", "play Lp@a,0", "bonus pile", "exchange Xy", "deal Lp Lp"])
def test_invalid_move_texts(text: str) -> None:
    with pytest.raises(MoveParseError):
        parse_move(text)


def test_state_codec_round_trip() -> None:
    state = GAME.new_game(3, BigFiveVariant(handicap=(5, 10, 3)), seed=4)
    assert decode(BigFiveState, encode(state)) == state


def test_render_board_grid() -> None:
    text = bf.render_board(make_position(AFTER_PETYA, [""]).board)
    rows = text.splitlines()
    assert rows[0].split() == ["y\\x", "-2", "-1", "0", "1", "2", "3"]
    assert rows[4].split() == ["1", ".", "Cb", "Lb", "Zb", ".", "."]
    assert "seat 0: hand" in GAME.render_text(MID)


def test_candidate_superset_argument_on_a_small_board() -> None:
    """Default and exhaustive candidates give the same legal plays."""
    board = make_position("Lp@0,0 Gp@1,0 Zb@2,0 Zp@2,-1", [""]).board
    # (Zb@2,0 under Zp@2,-1 makes a zebra column; Gp Zb would be illegal but the board is only data here.)
    hand = [parse_card(c) for c in "Lb Cp Zy Gp Ep".split()]
    fast = {p for p in bf.candidate_plays(board, hand) if bf.is_placement_legal(board, p.placed)}
    slow = {p for p in bf.candidate_plays(board, hand, exhaustive=True) if bf.is_placement_legal(board, p.placed)}
    assert fast == slow and fast
