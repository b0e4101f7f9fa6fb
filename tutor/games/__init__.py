"""The games: one module each (rules, variants, moves, compulsory actions). See ``base``."""

from .base import (BadDeal, BadMoveNotation, IllegalMove, Move, PileView, Position, Rules, TutorError,
                   UnknownGame, game_ids, get_rules, iter_variants, rules_class)

__all__ = ["BadDeal", "BadMoveNotation", "IllegalMove", "Move", "PileView", "Position", "Rules",
           "TutorError", "UnknownGame", "game_ids", "get_rules", "iter_variants", "rules_class"]
