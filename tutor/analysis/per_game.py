"""Where the analysis finds what is one game's own: the game's ``tips`` part, through the registry.

:func:`tips_of` is the ``tips`` module of a game (its contract is in :mod:`tutor.analysis`).
"""

from __future__ import annotations

from types import ModuleType

from tutor.engine.registry import game_part

TIPS_PART = "tips"


def tips_of(game_id: str) -> ModuleType:
    """The game's ``tips`` part (``tutor/games/<game>/tips.py``); raises ``UnknownGame``."""
    return game_part(game_id, TIPS_PART)
