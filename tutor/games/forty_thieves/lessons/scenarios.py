"""Forty Thieves scenarios, one beside each rules section: the setup step by step, the glossary's
terms, every kind of move, the example of the rules text ("6♦ may go onto 7♦, but not onto 7♥, nor
onto a 7♦ that already has a 6 on it", the two refusals shown as refused moves), a won and a lost
end and the variants. The tips' worked examples are in ``tip_scenarios``.

Card strings follow the order documented in ``tutor/games/forty_thieves/rules.py``: the tableau row by
row (ten cards a row, the fourth row the available cards of ``t1`` to ``t10``), then the talon from
its top card down.
"""

from __future__ import annotations

from tutor.cards import Card
from tutor.i18n import Text
from tutor.lessons import CardAt, Scenario, Step, VariantPlay

GAME = "forty-thieves"

_SETUP_ROWS = (
    "3C AC 5D JC KH AS 9D AH JC 4D",
    "KD 6S 6H QS 7C 4S 9C 5H TH 7H",
    "3C QC 9H AH 4H 9D 6C KS KC 5H",
    "TC 4D 9C AD 5D 2S 6D 4H 3H QD",
)
_SETUP_TALON = ("4C AC JS 9S 9H AD 4S 5S TC JD TD 7D 5S 4C 7S 8S QH 8D 3H AS 9S 8C 2D KS 5C 8S 2H 6H 8H 5C "
                "2D 8H TH QS 6C 2C TD 6D TS QC JH 2S 2H 3D KC 8D 3D JS 7C JH QH KH QD 7S 3S 2C 7H 3S 7D 8C "
                "6S TS KD JD")

# The worked example: the available cards are 6♦ (t1), 7♦ (t2), 7♥ (t3), 6♣ lying on a 7♦ (t4), and
# six cards with no move (no Ace, no other card one rank below an available card of its suit).
# Row by row, as the card string reads: row 4 holds the available cards of columns 1 to 10.
_EXAMPLE_ROWS = (
    "8H KC JH 9D 3C 7H 4S 8C 5C 8H",
    "6S TS KS QD 2H 5H 4D TC 2H JC",
    "TC QD 5S 7D QC QC 4C 8S 8C TH",
    "6D 7D 7H 6C KS 9C QH 4S JD 3H",
)
_EXAMPLE_TALON = ("AS 3C 9S KH 6D 8D 2S QS 9H 2S AC 2D JD 3H JS AH 7S AD 3D 6C 9H 7S QS 5D AD 2C TD 5C AC "
                  "8S 3S 6H 5S 6S 4H TH 4D JC QH TS 6H JH 9C AH KC 7C KD 3D 5H KH KD 4H 2D 3S 8D JS 5D 9D "
                  "9S AS 4C 2C TD 7C")

# Each kind of move once. Column 6 holds the Hearts from the 5 down to the Ace; the talon's top
# cards are 3♥, 7♠ and K♦. Columns are given from the back card to the available card.
_MOVES_COLUMNS = ("QC 3C 9D 7H", "6C KH 2S 5D", "8C 4S TC 9S", "7D QD 6H 8S", "2C JS 3D TS",
                  "5H 4H 2H AH", "9C 4C KS 7C", "JD 6S QS 3S", "TH 5C 8H QH", "KC 6D 4D 9H")
_MOVES_ROWS = " ".join(" ".join(column.split()[row] for column in _MOVES_COLUMNS) for row in range(4))
_MOVES_TALON = ("3H 7S KD KC TD QC JH 5S 4H KH 4S 5D 9S 5C 9C AS AD 5S 7C 7H 6D 8C QS TC 2D JS 6C 3D QH 8H "
                "AS 2H TH JC 2D 8D QD AC 2C 9H 4D AD KD TD AC JC TS JH 3S 5H 6H 9D 6S 3C 4C 3H JD KS 8D 2S "
                "7S AH 8S 7D")
_MOVES_CARDS = f"{_MOVES_ROWS} {_MOVES_TALON}"
# The moves example after column 6 went up to the foundation: an empty column, the 8♠ on the 9♠.
_EMPTY_COLUMN_PRELUDE = "t6-f1 t6-f1 s-w w-f1 t6-f1 t6-f1"

