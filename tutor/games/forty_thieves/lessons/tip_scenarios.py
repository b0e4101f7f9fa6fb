"""Forty Thieves: the worked example of every tip, on a real position: the rules text's tips 1 to 5
and the measured tips 6 to 11 ("Tips that win, measured"). Each position is the card string of a deal
(its number, as ``tutor deal forty-thieves --deal N`` deals it) and the moves played before it.
"""

from __future__ import annotations

from tutor.cards import Card, format_cards, ordered_pack, shuffled

# tips 1 to 5 are shown on the position of the scenario of every kind of move
from tutor.games.forty_thieves.lessons.scenarios import _EMPTY_COLUMN_PRELUDE, _MOVES_CARDS, _MOVES_COLUMNS
from tutor.i18n import Text
from tutor.lessons import Branch, CardAt, Scenario, Step

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
_ENDGAME_PRELUDE = ('t2-t8 t2-f1 t2-t1 s-w s-w s-w w-f2 s-w s-w w-t9 s-w s-w w-t8 s-w s-w s-w s-w w-t5 s-w s-w s-w '
                    'w-f2 s-w w-f3 s-w s-w s-w s-w s-w w-f1 t5-f1 t5-f1 s-w w-f3 s-w s-w w-f4 s-w s-w s-w w-t4 s-w s-w '
                    'w-f5 s-w w-t3 s-w w-t5 s-w w-f4 s-w w-t9 s-w s-w w-t9 s-w w-f6 s-w s-w s-w s-w s-w s-w s-w s-w '
                    's-w w-f5 t3-f5 t3-f5 s-w w-t1 t2-t1 w-t2 t3-t2 s-w w-f4 t3-f4 s-w w-t4 s-w s-w w-f1 t10-f1 s-w '
                    'w-t9 s-w s-w s-w w-f1 t4-f1 t4-f1 t4-f1 s-w s-w s-w s-w w-f5 t1-f5 t1-f5 t1-f5 t1-f5 t1-f6 s-w '
                    's-w w-f2 t8-f2 t8-f2 t8-f2 t9-f2 t9-f2 t9-f2 t9-f2 t2-f2 t2-f2 t1-t2 t1-f1 t4-t1 t4-f7 t4-f2 '
                    't5-t8 t5-t4 t5-f8 t1-f8 t8-t4 t8-t1 t8-t7 t8-f3 t3-t7 w-t3 w-t8 t1-t8 w-f3 t9-t5 t9-t1 t9-f3 '
                    't9-t2 s-w w-f8 s-w w-t1 s-w w-f6 t6-f6 t6-t3 t10-t6 t1-t9 t1-t10 t9-t10 w-t1 w-f1 w-f1 w-t8 w-t9 '
                    't3-t9 w-t5 w-f4 s-w w-t2 s-w w-f5 t4-f5 t4-f5 w-t4 w-f8 t2-f8 t2-f8 t2-f8 w-f4 '
                    't9-f4 t3-f4 t7-t2 w-t7')
# Deal 1, to where the waste's card can go into the empty column 9 and a column's card follow it (tip 10).
_WASTE_PRELUDE = ('t7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w '
                  'w-f2 t8-f2 t8-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t8-t10 t2-t7 s-w s-w w-f3 t9-t8 t9-t7 t9-f3 t8-t7 '
                  's-w s-w w-t10 t9-t10 t5-t8 t5-t9 t5-f5 s-w w-t9 t6-t9 t6-t5 s-w s-w w-f5 s-w s-w '
                  'w-f1 t9-f1 t9-f1 t9-f1')

