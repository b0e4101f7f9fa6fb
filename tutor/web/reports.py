"""What the reader is told after a move of their own: a report of what happened, naming the cards,
in the game's own words (its ``words.MOVE_REPORTS``); the compulsory actions that follow report
themselves (``Position.describe``)."""

from __future__ import annotations

from typing import Any

from tutor.engine import game_part
from tutor.i18n import Text


def move_report(position: Any, move: Any) -> Text:
    """The sentence that reports ``move`` after it is played, from ``position`` as it was before
    it; the position's own description where the game has no report for this kind of move."""
    reports = game_part(position.rules.game_id, "words").MOVE_REPORTS
    sources = move.sources
    kinds = {view.id: view.kind for view in position.layout()}
    piles = position.piles
    if not all(piles.get(src) for src in sources) or move.dst not in piles:
        return position.describe(move)
    cards = [piles[src][-1] for src in sources]
    target = piles[move.dst]
    if len(sources) == 1 and kinds.get(sources[0]) == "stock" and kinds.get(move.dst) == "waste":
        key, params = "turn", {"card": cards[0]}
    elif kinds.get(move.dst) == "stock":
        key, params = "redeal", {}
    elif len(cards) == 2:
        key, params = "pair", {"first": cards[0], "second": cards[1]}
    elif move.count > 1:
        first = piles[sources[0]][-move.count]
        key, params = ("run", {"first": first, "count": move.count - 1, "top": target[-1]}) if target else (
            "run-space", {"first": first, "count": move.count - 1})
    elif target:
        key, params = "onto", {"card": cards[0], "top": target[-1]}
    elif kinds.get(move.dst) == "foundation":
        key, params = "start", {"card": cards[0]}
    else:
        key, params = "space", {"card": cards[0]}
    report = reports.get(key)
    return report(**params) if report is not None else position.describe(move)
