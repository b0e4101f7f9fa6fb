"""Fortune's Favour's lessons, data only: the guided examples (``scenarios``), the "your move"
exercises of the tips (``exercises``) and the tasks of the rules sections (``tasks``). The names
are the contract of a game's ``lessons`` part (see ARCHITECTURE.md, "How a game is reached")."""

from tutor.games.fortunes_favour.lessons.exercises import EXERCISES
from tutor.games.fortunes_favour.lessons.scenarios import SCENARIOS
from tutor.games.fortunes_favour.lessons.tasks import (
    ALLOWED,
    CHANGES_PLAY,
    MOVE_KINDS,
    OFF_BOARD_REFUSALS,
    PATH_SECTIONS,
    TASKS,
)

__all__ = ["ALLOWED", "CHANGES_PLAY", "EXERCISES", "MOVE_KINDS", "OFF_BOARD_REFUSALS", "PATH_SECTIONS", "SCENARIOS",
           "TASKS"]
