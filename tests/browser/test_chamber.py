"""Queen's Audience's audience chamber as its page says it (issue 43): a royal pair dropped on another
suit's empty place goes to its own suit's place, and the rules page and the about page say so in both
languages (no page says any empty place keeps the pair)."""

from __future__ import annotations

import pytest
from test_keyboard import arrow_to, board_of, focused, open_play, press, tab_into_board
from test_play_browser import shown_board
from test_site import Watch, page_url

from tutor.engine import get_rules
from tutor.i18n import LANGUAGES

GAME, NUMBER = "queens-audience", 2  # deal 2: the K♥ (r7) and Q♥ (r1) may enter the chamber at once

NOTE = {
    "en": "the pair goes to its suit's place, so the chamber always looks the same",
    "de": "Das Paar kommt auf den Platz seiner Farbe, so sieht der Audienzsaal immer gleich aus",
}
ABOUT = {
    "en": "the pair goes to its suit's place, so the chamber always looks the same",
    "de": "dann kommt das Paar auf den Platz seiner Farbe, so sieht der Audienzsaal immer gleich aus",
}
NEVER = {"en": "belongs to a suit in advance", "de": "gehört von vornherein einer Farbe"}


@pytest.fixture()
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(context, base_url)
    page = context.new_page()
    yield page
    assert watch.errors == [] and watch.foreign == []
    context.close()


def _text(page) -> str:
    return " ".join(page.locator("article").inner_text().split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pair_dropped_on_another_suits_place_lies_on_its_own_and_the_page_says_so(page, base_url, lang):
    position = get_rules(GAME).deal(NUMBER)
    king, queen = position.piles["r7"][-1], position.piles["r1"][-1]
    assert (king.code, queen.code) == ("KH", "QH")
    open_play(page, base_url, GAME, f"deal={NUMBER}", lang=lang)
    tab_into_board(page)
    arrow_to(page, "r7")
    press(page, "Enter")
    assert focused(page)["pressed"] == "true"
    arrow_to(page, "k1")  # the clubs' place, empty
    press(page, "Enter")
    board = shown_board(page)
    position.play("r7+r1-k3")
    assert board == board_of(position)
    assert board["k1"]["up"] == [] and set(board["k3"]["up"]) == {"KH", "QH"}
    for path, said in (("queens-audience/", NOTE[lang]), ("about/", ABOUT[lang])):
        page.goto(page_url(base_url, lang, path))
        text = _text(page)
        assert said in text, (path, said)
        assert NEVER[lang] not in text, path
