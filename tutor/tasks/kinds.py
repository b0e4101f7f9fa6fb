"""The kinds of task, each in one place: what it is called on the page, what its answer plays, what
it teaches (:func:`tutor.tasks.coverage.task_covers`), what the checks require of its answers
(:func:`tutor.web.task_check.check_task`), how the widget judges a move and what "Show me" marks
and says (:mod:`tutor.web.widgets.tasks`). A task names its kind as one of these objects
(``kind=MAKE_MOVE``); :data:`TASK_KINDS` lists them.

* :data:`MAKE_MOVE`: make the move the section is about; ``answers`` are the moves accepted (any one).
* :data:`FIND_ALL`: find every move of a kind ("Which cards can go home now?"); ``answers`` are the
  whole set, each found by making it (it is marked, not played, until all are found; then they are
  played in the listed order). ``wrong`` answers a legal move of another kind.
* :data:`SPOT_ILLEGAL`: make the move the rules forbid; ``answers`` are the illegal move(s) the goal
  points at. Right is the engine refusing one of them: its own sentence says why. ``wrong``
  follows the sentence that a legal move is allowed ("But the task is the move the rules forbid …").
* :data:`WHAT_NEXT`: ``trigger`` is a move shown on the board (marked as a guide marks a move); the
  learner picks the card the rules move next, on their own (a space filled). ``answers`` holds that
  compulsory action (``w-t3``); a pick of another card gets ``wrong``.

The checks read a move as the board does: they take the board's reading (``board``: a move in
notation → what a pick and a drop make of it, :func:`tutor.web.task_check.board_outcome`), which
belongs to the page's layer above this one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol

from tutor.engine import Move, TutorError
from tutor.engine.contract import lessons_of
from tutor.i18n import Text
from tutor.tasks.coverage import Covered, move_kind, played_kinds, refusal_id

if TYPE_CHECKING:
    from tutor.tasks import Task

# what a move made on a task's board is: its answer (solved), one more of a find-all's answers,
# one found before, or a miss
Judged = Literal["solved", "found", "again", "miss"]
BoardReading = Callable[[Any, str], Any]  # (position, move in notation) → the board's PickOutcome


class Answered(Protocol):
    """A task, or the widget's item of one (a task or a tip's exercise): its answers in notation."""

    @property
    def answers(self) -> tuple[str, ...]: ...


class TaskKind:
    """One kind of task. The base is the plain "make this move" behaviour; each kind below changes
    what differs."""

    name: str
    label: Text  # shown beside the task's number ("Task 2 of 3 · Make the move")
    shown_words: Text  # what "Show me" says once it has marked the answer
    shown_style = "move"  # how "Show me" marks it: an arrow as a guide draws a move
    reads_picks = False  # a pick of a pile is the answer itself, not the start of a move
    plays_answer = True  # a solved task's answer is played, and where its cards went is marked
    may_start_over = False  # its position may be a game already over

    def __repr__(self) -> str:
        return f"TaskKind({self.name!r})"

    def answered_moves(self, task: Task) -> tuple[str, ...]:
        """The moves the widget plays once the task is solved (without a particular answer)."""
        return task.answers[:1]

    def solution(self, move: Any, answers: Sequence[Any]) -> tuple[Any, ...]:
        """What is played when ``move`` solves the task."""
        return (move,)

    def judge_move(self, move: Any, answers: Sequence[Any], found: Sequence[Any]) -> Judged:
        """A legal move made on the task's board (canonical, as ``answers`` are)."""
        return "solved" if move in answers else "miss"

    def solved_by_refusal(self, position: Any, answers: Sequence[Any], picked: str, rule: str | None) -> bool:
        """Whether the board refusing a move from ``picked`` under ``rule`` is the answer."""
        return False

    def shown_moves(self, item: Answered, position: Any, found: Sequence[Any]) -> list[Any]:
        """What "Show me" marks on ``position``: the first answer."""
        return [position.canonical(answer) for answer in item.answers[:1]]

    def covers(self, task: Task, position: Any) -> Covered:
        """What every learner who solves the task meets: the kind all its answers share (any one is made)."""
        answer_kinds = [{move_kind(position, position.canonical(Move.parse(answer)))} for answer in task.answers]
        return Covered(move_kinds=frozenset(set.intersection(*answer_kinds) if answer_kinds else set()))

    def check(self, task: Task, position: Any, board: BoardReading) -> list[Text]:
        """What is wrong with the task for this kind: a trigger it should not have, and its answers."""
        problems = [] if task.trigger is None else [Text("ui", "only a what-next task has a trigger")]
        return problems + self.answer_problems(task, position, board)

    def answer_problems(self, task: Task, position: Any, board: BoardReading) -> list[Text]:
        """What is wrong with the task's answers: each must be a legal move the board makes."""
        problems = []
        if not task.answers:
            problems.append(Text("ui", "it accepts no answer"))
        for answer in task.answers:
            problems += _made_on_the_board(position, answer, board)
        return problems


