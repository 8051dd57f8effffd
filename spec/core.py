"""Shared machinery of the executable specifications.

A game's specification is a :class:`GameSpec`: its rules (each a :class:`Rule`
with a stable id, a restatement in our own words, a :class:`Source` citation and
a predicate), its :class:`Ambiguity` records and its frozen variant dataclass.

Rules look at one :class:`Step` of play: the state before, who acts and with
which move, and, for effect rules, the state after. A rule's ``check`` returns
``None`` when the rule holds and a readable message naming the cards or cells
involved when it is broken. Checking a move collects every broken rule into a
:class:`Report`; a move is legal when the report is empty.

>>> rule = Rule(
...     id="DEMO-1", title="Positive", text="The number played must be positive.",
...     source=Source("demo.txt", "Раздел"), kind=RuleKind.LEGALITY,
...     check=lambda step: None if step.move > 0 else f"{step.move} is not positive")
>>> report = check_rules((rule,), Step(None, None, 0, -3))
>>> report.rule_ids
('DEMO-1',)
>>> print(report)
DEMO-1 (Positive): -3 is not positive
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ruleproof.spec.errors import VariantError

#: The actor id of chance (deals, draws, shuffles).
CHANCE = -1
#: What ``current_player`` returns once the game is over.
TERMINAL = -2

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


class Move:
    """Base class of every game's moves.

    Subclasses are ``@dataclass(frozen=True, slots=True)`` value objects with a
    ``__str__`` text form. Equality and hashing include the class (two moves of
    different kinds with equal fields are different moves, which plain
    NamedTuples would get wrong), and moves sort across kinds by class name,
    then fields, so ``legal_moves`` can always be sorted.

    >>> @dataclass(frozen=True, slots=True)
    ... class Play(Move):
    ...     card: int
    >>> @dataclass(frozen=True, slots=True)
    ... class Take(Move):
    ...     row: int
    >>> Play(1) == Take(1), sorted([Take(0), Play(3), Play(2)])
    (False, [Play(card=2), Play(card=3), Take(row=0)])
    """

    __slots__ = ()

    def sort_key(self) -> tuple[object, ...]:
        """``(class name, field values...)``: the order of :func:`sorted`."""
        cls = type(self)
        return (cls.__name__, *(getattr(self, name) for name in _field_names(cls)))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key() <= other.sort_key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key() > other.sort_key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key() >= other.sort_key()


_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}


def _field_names(cls: type[Any]) -> tuple[str, ...]:
    """A move class's field names in order (``dataclasses.fields`` rebuilds its list on every call:
    sorting and checking legal moves asked it for every comparison)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        if len(_FIELD_NAMES) < 1024:
            _FIELD_NAMES[cls] = names
    return names


@dataclass(frozen=True)
class Source:
    """Where a rule comes from: a rulebook file and a section heading, verbatim.

    >>> str(Source("002_14cf867976a02cf7.txt", "СЛИШКОМ НИЗКАЯ КАРТА"))
    '002_14cf867976a02cf7.txt § СЛИШКОМ НИЗКАЯ КАРТА'
    """

    rulebook: str
    section: str
    #: Set when the fact comes from RULES-NOTES.md (the publisher's rules)
    #: rather than from the rulebook text itself.
    note: str = ""

    def __str__(self) -> str:
        text = f"{self.rulebook} § {self.section}"
        return f"{text} ({self.note})" if self.note else text


class RuleKind(enum.Enum):
    """What a rule constrains."""

    #: Whether a move may be made in a state.
    LEGALITY = "legality"
    #: What a move does: a relation between the states before and after.
    EFFECT = "effect"
    #: Who wins a finished game: checked with the terminal state as ``before``
    #: and the claimed winners (a frozenset of seats) as ``move``.
    OUTCOME = "outcome"


