"""The independent certificate checker declares the rule constants it implements; they are the spec's.

The checker imports nothing of ruleproof's (a referee installs it alone), so it
writes the rulebook's numbers itself, once, in its ``IMPLEMENTS`` table. Here
that table is compared with the game's table of rule constants, and each of
the checker's derived tables (a card's bullheads …) with the spec's for every
card. Games whose checker writes other tables of its own (Ikebana's deck, coins
and prices, BigPoints' colours, letters and path) are compared entry by entry
too, the prices through the checker's own verdict at the exact cost and one
coin below it.
"""

from __future__ import annotations

import importlib

import pytest

from ruleproof.spec.core import ConstantTable

GAMES_WITH_DECLARATIONS = ("take5", "cinco", "bigpoints", "bigfive", "ikebana")


@pytest.mark.parametrize("game_id", GAMES_WITH_DECLARATIONS)
def test_declared_constants_are_the_spec_constants(game_id: str) -> None:
    checker = importlib.import_module(f"ruleproof.checkers.certcheck.{game_id}")
    table: ConstantTable = importlib.import_module(f"ruleproof.spec.{game_id}").CONSTANTS
    declared = checker.IMPLEMENTS
    assert declared, game_id
    for name, value in declared.items():
        assert table.constant(name).value == value, name


@pytest.mark.parametrize("game_id", GAME_IDS_WITH_BOUNDS := ("take5",))
def test_declared_bounds_are_the_spec_bounds(game_id: str) -> None:
    """The values the checker implements for each rule-constant flag are the spec's bounds."""
    checker = importlib.import_module(f"ruleproof.checkers.certcheck.{game_id}")
    table: ConstantTable = importlib.import_module(f"ruleproof.spec.{game_id}").CONSTANTS
    bounded = {c.name: (c.low, c.high) for c in table if c.low is not None}
    assert checker.CONSTANT_BOUNDS == bounded


def test_take5_checker_bullheads_equal_the_spec_for_every_card() -> None:
    from ruleproof.checkers.certcheck import take5 as checker
    from ruleproof.spec import take5 as spec

    assert [checker._bullheads(c) for c in range(1, spec.DECK_TOP + 1)] == \
        [spec.compute_bullheads(c) for c in range(1, spec.DECK_TOP + 1)]


def test_cinco_checker_player_counts_and_colours_equal_the_spec() -> None:
    """The checker's derived tables: the player counts CI-SETUP-1 accepts and the colours of every count."""
    from ruleproof.checkers.certcheck import cinco as checker
    from ruleproof.spec import cinco as spec

    assert checker.PLAYER_COUNTS == spec.PLAYER_COUNTS
    for players in range(spec.MIN_PLAYERS, spec.MAX_PLAYERS + 1):
        for teams6 in ("2x3", "3x2"):
            state = {"players": players, "variant": {"teams6": teams6}}
            assert checker._colours(state) == spec.colours_in_game(players, spec.CincoVariant(teams6=teams6)), \
                (players, teams6)


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


def test_ikebana_checker_deck_equals_the_spec_card_by_card() -> None:
    from ruleproof.checkers.certcheck import ikebana as checker
    from ruleproof.spec import ikebana as spec

    assert tuple(checker.FULL_DECK) == spec.FULL_DECK
    assert checker.START_COINS == spec.START_COINS and checker.COLOURS == spec.COLOURS


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


def test_cinco_checker_judges_the_hand_size_of_the_certificate_and_refuses_what_it_does_not_implement() -> None:
    """Under hand_size=3 a hand of three exchanges and cannot draw (the default hand of four would say the
    opposite); the checker's declared hand sizes are the spec's bounds, and a value past them is refused."""
    from ruleproof.checkers.certcheck import CertificateFormatError, check_certificate
    from ruleproof.checkers.certcheck import cinco as checker
    from ruleproof.checkers.proofs.core import prove_state
    from ruleproof.model.cinco import GAME
    from ruleproof.spec import cinco as spec

    bounds = spec.CONSTANTS.constant("hand_size")
    assert checker.HAND_SIZES == tuple(range(bounds.low or 0, (bounds.high or 0) + 1))
    variant = spec.CincoVariant(hand_size=3)
    state = GAME.initial_state(2, variant)
    while GAME.current_player(state) == spec.CHANCE:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert len(state.hands[0]) == 3
    verdicts = {}
    for move in (spec.EXCHANGE, spec.DRAW):
        cert = prove_state(GAME, state, 0, move)
        result = check_certificate(cert)
        assert result.ok, result.reasons
        verdicts[str(move)] = cert["verdict"]
    assert verdicts == {"exchange": "legal", "draw": "illegal"}
    cert = prove_state(GAME, state, 0, spec.EXCHANGE)
    for wrong in (bounds.high + 1 if bounds.high else 0, True):
        cert["variant"] = {**cert["variant"], "hand_size": wrong}
        with pytest.raises(CertificateFormatError, match=r"\$\.variant\.hand_size"):
            check_certificate(cert)


