"""What the page says in Queen's Audience's own words (the same names in every game's ``words``):
``MOVE_REPORTS``, the sentence that reports a move of the reader's by its kind (see
:func:`tutor.analysis.reports.move_report`), ``AUTO_LABEL``, the play page's option that plays cards
by themselves, ``AUTO_PLAYS_EVERY_FIT``, what that option plays, and
``NO_HOME``, why a card cannot go home now (a double-click or F on it; ``HOME_SHORTCUT`` says what
they do); and, of this game only,
``PARTNER_PICK``, what a board says when the reader picks one card of a pair that enters together
(:mod:`tutor.web.board_input`)."""

from __future__ import annotations

from collections.abc import Callable

from tutor.cards import ACE, Card
from tutor.i18n import Text

MOVE_REPORTS: dict[str, Callable[..., Text]] = {
    "turn": lambda **p: Text("queens-audience", "You turned up the {card}.", **p),
    "redeal": lambda **p: Text("queens-audience", "You turned the waste over as the new stock.", **p),
    "onto": lambda **p: Text("queens-audience", "You moved the {card} onto the {top}.", **p),
    "pair": lambda **p: Text("queens-audience", "The {first} and the {second} entered the audience chamber together.",
                             **p),
    # what followed the reader's move: the rules filled a space, the option played a card
    "fill-stock": lambda **p: Text("queens-audience", "The stock filled the space in the antechamber with the {card}.",
                                   **p),
    "fill-waste": lambda **p: Text("queens-audience",
                                   "The waste filled the space in the antechamber with its top card, "
                                   "the {card}.", **p),
    "auto-onto": lambda **p: Text("queens-audience", "The {card} went onto the {top} by itself.", **p),
    "auto-pair": lambda **p: Text("queens-audience", "The {first} and the {second} entered the audience chamber by "
                                                     "themselves.", **p),
}


def PARTNER_PICK(card: Card, partner: Card) -> Text:  # one of the words' names
    """The picked ``card`` enters together with ``partner``: a King with its Queen onto a place in
    the audience chamber (any one: see the rules docstring), an Ace with its Jack onto an empty
    foundation there."""
    if ACE in (card.rank, partner.rank):
        return Text("queens-audience", "You picked the {card}. It moves together with the {partner}. Now pick an empty "
                                       "foundation in the audience chamber.", card=card, partner=partner)
    return Text("queens-audience", "You picked the {card}. It moves together with the {partner}. Now pick a place in "
                                   "the audience chamber.", card=card, partner=partner)


AUTO_LABEL = Text("queens-audience", "Play every card that fits by itself")

# True: every card that fits goes in by itself. The rules make every move that goes before a new
# card is turned, and a card in the hall is wanted nowhere else, so none is ever held back.
AUTO_PLAYS_EVERY_FIT = True


def NO_HOME(card: Card) -> Text:  # one of the words' names
    """Why a double-click (or F) on a card sends nothing into the audience chamber now."""
    return Text("queens-audience", "The {card} cannot go into the audience chamber now.", card=card)


# the play page's keyboard shortcut F and a double-click, as its list of shortcuts says it
HOME_SHORTCUT = Text("queens-audience", "Send the card, with its partner where it has one, into the audience "
                                        "chamber, if it goes there")
