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
                                    "{second_row}. The waste is empty; the stock's top cards are {first} and {second}.",
                 first_row=_cards(_EXAMPLE_TABLEAU)[:6], second_row=_cards(_EXAMPLE_TABLEAU)[6:],
                 first=Card.parse("6C"), second=Card.parse("3D")),
        steps=(
            Step("t2-f2", Text("fortunes-favour", "Move the {card} onto its Ace. The waste is empty, so the space is "
                                     "filled at once from the stock: a {refill}.",
                               card=Card.parse("2D"), refill=Card.parse("6C")),
                 highlight=("t2", "f2")),
            Step("t5-f1", Text("fortunes-favour", "Move the {card} onto its Ace. Its space is filled from the stock "
                                     "too: a {refill}.", card=Card.parse("2C"), refill=Card.parse("3D")),
                 highlight=("t5", "f1")),
            Step("t5-f2", Text("fortunes-favour", "The {card} goes straight onto the {target}, and its space is filled "
                                     "from the stock again.", card=Card.parse("3D"), target=Card.parse("2D")),
                 highlight=("t5", "f2")),
            Step("t9-t2", Text("fortunes-favour", "The {card} moves onto the {target}: same suit, one rank lower. That "
                                     "makes yet another space.", card=Card.parse("5C"), target=Card.parse("6C")),
                 highlight=("t9", "t2")),
        ),
    ),
)
