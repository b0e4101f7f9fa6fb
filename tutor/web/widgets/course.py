"""``lesson: <game> <step>``: one board per rules section and per tip (issue 39).

A lesson holds a step of the game's path (:func:`tutor.web.widgets.task_items.path_steps`), in
order: its guided examples (each a ``scenario:`` widget), then its tasks or exercises (a ``tasks:``
widget), then a done state with a ✓ and a **Continue** to the next step not done. One part is shown
at a time; the lesson's head lists the parts, and its foot leads on: to the next part once the
current one is done, and from the done state to the next step (``a[data-continue]``).

The parts are the widgets they always were, drawn inside the lesson at build time
(:meth:`LessonWidget.parts_html`); the page brings each to life as it does any widget, when it is
shown. The lesson itself only reads the progress records (as the path does: :class:`GameProgress`)
and says which part is shown (``state["part"]``: its index, or ``"done"``); the page script shows
that part and hides the others. Its root carries ``id="lesson-<step>"`` (the Continue links' target)
and ``data-lesson="<step>"``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tutor.analysis.coach import lesson_anchor
from tutor.errors import DirectiveError, PlayError
from tutor.i18n import Text
from tutor.web.directives import Directive
from tutor.web.progress import outcomes_text
from tutor.web.render import escape, widget_html
from tutor.web.widgets.base import open_widget, register_widget
from tutor.web.widgets.path import GameProgress
from tutor.web.widgets.task_items import TIP_SECTION, PathStep, path_steps
from tutor.web.widgets.task_view import step_name

DONE = "done"


def step_of(game: str, anchor: str, steps: list[PathStep] | None = None) -> PathStep:
    """The step of the game's path a lesson teaches (``steps``: the path, when already at hand).
    Raises :class:`DirectiveError` for a step the path does not have or that has nothing to do."""
    with_work = [step for step in (path_steps(game) if steps is None else steps) if step.record_ids]
    found = [step for step in with_work if step.anchor == anchor]
    if not found:
        raise DirectiveError(Text("ui", '"{game}" has no step "{section}" with an example or a task; '
                                        "its steps: {known}", game=game, section=anchor,
                                  known=", ".join(step.anchor for step in with_work)))
    return found[0]


def parts_of(game: str, step: PathStep) -> list[Directive]:
    """What the lesson of a step shows, in order: a ``scenario:`` per guided example, then the
    step's ``tasks:`` (its tasks or exercises) when it has any."""
    parts = [Directive("scenario", (example,)) for example in step.examples]
    return parts + ([Directive("tasks", (game, step.anchor))] if step.ids else [])


def lesson_parts(game: str, anchor: str) -> list[Directive]:
    """The parts of the lesson of the step ``anchor`` (:func:`parts_of`, :func:`step_of`)."""
    return parts_of(game, step_of(game, anchor))


_LESSON_LINE = re.compile(r"^(?P<indent>[ \t]*)lesson:[ \t]*(?P<game>\S+)[ \t]+(?P<step>\S+)[ \t]*$", re.M)


def with_lesson_parts(markdown: str) -> str:
    """A page's Markdown with each ``lesson:`` line followed by the directive lines of its parts: what
    the page shows, for the checks that read a page for its examples and tasks."""
    def expand(match: re.Match[str]) -> str:
        parts = lesson_parts(match["game"], match["step"])
        return "\n".join([match[0], *(match["indent"] + str(part) for part in parts)])
    return _LESSON_LINE.sub(expand, markdown)


