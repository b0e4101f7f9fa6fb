"""The "your move" exercises (tutor/web/widgets/practice.py): every exercise replays from its real deal, its
answer is legal and no tip speaks against it, the tip's own coach function speaks on its
trap, the recorded solver effect is what the solver finds; each game has at least five, each
linked from its tip on both rules pages; the widget answers a wrong move with why, shows the
right one after a second miss, and keeps progress."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.analysis import coach
from tutor.analysis.solve import solve
from tutor.engine import IllegalMove
from tutor.engine.contract import tips_of
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES, Text, card_short
from tutor.lessons import all_exercises, exercises_of, first_exercise_for
from tutor.web.protocol import Session, build_html
from tutor.web.render import as_sentence
from tutor.web.widgets.course import with_lesson_parts
from tutor.web.widgets.practice import gives_away

ROOT = Path(__file__).resolve().parents[2]
GAMES = tuple(game_ids())
EXERCISES = all_exercises()


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_exercise_replays_and_the_tip_decides_it(exercise) -> None:
    position = exercise.position()
    assert not position.is_over()
    assert position.is_legal(exercise.answer), "the expected move must be legal"
    assert all(coach.judge(position, answer) == [] for answer in exercise.answers), (
        "the coach must agree with each answer")
    remark = coach.tip_function(exercise.game, exercise.tip)(position, coach.Move.parse(exercise.trap))
    assert remark is not None and remark.kind == coach.WARNING, "the tip's coach function must speak on the trap"
    assert coach.remark_for(position, exercise.trap, tip=exercise.tip).tip == exercise.tip
    # that the answers are every move the tip asks for and no tip speaks against: tests/games/test_exercises.py


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_recorded_effect_of_following_and_ignoring_the_tip(exercise) -> None:
    """The solver's verdict after the answer and after the trap, as recorded (``unknown``: not
    decided within the limit the data was made with, so only a decided verdict is checked)."""
    for move, recorded in zip((exercise.answer, exercise.trap), exercise.effect, strict=True):
        position = exercise.position()
        if not position.is_legal(move):
            assert recorded == "refused"
            continue
        position.play(move)
        if recorded == "unknown":
            continue
        found = solve(position, time_limit=3.0, node_limit=200_000)
        assert found.result == recorded, (move, found.result)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_five_exercises_beside_their_tips(game: str) -> None:
    """Each tip's exercises are on the rules page right after its worked example (``tasks: <game>
    tip-<n>``, the path's step: issue 23), so the learner answers them there; the page also links to
    the play page, whose practice holds them all."""
    assert len(exercises_of(game)) >= 5
    prefix = tips_of(game).PREFIX
    for lang in LANGUAGES:
        page = with_lesson_parts((ROOT / "docs" / lang / f"{game}.md").read_text(encoding="utf-8"))
        for tip in sorted({e.tip for e in exercises_of(game)}):
            example = page.index(f"scenario: {prefix}-tip-{tip}\n")
            here = f"tasks: {game} tip-{tip}\n"
            assert here in page, f"{lang}/{game}: the exercises of tip {tip} are not on the page"
            assert 0 < page.index(here) - example < 80, (
                f"{lang}/{game}: the exercises of tip {tip} are not beside its example")
        assert f"play-link: {game}\n" in page
        play_page = (ROOT / "docs" / lang / "play" / f"{game}.md").read_text(encoding="utf-8")
        assert f"practice: {game}\n" in play_page and f"play: {game}\n" in play_page


def _open(game: str, lang: str = "en", **start) -> tuple[Session, dict]:
    session = Session()
    assert session.handle({"widget": "p", "action": "open", "spec": f"practice: {game}", "lang": lang})["ok"]
    return session, _act(session, "start", **start)


def _act(session: Session, action: str, **fields) -> dict:
    response = session.handle({"widget": "p", "action": action, **fields})
    assert response["ok"], response["message"]
    return response


def test_fortunes_favour_has_three_exercises_per_tip() -> None:
    """Issue 23: each tip of the path has its worked example and at least three exercises."""
    tips = tips_of("fortunes-favour").TIP_TEXTS
    for number in range(1, len(tips) + 1):
        assert len([e for e in exercises_of("fortunes-favour") if e.tip == number]) >= 3, number


def test_a_remark_of_another_tip_quotes_that_tip() -> None:
    """A miss another tip speaks on (and whose remark does not give the answer away) gets that tip's
    remark with the tip quoted, since the goal quotes only the exercise's own."""
    found = next((exercise, move, remark) for exercise in EXERCISES for move in exercise.position().legal_moves()
                 if (remark := coach.remark_for(exercise.position(), move, tip=exercise.tip)) is not None
                 and remark.tip != exercise.tip and str(move) not in exercise.answers
                 and not gives_away(exercise.position(), exercise, move, remark.would))
    exercise, move, remark = found
    for lang in LANGUAGES:
        session, _ = _open(exercise.game, lang, hash=f"practice={exercise.id}")
        wrong = _act(session, "move", move=str(move))
        assert wrong["message"].startswith(Text("ui", "Not this one. {why}", why=remark.would_text()).render(lang))
        assert remark.tip_text().render(lang) in wrong["message"]


