"""The play page's controls and end, in Debian's Chromium (issue 24, part A): the shortcuts work only
while the game has the focus and the "?" dialog lists them in the page's language; a new deal asks
first while a game is in progress; a double-click, a one-click move and a drag (mouse, pen and touch)
each make a move, and a drop where the card does not fit is answered with the engine's reason; Up
and Down grow and shrink a picked run; the end panel opens above the board with the right move
count and takes the focus; the record survives a reload and a corrupt one is kept aside; the clock
stops while the page is hidden; the hint, the coach and the report never move the board; axe-core
finds nothing with the panel, the dialog and a hint open. Expected moves come from the engine,
replayed beside the page."""

from __future__ import annotations

import json

import pytest
from test_a11y import LISTEN, axe_violations, said
from test_keyboard import arrow_to, board_of, focused, open_play, press, tab_into_board
from test_play_browser import PLAY, PRACTICE, settle, shown_board, stored, wait_live
from test_site import Watch, page_url

from tutor.analysis.solve import solve
from tutor.engine import Move, get_rules
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES, Text
from tutor.lessons import first_exercise_for
from tutor.web.board_input import move_map, picked_text
from tutor.web.render import as_sentence

GAMES = tuple(game_ids())


@pytest.fixture()
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(context, base_url)
    page = context.new_page()
    yield page
    assert watch.errors == [] and watch.foreign == []
    context.close()


def message(page, widget: str = PLAY) -> str:
    return page.locator(f"{widget} .tutor-play-message").inner_text()


def control(page, pile: str, widget: str = PLAY, card: str | None = None):
    """The control of a pile on the board (its top card, or the card `card`)."""
    pick = f"[data-card='{card}']" if card else "[tabindex]"
    return page.locator(f"{widget} .tutor-body svg g.tutor-pile[data-pile='{pile}'] {pick}").last


def centre(page, pile: str, widget: str = PLAY) -> tuple[float, float]:
    box = control(page, pile, widget).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 20)


def one_destination(position) -> tuple[str, str]:
    """A pile whose top card has exactly one place to go, and that move (as the board's data says)."""
    for source, entries in move_map(position).items():
        ones = [entry for entry in entries if entry["n"] == 1]
        if len(ones) == 1:
            return source, ones[0]["move"]
    raise AssertionError("no card with one place to go")


def board_top(page) -> float:
    """Where the board's top lies on the page (not in the window: a click may scroll the page)."""
    return page.locator(f"{PLAY} .tutor-play-board svg.tutor-svg").evaluate(
        "svg => svg.getBoundingClientRect().top + window.scrollY")


# --- shortcuts and the dialogs ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_shortcuts_work_while_the_game_has_the_focus_and_the_dialog_lists_them(page, base_url, lang):
    game, number = "fortunes-favour", 5
    position = get_rules(game).deal(number)
    open_play(page, base_url, game, f"deal={number}", lang=lang)
    # a key typed outside the game does nothing to it (WCAG 2.1.4)
    page.locator("h1").click()
    page.keyboard.press("h")
    page.wait_for_timeout(300)
    assert page.locator(f"{PLAY} .tutor-play-hint").inner_text() == ""
    tab_into_board(page)
    # "?": the list of keys, in the page's language; Escape closes it and the focus is back on the board
    page.keyboard.press("?")
    dialog = page.locator(f"{PLAY} dialog[data-dialog='shortcuts']")
    assert dialog.evaluate("d => d.open")
    keys = dialog.locator("kbd").all_inner_texts()
    assert Text("ui", "U or Ctrl+Z").render(lang) in keys and "H" in keys and "?" in keys
    assert dialog.locator("h2").inner_text() == Text("ui", "Keyboard shortcuts").render(lang)
    assert page.evaluate("document.activeElement.closest('dialog') !== null")  # the focus is in the dialog
    page.keyboard.press("Escape")
    assert not dialog.evaluate("d => d.open") and focused(page)["inBoard"]
    # H: the hint, beside its button, drawn in its own style
    press(page, "h")
    hint = page.locator(f"{PLAY} .tutor-play-hint").inner_text()
    assert hint and page.locator(f"{PLAY} .tutor-arrow-hint .tutor-arrow-label").count() == 1
    assert focused(page)["inBoard"]
    # a move (by keys), then U takes it back and Shift+U makes it again; Ctrl+Z and Ctrl+Y too
    source, move = one_destination(position)
    parsed = Move.parse(move)
    arrow_to(page, source)
    press(page, "Enter")
    arrow_to(page, parsed.dst)
    press(page, "Enter")
    position.play(move)
    after = shown_board(page)
    assert after == board_of(position) and page.locator(f"{PLAY} .tutor-arrow").count() == 0
    for undo, redo in (("u", "Shift+U"), ("Control+z", "Control+y")):
        press(page, undo)
        assert shown_board(page) == board_of(get_rules(game).deal(number)) and focused(page)["inBoard"]
        press(page, redo)
        assert shown_board(page) == after and focused(page)["inBoard"]
    # N while the game is in progress: a dialog asks first; "Keep playing" keeps it
    page.keyboard.press("n")
    ask = page.locator(f"{PLAY} dialog[data-dialog='new']")
    assert ask.evaluate("d => d.open") and page.url.endswith(f"#deal={number}")  # not the theme's "next page"
    assert axe_violations(page) == []  # with the dialog open
    ask.locator("[data-dialog-close]").click()
    assert not ask.evaluate("d => d.open") and shown_board(page) == after
    page.locator(f"{PLAY} button[data-action='new']").first.click()  # the button asks the same
    assert ask.evaluate("d => d.open")
    ask.locator("button[data-action='new']").click()
    settle(page)
    fresh = page.locator(PLAY).get_attribute("data-deal")
    assert page.evaluate("location.hash") == f"#deal={fresh}" and stored(page, f"tutor-play:{game}")["moves"] == []


