"""Hints: the next move, and why.

:func:`hint` gives the move of the player who follows the beginner tips (:mod:`tutor.analysis.players`),
with the tip of the page that recommends it, or of the player a game prefers for its hints (its
``tips`` part's ``HINT_PLAYER``): it uses only what the player can see. Only when asked
for the view of "a computer that knows the order of the stock" (``knows_stock``) does it ask the
solver first, and say so. The explanation is a :class:`Text`: the position's own description of the
move, then the reason, as sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.analysis.per_game import tips_of
from tutor.analysis.players import get_strategy
from tutor.analysis.solve import WON, solve_state
from tutor.engine.lean import kernel_for
from tutor.i18n import Text

# Why the tips player chooses a move is in each game's own words (its tips part's REASONS): each a
# sentence that names the tip of the page or the rule that makes the move good, so that a hint
# teaches something the reader can use again.

# Only when the reader asks for the view of "a computer that knows the stock" (see hint()).
SOLVER_REASON = Text("ui", "A computer that knows the order of the face-down cards finds a win that starts with "
                           "this move.")


def reason_text(game_id: str, key: str) -> Text:
    reasons = tips_of(game_id).REASONS
    return reasons.get(key, reasons["first"])


@dataclass
class Hint:
    move: str  # in the engine's notation
    source: str  # "solver", "tips" or the name of the game's hint player (Forty Thieves: "expert")
    explanation: Text  # the move's description and the reason
    winning_line: list[str] | None = None  # the whole line, when the solver found one
    kind: str = ""  # the kind of reason: the tips player's reason key, "solver", or the game's own kinds

    def as_json(self, lang: str) -> dict[str, Any]:
        return {"move": self.move, "source": self.source, "kind": self.kind, "text": self.explanation.render(lang),
                "line": self.winning_line}


def hint(position: Any, time_limit: float = 1.0, node_limit: int | None = None,
         knows_stock: bool = False) -> Hint | None:
    """The next move for ``position`` (an engine position), or ``None`` when no move is left.

    By default the hint uses only what the player can see. A game that words its reasons from the
    position itself (its tips part's ``explain_hint``) gives the move and its reason; else the move of
    the game's hint player if
    it names one (its tips part's ``HINT_PLAYER``; Forty Thieves' expert player, who looks ahead
    with the face-up cards only), else the move of the player who follows the page's tips, with
    the tip that recommends it. With ``knows_stock`` (the reader chose the view of a computer that
    knows the order of the face-down cards) the solver is asked first, and its move is labelled as
    such."""
    if position.is_won() or not position.legal_moves():
        return None
    kernel = kernel_for(position.rules)
    state = kernel.from_position(position)
    if knows_stock:
        found = solve_state(kernel, state, time_limit, node_limit)
        if found.result == WON and found.moves:
            move = found.moves[0]
            return Hint(move, "solver", _explain(position, move, SOLVER_REASON), found.moves, "solver")
    tips = tips_of(position.rules.game_id)
    if tips.explain_hint is not None:  # the game words the reason from the position itself
        explained = tips.explain_hint(position, kernel, state)
        if explained is not None:
            move, kind, reason = explained
            return Hint(move, tips.HINT_PLAYER or "tips", _explain(position, move, reason), None, kind)
    if tips.HINT_PLAYER:
        preferred = _hint_player_hint(position, kernel, state, tips.HINT_PLAYER, tips.HINT_REASONS)
        if preferred is not None:
            return preferred
    strategy = get_strategy(kernel, "tips")
    seen = {kernel.key(state)}
    choice = strategy(kernel, state, kernel.moves(state), seen)
    if choice is None:  # the tips player would stop: any legal move is still a move
        move = str(position.legal_moves()[0])
        return Hint(move, "tips", _explain(position, move, reason_text(position.rules.game_id, "first")), None, "first")
    lean_move, reason = choice
    move = kernel.notation(lean_move)
    return Hint(move, "tips", _explain(position, move, reason_text(position.rules.game_id, reason)), None, reason)


def _hint_player_hint(position: Any, kernel: Any, state: Any, player: str, reasons: dict[str, Text]) -> Hint | None:
    """The move of the game's hint player, with its reason (the first of ``reasons`` when it gives
    none of them), or ``None`` when it has no move or only a stale plan."""
    choice = get_strategy(kernel, player)(kernel, state, kernel.moves(state), {kernel.key(state)})
    if choice is None:
        return None
    lean_move, reason = choice
    move = kernel.notation(lean_move)
    if not position.is_legal(move):  # a player that plans on the lean board: never pass on a stale plan
        return None
    return Hint(move, player, _explain(position, move, reasons.get(reason, next(iter(reasons.values())))), None,
                reason)


def _explain(position: Any, move: str, reason: Text) -> Text:
    """The move as the position describes it, then the reason: two sentences."""
    return Text("ui", "{move}. {reason}", move=position.describe(move), reason=reason)
