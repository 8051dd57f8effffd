"""The OpenSpiel action codecs' fast paths (issue 21) number every move exactly as their general ways do.

:class:`~ruleproof.checkers.interop.codecs.CardCodec` (Take 5) numbers a
choice or a deal from its card, :class:`~ruleproof.checkers.interop.codecs.BigFiveCodec`
remembers exchanges by their cards and encodes a play in one walk of its line.
The codecs are pure Python: no ``pyspiel`` needed.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from ruleproof.checkers.interop.codecs import BigFiveCodec, CardCodec, TableCodec
from ruleproof.checkers.interop.params import AdapterError
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.registry import game_for
from ruleproof.spec import bigfive as bf
from ruleproof.spec.take5 import Deal, Place, Select, Take


def _tables() -> tuple[list[object], list[object]]:
    players: list[object] = [Select(c) for c in range(1, 105)] + [Place(r) for r in range(4)]
    players += [Take(r) for r in range(4)]
    return players, [Deal(c) for c in range(1, 105)]


def test_card_codec_numbers_every_move_as_the_table_does() -> None:
    players, chance = _tables()
    cards, table = CardCodec(players, chance, Select, Deal), TableCodec(players, chance)
    for side, moves in ((False, players), (True, chance)):
        # Fresh objects (equal, not the table's own) and the table's, one by one and as lists.
        fresh = [dataclasses.replace(m) for m in moves]  # type: ignore[type-var]
        for batch in (moves, fresh, moves[::-1], moves[-9:] + moves[:3]):
            assert cards.encode_all(batch, None, None, side) == table.encode_all(batch, None, None, side)
            assert [cards.encode(m, None, None, side) for m in batch] == [table.encode(m, None, None, side)
                                                                          for m in batch]
    assert cards.encode_all([Select(5), Take(2), Select(1)], None, None, False) == [4, 110, 0]
    assert cards.encode_all([Take(2), Select(5)], None, None, False) == [110, 4]


@pytest.mark.parametrize("move", [Select(105), Select(0), Deal(105)])
def test_card_codec_refuses_a_card_outside_the_table(move: object) -> None:
    players, chance = _tables()
    codec = CardCodec(players, chance, Select, Deal)
    side = type(move) is Deal
    with pytest.raises(AdapterError, match="not in the action table"):
        codec.encode(move, None, None, side)
    with pytest.raises(AdapterError, match="not in the action table"):
        codec.encode_all([Deal(3) if side else Select(3), move], None, None, side)
    with pytest.raises(AdapterError, match="not in the action table"):
        codec.encode(Select(3), None, None, True)  # a choice is no chance outcome


def test_big_five_codec_lists_as_it_numbers_one_move_and_decodes_back() -> None:
    """Along random games: every legal move's action from the list equals its own action
    (exchanges also when remembered, asked twice) and decodes to the move."""
    engine = game_for("bigfive")
    codec = BigFiveCodec()
    rng = random.Random(4)
    checked = 0
    for _ in range(2):
        state = engine.initial_state(2, engine.default_variant())
        order = codec.root_extra(state)
        for _ in range(150):
            actor = engine.current_player(state)
            if actor == TERMINAL:
                break
            if actor != CHANCE:
                moves = engine.legal_moves(state)
                for _ in range(2):
                    listed = codec.encode_all(moves, state, order, False)
                    assert listed == [codec.encode(m, state, order, False) for m in moves]
                assert [codec.decode(a, state, order, False) for a in listed] == list(moves)
                checked += len(moves)
            move = engine.random_move(state, rng, actor)
            after = engine.apply_unchecked(state, move)
            order = codec.next_extra(order, state, move, after)
            state = after
    assert checked > 200


def test_big_five_codec_refuses_plays_it_cannot_number() -> None:
    codec = BigFiveCodec()
    state = bf.make_position("Lp@0,0 Gp@1,0", ["Zp Cb Lb", "Eb"])
    order = ((0, 0), (1, 0))
    with pytest.raises(AdapterError, match="no card that was on the table"):
        codec.encode(bf.parse_move("play Zp@5,5"), state, order, False)
    with pytest.raises(AdapterError, match="shares neither colour nor animal"):
        codec.encode(bf.parse_move("play Cb@2,0"), state, order, False)
    with pytest.raises(AdapterError, match="shares neither colour nor animal"):
        codec.encode(bf.parse_move("play Lp@-1,0"), state, order, False)  # the anchor's own card
    # A fitting play next to both: numbered, and decoded back.
    play = bf.parse_move("play Zp@2,0")
    assert codec.decode(codec.encode(play, state, order, False), state, order, False) == play
