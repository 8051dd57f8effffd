"""Every ambiguity is playable (issue 17 item 1): a variant flag per ambiguity, or a documented contradiction.

The first test enumerates every ambiguity of every registered game and fails on
one that has neither a flag nor a ``contradiction``; it covers all games on
purpose, so a game whose flags are not done yet fails here by name.

Then, per game, one test per flag added for issue 17: a built position where the
readings differ (legal moves, effects or scores), asserted on the spec and on the
engine separately; one test per contradiction (a failing replay or a Z3 core);
and a round trip of every new flag value through a game record and its
validation.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from typing import Any

import pytest
import z3

from rulefacts import Layers, both
from ruleproof.checkers.checks.validate import validate_record
from ruleproof.checkers.smt.bigfive_encoding import comb_frame, solve_rules
from ruleproof.checkers.smt.core import TrackedSolver
from ruleproof.model.bigfive import GAME as BF_GAME
from ruleproof.model.bigpoints import GAME as BP_GAME
from ruleproof.model.io.records import make_record, parse_record
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec import bigfive as bf
from ruleproof.spec import bigpoints as bp
from ruleproof.spec.core import Ambiguity, variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import VariantError

#: Rulebook facts on spec and engine separately (tests/rulefacts.py).
BF = Layers[Any, Any](BF_GAME)
BP = Layers[Any, Any](BP_GAME)

ALL_AMBIGUITIES = [
    pytest.param(game_id, amb, id=amb.id)
    for game_id in available_games()
    for amb in game_for(game_id).spec.ambiguities
]


@pytest.mark.parametrize(("game_id", "amb"), ALL_AMBIGUITIES)
def test_every_ambiguity_has_a_flag_or_a_contradiction(game_id: str, amb: Ambiguity) -> None:
    """A reading is playable through a variant flag, or the ambiguity says why it cannot be played."""
    assert amb.flag or amb.contradiction, (
        f"{game_id} {amb.id} ({amb.question}) has no variant flag and no documented contradiction"
    )
    assert len(amb.readings) >= 2, f"{amb.id} lists a single reading: name the other one (flag or contradiction)"


@pytest.mark.parametrize(("game_id", "amb"), ALL_AMBIGUITIES)
def test_every_flagged_reading_builds_a_variant(game_id: str, amb: Ambiguity) -> None:
    """Each reading's value is a value of its flag (or the contradiction explains why not); the default is
    the dataclass default."""
    if not amb.flag:
        pytest.skip(f"{amb.id} has no flag (contradiction: {amb.contradiction[:60]}...)")
    variant_type = game_for(game_id).variant_type
    defaults = {f.name: f.default for f in dataclasses.fields(variant_type)}
    assert defaults[amb.flag] == amb.default, f"{amb.id}: default {amb.default!r} is not the flag's default"
    for reading in amb.readings:
        try:
            variant = variant_from_mapping(variant_type, {amb.flag: reading.value})
        except VariantError:
            assert amb.contradiction, f"{amb.id}: reading {reading.value!r} is no value of {amb.flag!r}"
            continue
        assert getattr(variant, amb.flag) == reading.value


# --------------------------------------------------------------------------
# Big Five: one position per flag, spec and engine


def bf_check(state: bf.BigFiveState, move: str) -> tuple[str, ...]:
    m = bf.parse_move(move)
    return bf.SPEC.check_move(state.variant, state, bf.compute_whose_turn(state), m).rule_ids


def bf_offers(state: bf.BigFiveState, move: str) -> bool:
    return bf.parse_move(move) in BF_GAME.legal_moves(state)


def bf_both(state: bf.BigFiveState, move: str) -> tuple[bf.BigFiveState, bf.BigFiveState]:
    m = bf.parse_move(move)
    return bf.compute_successor(state, bf.compute_whose_turn(state), m), BF_GAME.apply(state, m)


@pytest.mark.rule("BF-EXCH-1")
def test_bf_exchange_flag() -> None:
    """BF-AMB-6, 000_24eedd0374a5e414.txt § Как обменивать карты."""
    for flag, single_ok in (("any", True), ("whole_hand", False)):
        v = bf.BigFiveVariant(exchange=flag)  # type: ignore[arg-type]
        state = bf.make_position("Lp@0,0", ["Gp Zp Cb Eb Ly", "Lb"], variant=v)
        assert (bf_check(state, "exchange Cb") == ()) == single_ok
        assert ("BF-EXCH-1" in bf_check(state, "exchange Cb")) != single_ok
        assert bf_offers(state, "exchange Cb") == single_ok
        assert bf_check(state, "exchange Gp Zp Cb Eb Ly") == ()
        assert bf_offers(state, "exchange Gp Zp Cb Eb Ly")


@pytest.mark.rule("BF-PLAY-2")
def test_bf_min_group_flag() -> None:
    """BF-AMB-7, § Как играть карты: 'группу карт (несколько карт ...)'."""
    for low, single_ok in ((1, True), (2, False)):
        v = bf.BigFiveVariant(min_group=low)  # type: ignore[arg-type]
        state = bf.make_position("Lp@0,0", ["Gp Zp", "Lb"], variant=v)
        assert ("BF-PLAY-2" not in bf_check(state, "play Gp@1,0")) == single_ok
        assert bf_offers(state, "play Gp@1,0") == single_ok
        assert bf_check(state, "play Gp@1,0 Zp@2,0") == () and bf_offers(state, "play Gp@1,0 Zp@2,0")


@pytest.mark.rule("BF-PASS-1", "BF-PLAY-2")
def test_bf_min_group_changes_when_a_player_is_stuck() -> None:
    """With an empty deck and a single fitting card, min_group=2 leaves the player stuck: a pass is legal."""
    for low, pass_ok in ((1, False), (2, True)):
        v = bf.BigFiveVariant(min_group=low)  # type: ignore[arg-type]
        state = bf.make_position("Lp@0,0", ["Gp", "Lb"], decks=["", "Ey"], variant=v)
        assert (bf_check(state, "pass") == ()) == pass_ok
        assert bf_offers(state, "pass") == pass_ok


@pytest.mark.rule("BF-REFILL-1", "BF-BONUS-2")
def test_bf_bonus_timing_flag() -> None:
    """BF-AMB-8, § Бонусы за большие новые группы: discard before or after refilling the hand."""
    board, move = "Lr@0,0 Gr@1,0 Zr@2,0", "play Cr@3,0"
    for timing in ("before_refill", "after_refill"):
        v = bf.BigFiveVariant(bonus_timing=timing)  # type: ignore[arg-type]
        state = bf.make_position(board, ["Cr Ey Ep Eg Eb", "Lb"], variant=v)
        spec_after, engine_after = bf_both(state, move)
        for after in (spec_after, engine_after):
            assert after.bonus == 1
            assert after.to_draw == (0 if timing == "before_refill" else 1)
            assert bf.compute_phase(after) == ("bonus" if timing == "before_refill" else "draw")
        assert spec_after == engine_after
    # after_refill: draw first, then the bonus from a full hand, then the turn ends without a second refill
    v = bf.BigFiveVariant(bonus_timing="after_refill")
    state = bf.make_position(board, ["Cr Ey Ep Eg Eb", "Lb"], decks=["Gb Gb", "Ly"], variant=v)
    state = BF_GAME.apply(state, bf.parse_move(move))
    state = BF_GAME.apply(state, bf.parse_move("draw Gb"))
    assert bf.compute_phase(state) == "bonus" and len(state.hands[0]) == 5
    spec_after, engine_after = bf_both(state, "bonus Gb")
    for after in (spec_after, engine_after):
        assert after.turn == 1 and after.to_draw == 0 and len(after.hands[0]) == 4
    assert spec_after == engine_after


@pytest.mark.rule("BF-PASS-1")
def test_bf_pass_rule_flag() -> None:
    """BF-AMB-9, § Общий ход игры: 'может произвести одно из двух действий'."""
    for rule, pass_ok in (("stuck", False), ("always", True)):
        v = bf.BigFiveVariant(pass_rule=rule)  # type: ignore[arg-type]
        state = bf.make_position("Lp@0,0", ["Gp Zp", "Lb"], variant=v)
        assert (bf_check(state, "pass") == ()) == pass_ok
        assert ("BF-PASS-1" in bf_check(state, "pass")) != pass_ok
        assert bf_offers(state, "pass") == pass_ok


@pytest.mark.rule("BF-SOLO-3")
def test_bf_solo_discard_flag() -> None:
    """BF-AMB-10, § Пасьянс для одного игрока: the discard of three by choice."""
    for rule, discard_ok in (("forced", False), ("optional", True)):
        v = bf.BigFiveVariant(solo_discard=rule)  # type: ignore[arg-type]
        state = bf.make_position("Lp@0,0", ["Gp Zp Cp Eb Ly"], variant=v)
        assert bf_offers(state, "play Gp@1,0 Zp@2,0 Cp@3,0")
        assert (bf_check(state, "discard Eb Ly Gp") == ()) == discard_ok
        assert bf_offers(state, "discard Eb Ly Gp") == discard_ok


@pytest.mark.rule("BF-SOLO-5")
def test_bf_solo_rest_flag() -> None:
    """BF-AMB-12, § Пасьянс для одного игрока: the deck's rest at the end."""
    for rule, penalty in (("uncounted", 6), ("penalty", 8)):
        v = bf.BigFiveVariant(solo_rest=rule)  # type: ignore[arg-type]
        state = bf.make_position("Lp@0,0", ["Gp Eb Ly Cr Zg"], decks=["Lb Lg"], variant=v, pile="Ey Ey Er")
        assert bf_offers(state, "discard Eb Ly Cr")  # no group of three fits
        spec_after, engine_after = bf_both(state, "discard Eb Ly Cr")  # the refill needs 3, the deck holds 2
        for after in (spec_after, engine_after):
            assert after.finished and after.penalties == (penalty,)
        assert spec_after == engine_after


