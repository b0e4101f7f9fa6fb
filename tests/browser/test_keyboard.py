"""The boards by keyboard alone, in Debian's Chromium, on the play page (the keys are one module,
board-keys.js, for every board of the site; test_a11y plays a guide's "try it yourself" with them):
the board is one Tab stop; from Home the arrow keys reach every pile of every game and variant;
Fortune's Favour is won from the solver's line, the focus on the board after every move, undo and
redo; a Forty Thieves run moves in Josephine, picked from its first card (a control of its own);
a Queen's Audience pair is placed; Escape puts a picked card back; an exercise of the practice
board is answered by keys; each pile's control names the pile and its top card; axe-core finds
nothing on the play page after keyboard play. Expected boards come from the engine, replayed beside
the page."""

from __future__ import annotations

import pytest
from test_a11y import axe_violations
from test_play_browser import PLAY, PRACTICE, settle, shown_board, wait_live
from test_site import Watch, page_url

from tutor.analysis.solve import solve
from tutor.engine import Move, get_rules
from tutor.engine.registry import game_ids
from tutor.i18n import Text
from tutor.lessons import first_exercise_for
from tutor.web.board_input import picked_text
from tutor.web.render import card_label
from tutor.web.render.text import pile_name

BOARD = f"{PLAY} .tutor-body svg.tutor-svg"


def board_of(position) -> dict[str, dict]:
    """What the page draws of an engine position (as test_play_browser's shown_board reads it)."""
    board = {}
    for view in position.layout():
        cards = [card.code for card in view.cards]
        up = cards[view.face_down:]
        if view.fan == "none":
            board[view.id] = {"up": up[-1:], "backs": 1 if cards and not up else 0}
        else:
            board[view.id] = {"up": up, "backs": view.face_down}
    return board


def focused(page, widget: str = PLAY) -> dict:
    """What has the keyboard's focus: its pile or action, and whether it is on the widget's board."""
    return page.evaluate("""widget => { const e = document.activeElement;
        return { pile: e?.dataset?.pile ?? null, card: e?.dataset?.card ?? null, action: e?.dataset?.action ?? null,
                 inBoard: !!e?.closest?.(`${widget} .tutor-body svg.tutor-svg`),
                 inEnd: !!e?.closest?.(`${widget} .tutor-play-end`),
                 tabindex: e?.getAttribute?.('tabindex') ?? null,
                 label: e?.getAttribute?.('aria-label') ?? null,
                 pressed: e?.getAttribute?.('aria-pressed') ?? null }; }""",
                         widget)


# The shortest way by arrow keys from the focused pile to another: the page's own answers to each
# key, explored with synthetic key events (the focus is put back where it was); the test then
# presses the real keys. While a pile is picked, a step within it would pick again (Up/Down grow or
# shrink a run): the way leaves it by another key, and the exploration shows the keys an unpicked
# board (so that it sends nothing).
PATH = """([goal, card]) => {
    const from = document.activeElement;
    const board = from.closest('svg.tutor-svg');
    const pressed = [...board.querySelectorAll('[aria-pressed="true"]')];
    const picked = pressed[0]?.closest('g.tutor-pile') ?? null;
    pressed.forEach((c) => c.setAttribute('aria-pressed', 'false'));
    const key = (name) => document.activeElement.dispatchEvent(
        new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
    const isGoal = (c) => c.dataset.pile === goal && (card ? c.dataset.card === card
        : c === [...board.querySelectorAll(`[data-pile="${goal}"][tabindex]`)].pop());
    const way = new Map([[from, []]]);
    const queue = [from];
    let found = isGoal(from) ? from : null;
    while (queue.length && !found) {
        const control = queue.shift();
        for (const name of ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp']) {
            control.focus();
            key(name);
            const there = document.activeElement;
            const within = picked && there !== control && there.closest('g.tutor-pile') === picked
                && control.closest('g.tutor-pile') === picked;
            if (within) continue;
            if (!way.has(there)) { way.set(there, [...way.get(control), name]); queue.push(there); }
            if (isGoal(there)) { found = there; break; }
        }
    }
    pressed.forEach((c) => c.setAttribute('aria-pressed', 'true'));
    from.focus();
    return found ? way.get(found) : null;
}"""


