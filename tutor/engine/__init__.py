"""The engine: what every game shares, and the registry. It knows no game by name.

:mod:`~tutor.engine.move` (a move as a value), :mod:`~tutor.engine.rules` (a game's fixed rules and
what it shows), :mod:`~tutor.engine.position` (the mutable position, undo, compulsory actions, the
end), :mod:`~tutor.engine.registry` (the games and their parts), :mod:`~tutor.engine.lean` (the
contract of a game's quick picture for the search).
"""

from tutor.engine.move import Move, cached_move
from tutor.engine.position import Position
from tutor.engine.registry import game_ids, game_part, get_rules, iter_variants, register, rules_class
from tutor.engine.rules import (
           ALTERNATE_COLOUR,
           OTHER_SUIT,
           SAME_SUIT,
           HistoryEntry,
           PileView,
           Refusal,
           Rules,
           card_string_error_text,
           first_space_fill,
)
from tutor.errors import BadDeal, BadMoveNotation, IllegalMove, TutorError, UnknownGame

__all__ = ["ALTERNATE_COLOUR", "OTHER_SUIT", "SAME_SUIT", "BadDeal", "BadMoveNotation", "HistoryEntry", "IllegalMove",
           "Move", "PileView", "Position", "Refusal", "Rules", "TutorError", "UnknownGame", "cached_move",
           "card_string_error_text", "first_space_fill", "game_ids", "game_part", "get_rules", "iter_variants",
           "register", "rules_class"]
