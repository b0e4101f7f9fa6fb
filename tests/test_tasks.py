"""The tasks the learner plays (tutor/tasks, each game's lessons/tasks.py; issue 23): the records, what
they cover (computed from the engine's refusal ids and the layout's pile kinds, against each game's
declared move kinds and its refusals no board can give, both held to random play and to every pick
and drop the board interpreter reads), and the checks of ``tutor lessons --check`` failing where
they should."""

from __future__ import annotations

import random
import re
from dataclasses import FrozenInstanceError, replace

import pytest

from tutor.engine import get_rules
from tutor.engine.contract import lessons_of
from tutor.engine.registry import game_ids, rules_class
from tutor.i18n import LANGUAGES, Text
from tutor.lessons import all_exercises
from tutor.limits import MIN_TASKS
from tutor.tasks import Task, UnknownTask, all_tasks, get_task, tasks_of
from tutor.tasks.coverage import coverage, move_kind, task_covers
from tutor.tasks.kinds import FIND_ALL, MAKE_MOVE, SPOT_ILLEGAL, TASK_KINDS, WHAT_NEXT
from tutor.web.board_input import read_pick, run_depths
from tutor.web.task_check import _check_cards, check_game, check_task

TASK_IDS = [task.id for task in all_tasks()]
# The games whose tasks other helpers write next (issue 23): a game leaves this list with its tasks,
# and from then on every coverage test below holds it to the full set.
GAMES_WITHOUT_TASKS_YET: list[str] = []


# --- the records ------------------------------------------------------------------------------------

def test_the_games_without_tasks_yet_are_these():
    assert [game for game in game_ids() if not tasks_of(game)] == GAMES_WITHOUT_TASKS_YET


def test_task_records_are_frozen_values_with_unique_ids_prefixed_by_their_game():
    from tutor.engine.contract import tips_of

    task = all_tasks()[0]
    with pytest.raises(FrozenInstanceError):
        task.id = "other"  # type: ignore[misc]
    assert len(set(TASK_IDS)) == len(TASK_IDS)
    for task in all_tasks():
        assert task.id.startswith(f"{tips_of(task.game).PREFIX}-{task.section}-"), task.id
        assert task.kind in TASK_KINDS and get_task(task.id) is task
    # tasks and exercises share the progress records' keys: no id is both
    assert not set(TASK_IDS) & {exercise.id for exercise in all_exercises()}
    with pytest.raises(UnknownTask, match="known tasks"):
        get_task("ff-no-such-task")


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_every_task_passes_every_check(task_id):
    """What ``tutor lessons --check`` checks, task by task: the answers legal (or refused as the kind
    says) and made on the board as a reader makes them, the position whole, the page showing it,
    every message translated and free of notation."""
    assert [problem.render("en") for problem in check_task(get_task(task_id))] == []


@pytest.mark.parametrize("game", game_ids())
def test_each_game_with_tasks_has_enough_and_covers_every_kind_refusal_and_variant(game):
    """Issue 23: at least 15 tasks per game, every move kind and every refusal reason of the game
    (those a board can give) and every variant that changes play covered; the path's section titles
    are the pages' headings. A game without tasks is listed above and has only the titles checked."""
    assert [problem.render("en") for problem in check_game(game)] == []
    found = coverage(game)
    if game in GAMES_WITHOUT_TASKS_YET:
        assert found.tasks == 0
        return
    assert found.tasks >= MIN_TASKS and found.complete
    assert found.covered_refusals == set(found.refusals) and found.covered_kinds == set(found.move_kinds)


def test_fortunes_favour_has_a_task_of_every_kind_in_every_section_of_its_path_in_both_languages():
    tasks = tasks_of("fortunes-favour")
    assert {task.kind for task in tasks} == set(TASK_KINDS)
    sections = [section for section, _ in lessons_of("fortunes-favour").PATH_SECTIONS]
    assert sections == ["terms", "setup", "playing", "winning", "variants"]
    assert all(tasks_of("fortunes-favour", section) for section in sections)
    for task in tasks:
        for text in task.texts():
            assert text.render("de") != text.render("en"), text.msgid


def test_forty_thieves_has_tasks_in_every_section_of_its_path_in_both_languages():
    tasks = tasks_of("forty-thieves")
    assert {task.kind for task in tasks} == {MAKE_MOVE, FIND_ALL, SPOT_ILLEGAL}  # nothing is compulsory
    # every rules section but the glossary, which its example teaches (its terms are the other sections' words)
    sections = [section for section, _ in lessons_of("forty-thieves").PATH_SECTIONS if section != "glossary"]
    assert all(tasks_of("forty-thieves", section) for section in sections)
    for task in tasks:
        for text in task.texts():
            assert text.render("de") != text.render("en"), text.msgid


