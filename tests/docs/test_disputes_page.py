"""The built disputes page and every "Measured" block show the stored figures (``docs/_data/disputes``).

Uses the session's HTML build (``conftest.html_build``). The stored figures are
tied to their commands by ``test_disputes_data.py``; here the built pages are
tied to the stored figures: every ambiguity of every game is on the disputes
index and on its game's disputes page, each stored measurement's n and share
are in its table there, the strength table
shows every policy's win share with its interval, and each game's "Measured"
blocks name the command of the stored row they quote.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ruleproof.model.registry import available_games, game_for

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "_data" / "disputes"
GAMES = list(available_games())
Page = Any  # conftest.Page


def _pct(x: float) -> str:
    """As the page writes a share (one decimal; more below 1%)."""
    p = 100 * x
    if p != 0 and abs(p) < 0.1:
        return f"{p:.3f}%"
    if p != 0 and abs(p) < 1:
        return f"{p:.2f}%"
    return f"{p:.1f}%"


@pytest.mark.parametrize("game", GAMES)
def test_the_disputes_page_shows_every_ambiguity_and_stored_figure(game: str, pages: dict[str, Page]) -> None:
    """The game's disputes page has every figure; the index (the former single page) names every ambiguity."""
    page, index = pages[f"games/{game}/disputes.html"], pages["games/disputes.html"]
    data = json.loads((DATA / f"{game}.json").read_text(encoding="utf-8"))
    for amb in game_for(game).spec.ambiguities:
        assert amb.id in page.text and amb.id in index.text
    for flagless in data["flagless"]:
        assert "nothing to measure" in page.text
    if data.get("missing"):
        assert "Not measured in this run" in page.text
    for row in data["rows"]:
        rate = row["figures"]["arises"]["rate"]
        assert f"{row['games']:,}" in page.text and _pct(rate) in page.text, row["command"]


def test_the_strength_table_shows_every_policy_with_its_interval(pages: dict[str, Page]) -> None:
    page = pages["games/disputes.html"]
    data = json.loads((DATA / "strength.json").read_text(encoding="utf-8"))
    for row in data["rows"]:
        assert _pct(row["win_share"]) in page.text and row["command"] in page.text
    if data.get("missing"):
        assert "not measured in this run" in page.text


@pytest.mark.parametrize("game", GAMES)
def test_each_measured_block_quotes_a_stored_command(game: str, pages: dict[str, Page],
                                                     published: dict[str, Any]) -> None:
    data = json.loads((DATA / f"{game}.json").read_text(encoding="utf-8"))
    commands = {r["command"] for r in data["rows"]}
    where = published[game]["ambiguities"]
    for amb in game_for(game).spec.ambiguities:
        text = pages[where[amb.id]].text
        if amb.flag and any(r["ambiguity"] == amb.id for r in data["rows"]):
            shown = [c for c in commands if c.split(" --players")[0] in text and f"{amb.flag}=" in c]
            assert shown, f"{amb.id}: no stored command on its page"
    assert [r["ambiguity"] for r in published[game]["measured"]] == [r["ambiguity"] for r in data["rows"]]
