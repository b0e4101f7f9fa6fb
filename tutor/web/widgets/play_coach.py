"""What the play page lets the coach say: each kind of remark once per stock pass, none on a forced move.

The coach (:func:`tutor.analysis.coach.remark_for`) judges every move alike; played through a whole
game it would say near-identical things again and again (turning through Fortune's Favour's stock,
every turn that buries a playable waste card is "The 7♦ on the waste is now buried, though …").
The play page shows a remark of one kind — the tip and the check within it that spoke, that is the
remark's sentence before its cards are filled in — at most once per pass through the stock, and
no remark on a move that was the only legal one (the player had no choice). Only the page is
throttled: the review and the exercises ask the coach themselves and hear every remark.
"""

from __future__ import annotations

from typing import Any

from tutor.analysis.coach import Remark

RemarkKind = tuple[str, int, str, str]  # game, tip, warning|note, the remark's sentence (its msgid)


def remark_kind(remark: Remark) -> RemarkKind:
    """What makes two remarks "the same kind": the tip and the check in it (its sentence)."""
    return remark.game, remark.tip, remark.kind, remark.text.msgid


def stock_pass(position: Any) -> int:
    """The pass through the stock a position is in (1 until the first redeal; games without a
    redeal stay in pass 1)."""
    return int(position.counters.get("passes", 1))


class CoachThrottle:
    """The remarks the play page has shown, per pass: :meth:`shown` filters what the coach said."""

    def __init__(self) -> None:
        self.said: set[tuple[int, RemarkKind]] = set()

    def reset(self) -> None:
        """A new game (or the same deal from its start): every remark may be said again."""
        self.said.clear()

    def shown(self, before: Any, remark: Remark | None) -> Remark | None:
        """The remark the page shows for a move made from ``before``: ``None`` when the move was the
        only legal one, or when a remark of its kind was already shown in this pass."""
        if remark is None or len(before.legal_moves()) <= 1:
            return None
        key = (stock_pass(before), remark_kind(remark))
        if key in self.said:
            return None
        self.said.add(key)
        return remark
