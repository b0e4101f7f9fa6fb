"""The coach (tutor/analysis/coach.py and each game's tips.py): every tip function speaks where a move
goes against its tip and stays silent on a move of the same kind that does not; the tips are quoted as
the pages state them; the coach never reads the stock; `tutor play --coach` prints the remarks.

The positions come from real deals: the deal, then the moves the tips player made (recorded once
by playing it), then the move judged."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tutor.analysis import coach
from tutor.engine import Move, get_rules
from tutor.engine.contract import tips_of
from tutor.engine.registry import game_ids
from tutor.games.forty_thieves.lessons.exercises import _LINE_1
from tutor.i18n import LANGUAGES
from tutor.lessons import exercises_of, first_exercise_for, first_moves

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Case:
    game: str
    variant: str
    deal: int
    tip: int
    move: str
    prelude: str

    def position(self):
        position = get_rules(self.game, self.variant).deal(self.deal)
        for move in self.prelude.split():
            position.play(move)
        return position

    def __str__(self) -> str:
        return f"{self.game}-tip{self.tip}-{self.move}"


SPEAK = [  # a move each tip must speak on
    Case('fortunes-favour', '', 1, 1, 's-w',
     ''),
    Case('fortunes-favour', '', 1, 2, 's-w',
     't1-t5 t3-t11 t3-f2 t8-t5 s-w'),
    Case('fortunes-favour', '', 1, 3, 's-w',
     ''),
    Case('fortunes-favour', '', 24, 4, 'w-t6',
     't1-t8 t1-f4 t3-t1 t3-t6 t10-t3 t10-f2 s-w s-w w-t6 t4-t6 t2-t4 s-w w-t12 s-w s-w w-t5 w-t5 s-w '
     'w-f3 s-w s-w s-w w-t11 s-w w-t4 t7-t4 t10-t7 s-w s-w s-w s-w s-w s-w s-w w-t3 s-w s-w w-f2 t8-f2 '
     't8-f2 s-w w-t6 s-w w-f4 t5-f4 t5-f4 t5-f4 s-w w-t11 s-w s-w w-f1 t12-f1 t12-f1 t9-t12 t6-f1 '
     't6-f1 t6-f1 t6-f1 t6-f1'),
    Case('forty-thieves', '', 1, 1, 't2-t8',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w '
     'w-f2 t8-f2 t8-f2 t8-t10'),
    Case('forty-thieves', '', 1, 2, 's-w',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w'),
    Case('forty-thieves', '', 3, 3, 't2-f3',
     't1-f1 t7-f1 t6-t3 s-w s-w s-w s-w s-w w-t1 s-w w-f2 s-w w-t5 s-w w-f1 t5-f1 t5-f1 t5-f2 t10-t5 '
     's-w w-t1 w-t1 w-f1 s-w s-w s-w s-w w-t9 s-w s-w s-w w-t5 s-w w-f2 s-w s-w w-t1 s-w s-w w-f3 s-w '
     's-w s-w s-w s-w s-w w-t8 s-w s-w s-w w-f4 s-w s-w s-w w-t5 s-w s-w w-t9 s-w w-t4 s-w s-w w-t5 '
     's-w w-t8 s-w w-t3 t6-t3 t6-f2 s-w w-f1 t7-f1 s-w s-w s-w w-f3'),
    Case('forty-thieves', '', 1, 4, 't6-f1',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w '
     'w-f2 t8-f2 t8-f2 t8-t10 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-t7 t1-t8 t1-t5 s-w s-w w-f3 s-w s-w '
     'w-t10 s-w s-w s-w s-w s-w w-f1'),
    Case('queens-audience', '', 1, 1, 's-w',
     's-w s-w s-w s-w'),
    Case('queens-audience', '', 1, 2, 's-w',
     's-w s-w s-w s-w'),
    Case('queens-audience', '', 1, 3, 's-w',
     's-w s-w s-w s-w w+r7-j2 s-w s-w s-w s-w s-w s-w s-w w-j2 s-w s-w s-w s-w s-w s-w'),
    Case('forty-thieves', '', 42, 5, 't4-t5',
     't2-t4 t7-t4 t8-t2 t10-t7 t6-t10 s-w w-t3 s-w s-w s-w s-w s-w s-w s-w w-t5 s-w s-w w-t7 s-w w-t3 '
     't1-t3 s-w w-t6 s-w w-t10 s-w s-w s-w s-w w-f1 t5-f1 t5-f1 t5-t4 t5-f2 t5-f3 t2-f3 t2-f3 t6-f3 '
     't6-f3 t10-f3 t10-f3 t10-f3 t1-f3 t1-t8 t2-t6 t10-t5 t10-t4 s-w s-w w-t2 s-w w-t1 s-w w-f1 t2-f1 '
     't2-f1 w-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t3 s-w s-w s-w s-w w-f2 t8-f2 t8-f2 t8-t4 s-w s-w '
     's-w w-f4 t7-f4 t7-f4 t7-f4 t3-f4 t3-f4 t3-f4 t3-f4 t3-f4 t3-t6 t3-t10 t3-t6 t10-t6 w-t3 s-w w-f2 '
     's-w s-w w-f2 t4-f2 t4-f2 t4-f2 t4-f2 t3-f2 t4-t3'),
    # the measured tips (6 to 11): a turn made while the tip still had a move
    Case('forty-thieves', '', 0, 7, 's-w',
     't1-f1 s-w w-f1 s-w s-w w-f1 s-w s-w w-f2 s-w w-t3 s-w s-w w-t8 t6-t8 s-w w-f1 t7-f1 t7-t2 t7-t9 '
     's-w s-w s-w s-w w-t8 s-w w-t4 s-w s-w s-w s-w w-f3'),
    Case('forty-thieves', '', 1, 8, 's-w',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w '
     'w-f2 t8-f2 t8-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t8-t10 t2-t7 s-w s-w w-f3 t9-t8 t9-t7 t9-f3'),
    Case('forty-thieves', '', 4, 9, 's-w',
     ''),
    Case('forty-thieves', '', 0, 11, 's-w',
     't1-f1 s-w w-f1 s-w s-w w-f1 s-w s-w w-f2 s-w w-t3 s-w s-w w-t8 t6-t8 s-w w-f1 t7-f1'),
    # tip 10: the waste's card could go into the empty column 9, where another card can follow it
    Case('forty-thieves', '', 1, 10, 's-w',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 '
     's-w w-f2 t8-f2 t8-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t8-t10 t2-t7 s-w s-w w-f3 t9-t8 t9-t7 t9-f3 '
     't8-t7 s-w s-w w-t10 t9-t10 t5-t8 t5-t9 t5-f5 s-w w-t9 t6-t9 t6-t5 s-w s-w w-f5 s-w s-w w-f1 '
     't9-f1 t9-f1 t9-f1'),
    # the ending worked out (tip 6): a move after which it can no longer be won
    Case('forty-thieves', '', 35, 6, 'w-t3',
     't2-t8 t2-f1 t2-t1 s-w s-w s-w w-f2 s-w s-w w-t9 s-w s-w w-t8 s-w s-w s-w s-w w-t5 s-w s-w s-w '
     'w-f2 s-w w-f3 s-w s-w s-w s-w s-w w-f1 t5-f1 t5-f1 s-w w-f3 s-w s-w w-f4 s-w s-w s-w w-t4 s-w '
     's-w w-f5 s-w w-t3 s-w w-t5 s-w w-f4 s-w w-t9 s-w s-w w-t9 s-w w-f6 s-w s-w s-w s-w s-w s-w s-w '
     's-w s-w w-f5 t3-f5 t3-f5 s-w w-t1 t2-t1 w-t2 t3-t2 s-w w-f4 t3-f4 s-w w-t4 s-w s-w w-f1 t10-f1 '
     's-w w-t9 s-w s-w s-w w-f1 t4-f1 t4-f1 t4-f1 s-w s-w s-w s-w w-f5 t1-f5 t1-f5 t1-f5 t1-f5 t1-f6 '
     's-w s-w w-f2 t8-f2 t8-f2 t8-f2 t9-f2 t9-f2 t9-f2 t9-f2 t2-f2 t2-f2 t1-t2 t1-f1 t4-t1 t4-f7 t4-f2 '
     't5-t8 t5-t4 t5-f8 t1-f8 t8-t4 t8-t1 t8-t7 t8-f3 t3-t7 w-t3 w-t8 t1-t8 w-f3 t9-t5 t9-t1 t9-f3 '
     't9-t2 s-w w-f8 s-w w-t1 s-w w-f6 t6-f6 t6-t3 t10-t6 t1-t9 t1-t10 t9-t10 w-t1 w-f1 w-f1 w-t8 w-t9 '
     't3-t9 w-t5 w-f4 s-w w-t2 s-w w-f5 t4-f5 t4-f5 w-t4 w-f8 t2-f8 t2-f8 t2-f8 w-f4 t9-f4 t3-f4 t7-t2 '
     'w-t7'),
]

SILENT = [  # a move of the same kind it must stay silent on
    Case('fortunes-favour', '', 1, 1, 's-w',
     't1-t5 t3-t11 t3-f2 t8-t5'),
    Case('fortunes-favour', '', 1, 2, 's-w',
     't1-t5 t3-t11 t3-f2 t8-t5 s-w w-t4 s-w w-t8 s-w w-f1 t1-f1 t6-t1 s-w'),
    Case('fortunes-favour', '', 1, 3, 's-w',
     't1-t5 t3-t11'),
    Case('fortunes-favour', '', 1, 4, 't12-f2',
     't1-t5 t3-t11 t3-f2 t8-t5 s-w w-t4 s-w w-t8 s-w w-f1 t1-f1 t6-t1 s-w s-w w-t3 s-w s-w s-w w-t7 '
     's-w w-t9 s-w w-t6 t10-t6 w-t10 s-w w-t1 s-w s-w s-w s-w s-w w-t4 s-w s-w s-w w-t12 s-w w-t7 s-w '
     'w-f2 t11-f2 t11-f2 t5-f2 t5-f2 t5-f2 t7-f2 t7-f2 t7-f2'),
    Case('forty-thieves', '', 1, 1, 't1-t8',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w '
     'w-f2 t8-f2 t8-f2 t8-t10'),
    Case('forty-thieves', '', 1, 2, 's-w',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w'),
    Case('forty-thieves', '', 1, 3, 't8-f2',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w '
     'w-f2'),
    Case('forty-thieves', '', 1, 4, 't8-f2',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w '
     'w-f2'),
    Case('forty-thieves', '', 1, 5, 't6-t5',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w '
     'w-f2 t8-f2 t8-f2 t8-t10 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-t7 t1-t8 t1-t5 s-w s-w w-f3 s-w s-w '
     'w-t10 s-w s-w s-w s-w s-w w-f1 t6-f1 s-w w-t2 s-w s-w s-w s-w w-t1 s-w s-w w-f3 s-w w-t9 s-w '
     'w-f4 s-w w-f5 s-w s-w w-f1 s-w s-w s-w w-f3 t5-f3 t5-f3 t5-f1 t5-f6'),
    Case('queens-audience', '', 1, 1, 's-w',
     ''),
    Case('queens-audience', '', 1, 2, 's-w',
     ''),
    Case('queens-audience', '', 1, 3, 's-w',
     's-w'),
    # a turn where none of the measured tips finds a move
    *[Case('forty-thieves', '', 0, tip, 's-w', 't1-f1') for tip in (7, 8, 9, 10, 11)],
    Case('forty-thieves', '', 1, 10, 'w-t9',
     't7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 '
     's-w w-f2 t8-f2 t8-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t8-t10 t2-t7 s-w s-w w-f3 t9-t8 t9-t7 t9-f3 '
     't8-t7 s-w s-w w-t10 t9-t10 t5-t8 t5-t9 t5-f5 s-w w-t9 t6-t9 t6-t5 s-w s-w w-f5 s-w s-w w-f1 '
     't9-f1 t9-f1 t9-f1'),
    # the move of the ending that keeps it won
    Case('forty-thieves', '', 35, 6, 't7-t3',
     't2-t8 t2-f1 t2-t1 s-w s-w s-w w-f2 s-w s-w w-t9 s-w s-w w-t8 s-w s-w s-w s-w w-t5 s-w s-w s-w '
     'w-f2 s-w w-f3 s-w s-w s-w s-w s-w w-f1 t5-f1 t5-f1 s-w w-f3 s-w s-w w-f4 s-w s-w s-w w-t4 s-w '
     's-w w-f5 s-w w-t3 s-w w-t5 s-w w-f4 s-w w-t9 s-w s-w w-t9 s-w w-f6 s-w s-w s-w s-w s-w s-w s-w '
     's-w s-w w-f5 t3-f5 t3-f5 s-w w-t1 t2-t1 w-t2 t3-t2 s-w w-f4 t3-f4 s-w w-t4 s-w s-w w-f1 t10-f1 '
     's-w w-t9 s-w s-w s-w w-f1 t4-f1 t4-f1 t4-f1 s-w s-w s-w s-w w-f5 t1-f5 t1-f5 t1-f5 t1-f5 t1-f6 '
     's-w s-w w-f2 t8-f2 t8-f2 t8-f2 t9-f2 t9-f2 t9-f2 t9-f2 t2-f2 t2-f2 t1-t2 t1-f1 t4-t1 t4-f7 t4-f2 '
     't5-t8 t5-t4 t5-f8 t1-f8 t8-t4 t8-t1 t8-t7 t8-f3 t3-t7 w-t3 w-t8 t1-t8 w-f3 t9-t5 t9-t1 t9-f3 '
     't9-t2 s-w w-f8 s-w w-t1 s-w w-f6 t6-f6 t6-t3 t10-t6 t1-t9 t1-t10 t9-t10 w-t1 w-f1 w-f1 w-t8 w-t9 '
     't3-t9 w-t5 w-f4 s-w w-t2 s-w w-f5 t4-f5 t4-f5 w-t4 w-f8 t2-f8 t2-f8 t2-f8 w-f4 t9-f4 t3-f4 t7-t2 '
     'w-t7'),
]


@pytest.mark.parametrize("case", SPEAK, ids=str)
def test_tip_speaks(case: Case) -> None:
    before = case.position()
    key = before.state_key()
    remark = coach.tip_function(case.game, case.tip)(before, Move.parse(case.move))
    assert remark is not None, f"tip {case.tip} should speak on {case.move}"
    assert (remark.game, remark.tip) == (case.game, case.tip)
    assert before.state_key() == key, "judging a move must not change the position"
    for lang in LANGUAGES:
        text = remark.render(lang)
        assert "{" not in text and "}" not in text
        assert not re.search(r"\b[tfrkjws]\d*-[tfrkjws]\d*\b", text), text  # no move notation
    assert remark in coach.judge(before, case.move)


@pytest.mark.parametrize("case", SILENT, ids=str)
def test_tip_stays_silent(case: Case) -> None:
    before = case.position()
    assert coach.tip_function(case.game, case.tip)(before, Move.parse(case.move)) is None


def test_every_tip_with_a_function_has_both_cases() -> None:
    for cases in (SPEAK, SILENT):
        assert {(c.game, c.tip) for c in cases} == {(g, t) for g in game_ids() for t in tips_of(g).TIPS}


def test_every_move_tip_of_each_page_has_a_function() -> None:
    """Queen's Audience tip 4 ("good for relaxing") is the only tip that is not about a move."""
    for game in game_ids():
        texts = tips_of(game).TIP_TEXTS
        expected = set(range(1, len(texts) + 1)) - ({4} if game == "queens-audience" else set())
        assert set(tips_of(game).TIPS) == expected


