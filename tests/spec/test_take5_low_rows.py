"""Take 5's too-low card as data (issue 31.2): which rows it may take is the flag ``low_row_keys``.

The text lets the owner of a too-low card take any row (T5-LOW-3,
§ СЛИШКОМ НИЗКАЯ КАРТА: «…он должен собрать все карты из ряда по своему
выбору»); ``row_choice="auto"`` is one order of the rows (fewest bullheads,
then cards, then the lowest row); ``low_row_keys`` is any such order, the
owner choosing among the rows tied on it. The tutorial's house rule "a
too-low card takes one of the rows with the fewest cards" is
``low_row_keys = ["cards"]``: here it is held to the tutorial's plugin
(docs/howto/reading/fewest.py), and every layer (spec, engine, fast playout,
certificate checker) to the spec.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.certcheck import CertificateFormatError, check_certificate, state_sha256
from ruleproof.checkers.proofs.core import prove_state
from ruleproof.model.core import CHANCE, Game
from ruleproof.model.io.readings import load_reading, reading_from_flags
from ruleproof.model.take5 import GAME
from ruleproof.spec.core import Step, variant_from_mapping
from ruleproof.spec.errors import VariantError
from ruleproof.spec.take5 import (
    AUTO_LOW_ROW_KEYS,
    SPEC,
    Take,
    Take5State,
    Take5Variant,
    compute_low_rows,
    lowest_pending,
)

HOWTO = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading"
FEWEST = Take5Variant(low_row_keys=("cards",))


def _take_states(variant: Take5Variant, players: int, seeds: range, game: Game[Any, Any, Any] = GAME,
                 ) -> list[Take5State]:
    """The states of random games under ``variant`` in which a too-low card is to be resolved."""
    out = []
    for seed in seeds:
        rng, state = random.Random(seed), game.new_game(players, variant, seed=seed)
        while not game.is_terminal(state):
            if game.current_player(state) >= 0 and state.resolving and isinstance(game.legal_moves(state)[0], Take):
                out.append(state)
            state = game.apply_unchecked(state, game.random_move(state, rng))
    return out


@pytest.mark.rule("T5-LOW-3")
def test_the_fewest_cards_flag_is_the_tutorials_plugin() -> None:
    """docs/howto/reading/fewest.py (a Python rule) and ``low_row_keys=cards`` (data) allow the same takes in
    every too-low position of sample games, some of which tie several rows (so the owner still chooses)."""
    plugin = load_reading(HOWTO / "fewest.toml")
    data = reading_from_flags("take5", ["low_row_keys=cards"])
    states = _take_states(Take5Variant(threshold=40), 4, range(3))
    tied = 0
    assert len(states) > 20
    for state in states:
        under_plugin = plugin.engine.legal_moves(state)
        under_data = data.engine.legal_moves(state._replace(variant=data.variant))
        assert under_plugin == under_data, (state.rows, under_plugin, under_data)
        tied += len(under_data) > 1
        assert len(under_data) < len(state.rows) or len({len(r) for r in state.rows}) == 1
    assert tied > 0


@pytest.mark.rule("T5-LOW-3")
def test_automatic_row_choice_is_the_preset_of_the_keys() -> None:
    """row_choice="auto" and low_row_keys=bullheads,cards,row are the same rule (and the keys alone, without the
    row, leave ties the automatic choice breaks)."""
    keys = Take5Variant(low_row_keys=AUTO_LOW_ROW_KEYS)
    auto = Take5Variant(row_choice="auto")
    without_row = Take5Variant(low_row_keys=("bullheads", "cards"))
    looser = 0
    for state in _take_states(Take5Variant(), 5, range(3)):
        assert GAME.legal_moves(state._replace(variant=keys)) == GAME.legal_moves(state._replace(variant=auto))
        looser += len(GAME.legal_moves(state._replace(variant=without_row))) > 1
    assert Take5Variant(row_choice="auto", low_row_keys=AUTO_LOW_ROW_KEYS) != auto  # spelled both ways, still valid


@pytest.mark.rule("T5-LOW-3")
@pytest.mark.parametrize("keys", [("cards",), ("bullheads",), ("row",), ("cards", "bullheads"), ("bullheads", "cards")])
def test_the_engine_takes_exactly_the_rows_the_spec_allows(keys: tuple[str, ...]) -> None:
    """In every too-low position the engine's takes are the spec's allowed takes (and the spec refuses the other
    rows with T5-LOW-3 and a message naming the keys)."""
    variant = Take5Variant(low_row_keys=keys, threshold=30)
    states = _take_states(variant, 4, range(2))
    assert states
    for state in states:
        actor = GAME.current_player(state)
        rows = compute_low_rows(variant, state.rows)
        assert GAME.legal_moves(state) == tuple(Take(r) for r in rows)
        assert tuple(SPEC.allowed_moves(variant, state, actor, [Take(r) for r in range(len(state.rows))])) == \
            tuple(Take(r) for r in rows)
        for r in set(range(len(state.rows))) - set(rows):
            report = SPEC.check_move(variant, state, actor, Take(r))
            assert report.rule_ids == ("T5-LOW-3",) and "fewest" in str(report) or "lowest" in str(report)


def test_the_spec_decides_by_the_keys_in_the_rulebooks_order() -> None:
    """Rows (55), (10, 11), (3, 4), (8): the fewest cards are rows 1 and 4; the fewest bullheads row 4 alone;
    by cards then bullheads row 4 (one bullhead against seven)."""
    rows = ((55,), (10, 11), (3, 4), (8,))
    assert compute_low_rows(Take5Variant(low_row_keys=("cards",)), rows) == (0, 3)
    assert compute_low_rows(Take5Variant(low_row_keys=("bullheads",)), rows) == (3,)
    assert compute_low_rows(Take5Variant(low_row_keys=("cards", "bullheads")), rows) == (3,)
    assert compute_low_rows(Take5Variant(low_row_keys=("row",)), rows) == (0,)
    assert compute_low_rows(Take5Variant(), rows) == (0, 1, 2, 3)


@pytest.mark.parametrize("keys", [("cards", "cards"), ("age",), ("cards", "bullheads", "row", "cards"), (1,)])
def test_invalid_keys_are_refused(keys: tuple[Any, ...]) -> None:
    with pytest.raises(VariantError, match="MAX_LOW_ROW_KEYS") as caught:
        Take5Variant(low_row_keys=keys)
    assert caught.value.flag == "low_row_keys"


def test_invalid_keys_against_the_automatic_row_are_refused() -> None:
    with pytest.raises(VariantError, match="contradicts row_choice='auto'"):
        Take5Variant(row_choice="auto", low_row_keys=("cards",))


def test_old_records_without_the_flag_load_with_any_row() -> None:
    variant = variant_from_mapping(Take5Variant, {"end_rule": ">=", "row_choice": "player", "deck": "standard"})
    assert variant.low_row_keys == () and variant == Take5Variant()
    assert variant_from_mapping(Take5Variant, {"low_row_keys": "cards,bullheads"}, from_text=True).low_row_keys == \
        ("cards", "bullheads")


def _certificate(variant: Take5Variant, pick: str) -> tuple[dict[str, Any], Take5State]:
    """A certificate for a take in the first too-low position of a sample game: ``pick`` is ``"allowed"`` (the
    first allowed row) or ``"other"`` (a row the keys exclude)."""
    for state in _take_states(variant, 4, range(6)):
        allowed = compute_low_rows(variant, state.rows)
        others = [r for r in range(len(state.rows)) if r not in allowed]
        if pick == "other" and not others:
            continue
        row = allowed[0] if pick == "allowed" else others[0]
        actor = GAME.current_player(state)
        return prove_state(GAME, state, actor, Take(row), hypothetical=True), state
    raise AssertionError("no too-low position with an excluded row")


@pytest.mark.rule("T5-LOW-3")
def test_the_certificate_checker_implements_the_keys() -> None:
    """A certificate of an allowed take is valid; one of an excluded row is rejected for T5-LOW-3, with the row
    sizes and the allowed rows as facts; a certificate under unknown keys is refused."""
    good, state = _certificate(FEWEST, "allowed")
    result = check_certificate(good)
    assert result.ok and result.verdict == "legal", str(result)
    bad, _ = _certificate(FEWEST, "other")
    result = check_certificate(bad)
    assert result.ok and result.verdict == "illegal", str(result)
    claim = next(c for c in bad["claims"] if c["rule"] == "T5-LOW-3")
    assert claim["holds"] is False and [c["rule"] for c in bad["claims"] if not c["holds"]] == ["T5-LOW-3"]
    assert claim["facts"]["low_row_keys"] == ["cards"] and "allowed_rows" in claim["facts"]
    # the certificate's claim that the take breaks T5-LOW-3 is re-derived: flipped, it is rejected
    flipped = {**bad, "claims": [dict(c, holds=True) if c["rule"] == "T5-LOW-3" else c for c in bad["claims"]]}
    assert not check_certificate(flipped).ok
    hostile = dict(good)
    variant = {**good["variant"], "low_row_keys": ["cards", "age"]}
    hostile_state = {**good["state"], "variant": variant}
    hostile.update(variant=variant, state=hostile_state, state_sha256=state_sha256(hostile_state))
    with pytest.raises(CertificateFormatError, match="low_row_keys"):
        check_certificate(hostile)


def test_the_fast_playout_draws_the_checked_distribution_under_the_keys() -> None:
    """The fast playout takes a uniform row among the tied ones, as the checked path's uniform legal move does."""
    pytest.importorskip("scipy.stats")
    from outcomes import p_values, samples

    variant = Take5Variant(low_row_keys=("cards",), threshold=40)
    assert GAME._fast_ok(variant)
    fast = samples(GAME, 4, variant, lambda g, s, r: g.random_playout(s, r), 300, seed=1)
    checked = samples(GAME, 4, variant, lambda g, s, r: Game.random_playout(g, s, r), 300, seed=2)
    p = p_values(fast, checked)
    assert min(p.values()) > 1e-3, p


def test_the_certificate_checker_declares_the_specs_keys() -> None:
    from ruleproof.checkers.certcheck import take5 as checker
    from ruleproof.spec import take5 as spec

    assert (checker.LOW_ROW_KEYS, checker.AUTO_LOW_ROW_KEYS) == (spec.LOW_ROW_KEYS, spec.AUTO_LOW_ROW_KEYS)