class MakeMove(TaskKind):
    name = "make-move"
    label = Text("ui", "Make the move")
    shown_words = Text("ui", "The answer is marked. Make that move to go on.")


class FindAll(TaskKind):
    name = "find-all"
    label = Text("ui", "Find them all")
    shown_words = Text("ui", "The moves left to find are marked. Make them to go on.")

    def answered_moves(self, task: Task) -> tuple[str, ...]:
        return task.answers

    def solution(self, move: Any, answers: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(answers)

    def judge_move(self, move: Any, answers: Sequence[Any], found: Sequence[Any]) -> Judged:
        if move not in answers:
            return "miss"
        if move in found:
            return "again"
        return "solved" if len(found) + 1 == len(answers) else "found"

    def shown_moves(self, item: Answered, position: Any, found: Sequence[Any]) -> list[Any]:
        """The answers not yet found."""
        return [move for move in (position.canonical(answer) for answer in item.answers) if move not in found]

    def covers(self, task: Task, position: Any) -> Covered:
        """Every answer is made: the kinds of all of them."""
        kinds = {move_kind(position, position.canonical(Move.parse(answer))) for answer in task.answers}
        return Covered(move_kinds=frozenset(kinds))

    def answer_problems(self, task: Task, position: Any, board: BoardReading) -> list[Text]:
        """Besides a make-move's: the answers are every legal move of their kinds, and replay in their order."""
        problems = super().answer_problems(task, position, board)
        if problems:
            return problems
        answers = {str(position.canonical(answer)) for answer in task.answers}
        kinds = {move_kind(position, position.canonical(answer)) for answer in task.answers}
        every = {str(move) for move in position.legal_moves() if move_kind(position, move) in kinds}
        if every != answers:
            problems.append(Text("ui", "the answers are not every move of their kind: "
                                       "missing {missing}, not of it {extra}",
                                 missing=" ".join(sorted(every - answers)) or "-",
                                 extra=" ".join(sorted(answers - every)) or "-"))
        replay = position.copy()
        for answer in task.answers:
            if not replay.is_legal(answer):
                problems.append(Text("ui", "the answers do not replay in their order: {move} is refused", move=answer))
                break
            replay.play(answer)
        return problems


class SpotIllegal(TaskKind):
    name = "spot-illegal"
    label = Text("ui", "Spot the move the rules forbid")
    shown_words = Text("ui", "The move the rules forbid is marked. Make it to read why.")
    shown_style = "refused"
    plays_answer = False
    may_start_over = True  # a lost game can still refuse a move

    def answered_moves(self, task: Task) -> tuple[str, ...]:
        return ()

    def judge_move(self, move: Any, answers: Sequence[Any], found: Sequence[Any]) -> Judged:
        return "miss"  # a legal move is never the move the rules forbid

    def solved_by_refusal(self, position: Any, answers: Sequence[Any], picked: str, rule: str | None) -> bool:
        return (rule is not None and picked in {move.sources[0] for move in answers}
                and rule == refusal_id(position, answers[0]))

    def covers(self, task: Task, position: Any) -> Covered:
        """The refusal its answers meet (one rule: the checks require it)."""
        return Covered(refusals=frozenset(filter(None, (refusal_id(position, move) for move in task.answers))))

    def answer_problems(self, task: Task, position: Any, board: BoardReading) -> list[Text]:
        """Every answer is refused by one rule, a rule the board gives too."""
        problems = []
        found = {refusal_id(position, answer) for answer in task.answers}
        if not task.answers or None in found:
            return [Text("ui", "every answer must be a move the rules refuse")]
        reasons = {reason for reason in found if reason is not None}
        if len(reasons) != 1:
            return [Text("ui", "its answers are refused by more than one rule: {rules}",
                         rules=", ".join(sorted(reasons)))]
        reason = reasons.pop()
        if reason in lessons_of(task.game).OFF_BOARD_REFUSALS:
            problems.append(Text("ui", 'its rule "{rule}" is one no board gives', rule=reason))
        for answer in task.answers:
            outcome = board(position, answer)
            if getattr(outcome.text, "reason", None) != reason or not outcome.refused:
                problems.append(Text("ui", "the board does not refuse {move} with its rule", move=answer))
        return problems


class WhatNext(TaskKind):
    name = "what-next"
    label = Text("ui", "What happens next?")
    shown_words = Text("ui", "The card that moves next is marked. Pick it to go on.")
    shown_style = "forced"
    reads_picks = True

    def answered_moves(self, task: Task) -> tuple[str, ...]:
        return (task.trigger,) if task.trigger else ()

    def judge_move(self, move: Any, answers: Sequence[Any], found: Sequence[Any]) -> Judged:
        return "miss"  # answered by a pick, never by a move

    def shown_moves(self, item: Answered, position: Any, found: Sequence[Any]) -> list[Any]:
        """The compulsory action that follows the trigger (not a move of the position shown)."""
        return [Move.parse(item.answers[0])]

    def covers(self, task: Task, position: Any) -> Covered:
        """The kind of its trigger and of the compulsory action the learner foresees."""
        kinds = played_kinds(position, task.trigger) if task.trigger else []
        return Covered(move_kinds=frozenset(kinds[:1] + [kind for kind in kinds[1:] if kind.startswith("forced-")][:1]))

    def check(self, task: Task, position: Any, board: BoardReading) -> list[Text]:
        """The trigger is legal and followed by a compulsory action, which the answer names, from a
        pile the board draws."""
        if not task.trigger or not position.is_legal(task.trigger):
            return [Text("ui", "its trigger is missing or not legal")]
        beats = position.copy().play_beats(task.trigger)
        forced = [str(move) for move, is_forced, _ in beats if is_forced]
        if not forced:
            return [Text("ui", "its trigger is followed by no compulsory action")]
        if tuple(task.answers) != (forced[0],):
            return [Text("ui", "its answer should be the compulsory action {move}", move=forced[0])]
        drawn = {view.id for view in position.layout()}
        if not set(Move.parse(forced[0]).sources) <= drawn:
            return [Text("ui", "the card that moves lies on a pile the board does not draw")]
        return []


def _made_on_the_board(position: Any, answer: str, board: BoardReading) -> list[Text]:
    try:
        move = position.canonical(answer)
    except TutorError as err:
        return [Text("ui", "the answer {move} cannot be read: {reason}", move=answer, reason=err.text)]
    if not position.is_legal(move):
        return [Text("ui", "the answer {move} is not legal", move=answer)]
    made = board(position, answer).move
    if made is None or position.canonical(made) != move:
        return [Text("ui", "the answer {move} cannot be made on the board", move=answer)]
    return []


MAKE_MOVE = MakeMove()
FIND_ALL = FindAll()
SPOT_ILLEGAL = SpotIllegal()
WHAT_NEXT = WhatNext()
TASK_KINDS: tuple[TaskKind, ...] = (MAKE_MOVE, FIND_ALL, SPOT_ILLEGAL, WHAT_NEXT)

__all__ = ["FIND_ALL", "MAKE_MOVE", "SPOT_ILLEGAL", "TASK_KINDS", "WHAT_NEXT", "Judged", "TaskKind"]
