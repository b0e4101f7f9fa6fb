"""The checks of the tasks (``tutor lessons --check``, ``tests/test_tasks.py``): what a task must be
for the learner to be able to play it, and what a game's tasks must cover.

* the record: a known kind, a section of the game's path, the game's own context in its words;
* the position: the deal (or card string) and the prelude replay, every card of the pack is there
  once (as often as the pack holds it), and the game is not over (but for a ``spot-illegal`` task:
  a lost game still refuses a move);
* the answers, as their kind requires (:meth:`tutor.tasks.kinds.TaskKind.check`), made as the board
  reads them (:func:`board_outcome`: :func:`tutor.web.board_input.read_pick`, a pick and then a
  drop, as a click or a key makes them);
* every message is translated, with the same placeholders, and names no move in notation;
* the page reaches the task: both languages' game page carry ``tasks: <game> <section>`` in that
  section (when the pages are at hand: a checkout of the project, not an installed package);
* the game's tasks together: at least :data:`MIN_TASKS`, every move kind, every board refusal and
  every variant that changes play covered (:mod:`tutor.tasks.coverage`).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from tutor.engine import Move
from tutor.engine.contract import lessons_of
from tutor.i18n import LANGUAGES, Text, translate
from tutor.limits import MIN_TASKS
from tutor.tasks import Task, tasks_of
from tutor.tasks.coverage import coverage
from tutor.tasks.kinds import TASK_KINDS
from tutor.web.board_input import read_pick
from tutor.web.widgets.course import with_lesson_parts

DOCS = Path(__file__).resolve().parents[2] / "docs"
_PLACEHOLDER = re.compile(r"\{(\w+)(?::\w*)?\}")
_NOTATION = re.compile(r"\b(?:[swtfrkj]\d*)(?:\+[a-z]\d*)?-[swtfrkj]\d*(?:x\d+)?\b")


def page_text(game: str, lang: str) -> str | None:
    """The game's page as it shows its examples and tasks (each lesson's parts written out)."""
    path = DOCS / lang / f"{game}.md"
    return with_lesson_parts(path.read_text(encoding="utf-8")) if path.is_file() else None


def section_of(page: str, section: str) -> str | None:
    """The Markdown of one section of a page (from its heading to the next one of its level)."""
    match = re.search(r"^## .*\{#" + re.escape(section) + r"\}\s*$(.*?)(?=^## |\Z)", page, re.M | re.S)
    return match.group(1) if match else None


def directive_for(task: Task) -> str:
    return f"tasks: {task.game} {task.section}"


def board_outcome(position: Any, move: str) -> Any:
    """What the board makes of ``move`` made by a reader: the pick of its source's top card (or of
    the card starting its run), then the drop on its destination (a stock turn is one pick)."""

    parsed = Move.parse(move)
    source = parsed.sources[0]
    cards = position.piles.get(source) or []
    card = cards[-parsed.count].code if len(cards) >= parsed.count else None
    first = read_pick(position, None, source, card)
    if first.selection is None:
        return first
    return read_pick(position, first.selection, parsed.dst)


def check_task(task: Task) -> list[Text]:
    """What is wrong with one task (nothing: an empty list)."""
    problems: list[Text] = []
    data = lessons_of(task.game)
    sections = [section for section, _ in data.PATH_SECTIONS]
    if task.kind not in TASK_KINDS:
        problems.append(Text("ui", 'its kind "{kind}" is none of {kinds}', kind=str(task.kind),
                             kinds=", ".join(kind.name for kind in TASK_KINDS)))
    if task.section not in sections:
        problems.append(Text("ui", "its section \"{section}\" is not a step of the game's path ({sections})",
                             section=task.section, sections=", ".join(sections)))
    problems += _check_texts(task)
    try:
        position = task.position()
    except Exception as err:  # a task that does not replay is a problem to report
        return problems + [Text("ui", "its position cannot be set up: {reason}", reason=_reason(err))]
    problems += _check_cards(position)
    if position.is_over() and not task.kind.may_start_over:
        problems.append(Text("ui", "its position is a game already over"))
    if task.kind in TASK_KINDS:
        problems += task.kind.check(task, position, board_outcome)
    problems += _check_page(task)
    return problems


def _reason(err: Exception) -> Any:
    text = getattr(err, "text", None)
    return text if isinstance(text, Text) else type(err).__name__


def _check_cards(position: Any) -> list[Text]:
    held = Counter(card.code for pile in position.piles.values() for card in pile)
    pack = Counter(card.code for card in position.rules.pack())
    if held != pack:
        missing = sorted((pack - held).elements())
        extra = sorted((held - pack).elements())
        return [Text("ui", "its position does not hold the pack: missing {missing}, extra {extra}",
                     missing=" ".join(missing) or "-", extra=" ".join(extra) or "-")]
    return []


def _check_texts(task: Task) -> list[Text]:
    problems = []
    for text in task.texts():
        if text.context != task.game:
            problems.append(Text("ui", "a message is in the context \"{name}\", not the game's", name=text.context))
        for lang in LANGUAGES:
            if lang == "en":
                continue
            translated = translate(lang, text.context, text.msgid)
            if translated == text.msgid:
                problems.append(Text("ui", "a message has no translation ({lang}): {message}", lang=lang,
                                     message=text.msgid))
            elif set(_PLACEHOLDER.findall(translated)) != set(_PLACEHOLDER.findall(text.msgid)):
                problems.append(Text("ui", "a message's translation ({lang}) has other placeholders: {message}",
                                     lang=lang, message=text.msgid))
    try:
        said = task.said_texts()
    except Exception as err:  # a card named where it does not lie, or a position that does not replay
        return problems + [Text("ui", "its words cannot be read from its position: {reason}", reason=_reason(err))]
    for text in said:
        for lang in LANGUAGES:
            if _NOTATION.search(text.render(lang)):
                problems.append(Text("ui", "a message shows move notation: {message}", message=text.render(lang)))
    return problems


def _check_page(task: Task) -> list[Text]:
    problems = []
    for lang in LANGUAGES:
        page = page_text(task.game, lang)
        if page is None:
            continue  # an installed package: no pages to read
        section = section_of(page, task.section)
        if section is None:
            problems.append(Text("ui", 'the {lang} page has no section "{section}"', lang=lang, section=task.section))
        elif f"\n{directive_for(task)}\n" not in section:
            problems.append(Text("ui", 'the {lang} page does not show it: its section lacks "{directive}"', lang=lang,
                                 directive=directive_for(task)))
    return problems


def check_game(game: str) -> list[Text]:
    """What is wrong with the game's tasks as a whole: its path's section titles (the pages'
    headings), and, once it has tasks, their number and what they cover."""
    problems = [problem for section, title in lessons_of(game).PATH_SECTIONS
                for problem in _check_title(game, section, title)]
    tasks = tasks_of(game)
    if not tasks:
        return problems
    if len(tasks) < MIN_TASKS:
        problems.append(Text("ui", "it has {count} tasks, fewer than {minimum}", count=len(tasks), minimum=MIN_TASKS))
    found = coverage(game)
    if found.missing_kinds:
        problems.append(Text("ui", "no task makes these kinds of move: {kinds}", kinds=", ".join(found.missing_kinds)))
    if found.missing_refusals:
        problems.append(Text("ui", "no task meets these refusals: {rules}", rules=", ".join(found.missing_refusals)))
    if found.missing_variants:
        problems.append(Text("ui", "no task plays these variants: {variants}",
                             variants=", ".join(found.missing_variants)))
    return problems


def _check_title(game: str, section: str, title: Text) -> list[Text]:
    problems = []
    for lang in LANGUAGES:
        page = page_text(game, lang)
        if page is None:
            continue
        heading = re.search(r"^## (.*?)\s*\{#" + re.escape(section) + r"\}\s*$", page, re.M)
        if heading is None or heading.group(1).strip() != title.render(lang):
            problems.append(Text("ui", 'the path calls the section "{section}" "{title}", the {lang} page does not',
                                 section=section, title=title.render(lang), lang=lang))
    return problems
