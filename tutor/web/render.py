"""Positions as HTML: an inline SVG of the layout plus the HTML around it.

This one module draws every card on the site: at build time (CPython, the MkDocs hook) and live in
the reader's browser (Pyodide, through :mod:`tutor.web.protocol`). It reads only
``Position.layout()`` — a list of :class:`~tutor.engine.position.PileView` — so it knows no rules.

Geometry: a pile's ``x``/``y`` are in card widths/heights; one unit is a card plus a small margin
(:data:`UNIT_X`, :data:`UNIT_Y`), so piles at neighbouring whole numbers do not touch. The SVG
scales with its ``viewBox``; all colours and sizes of text live in ``docs/assets/css/tutor.css``.

Accessibility: every card is an SVG group with ``data-pile``/``data-card``, ``role`` and an
``aria-label`` naming the card in the page's language (``Herz-Dame``, ``Queen of hearts``); every
pile group names its pile and how many cards it holds; a figure also carries a plain-text list of
the piles (:func:`layout_text`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

from tutor.cards import Card
from tutor.i18n import Text, card_name
from tutor.i18n import card_short as _card_short

UNIT_X = 66.0  # user units per card width of layout coordinates
UNIT_Y = 92.0  # user units per card height
CARD_W = 60.0
CARD_H = 84.0
MARGIN = 6.0
FAN_DOWN_FACE_UP = 0.26  # of a card height per face-up card in a column
FAN_DOWN_FACE_DOWN = 0.12
FAN_RIGHT_FACE_UP = 0.32  # of a card width per card in a row
FAN_RIGHT_FACE_DOWN = 0.14
CAPTION_H = 15.0  # the line of small text above a row of piles (``PileView.caption``)
CAPTION_CHAR_W = 7.6  # the width of one of its letters, about (12.5 units, semi-bold, in tutor.css)
# The smallest scale at which a board is shown (CSS px per user unit): the card corners are 16
# units high in tutor.css, so they never become smaller than 11 CSS px; a narrower screen
# scrolls the board sideways inside its frame instead of shrinking it further.
LEGIBLE_SCALE = 0.7


ARROW_STYLES = ("move", "forced", "refused")


@dataclass(frozen=True)
class Arrow:
    """An arrow from one pile to another: ``move`` (the move the frame shows), ``forced`` (an action
    the rules make at once) or ``refused`` (a move the rules forbid: red, dashed, ending in a cross)."""

    src: str
    dst: str
    style: str = "move"


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
    def of(cls, piles: Iterable[str] = (), move: tuple[str, str] | None = None) -> "Highlight":
        arrows = (Arrow(*move),) if move is not None else ()
        return cls(frozenset(piles), arrows)

    @classmethod
    def for_move(cls, move, style: str = "move", piles: Iterable[str] = (), fits: Iterable[str] = ()) -> "Highlight":
        """A move (a :class:`~tutor.engine.position.Move`) on the position before it: its cards marked in
        their source piles, an arrow from each source to the destination."""
        sources = tuple(move.sources)
        return cls(frozenset(piles), tuple(Arrow(src, move.dst, style) for src in sources),
                   tuple((src, move.count if len(sources) == 1 else 1) for src in sources), frozenset(fits))

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


def as_sentence(text: str) -> str:
    """A reason the engine gives as a clause (``6♦ cannot go onto 6♣: …``) as a sentence of its
    own: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
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
    if len(view.cards) == 1:
        return Text("ui", "{pile}, one card, face down", pile=name).render(lang)
    return Text("ui", "{pile}, {count} cards, face down", pile=name, count=len(view.cards)).render(lang)


def layout_text(layout: Sequence, lang: str) -> str:
    """The whole layout as an HTML list of :func:`pile_summary` lines (the text alternative)."""
    items = "".join(f"<li>{escape(pile_summary(view, lang))}</li>" for view in layout)
    return f'<ul class="tutor-layout-text">{items}</ul>'


@dataclass
class _Placed:
    """A card (or an empty pile's outline) at its place in user units."""

    x: float
    y: float
    card: Card | None
    face_up: bool


