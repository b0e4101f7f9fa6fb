"""Rule tests for Queen's Audience: each quotes the rule sentence of seed 001 (German) it checks,
plus the variants and the edge cases."""

from __future__ import annotations

import math

import pytest
from rules_checks import assert_illegal, codes

from tutor.cards import ALL_CARDS, Card
from tutor.engine import BadDeal, IllegalMove, Move, get_rules

GAME = "queens-audience"


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


def card_string(square: str, stock_top: str = "", stock_bottom: str = "") -> str:
    """Sixteen square cards (r1…r16), the stock starting (top) with ``stock_top`` and ending with
    ``stock_bottom``; the other cards fill the middle in pack order."""
    chosen = cards(square) + cards(stock_top) + cards(stock_bottom)
    rest = [c for c in ALL_CARDS if c not in chosen]
    return " ".join(c.code for c in cards(square) + cards(stock_top) + rest + cards(stock_bottom))


def position(square: str, stock_top: str = "", stock_bottom: str = "", variant: str = ""):
    return get_rules(GAME, variant).from_cards(card_string(square, stock_top, stock_bottom))




# No pair, no Jack with its Ace, nothing to build: a square that can do nothing by itself.
QUIET = "2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D 6D 7D 8D 9D"


def test_pinned_deal():
    """Deal N is the same everywhere: pinned by its card string."""
    assert get_rules(GAME).deal(1).card_string() == (
        "7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C AD 6S KC KH TH TS JS TD 8S QC 4S "
        "6C 7C AS 5C AH KS 6H QS QH QD 9D 3D 3S AC 4C 2H 8C TC 3H 2S 9H 7S")
    assert get_rules(GAME, "round-hall").deal(2).card_string().startswith("QH 3S 4C 5H 7H 2D KH TD AC")


def test_setup_sixteen_cards_as_a_hollow_square():
    """“Misch das Blatt und leg 16 Karten offen als Quadrat aus, vier an jeder Seite, mit genug
    Platz in der Mitte für acht Karten. Die übrigen 36 Karten kommen verdeckt als Vorrat daneben.”
    (r1–r4 the top row left to right, r5–r8 down the right side, r9–r12 the bottom row right to
    left, r13–r16 up the left side; the corners stay open.)"""
    text = card_string(QUIET, "TH")
    pos = get_rules(GAME).from_cards(text)
    assert [codes(pos.piles[f"r{i}"]) for i in range(1, 17)] == [[c] for c in QUIET.split()]
    assert len(pos.piles["s"]) == 36 and pos.piles["s"][-1].code == "TH"
    assert pos.card_string() == text
    for variant in ("", "round-hall"):
        views = {v.id: v for v in get_rules(GAME, variant).from_cards(text).layout()}
        sides = [[views[f"r{i}"] for i in range(first, first + 4)] for first in (1, 5, 9, 13)]
        top, right, bottom, left = sides
        assert len({v.y for v in top}) == 1 and [v.x for v in top] == sorted(v.x for v in top)
        assert len({v.x for v in right}) == 1 and [v.y for v in right] == sorted(v.y for v in right)
        assert len({v.y for v in bottom}) == 1 and [v.x for v in bottom] == sorted((v.x for v in bottom), reverse=True)
        assert len({v.x for v in left}) == 1 and [v.y for v in left] == sorted((v.y for v in left), reverse=True)
        # four on each side, the sides apart: the top and bottom rows lie between the side columns
        assert left[0].x < min(v.x for v in top) and max(v.x for v in top) < right[0].x
        assert top[0].y < min(v.y for v in right) and max(v.y for v in right) < bottom[0].y
        # the hall (eight places) lies inside the square; the stock and the waste beside it
        for pid in ("k1", "k2", "k3", "k4", "j1", "j2", "j3", "j4"):
            assert left[0].x < views[pid].x < right[0].x and top[0].y < views[pid].y < bottom[0].y
        assert views["s"].x > right[0].x and views["w"].x > right[0].x