SCENARIOS: tuple[Scenario, ...] = (
    # the rules text's tips 1 to 5
    Scenario(
        id="ft-tip-1",
        game=GAME,
        variant="",
        cards=_MOVES_CARDS,
        prelude=tuple(_EMPTY_COLUMN_PRELUDE.split()),
        title=Text("forty-thieves", "Tip: keep empty columns"),
        alt=Text("forty-thieves", "A game under way: the sixth column is empty."),
        outcome=Text("forty-thieves", "The {card} lies on the {target}, and the column is still empty, kept for "
                                            "a card that needs it.", card=Card.parse("8S"), target=Card.parse("9S")),
        steps=(
            Step(None, Text("forty-thieves", "The sixth column is empty. Any single available card could go there, but "
                                             "once it is filled, the room to manoeuvre is gone."), highlight=("t6",)),
            Step("t4-t3", Text("forty-thieves", "No card needs the empty column yet: play the {card} onto the {target} "
                                                "instead, and keep the column empty for later.",
                               card=Card.parse("8S"), target=Card.parse("9S"))),
        ),
    ),
    Scenario(
        id="ft-tip-2",
        game=GAME,
        variant="",
        cards=_MOVES_CARDS,
        prelude=tuple(f"{_EMPTY_COLUMN_PRELUDE} t4-t3 s-w".split()),
        kind="compare",
        title=Text("forty-thieves", "Tip: play from the waste before turning"),
        alt=Text("forty-thieves", "A game under way: the {card} on the waste fits onto the {target} "
                                  "in the third column.",
                 card=Card.parse("7S"), target=Card.parse("8S")),
        branches=(
            Branch(
                label=Text("forty-thieves", "Following the tip"),
                steps=(Step("w-t3", Text("forty-thieves", "Move the {card} from the waste onto the {top} in column "
                                                          "{dst}",
                                         card=Card.parse("7S"), top=Card.parse("8S"), dst=3)),),
                outcome=Text("forty-thieves", "The {card} is safe in the tableau, and the next card you turn is on top "
                                              "of an empty waste.", card=Card.parse("7S")),
            ),
            Branch(
                label=Text("forty-thieves", "Ignoring the tip"),
                steps=(Step("s-w", Text("forty-thieves", "The stock turns up the {card}. It goes onto the waste.",
                                        card=CardAt("s"))),),
                outcome=Text("forty-thieves", "The {card} now lies under the {cover}: it is available again only once "
                                              "the {cover} has gone.", card=Card.parse("7S"), cover=Card.parse("KD")),
            ),
        ),
    ),
    Scenario(
        id="ft-tip-3",
        game=GAME,
        variant="",
        cards=_MOVES_CARDS,
        title=Text("forty-thieves", "Tip: every card is there twice"),
        alt=Text("forty-thieves", "Ten columns of four. The available cards, column by column: {available}.",
                 available=tuple(Card.parse(column.split()[-1]) for column in _MOVES_COLUMNS)),
        steps=(
            Step("t6-f1", Text("forty-thieves", "The {card} starts a heart foundation.", card=Card.parse("AH"))),
            Step(None, Text("forty-thieves", "A second {card} is somewhere in the stock or the tableau, and it will "
                                             "start a second heart foundation. So you can sometimes use up one copy "
                                             "of a card early to bring a foundation on: its twin can still do the "
                                             "job in the tableau.", card=Card.parse("AH")),
                 highlight=("s", *(f"t{column}" for column in range(1, 11)))),
        ),
    ),
    Scenario(
        id="ft-tip-4",
        game=GAME,
        variant="",
        cards=_MOVES_CARDS,
        prelude=tuple(f"{_EMPTY_COLUMN_PRELUDE} t4-t3".split()),
        title=Text("forty-thieves", "Tip: plan the order of the foundation moves"),
        alt=Text("forty-thieves", "A game under way: the {card} at the bottom of the fourth column could "
                                  "go up onto the {top}.", card=Card.parse("6H"), top=Card.parse("5H")),
        steps=(
            Step(None, Text("forty-thieves", "The {card} could go onto the foundation or onto the {seven} in the first "
                                             "column. On the foundation it is locked out of the tableau: no {five} can "
                                             "ever be parked on it there again.",
                            card=Card.parse("6H"), seven=Card.parse("7H"), five=Card.parse("5H")),
                 highlight=("t4", "f1", "t1")),
            Step(None, Text("forty-thieves", "Aces and 2s go up at once: that only frees room. With higher cards, "
                                             "first ask whether a lower card might still need "
                                             "them as a resting place."),
                 highlight=("f1",)),
        ),
    ),
    Scenario(
        id="ft-tip-5",
        game=GAME,
        variant="",
        cards=_MOVES_CARDS,
        prelude=tuple(f"{_EMPTY_COLUMN_PRELUDE} t4-t3 s-w w-t3 s-w".split()),
        title=Text("forty-thieves", "Tip: careful with the last King"),
        alt=Text("forty-thieves", "A game under way: the {card} lies on the waste, and the sixth column is empty.",
                 card=Card.parse("KD")),
        steps=(
            Step("w-t6", Text("forty-thieves", "Move the {card} from the waste into the empty column {dst}",
                              card=Card.parse("KD"), dst=6)),
            Step(None, Text("forty-thieves", "Every card you now put on the {card} is harder to get back than the one "
                                             "before, since cards move one at a time. Build on a King only when you "
                                             "know the cards will not be needed soon.", card=Card.parse("KD")),
                 highlight=("t6",)),
        ),
    ),
    # the measured tips 6 to 11
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
                                                "the {under} comes free.",
                               card=_card("JC"), under=CardAt("t7", after=True))),
            Step("t7-t4", Text("forty-thieves", "The {card} goes onto the {top}.", card=_card("QC"),
                               top=_card("KC"))),
            Step("t2-t4", Text("forty-thieves", "The {card} from column 2 follows it and empties column 2.",
                               card=_card("JC"))),
            Step("t7-t2", Text("forty-thieves", "The {card} goes into the empty column 2.", card=_card("KC"))),
            Step("t7-t2", Text("forty-thieves", "The {card} goes onto it.", card=_card("QC"))),
            Step("t7-f4", Text("forty-thieves", "The {card} goes to its foundation.", card=_card("9C"))),
            Step("t7-f6", Text("forty-thieves", "So does the {card}, which empties column 7. Worked out like this to "
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
                                                "under it comes free.",
                               card=_card("5C"), under=CardAt("t7", after=True))),
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
            Step("t9-t5", Text("forty-thieves", "The {card} goes onto the {top} and empties column 9.",
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
