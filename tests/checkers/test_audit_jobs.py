"""``ruleproof audit --jobs N``: the rows, their order and the progress calls equal those of one job."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from ruleproof.checkers.analysis import audit_costs, audit_jobs
from ruleproof.checkers.explore import collector
from ruleproof.checkers.analysis.audit import AuditOptions, AuditRow, count_checks, plan_audit, run_audit
from ruleproof.checkers.cli.main import main

#: A small audit: two games, every kind but fuzzing, one cheap finding each.
GAMES = ["take5", "ikebana"]
OPTIONS = AuditOptions(quick=True, conformance_games=1, property_games=3, checks=("conformance", "property", "finding"),
                       finding_ids=("T5-F-3", "IK-F-5"))


def _same(row: AuditRow) -> dict[str, Any]:
    """A row without its timings (seconds, and the "(method, 1.23 s)" of a finding's summary)."""
    data = row.to_json()
    data.pop("seconds")
    if isinstance(data.get("data"), dict):
        data["data"] = {k: v for k, v in data["data"].items() if k != "seconds"}
    data["detail"] = re.sub(r"\d+\.\d+ s\b", "# s", data["detail"])
    return data


def test_two_jobs_give_the_rows_of_one_in_the_same_order() -> None:
    started: list[list[tuple[str, str, str]]] = [[], []]
    finished: list[list[AuditRow]] = [[], []]
    rows = []
    for jobs, seen, done in zip((1, 2), started, finished):
        options = AuditOptions(**{**OPTIONS.__dict__, "on_start": lambda g, c, s, seen=seen: seen.append((g, c, s)),
                                  "on_finish": done.append})
        rows.append(run_audit(GAMES, options, jobs=jobs))
    one, two = ([_same(r) for r in each] for each in rows)
    assert len(one) == count_checks(GAMES, OPTIONS) > 4
    assert {r["game"] for r in one} == set(GAMES) and {r["check"] for r in one} >= {"conformance", "finding"}
    assert two == one
    # Progress: every task that runs starts once and every row finishes once, wherever it ran (with workers
    # in the order they happen); a finished row is the row reported, with its own seconds.
    assert sorted(started[0]) == sorted(started[1])
    assert len(started[0]) == sum(1 for t in plan_audit(GAMES, OPTIONS) if t.row is None)
    for jobs, done, reported in zip((1, 2), finished, rows):
        assert len(done) == len(reported)
        assert sorted((r.subject, r.seconds) for r in done) == sorted((r.subject, r.seconds) for r in reported), jobs


def test_the_pool_is_used_and_its_rows_are_put_back_in_plan_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches are handed out longest first, yet the rows come back in the plan's order."""
    import concurrent.futures
    from contextlib import contextmanager

    from ruleproof.checkers.checks import workers

    tasks = plan_audit(GAMES, OPTIONS)
    sent: list[list[str]] = []
    events: list[tuple[Any, ...]] = []

    class Recording:
        """Runs each batch here at once, its progress events reported as a worker's would be."""

        def submit(self, fn: Any, batch: Any, options: Any) -> Any:
            sent.append([t.subject for _, t in batch])
            future: concurrent.futures.Future[Any] = concurrent.futures.Future()
            with workers.reporting(events.append):
                future.set_result(fn(batch, options))
            return future

        def result(self, future: Any) -> Any:
            return future.result()

    @contextmanager
    def recording_pool(jobs: int, **kwargs: Any) -> Any:
        yield Recording()

    monkeypatch.setattr(workers, "worker_pool", recording_pool)
    rows = list(audit_jobs.run_tasks(tasks, OPTIONS, jobs=2))
    ran = [t for t in tasks if t.row is None]
    assert sorted(e[1] for e in events if e[0] == "start") == [i for i, t in enumerate(tasks) if t.row is None]
    assert len([e for e in events if e[0] == "row"]) == len(ran)
    assert [r.subject for r in rows] == [t.subject for t in tasks]
    assert sorted(s for batch in sent for s in batch) == sorted(t.subject for t in tasks if t.row is None)
    assert [s for batch in sent for s in batch] != [t.subject for t in tasks if t.row is None]  # reordered


def test_options_that_cannot_be_sent_run_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reading made at run time cannot go to a worker: the tasks run in this process, with the same rows."""
    options = AuditOptions(**{**OPTIONS.__dict__, "checks": ("property",), "finding_ids": ()})
    tasks = plan_audit(["take5"], options)
    expected = [_same(r) for r in audit_jobs.run_tasks(tasks, options, jobs=1)]

    def refuse(*args: object, **kwargs: object) -> bytes:
        raise TypeError("cannot pickle this reading")

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool was started for options that cannot be sent")

    from ruleproof.checkers.checks import workers

    monkeypatch.setattr(audit_jobs.pickle, "dumps", refuse)
    monkeypatch.setattr(workers, "worker_pool", no_pool)
    assert [_same(r) for r in audit_jobs.run_tasks(tasks, options, jobs=2)] == expected


def test_audit_cli_jobs_flag(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        code = main(["audit", "take5", "--quick", "--check", "property", "--property-games", "3", "--json", "-q",
                     "--jobs", jobs])
        lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
        outputs.append((code, [(r["row"]["subject"], r["row"]["verdict"], r["row"]["detail"]) for r in lines[:-1]]))
    assert outputs[0] == outputs[1] and outputs[0][0] == 0 and len(outputs[0][1]) == 2


def _collector_settings() -> tuple[tuple[int, int, int], int, bool]:
    import gc

    return gc.get_threshold(), gc.get_freeze_count(), gc.isenabled()


def test_workers_collect_for_batch_work() -> None:
    """A worker starts with the young threshold raised and what it inherited frozen; the collector stays on."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=1, initializer=audit_jobs._start_worker) as pool:
        threshold, frozen, enabled = pool.submit(_collector_settings).result()
    assert threshold[0] == collector.BATCH_YOUNG_THRESHOLD and frozen > 0 and enabled


def test_batch_collection_still_collects_cycles_and_restores_the_collector() -> None:
    import gc
    import weakref

    class Node:
        partner: object = None

    before = _collector_settings()
    with collector.batch_collection():
        first, second = Node(), Node()
        first.partner, second.partner = second, first
        gone = weakref.ref(first)
        del first, second
        for _ in range(3 * collector.BATCH_YOUNG_THRESHOLD):  # tracked allocations that survive: young collections
            Node().partner = []
        kept = [[] for _ in range(2 * collector.BATCH_YOUNG_THRESHOLD)]
        assert gone() is None  # the cycle was collected without an explicit gc.collect()
        assert gc.get_threshold()[0] == collector.BATCH_YOUNG_THRESHOLD and gc.isenabled()
    del kept
    after = _collector_settings()
    assert (after[0], after[2]) == (before[0], before[2])  # thresholds restored, collector on


def test_a_paused_exploration_is_frozen_only_in_batch_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """In batch work the states a paused exploration kept leave the collector's scans when the pause ends."""
    import gc

    monkeypatch.setattr(collector, "_batch_work", [False])
    kept: list[object] = []
    frozen = gc.get_freeze_count()
    with collector.collector_paused():
        kept.append([[] for _ in range(1000)])
    assert gc.get_freeze_count() == frozen
    with collector.batch_collection():
        frozen = gc.get_freeze_count()
        with collector.collector_paused():
            kept.append([[] for _ in range(1000)])
        assert gc.get_freeze_count() >= frozen + 1000
    assert not collector.in_batch_work()


def test_the_cost_table_names_only_tasks_of_the_default_audit() -> None:
    """A renamed or removed check would leave a stale cost that orders nothing (refresh the table:
    ``python -m ruleproof.checkers.analysis.audit_costs checkers/data/audit_costs.json``)."""
    from ruleproof.model.registry import available_games

    table = audit_costs.shipped_table()
    planned = {audit_costs.task_key(t) for t in plan_audit(list(available_games()), AuditOptions()) if t.row is None}
    assert table["costs"] and all(cost >= 0 for cost in table["costs"].values())
    assert not set(table["costs"]) - planned, "stale costs"
    assert all(set(group) <= planned for group in table["shared"]), "stale shared groups"


def test_the_dearest_task_goes_first_and_an_unknown_one_is_costed_by_its_kind() -> None:
    tasks = plan_audit(["bigfive"], AuditOptions(checks=("finding",)))
    cheap = {f"bigfive finding WF-BF-{n}": 0.1 for n in (1, 2, 3)}
    table = {"costs": {"bigfive finding BF-F-5": 2.0, "bigfive finding BF-F-2": 1.5, **cheap}, "options": {}}
    costs = {t.item: audit_costs.estimate(t, AuditOptions(), table=table) for t in tasks}
    assert costs["BF-F-5"] == 2.0 and costs["BF-F-2"] == 1.5 and costs["BF-F-1"] == 3.8 / 5  # the game's mean
    groups = audit_jobs.batches(tasks)
    cost = [sum(audit_costs.estimate(tasks[k], AuditOptions(), table=table) for k in g) for g in groups]
    order = audit_jobs.dearest_first(tasks, groups, AuditOptions(), table=table)
    assert sorted(order) == list(range(len(groups)))
    assert [cost[i] for i in order] == sorted(cost, reverse=True)
    assert tasks[groups[order[0]][0]].item == "BF-F-5"


def test_an_estimate_grows_with_the_games_asked() -> None:
    task = next(t for t in plan_audit(["take5"], AuditOptions(checks=("conformance",))))
    table = {"costs": {audit_costs.task_key(task): 1.0}, "options": {"conformance_games": 2}}
    assert audit_costs.estimate(task, AuditOptions(conformance_games=6), table=table) == 3.0
    assert audit_costs.estimate(task, AuditOptions(), table={}) == audit_costs.UNKNOWN_COST


def test_tasks_that_read_one_exploration_run_in_one_batch() -> None:
    tasks = plan_audit(["bigpoints"], AuditOptions(checks=("finding",)))
    together = [{tasks[k].item for k in group} for group in audit_jobs.batches(tasks)]
    assert {"WF-BP-1", "WF-BP-2", "BP-F-2", "BP-F-4"} in together  # the shipped table's shared group
    assert all(len(group) == 1 for group in together if not group & {"WF-BP-1"})


def test_measuring_records_each_cost_and_the_tasks_sharing_an_exploration(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof.checkers.explore import statespace

    monkeypatch.setattr(statespace, "_CACHE", {})
    options = AuditOptions(checks=("finding",), property_games=2, finding_ids=("WF-T5-1", "WF-T5-2"))
    table = audit_costs.measure(["take5"], options)
    assert set(table["costs"]) == {"take5 finding WF-T5-1", "take5 finding WF-T5-2"}
    assert table["shared"] == [["take5 finding WF-T5-1", "take5 finding WF-T5-2"]]
    assert table["options"]["property_games"] == 2 and statespace._CACHE  # the cache is put back, filled
