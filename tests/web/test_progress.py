"""tutor/web/progress.py: the learner's records (version 2 written and read back, version 1 upgraded,
every corrupt or hand-edited record kept aside), the misses and "Show me" that survive a new tasks
widget fed the stored records, and the three outcomes counted alike on the path, the home page and
the task list."""

from __future__ import annotations

import json

import pytest

from tutor.engine import Move, game_ids
from tutor.engine.contract import tips_of
from tutor.i18n import LANGUAGES
from tutor.lessons import exercises_of
from tutor.web.progress import (
    AFTER_MISS,
    FIRST,
    HELPED,
    Record,
    key_of,
    outcomes_text,
    read_progress,
    record_text,
)
from tutor.web.protocol import Session

GAME = game_ids()[0]
PREFIX = f"{tips_of(GAME).PREFIX}-"


@pytest.mark.parametrize("record", [Record(), Record(misses=3), Record(misses=2, shown=True), Record(solved=True),
                                    Record(True, 1, False), Record(True, 4, True)])
def test_a_version_2_record_reads_back_as_it_was_written(record):
    text = record_text(record)
    assert json.loads(text)["v"] == 2
    progress = read_progress({key_of("x-1"): text}, ["x-1"])
    assert progress.records == {"x-1": record} and progress.corrupt == []


@pytest.mark.parametrize(("first_try", "solved", "outcome"), [(True, True, FIRST), (False, True, HELPED),
                                                             (False, False, None), (True, False, None)])
def test_a_version_1_record_is_upgraded_never_dropped(first_try, solved, outcome):
    """Version 1's ``first_try: false`` meant "with help" (it did not tell a miss from Show me)."""
    text = json.dumps({"v": 1, "solved": solved, "first_try": first_try})
    progress = read_progress({key_of("x-1"): text}, ["x-1"])
    assert progress.corrupt == [] and progress.records["x-1"].outcome == outcome
    assert progress.records["x-1"].solved is solved


CORRUPT = {
    "cut off": '{"v": 2, "solved": tr',
    "not JSON": "solved",
    "not an object": "[2, true, 0, false]",
    "a later version": json.dumps({"v": 3, "solved": True, "misses": 0, "shown": False}),
    "a version as text": json.dumps({"v": "2", "solved": True, "misses": 0, "shown": False}),
    "a field missing": json.dumps({"v": 2, "solved": True, "misses": 0}),
    "a field unknown": json.dumps({"v": 2, "solved": True, "misses": 0, "shown": False, "stars": 3}),
    "misses as text": json.dumps({"v": 2, "solved": True, "misses": "1", "shown": False}),
    "misses negative": json.dumps({"v": 2, "solved": True, "misses": -1, "shown": False}),
    "misses a fraction": json.dumps({"v": 2, "solved": True, "misses": 1.5, "shown": False}),
    "misses a truth value": json.dumps({"v": 2, "solved": True, "misses": True, "shown": False}),
    "shown as text": json.dumps({"v": 2, "solved": True, "misses": 0, "shown": "yes"}),
    "solved missing its value": json.dumps({"v": 2, "solved": None, "misses": 0, "shown": False}),
    "version 1 with version 2's fields": json.dumps({"v": 1, "solved": True, "misses": 0, "shown": False}),
    "version 1 misshapen": json.dumps({"v": 1, "solved": True, "first_try": 1}),
    "too long": json.dumps({"v": 2, "solved": True, "misses": 0, "shown": False, "pad": "x" * 10_000}),
    "deeply nested": "[" * 5000 + "]" * 5000,
    "not a text": 7,
}


@pytest.mark.parametrize("why", list(CORRUPT))
def test_a_corrupt_or_hand_edited_record_counts_as_nothing_and_is_kept_aside(why):
    progress = read_progress({key_of("x-1"): CORRUPT[why], key_of("x-2"): record_text(Record(True))}, ["x-1", "x-2"])
    assert progress.corrupt == [key_of("x-1")] and progress.of("x-1") is None
    assert progress.of("x-2") == Record(True)  # the others are read as they are


def test_an_unknown_id_of_the_games_prefix_is_kept_aside_and_another_games_is_left_alone():
    raw = {key_of(f"{PREFIX}no-such-step"): record_text(Record(True)), key_of("zz-other"): "{}",
           "tutor-scenario:elsewhere": "{}"}
    assert read_progress(raw, [], PREFIX).corrupt == [key_of(f"{PREFIX}no-such-step")]
    assert read_progress(raw, []).corrupt == []  # a reader without a game's prefix judges only its own ids


@pytest.mark.parametrize("kind", ["path", "progress"])
def test_the_page_still_works_from_a_clean_record_when_every_record_is_corrupt(kind):
    session = Session()
    assert session.handle({"widget": "p", "action": "open", "spec": f"{kind}: {GAME}", "lang": "en"})["ok"]
    ids = session.widgets["p"][0].ids()
    records = {key_of(item_id): CORRUPT[why] for item_id, why in zip(ids, CORRUPT, strict=False)}
    started = session.handle({"widget": "p", "action": "start", "records": records})
    assert started["ok"] and set(started["state"]["set_aside"]) == set(records)
    assert started["state"]["solved"] == [] and started["state"]["done"] == []
    assert "could not be read" in started["aside_notice"]
    refreshed = session.handle({"widget": "p", "action": "refresh", "records": {}})  # as the page has them now
    assert refreshed["ok"] and refreshed["state"]["set_aside"] == [] and refreshed["aside_notice"] == ""