def _page_text(lang: str, game: str) -> str:
    text = (ROOT / "docs" / lang / f"{game}.md").read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("game", sorted(game_ids()))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_tips_are_quoted_as_the_page_states_them(game: str, lang: str) -> None:
    page = _page_text(lang, game)
    section = page[page.index("{#tips}"):]
    section = section[:section.index(" ## ")]
    for number, tip in enumerate(tips_of(game).TIP_TEXTS, start=1):
        assert tip.render(lang) in section, f"tip {number} of {game} ({lang}) is not on the page as quoted"


def test_remark_links_to_the_tips_example() -> None:
    case = SPEAK[0]
    remark = coach.remark_for(case.position(), case.move)
    assert remark.anchor == f"lesson-tip-{remark.tip}"
    page = (ROOT / "docs" / "en" / "fortunes-favour.md").read_text(encoding="utf-8")
    assert f"lesson: fortunes-favour tip-{remark.tip}" in page


def test_the_coach_does_not_read_the_stock() -> None:
    """Two positions that differ only in the order of the face-down stock get the same remarks."""
    for case in SPEAK + SILENT:
        before = case.position()
        other = before.copy()
        other.piles["s"] = list(reversed(other.piles["s"]))
        other._version += 1  # the legal moves are remembered per version
        for move in before.legal_moves():
            if move.src != "s":  # turning shows the stock's top card: that one the player sees next
                assert [r.text.render("en") for r in coach.judge(before, move)] == \
                       [r.text.render("en") for r in coach.judge(other, move)]


