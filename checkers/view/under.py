"""The reading a record is seen under: views follow the reading a game was made under (issue 31).

A record made under a reading with extra rules or a derived engine carries the
reading's identity (its title, rule ids, engine name and plugin digest; never a
file name). ``show``, ``replay`` and ``play`` draw and replay such a record
only under that same reading, given again with ``--reading FILE``; without it
(or with another) they refuse it with exit 2, as ``validate`` does. A record
made under flags alone (``row_capacity=4``) carries the flags and is replayed
under them with the built-in rules.

>>> from ruleproof.model.io.records import GameRecord
>>> reading_for_record(GameRecord("take5", 3, {"row_capacity": 4}, ())).variant.row_capacity
4
"""

from __future__ import annotations

from typing import Any

from ruleproof.model.io.readings import Reading
from ruleproof.model.io.records import GameRecord
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.core import variant_from_mapping
from ruleproof.spec.errors import RecordError, RuleproofError, VariantError

__all__ = ["engine_for_record", "reading_for_record", "reading_label"]


def reading_for_record(record: GameRecord, reading: Reading | None = None, *, source: str = "") -> Reading:
    """The reading to replay, draw or play ``record`` under.

    :param reading: the reading asked for (``--reading``); ``None``: the record's flags with the built-in rules.
    :raises RecordError: (exit 2) the record names an unknown game or bad flags, or was made under another
        reading than the one asked for (each difference named), or under a plugin's reading and none is given.
    """
    if record.game not in available_games():
        raise RecordError(f"game {record.game!r} has no engine; available: {', '.join(available_games())}", "$.game",
                          source=source)
    if reading is None:
        identity = dict(record.reading or {})
        if identity.get("rules") or identity.get("engine") or identity.get("plugin_sha256"):
            title = str(identity.get("title") or "a reading with a plugin")
            raise RecordError(f"the record was made under the reading {title!r} (extra rules or a derived engine, "
                              "plugin source sha256 "
                              f"{str(identity.get('plugin_sha256') or '')[:12] or 'none'}); give the same "
                              "reading file again with --reading FILE", "$.reading", source=source)
        engine = game_for(record.game)
        try:
            variant = variant_from_mapping(engine.variant_type, record.variant)
        except VariantError as exc:
            raise RecordError(str(exc), f"$.variant.{exc.flag}" if exc.flag else "$.variant", source=source) from None
        # A reading of flags only (its title is all the record carries besides the flags): those flags, that title.
        title = str(identity.get("title") or "")
        return Reading(record.game, variant, title=title) if title else Reading(record.game, variant)
    if reading.game != record.game:
        raise RecordError(f"the record is a {record.game} game; the reading is for {reading.game}", "$.game",
                          source=source)
    problems = reading.mismatch(record.variant, record.reading)
    if problems:
        raise RecordError(f"the record was made under another reading than {reading.describe()}: "
                          + "; ".join(problems), "$.reading" if record.reading else "$.variant", source=source)
    return reading


def reading_label(reading: Reading) -> str:
    """What a report header says a game was seen under: the reading's title or flags, with its plugin digest.

    >>> from ruleproof.model.io.readings import default_reading
    >>> reading_label(default_reading("take5"))
    'the rulebook (every flag at its default)'
    """
    if reading.is_default:
        return "the rulebook (every flag at its default)"
    text = reading.describe()
    digest = getattr(reading, "plugin_sha256", "")
    return text + (f" (plugin sha256 {digest[:12]})" if digest else "")


def engine_for_record(record: GameRecord, reading: Reading | None = None, *,
                      source: str = "") -> tuple[Any, Any, Reading]:
    """The engine and variant ``record`` is replayed with (:func:`reading_for_record`), its player count checked.

    :raises RecordError: as :func:`reading_for_record`, or a player count the reading does not allow
        (``$.players``).
    """
    chosen = reading_for_record(record, reading, source=source)
    engine, variant = chosen.engine, chosen.variant
    try:
        engine.initial_state(record.players, variant)
    except (ValueError, RuleproofError) as exc:
        raise RecordError(str(exc), "$.players", source=source) from None
    return engine, variant, chosen
