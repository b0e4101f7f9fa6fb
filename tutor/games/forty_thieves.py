"""Forty Thieves (two decks, strict in-suit building) and its variants.

Placeholder that registers the game id so that the registry loads; the rules follow shortly.
"""

from __future__ import annotations

from ..i18n import Text
from .base import Position, Rules, register


class FortyThievesPosition(Position):
    """Forty Thieves position (rules being built)."""


@register
class FortyThievesRules(Rules):
    game_id = "forty-thieves"
    title = Text("forty-thieves", "Forty Thieves")
    variants = {"": Text("forty-thieves", "Forty Thieves")}
    decks = 2
    position_class = FortyThievesPosition
