"""The tasks widget (tutor/web/widgets/tasks.py, task_view.py, task_items.py) and the path
(tutor/web/widgets/path.py, tutor/web/progress.py), through the page's door (Session): no answer in
the page before the learner asks; right, allowed-but-wrong and refused answers; "Show me" after two
misses; every kind of task; the tips' exercises; progress records kept, read back, corrupt ones set
aside; the path's steps, its reset, the home page's line."""

from __future__ import annotations

import json
import re

import pytest

from tutor.engine import Move
from tutor.engine.contract import tips_of
from tutor.i18n import LANGUAGES, Text, card_short
from tutor.lessons import exercises_of
from tutor.tasks import get_task, tasks_of
from tutor.tasks.kinds import FIND_ALL, MAKE_MOVE
from tutor.web.board_input import refusal
from tutor.web.progress import Record, key_of, record_text, set_aside_text
from tutor.web.protocol import Session, build_html
from tutor.web.render import as_sentence
from tutor.web.widgets.task_items import path_steps


def open_tasks(spec: str, lang: str = "en", records: dict | None = None) -> tuple[Session, dict]:
    session = Session()
    assert session.handle({"widget": "t", "action": "open", "spec": spec, "lang": lang})["ok"]
    return session, act(session, "start", records=records or {})


def act(session: Session, action: str, **fields) -> dict:
    response = session.handle({"widget": "t", "action": action, **fields})
    assert response["ok"], response["message"]
    return response


def pick(session: Session, *piles: str) -> dict:
    """Picks as the page sends them: each pile with its top card (the card under the pointer)."""
    response = None
    for pile in piles:
        position = session.widgets["t"][0].position
        cards = position.piles[pile]
        response = act(session, "pick", pile=pile, card=cards[-1].code if cards else None)
    return response


def move_to(session: Session, move: str) -> dict:
    parsed = Move.parse(move)
    if parsed.src == "s":
        return pick(session, "s")
    return pick(session, parsed.src, parsed.dst)


def opened_on(spec: str, task_id: str, lang: str = "en") -> tuple[Session, dict]:
    session, response = open_tasks(spec, lang)
    widget = session.widgets["t"][0]
    index = next(i for i, item in enumerate(widget.items) if item.id == task_id)
    return session, act(session, "choose", choice=str(index))


def answer_free(html: str, task) -> list[str]:
    """What of the answer a page's HTML gives away (nothing, before the learner asks)."""
    found = []
    for answer in task.answers:
        if re.search(rf"\b{re.escape(answer)}\b", html):
            found.append(f"the notation {answer}")
    for marker in ("data-move", "tutor-legal", 'data-action="move"', "tutor-arrow-refused", "tutor-fits"):
        if marker in html:
            found.append(marker)
    position = task.position()
    outside_goal = re.sub(r'<p class="tutor-task-goal">.*?</p>', "", html)  # the goal may name the action asked
    for lang in LANGUAGES:
        for answer in task.answers:
            if task.kind in (MAKE_MOVE, FIND_ALL) and position.describe(answer).render(lang) in outside_goal:
                found.append(f"the answer's sentence ({lang})")
    arrows = re.findall(r'class="tutor-arrow[^"]*" data-from="(\w+)" data-to="(\w+)"', html)
    trigger = Move.parse(task.trigger) if task.trigger else None
    if any(trigger is None or (src, dst) != (trigger.src, trigger.dst) for src, dst in arrows):
        found.append("an arrow")
    return found


# --- no answer in the page ---------------------------------------------------------------------------

