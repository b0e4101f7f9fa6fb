"""The solver: with every card known (the texts' "computer that knows the order of the stock"),
is the deal won, lost, or is it still unknown when the search reaches its limit?

Depth-first search on the lean boards of :mod:`tutor.lean`, iterative (no recursion limit), with

* a transposition table of every position seen (by ``kernel.key``, which ignores the order of
  interchangeable piles), so no position is searched twice;
* safe automatic moves: a card goes to a foundation without trying the alternatives when nothing
  could ever want to lie on it again and no refill choice depends on it (``kernel.safe_move``);
* move ordering per game (home first, then moves that empty a pile or free a card, …);
* a node limit and a time limit.

The answer is ``won`` with the moves of a winning line in the engine's notation (the tests replay
every one in the engine), ``lost`` when the whole reachable space is exhausted without a win (a
proof: safe moves never lose a win), or ``unknown`` when a limit stopped the search first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

from .lean import Kernel, LeanMove, PileKernel, QueensAudienceKernel, State, kernel_for

WON, LOST, UNKNOWN = "won", "lost", "unknown"


@dataclass
class SolveResult:
    result: str  # "won" | "lost" | "unknown"
    moves: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {"result": self.result, "moves": list(self.moves), "nodes": self.nodes,
                "seconds": round(self.seconds, 4)}


def solve(position: Any, time_limit: float | None = 10.0, node_limit: int | None = None,
          **options: Any) -> SolveResult:
    """Search the engine ``position`` (a :class:`tutor.games.Position`); see the module docstring.
    ``options`` go to the lean kernel (analysis readings such as ``waste_pair``)."""
    kernel = kernel_for(position.rules, **options)
    return solve_state(kernel, kernel.from_position(position), time_limit, node_limit)


def solve_state(kernel: Kernel, state: State, time_limit: float | None = 10.0,
                node_limit: int | None = None) -> SolveResult:
    """Search a lean position; the answer's moves are in the engine's notation."""
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    order = ordering_for(kernel)
    play, key_of, is_won, safe_move = kernel.play, kernel.key, kernel.is_won, kernel.safe_move

    def expand(current: State) -> list[LeanMove]:
        safe = safe_move(current)
        if safe is not None:
            return [safe]
        return order(kernel, current, kernel.moves(current))

    if is_won(state):
        return SolveResult(WON, [], 0, time.perf_counter() - started)
    seen: set[Hashable] = {key_of(state)}
    # frames[i] = [state, its moves to try, index of the next one]; path[i] led to frames[i + 1]
    frames: list[list[Any]] = [[state, expand(state), 0]]
    path: list[LeanMove] = []
    nodes = 0
    stopped = False
    while frames:
        frame = frames[-1]
        moves, index = frame[1], frame[2]
        if index == len(moves):
            frames.pop()
            if path:
                path.pop()
            continue
        frame[2] = index + 1
        move = moves[index]
        child = play(frame[0], move)
        nodes += 1
        if is_won(child):
            path.append(move)
            return SolveResult(WON, [kernel.notation(m) for m in path], nodes, time.perf_counter() - started)
        child_key = key_of(child)
        if child_key in seen:
            continue
        seen.add(child_key)
        path.append(move)
        frames.append([child, expand(child), 0])
        if nodes & 255 == 0:
            if node_limit is not None and nodes >= node_limit:
                stopped = True
                break
            if deadline is not None and time.perf_counter() > deadline:
                stopped = True
                break
        elif node_limit is not None and nodes >= node_limit:
            stopped = True
            break
    return SolveResult(UNKNOWN if stopped else LOST, [], nodes, time.perf_counter() - started)


# ---------------------------------------------------------------------------------------------
# move ordering: which moves to try first (any order is correct; a good one is fast)
# ---------------------------------------------------------------------------------------------

Ordering = Callable[[Kernel, State, list[LeanMove]], list[LeanMove]]


def ordering_for(kernel: Kernel) -> Ordering:
    if isinstance(kernel, QueensAudienceKernel):
        return order_queens_audience
    if isinstance(kernel, PileKernel) and kernel.fills_spaces:
        return order_fortunes_favour
    return order_free_spaces


def order_queens_audience(kernel: Kernel, state: State, moves: list[LeanMove]) -> list[LeanMove]:
    # Into the hall first, then turning, the redeal last (as the moves come, by kind).
    rank = {"k": 0, "j": 0, "f": 0, "s": 1, "r": 2}
    return sorted(moves, key=lambda m: rank[m[0]])


def order_fortunes_favour(kernel: Kernel, state: State, moves: list[LeanMove]) -> list[LeanMove]:
    assert isinstance(kernel, PileKernel)
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


def order_free_spaces(kernel: Kernel, state: State, moves: list[LeanMove]) -> list[LeanMove]:
    """Forty Thieves and Busy Aces: home, then moves that empty a column or lay a card free
    that can go somewhere, then the waste, then other building, the stock, spaces, the redeal."""
    assert isinstance(kernel, PileKernel)
    tableau, waste_pile, stock_pile, foundations, _ = state
    columns, first_f, waste, stock = kernel.columns, kernel.first_foundation, kernel.waste, kernel.stock
    onto = kernel.onto
    tops = [pile[-1] for pile in tableau if pile]

    def useful(code: int) -> bool:
        if kernel._foundation_for(code, foundations) >= 0:
            return True
        return any(code in onto[top] for top in tops)

    def score(move: LeanMove) -> int:
        src, dst, count = move
        if src == stock:
            return 8
        if dst == stock:
            return 10
        if src == waste:
            return 0 if dst >= first_f else (3 if tableau[dst] else 9)
        pile = tableau[src]
        rest = len(pile) - count
        if dst >= first_f:
            return 1
        if not tableau[dst]:  # into a space: only worth it to free the card underneath
            return 5 if rest and useful(pile[rest - 1]) else 9
        if rest == 0:
            return 2
        if pile[rest] in onto[pile[rest - 1]]:
            return 7  # from one partner to another
        return 4 if useful(pile[rest - 1]) else 6

    return sorted(moves, key=score)
