"""The measured tips' lessons (the page's "Tips that win, measured", tips 6 to 11): a worked example of
each on a real position, and the exercises that practise them. :mod:`~tutor.games.forty_thieves.lessons`
imports and re-exports them (``SCENARIOS``, ``EXERCISES``).

Every position is a real deal: the deal's number, then the moves played before the moment (the
prelude, played silently), found by ``tools/ft_tip_moments.py`` among the moments where the tips
player makes the tip's move. An exercise's answer is the tip's move, its trap the move the tip's
check speaks on (turning the next card too early, or, in the ending, a move that throws the game
away); ``tests/web/test_practice.py`` replays each one.
"""

from __future__ import annotations

from tutor.cards import Card, format_cards, ordered_pack, shuffled
from tutor.i18n import Text
from tutor.lessons import CardAt, Exercise, Scenario, Step, first_moves

GAME = "forty-thieves"


def _deal(number: int) -> str:
    """The card string of deal ``number`` (as ``tutor deal forty-thieves --deal N`` deals it)."""
    return format_cards(shuffled(ordered_pack(2), number))


def _card(code: str) -> Card:
    return Card.parse(code)


# Deal 0, played by the tips to where the 7♥ lies on the 10♦ and the 8♥ is free (tips 7 and 11).
_DEAL0 = "t1-f1 s-w w-f1 s-w s-w w-f1 s-w s-w w-f2 s-w w-t3 s-w s-w w-t8"
# Deal 1, to where column 9 holds two cards that can both go onto their partners (tip 8).
_CLEAR_PRELUDE = ('t7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w '
                  'w-f2 t8-f2 t8-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t8-t10 w-t8 w-f2 t2-t7 s-w s-w w-f3 s-w s-w w-t10 '
                  't5-t10 s-w w-t5 t6-t5 s-w s-w s-w s-w w-f1 t5-f1 t5-f1 t5-f1 t5-f5 t6-t5 s-w w-t2 s-w s-w w-t10 '
                  's-w s-w s-w s-w w-f3 s-w w-f1 t9-f1 t9-f1 t7-f1 t7-f1 t8-t7 t3-t8 t3-f1 t5-f1 t5-f1 t8-t3 w-t5 '
                  's-w w-f4 s-w w-f6 s-w w-t8 t2-t8 s-w w-t7 s-w w-t2 s-w s-w w-f3 t10-f3 t10-f3 t5-f3 t10-t5 '
                  't10-f3 t10-f3')

# Deal 35, played by the tips until the talon is used up and the ending is to be worked out (tip 6).
_ENDGAME_PRELUDE = ('t2-t8 t2-f1 t2-t1 s-w s-w s-w w-f2 s-w s-w w-t9 s-w s-w w-t8 s-w s-w s-w s-w w-t5 s-w s-w s-w w-f2 '
                  's-w w-f3 s-w s-w s-w s-w s-w w-f1 t5-f1 t5-f1 s-w w-f3 s-w s-w w-f4 s-w s-w s-w w-t4 s-w s-w w-f5 '
                  's-w w-t3 s-w w-t5 s-w w-f4 s-w w-t9 s-w s-w w-t9 s-w w-f6 s-w s-w s-w s-w s-w s-w s-w s-w s-w w-f5 '
                  't3-f5 t3-f5 s-w w-t1 t2-t1 w-t2 t3-t2 s-w w-f4 t3-f4 s-w w-t4 s-w s-w w-f1 t10-f1 s-w w-t9 s-w s-w '
                  's-w w-f1 t4-f1 t4-f1 t4-f1 s-w s-w s-w s-w w-f5 t1-f5 t1-f5 t1-f5 t1-f5 t1-f6 s-w s-w w-f2 t8-f2 '
                  't8-f2 t8-f2 t9-f2 t9-f2 t9-f2 t9-f2 t2-f2 t2-f2 t1-t2 t1-f1 t4-t1 t4-f7 t4-f2 t5-t8 t5-t4 t5-f8 '
                  't1-f8 t8-t4 t8-t1 t8-t7 t8-f3 t3-t7 w-t3 w-t8 t1-t8 w-f3 t9-t5 t9-t1 t9-f3 t9-t2 s-w w-f8 s-w w-t1 '
                  's-w w-f6 t6-f6 t6-t3 t10-t6 t1-t9 t1-t10 t9-t10 w-t1 w-f1 w-f1 w-t8 w-t9 t3-t9 w-t5 w-f4 s-w w-t2 '
                  's-w w-f5 t4-f5 t4-f5 w-t4 w-f8 t2-f8 t2-f8 t2-f8 w-f4 t9-f4 t3-f4 t7-t2 w-t7')
