"""Every BigPoints rule, broken on purpose: the spec must name it and the engine must refuse it.

States are built by hand with :func:`example_state`: ``path`` uses the letters
B R Y G P (base colours), K (black), W (white) and ``.`` (taken); pawns are
given by colour (blue, red, yellow, green, purple) as positions, ``-1`` before
the path and ``len(path)`` on the ladder.
"""

from __future__ import annotations

import dataclasses

import pytest

from rulefacts import Layers
from ruleproof.model.bigpoints import GAME
from ruleproof.spec.bigpoints import (
    AMBIGUITIES,
    EXTRA,
    LAY,
    MOVE,
    OFFER,
    OVER,
    RULEBOOK,
    RULES,
    SPEC,
    TAKE,
    BigPointsMove,
    BigPointsState,
    BigPointsVariant,
    Black,
    Lay,
    Pawn,
    Take,
    compute_free_discs,
    compute_gap_moves,
    compute_score,
    compute_successor,
    compute_winners,
    example_state,
    has_gap,
    parse_move,
    path_composition,
)
from ruleproof.spec.core import CHANCE, variant_from_mapping
from ruleproof.spec.errors import MoveParseError, PlayerCountError, VariantError

HAND0 = (0,) * 7
#: Rulebook facts on spec and engine separately (tests/rulefacts.py).
BP = Layers[BigPointsState, BigPointsMove](GAME)
ALL_START = (-1, -1, -1, -1, -1)


def hand(**counts: int) -> tuple[int, ...]:
    """A hand from colour names: ``hand(red=2, black=1)``."""
    names = ("blue", "red", "yellow", "green", "purple", "black", "white")
    unknown = set(counts) - set(names)
    assert not unknown, unknown
    return tuple(counts.get(n, 0) for n in names)


def violated(state: BigPointsState, actor: int, move: BigPointsMove) -> tuple[str, ...]:
    return SPEC.check_move(state.variant, state, actor, move).rule_ids


def effects(before: BigPointsState, move: BigPointsMove, after: BigPointsState) -> tuple[str, ...]:
    actor = SPEC.whose_turn(before)
    return SPEC.check_transition(before.variant, before, actor, move, after).rule_ids


def legal(state: BigPointsState) -> list[str]:
    return [str(m) for m in GAME.legal_moves(state)]


def play(state: BigPointsState, *texts: str) -> BigPointsState:
    """Apply moves by text form through the engine, checking each against the spec."""
    for text in texts:
        move = parse_move(text)
        actor = GAME.current_player(state)
        assert not violated(state, actor, move), (text, violated(state, actor, move))
        after = GAME.apply(state, move)
        assert not effects(state, move, after), (text, effects(state, move, after))
        state = after
    return state


# -- sources, ambiguities, variants ---------------------------------------------------


def test_every_source_section_is_verbatim_in_the_rulebook(rulebooks) -> None:  # type: ignore[no-untyped-def]
    text = (rulebooks / RULEBOOK).read_text(encoding="utf-8")
    lines = {line.strip() for line in text.splitlines()}
    for rule in RULES:
        assert rule.source.rulebook == RULEBOOK
        assert rule.source.section in lines, (rule.id, rule.source.section)
    for amb in AMBIGUITIES:
        assert amb.source.section in lines, amb.id
        assert amb.quote in text, (amb.id, amb.quote)


def test_every_rule_constant_is_quoted_verbatim_and_adds_up(rulebooks) -> None:  # type: ignore[no-untyped-def]
    """Each constant's passage is in the rulebook under its section; the parts list's 60 discs are the ten of
    each base colour, five black and five white; one reserve disc per colour leaves the 55-disc path."""
    from ruleproof.spec.bigpoints import CONSTANTS, disc_composition, path_size

    text = (rulebooks / RULEBOOK).read_text(encoding="utf-8")
    lines = {line.strip() for line in text.splitlines()}
    for constant in CONSTANTS:
        assert constant.quote in text, constant.name
        assert constant.source.section in lines, constant.name
    default = BigPointsVariant()
    assert sum(disc_composition(default)) == CONSTANTS.number("discs") == 60
    assert path_size(default) == 60 - CONSTANTS.number("pawns") * CONSTANTS.number("reserve_discs") == 55
    assert (default.colour_discs, default.black_discs, default.white_discs) == (10, 5, 5)


