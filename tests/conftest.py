"""Shared fixtures: where the rulebooks are, and the games that exist."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"


def rulebooks_dir() -> Path:
    """The source rulebooks: ``$RULEPROOF_RULEBOOKS`` or ``../shared/rulebooks`` beside the checkout."""
    env = os.environ.get("RULEPROOF_RULEBOOKS")
    return Path(env) if env else ROOT.parent / "shared" / "rulebooks"


@pytest.fixture(scope="session")
def rulebooks() -> Path:
    path = rulebooks_dir()
    if not path.is_dir():
        pytest.fail(f"rulebooks not found at {path}; set RULEPROOF_RULEBOOKS")
    return path

# Every run records, through pytest's own collection, which test carries which
# @pytest.mark.rule / @pytest.mark.example (tests/test_rule_index.py checks the
# shipped index against it).
pytest_plugins = ["ruleproof.checkers.analysis.ruleindex"]
