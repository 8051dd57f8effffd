"""The switch ``RULEPROOF_SPEC_ACCEL``: on, the registry hands out accelerated specs; off, only plain ones."""

from __future__ import annotations

from ruleproof.spec.accel.core import ENABLED, AcceleratedSpec
from ruleproof.spec.registry import GAME_IDS, spec_for
from ruleproof.spec.take5 import compute_whose_turn


def test_the_switch_decides_what_the_registry_hands_out() -> None:
    kinds = {g: isinstance(spec_for(g), AcceleratedSpec) for g in GAME_IDS}
    if ENABLED:
        assert kinds["take5"]
    else:
        assert not any(kinds.values()), kinds
        assert not hasattr(compute_whose_turn, "__wrapped__")  # no memory attached to a plain calculation
