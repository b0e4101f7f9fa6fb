"""The solver: with every card known (the texts' "computer that knows the order of the stock"),
is the deal won, lost, or is it still unknown when the search reaches its limit?

Search on the lean boards of :mod:`tutor.engine.lean`: depth-first (iterative, no recursion limit) for
boards whose spaces fill themselves, best-first (most promising position first, by the board's
``evaluate`` or :func:`evaluate_free_spaces`) for boards with free spaces, where a depth-first search
stays trapped below its first bad choice. A game may bring a search of its own instead: its ``tips``
part names it (``search``; Forty Thieves' beam search), and :func:`solve_state` asks for it by the
game's id. (The part, not the lean board, names it: the board stands below the analysis, and a
search is analysis, answering with a :class:`SolveResult`.) The searches use

* a transposition table of every position seen (by ``kernel.key``, which ignores the order of
  interchangeable piles), so no position is searched twice;
* safe automatic moves: a card goes to a foundation without trying the alternatives when nothing
  could ever want to lie on it again and no refill choice depends on it (``kernel.safe_move``);
* move ordering per game (the ``tips`` part's ``order_moves``: home first, then moves that empty a
  pile or free a card, …);
* a node limit and a time limit.

The answer is ``won`` with the moves of a winning line in the engine's notation (the tests replay
every one in the engine), ``lost`` when the whole reachable space is exhausted without a win (a
proof: safe moves never lose a win), or ``unknown`` when a limit stopped the search first.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.contract import tips_of
from tutor.engine.lean import Kernel, LeanMove, PileBoard, State, kernel_for

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


# A game's own search (its tips part's ``search``), with the arguments of :func:`solve_state`.
SearchFunction = Callable[[Kernel, State, "float | None", "int | None", Callable[[], float]], SolveResult]


def solve(position: Any, time_limit: float | None = 10.0, node_limit: int | None = None,
          clock: Callable[[], float] = time.perf_counter, **options: Any) -> SolveResult:
    """Search the engine ``position`` (a :class:`tutor.engine.Position`); see the module docstring.
    ``clock`` measures the time limit (``time.process_time`` for CPU time, as the benchmarks do);
    ``options`` go to the lean kernel (analysis readings such as ``waste_pair``)."""
    kernel = kernel_for(position.rules, **options)
    return solve_state(kernel, kernel.from_position(position), time_limit, node_limit, clock)


def solve_state(kernel: Kernel, state: State, time_limit: float | None = 10.0,
                node_limit: int | None = None, clock: Callable[[], float] = time.perf_counter,
                lost_keys: set[Hashable] | None = None) -> SolveResult:
    """Search a lean position; the answer's moves are in the engine's notation. A game's own search
    comes first; else boards with free spaces are searched best-first, the others depth-first.

    ``lost_keys`` (the generic searches only) carries proofs from one search to the next (the
    review of a game searches many positions of one deal): positions under these keys are known
    lost and not searched again, and a search that proves its position lost adds every position
    it reached, since each of them is reachable from a lost one and so is lost too."""
    search = tips_of(kernel.rules.game_id).search
    if search is not None:
        return search(kernel, state, time_limit, node_limit, clock)
    if isinstance(kernel, PileBoard) and not kernel.fills_spaces:
        return best_first(kernel, state, time_limit, node_limit, clock=clock, lost_keys=lost_keys)
    return depth_first(kernel, state, time_limit, node_limit, clock, lost_keys=lost_keys)


def depth_first(kernel: Kernel, state: State, time_limit: float | None = 10.0,
                node_limit: int | None = None, clock: Callable[[], float] = time.perf_counter,
                lost_keys: set[Hashable] | None = None) -> SolveResult:
    """Depth-first search with a transposition table and safe moves, the moves in the order of
    the game's ``tips`` part (``order_moves``); ``lost_keys`` as in :func:`solve_state`."""
    order = tips_of(kernel.rules.game_id).order_moves
    safe_move = kernel.safe_move

    def expand(current: State) -> list[LeanMove]:
        safe = safe_move(current)
        if safe is not None:
            return [safe]
        return order(kernel, current, kernel.moves(current))

    result, seen = depth_first_search(kernel, state, expand, kernel.key, time_limit=time_limit,
                                      node_limit=node_limit, clock=clock, known_lost=lost_keys)
    if result.result == LOST and lost_keys is not None:
        lost_keys |= seen
    return result


