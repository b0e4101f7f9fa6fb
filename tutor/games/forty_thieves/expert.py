"""The expert player of Forty Thieves (the strategy ``expert``; "Expertenspieler" on the German pages):
it looks ahead with the face-up cards only. The game's ``tips`` part offers it as a player
(``PLAYERS``) and as the hint's player (``HINT_PLAYER``): it is the strongest fair player we have, so
its move is the better lesson. ``bench/ft_ablation.py`` switches its ideas off one at a time."""

from __future__ import annotations

import heapq
from collections.abc import Collection, Hashable
from typing import TYPE_CHECKING, cast

from tutor.analysis.players import Choice
from tutor.engine.lean import Kernel, PileBoard

if TYPE_CHECKING:
    from tutor.games.forty_thieves.fast import FortyThievesBoard, FTMove, FTState


class ExpertPlayer:
    """The Forty Thieves player who looks ahead, as a person at the table can: it sees the columns,
    the foundations and the waste (every card of it was seen when it was turned), and how many cards
    the talon still holds – never their order. Before each card it turns it searches, best
    position first (by the board's ``evaluate``, which reads only face-up cards), through what the
    visible cards allow – moves in the tableau, from the waste, to the foundations, never a turn –
    for up to ``expansions`` positions (``endgame_expansions`` once the talon and the redeals are
    used up), then plays its way to the best position found and turns the next card. When no
    position it finds is better than the one it has, it turns at once.

    It is called move by move (like every strategy) and keeps the rest of its plan between calls,
    so a plan is searched once per card turned. To make sure it never reads the talon, it only
    ever sees the position with the talon's cards replaced by blanks (``-1``)."""

    def __init__(self, kernel: Kernel, expansions: int = 600, endgame_expansions: int = 3000) -> None:
        self.kernel = kernel
        self.expansions = expansions
        self.endgame_expansions = endgame_expansions
        self._plans: dict[FTState, tuple[FTMove, str]] = {}  # visible position → the planned move

    def __call__(self, kernel: Kernel, state: FTState, moves: list[FTMove], seen: set[Hashable]) -> Choice:
        visible = blind(state)
        planned = self._plans.pop(visible, None)
        if planned is not None:
            return planned
        if len(self._plans) > 10_000:
            self._plans.clear()
        return self._plan(visible)

    def plan_line(self, visible: FTState, first_moves: Collection[FTMove] | None = None) -> list[FTMove]:
        """The line this player plays from ``visible`` up to its next turn: the moves to the best
        position its search finds, then the turn (or redeal) if one is left; just the turn when
        nothing beats the position as it is. With ``first_moves`` the line starts with one of
        them (the best position below them, even if it is no better than now, when turning is not
        among them). Empty when there is nothing to do."""
        board = self.kernel
        assert isinstance(board, PileBoard)
        play, key_of, safe_move = board.play, board.key, board.safe_move
        forty_thieves = cast("FortyThievesBoard", board)  # only the Forty Thieves board has these
        evaluate, open_moves = forty_thieves.evaluate, forty_thieves.open_moves
        stock, waste = board.stock, board.waste
        turn = (stock, waste, 1) if visible[2] else (
            (waste, stock, 1) if visible[1] and visible[4] < board.max_passes else None)
        budget = self.expansions if turn is not None else self.endgame_expansions
        # node: (value, counter, state, parent index, move); parents by index into ``nodes``
        nodes: list[tuple[FTState, int, FTMove | None]] = [(visible, -1, None)]
        values = [evaluate(visible)]
        seen = {key_of(visible)}
        heap = [(-values[0], 0)]
        best = 0
        best_child = -1  # the best child of the root (for a restricted start)
        expanded = 0
        while heap and expanded < budget:
            _, index = heapq.heappop(heap)
            current = nodes[index][0]
            expanded += 1
            safe = safe_move(current)
            moves = [safe] if safe is not None else open_moves(current)
            if index == 0 and first_moves is not None:
                moves = [m for m in board.moves(current) if m in first_moves]
            for move in moves:
                if move[0] == stock or move[1] == stock:
                    continue
                child = play(current, move)
                k = key_of(child)
                if k in seen:
                    continue
                seen.add(k)
                nodes.append((child, index, move))
                value = 10**9 if board.is_won(child) else evaluate(child)
                values.append(value)
                if value > values[best]:
                    best = len(nodes) - 1
                if index == 0 and (best_child < 0 or value > values[best_child]):
                    best_child = len(nodes) - 1
                heapq.heappush(heap, (-value, len(nodes) - 1))
            if values[best] >= 10**9:
                break
        if best == 0 and first_moves is not None and turn not in first_moves and best_child > 0:
            best = best_child
        if best == 0:
            return [turn] if turn is not None and (first_moves is None or turn in first_moves) else []
        path: list[int] = []
        index = best
        while index > 0:
            path.append(index)
            index = nodes[index][1]
        # only the root's move is None, and the root is not on the path
        line = [made for index in reversed(path) if (made := nodes[index][2]) is not None]
        end = nodes[best][0]
        after = (stock, waste, 1) if end[2] else (
            (waste, stock, 1) if end[1] and end[4] < board.max_passes else None)
        return line + ([after] if after is not None else [])

    def _plan(self, visible: FTState) -> Choice:
        line = self.plan_line(visible)
        if not line:
            return None
        board = self.kernel
        assert isinstance(board, PileBoard)
        current = visible
        for step, move in enumerate(line):
            if step:
                self._plans[current] = (move, _reason(board, move))
            current = board.play(current, move)
        return line[0], _reason(board, line[0])


def _reason(board: PileBoard, move: FTMove) -> str:
    if move[0] == board.stock:
        return "turn"
    if move[1] == board.stock:
        return "redeal"
    return "plan"


def blind(state: FTState) -> FTState:
    """The position as a player sees it: the talon's cards replaced by blanks (its size stays)."""
    tableau, waste, stock, foundations, passes = state
    return (tableau, waste, (-1,) * len(stock), foundations, passes)
