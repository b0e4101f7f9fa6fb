"""The review page's engine side (tutor/web/widgets/review.py), through the requests the page sends:
``start`` with the address's hash, ``continue`` while the answer asks for it, Stop and Go on, the
turning point drawn with the winning move marked and stepped through to a won board, the tips a game
broke linked to their examples, and every bad link said in the page's language."""

from __future__ import annotations

import random
import re
import time

import pytest

from tutor.analysis.players import played_game
from tutor.analysis.solve import WON, solve_state
from tutor.engine import get_rules
from tutor.engine.lean import kernel_for
from tutor.engine.registry import game_ids
from tutor.games.forty_thieves import tips as ft_tips
from tutor.games.forty_thieves.chances import ExpertChances
from tutor.i18n import LANGUAGES
from tutor.web.protocol import Session, build_html
from tutor.web.review_link import encode_moves, review_hash
from tutor.web.widgets import review as review_widget

GAME = "fortunes-favour"


def lost_game(deal_from: int = 1, seed: int = 27) -> tuple[int, list[str]]:
    """A game of Fortune's Favour lost by random play on a deal the search wins."""
    rules = get_rules(GAME)
    kernel = kernel_for(rules)
    rng = random.Random(seed)
    deal = deal_from
    while True:
        if solve_state(kernel, kernel.deal(deal), 5, None, time.process_time).result == WON:
            position, moves = rules.deal(deal), []
            while not position.is_over():
                moves.append(str(position.play(rng.choice(position.legal_moves()))))
            if not position.is_won():
                return deal, moves
        deal += 1


DEAL, MOVES = lost_game()
LINK = "#" + review_hash(GAME, DEAL, "", get_rules(GAME).deal(DEAL), MOVES)


def small_expert(board) -> ExpertChances:
    """Forty Thieves' fair chances with a small expert: the widget's tests are about the page, not the figures."""
    return ExpertChances(board, expansions=60, endgame_expansions=300)


def act(session: Session, action: str, **fields) -> dict:
    answer = session.handle({"widget": "r", "action": action, **fields})
    assert answer["ok"], answer["message"]
    return answer


def open_review(link: str, lang: str = "en") -> tuple[Session, dict, list[dict]]:
    """Open the widget, start it with ``link`` and answer ``continue`` as the page does: the
    session, the last answer and every answer."""
    session = Session()
    act(session, "open", spec="review: link", lang=lang)
    answers = [act(session, "start", link=link)]
    while answers[-1]["continue"]:
        answers.append(act(session, "continue"))
    return session, answers[-1], answers


def test_the_page_as_built_explains_and_links_the_play_pages():
    html = build_html("review: link", "de", "r")
    assert 'data-kind="review"' in html and 'data-state="static"' in html
    assert all(f'href="../{game}/"' in html for game in game_ids())
    assert "Rückblick" in html


def test_a_lost_game_shows_its_turning_point_and_steps_through_the_winning_line():
    session, answer, answers = open_review(LINK)
    state = answer["state"]["review"]
    assert state["decided"] == state["positions"] == len(MOVES) + 1 and not state["running"]
    index = state["turning_point"]
    assert index is not None
    widget = session.widgets["r"][0]
    point = widget.review.turning_point
    html = answer["html"]
    assert f"The turning point: your move {index + 1}." in html
    alternative = get_rules(GAME).deal(DEAL)
    for move in MOVES[:index]:
        alternative.play(move)
    move = alternative.canonical(point.alternative)
    assert re.search(rf'class="tutor-arrow[^"]*" data-from="{move.src}" data-to="{move.dst}"', html)
    assert f"Step 1 of {len(point.line)}" in html
    assert answer["message"].startswith(f"The turning point: your move {index + 1}.")  # said once, when done
    # Next through the whole line: the last board is won, and Next is then disabled
    for _ in range(len(point.line)):
        answer = act(session, "line-next")
    assert answer["state"]["review"]["step"] == len(point.line)
    assert "Every card is home" in answer["html"] and 'data-action="line-next" disabled' in answer["html"]
    assert answer["message"] == "Every card is home: the deal is won."
    answer = act(session, "line-back")
    assert answer["message"].startswith(f"Step {len(point.line)} of {len(point.line)}:")
    assert act(session, "line-start")["state"]["review"]["step"] == 0


def test_the_positions_and_the_tips_are_listed_with_links():
    session, answer, _ = open_review(LINK, lang="de")
    html = answer["html"]
    assert '<li data-verdict="won">Zu Beginn und nach den Zügen 1 bis' in html
    assert '<li data-verdict="lost">Nach den Zügen' in html
    review = session.widgets["r"][0].review
    assert review.tip_breaks
    for tip in {b.remark.tip for b in review.tip_breaks}:
        assert f'href="../../fortunes-favour/#lesson-tip-{tip}"' in html
    assert f'href="../fortunes-favour/#deal={DEAL}"' in html
    assert "solver" not in html.lower() and "Löser" not in html


