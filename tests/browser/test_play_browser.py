"""The play pages in Debian's Chromium: every game, variant and language opens `#deal=N&variant=V`
with exactly the cards of `tutor deal`, a bad hash gives the page's message and a random deal, the
deal box (by keyboard) refuses a bad number with one line and opens a good one;
undo/redo (Ctrl+Z/Ctrl+Y), restart, new deal and replay; the record counts a won and a lost game;
the game survives a reload and the language switch; the tip-1 situation of Fortune's Favour makes
the coach speak with a link to the tip; the end screen, won and lost, offers a new deal and a
replay; an exercise answered with a move the engine refuses (its reason), tried again and answered
rightly (stored as solved), and the next one's trap (the tip's remark). Page loads are
few: one per game and language for the deals (the hash is changed in place), a handful for the rest.
Expected cards and words come from the engine (tutor.cli.main, tutor.web.protocol)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from test_site import LIVE_TIMEOUT_MS, Watch, page_url

from tutor.analysis.solve import solve
from tutor.cli.main import main as cli_main
from tutor.engine import IllegalMove, get_rules
from tutor.engine.registry import game_ids
from tutor.errors import HashError
from tutor.i18n import LANGUAGES, Text
from tutor.lessons import exercises_of, first_exercise_for
from tutor.web.render import as_sentence
from tutor.web.widgets.play_record import page_deal_number

ROOT = Path(__file__).resolve().parents[2]
PLAY = '[data-tutor-widget][data-kind="play"]'
PRACTICE = '[data-tutor-widget][data-kind="practice"]'
GAMES = tuple(game_ids())


def tutor_deal(game: str, variant: str, number: int) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli_main(["deal", game, "--variant", variant, "--deal", str(number), "--json"]) == 0
    return json.loads(out.getvalue())


def expected_board(game: str, variant: str, number: int) -> dict[str, dict]:
    """Per pile: the face-up cards the board draws and how many backs, from `tutor deal`'s piles
    (the layout says only how each pile is spread and how many of its cards lie face down)."""
    piles = tutor_deal(game, variant, number)["piles"]
    board = {}
    for view in get_rules(game, variant).deal(number).layout():
        cards = piles[view.id]
        up = cards[view.face_down:]
        if view.fan == "none":
            board[view.id] = {"up": up[-1:], "backs": 1 if cards and not up else 0}
        else:
            board[view.id] = {"up": up, "backs": view.face_down}
    return board


def shown_board(page, selector: str = PLAY) -> dict[str, dict]:
    return page.locator(f"{selector} .tutor-body svg.tutor-svg").first.evaluate(
        """svg => Object.fromEntries([...svg.querySelectorAll('g.tutor-pile')].map(g => [g.dataset.pile, {
               up: [...g.querySelectorAll('.tutor-card[data-card]')].map(c => c.dataset.card),
               backs: g.querySelectorAll('.tutor-card.tutor-back').length}]))""")


def wait_live(page, selector: str = PLAY) -> None:
    page.wait_for_selector(f"{selector}[data-state='live']", timeout=LIVE_TIMEOUT_MS)
    settle(page, selector)


def settle(page, selector: str = PLAY) -> None:
    page.wait_for_selector(f"{selector}[data-state='live'] .tutor-body:not([aria-busy])", timeout=LIVE_TIMEOUT_MS)


def set_hash(page, text: str) -> None:
    """Change the address's hash in place and wait for the board the engine draws for it."""
    page.evaluate("""text => { document.querySelector('[data-kind="play"] .tutor-play-page').dataset.stale = '1';
                               location.hash = text; }""", text)
    page.wait_for_selector(f"{PLAY} .tutor-play-page:not([data-stale])", timeout=LIVE_TIMEOUT_MS)
    settle(page)


def click_action(page, action: str, selector: str = PLAY) -> None:
    page.locator(f'{selector} .tutor-body button[data-action="{action}"]:not([disabled])').first.click()
    settle(page, selector)