class Step(typing.NamedTuple, Generic[V, S, M]):
    """One step of play as a rule sees it.

    An immutable named tuple rather than a frozen dataclass: :meth:`GameSpec.is_legal` builds one per
    candidate move, and a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``
    (several times the cost of building the tuple).

    >>> Step("v", "s", 0, "m")
    Step(variant='v', before='s', actor=0, move='m', after=None)
    """

    variant: V
    before: S
    actor: int
    move: M
    after: S | None = None


def _always(step: Step[Any, Any, Any]) -> bool:
    return True


#: The tag of a rule whose text holds a comparison, a count, a tie-break or an
#: order (thresholds, capacities, "at or above", "fewest … then …", first/last).
BOUNDARY = "boundary"
#: ``tags=BOUNDARY_TAGS`` in a :class:`Rule` marks it as a boundary rule.
BOUNDARY_TAGS: frozenset[str] = frozenset({BOUNDARY})


@dataclass(frozen=True)
class Rule:
    """One rule of a game.

    :param id: stable id such as ``T5-PLACE-2``; never renumbered.
    :param title: a few words.
    :param text: the rule restated in our own words.
    :param source: where the rulebook says it.
    :param kind: legality (may this move be made?) or effect (what it does).
    :param check: ``None`` when the rule holds for the step, else a message.
    :param applies: whether the rule is relevant to the step at all; a rule
        that applies to a step is said to *fire* on it.
    :param flags: the variant flags that change this rule.
    :param tags: labels for tools; :data:`BOUNDARY` marks a rule with a
        comparison, count, tie-break or order, which needs a test that builds
        the boundary position by hand (``@pytest.mark.boundary(rule_id)``).
    :param holds: the rule's yes/no fast form, optional: ``True`` exactly when
        ``check`` returns ``None``, without building the message. A game's
        specification leaves it empty; its acceleration module attaches one by
        rule id (:mod:`ruleproof.spec.accel`), tested against ``check``.
    :param moves: the move classes the rule can apply to, optional (empty: every class): a promise that
        ``applies`` is false for a move of any other class (an accelerated spec skips the rule for such
        moves); :func:`move_class_disagreements` finds a rule that breaks the promise.

    >>> Rule("DEMO-2", "At least two", "Two or more.", Source("demo.txt", "Раздел"), RuleKind.LEGALITY,
    ...      lambda step: None, tags=BOUNDARY_TAGS).is_boundary
    True
    >>> positive = Rule("DEMO-3", "Positive", "Positive.", Source("demo.txt", "Раздел"), RuleKind.LEGALITY,
    ...                 lambda step: None if step.move > 0 else f"{step.move} is not positive",
    ...                 holds=lambda step: step.move > 0)
    >>> positive.allows(Step(None, None, 0, 4)), positive.allows(Step(None, None, 0, -1))
    (True, False)
    """

    id: str
    title: str
    text: str
    source: Source
    kind: RuleKind
    check: Callable[[Step[Any, Any, Any]], str | None]
    applies: Callable[[Step[Any, Any, Any]], bool] = _always
    flags: tuple[str, ...] = ()
    tags: frozenset[str] = frozenset()
    holds: Callable[[Step[Any, Any, Any]], bool] | None = None
    moves: tuple[type[Any], ...] = ()

    def can_apply_to(self, kind: type[Any]) -> bool:
        """Whether the rule may apply to a move of class ``kind`` (its :attr:`moves` allow the class).

        >>> rule = Rule("DEMO-6", "Ints", "Ints.", Source("demo.txt", "Раздел"), RuleKind.LEGALITY,
        ...             lambda step: None, moves=(int,))
        >>> rule.can_apply_to(bool), rule.can_apply_to(str)
        (True, False)
        """
        return not self.moves or issubclass(kind, self.moves)

    @property
    def is_boundary(self) -> bool:
        """Whether the rule carries the :data:`BOUNDARY` tag."""
        return BOUNDARY in self.tags

    def allows(self, step: Step[Any, Any, Any]) -> bool:
        """Whether the rule holds for ``step`` (it does not apply, or it is not broken), by the fast form when
        the rule has one."""
        applies = self.applies
        if applies is not _always and not applies(step):
            return True
        holds = self.holds
        return holds(step) if holds is not None else self.check(step) is None