def test_every_notes_flag_is_a_variant_field() -> None:
    fields = {f.name for f in dataclasses.fields(BigPointsVariant)}
    flags = {a.flag for a in AMBIGUITIES if a.flag}
    assert flags == {"inverted_ladder", "spent_black_counts", "no_free_disc", "back_to_start", "extra_timing", "match",
                     "black_counts", "last_reserve", "ladder_take", "black_visibility"}
    assert flags <= fields


def test_default_components() -> None:
    assert path_composition(BigPointsVariant()) == (9, 9, 9, 9, 9, 5, 5)
    assert sum(GAME.all_components(3, BigPointsVariant()).values()) == 60 + 5


def test_invalid_variants() -> None:
    with pytest.raises(VariantError, match="colour_discs"):
        BigPointsVariant(colour_discs=21)
    with pytest.raises(VariantError, match="black_discs"):
        BigPointsVariant(black_discs=-1)
    with pytest.raises(VariantError, match="at least one disc"):
        BigPointsVariant(colour_discs=1, black_discs=0, white_discs=0)
    with pytest.raises(VariantError, match="no_free_disc"):
        variant_from_mapping(BigPointsVariant, {"no_free_disc": "skip"})
    assert variant_from_mapping(BigPointsVariant, {"match": "yes"}, from_text=True).match


# -- set-up -----------------------------------------------------------------------------


@pytest.mark.rule("BP-SETUP-1")
def test_invalid_player_counts_are_rejected() -> None:
    assert "BP-SETUP-1" in violated(example_state("BRY", players=6), 0, Pawn("blue"))
    assert "BP-SETUP-1" not in violated(example_state("BRY", players=5), 0, Pawn("blue"))
    for players in (1, 6):
        with pytest.raises(PlayerCountError, match="2–5 players"):
            GAME.new_game(players)


@pytest.mark.rule("BP-SETUP-2")
def test_invalid_lay_of_a_disc_no_longer_in_the_box() -> None:
    v = BigPointsVariant(colour_discs=2, black_discs=1, white_discs=0)
    state = play(GAME.initial_state(2, v), "lay black")
    assert "BP-SETUP-2" in violated(state, CHANCE, Lay("black"))  # the only black is laid
    assert "BP-SETUP-2" in violated(state, CHANCE, Lay("white"))  # no white disc in this set
    assert "BP-SETUP-2" not in violated(state, CHANCE, Lay("blue"))
    assert legal(state) == ["lay blue", "lay green", "lay purple", "lay red", "lay yellow"]
    # chance is uniform over the remaining discs: a colour's weight is its count
    default = GAME.initial_state(2, BigPointsVariant())
    probs = dict((str(m), p) for m, p in GAME.chance_outcomes(default))
    assert probs["lay black"] == pytest.approx(5 / 55) and probs["lay red"] == pytest.approx(9 / 55)


@pytest.mark.rule("BP-SETUP-3", "BP-SETUP-4")
def test_laid_disc_extends_the_path_and_the_table_stays_set_up() -> None:
    v = BigPointsVariant(colour_discs=2, black_discs=1, white_discs=0)
    before = play(GAME.initial_state(2, v), "lay red")
    after = GAME.apply(before, Lay("blue"))
    assert after.path == "RB" and after.reserve == "BRYGP" and after.pawns == ALL_START
    assert "BP-SETUP-3" in effects(before, Lay("blue"), after._replace(path="BR"))
    assert "BP-SETUP-4" in effects(before, Lay("blue"), after._replace(pawns=(0, -1, -1, -1, -1)))
    assert "BP-SETUP-4" in effects(before, Lay("blue"), after._replace(reserve="RYGP"))
    full = play(after, "lay yellow", "lay green", "lay purple")
    assert full.phase == LAY
    full = play(full, "lay black")
    assert full.phase == MOVE and GAME.current_player(full) == 0


# -- turns --------------------------------------------------------------------------------


@pytest.mark.rule("BP-TURN-1")
def test_invalid_acting_out_of_turn() -> None:
    state = example_state("BRYGP")
    assert "BP-TURN-1" in violated(state, 1, Pawn("blue"))
    assert "BP-TURN-1" in violated(state, CHANCE, Lay("blue"))
    assert "BP-TURN-1" not in violated(state, 0, Pawn("blue"))
    over = example_state("BRYGP", (5,) * 5, phase=OVER)
    assert "BP-TURN-1" in violated(over, 0, Pawn("blue"))
    assert GAME.legal_moves(over) == ()


