"""The simulator: let a strategy play many deals and count the wins.

Deal numbers come from the seed reproducibly: deal ``i`` of a run is the ``i``-th output of
SplitMix64 (see :mod:`tutor.cards`) seeded with the seed, cut to 32 bits, so any slice of a run can
be computed on its own – by another process, or by the browser's worker in chunks – and the result
never depends on how the run was split.

* :func:`simulate` – the whole run; uses every core through ``concurrent.futures`` where there are
  processes, and one process under Pyodide (the browser has none).
* :func:`iter_simulation` – the same run as a generator of :class:`Progress` (done, wins, interval)
  after each chunk: the Web Worker calls ``next()`` between messages and so stays stoppable.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tutor.analysis.players import get_strategy, play_out
from tutor.cards import SplitMix64
from tutor.engine import Rules, get_rules
from tutor.engine.contract import tips_of
from tutor.engine.lean import kernel_for

Z95 = 1.959963984540054  # the 97.5 % point of the standard normal distribution
ProgressCallback = Callable[[int, int, tuple[float, float]], None]


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95 % by default); (0, 1) for no games."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return (low, high)


class WinRate:
    """The share of ``games`` won and its 95 % interval, for any record with ``games`` and ``wins``
    (a simulation's result, a claim's figure): written once."""

    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def deal_number(seed: int, i: int) -> int:
    """Deal ``i`` (from 0) of the run with ``seed``: the ``i``-th SplitMix64 output, 32 bits."""
    generator = SplitMix64(seed + i * 0x9E3779B97F4A7C15)
    return generator.next() >> 32


def deal_numbers(seed: int, start: int, stop: int) -> list[int]:
    return [deal_number(seed, i) for i in range(start, stop)]


@dataclass
class Progress:
    done: int
    wins: int
    ci95: tuple[float, float]

    @property
    def rate(self) -> float:
        return self.wins / self.done if self.done else 0.0


@dataclass
class SimulationResult(WinRate):
    game: str
    variant: str
    strategy: str
    seed: int
    games: int
    wins: int
    seconds: float = 0.0
    options: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        low, high = self.ci95
        data: dict[str, Any] = {"games": self.games, "wins": self.wins, "rate": round(self.rate, 6),
                                "ci95": [round(low, 6), round(high, 6)], "game": self.game,
                                "variant": self.variant, "strategy": self.strategy, "seed": self.seed,
                                "seconds": round(self.seconds, 3)}
        if self.options:
            data["options"] = self.options
        return data


def play_range(game_id: str, variant: str, strategy: str, seed: int, start: int, stop: int,
               options: dict[str, Any] | None = None) -> int:
    """Wins among deals ``start … stop−1`` of the run (a top-level function, so a worker process can
    run it)."""
    rules = get_rules(game_id, variant)
    options = options or {}
    kernel = kernel_for(rules, **options)
    player = get_strategy(kernel, strategy)
    wins = 0
    outcome = tips_of(rules.game_id).fast_outcome(kernel)
    if outcome is not None:
        # A game whose players all play a deal alike may tell its outcome from the cards alone.
        for i in range(start, stop):
            wins += outcome(kernel.deal_codes(deal_number(seed, i)))
        return wins
    for i in range(start, stop):
        won, _ = play_out(kernel, kernel.deal(deal_number(seed, i)), player)
        wins += won
    return wins


def iter_simulation(rules: Rules, deals: int, seed: int = 0, strategy: str = "tips", chunk: int = 200,
                    options: dict[str, Any] | None = None) -> Iterator[Progress]:
    """Play the run in this process, a chunk at a time, yielding the progress after each chunk."""
    done = wins = 0
    while done < deals:
        stop = min(deals, done + chunk)
        wins += play_range(rules.game_id, rules.variant, strategy, seed, done, stop, options)
        done = stop
        yield Progress(done, wins, wilson_interval(wins, done))


def processes_available() -> bool:
    return sys.platform not in ("emscripten", "wasi")


def simulate(rules: Rules, deals: int, seed: int = 0, strategy: str = "tips",
             progress: ProgressCallback | None = None, workers: int | None = None,
             options: dict[str, Any] | None = None) -> SimulationResult:
    """Play ``deals`` deals of the run ``seed`` with ``strategy``; the same arguments always give
    the same figures, however many processes share the work."""
    started = time.perf_counter()
    workers = workers or os.cpu_count() or 1
    result = SimulationResult(rules.game_id, rules.variant, strategy, seed, 0, 0, options=dict(options or {}))
    if workers > 1 and deals >= 2 * workers and processes_available():
        try:
            wins = _simulate_in_pool(rules, deals, seed, strategy, progress, workers, options)
        except (OSError, NotImplementedError, ImportError):
            wins = None  # no process pool here after all: play in this process
        if wins is not None:
            result.games, result.wins = deals, wins
            result.seconds = time.perf_counter() - started
            return result
    chunk = max(1, min(500, deals // 100 or 1))
    for step in iter_simulation(rules, deals, seed, strategy, chunk, options):
        result.games, result.wins = step.done, step.wins
        if progress:
            progress(step.done, step.wins, step.ci95)
    result.seconds = time.perf_counter() - started
    return result


def _simulate_in_pool(rules: Rules, deals: int, seed: int, strategy: str, progress: ProgressCallback | None,
                      workers: int, options: dict[str, Any] | None) -> int:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    chunk = max(20, min(2000, deals // (workers * 10) or 1))
    bounds = [(start, min(deals, start + chunk)) for start in range(0, deals, chunk)]
    done = wins = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = {pool.submit(play_range, rules.game_id, rules.variant, strategy, seed, start, stop, options):
                   stop - start for start, stop in bounds}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                wins += future.result()
                done += pending.pop(future)
                if progress:
                    progress(done, wins, wilson_interval(wins, done))
    return wins