def test_the_review_runs_in_chunks_and_can_be_stopped_and_resumed(monkeypatch):
    monkeypatch.setattr(review_widget, "CHUNK_SECONDS", 0.0)  # one search per request
    session = Session()
    act(session, "open", spec="review: link", lang="en")
    answer = act(session, "start", link=LINK)
    assert answer["continue"] and answer["message"] == ""
    assert '<progress class="tutor-review-bar"' in answer["html"] and 'data-action="stop"' in answer["html"]
    assert 'data-run="running"' in answer["html"]
    stopped = act(session, "stop")
    assert not stopped["continue"] and 'data-run="stopped"' in stopped["html"]
    assert 'data-action="resume"' in stopped["html"] and stopped["message"].startswith("The review was stopped")
    answers = [act(session, "resume")]
    while answers[-1]["continue"]:
        answers.append(act(session, "continue"))
    decided = [a["state"]["review"]["decided"] for a in answers]
    assert decided == sorted(decided) and decided[-1] == len(MOVES) + 1
    assert answers[-1]["state"]["review"]["turning_point"] is not None
    assert sum(1 for a in answers if a["message"]) == 1  # the review is said once, when it ends


@pytest.mark.parametrize(("link", "english", "german"), [
    ("#game=nope&deal=1", "The link could not be used: there is no game \"nope\"",
     "Der Link ließ sich nicht verwenden"),
    ("#game=fortunes-favour&deal=x", "\"x\" is not a deal number", "keine Spielnummer"),
])
def test_a_link_that_cannot_be_used_is_said_in_the_pages_language(link, english, german):
    for lang, words in (("en", english), ("de", german)):
        _, answer, _ = open_review(link, lang)
        assert words in answer["message"] and answer["state"]["review"] is None
        assert 'class="tutor-review-note tutor-refused"' in answer["html"]


def test_the_page_without_a_link_explains_itself_without_a_complaint():
    for lang in LANGUAGES:
        _, answer, _ = open_review("", lang)
        assert answer["message"] == "" and answer["state"]["review"] is None
        assert "tutor-review-note" not in answer["html"] and 'class="tutor-review-intro"' in answer["html"]


def test_a_corrupt_link_opens_the_deal_and_keeps_the_moves_up_to_the_bad_one():
    code = encode_moves(get_rules(GAME).deal(DEAL), MOVES)
    link = f"#game={GAME}&deal={DEAL}&moves={code[:20]}!{code[21:]}"
    session, answer, _ = open_review(link)
    assert answer["state"]["review"]["moves"] == 20 and answer["state"]["review"]["deal"] == str(DEAL)
    assert answer["message"].startswith("The link could not be used whole: move 21 of the link cannot be read")
    assert "your game of 20 moves" in answer["html"]
    _, german, _ = open_review(link, "de")
    assert german["message"].startswith("Der Link ließ sich nicht ganz verwenden: Zug 21 im Link ist nicht lesbar")


def test_a_link_longer_than_a_field_reaches_the_review():
    long_link = f"#game={GAME}&deal={DEAL}&moves=" + "A" * 1000  # far beyond the 200 characters of other fields
    _, answer, _ = open_review(long_link)
    assert answer["state"]["review"] is not None