# --- fewer clicks --------------------------------------------------------------------------------------

def test_one_click_a_double_click_and_a_drag_each_make_a_move(page, base_url):
    """On the play page: a click on a card with one place to go makes the move; a double-click sends
    a card home; a mouse drag moves a card, and a drop where it does not fit gets the engine's
    reason and changes nothing."""
    game, number = "forty-thieves", 2
    position = get_rules(game).deal(number)
    open_play(page, base_url, game, f"deal={number}")
    # one click: a card with one place to go; the move is announced once
    assert [entry["move"] for entry in move_map(position)["t3"]] == ["t3-t9"]
    page.locator(PLAY).evaluate(LISTEN)
    control(page, "t3").click()
    settle(page)
    position.play("t3-t9")
    assert shown_board(page) == board_of(position)
    assert message(page).startswith("You moved the")
    page.wait_for_timeout(100)
    assert said(page) == [message(page)]
    # a double-click on an Ace that could also go elsewhere: home (any empty foundation is that one place)
    assert len(move_map(position)["t1"]) == 2
    control(page, "t1").dblclick()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('tutor-play:forty-thieves')).moves.length === 2")
    settle(page)
    home = Move.parse("t1-f1")
    position.play(home)
    assert shown_board(page) == board_of(position)
    assert page.locator(f"{PLAY} svg [aria-pressed='true']").count() == 0
    # a drag onto a pile it does not fit: the engine's reason, nothing moves
    source, target = next((a, b) for a in position.piles for b in position.piles
                          if a.startswith("t") and b.startswith("t") and a != b
                          and position.piles[a] and position.piles[b] and not position.is_legal(f"{a}-{b}"))
    before = shown_board(page)
    drag(page, source, target)
    reason = position.copy()
    with pytest.raises(Exception) as refused:
        reason.play(f"{source}-{target}")
    assert message(page).startswith(as_sentence(refused.value.text.render("en"))[:20]) and shown_board(page) == before
    # a drag onto a pile it fits
    move = next(m for m in position.legal_moves() if m.src.startswith("t") and m.dst.startswith("t"))
    drag(page, move.src, move.dst, check_image=True)
    position.play(move)
    assert shown_board(page) == board_of(position)
    assert stored(page, f"tutor-play:{game}")["moves"] == [["t3-t9"], ["t1-f1"], [str(move)]]


def drag(page, source: str, target: str, widget: str = PLAY, check_image: bool = False) -> None:
    (x0, y0), (x1, y1) = centre(page, source, widget), centre(page, target, widget)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 10, steps=3)
    page.mouse.move(x1, y1, steps=8)
    if check_image:  # the cards taken follow the pointer; the piles they may go to are marked
        assert page.locator(f"{widget} .tutor-drag-image .tutor-card").count() >= 1
        assert page.locator(f"{widget} g.tutor-pile.tutor-drop-over[data-pile='{target}']").count() == 1
        assert page.locator(f"{widget} g.tutor-pile.tutor-drop-target[data-pile='{target}']").count() == 1
    page.mouse.up()
    settle(page, widget)
    assert page.locator(f"{widget} .tutor-drag-image").count() == 0