# -- Big Five contradictions ---------------------------------------------------


@pytest.mark.example("Примеры")
@pytest.mark.rule("BF-LINE-1")
def test_bf_one_side_reading_refuses_the_texts_own_example() -> None:
    """BF-AMB-5: under 'one_side' Vasya's example (zebras above and below the purple zebra), which
    000_24eedd0374a5e414.txt § Примеры calls legal, is refused: a failing replay."""
    (vasya,) = [e for e in bf.EXAMPLES if e.who == "Vasya" and e.section == bf.SEC_EXAMPLES]
    state = bf.make_position(vasya.board, ["Zy Zb Ep Ep Eg", "Ey"])
    assert bf_check(state, vasya.move) == () and bf_offers(state, vasya.move)
    BF.step(state, bf.parse_move(vasya.move), {"bonus": 0})
    play = bf.parse_move(vasya.move)
    assert isinstance(play, bf.Play)
    assert not bf.is_one_sided(state.board, play)
    amb = {a.id: a for a in bf.AMBIGUITIES}["BF-AMB-5"]
    assert "one_side" in amb.contradiction and not amb.flag


@pytest.mark.rule("BF-LINE-3", "BF-LINE-4")
def test_bf_identical_cards_contradict_rule_3_as_worded() -> None:
    """BF-AMB-4: two identical cards in one line (what 'colour_lines_only' would allow) against Rule 3 as the
    text words it (one colour with different animals, or one animal with different colours): unsat, and the core
    holds both, for every pair of cards."""
    a1, c1, a2, c2 = z3.Ints("a1 c1 a2 c2")
    solver = TrackedSolver()
    solver.add_fact(*[z3.And(0 <= x, x <= 4) for x in (a1, c1, a2, c2)])
    solver.add("BF-AMB-4 colour_lines_only", z3.And(a1 == a2, c1 == c2))
    solver.add("BF-LINE-3", z3.Or(z3.And(c1 == c2, a1 != a2), z3.And(a1 == a2, c1 != c2)))
    result = solver.check()
    assert result.verdict == "unsat"
    assert set(result.core) == {"BF-AMB-4 colour_lines_only", "BF-LINE-3"}
    # and the spec and engine refuse such a line
    state = bf.make_position("Lb@0,0", ["Lb Ey", "Ep"])
    assert "BF-LINE-4" in bf_check(state, "play Lb@1,0") and not bf_offers(state, "play Lb@1,0")


