"""The twin check, both directions: the engine (``tutor/games/<game>/rules.py``) and the lean board
(``tutor/games/<game>/fast.py``) state each rule once between them, so at every position they must
agree. Used by ``tests/engine/test_twin.py`` (a ≥10⁴-positions-per-pair run) and
``bench/bench_twin.py`` (the ≥10⁵ run of ``make bench``).

What is compared at each position reached (the contract of :mod:`tutor.engine.lean`):

* the moves: the engine's legal moves, each written as the lean board would offer it (the
  documented symmetry, :func:`offered_as`), are the lean moves printed by ``kernel.notation``: the
  same set, in the same order (the contract says "in the engine's order"; of symmetric twins the
  first place counts), and the lean list names no move twice;
* ``kernel.search_moves(state)`` is a subset of ``kernel.moves(state)``, and ``kernel.safe_move``
  is ``None`` or one of the moves;
* ``kernel.is_won(state)`` is ``position.is_won()``; where no move is left, the engine calls the
  game lost (``position.is_lost()``) exactly when it is not won; ``kernel.is_dead`` (a proof of a
  loss) is never ``True`` in a won position;
* the position after a move: the move the walk plays, and a sampled second one, give
  ``kernel.play(state, lean move) == kernel.from_position(engine position after it)`` (the state
  itself when the lean board offers that very move; ``kernel.key`` when it offers its symmetric
  twin, the first of the equal piles, since the contract promises equality only up to that order).
  The sampled move's notation is also checked with ``position.is_legal`` (the engine's ``_check``,
  a second statement of the rules inside the engine, beside ``_generate_moves``).

The positions: random play from many deals, seeded by game and variant so every run checks the
same positions; each deal's walk picks a style (how eagerly cards go home, how eagerly the stock is
turned), so walks reach the late game, empty columns and spaces, redeals and the last pass, and
(Josephine) runs. A walk goes on by ``play`` and steps back by ``undo`` (never a copy): when a deal
ends or reaches its cap, the walk takes back a few moves and plays another branch, so deep
positions come cheaply.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tutor.engine import get_rules
from tutor.engine.lean import Kernel, kernel_for

SECOND_MOVE_SHARE = 0.3  # how often a position has a second move's successor checked too
# Of piles with these first letters, equal ones are interchangeable for the lean board: it offers
# a move to the first of them only (tutor/engine/lean.py, Kernel.moves): foundations holding the
# same cards (both empty, or built to the same card), and empty tableau columns.
FOUNDATION = "f"
COLUMN = "t"


class TwinMismatch(AssertionError):
    """The two pictures disagree; the message says where (game, deal, moves played, what)."""


def offered_as(position: Any, move: Any) -> str:
    """The notation under which the lean board offers the engine's ``move``: its destination
    replaced by the first pile of its kind holding the same cards, for a foundation (two
    foundations with equal cards, empty or not, take the same cards and lead to equal keys) or an
    empty column; otherwise ``str(move)``."""
    dst = move.dst
    kind = dst[:1]
    if kind not in (FOUNDATION, COLUMN) or not dst[1:].isdigit():
        return str(move)
    piles = position.piles
    target = piles[dst]
    if kind == COLUMN and target:
        return str(move)
    number = 1
    while True:
        other = f"{kind}{number}"
        if other == dst:
            return str(move)
        if piles.get(other) == target:
            return str(type(move)(move.src, other, move.count))
        number += 1


@dataclass
class Tally:
    """What one pair's walk saw: how many positions of each kind, so a test can demand variety."""

    positions: int = 0
    successors: int = 0
    deals: int = 0
    seconds: float = 0.0
    seen: Counter = field(default_factory=Counter)

    def line(self, name: str) -> str:
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(self.seen.items()))
        return (f"{name:34s} {self.positions:7d} positions, {self.successors:6d} sampled successors, "
                f"{self.deals:4d} deals, {self.seconds:6.1f} s  ({kinds})")


def walk_pair(game: str, variant: str, positions: int, *, kernel: Any = None, cap: int = 400,
              first_deal: int = 0) -> Tally:
    """Walk ``positions`` positions of ``game``/``variant`` (see the module docstring), comparing
    the two pictures at each; raises :class:`TwinMismatch` at the first disagreement. ``kernel``
    replaces the game's lean board (the self-check hands in a broken one)."""
    rules = get_rules(game, variant)
    kernel = kernel if kernel is not None else kernel_for(rules)
    rng = random.Random(f"twin/{game}/{variant}")
    tally = Tally()
    start = time.process_time()
    deal = first_deal
    while tally.positions < positions:
        _walk_deal(rules, kernel, deal, rng, tally, positions, cap)
        deal += 1
        tally.deals += 1
    tally.seconds = time.process_time() - start
    return tally


