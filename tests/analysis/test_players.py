"""The players (tutor/analysis/players.py and each game's tips.py): their moves are legal in the
engine, their wins are real wins there, and the tips make a difference where the texts say they
matter."""

from __future__ import annotations

import pytest

from tutor.analysis.players import get_strategy, play_out, strategy_names
from tutor.engine import get_rules, iter_variants
from tutor.engine.lean import kernel_for
from tutor.engine.registry import game_ids

VARIANTS = list(iter_variants())


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=[f"{g}:{v or 'base'}" for g, v in VARIANTS])
@pytest.mark.parametrize("name", ["tips", "naive"])
def test_strategy_games_replay_in_the_engine(game, variant, name):
    rules = get_rules(game, variant)
    kernel = kernel_for(rules)
    player = get_strategy(kernel, name)
    for number in range(2):
        moves: list = []
        won, final = play_out(kernel, kernel.deal(number), player, record=moves)
        position = rules.deal(number)
        for move in moves:
            position.play(kernel.notation(move))
        assert position.is_won() == won
        assert kernel.from_position(position) == final


def win_count(game: str, variant: str, name: str, deals: range) -> int:
    kernel = kernel_for(get_rules(game, variant))
    player = get_strategy(kernel, name)
    return sum(play_out(kernel, kernel.deal(n), player)[0] for n in deals)


def test_fortunes_favour_tips_beat_turning_at_once():
    """ "Before turning a stock card, make every useful move in the tableau and to the foundations." """
    tips = win_count("fortunes-favour", "", "tips", range(60))
    naive = win_count("fortunes-favour", "", "naive", range(60))
    assert tips >= naive + 30


def test_fortunes_favour_tips_prefer_the_move_that_empties_a_pile():
    """ "When you can choose between two moves, prefer the one that empties a pile." """
    rules = get_rules("fortunes-favour")
    kernel = kernel_for(rules)
    position = rules.from_cards("9H 8C 4D 7S 6S 2H QD KD 3C 2S 9C 2D " + " ".join(
        c.code for c in rules.card_string_pack() if c.code not in
        "9H 8C 4D 7S 6S 2H QD KD 3C 2S 9C 2D".split()))
    state = kernel.from_position(position)
    move, reason = get_strategy(kernel, "tips")(kernel, state, kernel.moves(state), set())
    assert reason in ("home-empties", "empty-pile")
    naive_move, _ = get_strategy(kernel, "naive")(kernel, state, kernel.moves(state), set())
    assert kernel.notation(naive_move) == "s-w"


def test_queens_audience_offers_no_real_choice():
    """ "Viel zu entscheiden gibt es nicht: Spiel jede Karte, sobald sie passt." – the engine turns
    a card only when nothing else goes, so both players win the same deals."""
    deals = range(40)
    assert win_count("queens-audience", "", "tips", deals) == win_count("queens-audience", "", "naive", deals)


def test_strategy_names():
    for game in game_ids():
        assert strategy_names(game)[:2] == ["tips", "naive"]
    with pytest.raises(ValueError):
        get_strategy(kernel_for(get_rules("fortunes-favour")), "clever")
