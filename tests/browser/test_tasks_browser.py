"""The tasks on the rules pages in Debian's Chromium (issue 23), per game with tasks and per language:
a task answered with a legal wrong move ("You may move the 7♣ onto the 8♣. But …") and a forbidden one (the rule's own
sentence and its link), "Show me" after two misses, then the right answer made by keyboard alone;
the answer said in the task's live region; the progress kept over a reload and the language switch,
gone after the path's reset; the answer played in beats (none under reduced motion); axe finds
nothing. A game joins by having tasks."""

from __future__ import annotations

import json

import pytest
from site_server import show_lesson_part
from test_a11y import axe_violations
from test_keyboard import arrow_to, focused
from test_site import LIVE_TIMEOUT_MS, Watch, page_url

from tutor.engine import Move
from tutor.engine.registry import game_ids
from tutor.i18n import DEFAULT_LANGUAGE, LANGUAGES, Text
from tutor.tasks import tasks_of
from tutor.tasks.kinds import MAKE_MOVE, WHAT_NEXT
from tutor.web.board_input import read_pick
from tutor.web.progress import AFTER_MISS, FIRST, HELPED, key_of, outcomes_text, set_aside_text
from tutor.web.render import as_sentence

GAMES = [game for game in game_ids() if tasks_of(game)]
def other_language(lang: str) -> str:
    """The language the page is switched to: the first of the others."""
    return [other for other in LANGUAGES if other != lang][0]


def a_task(game: str):
    """The game's first make-move task with a legal move that is not its answer and a forbidden drop
    of another card; returns (task, that legal move, the forbidden (source, destination))."""
    for task in tasks_of(game, None):
        if task.kind is not MAKE_MOVE:
            continue
        position = task.position()
        answers = {str(position.canonical(answer)) for answer in task.answers}
        sources = {Move.parse(answer).src for answer in task.answers}
        legal = [str(move) for move in position.legal_moves() if str(move) not in answers]
        forbidden = None
        rows = [view.id for view in position.layout() if view.kind in ("tableau", "reserve")]
        for source in [pile for pile in rows if position.piles[pile]]:
            if source in sources:
                continue
            first = read_pick(position, None, source, position.piles[source][-1].code)
            if first.selection is None:
                continue
            for target in rows:
                if read_pick(position, first.selection, target).refused:
                    forbidden = (source, target)
                    break
            if forbidden:
                break
        if legal and forbidden:
            return task, legal[0], forbidden
    raise AssertionError(f"{game}: no make-move task with a wrong legal and a forbidden move")


def widget_of(page, task):
    return page.locator(f'[data-tutor-widget][data-kind="tasks"][data-section="{task.section}"]')


def wait_tasks_live(page) -> None:
    page.wait_for_function("() => [...document.querySelectorAll('[data-tutor-widget]')]"
                           ".every(w => w.dataset.state === 'live')", timeout=LIVE_TIMEOUT_MS)


def settled(page, widget) -> None:
    page.wait_for_function("el => !el.querySelector('.tutor-body[aria-busy]')"
                           " && !el.querySelector('.tutor-task-beats')", arg=widget.element_handle())


def click_pile(page, widget, pile: str) -> None:
    widget.locator(f'.tutor-task-board svg [data-pile="{pile}"][tabindex]').last.click()
    settled(page, widget)


def make(page, widget, move: str) -> None:
    parsed = Move.parse(move)
    click_pile(page, widget, parsed.sources[0])  # a pair: one of its cards, the other comes along
    if parsed.src != "s":
        click_pile(page, widget, parsed.dst)


def said(page, widget, text: str) -> None:
    """The task's live region says ``text`` (once: the region holds that one answer)."""
    page.wait_for_function("([el, text]) => el.querySelector('.tutor-task-live').textContent === text",
                           arg=[widget.element_handle(), text])


def open_task(page, widget, task) -> None:
    for index in range(len(tasks_of(task.game, task.section))):
        if widget.locator(f'[data-task="{task.id}"]').count():
            return
        widget.locator(f'button[data-choice="{index}"]').click()
        settled(page, widget)
    assert widget.locator(f'[data-task="{task.id}"]').count(), task.id


