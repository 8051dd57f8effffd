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

GAMES_WITH_DECLARATIONS = ("take5", "ikebana")


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


def test_ikebana_checker_deck_equals_the_spec_card_by_card() -> None:
    from ruleproof.checkers.certcheck import ikebana as checker
    from ruleproof.spec import ikebana as spec

    assert tuple(checker.FULL_DECK) == spec.FULL_DECK
    assert checker.START_COINS == spec.START_COINS and checker.COLOURS == spec.COLOURS


def test_ikebana_checker_ranges_are_the_spec_bounds() -> None:
    """The numbers a certificate's variant may give, as the checker implements them: the spec's bounds."""
    from ruleproof.checkers.certcheck import ikebana as checker
    from ruleproof.spec import ikebana as spec

    for name, entry in checker.RULES.flags.items():
        if isinstance(entry, checker.Within):
            constant = spec.CONSTANTS.constant(name)
            assert (entry.span.low, entry.span.high) == (constant.low, constant.high), name
    assert checker.RULES.flags["values"].length == spec.MAX_COLOUR_CARDS  # type: ignore[union-attr]


def test_invalid_declaration_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof.checkers.certcheck import take5 as checker

    monkeypatch.setitem(checker.IMPLEMENTS, "rows", 5)
    with pytest.raises(AssertionError):
        test_declared_constants_are_the_spec_constants("take5")
