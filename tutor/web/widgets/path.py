"""A game's path and the learner's progress on it (issue 23): ``path: <game>`` opens each game page,
``progress: <game>`` sits in the game's card on the home page.

The path is the game's rules sections with their examples and tasks (``PATH_SECTIONS``, the
game's ``path.SECTION_EXAMPLES``), then its tips, each with its worked example and its exercises,
then "Play a whole deal" (:func:`tutor.web.widgets.task_items.path_steps`). A step is done (✓) when
each of its examples has been stepped to its end and each of its tasks or exercises is solved, so a
tip without exercises is done once its example has been stepped through (the last step, when a
deal has been played to its end on the play page). Each step, the path's summary and the home
page's line say how much is done, and how it was solved in the three outcomes of
:mod:`tutor.web.progress`: at the first attempt, solved after a miss, with help.

Continue (issue 39): the first step not done is the path's *next* (``data-next="true"``, a mark and
the word "next"), and both the path (first in it, so that the skip link and one Tab reach it) and
the home page's card carry an ``a[data-continue]`` to that step's lesson (``#lesson-<step>``, the
step named in words), or, every step done, to the play page. Before the records are read (the page
as built) the next step is the first.

The page sends the stored records (``records``, :mod:`tutor.web.progress`) and, for the last step,
the play page's record (``play_stats``, as it stored it); the engine draws the path from them. A
record it cannot read is kept aside (``state["set_aside"]``: keys the page moves to ``…:set-aside``)
and reported in the status line of the widget that moved it (:meth:`Widget.records_kept_aside`).
``reset`` (after a confirmation) forgets the game's records in this browser (``state["remove"]``), in
both languages, since the records are the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tutor.analysis.coach import lesson_anchor
from tutor.engine import get_rules
from tutor.engine.contract import tips_of
from tutor.errors import DirectiveError
from tutor.i18n import Text
from tutor.web.directives import Directive
from tutor.web.progress import Progress, key_of, outcomes_text, read_progress
from tutor.web.render import escape
from tutor.web.widgets.base import Widget, register_widget
from tutor.web.widgets.play_record import Stats
from tutor.web.widgets.task_items import TIP_SECTION, PathStep, path_steps, tasks_text
from tutor.web.widgets.task_view import step_link, step_name


def _play_done(raw: Any) -> bool:
    """Whether the play page's record (as it stored it: variant → {played, won, …}) holds a game
    played to its end. A record it cannot read counts as none: it is the play page's to report."""

    try:
        data = json.loads(raw) if isinstance(raw, str) else None
        return isinstance(data, dict) and any(Stats.from_json(record).played > 0 for record in data.values())
    except (ValueError, TypeError, RecursionError):
        return False


