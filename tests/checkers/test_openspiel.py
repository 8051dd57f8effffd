"""The OpenSpiel adapter: OpenSpiel's own random-simulation test on every game,
action codecs, parameters, observations, serialisation and an MCTS smoke test.

Skipped as a whole when ``pyspiel`` (the ``openspiel`` extra) is not installed.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from ruleproof.checkers.interop import codecs  # noqa: E402
from ruleproof.checkers.interop import openspiel as adapter  # noqa: E402
from ruleproof.model.registry import available_games, game_for  # noqa: E402

GAMES = ("take5", "bigpoints", "ikebana", "cinco", "bigfive")
CHANCE = int(pyspiel.PlayerId.CHANCE)


def _configs() -> list[Any]:
    """Every game's own test configurations: two or more player counts and every flag.

    The default run simulates two of each game (:func:`_in_the_default_run`); the others are ``slow``
    (together they cost half a minute of CPU, ``-m slow`` runs them).
    """
    params = []
    for game_id in GAMES:
        if game_id not in available_games():
            continue
        configs = game_for(game_id).test_configs()
        defaults = adapter.parameter_specification(game_id)  # once per game: every xdist worker collects this
        for index, (players, variant) in enumerate(configs):
            label = f"{game_id}-{players}p-" + ",".join(
                f"{k}={v}" for k, v in adapter.parameters_for(game_id, players, variant).items()
                if k != "players" and v != defaults[k]
            )
            marks = () if _in_the_default_run(index, configs) else (pytest.mark.slow,)
            params.append(pytest.param(game_id, players, variant, id=label.rstrip("-"), marks=marks))
    return params


def _in_the_default_run(index: int, configs: Any) -> bool:
    """The first configuration (the rulebook's game), the first with two or more seats (when the first is a
    solo game) and the last (the most flags) of a game's test configurations. The last is at another player
    count than the first in every game; the first configuration at the next player count, which the default
    run also simulated until session 42, is ``slow`` (about 1.5 s of CPU).

    >>> [_in_the_default_run(i, [(2, "a"), (2, "b"), (3, "a"), (4, "a"), (4, "c")]) for i in range(5)]
    [True, False, False, False, True]
    >>> [_in_the_default_run(i, [(1, "a"), (2, "a"), (3, "a"), (1, "c")]) for i in range(4)]
    [True, True, False, True]
    """
    seats = next((i for i, (players, _) in enumerate(configs) if players >= 2), 0)
    return index in (0, seats, len(configs) - 1)


def _play(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# --------------------------------------------------------------------------
# OpenSpiel's own checks


@pytest.mark.parametrize(("game_id", "players", "variant"), _configs())
def test_random_sim_test_passes(game_id: str, players: int, variant: Any) -> None:
    game = adapter.load(game_id, players, variant)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_every_available_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for game_id in available_games():
        assert adapter.game_name(game_id) in names
    assert adapter.register() == tuple(adapter.game_name(g) for g in available_games())  # idempotent


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_passes_at_two_or_more_player_counts(game_id: str) -> None:
    counts = {players for players, _ in game_for(game_id).test_configs() if players >= 2}
    assert len(counts) >= 2


# --------------------------------------------------------------------------
# Parameters, game type and game info


def test_parameters_are_players_and_every_flag() -> None:
    spec = adapter.parameter_specification("take5")
    assert spec == {
        "players": 2, "end_rule": "ge", "threshold": 66, "end_check": "round", "row_choice": "player",
        "deck": "standard", "professional": False, "tie": "shared", "rows": 4, "row_capacity": 5, "hand_size": 10,
        "deck_top": 104, "low_row_keys": "", "reading": "",
    }


def test_game_string_round_trips_and_loads_the_variant() -> None:
    game = pyspiel.load_game("ruleproof_take5(players=3,end_rule=gt,threshold=30)")
    assert game.num_players() == 3
    assert game.context.variant.end_rule == ">" and game.context.variant.threshold == 30
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.context is game.context


def test_comparison_values_may_be_given_as_symbols() -> None:
    game = pyspiel.load_game("ruleproof_take5", {"end_rule": ">"})
    assert "end_rule=gt" in str(game) and game.context.variant.end_rule == ">"


def test_tuple_flags_are_slash_separated() -> None:
    game = pyspiel.load_game("ruleproof_bigfive", {"players": 3, "handicap": "5/10/15"})
    assert game.context.variant.handicap == (5, 10, 15)
    one = adapter.parameters_for("bigfive", 1, game_for("bigfive").variant_type(handicap=(7,)))
    assert one["handicap"] == "7/"
    assert pyspiel.load_game("ruleproof_bigfive", one).context.variant.handicap == (7,)


def test_game_info_is_derived_from_players_and_variant() -> None:
    plain = adapter.load("take5", 3)
    v = game_for("take5").variant_type
    pro = adapter.load("take5", 3, v(professional=True))
    tactical = adapter.load("take5", 3, v(deck="tactical"))
    assert plain.num_distinct_actions() == 104 + 4 + 4
    assert pro.num_distinct_actions() == 104 + 8 + 4
    assert tactical.num_distinct_actions() == 34 + 4 + 4 and tactical.max_chance_outcomes() == 34
    assert "3 players" in plain.get_type().long_name and "professional=True" in pro.get_type().long_name
    assert adapter.load("ikebana", 4).num_distinct_actions() == 3 + 4
    assert plain.max_game_length() == game_for("take5").max_game_length(3, v())
    assert (plain.min_utility(), plain.max_utility(), plain.utility_sum()) == (0.0, 1.0, 1.0)


def test_solitaire_is_general_sum() -> None:
    game = adapter.load("bigfive", 1)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert adapter.load("bigfive", 2).get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM


def test_unbounded_game_declares_the_largest_length() -> None:
    assert adapter.load("cinco", 2).max_game_length() == adapter.MAX_LENGTH


def test_invalid_player_count_is_refused() -> None:
    with pytest.raises(Exception, match=r"is for 2-10 players; got players=11"):
        adapter.load("take5", 11)


def test_invalid_flag_value_is_refused() -> None:
    with pytest.raises(Exception, match="end_rule"):
        pyspiel.load_game("ruleproof_take5", {"end_rule": "sometimes"})


def test_invalid_unknown_parameter_is_refused() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("ruleproof_take5", {"colour": "red"})


# --------------------------------------------------------------------------
# Actions


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_agree_with_the_engine_moves(game_id: str) -> None:
    rng = random.Random(3)
    engine = game_for(game_id)
    players, variant = engine.test_configs()[1]
    game = adapter.load(game_id, players, variant)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 400:
        actor = state.current_player()
        legal = state.legal_actions()
        moves = engine.legal_moves(state.engine_state)
        assert legal == sorted(set(legal)) and len(legal) == len(moves)
        bound = game.max_chance_outcomes() if actor == CHANCE else game.num_distinct_actions()
        assert all(0 <= a < bound for a in legal)
        assert sorted(state.move_of(a) for a in legal) == sorted(moves)
        for a in legal:
            text = state.action_to_string(actor, a)
            assert text == str(state.move_of(a)) and state.action_of(text) == a
        if actor == CHANCE:
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == legal and abs(sum(p for _, p in outcomes) - 1) < 1e-9
        _play(state, rng, 1)
        steps += 1


def test_action_strings_are_the_move_text_forms() -> None:
    game = adapter.load("take5", 2, game_for("take5").variant_type(deck="tactical"))
    state = game.new_initial_state()
    assert state.action_to_string(CHANCE, 0) == "deal 1"
    _play(state, random.Random(1), 24)
    hand = state.engine_state.hands[0]
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == [f"play {c}" for c in hand]


def test_invalid_action_is_refused_with_the_legal_ones() -> None:
    state = adapter.load("bigpoints", 2).new_initial_state()
    _play(state, random.Random(0), 60)
    assert not state.is_chance_node()
    illegal = next(a for a in range(15) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(illegal)


def test_multiset_ranks_follow_lexicographic_order() -> None:
    for size in (1, 2, 3):
        everything = list(itertools.combinations_with_replacement(range(6), size))
        assert [codecs._multiset_rank(m, 6) for m in everything] == list(range(len(everything)))
        assert [codecs._multiset_unrank(i, 6, size) for i in range(len(everything))] == everything


def test_big_five_play_shapes_are_lines_of_at_most_five() -> None:
    from ruleproof.spec import bigfive as bf

    shapes = codecs._play_shapes(bf.MAX_LINE, bf.MAX_GROUP, bf.ANIMAL_COUNT, bf.COLOUR_COUNT)
    assert len(shapes) == len(set(shapes))
    for shape in shapes:
        offsets = [o for o, _, _ in shape]
        assert 0 not in offsets and max(offsets + [0]) - min(offsets + [0]) <= 4 and 1 <= len(shape) <= 4
        if len(shape) > 1:
            assert len({f for _, f, _ in shape}) == 1 and len({s for _, _, s in shape}) == len(shape)


def test_big_five_play_actions_are_relative_to_an_anchor_card() -> None:
    from ruleproof.spec import bigfive as bf

    codec = adapter.BigFiveCodec()
    state = bf.make_position("Lp@0,0 Gp@1,0", ["Zp Cp Lb", "Eb"])
    order = ((0, 0), (1, 0))
    play = bf.parse_move("play Zp@2,0 Cp@3,0")
    action = codec.encode(play, state, order, False)
    assert codec.decode(action, state, order, False) == play
    # Anchor 0 (the start card), horizontal, cells 2 and 3 to its right.
    assert (action - codec.base_play) // len(codec.shapes) == 0
    # The number stays the same when cards are added elsewhere.
    later = bf.make_position("Lp@0,0 Gp@1,0 Lb@0,1", ["Zp Cp", "Eb"])
    assert codec.encode(play, later, order + ((0, 1),), False) == action
    # A single card with only a vertical neighbour is numbered on the vertical axis.
    down = bf.parse_move("play Lb@0,1")
    vertical = codec.encode(down, state, order, False)
    assert (vertical - codec.base_play) // len(codec.shapes) == 1
    assert codec.decode(vertical, state, order, False) == down


def test_big_five_placement_order_follows_the_plays() -> None:
    game = adapter.load("bigfive", 2, game_for("bigfive").variant_type(children=True))
    state = game.new_initial_state()
    rng = random.Random(5)
    plays = 0
    while not state.is_terminal() and plays < 6:
        before = state._node.extra
        was_play = False
        if not state.is_chance_node():
            move = state.move_of(rng.choice(state.legal_actions()))
            was_play = type(move).__name__ == "Play"
            state.apply_action(state.action_of(move))
            if was_play:
                plays += 1
                assert state._node.extra == before + tuple(p.cell for p in move.placed)
        else:
            _play(state, rng, 1)
        assert sorted(state._node.extra) == sorted(p.cell for p in state.engine_state.board)


# --------------------------------------------------------------------------
# Observations


def _deal(game: Any, cards: list[int]) -> Any:
    state = game.new_initial_state()
    for card in cards:
        state.apply_action(state.action_of(f"deal {card}"))
    return state


def test_information_state_hides_what_a_seat_cannot_see() -> None:
    game = adapter.load("take5", 3)
    mine, theirs, third, rows = list(range(1, 11)), list(range(11, 21)), list(range(21, 31)), [31, 32, 33, 34]
    a = _deal(game, mine + theirs + third + rows)
    b = _deal(game, mine + list(range(41, 51)) + third + rows)  # seat 1 holds other cards
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    # Seat 0 sees its own hand and the rows.
    c = _deal(game, [41] + mine[1:] + theirs + third + rows)
    assert c.information_state_string(0) != a.information_state_string(0)
    d = _deal(game, mine + theirs + third + [32, 31, 33, 34])
    assert d.information_state_string(0) != a.information_state_string(0)
    # Seat 1's face-down choice shows to the others only as "hidden" until all have chosen.
    a.apply_action(a.action_of("play 1"))
    e1, e2 = a.clone(), a.clone()
    e1.apply_action(e1.action_of("play 11"))
    e2.apply_action(e2.action_of("play 12"))
    for seat in (0, 2):
        assert e1.information_state_string(seat) == e2.information_state_string(seat)
        assert e1.observation_string(seat) == e2.observation_string(seat)
    assert e1.information_state_string(1) != e2.information_state_string(1)
    assert e1.information_state_string(1).endswith(e1.information_state_string(1).splitlines()[-1])
    assert e1.information_state_string(1).splitlines()[-1].startswith("you play 11 ")


def test_information_state_is_perfect_recall() -> None:
    game = adapter.load("ikebana", 3)
    state = game.new_initial_state()
    rng = random.Random(2)
    seen: dict[int, list[str]] = {s: [] for s in range(3)}
    for _ in range(80):
        for seat in range(3):
            info = state.information_state_string(seat)
            if seen[seat]:
                assert info.startswith(seen[seat][-1]) and info != seen[seat][-1]
            seen[seat].append(info)
        _play(state, rng, 1)
    first = seen[0][0].splitlines()[0]
    assert first.startswith("ruleproof_ikebana seat 0 start {")
    assert any(line.startswith("you draw") for line in seen[0][-1].splitlines())


@pytest.mark.parametrize("game_id", GAMES)
def test_public_fields_are_the_same_for_every_seat(game_id: str) -> None:
    """The fields the adapter calls public (all but the declared private ones) never differ between seats."""
    engine = game_for(game_id)
    private = adapter._ADAPTERS[game_id].private
    differing: set[str] = set()
    for players, variant in engine.test_configs()[:3]:
        if players < 2:
            continue
        state = adapter.load(game_id, players, variant).new_initial_state()
        rng = random.Random(players)
        while not state.is_terminal() and len(state.history()) < 600:
            views = [engine.observation(state.engine_state, seat) for seat in range(players)]
            for key in views[0]:
                if any(v[key] != views[0][key] for v in views[1:]):
                    differing.add(key)
            _play(state, rng, 7)
    assert differing <= private, f"seat-specific fields not declared private: {sorted(differing - private)}"
    assert {"seat", "hand"} <= private


def test_public_and_private_observations_split_the_observation() -> None:
    from open_spiel.python.observation import make_observation

    game = adapter.load("ikebana", 3)
    state = _play(game.new_initial_state(), random.Random(6), 40)
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    full = json.loads(state.observation_string(1))
    shared = json.loads(public.string_from(state, 0))
    own = json.loads(private.string_from(state, 1))
    assert shared == json.loads(public.string_from(state, 2))
    assert {**shared, **own} == full and set(own) == {"seat", "hand", "drawn"}


def test_openspiel_playthrough_generates() -> None:
    from open_spiel.python.algorithms import generate_playthrough

    text = generate_playthrough.playthrough(
        "ruleproof_bigpoints(players=2,colour_discs=2,black_discs=1,white_discs=0)", action_sequence=None,
        alsologtostdout=False,
    )
    assert "PublicObservationString() = " in text and "# Apply action \"lay " in text
    assert "Returns() = [" in text


def test_observation_string_is_the_engine_observation() -> None:
    game = adapter.load("cinco", 3)
    state = _play(game.new_initial_state(), random.Random(4), 30)
    for seat in range(3):
        assert json.loads(state.observation_string(seat)) == game_for("cinco").observation(state.engine_state, seat)


@pytest.mark.parametrize("game_id", ["take5", "bigpoints", "ikebana", "cinco"])
def test_observation_tensors_have_a_fixed_size(game_id: str) -> None:
    engine = game_for(game_id)
    for players, variant in engine.test_configs()[:4]:
        game = adapter.load(game_id, players, variant)
        size = game.observation_tensor_size()
        state = game.new_initial_state()
        rng = random.Random(players)
        for _ in range(6):
            _play(state, rng, 15)
            for seat in range(players):
                tensor = state.observation_tensor(seat)
                assert len(tensor) == size and all(v == v for v in tensor)


def test_observation_tensor_shows_the_own_hand() -> None:
    from open_spiel.python.observation import make_observation

    game = adapter.load("take5", 2, game_for("take5").variant_type(deck="tactical"))
    state = _deal(game, list(range(1, 25)))
    observation = make_observation(game)
    observation.set_from(state, 1)
    assert [i + 1 for i, v in enumerate(observation.dict["hand"]) if v] == list(range(11, 21))
    assert observation.dict["rows"][2][22] == 1 and observation.dict["hidden_choice"].sum() == 0


def test_games_without_a_fixed_size_observation_have_no_tensor() -> None:
    assert not adapter.load("bigfive", 2).get_type().provides_observation_tensor


# --------------------------------------------------------------------------
# Cloning and serialisation


def test_clones_are_independent() -> None:
    state = _play(adapter.load("take5", 3).new_initial_state(), random.Random(1), 40)
    clone = state.clone()
    _play(clone, random.Random(2), 10)
    assert len(clone.history()) == len(state.history()) + 10
    assert state.engine_state != clone.engine_state


@pytest.mark.parametrize("game_id", GAMES)
def test_serialisation_replays_the_history(game_id: str) -> None:
    engine = game_for(game_id)
    players, variant = engine.test_configs()[-1]
    game = adapter.load(game_id, players, variant)
    state = _play(game.new_initial_state(), random.Random(7), 150)
    text = pyspiel.serialize_game_and_state(game, state)
    loaded_game, loaded = pyspiel.deserialize_game_and_state(text)
    assert str(loaded_game) == str(game)
    assert loaded.history() == state.history()
    assert loaded.engine_state == state.engine_state
    assert engine.serialize(loaded.engine_state) == engine.serialize(state.engine_state)
    assert loaded.information_state_string(0) == state.information_state_string(0)


# --------------------------------------------------------------------------
# Playing with OpenSpiel's algorithms

#: Small configurations so that MCTS with random rollouts stays fast.
SMOKE = {
    "take5": (2, {"deck": "tactical", "threshold": 10}),
    "bigpoints": (2, {"colour_discs": 3, "black_discs": 1, "white_discs": 1}),
    "ikebana": (2, {}),
    "cinco": (2, {"chips": 8}),
    "bigfive": (2, {"children": True}),
}


def _mcts_cases() -> list[Any]:
    """Each game with the bot in one seat, the seats taking turns game by game; the other seat is ``slow``
    (session 42: the default run played both seats of every game, about 0.9 s of CPU more)."""
    return [pytest.param(game_id, seat, id=f"{game_id}-seat{seat}",
                         marks=() if seat == index % 2 else (pytest.mark.slow,))
            for index, game_id in enumerate(GAMES) for seat in range(2)]


@pytest.mark.parametrize(("game_id", "seat"), _mcts_cases())
def test_mcts_bot_plays_against_a_random_bot(game_id: str, seat: int) -> None:
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import evaluate_bots, mcts

    players, flags = SMOKE[game_id]
    game = adapter.load(game_id, players, game_for(game_id).variant_type(**flags))
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    opponent = pyspiel.make_uniform_random_bot(1 - seat, seat)
    bots = [bot, opponent] if seat == 0 else [opponent, bot]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2 and abs(sum(returns) - 1.0) < 1e-9 and all(0.0 <= r <= 1.0 for r in returns)


def test_cpp_mcts_bot_plays_the_python_game() -> None:
    game = pyspiel.load_game("ruleproof_bigpoints(players=2,colour_discs=3,black_discs=1,white_discs=1)")
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 10, 1000, False, 0, False)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [bot, pyspiel.make_uniform_random_bot(1, 1)], 3)
    assert sorted(returns) in ([0.0, 1.0], [0.5, 0.5])
