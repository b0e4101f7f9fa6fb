"""How the web tests read a sentence for a card: named with its article, as the page writes it."""

from __future__ import annotations

import re

from tutor.cards import Card
from tutor.i18n import card_short

ARTICLE = re.compile(r"\b(?:the|der|die|das|den|dem|des)\s+$", re.I)


def names(said: str, card: Card, lang: str) -> bool:
    """Whether ``said`` names ``card`` with an article before it ("the 7♣", "die 7♣", "den K♥")."""
    short = card_short(card, lang)
    return any(ARTICLE.search(said[:match.start()]) for match in re.finditer(re.escape(short), said))
