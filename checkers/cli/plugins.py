"""``ruleproof --plugin PATH``: load a user's game module or package before the command runs.

``PATH`` is a Python file or a package folder. It is imported under its own
name (the file's stem or the folder's name), so the dotted names in its
:class:`~ruleproof.spec.registry.GameParts` resolve: a module ``pebbles.py``
that holds the spec and the engine names both parts ``"pebbles"``. The module
either defines ``GameParts`` instances (each is registered) or registers them
itself with :func:`~ruleproof.spec.registry.register_game` when imported.
Installed packages need no ``--plugin``: the ``ruleproof.games`` entry-point
group finds them.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from ruleproof.spec.errors import RuleproofError

__all__ = ["load_game_plugin"]


def _import(path: Path) -> ModuleType:
    from ruleproof.model.readings import ReadingError, load_plugin_module

    if path.is_dir():
        if not (path / "__init__.py").is_file():
            raise RuleproofError(f"--plugin {path}: a folder must be a Python package (no __init__.py)")
        name, parent = path.name, str(path.resolve().parent)
        if parent not in sys.path:
            sys.path.insert(0, parent)
    elif path.suffix == ".py":
        name = path.stem
    else:
        raise RuleproofError(f"--plugin {path}: give a Python file (.py) or a package folder")
    known = sys.modules.get(name)
    if known is not None:
        where = getattr(known, "__file__", None) or ""
        mine = path / "__init__.py" if path.is_dir() else path
        if not where or Path(where).resolve() != mine.resolve():
            raise RuleproofError(f"--plugin {path}: the module name {name!r} is taken by {where or 'a built-in module'}; "
                                 "rename the file")
        return known
    if path.is_dir():
        try:
            return importlib.import_module(name)
        except Exception as exc:  # the user's code: report it, do not crash
            raise RuleproofError(f"--plugin {path}: the package failed to import: {type(exc).__name__}: {exc}") from None
    try:
        module, _ = load_plugin_module(path, name=name)
    except ReadingError as exc:
        raise RuleproofError(f"--plugin {exc}") from None
    return module


def load_game_plugin(path: str | Path) -> list[str]:
    """Import ``path`` and register the games it defines; returns their ids.

    :raises RuleproofError: the file cannot be imported, or defines and registers no game.
    """
    from ruleproof.spec.registry import _REGISTERED, GameParts, register_game

    p = Path(path)
    if not p.exists():
        raise RuleproofError(f"--plugin {p}: no such file or folder")
    before = set(_REGISTERED)
    module = _import(p)
    found = [v for v in vars(module).values() if isinstance(v, GameParts)]
    if not found and p.is_dir() and (p / "parts.py").is_file():  # a package made by `ruleproof new-game`
        try:
            parts_module = importlib.import_module(f"{module.__name__}.parts")
        except Exception as exc:  # the user's code: report it, do not crash
            raise RuleproofError(f"--plugin {p}: {module.__name__}.parts failed to import: "
                                 f"{type(exc).__name__}: {exc}") from None
        found = [v for v in vars(parts_module).values() if isinstance(v, GameParts)]
    for parts in found:
        register_game(parts)
    ids = sorted({parts.id for parts in found} | (set(_REGISTERED) - before))
    if not ids:
        raise RuleproofError(f"--plugin {p}: the module defines no GameParts and registers no game "
                             "(see ruleproof.spec.registry.GameParts)")
    from ruleproof.model.registry import game_for

    game_for.cache_clear()
    return ids