# Deal 1, to where the waste's card can go into the empty column 9 and a column's card follow it (tip 10).
_WASTE_PRELUDE = ('t7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w w-f2 '
                  't8-f2 t8-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t8-t10 t2-t7 s-w s-w w-f3 t9-t8 t9-t7 t9-f3 t8-t7 s-w s-w '
                  'w-t10 t9-t10 t5-t8 t5-t9 t5-f5 s-w w-t9 t6-t9 t6-t5 s-w s-w w-f5 s-w s-w w-f1 t9-f1 t9-f1 t9-f1')

SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        id="ft-tip-6",
        game=GAME,
        variant="",
        cards=_deal(35),
        prelude=tuple(_ENDGAME_PRELUDE.split()),
        title=Text("forty-thieves", "Tip 6: work the ending out"),
        alt=Text("forty-thieves", "The end of a game: the stock is used up, the {card} lies on top of the waste, "
                                  "and column 3 is empty.", card=_card("QS")),
        outcome=Text("forty-thieves", "Column 7 is empty too: the ending can be played out to the last card."),
        steps=(
            Step(None, Text("forty-thieves", "The stock is used up, so every card is in sight. The {card} on the "
                                             "waste could go into the empty column 3, but after that the game can "
                                             "no longer be won. Work the ending out before you move.",
                            card=_card("QS")), highlight=("w", "t3")),
            Step("t7-t3", Text("forty-thieves", "The {card} from column 7 goes into the empty column instead, and "
                                                "the {under} comes free.", card=_card("JC"), under=CardAt("t7", after=True))),
            Step("t7-t4", Text("forty-thieves", "The {card} goes onto the {top}.", card=_card("QC"),
                               top=_card("KC"))),
            Step("t2-t4", Text("forty-thieves", "The {card} from column 2 follows it, and column 2 is empty.",
                               card=_card("JC"))),
            Step("t7-t2", Text("forty-thieves", "The {card} goes into the empty column 2.", card=_card("KC"))),
            Step("t7-t2", Text("forty-thieves", "The {card} goes onto it.", card=_card("QC"))),
            Step("t7-f4", Text("forty-thieves", "The {card} goes to its foundation.", card=_card("9C"))),
            Step("t7-f6", Text("forty-thieves", "So does the {card}, and column 7 is empty. Worked out like this to "
                                                "the last card, the ending is won.", card=_card("5S"))),
        ),
    ),
    Scenario(
        id="ft-tip-7",
        game=GAME,
        variant="",
        cards=_deal(0),
        prelude=tuple(f"{_DEAL0} t6-t8 s-w".split()),
        title=Text("forty-thieves", "Tip 7: send a card home as soon as it can go"),
        alt=Text("forty-thieves", "A game under way: the {card} has just been turned onto the waste, and the "
                                  "clubs foundation shows the {top}.", card=_card("4C"), top=_card("3C")),
        outcome=Text("forty-thieves", "Two clubs went home one after the other, and column 7 shows a new card at "
                                      "its bottom."),
        steps=(
            Step(None, Text("forty-thieves", "The stock has just turned up the {card}, and the clubs foundation "
                                             "shows the {top}: the {card} can go there now.",
                            card=_card("4C"), top=_card("3C")), highlight=("w", "f1")),
            Step("w-f1", Text("forty-thieves", "The {card} goes to its foundation at once.", card=_card("4C"))),
            Step("t7-f1", Text("forty-thieves", "Now the {card} at the bottom of column 7 can follow, and the {under} "
                                                "under it comes free.", card=_card("5C"), under=CardAt("t7", after=True))),
        ),
    ),
    Scenario(
        id="ft-tip-8",
        game=GAME,
        variant="",
        cards=_deal(1),
        prelude=tuple(_CLEAR_PRELUDE.split()),
        title=Text("forty-thieves", "Tip 8: empty a short column before you turn"),
        alt=Text("forty-thieves", "A game under way: column 9 holds only the {first} and the {second}.",
                 first=_card("6C"), second=_card("3C")),
        steps=(
            Step(None, Text("forty-thieves", "Column 9 holds only two cards, the {first} and the {second}. Each can "
                                             "go onto the next higher card of its suit, so the column can be emptied "
                                             "in two moves.", first=_card("6C"), second=_card("3C")),
                 highlight=("t9",)),
            Step("t9-t10", Text("forty-thieves", "The {card} goes onto the {top}.", card=_card("3C"), top=_card("4C"))),
            Step("t9-t5", Text("forty-thieves", "The {card} goes onto the {top}, and column 9 is empty.",
                               card=_card("6C"), top=_card("7C"))),
            Step(None, Text("forty-thieves", "An empty column takes any card, so it is worth more than any single "
                                             "card. Only now turn the next card."), highlight=("t9",)),
        ),
    ),
    Scenario(
        id="ft-tip-9",
        game=GAME,
        variant="",
        cards=_deal(22),
        prelude=("t5-f1", "s-w", "w-t3"),
        title=Text("forty-thieves", "Tip 9: dig out the card a foundation takes next"),
        alt=Text("forty-thieves", "A game under way: the {ace} lies on a foundation; in column 8 the {two} lies "
                                  "under the {first} and the {second}.", ace=_card("AH"), two=_card("2H"),
                 first=_card("7H"), second=_card("5C")),
        outcome=Text("forty-thieves", "The hearts foundation now shows the {card}, dug out in three moves.",
                     card=_card("2H")),
        steps=(
            Step(None, Text("forty-thieves", "The hearts foundation takes the {card} next. One lies in column 8, "
                                             "under two cards: the {first} and the {second}.",
                            card=_card("2H"), first=_card("7H"), second=_card("5C")), highlight=("t8", "f1")),
            Step("t8-t3", Text("forty-thieves", "The {card} goes onto the {top}, the next higher card of its suit.",
                               card=_card("5C"), top=_card("6C"))),
            Step("t8-t1", Text("forty-thieves", "The {card} goes onto the {top}.", card=_card("7H"), top=_card("8H"))),
            Step("t8-f1", Text("forty-thieves", "The {card} is free and goes home: three moves, and the hearts can "
                                                "go on.", card=_card("2H"))),
        ),
    ),
    Scenario(
        id="ft-tip-10",
        game=GAME,
        variant="",
        cards=_deal(1),
        prelude=tuple(_WASTE_PRELUDE.split()),
        title=Text("forty-thieves", "Tip 10: keep the waste short"),
        alt=Text("forty-thieves", "A game under way: the {card} lies on top of the waste, column 9 is empty, and "
                                  "at the bottom of column 2 the {follow} lies on the {under}.",
                 card=_card("JH"), follow=_card("TH"), under=_card("7H")),
        outcome=Text("forty-thieves", "The waste is one card shorter, and in column 9 the {follow} lies on the "
                                      "{card}.", card=_card("JH"), follow=_card("TH")),
        steps=(
            Step(None, Text("forty-thieves", "The {card} lies on top of the waste, and column 9 is empty. At the "
                                             "bottom of column 2 the {follow} lies on the {under}, not on the next "
                                             "higher card of its suit: it can follow the {card} at once.",
                            card=_card("JH"), follow=_card("TH"), under=_card("7H")), highlight=("w", "t9", "t2")),
            Step("w-t9", Text("forty-thieves", "The {card} leaves the waste for the empty column 9.",
                              card=_card("JH"))),
            Step("t2-t9", Text("forty-thieves", "The {card} follows it, and the {under} comes free. The waste is one "
                                                "card shorter.", card=_card("TH"), under=CardAt("t2", after=True))),
        ),
    ),
    Scenario(
        id="ft-tip-11",
        game=GAME,
        variant="",
        cards=_deal(0),
        prelude=tuple(_DEAL0.split()),
        title=Text("forty-thieves", "Tip 11: a card onto the next higher card of its suit"),
        alt=Text("forty-thieves", "A game under way: at the bottom of column 6 the {card} lies on the {under}; "
                                  "at the bottom of column 8 lies the {top}.",
                 card=_card("7H"), under=_card("TD"), top=_card("8H")),
        steps=(
            Step(None, Text("forty-thieves", "The {card} at the bottom of column 6 lies on the {under}, where it "
                                             "does not belong. At the bottom of column 8 lies the {top}, the next "
                                             "higher card of its suit.",
                            card=_card("7H"), under=_card("TD"), top=_card("8H")), highlight=("t6", "t8")),
            Step("t6-t8", Text("forty-thieves", "The {card} goes onto the {top}, and the {under} comes free.",
                               card=_card("7H"), top=_card("8H"), under=CardAt("t6", after=True))),
            Step(None, Text("forty-thieves", "No tip finds another move: only now turn the next card."),
                 highlight=("s",)),
        ),
    ),
)

