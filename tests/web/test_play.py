"""The play page's engine side (tutor/web/widgets/play.py), through the same requests the page sends
(tutor.web.protocol.Session.handle): the address hash, saved games and records checked, the deal
the same as `tutor deal`, undo/redo/restart/new/replay, the record counting a won and a lost game
once, safe cards going home by themselves, and the coach's remark with its link and undo."""

from __future__ import annotations

import json
import re

import pytest

from tutor.analysis.solve import solve
from tutor.cli.main import main as cli_main
from tutor.engine import get_rules, iter_variants
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES
from tutor.limits import MAX_DEAL
from tutor.web.protocol import Session, build_html
from tutor.web.widgets.play_record import format_hash

GAME = "fortunes-favour"


def open_play(game: str = GAME, lang: str = "en", **start) -> tuple[Session, dict]:
    session = Session()
    opened = session.handle({"widget": "w", "action": "open", "spec": f"play: {game}", "lang": lang})
    assert opened["ok"], opened["message"]
    return session, act(session, "start", **start)


def act(session: Session, action: str, **fields) -> dict:
    response = session.handle({"widget": "w", "action": action, **fields})
    assert response["ok"], response["message"]
    return response


def pile_codes(html: str) -> dict[str, list[str]]:
    """Pile id → the codes of its face-up cards, from the widget's board (what the reader sees)."""
    piles: dict[str, list[str]] = {}
    pile_group = r'<g class="tutor-pile[^"]*" data-pile="([^"]+)"[^>]*>(.*?)</g>(?=<g class="tutor-pile|</svg>)'
    for pile_id, inner in re.findall(pile_group, html):
        piles[pile_id] = re.findall(r'data-card="([^"]+)"', inner)
    return piles


# --- the address ------------------------------------------------------------------------------

