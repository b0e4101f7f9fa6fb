"""Forty Thieves' tips, as the analysis uses them: the coach's tip functions, the hint's reasons, the
player who follows the tips and the careful one (:mod:`~tutor.games.forty_thieves.expert`), the
solver's move ordering and its search (:mod:`~tutor.games.forty_thieves.search`). The names are the
contract of a game's ``tips`` part (:mod:`tutor.analysis`)."""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from tutor.analysis.coach import (NOTE, WARNING, Remark, TipFunction, as_move, empties_pile, is_legal, is_turn,
                                  moving_card, pile_kind, position_after, top_card)
from tutor.analysis.players import Choice, StrategyFunction, best_else_stock
from tutor.analysis.solve import SearchFunction, order_free_spaces
from tutor.cards import ALL_CARDS
from tutor.engine import Move
from tutor.engine.lean import Kernel, LeanMove, PileBoard, State, kernel_for
from tutor.games.forty_thieves.expert import ExpertPlayer
from tutor.games.forty_thieves.search import solve_forty_thieves
from tutor.i18n import Text

PREFIX = "ft"  # the tips' examples on the rules page: scenario-ft-tip-1 …

# The tips as the page states them (the first sentence of each; docs/<lang>/forty-thieves.md, "Tips"),
# in the context "tips": quotations of the page, not the engine's own sentences.
TIP_TEXTS: tuple[Text, ...] = (
    Text("tips", "Empty columns are the most valuable resource in the game: they let you move cards between columns step by step."),
    Text("tips", "Play cards from the waste as eagerly as you can before you turn another stock card; once a waste card is covered by the next one, it is harder to reach."),
    Text("tips", "Keep an eye on the duplicates: every card has a second copy somewhere in the stock or the tableau, so you can sometimes afford to sacrifice one copy early to bring on an important foundation."),
    Text("tips", "Plan the order of your foundation moves with care."),
    Text("tips", "Be careful with the last King left in the tableau."),
)


# --- the coach ----------------------------------------------------------------------------------

_KERNELS: dict[tuple[str, str], Any] = {}


def _kernel(rules: Any) -> Any:
    key = (rules.game_id, rules.variant)
    if key not in _KERNELS:
        _KERNELS[key] = kernel_for(rules)
    return _KERNELS[key]


def target_text(position: Any, move: Move) -> Text:
    """Where a move would take its card: ``to a foundation``, ``onto the 8♥``, ``into an empty column``."""
    top = top_card(position, move.dst)
    if pile_kind(move.dst) == "f":
        return Text("forty-thieves", "to a foundation")
    if top is None:
        return Text("forty-thieves", "into an empty column")
    return Text("forty-thieves", "onto the {card}", card=top)


def _frees(after: Any, pile_id: str) -> bool:
    """Whether the card now on top of ``pile_id`` (what the move uncovered) can move on: to a
    foundation, or onto another column's top card."""
    card = top_card(after, pile_id)
    if card is None:
        return True
    for other in after.legal_moves():
        if other.src == pile_id and other.count == 1 and (pile_kind(other.dst) == "f" or after.piles[other.dst]):
            return True
    return False


def tip_1(before: Any, move: Move) -> Remark | None:
    """Tip 1: filling an empty column when it does not surely pay off: a tableau card whose move
    frees no card that can move on, or the waste's top card when no other column stays empty."""
    move = as_move(move)
    if pile_kind(move.dst) != "t" or before.piles.get(move.dst) or is_turn(move):
        return None
    after = position_after(before, move)
    if after is None:
        return None
    card = moving_card(before, move)
    if move.src == "w":
        if any(not pile for pile_id, pile in after.piles.items() if pile_kind(pile_id) == "t"):
            return None
    elif empties_pile(before, move) or _frees(after, move.src):
        return None
    return Remark("forty-thieves", 1, WARNING,
                  Text("forty-thieves", "The {card} filled an empty column without freeing a card that can move on.",
                       card=card),
                  Text("forty-thieves", "The {card} would fill an empty column without freeing a card that can move "
                                        "on.", card=card))


def tip_2(before: Any, move: Move) -> Remark | None:
    """Tip 2: turning a stock card (or gathering the waste) while the waste's top card could be
    played onto a foundation or a column."""
    move = as_move(move)
    if not is_turn(move) or not before.piles["w"]:
        return None
    for other in before.legal_moves():
        if other.src == "w" and other.dst != "s" and (pile_kind(other.dst) == "f" or before.piles[other.dst]):
            card, target = before.piles["w"][-1], target_text(before, other)
            return Remark("forty-thieves", 2, WARNING,
                          Text("forty-thieves", "You turned a new card while the {card} on the waste could still go "
                                                "{target}.", card=card, target=target),
                          Text("forty-thieves", "The {card} on the waste can still go {target}: play it before you "
                                                "turn a new card.", card=card, target=target))
    return None


