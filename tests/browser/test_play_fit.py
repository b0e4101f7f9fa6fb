"""The play page fits the screen and never nags (issue 41), in Debian's Chromium.

At 1280×900 and 1366×768, on load, every pile of every variant and the message, Undo, Hint and New
deal lie inside the window; at 390×844 and 360×740 the board, the message, Undo and Hint fit one
screen below the header once the game is scrolled to (a deal link opens the page there). Card
corners stay at least 11 px high and the controls at least 24×24 px; no board is wider than its
widget. A Forty Thieves column of 20 cards still fits. A double-click on the card that has just
refilled a pile sends it home; the coach shows each kind of remark once over a stock pass; the
dialogs put the focus on the safe choice and the list of keys opens at its top on a phone; the board
is two Tabs from the top of the page. axe-core finds nothing. Expected boards come from the engine."""

from __future__ import annotations

import pytest
from test_a11y import axe_violations
from test_keyboard import board_of, focused, open_play
from test_play_browser import PLAY, settle, shown_board
from test_site import Watch

from tutor.analysis.coach import remark_for
from tutor.cards import Card
from tutor.engine import game_ids, get_rules
from tutor.i18n import LANGUAGES
from tutor.web.board_input import home_move, move_map
from tutor.web.render import figure_html
from tutor.web.widgets.play_coach import remark_kind, stock_pass

GAMES = game_ids()
WIDE = ((1280, 900), (1366, 768))
NARROW = ((390, 844), (360, 740))

# Every box the issue names, in the window's coordinates: the piles, the controls, the corners.
BOXES = """widget => {
    const w = document.querySelector(widget);
    const box = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
    const svg = w.querySelector('.tutor-play-board svg.tutor-svg');
    const scale = svg.getScreenCTM().a;
    const corners = [...svg.querySelectorAll('.tutor-card[data-card]')].slice(0, 1).map(card => {
        const use = card.querySelector('use');
        const symbol = document.getElementById((use.getAttribute('href') || '').slice(1));
        const index = symbol.querySelector('.tutor-index');
        return parseFloat(getComputedStyle(index).fontSize) * scale; });
    const named = {};
    for (const [name, selector] of [['message', '.tutor-play-message'], ['undo', 'button[data-action=undo]'],
                                    ['hint', 'button[data-action=hint]'],
                                    ['new', '.tutor-play-bar button[data-action=new]']])
        named[name] = box(w.querySelector(selector));
    const targets = [...w.querySelectorAll('.tutor-play-side button, .tutor-play-bar button')]
        .filter(b => b.offsetParent).map(b => [b.textContent, b.offsetWidth, b.offsetHeight]);
    const tops = [...svg.querySelectorAll('g.tutor-pile')].map(g => {
        const c = [...g.querySelectorAll('.tutor-card, .tutor-empty')].pop();
        const b = c.getBoundingClientRect(); return [g.dataset.pile, b.width, b.height]; });
    return { piles: [...svg.querySelectorAll('g.tutor-pile')].map(g => [g.dataset.pile, ...box(g)]),
             board: box(svg), widget: box(w),
             header: document.querySelector('.md-header').getBoundingClientRect().bottom,
             width: innerWidth, height: innerHeight, named, corners, targets, tops };
}"""


