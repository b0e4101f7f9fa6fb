"""``tutor lessons`` (tutor/cli/lessons.py): the tasks listed and checked; ``--check`` runs here, in
the suite, on every task of every game; bad input exits 2 with one line."""

from __future__ import annotations

import json
import re

import pytest

from tutor.cli import main as cli
from tutor.engine import get_rules
from tutor.engine.registry import game_ids
from tutor.tasks import all_tasks, tasks_of


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_lessons_check_passes_on_every_task_of_every_game(capsys):
    """Issue 23: ``tutor lessons --check`` passes and runs in the suite."""
    code, out, err = run(capsys, "lessons", "--check")
    assert (code, err) == (0, ""), out
    assert out.startswith(f"{len(all_tasks())} tasks checked: no problem found.")
    assert "fortunes-favour: covered: 12 of 12 kinds of move, 13 of 13 refusals" in out


def test_lessons_check_reports_a_broken_task_and_exits_1(capsys, monkeypatch):
    from dataclasses import replace

    import tutor.web.task_check as check

    task = tasks_of("fortunes-favour")[0]
    broken = replace(task, answers=("t1-t2",))
    monkeypatch.setattr(check, "tasks_of", lambda game, section=None: [broken] if game == task.game else [])
    monkeypatch.setattr("tutor.cli.lessons.tasks_of", lambda game, section=None: [broken] if game == task.game else [])
    code, out, err = run(capsys, "lessons", "fortunes-favour", "--check")
    assert code == 1 and err == ""
    assert f"{task.id}: the answer t1-t2 is not legal" in out
    assert "fortunes-favour: it has 1 tasks, fewer than 15" in out


@pytest.mark.parametrize("game", game_ids())
def test_lessons_json_labels_notation_as_notation(capsys, game):
    code, out, err = run(capsys, "lessons", game, "--json", "--lang", "de")
    assert code == 0 and err == ""
    data = json.loads(out)
    (entry,) = data["games"]
    assert entry["game"] == game and len(entry["tasks"]) == len(tasks_of(game))
    for task, record in zip(entry["tasks"], tasks_of(game), strict=True):
        assert set(task) == {"id", "game", "variant", "section", "pages", "kind", "deal", "cards", "prelude", "trigger",
                             "answers", "goal", "covers"}
        assert task["answers"] == {"notation": list(record.answers)}
        assert task["prelude"] == {"notation": list(record.prelude)}
        assert task["pages"] == {"en": f"{game}/#{record.section}", "de": f"de/{game}/#{record.section}"}
        assert task["goal"] == record.said(record.goal).render("de")
        assert get_rules(game, record.variant).from_cards(task["cards"]).card_string() == task["cards"]
    assert entry["coverage"]["missing_move_kinds"] == [] or not entry["tasks"]


def test_lessons_lists_the_tasks_by_section_in_the_language_asked(capsys):
    code, out, err = run(capsys, "lessons", "fortunes-favour", "--lang", "de")
    assert code == 0 and err == ""
    assert out.splitlines()[0] == f"Fortune’s Favour: {len(tasks_of('fortunes-favour'))} Aufgaben"
    assert re.search(r"^    ff-terms-build\s+make-move\s+Abwärts in Farbe bauen", out, re.M)
    code, out, _ = run(capsys, "lessons", "queens-audience")
    assert out.splitlines()[1].strip() in ("no tasks yet",) or tasks_of("queens-audience")


@pytest.mark.parametrize("argv", [("lessons", "nope"), ("lessons", "--nope"), ("lessons", "fortunes-favour", "x")])
def test_lessons_refuses_bad_input_with_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
