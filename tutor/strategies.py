"""Players for the simulator and the hints: one that follows the rules texts' beginner tips, one that
ignores them.

A strategy looks at a lean position (:mod:`tutor.lean`) and its legal moves and picks one, with the
*reason* for it (a short key that :mod:`tutor.hints` turns into a sentence). It never looks at the
stock: it plays as a person at the table would.

* ``tips`` – what the game's "Tips for beginners" say (the seeds' "Tipps für Einsteiger" /
  "Tipps und Strategien"), move by move, in the order the tips give them.
* ``naive`` – ignores the tips: turns the stock as soon as it may, otherwise plays the first legal
  move (in the engine's order), never one that returns to a position it has already seen.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

from .games.queens_audience_fast import QueensAudienceKernel
from .lean import Kernel, LeanMove, PileBoard, State

# A strategy: (kernel, state, legal moves, keys of positions seen this game) → (move, reason) or None
Choice = tuple[LeanMove, str] | None
StrategyFunction = Callable[[Kernel, State, list[LeanMove], set[Hashable]], Choice]

STRATEGY_NAMES = ("tips", "naive")


def strategy_names(game_id: str) -> list[str]:
    """The strategies the simulator offers for ``game_id``."""
    return list(STRATEGY_NAMES)


def get_strategy(kernel: Kernel, name: str) -> StrategyFunction:
    if name == "naive":
        return naive
    if name == "tips":
        if isinstance(kernel, QueensAudienceKernel):
            return queens_audience_tips
        if kernel.rules.game_id == "fortunes-favour":
            return fortunes_favour_tips
        return forty_thieves_tips
    raise ValueError(f"unknown strategy {name!r}")


def play_out(kernel: Kernel, state: State, strategy: StrategyFunction, max_moves: int = 5000,
             record: list[LeanMove] | None = None) -> tuple[bool, State]:
    """Let ``strategy`` play from ``state`` until the game is won, lost or the strategy stops.
    Returns (won, final state); ``record`` (if given) receives the moves played."""
    seen: set[Hashable] = {kernel.key(state)}
    for _ in range(max_moves):
        if kernel.is_won(state):
            return True, state
        moves = kernel.moves(state)
        if not moves:
            return False, state
        choice = strategy(kernel, state, moves, seen)
        if choice is None:
            return False, state
        move = choice[0]
        state = kernel.play(state, move)
        seen.add(kernel.key(state))
        if record is not None:
            record.append(move)
    return kernel.is_won(state), state


# ---------------------------------------------------------------------------------------------
# naive: ignore the tips
# ---------------------------------------------------------------------------------------------

def _is_turn(kernel: Kernel, move: LeanMove) -> bool:
    if isinstance(kernel, QueensAudienceKernel):
        return move[0] == "s"
    return move[0] == kernel.stock  # type: ignore[attr-defined]


def _best_else_stock(kernel: Kernel, moves: list[LeanMove], best: tuple[int, LeanMove, str] | None) -> Choice:
    """The best-ranked move with its reason; with none, turn the stock, else redeal (else None)."""
    if best is not None:
        return best[1], best[2]
    for move in moves:
        if move[0] == kernel.stock:
            return move, "turn"
    for move in moves:
        if move[1] == kernel.stock:
            return move, "redeal"
    return None


def naive(kernel: Kernel, state: State, moves: list[LeanMove], seen: set[Hashable]) -> Choice:
    for move in moves:
        if _is_turn(kernel, move):
            return move, "turn"
    for move in moves:
        if kernel.key(kernel.play(state, move)) not in seen:
            return move, "first"
    return None


# ---------------------------------------------------------------------------------------------
# Queen's Audience: "play every card as soon as it fits"
# ---------------------------------------------------------------------------------------------

def queens_audience_tips(kernel: Kernel, state: State, moves: list[LeanMove], seen: set[Hashable]) -> Choice:
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


# ---------------------------------------------------------------------------------------------
# Fortune's Favour
# ---------------------------------------------------------------------------------------------

def _sits_on_partner(kernel: PileBoard, pile: tuple[int, ...]) -> bool:
    """Whether the pile's top card already lies on a card it may be built on."""
    return len(pile) >= 2 and pile[-1] in kernel.onto[pile[-2]]


def fortunes_favour_tips(kernel: Kernel, state: State, moves: list[LeanMove], seen: set[Hashable]) -> Choice:
    """The four tips of the Fortune's Favour text, in order of the moves they recommend:

    * "Before turning a stock card, make every useful move in the tableau and to the foundations."
    * "Spaces are filled from the waste first, so making a space is the way to rescue its top card."
    * "Build down in suit to gather cards into one pile: every pile you empty brings a new card."
    * "When you can choose between two moves, prefer the one that empties a pile."
    """
    assert isinstance(kernel, PileBoard)
    tableau, waste = state[0], state[1]
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
    return _best_else_stock(kernel, moves, best)


# ---------------------------------------------------------------------------------------------
# Forty Thieves
# ---------------------------------------------------------------------------------------------

def forty_thieves_tips(kernel: Kernel, state: State, moves: list[LeanMove], seen: set[Hashable]) -> Choice:
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
    choice = _best_else_stock(kernel, moves, best)
    if choice is not None:
        return choice
    for move in moves:
        if move[1] >= first_f:
            return move, "home-last"  # nothing else is left: every card home is a step on
    return None
