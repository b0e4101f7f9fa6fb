"""tutor.web.widgets.play_record: the play page's address (deal and variant), deal numbers and
the player's record."""

from __future__ import annotations

import pytest

from tutor.errors import HashError
from tutor.limits import MAX_DEAL
from tutor.web.widgets.play_record import Stats, format_hash, parse_hash

GAME = "fortunes-favour"


def test_parse_hash_reads_deal_and_variant() -> None:
    assert parse_hash("deal=123&variant=one-redeal", GAME) == (123, "one-redeal")
    assert parse_hash("#deal=5", GAME) == (5, "")
    assert parse_hash("deal=0&variant=base", GAME) == (0, "")
    assert parse_hash(f"deal={MAX_DEAL}", GAME) == (MAX_DEAL, "")
    assert format_hash(123, "one-redeal") == "deal=123&variant=one-redeal"
    assert format_hash(7, "") == "deal=7"


@pytest.mark.parametrize("text", ["", "tips", "practice=ff-tip-1-a", "scenario-ff-tip-1", None, 12])
def test_a_hash_for_something_else_is_ignored(text) -> None:
    assert parse_hash(text, GAME) is None


@pytest.mark.parametrize("text", ["deal=abc", "deal=-1", "deal=", "deal=1.5", "deal=١٢", "deal=1&variant=nope",
                                  f"deal={MAX_DEAL + 1}", "deal=" + "9" * 400, "variant=one-redeal",
                                  "deal=1&deal=2"])
def test_bad_hash_says_why(text: str) -> None:
    with pytest.raises(HashError) as err:
        parse_hash(text, GAME)
    for lang in ("en", "de"):
        message = err.value.text.render(lang)
        assert message and "{" not in message and len(message) < 200


def test_stats_record() -> None:
    stats = Stats()
    for won in (True, True, False, True):
        stats.record(won)
    assert (stats.played, stats.won, stats.streak, stats.best) == (4, 3, 1, 2)
    assert Stats.from_json({"played": 4, "won": 3, "streak": 1, "best": 2}) == stats
