"""Property and fuzz tests (issue 14), with Hypothesis: whatever a user types, stores or sends, no
exception escapes, every refusal is one line in the chosen language, and a refusal changes nothing.

Generated inputs per run (the ``EXAMPLES`` figures, 11,500 in all): command lines of the ``tutor``
command with what ``tutor play`` reads from standard input, card strings (a deal written out),
deal numbers, move texts on positions of every game, page address parameters, saved games
restored through the session, and requests to the session.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import string
import sys
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import inputs
from tutor.cards import ALL_CARDS
from tutor.cli import main as cli
from tutor.engine import TutorError, game_ids, get_rules, iter_variants
from tutor.i18n import LANGUAGES
from tutor.web.protocol import Session

EXAMPLES = {"command lines": 1000, "card strings": 1500, "deal numbers": 1000, "move texts": 2500,
            "address parameters": 1500, "saved games": 1500, "session requests": 2500}


def fuzz(kind: str):
    # The same generated inputs on every run, so a landing is decided by the code and not by the
    # draw; fresh random inputs are what tools/probe_inputs.py and TUTOR_FUZZ_RANDOM=1 are for.
    return settings(max_examples=EXAMPLES[kind], deadline=None, database=None,
                    derandomize=not os.environ.get("TUTOR_FUZZ_RANDOM"),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])


def assert_one_line(message: str) -> None:
    assert message, "an empty refusal"
    assert "\n" not in message and "\r" not in message, message
    assert all(ch.isprintable() for ch in message), ascii(message)


def assert_refusal(err: Exception) -> None:
    for lang in LANGUAGES:
        assert_one_line(err.message(lang))  # type: ignore[attr-defined]


# odd text: controls, other scripts' digits, escapes, long runs
ODD_CHARS = st.sampled_from(list("²١１_\n\r\t\x1b\x00\u202e\u2066\ud800👍ä€-+x×.,;:\"'<>&/\\ ")
                            + list(string.printable))
ODD_TEXT = st.one_of(st.text(max_size=60), st.text(ODD_CHARS, max_size=60), st.text(max_size=3000))
CODES = [card.code for card in ALL_CARDS]


# --- card strings and deal numbers ----------------------------------------------------------------
def _mutated_deal(draw) -> str:
    game, variant = draw(st.sampled_from(list(iter_variants())))
    codes = get_rules(game, variant).deal(draw(st.integers(0, 2 ** 64 - 1))).card_string().split()
    how = draw(st.sampled_from(["drop", "double", "swap", "junk", "case", "as is"]))
    index = draw(st.integers(0, len(codes) - 1))
    if how == "drop":
        del codes[index]
    elif how == "double":
        codes.insert(index, codes[index])
    elif how == "swap":
        codes[index] = draw(st.sampled_from(CODES))
    elif how == "junk":
        codes[index] = draw(ODD_TEXT)
    elif how == "case":
        codes = [code.lower() for code in codes]
    return game, variant, draw(st.sampled_from([" ", ",", "  ", "\n", ""])).join(codes)


@st.composite
def card_strings(draw):
    if draw(st.booleans()):
        return _mutated_deal(draw)
    game, variant = draw(st.sampled_from(list(iter_variants())))
    text = draw(st.one_of(ODD_TEXT, st.lists(st.one_of(st.sampled_from(CODES), ODD_TEXT), max_size=120)
                          .map(" ".join)))
    return game, variant, text


@fuzz("card strings")
@given(card_strings())
def test_any_card_string_is_read_or_refused_in_one_line(case) -> None:
    game, variant, text = case
    rules = get_rules(game, variant)
    try:
        position = rules.from_cards(inputs.card_string(text))
    except (TutorError, inputs.InputError) as err:
        assert_refusal(err)
        return
    assert sorted(c.code for c in position.all_cards()) == sorted(c.code for c in rules.deal(0).all_cards())


@fuzz("deal numbers")
@given(st.one_of(ODD_TEXT, st.integers(-2 ** 70, 2 ** 70).map(str), st.from_regex(r"\s*[0-9]{1,30}\s*", fullmatch=True),
                 st.integers(), st.none(), st.floats()))
def test_any_deal_number_is_read_or_refused_in_one_line(value) -> None:
    try:
        number = inputs.deal_number(value)
    except inputs.InputError as err:
        assert_refusal(err)
        return
    assert 0 <= number <= inputs.MAX_DEAL
    assert str(number) == str(value).strip(" \t").lstrip("0") or number == 0


# --- move texts ---------------------------------------------------------------------------------------
PILES = ["s", "w", "t1", "t4", "t10", "t13", "f1", "f8", "r1", "r16", "k3", "j4", "t0", "f0", "x1"]
MOVE_TEXTS = st.one_of(
    ODD_TEXT,
    st.builds(lambda a, b, c, n: f"{a}{b}-{c}{n}", st.sampled_from(PILES), st.sampled_from(["", "+w", "+r2", "+"]),
              st.sampled_from(PILES), st.sampled_from(["", "x2", "x0", "x²", "x99999999999", "x", "x-1"])),
    st.from_regex(r"[a-zA-Z]{1,2}[0-9]{0,3}(\+[a-z][0-9]{0,2})?-[a-z][0-9]{0,3}(x[0-9]{1,3})?", fullmatch=True),
)
POSITION_CASES = st.tuples(st.sampled_from(list(iter_variants())), st.integers(0, 50), st.integers(0, 30))


@fuzz("move texts")
@given(POSITION_CASES, MOVE_TEXTS)
def test_any_move_text_is_played_or_refused_and_a_refusal_changes_nothing(case, text) -> None:
    (game, variant), deal, steps = case
    position = get_rules(game, variant).deal(deal)
    for _ in range(steps):  # somewhere into the game
        moves = position.legal_moves()
        if not moves:
            break
        position.play(moves[(deal + len(position.history)) % len(moves)])
    before, history = position.state_key(), len(position.history)
    try:
        position.play(inputs.notation(text))
    except (TutorError, inputs.InputError) as err:
        assert_refusal(err)
        assert position.state_key() == before and len(position.history) == history
        return
    position.undo()
    assert position.state_key() == before


# --- address parameters ---------------------------------------------------------------------------
GAMES = {game: tuple(v for g, v in iter_variants() if g == game) for game, _ in iter_variants()}
PARAMETER = st.tuples(st.sampled_from(["game", "variant", "deal", "lang", "x", "Deal", ""]),
                      st.one_of(st.sampled_from([*GAMES, "josephine", "busy-aces", "base", "7", "de"]), ODD_TEXT))


@fuzz("address parameters")
@given(st.one_of(st.lists(PARAMETER, max_size=8).map(lambda pairs: urlencode(pairs, errors="surrogatepass")), ODD_TEXT))
def test_any_page_address_is_read_or_refused_in_one_line(query) -> None:
    try:
        values = inputs.page_parameters(query, GAMES)
    except inputs.InputError as err:
        assert_refusal(err)
        return
    assert set(values) <= {"game", "variant", "deal", "lang"}
    if "game" in values:
        assert values["game"] in GAMES
    if "lang" in values:
        assert values["lang"] in LANGUAGES


# --- saved games ---------------------------------------------------------------------------------------
SCENARIOS = ["ff-worked-example", "qa-worked-example", "ft-worked-example"]
JSON_VALUES = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), ODD_TEXT),
                           lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                   st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                           max_leaves=12)
SAVED = st.fixed_dictionaries(
    {"scenario": st.one_of(st.sampled_from(SCENARIOS), JSON_VALUES),
     "mode": st.one_of(st.sampled_from(["play", "guide"]), JSON_VALUES),
     "track": st.one_of(st.integers(-2, 4), JSON_VALUES), "frame": st.one_of(st.integers(-2, 12), JSON_VALUES),
     "moves": st.one_of(st.lists(st.one_of(MOVE_TEXTS, st.sampled_from(["s-w", "t1-f1", "w-t1", "t1-t2"])),
                                 max_size=30), JSON_VALUES)},
    optional={"version": JSON_VALUES, "kind": st.just("scenario")})


@st.composite
def saved_texts(draw):
    how = draw(st.sampled_from(["whole", "cut", "raw", "deep"]))
    if how == "raw":
        return draw(ODD_TEXT)
    if how == "deep":
        depth = draw(st.integers(3, 30_000))
        return '{"scenario": "ft-worked-example", "moves": ' + "[" * depth + "]" * depth + "}"
    text = json.dumps(draw(SAVED))
    return text if how == "whole" else text[:draw(st.integers(0, len(text)))]


@pytest.fixture(scope="module")
def playing_session() -> Session:
    session = Session()
    for index, scenario in enumerate(SCENARIOS):
        for lang in LANGUAGES:
            widget = f"{lang}{index}"
            opened = session.handle({"widget": widget, "action": "open", "spec": f"scenario: {scenario}", "lang": lang})
            assert opened["ok"]
            assert session.handle({"widget": widget, "action": "try", "track": 0, "frame": 1})["ok"]
    return session


@fuzz("saved games")
@given(st.integers(0, len(SCENARIOS) - 1), st.sampled_from(LANGUAGES), saved_texts())
def test_any_saved_game_is_restored_or_refused_and_the_game_is_kept(playing_session, index, lang, text) -> None:
    widget = f"{lang}{index}"
    before = playing_session.handle({"widget": widget, "action": "legal"})
    answer = json.loads(playing_session.handle_json(json.dumps({"widget": widget, "action": "restore",
                                                               "saved_text": text})))
    assert answer["widget"] == widget
    if answer["ok"]:
        playing_session.handle({"widget": widget, "action": "try", "track": 0, "frame": 1})  # back to a game
        return
    assert_one_line(answer["message"])
    assert answer["state"] == before["state"]
    assert "internal error" not in answer["message"]


# --- session requests -----------------------------------------------------------------------------------
ACTIONS = ["open", "try", "restore", "pick", "move", "legal", "undo", "reset", "guide", "next-deal",
           "previous-deal", "bogus"]  # not "hint": the solver thinks 0.3 s each time
SPECS = ["deal: fortunes-favour 1", "deal: forty-thieves josephine 3", "scenario: ft-worked-example",
         "scenario: nope", "deal: queens-audience 99999999999999999999999", "picture: ff-setup"]
REQUESTS = st.fixed_dictionaries(
    {"widget": st.one_of(st.sampled_from(["en0", "de1", "en2", "d1"]), JSON_VALUES),
     "action": st.one_of(st.sampled_from(ACTIONS), JSON_VALUES)},
    optional={"lang": st.one_of(st.sampled_from(LANGUAGES), JSON_VALUES), "move": st.one_of(MOVE_TEXTS, JSON_VALUES),
              "pile": st.one_of(st.sampled_from(PILES), JSON_VALUES),
              "card": st.one_of(st.sampled_from(CODES), JSON_VALUES),
              "track": JSON_VALUES, "frame": st.one_of(st.integers(-1, 12), JSON_VALUES),
              "spec": st.one_of(st.sampled_from(SPECS), JSON_VALUES), "saved": st.one_of(SAVED, JSON_VALUES),
              "saved_text": saved_texts()})


@fuzz("session requests")
@given(REQUESTS, st.booleans())
def test_any_request_is_answered_and_a_refusal_changes_nothing(playing_session, request, as_json) -> None:
    if request.get("action") == "open" and request.get("widget") in ("en0", "de1", "en2"):
        request = {**request, "widget": "d1"}  # keep the games of the saved-game test where they are
    widget = request.get("widget")
    before = playing_session._state_of(widget)
    if as_json:
        try:
            text = json.dumps(request)
        except (TypeError, ValueError):
            return
        answer = json.loads(playing_session.handle_json(text))
    else:
        answer = playing_session.handle(request)
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
    assert "internal error" not in (answer.get("message") or "")
    if not answer["ok"]:
        assert_one_line(answer["message"])
        assert playing_session._state_of(widget) == before


# --- command lines and standard input -------------------------------------------------------------
GAME_WORDS = [*game_ids(), "chess", "", game_ids()[-1] + "\n"]
OPTIONS = {
    "deal": ["--deal", "--cards", "--variant", "--lang", "--json"],
    "moves": ["--deal", "--cards", "--variant", "--lang", "--json", "--play"],
    "play": ["--deal", "--cards", "--variant", "--lang"],
    "simulate": ["--deals", "--seed", "--strategy", "--workers", "--variant", "--lang", "--json"],
    "solve": ["--deal", "--cards", "--timeout", "--nodes", "--variant", "--lang", "--json"],
    "bogus": ["--deal", "--what"],
}
OPTION_VALUES = st.one_of(ODD_TEXT, st.sampled_from(["1", "3", "0", "-1", "64", "1e300", "18446744073709551616",
                                                     "1000000000000", "²", "١٢", "josephine", "busy-aces", *LANGUAGES,
                                                     "t1-t2x²", "s-w", "expert"]),
                          st.from_regex(r"[0-9]{1,30}", fullmatch=True))


@st.composite
def command_lines(draw):
    command = draw(st.sampled_from(list(OPTIONS)))
    argv = [command, draw(st.sampled_from(GAME_WORDS))]
    for option in draw(st.lists(st.sampled_from(OPTIONS[command]), max_size=4)):
        argv += [option] if option == "--json" else [option, draw(OPTION_VALUES)]
    if "\x00" in "".join(argv):
        argv = [word.replace("\x00", "") for word in argv]  # a command line cannot hold a NUL
    lines = st.one_of(st.binary(max_size=12), st.sampled_from([b"s-w", b"undo", b"redo", b"moves", b"1", b"2",
                                                               b"\xff\xfe", "²".encode(), b"help", b"t3-f1"]))
    data = b"\n".join(draw(st.lists(lines, max_size=6))) + b"\n" if command == "play" else b""
    return argv, data, draw(st.sampled_from(["utf-8", "ascii", "latin-1"]))


@contextlib.contextmanager
def bounded_runs():
    """``simulate`` and ``solve`` replaced by recorders that check the limits they are called with."""
    import tutor.analysis.simulate
    import tutor.analysis.solve
    import tutor.cli.solve

    cpus = os.cpu_count() or 1

    def fake_simulate(rules, deals, seed=0, strategy="tips", progress=None, workers=None, **_):
        assert 0 < deals <= 10_000_000 and (workers is None or 1 <= workers <= cpus), (deals, workers)
        return tutor.analysis.simulate.SimulationResult(rules.game_id, rules.variant, strategy, seed, 1, 0)

    def fake_solve(position, time_limit=10, node_limit=None, **_):
        assert 0 < time_limit <= 3600 and (node_limit is None or 0 < node_limit <= 10 ** 9), (time_limit, node_limit)
        return tutor.analysis.solve.SolveResult("unknown", [], 0, 0.0)

    # where the command calls them (tutor.cli.solve imports them by name) and where they are defined
    places = [(tutor.analysis.simulate, "simulate", fake_simulate), (tutor.analysis.solve, "solve", fake_solve),
              (tutor.cli.solve, "simulate", fake_simulate), (tutor.cli.solve, "solve", fake_solve)]
    real = [(module, name, getattr(module, name)) for module, name, _ in places]
    for module, name, fake in places:
        setattr(module, name, fake)
    try:
        yield
    finally:
        for module, name, function in real:
            setattr(module, name, function)


class _KeptBytes(io.BytesIO):
    def close(self) -> None:  # readable after the text layer above is closed
        pass


@fuzz("command lines")
@given(command_lines())
def test_any_command_line_and_input_ends_in_one_line_or_a_result(case) -> None:
    """Standard input is read as strict UTF-8 and the output goes to a terminal that may not print
    every character: the command answers (exit 0) or refuses in one printable line (exit 2)."""
    argv, data, encoding = case
    out, err = _KeptBytes(), _KeptBytes()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    sys.stdout = io.TextIOWrapper(out, encoding=encoding, errors="strict")
    sys.stderr = io.TextIOWrapper(err, encoding=encoding, errors="strict")
    try:
        with bounded_runs():
            try:
                code = cli.main(argv)
            except SystemExit as done:  # argparse's --help
                code = done.code
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    assert code in (0, 2), (argv, code)
    if code == 2:
        assert_one_line(err.getvalue().decode(encoding).rstrip("\n"))