@pytest.mark.rule("BP-TURN-2")
def test_invalid_move_kind_for_the_step_of_the_turn() -> None:
    state = example_state("BRYGP")
    assert "BP-TURN-2" in violated(state, 0, Take("ahead"))
    assert "BP-TURN-2" in violated(state, 0, Black(True))
    taking = play(state, "move blue")
    assert taking.phase == TAKE
    assert "BP-TURN-2" in violated(taking, 0, Pawn("red"))
    assert "move red" not in legal(taking)
    over = example_state("BRYGP", (5,) * 5, phase=OVER)
    assert "BP-TURN-2" in violated(over, CHANCE, Lay("blue"))  # a single game: no next path


@pytest.mark.rule("BP-TURN-3")
def test_turn_passes_clockwise_after_the_disc() -> None:
    state = example_state("BRYGP", players=3, turn=2)
    moved = play(state, "move blue")
    after = GAME.apply(moved, Take("ahead"))
    assert after.turn == 0 and after.phase == MOVE
    assert "BP-TURN-3" in effects(moved, Take("ahead"), after._replace(turn=2))
    assert "BP-TURN-3" in effects(moved, Take("ahead"), after._replace(turn=1))
    # a black disc taken this turn is counted as fresh (reset when the turn passes)
    blackish = example_state("BKRYGP", players=2)
    moved = play(blackish, "move blue")
    after = GAME.apply(moved, Take("ahead"))
    assert after.hands[0][5] == 1 and after.turn == 1 and after.fresh == 0


# -- pawn moves -----------------------------------------------------------------------------


@pytest.mark.rule("BP-MOVE-1")
def test_invalid_moving_a_pawn_on_the_ladder() -> None:
    state = example_state("BRY", (3, -1, -1, -1, -1))
    assert "BP-MOVE-1" in violated(state, 0, Pawn("blue"))
    assert "move blue" not in legal(state)
    extra = state._replace(phase=EXTRA, used_black=True)
    assert "BP-MOVE-1" in violated(extra, 0, Pawn("blue", True))
    assert "back blue" not in legal(extra)


@pytest.mark.rule("BP-MOVE-2")
def test_forward_move_goes_to_the_next_disc_of_its_colour() -> None:
    state = example_state("BRB.B", (0, -1, -1, -1, -1))
    after = GAME.apply(state, Pawn("blue"))
    assert after.pawns[0] == 2
    assert "BP-MOVE-2" in effects(state, Pawn("blue"), after._replace(pawns=(4, -1, -1, -1, -1)))
    # a taken disc of its colour is skipped
    skipped = example_state("BR.GB", (0, -1, -1, -1, -1))
    assert GAME.apply(skipped, Pawn("blue")).pawns[0] == 4


@pytest.mark.rule("BP-MOVE-3")
def test_invalid_backward_normal_move() -> None:
    state = example_state("BRB", (2, -1, -1, -1, -1))
    assert "BP-MOVE-3" in violated(state, 0, Pawn("blue", True))
    assert "back blue" not in legal(state)


@pytest.mark.rule("BP-LADDER-1", "BP-LADDER-2")
@pytest.mark.example("Пример")
def test_pawn_without_discs_ahead_climbs_the_ladder_and_takes_the_reserve_disc() -> None:
    """The note under the first 'Пример' paragraph: with no disc of its colour
    left ahead, the pawn goes to the highest free step and its mover takes the
    disc of that colour lying beside the ladder."""
    state = example_state("RB.", (1, 3, -1, -1, -1), ladder=(1,), reserve="BYGP")
    BP.step(state, Pawn("blue"), {"ladder": (1, 0), "reserve": "YGP", "hands": (hand(blue=1), HAND0),
                                  "phase": MOVE, "turn": 1},
            wrong=[{"ladder": (0, 1)}, {"reserve": "BYGP"}])
    after = GAME.apply(state, Pawn("blue"))
    assert after.pawns[0] == 3 and after.ladder == (1, 0)
    assert after.reserve == "YGP" and after.hands[0] == hand(blue=1)
    assert after.phase == MOVE and after.turn == 1  # no disc from the path
    assert not effects(state, Pawn("blue"), after)
    assert "BP-LADDER-1" in effects(state, Pawn("blue"), after._replace(ladder=(0, 1)))
    assert "BP-LADDER-2" in effects(state, Pawn("blue"), after._replace(reserve="BYGP"))
    assert "BP-LADDER-2" in effects(state, Pawn("blue"), after._replace(hands=(HAND0, HAND0)))


