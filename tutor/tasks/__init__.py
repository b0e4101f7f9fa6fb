"""Tasks the learner plays, as data: each game's ``lessons`` part holds a tuple ``TASKS`` of
:class:`Task` (``tutor/games/<game>/lessons/tasks.py``), collected through the registry.

A task is a real position (a numbered deal, or a card string, plus the moves played before the
moment: ``prelude``), the section of the game's page whose rule it teaches (``section``: the
page's anchor, where ``tasks: <game> <section>`` shows it), one goal (``goal``, the question the
learner reads), the answers the engine accepts (``answers``, in move notation: data only, never
shown), and the words for a right answer (``right``: one sentence why) and for a legal move that is
not the answer (``wrong``: the "but …" in the section's words). A legal move that is not the answer
is answered about that move (:meth:`Task.not_the_answer`): first the game's sentence that it is
allowed (its lessons' ``ALLOWED``, by kind of move, naming the move's own card, or the stock for a
turn: "You may move the 7♣ onto the 8♣."), then ``wrong`` ("But look for the cards that follow the
Aces."), which therefore names no move of its own. Every word is a catalog message in the game's
context.

The kind of a task (``make-move``, ``find-all``, ``spot-illegal``, ``what-next``) is an object of
:mod:`tutor.tasks.kinds`, which holds all that differs between them.

What a task teaches is computed, not declared: :func:`tutor.tasks.coverage.task_covers` (the
refusal ids its answers meet, the kinds of move it plays). The checks (answers legal or refused as
the kind says, positions whole, every message translated, the page reaches it) are
:mod:`tutor.web.task_check`, run by ``tutor lessons --check`` and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tutor.analysis.reports import report_of
from tutor.engine import get_rules
from tutor.engine.contract import collected, lessons_of
from tutor.i18n import Text
from tutor.lessons import named_from

if TYPE_CHECKING:  # the engine is imported only when a position is needed
    from tutor.engine import Position
    from tutor.tasks.kinds import TaskKind


@dataclass(frozen=True)
class Task:
    """One task (see the module docstring). The position is ``deal`` (a number) or ``cards`` (a
    card string) under ``variant``, then ``prelude`` played silently; always build it with
    :meth:`position`."""

    id: str
    game: str
    section: str
    kind: TaskKind
    goal: Text
    answers: tuple[str, ...]
    right: Text
    wrong: Text
    variant: str = ""
    deal: int | None = None
    cards: str = ""
    prelude: tuple[str, ...] = ()
    trigger: str | None = None

    def position(self) -> Position:
        """The task's position: the deal or card string, then the prelude; the prelude is not in
        the history (nothing to undo)."""

        rules = get_rules(self.game, self.variant)
        position = rules.deal(self.deal) if self.deal is not None else rules.from_cards(self.cards)
        for move in self.prelude:
            position.play(move)
        position.history.clear()
        position.redo_stack.clear()
        return position

    def texts(self) -> tuple[Text, ...]:
        return (self.goal, self.right, self.wrong)

    def answered(self, answer: str | None = None) -> Position:
        """The position after the answer as the widget plays it: ``answer`` (one of a make-move's),
        else the first answer of a make-move, every answer of a find-all, the trigger (and what it
        sets off) of a what-next; a spot-illegal's position stays."""
        position = self.position()
        moves = (answer,) if answer is not None else self.kind.answered_moves(self)
        for move in moves:
            position.play(move)
        return position

    def said(self, text: Text, before: Position | None = None, after: Position | None = None) -> Text:
        """One of the task's texts with each card it names by where it lies (``CardAt``, ``CardIn``)
        read from the position: the goal and a wrong answer's words from the task's position, the
        right answer's from the positions before and after the answer (:meth:`answered`)."""

        start = before if before is not None else self.position()
        if after is None:
            after = self.answered() if text is self.right else start
        return named_from(text, start, after)

    def not_the_answer(self, position: Position, move: Any) -> tuple[Text, Text]:
        """The answer to ``move``, a legal move of ``position`` that is not the task's answer: the
        game's sentence that it is allowed, naming the move's own card (or the stock), then the
        task's ``wrong``, its cards read from ``position``."""
        key, cards = report_of(position, move)
        return lessons_of(self.game).ALLOWED[key](**cards), self.said(self.wrong, position, position)

    def said_texts(self) -> tuple[Text, ...]:
        """The goal, the right answer's and a wrong answer's words, every card read from the position."""
        start = self.position()
        return (self.said(self.goal, start), self.said(self.right, start, self.answered()),
                self.said(self.wrong, start))


class UnknownTask(KeyError):
    """A task id no game defines; the message names the known ids."""

    def __init__(self, task_id: str, known: list[str]) -> None:
        super().__init__(task_id)
        self.task_id = task_id
        self.known = known

    def __str__(self) -> str:
        return f"there is no task \"{self.task_id}\"; known tasks: {', '.join(self.known)}"


def all_tasks() -> list[Task]:
    """Every game's tasks, game by game in the registry's order, each game's in its file's order."""
    return list(collected("lessons", "TASKS").values())


def tasks_of(game: str, section: str | None = None) -> list[Task]:
    """A game's tasks (of one section of its page, when ``section`` is given), in file order."""
    return [task for task in all_tasks() if task.game == game and (section is None or task.section == section)]


def get_task(task_id: str) -> Task:
    found = collected("lessons", "TASKS")
    if task_id not in found:
        raise UnknownTask(task_id, list(found))
    return found[task_id]


def sections_of(game: str) -> list[str]:
    """The sections of a game's page that hold tasks, in the order the tasks list them."""
    return list(dict.fromkeys(task.section for task in tasks_of(game)))


__all__ = ["Task", "UnknownTask", "all_tasks", "get_task", "sections_of", "tasks_of"]
