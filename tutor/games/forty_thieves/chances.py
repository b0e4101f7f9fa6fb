"""Forty Thieves' fair chances (the game's ``tips`` part offers :class:`ExpertChances` as
``fair_chances``; :mod:`tutor.analysis.chances` uses it): the talon orders a player could still
expect, and whether the expert player (:class:`~tutor.games.forty_thieves.expert.ExpertPlayer`)
wins from a position.

What the player saw: the columns, the foundations, the waste, and how many cards the talon holds.
In the first pass the talon is the untouched rest of the deal, so every order of its cards is as
likely as any other; after a redeal it is the gathered waste, whose order the player saw card by
card, so it is kept. A sample is made from the talon's cards *sorted* (never from their order) and
the sample's own random stream, so positions whose talons hold the same cards get the same
sampled orders: the positions before and after a move that turns no card are compared on the
same orders (paired samples).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tutor.engine.lean import PileBoard
from tutor.games.forty_thieves.expert import ExpertPlayer, blind
from tutor.limits import MAX_PLANS

if TYPE_CHECKING:
    from tutor.games.forty_thieves.fast import FTMove, FTState


class ExpertChances:
    """The expert player's outcome from any position, with what it has worked out kept for the next
    question: its plan for each visible position (a plan is made from the visible position alone),
    and the outcome of each position where it made a plan (from there it plays the same whatever
    came before). Both are exact: the expert plays the same from the same position."""

    def __init__(self, board: PileBoard, expansions: int = 600, endgame_expansions: int = 3000) -> None:
        self.board = board
        self.expert = ExpertPlayer(board, expansions=expansions, endgame_expansions=endgame_expansions)
        self._plans: dict[FTState, list[FTMove]] = {}
        self._outcomes: dict[FTState, bool] = {}
        self.plans_made = 0

    def sample(self, state: FTState, seed: int, index: int) -> FTState:
        """``state`` with the talon in the order of sample ``index`` (of the run ``seed``): one order
        of the talon's cards that the player cannot tell from the real one (see the module)."""
        tableau, waste, stock, foundations, passes = state
        if passes != 1 or len(stock) < 2:
            return state
        order = sorted(stock)
        random.Random(f"{seed}:{index}").shuffle(order)
        return tableau, waste, tuple(order), foundations, passes

    def plan(self, state: FTState) -> list[FTMove]:
        """The expert's line from ``state`` up to its next turn (from the visible position alone)."""
        visible = blind(state)
        line = self._plans.get(visible)
        if line is None:
            line = self._plans[visible] = self.expert.plan_line(visible)
            self.plans_made += 1
        return line

    def move(self, state: FTState) -> FTMove | None:
        """The expert's move in ``state``, ``None`` when it has none."""
        line = self.plan(state)
        return line[0] if line else None

    def wins(self, state: FTState) -> bool:
        """Whether the expert player, playing on from ``state``, wins the deal."""
        return self._play_on(state, None)

    def line(self, state: FTState) -> list[FTMove] | None:
        """The expert player's moves from ``state`` to a won deal, ``None`` when it does not win.
        From a sampled position it is one of the chances' games; from the real one (talon and all)
        a line that proves the position winnable, found by a player who never looked at the talon."""
        moves: list[FTMove] = []
        return moves if self._play_on(state, moves) else None

    def _play_on(self, state: FTState, record: list[FTMove] | None) -> bool:
        """Play the expert on from ``state`` (appending its moves to ``record``, when given) and say
        whether it wins; the outcome of every position where it made a plan is kept."""
        board = self.board
        path: list[FTState] = []
        current = state
        won = False
        for _ in range(MAX_PLANS):
            known = self._outcomes.get(current)
            if known is not None and (record is None or not known):
                won = known
                break
            if board.is_won(current):
                won = True
                break
            path.append(current)
            line = self.plan(current)
            if not line:
                break
            for move in line:
                current = board.play(current, move)
            if record is not None:
                record += line
        for passed in path:
            self._outcomes[passed] = won
        return won
