"""Every game ends (issue 14): ``Position.is_lost`` (``tutor/games/base.py``) and its per-game hooks.

Rule checked (module docstring of ``tutor.games.base``): "a game is lost when it is not won and no
sequence of legal moves can bring another card home, turn or redeal the stock, take a card from the
waste or make the rules do something" — and the engine never reports a game lost that could go on.

The check here is independent of the engine's search: it explores, through the public API only
(``legal_moves``, ``play``, ``undo``, ``state_key``), every position the legal moves reach and calls
a move *progress* when it changes anything but the rearrangeable piles (the tableau columns).
"""

from __future__ import annotations

import random
from collections import deque

import pytest

from tutor.games import get_rules, iter_variants
from tutor.inputs import MAX_GAME_MOVES

GAMES = list(iter_variants())
RANDOM_MOVES = 3000  # a sample budget per game; the session's own limit is MAX_GAME_MOVES
INDIAN_MOVES = 600  # Indian games that wander cost a bounded search per move: a smaller sample
DEALS = 8


def _fixed_part(position, columns: frozenset) -> tuple:
    piles, counters = position.state_key()
    return tuple(p for p in piles if p[0] not in columns), counters


def _columns(position) -> frozenset:
    return frozenset(pid for pid in position.piles if pid.startswith("t"))


def progress_reachable(position, limit: int = 50_000) -> bool | None:
    """Breadth of every position the moves reach without progress: True when one allows progress,
    False when none does, None when ``limit`` positions did not decide it."""
    columns = _columns(position)
    fixed = _fixed_part(position, columns)
    work = position.copy()
    seen = {work.state_key()}
    frontier = deque([[]])
    while frontier:
        line = frontier.popleft()
        for move in line:
            work.play(move)
        for move in work.legal_moves():
            work.play(move)
            if _fixed_part(work, columns) != fixed:
                return True
            key = work.state_key()
            if key not in seen:
                seen.add(key)
                frontier.append(line + [move])
            work.undo()
        for _ in line:
            work.undo()
        if len(seen) > limit:
            return None
    return False


def random_game(game: str, variant: str, deal: int, budget: int):
    position = get_rules(game, variant).deal(deal)
    rng = random.Random(f"{game}/{variant}/{deal}")
    played = 0
    while not position.is_over() and played < budget:
        position.play(rng.choice(position.legal_moves()))
        played += 1
    return position, played


@pytest.mark.parametrize("game,variant", GAMES)
def test_random_play_ends_won_or_lost(game: str, variant: str) -> None:
    """Random play ends won or lost within the budget. The engine's search is bounded
    (``END_SEARCH_LIMIT`` positions, then the game goes on, so it never calls a live game lost): a
    few Indian games wander through more positions than that; beyond the budget, the session's move
    limit (``MAX_GAME_MOVES``) ends them."""
    unfinished = []
    for deal in range(DEALS):
        budget = INDIAN_MOVES if variant == "indian" else RANDOM_MOVES
        position, played = random_game(game, variant, deal, budget)
        if position.is_over():
            assert position.is_won() != position.is_lost()
        else:
            assert played == budget < MAX_GAME_MOVES
            unfinished.append(deal)
    assert len(unfinished) <= (DEALS // 4 if variant == "indian" else 0), unfinished


@pytest.mark.parametrize("game,variant", GAMES)
def test_lost_means_no_progress_reachable(game: str, variant: str) -> None:
    """Sound: whenever the engine says lost with moves still on the board, no series of them helps."""
    for deal in range(DEALS):
        position, _ = random_game(game, variant, deal, INDIAN_MOVES if variant == "indian" else RANDOM_MOVES)
        if position.is_lost() and position.legal_moves():
            assert progress_reachable(position) is False, (game, variant, deal)


def test_shuttle_positions_are_found_lost() -> None:
    """The issue's finding: in Kings only, random games end with a King going to and fro between
    empty columns (or a card between two it fits); those games are now reported lost."""
    shuttles = 0
    for deal in range(40):
        position, _ = random_game("forty-thieves", "kings-only", deal, RANDOM_MOVES)
        assert position.is_over()
        if position.is_lost() and position.legal_moves():
            shuttles += 1
            assert progress_reachable(position) is False
    assert shuttles > 0


def test_undo_after_a_lost_verdict_plays_on() -> None:
    """The search leaves the position exactly as it was, and taking a move back reopens the game."""
    for deal in range(40):
        position, _ = random_game("forty-thieves", "kings-only", deal, RANDOM_MOVES)
        if position.is_lost() and position.legal_moves():
            before = position.state_key()
            assert position.is_lost()
            assert position.state_key() == before
            while position.history and position.is_lost():
                position.undo()
            assert not position.is_over() or not position.history
            return
    pytest.fail("no shuttle position in 40 deals")
