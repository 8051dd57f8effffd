"""The Take 5 reduced configurations' roots: every card of the deal in exactly one place.

:func:`~ruleproof.checkers.explore.statespace._take5_roots` builds the deck once for all the roots
of a configuration; here each root's deck is recomputed plainly as the cards of the variant's deck
found in no hand and no row, and the roots are checked to be every split of the configuration's cards.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from ruleproof.checkers.explore import statespace as ss
from ruleproof.spec.take5 import deck_cards


@pytest.mark.parametrize("name,flags", [("small", {}), ("fullrow", {}), ("fullrow", {"professional": True})])
def test_each_root_deck_is_the_rest_of_the_cards(name: str, flags: dict[str, Any]) -> None:
    config = ss.config_for("take5", name, **flags)
    roots = config.initial_states()
    assert len(set(roots)) == len(roots)
    everything = deck_cards(config.variant, config.players)
    for root in roots:
        placed = {c for hand in root.hands for c in hand} | {c for row in root.rows for c in row}
        assert root.deck == tuple(c for c in everything if c not in placed)
    # Every way to pick the rows' single cards and to split the rest in two equal hands.
    cards = len({c for hand in roots[0].hands for c in hand} | {c for row in roots[0].rows for c in row if len(row) == 1})
    singles = sum(1 for row in roots[0].rows if len(row) == 1)
    half = len(roots[0].hands[0])
    assert len(roots) == math.comb(cards, singles) * math.comb(cards - singles, half)
