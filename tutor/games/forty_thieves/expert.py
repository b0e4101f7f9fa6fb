"""The careful Forty Thieves player (the strategy ``expert``): it looks ahead with the face-up cards
only. The game's ``tips`` part offers it as a player (``PLAYERS``) and as the hint's first choice
(``HINT_PLAYER``): it wins about ten times as often as the tips player, so its move is the better
lesson."""

from __future__ import annotations

import heapq
from typing import Hashable

from tutor.analysis.players import Choice
from tutor.engine.lean import Kernel, LeanMove, PileBoard, State


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
        self._plans: dict[State, tuple[LeanMove, str]] = {}  # visible position → the planned move

    def __call__(self, kernel: Kernel, state: State, moves: list[LeanMove], seen: set[Hashable]) -> Choice:
        visible = blind(state)
        planned = self._plans.pop(visible, None)
        if planned is not None:
            return planned
        if len(self._plans) > 10_000:
            self._plans.clear()
        return self._plan(visible)

    def _plan(self, visible: State) -> Choice:
        board = self.kernel
        assert isinstance(board, PileBoard)
        play, key_of, safe_move, evaluate = board.play, board.key, board.safe_move, board.evaluate  # type: ignore[attr-defined]
        stock, waste = board.stock, board.waste
        can_turn = bool(visible[2]) or (bool(visible[1]) and visible[4] < board.max_passes)
        budget = self.expansions if can_turn else self.endgame_expansions
        # node: (value, counter, state, parent index, move); parents by index into ``nodes``
        nodes: list[tuple[State, int, LeanMove | None]] = [(visible, -1, None)]
        values = [evaluate(visible)]
        seen = {key_of(visible)}
        heap = [(-values[0], 0)]
        best = 0
        expanded = 0
        while heap and expanded < budget:
            _, index = heapq.heappop(heap)
            current = nodes[index][0]
            expanded += 1
            safe = safe_move(current)
            for move in ([safe] if safe is not None else board.search_moves(current)):
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
                heapq.heappush(heap, (-value, len(nodes) - 1))
            if values[best] >= 10**9:
                break
        if best == 0:
            if visible[2]:
                return (stock, waste, 1), "turn"
            if visible[1] and visible[4] < board.max_passes:
                return (waste, stock, 1), "redeal"
            return None
        path: list[int] = []
        index = best
        while index > 0:
            path.append(index)
            index = nodes[index][1]
        path.reverse()
        for step, index in enumerate(path):
            parent_state = nodes[nodes[index][1]][0]
            move = nodes[index][2]
            assert move is not None
            if step:
                self._plans[parent_state] = (move, "plan")
        end = nodes[best][0]
        if end[2]:  # at the end of the plan: turn the next card (or redeal, if the waste holds any)
            self._plans[end] = ((stock, waste, 1), "turn")
        elif end[1] and end[4] < board.max_passes:
            self._plans[end] = ((waste, stock, 1), "redeal")
        first = nodes[path[0]][2]
        assert first is not None
        return first, "plan"


def blind(state: State) -> State:
    """The position as a player sees it: the talon's cards replaced by blanks (its size stays)."""
    tableau, waste, stock, foundations, passes = state
    return (tableau, waste, (-1,) * len(stock), foundations, passes)