@dataclass(frozen=True)
class Violation:
    """A broken rule and why."""

    rule_id: str
    title: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule_id} ({self.title}): {self.message}"


@dataclass(frozen=True)
class Report:
    """Every rule a step breaks; empty when the step is allowed."""

    violations: tuple[Violation, ...] = ()

    @property
    def ok(self) -> bool:
        """True when no rule is broken."""
        return not self.violations

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The ids of the broken rules, in rule order."""
        return tuple(v.rule_id for v in self.violations)

    def __bool__(self) -> bool:
        return bool(self.violations)

    def __str__(self) -> str:
        return "; ".join(str(v) for v in self.violations) if self.violations else "ok"


def check_rules(rules: Iterable[Rule], step: Step[Any, Any, Any]) -> Report:
    """Check ``step`` against every rule that applies to it."""
    found = []
    for rule in rules:
        applies = rule.applies
        if applies is not _always and not applies(step):
            continue
        message = rule.check(step)
        if message is not None:
            found.append(Violation(rule.id, rule.title, message))
    return Report(tuple(found)) if found else _NO_VIOLATION


#: The report of a step that breaks no rule (reports are immutable: one serves every such step).
_NO_VIOLATION = Report()


def move_class_disagreements(rules: Iterable[Rule], step: Step[Any, Any, Any]) -> tuple[str, ...]:
    """The ids of the rules that apply to ``step`` although their ``moves`` leave out the step's move class
    (an accelerated spec would wrongly skip them).

    >>> wide = Rule("DEMO-7", "Any", "Any.", Source("demo.txt", "Раздел"), RuleKind.LEGALITY, lambda step: None,
    ...             applies=lambda step: step.move != 0, moves=(int,))
    >>> narrow = dataclasses.replace(wide, id="DEMO-8", moves=(str,))
    >>> move_class_disagreements((wide, narrow), Step(None, None, 0, 6)), move_class_disagreements((narrow,), Step(None, None, 0, 0))
    (('DEMO-8',), ())
    """
    return tuple(rule.id for rule in rules if not rule.can_apply_to(type(step.move)) and rule.applies(step))


@dataclass(frozen=True)
class RuleConstant:
    """A number the rulebook fixes (a count, a size, a threshold, a table of values), named once.

    Every layer reads it from its game's :class:`ConstantTable` instead of
    writing the number again (``tests/test_rule_constants.py`` looks for such
    literals).

    :param name: the constant's name in lower case (``row_capacity``).
    :param value: its value in the rulebook: an ``int``, or a tuple for a table of values.
    :param meaning: what it counts, in our words.
    :param source: where the rulebook fixes it.
    :param quote: the passage that fixes it, verbatim (a paraphrase is marked ``(paraphrase)``).
    :param low: the smallest value a variant may give it (``None``: not a parameter).
    :param high: the largest value a variant may give it.

    >>> RuleConstant("rows", 4, "rows on the table", Source("demo.txt", "Раздел"), "четыре карты", 1, 8).value
    4
    """

    name: str
    value: int | tuple[Any, ...]
    meaning: str
    source: Source
    quote: str
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class ConstantTable:
    """A game's rule constants (:class:`RuleConstant`), in the rulebook's order.

    >>> table = ConstantTable("demo", (RuleConstant("rows", 4, "rows", Source("demo.txt", "Раздел"), "четыре"),))
    >>> table.number("rows"), [c.name for c in table]
    (4, ['rows'])
    >>> table.number("cols")
    Traceback (most recent call last):
    ...
    KeyError: "demo has no rule constant 'cols'; constants: rows"
    """

    game: str
    constants: tuple[RuleConstant, ...]

    def __post_init__(self) -> None:
        names = [c.name for c in self.constants]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.game}: a rule constant is named twice in {names!r}")

    def __iter__(self) -> Iterator[RuleConstant]:
        return iter(self.constants)

    def constant(self, name: str) -> RuleConstant:
        """The constant called ``name``.

        :raises KeyError: for an unknown name, listing the known ones.
        """
        for constant in self.constants:
            if constant.name == name:
                return constant
        raise KeyError(f"{self.game} has no rule constant {name!r}; constants: "
                       f"{', '.join(c.name for c in self.constants)}")

    def number(self, name: str) -> int:
        """The value of an integer constant.

        :raises TypeError: when the constant is a table.
        """
        value = self.constant(name).value
        if not isinstance(value, int):
            raise TypeError(f"{self.game} rule constant {name!r} is a table, not a number")
        return value

    def table(self, name: str) -> tuple[Any, ...]:
        """The value of a table constant.

        :raises TypeError: when the constant is a single number.
        """
        value = self.constant(name).value
        if not isinstance(value, tuple):
            raise TypeError(f"{self.game} rule constant {name!r} is a number, not a table")
        return value


def check_constant_flags(variant: object, table: ConstantTable) -> None:
    """Refuse a variant whose flag for a rule constant leaves the constant's bounds.

    A variant dataclass names a flag after each constant a reading may change
    (``row_capacity``), defaulting to the table's value; this checks every
    such flag (each member of a table flag) against the constant's
    :attr:`~RuleConstant.low` and :attr:`~RuleConstant.high`.

    :raises VariantError: naming the flag, its bounds and what it counts.

    >>> from dataclasses import dataclass
    >>> table = ConstantTable("demo", (RuleConstant("rows", 4, "rows on the table", Source("d.txt", "Р"), "четыре",
    ...                                              1, 8),))
    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     rows: int = 4
    >>> check_constant_flags(Demo(rows=8), table)
    >>> check_constant_flags(Demo(rows=9), table)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: rows must be from 1 to 8 (rows on the table); got 9
    """
    for constant in table:
        if constant.low is None or constant.high is None or not hasattr(variant, constant.name):
            continue
        value = getattr(variant, constant.name)
        members = value if isinstance(value, tuple) else (value,)
        for member in members:
            if type(member) is not int or not constant.low <= member <= constant.high:
                raise VariantError(f"{constant.name} must be from {constant.low} to {constant.high} "
                                   f"({constant.meaning}); got {value!r}", flag=constant.name)


@dataclass(frozen=True)
class Reading:
    """One way of reading an ambiguous passage, and the flag value selecting it."""

    value: object
    description: str


@dataclass(frozen=True)
class Ambiguity:
    """A point where the text is silent, ambiguous or contradicts the publisher.

    :param flag: the field of the game's variant dataclass that selects a
        reading; empty when the project fixes one reading (no flag).
    :param contradiction: empty when every reading can be played; otherwise
        which reading cannot be played and the rule it contradicts (a test
        shows the contradiction with a failing replay or a solver core).
    """

    id: str
    question: str
    quote: str
    source: Source
    readings: tuple[Reading, ...]
    default: object
    flag: str = ""
    rule_ids: tuple[str, ...] = ()
    contradiction: str = ""


@dataclass(frozen=True)
class GameSpec(Generic[V, S, M]):
    """A game's executable specification.

    :param whose_turn: the spec's own account of who acts in a state
        (a seat, :data:`CHANCE` or :data:`TERMINAL`).
    :param candidate_moves: a finite superset of the moves that could be
        legal for ``actor`` in a state, enumerated without the engine; the
        conformance checker filters it through the legality rules and compares
        the result with the engine's legal moves.
    """

    name: str
    title: str
    rulebook: str
    variant_type: type[V]
    rules: tuple[Rule, ...]
    ambiguities: tuple[Ambiguity, ...]
    whose_turn: Callable[[S], int]
    candidate_moves: Callable[[S, int], Iterable[M]]
    parse_move: Callable[[str], M]
    min_players: int
    max_players: int

    def __post_init__(self) -> None:
        ids = [r.id for r in self.rules]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"{self.name}: duplicate rule ids {duplicates!r}")
        known = set(ids)
        for amb in self.ambiguities:
            unknown = [r for r in amb.rule_ids if r not in known]
            if unknown:
                raise ValueError(f"{self.name}: ambiguity {amb.id} names unknown rules {unknown!r}")
            if amb.flag and amb.flag not in {f.name for f in dataclasses.fields(self.variant_type)}:  # type: ignore[arg-type]
                raise ValueError(f"{self.name}: ambiguity {amb.id} names unknown flag {amb.flag!r}")

    @functools.cached_property
    def rules_by_kind(self) -> dict[RuleKind, tuple[Rule, ...]]:
        """The rules of each kind, in the specification's order (built once: hot paths use it)."""
        return {kind: tuple(r for r in self.rules if r.kind is kind) for kind in RuleKind}

    @property
    def legality_rules(self) -> tuple[Rule, ...]:
        """The rules that decide whether a move may be made."""
        return self.rules_by_kind[RuleKind.LEGALITY]

    @property
    def effect_rules(self) -> tuple[Rule, ...]:
        """The rules that say what a move does."""
        return self.rules_by_kind[RuleKind.EFFECT]

    def rule(self, rule_id: str) -> Rule:
        """The rule with this id.

        :raises KeyError: for an unknown id, listing the known ones.
        """
        for r in self.rules:
            if r.id == rule_id:
                return r
        raise KeyError(f"{self.name} has no rule {rule_id!r}; known: {', '.join(r.id for r in self.rules)}")

    def check_move(self, variant: V, state: S, actor: int, move: M) -> Report:
        """Every legality rule that ``actor`` playing ``move`` in ``state`` breaks (their messages, in rule
        order)."""
        return check_rules(self.legality_rules, Step(variant, state, actor, move))

    def is_legal(self, variant: V, state: S, actor: int, move: M) -> bool:
        """Whether the legality rules allow the move: :meth:`check_move` finds no broken rule.

        >>> rule = Rule("DEMO-9", "Even", "Even.", Source("demo.txt", "Раздел"), RuleKind.LEGALITY,
        ...             lambda step: None if step.move % 2 == 0 else "odd")
        >>> spec = GameSpec("demo", "Demo", "demo.txt", object, (rule,), (), lambda s: 0, lambda s, a: (),
        ...                 int, 1, 1)
        >>> spec.is_legal(None, None, 0, 4), spec.is_legal(None, None, 0, 3)
        (True, False)
        """
        step = Step(variant, state, actor, move)
        return all(rule.allows(step) for rule in self.legality_rules)

    def allowed_moves(self, variant: V, state: S, actor: int, moves: Iterable[M]) -> list[M]:
        """The moves among ``moves`` that :meth:`is_legal` allows, in their order.

        >>> rule = Rule("DEMO-9", "Even", "Even.", Source("demo.txt", "Раздел"), RuleKind.LEGALITY,
        ...             lambda step: None if step.move % 2 == 0 else "odd")
        >>> spec = GameSpec("demo", "Demo", "demo.txt", object, (rule,), (), lambda s: 0, lambda s, a: (),
        ...                 int, 1, 1)
        >>> spec.allowed_moves(None, None, 0, [3, 4, 7, 8])
        [4, 8]
        """
        return [m for m in moves if self.is_legal(variant, state, actor, m)]

    def check_transition(self, variant: V, before: S, actor: int, move: M, after: S) -> Report:
        """Every effect rule that the transition ``before → after`` breaks."""
        return check_rules(self.effect_rules, Step(variant, before, actor, move, after))

    def check_outcome(self, variant: V, state: S, winners: frozenset[int]) -> Report:
        """Every outcome rule that claiming ``winners`` for the finished ``state`` breaks."""
        rules = [r for r in self.rules if r.kind is RuleKind.OUTCOME]
        return check_rules(rules, Step(variant, state, TERMINAL, winners))

    def fired(self, variant: V, before: S, actor: int, move: M, after: S | None = None) -> tuple[str, ...]:
        """The ids of the rules relevant to this step (used for statistics)."""
        step = Step(variant, before, actor, move, after)
        return tuple(r.id for r in self._fired_rules[after is not None] if r.applies(step))

    @functools.cached_property
    def _fired_rules(self) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
        """The rules :meth:`fired` looks at, in order: legality only, then legality and effect."""
        return (self.rules_by_kind[RuleKind.LEGALITY],
                tuple(r for r in self.rules if r.kind is RuleKind.LEGALITY or r.kind is RuleKind.EFFECT))

    def spec_legal_moves(self, variant: V, state: S, actor: int) -> list[M]:
        """The candidate moves the legality rules allow, in candidate order."""
        return self.allowed_moves(variant, state, actor, self.candidate_moves(state, actor))


