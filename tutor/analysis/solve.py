"""The solver: with every card known (the texts' "computer that knows the order of the stock"),
is the deal won, lost, or is it still unknown when the search reaches its limit?

Search on the lean boards of :mod:`tutor.engine.lean`: depth-first (iterative, no recursion limit) for
Fortune's Favour and Queen's Audience, best-first (most promising position first, by
:func:`evaluate_free_spaces`) for the games with free spaces, Forty Thieves and Busy Aces, where a
depth-first search stays trapped below its first bad choice. Both use

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

from tutor.games.queens_audience.fast import QueensAudienceKernel
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


def solve(position: Any, time_limit: float | None = 10.0, node_limit: int | None = None,
          clock: Callable[[], float] = time.perf_counter, **options: Any) -> SolveResult:
    """Search the engine ``position`` (a :class:`tutor.games.Position`); see the module docstring.
    ``clock`` measures the time limit (``time.process_time`` for CPU time, as the benchmarks do);
    ``options`` go to the lean kernel (analysis readings such as ``waste_pair``)."""
    kernel = kernel_for(position.rules, **options)
    return solve_state(kernel, kernel.from_position(position), time_limit, node_limit, clock)


def solve_state(kernel: Kernel, state: State, time_limit: float | None = 10.0,
                node_limit: int | None = None, clock: Callable[[], float] = time.perf_counter) -> SolveResult:
    """Search a lean position; the answer's moves are in the engine's notation. Games with free
    spaces (Forty Thieves, Busy Aces) are searched best-first, the others depth-first."""
    if getattr(kernel, "game_id", "") == "forty-thieves":
        return solve_forty_thieves(kernel, state, time_limit, node_limit, clock)
    if isinstance(kernel, PileBoard) and not kernel.fills_spaces:
        return best_first(kernel, state, time_limit, node_limit, clock=clock)
    return depth_first(kernel, state, time_limit, node_limit, clock)


def solve_forty_thieves(kernel: PileBoard, state: State, time_limit: float | None = 10.0,
                        node_limit: int | None = None, clock: Callable[[], float] = time.perf_counter,
                        widths: tuple[int, ...] = (4, 16, 64, 256, 1024, 4096, 16384),
                        first_proof_nodes: int = 3000, beam_share: float = 0.7) -> SolveResult:
    """Forty Thieves in three steps, sharing one time limit:

    1. a short exhaustive search (:func:`exhaust`, ``first_proof_nodes``): small positions are
       decided at once, won or lost;
    2. beam searches of growing width (:func:`beam_search`) look for a win, for ``beam_share`` of
       the time;
    3. the exhaustive search again with the time left: ``lost`` only when it has searched every
       position reachable (up to the board's sound reductions)."""
    started = clock()
    deadline = None if time_limit is None else started + time_limit
    nodes = 0

    def left() -> int | None:
        return None if node_limit is None else max(0, node_limit - nodes)

    quick = exhaust(kernel, state, None if deadline is None else deadline - clock(),
                    first_proof_nodes if node_limit is None else min(first_proof_nodes, node_limit), clock=clock)
    nodes += quick.nodes
    if quick.result != UNKNOWN:
        quick.nodes, quick.seconds = nodes, clock() - started
        return quick
    beam_deadline = None if time_limit is None else started + beam_share * time_limit
    for width in widths:
        if (node_limit is not None and nodes >= node_limit) or (beam_deadline is not None and clock() > beam_deadline):
            break
        found, used = beam_search(kernel, state, width, beam_deadline, left(), clock)
        nodes += used
        if found is not None:
            return SolveResult(WON, [kernel.notation(m) for m in found], nodes, clock() - started)
    if node_limit is not None and nodes >= node_limit:
        return SolveResult(UNKNOWN, [], nodes, clock() - started)
    final = exhaust(kernel, state, None if deadline is None else deadline - clock(), left(), clock=clock)
    final.nodes += nodes
    final.seconds = clock() - started
    return final


def exhaust(kernel: PileBoard, state: State, time_limit: float | None = 10.0, node_limit: int | None = None,
            reductions: bool = True, clock: Callable[[], float] = time.perf_counter) -> SolveResult:
    """Depth-first search of every reachable position (each once), moves tried in the order of
    :func:`order_free_spaces`: ``won`` with a line, ``lost`` when nothing is left to search, or
    ``unknown`` at a limit.

    With ``reductions`` it searches what the board proves is enough: its ``search_moves`` (a safe
    move alone; no move that gives the same position back), positions equal under its ``key`` once,
    and nothing below a position its ``is_dead`` bound proves lost. Without them it is the plain
    search over every legal move and every distinct position (the tests' reference)."""
    started = clock()
    deadline = None if time_limit is None else started + time_limit
    play, is_won = kernel.play, kernel.is_won
    if reductions:
        key_of, moves_of, is_dead = kernel.key, kernel.search_moves, kernel.is_dead
    else:
        key_of, moves_of = (lambda s: s), kernel.moves
        is_dead = lambda s: False  # noqa: E731

    def expand(current: State) -> list[LeanMove]:
        moves = moves_of(current)
        return moves if len(moves) < 2 else order_free_spaces(kernel, current, moves)

    if is_won(state):
        return SolveResult(WON, [], 0, clock() - started)
    seen: set[Hashable] = {key_of(state)}
    frames: list[list[Any]] = [[state, [] if is_dead(state) else expand(state), 0]]
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
            return SolveResult(WON, [kernel.notation(m) for m in path], nodes, clock() - started)
        if (node_limit is not None and nodes >= node_limit) or (
                nodes & 255 == 0 and deadline is not None and clock() > deadline):
            return SolveResult(UNKNOWN, [], nodes, clock() - started)
        child_key = key_of(child)
        if child_key in seen:
            continue
        seen.add(child_key)
        if is_dead(child):
            continue
        path.append(move)
        frames.append([child, expand(child), 0])
    return SolveResult(LOST, [], nodes, clock() - started)


def depth_first(kernel: Kernel, state: State, time_limit: float | None = 10.0,
                node_limit: int | None = None, clock: Callable[[], float] = time.perf_counter) -> SolveResult:
    """Depth-first search with a transposition table and safe moves."""
    started = clock()
    deadline = None if time_limit is None else started + time_limit
    order = ordering_for(kernel)
    play, key_of, is_won, safe_move = kernel.play, kernel.key, kernel.is_won, kernel.safe_move

    def expand(current: State) -> list[LeanMove]:
        safe = safe_move(current)
        if safe is not None:
            return [safe]
        return order(kernel, current, kernel.moves(current))

    if is_won(state):
        return SolveResult(WON, [], 0, clock() - started)
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
            return SolveResult(WON, [kernel.notation(m) for m in path], nodes, clock() - started)
        if (node_limit is not None and nodes >= node_limit) or (
                nodes & 255 == 0 and deadline is not None and clock() > deadline):
            stopped = True
            break
        child_key = key_of(child)
        if child_key in seen:
            continue
        seen.add(child_key)
        path.append(move)
        frames.append([child, expand(child), 0])
    return SolveResult(UNKNOWN if stopped else LOST, [], nodes, clock() - started)


def best_first(kernel: PileBoard, state: State, time_limit: float | None = 10.0,
               node_limit: int | None = None, max_states: int = 3_000_000,
               reductions: bool = True, clock: Callable[[], float] = time.perf_counter) -> SolveResult:
    """Best-first search: always continue from the most promising position seen so far (by the
    board's ``evaluate``, else :func:`evaluate_free_spaces`), so a bad early choice does not trap
    the search as it can trap depth-first search. Complete like it: an exhausted frontier proves
    the deal lost.

    With ``reductions`` (the default) the search uses what the board proves sound: its safe moves
    (played at once, without alternatives), its ``search_moves`` (moves that lead back to the same
    position left out), its ``key`` (positions equal up to interchangeable piles searched once) and
    its ``is_dead`` bound (positions where some card can never go home are not expanded). Without
    them it is the plain search over every legal move and every distinct position, which the tests
    use as the reference."""
    import heapq

    started = clock()
    deadline = None if time_limit is None else started + time_limit
    play, is_won = kernel.play, kernel.is_won
    if reductions:
        key_of, safe_move, moves_of, is_dead = kernel.key, kernel.safe_move, kernel.search_moves, kernel.is_dead
    else:
        key_of, moves_of = (lambda s: s), kernel.moves
        safe_move = lambda s: None  # noqa: E731
        is_dead = lambda s: False  # noqa: E731
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
    counter = 0
    frontier = [] if is_dead(root) else [(-evaluate(root), counter, root, root_key)]
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
            if child_key in parents:
                continue
            parents[child_key] = (current_key, [move] + chain)
            if is_won(child):
                return SolveResult(WON, line_to(child_key), nodes, clock() - started)
            counter += 1
            push(frontier, (-evaluate(child), counter, child, child_key))
        if (node_limit is not None and nodes >= node_limit) or len(parents) > max_states or (
                deadline is not None and clock() > deadline):
            return SolveResult(UNKNOWN, [], nodes, clock() - started)
    return SolveResult(LOST, [], nodes, clock() - started)


def beam_search(kernel: PileBoard, state: State, width: int, deadline: float | None,
                node_limit: int | None = None, clock: Callable[[], float] = time.perf_counter,
                expansions_per_state: int = 4, endgame_expansions: int = 60) -> tuple[list[LeanMove] | None, int]:
    """Look for a win layer by layer: a layer is the positions with the same number of talon cards
    turned. From the ``width`` best positions of a layer (by the board's ``evaluate``) a short
    best-first search over every move but the turn (and the redeal) finds what can be done before
    the next card comes; the best ``width`` positions it reaches are turned over into the next
    layer. Incomplete by design (it keeps only ``width`` positions a layer), so it can find wins
    but never prove a loss. Returns (the winning line or ``None``, nodes)."""
    import heapq

    play, is_won, key_of, safe_move = kernel.play, kernel.is_won, kernel.key, kernel.safe_move
    moves_of, evaluate = kernel.search_moves, kernel.evaluate  # type: ignore[attr-defined]
    stock_pile, waste_pile = kernel.stock, kernel.waste
    nodes = 0
    # a node: (state, parent node, moves from the parent's state)
    Node = tuple

    def line(node: Node) -> list[LeanMove]:
        out: list[LeanMove] = []
        while node[1] is not None:
            out[:0] = node[2]
            node = node[1]
        return out

    def settle(current: State) -> tuple[State, list[LeanMove]]:
        done: list[LeanMove] = []
        while (safe := safe_move(current)) is not None:
            current = play(current, safe)
            done.append(safe)
        return current, done

    start, steps = settle(state)
    root: Node = (state, None, [], 0)
    first: Node = (start, root, steps, evaluate(start)) if steps else (state, None, [], evaluate(state))
    if is_won(start):
        return line(first), 0
    layer = [first]
    while layer:
        # --- what can be done before the next card: a short best-first search from the layer
        seen: dict[Hashable, Node] = {}
        heap: list = []
        counter = 0
        final = all(not node[0][2] and not (node[0][1] and node[0][4] < kernel.max_passes) for node in layer)
        budget = width * (endgame_expansions if final else expansions_per_state)
        for node in layer:
            k = key_of(node[0])
            if k not in seen:
                seen[k] = node
                counter += 1
                heapq.heappush(heap, (-node[3], counter, node))
        expanded = 0
        while heap and expanded < budget:
            _, _, node = heapq.heappop(heap)
            current = node[0]
            expanded += 1
            for move in moves_of(current):
                if move[0] == stock_pile or move[1] == stock_pile:
                    continue
                child, chain = settle(play(current, move))
                nodes += 1
                k = key_of(child)
                if k in seen:
                    continue
                value = evaluate(child)
                child_node: Node = (child, node, [move] + chain, value)
                seen[k] = child_node
                if is_won(child):
                    return line(child_node), nodes
                counter += 1
                heapq.heappush(heap, (-value, counter, child_node))
            if (node_limit is not None and nodes >= node_limit) or (
                    deadline is not None and expanded & 3 == 0 and clock() > deadline):
                return None, nodes
        if final:
            return None, nodes
        # --- the best positions turn the next card (or redeal) into the next layer
        ranked = sorted(seen.values(), key=lambda n: -n[3])
        layer = []
        for node in ranked:
            current = node[0]
            if current[2]:
                move = (stock_pile, waste_pile, 1)
            elif current[1] and current[4] < kernel.max_passes:
                move = (waste_pile, stock_pile, 1)
            else:
                continue
            child, chain = settle(play(current, move))
            nodes += 1
            child_node = (child, node, [move] + chain, evaluate(child))
            if is_won(child):
                return line(child_node), nodes
            layer.append(child_node)
            if len(layer) >= width:
                break
        if deadline is not None and clock() > deadline:
            return None, nodes
    return None, nodes


# ---------------------------------------------------------------------------------------------
# move ordering: which moves to try first (any order is correct; a good one is fast)
# ---------------------------------------------------------------------------------------------

Ordering = Callable[[Kernel, State, list[LeanMove]], list[LeanMove]]


def ordering_for(kernel: Kernel) -> Ordering:
    if isinstance(kernel, QueensAudienceKernel):
        return order_queens_audience
    if isinstance(kernel, PileBoard) and kernel.fills_spaces:
        return order_fortunes_favour
    return order_free_spaces


def order_queens_audience(kernel: Kernel, state: State, moves: list[LeanMove]) -> list[LeanMove]:
    # Into the hall first, then turning, the redeal last (as the moves come, by kind).
    rank = {"k": 0, "j": 0, "f": 0, "s": 1, "r": 2}
    return sorted(moves, key=lambda m: rank[m[0]])


def order_fortunes_favour(kernel: Kernel, state: State, moves: list[LeanMove]) -> list[LeanMove]:
    assert isinstance(kernel, PileBoard)
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


def evaluate_free_spaces(kernel: PileBoard, state: State) -> int:
    """How promising a Forty Thieves / Busy Aces position looks (higher is better): cards home,
    empty columns, cards already lying on a partner, and how deep the next cards for the
    foundations are buried."""
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
    """Forty Thieves and Busy Aces: home, then moves that empty a column or lay a card free
    that can go somewhere, then the waste, then other building, the stock, spaces, the redeal."""
    assert isinstance(kernel, PileBoard)
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
