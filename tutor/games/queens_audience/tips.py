"""Queen's Audience's tips, as the analysis uses them: the coach's tip functions, the hint's reasons,
the player who follows the tips, the solver's move ordering and the simulator's shortcut. The names
are the contract of a game's ``tips`` part (:mod:`tutor.analysis`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from tutor.analysis.coach import (
    NOTE,
    WARNING,
    Asked,
    Remark,
    TipAsks,
    TipFunction,
    as_move,
    is_legal,
    is_turn,
    top_card,
)
from tutor.analysis.players import Choice, StrategyFunction
from tutor.analysis.solve import SearchFunction
from tutor.engine import Move
from tutor.engine.lean import Kernel, LeanMove, State
from tutor.games.queens_audience.fast import QueensAudienceKernel, queens_audience_outcome
from tutor.i18n import Text

if TYPE_CHECKING:
    from tutor.cards import Card
    from tutor.games.queens_audience.rules import QueensAudiencePosition

PREFIX = "qa"  # the tips' examples on the rules page: scenario-qa-tip-1 …

# The tips as the page states them (the first sentence of each; docs/<lang>/queens-audience.md, "Tips"),
# in the context "tips": quotations of the page, not the engine's own sentences.
TIP_TEXTS: tuple[Text, ...] = (
    Text("tips", "There is not much to decide: play every card as soon as it fits."),
    Text("tips", "Before turning the next card, look over the whole square and the top card of the waste – a matching "
         "pair is easy to miss."),
    Text("tips", "The commonest cause of a loss: an Ace lies deep in the waste while its Jack waits in the antechamber "
         "– then the whole suit is stuck."),
    Text("tips", "Because luck decides nearly everything, the game is good for relaxing – or for showing children how "
         "foundations work."),
)


# --- the coach (tip 4 says nothing about a move, so it has no function) ---------------------------

def _fits(position: QueensAudiencePosition) -> list[Move]:
    return [m for m in position.legal_moves() if not is_turn(m)]


def _cards(position: QueensAudiencePosition, move: Move) -> list[Card | None]:
    return [top_card(position, pile) for pile in move.sources]


def tip_1(before: QueensAudiencePosition, move: Move) -> Remark | None:
    """Tip 1: turning (the engine refuses it) while a card fits."""
    move = as_move(move)
    if not is_turn(move):
        return None
    fits = _fits(before)
    if not fits:
        return None
    builds = [m for m in fits if len(m.sources) == 1]
    best = (builds or fits)[0]
    cards = _cards(before, best)
    if len(cards) == 1:
        text = Text("queens-audience", "You wanted to turn the next card, but the {card} still fits on its Jack.",
                    card=cards[0])
        return Remark("queens-audience", 1, WARNING, text, text)
    text = Text("queens-audience", "You wanted to turn the next card, but the {first} and the {second} can still "
                                   "enter the audience chamber.", first=cards[0], second=cards[1])
    return Remark("queens-audience", 1, WARNING, text, text)


def tip_2(before: QueensAudiencePosition, move: Move) -> Remark | None:
    """Tip 2: turning (refused) while a King and Queen, or a Jack and Ace, are both free."""
    move = as_move(move)
    if not is_turn(move):
        return None
    pairs = [m for m in _fits(before) if len(m.sources) == 2]
    if not pairs:
        return None
    first, second = _cards(before, pairs[0])
    return Remark("queens-audience", 2, WARNING,
                  Text("queens-audience", "A matching pair was missed: the {first} and the {second} are both free.",
                       first=first, second=second),
                  Text("queens-audience", "A matching pair is free: the {first} and the {second}.",
                       first=first, second=second))


def tip_3(before: QueensAudiencePosition, move: Move) -> Remark | None:
    """Tip 3 (a note): the turned card covers an Ace on the waste. (Its Jack is not free: the
    engine would have refused the turn, Jack and Ace entering together.)"""
    move = as_move(move)
    if move.src != "s" or not before.piles["w"] or not is_legal(before, move):
        return None
    ace = before.piles["w"][-1]
    if ace.rank != 1:
        return None
    return Remark("queens-audience", 3, NOTE,
                  Text("queens-audience", "Nothing else could be played, so the {ace} is now covered on the waste: "
                                          "if its Jack comes into the antechamber before the {ace} is back on top, "
                                          "that whole suit is stuck.", ace=ace),
                  Text("queens-audience", "The next card would cover the {ace} on the waste: if its Jack comes into "
                                          "the antechamber before the {ace} is back on top, that whole suit is "
                                          "stuck.", ace=ace))


# The tip functions, most specific first (the order the coach asks them in).
TIPS: dict[int, TipFunction] = {2: tip_2, 1: tip_1, 3: tip_3}


# --- what tips 1 and 2 ask for (the exercises' answers); tips 3 and 4 ask for no move ----------------

def play_at_once(before: QueensAudiencePosition, move: Move) -> Asked | None:
    """Tip 1: a card (or a pair) that fits goes into the audience chamber."""
    if is_turn(move):
        return None
    cards = _cards(before, move)
    if len(cards) == 2:
        return Asked(1, Text("queens-audience", "The {first} and the {second} fit, so they enter the audience "
                                                "chamber at once.", first=cards[0], second=cards[1]), cards[0])
    return Asked(1, Text("queens-audience", "The {card} fits on the {top} in the audience chamber, so it goes there "
                                            "at once.", card=cards[0], top=top_card(before, move.dst)), cards[0])


def pair_seen(before: QueensAudiencePosition, move: Move) -> Asked | None:
    """Tip 2: a matching pair (King and Queen, Jack and Ace) enters the audience chamber together."""
    if is_turn(move) or len(move.sources) != 2:
        return None
    first, second = _cards(before, move)
    return Asked(2, Text("queens-audience", "The {first} and the {second} are both free, a matching pair, so they "
                                            "enter the audience chamber together.", first=first, second=second), first)


ASKS: dict[int, TipAsks] = {
    1: TipAsks(Text("queens-audience", "Tip 1 asks you to play a card the moment it fits."), play_at_once),
    2: TipAsks(Text("queens-audience", "Tip 2 asks you to look over the whole square and the waste for a matching "
                                       "pair."), pair_seen),
}


# --- the hints: why the tips player chooses a move ------------------------------------------------

def _build_reason(position: QueensAudiencePosition, move: str) -> Text:
    """A card onto its Jack: from the antechamber it leaves a space, which takes the waste's top
    card (named), else the stock's next one (unseen); from the waste it leaves none."""
    if as_move(move).src.startswith("r"):
        if position.piles["w"]:
            return Text("queens-audience", "Tip 1: play every card as soon as it fits. The space it leaves in the "
                                           "antechamber takes the {filler} from the waste.",
                        filler=position.piles["w"][-1])
        if position.piles["s"]:
            return Text("queens-audience", "Tip 1: play every card as soon as it fits. The space it leaves in the "
                                           "antechamber takes the next card of the stock.")
    return Text("queens-audience", "Tip 1: play every card as soon as it fits.")


