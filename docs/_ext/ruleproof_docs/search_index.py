"""The search index shows each CLI subcommand by its name, not by its help text.

sphinx-argparse registers every subcommand with its help text as the
object's display name; Sphinx HTML-escapes display names when it writes
``searchindex.js`` and the search page escapes them again, so a help text with
an apostrophe showed ``&#x27;`` in the results ("a game&#x27;s rules").
The command's own name (``ruleproof rules``) is the better title anyway; its
help text is the first paragraph of the page the result opens.

>>> class Domain:
...     data = {"commands": [("ruleproof rules", "Print a game's rules.", "command", "reference/cli/rules", "id0", 0)]}
>>> class Env:
...     def get_domain(self, name):
...         return Domain()
>>> env = Env()
>>> command_names_in_search(None, env)
>>> Domain.data["commands"]
[('ruleproof rules', 'ruleproof rules', 'command', 'reference/cli/rules', 'id0', 0)]
"""

from __future__ import annotations

from typing import Any

from sphinx.errors import ExtensionError


def command_names_in_search(app: Any, env: Any) -> None:
    """``env-updated``: each sphinx-argparse command's display name becomes its command line."""
    try:
        domain = env.get_domain("commands")
    except ExtensionError:  # sphinx-argparse is not loaded
        return
    commands = domain.data.get("commands")
    if isinstance(commands, list):
        domain.data["commands"] = [(name, name, *rest) for name, _shown, *rest in commands]
