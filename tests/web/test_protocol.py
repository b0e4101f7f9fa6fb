"""tutor.web.protocol: the build-time HTML and the request/response API that the page's worker
calls — which never raises and answers every failure in the widget's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tutor.engine import TutorError, UnknownGame, get_rules
from tutor.i18n import LANGUAGES, Text
from tutor.web.protocol import DirectiveError, Session, build_html
from tutor.web.render import figure_html, symbol_prefix
from tutor.web.widgets.base import Widget, widget_kinds
from tutor.web.widgets.course import with_lesson_parts

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_build_html_draws_the_deal_with_the_same_code_as_the_live_widget():
    html = build_html("deal: fortunes-favour 1", "de", "tutor-1")
    position = get_rules("fortunes-favour").deal(1)
    caption = Text("ui", "{game}, deal {number}", game=position.rules.title, number=1).render("de")
    symbols = symbol_prefix("tutor-1")
    # the static board says on itself that its cards are being got ready (render/html.py), the live one not
    note = f'<p class="tutor-board-wait" aria-hidden="true">{Text("ui", "Getting the cards ready…").render("de")}</p>'
    assert html.count(note) == 1
    assert figure_html(position.layout(), "de", caption=caption, id_prefix="tutor-1",
                       symbols=symbols) in html.replace(note, "")
    assert 'data-state="static"' in html and 'data-spec="deal: fortunes-favour 1"' in html
    assert "data-action" not in html  # buttons only work live, so the static page has none
    live = Session().handle({"widget": "tutor-1", "action": "open", "spec": "deal: fortunes-favour 1", "lang": "de"})
    assert live["ok"] and live["html"].startswith(figure_html(position.layout(), "de", caption=caption,
                                                              id_prefix="tutor-1", symbols=symbols))


def test_build_html_rejects_unknown_games_and_scenarios():
    with pytest.raises(UnknownGame):
        build_html("deal: patience-x 1", "en", "w")
    with pytest.raises(DirectiveError) as caught:
        build_html("picture: no-such-scenario", "en", "w")
    assert "no-such-scenario" in caught.value.message("en")


def opened(lang: str = "en") -> Session:
    session = Session()
    assert session.handle({"widget": "w1", "action": "open", "spec": "deal: fortunes-favour 5", "lang": lang})["ok"]
    return session


@pytest.mark.parametrize("request_,english", [
    ({"action": "open", "spec": "deal: fortunes-favour 1"}, "the page did not say which part of it this is for"),
    ({"widget": "nope", "action": "next-deal"}, "this part of the page is not open yet"),
    ({"widget": "w1", "action": "fly"}, 'this part of the page cannot do "fly"'),
    ({"widget": "w1", "action": None}, "the page did not say what to do"),
    ({"widget": "w2", "action": "open", "spec": "deal: nope 1"}, 'there is no game "nope"'),
    ({"widget": "w2", "action": "open", "spec": 42}, "a tutor block must be text"),
    ({"widget": "w2", "action": "open", "spec": "deal: fortunes-favour"}, "write deal:"),
])
def test_bad_requests_get_a_message_in_the_widgets_language(request_, english):
    for lang in LANGUAGES:
        session = opened(lang)
        answer = session.handle({**request_, "lang": lang})
        assert answer["ok"] is False and answer["html"] is None
        if lang == "en":
            assert english in answer["message"]
        else:
            assert english not in answer["message"] and answer["message"]
        assert session.handle({"widget": "w1", "action": "next-deal"})["state"]["deal"] == 6  # w1 untouched


def test_an_internal_error_becomes_a_message_not_a_traceback(monkeypatch):
    session = opened("de")
    widget, _ = session.widgets["w1"]
    monkeypatch.setattr(widget, "actions", lambda: {"boom": lambda request: 1 / 0})
    answer = session.handle({"widget": "w1", "action": "boom"})
    assert answer["ok"] is False
    assert "ZeroDivisionError" in answer["message"] and "Traceback" not in answer["message"]
    assert answer["state"]["deal"] == 5


def test_handle_json_round_trips_and_survives_garbage():
    session = Session()
    answer = json.loads(session.handle_json(json.dumps(
        {"widget": "w", "action": "open", "spec": "deal: fortunes-favour 2", "lang": "de"})))
    assert answer["ok"] and answer["state"]["deal"] == 2
    for garbage in ("not json", "[1, 2]", "null", ""):
        answer = json.loads(session.handle_json(garbage))
        assert answer["ok"] is False and answer["message"]


def test_every_engine_error_is_a_tutor_error_with_text():
    with pytest.raises(TutorError) as caught:
        get_rules("fortunes-favour", "no-such-variant")
    assert caught.value.message("de")


FENCE = re.compile(r"```tutor\n(.*?)```", re.S)
ANSWER_FIELDS = {"ok", "widget", "html", "state", "message", "aside_notice", "continue"}


def page_widget_directives() -> list[str]:
    """Every live widget's directive on the site's pages (a lesson's parts too), once."""
    found: list[str] = []
    for page in sorted(DOCS.glob("*/**/*.md")):
        for block in FENCE.findall(with_lesson_parts(page.read_text(encoding="utf-8"))):
            found += [line.strip() for line in block.splitlines()
                      if line.split(":")[0].strip() in widget_kinds() and line.strip() not in found]
    return found


@pytest.mark.parametrize("directive", page_widget_directives())
def test_every_widget_on_the_pages_is_a_widget_and_answers_with_every_field(directive):
    """One conformance check over every widget the pages carry: what the protocol asks of each kind
    (a kind that only looked like a Widget once broke on a field every answer carries)."""
    session = Session()
    opened = session.handle({"widget": "w", "action": "open", "spec": directive, "lang": LANGUAGES[0]})
    assert opened["ok"], opened["message"]
    assert set(opened) == ANSWER_FIELDS
    assert isinstance(session.widgets["w"][0], Widget)
