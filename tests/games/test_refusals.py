"""Each game keeps one list of its refusals (its rules class's ``refusals``: id → the section of its
page that states the rule), and its checks return only refusals from that list: so what a task
teaches can be matched to the rule it refuses, and a refusal can link to its section."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from tutor.engine import Move, Refusal, get_rules
from tutor.engine.registry import game_ids, rules_class
from tutor.errors import IllegalMove
from tutor.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]


def _game_folder(game_id: str) -> Path:
    return ROOT / Path(*rules_class(game_id).__module__.split(".")[:-1])


def _refusal_ids_in_source(game_id: str) -> set[str]:
    found = set()
    for path in _game_folder(game_id).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refusal":
                first = node.args[0]
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                    f"{path.name}:{node.lineno}: a refusal's id is written out, so the list can be checked")
                found.add(first.value)
    return found


@pytest.mark.parametrize("game_id", game_ids())
def test_every_refusal_the_checks_give_is_in_the_games_list_and_every_listed_one_is_given(game_id: str) -> None:
    listed = set(rules_class(game_id).refusals)
    used = _refusal_ids_in_source(game_id)
    assert used - listed == set(), "refusals given but not listed"
    assert listed - used == set(), "refusals listed but never given"


@pytest.mark.parametrize("game_id", game_ids())
def test_each_refusal_names_a_section_that_both_pages_of_the_game_have(game_id: str) -> None:
    for lang in LANGUAGES:
        page = (ROOT / "docs" / lang / f"{game_id}.md").read_text("utf-8")
        anchors = set(re.findall(r"\{#([\w-]+)\}", page))
        missing = {rid: section for rid, section in rules_class(game_id).refusals.items()
                   if section and section not in anchors}
        assert missing == {}, lang


def _candidate_moves(position, rng: random.Random) -> list[Move]:
    """Random pick → drop pairs over every pile the board shows, with a run length now and then and,
    where the game moves pairs, two sources."""
    piles = [view.id for view in position.layout()]
    moves = []
    for _ in range(40):
        src, dst = rng.choice(piles), rng.choice(piles)
        count = rng.choice((1, 1, 1, 2, 3))
        moves.append(Move(src, dst, count))
        if rng.random() < 0.2:
            moves.append(Move(f"{src}+{rng.choice(piles)}", dst))
    return moves


@pytest.mark.parametrize("game_id,variant", [(g, v) for g in game_ids() for v in get_rules(g).variants])
def test_random_picks_and_drops_are_refused_only_with_the_games_own_refusals(game_id: str, variant: str) -> None:
    rng = random.Random(f"{game_id}/{variant}")
    rules = get_rules(game_id, variant)
    listed = set(rules.refusals)
    given: set[str] = set()
    for _ in range(12):
        position = rules.deal(rng.randrange(10**6))
        for _ in range(rng.randrange(0, 120)):
            legal = position.legal_moves()
            if not legal or position.is_over():
                break
            position.play(rng.choice(legal))
        for move in _candidate_moves(position, rng):
            try:
                position.play(move)
            except IllegalMove as refused:
                assert isinstance(refused.text, Refusal), f"{move}: {refused.text!r} names no rule"
                assert refused.text.reason in listed, f"{move}: {refused.text.reason}"
                given.add(refused.text.reason)
            else:
                position.undo()
    assert given, "no move was refused: the test drew nothing"