# -- taking discs ------------------------------------------------------------------------------


@pytest.mark.rule("BP-TAKE-1")
@pytest.mark.example("Как играть")
def test_rulebook_example_green_ahead_or_black_behind_the_purple_pawn() -> None:
    """The 'Пример' paragraph of 'Как играть': the blue pawn moves to the next
    blue disc; the player may take the green disc in front of it or the black
    disc behind the purple pawn (the disc under the purple pawn is skipped)."""
    state = example_state("BKPBG", (0, -1, -1, -1, 2))
    moved = play(state, "move blue")
    assert moved.pawns[0] == 3
    assert compute_free_discs(moved.path, moved.pawns, 0, 3) == (4, 1)
    assert legal(moved) == ["take ahead", "take behind"]
    BP.legal(moved, {Take("ahead"), Take("behind")})
    BP.step(moved, Take("ahead"), {"hands": (hand(green=1), HAND0)})
    BP.step(moved, Take("behind"), {"hands": (hand(black=1), HAND0)}, wrong=[{"hands": (hand(purple=1), HAND0)}])
    assert play(moved, "take ahead").hands[0] == hand(green=1)
    assert play(moved, "take behind").hands[0] == hand(black=1)


@pytest.mark.rule("BP-TAKE-1")
def test_invalid_take_on_a_side_without_a_free_disc() -> None:
    # at the start of the path nothing lies behind the pawn: only ahead
    first = play(example_state("BRG"), "move blue")
    assert "BP-TAKE-1" in violated(first, 0, Take("behind"))
    assert "BP-TAKE-1" in violated(first, 0, Take("none"))
    assert legal(first) == ["take ahead"]
    # next to the ladder nothing lies ahead: only behind
    last = play(example_state("RGB", (-1, -1, -1, -1, -1)), "move blue")
    assert last.pawns[0] == 2
    assert "BP-TAKE-1" in violated(last, 0, Take("ahead"))
    assert legal(last) == ["take behind"]


@pytest.mark.rule("BP-TAKE-2")
def test_taken_disc_leaves_the_path_for_the_hand() -> None:
    moved = play(example_state("BRG"), "move blue")
    after = GAME.apply(moved, Take("ahead"))
    assert after.path == "B.G" and after.hands[0] == hand(red=1)
    assert "BP-TAKE-2" in effects(moved, Take("ahead"), after._replace(path="BRG"))
    assert "BP-TAKE-2" in effects(moved, Take("ahead"), after._replace(hands=(HAND0, hand(red=1))))


GAP = example_state("BRY", (-1, 1, 2, 3, 3))  # red and yellow pawns cover every other disc


def test_gap_helper_finds_the_move_with_no_free_disc() -> None:
    assert [str(m) for m in compute_gap_moves(GAP)] == ["move blue"]
    assert has_gap(GAP)
    assert not has_gap(example_state("BRY"))


@pytest.mark.rule("BP-TAKE-1", "BP-TAKE-3")
def test_no_free_disc_flag_nothing_versus_illegal() -> None:
    # default: the move is allowed and nothing is taken
    moved = play(GAP, "move blue")
    assert legal(moved) == ["take none"]
    after = play(moved, "take none")
    assert after.hands == (HAND0, HAND0) and after.turn == 1
    # illegal: the move is refused while another pawn can move
    strict = GAP._replace(variant=dataclasses.replace(GAP.variant, no_free_disc="illegal"))
    assert "BP-TAKE-3" in violated(strict, 0, Pawn("blue"))
    assert "BP-TAKE-3" not in violated(GAP, 0, Pawn("blue"))
    assert legal(strict) == ["move red", "move yellow"]