class GameProgress(Widget):
    """What the path and the home page's card share: the game's steps and the records read."""

    drawn_on_start = True  # tasks.js sends start (with the stored progress) after open

    def __init__(self, directive: Directive) -> None:
        if len(directive.args) != 1:
            raise DirectiveError(Text("ui", "write {kind}: <game-id>", kind=directive.kind))
        self.game = directive.args[0]
        self.rules = get_rules(self.game)  # raises UnknownGame with the choices
        self.steps = path_steps(self.game)
        self.progress = Progress({}, [])
        self.played = False
        self.live = False
        self.message: list[Text] = []
        self.set_aside: list[str] = []
        self.remove: list[str] = []

    def ids(self) -> list[str]:
        """Every id the game's path keeps a record under: examples, tasks and exercises."""
        return [item_id for step in self.steps for item_id in step.record_ids]

    def actions(self) -> dict[str, Callable[[dict], None]]:
        return {"start": self._start, "refresh": self._refresh}

    def _read(self, request: dict) -> None:
        self.progress = read_progress(request.get("records"), self.ids(), f"{tips_of(self.game).PREFIX}-")
        self.played = _play_done(request.get("play_stats"))
        self.live = True

    def _start(self, request: dict) -> None:
        self._read(request)
        self.remove = []
        self.set_aside = list(self.progress.corrupt)

    def _refresh(self, request: dict) -> None:
        self._read(request)
        self.remove, self.set_aside, self.message = [], [], []

    def done(self, step: PathStep) -> bool:
        """Every example of the step stepped through and every task or exercise of it solved."""
        return bool(step.record_ids) and len(self.progress.solved(step.record_ids)) == len(step.record_ids)

    def next_step(self) -> PathStep | None:
        """The first step of the path, in the page's order, that is not done (``None``: every one is)."""
        return next((step for step in self.steps if step.record_ids and not self.done(step)), None)

    def continue_html(self, lang: str, game_page: str, play_page: str, every_done: Text, classes: str) -> str:
        """The Continue link (``a[data-continue]``): to the lesson of the first step not done, named in
        words ("Start with Terms" before anything is done), or, every step done, to the play page
        (``every_done`` says so). ``game_page`` and ``play_page`` lead from where the link stands."""
        following = self.next_step()
        if following is None:
            href, text = play_page, every_done
        else:
            href = f"{game_page}#{lesson_anchor(following.anchor)}"
            name = step_name(following)
            text = (Text("ui", "Start with {step}", step=name) if self.untouched()
                    else Text("ui", "Continue with {step}", step=name))
        return (f'<a class="{escape(classes)} tutor-continue" data-continue href="{escape(href)}">'
                f'{escape(text.render(lang))}</a>')

    def summary(self) -> list[Text]:
        """How far the learner is: the steps done, the examples stepped through, the tasks and
        exercises solved and how (the three outcomes)."""
        tasks = [i for step in self.steps if not TIP_SECTION.fullmatch(step.anchor) for i in step.ids]
        exercises = [i for step in self.steps if TIP_SECTION.fullmatch(step.anchor) for i in step.ids]
        examples = [i for step in self.steps for i in step.examples]
        done = sum(1 for step in self.steps if self.done(step))
        return [Text("ui", "{done} of {count} steps done.", done=done, count=len(self.steps)),
                Text("ui", "You have stepped through {examples} of {example_count} examples.",
                     examples=len(self.progress.solved(examples)), example_count=len(examples)),
                self._solved_text(tasks, exercises)]

    def _solved_text(self, tasks: list[str], exercises: list[str]) -> Text:
        counts = dict(tasks=len(self.progress.solved(tasks)), task_count=len(tasks),
                      exercises=len(self.progress.solved(exercises)), exercise_count=len(exercises))
        outcomes = outcomes_text(self.progress.outcomes(tasks + exercises))
        if outcomes is None:
            return Text("ui", "You have solved {tasks} of {task_count} tasks and {exercises} of {exercise_count} "
                              "exercises.", **counts)
        return Text("ui", "You have solved {tasks} of {task_count} tasks and {exercises} of {exercise_count} "
                          "exercises: {outcomes}.", outcomes=outcomes, **counts)

    def untouched(self) -> bool:
        return not self.live or not self.progress.solved(self.ids())

    def announcement(self, lang: str) -> str:
        return " ".join(text.render(lang) for text in self.message)

    def records_kept_aside(self) -> list[str]:
        return list(self.set_aside)

    def root_attributes(self) -> dict[str, str]:
        return {"data-kind": self.kind, "data-game": self.game}

    def state(self) -> dict[str, Any]:
        return {"kind": self.kind, "game": self.game, "set_aside": list(self.set_aside), "remove": list(self.remove),
                "solved": sorted(self.progress.solved(self.ids())),
                "done": [step.anchor for step in self.steps if self.done(step)],
                "next": lesson_anchor(following.anchor) if (following := self.next_step()) else None}


