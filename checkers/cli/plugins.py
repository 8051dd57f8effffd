"""``ruleproof --plugin PATH``: load a user's game module or package before the command runs.

``PATH`` is a Python file or a package folder: code the user names, run on
purpose. It is imported under its own name (the file's stem or the folder's
name), so the dotted names in its :class:`~ruleproof.spec.registry.GameParts`
and its own absolute imports (``from pebbles.spec import SPEC``) resolve. The
module either defines ``GameParts`` instances (each is registered) or
registers them itself with :func:`~ruleproof.spec.registry.register_game`
when imported. Installed packages need no ``--plugin``: the
``ruleproof.games`` entry-point group finds them.

Loading a plugin changes no other import. The import system is not pointed
at the plugin's folder (``sys.path`` is left alone): a package is loaded from
its ``__init__.py`` with its own folder as its only submodule location
(:func:`importlib.util.spec_from_file_location` with
``submodule_search_locations``), so a stray ``fractions.py`` or
``hypothesis.py`` beside it is never imported in place of the real module. Its
name must be free: a name that is already importable (``json``, ``fractions``,
an installed package) is refused rather than shadowed. A plugin that fails —
any exception, ``SystemExit`` included, or a game whose spec or engine module
lacks ``SPEC`` or ``GAME`` — is a usage error (exit 2) naming the file and the
reason; what it left in :data:`sys.modules` is removed.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from ruleproof.spec.errors import RuleproofError

__all__ = ["load_game_plugin"]


def _forget(name: str) -> None:
    """Remove a plugin's modules (``name`` and ``name.*``) from :data:`sys.modules` after it failed."""
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]


def _free_name(path: Path, name: str, main_file: Path) -> ModuleType | None:
    """The module already loaded from ``main_file`` under ``name`` (``None``: not loaded yet).

    :raises RuleproofError: ``name`` is not a Python identifier, or is taken by
        another loaded or importable module.
    """
    if not name.isidentifier():
        raise RuleproofError(f"--plugin {path}: {name!r} is not a Python module name (letters, digits and '_'); "
                             "rename it")
    known = sys.modules.get(name)
    if known is not None:
        where = getattr(known, "__file__", None) or ""
        if where and Path(where).resolve() == main_file.resolve():
            return known
        raise RuleproofError(f"--plugin {path}: the module name {name!r} is taken by {where or 'a built-in module'}; "
                             "rename the plugin")
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        found = None
    if found is not None and (found.origin is None or Path(found.origin).resolve() != main_file.resolve()):
        raise RuleproofError(f"--plugin {path}: {name!r} is already the name of an importable module "
                             f"({found.origin or 'a namespace package'}); loading the plugin under it would change "
                             "what every `import " + name + "` gets: rename the plugin")
    return None


def _import_package(path: Path, name: str) -> ModuleType:
    folder = path.resolve()
    init = folder / "__init__.py"
    spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(folder)])
    if spec is None or spec.loader is None:
        raise RuleproofError(f"--plugin {path}: not a Python package")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as exc:  # the user's code: report it, do not crash or exit with its code
        _forget(name)
        raise RuleproofError(f"--plugin {path}: the package failed to import: {type(exc).__name__}: {exc}") from None
    return module


def _import(path: Path) -> ModuleType:
    from ruleproof.model.io.readings import ReadingError, load_plugin_module

    if path.is_dir():
        if not (path / "__init__.py").is_file():
            raise RuleproofError(f"--plugin {path}: a folder must be a Python package (no __init__.py)")
        name = path.resolve().name
        known = _free_name(path, name, path / "__init__.py")
        return known if known is not None else _import_package(path, name)
    if path.suffix != ".py":
        raise RuleproofError(f"--plugin {path}: give a Python file (.py) or a package folder")
    known = _free_name(path, path.stem, path)
    if known is not None:
        return known
    try:
        module, _ = load_plugin_module(path, name=path.stem)
    except ReadingError as exc:
        raise RuleproofError(f"--plugin {exc}") from None
    return module


def _parts_module(path: Path, module: ModuleType) -> ModuleType:
    """The ``parts`` submodule of a package made by ``ruleproof new-game``."""
    try:
        return importlib.import_module(f"{module.__name__}.parts")
    except (Exception, SystemExit) as exc:  # the user's code: report it, do not crash
        raise RuleproofError(f"--plugin {path}: {module.__name__}.parts failed to import: "
                             f"{type(exc).__name__}: {exc}") from None


def load_game_plugin(path: str | Path) -> list[str]:
    """Import ``path`` and register the games it defines; returns their ids.

    Each game's spec and engine modules are imported at once, so a broken
    game is reported here, naming the plugin.

    :raises RuleproofError: the file cannot be imported, defines and registers
        no game, or a game's spec or engine module fails or lacks its object.
    """
    from ruleproof.spec.registry import _REGISTERED, BrokenPluginError, GameParts, load_part, register_game

    p = Path(path)
    if not p.exists():
        raise RuleproofError(f"--plugin {p}: no such file or folder")
    before = set(_REGISTERED)
    module = _import(p)
    found = [v for v in vars(module).values() if isinstance(v, GameParts)]
    if not found and p.is_dir() and (p / "parts.py").is_file():  # a package made by `ruleproof new-game`
        found = [v for v in vars(_parts_module(p, module)).values() if isinstance(v, GameParts)]
    for parts in found:
        register_game(parts)
    ids = sorted({parts.id for parts in found} | (set(_REGISTERED) - before))
    if not ids:
        raise RuleproofError(f"--plugin {p}: the module defines no GameParts and registers no game "
                             "(see ruleproof.spec.registry.GameParts)")
    for game in ids:
        parts = _REGISTERED[game]
        for part in ("spec", "engine"):
            if parts.module_name(part) is None:
                continue
            try:
                load_part(game, part)
            except BrokenPluginError as exc:
                raise RuleproofError(f"--plugin {p}: {exc}") from None
    from ruleproof.model.registry import game_for

    game_for.cache_clear()
    return ids
