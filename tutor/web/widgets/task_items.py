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

from tutor.engine.contract import lessons_of, path_of, tips_of
from tutor.i18n import Plural, Text
from tutor.lessons import UnknownScenario, exercises_of, get_scenario
from tutor.tasks import Task, tasks_of
from tutor.tasks.kinds import MAKE_MOVE, TaskKind
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
    def kind(self) -> TaskKind:
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

    def wrong(self, position: Any, move: Any, pile: str | None = None) -> list[Text]:
        """The answer to a legal move that is not the answer, about that move (``Task.not_the_answer``);
        to a what-next task's pick of another pile (``move`` None), which card that was not, then the
        task's ``wrong``."""
        if move is None:
            return [not_this_card(position, pile), self.task.said(self.task.wrong, position, position)]
        return list(self.task.not_the_answer(position, move))

    def refused(self, position: Any, move: Any, reason: Text) -> list[Text]:
        return [reason]


@dataclass(frozen=True)
class ExerciseItem:
    """A tip's exercise: a move the tip asks for; a miss is answered with the tip's idea, never with
    the answer (:func:`~tutor.web.widgets.practice.why_not`), which "Show me" gives."""

    exercise: Any

    kind = MAKE_MOVE
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

    def wrong(self, position: Any, move: Any, pile: str | None = None) -> list[Text]:
        return why_not(position, self.exercise, move)  # an exercise is answered by a move, never a pick alone

    def refused(self, position: Any, move: Any, reason: Text) -> list[Text]:
        if move is None:
            return [reason]

        return why_not(position, self.exercise, move)


def _after(before: Any, move: str) -> Any:
    after = before.copy()
    after.play(move)
    return after


def not_this_card(position: Any, pile: str | None) -> Text:
    """What a what-next task says first to a pick of ``pile`` that is not the card that moves next: the
    picked card by name, where its top card lies face up ("Not the 7♣."), else "Not that one."."""
    view = next((view for view in position.layout() if view.id == pile), None)
    cards = position.piles.get(pile) or []
    if view is None or len(cards) <= view.face_down:
        return Text("ui", "Not that one.")
    return Text("ui", "Not the {card}.", card=cards[-1])


def items_for(game: str, section: str) -> list[TaskItem | ExerciseItem]:
    """The items of ``tasks: <game> <section>``: a section's tasks, or ``tip-<n>``'s exercises."""
    tip = TIP_SECTION.fullmatch(section)
    if tip is not None:

        return [ExerciseItem(exercise) for exercise in exercises_of(game) if exercise.tip == int(tip.group(1))]
    return [TaskItem(task) for task in tasks_of(game, section)]


@dataclass(frozen=True)
class PathStep:
    """A step of a game's path: its anchor on the page, its title, its tasks or exercises (``ids``)
    and its guided examples (``examples``, scenario ids). It is done when every example has been
    stepped to its end and every task or exercise is solved."""

    anchor: str
    title: Text
    ids: tuple[str, ...]
    examples: tuple[str, ...]

    @property
    def record_ids(self) -> tuple[str, ...]:
        """Every id the step keeps a progress record under."""
        return self.examples + self.ids


def path_steps(game: str) -> list[PathStep]:
    """The game's path in the page's order: each rules section (its anchor, its heading, its task
    ids, its examples as the page places them), and the tips where the page has them (after the
    game's ``path.TIPS_AFTER``; each ``tip-<n>``, its worked example's title, its exercise ids, its
    worked example)."""

    path = path_of(game)
    steps = [PathStep(section, title, tuple(task.id for task in tasks_of(game, section)),
                      tuple(path.SECTION_EXAMPLES.get(section, ())))
             for section, title in lessons_of(game).PATH_SECTIONS]
    after = next(index for index, step in enumerate(steps) if step.anchor == path.TIPS_AFTER) + 1
    return steps[:after] + tip_steps(game) + steps[after:]


def tip_steps(game: str) -> list[PathStep]:
    """Each tip as a step of the path: ``tip-<n>``, its worked example's title, its exercises."""
    steps = []
    tips = tips_of(game)
    for number, tip in enumerate(tips.TIP_TEXTS, start=1):
        example: tuple[str, ...] = ()
        try:  # the tip's worked example names it shortly ("Tip: the waste is the danger")
            tip = get_scenario(f"{tips.PREFIX}-tip-{number}").title
            example = (f"{tips.PREFIX}-tip-{number}",)
        except UnknownScenario:
            pass
        steps.append(PathStep(f"tip-{number}", tip, tuple(e.id for e in exercises_of(game) if e.tip == number),
                              example))
    return steps


def tasks_text(count: int) -> Text:
    """"one task", "3 tasks"."""
    return Plural("ui", "one task", "{count} tasks", count)
