"""Queen's Audience scenarios: the square after the setup, and the example of the rules text
("K♥ and Q♥ are both there, so they enter the audience chamber together …").

Card strings follow the order documented in ``tutor/games/queens_audience.py``: the sixteen cards
of the square ``r1``…``r16`` (clockwise from the top-left corner), then the stock.
"""

from __future__ import annotations

from ..cards import Card
from ..i18n import Text
from . import Scenario, Step

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
            Step("r2+r10-k3", Text("queens-audience", "The {king} and the {queen} are both free, so they enter the audience "
                                         "chamber together, the Queen on the King.",
                                   king=Card.parse("KH"), queen=Card.parse("QH")),
                 highlight=("r2", "r10", "k3")),
            Step("r8+r4-j4", Text("queens-audience", "The {jack} and the {ace} are free too: the {jack} goes onto the "
                                        "{ace} as the first foundation.",
                                  jack=Card.parse("JS"), ace=Card.parse("AS")),
                 highlight=("r8", "r4", "j4")),
            Step("r12-j4", Text("queens-audience", "The {card} follows at once onto the {jack}. That makes five spaces; the "
                                      "waste is still empty, so each was filled at once from the stock.",
                                card=Card.parse("TS"), jack=Card.parse("JS")),
                 highlight=("r12", "j4")),
            Step(None, Text("queens-audience", "The {jack} has to wait until the {ace} turns up, the {queen} until the "
                                  "{king} comes.", jack=Card.parse("JD"), ace=Card.parse("AD"),
                            queen=Card.parse("QD"), king=Card.parse("KD")),
                 highlight=("r14", "r6")),
        ),
    ),
)
