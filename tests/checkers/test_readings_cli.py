"""Issue 17 on the command line: --reading everywhere, catalogue re-runs in diff, declared flags, plugin games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.checkers.analysis.catalogue_diff import catalogue_changes, questions_to_rerun
from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.cli.main import main
from ruleproof.model.io.readings import reading_from_flags
from ruleproof.spec import registry

FEWEST = str(Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading" / "fewest.toml")


def test_simulate_validate_prove_and_check_proof_under_a_plugin_reading(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "house.json"
    assert main(["simulate", "take5", "--players", "3", "--games", "2", "--reading", FEWEST, "--record", str(record),
                 "-q"]) == 0
    data = json.loads(record.read_text())
    assert data["reading"]["rules"] == ["HOUSE-LOW-1"] and "fewest" not in json.dumps(data["reading"])
    assert main(["validate", str(record), "--reading", FEWEST]) == 0
    assert main(["validate", str(record)]) == 1
    assert main(["prove", str(record), "--move", "0"]) == 2  # made under a plugin: the reading is needed
    take = next(i for i, m in enumerate(data["moves"]) if m["move"].startswith("take"))
    for index, expected in ((0, 0), (take, 2)):
        cert = tmp_path / f"c{index}.json"
        assert main(["prove", str(record), "--move", str(index), "--reading", FEWEST, "--output", str(cert)]) in (0, 1)
        assert json.loads(cert.read_text())["reading"]["rules"] == ["HOUSE-LOW-1"]
        capsys.readouterr()
        assert main(["check-proof", str(cert)]) == expected
        if expected == 2:
            assert "cannot verify the extra plugin rule(s) HOUSE-LOW-1" in capsys.readouterr().err
    assert main(["fuzz", "take5", "--players", "3", "--examples", "2", "--steps", "20", "--reading", FEWEST, "-q"]) == 0


def test_a_reading_for_another_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cinco", "--players", "2", "--reading", FEWEST, "-q"]) == 2
    assert "for game 'take5', not 'cinco'" in capsys.readouterr().err


def test_diff_reruns_the_questions_whose_flags_differ() -> None:
    a, b = reading_from_flags("bigfive", []), reading_from_flags("bigfive", ["bonus=publisher"])
    assert [q.id for q in questions_to_rerun(a, b)] == ["BF-F-2", "BF-F-3"]
    rows = {c.id: c for c in catalogue_changes(a, b)}
    assert rows["BF-F-2"].changed and rows["BF-F-2"].b.verdict == "not applicable"
    assert rows["BF-F-2"].a.verdict in ("sat", "unsat")
    assert not rows["BF-F-3"].changed and rows["BF-F-3"].b.verdict in ("sat", "unsat")
    assert rows["BF-F-2"].to_json()["a"]["witness"] == rows["BF-F-2"].a.witness
    # no flag and no plugin differs: nothing to re-run
    assert questions_to_rerun(a, reading_from_flags("bigfive", [])) == []


def test_every_question_declares_its_flags() -> None:
    for game in registry.GAME_IDS:
        undeclared = [q.id for q in questions(game) if not q.declared]
        assert not undeclared, undeclared
    found = {q.id: q for g in ("ikebana", "cinco", "bigpoints", "take5") for q in questions(g)}
    ask = lambda qid, game, flags: found[qid].not_applicable_because(reading_from_flags(game, flags))  # noqa: E731
    assert "partial_refusal=False" in ask("IK-F-4", "ikebana", ["partial_refusal=true"])
    assert ask("IK-F-1", "ikebana", ["partial_refusal=true"]) is None
    assert "layout='hex'" in ask("CI-F-1", "cinco", ["layout=square"])
    assert ask("CI-F-5", "cinco", ["reshuffle=when_empty"]) is None
    assert "ladder_take" in ask("BP-F-6", "bigpoints", ["ladder_take=reserve_and_path"])
    assert ask("BP-F-6", "bigpoints", ["black_visibility=spent_only"]) is None
    # well-formedness: explores any reading's own flags (issue 31), so it applies under every flag
    assert ask("WF-T5-1", "take5", ["end_rule=>"]) is None
    assert ask("WF-T5-1", "take5", ["threshold=80"]) is None


@pytest.fixture()
def pebbles(tmp_path: Path) -> Path:
    assert main(["new-game", "pebbles", "--dir", str(tmp_path / "pkg")]) == 0
    yield tmp_path / "pkg"
    registry._REGISTERED.pop("pebbles", None)
    from ruleproof.model.registry import game_for
    import sys

    game_for.cache_clear()
    for name in [m for m in sys.modules if m == "pebbles" or m.startswith("pebbles.")]:
        del sys.modules[name]


def test_a_scaffolded_game_loaded_with_plugin_works_or_names_the_missing_part(
        pebbles: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plugin = ["--plugin", str(pebbles / "pebbles")]
    assert main([*plugin, "audit", "pebbles", "--quick", "-q", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
    verdicts = {r["row"]["check"]: r["row"]["verdict"] for r in rows if "row" in r}
    assert verdicts == {"conformance": "pass", "fuzz": "pass", "property": "not run", "finding": "not run"}
    record = tmp_path / "p.json"
    assert main([*plugin, "simulate", "pebbles", "--players", "2", "--games", "2", "--record", str(record), "-q"]) == 0
    assert main([*plugin, "validate", str(record)]) == 0
    assert main([*plugin, "trace", "pebbles", "--tests", str(pebbles / "tests")]) == 0
    assert main([*plugin, "graph", "pebbles", "--format", "dot", "--output", str(tmp_path / "g.dot")]) == 0
    assert main([*plugin, "audit", "pebbles", "--reading", str(pebbles / "readings" / "misere.toml"), "--quick",
                 "-q", "--no-findings"]) == 0
    capsys.readouterr()
    assert main([*plugin, "prove", str(record), "--move", "0"]) == 2
    assert "no proofs part" in capsys.readouterr().err
    # a certificate of the plugin game: its checker part is missing
    cert = tmp_path / "c.json"
    assert main(["simulate", "take5", "--players", "2", "--games", "1", "--record", str(tmp_path / "t.json"), "-q"]) == 0
    assert main(["prove", str(tmp_path / "t.json"), "--move", "0", "--output", str(cert)]) == 0
    data = json.loads(cert.read_text())
    data["game"] = "pebbles"
    cert.write_text(json.dumps(data))
    capsys.readouterr()
    assert main([*plugin, "check-proof", str(cert)]) == 2
    err = capsys.readouterr().err
    assert "no certcheck part" in err and "Traceback" not in err


def test_new_game_refuses_taken_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-game", "take5", "--dir", str(tmp_path / "a")]) == 2
    assert main(["new-game", "json", "--dir", str(tmp_path / "b")]) == 2
    assert "importable Python module" in capsys.readouterr().err
    assert main(["--plugin", str(tmp_path / "missing.py"), "games"]) == 2
