"""The path's steps (tutor/web/widgets/task_items.py ``path_steps``, tutor/web/widgets/path.py): every
registered game's path can be finished — each step has something to do, each example is one its page
shows in that section, and the records the widgets write (a guided example stepped to its end, the
tasks and exercises solved) mark every step done; the steps and the summary say so in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine import game_ids
from tutor.engine.contract import lessons_of, path_of
from tutor.i18n import LANGUAGES
from tutor.lessons import get_scenario
from tutor.web.progress import Record, key_of, record_text
from tutor.web.protocol import Session
from tutor.web.widgets.course import with_lesson_parts
from tutor.web.widgets.task_items import TIP_SECTION, path_steps

DOCS = Path(__file__).resolve().parents[2] / "docs"
GAMES = game_ids()


def _sections_scenarios(lang: str, game: str) -> dict[str, list[str]]:
    """The scenarios of each ``## … {#anchor}`` section of the game's page, in page order."""
    found: dict[str, list[str]] = {}
    anchor = ""
    for line in with_lesson_parts((DOCS / lang / f"{game}.md").read_text(encoding="utf-8")).splitlines():
        heading = re.match(r"## .*\{#([\w-]+)\}", line)
        if heading:
            anchor = heading.group(1)
        scenario = re.fullmatch(r"scenario: ([\w-]+)", line.strip())
        if scenario:
            found.setdefault(anchor, []).append(scenario.group(1))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_the_path_has_something_to_do(game):
    for step in path_steps(game):
        assert step.record_ids, f"{game}: the step {step.anchor} has nothing to do, so the path cannot be finished"
        for scenario_id in step.examples:
            assert get_scenario(scenario_id).game == game


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_sections_examples_are_the_ones_the_page_shows_there(game, lang):
    examples = path_of(game).SECTION_EXAMPLES
    sections = [section for section, _ in lessons_of(game).PATH_SECTIONS]
    assert set(examples) <= set(sections)
    on_page = _sections_scenarios(lang, game)
    for section in sections:
        assert list(examples.get(section, ())) == on_page.get(section, []), (game, section)
    for step in path_steps(game):
        if TIP_SECTION.fullmatch(step.anchor):
            assert all(scenario_id in sum(on_page.values(), []) for scenario_id in step.examples)


def _reached(scenario_id: str) -> dict[str, str]:
    """What the page stores when a guided example is stepped to the end of its first track."""
    session = Session()
    assert session.handle({"widget": "s", "action": "open", "spec": f"scenario: {scenario_id}", "lang": "en"})["ok"]
    last = len(session.widgets["s"][0].tracks[0].frames) - 1
    response = session.handle({"widget": "s", "action": "reached", "track": 0, "frame": last, "records": {}})
    assert response["ok"], response["message"]
    return response["state"]["store"]


@pytest.mark.parametrize("game", GAMES)
def test_every_games_path_can_be_finished(game):
    steps = path_steps(game)
    records: dict[str, str] = {}
    for step in steps:
        for scenario_id in step.examples:
            records.update(_reached(scenario_id))
        records.update({key_of(item_id): record_text(Record(True, 1)) for item_id in step.ids})
    session = Session()
    assert session.handle({"widget": "p", "action": "open", "spec": f"path: {game}", "lang": "en"})["ok"]
    started = session.handle({"widget": "p", "action": "start", "records": records})
    assert started["ok"] and started["state"]["set_aside"] == []
    assert started["state"]["done"] == [step.anchor for step in steps]
    assert f"{len(steps)} of {len(steps)} steps done." in started["html"]


def test_an_example_not_at_its_end_stores_nothing_and_a_tip_without_exercises_waits_for_its_example():
    game, step = next((game, step) for game in GAMES for step in path_steps(game) if not step.ids)
    session = Session()
    assert session.handle({"widget": "s", "action": "open", "spec": f"scenario: {step.examples[0]}",
                           "lang": "en"})["ok"]
    early = session.handle({"widget": "s", "action": "reached", "track": 0, "frame": 0, "records": {}})
    assert not early["ok"] and early["state"]["store"] == {}
    path = Session()
    assert path.handle({"widget": "p", "action": "open", "spec": f"path: {game}", "lang": "en"})["ok"]
    before = path.handle({"widget": "p", "action": "start", "records": {}})
    assert step.anchor not in before["state"]["done"]
    assert f'data-step="{step.anchor}" data-done="false"' in before["html"]
    after = path.handle({"widget": "p", "action": "refresh", "records": _reached(step.examples[0])})
    assert step.anchor in after["state"]["done"] and "worked example, stepped through" in after["html"]
    again = _reached(step.examples[0])
    stored = Session()
    assert stored.handle({"widget": "s", "action": "open", "spec": f"scenario: {step.examples[0]}",
                          "lang": "en"})["ok"]
    last = len(stored.widgets["s"][0].tracks[0].frames) - 1
    twice = stored.handle({"widget": "s", "action": "reached", "track": 0, "frame": last, "records": again})
    assert twice["ok"] and twice["state"]["store"] == {}  # stored once: nothing to write again


def test_a_corrupt_record_of_an_example_is_kept_aside_before_the_fresh_one_is_stored():
    step = next(step for game in GAMES for step in path_steps(game) if step.examples)
    scenario_id = step.examples[0]
    session = Session()
    assert session.handle({"widget": "s", "action": "open", "spec": f"scenario: {scenario_id}", "lang": "en"})["ok"]
    last = len(session.widgets["s"][0].tracks[0].frames) - 1
    response = session.handle({"widget": "s", "action": "reached", "track": 0, "frame": last,
                               "records": {key_of(scenario_id): "{cut off"}})
    assert response["state"]["set_aside"] == [key_of(scenario_id)]
    assert response["state"]["store"] == {key_of(scenario_id): record_text(Record(True))}
    assert "could not be read" in response["aside_notice"] and "could not be read" not in response["message"]
