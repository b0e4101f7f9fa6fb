"""Every game ends (issue 14): ``Position.is_lost`` (``tutor/engine/position.py``) and its per-game hooks.

Rule checked (module docstring of ``tutor.engine.position``): "a game is lost when it is not won and no
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

from tutor.engine import get_rules, iter_variants
from tutor.inputs import MAX_GAME_MOVES

GAMES = list(iter_variants())
RANDOM_MOVES = 3000  # the bound on a random game: far fewer than the session's MAX_GAME_MOVES
DEALS = 40  # random games per game and variant that must end
CHECKED_DEALS = 8  # of them, the lost verdicts checked by the independent search (slower)


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


def random_game(game: str, variant: str, deal: int, budget: int = RANDOM_MOVES):
    position = get_rules(game, variant).deal(deal)
    rng = random.Random(f"{game}/{variant}/{deal}")
    played = 0
    while not position.is_over() and played < budget:
        position.play(rng.choice(position.legal_moves()))
        played += 1
    return position, played


@pytest.mark.parametrize("game,variant", GAMES)
def test_random_play_ends_won_or_lost(game: str, variant: str) -> None:
    """Every random game ends won or lost within the bound, in every game and variant: the
    engine decides every position where only moves among the columns are left (in 1,000 random
    Indian games of Forty Thieves the widest took 29,520 positions, below ``END_SEARCH_LIMIT``)."""
    unfinished = []
    for deal in range(DEALS):
        position, played = random_game(game, variant, deal)
        if position.is_over():
            assert position.is_won() != position.is_lost()
        else:
            unfinished.append(deal)
    assert RANDOM_MOVES < MAX_GAME_MOVES
    assert unfinished == [], f"{len(unfinished)} of {DEALS} random games did not end: deals {unfinished}"


@pytest.mark.parametrize("game,variant", GAMES)
def test_lost_means_no_progress_reachable(game: str, variant: str) -> None:
    """Sound: whenever the engine says lost with moves still on the board, no series of them helps."""
    for deal in range(CHECKED_DEALS):
        position, _ = random_game(game, variant, deal)
        if position.is_lost() and position.legal_moves():
            assert progress_reachable(position, limit=200_000) is False, (game, variant, deal)


@pytest.mark.parametrize("game,variant", [(g, v) for g, v in GAMES if get_rules(g, v).deal(0)._rearrangeable_piles()])
def test_a_move_among_rearrangeable_piles_only_carries_cards_across(game: str, variant: str) -> None:
    """What the lost-game search relies on (``Position._rearrangeable_piles``): a move from one of
    those piles to another carries the top ``count`` cards across and changes nothing else."""
    checked = 0
    for deal in range(4):
        position = get_rules(game, variant).deal(deal)
        rng = random.Random(deal)
        piles = frozenset(position._rearrangeable_piles())
        for _ in range(400):
            if position.is_over():
                break
            for move in position.legal_moves():
                if move.src in piles and move.dst in piles:
                    before = {pid: list(cards) for pid, cards in position.piles.items()}
                    counters = dict(position.counters)
                    position.play(move)
                    after = {pid: list(cards) for pid, cards in position.piles.items()}
                    packet = before[move.src][-move.count:]
                    assert after[move.src] == before[move.src][:-move.count]
                    assert after[move.dst] == before[move.dst] + packet
                    assert {p: c for p, c in after.items() if p not in (move.src, move.dst)} == \
                        {p: c for p, c in before.items() if p not in (move.src, move.dst)}
                    assert position.counters == counters
                    position.undo()
                    checked += 1
            position.play(rng.choice(position.legal_moves()))
    assert checked > 100


def test_the_widest_indian_game_ends_lost() -> None:
    """Indian deal 6 used to run to the move limit: only moves among the columns were left, in a
    few thousand arrangements, more than the old search looked at. Now it is decided lost, and the
    independent search agrees that nothing can be brought home, turned or freed."""
    position, played = random_game("forty-thieves", "indian", 6)
    assert position.is_lost() and position.legal_moves() and played < RANDOM_MOVES
    assert progress_reachable(position, limit=200_000) is False


def test_shuttle_positions_are_found_lost() -> None:
    """The issue's finding: in Kings only, random games end with a King going to and fro between
    empty columns (or a card between two it fits); those games are now reported lost."""
    shuttles = 0
    for deal in range(40):
        position, _ = random_game("forty-thieves", "kings-only", deal)
        assert position.is_over()
        if position.is_lost() and position.legal_moves():
            shuttles += 1
            assert progress_reachable(position) is False
    assert shuttles > 0


def test_undo_after_a_lost_verdict_plays_on() -> None:
    """The search leaves the position exactly as it was, and taking a move back reopens the game."""
    for deal in range(40):
        position, _ = random_game("forty-thieves", "kings-only", deal)
        if position.is_lost() and position.legal_moves():
            before = position.state_key()
            assert position.is_lost()
            assert position.state_key() == before
            while position.history and position.is_lost():
                position.undo()
            assert not position.is_over() or not position.history
            return
    pytest.fail("no shuttle position in 40 deals")