@pytest.mark.rule("BP-TAKE-3")
def test_unavoidable_gap_move_is_still_made_under_the_illegal_flag() -> None:
    strict = BigPointsVariant(colour_discs=1, black_discs=3, white_discs=0, no_free_disc="illegal")
    state = example_state("B..", (-1, 3, 3, 3, 3), variant=strict, ladder=(1, 2, 3, 4), reserve="B")
    assert legal(state) == ["move blue"]
    assert not violated(state, 0, Pawn("blue"))
    assert legal(play(state, "move blue")) == ["take none"]
    # ...but no black disc may be spent on an extra move that would be such a move
    offer = state._replace(phase=OFFER, hands=(hand(black=1), HAND0))
    assert "BP-TAKE-3" in violated(offer, 0, Black(True))
    assert legal(offer) == ["no black"]


# -- black discs ----------------------------------------------------------------------------------


def offer_state(**fields: object) -> BigPointsState:
    fields.setdefault("hands", (hand(black=1), HAND0))
    return example_state("BRYGPBRYGP", phase=OFFER, **fields)  # type: ignore[arg-type]


@pytest.mark.rule("BP-BLACK-1")
def test_invalid_black_disc_not_held_or_taken_this_turn() -> None:
    assert not violated(offer_state(), 0, Black(True))
    assert "BP-BLACK-1" in violated(offer_state(hands=(HAND0, hand(black=1))), 0, Black(True))
    fresh = offer_state(fresh=1)
    assert "BP-BLACK-1" in violated(fresh, 0, Black(True))
    assert legal(fresh) == ["no black"]
    # in play: a black disc taken by the normal move is not offered in the same turn
    state = example_state("BKRYGP")
    after = play(state, "move blue", "take ahead")
    assert after.hands[0] == hand(black=1) and after.turn == 1 and after.phase == MOVE
    # ...while a black disc kept from an earlier turn is offered even then
    older = example_state("BKRYGP", hands=(hand(black=1), HAND0))
    after = play(older, "move blue", "take ahead")
    assert after.hands[0] == hand(black=2) and after.fresh == 1 and after.phase == OFFER
    assert legal(after) == ["no black", "black"]


@pytest.mark.rule("BP-BLACK-2")
def test_invalid_second_black_disc_in_a_turn() -> None:
    twice = offer_state(hands=(hand(black=2), HAND0), used_black=True)
    assert "BP-BLACK-2" in violated(twice, 0, Black(True))
    assert legal(twice) == ["no black"]


@pytest.mark.rule("BP-BLACK-3")
def test_spent_black_disc_stays_out_of_play() -> None:
    state = offer_state()
    after = GAME.apply(state, Black(True))
    assert after.hands[0] == HAND0 and after.spent == (1, 0) and after.phase == EXTRA and after.used_black
    assert "BP-BLACK-3" in effects(state, Black(True), after._replace(spent=(0, 0)))
    assert "BP-BLACK-3" in effects(state, Black(True), after._replace(hands=(hand(black=1), HAND0)))


@pytest.mark.rule("BP-EXTRA-1", "BP-TURN-3")
def test_extra_timing_flag_after_versus_before() -> None:
    # seat 0 kept a black disc from an earlier turn
    after_mode = example_state("BRYGPBRYGP", hands=(hand(black=1), HAND0))
    moved = play(after_mode, "move blue")
    after = GAME.apply(moved, Take("ahead"))
    assert after.phase == OFFER and after.turn == 0
    assert "BP-EXTRA-1" in effects(moved, Take("ahead"), after._replace(phase=MOVE, turn=1))
    done = play(after, "black", "move blue", "take ahead")
    assert done.turn == 1 and done.spent == (1, 0)
    declined = play(after, "no black")
    assert declined.turn == 1 and declined.hands[0][5] == 1

    before_mode = after_mode._replace(variant=BigPointsVariant(colour_discs=3, black_discs=0, white_discs=0,
                                                               extra_timing="before"), phase=OFFER)
    assert legal(before_mode) == ["no black", "black"]
    extra_first = play(before_mode, "black", "move red", "take ahead")
    assert extra_first.phase == MOVE and extra_first.turn == 0  # now the normal move
    finished = play(extra_first, "move blue", "take ahead")
    assert finished.turn == 1
    skip = play(before_mode, "no black", "move blue")
    after = GAME.apply(skip, Take("ahead"))
    assert after.turn == 1 and after.phase == MOVE  # no offer after the normal move
    assert "BP-EXTRA-1" in effects(skip, Take("ahead"), after._replace(phase=OFFER, turn=0))


