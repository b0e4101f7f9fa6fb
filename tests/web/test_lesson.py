"""tutor.web.widgets.lesson: the rules pages' widgets — a deal, a picture, a guided example drawn
at build time and played live (try it yourself)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from tutor.analysis.reports import move_report
from tutor.cards import Card
from tutor.engine import IllegalMove
from tutor.i18n import LANGUAGES, Text
from tutor.lessons import all_scenarios, get_scenario
from tutor.web.frames import scenario_tracks
from tutor.web.protocol import DirectiveError, Session, build_html
from tutor.web.render import as_sentence
from tutor.web.render import escape as escape_html
from tutor.web.widgets.base import widget_kinds
from tutor.web.widgets.lesson import ScenarioWidget


def test_picture_draws_a_scenario_start_position():
    from tutor.lessons import all_scenarios

    scenario = next(iter(all_scenarios()))
    html = build_html(f"picture: {scenario.id}", "de", "w")
    assert scenario.title.render("de") in html
    assert "data-tutor-widget" not in html  # a picture is not live
    assert html.count("<svg") == 1


def test_scenario_directive_names_a_known_scenario():
    assert widget_kinds()["scenario"] is ScenarioWidget
    with pytest.raises(DirectiveError) as caught:
        build_html("scenario: no-such-example", "en", "w")
    assert "no-such-example" in caught.value.message("en") and "ff-worked-example" in caught.value.message("en")


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
    assert refused["message"] == Text("ui", 'a deal number is a whole number from 0 to {maximum}, not "{number}"',
                                      maximum=2**64 - 1, number="-1").render("de")
    assert first["state"]["deal"] == 1


SCENARIO_IDS = [scenario.id for scenario in all_scenarios()]


class Frames(HTMLParser):
    """The frames of a built guide: (track, frame, hidden) per ``.tutor-frame``, and the roots."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[tuple[int, int, bool]] = []
        self.scenario_roots: list[str] = []
        self.svgs = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "tutor-frame" in (attributes.get("class") or "").split():
            self.frames.append((int(attributes["data-track"]), int(attributes["data-frame"]), "hidden" in attributes))
        if "data-scenario" in attributes:
            self.scenario_roots.append(attributes["data-scenario"])
        if tag == "svg" and "tutor-svg" in (attributes.get("class") or "").split():  # boards, not the card symbols
            self.svgs += 1


def frames_of(html: str) -> Frames:
    parser = Frames()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_scenario_draws_every_frame_at_build_time(scenario_id, lang):
    html = build_html(f"scenario: {scenario_id}", lang, "tutor-3")
    tracks = scenario_tracks(get_scenario(scenario_id))
    parsed = frames_of(html)
    expected = [(t, f) for t, track in enumerate(tracks) for f in range(len(track.frames))]
    assert [(t, f) for t, f, _ in parsed.frames] == expected
    assert [(t, f) for t, f, hidden in parsed.frames if not hidden] == [(0, 0)]  # only the first is shown
    assert parsed.scenario_roots == [scenario_id] and parsed.svgs == len(expected)
    assert html.startswith('<div class="tutor-widget" data-tutor-widget="tutor-3"')
    assert f'data-scenario="{scenario_id}"' in html.split(">", 1)[0]  # on the root, beside data-state
    assert 'data-state="static"' in html and 'data-guide="next"' in html and 'data-guide="try" disabled' in html
    for track in tracks:
        for frame in track.frames:
            for text in frame.narration:
                assert escape_html(as_sentence(text.render(lang))) in html
            if frame.refused is not None:
                assert escape_html(as_sentence(frame.refused.render(lang))) in html


def open_scenario(scenario_id: str = "ff-worked-example", lang: str = "de") -> Session:
    session = Session()
    answer = session.handle({"widget": "x", "action": "open", "spec": f"scenario: {scenario_id}", "lang": lang})
    assert answer["ok"] and answer["state"]["mode"] == "guide" and answer["html"] == ""
    return session


def act(session: Session, action: str, **fields) -> dict:
    return session.handle({"widget": "x", "action": action, **fields})


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_try_it_yourself_from_every_frame_lists_and_plays_legal_moves(scenario_id, lang):
    session = open_scenario(scenario_id, lang)
    tracks = scenario_tracks(get_scenario(scenario_id))
    for t, track in enumerate(tracks):
        for f, frame in enumerate(track.frames):
            answer = act(session, "try", track=t, frame=f)
            assert answer["ok"] and answer["state"] == {"kind": "scenario", "scenario": scenario_id, "mode": "play",
                                                         "track": t, "frame": f, "moves": [], "store": {},
                                                         "set_aside": []}
            assert 'tabindex="0"' in answer["html"]  # the cards and piles take the keyboard
            listed = act(session, "legal")
            legal = frame.playable.legal_moves()
            for move in legal:
                assert f'data-move="{move}"' in listed["html"]
                assert escape_html(frame.playable.describe(move).render(lang)) in listed["html"]
            act(session, "legal")
            if legal:
                played = act(session, "move", move=str(legal[0]))
                assert played["ok"] and played["state"]["moves"] == [str(legal[0])]
                # a report of the move ("You moved the 5♣ onto the 6♣."), then what the rules did at once
                forced = frame.playable.copy().play_narrated(legal[0])[1:]
                sentences = [move_report(frame.playable, legal[0]), *forced]
                assert played["message"].startswith(" ".join(as_sentence(t.render(lang)) for t in sentences))


