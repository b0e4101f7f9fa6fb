"""Fortune's Favour scenarios, one beside each rules section: the setup dealt step by step, the
terms, every kind of move, the example of the rules text ("In the layout above, move the 2♦ and
the 2♣ onto their Aces …"), a won and a lost end, one scenario per beginner tip, the redeal and the
variants.

Positions near the end start from a real deal: ``prelude`` holds the moves that lead there (found
with the solver, :mod:`tutor.analysis.solve`, or played out in the engine), and the tests replay them.

Card strings follow the order documented in ``tutor/games/fortunes_favour.py``: the twelve tableau
cards ``t1``…``t12``, then the stock.
"""

from __future__ import annotations

from tutor.cards import Card
from tutor.i18n import Text
from tutor.lessons import Branch, CardAt, Scenario, Step, VariantPlay

GAME = "fortunes-favour"


def _cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes.split())


_SETUP_TABLEAU = "3S 4C 4D QC 9S 8D TS TD 3D 2D 7D KS"
_SETUP_STOCK = ("4H 5H KD 5D 7H 4S JC 3C 6H 9H 5S 8S 2H 6C 6D 2C KC 7C TC QD QS JH JD 9D 6S 2S QH 8H 5C 8C 7S "
                "TH KH 9C 3H JS")

# The worked example: 2♦ and 2♣ can go up at once, 5♣ waits for the 6♣ that the stock brings;
# no other card in the tableau has a move, and the stock's top cards are 6♣, 3♦, J♣, 3♠.
_EXAMPLE_TABLEAU = "KH 2D 9S JD 2C 4H 8C QS 5C 7H TH 6S"
_EXAMPLE_STOCK = ("6C 3D JC 3S TC 9D 2S 7C 8S 7D 5H 7S 9H 6D 6H 5D KC 3H TD KD TS 9C QC 4C 4D QD 3C KS 8H "
                  "JS 5S JH 4S 8D QH 2H")

# Each kind of move once: 2♥ up (space filled from the stock), 8♠ onto 9♠, turning the stock, 3♥
# from the waste up, 7♠ from the waste onto 8♠, 5♦ stays on the waste, 2♣ up (space filled from the
# waste). The rest of the stock is in no particular order.
_MOVES_TABLEAU = "2H 9S 8S 2C JH 4S TD 6C KH 8D QC 7H"
_MOVES_STOCK = ("4D QD 3H 7S 5D 8C KD 3S 5C 3D 2D 5H TH 7D 6H QS TC 6S 9D KS TS 7C 9C 4C JC JD 3C 4H 9H JS "
                "QH 5S 6D 2S KC 8H")

# The terms: the setup deal a little way into play, with cards on the foundations, in the tableau,
# on the waste and in the stock.
_TERMS_PRELUDE = ("t10-f2 t9-f2 t3-f2 t5-t7 t5-f2 t10-t9 t1-t10 t1-t4 t1-t2 t1-t5 t11-t6 s-w w-t7 s-w w-f3 s-w "
                  "s-w w-f2 t6-f2 t6-f2 s-w w-f1 t2-f1 t2-f1 s-w s-w w-t4 s-w w-t3 s-w w-t12 s-w s-w")

# A won end: deal 1 played by the solver to its last five moves.
_WON_CARDS = ("7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C 6S KC KH TH TS JS TD 8S QC 4S 6C 7C 5C "
              "KS 6H QS QH QD 9D 3D 3S 4C 2H 8C TC 3H 2S 9H 7S")
