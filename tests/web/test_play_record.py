"""tutor.web.widgets.play_record: the play page's address (deal and variant), deal numbers and
the player's record."""

from __future__ import annotations

import pytest

from tutor.errors import HashError
from tutor.i18n import LANGUAGES
from tutor.limits import MAX_DEAL, RECENT_GAMES
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
    for lang in LANGUAGES:
        message = err.value.text.render(lang)
        assert message and "{" not in message and len(message) < 200


def test_stats_record() -> None:
    stats = Stats()
    for result, seconds in (("won", 300), ("won", 200), ("lost", 50), ("given-up", 10), ("won", 250)):
        stats.record(result, 40, seconds)
    assert (stats.played, stats.won, stats.streak, stats.best, stats.best_seconds) == (5, 3, 1, 2, 200)
    assert [game.result for game in stats.recent] == ["won", "won", "lost", "given-up", "won"]
    assert Stats.from_json(stats.as_json()) == stats
    # a record kept before best times and the last games were: read as it was
    old = Stats.from_json({"played": 4, "won": 3, "streak": 1, "best": 2})
    assert (old.played, old.won, old.best_seconds, old.recent) == (4, 3, None, [])


def test_the_record_keeps_the_last_games_only() -> None:
    stats = Stats()
    for number in range(RECENT_GAMES + 5):
        stats.record("won" if number % 2 else "lost", number, number)
    assert len(stats.recent) == RECENT_GAMES and stats.recent[-1].moves == RECENT_GAMES + 4
    assert stats.played == RECENT_GAMES + 5 and Stats.from_json(stats.as_json()) == stats


@pytest.mark.parametrize("record", [
    {"played": 1, "recent": [{"result": "won", "moves": 1, "seconds": 1}]},  # won more than it has
    {"played": 1, "recent": [{"result": "drawn", "moves": 1, "seconds": 1}]},
    {"played": 1, "recent": [{"result": "lost", "moves": -1, "seconds": 1}]},
    {"played": 1, "recent": [{"result": "lost", "moves": 1, "seconds": "1"}]},
    {"played": 1, "recent": "lost"},
    {"played": 0, "recent": [{"result": "lost", "moves": 1, "seconds": 1}]},
    {"played": 1, "won": 1, "streak": 1, "best": 1, "best_seconds": -5},
    {"played": 1, "won": 1, "streak": 1, "best": 1, "best_seconds": True},
    {"played": 99, "recent": [{"result": "lost", "moves": 1, "seconds": 1}] * (RECENT_GAMES + 1)},
])
def test_a_damaged_record_is_refused(record) -> None:
    with pytest.raises(ValueError):
        Stats.from_json(record)
