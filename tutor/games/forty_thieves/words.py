"""What the page says in Forty Thieves' own words (the same names in every game's ``words``):
``MOVE_REPORTS``, the sentence that reports a move of the reader's by its kind (see
:func:`tutor.analysis.reports.move_report`), ``AUTO_LABEL``, the play page's option that plays cards
by themselves, ``AUTO_PLAYS_EVERY_FIT``, what that option plays, and
``NO_HOME``, why a card cannot go home now (a double-click or F on it; ``HOME_SHORTCUT`` says what
they do)."""

from __future__ import annotations

from collections.abc import Callable

from tutor.cards import Card
from tutor.i18n import Plural, Text

MOVE_REPORTS: dict[str, Callable[..., Text]] = {
    "turn": lambda **p: Text("forty-thieves", "You turned up the {card}.", **p),
    "redeal": lambda **p: Text("forty-thieves", "You gathered the waste as the new stock.", **p),
    "onto": lambda **p: Text("forty-thieves", "You moved the {card} onto the {top}.", **p),
    "space": lambda **p: Text("forty-thieves", "You moved the {card} into the empty column.", **p),
    "start": lambda **p: Text("forty-thieves", "You started a foundation with the {card}.", **p),
    "run": lambda **p: Plural("forty-thieves", "You moved the {first} with the card on it onto the {top}.",
                              "You moved the {first} with the {count} cards on it onto the {top}.", p["count"], **p),
    "run-space": lambda **p: Plural("forty-thieves", "You moved the {first} with the card on it into the empty column.",
                                    "You moved the {first} with the {count} cards on it into the empty column.",
                                    p["count"], **p),
    # what the play page's option sent home by itself after the reader's move
    "auto-onto": lambda **p: Text("forty-thieves", "The {card} went onto the {top} by itself.", **p),
    "auto-start": lambda **p: Text("forty-thieves", "The {card} started a foundation by itself.", **p),
}

AUTO_LABEL = Text("forty-thieves", "Move safe cards to the foundations by themselves")

# False: the option plays only the cards the solver calls safe (none could still want to lie on them)
AUTO_PLAYS_EVERY_FIT = False


def NO_HOME(card: Card) -> Text:  # one of the words' names
    """Why a double-click (or F) on a card sends nothing home: no foundation takes it now."""
    return Text("forty-thieves", "The {card} cannot go to a foundation now.", card=card)


# the play page's keyboard shortcut F and a double-click, as its list of shortcuts says it
HOME_SHORTCUT = Text("forty-thieves", "Send the card to a foundation, if one takes it")
