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
from sphinx.search.en import SearchEnglish


class MemoisedEnglish(SearchEnglish):
    """Sphinx's English search language, its stemmer's answers kept per word (the same index, sooner).

    The HTML build stems every word of every page for the search index: about
    54,000 words, only a few thousand of them distinct, through the pure-Python
    Snowball stemmer (about 0.9 s of CPU per build). A word's stem never
    changes, so each is computed once. Registered for ``en`` with
    ``app.add_search_language``.

    >>> english = MemoisedEnglish({})
    >>> english.stem("rulebooks"), english.stem("Rulebooks"), english.stem("rulebooks")
    ('rulebook', 'rulebook', 'rulebook')
    >>> SearchEnglish({}).stem("rulebooks")
    'rulebook'
    """

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self._stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        try:
            return self._stems[word]
        except KeyError:
            stemmed = self._stems[word] = super().stem(word)
            return stemmed


def command_names_in_search(app: Any, env: Any) -> None:
    """``env-updated``: each sphinx-argparse command's display name becomes its command line."""
    try:
        domain = env.get_domain("commands")
    except ExtensionError:  # sphinx-argparse is not loaded
        return
    commands = domain.data.get("commands")
    if isinstance(commands, list):
        domain.data["commands"] = [(name, name, *rest) for name, _shown, *rest in commands]
