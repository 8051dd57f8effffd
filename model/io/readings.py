"""Readings as data: a game, its flag values, and the user's own extra rules.

A :class:`Reading` is what a rule interpretation amounts to: the game, the
value of every variant flag, a title, where the reading comes from, and
optionally a Python module of extra rules (a *plugin*, the user's own file).
Every command that checks something takes a reading (``--variant`` for flags,
``--reading FILE`` for a reading file); the findings, conformance, fuzzing,
records and certificates are all made under it.

A plugin module may define

* ``RULES``: extra :class:`ruleproof.spec.core.Rule` predicates of kind
  ``LEGALITY``. They restrict the moves: the reading's engine drops every
  legal move one of them rejects, and the reading's specification checks them,
  so validation, simulation, comparison, audits and proofs all honour them;
* ``GAME``: a derived engine (an instance of a subclass of the game's engine
  class, built on the hooks its base class documents, e.g.
  :meth:`ruleproof.model.take5.Take5Game.too_low_rows`) whose ``spec`` states
  the changed rules; the audit runs conformance on it.

A reading file is TOML (read through the input boundary,
:func:`ruleproof.model.io.inputs.load_reading_file`: bounded, strict UTF-8). A
reading file with ``rules`` runs Python code: its plugin is imported, with the
user's permissions, when the file is loaded, and a line on standard error says
so first (:func:`announce_plugin`)::

    game = "take5"
    title = "Fewest cards"
    source = "Our club's house rule, 2024"
    rules = "fewest.py"        # optional: the plugin, in this file's folder (see plugin_path)
    [flags]
    end_rule = ">"

Records and certificates carry a reading's :meth:`Reading.identity` (the
extra rules' ids, the derived engine's class, a SHA-256 of the plugin source);
the flags travel as the record's variant. They never name a file: a record
made under a plugin is checked by giving the same reading file again.

The loader is written here (not an off-the-shelf schema library) because the
file has six keys and every error must name the file and key at fault.

>>> r = reading_from_flags("take5", ["end_rule=>"])
>>> r.changed_flags()
{'end_rule': '>'}
>>> r.is_default, default_reading("take5").is_default
(False, True)
>>> r.identity()
{'title': 'end_rule=>', 'rules': [], 'engine': '', 'plugin_sha256': ''}
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath
from types import ModuleType
from typing import Any

from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.io.inputs import MAX_READING_BYTES, load_reading_file, read_bytes
from ruleproof.model.registry import game_for, require_game
from ruleproof.spec.core import (
    Rule,
    RuleKind,
    Step,
    check_rules,
    parse_variant_assignments,
    variant_from_mapping,
    variant_to_dict,
)
from ruleproof.spec.errors import InputError, RuleproofError, VariantError

__all__ = [
    "MAX_PLUGIN_BYTES", "MAX_PLUGIN_NAME", "MAX_READING_BYTES", "Reading", "ReadingError", "default_reading",
    "load_plugin_module", "load_reading", "plugin_path", "reading_for", "reading_from_flags", "restricted_game",
]

#: The largest plugin module read (bytes).
MAX_PLUGIN_BYTES = 1024 * 1024
#: The longest plugin file name a reading file may give (characters).
MAX_PLUGIN_NAME = 255
_KEYS = {"game": str, "title": str, "source": str, "rationale": str, "rules": str, "flags": dict}


class ReadingError(InputError):
    """A reading file or plugin is malformed; the message names the file and the key (``path``: ``$.key``)."""


@dataclass(frozen=True)
class Reading:
    """A reading of one game's rulebook.

    :param game: the game id.
    :param variant: the variant dataclass instance (every flag's value).
    :param title: a short name for reports.
    :param source: where the reading comes from, or why it is chosen.
    :param rules: extra legality rules (a plugin's ``RULES``).
    :param derived: a derived engine (a plugin's ``GAME``), or ``None``.
    :param plugin_sha256: the SHA-256 of the plugin's source ("" without one).
    :param origin: the reading file, for messages only (never reopened from a record).
    """

    game: str
    variant: Any
    title: str = "default reading"
    source: str = ""
    rules: tuple[Rule, ...] = ()
    derived: Game[Any, Any, Any] | None = None
    plugin_sha256: str = ""
    origin: str = ""
    _engine: list[Game[Any, Any, Any]] = field(default_factory=list, compare=False, repr=False)

    @property
    def base(self) -> Game[Any, Any, Any]:
        """The game's built-in engine."""
        return game_for(self.game)

    @property
    def engine(self) -> Game[Any, Any, Any]:
        """The engine of this reading: the derived engine or the built-in one, restricted by the extra rules."""
        if not self._engine:
            game = self.derived if self.derived is not None else self.base
            self._engine.append(restricted_game(game, self.rules) if self.rules else game)
        return self._engine[0]

    @property
    def is_default(self) -> bool:
        """Every flag at its default, no extra rule and no derived engine."""
        return not self.changed_flags() and not self.rules and self.derived is None

    @property
    def has_plugin(self) -> bool:
        """Whether the reading changes the rules beyond the flags (extra rules or a derived engine)."""
        return bool(self.rules) or self.derived is not None

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The ids of the extra rules."""
        return tuple(r.id for r in self.rules)

    def changed_flags(self) -> dict[str, object]:
        """The flags set away from their defaults."""
        default = variant_to_dict(self.base.default_variant())
        return {k: v for k, v in variant_to_dict(self.variant).items() if default.get(k) != v}

    def engine_name(self) -> str:
        """The derived engine's class name ("" for the built-in engine)."""
        return "" if self.derived is None else type(self.derived).__qualname__

    def identity(self) -> dict[str, Any]:
        """What records and certificates carry besides the flags (no file name)."""
        return {"title": self.title, "rules": list(self.rule_ids), "engine": self.engine_name(),
                "plugin_sha256": self.plugin_sha256}

    def describe(self) -> str:
        """One line for reports."""
        parts = [f"{k}={v}" for k, v in self.changed_flags().items()]
        if self.rules:
            parts.append("extra rules " + ", ".join(self.rule_ids))
        if self.derived is not None:
            parts.append(f"derived engine {self.engine_name()}")
        detail = "; ".join(parts) or "every flag at its default"
        return f"{self.title} ({detail})" if self.title != detail else detail

    def mismatch(self, variant: Mapping[str, Any], identity: Mapping[str, Any] | None) -> list[str]:
        """How a record's or certificate's reading differs from this one (empty when it is the same).

        :param variant: the flags it was made under.
        :param identity: its carried :meth:`identity`, or ``None`` for the built-in rules.
        """
        problems = []
        try:
            other = variant_to_dict(variant_from_mapping(self.base.variant_type, variant))
        except VariantError as exc:
            return [f"its flags are not valid: {exc}"]
        mine = variant_to_dict(self.variant)
        for key in mine:
            if mine[key] != other.get(key):
                problems.append(f"flag {key} is {other.get(key)!r} there, {mine[key]!r} here")
        theirs = dict(identity or {})
        rules = [str(r) for r in theirs.get("rules", [])]
        if rules != list(self.rule_ids):
            problems.append(f"extra rules {', '.join(rules) or 'none'} there, {', '.join(self.rule_ids) or 'none'} here")
        if str(theirs.get("engine", "")) != self.engine_name():
            problems.append(f"engine {theirs.get('engine') or 'built-in'} there, {self.engine_name() or 'built-in'} here")
        digest = str(theirs.get("plugin_sha256") or "")
        if digest != self.plugin_sha256:
            problems.append(f"plugin source sha256 {digest[:12] or 'none'} there, "
                            f"{self.plugin_sha256[:12] or 'none'} here")
        return problems


# -- engines restricted by extra rules ----------------------------------------------


def restricted_game(base: Game[Any, Any, Any], rules: Sequence[Rule]) -> Game[Any, Any, Any]:
    """``base`` with its legal moves filtered by the legality ``rules`` and its spec extended by them.

    The result is an instance of a subclass of ``base``'s class, so every hook,
    fast path guard and serialisation of the base engine still applies.

    >>> from ruleproof.spec.core import Rule, RuleKind, Source
    >>> from ruleproof.spec.take5 import Select
    >>> odd = Rule("HOUSE-ODD", "Odd cards first", "Only odd cards may be chosen.", Source("house", "-"),
    ...            RuleKind.LEGALITY, lambda s: None if s.move.card % 2 else f"{s.move.card} is even",
    ...            lambda s: isinstance(s.move, Select))
    >>> game = restricted_game(game_for("take5"), [odd])
    >>> state = game.new_game(3, seed=1)
    >>> all(m.card % 2 for m in game.legal_moves(state)), game.spec.rule("HOUSE-ODD").title
    (True, 'Odd cards first')
    """
    extra = tuple(rules)
    cls = type(base)
    raw = getattr(cls.legal_moves, "__wrapped__", cls.legal_moves)
    spec = dataclasses.replace(base.spec, rules=base.spec.rules + extra)

    def legal_moves(self: Game[Any, Any, Any], state: Any) -> tuple[Any, ...]:
        moves: tuple[Any, ...] = raw(self, state)
        actor = self.current_player(state)
        if actor in (CHANCE, TERMINAL) or not moves:
            return moves
        variant = self.variant_of(state)
        return tuple(m for m in moves if not check_rules(extra, Step(variant, state, actor, m)))

    namespace = {"spec": spec, "legal_moves": legal_moves, "__module__": cls.__module__,
                 "__doc__": f"{cls.__name__} restricted by {', '.join(r.id for r in extra)}."}
    derived = type(f"{cls.__name__}Restricted", (cls,), namespace)
    try:
        game: Game[Any, Any, Any] = derived()
    except TypeError as exc:
        raise ReadingError(f"the engine class {cls.__name__} cannot be restricted (its constructor needs "
                           f"arguments: {exc})") from None
    game.__dict__.update({k: v for k, v in base.__dict__.items() if k != "_cache"})
    return game


# -- loading -------------------------------------------------------------------------


def default_reading(game: str) -> Reading:
    """The built-in rules with every flag at its default."""
    require_game(game)
    return Reading(game, game_for(game).default_variant())


def reading_from_flags(game: str, assignments: Sequence[str], base: Reading | None = None) -> Reading:
    """A reading from ``flag=value`` strings (on top of ``base``'s flags, if given)."""
    require_game(game)
    engine = game_for(game)
    mapping = dict(variant_to_dict(base.variant)) if base is not None else {}
    given = parse_variant_assignments(engine.variant_type, assignments)
    for item in assignments:
        key = item.partition("=")[0].strip()
        mapping[key] = variant_to_dict(given)[key]
    variant = variant_from_mapping(engine.variant_type, mapping)
    if base is not None:
        title = base.title + (" + " + ", ".join(assignments) if assignments else "")
        return dataclasses.replace(base, variant=variant, title=title, _engine=[])
    title = ", ".join(assignments) if assignments else "default reading"
    return Reading(game, variant, title=title)


def reading_for(game: str | None, assignments: Sequence[str] = (), path: str | Path | None = None) -> Reading:
    """The reading a command line asks for: ``--reading FILE`` then ``--variant`` on top.

    :raises ReadingError: when the file's game differs from ``game``.
    """
    if path is not None:
        reading = load_reading(path)
        if game is not None and reading.game != game:
            raise ReadingError(f"{path}: the reading is for game {reading.game!r}, not {game!r}")
        return reading_from_flags(reading.game, assignments, reading) if assignments else reading
    if game is None:
        raise ReadingError("no game given")
    return reading_from_flags(game, assignments)


def _fail(path: Path, key: str, message: str) -> ReadingError:
    return ReadingError(message, f"$.{key}" if key else "", source=str(path))


def load_reading(path: str | Path) -> Reading:
    """Read a reading file (TOML; see the module docstring).

    :raises ReadingError: naming the file and the key at fault.
    """
    p = Path(path)
    try:
        table = load_reading_file(p)  # the input boundary: bounded, strict UTF-8, well-formed TOML
    except InputError as exc:
        raise ReadingError(exc.args[0], exc.path, source=exc.source or str(p)) from None
    for key, value in table.items():
        if key not in _KEYS:
            raise _fail(p, key, f"unknown key; a reading file has {', '.join(_KEYS)}")
        if not isinstance(value, _KEYS[key]):
            raise _fail(p, key, f"must be a {'table' if _KEYS[key] is dict else 'string'}, got {value!r}")
    for key in ("game", "title"):
        if key not in table:
            raise _fail(p, key, "missing; a reading file needs game and title")
    game = table["game"]
    try:
        require_game(game)
    except RuleproofError as exc:
        raise _fail(p, "game", str(exc)) from None
    engine = game_for(game)
    try:
        variant = variant_from_mapping(engine.variant_type, table.get("flags", {}))
    except VariantError as exc:
        raise _fail(p, f"flags.{exc.flag}" if exc.flag else "flags", str(exc)) from None
    source = " ".join(table[k] for k in ("source", "rationale") if k in table)
    reading = Reading(game, variant, title=table["title"], source=source, origin=str(p))
    if "rules" in table:
        try:
            plugin = plugin_path(p, table["rules"])
            announce_plugin(p, plugin)
            module, digest = load_plugin_module(plugin)
            reading = _with_plugin(reading, module, digest, plugin)
        except ReadingError as exc:
            raise _fail(p, "rules", str(exc)) from None
    return reading


def announce_plugin(reading_file: Path, plugin: Path) -> None:
    """Say on standard error, before it runs, that a reading file runs Python code (once per plugin and process).

    A reading file looks like data, but its ``rules`` key makes ruleproof run
    a Python file with the user's permissions; the user decides by giving
    ``--reading FILE``, so that is where it is said (help texts, the tutorial
    and this line). Records, certificates and campaign folders never name a
    reading file or a plugin: they carry a reading's identity only.
    """
    key = str(plugin)
    if key not in _ANNOUNCED:
        _ANNOUNCED.add(key)
        sys.stderr.write(f"note: the reading file {reading_file} runs Python code: rules = {plugin.name!r} "
                         f"({plugin}); give only reading files whose plugin you trust\n")


_ANNOUNCED: set[str] = set()


def plugin_path(reading_file: str | Path, name: str) -> Path:
    """The plugin a reading file's ``rules`` names, confined to the reading file's folder.

    A reading file is an input, so the file name it holds may not point
    anywhere: it must be a relative path of a ``.py`` file inside the reading
    file's folder (or a folder below it), with no ``..``, no absolute path, no
    drive and no symbolic link leading out. The file itself is then read as a
    regular file, bounded by :data:`MAX_PLUGIN_BYTES`, and its SHA-256 becomes
    part of the reading's :meth:`Reading.identity`.

    >>> plugin_path("club/fewest.toml", "fewest.py").name
    'fewest.py'
    >>> plugin_path("club/fewest.toml", "/etc/passwd.py")
    Traceback (most recent call last):
    ...
    ruleproof.model.io.readings.ReadingError: '/etc/passwd.py': the plugin must be named relative to the reading file's folder (an absolute path is refused)
    >>> plugin_path("club/fewest.toml", "../other/fewest.py")
    Traceback (most recent call last):
    ...
    ruleproof.model.io.readings.ReadingError: '../other/fewest.py': the plugin must lie in the reading file's folder or below it ('..' is refused)

    :raises ReadingError: naming the value and what is wrong with it.
    """
    shown = repr(name[:200])
    if not name or "\x00" in name or len(name) > MAX_PLUGIN_NAME:
        raise ReadingError(f"{shown}: not a file name (1 to {MAX_PLUGIN_NAME} characters, limit MAX_PLUGIN_NAME)")
    if "\\" in name:
        raise ReadingError(f"{shown}: write the plugin's path with '/' (a backslash is refused)")
    relative = PurePosixPath(name)
    if relative.is_absolute() or PureWindowsPath(name).drive or name.startswith("~"):
        raise ReadingError(f"{shown}: the plugin must be named relative to the reading file's folder "
                           "(an absolute path is refused)")
    if ".." in relative.parts:
        raise ReadingError(f"{shown}: the plugin must lie in the reading file's folder or below it ('..' is refused)")
    if relative.suffix != ".py":
        raise ReadingError(f"{shown}: the plugin must be a Python file ending in .py")
    folder = Path(reading_file).parent.resolve()
    target = (folder / relative).resolve()
    if not target.is_relative_to(folder):
        raise ReadingError(f"{shown}: a symbolic link leads the plugin out of the reading file's folder")
    return target


def load_plugin_module(path: str | Path, name: str | None = None) -> tuple[ModuleType, str]:
    """Import a Python file given by the user; returns the module and the SHA-256 of its source.

    The module is registered in :data:`sys.modules` under ``name`` (default:
    ``ruleproof_plugin_`` and the hash's first 16 digits), so part names can
    refer to it.
    """
    p = Path(path)
    try:
        source = read_bytes(p, MAX_PLUGIN_BYTES)  # a regular file, bounded (the input boundary)
    except InputError as exc:
        raise ReadingError(f"{p}: cannot read the plugin: {exc.args[0]} (limit MAX_PLUGIN_BYTES = {MAX_PLUGIN_BYTES})"
                           if "bytes" in exc.args[0] else f"{p}: cannot read the plugin: {exc.args[0]}") from None
    digest = hashlib.sha256(source).hexdigest()
    module_name = name or f"ruleproof_plugin_{digest[:16]}"
    if module_name in sys.modules:
        return sys.modules[module_name], digest
    spec = importlib.util.spec_from_file_location(module_name, p)
    if spec is None or spec.loader is None:
        raise ReadingError(f"{p}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        # The bytes hashed are the bytes run (the file is not read a second time).
        exec(compile(source, str(p), "exec"), module.__dict__)  # noqa: S102 - the user's own plugin
    except RuleproofError:
        del sys.modules[module_name]
        raise
    except (Exception, SystemExit) as exc:  # the user's code: report it; never crash or exit with its code
        del sys.modules[module_name]
        raise ReadingError(f"{p}: the plugin failed to load: {type(exc).__name__}: {exc}") from None
    return module, digest


def _with_plugin(reading: Reading, module: ModuleType, digest: str, path: Path) -> Reading:
    base = reading.base
    rules = tuple(getattr(module, "RULES", ()))
    derived = getattr(module, "GAME", None)
    if not rules and derived is None:
        raise ReadingError(f"{path}: the plugin defines neither RULES (extra legality rules) nor GAME (a derived engine)")
    for i, rule in enumerate(rules):
        if not isinstance(rule, Rule):
            raise ReadingError(f"{path}: RULES[{i}] is a {type(rule).__name__}, not a ruleproof.spec.core.Rule")
        if rule.kind is not RuleKind.LEGALITY:
            raise ReadingError(f"{path}: RULES[{i}] ({rule.id}) is a {rule.kind.value} rule; extra rules restrict "
                               "moves (LEGALITY); change effects or scoring with a derived GAME")
    if derived is not None:
        if not isinstance(derived, type(base)):
            raise ReadingError(f"{path}: GAME is a {type(derived).__name__}, not derived from the {reading.game} "
                               f"engine {type(base).__name__}")
        if derived.spec.variant_type is not base.variant_type:
            raise ReadingError(f"{path}: GAME's spec uses {derived.spec.variant_type.__name__}, not "
                               f"{base.variant_type.__name__}")
    known = {r.id for r in (derived or base).spec.rules}
    clash = [r.id for r in rules if r.id in known]
    if clash or len({r.id for r in rules}) != len(rules):
        raise ReadingError(f"{path}: extra rule ids must be new and unique; {', '.join(clash) or 'duplicates'}")
    return dataclasses.replace(reading, rules=rules, derived=derived, plugin_sha256=digest, _engine=[])