# --------------------------------------------------------------------------
# Variant configurations: one frozen dataclass per game.


def variant_to_dict(variant: object) -> dict[str, object]:
    """The variant's flags as a JSON-ready mapping."""
    if not dataclasses.is_dataclass(variant) or isinstance(variant, type):
        raise TypeError(f"not a variant dataclass instance: {variant!r}")
    return {f.name: _plain(getattr(variant, f.name)) for f in dataclasses.fields(variant)}


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


_FLAG_TYPES: dict[type[Any], dict[str, Any]] = {}


def _flag_types(variant_type: type[Any]) -> dict[str, Any]:
    """A variant type's resolved annotations, read-only (resolving compiles each one:
    cached, as every record validated resolves them; at most 128 types kept)."""
    hints = _FLAG_TYPES.get(variant_type)
    if hints is None:
        if len(_FLAG_TYPES) >= 128:
            _FLAG_TYPES.clear()
        hints = _FLAG_TYPES[variant_type] = typing.get_type_hints(variant_type)
    return hints


def variant_choices(variant_type: type[Any], flag: str) -> tuple[object, ...]:
    """The values a ``Literal`` or ``bool`` flag allows (empty when open)."""
    hint = _flag_types(variant_type)[flag]
    if hint is bool:
        return (False, True)
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    return ()


