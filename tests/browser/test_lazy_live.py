"""Widgets go live where the reader looks (issue 44), on the real game pages, in a browser as a
reader's is (``browser.reader_context()``: no ``EVERY_WIDGET_LIVE``).

"a widget far down the page is not live before it is scrolled to and is live after; a deep link
brings its widget to life first; offline still works; the page's DOM contract (data-state)
unchanged for the widgets that are live." And the tests' one way to bring every widget to life."""

from __future__ import annotations

import pytest
from test_offline import SW_ACTIVE
from test_site import LIVE_TIMEOUT_MS, Watch, page_url

VIEWPORT = {"width": 1280, "height": 900}
PAGES = [("en", "fortunes-favour/"), ("de", "forty-thieves/")]
MARKED = "name => performance.getEntriesByName(name).length > 0"
# [widget id, startTime] of each per-widget mark (tutor.js), in the order they were made
MARKS = "name => performance.getEntriesByName(name).map(e => [e.detail, e.startTime])"
IN_VIEW = """() => [...document.querySelectorAll('[data-tutor-widget]')].filter(w => {
    const r = w.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })
  .map(w => [w.dataset.tutorWidget, w.dataset.state])"""
# the first widget after the h2 the address names (no other h2 between): the anchor's widget
ANCHORED = """name => {
  const heading = document.getElementById(name);
  const after = [...document.querySelectorAll('h1, h2, [data-tutor-widget]')]
    .find(e => heading.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING);
  return after.dataset.tutorWidget; }"""


def wait_first_wave(page) -> None:
    page.wait_for_function(MARKED, arg="tutor-live", timeout=LIVE_TIMEOUT_MS, polling=50)


def state(page, widget_id: str) -> str:
    return page.get_attribute(f'[data-tutor-widget="{widget_id}"]', "data-state")


@pytest.mark.parametrize("lang,path", PAGES)
def test_a_widget_far_down_is_static_until_the_reader_scrolls_to_it(browser, base_url, lang, path):
    context = browser.reader_context(viewport=VIEWPORT)
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, path))
    wait_first_wave(page)
    in_view = page.evaluate(IN_VIEW)
    assert in_view and {s for _, s in in_view} == {"live"}, in_view  # the first viewport's widgets: live
    assert page.evaluate("document.documentElement.dataset.live") == "in-view"
    assert page.evaluate("performance.getEntriesByName('tutor-live').length") == 1
    far = page.locator("[data-tutor-widget]:not([hidden] *)").last  # the last one shown: a lesson's part
    far_id = far.get_attribute("data-tutor-widget")
    page.wait_for_timeout(1500)  # the engine is up and idle: nothing but the reader wakes it
    assert far.get_attribute("data-state") == "static"
    assert far_id not in {w for w, _ in page.evaluate(MARKS, "tutor-widget-woken")}
    # as built, readable, and no "getting ready" note while the reader is not near
    assert far.locator(".tutor-board-wait:visible, .tutor-task-ready:visible").count() == 0
    assert far.locator("svg [data-card]").count() > 0
    static = page.evaluate("() => [...document.querySelectorAll('[data-tutor-widget]')]"
                           ".filter(w => w.dataset.state === 'static').length")
    assert static >= 5, static  # most of the page waits for the reader
    far.scroll_into_view_if_needed()
    page.wait_for_selector(f'[data-tutor-widget="{far_id}"][data-state="live"]', timeout=10_000)
    assert far_id in {w for w, _ in page.evaluate(MARKS, "tutor-widget-live")}
    assert page.evaluate("document.documentElement.dataset.live") == "in-view"  # not every widget yet
    assert watch.errors == [] and watch.foreign == [] and watch.failed == []
    context.close()


@pytest.mark.parametrize("lang,path", PAGES)
def test_a_deep_link_brings_its_widget_to_life_first(browser, base_url, lang, path):
    context = browser.reader_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(page_url(base_url, lang, path) + "#playing")
    wait_first_wave(page)
    target = page.evaluate(ANCHORED, "playing")
    woken = page.evaluate(MARKS, "tutor-widget-woken")
    live = page.evaluate(MARKS, "tutor-widget-live")
    assert woken[0][0] == target, woken
    # the first to go live: the anchor's widget or, for a lesson, the part of it the reader sees
    inside = page.eval_on_selector_all(f'[data-tutor-widget="{target}"] [data-tutor-widget]',
                                       "ws => ws.map(w => w.dataset.tutorWidget)")
    assert min(live, key=lambda mark: mark[1])[0] in {target, *inside}, live
    assert state(page, target) == "live"
    # the top of the page, which the reader skipped, is not brought to life
    assert state(page, page.locator("[data-tutor-widget]").first.get_attribute("data-tutor-widget")) == "static"
    context.close()


def test_the_tests_one_way_brings_every_widget_to_life(browser, base_url):
    """The tests' browser (conftest: EVERY_WIDGET_LIVE) wakes every widget, in page order, and
    marks the page when all are live."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(page_url(base_url, "de", "forty-thieves/"))
    page.wait_for_selector("html[data-live='all']", timeout=LIVE_TIMEOUT_MS)
    states = page.eval_on_selector_all("[data-tutor-widget]", "ws => ws.map(w => w.dataset.state)")
    assert len(states) >= 20 and set(states) == {"live"}
    order = [w for w, _ in page.evaluate(MARKS, "tutor-widget-woken")]
    assert order == page.eval_on_selector_all("[data-tutor-widget]", "ws => ws.map(w => w.dataset.tutorWidget)")
    context.close()


def test_offline_the_reader_page_goes_live_where_the_reader_looks(browser, base_url):
    """After one visit, offline: a deep link's widget and a widget scrolled to go live."""
    context = browser.reader_context(service_workers="allow", viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.goto(page_url(base_url, "en", "fortunes-favour/"))
        wait_first_wave(page)
        assert page.evaluate(SW_ACTIVE) == "activated"  # registered once the first wave was live
        context.set_offline(True)
        page.goto(page_url(base_url, "de", "forty-thieves/") + "#playing")
        wait_first_wave(page)
        assert state(page, page.evaluate(ANCHORED, "playing")) == "live"
        far = page.locator("[data-tutor-widget]:not([hidden] *)").last  # the last one shown: a lesson's part
        assert far.get_attribute("data-state") == "static"
        far.scroll_into_view_if_needed()
        far_id = far.get_attribute("data-tutor-widget")
        page.wait_for_selector(f'[data-tutor-widget="{far_id}"][data-state="live"]', timeout=10_000)
    finally:
        context.close()