GLYPH = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQKBD])([♠♥♦♣])")
RANK_CODE = {"10": "T", "B": "J", "D": "Q"}  # the German letters for Jack and Queen, and the 10


@pytest.mark.parametrize("task_id", [task.id for task in tasks_of("forty-thieves")])
def test_forty_thieves_tasks_name_only_cards_the_board_shows(task_id):
    """Every card a task's words name (goal, right and wrong, both languages) lies face up on the
    task's board: the words read them from the position, so this holds by construction, and a
    sentence that named a card of the talon or a card long gone would fail here."""
    task = get_task(task_id)
    position = task.position()
    face_up = {card.code for pile, cards in position.piles.items() if pile != "s" for card in cards}
    for text in task.texts():
        for lang in LANGUAGES:
            rendered = text.render(lang)
            named = {RANK_CODE.get(rank, rank) + "SHDC"["♠♥♦♣".index(suit)] for rank, suit in GLYPH.findall(rendered)}
            assert named <= face_up, f"{lang}: {rendered}"


# --- what a task covers ----------------------------------------------------------------------------

def test_a_task_covers_what_every_learner_who_solves_it_meets():
    """make-move: the kind all its answers share; find-all: every answer's kind; spot-illegal: the
    rule its answers meet; what-next: its trigger and the compulsory action."""
    build = get_task("ff-terms-build")
    assert task_covers(build).move_kinds == {"tableau-to-tableau"}
    mixed = replace(build, answers=("t12-t4", "s-w"))  # either answer solves it: neither kind is sure
    assert task_covers(mixed).move_kinds == set()
    assert task_covers(get_task("ff-terms-suit")).refusals == {"tableau-build"}
    assert task_covers(get_task("ff-playing-fill-waste")).move_kinds == {"tableau-to-foundation",
                                                                          "forced-waste-to-tableau-empty"}
    twos = get_task("ff-setup-twos")
    assert task_covers(replace(twos, answers=twos.answers[:1], kind=FIND_ALL)).move_kinds == {"tableau-to-foundation"}


def test_coverage_reports_what_is_missing(monkeypatch):
    tasks = [task for task in tasks_of("fortunes-favour") if task.id != "ff-playing-stock"
             and task.variant != "busy-aces"]
    monkeypatch.setattr("tutor.tasks.coverage.tasks_of", lambda game, section=None: tasks)
    found = coverage("fortunes-favour")
    assert "nothing-onto-stock" in found.missing_refusals and "space-changes-nothing" in found.missing_refusals
    assert "tableau-to-tableau-empty" in found.missing_kinds and found.missing_variants == ["busy-aces"]
    assert not found.complete


def test_move_kinds_are_read_from_the_layout():
    position = get_task("ff-playing-fill-stock").position()
    from tutor.engine import Move

    assert move_kind(position, Move.parse("t8-f4")) == "tableau-to-foundation"
    assert move_kind(position, Move.parse("s-w")) == "stock-to-waste"
    (_, _, _), (fill, forced, before) = position.copy().play_beats("t8-f4")
    assert str(fill) == "s-t8" and move_kind(before, fill, forced) == "forced-stock-to-tableau-empty"


# --- each game's declared kinds and off-board refusals, held to play ---------------------------------

def _board_refusals(position) -> set[str]:
    """Every refusal the board interpreter gives in this position: each pile picked (its top card and
    the first card of each run that may move), then dropped on every pile."""
    found = set()
    piles = [view.id for view in position.layout()]
    runs = run_depths(position)
    for pile in piles:
        cards = position.piles[pile]
        for card in [cards[-1].code if cards else None] + [cards[-depth].code for depth in runs.get(pile, ())]:
            first = read_pick(position, None, pile, card)
            if first.refused:
                found.add(getattr(first.text, "reason", None))
            if first.selection is None:
                continue
            for target in piles:
                drop = read_pick(position, first.selection, target)
                if drop.refused:
                    found.add(getattr(drop.text, "reason", None))
    found.discard(None)
    return found


# Random play that turns the stock readily (so games are lost and passes used up: the refusals of a
# used-up stock and of a redeal show), sampling every ``EVERY``-th position, where the stock is
# empty now and then, and the last one; per variant ``DEALS`` deals.
DEALS = {"fortunes-favour": 4, "queens-audience": 10, "forty-thieves": 3}
EVERY = {"fortunes-favour": 15, "queens-audience": 15, "forty-thieves": 20}


