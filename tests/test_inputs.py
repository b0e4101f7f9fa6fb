"""tutor/inputs.py: every check returns a clean value or refuses with one line, in the page's
language, that names the offending input (escaped and shortened); a refusal changes nothing."""

from __future__ import annotations

import io
import json

import pytest

from tutor import inputs
from tutor.engine import Move
from tutor.engine.registry import game_ids, rules_class
from tutor.i18n import LANGUAGES
from tutor.inputs import InputError
from tutor.limits import MAX_SHOWN
from tutor.web.protocol import Session


def refusal(call, *args, **kwargs) -> InputError:
    with pytest.raises(InputError) as caught:
        call(*args, **kwargs)
    return caught.value


def assert_one_line(err: InputError, names: str | None = None) -> None:
    """One line in each language, the two languages different, the input named (as shown)."""
    rendered = {lang: err.message(lang) for lang in LANGUAGES}
    for lang, text in rendered.items():
        assert text and "\n" not in text and "\r" not in text, (lang, text)
        assert all(ch.isprintable() for ch in text), (lang, text)
        assert len(text) < 400, (lang, text)
        if names is not None:
            assert names in text, (lang, text, names)
    assert rendered["en"] != rendered["de"], rendered


# --- shown / printable --------------------------------------------------------------------------
@pytest.mark.parametrize("value,expected", [
    ("t1-t2\n", "t1-t2\\n"), ("\x1b[31m", "\\x1b[31m"), ("a\u202eb", "a\\u202eb"), ("\ud800", "\\ud800"),
    (None, "null"), (True, "true"), (12, "12"), (1.5, "1.5"), ([1], "list"), ({"a": 1}, "dict"),
])
def test_shown_escapes_what_a_terminal_or_page_would_act_on(value, expected) -> None:
    assert inputs.shown(value) == expected


def test_shown_shortens_long_input_and_huge_numbers() -> None:
    text = inputs.shown("x" * 10_000)
    assert len(text) == MAX_SHOWN and text.endswith("…")
    assert inputs.shown(10 ** 5000) == "~10^5000"  # Python refuses to write out over 4,300 digits
    assert inputs.shown(-(10 ** 5000)) == "-~10^5000"


def test_refusal_line_is_one_line() -> None:
    line = inputs.refusal_line(inputs.InputError(inputs.Text("ui", "it is not a saved game")).text, "de")
    assert line.startswith("tutor: ") and "\n" not in line


# --- numbers ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text,number", [("0", 0), ("7", 7), (" 12 ", 12), ("007", 7), (42, 42),
                                         (str(inputs.MAX_DEAL), inputs.MAX_DEAL)])
def test_deal_numbers_in_ascii_digits_are_read(text, number) -> None:
    assert inputs.deal_number(text) == number
    assert inputs.is_deal_number(text)


@pytest.mark.parametrize("text", ["", " ", "-1", "+1", "1_000", "1e3", "1.0", "١٢", "１２", "²", "12\n3", "0x10",
                                  str(inputs.MAX_DEAL + 1), "9" * 5000, None, True, [], 1.5, -3, 10 ** 5000],
                         ids=inputs.shown)
def test_a_bad_deal_number_is_refused_naming_it(text) -> None:
    err = refusal(inputs.deal_number, text)
    assert_one_line(err, inputs.shown(text))
    assert not inputs.is_deal_number(text)


def test_a_deal_number_above_the_shuffle_range_is_refused_not_wrapped() -> None:
    assert_one_line(refusal(inputs.deal_number, "18446744073709551616"), "18446744073709551616")


@pytest.mark.parametrize("text", ["0", "11", "-2", "abc", "５", "1" * 30])
def test_whole_number_range_names_option_and_input(text) -> None:
    err = refusal(inputs.whole_number, text, "--deals", 1, 10)
    assert_one_line(err, "--deals")
    assert inputs.shown(text) in err.message("en")


def test_whole_number_accepts_its_range() -> None:
    assert inputs.whole_number("1", "--deals", 1, 10) == 1
    assert inputs.whole_number("10", "--deals", 1, 10) == 10


@pytest.mark.parametrize("text,value", [("2", 2.0), ("0.5", 0.5), (".5", 0.5), ("3600", 3600.0)])
def test_seconds_are_read(text, value) -> None:
    assert inputs.seconds(text, "--timeout") == value


