"""The HTML of a ``tasks:`` widget (:mod:`tutor.web.widgets.tasks`): the choice of task, the goal,
the board (the same figure as every board), the answer, the link to the rule, the controls, and
the task's live region, which the page fills with the answer (said once).

The static page (before the engine is live) shows the first task's position and its question and
says that the board is getting ready; nothing in it (or in the live widget before the learner asks)
names the answer: no move, no list of moves, no mark on the board."""

from __future__ import annotations

from typing import Any

from tutor.analysis.coach import lesson_anchor
from tutor.engine import get_rules
from tutor.engine.contract import lessons_of
from tutor.i18n import Text
from tutor.web.progress import Progress, outcomes_text
from tutor.web.render import Highlight, as_sentence, escape, figure_html, symbol_prefix
from tutor.web.widgets.task_items import MISSES_BEFORE_HELP, TIP_SECTION, PathStep, tasks_text


def section_title(game: str, section: str) -> Text | None:
    return dict(lessons_of(game).PATH_SECTIONS).get(section)


def step_name(step: PathStep) -> Text:
    """A step as the path, the home page and the lessons name it: a section's heading, or "Tip 2"."""
    tip = TIP_SECTION.fullmatch(step.anchor)
    return step.title if tip is None else Text("ui", "Tip {number}", number=int(tip.group(1)))


def step_link(game: str, anchor: str) -> str:
    """Where a step of the path starts on the game's page: a rules section's heading, a tip's lesson."""

    return f"#{lesson_anchor(anchor)}" if TIP_SECTION.fullmatch(anchor) else f"#{anchor}"


def _choices(widget: Any, lang: str, live: bool) -> str:
    buttons = []
    for number, item in enumerate(widget.items):
        done = item.id in widget.records
        label = Text("ui", "{number} (solved)", number=number + 1).render(lang) if done else str(number + 1)
        buttons.append(f'<button type="button" class="md-button tutor-choice{" tutor-done" if done else ""}" '
                       f'data-action="choose" data-choice="{number}" '
                       f'aria-pressed="{"true" if number == widget.index else "false"}"{"" if live else " disabled"}>'
                       f'{escape(label)}</button>')
    group = (Text("ui", "Exercises") if TIP_SECTION.fullmatch(widget.section) else Text("ui", "Tasks")).render(lang)
    return f'<div class="tutor-choices" role="group" aria-label="{escape(group)}">{"".join(buttons)}</div>'


def _progress(widget: Any, lang: str, live: bool) -> str:
    solved = [item.id for item in widget.items if item.id in widget.records]
    # what the learner has solved is known once the page has sent it
    outcomes = outcomes_text(Progress(widget.records, []).outcomes(solved)) if live else None
    if outcomes is None:
        text = (Text("ui", "{count} exercises", count=len(widget.items)) if TIP_SECTION.fullmatch(widget.section)
                else tasks_text(len(widget.items)))
        return f'<p class="tutor-task-progress">{escape(text.render(lang))}</p>'
    text = Text("ui", "Solved {solved} of {count}: {outcomes}", solved=len(solved), count=len(widget.items),
                outcomes=outcomes)
    return f'<p class="tutor-task-progress">{escape(text.render(lang))}</p>'


def _caption(widget: Any, lang: str) -> str:
    rules = get_rules(widget.game, widget.item.variant)
    title = rules.title.render(lang)
    if rules.variant:
        title = f"{title} ({rules.variant_name.render(lang)})"
    if widget.item.deal is not None:
        return Text("ui", "{game}, deal {number}", game=title, number=widget.item.deal).render(lang)
    return title


def _beats(widget: Any, lang: str, widget_id: str) -> str:
    """The answer as it was played, one figure per beat (the move, then each compulsory action), each
    drawn on the position before it with the moving cards marked: the page animates them in turn."""
    if not widget.beats:
        return ""
    caption = _caption(widget, lang)
    figures = []
    for number, (position, mark) in enumerate(widget.beats):
        figure = figure_html(position.layout(), lang, caption=caption, highlight=mark,
                             id_prefix=f"{widget_id}-beat{number}", symbols=symbol_prefix(widget_id))
        figures.append(f'<div class="tutor-task-beat">{figure}</div>')
    beats = "".join(figures)
    return f'<div class="tutor-task-beats" hidden>{beats}</div>'