def test_wrong_then_wrong_then_right() -> None:
    """The first miss names the tip's idea, never the answer (the coach's remark on turning names the
    card that can still go home); the second shows the answer; solved after that, it is not counted."""
    exercise = first_exercise_for("fortunes-favour", 1)
    session, opened = _open("fortunes-favour", hash=f"practice={exercise.id}")
    assert opened["state"]["exercise"] == exercise.id
    position = exercise.position()
    answer_card = position.piles[exercise.answer.split("-")[0]][-1]
    wrong = _act(session, "move", move=exercise.trap)
    assert wrong["state"]["misses"] == 1
    assert wrong["message"] == f"Not this one. {exercise.idea().render('en')} Try once more."
    assert card_short(answer_card, "en") not in wrong["message"]
    assert session.widgets["p"][0].position.state_key() == position.state_key()
    again = _act(session, "move", move=exercise.trap)
    assert "The move tip 1 asks for" in again["message"] and 'class="tutor-arrow"' in again["html"]
    right = _act(session, "move", move=exercise.answer)
    assert right["state"]["solved"] and right["message"] == exercise.right(position, exercise.answer).render("en")
    assert right["message"].startswith("Right: The 3♣ goes to its foundation")
    assert right["state"]["saved"]["solved"] == []  # shown the answer first: not counted


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_move_gets_the_engines_reason_then_the_tips_and_the_answer(lang: str) -> None:
    """A move the engine refuses is a miss answered with the engine's own reason, in the page's
    language; the second miss (here the trap, allowed) gets the coach's remark and the answer."""
    exercise = first_exercise_for("fortunes-favour", 1)
    position = exercise.position()
    illegal = next(f"{a}-{b}" for a in position.piles for b in position.piles
                   if a.startswith("t") and b.startswith("t") and a != b and position.piles[a]
                   and not position.is_legal(f"{a}-{b}"))
    with pytest.raises(IllegalMove) as refusal:
        position.copy().play(illegal)
    session, _ = _open("fortunes-favour", lang, hash=f"practice={exercise.id}")
    wrong = _act(session, "move", move=illegal)
    reason = as_sentence(refusal.value.text.render(lang))
    idea = exercise.idea().render(lang)
    assert wrong["message"] == f"{reason} {idea} {Text('ui', 'Try once more.').render(lang)}"
    assert wrong["state"]["misses"] == 1 and not wrong["state"]["solved"]
    assert session.widgets["p"][0].position.state_key() == position.state_key()
    again = _act(session, "move", move=exercise.trap)
    remark = coach.remark_for(position, exercise.trap)
    # the trap is not made (the board stays), and its remark names the answer's card: the tip's idea
    assert again["message"].startswith(Text("ui", "Not this one. {why}", why=exercise.idea()).render(lang))
    assert remark.text.render(lang) not in again["message"]
    answer = Text("ui", "The move tip {number} asks for: {move}.", number=1,
                  move=position.describe(exercise.answer)).render(lang)
    assert again["message"].endswith(answer) and again["state"]["misses"] == 2
    right = _act(session, "move", move=exercise.answer)
    assert right["state"]["solved"] and right["state"]["exercise"] == exercise.id