def test_the_three_outcomes():
    assert Record(True).outcome == FIRST
    assert Record(True, misses=1).outcome == AFTER_MISS
    assert Record(True, misses=2, shown=True).outcome == HELPED
    assert Record(False, misses=2, shown=True).outcome is None


def test_progress_never_flatters():
    """A solved record stays as it was earned; until it is solved, misses and Show me only add up."""
    helped = Record(True, 2, True)
    assert Record(True).after(helped) == helped  # a clean solve later does not wipe out the help
    assert Record(True, 5, True).after(Record(True)) == Record(True)  # nor a later slip the first attempt
    assert Record(True).after(Record(False, 3, False)) == Record(True, 3, False)  # misses before the solve count
    assert Record(False, 1, False).after(Record(False, 2, True)) == Record(False, 2, True)
    assert Record(False, 1).after(None) == Record(False, 1)


# --- the misses survive a new widget (a reload, the other language's page) ---------------------------

def _exercise_section() -> tuple[str, object]:
    """An exercise of the first game with a trap (a legal move that is not the answer)."""
    exercise = next(e for e in exercises_of(GAME) if e.trap)
    return f"tasks: {GAME} tip-{exercise.tip}", exercise


def _open(spec: str, lang: str, records: dict[str, str], exercise) -> Session:
    session = Session()
    assert session.handle({"widget": "t", "action": "open", "spec": spec, "lang": lang})["ok"]
    assert session.handle({"widget": "t", "action": "start", "records": records})["ok"]
    widget = session.widgets["t"][0]
    index = next(i for i, item in enumerate(widget.items) if item.id == exercise.id)
    assert session.handle({"widget": "t", "action": "choose", "choice": index})["ok"]
    return session


def _play(session: Session, move: str) -> dict:
    parsed = Move.parse(move)
    position = session.widgets["t"][0].position
    response = None
    for pile in ([parsed.src] if parsed.src == "s" else [parsed.src, parsed.dst]):
        cards = position.piles[pile]
        response = session.handle({"widget": "t", "action": "pick", "pile": pile,
                                   "card": cards[-1].code if cards else None})
        assert response["ok"], response["message"]
    return response


def _stored(records: dict[str, str], response: dict) -> dict[str, str]:
    """The page's storage after it kept what the answer named."""
    kept = {key: text for key, text in records.items() if key not in response["state"].get("set_aside", [])}
    return {**kept, **response["state"]["store"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_miss_survives_a_new_widget_and_the_solve_counts_after_a_miss(lang):
    spec, exercise = _exercise_section()
    session = _open(spec, LANGUAGES[0], {}, exercise)
    records = _stored({}, _play(session, exercise.trap))
    again = _open(spec, lang, records, exercise)  # a reload, or the other language's page
    assert again.widgets["t"][0].misses == 1
    solved = _play(again, exercise.answer)
    assert solved["state"]["task_state"] == "solved"
    assert read_progress(_stored(records, solved), [exercise.id]).records[exercise.id].outcome == AFTER_MISS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_miss_and_show_me_survive_a_new_widget_and_the_solve_counts_with_help(lang):
    spec, exercise = _exercise_section()
    session = _open(spec, LANGUAGES[0], {}, exercise)
    records: dict[str, str] = {}
    for _ in range(2):
        records = _stored(records, _play(session, exercise.trap))
    records = _stored(records, session.handle({"widget": "t", "action": "show"}))
    again = _open(spec, lang, records, exercise)
    assert (again.widgets["t"][0].misses, again.widgets["t"][0].shown) == (2, True)
    assert 'data-action="show"' not in again.handle({"widget": "t", "action": "retry"})["html"]  # shown already
    solved = _play(again, exercise.answer)
    assert read_progress(_stored(records, solved), [exercise.id]).records[exercise.id].outcome == HELPED


def test_a_solved_record_is_not_written_over_by_a_later_try():
    spec, exercise = _exercise_section()
    records = {key_of(exercise.id): record_text(Record(True))}
    session = _open(spec, LANGUAGES[0], records, exercise)
    assert _play(session, exercise.trap)["state"]["store"] == {}
    assert _play(session, exercise.answer)["state"]["store"] == {}


# --- the outcomes, counted alike everywhere ------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_path_the_home_page_and_the_task_list_count_the_outcomes_alike(lang):
    ids = [exercise.id for exercise in exercises_of(GAME) if exercise.tip == 1][:3]
    records = {key_of(ids[0]): record_text(Record(True)), key_of(ids[1]): record_text(Record(True, 1)),
               key_of(ids[2]): record_text(Record(True, 2, True))}
    said = outcomes_text({FIRST: 1, AFTER_MISS: 1, HELPED: 1}).render(lang)
    for spec in (f"path: {GAME}", f"progress: {GAME}", f"tasks: {GAME} tip-1"):
        session = Session()
        assert session.handle({"widget": "w", "action": "open", "spec": spec, "lang": lang})["ok"]
        started = session.handle({"widget": "w", "action": "start", "records": records})
        assert said in started["html"], spec


def test_the_outcomes_in_words_name_only_what_happened():
    """"2 at the first attempt and 1 with help": an outcome nobody had is not named; none solved, no words."""
    said = outcomes_text({FIRST: 2, AFTER_MISS: 0, HELPED: 1})
    assert said is not None and said.render("en") == "2 at the first attempt and 1 with help"
    assert said.render("de") == "2 auf Anhieb und 1 mit Hilfe"
    every = outcomes_text({FIRST: 1, AFTER_MISS: 1, HELPED: 1})
    assert every is not None and every.render("en") == "1 at the first attempt, 1 solved after a miss and 1 with help"
    assert outcomes_text({FIRST: 0, AFTER_MISS: 0, HELPED: 0}) is None