_WON_PRELUDE = ("t1-t5 t3-t11 t3-f2 t8-t5 s-w w-t4 s-w w-t8 s-w w-f1 t1-f1 t6-t1 s-w s-w w-t3 s-w s-w s-w w-t7 "
                "s-w w-t9 s-w w-t6 t10-t6 w-t10 s-w w-t1 s-w s-w s-w s-w s-w w-t4 s-w s-w s-w w-t12 s-w w-t7 "
                "s-w w-f2 t11-f2 t11-f2 t5-f2 t5-f2 t5-f2 t7-f2 t7-f2 t7-f2 t12-f2 t12-f2 t5-t7 w-t5 t12-t5 "
                "t11-t12 t11-t1 t11-f1 t5-f1 t5-f1 t5-f1 t5-f1 t2-f1 t5-f1 t6-f1 t6-f1 t5-f4 t1-f4 t1-f4 t1-f4 "
                "t1-f4 t1-f4 t6-f1 t9-f4 t9-f4 t10-f4 t10-f4 t7-f4 t7-f4 t11-f3 t2-f3 t8-f3 t8-f3 t4-f3 t4-f3 "
                "t4-f3")

# A lost end: deal 14, played by someone who turns the whole stock first (against the first tip).
_LOST_CARDS = ("8S 9D 6H QD 3D 5C 3S 9H 5D 7D 2S JC TD 8C KS 6C 8D KC JS KD JH 7S 4H 4C 7C 2C 6S TH KH 3C 5H "
               "QH 3H TC QS 7H 9S 2D 9C 5S 2H QC 8H TS JD 4D 6D 4S")
_LOST_PRELUDE = " ".join(["s-w"] * 36) + (" t11-f4 t7-f4 t11-f4 t5-t11 t5-t4 t7-t10 t7-t8 w-f3 w-f4 t9-t10 w-f2 "
                                          "t11-f2 t11-f2 t10-f2 t10-f2 t10-f2 t1-t11")

# The first tip: deal 126 after 33 moves. The 2♠ lies on top of the waste and can go up; turning
# the stock first buries it under the 10♣, and the solver finds no winning line after that.
_TIP_1_CARDS = ("9H 7S 8S TD QC 4H JS 3D QS JH 7C QH JD 6S 4D TS 8D 9D KH 8H 3S 5D 7D KS 6H 5C 5H 3H KD 4S "
                "6C KC TH 2D 8C 2S TC 7H 3C 9S 9C 4C 2H 6D QD 2C JC 5S")
_TIP_1_PRELUDE = ("t2-t3 t4-t2 t4-t3 t7-t9 t7-t9 t8-t4 t7-t8 t10-t12 t10-t1 s-w s-w w-t8 s-w s-w s-w s-w s-w "
                  "w-t6 s-w s-w s-w w-t11 s-w s-w w-t12 s-w w-f2 t4-f2 t4-f2 t5-t4 t10-t5 s-w s-w")

# One redeal: deal 3 under the variant, played until the stock is used up (22 cards on the waste).
_REDEAL_CARDS = ("3D 7S QS 9S 2C 5S 3H JC KS QH 6C 6S 5C QC KH KD JD 4S 8H 4C 2H 8C 6H 8D 8S 9C 3S 9D 6D 7D 7H 5D 9H "
    "JS TD 4D KC 5H TH 3C 2S TS QD 7C 2D 4H JH TC")
_REDEAL_PRELUDE = ("t5-f1 s-w s-w s-w s-w s-w s-w s-w s-w w-f3 t7-f3 s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w "
    "s-w s-w s-w s-w s-w s-w s-w w-f1 t7-f1 t5-f1 t11-f1 s-w w-f4 s-w s-w s-w w-f1 s-w w-f2 t1-f2 s-w w-f3 "
    "t5-f3 w-f2 s-w s-w")

# The fourth tip: deal 16 after 27 moves. The 5♦ can go up (emptying its pile) or the Q♦ can go
# from the waste onto the K♦.
_TIP_4_CARDS = ("3C QS QC 5H 3S 4D 8H KH JD TH 8C 9D 5C 8D QD 7C 5D KD 3D 9H 2H 6S QH 6C 2S 2D 4C 4H 9C KS 4S "
                "JC 7S 2C JS 6D JH KC 7H 6H 7D 9S TC TS 8S 3H TD 5S")
