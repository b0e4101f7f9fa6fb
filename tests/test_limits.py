"""Every limit once (tutor/limits.py), and what happens at a limit: a clear message, nothing lost.

"The play page takes every deal number the command line takes; any game that a page lets grow is
restored on reload" (issue 22)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from tutor import limits
from tutor.engine import Move, get_rules
from tutor.web.protocol import Session

ROOT = Path(__file__).resolve().parents[1]
LIMIT_NAME = ("MAX_", "MIN_")


def test_every_limit_is_written_in_limits_only():
    """No module but tutor/limits.py gives a MAX_… name a number of its own (an alias of a limit
    from tutor.limits is fine: ``MAX_SAVED = limits.MAX_GAME_MOVES``)."""
    own = []
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        if path.name == "limits.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and isinstance(node.value, (ast.Constant, ast.BinOp)):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id.startswith(LIMIT_NAME):
                        own.append(f"{path.relative_to(ROOT)}:{node.lineno} {target.id}")
    assert own == []


def test_the_limits_agree_with_each_other():
    assert limits.MAX_DEAL == 2**64 - 1 and limits.DEAL_DIGITS == 20
    assert limits.RANDOM_DEALS <= limits.MAX_DEAL
    # a saved game of the longest length fits the storage a page gives it
    assert len(json.dumps([["t10-t8"]] * limits.MAX_GAME_MOVES)) < limits.MAX_SAVED_CHARS


# --- long games: saved, then restored ---------------------------------------------------------------
GAME = "forty-thieves"


def _back_and_forth(total: int) -> tuple[int, list[str]]:
    """A Forty Thieves game of ``total`` legal moves: a few moves of deal 1, then one card carried
    between two columns and back (two equal cards lie free: the pack holds each card twice)."""
    rules = get_rules(GAME)
    position = rules.deal(1)
    played: list[str] = []
    while True:
        for move in position.legal_moves():
            if move.src.startswith("t") and move.dst.startswith("t"):
                position.play(move)
                back = Move(move.dst, move.src, move.count)
                legal_back = position.is_legal(back)
                position.undo()
                if legal_back:
                    loop = [str(move), str(back)]
                    return 1, played + [loop[i % 2] for i in range(total - len(played))]
        move = position.legal_moves()[0]
        position.play(move)
        played.append(str(move))


def _open(saved: dict | None = None) -> dict:
    session = Session()
    assert session.handle({"widget": "w", "action": "open", "spec": f"play: {GAME}", "lang": "en"})["ok"]
    return session, session.handle({"widget": "w", "action": "start", "hash": "", "saved": saved})


@pytest.mark.parametrize("length", [6_000, limits.MAX_GAME_MOVES])
def test_a_long_game_is_restored_on_reload(length):
    deal, moves = _back_and_forth(length)
    saved = {"game": GAME, "variant": "", "deal": str(deal), "moves": [[move] for move in moves], "counted": False}
    _, answer = _open(json.loads(json.dumps(saved)))  # as the page stores it and reads it back
    assert answer["ok"] and "carries on where you left off" in answer["message"]
    assert len(answer["state"]["saved"]["moves"]) == length


def test_a_game_at_the_limit_refuses_the_next_move_and_keeps_the_game():
    deal, moves = _back_and_forth(limits.MAX_GAME_MOVES)
    saved = {"game": GAME, "variant": "", "deal": str(deal), "moves": [[move] for move in moves], "counted": False}
    session, answer = _open(saved)
    refused = session.handle({"widget": "w", "action": "move", "move": moves[-2], "lang": "en"})
    assert not refused["ok"] and str(limits.MAX_GAME_MOVES) in refused["message"]
    after = session.handle({"widget": "w", "action": "start", "hash": "", "saved": answer["state"]["saved"]})
    assert len(after["state"]["saved"]["moves"]) == limits.MAX_GAME_MOVES