def _place(view) -> list[_Placed]:
    x0 = view.x * UNIT_X + (UNIT_X - CARD_W) / 2
    y0 = view.y * UNIT_Y + (UNIT_Y - CARD_H) / 2
    if not view.cards:
        return [_Placed(x0, y0, None, False)]
    if view.fan == "none":
        top = len(view.cards) - 1
        return [_Placed(x0, y0, view.cards[top], top >= view.face_down)]
    placed: list[_Placed] = []
    x, y = x0, y0
    for index, card in enumerate(view.cards):
        face_up = index >= view.face_down
        placed.append(_Placed(x, y, card, face_up))
        if view.fan == "down":
            y += CARD_H * (FAN_DOWN_FACE_UP if face_up else FAN_DOWN_FACE_DOWN)
        else:
            x += CARD_W * (FAN_RIGHT_FACE_UP if face_up else FAN_RIGHT_FACE_DOWN)
    return placed


# The id prefix of the card symbols a page carries once (:func:`with_card_defs`) for all its boards.
PAGE_SYMBOLS = "tutor-c"


def symbol_prefix(widget_id: str) -> str:
    """The id prefix of the card symbols a widget's boards refer to, static and live: the page's
    one block (:data:`PAGE_SYMBOLS`), the same for every widget, so a board the live engine swaps
    in finds its card faces wherever on the page it lands."""
    return PAGE_SYMBOLS


def _symbol(prefix: str, card: Card | None, lang: str) -> str:
    """One card face (or the back, for ``None``) drawn once, in card-local units; cards refer to it
    with ``<use>``. ``overflow`` lets the face draw at full size wherever the ``<use>`` sits; the
    suit's colour is the symbol's class, inherited by the texts."""
    if card is None:
        return (f'<symbol id="{prefix}-back" overflow="visible"><rect class="tutor-back-face" '
                f'width="{CARD_W:g}" height="{CARD_H:g}" rx="5"/><rect class="tutor-back-inner" x="5" y="5" '
                f'width="{CARD_W - 10:g}" height="{CARD_H - 10:g}" rx="3"/></symbol>')
    short = escape(card_short(card, lang))
    colour = "tutor-red" if card.is_red else "tutor-black"
    return (f'<symbol id="{prefix}-{card.code}" class="{colour}" overflow="visible"><use href="#{prefix}-face"/>'
            f'<text class="tutor-index" x="4" y="15">{short}</text>'
            f'<text class="tutor-pip" x="{CARD_W / 2:g}" y="{CARD_H / 2 + 11:g}">{card.symbol}</text>'
            f'<text class="tutor-index-end" x="{CARD_W - 4:g}" y="{CARD_H - 6:g}">{short}</text></symbol>')


def _symbols(prefix: str, cards: Iterable[Card | None], lang: str) -> str:
    """The symbols of these cards (``None``: the back) and the blank face they share."""
    face = (f'<symbol id="{prefix}-face" overflow="visible"><rect class="tutor-face" width="{CARD_W:g}" '
            f'height="{CARD_H:g}" rx="5"/></symbol>')
    return face + "".join(_symbol(prefix, card, lang) for card in cards)


@lru_cache(maxsize=8)
def card_defs(lang: str, prefix: str = PAGE_SYMBOLS) -> str:
    """Every card face and the back as symbols in a hidden ``<svg>``: a page carries this once,
    outside every part the live engine swaps, so each drawn card is one short ``<use>``."""
    deck = [Card.parse(f"{rank}{suit}") for suit in "SHDC" for rank in "A23456789TJQK"]
    symbols = _symbols(prefix, [None, *deck], lang)
    # data-search-exclude: Material's search index takes no card faces
    return (f'<svg class="tutor-defs" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" '
            f'data-search-exclude=""><defs>{symbols}</defs></svg>')


def with_card_defs(page_html: str, lang: str) -> str:
    """A page's HTML with the card symbols (:func:`card_defs`, in the page's language) once at its
    start, when a board on it refers to them (a live board draws with the same symbols as the
    static one it replaces); a page without such a board is returned as it is."""
    if f'href="#{PAGE_SYMBOLS}-' not in page_html:
        return page_html
    return card_defs(lang) + page_html