@pytest.mark.parametrize("task_id", [task.id for task in tasks_of("fortunes-favour")])
def test_no_answer_is_in_the_page_before_the_learner_asks(task_id):
    """Issue 23: the built page and the live task carry no move, no list of moves, no mark of the
    answer (a what-next task shows only its trigger, as a guide shows a move)."""
    task = get_task(task_id)
    spec = f"tasks: {task.game} {task.section}"
    for lang in LANGUAGES:
        static = build_html(spec, lang, "w")
        if f'data-task="{task_id}"' in static:
            assert answer_free(static, task) == []
            assert "tutor-task-ready" in static and 'data-task-state="ready"' in static
        session, opened = opened_on(spec, task_id, lang)
        assert f'data-task="{task_id}"' in opened["html"] and answer_free(opened["html"], task) == []
        assert 'tabindex="0"' in opened["html"]  # the board is live: one Tab stop, like every board


def test_the_static_task_shows_its_position_and_question_and_says_the_board_is_getting_ready():
    html = build_html("tasks: fortunes-favour terms", "de", "w")
    task = tasks_of("fortunes-favour", "terms")[0]
    assert as_sentence(task.said(task.goal).render("de")) in html
    assert "Einen Moment, gleich kannst du antworten." in html
    assert 'class="tutor-task-live tutor-visually-hidden" aria-live="polite"' in html
    assert 'data-task-state="ready"' in html and 'tabindex="-1" role="button"' not in html


