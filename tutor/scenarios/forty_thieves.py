"""Forty Thieves scenarios: the ten columns of four after the setup, and the example of the
rules text ("6♦ may go onto 7♦, but not onto 7♥, nor onto a 7♦ that already has a 6 on it").

Card strings follow the order documented in ``tutor/games/forty_thieves.py``: the tableau row by
row (ten cards a row, the fourth row the available cards of ``t1`` to ``t10``), then the talon from
its top card down.
"""

from __future__ import annotations

from ..cards import Card
from ..i18n import Text
from . import Scenario, Step

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
                                  "fourth column the {covered} lies on a {seven}.",
                 available=tuple(Card.parse(code) for code in _EXAMPLE_ROWS[-1].split()),
                 covered=Card.parse("6C"), seven=Card.parse("7D")),
        steps=(
            Step(None, Text("forty-thieves", "The {card} may not go onto the {red_seven}: the suit must be the same.",
                            card=Card.parse("6D"), red_seven=Card.parse("7H")),
                 highlight=("t1", "t3")),
            Step(None, Text("forty-thieves", "Nor onto the {seven} in the fourth column: a 6 already lies on it, and "
                                  "only the available card at the bottom of a column can take a card.",
                            seven=Card.parse("7D")),
                 highlight=("t1", "t4")),
            Step("t1-t2", Text("forty-thieves", "The {card} may go onto the available {target}: same suit, one rank "
                                     "lower.", card=Card.parse("6D"), target=Card.parse("7D")),
                 highlight=("t1", "t2")),
        ),
    ),
)