def _card_svg(placed: _Placed, pile_id: str, lang: str, focus: str, label: str | None, prefix: str,
              moving: bool = False) -> str:
    """A card: a group that names it (``label`` instead of the card's name, e.g. for the stock's
    top card) around a ``<use>`` of its symbol at its place; ``focus`` is what makes it a control;
    ``moving`` marks the card a lesson, a hint or a pick is about."""
    place = f'x="{placed.x:g}" y="{placed.y:g}"'
    if moving:  # the card a lesson, a hint or a pick is about (see Highlight.moving)
        focus += ' data-moving=""'
    if not placed.face_up:
        name = escape(label) if label is not None else _back_label(lang)
        return (f'<g class="tutor-card tutor-back" data-pile="{pile_id}"{focus} aria-label="{name}">'
                f'<use href="#{prefix}-back" {place}/></g>')
    card = placed.card
    assert card is not None
    name = escape(label if label is not None else card_label(card, lang))
    return (f'<g class="tutor-card" data-pile="{pile_id}" data-card="{card.code}"{focus} '
            f'aria-label="{name}"><use href="#{prefix}-{card.code}" {place}/></g>')


@lru_cache(maxsize=8)
def _back_label(lang: str) -> str:
    return escape(Text("ui", "face-down card").render(lang))


def _control(interactive: bool, selected: bool) -> str:
    """The attributes of a live board's control (a pile's top card, an empty pile): a button in a
    roving tabindex (the page script keeps exactly one at ``tabindex=0``), pressed while picked."""
    if not interactive:
        return ' role="img"'
    return f' tabindex="-1" role="button" aria-pressed="{"true" if selected else "false"}"'


def _pile_svg(view, lang: str, highlight: Highlight, interactive: bool, prefix: str,
              selected: str | None = None) -> tuple[str, tuple[float, float, float, float]]:
    placed = _place(view)
    left = min(p.x for p in placed)
    top = min(p.y for p in placed)
    right = max(p.x for p in placed) + CARD_W
    bottom = max(p.y for p in placed) + CARD_H
    classes = f"tutor-pile tutor-pile-{escape(view.kind)}"
    if highlight.marks(view.id):
        classes += " tutor-highlight"
    if view.id in highlight.fits:
        classes += " tutor-fits"
    label = escape(pile_summary(view, lang))
    parts = [f'<g class="{classes}" data-pile="{escape(view.id)}" role="group" aria-label="{label}">']
    if view.caption is not None:
        text = escape(view.caption.render(lang))
        if view.caption_at is not None:
            x, y, anchor = view.caption_at[0] * UNIT_X, view.caption_at[1] * UNIT_Y + 4, "middle"
        else:
            anchor = "start" if view.caption_anchor == "start" else "middle"
            x, y = (left if anchor == "start" else left + CARD_W / 2), top - 4
            top -= CAPTION_H
            # the board's box holds the words too (an estimate: no font metrics at build time)
            wide = len(text) * CAPTION_CHAR_W
            if anchor == "start":
                right = max(right, left + wide)
            else:
                left, right = min(left, x - wide / 2), max(right, x + wide / 2)
        parts.append(f'<text class="tutor-caption" x="{x:g}" y="{y:g}" text-anchor="{anchor}" '
                     f'aria-hidden="true">{text}</text>')
    if highlight.marks(view.id):
        parts.append(f'<rect class="tutor-highlight-frame" x="{placed[0].x - 3:g}" y="{placed[0].y - 3:g}" '
                     f'width="{right - placed[0].x + 6:g}" height="{bottom - placed[0].y + 6:g}" rx="7"/>')
    focus = _control(interactive, view.id == selected)
    if not view.cards:
        parts.append(f'<rect class="tutor-empty" data-pile="{escape(view.id)}"{focus} x="{placed[0].x:g}" '
                     f'y="{placed[0].y:g}" width="{CARD_W:g}" height="{CARD_H:g}" rx="5" '
                     f'aria-label="{escape(pile_name(view, lang))}"/>')
    else:
        if view.fan == "none" and len(view.cards) > 1:
            # a hint of depth: the edge of the card below
            parts.append(f'<rect class="tutor-stack-edge" x="{placed[0].x + 2:g}" y="{placed[0].y + 2:g}" '
                         f'width="{CARD_W:g}" height="{CARD_H:g}" rx="5"/>')
        first_moving = len(placed) - highlight.moving_count(view.id)
        top_index = len(placed) - 1
        face_down_top = view.fan == "none" and not placed[-1].face_up
        for index, p in enumerate(placed):
            is_top = index == top_index
            parts.append(_card_svg(p, escape(view.id), lang, focus if is_top else ' role="img"',
                                   face_down_name(view, lang) if is_top and face_down_top else None, prefix,
                                   moving=index >= first_moving))
        if view.fan == "none" and len(view.cards) > 1:
            parts.append(f'<text class="tutor-count" x="{placed[0].x + CARD_W / 2:g}" '
                         f'y="{placed[0].y + CARD_H + 14:g}" aria-hidden="true">{len(view.cards)}</text>')
            bottom += 16
    parts.append("</g>")
    return "".join(parts), (left, top, right, bottom)


