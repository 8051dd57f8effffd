"""The mutant corpus stays applicable and balanced; the campaign (slow) kills every mutant.

The fast tests check the corpus against the current sources (every snippet
occurs exactly once, ids are unique, at least ten mutants per game with every
layer represented) and the campaign's own machinery (the copy is what gets
imported; a patch lands in the copy, never in the working tree). The slow test
runs the whole campaign: ``nice .venv/bin/python tests/mutation/campaign.py``
does the same from the command line with the per-game, per-layer table.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mutation import campaign
from mutation.corpus import GAMES, LAYERS, MUTANTS, SHARED, TARGETS, Mutant, Patch
from ruleproof.spec.registry import spec_for


def test_corpus_ids_are_unique_and_every_game_has_ten_mutants_in_every_layer() -> None:
    ids = [m.id for m in MUTANTS]
    assert len(ids) == len(set(ids))
    per_game = Counter(m.game for m in MUTANTS)
    assert all(per_game[g] >= 10 for g in GAMES), per_game
    for game in GAMES:
        assert {m.layer for m in MUTANTS if m.game == game} == set(LAYERS), game
    assert {m.game for m in MUTANTS} == {*GAMES, SHARED}
    assert {m.target for m in MUTANTS} == set(TARGETS)


def test_every_mutant_names_a_rule_of_its_game_and_existing_tests() -> None:
    for mutant in MUTANTS:
        if mutant.game in GAMES:
            assert mutant.rule in {r.id for r in spec_for(mutant.game).rules}, mutant.id
        assert (mutant.target == "rules") == (not mutant.tests), mutant.id  # the others name their judges
        for path in campaign.selection(mutant):
            assert (campaign.ROOT / path).is_file(), (mutant.id, path)


#: The fast paths (each engine's fast playout, the paired-games lock step, fast forms of the spec) and the
#: certificate checker's modules: each must have a mutant, so the campaign measures what the default suite
#: sees of it.
FAST_PATH_FILES = {"model/take5.py", "model/cinco.py", "model/ikebana.py", "model/bigpoints.py", "model/bigfive_fast.py",
                   "checkers/analysis/diff_take5.py", "spec/accel/take5.py", "spec/accel/cinco.py",
                   "spec/accel/bigpoints.py"}


def test_every_fast_path_checker_table_and_reading_check_has_a_mutant() -> None:
    def files(target: str) -> set[str]:
        return {p.file for m in MUTANTS if m.target == target for p in m.patches}

    assert files("fast path") == FAST_PATH_FILES
    assert files("certificate table") == {f"checkers/certcheck/{g}.py" for g in GAMES}
    assert {"model/io/readings.py", "checkers/view/under.py"} <= files("reading check")
    for mutant in (m for m in MUTANTS if m.target == "limit"):  # a limit mutant names its limit, which exists
        assert any(mutant.rule in (campaign.ROOT / p.file).read_text(encoding="utf-8") for p in mutant.patches)


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.id)
def test_every_mutant_applies_to_the_current_sources(mutant: Mutant) -> None:
    campaign.check_applies(mutant)
    for patch in mutant.patches:
        assert patch.old != patch.new


def test_invalid_mutant_whose_snippet_moved_is_reported() -> None:
    stale = Mutant("X-M1", "take5", "T5-END-1", "stale", (Patch("spec/take5.py", "no such code", "x"),))
    with pytest.raises(campaign.CorpusError, match="occurs 0 times"):
        campaign.check_applies(stale)


def test_a_mutant_lands_in_the_copy_and_the_copy_is_imported(tmp_path: Path) -> None:
    copy = campaign.make_copy(tmp_path / "copy")
    mutant = next(m for m in MUTANTS if m.id == "T5-M7")
    campaign.apply(mutant, copy)
    assert 'RuleConstant("row_capacity", 6,' in (copy / "ruleproof" / "spec" / "take5.py").read_text(encoding="utf-8")
    assert 'RuleConstant("row_capacity", 5,' in (campaign.ROOT / "spec" / "take5.py").read_text(encoding="utf-8")
    assert campaign.imports_the_copy(copy)


def test_summary_counts_kills_per_game_and_layer() -> None:
    by_id = {m.id: m for m in MUTANTS}
    outcomes = [campaign.Outcome(by_id["T5-M1"], "killed", 1.0, ""), campaign.Outcome(by_id["T5-M3"], "survived", 1.0, ""),
                campaign.Outcome(by_id["T5-M12"], "equivalent", 1.0, "")]
    summary = campaign.summarise(outcomes)
    assert summary["take5"]["spec"] == {"mutants": 2, "killed": 1, "equivalent": 1, "rate": 1.0}
    assert summary["take5"]["both"]["rate"] == 0.0
    assert summary["all"]["all"]["rate"] == 0.5
    assert "take5" in campaign.render_table(summary)


@pytest.mark.slow
def test_campaign_kills_every_mutant() -> None:
    """The whole campaign (long: every game's tests once per mutant)."""
    assert campaign.main([]) == 0
