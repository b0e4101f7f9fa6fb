"""Queen's Audience scenarios, one beside each rules section: the square dealt step by step, the
parts of the layout, every kind of move, the example of the rules text ("K♥ and Q♥ are both there,
so they enter the audience chamber together …"), a won and a lost end, one scenario per beginner
tip, the redeal and the variants.

The engine holds you to the first two tips (a new card is turned only when nothing else goes), so
those scenarios show the refusal rather than a game lost by ignoring them.

Card strings follow the order documented in ``tutor/games/queens_audience.py``: the sixteen cards
of the square ``r1``…``r16`` (clockwise from the top-left corner), then the stock.
"""

from __future__ import annotations

from tutor.cards import Card
from tutor.i18n import Text
from tutor.lessons import CardAt, CardIn, Scenario, Step, VariantPlay

GAME = "queens-audience"

_SETUP_SQUARE = "JC QC 8D AS JH TD 8C KC 2C TH 9H 6S 4H QD 2D AC"
_SETUP_STOCK = ("JD AH KS 4D 9D 2H 5C 7H 8H 6C QH KH 2S 6D QS KD 7C 5D 9S 6H 3D 3S 3C 4C AD 5S 9C 4S 7S JS "
                "3H 8S TC TS 5H 7D")

# The worked example: K♥+Q♥ and J♠+A♠ can enter, 10♠ follows; J♦ waits for A♦, Q♦ for K♦ (both
# deep in the stock). The stock's top five cards, which fill the five spaces, give no new move.
_EXAMPLE_SQUARE = "7C KH 4H JS 2D QD 8S AS 5H QH 9D TS 3C JD KC AC"
_EXAMPLE_STOCK = ("6H 2C TH 7D 4S "
                  "2H 2S 5C 8D QS 5D QC 3D 7S 6D 4D AD 8C KD 9H AH KS 3H JC 8H 4C JH 6S TD 9S 7H 9C 6C "
                  "5S 3S TC")

# Each kind of move once: a royal pair, a Jack with its Ace, building down on the Jack from the
# antechamber and from the waste, turning the stock (refused while a card still fits), a card
# that stays on the waste, a pair made of an antechamber card and the waste's top card.
_MOVES_SQUARE = "KC QC AD JD TD 9D KS 2C 5S 9H 3C 7H 4S 6C 2H 8S"
_MOVES_STOCK = ("3H 6S TC 4H 7C 5C 8D 5H QS 3D 9S 2S 7S 4C 2D KD 7D 6D 6H JS 3S AH 9C TH 5D AS AC 8C TS 8H KH "
                "QD JC JH QH 4D")

# Deal 1 (won by the solver) and deal 2 (lost whatever you do), both laid out as card strings.
_DEAL_1 = ("7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C AD 6S KC KH TH TS JS TD 8S QC 4S 6C 7C AS "
           "5C AH KS 6H QS QH QD 9D 3D 3S AC 4C 2H 8C TC 3H 2S 9H 7S")
_DEAL_2 = ("QH 3S 4C 5H 7H 2D KH TD AC 6C 7S 3C QC 7D 6H JH TC 9S JD 8C 4D 5S 2S 4H AD QD 6S 8H 3H 9D 6D JS AS "
           "5C JC AH KC 2H 7C 4S 9C TH 5D TS QS KS 8S KD 3D 2C 8D 9H")
_DEAL_5 = ("8S KS 4S 9H 6C 6D 5D 9S JH 7H 6H TS 2C 9C TC 2D AC QS 7S 9D 3S 6S KC 8C TH 2S 8D 8H TD QD 5S KD 3H "
           "2H 4D QC 7C 7D AH 4C 5H AS 4H 5C 3D JD KH QH 3C AD JS JC")

# Deal 1 a little way in: a pair and two Jacks in the hall, cards on the waste, the stock half used.
_DEAL_1_OPENING = ("s-w s-w s-w s-w w+r7-j2 s-w s-w s-w s-w s-w s-w s-w w-j2 s-w s-w s-w s-w s-w s-w s-w s-w "
                   "w+r15-j3 s-w s-w s-w s-w s-w r12+w-k2 s-w w-j2")
