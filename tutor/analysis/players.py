"""Players for the simulator and the hints: one that follows the rules texts' beginner tips, one that
ignores them, and the ones a game adds.

A strategy looks at a lean position (:mod:`tutor.engine.lean`) and its legal moves and picks one, with the
*reason* for it (a short key that :mod:`tutor.analysis.hints` turns into a sentence). It never looks at the
stock: it plays as a person at the table would.

* ``tips`` – what the game's "Tips for beginners" say (the seeds' "Tipps für Einsteiger" /
  "Tipps und Strategien"), move by move, in the order the tips give them: the game's ``tips``
  part's ``tips_player``.
* ``naive`` – ignores the tips: turns the stock as soon as it may, otherwise plays the first legal
  move (in the engine's order), never one that returns to a position it has already seen.
* a game's own players (its ``tips`` part's ``PLAYERS``), e.g. Forty Thieves' ``expert`` (the expert
  player): before each card it turns, it searches what it can do with the cards it sees (tableau,
  waste, foundations; never the talon's order, which it is not shown) and plays its way to the best
  position it finds.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from tutor.engine.contract import tips_of
from tutor.engine.lean import Kernel, LeanMove, PileBoard, State, kernel_for
from tutor.engine.registry import get_rules

# A strategy: (kernel, state, legal moves, keys of positions seen this game) → (move, reason) or None
Choice = tuple[LeanMove, str] | None
StrategyFunction = Callable[[Kernel, State, list[LeanMove], set[Hashable]], Choice]

STRATEGY_NAMES = ("tips", "naive")


def strategy_names(game_id: str) -> list[str]:
    """The strategies the simulator offers for ``game_id``."""
    return list(STRATEGY_NAMES) + [name for name in tips_of(game_id).PLAYERS if name not in STRATEGY_NAMES]


def get_strategy(kernel: Kernel, name: str) -> StrategyFunction:
    if name == "naive":
        return naive
    tips = tips_of(kernel.rules.game_id)
    if name in tips.PLAYERS:
        return tips.PLAYERS[name](kernel)
    if name == "tips":
        return tips.tips_player
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
# what the tips players of the pile boards share
# ---------------------------------------------------------------------------------------------


def played_game(game: str, deal: int, player: str = "tips", moves: int | None = None) -> list[str]:
    """The moves ``player`` makes in ``deal`` of ``game`` (its base rules), in the engine's notation,
    the first ``moves`` of them (all without): a game to review, as the benches and tests take one."""
    kernel = kernel_for(get_rules(game))
    record: list[LeanMove] = []
    play_out(kernel, kernel.deal(deal), get_strategy(kernel, player), record=record)
    return [kernel.notation(move) for move in record[:moves]]

def best_else_stock(kernel: PileBoard, moves: list[LeanMove], best: tuple[int, LeanMove, str] | None) -> Choice:
    """For the players of a :class:`~tutor.engine.lean.PileBoard`: the best-ranked move with its
    reason; with none, turn the stock, else redeal (else None)."""
    if best is not None:
        return best[1], best[2]
    for move in moves:
        if move[0] == kernel.stock:
            return move, "turn"
    for move in moves:
        if move[1] == kernel.stock:
            return move, "redeal"
    return None


# ---------------------------------------------------------------------------------------------
# naive: ignore the tips
# ---------------------------------------------------------------------------------------------

def _is_turn(kernel: Kernel, move: LeanMove) -> bool:
    """Whether the move turns the stock: in every game's notation it leaves the pile ``s``."""
    return kernel.notation(move).startswith("s-")


def naive(kernel: Kernel, state: State, moves: list[LeanMove], seen: set[Hashable]) -> Choice:
    for move in moves:
        if _is_turn(kernel, move):
            return move, "turn"
    for move in moves:
        if kernel.key(kernel.play(state, move)) not in seen:
            return move, "first"
    return None
