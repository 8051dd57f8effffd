"""``ruleproof diff``: paired games under two readings, verdicts, statistics, plots and the CLI.

Flags that provably change outcomes (a replayable witness game whose final
scores differ), one per game at least:

- take5: ``end_check`` (round → immediate) and ``professional``;
- bigfive: ``bonus`` (text → publisher);
- bigpoints: ``inverted_ladder``;
- ikebana: ``double_final``;
- cinco: ``layout`` (hex → square) and ``teams6`` (at 6 players).

Flags that cannot change anything in the setting tried are reported as no
change: ``teams6`` with 2 players, ``professional=False`` against itself,
``allow_five`` at 3 players (which only lets a fifth player join).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.catalogue import questions as catalogue
from ruleproof.checkers.cli.diff import add_subcommand
from ruleproof.checkers.analysis.diff import (
    Metric, affected_rules, ambiguity_verdicts, choose_players, compare,
    comparison_svg, findings_touching, play_pair, player_counts, t975, wilson,
)
from ruleproof.checkers.policies.draws import chance_gumbel as _chance_gumbel, pick_minhash as _pick_minhash
from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.analysis.plots import Panel, bins, histograms_svg
from ruleproof.checkers.checks.validate import validate_record
from ruleproof.model.io.records import load_record, make_record
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.bigfive import BigFiveVariant
from ruleproof.spec.bigpoints import BigPointsVariant
from ruleproof.spec.cinco import CincoVariant
from ruleproof.spec.errors import RuleproofError, VariantError
from ruleproof.spec.ikebana import IkebanaVariant
from ruleproof.spec.take5 import Take5Variant

SVG = "{http://www.w3.org/2000/svg}svg"

#: (game, players, reading B, games tried): each provably changes outcomes.
OUTCOME_CHANGING: list[tuple[str, int, Any, int]] = [
    ("take5", 3, Take5Variant(end_check="immediate"), 6),
    ("take5", 4, Take5Variant(professional=True), 4),
    ("bigfive", 3, BigFiveVariant(stalemate="exchange_round"), 3),
    ("bigfive", 2, BigFiveVariant(bonus="publisher"), 8),
    ("bigpoints", 3, BigPointsVariant(inverted_ladder=True), 10),
    ("ikebana", 4, IkebanaVariant(double_final=True), 6),
    ("cinco", 2, CincoVariant(layout="square"), 10),
    ("cinco", 6, CincoVariant(teams6="3x2"), 4),
]


# -- outcomes that change, with replayable witnesses ----------------------------------


def _flag(b: Any) -> str:
    default = type(b)()
    return "-".join(f.name for f in dataclasses.fields(b) if getattr(b, f.name) != getattr(default, f.name))


@pytest.mark.parametrize("game_id, players, b, games", OUTCOME_CHANGING,
                         ids=[f"{g}-{_flag(b)}" for g, _, b, _ in OUTCOME_CHANGING])
def test_flag_provably_changes_outcomes(game_id: str, players: int, b: Any, games: int) -> None:
    game = game_for(game_id)
    a = game.default_variant()
    result = compare(game, players, a, b, games=games, findings=False)
    assert result.verdict == "outcomes", result.summary()
    assert result.outcome_changed >= 1 and result.diverged >= result.outcome_changed
    witness = result.witness
    assert witness is not None
    # The witness replays: the same seeded pair ends with different scores or
    # winners, and both runs are legal games under their own reading.
    pair = play_pair(game, players, a, b, seed=result.seed, index=witness, keep_history=True)
    assert pair.outcome_changed
    for variant, history, scores in ((a, pair.history_a, pair.scores_a), (b, pair.history_b, pair.scores_b)):
        record = make_record(game_id, players, variant, list(history), result.seed)
        assert validate_record(record).ok
        final = game.replay(players, variant, [m for _, m in history])
        assert game.is_terminal(final) and game.outcome(final).scores == scores


def test_end_check_immediate_shortens_take5_significantly() -> None:
    game = game_for("take5")
    result = compare(game, 4, Take5Variant(), Take5Variant(end_check="immediate"), games=12, findings=False)
    length, mean_score = result.metrics()[:2]
    assert length.significant and length.diff < 0
    assert mean_score.significant and mean_score.diff < 0
    assert "game length (moves): -" in result.summary()


# -- flags that change nothing measurable -------------------------------------------------


@pytest.mark.parametrize("game_id, players, a, b", [
    ("cinco", 2, CincoVariant(), CincoVariant(teams6="3x2")),
    ("cinco", 3, CincoVariant(), CincoVariant(teams6="3x2")),
    ("take5", 3, Take5Variant(professional=False), Take5Variant(professional=False)),
])
def test_flag_that_cannot_matter_reports_no_change(game_id: str, players: int, a: Any, b: Any) -> None:
    result = compare(game_for(game_id), players, a, b, games=6)
    assert result.verdict == "none" and result.diverged == 0 and result.outcome_changed == 0
    assert result.sample is None and result.witness is None
    assert f"no measurable change in 6 games" in result.summary()
    assert all(p.length_a == p.length_b and p.scores_a == p.scores_b for p in result.pairs)
    assert all(m.diff == 0 and not m.significant for m in result.metrics())
    data = result.to_json()
    assert data["verdict"] == "none" and data["games"] == 6 and data["diverged"] == 0
    json.dumps(data)


def test_allow_five_changes_only_the_player_counts() -> None:
    game = game_for("bigfive")
    a, b = BigFiveVariant(), BigFiveVariant(allow_five=True)
    result = compare(game, 2, a, b, games=2, findings=False)
    assert result.verdict == "none"
    assert result.players_only_b == (5,) and result.players_only_a == ()
    assert "Only reading B allows 5 players" in result.summary()
    assert 5 in player_counts(game, b) and 5 not in player_counts(game, a)
    with pytest.raises(RuleproofError, match="reading A"):
        compare(game, 5, a, b, games=1)


# -- the divergence report ----------------------------------------------------------------


def test_professional_diverges_on_legal_moves_with_both_states_drawn() -> None:
    game = game_for("take5")
    result = compare(game, 3, Take5Variant(), Take5Variant(professional=True), games=3, findings=False)
    sample = result.sample
    assert sample is not None and sample.kind == "legal moves"
    # Professional rules: a card may (and, nearer there, must) go before a row's first card.
    assert sample.only_b and all("left" in m for m in sample.only_b)
    assert not any("left" in m for m in sample.only_a)
    # Same position, different options: both drawings agree and show the rows.
    assert sample.state_a == sample.state_b and "row 1:" in sample.state_a
    assert sample.next_a is not None and sample.next_b is not None
    assert result.kinds == {"legal moves": 3}


def test_end_rule_divergence_is_a_state_change_after_a_shared_move() -> None:
    game = game_for("take5")
    a, b = Take5Variant(threshold=30), Take5Variant(threshold=30, end_rule=">")
    result = compare(game, 3, a, b, games=30, findings=False)
    sample = result.sample
    assert sample is not None and sample.kind in {"state", "end"}
    assert sample.move is not None and sample.step > 0
    assert sample.state_a != sample.state_b
    # Until the divergence the two runs are the same game move for move.
    pair = play_pair(game, 3, a, b, seed=0, index=sample.game_index, keep_history=True)
    assert pair.history_a[:sample.step] == pair.history_b[:sample.step]
    assert str(pair.history_a[sample.step - 1][1]) == sample.move


def test_identical_readings_play_identical_games() -> None:
    game = game_for("bigpoints")
    v = BigPointsVariant()
    pair = play_pair(game, 3, v, v, seed=5, index=2, keep_history=True)
    assert not pair.diverged and pair.history_a == pair.history_b
    # The same seed and index give the same game again; another index another game.
    again = play_pair(game, 3, v, v, seed=5, index=2, keep_history=True)
    other = play_pair(game, 3, v, v, seed=5, index=3, keep_history=True)
    assert again.history_a == pair.history_a and other.history_a != pair.history_a


def test_same_deals_before_the_divergence() -> None:
    """Common random numbers: both runs see the same opening deal even when
    the readings change play from the first decision on."""
    game = game_for("take5")
    pair = play_pair(game, 4, Take5Variant(), Take5Variant(professional=True), seed=1, keep_history=True)
    deals_a = [m for actor, m in pair.history_a if actor == -1][:44]
    deals_b = [m for actor, m in pair.history_b if actor == -1][:44]
    assert deals_a == deals_b and len(deals_a) == 44


# -- common random numbers: exact marginals, coupled choices ---------------------------


def test_minhash_choice_is_uniform_and_couples_by_overlap() -> None:
    n = 6000
    counts = collections.Counter(_pick_minhash(list(range(4)), f"u{i}".encode()) for i in range(n))
    assert all(abs(c / n - 0.25) < 0.03 for c in counts.values()) and len(counts) == 4
    same = sum(_pick_minhash([0, 1, 2, 3], f"u{i}".encode()) == _pick_minhash([1, 2, 3, 4], f"u{i}".encode())
               for i in range(n))
    assert abs(same / n - 3 / 5) < 0.03  # Jaccard overlap of the two lists


def test_gumbel_chance_follows_the_probabilities() -> None:
    n = 6000
    outcomes = [("x", 0.6), ("y", 0.3), ("z", 0.1)]
    counts = collections.Counter(_chance_gumbel(outcomes, f"g{i}".encode()) for i in range(n))
    for move, p in outcomes:
        assert abs(counts[move] / n - p) < 0.03


# -- statistics -----------------------------------------------------------------------------


def test_paired_metric_interval() -> None:
    m = Metric.paired("x", [0.0] * 4, [1.0, 2.0, 3.0, 4.0])
    assert m.diff == 2.5 and m.mean_a == 0.0 and m.mean_b == 2.5
    half = t975(3) * (1.2909944487358056 / 2)
    assert m.low == pytest.approx(2.5 - half) and m.high == pytest.approx(2.5 + half)
    assert m.significant
    assert Metric.paired("x", [1.0], [2.0]).low is None
    assert not Metric.paired("x", [0, 0, 0], [1, -1, 0]).significant
    assert t975(5) == 2.571 and 1.96 < t975(400) < 1.97
    with pytest.raises(ValueError):
        t975(0)


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert 0.23 < low < 0.24 and 0.76 < high < 0.77
    assert wilson(0, 0) == (0.0, 1.0)


# -- findings the flags concern ----------------------------------------------------------


def test_affected_rules_come_from_rule_flags_and_ambiguities() -> None:
    game = game_for("take5")
    assert affected_rules(game, ["professional"]) == ("T5-PLACE-2", "T5-PLACE-3", "T5-LOW-1")
    assert affected_rules(game, []) == ()
    assert set(affected_rules(game_for("cinco"), ["teams6"])) == {"CI-TEAM-1"}


def test_findings_touching_lists_only_questions_on_changed_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(full: bool) -> Finding:
        raise AssertionError("the catalogue is not re-run")

    fake = [catalogue.Question("T5-F-90", "take5", "Can the game end early?", ("T5-END-1",), run),
            catalogue.Question("T5-F-91", "take5", "Can a row hold six cards?", ("T5-SIX-1",), run)]
    monkeypatch.setattr(catalogue, "questions", lambda game: fake)
    rows, note = findings_touching("take5", ("T5-END-1",))
    assert [r["id"] for r in rows] == ["T5-F-90"] and rows[0]["shared_rules"] == ["T5-END-1"]
    assert "re-run under both readings" in note  # issue 17: questions on a changed flag are re-run
    rows, note = findings_touching("take5", ("T5-PLACE-2",))
    assert rows == [] and "none changes verdict" in note
    monkeypatch.setattr(catalogue, "questions", lambda game: [])
    assert "no question" in findings_touching("take5", ("T5-END-1",))[1]


def test_comparison_reports_rules_and_findings_note() -> None:
    result = compare(game_for("take5"), 2, Take5Variant(), Take5Variant(end_rule=">"), games=1)
    assert result.rules == ("T5-END-1",) and result.findings_note
    same = compare(game_for("take5"), 2, Take5Variant(), Take5Variant(), games=1)
    assert same.rules == () and "No flag" in same.findings_note


# -- every flag of every game runs ----------------------------------------------------------


def _configs() -> list[tuple[str, int, Any]]:
    rows = []
    for game_id in available_games():
        game = game_for(game_id)
        for players, variant in game.test_configs():
            if variant != game.default_variant():
                rows.append((game_id, players, variant))
    return rows


@pytest.mark.parametrize("game_id, players, b", _configs())
def test_every_test_configuration_compares_against_the_default(game_id: str, players: int, b: Any) -> None:
    game = game_for(game_id)
    a = game.default_variant()
    if players not in player_counts(game, a):
        a = b  # e.g. five players exist only with allow_five: compare the reading with itself
    result = compare(game, players, a, b, games=1, findings=False)
    assert result.games == 1 and result.verdict in {"none", "play", "outcomes"}
    json.dumps(result.to_json())


def test_choose_players_prefers_a_count_where_the_flag_matters() -> None:
    assert choose_players(game_for("cinco"), CincoVariant(), CincoVariant(teams6="3x2"))[0] == 6
    players, reason = choose_players(game_for("take5"), Take5Variant(), Take5Variant())
    assert players == 3 and "--players" in reason
    # allow_five: its test configuration has 5 players, which reading A forbids.
    assert choose_players(game_for("bigfive"), BigFiveVariant(), BigFiveVariant(allow_five=True))[0] != 5


# -- ambiguities, for the docs ------------------------------------------------------------------


def test_ambiguity_verdicts_cover_every_flagged_ambiguity() -> None:
    game = game_for("take5")
    rows = ambiguity_verdicts(game, games=3, max_moves=2000)
    flagged = {a.id for a in game.spec.ambiguities if a.flag}
    assert {r["ambiguity"] for r in rows} == flagged
    json.dumps(rows)
    for row in rows:
        assert row["verdict"] in {"none", "play", "outcomes"} and row["summary"]
        assert row["comparison"]["b"][row["flag"]] == row["reading"]
        assert ET.fromstring(row["svg"]).tag == SVG
    professional = next(r for r in rows if r["ambiguity"] == "T5-AMB-6")
    assert professional["verdict"] == "outcomes"


def test_ambiguity_with_no_change_by_default_is_retried_in_a_test_setting() -> None:
    rows = ambiguity_verdicts("take5", games=6, max_moves=4000)
    end_rule = next(r for r in rows if r["ambiguity"] == "T5-AMB-1")
    if end_rule["verdict"] == "none":
        assert end_rule["also"] and end_rule["also"][0]["b"]["threshold"] == 30
    else:
        assert end_rule["also"] == []


def test_reading_value_that_is_not_a_flag_value_is_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from ruleproof.spec.core import Reading

    game = game_for("take5")
    spec = game.spec
    amb = next(a for a in spec.ambiguities if a.flag == "end_rule")
    odd = replace(amb, readings=(*amb.readings, Reading("never", "the game never ends")))
    monkeypatch.setattr(game, "spec", replace(spec, ambiguities=(odd,)))
    rows = ambiguity_verdicts(game, games=1, max_moves=500)
    bad = next(r for r in rows if r["reading"] == "never")
    assert bad["verdict"] == "not run" and "end_rule" in bad["summary"] and bad["svg"] == ""


# -- plots -----------------------------------------------------------------------------------------


def test_histogram_svg_is_well_formed_and_deterministic() -> None:
    panel = Panel("Score & length", "x <units>", [1, 2, 2, 3, 10], [2, 2, 3, 4, 4])
    svg = histograms_svg([panel, panel], title="A < B", labels=("A: x=1", "B: x=2"))
    root = ET.fromstring(svg)
    assert root.tag == SVG and root.get("height") == str(34 + 2 * 230)
    assert "Score &amp; length" in svg and "A &lt; B" in svg
    assert svg == histograms_svg([panel, panel], title="A < B", labels=("A: x=1", "B: x=2"))
    rects = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill") in {"#1f77b4", "#ff7f0e"}]
    assert rects


def test_bins() -> None:
    assert bins([3, 4, 7]) == (3.0, 1.0, 5)
    start, width, count = bins([0, 1000])
    assert start <= 0 and start + width * count > 1000 and count <= 30
    start, width, count = bins([0.5, 0.25, 2.75])
    assert start <= 0.25 and start + width * count > 2.75
    assert bins([]) == (0.0, 1.0, 1)


def test_comparison_svg_labels_the_flag() -> None:
    result = compare(game_for("bigpoints"), 2, BigPointsVariant(), BigPointsVariant(match=True), games=3,
                     findings=False)
    svg = comparison_svg(result)
    assert ET.fromstring(svg).tag == SVG and "A: match=False" in svg and "B: match=True" in svg


# -- the command line ------------------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="ruleproof")
    add_subcommand(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["diff", *argv])
    code: int = args.func(args)
    return code, capsys.readouterr().out


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "take5", "--a", "end_check=round", "--b", "end_check=immediate", "--players", "3",
                     "--games", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "outcomes" and data["games"] == 4 and data["players"] == 3
    assert data["changed_flags"] == {"end_check": ["round", "immediate"]}
    assert data["sample"]["state_a"] and data["sample"]["state_b"]
    assert data["metrics"][0]["name"] == "game length (moves)" and len(data["metrics"][0]["ci95"]) == 2


def test_cli_text_plot_and_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot, prefix = tmp_path / "p.svg", tmp_path / "sample"
    # --no-findings: the catalogue's re-run (two thirds of the command's CPU) is no subject here; the text with it:
    # test_cli_tool.py's piped diff, its JSON: the schema test there.
    code, out = _run(capsys, "cinco", "--b", "layout=square", "--players", "2", "--games", "4",
                     "--plot", str(plot), "--records", str(prefix), "--no-findings")
    assert code == 0 and "verdict:" in out and "state under A" in out and "Paired differences" in out
    assert ET.fromstring(plot.read_text("utf-8")).tag == SVG
    for label in "ab":
        record = load_record(f"{prefix}-{label}.json")
        assert validate_record(record).ok
    assert load_record(f"{prefix}-b.json").variant["layout"] == "square"


def test_cli_no_change_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "cinco", "--b", "teams6=3x2", "--players", "2", "--games", "3")
    assert code == 0 and "no measurable change in 3 games" in out


def test_cli_variant_options_never_swallow_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    """--variant sets both readings, --a-variant/--b-variant one; the old --b before the game id gives it back.
    (No findings: the options are the subject; test_cli_json and test_readings_cli ask the findings.)"""
    code, out = _run(capsys, "--b", "teams6=3x2", "CINCO", "--players", "2", "--games", "2", "--json", "--no-findings")
    assert code == 0 and json.loads(out)["game"] == "cinco"
    code, out = _run(capsys, "take5", "--variant", "threshold=30", "--b-variant", "professional=true",
                     "--players", "3", "--games", "2", "--json", "--no-findings")
    data = json.loads(out)
    assert code == 0 and data["format"] == "ruleproof.diff" and set(data["changed_flags"]) == {"professional"}


def test_invalid_cli_inputs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(VariantError, match="colour"):
        _run(capsys, "take5", "--b", "colour=red")
    with pytest.raises(RuleproofError, match="unknown game"):
        _run(capsys, "chess", "--b", "x=1")
    with pytest.raises(RuleproofError, match="svg"):
        _run(capsys, "take5", "--plot", "out.png")
    with pytest.raises(RuleproofError, match="--games"):
        _run(capsys, "take5", "--games", "0")
    with pytest.raises(RuleproofError, match="reading A"):
        _run(capsys, "bigfive", "--b", "allow_five=true", "--players", "5")


def test_verdicts_do_not_depend_on_the_interpreter_hash_seed() -> None:
    """The docs embed these verdicts, so they must be reproducible across runs."""
    import os
    import subprocess
    import sys

    code = ("import json; from ruleproof.checkers.analysis.diff import ambiguity_verdicts; "
            "print(json.dumps(ambiguity_verdicts('bigpoints', games=3, max_moves=1500), sort_keys=True))")
    outputs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")]
    assert outputs[0] == outputs[1] and json.loads(outputs[0])
