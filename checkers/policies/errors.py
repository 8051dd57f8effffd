"""The policies' error: a policy that cannot be built or cannot play a game is bad input (exit 2)."""

from __future__ import annotations

from ruleproof.spec.errors import RuleproofError

__all__ = ["PolicyError"]


class PolicyError(RuleproofError):
    """A policy cannot be built or cannot play this game (bad input: exit 2)."""
