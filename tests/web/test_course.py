"""One board per section and tip (``lesson:``, tutor/web/widgets/course.py, issue 39)."""

from __future__ import annotations

import re

import pytest

from tutor.analysis.coach import lesson_anchor
from tutor.engine.registry import game_ids
from tutor.errors import DirectiveError
from tutor.i18n import LANGUAGES
from tutor.web.progress import Record, key_of, record_text
from tutor.web.protocol import Session, build_html
from tutor.web.widgets.course import lesson_parts, with_lesson_parts
from tutor.web.widgets.task_items import path_steps

GAMES = game_ids()


def steps_of(game: str):
    return [step for step in path_steps(game) if step.record_ids]


def records(*ids: str) -> dict[str, str]:
    """The page's stored records: each id solved at the first attempt."""
    return {key_of(item_id): record_text(Record(True, 0, False)) for item_id in ids}


def opened(game: str, step: str, lang: str = "en", stored: dict[str, str] | None = None) -> tuple[Session, dict]:
    session = Session()
    assert session.handle({"widget": "l", "action": "open", "spec": f"lesson: {game} {step}", "lang": lang})["ok"]
    answer = session.handle({"widget": "l", "action": "start", "records": stored or {}})
    assert answer["ok"], answer
    return session, answer


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_holds_its_steps_examples_then_its_tasks(game):
    for step in steps_of(game):
        parts = [str(part) for part in lesson_parts(game, step.anchor)]
        expected = [f"scenario: {example}" for example in step.examples]
        assert parts == expected + ([f"tasks: {game} {step.anchor}"] if step.ids else [])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_built_lesson_shows_one_part_and_every_part_is_a_widget_of_its_own(game, lang):
    step = steps_of(game)[0]
    html = build_html(f"lesson: {game} {step.anchor}", lang, "tutor-4")
    assert f'id="{lesson_anchor(step.anchor)}"' in html and f'data-lesson="{step.anchor}"' in html
    parts = re.findall(r'<div class="tutor-lesson-part" data-part="(\d+)"( hidden)?>', html)
    assert [index for index, _ in parts] == [str(i) for i in range(len(lesson_parts(game, step.anchor)))]
    assert [bool(hidden) for _, hidden in parts] == [False] + [True] * (len(parts) - 1)
    assert html.count('data-state="static"') == 1 + len(parts)
    assert "tutor-lesson-done" not in html  # nothing is known to be done before the records are read


@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_starts_where_the_learner_left_off_and_ends_in_a_done_state(game):
    steps = steps_of(game)
    step = next(s for s in steps if s.examples and s.ids)
    session, answer = opened(game, step.anchor)
    assert answer["state"]["part"] == 0 and 'data-continue' not in answer["html"]
    # the examples stepped through: the tasks are next, and the foot leads there
    session, answer = opened(game, step.anchor, stored=records(*step.examples))
    assert answer["state"]["part"] == len(step.examples)
    chosen = session.handle({"widget": "l", "action": "part", "choice": "0"})
    assert chosen["state"]["part"] == 0 and 'data-action="next-part"' in chosen["html"]
    onward = session.handle({"widget": "l", "action": "next-part"})
    assert onward["state"]["part"] == len(step.examples)
    # every part done: the done state, whose Continue leads to the next step not done
    session, answer = opened(game, step.anchor, stored=records(*step.record_ids))
    assert answer["state"]["part"] == "done"
    following = next(s for s in steps if s.anchor != step.anchor)
    assert f'data-continue href="#{lesson_anchor(following.anchor)}"' in answer["html"]
    assert answer["state"]["next"] == lesson_anchor(following.anchor)


@pytest.mark.parametrize("game", GAMES)
def test_with_every_step_done_the_lesson_leads_to_the_play_page(game):
    steps = steps_of(game)
    done = records(*(item for step in steps for item in step.record_ids))
    _, answer = opened(game, steps[-1].anchor, stored=done)
    assert answer["state"]["part"] == "done" and answer["state"]["next"] is None
    assert f'data-continue href="../play/{game}/"' in answer["html"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_part_changes_nothing_and_says_so(lang):
    game = GAMES[0]
    step = steps_of(game)[0]
    session, _ = opened(game, step.anchor, lang)
    for choice in ("9", "-1", "x", None, "done", True):
        answer = session.handle({"widget": "l", "action": "part", "choice": choice})
        assert not answer["ok"] and answer["message"] and answer["state"]["part"] == 0, (choice, answer)


def test_a_lesson_for_a_step_the_path_has_not_is_an_authors_error():
    game = GAMES[0]
    with pytest.raises(DirectiveError) as caught:
        build_html(f"lesson: {game} no-such-step", "en", "w")
    assert steps_of(game)[0].anchor in caught.value.message("en")
    with pytest.raises(DirectiveError):
        build_html(f"lesson: {game}", "en", "w")


@pytest.mark.parametrize("game", GAMES)
def test_a_pages_lessons_are_written_out_as_their_parts(game):
    step = steps_of(game)[0]
    text = f"before\n    lesson: {game} {step.anchor}\nafter\n"
    expanded = with_lesson_parts(text)
    assert expanded.splitlines() == ["before", f"    lesson: {game} {step.anchor}",
                                     *(f"    {part}" for part in lesson_parts(game, step.anchor)), "after"]


@pytest.mark.parametrize("game", GAMES)
def test_after_its_last_part_the_foot_leads_back_to_a_part_passed_by(game):
    step = next(s for s in steps_of(game) if s.examples and s.ids)
    session, answer = opened(game, step.anchor, stored=records(*step.ids))  # the tasks solved, no example
    assert answer["state"]["part"] == 0
    last = len(step.examples)
    chosen = session.handle({"widget": "l", "action": "part", "choice": str(last)})
    assert 'data-action="next-part"' in chosen["html"] and "data-continue" not in chosen["html"]
    assert session.handle({"widget": "l", "action": "next-part"})["state"]["part"] == 0
