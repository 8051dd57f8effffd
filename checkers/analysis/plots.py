"""Histograms drawn as SVG by hand (no plotting library needed).

A figure is a column of :class:`Panel` objects; each panel shows two series
(reading A and reading B) as side-by-side bars per bin, with each series' mean
marked by a dashed line. The output is deterministic text, so it can be
committed, diffed and embedded in the docs.

>>> svg = histograms_svg([Panel("Game length", "moves", [10, 12, 12, 13], [11, 12, 14, 14])],
...                      title="demo", labels=("A", "B"))
>>> svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
True
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(svg).tag
'{http://www.w3.org/2000/svg}svg'
>>> bins(range(5))
(0.0, 1.0, 5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

__all__ = ["COLOURS", "Panel", "bins", "histograms_svg"]

#: Fill colours of series A and B (colour-blind safe blue and orange).
COLOURS = ("#1f77b4", "#ff7f0e")

_WIDTH = 640
_PANEL_HEIGHT = 230
_TITLE_HEIGHT = 34
_LEFT, _RIGHT, _TOP, _BOTTOM = 58, 16, 34, 46


@dataclass(frozen=True)
class Panel:
    """One histogram: a title, the x axis label and the two series' values."""

    title: str
    xlabel: str
    a: Sequence[float]
    b: Sequence[float]


def _nice_width(span: float, target: int) -> float:
    raw = span / max(target, 1)
    if raw <= 0:
        return 1.0
    exponent = math.floor(math.log10(raw))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        width = step * 10.0 ** exponent
        if width >= raw:
            return width
    return 10.0 ** (exponent + 1)


def bins(values: Sequence[float] | range, target: int = 24) -> tuple[float, float, int]:
    """``(start, width, count)`` of the bins for ``values``.

    Integer data with a small range gets one bin per value; otherwise about
    ``target`` bins of a round width.
    """
    data = list(values)
    if not data:
        return (0.0, 1.0, 1)
    low, high = min(data), max(data)
    integral = all(float(v).is_integer() for v in data)
    if integral and high - low < target * 1.5:
        return (float(low), 1.0, int(high - low) + 1)
    width = _nice_width(float(high - low) or 1.0, target)
    if integral:
        width = max(1.0, math.ceil(width))
    start = math.floor(low / width) * width
    count = int(math.floor((high - start) / width)) + 1
    return (float(start), width, count)


def _counts(values: Sequence[float], start: float, width: float, count: int) -> list[int]:
    counts = [0] * count
    for v in values:
        index = min(count - 1, max(0, int(math.floor((v - start) / width + 1e-9))))
        counts[index] += 1
    return counts


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if not float(value).is_integer() else str(int(value))


