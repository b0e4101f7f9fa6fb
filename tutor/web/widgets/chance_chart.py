"""The review's chart of the fair chance to win over a game (:mod:`tutor.analysis.chances`): one point
per position (before each move, and the last), the costly moves marked where they were played.

Like the claims' charts (``widgets/claims/chart.py``) it knows no game and no language: the caller
passes the words (the axis' labels, each mark's label, the text alternative). Text and axis use
``currentColor``; the line is dashed while the chances are provisional.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.web.render import escape

WIDTH, HEIGHT = 360, 150  # the viewBox: on a 390 px phone about 1:1, so its words stay legible
LEFT, RIGHT, TOP, BOTTOM = 40, WIDTH - 8, 10, HEIGHT - 22
FONT = 12
LINE = "#1f5fa8"
COSTLY = "#b3261e"


def _x(index: int, count: int) -> float:
    return round(LEFT + (RIGHT - LEFT) * (index / max(1, count - 1)), 1)


def _y(chance: float) -> float:
    return round(BOTTOM - (BOTTOM - TOP) * min(1.0, max(0.0, chance)), 1)


def chance_chart_svg(chances: Sequence[float | None], marks: Sequence[tuple[int, str]], *, alt: str,
                     ticks: tuple[str, str], axis: str, provisional: bool) -> str:
    """The chart as an inline ``<svg role="img">``: ``chances`` per position (``None`` where none
    is known yet), ``marks`` the costly moves as (position before the move, label), ``ticks`` the
    labels of 0 and 100 %, ``axis`` the label under the x axis."""
    count = len(chances)
    parts = [f'<line x1="{LEFT}" y1="{BOTTOM}" x2="{RIGHT}" y2="{BOTTOM}" stroke="currentColor" stroke-width="1"/>',
             f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{BOTTOM}" stroke="currentColor" stroke-width="1"/>',
             f'<line x1="{LEFT}" y1="{TOP}" x2="{RIGHT}" y2="{TOP}" stroke="currentColor" stroke-width="0.5" '
             f'stroke-dasharray="2 3"/>',
             f'<text x="{LEFT - 4}" y="{BOTTOM + 4}" text-anchor="end">{escape(ticks[0])}</text>',
             f'<text x="{LEFT - 4}" y="{TOP + 4}" text-anchor="end">{escape(ticks[1])}</text>',
             f'<text x="{(LEFT + RIGHT) / 2}" y="{HEIGHT - 6}" text-anchor="middle">{escape(axis)}</text>']
    points = [f"{_x(i, count)},{_y(c)}" for i, c in enumerate(chances) if c is not None]
    if points:
        dash = ' stroke-dasharray="4 3"' if provisional else ""
        parts.append(f'<polyline class="tutor-chance-line" points="{" ".join(points)}" fill="none" '
                     f'stroke="{LINE}" stroke-width="1.6"{dash}/>')
    for index, label in marks:
        chance = chances[index] if 0 <= index < count else None
        y = _y(chance) if chance is not None else BOTTOM
        parts.append(f'<circle class="tutor-chance-costly" cx="{_x(index, count)}" cy="{y}" r="4" fill="{COSTLY}">'
                     f"<title>{escape(label)}</title></circle>")
    return (f'<svg class="tutor-chart tutor-chance-chart" xmlns="http://www.w3.org/2000/svg" role="img" '
            f'aria-label="{escape(alt)}" viewBox="0 0 {WIDTH} {HEIGHT}" font-size="{FONT}" '
            f'fill="currentColor">' + "".join(parts) + "</svg>")