@pytest.mark.rule("BF-PLAY-2", "BF-LINE-2", "BF-LINE-5")
def test_bf_five_card_groups_contradict_the_line_rules() -> None:
    """BF-AMB-7: five played cards, with BF-PLAY-2 dropped, break the other placement rules (a Z3 core).

    The comb's play cells are five consecutive cells of one row; a five-card play spread over more cells
    leaves a gap that old cards must fill, which only makes its line longer."""
    frame = comb_frame(prefix="five")
    facts = [*frame.domain(), *[frame.pl(c) for c in frame.play_cells]]
    rules = [(rid, c) for rid, c in frame.rules() if rid != "BF-PLAY-2"]
    result, _ = solve_rules(facts, rules)
    assert result.verdict == "unsat"
    assert "BF-LINE-5" in result.core and "BF-LINE-2" in result.core


# --------------------------------------------------------------------------
# BigPoints


TEXT_EXAMPLE_HAND = (0, 2, 0, 1, 1, 1, 2)  # 2 red, 1 green, 1 purple, 1 black, 2 white
TEXT_EXAMPLE_LADDER = (1, 0, 4, 2, 3)  # red top, ..., purple third, ..., green last


@pytest.mark.example("Конец игры и подсчет очков")
@pytest.mark.rule("BP-SCORE-1")
def test_bp_black_counts_flag() -> None:
    """BP-AMB-2, 001_2e52b0ba102b09c9.txt § Конец игры и подсчет очков: the text's example totals 18 because
    it counts the black disc as a colour for white; without it 16."""
    for counts, total in ((True, 18), (False, 16)):
        v = bp.BigPointsVariant(black_counts=counts)
        assert bp.compute_score(v, TEXT_EXAMPLE_LADDER, TEXT_EXAMPLE_HAND, 0) == total
        state = bp.example_state("B", pawns=(1, 1, 1, 1, 1), variant=bp.BigPointsVariant(
            colour_discs=1, black_discs=0, white_discs=1, black_counts=counts), ladder=TEXT_EXAMPLE_LADDER,
            hands=(TEXT_EXAMPLE_HAND, (0,) * 7), reserve="")
        state = state._replace(path="W")
        assert BP_GAME._game_scores(state)[0] == total == bp.compute_game_scores(state)[0]
        both(total, spec=bp.compute_game_scores(state)[0], engine=BP_GAME._game_scores(state)[0])