def test_bad_card_string():
    """A card string of the wrong length is refused with the reason."""
    with pytest.raises(BadDeal, match="needs 52 card codes, this one has 16"):
        get_rules(GAME).from_cards(QUIET)


def test_every_square_card_is_free():
    """“Vorzimmer: … Jede dieser Karten ist jederzeit frei (darf gespielt werden).” — whichever
    place it has in the square."""
    square = "AS 2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D 6D 7D JS"
    pos = position(square)
    assert [str(m) for m in pos.legal_moves()] == ["r1+r16-j4"]


def test_only_the_waste_top_is_free():
    """“Abwurfstapel: … Frei ist nur seine oberste Karte.” — the A♠ under the J♠ is not free."""
    pos = position(QUIET, "AS JS")
    pos.play("s-w")
    pos.play("s-w")
    assert codes(pos.piles["w"]) == ["AS", "JS"]
    assert [str(m) for m in pos.legal_moves()] == ["s-w"]
    assert_illegal(pos, "w+w-j4", "a pair needs two different cards")


def test_king_and_queen_enter_together():
    """“König und Dame: Sobald König und Dame derselben Farbe beide frei sind, kommen sie zusammen
    in den Audienzsaal, die Dame auf den König. Dort bleiben sie bis zum Schluss.”"""
    pos = position(QUIET.replace("9D", "KH").replace("2C", "KS"), "QH")
    pos.play("s-w")
    assert "r16+w-k3" in map(str, pos.legal_moves())
    text = pos.describe("r16+w-k3")
    assert text.render("en") == "The K♥ and the Q♥ enter the audience chamber together, the Queen on the King"
    assert text.render("de") == "Der K♥ und die D♥ kommen zusammen in den Audienzsaal, die Dame auf den König"
    pos.play("r16+w-k3")
    assert codes(pos.piles["k3"]) == ["KH", "QH"]
    assert_illegal(pos, "k3-r16", "the Q♥ cannot leave the audience chamber")
    assert_illegal(pos, "k3-j3", "cannot leave the audience chamber: cards there stay to the end")
    # a King alone does not enter
    assert_illegal(pos, "r1-k4",
                   "the K♠ comes into the audience chamber only together with the Q♠, and the Q♠ is not free")


def test_a_pair_may_be_written_in_either_order():
    """The pair move names both cards; the other order is accepted and written the canonical way."""
    pos = position(QUIET.replace("9D", "KH").replace("9C", "QH"))
    assert pos.play("r8+r16-k3") == Move("r16+r8", "k3")
    assert str(pos.history[0].move) == "r16+r8-k3"


# The rules text gives no place in the audience chamber a suit: “König und Dame … kommen zusammen in
# den Audienzsaal”, “Bube und Ass … kommen sie in den Audienzsaal”. So a pair goes onto any empty
# place; the engine keeps one place per suit (k1–k4, j1–j4: clubs, diamonds, hearts, spades) and
# reads a drop on any empty place as the move to its suit's place.
ROYAL_HEARTS = QUIET.replace("9D", "KH").replace("9C", "QH")  # K♥ at r16, Q♥ at r8


@pytest.mark.parametrize("variant", ["", "kings-audience", "round-hall"])
@pytest.mark.parametrize("place", ["k1", "k2", "k3", "k4", "j1", "j2", "j3", "j4"])
def test_a_king_and_queen_dropped_anywhere_in_the_chamber_go_to_their_suits_place(place: str, variant: str):
    """“Sobald König und Dame derselben Farbe beide frei sind, kommen sie zusammen in den
    Audienzsaal”: onto whichever empty place they are dropped, they go to the place of their suit."""
    pos = position(ROYAL_HEARTS, variant=variant)
    legal = [str(m) for m in pos.legal_moves()]
    assert legal == (["r8+r16-k3"] if variant == "kings-audience" else ["r16+r8-k3"])  # listed once
    assert pos.is_legal(f"r16+r8-{place}") and pos.is_legal(f"r8+r16-{place}")
    assert str(pos.canonical(f"r8+r16-{place}")) == legal[0]
    pos.play(f"r16+r8-{place}")
    assert str(pos.history[0].move) == legal[0]
    assert sorted(codes(pos.piles["k3"])) == ["KH", "QH"]
    assert all(not pos.piles[pid] for pid in ("k1", "k2", "k4", "j1", "j2", "j3", "j4"))