def test_pick_then_drop_plays_the_move_and_undo_reset_take_it_back():
    session = open_scenario()
    act(session, "try", track=0, frame=3)  # after 2♦ onto its Ace: the 6♣ came from the stock into t2
    picked = act(session, "pick", pile="t9", card="5C")
    assert picked["ok"] and picked["state"]["moves"] == []
    assert picked["message"] == Text("ui", "You picked the {card}. Now pick the pile it should go to.",
                                     card=Card.parse("5C")).render("de")
    dropped = act(session, "pick", pile="t2")
    assert dropped["state"]["moves"] == ["t9-t2"]
    assert act(session, "undo")["state"]["moves"] == []
    act(session, "pick", pile="t9")
    act(session, "pick", pile="t2")
    act(session, "pick", pile="s")  # the stock turns at once
    assert act(session, "reset")["state"]["moves"] == []


def test_an_illegal_drop_is_explained_in_the_page_language_and_changes_nothing():
    for lang in LANGUAGES:
        session = open_scenario(lang=lang)
        act(session, "try", track=0, frame=3)
        act(session, "pick", pile="t9")
        answer = act(session, "pick", pile="f3")
        position = get_scenario("ff-worked-example").start_position()
        position.play("t2-f2")
        with pytest.raises(IllegalMove) as caught:
            position.play("t9-f3")
        assert answer["ok"] and answer["state"]["moves"] == []
        expected = as_sentence(caught.value.text.render(lang))
        assert answer["message"] == expected and "tutor-refused" in answer["html"]
        assert act(session, "pick", pile="t9")["ok"]  # the selection was dropped: this picks afresh


def test_a_saved_game_replays_and_a_corrupt_one_is_refused_in_the_page_language():
    session = open_scenario(lang="en")
    saved = {"scenario": "ff-worked-example", "mode": "play", "track": 0, "frame": 3, "moves": ["t9-t2", "s-w"]}
    answer = act(session, "restore", saved=saved)
    assert answer["ok"] and answer["state"]["moves"] == ["t9-t2", "s-w"] and answer["state"]["frame"] == 3
    for corrupt in ({**saved, "moves": ["t9-t2", "t9-t2"]}, {**saved, "moves": "t9-t2"},
                    {**saved, "frame": 99}, {**saved, "track": "0"}, {**saved, "scenario": "qa-setup"},
                    {**saved, "moves": ["nonsense"]}, None):
        for lang in LANGUAGES:
            session.widgets["x"] = (session.widgets["x"][0], lang)
            refused = act(session, "restore", saved=corrupt)
            assert refused["ok"] is False and refused["html"] is None
            assert refused["message"].startswith("The saved game" if lang == "en" else "Das gespeicherte Spiel")
            assert refused["state"]["moves"] == ["t9-t2", "s-w"]  # the game on the board is kept


@pytest.mark.parametrize("request_,english", [
    ({"action": "pick", "pile": "t1"}, 'press "Try it yourself" first'),
    ({"action": "try", "track": 5, "frame": 0}, "this example has no such step"),
    ({"action": "try", "track": 0, "frame": -1}, "this example has no such step"),
])
def test_bad_scenario_requests_get_a_localized_message(request_, english):
    for lang in LANGUAGES:
        session = open_scenario(lang=lang)
        answer = act(session, **request_)
        assert answer["ok"] is False and answer["message"]
        assert (english in answer["message"]) == (lang == "en")


def test_bad_piles_and_moves_in_play_are_refused_without_change():
    session = open_scenario(lang="de")
    act(session, "try", track=0, frame=0)
    assert act(session, "pick", pile="zz")["message"] == Text("ui", 'there is no pile "{pile}" here',
                                                              pile="zz").render("de")
    assert act(session, "undo")["ok"] is False
    answer = act(session, "move", move="not a move")
    assert answer["ok"] and answer["state"]["moves"] == [] and "tutor-refused" in answer["html"]


def test_a_hint_names_a_legal_move():
    session = open_scenario(lang="en")
    act(session, "try", track=0, frame=0)
    answer = act(session, "hint")
    assert answer["ok"] and "Tip " in answer["message"] and "tutor-arrow" in answer["html"]
    # the hinted move is drawn as a lesson draws it: its card marked where it lies, an arrow to its place
    widget = session.widgets["x"][0]
    move = widget.hint_move
    assert widget.position.is_legal(move)
    assert f'data-from="{move.sources[0]}" data-to="{move.dst}"' in answer["html"]
    assert answer["html"].count("data-moving") == len(move.sources)