@pytest.mark.parametrize("text", ["0", "-1", "1e300", "inf", "nan", "3601", "", "1,5", "٣"])
def test_bad_seconds_are_refused(text) -> None:
    assert_one_line(refusal(inputs.seconds, text, "--timeout"), "--timeout")


def test_worker_count_is_at_most_the_processors(monkeypatch) -> None:
    monkeypatch.setattr(inputs.os, "cpu_count", lambda: 2)
    assert inputs.worker_count("2") == 2
    assert_one_line(refusal(inputs.worker_count, "64"), "64")
    assert_one_line(refusal(inputs.worker_count, "0"), "--workers")


# --- words ----------------------------------------------------------------------------------
@pytest.mark.parametrize("value,lang", [("de", "de"), ("de-DE", "de"), ("de_DE.UTF-8", "de"), ("EN", "en"),
                                        ("fr", "en"), ("", "en"), (None, "en"), (10 ** 5000, "en"),
                                        ("de" * 100, "en"), ("de\n", "en"), (["de"], "en")],
                         ids=inputs.shown)
def test_language_falls_back_to_the_default(value, lang) -> None:
    assert inputs.language(value) == lang


def test_choice_names_the_input_and_the_choices() -> None:
    games = game_ids()
    assert inputs.choice(games[-1], games, "game") == games[-1]
    err = refusal(inputs.choice, "chess\x1b", games, "game")
    assert_one_line(err, "chess\\x1b")
    assert all(game in err.message("de") for game in games)
    err = refusal(inputs.choice, "nope", ("", "josephine"), "variant")
    assert_one_line(err, "nope")
    assert "josephine" in err.message("en")


def test_card_string_and_notation_limits() -> None:
    assert inputs.card_string("AS 2S") == "AS 2S"
    assert_one_line(refusal(inputs.card_string, "A" * (inputs.MAX_CARD_STRING + 1)))
    assert_one_line(refusal(inputs.card_string, 5), "5")
    assert inputs.notation("t3-f1") == "t3-f1"
    assert_one_line(refusal(inputs.notation, "t" * (inputs.MAX_NOTATION + 1)))
    assert_one_line(refusal(inputs.notation, None), "null")


# --- standard input ---------------------------------------------------------------------------
class _Bytes(io.TextIOWrapper):
    pass


def _stream(data: bytes) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="ascii", errors="strict")


def test_read_lines_refuses_a_bad_line_and_reads_on() -> None:
    lines = list(inputs.read_lines(_stream(b"t1-f1\n\xff\xfe bad\nt2-f1\r\n" + b"x" * 5000 + b"\nlast")))
    assert lines[0] == "t1-f1" and lines[2] == "t2-f1" and lines[4] == "last"
    for err in (lines[1], lines[3]):
        assert isinstance(err, InputError)
        assert_one_line(err)
    assert "\\xff" in lines[1].message("en")


def test_read_lines_from_a_text_stream() -> None:
    lines = list(inputs.read_lines(io.StringIO("a\n" + "y" * 3000 + "\nb\n")))
    assert lines[0] == "a" and isinstance(lines[1], InputError) and lines[2] == "b"


def test_plain_output_survives_an_ascii_terminal() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    inputs.install_plain_output(stream)
    stream.write("Zieh die K♥ – schön’s\u2066\n")
    stream.flush()
    assert raw.getvalue().decode("ascii") == "Zieh die KH - schoen's\\u2066\n"


# --- requests -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["[" * 2000 + "]" * 2000, '{"a":' * 20 + "1" + "}" * 20, "[]", "1", "nope",
                                  "x" * (inputs.MAX_REQUEST_CHARS + 1), None, '{"a": NaN'])
def test_a_bad_request_is_refused(text) -> None:
    assert_one_line(refusal(inputs.request, text))


def test_a_request_with_brackets_inside_strings_is_read() -> None:
    assert inputs.request(json.dumps({"spec": "[[[[[[[[[[[[{{{{{{{{"})) == {"spec": "[[[[[[[[[[[[{{{{{{{{"}


def test_depth_of_stops_early() -> None:
    deep: list = []
    for _ in range(50_000):
        deep = [deep]
    assert inputs.depth_of(deep) == inputs.MAX_REQUEST_DEPTH + 1
    assert inputs.depth_of({"a": [1, {"b": 2}]}) == 3