@pytest.mark.parametrize("game,variant", list(iter_variants()))
def test_the_hash_opens_the_deal_of_tutor_deal(game: str, variant: str, capsys) -> None:
    """`#deal=N&variant=V` shows the cards `tutor deal GAME --variant V --deal N` prints."""
    number = 123
    _, response = open_play(game, hash=format_hash(number, variant))
    assert (int(response["state"]["deal"]), response["state"]["variant"]) == (number, variant)
    assert cli_main(["deal", game, "--variant", variant, "--deal", str(number), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    shown = pile_codes(response["html"])
    position = get_rules(game, variant).deal(number)
    face_up = {view.id: [c.code for c in view.cards[view.face_down:]] if view.fan != "none" else
               ([view.cards[-1].code] if view.cards and len(view.cards) > view.face_down else [])
               for view in position.layout()}
    assert shown == face_up
    for pile_id, codes in printed["piles"].items():
        assert [c.code for c in position.piles[pile_id]] == codes


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("text", ["deal=abc", "deal=-1", "deal=1&variant=nope", "deal=99999999999999999999"])
def test_bad_hash_gives_a_message_and_a_random_deal(lang: str, text: str) -> None:
    _, response = open_play(lang=lang, hash=text)
    state = response["state"]
    assert state["variant"] == "" and 1 <= int(state["deal"]) <= 99_999
    assert "data-pile" in response["html"]
    message = response["message"]
    assert ("could not be used" in message) if lang == "en" else ("ließ sich nicht verwenden" in message)


def test_a_bad_hash_keeps_the_game_in_progress() -> None:
    session, _ = open_play(hash="deal=42")
    saved = act(session, "move", move="s-w")["state"]["saved"]
    _, response = open_play(hash="deal=abc", saved=saved)
    assert "could not be used" in response["message"] and response["state"]["saved"] == saved


# --- saved games and records ------------------------------------------------------------------

def test_a_saved_game_goes_on_and_its_hash_wins_over_nothing() -> None:
    session, first = open_play(hash="deal=42&variant=one-redeal")
    act(session, "move", move="s-w")
    saved = act(session, "move", move="s-w")["state"]["saved"]
    assert saved["moves"] == [["s-w"], ["s-w"]]
    _, again = open_play(hash="", saved=saved)  # a reload without a hash
    assert again["state"]["saved"] == saved
    _, same = open_play(hash="deal=42&variant=one-redeal", saved=saved)  # the other language's page
    assert same["state"]["saved"] == saved
    _, other = open_play(hash="deal=43&variant=one-redeal", saved=saved)  # a link to another deal
    assert (int(other["state"]["deal"]), other["state"]["saved"]["moves"]) == (43, [])


@pytest.mark.parametrize("saved", [
    "nonsense", {"unreadable": True}, {"game": GAME, "variant": "", "deal": 1, "moves": [["t9-f1"]], "counted": False},
    {"game": GAME, "variant": "nope", "deal": 1, "moves": [], "counted": False},
    {"game": GAME, "variant": "", "deal": -3, "moves": [], "counted": False},
    {"game": GAME, "variant": "", "deal": 1, "moves": "s-w", "counted": False},
    {"game": "queens-audience", "variant": "", "deal": 1, "moves": [], "counted": False},
])
def test_a_damaged_saved_game_is_discarded_with_a_message(saved) -> None:
    _, response = open_play(hash="", saved=saved)
    assert "could not be restored" in response["message"]
    assert response["state"]["saved"]["moves"] == []


@pytest.mark.parametrize("stats", ["x", {"": {"played": -1}}, {"": {"played": 1, "won": 2}}, {"nope": {}},
                                   {"": {"played": True}}])
def test_a_damaged_record_is_said_and_kept_aside(stats) -> None:
    """A record that cannot be read is never dropped: the engine says so and asks the page to keep
    it aside (the page stores it under `…:set-aside` before anything overwrites it)."""
    _, response = open_play(hash="deal=1", stats=stats)
    assert "record could not be read; it is kept aside" in response["message"]
    assert response["state"]["stats"] == {} and response["state"]["stats_set_aside"] is True
    _, fine = open_play(hash="deal=1", stats={"": RECORD_1_0})
    assert fine["state"]["stats_set_aside"] is False and fine["state"]["stats"] == {"": RECORD_1_0}


RECORD_1_0 = {"played": 1, "won": 0, "streak": 0, "best": 0, "best_seconds": None,
              "recent": [{"result": "lost", "moves": 12, "seconds": 40}]}


def record(played, won, streak, best, best_seconds, *recent) -> dict:
    return {"played": played, "won": won, "streak": streak, "best": best, "best_seconds": best_seconds,
            "recent": [{"result": result, "moves": moves, "seconds": seconds} for result, moves, seconds in recent]}


def _win(session: Session, deal: int) -> dict:
    line = solve(get_rules(GAME).deal(deal), time_limit=10).moves
    assert line
    response = None
    for move in line:
        response = act(session, "move", move=move)
    return response


def _lose(session: Session) -> dict:
    response = None
    while True:
        position = session.widgets["w"][0].position
        if position.is_over():
            return response
        move = "s-w" if position.piles["s"] else str(position.legal_moves()[0])
        response = act(session, "move", move=move)


def test_a_won_and_a_lost_game_are_counted_once() -> None:
    session, _ = open_play(hash="deal=1")
    won = _win(session, 1)
    moves = len(won["state"]["saved"]["moves"])
    assert won["state"]["over"] == "won"
    assert won["state"]["stats"] == {"": record(1, 1, 1, 1, 0, ("won", moves, 0))}
    assert 'data-result="won"' in won["html"] and 'data-action="replay"' in won["html"]
    act(session, "undo")
    again = act(session, "redo")  # the same game, won again: still counted once
    assert again["state"]["stats"][""]["played"] == 1
    act(session, "replay")
    lost = _lose(session)
    assert lost["state"]["over"] == "lost"
    assert lost["state"]["stats"] == {"": record(2, 1, 0, 1, 0, ("won", moves, 0),
                                                 ("lost", len(lost["state"]["saved"]["moves"]), 0))}
    assert 'data-result="lost"' in lost["html"] and 'data-action="new"' in lost["html"]
    _, reloaded = open_play(hash="", saved=lost["state"]["saved"], stats=lost["state"]["stats"])
    assert reloaded["state"]["stats"][""]["played"] == 2  # a reload does not count it again
    cleared = act(session, "reset-stats")
    assert cleared["state"]["stats"] == {}


# --- playing ----------------------------------------------------------------------------------

def test_undo_redo_restart_new_replay() -> None:
    session, start = open_play(hash="deal=1")
    start_piles = pile_codes(start["html"])
    one = act(session, "move", move="t1-t5")
    two = act(session, "move", move="t3-t11")
    assert act(session, "undo")["state"]["saved"]["moves"] == [["t1-t5"]]
    assert pile_codes(act(session, "undo")["html"]) == start_piles
    assert pile_codes(act(session, "redo")["html"]) == pile_codes(one["html"])
    assert pile_codes(act(session, "redo")["html"]) == pile_codes(two["html"])
    assert "Nothing to redo" in act(session, "redo")["message"]
    restarted = act(session, "restart")
    assert pile_codes(restarted["html"]) == start_piles and int(restarted["state"]["deal"]) == 1
    replayed = act(session, "replay")
    assert replayed["state"]["saved"]["moves"] == [] and int(replayed["state"]["deal"]) == 1
    fresh = act(session, "new")
    assert fresh["state"]["saved"]["moves"] == [] and fresh["state"]["hash"] == f"deal={fresh['state']['deal']}"
    variant = act(session, "variant", variant="one-redeal")
    assert variant["state"]["hash"] == f"deal={fresh['state']['deal']}&variant=one-redeal"
    assert 'data-variant="one-redeal" aria-pressed="true"' in variant["html"]
    refused = session.handle({"widget": "w", "action": "variant", "variant": "nope"})
    assert not refused["ok"] and refused["state"]["variant"] == "one-redeal"


@pytest.mark.parametrize("game", game_ids())
def test_the_deal_box_opens_the_deal_like_its_link(game: str) -> None:
    """A number typed into the box opens that deal in the chosen variant: the same board, address
    and saved game as ``#deal=N&variant=V``."""
    variant = [v for v in get_rules(game).variants if v][0]
    session, _ = open_play(game, hash=f"deal=5&variant={variant}")
    act(session, "move", move="s-w")
    typed = act(session, "goto", number=" 0123 ", confirmed="yes")  # asked first: a game is in progress
    _, linked = open_play(game, hash=f"deal=123&variant={variant}")
    assert typed["state"]["hash"] == f"deal=123&variant={variant}" == linked["state"]["hash"]
    assert typed["state"]["saved"] == linked["state"]["saved"]
    assert pile_codes(typed["html"]) == pile_codes(linked["html"])
    assert 'aria-invalid' not in typed["html"] and 'value=""' in typed["html"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("typed", ["abc", "-1", "12.5", "١٢", "18446744073709551616", "123456789012345678901234567890",
                                   "", "  "])
def test_a_bad_number_in_the_deal_box_says_why_and_changes_nothing(lang: str, typed: str) -> None:
    session, _ = open_play(lang=lang, hash="deal=42")
    before = act(session, "move", move="s-w")
    refused = act(session, "goto", number=typed)
    assert refused["state"]["saved"] == before["state"]["saved"] and refused["state"]["hash"] == "deal=42"
    assert pile_codes(refused["html"]) == pile_codes(before["html"])
    message = refused["message"]
    assert message and "\n" not in message and message.endswith(".")
    expected = {"en": ("not a deal number", "too high", "Type a deal number"),
                "de": ("keine Spielnummer", "zu groß", "Gib zuerst eine Spielnummer ein")}[lang]
    assert any(words in message for words in expected), message
    assert 'aria-invalid="true" aria-describedby="w-play-message"' in refused["html"]
    assert 'id="w-play-message"' in refused["html"]
    assert act(session, "undo")["state"]["saved"]["moves"] == []  # the game went on as it was


def test_the_deal_box_on_the_deal_being_played_keeps_the_game() -> None:
    session, _ = open_play(hash="deal=42")
    before = act(session, "move", move="s-w")
    same = act(session, "goto", number="42")
    assert same["state"]["saved"] == before["state"]["saved"] and "already playing deal 42" in same["message"]


def test_picking_plays_like_the_examples() -> None:
    session, _ = open_play(hash="deal=1")
    picked = act(session, "pick", pile="t1", card="7D")
    assert picked["message"] == "You picked the 7♦. Now pick the pile it should go to."
    moved = act(session, "pick", pile="t5")
    assert moved["state"]["saved"]["moves"] == [["t1-t5"]]
    turned = act(session, "pick", pile="s")
    assert turned["state"]["saved"]["moves"][-1] == ["s-w"]
    refused = act(session, "move", move="t2-f1")  # the engine's reason, as every board gives it
    assert "tutor-refused" in refused["html"] and refused["state"]["saved"]["moves"][-1] == ["s-w"]


def test_the_coach_speaks_with_a_link_and_an_undo_and_can_be_turned_off() -> None:
    """The tip-1 situation of Fortune's Favour (the first exercise of tip 1): turning while a card
    could still go to its foundation."""
    from tutor.lessons import first_exercise_for

    exercise = first_exercise_for(GAME, 1)
    session, _ = open_play(hash=f"deal={exercise.deal}")
    for move in exercise.prelude.split():
        act(session, "move", move=move)
    spoken = act(session, "move", move="s-w")
    coach = re.search(r'<div class="tutor-coach"[^>]*>(.*?)</div>', spoken["html"]).group(0)
    assert 'data-tip="1"' in coach and "Tip 1: Before turning a stock card" in coach
    assert 'href="../../fortunes-favour/#lesson-tip-1"' in coach
    assert 'data-action="undo"' in coach
    assert "Tip 1" in spoken["message"]
    undone = act(session, "undo")
    assert '<div class="tutor-coach" hidden>' in undone["html"]
    act(session, "coach")
    quiet = act(session, "move", move="s-w")
    assert '<div class="tutor-coach" hidden>' in quiet["html"] and quiet["state"]["options"]["coach"] is False


def test_refused_turn_in_queens_audience_gets_the_coach() -> None:
    session, _ = open_play("queens-audience", hash="deal=2")
    refused = act(session, "move", move="s-w")
    assert refused["message"].startswith("You may turn up a card from the stock only when nothing else goes")
    assert 'data-tip="2"' in refused["html"]


def test_safe_cards_go_home_by_themselves_and_undo_together() -> None:
    session, _ = open_play("forty-thieves", hash="deal=1", options={"auto": True, "coach": True})
    widget = session.widgets["w"][0]
    assert widget.auto
    for _ in range(40):
        before = [list(g) for g in widget.groups]
        act(session, "move", move="s-w" if widget.position.piles["s"] else str(widget.position.legal_moves()[0]))
        if len(widget.groups[-1]) > 1:
            break
    else:
        pytest.fail("no safe card went home by itself in 40 turns")
    assert all(widget.groups[-1][i] for i in range(1, len(widget.groups[-1])))
    act(session, "undo")
    assert widget.groups == before


def test_auto_is_off_by_default_and_the_coach_on() -> None:
    _, response = open_play(hash="deal=1")
    assert response["state"]["options"] == {"auto": False, "coach": True}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", game_ids())
def test_build_time_widget_carries_the_dom_contract(game: str, lang: str) -> None:
    html = build_html(f"play: {game}", lang, "tutor-1")
    root = re.match(r"<div [^>]*>", html).group(0)
    for attribute in ('data-kind="play"', 'data-state="static"', 'data-deal="1"', 'data-variant=""'):
        assert attribute in root
    assert 'class="tutor-coach"' in html and "data-pile=" in html and "data-card=" in html
    for name in get_rules(game).variants.values():
        assert name.render(lang).replace("'", "&#x27;") in html


def test_play_link_directive() -> None:
    html = build_html("play-link: ff-tip-1-a", "de", "x")
    assert 'href="../play/fortunes-favour/#practice=ff-tip-1-a"' in html and "Diesen Tipp üben" in html
    assert 'href="../play/queens-audience/"' in build_html("play-link: queens-audience", "en", "x")
    from tutor.engine import UnknownGame

    with pytest.raises(UnknownGame):
        build_html("play-link: nope", "en", "x")


def test_the_highest_deal_the_command_line_takes_opens_and_is_restored(capsys) -> None:
    """limits.MAX_DEAL is the command line's and the page's: 2⁶⁴ − 1 opens from the address with the
    cards `tutor deal` prints, its number travels as text (JavaScript's numbers stop being exact at
    2⁵³), and the saved game restores."""
    session, first = open_play(hash=f"deal={MAX_DEAL}")
    assert first["state"]["deal"] == str(MAX_DEAL) and first["state"]["hash"] == f"deal={MAX_DEAL}"
    assert cli_main(["deal", GAME, "--deal", str(MAX_DEAL), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["deal"] == MAX_DEAL and pile_codes(first["html"])["t1"] == printed["piles"]["t1"][-1:]
    moved = act(session, "move", move="s-w")
    _, again = open_play(hash="", saved=json.loads(json.dumps(moved["state"]["saved"])))
    assert again["state"]["deal"] == str(MAX_DEAL) and again["state"]["saved"]["moves"] == [["s-w"]]


# --- a report is not a hint --------------------------------------------------------------------

def test_after_a_move_no_arrow_is_drawn_and_a_hint_draws_one() -> None:
    """The last move is marked on its destination pile only: an arrow on the board is the hint's."""
    session, _ = open_play()
    moved = act(session, "move", move="s-w")
    assert 'class="tutor-arrow' not in moved["html"]
    hinted = act(session, "hint")
    assert 'class="tutor-arrow' in hinted["html"]


def test_a_move_is_reported_in_the_past_with_what_the_rules_did() -> None:
    session, _ = open_play(hash="deal=5")
    moved = act(session, "move", move="t1-t8")
    assert moved["message"] == "You moved the 8♠ onto the 9♠. The stock filled the space with the 2♣."
    side = re.search(r'<p class="tutor-play-message[^"]*"[^>]*>(.*?)</p>', moved["html"]).group(1)
    assert side == moved["message"]


def test_a_hint_is_drawn_in_its_own_style_with_its_words_beside_its_button() -> None:
    """The hint's arrow has its own class and a "Hint" label; its words are next to the hint button
    (not in the report's place); the next move clears it; the end panel counts it."""
    session, _ = open_play(hash="deal=5", lang="de")
    hinted = act(session, "hint")
    arrow = re.search(r'<g class="tutor-arrow tutor-arrow-hint"[^>]*>.*?</g></g>', hinted["html"]).group(0)
    assert '<g class="tutor-arrow-label">' in arrow and ">Hinweis</text>" in arrow
    row = re.search(r'<div class="tutor-play-hint-row">(.*?)</div>', hinted["html"]).group(1)
    assert 'data-action="hint"' in row and 'aria-describedby="w-play-hint"' in row
    words = re.search(r'<p class="tutor-play-hint" id="w-play-hint">(.*?)</p>', row).group(1)
    assert words and words in hinted["message"] and hinted["message"].startswith("Hinweis: ")
    assert session.widgets["w"][0].hints == 1
    moved = act(session, "move", move=str(session.widgets["w"][0].hint_move))
    assert 'tutor-arrow' not in moved["html"] and '<p class="tutor-play-hint" id="w-play-hint"></p>' in moved["html"]


def test_the_board_carries_its_legal_moves_and_a_drop_or_a_double_click_plays_them() -> None:
    """The fewer-clicks board: data-moves (read by play.js, which knows no rules), `drop` (a drag),
    `home` (a double-click or F), and a card with nowhere to go home says so in the game's words."""
    from html import unescape

    from tutor.web.board_input import move_map

    session, started = open_play("forty-thieves", hash="deal=5")
    widget = session.widgets["w"][0]
    data = re.search(r'<div class="tutor-play-board" data-moves="([^"]*)">', started["html"]).group(1)
    assert json.loads(unescape(data)) == move_map(widget.position)
    refused = act(session, "drop", pile="t4", card=widget.position.piles["t4"][-1].code, to="t1")
    assert "tutor-refused" in refused["html"] and refused["state"]["saved"]["moves"] == []
    nowhere = act(session, "home", pile="t4")
    assert nowhere["message"].endswith("cannot go to a foundation now.") and "tutor-refused" in nowhere["html"]
    home = act(session, "home", pile="t5")
    assert home["state"]["saved"]["moves"] == [["t5-f1"]] and home["message"].startswith("You started a foundation")
    dropped = act(session, "drop", pile="t4", card=widget.position.piles["t4"][-1].code, to="t6")
    assert dropped["state"]["saved"]["moves"] == [["t5-f1"], ["t4-t6"]]
    stock = act(session, "home", pile="s")  # the stock's hidden card is never named
    assert stock["message"] == "No card can move from here now." and stock["state"]["saved"]["moves"][-1] == ["t4-t6"]


def test_giving_up_ends_the_game_counts_it_and_opens_the_end_panel() -> None:
    session, _ = open_play(hash="deal=5")
    playing = act(session, "move", move="t1-t8")
    assert 'data-action="new" aria-keyshortcuts="N" data-confirm="new"' in playing["html"]  # a new deal asks first now
    assert 'data-action="give-up" data-confirm="give-up"' in playing["html"]
    assert '<dialog class="tutor-dialog" data-dialog="give-up"' in playing["html"]
    act(session, "undo")
    act(session, "redo")
    act(session, "hint")
    over = act(session, "give-up", spent=65_000)
    state = over["state"]
    assert state["over"] == "given-up" and state["saved"]["given_up"] is True
    assert state["stats"][""]["recent"] == [{"result": "given-up", "moves": 1, "seconds": 65}]
    assert state["stats"][""]["streak"] == 0 and state["stats"][""]["played"] == 1
    panel = re.search(r'<section class="tutor-play-end" data-result="given-up".*?</section>', over["html"]).group(0)
    facts = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", panel))
    assert facts == {"Moves": "1", "Time": "1 min 5 s", "Hints": "1", "Moves taken back": "1",
                     "Deal": "5"}
    assert panel.count('data-action="replay"') == 1  # one replay control: its button (issue 41)
    assert "You gave up deal 5." in panel and 'data-action="review">Review this game</button>' in panel
    assert 'role="button"' not in over["html"].split('class="tutor-play-board"')[1].split("</svg>")[0]
    assert "data-confirm" not in over["html"].split("<section")[0]  # the game is over: nothing to lose
    for action in ("move", "undo", "give-up"):  # an ended game changes no more
        again = act(session, action, move="t2-t3") if action == "move" else act(session, action)
        assert again["state"]["saved"] == state["saved"] and again["state"]["stats"] == state["stats"]
    _, reloaded = open_play(hash="deal=5", saved=state["saved"], stats=state["stats"])
    assert reloaded["state"]["over"] == "given-up" and reloaded["state"]["stats"] == state["stats"]
    assert act(session, "replay")["state"]["over"] == ""


def test_the_clock_counts_the_visible_time_until_the_game_ends() -> None:
    session, _ = open_play(hash="deal=5", spent=99_000)  # before the game was shown: nothing
    widget = session.widgets["w"][0]
    assert widget.seconds == 0
    act(session, "time", spent=1_500)
    act(session, "pick", pile="t1", spent=500)
    assert widget.seconds == 2.0
    for bad in (-5_000, "12", True, float("nan"), None):
        act(session, "time", spent=bad)
    assert widget.seconds == 2.0
    act(session, "time", spent=10 ** 12)  # a page left open for weeks adds at most an hour a request
    assert widget.seconds == 3602.0
    saved = act(session, "give-up")["state"]["saved"]
    act(session, "time", spent=50_000)
    assert widget.seconds == 3602.0 and saved["seconds"] == 3602
    for damaged in ({"seconds": -1}, {"seconds": "5"}, {"hints": 1.5}, {"given_up": "yes"}):
        _, response = open_play(hash="deal=5", saved={**saved, **damaged})
        assert "could not be restored" in response["message"] and response["state"]["set_aside"]


def test_the_review_slot_appears_once_the_widget_can_review() -> None:
    """The end panel carries data-action="review" exactly when the widget has a `review` action
    (tests/web/test_play_review.py follows what it opens)."""
    from tutor.web.widgets.play import PlayWidget

    session, _ = open_play(hash="deal=5")
    over = act(session, "give-up")
    panel = over["html"].split('<section class="tutor-play-end"')[1].split("</section>")[0]
    assert 'data-action="review"' in panel
    original = PlayWidget._actions
    try:
        PlayWidget._actions = lambda self: {k: v for k, v in original(self).items() if k != "review"}
        panel = act(session, "time")["html"].split('<section class="tutor-play-end"')[1].split("</section>")[0]
        assert 'data-action="review"' not in panel
    finally:
        PlayWidget._actions = original


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_record_has_a_chart_with_a_text_alternative(lang: str) -> None:
    stats = {"": record(3, 1, 0, 1, 95, ("won", 50, 95), ("lost", 12, 30), ("given-up", 3, 10))}
    _, response = open_play(hash="deal=5", lang=lang, stats=stats)
    chart = re.search(r'<figure class="tutor-play-chart">.*?</figure>', response["html"]).group(0)
    assert chart.count("<rect ") == 3 and 'role="img" aria-labelledby="w-record-caption"' in chart
    assert re.findall(r'class="(tutor-chart-[a-z-]+)" x=', chart) == ["tutor-chart-won", "tutor-chart-lost",
                                                                      "tutor-chart-given-up"]
    items = re.findall(r"<li>(.*?)</li>", chart)
    assert items == {"en": ["won in 1 min 35 s, 50 moves", "lost after 30 s, 12 moves", "given up after 10 s, 3 moves"],
                     "de": ["gewonnen in 1 min 35 s, 50 Züge", "verloren nach 30 s, 12 Züge",
                            "aufgegeben nach 10 s, 3 Züge"]}[lang]
    best = {"en": "Your best time: 1 min 35 s.", "de": "Deine beste Zeit: 1 min 35 s."}[lang]
    assert best in response["html"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_shortcuts_dialog_lists_the_keys_in_the_page_language(lang: str) -> None:
    _, response = open_play(hash="deal=5", lang=lang)
    dialog = re.search(r'<dialog class="tutor-dialog" data-dialog="shortcuts".*?</dialog>', response["html"]).group(0)
    keys = re.findall(r"<kbd>(.*?)</kbd>", dialog)
    assert len(keys) == 14 and {"F", "H", "N", "?"} <= set(keys)
    assert ("U oder Strg+Z" in keys) == (lang == "de") and ("U or Ctrl+Z" in keys) == (lang == "en")
    home = {"en": "Send the card to a foundation, if one takes it",
            "de": "Die Karte auf den passenden Zielstapel legen, wenn einer sie nimmt"}[lang]
    assert dialog.count(home) == 2  # F and a double-click
    assert 'data-dialog-open="shortcuts"' in response["html"]
    static = build_html("play: fortunes-favour", lang, "tutor-1")
    assert "<dialog" not in static  # the page as built has no live controls to explain


def test_another_variant_or_a_typed_deal_asks_first_while_a_game_is_in_progress() -> None:
    """Issue 24: a new deal asks first while a game is in progress; so do the variant buttons and
    the deal box (each deals a new game). A bad number is refused at once, without asking."""
    session, opened = open_play(hash="deal=5")
    assert "data-confirm=\"variant-" not in opened["html"]  # nothing played yet: nothing to lose
    playing = act(session, "move", move="t1-t8")
    variant = "busy-aces"  # a variant of Fortune's Favour
    assert f'data-variant="{variant}" aria-pressed="false" data-confirm="variant-{variant}"' in playing["html"]
    dialog = re.search(rf'<dialog class="tutor-dialog" data-dialog="variant-{variant}".*?</dialog>', playing["html"])
    assert dialog and f'data-action="variant" data-variant="{variant}"' in dialog.group(0)
    assert 'data-dialog="variant-base"' not in playing["html"]  # the variant being played asks nothing
    refused = act(session, "goto", number="12x")
    assert "tutor-refused" in refused["html"] and "<dialog data-open" not in refused["html"]
    asked = act(session, "goto", number="12")
    assert asked["state"]["deal"] == "5" and asked["state"]["saved"]["moves"] == [["t1-t8"]]
    ask = re.search(r'<dialog data-open class="tutor-dialog" data-dialog="goto".*?</dialog>', asked["html"]).group(0)
    assert 'data-action="goto" data-number="12" data-confirmed="yes"' in ask and "deal 5 is not finished" in ask
    kept = act(session, "hint")  # "Keep playing": any other request, and the question is gone
    assert "data-open" not in kept["html"] and kept["state"]["deal"] == "5"
    opened = act(session, "goto", number="12", confirmed="yes")
    assert opened["state"]["deal"] == "12" and opened["state"]["saved"]["moves"] == []
    switched = act(session, "goto", number="13")  # nothing played in deal 12 yet: no question
    assert switched["state"]["deal"] == "13" and "data-open" not in switched["html"]
