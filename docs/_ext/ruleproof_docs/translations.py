"""The English beside every Russian text the pages show (:mod:`ruleproof.spec.sources.translations`).

A passage on a rule page, an ambiguity's quote, a rule constant's quote and a
section heading each get our translation and, where there is one, the
translator's note. A passage quoted from ``RULES-NOTES.md`` is English
already and gets none.

>>> english_of("take5", "СБОР")["english"]
'COLLECTION'
>>> english_of("take5", "not a quoted text") is None
True
"""

from __future__ import annotations

from typing import Any


def english_of(game: str, russian: str) -> dict[str, str] | None:
    """``{"english": …, "note": …}`` for ``russian``, or ``None`` when it has no translation."""
    from ruleproof.spec.sources.translations import translation

    found = translation(game, russian)
    return None if found is None else {"english": found.english, "note": found.note}


def with_english(game: str, entry: dict[str, Any], russian: str, origin: str = "rulebook") -> dict[str, Any]:
    """``entry`` with the keys ``english`` and ``note`` added (empty for an English passage of the notes)."""
    found = english_of(game, russian) if origin == "rulebook" else None
    entry["english"] = found["english"] if found else ""
    entry["note"] = found["note"] if found else ""
    return entry


def heading_english(game: str, heading: str) -> str:
    """A section heading's translation, or ``""``."""
    found = english_of(game, heading)
    return found["english"] if found else ""
