"""Four-colour suits (issue 24) in Debian's Chromium: a switch in every page's header, named in the
page's language, that draws ♦ blue and ♣ green on every board of the site (as the pixels of a
board show), kept in localStorage for every page and applied before any board is drawn (no
flash), each colour at least 4.5:1 on the card face, the suits keeping their shapes; keyboard and
axe-core."""

from __future__ import annotations

import base64

import pytest
from test_a11y import axe_violations
from test_site import page_url, wait_for_state

from tutor.i18n import LANGUAGES, Text

DIAMONDS, CLUBS = (21, 101, 192), (46, 125, 50)  # tutor.css: #1565c0, #2e7d32
FACE = (255, 255, 255)

# Before any board is in the document, record whether the setting is already applied.
RECORD = """(() => {
    window.tutorSuitsAtFirstBoard = "no board";
    new MutationObserver((records, observer) => {
        if (document.querySelector('svg.tutor-svg')) {
            window.tutorSuitsAtFirstBoard = document.documentElement.dataset.suits || "";
            observer.disconnect();
        }
    }).observe(document, { childList: true, subtree: true });
})();"""

COUNT = """async ([data, colours]) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + data;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width; canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    return colours.map(([r, g, b]) => {
        let n = 0;
        for (let i = 0; i < pixels.length; i += 4) {
            if (Math.abs(pixels[i] - r) < 30 && Math.abs(pixels[i + 1] - g) < 30
                && Math.abs(pixels[i + 2] - b) < 30) n++;
        }
        return n;
    });
}"""


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hex_rgb(text: str) -> tuple[int, int, int]:
    text = text.strip().lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def coloured_pixels(counter, board) -> list[int]:
    shot = base64.b64encode(board.screenshot()).decode("ascii")
    return counter.evaluate(COUNT, [shot, [list(DIAMONDS), list(CLUBS)]])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_four_colour_suits_are_a_kept_setting_for_every_board(browser, base_url, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(RECORD)
    page = context.new_page()
    counter = context.new_page()  # a blank page that counts a screenshot's pixels
    page.goto(page_url(base_url, lang, ""))
    name = Text("ui", "Four-colour suits").render(lang)
    switch = page.get_by_role("button", name=name)
    assert switch.count() == 1 and switch.get_attribute("aria-pressed") == "false"
    assert page.evaluate("document.documentElement.dataset.suits") is None
    board = page.locator(".grid .card .tutor-board").first  # Fortune's Favour: ♦ and ♣ among its cards
    assert coloured_pixels(counter, board) == [0, 0]

    switch.focus()
    page.keyboard.press("Enter")  # a button: the keyboard reaches and presses it
    assert switch.get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.documentElement.dataset.suits") == "four"
    assert page.evaluate("localStorage.getItem('tutor-suits')") == "four"
    blue, green = coloured_pixels(counter, board)
    assert blue > 50 and green > 50, (blue, green)
    for colour in ("--tutor-diamonds", "--tutor-clubs"):
        value = page.evaluate(f"getComputedStyle(document.documentElement).getPropertyValue('{colour}')")
        assert contrast(hex_rgb(value), FACE) >= 4.5, (colour, value)
    # the suits keep their shapes: the faces still draw ♦ and ♣
    for suit, symbol in (("d", "♦"), ("c", "♣")):
        pips = page.evaluate(f"[...document.querySelectorAll('symbol.tutor-suit-{suit} .tutor-pip')]"
                             ".map(t => t.textContent)")
        assert pips and set(pips) == {symbol}
    assert axe_violations(page) == []

    # every page: applied before its first board is in the document, the switch shown pressed
    for path in ("forty-thieves/", "play/queens-audience/"):
        page.goto(page_url(base_url, lang, path))
        assert page.evaluate("window.tutorSuitsAtFirstBoard") == "four"
        assert page.get_by_role("button", name=name).get_attribute("aria-pressed") == "true"
        wait_for_state(page)  # the live board replaces the built one: count the pixels of the one that stays
        assert sum(coloured_pixels(counter, page.locator(".tutor-board").first)) > 0
    page.get_by_role("button", name=name).click()
    assert page.evaluate("localStorage.getItem('tutor-suits')") is None
    assert page.evaluate("document.documentElement.dataset.suits") is None
    page.reload()
    assert page.evaluate("window.tutorSuitsAtFirstBoard") == ""
    context.close()


def test_the_switch_is_in_every_pages_header_on_a_phone_too(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    for path in ("", "about/", "fortunes-favour/", "de/play/forty-thieves/"):
        page.goto(base_url + path)
        switch = page.locator(".md-header .tutor-suits-toggle")
        box = switch.bounding_box()
        assert box and box["width"] >= 24 and box["height"] >= 24 and box["x"] + box["width"] <= 390, (path, box)
    page.locator(".md-header .tutor-suits-toggle").tap()
    assert page.evaluate("document.documentElement.dataset.suits") == "four"
    assert axe_violations(page) == []
    context.close()


def test_a_link_under_the_pointer_stays_readable(browser, base_url):
    """A hovered link takes the theme's accent colour: it keeps at least 4.5:1 on the page's white,
    in the text and in the navigation (Material's amber gave 1.6:1)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(page_url(base_url, "en", "fortunes-favour/"))
    for selector in (".md-content .md-typeset p a[href]:not(.md-button):visible",
                     ".md-sidebar--primary .md-nav__link[href]"):
        link = page.locator(selector).first
        link.hover()
        colour = link.evaluate("a => getComputedStyle(a).color")
        rgb = tuple(int(part) for part in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3])
        assert contrast(rgb, (255, 255, 255)) >= 4.5, (selector, colour)
    context.close()