class SharedPiles:
    """The piles the frames of one guide draw alike, drawn once: the first frame that shows a pile
    draws it, with an id; every later frame that shows it exactly so refers to it with one
    ``<use>`` (a guide's frames share most of their board: a move changes two piles). Only piles
    without marks are shared (a highlight, a fitting pile, a moving card stay in the frame's own
    drawing, where the page script and the tests find them); a live board never shares. The
    browser exposes a ``<use>``'s copy to assistive technology as it does the original."""

    def __init__(self, id_prefix: str) -> None:
        self.id_prefix = id_prefix
        self._ids: dict[str, str] = {}  # a pile's drawing → the id of its first one

    def draw(self, pile_svg: str) -> str:
        """The pile as this frame carries it: the drawing itself the first time, else a reference."""
        ident = self._ids.get(pile_svg)
        if ident is not None:
            return f'<use href="#{ident}"/>'
        ident = self._ids[pile_svg] = f"{escape(self.id_prefix)}-p{len(self._ids) + 1}"
        return pile_svg.replace("<g ", f'<g id="{ident}" ', 1)


def _anchor(view) -> tuple[float, float]:
    """Where an arrow meets a pile: the middle of its top card."""
    last = _place(view)[-1]
    return last.x + CARD_W / 2, last.y + CARD_H / 2


def _arrows_svg(layout: Sequence, highlight: Highlight, id_prefix: str) -> str:
    """The highlight's arrows, each a ``<g class="tutor-arrow" data-from data-to>``: a line from the
    middle of the moving card to the middle of the destination's top card (or its empty place),
    with a head; a refused one is dashed and ends in a cross instead (styles in tutor.css)."""
    views = {v.id: v for v in layout}
    drawn = [arrow for arrow in highlight.arrows if arrow.src in views and arrow.dst in views]
    if not drawn:
        return ""
    parts = []
    markers = sorted({arrow.style for arrow in drawn if arrow.style != "refused"})
    if markers:
        parts.append("<defs>" + "".join(
            f'<marker id="{id_prefix}-arrowhead-{style}" class="tutor-arrowhead tutor-arrowhead-{style}" '
            f'viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
            f'orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker>' for style in markers) + "</defs>")
    for arrow in drawn:
        (x1, y1), (x2, y2) = _anchor(views[arrow.src]), _anchor(views[arrow.dst])
        classes = "tutor-arrow" + ("" if arrow.style == "move" else f" tutor-arrow-{arrow.style}")
        line = f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"'
        if arrow.style == "refused":
            size = 9
            cross = (f'<path class="tutor-arrow-cross" d="M{x2 - size:g} {y2 - size:g}L{x2 + size:g} {y2 + size:g}'
                     f'M{x2 + size:g} {y2 - size:g}L{x2 - size:g} {y2 + size:g}"/>')
            body = line + "/>" + cross
        else:
            body = line + f' marker-end="url(#{id_prefix}-arrowhead-{arrow.style})"/>'
        parts.append(f'<g class="{classes}" data-from="{escape(arrow.src)}" data-to="{escape(arrow.dst)}" '
                     f'aria-hidden="true">{body}</g>')
    return "".join(parts)


