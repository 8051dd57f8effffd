"""Take 5's checked path with its shortcuts (issue 21) decides exactly as the plain one.

``Take5Game.apply`` inlines the one-move check of a deal or a choice, skips it
for the outcome ``sample_chance`` has just drawn, and ``current_player`` /
``_resolve`` reuse a one-entry memo of who acts. Here every candidate move of
the spec in positions along random games (chance outcomes drawn by
``sample_chance`` and picked from the list) is applied with ``check=True`` by
the engine, and the verdict and the successor are compared with a fresh
engine's ``move in legal_moves(state)`` and ``apply_unchecked`` with no memo
filled.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.take5 import GAME, Take5Game
from ruleproof.spec.errors import IllegalMoveError
from ruleproof.spec.take5 import SPEC, Deal, Select, Take5Move, Take5Variant

CONFIGS = [(2, Take5Variant()), (4, Take5Variant(professional=True)), (3, Take5Variant(deck="tactical")),
           (5, Take5Variant(row_choice="auto", end_check="immediate", threshold=20))]


def _fresh_verdict(state: Any, move: Any) -> tuple[bool, Any]:
    fresh = Take5Game()  # no memo, no cache
    legal = move in fresh.legal_moves(state)
    return legal, fresh.apply_unchecked(state, move) if legal else None


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_checked_apply_agrees_with_the_plain_check(players: int, variant: Take5Variant) -> None:
    rng = random.Random(players)
    state = GAME.initial_state(players, variant)
    checked = illegal = 0
    for _ in range(400):
        actor = GAME.current_player(state)
        assert actor == Take5Game().current_player(state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            chosen = GAME.sample_chance(state, rng)
            candidates: list[Take5Move] = [Deal(c) for c in range(1, 106)]
        else:
            moves = GAME.legal_moves(state)
            chosen = moves[rng.randrange(len(moves))]
            candidates = list(SPEC.candidate_moves(state, actor)) + [Select(c) for c in (0, 105)]
        for move in candidates[:: max(1, len(candidates) // 12)] + [chosen]:
            legal, expected = _fresh_verdict(state, move)
            if actor == CHANCE:
                GAME.sample_chance(state, random.Random(0))  # a memo for this state, maybe another card
            try:
                after = GAME.apply(state, move)
            except IllegalMoveError:
                assert not legal, (state, move)
                illegal += 1
            else:
                assert legal and after == expected, (state, move)
                checked += 1
        state = GAME.apply(state, chosen)
    assert checked > 100 and illegal > 100


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_whole_games_through_the_checked_path_follow_the_plain_transitions(
        players: int, variant: Take5Variant) -> None:
    """Played as a client plays (each move applied to the state the last one returned), every memo of the
    last transition is in use: the index ``sample_chance`` drew a deal at, the turn's order that tells
    whether cards remain to place. Each successor must equal a fresh engine's ``apply_unchecked``."""
    rng = random.Random(100 + players)
    state = GAME.initial_state(players, variant)
    turns_ended = 0
    for _ in range(5000):
        actor = GAME.current_player(state)
        if actor == TERMINAL:
            break
        move = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(GAME.legal_moves(state))
        after = GAME.apply(state, move)
        assert after == Take5Game().apply_unchecked(state, move), (state, move)
        turns_ended += state.resolving and not after.resolving
        state = after
    assert state.finished and turns_ended >= 5


def test_illegal_moves_name_their_rules() -> None:
    state = GAME.new_game(3, seed=2)
    held = set(state.hands[0])
    stranger = next(c for c in range(1, 105) if c not in held)
    with pytest.raises(IllegalMoveError) as err:
        GAME.apply(state, Select(stranger))
    assert err.value.rule_ids
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, Deal(1))  # no deal while seats choose
    start = GAME.initial_state(3, Take5Variant())
    GAME.sample_chance(start, random.Random(1))
    first = GAME.apply(start, Deal(7))
    with pytest.raises(IllegalMoveError):
        GAME.apply(first, Deal(7))  # already dealt, although just drawn from the previous state


def test_replacing_a_method_the_shortcuts_stand_in_for_sends_them_the_generic_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``apply`` and ``legal_moves`` read one class flag (``_plain``) instead of comparing methods on
    every call; patching the class, or deriving from it, must still make the replacement decide."""
    state = GAME.new_game(3, seed=4)
    move = GAME.legal_moves(state)[0]
    assert Take5Game._plain and GAME.apply(state, move).chosen != state.chosen

    def refuses_everything(self: Take5Game, state: Any, move: Any) -> bool:
        return False

    monkeypatch.setattr(Take5Game, "is_legal_move", refuses_everything)
    assert not Take5Game._plain and not GAME._plain
    GAME.legal_moves(state)  # the cache of the options made for this state cannot vouch for the move
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, move)
    monkeypatch.undo()
    assert Take5Game._plain
    assert GAME.apply(state, move).chosen != state.chosen

    class Furthest(Take5Game):  # places a card on no row: every too-low rule applies
        @staticmethod
        def _nearest(variant: Take5Variant, rows: Any, card: int) -> Any:
            return ()

    derived = Furthest()
    assert not Furthest._plain and Take5Game._plain
    resolving = state
    while not resolving.resolving:
        resolving = derived.apply(resolving, derived.legal_moves(resolving)[0])
    assert all(type(m).__name__ == "Take" for m in derived.legal_moves(resolving))
    assert any(type(m).__name__ == "Place" for m in Take5Game().legal_moves(resolving)) or \
        all(min(filter(None, resolving.chosen)) < row[-1] for row in resolving.rows)
