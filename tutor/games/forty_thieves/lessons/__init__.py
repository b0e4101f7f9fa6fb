"""Forty Thieves' lessons, data only: the guided examples of the rules sections (``scenarios``) and
of the tips (``tip_scenarios``), the "your move" exercises of the tips (``exercises``) and the tasks
of the rules sections (``tasks``). The names are the contract of a game's ``lessons`` part (see
ARCHITECTURE.md, "How a game is reached")."""

from tutor.games.forty_thieves.lessons import scenarios, tip_scenarios
from tutor.games.forty_thieves.lessons.exercises import EXERCISES
from tutor.games.forty_thieves.lessons.tasks import (
    ALLOWED,
    CHANGES_PLAY,
    MOVE_KINDS,
    OFF_BOARD_REFUSALS,
    PATH_SECTIONS,
    TASKS,
)

SCENARIOS = scenarios.SCENARIOS + tip_scenarios.SCENARIOS

__all__ = ["ALLOWED", "CHANGES_PLAY", "EXERCISES", "MOVE_KINDS", "OFF_BOARD_REFUSALS", "PATH_SECTIONS", "SCENARIOS",
           "TASKS"]