@register_widget("lesson")
class LessonWidget(GameProgress):
    """A step of the path as one board: its examples, its tasks or exercises, its done state."""

    kind = "lesson"

    def __init__(self, directive: Directive) -> None:
        if len(directive.args) != 2:
            raise DirectiveError(Text("ui", "write lesson: <game-id> <section>"))
        super().__init__(Directive(directive.kind, directive.args[:1]))
        self.step = step_of(self.game, directive.args[1], self.steps)
        self.parts = parts_of(self.game, self.step)
        self.part: int | str = 0

    # --- which part is done ---------------------------------------------------------------------------
    def part_done(self, index: int) -> bool:
        part = self.parts[index]
        ids = self.step.ids if part.kind == "tasks" else part.args
        return self.live and len(self.progress.solved(ids)) == len(ids)

    def all_done(self) -> bool:
        return self.live and self.done(self.step)

    def part_left(self) -> int | None:
        """The part the foot's Next leads to: the next one not done after the one shown, else one
        passed by (``None``: every part is done, or the done state is shown)."""
        if self.part == DONE:
            return None
        current = int(self.part)
        order = [*range(current + 1, len(self.parts)), *range(current)]
        return next((index for index in order if not self.part_done(index)), None)

    # --- actions -------------------------------------------------------------------------------------
    def actions(self) -> dict[str, Callable[[dict], None]]:
        return {**super().actions(), "part": self._choose, "next-part": self._next_part}

    def _start(self, request: dict) -> None:
        self._refresh(request)  # a record it cannot read is the path's to report and keep aside
        # where the learner left off: the first part not done, or the done state
        self.part = next((index for index in range(len(self.parts)) if not self.part_done(index)), DONE)

    def _choose(self, request: dict) -> None:
        choice = request.get("choice")
        if choice == DONE and self.all_done():
            self.part = DONE
            return
        if isinstance(choice, str) and choice.isdigit():
            choice = int(choice)
        if not isinstance(choice, int) or isinstance(choice, bool) or not 0 <= choice < len(self.parts):
            raise PlayError(Text("ui", "this step has no such part"))
        self.part = choice
        self.message = []

    def _next_part(self, request: dict) -> None:
        """The part the foot's Next names: the next one not done, else one passed by, else the done state."""
        if self.part == DONE:
            raise PlayError(Text("ui", "this step has no such part"))
        left = self.part_left()
        self.part = left if left is not None else (DONE if self.all_done()
                                                   else min(int(self.part) + 1, len(self.parts) - 1))
        self.message = []

    # --- drawing ---------------------------------------------------------------------------------------
    def part_label(self, index: int) -> Text:
        part = self.parts[index]
        if part.kind == "tasks":
            return Text("ui", "Exercises") if TIP_SECTION.fullmatch(self.step.anchor) else Text("ui", "Your turn")
        examples = len(self.step.examples)
        return Text("ui", "Example") if examples == 1 else Text("ui", "Example {number}", number=index + 1)

    def _part_button(self, index: int | str, label: str, done: bool, lang: str, widget_id: str) -> str:
        current = ' aria-current="step"' if index == self.part else ""
        mark = ""
        if done:
            word = Text("ui", "done").render(lang)
            mark = (f' <span class="tutor-lesson-tick" aria-hidden="true">✓</span>'
                    f'<span class="tutor-visually-hidden">, {escape(word)}</span>')
        disabled = "" if self.live else f' disabled aria-describedby="{escape(widget_id)}-status"'
        return (f'<li><button type="button" class="tutor-lesson-part-button" data-action="part" '
                f'data-choice="{index}"{current}{disabled}>{escape(label)}{mark}</button></li>')

    def head_html(self, lang: str, widget_id: str) -> str:
        title = step_name(self.step).render(lang)
        buttons = [self._part_button(index, self.part_label(index).render(lang), self.part_done(index), lang,
                                       widget_id)
                   for index in range(len(self.parts))]
        if self.all_done():
            buttons.append(self._part_button(DONE, Text("ui", "Done").render(lang), False, lang, widget_id))
        name = Text("ui", "Parts of this step").render(lang)
        return (f'<div class="tutor-lesson-head"><p class="tutor-lesson-title"><strong>{escape(title)}</strong></p>'
                f'<ol class="tutor-lesson-parts" aria-label="{escape(name)}">{"".join(buttons)}</ol></div>')

    def foot_html(self, lang: str) -> str:
        if not self.live:
            return '<div class="tutor-lesson-foot"></div>'
        if self.all_done():
            return f'<div class="tutor-lesson-foot">{self.done_html(lang)}</div>'
        left = self.part_left()
        if left is not None and self.part_done(int(self.part)):
            label = Text("ui", "Next: {part}", part=self.part_label(left)).render(lang)
            return (f'<div class="tutor-lesson-foot"><button type="button" class="md-button md-button--primary '
                    f'tutor-button" data-action="next-part">{escape(label)}</button></div>')
        return '<div class="tutor-lesson-foot"></div>'

    def done_html(self, lang: str) -> str:
        said = [Text("ui", "You have done this step.")]
        outcomes = outcomes_text(self.progress.outcomes(self.step.ids))
        if outcomes is not None:
            said.append(Text("ui", "How you solved its exercises: {outcomes}.", outcomes=outcomes)
                        if TIP_SECTION.fullmatch(self.step.anchor)
                        else Text("ui", "How you solved its tasks: {outcomes}.", outcomes=outcomes))
        following = self.next_step()
        if following is None:
            text = Text("ui", "Every step of this page is done: play a whole deal").render(lang)
            href = f"../play/{self.game}/"
        else:
            text = Text("ui", "Continue with {step}", step=step_name(following)).render(lang)
            href = f"#{lesson_anchor(following.anchor)}"
        return (f'<div class="tutor-lesson-done"><p><span class="tutor-lesson-tick" aria-hidden="true">✓</span> '
                f'{escape(" ".join(text.render(lang) for text in said))}</p>'
                f'<a class="md-button md-button--primary tutor-continue" data-continue href="{escape(href)}">'
                f'{escape(text)}</a></div>')

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        """Live: the head and the foot, which the page swaps in; at build time the parts between them."""
        if live:
            return self.head_html(lang, widget_id) + self.foot_html(lang)
        return self.head_html(lang, widget_id) + self.parts_html(lang, widget_id) + self.foot_html(lang)

    def parts_html(self, lang: str, widget_id: str) -> str:
        """Each part as the widget it is (drawn at build time), the first shown, the rest hidden."""
        html = []
        for index, directive in enumerate(self.parts):
            part = open_widget(directive)
            part_id = f"{widget_id}p{index + 1}"
            hidden = "" if index == 0 else " hidden"
            html.append(f'<div class="tutor-lesson-part" data-part="{index}"{hidden}>'
                        + widget_html(part_id, str(directive), lang,
                                      part.body_html(lang, live=False, widget_id=part_id), part.root_attributes())
                        + "</div>")
        # without JavaScript every part is shown, one under the other
        return ('<noscript><style>.tutor-lesson-part[hidden]{display:block!important}</style></noscript>'
                + "".join(html))

    def root_attributes(self) -> dict[str, str]:
        return {"data-kind": self.kind, "data-game": self.game, "data-lesson": self.step.anchor,
                "id": lesson_anchor(self.step.anchor), "tabindex": "-1"}

    def state(self) -> dict[str, Any]:
        return {**super().state(), "lesson": self.step.anchor, "part": self.part}