def click_pile(page, pile: str, selector: str = PLAY) -> None:
    page.locator(f'{selector} .tutor-body svg g.tutor-pile[data-pile="{pile}"] [tabindex]').last.click()
    settle(page, selector)


def click_move(page, move: str, selector: str = PLAY) -> None:
    """A move by clicks: its card, then (unless the card had one place to go, and the click made
    the move at once) its pile."""
    source, target = move.split("-")
    moves = json.loads(page.locator(f"{selector} .tutor-play-board").get_attribute("data-moves"))
    click_pile(page, source, selector)
    if len([entry for entry in moves.get(source, []) if entry["n"] == 1]) != 1:
        click_pile(page, target, selector)


def stored(page, key: str):
    return page.evaluate("key => JSON.parse(localStorage.getItem(key))", key)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_deal_links_show_the_cards_of_tutor_deal(browser, base_url, game, lang):
    context = browser.new_context()
    watch = Watch(context, base_url)
    page = context.new_page()
    first_variant = next(iter(get_rules(game).variants))
    page.goto(page_url(base_url, lang, f"play/{game}/") + "#deal=123")
    wait_live(page)
    for number, variant in [(123, first_variant)] + [(900 + i, v) for i, v in enumerate(get_rules(game).variants) if v]:
        if (number, variant) != (123, first_variant):
            set_hash(page, f"deal={number}&variant={variant}")
        root = page.locator(PLAY)
        assert (root.get_attribute("data-deal"), root.get_attribute("data-variant")) == (str(number), variant)
        assert shown_board(page) == expected_board(game, variant, number), (game, variant, number)
        deal_line = Text("ui", "Deal {number}", number=number).render(lang)
        assert page.locator(f"{PLAY} .tutor-play-deal").inner_text() == deal_line
    if game == "fortunes-favour":  # the bad addresses, on one game's pages
        for bad, reason in [("deal=abc", refusal_of("abc")),
                            ("deal=-1", None), ("deal=5&variant=nope",
                                                Text("ui", 'this game has no variant "{variant}"', variant="nope")),
                            ("deal=123456789012345678901234567890", None)]:
            page.evaluate("key => localStorage.removeItem(key)", f"tutor-play:{game}")  # else it goes on
            set_hash(page, bad)
            message = page.locator(f"{PLAY} .tutor-play-message").inner_text()
            start = Text("ui", "The address could not be used ({reason}), so the page shows another deal instead.",
                         reason="").render(lang).split("(")[0]
            assert message.startswith(start), message
            if reason is not None:
                assert reason.render(lang) in message
            number = int(page.locator(PLAY).get_attribute("data-deal"))
            assert 1 <= number <= 99_999 and page.evaluate("location.hash") == f"#deal={number}"
            assert shown_board(page) == expected_board(game, "", number)
        # the deal box, by keyboard alone: a bad number says why on one line and changes nothing,
        # a good one opens that deal as its link does
        board, number = shown_board(page), page.locator(PLAY).get_attribute("data-deal")
        box = page.locator(f"{PLAY} .tutor-play-goto input")
        assert page.locator(f"{PLAY} .tutor-play-goto label").inner_text() == Text("ui", "Deal number").render(lang)
        box.focus()
        box.press_sequentially("12x")
        page.keyboard.press("Enter")
        settle(page)
        message = page.locator(f"{PLAY} .tutor-play-message")
        assert message.inner_text() == refusal_of("12x").render(lang) + "."
        assert (page.locator(PLAY).get_attribute("data-deal"), shown_board(page)) == (number, board)
        assert box.get_attribute("aria-invalid") == "true" and box.input_value() == "12x"
        assert page.evaluate("document.activeElement.name") == "number"  # back in the box, to mend it
        page.keyboard.press("Control+a")
        page.keyboard.type("4321")
        page.keyboard.press("Tab")  # to the box's button
        page.keyboard.press("Enter")
        settle(page)
        assert page.locator(PLAY).get_attribute("data-deal") == "4321"
        assert page.evaluate("location.hash") == "#deal=4321"
        assert shown_board(page) == expected_board(game, "", 4321)
        assert box.get_attribute("aria-invalid") is None
    assert watch.errors == [] and watch.foreign == []
    context.close()


