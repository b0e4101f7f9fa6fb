"""Storage full (issue 14): when the browser refuses to store a game (``localStorage.setItem``
throws ``QuotaExceededError``), the widget says so once, in the page's language, and the game goes
on in memory — a guided example's "try it yourself" and the play page alike."""

from __future__ import annotations

import os
from pathlib import Path

from test_a11y import axe_violations
from test_play_browser import PLAY, click_pile, shown_board
from test_play_browser import wait_live as wait_play_live
from test_scenarios_widget import root_of, wait_live
from test_site import Watch, page_url

from tutor.i18n import Text

UNSAVED = Text("ui", "The browser's storage is full or turned off, so this game will not be kept after you leave "
                    "the page.")

# Every write to the storage fails as a full one does; every time a line of a widget (its status
# line, the note below it) comes to hold the message is counted, per widget (it must be once).
STORAGE_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
window.__unsaved = {}; // widget id → how many times one of its lines came to hold the message
document.addEventListener("DOMContentLoaded", () => {
  const had = new WeakMap();
  new MutationObserver(() => {
    for (const line of document.querySelectorAll("[data-tutor-widget] > :is(.tutor-status, .tutor-unsaved)")) {
      const widget = line.parentElement;
      const has = Boolean(widget.dataset.msgUnsaved) && line.textContent.includes(widget.dataset.msgUnsaved);
      const id = widget.dataset.tutorWidget;
      if (has && !had.get(line)) window.__unsaved[id] = (window.__unsaved[id] || 0) + 1;
      had.set(line, has);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
});
"""

SCENARIO = "ft-worked-example"


def test_a_guided_example_says_once_that_it_is_not_kept_and_plays_on(browser, base_url):
    context = browser.new_context()
    context.add_init_script(STORAGE_FULL)
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, "de", "forty-thieves/"))
    wait_live(page, SCENARIO)
    widget = root_of(page, SCENARIO)
    note = widget.locator(":scope > .tutor-unsaved")
    message = UNSAVED.render("de")
    assert widget.get_attribute("data-msg-unsaved") == message != UNSAVED.render("en")
    widget.locator('[data-guide="next"]').click()  # the guide's place cannot be stored
    widget_id = widget.get_attribute("data-tutor-widget")
    page.wait_for_function("id => window.__unsaved[id] > 0", arg=widget_id)
    assert note.inner_text() == message and note.is_visible() and note.get_attribute("role") == "status"
    widget.locator('[data-guide="next"]').click()
    # try it yourself, then a move from the list of legal moves: the game goes on in memory
    widget.locator('[data-guide="try"]').click()
    page.wait_for_selector(f'[data-scenario="{SCENARIO}"] .tutor-play-view')
    before = widget.locator(".tutor-play svg").inner_html()
    widget.locator('.tutor-play button[data-action="legal"]').click()
    widget.locator(".tutor-play button[data-move]").first.click()
    page.wait_for_function("sel => document.querySelector(sel)?.textContent.trim()",
                           arg=f'[data-scenario="{SCENARIO}"] .tutor-announce')
    page.wait_for_timeout(200)
    assert widget.locator(".tutor-play svg").inner_html() != before
    assert page.evaluate("window.__unsaved") == {widget_id: 1}  # said once, not after every step or move
    assert note.count() == 1 and note.inner_text() == message  # and it stays while the reader plays
    assert page.evaluate(f"localStorage.getItem('tutor-scenario:{SCENARIO}')") is None
    _shot(widget, "guide-storage-full-de.png")
    assert watch.errors == [] and watch.foreign == []
    context.close()


def test_the_play_page_says_once_that_the_game_is_not_kept_and_plays_on(browser, base_url):
    context = browser.new_context()
    context.add_init_script(STORAGE_FULL)
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, "en", "play/forty-thieves/") + "#deal=2")
    wait_play_live(page)
    message = UNSAVED.render("en")
    widget_id = page.get_attribute(PLAY, "data-tutor-widget")
    page.wait_for_function("id => window.__unsaved[id] > 0", arg=widget_id)
    note = page.locator(f"{PLAY} > .tutor-unsaved")
    assert note.count() == 1 and note.is_visible() and note.inner_text() == message
    for _ in range(3):  # turn three cards of the talon: the board changes, nothing is said again
        before = shown_board(page)
        click_pile(page, "s")
        assert shown_board(page)["w"] != before["w"]
    assert note.count() == 1
    said = page.evaluate("window.__unsaved")  # the page's exercise widget, if any, says it once too
    assert said[widget_id] == 1 and set(said.values()) == {1}, said
    _shot(page.locator(PLAY), "play-storage-full-en.png")
    assert axe_violations(page) == []
    assert watch.errors == [] and watch.foreign == []
    context.close()


def _shot(element, name: str) -> None:
    """With ``TUTOR_SHOTS`` set (a folder), a picture of the widget for a person to look at."""
    folder = os.environ.get("TUTOR_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        element.screenshot(path=str(Path(folder) / name))
