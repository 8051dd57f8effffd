"""The catalogue: every named question about every rulebook, with how to answer it.

Questions are registered by the modules a game's descriptor lists in
``questions`` (:class:`ruleproof.spec.registry.GameParts`; one or more per game: Z3 encodings in :mod:`ruleproof.checkers.smt`,
exhaustive searches, well-formedness checks). Each has a quick form, run by
default and in CI, and optionally a full form (``ruleproof audit --full``).

>>> q = Question("DEMO-Q", "take5", "Is 1 + 1 = 2?", ("T5-SCORE-1",),
...              lambda full: Finding("DEMO-Q", "take5", "Is 1 + 1 = 2?", "sat", "yes"))
>>> q.answer(full=False).verdict
'sat'
"""

from __future__ import annotations

import importlib
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from ruleproof.checkers.catalogue.findings import Finding, load_manifest
from ruleproof.spec.registry import parts_for

@dataclass(frozen=True)
class Question:
    """A named question about a game and the function that answers it.

    :param run: ``run(full)`` returns the :class:`Finding`; ``full`` asks for
        the slow, larger-bound form.
    """

    id: str
    game: str
    question: str
    rule_ids: tuple[str, ...]
    run: Callable[[bool], Finding]

    def answer(self, full: bool = False) -> Finding:
        """Run the question, timing it and attaching the manifest's expected verdict."""
        start = time.perf_counter()
        finding = self.run(full)
        seconds = finding.seconds or (time.perf_counter() - start)
        expected = load_manifest(self.game).get(self.id)
        return replace(finding, seconds=seconds, expected=expected)


_QUESTIONS: dict[str, Question] = {}


def register(question: Question) -> Question:
    """Add a question to the catalogue (ids are unique)."""
    existing = _QUESTIONS.get(question.id)
    if existing is not None and existing is not question and existing.run is not question.run:
        raise ValueError(f"finding id {question.id!r} is registered twice")
    _QUESTIONS[question.id] = question
    return question


def _load(game: str) -> None:
    # The question modules sit in higher wings (smt, analysis); they are named
    # by the game's descriptor and imported by name, so this wing does not
    # depend on them.
    for name in parts_for(game).questions:
        importlib.import_module(name)


def questions(game: str) -> list[Question]:
    """The registered questions of a game, in id order (numbers compared as numbers)."""
    _load(game)
    return sorted((q for q in _QUESTIONS.values() if q.game == game), key=lambda q: _natural_key(q.id))


def _natural_key(text: str) -> list[tuple[int, int, str]]:
    """Sort ``CI-F-2`` before ``CI-F-10``."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text)]


def run_catalogue(game: str, full: bool = False) -> Iterator[Finding]:
    """Answer every question of a game."""
    for question in questions(game):
        yield question.answer(full)
