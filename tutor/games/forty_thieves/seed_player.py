"""The player who follows the rules text's own five tips (``seeds/004``, "Tipps und Strategien"; the
page's tips 1 to 5), move by move, as far as each tip says something about a move:

1. "Empty columns are the most valuable resource … keep them, unless you are sure that filling one
   pays off": a column's card goes into an empty column only if that frees the card under it to move
   on; the waste's card only while another column stays empty.
2. "Play cards from the waste as eagerly as you can before you turn another stock card": the waste's
   card goes home or onto its partner before anything in the tableau.
3. "You can sometimes afford to sacrifice one copy early to bring on an important foundation": a
   higher card may go home at once when its twin lies free at the bottom of another column.
4. "Plan the order of your foundation moves with care … sending a higher card there locks it out of
   the tableau": a card goes home first when no card could still want to lie on it, or when that
   frees the card under it; otherwise only after the moves that free cards.
5. "Be careful with the last King left in the tableau": no card goes onto the only King left in the
   tableau while anything else can be done.

Moves that do nothing new (a card from one partner to the other) are never made. ``off`` names the
tips the player ignores, to measure what each is worth: without tip 1 it fills empty columns as
freely as any other place; without tip 2 the waste's card goes only home, never onto a column;
without tip 4 every card goes home as soon as it can (tip 3 then changes nothing); tips 3 and 5
only add to what the player does.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, cast

from tutor.analysis.players import Choice, best_else_stock
from tutor.engine.lean import Kernel, PileBoard

if TYPE_CHECKING:
    from tutor.games.forty_thieves.fast import FTMove, FTState


class RulesTextTipsPlayer:
    """The strategy ``rules-text-tips`` (and ``rules-text-tips-without-<n>``); see the module
    docstring."""

    def __init__(self, board: Kernel, off: Iterable[int] = ()) -> None:
        assert isinstance(board, PileBoard)  # a strategy's factory takes any Kernel (tutor.analysis.players)
        self.board = board
        self.off = frozenset(off)

    def __call__(self, kernel: Kernel, state: FTState, moves: list[FTMove], seen: set[Hashable]) -> Choice:
        board = self.board
        off = self.off
        tableau, waste, stock, foundations, passes = state
        first_f = board.first_foundation
        onto = board.onto
        safe = board.safe_move(state)
        if safe is not None:
            return safe, "home-safe"
        spaces = sum(1 for pile in tableau if not pile)
        can_turn = bool(stock) or (bool(waste) and passes < board.max_passes)
        kings = [code for pile in tableau for code in pile if code % 13 == 12]

        def frees_something(src: int, count: int) -> bool:
            pile = tableau[src]
            if len(pile) == count:
                return True
            under = pile[-count - 1]
            if board._foundation_for(under, foundations) >= 0:
                return True
            return any(j != src and other and under in onto[other[-1]] for j, other in enumerate(tableau))

        def twin_free(src: int, code: int) -> bool:
            return any(j != src and pile and pile[-1] == code for j, pile in enumerate(tableau))

        best: tuple[float, FTMove, str] | None = None
        for move in moves:
            src, dst, count = move
            if src == board.stock or dst == board.stock:
                continue
            rank: tuple[float, FTMove, str] | None = None
            if src == board.waste:
                if dst >= first_f:
                    rank = (0 if 2 not in off else 3.5, move, "waste-home")
                elif 2 in off:
                    continue
                elif tableau[dst]:
                    rank = (1, move, "seed-waste-build")
                elif spaces >= 2 or 1 in off:
                    rank = (6 if 1 not in off else 4, move, "seed-waste-space")
            elif dst >= first_f:
                if 4 in off:
                    rank = (0, move, "seed-home")
                elif frees_something(src, 1):
                    rank = (2, move, "home-frees")
                elif 3 not in off and twin_free(src, tableau[src][-1]):
                    rank = (2, move, "home-twin")
                else:
                    rank = (3, move, "seed-home")
            elif tableau[dst]:
                pile = tableau[src]
                if len(pile) > count and pile[-count] in onto[pile[-count - 1]]:
                    continue  # already on a partner: moving it gains nothing
                if 5 not in off and tableau[dst][-1] % 13 == 12 and len(kings) == 1:
                    if can_turn:
                        continue  # the last King takes a card only when nothing else is left
                    rank = (7, move, "last-king")
                elif len(pile) == count:
                    rank = (2, move, "empty-column")
                elif frees_something(src, count):
                    rank = (3, move, "build-frees")
                else:
                    rank = (4, move, "seed-build")
            else:  # into an empty column
                pile = tableau[src]
                if len(pile) > count and (1 in off or frees_something(src, count)):
                    rank = (5, move, "space-frees")
            if rank is not None and (best is None or rank[0] < best[0]):
                if kernel.key(kernel.play(state, move)) not in seen:
                    best = rank
        # best_else_stock reads only the move and the reason; its signature types the rank int, here it may be 3.5
        choice = best_else_stock(board, moves, cast("tuple[int, FTMove, str] | None", best))
        if choice is not None:
            return choice
        for move in moves:
            if move[1] >= first_f:
                return move, "home-last"  # nothing else is left: every card home is a step forward
        return None
