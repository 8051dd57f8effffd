"""Cinco's rule constants as parameters (issue 31 point 1): every check runs under a non-default value, and the
solver findings are re-decided with it.

The flags ``chips``, ``hand_size`` and ``line_length`` default to the rulebook's 35, 4 and five; the SMT
encodings read the chips and the line length from the reading (:class:`ruleproof.checkers.smt.cinco.Params`),
the witnesses replay on the reading's engine, and the well-formedness questions explore their reduced
configurations with the reading's values. Each test below shows an answer that changes as it should:

* chips: three colours of 30 chips can no longer fill the 90 cells without one of them running out (a
  never-ending full board, CI-F-7, becomes impossible), while 50 chips let two colours fill it (CI-F-3);
* line length: with lines of six fewer chips block every window than with lines of five (CI-F-2), and the
  witness board is dead for lines of six but not of five;
* hand size: with hands of three the shortest exchange cycle (WF-CI-1) is shorter than with hands of four.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from ruleproof.checkers.catalogue import questions as catalogue
from ruleproof.checkers.cli.main import main
from ruleproof.checkers.render.cinco import render_finding_svg
from ruleproof.model.io.readings import reading_from_flags
from ruleproof.spec.cinco import LINE, layout_of, CincoVariant
from ruleproof.spec.cinco_board import FREE, Board, can_still_win, compute_windows


def _question(qid: str) -> catalogue.Question:
    return {q.id: q for q in catalogue.questions("cinco")}[qid]


def _ask(qid: str, *flags: str) -> Any:
    return _question(qid).ask(reading=reading_from_flags("cinco", list(flags)) if flags else None)


def _audit(capsys: pytest.CaptureFixture[str], flag: str) -> list[dict[str, Any]]:
    """``ruleproof audit cinco --variant FLAG --quick --json``: its rows."""
    main(["audit", "cinco", "--variant", flag, "--quick", "--json", "--jobs", "1", "--quiet"])
    rows: list[dict[str, Any]] = []
    for line in capsys.readouterr().out.splitlines():
        if line.strip():
            data = json.loads(line)
            rows += [data["row"]] if "row" in data else data.get("rows", [])
    return rows


def _every_check_ran(rows: list[dict[str, Any]], flag: str) -> dict[str, dict[str, Any]]:
    """The finding rows by id, after asserting that no check was left out under ``flag``."""
    assert {r["check"] for r in rows} >= {"conformance", "fuzz", "finding"}
    assert not [r["subject"] for r in rows if r["verdict"] == "not applicable"], flag
    findings = {r["subject"].split(" ", 1)[0]: r for r in rows if r["check"] == "finding"}
    assert len(findings) == 19  # CI-F-1 .. CI-F-16 and WF-CI-1 .. WF-CI-3
    for row in findings.values():
        assert row["data"]["reading"], row["subject"]  # each row names the reading it was decided under
    return findings


def test_audit_under_fewer_chips_runs_every_check_and_redecides_the_findings(
        capsys: pytest.CaptureFixture[str]) -> None:
    findings = _every_check_ran(_audit(capsys, "chips=30"), "chips=30")
    for fid in ("CI-F-7", "CI-F-15"):  # three colours: sat with 35 chips (manifest), impossible with 30
        assert findings[fid]["data"]["verdict"] == "unsat", findings[fid]["detail"]
        assert "3 colours hold 90 chips for 90 cells" in findings[fid]["detail"]
    assert findings["CI-F-4"]["data"]["verdict"] == "sat" and "places all 30 chips" in findings["CI-F-4"]["detail"]
    assert findings["CI-F-1"]["data"]["answer"].startswith("28 chips")  # a colour of 30 dead with 28 placed


def test_more_chips_let_two_colours_fill_the_board() -> None:
    default, more = _ask("CI-F-3"), _ask("CI-F-3", "chips=50")
    assert (default.verdict, more.verdict) == ("unsat", "sat")
    cells = more.witness["cells"]
    assert FREE not in cells and max(cells.count(k) for k in (0, 1)) <= 49
    assert "chips=50" in more.answer


def test_longer_lines_are_blocked_with_fewer_chips() -> None:
    five, six = _ask("CI-F-2"), _ask("CI-F-2", "line_length=6")
    assert (five.verdict, six.verdict) == ("sat", "sat")
    count = sum(c >= 0 for c in six.witness["cells"])
    assert count == 30 < sum(c >= 0 for c in five.witness["cells"]) == 36
    assert six.witness["line_length"] == 6 and "line_length" not in five.witness
    board = Board(layout_of(CincoVariant()), tuple(six.witness["cells"]))
    assert not any(can_still_win(board, k, 6) for k in (0, 1))  # dead for lines of six
    assert any(can_still_win(board, k, LINE) for k in (0, 1))  # but not for lines of five
    svg = render_finding_svg(six)
    assert svg is not None and "six in a row" in svg


def test_smaller_hands_shorten_the_exchange_cycle() -> None:
    default, three = _ask("WF-CI-1"), _ask("WF-CI-1", "hand_size=3")
    assert (default.verdict, three.verdict) == ("sat", "sat")
    lap = [len(c["cycle"]) for c in three.witness["cycles"]]
    assert lap[0] < len(default.witness["cycles"][0]["cycle"])
    assert three.witness["cycles"][0]["flags"] == {"hand_size": 3}


def test_a_reduced_configuration_too_small_for_the_hands_says_so() -> None:
    finding = _ask("WF-CI-2", "hand_size=5")
    assert finding.verdict == "unknown" and "hand_size=5" in finding.reason
    assert "cannot be played" in finding.reason or "could be explored" in finding.reason


def test_windows_of_every_line_length_tile_or_pack_the_shipped_boards() -> None:
    from ruleproof.checkers.smt.cinco import tiling
    from ruleproof.spec.cinco_board import hex_layout, square_layout

    for layout in (hex_layout(), square_layout()):
        for line in (3, 4, 5, 6):
            tiles = tiling(layout, line)
            cells = [n for w in tiles for n in w]
            assert len(cells) == len(set(cells)), (layout.name, line)  # disjoint
            assert set(tiles) <= set(compute_windows(layout, line))
            assert len(cells) > layout.size // 2, (layout.name, line)


@pytest.mark.slow
@pytest.mark.parametrize("flag", ["hand_size=3", "line_length=6"])
def test_audit_under_other_constants_runs_every_check(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    _every_check_ran(_audit(capsys, flag), flag)