_WON_PRELUDE = (_DEAL_1_OPENING + " r5-j2 r1-j2 r8-j2 r11-j2 r3-j2 r8+r5-k4 s-w w-j2 r14-j2 s-w s-w w+r10-j1 s-w "
                "s-w s-w s-w w-j1 r2-j1 r2-j1 r3-j1 r5-j1 r15-j1 r3-j1 w-j3 r13-j1 w+r14-k1 r7-j1 r13+r12-k3 "
                "r11+r15-j4 r15-j3 r4-j3 r12-j3 r1-j3 r16-j3 r7-j3 r13-j3 r2-j3 r3-j4 r9-j4 r5-j4 r15-j4")
# Deal 2 played to the point where the stock is used up (the lost end shows its last moves).
_DEAL_2_PLAY = ("r7+r1-k3 s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w r9+w-j1 r1-j1 "
                "r1+w-j4 s-w w+r16-j3 s-w w+r13-k1 s-w s-w s-w s-w w-j1 s-w w-j3 s-w s-w w-j4 r7-j4 s-w s-w s-w "
                "w-j4 r11-j4 r11+w-k4 s-w s-w s-w s-w s-w w-j3")
# Deal 5 to its end: the A♠ deep in the waste, the J♠ waiting in the antechamber.
_DEAL_5_PLAY = ("s-w s-w r2+w-k4 s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w "
                "s-w s-w w+r9-j3 s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w")
_SETUP_PRELUDE = ()

# Deal 7 played under a variant to where the variant shows (found by random play; see the scenario).
_VARIANT_KINGS_AUDIENCE = (
    "s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w w+r3-j3 r6-j3 s-w s-w "
    "s-w w+r14-j4 s-w s-w s-w w-j3 r3-j3 r10-j3 s-w s-w"
)
_VARIANT_ONE_REDEAL = (
    "s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w w+r3-j3 r6-j3 s-w s-w "
    "s-w w+r14-j4 s-w s-w s-w w-j3 r3-j3 r10-j3 s-w s-w r7+w-k4 s-w s-w s-w s-w s-w s-w s-w s-w r13+w-k2 "
    "s-w"
)


def _moves(text: str) -> tuple[str, ...]:
    return tuple(text.split())