def refusal_of(number: str) -> Text:
    """What the engine says of a deal number the page cannot take."""
    with pytest.raises(HashError) as refusal:
        page_deal_number(number)
    return refusal.value.text


def counts(stats: dict) -> dict:
    """A stored record's counts per variant (without its best time and last games)."""
    return {variant: {name: record[name] for name in ("played", "won", "streak", "best")}
            for variant, record in stats.items()}


def _groups(moves: list[str]) -> list[list[str]]:
    return [[move] for move in moves]


def _losing_line(number: int) -> list[str]:
    position = get_rules("fortunes-favour").deal(number)
    line = []
    while not position.is_over():
        move = "s-w" if position.piles["s"] else str(position.legal_moves()[0])
        position.play(move)
        line.append(move)
    assert position.is_lost()
    return line


def test_play_coach_undo_redo_record_reload_and_language(browser, base_url):
    game = "fortunes-favour"
    context = browser.new_context()
    watch = Watch(context, base_url)
    page = context.new_page()
    url = page_url(base_url, "en", f"play/{game}/")
    exercise = first_exercise_for(game, 1)  # the tip-1 situation: a card could still go to its foundation
    page.goto(url + f"#deal={exercise.deal}")
    wait_live(page)
    page.evaluate("""([key, moves, deal]) => localStorage.setItem(key, JSON.stringify(
                     {game: 'fortunes-favour', variant: '', deal, moves, counted: false}))""",
                  [f"tutor-play:{game}", _groups(exercise.prelude.split()), exercise.deal])
    page.reload()
    wait_live(page)
    before = shown_board(page)
    click_pile(page, "s")  # turn although a card could go to its foundation
    coach = page.locator(f"{PLAY} .tutor-coach")
    assert coach.is_visible() and coach.get_attribute("data-tip") == "1"
    assert "Tip 1: Before turning a stock card" in coach.inner_text()
    link = coach.locator("a")
    assert link.get_attribute("href") == "../../fortunes-favour/#lesson-tip-1"
    after_turn = shown_board(page)
    page.keyboard.press("Control+z")
    settle(page)
    assert shown_board(page) == before and not coach.is_visible()
    page.keyboard.press("Control+y")
    settle(page)
    assert shown_board(page) == after_turn
    coach.locator("button[data-action='undo']").click()  # the coach's offer to undo
    settle(page)
    assert shown_board(page) == before
    page.reload()
    wait_live(page)
    assert shown_board(page) == before  # reload: the game goes on
    # the language switch keeps the deal and the game
    page.hover(".md-header__option .md-select")
    page.click('.md-select__link[hreflang="de"]')
    page.wait_for_url(page_url(base_url, "de", f"play/{game}/") + f"#deal={exercise.deal}")
    wait_live(page)
    assert shown_board(page) == before
    assert "Spiel" in page.locator(f"{PLAY} .tutor-play-deal").inner_text()
    click_action(page, "restart")
    assert shown_board(page) == expected_board(game, "", exercise.deal)
    click_action(page, "new")
    fresh = int(page.locator(PLAY).get_attribute("data-deal"))
    assert page.evaluate("location.hash") == f"#deal={fresh}"
    assert shown_board(page) == expected_board(game, "", fresh)

    # a won game: the saved game one move short of the solver's line, then the last move clicked
    line = solve(get_rules(game).deal(2), time_limit=10).moves
    page.evaluate("""([key, moves]) => localStorage.setItem(key, JSON.stringify(
                     {game: 'fortunes-favour', variant: '', deal: 2, moves, counted: false}))""",
                  [f"tutor-play:{game}", _groups(line[:-1])])
    page.goto(page_url(base_url, "en", f"play/{game}/") + "#deal=2")
    wait_live(page)
    click_move(page, line[-1])
    end = page.locator(f"{PLAY} .tutor-play-end")
    assert end.get_attribute("data-result") == "won"
    assert end.locator(".tutor-controls").first.locator("button").all_inner_texts() == [
        "New deal", "Replay this deal", "Review this game"]
    assert counts(stored(page, f"tutor-play-stats:{game}")) == {"": {"played": 1, "won": 1, "streak": 1, "best": 1}}
    click_action(page, "replay")
    assert page.locator(f"{PLAY} .tutor-play-end").count() == 0
    assert shown_board(page) == expected_board(game, "", 2)
    # a lost game
    lost = _losing_line(3)
    page.evaluate("""([key, moves]) => localStorage.setItem(key, JSON.stringify(
                     {game: 'fortunes-favour', variant: '', deal: 3, moves, counted: false}))""",
                  [f"tutor-play:{game}", _groups(lost[:-1])])
    set_hash(page, "deal=3")  # the same page: the address changes in place, the saved game is taken up
    if lost[-1].startswith("s-"):
        click_pile(page, "s")
    else:
        click_move(page, lost[-1])
    assert end.get_attribute("data-result") == "lost"
    assert end.locator(".tutor-controls").first.locator("button").all_inner_texts() == [
        "New deal", "Replay this deal", "Review this game"]
    assert counts(stored(page, f"tutor-play-stats:{game}")) == {"": {"played": 2, "won": 1, "streak": 0, "best": 1}}
    record = Text("ui", "Your record in {game}: {played} finished, {won} won; "
                  "current winning streak {streak}, longest {best}.",
                  game=get_rules(game).title, played=2, won=1, streak=0, best=1).render("en")
    assert page.locator(f"{PLAY} .tutor-play-stats p").inner_text().startswith(record)
    page.reload()  # reloading a finished game does not count it again
    wait_live(page)
    assert stored(page, f"tutor-play-stats:{game}")[""]["played"] == 2
    click_action(page, "reset-stats")
    assert stored(page, f"tutor-play-stats:{game}") == {}
    end.locator("button[data-action='new']").click()  # the end screen's own "new deal"
    settle(page)
    fresh = int(page.locator(PLAY).get_attribute("data-deal"))
    assert end.count() == 0 and shown_board(page) == expected_board(game, "", fresh)
    assert watch.errors == [] and watch.foreign == []
    context.close()


