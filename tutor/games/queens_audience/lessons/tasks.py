"""Queen's Audience: the tasks the learner plays at the end of each rules section (records
:class:`tutor.tasks.Task`; none yet), and what they must cover once there are some: every kind of
move in ``MOVE_KINDS``, every refusal of the rules but those in ``OFF_BOARD_REFUSALS``, every variant
in ``CHANGES_PLAY`` (``tests/test_tasks.py``; see Fortune's Favour's for one task of each kind).
"""

from __future__ import annotations

from tutor.i18n import Text
from tutor.tasks import Task

GAME = "queens-audience"

# The page's rules sections, in page order, with their headings: the steps of the game's path
# before the tips (``tests/test_tasks.py`` checks them against both pages). "Parts of the layout"
# joins when it has tasks (its German heading says "Auslage", a word the game's own messages avoid).
PATH_SECTIONS = (
    ("setup", Text("queens-audience", "Setup")),
    ("playing", Text("queens-audience", "Playing")),
    ("winning", Text("queens-audience", "Winning")),
    ("variants", Text("queens-audience", "Variants")),
)

# Every kind of move the game has (tutor.tasks.coverage.move_kind), over all its variants.
MOVE_KINDS = (
    "reserve+waste-to-pair-empty", "reserve-to-pair-empty",  # a King and Queen enter together
    "reserve+waste-to-foundation-empty", "reserve-to-foundation-empty",  # a Jack and Ace start a foundation
    "reserve-to-foundation", "waste-to-foundation", "stock-to-waste",
    "forced-stock-to-reserve-empty", "forced-waste-to-reserve-empty",
    "waste-to-stock",  # one redeal
)

# The refusals no click on a board can give, and why (the board reads a pick and a drop, never notation).
OFF_BOARD_REFUSALS = {
    "no-such-pile": "only notation names a pile the board does not draw",
    "one-card-or-pair": "a pick takes one card, or a card and the partner it must enter with: never more",
    "pair-two-cards": "a pick takes one card, and a partner from another pile",
    "not-a-royal-pair": "the board pairs a card only with its own partner",
    "not-a-jack-and-ace": "the board pairs a card only with its own partner",
    "pair-to-its-suit": "a pair dropped on any empty place goes to its suit's place (canonical)",
    "never-alone": "a pick of a card whose partner is free takes the partner along",
    "chamber-cards-stay": "a pick in the audience chamber is answered by the first drop it is refused on, another rule",
    "empty-source": "a pick on an empty place picks nothing",
    "empty-waste": "a pick on an empty waste picks nothing",
    "stock-through-waste": "a pick on the stock turns it onto the waste at once",
    "redeal-empty-waste": "with the stock and the waste both empty, a pick on the stock says the stock is used up",
}

CHANGES_PLAY = ("one-redeal",)  # King's Audience and the round hall change only how the cards lie

TASKS: tuple[Task, ...] = ()
