"""tutor.web.render: the SVG and HTML every card on the site is drawn with (fake layouts: the renderer
reads only the PileView contract)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest

from tutor.cards import Card
from tutor.engine import PileView, get_rules, iter_variants
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES, Text
from tutor.web.render import (
    Highlight,
    board_svg,
    buttons_html,
    card_label,
    figure_html,
    layout_text,
    pile_summary,
    symbol_prefix,
    widget_html,
    with_card_defs,
)

SVG = "{http://www.w3.org/2000/svg}"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def fake_layout() -> list[PileView]:
    return [
        PileView("s", "stock", cards("2C 3C 4C"), 0, 0, face_down=3, label=Text("ui", "Stock")),
        PileView("w", "waste", (), 1.2, 0, label=Text("ui", "Waste")),
        PileView("f1", "foundation", cards("AH 2H"), 2.4, 0, label=Text("ui", "Foundation")),
        PileView("t1", "tableau", cards("9S KD QH"), 0, 1.4, face_down=1, fan="down", label=Text("ui", "Tableau")),
        PileView("t2", "tableau", cards("TD JC"), 1.2, 1.4, fan="right"),
    ]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def card_place(group: ET.Element) -> tuple[float, float]:
    """Where a card group draws its card: the x/y of its one ``<use>``."""
    (use,) = group.findall(SVG + "use")
    return float(use.get("x")), float(use.get("y"))


def test_board_is_well_formed_svg_with_a_viewbox_that_holds_every_card():
    root = parse(board_svg(fake_layout(), "en", title="A board"))
    assert root.tag == SVG + "svg"
    left, top, width, height = map(float, root.get("viewBox").split())
    cards = [g for g in root.iter(SVG + "g") if "tutor-card" in g.get("class", "")]
    assert len(cards) == 7
    for group in cards:
        x, y = card_place(group)
        assert left <= x and x + 60 <= left + width
        assert top <= y and y + 84 <= top + height


def test_face_up_cards_carry_pile_code_and_localized_name():
    root = parse(board_svg(fake_layout(), "de", title="Brett"))
    shown = {(g.get("data-pile"), g.get("data-card")): g.get("aria-label")
             for g in root.iter(SVG + "g") if g.get("data-card")}
    # a pile that shows only its top card (fan "none") draws only that card
    assert shown == {
        ("f1", "2H"): "Herz-Zwei",
        ("t1", "KD"): "Karo-König",
        ("t1", "QH"): "Herz-Dame",
        ("t2", "TD"): "Karo-Zehn",
        ("t2", "JC"): "Kreuz-Bube",
    }


def test_english_names_and_short_forms():
    svg = board_svg(fake_layout(), "en", title="Board")
    assert 'aria-label="Queen of hearts"' in svg
    assert ">Q♥<" in svg
    svg_de = board_svg(fake_layout(), "de", title="Brett")
    assert ">D♥<" in svg_de and ">Q♥<" not in svg_de


def test_face_down_cards_hide_their_code():
    root = parse(board_svg(fake_layout(), "en", title="Board"))
    backs = [g for g in root.iter(SVG + "g") if "tutor-back" in g.get("class", "")]
    assert [g.get("data-pile") for g in backs] == ["s", "t1"]
    # the stock names itself, a face-down card in a column is just that
    assert [g.get("aria-label") for g in backs] == ["Stock, 3 cards, face down", "face-down card"]
    assert all(g.get("data-card") is None for g in backs)
    assert 'aria-label="Stock, 3 Karten, verdeckt"' in board_svg(fake_layout(), "de", title="Brett")
    assert "9S" not in board_svg(fake_layout(), "en", title="Board")


def test_columns_fan_down_and_rows_fan_right():
    root = parse(board_svg(fake_layout(), "en", title="Board"))
    def position(code: str) -> tuple[float, float]:
        return card_place(next(g for g in root.iter(SVG + "g") if g.get("data-card") == code))
    (kx, ky), (qx, qy) = position("KD"), position("QH")
    assert kx == qx and qy > ky
    (tx, ty), (jx, jy) = position("TD"), position("JC")
    assert ty == jy and jx > tx


def test_cards_are_focusable_only_when_interactive():
    assert "tabindex" not in board_svg(fake_layout(), "en", title="Board")
    svg = board_svg(fake_layout(), "en", title="Board", interactive=True)
    root = parse(svg)
    controls = [el for el in root.iter() if el.get("tabindex") is not None]
    # the top card of every pile with cards, and every empty pile, as toggle buttons
    assert [el.get("data-pile") for el in controls] == ["s", "w", "f1", "t1", "t2"]
    assert all(el.get("role") == "button" and el.get("aria-pressed") == "false" for el in controls)
    # a roving tabindex: the board is one Tab stop
    assert [el.get("tabindex") for el in controls] == ["0", "-1", "-1", "-1", "-1"]


def test_the_picked_pile_is_pressed_and_is_the_boards_tab_stop():
    root = parse(board_svg(fake_layout(), "en", title="Board", interactive=True, selected="t1"))
    controls = {el.get("data-pile"): el for el in root.iter() if el.get("tabindex") is not None}
    assert controls["t1"].get("aria-pressed") == "true" and controls["t1"].get("tabindex") == "0"
    assert controls["t1"].get("data-card") == "QH"
    assert [p for p, el in controls.items() if el.get("aria-pressed") == "true"] == ["t1"]
    assert [p for p, el in controls.items() if el.get("tabindex") == "0"] == ["t1"]


@pytest.mark.parametrize("lang,expected", [
    ("en", ["Stock, 36 cards, face down", "Waste: empty", "Foundation 1: Ace of clubs", "Pile 1: Seven of clubs"]),
    ("de", ["Vorrat, 36 Karten, verdeckt", "Abwurfstapel: leer", "Zielstapel 1: Kreuz-Ass", "Stapel 1: Kreuz-Sieben"]),
])
def test_each_control_names_its_pile_and_top_card(lang, expected):
    """A keyboard lands on a pile's control alone: it says where it is and what lies on top, in the
    game's words and the page's language."""
    layout = get_rules("fortunes-favour").deal(4).layout()
    root = parse(board_svg(layout, lang, title="Board", interactive=True))
    labels = {el.get("data-pile"): el.get("aria-label") for el in root.iter() if el.get("tabindex") is not None}
    assert [labels[pile] for pile in ("s", "w", "f1", "t1")] == expected
    # a board without controls names the cards only
    static = parse(board_svg(layout, lang, title="Board"))
    top = next(g for g in static.iter(SVG + "g") if g.get("data-card") == "7C")
    assert top.get("aria-label") == expected[3].split(": ")[1]


def test_the_first_card_of_a_run_that_may_move_is_a_control_too():
    """Where a run may move (board_input.run_depths), a keyboard picks from its first card."""
    root = parse(board_svg(fake_layout(), "en", title="Board", interactive=True, runs={"t1": {2}, "t2": {5}}))
    controls = [(el.get("data-pile"), el.get("data-card"), el.get("tabindex"), el.get("aria-label"))
                for el in root.iter() if el.get("tabindex") is not None]
    assert controls[3:] == [("t1", "KD", "-1", "Tableau 1: King of diamonds"),
                            ("t1", "QH", "-1", "Tableau 1: Queen of hearts"),
                            ("t2", "JC", "-1", "pile t2: Jack of clubs")]  # no run of 5 in t2: its top card only
    # the picked pile's Tab stop is its top card
    root = parse(board_svg(fake_layout(), "en", title="Board", interactive=True, runs={"t1": {2}}, selected="t1"))
    assert [el.get("data-card") for el in root.iter() if el.get("tabindex") == "0"] == ["QH"]
    assert "tabindex" not in board_svg(fake_layout(), "en", title="Board", runs={"t1": {2}})


def test_highlight_marks_piles_and_draws_the_move_arrow():
    svg = board_svg(fake_layout(), "en", title="Board", highlight=Highlight.of(["t2"], move=("t1", "f1")),
                    id_prefix="x1")
    root = parse(svg)
    marked = {g.get("data-pile") for g in root.iter(SVG + "g") if "tutor-highlight" in g.get("class", "")}
    assert marked == {"t2"}
    arrow = next(g for g in root.iter(SVG + "g") if g.get("class") == "tutor-arrow")
    assert (arrow.get("data-from"), arrow.get("data-to")) == ("t1", "f1")
    assert next(arrow.iter(SVG + "line")).get("marker-end") == "url(#x1-arrowhead-move)"
    assert "tutor-highlight" not in board_svg(fake_layout(), "en", title="Board")


def test_a_move_marks_its_moving_cards_and_a_refused_one_is_drawn_refused():
    from tutor.engine import Move

    layout = fake_layout()
    for style, marker in (("move", True), ("forced", True), ("refused", False)):
        root = parse(board_svg(layout, "en", title="Board", highlight=Highlight.for_move(Move("t1", "t2"), style),
                               id_prefix="x2"))
        moving = [g for g in root.iter(SVG + "g") if g.get("data-moving") is not None]
        assert [(g.get("data-pile"), g.get("data-card")) for g in moving] == [("t1", "QH")]
        arrows = [g for g in root.iter(SVG + "g") if "tutor-arrow" in g.get("class", "").split()]
        assert len(arrows) == 1 and (arrows[0].get("data-from"), arrows[0].get("data-to")) == ("t1", "t2")
        assert ("tutor-arrow-refused" in arrows[0].get("class")) == (style == "refused")
        assert (next(arrows[0].iter(SVG + "line")).get("marker-end") is not None) == marker
        assert (len(list(arrows[0].iter(SVG + "path"))) == 1) == (style == "refused")  # the cross
    pair = parse(board_svg(layout, "en", title="Board", highlight=Highlight.for_move(Move("t1+t2", "f1")),
                           id_prefix="x3"))
    assert sorted(g.get("data-card") for g in pair.iter(SVG + "g") if g.get("data-moving") is not None) == ["JC", "QH"]
    run = parse(board_svg(layout, "en", title="Board", highlight=Highlight.for_move(Move("t2", "t1", 2)),
                          id_prefix="x4"))
    assert sorted(g.get("data-card") for g in run.iter(SVG + "g") if g.get("data-moving") is not None) == ["JC", "TD"]


def test_pile_summaries_number_shared_labels_and_count_hidden_cards():
    layout = fake_layout()
    assert pile_summary(layout[0], "en") == "Stock: face down (3 cards)"
    assert pile_summary(layout[1], "en") == "Waste: empty"
    assert pile_summary(layout[2], "en") == "Foundation 1: 2♥ on top (2 cards)"
    assert pile_summary(layout[3], "en") == "Tableau 1: K♦, Q♥ (1 face down)"
    assert pile_summary(layout[4], "en") == "pile t2: 10♦, J♣"
    assert "Tableau 1: K♦, D♥" in layout_text(layout, "de")


def test_figure_has_caption_and_text_alternative():
    html = figure_html(fake_layout(), "en", caption="Deal 7", alt="The start of a game.")
    assert "<figcaption>Deal 7</figcaption>" in html
    assert "<details" in html and "The start of a game." in html
    assert html.count("<li>") == len(fake_layout())
    assert 'aria-label="Deal 7"' in html


def test_text_is_escaped():
    html = figure_html(fake_layout(), "en", caption='<script>"x"</script>')
    assert "<script>" not in html
    assert buttons_html([("go", "<b>")]).count("<b>") == 0


def test_widget_root_starts_static_and_carries_the_localized_state_messages():
    html = widget_html("tutor-1", "deal: fortunes-favour 1", "de", "<p>body</p>")
    root = ET.fromstring(html)
    assert root.get("data-state") == "static"
    assert root.get("data-spec") == "deal: fortunes-favour 1"
    assert root.get("lang") == "de"
    assert root.get("data-msg-loading") == Text("ui", "The live view is loading…").render("de")
    assert root.get("data-msg-loading") != Text("ui", "The live view is loading…").render("en")
    # storage full or turned off: the page script says so once, in the page's language
    unsaved = Text("ui", "The browser's storage is full or turned off, so this game will not be kept after you "
                         "leave the page.")
    assert root.get("data-msg-unsaved") == unsaved.render("de") != unsaved.render("en")
    assert root.find("p").get("role") == "status"


def test_a_guided_example_has_a_skip_link_to_its_end_in_the_pages_language():
    html = widget_html("tutor-3", "scenario: x", "de", "<p>body</p>", {"data-scenario": "x"})
    root = ET.fromstring(html)
    (skip,) = [a for a in root.iter("a") if a.get("class") == "tutor-skip"]
    assert skip.text == Text("ui", "Skip this example").render("de") != Text("ui", "Skip this example").render("en")
    (end,) = [e for e in root.iter() if e.get("id") == "tutor-3-end"]
    assert skip.get("href") == "#tutor-3-end" and end.get("tabindex") == "-1"
    assert list(root).index(end) == len(root) - 1  # after the body and the live region: past everything
    plain = ET.fromstring(widget_html("tutor-4", "deal: fortunes-favour 1", "de", "<p>body</p>"))
    assert not [a for a in plain.iter("a")]  # one board, one stop: nothing to skip


def symbol_ids(root: ET.Element) -> list[str]:
    return [symbol.get("id") for symbol in root.iter(SVG + "symbol")]


def used_ids(root: ET.Element) -> set[str]:
    return {use.get("href").removeprefix("#") for use in root.iter(SVG + "use")}


def test_a_board_on_its_own_carries_the_symbols_of_exactly_its_cards():
    root = parse(board_svg(fake_layout(), "de", title="Brett", id_prefix="fig"))
    ids = symbol_ids(root)
    assert len(ids) == len(set(ids))
    assert set(ids) == used_ids(root) | {"fig-c-face"}
    assert set(ids) == {"fig-c-face", "fig-c-back", "fig-c-2H", "fig-c-KD", "fig-c-QH", "fig-c-TD", "fig-c-JC"}
    queen = next(s for s in root.iter(SVG + "symbol") if s.get("id") == "fig-c-QH")
    assert queen.get("class") == "tutor-red tutor-suit-h"  # its colour, and its suit for four-colour suits
    assert [t.text for t in queen.iter(SVG + "text")] == ["D♥", "♥", "D♥"]


def test_a_page_carries_every_card_symbol_once_outside_every_part_that_is_swapped_live():
    """Issue 16: one block of card faces per page, whatever its number of widgets and boards; the
    boards of every widget (and the live ones the engine swaps in) refer to it."""
    bodies = [figure_html(fake_layout(), "en", caption="Deal", id_prefix=f"tutor-{n}",
                          symbols=symbol_prefix(f"tutor-{n}")) for n in (4, 5)]
    assert all("<symbol" not in body for body in bodies)  # a board only refers to the page's symbols
    widgets = "".join(widget_html(f"tutor-{n}", "deal: fortunes-favour 1", "en", body)
                      for n, body in zip((4, 5), bodies, strict=True))
    assert "<symbol" not in widgets
    page = with_card_defs(f"<p>Rules</p>{widgets}", "en")
    root = ET.fromstring(f"<main>{page}</main>")
    (defs,) = [el for el in root if el.tag == SVG + "svg"]
    assert defs.get("aria-hidden") == "true" and "tutor-defs" in defs.get("class")
    ids = symbol_ids(defs)
    assert len(ids) == len(set(ids)) == 52 + 2  # every face, the back and the blank face
    assert used_ids(root) <= set(ids)
    # a live redraw may show any card: the page's symbols hold them all, in the page's language
    prefix = symbol_prefix("tutor-4")
    assert {f"{prefix}-{rank}{suit}" for rank in "A23456789TJQK" for suit in "SHDC"} < set(ids)
    german = ET.fromstring(with_card_defs(widgets, "de").split("</svg>", 1)[0] + "</svg>")
    queen = next(s for s in german.iter(SVG + "symbol") if s.get("id") == f"{prefix}-QH")
    assert [t.text for t in queen.iter(SVG + "text")] == ["D♥", "♥", "D♥"]
    assert with_card_defs("<p>no cards</p>", "en") == "<p>no cards</p>"


@pytest.mark.parametrize("lang,expected", [("en", "Ace of spades"), ("de", "Pik-Ass")])
def test_card_label(lang, expected):
    assert card_label(Card.parse("AS"), lang) == expected


def test_frames_other_than_the_current_one_are_hidden_and_carry_their_place():
    from tutor.web.render import frame_html

    shown = frame_html("w-0-0", 0, 0, "<figure></figure>", "Start", ["A & B"], current=True)
    later = frame_html("w-1-2", 1, 2, "<figure></figure>", "Step 2 of 3", ["x"], refused="Not <so>", term="stock")
    assert " hidden" not in shown and "A &amp; B" in shown
    assert later.count(" hidden") == 1 and 'data-track="1" data-frame="2"' in later and 'data-term="stock"' in later
    assert '<p class="tutor-refused">Not &lt;so&gt;</p>' in later


def test_guide_controls_work_without_the_engine_and_try_waits_for_it():
    from tutor.web.render import choice_buttons, guide_html

    labels = {"back": "Back", "next": "Next", "restart": "Restart", "try": "Try", "controls": "Steps"}
    html = guide_html("ff-x", "compare", "en", ["<div></div>"], choice_buttons("guide-track", [(0, "A"), (1, "B")], 0,
                                                                               "Ways"), labels)
    assert 'id="scenario-ff-x"' in html
    # on the first frame Back and Restart would do nothing: disabled until the reader moves on
    assert 'data-guide="back" disabled' in html and 'data-guide="restart" disabled' in html
    assert 'data-guide="next">' in html
    assert 'data-guide="try" disabled' in html and 'aria-live="polite"' in html
    single = guide_html("ff-x", "steps", "en", ["<div></div>"], "", labels, first_track_frames=1)
    assert 'data-guide="next" disabled' in single
    assert 'data-guide-track="0" aria-pressed="true"' in html and 'data-guide-track="1" aria-pressed="false"' in html
    assert "<noscript>" in html  # without JavaScript every frame shows


def test_play_view_lists_legal_moves_as_buttons_that_play_them():
    from tutor.web.render import play_html

    html = play_html("<figure></figure>", "Moved", "", [("undo", "Undo", False), ("hint", "Hint", True)],
                     [("t3-f1", "Move the 2♣ home")], "Legal moves:")
    assert '<button type="button" class="md-button tutor-button" data-action="undo" disabled>' in html
    assert 'data-action="hint">Hint' in html
    assert 'data-action="move" data-move="t3-f1">Move the 2♣ home</button>' in html
    assert "tutor-legal" not in play_html("<figure></figure>", "", "", [], None, "Legal moves:")


# --- the boards of the three games: labels in the game's words, the square the text describes ---

BOARD_LABELS = {
    # (game, variant): {lang: words every board of that game writes}
    ("fortunes-favour", ""): {"en": ["Stock", "Waste", "Foundations"] + [f"Pile {n}" for n in range(1, 13)],
                              "de": ["Vorrat", "Abwurfstapel", "Zielstapel"] + [f"Stapel {n}" for n in range(1, 13)]},
    # the columns stand close: "Column 1", then their numbers
    ("forty-thieves", ""): {"en": ["Stock", "Waste", "Foundations", "Column 1"] + [str(n) for n in range(2, 11)],
                            "de": ["Talon", "Ablagestapel", "Grundstapel", "Spalte 1"]
                                  + [str(n) for n in range(2, 11)]},
    ("queens-audience", ""): {"en": ["Stock", "Waste", "Antechamber", "Audience chamber: King and Queen", "Jacks"],
                              "de": ["Vorrat", "Abwurfstapel", "Vorzimmer", "Audienzsaal: König und Dame", "Buben"]},
    ("queens-audience", "round-hall"): {"en": ["Stock", "Waste", "Antechamber", "Audience chamber"],
                                        "de": ["Vorrat", "Abwurfstapel", "Vorzimmer", "Audienzsaal"]},
}


def captions(svg: str) -> list[str]:
    return [t.text for t in parse(svg).iter(SVG + "text") if "tutor-caption" in t.get("class", "")]


@pytest.mark.parametrize("game,variant", list(BOARD_LABELS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_board_labels_its_piles_in_the_games_words(game, variant, lang):
    svg = board_svg(get_rules(game, variant).deal(4).layout(), lang, title="Board")
    assert sorted(captions(svg)) == sorted(BOARD_LABELS[game, variant][lang])


def test_the_stock_shows_its_count_and_names_itself():
    pos = get_rules("fortunes-favour").deal(4)
    root = parse(board_svg(pos.layout(), "en", title="Board", interactive=True))
    stock = next(g for g in root.iter(SVG + "g") if g.get("data-pile") == "s" and g.get("role") == "button")
    assert stock.get("aria-label") == "Stock, 36 cards, face down"
    counts = [t.text for t in root.iter(SVG + "text") if t.get("class") == "tutor-count"]
    assert "36" in counts


def test_a_board_grows_by_one_line_of_captions_at_most():
    """The captions between rows fit in the gaps that were there; only the top row adds a line."""

    def height(svg: str) -> float:
        return float(parse(svg).get("viewBox").split()[3])

    for game in game_ids():
        layout = get_rules(game).deal(4).layout()
        plain = [PileView(v.id, v.kind, v.cards, v.x, v.y, v.face_down, v.fan, v.label) for v in layout]
        grown = height(board_svg(layout, "en", title="B")) - height(board_svg(plain, "en", title="B"))
        assert 0 < grown <= 16, game


def rendered_square(variant: str) -> dict[str, tuple[float, float]]:
    """Where each antechamber card is drawn: the x/y of its ``<use>`` in the SVG."""
    root = parse(board_svg(get_rules("queens-audience", variant).deal(2).layout(), "en", title="Board"))
    return {g.get("data-pile"): card_place(g) for g in root.iter(SVG + "g")
            if g.get("data-pile", "").startswith("r") and "tutor-card" in g.get("class", "")}


@pytest.mark.parametrize("variant", ["", "round-hall"])
def test_the_antechamber_is_a_hollow_square_four_cards_to_a_side(variant):
    """“16 offene Karten als hohles Quadrat, vier an jeder Seite … mit genug Platz in der Mitte für
    acht Karten.” (seed 001)"""
    square = rendered_square(variant)
    assert len(square) == 16
    xs, ys = sorted({x for x, _ in square.values()}), sorted({y for _, y in square.values()})
    left, right, top, bottom = xs[0], xs[-1], ys[0], ys[-1]
    sides = {
        "top": [p for p, (x, y) in square.items() if y == top],
        "bottom": [p for p, (x, y) in square.items() if y == bottom],
        "left": [p for p, (x, y) in square.items() if x == left],
        "right": [p for p, (x, y) in square.items() if x == right],
    }
    assert {side: len(piles) for side, piles in sides.items()} == {"top": 4, "bottom": 4, "left": 4, "right": 4}
    assert len(set().union(*sides.values())) == 16  # no card on two sides: the corners are open
    # room inside for eight cards: the hall's eight places lie within the square
    root = parse(board_svg(get_rules("queens-audience", variant).deal(2).layout(), "en", title="Board"))
    hall = [el for el in root.iter() if el.get("data-pile", "")[:1] in ("k", "j")
            and (el.get("class") == "tutor-empty" or "tutor-card" in el.get("class", ""))]
    assert {el.get("data-pile") for el in hall} == {f"{k}{n}" for k in "kj" for n in range(1, 5)}
    for el in hall:
        x, y = card_place(el) if el.tag == SVG + "g" else (float(el.get("x")), float(el.get("y")))
        assert left + 60 <= x and x + 60 <= right and top + 84 <= y and y + 84 <= bottom


def test_fortunes_favour_waste_lies_beside_the_stock_apart_from_the_foundations():
    views = {v.id: v for v in get_rules("fortunes-favour").deal(1).layout()}
    stock, waste, first = views["s"], views["w"], views["f1"]
    assert stock.y == waste.y == first.y and stock.x < waste.x < first.x
    gap_to_foundations = first.x - waste.x
    gap_between_foundations = views["f2"].x - first.x
    assert gap_to_foundations > waste.x - stock.x and gap_to_foundations > gap_between_foundations + 0.3


@pytest.mark.parametrize("game, variant", list(iter_variants()))
def test_every_board_keeps_its_corners_legible_in_a_phones_frame(game: str, variant: str) -> None:
    """Issue 24: at 390 px every board fits its frame (358 px on a page, 340 in a home page card)
    with card corners of at least 11 CSS px: a wide board is zoomed (its corners larger, its
    columns spread so that they show) and never wider than the largest corner allows."""
    from tutor.web.render.board import (
        CARD_H,
        FAN_DOWN_FACE_UP,
        INDEX_UNITS,
        LARGEST_INDEX_UNITS,
        LEGIBLE_CORNER_PX,
        NARROW_FRAME_PX,
        PAGE_FRAME_PX,
        corner_units,
        natural_width,
    )

    position = get_rules(game, variant).deal(1)
    for lang in LANGUAGES:
        html = figure_html(position.layout(), lang, caption="Deal 1")
        svg = ET.fromstring(html).find(".//" + SVG + "svg")
        width = float(svg.get("width"))
        assert width == pytest.approx(natural_width(position.layout(), lang))
        units = corner_units(width)
        assert INDEX_UNITS <= units <= LARGEST_INDEX_UNITS
        assert units * min(1.0, PAGE_FRAME_PX / width) >= LEGIBLE_CORNER_PX, (width, units)
        zoom = [c for c in svg.get("class").split() if c.startswith("tutor-zoom-")]
        assert zoom == ([f"tutor-zoom-{units}"] if units > INDEX_UNITS else [])
        if not variant:  # the home page shows each game's base board in a narrower card
            assert units * min(1.0, NARROW_FRAME_PX / width) >= LEGIBLE_CORNER_PX
        # a column's face-up cards lie far enough apart for the corner to show
        column = next((v for v in position.layout() if v.fan == "down" and len(v.cards) - v.face_down > 1), None)
        if column is not None:
            pile = next(g for g in svg.iter(SVG + "g") if g.get("data-pile") == column.id
                        and "tutor-pile" in (g.get("class") or ""))
            tops = [float(u.get("y")) for u in pile.iter(SVG + "use")]
            gaps = [b - a for a, b in pairwise(tops)]
            assert min(gaps[column.face_down:]) >= max(FAN_DOWN_FACE_UP * CARD_H, units + 3) - 1e-6


def test_forty_thieves_fits_its_ten_columns_and_sixty_thieves_its_twelve_foundations_in_two_rows() -> None:
    views = {v.id: v for v in get_rules("forty-thieves").deal(1).layout()}
    assert views["t10"].x - views["t1"].x == pytest.approx(9.0) and views["s"].x == views["t10"].x
    sixty = get_rules("forty-thieves", "sixty-thieves").deal(1).layout()
    foundations = [v for v in sixty if v.kind == "foundation"]
    assert len(foundations) == 12 and len({v.y for v in foundations}) == 2
    columns = [v for v in sixty if v.kind == "tableau"]
    assert max(v.x for v in sixty) == max(v.x for v in columns)  # nothing wider than the columns
    assert min(v.y for v in columns) > max(v.y for v in foundations) + 1


def test_frames_of_one_guide_draw_a_pile_they_show_alike_once_and_refer_to_it():
    """Issue 16: frames that share a board share its drawing. The first frame draws every pile
    (with an id); a later frame refers to each pile it shows exactly alike with one <use>, and
    draws itself what it marks (a highlighted pile, a moving card) or what changed."""
    from tutor.web.render import SharedPiles

    shared = SharedPiles('g"1')  # ids come from the page: escaped
    before, after = fake_layout(), fake_layout()
    after[1] = PileView("w", "waste", cards("5S"), 1.2, 0, label=Text("ui", "Waste"))  # the waste changed
    mark = Highlight(frozenset({"f1"}), moving=(("t1", 1),))
    first = parse(board_svg(before, "en", title="1", id_prefix="g-0", symbols="c", shared=shared))
    second = parse(board_svg(after, "en", title="2", id_prefix="g-1", symbols="c", shared=shared, highlight=mark))
    ids = {g.get("id"): g.get("data-pile") for g in first.iter(SVG + "g") if g.get("id")}
    assert len(ids) == len(before) and all(ident.startswith('g"1-p') for ident in ids)
    piles = {g.get("data-pile") for g in second if g.tag == SVG + "g" and "tutor-pile" in g.get("class", "")}
    refs = [ids[use.get("href").removeprefix("#")] for use in second if use.tag == SVG + "use"]
    assert piles == {"w", "f1", "t1"} and refs == ["s", "t2"]  # marked and changed piles drawn, the rest shared
    assert second.find(f".//{SVG}g[@data-moving]") is not None
    # a live board never shares: it stays whole (the page script and the keyboard work on it)
    live = parse(board_svg(after, "en", title="3", id_prefix="g-2", symbols="c", shared=shared, interactive=True))
    assert not [use for use in live if use.tag == SVG + "use"]
