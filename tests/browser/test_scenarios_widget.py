"""The guided examples in Debian's Chromium, per game and in both languages: step through the
worked example (before the engine is live: the frames were drawn at build time), try it yourself
with one legal move by clicking and one illegal move by keyboard, reload and find the game kept,
switch language and find the same section and the same position. Expected words and cards come
from the engine (tutor.web.protocol), so the page is checked against the same Python that drew it."""

from __future__ import annotations

import json

import pytest
from site_server import show_lesson_part
from test_site import LIVE_TIMEOUT_MS, Watch, page_url

from tutor.engine import IllegalMove, Move
from tutor.i18n import LANGUAGES, Text
from tutor.lessons import get_scenario
from tutor.web.protocol import Session, scenario_tracks
from tutor.web.render import as_sentence

EXAMPLES = {  # game page → the worked example it carries in its "Playing" section
    "fortunes-favour/": "ff-worked-example",
    "queens-audience/": "qa-worked-example",
    "forty-thieves/": "ft-worked-example",
}
def other_language(lang: str) -> str:
    """The language the page is switched to: the first of the others."""
    return [other for other in LANGUAGES if other != lang][0]


def root_of(page, scenario_id: str):
    return page.locator(f'[data-tutor-widget][data-scenario="{scenario_id}"]')


def wait_live(page, scenario_id: str) -> None:
    show_lesson_part(page, root_of(page, scenario_id))
    page.wait_for_selector(f'[data-tutor-widget][data-state="live"][data-scenario="{scenario_id}"]',
                           timeout=LIVE_TIMEOUT_MS)


def current_narration(widget) -> str:
    return widget.locator(".tutor-frame:not([hidden]) .tutor-narrations").inner_text().strip()


def top_codes(widget) -> dict[str, str]:
    """Pile id → the code of its top card, as the live board shows it (face-down: "")."""
    return widget.locator(".tutor-play svg").evaluate(
        """svg => Object.fromEntries([...svg.querySelectorAll('g.tutor-pile')].map(
               g => { const cards = g.querySelectorAll('.tutor-card');
                      const top = cards[cards.length - 1];
                      return [g.dataset.pile, top ? (top.dataset.card || '') : null]; }))""")


def expected_tops(position) -> dict[str, str | None]:
    tops = {}
    for view in position.layout():
        if not view.cards:
            tops[view.id] = None
        else:
            tops[view.id] = view.cards[-1].code if len(view.cards) > view.face_down else ""
    return tops


def choose_moves(position):
    """A legal move made of one source pile (clicked, then its destination) and an illegal one
    between two piles whose refusal the engine explains."""
    moves = [m for m in position.legal_moves() if m.count == 1]
    # a card moved from pile to pile, else two that enter together (the first picked), else the stock
    legal = min(moves, key=lambda m: (m.sources[0] == "s", len(m.sources)))
    kinds = {view.id: view.kind for view in position.layout()}
    for src, cards in position.piles.items():
        if not cards or src == "s" or kinds[src] in ("foundation", "pair"):  # nothing leaves those: no pick
            continue
        for dst in position.piles:
            if dst == src or dst == "s":
                continue
            try:
                position.copy().play(Move(src, dst))
            except IllegalMove as refusal:
                return legal, (src, dst, refusal.text)
            except Exception:  # noqa: BLE001 - e.g. bad notation for this game: try another pair
                continue
    raise AssertionError("no illegal move to show")


def pick(widget, pile: str, keyboard: bool) -> None:
    target = widget.locator(f'.tutor-play svg [data-pile="{pile}"][tabindex]').last
    if keyboard:
        target.focus()
        target.press("Enter")
    else:
        target.click()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", list(EXAMPLES))