# The tips player's own moves on the deals the exercises come from (deal 64 played into its worked-out
# ending, tip 6): each exercise starts after the first so many of them.
LINES: dict[int, str] = {
    0: ('t1-f1 s-w w-f1 s-w s-w w-f1 s-w s-w w-f2 s-w w-t3 s-w s-w w-t8 t6-t8 s-w w-f1 t7-f1 t7-t2 t7-t9 s-w '
        's-w s-w s-w w-t8 s-w w-t4 s-w s-w s-w s-w w-f3 t10-f3 t10-f2 w-t10 s-w w-t2 s-w s-w s-w s-w s-w s-w '
        's-w s-w s-w s-w s-w w-t1 s-w w-t6 s-w s-w s-w s-w w-t5 s-w s-w w-t10 s-w w-t9 s-w w-t3 s-w s-w s-w '
        'w-f2 s-w s-w s-w w-f4 s-w w-f4 t5-f4 t5-f4 s-w w-t5 t7-t5 s-w s-w s-w s-w s-w s-w w-f2 s-w w-f5 s-w '
        's-w s-w w-f6 s-w s-w'),
    1: ('t7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w w-f2 '
        't8-f2 t8-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t8-t10 t2-t7 s-w s-w w-f3 t9-t8 t9-t7 t9-f3'),
    4: ('t10-t2 t10-f1 s-w s-w s-w w-t4 s-w s-w s-w s-w s-w s-w w-t4 s-w s-w s-w w-f2 s-w s-w s-w s-w s-w '
        'w-f3 s-w s-w w-t5 s-w s-w s-w s-w s-w w-t5 s-w w-t10 t3-t10 s-w w-f4 t3-f4 t3-f4 t2-f4 t2-f4 s-w s-w '
        'w-t3 s-w w-t3 t6-t3 t6-t4 s-w s-w s-w w-f5 t3-f5 t3-f5 t3-f5 t3-f5 t10-t3 t10-f5 t10-f5 s-w s-w s-w '
        's-w w-t9 t6-t9 s-w s-w s-w s-w w-t9 t1-t9'),
    64: ('t2-f1 t8-f2 t7-t5 t9-t2 t7-t9 s-w s-w s-w s-w w-f2 t8-f2 s-w s-w s-w w-t4 t7-t4 t7-f1 t6-f1 w-f1 '
        't6-t7 t6-t5 t6-f1 t9-f1 t9-f1 t9-f2 t8-f2 t9-t3 t5-t7 t5-t6 t5-t9 t5-f2 t6-t9 s-w s-w w-f3 s-w s-w '
        's-w s-w w-t4 s-w s-w s-w s-w w-f4 s-w s-w s-w s-w s-w s-w s-w w-t10 s-w s-w s-w w-t10 s-w w-f5 t5-f5 '
        's-w w-t3 t9-t6 t9-t3 t6-t3 t1-t6 t1-t9 t1-f4 t8-f4 t1-t5 w-t1 s-w w-f6 t7-f6 t3-f6 w-f6 t7-t3 t3-t7 '
        't3-t8 t3-f6 t3-f6 t3-f6 t7-t8 t3-t7 t3-f3 s-w w-t7 s-w s-w s-w s-w w-f6 t5-f6 t5-f6 s-w s-w s-w w-t2 '
        's-w s-w w-f6 s-w w-t2 t1-t2 w-t1 s-w s-w s-w w-t5 t9-t5 s-w s-w s-w w-f2 t7-f2 t7-f2 w-t7 s-w w-f1 '
        't4-f1 t4-f1 t4-f1 t4-f1 s-w w-f7 t7-f7 w-t7 s-w w-f6 t6-f6 w-t6 s-w w-f8 s-w w-t2 t6-t2 w-t6 s-w s-w '
        's-w s-w w-f4 s-w s-w w-t5 s-w s-w s-w s-w w-f5 s-w w-f8 t8-f8 t8-f8 w-t8 s-w w-f3 t7-f3 t10-t8 t2-t7 '
        't8-t10 t2-t9 t7-t9 t2-t7 t2-t1 t7-t1 t9-t7 t9-t1 t7-t1 t10-t8 t1-t7 t2-t9 t7-t1 t8-t10 t2-t7 t9-t7 '
        't2-t9 t2-f7 w-f7 t2-f1 t7-t2 t7-t9 t2-t9 t10-t8 t1-t2 t8-t10 t1-t7 t2-t7 t1-t2 t1-t9 t2-t9 t7-t2 '
        't7-t9 t2-t9 t10-t8 t5-t2 t8-t10 t9-t7 t10-t8 t2-t5 t8-t2 t7-t9 t10-t7 t2-t7 t10-t2 t1-t10 t8-t2 '
        't7-t2 t2-t1 t5-t8 t1-t2 t2-t7 t9-t1 t8-t5 t7-t2 t9-t8 t1-t8 t9-t1 t2-t7 t9-t10 t1-t10 t8-t1 t8-t10'),
}