@register_widget("path")
class PathWidget(GameProgress):
    """``path: <game>``: the steps of the game's page, each with what is done of it."""

    kind = "path"

    def __init__(self, directive: Directive) -> None:
        super().__init__(directive)
        self.confirming = False

    def actions(self) -> dict[str, Callable[[dict], None]]:
        return {**super().actions(), "ask-reset": self._ask, "keep": self._keep, "reset": self._reset}

    def _ask(self, request: dict) -> None:
        self.confirming = True
        self.message = []

    def _keep(self, request: dict) -> None:
        self.confirming = False
        self.message = [Text("ui", "Your progress is kept.")]

    def _reset(self, request: dict) -> None:
        self.confirming = False
        self.remove = [key_of(item_id) for item_id in self.ids()]
        self.set_aside = []
        self.progress = Progress({}, [])
        self.message = [Text("ui", "Your progress in this game starts again.")]

    def _step_said(self, step: PathStep) -> tuple[str, Text]:
        """What a step shows of itself (the count of its tasks or exercises) and says in words."""
        tip = TIP_SECTION.fullmatch(step.anchor) is not None
        example_done = bool(step.examples) and len(self.progress.solved(step.examples)) == len(step.examples)
        if not step.ids:
            return "", (Text("ui", "worked example, stepped through") if self.live and example_done
                        else Text("ui", "worked example"))
        solved = self.progress.solved(step.ids)
        if self.live and (solved or example_done):
            outcomes = outcomes_text(self.progress.outcomes(step.ids))
            said = (Text("ui", "solved {solved} of {count}: {outcomes}", solved=len(solved), count=len(step.ids),
                         outcomes=outcomes) if outcomes is not None
                    else Text("ui", "solved {solved} of {count}", solved=len(solved), count=len(step.ids)))
            if step.examples:
                said = Text("ui", "{tasks}; example stepped through", tasks=said) if example_done else \
                    Text("ui", "{tasks}; example not yet stepped through", tasks=said)
            return f"{len(solved)}/{len(step.ids)}", said
        return str(len(step.ids)), (Text("ui", "worked example and {count} exercises", count=len(step.ids)) if tip
                                    else tasks_text(len(step.ids)))

    def _step_html(self, step: PathStep, following: PathStep | None, lang: str) -> str:
        link = f'<a href="{escape(step_link(self.game, step.anchor))}">{escape(step_name(step).render(lang))}</a>'
        count, said = self._step_said(step)
        shown = f'<span aria-hidden="true">{count}</span>' if count else ""
        return self._item(step.anchor, self.live and self.done(step), step is following,
                          f'{link} <span class="tutor-path-count">{shown}'
                          f'<span class="tutor-visually-hidden">{escape(said.render(lang))}</span></span>', lang)

    def _item(self, anchor: str, done: bool, following: bool, inner: str, lang: str) -> str:
        """A step of the row: ✓ and "done" once it is done; "next" (the mark and the word) on the first not done."""
        mark = ""
        if done:
            word = Text("ui", "done").render(lang)
            mark = (f'<span class="tutor-path-done" aria-hidden="true">✓</span>'
                    f'<span class="tutor-visually-hidden">{escape(word)}: </span>')
        elif following:
            word = Text("ui", "next").render(lang)
            mark = (f'<span class="tutor-path-next" aria-hidden="true">▸</span>'
                    f'<span class="tutor-visually-hidden">{escape(word)}: </span>')
        marked_next = ' data-next="true"' if following else ""
        return (f'<li class="tutor-path-step" data-step="{escape(anchor)}" data-done="{"true" if done else "false"}"'
                f'{marked_next}>{mark}{inner}</li>')

    def _summary(self) -> list[Text]:
        if self.untouched():
            tasks = sum(len(step.ids) for step in self.steps if not TIP_SECTION.fullmatch(step.anchor))
            exercises = sum(len(step.ids) for step in self.steps if TIP_SECTION.fullmatch(step.anchor))
            return [Text("ui", "{task_count} tasks and {exercise_count} exercises, kept in this browser as you solve "
                               "them", task_count=tasks, exercise_count=exercises)]
        return self.summary()

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        following = self.next_step()
        steps = [self._step_html(step, following, lang) for step in self.steps]
        play = Text("ui", "Play a whole deal").render(lang)
        played = self.live and self.played
        steps.append(self._item("play", played, following is None and not played,
                                f'<a href="../play/{escape(self.game)}/">{escape(play)}</a>', lang))
        onward = self.continue_html(lang, "", f"../play/{self.game}/",
                                    Text("ui", "Every step of this page is done: play a whole deal"),
                                    "md-button md-button--primary")
        name = Text("ui", "Your path through {game}", game=self.rules.title).render(lang)
        title = Text("ui", "Your path").render(lang)
        reset = confirm = ""
        if live and self.confirming:
            question = Text("ui", "Forget every task and exercise you have solved in {game}, in both languages?",
                            game=self.rules.title).render(lang)
            yes, keep = Text("ui", "Yes, forget it").render(lang), Text("ui", "Keep my progress").render(lang)
            confirm = (f'<p class="tutor-path-question">{escape(question)}</p><div class="tutor-controls" role="group">'
                       f'<button type="button" class="md-button tutor-button" data-action="reset">'
                       f'{escape(yes)}</button>'
                       f'<button type="button" class="md-button tutor-button" data-action="keep">'
                       f'{escape(keep)}</button>'
                       f'</div>')
        elif live and not self.untouched():
            again = Text("ui", "Start the path again").render(lang)
            reset = (f' <button type="button" class="md-button tutor-button tutor-path-reset" data-action="ask-reset">'
                     f'{escape(again)}</button>')
        summary = " ".join(text.render(lang) for text in self._summary())
        return (f'<nav class="tutor-path" id="path" aria-label="{escape(name)}">'
                f'<div class="tutor-path-head">{onward}<p class="tutor-path-summary">{escape(summary)}{reset}</p></div>'
                f'{confirm}<div class="tutor-path-row"><strong class="tutor-path-title">{escape(title)}:</strong>'
                f'<ol class="tutor-path-steps">{"".join(steps)}</ol></div></nav>')


@register_widget("progress")
class ProgressWidget(GameProgress):
    """``progress: <game>``: the home page's line of how far the learner is on the game's path."""

    kind = "progress"

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        tasks = sum(len(step.ids) for step in self.steps if not TIP_SECTION.fullmatch(step.anchor))
        exercises = sum(len(step.ids) for step in self.steps if TIP_SECTION.fullmatch(step.anchor))
        if self.live:
            texts = [Text("ui", "Your progress:"), *self.summary()]
        elif tasks:
            texts = [Text("ui", "{task_count} tasks and {exercise_count} exercises to play.", task_count=tasks,
                          exercise_count=exercises)]
        else:
            texts = [Text("ui", "{exercise_count} exercises to play.", exercise_count=exercises)]
        link = Text("ui", "Your path").render(lang)
        line = " ".join(text.render(lang) for text in texts)
        onward = self.continue_html(lang, f"{self.game}/", f"play/{self.game}/",
                                    Text("ui", "Every step is done: play a whole deal"), "md-button")
        return (f'<p class="tutor-progress-line">{escape(line)} '
                f'<a href="{escape(self.game)}/#path">{escape(link)}</a></p>'
                f'<p class="tutor-progress-continue">{onward}</p>')
