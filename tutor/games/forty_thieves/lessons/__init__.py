"""Forty Thieves' lessons, data only: the guided examples and the "your move" exercises of the tips
(``scenarios``: the exercises stay beside the tips' examples there while the tips are reworked) and
the tasks of the rules sections (``tasks``). The names are the contract of a game's ``lessons``
part (see ARCHITECTURE.md, "How a game is reached")."""

from tutor.games.forty_thieves.lessons.scenarios import EXERCISES, SCENARIOS
from tutor.games.forty_thieves.lessons.tasks import (CHANGES_PLAY, MOVE_KINDS, OFF_BOARD_REFUSALS, PATH_SECTIONS,
                                                     TASKS)

__all__ = ["CHANGES_PLAY", "EXERCISES", "MOVE_KINDS", "OFF_BOARD_REFUSALS", "PATH_SECTIONS", "SCENARIOS", "TASKS"]