SCENARIOS = (
    Scenario(
        id="qa-setup",
        game=GAME,
        variant="",
        cards=f"{_SETUP_SQUARE} {_SETUP_STOCK}",
        title=Text("queens-audience", "The square after the setup"),
        alt=Text("queens-audience", "Sixteen face-up cards form a hollow square, the antechamber, clockwise from the "
                                    "top-left corner: {square}. Inside it lies the audience chamber, still empty. "
                                    "Beside it lies the face-down stock.",
                 square=tuple(Card.parse(code) for code in _SETUP_SQUARE.split())),
    ),
    Scenario(
        id="qa-worked-example",
        game=GAME,
        variant="",
        cards=f"{_EXAMPLE_SQUARE} {_EXAMPLE_STOCK}",
        title=Text("queens-audience", "Example: a royal pair and a Jack enter the audience chamber"),
        alt=Text("queens-audience", "The antechamber, clockwise from the top-left corner: {square}. The audience "
                                    "chamber and the waste are empty.",
                 square=tuple(Card.parse(code) for code in _EXAMPLE_SQUARE.split())),
        steps=(
            Step("r2+r10-k3", Text("queens-audience",
                                   "The {king} and the {queen} are both free, so they enter the audience "
                                   "chamber together, the Queen on the King.",
                                   king=Card.parse("KH"), queen=Card.parse("QH")),
                 highlight=("r2", "r10", "k3")),
            Step("r8+r4-j4", Text("queens-audience", "The {jack} and the {ace} are free too: the {jack} goes onto the "
                                        "{ace} as the first foundation.",
                                  jack=Card.parse("JS"), ace=Card.parse("AS")),
                 highlight=("r8", "r4", "j4")),
            Step("r12-j4", Text("queens-audience",
                                "The {card} follows at once onto the {jack}. That makes five spaces. The "
                                "waste is still empty, so each was filled at once from the stock.",
                                card=Card.parse("TS"), jack=Card.parse("JS")),
                 highlight=("r12", "j4")),
            Step(None, Text("queens-audience", "The {jack} has to wait until the {ace} turns up, the {queen} until the "
                                  "{king} comes.", jack=Card.parse("JD"), ace=CardIn("AD", "s"),
                            queen=Card.parse("QD"), king=CardIn("KD", "s")),
                 highlight=("r14", "r6")),
        ),
    ),
    Scenario(
        id="qa-setup-deal",
        game=GAME,
        variant="",
        cards=f"{_SETUP_SQUARE} {_SETUP_STOCK}",
        title=Text("queens-audience", "The setup, step by step"),
        alt=Text("queens-audience",
                 "Sixteen face-up cards in a hollow square, the empty audience chamber inside it, and "
                 "the face-down stock beside it."),
        steps=(
            Step(None, Text("queens-audience",
                            "Shuffle the deck and deal sixteen cards face up in a square, starting with the top side."),
                 show=("r1", "r2", "r3", "r4")),
            Step(None, Text("queens-audience", "Then deal the right side, from top to bottom."),
                 show=("r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8")),
            Step(None, Text("queens-audience", "Then deal the bottom side, from right to left."),
                 show=("r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12")),
            Step(None, Text("queens-audience", "Finally deal the left side, from bottom to top: sixteen cards, four on "
                                               "each side. This is the antechamber; the room in the middle is the "
                                               "audience chamber."),
                 highlight=("k1", "k2", "k3", "k4", "j1", "j2", "j3", "j4"), show=("r", "k", "j")),
            Step(None, Text("queens-audience", "The other 36 cards go face down beside it as the stock."),
                 highlight=("s",)),
        ),
    ),
    Scenario(
        id="qa-terms",
        game=GAME,
        variant="",
        cards=_DEAL_1,
        prelude=_moves(_DEAL_1_OPENING),
        kind="terms",
        title=Text("queens-audience", "The parts of the layout"),
        alt=Text("queens-audience", "A game under way: the antechamber, a royal pair and two Jacks in the audience "
                                    "chamber, the stock and the waste."),
        # "space" has no place here: a space is filled at once while the waste or stock holds a card.
        terms=(("reserve", ("r",)), ("hall", ("k", "j")), ("foundation", ("j",)), ("stock", ("s",)),
               ("waste", ("w",))),
    ),
    Scenario(
        id="qa-moves",
        game=GAME,
        variant="",
        cards=f"{_MOVES_SQUARE} {_MOVES_STOCK}",
        title=Text("queens-audience", "Every kind of move, one at a time"),
        alt=Text("queens-audience", "The antechamber, clockwise from the top-left corner: {square}. The audience "
                                    "chamber and the waste are empty.",
                 square=tuple(Card.parse(code) for code in _MOVES_SQUARE.split())),
        outcome=Text("queens-audience",
                     "Every kind of move in one game: a royal pair and a Jack with its Ace into "
                     "the audience chamber, cards built down on the Jack, the stock turned when "
                     "nothing else went, and a space filled at once."),
        steps=(
            Step("r1+r2-k1", Text("queens-audience",
                                  "King and Queen: the {king} and the {queen} are both free, so they "
                                  "enter together, the Queen on the King. Both spaces are filled "
                                  "from the stock, since the waste is empty.",
                                  king=Card.parse("KC"), queen=Card.parse("QC"))),
            Step("r3+r4-j2", Text("queens-audience", "Jack and Ace: the {jack} goes onto the {ace}. That Jack is now a "
                                                     "foundation.", jack=Card.parse("JD"), ace=Card.parse("AD"))),
            Step("r5-j2", Text("queens-audience", "Build down: the {card} goes onto the {jack}.",
                               card=Card.parse("TD"), jack=Card.parse("JD"))),
            Step("s-w", Text("queens-audience", "Can you turn a new card now?"), expect_refused=True, fits=("r6",)),
            Step("r6-j2", Text("queens-audience", "So the {card} goes onto the {top} first.",
                               card=Card.parse("9D"), top=Card.parse("TD"))),
            Step("s-w", Text("queens-audience",
                             "Nothing else goes: turn the top card of the stock onto the waste. It is "
                             "the {card}.", card=CardAt("s"))),
            Step("w-j2", Text("queens-audience", "The {card} fits, so play it from the waste.", card=Card.parse("8D"))),
            Step("s-w", Text("queens-audience", "The next card is the {card}.", card=CardAt("s"))),
            Step(None, Text("queens-audience", "The {card} fits nowhere: it stays on the waste.",
                            card=CardAt("w")), highlight=("w",)),
            Step("s-w", Text("queens-audience", "The next card is the {card}.", card=CardAt("s"))),
            Step("r7+w-k4", Text("queens-audience",
                                 "The {king} in the antechamber and the {queen} on the waste enter "
                                 "together. The space is filled from the waste this time: the {card} "
                                 "comes back.",
                                 king=Card.parse("KS"), queen=Card.parse("QS"), card=Card.parse("5H"))),
        ),
    ),
    Scenario(
        id="qa-won",
        game=GAME,
        variant="",
        cards=_DEAL_1,
        prelude=_moves(_WON_PRELUDE),
        title=Text("queens-audience", "A won game: the last spades are received"),
        alt=Text("queens-audience", "Near the end of a game: the stock and the waste are used up, and only low "
                                    "spades wait in the antechamber."),
        steps=(
            Step("r14-j4", Text("queens-audience", "The {card} goes from the antechamber onto the {top}.",
                                card=Card.parse("6S"), top=Card.parse("7S"))),
            Step("r6-j4", Text("queens-audience", "The {card} goes from the antechamber onto the {top}.",
                               card=Card.parse("5S"), top=Card.parse("6S"))),
            Step("r8-j4", Text("queens-audience", "The {card} goes from the antechamber onto the {top}.",
                               card=Card.parse("4S"), top=Card.parse("5S"))),
            Step("r10-j4", Text("queens-audience", "The {card} goes from the antechamber onto the {top}.",
                                card=Card.parse("3S"), top=Card.parse("4S"))),
            Step("r11-j4", Text("queens-audience", "The {card} goes from the antechamber onto the {top}.",
                                card=Card.parse("2S"), top=Card.parse("3S"))),
            Step(None, Text("queens-audience",
                            "All 52 cards lie in the audience chamber: four royal pairs and four Jacks, "
                            "each with its suit from the 10 down to the 2. You have won."),
                 highlight=("k1", "k2", "k3", "k4", "j1", "j2", "j3", "j4")),
        ),
    ),
    Scenario(
        id="qa-lost",
        game=GAME,
        variant="",
        cards=_DEAL_2,
        prelude=_moves(_DEAL_2_PLAY)[:-5],
        title=Text("queens-audience", "A lost game: the stock runs out"),
        alt=Text("queens-audience", "Near the end of a game: four cards left in the stock, many on the waste."),
        steps=(
            Step("s-w", Text("queens-audience", "The stock turns up the {card}. It goes onto the waste.",
                             card=CardAt("s"))),
            Step("s-w", Text("queens-audience", "The stock turns up the {card}. It goes onto the waste.",
                             card=CardAt("s"))),
            Step("s-w", Text("queens-audience", "The stock turns up the {card}. It goes onto the waste.",
                             card=CardAt("s"))),
            Step("s-w", Text("queens-audience", "The stock turns up the {card}. It goes onto the waste.",
                             card=CardAt("s"))),
            Step("w-j3", Text("queens-audience", "The {card} goes from the waste onto the {top}.",
                              card=Card.parse("9H"), top=Card.parse("TH"))),
            Step(None, Text("queens-audience", "The stock is used up and nothing fits: the game is lost. Every way of "
                                               "playing this deal ends like this."), highlight=("s", "w")),
        ),
    ),
    Scenario(
        id="qa-tip-1",
        game=GAME,
        variant="",
        cards=_DEAL_1,
        prelude=_moves(_DEAL_1_OPENING),
        title=Text("queens-audience", "Tip: play every card as soon as it fits"),
        alt=Text("queens-audience", "A game under way: the {card} in the antechamber fits on the {top}.",
                 card=Card.parse("8D"), top=Card.parse("9D")),
        outcome=Text("queens-audience", "The {card} lies on the {top}, and the {back} is back in the antechamber, "
                                              "free again.", card=Card.parse("8D"), top=Card.parse("9D"),
                     back=Card.parse("QS")),
        steps=(
            Step("s-w", Text("queens-audience", "Turn a new card now? This site holds you to the tip."),
                 expect_refused=True, fits=("r5",)),
            Step("r5-j2", Text("queens-audience", "Play the {card}. Its space takes the {back} back from the waste.",
                               card=Card.parse("8D"), back=Card.parse("QS"))),
        ),
    ),
    Scenario(
        id="qa-tip-2",
        game=GAME,
        variant="",
        cards=f"{_MOVES_SQUARE} {_MOVES_STOCK}",
        prelude=_moves("r1+r2-k1 r3+r4-j2 r5-j2 r6-j2 s-w w-j2 s-w s-w"),
        title=Text("queens-audience", "Tip: look over the whole square and the waste"),
        alt=Text("queens-audience", "A game under way: the {king} waits in the antechamber, the {queen} lies on top of "
                                    "the waste.", king=Card.parse("KS"), queen=Card.parse("QS")),
        outcome=Text("queens-audience", "The {king} and the {queen} are in the audience chamber, and the {next} "
                                              "from the waste fills the space the King left.", king=Card.parse("KS"),
                     queen=Card.parse("QS"), next=Card.parse("5H")),
        steps=(
            Step(None, Text("queens-audience", "The {queen} has just been turned. Before you turn the next card, look "
                                               "over the square: the {king} is there.",
                            queen=Card.parse("QS"), king=Card.parse("KS")), highlight=("w", "r7")),
            Step("s-w", Text("queens-audience", "Missed it, and you try to turn the next card?"),
                 expect_refused=True, fits=("w", "r7")),
            Step("r7+w-k4", Text("queens-audience", "The {king} and the {queen} enter together.",
                                 king=Card.parse("KS"), queen=Card.parse("QS"))),
        ),
    ),
    Scenario(
        id="qa-tip-3",
        game=GAME,
        variant="",
        cards=_DEAL_5,
        prelude=_moves(_DEAL_5_PLAY),
        title=Text("queens-audience", "Tip: the commonest cause of a loss"),
        alt=Text("queens-audience",
                 "Near the end of a game: the {jack} waits in the antechamber, the {ace} lies deep in "
                 "the waste.", jack=Card.parse("JS"), ace=Card.parse("AS")),
        steps=(
            Step("s-w", Text("queens-audience", "The stock turns up the {card}. It goes onto the waste.",
                             card=CardAt("s"))),
            Step("r2+w-j1", Text("queens-audience", "The {jack} and the {ace} enter the audience chamber together. The "
                                                    "Jack, on the Ace, becomes a foundation.", ace=Card.parse("AC"),
                                                    jack=Card.parse("JC"))),
            Step("r15-j1", Text("queens-audience", "The {card} goes from the antechamber onto the {top}.",
                                card=Card.parse("TC"), top=Card.parse("JC"))),
            Step("r14-j1", Text("queens-audience", "The {card} goes from the antechamber onto the {top}.",
                                card=Card.parse("9C"), top=Card.parse("TC"))),
            Step(None, Text("queens-audience",
                            "The stock is used up and nothing fits: the game is lost. The {ace} lies "
                            "deep in the waste while its {jack} waits in the antechamber, so the whole "
                            "suit is stuck.", ace=Card.parse("AS"), jack=Card.parse("JS")),
                 highlight=("w", "r2")),
        ),
    ),
    Scenario(
        id="qa-tip-4",
        game=GAME,
        variant="",
        cards=f"{_SETUP_SQUARE} {_SETUP_STOCK}",
        title=Text("queens-audience", "Tip: a game for relaxing"),
        alt=Text("queens-audience", "The square after the setup: the {king} and the {queen} are both there, and two "
                                    "Jacks with their Aces.", king=Card.parse("KC"), queen=Card.parse("QC")),
        steps=(
            Step("r8+r2-k1", Text("queens-audience",
                                  "The {king} and the {queen} enter the audience chamber together, "
                                  "the Queen on the King.", king=Card.parse("KC"), queen=Card.parse("QC"))),
            Step("r16+r1-j1", Text("queens-audience",
                                   "The {jack} and the {ace} enter the audience chamber together. The "
                                   "Jack, on the Ace, becomes a foundation.", ace=Card.parse("AC"),
                                   jack=Card.parse("JC"))),
            Step("r8+r5-j3", Text("queens-audience",
                                  "The {jack} and the {ace} enter the audience chamber together. The "
                                  "Jack, on the Ace, becomes a foundation.", ace=Card.parse("AH"),
                                  jack=Card.parse("JH"))),
            Step("r10-j3", Text("queens-audience", "The {card} goes from the antechamber onto the {top}.",
                                card=Card.parse("TH"), top=Card.parse("JH"))),
            Step(None, Text("queens-audience",
                            "You had nothing to decide: whatever fits goes in, and then you turn a card. "
                            "That makes the game restful, and good for showing children how "
                            "foundations work."), highlight=("j1", "j3")),
        ),
    ),
    Scenario(
        id="qa-redeal",
        game=GAME,
        variant="one-redeal",
        cards=_DEAL_2,
        prelude=_moves(_DEAL_2_PLAY),
        title=Text("queens-audience", "One redeal: the lost game goes on"),
        alt=Text("queens-audience",
                 "The lost game from the example above: the stock is used up, and sixteen cards lie on the waste."),
        outcome=Text("queens-audience", "The second pass has begun with the {card}. When the stock is used up "
                                              "again, there is no further redeal.", card=Card.parse("JD")),
        steps=(
            Step(None, Text("queens-audience",
                            "This is the lost game from the example above. With one redeal, it is not over yet."),
                 highlight=("s", "w")),
            Step("w-s", Text("queens-audience", "The stock is used up, so the waste is turned over as the new stock.")),
            Step("s-w", Text("queens-audience", "The stock turns up the {card}. It goes onto the waste.",
                             card=CardAt("s"))),
        ),
    ),
    Scenario(
        id="qa-variants",
        game=GAME,
        variant="",
        cards="",
        kind="variants",
        variants=("", "kings-audience", "round-hall", "one-redeal"),
        deal=7,
        title=Text("queens-audience", "The same deal under each variant"),
        alt=Text("queens-audience", "Deal 7, laid out by the rules of the chosen variant."),
        variant_plays=(
            VariantPlay("kings-audience", _moves(_VARIANT_KINGS_AUDIENCE), (
                Step("w+r7-k4", Text("queens-audience", "In King's Audience the King goes on the Queen: the {king} "
                                                        "joins the {queen}.", king=Card.parse("KS"),
                                     queen=Card.parse("QS"))),
            ), Text("queens-audience", "The {queen} lies under the {king} in the audience chamber: the "
                                                        "same pair as in the base game, the other way up.",
                                    queen=Card.parse("QS"), king=Card.parse("KS"))),
            VariantPlay("round-hall", (), (
                Step(None, Text("queens-audience", "In the Round chamber variant the pairs lie in a circle, with the "
                                                   "Jacks between them."), highlight=("k", "j")),
            )),
            VariantPlay("one-redeal", _moves(_VARIANT_ONE_REDEAL), (
                Step("w-s", Text("queens-audience", "The stock is used up. With one redeal the waste is turned over "
                                                    "as the new stock.")),
                Step("s-w", Text("queens-audience", "The new pass starts with the {card}.", card=CardAt("s"))),
            ), Text("queens-audience", "The second pass has begun with the {card}. When the stock is used "
                                                   "up again, there is no further redeal.", card=Card.parse("7C"))),
        ),
    ),
)

