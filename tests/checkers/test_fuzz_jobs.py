"""``ruleproof fuzz --jobs N``: chunks seeded from the run's seed, the same result for any number of workers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis.stateful import invariant

from ruleproof.checkers.campaign import kinds
from ruleproof.checkers.checks import fuzz
from ruleproof.checkers.checks.fuzz import ChunkResult, FuzzResult, fuzz_chunks, machine_for, run_fuzz, search_machine
from ruleproof.checkers.cli.main import main


def test_chunks_depend_only_on_examples_seed_and_size() -> None:
    assert fuzz_chunks(45, 3, 20) == [(fuzz.chunk_seed(3, 0), 20), (fuzz.chunk_seed(3, 1), 20),
                                      (fuzz.chunk_seed(3, 2), 5)]
    assert fuzz_chunks(20, 3, 20) == [(3, 20)] and fuzz_chunks(7, None) == [(None, 7)]
    assert fuzz_chunks(41, None, 20) == fuzz_chunks(41, 0, 20)


def test_chunk_seeds_are_the_fuzz_campaigns() -> None:
    """``ruleproof fuzz`` and ``ruleproof campaign fuzz`` with one seed search the same chunks."""
    assert [fuzz.chunk_seed(s, i) for s in (0, 9) for i in range(3)] == [kinds.chunk_seed(s, i) for s in (0, 9)
                                                                         for i in range(3)]
    assert fuzz.CHUNK_EXAMPLES == kinds.DEFAULT_EXAMPLES_PER_CHUNK


def _states(seed: int | None) -> list[str]:
    seen: list[str] = []

    class Recording(machine_for("take5", 2)):  # type: ignore[misc,valid-type]
        def teardown(self) -> None:
            seen.append(repr(self.state))
            super().teardown()

    search_machine(Recording, examples=3, steps=6, seed=seed)
    return seen


def test_a_seed_decides_the_sequences() -> None:
    """The same seed searches the same sequences, another seed others (a seed Hypothesis ignored would fail this)."""
    first = _states(1)
    assert first == _states(1) and first != _states(2)


def test_two_jobs_give_the_chunks_of_one() -> None:
    one = run_fuzz("take5", 2, None, examples=5, steps=12, seed=4, chunk=2, jobs=1)
    two = run_fuzz("take5", 2, None, examples=5, steps=12, seed=4, chunk=2, jobs=2)
    assert one == two and one.ok and len(one.chunks) == 3
    assert [c.examples for c in one.chunks] == [2, 2, 1] and one.sequences >= 5 and one.steps > 0


def test_a_failing_chunk_fails_the_run() -> None:
    """A disagreement in any chunk fails the run; the reported error is the first failing chunk's."""

    class Broken(machine_for("take5", 2)):  # type: ignore[misc,valid-type]
        @invariant()
        def refuses_every_state(self) -> None:  # fails at once: nothing to shrink
            raise AssertionError("refused: every state")

    result = run_fuzz("take5", 2, None, examples=4, steps=5, seed=0, chunk=2, machine=Broken)
    assert not result.ok and result.error is not None and "refused: every state" in result.error
    assert [c.error is None for c in result.chunks] == [False, False]
    assert result.error == next(c.error for c in result.chunks if c.error is not None)
    assert FuzzResult((ChunkResult(1, 2, None, 2, 5),)).ok


def test_fuzz_cli_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    """21 examples are two chunks (20 and 1); one worker and two print the same report."""
    reports: list[dict[str, Any]] = []
    for jobs in ("1", "2"):
        code = main(["fuzz", "take5", "--players", "2", "--examples", "21", "--steps", "6", "--json", "-q",
                     "--jobs", jobs])
        assert code == 0
        reports.append(json.loads(capsys.readouterr().out))
    for report in reports:
        report.pop("ruleproof")
    assert reports[0] == reports[1] and [c["examples"] for c in reports[0]["chunks"]] == [20, 1]