def arrow_to(page, pile: str, widget: str = PLAY, card: str | None = None) -> int:
    """Walk the focus to a pile's top card (or to its `card`, the first of a run) with the arrow keys
    only, the shortest way; returns how many keys."""
    assert focused(page, widget)["inBoard"], focused(page, widget)
    keys = page.evaluate(PATH, [pile, card])
    assert keys is not None, f"the arrow keys never reach {pile}"
    for key in keys:
        page.keyboard.press(key)
    here = focused(page, widget)
    assert here["pile"] == pile and here["inBoard"] and (card is None or here["card"] == card), (pile, keys, here)
    return len(keys)


def tab_into_board(page, widget: str = PLAY) -> None:
    """From the top of the page, Tab until the focus is on the widget's board (one Tab stop)."""
    for _ in range(300):
        page.keyboard.press("Tab")
        if focused(page, widget)["inBoard"]:
            break
    else:
        raise AssertionError("Tab never reached the board")
    assert page.locator(f"{widget} .tutor-body svg.tutor-svg [tabindex='0']").count() == 1
    page.keyboard.press("Tab")
    assert not focused(page, widget)["inBoard"]  # the next Tab leaves the board
    page.keyboard.press("Shift+Tab")
    assert focused(page, widget)["inBoard"]


def press(page, key: str, widget: str = PLAY) -> None:
    page.keyboard.press(key)
    settle(page, widget)


def play_by_keys(page, position, move: str, widget: str = PLAY) -> None:
    """One move of the engine's notation by keyboard: arrows to the source, Enter, arrows to the
    destination, Enter (the stock: Enter on it); the engine's position plays it beside the page."""
    parsed = Move.parse(move)
    arrow_to(page, parsed.sources[0], widget)
    press(page, "Enter", widget)
    kinds = {view.id: view.kind for view in position.layout()}
    if kinds[parsed.sources[0]] != "stock":
        here = focused(page, widget)
        assert here["inBoard"] and here["pile"] == parsed.sources[0] and here["pressed"] == "true", (move, here)
        arrow_to(page, parsed.dst, widget)
        press(page, "Enter", widget)
    position.play(move)


@pytest.fixture()
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(context, base_url)
    page = context.new_page()
    yield page
    assert watch.errors == [] and watch.foreign == []
    context.close()


def open_play(page, base_url, game: str, hash_: str, lang: str = "en") -> None:
    page.goto(page_url(base_url, lang, f"play/{game}/") + f"#{hash_}")
    wait_live(page)


REACH = """() => {
    const board = document.querySelector('[data-kind="play"] .tutor-body svg.tutor-svg');
    const controls = [...board.querySelectorAll('[data-pile][tabindex]')];
    const piles = [...new Set(controls.map(c => c.dataset.pile))];
    const key = (name) => document.activeElement.dispatchEvent(
        new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
    controls[controls.length - 1].focus();
    key('Home');
    const start = document.activeElement.dataset.pile;
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
        const pile = queue.shift();
        for (const name of ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp']) {
            [...board.querySelectorAll(`[data-pile="${pile}"][tabindex]`)].pop().focus();
            key(name);
            const there = document.activeElement.dataset.pile;
            if (!seen.has(there)) { seen.add(there); queue.push(there); }
        }
    }
    key('End');
    return { start, end: document.activeElement.dataset.pile, first: controls[0].dataset.pile,
             last: controls[controls.length - 1].dataset.pile, all: piles, seen: [...seen] };
}"""


