"""``ruleproof new-game NAME --dir DIR``: scaffold an installable package for a new game.

The package holds a specification with a few rules (each with its citation),
an engine, a test per rule plus the engine ⇔ spec conformance check, a reading
file, and a ``pyproject.toml`` whose ``ruleproof.games`` entry point makes the
game known to every command once the package is installed (``pip install -e
DIR``). The files are rendered from templates shipped in this package
(``templates/newgame/*.tmpl``) with :class:`string.Template` (``$name``
placeholders; the templates are Python and TOML, whose braces Jinja2 would need
escaped everywhere).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["new-game", "pebbles", "--dir", "out"]).dir
'out'
>>> sorted(scaffold_files("pebbles", "Pebbles", "PEB"))[:3]
['README.md', 'pebbles/__init__.py', 'pebbles/engine.py']
"""

from __future__ import annotations

import argparse
import importlib.util
import re
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from ruleproof.checkers.cli.common import add_force
from ruleproof.checkers.cli.output import EXIT_OK, out, print_json
from ruleproof.spec.errors import RuleproofError

__all__ = ["add_subcommand", "cmd_new_game", "scaffold_files"]

#: Template file → path in the new package (``{package}`` and ``{game}`` filled in).
_LAYOUT = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "init.py.tmpl": "{package}/__init__.py",
    "spec.py.tmpl": "{package}/spec.py",
    "engine.py.tmpl": "{package}/engine.py",
    "parts.py.tmpl": "{package}/parts.py",
    "test_game.py.tmpl": "tests/test_{game}.py",
    "reading.toml.tmpl": "readings/misere.toml",
}
_NAME = re.compile(r"^[a-z][a-z0-9_]{1,30}$")


def scaffold_files(game: str, title: str, prefix: str) -> dict[str, str]:
    """The new package's files: relative path → text."""
    words = {"game": game, "package": game, "title": title, "prefix": prefix,
             "Game": "".join(part.capitalize() for part in game.split("_"))}
    folder = resources.files("ruleproof.checkers.cli").joinpath("templates", "newgame")
    files = {}
    for template, target in _LAYOUT.items():
        text = folder.joinpath(template).read_text(encoding="utf-8")
        files[target.format(package=game, game=game)] = Template(text).substitute(words)
    return files


def _check_name(name: str, prefix: str) -> None:
    from ruleproof.spec.registry import game_ids, spec_for

    if not _NAME.match(name):
        raise RuleproofError(f"a game id is 2 to 31 lower-case letters, digits or '_', starting with a letter; "
                             f"not {name!r}")
    if name in game_ids():
        raise RuleproofError(f"game id {name!r} is already taken")
    if importlib.util.find_spec(name) is not None:
        raise RuleproofError(f"{name!r} is already an importable Python module; choose another game id")
    if not re.match(r"^[A-Z][A-Z0-9]{1,5}$", prefix):
        raise RuleproofError(f"--prefix is 2 to 6 upper-case letters or digits, not {prefix!r}")
    taken = {r.id.split("-")[0] for g in game_ids() for r in spec_for(g).rules}
    if prefix in taken:
        raise RuleproofError(f"rule id prefix {prefix!r} is taken by another game; give --prefix")


def cmd_new_game(args: argparse.Namespace) -> int:
    """Write the package (see the module docstring)."""
    from ruleproof.model.outputs import write_atomic

    name = args.name
    prefix = args.prefix or re.sub(r"[^A-Z0-9]", "", name.upper())[:4]
    _check_name(name, prefix)
    target = Path(args.dir or name)
    if target.exists() and (not target.is_dir() or any(target.iterdir())) and not args.force:
        raise RuleproofError(f"{target} exists and is not an empty folder (give --force to write into it)")
    files = scaffold_files(name, args.title or name.replace("_", " ").capitalize(), prefix)
    for relative, text in files.items():
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text, force=args.force)
    if args.json:
        print_json("new-game", {"game": name, "dir": str(target), "files": sorted(files)})
        return EXIT_OK
    console = out()
    console.print(f"wrote the {name} package to {target}:", markup=False)
    for relative in sorted(files):
        console.print(f"  {relative}", markup=False)
    console.print(f"next: pip install -e {target} && (cd {target} && pytest) && ruleproof audit {name}", markup=False)
    return EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Add ``new-game``."""
    p = sub.add_parser("new-game", help="scaffold an installable package for a new game (spec, engine, tests)",
                       description="Write a package with a small take-away game (rules with citations, an engine, "
                                   "a test per rule, a reading file) whose ruleproof.games entry point registers it. "
                                   "Install it with pip and every command knows the game.")
    p.add_argument("name", help="the game id (lower case; also the Python package's name)")
    p.add_argument("--dir", metavar="DIR", help="where to write the package (default: ./NAME)")
    p.add_argument("--title", help="the game's title (default: the id, capitalised)")
    p.add_argument("--prefix", help="the rule id prefix (default: the id's first four letters, upper case)")
    add_force(p, "write into a folder that is not empty, replacing files")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_new_game)