def test_refused_turn_is_judged() -> None:
    """Queen's Audience refuses to turn while a card fits: the coach says which tip was missed."""
    case = next(c for c in SPEAK if c.game == "queens-audience" and c.tip == 2)
    before = case.position()
    assert not before.is_legal("s-w")
    assert coach.remark_for(before, "s-w").tip == 2


def test_not_notation_gets_no_remark() -> None:
    assert coach.judge(get_rules("fortunes-favour").deal(1), "nonsense") == []


def test_cli_play_coach_prints_the_remark() -> None:
    from tutor.cli.main import build_parser, run_play

    out = io.StringIO()
    args = build_parser().parse_args(["play", "fortunes-favour", "--deal", "1", "--coach", "--lang", "en"])
    run_play(args, stdin=io.StringIO("s-w\nquit\n"), stdout=out)
    assert "Coach: You turned a stock card" in out.getvalue()
    assert "Tip 3: Build down in suit" in out.getvalue()
    quiet = io.StringIO()
    args = build_parser().parse_args(["play", "fortunes-favour", "--deal", "1", "--lang", "en"])
    run_play(args, stdin=io.StringIO("s-w\nquit\n"), stdout=quiet)
    assert "Coach:" not in quiet.getvalue()


# Forty Thieves, deal 63 after these moves: every legal move goes against some tip (the waste's card
# onto the last King in the tableau against tip 5, the turn against tip 2).
EVERY_MOVE_WARNED = Case("forty-thieves", "", 63, 0, "",
                         "s-w t7-t2 t7-t9 s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w")


