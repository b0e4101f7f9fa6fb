"""The game registry: which games there are, and where each one's parts live. It names no game.

A game is a package (``tutor/games/<game>/``) whose ``rules`` module registers its :class:`Rules`
subclass with :func:`register` when imported. The package's other parts have fixed names and are
imported only when asked for (:func:`game_part`): ``fast`` (the search's quick picture of the game,
``lean.kernel_for``), ``lessons`` (its worked examples and tasks), ``tips`` (its tips, as the coach judges
them and the hints give them), ``words`` (what the page says in its words), ``terms`` (its glossary,
:mod:`tutor.glossary`), ``claims`` (what its rules texts claim, :mod:`tutor.claims`). The list of games is
kept in one place, :mod:`tutor.games`, which this module imports on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType

from tutor.engine.rules import Rules
from tutor.errors import UnknownGame, shown
from tutor.i18n import Text

GAMES_PACKAGE = "tutor.games"  # the package that imports every game (found by name: no import cycle)

_REGISTRY: dict[str, type[Rules]] = {}
_loaded = False


def register(rules_class: type[Rules]) -> type[Rules]:
    """Class decorator of a game's rules: ``@register class FortyThieves(Rules): …``."""
    _REGISTRY[rules_class.game_id] = rules_class
    return rules_class


def _load_games() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        importlib.import_module(GAMES_PACKAGE)


def game_ids() -> list[str]:
    _load_games()
    return list(_REGISTRY)


def rules_class(game_id: str) -> type[Rules]:
    _load_games()
    if not isinstance(game_id, str) or game_id not in _REGISTRY:
        raise UnknownGame(Text("ui", 'there is no game "{game}"; choose one of: {choices}',
                               game=shown(game_id), choices=", ".join(_REGISTRY)))
    return _REGISTRY[game_id]


def get_rules(game_id: str, variant: str = "") -> Rules:
    """``get_rules("forty-thieves", "josephine")``; raises :class:`UnknownGame`."""
    return rules_class(game_id)(variant)


def iter_variants() -> Iterable[tuple[str, str]]:
    """Every (game id, variant id) pair; the base game has variant ``""``."""
    for gid in game_ids():
        for variant in _REGISTRY[gid].variants:
            yield gid, variant


def game_part(game_id: str, part: str) -> ModuleType:
    """The module ``part`` (``"fast"``, ``"lessons"``, ``"tips"``, ``"words"``, ``"terms"``, ``"claims"``, ``"path"``)
    of a game's package."""
    package = rules_class(game_id).__module__.rpartition(".")[0]
    return importlib.import_module(f"{package}.{part}")