def stored(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage)"
                         ".filter(k => k.startsWith('tutor-progress:')).map(k => [k, localStorage.getItem(k)]))")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_task_is_answered_wrong_forbidden_shown_and_right_and_its_progress_is_kept(browser, base_url, game, lang):
    task, wrong_move, (forbidden_from, forbidden_to) = a_task(game)
    position = task.position()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, f"{game}/"))
    wait_tasks_live(page)
    widget = widget_of(page, task)
    show_lesson_part(page, widget)
    open_task(page, widget, task)
    root = widget.locator(".tutor-task")
    assert root.get_attribute("data-task-state") == "ready"

    make(page, widget, wrong_move)  # legal, not the answer
    said(page, widget, " ".join(as_sentence(text.render(lang))
                                for text in task.not_the_answer(position, Move.parse(wrong_move))))
    assert root.get_attribute("data-task-state") == "ready"

    click_pile(page, widget, forbidden_from)  # a move the rules forbid: their own sentence
    click_pile(page, widget, forbidden_to)
    first = read_pick(position, None, forbidden_from, position.piles[forbidden_from][-1].code)
    reason = read_pick(position, first.selection, forbidden_to).text
    help_offer = Text("ui", "You can ask to be shown the answer now.").render(lang)
    said(page, widget, f"{as_sentence(reason.render(lang))} {as_sentence(help_offer)}")
    rule = widget.locator(".tutor-task-rule a")
    assert rule.get_attribute("href") == f"#{position.rules.refusals[reason.reason]}"

    widget.locator('button[data-action="show"]').click()  # after two misses
    settled(page, widget)
    answer = Move.parse(task.answers[0])
    board = widget.locator(".tutor-task-board")
    assert board.locator(f'.tutor-arrow[data-from="{answer.src}"][data-to="{answer.dst}"]').count() == 1

    # the answer by keyboard alone: from the task's last choice, Tab onto the board, the arrows, Enter
    widget.locator("button[data-choice]").last.focus()
    page.keyboard.press("Tab")
    scope = f'[data-tutor-widget][data-section="{task.section}"]'
    assert focused(page, scope)["inBoard"]
    arrow_to(page, answer.src, scope)
    page.keyboard.press("Enter")
    settled(page, widget)
    if {view.id: view.kind for view in position.layout()}[answer.src] != "stock":  # the stock turns on one pick
        arrow_to(page, answer.dst, scope)
        page.keyboard.press("Enter")
    settled(page, widget)
    said(page, widget, as_sentence(task.said(task.right, position, task.answered(task.answers[0])).render(lang)))
    assert root.get_attribute("data-task-state") == "solved"
    assert json.loads(stored(page)[key_of(task.id)]) == {"v": 2, "solved": True, "misses": 2, "shown": True}
    assert widget.locator(".tutor-task-beats").count() == 0 and board.is_visible()
    assert axe_violations(page) == []

    solved_label = Text("ui", "{number} (solved)", number=1).render(lang).split(" ", 1)[1]
    path_step = page.locator(f'[data-kind="path"] [data-step="{task.section}"]')

    page.reload()  # progress kept
    wait_tasks_live(page)
    assert solved_label in widget.locator("button[data-choice]").all_inner_texts()[
        [t.id for t in tasks_of(game, task.section)].index(task.id)]
    solved_words = Text("ui", "solved {solved} of {count}: {outcomes}", solved=1,
                        count=len(tasks_of(game, task.section)), outcomes=outcomes_text({FIRST: 0, AFTER_MISS: 0,
                                                                                          HELPED: 1}))
    assert solved_words.render(lang) in path_step.inner_text()

    other = other_language(lang)
    page.hover(".md-header__option .md-select")  # the other language: the same records
    page.click(f'.md-select__link[hreflang="{other}"]')
    page.wait_for_url(f"**/{'' if other == DEFAULT_LANGUAGE else other + '/'}{game}/**")
    wait_tasks_live(page)
    assert solved_words.render(other) in path_step.inner_text()

    page.locator('[data-kind="path"] button[data-action="ask-reset"]').click()
    page.locator('[data-kind="path"] button[data-action="reset"]').click()
    # every widget of the page hears of the reset and is drawn again, one after the other in the engine:
    # on a loaded machine that takes a while
    try:
        page.wait_for_function("() => !Object.keys(localStorage).some(k => k.startsWith('tutor-progress:'))",
                               timeout=LIVE_TIMEOUT_MS)
        # the choices are looked up afresh: the task's view is swapped, its root stays
        page.wait_for_function("el => !el.querySelector('.tutor-choices').textContent.includes(' (')",
                               arg=widget.element_handle(), timeout=LIVE_TIMEOUT_MS)
    except Exception:  # say what the page kept and shows instead
        raise AssertionError((stored(page), widget.locator(".tutor-choices").inner_text())) from None
    assert "tutor-path-solved" not in page.locator('[data-kind="path"]').inner_html()
    assert watch.errors == [] and watch.foreign == []
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_right_answer_travels_in_beats_unless_the_reader_asks_for_less_motion(browser, base_url, game):
    # a task answered by one pick: the card that moves next, or the stock turned (a game that forces nothing)
    task = next(t for t in tasks_of(game) if t.kind is WHAT_NEXT
                or (t.kind is MAKE_MOVE and t.answers == ("s-w",)))
    for motion in ("no-preference", "reduce"):
        context = browser.new_context(reduced_motion=motion)
        page = context.new_page()
        page.goto(page_url(base_url, "en", f"{game}/"))
        wait_tasks_live(page)
        widget = widget_of(page, task)
        show_lesson_part(page, widget)
        open_task(page, widget, task)
        widget.evaluate("""el => { el.seen = 0; new MutationObserver(() => {
            if (el.querySelector('.tutor-task-beats:not([hidden]) .tutor-travelling')) el.seen += 1;
        }).observe(el, { subtree: true, childList: true, attributes: true }); }""")
        widget.locator(f'.tutor-task-board svg [data-pile="{Move.parse(task.answers[0]).src}"][tabindex]').last.click()
        settled(page, widget)
        assert widget.locator(".tutor-task").get_attribute("data-task-state") == "solved"
        travelled = widget.evaluate("el => el.seen")
        assert (travelled > 0) == (motion == "no-preference"), (motion, travelled)
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_corrupt_record_is_reported_and_kept_aside(browser, base_url, lang):
    game = GAMES[0]
    task = tasks_of(game)[0]
    context = browser.new_context()
    page = context.new_page()
    page.goto(page_url(base_url, lang, f"{game}/"))
    # every widget of the first load has read the records: none of them can find the corrupt one and keep it
    # aside before the reload (on a loaded machine one did, and the reloaded page had nothing left to say)
    wait_tasks_live(page)
    page.evaluate("([key]) => localStorage.setItem(key, '{\"v\": 1, \"solved\": tru')", [key_of(task.id)])
    page.reload()
    wait_tasks_live(page)
    expected = set_aside_text(1).render(lang)
    # the path or the task's own widget, whichever reads it first, keeps it aside and says so; the other, which
    # read it too, says nothing (one announcement): widgets go live one after the other, and a loaded machine
    # needs time
    said = "() => [...document.querySelectorAll('.tutor-status, .tutor-task-live')].map(el => el.textContent)"
    try:
        page.wait_for_function(f"text => ({said})().includes(text)", arg=expected, timeout=90_000)
    except Exception:  # say what the page said instead, and where the record is
        raise AssertionError((page.evaluate(said), stored(page))) from None
    assert page.evaluate("([key]) => [localStorage.getItem(key), localStorage.getItem(key + ':set-aside')]",
                         [key_of(task.id)]) == [None, '{"v": 1, "solved": tru']
    wait_tasks_live(page)
    assert sum(expected in text for text in page.evaluate(said)) == 1, page.evaluate(said)
    context.close()


def test_the_home_page_shows_each_games_progress(browser, base_url):
    game = GAMES[0]
    task = tasks_of(game)[0]
    context = browser.new_context()
    page = context.new_page()
    page.goto(base_url)
    page.evaluate("([key]) => localStorage.setItem(key, JSON.stringify({v: 1, solved: true, first_try: true}))",
                  [key_of(task.id)])
    page.reload()
    wait_tasks_live(page)
    line = page.locator(f'[data-kind="progress"][data-game="{game}"] .tutor-progress-line')
    assert line.inner_text().startswith("Your progress: 0 of ")
    assert f"You have solved 1 of {len(tasks_of(game))} tasks" in line.inner_text()
    assert page.locator('[data-kind="progress"]').count() == len(game_ids())
    assert axe_violations(page) == []
    context.close()
