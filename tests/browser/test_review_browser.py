"""The review page in Debian's Chromium (issue 27): a lost game's link opens its review in both
languages — the progress bar, the turning point with the winning move marked, the winning line
stepped through on the board, the tips linked — with axe-core finding nothing; a long review runs in
chunks and stops on Stop; a corrupt link keeps the game up to the bad move and says so. The play
page's Review (beside Undo, and on the end panel; by mouse and by keyboard alone) opens the review
of the game played so far, and Back returns to the game as it was."""

from __future__ import annotations

import random
import time
from urllib.parse import urlparse

import pytest
from test_a11y import axe_violations
from test_keyboard import board_of, focused, open_play, play_by_keys, tab_into_board
from test_play_browser import PLAY, settle, shown_board, wait_live
from test_play_controls import control, one_destination
from test_site import LIVE_TIMEOUT_MS, Watch, page_url

from tutor.analysis.players import played_game
from tutor.analysis.solve import WON, solve_state
from tutor.engine import get_rules
from tutor.engine.lean import kernel_for
from tutor.i18n import LANGUAGES, Text
from tutor.web.review_link import encode_moves, read_review_hash, review_hash

GAME = "fortunes-favour"


def lost_game(game: str, deal: int, seed: int, winnable: bool = True) -> list[str]:
    rules = get_rules(game)
    kernel = kernel_for(rules)
    assert not winnable or solve_state(kernel, kernel.deal(deal), 5, None, time.process_time).result == WON
    rng = random.Random(seed)
    while True:
        position, moves = rules.deal(deal), []
        while not position.is_over() and len(moves) < 400:
            moves.append(str(position.play(rng.choice(position.legal_moves()))))
        if position.is_lost():
            return moves


DEAL = 2
MOVES = lost_game(GAME, DEAL, seed=1)
LINK = review_hash(GAME, DEAL, "", get_rules(GAME).deal(DEAL), MOVES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lost_games_review_shows_the_turning_point_and_steps_the_winning_line(browser, base_url, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, "play/review/") + "#" + LINK)
    widget = page.locator('[data-tutor-widget][data-kind="review"]')
    widget.locator(".tutor-review-progress progress").wait_for(timeout=LIVE_TIMEOUT_MS)
    widget.locator('.tutor-review-progress[data-run="done"]').wait_for(timeout=60_000)
    bar = widget.locator(".tutor-review-bar")
    assert bar.get_attribute("value") == bar.get_attribute("max") == str(len(MOVES) + 1)
    summary = widget.locator(".tutor-review-summary").inner_text()
    assert Text("ui", "The turning point: your move {number}.", number="").render(lang).split(":")[0] in summary
    board = widget.locator(".tutor-review-board")
    assert board.locator("g.tutor-arrow").count() >= 1 and board.get_attribute("data-step") == "0"
    steps = int(board.get_attribute("data-steps"))
    next_button = widget.get_by_role("button", name=Text("ui", "Next").render(lang))
    next_button.click()
    page.wait_for_function("() => document.querySelector('.tutor-review-board').dataset.step === '1'")
    assert widget.locator(".tutor-review-step").inner_text().startswith(
        Text("ui", "Step {step} of {steps}: {move}.", step=2, steps=steps, move="").render(lang).split(":")[0])
    # the keyboard stays on Next, so the whole line can be stepped with Enter
    for _ in range(steps - 1):
        page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('.tutor-review-board').dataset.step === '{steps}'")
    assert Text("ui", "Every card is home: the deal is won.").render(lang) in widget.inner_text()
    tips = widget.locator(".tutor-review-tips a")
    assert tips.count() >= 1 and tips.first.get_attribute("href").startswith("../../fortunes-favour/#lesson-tip-")
    widget.locator(".tutor-review-tips summary").first.click()
    assert axe_violations(page) == []
    assert "solver" not in widget.inner_text().lower()
    assert watch.errors == [] and watch.foreign == [] and watch.failed == []
    context.close()


