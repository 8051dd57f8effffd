"""Cinco's and Take 5's fast paths equal their plain definitions.

``candidate_moves`` hands out move objects built once per configuration, and
Take 5's ``observation`` builds its lists with ``map``; both are compared, on
states along random games of every test configuration, with the plain forms
they replaced (fresh moves in the same order; the comprehension-built
observation) (Cinco's changed candidate table is noticed in tests/spec/test_accel_cinco.py). Both engines' components
(names from tables) equal the names formatted on the spot, in the same order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from ruleproof.model.registry import game_for
from ruleproof.spec import cinco as ci
from ruleproof.spec import take5 as t5
from ruleproof.spec.core import CHANCE


def plain_take5_candidates(state: t5.Take5State, actor: int) -> list[Any]:
    universe = t5.deck_cards(state.variant, state.players)
    if actor == CHANCE:
        return [t5.Deal(c) for c in universe]
    moves: list[Any] = [t5.Select(c) for c in universe]
    moves += [t5.Place(r, left) for r in range(state.variant.rows) for left in (False, True)]
    moves += [t5.Take(r) for r in range(state.variant.rows)]
    return moves


def plain_cinco_candidates(state: ci.CincoState, actor: int) -> list[Any]:
    cards = ci.deck_cards(state.variant)
    if actor == CHANCE:
        return [ci.Deal(c) for c in cards]
    hand = state.hands[actor] if 0 <= actor < state.players else ()
    moves: list[Any] = [ci.EXCHANGE, ci.DRAW]
    moves += [ci.Play(c, 0) for c in cards]
    moves += [ci.Play(c, n) for c in hand for n in range(1, len(cards) + 1)]
    return moves


PLAIN = {"take5": plain_take5_candidates, "cinco": plain_cinco_candidates}


def states_along_random_games(game_id: str, steps: int = 120, seed: int = 5) -> Iterator[tuple[Any, Any, int]]:
    """``(game, state, actor)`` along one random game of every test configuration, every actor including
    chance, plus every seat (not only the one to act) at every seventh state."""
    game = game_for(game_id)
    rng = random.Random(seed)
    for players, variant in game.test_configs():
        state = game.initial_state(players, variant)
        for index in range(steps):
            actor = game.current_player(state)
            if actor < CHANCE:
                break
            yield game, state, actor
            if index % 7 == 0:
                for seat in range(players):
                    yield game, state, seat
            state = game.apply(state, game.random_move(state, rng, actor))


@pytest.mark.parametrize("game_id", sorted(PLAIN))
def test_candidates_equal_the_plain_enumeration(game_id: str) -> None:
    plain = PLAIN[game_id]
    kinds: set[type[Any]] = set()
    for game, state, actor in states_along_random_games(game_id):
        got = game.spec.candidate_moves(state, actor)
        expected = plain(state, actor)
        assert got == expected, (game_id, actor)
        assert list(map(type, got)) == list(map(type, expected))
        kinds.update(map(type, got))
        got.append(None)  # a new list each call: the caller's changes do not reach the next call
        assert game.spec.candidate_moves(state, actor) == expected
    assert len(kinds) == 4  # every move class was enumerated


def plain_take5_observation(state: t5.Take5State, seat: int, current_player: int) -> dict[str, Any]:
    revealed = state.resolving or state.finished
    return {
        "seat": seat,
        "round": state.round,
        "current_player": current_player,
        "rows": [list(r) for r in state.rows],
        "hand": list(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "chosen": [
            (c if (revealed or s == seat) else (None if c == 0 else "hidden")) if c else None
            for s, c in enumerate(state.chosen)
        ],
        "piles": [list(p) for p in state.piles],
        "scores": list(state.scores),
        "deck_size": len(state.deck),
    }


def test_take5_observations_equal_the_plain_form() -> None:
    seen: set[str] = set()
    for game, state, _ in states_along_random_games("take5"):
        for seat in (-1, *range(state.players)):
            got = game.observation(state, seat)
            assert got == plain_take5_observation(state, seat, game.current_player(state)), seat
            assert [type(v) for v in got["chosen"]] == [type(v) for v in plain_take5_observation(
                state, seat, 0)["chosen"]]
            seen.update(str(v) for v in got["chosen"] if not isinstance(v, int))
    assert seen == {"None", "hidden"}  # both hidden and empty places were seen (and own or revealed cards)


def test_take5_observation_of_seat_minus_one_hides_the_last_seats_card() -> None:
    game = game_for("take5")
    state = game.initial_state(3, t5.Take5Variant())
    odd = state._replace(chosen=(0, 5, 9), resolving=False)
    for seat in (-1, 0, 1, 2):
        assert game.observation(odd, seat) == plain_take5_observation(odd, seat, game.current_player(odd))
    assert game.observation(odd, -1)["chosen"] == [None, "hidden", "hidden"]


@pytest.mark.parametrize("game_id", sorted(PLAIN))
def test_rules_move_classes_keep_their_promise_and_the_reports(game_id: str) -> None:
    """A legality rule's ``moves`` names every class it can apply to (``move_class_disagreements`` finds
    none on every candidate of random states, for every seat and chance), and the spec with the classes
    reports and decides exactly what the spec without them does."""
    import dataclasses

    from ruleproof.spec.core import Step, move_class_disagreements

    spec = game_for(game_id).spec
    plain = dataclasses.replace(spec, rules=tuple(dataclasses.replace(r, moves=()) for r in spec.rules))
    with_classes = [r for r in spec.legality_rules if r.moves]
    assert len(with_classes) >= 6
    fired: set[str] = set()
    for index, (game, state, actor) in enumerate(states_along_random_games(game_id, steps=40)):
        variant = game.variant_of(state)
        moves = spec.candidate_moves(state, actor)
        if index % 40:
            moves = moves[index % 31::31] + moves[-12:]  # a sample, and the last moves (Take 5's rows)
        for other in (CHANCE, 0):  # moves offered to the wrong actor too
            moves += spec.candidate_moves(state, other)[index % 37::37]
        for move in moves:
            step = Step(variant, state, actor, move)
            assert move_class_disagreements(spec.legality_rules, step) == (), move
            fired.update(r.id for r in with_classes if r.applies(step))
            assert spec.check_move(variant, state, actor, move) == plain.check_move(variant, state, actor, move)
            assert spec.is_legal(variant, state, actor, move) == plain.is_legal(variant, state, actor, move)
    assert fired == {r.id for r in with_classes}  # every rule with classes applied somewhere


@pytest.mark.parametrize("game_id", sorted(PLAIN))
def test_a_rule_with_a_wrong_move_class_is_found(game_id: str) -> None:
    import dataclasses

    from ruleproof.spec.core import Step, move_class_disagreements

    game = game_for(game_id)
    spec = game.spec
    rule = next(r for r in spec.legality_rules if r.moves)
    wrong = dataclasses.replace(rule, moves=(type(None),))
    found = False
    for _, state, actor in states_along_random_games(game_id, steps=40):
        for move in spec.candidate_moves(state, actor):
            found = found or bool(move_class_disagreements((wrong,), Step(game.variant_of(state), state, actor, move)))
    assert found


def plain_components(game_id: str, state: Any) -> list[tuple[str, str]]:
    """Every component and its place, each name formatted on the spot (the form the tables replaced)."""
    if game_id == "take5":
        found = [(str(c), "deck") for c in state.deck]
        found += [(str(c), f"hand {s}") for s, hand in enumerate(state.hands) for c in hand]
        found += [(str(c), f"chosen {s}") for s, c in enumerate(state.chosen) if c]
        found += [(str(c), f"row {r + 1}") for r, row in enumerate(state.rows) for c in row]
        return found + [(str(c), f"pile {s}") for s, pile in enumerate(state.piles) for c in pile]
    names = ci.COLOUR_NAMES
    found = [(f"card {c}", "deck") for c in state.deck]
    found += [(f"card {c}", f"hand {s}") for s, hand in enumerate(state.hands) for c in hand]
    found += [(f"card {c}", f"discards {s}") for s, pile in enumerate(state.discards) for c in pile]
    found += [(f"{names[k]} chip", f"cell {n}") for n, k in enumerate(state.board, start=1) if k != ci.FREE]
    return found + [(f"{names[k]} chip", "stock") for k, left in enumerate(state.chips) for _ in range(left)]


@pytest.mark.parametrize("game_id", ["take5", "cinco"])
def test_components_equal_the_plain_form(game_id: str) -> None:
    """The components (names from tables, runs by zip/repeat) are the plain form's, in its order, on every
    test configuration's states, and on a state holding cards no table knew yet (numbers past the deck)."""
    checked = 0
    for game, state, _ in states_along_random_games(game_id, steps=80):
        assert list(game.components(state)) == plain_components(game_id, state)
        checked += 1
    assert checked > 500
    stray = state._replace(deck=(*state.deck, 5001, 5002))
    assert list(game.components(stray)) == plain_components(game_id, stray)
    assert list(game.components(stray))[len(state.deck):len(state.deck) + 2] == [
        ("card 5001" if game_id == "cinco" else "5001", "deck"),
        ("card 5002" if game_id == "cinco" else "5002", "deck")]
