"""Every page on a 390×844 phone in Debian's Chromium: every board fits the screen's width with all
its piles in view (nothing scrolls sideways, neither a board nor the page) and its card corners are
at least 11 CSS px high, in every frame of every guide and every variant of the play pages (issue
24: Forty Thieves' ten and twelve columns too); the home page's "Start learning" is above the fold;
while the engine loads, the board says so where the reader looks and the disabled buttons say why;
interactive targets are at least 24×24 CSS px, and the Queen's Audience square, as drawn, has four
cards on each side. A lesson's boards and its tasks' words lie within the lesson, which paints nothing
outside its box."""

from __future__ import annotations

import pytest
from test_site import LIVE_TIMEOUT_MS, PAGES, page_url

from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES, Text

PHONE = {"width": 390, "height": 844}
MIN_CORNER_PX = 11
MIN_TARGET_PX = 24

# Every board shown, measured as drawn: its box and each pile's (a drawn pile, or a guide's <use> of
# one) inside the screen's width, and its card corners: a probe with the corners' class, put into the
# board, takes the size the board's faces take (the corners are inside <use>, out of reach), times
# the board's scale. A guide's frames lie on top of each other: each is shown in turn, frame n of
# every guide at once. All boxes of a round are read before any probe is put in (a probe changes the
# page, and a box read after a change lays the whole page out again).
MEASURE = """(min) => {
    const width = document.documentElement.clientWidth, found = [];
    const check = (boards) => {
        const read = boards.filter(([svg]) => svg.getClientRects().length).map(([svg, where]) => {
            const box = svg.getBoundingClientRect();
            const piles = [...svg.querySelectorAll(':scope > g.tutor-pile, :scope > use')]
                .map(p => p.getBoundingClientRect()).filter(r => r.width);
            const out = piles.filter(r => r.left < -0.5 || r.right > width + 0.5).length;
            return {svg, where, label: svg.getAttribute('aria-label'), left: box.left, right: box.right,
                    boxWidth: box.width, piles: piles.length, out};
        });
        for (const board of read) {
            const probe = document.createElementNS('http://www.w3.org/2000/svg', 'text');
            probe.setAttribute('class', 'tutor-index');
            probe.textContent = '10♥';
            board.svg.appendChild(probe);
            board.corner = parseFloat(getComputedStyle(probe).fontSize) * board.boxWidth
                / board.svg.viewBox.baseVal.width;
            probe.remove();
            delete board.svg; delete board.boxWidth;
            found.push(board);
        }
    };
    check([...document.querySelectorAll('svg.tutor-svg')].map(svg => [svg, 'page']));
    const guides = [...document.querySelectorAll('.tutor-scenario')].map(guide => {
        const frames = [...guide.querySelectorAll('.tutor-frame')];
        return {frames, shown: frames.map(f => f.hidden)};
    });
    const rounds = Math.max(0, ...guides.map(g => g.frames.length));
    for (let i = 0; i < rounds; i++) {
        const boards = [];
        for (const {frames} of guides) {
            if (i >= frames.length) continue;
            frames.forEach((f, j) => f.hidden = j !== i);
            for (const svg of frames[i].querySelectorAll('svg.tutor-svg')) boards.push([svg, frames[i].id]);
        }
        check(boards);
    }
    for (const {frames, shown} of guides) frames.forEach((f, i) => f.hidden = shown[i]);
    return {boards: found, scroll: document.documentElement.scrollWidth, width};
}"""

TARGETS = """() => [...document.querySelectorAll(
        '[data-tutor-widget] button, [data-tutor-widget] [role=button], [data-tutor-widget] a,'
        + ' .md-header .md-header__button')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map(e => { const b = e.getBoundingClientRect();
                return [e.dataset.action || e.dataset.guide || e.dataset.pile || e.className.baseVal || e.className,
                        Math.round(b.width * 10) / 10, Math.round(b.height * 10) / 10]; })"""


PLAY_PAGES = ["play/fortunes-favour/", "play/queens-audience/", "play/forty-thieves/"]

# Each lesson in each of its parts: how far each board and each task's words stand inside the lesson's
# box on the left and on the right (negative: out of it). A lesson paints nothing outside its own box
# (tutor.css: content-visibility), so whatever stands out is cut off.
LESSON_INSIDE = """() => { const out = [];
  for (const lesson of document.querySelectorAll('[data-lesson]')) {
    const parts = [...lesson.querySelectorAll(':scope > .tutor-body > .tutor-lesson-part')];
    const was = parts.map(p => p.hidden);
    parts.forEach((part, i) => {
      parts.forEach((q, j) => { q.hidden = j !== i; });
      const box = lesson.getBoundingClientRect();
      for (const e of part.querySelectorAll('svg.tutor-svg, .tutor-task-view')) {
        if (!e.getClientRects().length) continue;
        const r = e.getBoundingClientRect();
        out.push([lesson.dataset.lesson, i, e.getAttribute('class'), r.left - box.left, box.right - r.right]);
      } });
    parts.forEach((p, i) => { p.hidden = was[i]; });
  }
  return out; }"""