def _last_pawn_state(variant: bp.BigPointsVariant) -> bp.BigPointsState:
    """Four pawns on the ladder; the blue pawn is the last and stands on the last blue disc: 'move blue' ends it."""
    path = "RYGPB"  # red, yellow, green, purple taken care of: their pawns are on the ladder
    return bp.example_state(path, pawns=(4, 5, 5, 5, 5), variant=variant, ladder=(1, 2, 3, 4), reserve="B")


@pytest.mark.rule("BP-END-1", "BP-LADDER-2")
def test_bp_last_reserve_flag() -> None:
    """BP-AMB-8, § Конец игры и подсчет очков: 'Игра заканчивается сразу же'."""
    for flag, blue in ((True, 1), (False, 0)):
        v = bp.BigPointsVariant(colour_discs=2, black_discs=0, white_discs=0, last_reserve=flag)
        state = _last_pawn_state(v)
        move = bp.parse_move("move blue")
        assert bp.SPEC.is_legal(v, state, 0, move) and move in BP_GAME.legal_moves(state)
        spec_after = bp.compute_successor(state, move)
        engine_after = BP_GAME.apply(state, move)
        for after in (spec_after, engine_after):
            assert after.phase == bp.OVER and after.hands[0][0] == blue and after.reserve == ("" if flag else "B")
        assert bp.SPEC.check_transition(v, state, 0, move, engine_after).ok


@pytest.mark.rule("BP-LADDER-2", "BP-TAKE-1")
def test_bp_ladder_take_flag() -> None:
    """BP-AMB-10, § Пример / § Как играть: a pawn reaching the ladder earns the reserve disc, and with
    reserve_and_path also the nearest free disc behind it."""
    for flag in ("reserve", "reserve_and_path"):
        v = bp.BigPointsVariant(colour_discs=2, black_discs=0, white_discs=0, ladder_take=flag)  # type: ignore[arg-type]
        state = bp.example_state("RBYGP", pawns=(1, -1, -1, -1, -1), variant=v)
        move = bp.parse_move("move blue")
        spec_after = bp.compute_successor(state, move)
        engine_after = BP_GAME.apply(state, move)
        assert spec_after == engine_after
        assert engine_after.hands[0][0] == 1  # the reserve disc, both readings
        if flag == "reserve":
            assert engine_after.phase == bp.MOVE and engine_after.turn == 1
        else:
            assert engine_after.phase == bp.TAKE and engine_after.turn == 0
            assert [str(m) for m in BP_GAME.legal_moves(engine_after)] == ["take behind"]
            assert bp.SPEC.spec_legal_moves(v, engine_after, 0) == [bp.Take("behind")]
            taken = BP_GAME.apply(engine_after, bp.Take("behind"))
            assert taken.hands[0][bp.LETTERS.index("P")] == 1  # the purple disc, nearest behind the ladder