@pytest.mark.parametrize("place", ["j1", "j2", "j3", "j4"])
def test_a_jack_and_ace_dropped_on_any_jack_place_go_to_their_suits_place(place: str):
    """“Bube und Ass: Sobald Bube und Ass derselben Farbe beide frei sind, kommen sie in den
    Audienzsaal, der Bube auf das Ass. Dieser Bube ist jetzt ein Zielstapel.”"""
    pos = position(QUIET.replace("2C", "AS").replace("9D", "JS"))
    assert [str(m) for m in pos.legal_moves()] == ["r1+r16-j4"]
    pos.play(f"r16+r1-{place}")
    assert str(pos.history[0].move) == "r1+r16-j4"
    assert codes(pos.piles["j4"]) == ["AS", "JS"]
    # a Jack and Ace are no pair of King and Queen: not onto a pair place
    pos = position(QUIET.replace("2C", "AS").replace("9D", "JS"))
    assert_illegal(pos, "r1+r16-k1", "the A♠ and the J♠ are not a King and Queen of one suit")
    assert_illegal(pos, "r1-k1", "the A♠ is neither a King nor a Queen: this place in the audience chamber takes a "
                                 "King and a Queen of one suit, together")


def test_a_place_once_taken_is_its_suits():
    """“Dort bleiben sie bis zum Schluss.”: a place that holds a pair, or a Jack on its Ace, is that
    suit's; another pair dropped there is refused, and the refusal says what lies there."""
    square = ROYAL_HEARTS.replace("2C", "KC").replace("3C", "QC").replace("4C", "AD").replace("5C", "JD")
    pos = position(square)
    pos.play("r1+r2-k1")  # the clubs pair
    pos.play("r3+r4-j1")  # the diamonds Jack on its Ace: to the diamonds place
    assert codes(pos.piles["j2"]) == ["AD", "JD"] and not pos.piles["j1"]
    message = assert_illegal(pos, "r16+r8-k1")
    assert message == ("this place in the audience chamber already holds the K♣ and the Q♣: "
                       "the K♥ and the Q♥ go onto an empty place")
    with pytest.raises(IllegalMove) as info:
        pos.play("r16+r8-k1")
    assert info.value.message("de") == ("Dieser Platz im Audienzsaal ist schon besetzt mit dem K♣ und der D♣: Der K♥ "
                                        "und die D♥ kommen auf einen freien Platz")
    message = assert_illegal(pos, "r16+r8-j2")
    assert message == "this foundation already holds the J♦: the K♥ and the Q♥ go onto an empty place"
    with pytest.raises(IllegalMove) as info:
        pos.play("r16+r8-j2")
    assert info.value.message("de") == ("Auf diesem Zielstapel liegt schon der B♦: Der K♥ und die D♥ kommen auf einen "
                                        "freien Platz")
    message = assert_illegal(pos, "r16-k1")
    assert message == "the K♥ cannot go there: this place in the audience chamber already holds the K♣ and the Q♣"
    # an empty place is still any pair's
    pos.play("r16+r8-k2")
    assert codes(pos.piles["k3"]) == ["KH", "QH"]


