"""The independent certificate checker declares the rule constants it implements; they are the spec's.

The checker imports nothing of ruleproof's (a referee installs it alone), so it
writes the rulebook's numbers itself, once, in its ``IMPLEMENTS`` table. Here
that table is compared with the game's table of rule constants, and each of
the checker's derived tables (a card's bullheads …) with the spec's for every
card.
"""

from __future__ import annotations

import importlib

import pytest

from ruleproof.spec.core import ConstantTable

GAMES_WITH_DECLARATIONS = ("take5", "bigpoints")


@pytest.mark.parametrize("game_id", GAMES_WITH_DECLARATIONS)
def test_declared_constants_are_the_spec_constants(game_id: str) -> None:
    checker = importlib.import_module(f"ruleproof.checkers.certcheck.{game_id}")
    table: ConstantTable = importlib.import_module(f"ruleproof.spec.{game_id}").CONSTANTS
    declared = checker.IMPLEMENTS
    assert declared, game_id
    for name, value in declared.items():
        assert table.constant(name).value == value, name


def test_take5_checker_bullheads_equal_the_spec_for_every_card() -> None:
    from ruleproof.checkers.certcheck import take5 as checker
    from ruleproof.spec import take5 as spec

    assert [checker._bullheads(c) for c in range(1, spec.DECK_TOP + 1)] == \
        [spec.compute_bullheads(c) for c in range(1, spec.DECK_TOP + 1)]


def test_bigpoints_checker_implements_the_flag_ranges_of_the_spec() -> None:
    """The checker's ranges of the path's make-up are the spec's bounds, and a value outside them is refused."""
    from ruleproof.checkers.certcheck import bigpoints as checker
    from ruleproof.checkers.certcheck.schema import CertificateFormatError
    from ruleproof.spec import bigpoints as spec

    for flag, (low, high) in checker.RANGES.items():
        constant = spec.CONSTANTS.constant(flag)
        assert (constant.low, constant.high) == (low, high), flag
        variant = {name: spec.CONSTANTS.constant(name).value for name in checker.RANGES}
        checker.RULES.check_variant({**variant, flag: high}, {})
        for bad in (low - 1, high + 1, str(high), True):
            with pytest.raises(CertificateFormatError, match=f"variant.{flag}"):
                checker.RULES.check_variant({**variant, flag: bad}, {})
    assert checker.RULES.flags["step_values"] is None  # scores only: legality never reads them


def test_invalid_declaration_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof.checkers.certcheck import take5 as checker

    monkeypatch.setitem(checker.IMPLEMENTS, "rows", 5)
    with pytest.raises(AssertionError):
        test_declared_constants_are_the_spec_constants("take5")