EXERCISES: tuple[Exercise, ...] = (
    # tip 6: in a worked-out ending every move that keeps it won is right; the trap throws it away
    Exercise('ft-tip-6-a', 'forty-thieves', '', deal=64, tip=6, answer='t3-t2', trap='t4-t2',
             also=('t3-t7', 't6-t2', 't6-t7', 't8-t10', 'w-t7'), effect=('won', 'lost'),
             prelude=first_moves(LINES[64], 184)),
    Exercise('ft-tip-6-b', 'forty-thieves', '', deal=64, tip=6, answer='t3-t1', trap='t4-t1',
             also=('t6-t1', 't7-t2', 't8-t5', 't8-t1'), effect=('won', 'lost'),
             prelude=first_moves(LINES[64], 212)),
    Exercise('ft-tip-6-c', 'forty-thieves', '', deal=64, tip=6, answer='t1-t10', trap='t4-t8',
             also=('t1-t8', 't3-t8', 't6-t8', 't7-t2'), effect=('won', 'lost'),
             prelude=first_moves(LINES[64], 223)),
    Exercise('ft-tip-7-a', 'forty-thieves', '', deal=0, tip=7, answer='t10-f3', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 32)),
    Exercise('ft-tip-7-b', 'forty-thieves', '', deal=0, tip=7, answer='t10-f2', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 33)),
    Exercise('ft-tip-7-c', 'forty-thieves', '', deal=0, tip=7, answer='t5-f4', trap='s-w',
             effect=('lost', 'lost'),
             prelude=first_moves(LINES[0], 73)),
    Exercise('ft-tip-8-a', 'forty-thieves', '', deal=0, tip=8, answer='t7-t5', trap='s-w',
             effect=('lost', 'lost'),
             prelude=first_moves(LINES[0], 77)),
    Exercise('ft-tip-8-b', 'forty-thieves', '', deal=1, tip=8, answer='t8-t7', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[1], 35)),
    Exercise('ft-tip-8-c', 'forty-thieves', '', deal=4, tip=8, answer='t10-t1', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[4], 71)),
    Exercise('ft-tip-9-a', 'forty-thieves', '', deal=4, tip=9, answer='t10-t2', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=''),
    Exercise('ft-tip-9-b', 'forty-thieves', '', deal=5, tip=9, answer='t4-t6', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude='t5-f1'),
    Exercise('ft-tip-9-c', 'forty-thieves', '', deal=27, tip=9, answer='t8-t4', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude='t10-t1 t10-f1 t10-t4 t10-t1 t3-t10 t3-f2 t8-t7 s-w s-w s-w s-w s-w w-f3 s-w s-w s-w s-w s-w s-w '
             's-w w-f4 s-w s-w s-w s-w w-t6 s-w s-w s-w s-w s-w w-t4'),
    # tip 10: the waste's card onto the next higher card of its suit before the next card is turned
    Exercise('ft-tip-10-a', 'forty-thieves', '', deal=0, tip=10, answer='w-t3', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 10)),
    Exercise('ft-tip-10-b', 'forty-thieves', '', deal=33, tip=10, answer='w-t5', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude='t1-t3 t1-t5 t2-t3 t2-t4 t6-t2 t8-t1 t9-t10 t8-t9 s-w s-w s-w s-w s-w w-t6 t7-t6 t7-t6 s-w s-w '
             'w-f1 t3-f1 t3-f1 t2-f1 t2-f1 t2-t4 t1-t2 t1-t6 t1-t8 t2-t6 w-t1 s-w w-t1 s-w s-w s-w'),
    Exercise('ft-tip-10-c', 'forty-thieves', '', deal=0, tip=10, answer='w-t3', trap='s-w',
             effect=('lost', 'lost'),
             prelude=first_moves(LINES[0], 93)),
    Exercise('ft-tip-11-a', 'forty-thieves', '', deal=0, tip=11, answer='t7-t2', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 18)),
    Exercise('ft-tip-11-b', 'forty-thieves', '', deal=0, tip=11, answer='t7-t9', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 19)),
    Exercise('ft-tip-11-c', 'forty-thieves', '', deal=1, tip=11, answer='t10-t2', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[1], 8)),
)
