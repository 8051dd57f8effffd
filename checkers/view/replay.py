"""The replay viewer: one self-contained HTML file that steps through a game.

:func:`replay_html` turns a record (or steps already built by
:func:`~ruleproof.checkers.view.steps.build_steps`) into a single HTML page
with inline CSS and JavaScript and no external resource (a Content Security
Policy forbids every fetch): buttons, the ←/→ keys, a slider and a clickable
move list step through the game; each step shows the picture from the chosen
view (referee or one seat), the move in words, the rules checked for it with
links to their anchors in the annotated rulebooks, the legal alternatives or
chance's odds, and the scores. The steps and the pictures (each picture
stored once) are gzipped and base64-encoded; the browser unpacks them with
``DecompressionStream``. A Take 5 game's ~1400 pictures shrink from ~19 MB
to ~0.3 MB; a 366-move Cinco witness still makes a page of ~3 MB.

The page opens on the first move a seat makes (:func:`opening_step`: a card
game's deal is many chance moves, which a reader rarely wants to step
through first), or on the step its address names: every step has one,
``#step=N`` (step 0 is the start), kept in the address bar as the reader
steps, so a step can be bookmarked or linked; the list of moves links each.

The page comes from the Jinja2 template ``replay.html.j2`` beside this module.

>>> from ruleproof.model.io.records import GameRecord, RecordedMove
>>> moves = tuple(RecordedMove(-1, f"deal {c}") for c in range(1, 25))
>>> page = replay_html(GameRecord("take5", 2, {}, moves), title="a deal")
>>> page.startswith("<!DOCTYPE html>") and "<title>a deal</title>" in page
True
>>> "http://" in page.replace("http://www.w3.org", "") or "https://" in page
False
"""

from __future__ import annotations

import base64
import gzip
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from ruleproof.checkers.view.steps import Replay, build_steps
from ruleproof.model.io.readings import Reading
from ruleproof.model.io.records import GameRecord

TEMPLATE = "replay.html.j2"


def _script_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def _template() -> jinja2.Template:
    source = resources.files("ruleproof.checkers.view").joinpath(TEMPLATE).read_text("utf-8")
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    return env.from_string(source)


def opening_step(replay: Replay) -> int:
    """The step the page opens on: the first move of a seat (or an illegal move before it), else 0.

    >>> from ruleproof.checkers.view.steps import Step
    >>> steps = [Step(0), Step(1, actor=-1), Step(2, actor=-1), Step(3, actor=0)]
    >>> opening_step(Replay("take5", "Take 5", 2, {}, steps, [], []))
    3
    >>> opening_step(Replay("take5", "Take 5", 2, {}, steps[:3], [], []))
    0
    """
    for step in replay.steps[1:]:
        if (step.actor is not None and step.actor >= 0) or step.illegal:
            return step.index
    return 0


def _variant_text(replay: Replay) -> str:
    """The header's account of the rules: the reading (title, flags, plugin digest), never empty or huge flags.

    >>> from ruleproof.checkers.view.steps import Replay
    >>> _variant_text(Replay("cinco", "Cinco", 2, {"layout": "square", "layout_data": "", "joker": True}, [], [], [],
    ...                      reading="joker=True"))
    'joker=True'
    """
    if replay.reading:
        return replay.reading
    shown = {k: v for k, v in sorted(replay.variant.items()) if v not in ("", None, [], ())}
    return ", ".join(f"{k}={v if len(str(v)) <= 40 else str(v)[:37] + '...'}" for k, v in shown.items()) or "defaults"


def replay_html(source: GameRecord | Replay, *, title: str = "", notes: Sequence[str] = (), docs_base: str = "",
                on_step: Callable[[int], None] | None = None, reading: Reading | None = None) -> str:
    """A self-contained HTML page stepping through ``source``.

    :param source: a game record, or a :class:`Replay` already built.
    :param title: the page title (default: the game and the number of moves).
    :param notes: lines shown under the title (e.g. a finding's question and answer).
    :param docs_base: prefix of the rule links, ending in ``/`` (the annotated
        rulebooks live at ``{docs_base}games/{game}.html#{RULE-ID}``); the
        default links relative to the page, for a page inside the docs.
    :param on_step: called with each move index as it is replayed (progress).
    :param reading: the reading to replay a record under (a record made under a plugin's reading needs it).
    :raises RecordError: the record is malformed (bad game, flag, move text).
    :raises MissingPartError: the game has no renderer.
    """
    replay = source if isinstance(source, Replay) else build_steps(source, reading=reading, on_step=on_step)
    moves = len(replay.steps) - 1
    data = {"steps": [asdict(s) for s in replay.steps], "pictures": replay.pictures}
    packed = gzip.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 9, mtime=0)
    variant_text = _variant_text(replay)
    page: str = _template().render(
        title=title or f"{replay.title}: {moves} moves",
        notes=list(notes) + ([f"the record stops at move {replay.illegal_at}: it is illegal"]
                             if replay.illegal_at is not None else []),
        game_title=replay.title, players=replay.players, variant_text=variant_text, views=replay.views,
        last_step=moves, start_step=opening_step(replay), data_gz=base64.b64encode(packed).decode("ascii"),
        docs_base_json=Markup(_script_json(docs_base)),
        game_json=Markup(_script_json(replay.game)),
    )
    return page