_TIP_4_PRELUDE = ("s-w s-w w-t12 s-w s-w w-t11 s-w s-w s-w w-t6 s-w w-t10 t7-t10 s-w w-f3 s-w s-w w-t8 s-w w-t11 "
                  "s-w w-f4 t5-f4 s-w w-f2 t6-f2 t6-f2")
# Deal 7 played under a variant to where the variant shows (found by random play; see the scenario).
_VARIANT_ONE_REDEAL = (
    "t6-t3 t4-t9 t12-f1 s-w w-f3 s-w s-w w-t2 s-w s-w w-f4 t9-f4 t9-f4 s-w w-t4 s-w s-w w-f1 t2-f1 t2-f1 "
    "t2-t4 s-w s-w w-f2 s-w w-t11 s-w s-w w-t12 w-t9 s-w s-w w-t10 s-w w-t1 t1-f2 t1-f2 s-w w-f3 t5-f3 "
    "s-w s-w s-w w-f1 t2-f1 t5-t2 s-w w-t11 t8-t11 t8-f3 t10-f3 t10-t5 t10-f4 t9-f4 t9-f4 t5-f3 t10-t7 "
    "t5-f3 t8-t3 t5-f1 t5-f2 t11-f2 t3-f3 t10-t1 s-w"
)
_VARIANT_BUSY_ACES = (
    "t3-f2 t12-t9"
)


