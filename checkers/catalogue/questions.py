"""The catalogue: every named question about every rulebook, with how to answer it.

Questions are registered by the modules a game's descriptor lists in
``questions`` (:class:`ruleproof.spec.registry.GameParts`; one or more per game: Z3 encodings in :mod:`ruleproof.checkers.smt`,
exhaustive searches, well-formedness checks). Each has a quick form, run by
default and in CI, and optionally a full form (``ruleproof audit --full``).

>>> q = Question("DEMO-Q", "take5", "Is 1 + 1 = 2?", ("T5-SCORE-1",),
...              lambda full: Finding("DEMO-Q", "take5", "Is 1 + 1 = 2?", "sat", "yes"))
>>> q.answer(full=False).verdict
'sat'

Under a reading, a question is asked only when it can be: one that fixes a
flag the reading sets otherwise says why it does not apply.

>>> from ruleproof.model.io.readings import reading_from_flags
>>> q2 = Question("DEMO-P", "take5", "With the professional variant?", (), lambda full: q.run(full),
...               fixed=(("professional", True),), declared=True)
>>> q2.ask(reading=reading_from_flags("take5", ["professional=true"])).verdict
'sat'
>>> q3 = Question("DEMO-S", "take5", "Standard rules?", (), lambda full: q.run(full),
...               fixed=(("professional", False),), declared=True)
>>> print(q3.ask(reading=reading_from_flags("take5", ["professional=true"])).answer)
DEMO-S asks about professional=False (its encoding fixes it); this reading sets professional=True

Where a question's encoding cannot follow a reading's plugin but its subject
exists under the reading, a fallback registered for it
(:func:`register_fallback`, e.g. a search on the reading's own engine,
:mod:`ruleproof.checkers.analysis.probes`) answers instead, naming its method
and bound. Each question also declares which of its verdicts is a defect of
the rules (:attr:`Question.defect_when`,
:mod:`ruleproof.checkers.catalogue.defects`): the audit fails on a defect it
finds under a reading.
"""

from __future__ import annotations

import importlib
import re
import time
from collections.abc import Callable, Iterator
from typing import Any
from dataclasses import dataclass, replace

from ruleproof.checkers.catalogue.findings import NOT_APPLICABLE, Finding, manifest_entry
from ruleproof.spec.registry import parts_for