def test_one_card_of_a_pair_is_refused_naming_its_partner():
    """“kommen sie zusammen in den Audienzsaal”: one card alone never goes, and the refusal names the
    card it goes with (and says when that card is not free)."""
    pos = position(ROYAL_HEARTS.replace("2C", "AD").replace("3C", "KS"), stock_top="JD")
    cases = {
        "r16-k1": ("the K♥ comes into the audience chamber only together with the Q♥",
                   "Der K♥ kommt nur zusammen mit der D♥ in den Audienzsaal"),
        "r8-j1": ("the Q♥ comes into the audience chamber only together with the K♥",
                  "Die D♥ kommt nur zusammen mit dem K♥ in den Audienzsaal"),
        "r2-k4": ("the K♠ comes into the audience chamber only together with the Q♠, and the Q♠ is not free",
                  "Der K♠ kommt nur zusammen mit der D♠ in den Audienzsaal, und die D♠ ist nicht frei"),
        "r1-j2": ("the A♦ can only go onto a foundation together with the J♦, and the J♦ is not free",
                  "Das A♦ kommt nur zusammen mit dem B♦ auf einen Zielstapel, und der B♦ ist nicht frei"),
        "r3-k2": ("the 4♣ is neither a King nor a Queen: this place in the audience chamber takes a King and a Queen "
                  "of one suit, together",
                  "Die 4♣ ist weder König noch Dame: Auf diesen Platz im Audienzsaal kommen nur König "
                  "und Dame derselben Farbe, zusammen"),
    }
    for move, (english, german) in cases.items():
        assert assert_illegal(pos, move) == english
        with pytest.raises(IllegalMove) as info:
            pos.play(move)
        assert info.value.message("de") == german
    pos.play("r16+r8-k3")  # the spaces are filled from the stock: the J♦ comes to r8
    assert [str(m) for m in pos.legal_moves()] == ["r1+r8-j2"]
    assert assert_illegal(pos, "r8-j3") == "the J♦ can only go onto a foundation together with the A♦"
    with pytest.raises(IllegalMove) as info:
        pos.play("r8-j3")
    assert info.value.message("de") == "Der B♦ kommt nur zusammen mit dem A♦ auf einen Zielstapel"


def test_an_empty_place_shows_no_suit_a_taken_one_its_suit():
    """The rules text gives an empty place in the audience chamber no suit, so the board names none;
    a place a pair has taken is named with its suit."""
    square = ROYAL_HEARTS.replace("2C", "AS").replace("3C", "JS")
    for variant in ("", "round-hall"):
        pos = position(square, variant=variant)
        names = {v.id: v.label.render("de") for v in pos.layout()}
        assert [names[p] for p in ("k1", "k3", "j4")] == ["Audienzsaal", "Audienzsaal", "Zielstapel"]
        pos.play("r16+r8-k1")
        pos.play("r1+r2-j1")
        views = {v.id: v for v in pos.layout()}
        assert views["k3"].label.render("en") == "Audience chamber 3, hearts"
        assert views["k3"].label.render("de") == "Audienzsaal 3, Herz"
        assert views["j4"].label.render("en") == "Foundation 4, spades"
        assert views["j4"].label.render("de") == "Zielstapel 4, Pik"
        assert views["k1"].label.render("de") == "Audienzsaal" and views["j1"].label.render("de") == "Zielstapel"