@pytest.mark.parametrize("pointer", ["pen", "touch"])
def test_a_pen_and_a_finger_drag_a_card_too(browser, base_url, pointer):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=pointer == "touch")
    page = context.new_page()
    game, number = "fortunes-favour", 5
    position = get_rules(game).deal(number)
    open_play(page, base_url, game, f"deal={number}")
    move = Move.parse("t1-t8")
    control(page, "t8").scroll_into_view_if_needed()
    (x0, y0), (x1, y1) = centre(page, move.src), centre(page, move.dst)
    cdp = context.new_cdp_session(page)
    path = [(x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10) for i in range(11)]
    if pointer == "touch":
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for x, y in path:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        pen = {"pointerType": "pen", "button": "left"}
        cdp.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x0, "y": y0, "clickCount": 1, **pen})
        for x, y in path:
            cdp.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "buttons": 1, **pen})
        cdp.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x1, "y": y1, "clickCount": 1, **pen})
    settle(page)
    position.play(move)
    assert shown_board(page) == board_of(position), pointer
    assert stored(page, f"tutor-play:{game}")["moves"] == [["t1-t8"]]
    context.close()


def test_practice_takes_a_one_click_and_a_drag_as_the_answer(page, base_url):
    game = "fortunes-favour"
    exercise = first_exercise_for(game, 1)
    page.goto(page_url(base_url, "en", f"play/{game}/") + f"#practice={exercise.id}")
    wait_live(page, PRACTICE)
    source, target = exercise.answer.split("-")
    drag(page, source, target, PRACTICE)
    assert page.locator(f"{PRACTICE} .tutor-practice").get_attribute("data-result") == "solved"


def test_up_and_down_grow_and_shrink_a_picked_run(page, base_url):
    game, variant, number = "forty-thieves", "josephine", 19
    position = get_rules(game, variant).deal(number)
    run = next(m for m in position.legal_moves() if m.count > 1)
    cards = position.piles[run.src]
    open_play(page, base_url, game, f"deal={number}&variant={variant}")
    tab_into_board(page)
    arrow_to(page, run.src)
    press(page, "Enter")  # the top card alone
    one = picked_text(cards[-1], 1).render("en")
    assert message(page) == one
    press(page, "ArrowUp")  # the run from its first card
    more = picked_text(cards[-run.count], run.count).render("en")
    assert message(page) == more
    assert focused(page)["card"] == cards[-run.count].code and focused(page)["pressed"] == "true"
    press(page, "ArrowDown")
    assert message(page) == one and focused(page)["card"] == cards[-1].code
    press(page, "ArrowUp")
    press(page, "Enter")  # Enter on the same pile puts it back
    assert message(page) == Text("ui", "Nothing picked.").render("en")
    assert page.locator(f"{PLAY} svg [aria-pressed='true']").count() == 0
    assert focused(page)["card"] == cards[-run.count].code
    press(page, "Enter")  # from the run's first card: the run
    assert message(page) == more
    arrow_to(page, run.dst)
    press(page, "Enter")
    position.play(run)
    assert shown_board(page) == board_of(position)
    # F on a focused card sends it home, where a foundation takes it; else says why
    home = next((m for m in position.legal_moves() if m.dst.startswith("f")), None)
    if home is not None:
        arrow_to(page, home.src)
        press(page, "f")
        position.play(home)
        assert shown_board(page) == board_of(position)


# --- the end of a game ----------------------------------------------------------------------------------

