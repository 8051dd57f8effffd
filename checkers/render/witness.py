"""Pictures of a finding's witness, drawn with the game's own renderer.

:func:`witness_pictures` turns the witness of a catalogue finding (any object
with ``id``, ``verdict``, ``answer``, ``question``, ``rule_ids`` and
``witness`` attributes, such as :class:`ruleproof.checkers.catalogue.findings.Finding`)
into SVG pictures:

* a renderer that defines ``render_finding_svg(finding)`` draws the witness
  itself (Big Five and Cinco boards with the decisive line highlighted);
* otherwise positions are searched in the witness: ``{"state": ...}`` (the
  engine's serialised state), a game record (``{"format": "ruleproof-record"}``
  or ``{"record": {...}}``) or a play (``{"players": N, "moves": [...],
  "flags"/"variant": {...}}``), replayed on the engine and drawn in their last
  position with the last move marked (``render_view`` where the renderer has
  it, else ``render_svg``). A list of witnesses gives up to three pictures.

:func:`verdict_card_svg` draws a finding that has no position to show (an
``unsat`` proof, an analysis) as a small card with its verdict and rules, so
every finding has a picture on the findings overview.

Everything here is deterministic: the same finding gives the same SVG.

>>> from types import SimpleNamespace
>>> f = SimpleNamespace(id="T5-F-3", game="take5", verdict="unsat", question="Q?", answer="No.",
...                     rule_ids=("T5-PLACE-1",), witness=None)
>>> witness_pictures("take5", f)
[]
>>> card = verdict_card_svg(f)
>>> card.startswith("<svg") and "unsat" in card and "T5-PLACE-1" in card
True
>>> play = SimpleNamespace(**{**vars(f), "verdict": "sat", "witness": {"players": 2, "moves": []}})
>>> [caption for _, caption in witness_pictures("take5", play)]
["the position after the witness's 0 moves"]
"""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from ruleproof.model.io.records import record_from_json
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_from_mapping
from ruleproof.spec.registry import MissingPartError, load_part

__all__ = ["witness_pictures", "verdict_card_svg", "VERDICT_COLOURS"]

#: Background colour of each verdict's card.
VERDICT_COLOURS: dict[str, str] = {"sat": "#e3f4e1", "unsat": "#e4ecfa", "unknown": "#fff1cc",
                                   "not applicable": "#eeeeee"}
#: At most this many pictures per finding.
MAX_PICTURES = 3


def _drawer(game: str) -> tuple[Callable[..., str] | None, Any]:
    """The renderer's position drawer (``render_view`` preferred) and the module."""
    try:
        module = load_part(game, "renderer")
    except MissingPartError:
        return None, None
    view = getattr(module, "render_view", None)
    if view is not None:
        return view, module
    return getattr(module, "render_svg", None), module


def _draw(draw: Callable[..., str], state: Any, last: Any) -> str:
    params = inspect.signature(draw).parameters
    if "last" in params:
        return draw(state, last=last)
    return draw(state)


def witness_pictures(game_id: str, finding: Any) -> list[tuple[str, str]]:
    """SVG pictures of ``finding``'s witness as ``(svg, caption)`` pairs (empty when nothing can be drawn)."""
    draw, module = _drawer(game_id)
    if module is None:
        return []
    special = getattr(module, "render_finding_svg", None)
    if special is not None:
        svg = special(finding)
        if isinstance(svg, str) and svg.lstrip().startswith("<svg"):
            return [(svg, "the witness")]
    if draw is None:
        return []
    game = game_for(game_id)

    def replay(players: int, flags: Any, moves: Sequence[str]) -> tuple[Any, Any]:
        variant = variant_from_mapping(game.variant_type, flags or {})
        state = game.initial_state(players, variant)
        move = None
        for text in moves:
            move = game.parse_move(text)
            state = game.apply(state, move)
        return state, move

    witness = finding.witness
    candidates = witness if isinstance(witness, list) else [witness]
    pictures: list[tuple[str, str]] = []
    for item in candidates[:MAX_PICTURES]:
        if not isinstance(item, dict):
            continue
        record_data = item.get("record") if isinstance(item.get("record"), dict) else (
            item if item.get("format") == "ruleproof-record" else None)
        if isinstance(item.get("state"), (dict, list)):
            pictures.append((_draw(draw, game.deserialize(item["state"]), None), "the witness position"))
        elif record_data is not None:
            record = record_from_json(record_data)
            state, last = replay(record.players, record.variant, [m.move for m in record.moves])
            pictures.append((_draw(draw, state, last),
                             f"the position after the witness record's {len(record.moves)} moves"))
        elif isinstance(item.get("players"), int) and isinstance(item.get("moves"), list):
            moves = [str(m) for m in item["moves"]]
            state, last = replay(item["players"], item.get("variant", item.get("flags")), moves)
            extra = ", ".join(f"{k} {item[k]}" for k in ("seat", "seed") if k in item)
            pictures.append((_draw(draw, state, last), f"the position after the witness's {len(moves)} moves"
                             + (f" ({extra})" if extra else "")))
    return [(svg, caption) for svg, caption in pictures if isinstance(svg, str) and svg.lstrip().startswith("<svg")]


def verdict_card_svg(finding: Any, width: int = 320) -> str:
    """A card showing a finding's id, verdict, rules and the start of its answer (for findings without a position)."""
    verdict = str(finding.verdict)
    fill = VERDICT_COLOURS.get(verdict, "#eeeeee")
    lines = textwrap.wrap(" ".join(str(finding.answer).split()), 46)[:4]
    rules = ", ".join(finding.rule_ids[:4]) + (" …" if len(finding.rule_ids) > 4 else "")
    height = 74 + 16 * len(lines) + (18 if rules else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f"<title>{escape(str(finding.id))}: {escape(verdict)}</title>",
        f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="10" fill="{fill}" stroke="#667"/>',
        f'<text x="14" y="28" font-size="16" font-weight="bold">{escape(str(finding.id))}</text>',
        f'<text class="verdict" x="{width - 14}" y="28" font-size="16" text-anchor="end">{escape(verdict)}</text>',
    ]
    y = 52.0
    for line in lines:
        parts.append(f'<text x="14" y="{y:.0f}" font-size="12">{escape(line)}</text>')
        y += 16
    if rules:
        parts.append(f'<text x="14" y="{y + 6:.0f}" font-size="11" fill="#445">rules: {escape(rules)}</text>')
    parts.append("</svg>")
    return "".join(parts)
