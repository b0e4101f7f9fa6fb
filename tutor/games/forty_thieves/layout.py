"""Where Forty Thieves' piles lie: the foundations on top (in two rows where they are many), the waste
and the talon at the right of that row, the columns below."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine import PileView
from tutor.i18n import Text

if TYPE_CHECKING:  # rules.py imports this module
    from tutor.games.forty_thieves.rules import FortyThievesPosition


def columns_layout(position: FortyThievesPosition) -> list[PileView]:
    """Foundations in a row on top, the talon and the waste at the right of that row, the
    columns below, fanned down and numbered as the narrations number them ("column 4").
    Units: card widths (x) and card heights (y). The piles stand close (twelve columns closer
    still), so that the board fits a phone with legible corners (tutor/web/render/board.py);
    where the foundations and the talon would be wider than the columns (Sixty Thieves' twelve
    foundations), the foundations take two rows."""
    rules = position.rules
    spec = rules.spec
    step = 1.0 if spec.columns <= 10 else 0.96
    width = max(spec.columns, 3)
    rows = 1 if spec.foundations + 2 <= width else 2
    per_row = -(-spec.foundations // rows)
    views: list[PileView] = []
    for i, pid in enumerate(rules.foundation_ids):
        row, col = divmod(i, per_row)
        views.append(PileView(pid, "foundation", tuple(position.piles[pid]), col * step, row * 1.1,
                              label=Text("forty-thieves", "Foundation {n}", n=i + 1),
                              caption=Text("forty-thieves", "Foundations") if i == 0 else None,
                              caption_anchor="start"))
    views.append(PileView("w", "waste", tuple(position.piles["w"]), (width - 2) * step, 0.0,
                          label=Text("forty-thieves", "Waste"), caption=Text("forty-thieves", "Waste"),
                          caption_anchor="end"))  # "Ablagestapel" beside "Talon"
    views.append(PileView("s", "stock", tuple(position.piles["s"]), (width - 1) * step, 0.0,
                          face_down=len(position.piles["s"]), label=Text("forty-thieves", "Stock"),
                          caption=Text("forty-thieves", "Stock")))
    columns_y = 1.3 + (rows - 1) * 1.1
    for i, pid in enumerate(rules.column_ids):
        column = Text("forty-thieves", "Column {n}", n=i + 1)
        # "Column 1", then only the numbers: the columns stand too close for the word over each
        caption = column if i == 0 else Text("forty-thieves", "{n}", n=i + 1)
        views.append(PileView(pid, "tableau", tuple(position.piles[pid]), i * step, columns_y, fan="down",
                              label=column, caption=caption, caption_anchor="start" if i == 0 else "middle"))
    return views
