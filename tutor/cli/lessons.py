"""The ``lessons`` subcommand of the ``tutor`` command: the tasks the learner plays (issue 23).

    tutor lessons [GAME] [--json] [--check] [--lang de|en]

Without ``--check`` it lists each game's tasks by section, each with its kind and goal, and what
they cover (move kinds, refusals, variants). ``--json`` prints one object: per game its tasks
(id, game, variant, section, the pages that show it, kind, the deal as a card string and its deal
number, the moves before the moment, the trigger and the accepted answers: each of these three
labelled ``{"notation": …}``, since they are move notation, never words for a reader) and its
coverage. ``--check`` checks every task (:mod:`tutor.web.task_check`: answers legal or refused as
their kind says, positions whole, the page reaches them, every message translated) and each game's
coverage, prints one line per problem and exits 1 when there is one (0 when there is none); bad
input (an unknown game, a bad option) exits 2 with one line, like every command.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tutor.cli.solve import language_of
from tutor.engine import get_rules
from tutor.engine.registry import game_ids, rules_class
from tutor.i18n import DEFAULT_LANGUAGE, LANGUAGES, Text
from tutor.tasks import sections_of, tasks_of
from tutor.web.task_check import check_game, check_task

EXIT_OK = 0
EXIT_PROBLEMS = 1


def register(subparsers: Any) -> None:
    """Add ``lessons`` to the ``tutor`` command's subparsers."""
    sub = subparsers.add_parser("lessons", help="list or check the tasks the learner plays on the rules pages")
    sub.add_argument("game", nargs="?", default=None, help="game id (default: every game)")
    sub.add_argument("--json", action="store_true", help="print the tasks as JSON")
    sub.add_argument("--check", action="store_true", help="check every task and what the tasks cover")
    sub.add_argument("--lang", default=argparse.SUPPRESS, help="language of the output: en or de")
    sub.set_defaults(func=run_lessons)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _games(args: argparse.Namespace) -> list[str]:
    if args.game is None:
        return game_ids()
    rules_class(args.game)  # raises UnknownGame naming the choices
    return [args.game]


def page_paths(game: str, section: str) -> dict[str, str]:
    """Where the site shows a section's tasks, per language (relative to the site's root)."""

    return {lang: f"{'' if lang == DEFAULT_LANGUAGE else lang + '/'}{game}/#{section}" for lang in LANGUAGES}


def task_json(task: Any, lang: str) -> dict[str, Any]:
    from tutor.tasks.coverage import task_covers

    position = task.position()
    covered = task_covers(task)
    return {
        "id": task.id, "game": task.game, "variant": task.variant, "section": task.section,
        "pages": page_paths(task.game, task.section), "kind": task.kind.name,
        "deal": task.deal, "cards": position.card_string(),
        "prelude": {"notation": list(task.prelude)},
        "trigger": {"notation": task.trigger} if task.trigger else None,
        "answers": {"notation": list(task.answers)},
        "goal": task.said(task.goal, position).render(lang),
        "covers": {"refusals": sorted(covered.refusals), "move_kinds": sorted(covered.move_kinds)},
    }


def coverage_json(game: str) -> dict[str, Any]:
    from tutor.tasks.coverage import coverage

    found = coverage(game)
    return {"tasks": found.tasks, "move_kinds": list(found.move_kinds), "missing_move_kinds": found.missing_kinds,
            "refusals": list(found.refusals), "missing_refusals": found.missing_refusals,
            "off_board_refusals": found.off_board, "missing_variants": found.missing_variants}


def coverage_line(game: str) -> Text:
    from tutor.tasks.coverage import changing_variants, coverage

    found = coverage(game)
    variants = changing_variants(game)
    return Text("ui", "covered: {kinds} of {kind_count} kinds of move, {refusals} of {refusal_count} refusals a "
                      "board can give ({off_board} only from a move typed in), {variants} of {variant_count} "
                      "variants that change play",
                kinds=len(found.move_kinds) - len(found.missing_kinds), kind_count=len(found.move_kinds),
                refusals=len(found.refusals) - len(found.missing_refusals), refusal_count=len(found.refusals),
                off_board=len(found.off_board), variants=len(variants) - len(found.missing_variants),
                variant_count=len(variants))


def run_lessons(args: argparse.Namespace) -> int:
    lang = language_of(args)
    games = _games(args)
    if args.check:
        return _check(games, lang, args.json)
    if args.json:
        print_json({"games": [{"game": game, "tasks": [task_json(task, lang) for task in tasks_of(game)],
                               "coverage": coverage_json(game)} for game in games]})
        return EXIT_OK
    for game in games:
        tasks = tasks_of(game)
        title = get_rules(game).title
        print(Text("ui", "{game}: {count} tasks", game=title, count=len(tasks)).render(lang))
        if not tasks:
            print("  " + Text("ui", "no tasks yet").render(lang))
            continue
        for section in sections_of(game):
            print(f"  {section}")
            for task in tasks_of(game, section):
                variant = f" [{task.variant}]" if task.variant else ""
                print(f"    {task.id:<28} {task.kind.name:<13}{variant} {task.said(task.goal).render(lang)}")
        print("  " + coverage_line(game).render(lang))
    return EXIT_OK


def _check(games: list[str], lang: str, as_json: bool) -> int:
    problems: list[tuple[str, Text]] = []
    count = 0
    for game in games:
        for task in tasks_of(game):
            count += 1
            problems += [(task.id, problem) for problem in check_task(task)]
        problems += [(game, problem) for problem in check_game(game)]
    if as_json:
        print_json({"checked": count, "problems": [{"where": where, "problem": problem.render(lang)}
                                                   for where, problem in problems]})
    elif problems:
        for where, problem in problems:
            print(f"{where}: {problem.render(lang)}")
    else:
        print(Text("ui", "{count} tasks checked: no problem found.", count=count).render(lang))
        for game in games:
            if tasks_of(game):
                print(f"  {game}: {coverage_line(game).render(lang)}")
    return EXIT_PROBLEMS if problems else EXIT_OK