def test_a_forty_thieves_game_without_a_turning_point_steps_through_the_line_it_found(monkeypatch):
    """Issue 40: the tips player's game of deal 1, given up after 124 moves, its later positions
    left undecided (a short budget here): the board shows the last position known to be winnable and
    steps through the line found from it to a won board; the finished review names no position as
    "not looked at yet" and offers Go on; the fair chance is drawn beside the exact verdicts."""
    monkeypatch.setattr(review_widget, "REVIEW_SECONDS", 0.3)
    monkeypatch.setattr(review_widget, "REVIEW_SAMPLES", 1)
    monkeypatch.setattr(review_widget, "REVIEW_MAX_SAMPLES", 2)
    monkeypatch.setattr(ft_tips, "fair_chances", small_expert)
    rules = get_rules("forty-thieves")
    moves = played_game("forty-thieves", 1, moves=124)
    link = "#" + review_hash("forty-thieves", 1, "", rules.deal(1), moves)
    session, answer, _ = open_review(link)
    state = answer["state"]["review"]
    index = state["winning_line_from"]
    assert state["turning_point"] is None and index is not None and not state["running"] and state["left_open"]
    html = answer["html"]
    assert "A line that wins, from the last position known to be winnable" in html
    assert f"Before your move {index + 1}: the first move of a line that wins is marked" in html
    assert "not looked at yet" not in html and 'data-action="resume"' in html
    # beside the exact verdicts: the fair chance over the game, as a chart, and what it found
    chances = session.widgets["r"][0].review.chances
    assert chances.finished and state["chances"]["costly"] == [move.index for move in chances.costly_moves()]
    assert '<svg class="tutor-chart tutor-chance-chart"' in html and "Your chance to win, move by move" in html
    assert html.count('class="tutor-chance-costly"') == len(chances.costly_moves())
    assert "McNemar" in html and "means: by someone who knew every face-down card." in html
    line = session.widgets["r"][0].review.winning_line()[1]
    for _ in line:
        answer = act(session, "line-next")
    assert answer["message"] == "Every card is home: the deal is won."
    german = session.widgets["r"][0].body_html("de", True, "r")
    assert "noch nicht geprüft" not in german and 'data-action="resume"' in german and "Gewinnchance" in german
    answer = act(session, "resume")
    assert answer["state"]["review"]["running"] or answer["state"]["review"]["decided"] > state["decided"]


def test_a_forty_thieves_review_shows_what_the_reader_sees_soonest_first(monkeypatch):
    """Issue 40's order: the provisional chart, then the fair player's winning line, then the costly
    moves, all before the first search (each may take the whole budget). The tips player's game of
    deal 1, given up after 120 moves: the fair player wins from a position of it."""
    monkeypatch.setattr(review_widget, "REVIEW_SECONDS", 0.05)
    monkeypatch.setattr(review_widget, "REVIEW_SAMPLES", 1)
    monkeypatch.setattr(review_widget, "REVIEW_MAX_SAMPLES", 2)
    rules = get_rules("forty-thieves")
    moves = played_game("forty-thieves", 1, moves=120)
    session = Session()
    act(session, "open", spec="review: link", lang="en")
    answer = act(session, "start", link="#" + review_hash("forty-thieves", 1, "", rules.deal(1), moves))
    review = session.widgets["r"][0].review
    seen = []  # after each answer: (searches, chart whole, line shown, chances finished)
    while True:
        seen.append((review.searches, not review.chances.provisional, answer["state"]["review"]["winning_line_from"]
                     is not None, review.chances.finished))
        # the page marks how far it is (bench_ft_review.py times the marks in Chromium)
        assert ('data-sampled="yes"' in answer["html"]) == (not review.chances.provisional)
        assert ('data-costly-final="yes"' in answer["html"]) == review.chances.costly_final
        if not answer["continue"]:
            break
        answer = act(session, "continue")
    first_search = next(i for i, (searches, *_) in enumerate(seen) if searches)
    chart = next(i for i, (_, whole, _, _) in enumerate(seen) if whole)
    line = next(i for i, (_, _, shown, _) in enumerate(seen) if shown)
    costly = next(i for i, (*_, finished) in enumerate(seen) if finished)
    assert chart <= line <= costly < first_search


def test_the_chances_run_in_chunks_and_can_be_stopped_and_resumed(monkeypatch):
    """A Forty Thieves review: the chart is drawn as it is worked out (dashed, provisional), Stop
    stops the chances too, and Go on takes them up again to the end."""
    monkeypatch.setattr(review_widget, "REVIEW_SECONDS", 0.05)
    monkeypatch.setattr(review_widget, "REVIEW_SAMPLES", 1)
    monkeypatch.setattr(review_widget, "REVIEW_MAX_SAMPLES", 2)
    monkeypatch.setattr(ft_tips, "fair_chances", small_expert)
    monkeypatch.setattr(review_widget, "CHUNK_SECONDS", 0.0)
    rules = get_rules("forty-thieves")
    moves = played_game("forty-thieves", 11, moves=30)
    link = "#" + review_hash("forty-thieves", 11, "", rules.deal(11), moves)
    session = Session()
    act(session, "open", spec="review: link", lang="de")
    answer = act(session, "start", link=link)
    assert answer["continue"] and 'class="tutor-review-chances" data-run="running"' in answer["html"]
    stopped = act(session, "stop")
    assert not stopped["continue"] and 'data-action="resume"' in stopped["html"]
    assert stopped["state"]["review"]["chances"]["stopped"]
    answers = [act(session, "resume")]
    while answers[-1]["continue"]:
        answers.append(act(session, "continue"))
    assert 'class="tutor-review-chances" data-run="done"' in answers[-1]["html"]
    assert "stroke-dasharray=\"4 3\"" not in answers[-1]["html"] and "Gewinnchance" in answers[-1]["html"]
