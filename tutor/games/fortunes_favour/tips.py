"""Fortune's Favour's tips (and Busy Aces', its variant), as the coach judges them. The names are
the contract of a game's ``tips`` part (:mod:`tutor.analysis`)."""

from __future__ import annotations

from typing import Any

from tutor.analysis.coach import (WARNING, Remark, TipFunction, as_move, empties_pile, is_legal, is_turn,
                                  moving_card, pile_kind, position_after, top_card)
from tutor.engine import Move
from tutor.i18n import Text

PREFIX = "ff"  # the tips' examples on the rules page: scenario-ff-tip-1 …

# The tips as the page states them (the first sentence of each; docs/<lang>/fortunes-favour.md, "Tips"),
# in the context "tips": quotations of the page, not the engine's own sentences.
TIP_TEXTS: tuple[Text, ...] = (
    Text("tips", "Before turning a stock card, make every useful move in the tableau and to the foundations."),
    Text("tips", "The waste is the danger: a card buried there comes back only when it reaches the top."),
    Text("tips", "Build down in suit to gather cards into one pile: every pile you empty brings a new card into the tableau."),
    Text("tips", "When you can choose between two moves, prefer the one that empties a pile."),
)


# --- the coach ----------------------------------------------------------------------------------

def target_text(position: Any, move: Move) -> Text:
    """Where a move would take its card: ``to its foundation``, ``onto the 8♥``, ``into a space``."""
    top = top_card(position, move.dst)
    if pile_kind(move.dst) == "f":
        return Text("fortunes-favour", "to its foundation")
    if top is None:
        return Text("fortunes-favour", "into a space")
    return Text("fortunes-favour", "onto the {card}", card=top)


def _builds_on(position: Any, lower: Any, upper: Any) -> bool:
    build = getattr(getattr(position.rules, "spec", None), "build", "same-suit")
    if build == "other-suit":
        return lower.suit != upper.suit
    if build == "alternate-colour":
        return lower.is_red != upper.is_red
    return lower.suit == upper.suit


def _on_partner(position: Any, pile_id: str) -> bool:
    """Whether the pile's top card already lies on a card it may be built on (moving it on to
    another one, in a two-deck game, gathers nothing)."""
    pile = position.piles.get(pile_id) or []
    if len(pile) < 2 or pile_kind(pile_id) != "t":
        return False
    lower, upper = pile[-1], pile[-2]
    return upper.rank == lower.rank + 1 and _builds_on(position, lower, upper)


def _useful(position: Any) -> list[Move]:
    """The moves the tips count as useful: not turning, not a tableau card into a space (Busy
    Aces: it gathers nothing), not a card from one partner to the other."""
    useful = []
    for move in position.legal_moves():
        if is_turn(move):
            continue
        if pile_kind(move.src) == "t" and not position.piles[move.dst] and pile_kind(move.dst) == "t":
            continue
        if pile_kind(move.dst) == "t" and _on_partner(position, move.src):
            continue
        useful.append(move)
    return useful


def tip_1(before: Any, move: Move) -> Remark | None:
    """Tip 1: turning the stock (or the waste over) while a useful move was still there."""
    move = as_move(move)
    if not is_turn(move):
        return None
    useful = _useful(before)
    if not useful:
        return None
    useful.sort(key=lambda m: (pile_kind(m.dst) != "f", m.src == "w"))  # a foundation move first
    best = useful[0]
    return Remark("fortunes-favour", 1, WARNING,
                  Text("fortunes-favour", "You turned a stock card while the {card} could still go {target}.",
                       card=moving_card(before, best), target=target_text(before, best)))


def tip_2(before: Any, move: Move) -> Remark | None:
    """Tip 2: turning a stock card buries the waste's top card, though it could have been played
    or a space made for it (spaces are filled from the waste first)."""
    move = as_move(move)
    if move.src != "s" or not before.piles["w"]:
        return None
    waste_top = before.piles["w"][-1]
    useful = _useful(before)
    if any(m.src == "w" for m in useful):
        return Remark("fortunes-favour", 2, WARNING,
                      Text("fortunes-favour", "The {card} on the waste is now buried, though it could still have "
                                              "been played.", card=waste_top))
    if getattr(before.rules, "fills_spaces", False) and any(empties_pile(before, m) for m in useful):
        return Remark("fortunes-favour", 2, WARNING,
                      Text("fortunes-favour", "The {card} on the waste is now buried, though emptying a pile would "
                                              "have rescued it: spaces are filled from the waste first.",
                           card=waste_top))
    return None


def tip_3(before: Any, move: Move) -> Remark | None:
    """Tip 3: turning instead of building down in suit; in Busy Aces also moving a tableau card
    into a space, which spreads cards instead of gathering them."""
    move = as_move(move)
    if is_turn(move):
        useful = _useful(before)
        builds = [m for m in useful if pile_kind(m.dst) == "t" and before.piles[m.dst] and m.src != "w"]
        if not builds or any(pile_kind(m.dst) == "f" for m in useful):  # a card that can go home: tip 1 says so
            return None
        best = builds[0]
        return Remark("fortunes-favour", 3, WARNING,
                      Text("fortunes-favour", "You turned a stock card instead of building the {card} onto the {target}.",
                           card=moving_card(before, best), target=top_card(before, best.dst)))
    if (pile_kind(move.src) == "t" and pile_kind(move.dst) == "t" and not before.piles.get(move.dst)
            and len(before.piles.get(move.src) or []) > 1 and is_legal(before, move)):
        return Remark("fortunes-favour", 3, WARNING,
                      Text("fortunes-favour", "The {card} went into a space: that spreads the cards out instead of "
                                              "gathering them into one pile.", card=moving_card(before, move)))
    return None


def tip_4(before: Any, move: Move) -> Remark | None:
    """Tip 4: a move that empties no pile, chosen over one that would have, which the move has
    now made impossible."""
    move = as_move(move)
    if is_turn(move) or empties_pile(before, move):
        return None
    after = position_after(before, move)
    if after is None:
        return None
    for other in _useful(before):
        if other == move or not empties_pile(before, other):
            continue
        still = (top_card(after, other.src) is top_card(before, other.src) and len(after.piles[other.src]) == 1
                 and is_legal(after, other))
        if not still:
            return Remark("fortunes-favour", 4, WARNING,
                          Text("fortunes-favour", "Moving the {card} {target} instead would have emptied a pile.",
                               card=moving_card(before, other), target=target_text(before, other)))
    return None


# The tip functions, most specific first (the order the coach asks them in).
TIPS: dict[int, TipFunction] = {2: tip_2, 3: tip_3, 1: tip_1, 4: tip_4}
