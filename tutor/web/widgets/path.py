"""A game's path and the learner's progress on it (issue 23): ``path: <game>`` opens each game page,
``progress: <game>`` sits in the game's card on the home page.

The path is the game's rules sections with their tasks (``PATH_SECTIONS``), then its tips, each
with its worked example and its exercises, then "Play a whole deal"; a step is done (✓) when every
task or exercise of it is solved (the last, when a deal has been played to its end on the play
page). Each step says how much is solved, at the first try and with help.

The page sends the stored records (``records``, :mod:`tutor.web.progress`) and, for the last step,
the play page's record (``play_stats``, as it stored it); the engine draws the path from them. A
record it cannot read is reported (the widget's status line) and kept aside (``state["set_aside"]``:
keys the page moves to ``…:set-aside``). ``reset`` (after a confirmation) forgets the game's records in this browser
(``state["remove"]``), in both languages, since the records are the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tutor.engine import get_rules
from tutor.errors import DirectiveError
from tutor.i18n import Text
from tutor.web.directives import Directive
from tutor.web.progress import Progress, key_of, read_progress, set_aside_text
from tutor.web.render import escape
from tutor.web.widgets.base import Widget, register_widget
from tutor.web.widgets.play_record import Stats
from tutor.web.widgets.task_items import TIP_SECTION, path_steps, tasks_text
from tutor.web.widgets.task_view import step_link


def _play_done(raw: Any) -> bool:
    """Whether the play page's record (as it stored it: variant → {played, won, …}) holds a game
    played to its end. A record it cannot read counts as none: it is the play page's to report."""

    try:
        data = json.loads(raw) if isinstance(raw, str) else None
        return isinstance(data, dict) and any(Stats.from_json(record).played > 0 for record in data.values())
    except (ValueError, TypeError, RecursionError):
        return False


class _Progress(Widget):
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
        return [item_id for _, _, ids in self.steps for item_id in ids]

    def actions(self) -> dict[str, Callable[[dict], None]]:
        return {"start": self._start, "refresh": self._refresh}

    def _read(self, request: dict) -> None:
        self.progress = read_progress(request.get("records"), self.ids())
        self.played = _play_done(request.get("play_stats"))
        self.live = True

    def _start(self, request: dict) -> None:
        self._read(request)
        self.remove = []
        self.set_aside = list(self.progress.corrupt)
        self.message = [set_aside_text(len(self.set_aside))] if self.set_aside else []

    def _refresh(self, request: dict) -> None:
        self._read(request)
        self.remove, self.set_aside, self.message = [], [], []

    def counts(self, ids: list[str]) -> tuple[int, int]:
        """Of ``ids``: how many are solved, and how many of those at the first try."""
        solved = [self.progress.of(item_id) for item_id in ids]
        done = [record for record in solved if record is not None]
        return len(done), sum(1 for record in done if record.first_try)

    def announcement(self, lang: str) -> str:
        return " ".join(text.render(lang) for text in self.message)

    def root_attributes(self) -> dict[str, str]:
        return {"data-kind": self.kind, "data-game": self.game}

    def state(self) -> dict[str, Any]:
        return {"kind": self.kind, "game": self.game, "set_aside": list(self.set_aside), "remove": list(self.remove),
                "solved": sorted(self.progress.solved(self.ids()))}