def board_svg(layout: Sequence, lang: str, *, title: str, highlight: Highlight = NO_HIGHLIGHT,
              interactive: bool = False, id_prefix: str = "tutor", symbols: str | None = None,
              selected: str | None = None, shared: SharedPiles | None = None) -> str:
    return _board(layout, lang, title=title, highlight=highlight, interactive=interactive, id_prefix=id_prefix,
                  symbols=symbols, selected=selected, shared=shared)[0]


def _board(layout: Sequence, lang: str, *, title: str, highlight: Highlight, interactive: bool, id_prefix: str,
           symbols: str | None, selected: str | None, shared: SharedPiles | None = None) -> tuple[str, float]:
    """:func:`board_svg` and the board's natural width in CSS px.

    The layout as one inline ``<svg>``; ``title`` names it for screen readers. ``symbols`` is the
    id prefix of card symbols the page already carries (:func:`with_card_defs`); without it
    the board carries the symbols of its own cards. ``selected``: the pile the reader has picked
    (its control is pressed). ``shared``: the guide's :class:`SharedPiles` (a static board only)."""
    prefix = escape(symbols if symbols is not None else f"{id_prefix}-c")  # ids come from the page: escaped
    piles: list[str] = []
    boxes: list[tuple[float, float, float, float]] = []
    for view in layout:
        svg, box = _pile_svg(view, lang, highlight, interactive, prefix, selected)
        piles.append(svg)
        boxes.append(box)
    if shared is not None and not interactive:
        piles = [pile if highlight.marks(view.id) or view.id in highlight.fits or highlight.moving_count(view.id)
                 else shared.draw(pile) for view, pile in zip(layout, piles)]
    if interactive and piles:
        # one Tab stop: the picked pile's control, else the first pile's (the page script moves it)
        first = next((i for i, view in enumerate(layout) if view.id == selected), 0)
        piles[first] = piles[first].replace('tabindex="-1"', 'tabindex="0"', 1)
    if not boxes:
        boxes.append((0.0, 0.0, CARD_W, CARD_H))
    left = min(b[0] for b in boxes) - MARGIN
    top = min(b[1] for b in boxes) - MARGIN
    width = max(b[2] for b in boxes) + MARGIN - left
    height = max(b[3] for b in boxes) + MARGIN - top
    defs = ""
    if symbols is None:
        shown: dict[str, Card | None] = {}
        for view in layout:
            for placed in _place(view):
                if placed.card is not None:
                    shown[placed.card.code if placed.face_up else "back"] = placed.card if placed.face_up else None
        defs = f"<defs>{_symbols(prefix, shown.values(), lang)}</defs>"
    arrow = _arrows_svg(layout, highlight, escape(id_prefix))
    return (f'<svg class="tutor-svg" xmlns="http://www.w3.org/2000/svg" role="group" '
            f'aria-label="{escape(title)}" viewBox="{left:g} {top:g} {width:g} {height:g}" '
            f'width="{width:g}" height="{height:g}">' + defs + "".join(piles) + arrow + "</svg>"), width


def figure_html(layout: Sequence, lang: str, *, caption: str, highlight: Highlight = NO_HIGHLIGHT,
                interactive: bool = False, id_prefix: str = "tutor", alt: str = "",
                symbols: str | None = None, selected: str | None = None, shared: SharedPiles | None = None) -> str:
    """A ``<figure>``: the board, its caption, and the cards as text in a closed ``<details>``.

    The board shrinks with the screen down to :data:`LEGIBLE_SCALE` and no further: an empty
    ``<canvas>`` of that width (``tutor-board-min``) holds its frame open, and the frame scrolls
    sideways (tutor.css draws the cue) — the page itself never does."""
    svg, width = _board(layout, lang, title=caption, highlight=highlight, interactive=interactive,
                        id_prefix=id_prefix, symbols=symbols, selected=selected, shared=shared)
    svg += f'<canvas class="tutor-board-min" width="{math.ceil(width * LEGIBLE_SCALE)}" height="0" aria-hidden="true"></canvas>'
    summary = escape(Text("ui", "The cards as text").render(lang))
    alt_html = f"<p>{escape(alt)}</p>" if alt else ""
    # A board without controls of its own may scroll sideways (a phone), and a keyboard scrolls only
    # what it can focus: its frame is a Tab stop, which tutor.js drops again where the board fits.
    frame = "" if interactive else f' tabindex="0" role="group" aria-label="{escape(caption)}"'
    return (f'<figure class="tutor-figure"><div class="tutor-board"{frame}><div class="tutor-board-canvas">{svg}</div></div>'
            f"<figcaption>{escape(caption)}</figcaption>"
            f'<details class="tutor-text-alternative"><summary>{summary}</summary>{alt_html}'
            f"{layout_text(layout, lang)}</details></figure>")


