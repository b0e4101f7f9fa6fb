"""Where Queen's Audience's piles lie: the antechamber's hollow square, the audience chamber inside it
(in a row, or in a circle in the round hall), the stock and the waste at its right."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tutor.cards import SUIT_CODES
from tutor.engine import PileView
from tutor.i18n import Text, suit_text

if TYPE_CHECKING:
    from tutor.cards import Card

SQUARE_SIZE = 16
SQUARE_IDS = tuple(f"r{i}" for i in range(1, SQUARE_SIZE + 1))
PAIR_IDS = tuple(f"k{i}" for i in range(1, 5))
JACK_IDS = tuple(f"j{i}" for i in range(1, 5))


def square_cell(index: int) -> tuple[int, int]:
    """(column, row) in the 6×6 grid of square card ``r{index+1}``: four cards on each side, the
    corners left open, clockwise from the top left (``r1``–``r4`` the top row, left to right)."""
    side, place = divmod(index, 4)
    if side == 0:
        return 1 + place, 0
    if side == 1:
        return 5, 1 + place
    if side == 2:
        return 4 - place, 5
    return 0, 4 - place


def square_layout(piles: Mapping[str, list[Card]], round_hall: bool) -> list[PileView]:
    """The antechamber as the rules text lays it out: a hollow square of sixteen cards, four on
    each side (a 6×6 grid without its corners), with room inside for eight cards, the audience
    chamber: the King–Queen pairs in one row, the Jacks in the row below (in the round hall a
    circle: hearts at the top, clubs right, diamonds at the bottom, spades left, each Jack
    between its pair and the next). The stock and the waste beside the square, at its right."""
    step_x, step_y = (1.25, 1.2) if round_hall else (1.0, 1.0)  # the circle needs a wider hall
    views = []
    antechamber = Text("queens-audience", "Antechamber")
    for i, rid in enumerate(SQUARE_IDS):
        col, row = square_cell(i)
        views.append(PileView(rid, "reserve", tuple(piles[rid]), col * step_x, row * step_y, label=antechamber,
                              caption=antechamber if i == 0 else None, caption_anchor="start"))
    hall = Text("queens-audience", "Audience chamber")
    foundation = Text("queens-audience", "Foundation")

    def name(pid: str, number: int, word: Text) -> Text:
        """A place in the hall: no suit until a pair takes it, then its suit's."""
        cards = piles[pid]
        if not cards:
            return word
        if word is hall:
            return Text("queens-audience", "Audience chamber {number}, {suit}", number=number,
                        suit=suit_text(cards[0].suit))
        return Text("queens-audience", "Foundation {number}, {suit}", number=number, suit=suit_text(cards[0].suit))
    if round_hall:
        # the middle of the hall, as the middle of a card there (a pile's x, y are its corner)
        centre_x, centre_y = 3 * step_x, 3 * step_y - 0.1
        radius_x, radius_y = 1.9, 1.75
        pair_angle = {"H": 0, "C": 90, "D": 180, "S": 270}  # degrees, clockwise from the top
        for k, suit in enumerate(SUIT_CODES):
            for pid, angle, kind, label in ((PAIR_IDS[k], pair_angle[suit], "pair", hall),
                                            (JACK_IDS[k], pair_angle[suit] + 45, "foundation", foundation)):
                rad = math.radians(angle)
                x = round(centre_x - 0.5 + radius_x * math.sin(rad), 3)
                y = round(centre_y - 0.5 - radius_y * math.cos(rad), 3)
                views.append(PileView(pid, kind, tuple(piles[pid]), x, y,
                                      fan="down" if kind == "pair" else "none",
                                      label=name(pid, k + 1, label), caption=hall if pid == PAIR_IDS[0] else None,
                                      caption_at=(centre_x, centre_y)))
    else:
        pairs = Text("queens-audience", "Audience chamber: King and Queen")
        jacks = Text("queens-audience", "Jacks")
        for k in range(4):
            views.append(PileView(PAIR_IDS[k], "pair", tuple(piles[PAIR_IDS[k]]), 1.0 + k, 1.35, fan="down",
                                  label=name(PAIR_IDS[k], k + 1, hall), caption=pairs if k == 0 else None,
                                  caption_anchor="start"))
            views.append(PileView(JACK_IDS[k], "foundation", tuple(piles[JACK_IDS[k]]), 1.0 + k, 3.05,
                                  label=name(JACK_IDS[k], k + 1, foundation), caption=jacks if k == 0 else None,
                                  caption_anchor="start"))
    right = 6 * step_x + 0.3
    views.append(PileView("s", "stock", tuple(piles["s"]), right, step_y, face_down=len(piles["s"]),
                          label=Text("queens-audience", "Stock"), caption=Text("queens-audience", "Stock")))
    views.append(PileView("w", "waste", tuple(piles["w"]), right, 2.45 * step_y,
                          label=Text("queens-audience", "Waste"),
                          caption=Text("queens-audience", "Waste")))
    return views