def test_picking_one_card_of_a_pair_says_it_moves_with_its_partner():
    """The board (tutor.web.board_input, through the page's Session): picking the K♥ while the Q♥ is
    free says the two move together; the K♥ dropped on the first place in the audience chamber
    brings both to the hearts place."""
    from tutor.web.protocol import Session

    dealt = get_rules(GAME).deal(2)  # K♥ at r7, Q♥ at r1
    assert [str(m) for m in dealt.legal_moves()] == ["r7+r1-k3"]
    for lang, said in (("en", "You picked the K♥. It moves together with the Q♥. Now pick a place in the "
                              "audience chamber."),
                       ("de", "Du hast den K♥ gewählt. Die Karte kommt zusammen mit der D♥ in den Audienzsaal. "
                              "Wähl jetzt dort einen Platz.")):
        session = Session()
        assert session.handle({"widget": "b", "action": "open", "spec": f"play: {GAME}", "lang": lang})["ok"]
        started = session.handle({"widget": "b", "action": "start", "hash": "deal=2", "options": {"auto": False}})
        assert started["ok"]
        picked = session.handle({"widget": "b", "action": "pick", "pile": "r7", "card": "KH"})
        assert picked["ok"] and picked["message"].startswith(said), picked["message"]
        dropped = session.handle({"widget": "b", "action": "pick", "pile": "k1", "card": None})
        assert dropped["ok"] and "tutor-refused" not in dropped["html"]
        widget = session.widgets["b"][0]
        assert [str(e.move) for e in widget.position.history if not e.forced] == ["r7+r1-k3"]
        assert codes(widget.position.piles["k3"]) == ["KH", "QH"]
    # an Ace with its Jack: the pick names the Jack and an empty foundation
    from tutor.web.board_input import read_pick

    pos = position(QUIET.replace("2C", "AS").replace("9D", "JS"))
    assert read_pick(pos, None, "r1").text.render("en") == (
        "You picked the A♠. It moves together with the J♠. Now pick an empty foundation in the audience chamber.")
    assert read_pick(pos, None, "r16").text.render("de") == (
        "Du hast den B♠ gewählt. Die Karte kommt zusammen mit dem A♠ in den Audienzsaal. Wähl jetzt dort einen "
        "freien Zielstapel.")
    # a King whose Queen is not free picks as any card, and its drop says why it cannot go
    pos = position(QUIET.replace("3C", "KD"))
    assert read_pick(pos, None, "r2").text.render("en") == "You picked the K♦. Now pick the pile it should go to."


def test_only_king_and_queen_of_one_suit_pair():
    """“Sobald König und Dame derselben Farbe …”: K♥ with Q♠ is no pair."""
    pos = position(QUIET.replace("9D", "KH").replace("9C", "QS"))
    assert "k" not in "".join(m.dst[0] for m in pos.legal_moves())
    assert_illegal(pos, "r16+r8-k3", "are not a King and Queen of one suit")


def test_jack_and_ace_start_a_foundation():
    """“Bube und Ass: Sobald Bube und Ass derselben Farbe beide frei sind, kommen sie in den
    Audienzsaal, der Bube auf das Ass. Dieser Bube ist jetzt ein Zielstapel.”"""
    pos = position(QUIET.replace("2C", "AS").replace("9D", "JS"))
    assert "r1+r16-j4" in map(str, pos.legal_moves())
    pos.play("r16+r1-j4")  # the Jack named first: written Ace first
    assert codes(pos.piles["j4"]) == ["AS", "JS"]
    assert str(pos.history[0].move) == "r1+r16-j4"


