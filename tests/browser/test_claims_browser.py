"""The claim cards and the home page in Debian's Chromium (issues 6 and 12).

On the Queen's Audience page in both languages: the card as built (its chart, one plain sentence,
the figures in the page's number format), then "Check with new deals" – the progress bar moves,
one line and the chart's bar for the new deals change, the page stays responsive, and Stop ends
the run. The home page shows a board per game, the three things to do, and the table of stated and
measured figures; each game page shows its first board within the first desktop screen. Expected
words and numbers come from tutor.claims, the same Python that drew the page."""

from __future__ import annotations

import re

import pytest
from test_site import LIVE_TIMEOUT_MS, Watch, page_url

from tutor.claims import CLAIMS, format_number, format_percent, sentence, stored_figure
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES, Text

CLAIM = "qa-one-pass"
# a percent as each language writes it: 27.4% / 27,4 % (no-break space)
PERCENT = {"en": re.compile(r"\d+\.\d%"), "de": re.compile(r"\d+,\d\u00a0%")}
WRONG_PERCENT = {"en": re.compile(r"\d+,\d\s?%"), "de": re.compile(r"\d+\.\d\s?%")}


def progress_value(widget) -> int:
    return int(widget.locator("progress").evaluate("p => p.value"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_check_with_new_deals_shows_progress_and_stops(browser, base_url, lang):
    context = browser.new_context()
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, "queens-audience/") + "#winning")
    widget = page.locator(f'[data-tutor-widget]:has([data-claim="{CLAIM}"])')

    # as built: the sentence, the chart with its text alternative, the figure in the page's format
    figure = stored_figure(CLAIMS[CLAIM].measurement)
    built = widget.inner_text()
    assert sentence(CLAIMS[CLAIM], lang) in built
    chart = widget.get_by_role("img")
    assert chart.count() == 1 and format_percent(figure.rate, lang) in chart.get_attribute("aria-label")
    assert format_percent(figure.rate, lang) in built and not WRONG_PERCENT[lang].search(built)
    assert format_number(figure.games, lang) not in built  # the deal count waits in the folded details
    widget.locator("summary").click()
    assert format_number(figure.games, lang) in widget.inner_text()

    page.wait_for_selector(f'[data-tutor-widget][data-state="live"]:has([data-claim="{CLAIM}"])',
                           timeout=LIVE_TIMEOUT_MS)
    widget.get_by_role("button", name=Text("ui", "Check with new deals").render(lang)).click()
    widget.locator('[data-run="running"] progress').wait_for()
    first = progress_value(widget)
    page.wait_for_function(
        """([selector, first]) => { const p = document.querySelector(selector); return p && p.value > first; }""",
        arg=[f'[data-claim="{CLAIM}"] progress', first], timeout=30_000)

    # the page answers while the engine plays: a timer and a frame come round at once
    lag = page.evaluate("""() => new Promise(resolve => { const start = performance.now();
                               setTimeout(() => requestAnimationFrame(
                                   () => resolve(performance.now() - start)), 0); })""")
    assert lag < 1000, f"the page was blocked for {lag:.0f} ms"
    running = widget.inner_text()
    assert widget.locator(".tutor-claim-line").count() == 1
    assert running.count(sentence(CLAIMS[CLAIM], lang)) == 1  # nothing repeats while it runs
    assert widget.locator('svg.tutor-chart rect[fill="#6a3d9a"]').count() == 1  # the new deals' bar
    assert PERCENT[lang].search(running) and not WRONG_PERCENT[lang].search(running)

    widget.get_by_role("button", name=Text("ui", "Stop").render(lang)).click()
    widget.locator('[data-run="stopped"]').wait_for(timeout=30_000)
    stopped_at = progress_value(widget)
    total = CLAIMS[CLAIM].measurement.live_deals
    assert 0 < stopped_at < total
    page.wait_for_timeout(1000)
    assert progress_value(widget) == stopped_at, "the run went on after Stop"
    line = widget.locator(".tutor-claim-line").inner_text()
    head = Text("ui", "Stopped after {done} of {total} new deals: {found}.", done=format_number(stopped_at, lang),
                total=format_number(total, lang), found="").render(lang)
    assert line.startswith(head.rsplit(":", 1)[0])
    assert PERCENT[lang].search(line)
    # said once to screen readers: the status line (a live region) carries the end of the run
    assert widget.locator(".tutor-status").inner_text() == line
    # the keyboard stays on the widget: Stop became "Check again"
    assert page.evaluate("document.activeElement.dataset.action") == "check"
    assert widget.get_attribute("data-state") == "live"
    assert watch.errors == [] and watch.foreign == []
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_shows_the_games_what_to_do_and_the_figures(browser, base_url, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(page_url(base_url, lang, ""))
    boards = page.locator(".grid .card svg.tutor-svg")
    assert boards.count() == 3
    for game in game_ids():
        assert page.locator(f'.grid .card a[href="play/{game}/"]').count() == 1
    table = page.locator(".tutor-figures-table table")
    for value, shown in [(el.get_attribute("value"), el.inner_text())
                         for el in table.locator("data.tutor-measured").all()]:
        assert shown == format_percent(float(value), lang)
    assert table.locator("data.tutor-measured").count() >= 4
    # in five seconds: the title, what the site is and the three things to do are on the first screen
    what = page.locator("#what").bounding_box()
    assert what is not None and what["y"] < 400
    context.close()


@pytest.mark.parametrize("path", ["fortunes-favour/", "queens-audience/", "forty-thieves/"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_board_is_on_the_first_desktop_screen(browser, base_url, lang, path):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(page_url(base_url, lang, path))
    # read in one step: the widget may swap its board for the live one at any moment
    top = page.wait_for_function("""() => {
        const board = document.querySelector("svg.tutor-svg");
        const box = board && board.getBoundingClientRect();
        return box && box.height > 0 ? box.top + window.scrollY : null;
    }""").json_value()
    assert top < 800 - 150, top  # at least its top rows show
    context.close()
