"""Hints: the next move, and why.

:func:`hint` asks the solver first (it knows every card, as the rules texts' "computer that knows
the order of the stock"): if it finds a winning line within the time limit, the hint is that
line's next move. Otherwise the hint is the move of the player who follows the beginner tips
(:mod:`tutor.strategies`), with the tip that recommends it. The explanation is a :class:`Text`:
the position's own description of the move plus the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .i18n import Text
from .lean import kernel_for
from .solve import WON, solve_state
from .strategies import get_strategy

# Why the tips player chooses a move: the reason keys of tutor.strategies.
REASONS: dict[str, Text] = {
    "turn": Text("ui", "nothing useful is left to do, so turn the next card"),
    "redeal": Text("ui", "the stock is used up: turn the waste over and go through it again"),
    "first": Text("ui", "it is the first legal move"),
    "qa-pair": Text("ui", "play every card as soon as it fits: King and Queen are both free"),
    "qa-jack": Text("ui", "play every card as soon as it fits: Jack and Ace are both free, and the Jack becomes a foundation"),
    "qa-build": Text("ui", "play every card as soon as it fits: each card that leaves opens a space for the waste"),
    "home": Text("ui", "make every useful move before turning a card: this card can go home"),
    "home-empties": Text("ui", "this card goes home and empties its pile, so the space takes the waste's top card"),
    "empty-pile": Text("ui", "prefer the move that empties a pile: the space rescues the waste's top card"),
    "rescue": Text("ui", "the waste is the danger: this plays its top card before it is buried"),
    "rescue-space": Text("ui", "the waste is the danger: the space takes its top card before it is buried"),
    "gather": Text("ui", "build down in suit to gather cards into one pile"),
    "home-safe": Text("ui", "this card can go home safely: no card could still want to lie on it"),
    "waste-home": Text("ui", "play from the waste before turning the next card: this card can go home"),
    "waste-build": Text("ui", "play from the waste before turning the next card, while its top card is free"),
    "home-frees": Text("ui", "this card goes home because that frees the card under it"),
    "empty-column": Text("ui", "this move empties a column, the most valuable thing in the game"),
    "build-frees": Text("ui", "this frees a card that can move on"),
    "build": Text("ui", "build down in suit to bring the card underneath into play"),
    "space-frees": Text("ui", "an empty column is worth using only when it surely helps: this frees a card that can go home"),
    "home-last": Text("ui", "nothing else is left: every card home is a step on"),
}
SOLVER_REASON = Text("ui", "this move starts a winning line (the solver found it knowing every card in the stock)")


@dataclass
class Hint:
    move: str  # in the engine's notation
    source: str  # "solver" or "tips"
    explanation: Text  # the move's description and the reason
    winning_line: list[str] | None = None  # the whole line, when the solver found one

    def as_json(self, lang: str) -> dict[str, Any]:
        return {"move": self.move, "source": self.source, "text": self.explanation.render(lang),
                "line": self.winning_line}


def hint(position: Any, time_limit: float = 1.0, node_limit: int | None = None) -> Hint | None:
    """The next move for ``position`` (an engine position), or ``None`` when no move is left."""
    if position.is_won() or not position.legal_moves():
        return None
    kernel = kernel_for(position.rules)
    state = kernel.from_position(position)
    found = solve_state(kernel, state, time_limit, node_limit)
    if found.result == WON and found.moves:
        move = found.moves[0]
        return Hint(move, "solver", _explain(position, move, SOLVER_REASON), found.moves)
    strategy = get_strategy(kernel, "tips")
    seen = {kernel.key(state)}
    choice = strategy(kernel, state, kernel.moves(state), seen)
    if choice is None:  # the tips player would stop: any legal move is still a move
        move = str(position.legal_moves()[0])
        return Hint(move, "tips", _explain(position, move, REASONS["first"]))
    lean_move, reason = choice
    move = kernel.notation(lean_move)
    return Hint(move, "tips", _explain(position, move, REASONS.get(reason, REASONS["first"])))


def _explain(position: Any, move: str, reason: Text) -> Text:
    return Text("ui", "{move}: {reason}", move=position.describe(move), reason=reason)
