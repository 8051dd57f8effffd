"""``ruleproof new-game NAME --dir DIR``: scaffold an installable package for a new game.

The package holds a specification with a few rules (each with its citation),
an engine, a test per rule plus the engine ⇔ spec conformance check, a reading
file, and a ``pyproject.toml`` whose ``ruleproof.games`` entry point makes the
game known to every command once the package is installed (``pip install -e
DIR``). The files are rendered from templates shipped in this package
(``templates/newgame/*.tmpl``) with :class:`string.Template` (``$name``
placeholders; the templates are Python and TOML, whose braces Jinja2 would need
escaped everywhere).

The title is the user's text and the files are code, so it is never pasted
raw: each place gets it escaped for its language (:func:`title_forms`): a
Python string literal (``repr``), a TOML basic string, a docstring (Python
escapes around reST escapes), a markdown heading. A title is one line of
printable text (:func:`check_title`). The game id becomes a Python package
name, so Python keywords (``class``, ``import``, ``if``) are refused with the
other names that cannot be one (soft keywords such as ``match`` can).

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
import json
import keyword
import re
import unicodedata
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from ruleproof.checkers.cli.common import add_force
from ruleproof.checkers.cli.output import EXIT_OK, out, print_json
from ruleproof.spec.errors import RuleproofError

__all__ = ["MAX_TITLE", "add_subcommand", "check_title", "cmd_new_game", "scaffold_files", "title_forms"]

#: The longest title ``--title`` takes (characters).
MAX_TITLE = 100

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
#: Characters with a meaning in reST inline markup or markdown, escaped by a backslash in each.
_REST_SPECIAL = re.compile(r"([\\`*_|\[\]<>:])")
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+\-.!|~&])")


def check_title(title: str) -> str:
    """``title`` when it is one line of printable text of 1 to :data:`MAX_TITLE` characters.

    >>> check_title("Pebbles & Co.")
    'Pebbles & Co.'
    >>> check_title("two\\nlines")
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.RuleproofError: --title is one line of printable text; 'two\\nlines' holds U+000A (Cc)

    :raises RuleproofError: an empty, too long or multi-line title, or one with control or invisible characters.
    """
    if not title.strip() or len(title) > MAX_TITLE:
        raise RuleproofError(f"--title is 1 to {MAX_TITLE} characters (limit MAX_TITLE), not blank; "
                             f"got {len(title)} characters")
    for char in title:
        category = unicodedata.category(char)
        if char != " " and category[0] in "CZ":  # control, format, surrogate, unassigned; line breaks, odd spaces
            raise RuleproofError(f"--title is one line of printable text; {title[:40]!r} holds U+{ord(char):04X} "
                                 f"({category})")
    return title


def title_forms(title: str) -> dict[str, str]:
    """The title escaped for each place a template puts it.

    >>> forms = title_forms('Say "hi" *now*')
    >>> print(forms["title_py"])
    'Say "hi" *now*'
    >>> print(forms["title_doc"])
    Say \\"hi\\" \\\\*now\\\\*
    >>> print(forms["title_md"])
    Say "hi" \\*now\\*
    >>> print(forms["description_toml"])
    "Say \\"hi\\" *now*: a game for ruleproof"
    """
    rest = _REST_SPECIAL.sub(r"\\\1", title)
    return {
        "title_py": repr(title),  # a Python string literal: evaluates to the title, whatever it holds
        "title_doc": rest.replace("\\", "\\\\").replace('"', '\\"'),  # inside \"\"\"…\"\"\": Python escapes around reST ones
        "title_md": _MARKDOWN_SPECIAL.sub(r"\\\1", title),
        # JSON strings of printable text are TOML basic strings (the escapes \\ \" \\uXXXX are the same)
        "description_toml": json.dumps(f"{title}: a game for ruleproof", ensure_ascii=True),
    }


def scaffold_files(game: str, title: str, prefix: str) -> dict[str, str]:
    """The new package's files: relative path → text.

    :raises RuleproofError: a title :func:`check_title` refuses.
    """
    words = {"game": game, "package": game, "prefix": prefix, **title_forms(check_title(title)),
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
                             f"not {name[:80]!r}")
    if keyword.iskeyword(name):  # soft keywords (match, case, type) are still valid module names
        raise RuleproofError(f"{name!r} is a Python keyword, so it cannot name the game's package; choose another "
                             "game id")
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
    from ruleproof.model.io.outputs import OutputError, write_atomic

    name = args.name
    prefix = args.prefix or re.sub(r"[^A-Z0-9]", "", name.upper())[:4]
    _check_name(name, prefix)
    target = Path(args.dir or name)
    if target.exists() and not target.is_dir():
        raise RuleproofError(f"{target} exists and is not a folder: the package needs one (choose another --dir; "
                             "--force writes into a folder, never over a file)")
    if target.exists() and any(target.iterdir()) and not args.force:
        raise RuleproofError(f"{target} exists and is not an empty folder (give --force to write into it)")
    files = scaffold_files(name, args.title if args.title is not None else name.replace("_", " ").capitalize(), prefix)
    for relative in files:  # refused before any file is written, not half way through the package
        for folder in [target / part for part in Path(relative).parents if part != Path(".")]:
            if folder.exists() and not folder.is_dir():
                raise OutputError(f"{folder}: a file stands where the package's folder goes")
    for relative, text in files.items():
        path = target / relative
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a file where a folder goes, a read-only place
            raise OutputError(f"{path.parent}: cannot make the folder: {exc.strerror or exc}") from None
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
    p.add_argument("--title", help=f"the game's title: one line of printable text, at most {MAX_TITLE} characters "
                                   "(default: the id, capitalised); it is escaped for each file it appears in")
    p.add_argument("--prefix", help="the rule id prefix (default: the id's first four letters, upper case)")
    add_force(p, "write into a folder that is not empty, replacing files")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_new_game)
