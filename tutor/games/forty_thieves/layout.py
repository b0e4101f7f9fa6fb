"""Where Forty Thieves' piles lie: the foundations on top (in two rows where they are many), the waste
and the talon at the right of that row, the columns below."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tutor.engine import PileView
from tutor.i18n import Text

if TYPE_CHECKING:
    from tutor.cards import Card
    from tutor.games.forty_thieves.building import VariantSpec


def columns_layout(piles: Mapping[str, list[Card]], spec: VariantSpec, foundation_ids: Sequence[str],
                   column_ids: Sequence[str]) -> list[PileView]:
    """Foundations in a row on top, the talon and the waste at the right of that row, the
    columns below, fanned down and numbered as the narrations number them ("column 4").
    Units: card widths (x) and card heights (y). The piles stand close (twelve columns closer
    still), so that the board fits a phone with legible corners (tutor/web/render/board.py);
    where the foundations and the talon would be wider than the columns (Sixty Thieves' twelve
    foundations), the foundations take two rows."""
    step = 1.0 if spec.columns <= 10 else 0.96
    width = max(spec.columns, 3)
    rows = 1 if spec.foundations + 2 <= width else 2
    per_row = -(-spec.foundations // rows)
    views: list[PileView] = []
    for i, pid in enumerate(foundation_ids):
        row, col = divmod(i, per_row)
        views.append(PileView(pid, "foundation", tuple(piles[pid]), col * step, row * 1.1,
                              label=Text("forty-thieves", "Foundation {n}", n=i + 1),
                              caption=Text("forty-thieves", "Foundations") if i == 0 else None,
                              caption_anchor="start"))
    views.append(PileView("w", "waste", tuple(piles["w"]), (width - 2) * step, 0.0,
                          label=Text("forty-thieves", "Waste"), caption=Text("forty-thieves", "Waste"),
                          caption_anchor="end"))  # "Ablagestapel" beside "Talon"
    views.append(PileView("s", "stock", tuple(piles["s"]), (width - 1) * step, 0.0,
                          face_down=len(piles["s"]), label=Text("forty-thieves", "Stock"),
                          caption=Text("forty-thieves", "Stock")))
    columns_y = 1.3 + (rows - 1) * 1.1
    for i, pid in enumerate(column_ids):
        column = Text("forty-thieves", "Column {n}", n=i + 1)
        # "Column 1", then only the numbers: the columns stand too close for the word over each
        caption = column if i == 0 else Text("forty-thieves", "{n}", n=i + 1)
        views.append(PileView(pid, "tableau", tuple(piles[pid]), i * step, columns_y, fan="down",
                              label=column, caption=caption, caption_anchor="start" if i == 0 else "middle"))
    return views