def _walk_deal(rules: Any, kernel: Any, deal: int, rng: random.Random, tally: Tally, target: int,
               cap: int) -> None:
    position = rules.deal(deal)
    state = kernel.from_position(position)
    where = f"{rules.game_id}:{rules.variant or 'base'} deal {deal}"
    if kernel.deal(deal) != state:
        raise TwinMismatch(f"{where}: kernel.deal differs from from_position(rules.deal)")
    # the style of this deal's walk: how eagerly cards go home and the stock is turned
    home_bias = rng.choice((0.0, 0.5, 0.9))
    turn_bias = rng.choice((0.1, 0.3, 0.7))
    states = [state]  # the lean state at each depth, for the way back
    chosen_before: list[set[str]] = [set()]
    branches = rng.randint(2, 5)
    moves_left = cap
    # the piles that may fall empty (tableau columns, antechamber places): the lists themselves,
    # which play and undo change in place
    places = [pile for pid, pile in position.piles.items() if pid[:1] in "tr" and pid[1:].isdigit()]
    seen = tally.seen
    revisit = False  # back at a position already counted, after undo
    while True:
        here = f"{where}, move {len(states) - 1}"
        lean = compare_position(position, kernel, state, here, tally)
        engine = position.legal_moves()
        if not revisit:
            tally.positions += 1
            if len(states) > 100:
                seen["deep"] += 1
            if not all(places):
                seen["space"] += 1
            if "w-s" in lean:
                seen["redeal"] += 1
            if position.counters.get("passes", 1) > 1:
                seen["later pass"] += 1
            if any(m.count != 1 for m in engine):
                seen["run"] += 1
            if tally.positions >= target:
                return
        revisit = False
        untried = [m for m in engine if str(m) not in chosen_before[-1]] or engine
        if not untried or moves_left <= 0:
            # the end of a line: back a few moves and another branch, or the next deal
            if branches <= 0 or len(states) < 2:
                return
            branches -= 1
            moves_left = cap // 4
            for _ in range(rng.randint(1, min(len(states) - 1, 40))):
                position.undo()
                states.pop()
                chosen_before.pop()
            state = states[-1]
            if kernel.from_position(position) != state:
                raise TwinMismatch(f"{where}: undo did not restore the position {len(states) - 1} moves in")
            revisit = True
            continue
        move = _choose(untried, rng, home_bias, turn_bias)
        chosen_before[-1].add(str(move))
        # a second move's successor, sampled (the chosen one is checked below)
        if len(engine) > 1 and rng.random() < SECOND_MOVE_SHARE:
            other = rng.choice(engine)
            if other is not move:
                _check_successor(position, kernel, state, lean, other, here, tally)
        state = _play_both(position, kernel, state, lean, move, here)
        tally.successors += 1
        states.append(state)
        chosen_before.append(set())
        moves_left -= 1


def _play_both(position: Any, kernel: Any, state: Any, lean: dict[str, Any], move: Any, where: str) -> Any:
    """Play ``move`` in the engine and its lean twin on the board, compare, return the new state."""
    written = offered_as(position, move)
    position.play(move)
    after = kernel.play(state, lean[written])
    seen = kernel.from_position(position)
    if written == str(move):
        if after != seen:
            raise TwinMismatch(f"{where}: after {move} the lean state differs from the engine's")
        return after
    if kernel.key(after) != kernel.key(seen):
        raise TwinMismatch(f"{where}: after {move} (lean {written}) the keys differ")
    return seen  # go on with the engine's own piles


def _choose(moves: list, rng: random.Random, home_bias: float, turn_bias: float) -> Any:
    home = [m for m in moves if m.dst[:1] in "fjk" and m.dst != "s"]
    if home and rng.random() < home_bias:
        return rng.choice(home)
    stock = [m for m in moves if m.src == "s" or m.dst == "s"]
    rest = [m for m in moves if m.src != "s" and m.dst != "s"]
    if stock and (not rest or rng.random() < turn_bias):
        return stock[0]
    return rng.choice(rest)


def compare_position(position: Any, kernel: Any, state: Any, where: str, tally: Tally) -> dict[str, Any]:
    """Compare the moves and the end at one position (``state`` is the lean picture of
    ``position``); returns the lean moves by notation."""
    lean_moves = kernel.moves(state)
    written = [kernel.notation(m) for m in lean_moves]
    lean = dict(zip(written, lean_moves, strict=True))
    if len(lean) != len(lean_moves):
        raise TwinMismatch(f"{where}: the lean board offers a move twice: {written}")
    engine = position.legal_moves()
    offered = list(dict.fromkeys([str(m) if m.dst[:1] not in "ft" else offered_as(position, m)
                                  for m in engine]))
    if offered != written:
        if set(offered) != set(lean):
            raise TwinMismatch(f"{where}: only the engine allows {sorted(set(offered) - set(lean))}, only "
                               f"the lean board {sorted(set(lean) - set(offered))}")
        raise TwinMismatch(f"{where}: the same moves in another order: engine {offered}, lean {written}")
    if _own_search_moves(kernel):  # (the shared default is ``moves`` itself)
        for m in kernel.search_moves(state):
            if kernel.notation(m) not in lean:
                raise TwinMismatch(f"{where}: search_moves offers {kernel.notation(m)}, not a move")
    safe = kernel.safe_move(state)
    if safe is not None and kernel.notation(safe) not in lean:
        raise TwinMismatch(f"{where}: safe_move {kernel.notation(safe)} is not a move")
    won = position.is_won()
    if kernel.is_won(state) != won:
        raise TwinMismatch(f"{where}: won {won} in the engine, {not won} on the lean board")
    if not engine and position.is_lost() == won:
        raise TwinMismatch(f"{where}: no move left, yet lost is {position.is_lost()} and won {won}")
    if won and kernel.is_dead(state):
        raise TwinMismatch(f"{where}: a won position is called dead")
    seen = tally.seen
    if won:
        seen["won"] += 1
    elif not engine:
        seen["no move"] += 1
    if len(offered) < len(engine):
        seen["symmetry"] += 1
    return lean


def _own_search_moves(kernel: Any) -> bool:
    return getattr(type(kernel), "search_moves", None) is not Kernel.search_moves


def _check_successor(position: Any, kernel: Any, state: Any, lean: dict[str, Any], move: Any,
                     where: str, tally: Tally) -> None:
    """Another move's successor, both ways, then back (``undo``); and the engine's own check."""
    if not position.is_legal(str(move)):
        raise TwinMismatch(f"{where}: {move} is listed by the engine but its check refuses it")
    _play_both(position, kernel, state, lean, move, where)
    position.undo()
    tally.successors += 1