@pytest.mark.rule("BP-BACK-1")
def test_invalid_backward_moves() -> None:
    extra = example_state("BRBGB", (2, -1, 4, -1, -1), phase=EXTRA, used_black=True)
    assert "back blue" in legal(extra)
    assert not violated(extra, 0, Pawn("blue", True))
    assert "BP-BACK-1" in violated(extra, 0, Pawn("red", True))  # still at the start
    nothing_behind = example_state("BRBGB", (0, -1, -1, -1, -1), phase=EXTRA, used_black=True)
    assert "BP-BACK-1" in violated(nothing_behind, 0, Pawn("blue", True))
    assert "back blue" not in legal(nothing_behind)


@pytest.mark.rule("BP-BACK-1", "BP-BACK-2")
def test_back_to_start_flag() -> None:
    state = example_state("BRBGB", (0, -1, -1, -1, -1), phase=EXTRA, used_black=True)
    flagged = state._replace(variant=dataclasses.replace(state.variant, back_to_start=True))
    assert "BP-BACK-1" not in violated(flagged, 0, Pawn("blue", True))
    after = GAME.apply(flagged, Pawn("blue", True))
    assert after.pawns[0] == -1 and legal(after) == ["take ahead"]


@pytest.mark.rule("BP-BACK-2")
def test_backward_move_stops_on_the_nearest_own_disc_behind() -> None:
    state = example_state("BRB.BB", (5, -1, -1, -1, -1), phase=EXTRA, used_black=True)
    after = GAME.apply(state, Pawn("blue", True))
    assert after.pawns[0] == 4 and after.extra
    assert "BP-BACK-2" in effects(state, Pawn("blue", True), after._replace(pawns=(2, -1, -1, -1, -1)))


# -- end and scoring -----------------------------------------------------------------------------


def final_state(variant: BigPointsVariant | None = None, **fields: object) -> BigPointsState:
    """Blue, red, yellow and purple are on the ladder (red on top); the green pawn is last.

    Seat 0 holds the discs of the text's scoring example except the green disc,
    which it is about to take from beside the ladder.
    """
    base = dict(
        ladder=(1, 0, 4, 2), reserve="G",
        hands=(hand(red=2, purple=1, black=1, white=2), hand(blue=3)),
    )
    base.update(fields)
    state = example_state("G", (1, 1, 1, 0, 1), **base)  # type: ignore[arg-type]
    if variant is not None:
        state = state._replace(variant=variant)
    return state


@pytest.mark.rule("BP-SCORE-1")
@pytest.mark.example("Конец игры и подсчет очков")
def test_rulebook_scoring_example_is_18_points() -> None:
    """The 'Пример' paragraph of 'Конец игры и подсчет очков': 2 red discs at 4
    points, 1 purple at 2, 1 green at 0, 1 black at 0 and 2 white discs at 4
    each (red, purple, green and black: four other colours) make 18."""
    state = final_state()
    after = GAME.apply(state, Pawn("green"))
    assert after.ladder == (1, 0, 4, 2, 3)  # red top, purple third, green last
    assert after.hands[0] == hand(red=2, purple=1, green=1, black=1, white=2)
    assert after.scores == (18, 3 * 3)
    BP.step(state, Pawn("green"), {"scores": (18, 9), "phase": OVER}, wrong=[{"scores": (19, 9)}])
    assert compute_score(after.variant, after.ladder, after.hands[0], 0) == 18
    assert not effects(state, Pawn("green"), after)
    assert "BP-SCORE-1" in effects(state, Pawn("green"), after._replace(scores=(19, 9)))  # black worth 1


@pytest.mark.rule("BP-SCORE-1")
def test_inverted_ladder_flag() -> None:
    v = dataclasses.replace(final_state().variant, inverted_ladder=True)
    after = GAME.apply(final_state(v), Pawn("green"))
    # red top = 0, purple third = 2, green last = 4, whites 2 × 4
    assert after.scores == (0 + 2 + 4 + 8, 3 * 1)


@pytest.mark.rule("BP-SCORE-1")
def test_spent_black_counts_flag() -> None:
    spent = dict(hands=(hand(red=2, purple=1, white=2), hand(blue=3)), spent=(1, 0))
    default = GAME.apply(final_state(**spent), Pawn("green"))
    assert default.scores[0] == 8 + 2 + 0 + 2 * 3
    flagged = GAME.apply(final_state(dataclasses.replace(final_state().variant, spent_black_counts=True), **spent),
                         Pawn("green"))
    assert flagged.scores[0] == 18


