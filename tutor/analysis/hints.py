"""Hints: the next move, and why.

:func:`hint` gives the move of the player who follows the beginner tips (:mod:`tutor.analysis.players`),
with the tip of the page that recommends it, or of the player a game prefers for its hints (its
``tips`` part's ``HINT_PLAYER``): it uses only what the player can see. Only when asked
for the view of "a computer that knows the order of the stock" (``knows_stock``) does it ask the
solver first, and say so. The explanation is a :class:`Text`: the position's own description of the
move, then the reason, as sentences.

A hint never contradicts the board (``tests/analysis/test_hint_truth.py``): a reason that depends on
the position (the card a space will take) is a function of it (a game's ``REASONS`` may hold
``(position, move) -> Text``), and where the move goes against a tip of the page, as the coach
(:mod:`tutor.analysis.coach`) judges it, the hint says why this position is the exception (the
game's ``HINT_EXCEPTIONS`` for the player who chose it), so the coach, told of the hint, notes the
exception instead of warning (:func:`tutor.analysis.coach.exception`, the one rule on exceptions).
A hint also names the tip its reason comes from (:attr:`Hint.tip`), which the pages link to.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tutor.analysis.coach import WARNING, remark_for
from tutor.analysis.players import get_strategy
from tutor.analysis.solve import WON, solve_state
from tutor.engine.contract import tips_of
from tutor.engine.lean import kernel_for
from tutor.i18n import Text

# Why the tips player chooses a move is in each game's own words (its tips part's REASONS): each a
# sentence that names the tip of the page or the rule that makes the move good, so that a hint
# teaches something the reader can use again.

# Only when the reader asks for the view of "a program that knows the stock" (see hint()).
SOLVER_REASON = Text("ui", "A program that knows the order of the face-down cards finds a win that starts with "
                           "this move.")
# and why its move may go against a tip (the coach would warn)
def SOLVER_EXCEPTION(number: int) -> Text:  # used like the constant beside it
    return Text("ui", "That goes against tip {number}, but here it is the exception: knowing the face-down cards, "
                      "the program sees that it leads to a win.", number=number)


# A reason: a sentence, or a function of the position and the move that makes one (for reasons that
# name what the move leads to, such as the card a space will take).
Reason = Text | Callable[[Any, str], Text]

_TIP_NUMBER = re.compile(r"^Tip (\d+):")


def reason_text(game_id: str, key: str, position: Any = None, move: str = "") -> Text:
    """The sentence for the reason ``key`` of the game's tips player, made from ``position`` and
    ``move`` where it depends on them."""
    reasons = tips_of(game_id).REASONS
    return _sentence(reasons.get(key, reasons["first"]), position, move)


def _sentence(reason: Reason, position: Any, move: str) -> Text:
    return reason if isinstance(reason, Text) else reason(position, move)


def tip_of(reason: Text) -> int | None:
    """The number of the page's tip a reason comes from: the sentences of the games' reasons
    start with it ("Tip 2: …"), and the number is written nowhere else."""
    found = _TIP_NUMBER.match(reason.msgid)
    return int(found.group(1)) if found else None


@dataclass
class Hint:
    move: str  # in the engine's notation
    source: str  # "solver", "tips" or the name of the game's hint player (Forty Thieves: "expert")
    explanation: Text  # the move's description and the reason
    winning_line: list[str] | None = None  # the whole line, when the solver found one
    tip: int | None = None  # the page's tip the reason comes from (the page links to it)
    exception: Text | None = None  # why this position is the exception to a tip the move goes against
    exception_tip: int | None = None  # that tip
    kind: str = ""  # the kind of reason: the tips player's reason key, "solver", or the game's own kinds

    def as_json(self, lang: str) -> dict[str, Any]:
        return {"move": self.move, "source": self.source, "kind": self.kind, "text": self.explanation.render(lang),
                "line": self.winning_line, "tip": self.tip or self.exception_tip}


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
            return _hint(position, move, "solver", SOLVER_REASON, found.moves, "solver")
    tips = tips_of(position.rules.game_id)
    if tips.explain_hint is not None:  # the game words the reason from the position itself
        explained = tips.explain_hint(position, kernel, state)
        if explained is not None:
            move, kind, reason = explained
            return _hint(position, move, tips.HINT_PLAYER or "tips", reason, kind=kind)
    if tips.HINT_PLAYER:
        preferred = _hint_player_hint(position, kernel, state, tips.HINT_PLAYER, tips.HINT_REASONS)
        if preferred is not None:
            return preferred
    strategy = get_strategy(kernel, "tips")
    seen = {kernel.key(state)}
    choice = strategy(kernel, state, kernel.moves(state), seen)
    if choice is None:  # the tips player would stop: any legal move is still a move
        move = str(position.legal_moves()[0])
        return _hint(position, move, "tips", reason_text(position.rules.game_id, "first"), kind="first")
    lean_move, reason = choice
    move = kernel.notation(lean_move)
    return _hint(position, move, "tips", reason_text(position.rules.game_id, reason, position, move), kind=reason)


def _hint_player_hint(position: Any, kernel: Any, state: Any, player: str,
                      reasons: Mapping[str, Reason]) -> Hint | None:
    """The move of the game's hint player, with its reason (the first of ``reasons`` when it gives
    none of them), or ``None`` when it has no move or only a stale plan."""
    choice = get_strategy(kernel, player)(kernel, state, kernel.moves(state), {kernel.key(state)})
    if choice is None:
        return None
    lean_move, reason = choice
    move = kernel.notation(lean_move)
    if not position.is_legal(move):  # a player that plans on the lean board: never pass on a stale plan
        return None
    return _hint(position, move, player, _sentence(reasons.get(reason, next(iter(reasons.values()))), position, move),
                 kind=reason)


def _hint(position: Any, move: str, source: str, reason: Text, line: list[str] | None = None, kind: str = "") -> Hint:
    """The hint: the move as the position describes it, then the reason; and where the coach would
    warn against the move, why this position is the exception (the game's words for the player
    who chose it), or nothing said at all where the game has none (a test holds every game to
    having one)."""
    explanation = Text("ui", "{move}. {reason}", move=position.describe(move), reason=reason)
    found = Hint(move, source, explanation, line, tip=tip_of(reason), kind=kind)
    remark = remark_for(position, move)
    if remark is not None and remark.kind == WARNING:
        exceptions = {"solver": SOLVER_EXCEPTION, **tips_of(position.rules.game_id).HINT_EXCEPTIONS}
        exception = exceptions.get(source)
        if exception is not None:
            found.exception, found.exception_tip = exception(remark.tip), remark.tip
            found.explanation = Text("ui", "{hint} {exception}", hint=explanation, exception=found.exception)
    return found