def test_worked_example_step_play_reload_and_switch_language(browser, base_url, path, lang):
    scenario_id = EXAMPLES[path]
    track = scenario_tracks(get_scenario(scenario_id))[0]
    context = browser.new_context()
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, lang, path))
    widget = root_of(page, scenario_id)
    section = widget.evaluate("""w => { let e = w; while (e) { let s = e.previousElementSibling;
        while (s) { if (/^H[1-6]$/.test(s.tagName) && s.id) return s.id; s = s.previousElementSibling; }
        e = e.parentElement; } return ''; }""")
    assert section, "the example sits under a heading with an anchor"
    page.goto(page_url(base_url, lang, path) + f"#{section}")

    # the guide works before the engine: next, next, back
    assert current_narration(widget).startswith(track.frames[0].narration[0].render(lang))
    widget.locator('[data-guide="next"]').click()
    widget.locator('[data-guide="next"]').click()
    widget.locator('[data-guide="back"]').click()
    assert current_narration(widget).startswith(track.frames[1].narration[0].render(lang))
    assert widget.locator(".tutor-announce").inner_text().startswith(track.frames[1].narration[0].render(lang))
    widget.locator(".tutor-scenario").focus()
    page.keyboard.press("ArrowRight")  # arrow keys step too (the move plays, then the result shows)
    page.wait_for_function("w => w.querySelector('.tutor-frame:not([hidden])').dataset.frame === '2'",
                           arg=widget.element_handle())
    assert current_narration(widget).startswith(track.frames[2].narration[0].render(lang))
    page.keyboard.press("ArrowLeft")

    wait_live(page, scenario_id)
    widget.locator('[data-guide="try"]').click()
    page.wait_for_selector(f'[data-scenario="{scenario_id}"] .tutor-play-view')
    position = track.frames[1].position.copy()
    legal, (src, dst, reason) = choose_moves(position)

    # an illegal move by keyboard: the engine's reason in the page's language, nothing changes
    before = top_codes(widget)
    pick(widget, src, keyboard=True)
    picked = Text("ui", "You picked the {card}. Now pick the pile it should go to.", card=position.piles[src][-1])
    widget.locator(".tutor-play-message").filter(has_text=picked.render(lang)).wait_for()
    pick(widget, dst, keyboard=True)
    refusal = as_sentence(reason.render(lang))
    page.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent.startsWith(text)",
                           arg=[f'[data-scenario="{scenario_id}"] .tutor-play-message', refusal])
    assert top_codes(widget) == before

    # one legal move of the reader's own, by clicking
    pick(widget, legal.sources[0], keyboard=False)
    if legal.sources[0] != "s":  # the stock turns with one click
        pick(widget, legal.dst, keyboard=False)
    position.play(legal)
    key = f"tutor-scenario:{scenario_id}"
    page.wait_for_function("([key, move]) => JSON.parse(localStorage.getItem(key) || '{}').moves?.[0] === move",
                           arg=[key, str(legal)])
    assert top_codes(widget) == expected_tops(position)
    assert json.loads(page.evaluate(f"localStorage.getItem('{key}')")) == {
        "scenario": scenario_id, "mode": "play", "track": 0, "frame": 1, "moves": [str(legal)]}

    # reload: the engine replays the saved game
    page.reload()
    wait_live(page, scenario_id)
    page.wait_for_selector(f'[data-scenario="{scenario_id}"] .tutor-play-view')
    assert top_codes(widget) == expected_tops(position)

    # the other language: same section, same position, the other language's words
    other = other_language(lang)
    page.hover(".md-header__option .md-select")
    page.click(f'.md-select__link[hreflang="{other}"]')
    page.wait_for_url(page_url(base_url, other, path) + f"#{section}")
    wait_live(page, scenario_id)
    page.wait_for_selector(f'[data-scenario="{scenario_id}"] .tutor-play-view')
    assert top_codes(widget) == expected_tops(position)
    undo = Text("ui", "Undo").render(other)
    assert widget.locator('.tutor-play [data-action="undo"]').inner_text().strip() == undo
    assert watch.errors == [] and watch.foreign == []
    context.close()


def test_a_corrupt_saved_game_is_set_aside_with_a_localized_message(browser, base_url):
    scenario_id = EXAMPLES["fortunes-favour/"]
    context = browser.new_context()
    page = context.new_page()
    url = page_url(base_url, "de", "fortunes-favour/")
    page.goto(url)
    saved = {"scenario": scenario_id, "mode": "play", "track": 0, "frame": 1, "moves": ["t1-t1"]}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"tutor-scenario:{scenario_id}", json.dumps(saved)])
    page.reload()
    wait_live(page, scenario_id)
    session = Session()
    session.handle({"widget": "w", "action": "open", "spec": f"scenario: {scenario_id}", "lang": "de"})
    expected = session.handle({"widget": "w", "action": "restore", "saved": saved})["message"]
    widget = root_of(page, scenario_id)
    page.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent === text",
                           arg=[f'[data-tutor-widget][data-scenario="{scenario_id}"] .tutor-status', expected])
    assert page.evaluate(f"localStorage.getItem('tutor-scenario:{scenario_id}')") is None
    assert json.loads(page.evaluate(f"localStorage.getItem('tutor-scenario:{scenario_id}:set-aside')")) == saved
    assert widget.locator(".tutor-play").is_hidden()
    assert current_narration(widget)  # the guide stays, at the saved frame
    context.close()


def test_without_javascript_every_frame_is_readable(browser, base_url):
    scenario_id = EXAMPLES["forty-thieves/"]
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(page_url(base_url, "de", "forty-thieves/"))
    frames = page.locator(f'[data-scenario="{scenario_id}"] .tutor-frame')
    count = len(scenario_tracks(get_scenario(scenario_id))[0].frames)
    assert frames.count() == count
    assert all(frames.nth(i).is_visible() for i in range(count))
    assert page.locator(f'[data-scenario="{scenario_id}"] [data-guide="next"]').is_hidden()
    context.close()


