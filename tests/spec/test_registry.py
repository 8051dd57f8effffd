"""The game registry: one descriptor per game, a missing part reported by name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ruleproof.spec import registry
from ruleproof.spec.registry import (
    GAME_IDS,
    GameParts,
    MissingPartError,
    UnknownGameError,
    game_ids,
    has_part,
    load_part,
    parts_for,
    register_game,
)


@pytest.fixture
def partial_game() -> Iterator[GameParts]:
    """A game that has a specification (borrowed from Take 5) and nothing else."""
    parts = GameParts(id="halfgame", spec="ruleproof.spec.take5", proofs="ruleproof.checkers.proofs.nosuchgame")
    register_game(parts)
    yield parts
    registry._REGISTERED.pop("halfgame", None)


def test_builtin_games_have_every_part() -> None:
    for game in GAME_IDS:
        for part in ("spec", "engine", "proofs", "certcheck", "renderer"):
            assert has_part(game, part), (game, part)
        assert parts_for(game).questions


def test_a_missing_part_is_reported_by_name(partial_game: GameParts) -> None:
    assert "halfgame" in game_ids()
    with pytest.raises(MissingPartError, match="'halfgame' has no engine part"):
        load_part("halfgame", "engine")
    # A module that is named but does not exist is a missing part too, not a ModuleNotFoundError.
    with pytest.raises(MissingPartError, match="no proofs part.*nosuchgame not found"):
        load_part("halfgame", "proofs")
    assert has_part("halfgame", "spec") and not has_part("halfgame", "renderer")


def test_a_missing_part_reaches_the_commands_as_a_ruleproof_error(partial_game: GameParts) -> None:
    from ruleproof.checkers.proofs.core import extractor_for
    from ruleproof.spec.errors import RuleproofError

    with pytest.raises(RuleproofError):
        extractor_for("halfgame")


def test_unknown_game_and_taken_id() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'take6'"):
        parts_for("take6")
    with pytest.raises(Exception, match="already taken"):
        register_game(GameParts(id="take5", spec="ruleproof.spec.bigfive"))


def test_unknown_part_name() -> None:
    with pytest.raises(ValueError, match="unknown part 'picture'"):
        parts_for("take5").module_name("picture")
