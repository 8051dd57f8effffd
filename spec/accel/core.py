"""The speed machinery of the executable specifications, kept beside them.

A game's specification (``ruleproof.spec.<game>``) is written for a reader:
plain predicates in the rulebook's order, with no cache, memory or fast form.
Its acceleration module (``ruleproof.spec.accel.<game>``) makes the same
specification fast without changing a single answer. It attaches, by rule id
and by name, an :class:`Acceleration`:

* **fast forms of rules** (:class:`FastForm`): a yes/no form ``holds`` (True
  exactly when the rule's ``check`` returns ``None``, without building the
  message) and/or a faster ``check`` that returns the same message;
* **fast calculations** (:class:`FastCalculation`): a pure calculation of the
  plain module (``compute_whose_turn``, a board's lines, …) replaced in that
  module by a function with the same answers: the same function with a memory
  (:func:`remember_last`, a bounded table) or another algorithm;
* a fast ``whose_turn`` and ``candidate_moves`` for the spec;

and :func:`accelerate` builds an :class:`AcceleratedSpec`, whose
``is_legal``, ``allowed_moves`` and ``check_move`` ask the fast forms, skip the
rules a move's class cannot break, and ask the rules that reject most moves
first. Every verdict is the plain specification's:
``tests/spec/test_accelerations.py`` compares every attached fast form and
fast calculation with its plain counterpart on steps of generated games of
every game, and the spec tests run a second time with the accelerations
switched off.

The switch: the environment variable ``RULEPROOF_SPEC_ACCEL`` read once, when
this module is first imported. ``off`` (or ``0``, ``no``, ``false``) leaves
every specification plain: :func:`accelerate` then returns the spec it is
given and attaches nothing.

>>> from ruleproof.spec.core import Rule, RuleKind, Source, Step
>>> even = Rule("DEMO-1", "Even", "Even.", Source("demo.txt", "Раздел"), RuleKind.LEGALITY,
...             lambda step: None if step.move % 2 == 0 else f"{step.move} is odd")
>>> plain = GameSpec("demo", "Demo", "demo.txt", object, (even,), (), lambda s: 0, lambda s, a: range(6),
...                  int, 1, 1)
>>> fast = accelerate(plain, Acceleration("demo", (FastForm("DEMO-1", holds=lambda step: not step.move & 1),)),
...                   enabled=True)
>>> fast.spec_legal_moves(None, None, 0), fast.plain is plain
([0, 2, 4], True)
>>> fast_form_disagreements(fast.rules, Step(None, None, 0, 3))
()
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import operator
import os
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby, repeat
from types import ModuleType
from typing import Any, TypeVar

from ruleproof.spec.core import _NO_VIOLATION, GameSpec, Report, Rule, Step, Violation, _always

#: The environment variable that switches the accelerations off (``off``, ``0``, ``no``, ``false``).
SWITCH = "RULEPROOF_SPEC_ACCEL"

#: Whether accelerations are attached in this process (read once, at import).
ENABLED: bool = os.environ.get(SWITCH, "on").strip().lower() not in {"off", "0", "no", "false"}

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")

#: A step's move (a C-level getter: :meth:`AcceleratedSpec.allowed_moves` reads it off every step).
_MOVE_OF = operator.itemgetter(3)

#: The shortest list of moves :meth:`AcceleratedSpec.allowed_moves` asks rule by rule (shorter: move by move).
_BATCH_FROM = 16

#: Argument types that can change in place under one identity (never remembered by :func:`remember_last`).
_MUTABLE = (list, dict, set, bytearray)

P = typing.ParamSpec("P")
R = TypeVar("R")


def remember_last(function: Callable[P, R]) -> Callable[P, R]:
    """Remember ``function``'s last result for arguments that are the very same objects.

    Rule predicates ask the same question about one state many times (every
    rule of every candidate move asks whose turn it is, or whether the hand
    can still be placed). States and their parts are immutable, so a call
    whose positional arguments are *the same objects* (``is``) as the last
    call's has the same result; any other call computes afresh. The last
    arguments are kept alive, so their identities cannot be reused by new
    objects. Keyword calls, and calls with a list, dict, set or bytearray
    argument (which can change in place), are never remembered. One
    (arguments, result) pair is swapped in at once, so threads see a
    consistent pair.

    >>> calls = []
    >>> @remember_last
    ... def total(cards: tuple[int, ...]) -> int:
    ...     calls.append(cards)
    ...     return sum(cards)
    >>> hand = (3, 4)
    >>> total(hand), total(hand), total((3, 4, 5)), total(hand)
    (7, 7, 12, 7)
    >>> len(calls)
    3
    >>> cards = [1, 2]
    >>> total(cards), cards.append(3), total(cards)
    (3, None, 6)
    """
    last: list[tuple[tuple[Any, ...], Any]] = [((object(),), None)]

    @functools.wraps(function)
    def remembered(*args: P.args, **kwargs: P.kwargs) -> R:
        seen, result = last[0]
        # The common calls first, without a loop: one or two arguments, the same objects as last time.
        count = len(args)
        if count == len(seen) and not kwargs:
            if count == 1:
                if args[0] is seen[0]:
                    one: R = result
                    return one
            elif count == 2:
                if args[0] is seen[0] and args[1] is seen[1]:
                    two: R = result
                    return two
            else:
                for a, b in zip(seen, args):
                    if a is not b:
                        break
                else:
                    known: R = result
                    return known
        elif kwargs:
            return function(*args, **kwargs)
        value = function(*args, **kwargs)  # kwargs is empty here
        for a in args:
            if isinstance(a, _MUTABLE):  # may change under the same identity: never remembered
                break
        else:
            last[0] = (args, value)
        return value

    return remembered


A = TypeVar("A")


def remember_last_one(function: Callable[[A], R]) -> Callable[[A], R]:
    """:func:`remember_last` for a function of one positional argument: its last answer kept for the very
    same object (a list, dict, set or bytearray never), without the generic wrapper's handling of any
    arguments (a fifth of its cost per answer: whose turn it is, asked for every move checked at a state).

    >>> calls = []
    >>> @remember_last_one
    ... def total(cards: tuple[int, ...]) -> int:
    ...     calls.append(cards)
    ...     return sum(cards)
    >>> hand = (3, 4)
    >>> total(hand), total(hand), total(tuple([3, 4])), total([3, 4]), total([3, 4])
    (7, 7, 7, 7, 7)
    >>> len(calls)
    4
    """
    last: list[tuple[object, Any]] = [(object(), None)]

    @functools.wraps(function)
    def remembered(arg: A) -> R:
        seen, result = last[0]
        if seen is arg:
            known: R = result
            return known
        value = function(arg)
        if not isinstance(arg, _MUTABLE):  # may change under the same identity: never remembered
            last[0] = (arg, value)  # one pair swapped in at once
        return value

    return remembered



# --------------------------------------------------------------------------
# The accelerated specification


@dataclass(frozen=True)
class AcceleratedSpec(GameSpec[V, S, M]):
    """A :class:`~ruleproof.spec.core.GameSpec` with fast forms attached (:func:`accelerate`): the same verdicts.

    :param plain: the plain specification it was made from.
    """

    plain: GameSpec[V, S, M] | None = None

    def check_move(self, variant: V, state: S, actor: int, move: M) -> Report:
        """Every legality rule that ``actor`` playing ``move`` in ``state`` breaks: ``check_rules`` over
        :attr:`legality_rules` (their messages, never their fast forms), read off the table of the rules
        that can apply to the move's class (:meth:`_legality_table`: the same rules in the same order, less
        those whose ``moves`` leave the class out)."""
        step = Step(variant, state, actor, move)
        table = self._class_tables.get(type(move))  # the table's own lookup, inlined: asked for every engine move
        if table is None:
            table = self._legality_table(type(move))
        found: list[Violation] | None = None
        for applies, _, check, rule in table:
            if applies is None or applies(step):
                message = check(step)
                if message is not None:
                    if found is None:
                        found = []
                    found.append(Violation(rule.id, rule.title, message))
        return _NO_VIOLATION if found is None else Report(tuple(found))

    def is_legal(self, variant: V, state: S, actor: int, move: M) -> bool:
        """Whether the legality rules allow the move: :meth:`check_move` finds no broken rule.

        The answer needs one broken rule, not all of them, so it stops at the
        first it finds, and it asks each rule's fast form (``Rule.holds``) when
        it has one: no message is built for a move that is then dropped. It
        looks only at the rules that can apply to the move's class
        (:meth:`_legality_table`). The verdict is the conjunction over the
        rules, so the order of asking does not change it: it asks the rules
        that rejected the most moves of the same class first (the candidates of
        a state mostly break the same rule; :meth:`_asking`); when a rule
        raises, the rules are asked again in rule order, where an earlier rule
        may settle the answer first (and a rule that raises there raises).
        """
        step = Step(variant, state, actor, move)
        kind = type(move)
        asking = self._asking_orders.get(kind)
        if asking is None:
            asking = self._asking(kind)
        order = asking[0]
        try:
            for position, (applies, holds, check, index) in enumerate(order):
                if (applies is None or applies(step)) and not (holds(step) if holds is not None
                                                               else check(step) is None):
                    counts = asking[1]
                    counts[index] += 1
                    if position and counts[index] > counts[order[position - 1][3]]:
                        # one place up: the order stays that of the counts (ties keep their places)
                        asking[0] = (*order[:position - 1], order[position], order[position - 1], *order[position + 1:])
                    return False
            return True
        except Exception:  # noqa: BLE001 - maybe out of order: the ordered pass below decides
            return self._is_legal_in_order(step)

    def allowed_moves(self, variant: V, state: S, actor: int, moves: Iterable[M]) -> list[M]:
        """The moves among ``moves`` that :meth:`is_legal` allows, in their order: the same verdicts, asked
        rule by rule over the moves instead of move by move.

        The moves of one class go through the class's rules in the asking
        order of :meth:`is_legal` (:meth:`_asking`), each rule over the moves
        no rule has rejected yet: a rule's fast form runs over a list by
        ``filter`` (a C loop), and each move's :class:`Step` is built once. The
        verdict on a move is the conjunction over its class's rules, as in
        :meth:`is_legal`. When a rule raises on a move, that move is decided as
        :meth:`is_legal` decides it then: by the rules in rule order
        (:meth:`_is_legal_in_order`; a rule that raises there raises). The
        rejections count towards the asking order, which is then sorted by the
        counts (ties keep their places). A list shorter than :data:`_BATCH_FROM` is asked move by move
        (measured: the batch's set-up then costs more than it saves).

        >>> from ruleproof.spec.core import RuleKind, Source
        >>> rule = Rule("DEMO-9", "Even", "Even.", Source("demo.txt", "Раздел"), RuleKind.LEGALITY,
        ...             lambda step: None if step.move % 2 == 0 else "odd")
        >>> plain = GameSpec("demo", "Demo", "demo.txt", object, (rule,), (), lambda s: 0, lambda s, a: (),
        ...                  int, 1, 1)
        >>> fast = accelerate(plain, Acceleration("demo", (FastForm("DEMO-9", holds=lambda step: step.move % 2 == 0),)),
        ...                   enabled=True)
        >>> fast.allowed_moves(None, None, 0, list(range(20)))
        [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]
        """
        moves = list(moves)
        if len(moves) < _BATCH_FROM:  # a short list: asking move by move costs less than setting up the batch
            return [m for m in moves if self.is_legal(variant, state, actor, m)]
        groups: dict[type[Any], list[M]] = {}  # the moves of each class, in order of first appearance
        runs = 0
        for kind, run in groupby(moves, type):
            group = groups.get(kind)
            if group is None:
                groups[kind] = list(run)
            else:
                group.extend(run)
            runs += 1
        settled: list[Step[V, S, M]] = []  # allowed by the rule-order pass after a rule raised
        allowed: list[Step[V, S, M]] = []
        for kind, group in groups.items():
            allowed += self._allowed_of_class(kind, Step(variant, state, actor, group), settled)
        if (runs != len(groups) or settled) and (allowed or settled):  # a class in several runs: the moves' order
            chosen = {id(step.move) for step in allowed}
            chosen.update(id(step.move) for step in settled)
            return [m for m in moves if id(m) in chosen]
        return list(map(_MOVE_OF, allowed))  # each class one run: the classes' lists in turn are in order

    @staticmethod
    def _steps(moves: Step[V, S, Sequence[M]]) -> Iterator[Step[V, S, M]]:
        """One :class:`Step` per move of ``moves.move`` (its other fields shared), made as they are asked for
        (C loops: ``zip`` and ``tuple.__new__``; only the steps a rule keeps stay alive)."""
        variant, state, actor, group, _ = moves
        return map(tuple.__new__, repeat(Step), zip(repeat(variant), repeat(state), repeat(actor), group,
                                                    repeat(None)))

    def _allowed_of_class(self, kind: type[Any], moves: Step[V, S, Sequence[M]],
                          settled: list[Step[V, S, M]]) -> list[Step[V, S, M]]:
        """:meth:`allowed_moves` for moves all of class ``kind`` (``moves.move``, with the variant, state and
        actor of every step): the steps every rule allows, in their order, less those decided by the
        rule-order pass after a rule raised on them (added to ``settled`` when allowed).

        The first rule of the asking order (the one that rejected the most moves) runs over all the moves,
        each step made as it is asked (:meth:`_steps`); each step it keeps then goes through the other
        rules on its own, in the asking order, as in :meth:`is_legal` (so rules that share one remembered
        analysis of a move, :func:`remember_last`, ask it one after the other)."""
        asking = self._asking_orders.get(kind)
        if asking is None:
            asking = self._asking(kind)
        order, counts = asking
        steps = self._steps(moves)
        if not order:
            return list(steps)
        applies, holds, check, index = order[0]
        try:
            if applies is None:
                kept = (list(filter(holds, steps)) if holds is not None
                        else [s for s in steps if check(s) is None])
            elif holds is not None:
                kept = [s for s in steps if not applies(s) or holds(s)]
            else:
                kept = [s for s in steps if not applies(s) or check(s) is None]
        except Exception:  # noqa: BLE001 - move by move: a move the rule raises on is decided in rule order
            before = len(settled)
            kept = self._one_rule_by_move(self._steps(moves), applies, holds, check, settled)
            counts[index] += len(moves.move) - len(kept) - (len(settled) - before)
        else:
            counts[index] += len(moves.move) - len(kept)
        rejected = len(moves.move) != len(kept)
        rest = order[1:]
        allowed = []
        for step in kept:
            try:
                for applies, holds, check, index in rest:
                    if (applies is None or applies(step)) and not (holds(step) if holds is not None
                                                                   else check(step) is None):
                        counts[index] += 1
                        rejected = True
                        break
                else:
                    allowed.append(step)
            except Exception:  # noqa: BLE001 - is_legal's fall-back
                if self._is_legal_in_order(step):
                    settled.append(step)
        if rejected:
            asking[0] = tuple(sorted(order, key=lambda test: -counts[test[3]]))
        return allowed

    def _one_rule_by_move(self, steps: Iterable[Step[V, S, M]], applies: Callable[[Step[Any, Any, Any]], bool] | None,
                          holds: Callable[[Step[Any, Any, Any]], bool] | None,
                          check: Callable[[Step[Any, Any, Any]], str | None],
                          settled: list[Step[V, S, M]]) -> list[Step[V, S, M]]:
        """The steps one rule allows, asked step by step; a step the rule raises on leaves the list, decided by
        :meth:`_is_legal_in_order` (into ``settled`` when allowed; raising when that raises)."""
        kept = []
        for step in steps:
            try:
                ok = (applies is not None and not applies(step)) or (holds(step) if holds is not None
                                                                      else check(step) is None)
            except Exception:  # noqa: BLE001 - is_legal's fall-back
                if self._is_legal_in_order(step):
                    settled.append(step)
                continue
            if ok:
                kept.append(step)
        return kept

    def _is_legal_in_order(self, step: Step[V, S, M]) -> bool:
        """:meth:`is_legal` asking the rules in rule order (a rule that raises here raises)."""
        for applies, holds, check, _ in self._legality_table(type(step.move)):
            if (applies is None or applies(step)) and not (holds(step) if holds is not None else check(step) is None):
                return False
        return True

    def _asking(self, kind: type[Any]) -> list[Any]:
        """The order :meth:`is_legal` asks the rules of moves of class ``kind`` in, and how many such moves
        each rule rejected: ``[tests, counts]``, where ``tests`` are the class's :meth:`_legality_table` rows
        as ``(applies, holds, check, position in the table)``, most rejections first (rule order at first),
        and ``counts[position]`` is that rule's count. One per class (at most 64 classes kept)."""
        table = self._legality_table(kind)
        asking: list[Any] = [tuple((applies, holds, check, index) for index, (applies, holds, check, _)
                                   in enumerate(table)), [0] * len(table)]
        if len(self._asking_orders) < 64:
            self._asking_orders[kind] = asking
        return asking

    def _legality_table(self, kind: type[Any]) -> tuple[tuple[Callable[[Step[Any, Any, Any]], bool] | None,
                                                              Callable[[Step[Any, Any, Any]], bool] | None,
                                                              Callable[[Step[Any, Any, Any]], str | None],
                                                              Rule], ...]:
        """Per legality rule that can apply to a move of class ``kind`` (``Rule.can_apply_to``), in rule
        order: its ``applies`` (``None`` when it always applies), its fast form ``holds`` (``None`` when it
        has none), its ``check`` and the rule; built once per class (at most 64 classes kept)."""
        tables = self._class_tables
        table = tables.get(kind)
        if table is None:
            table = tuple((None if rule.applies is _always else rule.applies, rule.holds, rule.check, rule)
                          for rule in self.legality_rules if rule.can_apply_to(kind))
            if len(tables) < 64:
                tables[kind] = table
        return table

    @functools.cached_property
    def _class_tables(self) -> dict[type[Any], tuple[Any, ...]]:
        """The tables of :meth:`_legality_table`, per move class."""
        return {}

    @functools.cached_property
    def _asking_orders(self) -> dict[type[Any], list[Any]]:
        """The orders of :meth:`_asking`, per move class."""
        return {}


# --------------------------------------------------------------------------
# What an acceleration attaches


@dataclass(frozen=True)
class FastForm:
    """Faster forms of one rule, attached by its id.

    :param rule_id: the rule's id in the plain specification.
    :param holds: ``True`` exactly when the rule's ``check`` returns ``None`` (no message built).
    :param check: the rule's message form, faster: the very message the plain ``check`` returns.
    """

    rule_id: str
    holds: Callable[[Step[Any, Any, Any]], bool] | None = None
    check: Callable[[Step[Any, Any, Any]], str | None] | None = None


@dataclass(frozen=True)
class FastCalculation:
    """A pure calculation of a plain spec module and its fast replacement (the same answers).

    :param module: the plain module's name (``ruleproof.spec.take5``).
    :param name: the calculation's name in it.
    :param plain: the plain function (kept, so tests compare the two).
    :param fast: the replacement: a memory of ``plain`` or another algorithm.
    :param memory: what kind of memory ``fast`` is (``last``: the last answer for the very same
        arguments, :func:`remember_last`; ``table``: a bounded table of answers), empty for another
        algorithm.
    """

    module: str
    name: str
    plain: Callable[..., Any]
    fast: Callable[..., Any]
    memory: str = ""

    @property
    def where(self) -> str:
        """``module.name``."""
        return f"{self.module}.{self.name}"

    def attach(self) -> None:
        """Put :attr:`fast` in the module in place of :attr:`plain` (once; a second call changes nothing).

        :raises RuntimeError: when the module's attribute is neither function (someone else replaced it).
        """
        module = importlib.import_module(self.module)
        current = getattr(module, self.name)
        if current is self.fast:
            return
        if current is not self.plain:
            raise RuntimeError(f"{self.where} was replaced by something else; cannot attach its fast form")
        setattr(module, self.name, self.fast)
        _ATTACHED[(self.module, self.name)] = self.plain


#: The plain function behind each attached calculation, by ``(module, name)`` (:func:`plain_attribute`).
_ATTACHED: dict[tuple[str, str], Callable[..., Any]] = {}


def plain_attribute(module: ModuleType, name: str) -> Any:
    """``module.name`` as the plain module defines it: the plain function when a fast calculation replaced it
    (the docs show and link the plain predicates a rule calls, never their accelerations).

    >>> from ruleproof.spec import take5
    >>> plain_attribute(take5, "compute_whose_turn").__module__
    'ruleproof.spec.take5'
    """
    return _ATTACHED.get((module.__name__, name), getattr(module, name))


def remembered(module: ModuleType, name: str) -> FastCalculation:
    """The calculation ``module.name`` with its last answer remembered for the very same arguments
    (:func:`remember_last`; for a function of one parameter, :func:`remember_last_one`).

    >>> import types
    >>> demo = types.ModuleType("demo")
    >>> demo.double = lambda x: 2 * x
    >>> calc = remembered(demo, "double")
    >>> calc.fast((1, 2)) == calc.plain((1, 2)), calc.memory
    (True, 'last')
    """
    plain = getattr(module, name)
    one = len(inspect.signature(plain).parameters) == 1
    return FastCalculation(module.__name__, name, plain, remember_last_one(plain) if one else remember_last(plain),
                           "last")


def tabled(module: ModuleType, name: str, size: int = 4096) -> FastCalculation:
    """The calculation ``module.name`` with a bounded table of answers (``functools.lru_cache``; its
    arguments must be hashable values)."""
    plain = getattr(module, name)
    return FastCalculation(module.__name__, name, plain, functools.lru_cache(maxsize=size)(plain), "table")


def replaced(module: ModuleType, name: str, fast: Callable[..., Any]) -> FastCalculation:
    """The calculation ``module.name`` computed by another algorithm, ``fast`` (the same answers)."""
    return FastCalculation(module.__name__, name, getattr(module, name), fast)


@dataclass(frozen=True)
class Acceleration:
    """Everything one game's acceleration module attaches to its plain specification."""

    game: str
    fast_forms: tuple[FastForm, ...] = ()
    calculations: tuple[FastCalculation, ...] = ()
    whose_turn: Callable[[Any], int] | None = None
    candidate_moves: Callable[[Any, int], Iterable[Any]] | None = None

    def attach_calculations(self) -> None:
        """Attach every fast calculation (:meth:`FastCalculation.attach`)."""
        for calculation in self.calculations:
            calculation.attach()


def accelerate(spec: GameSpec[V, S, M], acceleration: Acceleration, *,
               enabled: bool | None = None) -> GameSpec[V, S, M]:
    """``spec`` with ``acceleration`` attached (an :class:`AcceleratedSpec`); ``spec`` itself when the
    accelerations are switched off (``enabled``, default :data:`ENABLED`).

    :raises ValueError: a fast form names no rule of ``spec`` (a renamed rule would silently lose it).
    """
    if not (ENABLED if enabled is None else enabled):
        return spec
    plain = spec.plain if isinstance(spec, AcceleratedSpec) and spec.plain is not None else spec
    forms = {form.rule_id: form for form in acceleration.fast_forms}
    unknown = sorted(set(forms) - {rule.id for rule in plain.rules})
    if unknown:
        raise ValueError(f"{acceleration.game}: fast forms for unknown rules {unknown!r}")
    acceleration.attach_calculations()
    rules = []
    for rule in plain.rules:
        form = forms.get(rule.id)
        if form is not None:
            rule = dataclasses.replace(rule, holds=form.holds or rule.holds, check=form.check or rule.check)
        rules.append(rule)
    fields = {f.name: getattr(plain, f.name) for f in dataclasses.fields(plain)}
    fields.update(rules=tuple(rules), plain=plain,
                  whose_turn=acceleration.whose_turn or plain.whose_turn,
                  candidate_moves=acceleration.candidate_moves or plain.candidate_moves)
    return AcceleratedSpec(**fields)


def plain_spec(spec: GameSpec[V, S, M]) -> GameSpec[V, S, M]:
    """The plain specification behind ``spec`` (``spec`` itself when it is plain)."""
    if isinstance(spec, AcceleratedSpec) and spec.plain is not None:
        return spec.plain
    return spec


# --------------------------------------------------------------------------
# Checking fast forms against their plain forms


def fast_form_disagreements(rules: Iterable[Rule], step: Step[Any, Any, Any]) -> tuple[str, ...]:
    """The ids of the rules whose fast form (``holds``) disagrees with their message form (``check``) on ``step``,
    among the rules that apply to it.

    >>> from ruleproof.spec.core import RuleKind, Source
    >>> good = Rule("DEMO-4", "Even", "Even.", Source("demo.txt", "Раздел"), RuleKind.LEGALITY,
    ...             lambda step: None if step.move % 2 == 0 else "odd", holds=lambda step: step.move % 2 == 0)
    >>> bad = dataclasses.replace(good, id="DEMO-5", holds=lambda step: step.move % 4 == 0)
    >>> fast_form_disagreements((good, bad), Step(None, None, 0, 6))
    ('DEMO-5',)
    """
    found = []
    for rule in rules:
        holds = rule.holds
        if holds is None or not rule.applies(step):
            continue
        if holds(step) != (rule.check(step) is None):
            found.append(rule.id)
    return tuple(found)