def _ticks(peak: int) -> list[int]:
    """Round y ticks from 0 up to the first tick at or above ``peak``."""
    if peak <= 0:
        return [0, 1]
    step = max(1, int(math.ceil(_nice_width(float(peak), 4))))
    top = -(-peak // step) * step
    return list(range(0, top + 1, step))


def _panel(panel: Panel, y0: float, labels: tuple[str, str]) -> list[str]:
    out: list[str] = []
    values = list(panel.a) + list(panel.b)
    start, width, count = bins(values)
    counts = (_counts(panel.a, start, width, count), _counts(panel.b, start, width, count))
    peak = max([1, *counts[0], *counts[1]])
    ticks = _ticks(peak)
    top = ticks[-1]
    x_left, x_right = _LEFT, _WIDTH - _RIGHT
    y_top, y_bottom = y0 + _TOP, y0 + _PANEL_HEIGHT - _BOTTOM
    plot_w, plot_h = x_right - x_left, y_bottom - y_top
    bin_w = plot_w / count

    def x_of(value: float) -> float:
        return x_left + (value - start) / width * bin_w

    def y_of(n: float) -> float:
        return y_bottom - n / top * plot_h

    out.append(f'<text x="{x_left}" y="{y0 + 20:.1f}" class="pt">{escape(panel.title)}</text>')
    for n in ticks:
        y = y_of(n)
        out.append(f'<line x1="{x_left}" y1="{y:.1f}" x2="{x_right}" y2="{y:.1f}" class="grid"/>')
        out.append(f'<text x="{x_left - 6}" y="{y + 4:.1f}" class="yt">{n}</text>')
    for series, colour in enumerate(COLOURS):
        for i, n in enumerate(counts[series]):
            if not n:
                continue
            x = x_left + i * bin_w + bin_w * (0.08 + 0.42 * series)
            y = y_of(n)
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bin_w * 0.42:.2f}" height="{y_bottom - y:.1f}" '
                       f'fill="{colour}"><title>{escape(labels[series])}: {n} in '
                       f'[{_fmt(start + i * width)}, {_fmt(start + (i + 1) * width)})</title></rect>')
    out.append(f'<line x1="{x_left}" y1="{y_bottom}" x2="{x_right}" y2="{y_bottom}" class="axis"/>')
    out.append(f'<line x1="{x_left}" y1="{y_top}" x2="{x_left}" y2="{y_bottom}" class="axis"/>')
    tick_every = max(1, math.ceil(count / 10))
    for i in range(0, count + 1, tick_every):
        x = x_left + i * bin_w
        centre = width == 1.0 and all(float(v).is_integer() for v in values)
        label = start + i * width
        if centre:
            if i == count:
                continue
            x += bin_w / 2
        out.append(f'<line x1="{x:.1f}" y1="{y_bottom}" x2="{x:.1f}" y2="{y_bottom + 4}" class="axis"/>')
        out.append(f'<text x="{x:.1f}" y="{y_bottom + 16}" class="xt">{_fmt(label)}</text>')
    out.append(f'<text x="{(x_left + x_right) / 2:.1f}" y="{y_bottom + 34}" class="xl">{escape(panel.xlabel)}</text>')
    for series, colour in enumerate(COLOURS):
        data = panel.a if series == 0 else panel.b
        if not data:
            continue
        mean = sum(data) / len(data)
        x = x_of(mean) + (bin_w / 2 if width == 1.0 and all(float(v).is_integer() for v in values) else 0.0)
        out.append(f'<line x1="{x:.1f}" y1="{y_top}" x2="{x:.1f}" y2="{y_bottom}" stroke="{colour}" '
                   f'class="mean"><title>mean {escape(labels[series])}: {mean:.2f}</title></line>')
    legend_x = x_right - 230
    for series, colour in enumerate(COLOURS):
        data = panel.a if series == 0 else panel.b
        mean = sum(data) / len(data) if data else float("nan")
        y = y0 + 12 + 14 * series
        out.append(f'<rect x="{legend_x}" y="{y - 9:.1f}" width="10" height="10" fill="{colour}"/>')
        out.append(f'<text x="{legend_x + 14}" y="{y:.1f}" class="lg">{escape(labels[series])} '
                   f'(n={len(data)}, mean {mean:.1f})</text>')
    return out


def histograms_svg(panels: Sequence[Panel], *, title: str, labels: tuple[str, str] = ("A", "B")) -> str:
    """An SVG document with one histogram per panel, stacked vertically.

    :param labels: the legend names of series A and B.
    """
    height = _TITLE_HEIGHT + _PANEL_HEIGHT * len(panels)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" font-family="sans-serif" font-size="11">',
        f"<title>{escape(title)}</title>",
        "<style>.grid{stroke:#e4e4e4;stroke-width:1}.axis{stroke:#333;stroke-width:1}"
        ".mean{stroke-width:1.5;stroke-dasharray:4 3}.yt{text-anchor:end}.xt{text-anchor:middle}"
        ".xl{text-anchor:middle}.pt{font-weight:bold}.ft{font-size:13px;font-weight:bold}</style>",
        f'<rect x="0" y="0" width="{_WIDTH}" height="{height}" fill="#ffffff"/>',
        f'<text x="{_WIDTH / 2:.0f}" y="22" text-anchor="middle" class="ft">{escape(title)}</text>',
    ]
    for i, panel in enumerate(panels):
        parts.extend(_panel(panel, _TITLE_HEIGHT + i * _PANEL_HEIGHT - 10, labels))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
