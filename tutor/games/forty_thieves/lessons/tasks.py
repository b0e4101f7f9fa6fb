"""Forty Thieves: the tasks the learner plays at the end of each rules section (records
:class:`tutor.tasks.Task`; none yet), and what they must cover once there are some: every kind of
move in ``MOVE_KINDS``, every refusal of the rules but those in ``OFF_BOARD_REFUSALS``, every variant
in ``CHANGES_PLAY`` (``tests/test_tasks.py``; see Fortune's Favour's for one task of each kind).
"""

from __future__ import annotations

from tutor.i18n import Text
from tutor.tasks import Task

GAME = "forty-thieves"

# The page's rules sections, in page order, with their headings: the steps of the game's path
# before the tips (``tests/test_tasks.py`` checks them against both pages).
PATH_SECTIONS = (
    ("setup", Text("forty-thieves", "Setup")),
    ("playing", Text("forty-thieves", "Playing")),
    ("winning", Text("forty-thieves", "Winning")),
    ("variants", Text("forty-thieves", "Variants")),
)

# Every kind of move the game has (tutor.tasks.coverage.move_kind), over all its variants.
MOVE_KINDS = (
    "tableau-to-foundation", "waste-to-foundation", "tableau-to-tableau", "waste-to-tableau", "stock-to-waste",
    "tableau-to-foundation-empty", "waste-to-foundation-empty",  # an Ace starts a foundation
    "tableau-to-tableau-empty", "waste-to-tableau-empty",  # a card into an empty column
    "tableau-to-tableau-run", "tableau-to-tableau-empty-run",  # Josephine: a run moves as one
    "waste-to-stock",  # one or two redeals
)

# The refusals no click on a board can give, and why (the board reads a pick and a drop, never notation).
OFF_BOARD_REFUSALS = {
    "no-such-pile": "only notation names a pile the board does not draw",
    "same-pile": "a drop on the picked pile puts the card back: nothing is moved",
    "one-card-at-a-time": "a pick takes the top card alone wherever no run may move, so two cards never travel",
    "empty-source": "a pick on an empty column picks nothing",
    "empty-waste": "a pick on an empty waste picks nothing",
    "waste-top-alone": "a pick on the waste takes its top card alone",
    "stock-through-waste": "a pick on the stock turns it onto the waste at once",
    "turn-one-card": "a pick on the stock turns one card",
    "run-broken": "a card under others is a control only where its run may move now",
    "run-too-long": "a card under others is a control only where its run may move now",
    "redeal-whole-waste": "a drop of the waste on the stock takes its top card, which the redeal reads as the whole waste",
    "redeal-empty-waste": "with the stock and the waste both empty, a pick on the stock says the stock is used up",
}

# The variants that change what may be played (Limited and Sixty Thieves change only the layout
# and the packs): each needs a task of its own.
CHANGES_PLAY = ("josephine", "indian", "streets", "kings-only", "one-redeal", "two-redeals")

TASKS: tuple[Task, ...] = ()
