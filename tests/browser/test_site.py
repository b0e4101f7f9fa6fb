"""The built site in Debian's Chromium: the live widget in both languages, the language switcher,
German search, no console errors, no request off the local server, and the static widget with a
localized message when Pyodide cannot load."""

from __future__ import annotations

import os
from urllib.parse import urlparse

import pytest
from site_server import WIDGET_PAGE

from tutor.cards import Card
from tutor.engine import get_rules
from tutor.i18n import LANGUAGES, Text
from tutor.web.render import card_label

LIVE_TIMEOUT_MS = 90_000  # Pyodide boots in ~5 s here; a loaded CI machine may be much slower
PAGES = ["", "fortunes-favour/", "queens-audience/", "forty-thieves/", "about/", f"{WIDGET_PAGE}/"]
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def page_url(base_url: str, lang: str, path: str) -> str:
    return base_url + ("" if lang == "en" else f"{lang}/") + path


class Watch:
    """Console errors, uncaught page errors, requests to any host but the local server, and
    requests that failed or were answered with an error status (a 404)."""

    def __init__(self, context, base_url: str) -> None:
        self.host = urlparse(base_url).netloc
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.failed: list[str] = []
        context.on("request", self._request)
        context.on("response", lambda r: self.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        context.on("requestfailed", lambda r: self.failed.append(f"{r.failure} {r.url}"))
        context.on("page", self.attach)

    def attach(self, page) -> None:
        page.on("console", lambda m: self.errors.append(f"{page.url}: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))

    def _request(self, request) -> None:
        url = urlparse(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.netloc != self.host:
            self.foreign.append(request.url)


def wait_for_state(page, states: str = "live,error") -> str:
    """The page's first widget's state once it is one of ``states``. (Waiting for any widget is not
    enough: a page's widgets go live one after the other, and the first may be the last.)"""
    page.wait_for_function("states => { const w = document.querySelector('[data-tutor-widget]');"
                           " return w !== null && states.includes(w.dataset.state) }",
                           arg=states.split(","), timeout=LIVE_TIMEOUT_MS)
    return page.get_attribute("[data-tutor-widget]", "data-state")


def shown_cards(page) -> list[tuple[str, str]]:
    return page.eval_on_selector_all("[data-tutor-widget] [data-card]",
                                     "els => els.map(e => [e.dataset.card, e.getAttribute('aria-label')])")


def face_up_codes(layout) -> list[str]:
    """The codes of the cards a layout shows face up, in drawing order."""
    codes = []
    for view in layout:
        face_up = list(view.cards[view.face_down:])
        codes += [c.code for c in (face_up[-1:] if view.fan == "none" else face_up)]
    return codes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_live_widget_speaks_the_page_language(browser, base_url, lang):
    context = browser.new_context()
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, f"{WIDGET_PAGE}/"))
    assert wait_for_state(page) == "live", page.inner_text("[data-tutor-widget] .tutor-status")

    cards = shown_cards(page)
    assert [code for code, _ in cards] == face_up_codes(get_rules("fortunes-favour").deal(1).layout())
    for code, label in cards:
        assert label == card_label(Card.parse(code), lang)
    if lang == "de":
        assert any(label.startswith(("Herz-", "Karo-", "Pik-", "Kreuz-")) for _, label in cards)

    next_label = Text("ui", "Next deal").render(lang)
    page.get_by_role("button", name=next_label).click()
    caption = Text("ui", "{game}, deal {number}", game=get_rules("fortunes-favour").title, number=2).render(lang)
    page.wait_for_function("text => document.querySelector('[data-tutor-widget] figcaption').textContent === text",
                           arg=caption)
    deal_two_tableau = [v.cards[-1].code for v in get_rules("fortunes-favour").deal(2).layout() if v.kind == "tableau"]
    shown_tableau = page.eval_on_selector_all('[data-tutor-widget] .tutor-pile-tableau [data-card]',
                                              "els => els.map(e => e.dataset.card)")
    assert shown_tableau == deal_two_tableau
    assert page.evaluate("document.activeElement.dataset.action") == "next-deal"  # the keyboard stays put
    assert watch.errors == [] and watch.foreign == []
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_widget_is_drawn_without_javascript(browser, base_url, lang):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(page_url(base_url, lang, f"{WIDGET_PAGE}/"))
    assert page.get_attribute("[data-tutor-widget]", "data-state") == "static"
    cards = shown_cards(page)
    assert len(cards) == 4 + 12  # the four Aces and the twelve tableau cards; the stock lies face down
    assert all(label == card_label(Card.parse(code), lang) for code, label in cards)
    context.close()


@pytest.mark.parametrize("lang,blocked_files", [
    ("en", PYODIDE_FILES),
    ("de", PYODIDE_FILES),
    # Pyodide itself only warns when its WebAssembly fails and never settles: the worker notices
    ("de", ("pyodide.asm.wasm",)),
    ("en", ("tutor*.zip",)),  # Pyodide boots, but our package is missing (tutor-pyc-<hash>.zip, or tutor.zip)
])
def test_static_widget_and_message_when_pyodide_is_blocked(browser, base_url, lang, blocked_files):
    context = browser.new_context()
    blocked: list[str] = []

    def abort(route):
        blocked.append(route.request.url)
        route.abort()

    for name in blocked_files:
        context.route(f"**/assets/engine/{name}*", abort)
    page = context.new_page()
    page.goto(page_url(base_url, lang, f"{WIDGET_PAGE}/"))
    assert wait_for_state(page) == "error"
    assert blocked, "the Pyodide files were never asked for"
    failure = Text("ui", "The live view could not be loaded, so this picture stays as it is. "
                         "Reloading the page may help.").render(lang)
    assert page.inner_text("[data-tutor-widget] .tutor-status") == failure
    assert len(shown_cards(page)) == 16
    assert page.locator("[data-tutor-widget] button[data-action]").count() == 0
    context.close()


def test_loading_state_is_shown_while_the_engine_boots(browser, base_url):
    context = browser.new_context()
    held = []
    context.route("**/assets/engine/pyodide.asm.wasm*", lambda route: held.append(route))
    page = context.new_page()
    page.goto(page_url(base_url, "de", f"{WIDGET_PAGE}/"))
    page.wait_for_selector('[data-tutor-widget][data-state="loading"]')
    assert page.inner_text("[data-tutor-widget] .tutor-status") == Text("ui", "The live view is loading…").render("de")
    assert len(shown_cards(page)) == 16  # the static picture stays while the engine loads
    for route in held:
        route.abort()
    context.close()


@pytest.mark.parametrize("path", ["fortunes-favour/", f"{WIDGET_PAGE}/", ""])
def test_language_switcher_keeps_the_page(browser, base_url, path):
    context = browser.new_context()
    page = context.new_page()
    page.goto(page_url(base_url, "en", path))
    page.hover(".md-header__option .md-select")
    page.click('.md-select__link[hreflang="de"]')
    page.wait_for_url(page_url(base_url, "de", path))
    assert page.locator("html").get_attribute("lang") == "de"
    page.hover(".md-header__option .md-select")
    page.click('.md-select__link[hreflang="en"]')
    page.wait_for_url(page_url(base_url, "en", path))
    assert page.locator("html").get_attribute("lang") == "en"
    context.close()


def test_nav_titles_are_translated(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    expected = {"en": ["Home", "Fortune's Favour", "Queen's Audience", "Forty Thieves", "About these rules"],
                "de": ["Start", "Fortune’s Favour", "Queen’s Audience", "Forty Thieves", "Über diese Regeln"]}
    for lang, titles in expected.items():
        page.goto(page_url(base_url, lang, ""))
        shown = [t.strip() for t in page.locator(".md-nav--primary .md-nav__link").all_inner_texts()]
        for title in titles:
            assert title in shown, (lang, shown)
    context.close()


@pytest.mark.parametrize("word,page", [("Zielstapel", "de/fortunes-favour/"), ("Regeln", "de/about/")])
def test_german_search_finds_german_pages(browser, base_url, word, page):
    """Fortune's Favour's German word for a foundation, and the About page's title word."""
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(page_url(base_url, "de", ""))
    tab.click(".md-search__input")
    tab.locator(".md-search__input").press_sequentially(word, delay=30)
    tab.wait_for_selector(".md-search-result__item", timeout=20_000)
    links = tab.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.href)")
    assert any(link.startswith(base_url + page) for link in links), links
    context.close()


def test_every_page_loads_without_console_errors_or_foreign_requests(browser, base_url):
    context = browser.new_context(service_workers="allow")
    watch = Watch(context, base_url)
    page = context.new_page()
    for lang in LANGUAGES:
        for path in PAGES:
            response = page.goto(page_url(base_url, lang, path))
            assert response is not None and response.ok, (lang, path)
            if page.locator("[data-tutor-widget]").count():
                assert wait_for_state(page) == "live", (lang, path)
            page.wait_for_load_state("networkidle")
    assert watch.errors == []
    assert watch.foreign == []
    assert watch.failed == []  # no sitemap.xml beside a page, nothing else missing
    context.close()


def test_the_sitemap_names_real_addresses_and_no_page_asks_for_a_missing_one(browser, base_url, built_site):
    """The site URL is set (mkdocs.yml), so the sitemap lists real addresses with each page's
    language alternates; the pages carry no <head> alternates, for which Material asked for a
    sitemap beside every page (a 404 on each page load)."""
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    assert "None" not in sitemap
    assert '<loc>http://127.0.0.1:8000/fortunes-favour/</loc>' in sitemap
    assert 'hreflang="de" href="http://127.0.0.1:8000/de/fortunes-favour/"' in sitemap
    context = browser.new_context()
    failed: list[str] = []
    context.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page = context.new_page()
    for lang in LANGUAGES:
        page.goto(page_url(base_url, lang, "about/"))
        page.wait_for_load_state("networkidle")
        assert page.locator('head link[rel="alternate"]').count() == 0
        switch = page.locator(f'.md-select__link[hreflang="{"de" if lang == "en" else "en"}"]')
        assert switch.get_attribute("href").endswith("about/")  # the switcher still keeps the page
    assert failed == []
    context.close()


def test_a_first_visit_boots_light_and_a_broken_fast_boot_falls_back(browser, base_url):
    """The build made the .pyc stdlib and the snapshot (tools/pyodide_build). A first visit boots
    from the .pyc stdlib, the lighter download; the snapshot is used once the offline copy holds it
    (tests/browser/test_offline.py). With the .pyc stdlib unavailable the page still comes up live,
    by the plain boot."""
    context = browser.new_context(service_workers="allow")
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, "de", f"{WIDGET_PAGE}/"))
    if os.environ.get("TUTOR_FAST_BOOT") == "0":
        pytest.skip("TUTOR_FAST_BOOT=0: this build made no fast-boot files")
    source = page.get_attribute('script[src*="assets/js/tutor.js"]', "src")
    assert "tutor=" in source and "stdlib=" in source
    assert wait_for_state(page) == "live"
    assert page.get_attribute("html", "data-boot") == "pyc"
    context.route("**/assets/engine/python_stdlib-pyc-*", lambda route: route.abort())
    page.reload()
    assert wait_for_state(page) == "live"
    assert page.get_attribute("html", "data-boot") == "plain"
    assert watch.foreign == []
    context.close()
