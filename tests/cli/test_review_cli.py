"""`tutor review`: the review in the terminal and as JSON (moves labelled as notation); bad input exits 2
with one line naming it, in the chosen language."""

from __future__ import annotations

import json

import pytest

from tutor.analysis.players import played_game
from tutor.cli import main as cli
from tutor.engine import get_rules
from tutor.i18n import LANGUAGES

# A lost game of deal 2 (random play), a deal that can be won from the start.
DEAL = 2
RULES = get_rules("fortunes-favour")


def lost_moves() -> list[str]:
    import random

    rng = random.Random(1)
    while True:
        position, moves = RULES.deal(DEAL), []
        while not position.is_over():
            moves.append(str(position.play(rng.choice(position.legal_moves()))))
        if position.is_lost():
            return moves


MOVES = lost_moves()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_review_prints_the_turning_point_and_the_winning_line_in_notation(capsys):
    code, out, err = run(capsys, "review", "fortunes-favour", "--deal", str(DEAL), "--play", *MOVES)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("The turning point: your move ")
    assert "Position by position:" in lines
    assert any(line.startswith("  At the start and after moves 1 to") for line in lines)
    winning = next(line for line in lines if line.startswith("Winning line from before move"))
    assert ", as moves are typed here:" in winning
    line = winning.split(": ", 1)[1].split()
    number = int(lines[0].rsplit(" ", 1)[1].rstrip("."))
    position = RULES.deal(DEAL)
    for move in MOVES[:number - 1]:
        position.play(move)
    for move in line:
        position.play(move)
    assert position.is_won()


def test_review_json_per_position_with_moves_labelled_as_notation(capsys):
    code, out, _ = run(capsys, "review", "fortunes-favour", "--deal", str(DEAL), "--play", *MOVES, "--json",
                       "--lang", "de")
    data = json.loads(out)
    assert code == 0 and data["game"] == "fortunes-favour" and data["deal"] == DEAL and data["finished"]
    assert len(data["positions"]) == len(MOVES) + 1
    assert [p["move_notation"] for p in data["positions"][:-1]] == MOVES
    assert {p["verdict"] for p in data["positions"]} == {"won", "lost"}
    point = data["turning_point"]
    assert set(point) == {"move_number", "move_notation", "alternative_notation", "winning_line_notation",
                          "fair_move_notation", "foresight"}
    assert point["move_notation"] == MOVES[point["move_number"] - 1]
    assert data["positions"][point["move_number"]]["verdict"] == "lost"
    assert data["positions"][point["move_number"] - 1]["verdict"] == "won"
    assert data["summary"][0] == f"Der Wendepunkt: dein Zug {point['move_number']}."


def test_review_of_a_cards_string_and_a_variant(capsys):
    cards = get_rules("queens-audience", "one-redeal").deal(5).card_string()
    position, moves = get_rules("queens-audience", "one-redeal").from_cards(cards), []
    while not position.is_over():
        moves.append(str(position.play(position.legal_moves()[0])))
    code, out, _ = run(capsys, "review", "queens-audience", "--variant", "one-redeal", "--cards", cards,
                       "--play", *moves, "--json")
    data = json.loads(out)
    assert code == 0 and data["deal"] is None and data["variant"] == "one-redeal"
    assert data["turning_point"] is None
    assert data["summary"][0].startswith("You won") or data["summary"][0].startswith("No move of yours decided")


@pytest.mark.parametrize(("argv", "english"), [
    (["review", "nope", "--deal", "1", "--play", "s-w"], "there is no game \"nope\""),
    (["review", "fortunes-favour", "--variant", "nope", "--deal", "1", "--play", "s-w"], "has no variant \"nope\""),
    (["review", "fortunes-favour", "--deal", "x", "--play", "s-w"], "a deal number is a whole number"),
    (["review", "fortunes-favour", "--cards", "AS KS", "--play", "s-w"], ""),
    (["review", "fortunes-favour", "--deal", "2", "--play", "t6-f2", "t9-t5"], "move 2 (t9-t5) cannot be played"),
    (["review", "fortunes-favour", "--deal", "2", "--play", "t6-f2", "xyz"], "move 2 (xyz) cannot be played"),
    (["review", "fortunes-favour", "--deal", "2", "--play", "s-w", "--timeout", "0"], "--timeout needs"),
    (["review", "fortunes-favour", "--deal", "2"], "this is missing: --play"),
    (["review", "forty-thieves", "--deal", "2", "--play", "s-w", "--samples", "0"], "--samples needs"),
    (["review", "forty-thieves", "--deal", "2", "--play", "s-w", "--seed", "-1"], "--seed needs"),
    (["review", "fortunes-favour", "--play", "s-w"], "this is missing"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, english):
    for lang in LANGUAGES:
        code, out, err = run(capsys, *argv, "--lang", lang)
        assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
        if lang == "en":
            assert english in err


def test_review_json_gives_the_winning_line_and_the_costly_moves_of_a_forty_thieves_game(capsys):
    """The tips player's game of deal 11, given up after 60 moves (issue 40): the line from the last
    position known to be winnable is in the JSON, and replayed from there it wins; the costly moves
    (few samples here) each have a legal better move."""
    rules = get_rules("forty-thieves")
    moves = played_game("forty-thieves", 11, moves=60)
    few = ("--timeout", "1", "--samples", "1", "--max-samples", "4")
    code, out, _ = run(capsys, "review", "forty-thieves", "--deal", "11", "--play", *moves, "--json", *few)
    data = json.loads(out)
    assert code == 0 and data["turning_point"] is None
    line = data["winning_line"]
    assert set(line) == {"from_move_number", "moves_notation"}
    position = rules.deal(11)
    for move in moves[:line["from_move_number"] - 1] + line["moves_notation"]:
        position.play(move)
    assert position.is_won()
    assert isinstance(data["costly_moves"], list) and all(p["chance_samples"] >= 1 for p in data["positions"])
    for costly in data["costly_moves"]:
        position = rules.deal(11)
        for move in moves[:costly["move_number"] - 1]:
            position.play(move)
        assert costly["better_move_notation"] in {str(m) for m in position.legal_moves()}
        assert costly["samples"] >= 1 and costly["better_chance"] > costly["chance_after"]
    code, out, _ = run(capsys, "review", "forty-thieves", "--deal", "11", "--play", *moves, *few)
    assert "Winning line from where you stopped, as moves are typed here: " in out
    assert "McNemar" in out
