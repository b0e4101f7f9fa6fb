"""Positions as HTML: an inline SVG of the layout plus the HTML around it.

This one package draws every card on the site: at build time (CPython, the MkDocs hook) and live in
the reader's browser (Pyodide, through :mod:`tutor.web.protocol`). It reads only
``Position.layout()`` — a list of :class:`~tutor.engine.position.PileView` — so it knows no rules.

Geometry: a pile's ``x``/``y`` are in card widths/heights; one unit is a card plus a small margin
(:data:`UNIT_X`, :data:`UNIT_Y`), so piles at neighbouring whole numbers do not touch. The SVG
scales with its ``viewBox``; all colours and sizes of text live in ``docs/assets/css/tutor.css``.

Accessibility: every card is an SVG group with ``data-pile``/``data-card``, ``role`` and an
``aria-label`` naming the card in the page's language (``Herz-Dame``, ``Queen of hearts``); every
pile group names its pile and how many cards it holds; a figure also carries a plain-text list of
the piles (:func:`layout_text`).

The package: :mod:`~tutor.web.render.text` (what a card and a pile are called, what to point out:
:class:`Highlight`), :mod:`~tutor.web.render.board` (the board as SVG inside its figure) and
:mod:`~tutor.web.render.html` (the HTML of the widgets around the boards). Everything is reached
as ``tutor.web.render.<name>``.
"""

from tutor.web.render.board import (
                                    CARD_H,
                                    CARD_W,
                                    PAGE_SYMBOLS,
                                    UNIT_X,
                                    UNIT_Y,
                                    SharedPiles,
                                    board_svg,
                                    card_defs,
                                    figure_html,
                                    symbol_prefix,
                                    with_card_defs,
)
from tutor.web.render.html import buttons_html, choice_buttons, frame_html, guide_html, play_html, widget_html
from tutor.web.render.text import (
                                    ARROW_STYLES,
                                    NO_HIGHLIGHT,
                                    Arrow,
                                    Highlight,
                                    as_sentence,
                                    card_label,
                                    card_short,
                                    escape,
                                    face_down_name,
                                    layout_text,
                                    pile_name,
                                    pile_summary,
)

__all__ = ["ARROW_STYLES", "Arrow", "CARD_H", "CARD_W", "Highlight", "NO_HIGHLIGHT", "PAGE_SYMBOLS",
           "SharedPiles", "UNIT_X", "UNIT_Y", "as_sentence", "board_svg", "buttons_html", "card_defs", "card_label",
           "card_short", "choice_buttons", "escape", "face_down_name", "figure_html", "frame_html", "guide_html",
           "layout_text", "pile_name", "pile_summary", "play_html", "symbol_prefix", "widget_html",
           "with_card_defs"]
