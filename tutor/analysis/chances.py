"""A fair chance to win, move by move: for the position before each move of a game, the share of the
face-down orders the player could not tell from the real one in which the game's fair player wins
from there; and the moves that cost the most of it.

The game gives what this needs (its ``tips`` part's ``fair_chances(kernel)``, Forty
Thieves' :class:`~tutor.games.forty_thieves.chances.ExpertChances`): ``sample(state, seed, index)``,
the position with its face-down cards in the order of sample ``index`` (made only from what the player
saw), ``wins(state)``, whether its fair player wins from a position, ``move(state)``, that
player's move there (the first move of the play ``wins`` judges), and ``line(state)``, that play's
moves when it wins (the review's quick winning line from the real position). Nothing here reads a
face-down card.

**Paired samples.** For move ``i`` every sample ``j`` is played from the same sampled position
before the move: by the fair player from there (the chance *before*), and by the player's move and
then the fair player (*after*). The fair player's own move is the first of its play from there, so
its outcome (*better*: its move, then the rest of its plan and its play on) is the chance before,
on the same samples. The difference of two chances is measured on the same orders, so it is not
lost in the noise of two independent estimates.

**More samples where a drop is likely.** The chart first gets one sample a position (a provisional
chart of the whole game); then each move whose fair move differs from the player's gets
``first_samples`` paired samples, and each whose estimate drops gets more, doubled up to
``max_samples``, the most promising first, until its drop is significant or can hardly become so
(then the costly moves are known: ``costly_final``); last, every position of the chart gets
``first_samples`` samples, in two more passes.

**Significance.** A move is named as costly only when the fair move's outcomes beat the played move's
on the same samples by McNemar's exact test (two-sided, 95 %): of the samples where exactly one of
the two wins, the share won by the fair move is tested against one half with the exact binomial test.
At most :data:`MAX_COSTLY` moves are named, the largest drops first.

Deterministic for a given ``seed``; run in steps like the review (:meth:`FairChances.step`,
``run(seconds)``, ``stop()``, ``go_on()``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

from tutor.engine.contract import optional_name
from tutor.engine.lean import Kernel, LeanMove, State
from tutor.limits import MAX_COSTLY

SIGNIFICANCE = 0.05
HOPELESS = 0.5  # a candidate whose p-value is above this after a round gets no more samples


def run_steps(step: Callable[[], bool], seconds: float | None, clock: Callable[[], float]) -> bool:
    """Call ``step`` for about ``seconds`` (at least once; to the end with ``None``); ``True`` while
    work is left. The review's searches and the fair chances work alike."""
    deadline = None if seconds is None else clock() + seconds
    while step():
        if deadline is not None and clock() >= deadline:
            return True
    return False


def fair_chances_of(kernel: Kernel) -> Any:
    """The game's fair chances (its ``tips`` part's ``fair_chances``), or ``None`` for a game without."""
    factory = optional_name(kernel.rules.game_id, "tips", "fair_chances")
    return None if factory is None else factory(kernel)


def mcnemar_p(better_only: int, played_only: int) -> float:
    """McNemar's exact test, two-sided: the p-value of ``better_only`` against ``played_only``
    discordant pairs under the hypothesis that each is as likely as the other."""
    total = better_only + played_only
    if total == 0:
        return 1.0
    tail = sum(comb(total, k) for k in range(max(better_only, played_only), total + 1))
    return min(1.0, 2 * tail / 2 ** total)


@dataclass
class Outcomes:
    """One move's paired outcomes: per sample, whether the fair player won from the position before
    (``before``, which is also its outcome after its own move: see the module) and after the move
    played (``after``)."""

    before: list[bool] = field(default_factory=list)
    after: list[bool] = field(default_factory=list)

    @property
    def samples(self) -> int:
        return len(self.before)

    @property
    def better(self) -> list[bool]:
        """The fair player's outcomes after its own move: the first of its play from the position before."""
        return self.before

    def p_value(self) -> float:
        pairs = list(zip(self.better, self.after, strict=True))
        return mcnemar_p(sum(1 for b, a in pairs if b and not a), sum(1 for b, a in pairs if a and not b))


