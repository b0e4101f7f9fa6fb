"""What a ``tasks:`` widget asks, one item at a time: a rules section's tasks (:class:`TaskItem`, the
records of :mod:`tutor.tasks`) or a tip's exercises (:class:`ExerciseItem`, the records of
:class:`tutor.lessons.Exercise`, judged by the coach as the play page's practice judges them). Both
answer the same questions, so the widget plays them alike.

A section is a page anchor of the game's path (``terms``, ``playing`` …) or ``tip-<n>``, the
exercises of tip *n*."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tutor.engine.contract import lessons_of, tips_of
from tutor.i18n import Text
from tutor.lessons import UnknownScenario, exercises_of, get_scenario
from tutor.tasks import Task, tasks_of
from tutor.web.widgets.practice import why_not

TIP_SECTION = re.compile(r"tip-([1-9][0-9]?)")
MISSES_BEFORE_HELP = 2  # "Show me" is offered after this many wrong answers


@dataclass(frozen=True)
class TaskItem:
    """A task of a rules section (see :mod:`tutor.tasks`)."""

    task: Task

    @property
    def id(self) -> str:
        return self.task.id

    @property
    def kind(self) -> str:
        return self.task.kind

    @property
    def variant(self) -> str:
        return self.task.variant

    @property
    def answers(self) -> tuple[str, ...]:
        return self.task.answers

    @property
    def trigger(self) -> str | None:
        return self.task.trigger

    @property
    def deal(self) -> int | None:
        return self.task.deal

    def position(self) -> Any:
        return self.task.position()

    def goal(self) -> Text:
        return self.task.said(self.task.goal)

    def right(self, before: Any = None, after: Any = None) -> Text:
        """Why the answer was right, each card it names read from the positions before and after it."""
        return self.task.said(self.task.right, before, after)

    def wrong(self, position: Any, move: Any) -> list[Text]:
        return [self.task.said(self.task.wrong, position, position)]

    def refused(self, position: Any, move: Any, reason: Text) -> list[Text]:
        return [reason]


@dataclass(frozen=True)
class ExerciseItem:
    """A tip's exercise: a move the tip asks for; a miss is answered with the tip's idea, never with
    the answer (:func:`~tutor.web.widgets.practice.why_not`), which "Show me" gives."""

    exercise: Any

    kind = "make-move"
    trigger = None

    @property
    def id(self) -> str:
        return self.exercise.id

    @property
    def variant(self) -> str:
        return self.exercise.variant

    @property
    def answers(self) -> tuple[str, ...]:
        return self.exercise.answers

    @property
    def deal(self) -> int | None:
        return self.exercise.deal

    def position(self) -> Any:
        return self.exercise.position()

    def goal(self) -> Text:
        return self.exercise.goal()

    def right(self, before: Any = None, after: Any = None) -> Text:
        """Why the answer played (the one of the exercise's answers that leads from ``before`` to
        ``after``) does what the tip asks for, said from ``before``."""
        before = before if before is not None else self.position()
        played = next((answer for answer in self.answers
                       if after is not None and _after(before, answer).state_key() == after.state_key()),
                      self.exercise.answer)
        return self.exercise.right(before, played)

    def wrong(self, position: Any, move: Any) -> list[Text]:
        return why_not(position, self.exercise, move)

    def refused(self, position: Any, move: Any, reason: Text) -> list[Text]:
        if move is None:
            return [reason]

        return why_not(position, self.exercise, move)


def _after(before: Any, move: str) -> Any:
    after = before.copy()
    after.play(move)
    return after


def items_for(game: str, section: str) -> list[TaskItem | ExerciseItem]:
    """The items of ``tasks: <game> <section>``: a section's tasks, or ``tip-<n>``'s exercises."""
    tip = TIP_SECTION.fullmatch(section)
    if tip is not None:

        return [ExerciseItem(exercise) for exercise in exercises_of(game) if exercise.tip == int(tip.group(1))]
    return [TaskItem(task) for task in tasks_of(game, section)]


def path_steps(game: str) -> list[tuple[str, Text, list[str]]]:
    """The game's path: each rules section (its anchor, its heading, its task ids), then each tip
    (``tip-<n>``, its worked example's title, its exercise ids)."""

    steps = [(section, title, [task.id for task in tasks_of(game, section)])
             for section, title in lessons_of(game).PATH_SECTIONS]
    tips = tips_of(game)
    for number, tip in enumerate(tips.TIP_TEXTS, start=1):
        try:  # the tip's worked example names it shortly ("Tip: the waste is the danger")
            tip = get_scenario(f"{tips.PREFIX}-tip-{number}").title
        except UnknownScenario:
            pass
        steps.append((f"tip-{number}", tip, [e.id for e in exercises_of(game) if e.tip == number]))
    return steps


def next_step(game: str, section: str) -> tuple[str, Text] | None:
    """The path's next step after ``section`` that has something to do (its anchor and title)."""
    steps = [(anchor, title) for anchor, title, ids in path_steps(game) if ids]
    anchors = [anchor for anchor, _ in steps]
    if section not in anchors or anchors.index(section) + 1 >= len(anchors):
        return None
    return steps[anchors.index(section) + 1]


def tasks_text(count: int) -> Text:
    """"one task", "3 tasks"."""
    return Text("ui", "one task") if count == 1 else Text("ui", "{count} tasks", count=count)