# A won end, from a deal made for it: the talon brings every card from the Ace to the 8 in order,
# the tableau holds the 9s to Kings, so every card goes up in turn.
_WON_ROWS = ("KC KC KD KD KH KH KS KS 9C 9D", "QC QC QD QD QH QH QS QS 9C 9D",
             "JC JC JD JD JH JH JS JS 9H 9S", "TC TC TD TD TH TH TS TS 9H 9S")
_WON_CARDS = " ".join(_WON_ROWS) + " " + " ".join(f"{rank}{suit}" for rank in "A2345678" for suit in "CCDDHHSS")
_WON_PRELUDE = ("s-w w-f1 s-w w-f2 s-w w-f3 s-w w-f4 s-w w-f5 s-w w-f6 s-w w-f7 s-w w-f8 s-w w-f1 s-w w-f2 s-w w-f3 "
                "s-w w-f4 s-w w-f5 s-w w-f6 s-w w-f7 s-w w-f8 s-w w-f1 s-w w-f2 s-w w-f3 s-w w-f4 s-w w-f5 s-w w-f6 "
                "s-w w-f7 s-w w-f8 s-w w-f1 s-w w-f2 s-w w-f3 s-w w-f4 s-w w-f5 s-w w-f6 s-w w-f7 s-w w-f8 s-w w-f1 "
                "s-w w-f2 s-w w-f3 s-w w-f4 s-w w-f5 s-w w-f6 s-w w-f7 s-w w-f8 s-w w-f1 s-w w-f2 s-w w-f3 s-w w-f4 "
                "s-w w-f5 s-w w-f6 s-w w-f7 s-w w-f8 s-w w-f1 s-w w-f2 s-w w-f3 s-w w-f4 s-w w-f5 s-w w-f6 s-w w-f7 "
                "s-w w-f8 s-w w-f1 s-w w-f2 s-w w-f3 s-w w-f4 s-w w-f5 t9-f5 t5-f5 t5-f5 t5-f5 t5-f5 s-w w-f6 t9-f6 "
                "t6-f6 t6-f6 t6-f6 t6-f6 t9-f1 t1-f1 t1-f1 t1-f1 t1-f1 t9-f2 t2-f2 t2-f2 t2-f2 t2-f2 s-w w-f7 t10-f7 "
                "t7-f7 t7-f7 t7-f7 t7-f7 s-w w-f8 t10-f8 t8-f8 t8-f8 t8-f8 t8-f8 t10-f3 t3-f3 t3-f3")

# A lost end: deal 3, played with care for the foundations, to its last five moves.
_LOST_CARDS = ("8C QS 4D JC 7C TS 4S AD JS 9H AS 3S AC 5S TD 4H 3C 7S 8H 8S TH 5C 6S QD 2H 3D 8C QH QC KS AC "
               "3D 6D KD 5C 5D 2C 5S KH 9D KH 9D 6C 7H 9H AH 4C 3C 8H 5H 2S 6C QH 9C 2C 8D 3H 4C 6H 3H AD JD "
               "KD TH 6S 6H 4S 8S 2H AS TS 5D 7D KS JH QD JS 6D 3S 4D 7C 7D KC 2D 8D 9S QS JC 7H TD 4H JH QC "
               "9C 9S AH TC 2S 7S 2D KC JD 5H TC")
_LOST_PRELUDE = ("t1-f1 t7-f1 t6-t3 s-w s-w s-w s-w s-w w-t1 s-w w-f2 s-w w-t5 s-w w-f1 t5-f1 t5-f1 t5-f2 t10-t5 "
                 "s-w w-t1 w-t1 w-f1 s-w s-w s-w s-w w-t9 s-w s-w s-w w-t5 s-w w-f2 s-w s-w w-t1 s-w s-w w-f3 "
                 "s-w s-w s-w s-w s-w s-w w-t8 s-w s-w s-w w-f4 s-w s-w s-w w-t5 s-w s-w w-t9 s-w w-t4 s-w s-w "
                 "w-t5 t3-t5 s-w t5-t3 w-t8 t3-t5 s-w t5-t3 w-t3 t2-t3 s-w w-f1 t7-f1 s-w s-w s-w w-f3 t3-f3 "
                 "t3-f3 t3-f3 t3-f3 s-w s-w s-w w-t10 s-w s-w s-w s-w w-f2 s-w s-w s-w w-f1 s-w s-w w-f5 s-w "
                 "w-f1 s-w w-f4 t8-f4 t8-f4 t8-f4 t3-f4 t3-f6 t6-t3 t9-t8 s-w w-f4 t8-t9 s-w t9-t8 w-t3 t8-t9 "
                 "s-w t9-t8 s-w t8-t9 w-t4 t9-t8 s-w w-f2 t1-f2 t1-f2 t1-f2 t1-f2")