@dataclass(frozen=True)
class CostlyMove:
    """A move that cost chance: its index in the game, the chances before and after it, the fair
    player's move there (lean) and its chance, on ``samples`` paired samples; ``p_value`` of the drop."""

    index: int
    chance_before: float
    chance_after: float
    better_move: LeanMove
    better_chance: float
    samples: int
    p_value: float


def spread(count: int) -> list[int]:
    """``range(count)`` in an order that covers the whole game early: every 16th position and the
    last, then the ones halfway between, and so on (a chart of the whole game at once, finer as it
    goes)."""
    order = list(range(0, count, 16)) + ([count - 1] if count > 1 and (count - 1) % 16 else [])
    step = 8
    while step >= 1:
        order += range(step, count - 1, 2 * step)
        step //= 2
    return order


def share(outcomes: Sequence[bool]) -> float:
    return sum(outcomes) / len(outcomes) if outcomes else 0.0


class FairChances:
    """The fair chances of a game given as its lean positions ``states`` (one before each move and the
    last) and its lean ``moves``; ``fair`` is the game's fair chances (:func:`fair_chances_of`)."""

    def __init__(self, kernel: Kernel, states: Sequence[State], moves: Sequence[LeanMove], fair: Any,
                 seed: int = 0, first_samples: int = 8, max_samples: int = 96) -> None:
        self.kernel = kernel
        self.states = list(states)
        self.moves = list(moves)
        self.fair = fair
        self.seed = seed
        self.first_samples = first_samples
        self.max_samples = max(first_samples, max_samples)
        self.chances: list[list[bool]] = [[] for _ in self.states]  # per position: the fair player's wins
        self.outcomes: dict[int, Outcomes] = {}  # per move looked at closely
        self.fair_moves: dict[int, LeanMove | None] = {}
        self.moves_compared = 0  # the moves gone through once, each against the fair player's (the progress)
        self.costly_final = False  # every move looked at: costly_moves() is final (the chart may be refining)
        self.finished = False
        self.stopped = False
        self.seconds = 0.0
        self._steps: Iterator[None] | None = None

    # --- running (as tutor.analysis.review.Review) ------------------------------------------------
    def step(self) -> bool:
        """Do the next piece of work (one position's samples, or one round of one move's); ``False``
        once finished or stopped."""
        if self.finished or self.stopped:
            return False
        if self._steps is None:
            self._steps = self._work()
        started = time.process_time()
        more = next(self._steps, StopIteration) is not StopIteration
        self.seconds += time.process_time() - started
        if not more:
            self.finished = True
            self._steps = None
        return more

    def run(self, seconds: float | None = None, clock: Callable[[], float] = time.perf_counter) -> bool:
        return run_steps(self.step, seconds, clock)

    def stop(self) -> None:
        if not self.finished:
            self.stopped = True

    def go_on(self) -> None:
        self.stopped = False

    @property
    def running(self) -> bool:
        return not (self.finished or self.stopped)

    def _work(self) -> Iterator[None]:
        # the provisional chart, every position once; then the moves, whose samples refine the chart
        # where they are; then the chart refined everywhere (the costly moves are known by then)
        rounds = self.chart_rounds()
        yield from self._chart(rounds[:1])
        yield from self._moves()
        self.costly_final = True
        yield from self._chart(rounds[1:])

    def _chart(self, rounds: list[int]) -> Iterator[None]:
        """Every position (before each move, and the last) sampled ``count`` times for each count of
        ``rounds``, coarse first."""
        for count in rounds:
            for index in spread(len(self.states)):
                if len(self.chances[index]) < count:
                    self._sample_position(index, count)
                    yield

    def _moves(self) -> Iterator[None]:
        """Each move whose fair move differs from it, on ``first_samples`` paired samples; then more
        samples where a drop is likely: the largest estimated drops first, doubling."""
        candidates = []
        for index in range(len(self.moves)):
            self.moves_compared = index + 1
            fair = self._fair_move(index)
            if fair is None:
                continue
            self._sample_move(index, self.first_samples)
            yield
            outcomes = self.outcomes[index]
            if share(outcomes.better) > share(outcomes.after):
                candidates.append(index)
        samples = self.first_samples
        while candidates and samples < self.max_samples:
            samples = min(2 * samples, self.max_samples)
            candidates.sort(key=lambda i: -self._drop(i))
            kept = []
            for index in candidates:
                self._sample_move(index, samples)
                yield
                outcomes = self.outcomes[index]
                p_value = outcomes.p_value()
                if p_value >= SIGNIFICANCE and p_value <= HOPELESS and self._drop(index) > 0:
                    kept.append(index)
            candidates = kept

    def chart_rounds(self) -> list[int]:
        """The samples per position after each pass over the game: a provisional chart of one sample
        a position (the reader sees the whole game's shape soonest), then half of ``first_samples``,
        then all."""
        return sorted({1, max(1, self.first_samples // 2), self.first_samples})

    @property
    def provisional(self) -> bool:
        """Whether some position has not had the first pass's samples yet (the chart is not whole)."""
        return any(len(outcomes) < self.chart_rounds()[0] for outcomes in self.chances)

    def _fair_move(self, index: int) -> LeanMove | None:
        """The fair player's move before move ``index`` when it differs from the one played."""
        if index not in self.fair_moves:
            kernel, state = self.kernel, self.states[index]
            fair = self.fair.move(state)
            if fair is not None and kernel.key(kernel.play(state, fair)) == kernel.key(self.states[index + 1]):
                fair = None  # the same move (or one to an equal pile)
            self.fair_moves[index] = fair
        return self.fair_moves[index]

    def _sample_position(self, index: int, count: int) -> None:
        outcomes = self.chances[index]
        for sample in range(len(outcomes), count):
            outcomes.append(self.fair.wins(self.fair.sample(self.states[index], self.seed, sample)))

    def _sample_move(self, index: int, count: int) -> None:
        kernel, fair = self.kernel, self.fair
        assert self._fair_move(index) is not None
        outcomes = self.outcomes.setdefault(index, Outcomes())
        for sample in range(outcomes.samples, count):
            state = fair.sample(self.states[index], self.seed, sample)
            outcomes.before.append(fair.wins(state))
            outcomes.after.append(fair.wins(kernel.play(state, self.moves[index])))
        if count > len(self.chances[index]):
            self.chances[index] = list(outcomes.before)

    def _drop(self, index: int) -> float:
        outcomes = self.outcomes[index]
        return share(outcomes.better) - share(outcomes.after)

    # --- what is known -----------------------------------------------------------------------------
    def chance(self, index: int) -> float | None:
        """The fair chance at position ``index`` so far (``None`` before its first sample)."""
        outcomes = self.chances[index]
        return share(outcomes) if outcomes else None

    def costly_moves(self) -> list[CostlyMove]:
        """The moves whose cost is significant (see the module), at most :data:`MAX_COSTLY`, the
        largest drops first."""
        found = []
        for index, outcomes in self.outcomes.items():
            p_value = outcomes.p_value()
            better = self.fair_moves.get(index)
            if better is None or p_value >= SIGNIFICANCE or self._drop(index) <= 0:
                continue
            found.append(CostlyMove(index, share(outcomes.before), share(outcomes.after), better,
                                    share(outcomes.better), outcomes.samples, p_value))
        found.sort(key=lambda c: (-(c.better_chance - c.chance_after), c.index))
        return found[:MAX_COSTLY]
