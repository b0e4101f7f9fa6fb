"""Accessibility in Debian's Chromium: axe-core (npm, pinned in package.json, injected into the page)
finds no violation on any page in either language — with the widgets as built (the engine held
back), live, in play mode with a hint shown, and with the search dialog open — and a short
Fortune's Favour line is played with the keyboard alone, the live board being one Tab stop."""

from __future__ import annotations

from pathlib import Path

import pytest
from site_server import ROOT
from test_site import LIVE_TIMEOUT_MS, Watch, page_url

from tutor.i18n import LANGUAGES, Text
from tutor.lessons import get_scenario
from tutor.web.protocol import scenario_tracks

AXE = (ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def axe_violations(page) -> list[str]:
    """axe-core's violations on the page as it is now, one line each (rule, count, first nodes).
    All of axe's rules run: WCAG 2.0, 2.1 and 2.2 A and AA, and its best practices (landmarks)."""
    # colours measured in the middle of a transition (Material's header after a resize) are neither
    page.wait_for_function("() => !document.getAnimations().some(a => a instanceof CSSTransition"
                           " && a.playState === 'running')")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE)  # through the debugger, which the page's Content-Security-Policy allows
    # lessons far from the viewport are not laid out (content-visibility, tutor.css): axe checks them
    # laid out, as the reader will meet them
    found = page.evaluate("""async () => {
        const lessons = [...document.querySelectorAll('[data-lesson]')];
        lessons.forEach(lesson => { lesson.style.contentVisibility = 'visible'; });
        const result = await axe.run(document, { resultTypes: ["violations"] });
        lessons.forEach(lesson => { lesson.style.contentVisibility = ''; });
        return result.violations.map(v => `${v.id} (${v.nodes.length}): ` +
            v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | "));
    }""")
    return found


def wait_all_live(page) -> None:
    page.wait_for_function("() => [...document.querySelectorAll('[data-tutor-widget]')]"
                           ".every(w => w.dataset.state === 'live')", timeout=LIVE_TIMEOUT_MS)


def settle(page, selector: str) -> None:
    """Wait until the part that is redrawn is no longer busy."""
    page.wait_for_function("sel => !document.querySelector(sel + '[aria-busy]')", arg=selector)


def site_pages(built_site: Path, lang: str) -> list[str]:
    """Every page of one language in the built site (its folder's index.html), as a path below
    the base URL; the English side also has the 404 page."""
    pages = []
    for index in built_site.rglob("index.html"):
        path = index.parent.relative_to(built_site).as_posix()
        if path.split("/")[0] == "assets" or (path.split("/")[0] == "de") != (lang == "de"):
            continue
        pages.append("" if path == "." else path + "/")
    pages.sort()
    return pages + (["404.html"] if lang == "en" else [])


