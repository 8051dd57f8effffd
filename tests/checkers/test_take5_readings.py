"""Take 5 readings as data: the ``tie`` flag under conformance and records, and a
house rule derived through the too-low-card hook (issue 17 items 1 and 4).

The house rule "a too-low card takes one of the rows with the fewest cards" is
defined here, in a few lines, from :class:`ruleproof.spec.take5.LowCardRows`
and :meth:`ruleproof.model.take5.Take5Game.too_low_rows`; the conformance
checker then shows its spec and its engine agree.
"""

from __future__ import annotations

from ruleproof.checkers.checks.conformance import run_conformance
from ruleproof.model.io.records import make_record, parse_record
from ruleproof.model.take5 import GAME, Take5Game
from ruleproof.spec.core import variant_from_mapping
from ruleproof.spec.take5 import LowCardRows, Take, Take5State, Take5Variant, build_spec, deck_cards

# -- the derived game: a few lines, no copy of the engine ---------------------------------


class FewestCards(LowCardRows):
    """House rule: a too-low card takes one of the rows holding the fewest cards (owner's choice among them)."""

    text = "The owner of a too-low card takes one of the rows with the fewest cards."

    def rows(self, variant: Take5Variant, rows: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        least = min(len(r) for r in rows)
        return tuple(i for i, r in enumerate(rows) if len(r) == least)


class FewestCardsGame(Take5Game):
    spec = build_spec(FewestCards(), name="take5-fewest-cards", title="Take 5, fewest-cards house rule")

    def too_low_rows(self, state: Take5State) -> tuple[int, ...]:
        sizes = [len(r) for r in state.rows]
        return tuple(i for i, n in enumerate(sizes) if n == min(sizes))


class ForgetfulGame(Take5Game):
    """Declares the house rule's spec but forgets to override the engine hook."""

    spec = FewestCardsGame.spec


HOUSE = FewestCardsGame()


def _resolving(rows: tuple[tuple[int, ...], ...], variant: Take5Variant = Take5Variant()) -> Take5State:
    """Seat 0 resolves the too-low card 2; seat 1 waits with 95."""
    used = {c for r in rows for c in r} | {2, 95, 1, 3}
    deck = tuple(c for c in deck_cards(variant, 2) if c not in used)
    return Take5State(variant, 2, 1, deck, 24, ((1,), (3,)), rows, (2, 95), True, ((), ()), (0, 0), False)


def test_house_rule_changes_the_rows_a_too_low_card_may_take() -> None:
    state = _resolving(((55,), (10, 11, 12), (30, 31), (40,)))
    # text reading: any row; house rule: rows 1 and 4 (one card each)
    assert GAME.legal_moves(state) == (Take(0), Take(1), Take(2), Take(3))
    assert HOUSE.legal_moves(state) == (Take(0), Take(3))
    assert GAME.spec.is_legal(state.variant, state, 0, Take(1))
    assert HOUSE.spec.check_move(state.variant, state, 0, Take(1)).rule_ids == ("T5-LOW-3",)
    assert HOUSE.spec.is_legal(state.variant, state, 0, Take(3))
    # the hook replaces row_choice="auto" as well: the derived rule is the only one
    auto = state._replace(variant=Take5Variant(row_choice="auto"))
    assert GAME.legal_moves(auto) == (Take(3),)  # fewest bullheads: 40 has 3, 55 has 7
    assert HOUSE.legal_moves(auto) == (Take(0), Take(3))
    assert "fewest cards" in HOUSE.spec.rule("T5-LOW-3").text


def test_house_rule_spec_and_engine_agree_under_conformance() -> None:
    result = run_conformance(HOUSE, 3, Take5Variant(deck="tactical", threshold=12), games=2, seed=5)
    assert result.ok, [str(p) for p in result.problems]
    assert result.games == 2


def test_invalid_house_rule_engine_without_the_hook_is_caught() -> None:
    """The conformance check can fail: an engine that keeps the text's row choice disagrees with the house spec."""
    result = run_conformance(ForgetfulGame(), 4, Take5Variant(deck="tactical", threshold=30), games=3, seed=1)
    assert not result.ok
    assert {p.check for p in result.problems} == {"engine-subset-spec"}
    assert all("T5-LOW-3" in p.message for p in result.problems)


# -- the tie flag: records and conformance ------------------------------------------------


def test_tie_flag_round_trips_through_records() -> None:
    variant = Take5Variant(tie="draw")
    record = parse_record(make_record("take5", 2, variant, []).dumps())
    assert record.variant["tie"] == "draw"
    assert variant_from_mapping(Take5Variant, record.variant) == variant
    assert variant_from_mapping(Take5Variant, {"tie": "draw"}, from_text=True) == variant


def test_conformance_under_tie_draw() -> None:
    for players, seed in ((2, 0), (4, 3)):
        result = run_conformance(GAME, players, Take5Variant(tie="draw", deck="tactical", threshold=10), games=2, seed=seed)
        assert result.ok, [str(p) for p in result.problems]