def assert_fits(measured: dict, where: str) -> int:
    assert measured["scroll"] <= measured["width"], (where, measured["scroll"])
    for board in measured["boards"]:
        assert board["piles"] and board["out"] == 0, (where, board)
        assert board["left"] >= -0.5 and board["right"] <= measured["width"] + 0.5, (where, board)
        assert board["corner"] >= MIN_CORNER_PX, (where, board)
    return len(measured["boards"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_board_fits_a_phone_with_legible_corners(browser, base_url, lang):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    # as built: the engine held back, so each page is measured as the build drew it (and no engine
    # boots for a page that is left at once)
    built = context.new_page()
    built.route("**/assets/engine/**", lambda route: None)  # held: never answered
    measured = 0
    for path in PAGES + PLAY_PAGES:
        built.goto(page_url(base_url, lang, path))
        measured += assert_fits(built.evaluate(MEASURE), path)
    page = context.new_page()
    for path in PLAY_PAGES:
        page.goto(page_url(base_url, lang, path))
        page.wait_for_selector('[data-kind="play"][data-state="live"]', timeout=LIVE_TIMEOUT_MS)
        measured += assert_fits(page.evaluate(MEASURE), path + " live")
    assert measured > 400
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_on_a_phone_shows_its_boards_and_tasks_whole(browser, base_url, lang):
    """Each part of each lesson, as built: its boards and its tasks' words lie within the lesson."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.route("**/assets/engine/**", lambda route: None)  # held: the page as the build drew it
    for game in game_ids():
        page.goto(page_url(base_url, lang, f"{game}/"))
        inside = page.evaluate(LESSON_INSIDE)
        assert any("tutor-task-view" in where for _, _, where, _, _ in inside), game
        assert all(left >= -0.5 and right >= -0.5 for *_, left, right in inside), \
            [row for row in inside if min(row[3:]) < -0.5]
    context.close()


@pytest.mark.parametrize("game", game_ids())
def test_every_variant_of_the_play_page_fits_a_phone(browser, base_url, game):
    """The play page in every variant (Forty Thieves: ten columns, twelve, Sixty Thieves' twelve
    foundations), as the engine draws it live."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(page_url(base_url, "en", f"play/{game}/"))
    play = page.locator('[data-kind="play"][data-state="live"]')
    play.wait_for(timeout=LIVE_TIMEOUT_MS)
    variants = play.locator('[data-action="variant"]').evaluate_all("bs => bs.map(b => b.dataset.variant)")
    assert len(variants) >= 3
    for variant in variants:
        play.locator(f'[data-action="variant"][data-variant="{variant}"]').click()
        expected = "" if variant == "base" else variant
        page.wait_for_function("([el, v]) => el.dataset.variant === v", arg=[play.element_handle(), expected])
        assert_fits(page.evaluate(MEASURE), f"{game} {variant}")
    context.close()


@pytest.mark.parametrize("lang, label", [("en", "Start learning"), ("de", "Jetzt lernen")])
def test_the_home_page_starts_learning_above_the_fold(browser, base_url, lang, label):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(page_url(base_url, lang, ""))
    start = page.locator("a.tutor-start")
    assert start.inner_text().strip() == label
    box = start.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    start.click()
    page.wait_for_url("**/fortunes-favour/")
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_while_the_engine_loads_the_board_says_so_and_the_buttons_say_why(browser, base_url, lang):
    """The engine never arrives (its files are held back): the play page's board says that the
    cards are being got ready, on the board, in view with it; each disabled control names the
    widget's status line, which says that it is loading."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.route("**/assets/engine/**", lambda route: None)  # held: never answered
    page.goto(page_url(base_url, lang, "play/forty-thieves/"))
    play = page.locator('[data-kind="play"]')
    page.wait_for_function("el => el.dataset.state === 'loading'", arg=play.element_handle())
    note = play.locator(".tutor-board-wait")
    assert note.is_visible()
    words = Text("ui", "Getting the cards ready…").render(lang)
    assert note.inner_text() == words
    board, box = play.locator(".tutor-board").bounding_box(), note.bounding_box()
    assert board["x"] <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"]
    assert board["y"] <= box["y"] and box["y"] + box["height"] <= board["y"] + board["height"]
    loading = Text("ui", "The live view is loading…").render(lang)
    disabled = play.locator("button[disabled], input[disabled]")
    assert disabled.count() >= 5
    for described in disabled.evaluate_all("els => els.map(e => document.getElementById("
                                           "e.getAttribute('aria-describedby'))?.textContent)"):
        assert described == loading
    # the guide's "Try it yourself" waits too, and says why; its Back and Restart do not pretend to
    page.goto(page_url(base_url, lang, "fortunes-favour/"))
    guide = page.locator("[data-scenario]").first
    page.wait_for_function("el => el.dataset.state === 'loading'", arg=guide.element_handle())
    assert guide.locator(".tutor-board-wait").count() == 0
    status = guide.locator('[data-guide="try"]').evaluate(
        "b => document.getElementById(b.getAttribute('aria-describedby')).textContent")
    assert status == loading
    assert guide.locator('[data-guide="back"][aria-describedby]').count() == 0
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


@pytest.mark.parametrize("lang", LANGUAGES)
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
            "forty-thieves/": ["Stock", "Waste", "Foundations", "Column 1", "10"]}),
    ("de", {"fortunes-favour/": ["Vorrat", "Abwurfstapel", "Zielstapel", "Stapel 12"],
            "queens-audience/": ["Vorzimmer", "Audienzsaal: König und Dame", "Buben", "Vorrat", "Abwurfstapel"],
            "forty-thieves/": ["Talon", "Ablagestapel", "Grundstapel", "Spalte 1", "10"]}),
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
