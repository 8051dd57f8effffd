"""The rules added when coverage went down to sentences (issue 34).

Each test breaks its rule on purpose: a transition that the rule forbids must
be reported with the rule's id, and the engine's own transition must not be.
"""

from __future__ import annotations

import pytest

from ruleproof.model.take5 import GAME as TAKE5
from ruleproof.spec.take5 import SPEC as TAKE5_SPEC
from ruleproof.spec.take5 import Place, Select, Take5State, Take5Variant, deck_cards


def _take5_position(resolving: bool) -> Take5State:
    """A two-player Take 5 round in its first turn, every card dealt and 96 cards set aside."""
    variant = Take5Variant()
    rows = ((10,), (20,), (30,), (40,))
    hands, chosen = (((1,), (2,)), (50, 60)) if resolving else (((1, 50), (2, 60)), (0, 0))
    used = {c for r in rows for c in r} | {c for h in hands for c in h} | set(chosen)
    deck = tuple(c for c in deck_cards(variant, 2) if c not in used)
    return Take5State(variant, 2, 1, deck, 24, hands, rows, chosen, resolving, ((), ()), (0, 0), False)


@pytest.mark.rule("T5-DEAL-3")
@pytest.mark.parametrize("resolving", [False, True], ids=["choosing", "placing"])
def test_take5_undealt_cards_stay_set_aside(resolving: bool) -> None:
    """«Остальная колода откладывается для будущих раундов.»: a player's move leaves the undealt cards alone."""
    state = _take5_position(resolving)
    move = Place(3) if resolving else Select(50)
    after = TAKE5.apply(state, move)
    assert after.deck == state.deck and len(state.deck) == 104 - 2 * 2 - 4
    assert "T5-DEAL-3" not in TAKE5_SPEC.check_transition(state.variant, state, 0, move, after).rule_ids
    for cheat in (after._replace(deck=after.deck[1:]), after._replace(deck=after.deck[::-1])):
        report = TAKE5_SPEC.check_transition(state.variant, state, 0, move, cheat)
        assert "T5-DEAL-3" in report.rule_ids, report
