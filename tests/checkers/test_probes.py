"""Issue 31.3: findings under a Python plugin are answered, not dropped.

A derived Take 5 engine (a too-low card takes the longest row) changes the effects the Z3 encodings hold,
so the solver questions cannot follow it. The questions whose answer is a position (a later card too low,
a card equally close to two rows) are searched for on the derived engine (a position found is a replayed
witness; none found is unknown, with the bound searched);
the measurements stay "not applicable" with the reason; termination is decided by the state graphs of the
reduced configurations. A derived engine that offers a card two rows is a conflict the search finds, and
the audit fails on it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.analysis.probes import PROBES
from ruleproof.checkers.catalogue.questions import has_fallback, questions
from ruleproof.checkers.cli.main import main
from ruleproof.model.io.readings import Reading, load_reading

LONGEST = '''
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.accel.take5 import build_spec
from ruleproof.spec.take5 import LowCardRows


def longest(rows):
    top = max(len(r) for r in rows)
    return tuple(i for i, r in enumerate(rows) if len(r) == top)


class Longest(LowCardRows):
    text = "A too-low card takes one of the rows with the most cards."

    def rows(self, variant, rows):
        return longest(rows)


class LongestGame(Take5Game):
    spec = build_spec(Longest(), title="Take 5, a too-low card takes the longest row")

    def too_low_rows(self, state):
        return longest(state.rows)


GAME = LongestGame()
'''

#: A derived engine whose placement offers a card every row ending below it (two rules in conflict).
ANY_ROW = '''
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.take5 import Place


class AnyRowGame(Take5Game):
    @staticmethod
    def _nearest(variant, rows, card):
        return tuple(Place(r) for r, row in enumerate(rows) if row[-1] < card)


GAME = AnyRowGame()
'''


def _reading(folder: Path, name: str, source: str) -> Reading:
    (folder / f"{name}.py").write_text(source, encoding="utf-8")
    (folder / f"{name}.toml").write_text(f'game = "take5"\ntitle = "{name}"\nrules = "{name}.py"\n', encoding="utf-8")
    return load_reading(folder / f"{name}.toml")


@pytest.fixture(scope="module")
def longest(tmp_path_factory: pytest.TempPathFactory) -> Reading:
    return _reading(tmp_path_factory.mktemp("longest"), "longest", LONGEST)


def _ask(qid: str, reading: Reading):  # type: ignore[no-untyped-def]
    return {q.id: q for q in questions("take5")}[qid].ask(False, reading)


def test_the_probed_questions_are_registered_questions() -> None:
    registered = {q.id for game in ("take5", "bigpoints", "ikebana") for q in questions(game)}
    assert set(PROBES) <= registered and all(has_fallback(qid) for qid in PROBES)


def test_a_position_found_on_the_derived_engine_is_a_replayed_witness(longest: Reading) -> None:
    found = _ask("T5-F-2", longest)  # the professional variant: a later card can be too low
    assert found.verdict == "sat" and found.method == "random", found.summary()
    assert "found by search" in found.answer and "derived engine" in found.answer
    engine = longest.engine
    witness = found.witness
    variant = engine.variant_type(**witness["flags"])
    state = engine.replay(witness["players"], variant, [engine.parse_move(m) for m in witness["moves"]])
    assert PROBES["T5-F-2"].holds(engine, state)


def test_no_position_found_is_unknown_with_the_bound_stated(longest: Reading) -> None:
    """Random games sample the plays: finding nothing is no proof, so the verdict is unknown, with the bound."""
    found = _ask("T5-F-3", longest)
    assert found.verdict == "unknown" and found.method == "random" and "bounded random search" in found.reason
    assert "no counterexample in 20 random games per player count" in found.answer
    assert "not a proof about every play" in found.answer and "derived engine LongestGame" in found.answer
    assert found.witness["searched"]["positions"] > 1000


def test_measurements_stay_not_applicable_with_the_reason(longest: Reading) -> None:
    found = _ask("T5-F-5", longest)
    assert found.verdict == "not applicable" and "derived engine LongestGame" in found.answer


def test_termination_under_the_derived_engine_is_decided_by_the_state_graphs(longest: Reading) -> None:
    found = _ask("WF-T5-1", longest)
    assert found.verdict == "unsat" and "proved over every state of take5/small" in found.answer


def test_a_conflict_the_search_finds_fails_the_audit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _reading(tmp_path, "anyrow", ANY_ROW)
    code = main(["audit", "take5", "--reading", str(tmp_path / "anyrow.toml"), "--check", "finding",
                 "--finding", "T5-F-3", "--quiet", "--json", "--jobs", "1"])
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert code == 1
    (row,) = summary["rows"]
    assert row["status"] == "defect found" and row["data"]["verdict"] == "sat"
    assert "equally close to two row ends" in row["detail"] and row["data"]["witness"]["moves"]
