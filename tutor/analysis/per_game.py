"""Where the analysis finds what is one game's own: the game's ``tips`` part, through the registry.

:func:`tips_of` is the ``tips`` module of a game (its contract is in :mod:`tutor.analysis`), and
:class:`PerGame` shows one of its names for every game at once, by game id
(``PerGame("TIP_TEXTS")["forty-thieves"]``), for the code that asks about a game it holds as an id.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Iterator, Mapping

from tutor.engine.registry import game_ids, game_part

TIPS_PART = "tips"


def tips_of(game_id: str) -> ModuleType:
    """The game's ``tips`` part (``tutor/games/<game>/tips.py``); raises ``UnknownGame``."""
    return game_part(game_id, TIPS_PART)


class PerGame(Mapping[str, Any]):
    """A read-only mapping game id → the name ``name`` of that game's ``tips`` part, for every game
    of the registry (in its order). An id that is no game is missing (``KeyError``, ``.get`` gives
    the default)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, game_id: str) -> Any:
        if game_id not in game_ids():
            raise KeyError(game_id)
        return getattr(tips_of(game_id), self.name)

    def __iter__(self) -> Iterator[str]:
        return iter(game_ids())

    def __len__(self) -> int:
        return len(game_ids())

    def __repr__(self) -> str:
        return f"PerGame({self.name!r})"