def test_the_end_panel_opens_above_the_board_with_the_right_count_and_takes_the_focus(page, base_url):
    game, number = "fortunes-favour", 2
    line = solve(get_rules(game).deal(number), time_limit=10).moves
    page.goto(page_url(base_url, "en", f"play/{game}/") + f"#deal={number}")
    wait_live(page)
    page.evaluate("""([key, moves, deal]) => localStorage.setItem(key, JSON.stringify(
                     {game: 'fortunes-favour', variant: '', deal, moves, counted: false,
                      seconds: 61, hints: 2, undos: 3}))""",
                  [f"tutor-play:{game}", [[move] for move in line[:-1]], str(number)])
    page.reload()
    wait_live(page)
    source, target = line[-1].split("-")
    tab_into_board(page)
    arrow_to(page, source)
    press(page, "Enter")
    arrow_to(page, target)
    press(page, "Enter")
    end = page.locator(f"{PLAY} .tutor-play-end")
    assert end.get_attribute("data-result") == "won"
    facts = dict(zip(end.locator("dt").all_inner_texts(), end.locator("dd").all_inner_texts(), strict=True))
    assert facts["Moves"] == str(len(line)) and facts["Hints"] == "2" and facts["Moves taken back"] == "3"
    assert facts["Time"].startswith("1 min") and facts["Deal"] == str(number)
    # above the board, and the keyboard on its first button
    assert end.evaluate("e => e.getBoundingClientRect().bottom + window.scrollY") < board_top(page)
    assert focused(page)["action"] == "new" and focused(page)["inEnd"]
    record = stored(page, f"tutor-play-stats:{game}")[""]
    assert (record["played"], record["won"], record["recent"][-1]["moves"]) == (1, 1, len(line))
    assert end.locator(".tutor-play-chart svg[role='img']").count() == 1
    assert axe_violations(page) == []  # with the panel open
    # the record survives a reload
    line_text = end.locator(".tutor-play-stats p").inner_text()
    page.reload()
    wait_live(page)
    assert page.locator(f"{PLAY} .tutor-play-stats p").inner_text() == line_text
    # a won game, after a reload, says it was won (not that it carries on); its one replay control starts it again
    ended = Text("ui", "You won deal {number}: this is how your game ended.", number=number)
    assert message(page) == ended.render("en")
    assert end.locator("[data-action='replay']").count() == 1
    end.locator("button[data-action='replay']").click()
    settle(page)
    assert end.count() == 0 and shown_board(page) == board_of(get_rules(game).deal(number))


def test_giving_up_asks_first_then_opens_the_panel(page, base_url):
    game, number = "queens-audience", 2
    open_play(page, base_url, game, f"deal={number}", lang="de")
    page.locator(f"{PLAY} .tutor-play-side button[data-action='give-up']").click()
    ask = page.locator(f"{PLAY} dialog[data-dialog='give-up']")
    assert ask.evaluate("d => d.open")
    ask.locator("button[data-action='give-up']").click()
    settle(page)
    end = page.locator(f"{PLAY} .tutor-play-end")
    assert end.get_attribute("data-result") == "given-up"
    assert end.locator("h2").inner_text() == Text("ui", "You gave up deal {number}.", number=number).render("de")
    assert focused(page)["inEnd"]
    assert stored(page, f"tutor-play-stats:{game}")[""]["recent"][-1]["result"] == "given-up"


def test_a_corrupt_record_is_reported_and_kept_aside(page, base_url):
    game = "forty-thieves"
    page.goto(page_url(base_url, "en", f"play/{game}/") + "#deal=3")
    wait_live(page)
    for broken in ("{not json", json.dumps({"": {"played": 1, "won": 5}})):
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [f"tutor-play-stats:{game}", broken])
        page.reload()
        wait_live(page)
        assert "record could not be read; it is kept aside" in message(page)
        assert page.evaluate("key => localStorage.getItem(key)", f"tutor-play-stats:{game}:set-aside") == broken
        assert stored(page, f"tutor-play-stats:{game}") == {}


def test_the_clock_stops_while_the_page_is_hidden(page, base_url):
    game = "fortunes-favour"
    open_play(page, base_url, game, "deal=5")
    hide = """hidden => { Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
                          document.dispatchEvent(new Event('visibilitychange')); }"""
    page.evaluate(hide, True)
    page.wait_for_timeout(6000)
    page.evaluate(hide, False)
    control(page, "s").click()
    settle(page)
    hidden = stored(page, f"tutor-play:{game}")["seconds"]
    assert hidden <= 3  # the hidden 6 s did not count
    page.wait_for_timeout(4000)
    control(page, "s").click()
    settle(page)
    assert stored(page, f"tutor-play:{game}")["seconds"] >= hidden + 4  # the visible ones did


# --- the board never moves ---------------------------------------------------------------------------