def buttons_html(buttons: Sequence[tuple[str, str]]) -> str:
    """Controls of a live widget: ``(action, label)`` pairs; the page script posts the action."""
    inner = "".join(f'<button type="button" class="md-button tutor-button" data-action="{escape(action)}">'
                    f"{escape(label)}</button>" for action, label in buttons)
    return f'<div class="tutor-controls">{inner}</div>'


def widget_html(widget_id: str, spec: str, lang: str, body: str, attributes: dict[str, str] | None = None) -> str:
    """The root of a live widget as the page carries it: the static body (drawn at build time),
    a status line, and the localized words the page script shows while the engine loads, when
    it fails, or when the browser cannot store the game (the script itself holds no text).
    ``data-state`` starts as ``static``; ``attributes`` adds the widget's own (``data-scenario``).
    The card symbols its boards use are the page's (:func:`with_card_defs`)."""
    loading = Text("ui", "The live engine is loading…").render(lang)
    failed = Text("ui", "The live engine could not be loaded, so this picture stays as it is. "
                        "Reloading the page may help.").render(lang)
    unsaved = Text("ui", "The browser’s storage is full or turned off, so this game will not be kept "
                         "after you leave the page.").render(lang)
    skip = end = ""
    if "data-scenario" in (attributes or {}):
        # a guided example has several controls: a keyboard can pass it with one link
        skip_text = Text("ui", "Skip this example").render(lang)
        skip = f'<a class="tutor-skip" href="#{escape(widget_id)}-end">{escape(skip_text)}</a>'
        end = f'<span class="tutor-end" id="{escape(widget_id)}-end" tabindex="-1"></span>'
    return (f'<div class="tutor-widget" data-tutor-widget="{escape(widget_id)}" data-spec="{escape(spec)}" '
            f'data-lang="{escape(lang)}" lang="{escape(lang)}" data-state="static" '
            f'data-msg-loading="{escape(loading)}" data-msg-error="{escape(failed)}" '
            f'data-msg-unsaved="{escape(unsaved)}"'
            + "".join(f' {name}="{escape(value)}"' for name, value in (attributes or {}).items()) + ">"
            + skip + f'<div class="tutor-body">{body}</div>'
            f'<p class="tutor-status" role="status" aria-live="polite"></p>{end}</div>')


# --- guided examples (``scenario:``) ---------------------------------------------------------------

def frame_html(frame_id: str, track: int, index: int, figure: str, counter: str, narration: Sequence[str],
               refused: str | None = None, term: str | None = None, current: bool = False,
               move: str | None = None, forced: bool = False) -> str:
    """One frame of a guided example: its board (a :func:`figure_html`), where it stands ("Step 2
    of 5") and what the text says. Every frame of every track is in the page; only the current one
    is shown (``hidden`` on the others; without JavaScript the widget's ``<noscript>`` style shows
    them all, one under the other). A frame that shows a move (drawn on the position before it)
    carries ``data-move`` (its notation, as data only), ``data-forced`` when the rules make it,
    ``data-refused`` when the rules forbid it (``refused`` is then the engine's reason)."""
    hidden = "" if current else " hidden"
    term_attr = f' data-term="{escape(term)}"' if term is not None else ""
    if move is not None:
        term_attr += f' data-move="{escape(move)}"'
    if forced:
        term_attr += ' data-forced=""'
    if refused:
        term_attr += ' data-refused=""'
    paragraphs = "".join(f'<p class="tutor-narration">{escape(text)}</p>' for text in narration if text)
    if refused:
        paragraphs += f'<p class="tutor-refused">{escape(refused)}</p>'
    return (f'<div class="tutor-frame" id="{escape(frame_id)}" data-track="{track}" data-frame="{index}"'
            f'{term_attr}{hidden}><p class="tutor-counter">{escape(counter)}</p>{figure}'
            f'<div class="tutor-narrations">{paragraphs}</div></div>')