@register_widget("path")
class PathWidget(_Progress):
    """``path: <game>``: the steps of the game's page, each with what is solved of it."""

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

    def _step_html(self, anchor: str, title: Text, ids: list[str], lang: str) -> str:
        tip = TIP_SECTION.fullmatch(anchor)
        solved, first = self.counts(ids)
        done = bool(ids) and solved == len(ids)
        name = Text("ui", "Tip {number}", number=int(tip.group(1))) if tip is not None else title
        link = f'<a href="{escape(step_link(self.game, anchor))}">{escape(name.render(lang))}</a>'
        if not ids:
            return self._item(anchor, done, link, lang)
        if self.live and solved:
            count = f"{solved}/{len(ids)}"
            said = Text("ui", "solved {solved} of {count} ({first} at the first attempt, {helped} with help)",
                        solved=solved, count=len(ids), first=first, helped=solved - first)
        else:
            count = str(len(ids))
            said = (Text("ui", "worked example and {count} exercises", count=len(ids)) if tip is not None
                    else tasks_text(len(ids)))
        return self._item(anchor, done,
                          f'{link} <span class="tutor-path-count"><span aria-hidden="true">{count}</span>'
                          f'<span class="tutor-visually-hidden">{escape(said.render(lang))}</span></span>', lang)

    def _item(self, anchor: str, done: bool, inner: str, lang: str) -> str:
        mark = ""
        if done:
            word = Text("ui", "done").render(lang)
            mark = (f'<span class="tutor-path-done" aria-hidden="true">✓</span>'
                    f'<span class="tutor-visually-hidden">{escape(word)}: </span>')
        return (f'<li class="tutor-path-step" data-step="{escape(anchor)}" data-done="{"true" if done else "false"}">'
                f'{mark}{inner}</li>')

    def _summary(self) -> Text:
        tasks = [i for anchor, _, ids in self.steps if not TIP_SECTION.fullmatch(anchor) for i in ids]
        exercises = [i for anchor, _, ids in self.steps if TIP_SECTION.fullmatch(anchor) for i in ids]
        solved, first = self.counts(tasks + exercises)
        if not self.live or not solved:
            return Text("ui", "{task_count} tasks and {exercise_count} exercises, kept in this browser as you solve "
                              "them", task_count=len(tasks), exercise_count=len(exercises))
        return Text("ui", "{tasks} of {task_count} tasks and {exercises} of {exercise_count} exercises solved ({first} "
                          "at the first attempt, {helped} with help)",
                    tasks=self.counts(tasks)[0], task_count=len(tasks),
                    exercises=self.counts(exercises)[0], exercise_count=len(exercises), first=first,
                    helped=solved - first)

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        steps = [self._step_html(anchor, title, ids, lang) for anchor, title, ids in self.steps]
        play = Text("ui", "Play a whole deal").render(lang)
        steps.append(self._item("play", self.live and self.played,
                                f'<a href="../play/{escape(self.game)}/">{escape(play)}</a>', lang))
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
        elif live and self.progress.solved(self.ids()):
            again = Text("ui", "Start the path again").render(lang)
            reset = (f' <button type="button" class="md-button tutor-button tutor-path-reset" data-action="ask-reset">'
                     f'{escape(again)}</button>')
        return (f'<nav class="tutor-path" id="path" aria-label="{escape(name)}">'
                f'<div class="tutor-path-row"><strong class="tutor-path-title">{escape(title)}:</strong>'
                f'<ol class="tutor-path-steps">{"".join(steps)}</ol></div>'
                f'<p class="tutor-path-summary">{escape(self._summary().render(lang))}{reset}</p>{confirm}</nav>')


@register_widget("progress")
class ProgressWidget(_Progress):
    """``progress: <game>``: the home page's line of how far the learner is on the game's path."""

    kind = "progress"

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        tasks = [item_id for anchor, _, ids in self.steps if not TIP_SECTION.fullmatch(anchor) for item_id in ids]
        exercises = [item_id for anchor, _, ids in self.steps if TIP_SECTION.fullmatch(anchor) for item_id in ids]
        if self.live and tasks:
            text = Text("ui", "Your progress: {tasks} of {task_count} tasks and {exercises} of {exercise_count} "
                              "exercises solved.", tasks=self.counts(tasks)[0], task_count=len(tasks),
                        exercises=self.counts(exercises)[0], exercise_count=len(exercises))
        elif self.live:
            text = Text("ui", "Your progress: {exercises} of {exercise_count} exercises solved.",
                        exercises=self.counts(exercises)[0], exercise_count=len(exercises))
        elif tasks:
            text = Text("ui", "{task_count} tasks and {exercise_count} exercises to play.", task_count=len(tasks),
                        exercise_count=len(exercises))
        else:
            text = Text("ui", "{exercise_count} exercises to play.", exercise_count=len(exercises))
        link = Text("ui", "Your path").render(lang)
        return (f'<p class="tutor-progress-line">{escape(text.render(lang))} '
                f'<a href="{escape(self.game)}/#path">{escape(link)}</a></p>')