def _controls(widget: Any, lang: str) -> str:
    buttons = []
    if not widget.solved and widget.misses >= MISSES_BEFORE_HELP and not widget.shown:
        buttons.append(("show", Text("ui", "Show me")))
    if widget.solved or widget.misses or widget.shown:
        buttons.append(("retry", Text("ui", "Try again")))
    if widget.solved and widget.index + 1 < len(widget.items):
        buttons.append(("next", Text("ui", "Next exercise") if TIP_SECTION.fullmatch(widget.section)
                        else Text("ui", "Next task")))
    html = "".join(f'<button type="button" class="md-button tutor-button" data-action="{action}">'
                   f'{escape(label.render(lang))}</button>' for action, label in buttons)
    return f'<div class="tutor-controls" role="group">{html}</div>' if html else ""


def _answer(widget: Any, lang: str, live: bool) -> str:
    if not live:
        ready = Text("ui", "The board is getting ready: you can answer in a moment.").render(lang)
        return f'<p class="tutor-task-answer tutor-task-ready">{escape(ready)}</p>'
    tone = {"right": " tutor-right", "wrong": " tutor-refused"}.get(widget.tone, "")
    text = " ".join(as_sentence(text.render(lang)) for text in widget.message)
    html = f'<p class="tutor-task-answer{tone}" aria-hidden="true">{escape(text)}</p>'
    if widget.rule_section:
        title = section_title(widget.game, widget.rule_section)
        label = (Text("ui", "Read the rule: {section}", section=title) if title is not None
                 else Text("ui", "Read the rule")).render(lang)
        html += f'<p class="tutor-task-rule"><a href="#{escape(widget.rule_section)}">{escape(label)}</a></p>'
    return html


def task_html(widget: Any, lang: str, live: bool, widget_id: str) -> str:
    item = widget.item
    if widget.solved and item.kind.plays_answer:
        mark = Highlight(frozenset(widget.landed))  # the answer played: where its cards went
    else:
        mark = widget.marks()
    board = figure_html(widget.position.layout(), lang, caption=_caption(widget, lang), highlight=mark,
                        interactive=live and not widget.solved, id_prefix=f"{widget_id}-task",
                        symbols=symbol_prefix(widget_id),
                        selected=widget.selection.pile if widget.selection is not None else None,
                        runs=widget.board_runs() if live else {})
    nudge = f' data-nudge="{widget.nudge}"' if live and widget.nudge else ""
    counter = (Text("ui", "Exercise {number} of {count}", number=widget.index + 1, count=len(widget.items))
               if TIP_SECTION.fullmatch(widget.section)
               else Text("ui", "Task {number} of {count}", number=widget.index + 1,
                         count=len(widget.items))).render(lang)
    kind = item.kind.label.render(lang)
    turn = Text("ui", "Your turn:").render(lang)
    view = (f'<div class="tutor-task-view">{_choices(widget, lang, live)}{_progress(widget, lang, live)}'
            f'<p class="tutor-task-counter"><strong>{escape(counter)}</strong> · {escape(kind)}</p>'
            f'<p class="tutor-task-goal"><strong>{escape(turn)}</strong> '
            f'{escape(as_sentence(item.goal().render(lang)))}</p>'
            f'{_beats(widget, lang, widget_id)}<div class="tutor-task-board"{nudge}>{board}</div>'
            f'{_answer(widget, lang, live)}{_controls(widget, lang) if live else ""}</div>')
    state = "solved" if widget.solved else "ready"
    return (f'<div class="tutor-task" id="tasks-{escape(widget.game)}-{escape(widget.section)}" '
            f'data-task="{escape(item.id)}" data-task-state="{state}" data-task-kind="{escape(item.kind.name)}">{view}'
            f'<p class="tutor-task-live tutor-visually-hidden" aria-live="polite"></p></div>')
