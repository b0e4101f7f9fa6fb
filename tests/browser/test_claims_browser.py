"""The claim checks in Debian's Chromium (issue 6): on the Queen's Audience page in both languages,
the figures as built, then "Check this claim" – the progress bar moves, the live interval is shown
in the page's number format, the page stays responsive, and Stop ends the run. Expected words and
numbers come from tutor.claims, the same Python that drew the page."""

from __future__ import annotations

import re

import pytest

from test_site import LIVE_TIMEOUT_MS, Watch, page_url
from tutor.claims import CLAIMS, format_number, format_percent, format_percent_range, stored_figure
from tutor.i18n import Text

CLAIM = "qa-one-pass"
# a percent as each language writes it: 27.4% / 27,4 % (no-break space)
PERCENT = {"en": re.compile(r"\d+\.\d%"), "de": re.compile(r"\d+,\d\u00a0%")}
WRONG_PERCENT = {"en": re.compile(r"\d+,\d\s?%"), "de": re.compile(r"\d+\.\d\s?%")}


def progress_value(widget) -> int:
    return int(widget.locator("progress").evaluate("p => p.value"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_check_this_claim_shows_progress_and_stops(browser, base_url, lang):
    context = browser.new_context()
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, "queens-audience/") + "#winning")
    widget = page.locator(f'[data-tutor-widget]:has([data-claim="{CLAIM}"])')

    # as built: the text's figure and ours, in the page's number format
    figure = stored_figure(CLAIMS[CLAIM].measurement)
    built = widget.inner_text()
    assert format_percent(figure.rate, lang) in built and format_number(figure.games, lang) in built
    assert format_percent_range(*figure.ci95, lang) in built
    assert not WRONG_PERCENT[lang].search(built)

    page.wait_for_selector(f'[data-tutor-widget][data-state="live"]:has([data-claim="{CLAIM}"])',
                           timeout=LIVE_TIMEOUT_MS)
    widget.get_by_role("button", name=Text("ui", "Check this claim").render(lang)).click()
    widget.locator('[data-run="running"] progress').wait_for()
    first = progress_value(widget)
    page.wait_for_function(
        """([selector, first]) => { const p = document.querySelector(selector); return p && p.value > first; }""",
        arg=[f'[data-claim="{CLAIM}"] progress', first], timeout=30_000)

    # the page answers while the engine plays: a timer and a frame come round at once
    lag = page.evaluate("""() => new Promise(resolve => { const start = performance.now();
                               setTimeout(() => requestAnimationFrame(() => resolve(performance.now() - start)), 0); })""")
    assert lag < 1000, f"the page was blocked for {lag:.0f} ms"
    running = widget.inner_text()
    assert Text("ui", "Checking: {done} of {total} new deals so far.", done="", total="").render(lang)[:8] in running
    assert PERCENT[lang].search(running) and not WRONG_PERCENT[lang].search(running)

    widget.get_by_role("button", name=Text("ui", "Stop").render(lang)).click()
    widget.locator('[data-run="stopped"]').wait_for(timeout=30_000)
    stopped_at = progress_value(widget)
    total = CLAIMS[CLAIM].measurement.live_deals
    assert 0 < stopped_at < total
    page.wait_for_timeout(1000)
    assert progress_value(widget) == stopped_at, "the run went on after Stop"
    stopped = widget.inner_text()
    stopped_sentence = Text("ui", "Stopped after {done} of {total} new deals.", done=format_number(stopped_at, lang),
                            total=format_number(total, lang)).render(lang)
    assert stopped_sentence in stopped
    assert PERCENT[lang].search(stopped)
    # said once to screen readers: the status line (a live region) carries the end of the run
    assert widget.locator(".tutor-status").inner_text().startswith(stopped_sentence)
    # the keyboard stays on the widget: Stop became "Check again"
    assert page.evaluate("document.activeElement.dataset.action") == "check"
    assert widget.get_attribute("data-state") == "live"
    assert watch.errors == [] and watch.foreign == []
    context.close()
