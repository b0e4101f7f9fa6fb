"""The `tutor` command: deal, moves, play; bad input exits 2 with one line, never a traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from tutor.cli import main as cli
from tutor.engine import get_rules


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_parser_has_the_subcommands():
    parser = cli.build_parser()
    actions = [a for a in parser._actions if a.dest == "command"]
    assert {"deal", "moves", "play"} <= set(actions[0].choices)
    assert {"simulate", "solve"} <= set(actions[0].choices)  # registered by cli_solve


def test_deal_json_schema_and_card_string_reproduces_the_deal(capsys):
    code, out, err = run(capsys, "deal", "fortunes-favour", "--deal", "3", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"game", "variant", "deal", "cards", "piles", "counters"}
    assert (data["game"], data["variant"], data["deal"]) == ("fortunes-favour", "", 3)
    pos = get_rules("fortunes-favour").deal(3)
    assert data["cards"] == pos.card_string()
    assert data["piles"]["f1"] == ["AC"] and data["piles"]["t1"] == [pos.piles["t1"][0].code]
    assert data["piles"]["s"][-1] == data["cards"].split()[12]  # bottom first: the top card is last
    code, out2, _ = run(capsys, "deal", "fortunes-favour", "--cards", data["cards"], "--json")
    again = json.loads(out2)
    assert code == 0 and again["piles"] == data["piles"] and again["deal"] is None


@pytest.mark.parametrize(("game", "variant"), [("fortunes-favour", ""), ("fortunes-favour", "busy-aces"),
                                                ("queens-audience", ""), ("queens-audience", "round-hall")])
def test_deal_drawn_in_the_terminal(capsys, game, variant):
    code, out, _ = run(capsys, "deal", game, "--variant", variant, "--deal", "2", "--lang", "de")
    pos = get_rules(game, variant).deal(2)
    assert code == 0
    for pile_id in pos.piles:
        assert pile_id in out
    assert "Vorrat" in out and "Abwurfstapel" in out


def test_moves_after_playing_json(capsys):
    code, out, _ = run(capsys, "moves", "fortunes-favour", "--deal", "1", "--play", "t3-t11", "s-w", "--json",
                       "--lang", "de")
    data = json.loads(out)
    assert code == 0 and data["played"] == ["t3-t11", "s-w"]
    assert {"move": "s-w", "text": "Deck die oberste Karte des Vorrats auf den Abwurfstapel auf"} in data["moves"]
    assert data["won"] is False and data["lost"] is False
    pos = get_rules("fortunes-favour").deal(1)
    pos.play("t3-t11")
    pos.play("s-w")
    assert [m["move"] for m in data["moves"]] == [str(m) for m in pos.legal_moves()]


def test_moves_text_lists_sentences(capsys):
    code, out, _ = run(capsys, "moves", "queens-audience", "--deal", "1")
    assert code == 0 and "Legal moves:" in out and "s-w" in out


def test_illegal_play_exits_2_with_the_localized_reason(capsys):
    code, out, err = run(capsys, "moves", "fortunes-favour", "--deal", "1", "--play", "t1-t2", "--lang", "de")
    assert code == 2 and out == ""
    assert err.strip() == ("tutor: Zug 1 (t1-t2) ist nicht möglich: Die 7♦ kann nicht auf die 9♣: Eine Karte in der "
                           "Auslage muss dieselbe Farbe haben und einen Rang niedriger sein")
    assert err.count("\n") == 1


@pytest.mark.parametrize("argv", [
    ["deal", "klondike"],
    ["deal", "fortunes-favour", "--variant", "nope"],
    ["deal", "fortunes-favour", "--cards", "AS KS"],
    ["deal", "fortunes-favour", "--cards", "ZZ " * 48],
    ["deal", "fortunes-favour", "--deal", "minus"],
    ["deal", "fortunes-favour", "--deal", "-1"],
    ["deal", "fortunes-favour", "--deal", "1", "--cards", "AS"],
    ["moves", "queens-audience", "--play", "nonsense"],
    ["deal"],
    ["frobnicate"],
    [],
])
def test_bad_input_exits_2_with_one_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err


def test_play_reads_piped_moves_and_ends_at_end_of_input():
    script = "t3-t11\nmoves\n1\nbogus\nt2-t4\nundo\nredo\nundo\nundo\nundo\nhelp\n"
    out = io.StringIO()
    args = cli.build_parser().parse_args(["play", "fortunes-favour", "--deal", "1", "--lang", "en"])
    code = cli.run_play(args, stdin=io.StringIO(script), stdout=out)
    text = out.getvalue()
    assert code == 0
    assert "Move the 4♦ from pile 3 onto the 5♦ on pile 11. The stock fills the space at pile 3 with the 3♣." in text
    assert "Legal moves:" in text
    assert '"bogus" is not a move' in text
    assert "the 9♣ cannot go onto the 8♥" in text
    assert "Nothing to undo." in text
    assert text.rstrip().endswith(cli.Text("ui", "Your move (moves, undo, redo, help, quit): ").render("en").strip())


def test_play_to_a_win_congratulates():
    from tutor.cards import ALL_CARDS

    order = [c for rank in range(2, 14) for c in ALL_CARDS if c.rank == rank]
    rules = get_rules("fortunes-favour")
    pos = rules.from_cards(" ".join(c.code for c in order))
    moves = []
    while not pos.is_won():
        home = [m for m in pos.legal_moves() if m.dst.startswith("f")]
        move = home[0] if home else pos.legal_moves()[-1]
        moves.append(str(move))
        pos.play(move)
    args = cli.build_parser().parse_args(["play", "fortunes-favour", "--cards", pos.card_string(), "--lang", "de"])
    out = io.StringIO()
    assert cli.run_play(args, stdin=io.StringIO("\n".join(moves) + "\nnever read\n"), stdout=out) == 0
    assert out.getvalue().rstrip().endswith("Glückwunsch, du hast gewonnen!")


def test_python_dash_m_tutor_end_to_end():
    done = subprocess.run([sys.executable, "-m", "tutor", "play", "queens-audience", "--deal", "5"],
                          input="s-w\nquit\n", capture_output=True, text=True, timeout=60,
                          env={"LANG": "de_DE.UTF-8", "PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Dein Zug" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "tutor", "deal", "nope"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