@pytest.fixture()
def context(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(context, base_url)
    yield context
    assert watch.errors == [] and watch.foreign == []
    context.close()


@pytest.fixture()
def page(context):
    return context.new_page()


def inside(box, top: float, bottom: float, width: float) -> bool:
    left, upper, right, lower = box[-4:]
    return left >= 0 and right <= width + 0.5 and upper >= top - 0.5 and lower <= bottom + 0.5


def check_fit(page, size: tuple[int, int], where: str) -> None:
    """The boxes at one window size: wide, the page as loaded (scrolled to its top); narrow, the
    game scrolled to as the page scrolls to it."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(50)
    if width >= 1280:
        page.evaluate("() => window.scrollTo(0, 0)")
    else:
        page.locator(f"{PLAY} .tutor-play-main").evaluate("m => m.scrollIntoView({ block: 'start' })")
    found = page.evaluate(BOXES, PLAY)
    top = found["header"] if width < 1280 else 0
    where = f"{where} at {width}×{height}"
    for pile in found["piles"]:
        assert inside(pile, top, height, width), f"{where}: pile {pile[0]} at {pile[1:]} is out of the window"
    for name in ("message", "undo", "hint") + (("new",) if width >= 1280 else ()):
        assert inside(found["named"][name], top, height, width), f"{where}: {name} at {found['named'][name]}"
    assert found["board"][2] <= found["widget"][2] + 0.5, f"{where}: the board is wider than its widget"
    if width >= 1280:  # a phone's zoomed corners: tests/browser/test_phone.py
        assert min(found["corners"]) >= 11, f"{where}: card corners {found['corners']} px"
    small = [t for t in found["targets"] if t[1] < 24 or t[2] < 24]
    assert small == [], f"{where}: targets under 24×24 px: {small}"
    tiny = [t for t in found["tops"] if t[1] < 24 or t[2] < 24]
    assert tiny == [], f"{where}: piles under 24×24 px: {tiny}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_whole_game_is_in_view(page, base_url, game, lang):
    """Every variant at the four sizes (one page, resized): on load on a wide screen, once scrolled to
    on a phone; axe finds nothing on a phone's layout."""
    open_play(page, base_url, game, "deal=5", lang=lang)
    for variant in get_rules(game).variants:
        if variant:
            page.locator(f"{PLAY} .tutor-play-bar button[data-action=variant][data-variant='{variant}']").click()
            settle(page)
        assert page.locator(PLAY).get_attribute("data-variant") == variant
        for size in WIDE + NARROW:
            check_fit(page, size, f"{game} {variant or 'base'} ({lang})")
    assert axe_violations(page) == []


def long_column_board(lang: str) -> str:
    """A Forty Thieves board whose first column holds 20 cards (the rest of the deal as dealt)."""
    position = get_rules("forty-thieves").deal(5)
    column = position.piles["t1"]
    while len(column) < 20:
        column.append(position.piles["s"].pop())
    assert len(column) == 20
    return figure_html(position.layout(), lang, caption="20", interactive=True, id_prefix="long")


@pytest.mark.parametrize("size", WIDE)
def test_a_column_of_twenty_cards_still_fits(page, base_url, size):
    """The board shrinks with the window before the page scrolls, its corners at 11 px or more."""
    open_play(page, base_url, "forty-thieves", "deal=5")
    page.locator(f"{PLAY} .tutor-play-board").evaluate("(board, html) => { board.innerHTML = html; }",
                                                       long_column_board("en"))
    check_fit(page, size, "forty-thieves, 20 cards in column 1")


def test_a_deal_link_opens_a_phone_at_the_game(context, base_url):
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    open_play(page, base_url, "fortunes-favour", "deal=5", lang="de")
    assert page.evaluate("window.scrollY") > 0
    header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    main = page.locator(f"{PLAY} .tutor-play-main").bounding_box()
    hint = page.locator(f"{PLAY} button[data-action=hint]").bounding_box()
    assert header - 1 <= main["y"] and hint["y"] + hint["height"] <= 844


def test_a_double_click_on_the_card_that_refilled_a_pile_sends_it_home(page, base_url):
    """Fortune's Favour deal 5: one click moves the 8♠ (it has one place to go, and it is alone in
    its pile) and the stock deals the 2♣ into its pile; a double-click on the 2♣ at once sends it home
    (the issue's 9♥ and 2♠ are the same case later in the deal)."""
    game, number = "fortunes-favour", 5
    position = get_rules(game).deal(number)
    source, move = next((pile, ones[0]["move"]) for pile, entries in move_map(position).items()
                        if len(ones := [e for e in entries if e["n"] == 1]) == 1 and len(position.piles[pile]) == 1)
    assert position.piles[source][-1] is Card.parse("8S")
    open_play(page, base_url, game, f"deal={number}")
    card = f"{PLAY} .tutor-body svg g.tutor-pile[data-pile='{source}'] .tutor-card[data-card]"
    page.locator(card).last.click()
    position.play(move)
    refill = position.piles[source][-1]
    page.locator(f"{card}[data-card='{refill.code}']").wait_for()
    assert refill is Card.parse("2C") and home_move(position, source) is not None
    page.locator(f"{card}[data-card='{refill.code}']").dblclick()  # at once: well inside the old 800 ms
    page.locator(f"{card}[data-card='{refill.code}']").wait_for(state="detached", timeout=10_000)
    settle(page)
    position.play(home_move(position, source))
    assert shown_board(page) == board_of(position)


def test_the_coach_speaks_once_per_kind_over_a_stock_pass(page, base_url):
    """Turning every card of Fortune's Favour's stock (deal 5): the coach finds a remark on most
    turns; the page shows each kind at most once."""
    game, number = "fortunes-favour", 5
    position = get_rules(game).deal(number)
    open_play(page, base_url, game, f"deal={number}")
    kinds, shown = set(), []
    stock = f"{PLAY} .tutor-body svg g.tutor-pile[data-pile='s'] [tabindex]"
    while position.piles["s"]:
        remark = remark_for(position.copy(), "s-w")
        if remark is not None:
            kinds.add((stock_pass(position), remark_kind(remark)))
        page.locator(stock).last.click()
        settle(page)
        position.play("s-w")
        coach = page.locator(f"{PLAY} .tutor-coach:not([hidden]) p").first
        if coach.count():
            shown.append(coach.inner_text())
    assert shown_board(page) == board_of(position)
    assert len(kinds) < 35 and len(shown) == len(kinds)  # the coach remarked on 35 turns; the page once per kind


@pytest.mark.parametrize("dialog", ["give-up", "new"])
def test_a_dialog_focuses_the_safe_choice(page, base_url, dialog):
    open_play(page, base_url, "fortunes-favour", "deal=2", lang="de")
    page.locator(f"{PLAY} .tutor-body svg g.tutor-pile[data-pile='s'] [tabindex]").last.click()
    settle(page)  # a game in progress: both ask first
    page.locator(f"{PLAY} button[data-confirm='{dialog}']").first.click()
    ask = page.locator(f"{PLAY} dialog[data-dialog='{dialog}']")
    assert ask.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.hasAttribute('data-dialog-close')")
    assert page.evaluate("document.activeElement.textContent") == "Weiterspielen"
    page.keyboard.press("Enter")  # the safe choice: nothing happens to the game
    assert not ask.evaluate("d => d.open") and page.locator(f"{PLAY} .tutor-play-end").count() == 0


def test_the_list_of_keys_opens_at_its_top_on_a_phone(page, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    open_play(page, base_url, "forty-thieves", "deal=5", lang="de")
    page.locator(f"{PLAY} button[data-dialog-open='shortcuts']").click()
    dialog = page.locator(f"{PLAY} dialog[data-dialog='shortcuts']")
    assert dialog.evaluate("d => d.open && d.scrollTop === 0")
    title = dialog.locator("h2").bounding_box()
    assert title["y"] >= 0 and title["y"] + title["height"] <= 740
    assert page.evaluate("document.activeElement.closest('dialog') !== null")
    assert axe_violations(page) == []


def test_the_board_is_two_tabs_from_the_top(page, base_url):
    """Tab (the skip link), Enter, Tab: the board."""
    open_play(page, base_url, "fortunes-favour", "deal=5")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('md-skip')")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert focused(page)["inBoard"]