@pytest.mark.rule("BP-END-1")
def test_game_ends_when_the_last_pawn_reaches_the_ladder() -> None:
    state = final_state()
    after = GAME.apply(state, Pawn("green"))
    assert after.phase == OVER and GAME.is_terminal(after)
    # the black disc seat 0 still holds gives no extra move: it is forfeited
    assert "BP-END-1" in effects(state, Pawn("green"), after._replace(phase=OFFER))
    not_last = example_state("G", (1, 1, 1, 0, -1), ladder=(1, 0, 2), reserve="GP")
    assert GAME.apply(not_last, Pawn("green")).phase != OVER


@pytest.mark.rule("BP-MATCH-1")
def test_match_flag_plays_one_game_per_player_with_rotating_start() -> None:
    state = final_state()
    single = GAME.apply(state, Pawn("green"))
    assert GAME.is_terminal(single)
    match_variant = dataclasses.replace(state.variant, match=True)
    over = GAME.apply(state._replace(variant=match_variant), Pawn("green"))
    assert GAME.current_player(over) == CHANCE
    nxt = GAME.apply(over, Lay("black"))
    assert nxt.game == 1 and nxt.turn == 1 and nxt.scores == over.scores == (18, 9)
    assert nxt.path == "K" and nxt.hands == (HAND0, HAND0) and nxt.pawns == ALL_START
    assert GAME.current_player(nxt) == 1  # a one-disc path: seat 1 starts game 2
    assert "BP-MATCH-1" in effects(over, Lay("black"), nxt._replace(game=0))
    assert "BP-MATCH-1" in effects(over, Lay("black"), nxt._replace(scores=(0, 0)))
    last = over._replace(game=1)
    assert GAME.is_terminal(last)


@pytest.mark.rule("BP-WIN-1")
def test_most_points_win_and_ties_share() -> None:
    state = example_state("G", (1,) * 5, phase=OVER, scores=(12, 15))
    assert compute_winners(state) == {1}
    assert SPEC.check_outcome(state.variant, state, frozenset({0})).rule_ids == ("BP-WIN-1",)
    tie = state._replace(scores=(15, 15))
    assert compute_winners(tie) == {0, 1}
    assert GAME.returns(tie) == (0.5, 0.5)
    assert "BP-WIN-1" in SPEC.check_outcome(tie.variant, tie, frozenset({1})).rule_ids


@pytest.mark.rule("BP-FRAME-1")
def test_nothing_else_changes() -> None:
    state = example_state("BRG")
    after = GAME.apply(state, Pawn("blue"))
    assert effects(state, Pawn("blue"), after._replace(reserve="RYGP")) == ("BP-FRAME-1",)
    assert effects(state, Pawn("blue"), after._replace(spent=(0, 1))) == ("BP-FRAME-1",)


# -- text forms ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move", [Lay("white"), Pawn("purple"), Pawn("green", True), Take("ahead"), Take("none"), Black(True), Black(False)]
)
def test_move_text_round_trip(move: BigPointsMove) -> None:
    assert parse_move(str(move)) == move
    assert eval(repr(move)) == move  # noqa: S307 - repr is evaluable by design


@pytest.mark.parametrize(
    "text", ["", "lay", "lay orange", "move black", "back white", "take left", "black disc", "yes black", "move"]
)
def test_invalid_move_text(text: str) -> None:
    with pytest.raises(MoveParseError):
        parse_move(text)


def test_moves_of_different_kinds_never_compare_equal() -> None:
    assert Take("ahead") != Lay("ahead")  # type: ignore[comparison-overlap]
    assert Black(True) != Black(False)
    assert sorted([Take("none"), Pawn("red"), Black(False)]) == [Black(False), Pawn("red"), Take("none")]


def test_reference_successor_matches_the_engine_on_a_full_game() -> None:
    import random

    rng = random.Random(11)
    state = GAME.new_game(3, BigPointsVariant(extra_timing="before"), seed=11)
    while not GAME.is_terminal(state):
        moves = GAME.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        assert compute_successor(state, move) == GAME.apply(state, move)
        state = GAME.apply(state, move)
