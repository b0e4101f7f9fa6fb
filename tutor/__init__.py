"""tutor: the engine, the games, their lessons and the page's side of the patience rules site.

Pure standard-library Python: it runs unchanged in CPython and in Pyodide. The public API::

    from tutor import get_rules, Move
    position = get_rules("forty-thieves", "josephine").deal(7)
    position.legal_moves(); position.play("t3-f1"); position.undo()
    solve(position)          # can this position still be won? (tutor.analysis.solve)
    simulate(get_rules("fortunes-favour"), deals=100)   # how often the tips player wins

Names are looked up when first used, so ``import tutor.cards`` stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

_PUBLIC = {
    # the engine
    "Move": "tutor.engine", "Position": "tutor.engine", "Rules": "tutor.engine", "PileView": "tutor.engine",
    "get_rules": "tutor.engine", "game_ids": "tutor.engine", "iter_variants": "tutor.engine",
    # cards and words
    "Card": "tutor.cards", "Text": "tutor.i18n",
    # errors
    "TutorError": "tutor.errors", "IllegalMove": "tutor.errors", "BadMoveNotation": "tutor.errors",
    "BadDeal": "tutor.errors", "UnknownGame": "tutor.errors", "InputError": "tutor.errors",
    # analysis
    "solve": "tutor.analysis.solve", "simulate": "tutor.analysis.simulate",
}

__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        return getattr(import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'tutor' has no attribute {name!r}")