def test_the_pages_are_found_in_the_built_site(built_site):
    games = ["fortunes-favour/", "forty-thieves/", "queens-audience/"]
    assert site_pages(built_site, "en") == sorted(["", "about/", *games, *(f"play/{game}" for game in games),
                                                   "play/review/", "widget-check/"]) + ["404.html"]
    assert site_pages(built_site, "de") == sorted(["de/", "de/about/", *(f"de/{game}" for game in games),
                                                   *(f"de/play/{game}" for game in games), "de/play/review/",
                                                   "de/widget-check/"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_nothing_with_the_widgets_as_built(browser, base_url, built_site, lang):
    """The engine held back: every widget shows what the build drew (state loading)."""
    context = browser.new_context()
    held = []
    context.route("**/assets/engine/pyodide.asm.wasm*", lambda route: held.append(route))
    page = context.new_page()
    found = {}
    for path in site_pages(built_site, lang):
        page.goto(base_url + path)
        if page.locator("[data-tutor-widget]").count():
            assert page.get_attribute("[data-tutor-widget]", "data-state") in ("static", "loading")
        found[path] = axe_violations(page)
    for route in held:
        route.abort()
    assert found == {path: [] for path in found}
    context.close()


def open_search(page, lang: str) -> None:
    """Material's search dialog with results (on a phone it opens from the header's button)."""
    if page.viewport_size["width"] < 960:  # Material's 60em: below it the header has a search button
        page.click('label.md-header__button[for="__search"]')
    page.click(".md-search__input")
    page.locator(".md-search__input").press_sequentially("Ass" if lang == "de" else "Ace", delay=30)
    page.wait_for_selector(".md-search-result__item", timeout=20_000)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_nothing_with_the_widgets_live_and_in_play(browser, base_url, built_site, lang):
    """Every page live on a phone (boards wider than the screen scroll in their frames) and at
    1280 px; there, the first guide of a page in play mode with a hint shown; and the search
    dialog open with results at both widths."""
    context = browser.new_context(viewport=PHONE)
    watch = Watch(context, base_url)
    page = context.new_page()
    found = {}
    pages = site_pages(built_site, lang)
    for path in pages:
        page.set_viewport_size(PHONE)
        page.goto(base_url + path)
        if page.locator("[data-tutor-widget]").count():
            wait_all_live(page)
        found[path, "live 390"] = axe_violations(page)
        page.set_viewport_size(DESKTOP)
        found[path, "live 1280"] = axe_violations(page)
        guide = page.locator("[data-tutor-widget][data-scenario]").first
        if guide.count():
            guide.locator('[data-guide="try"]').click()
            guide.locator(".tutor-play-view").wait_for()
            guide.locator('.tutor-play [data-action="hint"]').click()
            # the hint is marked like a lesson's move: the moving card and its arrow
            marks = ".tutor-play [data-moving], .tutor-play .tutor-arrow, .tutor-play .tutor-highlight"
            guide.locator(marks).first.wait_for()
            settle(page, '[data-tutor-widget][data-scenario] .tutor-play')
            found[path, "play+hint"] = axe_violations(page)
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.goto(page_url(base_url, lang, ""))
        open_search(page, lang)
        found["search", size["width"]] = axe_violations(page)
    assert len(found) >= 2 * len(pages) + 3 + 2  # and at least three guides in play
    assert found == {key: [] for key in found}
    assert watch.errors == [] and watch.foreign == []
    context.close()


# --- the keyboard alone ---------------------------------------------------------------------------

def active(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
        return { pile: e?.dataset?.pile ?? null, card: e?.dataset?.card ?? null, action: e?.dataset?.action ?? null,
                 guide: e?.dataset?.guide ?? null, inBoard: !!e?.closest?.('.tutor-play svg.tutor-svg'),
                 label: e?.getAttribute?.('aria-label') ?? null,
                 pressed: e?.getAttribute?.('aria-pressed') ?? null }; }""")


def arrow_to(page, widget, pile: str) -> None:
    """Walk the focus to a pile with the arrow keys only, choosing the key from where the two lie."""
    for _ in range(40):
        here = active(page)
        assert here["inBoard"], here
        if here["pile"] == pile:
            return
        box = page.evaluate("() => { const b = document.activeElement.getBoundingClientRect();"
                            " return [b.x + b.width / 2, b.y + b.height / 2]; }")
        goal = widget.locator(f'.tutor-play svg [data-pile="{pile}"][tabindex]').evaluate(
            "e => { const b = e.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; }")
        dx, dy = goal[0] - box[0], goal[1] - box[1]
        if abs(dy) > 30:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
        else:
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
    raise AssertionError(f"the arrow keys never reached {pile}")


def message(widget) -> str:
    return widget.locator(".tutor-play-message").inner_text().strip()


LISTEN = """w => { window.tutorSaid = [];
    for (const region of w.querySelectorAll('[aria-live], [role="status"]'))
        new MutationObserver(() => { const text = region.textContent.trim(); if (text) window.tutorSaid.push(text); })
            .observe(region, { childList: true, characterData: true, subtree: true }); }"""


def said(page) -> list[str]:
    """What the widget's live regions announced since the last call (each change of their text)."""
    return page.evaluate("() => window.tutorSaid.splice(0)")


def wait_idle(page, widget) -> None:
    widget.locator(".tutor-play:not([aria-busy])").wait_for()
    page.wait_for_timeout(50)


def test_a_short_fortunes_favour_line_by_keyboard_alone(browser, base_url):
    scenario_id = "ff-worked-example"
    lang = "en"
    track = scenario_tracks(get_scenario(scenario_id))[0]
    position = track.frames[0].position.copy()
    context = browser.new_context()
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, "fortunes-favour/"))
    widget = page.locator(f'[data-tutor-widget][data-scenario="{scenario_id}"]')
    widget.locator('[data-guide="try"]:not([disabled])').wait_for(timeout=LIVE_TIMEOUT_MS)

    # Tab to "Try it yourself" (past Restart, disabled on the first frame) and press it: the focus
    # lands on the board
    widget.locator('[data-guide="next"]').focus()
    page.keyboard.press("Tab")
    assert active(page)["guide"] == "try"
    page.keyboard.press("Enter")
    widget.locator(".tutor-play-view").wait_for()
    wait_idle(page, widget)
    assert active(page)["inBoard"]
    # the play view has no live region of its own: the widget's one announcer says each message
    assert widget.locator(".tutor-play [aria-live], .tutor-play [role='status']").count() == 0
    widget.evaluate(LISTEN)

    # the board is one Tab stop: Tab leaves it, Shift+Tab comes back to it
    stops = widget.locator(".tutor-play svg [tabindex='0']").count()
    assert stops == 1 and widget.locator(".tutor-play svg [tabindex]").count() > 10
    page.keyboard.press("Tab")
    assert not active(page)["inBoard"]  # on the board's "cards as text", then the buttons
    page.keyboard.press("Shift+Tab")
    assert active(page)["inBoard"]

    # the focus is visible: the focused card's outline is drawn in the focus colour, 3 units wide
    ring = page.evaluate("() => { const s = getComputedStyle(document.activeElement);"
                         " return [s.getPropertyValue('--tutor-card-stroke').trim(),"
                         " s.getPropertyValue('--tutor-card-stroke-width').trim(), s.stroke, s.strokeWidth]; }")
    assert "#1565c0" in ring or "rgb(21, 101, 192)" in ring, ring

    # the stock names itself
    arrow_to(page, widget, "s")
    stock = len(position.piles["s"])
    assert active(page)["label"] == f"Stock, {stock} cards, face down"

    # a move to a foundation and one onto the tableau, each: arrows, Enter (pick), arrows, Space (drop)
    line = [m for m in position.legal_moves() if m.src.startswith("t") and m.dst.startswith("f")][:1]
    assert line, "the worked example starts with a card that goes home"
    played = position.copy()
    played.play(line[0])
    more = [m for m in played.legal_moves() if m.src.startswith("t") and m.dst.startswith("t")]
    line += more[:1]
    for move in line:
        before = {pid: [c.code for c in cards] for pid, cards in position.piles.items()}
        arrow_to(page, widget, move.src)
        page.keyboard.press("Enter")
        wait_idle(page, widget)
        assert active(page)["pile"] == move.src and active(page)["pressed"] == "true"
        picked = Text("ui", "You picked the {card}. Now pick the pile it should go to.",
                      card=position.piles[move.src][-1])
        assert message(widget) == picked.render(lang)
        assert said(page) == [picked.render(lang)]  # once
        arrow_to(page, widget, move.dst)
        page.keyboard.press(" ")
        wait_idle(page, widget)
        assert said(page) == [message(widget)]
        position.play(move)
        shown = widget.locator(".tutor-play svg").evaluate(
            "svg => Object.fromEntries([...svg.querySelectorAll('g.tutor-pile')].map(g => [g.dataset.pile, "
            "[...g.querySelectorAll('[data-card]')].map(c => c.dataset.card)]))")
        assert shown[move.dst][-1] == before[move.src][-1], (move, shown[move.dst])
        assert widget.locator(".tutor-play svg [aria-pressed='true']").count() == 0

    # Escape puts a picked card back
    arrow_to(page, widget, line[-1].dst)
    page.keyboard.press("Enter")
    wait_idle(page, widget)
    assert widget.locator(".tutor-play svg [aria-pressed='true']").count() == 1
    page.keyboard.press("Escape")
    wait_idle(page, widget)
    assert widget.locator(".tutor-play svg [aria-pressed='true']").count() == 0
    assert message(widget) == Text("ui", "Nothing picked.").render(lang)
    assert said(page) == [Text("ui", "You picked the {card}. Now pick the pile it should go to.",
                               card=position.piles[line[-1].dst][-1]).render(lang), message(widget)]

    # the stock turns with Enter; Undo (Tab to it) takes the turn back
    arrow_to(page, widget, "s")
    stock = len(position.piles["s"])  # spaces were filled from it meanwhile
    assert active(page)["label"] == f"Stock, {stock} cards, face down"
    page.keyboard.press("Enter")
    wait_idle(page, widget)
    assert active(page)["label"] == f"Stock, {stock - 1} cards, face down"
    page.keyboard.press("Tab")
    for _ in range(6):
        if active(page)["action"] == "undo":
            break
        page.keyboard.press("Tab")
    assert active(page)["action"] == "undo"
    page.keyboard.press("Enter")
    wait_idle(page, widget)
    page.keyboard.press("Shift+Tab")
    while not active(page)["inBoard"]:
        page.keyboard.press("Shift+Tab")
    arrow_to(page, widget, "s")
    assert active(page)["label"] == f"Stock, {stock} cards, face down"
    # each message once: the visible line is hidden from screen readers, the live region says it
    assert widget.locator(".tutor-play-message").get_attribute("aria-hidden") == "true"
    assert watch.errors == [] and watch.foreign == []
    context.close()


def test_a_skip_link_passes_each_example(browser, base_url):
    context = browser.new_context()
    page = context.new_page()
    page.goto(page_url(base_url, "de", "queens-audience/"))
    widgets = page.locator("[data-tutor-widget][data-scenario]")
    assert widgets.count() >= 3
    first = widgets.nth(0)
    skip = first.locator("a.tutor-skip")
    assert skip.inner_text() == Text("ui", "Skip this example").render("de")
    skip.focus()
    assert skip.is_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('tutor-end')")
    page.keyboard.press("Tab")
    # the next Tab lands after the first example: inside the second one's skip link or later
    assert not first.evaluate("(w) => w.contains(document.activeElement)")
    context.close()