def _explore(game: str) -> tuple[set[str], set[str]]:
    kinds: set[str] = set()
    refusals: set[str] = set()
    assert set(DEALS) == set(EVERY) == set(game_ids())  # no game left unsampled
    for variant in rules_class(game).variants:
        rules = get_rules(game, variant)
        rng = random.Random(f"{game}/{variant}/tasks")
        for _ in range(DEALS[game]):
            position = rules.deal(rng.randrange(10**6))
            for step in range(500):
                legal = position.legal_moves()
                if step % EVERY[game] == 0 or not legal or (not position.piles.get("s") and rng.random() < 0.2):
                    refusals |= _board_refusals(position)
                if not legal or position.is_over():
                    break
                turns = [move for move in legal if {move.src, move.dst} == {"s", "w"}]
                move = rng.choice(turns) if turns and rng.random() < 0.6 else rng.choice(legal)
                for played, forced, before in position.play_beats(move):
                    kinds.add(move_kind(before, played, forced))
    return kinds, refusals


@pytest.mark.parametrize("game", game_ids())
def test_declared_move_kinds_and_off_board_refusals_hold_to_play(game):
    """The kinds a game declares are the kinds its moves have, and the refusals it says no board
    gives are never given by a pick or a drop. For a game with tasks (whose coverage counts on them)
    also the other way: every declared kind is met, and every refusal is either given on the board
    or declared off it, with its reason."""
    data = lessons_of(game)
    declared, off_board = set(data.MOVE_KINDS), dict(data.OFF_BOARD_REFUSALS)
    assert all(isinstance(reason, str) and reason for reason in off_board.values())
    assert set(off_board) <= set(rules_class(game).refusals)
    kinds, refusals = _explore(game)
    for task in tasks_of(game):  # the tasks' positions are play too (random play seldom completes a foundation)
        position = task.position()
        refusals |= _board_refusals(position)
        kinds |= {move_kind(position, move) for move in position.legal_moves()}
    assert kinds - declared == set(), "a kind of move the game does not declare"
    assert refusals & set(off_board) == set(), "a refusal declared off the board is given on it"
    if game in GAMES_WITHOUT_TASKS_YET:
        return
    assert declared - kinds == set(), "a declared kind never made"
    assert set(rules_class(game).refusals) - refusals - set(off_board) == set(), "a refusal neither seen nor declared"


# --- the checks fail where they should -----------------------------------------------------------------

def _problems(task: Task) -> list[str]:
    return [problem.render("en") for problem in check_task(task)]


def test_the_checks_find_a_wrong_answer_of_each_kind():
    build = get_task("ff-terms-build")
    assert "the answer t12-t9 is not legal" in _problems(replace(build, answers=("t12-t9",)))
    twos = get_task("ff-setup-twos")
    assert any("not every move of their kind" in p for p in _problems(replace(twos, answers=twos.answers[:2])))
    suit = get_task("ff-terms-suit")
    assert "every answer must be a move the rules refuse" in _problems(replace(suit, answers=("t6-t3",)))
    assert any("more than one rule" in p for p in _problems(replace(suit, answers=("t11-t6", "t11-w"))))
    fill = get_task("ff-playing-fill-waste")
    assert "its answer should be the compulsory action w-t10" in _problems(replace(fill, answers=("s-t10",)))
    assert "its trigger is followed by no compulsory action" in _problems(replace(fill, trigger="s-w"))
    assert any("is not a step of the game's path" in p for p in _problems(replace(build, section="overview")))
    assert "only a what-next task has a trigger" in _problems(replace(build, trigger="s-w"))
    assert "its trigger is missing or not legal" in _problems(replace(build, kind=WHAT_NEXT))


def test_the_checks_find_an_untranslated_message_notation_and_a_missing_card():
    build = get_task("ff-terms-build")
    untranslated = replace(build, goal=Text("fortunes-favour", "A sentence nobody translated."))
    assert any("no translation (de)" in p for p in _problems(untranslated))
    assert any("not the game's" in p for p in _problems(replace(build, right=Text("ui", "Undo"))))
    notation = _problems(replace(build, goal=Text("fortunes-favour", "Play {move}.", move="t12-t4")))
    assert "a message shows move notation: Play t12-t4." in notation
    position = build.position()
    position.piles["t1"].pop()
    assert [p.render("en") for p in _check_cards(position)] == [
        "its position does not hold the pack: missing KH, extra -"]


def test_the_checks_find_a_task_the_page_does_not_show(tmp_path, monkeypatch):
    import tutor.web.task_check as check

    for lang in LANGUAGES:
        (tmp_path / lang).mkdir()
        text = (check.DOCS / lang / "fortunes-favour.md").read_text(encoding="utf-8")
        text = text.replace("lesson: fortunes-favour terms\n", "scenario: ff-terms\n")
        (tmp_path / lang / "fortunes-favour.md").write_text(text, encoding="utf-8")
    monkeypatch.setattr(check, "DOCS", tmp_path)
    problems = _problems(get_task("ff-terms-build"))
    assert problems == [f"the {lang} page does not show it: its section lacks \"tasks: fortunes-favour terms\""
                        for lang in LANGUAGES]
