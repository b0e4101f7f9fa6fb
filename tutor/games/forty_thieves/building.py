"""Forty Thieves' building rule and its variants' specifications: which card may lie on which.

The rule is written here once: :func:`fits` says it, the look-up tables that move generation uses
(:data:`ACCEPT_KEYS`, :data:`SOURCE_KEYS`) are made to say the same (a test checks the generated
moves against :func:`fits`), and :func:`build_reason` says why a card does not fit, in the variant's words.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.cards import ALL_CARDS, KING, Card, card
from tutor.engine import ALTERNATE_COLOUR, OTHER_SUIT, SAME_SUIT, Refusal
from tutor.i18n import Text


@dataclass(frozen=True)
class VariantSpec:
    """What a variant changes: the layout, the packs, the building rule and the extras."""

    name: Text
    columns: int = 10
    rows: int = 4
    decks: int = 2
    build: str = SAME_SUIT
    sequences: bool = False
    kings_only: bool = False
    passes: int = 1

    @property
    def foundations(self) -> int:
        return 4 * self.decks


VARIANTS: dict[str, VariantSpec] = {
    "": VariantSpec(Text("forty-thieves", "Forty Thieves")),
    "josephine": VariantSpec(Text("forty-thieves", "Josephine"), sequences=True),
    "limited": VariantSpec(Text("forty-thieves", "Limited"), columns=12, rows=3),
    "indian": VariantSpec(Text("forty-thieves", "Indian"), build=OTHER_SUIT),
    "streets": VariantSpec(Text("forty-thieves", "Streets"), build=ALTERNATE_COLOUR),
    "sixty-thieves": VariantSpec(Text("forty-thieves", "Sixty Thieves"), columns=12, rows=5, decks=3),
    "kings-only": VariantSpec(Text("forty-thieves", "Restricted empty columns"), kings_only=True),
    "one-redeal": VariantSpec(Text("forty-thieves", "One redeal"), passes=2),
    "two-redeals": VariantSpec(Text("forty-thieves", "Two redeals"), passes=3),
}


def _next_up(c: Card) -> Card | None:
    return card(c.rank + 1, c.suit) if c.rank < KING else None


def fits(lower: Card, upper: Card, build: str) -> bool:
    """Whether ``lower`` may lie on ``upper`` in the tableau under the building rule."""
    if lower.rank + 1 != upper.rank:
        return False
    if build == SAME_SUIT:
        return lower.suit == upper.suit
    if build == OTHER_SUIT:
        return lower.suit != upper.suit
    return lower.is_red != upper.is_red


# Per card, once: the card one rank up and one rank down in its suit.
NEXT_UP: dict[Card, Card | None] = {c: _next_up(c) for c in ALL_CARDS}
ONE_DOWN: dict[Card, Card | None] = {c: card(c.rank - 1, c.suit) if c.rank > 1 else None for c in ALL_CARDS}

# Move generation files each column top under the key of the cards it takes and looks each
# available card up under its own key, so it costs one dictionary look-up per card. The keys say
# what :func:`fits` says (a test checks the generated moves against it): same suit → the card one
# rank down / the card itself; Indian → the rank below / the card's rank (its own suit filtered out
# afterwards); Streets → the rank below and the other colour / the card's rank and colour.
ACCEPT_KEYS: dict[str, dict[Card, object]] = {
    SAME_SUIT: {c: ONE_DOWN[c] for c in ALL_CARDS},
    OTHER_SUIT: {c: (c.rank - 1 if c.rank > 1 else None) for c in ALL_CARDS},
    ALTERNATE_COLOUR: {c: ((c.rank - 1, not c.is_red) if c.rank > 1 else None) for c in ALL_CARDS},
}
SOURCE_KEYS: dict[str, dict[Card, object]] = {
    SAME_SUIT: {c: c for c in ALL_CARDS},
    OTHER_SUIT: {c: c.rank for c in ALL_CARDS},
    ALTERNATE_COLOUR: {c: (c.rank, c.is_red) for c in ALL_CARDS},
}

ANY_CARD = frozenset(range(1, KING + 1))
KINGS = frozenset((KING,))


def build_reason(build: str, moving: Card, top: Card) -> Refusal:
    """Why ``moving`` may not go onto ``top`` in the tableau, in the words of the variant's rule."""
    if build == OTHER_SUIT:
        return Refusal("tableau-build", "forty-thieves", "the {card} cannot go onto the {top}: in Indian a card goes "
                       "onto the next higher card of any suit but its own", card=moving, top=top)
    if build == ALTERNATE_COLOUR:
        return Refusal("tableau-build", "forty-thieves", "the {card} cannot go onto the {top}: in Streets a card goes "
                       "onto the next higher card of the other colour", card=moving, top=top)
    return Refusal("tableau-build", "forty-thieves", "the {card} cannot go onto the {top}: in the tableau a card goes "
                   "onto the next higher card of the same suit", card=moving, top=top)