# --- the move on its way (issue 10) ---------------------------------------------------------------

def first_move_frame(scenario_id: str) -> int:
    """The first frame of the first track that shows a move that is played (not refused)."""
    frames = scenario_tracks(get_scenario(scenario_id))[0].frames
    return next(i for i, f in enumerate(frames) if f.move is not None and f.refused is None)


def shown_frame(widget) -> tuple[int, str]:
    return widget.evaluate("""w => { const f = w.querySelector('.tutor-frame:not([hidden])');
        return [Number(f.dataset.frame), f.querySelector('.tutor-board').innerHTML]; }""")


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
@pytest.mark.parametrize("path", list(EXAMPLES))
def test_next_plays_the_move_and_arrives_at_the_next_frame(browser, base_url, path, reduced):
    """Keyboard only: step to the first move, press → ; the marked card travels along its arrow
    (not at all under prefers-reduced-motion), and the board that stays is exactly the next frame
    as the page was built. The widget's height never changes while stepping."""
    scenario_id = EXAMPLES[path]
    move_frame = first_move_frame(scenario_id)
    context = browser.new_context(reduced_motion="reduce" if reduced else "no-preference",
                                  viewport={"width": 1280, "height": 900})
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, "en", path))
    widget = root_of(page, scenario_id)
    built = widget.evaluate("""w => Object.fromEntries([...w.querySelectorAll('.tutor-frame[data-track="0"]')]
        .map(f => [f.dataset.frame, f.querySelector('.tutor-board').innerHTML]))""")
    height = widget.locator(".tutor-frames").bounding_box()["height"]
    widget.locator(".tutor-scenario").focus()
    for _ in range(move_frame):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("w => !w.querySelector('.tutor-travelling')", arg=widget.element_handle())
    assert shown_frame(widget) == [move_frame, built[str(move_frame)]]
    moving = widget.locator(".tutor-frame:not([hidden]) .tutor-card[data-moving]").count()
    assert moving >= 1
    widget.evaluate("""w => { w.tutorTravellers = 0;
        new MutationObserver(records => { for (const r of records) for (const n of r.addedNodes)
            if (n.classList?.contains('tutor-travelling')) w.tutorTravellers++; })
        .observe(w, { childList: true, subtree: true }); }""")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("([w, n]) => !w.querySelector('.tutor-travelling') && "
                           "Number(w.querySelector('.tutor-frame:not([hidden])').dataset.frame) === n",
                           arg=[widget.element_handle(), move_frame + 1])
    travelled = widget.evaluate("w => w.tutorTravellers")
    assert travelled == (0 if reduced else moving)
    assert shown_frame(widget) == [move_frame + 1, built[str(move_frame + 1)]]
    # the frame that was left is as it was built (no card left hidden or moved)
    left = f""".tutor-frame[data-track="0"][data-frame="{move_frame}"] .tutor-board"""
    assert widget.evaluate(f"w => w.querySelector('{left}').innerHTML") == built[str(move_frame)]
    assert widget.locator(".tutor-frames").bounding_box()["height"] == height
    page.keyboard.press("ArrowLeft")
    assert shown_frame(widget)[0] == move_frame
    assert watch.errors == [] and watch.foreign == []
    context.close()


def test_clicking_the_queens_audience_stock_while_a_card_fits_reveals_nothing(browser, base_url):
    """"du … deckst erst eine neue Karte auf, wenn nichts mehr geht": a click on the face-down stock
    while a card still fits is refused with the engine's reason, and no face-down card is shown."""
    scenario_id = "qa-moves"
    context = browser.new_context()
    page = context.new_page()
    page.goto(page_url(base_url, "de", "queens-audience/"))
    wait_live(page, scenario_id)
    widget = root_of(page, scenario_id)
    widget.locator('[data-guide="try"]').click()
    page.wait_for_selector(f'[data-scenario="{scenario_id}"] .tutor-play-view')
    position = scenario_tracks(get_scenario(scenario_id))[0].frames[0].position.copy()
    with pytest.raises(IllegalMove) as caught:
        position.copy().play("s-w")
    hidden = {card.code for card in position.piles["s"]}
    before = top_codes(widget)
    pick(widget, "s", keyboard=False)
    expected = as_sentence(caught.value.text.render("de"))
    page.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent === text",
                           arg=[f'[data-scenario="{scenario_id}"] .tutor-play-message', expected])
    assert top_codes(widget) == before and before["s"] == ""
    shown = set(widget.locator(".tutor-play").evaluate(
        "p => [...p.querySelectorAll('[data-card]')].map(c => c.dataset.card)"))
    assert not shown & (hidden - {card.code for pile, cards in position.piles.items() if pile != "s" for card in cards})
    assert widget.locator(".tutor-play [data-moving]").count() == 0  # nothing was picked
    context.close()