def test_a_long_review_shows_its_progress_and_stops(browser, base_url):
    """Forty Thieves: each search may take the whole budget, so the review runs for a while in the
    worker; the bar shows what is decided, Stop ends it, Go on takes it up again."""
    moves = lost_game("forty-thieves", 4, seed=3, winnable=False)
    link = review_hash("forty-thieves", 4, "", get_rules("forty-thieves").deal(4), moves)
    context = browser.new_context(viewport={"width": 390, "height": 800})
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, "en", "play/review/") + "#" + link)
    widget = page.locator('[data-tutor-widget][data-kind="review"]')
    widget.locator('.tutor-review-progress[data-run="running"] progress').wait_for(timeout=LIVE_TIMEOUT_MS)
    assert "positions decided" in widget.locator(".tutor-review-line").inner_text()
    assert widget.locator(".tutor-review-positions").inner_text()  # what is decided so far
    lag = page.evaluate("""() => new Promise(resolve => { const start = performance.now();
                               setTimeout(() => requestAnimationFrame(
                                   () => resolve(performance.now() - start)), 0); })""")
    assert lag < 1000, f"the page was blocked for {lag:.0f} ms"
    widget.get_by_role("button", name="Stop").click()
    widget.locator('.tutor-review-progress[data-run="stopped"]').wait_for(timeout=120_000)  # a search ends first
    value = widget.locator(".tutor-review-bar").get_attribute("value")
    assert int(value) < len(moves) + 1
    assert widget.locator(".tutor-review-summary").inner_text().startswith("The review was stopped")
    go_on = widget.get_by_role("button", name="Go on")
    assert go_on.is_visible()
    assert axe_violations(page) == []
    assert watch.errors == [] and watch.foreign == []
    context.close()


FT_DEAL = 11
FT_MOVES = played_game("forty-thieves", FT_DEAL, moves=60)  # where it stopped, the deal could still be won


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_given_up_forty_thieves_game_shows_its_winning_line_and_chances(browser, base_url, lang):
    """Issue 40: a Forty Thieves game given up where the deal could still be won. Its review shows the
    winning line's board and steps through it, draws the chance to win over the game, says in words
    which moves cost chance (or that none did), and once done names no position "not looked at yet";
    axe-core finds nothing."""
    link = review_hash("forty-thieves", FT_DEAL, "", get_rules("forty-thieves").deal(FT_DEAL), FT_MOVES)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, "play/review/") + "#" + link)
    widget = page.locator('[data-tutor-widget][data-kind="review"]')
    # the engine's work: generous waits for a loaded machine (in CPython all of it takes ~5 s of CPU)
    widget.locator(".tutor-review-board[data-steps]").wait_for(timeout=LIVE_TIMEOUT_MS + 60_000)
    widget.locator('.tutor-review-progress[data-run="done"]').wait_for(timeout=180_000)
    bar = widget.locator(".tutor-review-bar")
    assert bar.get_attribute("value") == bar.get_attribute("max") == str(len(FT_MOVES) + 1)
    said = widget.inner_text()
    assert Text("ui", "not looked at yet").render(lang) not in said
    # the winning line from where the game stopped, stepped through
    board = widget.locator(".tutor-review-board")
    shown = board.inner_text()
    assert Text("ui", "A line that wins, from the last position known to be winnable").render(lang) in shown
    assert Text("ui", "Where you stopped: the first move of a line that wins is marked").render(lang) in shown
    assert board.locator("g.tutor-arrow").count() >= 1 and board.get_attribute("data-step") == "0"
    steps = int(board.get_attribute("data-steps"))
    widget.get_by_role("button", name=Text("ui", "Next").render(lang)).click()
    page.wait_for_function("() => document.querySelector('.tutor-review-board').dataset.step === '1'")
    assert widget.locator(".tutor-review-step").inner_text().startswith(
        Text("ui", "Step {step} of {steps}: {move}.", step=2, steps=steps, move="").render(lang).split(":")[0])
    # the chance to win over the game, finished, and what it found in words
    chances = widget.locator(".tutor-review-chances")
    assert chances.get_attribute("data-run") == "done"
    chart = chances.locator("svg.tutor-chance-chart")
    assert chart.count() == 1 and chart.locator("polyline.tutor-chance-line").get_attribute("stroke-dasharray") is None
    costly = int(chances.get_attribute("data-costly"))
    marks = chart.locator("circle.tutor-chance-costly title").all_inner_texts()
    words = chances.inner_text()
    assert len(marks) == costly
    none = Text("ui", "No move of yours cost a significant share of your chance to win.").render(lang)
    assert (none in words) == (costly == 0)
    for mark in marks:  # "Move 12: from 40% to 10%": the move is named in words below the chart
        assert mark.split(":")[0] + ":" in words
    assert "McNemar" in words
    assert axe_violations(page) == []
    assert "solver" not in said.lower()
    assert watch.errors == [] and watch.foreign == [] and watch.failed == []
    context.close()


def test_a_corrupt_link_keeps_the_game_up_to_the_bad_move(browser, base_url):
    code = encode_moves(get_rules(GAME).deal(DEAL), MOVES)
    context = browser.new_context()
    page = context.new_page()
    page.goto(page_url(base_url, "de", "play/review/") + f"#game={GAME}&deal={DEAL}&moves={code[:12]}*{code[13:]}")
    widget = page.locator('[data-tutor-widget][data-kind="review"]')
    widget.locator('.tutor-review-progress[data-run="done"]').wait_for(timeout=LIVE_TIMEOUT_MS)
    note = widget.locator(".tutor-review-note").inner_text()
    assert note.startswith("Der Link ließ sich nicht ganz verwenden: Zug 13 im Link ist nicht lesbar")
    assert "dein Spiel mit 12 Zügen" in widget.inner_text()
    context.close()


