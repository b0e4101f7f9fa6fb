"""What a game's tasks teach, computed: the kinds of move they play and the refusals they make the
learner meet, against what the game has.

A *move kind* is read from the layout alone (no game is named): the kinds of the source piles and
of the destination (``tableau-to-foundation``), ``-empty`` when the destination holds no card (a
space filled, a foundation started; not for the stock and the waste, which take a card either way),
``-run`` when more than one card moves, and ``forced-`` before a compulsory action (a space the
rules fill). Each game lists the kinds it has (``MOVE_KINDS`` in its ``lessons`` part) and the
refusals no board can give (``OFF_BOARD_REFUSALS``: id → why, e.g. a pile id only notation can
name); ``tests/test_tasks.py`` holds both lists to random play and to every pick and drop the
board interpreter reads. What the tasks must cover is then every move
kind and every refusal of the game's list but those.

What a task covers (:func:`task_covers`) counts only what every learner who solves it meets; each
kind of task says what that is (:meth:`tutor.tasks.kinds.TaskKind.covers`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutor.engine import BadMoveNotation, IllegalMove
from tutor.engine.contract import lessons_of
from tutor.engine.registry import rules_class
from tutor.engine.shape import move_shape
from tutor.tasks import Task, tasks_of


def move_kind(position: Any, move: Any, forced: bool = False) -> str:
    """The kind of ``move`` (a :class:`~tutor.engine.Move`) in ``position``, before it is played."""
    return move_shape(position, move).coverage_kind(forced)


def played_kinds(position: Any, move: Any) -> list[str]:
    """The kinds of ``move`` and of every compulsory action that follows it (``position`` unchanged)."""
    beats = position.copy().play_beats(move)
    return [move_kind(before, played, forced) for played, forced, before in beats]


def refusal_id(position: Any, move: Any) -> str | None:
    """The id of the rule that refuses ``move`` here (``None`` when it is legal or names no rule)."""

    try:
        position.copy().play(move)
    except IllegalMove as refused:
        return getattr(refused.text, "reason", None)
    except BadMoveNotation:
        return None
    return None


@dataclass(frozen=True)
class Covered:
    refusals: frozenset[str] = frozenset()
    move_kinds: frozenset[str] = frozenset()


def task_covers(task: Task) -> Covered:
    """What ``task`` makes the learner do: the refusal ids met, the move kinds played (its kind says
    how, :meth:`tutor.tasks.kinds.TaskKind.covers`)."""

    return task.kind.covers(task, task.position())


@dataclass
class Coverage:
    """A game's coverage: what its tasks must cover, what they cover, and what is missing."""

    game: str
    tasks: int
    move_kinds: tuple[str, ...]
    refusals: tuple[str, ...]
    off_board: dict[str, str]
    covered_kinds: set[str] = field(default_factory=set)
    covered_refusals: set[str] = field(default_factory=set)
    variants_played: set[str] = field(default_factory=set)

    @property
    def missing_kinds(self) -> list[str]:
        return [kind for kind in self.move_kinds if kind not in self.covered_kinds]

    @property
    def missing_refusals(self) -> list[str]:
        return [rid for rid in self.refusals if rid not in self.covered_refusals]

    @property
    def missing_variants(self) -> list[str]:
        return [variant for variant in changing_variants(self.game) if variant not in self.variants_played]

    @property
    def complete(self) -> bool:
        return not (self.missing_kinds or self.missing_refusals or self.missing_variants)


def changing_variants(game: str) -> list[str]:
    """The variants that change play (``CHANGES_PLAY`` in the game's lessons part: each needs a
    task of its own; variants that change only the layout do not)."""
    return list(lessons_of(game).CHANGES_PLAY)


def coverage(game: str) -> Coverage:
    """What the game's tasks cover against its move kinds and its board refusals (see the module)."""

    data = lessons_of(game)
    off_board = dict(data.OFF_BOARD_REFUSALS)
    refusals = tuple(rid for rid in rules_class(game).refusals if rid not in off_board)
    found = Coverage(game, len(tasks_of(game)), tuple(data.MOVE_KINDS), refusals, off_board)
    for task in tasks_of(game):
        covered = task_covers(task)
        found.covered_kinds |= covered.move_kinds
        found.covered_refusals |= covered.refusals
        if task.variant:
            found.variants_played.add(task.variant)
    return found
