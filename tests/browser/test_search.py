"""Search: each language searches its own pages (issue 16).

mkdocs-static-i18n gives Material's search one index of every language; the build hook splits it
(``split_search_index``): the English pages load ``search/search_index.json`` with English pages
only, the German ones ``de/search/search_index.json`` with German pages only and the German
stemmer. The boards' words (their text alternatives, frame counters, card faces) are not indexed.
Material's search listens for keyup, so the tests type with ``press_sequentially``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.i18n import LANGUAGES

INDEX = {"en": Path("search/search_index.json"), "de": Path("de/search/search_index.json")}


def read_index(site: Path, lang: str) -> dict:
    return json.loads((site / INDEX[lang]).read_text(encoding="utf-8"))


def pages_of(site: Path, lang: str) -> set[str]:
    """Every page of a language as its search location ("" for the home page, "about/", …)."""
    root = site if lang == "en" else site / lang
    pages = {p.parent.relative_to(root).as_posix() for p in root.rglob("index.html")}
    if lang == "en":
        pages = {p for p in pages if p.split("/")[0] not in INDEX}  # not another language's folder
    return {"" if p == "." else p + "/" for p in pages if (root / p / "index.html").is_file()}


def test_each_language_has_its_own_index_of_its_own_pages_without_the_boards_words(built_site):
    for lang in INDEX:
        index = read_index(built_site, lang)
        assert index["config"]["lang"] == [lang]
        locations = [doc["location"] for doc in index["docs"]]
        assert not [loc for loc in locations if loc.split("/")[0] in INDEX], "another language's pages"
        # every page of the language is found (its page entry), and no page of the other one
        assert pages_of(built_site, lang) <= {loc.split("#")[0] for loc in locations}, lang
        text = " ".join(doc["text"] for doc in index["docs"])
        for words in ("The cards as text", "Die Karten als Text", "Step 1 of", "Schritt 1 von", "A♠♠A♠"):
            assert words not in text, (lang, words)
    english = {doc["title"] for doc in read_index(built_site, "en")["docs"]}
    german = {doc["title"] for doc in read_index(built_site, "de")["docs"]}
    assert "Overview" in english and "Überblick" in german and "Überblick" not in english


def search(page, word: str) -> list[str]:
    page.click(".md-search__input")
    page.locator(".md-search__input").press_sequentially(word, delay=30)
    page.wait_for_selector(".md-search-result__item", timeout=20_000)
    return page.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.href)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_search_finds_only_pages_of_the_pages_own_language(browser, base_url, lang):
    """“Thieves” is in both languages' pages (the game's name); each finds only its own, from its
    own index, with its own stemmer."""
    context = browser.new_context()
    page = context.new_page()
    asked: list[str] = []
    # the page's and its workers' requests (not the service worker's: it precaches every language)
    context.on("request", lambda request: request.service_worker is None
               and asked.append(request.url.removeprefix(base_url)))
    page.goto(base_url + ("" if lang == "en" else "de/") + "forty-thieves/")
    links = search(page, "Thieves")
    german = [link for link in links if link.startswith(base_url + "de/")]
    assert links and (german == links if lang == "de" else not german), links
    assert any("forty-thieves/" in link for link in links)
    indexes = {url.split("?")[0] for url in asked if "search_index" in url}
    assert indexes == {INDEX[lang].as_posix()}, indexes
    stemmers = {url.rsplit("/", 1)[-1] for url in asked if "/lunr/" in url}
    assert ("lunr.de.min.js" in stemmers) == (lang == "de") and "lunr.multi.min.js" not in stemmers, stemmers
    context.close()


def test_german_search_finds_german_pages_by_german_words(built_site):
    """Each game's own German word for its foundations or its chamber finds that game's page."""
    docs = read_index(built_site, "de")["docs"]
    for word, page_name in (("Zielstapel", "fortunes-favour"), ("Audienzsaal", "queens-audience"),
                            ("Grundstapel", "forty-thieves")):
        hits = [d["location"] for d in docs if word.lower() in (d.get("text", "") + d.get("title", "")).lower()]
        assert any(page_name in location for location in hits), (word, hits[:5])


def test_either_name_finds_forty_thieves_in_german(built_site):
    """Seed 000 calls the game "Vierzig Räuber"; the German Forty Thieves page carries that name, so
    the site's search finds the page by either name."""
    docs = read_index(built_site, "de")["docs"]
    for name in ("Vierzig Räuber", "Forty Thieves"):
        hits = [d["location"] for d in docs if name.lower() in (d.get("text", "") + d.get("title", "")).lower()]
        assert any("forty-thieves" in location for location in hits), (name, hits[:5])
