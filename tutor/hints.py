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

# Why the tips player chooses a move (the reason keys of tutor.strategies), in each game's own words.
REASONS: dict[str, dict[str, Text]] = {
    "fortunes-favour": {
        "turn": Text("fortunes-favour", "no useful move is left, so turn the next stock card"),
        "redeal": Text("fortunes-favour", "the stock is used up: turn the waste over and go through it once more"),
        "first": Text("fortunes-favour", "it is the first legal move"),
        "home": Text("fortunes-favour", "make every useful move before turning a stock card: this card can go to its foundation"),
        "home-empties": Text("fortunes-favour", "this card goes to its foundation and empties its pile, so the space takes the waste's top card"),
        "empty-pile": Text("fortunes-favour", "prefer the move that empties a pile: the space rescues the waste's top card"),
        "rescue": Text("fortunes-favour", "the waste is the danger: this plays its top card before it is buried"),
        "rescue-space": Text("fortunes-favour", "the waste is the danger: the space takes its top card before it is buried"),
        "gather": Text("fortunes-favour", "build down in suit to gather cards into one pile"),
        "home-safe": Text("fortunes-favour", "this card can go to its foundation safely: no card could still want to lie on it"),
    },
    "queens-audience": {
        "turn": Text("queens-audience", "nothing else fits, so turn the next card of the stock"),
        "redeal": Text("queens-audience", "the stock is used up: turn the waste over and go through it once more"),
        "first": Text("queens-audience", "it is the first legal move"),
        "qa-pair": Text("queens-audience", "play every card as soon as it fits: King and Queen are both free"),
        "qa-jack": Text("queens-audience", "play every card as soon as it fits: Jack and Ace are both free, and the Jack becomes a foundation"),
        "qa-build": Text("queens-audience", "play every card as soon as it fits: each card that leaves the antechamber opens a space for the waste's top card"),
    },
    "forty-thieves": {
        "turn": Text("forty-thieves", "no useful move is left, so turn the next card of the talon"),
        "redeal": Text("forty-thieves", "the talon is used up: gather the waste for the next pass"),
        "first": Text("forty-thieves", "it is the first legal move"),
        "home-safe": Text("forty-thieves", "this card can go to a foundation safely: no card could still want to lie on it"),
        "waste-home": Text("forty-thieves", "play from the waste before turning the next card: this card can go to a foundation"),
        "waste-build": Text("forty-thieves", "play from the waste before turning the next card, while its top card is free"),
        "home-frees": Text("forty-thieves", "this card goes to a foundation because that frees the card under it"),
        "home": Text("forty-thieves", "this card can go to a foundation, and no move here does more"),
        "waste-space": Text("forty-thieves", "play from the waste before turning the next card: one empty column is still kept free"),
        "empty-column": Text("forty-thieves", "this move empties a column, the most valuable thing in the game"),
        "build-frees": Text("forty-thieves", "this frees a card that can move on"),
        "build": Text("forty-thieves", "build down in suit to bring the card underneath into play"),
        "space-frees": Text("forty-thieves", "fill an empty column only when it surely helps: this frees a card that can go to a foundation"),
        "home-last": Text("forty-thieves", "nothing else is left: every card on a foundation is a step on"),
    },
}
SOLVER_REASON = Text("ui", "this move starts a winning line (the solver found it knowing every face-down card)")


def reason_text(game_id: str, key: str) -> Text:
    reasons = REASONS.get(game_id, REASONS["fortunes-favour"])
    return reasons.get(key, reasons["first"])


@dataclass
class Hint:
    move: str  # in the engine's notation
    source: str  # "solver", "tips" or (Forty Thieves) "expert"
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
    if position.rules.game_id == "forty-thieves":
        return forty_thieves_hint(position, kernel, state, time_limit, node_limit)
    found = solve_state(kernel, state, time_limit, node_limit)
    if found.result == WON and found.moves:
        move = found.moves[0]
        return Hint(move, "solver", _explain(position, move, SOLVER_REASON), found.moves)
    strategy = get_strategy(kernel, "tips")
    seen = {kernel.key(state)}
    choice = strategy(kernel, state, kernel.moves(state), seen)
    if choice is None:  # the tips player would stop: any legal move is still a move
        move = str(position.legal_moves()[0])
        return Hint(move, "tips", _explain(position, move, reason_text(position.rules.game_id, "first")))
    lean_move, reason = choice
    move = kernel.notation(lean_move)
    return Hint(move, "tips", _explain(position, move, reason_text(position.rules.game_id, reason)))


def _explain(position: Any, move: str, reason: Text) -> Text:
    return Text("ui", "{move}: {reason}", move=position.describe(move), reason=reason)


# Forty Thieves: the solver when it knows within the hint's time, else the careful player who
# sees only the face-up cards (tutor.strategies.ExpertPlayer); the explanation says which.
EXPERT_REASONS: dict[str, Text] = {
    "plan": Text("forty-thieves", "a careful player's move, judged only from the face-up cards (no sure win was "
                                  "found in time): it leads to the best position before the next card is turned"),
    "turn": Text("forty-thieves", "a careful player's move, judged only from the face-up cards (no sure win was "
                                  "found in time): nothing makes the position better, so turn the next card of the "
                                  "talon"),
    "redeal": Text("forty-thieves", "a careful player's move, judged only from the face-up cards (no sure win was "
                                    "found in time): the talon is used up, so gather the waste for the next pass"),
}
FORTY_THIEVES_SOLVER_REASON = Text("forty-thieves", "the computer, which knows the order of the talon, found a win "
                                                    "from here: this move is its first step")


def forty_thieves_hint(position: Any, kernel: Any, state: Any, time_limit: float,
                       node_limit: int | None = None) -> Hint:
    """The Forty Thieves hint: the solver's first move when it finds a win within ``time_limit``
    (source ``solver``), else the careful player's move (source ``expert``)."""
    found = solve_state(kernel, state, time_limit, node_limit)
    if found.result == WON and found.moves:
        move = found.moves[0]
        return Hint(move, "solver", _explain(position, move, FORTY_THIEVES_SOLVER_REASON), found.moves)
    choice = get_strategy(kernel, "expert")(kernel, state, kernel.moves(state), {kernel.key(state)})
    if choice is None:  # the careful player sees no way on: any legal move is still a move
        move = str(position.legal_moves()[0])
        return Hint(move, "expert", _explain(position, move, reason_text("forty-thieves", "first")))
    lean_move, reason = choice
    move = kernel.notation(lean_move)
    return Hint(move, "expert", _explain(position, move, EXPERT_REASONS.get(reason, EXPERT_REASONS["plan"])))