def depth_first_search(kernel: Kernel, state: State, expand: Callable[[State], list[LeanMove]],
                       key_of: Callable[[State], Hashable], *, time_limit: float | None,
                       node_limit: int | None, clock: Callable[[], float],
                       known_lost: set[Hashable] | None = None,
                       is_dead: Callable[[State], bool] | None = None) -> tuple[SolveResult, set[Hashable]]:
    """The one depth-first loop of the searches: every position once (by ``key_of``), the moves of
    each in the order ``expand`` gives, nothing below a position under ``known_lost`` or one the
    pruning hook ``is_dead`` proves lost. ``won`` with its line, ``lost`` when nothing is left, or
    ``unknown`` at a limit; with the keys of every position it reached (all lost, if it is lost)."""
    started = clock()
    deadline = None if time_limit is None else started + time_limit
    play, is_won = kernel.play, kernel.is_won
    lost: set[Hashable] = known_lost if known_lost is not None else set()
    start_key = key_of(state)
    if is_won(state):
        return SolveResult(WON, [], 0, clock() - started), {start_key}
    if start_key in lost:
        return SolveResult(LOST, [], 0, clock() - started), {start_key}
    seen: set[Hashable] = {start_key}
    # frames[i] = [state, its moves to try, index of the next one]; path[i] led to frames[i + 1]
    frames: list[list[Any]] = [[state, [] if is_dead is not None and is_dead(state) else expand(state), 0]]
    path: list[LeanMove] = []
    nodes = 0
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
            return SolveResult(WON, [kernel.notation(m) for m in path], nodes, clock() - started), seen
        if (node_limit is not None and nodes >= node_limit) or (
                nodes & 255 == 0 and deadline is not None and clock() > deadline):
            return SolveResult(UNKNOWN, [], nodes, clock() - started), seen
        child_key = key_of(child)
        if child_key in seen or child_key in lost:
            continue
        seen.add(child_key)
        if is_dead is not None and is_dead(child):
            continue
        path.append(move)
        frames.append([child, expand(child), 0])
    return SolveResult(LOST, [], nodes, clock() - started), seen


