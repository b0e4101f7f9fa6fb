"""tutor.session: directives, the build-time HTML, and the request/response API that the page's
worker calls — which never raises and answers every failure in the widget's language."""

from __future__ import annotations

import json

import pytest

from tutor.games import get_rules
from tutor.i18n import Text
from tutor.render import figure_html
from tutor.session import (DirectiveError, Session, WIDGET_KINDS, build_html, parse_directive)
from tutor.games.base import UnknownGame, TutorError


def test_parse_directive_reads_kind_and_arguments():
    assert parse_directive("deal: fortunes-favour 1").args == ("fortunes-favour", "1")
    assert parse_directive("\n# a comment\n  deal:   forty-thieves josephine 12  \n").args == (
        "forty-thieves", "josephine", "12")
    assert parse_directive("picture: ff-setup").kind == "picture"
    assert str(parse_directive("DEAL: fortunes-favour 3")) == "deal: fortunes-favour 3"


@pytest.mark.parametrize("text,hint", [
    ("", "empty"),
    ("deal fortunes-favour 1", "is not a directive"),
    ("dael: fortunes-favour 1", "is not a directive"),
    ("deal: fortunes-favour", "deal: <game-id> [variant] <n>"),
    ("deal: fortunes-favour one", "deal: <game-id> [variant] <n>"),
    ("deal: a b c 1", "deal: <game-id> [variant] <n>"),
    ("picture:", "picture: <scenario-id>"),
    ("picture: a b", "picture: <scenario-id>"),
    ("deal: fortunes-favour 1\ndeal: fortunes-favour 2", "one block per directive"),
])
def test_malformed_directives_say_what_to_write(text, hint):
    with pytest.raises(DirectiveError) as caught:
        parse_directive(text)
    assert hint in caught.value.message("en")
    assert caught.value.message("de") != caught.value.message("en")  # the author may read German


def test_build_html_draws_the_deal_with_the_same_code_as_the_live_widget():
    html = build_html("deal: fortunes-favour 1", "de", "tutor-1")
    position = get_rules("fortunes-favour").deal(1)
    caption = Text("ui", "{game}, deal {number}", game=position.rules.title, number=1).render("de")
    assert figure_html(position.layout(), "de", caption=caption, id_prefix="tutor-1") in html
    assert 'data-state="static"' in html and 'data-spec="deal: fortunes-favour 1"' in html
    assert "data-action" not in html  # buttons only work live, so the static page has none
    live = Session().handle({"widget": "tutor-1", "action": "open", "spec": "deal: fortunes-favour 1", "lang": "de"})
    assert live["ok"] and live["html"].startswith(figure_html(position.layout(), "de", caption=caption,
                                                              id_prefix="tutor-1"))


def test_build_html_rejects_unknown_games_and_scenarios():
    with pytest.raises(UnknownGame):
        build_html("deal: patience-x 1", "en", "w")
    with pytest.raises(DirectiveError) as caught:
        build_html("picture: no-such-scenario", "en", "w")
    assert "no-such-scenario" in caught.value.message("en")


def test_picture_draws_a_scenario_start_position():
    from tutor.scenarios import all_scenarios

    scenario = next(iter(all_scenarios()))
    html = build_html(f"picture: {scenario.id}", "de", "w")
    assert scenario.title.render("de") in html
    assert "data-tutor-widget" not in html  # a picture is not live
    assert html.count("<svg") == 1


def test_scenario_widgets_are_a_clear_extension_point():
    assert "scenario" not in WIDGET_KINDS
    with pytest.raises(DirectiveError) as caught:
        build_html("scenario: ff-worked-example", "en", "w")
    assert "scenario:" in caught.value.message("en")


def opened(lang: str = "en") -> Session:
    session = Session()
    assert session.handle({"widget": "w1", "action": "open", "spec": "deal: fortunes-favour 5", "lang": lang})["ok"]
    return session


def test_next_and_previous_deal():
    session = opened()
    answer = session.handle({"widget": "w1", "action": "next-deal"})
    assert answer["ok"] and answer["state"] == {"kind": "deal", "game": "fortunes-favour", "variant": "", "deal": 6}
    assert 'data-action="next-deal"' in answer["html"] and 'data-action="previous-deal"' in answer["html"]
    answer = session.handle({"widget": "w1", "action": "previous-deal"})
    assert answer["state"]["deal"] == 5


def test_previous_deal_below_zero_is_refused_and_changes_nothing():
    session = Session()
    session.handle({"widget": "w", "action": "open", "spec": "deal: fortunes-favour 0", "lang": "de"})
    first = session.handle({"widget": "w", "action": "next-deal"})
    back = session.handle({"widget": "w", "action": "previous-deal"})
    assert back["state"]["deal"] == 0 and 'data-action="previous-deal"' not in back["html"]
    refused = session.handle({"widget": "w", "action": "previous-deal"})
    assert refused["ok"] is False and refused["html"] is None
    assert refused["state"]["deal"] == 0
    assert refused["message"] == Text("ui", "a deal number is a whole number from 0 up, not “{number}”",
                                      number=-1).render("de")
    assert first["state"]["deal"] == 1


@pytest.mark.parametrize("request_,english", [
    ({"action": "open", "spec": "deal: fortunes-favour 1"}, "the request names no widget"),
    ({"widget": "nope", "action": "next-deal"}, "this widget is not open yet"),
    ({"widget": "w1", "action": "fly"}, "this widget cannot do “fly”"),
    ({"widget": "w1", "action": None}, "this widget cannot do “None”"),
    ({"widget": "w2", "action": "open", "spec": "deal: nope 1"}, "there is no game “nope”"),
    ({"widget": "w2", "action": "open", "spec": 42}, "a tutor block must be text"),
    ({"widget": "w2", "action": "open", "spec": "deal: fortunes-favour"}, "write deal:"),
])
def test_bad_requests_get_a_message_in_the_widgets_language(request_, english):
    for lang in ("en", "de"):
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
