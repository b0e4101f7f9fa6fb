"""Fortune's Favour's tips (and Busy Aces', its variant), as the analysis uses them: the coach's tip
functions, the hint's reasons, the player who follows the tips, and the solver's move ordering. The
names are the contract of a game's ``tips`` part (:mod:`tutor.analysis`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from tutor.analysis.coach import (
    WARNING,
    Asked,
    Remark,
    TipAsks,
    TipFunction,
    as_move,
    empties_pile,
    is_legal,
    is_turn,
    moving_card,
    pile_kind,
    position_after,
    top_card,
)
from tutor.analysis.players import Choice, StrategyFunction, best_else_stock
from tutor.analysis.solve import SearchFunction, order_free_spaces
from tutor.engine import Move
from tutor.engine.lean import Kernel, LeanMove, PileBoard, State
from tutor.i18n import Text

if TYPE_CHECKING:
    from tutor.cards import Card
    from tutor.games.fortunes_favour.rules import FortunesFavourPosition

PREFIX = "ff"  # the tips' examples on the rules page: scenario-ff-tip-1 …

# The tips as the page states them (the first sentence of each; docs/<lang>/fortunes-favour.md, "Tips"),
# in the context "tips": quotations of the page, not the engine's own sentences.
TIP_TEXTS: tuple[Text, ...] = (
    Text("tips", "Before turning a stock card, make every useful move in the tableau and to the foundations."),
    Text("tips", "The waste is the danger: a card buried there comes back only when it reaches the top."),
    Text("tips",
         "Build down in suit to gather cards into one pile: every pile you empty brings a new card into the tableau."),
    Text("tips", "When you can choose between two moves, prefer the one that empties a pile."),
)


# --- the coach ----------------------------------------------------------------------------------

def target_text(position: FortunesFavourPosition, move: Move) -> Text:
    """Where a move would take its card: ``to its foundation``, ``onto the 8♥``, ``into a space``."""
    top = top_card(position, move.dst)
    if pile_kind(move.dst) == "f":
        return Text("fortunes-favour", "to its foundation")
    if top is None:
        return Text("fortunes-favour", "into a space")
    return Text("fortunes-favour", "onto the {card}", card=top)


def _on_partner(position: FortunesFavourPosition, pile_id: str) -> bool:
    """Whether the pile's top card already lies on a card it may be built on (moving it on to
    another one, in a two-deck game, gathers nothing)."""
    pile = position.piles.get(pile_id) or []
    if len(pile) < 2 or pile_kind(pile_id) != "t":
        return False
    lower, upper = pile[-1], pile[-2]
    return position.builds_on(lower, upper)


def _useful(position: FortunesFavourPosition) -> list[Move]:
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


def tip_1(before: FortunesFavourPosition, move: Move) -> Remark | None:
    """Tip 1: turning the stock (or the waste over) while a useful move was still there."""
    move = as_move(move)
    if not is_turn(move):
        return None
    useful = _useful(before)
    if not useful:
        return None
    useful.sort(key=lambda m: (pile_kind(m.dst) != "f", m.src == "w"))  # a foundation move first
    best = useful[0]
    card, target = moving_card(before, best), target_text(before, best)
    return Remark("fortunes-favour", 1, WARNING,
                  Text("fortunes-favour", "You turned a stock card while the {card} could still go {target}.",
                       card=card, target=target),
                  Text("fortunes-favour", "The {card} can still go {target}: make that move before you turn a "
                                          "stock card.", card=card, target=target))


def tip_2(before: FortunesFavourPosition, move: Move) -> Remark | None:
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
                                              "been played.", card=waste_top),
                      Text("fortunes-favour", "A stock card turned now would bury the {card} on the waste, though "
                                              "it can still be played.", card=waste_top))
    if getattr(before.rules, "fills_spaces", False) and any(empties_pile(before, m) for m in useful):
        return Remark("fortunes-favour", 2, WARNING,
                      Text("fortunes-favour", "The {card} on the waste is now buried, though emptying a pile would "
                                              "have rescued it: spaces are filled from the waste first.",
                           card=waste_top),
                      Text("fortunes-favour", "A stock card turned now would bury the {card} on the waste, though "
                                              "emptying a pile would rescue it: spaces are filled from the waste "
                                              "first.", card=waste_top))
    return None


def tip_3(before: FortunesFavourPosition, move: Move) -> Remark | None:
    """Tip 3: turning instead of building down in suit; in Busy Aces also moving a tableau card
    into a space, which spreads cards instead of gathering them."""
    move = as_move(move)
    if is_turn(move):
        useful = _useful(before)
        builds = [m for m in useful if pile_kind(m.dst) == "t" and before.piles[m.dst] and m.src != "w"]
        if not builds or any(pile_kind(m.dst) == "f" for m in useful):  # a card that can go home: tip 1 says so
            return None
        best = builds[0]
        card, target = moving_card(before, best), top_card(before, best.dst)
        return Remark("fortunes-favour", 3, WARNING,
                      Text("fortunes-favour",
                           "You turned a stock card instead of building the {card} onto the {target}.",
                           card=card, target=target),
                      Text("fortunes-favour", "Build the {card} onto the {target} before you turn a stock card.",
                           card=card, target=target))
    if (pile_kind(move.src) == "t" and pile_kind(move.dst) == "t" and not before.piles.get(move.dst)
            and len(before.piles.get(move.src) or []) > 1 and is_legal(before, move)):
        card = moving_card(before, move)
        return Remark("fortunes-favour", 3, WARNING,
                      Text("fortunes-favour", "The {card} went into a space: that spreads the cards out instead of "
                                              "gathering them into one pile.", card=card),
                      Text("fortunes-favour", "The {card} in a space would spread the cards out instead of "
                                              "gathering them into one pile.", card=card))
    return None


def tip_4(before: FortunesFavourPosition, move: Move) -> Remark | None:
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
            card, target = moving_card(before, other), target_text(before, other)
            return Remark("fortunes-favour", 4, WARNING,
                          Text("fortunes-favour", "Moving the {card} {target} instead would have emptied a pile.",
                               card=card, target=target),
                          Text("fortunes-favour", "Moving the {card} {target} instead would empty a pile. This move "
                                                  "takes that chance away.", card=card, target=target))
    return None


# The tip functions, most specific first (the order the coach asks them in).
TIPS: dict[int, TipFunction] = {2: tip_2, 3: tip_3, 1: tip_1, 4: tip_4}


# --- what each tip asks for (the exercises' answers): the move, and why, from the position ----------

def _pile(pile_id: str) -> int:
    return int(pile_id[1:])


def _space_takes(before: FortunesFavourPosition) -> Text:
    """What a space made now takes: the waste's top card (named), the stock's next one, or the card
    you choose (Busy Aces)."""
    if not getattr(before.rules, "fills_spaces", False):
        return Text("fortunes-favour", "any card you choose")
    if before.piles["w"]:
        return Text("fortunes-favour", "the {card} from the waste", card=before.piles["w"][-1])
    return Text("fortunes-favour", "the next card of the stock")


def useful_first(before: FortunesFavourPosition, move: Move) -> Asked | None:
    """Tip 1: a useful move (:func:`_useful`) made before the next stock card is turned."""
    if move not in _useful(before):
        return None
    card = moving_card(before, move)
    return Asked(1, Text("fortunes-favour", "The {card} goes {target} before the next stock card is turned.",
                         card=card, target=target_text(before, move)), card)


def rescue_waste(before: FortunesFavourPosition, move: Move) -> Asked | None:
    """Tip 2: the waste's top card is played, or (where spaces are filled from the waste) a pile is
    emptied, so that the space takes it."""
    if is_turn(move):
        return None
    card = moving_card(before, move)
    if move.src == "w":
        return Asked(2, Text("fortunes-favour", "The {card} goes from the waste {target} before the next stock card "
                                                "buries it.", card=card, target=target_text(before, move)), card)
    if getattr(before.rules, "fills_spaces", False) and before.piles["w"] and empties_pile(before, move):
        return Asked(2, Text("fortunes-favour", "The {card} goes {target} and empties pile {pile}, so the space "
                                                "rescues the {filler} from the waste.",
                             card=card, target=target_text(before, move), pile=_pile(move.src),
                             filler=before.piles["w"][-1]), card)
    return None


def gather(before: FortunesFavourPosition, move: Move) -> Asked | None:
    """Tip 3: a tableau card built down in suit onto another pile (not from one partner to the other)."""
    if pile_kind(move.src) != "t" or pile_kind(move.dst) != "t" or not before.piles[move.dst]:
        return None
    if move not in _useful(before):
        return None
    card, top = moving_card(before, move), top_card(before, move.dst)
    if empties_pile(before, move):
        return Asked(3, Text("fortunes-favour", "The {card} goes onto the {top} and empties pile {pile}, so the "
                                                "space takes {filler}.", card=card, top=top,
                             pile=_pile(move.src), filler=_space_takes(before)), card)
    return Asked(3, Text("fortunes-favour", "The {card} goes onto the {top}, so the two lie gathered in one pile.",
                         card=card, top=top), card)


def empty_a_pile(before: FortunesFavourPosition, move: Move) -> Asked | None:
    """Tip 4: a move that empties a pile."""
    if is_turn(move) or not empties_pile(before, move) or move not in _useful(before):
        return None
    card = moving_card(before, move)
    return Asked(4, Text("fortunes-favour", "The {card} goes {target} and empties pile {pile}, so the space "
                                            "takes {filler}.", card=card, target=target_text(before, move),
                         pile=_pile(move.src), filler=_space_takes(before)), card)


ASKS: dict[int, TipAsks] = {
    1: TipAsks(Text("fortunes-favour", "Tip 1 asks for a useful move in the tableau or to a foundation before you "
                                       "turn a stock card."), useful_first),
    2: TipAsks(Text("fortunes-favour", "Tip 2 asks you to rescue the waste's top card before the next stock card "
                                       "buries it."), rescue_waste),
    3: TipAsks(Text("fortunes-favour", "Tip 3 asks you to build down in suit, gathering cards into one pile."),
               gather),
    4: TipAsks(Text("fortunes-favour", "Tip 4 asks for the move that empties a pile."), empty_a_pile),
}


# --- the hints: why the tips player chooses a move ------------------------------------------------

def _space_after(position: FortunesFavourPosition, emptied: Callable[[Card], Text], nothing: Text) -> Text:
    """A reason for a move that empties a pile, made from the position: which card the space will
    take (the waste's top card, named: ``emptied(card)``; else the next card of the stock, unseen),
    or that the player fills it (Busy Aces); ``nothing`` when no card is left to fill it."""
    if not getattr(position.rules, "fills_spaces", False):
        return Text("fortunes-favour", "Tip 4: of two moves, prefer the one that empties a pile. The space may "
                                       "then take any card you choose.")
    if position.piles["w"]:
        return emptied(position.piles["w"][-1])
    if position.piles["s"]:
        return Text("fortunes-favour", "Tip 3: every pile you empty brings a new card into the tableau. The space "
                                       "then takes the next card of the stock.")
    return nothing


def _home_empties(position: FortunesFavourPosition, move: str) -> Text:
    return _space_after(position, lambda card: Text(
        "fortunes-favour", "Tip 2: this card goes to its foundation and empties its pile, so the space rescues the "
                           "{filler} from the waste.", filler=card),
        Text("fortunes-favour", "Tip 1: make every useful move before you turn a stock card. This card can go to "
                                "its foundation."))


def _empty_pile(position: FortunesFavourPosition, move: str) -> Text:
    return _space_after(position, lambda card: Text(
        "fortunes-favour", "Tip 4: of two moves, prefer the one that empties a pile. The space then takes the "
                           "{filler} from the waste.", filler=card),
        Text("fortunes-favour", "Tip 4: of two moves, prefer the one that empties a pile."))


# Each a sentence that names the tip of the page ("Tip 2" is the page's second tip for beginners)
# or the rule that makes the move good, so that a hint teaches something the reader can use again;
# where the sentence depends on the position (the card a space will take), a function of it.
REASONS: dict[str, Text | Callable[[FortunesFavourPosition, str], Text]] = {
    "turn": Text("fortunes-favour", "Tip 1: no useful move is left, so now is the time to turn the next stock card."),
    "redeal": Text("fortunes-favour", "The stock is used up, and the one redeal lets you turn the waste over and "
                                      "go through it once more."),
    "first": Text("fortunes-favour", "No tip prefers another move here."),
    "home": Text("fortunes-favour", "Tip 1: make every useful move before you turn a stock card. This card can "
                                    "go to its foundation."),
    "home-empties": _home_empties,
    "empty-pile": _empty_pile,
    "rescue": Text("fortunes-favour", "Tip 2: the waste is the danger. This plays its top card before the next "
                                      "stock card buries it."),
    "rescue-space": Text("fortunes-favour", "Tip 2: the waste is the danger. A space takes its top card before "
                                            "the next stock card buries it."),
    "gather": Text("fortunes-favour", "Tip 3: build down in suit to gather cards into one pile. Every pile you "
                                      "empty brings a new card into the tableau."),
    "home-safe": Text("fortunes-favour", "Tip 1: this card can go to its foundation safely, since no card in play "
                                         "could still want to lie on it."),
}

# No player beyond the tips player (and the naive one every game has); the hint gives the tips.
PLAYERS: dict[str, Callable[[Kernel], StrategyFunction]] = {}
HINT_PLAYER = ""
HINT_REASONS: dict[str, Text] = {}
# The tips player keeps to the tips, so it has no exception to explain (tests/analysis/test_hint_truth.py).
HINT_EXCEPTIONS: dict[str, Callable[[int], Text]] = {}
explain_hint = None  # the hint's reason is the tips player's (REASONS)
exception_move = None  # no hint player whose move the coach would excuse


# --- the tips player ------------------------------------------------------------------------------

def _sits_on_partner(kernel: PileBoard, pile: tuple[int, ...]) -> bool:
    """Whether the pile's top card already lies on a card it may be built on."""
    return len(pile) >= 2 and pile[-1] in kernel.onto[pile[-2]]


def tips_player(kernel: Kernel, state: State, moves: list[LeanMove], seen: set[Hashable]) -> Choice:
    """The four tips of the Fortune's Favour text, in order of the moves they recommend:

    * "Before turning a stock card, make every useful move in the tableau and to the foundations."
    * "Spaces are filled from the waste first, so making a space is the way to rescue its top card."
    * "Build down in suit to gather cards into one pile: every pile you empty brings a new card."
    * "When you can choose between two moves, prefer the one that empties a pile."
    """
    assert isinstance(kernel, PileBoard)
    tableau = state[0]
    columns, first_f = kernel.columns, kernel.first_foundation
    best: tuple[int, LeanMove, str] | None = None
    for move in moves:
        src, dst, _ = move
        if src == kernel.stock or dst == kernel.stock:
            continue
        empties = src < columns and len(tableau[src]) == 1
        if dst >= first_f:
            rank = (0, move, "home-empties") if empties else (1, move, "home")
        elif src == kernel.waste:
            if tableau[dst]:
                rank = (2, move, "rescue")
            else:
                rank = (5, move, "rescue-space")  # Busy Aces: a space takes the waste's top card
        elif not tableau[dst]:
            continue  # moving a tableau card into a space gains nothing
        elif _sits_on_partner(kernel, tableau[src]):
            continue  # Busy Aces has two of each card: shuttling between them gains nothing
        elif empties:
            rank = (0, move, "empty-pile")
        else:
            rank = (3, move, "gather")
        if best is None or rank[0] < best[0]:
            best = rank
    return best_else_stock(kernel, moves, best)


def fast_outcome(kernel: Kernel) -> Callable[[Sequence[int]], bool] | None:
    """No shortcut: the players' choices matter, so the simulator plays each deal out."""
    return None


# --- the solver -----------------------------------------------------------------------------------

search: SearchFunction | None = None  # the generic searches suit it (depth-first; Busy Aces best-first)


def _order_filled_spaces(kernel: PileBoard, state: State, moves: list[LeanMove]) -> list[LeanMove]:
    """Fortune's Favour, whose spaces fill themselves: home, then moves that empty a pile, the
    waste, other building, the stock, the redeal."""
    tableau = state[0]
    columns, first_f, waste, stock = kernel.columns, kernel.first_foundation, kernel.waste, kernel.stock

    def score(move: LeanMove) -> int:
        src, dst, _ = move
        if src == stock:
            return 6
        if dst == stock:
            return 7
        empties = src < columns and len(tableau[src]) == 1
        if dst >= first_f:
            return 1 if empties else 0
        if empties:
            return 2
        if src == waste:
            return 3
        return 4

    return sorted(moves, key=score)


def order_moves(kernel: Kernel, state: State, moves: list[LeanMove]) -> list[LeanMove]:
    """The depth-first search's order of moves (any order is correct; a good one is fast). Busy
    Aces, whose spaces take any card, is ordered as every board with free spaces is
    (:func:`tutor.analysis.solve.order_free_spaces`)."""
    assert isinstance(kernel, PileBoard)
    if kernel.fills_spaces:
        return _order_filled_spaces(kernel, state, moves)
    return order_free_spaces(kernel, state, moves)