@pytest.mark.parametrize("game", game_ids())
def test_from_home_the_arrows_reach_every_pile(page, base_url, game):
    open_play(page, base_url, game, "deal=7")
    for variant in get_rules(game).variants:
        if variant:
            page.evaluate("""h => { document.querySelector('[data-kind="play"] .tutor-play-page').dataset.stale = '1';
                                    location.hash = h; }""", f"deal=7&variant={variant}")
            page.wait_for_selector(f"{PLAY} .tutor-play-page:not([data-stale])")
            settle(page)
        reach = page.evaluate(REACH)
        assert (reach["start"], reach["end"]) == (reach["first"], reach["last"]), (variant, reach)
        assert sorted(reach["seen"]) == sorted(reach["all"]), (variant, reach)
        assert reach["all"] == [view.id for view in get_rules(game, variant).deal(7).layout()]


def test_fortunes_favour_is_won_by_keyboard_alone(page, base_url):
    game, number = "fortunes-favour", 29
    line = solve(get_rules(game).deal(number), time_limit=30).moves
    assert line, "the solver wins this deal"
    position = get_rules(game).deal(number)
    open_play(page, base_url, game, f"deal={number}")
    tab_into_board(page)
    page.keyboard.press("Home")
    assert focused(page)["pile"] == "s"
    # each pile's control says what it is and what lies on top, in the page's language
    t1 = next(view for view in position.layout() if view.id == "t1")
    arrow_to(page, "t1")
    assert focused(page)["label"] == Text("ui", "{pile}: {cards}", pile=pile_name(t1, "en"),
                                          cards=card_label(t1.cards[-1], "en")).render("en")
    for index, move in enumerate(line):
        play_by_keys(page, position, move)
        assert shown_board(page) == board_of(position), (index, move)
        here = focused(page)
        if position.is_won():
            break
        assert here["inBoard"] and here["tabindex"] == "0", (index, move, here)
        if index == len(line) // 2:
            # undo and redo by keys keep the focus on the board, on the pile it was on
            pile = here["pile"]
            for undo, redo in (("Control+z", "Control+y"), ("u", "Shift+U")):  # the play page's shortcuts too
                press(page, undo)
                assert focused(page)["inBoard"] and focused(page)["pile"] == pile
                press(page, redo)
                assert focused(page)["inBoard"] and focused(page)["pile"] == pile
                assert shown_board(page) == board_of(position)
            # mid-game, a card picked: axe finds nothing
            arrow_to(page, Move.parse(line[index + 1]).sources[0])
            press(page, "Enter")
            assert page.locator(f"{BOARD} [aria-pressed='true']").count() == 1
            assert axe_violations(page) == []
            press(page, "Escape")
    assert position.is_won()
    end = page.locator(f"{PLAY} .tutor-play-end")
    assert end.get_attribute("data-result") == "won"
    # the board has no control left: the keyboard is on the end's first button, not lost to the page
    assert focused(page)["action"] == "new" and focused(page)["inEnd"]
    assert axe_violations(page) == []


def test_escape_puts_a_picked_card_back(page, base_url):
    game, number = "fortunes-favour", 29
    position = get_rules(game).deal(number)
    open_play(page, base_url, game, f"deal={number}")
    tab_into_board(page)
    before = shown_board(page)
    arrow_to(page, "t10")
    press(page, " ")
    assert focused(page)["pressed"] == "true" and focused(page)["tabindex"] == "0"
    picked = Text("ui", "You picked the {card}. Now pick the pile it should go to.", card=position.piles["t10"][-1])
    assert page.locator(f"{PLAY} .tutor-play-message").inner_text() == picked.render("en")
    arrow_to(page, "t3")
    press(page, "Escape")
    assert page.locator(f"{BOARD} [aria-pressed='true']").count() == 0
    assert page.locator(f"{PLAY} .tutor-play-message").inner_text() == Text("ui", "Nothing picked.").render("en")
    assert focused(page)["inBoard"] and focused(page)["pile"] == "t3"
    assert shown_board(page) == before
    # Escape with nothing picked changes nothing; Enter on the stock turns it
    page.keyboard.press("Escape")
    assert focused(page)["pile"] == "t3"
    play_by_keys(page, position, "s-w")
    assert shown_board(page) == board_of(position)
    assert focused(page)["inBoard"] and focused(page)["pile"] == "s"


