"""House rules as data (issue 31.2): reading files with flags only, audited end to end.

The reading files are the how-to's (``docs/howto/reading``): Take 5 with rows of
four (``four.toml``) and the fewest-cards rule as a table (``fewest_data.toml``),
Big Five's generous fours (``fours.toml``), Ikebana's richer colour multipliers
(``colours.toml``), BigPoints' steeper ladder (``steep.toml``). None names a plugin, and ``ruleproof audit … --quick``
answers every question under it: no "unknown" and no "not applicable", and
the answers are the reading's, not the rulebook's.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.model.io.readings import load_reading
from ruleproof.model.take5 import GAME as TAKE5
from ruleproof.spec.take5 import compute_totals

HOWTO = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading"
DATA_READINGS = {"four.toml": "take5", "fewest_data.toml": "take5", "fours.toml": "bigfive", "colours.toml": "ikebana",
                 "steep.toml": "bigpoints"}


@functools.cache
def audit(name: str, *findings: str) -> tuple[int, tuple[dict[str, Any], ...]]:
    """``ruleproof audit GAME --reading FILE --check finding --quick`` (only ``findings`` when given), as JSON rows."""
    import contextlib
    import io

    selected = [a for f in findings for a in ("--finding", f)]
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(["audit", DATA_READINGS[name], "--reading", str(HOWTO / name), "--check", "finding", "--quick",
                     *selected, "--quiet", "--json", "--jobs", "1"])
    lines = [json.loads(line) for line in buffer.getvalue().splitlines()]
    return code, tuple(line["row"] for line in lines if line.get("format") == "ruleproof.audit-row")


def by_id(rows: tuple[dict[str, Any], ...]) -> dict[str, dict[str, Any]]:
    return {row["data"]["id"]: row["data"] for row in rows}


@pytest.mark.parametrize("name", sorted(DATA_READINGS))
def test_the_reading_is_data_only(name: str) -> None:
    reading = load_reading(HOWTO / name)
    assert reading.game == DATA_READINGS[name] and not reading.has_plugin and reading.changed_flags()


def _assert_all_decided(rows: tuple[dict[str, Any], ...]) -> None:
    undecided = {r["subject"]: r["detail"] for r in rows if r["verdict"] in ("unknown", "not applicable")}
    assert not undecided, undecided
    assert all(r["data"]["verdict"] in ("sat", "unsat") for r in rows), [r["data"]["verdict"] for r in rows]


def test_rows_of_four_decide_every_take5_question() -> None:
    code, rows = audit("four.toml")
    assert code == 0 and len(rows) == 11
    _assert_all_decided(rows)
    found = by_id(rows)
    assert found["T5-F-5"]["answer"].startswith("22:")  # four richest cards, not five (27)
    assert found["T5-F-6"]["answer"].startswith("107, exactly")  # the 40 richest cards, not 50 (117)
    assert found["T5-F-7"]["verdict"] == "unsat"
    assert found["WF-T5-1"]["method"] == "z3+exhaustive" and found["WF-T5-2"]["verdict"] == "unsat"
    witness = found["T5-F-6"]["witness"]
    variant = load_reading(HOWTO / "four.toml").variant
    state = TAKE5.replay(witness["players"], variant, [TAKE5.parse_move(m) for m in witness["moves"]])
    assert compute_totals(state)[0] == 107 and max(len(row) for row in state.rows) <= 4


def test_fewest_cards_as_data_decides_every_take5_question() -> None:
    code, rows = audit("fewest_data.toml")
    assert code == 0 and len(rows) == 11
    _assert_all_decided(rows)
    assert by_id(rows)["T5-F-6"]["answer"].startswith("117, exactly")  # the too-low card's row does not matter


def test_generous_fours_decide_the_bonus_and_well_formedness() -> None:
    code, rows = audit("fours.toml", "BF-F-2", "BF-F-3", "WF-BF-1", "WF-BF-2", "WF-BF-3")
    assert code == 0 and len(rows) == 5
    _assert_all_decided(rows)
    found = by_id(rows)
    assert found["BF-F-2"]["answer"].startswith("10 ")  # five new lines of four or five, 2 cards each
    assert found["WF-BF-1"]["method"] == "z3+exhaustive"


def test_richer_colours_decide_every_ikebana_question() -> None:
    code, rows = audit("colours.toml")
    assert code == 0 and len(rows) == 8
    _assert_all_decided(rows)
    found = by_id(rows)
    assert found["IK-F-1"]["answer"].startswith("100 points")  # 25 x 4, not 25 x 3
    assert "180 a round" in found["IK-F-2"]["answer"]  # 2 players: 100 + 80, not 75 + 60
    ends = found["WF-IK-1"]
    assert ends["method"] == "z3+exhaustive" and "a bouquet scores at most 100" in ends["answer"], ends["answer"]


def test_a_steeper_ladder_decides_the_score_bound_and_termination() -> None:
    code, rows = audit("steep.toml", "BP-F-6", "WF-BP-1", "WF-BP-2", "WF-BP-3")
    assert code == 0 and len(rows) == 4
    _assert_all_decided(rows)
    found = by_id(rows)
    assert "no player can score more than 125" in found["BP-F-6"]["answer"]  # 97 with the rulebook's 4, 3, 2, 1, 0
    assert found["WF-BP-1"]["method"] == "z3+exhaustive"  # the ranking counts pawn moves, not points


def test_a_finding_s_witness_is_replayed_under_the_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay --finding T5-F-6 --reading four.toml`` answers the question under rows of four (the stored witness is
    the rulebook's, rows of five, which the reading refuses) and draws that round."""
    page = tmp_path / "round.html"
    code = main(["replay", "--finding", "T5-F-6", "--reading", str(HOWTO / "four.toml"), "--html", str(page), "--json"])
    body = json.loads(capsys.readouterr().out)
    assert code == 0 and page.is_file()
    found = by_id(audit("four.toml")[1])["T5-F-6"]
    assert body["moves"] == len(found["witness"]["moves"]) != 304  # 304: the rulebook's ten-player round
