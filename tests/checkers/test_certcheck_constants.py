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

GAMES_WITH_DECLARATIONS = ("take5", "bigfive")


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


def test_bigfive_checker_cards_and_deals_equal_the_spec() -> None:
    """The checker's card codes (card by card, both ways) and its deal plan (deck sizes and setup length, for
    every player count of the even, children's and handicap deals) are the spec's."""
    from ruleproof.checkers.certcheck import bigfive as checker
    from ruleproof.spec import bigfive as spec

    assert [checker.code(c) for c in range(spec.KINDS)] == [spec.card_code(c) for c in range(spec.KINDS)]
    assert [checker.card_id(spec.card_code(c)) for c in range(spec.KINDS)] == list(range(spec.KINDS))
    variants = [spec.BigFiveVariant(allow_five=True), spec.BigFiveVariant(children=True, allow_five=True)]
    for players in range(spec.MIN_PLAYERS, spec.MAX_PLAYERS + 1):
        for variant in [*variants, spec.BigFiveVariant(handicap=tuple(range(1, players + 1)), allow_five=True)]:
            state = {"players": players, "variant": {"handicap": list(variant.handicap), "children": variant.children}}
            assert checker._sizes(state) == list(spec.deal_sizes(variant, players))
            assert checker._setup_length(state) == spec.setup_length(variant, players)


def test_bigfive_checker_implements_the_spec_bounds_of_every_parameter() -> None:
    """The rule constants a Big Five variant may set: the checker implements exactly the spec's bounds."""
    from ruleproof.checkers.certcheck import bigfive as checker
    from ruleproof.spec import bigfive as spec

    bounded = {c.name: (c.low, c.high) for c in spec.CONSTANTS if c.low is not None and c.name != "rounds"}
    assert checker.PARAMETERS == bounded
    for name, (low, high) in bounded.items():
        assert checker.RULES.flags[name] == tuple(range(low, high + 1))


def test_invalid_declaration_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof.checkers.certcheck import take5 as checker

    monkeypatch.setitem(checker.IMPLEMENTS, "rows", 5)
    with pytest.raises(AssertionError):
        test_declared_constants_are_the_spec_constants("take5")