def test_building_down_from_ten_to_two_with_free_cards():
    """“Absteigend aufbauen: Auf einen Buben im Audienzsaal legst du seine Farbe absteigend: die 10
    dieser Farbe, dann die 9 und so weiter bis zur 2. Spielen darfst du nur freie Karten.”"""
    square = "AS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2C 3C 4C 9H 8H"
    pos = position(square)
    assert_illegal(pos, "r3-j4", "the 10♠ cannot start this foundation")
    pos.play("r1+r2-j4")
    assert_illegal(pos, "r4-j4", "the 9♠ cannot go onto the J♠", "from 10 to 2")
    assert_illegal(pos, "r15-j4", "the 9♥ cannot go onto the J♠")
    for place in range(3, 12):
        pos.play(f"r{place}-j4")
    assert codes(pos.piles["j4"]) == ["AS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    assert_illegal(pos, "r12-j4", "this foundation is complete, down to the 2 of its suit")


def test_a_space_is_filled_at_once_from_the_waste():
    """“Lücken füllen: Eine Lücke im Vorzimmer füllst du sofort mit der obersten Karte des
    Abwurfstapels.”"""
    pos = position(QUIET.replace("9D", "JS"), "5H 6H AS")
    for _ in range(3):
        pos.play("s-w")
    assert codes(pos.piles["w"]) == ["5H", "6H", "AS"]
    pos.play("r16+w-j4")
    assert codes(pos.piles["j4"]) == ["AS", "JS"]
    assert codes(pos.piles["r16"]) == ["6H"] and codes(pos.piles["w"]) == ["5H"]
    assert [(str(e.move), e.forced) for e in pos.history[-2:]] == [("w+r16-j4", False), ("w-r16", True)]
    assert pos.undo() == Move("w+r16", "j4")
    assert codes(pos.piles["w"]) == ["5H", "6H", "AS"] and codes(pos.piles["r16"]) == ["JS"]


def test_a_space_while_the_waste_is_empty_takes_the_stock_top():
    """“Nur wenn der Abwurfstapel leer ist, kommt stattdessen die oberste Karte des Vorrats
    hinein.”"""
    pos = position(QUIET.replace("2C", "AS").replace("9D", "JS"), "5H 6H")
    pos.play("r1+r16-j4")
    assert codes(pos.piles["r1"]) == ["5H"] and codes(pos.piles["r16"]) == ["6H"]
    assert [str(e.move) for e in pos.history[-2:]] == ["s-r1", "s-r16"]
    # also when the move takes the waste's last card
    pos = position(QUIET.replace("9D", "JS"), "AS 7H")
    pos.play("s-w")
    pos.play("w+r16-j4")
    assert pos.piles["w"] == [] and codes(pos.piles["r16"]) == ["7H"]


def test_a_new_card_is_turned_only_when_nothing_else_goes():
    """“Es gibt keine Runden – du machst jeden Zug, der geht, in beliebiger Reihenfolge, und deckst
    erst eine neue Karte auf, wenn nichts mehr geht.”"""
    pos = position(QUIET.replace("2C", "AS").replace("9D", "JS"))
    assert [str(m) for m in pos.legal_moves()] == ["r1+r16-j4"]
    assert_illegal(pos, "s-w", "only when nothing else goes", "the A♠ and the J♠ can still enter together")
    pos.play("r1+r16-j4")
    assert [str(m) for m in pos.legal_moves()] == ["s-w"]
    with pytest.raises(IllegalMove) as info:
        position(QUIET.replace("2C", "AS").replace("9D", "JS")).play("s-w")
    assert "erst" in info.value.message("de")


def test_turning_a_card_when_nothing_goes():
    """“Nichts geht mehr: Deck die oberste Karte des Vorrats auf den Abwurfstapel auf. Passt sie
    irgendwo, spiel sie; sonst bleibt sie auf dem Abwurfstapel liegen.”"""
    pos = position(QUIET.replace("2C", "AS").replace("3C", "JS"), "9H 8H TS 5H")
    pos.play("r1+r2-j4")  # the two spaces take 9♥ and 8♥ from the stock
    assert_illegal(pos, "s-j4", "first turned onto the waste")
    pos.play("s-w")
    assert codes(pos.piles["w"]) == ["TS"]
    assert [str(m) for m in pos.legal_moves()] == ["w-j4"]
    pos.play("w-j4")
    assert codes(pos.piles["j4"]) == ["AS", "JS", "TS"]
    pos.play("s-w")
    assert codes(pos.piles["w"]) == ["5H"]  # fits nowhere: it stays on the waste
    assert [str(m) for m in pos.legal_moves()] == ["s-w"]


def test_square_cards_never_go_onto_each_other():
    """“Karten im Vorzimmer werden nie aufeinandergelegt – sie können nur in den Audienzsaal.”"""
    pos = position(QUIET)
    assert_illegal(pos, "r2-r1", "never go onto each other")
    pos.play("s-w")
    assert_illegal(pos, "w-r1", "cannot go into the antechamber: a space there is filled at once")


def test_the_worked_example():
    """“Im Bild oben sind K♥ und D♥ beide da, also kommen sie zusammen in den Audienzsaal. Auch B♠
    und A♠ sind da: Der B♠ kommt als erster Zielstapel auf das A♠, und die 10♠ folgt gleich. Jetzt
    gibt es fünf Lücken; der Abwurfstapel ist noch leer, also füllst du sie aus dem Vorrat. Der B♦
    muss warten, bis das A♦ auftaucht, die D♦, bis der K♦ kommt.”"""
    square = "KH 2C QH 3C JS 4C AS 5C TS 6C JD 7C QD 8C 9C 2D"
    pos = position(square, "3H 4H 5H 6H 7H")
    pos.play("r1+r3-k3")
    pos.play("r7+r5-j4")
    pos.play("r9-j4")
    assert codes(pos.piles["k3"]) == ["KH", "QH"] and codes(pos.piles["j4"]) == ["AS", "JS", "TS"]
    assert [codes(pos.piles[r]) for r in ("r1", "r3", "r5", "r7", "r9")] == [
        ["3H"], ["4H"], ["5H"], ["6H"], ["7H"]]
    assert all(e.forced and e.move.src == "s" for e in pos.history if e.move.dst.startswith("r"))
    assert [str(m) for m in pos.legal_moves()] == ["s-w"]  # J♦ waits for A♦, Q♦ for K♦


def test_one_pass_and_lost_when_nothing_fits():
    """“Du gehst nur einmal durch den Vorrat – kein neuer Durchgang.” — “Ist der Vorrat
    aufgebraucht und passt nichts mehr, ist die Patience nicht aufgegangen.”"""
    pos = position(QUIET, stock_bottom="TH")
    for _ in range(35):
        pos.play("s-w")
        assert not pos.is_lost()
    pos.play("s-w")  # the last stock card
    assert pos.piles["s"] == [] and pos.piles["w"][-1].code == "TH"
    assert_illegal(pos, "s-w", "the stock is used up")
    assert_illegal(pos, "w-s", "only once")
    assert pos.legal_moves() == [] and pos.is_lost() and not pos.is_won()


def test_won_when_all_52_cards_are_in_the_hall():
    """“Du hast gewonnen, wenn alle 52 Karten im Audienzsaal liegen: vier Königspaare und vier
    Buben, auf jedem seine Farbe von der 10 bis zur 2.”"""
    square = "AC JC AD JD AH JH AS JS KC QC KD QD KH QH KS QS"
    stock = " ".join(f"{r}{s}" for r in "T98765432" for s in "CDHS")
    pos = get_rules(GAME).from_cards(f"{square} {stock}")
    steps = 0
    while not pos.is_won():
        moves = [m for m in pos.legal_moves() if m.dst[0] in "kj"]
        pos.play(moves[0] if moves else "s-w")
        steps += 1
        assert steps < 200
    assert all(len(pos.piles[k]) == 2 for k in ("k1", "k2", "k3", "k4"))
    assert all(len(pos.piles[j]) == 11 and pos.piles[j][-1].rank == 2 for j in ("j1", "j2", "j3", "j4"))
    assert not pos.is_lost() and pos.legal_moves() == []
    # a space stays empty once waste and stock are empty
    assert all(pos.piles[f"r{i}"] == [] for i in range(1, 17))


def test_german_reasons_use_the_games_words():
    """German messages say Vorzimmer, Audienzsaal, Zielstapel, Vorrat, Abwurfstapel, Lücke."""
    pos = position(QUIET)
    with pytest.raises(IllegalMove) as info:
        pos.play("r2-r1")
    assert info.value.message("de") == ("Die 3♣ kann nicht auf die 2♣: Karten im Vorzimmer werden nie "
                                        "aufeinandergelegt – sie können nur in den Audienzsaal")
    assert pos.describe("s-w").render("de") == "Deck die oberste Karte des Vorrats auf den Abwurfstapel auf"
    labels = {v.id: v.label.render("de") for v in pos.layout()}
    assert (labels["r1"], labels["k1"], labels["j1"], labels["s"], labels["w"]) == (
        "Vorzimmer", "Audienzsaal", "Zielstapel", "Vorrat", "Abwurfstapel")


# --- variants ---------------------------------------------------------------------------------
def test_kings_audience_puts_the_king_on_the_queen():
    """King's Audience: “Der König kommt auf die Dame statt umgekehrt. Am Spiel ändert das
    nichts”."""
    text = card_string(QUIET.replace("9D", "KH").replace("9C", "QH"))
    pos = get_rules(GAME, "kings-audience").from_cards(text)
    assert [str(m) for m in pos.legal_moves()] == ["r8+r16-k3"]
    assert pos.describe("r8+r16-k3").render("en") == (
        "The Q♥ and the K♥ enter the audience chamber together, the King on the Queen")
    pos.play("r16+r8-k3")
    assert codes(pos.piles["k3"]) == ["QH", "KH"]
    # the same play as the base game, deal by deal
    for number in range(20):
        base, kings = get_rules(GAME).deal(number), get_rules(GAME, "kings-audience").deal(number)
        for _ in range(60):
            base_moves, king_moves = base.legal_moves(), kings.legal_moves()
            assert len(base_moves) == len(king_moves)
            if not base_moves:
                break
            base.play(base_moves[0])
            kings.play(kings.canonical(str(base_moves[0])))
        assert base.is_won() == kings.is_won()


def test_round_hall_lays_the_pairs_in_a_circle():
    """Runder Saal: “die Paare im Kreis aus – Herz oben, Karo unten, Pik links, Kreuz rechts, die
    Buben dazwischen.”"""
    pos = get_rules(GAME, "round-hall").deal(4)
    views = {v.id: v for v in pos.layout()}
    hearts, diamonds, spades, clubs = views["k3"], views["k2"], views["k4"], views["k1"]
    assert hearts.y < min(v.y for v in (diamonds, spades, clubs))
    assert diamonds.y > max(v.y for v in (hearts, spades, clubs))
    assert spades.x < min(v.x for v in (hearts, diamonds, clubs))
    assert clubs.x > max(v.x for v in (hearts, diamonds, spades))
    centre = ((spades.x + clubs.x) / 2, (hearts.y + diamonds.y) / 2)

    def angle(view) -> float:
        return math.degrees(math.atan2(view.x - centre[0], centre[1] - view.y)) % 360

    order = sorted(("k1", "k2", "k3", "k4", "j1", "j2", "j3", "j4"), key=lambda pid: angle(views[pid]))
    # pairs and Jacks alternate round the circle
    assert [pid[0] for pid in order] in (list("kjkjkjkj"), list("jkjkjkjk"))
    # same play as the base game
    base = get_rules(GAME).deal(4)
    assert [str(m) for m in pos.legal_moves()] == [str(m) for m in base.legal_moves()]


def test_one_redeal_turns_the_waste_over_unshuffled():
    """Ein neuer Durchgang: “Ist der Vorrat aufgebraucht, dreh den Abwurfstapel um (ohne zu
    mischen) und geh noch einmal durch.”"""
    pos = position(QUIET, "TH JH", "5H", variant="one-redeal")
    assert_illegal(pos, "w-s", "only when the stock is used up")
    first = []
    for _ in range(36):
        pos.play("s-w")
        first.append(pos.piles["w"][-1])
    assert not pos.is_lost() and "w-s" in map(str, pos.legal_moves())
    pos.play("w-s")
    assert pos.counters["passes"] == 2 and pos.piles["s"][-1].code == "TH"
    second = []
    for _ in range(36):
        pos.play("s-w")
        second.append(pos.piles["w"][-1])
    assert second == first
    assert_illegal(pos, "w-s", "the second pass has been used")
    assert pos.is_lost()
    pos.undo()
    pos.undo()
    assert len(pos.piles["s"]) == 2 and pos.counters["passes"] == 2


def test_unknown_variant():
    with pytest.raises(Exception, match="has no variant"):
        get_rules(GAME, "square-hall")
