"""The shipped rule → test index (``checkers/data/rule_index.json``) is what pytest collects now.

``tests/conftest.py`` loads the :mod:`ruleproof.checkers.analysis.ruleindex`
plugin, so this run's own collection is the reference: no second collection.
Regenerate a stale index with ``ruleproof trace --update-index``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.analysis import ruleindex
from ruleproof.checkers.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
HOW = "regenerate it with `ruleproof trace --update-index` (from the checkout) and commit checkers/data/rule_index.json"


def _shipped() -> dict[str, dict[str, object]]:
    data = json.loads(ruleindex.INDEX_PATH.read_text(encoding="utf-8"))
    return {e["nodeid"]: e for e in data["tests"]}


def test_rule_index_matches_this_runs_collection(request: pytest.FixtureRequest) -> None:
    collected = ruleindex.collected(request.config)
    assert collected is not None, "the ruleindex plugin is not loaded (tests/conftest.py)"
    shipped = _shipped()
    marked = {k: e for k, e in collected.items() if ruleindex.is_marked(e)}
    stale = sorted(k for k, e in marked.items() if k not in shipped or ruleindex.key(shipped[k]) != ruleindex.key(e))
    whole_suite = all(Path(a).resolve() == ROOT / "tests" for a in request.config.args)
    gone = sorted(set(shipped) - set(marked)) if whole_suite else []
    assert not stale and not gone, f"stale rule index: {stale[:5]} changed, {gone[:5]} gone; {HOW}"


def test_rule_index_covers_every_game() -> None:
    rules = {r for e in _shipped().values() for r in e["rule_ids"]}  # type: ignore[attr-defined]
    assert {r.split("-")[0] for r in rules} >= {"T5", "BF", "BP", "IK", "CI"}


def test_trace_works_without_a_source_tree(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """As from an installed wheel: no tests folder beside the package, the shipped index answers."""
    from ruleproof.checkers.analysis import traceability

    monkeypatch.setattr(traceability, "REPO_ROOT", tmp_path)
    code = main(["trace", "take5", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["problems"] == [] and data["index"].endswith("rule_index.json")
    assert any("test_take5" in n for n in data["rules"]["take5"]["T5-PLACE-2"])


def test_trace_says_plainly_when_the_index_is_missing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(ruleindex, "INDEX_PATH", tmp_path / "absent.json")
    code = main(["trace", "take5"])
    assert code == 2 and "no rule index" in capsys.readouterr().err
