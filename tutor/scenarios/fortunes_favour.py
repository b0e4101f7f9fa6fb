"""Fortune's Favour scenarios: the layout after the setup, and the example of the rules text
("In the layout above, move the 2♦ and the 2♣ onto their Aces …").

Card strings follow the order documented in ``tutor/games/fortunes_favour.py``: the twelve tableau
cards ``t1``…``t12``, then the stock.
"""

from __future__ import annotations

from ..cards import Card
from ..i18n import Text
from . import Scenario, Step

GAME = "fortunes-favour"

# The worked example: 2♦ and 2♣ can go up at once, 5♣ waits for the 6♣ that the stock brings;
# no other card in the tableau has a move, and the stock's top cards are 6♣, 3♦, J♣, 3♠.
_EXAMPLE_TABLEAU = "KH 2D 9S JD 2C 4H 8C QS 5C 7H TH 6S"
_EXAMPLE_STOCK = ("6C 3D JC 3S TC 9D 2S 7C 8S 7D 5H 7S 9H 6D 6H 5D KC 3H TD KD TS 9C QC 4C 4D QD 3C KS 8H "
                  "JS 5S JH 4S 8D QH 2H")

SCENARIOS = (
    Scenario(
        id="ff-setup",
        game=GAME,
        variant="",
        cards=("3S 4C 4D QC 9S 8D TS TD 3D 2D 7D KS "
               "4H 5H KD 5D 7H 4S JC 3C 6H 9H 5S 8S 2H 6C 6D 2C KC 7C TC QD QS JH JD 9D 6S 2S QH 8H 5C 8C 7S "
               "TH KH 9C 3H JS"),
        title=Text(GAME, "The layout after the setup"),
        alt=Text(GAME, "The four Aces in a row as the foundations; below them twelve face-up cards in two "
                       "rows of six, the tableau; beside them the face-down stock with room for the waste."),
    ),
    Scenario(
        id="ff-worked-example",
        game=GAME,
        variant="",
        cards=f"{_EXAMPLE_TABLEAU} {_EXAMPLE_STOCK}",
        title=Text(GAME, "Example: two Twos go up, the stock fills the spaces"),
        alt=Text(GAME, "Foundations: the four Aces. Tableau, first row: K♥, 2♦, 9♠, J♦, 2♣, 4♥; second row: "
                       "8♣, Q♠, 5♣, 7♥, 10♥, 6♠. The waste is empty; the stock's top cards are 6♣ and 3♦."),
        steps=(
            Step("t2-f2", Text(GAME, "Move the {card} onto its Ace. The waste is empty, so the space is "
                                     "filled at once from the stock: a {refill}.",
                               card=Card.parse("2D"), refill=Card.parse("6C")),
                 highlight=("t2", "f2")),
            Step("t5-f1", Text(GAME, "Move the {card} onto its Ace. Its space is filled from the stock "
                                     "too: a {refill}.", card=Card.parse("2C"), refill=Card.parse("3D")),
                 highlight=("t5", "f1")),
            Step("t5-f2", Text(GAME, "The {card} goes straight onto the {target}, and its space is filled "
                                     "from the stock again.", card=Card.parse("3D"), target=Card.parse("2D")),
                 highlight=("t5", "f2")),
            Step("t9-t2", Text(GAME, "The {card} moves onto the {target}: same suit, one rank lower. That "
                                     "makes yet another space.", card=Card.parse("5C"), target=Card.parse("6C")),
                 highlight=("t9", "t2")),
        ),
    ),
)
