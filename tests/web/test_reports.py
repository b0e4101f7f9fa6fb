"""tutor.analysis.reports and each game's words: a move of the reader's reported in the game's words."""

from __future__ import annotations

import pytest

from tutor.analysis.reports import move_report
from tutor.engine import game_ids, get_rules
from tutor.engine.contract import words_of
from tutor.i18n import Text, card_short

WORDS = ("MOVE_REPORTS", "AUTO_LABEL", "AUTO_PLAYS_EVERY_FIT", "NO_HOME", "HOME_SHORTCUT")


@pytest.mark.parametrize("game", game_ids())
def test_every_game_says_the_same_things_in_its_own_words(game: str) -> None:
    words = words_of(game)
    assert all(hasattr(words, name) for name in WORDS)
    assert isinstance(words.AUTO_LABEL, Text) and words.AUTO_LABEL.context == game
    assert isinstance(words.AUTO_PLAYS_EVERY_FIT, bool)
    assert words.HOME_SHORTCUT.context == game and words.NO_HOME(card="").context == game
    for report in words.MOVE_REPORTS.values():
        assert report(card="", top="", first="", second="", count=1).context == game


def test_a_turn_and_a_move_are_reported_by_kind() -> None:
    position = get_rules("fortunes-favour").deal(1)
    assert move_report(position, position.canonical("s-w")) == Text(
        "fortunes-favour", "You turned up the {card}.", card=position.piles["s"][-1])
    assert move_report(position, position.canonical("t1-t5")) == Text(
        "fortunes-favour", "You moved the {card} onto the {top}.", card=position.piles["t1"][-1],
        top=position.piles["t5"][-1])


def test_what_followed_a_move_is_reported_in_the_past() -> None:
    """"A report is not a hint" (issue 24): after the reader's move the page says what happened,
    the compulsory fill too ("The stock filled the space with 2♣"), never an order."""
    from tutor.analysis.reports import beat_reports

    position = get_rules("fortunes-favour").deal(5)
    tops = (position.piles["t1"][-1].code, position.piles["t8"][-1].code, position.piles["s"][-1].code)
    assert tops == ("8S", "9S", "2C")
    reports = beat_reports(position.play_beats("t1-t8"))
    assert [text.render("en") for text in reports] == ["You moved the 8♠ onto the 9♠.",
                                                       "The stock filled the space with the 2♣."]
    assert [text.render("de") for text in reports] == ["Du hast die 8♠ auf die 9♠ gelegt.",
                                                       "Der Vorrat hat die Lücke mit der 2♣ gefüllt."]


@pytest.mark.parametrize("game", game_ids())
def test_every_game_reports_a_fill_and_a_card_sent_home_in_the_past(game: str) -> None:
    """Play random deals on; every report of a compulsory action or of a card the page's option sent
    home is a past-tense sentence of the game's words (no order, no description standing in)."""
    from tutor.analysis.reports import beat_reports

    words = words_of(game)
    kinds_seen = set()
    for deal in range(1, 30):
        position = get_rules(game).deal(deal)
        for _ in range(60):
            moves = position.legal_moves()
            if not moves:
                break
            beats = position.play_beats(moves[deal % len(moves)])
            for text, (_, forced, _) in zip(beat_reports(beats), beats, strict=True):
                if forced:
                    kinds_seen.add("forced")
                    assert text.msgid in {words.MOVE_REPORTS[k](card="").msgid for k in ("fill-stock", "fill-waste")}
            home = [m for m in position.legal_moves() if any(v.id == m.dst and v.kind in ("foundation", "pair")
                                                             for v in position.layout())]
            for move in home[:1]:
                before = position.copy()
                text = beat_reports(before.copy().play_beats(move), auto_from=0)[0]
                assert text.msgid.endswith(("by itself.", "by themselves.")), text.msgid
                kinds_seen.add("auto")
    assert "auto" in kinds_seen
    assert ("forced" in kinds_seen) == ("fill-stock" in words.MOVE_REPORTS)


def test_a_run_of_two_is_the_card_with_the_card_on_it() -> None:
    """Josephine moves a card with the cards on it: one card on it is "the card on it", never
    "the 1 cards on it" (deal 19's only run, the Q♠ with the J♠ on it, onto the K♠)."""
    position = get_rules("forty-thieves", "josephine").deal(19)
    run = next(m for m in position.legal_moves() if m.count > 1)
    assert run.count == 2
    report = move_report(position, run)
    first, top = position.piles[run.src][-2], position.piles[run.dst][-1]
    assert report.render("en") == (f"You moved the {card_short(first, 'en')} with the card on it "
                                   f"onto the {card_short(top, 'en')}.")
    assert "Karte darauf auf" in report.render("de") and " 1 " not in report.render("de")
