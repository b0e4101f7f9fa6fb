"""Hints: the next move, and why.

:func:`hint` gives the move of the player who follows the beginner tips (:mod:`tutor.analysis.players`),
with the tip of the page that recommends it: it uses only what the player can see. Only when asked
for the view of "a computer that knows the order of the stock" (``knows_stock``) does it ask the
solver first, and say so. The explanation is a :class:`Text`: the position's own description of the
move, then the reason, as sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.i18n import Text
from tutor.engine.lean import kernel_for
from tutor.analysis.solve import WON, solve_state
from tutor.analysis.players import get_strategy

# Why the tips player chooses a move (the reason keys of tutor.analysis.players), in each game's own words:
# each a sentence that names the tip of the page ("Tip 2" is the page's second tip for beginners)
# or the rule that makes the move good, so that a hint teaches something the reader can use again.
REASONS: dict[str, dict[str, Text]] = {
    "fortunes-favour": {
        "turn": Text("fortunes-favour", "Tip 1: no useful move is left, so now is the time to turn the next stock card."),
        "redeal": Text("fortunes-favour", "The stock is used up, and the one redeal lets you turn the waste over and "
                                          "go through it once more."),
        "first": Text("fortunes-favour", "No tip prefers another move here."),
        "home": Text("fortunes-favour", "Tip 1: make every useful move before you turn a stock card. This card can "
                                        "go to its foundation."),
        "home-empties": Text("fortunes-favour", "Tip 2: this card goes to its foundation and empties its pile, so the "
                                                "space rescues the waste's top card."),
        "empty-pile": Text("fortunes-favour", "Tip 4: of two moves, prefer the one that empties a pile. The space "
                                              "then takes the waste's top card."),
        "rescue": Text("fortunes-favour", "Tip 2: the waste is the danger. This plays its top card before the next "
                                          "stock card buries it."),
        "rescue-space": Text("fortunes-favour", "Tip 2: make a space to rescue the waste's top card before it is "
                                                "buried."),
        "gather": Text("fortunes-favour", "Tip 3: build down in suit to gather cards into one pile. Every pile you "
                                          "empty brings a new card into the tableau."),
        "home-safe": Text("fortunes-favour", "Tip 1: this card can go to its foundation safely, since no card in play "
                                             "could still want to lie on it."),
    },
    "queens-audience": {
        "turn": Text("queens-audience", "Tip 2: you have looked over the whole square and the waste, and nothing "
                                        "else fits, so turn the next card of the stock."),
        "redeal": Text("queens-audience", "The stock is used up, and the one redeal lets you turn the waste over and "
                                          "go through it once more."),
        "first": Text("queens-audience", "No tip prefers another move here."),
        "qa-pair": Text("queens-audience", "Tip 1: play every card as soon as it fits. King and Queen are both free."),
        "qa-jack": Text("queens-audience", "Tip 1: play every card as soon as it fits. Jack and Ace are both free, and "
                                           "the Jack becomes a foundation."),
        "qa-build": Text("queens-audience", "Tip 1: play every card as soon as it fits. Each card that leaves the "
                                            "antechamber opens a space for the waste's top card."),
    },
    "forty-thieves": {
        "turn": Text("forty-thieves", "Tip 2: no useful move is left, from the waste or the tableau, so the next card "
                                      "of the talon is turned."),
        "redeal": Text("forty-thieves", "The talon is used up, and this variant allows another pass: the waste is "
                                        "gathered as the new talon."),
        "first": Text("forty-thieves", "No tip prefers another move here."),
        "home-safe": Text("forty-thieves", "Tip 4: this card can go to a foundation safely, since no card in play "
                                           "could still want to lie on it."),
        "waste-home": Text("forty-thieves", "Tip 2: play from the waste before the next card is turned. This card can "
                                            "go to a foundation."),
        "waste-build": Text("forty-thieves", "Tip 2: play from the waste before the next card is turned, while its "
                                             "top card is still free."),
        "home-frees": Text("forty-thieves", "Tip 4: this card goes to a foundation because that frees the card under "
                                            "it."),
        "home": Text("forty-thieves", "Tip 4: this card can go to a foundation, and no other move here does more."),
        "waste-space": Text("forty-thieves", "Tip 2: play from the waste before the next card is turned. One empty "
                                             "column is still kept free."),
        "empty-column": Text("forty-thieves", "Tip 1: this move empties a column, the most valuable thing in the "
                                              "game."),
        "build-frees": Text("forty-thieves", "This frees a card that can move on."),
        "build": Text("forty-thieves", "Build down in suit to bring the card underneath into play."),
        "space-frees": Text("forty-thieves", "Tip 1: fill an empty column only when it surely helps. This frees a card "
                                             "that can go to a foundation."),
        "home-last": Text("forty-thieves", "Nothing else is left, and every card on a foundation is a step on."),
    },
}
# Only when the reader asks for the view of "a computer that knows the stock" (see hint()).
SOLVER_REASON = Text("ui", "A computer that knows the order of the face-down cards finds a win that starts with "
                           "this move.")


def reason_text(game_id: str, key: str) -> Text:
    reasons = REASONS.get(game_id, REASONS["fortunes-favour"])
    return reasons.get(key, reasons["first"])


@dataclass
class Hint:
    move: str  # in the engine's notation
    source: str  # "solver", "tips" or (Forty Thieves) "expert", the careful player
    explanation: Text  # the move's description and the reason
    winning_line: list[str] | None = None  # the whole line, when the solver found one

    def as_json(self, lang: str) -> dict[str, Any]:
        return {"move": self.move, "source": self.source, "text": self.explanation.render(lang),
                "line": self.winning_line}


def hint(position: Any, time_limit: float = 1.0, node_limit: int | None = None,
         knows_stock: bool = False) -> Hint | None:
    """The next move for ``position`` (an engine position), or ``None`` when no move is left.

    By default the hint uses only what the player can see: in Forty Thieves the careful player's
    move (it looks ahead with the face-up cards only), elsewhere the move of the player who follows
    the page's tips, with the tip that recommends it. With ``knows_stock`` (the reader chose the view of
    a computer that knows the order of the face-down cards) the solver is asked first, and its move
    is labelled as such."""
    if position.is_won() or not position.legal_moves():
        return None
    kernel = kernel_for(position.rules)
    state = kernel.from_position(position)
    if knows_stock:
        found = solve_state(kernel, state, time_limit, node_limit)
        if found.result == WON and found.moves:
            move = found.moves[0]
            return Hint(move, "solver", _explain(position, move, SOLVER_REASON), found.moves)
    if position.rules.game_id == "forty-thieves":
        careful = _careful_hint(position, kernel, state)
        if careful is not None:
            return careful
    strategy = get_strategy(kernel, "tips")
    seen = {kernel.key(state)}
    choice = strategy(kernel, state, kernel.moves(state), seen)
    if choice is None:  # the tips player would stop: any legal move is still a move
        move = str(position.legal_moves()[0])
        return Hint(move, "tips", _explain(position, move, reason_text(position.rules.game_id, "first")))
    lean_move, reason = choice
    move = kernel.notation(lean_move)
    return Hint(move, "tips", _explain(position, move, reason_text(position.rules.game_id, reason)))


# Forty Thieves: the careful player (tutor.analysis.players.ExpertPlayer) looks ahead through what the
# face-up cards allow before each card it turns, and never at the talon; it wins about ten times
# as often as the tips player, so its move is the better lesson.
CAREFUL_REASONS: dict[str, Text] = {
    "plan": Text("forty-thieves", "A careful player who looks ahead with the face-up cards only starts here: "
                                  "it leads to the best position before the next card is turned."),
    "turn": Text("forty-thieves", "A careful player who looks ahead with the face-up cards only finds nothing "
                                  "that makes the position better, so turns the next card of the talon."),
    "redeal": Text("forty-thieves", "The talon is used up and nothing else makes the position better, so a "
                                    "careful player gathers the waste for the next pass."),
}


def _careful_hint(position: Any, kernel: Any, state: Any) -> Hint | None:
    choice = get_strategy(kernel, "expert")(kernel, state, kernel.moves(state), {kernel.key(state)})
    if choice is None:
        return None
    lean_move, reason = choice
    move = kernel.notation(lean_move)
    if not position.is_legal(move):  # the careful player plans on the lean board: never pass on a stale plan
        return None
    return Hint(move, "expert", _explain(position, move, CAREFUL_REASONS.get(reason, CAREFUL_REASONS["plan"])))


def _explain(position: Any, move: str, reason: Text) -> Text:
    """The move as the position describes it, then the reason: two sentences."""
    return Text("ui", "{move}. {reason}", move=position.describe(move), reason=reason)