# --- the play page's way into the review ------------------------------------------------------------

def review_url_game(page) -> tuple[str, int, str, list[str]]:
    """The game the review page's address names (its link), as the review reads it."""
    link = read_review_hash(urlparse(page.url).fragment)
    assert link.problem is None
    return link.game, link.deal, link.variant, link.moves


def wait_reviewed(page) -> None:
    page.wait_for_url("**/play/review/#game=*", timeout=LIVE_TIMEOUT_MS)
    page.locator('[data-tutor-widget][data-kind="review"] .tutor-review-progress[data-run="done"]').wait_for(
        timeout=LIVE_TIMEOUT_MS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_review_beside_undo_opens_the_game_played_so_far(browser, base_url, lang):
    """A few moves by clicks, then Review: the review page opens that game (deal, variant, every
    move), and its link to the play page returns to the game as it was."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(context, base_url)
    page = context.new_page()
    game, number, variant = GAME, 2, "one-redeal"
    open_play(page, base_url, game, f"deal={number}&variant={variant}", lang=lang)
    review = page.locator(f'{PLAY} .tutor-play-side button[data-action="review"]')
    assert review.inner_text() == Text("ui", "Review").render(lang) and review.is_disabled()
    position, played = get_rules(game, variant).deal(number), []
    for _ in range(4):
        source, move = one_destination(position)
        control(page, source).click()
        settle(page)
        played.append(str(position.play(move)))
    assert shown_board(page) == board_of(position) and review.is_enabled()
    assert axe_violations(page) == []
    review.click()
    wait_reviewed(page)
    assert review_url_game(page) == (game, number, variant, played)
    widget = page.locator('[data-tutor-widget][data-kind="review"]')
    title = Text("ui", "{game}, deal {number}: your game of {moves} moves", game="", number=number,
                 moves=len(played)).render(lang)
    assert title.split(",", 1)[1] in widget.locator(".tutor-review-title").inner_text()
    assert widget.locator(".tutor-review-note").count() == 0
    assert axe_violations(page) == []
    open_deal = Text("ui", "Open deal {number} on the play page", number=number).render(lang)
    widget.get_by_role("link", name=open_deal).click()
    wait_live(page)
    assert page.url.endswith(f"#deal={number}&variant={variant}")
    assert shown_board(page) == board_of(position)  # the game goes on where it was
    assert watch.errors == [] and watch.foreign == []
    context.close()


def test_review_by_keyboard_alone_beside_undo_and_on_the_end_panel(browser, base_url):
    """On a phone's width, in German: moves by keys, Tab to Review, Enter; back, give up by keys,
    and the end panel's Review by Tab and Enter opens the whole game."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    watch = Watch(context, base_url)
    page = context.new_page()
    game, number = GAME, 5
    open_play(page, base_url, game, f"deal={number}", lang="de")
    tab_into_board(page)
    position = get_rules(game).deal(number)
    before = len(position.history)
    for _ in range(3):
        play_by_keys(page, position, one_destination(position)[1])
    played = [str(entry.move) for entry in position.history[before:] if not entry.forced]

    def tab_to(action: str, in_end: bool = False) -> None:
        for _ in range(40):
            page.keyboard.press("Tab")
            here = focused(page)
            if here["action"] == action and here["inEnd"] == in_end:
                return
        raise AssertionError(f"Tab never reached {action}")

    tab_to("review")
    page.keyboard.press("Enter")
    wait_reviewed(page)
    assert review_url_game(page) == (game, number, "", played)
    page.go_back()
    wait_live(page)
    assert shown_board(page) == board_of(position)
    page.locator(f"{PLAY} .tutor-play-side button[data-action='undo']").focus()
    tab_to("give-up")
    page.keyboard.press("Enter")  # the dialog asks first, its focus on the safe choice, Keep playing
    assert page.evaluate("document.activeElement.closest('dialog')?.dataset.dialog") == "give-up"
    assert page.evaluate("document.activeElement.hasAttribute('data-dialog-close')")
    page.keyboard.press("Shift+Tab")  # back to the button that gives up
    assert focused(page)["action"] == "give-up"
    page.keyboard.press("Enter")
    page.locator(f"{PLAY} .tutor-play-end").wait_for()
    settle(page)
    assert focused(page)["inEnd"]
    assert axe_violations(page) == []  # the end panel with its Review button
    tab_to("review", in_end=True)
    assert page.evaluate("document.activeElement.textContent") == Text("ui", "Review this game").render("de")
    page.keyboard.press("Enter")
    wait_reviewed(page)
    assert review_url_game(page) == (game, number, "", played)
    assert watch.errors == [] and watch.foreign == []
    context.close()