@pytest.mark.parametrize("value", ["", "1w", "w" * 65, "w\"x", "w<x", None, 5])
def test_widget_ids_that_would_break_the_page_are_refused(value) -> None:
    assert_one_line(refusal(inputs.widget_id, value))


def test_field_limit() -> None:
    assert inputs.field("x" * inputs.MAX_FIELD) == "x" * inputs.MAX_FIELD
    assert inputs.field(12) == 12
    assert_one_line(refusal(inputs.field, "x" * (inputs.MAX_FIELD + 1)), str(inputs.MAX_FIELD))


# --- saved games ------------------------------------------------------------------------------
SCENARIO = "ff-worked-example"
GOOD = {"scenario": SCENARIO, "mode": "play", "track": 0, "frame": 1, "moves": ["t1-f1"]}


def test_a_good_saved_game_is_read_in_both_forms() -> None:
    assert inputs.saved_game(dict(GOOD), SCENARIO) == GOOD
    assert inputs.saved_text(json.dumps(GOOD), SCENARIO) == GOOD
    long_game = {**GOOD, "moves": ["s-w"] * inputs.MAX_GAME_MOVES}
    assert inputs.saved_text(json.dumps(long_game), SCENARIO)["moves"] == long_game["moves"]


@pytest.mark.parametrize("saved,reason", [
    (None, "it is not a saved game"), ([], "it is not a saved game"),
    ({**GOOD, "scenario": "qa-moves"}, "it belongs to another example"),
    ({**GOOD, "mode": "edit"}, "it is not a saved game"),
    ({**GOOD, "frame": -1}, "it names no step of this example"), ({**GOOD, "track": True}, "it names no step"),
    ({**GOOD, "frame": 10 ** 6}, "it names no step"), ({**GOOD, "moves": "t1-f1"}, "its list of moves is damaged"),
    ({**GOOD, "moves": [""]}, "damaged"), ({**GOOD, "moves": ["x" * 41]}, "damaged"),
    ({**GOOD, "moves": [1]}, "damaged"), ({**GOOD, "moves": [["t1-f1"]]}, "it is not a saved game"),
    ({**GOOD, "moves": ["s-w"] * (inputs.MAX_GAME_MOVES + 1)}, "damaged"),
])
def test_a_bad_saved_game_is_refused_with_its_reason(saved, reason) -> None:
    before = json.dumps(saved)
    err = refusal(inputs.saved_game, saved, SCENARIO)
    assert reason in err.message("en")
    assert_one_line(err)
    assert json.dumps(saved) == before  # the check changes nothing


@pytest.mark.parametrize("text,reason", [
    (json.dumps(GOOD)[:-7], "it is cut off"), ('{"scenario": "ff-wor', "it is cut off"),
    ("", "it is not a saved game"), ("not json", "it is not a saved game"), ("null", "it is not a saved game"),
    ("[" * 20_000 + "]" * 20_000, "it is not a saved game"),
    (json.dumps({**GOOD, "moves": [[[["t1-f1"]]]]}), "it is not a saved game"),
    (json.dumps({**GOOD, "version": 2}), "another version of this site"),
    (json.dumps({**GOOD, "moves": ["t1-f1"], "extra": 1}), "another version of this site"),
    ("x" * (inputs.MAX_SAVED_CHARS + 1), "it is not a saved game"), (None, "it is not a saved game"),
    (json.dumps({**GOOD, "scenario": "ft-moves"}), "another example"),
])
def test_a_corrupt_truncated_or_foreign_saved_text_is_refused(text, reason) -> None:
    err = refusal(inputs.saved_text, text, SCENARIO)
    assert reason in err.message("en")
    assert_one_line(err)


# --- address parameters ---------------------------------------------------------------------------
GAMES = {game: tuple(rules_class(game).variants) for game in game_ids()}


def test_page_parameters_are_read() -> None:
    assert inputs.page_parameters("?game=forty-thieves&variant=josephine&deal=7&lang=de-DE&x=1", GAMES) == {
        "game": "forty-thieves", "variant": "josephine", "deal": 7, "lang": "de"}
    assert inputs.page_parameters("deal=1&deal=2", GAMES) == {"deal": 1}


