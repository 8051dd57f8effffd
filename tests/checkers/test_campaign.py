"""Campaigns on Dask: every kind on a 2-worker LocalCluster equals the serial run with the same seeds;
a killed worker and an interrupted-then-resumed campaign lose and double nothing; a chunk that keeps
failing is reported, not dropped; exact sums equal the standard library's statistics."""

from __future__ import annotations

import json
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.analysis.diff import compare
from ruleproof.checkers.campaign import kinds, runner, search
from ruleproof.checkers.campaign.exact import Sums, sqrt_fraction
from ruleproof.checkers.campaign.schema import CampaignError
from ruleproof.checkers.campaign.store import Manifest, Store
from ruleproof.checkers.checks.simulate import simulate
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_from_mapping


def _distributed() -> Any:
    """Dask's ``distributed``, imported by the tests that start a cluster (the others need none, and every xdist
    worker imports this file to collect it); they skip without it."""
    return pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A 2-worker LocalCluster (processes, one thread each), shared by the tests of this module."""
    import logging

    distributed = _distributed()
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=logging.ERROR)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def _store(tmp_path: Path, kind: str, params: dict[str, Any], name: str = "c") -> Store:
    return Store.create(tmp_path / name, Manifest(kind, params, len(kinds.kind_for(kind).plan(params)), ["test"]))


# -- exact statistics ---------------------------------------------------------------------


def test_exact_sums_equal_statistics() -> None:
    rng = random.Random(7)
    for trial in range(20):
        values = [rng.choice([rng.random() * 100, rng.randint(-50, 50), 1 / 3, 0.1]) for _ in range(2 + trial * 7)]
        whole = Sums()
        whole.extend(values)
        parts = Sums()
        for cut in range(0, len(values), 5):
            piece = Sums()
            piece.extend(values[cut:cut + 5])
            parts.merge(Sums.from_json(json.loads(json.dumps(piece.to_json()))))
        assert whole.fmean() == parts.fmean() == statistics.fmean(values)
        assert whole.stdev() == parts.stdev() == statistics.stdev(values)
    for n, m in ((2, 1), (10**40 + 1, 3), (1, 10**30), (7, 7)):
        assert sqrt_fraction(n, m) == statistics._float_sqrt_of_frac(n, m)  # type: ignore[attr-defined]


# -- each kind, 2 workers against the serial command --------------------------------------


def test_simulate_on_two_workers_equals_serial(tmp_path: Path, client: Any) -> None:
    game = game_for("take5")
    params = kinds.simulate_params("take5", 3, {"end_rule": ">"}, games=24, seed=5, chunk=5)
    outcome = runner.run(_store(tmp_path, "simulate", params), client=client)
    stats, _ = simulate(game, 3, variant_from_mapping(game.variant_type, params["variant"]), games=24, seed=5,
                        rule_stats=False)
    assert outcome.complete and outcome.ran == 5
    assert outcome.report == stats.to_json()


def test_simulate_rule_stats_and_ties(tmp_path: Path, client: Any) -> None:
    """Cinco with rule statistics: shared wins (ties) are added in game order as the serial loop adds them."""
    game = game_for("cinco")
    params = kinds.simulate_params("cinco", 2, {}, games=6, seed=1, chunk=4, rule_stats=True)
    outcome = runner.run(_store(tmp_path, "simulate", params), client=client)
    stats, _ = simulate(game, 2, game.default_variant(), games=6, seed=1, rule_stats=True)
    assert outcome.report == stats.to_json()
    assert outcome.report is not None and outcome.report["rule_decisions"]


def test_diff_on_two_workers_equals_serial(tmp_path: Path, client: Any) -> None:
    game = game_for("take5")
    params = kinds.diff_params("take5", 3, {}, {"end_rule": ">"}, games=30, seed=2, chunk=7)
    outcome = runner.run(_store(tmp_path, "diff", params), client=client)
    a = variant_from_mapping(game.variant_type, params["a"])
    b = variant_from_mapping(game.variant_type, params["b"])
    serial = compare(game, 3, a, b, games=30, seed=2).to_json()
    assert outcome.report == serial
    assert serial["diverged"] > 0 and serial["metrics"][0]["ci95"] is not None


def test_fuzz_on_two_workers_equals_serial_chunks(tmp_path: Path, client: Any) -> None:
    game = game_for("take5")
    params = kinds.fuzz_params("take5", 2, {}, examples=5, steps=15, seed=3, chunk=3)
    outcome = runner.run(_store(tmp_path, "fuzz", params), client=client)
    assert outcome.report is not None and outcome.report["ok"]
    plan = kinds.kind_for("fuzz").plan(params)
    assert [c["examples"] for c in plan] == [3, 2]
    for chunk, row in zip(plan, outcome.report["chunks"]):
        serial = kinds.run_fuzz("take5", 2, game.default_variant(), examples=chunk["examples"], steps=15,
                                seed=chunk["seed"])
        # The seed reaches Hypothesis (kinds.run_fuzz is fuzz.search_machine), so a chunk on a worker runs
        # the very sequences the serial command runs: the same counts of sequences and steps.
        assert (row["seed"], row["examples"], row["ok"]) == (chunk["seed"], chunk["examples"], serial["ok"])
        assert (row["sequences"], row["steps"]) == (serial["sequences"], serial["steps"])
        assert row["sequences"] >= 1 and row["steps"] > 0


def test_fuzz_chunk_runs_what_its_seed_says() -> None:
    game = game_for("take5")
    runs = [kinds.run_fuzz("take5", 2, game.default_variant(), examples=4, steps=25, seed=s)["steps"]
            for s in (11, 11, 12, 13)]
    assert runs[0] == runs[1], "the same seed ran different sequences"
    assert len(set(runs[1:])) > 1, "different seeds ran the same sequences: the seed is ignored"


def test_fuzz_chunk_command_is_the_serial_command(capsys: pytest.CaptureFixture[str]) -> None:
    from ruleproof.checkers.cli.main import main

    params = kinds.fuzz_params("take5", 2, {}, examples=2, steps=10, seed=9, chunk=2)
    chunk = kinds.kind_for("fuzz").plan(params)[0]
    command = kinds.fuzz_command(params, chunk)
    assert f"--seed {chunk['seed']} --examples 2 --steps 10" in command
    assert main([*command.split()[1:], "--json", "-q"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


def test_search_on_two_workers_equals_serial(tmp_path: Path, client: Any) -> None:
    params = search.search_params("bigpoints-score")
    outcome = runner.run(_store(tmp_path, "search", params), client=client)
    serial = runner.run(_store(tmp_path, "search", params, "serial"), workers=0)
    strip = lambda r: {**r, "parts": [{k: v for k, v in p.items() if k != "cpu_seconds"} for p in r["parts"]]}
    assert outcome.report is not None and serial.report is not None
    assert strip(outcome.report) == strip(serial.report)
    assert outcome.report["verdict"] == "unsat" and outcome.report["bound"] == 97


def test_search_unknown_is_never_a_proof(tmp_path: Path) -> None:
    params = search.search_params("bigpoints-score", rlimit=1)
    outcome = runner.run(_store(tmp_path, "search", params), workers=0)
    assert outcome.report is not None and outcome.report["verdict"] == "unknown"
    assert not kinds.kind_for("search").ok(outcome.report)


# -- failures: a killed worker, an interrupted campaign, a chunk that keeps failing ------------


def test_interrupted_campaign_resumes_to_the_same_result(tmp_path: Path, client: Any) -> None:
    folder = tmp_path / "run"
    command = [sys.executable, "-m", "ruleproof.checkers.cli.main", "campaign", "simulate", "take5", "--players", "2",
               "--games", "30", "--chunk", "2", "--seed", "4", "--workers", "0", "--dir", str(folder), "-q", "--json"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300

    def listed() -> int:  # chunks the manifest lists as finished (a chunk file alone is not finished yet)
        try:
            return len(json.loads((folder / "campaign.json").read_text(encoding="utf-8"))["finished"])
        except (OSError, ValueError, KeyError):  # the folder is still being made
            return 0

    while listed() < 2 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait(60)
    store = Store.open(folder)
    before = store.finished()
    assert 2 <= len(before) < 15, "the campaign was not stopped midway"
    outcome = runner.run(store, client=client)
    assert outcome.ran == 15 - len(before)
    stats, _ = simulate(game_for("take5"), 2, game_for("take5").default_variant(), games=30, seed=4,
                        rule_stats=False)
    assert outcome.report == stats.to_json()
    assert {i: r for i, r in store.finished().items() if i in before} == before


def test_killed_worker_loses_no_chunk(tmp_path: Path, client: Any) -> None:
    """A worker of the module's cluster is killed while the campaign runs (the last test to use the cluster: its
    nanny starts a fresh worker, and no later test needs two of them)."""
    params = kinds.simulate_params("take5", 2, {}, games=40, seed=11, chunk=2)
    store = _store(tmp_path, "simulate", params)
    killed: list[int] = []
    result: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: result.update(outcome=runner.run(store, client=client)))
    thread.start()
    deadline = time.monotonic() + 300
    while not list((store.folder / "chunks").glob("*.json")) and time.monotonic() < deadline:
        time.sleep(0.05)
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    os.kill(victim, signal.SIGKILL)
    killed.append(victim)
    thread.join(600)
    outcome = result["outcome"]
    assert killed
    stats, _ = simulate(game_for("take5"), 2, game_for("take5").default_variant(), games=40, seed=11,
                        rule_stats=False)
    assert outcome.complete and outcome.report == stats.to_json()
    files = sorted(p.name for p in (store.folder / "chunks").glob("*.json"))
    assert files == [f"{i:06d}.json" for i in range(20)]
    assert sum(r["games"] for r in store.finished().values()) == 40


def test_chunk_that_keeps_failing_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    params = kinds.simulate_params("take5", 2, {}, games=6, seed=0, chunk=2)
    store = _store(tmp_path, "simulate", params)
    real = kinds.KINDS["simulate"]
    calls: list[int] = []

    def flaky(p: dict[str, Any], chunk: dict[str, Any]) -> Any:
        calls.append(chunk["first"])
        if chunk["first"] == 2:
            raise RuntimeError("disk on fire")
        return real.run(p, chunk)

    monkeypatch.setitem(kinds.KINDS, "simulate", kinds.Kind("simulate", real.plan, flaky, real.merge))
    outcome = runner.run(store, workers=0, retries=2)
    assert outcome.report is None and list(outcome.failed) == [1]
    assert calls.count(2) == 3 and "disk on fire" in outcome.failed[1]
    assert store.failures()[1]["attempts"] == 3
    monkeypatch.setitem(kinds.KINDS, "simulate", real)
    again = runner.run(store, workers=0)
    assert again.complete and again.ran == 1 and not store.failures()


def test_invalid_campaign_files_are_refused(tmp_path: Path) -> None:
    params = kinds.simulate_params("take5", 2, {}, games=4, seed=0, chunk=2)
    store = _store(tmp_path, "simulate", params)
    runner.run(store, workers=0)
    chunk = store.chunk_path(0)
    doc = json.loads(chunk.read_text())
    chunk.write_text(json.dumps({**doc, "range": {"first": 2, "count": 2}}))
    with pytest.raises(CampaignError, match="chunk 0 of this campaign is 0") as info:
        runner.run(Store.open(store.folder), workers=0)
    assert info.value.path == "$.range.first" and info.value.source == str(chunk)
    chunk.write_text('{"format": 1, "format": 2}')
    with pytest.raises(CampaignError, match="duplicate key"):
        Store.open(store.folder).finished()
    (store.folder / "campaign.json").write_text("[" * 5000 + "]" * 5000)
    with pytest.raises(CampaignError):
        Store.open(store.folder)


def test_invalid_campaign_folder_not_empty(tmp_path: Path) -> None:
    from ruleproof.checkers.cli.main import main

    (tmp_path / "x.txt").write_text("hello")
    assert main(["campaign", "simulate", "take5", "--players", "2", "--games", "2", "--dir", str(tmp_path),
                 "--workers", "0", "-q"]) == 2


def test_a_ctrl_c_while_dask_starts_up_is_the_interrupt(interrupted_import: Any) -> None:
    """A Ctrl-C that lands while ``distributed`` (numpy, C extensions) imports can come out as an ImportError:
    with an interrupt requested that is the interrupt, not a missing Dask."""
    from ruleproof.checkers.campaign.runner import dask_missing

    interrupted_import("distributed", requested=True)
    with pytest.raises(KeyboardInterrupt):
        dask_missing()
    interrupted_import("distributed", requested=False)
    assert "not installed (initialization failed)" in (dask_missing() or "")