# Deal 7 played under a variant to where the variant shows (found by random play; see the scenario).
_VARIANT_JOSEPHINE = (
    "t9-t1 t1-t6 s-w t6-t1 t1-t6 s-w t6-t1 w-t7 t1-t6 t6-t1 t1-t6 t6-t1 s-w t1-t6 t6-t1 s-w t1-t6 t6-t1 "
    "s-w w-f6 t1-t6 t6-t1 t1-t6 s-w t6-t1 w-t1"
)
_VARIANT_KINGS_ONLY = (
    "t9-t1 t1-t6 t6-t1 t1-t6 t6-t1 t1-t6 t6-t1 s-w t1-t6 s-w w-t7 s-w t6-t1 t1-t6 s-w t6-t1 s-w w-f5 "
    "t1-t6 t6-t1 t1-t6 t6-t1 s-w w-t1 s-w s-w s-w w-f2 s-w s-w s-w s-w s-w s-w s-w w-f7 s-w s-w w-f1 s-w "
    "s-w s-w s-w s-w s-w s-w w-t8 t8-t2 t4-t2 t6-t4 s-w s-w s-w s-w s-w s-w s-w s-w w-t1 s-w w-f1 s-w s-w "
    "s-w s-w s-w s-w w-t6 t9-t6 s-w s-w s-w w-t6 s-w t9-t6 t2-t9 s-w t2-t8 t9-t8 s-w t9-t2 t8-t2 s-w w-f6 "
    "t2-t8 t8-t2 s-w s-w t2-t8 s-w w-f4 t8-t2 t2-t8 t8-t2 t2-t8 t8-t2 t2-t8 t8-t2 t2-t8 t8-t2 t2-t8 s-w "
    "t8-t2 t2-t8 t8-t2 s-w t2-t8 t8-t2 t2-t8 t8-t2 t2-t8 t8-t2 t2-t8 s-w"
)
_VARIANT_REDEAL = (
    "t9-t6 t6-t1 t1-t6 t6-t1 s-w s-w t1-t6 w-t7 t6-t1 t1-t6 t6-t1 s-w t1-t6 s-w s-w w-f1 t6-t1 t1-t6 "
    "t6-t1 t1-t6 s-w w-t6 s-w s-w s-w w-f4 s-w s-w s-w s-w s-w s-w s-w w-f3 s-w s-w w-f6 s-w s-w s-w s-w "
    "s-w s-w s-w w-t8 t8-t2 t2-t8 t4-t8 t1-t4 s-w w-t1 s-w s-w s-w s-w s-w s-w s-w w-t6 s-w w-f6 s-w s-w "
    "s-w s-w s-w s-w s-w s-w s-w w-t9 s-w w-f4 s-w s-w s-w w-f2 s-w s-w w-f4 t1-f4 t1-f4 w-t1 s-w w-f8 "
    "s-w s-w w-t1 s-w s-w s-w s-w w-f7 s-w s-w s-w s-w s-w w-t10 t10-t5 t5-t10 t10-t5 t5-t10 s-w s-w "
    "t10-t5 t5-t10 w-f3 s-w"
)