@pytest.mark.rule("BP-TURN-1")
def test_bp_black_visibility_flag() -> None:
    """BP-AMB-11, § Черные жетоны: 'кладутся рядом с ним' — every black disc, or the spent ones only."""
    hands = ((0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 2, 0))
    for flag, seen in (("public", [1, 2]), ("spent_only", [1, None])):
        v = bp.BigPointsVariant(colour_discs=2, black_discs=1, white_discs=0, black_visibility=flag)  # type: ignore[arg-type]
        state = bp.example_state("BRKYGP", variant=v, hands=hands)
        assert list(bp.compute_visible_blacks(state, 0)) == seen
        assert BP_GAME.observation(state, 0)["black"] == seen


@pytest.mark.example("Пример")
@pytest.mark.rule("BP-TAKE-1")
def test_bp_first_disc_reading_refuses_the_texts_own_example() -> None:
    """BP-AMB-4: in 001_2e52b0ba102b09c9.txt § Пример the player who moved the blue pawn may take the black disc
    behind the purple pawn; under 'first_disc' that side offers nothing: a failing replay."""
    state = bp.example_state("KPBG", pawns=(-1, -1, -1, -1, 1))
    moved = BP_GAME.apply(state, bp.parse_move("move blue"))
    assert moved.phase == bp.TAKE and moved.pawns[0] == 2
    assert bp.Take("behind") in BP_GAME.legal_moves(moved)
    BP.legal(moved, {bp.Take("ahead"), bp.Take("behind")})
    BP.step(moved, bp.Take("behind"), {"path": ".PBG"})
    assert bp.SPEC.is_legal(moved.variant, moved, 0, bp.Take("behind"))
    assert bp.compute_free_discs(moved.path, moved.pawns, 0, 2) == (3, 0)
    assert bp.compute_free_discs(moved.path, moved.pawns, 0, 2, "first_disc") == (3, None)
    amb = {a.id: a for a in bp.AMBIGUITIES}["BP-AMB-4"]
    assert "first_disc" in amb.contradiction and not amb.flag


# --------------------------------------------------------------------------
# Records and validation under every new flag value


NEW_FLAGS: list[tuple[str, int, Any]] = [
    ("bigfive", 2, bf.BigFiveVariant(children=True, exchange="whole_hand")),
    ("bigfive", 2, bf.BigFiveVariant(children=True, min_group=2)),
    ("bigfive", 2, bf.BigFiveVariant(children=True, bonus_timing="after_refill", bonus="publisher")),
    ("bigfive", 2, bf.BigFiveVariant(children=True, pass_rule="always")),
    ("bigfive", 1, bf.BigFiveVariant(children=True, solo_discard="optional")),
    ("bigfive", 1, bf.BigFiveVariant(children=True, solo_rest="penalty", bonus_timing="after_refill")),
    ("bigpoints", 2, bp.BigPointsVariant(black_counts=False)),
    ("bigpoints", 3, bp.BigPointsVariant(last_reserve=False)),
    ("bigpoints", 2, bp.BigPointsVariant(ladder_take="reserve_and_path")),
    ("bigpoints", 2, bp.BigPointsVariant(black_visibility="spent_only")),
]


def _label(variant: Any) -> str:
    default = type(variant)()
    return "-".join(f"{f.name}={getattr(variant, f.name)}" for f in dataclasses.fields(variant)
                    if getattr(variant, f.name) != getattr(default, f.name))


@pytest.mark.parametrize(("game_id", "players", "variant"), NEW_FLAGS, ids=[_label(v) for _, _, v in NEW_FLAGS])
def test_new_flag_values_round_trip_through_records(game_id: str, players: int, variant: Any) -> None:
    game = game_for(game_id)
    rng = random.Random(7)
    state = game.initial_state(players, variant)
    moves = []
    while not game.is_terminal(state) and len(moves) < 400:
        actor = game.current_player(state)
        move = game.random_move(state, rng)
        moves.append((actor, move))
        state = game.apply(state, move)
    record = parse_record(make_record(game_id, players, variant, moves).dumps())
    assert variant_from_mapping(type(variant), record.variant) == variant
    assert variant_to_dict(variant) == dict(record.variant)
    hints = typing.get_type_hints(type(variant))
    text = {k: str(v).lower() if hints[k] is bool else str(v) for k, v in record.variant.items()
            if not isinstance(v, list)}
    assert variant_from_mapping(type(variant), text, from_text=True) == dataclasses.replace(variant)
    result = validate_record(record)
    assert result.index is None and not result.rule_ids, result.reason