def test_practice_wrong_then_right_and_axe(browser, base_url):
    game = "fortunes-favour"
    exercise = first_exercise_for(game, 1)
    context = browser.new_context(bypass_csp=True)  # axe-core is injected as a script
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, "de", f"play/{game}/") + f"#practice={exercise.id}")
    wait_live(page, PRACTICE)
    wait_live(page)
    practice = page.locator(PRACTICE)
    assert practice.locator(".tutor-practice").get_attribute("data-exercise") == exercise.id
    position = exercise.position()
    from tutor.web.board_input import move_map

    places = move_map(position)  # a card with one place to go moves at once when clicked: not this one
    source, target = next((a, b) for a in position.piles for b in position.piles
                          if a.startswith("t") and b.startswith("t") and a != b and position.piles[a]
                          and len(places.get(a, [])) != 1 and not position.is_legal(f"{a}-{b}"))
    with pytest.raises(IllegalMove) as refusal:
        position.copy().play(f"{source}-{target}")
    before = shown_board(page, PRACTICE)
    click_pile(page, source, PRACTICE)  # a move the engine refuses: its reason, in German, at once
    click_pile(page, target, PRACTICE)
    message = practice.locator(".tutor-play-message").inner_text()
    assert message.startswith(as_sentence(refusal.value.text.render("de"))), message
    assert shown_board(page, PRACTICE) == before
    click_action(page, "retry", PRACTICE)  # the board again; the miss still counts
    click_move(page, exercise.answer, PRACTICE)  # right after one miss: solved
    assert practice.locator(".tutor-play-message").inner_text() == as_sentence(
        exercise.right(position, exercise.answer).render("de"))
    assert stored(page, f"tutor-practice:{game}") == {"solved": [exercise.id]}
    following = exercises_of(game)[1]
    assert following.tip == 1
    page.locator(f'{PRACTICE} button[data-action="choose"][data-exercise="1"]').click()
    settle(page, PRACTICE)
    click_pile(page, "s", PRACTICE)  # the trap: turning the stock
    message = practice.locator(".tutor-play-message").inner_text()
    # tip 1's remark would name the card that can still go home: the first miss names the tip's idea
    assert message.startswith(Text("ui", "Not this one. {why}", why=following.idea()).render("de")), message
    page.add_script_tag(path=str(ROOT / "node_modules" / "axe-core" / "axe.min.js"))
    result = page.evaluate("""() => axe.run(document.querySelector('.md-content'),
                              {runOnly: {type: 'tag',
                                         values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']}})""")
    violations = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
    assert violations == []
    assert watch.errors == [] and watch.foreign == []
    context.close()


