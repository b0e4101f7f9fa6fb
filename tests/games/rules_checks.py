"""Checks the rule tests of every game share (imported by the test modules beside this file)."""

from __future__ import annotations

import pytest

from tutor.cards import Card
from tutor.engine import IllegalMove


def codes(pile: list[Card]) -> list[str]:
    return [c.code for c in pile]


def assert_illegal(pos, move: str, *fragments: str) -> str:
    """``move`` is refused with a reason containing ``fragments`` (in English, and given in German
    too), and the position and its history are exactly as before."""
    before = pos.state_key()
    history = len(pos.history)
    assert not pos.is_legal(move)
    with pytest.raises(IllegalMove) as info:
        pos.play(move)
    assert pos.state_key() == before and len(pos.history) == history
    message = info.value.message("en")
    for fragment in fragments:
        assert fragment in message, message
    assert info.value.message("de")
    return message