@pytest.mark.parametrize("query,named", [
    ("game=chess", "chess"), ("game=forty-thieves&variant=kings", "kings"), ("deal=-1", "-1"),
    ("deal=%EF%BC%91", "１"), ("deal=1%0A2", "1\\n2"), ("game=%3Cscript%3E", "<script>"),
    ("a=" + "x" * 3000, None), ("&".join(["a=1"] * 60), None),
])
def test_bad_page_parameters_are_refused(query, named) -> None:
    assert_one_line(refusal(inputs.page_parameters, query, GAMES), named)


# --- saved games through the session (tutor/web/protocol.py: restore) ------------------------------------
def _opened(scenario_id: str = SCENARIO, lang: str = "de") -> Session:
    session = Session()
    assert session.handle({"widget": "w", "action": "open", "spec": f"scenario: {scenario_id}", "lang": lang})["ok"]
    return session


def _restore_text(session: Session, text: str) -> dict:
    return json.loads(session.handle_json(json.dumps({"widget": "w", "action": "restore", "saved_text": text})))


def _shuttle_game(scenario_id: str, length: int) -> list[str]:
    """A legal game of ``length`` moves from frame 0: play on until a card can go to and fro."""
    from tutor.web.protocol import open_widget, parse_directive
    from tutor.web.widgets.lesson import ScenarioWidget  # the frames the widget plays from

    widget = open_widget(parse_directive(f"scenario: {scenario_id}"))
    assert isinstance(widget, ScenarioWidget)
    position = widget.tracks[0].frames[0].position.copy()
    moves: list[str] = []
    for _ in range(500):
        for move in position.legal_moves():
            if move.dst.startswith("t") and all(src.startswith("t") for src in move.sources):
                back = Move(move.dst, move.sources[0])
                position.play(move)
                if position.is_legal(back):
                    moves.append(str(move))
                    while len(moves) < length:
                        moves.append(str(back))
                        back, move = move, back
                    return moves
                position.undo()
        move = position.legal_moves()[0]
        position.play(move)
        moves.append(str(move))
    raise AssertionError("no card to shuttle")


def test_a_2001_move_game_is_saved_and_restored() -> None:
    """The issue's data loss: a legal Forty Thieves game of 2,001 moves was refused as damaged."""
    moves = _shuttle_game("ft-worked-example", 2001)
    session = _opened("ft-worked-example")
    answer = _restore_text(session, json.dumps({"scenario": "ft-worked-example", "mode": "play", "track": 0,
                                                "frame": 0, "moves": moves}))
    assert answer["ok"], answer["message"]
    assert answer["state"]["moves"] == moves


def test_a_saved_guide_place_is_restored() -> None:
    session = _opened()
    answer = _restore_text(session, json.dumps({**GOOD, "mode": "guide", "frame": 2, "moves": []}))
    assert answer["ok"] and answer["state"]["mode"] == "guide" and answer["state"]["frame"] == 2


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("text", [
    json.dumps(GOOD)[:-3], "garbage{", "[" * 20_000 + "]" * 20_000, json.dumps({**GOOD, "version": 9}),
    json.dumps({**GOOD, "moves": ["t1-t1"]}), json.dumps({**GOOD, "frame": 999}), "x" * 2_000_000,
    json.dumps({**GOOD, "moves": ["s-w"] * 30_000}), "",
], ids=lambda text: inputs.shown(text, 20))
def test_a_bad_saved_game_keeps_the_current_game(text, lang) -> None:
    """Corrupt, truncated, foreign or tampered: one line in the page's language; the game being
    played stays exactly as it was."""
    session = _opened(lang=lang)
    played = session.handle({"widget": "w", "action": "try", "track": 0, "frame": 1})
    assert played["ok"]
    before = session.handle({"widget": "w", "action": "legal"})
    answer = _restore_text(session, text)
    assert not answer["ok"] and answer["widget"] == "w"
    expected_start = {"de": "Das gespeicherte Spiel ließ sich nicht wiederherstellen",
                      "en": "The saved game could not be restored"}[lang]
    assert answer["message"].startswith(expected_start) and "\n" not in answer["message"]
    assert answer["state"] == before["state"]
    after = session.handle({"widget": "w", "action": "legal"})  # the same game plays on
    assert after["ok"] and after["state"] == before["state"]
