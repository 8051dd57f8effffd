"""Legends for pictures: what each colour, ring and dashed outline means.

A legend is a list of :class:`Key` entries drawn as a strip of swatches with
their meaning. :func:`add_legend` puts such a strip under any standalone SVG
(the picture is nested unchanged, so its own coordinates stay valid).

>>> svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"></svg>'
>>> out = add_legend(svg, [Key("fill", "#d62728", "red chip"), Key("dashed", "#111", "the move")])
>>> out.count('class="legend-key"'), "red chip" in out, size_of(out)[1] > 50
(2, True, True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

#: How a key's swatch is drawn.
SWATCHES = ("fill", "dashed", "outline", "ring", "back")

_ROW_H = 18.0
_PAD = 8.0
_CHAR_W = 6.2


@dataclass(frozen=True)
class Key:
    """One legend entry.

    :param swatch: ``fill`` (a filled square), ``dashed`` (a dashed outline),
        ``outline`` (a thick solid outline), ``ring`` (a ring) or ``back``
        (a face-down card).
    :param colour: the swatch's colour.
    :param label: what it means, in a few words.
    """

    swatch: str
    colour: str
    label: str

    def __post_init__(self) -> None:
        if self.swatch not in SWATCHES:
            raise ValueError(f"swatch must be one of {SWATCHES}; got {self.swatch!r}")


def _swatch(key: Key, x: float, y: float) -> str:
    c = escape(key.colour)
    if key.swatch == "fill":
        return f'<rect x="{x:.1f}" y="{y:.1f}" width="12" height="12" rx="2" fill="{c}" stroke="#333" stroke-width="0.8"/>'
    if key.swatch == "dashed":
        return (f'<rect x="{x:.1f}" y="{y:.1f}" width="12" height="12" rx="2" fill="none" stroke="{c}" '
                'stroke-width="2" stroke-dasharray="3,2"/>')
    if key.swatch == "outline":
        return f'<rect x="{x:.1f}" y="{y:.1f}" width="12" height="12" rx="2" fill="none" stroke="{c}" stroke-width="3"/>'
    if key.swatch == "ring":
        return f'<circle cx="{x + 6:.1f}" cy="{y + 6:.1f}" r="5" fill="none" stroke="{c}" stroke-width="2.5"/>'
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="12" height="12" rx="2" fill="{c}" stroke="#333" stroke-width="0.8"/>'
            f'<path d="M{x + 2:.1f} {y + 2:.1f}L{x + 10:.1f} {y + 10:.1f}M{x + 10:.1f} {y + 2:.1f}L{x + 2:.1f} {y + 10:.1f}" '
            'stroke="#fff" stroke-width="1"/>')


def legend_rows(keys: Sequence[Key], width: float) -> list[list[tuple[Key, float]]]:
    """The keys laid out in rows no wider than ``width``: ``(key, x)`` pairs per row."""
    rows: list[list[tuple[Key, float]]] = [[]]
    x = _PAD
    for key in keys:
        w = 18 + len(key.label) * _CHAR_W + 14
        if rows[-1] and x + w > width:
            rows.append([])
            x = _PAD
        rows[-1].append((key, x))
        x += w
    return rows


def legend_svg(keys: Sequence[Key], width: float, top: float = 0.0) -> tuple[str, float]:
    """The legend strip as SVG elements starting at ``top``, and its height."""
    if not keys:
        return "", 0.0
    rows = legend_rows(keys, width)
    parts = [f'<g class="legend" font-family="sans-serif" font-size="11">'
             f'<rect x="0" y="{top:.1f}" width="{width:.1f}" height="{len(rows) * _ROW_H + _PAD:.1f}" fill="#ffffff" '
             'stroke="#cccccc"/>']
    for r, row in enumerate(rows):
        y = top + _PAD / 2 + r * _ROW_H + 2
        for key, x in row:
            parts.append(f'<g class="legend-key">{_swatch(key, x, y)}'
                         f'<text x="{x + 18:.1f}" y="{y + 10:.1f}" fill="#222">{escape(key.label)}</text></g>')
    parts.append("</g>")
    return "".join(parts), len(rows) * _ROW_H + _PAD


_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"[^>]*?\bheight="([\d.]+)"')


def size_of(svg: str) -> tuple[float, float]:
    """The ``width`` and ``height`` attributes of a standalone SVG's root element.

    :raises ValueError: when the root element does not give both.
    """
    match = _SIZE.search(svg)
    if match is None:
        raise ValueError("the SVG root has no width and height attributes")
    return float(match.group(1)), float(match.group(2))


def add_legend(svg: str, keys: Sequence[Key], *, min_width: float = 360.0) -> str:
    """``svg`` with a legend strip underneath (the picture nested unchanged)."""
    if not keys:
        return svg
    w, h = size_of(svg)
    width = max(w, min_width)
    strip, strip_h = legend_svg(keys, width, h + 4)
    inner = svg.replace("<svg ", f'<svg x="{(width - w) / 2:.1f}" y="0" ', 1)
    total = h + 4 + strip_h + 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total:.0f}" '
            f'viewBox="0 0 {width:.0f} {total:.0f}">'
            f'<rect width="{width:.0f}" height="{total:.0f}" fill="#ffffff"/>{inner}{strip}</svg>')


def stack(svgs: Sequence[str], *, gap: float = 6.0) -> str:
    """Standalone SVGs placed one under the other in one picture (each nested unchanged).

    >>> one = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"></svg>'
    >>> size_of(stack([one, one]))
    (100.0, 106.0)
    """
    sizes = [size_of(s) for s in svgs]
    width = max((w for w, _ in sizes), default=0.0)
    height = sum(h for _, h in sizes) + gap * max(len(svgs) - 1, 0)
    parts, y = [], 0.0
    for svg, (_, h) in zip(svgs, sizes):
        parts.append(svg.replace("<svg ", f'<svg x="0" y="{y:.1f}" ', 1))
        y += h + gap
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}">' + "".join(parts) + "</svg>")
