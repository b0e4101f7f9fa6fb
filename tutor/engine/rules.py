"""A game's fixed rules (:class:`Rules`, one object per game and variant) and what it shows (:class:`PileView`).

A rules class names its position class (``position_class``); this module does not import
:mod:`tutor.engine.position` (which imports this one), so annotations name ``Position`` as text.

A game's rules module subclasses :class:`Rules`, names its position class and registers itself
(:func:`tutor.engine.registry.register`). The rules deal: by number (the shared shuffle of
:mod:`tutor.cards`) or from a card string.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal, TypeAlias

from tutor.cards import Card, CardStringError, ordered_pack, parse_cards, shuffled
from tutor.engine.move import Move, cached_move
from tutor.errors import BadDeal, UnknownGame, shown
from tutor.i18n import Text
from tutor.limits import MAX_DEAL

if TYPE_CHECKING:  # position.py imports this module
    from tutor.engine.position import Position

# The building rules of the tableau a game may use: onto the next higher card of the same suit,
# of any other suit, or of the other colour.
SAME_SUIT = "same-suit"
OTHER_SUIT = "other-suit"
ALTERNATE_COLOUR = "alternate-colour"

# A primitive step of a position's history (what undo reverses): ``("move", src, dst, n, flip)``
# or ``("counter", name, old value)``.
Step: TypeAlias = tuple[Literal["move"], str, str, int, bool] | tuple[Literal["counter"], str, int]


class Refusal(Text):
    """Why the rules refuse a move: a sentence, and the id of the rule it comes from.

    Each game lists its refusals once (its rules class's ``refusals``: id → the rules section on
    its page that states the rule); its checks return only these. Pages link a refusal to its
    section, and the tasks that teach a rule are matched to it by the id."""

    __slots__ = ("reason",)

    def __init__(self, reason: str, context: str, msgid: str, **params: object) -> None:
        super().__init__(context, msgid, **params)
        self.reason = reason

    def __repr__(self) -> str:
        return f"Refusal({self.reason!r}, {self.context!r}, {self.msgid!r}, **{self.params!r})"


def first_space_fill(waste: Sequence[Card], stock: Sequence[Card], piles: Sequence[Sequence[Card]],
                     pile_ids: Sequence[str]) -> Move | None:
    """The fill that Fortune's Favour and Queen's Audience make at once: the first empty pile
    takes the top card of the waste, or of the stock when the waste is empty (nothing when both are)."""
    source = "w" if waste else "s" if stock else None
    if source is None:
        return None
    for pile_id, pile in zip(pile_ids, piles, strict=True):
        if not pile:
            return cached_move(source, pile_id)
    return None

@dataclass(frozen=True, slots=True)
class PileView:
    """A pile as the renderer sees it: where it lies (``x``, ``y`` in card widths/heights), its cards
    bottom first, how many of them lie face down (from the bottom), and how it is spread."""

    id: str
    kind: str  # "stock", "waste", "tableau", "foundation", "reserve", "pair", …
    cards: tuple[Card, ...]
    x: float
    y: float
    face_down: int = 0
    fan: str = "none"  # "none" (only the top shows), "down" (a column), "right"
    label: Text | None = None
    # What the board writes above the pile, in the game's words (``None``: nothing): centred over
    # the pile, or with ``caption_anchor="start"`` from its left edge to the right, over the
    # neighbouring piles of its row ("Foundations" over the whole row), or with ``"end"`` up to its
    # right edge (a long word beside a neighbour's caption). ``caption_at`` (x, y in
    # layout units, the middle of the text) places it elsewhere, e.g. inside a round hall.
    caption: Text | None = None
    caption_anchor: str = "middle"
    caption_at: tuple[float, float] | None = None


@dataclass(slots=True)
class HistoryEntry:
    move: Move
    steps: list[Step]
    forced: bool = False


class Rules:
    """A game with a variant: fixed, shared, immutable. Subclasses set the class attributes and
    implement :meth:`_setup` and the position class."""

    game_id: ClassVar[str] = ""
    variants: ClassVar[dict[str, Text]] = {}  # variant id → its name; "" is the base game
    refusals: ClassVar[dict[str, str]] = {}  # refusal id → the section of the game's page whose rule it is
    title: ClassVar[Text]
    decks: int = 1  # a variant may set its own on the instance (Busy Aces, Sixty Thieves)
    position_class: ClassVar[type[Position]]

    def __init__(self, variant: str = "") -> None:
        variant = variant or ""
        if variant in ("base", "standard"):
            variant = ""
        if not isinstance(variant, str) or variant not in self.variants:
            raise UnknownGame(Text("ui", '{game} has no variant "{variant}"; choose one of: {choices}',
                                   game=self.title, variant=shown(variant),
                                   choices=", ".join(v or "base" for v in self.variants)))
        self.variant = variant

    # --- deals -----------------------------------------------------------------------------
    def pack(self) -> list[Card]:
        """All cards of the game, in the ordered pack."""
        return ordered_pack(self.decks)

    def deal_cards(self, number: int) -> list[Card]:
        """The card string of deal ``number`` as a list (the order :meth:`from_cards` reads)."""
        return self.order_for_deal(shuffled(self.pack(), number))

    def order_for_deal(self, shuffled_pack: list[Card]) -> list[Card]:
        """Map the shuffled pack to card-string order. Games that take cards out first (Fortune's
        Favour's Aces) override this together with :meth:`card_string_pack`."""
        return shuffled_pack

    def card_string_pack(self) -> list[Card]:
        """The cards a card string of this game holds (default: the whole pack)."""
        return self.pack()

    def deal(self, number: int) -> Position:
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= MAX_DEAL:
            # above the shuffle's 64 bits a number would wrap onto a smaller deal: refused instead
            raise BadDeal(Text("ui", 'a deal number is a whole number from 0 to {maximum}, not "{number}"',
                               maximum=MAX_DEAL, number=shown(number)))
        pos = self.position_class(self, self.deal_cards(number))
        pos.deal_number = number
        return pos

    def from_cards(self, text: str) -> Position:
        pack = self.card_string_pack()
        try:
            cards = parse_cards(text, len(pack), pack=pack)
        except CardStringError as err:
            raise BadDeal(card_string_error_text(err)) from None
        return self.position_class(self, cards)

    @property
    def variant_name(self) -> Text:
        return self.variants[self.variant]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.variant!r})"


def card_string_error_text(err: CardStringError) -> Text:
    d = err.details
    if err.key == "wrong-count":
        return Text("ui", "a deal needs {expected} card codes, this one has {got}", **d)
    if err.key == "unknown-code":
        return Text("ui", '"{code}" is not a card code (rank A23456789TJQK, suit CDHS, e.g. TS)', code=shown(d["code"]))
    if err.key == "too-many-copies" and not d.get("allowed"):
        return Text("ui", "{code} has no place in this game's card string (it starts out of play, e.g. an Ace "
                          "already on its foundation)", code=d["code"])
    if err.key == "too-many-copies":
        return Text("ui", "{code} appears {got} times, but the pack holds it {allowed} times", **d)
    return Text("ui", "this card string cannot be read")