def test_clicking_the_face_down_stock_while_a_move_is_left_reveals_nothing():
    """Queen's Audience: "deck erst eine neue Karte auf, wenn nichts mehr geht" — a click on the
    stock while a card still fits is refused with the engine's reason, picks nothing and names no
    face-down card."""
    for lang in LANGUAGES:
        session = Session()
        assert session.handle({"widget": "q", "action": "open", "spec": "scenario: qa-moves", "lang": lang})["ok"]
        widget = session.widgets["q"][0]
        assert session.handle({"widget": "q", "action": "try", "track": 0, "frame": 0})["ok"]
        assert any(m for m in widget.position.legal_moves() if str(m) != "s-w")
        hidden = widget.position.piles["s"][-1]
        answer = session.handle({"widget": "q", "action": "pick", "pile": "s"})
        assert answer["ok"] and widget.selection is None and answer["state"]["moves"] == []
        with pytest.raises(IllegalMove) as caught:
            widget.position.copy().play("s-w")
        assert answer["message"] == as_sentence(caught.value.text.render(lang))
        assert "tutor-refused" in answer["html"]
        for text in (answer["message"], answer["html"]):
            assert f'data-card="{hidden.code}"' not in text
        assert Text("ui", "{card}", card=hidden).render(lang) not in answer["message"]


def test_a_foundation_card_is_not_picked_where_nothing_leaves_a_foundation():
    session = open_scenario(lang="en")
    act(session, "try", track=0, frame=3)  # the 2♦ lies on its Ace
    widget = session.widgets["x"][0]
    answer = act(session, "pick", pile="f2")
    assert widget.selection is None and "tutor-refused" in answer["html"]
    assert answer["message"] == "The 2♦ cannot leave its foundation: cards on a foundation stay there."
    assert "data-moving" not in answer["html"]
    picked = act(session, "pick", pile="t9", card="5C")  # a tableau card is picked and marked
    assert widget.selection.pile == "t9" and picked["html"].count("data-moving") == 1


def test_after_a_move_the_reader_gets_a_report_naming_the_cards():
    """"You moved the 5♣ onto the 6♣." — a report, not an instruction, then the compulsory fill."""
    session = open_scenario(lang="en")
    act(session, "try", track=0, frame=7)  # Fortune's Favour example: the 5♣ may go onto the 6♣
    answer = act(session, "move", move="t9-t2")
    assert answer["message"].startswith("You moved the 5♣ onto the 6♣. The stock fills the space at pile 9 with the ")
    session = open_scenario(lang="de")
    act(session, "try", track=0, frame=7)
    assert act(session, "move", move="t9-t2")["message"].startswith("Du hast die 5♣ auf die 6♣ gelegt. ")


def _replayed(scenario) -> list[set]:
    """Per track, the positions a real game of the scenario reaches: its deal (the card string or
    the numbered deal) with every move the rules allow played in full, compulsory actions and all."""
    if scenario.kind == "compare":
        plays = [(scenario.start_position(), branch.steps) for branch in scenario.branches]
    elif scenario.kind == "variants":
        plays = [(scenario.position_for(variant), play.steps if play else scenario.steps)
                 for variant, play in ((variant, scenario.play_for(variant)) for variant in scenario.variants)]
    else:
        plays = [(scenario.start_position(), scenario.steps)]
    reached = []
    for start, steps in plays:
        position, keys = start.copy(), {start.state_key()}
        for step in steps:
            if step.move is not None and not step.expect_refused:
                position.play(step.move)
                keys.add(position.state_key())
        reached.append(keys)
    return reached


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_try_it_yourself_starts_where_a_real_game_can_be(scenario_id):
    """"Try it yourself" from any frame starts from a position the scenario's deal reaches by legal
    moves, never from one the rules only pass through (a space not yet filled, with the card that
    fills it still in the stock)."""
    session = Session()
    assert session.handle({"widget": "s", "action": "open", "spec": f"scenario: {scenario_id}", "lang": "en"})["ok"]
    widget = session.widgets["s"][0]
    reached = _replayed(widget.scenario)
    elsewhere = []
    for track_index, track in enumerate(widget.tracks):
        for frame_index in range(len(track.frames)):
            answer = session.handle({"widget": "s", "action": "try", "track": track_index, "frame": frame_index})
            assert answer["ok"], answer["message"]
            if widget.position.state_key() not in reached[track_index]:
                elsewhere.append(f"track {track_index}, frame {frame_index}: {widget.position.card_string()}")
    assert not elsewhere, "\n".join(elsewhere)