def choice_buttons(attribute: str, choices: Sequence[tuple[int, str]], pressed: int | None, label: str) -> str:
    """A group of toggle buttons (branches, variants, terms): ``data-<attribute>`` carries the index."""
    inner = "".join(
        f'<button type="button" class="md-button tutor-choice" data-{attribute}="{index}" '
        f'aria-pressed="{"true" if index == pressed else "false"}">{escape(text)}</button>'
        for index, text in choices)
    return f'<div class="tutor-choices" role="group" aria-label="{escape(label)}">{inner}</div>'


def guide_html(scenario_id: str, kind: str, lang: str, frames: Sequence[str], choices: str,
               labels: dict[str, str], first_track_frames: int = 2) -> str:
    """The guided example as the page carries it: its choices (branches, variants, terms), every
    frame, the back/next/restart controls (they work the moment the page script runs, without the
    engine), "Try it yourself" (enabled once the engine is live), the live region that reads the
    current narration aloud, and the container the live board is swapped into. A control that
    would do nothing on the first frame is disabled (Back, Restart; Next when there is one frame)."""
    disabled = {"back", "restart", "try"} | ({"next"} if first_track_frames < 2 else set())
    controls = "".join(
        f'<button type="button" class="md-button tutor-button" data-guide="{action}"'
        f'{" disabled" if action in disabled else ""}>{escape(labels[action])}</button>'
        for action in ("back", "next", "restart", "try"))
    return (f'<noscript><style>.tutor-frames{{display:block!important}}'
            f'.tutor-frame[hidden]{{display:block!important;visibility:visible!important}}'
            f'.tutor-guide-controls,.tutor-choices{{display:none!important}}</style></noscript>'
            f'<div class="tutor-scenario" id="scenario-{escape(scenario_id)}" '
            f'data-kind="{escape(kind)}" tabindex="-1">'
            f'{choices}<div class="tutor-guide"><div class="tutor-frames">{"".join(frames)}</div>'
            f'<div class="tutor-controls tutor-guide-controls" aria-label="{escape(labels["controls"])}" '
            f'role="group">{controls}</div></div>'
            f'<div class="tutor-play" hidden></div>'
            f'<p class="tutor-announce tutor-visually-hidden" aria-live="polite"></p></div>')


def play_html(figure: str, message: str, message_class: str, buttons: Sequence[tuple[str, str, bool]],
              legal_moves: Sequence[tuple[str, str]] | None, legal_title: str) -> str:
    """The board while the reader plays: the interactive figure, the last thing that happened (a
    move's sentences, a refusal's reason, a hint), the controls ``(action, label, enabled)`` and,
    when asked for, the legal moves as buttons that play them."""
    controls = "".join(
        f'<button type="button" class="md-button tutor-button" data-action="{escape(action)}"'
        f'{"" if enabled else " disabled"}>{escape(label)}</button>' for action, label, enabled in buttons)
    moves = ""
    if legal_moves is not None:
        items = "".join(f'<li><button type="button" class="tutor-move" data-action="move" '
                        f'data-move="{escape(notation)}">{escape(sentence)}</button></li>'
                        for notation, sentence in legal_moves)
        moves = (f'<div class="tutor-legal"><p class="tutor-legal-title">{escape(legal_title)}</p>'
                 f'<ul class="tutor-legal-moves">{items}</ul></div>')
    return (f'<div class="tutor-play-view">{figure}'
            f'<p class="tutor-play-message {escape(message_class)}">{escape(message)}</p>'
            f'<div class="tutor-controls" role="group">{controls}</div>{moves}</div>')
