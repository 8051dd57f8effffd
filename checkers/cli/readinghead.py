"""What a report was made under: the reading every report header names, and its JSON form (issue 31).

``simulate``, ``diff``, ``audit`` and ``campaign`` print a line naming the
reading their numbers are about (its title, the flags it changes, its extra
rules and derived engine, the first digits of its plugin's SHA-256) and carry
the same facts in their ``--json`` output (:func:`reading_json`), so a report
copied out of its terminal still says which rules it describes. The line's
text (:func:`label`) is the replay page's
(:func:`ruleproof.checkers.view.under.reading_label`) without its repetition of
a title that only lists the flags.

>>> from ruleproof.model.io.readings import default_reading, reading_from_flags
>>> reading_header(default_reading("take5"))
'reading: the rulebook (every flag at its default)'
>>> reading_header(reading_from_flags("take5", ["row_capacity=4"]))
'reading: row_capacity=4'
>>> data = reading_json(reading_from_flags("take5", ["row_capacity=4"]))
>>> data["flags"], data["rules"], data["plugin_sha256"], data["default"]
({'row_capacity': 4}, [], '', False)
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.view.under import reading_label

__all__ = ["header_lines", "label", "reading_header", "reading_json", "reading_of_variant"]


def label(reading: Any) -> str:
    """The reading in one line: its title, then what it changes (flags, extra rules, derived engine) unless the
    title is just that list, then the first digits of its plugin's SHA-256; the rulebook's reading says so.

    >>> from ruleproof.model.io.readings import reading_from_flags
    >>> label(reading_from_flags("take5", ["row_capacity=4", "hand_size=8"]))
    'row_capacity=4, hand_size=8'
    """
    if reading.is_default:
        return reading_label(reading)
    parts = [f"{k}={v}" for k, v in reading.changed_flags().items()]
    if reading.rules:
        parts.append("extra rules " + ", ".join(reading.rule_ids))
    if reading.derived is not None:
        parts.append(f"derived engine {reading.engine_name()}")
    title = reading.title
    if not parts:
        text = f"{title} (every flag at its default)"
    elif title in ("default reading", "", ", ".join(parts), "; ".join(parts)):
        text = ", ".join(parts)
    else:
        text = f"{title} ({'; '.join(parts)})"
    digest = reading.plugin_sha256
    return text + (f" (plugin sha256 {digest[:12]})" if digest else "")


def reading_header(reading: Any, who: str = "reading") -> str:
    """``reading: <title> (<flags>; extra rules …; derived engine …) (plugin sha256 …)``, one line."""
    return f"{who}: {label(reading)}"


def header_lines(reading: Any, width: int, who: str = "reading") -> list[str]:
    """:func:`reading_header` wrapped to ``width`` columns (continuation lines indented), for plain output.

    >>> from ruleproof.model.io.readings import reading_from_flags
    >>> header_lines(reading_from_flags("take5", ["row_capacity=4", "hand_size=8"]), 30)
    ['reading: row_capacity=4,', '  hand_size=8']
    >>> header_lines(reading_from_flags("take5", ["row_capacity=4", "hand_size=8"]), 80)
    ['reading: row_capacity=4, hand_size=8']
    """
    import textwrap

    return textwrap.wrap(reading_header(reading, who), max(20, width), subsequent_indent="  ",
                         break_on_hyphens=False) or [reading_header(reading, who)]


def reading_json(reading: Any) -> dict[str, Any]:
    """The reading as JSON: its label (as in the header), title, changed flags, extra rule ids, derived engine
    class, plugin SHA-256 (empty without a plugin) and whether it is the default reading."""
    return {"label": label(reading), "title": reading.title, "flags": _plain(reading.changed_flags()),
            "rules": list(reading.rule_ids), "engine": reading.engine_name(), "plugin_sha256": reading.plugin_sha256,
            "default": bool(reading.is_default)}


def reading_of_variant(game: str, variant: Any) -> Any:
    """The reading of a game under flags alone (a campaign's parameters carry the flags): titled by the flags it
    changes, as ``--variant`` titles it.

    >>> reading_of_variant("take5", {"end_rule": ">"}).title
    'end_rule=>'
    """
    from ruleproof.model.io.readings import Reading, default_reading
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_from_mapping

    base = default_reading(game)
    values = variant if not isinstance(variant, dict) else variant_from_mapping(game_for(game).variant_type, variant)
    reading = Reading(game, values)
    changed = reading.changed_flags()
    if not changed:
        return base
    return Reading(game, values, title=", ".join(f"{k}={v}" for k, v in changed.items()))


def _plain(flags: dict[str, Any]) -> dict[str, Any]:
    """Flag values as JSON values (tuples as lists)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in flags.items()}