SCENARIOS = (
    Scenario(
        id="ff-setup",
        game=GAME,
        variant="",
        cards=f"{_SETUP_TABLEAU} {_SETUP_STOCK}",
        title=Text("fortunes-favour", "The layout after the setup"),
        alt=Text("fortunes-favour", "The four Aces in a row as the foundations. Below them the tableau, twelve "
                                    "face-up cards in two rows of six: {first_row}; {second_row}. Beside them the "
                                    "face-down stock, with room for the waste.",
                 first_row=_cards(_SETUP_TABLEAU)[:6], second_row=_cards(_SETUP_TABLEAU)[6:]),
    ),
    Scenario(
        id="ff-worked-example",
        game=GAME,
        variant="",
        cards=f"{_EXAMPLE_TABLEAU} {_EXAMPLE_STOCK}",
        title=Text("fortunes-favour", "Example: two Twos go up, the stock fills the spaces"),
        alt=Text("fortunes-favour", "Foundations: the four Aces. Tableau, first row: {first_row}; second row: "
                                    "{second_row}. The waste is empty; the stock's top cards are the {first} and the "
                                    "{second}.",
                 first_row=_cards(_EXAMPLE_TABLEAU)[:6], second_row=_cards(_EXAMPLE_TABLEAU)[6:],
                 first=CardAt("s", 1), second=CardAt("s", 2)),
        outcome=Text("fortunes-favour", "The {two} and the {three} lie on the {ace}, the {clubs} on its Ace, the "
                                              "{five} on the {six}, and every space has been filled from the stock.",
                     two=Card.parse("2D"), three=Card.parse("3D"), ace=Card.parse("AD"), clubs=Card.parse("2C"),
                     five=Card.parse("5C"), six=Card.parse("6C")),
        steps=(
            Step("t2-f2", Text("fortunes-favour", "Move the {card} onto its Ace. The waste is empty, so the space is "
                                     "filled at once from the stock: {refill:a}.",
                               card=Card.parse("2D"), refill=CardAt("s")),
                 highlight=("t2", "f2")),
            Step("t5-f1", Text("fortunes-favour", "Move the {card} onto its Ace. Its space is filled from the stock "
                                     "too: {refill:a}.", card=Card.parse("2C"), refill=CardAt("s")),
                 highlight=("t5", "f1")),
            Step("t5-f2", Text("fortunes-favour", "The {card} goes straight onto the {target}, and its space is filled "
                                     "from the stock again.", card=Card.parse("3D"), target=Card.parse("2D")),
                 highlight=("t5", "f2")),
            Step("t9-t2", Text("fortunes-favour", "The {card} moves onto the {target}: same suit, one rank lower. That "
                                     "makes yet another space.", card=Card.parse("5C"), target=Card.parse("6C")),
                 highlight=("t9", "t2")),
        ),
    ),
    Scenario(
        id="ff-setup-deal",
        game=GAME,
        variant="",
        cards=f"{_SETUP_TABLEAU} {_SETUP_STOCK}",
        title=Text("fortunes-favour", "The setup, step by step"),
        alt=Text("fortunes-favour", "The four Aces in a row as the foundations, twelve face-up cards below them in two "
                                    "rows of six, and the face-down stock."),
        steps=(
            Step(None, Text("fortunes-favour", "Take the four Aces out of the deck and lay them in a row. They are the "
                                               "foundations."), highlight=("f1", "f2", "f3", "f4"), show=("f",)),
            Step(None, Text("fortunes-favour", "Shuffle the other 48 cards and deal the first row of six cards face up "
                                               "below the Aces."),
                 highlight=("t1", "t2", "t3", "t4", "t5", "t6"), show=("f", "t1", "t2", "t3", "t4", "t5", "t6")),
            Step(None, Text("fortunes-favour", "Then the second row of six. Each of the twelve cards starts a tableau "
                                               "pile."),
                 highlight=("t7", "t8", "t9", "t10", "t11", "t12"), show=("f", "t")),
            Step(None, Text("fortunes-favour", "The remaining 36 cards go face down as the stock, with room for the "
                                               "waste next to it."), highlight=("s", "w")),
        ),
    ),
    Scenario(
        id="ff-terms",
        game=GAME,
        variant="",
        cards=f"{_SETUP_TABLEAU} {_SETUP_STOCK}",
        prelude=tuple(_TERMS_PRELUDE.split()),
        kind="terms",
        title=Text("fortunes-favour", "The parts of the layout"),
        alt=Text("fortunes-favour", "A game under way: cards on the four foundations, the twelve tableau piles, the "
                                    "stock and the waste."),
        # "space" has no place here: a space is filled at once while the waste or stock holds a card
        # (the moves example shows it happening).
        terms=(("foundation", ("f",)), ("tableau", ("t",)), ("stock", ("s",)), ("waste", ("w",))),
    ),
    Scenario(
        id="ff-moves",
        game=GAME,
        variant="",
        cards=f"{_MOVES_TABLEAU} {_MOVES_STOCK}",
        title=Text("fortunes-favour", "Every kind of move, one at a time"),
        alt=Text("fortunes-favour", "The four Aces; the tableau, first row: {first_row}; second row: {second_row}. The "
                                    "waste is empty.",
                 first_row=_cards(_MOVES_TABLEAU)[:6], second_row=_cards(_MOVES_TABLEAU)[6:]),
        outcome=Text("fortunes-favour", "Every kind of move in one game: onto a foundation, onto the tableau, from "
                                              "the waste, the stock turned, and each space filled at once, first from "
                                              "the stock, then from the waste."),
        steps=(
            Step("t1-f3", Text("fortunes-favour",
                               "To a foundation: the {card} goes onto its Ace. The waste is empty, so "
                               "the space is filled at once from the stock.", card=Card.parse("2H"))),
            Step("t3-t2", Text("fortunes-favour",
                               "Onto the tableau: the {card} goes onto the {target}, same suit and one "
                               "rank lower. Its space is filled from the stock too.",
                               card=Card.parse("8S"), target=Card.parse("9S"))),
            Step("s-w", Text("fortunes-favour", "Turn the top card of the stock face up: the {card}.",
                             card=CardAt("s"))),
            Step("w-f3", Text("fortunes-favour",
                              "The top card of the waste can be played too: the {card} goes onto the "
                              "{target}.", card=Card.parse("3H"), target=Card.parse("2H"))),
            Step("s-w", Text("fortunes-favour", "Turn the next card: the {card}.", card=CardAt("s"))),
            Step("w-t2", Text("fortunes-favour", "The {card} goes from the waste onto the {target} in the tableau.",
                              card=Card.parse("7S"), target=Card.parse("8S"))),
            Step("s-w", Text("fortunes-favour", "Turn the next card: the {card}.", card=CardAt("s"))),
            Step(None, Text("fortunes-favour", "The {card} fits nowhere, so it stays on the waste.",
                            card=CardAt("w")), highlight=("w",)),
            Step("t4-f1", Text("fortunes-favour",
                               "The {card} goes onto its Ace. This time the waste is not empty, so its "
                               "top card, the {refill}, fills the space.",
                               card=Card.parse("2C"), refill=Card.parse("5D"))),
        ),
    ),
    Scenario(
        id="ff-won",
        game=GAME,
        variant="",
        cards=_WON_CARDS,
        prelude=tuple(_WON_PRELUDE.split()),
        title=Text("fortunes-favour", "A won game: the last cards go up"),
        alt=Text("fortunes-favour", "Near the end of a game: the stock and the waste are used up, and the last "
                                    "hearts lie in the tableau."),
        steps=(
            Step(None, Text("fortunes-favour", "The stock is used up, and only hearts are left in the tableau. Each "
                                               "can go up in turn."), highlight=("f3",)),
            Step("t5-f3", Text("fortunes-favour", "The {card} from pile {src} goes up onto its foundation.",
                               card=Card.parse("9H"),
                               src="5")),
            Step("t3-f3", Text("fortunes-favour", "The {card} from pile {src} goes up onto its foundation.",
                               card=Card.parse("TH"),
                               src="3")),
            Step("t3-f3", Text("fortunes-favour", "The {card} from pile {src} goes up onto its foundation.",
                               card=Card.parse("JH"),
                               src="3")),
            Step("t12-f3", Text("fortunes-favour", "The {card} from pile {src} goes up onto its foundation.",
                                card=Card.parse("QH"),
                                src="12")),
            Step("t12-f3", Text("fortunes-favour", "The {card} from pile {src} goes up onto its foundation.",
                                card=Card.parse("KH"),
                                src="12")),
            Step(None, Text("fortunes-favour", "All 52 cards lie on the four foundations, each topped by its King: you "
                                               "have won."), highlight=("f1", "f2", "f3", "f4")),
        ),
    ),
    Scenario(
        id="ff-lost",
        game=GAME,
        variant="",
        cards=_LOST_CARDS,
        prelude=tuple(_LOST_PRELUDE.split()),
        title=Text("fortunes-favour", "A lost game: the stock is used up"),
        alt=Text("fortunes-favour",
                 "Near the end of a game: the stock is used up, and many cards lie buried in the waste."),
        steps=(
            Step("t3-t10", Text("fortunes-favour", "The {card} from pile {src} goes onto the {top} on pile {n}.",
                                card=Card.parse("6H"), src="3", top=Card.parse("7H"), n="10")),
            Step("w-f3", Text("fortunes-favour", "Move the {card} from the waste to its foundation",
                              card=Card.parse("3H"))),
            Step("t3-t12", Text("fortunes-favour", "The {card} from pile {src} goes onto the {top} on pile {n}.",
                                card=Card.parse("TC"), src="3", top=Card.parse("JC"), n="12")),
            Step("t9-t12", Text("fortunes-favour", "The {card} from pile {src} goes onto the {top} on pile {n}.",
                                card=Card.parse("9C"), src="9", top=Card.parse("TC"), n="12")),
            Step("t9-t10", Text("fortunes-favour", "The {card} from pile {src} goes onto the {top} on pile {n}.",
                                card=Card.parse("5H"), src="9", top=Card.parse("6H"), n="10")),
            Step(None, Text("fortunes-favour", "The stock is used up and no move is left: the game is lost. The cards "
                                               "buried in the waste never come back."), highlight=("s", "w")),
        ),
    ),
    Scenario(
        id="ff-tip-1",
        game=GAME,
        variant="",
        cards=_TIP_1_CARDS,
        prelude=tuple(_TIP_1_PRELUDE.split()),
        kind="compare",
        title=Text("fortunes-favour", "Tip: make every useful move before turning a stock card"),
        alt=Text("fortunes-favour", "A game under way: the {card} lies on top of the waste and could go onto its Ace.",
                 card=Card.parse("2S")),
        branches=(
            Branch(
                label=Text("fortunes-favour", "Following the tip"),
                steps=(
                    Step("w-f4", Text("fortunes-favour", "Move the {card} from the waste to its foundation",
                                      card=Card.parse("2S"))),
                    Step("t5-f4", Text("fortunes-favour", "Move the {card} from pile {src} to its foundation",
                                       card=Card.parse("3S"), src="5")),
                    Step("t5-f4", Text("fortunes-favour", "Move the {card} from pile {src} to its foundation",
                                       card=Card.parse("4S"), src="5")),
                ),
                outcome=Text("fortunes-favour", "Three spades go up, and the emptied pile takes the {card} from the "
                                                "waste. From here the game can still be won.", card=Card.parse("8C")),
            ),
            Branch(
                label=Text("fortunes-favour", "Ignoring the tip"),
                steps=(
                    Step("s-w", Text("fortunes-favour", "The stock turns up the {card}. It goes onto the waste.",
                                     card=CardAt("s"))),
                ),
                outcome=Text("fortunes-favour", "The {card} now lies under the {cover}, and the spades are stuck. "
                                                "From here no way of playing wins any more.",
                             card=Card.parse("2S"), cover=Card.parse("TC")),
            ),
        ),
    ),
    Scenario(
        id="ff-tip-2",
        game=GAME,
        variant="",
        cards=f"{_MOVES_TABLEAU} {_MOVES_STOCK}",
        prelude=("t1-f3", "t3-t2", "s-w", "w-f3", "s-w", "w-t2", "s-w"),
        kind="compare",
        title=Text("fortunes-favour", "Tip: the waste is the danger"),
        alt=Text("fortunes-favour", "A game under way: the {card} lies on top of the waste, and the {two} can go onto "
                                    "its Ace.", card=Card.parse("5D"), two=Card.parse("2C")),
        branches=(
            Branch(
                label=Text("fortunes-favour", "Following the tip"),
                steps=(Step("t4-f1", Text("fortunes-favour", "Move the {card} from pile {src} to its foundation",
                                          card=Card.parse("2C"), src="4")),),
                outcome=Text("fortunes-favour", "The space is filled from the waste: the {card} is back in the "
                                                "tableau.", card=Card.parse("5D")),
            ),
            Branch(
                label=Text("fortunes-favour", "Ignoring the tip"),
                steps=(Step("s-w", Text("fortunes-favour", "The stock turns up the {card}. It goes onto the waste.",
                                        card=CardAt("s"))),),
                outcome=Text("fortunes-favour",
                             "The {card} is buried under the {cover}: it comes back only when it "
                             "reaches the top again.", card=Card.parse("5D"), cover=Card.parse("8C")),
            ),
        ),
    ),
    Scenario(
        id="ff-tip-3",
        game=GAME,
        variant="",
        cards=f"{_MOVES_TABLEAU} {_MOVES_STOCK}",
        title=Text("fortunes-favour", "Tip: build down in suit to gather cards"),
        alt=Text("fortunes-favour", "The four Aces; the tableau, first row: {first_row}; second row: {second_row}. The "
                                    "waste is empty.",
                 first_row=_cards(_MOVES_TABLEAU)[:6], second_row=_cards(_MOVES_TABLEAU)[6:]),
        steps=(
            Step("t3-t2", Text("fortunes-favour", "Gather the {card} onto the {target}: two cards in one pile. The "
                                                  "emptied pile takes the top card of the stock, the {new}.",
                               card=CardAt("t3"), target=CardAt("t2"), new=CardAt("s"))),
            Step(None, Text("fortunes-favour",
                            "The more cards you gather on one pile, the more piles you empty, and "
                            "every emptied pile brings a new card into play."), highlight=("t2", "t3")),
        ),
    ),
    Scenario(
        id="ff-tip-4",
        game=GAME,
        variant="",
        cards=_TIP_4_CARDS,
        prelude=tuple(_TIP_4_PRELUDE.split()),
        title=Text("fortunes-favour", "Tip: prefer the move that empties a pile"),
        alt=Text("fortunes-favour", "A game under way: the {card} can go onto its foundation, and the {queen} on the "
                                    "waste onto the {king}.",
                 card=Card.parse("5D"), queen=Card.parse("QD"), king=Card.parse("KD")),
        steps=(
            Step(None, Text("fortunes-favour",
                            "Two moves go: the {card} onto its foundation, which empties its pile, or "
                            "the {queen} from the waste onto the {king}. Take the one that empties a "
                            "pile.", card=Card.parse("5D"), queen=Card.parse("QD"),
                            king=Card.parse("KD")), highlight=("t6", "w", "t7")),
            Step("t6-f2", Text("fortunes-favour", "The {card} goes up, and the space takes the {queen} from the waste.",
                               card=Card.parse("5D"), queen=Card.parse("QD"))),
            Step("t6-t7", Text("fortunes-favour",
                               "Now the {queen} goes onto the {king} and empties the pile again: the "
                               "{next} comes in from the waste.",
                               queen=Card.parse("QD"), king=Card.parse("KD"), next=Card.parse("5C"))),
            Step(None, Text("fortunes-favour", "Both cards from the waste are back in play, and new moves have opened "
                                               "up."), highlight=("t6", "t9", "t11")),
        ),
    ),
    Scenario(
        id="ff-redeal",
        game=GAME,
        variant="one-redeal",
        cards=_REDEAL_CARDS,
        prelude=tuple(_REDEAL_PRELUDE.split()),
        title=Text("fortunes-favour", "One redeal: the waste becomes the stock"),
        alt=Text("fortunes-favour", "The stock is used up; the waste holds the cards that did not fit."),
        steps=(
            Step(None, Text("fortunes-favour",
                            "The stock is used up. With one redeal you may go through the waste once "
                            "more."), highlight=("s", "w")),
            Step("w-s", Text("fortunes-favour", "The stock is used up, so the waste is turned over as the new stock.")),
            Step("s-w", Text("fortunes-favour", "The stock turns up the {card}. It goes onto the waste.",
                             card=CardAt("s"))),
            Step(None, Text("fortunes-favour", "This is the last pass: when the stock is used up again, there is no "
                                               "further redeal."), highlight=("s",)),
        ),
    ),
    Scenario(
        id="ff-variants",
        game=GAME,
        variant="",
        cards="",
        kind="variants",
        variants=("", "one-redeal", "busy-aces"),
        deal=7,
        title=Text("fortunes-favour", "The same deal under each variant"),
        alt=Text("fortunes-favour", "Deal 7, laid out by the rules of the chosen variant."),
        variant_plays=(
            VariantPlay("one-redeal", tuple(_VARIANT_ONE_REDEAL.split()), (
                Step("w-s", Text("fortunes-favour", "The stock is used up. With one redeal the waste is turned over "
                                                    "as the new stock.")),
                Step("s-w", Text("fortunes-favour", "The new pass starts with the {card}.", card=CardAt("s"))),
            ), Text("fortunes-favour", "The second pass has begun with the {card}. When the stock is used up "
                                                  "this time, there is no further redeal.", card=Card.parse("QC"))),
            VariantPlay("busy-aces", tuple(_VARIANT_BUSY_ACES.split()), (
                Step("t9-t3", Text("fortunes-favour", "In Busy Aces a space waits until you fill it, with any top "
                                                      "card: here the {card}.", card=Card.parse("9S"))),
            ), Text("fortunes-favour", "Pile {n} holds the {card} now. In the base game the stock would have "
                                                  "filled that space at once.", n=3, card=Card.parse("9S"))),
        ),
    ),
)

