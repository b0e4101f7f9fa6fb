"""Progress that tells the truth, in Debian's Chromium, per language (one game of the registry: one run
per game would be too slow here): a miss and "Show me", a reload, then the solve counts "with help" on
the path; a miss, a reload, then the solve counts "solved after a miss"; the section's guided examples
stepped to their end count on the path too."""

from __future__ import annotations

import json

import pytest
from site_server import show_lesson_part
from test_site import Watch, page_url
from test_tasks_browser import GAMES, a_task, click_pile, make, open_task, settled, stored, wait_tasks_live, widget_of

from tutor.i18n import LANGUAGES, Text
from tutor.tasks import tasks_of
from tutor.web.progress import AFTER_MISS, FIRST, HELPED, key_of, outcomes_text
from tutor.web.widgets.task_items import path_steps


def path_says(page, section: str, text: str) -> None:
    # the step is looked up afresh each time: a refresh swaps the path's HTML, and a handle to the step it
    # replaced would never change (the widget's root stays)
    path = page.locator('[data-kind="path"]')
    page.wait_for_function("([path, step, text]) => path.querySelector(`[data-step=\"${step}\"]`)"
                           "?.textContent.includes(text)", arg=[path.element_handle(), section, text])


def solved_words(task, lang: str, outcome: str) -> str:
    counts = {FIRST: 0, AFTER_MISS: 0, HELPED: 0, outcome: 1}
    return Text("ui", "solved {solved} of {count}: {outcomes}", solved=1, count=len(tasks_of(task.game, task.section)),
                outcomes=outcomes_text(counts)).render(lang)


def reload_on(page, widget, task) -> None:
    page.reload()
    wait_tasks_live(page)
    show_lesson_part(page, widget)  # the lesson opens on the first part not done: the learner goes to the tasks
    open_task(page, widget, task)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_misses_and_show_me_survive_a_reload_and_the_path_counts_them(browser, base_url, lang):
    game = GAMES[0]
    task, wrong_move, (forbidden_from, forbidden_to) = a_task(game)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, f"{game}/"))
    wait_tasks_live(page)
    widget = widget_of(page, task)
    show_lesson_part(page, widget)
    open_task(page, widget, task)

    # a miss and Show me, a reload, the solve: with help
    make(page, widget, wrong_move)
    click_pile(page, widget, forbidden_from)
    click_pile(page, widget, forbidden_to)
    widget.locator('button[data-action="show"]').click()
    settled(page, widget)
    assert json.loads(stored(page)[key_of(task.id)]) == {"v": 2, "solved": False, "misses": 2, "shown": True}
    reload_on(page, widget, task)
    make(page, widget, task.answers[0])
    assert widget.locator(".tutor-task").get_attribute("data-task-state") == "solved"
    path_says(page, task.section, solved_words(task, lang, HELPED))

    # the section's guided examples stepped to their end: the path counts them
    step = next(step for step in path_steps(game) if step.anchor == task.section)
    for scenario_id in step.examples:
        guide = page.locator(f'[data-tutor-widget][data-scenario="{scenario_id}"]')
        show_lesson_part(page, guide)
        forward = guide.locator('[data-guide="next"]')
        while forward.is_enabled():
            forward.click()
        page.wait_for_function("key => localStorage.getItem(key) !== null", arg=key_of(scenario_id))
    if step.examples:
        path_says(page, task.section, Text("ui", "{tasks}; example stepped through",
                                           tasks=solved_words(task, lang, HELPED)).render(lang))

    # the path's reset; then a miss, a reload, the solve: solved after a miss
    page.locator('[data-kind="path"] button[data-action="ask-reset"]').click()
    page.locator('[data-kind="path"] button[data-action="reset"]').click()
    page.wait_for_function("() => !Object.keys(localStorage).some(k => k.startsWith('tutor-progress:'))")
    reload_on(page, widget, task)
    make(page, widget, wrong_move)
    assert json.loads(stored(page)[key_of(task.id)]) == {"v": 2, "solved": False, "misses": 1, "shown": False}
    reload_on(page, widget, task)
    make(page, widget, task.answers[0])
    assert widget.locator(".tutor-task").get_attribute("data-task-state") == "solved"
    path_says(page, task.section, solved_words(task, lang, AFTER_MISS))
    assert watch.errors == [] and watch.foreign == []
    context.close()
