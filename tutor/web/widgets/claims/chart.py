"""A small SVG chart for a claim: what the texts state as marks on a 0–100 % axis, what was measured
as bars with their uncertainty.

The chart knows nothing of claims or languages: the caller passes the words (labels, the value
texts, the text alternative). Colours never carry meaning alone: each bar and mark has its label,
and the chart as a whole a text alternative (``role="img"`` with ``aria-label``). Text and axis use
``currentColor``, so the chart follows the page's colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.web.render import escape

WIDTH = 440  # the viewBox; the page scales it down on a phone
LABEL_W = 118  # the bar labels, left of the plot
PLOT_LEFT, PLOT_RIGHT = LABEL_W + 6, WIDTH - 34
ROW_H = 24
FONT = 12
BAR = "#1f5fa8"
LIVE = "#6a3d9a"


@dataclass(frozen=True)
class Mark:
    """A stated value (``low == high``) or range, labelled above the plot."""

    label: str
    low: float
    high: float


@dataclass(frozen=True)
class Bar:
    """A measured share ``value`` with its interval [``low``, ``high``]; ``reach`` extends the bar
    as an outline to the share not yet proven lost (undecided deals)."""

    label: str
    value: float
    low: float
    high: float
    text: str  # the value as the reader reads it ("27.4%")
    reach: float | None = None
    live: bool = False
    words: str = ""  # the chart's text alternative says the bar in these words where given (the solver's verdicts)


def _x(fraction: float) -> float:
    return round(PLOT_LEFT + (PLOT_RIGHT - PLOT_LEFT) * min(1.0, max(0.0, fraction)), 1)


def _bar_svg(bar: Bar, y: float) -> str:
    colour = LIVE if bar.live else BAR
    left, end = _x(0), _x(bar.value)
    middle = y + ROW_H / 2
    parts = [f'<text x="{LABEL_W}" y="{middle + 4}" text-anchor="end">{escape(bar.label)}</text>',
             f'<rect x="{left}" y="{y + 5}" width="{max(0.8, end - left)}" height="{ROW_H - 10}" fill="{colour}"/>']
    value = 'font-weight="600" paint-order="stroke" stroke="#fff" stroke-width="3"'
    if bar.reach is not None and bar.reach > bar.value:
        # the undecided share: an outline from the proven share to the share not proven lost
        reach = _x(bar.reach)
        parts.append(f'<rect x="{end}" y="{y + 5.5}" width="{round(reach - end, 1)}" height="{ROW_H - 11}" '
                     f'fill="none" stroke="{colour}" stroke-width="1.2" stroke-dasharray="3 2"/>')
        parts.append(f'<text x="{round(end + 5, 1)}" y="{middle + 4}" {value}>{escape(bar.text)}</text>')
        return "".join(parts)
    low, high = _x(bar.low), _x(bar.high)
    parts.append(f'<path d="M{low} {middle}H{high}M{low} {middle - 5}V{middle + 5}M{high} {middle - 5}V{middle + 5}" '
                 f'stroke="currentColor" stroke-width="1.5" fill="none"/>')
    if end - left >= 56:  # inside the bar, white on it, clear of the marks beside it
        parts.append(f'<text x="{round(min(low, end) - 4, 1)}" y="{middle + 4}" text-anchor="end" '
                     f'font-weight="600" fill="#fff">{escape(bar.text)}</text>')
    else:
        parts.append(f'<text x="{round(max(end, high) + 4, 1)}" y="{middle + 4}" {value}>{escape(bar.text)}</text>')
    return "".join(parts)


def chart_svg(marks: Sequence[Mark], bars: Sequence[Bar], *, alt: str, ticks: Sequence[str]) -> str:
    """The chart as an inline ``<svg role="img">``; ``ticks`` are the labels of 0 and 100 %;
    ``alt`` says in words what the chart shows."""
    rows = max(1, len(bars))
    mark_rows = _mark_rows(marks)
    top = 13 * max(mark_rows, default=0) + 10
    bottom = top + rows * ROW_H
    height = bottom + 18
    parts = [f'<line x1="{_x(0)}" y1="{bottom}" x2="{_x(1)}" y2="{bottom}" stroke="currentColor" stroke-width="1"/>']
    for fraction, tick in zip((0.0, 1.0), ticks, strict=True):
        x = _x(fraction)
        parts.append(f'<line x1="{x}" y1="{bottom}" x2="{x}" y2="{bottom + 4}" stroke="currentColor"/>'
                     f'<text x="{x}" y="{bottom + 15}" text-anchor="middle" font-size="{FONT - 1}">'
                     f'{escape(tick)}</text>')
    for mark, row in zip(marks, mark_rows, strict=True):
        parts.append(_mark_svg_at(mark, top, bottom, row))
    for index, bar in enumerate(bars):
        parts.append(_bar_svg(bar, top + index * ROW_H))
    return (f'<svg class="tutor-chart" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(alt)}" '
            f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" font-size="{FONT}" '
            f'fill="currentColor">' + "".join(parts) + "</svg>")


def _mark_rows(marks: Sequence[Mark]) -> list[int]:
    """A label row per mark: marks whose labels would touch go one row lower."""
    rows: list[int] = []
    placed: list[tuple[float, int]] = []
    for mark in marks:
        x = (_x(mark.low) + _x(mark.high)) / 2
        row = 0
        while any(abs(x - other) < 110 and other_row == row for other, other_row in placed):
            row += 1
        placed.append((x, row))
        rows.append(row)
    return [r + 1 for r in rows]


def _mark_svg_at(mark: Mark, top: float, bottom: float, row: int) -> str:
    x1, x2 = _x(mark.low), _x(mark.high)
    middle = round((x1 + x2) / 2, 1)
    anchor = "middle"
    if middle > PLOT_RIGHT - 45:
        anchor = "end"
    elif middle < PLOT_LEFT + 45:
        anchor = "start"
    label_y = 13 * row + 2
    parts = []
    if x2 - x1 >= 4:
        parts.append(f'<rect x="{x1}" y="{top - 2}" width="{round(x2 - x1, 1)}" height="{bottom - top + 2}" '
                     f'fill="currentColor" fill-opacity="0.12"/>')
    for x in ([x1, x2] if x2 - x1 >= 4 else [middle]):  # a narrow range reads as one line
        parts.append(f'<line x1="{x}" y1="{label_y + 3}" x2="{x}" y2="{bottom}" stroke="currentColor" '
                     f'stroke-width="1.5" stroke-dasharray="4 3"/>')
    parts.append(f'<text x="{middle}" y="{label_y}" text-anchor="{anchor}">{escape(mark.label)}</text>')
    return "".join(parts)