# --- answers -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_right_at_the_first_try_plays_the_move_in_beats_says_why_and_records_it(lang):
    task = get_task("ff-terms-build")
    session, _ = open_tasks("tasks: fortunes-favour terms", lang)
    right = move_to(session, task.answers[0])
    assert right["state"]["task_state"] == "solved" and 'data-task-state="solved"' in right["html"]
    assert right["message"] == as_sentence(task.said(task.right).render(lang))
    assert "3♠" in right["message"]  # the card read from the board, not typed in
    assert right["state"]["store"] == {key_of(task.id): record_text(Record(solved=True))}
    beats = re.findall(r'<div class="tutor-task-beat">(.*?)</figure></div>', right["html"], re.S)
    assert len(beats) == 2  # the 3♠ onto the 4♠, then the stock filling its space
    assert 'data-from="t12" data-to="t4"' in beats[0] and "data-moving" in beats[0]
    assert "tutor-arrow-forced" in beats[1]
    after = task.position()
    after.play(task.answers[0])
    assert session.widgets["t"][0].position.state_key() == after.state_key()
    nxt = act(session, "next")
    assert nxt["state"]["task"] == tasks_of("fortunes-favour", "terms")[1].id and "tutor-task-beat" not in nxt["html"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_legal_wrong_move_is_allowed_but_and_the_position_goes_back(lang):
    task = get_task("ff-terms-build")
    session, _ = open_tasks("tasks: fortunes-favour terms", lang)
    wrong = pick(session, "s")  # the stock turns: allowed, not the build, and said of the stock
    assert wrong["message"].startswith(as_sentence(Text("fortunes-favour", "You may turn up the next card of the "
                                                                           "stock.").render(lang)))
    said = task.not_the_answer(task.position(), Move.parse("s-w"))
    assert wrong["message"] == " ".join(as_sentence(text.render(lang)) for text in said)
    assert wrong["state"]["task_state"] == "ready" and wrong["state"]["misses"] == 1
    assert wrong["state"]["store"] == {key_of(task.id): record_text(Record(misses=1))}  # the miss is kept
    assert session.widgets["t"][0].position.state_key() == task.position().state_key()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_forbidden_move_gets_the_rules_own_sentence_and_a_link_to_its_section(lang):
    task = get_task("ff-terms-build")
    session, _ = open_tasks("tasks: fortunes-favour terms", lang)
    position = task.position()
    refused = pick(session, "t12", "t9")  # the 3♠ onto the 5♥
    reason = refusal(position, "t12-t9")
    assert refused["message"] == as_sentence(reason.render(lang))
    assert '<p class="tutor-task-rule"><a href="#playing">' in refused["html"]
    assert {"en": "Read the rule: Playing", "de": "Zur Regel: Spielablauf"}[lang] in refused["html"]
    assert 'tutor-arrow-refused" data-from="t12" data-to="t9"' in refused["html"]
    assert session.widgets["t"][0].position.state_key() == position.state_key()


def test_show_me_comes_after_two_misses_marks_the_answer_and_then_counts_as_help():
    """Each miss and "Show me" is stored as it happens (a reload keeps them), the solve with help last."""
    task = get_task("ff-terms-build")
    session, _ = open_tasks("tasks: fortunes-favour terms")
    assert not session.handle({"widget": "t", "action": "show"})["ok"]  # not before two misses
    once = pick(session, "s")
    assert 'data-action="show"' not in once["html"]
    assert once["state"]["store"] == {key_of(task.id): record_text(Record(misses=1))}
    twice = pick(session, "t12", "t9")
    assert 'data-action="show"' in twice["html"] and "You can ask to be shown the answer now." in twice["message"]
    shown = act(session, "show")
    assert shown["state"]["store"] == {key_of(task.id): record_text(Record(misses=2, shown=True))}
    assert 'class="tutor-arrow" data-from="t12" data-to="t4"' in shown["html"] and "data-moving" in shown["html"]
    assert 'data-action="show"' not in shown["html"]
    assert once["state"]["shown_pile"] is None and shown["state"]["shown_pile"] == Move.parse(task.answers[0]).src
    right = move_to(session, task.answers[0])
    assert json.loads(right["state"]["store"][key_of(task.id)]) == {"v": 2, "solved": True, "misses": 2, "shown": True}
    assert right["state"]["shown_pile"] is None  # solved: nothing is marked any more


def test_find_all_marks_each_answer_found_and_plays_them_all_at_the_end():
    task = get_task("ff-setup-twos")
    session, _ = opened_on("tasks: fortunes-favour setup", task.id)
    first = move_to(session, task.answers[0])
    assert first["message"] == "Yes, the 2♦ can go there: 1 of 3 found." and first["state"]["task_state"] == "ready"
    assert 'data-from="t2" data-to="f2"' in first["html"]
    assert move_to(session, task.answers[0])["message"] == "You have found that one already."
    wrong = pick(session, "t1", "t4")  # the Q♥ onto the K♥: allowed, but no card for an Ace
    assert wrong["message"].startswith("You may move the Q♥ onto the K♥. But the task is to find the cards")
    move_to(session, task.answers[1])
    done = move_to(session, task.answers[2])
    assert done["state"]["task_state"] == "solved" and done["message"].startswith("Right: only a Two")
    assert len(re.findall(r'class="tutor-task-beat"', done["html"])) >= 3


@pytest.mark.parametrize("task_id,first_pick", [("ff-terms-suit", None), ("ff-setup-aces", "f4"),
                                                 ("ff-winning-lost", "s")])
def test_spot_illegal_is_solved_by_the_refused_move_with_the_rules_words(task_id, first_pick):
    task = get_task(task_id)
    session, _ = opened_on(f"tasks: fortunes-favour {task.section}", task_id)
    position = task.position()
    answer = next(answer for answer in task.answers if first_pick in (None, Move.parse(answer).src))  # the pick's own
    response = pick(session, first_pick) if first_pick else move_to(session, answer)
    reason = refusal(position, answer)
    assert response["state"]["task_state"] == "solved"
    assert response["message"] == " ".join([as_sentence(reason.render("en")),
                                            as_sentence(task.said(task.right).render("en"))])
    assert session.widgets["t"][0].position.state_key() == position.state_key()  # nothing moved


def test_spot_illegal_answers_a_legal_move_with_allowed():
    task = get_task("ff-terms-suit")
    session, _ = opened_on("tasks: fortunes-favour terms", task.id)
    legal = pick(session, "t6", "t3")
    said = task.not_the_answer(task.position(), Move.parse("t6-t3"))
    assert legal["message"] == " ".join(as_sentence(text.render("en")) for text in said)
    assert legal["message"].startswith("You may move the 10♥ onto the J♥.") and legal["state"]["misses"] == 1


def test_what_next_is_answered_by_picking_the_card_that_fills_the_space():
    task = get_task("ff-playing-fill-waste")
    session, opened = opened_on("tasks: fortunes-favour playing", task.id)
    assert 'class="tutor-arrow" data-from="t10" data-to="f4"' in opened["html"]  # the trigger, shown as a move
    wrong = pick(session, "s")  # the stock: no card of it shows
    assert wrong["message"] == "Not that one. " + as_sentence(task.said(task.wrong).render("en"))
    assert wrong["state"]["task_state"] == "ready"
    named = pick(session, "t1")
    assert named["message"].startswith(f"Not the {card_short(task.position().piles['t1'][-1], 'en')}. ")
    shown = act(session, "show")  # the card that moves next is marked: the page puts the keyboard on it
    assert shown["state"]["shown_pile"] == Move.parse(task.answers[0]).src == "w"
    right = pick(session, "w")
    assert right["state"]["task_state"] == "solved"
    assert right["message"] == as_sentence(task.said(task.right).render("en"))
    assert "tutor-arrow-forced" in right["html"] and 'data-from="w" data-to="t10"' in right["html"]


def test_a_tips_exercises_are_judged_as_practice_judges_them():
    from tutor.lessons import exercises_of

    exercise = [e for e in exercises_of("fortunes-favour") if e.tip == 1][0]
    session, opened = open_tasks("tasks: fortunes-favour tip-1")
    assert f'data-task="{exercise.id}"' in opened["html"] and "Find the move that tip 1 asks for" in opened["html"]
    trap = move_to(session, exercise.trap)
    assert trap["message"].startswith("Not this one.")
    assert tips_of("fortunes-favour").TIP_TEXTS[0].render("en") not in trap["message"]  # the goal quotes it
    right = move_to(session, exercise.answer)
    assert right["message"] == exercise.right(exercise.position(), exercise.answer).render("en")
    assert right["message"].startswith("Right: The ") and right["state"]["task_state"] == "solved"
    assert 'data-action="next">Next exercise<' in right["html"] and "Next task" not in right["html"]


def test_an_exercise_with_several_right_moves_says_the_move_played_is_one_of_them():
    from tutor.lessons import exercises_of

    exercise = [e for e in exercises_of("forty-thieves") if e.tip == 6][0]
    assert exercise.also
    session, opened = open_tasks("tasks: forty-thieves tip-6")
    assert "Find a move that tip 6 asks for" in opened["html"]
    right = move_to(session, exercise.also[0])
    assert right["message"] == exercise.right(exercise.position(), exercise.also[0]).render("en")
    assert right["state"]["task_state"] == "solved"


# --- progress --------------------------------------------------------------------------------------

def test_records_read_back_open_the_first_unsolved_task_and_mark_the_solved():
    first, second = tasks_of("fortunes-favour", "terms")[:2]
    records = {key_of(first.id): json.dumps({"v": 1, "solved": True, "first_try": True}),
               key_of(second.id): "{cut off"}  # corrupt: counts as not solved, reported and kept aside
    session, opened = open_tasks("tasks: fortunes-favour terms", records=records)
    assert opened["state"]["task"] == second.id and "1 (solved)" in opened["html"]
    assert "Solved 1 of 3: 1 at the first attempt<" in opened["html"]
    assert opened["state"]["set_aside"] == [key_of(second.id)]  # before a miss is stored over it
    # said once by the page, where the record is moved (protocol's aside_notice), not in the task's answer
    assert opened["aside_notice"] == set_aside_text(1).render("en") and opened["message"] == ""


def test_the_path_lists_its_steps_reports_corrupt_records_and_resets():
    first = tasks_of("fortunes-favour", "terms")[0]
    records = {key_of(task.id): json.dumps({"v": 1, "solved": True, "first_try": task.id != first.id})
               for task in tasks_of("fortunes-favour", "terms")}
    records[key_of("ff-setup-twos")] = json.dumps({"v": 3, "solved": True})  # another version's
    records["tutor-progress:ff-gone"] = "{}"  # an id of the game's prefix it does not know: kept aside
    records["tutor-progress:zz-other"] = "{}"  # no game's prefix: no game's to judge, left alone
    session = Session()
    assert session.handle({"widget": "t", "action": "open", "spec": "path: fortunes-favour", "lang": "de"})["ok"]
    started = act(session, "start", records=records, play_stats=json.dumps({"": {"played": 1, "won": 0}}))
    assert started["state"]["set_aside"] == [key_of("ff-setup-twos"), "tutor-progress:ff-gone"]
    assert started["aside_notice"].startswith("2 gespeicherte Einträge deines Fortschritts ließen sich nicht lesen")
    html = started["html"]
    # its example not yet stepped through: not done, the next step
    assert '<li class="tutor-path-step" data-step="terms" data-done="false" data-next="true">' in html
    assert "3 von 3 gelöst: 2 auf Anhieb und 1 mit Hilfe" in html
    records[key_of("ff-terms")] = record_text(Record(solved=True))  # its example stepped through
    html = act(session, "refresh", records=records, play_stats=json.dumps({"": {"played": 1, "won": 0}}))["html"]
    assert '<li class="tutor-path-step" data-step="terms" data-done="true">' in html
    assert 'data-step="setup" data-done="false"' in html and 'data-step="play" data-done="true"' in html
    # in the page's order: the tips stand before the variants
    assert html.index('data-step="tip-1"') < html.index('data-step="variants"') < html.index('data-step="play"')
    assert 'href="#lesson-tip-1"' in html and 'href="../play/fortunes-favour/"' in html
    asked = act(session, "ask-reset")
    assert 'data-action="reset"' in asked["html"] and asked["state"]["remove"] == []
    reset = act(session, "reset")
    assert set(reset["state"]["remove"]) >= {key_of(task.id) for task in tasks_of("fortunes-favour")}
    assert 'data-done="true"' not in reset["html"].replace('data-step="play" data-done="true"', "")


def test_the_home_pages_line_counts_tasks_and_exercises():
    session = Session()
    assert session.handle({"widget": "t", "action": "open", "spec": "progress: fortunes-favour", "lang": "en"})["ok"]
    task = tasks_of("fortunes-favour")[0]
    line = act(session, "start", records={key_of(task.id): json.dumps({"v": 1, "solved": True, "first_try": False})})
    count = len(tasks_of("fortunes-favour"))
    assert (f"Your progress: 0 of {len(path_steps('fortunes-favour'))} steps done. You have stepped through 0 of "
            f"{sum(len(step.examples) for step in path_steps('fortunes-favour'))} examples. You have solved 1 of "
            f"{count} tasks and 0 of 12 exercises: 1 with help."
            in line["html"])
    assert 'href="fortunes-favour/#path"' in line["html"]
    static = build_html("progress: queens-audience", "de", "q")
    assert "6 Übungen zum Spielen." in static


def test_bad_requests_change_nothing():
    session, _ = open_tasks("tasks: fortunes-favour terms")
    for fields in ({"action": "pick", "pile": "t99"}, {"action": "choose", "choice": "9"}, {"action": "nope"}):
        assert not session.handle({"widget": "t", **fields})["ok"]
    assert session.widgets["t"][0].item.id == tasks_of("fortunes-favour", "terms")[0].id
    for spec in ("tasks: fortunes-favour", "tasks: fortunes-favour nowhere", "tasks: nope terms", "path: nope"):
        response = Session().handle({"widget": "x", "action": "open", "spec": spec, "lang": "en"})
        assert not response["ok"] and "\n" not in response["message"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pair_found_is_named_with_its_partner(lang):
    """Queen's Audience: a King picked and dropped on a place in the audience chamber enters with its
    Queen, and the answer names both (the pair is one move)."""
    session, _ = opened_on("tasks: queens-audience setup", "qa-setup-enter", lang)
    position = session.widgets["t"][0].position
    found = pick(session, "r9", "k3")  # any empty place: the pair goes to its suit's
    expected = Text("ui", "Yes, the {card} and the {partner} can go there together: {found} of {count} found.",
                    card=position.piles["r9"][-1], partner=position.piles["r12"][-1], found=1, count=2)
    assert found["message"] == as_sentence(expected.render(lang)) and found["state"]["task_state"] == "ready"
    done = pick(session, "r1", "j1")
    assert done["state"]["task_state"] == "solved"
    assert done["message"].startswith(as_sentence(get_task("qa-setup-enter").said(get_task("qa-setup-enter").right)
                                                  .render(lang)))


def test_trying_again_after_a_miss_does_not_make_the_answer_a_first_attempt():
    """"Try again" after a miss gives the board back, not a clean sheet: the answer then counts as
    solved after a miss, as it would without the retry. After the task is solved, it starts afresh."""

    exercise = [e for e in exercises_of("forty-thieves") if e.tip == 9][0]
    session, _ = open_tasks("tasks: forty-thieves tip-9")
    missed = move_to(session, exercise.trap)
    assert missed["state"]["misses"] == 1
    retried = act(session, "retry")
    assert retried["state"]["misses"] == 1 and retried["state"]["task_state"] == "ready"
    act(session, "choose", choice="1")  # another task and back: the miss still counts
    assert act(session, "choose", choice="0")["state"]["misses"] == 1
    right = move_to(session, exercise.answer)
    assert right["state"]["task_state"] == "solved"
    assert list(right["state"]["store"].values()) == [record_text(Record(solved=True, misses=1))]
    again = act(session, "retry")  # solved: the task starts afresh
    assert again["state"]["misses"] == 0 and again["state"]["task_state"] == "ready"


@pytest.mark.parametrize("spec", ["tasks: fortunes-favour terms", "path: fortunes-favour", "progress: queens-audience"])
def test_open_draws_nothing_the_start_draws(spec):
    """The page (tasks.js) draws these widgets from the answer to start, so open answers without
    HTML (drawing it would repeat the build-time picture; issue 44); a deal still draws on open."""
    session = Session()
    opened = session.handle({"widget": "t", "action": "open", "spec": spec, "lang": "en"})
    assert opened["ok"] and opened["html"] == ""
    assert act(session, "start", records={})["html"].strip()
    deal = Session().handle({"widget": "d", "action": "open", "spec": "deal: fortunes-favour 1", "lang": "en"})
    assert deal["ok"] and "data-action" in deal["html"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_button_after_a_solved_exercise_says_next_exercise_and_after_a_task_next_task(lang):
    """Under "Exercise 1 of 3" the way on is "Next exercise"; a rules section's tasks keep "Next task"."""
    from tutor.engine.contract import lessons_of
    from tutor.lessons import exercises_of

    game = "fortunes-favour"
    exercise = [e for e in exercises_of(game) if e.tip == 1][0]
    session, _ = open_tasks(f"tasks: {game} tip-1", lang)
    solved = move_to(session, exercise.answer)
    assert solved["state"]["task_state"] == "solved"
    assert f'data-action="next">{Text("ui", "Next exercise").render(lang)}<' in solved["html"]
    assert Text("ui", "Next task").render(lang) not in solved["html"]
    section, task = next((section, tasks[0]) for section, _ in lessons_of(game).PATH_SECTIONS
                         if len(tasks := tasks_of(game, section)) > 1 and tasks[0].kind is MAKE_MOVE)
    session, _ = open_tasks(f"tasks: {game} {section}", lang)
    solved = move_to(session, task.answers[0])
    assert solved["state"]["task_state"] == "solved"
    assert f'data-action="next">{Text("ui", "Next task").render(lang)}<' in solved["html"]