def _home_choice(before: Any, move: Move) -> tuple[Any, Any, list[Any]] | None:
    """For a column card sent to a foundation that a lower card could still want as a resting
    place, and whose move frees nothing: (the card, a lower card that could want it, the column
    tops that are its twin). ``None`` when the move is none of that."""
    if pile_kind(move.src) != "t" or pile_kind(move.dst) != "f":
        return None
    card = moving_card(before, move)
    if card is None or card.rank <= 2:  # Aces and 2s go up at once: that only frees room
        return None
    kernel = _kernel(before.rules)
    state = kernel.from_position(before)
    if kernel.is_safe_home(card.index, state[3]):
        return None
    after = position_after(before, move)
    if after is None or empties_pile(before, move) or _frees(after, move.src):
        return None
    lower = _still_wanting(kernel, card.index, state[3])
    if lower is None:  # no card that could lie on it is left in play: it is held back for its twin only
        return None
    twins = [pile[-1] for pile_id, pile in before.piles.items()
             if pile_kind(pile_id) == "t" and pile_id != move.src and pile and pile[-1] == card]
    return card, lower, twins


def _still_wanting(kernel: Any, code: int, foundations: tuple[int, ...]) -> Any:
    """A card that could still lie on ``code`` in the tableau (not every copy of it is home), or
    ``None``."""
    for lower in kernel.below[code]:
        suit, rank_index = lower // 13, lower % 13
        if sum(1 for top in foundations if top >= 0 and top // 13 == suit and top % 13 >= rank_index) < kernel.decks:
            return ALL_CARDS[lower]
    return None


def tip_3(before: Any, move: Move) -> Remark | None:
    """Tip 3 (a note): a card sent up early is fine when its twin lies free on another column."""
    move = as_move(move)
    found = _home_choice(before, move)
    if found is None or not found[2]:
        return None
    card, lower, _ = found
    return Remark("forty-thieves", 3, NOTE,
                  Text("forty-thieves", "The {card} went up early, but its twin lies free on another column and can "
                                        "still take a {lower}.", card=card, lower=lower),
                  Text("forty-thieves", "The {card} may go up early: its twin lies free on another column and can "
                                        "still take a {lower}.", card=card, lower=lower))


def tip_4(before: Any, move: Move) -> Remark | None:
    """Tip 4: a higher card sent to a foundation, freeing nothing, though a lower card could
    still need it as a resting place (and no twin lies free to take its place)."""
    move = as_move(move)
    found = _home_choice(before, move)
    if found is None or found[2]:
        return None
    card, lower, _ = found
    return Remark("forty-thieves", 4, WARNING,
                  Text("forty-thieves", "The {card} went to a foundation and freed nothing, though a {lower} could "
                                        "still have used it as a resting place.", card=card, lower=lower),
                  Text("forty-thieves", "The {card} on a foundation would free nothing, though a {lower} could "
                                        "still use it as a resting place.", card=card, lower=lower))


def tip_5(before: Any, move: Move) -> Remark | None:
    """Tip 5: a card put on the only King left in the tableau."""
    move = as_move(move)
    if pile_kind(move.dst) != "t" or is_turn(move):
        return None
    king = top_card(before, move.dst)
    if king is None or king.rank != 13 or not is_legal(before, move):
        return None
    kings = sum(1 for pile_id, pile in before.piles.items() if pile_kind(pile_id) == "t" for c in pile if c.rank == 13)
    if kings != 1:
        return None
    card = moving_card(before, move)
    return Remark("forty-thieves", 5, WARNING,
                  Text("forty-thieves", "The {card} now lies on the {king}, the last King in the tableau: every card "
                                        "put on it is harder to get back than the one before.", card=card, king=king),
                  Text("forty-thieves", "The {card} would lie on the {king}, the last King in the tableau: every card "
                                        "put on it is harder to get back than the one before.", card=card, king=king))


# The tip functions, most specific first (the order the coach asks them in).
TIPS: dict[int, TipFunction] = {2: tip_2, 1: tip_1, 4: tip_4, 3: tip_3, 5: tip_5}


# --- the hints: why the players choose a move -----------------------------------------------------

REASONS: dict[str, Text] = {
    "turn": Text("forty-thieves", "Tip 2: no useful move is left, from the waste or in the tableau, so turn the next "
                                  "card of the stock."),
    "redeal": Text("forty-thieves", "The stock is used up, and this variant allows another pass: gather the waste as "
                                    "the new stock."),
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
}

# The careful player (it looks ahead through what the face-up cards allow before each card it
# turns, and never at the talon) is the hint's first choice; the tips player speaks only when it
# has no move, or its plan is stale.
PLAYERS: dict[str, Callable[[Kernel], StrategyFunction]] = {"expert": ExpertPlayer}
HINT_PLAYER = "expert"
HINT_REASONS: dict[str, Text] = {
    "plan": Text("forty-thieves", "A careful player who looks ahead with the face-up cards only starts here: "
                                  "it leads to the best position before the next card is turned."),
    "turn": Text("forty-thieves", "A careful player who looks ahead with the face-up cards only finds nothing that "
                                  "makes the position better, so turns the next card of the stock."),
    "redeal": Text("forty-thieves", "The stock is used up and nothing else makes the position better, so a careful "
                                    "player gathers the waste for the next pass."),
}
# Where the careful player's move goes against a tip (the coach would warn), the hint says why.
HINT_EXCEPTIONS: dict[str, Callable[[int], Text]] = {
    "expert": lambda number: Text("forty-thieves", "That goes against tip {number}, but here it is the "
                                                   "exception: looking ahead with the face-up cards finds no "
                                                   "better position by keeping to the tip.", number=number),
}


# --- the tips player ------------------------------------------------------------------------------

def tips_player(kernel: Kernel, state: State, moves: list[LeanMove], seen: set[Hashable]) -> Choice:
    """The Forty Thieves text's "Tipps und Strategien", as moves:

    * "Empty columns are the most valuable resource … keep them unless filling one surely helps":
      a tableau card goes into an empty column only if that frees the card under it to move on,
      and the waste's top card only while another empty column stays free.
    * "Play cards from the waste as aggressively as possible before turning the next card."
    * "Plan the order of foundation moves: sending a higher card there locks it out of the
      tableau": a card goes home first when no card could still want to lie on it, or when that
      frees the card under it; otherwise only after the waste and the moves that free cards.
    * Moves that do nothing new (a card from one of its two partners to the other) are not made.
    """
    assert isinstance(kernel, PileBoard)
    tableau, waste, stock, foundations, passes = state
    columns, first_f = kernel.columns, kernel.first_foundation
    safe = kernel.safe_move(state)
    if safe is not None:
        return safe, "home-safe"

    def frees_something(src: int, count: int) -> bool:
        pile = tableau[src]
        if len(pile) == count:
            return True
        under = pile[-count - 1]
        if kernel._foundation_for(under, foundations) >= 0:
            return True
        return any(j != src and pile_ and under in kernel.onto[pile_[-1]] for j, pile_ in enumerate(tableau))

    best: tuple[int, LeanMove, str] | None = None
    for move in moves:
        src, dst, count = move
        if src == kernel.stock or dst == kernel.stock:
            continue
        rank: tuple[int, LeanMove, str] | None = None
        if src == kernel.waste:
            if dst >= first_f:
                rank = (0, move, "waste-home")
            elif tableau[dst]:
                rank = (1, move, "waste-build")
            elif sum(1 for pile in tableau if not pile) >= 2:
                rank = (6, move, "waste-space")  # one empty column is still kept
        elif dst >= first_f:
            if frees_something(src, 1):
                rank = (2, move, "home-frees")
            else:
                rank = (3, move, "home")
        elif tableau[dst]:
            pile = tableau[src]
            if len(pile) > count and pile[-count] in kernel.onto[pile[-count - 1]]:
                continue  # already on a partner: moving it gains nothing
            if len(pile) == count:
                rank = (2, move, "empty-column")
            elif frees_something(src, count):
                rank = (3, move, "build-frees")
            else:
                rank = (4, move, "build")
        else:  # into an empty column
            pile = tableau[src]
            if len(pile) > count and frees_something(src, count):
                rank = (5, move, "space-frees")
        if rank is not None and (best is None or rank[0] < best[0]):
            nxt = kernel.key(kernel.play(state, move))
            if nxt not in seen:
                best = rank
    choice = best_else_stock(kernel, moves, best)
    if choice is not None:
        return choice
    for move in moves:
        if move[1] >= first_f:
            return move, "home-last"  # nothing else is left: every card home is a step on
    return None


def fast_outcome(kernel: Kernel) -> Callable[[Sequence[int]], bool] | None:
    """No shortcut: the players' choices matter, so the simulator plays each deal out."""
    return None


# --- the solver -----------------------------------------------------------------------------------

search: SearchFunction | None = solve_forty_thieves  # a short proof, beam searches, the proof again
order_moves = order_free_spaces  # as the search's exhaustive steps order them