def test_the_highest_deal_opens_as_on_the_command_line_and_survives_reload_and_a_shared_link(browser, base_url):
    """limits.MAX_DEAL (2⁶⁴ − 1) on the play page: the board of `tutor deal --deal 18446744073709551615`, in the
    address and on the widget as text (JavaScript's numbers lose it above 2⁵³), after a reload (the saved
    game) and in a fresh browser that follows the link."""
    from tutor.limits import MAX_DEAL

    game = "fortunes-favour"
    url = page_url(base_url, "en", f"play/{game}/") + f"#deal={MAX_DEAL}"
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    wait_live(page)
    assert shown_board(page) == expected_board(game, "", MAX_DEAL)
    assert page.locator(PLAY).get_attribute("data-deal") == str(MAX_DEAL)
    click_pile(page, "s")
    settle(page)
    assert stored(page, f"tutor-play:{game}")["deal"] == str(MAX_DEAL)
    page.reload()
    wait_live(page)
    assert page.evaluate("location.hash") == f"#deal={MAX_DEAL}"
    assert len(stored(page, f"tutor-play:{game}")["moves"]) == 1
    context.close()
    shared = browser.new_context()  # a friend opens the link
    other = shared.new_page()
    other.goto(url)
    wait_live(other)
    assert shown_board(other) == expected_board(game, "", MAX_DEAL)
    shared.close()


def test_a_saved_game_that_cannot_be_restored_is_kept_aside(browser, base_url):
    """"A saved game beyond a limit is kept in storage and reported, never dropped" (issue 22): the
    play page says why, starts a new game, and keeps what it could not restore under a key of its own."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(page_url(base_url, "en", "play/forty-thieves/"))
    wait_live(page)
    broken = json.dumps({"game": "forty-thieves", "variant": "", "deal": "7", "moves": [["t9-t9"]], "counted": False})
    page.evaluate("value => localStorage.setItem('tutor-play:forty-thieves', value)", broken)
    page.goto(page_url(base_url, "en", "play/forty-thieves/") + "#deal=7")  # the saved game's own deal
    wait_live(page)
    page.wait_for_function("() => localStorage.getItem('tutor-play:forty-thieves:set-aside') !== null")
    assert page.evaluate("localStorage.getItem('tutor-play:forty-thieves:set-aside')") == broken
    assert "kept aside" in page.locator(f"{PLAY} .tutor-play-message").inner_text()
    assert stored(page, "tutor-play:forty-thieves")["moves"] == []
    context.close()
