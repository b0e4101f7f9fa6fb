"""The board as SVG inside its figure: where each pile and card lies, the cards' shared symbols, the
arrows of a move, and the text alternative beside it. It reads only ``Position.layout()``.

Geometry: a pile's ``x``/``y`` are in card widths/heights; one unit is a card plus a small margin
(:data:`UNIT_X`, :data:`UNIT_Y`), so piles at neighbouring whole numbers do not touch. The SVG
scales with its ``viewBox``; all colours and sizes of text live in ``docs/assets/css/tutor.css``.

Accessibility: every card is an SVG group with ``data-pile``/``data-card``, ``role`` and an
``aria-label`` naming the card in the page's language (``Herz-Dame``, ``Queen of hearts``); every
pile group names its pile and how many cards it holds; on a live board, each pile's control (its
top card, or its empty place) names the pile and its top card (``Tableau 3: Queen of hearts``,
``Tableau 3: empty``), since a keyboard lands on the control alone; a figure also carries a
plain-text list of the piles (:func:`layout_text`).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from tutor.cards import Card
from tutor.i18n import Text
from tutor.web.render.text import (
    NO_HIGHLIGHT,
    Highlight,
    card_label,
    card_short,
    escape,
    face_down_name,
    layout_text,
    pile_name,
    pile_summary,
)

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

# Legible on a phone: every board fits its frame (it scales with its viewBox, never wider than its
# natural size, never scrolling), and its card corners stay at least LEGIBLE_CORNER_PX CSS px high in a
# frame of NARROW_FRAME_PX (a 390 px phone; the home page's cards give their boards that much). A
# corner is INDEX_UNITS units high; a board too wide for that is zoomed (ZOOM_CLASS): tutor.css
# draws its corners larger in a narrow frame (a container query), and its columns spread a little
# more, so that each face-up card's corner shows. No layout may be so wide that even the largest
# corner (LARGEST_INDEX_UNITS, still inside the card's width as "10♥") falls short on a
# PAGE_FRAME_PX-wide page (tests/web/test_render.py holds every variant to it).
LEGIBLE_CORNER_PX = 11
NARROW_FRAME_PX = 340
PAGE_FRAME_PX = 358
INDEX_UNITS = 16
LARGEST_INDEX_UNITS = 24
ZOOM_CLASS = "tutor-zoom-{units}"


def corner_units(width: float) -> int:
    """The height of the card corners, in units, that a board ``width`` units wide needs in a
    narrow frame: :data:`INDEX_UNITS` when it is narrow enough, else larger, up to
    :data:`LARGEST_INDEX_UNITS`."""
    return min(LARGEST_INDEX_UNITS, max(INDEX_UNITS, math.ceil(LEGIBLE_CORNER_PX * width / NARROW_FRAME_PX)))


def fan_face_up(units: int) -> float:
    """How far down each face-up card of a column lies (in card heights), so that its corner,
    ``units`` high, shows above the next card."""
    return max(FAN_DOWN_FACE_UP, (units + 3) / CARD_H)


@dataclass
class _Placed:
    """A card (or an empty pile's outline) at its place in user units."""

    x: float
    y: float
    card: Card | None
    face_up: bool


def _place(view, face_up_fan: float = FAN_DOWN_FACE_UP) -> list[_Placed]:
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
            y += CARD_H * (face_up_fan if face_up else FAN_DOWN_FACE_DOWN)
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
    # the suit's colour: red or black, and with four-colour suits (tutor.css) ♦ and ♣ their own
    colour = f"{'tutor-red' if card.is_red else 'tutor-black'} tutor-suit-{card.suit.lower()}"
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


def _control_label(view, top: _Placed, lang: str) -> str:
    """A live board's control names its pile and the card on top: ``Tableau 3: Queen of hearts``
    (a keyboard lands on the control alone, so it says where it is)."""
    card = (card_label(top.card, lang) if top.face_up and top.card is not None
            else Text("ui", "face-down card").render(lang))
    return Text("ui", "{pile}: {cards}", pile=pile_name(view, lang), cards=card).render(lang)


def _caption(view, lang: str, left: float, top: float, right: float) -> tuple[str, float, float, float]:
    """The pile's caption as SVG text, and the pile's box (left, top, right) grown to hold it (an
    estimate of the words' width: no font metrics at build time)."""
    if view.caption is None:
        return "", left, top, right
    text = escape(view.caption.render(lang))
    if view.caption_at is not None:
        x, y, anchor = view.caption_at[0] * UNIT_X, view.caption_at[1] * UNIT_Y + 4, "middle"
    else:
        anchor = view.caption_anchor if view.caption_anchor in ("start", "end") else "middle"
        x, y = {"start": left, "end": left + CARD_W}.get(anchor, left + CARD_W / 2), top - 4
        top -= CAPTION_H
        wide = len(text) * CAPTION_CHAR_W
        if anchor == "start":
            right = max(right, left + wide)
        elif anchor == "end":
            left = min(left, x - wide)
        else:
            left, right = min(left, x - wide / 2), max(right, x + wide / 2)
    # a short caption (a column's number) is drawn as large as the corners on a zoomed board (tutor.css)
    kind = "tutor-caption tutor-caption-short" if len(text) <= 3 else "tutor-caption"
    return (f'<text class="{kind}" x="{x:g}" y="{y:g}" text-anchor="{anchor}" aria-hidden="true">{text}</text>',
            left, top, right)


def natural_width(layout: Sequence, lang: str) -> float:
    """How wide the board of ``layout`` is, in units, margins and captions included (what its
    ``viewBox`` will be): columns spread down, never sideways, so their fan does not count."""
    left = right = 0.0
    for index, view in enumerate(layout):
        placed = _place(view)
        _, low, _, high = _caption(view, lang, min(p.x for p in placed), 0.0, max(p.x for p in placed) + CARD_W)
        left, right = (low, high) if index == 0 else (min(left, low), max(right, high))
    return right - left + 2 * MARGIN


def _pile_svg(view, lang: str, highlight: Highlight, interactive: bool, prefix: str,
              selected: str | None = None, runs: Collection[int] = (),
              face_up_fan: float = FAN_DOWN_FACE_UP) -> tuple[str, tuple[float, float, float, float]]:
    placed = _place(view, face_up_fan)
    left = min(p.x for p in placed)
    top = min(p.y for p in placed)
    right = cards_right = max(p.x for p in placed) + CARD_W  # the caption may reach further than the cards
    bottom = max(p.y for p in placed) + CARD_H
    classes = f"tutor-pile tutor-pile-{escape(view.kind)}"
    if highlight.marks(view.id):
        classes += " tutor-highlight"
    if view.id in highlight.fits:
        classes += " tutor-fits"
    label = escape(pile_summary(view, lang))
    parts = [f'<g class="{classes}" data-pile="{escape(view.id)}" role="group" aria-label="{label}">']
    caption, left, top, right = _caption(view, lang, left, top, right)
    if caption:
        parts.append(caption)
    if highlight.marks(view.id):
        parts.append(f'<rect class="tutor-highlight-frame" x="{placed[0].x - 3:g}" y="{placed[0].y - 3:g}" '
                     f'width="{cards_right - placed[0].x + 6:g}" height="{bottom - placed[0].y + 6:g}" rx="7"/>')
    focus = _control(interactive, view.id == selected)
    if not view.cards:
        name = (Text("ui", "{pile}: empty", pile=pile_name(view, lang)).render(lang) if interactive
                else pile_name(view, lang))
        parts.append(f'<rect class="tutor-empty" data-pile="{escape(view.id)}"{focus} x="{placed[0].x:g}" '
                     f'y="{placed[0].y:g}" width="{CARD_W:g}" height="{CARD_H:g}" rx="5" '
                     f'aria-label="{escape(name)}"/>')
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
            # the top card is the pile's control; so is the first card of a run that may move now
            control = is_top or (interactive and p.face_up and len(placed) - index in runs)
            card_name: str | None = None  # the card's own name unless a control or a face-down stock names it
            if is_top and face_down_top:
                card_name = face_down_name(view, lang)
            elif control and interactive:
                card_name = _control_label(view, p, lang)
            parts.append(_card_svg(p, escape(view.id), lang, focus if control else ' role="img"', card_name, prefix,
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


def _anchor(view, face_up_fan: float = FAN_DOWN_FACE_UP) -> tuple[float, float]:
    """Where an arrow meets a pile: the middle of its top card."""
    last = _place(view, face_up_fan)[-1]
    return last.x + CARD_W / 2, last.y + CARD_H / 2


def _arrows_svg(layout: Sequence, highlight: Highlight, id_prefix: str, face_up_fan: float = FAN_DOWN_FACE_UP) -> str:
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
        (x1, y1), (x2, y2) = _anchor(views[arrow.src], face_up_fan), _anchor(views[arrow.dst], face_up_fan)
        classes = "tutor-arrow" + ("" if arrow.style == "move" else f" tutor-arrow-{arrow.style}")
        line = f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"'
        if arrow.style == "refused":
            size = 9
            cross = (f'<path class="tutor-arrow-cross" d="M{x2 - size:g} {y2 - size:g}L{x2 + size:g} {y2 + size:g}'
                     f'M{x2 + size:g} {y2 - size:g}L{x2 - size:g} {y2 + size:g}"/>')
            body = line + "/>" + cross
        else:
            body = line + f' marker-end="url(#{id_prefix}-arrowhead-{arrow.style})"/>'
        if arrow.label:  # a word on the arrow (the hint's): in a box at its middle
            width = len(arrow.label) * 8.0 + 12
            x, y = (x1 + x2) / 2, (y1 + y2) / 2
            body += (f'<g class="tutor-arrow-label"><rect x="{x - width / 2:g}" y="{y - 11:g}" width="{width:g}" '
                     f'height="22" rx="11"/><text x="{x:g}" y="{y + 5:g}" text-anchor="middle">'
                     f'{escape(arrow.label)}</text></g>')
        parts.append(f'<g class="{classes}" data-from="{escape(arrow.src)}" data-to="{escape(arrow.dst)}" '
                     f'aria-hidden="true">{body}</g>')
    return "".join(parts)


def board_svg(layout: Sequence, lang: str, *, title: str, highlight: Highlight = NO_HIGHLIGHT,
              interactive: bool = False, id_prefix: str = "tutor", symbols: str | None = None,
              selected: str | None = None, shared: SharedPiles | None = None,
              runs: Mapping[str, Collection[int]] | None = None) -> str:
    return _board(layout, lang, title=title, highlight=highlight, interactive=interactive, id_prefix=id_prefix,
                  symbols=symbols, selected=selected, shared=shared, runs=runs)[0]


def _board(layout: Sequence, lang: str, *, title: str, highlight: Highlight, interactive: bool, id_prefix: str,
           symbols: str | None, selected: str | None, shared: SharedPiles | None = None,
           runs: Mapping[str, Collection[int]] | None = None) -> tuple[str, float]:
    """:func:`board_svg` and the board's natural width in CSS px.

    The layout as one inline ``<svg>``; ``title`` names it for screen readers. ``symbols`` is the
    id prefix of card symbols the page already carries (:func:`with_card_defs`); without it
    the board carries the symbols of its own cards. ``selected``: the pile the reader has picked
    (its control is pressed). ``shared``: the guide's :class:`SharedPiles` (a static board only).
    ``runs``: per pile, how many top cards may move now as one run (``board_input.run_depths``): the
    first card of each is a control too (a live board only)."""
    prefix = escape(symbols if symbols is not None else f"{id_prefix}-c")  # ids come from the page: escaped
    units = corner_units(natural_width(layout, lang)) if layout else INDEX_UNITS
    fan = fan_face_up(units)
    piles: list[str] = []
    boxes: list[tuple[float, float, float, float]] = []
    for view in layout:
        svg, box = _pile_svg(view, lang, highlight, interactive, prefix, selected,
                             (runs or {}).get(view.id, ()) if interactive else (), fan)
        piles.append(svg)
        boxes.append(box)
    if shared is not None and not interactive:
        piles = [pile if highlight.marks(view.id) or view.id in highlight.fits or highlight.moving_count(view.id)
                 else shared.draw(pile) for view, pile in zip(layout, piles, strict=True)]
    if interactive and piles:
        # one Tab stop: the picked pile's top card, else the first pile's (the page script moves it)
        first = next((i for i, view in enumerate(layout) if view.id == selected), 0)
        at = piles[first].rfind('tabindex="-1"')
        piles[first] = piles[first][:at] + 'tabindex="0"' + piles[first][at + len('tabindex="-1"'):]
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
    arrow = _arrows_svg(layout, highlight, escape(id_prefix), fan)
    zoom = f" {ZOOM_CLASS.format(units=units)}" if units > INDEX_UNITS else ""
    return (f'<svg class="tutor-svg{zoom}" xmlns="http://www.w3.org/2000/svg" role="group" '
            f'aria-label="{escape(title)}" viewBox="{left:g} {top:g} {width:g} {height:g}" '
            f'width="{width:g}" height="{height:g}">' + defs + "".join(piles) + arrow + "</svg>"), width


def figure_html(layout: Sequence, lang: str, *, caption: str, highlight: Highlight = NO_HIGHLIGHT,
                interactive: bool = False, id_prefix: str = "tutor", alt: str = "",
                symbols: str | None = None, selected: str | None = None, shared: SharedPiles | None = None,
                runs: Mapping[str, Collection[int]] | None = None) -> str:
    """A ``<figure>``: the board, its caption, and the cards as text in a closed ``<details>``.

    The board shrinks with its frame, never wider than its natural size and never scrolling; a
    board too wide for a phone's frame draws its corners larger there (:func:`corner_units`)."""
    svg, _ = _board(layout, lang, title=caption, highlight=highlight, interactive=interactive,
                    id_prefix=id_prefix, symbols=symbols, selected=selected, shared=shared, runs=runs)
    summary = escape(Text("ui", "The cards as text").render(lang))
    alt_html = f"<p>{escape(alt)}</p>" if alt else ""
    return (f'<figure class="tutor-figure"><div class="tutor-board"><div class="tutor-board-canvas">{svg}</div></div>'
            f"<figcaption>{escape(caption)}</figcaption>"
            f'<details class="tutor-text-alternative"><summary>{summary}</summary>{alt_html}'
            f"{layout_text(layout, lang)}</details></figure>")
