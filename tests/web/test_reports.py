"""tutor.web.reports and each game's words: a move of the reader's reported in the game's words."""

from __future__ import annotations

import pytest

from tutor.engine import game_ids, game_part, get_rules
from tutor.i18n import Text
from tutor.web.reports import move_report

WORDS = ("MOVE_REPORTS", "AUTO_LABEL", "AUTO_PLAYS_EVERY_FIT")


@pytest.mark.parametrize("game", game_ids())
def test_every_game_says_the_same_things_in_its_own_words(game: str) -> None:
    words = game_part(game, "words")
    assert all(hasattr(words, name) for name in WORDS)
    assert isinstance(words.AUTO_LABEL, Text) and words.AUTO_LABEL.context == game
    assert isinstance(words.AUTO_PLAYS_EVERY_FIT, bool)
    for report in words.MOVE_REPORTS.values():
        assert report(card="", top="", first="", second="", count=1).context == game


def test_a_turn_and_a_move_are_reported_by_kind() -> None:
    position = get_rules("fortunes-favour").deal(1)
    assert move_report(position, position.canonical("s-w")) == Text(
        "fortunes-favour", "You turned up the {card}.", card=position.piles["s"][-1])
    assert move_report(position, position.canonical("t1-t5")) == Text(
        "fortunes-favour", "You moved the {card} onto the {top}.", card=position.piles["t1"][-1],
        top=position.piles["t5"][-1])
