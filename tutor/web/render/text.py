"""What a card and a pile are called on the page (in the page's language, for the eye and for a
screen reader), a reason as a sentence, and what a board points out (:class:`Highlight`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from tutor.cards import Card
from tutor.i18n import Plural, Text, card_name
from tutor.i18n import card_short as _card_short

ARROW_STYLES = ("move", "forced", "refused", "hint")


@dataclass(frozen=True)
class Arrow:
    """An arrow from one pile to another: ``move`` (the move the frame shows), ``forced`` (an action
    the rules make at once), ``refused`` (a move the rules forbid: red, dashed, ending in a cross) or
    ``hint`` (a move the play page suggests when asked: its own colour); ``label``, when given, is
    written on the arrow (the hint's "Hint")."""

    src: str
    dst: str
    style: str = "move"
    label: str = ""


@dataclass(frozen=True)
class Highlight:
    """What to point out: whole piles (``piles``), the cards that move (``moving``: pile id → how
    many of its top cards), arrows from their piles to where they go, and piles that hold a card
    that does fit (``fits``, beside a refused move)."""

    piles: frozenset[str] = field(default_factory=frozenset)
    arrows: tuple[Arrow, ...] = ()
    moving: tuple[tuple[str, int], ...] = ()
    fits: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def of(cls, piles: Iterable[str] = (), move: tuple[str, str] | None = None) -> Highlight:
        arrows = (Arrow(*move),) if move is not None else ()
        return cls(frozenset(piles), arrows)

    @classmethod
    def for_move(cls, move, style: str = "move", piles: Iterable[str] = (), fits: Iterable[str] = (),
                 counts: dict[str, int] | None = None, label: str = "") -> Highlight:
        """A move (a :class:`~tutor.engine.position.Move`) on the position before it: its cards marked in
        their source piles, an arrow from each source to the destination (the first one labelled).
        ``counts`` (source → how many cards leave it, as the engine played it) marks more than the
        notation says: a redeal moves the whole waste."""
        sources = tuple(move.sources)
        moving = tuple((src, (counts or {}).get(src) or (move.count if len(sources) == 1 else 1)) for src in sources)
        return cls(frozenset(piles), tuple(Arrow(src, move.dst, style, label if i == 0 else "")
                                           for i, src in enumerate(sources)), moving, frozenset(fits))

    @property
    def move(self) -> tuple[str, str] | None:
        """The first arrow as ``(from, to)``, or ``None``."""
        return (self.arrows[0].src, self.arrows[0].dst) if self.arrows else None

    @property
    def refused(self) -> bool:
        return any(arrow.style == "refused" for arrow in self.arrows)

    def marks(self, pile_id: str) -> bool:
        return pile_id in self.piles

    def moving_count(self, pile_id: str) -> int:
        return sum(count for pile, count in self.moving if pile == pile_id)


NO_HIGHLIGHT = Highlight()

# html.escape would do, but importing ``html`` loads its entity table: ~50 ms of the live boot.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """Text made safe for HTML content and double- or single-quoted attributes."""
    return str(text).translate(_ESCAPES)


CLOSING_QUOTES = "“”\"»«’"
SENTENCE_ENDS = ".!?…"


def as_sentence(text: str) -> str:
    """A reason the engine gives as a clause (``6♦ cannot go onto 6♣: …``) as a sentence of its
    own: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    if text[-1] in CLOSING_QUOTES and text[-2:-1] in SENTENCE_ENDS:  # a quoted sentence ends inside its quotes
        return text
    return text if text[-1] in ".!?…,;:" else text + "."  # a comma: the sentence goes on in the next frame


@lru_cache(maxsize=512)
def card_short(card: Card, lang: str) -> str:
    """``card_short`` of tutor.i18n, remembered: a live redraw names every card (half its time)."""
    return _card_short(card, lang)


@lru_cache(maxsize=512)
def card_label(card: Card, lang: str) -> str:
    """The card's full name for screen readers, capitalized: ``Queen of hearts``, ``Herz-Dame``."""
    name = card_name(card, lang)
    return name[:1].upper() + name[1:]


def pile_name(view, lang: str) -> str:
    """The pile's own label (the game's word for it), numbered like its id (``Tableau 3`` for
    ``t3``) when the label itself has no number; without a label, the id."""
    if view.label is None:
        return Text("ui", "pile {pile}", pile=view.id).render(lang)
    name = view.label.render(lang)
    number = view.id.lstrip("abcdefghijklmnopqrstuvwxyz")
    if number.isdigit() and not any(ch.isdigit() for ch in name):
        name = f"{name} {number}"
    return name


def pile_summary(view, lang: str) -> str:
    """``Tableau 3: 8♥, Q♥ (2 face down)`` — what a pile holds, as one line of text."""
    name = pile_name(view, lang)
    up = view.cards[view.face_down:]
    if not view.cards:
        return Text("ui", "{pile}: empty", pile=name).render(lang)
    if view.fan == "none":
        if up:
            shown = Text("ui", "{card} on top", card=up[-1]).render(lang)
        else:
            shown = Text("ui", "face down").render(lang)
        if len(view.cards) == 1:
            return Text("ui", "{pile}: {cards}", pile=name, cards=shown).render(lang)
        return Text("ui", "{pile}: {cards} ({count} cards)", pile=name, cards=shown,
                    count=len(view.cards)).render(lang)
    listed = ", ".join(card_short(c, lang) for c in up)
    if view.face_down:
        hidden = Text("ui", "{count} face down", count=view.face_down).render(lang)
        listed = f"{listed} ({hidden})" if listed else hidden
    return Text("ui", "{pile}: {cards}", pile=name, cards=listed).render(lang)


def face_down_name(view, lang: str) -> str:
    """What a face-down pile says of itself: ``Stock, 34 cards, face down``."""
    name = pile_name(view, lang)
    return Plural("ui", "{pile}, one card, face down", "{pile}, {count} cards, face down", len(view.cards),
                  pile=name).render(lang)


def layout_text(layout: Sequence, lang: str) -> str:
    """The whole layout as an HTML list of :func:`pile_summary` lines (the text alternative)."""
    items = "".join(f"<li>{escape(pile_summary(view, lang))}</li>" for view in layout)
    return f'<ul class="tutor-layout-text">{items}</ul>'
