"""The review page in Debian's Chromium (issue 27): a lost game's link opens its review in both
languages — the progress bar, the turning point with the winning move marked, the winning line
stepped through on the board, the tips linked — with axe-core finding nothing; a long review runs in
chunks and stops on Stop; a corrupt link keeps the game up to the bad move and says so."""

from __future__ import annotations

import random
import time

import pytest

from test_a11y import axe_violations
from test_site import LIVE_TIMEOUT_MS, Watch, page_url
from tutor.analysis.solve import WON, solve_state
from tutor.engine import get_rules
from tutor.engine.lean import kernel_for
from tutor.i18n import Text
from tutor.web.review_link import encode_moves, review_hash

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


@pytest.mark.parametrize("lang", ["en", "de"])
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
    assert tips.count() >= 1 and tips.first.get_attribute("href").startswith("../../fortunes-favour/#scenario-ff-tip-")
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
                               setTimeout(() => requestAnimationFrame(() => resolve(performance.now() - start)), 0); })""")
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


def test_a_corrupt_link_keeps_the_game_up_to_the_bad_move(browser, base_url):
    code = encode_moves(get_rules(GAME).deal(DEAL), MOVES)
    context = browser.new_context()
    page = context.new_page()
    page.goto(page_url(base_url, "de", "play/review/") + f"#game={GAME}&deal={DEAL}&moves={code[:12]}*{code[13:]}")
    widget = page.locator('[data-tutor-widget][data-kind="review"]')
    widget.locator('.tutor-review-progress[data-run="done"]').wait_for(timeout=LIVE_TIMEOUT_MS)
    note = widget.locator(".tutor-review-note").inner_text()
    assert note.startswith("Der Link ließ sich nicht ganz verwenden: Zug 13 im Link ist nicht lesbar")
    assert "deine Partie mit 12 Zügen" in widget.inner_text()
    context.close()
