"""Every page on a 390×844 phone in Debian's Chromium: the card corners of every board are at
least 11 CSS px high (a board wider than the screen scrolls inside its own frame, never the page),
interactive targets are at least 24×24 CSS px, and the Queen's Audience square, as drawn, has four
cards on each side."""

from __future__ import annotations

import pytest

from test_site import LIVE_TIMEOUT_MS, PAGES, page_url

PHONE = {"width": 390, "height": 844}
MIN_CORNER_PX = 11
MIN_TARGET_PX = 24

CORNERS = """() => {
    // every card corner drawn on a board that is shown (hidden frames and closed details excluded)
    const heights = [];
    for (const svg of document.querySelectorAll('svg.tutor-svg')) {
        if (!svg.getClientRects().length) continue;
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const size = parseFloat(getComputedStyle(document.querySelector('.tutor-index')).fontSize);
        heights.push(size * scale);
    }
    return heights;
}"""

TARGETS = """() => [...document.querySelectorAll(
        '[data-tutor-widget] button, [data-tutor-widget] [role=button], [data-tutor-widget] a, .md-header .md-header__button')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map(e => { const b = e.getBoundingClientRect();
                return [e.dataset.action || e.dataset.guide || e.dataset.pile || e.className.baseVal || e.className,
                        Math.round(b.width * 10) / 10, Math.round(b.height * 10) / 10]; })"""


def show_every_frame(page) -> None:
    """The first frame of each guide is shown; show one later frame too (a board mid-game)."""
    page.evaluate("""() => { for (const s of document.querySelectorAll('.tutor-scenario')) {
        const frames = s.querySelectorAll('.tutor-frame'); if (frames.length > 2) {
        frames.forEach((f, i) => f.hidden = i !== frames.length - 1); } } }""")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_boards_are_legible_and_the_page_never_scrolls_sideways(browser, base_url, lang):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    measured = 0
    for path in PAGES:
        page.goto(page_url(base_url, lang, path))
        for round_ in range(2):
            if round_:
                show_every_frame(page)
            corners = page.evaluate(CORNERS)
            measured += len(corners)
            assert all(h >= MIN_CORNER_PX for h in corners), (path, sorted(corners)[:5])
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], (path, width)
        # a board that does not fit scrolls in its frame, which shows it can (and takes focus)
        for frame in page.locator(".tutor-board").all():
            if frame.evaluate("f => f.getClientRects().length && f.scrollWidth > f.clientWidth + 1"):
                assert frame.evaluate("f => getComputedStyle(f).overflowX") == "auto"
                assert frame.evaluate("f => getComputedStyle(f).backgroundImage").count("gradient") >= 2
        # the home page's table scrolls in its own frame too, never the page
        for wrap in page.locator(".md-typeset__scrollwrap").all():
            assert wrap.evaluate("w => getComputedStyle(w).overflowX") == "auto"
    assert measured > 40
    context.close()


@pytest.mark.parametrize("path", ["fortunes-favour/", "queens-audience/", "forty-thieves/"])
def test_targets_are_at_least_24_px_live_and_in_play(browser, base_url, path):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(page_url(base_url, "de", path))
    guide = page.locator("[data-tutor-widget][data-scenario]").first
    guide.locator('[data-guide="try"]:not([disabled])').wait_for(timeout=LIVE_TIMEOUT_MS)
    guide.locator('[data-guide="try"]').click()
    guide.locator(".tutor-play-view").wait_for()
    guide.locator('.tutor-play [data-action="legal"]').click()
    guide.locator(".tutor-legal").wait_for()
    targets = page.evaluate(TARGETS)
    assert len(targets) > 20
    small = [t for t in targets if t[1] < MIN_TARGET_PX or t[2] < MIN_TARGET_PX]
    assert small == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_queens_audience_square_has_four_cards_on_each_side_as_drawn(browser, base_url, lang):
    """“16 offene Karten als hohles Quadrat, vier an jeder Seite” — measured on the page."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(page_url(base_url, lang, "queens-audience/"))
    boxes = page.locator(".tutor-picture svg.tutor-svg, .tutor-frame:not([hidden]) svg.tutor-svg").first.evaluate(
        """svg => [...svg.querySelectorAll('.tutor-card[data-pile^="r"]')].map(g => {
               const b = g.getBoundingClientRect(); return [Math.round(b.x), Math.round(b.y)]; })""")
    assert len(boxes) == 16
    xs, ys = sorted({x for x, _ in boxes}), sorted({y for _, y in boxes})
    sides = [sum(1 for x, y in boxes if y == ys[0]), sum(1 for x, y in boxes if y == ys[-1]),
             sum(1 for x, y in boxes if x == xs[0]), sum(1 for x, y in boxes if x == xs[-1])]
    assert sides == [4, 4, 4, 4]
    corners = {(xs[0], ys[0]), (xs[-1], ys[0]), (xs[0], ys[-1]), (xs[-1], ys[-1])}
    assert not corners & set(map(tuple, boxes))  # the corners stay open
    context.close()


@pytest.mark.parametrize("lang,words", [
    ("en", {"fortunes-favour/": ["Stock", "Waste", "Foundations", "Pile 12"],
            "queens-audience/": ["Antechamber", "Audience chamber: King and Queen", "Jacks", "Stock", "Waste"],
            "forty-thieves/": ["Stock", "Waste", "Foundations", "Column 10"]}),
    ("de", {"fortunes-favour/": ["Vorrat", "Abwurfstapel", "Zielstapel", "Stapel 12"],
            "queens-audience/": ["Vorzimmer", "Audienzsaal: König und Dame", "Buben", "Vorrat", "Abwurfstapel"],
            "forty-thieves/": ["Talon", "Ablagestapel", "Grundstapel", "Spalte 10"]}),
])
def test_each_game_page_labels_its_boards_in_its_words(browser, base_url, lang, words):
    context = browser.new_context()
    page = context.new_page()
    for path, expected in words.items():
        page.goto(page_url(base_url, lang, path))
        shown = page.locator(".tutor-frame:not([hidden]) svg.tutor-svg, .tutor-picture svg.tutor-svg").first.evaluate(
            "svg => [...svg.querySelectorAll('text.tutor-caption')].map(t => t.textContent)")
        for word in expected:
            assert word in shown, (path, word, shown)
    context.close()