def _turn_reason(position: QueensAudiencePosition, move: str) -> Text:
    """Turning: nothing else fits; when that covers an Ace on the waste, the hint says so, as the
    coach's tip 3 will."""
    waste = position.piles["w"]
    if waste and waste[-1].rank == 1:
        return Text("queens-audience", "Tip 2: you have looked over the whole square and the waste, and nothing "
                                       "else fits, so turn the next card of the stock. It covers the {ace} on the "
                                       "waste, but nothing else can be played.", ace=waste[-1])
    return Text("queens-audience", "Tip 2: you have looked over the whole square and the waste, and nothing else "
                                   "fits, so turn the next card of the stock.")


REASONS: dict[str, Text | Callable[[QueensAudiencePosition, str], Text]] = {
    "turn": _turn_reason,
    "redeal": Text("queens-audience", "The stock is used up, and the one redeal lets you turn the waste over and "
                                      "go through it once more."),
    "first": Text("queens-audience", "No tip prefers another move here."),
    "qa-pair": Text("queens-audience", "Tip 1: play every card as soon as it fits. King and Queen are both free."),
    "qa-jack": Text("queens-audience", "Tip 1: play every card as soon as it fits. Jack and Ace are both free, and "
                                       "the Jack becomes a foundation."),
    "qa-build": _build_reason,
}

# No player beyond the tips player (and the naive one every game has); the hint gives the tips.
PLAYERS: dict[str, Callable[[Kernel], StrategyFunction]] = {}
HINT_PLAYER = ""
HINT_REASONS: dict[str, Text] = {}
# The tips player keeps to the tips, so it has no exception to explain (tests/analysis/test_hint_truth.py).
HINT_EXCEPTIONS: dict[str, Callable[[int], Text]] = {}
explain_hint = None  # the hint's reason is the tips player's (REASONS)
exception_move = None  # no hint player whose move the coach would excuse


# --- the tips player: "play every card as soon as it fits" ----------------------------------------

def tips_player(kernel: Kernel, state: State, moves: list[LeanMove], seen: set[Hashable]) -> Choice:
    """Tip 1: there is not much to decide – play every card as soon as it fits (each card that
    leaves the antechamber opens a space, and each space takes a card back from the waste).
    Tip 2: look through the whole square and the waste before turning the next card."""
    for move in moves:
        kind = move[0]
        if kind == "k":
            return move, "qa-pair"
        if kind == "j":
            return move, "qa-jack"
        if kind == "f":
            return move, "qa-build"
    for move in moves:
        if move[0] == "s":
            return move, "turn"
    for move in moves:
        if move[0] == "r":
            return move, "redeal"
    return None


def fast_outcome(kernel: Kernel) -> Callable[[Sequence[int]], bool] | None:
    """Under the engine's rules a card is turned only when nothing else goes, so every player makes
    the only play the rules allow: :func:`queens_audience_outcome` plays it from the deal's card
    numbers without positions. Not with the ``free_turn`` reading, where turning is a choice."""
    if not isinstance(kernel, QueensAudienceKernel) or kernel.free_turn:
        return None
    max_passes, waste_pair = kernel.max_passes, kernel.waste_pair
    return lambda codes: queens_audience_outcome(codes, max_passes, waste_pair)


# --- the solver -----------------------------------------------------------------------------------

search: SearchFunction | None = None  # the generic depth-first search suits it


def order_moves(kernel: Kernel, state: State, moves: list[LeanMove]) -> list[LeanMove]:
    """Into the hall first, then turning, the redeal last (as the moves come, by kind)."""
    rank = {"k": 0, "j": 0, "f": 0, "s": 1, "r": 2}
    return sorted(moves, key=lambda m: rank[m[0]])