def test_the_one_exception_rule_excuses_only_the_hint_players_move() -> None:
    """coach.exception, the one place a warned move is excused: where every legal move goes against
    some tip, the hint player's move gets a note that says why, in the game's words for that
    player; every other move is still warned against; and the hint gives that move."""
    from tutor.analysis.hints import hint

    position = EVERY_MOVE_WARNED.position()
    said = coach.warnings(position)
    assert len(said) > 1 and all(remark is not None for remark in said.values())
    tips = tips_of("forty-thieves")
    chosen = tips.exception_move(position)
    remark = coach.remark_for(position, chosen)
    assert remark is not None and remark.kind == coach.NOTE
    assert remark.text == tips.HINT_EXCEPTIONS[tips.HINT_PLAYER](remark.tip)
    chosen_key = str(position.canonical(chosen))
    for move in said:
        if move != chosen_key:
            assert coach.remark_for(position, move).kind == coach.WARNING, move
    found = hint(position)
    assert str(position.canonical(found.move)) == chosen_key
    assert "every move here goes against some tip" in found.explanation.render("en")


def test_a_position_where_some_move_keeps_to_the_tips_excuses_nothing() -> None:
    position = EVERY_MOVE_WARNED.position()
    position.undo()
    said = coach.warnings(position)
    assert any(remark is None for remark in said.values())
    for move, remark in said.items():
        if remark is not None and remark.kind == coach.WARNING:
            assert coach.exception(position, move, remark.tip) is None


