"""Continue (issue 39; tutor/web/widgets/path.py, the skip link of docs/hooks/tutor_hook.py): the path
marks its next step and, first in it, carries a Continue to that step's lesson; the home page's card
names the game's next step on its own Continue; both move on as the records say steps are done, and
lead to the play page once every step is; the path's order is the order of the ``lesson:`` blocks on
each game page, one block per step; the rules page's skip link leads to the path, whose first
control is its Continue."""

from __future__ import annotations

import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tutor.analysis.coach import lesson_anchor
from tutor.engine import game_ids
from tutor.i18n import LANGUAGES, Text
from tutor.web.progress import Record, key_of, record_text
from tutor.web.protocol import Session, build_html
from tutor.web.render import escape
from tutor.web.widgets.task_items import PathStep, path_steps
from tutor.web.widgets.task_view import step_name

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GAMES = game_ids()
EVERY_STEP_DONE = {"path": Text("ui", "Every step of this page is done: play a whole deal"),
                   "progress": Text("ui", "Every step is done: play a whole deal")}


class _Links(HTMLParser):
    """The Continue links (``a[data-continue]``: href and words), the path's steps marked next, and
    every focusable element in page order (tag, attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.continues: list[tuple[str, str]] = []
        self.next_steps: list[str] = []
        self.focusable: list[tuple[str, dict[str, str | None]]] = []
        self._in_continue: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "li" and attributes.get("data-next") == "true":
            self.next_steps.append(str(attributes.get("data-step")))
        if (tag == "a" and "href" in attributes) or tag == "button":
            self.focusable.append((tag, attributes))
        if tag == "a" and "data-continue" in attributes:
            self.continues.append((str(attributes.get("href")), ""))
            self._in_continue = []

    def handle_data(self, data: str) -> None:
        if self._in_continue is not None:
            self._in_continue.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._in_continue is not None:
            href, _ = self.continues[-1]
            self.continues[-1] = (href, "".join(self._in_continue))
            self._in_continue = None


def links_of(html: str) -> _Links:
    parser = _Links()
    parser.feed(html)
    return parser


def done_records(steps: list[PathStep]) -> dict[str, str]:
    """The records the page keeps once each of ``steps`` is done: every example stepped through,
    every task or exercise solved."""
    return {key_of(item_id): record_text(Record(True)) for step in steps for item_id in step.record_ids}


def started(kind: str, game: str, lang: str, records: dict[str, str]) -> dict:
    session = Session()
    assert session.handle({"widget": "w", "action": "open", "spec": f"{kind}: {game}", "lang": lang})["ok"]
    response = session.handle({"widget": "w", "action": "start", "records": records})
    assert response["ok"], response["message"]
    return response


def where(kind: str, game: str, step: PathStep | None) -> str:
    """Where a Continue leads from the page the widget stands on: the path's (the game page) or the
    home page's."""
    if step is None:
        return f"../play/{game}/" if kind == "path" else f"play/{game}/"
    return ("" if kind == "path" else f"{game}/") + f"#{lesson_anchor(step.anchor)}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", ["path", "progress"])
@pytest.mark.parametrize("game", GAMES)
def test_before_the_records_are_read_continue_starts_with_the_first_step(game, kind, lang):
    first = path_steps(game)[0]
    links = links_of(build_html(f"{kind}: {game}", lang, "w"))
    words = Text("ui", "Start with {step}", step=step_name(first)).render(lang)
    assert links.continues == [(where(kind, game, first), words)]
    if kind == "path":
        assert links.next_steps == [first.anchor]


