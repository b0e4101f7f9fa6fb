"""The play page's way into a game's review (tutor/web/widgets/play.py `review`, play_view.review_address,
play_end's Review button), through the requests the page sends: Review beside Undo and on the end panel
answers with the review page's address (`state["go_to"]`), whose link carries the deal, the variant and
every move played so far, and the review page opens that very game; a game too long for a link is said
to be so, keeps its moves, and the end panel's button is off with the reason beside it."""

from __future__ import annotations

import random
import re

import pytest
from test_play import act, open_play
from test_review_link import back_and_forth

from tutor.engine import get_rules, iter_variants
from tutor.i18n import LANGUAGES
from tutor.limits import MAX_LINK_CHARS
from tutor.web.protocol import Session
from tutor.web.review_link import read_review_hash


def controls(html: str) -> str:
    """The side column's controls (Undo, Redo, Review, Restart, Give up)."""
    return re.search(r'<div class="tutor-play-side">.*?<div class="tutor-controls" role="group">(.*?)</div>',
                     html).group(1)


def button(html: str, action: str) -> str:
    return re.search(rf'<button [^>]*data-action="{action}"[^>]*>[^<]*</button>', html).group(0)


def play_some(session: Session, count: int, seed: int) -> None:
    """``count`` moves of the player, each one of the legal moves the page offers, as a click sends it."""
    rng = random.Random(seed)
    widget = session.widgets["w"][0]
    for _ in range(count):
        if widget.over():
            return
        act(session, "move", move=str(rng.choice(widget.position.legal_moves())))


def played_moves(state: dict) -> list[str]:
    return [move for group in state["saved"]["moves"] for move in group]


def opened_link(address: str) -> str:
    """The link part of the address the play page is sent to: ``../review/#…`` from /play/<game>/."""
    assert address.startswith("../review/#"), address
    return address[len("../review/"):]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_review_beside_undo_opens_the_game_played_so_far(lang: str) -> None:
    session, first = open_play(hash="deal=5", lang=lang)
    assert "disabled" in button(controls(first["html"]), "review")  # nothing played yet: nothing to review
    assert first["state"]["go_to"] is None
    play_some(session, 6, seed=1)
    before = act(session, "time")
    side = controls(before["html"])
    assert "disabled" not in button(side, "review")
    assert side.index('data-action="undo"') < side.index('data-action="review"')  # in the row of Undo
    label = {"en": ">Review<", "de": ">Rückblick<"}[lang]
    assert label in button(side, "review")
    answer = act(session, "review")
    assert answer["state"]["saved"] == before["state"]["saved"]  # the game is kept as it was
    link = read_review_hash(opened_link(answer["state"]["go_to"]))
    assert (link.game, link.deal, link.variant, link.problem) == ("fortunes-favour", 5, "", None)
    assert link.moves == played_moves(before["state"]) and len(link.moves) >= 6
    assert act(session, "time")["state"]["go_to"] is None  # one answer opens it, not every one after


@pytest.mark.parametrize("game,variant", list(iter_variants()))
def test_every_variant_travels_whole_with_the_auto_option_on(game: str, variant: str) -> None:
    """The cards the auto option sent home are moves of the game too: the link carries them all,
    and the review page reads back the same deal, variant and moves."""
    session, _ = open_play(game, hash=f"deal=17&variant={variant or 'base'}")
    act(session, "auto")
    play_some(session, 25, seed=len(game) + len(variant))
    state = act(session, "time")["state"]
    link = read_review_hash(opened_link(act(session, "review")["state"]["go_to"]))
    assert (link.game, link.deal, link.variant, link.problem) == (game, 17, variant, None)
    assert link.moves == played_moves(state)