def best_first(kernel: PileBoard, state: State, time_limit: float | None = 10.0,
               node_limit: int | None = None, max_states: int = 3_000_000,
               reductions: bool = True, clock: Callable[[], float] = time.perf_counter,
               lost_keys: set[Hashable] | None = None) -> SolveResult:
    """Best-first search: always continue from the most promising position seen so far (by the
    board's ``evaluate``, else :func:`evaluate_free_spaces`), so a bad early choice does not trap
    the search as it can trap depth-first search. Complete like it: an exhausted frontier proves
    the deal lost.

    With ``reductions`` (the default) the search uses what the board proves sound: its safe moves
    (played at once, without alternatives), its ``search_moves`` (moves that lead back to the same
    position left out), its ``key`` (positions equal up to interchangeable piles searched once) and
    its ``is_dead`` bound (positions where some card can never go home are not expanded). Without
    them it is the plain search over every legal move and every distinct position, which the tests
    use as the reference. ``lost_keys`` as in :func:`solve_state`."""

    started = clock()
    deadline = None if time_limit is None else started + time_limit
    play, is_won = kernel.play, kernel.is_won
    key_of: Callable[[State], Hashable]
    safe_move: Callable[[State], LeanMove | None]
    moves_of: Callable[[State], list[LeanMove]]
    is_dead: Callable[[State], bool]
    if reductions:
        key_of, safe_move, moves_of, is_dead = kernel.key, kernel.safe_move, kernel.search_moves, kernel.is_dead
    else:
        key_of, moves_of = (lambda s: s), kernel.moves
        safe_move = lambda s: None  # noqa: E731 - the plain search's stand-ins for the board's methods
        is_dead = lambda s: False  # noqa: E731 - (as above)
    evaluate = getattr(kernel, "evaluate", None) or (lambda s: evaluate_free_spaces(kernel, s))

    def settle(current: State) -> tuple[State, list[LeanMove]]:
        done: list[LeanMove] = []
        while (safe := safe_move(current)) is not None:
            current = play(current, safe)
            done.append(safe)
        return current, done

    def line_to(key: Hashable) -> list[str]:
        moves: list[LeanMove] = []
        while True:
            parent, steps = parents[key]
            if parent is None:
                break
            moves[:0] = steps
            key = parent
        return [kernel.notation(m) for m in moves]

    root, steps = settle(state)
    root_key = key_of(root)
    parents: dict[Hashable, tuple[Hashable | None, list[LeanMove]]] = {key_of(state): (None, [])}
    if root_key not in parents:
        parents[root_key] = (key_of(state), steps)
    if is_won(root):
        return SolveResult(WON, line_to(root_key), 0, clock() - started)
    known_lost: set[Hashable] = lost_keys if lost_keys is not None else set()
    counter = 0
    frontier = [] if is_dead(root) or root_key in known_lost else [(-evaluate(root), counter, root, root_key)]
    nodes = 0
    push, pop = heapq.heappush, heapq.heappop
    while frontier:
        _, _, current, current_key = pop(frontier)
        if is_dead(current):
            continue  # provably lost: nothing below it needs searching
        for move in moves_of(current):
            child, chain = settle(play(current, move))
            nodes += 1
            child_key = key_of(child)
            if child_key in parents or child_key in known_lost:
                continue
            parents[child_key] = (current_key, [move] + chain)
            if is_won(child):
                return SolveResult(WON, line_to(child_key), nodes, clock() - started)
            counter += 1
            push(frontier, (-evaluate(child), counter, child, child_key))
        if (node_limit is not None and nodes >= node_limit) or len(parents) > max_states or (
                deadline is not None and clock() > deadline):
            return SolveResult(UNKNOWN, [], nodes, clock() - started)
    if lost_keys is not None:
        lost_keys.update(parents)
    return SolveResult(LOST, [], nodes, clock() - started)


# ---------------------------------------------------------------------------------------------
# move ordering: which moves to try first (any order is correct; a good one is fast)
# ---------------------------------------------------------------------------------------------

Ordering = Callable[[Kernel, State, list[LeanMove]], list[LeanMove]]  # a game's ``order_moves``


def evaluate_free_spaces(kernel: PileBoard, state: State) -> int:
    """How promising a position on a board with free spaces looks (Forty Thieves, Busy Aces;
    higher is better): cards home, empty columns, cards already lying on a partner, and how deep
    the next cards for the foundations are buried."""
    tableau, waste, stock, foundations, _ = state
    onto = kernel.onto
    score = 0
    for top in foundations:
        if top >= 0:
            score += 40 * (top % 13 + 1)
    wanted = set()
    for top in foundations:
        if top < 0:
            continue
        if top % 13 != 12:
            wanted.add(top + 1)
    for pile in tableau:
        if not pile:
            score += 60
            continue
        depth_bonus = 0
        for depth, code in enumerate(reversed(pile)):
            if code in wanted or code % 13 == 0:
                depth_bonus -= 8 * depth
                break
        score += depth_bonus
        for i in range(1, len(pile)):
            if pile[i] in onto[pile[i - 1]]:
                score += 6
    for depth, code in enumerate(reversed(waste)):
        if code in wanted or code % 13 == 0:
            score -= 4 * depth
    return score


def order_free_spaces(kernel: Kernel, state: State, moves: list[LeanMove]) -> list[LeanMove]:
    """Boards with free spaces (Forty Thieves, Busy Aces): home, then moves that empty a column or
    lay a card free that can go somewhere, then the waste, then other building, the stock, spaces,
    the redeal."""
    assert isinstance(kernel, PileBoard)
    tableau, waste_pile, stock_pile, foundations, _ = state
    first_f, waste, stock = kernel.first_foundation, kernel.waste, kernel.stock
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