@dataclass(frozen=True)
class Question:
    """A named question about a game and the function that answers it.

    :param run: ``run(full)`` returns the :class:`Finding`; ``full`` asks for
        the slow, larger-bound form. With ``takes_reading`` it is
        ``run(full, reading)`` and answers under the
        :class:`ruleproof.model.io.readings.Reading` it is given (its ``variant``,
        and its ``engine`` for searches and replays).
    :param flags: the variant flags the answer depends on and that ``run``
        takes from the reading (only with ``takes_reading``).
    :param fixed: ``(flag, value)`` pairs the question's encoding assumes.
        Under a reading that leaves such a flag at its default the question is
        asked with ``value`` (a what-if question such as "with the
        professional variant, ..."); under a reading that sets the flag to a
        third value the question is not applicable.
    :param declared: whether ``flags`` and ``fixed`` list every flag the
        answer depends on; an undeclared question is asked only under the
        default flags (otherwise "not applicable").
    :param plugins: how the answer treats a reading's extra rules and derived
        engine: ``"engine"`` (``run`` searches and replays on the reading's
        engine, so both are honoured), ``"restriction"`` (the verdict is
        computed over the built-in rules: an ``unsat`` is a claim about every
        play and stays true when extra legality rules only remove moves; a
        ``sat`` witness must replay on the reading's engine (``replay``, also
        run under a reading that only changes flags);
        a derived engine makes it not applicable) or ``"none"`` (not
        applicable under a reading with a plugin).
    :param replay: ``replay(finding, reading)``: ``None`` when the finding's
        witness is a legal play under the reading, else why not.
    :param plugins_why: with ``plugins="none"``, why the answer cannot carry
        over to a plugin (said in the "not applicable" verdict).
    :param hooks_free: the engine hooks (methods a derived game may
        override, such as Big Five's ``bonus_earned``) the answer does not
        depend on. Under a derived engine that overrides nothing else (see
        :func:`derived_overrides`) the question is asked as under the
        built-in engine: its encoding agrees with every method the derived
        engine keeps, the audit's conformance check holds the derived engine
        to its spec, and a ``sat`` witness is replayed on the derived engine.
    """

    id: str
    game: str
    question: str
    rule_ids: tuple[str, ...]
    run: Callable[..., Finding]
    flags: tuple[str, ...] = ()
    fixed: tuple[tuple[str, object], ...] = ()
    declared: bool = False
    takes_reading: bool = False
    plugins: str = "none"
    replay: Callable[[Finding, Any], str | None] | None = None
    plugins_why: str = ""
    hooks_free: tuple[str, ...] = ()
    #: The verdict that reveals a defect of the rules (a dead end, a game that need not end, a seat that
    #: cannot win, two rules in conflict): ``"sat"``, ``"unsat"``, ``""`` for a question none of whose
    #: answers is a defect (a measurement, a bound, a remark of the text), or ``None`` when the question
    #: leaves it to the catalogue's table (:data:`ruleproof.checkers.catalogue.defects.DECLARED`).
    defect_when: str | None = None
    #: What the defect is, in a few words ("a reachable dead end"), said when it is found.
    defect: str = ""

    def answer(self, full: bool = False) -> Finding:
        """Run the question under the default reading, timing it and attaching the manifest's expected verdict."""
        start = time.perf_counter()
        finding = self._call(full, None)
        seconds = finding.seconds or (time.perf_counter() - start)
        return replace(finding, seconds=seconds, expected=self.expected_verdict())

    def expected_verdict(self) -> str | None:
        """The manifest's verdict for the default reading (the game's manifest, then ``wellformed.json``)."""
        return manifest_entry(self.game, self.id)[0]

    def is_what_if(self, reading: Any) -> bool:
        """Whether the question, asked under ``reading``, pins a flag to another value than the reading's (a
        what-if such as "with the professional variant, ..." under a reading without it): its answer is
        about those flags, not about the reading's own rules.

        >>> from ruleproof.model.io.readings import default_reading
        >>> q = Question("DEMO-W", "take5", "?", (), lambda full: None, fixed=(("professional", True),))
        >>> q.is_what_if(default_reading("take5")), replace(q, fixed=()).is_what_if(default_reading("take5"))
        (True, False)
        """
        if not self.fixed:
            return False
        from ruleproof.spec.core import variant_to_dict

        return variant_to_dict(self.asked_under(reading).variant) != variant_to_dict(reading.variant)

    def _call(self, full: bool, reading: Any) -> Finding:
        if not self.takes_reading:
            return self.run(full)
        if reading is None:
            from ruleproof.model.io.readings import default_reading

            reading = self.asked_under(default_reading(self.game))
        return self.run(full, reading)

    def not_applicable_because(self, reading: Any) -> str | None:
        """Why the question cannot be asked under ``reading`` (``None`` when it can)."""
        return self.flags_exclude(reading) or self.plugin_excludes(reading)

    def flags_exclude(self, reading: Any) -> str | None:
        """Why the reading's flags leave the question without a subject (it asks about another value of a flag
        the reading sets, or it declares no flags), else ``None``."""
        changed = reading.changed_flags()
        if not self.declared and changed:
            return (f"{self.id} does not declare which flags its answer depends on, so it is asked only under the "
                    f"default flags; this reading sets {_flag_text(changed)}")
        pinned = dict(self.fixed)
        for flag, value in pinned.items():
            if flag in changed and changed[flag] != value:
                return (f"{self.id} asks about {flag}={value!r} (its encoding fixes it); this reading sets "
                        f"{flag}={changed[flag]!r}")
        return None

    def plugin_excludes(self, reading: Any) -> str | None:
        """Why the question's encoding cannot follow the reading's plugin (a derived engine that may change the
        effects it holds, extra rules it cannot see), else ``None``."""
        if reading.has_plugin and self.plugins != "engine":
            if reading.derived is not None:
                others = [name for name in derived_overrides(reading) if name not in self.hooks_free]
                if others or not self.hooks_free:
                    changed = f" (it overrides {', '.join(others)})" if others and self.hooks_free else ""
                    return (f"{self.id}'s encoding holds the built-in effects and scoring; this reading's derived "
                            f"engine {reading.engine_name()} may change them{changed}")
            if self.plugins == "none" and reading.rules:
                return (f"{self.id} is answered over the built-in rules only; it cannot see this reading's "
                        f"{_plugin_text(reading)}" + (f" ({self.plugins_why})" if self.plugins_why else ""))
        return None

    def asked_under(self, reading: Any) -> Any:
        """``reading`` with the question's fixed flags applied."""
        if not self.fixed:
            return reading
        from ruleproof.spec.core import variant_from_mapping, variant_to_dict

        mapping = variant_to_dict(reading.variant)
        mapping.update(dict(self.fixed))
        variant = variant_from_mapping(type(reading.variant), mapping)
        return replace(reading, variant=variant, _engine=[])

    def ask(self, full: bool = False, reading: Any = None) -> Finding:
        """Answer under ``reading`` (default: the default reading), or say why the question does not apply.

        The manifest's expected verdict is attached only when the reading
        gives the question the same input as the default reading.
        """
        if reading is None or reading.is_default:
            return self.answer(full)
        label = reading.describe()
        why = self.not_applicable_because(reading)
        start = time.perf_counter()
        if why is not None:
            fallback = _FALLBACKS.get(self.id)
            if fallback is not None and self.flags_exclude(reading) is None:
                # The encoding cannot follow the plugin, but the question's subject exists: a search on the
                # reading's own engine answers it, naming its method and bound.
                found = fallback(self, full, self.asked_under(reading), why)
                return replace(found, seconds=found.seconds or (time.perf_counter() - start), expected=None,
                               reading=label)
            return Finding(self.id, self.game, self.question, NOT_APPLICABLE, why, rule_ids=self.rule_ids,
                           method="reading", reason=why, reading=label)
        asked = self.asked_under(reading)
        finding = self._call(full, asked)
        seconds = finding.seconds or (time.perf_counter() - start)
        # A witness found over the built-in rules (every question but one answered on the reading's own engine,
        # plugins="engine") must replay under the reading.
        replays = not self.takes_reading or self.plugins == "restriction"
        if replays and finding.verdict == "sat" and (self.replay is not None or reading.has_plugin):
            problem = "no replay of the witness is defined" if self.replay is None else self.replay(finding, asked)
            if problem is not None:
                finding = replace(finding, verdict="unknown", reason=f"the witness found over the built-in rules "
                                  f"is not a legal play under this reading: {problem}",
                                  answer=finding.answer + " (not confirmed under this reading)")
        same = self.same_input(reading, asked)
        return replace(finding, seconds=seconds, expected=self.expected_verdict() if same else None, reading=label)

    def same_input(self, reading: Any, asked: Any) -> bool:
        """Whether ``reading`` (``asked``: with the question's fixed flags applied) gives the question the same
        input as the default reading, so that the manifest's expected verdict applies: no plugin, and every
        flag the question depends on (:attr:`flags`, :attr:`fixed`) at its default reading's value."""
        from ruleproof.model.io.readings import default_reading
        from ruleproof.spec.core import variant_to_dict

        relevant = set(self.flags) | {f for f, _ in self.fixed}
        now = variant_to_dict(asked.variant)
        home = variant_to_dict(self.asked_under(default_reading(self.game)).variant)
        return not reading.has_plugin and all(now[f] == home[f] for f in relevant)


