"""Continue in Debian's Chromium (issue 39), per game and language, as a reader's browser wakes the
widgets (near the viewport): the home page's Continue opens the game page at its first step's
lesson, which has the keyboard; once that step is done (its records stored), the path's Continue
leads to the second step and is reached from the top by the skip link and one Tab; Enter on it
puts the keyboard on that lesson; after "Show me" in a task the keyboard is on the marked card."""

from __future__ import annotations

import pytest
from test_site import LIVE_TIMEOUT_MS, Watch, page_url
from test_tasks_browser import a_task, click_pile, make, open_task, settled, widget_of

from tutor.analysis.coach import lesson_anchor
from tutor.engine import Move
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES
from tutor.web.progress import Record, key_of, record_text
from tutor.web.widgets.task_items import path_steps

GAMES = game_ids()


def focused_id(page, element_id: str) -> None:
    page.wait_for_function("id => document.activeElement?.id === id", arg=element_id, timeout=LIVE_TIMEOUT_MS)


def live(page, selector: str) -> None:
    page.wait_for_selector(f'{selector}[data-state="live"]', state="attached", timeout=LIVE_TIMEOUT_MS)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_continue_leads_from_the_home_page_to_the_first_step_then_to_the_next(browser, base_url, game, lang):
    first, second = [step for step in path_steps(game) if step.record_ids][:2]
    context = browser.reader_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    watch = Watch(context, base_url)
    page = context.new_page()

    # the home page's Continue for the game: its page, at the first step's lesson, which has the keyboard
    page.goto(page_url(base_url, lang, ""))
    page.locator(f'[data-kind="progress"][data-game="{game}"] a[data-continue]').click()
    page.wait_for_url(f"**/{game}/#{lesson_anchor(first.anchor)}")
    focused_id(page, lesson_anchor(first.anchor))

    # the first step done: the path's next step and its Continue are the second
    page.evaluate("records => { for (const [key, text] of Object.entries(records)) localStorage.setItem(key, text) }",
                  {key_of(item_id): record_text(Record(True)) for item_id in first.record_ids})
    page.goto(page_url(base_url, lang, f"{game}/"))
    path = '[data-tutor-widget][data-kind="path"]'
    live(page, path)
    assert page.locator(f'{path} li[data-next="true"]').get_attribute("data-step") == second.anchor

    # from the top: Tab (the skip link), Enter, Tab: the path's Continue; Enter: the second step's lesson
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('md-skip')")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("path => !!document.activeElement.closest(path)"
                         " && document.activeElement.matches('a[data-continue]')", path)
    assert page.evaluate("document.activeElement.getAttribute('href')") == f"#{lesson_anchor(second.anchor)}"
    page.keyboard.press("Enter")
    focused_id(page, lesson_anchor(second.anchor))

    # Show me after two misses: the keyboard is on the marked card
    task, wrong_move, (forbidden_from, forbidden_to) = a_task(game)
    step = next(step for step in path_steps(game) if step.anchor == task.section)
    lesson = f"#{lesson_anchor(task.section)}"
    page.locator(lesson).scroll_into_view_if_needed()  # a reader's page wakes the lesson near the viewport
    live(page, lesson)
    page.locator(f'{lesson} .tutor-lesson-head button[data-action="part"][data-choice="{len(step.examples)}"]').click()
    widget = widget_of(page, task)
    live(page, f'[data-tutor-widget][data-kind="tasks"][data-section="{task.section}"]')
    open_task(page, widget, task)
    make(page, widget, wrong_move)
    click_pile(page, widget, forbidden_from)
    click_pile(page, widget, forbidden_to)
    widget.locator('button[data-action="show"]').click()
    settled(page, widget)
    marked = Move.parse(str(task.position().canonical(task.answers[0]))).sources[0]
    page.wait_for_function("([el, pile]) => el.querySelector('.tutor-task-board').contains(document.activeElement)"
                           " && document.activeElement.dataset.pile === pile", arg=[widget.element_handle(), marked])
    assert watch.errors == [] and watch.foreign == []
    context.close()
