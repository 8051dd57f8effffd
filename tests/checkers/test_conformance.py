"""The generic conformance checklist on every game, and proof that it can fail."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.checks.conformance import check_state, run_conformance
from ruleproof.model.registry import available_games, game_for
from ruleproof.model.take5 import GAME as TAKE5
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.take5 import Place, Take5Variant

ROOT = Path(__file__).resolve().parents[2]
#: Games whose own engine tests (tests/model/test_<game>.py::test_conformance, the mutation campaign's selection)
#: already run this checklist on every test configuration, with more games per configuration: here their first
#: configuration only, so the checklist still runs on every game without repeating those runs.
CHECKED_PER_CONFIGURATION = ("bigpoints", "cinco", "ikebana")
CONFIGS = [
    pytest.param(game_id, players, variant, id=f"{game_id}-{players}p-{index}")
    for game_id in available_games()
    for index, (players, variant) in enumerate(game_for(game_id).test_configs())
    if index == 0 or game_id not in CHECKED_PER_CONFIGURATION
]


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS)
def test_engine_conforms_to_spec(game_id: str, players: int, variant: Any) -> None:
    result = run_conformance(game_for(game_id), players, variant, games=1, seed=11, candidate_every=2)
    assert result.ok, "\n".join(map(str, result.problems))
    assert result.games == 1 and result.moves > 0


class NearestIsFurthest(Take5Game):
    """A broken engine: places a fitting card on the furthest row instead of the nearest."""

    def legal_moves(self, state: Any) -> Any:
        moves = super().legal_moves(state)
        if state.resolving and moves and isinstance(moves[0], Place):
            card = state.chosen[self.current_player(state)]
            fits = [r for r, row in enumerate(state.rows) if row[-1] < card]
            return (Place(min(fits, key=lambda r: state.rows[r][-1])),)
        return moves


class ForgetsTheSixthCard(Take5Game):
    """A broken engine: rows grow past five cards."""

    def _resolve(self, state: Any, move: Any) -> Any:
        after = super()._resolve(state, move)
        row = state.rows[move.row]
        if isinstance(move, Place) and len(row) >= 5:
            card = min(c for c in state.chosen if c)
            rows = list(after.rows)
            rows[move.row] = row + (card,)
            return after._replace(rows=tuple(rows), piles=state.piles)
        return after


class LeaksCards(Take5Game):
    """A broken engine: the dealt card is removed from the deck but put nowhere."""

    def _deal(self, state: Any, card: int) -> Any:
        after = super()._deal(state, card)
        return after._replace(hands=state.hands) if after.dealt == 1 else after


@pytest.mark.parametrize(("engine", "check"), [
    (NearestIsFurthest(), "engine-subset-spec"),
    (ForgetsTheSixthCard(), "effects"),
    (LeaksCards(), "conservation"),
])
def test_invalid_engines_are_caught(engine: Take5Game, check: str) -> None:
    result = run_conformance(engine, 4, Take5Variant(), games=2, seed=3)
    assert not result.ok
    assert check in {p.check for p in result.problems}


def test_check_state_reports_a_broken_serialisation() -> None:
    class Forgetful(Take5Game):
        def deserialize(self, data: Any) -> Any:
            return super().deserialize(data)._replace(round=99)

    state = TAKE5.new_game(2, seed=1)
    assert check_state(TAKE5, state) == []
    assert "serialise" in {c for c, _ in check_state(Forgetful(), state)}


@pytest.mark.parametrize("game_id", CHECKED_PER_CONFIGURATION)
def test_games_sampled_here_run_the_checklist_on_every_configuration_in_their_own_tests(game_id: str) -> None:
    """The reason the configurations above are sampled: the game's own tests keep the run on every one of them."""
    source = (ROOT / "tests" / "model" / f"test_{game_id}.py").read_text("utf-8")
    assert "GAME.test_configs()" in source and "def test_conformance(" in source and "run_conformance(GAME" in source