def test_right_at_once_counts_and_progress_is_kept() -> None:
    exercise = first_exercise_for("queens-audience", 2)
    session, _ = _open("queens-audience", hash=f"practice={exercise.id}")
    refused = _act(session, "pick", pile="s")  # the engine refuses the turn: its reason names the pair, so not said
    idea = exercise.idea().render("en")
    assert refused["message"] == f"You may not turn up the next card here. {idea} Try once more."
    assert "Before turning the next card" not in refused["message"]  # the goal quotes the tip already
    source, target = exercise.answer.split("-")
    first, second = source.split("+")
    _act(session, "pick", pile=first)
    right = _act(session, "pick", pile=target)
    assert right["state"]["solved"]
    saved = right["state"]["saved"]
    assert saved == {"solved": [exercise.id]}
    _, reloaded = _open("queens-audience", hash="", saved=saved)
    assert reloaded["state"]["exercise"] != exercise.id  # the first one not yet solved
    assert "(solved)" in reloaded["html"]


@pytest.mark.parametrize("saved", ["x", {"solved": "ff"}, {"solved": ["nope"]}])
def test_damaged_progress_starts_again(saved) -> None:
    _, response = _open("fortunes-favour", hash="", saved=saved)
    assert "damaged" in response["message"] and response["state"]["saved"] == {"solved": []}


def test_unknown_exercise_in_the_hash() -> None:
    _, response = _open("fortunes-favour", hash="practice=nope")
    assert "There is no exercise" in response["message"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_build_time_widget(lang: str) -> None:
    html = build_html("practice: forty-thieves", lang, "tutor-2")
    assert re.search(r'<div [^>]*data-kind="practice"', html) and "data-pile=" in html


def test_a_double_click_and_a_drag_answer_as_two_picks_would() -> None:
    """Fewer clicks in practice too: `home` (a double-click or F) and `drop` (a drag) are the
    reader's answer, judged like any other; the board carries its legal moves for play.js."""
    import json
    from html import unescape

    from tutor.web.board_input import move_map

    exercise = next(e for e in all_exercises() if e.id == "ff-tip-4-b")  # the answer and the trap both go home
    session, opened = _open("fortunes-favour", hash=f"practice={exercise.id}")
    data = re.search(r'<div class="tutor-play-board" data-moves="([^"]*)">', opened["html"]).group(1)
    assert json.loads(unescape(data)) == move_map(exercise.position())
    trap_source = exercise.trap.split("-")[0]
    wrong = _act(session, "home", pile=trap_source)
    assert wrong["state"]["misses"] == 1 and "Not this one" in wrong["message"]
    source, target = exercise.answer.split("-")
    position = exercise.position()
    right = _act(session, "drop", pile=source, card=position.piles[source][-1].code, to=target)
    assert right["state"]["solved"] and right["message"].startswith("Right:")
    assert 'data-moves="{}"' in right["html"]  # solved: nothing left to move


@pytest.mark.parametrize("exercise", all_exercises(), ids=lambda e: e.id)
def test_a_wrong_move_is_answered_for_the_board_the_reader_sees(exercise) -> None:
    """Issue 24: "7♥ is now buried" was said while the board still showed the 7♥ on top of the
    waste. A wrong move is not made, so the coach's words are those for a move only tried."""
    session, _ = _open(exercise.game, "en", hash=f"practice={exercise.id}")
    position = exercise.position()
    answer = _act(session, "move", move=exercise.trap)
    remark = coach.remark_for(position, exercise.trap, tip=exercise.tip)
    assert session.widgets["p"][0].position.state_key() == position.state_key()
    if position.is_legal(exercise.trap):
        said = exercise.idea() if gives_away(position, exercise, exercise.trap, remark.would) else remark.would
        assert said.render("en") in answer["message"]
        if remark.would.render("en") != remark.text.render("en"):
            assert remark.text.render("en") not in answer["message"]



def test_trying_again_after_the_answer_was_shown_does_not_count_it_solved() -> None:
    """Two misses show the answer; "Try this one again" gives the board back but keeps the misses,
    so playing the shown answer is still not counted (as it is not without the retry)."""
    exercise = first_exercise_for("fortunes-favour", 1)
    session, _ = _open("fortunes-favour", hash=f"practice={exercise.id}")
    _act(session, "move", move=exercise.trap)
    shown = _act(session, "move", move=exercise.trap)
    assert "The move tip 1 asks for" in shown["message"]
    retried = _act(session, "retry")
    assert retried["state"]["misses"] == 2
    right = _act(session, "move", move=exercise.answer)
    assert right["state"]["solved"] and right["state"]["saved"]["solved"] == []