def test_an_exercise_answers_in_the_words_of_the_tip_it_practises() -> None:
    """Turning while the waste's card could go onto its partner goes against tip 2 (the rules text's)
    and tip 10 (a measured one); the coach names the first, an exercise of tip 10 names tip 10."""
    position = Case("forty-thieves", "", 0, 10, "s-w",
                    "t1-f1 s-w w-f1 s-w s-w w-f1 s-w s-w w-f2 s-w").position()
    assert coach.remark_for(position, "s-w").tip == 2
    assert coach.remark_for(position, "s-w", tip=10).tip == 10
    assert coach.remark_for(position, "s-w", tip=10).kind == coach.WARNING
    assert coach.remark_for(position, "s-w", tip=5).tip == 2  # tip 5 says nothing here: the first remark


def test_a_column_emptied_by_one_move_is_said_in_words() -> None:
    """Tip 8's check counts the moves in words when there is one ("in one move", "mit einem Zug"),
    not "in 1 moves" / "in 1 Zügen": at the exercise ft-tip-8-a a single move empties column 7."""

    position = first_exercise_for("forty-thieves", 8).position()
    remark = coach.remark_for(position, "s-w", tip=8)
    assert remark is not None and remark.tip == 8
    assert remark.would.render("en") == "Column 7 can be emptied in one move: do that before you turn a new card."
    assert remark.text.render("de") == ("Du hast eine neue Karte umgedreht, obwohl sich Spalte 7 mit einem Zug hätte "
                                        "leeren lassen.")