@pytest.mark.parametrize("kind", ["path", "progress"])
@pytest.mark.parametrize("game", GAMES)
def test_continue_moves_on_as_the_steps_are_done_and_leads_to_a_whole_deal_at_the_end(game, kind):
    steps = path_steps(game)
    for lang in LANGUAGES:
        for done in range(len(steps) + 1):
            response = started(kind, game, lang, done_records(steps[:done]))
            links = links_of(response["html"])
            following = steps[done] if done < len(steps) else None
            if following is None:
                words = EVERY_STEP_DONE[kind]
            elif done == 0:
                words = Text("ui", "Start with {step}", step=step_name(following))
            else:
                words = Text("ui", "Continue with {step}", step=step_name(following))
            assert links.continues == [(where(kind, game, following), words.render(lang))], (lang, done)
            assert response["state"]["next"] == (lesson_anchor(following.anchor) if following else None)
            if kind == "path":  # the step marked next; once every step is done, the whole deal
                assert links.next_steps == [following.anchor if following else "play"], (lang, done)


@pytest.mark.parametrize("game", GAMES)
def test_the_next_step_is_the_first_not_done_in_the_pages_order(game):
    """A later step done first, and a step half done, leave Continue on the first step not done."""
    steps = path_steps(game)
    records = done_records(steps[1:2])
    half = steps[0].record_ids[:1]
    records.update({key_of(item_id): record_text(Record(True)) for item_id in half})
    expected = steps[0] if len(steps[0].record_ids) > 1 else steps[2]  # one thing to do: done by that record
    words = Text("ui", "Continue with {step}", step=step_name(expected)).render("en")
    links = links_of(started("path", game, "en", records)["html"])
    assert links.continues == [(where("path", game, expected), words)]
    assert links.next_steps == [expected.anchor]
    # a step begun but not finished (a task missed) does not move Continue on
    missed = {key_of(steps[0].record_ids[-1]): record_text(Record(False, 1))}
    assert links_of(started("path", game, "en", missed)["html"]).continues[0][0] == where("path", game, steps[0])


@pytest.mark.parametrize("game", GAMES)
def test_the_path_says_next_in_words_on_its_next_step(game):
    for lang in LANGUAGES:
        html = build_html(f"path: {game}", lang, "w")
        step = re.search(r'<li [^>]*data-next="true">(.*?)</li>', html)
        assert step is not None
        word = escape(Text("ui", "next").render(lang))
        assert f'<span class="tutor-visually-hidden">{word}: </span>' in step.group(1)


_LESSON = re.compile(r"^lesson:[ \t]*(\S+)[ \t]+(\S+)[ \t]*$", re.M)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_paths_order_is_the_order_of_the_lessons_on_the_page(game, lang):
    """Each step with something to do has exactly one ``lesson:`` block on the game's page, in the
    path's order, and the page has no lesson the path does not list."""
    page = (DOCS / lang / f"{game}.md").read_text(encoding="utf-8")
    lessons = [(lesson_game, step) for lesson_game, step in _LESSON.findall(page)]
    assert {lesson_game for lesson_game, _ in lessons} == {game}
    on_page = [step for _, step in lessons]
    assert on_page == [step.anchor for step in path_steps(game) if step.record_ids]


@pytest.mark.parametrize("game", GAMES)
def test_the_continue_is_the_paths_first_control(game):
    """Tab from the path (the skip link's target) reaches Continue first."""
    for lang in LANGUAGES:
        html = build_html(f"path: {game}", lang, "w")
        links = links_of(html[html.index('id="path"'):])
        tag, attributes = links.focusable[0]
        assert tag == "a" and "data-continue" in attributes


def load_hook():
    spec = importlib.util.spec_from_file_location("tutor_hook_continue", DOCS / "hooks" / "tutor_hook.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_skip_link_of_a_rules_page_leads_to_the_path_and_of_a_play_page_to_the_game():
    hook = load_hook()
    game = GAMES[0]
    skip = '<a href="#{}" class="md-skip">Skip to content</a>'
    rules_page = skip.format(game) + f'<h1 id="{game}">…</h1>' + build_html(f"path: {game}", "en", "w")
    assert skip.format("path") in hook._skip_into_game(rules_page)
    play_page = skip.format(game) + '<div class="tutor-play-main" id="w-game">'
    assert skip.format("w-game") in hook._skip_into_game(play_page)
    other_page = skip.format("about") + "<p>No game here.</p>"
    assert hook._skip_into_game(other_page) == other_page