@pytest.mark.parametrize("width", [1280, 390])
def test_the_hint_the_coach_and_the_report_never_move_the_board(browser, base_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    game = "fortunes-favour"
    exercise = first_exercise_for(game, 1)  # the tip-1 situation: turning now makes the coach speak
    page.goto(page_url(base_url, "en", f"play/{game}/") + f"#deal={exercise.deal}")
    wait_live(page)
    page.evaluate("""([key, moves, deal]) => localStorage.setItem(key, JSON.stringify(
                     {game: 'fortunes-favour', variant: '', deal, moves, counted: false}))""",
                  [f"tutor-play:{game}", [[move] for move in exercise.prelude.split()], str(exercise.deal)])
    page.reload()
    wait_live(page)
    page.evaluate("window.scrollTo(0, 0)")
    top = board_top(page)
    page.locator(f"{PLAY} button[data-action='hint']").click()
    settle(page)
    assert page.locator(f"{PLAY} .tutor-play-hint").inner_text() and board_top(page) == top
    control(page, "s").click()  # the report and the coach's remark
    settle(page)
    assert page.locator(f"{PLAY} .tutor-coach").is_visible() and message(page)
    assert board_top(page) == top
    page.locator(f"{PLAY} .tutor-coach button[data-action='undo']").click()
    settle(page)
    assert board_top(page) == top
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_axe_finds_nothing_with_a_hint_the_dialog_and_the_panel_open(browser, base_url, game):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_play(page, base_url, game, "deal=5", lang="de" if game == "queens-audience" else "en")
    page.locator(f"{PLAY} button[data-action='hint']").click()
    settle(page)
    assert page.locator(f"{PLAY} .tutor-arrow-hint").count() >= 1
    assert axe_violations(page) == []
    page.locator(f"{PLAY} [data-dialog-open='shortcuts']").click()
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    page.locator(f"{PLAY} .tutor-play-side button[data-action='give-up']").click()
    page.locator(f"{PLAY} dialog[data-dialog='give-up'] button[data-action='give-up']").click()
    settle(page)
    assert page.locator(f"{PLAY} .tutor-play-end").count() == 1
    assert axe_violations(page) == []
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_typed_deal_and_another_variant_ask_first_while_a_game_is_in_progress(page, base_url, lang):
    """Issue 24: like N, the deal box and the variant buttons deal a new game, so they ask first; the
    keyboard alone answers the dialog, and "Keep playing" keeps the game as it was."""
    game, number = "fortunes-favour", 5
    page.goto(page_url(base_url, lang, f"play/{game}/") + f"#deal={number}")
    wait_live(page)
    position = get_rules(game).deal(number)
    _, move = one_destination(position)
    control(page, Move.parse(move).src).click()  # a card with one place to go: one click moves it
    settle(page)
    after = shown_board(page)
    assert after != board_of(position)
    box = page.locator(f"{PLAY} form[data-action='goto'] input")
    box.fill("12")
    box.press("Enter")
    ask = page.locator(f"{PLAY} dialog[data-dialog='goto']")
    ask.wait_for(state="visible")
    assert ask.evaluate("d => d.open") and page.evaluate("document.activeElement.closest('dialog') !== null")
    assert Text("ui", "Open deal {number}?", number=12).render(lang) == ask.locator("h2").inner_text()
    assert axe_violations(page) == []
    page.keyboard.press("Escape")  # as "Keep playing"
    assert not ask.evaluate("d => d.open") and shown_board(page) == after
    assert page.locator(PLAY).get_attribute("data-deal") == str(number)
    box.fill("12")
    box.press("Enter")
    ask.wait_for(state="visible")
    ask.locator("button[data-action='goto']").focus()
    page.keyboard.press("Enter")
    settle(page)
    assert page.locator(PLAY).get_attribute("data-deal") == "12"
    assert shown_board(page) == board_of(get_rules(game).deal(12))
    # a variant's button: the same question once a move is made
    control(page, Move.parse(one_destination(get_rules(game).deal(12))[1]).src).click()
    settle(page)
    page.locator(f"{PLAY} .tutor-choices button[data-variant='busy-aces']").click()
    switch = page.locator(f"{PLAY} dialog[data-dialog='variant-busy-aces']")
    assert switch.evaluate("d => d.open")
    switch.locator("button[data-action='variant']").click()
    settle(page)
    assert page.locator(PLAY).get_attribute("data-variant") == "busy-aces"