def derived_overrides(reading: Any) -> tuple[str, ...]:
    """The methods and attributes a reading's derived engine defines over the game's engine class.

    ``spec`` (the derived game's own specification, which conformance holds
    the engine to) and Python's own dunder names are left out.

    >>> from ruleproof.model.io.readings import default_reading
    >>> derived_overrides(default_reading("take5"))
    ()
    """
    derived = getattr(reading, "derived", None)
    if derived is None:
        return ()
    base = type(reading.base)
    names: set[str] = set()
    for cls in type(derived).__mro__:
        if cls is base or issubclass(base, cls):
            break
        names |= {k for k in vars(cls)
                  if k not in ("spec", "_abc_impl") and not (k.startswith("__") and k.endswith("__"))}
    return tuple(sorted(names))


def _flag_text(flags: dict[str, object]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in flags.items())


def _plugin_text(reading: Any) -> str:
    parts = []
    if reading.rules:
        parts.append("extra rules " + ", ".join(reading.rule_ids))
    if reading.derived is not None:
        parts.append("derived engine " + reading.engine_name())
    return " and ".join(parts)


_QUESTIONS: dict[str, Question] = {}

#: Per question id, how to answer it under a reading its encoding cannot follow (a plugin): called with the
#: question, ``full``, the reading (with the question's fixed flags) and why the encoding does not apply.
Fallback = Callable[[Question, bool, Any, str], Finding]
_FALLBACKS: dict[str, Fallback] = {}


def register_fallback(question_id: str, fallback: Fallback) -> None:
    """Answer ``question_id`` with ``fallback`` where its encoding cannot follow a reading's plugin (a search on
    the reading's own engine: :mod:`ruleproof.checkers.analysis.probes`)."""
    _FALLBACKS[question_id] = fallback


def has_fallback(question_id: str) -> bool:
    """Whether a question is answered by a search on the reading's engine where its encoding cannot follow it."""
    return question_id in _FALLBACKS


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


def run_catalogue(game: str, full: bool = False, reading: Any = None) -> Iterator[Finding]:
    """Answer every question of a game under ``reading`` (default: the default reading)."""
    for question in questions(game):
        yield question.ask(full, reading)
