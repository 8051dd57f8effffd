"""Every fast playout draws exactly the checked engine's options, under every flag it claims (issue 32, point 8).

For each game's fast ``random_playout`` and each flag of its ``_FAST_FLAGS``
at each value other than the default (every ``Literal`` and ``bool`` value
found from the variant's type hints, chosen values at the bounds for the
numbers, the layout and the handicap), whole fast games replay move by move
through the checked engine to the same terminal state, and positions along a
random checked game are probed: the fast path's first move, over many seeded
runs, is always a legal option and takes every option
(:mod:`fastpaths`). Then, per game, boundary positions searched for along
random checked games (an exact-cost purchase, a move back to the first cell
of the path, a sixth card onto a full row …) are probed the same way, so a
fast path that can never draw such a move fails here. The game ends exactly
where the checked engine ends it: Take 5's thresholds are met exactly in the
games compared here (counted, so the test knows it saw the boundary).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastpaths import (
    Boundary,
    Enough,
    StopAfter,
    boundary_states,
    check_draws_every_option,
    check_playouts_replay,
    checked_states,
    fast_ok,
    first_draws,
    literal_flag_values,
    options,
    spaced,
)
from ruleproof.model.core import TERMINAL
from ruleproof.model.io.inputs import load_layout_file
from ruleproof.model.registry import game_for
from ruleproof.spec import bigfive as bf
from ruleproof.spec import bigpoints as bp
from ruleproof.spec import cinco as ci
from ruleproof.spec import ikebana as ik
from ruleproof.spec import take5 as t5
from ruleproof.spec.cinco_board import layout_digest, layout_to_text

GAMES = ("take5", "cinco", "ikebana", "bigpoints", "bigfive")
#: The player count a flag is tried with when nothing else is said.
PLAYERS = {"take5": 4, "cinco": 3, "ikebana": 3, "bigpoints": 3, "bigfive": 2}
DATA = Path(__file__).resolve().parents[1] / "data"


@dataclass(frozen=True)
class Config:
    game: str
    players: int
    flags: tuple[tuple[str, Any], ...]

    @property
    def variant(self) -> Any:
        return game_for(self.game).variant_type(**dict(self.flags))

    def __str__(self) -> str:
        shown = ",".join(f"{k}={v if k != 'layout_data' else 'small'}" for k, v in self.flags if k != "layout_sha256")
        return f"{self.game}-{self.players}p-{shown}"


def _small_layout() -> dict[str, Any]:
    text = layout_to_text(load_layout_file(DATA / "cinco_layout_small.json"))
    return {"layout_data": text, "layout_sha256": layout_digest(text), "chips": 10}


#: Flags that are numbers, text or tuples: values at their bounds and where the game's shape changes, with
#: the player count (and other flags) each needs.
CHOSEN: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "take5": [
        (4, {"threshold": 10}), (3, {"threshold": 1, "end_check": "immediate"}), (5, {"threshold": 20, "tie": "draw"}),
        (4, {"rows": 1}), (3, {"rows": 8}), (4, {"row_capacity": 1}), (4, {"row_capacity": 10}),
        (4, {"hand_size": 1}), (4, {"hand_size": 20}), (2, {"deck_top": 24}), (4, {"deck_top": 300}),
        (3, {"low_row_keys": ("cards",)}), (4, {"low_row_keys": ("bullheads", "row")}),
    ],
    "cinco": [
        (2, {"chips": 1}), (3, {"chips": 10}), (3, {"first_seat": 2}), (2, _small_layout()),
        (6, {"teams6": "3x2"}), (4, {"chips_out": "all_out", "chips": 6, "must_place": True}),
        (3, {"hand_size": 1}), (2, {"hand_size": 10}), (3, {"line_length": 3}), (2, {"line_length": 6}),
    ],
    "ikebana": [
        (5, {"bank": "finite"}), (5, {"bank": "finite", "shortfall": "end_game"}), (2, {"stall": "skip"}),
        (3, {"values": (1, 1, 2, 2, 3, 3, 4, 4, 5, 5)}), (3, {"bouquet": 3}), (2, {"rounds": 1}),
        (4, {"start_coins": 0}), (3, {"start_coins": 30}), (3, {"two_colour_multiplier": 1}),
        (3, {"rainbow_multiplier": 10}), (3, {"one_colour_multiplier": 1}), (3, {"final_factor": 10}),
    ],
    "bigpoints": [
        (3, {"colour_discs": 1}), (2, {"colour_discs": 20}), (3, {"black_discs": 0}), (2, {"black_discs": 20}),
        (3, {"white_discs": 0}), (3, {"white_discs": 20}),
        (2, {"colour_discs": 2, "black_discs": 1, "white_discs": 0, "no_free_disc": "illegal"}),
        (3, {"step_values": (20, 0, 5, 1, 0)}), (2, {"step_values": (0, 0, 0, 0, 0)}),
    ],
    "bigfive": [
        (2, {"idle_rounds": 1, "children": True}), (3, {"handicap": (5, 10, 15)}), (2, {"rounds": 2, "children": True}),
        (2, {"rounds": 3, "penalty_limit": 20, "children": True}), (5, {"allow_five": True, "children": True}),
        (1, {"children": True, "solo_discard": "optional"}), (1, {"children": True, "solo_rest": "penalty"}),
        (2, {"copies": 1}), (3, {"copies": 8, "children": True}), (2, {"hand_size": 3}),
        (2, {"hand_size": 10, "children": True}), (2, {"kids_deal": 1, "children": True}),
        (2, {"kids_deal": 24, "children": True}), (2, {"max_group": 1}), (2, {"max_group": 2, "children": True}),
        (2, {"bonus_lines": (0, 0, 0, 0, 2, 2), "bonus_group": ()}),
        (3, {"bonus_group": (0, 0, 0, 0, 2), "bonus_cap": 3}),
        (2, {"bonus_lines": (0, 0, 0, 1, 1, 1), "bonus_per": "play", "bonus_cap": 1}),
    ],
}


def _configs() -> list[Config]:
    found = []
    for game_id in GAMES:
        variant_type = game_for(game_id).variant_type
        for flag, values in literal_flag_values(variant_type).items():
            found += [Config(game_id, PLAYERS[game_id], ((flag, value),)) for value in values]
        found += [Config(game_id, players, tuple(flags.items())) for players, flags in CHOSEN[game_id]]
    return found


CONFIGS = _configs()


def _first_for_each_flag(configs: list[Config]) -> list[Config]:
    """The configurations that set some flag of their game no earlier one sets: every flag away from its default once (every
    value of a ``Literal`` or ``bool`` flag comes first, each its own configuration; then the first chosen value
    of each number, text or tuple flag)."""
    seen: set[tuple[str, str]] = set()
    first = []
    for config in configs:
        names = {(config.game, name) for name, _ in config.flags if name != "layout_sha256"}
        if not names <= seen:
            first.append(config)
        seen |= names
    return first


#: The default run's configurations: each flag away from its default at least once (76 of the 105). The others
#: (a flag's further chosen values: the other end of a number's range, more players, a flag combined with one
#: already tried) run under ``-m slow``; every fast-path mutant of the campaign is still killed by the default ones
#: (tests/mutation/campaign.py, issue 36.5).
DEFAULT_CONFIGS = _first_for_each_flag(CONFIGS)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_fast_flag_is_tried(game_id: str) -> None:
    """Each flag the fast path claims is set away from its default in some configuration of the default run (a
    new flag fails until it is tried), and every configuration takes the fast path."""
    game: Any = game_for(game_id)
    tried = {name for c in DEFAULT_CONFIGS if c.game == game_id for name, _ in c.flags}
    assert set(type(game)._FAST_FLAGS) <= tried, sorted(set(type(game)._FAST_FLAGS) - tried)
    for config in (c for c in CONFIGS if c.game == game_id):
        assert game._fast_ok(config.variant), config


#: Positions probed and fast games replayed from the start per flag setting in the default run: four positions
#: (fourteen until issue 36.5, eight until session 43), Big Five's two (four until session 43: a Big Five position
#: offers up to 80 moves, so its probe starts up to 1,920 fast playouts), and one game from the start besides the
#: one from midway (two until session 43). The default run is a check of every flag setting; the boundary
#: positions below probe the rare moves, and every fast-path mutant of the campaign is still killed
#: (tests/mutation/campaign.py --target "fast path"). The slow-marked settings, and the default ones again
#: (:func:`test_fast_playout_draws_the_checked_options_in_full`, also in ``.ci/extra``), take :data:`FULL`.
PROBED = {"bigfive": 2}
DEFAULT_PROBED = 4
PLAYOUTS = 1
#: The probe in full: eight positions of every game, three games replayed from the start.
FULL = (8, 3)


def _check_options(config: Config, positions: int, playouts: int) -> None:
    """Under one flag setting: ``playouts`` fast games replay through the checked engine from the start, and one
    from a position midway through a checked game; at ``positions`` positions spread over that game the fast
    path's first move takes every legal option and nothing else."""
    game = game_for(config.game)
    variant = config.variant
    start = game.initial_state(config.players, variant)
    check_playouts_replay(game, start, range(playouts))
    states = [s for s in checked_states(game, config.players, variant, seed=7) if not game.is_terminal(s)]
    probed = spaced(states, positions)
    for index, state in enumerate(probed):
        check_draws_every_option(game, state, seed=index)
    check_playouts_replay(game, probed[len(probed) // 2], (11,))


@pytest.mark.parametrize("config", [c if c in DEFAULT_CONFIGS else pytest.param(c, marks=pytest.mark.slow)
                                    for c in CONFIGS], ids=str)
def test_fast_playout_draws_the_checked_options(config: Config) -> None:
    """Under one flag setting: fast games replay through the checked engine (from the start and from
    positions along a checked game), and at positions spread over a checked game the fast path's first
    move takes every legal option and nothing else."""
    if config in DEFAULT_CONFIGS:
        _check_options(config, PROBED.get(config.game, DEFAULT_PROBED), PLAYOUTS)
    else:
        _check_options(config, *FULL)


@pytest.mark.slow
@pytest.mark.parametrize("config", DEFAULT_CONFIGS, ids=str)
def test_fast_playout_draws_the_checked_options_in_full(config: Config) -> None:
    """The default run's settings, probed in full (the default run probes fewer positions and replays fewer games)."""
    _check_options(config, *FULL)


# -- boundary positions -----------------------------------------------------------------------------------


def _after(game: Any, state: Any, move: Any) -> Any:
    return game.apply(state, move)


def _ik_exact_purchase(game: Any, s: Any, m: Any) -> bool:
    return type(m) is ik.Buy and ik.card_value(s.piles[m.seat][-1]) == s.coins[s.turn]


def _ik_last_coins_refusal(game: Any, s: Any, m: Any) -> bool:
    return type(m) is ik.Refuse and s.coins[s.turn] == s.refusals + 1


def _ik_partial_refusal(game: Any, s: Any, m: Any) -> bool:
    return type(m) is ik.Refuse and s.coins[s.turn] < s.refusals + 1


def _bp_pawn_to(cell: Any) -> Any:
    def holds(game: Any, s: Any, m: Any) -> bool:
        if type(m) is not bp.Pawn:
            return False
        colour = bp.COLOURS.index(m.colour)
        after = _after(game, s, m)
        target = len(after.path) if cell == "ladder" else cell
        return bool(m.back) == (cell != "ladder") and after.pawns[colour] == target
    return holds


def _bp_take_first_cell(game: Any, s: Any, m: Any) -> bool:
    return type(m) is bp.Take and m.side == "behind" and s.path[0] != bp.TAKEN and \
        _after(game, s, m).path[0] == bp.TAKEN


def _t5_full_row(game: Any, s: Any, m: Any) -> bool:
    return type(m) is t5.Place and len(s.rows[m.row]) >= s.variant.row_capacity


def _ci_own_cell(game: Any, s: Any, m: Any) -> bool:
    return type(m) is ci.Play and m.cell == m.card


def _ci_last_chip(game: Any, s: Any, m: Any) -> bool:
    return type(m) is ci.Play and m.cell > 0 and s.chips[s.turn % len(s.chips)] == 1


def _bf_optional_discard(game: Any, s: Any, m: Any) -> bool:
    return type(m) is bf.Discard and any(type(other) is bf.Play for other in game.legal_moves(s))


V5, VCI, VIK, VBP, VBF = t5.Take5Variant, ci.CincoVariant, ik.IkebanaVariant, bp.BigPointsVariant, bf.BigFiveVariant
BOUNDARIES = [
    Boundary("take5", "a sixth card onto a full row", 4, V5(), _t5_full_row),
    Boundary("take5", "a card onto a full row of one", 4, V5(row_capacity=1), _t5_full_row),
    Boundary("take5", "a card below every row: any row may be taken", 4, V5(), lambda g, s, m: type(m) is t5.Take),
    Boundary("take5", "the automatic row", 4, V5(row_choice="auto"), lambda g, s, m: type(m) is t5.Take),
    Boundary("take5", "a left end as near as the right ends", 5, V5(professional=True),
             lambda g, s, m: type(m) is t5.Place and m.left),
    Boundary("ikebana", "an exact-cost purchase", 3, VIK(), _ik_exact_purchase),
    Boundary("ikebana", "a refusal that costs every coin left", 3, VIK(), _ik_last_coins_refusal),
    Boundary("ikebana", "a partial refusal", 3, VIK(partial_refusal=True), _ik_partial_refusal),
    Boundary("ikebana", "an exact-cost purchase, finite bank", 5, VIK(bank="finite"), _ik_exact_purchase),
    Boundary("bigpoints", "a move back to the first cell of the path", 3, VBP(), _bp_pawn_to(0)),
    Boundary("bigpoints", "a move back to the start", 3, VBP(back_to_start=True), _bp_pawn_to(-1)),
    Boundary("bigpoints", "a pawn onto the ladder", 3, VBP(), _bp_pawn_to("ladder")),
    Boundary("bigpoints", "the free disc behind on the first cell", 3, VBP(), _bp_take_first_cell),
    Boundary("bigpoints", "no free disc on either side", 2, VBP(colour_discs=2, black_discs=1, white_discs=0),
             lambda g, s, m: m == bp.Take("none")),
    Boundary("bigpoints", "a black disc spent", 3, VBP(), lambda g, s, m: m == bp.Black(True)),
    Boundary("bigpoints", "a black disc spent before the move", 3, VBP(extra_timing="before"),
             lambda g, s, m: m == bp.Black(True)),
    Boundary("cinco", "a card onto the cell of its own number", 3, VCI(chips=10), _ci_own_cell),
    Boundary("cinco", "the joker onto a cell below its number", 3, VCI(joker=True, chips=10),
             lambda g, s, m: type(m) is ci.Play and 0 < m.cell < m.card),
    Boundary("cinco", "a card burnt", 3, VCI(chips=10), lambda g, s, m: type(m) is ci.Play and m.cell == 0),
    Boundary("cinco", "an exchange of a full hand", 3, VCI(), lambda g, s, m: m == ci.EXCHANGE),
    Boundary("cinco", "a colour's last chip", 3, VCI(chips=6), _ci_last_chip),
    Boundary("cinco", "must place: a placement beside a burnable card", 3, VCI(chips=10, must_place=True),
             _ci_own_cell),
    Boundary("bigfive", "an exchange of the whole hand", 2, VBF(exchange="whole_hand", children=True),
             lambda g, s, m: type(m) is bf.Exchange),
    Boundary("bigfive", "a pass", 2, VBF(pass_rule="always", children=True), lambda g, s, m: type(m) is bf.Pass),
    Boundary("bigfive", "a group of three", 2, VBF(children=True),
             lambda g, s, m: type(m) is bf.Play and len(m.placed) == 3),
    Boundary("bigfive", "solitaire: a discard", 1, VBF(children=True), lambda g, s, m: type(m) is bf.Discard),
    Boundary("bigfive", "solitaire: an optional discard beside a play", 1,
             VBF(children=True, solo_discard="optional"), _bf_optional_discard),
]


@pytest.mark.parametrize("boundary", BOUNDARIES, ids=str)
def test_fast_playout_draws_every_option_at_a_boundary(boundary: Boundary) -> None:
    """Positions where a boundary move is legal are found along random checked games, and the fast
    path's first move there takes every legal option (the boundary move among them)."""
    game = game_for(boundary.game)
    found = boundary_states(game, boundary)
    assert found, f"no position with {boundary.name} in 60 random games: the search must reach it"
    for index, state in enumerate(found):
        counts = check_draws_every_option(game, state, seed=index)
        drawn = [m for m in counts if boundary.holds(game, state, m)]
        assert drawn, f"{boundary}: the boundary move was never drawn at {state!r}"


def test_take5_thresholds_are_met_exactly_and_end_the_game_there() -> None:
    """Fast games at small thresholds, replayed: a game ends at the first check where a total reaches the
    threshold under '>=' and passes it under '>' (the checked engine's verdict); games whose highest total
    equals the threshold exactly are among them under both end rules and both end checks, on both fast
    paths (four rows unrolled; the general one, which the professional variant takes), and under '>='
    games whose *highest* total is exactly the threshold (the boundary itself: hands of three cards make
    small rounds, so a round often ends there)."""
    game = game_for("take5")
    exact: dict[tuple[str, str, bool], int] = {}
    at_boundary: dict[tuple[str, bool], int] = {}
    for professional in (False, True):
        for end_rule in (">=", ">"):
            for end_check in ("round", "immediate"):
                for threshold in (3, 8, 15):
                    for hand_size in (10, 3):
                        variant = V5(threshold=threshold, end_rule=end_rule, end_check=end_check,
                                     professional=professional, hand_size=hand_size)
                        start = game.initial_state(3, variant)
                        for final in check_playouts_replay(game, start, range(8)):
                            totals = [s + t5.compute_pile_points(p) for s, p in zip(final.scores, final.piles)]
                            if threshold in totals:
                                key = (end_rule, end_check, professional)
                                exact[key] = exact.get(key, 0) + 1
                            if end_rule == ">=" and max(totals) == threshold:
                                at_boundary[end_check, professional] = at_boundary.get((end_check, professional), 0) + 1
    assert set(exact) == {(r, c, p) for r in (">=", ">") for c in ("round", "immediate") for p in (False, True)}, exact
    assert set(at_boundary) == {(c, p) for c in ("round", "immediate") for p in (False, True)}, at_boundary


# -- the probe itself can fail ------------------------------------------------------------------------------


def test_invalid_fast_path_that_never_draws_an_exact_cost_purchase_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted bug (a purchase needs one coin more than the card's value, in the fast path only) keeps every
    drawn game legal, and the boundary probe fails."""
    game: Any = game_for("ikebana")
    boundary = next(b for b in BOUNDARIES if b.name == "an exact-cost purchase")
    state = boundary_states(game, boundary, wanted=1)[0]
    check_draws_every_option(game, state)
    buy = next(m for m in game.legal_moves(state) if _ik_exact_purchase(game, state, m))
    real = type(game).random_playout

    def never_exact(self: Any, s: Any, rng: random.Random, trace: Any = None) -> Any:
        if s is state and isinstance(trace, StopAfter):  # the bug at this position: a draw in place of the buy
            moves = [m for m in game.legal_moves(s) if m != buy]
            trace.append(moves[rng.randrange(len(moves))])
        return real(self, s, rng, trace)

    monkeypatch.setattr(type(game), "random_playout", never_exact)
    with pytest.raises(AssertionError, match="never drew"):
        check_draws_every_option(game, state)


def test_invalid_trace_after_the_end_and_early_stop_are_caught() -> None:
    from fastpaths import replay_trace

    game = game_for("take5")
    start = game.initial_state(3, V5(threshold=5))
    trace: list[Any] = []
    final, _ = game.random_playout(start, random.Random(1), trace)
    short = start
    for move in trace[:-1]:
        short = game.apply(short, move)
    with pytest.raises(AssertionError, match="before the end"):  # a fast path that stops one move early
        replay_trace(game, start, trace[:-1], short)
    with pytest.raises(AssertionError, match="after the end"):  # one move too many
        replay_trace(game, start, [*trace, trace[-1]], final)


def test_stop_after_stops_every_fast_playout_at_its_first_move() -> None:
    """The probe's trace stops each engine's fast path at once (the first move drawn, nothing applied)."""
    for game_id in GAMES:
        game = game_for(game_id)
        state = next(s for s in checked_states(game, PLAYERS[game_id], game.default_variant(), seed=3)
                     if game.current_player(s) >= 0)
        assert fast_ok(game, state)
        trace = StopAfter(1)
        with pytest.raises(Enough):
            game.random_playout(state, random.Random(0), trace)
        assert len(trace) == 1 and trace[0] in options(game, state)
        assert sum(first_draws(game, state, 5).values()) == 5
        after = game.apply(state, trace[0])  # the engine is left usable: the checked path goes on from here
        assert game.current_player(after) != TERMINAL or game.is_terminal(after)


@pytest.mark.parametrize("game_id", ["take5", "ikebana", "bigpoints", "bigfive"])
def test_fast_playout_stops_at_the_games_bound(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each fast loop counts its moves against ``max_game_length``: a playout that runs past it (a bug
    that never ends the game) raises instead of hanging. (Cinco has no finite bound: drawing and
    exchanging may go on for ever, ambiguity CI-AMB-10; pytest-timeout bounds its tests.)"""
    game: Any = game_for(game_id)
    start = game.initial_state(PLAYERS[game_id], game.default_variant())
    assert fast_ok(game, start)
    final, steps = game.random_playout(start, random.Random(2))
    assert game.is_terminal(final) and steps <= game.max_game_length(PLAYERS[game_id], game.default_variant())
    monkeypatch.setattr(game, "max_game_length", lambda players, variant: 3)
    with pytest.raises(RuntimeError, match="ran past the game's bound of 3 moves"):
        game.random_playout(start, random.Random(2))


def test_take5_without_a_guaranteed_pile_card_has_no_length_bound() -> None:
    """With one card a hand, four seats, four rows of five, every card played may stay on the rows: a round
    can score nothing, so no finite bound exists (a fast game of 4,384 moves was found past the old bound
    of 4,256); with the rulebook's numbers the bound is finite and holds."""
    import sys

    game = game_for("take5")
    assert game.max_game_length(4, V5(hand_size=1)) == sys.maxsize
    start = game.initial_state(4, V5(hand_size=1))
    lengths = [game.random_playout(start, random.Random(seed))[1] for seed in range(3)]
    assert max(lengths) > 4256
    assert game.max_game_length(4, V5()) < sys.maxsize


def test_invalid_endless_fast_playout_fails_instead_of_hanging(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cinco's fast loop has no bound of its own (no finite one exists): the comparison's trace bounds it."""
    import fastpaths

    game = game_for("cinco")
    start = game.initial_state(2, VCI(chips=10))
    monkeypatch.setattr(fastpaths, "PLAYOUT_CAP", 5)
    with pytest.raises(AssertionError, match="ran past 5 moves"):
        check_playouts_replay(game, start, (0,))