def test_a_forty_thieves_run_moves_in_josephine(page, base_url):
    game, variant, number = "forty-thieves", "josephine", 19
    position = get_rules(game, variant).deal(number)
    run = next(m for m in position.legal_moves() if m.count > 1 and position.piles[m.dst])
    open_play(page, base_url, game, f"deal={number}&variant={variant}", lang="de")
    tab_into_board(page)
    source = list(position.piles[run.src])
    first = position.layout()[0]  # an empty foundation, named in German
    assert focused(page)["label"] == Text("ui", "{pile}: empty", pile=pile_name(first, "de")).render("de")
    # the run's first card is a control of its own: Up from the top card reaches it, Enter picks
    # the run from there
    arrow_to(page, run.src)
    page.keyboard.press("ArrowUp")
    assert focused(page)["card"] == source[-run.count].code
    run_view = next(view for view in position.layout() if view.id == run.src)
    assert focused(page)["label"] == Text("ui", "{pile}: {cards}", pile=pile_name(run_view, "de"),
                                          cards=card_label(source[-run.count], "de")).render("de")
    press(page, "Enter")
    assert focused(page)["pressed"] == "true" and focused(page)["card"] == source[-run.count].code
    picked = picked_text(source[-run.count], run.count).render("de")
    assert page.locator(f"{PLAY} .tutor-play-message").inner_text() == picked
    arrow_to(page, run.dst)
    press(page, "Enter")
    position.play(run)
    board = shown_board(page)
    assert board == board_of(position)
    assert board[run.dst]["up"][-run.count:] == [card.code for card in source[-run.count:]]
    assert focused(page)["inBoard"] and focused(page)["pile"] == run.dst


def test_a_queens_audience_pair_is_placed(page, base_url):
    game, number = "queens-audience", 2
    position = get_rules(game).deal(number)
    pair = next(m for m in position.legal_moves() if len(m.sources) > 1)
    open_play(page, base_url, game, f"deal={number}")
    tab_into_board(page)
    play_by_keys(page, position, str(pair))
    board = shown_board(page)
    assert board == board_of(position)
    assert all(board[src] != board_of(get_rules(game).deal(number))[src] for src in pair.sources)
    assert focused(page)["inBoard"] and focused(page)["pile"] == pair.dst
    assert axe_violations(page) == []


def test_an_exercise_is_answered_by_keyboard(page, base_url):
    """The practice board below the game has the same keys: a wrong pick put back with Escape, then
    the answer by arrows and Enter."""
    game = "fortunes-favour"
    exercise = first_exercise_for(game, 1)
    page.goto(page_url(base_url, "en", f"play/{game}/") + f"#practice={exercise.id}")
    wait_live(page, PRACTICE)
    wait_live(page)
    tab_into_board(page, PRACTICE)
    position = exercise.position()
    before = shown_board(page, PRACTICE)
    source = Move.parse(exercise.answer).sources[0]
    arrow_to(page, source, PRACTICE)
    press(page, "Enter", PRACTICE)
    assert focused(page, PRACTICE)["pressed"] == "true"
    press(page, "Escape", PRACTICE)
    assert page.locator(f"{PRACTICE} .tutor-body svg [aria-pressed='true']").count() == 0
    assert focused(page, PRACTICE)["inBoard"] and shown_board(page, PRACTICE) == before
    play_by_keys(page, position, exercise.answer, PRACTICE)
    assert page.locator(f"{PRACTICE} .tutor-practice").get_attribute("data-result") == "solved"
    assert not focused(page, PRACTICE)["inBoard"] and focused(page, PRACTICE)["action"]  # on a button, not lost