#: Comparison flags (``end_rule='>='``) typed by name, where a shell or a game string cannot take the symbol:
#: ``--variant end_rule=gt`` is ``'>'`` (the OpenSpiel adapter writes the names, :mod:`ruleproof.checkers.interop`).
OPERATOR_SYMBOLS: dict[str, str] = {"ge": ">=", "gt": ">", "le": "<=", "lt": "<", "eq": "==", "ne": "!="}


def _coerce(variant_type: type[Any], name: str, hint: Any, value: object, from_text: bool) -> object:
    where = f"flag {name!r} of {variant_type.__name__}"
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        if from_text and isinstance(value, str):
            value = OPERATOR_SYMBOLS.get(value, value) if OPERATOR_SYMBOLS.get(value) in allowed else value
            for a in allowed:
                if str(a) == value:
                    return a
        if value in allowed and type(value) in {type(a) for a in allowed}:
            return value
        raise VariantError(f"{where} must be one of {', '.join(repr(a) for a in allowed)}; got {value!r}")
    if hint is bool:
        if from_text and isinstance(value, str):
            lowered = value.lower()
            if lowered in {"true", "yes", "1", "on"}:
                return True
            if lowered in {"false", "no", "0", "off"}:
                return False
        if isinstance(value, bool):
            return value
        raise VariantError(f"{where} must be true or false; got {value!r}")
    if hint is int:
        if from_text and isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                raise VariantError(f"{where} must be an integer; got {value!r}") from None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise VariantError(f"{where} must be an integer; got {value!r}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise VariantError(f"{where} must be a string; got {value!r}")
    if origin is tuple:
        args = typing.get_args(hint)
        item = args[0]
        if from_text and isinstance(value, str):
            value = [v for v in value.split(",") if v.strip()] if value.strip() else []
        if not isinstance(value, (list, tuple)):
            raise VariantError(f"{where} must be a list; got {value!r}")
        return tuple(_coerce(variant_type, name, item, v, from_text) for v in value)
    if origin in (types.UnionType, typing.Union):
        args = typing.get_args(hint)
        if value is None or (from_text and value in ("none", "None", "")):
            if type(None) in args:
                return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _coerce(variant_type, name, arg, value, from_text)
            except VariantError as exc:
                errors.append(str(exc))
        raise VariantError(errors[-1] if errors else f"{where}: bad value {value!r}")
    raise VariantError(f"{where} has an unsupported type {hint!r}")


def without_retired_flags(variant_type: type[Any], mapping: Mapping[str, object], *,
                          from_text: bool = False) -> dict[str, object]:
    """``mapping`` without the flags ``variant_type`` retired (its ``RETIRED_FLAGS``).

    A retired flag at its old value (which meant "nothing", so old files keep
    loading) is dropped; at any other value it is refused with the reason it
    was retired.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     RETIRED_FLAGS = {"path": ("", "files are not read")}
    ...     mode: str = "a"
    >>> without_retired_flags(Demo, {"path": "", "mode": "b"})
    {'mode': 'b'}
    >>> without_retired_flags(Demo, {"path": "/etc/passwd"})
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: flag 'path' of Demo was retired and only its old value '' is accepted; got '/etc/passwd': files are not read
    """
    retired: Mapping[str, tuple[object, str]] = getattr(variant_type, "RETIRED_FLAGS", {})
    kept: dict[str, object] = {}
    for key, value in mapping.items():
        if key in retired:
            old, why = retired[key]
            if value == old and (type(value) is type(old) or from_text and str(value) == str(old)):
                continue
            raise VariantError(f"flag {key!r} of {variant_type.__name__} was retired and only its old value "
                               f"{old!r} is accepted; got {str(value)[:80]!r}: {why}", flag=key)
        kept[key] = value
    return kept


def variant_from_mapping(variant_type: type[V], mapping: Mapping[str, object], *, from_text: bool = False) -> V:
    """Build a variant from a mapping of flag names to values, validating both.

    With ``from_text`` the values may be strings as typed on a command line.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     threshold: int = 66
    ...     mode: str = "a"
    >>> variant_from_mapping(Demo, {"threshold": "70"}, from_text=True)
    Demo(threshold=70, mode='a')
    >>> variant_from_mapping(Demo, {"colour": "red"})
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: Demo has no flag 'colour'; flags: threshold, mode
    """
    hints = _flag_types(variant_type)
    names = [f.name for f in dataclasses.fields(variant_type)]  # type: ignore[arg-type]
    values: dict[str, object] = {}
    for key, value in without_retired_flags(variant_type, mapping, from_text=from_text).items():
        if key not in names:
            raise VariantError(f"{variant_type.__name__} has no flag {key!r}; flags: {', '.join(names)}", flag=key)
        try:
            values[key] = _coerce(variant_type, key, hints[key], value, from_text)
        except VariantError as exc:
            exc.flag = exc.flag or key
            raise
    try:
        return variant_type(**values)
    except VariantError as exc:
        # A check in the variant's __post_init__ that does not say which flag, but whose message starts
        # with the flag's name ("rounds must be ..."), names it: a record's error is then at $.variant.<flag>.
        first = str(exc.args[0]).split(" ", 1)[0] if exc.args else ""
        exc.flag = exc.flag or (first if first in names else "")
        raise
    except (TypeError, ValueError) as exc:
        raise VariantError(f"{variant_type.__name__}: {exc}") from None


def parse_variant_assignments(variant_type: type[V], assignments: Sequence[str]) -> V:
    """Build a variant from ``flag=value`` strings as given on a command line.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     auto: bool = False
    >>> parse_variant_assignments(Demo, ["auto=yes"])
    Demo(auto=True)
    >>> parse_variant_assignments(Demo, ["auto"])
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: expected flag=value, got 'auto'
    """
    mapping: dict[str, str] = {}
    for item in assignments:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise VariantError(f"expected flag=value, got {item!r}")
        mapping[key.strip()] = value.strip()
    return variant_from_mapping(variant_type, mapping, from_text=True)
