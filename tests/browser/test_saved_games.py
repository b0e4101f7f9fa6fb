"""Saved games in the browser (issue 14): whatever is in the page's storage, the widget says what is
wrong in the page's language, the message stays, the widget plays on; a long game restores."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from test_scenarios_widget import current_narration, root_of, wait_live
from test_site import Watch, page_url

from tutor.web.protocol import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_inputs import _shuttle_game  # the same legal long game the unit test restores

SCENARIO = "ft-worked-example"
KEY = f"tutor-scenario:{SCENARIO}"
GOOD = {"scenario": SCENARIO, "mode": "play", "track": 0, "frame": 1, "moves": []}
BAD = {  # the eleven kinds of corrupt entry
    "cut off": json.dumps(GOOD)[:-4],
    "not JSON": "{{{",
    "not an object": "[1, 2, 3]",
    "nested 3,000 deep": json.dumps(GOOD)[:-3] + "[" * 3_000 + "]" * 3_000 + "}",
    "nested 20,000 deep": json.dumps(GOOD)[:-3] + "[" * 20_000 + "]" * 20_000 + "}",
    "a number of 5,000 digits": json.dumps(GOOD).replace('"track": 0', '"track": ' + "9" * 5_000),
    "another version": json.dumps({**GOOD, "version": 3}),
    "another example": json.dumps({**GOOD, "scenario": "ff-worked-example"}),
    "moves that are no list": json.dumps({**GOOD, "moves": "t1-t2"}),
    "a move in bad notation": json.dumps({**GOOD, "moves": ["t1-t2x²"]}),
    "a move that does not replay": json.dumps({**GOOD, "moves": ["t1-t1"]}),
}


def expected_message(text: str, lang: str) -> str:
    session = Session()
    session.handle({"widget": "w", "action": "open", "spec": f"scenario: {SCENARIO}", "lang": lang})
    answer = json.loads(session.handle_json(json.dumps({"widget": "w", "action": "restore", "saved_text": text})))
    assert not answer["ok"]
    return answer["message"]


def reload_with(page, text: str) -> None:
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, text])
    page.reload()
    wait_live(page, SCENARIO)


def test_bad_saved_games_are_refused_with_a_message_and_the_widget_plays_on(browser, base_url):
    context = browser.new_context()
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, "de", "forty-thieves/"))
    widget = root_of(page, SCENARIO)
    status = f'[data-tutor-widget][data-scenario="{SCENARIO}"] .tutor-status'
    for label, text in BAD.items():
        reload_with(page, text)
        message = expected_message(text, "de")
        page.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent === text",
                               arg=[status, message])
        assert "\n" not in message and message.startswith("Das gespeicherte Spiel"), label
        assert page.evaluate(f"localStorage.getItem('{KEY}')") is None, label
        assert page.evaluate(f"localStorage.getItem('{KEY}:set-aside')") == text, label  # kept, never dropped
        assert current_narration(widget), label
        page.wait_for_timeout(300)  # nothing overwrites the message while the reader has not acted
        assert page.locator(status).text_content() == message, label
    # the widget works: try it yourself from the guide
    widget.locator('[data-guide="try"]').click()
    page.wait_for_selector(f'[data-scenario="{SCENARIO}"] .tutor-play-view')
    assert watch.errors == [] and watch.foreign == []
    context.close()


def test_a_long_game_and_a_guide_place_are_restored(browser, base_url):
    context = browser.new_context()
    watch = Watch(context, base_url)
    page = context.new_page()
    page.goto(page_url(base_url, "en", "forty-thieves/"))
    moves = _shuttle_game(SCENARIO, 2001)
    reload_with(page, json.dumps({**GOOD, "frame": 0, "moves": moves}))
    page.wait_for_selector(f'[data-scenario="{SCENARIO}"] .tutor-play-view')
    assert len(json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["moves"]) == 2001
    reload_with(page, json.dumps({**GOOD, "mode": "guide", "frame": 2}))
    widget = root_of(page, SCENARIO)
    page.wait_for_function("sel => document.querySelector(sel)?.dataset.frame === '2'",
                           arg=f'[data-scenario="{SCENARIO}"] .tutor-frame:not([hidden])')
    assert widget.locator(".tutor-play").is_hidden()
    assert watch.errors == [] and watch.foreign == []
    context.close()

