"""What the page says in Fortune's Favour's own words (the same names in every game's ``words``):
``MOVE_REPORTS``, the sentence that reports a move of the reader's by its kind (see
:func:`tutor.analysis.reports.move_report`), ``AUTO_LABEL``, the play page's option that plays cards
by themselves, ``AUTO_PLAYS_EVERY_FIT``, what that option plays, and
``NO_HOME``, why a card cannot go home now (a double-click or F on it; ``HOME_SHORTCUT`` says what
they do)."""

from __future__ import annotations

from collections.abc import Callable

from tutor.cards import Card
from tutor.i18n import Text

MOVE_REPORTS: dict[str, Callable[..., Text]] = {
    "turn": lambda **p: Text("fortunes-favour", "You turned up the {card}.", **p),
    "redeal": lambda **p: Text("fortunes-favour", "You turned the waste over as the new stock.", **p),
    "onto": lambda **p: Text("fortunes-favour", "You moved the {card} onto the {top}.", **p),
    "space": lambda **p: Text("fortunes-favour", "You moved the {card} into the space.", **p),
    "start": lambda **p: Text("fortunes-favour", "You started a foundation with the {card}.", **p),
    # what followed the reader's move: the rules filled a space, the option sent a card home
    "fill-stock": lambda **p: Text("fortunes-favour", "The stock filled the space with the {card}.", **p),
    "fill-waste": lambda **p: Text("fortunes-favour", "The waste filled the space with its top card, the {card}.", **p),
    "auto-onto": lambda **p: Text("fortunes-favour", "The {card} went onto the {top} by itself.", **p),
    "auto-start": lambda **p: Text("fortunes-favour", "The {card} started a foundation by itself.", **p),
}

AUTO_LABEL = Text("fortunes-favour", "Move safe cards to the foundations by themselves")

# False: the option plays only the cards the solver calls safe (none could still want to lie on them)
AUTO_PLAYS_EVERY_FIT = False


def NO_HOME(card: Card) -> Text:  # one of the words' names
    """Why a double-click (or F) on a card sends nothing home: no foundation takes it now."""
    return Text("fortunes-favour", "The {card} cannot go to a foundation now.", card=card)


# the play page's keyboard shortcut F and a double-click, as its list of shortcuts says it
HOME_SHORTCUT = Text("fortunes-favour", "Send the card to a foundation, if one takes it")