def test_ikebana_checker_ranges_are_the_spec_bounds() -> None:
    """The numbers a certificate's variant may give, as the checker implements them: the spec's bounds."""
    from ruleproof.checkers.certcheck import ikebana as checker
    from ruleproof.spec import ikebana as spec

    for name, entry in checker.RULES.flags.items():
        if isinstance(entry, checker.Within):
            constant = spec.CONSTANTS.constant(name)
            assert (entry.span.low, entry.span.high) == (constant.low, constant.high), name
    assert checker.RULES.flags["values"].length == spec.MAX_COLOUR_CARDS  # type: ignore[union-attr]


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


# -- every game's own tables, card by card and cell by cell (issue 32, point 8) ----------------------------


def test_ikebana_checker_deck_coins_and_colours_equal_the_spec() -> None:
    """Ikebana's checker writes its deck (copies per value, colours) and the starting coins itself."""
    from ruleproof.checkers.certcheck import ikebana as checker
    from ruleproof.spec import ikebana as spec

    assert checker.IMPLEMENTS["values"] == spec.VALUES  # how many copies of each value, in the spec's order
    assert checker.FULL_DECK == list(spec.FULL_DECK)  # card by card, in the spec's sorted order
    assert checker.START_COINS == spec.START_COINS


def _ikebana_buy(card: str, coins: int, players: int = 3) -> dict[str, bool]:
    """The checker's verdicts on seat 0 buying ``card`` from the top of seat 1's pile with ``coins``."""
    from ruleproof.checkers.certcheck import ikebana as checker
    from ruleproof.model.registry import game_for
    from ruleproof.spec import ikebana as spec

    game = game_for("ikebana")
    state = game.initial_state(players, spec.IkebanaVariant())
    deck = list(state.deck)
    deck.remove(card)
    coins_now = list(state.coins)
    coins_now[0] = coins
    piles = [list(p) for p in state.piles]
    piles[1] = [card]
    state = state._replace(deck=tuple(deck), piles=tuple(tuple(p) for p in piles), coins=tuple(coins_now))
    data = game.serialize(state)
    return {rule: holds for rule, holds, _ in checker.RULES.evaluate(data, 0, ("buy", 1))}


def test_ikebana_checker_prices_every_card_as_the_spec() -> None:
    """For every card of the deck: with exactly its value in coins the purchase is legal (IK-BUY-2), with one
    coin less it is not; the spec and the engine agree."""
    from ruleproof.model.registry import game_for
    from ruleproof.spec import ikebana as spec
    from ruleproof.spec.ikebana import Buy

    game = game_for("ikebana")
    for card in spec.CARD_KINDS:
        value = spec.card_value(card)
        assert _ikebana_buy(card, value)["IK-BUY-2"], card
        assert not _ikebana_buy(card, value - 1)["IK-BUY-2"], card
        state = game.initial_state(3, spec.IkebanaVariant())
        deck = list(state.deck)
        deck.remove(card)
        exact = state._replace(deck=tuple(deck), piles=((), (card,), ()),
                               coins=(value, *state.coins[1:]))
        assert Buy(1) in game.legal_moves(exact), card


def test_ikebana_checker_player_counts_equal_the_spec() -> None:
    from ruleproof.checkers.certcheck import ikebana as checker
    from ruleproof.model.registry import game_for
    from ruleproof.spec import ikebana as spec

    data = game_for("ikebana").serialize(game_for("ikebana").initial_state(2, spec.IkebanaVariant()))
    for players in range(0, spec.MAX_PLAYERS + 3):
        verdicts = {r: h for r, h, _ in checker.RULES.evaluate({**data, "players": players}, 0, ("draw", None))}
        assert verdicts["IK-SETUP-1"] == (spec.MIN_PLAYERS <= players <= spec.MAX_PLAYERS), players


def test_bigpoints_checker_colours_letters_and_path_equal_the_spec() -> None:
    """BigPoints' checker names the colours and their letters itself, and derives the path's size and
    composition from the variant: equal to the spec's for every letter and every disc count in bounds."""
    from ruleproof.checkers.certcheck import bigpoints as checker
    from ruleproof.spec import bigpoints as spec

    assert checker.COLOURS == spec.COLOURS
    assert checker.LETTERS == spec.LETTERS
    assert checker.DISCS == (*spec.COLOURS, "black", "white")
    assert (checker.BLACK, checker.DISCS.index("white")) == (spec.BLACK, spec.WHITE)
    for colour in range(1, spec.MAX_COLOUR_DISCS + 1):
        for special in (0, 1, spec.MAX_SPECIAL_DISCS):
            if colour == 1 and special == 0:
                continue  # no disc on the path: refused by the variant
            variant = spec.BigPointsVariant(colour_discs=colour, black_discs=special, white_discs=special)
            flags = {"colour_discs": colour, "black_discs": special, "white_discs": special}
            assert checker._size(flags) == spec.path_size(variant), flags
            assert checker._composition(flags) == list(spec.path_composition(variant)), flags
