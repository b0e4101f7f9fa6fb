"""Hints (tutor/hints.py): a legal next move with a reason, from the solver when it finds a win in
time, else from the player who follows the tips (Forty Thieves: the careful player who sees only the
face-up cards)."""

from __future__ import annotations

from tutor.games import get_rules
from tutor.hints import REASONS, hint


def test_hint_from_the_solver_starts_a_winning_line():
    position = get_rules("fortunes-favour").deal(5)
    found = hint(position, time_limit=5)
    assert found is not None and found.source == "solver"
    assert found.move == found.winning_line[0]
    replay = position.copy()
    for move in found.winning_line:
        replay.play(move)
    assert replay.is_won()
    assert found.explanation.render("en") and found.explanation.render("de")


def test_forty_thieves_hint_falls_back_to_the_careful_player_and_says_so():
    position = get_rules("forty-thieves").deal(1)
    found = hint(position, time_limit=0.01, node_limit=10)
    assert found is not None and found.source == "expert"
    assert position.is_legal(found.move)
    text = found.explanation.render("en")
    assert text.startswith(position.describe(found.move).render("en"))
    assert found.as_json("de")["move"] == found.move
    assert "face-up cards" in text and found.winning_line is None


def test_forty_thieves_hint_from_the_solver_says_it_knows_the_talon():
    position = get_rules("forty-thieves").deal(2)  # the solver wins deal 2 in a few thousand positions
    found = hint(position, time_limit=30)
    assert found is not None and found.source == "solver"
    replay = position.copy()
    for move in found.winning_line:
        replay.play(move)
    assert replay.is_won()
    assert "knows the order of the talon" in found.explanation.render("en")


def test_no_hint_when_the_game_is_over():
    position = get_rules("queens-audience").deal(0)
    while position.legal_moves():
        position.play(position.legal_moves()[0])
    assert hint(position) is None


def test_every_reason_the_tips_players_give_has_words():
    from tutor.strategies import fortunes_favour_tips, forty_thieves_tips, queens_audience_tips
    import inspect
    import re

    for game, player in (("fortunes-favour", fortunes_favour_tips), ("forty-thieves", forty_thieves_tips),
                         ("queens-audience", queens_audience_tips)):
        keys = set(re.findall(r'move, "([a-z-]+)"', inspect.getsource(player)))
        assert keys and keys <= set(REASONS[game]), (game, keys - set(REASONS[game]))
