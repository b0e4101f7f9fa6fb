"""The review of a game: for the position before each move, could the deal still be won by a player
who knew every face-down card? And if the game was lost, which move threw it away?

:class:`Review` replays the moves in the engine, asks the coach about each one (the moves that broke
a tip of the page, :func:`tutor.analysis.coach.remark_for`), and then searches positions of the game
(:func:`tutor.analysis.solve.solve_state`) one at a time (:meth:`Review.steps`, so the page can run
it in chunks, show what is decided so far, and stop it). Two facts hold for every game and save
almost every search:

* a position before one that could still be won could be won too (play the move, then that line),
  and every winning line found is followed as far as the game followed it;
* a position after one that is lost is lost too (a win from it would be a win from the earlier one).

So the positions that could be won are a start of the game, the lost ones its end, and the review
looks for the border between them by halving: the start, the end, then the middle of what is still
open. The searches of one review share what they proved lost (``lost_keys``), so the later ones
stop where an earlier one already searched. A game's own search (Forty Thieves) shares nothing and
may stop at the time limit: such positions are *not decided*, and a border is never drawn through
them.

A game with fair chances (:meth:`Review.with_chances`) first tries the quickest proof of a winning
position: its fair player plays on from the real positions of the game, the last first (its line,
replayed in the engine, is a winning line like a search's; the fair player plans from the face-up
cards, and the real cards decide where its play leads). Only then come the searches.

The **turning point** is claimed only with proof on both sides: a winning line from the position
before the move, replayed to a win in the engine, and a search of every position after it that
found no win. Its alternative is the winning line's first move. **Hindsight**: the fair player of
the game (the one the hints use: the game's ``tips`` part's ``HINT_PLAYER``, else the tips player)
sees only the face-up cards; if its move at the turning point also keeps the deal winnable, a
player who sees only the face-up cards could have seen it (the review then shows that move and its line), otherwise only
hindsight could.

The words for all this (no "solver" in them) are in :mod:`tutor.analysis.review_words`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from tutor.analysis.chances import FairChances, fair_chances_of, run_steps
from tutor.analysis.coach import WARNING, Remark, remark_for
from tutor.analysis.players import get_strategy
from tutor.analysis.solve import LOST, UNKNOWN, WON, solve_state
from tutor.engine import TutorError
from tutor.engine.contract import tips_of
from tutor.engine.lean import kernel_for
from tutor.i18n import Text
from tutor.inputs import shown
from tutor.limits import REVIEW_SECONDS

# how far a position's verdict is known
PENDING = ""  # not decided yet (the review has not got there, or was stopped)
# how a verdict was found
SEARCHED = "searched"  # a search of this very position
FOLLOWS_LINE = "line"  # a winning line from an earlier or later position passes through or leads here
FOLLOWS_LOSS = "after-loss"  # an earlier position is lost
# whether the fair player would have found the winning alternative at the turning point
SEEN = "seen"
HINDSIGHT = "hindsight"
UNCLEAR = "unclear"


@dataclass(frozen=True)
class Verdict:
    """Whether the deal could still be won from one position of the game."""

    result: str  # WON (a winning line is known), LOST (proven), UNKNOWN (a search stopped at its limit), PENDING
    how: str = ""  # SEARCHED, FOLLOWS_LINE, FOLLOWS_LOSS ("" while pending)
    line: tuple[str, ...] = ()  # WON: a winning line from this position, in the engine's notation


@dataclass(frozen=True)
class TipBreak:
    """A move that went against one of the page's tips, with the coach's remark."""

    index: int  # the move's index in the game (0 for the first move)
    move: str
    remark: Remark


@dataclass(frozen=True)
class TurningPoint:
    """The first move after which the deal could no longer be won."""

    index: int  # the move's index in the game (0 for the first move)
    move: str  # the move played, in the engine's notation
    alternative: str  # a move that keeps the deal winnable (the first of ``line``)
    line: tuple[str, ...]  # a winning line from the position before ``move``, replayed in the engine
    fair_move: str | None  # the fair player's move there (None when it has none)
    foresight: str  # SEEN, HINDSIGHT or UNCLEAR


class Review:
    """The review of the game ``moves`` (the engine's notation) played from ``start`` (an engine
    position, left unchanged). Raises the engine's error (``IllegalMove``, ``BadMoveNotation``)
    with the number of the move that cannot be played: check a game before (see
    :func:`playable_moves`) when part of it should be kept.

    ``time_limit``: seconds of search per position (``clock``, CPU time by default, so that a busy
    machine does not change the verdicts); ``max_undecided``: how many positions may stay
    undecided before the review gives up looking for the turning point."""

    def __init__(self, start: Any, moves: Sequence[str], time_limit: float = REVIEW_SECONDS,
                 clock: Callable[[], float] = time.process_time, max_undecided: int = 4) -> None:
        self.rules = start.rules
        self.start = start.copy()
        self.time_limit = time_limit
        self.clock = clock
        self.max_undecided = max_undecided
        self.undecided_step = max_undecided  # how many more a reader's "Go on" allows
        self.kernel = kernel_for(self.rules)
        position = start.copy()
        self.moves: list[str] = []
        self.states: list[Any] = []
        self.tip_breaks: list[TipBreak] = []
        for index, notation in enumerate(moves):
            self.states.append(self.kernel.from_position(position))
            try:
                move = position.canonical(notation)
                remark = remark_for(position, move)
                played = str(position.play(move))
            except TutorError as err:
                raise type(err)(_cannot_play(index, notation, err)) from None
            if remark is not None and remark.kind == WARNING:
                self.tip_breaks.append(TipBreak(index, played, remark))
            self.moves.append(played)
        self.states.append(self.kernel.from_position(position))
        self.won = position.is_won()
        self.lost_keys: set[Hashable] = set()
        self.lines: dict[int, tuple[str, ...]] = {}  # position index → a winning line from it
        self.lost: set[int] = set()  # positions proven lost by their own search
        self.undecided: set[int] = set()  # positions whose search stopped at its limit
        self.searched: set[int] = set()
        self.turning_point: TurningPoint | None = None
        self.chances: FairChances | None = None  # the fair chances, once asked for (with_chances)
        self._replays: dict[tuple[int, tuple[str, ...]], bool] = {}  # (position, line) → whether it wins
        self.searches = 0
        self.search_seconds = 0.0
        self.searching = False  # whether the quick first part (the fair player's lines) is over
        self.finished = False
        self.stopped = False
        self._steps: Iterator[None] | None = None

    # --- running ----------------------------------------------------------------------------
    @property
    def positions(self) -> int:
        """How many positions the game has: one before each move and the one it ended in."""
        return len(self.states)

    def step(self) -> bool:
        """Do the next piece of work (one search, at most ``time_limit`` seconds); ``False`` once
        the review is finished or stopped."""
        if self.finished or self.stopped:
            return False
        if self._steps is None:
            self._steps = self._work()
        if next(self._steps, StopIteration) is StopIteration:
            self.finished = True
            self._steps = None
            return False
        return True

    def run(self, seconds: float | None = None, clock: Callable[[], float] = time.perf_counter,
            searches: bool = True) -> bool:
        """Work for about ``seconds`` (at least one step; to the end with ``None``); ``True`` while
        work is left. ``searches=False`` stops before the first search: the quick part only (``True``
        while some of it is left)."""
        if searches:
            return run_steps(self.step, seconds, clock)
        return run_steps(lambda: not self.searching and self.step(), seconds, clock)

    def stop(self) -> None:
        if not self.finished:
            self.stopped = True
            self._steps = None

    @property
    def running(self) -> bool:
        return not (self.finished or self.stopped)

    @property
    def left_open(self) -> bool:
        """Whether positions were not looked at (stopped by the reader, or finished after
        ``max_undecided`` positions stayed undecided): then :meth:`go_on` can look further."""
        return not self.running and any(v.result == PENDING for v in self.verdicts())

    def go_on(self) -> None:
        """Take the review up again where it was: after a stop, or after it gave up on undecided
        positions (it then allows ``max_undecided`` more of them)."""
        if self.finished and self.left_open:
            self.max_undecided = len(self.undecided) + self.undecided_step
            self.finished = False
        self.stopped = False

    def _work(self) -> Iterator[None]:
        if not self.searching and self.chances is not None:
            yield from self._fair_lines()
            self.searching = True
            yield  # the searches begin with the next step (see run(searches=False))
        self.searching = True
        last = self.positions - 1
        # The end first: in a lost game it is decided at once, and its proof is what every later search reuses.
        for index in (last, 0):
            if index not in self.searched and self.verdict(index).result == PENDING:
                self._search(index)
                yield
        while True:
            low, high = self._border()
            if high == low + 1 or len(self.undecided) >= self.max_undecided:
                break
            probe = self._next_probe(low, high)
            if probe is None:
                break
            self._search(probe)
            yield
        low, high = self._border()
        if high == low + 1 and 0 <= low and high <= last:
            yield from self._turning_point(low)

    def _fair_lines(self) -> Iterator[None]:
        """A winning line without a search: the fair player (:meth:`with_chances`) plays on from the
        real positions of the game, the last first, back to the first one where it wins; its line,
        replayed in the engine, proves that position winnable. One position a step."""
        assert self.chances is not None
        fair, kernel = self.chances.fair, self.kernel
        for index in range(self.positions - 1, -1, -1):
            found = fair.line(self.states[index])
            line = None if found is None else tuple(kernel.notation(move) for move in found)
            if line is not None and self._wins(index, line):
                self._learn_line(index, line)
                return
            yield

    def _next_probe(self, low: int, high: int) -> int | None:
        """The middle of the widest stretch between ``low`` and ``high`` not searched yet (of two
        alike, the later: later positions are smaller, so an undecided search is passed over
        towards the end of the game, where searches end sooner)."""
        marks = sorted({low, high} | {i for i in self.searched if low < i < high})
        widest = max(pairwise(marks), key=lambda gap: (gap[1] - gap[0], gap[0]))
        if widest[1] - widest[0] < 2:
            return None
        return (widest[0] + widest[1] + 1) // 2

    def _border(self) -> tuple[int, int]:
        """(the last position known to be winnable or −1, the first one proven lost or the number of positions)."""
        low = max(self.lines, default=-1)
        high = min(self.lost, default=self.positions)
        if low >= high:  # cannot be: a search contradicts another
            raise AssertionError(f"position {low} is won and position {high} lost")
        return low, high

    def _search(self, index: int) -> None:
        started = self.clock()
        found = solve_state(self.kernel, self.states[index], self.time_limit, None, self.clock,
                            lost_keys=self.lost_keys)
        self.search_seconds += self.clock() - started
        self.searches += 1
        self.searched.add(index)
        if found.result == WON:
            self._learn_line(index, tuple(found.moves))
        elif found.result == LOST:
            self.lost.add(index)
        else:
            self.undecided.add(index)

    def _learn_line(self, index: int, line: tuple[str, ...]) -> None:
        """A winning line from ``index``: every position before it could be won too (by the game's
        moves, then the line), and so could each one the game reached by following the line."""
        self.lines[index] = line
        steps = 0
        while steps < len(line) and index + steps < len(self.moves) and self.moves[index + steps] == line[steps]:
            steps += 1
            self.lines.setdefault(index + steps, line[steps:])

    def _turning_point(self, index: int) -> Iterator[None]:
        """Check the claim at ``index`` (a winning line before, a lost position after), then ask the
        fair player; yields after each search."""
        line = self.line_from(index)
        if not line or line[0] == self.moves[index] or not self._wins(index, line):
            return
        fair = self._fair_move(index)
        foresight, alternative_line = HINDSIGHT, line
        if fair is not None and fair != self.moves[index]:
            if fair == line[0]:
                foresight = SEEN
            else:
                fair_lean = self.kernel.find_move(self.states[index], fair)
                assert fair_lean is not None  # the fair player chose it among the legal moves
                after = self.kernel.play(self.states[index], fair_lean)
                found = solve_state(self.kernel, after, self.time_limit, None, self.clock, lost_keys=self.lost_keys)
                self.searches += 1
                yield
                if found.result == WON and self._wins(index, (fair, *found.moves)):
                    foresight, alternative_line = SEEN, (fair, *found.moves)
                elif found.result == UNKNOWN:
                    foresight = UNCLEAR
        self.turning_point = TurningPoint(index, self.moves[index], alternative_line[0], alternative_line,
                                          fair, foresight)

    def _wins(self, index: int, line: Sequence[str]) -> bool:
        """Whether ``line`` played in the engine from the position before move ``index`` wins."""

        position = self.position_before(index)
        try:
            for move in line:
                position.play(move)
        except TutorError:
            return False
        return position.is_won()

    def _fair_move(self, index: int) -> str | None:
        """The move of the game's fair player (who sees only the face-up cards) before move ``index``."""
        tips = tips_of(self.rules.game_id)
        kernel, state = self.kernel, self.states[index]
        strategy = get_strategy(kernel, tips.HINT_PLAYER or "tips")
        seen = {kernel.key(s) for s in self.states[:index + 1]}
        choice = strategy(kernel, state, kernel.moves(state), seen)
        if choice is None:
            return None
        move = kernel.notation(choice[0])
        # a lean move may stand for the engine's move to an equal pile (another empty column)
        if kernel.key(kernel.play(state, choice[0])) == kernel.key(self.states[index + 1]):
            return self.moves[index]
        return move

    def with_chances(self, seed: int = 0, first_samples: int = 8, max_samples: int = 96) -> FairChances | None:
        """The fair chances of this game (:mod:`tutor.analysis.chances`), made once and run apart from
        the review's searches (they need no verdict); ``None`` for a game without fair chances."""
        if self.chances is None:
            fair = fair_chances_of(self.kernel)
            if fair is None:
                return None
            kernel, lean = self.kernel, []
            for index, move in enumerate(self.moves):
                state, after = self.states[index], kernel.key(self.states[index + 1])
                # the engine's move to another empty column is the lean board's move to the first one
                found = kernel.find_move(state, move) or next(
                    m for m in kernel.moves(state) if kernel.key(kernel.play(state, m)) == after)
                lean.append(found)
            self.chances = FairChances(self.kernel, self.states, lean, fair, seed=seed,
                                       first_samples=first_samples, max_samples=max_samples)
        return self.chances

    # --- what is known --------------------------------------------------------------------------
    def verdict(self, index: int) -> Verdict:
        """What is known of position ``index`` (0: the deal as dealt; ``positions − 1``: the end)."""
        if index in self.lines:
            return Verdict(WON, SEARCHED if index in self.searched else FOLLOWS_LINE, self.lines[index])
        later = [j for j in self.lines if j > index]
        if later:
            return Verdict(WON, FOLLOWS_LINE, self.line_from(index))
        if index in self.lost:
            return Verdict(LOST, SEARCHED)
        if any(j < index for j in self.lost):
            return Verdict(LOST, FOLLOWS_LOSS)
        if index in self.undecided:
            return Verdict(UNKNOWN, SEARCHED)
        return Verdict(PENDING)

    def verdicts(self) -> list[Verdict]:
        return [self.verdict(i) for i in range(self.positions)]

    def winning_line(self) -> tuple[int, tuple[str, ...]] | None:
        """The winning line to show: the turning point's where there is one, else the line from the
        last position known to be winnable, checked by replaying it in the engine; ``None`` when no
        position has a line (or the game was won: every card is home)."""
        if self.won:
            return None
        point = self.turning_point
        if point is not None:
            return point.index, point.line
        for index in sorted(self.lines, reverse=True):
            line = self.lines[index]
            if (index, line) not in self._replays:
                self._replays[index, line] = self._wins(index, line)
            if self._replays[index, line]:
                return index, line
        return None

    def line_from(self, index: int) -> tuple[str, ...]:
        """A winning line from position ``index`` (the game's moves up to a position with a known
        line, then that line), or ``()`` when none is known."""
        later = [j for j in self.lines if j >= index]
        if not later:
            return ()
        j = min(later)
        return tuple(self.moves[index:j]) + self.lines[j]

    @property
    def decided(self) -> int:
        """How many positions have a verdict (won, lost, or not decided within the time)."""
        return sum(1 for v in self.verdicts() if v.result != PENDING)

    @property
    def start_result(self) -> str:
        return self.verdict(0).result

    @property
    def lost_from_start(self) -> bool:
        return self.start_result == LOST

    def position_before(self, index: int) -> Any:
        """The engine position before move ``index`` (``len(moves)``: the end of the game)."""
        position = self.start.copy()
        for move in self.moves[:index]:
            position.play(move)
        return position

    def everyone_plays_alike(self) -> bool:
        """Whether the rules leave the player no choice that matters (the game's ``tips`` part has
        a ``fast_outcome``: every player plays a deal alike), so a lost deal was lost by its cards."""
        return tips_of(self.rules.game_id).fast_outcome(self.kernel) is not None


def _cannot_play(index: int, notation: Any, err: Any) -> Any:
    return Text("ui", "move {number} ({move}) cannot be played: {reason}", number=index + 1, move=shown(notation),
                reason=err.text)


def playable_moves(start: Any, moves: Sequence[str]) -> tuple[list[str], Any]:
    """The moves of ``moves`` that replay from ``start``, up to the first that does not, and why
    that one cannot be played (a :class:`~tutor.i18n.Text`, ``None`` when all can)."""

    position = start.copy()
    kept: list[str] = []
    for index, notation in enumerate(moves):
        try:
            kept.append(str(position.play(notation)))
        except TutorError as err:
            return kept, _cannot_play(index, notation, err)
    return kept, None
