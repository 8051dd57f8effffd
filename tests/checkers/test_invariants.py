"""Take 5 invariants over many random games, and their refutation under the professional variant."""

from __future__ import annotations

import pytest

from ruleproof.checkers.checks.invariants import PROPERTY_BY_ID, check_property
from ruleproof.model.take5 import GAME
from ruleproof.spec.take5 import Take5Variant


@pytest.mark.rule("T5-ORDER-1", "T5-LOW-1")
@pytest.mark.parametrize("players", [2, 4, 7, 10])
@pytest.mark.parametrize("prop_id", ["T5-INV-1", "T5-INV-2"])
def test_invariants_hold_over_many_random_games(prop_id: str, players: int) -> None:
    """Only the lowest revealed card can be too low; no card is equally close to two rows."""
    for variant in (Take5Variant(), Take5Variant(row_choice="auto", deck="tactical")):
        result = check_property(GAME, PROPERTY_BY_ID[prop_id], players, variant, games=40, seed=players)
        assert result.verdict == "holds", result.message
        assert result.states > 1000


@pytest.mark.parametrize("prop_id", ["T5-INV-1", "T5-INV-2"])
def test_invariants_fail_in_the_professional_variant_with_a_replayable_witness(prop_id: str) -> None:
    variant = Take5Variant(professional=True)
    prop = PROPERTY_BY_ID[prop_id]
    result = check_property(GAME, prop, 4, variant, games=50, seed=0)
    assert result.verdict == "refuted" and result.as_expected
    state = GAME.replay(4, variant, [GAME.parse_move(m) for m in result.witness])
    assert prop.check(state) == result.message