def test_the_coach_writes_an_before_an_eight() -> None:
    """Tip 4's check names the card that could still rest on the one sent home: "an 8♣", not "a 8♣"
    (deal 1 after 78 moves of an exercise's line, where the 9♣ would go home)."""
    position = get_rules("forty-thieves").deal(1)
    for move in first_moves(_LINE_1, 78).split():
        position.play(move)
    remark = coach.remark_for(position, "t10-f3", tip=4)
    assert remark.would.render("en") == ("The 9♣ on a foundation would free nothing, though an 8♣ could still use "
                                         "it as a resting place.")
    assert "obwohl eine 8♣" in remark.would.render("de")


def test_counts_from_two_are_words() -> None:
    """Tip 9's check: "in two moves" / "in zwei Zügen" (the exercise ft-tip-9-a)."""
    remark = coach.remark_for(first_exercise_for("forty-thieves", 9).position(), "s-w", tip=9)
    assert remark.would.render("en") == ("The A♥ can be freed and sent to its foundation in two moves: do that before "
                                         "you turn a new card.")
    assert "in zwei Zügen" in remark.would.render("de")


def test_the_german_coach_says_what_could_have_happened_in_standard_german() -> None:
    """"obwohl die 8♣ noch auf die 9♣ hätte gehen können", not the colloquial "… gekonnt hätte"
    (tip 11's first exercise, turning instead)."""
    exercise = [e for e in exercises_of("forty-thieves") if e.id == "ft-tip-11-a"][0]
    remark = coach.remark_for(exercise.position(), "s-w", tip=11)
    assert remark.text.render("de") == ("Du hast eine neue Karte umgedreht, obwohl die 8♣ noch auf die 9♣ hätte gehen "
                                        "können.")