SCENARIOS = (
    Scenario(
        id="ft-setup",
        game=GAME,
        variant="",
        cards=" ".join(_SETUP_ROWS) + " " + _SETUP_TALON,
        title=Text("forty-thieves", "The layout after the setup"),
        alt=Text("forty-thieves", "The tableau: forty face-up cards in ten columns of four, overlapping so that "
                                  "every card can be read; the available cards, column by column: {available}. "
                                  "Above it, room for the eight foundations; beside it the face-down stock of 64 "
                                  "cards, with room for the waste.",
                 available=tuple(Card.parse(code) for code in _SETUP_ROWS[-1].split())),
    ),
    Scenario(
        id="ft-worked-example",
        game=GAME,
        variant="",
        cards=" ".join(_EXAMPLE_ROWS) + " " + _EXAMPLE_TALON,
        title=Text("forty-thieves", "Example: where the {card} may go", card=Card.parse("6D")),
        alt=Text("forty-thieves", "Ten columns of four. The available cards, column by column: {available}. In the "
                                  "fourth column the {covered} lies on {seven:a}.",
                 available=tuple(Card.parse(code) for code in _EXAMPLE_ROWS[-1].split()),
                 covered=Card.parse("6C"), seven=Card.parse("7D")),
        outcome=Text("forty-thieves", "The {card} lies on the {target}: of the three Sevens, the only one it "
                                            "may go onto.", card=Card.parse("6D"), target=Card.parse("7D")),
        steps=(
            Step("t1-t3", Text("forty-thieves", "Can the {card} go onto the {red_seven} in the third column?",
                               card=Card.parse("6D"), red_seven=Card.parse("7H")),
                 expect_refused=True),
            Step("t1-t4", Text("forty-thieves", "And onto the {seven} in the fourth column?", seven=Card.parse("7D")),
                 expect_refused=True),
            Step("t1-t2", Text("forty-thieves", "The {card} may go onto the available {target}: same suit, one rank "
                                     "lower.", card=Card.parse("6D"), target=Card.parse("7D")),
                 highlight=("t1", "t2")),
        ),
    ),
    Scenario(
        id="ft-setup-deal",
        game=GAME,
        variant="",
        cards=" ".join(_SETUP_ROWS) + " " + _SETUP_TALON,
        title=Text("forty-thieves", "The setup, step by step"),
        alt=Text("forty-thieves", "Ten columns of four face-up cards, the face-down stock of 64 cards, and room for "
                                  "the waste and the eight foundations."),
        steps=(
            Step(None, Text("forty-thieves", "Shuffle both decks together and deal 10 columns of 4 cards, all face up "
                                             "and overlapping downwards so that every card can be read. These 40 cards "
                                             "are the tableau."), show=("t",)),
            Step(None, Text("forty-thieves", "Put the other 64 cards face down beside the tableau as the stock (the "
                                             "talon)."), highlight=("s",), show=("t", "s")),
            Step(None, Text("forty-thieves", "Leave room for the waste and for eight foundations above the tableau. "
                                             "The foundations start empty; the Aces get there during play."),
                 highlight=("w", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8")),
        ),
    ),
    Scenario(
        id="ft-terms",
        game=GAME,
        variant="",
        cards=_MOVES_CARDS,
        prelude=tuple(f"{_EMPTY_COLUMN_PRELUDE} s-w".split()),
        kind="terms",
        title=Text("forty-thieves", "The parts of the layout"),
        alt=Text("forty-thieves", "A game under way: five hearts on a foundation, an empty sixth column, one card on "
                                  "the waste."),
        terms=(("foundation", ("f",)), ("tableau", ("t",)), ("column", ("t3",)), ("stock", ("s",)),
               ("waste", ("w",)), ("space", ("t6",))),
    ),
    Scenario(
        id="ft-moves",
        game=GAME,
        variant="",
        cards=_MOVES_CARDS,
        title=Text("forty-thieves", "Every kind of move, one at a time"),
        alt=Text("forty-thieves", "Ten columns of four. The available cards, column by column: {available}.",
                 available=tuple(Card.parse(column.split()[-1]) for column in _MOVES_COLUMNS)),
        outcome=Text("forty-thieves", "Every kind of move in one game: an Ace starting a foundation, cards going up in "
                                      "suit, building down in the tableau, cards played from the waste, and an empty "
                                      "column filled with a single card."),
        steps=(
            Step("t6-f1", Text("forty-thieves", "An Ace starts a new foundation: the {card} goes up.",
                               card=Card.parse("AH"))),
            Step("t6-f1", Text("forty-thieves", "The {card} follows onto it: up in suit, one rank at a time.",
                               card=Card.parse("2H"))),
            Step("s-w", Text("forty-thieves", "Turn the top card of the stock face up onto the waste: the {card}.",
                             card=CardAt("s"))),
            Step("w-f1", Text("forty-thieves", "The top card of the waste is available too: the {card} goes up.",
                              card=Card.parse("3H"))),
            Step("t6-f1", Text("forty-thieves", "The {card} goes up as well.", card=Card.parse("4H"))),
            Step("t6-f1", Text("forty-thieves", "The {card} goes up last and empties the sixth column.",
                               card=Card.parse("5H")),
                 highlight=("t6",)),
            Step("t4-t3", Text("forty-thieves", "In the tableau a card goes onto the next higher card of the same "
                                                "suit: the {card} onto the {target}.",
                               card=Card.parse("8S"), target=Card.parse("9S"))),
            Step("t3-t5x2", Text("forty-thieves", "The {card} and the {second} may not move together onto the "
                                                  "{target}: cards move one at a time.",
                                 card=Card.parse("9S"), second=Card.parse("8S"), target=Card.parse("TS")),
                 expect_refused=True),
            Step("s-w", Text("forty-thieves", "Turn the next card: the {card}.", card=CardAt("s"))),
            Step("w-t3", Text("forty-thieves", "The {card} goes from the waste onto the {target}.",
                              card=Card.parse("7S"), target=Card.parse("8S"))),
            Step("s-w", Text("forty-thieves", "Turn the next card: the {card}.", card=CardAt("s"))),
            Step("w-t6", Text("forty-thieves", "Any single available card may fill an empty column: the {card} goes "
                                               "there.", card=Card.parse("KD"))),
        ),
    ),
    Scenario(
        id="ft-won",
        game=GAME,
        variant="",
        cards=_WON_CARDS,
        prelude=tuple(_WON_PRELUDE.split()),
        title=Text("forty-thieves", "A won game: the last cards go up"),
        alt=Text("forty-thieves", "Near the end of a game: the stock and the waste are used up, and a few diamonds "
                                  "are left in the tableau."),
        steps=(
            Step("t3-f3", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                               card=Card.parse("QD"), src=3, top=Card.parse("JD"), dst=3)),
            Step("t3-f3", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                               card=Card.parse("KD"), src=3, top=Card.parse("QD"), dst=3)),
            Step("t10-f4", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                                card=Card.parse("9D"), src=10, top=Card.parse("8D"), dst=4)),
            Step("t4-f4", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                               card=Card.parse("TD"), src=4, top=Card.parse("9D"), dst=4)),
            Step("t4-f4", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                               card=Card.parse("JD"), src=4, top=Card.parse("TD"), dst=4)),
            Step("t4-f4", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                               card=Card.parse("QD"), src=4, top=Card.parse("JD"), dst=4)),
            Step("t4-f4", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                               card=Card.parse("KD"), src=4, top=Card.parse("QD"), dst=4)),
            Step(None, Text("forty-thieves", "Every card lies on one of the eight foundations, each from Ace to King "
                                             "in its own suit; nothing is left in the tableau, the waste or the "
                                             "stock. You have won."),
                 highlight=("f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8")),
        ),
    ),
    Scenario(
        id="ft-lost",
        game=GAME,
        variant="",
        cards=_LOST_CARDS,
        prelude=tuple(_LOST_PRELUDE.split()),
        title=Text("forty-thieves", "A lost game: blocked"),
        alt=Text("forty-thieves", "Near the end of a game: one card left in the stock, many on the waste."),
        steps=(
            Step("t1-f2", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                               card=Card.parse("TH"), src=1, top=Card.parse("9H"), dst=2)),
            Step("t1-f7", Text("forty-thieves", "Move the {card} from column {src} to the empty foundation {dst}",
                               card=Card.parse("AS"), src=1, dst=7)),
            Step("t8-f2", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                               card=Card.parse("JH"), src=8, top=Card.parse("TH"), dst=2)),
            Step("t8-f2", Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                               card=Card.parse("QH"), src=8, top=Card.parse("JH"), dst=2)),
            Step("s-w", Text("forty-thieves", "The stock turns up the {card}. It goes onto the waste.",
                             card=CardAt("s"))),
            Step(None, Text("forty-thieves", "The stock is used up, no tableau or waste card can move, and the "
                                             "foundations are still incomplete: the game is lost."),
                 highlight=("s", "w")),
        ),
    ),
    Scenario(
        id="ft-variants",
        game=GAME,
        variant="",
        cards="",
        kind="variants",
        variants=("", "josephine", "limited", "indian", "streets", "sixty-thieves", "kings-only", "one-redeal",
                  "two-redeals"),
        deal=7,
        title=Text("forty-thieves", "The same deal under each variant"),
        alt=Text("forty-thieves", "Deal 7, laid out by the rules of the chosen variant."),
        variant_plays=(
            VariantPlay("josephine", tuple(_VARIANT_JOSEPHINE.split()), (
                Step("t1-t6x2", Text("forty-thieves", "In Josephine a sequence moves as a unit: the {first} and the "
                                                      "{second} go onto the {top} together.", first=Card.parse("TC"),
                                     second=Card.parse("9C"), top=Card.parse("JC"))),
            ), Text("forty-thieves", "The {first} and the {second} lie on the {top} now, moved in one go.",
                                   first=Card.parse("TC"), second=Card.parse("9C"), top=Card.parse("JC"))),
            VariantPlay("limited", (), (
                Step(None, Text("forty-thieves", "The Limited variant deals twelve columns of three cards."),
                     highlight=("t",)),
            )),
            VariantPlay("indian", (), (
                Step("t4-t9", Text("forty-thieves", "In Indian a card goes onto the next higher card of any other "
                                                    "suit: the {card} onto the {top}, which the base game forbids.",
                                   card=Card.parse("9S"), top=Card.parse("TC"))),
            ), Text("forty-thieves", "The {card} lies on the {top}: in Indian any other suit will do.",
                                   card=Card.parse("9S"), top=Card.parse("TC"))),
            VariantPlay("streets", (), (
                Step("t5-t7", Text("forty-thieves", "In Streets a card goes onto the next higher card of the other "
                                                    "colour: the {card} onto the {top}, which the base game forbids.",
                                   card=Card.parse("5D"), top=Card.parse("6C"))),
            ), Text("forty-thieves", "The {card} lies on the {top}: in Streets a red card goes onto a black "
                                                  "one, a black card onto a red one.", card=Card.parse("5D"),
                                   top=Card.parse("6C"))),
            VariantPlay("sixty-thieves", (), (
                Step(None, Text("forty-thieves", "Sixty Thieves plays with three decks: twelve columns of five cards."),
                     highlight=("t",)),
            )),
            VariantPlay("kings-only", tuple(_VARIANT_KINGS_ONLY.split()), (
                Step("t1-t9", Text("forty-thieves", "Column 9 is empty. Can the {card} go into it?",
                                   card=Card.parse("8C")), expect_refused=True, fits=("w",)),
                Step("w-t9", Text("forty-thieves", "The {king} from the waste may.", king=Card.parse("KD"))),
            ), Text("forty-thieves", "The {king} fills the empty column: in this variant only a King may.",
                                   king=Card.parse("KD"))),
            VariantPlay("one-redeal", tuple(_VARIANT_REDEAL.split()), (
                Step("w-s", Text("forty-thieves", "The stock is used up. With a redeal left, the waste is gathered "
                                                  "up as the new stock.")),
                Step("s-w", Text("forty-thieves", "The new pass starts with the {card}.", card=CardAt("s"))),
            ), Text("forty-thieves", "The second pass has begun with the {card}. It is the last one.",
                                   card=Card.parse("JD"))),
            VariantPlay("two-redeals", tuple(_VARIANT_REDEAL.split()), (
                Step("w-s", Text("forty-thieves", "The stock is used up. With a redeal left, the waste is gathered "
                                                  "up as the new stock.")),
                Step("s-w", Text("forty-thieves", "The new pass starts with the {card}.", card=CardAt("s"))),
            ), Text("forty-thieves", "The second pass has begun with the {card}. One more redeal is left "
                                                  "for when the stock is used up again.", card=Card.parse("JD"))),
        ),
    ),
)
