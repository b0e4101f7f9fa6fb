"""What the reader is told after a move of their own: a report of what happened, in the past, naming
the cards, in the game's own words (its ``words.MOVE_REPORTS``): the reader's move (``by="you"``),
each compulsory action that followed it (``by="rules"``: keys ``fill-stock``, ``fill-waste``) and
each card the play page's option sent home by itself (``by="auto"``: the keys with ``auto-``).
Where a game has no report for a kind of move, the position's own description stands in."""

from __future__ import annotations

from typing import Any

from tutor.engine.contract import words_of
from tutor.engine.shape import move_shape
from tutor.i18n import Text


def move_report(position: Any, move: Any, by: str = "you") -> Text:
    """The sentence that reports ``move`` after it is played, from ``position`` as it was before
    it; the position's own description where the game has no report for this kind of move."""
    reports = words_of(position.rules.game_id).MOVE_REPORTS
    sources = move.sources
    kinds = {view.id: view.kind for view in position.layout()}
    piles = position.piles
    if not all(piles.get(src) for src in sources) or move.dst not in piles:
        return position.describe(move)
    cards = [piles[src][-1] for src in sources]
    target = piles[move.dst]
    if by == "rules":
        report = reports.get("fill-stock" if kinds.get(sources[0]) == "stock" else "fill-waste")
        return report(card=cards[0]) if report is not None and not target else position.describe(move)
    key, params = report_of(position, move)
    report = reports.get(f"auto-{key}" if by == "auto" else key)
    return report(**params) if report is not None else position.describe(move)


def report_of(position: Any, move: Any) -> tuple[str, dict]:
    """The kind of ``move`` as a game's sentences about moves are keyed (``turn``, ``onto``, …) and
    the cards such a sentence names, from ``position`` before the move (every source holds a card)."""
    piles = position.piles
    cards = [piles[src][-1] for src in move.sources]
    return _report_of(move_shape(position, move).report_key(), move, piles, cards, piles[move.dst])


def beat_reports(beats: list, auto_from: int | None = None) -> list[Text]:
    """The reports of a move and what followed it, each from the position just before it:
    ``beats`` as :meth:`Position.play_beats` gives them (``(move, forced, before)``); the beats
    from ``auto_from`` on are the cards the play page's option sent home by themselves."""
    texts = []
    for index, (move, forced, before) in enumerate(beats):
        by = "rules" if forced else "auto" if auto_from is not None and index >= auto_from else "you"
        texts.append(move_report(before, move, by))
    return texts


def _report_of(key: str, move: Any, piles: dict, cards: list, target: list) -> tuple[str, dict]:
    """The key of a game's reports for a move (from its shape) and the cards its sentence names."""
    if key == "turn":
        return key, {"card": cards[0]}
    if key == "redeal":
        return key, {}
    if key == "pair":
        return key, {"first": cards[0], "second": cards[1]}
    if key in ("run", "run-space"):
        first = piles[move.sources[0]][-move.count]
        return key, {"first": first, "count": move.count - 1, **({"top": target[-1]} if target else {})}
    if key == "onto":
        return key, {"card": cards[0], "top": target[-1]}
    return key, {"card": cards[0]}  # start, space
