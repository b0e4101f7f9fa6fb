"""Forty Thieves' tips, as the coach judges them. The names are the contract of a game's ``tips``
part (:mod:`tutor.analysis`)."""

from __future__ import annotations

from typing import Any

from tutor.analysis.coach import (NOTE, WARNING, Remark, TipFunction, as_move, empties_pile, is_legal, is_turn,
                                  moving_card, pile_kind, position_after, top_card)
from tutor.cards import ALL_CARDS
from tutor.engine import Move
from tutor.engine.lean import kernel_for
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
                       card=card))


def tip_2(before: Any, move: Move) -> Remark | None:
    """Tip 2: turning a stock card (or gathering the waste) while the waste's top card could be
    played onto a foundation or a column."""
    move = as_move(move)
    if not is_turn(move) or not before.piles["w"]:
        return None
    for other in before.legal_moves():
        if other.src == "w" and other.dst != "s" and (pile_kind(other.dst) == "f" or before.piles[other.dst]):
            return Remark("forty-thieves", 2, WARNING,
                          Text("forty-thieves", "You turned a new card while the {card} on the waste could still go "
                                                "{target}.", card=before.piles["w"][-1],
                               target=target_text(before, other)))
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
    lower = ALL_CARDS[kernel.below[card.index][0]]
    twins = [pile[-1] for pile_id, pile in before.piles.items()
             if pile_kind(pile_id) == "t" and pile_id != move.src and pile and pile[-1] == card]
    return card, lower, twins


def tip_3(before: Any, move: Move) -> Remark | None:
    """Tip 3 (a note): a card sent up early is fine when its twin lies free on another column."""
    move = as_move(move)
    found = _home_choice(before, move)
    if found is None or not found[2]:
        return None
    card, lower, _ = found
    return Remark("forty-thieves", 3, NOTE,
                  Text("forty-thieves", "The {card} went up early, but its twin lies free on another column and can "
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
                                        "still have used it as a resting place.", card=card, lower=lower))


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
    return Remark("forty-thieves", 5, WARNING,
                  Text("forty-thieves", "The {card} now lies on the {king}, the last King in the tableau: every card "
                                        "put on it is harder to get back than the one before.",
                       card=moving_card(before, move), king=king))


# The tip functions, most specific first (the order the coach asks them in).
TIPS: dict[int, TipFunction] = {2: tip_2, 1: tip_1, 4: tip_4, 3: tip_3, 5: tip_5}
