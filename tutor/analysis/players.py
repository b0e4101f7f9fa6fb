"""Players for the simulator and the hints: one that follows the rules texts' beginner tips, one that
ignores them.

A strategy looks at a lean position (:mod:`tutor.engine.lean`) and its legal moves and picks one, with the
*reason* for it (a short key that :mod:`tutor.analysis.hints` turns into a sentence). It never looks at the
stock: it plays as a person at the table would.

* ``tips`` – what the game's "Tips for beginners" say (the seeds' "Tipps für Einsteiger" /
  "Tipps und Strategien"), move by move, in the order the tips give them.
* ``naive`` – ignores the tips: turns the stock as soon as it may, otherwise plays the first legal
  move (in the engine's order), never one that returns to a position it has already seen.
* ``expert`` (Forty Thieves) – a careful player: before each card it turns, it searches what it can
  do with the cards it sees (tableau, waste, foundations; never the talon's order, which it is not
  shown) and plays its way to the best position it finds (:class:`ExpertPlayer`).
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

from tutor.games.queens_audience.fast import QueensAudienceKernel
from tutor.engine.lean import Kernel, LeanMove, PileBoard, State

# A strategy: (kernel, state, legal moves, keys of positions seen this game) → (move, reason) or None
Choice = tuple[LeanMove, str] | None
StrategyFunction = Callable[[Kernel, State, list[LeanMove], set[Hashable]], Choice]

STRATEGY_NAMES = ("tips", "naive")
EXPERT = "expert"


def strategy_names(game_id: str) -> list[str]:
    """The strategies the simulator offers for ``game_id``."""
    if game_id == "forty-thieves":
        return list(STRATEGY_NAMES) + [EXPERT]
    return list(STRATEGY_NAMES)


def get_strategy(kernel: Kernel, name: str) -> StrategyFunction:
    if name == "naive":
        return naive
    if name == EXPERT and kernel.rules.game_id == "forty-thieves":
        return ExpertPlayer(kernel)
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
        if move not in moves:
            raise ValueError(f"the strategy chose {kernel.notation(move)}, which is not a legal move here")
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
        import heapq

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