def open_review(link: str, lang: str) -> dict:
    """The review page as the page script drives it: start with the link, continue while asked."""
    session = Session()
    assert session.handle({"widget": "r", "action": "open", "spec": "review: link", "lang": lang})["ok"]
    answer = session.handle({"widget": "r", "action": "start", "link": link})
    while answer["ok"] and answer["continue"]:
        answer = session.handle({"widget": "r", "action": "continue"})
    assert answer["ok"], answer["message"]
    return answer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_panels_review_opens_the_lost_game_on_the_review_page(lang: str) -> None:
    """A game played to its end: the panel's Review this game, then the review page reviews that
    game, every move of it (a given-up game too)."""
    session, _ = open_play(hash="deal=8", lang=lang)
    play_some(session, 400, seed=3)
    widget = session.widgets["w"][0]
    if not widget.over():
        act(session, "give-up")
    over = act(session, "time")
    panel = re.search(r'<section class="tutor-play-end".*?</section>', over["html"]).group(0)
    label = {"en": ">Review this game<", "de": ">Rückblick auf dieses Spiel<"}[lang]
    assert label in button(panel, "review") and "disabled" not in button(panel, "review")
    assert "tutor-play-end-note" not in panel
    address = act(session, "review")["state"]["go_to"]
    review = open_review(opened_link(address), lang)
    moves = len(played_moves(over["state"]))
    title = {"en": f"deal 8: your game of {moves} moves", "de": f"Spiel 8: dein Spiel mit {moves} Zügen"}[lang]
    assert title in review["html"]
    assert review["state"]["review"]["moves"] == moves and review["state"]["review"]["deal"] == "8"
    assert "tutor-review-note" not in review["html"]  # the link was whole
    assert review["state"]["review"]["running"] is False and review["state"]["review"]["stopped"] is False


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_too_long_for_a_link_is_said_so_and_kept(lang: str) -> None:
    """A game of more moves than a link holds: Review says so and changes nothing (no cut link);
    at the end the panel's button is off and the reason stands beside it."""
    moves = back_and_forth(MAX_LINK_CHARS)
    saved = {"game": "forty-thieves", "variant": "", "deal": "1", "moves": [[m] for m in moves], "counted": False}
    session, opened = open_play("forty-thieves", lang=lang, hash="deal=1", saved=saved)
    assert played_moves(opened["state"]) == moves
    answer = act(session, "review")
    assert answer["state"]["go_to"] is None and played_moves(answer["state"]) == moves
    said = {"en": "too long for a review link", "de": "zu lang"}[lang]
    assert said in answer["message"] and said in answer["html"]
    over = act(session, "give-up")
    panel = re.search(r'<section class="tutor-play-end".*?</section>', over["html"]).group(0)
    assert "disabled" in button(panel, "review") and "disabled" in button(controls(over["html"]), "review")
    note = re.search(r'<p class="tutor-play-end-note">(.*?)</p>', panel).group(1)
    assert said in note and str(MAX_LINK_CHARS).replace(",", "") in note.replace(".", "").replace(",", "")
    assert act(session, "review")["state"]["go_to"] is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_reviewed_while_it_goes_on_is_where_the_reader_stopped(lang: str) -> None:
    """Review beside Undo in the middle of a game that can still be won (the first moves of a
    winning line): the review page says so, names no turning point, and its board is where the
    reader stopped, not where a game ended."""
    from tutor.analysis.solve import WON, solve

    deal = 5
    found = solve(get_rules("fortunes-favour").deal(deal), time_limit=10)
    assert found.result == WON
    session, _ = open_play(hash=f"deal={deal}", lang=lang)
    for move in found.moves[:8]:
        act(session, "move", move=move)
    review = open_review(opened_link(act(session, "review")["state"]["go_to"]), lang)
    assert review["state"]["review"]["turning_point"] is None and review["state"]["review"]["moves"] == 8
    said = {"en": ("Where you stopped, the deal could still be won.",
                   "Where you stopped: the first move of a line that wins is marked"),
            "de": ("Dort, wo du aufgehört hast, war das Spiel noch zu gewinnen.",
                   "Wo du aufgehört hast: Der erste Zug eines Wegs, der gewinnt, ist markiert")}[lang]
    assert said[0] in review["html"] and said[1] in review["html"]
    assert "Where your game ended" not in review["html"] and "Hier endete dein Spiel" not in review["html"]
